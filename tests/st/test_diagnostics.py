"""Diagnostics a user sees: file:line:col: severity[code]: message, the source line and a caret;
several errors at once; did-you-mean; type errors naming the conversion; warnings; vendor
extensions answered with one "not supported" error at the right line."""

from __future__ import annotations

import re

import pytest

HEADER = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<sev>error|warning)\[(?P<code>[EW]\d{3})\]: (?P<msg>.+)$"
)


def blocks(text: str) -> list[list[str]]:
    """Split format_diagnostics() output into blocks that start with a file:line:col header."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if HEADER.match(line):
            out.append([line])
        elif out:
            out[-1].append(line)
    return out


UNDECLARED = """PROGRAM Main
VAR
    Conveyor : BOOL;
    PartCount : INT;
END_VAR
    Conveyr := TRUE;
    PartCount := PartCont + 1;
    Missing := 3;
END_PROGRAM
"""


def test_format_is_file_line_col_severity_message_source_line_and_caret(kit):
    comp = kit.compile_errors(UNDECLARED, filename="station.st")
    text = comp.format_diagnostics()
    first = blocks(text)[0]
    m = HEADER.match(first[0])
    assert m["file"] == "station.st"
    assert (int(m["line"]), int(m["col"])) == (6, 5)
    assert (m["sev"], m["code"]) == ("error", "E201")
    assert "Conveyr" in m["msg"]
    assert first[1].strip() == "Conveyr := TRUE;"
    caret_line = first[2]
    # the caret sits under the column of the error
    assert caret_line.index("^") == first[1].index("Conveyr")


def test_several_errors_reported_at_once_sorted_by_position(kit):
    comp = kit.compile_errors(UNDECLARED)
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    assert [d.line for d in errors] == [6, 7, 8]
    assert [(d.line, d.col) for d in comp.diagnostics] == sorted((d.line, d.col) for d in comp.diagnostics)
    assert errors[1].col == UNDECLARED.splitlines()[6].index("PartCont") + 1
    for d in comp.diagnostics:
        assert re.fullmatch(r"[EW]\d+", d.code), d.code
        assert d.filename == "test.st"
    assert len(blocks(comp.format_diagnostics())) == len(comp.diagnostics)


def test_undeclared_names_get_did_you_mean(kit):
    comp = kit.compile_errors(UNDECLARED)
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    assert "did you mean 'Conveyor'" in errors[0].message
    assert "did you mean 'PartCount'" in errors[1].message
    assert "did you mean" not in errors[2].message  # nothing close to 'Missing'


def test_did_you_mean_for_fb_members_and_types(kit):
    src = kit.main("T1 : TON; x : BOOL; c : Conveyer;", "T1(IN := TRUE, PT := T#1s);\nx := T1.QQ;", extra="""
FUNCTION_BLOCK Conveyor
VAR_INPUT Run : BOOL; END_VAR
END_FUNCTION_BLOCK
""")
    comp = kit.compile_errors(src)
    text = kit.errors_text(comp)
    assert "Conveyor" in text
    assert "QQ" in text


def test_type_error_names_both_types_and_the_conversion(kit):
    comp = kit.compile_errors(kit.main("speed : REAL; setpoint : INT;", "setpoint := speed;"))
    err = [d for d in comp.diagnostics if d.severity == "error"]
    assert len(err) == 1
    assert "REAL" in err[0].message and "INT" in err[0].message
    assert "REAL_TO_INT" in err[0].message
    assert err[0].line == 6


def test_type_errors_in_expressions_and_conditions(kit):
    comp = kit.compile_errors(kit.main(
        "flag : BOOL; n : INT; s : STRING;",
        "IF n THEN flag := TRUE; END_IF;\nn := s;\nflag := n + 1;",
    ))
    lines = sorted({d.line for d in comp.diagnostics if d.severity == "error"})
    assert lines == [6, 7, 8]


def test_warnings_do_not_stop_the_compile(kit):
    src = """
FUNCTION_BLOCK Valve
VAR_INPUT
    Open : BOOL;
END_VAR
VAR_OUTPUT
    IsOpen : BOOL;
    Fault : BOOL;
END_VAR
    IsOpen := Open;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    V1 : Valve;
    Spare : INT;
END_VAR
    V1(Open := TRUE);
