"""Diagnostics that name the real problem once: invalid '__' names say why (and the rest of the file
is still checked), a refused declaration does not drag follow-on errors behind it, REAL literals
that do not fit are errors, truncated text and outputs never written are warnings, and '+' on
texts points to CONCAT."""

from __future__ import annotations

import pytest


def messages(comp, severity: str = "error") -> list[tuple[int, str]]:
    return [(d.line, d.message) for d in comp.diagnostics if d.severity == severity]


# ----------------------------------------------------------------------------- names with '__'

DUNDER = """PROGRAM Main
VAR
    __class__ : INT;
    x : INT;
END_VAR
    x := y;
    __class__ := 2;
END_PROGRAM
"""


def test_double_underscore_name_is_refused_with_the_iec_reason_and_other_errors_still_show(kit):
    comp = kit.compile_errors(DUNDER)
    assert messages(comp) == [
        (
            3,
            "'__class__' is not a valid name: IEC 61131-3 names cannot start with two underscores "
            "(CODESYS keeps those for its own operators such as __NEW)",
        ),
        (6, "'y' is not declared"),
    ]


def test_double_underscore_pou_type_field_and_enum_value_names_are_refused_too(kit):
    src = """TYPE __Mode : (Idle, __Run); END_TYPE
TYPE Part : STRUCT __id : INT; END_STRUCT; END_TYPE
FUNCTION __Twice : INT
VAR_INPUT n : INT; END_VAR
    __Twice := n * 2;
END_FUNCTION
PROGRAM Main
VAR m : INT; END_VAR
    m := 1;
END_PROGRAM
"""
    comp = kit.compile_errors(src)
    refused = [(line, msg.split("'")[1]) for line, msg in messages(comp) if "two underscores" in msg]
    assert sorted(refused) == [(1, "__Mode"), (1, "__Run"), (2, "__id"), (3, "__Twice")]


def test_codesys_double_underscore_operator_is_still_a_vendor_extension(kit):
    comp = kit.compile_errors(kit.main("p : INT;", "p := __NEW(INT);"))
    assert messages(comp) == [(6, "not supported: __NEW (vendor extension)")]


# ----------------------------------------------------------------------------- no cascades


def test_oversized_array_is_reported_once_without_follow_on_errors(kit):
    src = kit.main(
        "big : ARRAY[0..100000000] OF INT;\nbig2 : ARRAY[1..20000, 1..20000] OF INT;\nx : INT;",
        "big[5] := 1;\nbig2[1, 2] := 3;\nx := big[2] + big2[3, 4];\nx := undefined_thing;",
    )
    comp = kit.compile_errors(src)
    assert messages(comp) == [
        (4, "array of 100000001 elements is larger than the limit of 1000000"),
        (5, "array of 400000000 elements is larger than the limit of 1000000"),
        (11, "'undefined_thing' is not declared"),  # unrelated errors still show
    ]


def test_standard_function_names_as_variables_shadow_them_and_calls_still_mean_the_function(kit):
    src = kit.main(
        "sel : INT;\nmux : BOOL;\nton : INT;\nx : INT;",
        "sel := 3;\nx := sel + 1;\nmux := TRUE;\nIF mux THEN x := SEL(TRUE, 1, 2) + MUX(0, 4, 5); END_IF;\n"
        "ton(IN := mux);",
    )
    comp = kit.compile_errors(src)
    assert messages(comp) == [(13, "'ton' is INT, not a function or function block instance")]
    assert [(d.line, d.code) for d in comp.warnings] == [(4, "W204"), (5, "W204"), (6, "W204")]
    ok = kit.run(src.replace("ton(IN := mux);", ""), scans=1)
    assert (ok["sel"], ok["mux"], ok["x"]) == (3, True, 6)


# ----------------------------------------------------------------------------- REAL literals


@pytest.mark.parametrize(
    "decls,body,line,literal",
    [
        ("d : REAL := 1.0e40;", "", 4, "1e40"),
        ("d : REAL := -1.0e40;", "", 4, "-1e40"),
        ("d : REAL;", "d := 2.0e39;", 6, "2e39"),
        ("d : REAL;", "d := REAL#1e39;", 6, "1e39"),
    ],
)
def test_real_literal_beyond_float32_is_an_error(kit, decls, body, line, literal):
    comp = kit.compile_errors(kit.main(decls + " Used : BOOL;", body + "\nUsed := TRUE;"))
    assert messages(comp) == [
        (line, f"the literal {literal} does not fit REAL (at most 3.4028235e38): use LREAL")
    ]


def test_real_literals_that_fit_and_lreal_literals_compile(kit):
    src = kit.main(
        "d : REAL := 3.4e38; e : REAL := -3.4e38; f : LREAL := 1.0e40; g : REAL; tiny : REAL;",
        "tiny := 1.0e-50;\ng := d * 10.0;",  # a tiny literal rounds to 0; a product may overflow to INF
    )
    plc = kit.run(src, scans=1)
    assert plc["f"] == 1.0e40
    assert plc["tiny"] == 0.0
    assert plc["g"] == float("inf")
    assert -3.5e38 < plc["e"] < -3.3e38


# ----------------------------------------------------------------------------- warnings


def test_text_longer_than_its_string_is_a_truncation_warning(kit):
    src = kit.main(
        "s : STRING[5] := 'abcdefgh'; t : STRING[3]; u : STRING[10];",
        "t := 'hello';\nu := 'short';\nt := u;\nu := s;",
    )
    comp = kit.compile_ok(src)
    assert messages(comp, "warning") == [
        (4, "this text has 8 characters but STRING[5] holds 5: it is stored as 'abcde'"),
        (6, "this text has 5 characters but STRING[3] holds 3: it is stored as 'hel'"),
    ]
    plc = kit.Plc(comp.program.instantiate()).scan(1)
    assert plc["s"] == "abcde" and plc["t"] == "sho"


def test_plus_on_texts_suggests_concat(kit):
    comp = kit.compile_errors(kit.main("s : STRING; t : STRING;", "t := s + 'x';"))
    assert messages(comp) == [(6, "'+' does not join texts: use CONCAT(s, 'x')")]


OUTPUTS = """VAR_GLOBAL
    Horn AT %QX1.0 : BOOL;
    Beacon AT %QX1.1 : BOOL;
END_VAR
FUNCTION_BLOCK Sounder
VAR_EXTERNAL Horn : BOOL; END_VAR
    Horn := TRUE;
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    Start AT %IX0.0 : BOOL;
    Motor AT %QX0.0 : BOOL;
    Lamp AT %QX0.1 : BOOL;
    Speed AT %QW2 : INT;
    Fixed AT %QX0.2 : BOOL := TRUE;
    Direct AT %QX0.3 : BOOL;
    s : Sounder;
    t : TON;
    Done AT %QX0.4 : BOOL;
END_VAR
    Motor := Start;
    %QX0.3 := Start;
    s();
    t(IN := Start, PT := T#1s, Q => Done);
END_PROGRAM
"""


def test_located_output_never_written_is_a_warning(kit):
    comp = kit.compile_ok(OUTPUTS)
    assert messages(comp, "warning") == [
        (3, "output %QX1.1 ('Beacon') is never written: it stays FALSE"),
        (13, "output %QX0.1 ('Lamp') is never written: it stays FALSE"),
        (14, "output %QW2 ('Speed') is never written: it stays 0"),
    ]
