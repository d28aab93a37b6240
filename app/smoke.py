"""Open the real window on a task, drive it for a few frames, save screenshots (GUI smoke test).

    python -m app.smoke --task MAT-E01 --out /tmp/shots [--frames 20] [--size 1600x960]

Needs a display (run it under `xvfb-run -a`). Writes <task>-start.png (paused at scan 0)
and <task>-running.png (after running flat out for a while), prints one line per picture.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.smoke")
    ap.add_argument("--task", required=True)
    ap.add_argument("--program")
    ap.add_argument("--condition")
    ap.add_argument("--out", required=True)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--size", default="1600x960")
    args = ap.parse_args(argv)
    from app.loading import LoadError, load_debugger
    from app.main import SPEEDS, DebuggerApp, WindowError

    try:
        d = load_debugger(args.task, args.program, args.condition)
    except LoadError as exc:
        print(f"smoke: {exc}", file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.size.lower().split("x"))
    try:
        app = DebuggerApp(d, size=(w, h), watch_file=False, layout_file=None)
    except WindowError as exc:
        print(f"smoke: no window: {exc}", file=sys.stderr)
        return 3
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        app.park_mouse()
        for _ in range(max(3, args.frames // 2)):
            app.frame()
        start = out / f"{d.task.id}-start.png"
        app.screenshot(str(start))
        print(f"{start} scan {d.scan} state {d.state}")
        app.speed_index = len(SPEEDS) - 1  # as fast as possible
        d.break_on_violation = False
        d.start_running()
        for _ in range(max(3, args.frames)):
            app.frame()
        running = out / f"{d.task.id}-running.png"
        app.screenshot(str(running))
        print(f"{running} scan {d.scan} state {d.state}")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
