"""The choices written in docs/st-semantics.md, each checked on a running program."""

from __future__ import annotations

import math

import pytest

import st


def run(decls: str, body: str, extra: str = "", scans: int = 1):
    src = f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"
    comp = st.compile_source(src, "sem.st")
    assert comp.ok, comp.format_diagnostics()
    inst = comp.program.instantiate()
    for k in range(scans):
        inst.scan(k * 10)
    return inst


def errors(decls: str, body: str, extra: str = "") -> list:
    src = f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"
    comp = st.compile_source(src, "sem.st")
    assert not comp.ok
    return [d for d in comp.diagnostics if d.severity == "error"]


@pytest.mark.parametrize(
    "expr, typ, expected",
    [
        ("REAL_TO_INT(2.5)", "INT", 2),
        ("REAL_TO_INT(3.5)", "INT", 4),
        ("REAL_TO_INT(-2.5)", "INT", -2),
        ("REAL_TO_SINT(1000.0)", "SINT", 127),
        ("TRUNC(-2.7)", "DINT", -2),
        ("INT_TO_SINT(200)", "SINT", -56),
        ("INT_TO_BOOL(5)", "BOOL", True),
        ("TIME_TO_DINT(T#1s)", "DINT", 1000),
        ("STRING_TO_INT('x')", "INT", 0),
        ("STRING_TO_INT('42')", "INT", 42),
        ("REAL_TO_STRING(0.1)", "STRING", "0.1"),
        ("INT_TO_STRING(-5)", "STRING", "-5"),
        ("BOOL_TO_STRING(TRUE)", "STRING", "TRUE"),
        ("TO_INT(2.5)", "INT", 2),
        ("NOT BYTE#16#0F", "BYTE", 0xF0),
        ("LTIME_TO_LINT(LTIME#1ms)", "LINT", 1_000_000),
        ("SHL(BYTE#16#81, 1)", "BYTE", 0x02),
        ("ROL(BYTE#16#81, 1)", "BYTE", 0x03),
        ("ROR(WORD#1, 1)", "WORD", 0x8000),
    ],
)
def test_conversions_and_bit_functions(expr, typ, expected):
    inst = run(f"x : {typ};", f"x := {expr};")
    assert inst.read("x") == expected


def test_nan_to_int_is_zero_and_real_division_by_zero_is_ieee():
    inst = run(
        "z : REAL; inf : REAL; nan : REAL; i : INT;", "inf := 1.0 / z;\nnan := z / z;\ni := REAL_TO_INT(nan);"
    )
    assert inst.read("inf") == math.inf
    assert math.isnan(inst.read("nan"))
    assert inst.read("i") == 0
    assert inst.fault is None


def test_real_to_integer_of_nan_and_infinity_in_a_program_matches_the_library():
    # one rule for the generated code and st.stdlib: saturate at the range, NaN gives 0, no fault
    from st import stdlib

    inst = run(
        "z : REAL; nan : REAL; inf : REAL; a : INT; b : INT; c : SINT; d : DINT; e : DINT; f : UINT;"
        " t : TIME;",
        "inf := 1.0 / z;\nnan := z / z;\na := REAL_TO_INT(nan);\nb := REAL_TO_INT(inf);\n"
        "c := REAL_TO_SINT(-inf);\nd := TRUNC(nan);\ne := TRUNC(-inf);\nf := REAL_TO_UINT(-5.5);\n"
        "t := T#1s * nan;",
    )
    assert inst.fault is None
    got = [inst.read(n) for n in "abcdeft"]
    assert got == [0, 32767, -128, 0, -(2**31), 0, 0]
    assert got[:3] == [
        stdlib.round_half_even_int(math.nan, -32768, 32767),
        stdlib.round_half_even_int(math.inf, -32768, 32767),
        stdlib.round_half_even_int(-math.inf, -128, 127),
    ]


def test_shift_by_a_negative_count_leaves_the_value_and_expt_stays_exact():
    inst = run(
        "n : INT := -1; b : BYTE := 16#81; l : BYTE; r : BYTE; x : LREAL; y : LINT := 10; p : LINT := 23;",
        "l := SHL(b, n);\nr := SHR(b, n);\nx := EXPT(y, p);",
    )
    assert inst.fault is None
    assert (inst.read("l"), inst.read("r"), inst.read("x")) == (0x81, 0x81, 1e23)


def test_time_arithmetic_and_resolution():
    inst = run("a : TIME; b : TIME; c : TIME;", "a := T#1s * 2.5;\nb := T#1.5ms;\nc := T#1m - T#30s;")
    assert (inst.read("a"), inst.read("b"), inst.read("c")) == (2500, 1, 30_000)


