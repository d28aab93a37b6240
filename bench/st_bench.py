"""Scans per second of compiled ST programs, fast instance and debug instance with no breakpoint.

    .venv/bin/python -m bench.st_bench [--scans N] [--repeats R]

Each program in bench/programs/ runs N scans at plant time 0, 10, 20 ... ms with its inputs
driven by a deterministic pattern (so the step chains really move), R times; the table shows
the median scans/s. Goal of issue 2: >= 100,000 scans/s for the 150-line sorting station and
the debug instance no more than 2x slower.

A second table times the process image alone (what the simulator pays per I/O point per
scan): ``set_input`` and ``get_output`` in ns per call, for canonical addresses
(``%IX0.0``), other spellings of the same address (``%i0.0``) and addresses the program
does not use, next to a plain dict store/lookup for scale.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = Path(__file__).resolve().parent / "programs"

Inputs = dict[str, object]


def sorting_station_inputs(k: int) -> Inputs:
    """Parts arrive every 37 scans, reach the diverter later, the pusher answers; a stop and an
    e-stop now and then, and a start press after each so the chain runs again."""
    cycle = k % 6000
    return {
        "%IX0.0": cycle in (5, 6, 3020, 3021, 4100, 4101, 4150, 4151),  # start; reset + start after e-stop
        "%IX0.1": cycle == 2990,  # stop
        "%IX0.2": not (4000 <= cycle < 4010),  # e-stop chain healthy
        "%IX0.3": k % 37 < 4,  # entry eye
        "%IX0.4": (k // 37) % 3 == 0,  # metal part
        "%IX0.5": k % 37 == 20,  # diverter eye
        "%IX0.6": k % 37 in (24, 25, 26),  # pusher extended
        "%IX0.7": k % 37 not in (21, 22, 23, 24, 25, 26),  # pusher retracted
        "%IW2": (k * 7) % 1000,  # part height
    }


def batch_mixer_inputs(k: int) -> Inputs:
    """Weight climbs while a valve is open, temperature follows a slow ramp, a start each batch."""
    cycle = k % 1500
    return {
        "%IX0.0": cycle in (3, 4),
        "%IX0.1": cycle > 1200,
        "%IW2": min(cycle * 2, 900),
        "%IW4": 2000 + (cycle * 5) % 6000,
    }


def pallet_grid_inputs(k: int) -> Inputs:
    """A box every 15 scans, the gripper closes on it; a reset once in a long while."""
    return {
        "%IX0.0": k % 15 < 3,
        "%IX0.1": k % 15 in (1, 2),
        "%IX0.2": k % 5000 == 4999,
        "%IW2": 100 + (k * 13) % 400,
    }


BENCHMARKS: list[tuple[str, str, Callable[[int], Inputs]]] = [
    ("sorting station", "sorting_station.st", sorting_station_inputs),
    ("batch mixer", "batch_mixer.st", batch_mixer_inputs),
    ("pallet grid", "pallet_grid.st", pallet_grid_inputs),
]


def input_changes(pattern: Callable[[int], Inputs], scans: int) -> list[list[tuple[str, object]]]:
    """Per scan, only the inputs that changed: what a plant's sampling costs is not measured here."""
    changes, last = [], {}
    for k in range(scans):
        now = pattern(k)
        changes.append([(a, v) for a, v in now.items() if last.get(a) != v])
        last = now
    return changes


def time_run(program, debug: bool, changes) -> tuple[float, object]:
    inst = program.instantiate(debug=debug)
    set_input, scan = inst.set_input, inst.scan
    start = time.perf_counter()
    for k, changed in enumerate(changes):
        for address, value in changed:
            set_input(address, value)
        scan(k * 10)
    elapsed = time.perf_counter() - start
    return len(changes) / elapsed, inst.fault


def _ns_per_call(fn, args: list[tuple], rounds: int) -> float:
    """Median over 5 runs of the time one call of ``fn`` takes, in ns (loop overhead included)."""
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(rounds):
            for a in args:
                fn(*a)
        runs.append((time.perf_counter() - start) / (rounds * len(args)) * 1e9)
    return statistics.median(runs)


