#!/bin/sh
# Remake docs/img/trace-gtkwave.png: the trace of a failing MAT-E01 run opened in GTKWave under Xvfb.
# Needs the Debian packages gtkwave, xvfb, x11-apps (xwd) and imagemagick (convert); run from the repo root.
set -eu
PY=${PY:-.venv/bin/python}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$PY" main.py --headless --task MAT-E01 --program tasks/mat_e01/counterexamples/MAT-E01-S2.st \
    --condition late_slow_grip --trace "$OUT" --trace-vars Gripping --quiet >/dev/null || true
cat > "$OUT/view.tcl" <<'TCL'
gtkwave::addSignalsFromList [list MAT_E01.nest_eye.part_in_nest MAT_E01.gripper.jaws_open \
    MAT_E01.gripper.part_held MAT_E01.gripper.close_gripper MAT_E01.secured_lamp.part_secured \
    MAT_E01.program.Gripping MAT_E01.safety.MAT-E01-S2 MAT_E01.completion.steps_done MAT_E01.completion.done]
gtkwave::/Time/Zoom/Zoom_Full
gtkwave::setMarker 2330
TCL
printf '[size] 1200 400\n[pos] 0 0\n' > "$OUT/view.gtkw"
cd "$OUT"
xvfb-run -a -s "-screen 0 1200x400x24" sh -c \
    'gtkwave --rcvar "hide_sst on" --rcvar "splash_disable on" -S view.tcl late_slow_grip.vcd view.gtkw \
         >gtkwave.log 2>&1 & sleep 6; xwd -root -silent > shot.xwd; kill $! 2>/dev/null || true'
cd - >/dev/null
convert "$OUT/shot.xwd" docs/img/trace-gtkwave.png
echo "wrote docs/img/trace-gtkwave.png"
