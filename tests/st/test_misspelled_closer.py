"""A misspelled block closer (END_CAES) is one error where it stands, not a cascade down the file."""

from __future__ import annotations

import pytest

import st

PROGRAM = """PROGRAM Main
VAR
    x : INT;
    y : INT;
END_VAR
IF x > 0 THEN
    CASE x OF
        1: y := 1;
        2: y := 2;
    {closer}
END_IF;
y := y + 1;
END_PROGRAM
"""


def errors(text):
    comp = st.compile_source(text, filename="p.st")
    return [(d.line, d.col, d.message) for d in comp.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("closer", ["END_CAES;", "END_CAES", "end_cse;", "ENDCASE;"])
def test_a_misspelled_end_case_is_one_error_at_its_place(closer):
    word = closer.rstrip(";")
    assert errors(PROGRAM.format(closer=closer)) == [
        (10, 5, f"'{word}' is not a keyword: did you mean END_CASE?")]


def test_the_rest_of_the_file_is_still_parsed():
    text = PROGRAM.format(closer="END_CAES;").replace("y := y + 1;", "y := y + ;")
    assert [e[0] for e in errors(text)] == [10, 12]   # the misspelling, then a real error later


def test_a_name_that_only_starts_like_a_closer_stays_a_name():
    text = PROGRAM.format(closer="END_CASE;").replace("y : INT;", "y : INT;\n    EndCount : INT;")
    assert errors(text.replace("y := y + 1;", "EndCount := EndCount + 1;")) == []
