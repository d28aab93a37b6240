"""Values a 32/64-bit PLC computes (issues 9 and 18): wrap code composes in any expression, 32- and
64-bit intermediates wrap, values bound to parameters are reduced to the parameter's type, REAL
literals are float32 wherever they stand, untyped literals take their type from the context."""

from __future__ import annotations

import pytest


def one_scan(kit, decls: str, body: str, extra: str = ""):
    return kit.run(kit.main(decls, body, extra), scans=1)


# ------------------------------------------------------------------ issue 9: wrap code parenthesised


@pytest.mark.parametrize(
    "expr, typ, expected",
    [
        ("DINT_TO_INT(d) * 2", "INT", 10),
        ("-DINT_TO_INT(d)", "INT", -5),
        ("T#1s * DINT_TO_INT(d)", "TIME", 5000),
        ("TO_INT(d) * 2", "INT", 10),
        ("WORD_TO_INT(w) * 2", "INT", 10),
        ("DINT_TO_SINT(d) * 3", "INT", 15),
        ("SHL(i, 1) * 2", "INT", 20),
        ("-ROL(i, 1)", "INT", -10),
        ("SHR(i, 1) - 1", "INT", 1),
    ],
)
def test_narrowing_conversion_and_signed_shift_inside_a_larger_expression(kit, expr, typ, expected):
    plc = one_scan(kit, f"d : DINT := 5; w : WORD := 5; i : INT := 5; out : {typ};", f"out := {expr};")
    assert plc["out"] == expected


def test_narrowing_conversion_as_an_array_index(kit):
    decls = "d : DINT := 5; a : ARRAY[0..20] OF INT; out : INT;"
    plc = one_scan(kit, decls, "a[10] := 7;\nout := a[DINT_TO_INT(d) * 2];")
    assert plc.fault is None
    assert plc["out"] == 7


GCD = """
FUNCTION GCD : INT
VAR_INPUT a : INT; b : INT; END_VAR
VAR x : INT; y : INT; t : INT; END_VAR
x := ABS(a); y := ABS(b);
WHILE y <> 0 DO
    t := x MOD y; x := y; y := t;
END_WHILE;
GCD := x;
END_FUNCTION
"""


def test_a_gcd_function_in_the_style_of_oscat_returns_the_gcd(kit):
    plc = one_scan(kit, "g : INT; h : INT;", "g := GCD(12, 18);\nh := GCD(-48, 36) * 2;", extra=GCD)
    assert (plc["g"], plc["h"]) == (6, 24)


# ------------------------------------------------------------------ issue 18: 32/64-bit intermediates

LIMITS = (
    "d : DINT := 2147483647; dmin : DINT := -2147483648; ud : UDINT := 4294967295; "
    "lmax : LINT := 9223372036854775807; ul : ULINT := 18446744073709551615; dw : DWORD := 16#FFFFFFFF; "
    "x : INT := 32767;"
)


@pytest.mark.parametrize(
    "expr, typ, expected",
    [
        ("(d + 1) / 2", "DINT", -1073741824),
        ("(d + 1) > d", "BOOL", False),
        ("(ud + 1) = 0", "BOOL", True),
        ("ABS(dmin) / 1000", "DINT", -2147483),
        ("MIN(lmax + 5, -2)", "LINT", -9223372036854775804),
        ("(x + 1) / 2", "INT", 16384),  # 8- and 16-bit operands are computed in 32 bits
        ("x + 1 > 32767", "BOOL", True),
        ("(ul + 1) / 2", "ULINT", 0),
        ("(dw + 1) = 0", "BOOL", True),
        ("-dmin < 0", "BOOL", True),
        ("dmin / -1", "DINT", -2147483648),
        ("(d + d) / 2", "LINT", -1),  # a DINT intermediate wraps before it widens to the LINT target
        ("d * 2 + d * 2 > 0", "BOOL", False),
        ("DINT_TO_LINT(d + 1)", "LINT", -2147483648),
    ],
)
def test_32_and_64_bit_intermediates_wrap(kit, expr, typ, expected):
    plc = one_scan(kit, LIMITS + f" out : {typ};", f"out := {expr};")
    assert plc["out"] == expected


