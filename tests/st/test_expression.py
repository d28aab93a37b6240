"""st.compile_expression: one ST expression read against a running program, with the program's own
grammar, types and semantics (the debugger's watches and breakpoint conditions go through it)."""

from __future__ import annotations

import pytest

import st
from tests.st.conftest import Plc, compile_ok

SOURCE = """
TYPE Colour : (Red, Green, Blue); END_TYPE
TYPE Cell : STRUCT Busy : BOOL; Count : INT; END_STRUCT END_TYPE
VAR_GLOBAL MaxParts : INT := 4; END_VAR
FUNCTION Twice : INT VAR_INPUT a : INT; END_VAR Twice := a * 2; END_FUNCTION
PROGRAM Main
VAR
  Counter : INT := 32765;
  Big : DINT := 2147483645;
  Small : SINT := 100;
  Timer1 : TON;
  Run AT %IX0.0 : BOOL;
  Lamp AT %QX0.0 : BOOL;
  Colour1 : Colour := Green;
  Cells : ARRAY[1..3] OF Cell;
  i : INT := 2;
  Zero : INT := 0;
  r, Least : REAL := 1.0E10;
  Next, Half, Converted : INT;
  LaterT : TIME;
END_VAR
VAR_TEMP Scratch : INT; END_VAR
Counter := Counter + 1;
Big := Big + 1;
Next := Counter + 1;           (* what the program itself makes of the watch 'Counter + 1' *)
Half := (Counter + 1) / 2;
Converted := SINT_TO_INT(Small + Small);
Least := MIN(r, 16777217.0);
Timer1(IN := Run, PT := T#2s);
LaterT := Timer1.ET + T#1s;
Cells[i].Busy := TRUE;
Cells[i].Count := Cells[i].Count + 1;
Lamp := Timer1.Q;
Scratch := Twice(MaxParts);
END_PROGRAM
"""


@pytest.fixture(scope="module")
def program():
    return compile_ok(SOURCE).program


@pytest.fixture
def plc(program):
    p = Plc(program.instantiate())
    p.inst.set_input("%IX0.0", True)
    return p


def value(program, plc, text):
    ex = st.compile_expression(text, program)
    assert ex.ok, ex.diagnostics
    return ex.evaluate(plc.inst)


def test_integer_overflow_wraps_as_the_program_does(program, plc):
    plc.scan(2)  # Counter 32767: the program's Next (Counter + 1, stored to INT) wrapped to -32768
    assert plc["Counter"] == 32767
    ex = st.compile_expression("Counter + 1", program)
    assert (ex.type_name, ex.evaluate(plc.inst)) == ("INT", plc["Next"]) == ("INT", -32768)
    # intermediates in 32 bits, as in the program: (32767 + 1) / 2 = 16384, not -16384
    assert value(program, plc, "(Counter + 1) / 2") == plc["Half"] == 16384
    assert value(program, plc, "Big + 1") == -2147483648  # Big = 2147483647 now: DINT wraps at 32 bits
    assert value(program, plc, "SINT_TO_INT(Small + Small)") == plc["Converted"]  # as the program converts


def test_time_literals_and_arithmetic_and_fb_outputs(program, plc):
    plc.scan(5)  # Run from t = 0: ET = 40 ms after the scan at 40 ms
    ex = st.compile_expression("Timer1.ET + T#1s", program)
    assert (ex.type_name, ex.evaluate(plc.inst)) == ("TIME", 1040)
    assert ex.evaluate(plc.inst) == plc["LaterT"]
    assert value(program, plc, "Timer1.ET >= T#40ms AND NOT Timer1.Q") is True
    assert value(program, plc, "TIME_TO_DINT(Timer1.ET)") == 40
    assert value(program, plc, "T#1.5ms") == 1  # TIME holds whole ms, as the compiler reads it
    assert value(program, plc, "LT#1s") == 1_000_000_000


def test_enums_structs_arrays_and_addresses(program, plc):
    plc.scan(3)
    ex = st.compile_expression("Colour1", program)
    assert (ex.type_name, ex.evaluate(plc.inst), ex.is_path) == ("Colour", "Green", True)
    assert value(program, plc, "Colour1 = Green AND Colour1 <> Colour#Blue") is True
    assert value(program, plc, "Cells[2].Busy AND NOT Cells[1].Busy") is True
    assert value(program, plc, "Cells[i].Count * 10") == 30
    assert value(program, plc, "%IX0.0 AND Run") is True
    assert value(program, plc, "MaxParts + 1") == 5  # a global
    assert value(program, plc, "LIMIT(MN := 0, IN := Cells[2].Count, MX := 2) + ABS(-MaxParts)") == 6
    assert value(program, plc, "'); import os; ('") == "); import os; ("  # only ever a string
    assert value(program, plc, "MIN(r, 16777217.0)") == plc["Least"]  # REAL as the program computes it


