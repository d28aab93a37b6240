"""Corner sweep: `.venv/bin/python -m bench.corners --task ID [--draws 3000] [--keep 60] [--seed 0]
[--toward NAME=low|high ...] [--program P ...]`.

The uniform sweep (bench.sweep) seldom draws several parameters at their range ends at once, and
that is where a reference's weakness or a program's thin margin shows. This draws many
conditions from the task's own sampler (so every one is a condition the sampler can draw, inside
its joint constraints), scores each by how close its published numbers lie to their range ends
(per published parameter the mean closeness of the numbers it covers, 0 at the middle, 1 at an
end; then the mean over the parameters), and grades the programs on the most extreme ones.
`--toward lane_speed=low` scores that parameter by its closeness to that end only (0 at the
other end): the hard side of a range is the task's to know (a slow lane, a long stall).

Programs (paths inside the task folder; default: reference.st and every program in correct/).
They are the task folder's own programs, so they run in this process. A condition is named as
the sampler names it (sampled_<seed>_<i>): `Task.sample(i, seed)[i - 1]` or `main.py --sample i
--seed seed` gives it back. Prints passes per program and every kept condition some program
fails, with the programs that pass it. Exit status 1 if the reference failed any.
"""

from __future__ import annotations

import argparse
import sys
import time

from rich.console import Console
from rich.table import Table

import tasks
from bench.sweep import _factory
from sim.task import Condition, Task
from sim.verifier import describe_failure, grade


def _numbers(value) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [float(value)]
    if isinstance(value, list | tuple):
        return [n for item in value for n in _numbers(item)]
    return []


def _closeness(v: float, low: float, high: float, toward: str | None) -> float:
    width = high - low
    if toward == "low":
        return min(max((high - v) / width, 0.0), 1.0)
    if toward == "high":
        return min(max((v - low) / width, 0.0), 1.0)
    return min(abs(2 * v - high - low) / width, 1.0)


def extremeness(task: Task, params: dict, toward: dict[str, str] | None = None) -> float:
    """0..1: how close the condition's published numbers lie to their range ends (see above)."""
    toward = toward or {}
    scores = []
    for rng in task.parameters:
        if rng.high <= rng.low:
            continue
        values = [n for key in rng.covers if key in params for n in _numbers(params[key])]
        if values:
            end = toward.get(rng.name)
            scores.append(sum(_closeness(v, rng.low, rng.high, end) for v in values) / len(values))
    return sum(scores) / len(scores) if scores else 0.0


def extreme_conditions(task: Task, draws: int, keep: int, seed: int,
                       toward: dict[str, str] | None = None) -> list[Condition]:
    """The `keep` most extreme of `draws` sampled conditions, in the sampler's order."""
    drawn = task.sample(draws, seed)
    ranked = sorted(range(len(drawn)), key=lambda i: (-extremeness(task, drawn[i].params, toward), i))
    return [drawn[i] for i in sorted(ranked[:keep])]


def _toward(task: Task, items: list[str], ap: argparse.ArgumentParser) -> dict[str, str]:
    names = [r.name for r in task.parameters]
    out = {}
    for item in items:
        name, _, end = item.partition("=")
        if name not in names or end not in ("low", "high"):
            ap.error(f"--toward {item!r}: give NAME=low or NAME=high, NAME one of {', '.join(names)}")
        out[name] = end
    return out


def default_programs(task: Task) -> list[str]:
    correct = sorted(p.name for p in (task.folder / "correct").glob("*.st"))
    return ["reference.st"] + [f"correct/{name}" for name in correct]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.corners", description=__doc__.split("\n\n")[0])
    ap.add_argument("--task", required=True, metavar="ID")
    ap.add_argument("--draws", type=int, default=3000, help="conditions drawn (default 3000)")
    ap.add_argument("--keep", type=int, default=60, help="the most extreme ones graded (default 60)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--toward", action="append", default=[], metavar="NAME=END",
                    help="score a published parameter by its closeness to one end, low or high (repeatable)")
    ap.add_argument("--program", action="append", metavar="P",
                    help="a program in the task folder (repeatable; default: reference.st, correct/*.st)")
    args = ap.parse_args(argv)
    try:
        task = tasks.get(args.task)
    except tasks.UnknownTask as exc:
        ap.error(str(exc))
    if task.sampler is None:
        ap.error(f"task {task.id} has no sampler")
    toward = _toward(task, args.toward, ap)
    programs = args.program or default_programs(task)
    for name in programs:
        if not (task.folder / name).is_file():
            ap.error(f"no program {name} in {task.folder}")
    console = Console(highlight=False, stderr=False)
    start = time.perf_counter()
    conditions = extreme_conditions(task, args.draws, args.keep, args.seed, toward)
    low = min(extremeness(task, c.params, toward) for c in conditions)
    console.print(f"{task.id}: the {len(conditions)} most extreme of {args.draws} draws (seed {args.seed}; "
                  f"extremeness >= {low:.2f})")
    verdicts: dict[str, dict[str, object]] = {}
    for name in programs:
        report = grade(task, _factory(task.folder / name), conditions=conditions, isolate=False)
        verdicts[name] = {c.name: c for c in report.conditions}
        console.print(f"  {name}: {report.passed_count}/{len(conditions)} passed", markup=False)
    table = Table(title=f"{task.id}: kept conditions some program fails")
    table.add_column("condition")
    table.add_column("extremeness", justify="right")
    for name in programs:
        table.add_column(name)
    for cond in conditions:
        results = [verdicts[name][cond.name] for name in programs]
        if all(r.passed for r in results):
            continue
        cells = ["pass" if r.passed else (describe_failure(r) or ", ".join(r.violated_rules) or "fail")[:60]
                 for r in results]
        table.add_row(cond.name, f"{extremeness(task, cond.params, toward):.2f}", *cells)
    console.print(table)
    console.print(f"{time.perf_counter() - start:.0f} s")
    reference = verdicts.get("reference.st", {})
    return 1 if any(not c.passed for c in reference.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