def test_a_32_bit_sum_wraps_once_even_when_the_chain_is_long(kit):
    terms = " + ".join(["d"] * 300)
    plc = one_scan(kit, "d : DINT := 2147483647; s : DINT; big : LINT;", f"s := {terms};\nbig := {terms};")
    expected = ((2147483647 * 300 + 2**31) % 2**32) - 2**31
    assert (plc["s"], plc["big"]) == (expected, expected)


# ------------------------------------------------------------------ issue 18: values bound to parameters


@pytest.mark.parametrize(
    "expr, typ, expected",
    [
        ("SINT_TO_INT(s + s)", "INT", -56),
        ("ABS(a - b)", "USINT", 3),
        ("MAX(i * i, 0)", "INT", 16960),
        ("MIN(i * i, 20000)", "INT", 16960),
        ("LIMIT(0, i * i, 20000)", "INT", 16960),
        ("SEL(TRUE, 0, i * i)", "INT", 16960),
        ("MUX(1, 0, i * i)", "INT", 16960),
        ("MOVE(i * i)", "INT", 16960),
        ("INT_TO_DINT(i * i)", "DINT", 16960),
        ("INT_TO_REAL(i * i)", "REAL", 16960.0),
        ("TO_DINT(s + s)", "DINT", -56),  # TO_DINT's parameter is the argument's type: SINT + SINT is SINT
        ("SHL(s, s + s) = s", "BOOL", True),  # N is SINT too: 200 -> -56, a count <= 0 leaves the value
        ("ABS(n)", "INT", -32768),  # ABS of the minimum overflows its type
        ("Twice(s + s)", "INT", -112),
    ],
)
def test_a_value_bound_to_a_parameter_is_reduced_to_its_type(kit, expr, typ, expected):
    twice = "FUNCTION Twice : INT\nVAR_INPUT v : SINT; END_VAR\nTwice := v * 2;\nEND_FUNCTION\n"
    decls = "s : SINT := 100; a : USINT := 2; b : USINT := 255; i : INT := 1000; n : INT := -32768;"
    plc = one_scan(kit, decls + f" out : {typ};", f"out := {expr};", extra=twice)
    assert plc["out"] == expected


def test_the_operator_functions_compute_like_the_operators(kit):
    plc = one_scan(
        kit,
        "x : INT := 32767; d : DINT := 2147483647; h : INT; q : DINT;",
        "h := ADD(x, 1) / 2;\nq := DIV(ADD(d, 1), 2);",
    )
    assert (plc["h"], plc["q"]) == (16384, -1073741824)


# ------------------------------------------------------------------ issue 18: REAL literals in calls


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("MIN(r, 16777217.0) - 16777216.0", 0.0),
        ("MAX(-r, 16777217.0) - 16777216.0", 0.0),
        ("SEL(TRUE, r, 16777217.0) - 16777216.0", 0.0),
        ("LIMIT(0.0, r, 16777217.0) - 16777216.0", 0.0),
        ("r - r + (16777216.0 + 1.0) - 16777216.0", 0.0),
        ("REAL_TO_LREAL(16777217.0) - 16777216.0", 0.0),
    ],
)
def test_a_real_literal_is_float32_inside_calls(kit, expr, expected):
    plc = one_scan(kit, "r : REAL := 1.0E10; out : LREAL;", f"out := {expr};")
    assert plc["out"] == expected


def test_an_lreal_context_keeps_the_literal_in_double_precision(kit):
    plc = one_scan(kit, "l : LREAL := 1.0E10; out : LREAL;", "out := MIN(l, 16777217.0) - 16777216.0;")
    assert plc["out"] == 1.0


# ------------------------------------------------------------------ issue 18: untyped literals from context