def process_image_costs(program, rounds: int = 20000) -> list[tuple[str, float]]:
    """ns per call of set_input / get_output on the sorting station, and a dict for scale."""
    inst = program.instantiate()
    inputs = [("%IX0.0", True), ("%IX0.3", False), ("%IW2", 412)]
    other_spelling = [("%i0.0", True), ("%ix0.3", False), ("%iw2", 412)]
    unused = [("%IX9.0", True), ("%IW40", 7), ("%IX9.1", False)]
    outputs = [("%QX0.0",), ("%QX0.1",), ("%QW2",)]
    outputs_other = [("%q0.0",), ("%qx0.1",), ("%qw2",)]
    outputs_unused = [("%QX9.0",), ("%QW40",), ("%QX9.1",)]
    image: dict = {}
    store = image.__setitem__
    lookup = image.get
    image.update({a: 0 for a, in outputs})
    return [
        ("dict store (scale)", _ns_per_call(store, inputs, rounds)),
        ("set_input %IX0.0", _ns_per_call(inst.set_input, inputs, rounds)),
        ("set_input %i0.0", _ns_per_call(inst.set_input, other_spelling, rounds)),
        ("set_input unused", _ns_per_call(inst.set_input, unused, rounds)),
        ("dict lookup (scale)", _ns_per_call(lookup, outputs, rounds)),
        ("get_output %QX0.0", _ns_per_call(inst.get_output, outputs, rounds)),
        ("get_output %q0.0", _ns_per_call(inst.get_output, outputs_other, rounds)),
        ("get_output unused", _ns_per_call(inst.get_output, outputs_unused, rounds)),
    ]


def compile_program(path: Path):
    sys.path.insert(0, str(ROOT))
    import st

    comp = st.compile_source(path.read_text(), filename=str(path.relative_to(ROOT)))
    if not comp.ok:
        raise SystemExit(f"{path.name} does not compile:\n{comp.format_diagnostics()}")
    return comp.program


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.st_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--scans", type=int, default=20000, help="scans per run (default 20000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure, median reported (default 5)")
    args = parser.parse_args(argv)

    rows = []
    for title, filename, pattern in BENCHMARKS:
        path = PROGRAMS / filename
        program = compile_program(path)
        lines = len(path.read_text().splitlines())
        changes = input_changes(pattern, args.scans)
        fast, debug, faults = [], [], set()
        for _ in range(args.repeats):
            rate, fault = time_run(program, False, changes)
            fast.append(rate)
            faults.add(str(fault) if fault else None)
            rate, fault = time_run(program, True, changes)
            debug.append(rate)
            faults.add(str(fault) if fault else None)
        faults.discard(None)
        rows.append((title, lines, statistics.median(fast), statistics.median(debug), faults))

    print(f"ST scan rate: median of {args.repeats} runs of {args.scans} scans (10 ms plant time each)")
    print(f"{'program':<18}{'lines':>6}{'fast scans/s':>15}{'debug scans/s':>15}{'debug/fast':>12}")
    for title, lines, fast_rate, debug_rate, _ in rows:
        print(f"{title:<18}{lines:>6}{fast_rate:>15,.0f}{debug_rate:>15,.0f}{fast_rate / debug_rate:>11.2f}x")
    status = 0
    for title, _, _, _, faults in rows:
        for fault in faults:
            print(f"warning: {title} stopped on a runtime fault, figures are not meaningful: {fault}")
            status = 1
    print("process image (sorting station), ns per call:")
    for what, ns in process_image_costs(compile_program(PROGRAMS / BENCHMARKS[0][1])):
        print(f"  {what:<22}{ns:>8.0f}")
    title, _, fast_rate, debug_rate, _ = rows[0]
    goal_fast = fast_rate >= 100_000
    goal_debug = fast_rate / debug_rate <= 2.0
    print(f"goal (issue 2, {title}): >= 100,000 scans/s {'met' if goal_fast else 'NOT met'}; "
          f"debug <= 2x slower {'met' if goal_debug else 'NOT met'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
