#!/usr/bin/env bash
# Installs the Debian packages the GUI smoke tests need (a virtual X display and Mesa's
# software OpenGL). Skipped when they are already there; needs root (as on CI) otherwise.
set -euo pipefail
need=()
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v xauth >/dev/null 2>&1 || need+=(xauth)   # xvfb-run needs it
[ -e /usr/lib/x86_64-linux-gnu/libGL.so.1 ] || [ -e /usr/lib/aarch64-linux-gnu/libGL.so.1 ] || need+=(libgl1 libgl1-mesa-dri)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "system-deps: missing ${need[*]}; install them (apt-get install ${need[*]}) or the GUI tests will be skipped" >&2
  exit 0
fi
echo "system-deps: installing ${need[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
