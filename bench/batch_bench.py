"""Batch grading speed: `.venv/bin/python -m bench.batch_bench [--repeats 5] [--suite all] [--no-ray]`.

Grades the reference programs of the selection (the oracle run of `main.py --headless --suite`)
with 1 and 2 worker processes and on a local Ray cluster with 2 CPUs, `--repeats` times each,
interleaved so that a change in the machine's load hits every variant alike. Prints the median
wall time of the grading (compiling included; starting the Ray cluster shown apart), conditions
per second and the speed-ups over 1 job, with the load average before and after and the
ceiling: what 2 processes of plain arithmetic gain over 1 at the same moments. Linux shares the
CPUs between sessions (autogroup), so on a busy shared machine no pool gains more than that.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from rich.console import Console
from rich.table import Table

from runner.batch import compile_entries, plan_entries, plan_units, run_local


def _burn(n: int = 4_000_000) -> None:
    x = 0
    for i in range(n):
        x += i


def ceiling_once() -> float:
    """What 2 processes of pure Python arithmetic get done over 1, in this session, now: the most
    any 2-process pool could reach on a shared machine (Linux gives each session its share of the
    CPUs, however many processes it runs)."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")

    def run(k: int) -> float:
        start = time.perf_counter()
        procs = [ctx.Process(target=_burn) for _ in range(k)]
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        return time.perf_counter() - start

    one = run(1)
    return 2 * one / run(2)


def grade_once(selection: str, how: str) -> tuple[float, float, int]:
    """(grading seconds, seconds starting and stopping the Ray cluster, conditions) of one oracle run."""
    start = time.perf_counter()
    entries, _ = plan_entries(selection, None, None)
    compile_entries(entries, jobs=2 if how == "ray" else int(how))   # as batch_command does
    units = plan_units(entries)
    results = []

    def keep(unit, result):
        results.append(result)

    timings: dict[str, float] = {}
    if how == "ray":
        from runner.ray_backend import run_ray

        run_ray(entries, units, keep, cpus=2, timings=timings)
    else:
        run_local(entries, units, int(how), keep)
    if not all(r.passed for r in results) or len(results) != len(units):
        raise SystemExit(f"a reference program failed ({how}): the figures would mean nothing")
    overhead = timings.get("cluster_start_s", 0.0) + timings.get("cluster_stop_s", 0.0)
    return time.perf_counter() - start - overhead, overhead, len(units)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.batch_bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--suite", default="all")
    ap.add_argument("--no-ray", action="store_true", help="only the process pool")
    args = ap.parse_args(argv)
    variants = ["1", "2"] + ([] if args.no_ray else ["ray"])
    times: dict[str, list[float]] = {v: [] for v in variants}
    starts: list[float] = []
    ceilings: list[float] = []
    load_before = os.getloadavg()
    count = 0
    for _ in range(args.repeats):
        ceilings.append(ceiling_once())
        for how in variants:
            seconds, started, count = grade_once(args.suite, how)
            times[how].append(seconds)
            if how == "ray":
                starts.append(started)
    load_after = os.getloadavg()
    base = statistics.median(times["1"])
    table = Table(title=f"Oracle run of --suite {args.suite}: {count} conditions, median of {args.repeats}")
    for col in ("workers", "grading s (median)", "min", "max", "conditions/s", "speed-up over 1 job"):
        table.add_column(col, justify="left" if col == "workers" else "right")
    names = {"1": "1 process", "2": "2 processes", "ray": "Ray, local cluster, 2 CPUs"}
    for how in variants:
        med = statistics.median(times[how])
        table.add_row(names[how], f"{med:.2f}", f"{min(times[how]):.2f}", f"{max(times[how]):.2f}",
                      f"{count / med:.1f}", f"{base / med:.2f}x")
    console = Console(highlight=False)
    console.print(table)
    if starts:
        console.print("Ray cluster start and stop (not in the grading time): "
                      f"median {statistics.median(starts):.1f} s")
    console.print(f"ceiling (2 CPU-bound processes over 1, this session, same moments): median "
                  f"{statistics.median(ceilings):.2f}x")
    console.print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
                  f"on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
