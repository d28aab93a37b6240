"""What CODESYS accepts that IEC-strict compilers reject (issue 9, measured on the STruC++ validation
tests and OSCAT BASIC): bit strings in arithmetic, TRUNC typed by its context, THIS/SUPER without the
caret, implicit dereference, an FB writing its own outputs. Every test checks values after scans, in
the fast and the debug build, or the diagnostic a wrong program gets."""

from __future__ import annotations

import pytest


def both(kit, source: str, scans: int = 1):
    return kit.run(source, scans), kit.run(source, scans, debug=True)


# ----------------------------------------------------------------------------- bit strings as numbers


def test_a_bit_string_mixes_with_real_as_its_unsigned_integer(kit):
    src = kit.main(
        "b : BYTE := 200; w : WORD := 1000; dw : DWORD := 7; r : REAL := 1.5; lr : LREAL;"
        "x : REAL; y : REAL; z : REAL; big : BOOL;",
        "x := r * b; y := w / 255.0 + r; z := b; lr := dw * r; big := b > 199.5;",
    )
    for plc in both(kit, src):
        assert plc["x"] == 300.0
        assert plc["y"] == pytest.approx(1000 / 255 + 1.5, rel=1e-6)
        assert plc["z"] == 200.0
        assert plc["lr"] == 10.5  # DWORD with REAL is LREAL, as UDINT with REAL
        assert plc["big"] is True


def test_a_bit_string_is_passed_to_a_real_parameter_and_stored_in_a_real_element(kit):
    src = kit.main(
        "b : BYTE := 5; w : WORD := 3; dw : DWORD := 16#FFFFFFFF; h : REAL; f : Fb; y : LREAL; m : REAL;"
        "arr : ARRAY[0..1] OF REAL;",
        "h := Half(b); f(x := dw); y := f.y; m := MAX(b, 2.5); arr[1] := w;",
        "FUNCTION Half : REAL VAR_INPUT x : REAL; END_VAR Half := x / 2.0; END_FUNCTION\n"
        "FUNCTION_BLOCK Fb VAR_INPUT x : LREAL; END_VAR VAR_OUTPUT y : LREAL; END_VAR y := x * 2.0; "
        "END_FUNCTION_BLOCK",
    )
    for plc in both(kit, src):
        assert (plc["h"], plc["y"], plc["m"], plc["arr"]) == (2.5, 8589934590.0, 5.0, [0.0, 3.0])


def test_a_dword_with_real_is_lreal_so_storing_it_in_real_needs_a_conversion(kit):
    comp = kit.compile_errors(kit.main("dw : DWORD; r : REAL;", "r := r * dw;"))
    assert [d.code for d in comp.errors] == ["E305"], comp.format_diagnostics()
    assert "LREAL" in comp.errors[0].message


def test_unary_minus_of_a_bit_string_is_computed_as_an_integer_and_wraps_on_store(kit):
    src = kit.main(
        "step : BYTE := 1; b : BYTE := 200; i : INT; n : INT; b2 : BYTE; d : DINT; neg : BOOL; k : INT;",
        "i := -b; n := -b + 1; b2 := -b; d := -b * 2; neg := -b < 0; k := Inc(10, -step);",
        "FUNCTION Inc : INT VAR_INPUT x : INT; dx : INT; END_VAR Inc := x + dx; END_FUNCTION",
    )
    for plc in both(kit, src, 2):
        assert (plc["i"], plc["n"], plc["b2"], plc["d"]) == (-200, -199, 56, -400)
        assert plc["neg"] is True
        assert plc["k"] == 9  # OSCAT's inc(cnt, -step, mx) counts down


def test_trunc_gives_the_integer_type_its_context_expects(kit):
    src = kit.main(
        "r : REAL := 300.7; m : REAL := -2.7; b : BYTE; i : INT; s : SINT; l : LINT; d : DINT; "
        "lr : LREAL := 1.0E12; p : DINT;",
        "b := INT_TO_BYTE(TRUNC(r)); i := TRUNC(r); s := TRUNC(r); l := TRUNC(lr); d := TRUNC(lr); "
        "p := TRUNC(m) * 2;",
    )
    for plc in both(kit, src):
        assert plc["b"] == 44  # 300 as INT, then to BYTE
        assert plc["i"] == 300
        assert plc["s"] == 127  # saturates in SINT, as REAL_TO_SINT
        assert plc["l"] == 1_000_000_000_000
        assert plc["d"] == 2147483647
        assert plc["p"] == -4  # inside an expression it stays DINT


