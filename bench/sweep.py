"""Sampled-condition sweep: `.venv/bin/python -m bench.sweep [-n 200] [--seed 0] [--task ID ...]`.

For every registered task, N conditions drawn from its published ranges (Task.sample) are
graded with the reference program, the blind schedule and the token-action blind schedule
(each condition in its own worker, as in grading). The registered conditions stay the
official score; the sweep proves the ranges honest (the reference must pass every sampled
condition: if it does not, the reference or the range is wrong) and shows that programs
which ignore the plant fail on most of them. Prints task, N, passed per program, and the
wall-clock seconds the sweep of that task took. Exit status 1 if a reference failed any.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import st
import tasks
from sim.verifier import describe_failure, grade

PROGRAMS = ("reference.st", "counterexamples/blind.st", "counterexamples/token_blind.st")


def _factory(path: Path):
    comp = st.compile_file(str(path))
    if not comp.ok:
        raise SystemExit(comp.format_diagnostics())
    return comp.program.instantiate


def sweep(task, count: int, seed: int) -> tuple[dict[str, int | None], list[str], float]:
    """Passed conditions per program (None where the task has no such program), the reference's
    failures in words, and the seconds taken."""
    start = time.perf_counter()
    conditions = task.sample(count, seed)
    passed: dict[str, int | None] = {}
    failures: list[str] = []
    for name in PROGRAMS:
        path = task.folder / name
        if not path.is_file():
            passed[name] = None
            continue
        report = grade(task, _factory(path), conditions=conditions)
        passed[name] = report.passed_count
        if name == "reference.st":
            failures = [f"{c.name} {c.params}: {describe_failure(c) or c.violated_rules}"
                        for c in report.conditions if not c.passed]
    return passed, failures, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="sampled conditions per task (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--task", action="append", metavar="ID", help="only this task (repeatable)")
    args = ap.parse_args(argv)
    chosen = [tasks.get(t) for t in args.task] if args.task else tasks.all_tasks()
    console = Console(highlight=False)
    table = Table(title=f"{args.n} sampled conditions per task, seed {args.seed}")
    for col in ("task", "sampled", "reference passed", "blind passed", "token-action blind passed", "s"):
        table.add_column(col, justify="left" if col == "task" else "right")
    status = 0
    for task in chosen:
        passed, failures, seconds = sweep(task, args.n, args.seed)
        cells = ["-" if passed[p] is None else str(passed[p]) for p in PROGRAMS]
        table.add_row(task.id, str(args.n), *cells, f"{seconds:.0f}")
        for line in failures[:10]:
            console.print(f"[red]{task.id} reference failed[/red] {line}", markup=True)
        if passed["reference.st"] != args.n:
            status = 1
    console.print(table)
    return status


if __name__ == "__main__":
    sys.exit(main())
