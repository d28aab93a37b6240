"""Issue 8 at the level of the ST compiler: the fixes keep the language's meaning (values after
scans, warnings, faults), fast and debug instances alike. The command-line side is in
tests/test_hostile.py, the fuzz test in test_hostile_fuzz.py."""

from __future__ import annotations

import pytest

import st
from st.diagnostics import Diagnostic, format_all


def run(source: str, debug: bool = False, scans: int = 1, **inputs):
    comp = st.compile_source(source, "h.st")
    assert comp.ok, comp.format_diagnostics()
    inst = comp.program.instantiate(debug=debug)
    for name, value in inputs.items():
        inst.write(name, value)
    for k in range(scans):
        inst.scan(k * 10)
    return comp, inst


def main_prog(decls: str, body: str, head: str = "") -> str:
    return f"{head}PROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("x, y", [(0, 0), (1, 0), (5, 4), (100, 99), (101, -1), (-3, -1)])
def test_long_case_takes_the_first_matching_branch_only(debug, x, y):
    # 100 branches: generated flat (Python nests every elif); labels overlap pairwise
    branches = "".join(f"{i}, {i + 1}: y := {i}; x := 1000;\n" for i in range(100))
    _, inst = run(main_prog("x : DINT;\ny : DINT;", f"CASE x OF\n{branches}ELSE y := -1;\nEND_CASE;"),
                  debug=debug, x=x)
    assert inst.read("y") == y


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("x, z", [(0, 1000), (1, 1), (50, 50), (99, 99), (100, -1)])
def test_long_elsif_chain_takes_one_branch_and_evaluates_calls_in_order(debug, x, z):
    chain = "".join(f"ELSIF ABS(x) = {i} THEN z := {i}; x := 0;\n" for i in range(1, 100))
    body = f"IF x = 0 THEN z := 1000;\n{chain}ELSE z := -1;\nEND_IF;"
    _, inst = run(main_prog("x : DINT;\nz : DINT;", body), debug=debug, x=x)
    assert inst.read("z") == z


def test_case_label_overlap_warnings_are_exact():
    labels = "1..10: y := 1;\n20: y := 2;\n5: y := 3;\n11..19: y := 4;\n15..25: y := 5;\n30, 30: y := 6;\n"
    comp = st.compile_source(main_prog("x : DINT;\ny : DINT;", f"CASE x OF\n{labels}END_CASE;"), "h.st")
    assert [d.line for d in comp.warnings if d.code == "W403"] == [9, 11, 12]  # 5, 15..25, the second 30


@pytest.mark.parametrize("call, value", [
    ("STRING_TO_LINT('9223372036854775807')", 9223372036854775807),
    ("STRING_TO_LINT('-9223372036854775808')", -9223372036854775808),
    ("STRING_TO_ULINT('18446744073709551615')", 18446744073709551615),
    ("STRING_TO_ULINT('18446744073709551616')", 0),
    ("STRING_TO_INT('70000')", 4464),
    ("STRING_TO_LINT('" + "9" * 300 + "')", int("9" * 300) % 2**64 - 2**64),
    ("STRING_TO_DINT('12.5')", 12),
])
def test_string_to_integer_is_exact_and_wraps(call, value):
    target = "u" if "ULINT" in call else "i" if "TO_INT" in call else "d" if "DINT" in call else "x"
    _, inst = run(main_prog("x : LINT;\nu : ULINT;\ni : INT;\nd : DINT;", f"{target} := {call};"))
    assert inst.fault is None and inst.read(target) == value


def test_string_to_time_of_an_infinite_number_is_zero_not_a_fault():
    _, inst = run(main_prog("t : TIME;\nl : LTIME;",
                            "t := STRING_TO_TIME('1e999'); l := STRING_TO_LTIME('1500');"))
    assert inst.fault is None and inst.read("t") == 0 and inst.read("l") == 1500


def test_time_and_ltime_wrap_at_64_bits_when_stored():
    _, inst = run(main_prog("t : TIME := T#1ms;\nl : LTIME := LTIME#1ns;\ni : INT;",
                            "FOR i := 1 TO 63 DO t := t + t; l := l + l; END_FOR;"))
    assert inst.read("t") == -(2**63) and inst.read("l") == -(2**63)


