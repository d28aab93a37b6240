"""No input text produces a Python traceback: mutated valid programs and random text give back
a program or diagnostics; a mutant that compiles also runs a few scans without raising."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

PROGRAMS = Path(__file__).resolve().parent / "programs"
BENCH = Path(__file__).resolve().parents[2] / "bench" / "programs"

TOKEN = re.compile(
    r"\(\*.*?\*\)|//[^\n]*|'(?:\$.|[^'$])*'|[A-Za-z_][A-Za-z0-9_]*#[A-Za-z0-9_.#:\-]+|%[IQM][XBWDL]?[\d.]+"
    r"|[A-Za-z_][A-Za-z0-9_]*|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|:=|=>|<=|>=|<>|\*\*|\.\.|\s+|.",
    re.S,
)

SEED_SOURCES = [
    (PROGRAMS / "conveyor_cell.st").read_text(),
    """PROGRAM Main
VAR
    Start AT %IX0.0 : BOOL; Motor AT %QX0.0 : BOOL; T1 : TON; n : INT; r : REAL := 1.5;
    a : ARRAY[1..4] OF INT; s : STRING(12) := 'ok'; i : INT;
END_VAR
    T1(IN := Start, PT := T#30ms);
    Motor := T1.Q OR Motor;
    FOR i := 1 TO 4 DO a[i] := a[i] + i * n; END_FOR;
    CASE n OF 0..3: n := n + 1; ELSE n := 0; END_CASE;
    WHILE n > 10 DO n := n - 1; END_WHILE;
    r := r * 2.0 / 3.0;
    s := CONCAT(s, '!');
END_PROGRAM
""",
]
SEEDS = [[m.group(0) for m in TOKEN.finditer(src)] for src in SEED_SOURCES]
ALPHABET = "abcXYZ019_:=;.,()[]'\"$%#*{}/<>+-&|^\\\n\t \x00é∑"
FUZZ = settings(
    max_examples=150,
    deadline=timedelta(seconds=10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)


def compile_and_run(text: str) -> None:
    import st

    comp = st.compile_source(text, filename="fuzz.st")
    assert isinstance(comp.ok, bool)
    assert isinstance(comp.diagnostics, list)
    if comp.ok:
        assert comp.program is not None
        inst = comp.program.instantiate()
        for k in range(3):
            inst.scan(k * 10)  # a runtime fault is fine; a Python exception is not
        inst.variables()
    else:
        assert comp.program is None
        assert any(d.severity == "error" for d in comp.diagnostics)
        for d in comp.diagnostics:
            assert isinstance(d.line, int) and isinstance(d.col, int) and d.message
        comp.format_diagnostics()


@hs.composite
def mutants(draw) -> str:
    tokens = list(draw(hs.sampled_from(SEEDS)))
    for _ in range(draw(hs.integers(1, 4))):
        op = draw(hs.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "replace"]))
        if not tokens:
            break
        i = draw(hs.integers(0, len(tokens) - 1))
        if op == "delete":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, tokens[i])
        elif op == "swap":
            j = draw(hs.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "truncate":
            tokens = tokens[:i]
        elif op == "insert":
            tokens.insert(i, draw(hs.text(alphabet=ALPHABET, min_size=1, max_size=4)))
        else:
            tokens[i] = draw(hs.sampled_from(draw(hs.sampled_from(SEEDS))))
    return "".join(tokens)


def test_seeds_are_valid_programs(kit):
    for src in SEED_SOURCES:
        kit.compile_ok(src)


@FUZZ
@given(mutants())
def test_mutated_programs_compile_or_report_never_raise(text):
    compile_and_run(text)


@settings(FUZZ, max_examples=100)
@given(hs.text(max_size=300))
def test_random_text_never_raises(text):
    compile_and_run(text)


@settings(FUZZ, max_examples=50)
@given(hs.text(alphabet=ALPHABET, max_size=200))
def test_random_st_flavoured_text_never_raises(text):
    compile_and_run("PROGRAM Main\nVAR x : INT; END_VAR\n" + text + "\nEND_PROGRAM\n")


PATHOLOGICAL = [
    "",
    "\x00\x00\x00",
    "PROGRAM",
    "PROGRAM Main END_PROGRAM",
    "PROGRAM Main\nVAR x : INT; END_VAR\nx := " + "(" * 5000 + "1" + ")" * 5000 + ";\nEND_PROGRAM\n",
    "PROGRAM Main\nVAR x : INT; END_VAR\n" + "IF TRUE THEN " * 2000 + "x := 1;" + " END_IF;" * 2000
    + "\nEND_PROGRAM\n",
    "PROGRAM Main\nVAR x : INT; END_VAR\nx := " + " + ".join(["1"] * 20000) + ";\nEND_PROGRAM\n",
    "PROGRAM Main\nVAR " + "a" * 10000 + " : INT; END_VAR\nEND_PROGRAM\n",
    "PROGRAM Main\nVAR x : INT := 99999999999999999999999999999; END_VAR\nEND_PROGRAM\n",
    "\ufeffPROGRAM Main\nVAR x : INT; END_VAR\nx := 1;\nEND_PROGRAM\n",
    "PROGRAM Main\r\nVAR x : INT; END_VAR\r\nx := 1;\r\nEND_PROGRAM\r\n",
    "(* never closed",
    "PROGRAM Main VAR s : STRING; END_VAR s := 'never closed; END_PROGRAM",
    "\ud800",
    "PROGRAM Main\nVAR x : INT; END_VAR\nx := 16#;\nx := T#;\nx := 2#2;\nEND_PROGRAM\n",
]


@pytest.mark.parametrize("text", PATHOLOGICAL, ids=range(len(PATHOLOGICAL)))
def test_pathological_inputs_never_raise(text):
    compile_and_run(text)


@pytest.mark.parametrize(
    "decl",
    ["a : ARRAY[1..100000000] OF INT;", "s : STRING[1000000000];", "g : ARRAY[1..99999, 1..99999] OF LREAL;"],
)
def test_huge_declarations_compile_or_report_never_raise(decl):
    # compile only: instantiating a 10**8-element array is the user's choice, not a test's
    import st

    comp = st.compile_source(f"PROGRAM Main\nVAR {decl} END_VAR\nEND_PROGRAM\n", filename="fuzz.st")
    assert isinstance(comp.ok, bool)
    comp.format_diagnostics()
