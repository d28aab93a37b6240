"""Run every benchmark: `python -m bench` (or `make bench`).

Each benchmark is a module with a `main()` that prints its own table of medians:
- bench.st_bench: scans/s of compiled ST programs, fast and debug builds;
- bench.loop_bench: per task, closed loop vs plant alone, and plant time over wall time;
- bench.modbus_bench: MAT-E01's reference as an external PLC over lockstep Modbus TCP vs the built-in loop;
- bench.compile_bench: compile seconds per 10k lines, labels, literals at two sizes (linear growth);
- bench.batch_bench: the oracle run of every task with 1 and 2 processes and on Ray.
"""

import importlib
import sys

BENCHMARKS = ("bench.st_bench", "bench.loop_bench", "bench.modbus_bench", "bench.compile_bench",
              "bench.batch_bench")


def main() -> int:
    status = 0
    for name in BENCHMARKS:
        print(f"== {name}", flush=True)
        status |= importlib.import_module(name).main() or 0
    return status


if __name__ == "__main__":
    sys.exit(main())
