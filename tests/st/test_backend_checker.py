"""Checker diagnostics: the message a user reads for each kind of mistake, at the right place."""

from __future__ import annotations

import pytest

import st

FB = """FUNCTION_BLOCK Valve
VAR_INPUT open : BOOL; limit_ms : TIME; END_VAR
VAR_OUTPUT isOpen : BOOL; END_VAR
VAR_IN_OUT count : INT; END_VAR
    isOpen := open;
END_FUNCTION_BLOCK
TYPE Color : (Red, Green); END_TYPE
TYPE Light : (Off, Red); END_TYPE
"""


def diags(decls: str, body: str, extra: str = FB):
    src = f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"
    comp = st.compile_source(src, "chk.st")
    first_body_line = src.count("\n", 0, src.index(body)) + 1
    return comp, first_body_line


@pytest.mark.parametrize(
    "decls, body, message",
    [
        ("motor : BOOL;", "motr := TRUE;", "'motr' is not declared; did you mean 'motor'?"),
        (
            "v : Valve; n : INT;",
            "v(opne := TRUE, count := n);",
            "Valve has no parameter 'opne'; did you mean 'open'?",
        ),
        ("v : Valve;", "v(open := TRUE);", "the VAR_IN_OUT 'count' of Valve must be given in every call"),
        (
            "v : Valve; n : INT; b : BOOL;",
            "v(open => b, count := n);",
            "'open' is an input of Valve: use ':=' not '=>'",
        ),
        ("v : Valve; n : INT;", "v(open := 5, count := n);", "cannot pass the integer 5 to BOOL"),
        (
            "v : Valve; n : INT; b : BOOL;",
            "b := v(open := TRUE, count := n);",
            "a function block call is a statement",
        ),
        ("v : Valve; n : INT;", "v.isOpen := TRUE;", "cannot assign to 'isOpen': it is an output"),
        ("c : Color;", "c := Red;", "'Red' is a value of several enumerations: write Color#Red, Light#Red"),
        ("c : Color; n : INT;", "c := n;", "cannot assign INT to Color: write Color#<value>"),
        ("t : TIME; n : INT;", "t := n;", "cannot assign INT to TIME: use INT_TO_TIME(...)"),
        ("s : SINT;", "s := 200;", "the literal 200 does not fit SINT (-128..127)"),
        ("r : REAL;", "FOR r := 1 TO 3 DO END_FOR;", "the FOR variable 'r' must be an integer, not REAL"),
        ("n : INT;", "IF n THEN n := 1; END_IF;", "a condition must be BOOL, not INT"),
        ("x : Valve2;", "", "unknown type 'Valve2'; did you mean 'Valve'?"),
        ("a : ARRAY[1..3] OF INT;", "a[4] := 1;", "index 4 is out of range 1..3 for 'a'"),
        ("n : INT;", "n := TON(1);", "'TON' is a function block type: declare an instance"),
        ("n : INT;", "n := SEL(n, 1, 2);", "SEL: the selector G must be BOOL, not INT"),
        ("n : INT;", "n := MAXX(1, 2);", "'MAXX' is not declared; did you mean 'MAX'?"),
        ("w : WORD;", "w.16 := TRUE;", "bit 16 does not exist in WORD (bits 0..15)"),
        ("s : STRING;", "s := 5;", "cannot assign the integer 5 to STRING"),
    ],
)
def test_error_messages(decls, body, message):
    comp, _line = diags(decls, body)
    msgs = [d.message for d in comp.diagnostics if d.severity == "error"]
    assert any(message in m for m in msgs), msgs


def test_error_positions_point_at_the_offending_text():
    comp, line = diags("motor : BOOL; n : INT;", "n := 1;\n    motr := TRUE;\n    n := n + 2.5;")
    errs = [d for d in comp.diagnostics if d.severity == "error"]
    assert [(d.line, d.col) for d in errs] == [(line + 1, 5), (line + 2, 10)]
    assert "cannot assign LREAL to INT" in errs[1].message or "REAL" in errs[1].message


def test_warnings_for_unused_variables_and_unwritten_outputs():
    src = """FUNCTION_BLOCK Pump
VAR_INPUT run : BOOL; END_VAR
VAR_OUTPUT running : BOOL; fault : BOOL; END_VAR
VAR spare : INT; END_VAR
    running := run;
END_FUNCTION_BLOCK
PROGRAM Main
VAR p : Pump; END_VAR
    p(run := TRUE);
END_PROGRAM
"""
    comp = st.compile_source(src, "w.st")
    assert comp.ok
    warnings = {(d.code, d.line) for d in comp.diagnostics if d.severity == "warning"}
    assert warnings == {("W202", 3), ("W201", 4)}


def test_external_must_match_a_global():
    src = """VAR_GLOBAL g : INT; END_VAR
FUNCTION_BLOCK User
VAR_EXTERNAL g : BOOL; h : INT; END_VAR
END_FUNCTION_BLOCK
PROGRAM Main
VAR u : User; END_VAR
    u();
END_PROGRAM
"""
    msgs = [d.message for d in st.compile_source(src, "e.st").diagnostics if d.severity == "error"]
    assert "VAR_EXTERNAL 'g' is BOOL but the global is INT" in msgs
    assert "VAR_EXTERNAL 'h' has no matching VAR_GLOBAL" in msgs


def test_globals_are_shared_between_program_and_fbs():
    src = """VAR_GLOBAL total : INT; END_VAR
FUNCTION_BLOCK Adder
VAR_EXTERNAL total : INT; END_VAR
    total := total + 5;
END_FUNCTION_BLOCK
PROGRAM Main
VAR a : Adder; seen : INT; END_VAR
    a();
    seen := total;
END_PROGRAM
"""
    comp = st.compile_source(src, "g.st")
    assert comp.ok, comp.format_diagnostics()
    inst = comp.program.instantiate()
    inst.scan(0)
    inst.scan(10)
    assert inst.read("seen") == 10 and inst.read("total") == 10


def test_many_errors_are_reported_in_one_pass_and_no_program_is_built():
    body = "\n".join(f"    x{i} := 1;" for i in range(8))
    comp, _ = diags("n : INT;", body)
    assert len([d for d in comp.diagnostics if d.severity == "error"]) == 8
    assert comp.program is None and not comp.ok
