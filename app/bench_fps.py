"""Frames per second of the debugger window per task, at real time and flat out.

    .venv/bin/python -m app.bench_fps [--seconds 3] [--tasks MAT-E01,MOT-E01] [--repeat 3]

Opens the real window (under `xvfb-run` when there is no display: it re-runs itself there)
on each task's reference program and measures, without the 60 Hz frame cap:
- plant view: milliseconds to draw the plant Surface alone, and the frames/s that allows;
- 1x real time: whole-window frames/s while the plant runs at real time (goal: >= 60), and
  the same with only the controls and the plant view drawn (the other panels idle/closed);
- flat out ("as fast as possible"): median and 95th-percentile frame time (the window
  stays responsive when a frame takes well under 100 ms) and scans simulated per second.
On a shared machine the figures swing with the other load: `--repeat N` measures each task N
times (a fresh process each) and shows the median of every figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time


def _measure(task_id: str, seconds: float) -> dict:
    from app.loading import load_debugger
    from app.main import SPEEDS, DebuggerApp
    from app.plant_view import new_surface

    d = load_debugger(task_id, None, None)
    app = DebuggerApp(d, size=(1600, 960), watch_file=False, layout_file=None)
    # Time the buffer swap apart: with software OpenGL (llvmpipe under Xvfb) it is where the
    # rasterising happens, which a GPU does in parallel.
    pg = app.pygame
    swap = pg.display.flip
    swaps: list[float] = []

    def timed_swap():
        t = time.perf_counter()
        swap()
        swaps.append(time.perf_counter() - t)

    pg.display.flip = timed_swap
    app.park_mouse()
    try:
        for _ in range(5):
            app.frame()
        d.break_on_violation = False
        result = {"task": task_id, "compiled": d.compiled}
        # The plant view alone, at the plant panel's size.
        surf = new_surface(*(app.surface.get_size() if app.surface else (900, 560)))
        t0 = time.perf_counter()
        n = 0
        while time.perf_counter() - t0 < seconds / 3:
            app.view.render(surf, d.plant)
            n += 1
        result["plant_ms"] = (time.perf_counter() - t0) / n * 1000
        for label, index in (("realtime", SPEEDS.index(("1x real time", 1.0))), ("flatout", len(SPEEDS) - 1)):
            d.reset()
            app.speed_index = index
            d.start_running()
            app.frame_times.clear()
            swaps.clear()
            scans, t0 = 0, time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                before = d.scans_done
                app.frame()
                scans += max(0, d.scans_done - before)
                if d.state != "running":  # the run ended: start it again, keep measuring
                    d.reset()
                    d.start_running()
            wall = time.perf_counter() - t0
            times = sorted(app.frame_times) or [float("nan")]
            result[f"{label}_fps"] = len(times) / wall
            result[f"{label}_median_ms"] = statistics.median(times) * 1000
            result[f"{label}_p95_ms"] = times[int(0.95 * (len(times) - 1))] * 1000
            result[f"{label}_scans_per_s"] = scans / wall
            cpu = sorted(f - s for f, s in zip(app.frame_times, swaps, strict=False)) or [float("nan")]
            result[f"{label}_cpu_ms"] = statistics.median(cpu) * 1000
        # The plant view alone: the other panels not drawn at all.
        for name in ("_source_panel", "_io_panel", "_variables_panel", "_watch_panel", "_plot_panel",
                     "_verdict_panel"):
            setattr(app, name, lambda: None)
        d.reset()
        app.speed_index = SPEEDS.index(("1x real time", 1.0))
        d.start_running()
        app.frame_times.clear()
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            app.frame()
            if d.state != "running":
                d.reset()
                d.start_running()
        result["plant_only_fps"] = len(app.frame_times) / (time.perf_counter() - t0)
        # Time travel: re-simulate from the start to the furthest scan reached (capped at 5000).
        d.pause_run()
        d.run_to_scan(4999)
        target = d.scan
        result["rewind_scans"] = d.scans_done
        result["rewind_ms"] = d.rewind(target) * 1000
        return result
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.bench_fps")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--tasks", default="")
    ap.add_argument("--repeat", type=int, default=1, help="measure each task N times, show medians")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:  # child process: one task, one JSON line
        import json

        print("RESULT " + json.dumps(_measure(args.one, args.seconds)))
        return 0
    import tasks

    ids = [t for t in args.tasks.split(",") if t] or tasks.ids()
    prefix: list[str] = []
    if not os.environ.get("DISPLAY"):
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            print("bench_fps: no display and no xvfb-run; install xvfb", file=sys.stderr)
            return 1
        prefix = [xvfb, "-a", "-s", "-screen 0 1920x1080x24"]
    import json

    from rich.console import Console
    from rich.table import Table

    threads = os.environ.get("LP_NUM_THREADS", "default")
    title = (f"Debugger window frame rate ({args.seconds:g} s per mode, no 60 Hz cap, "
             f"median of {max(1, args.repeat)}, LP_NUM_THREADS={threads})")
    table = Table(title=title)
    columns = ("task", "plant view ms", "1x: window fps", "1x: plant view only fps",
               "1x: frame ms without GL swap", "flat out: frame ms median / p95", "flat out: scans/s",
               "rewind: scans in ms")
    for col in columns:
        table.add_column(col, justify="right" if col != "task" else "left")
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    for tid in ids:
        cmd = [*prefix, sys.executable, "-m", "app.bench_fps", "--one", tid, "--seconds", str(args.seconds)]
        runs, why = [], "?"
        for _ in range(max(1, args.repeat)):
            r = subprocess.run(cmd, capture_output=True, text=True, env=env)
            line = next((x for x in r.stdout.splitlines() if x.startswith("RESULT ")), None)
            if line is None:
                why = (r.stderr.strip().splitlines() or ["?"])[-1][:60]
            else:
                runs.append(json.loads(line[7:]))
        if not runs:
            table.add_row(tid, "error: " + why, *[""] * (len(columns) - 2))
            continue
        m = {k: (statistics.median(r[k] for r in runs) if isinstance(v, float) else v)
             for k, v in runs[0].items()}
        if not m["compiled"]:
            table.add_row(tid, f"{m['plant_ms']:.1f}", "program does not start", *[""] * (len(columns) - 3))
            continue
        table.add_row(tid, f"{m['plant_ms']:.1f}", f"{m['realtime_fps']:.0f}", f"{m['plant_only_fps']:.0f}",
                      f"{m['realtime_cpu_ms']:.1f}",
                      f"{m['flatout_median_ms']:.0f} / {m['flatout_p95_ms']:.0f}",
                      f"{m['flatout_scans_per_s']:.0f}", f"{m['rewind_scans']} in {m['rewind_ms']:.0f}")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
