"""Closed-loop speed per task: `.venv/bin/python -m bench.loop_bench [--repeat N] [--task ID ...]`.

For every registered task, with its reference program compiled by st:
- closed loop: scans/s of the whole session (inputs, ST scan, outputs, plant, judges, trace)
  over every condition, each run to its end;
- plant alone: scans/s of the same session and scan count with the reference's outputs played
  back scan by scan instead of the program, so the plant moves exactly as in the closed loop
  (the replay's trace must equal the closed loop's, or the row says so) and the figure is the
  plant, judges and loop cost without the program. (Until 2026-12-04 the plant alone ran with
  every output FALSE/0: a plant standing still costs less than one at work, so the old ratio
  charged the parts' and devices' motion to the program.) Tasks whose reference does not
  compile fall back to outputs FALSE/0;
- their cost ratio (closed-loop time per scan / plant-alone time per scan);
- plant time over the time one core spent on it (x real time) of the closed loop.
Times are CPU time of this process (what one core spends, whatever else the machine runs);
the wall-clock figure is shown beside it and the load average under the table, because on a
shared machine the wall clock also counts the time other processes held the core.
Figures are medians of a few repetitions. Goals (issue 16): >= 1000x real time on one core
(Hard tasks >= 500x) and a cost ratio <= 1.3; every task's floor (the suite's definition of
done): >= 300x. x real time is green at its goal, yellow at the floor, red below it; the exit
status is 1 when a task is below its floor or its ratio above 3 (the old bound).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from rich.console import Console
from rich.table import Table

import tasks
from sim.session import Session

GOAL_REALTIME = {"E": 1000.0, "M": 1000.0, "H": 500.0}   # by level, the task id's fifth letter
FLOOR_REALTIME = 300.0
GOAL_RATIO = 1.3
CEILING_RATIO = 3.0


def _shade(at_goal: bool, at_floor: bool) -> str:
    return "green" if at_goal else "yellow" if at_floor else "red"


def _same(v, w) -> bool:
    """The very same PLC value (a REAL's sign of zero included)."""
    return v is w or (type(v) is type(w) and (repr(v) == repr(w) if type(v) is float else v == w))


class ReplayController:
    """A PLC that writes, scan by scan, the outputs a closed-loop run wrote (its trace rows)."""

    fault = None

    def __init__(self, task, rows: list[tuple]):
        outputs = [(i, p.address) for i, p in enumerate(task.io) if p.direction != "input"]
        self.image: dict[str, object] = {}
        # per scan, the outputs whose value differs from the scan before's (None: none does)
        self.changes: list[dict | None] = []
        before = None
        for row in rows:
            diff = {a: row[i] for i, a in outputs if before is None or not _same(row[i], before[i])}
            self.changes.append(diff or None)
            before = row

    def output_slot(self, address):
        return self.image, address

    def set_input(self, address, value):
        pass

    def scan(self, now_ms):
        k = now_ms // 10
        if k < len(self.changes):
            diff = self.changes[k]
            if diff is not None:
                self.image.update(diff)

    def get_output(self, address):
        return self.image.get(address, 0)


class NothingController:
    """A PLC that never sets an output: the plant runs with every output FALSE/0."""

    fault = None

    def set_input(self, address, value):
        pass

    def scan(self, now_ms):
        pass

    def get_output(self, address):
        return 0


def _closed_loop(task, program) -> tuple[int, float, float, list[int], int, list]:
    """Run every condition to its end; (scans, CPU s, wall s, scans per condition, conditions
    passed, each condition's trace)."""
    scans, cpu, wall, per, passed, traces = 0, 0.0, 0.0, [], 0, []
    for cond in task.conditions:
        session = Session(task, cond, program.instantiate())
        c, t = time.process_time(), time.perf_counter()
        v = session.run_to_end(wall_limit_s=120)
        cpu += time.process_time() - c
        wall += time.perf_counter() - t
        scans += session.scan_index
        per.append(session.scan_index)
        passed += v.passed
        traces.append(session.trace)
    return scans, cpu, wall, per, passed, traces


def _plant_alone(task, per_condition: list[int], traces: list | None) -> tuple[float, str | None]:
    """CPU seconds of the same scans with the closed loop's outputs played back (with every
    output FALSE/0 where there are no traces), and a note when a replay strayed from its trace."""
    cpu, strayed = 0.0, None
    for n_cond, (cond, n) in enumerate(zip(task.conditions, per_condition, strict=True)):
        trace = traces[n_cond] if traces else None
        ctl = NothingController() if trace is None else ReplayController(task, trace.rows)
        session = Session(task, cond, ctl)
        c = time.process_time()
        session.run(n)
        cpu += time.process_time() - c
        if trace is not None and strayed is None and session.trace.rows != trace.rows:
            strayed = f"the replay of {cond.name} strayed from its closed loop"
    return cpu, strayed


def _compile_reference(task):
    """The compiled reference program, or an error message saying why there is none."""
    ref = task.reference_path
    if ref is None or not ref.is_file():
        return None, "no reference.st"
    try:
        import st

        comp = st.compile_source(ref.read_text(encoding="utf-8"), filename=str(ref))
    except Exception as exc:  # a compiler error must not hide the other tasks' figures
        return None, f"st unavailable: {type(exc).__name__}: {exc}"
    if not comp.ok:
        return None, "does not compile: " + comp.format_diagnostics().splitlines()[0]
    return comp.program, None


def measure(task, repeat: int) -> dict:
    program, error = _compile_reference(task)
    row = {"task": task.id, "error": error}
    closed, closed_wall, alone, passed = [], [], [], 0
    # Without a program the plant alone still runs each condition to its time limit.
    per = [round(task.time_limit_s * 100)] * len(task.conditions)
    scans = sum(per)
    for _ in range(repeat):
        if program is not None:
            scans, cpu, wall, per, passed, traces = _closed_loop(task, program)
            closed.append(cpu / scans)
            closed_wall.append(wall / scans)
        else:
            traces = None
        cpu, strayed = _plant_alone(task, per, traces)
        alone.append(cpu / scans)
        row["strayed"] = row.get("strayed") or strayed   # the first repetition that strayed
    a = statistics.median(alone)
    row.update(scans=scans, alone_sps=1 / a, passed=f"{passed}/{len(task.conditions)}")
    if closed:
        c = statistics.median(closed)
        row.update(closed_sps=1 / c, ratio=c / a, realtime=0.010 / c,
                   realtime_wall=0.010 / statistics.median(closed_wall))
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.loop_bench", description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="repetitions per task (median); default 3")
    ap.add_argument("--task", action="append", help="only this task id (repeatable)")
    args = ap.parse_args(argv)
    console = Console(width=max(Console().width, 130))
    try:
        selected = [tasks.get(t) for t in args.task] if args.task else tasks.all_tasks()
    except tasks.UnknownTask as exc:
        console.print(f"loop_bench: {exc}", markup=False)
        return 2
    table = Table(title=f"Closed loop vs plant alone, CPU time of one core (median of {args.repeat})")
    for col in ("task", "reference", "scans", "closed loop scans/s", "plant alone scans/s",
                "cost ratio", "x real time", "wall clock"):
        table.add_column(col, justify="left" if col in ("task", "reference") else "right")
    ok = True
    for task in selected:
        try:
            row = measure(task, args.repeat)
        except Exception as exc:  # one broken task must not hide the others' figures
            row = {"task": task.id, "error": f"{type(exc).__name__}: {exc}"}
        if "alone_sps" not in row:
            ok = False
            table.add_row(task.id, f"[red]{row['error']}[/red]", "", "", "", "", "", "")
            continue
        if row["error"]:
            ok = False
            table.add_row(task.id, f"[red]{row['error']}[/red]", str(row["scans"]), "-",
                          f"{row['alone_sps']:,.0f}", "-", f"plant alone {row['alone_sps'] / 100:,.0f}x", "-")
            continue
        goal = GOAL_REALTIME.get(task.id[4:5], GOAL_REALTIME["E"])
        fast = _shade(row["realtime"] >= goal, row["realtime"] >= FLOOR_REALTIME)
        cheap = _shade(row["ratio"] <= GOAL_RATIO, row["ratio"] <= CEILING_RATIO)
        ok = ok and fast != "red" and cheap != "red" and not row.get("strayed")
        strayed = f" [red]({row['strayed']})[/red]" if row.get("strayed") else ""
        table.add_row(
            task.id, f"passes {row['passed']}{strayed}", str(row["scans"]), f"{row['closed_sps']:,.0f}",
            f"{row['alone_sps']:,.0f}", f"[{cheap}]{row['ratio']:.2f}[/]",
            f"[{fast}]{row['realtime']:,.0f}x[/]", f"{row['realtime_wall']:,.0f}x",
        )
    console.print(table)
    hard = GOAL_REALTIME["H"]
    console.print(f"goals (green): >= {GOAL_REALTIME['E']:.0f}x real time on one core (Hard >= {hard:.0f}x), "
                  f"closed loop <= {GOAL_RATIO:g}x the plant alone; yellow: short of the goal but within "
                  f"the floor ({FLOOR_REALTIME:.0f}x, ratio {CEILING_RATIO:g}); red: past the floor. "
                  "The plant alone plays back the reference's outputs, so it moves as in the closed loop")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    console.print(f"load average (1, 5, 15 min): {load} on {os.cpu_count()} cores; the wall clock column "
                  "counts the time other processes held the core")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
