"""Pinned semantics of /work/shared/DESIGN.md: integer division and MOD, wrap on store,
32-bit intermediates, float32 REAL, half-even rounding, IEEE REAL division, widening/narrowing."""

from __future__ import annotations

import math

import numpy as np
import pytest


def f32(x: float) -> float:
    return float(np.float32(x))


def test_integer_division_truncates_toward_zero_and_mod_takes_dividend_sign(kit):
    src = kit.main(
        """a : INT := -7; b : INT := 2; c : INT := 7; d : INT := -2;
q1 : INT; q2 : INT; q3 : INT; q4 : INT; m1 : INT; m2 : INT; m3 : INT; m4 : INT;
lit_q : INT; lit_m : INT; dq : DINT; dm : DINT; x : DINT := -7000001;""",
        """
q1 := a / b; q2 := c / d; q3 := a / d; q4 := c / b;
m1 := a MOD b; m2 := c MOD d; m3 := a MOD d; m4 := c MOD b;
lit_q := -7 / 2; lit_m := -7 MOD 2;
dq := x / 1000; dm := x MOD 1000;
""",
    )
    plc = kit.run(src, scans=1)
    assert (plc["q1"], plc["q2"], plc["q3"], plc["q4"]) == (-3, -3, 3, 3)
    assert (plc["m1"], plc["m2"], plc["m3"], plc["m4"]) == (-1, 1, -1, 1)
    assert (plc["lit_q"], plc["lit_m"]) == (-3, -1)
    assert (plc["dq"], plc["dm"]) == (-7000, -1)


def test_int_wraps_on_store_but_intermediates_are_32_bits(kit):
    src = kit.main(
        "x : INT := 32767; y : INT; z : INT; big : DINT; p : INT := 300; sq : DINT;",
        """
y := (x + 1) / 2;
z := x + 1;
big := x + 1;
sq := p * p;
""",
    )
    plc = kit.run(src, scans=1)
    assert plc["y"] == 16384
    assert plc["z"] == -32768
    assert plc["big"] == 32768
    assert plc["sq"] == 90000


def test_wrap_accumulates_over_scans(kit):
    src = kit.main("c : SINT := 120; u : UINT := 65530;", "c := c + 5;\nu := u + 3;")
    plc = kit.run(src, scans=0)
    seen = [(plc.scan()["c"], plc["u"]) for _ in range(3)]
    assert seen == [(125, 65533), (-126, 0), (-121, 3)]


def test_real_results_are_float32(kit):
    src = kit.main(
        "r : REAL; lr : LREAL; third : REAL; k : INT;",
        """
r := 0.0; lr := 0.0;
FOR k := 1 TO 10 DO
    r := r + 0.1;
    lr := lr + 0.1;
END_FOR;
third := 1.0 / 3.0;
""",
    )
    plc = kit.run(src, scans=1)
    expect = np.float32(0.0)
    for _ in range(10):
        expect = np.float32(expect + np.float32(0.1))
    assert plc["r"] == float(expect)
    assert plc["r"] != 1.0 and plc["r"] != sum([0.1] * 10)
    assert plc["lr"] == sum([0.1] * 10)
    assert plc["third"] == f32(1.0 / 3.0)


def test_real_division_by_zero_follows_ieee(kit):
    src = kit.main(
        "zero : REAL; pos : REAL; neg : REAL; nan : REAL; lz : LREAL; lpos : LREAL;",
        "pos := 1.0 / zero;\nneg := -1.0 / zero;\nnan := zero / zero;\nlpos := 2.0 / lz;",
    )
    plc = kit.run(src, scans=2)
    assert plc.fault is None
    assert plc["pos"] == math.inf
    assert plc["neg"] == -math.inf
    assert math.isnan(plc["nan"])
    assert plc["lpos"] == math.inf


@pytest.mark.parametrize(
    "value,expected",
    [(2.5, 2), (3.5, 4), (-2.5, -2), (0.5, 0), (1.5, 2), (2.6, 3), (-2.6, -3), (2.4, 2)],
)
def test_real_to_int_rounds_half_to_even(kit, value, expected):
    src = kit.main(f"r : REAL := {value};\nlr : LREAL := {value};\ni : INT; j : DINT;",
                   "i := REAL_TO_INT(r);\nj := LREAL_TO_DINT(lr);")
    plc = kit.run(src, scans=1)
    assert plc["i"] == expected
    assert plc["j"] == expected


def test_trunc_truncates_toward_zero(kit):
    src = kit.main("a : DINT; b : DINT; c : DINT; r : REAL := -2.7;",
                   "a := TRUNC(2.7);\nb := TRUNC(r);\nc := TRUNC(REAL#3.99);")
    plc = kit.run(src, scans=1)
    assert (plc["a"], plc["b"], plc["c"]) == (2, -2, 3)