def test_for_edge_cases():
    inst = run(
        "i : INT; j : INT; k : INT; n : INT; lim : INT := 3;",
        "FOR i := 5 TO 1 DO n := n + 1; END_FOR;\n"
        "FOR j := 1 TO 9 DO IF j = 3 THEN EXIT; END_IF; END_FOR;\n"
        "FOR k := 1 TO lim DO lim := lim + 1; END_FOR;",
    )
    assert (inst.read("i"), inst.read("n"), inst.read("j"), inst.read("k"), inst.read("lim")) == (
        5,
        0,
        3,
        4,
        6,
    )


def test_case_first_match_and_overlap_warning():
    src = (
        "PROGRAM Main\nVAR a : INT; s : INT := 3; END_VAR\n"
        "CASE s OF 1..5: a := 1; 3: a := 2; END_CASE;\nEND_PROGRAM\n"
    )
    comp = st.compile_source(src, "c.st")
    assert comp.ok
    assert any(d.code == "W403" for d in comp.diagnostics)
    inst = comp.program.instantiate()
    inst.scan(0)
    assert inst.read("a") == 1


def test_continue_in_repeat_tests_the_condition():
    inst = run("n : INT;", "REPEAT n := n + 1; CONTINUE; UNTIL n > 2 END_REPEAT;")
    assert inst.read("n") == 3


def test_arrays_and_structs_assign_by_value():
    extra = "TYPE Box : STRUCT w : INT; tags : ARRAY[1..2] OF INT; END_STRUCT; END_TYPE"
    inst = run(
        "a : ARRAY[1..3] OF INT; b : ARRAY[1..3] OF INT; p : Box; q : Box;",
        "b[1] := 7;\na := b;\nb[1] := 5;\np.tags[2] := 9;\nq := p;\np.tags[2] := 1;",
        extra,
    )
    assert (inst.read("a[1]"), inst.read("b[1]")) == (7, 5)
    assert (inst.read("q.tags[2]"), inst.read("p.tags[2]")) == (9, 1)



def test_copies_of_array_elements_structs_and_self_assignment_stay_independent():
    extra = """TYPE Box : STRUCT w : INT; tags : ARRAY[1..2] OF INT; END_STRUCT; END_TYPE
FUNCTION MakeBox : Box
VAR_INPUT w : INT; END_VAR
    MakeBox.w := w; MakeBox.tags[1] := w + 1;
END_FUNCTION"""
    inst = run(
        "shelf : ARRAY[1..2] OF Box; spare : ARRAY[1..2] OF Box;\n"
        "cur : Box; made : Box; xs : ARRAY[1..2] OF INT;",
        "shelf[2].tags[1] := 4;\ncur := shelf[2];\nshelf[2].tags[1] := 6;\n"
        "spare := shelf;\nshelf[2].w := 8;\ncur := cur;\nxs[1] := 3;\nxs := xs;\nmade := MakeBox(5);",
        extra,
    )
    assert (inst.read("cur.tags[1]"), inst.read("shelf[2].tags[1]")) == (4, 6)
    assert (inst.read("spare[2].tags[1]"), inst.read("spare[2].w"), inst.read("shelf[2].w")) == (6, 0, 8)
    assert (inst.read("xs[1]"), inst.read("made.w"), inst.read("made.tags[1]")) == (3, 5, 6)


def test_nested_arrays_of_structs_and_fb_outputs_are_copied_not_shared():
    extra = """TYPE Cell : STRUCT n : INT; END_STRUCT; END_TYPE
TYPE Rack : STRUCT cells : ARRAY[1..2] OF Cell; END_STRUCT; END_TYPE
FUNCTION_BLOCK Loader
VAR_OUTPUT out : ARRAY[1..2] OF Cell; END_VAR
    out[1].n := out[1].n + 10;
END_FUNCTION_BLOCK"""
    decls = (
        "grid : ARRAY[1..2] OF ARRAY[1..2] OF Cell; copy : ARRAY[1..2] OF ARRAY[1..2] OF Cell;\n"
        "r1 : Rack; r2 : Rack; ld : Loader; got : ARRAY[1..2] OF Cell;"
    )
    body = (
        "grid[2][1].n := 3;\ncopy := grid;\ngrid[2][1].n := 4;\n"
        "r1.cells[2].n := 7;\nr2 := r1;\nr1.cells[2].n := 8;\n"
        "ld(out => got);\ngot[1].n := got[1].n + 1;"
    )
    inst = run(decls, body, extra, scans=2)
    assert (inst.read("copy[2][1].n"), inst.read("grid[2][1].n")) == (3, 4)
    assert (inst.read("r2.cells[2].n"), inst.read("r1.cells[2].n")) == (7, 8)
    assert (inst.read("ld.out[1].n"), inst.read("got[1].n")) == (20, 21)

def test_in_out_scalars_come_back_and_arrays_are_shared():
    extra = """FUNCTION_BLOCK Swapper
VAR_IN_OUT a : INT; b : INT; buf : ARRAY[1..2] OF INT; END_VAR
VAR t : INT; END_VAR
    t := a; a := b; b := t; buf[2] := 42;
END_FUNCTION_BLOCK"""
    inst = run(
        "x : INT := 1; y : INT := 2; s : Swapper; data : ARRAY[1..2] OF INT;",
        "s(a := x, b := y, buf := data);",
        extra,
    )
    assert (inst.read("x"), inst.read("y"), inst.read("data[2]")) == (2, 1, 42)