def test_paths_are_told_apart_from_expressions(program):
    assert st.compile_expression("Cells[2].Busy", program).is_path
    assert st.compile_expression("Timer1", program).is_path
    assert st.compile_expression("%IX0.0", program).is_path
    assert not st.compile_expression("Cells[i].Busy", program).is_path  # the element moves with i
    assert not st.compile_expression("Counter + 0", program).is_path


def test_a_conversion_inside_arithmetic(program, plc):
    # the wrap of a conversion composes inside a larger expression (issue 9's parentheses)
    plc.scan(5)
    assert value(program, plc, "TIME_TO_DINT(Timer1.ET) * 2") == 80


def test_a_runtime_fault_is_an_expression_error(program, plc):
    plc.scan(1)
    with pytest.raises(st.ExpressionError, match="division by zero"):
        value(program, plc, "Counter / Zero")
    with pytest.raises(st.ExpressionError, match="index 5 out of range 1..3 for Cells"):
        value(program, plc, "Cells[i + 3].Busy")
    assert plc.fault is None  # the PLC does not stop for a watch
    with pytest.raises(st.ExpressionError, match="watch one of its members"):
        st.compile_expression("Timer1", program).evaluate(plc.inst)


def _only_error(ex):
    errors = [d for d in ex.diagnostics if d.severity == "error"]
    assert not ex.ok and errors, ex.diagnostics
    return errors[0]


@pytest.mark.parametrize("text, col, code, words", [
    ("Counter + Countr", 11, "E201", "'Countr' is not declared; did you mean 'Counter'?"),
    ("Counter + TRUE", 1, "E306", "'+' needs numbers, not INT and BOOL"),
    ("(Counter + 1", 13, "E101", "expected ')', found the end of the expression"),
    ("Counter $ 1", 9, "E102", "unexpected character '$'"),
    ("Run AND T#5x", 9, "E104", "unknown time unit"),
    ("Colour1 = Purple", 11, "E201", "'Purple' is not declared"),
    ("Cells[4].Busy", 7, "E308", "index 4 is out of range 1..3"),
    ("INT#70000 > 0", 1, "E304", "does not fit INT"),
    ("%IX0.7", 1, "E201", "the program uses no address %IX0.7"),
    ("Scratch > 0", 1, "E201", "VAR_TEMP"),
])
def test_diagnostics_point_into_the_expression(program, text, col, code, words):
    d = _only_error(st.compile_expression(text, program))
    assert (d.line, d.col, d.code) == (1, col, code)
    assert words in d.message


@pytest.mark.parametrize("text, words", [
    ("Counter := 1", "':=' assigns"),
    ("Timer1(IN := FALSE)", "would run the function block"),
    ("Twice(2) > 0", "user FUNCTION"),
    ("Cells[1](IN := 1)", "only standard functions"),
])
def test_nothing_that_could_change_the_program_is_accepted(program, plc, text, words):
    plc.scan(3)
    before = (plc["Counter"], plc["Timer1.ET"], plc["Timer1.IN"])
    d = _only_error(st.compile_expression(text, program))
    assert d.code == "E415" and words in d.message
    assert (plc["Counter"], plc["Timer1.ET"], plc["Timer1.IN"]) == before


def test_the_program_gains_nothing_from_an_expression(program):
    addresses = dict(program.checked.addresses)
    types = len(program.checked.types)
    st.compile_expression("%QX7.7 OR %IX3.1", program)
    st.compile_expression("Counter * 2 > MaxParts", program)
    assert program.checked.addresses == addresses and len(program.checked.types) == types


@pytest.mark.parametrize("text", [
    "__import__('os').system('true')",
    "Counter ) + (1",
    "(" * 3000 + "1" + ")" * 3000,
    "\x00\ufeff\u017f",
    "",
    "   ",
    None,
    b"Counter",
])
def test_hostile_text_gives_diagnostics_never_an_exception(program, text):
    ex = st.compile_expression(text, program)
    assert not ex.ok and ex.message
    with pytest.raises(st.ExpressionError):
        ex.evaluate(program.instantiate())


def test_nesting_that_python_cannot_compile_is_a_diagnostic(program):
    ex = st.compile_expression("NOT (" * 250 + "Run" + ")" * 250, program)
    assert not ex.ok and "nested too deeply" in ex.message


def test_an_expression_needs_a_compiled_program(program):
    ex = st.compile_expression("Counter", None)
    assert not ex.ok and "not compiled" in ex.message
    other = compile_ok("PROGRAM P VAR Counter : INT; END_VAR Counter := 1; END_PROGRAM").program
    with pytest.raises(st.ExpressionError, match="another program"):
        st.compile_expression("Counter", program).evaluate(other.instantiate())