def test_untyped_literals_in_generic_calls_take_the_type_of_their_context(kit):
    plc = one_scan(
        kit,
        "w : WORD := 1000; b : BOOL; x : WORD; y : WORD; z : DWORD; bb : BYTE;",
        "x := MIN(w, ROR(SEL(b, 2#11111111, 8#3), 16));\n"
        "b := TRUE;\n"
        "y := MIN(w, ROR(SEL(b, 2#11111111, 8#3), 16));\n"
        "z := ROR(SEL(b, 2#11111111, 8#3), 16);\n"
        "bb := SHL(SEL(b, 1, 3), 7);",
    )
    assert plc["x"] == 255  # ROR of a WORD by 16 gives it back
    assert plc["y"] == 3
    assert plc["z"] == 3 << 16  # a DWORD rotates 32 bits
    assert plc["bb"] == 0x80  # a BYTE: the second bit of 3 is shifted out


def test_an_untyped_shift_with_no_typed_context_is_a_dword(kit):
    plc = one_scan(kit, "ok : BOOL;", "ok := ROL(16#80000000, 1) = 1;")
    assert plc["ok"] is True


def test_literals_in_a_generic_call_take_the_type_of_its_typed_values(kit):
    plc = one_scan(kit, "s : SINT := -5; x : SINT;", "x := MIN(1, 2, s);")  # was 'cannot assign DINT to SINT'
    assert plc["x"] == -5


def test_a_32_bit_intermediate_wraps_before_it_widens_to_a_64_bit_target(kit):
    plc = one_scan(kit, "d : DINT := 2147483647; l : LINT;", "l := d + d;")
    assert plc["l"] == -2


def test_not_is_bitwise_in_its_type(kit):
    plc = one_scan(kit, "b : BYTE := 128; x : BYTE; y : DWORD;", "x := NOT (b + b);\ny := NOT (b + b);")
    assert (plc["x"], plc["y"]) == (0xFF, 0xFF)


def test_an_integer_intermediate_becoming_a_real_is_rounded_to_float32(kit):
    plc = one_scan(
        kit,
        "i : INT := 32767; r : REAL; l : LREAL; big : BOOL;",
        "r := i * i;\nl := i * i;\nbig := r + 0.0 = i * i;",
    )
    assert plc["r"] == 1073676288.0  # 32767 * 32767 = 1073676289 has 30 significant bits
    assert plc["l"] == 1073676289.0
    assert plc["big"] is True  # the comparison converts the INT side to REAL too


def test_not_of_an_untyped_literal_takes_the_width_of_its_context(kit):
    plc = one_scan(
        kit,
        "w : WORD := 16#1234; z : WORD; bb : BYTE; d : DINT;",
        "z := w AND NOT 16#00FF;\nbb := NOT 16#0F;\nd := NOT 0;",  # was 'cannot assign DINT to WORD'
    )
    assert (plc["z"], plc["bb"], plc["d"]) == (0x1200, 0xF0, -1)


def test_a_folded_literal_expression_computes_like_a_run_time_value_of_its_context(kit):
    plc = one_scan(
        kit,
        "d : DINT; l : LINT; i : INT; h : INT;",
        "d := (2147483647 + 1) / 2;\nl := (2147483647 + 1) / 2;\ni := 32767 + 1;\nh := (32767 + 1) / 2;",
    )
    assert (plc["d"], plc["l"]) == (-1073741824, 1073741824)
    assert (plc["i"], plc["h"]) == (-32768, 16384)


def test_an_initial_value_folds_like_an_assignment(kit):
    plc = kit.run(
        kit.main(
            "d : DINT := (2147483647 + 1) / 2; r : REAL := 0.1 * 3.0; e : DINT; s : REAL;",
            "e := (2147483647 + 1) / 2;\ns := 0.1 * 3.0;",
        ),
        scans=1,
    )
    assert plc["d"] == plc["e"] == -1073741824
    assert plc["r"] == plc["s"]
