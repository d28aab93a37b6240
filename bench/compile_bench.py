"""Compile time of generated stress programs at two sizes: it must grow linearly with the source.

    .venv/bin/python -m bench.compile_bench [--repeats R]

Each row is one kind of program (ordinary statements, CASE labels, integer literals in one
folded constant expression, unused variables, unknown names, unterminated strings), generated at N and 2N
units; the table shows the median compile seconds per 10k units at each size. Linear growth
shows as two equal figures; a quadratic stage would double the second one. The generators
are shared with the hostile-program tests (tests/st/test_hostile.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

HEAD = "PROGRAM Main\nVAR\n  x : DINT;\n  y : DINT;\n  b : BOOL;\nEND_VAR\n"


def lines_program(n: int) -> str:
    """n lines of ordinary ST: assignments, IFs and calls of standard functions."""
    body = []
    for i in range(n // 4):
        body.append(f"x := x + {i % 97};")
        body.append(f"IF x > {i % 1000} THEN y := MAX(y, x) - 1;")
        body.append("ELSE b := NOT b; END_IF;")
        body.append(f"y := (y * 3 + {i}) MOD 1000;")
    return HEAD + "\n".join(body) + "\nEND_PROGRAM\n"


def case_labels_program(n: int) -> str:
    """One CASE of n branches, one label each."""
    branches = "".join(f"{i}: y := {i % 100};\n" for i in range(n))
    return HEAD + f"CASE x OF\n{branches}END_CASE;\nEND_PROGRAM\n"


def literals_program(n: int) -> str:
    """n integer literals summed in one constant expression (folded at compile time)."""
    terms = []
    for i in range(0, n, 100):  # statements of 100 terms: Python compiles one line's nesting
        terms.append("y := " + " + ".join(str((i + k) % 7) for k in range(100)) + ";")
    return HEAD + "\n".join(terms) + "\nEND_PROGRAM\n"


def unused_variables_program(n: int) -> str:
    """n declared variables nobody uses: n warnings."""
    decls = "\n".join(f"  v{i} : INT;" for i in range(n))
    return f"PROGRAM Main\nVAR\n{decls}\nEND_VAR\nEND_PROGRAM\n"


def unknown_names_program(n: int) -> str:
    """n/2 declared variables and n/2 uses of names that are not declared (each one an error that
    would suggest the closest declared name)."""
    half = n // 2
    decls = "\n".join("  " + ", ".join(f"var{i}_{j}" for j in range(10)) + " : INT;"
                      for i in range(half // 10))
    uses = "\n".join(f"vor{i}_1 := 1;" for i in range(half))
    return f"PROGRAM Main\nVAR\n{decls}\nEND_VAR\n{uses}\nEND_PROGRAM\n"


def unterminated_strings_program(n: int) -> str:
    """n lines that each open a string and never close it."""
    return HEAD + "x := 'never closed\n" * n + "END_PROGRAM\n"


KINDS = {
    "lines": lines_program,
    "case labels": case_labels_program,
    "literals": literals_program,
    "unused variables": unused_variables_program,
    "unknown names": unknown_names_program,
    "unterminated strings": unterminated_strings_program,
}
SIZES = (5_000, 10_000)


def compile_seconds(text: str, repeats: int) -> float:
    import st

    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        comp = st.compile_source(text, "stress.st")
        comp.format_diagnostics()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.compile_bench", description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    small, large = SIZES
    heads = [f"s/10k at {n:,}" for n in (small, large)]
    print(f"{'program':22} {heads[0]:>14} {heads[1]:>14}  ratio")
    for name, make in KINDS.items():
        per = [compile_seconds(make(n), args.repeats) * 10_000 / n for n in (small, large)]
        print(f"{name:22} {per[0]:14.3f} {per[1]:14.3f}  {per[1] / per[0]:5.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
