"""Open the real window on a task, drive it for a few frames, save screenshots (GUI smoke test).

    python -m app.smoke --task MAT-E01 [MOT-E02 ...] --out /tmp/shots [--frames 20] [--size 1600x960]

Needs a display (run it under `xvfb-run -a`). Writes <task>-start.png (paused at scan 0)
and <task>-running.png (after running flat out for a while), prints one line per picture.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.smoke")
    ap.add_argument("--task", required=True, nargs="+",
                    help="one task id, or several: each opens in turn in this one process "
                         "(its lines follow a 'task: ID' line)")
    ap.add_argument("--program")
    ap.add_argument("--condition")
    ap.add_argument("--out", required=True)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--size", default="1600x960")
    ap.add_argument("--idle-seconds", type=float, default=0.0,
                    help="then leave the window paused this long and print the process CPU time it used")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if len(args.task) == 1:
        return smoke_one(args, args.task[0], out)
    worst = 0
    for task_id in args.task:
        print(f"task: {task_id}", flush=True)
        try:
            rc = smoke_one(args, task_id, out)
        except Exception:  # one task's failure must not hide the others' results
            traceback.print_exc()
            print(f"error: {task_id} raised (traceback on stderr)", flush=True)
            rc = 1
        print(f"exit: {rc}", flush=True)
        if rc == 3:  # no OpenGL window: the next task will not get one either
            return 3
        worst = max(worst, rc)
    return worst


def smoke_one(args, task_id: str, out: Path) -> int:
    from app.loading import LoadError, load_debugger
    from app.main import SPEEDS, DebuggerApp, WindowError

    try:
        from app.loading import find_task, read_program

        # Debug a copy of the program, so the test can edit it and watch the window reload it.
        text, _ = read_program(find_task(task_id), args.program)
        copy = out / f"{task_id}-program.st"
        copy.write_text(text, encoding="utf-8")
        d = load_debugger(task_id, str(copy), args.condition)
    except LoadError as exc:
        print(f"smoke: {exc}", file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.size.lower().split("x"))
    try:
        app = DebuggerApp(d, size=(w, h), watch_file=True, layout_file=None)
    except WindowError as exc:
        print(f"smoke: no window: {exc}", file=sys.stderr)
        return 3
    try:
        app.park_mouse()
        for _ in range(max(3, args.frames // 2)):
            app.frame()
        start = out / f"{d.task.id}-start.png"
        app.screenshot(str(start))
        print(f"{start} {d.scan_status()} state {d.state}")
        print("interact: " + interact(app))
        app.speed_index = len(SPEEDS) - 1  # as fast as possible
        d.break_on_violation = False
        d.start_running()
        for _ in range(max(3, args.frames)):
            app.frame()
        running = out / f"{d.task.id}-running.png"
        app.screenshot(str(running))
        print(f"{running} {d.scan_status()} state {d.state}")
        print("online: " + online(app))
        online_shot = out / f"{app.d.task.id}-online.png"
        app.park_mouse()
        for _ in range(3):
            app.frame()
        app.screenshot(str(online_shot))
        print(f"{online_shot} {app.d.scan_status()} state {app.d.state}")
        r = app.timeline_rect
        seen = r and r[3] <= min(h, app.controls_bottom) and r[2] <= w
        print(f"timeline: {'on screen' if seen else f'cut off: {r}, controls end at {app.controls_bottom}'}")
        if args.idle_seconds:
            print("idle: " + idle(app, args.idle_seconds))
    finally:
        app.close()
    return 0


def online(app) -> str:
    """Draw the finished debugger's new parts: the trace after a rewind (its future faded), a
    variable plotted late, inline values, a conditional breakpoint, the program chooser, the
    condition grades. Returns 'ok' or what did not work."""
    d = app.d
    if not d.compiled:
        return "skipped (the program does not compile)"
    problems = []
    d.pause_run()
    far = d.furthest_scan or 0
    if far > 20:
        d.rewind(far // 2)
        if not d.signal_future(d.plot_signals[0])[0]:
            problems.append("no future trace after a rewind")
    var = next((n.path for n in d.variables()
                if not n.children and isinstance(n.value, (bool, int, float))), None)
    if var is not None:
        err = d.add_plot(var)
        if err:
            problems.append(f"plotting {var}: {err}")
        elif len(d.signal_history(var)[0]) != d.scans_done:
            problems.append(f"{var} plotted late has no history from scan 0")
    problems += plot_clicks(app)
    app.inline_values = True
    line = min(d.breakable_lines())
    if d.set_breakpoint_condition(line, "TRUE", 2):
        problems.append("a breakpoint condition was refused")
    grades = app._grades()
    grades.start()
    for _ in range(4):
        app.frame()
    app.ask_for_program(None)
    for _ in range(3):
        app.frame()
    app.pygame.event.post(app.pygame.event.Event(app.pygame.KEYDOWN, key=app.pygame.K_ESCAPE, mod=0,
                                                 unicode="", scancode=0))
    for _ in range(3):
        app.frame()
    d.toggle_breakpoint(line)
    return "ok" if not problems else "; ".join(problems)


def plot_clicks(app) -> list[str]:
    """A click inside the trace only zooms and pans: it must not move the run; a click on its time
    axis goes to that time."""
    pg, d = app.pygame, app.d
    for _ in range(3):
        app.frame()
    if "Plot" not in app.panel_rects or app.d.furthest_scan is None:
        return []
    x, y, w, h = app.panel_rects["Plot"]
    lo, hi = app._plot_xrange

    def click(px, py):
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=(int(px), int(py)), rel=(0, 0), buttons=(0, 0, 0)))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=(int(px), int(py)), button=1))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=(int(px), int(py)), button=1))
        app.frame()
        app.frame()

    before = d.scans_done
    click(x + w * 0.3, y + h * 0.6)
    problems = []
    if d.scans_done != before:
        problems.append(f"a click inside the plot moved the run (scan {before - 1} -> {d.scan})")
    axis = app._time_axis_rect
    if axis is None:
        return problems + ["the plot drew no time axis"]
    ax, ay, aw, ah = axis
    click(ax + aw * 0.3, ay + ah / 2)  # the tick labels of the time axis
    if d.scans_done == before:
        problems.append(f"a click on the plot's time axis did not go there (range {lo:.2f}..{hi:.2f} s)")
    return problems


def idle(app, seconds: float) -> str:
    """Leave the window paused and count the CPU time the process uses (llvmpipe renders in it)."""
    import time

    app.d.pause_run()
    app.grades = None
    app.park_mouse()
    app.run(max_seconds=0.8, close=False)          # let the last input settle
    drawn = app.pacer.frames_drawn
    cpu0, t0 = time.process_time(), time.perf_counter()
    app.run(max_seconds=seconds, close=False)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    return (f"{cpu:.3f} s CPU in {wall:.1f} s paused ({100 * cpu / wall:.1f}% of a core), "
            f"{app.pacer.frames_drawn - drawn} frames drawn")


def interact(app) -> str:
    """Drive the window like a user (keys, gutter click, panel button) and check the model
    reacted; returns 'ok' or what did not work."""
    pg = app.pygame
    d = app.d
    problems = []

    def key(k, mod=0):
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        app.frame()
        pg.event.post(pg.event.Event(pg.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        app.frame()

    def click(x, y):
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        app.frame()
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=(x, y), button=1))
        app.frame()
        app.park_mouse()
        app.frame()

    if not d.compiled:
        return "skipped (the program does not compile)"
    key(pg.K_F11)
    if not d.in_scan or d.current_line is None:
        problems.append("F11 did not start a scan at its first statement")
    first = d.current_line
    key(pg.K_F10)
    if d.in_scan and d.current_line == first:
        problems.append("F10 did not step")
    key(pg.K_F6)
    if d.in_scan or d.scan != 0:
        problems.append(f"F6 did not finish scan 0 ({d.scan_status()})")
    line = min((n for n in app.gutter_pos if n in d.breakable_lines()), default=None)
    if line is None:
        problems.append("no breakable line visible in the source view")
    else:
        click(*app.gutter_pos[line])
        if line not in d.breakpoints:
            problems.append(f"clicking the gutter of line {line} set no breakpoint")
        click(*app.gutter_pos[line])
        if line in d.breakpoints:
            problems.append("a second gutter click did not clear the breakpoint")
    problems += reload_check(app)
    d = app.d
    button = next((h for h in app.view.hotspots if h.operable and h.kind == "push_button"), None)
    if button is not None:
        before = len(d.edits)
        ox, oy = app.plant_origin
        click(ox + button.rect.centerx, oy + button.rect.centery)
        actions = [e.value[0] for e in d.edits[before:] if e.kind == "operator"]
        if actions != ["press", "release"]:
            problems.append(f"clicking {button.name} gave {actions}, not press then release")
    return "ok" if not problems else "; ".join(problems)


def reload_check(app) -> list[str]:
    """Save the program with a comment line on top: the window must reload it and move the
    breakpoint with its line."""
    import time

    d = app.d
    line = min(d.breakable_lines())
    d.toggle_breakpoint(line)
    path = Path(d.filename)
    path.write_text("// edited while the debugger was open\n" + d.source, encoding="utf-8")
    deadline = time.perf_counter() + 5.0
    while time.perf_counter() < deadline and not app.d.source.startswith("// edited"):
        app.frame()
        time.sleep(0.02)
    if not app.d.source.startswith("// edited"):
        return ["saving the program file did not reload it"]
    if app.d.breakpoints != {line + 1}:
        return [f"after the reload the breakpoint is on {sorted(app.d.breakpoints)}, not line {line + 1}"]
    app.d.toggle_breakpoint(line + 1)
    return []


if __name__ == "__main__":
    sys.exit(main())