def test_constants_folded_past_any_type_are_an_error_where_they_grow():
    big = "1" + "0" * 300
    src = main_prog("x : LREAL;\ny : LREAL := " + big + ";", f"x := 2 * ({big} * {big});")
    comp = st.compile_source(src, "h.st")
    [err] = comp.errors
    assert (err.line, err.col, err.code) == (6, 11, "E304")
    assert err.message == "this constant expression is too large for any ST type"


def test_a_repeated_initialiser_builds_every_element():
    head = "TYPE P : STRUCT a : INT; END_STRUCT; END_TYPE\n"
    _, inst = run(main_prog("x : ARRAY[1..1000000] OF INT := [1, 2, 999990(7), 3];\n"
                            "s : ARRAY[1..10] OF P := [(a := 1), 5((a := 2))];",
                            "s[3].a := 9;", head))
    assert [inst.read(f"x[{i}]") for i in (1, 2, 3, 999992, 999993, 999994)] == [1, 2, 7, 7, 3, 0]
    assert [inst.read(f"s[{i}].a") for i in (1, 2, 3, 4, 6, 7)] == [1, 2, 9, 2, 2, 0]  # distinct objects


@pytest.mark.parametrize("debug", [False, True])
def test_calls_count_toward_the_watchdog_budget(debug):
    src = ("FUNCTION F : INT\nVAR_INPUT a : INT; END_VAR\nF := a + 1;\nEND_FUNCTION\n"
           + main_prog("i : DINT;\nx : INT;\nn : DINT;", "FOR i := 1 TO n DO x := F(x); END_FOR;"))
    # a call counts 4 plus its result, each iteration 1: 6 a pass, 166,666 passes fit the million
    _, ok = run(src, debug=debug, n=166_666)
    assert ok.fault is None and ok.read("i") == 166_667
    _, stopped = run(src, debug=debug, n=166_667)
    assert stopped.fault is not None and stopped.fault.line == 1
    assert "loop iterations and calls" in stopped.fault.message


def test_diagnostics_printed_are_capped_errors_first_with_a_count():
    diags = [Diagnostic("warning", "W201", f"w{i}", "f.st", i + 1, 1) for i in range(150)]
    diags.append(Diagnostic("error", "E101", "the error", "f.st", 500, 1))
    text = format_all(diags, None)
    assert "f.st:500:1: error: the error" in text
    assert text.count("warning: w") == 99
    assert text.endswith("... and 51 more (0 error(s), 51 warning(s)) not shown")


def test_a_long_source_line_is_shown_as_a_window_around_the_column():
    line = "x := " + "1 + " * 500 + "$;"
    d = Diagnostic("error", "E102", "unexpected character '$'", "f.st", 1, line.index("$") + 1)
    _head, shown, caret = d.format(line).split("\n")
    assert len(shown) <= 160 and shown[caret.index("^")] == "$"


def lattice(levels: int, back_edge: bool) -> str:
    """A{i} and B{i} both call A{i+1} and B{i+1}: 2**levels paths through the calls."""
    parts = []
    for i in range(levels):
        for name in "AB":
            nxt = f"A{i + 1}() + B{i + 1}()"
            if back_edge and i == levels - 1 and name == "A":
                nxt = "A0()"
            elif i == levels - 1:
                nxt = "1"
            parts.append(f"FUNCTION {name}{i} : INT\n{name}{i} := {nxt};\nEND_FUNCTION\n")
    return "".join(parts) + main_prog("x : INT;", "x := A0();")


@pytest.mark.timeout(60)
def test_a_lattice_of_calls_is_checked_for_recursion_without_following_every_path():
    comp = st.compile_source(lattice(40, back_edge=False), "h.st")
    assert comp.ok, comp.format_diagnostics()
    comp = st.compile_source(lattice(40, back_edge=True), "h.st")
    [err] = comp.errors
    assert err.code == "E408" and err.line == 1
    assert err.message.startswith("recursion is not allowed: A0 calls A1 calls A2")
    assert err.message.endswith("calls A39 calls A0")
