"""Regenerate the screenshot in docs/debugging.md (needs a display: run under `xvfb-run -a`).

    xvfb-run -a .venv/bin/python -m app.docshot docs/img/debugger.png

The story of the docs: MAT-M04 with the counterexample that sends kind B parts to pusher 1;
the run breaks on the violation, a breakpoint on the kind decision and a rewind show the
scan where the wrong decision is taken, with the watches and the plot beside it.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "docs/img/debugger.png"
    from app.loading import load_debugger
    from app.main import DebuggerApp

    d = load_debugger("MAT-M04", "tasks/mat_m04/counterexamples/MAT-M04-S1.st", "chute_full")
    app = DebuggerApp(d, size=(1600, 960), watch_file=False, layout_file=None)
    try:
        app.plot_io = ["eye_p1", "p1_extend", "belt_run", "insp_valid", "insp_kind"]
        app.frame()
        d.continue_to_break()                     # breaks on the violation of MAT-M04-S1
        violation_scan = d.first_violation()[0]
        line = next(n for n, text in enumerate(d.source.splitlines(), 1) if "Kind = 1 OR Kind = 2" in text)
        d.toggle_breakpoint(line)
        for w in ("Kind", "Q1Count", "Pending1", "Kind = 2 AND EyeP1"):
            d.add_watch(w)
        d.add_plot("Kind")
        d.rewind(-1)                              # the start, before scan 0
        while True:                               # the last decision before the violation
            d.continue_to_break()
            if d.current_line != line or d.scan >= violation_scan:
                break
            if d.read("Kind") == 2:
                break
        app.focus = "Watch"
        app.park_mouse()
        for _ in range(6):
            app.frame()
        app.screenshot(out)
        print(f"wrote {out}: paused at line {d.current_line}, {d.scan_status()}; {d.message}")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