def test_negated_output_arrow_and_missing_fb_inputs_keep_their_value():
    extra = """FUNCTION_BLOCK Gate
VAR_INPUT en : BOOL; lim : INT := 5; END_VAR
VAR_OUTPUT q : BOOL; seen : INT; END_VAR
    q := en; seen := lim;
END_FUNCTION_BLOCK"""
    inst = run(
        "g : Gate; idle : BOOL; v : INT;",
        "g(en := TRUE, lim := 9, NOT q => idle);\ng(en := TRUE, seen => v);",
        extra,
    )
    assert inst.read("idle") is False
    assert inst.read("v") == 9


def test_enum_defaults_and_counting():
    extra = "TYPE Mode : (Idle, Run := 5, Stop); END_TYPE"
    inst = run("m : Mode;", "m := Stop;", extra)
    assert inst.read("m") == 6
    node = next(v for v in inst.variables() if v.name == "m")
    assert node.value == "Stop" and node.type_name == "Mode"


@pytest.mark.parametrize(
    "decls, body, code",
    [
        ("i : INT; d : DINT;", "i := d;", "E305"),
        ("i : INT;", "i := 40000;", "E304"),
        ("i : INT; a : INT;", "i := a / 0;", "E309"),
        ("i : INT;", "EXIT;", "E404"),
        ("i : INT;", "FOR i := 1 TO 3 BY 0 DO END_FOR;", "E315"),
        ("r : REAL; d : DINT;", "r := d;", "E305"),
        ("i : INT;", "i := Undeclared + 1;", "E201"),
    ],
)
def test_compile_errors_have_their_codes(decls, body, code):
    assert code in [d.code for d in errors(decls, body)]


def test_narrowing_message_names_both_types_and_the_conversion():
    (err,) = errors("i : INT; r : REAL;", "i := r;")
    assert err.message == "cannot assign REAL to INT: use REAL_TO_INT(...)"


def test_recursion_and_self_containing_fb_are_refused():
    rec = """FUNCTION F : INT
VAR_INPUT n : INT; END_VAR
    F := F(n - 1);
END_FUNCTION
PROGRAM Main
VAR x : INT; END_VAR
    x := F(3);
END_PROGRAM
"""
    comp = st.compile_source(rec, "r.st")
    assert "E408" in [d.code for d in comp.diagnostics]
    nest = (
        "FUNCTION_BLOCK A\nVAR inner : A; END_VAR\nEND_FUNCTION_BLOCK\n"
        "PROGRAM Main\nVAR a : A; END_VAR\nEND_PROGRAM\n"
    )
    assert "E403" in [d.code for d in st.compile_source(nest, "n.st").diagnostics]


def test_constants_are_read_only_but_an_fb_may_assign_its_own_input():
    src = """FUNCTION_BLOCK Motor
VAR_INPUT start : BOOL; END_VAR
    start := FALSE;
END_FUNCTION_BLOCK
PROGRAM Main
VAR m : Motor; END_VAR
VAR CONSTANT k : INT := 3; END_VAR
    m(start := TRUE);
    k := 4;
END_PROGRAM
"""
    errs = [d for d in st.compile_source(src, "m.st").diagnostics if d.severity == "error"]
    assert [(d.line, d.code) for d in errs] == [(9, "E401")]


def test_program_choice_by_configuration():
    src = """PROGRAM A
VAR n : INT; END_VAR
    n := 1;
END_PROGRAM
PROGRAM B
VAR n : INT; END_VAR
    n := 2;
END_PROGRAM
"""
    assert "E409" in [d.code for d in st.compile_source(src, "p.st").diagnostics]
    conf = (
        src
        + "CONFIGURATION C\nRESOURCE R ON PLC\nTASK T (INTERVAL := T#10ms);\n"
        + "PROGRAM P WITH T : B;\nEND_RESOURCE\nEND_CONFIGURATION\n"
    )
    comp = st.compile_source(conf, "p.st")
    assert comp.ok, comp.format_diagnostics()
    inst = comp.program.instantiate()
    inst.scan(0)
    assert inst.read("n") == 2


def test_folded_constant_division_and_mod_match_the_running_program():
    inst = run(
        "x : INT := -7; y : INT := 2; m : INT := -2; a : INT; b : INT; c : INT; d : INT; e : INT; f : INT;",
        "a := -7 / 2; b := x / y;\nc := -7 MOD 2; d := x MOD y;\ne := 7 MOD -2; f := -x MOD m;",
    )
    assert [inst.read(n) for n in "abcdef"] == [-3, -3, -1, -1, 1, 1]
