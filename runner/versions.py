"""The project's version (pyproject.toml) and commit, stamped into results files and exports."""

from __future__ import annotations

import functools
import subprocess
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def project_info() -> dict[str, Any]:
    """{'name', 'version', 'commit'}; commit is None outside a git checkout (an exported grader)."""
    name, version = "plc-plant-sim", "unknown"
    try:
        data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        name = data["project"]["name"]
        version = data["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    commit = None
    if (ROOT / ".git").exists():
        try:
            done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                                  text=True, timeout=10)
            commit = done.stdout.strip() or None if done.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            commit = None
    return {"name": name, "version": version, "commit": commit}