def test_bit_strings_keep_their_strict_rules_where_codesys_has_them(kit):
    # a narrowing store still needs a conversion
    comp = kit.compile_errors(kit.main("b : BYTE; r : REAL;", "b := r * b;"))
    assert [d.code for d in comp.errors] == ["E305"], comp.format_diagnostics()


# ----------------------------------------------------------------------------- THIS, SUPER, references

SHAPES = """
FUNCTION_BLOCK Base
VAR_OUTPUT n : INT; r : INT; END_VAR
METHOD Step : INT
    Step := 1;
END_METHOD
    n := n + THIS.Step();
END_FUNCTION_BLOCK
FUNCTION_BLOCK Derived EXTENDS Base
VAR_OUTPUT own : INT; END_VAR
METHOD Step : INT
    Step := 10 + SUPER.Step();
END_METHOD
    SUPER();
    THIS.own := THIS.own + 1;
    r := THIS^.Step();
END_FUNCTION_BLOCK
"""


def test_this_and_super_without_the_caret_are_the_iec_form_of_this_caret(kit):
    src = kit.main("b : Base; d : Derived;", "b(); d();", SHAPES)
    for plc in both(kit, src, 3):
        assert plc["b.n"] == 3  # THIS.Step() is Base's own method
        assert plc["d.n"] == 33  # SUPER() runs Base's body on d, where Step is Derived's: 11 per scan
        assert plc["d.own"] == 3
        assert plc["d.r"] == 11
    comp = kit.compile_ok(src)
    assert not [d for d in comp.diagnostics if d.severity == "warning" and "THIS" in d.message]


def test_a_ref_to_is_reached_only_through_the_caret_and_the_error_says_so(kit):
    decl = "TYPE Pt : STRUCT x : INT; END_STRUCT; END_TYPE"
    comp = kit.compile_errors(kit.main("p : Pt; r : REF_TO Pt; v : INT;", "r := REF(p); v := r.x;", decl))
    assert [d.code for d in comp.errors] == ["E209"], comp.format_diagnostics()
    assert "write r^.x" in comp.errors[0].message
    comp = kit.compile_errors(
        kit.main("c : Base; r : REF_TO Base; v : INT;", "r := REF(c); v := r.Step();", SHAPES)
    )
    assert "write r^.Step" in comp.errors[0].message
    src = kit.main("p : Pt; r : REF_TO Pt; q : REFERENCE TO Pt; v : INT; w : INT;",
                   "r := REF(p); q REF= p; r^.x := 4; v := r^.x; w := q.x + 1;", decl)
    for plc in both(kit, src):
        assert (plc["p.x"], plc["v"], plc["w"]) == (4, 4, 5)  # a REFERENCE TO needs no caret


OUTPUTS = """
FUNCTION_BLOCK Box
VAR_OUTPUT level : INT; END_VAR
METHOD Fill
VAR_OUTPUT before : INT; END_VAR
    before := level;
    level := level + 2;
    THIS^.level := THIS^.level + 1;
END_METHOD
    level := level * 10;
END_FUNCTION_BLOCK
"""


def test_a_block_writes_its_own_outputs_in_its_body_and_methods_a_method_its_own_outputs(kit):
    src = kit.main("b : Box; was : INT;", "b.Fill(before => was); b();", OUTPUTS)
    for plc in both(kit, src, 2):
        assert plc["b.level"] == 330  # (0 + 3) * 10, then (30 + 3) * 10
        assert plc["was"] == 30


def test_an_output_of_another_instance_is_still_not_written(kit):
    holder = OUTPUTS + "FUNCTION_BLOCK Holder VAR inner : Box; END_VAR inner.level := 1; END_FUNCTION_BLOCK"
    for src in (kit.main("h : Holder;", "h();", holder), kit.main("b : Box;", "b.level := 5;", OUTPUTS)):
        comp = kit.compile_errors(src)
        assert [d.code for d in comp.errors] == ["E401"], comp.format_diagnostics()
        assert "it is an output of the function block" in comp.errors[0].message
