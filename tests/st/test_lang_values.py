"""Values a 32/64-bit PLC computes (issues 9 and 18): wrap code composes in any expression, 32- and
64-bit intermediates wrap, values bound to parameters are reduced to the parameter's type, REAL
literals are float32 wherever they stand, untyped literals take their type from the context."""

from __future__ import annotations

import pytest


def one_scan(kit, decls: str, body: str, extra: str = ""):
    return kit.run(kit.main(decls, body, extra), scans=1)


# ----------------------------------------------------------------------------- issue 9: wrap code parenthesised


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
    plc = one_scan(
        kit, "d : DINT := 5; a : ARRAY[0..20] OF INT; out : INT;", "a[10] := 7;\nout := a[DINT_TO_INT(d) * 2];"
    )
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
