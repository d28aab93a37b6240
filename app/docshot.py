"""Regenerate the screenshots in docs/debugging.md (needs a display: run under Xvfb).

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python -m app.docshot [docs/img]

Writes, in that folder:
- debugger.png: MAT-M04 with the counterexample that sends kind B parts to pusher 1; the run
  breaks on the violation, a breakpoint on the kind decision and a rewind show the scan where the
  wrong decision is taken, with the watches and the plot beside it;
- debugger-trace.png: the plot panel after that violation: the rule's signals plotted without
  being asked, number lanes fitted to their data (belt_speed), a variable plotted late with its
  history from scan 0 (Kind), the run's future faded after a rewind, the cursor readout;
- debugger-online.png: the source view in online mode, paused at a conditional breakpoint, live
  values inline (a TON by its outputs, TIME as T#...);
- debugger-failed.png: a condition that completes but breaks a rule (MAT-E01-S2): the status
  line says FAILED, and below it the Condition menu with every condition's verdict (grade all).
"""

from __future__ import annotations

import sys
from pathlib import Path


def _open(task, program, condition, size):
    from app.loading import load_debugger
    from app.main import DebuggerApp

    d = load_debugger(task, program, condition)
    return d, DebuggerApp(d, size=size, watch_file=False, layout_file=None)


def _frames(app, n=6):
    for _ in range(n):
        app.frame()


def _crop(app, panel: str, path: Path, extra: tuple[str, ...] = ()) -> None:
    """Save one panel (and any `extra` ones, as the box around them all) of the last frame."""
    import pygame

    full = path.with_suffix(".full.png")
    app.screenshot(str(full))
    img = pygame.image.load(str(full))
    full.unlink()
    boxes = [app.panel_rects[n] for n in (panel, *extra)]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    rect = pygame.Rect(int(x0), int(y0), int(x1 - x0), int(y1 - y0)).clip(img.get_rect())
    pygame.image.save(img.subsurface(rect), str(path))


def _hover(app, x, y):
    pg = app.pygame
    pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))


def main_shot(out: Path) -> str:
    d, app = _open("MAT-M04", "tasks/mat_m04/counterexamples/MAT-M04-S1.st", "chute_full", (1600, 960))
    try:
        d.plot_signals = ["eye_p1", "p1_extend", "belt_run", "insp_valid", "insp_kind"]
        app.frame()
        d.continue_to_break()                     # breaks on the violation of MAT-M04-S1
        violation_scan = d.first_violation()[0]
        d.plot_signals = ["eye_p1", "p1_extend", "belt_run", "insp_valid", "insp_kind"]
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
        _frames(app)
        app.screenshot(str(out))
        return f"paused at line {d.current_line}, {d.scan_status()}"
    finally:
        app.close()


def trace_shot(out: Path) -> str:
    d, app = _open("MAT-M04", "tasks/mat_m04/counterexamples/MAT-M04-S1.st", "chute_full", (1600, 1000))
    try:
        d.plot_signals = ["belt_run", "insp_kind"]
        app.plant_share = 0.36                    # a taller plot panel for this picture
        app.frame()
        d.continue_to_break()                     # the rule's signals join the plot by themselves
        auto = [n for n in d.plot_signals if n not in ("belt_run", "insp_kind")]
        d.plot_signals = ["belt_run", "eye_p1", *[n for n in auto if n.startswith("p1_ext")], "insp_kind"]
        d.add_plot("Kind")                        # plotted late: its history re-simulated from scan 0
        d.plot_signals.insert(0, "belt_speed")    # a number lane fitted to its data (not 0..1)
        violation = d.first_violation()[0]
        d.rewind(violation - 120)                 # back 1.2 s: the rest of the run stays, faded
        app.focus = "Plot"
        _frames(app, 4)
        x, y, w, h = app.panel_rects["Plot"]
        t_hover = 0.62                            # while the inspection reports kind 2
        lo, hi = app._plot_xrange
        _hover(app, x + 110 + (w - 130) * (t_hover - lo) / max(1e-6, hi - lo), y + h * 0.45)
        _frames(app, 4)
        _crop(app, "Plot", out)
        return f"{len(d.plot_signals)} signals, cursor at {d.scan_status()}"
    finally:
        app.close()


def online_shot(out: Path) -> str:
    d, app = _open("MAT-M04", "tasks/mat_m04/counterexamples/MAT-M04-S1.st", "chute_full", (1600, 1000))
    try:
        app.frame()
        line = next(n for n, text in enumerate(d.source.splitlines(), 1) if "Kind = 1 OR Kind = 2" in text)
        d.set_breakpoint_condition(line, "Kind = 2")
        d.continue_to_break()                     # stops only where a kind B part is decided
        app.focus = "Source"
        app._scroll_to_line = line
        app.park_mouse()
        _frames(app)
        _crop(app, "Source", out)
        return d.message
    finally:
        app.close()


def failed_shot(out: Path) -> str:
    """The status line (Controls panel) above the Condition menu opened on every verdict."""
    import pygame

    d, app = _open("MAT-E01", "tasks/mat_e01/counterexamples/MAT-E01-S2.st", "present_at_start", (1280, 800))
    try:
        d.break_on_violation = False
        app.frame()
        d.continue_to_break()                     # completes, but breaks MAT-E01-S2 on the way
        grades = app._grades()
        grades.start()
        while grades.busy:
            grades.work(1.0)
        app.focus = "Verdict"
        app.park_mouse()
        _frames(app, 3)
        status = out.with_suffix(".status.png")
        _crop(app, "Controls", status)
        x, y, w, h = app.panel_rects["menu Condition"]
        pg = app.pygame
        at = (int(x + w / 2), int(y + h / 2))
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=at, button=1))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=at, button=1))
        _frames(app, 4)
        menu = out.with_suffix(".menu.png")
        _crop(app, "menu Condition open", menu)
        top, bottom = pygame.image.load(str(status)), pygame.image.load(str(menu))
        width = max(top.get_width(), bottom.get_width())
        sheet = pygame.Surface((width, top.get_height() + bottom.get_height() + 8))
        sheet.fill((30, 30, 34))
        sheet.blit(top, (0, 0))
        sheet.blit(bottom, (0, top.get_height() + 8))
        pygame.image.save(sheet, str(out))
        status.unlink()
        menu.unlink()
        return d.outcome()[1]
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else Path("docs/img")
    if folder.suffix == ".png":  # the old form named the main picture
        folder = folder.parent
    folder.mkdir(parents=True, exist_ok=True)
    for name, shot in (("debugger.png", main_shot), ("debugger-trace.png", trace_shot),
                       ("debugger-online.png", online_shot), ("debugger-failed.png", failed_shot)):
        out = folder / name
        print(f"wrote {out}: {shot(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