def test_implicit_widening_is_allowed(kit):
    src = kit.main(
        "i : INT := -300; si : SINT := -5; d : DINT; l : LINT; r : REAL; lr : LREAL; "
        "ud : UDINT; ui : UINT; us : USINT := 200; big : LINT;",
        """
d := i;
l := d;
r := i;
lr := r;
ui := us;
ud := ui;
big := si;
""",
    )
    plc = kit.run(src, scans=1)
    assert (plc["d"], plc["l"], plc["r"], plc["lr"]) == (-300, -300, -300.0, -300.0)
    assert (plc["ui"], plc["ud"], plc["big"]) == (200, 200, -5)


@pytest.mark.parametrize(
    "decls,assignment,source,target,conversion",
    [
        ("i : INT; d : DINT;", "i := d;", "DINT", "INT", "DINT_TO_INT"),
        ("i : INT; r : REAL;", "i := r;", "REAL", "INT", "REAL_TO_INT"),
        ("r : REAL; lr : LREAL;", "r := lr;", "LREAL", "REAL", "LREAL_TO_REAL"),
        ("s : SINT; i : INT;", "s := i;", "INT", "SINT", "INT_TO_SINT"),
        ("d : DINT; l : LINT;", "d := l;", "LINT", "DINT", "LINT_TO_DINT"),
    ],
)
def test_narrowing_is_refused_naming_both_types_and_the_conversion(kit, decls, assignment, source, target,
                                                                     conversion):
    comp = kit.compile_errors(kit.main(decls, assignment))
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    assert len(errors) == 1, kit.errors_text(comp)
    msg = errors[0].message
    assert errors[0].line == 6  # the assignment's line in kit.main's layout
    assert source in msg and target in msg
    assert conversion in msg


def test_explicit_conversion_makes_narrowing_compile_and_wraps(kit):
    src = kit.main("i : INT; d : DINT := 70000; s : SINT;", "i := DINT_TO_INT(d);\ns := INT_TO_SINT(i);")
    plc = kit.run(src, scans=1)
    assert plc["i"] == 70000 - 65536
    assert plc["s"] == ((70000 - 65536 + 128) % 256) - 128


def test_wrap_on_store_into_array_elements_struct_fields_and_fb_members(kit):
    src = """
TYPE Pair : STRUCT small : SINT := 127; word : WORD; END_STRUCT; END_TYPE
FUNCTION_BLOCK Holder
VAR_OUTPUT level : INT := 32767; END_VAR
    level := level + 1;
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    arr : ARRAY[1..2] OF INT := [32767, -32768];
    p : Pair;
    h : Holder;
    minus : INT := -32768;
    quotient : INT;
    product : INT;
    twoHundred : INT := 200;
END_VAR
    arr[1] := arr[1] + 1;
    arr[2] := arr[2] - 1;
    p.small := p.small + 1;
    p.word := p.word - 1;
    h();
    quotient := minus / -1;
    product := twoHundred * twoHundred;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["arr[1]"], plc["arr[2]"]) == (-32768, 32767)
    assert plc["p.small"] == -128
    assert plc["p.word"] == 65535
    assert plc["h.level"] == -32768
    assert plc["quotient"] == -32768  # 32768 wraps on store
    assert plc["product"] == 40000 - 65536


def test_small_types_compute_wide_intermediates(kit):
    src = kit.main(
        "a : SINT := 100; b : SINT := 100; avg : SINT; u1 : UINT := 1; u2 : UINT := 2; diff : UINT; "
        "cmp : BOOL; d : DINT := 40000; i : INT := 30000;",
        "avg := (a + b) / 2;\ndiff := u1 - u2;\ncmp := i < d;",
    )
    plc = kit.run(src, scans=1)
    assert plc["avg"] == 100
    assert plc["diff"] == 65535
    assert plc["cmp"] is True


def test_real_storage_everywhere_is_float32(kit):
    src = """
TYPE Reading : STRUCT value : REAL; END_STRUCT; END_TYPE
FUNCTION Third : REAL
VAR_INPUT x : REAL; END_VAR
    Third := x / 3.0;
END_FUNCTION
PROGRAM Main
VAR
    arr : ARRAY[1..2] OF REAL;
    rd : Reading;
    f : REAL;
    big : DINT := 16777217;
    asReal : REAL;
    r : REAL := 0.1;
    isTenth : BOOL;
END_VAR
    arr[1] := 0.1;
    rd.value := 0.2;
    f := Third(1.0);
    asReal := DINT_TO_REAL(big);
    isTenth := r = 0.1;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert plc["arr[1]"] == float(np.float32(0.1))
    assert plc["rd.value"] == float(np.float32(0.2))
    assert plc["f"] == float(np.float32(1.0) / np.float32(3.0))
    assert plc["asReal"] == 16777216.0  # 2**24 + 1 has no float32
    assert plc["isTenth"] is True  # the literal is a REAL in a REAL comparison, as on a PLC
