"""Fuzz (issue 8): hostile programs generated from the classes of the issue (nesting, sizes, type
cycles, names, literals, loop-free call trees) always end in a program or located diagnostics,
and a program that compiles runs its scans to a value or a located fault: never an exception,
never an 'internal error'. Derandomised, so CI sees the same examples every run.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as s

import st

FUZZ = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
pytestmark = pytest.mark.timeout(300)

FILE_LEVEL = {"E100", "E101", "E108"}  # problems of the whole file: no line to point at


def main_prog(decls: str, body: str, head: str = "") -> str:
    return f"{head}PROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"


def verdict_or_located(source: str, scans: int = 2, debug_too: bool = True):
    """Compile and run: the Compilation and the instance (None when it did not compile)."""
    comp = st.compile_source(source, "fuzz.st")
    for d in comp.diagnostics:
        assert "internal" not in d.message and "please report" not in d.message, d.header()
        if d.is_error and d.code not in FILE_LEVEL:
            assert d.line > 0, d.header()
    comp.format_diagnostics()
    if not comp.ok:
        assert comp.errors
        return comp, None
    for debug in (False, True) if debug_too else (False,):
        inst = comp.program.instantiate(debug=debug)
        for k in range(scans):
            inst.scan(k * 10)
        if inst.fault is not None:
            assert inst.fault.line > 0 and "internal error" not in inst.fault.message, str(inst.fault)
    return comp, inst


NEST = {
    "if": ("IF x > 0 THEN\n", "END_IF;\n"),
    "for": ("FOR i := 0 TO 1 DO\n", "END_FOR;\n"),
    "while": ("WHILE x < 0 DO\n", "END_WHILE;\n"),
    "case": ("CASE x OF 1: ", "END_CASE;\n"),
}


@FUZZ
@given(kind=s.sampled_from(["if", "for", "while", "case", "paren", "neg", "call", "index"]),
       depth=s.integers(1, 600))
def test_nesting(kind, depth):
    if kind in NEST:
        opening, closing = NEST[kind]
        body = opening * depth + "x := x + 1;\n" + closing * depth
    elif kind == "paren":
        body = "x := " + "(" * depth + "x" + ")" * depth + ";"
    elif kind == "neg":
        body = "x := " + "-" * depth + "x;"
    elif kind == "call":
        body = "x := " + "ABS(" * depth + "x" + ")" * depth + ";"
    else:
        body = "x := a[" * depth + "1" + "]" * depth + ";"
    verdict_or_located(main_prog("x : DINT;\ni : DINT;\na : ARRAY[0..3] OF DINT;", body))


@FUZZ
@given(dims=s.lists(s.integers(1, 10**7), min_size=1, max_size=4),
       inner=s.sampled_from(["INT", "STRING[255]", "P", "F", "TON"]))
def test_sizes(dims, inner):
    head = ("TYPE P : STRUCT a : INT; b : ARRAY[1..10] OF LREAL; END_STRUCT; END_TYPE\n"
            "FUNCTION_BLOCK F\nVAR s : STRING[1000]; n : ARRAY[1..50] OF INT; END_VAR\nEND_FUNCTION_BLOCK\n")
    t = inner
    for n in dims:
        t = f"ARRAY[1..{n}] OF {t}"
    verdict_or_located(main_prog(f"x : {t};", "", head), scans=1, debug_too=False)


@FUZZ
@given(edges=s.lists(s.tuples(s.integers(0, 5), s.integers(0, 5), s.sampled_from(["", "ARRAY[0..1] OF "])),
                     min_size=1, max_size=10),
       fb=s.booleans())
def test_type_cycles(edges, fb):
    fields = {i: [] for i in range(6)}
    for a, b, wrap in edges:
        fields[a].append(f"f{len(fields[a])} : {wrap}T{b};")
    if fb:
        head = "".join(f"FUNCTION_BLOCK T{i}\nVAR\nv : INT;\n{' '.join(fs)}\nEND_VAR\nEND_FUNCTION_BLOCK\n"
                       for i, fs in fields.items())
    else:
        head = "TYPE\n" + "".join(f"T{i} : STRUCT v : INT; {' '.join(fs)} END_STRUCT;\n"
                                  for i, fs in fields.items()) + "END_TYPE\n"
    comp, _ = verdict_or_located(main_prog("x : T0;", "x.v := 1;", head), scans=1)
    cyclic = _has_cycle({a: {b for x, b, _ in edges if x == a} for a in range(6)})
    assert comp.ok != cyclic, comp.format_diagnostics()


def _has_cycle(graph: dict[int, set[int]]) -> bool:
    state: dict[int, int] = {}

    def visit(n: int) -> bool:
        state[n] = 1
        for m in graph[n]:
            if state.get(m) == 1 or (m not in state and visit(m)):
                return True
        state[n] = 2
        return False

    return any(n not in state and visit(n) for n in graph)


NAME_PARTS = ["_addr_ix0_0", "foo", "foo_dbg", "v_x", "x", "F_x", "run", "self", "ctx", "G", "_t1", "_D",
              "run_dbg", "__init__", "P_main", "A_ix0_0", "D_foo", "s", "\u017f", "K", "\u212a", "_"]


@FUZZ
@given(names=s.lists(s.sampled_from(NAME_PARTS), min_size=1, max_size=5, unique=True),
       functions=s.lists(s.sampled_from(NAME_PARTS), max_size=4, unique=True),
       suffix=s.sampled_from(["", "_dbg", "_0", "1"]))
def test_names(names, functions, suffix):
    names = [n + suffix for n in names]
    head = "VAR_GLOBAL\n" + "\n".join(f"{n} : DINT;" for n in names) + "\nEND_VAR\n"
    head += "".join(f"FUNCTION {f} : DINT\n{f} := {100 + j};\nEND_FUNCTION\n"
                    for j, f in enumerate(functions))
    decls = "sig : BOOL;\n" + "\n".join(f"r{j} : DINT;" for j in range(len(functions)))
    body = "\n".join(f"{n} := {i + 1};" for i, n in enumerate(names)) + "\nsig := %IX0.0;\n"
    body += "\n".join(f"r{j} := {f}();" for j, f in enumerate(functions))
    comp, inst = verdict_or_located(main_prog(decls, body, head), scans=1)
    if inst is not None:  # every name its own storage and code: no two collide, none with %IX0.0
        assert [inst.read(n) for n in names] == list(range(1, len(names) + 1))
        assert [inst.read(f"r{j}") for j in range(len(functions))] == [100 + j for j in range(len(functions))]
        assert inst.read("sig") is False


@FUZZ
@given(literal=s.one_of(
    s.text("0123456789_", min_size=1, max_size=6000).filter(lambda t: t[0].isdigit()),
    s.builds(lambda b, d: f"{b}#{d}", s.sampled_from(["2", "8", "16", "36"]),
             s.text("0123456789ABCDEF", min_size=1, max_size=3000)),
    s.builds(lambda m, e: f"{m}.5E{e}", s.integers(0, 10**30), s.integers(-5000, 5000)),
    s.builds(lambda n, u: f"T#{n}{u}", s.integers(0, 10**40), s.sampled_from(["d", "ms", "h"])),
    s.builds(lambda n: f"LINT#{n}", s.integers(-(10**30), 10**30)),
), target=s.sampled_from(["LINT", "ULINT", "LREAL", "REAL", "TIME", "LTIME", "INT"]),
   where=s.sampled_from(["init", "assign", "fold"]))
def test_literals(literal, target, where):
    if where == "init":
        src = main_prog(f"x : {target} := {literal};", "")
    elif where == "assign":
        src = main_prog(f"x : {target};", f"x := {literal};")
    else:
        src = main_prog(f"x : {target};", f"x := {' * '.join([literal] * 8)};")
    verdict_or_located(src, scans=1)


@FUZZ
@given(fan=s.integers(1, 4), levels=s.integers(1, 40), fb=s.booleans())
def test_loop_free_call_trees(fan, levels, fb):
    if fb:
        levels = min(levels, 9)  # each level multiplies the instances held (and built) by fan
        parts = ["FUNCTION_BLOCK B0\nVAR_INPUT x : DINT; END_VAR\nVAR_OUTPUT y : DINT; END_VAR\n"
                 "y := x + 1;\nEND_FUNCTION_BLOCK\n"]
        for n in range(1, levels + 1):
            calls = "\n".join(f"c{k}(x := x); y := y + c{k}.y;" for k in range(fan))
            inst = " ".join(f"c{k} : B{n - 1};" for k in range(fan))
            parts.append(f"FUNCTION_BLOCK B{n}\nVAR_INPUT x : DINT; END_VAR\nVAR_OUTPUT y : DINT; END_VAR\n"
                         f"VAR {inst} END_VAR\ny := 0;\n{calls}\nEND_FUNCTION_BLOCK\n")
        src = "".join(parts) + main_prog(f"top : B{levels};", "top(x := 1);")
    else:
        parts = ["FUNCTION F0 : DINT\nVAR_INPUT x : DINT; END_VAR\nF0 := x + 1;\nEND_FUNCTION\n"]
        for n in range(1, levels + 1):
            calls = " + ".join([f"F{n - 1}(x)"] * fan)
            parts.append(f"FUNCTION F{n} : DINT\nVAR_INPUT x : DINT; END_VAR\n"
                         f"F{n} := {calls};\nEND_FUNCTION\n")
        src = "".join(parts) + main_prog("y : DINT;", f"y := F{levels}(1);")
    comp, inst = verdict_or_located(src, scans=1)
    assert inst is not None, comp.format_diagnostics()
    calls = sum(fan ** k for k in range(1, levels + 1))
    cost = 4 if fb else 5  # a call counts 4, plus the values it builds (a function's result)
    assert (inst.fault is not None) == (calls * cost > 1_000_000), (calls, inst.fault)
    if inst.fault is not None:
        assert "watchdog" in inst.fault.message