END_PROGRAM
"""
    comp = kit.compile_ok(src)
    warnings = [d for d in comp.diagnostics if d.severity == "warning"]
    assert not [d for d in comp.diagnostics if d.severity == "error"]
    assert any("Spare" in d.message and d.line == 16 for d in warnings), kit.errors_text(comp)
    assert any("Fault" in d.message and d.line == 8 for d in warnings), kit.errors_text(comp)
    assert all(d.code.startswith("W") for d in warnings)
    assert "warning[W201]: variable 'Spare'" in comp.format_diagnostics()
    assert "warning[W202]: output 'Fault'" in comp.format_diagnostics()
    plc = kit.Plc(comp.program.instantiate()).scan(1)
    assert plc["V1.IsOpen"] is True


def test_syntax_error_says_what_was_found_and_where(kit):
    src = kit.main("x : INT; y : INT;", "x := 1\ny := 2;")
    comp = kit.compile_errors(src)
    err = [d for d in comp.diagnostics if d.severity == "error"][0]
    assert err.line in (6, 7)
    assert "';'" in err.message or "semicolon" in err.message.lower()


def test_several_syntax_errors_at_once(kit):
    src = kit.main("x : INT; y : INT;", "x := 1 +;\ny := 2;\ny := * 3;\nx := 4;")
    comp = kit.compile_errors(src)
    lines = {d.line for d in comp.diagnostics if d.severity == "error"}
    assert {6, 8} <= lines


def test_unterminated_comment_points_at_its_start(kit):
    src = kit.main("x : INT;", "x := 1;\n(* never closed\nx := 2;")
    comp = kit.compile_errors(src)
    err = [d for d in comp.diagnostics if d.severity == "error"][0]
    assert err.line == 7


def test_unterminated_string_points_at_its_start(kit):
    src = kit.main("s : STRING;", "s := 'open;\ns := 'x';")
    comp = kit.compile_errors(src)
    assert [d for d in comp.diagnostics if d.severity == "error"][0].line == 6


@pytest.mark.parametrize("target,literal", [("x", "16#G1"), ("t", "T#5x")])
def test_malformed_literals_are_errors_at_their_column(kit, target, literal):
    src = kit.main("x : DINT; t : TIME;", f"x := 1;\n{target} := {literal};")
    comp = kit.compile_errors(src)
    err = [d for d in comp.diagnostics if d.severity == "error"][0]
    assert err.line == 7
    assert err.col == 6


def test_standard_names_shadow_with_a_warning_and_keywords_cannot_be_variable_names(kit):
    for name in ["TON", "SEL", "MAX"]:
        comp = kit.compile_ok(kit.main(f"{name} : INT;", f"{name} := 1;"))
        assert [d.code for d in comp.warnings] == ["W204"], kit.errors_text(comp)
        assert f"standard function block {name}" in comp.warnings[0].message or (
            f"standard function {name}" in comp.warnings[0].message)
    for keyword in ["BY", "DO", "IF"]:
        kit.compile_errors(kit.main(f"{keyword} : INT;", "; "))


# --- vendor extensions: one clear "not supported" error at the line where they appear ----------

VENDOR = {
    "BITADR": ("""PROGRAM Main
VAR
    x : INT;
    a : DWORD;
END_VAR
    a := BITADR(x);
END_PROGRAM
""", 6),
    "UNION": ("""TYPE U :
UNION
    i : INT;
END_UNION
END_TYPE
PROGRAM Main
VAR x : INT; END_VAR
    x := 1;
END_PROGRAM
""", 2),
    "VAR_INST": ("""FUNCTION_BLOCK Motor
VAR_INPUT Run : BOOL; END_VAR
METHOD Start : BOOL
VAR_INST n : INT; END_VAR
    Start := TRUE;
END_METHOD
END_FUNCTION_BLOCK
PROGRAM Main
VAR m : Motor; END_VAR
    m(Run := TRUE);
END_PROGRAM
""", 4),
}


@pytest.mark.parametrize("feature", list(VENDOR))
def test_vendor_extension_gives_one_not_supported_error_at_its_line(kit, feature):
    src, line = VENDOR[feature]
    comp = kit.compile_errors(src)
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    assert len(errors) == 1, kit.errors_text(comp)
    assert errors[0].line == line
    assert "not supported" in errors[0].message.lower()
    assert feature.split()[0].lower() in errors[0].message.lower()


# --- more semantic errors a PLC programmer makes --------------------------------------------


@pytest.mark.parametrize(
    "decls,body,words",
    [
        ("x : INT;", "x := SINT#200;", ["200"]),
        ("d : DINT; n : INT;", "n := ABS(d);", ["DINT", "INT"]),
        ("x : INT; x : BOOL;", "x := 1;", ["x"]),
        ("x : INT;", "EXIT;", ["EXIT"]),
        ("x : INT;", "x := LIMT(0, x, 10);", ["LIMT", "did you mean 'LIMIT'"]),
        ("T1 : TON;", "T1(IN := TRUE, PTT := T#1s);", ["PTT", "did you mean 'PT'"]),
        ("x : INT; d : DINT := 5;", "x := Half(d);", ["DINT_TO_INT"]),
        ("lv : Level;", "lv := 150;", ["150"]),
    ],
    ids=["typed-literal-range", "generic-result-narrowing", "duplicate", "exit-outside-loop",
         "unknown-function", "unknown-fb-input", "argument-narrowing", "subrange-literal"],
)
def test_semantic_errors_name_what_is_wrong(kit, decls, body, words):
    extra = """
TYPE Level : INT (0..100); END_TYPE
FUNCTION Half : INT
VAR_INPUT v : INT; END_VAR
    Half := v / 2;
END_FUNCTION
"""
    comp = kit.compile_errors(kit.main(decls, body, extra=extra))
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    text = " | ".join(d.message for d in errors)
    for word in words:
        assert word.lower() in text.lower(), text
    body_line = len(extra.splitlines()) + 6
    assert any(d.line in (body_line, body_line - 2) for d in errors), kit.errors_text(comp)


def test_loops_nested_deeper_than_python_allows_are_an_error_at_an_inner_loop():
    import st

    depth = 25  # Python compiles at most 20 nested blocks
    decls = " ".join(f"i{k} : INT;" for k in range(depth))
    body = "".join(f"FOR i{k} := 0 TO 1 DO\n" for k in range(depth)) + "x := x + 1;\n" + "END_FOR;\n" * depth
    comp = st.compile_source(f"PROGRAM Main\nVAR x : INT; {decls} END_VAR\n{body}END_PROGRAM\n", "deep.st")
    assert not comp.ok
    [err] = comp.errors
    assert err.code == "E405" and "nested too deeply to compile" in err.message
    assert 3 < err.line <= 3 + depth  # one of the FOR lines, not line 0
    assert comp.format_diagnostics().splitlines()[1].startswith("FOR i")
