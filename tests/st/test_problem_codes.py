"""The table of problem codes (st/problems.py): every code the compiler can emit is in it with its
severity, every code in it is emitted somewhere and documented in docs/diagnostics.md, the header
names the code, and the codes split out of the old catch-alls each mean one thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import st
from st import problems
from st.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[2]
CODE_LITERAL = re.compile(r"""["']([EW]\d{3})["']""")
# where diagnostics are made: the compiler, the command line and the debugger around it
SOURCES = sorted([*(ROOT / "st").glob("*.py"), *(ROOT / "app").glob("*.py"), *(ROOT / "runner").glob("*.py"),
                  ROOT / "main.py"])


def emitted_codes() -> dict[str, list[str]]:
    """Each code literal in the sources -> the files that hold it (st/problems.py, the table
    itself, is left out: a row there is not an emission)."""
    found: dict[str, list[str]] = {}
    for path in SOURCES:
        if path.name == "problems.py":
            continue
        for code in CODE_LITERAL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(code, []).append(str(path.relative_to(ROOT)))
    return found


def test_the_scan_finds_the_compiler_s_codes():
    found = emitted_codes()
    assert {"E101", "E201", "E306", "W201"} <= set(found) and len(found) > 60, sorted(found)


def test_every_code_in_the_sources_is_in_the_table():
    unknown = {code: files for code, files in emitted_codes().items() if code not in problems.PROBLEMS}
    assert not unknown, f"codes emitted but missing from st/problems.py: {unknown}"


def test_every_code_in_the_table_is_emitted_somewhere():
    dead = sorted(set(problems.PROBLEMS) - set(emitted_codes()))
    assert not dead, f"codes in st/problems.py that nothing emits: {dead}"


def test_the_table_is_well_formed():
    names = [p.name for p in problems.PROBLEMS.values()]
    assert len(set(names)) == len(names), "two codes share a name"
    for p in problems.PROBLEMS.values():
        assert re.fullmatch(r"[EW]\d{3}", p.code), p
        assert p.severity == ("warning" if p.code.startswith("W") else "error"), p
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", p.name), p
        assert p.summary[:1].isupper() and p.summary.endswith("."), p


def test_docs_list_every_code_and_are_generated_from_the_table():
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert text == problems.markdown(), f"docs/diagnostics.md is stale: {problems.REGENERATE}"
    for p in problems.PROBLEMS.values():
        assert f"| {p.code} | `{p.name}` | {p.severity} | {p.summary} |" in text


def test_renumbered_codes_point_into_the_table():
    for old, new, meaning in problems.RENUMBERED:
        assert old != new and new in problems.PROBLEMS and meaning, (old, new)


def test_the_tests_run_strict():
    assert problems.STRICT  # tests/conftest.py: without it the two tests below prove nothing


def test_an_unknown_code_raises_in_strict_mode():
    with pytest.raises(problems.ProblemCodeError, match="E777"):
        Diagnostic("error", "E777", "no such code", "p.st", 1, 1)


def test_a_severity_that_is_not_the_table_s_raises_in_strict_mode():
    with pytest.raises(problems.ProblemCodeError, match="W201 is a warning"):
        Diagnostic("error", "W201", "variable 'x' is never used", "p.st", 1, 1)
    with pytest.raises(problems.ProblemCodeError, match="E306 is a error"):
        Diagnostic("warning", "E306", "bad operands", "p.st", 1, 1)


def test_outside_the_tests_the_table_s_severity_wins(monkeypatch):
    monkeypatch.setattr(problems, "STRICT", False)
    assert Diagnostic("error", "W201", "unused", "p.st", 1, 1).severity == "warning"
    assert Diagnostic("warning", "E777", "unknown", "p.st", 1, 1).severity == "warning"  # kept, not lost


# ----------------------------------------------------------------------------- header and data

def test_header_names_the_severity_and_the_code():
    src = "PROGRAM Main\nVAR\n  x : INT;\n  b : BOOL;\n  spare : INT;\nEND_VAR\n  x := b + 1;\nEND_PROGRAM\n"
    text = st.compile_source(src, "cell.st").format_diagnostics()
    assert text.startswith("cell.st:7:8: error[E306]: '+' needs numbers, not BOOL and ")
    text = st.compile_source(src.replace("b + 1", "BOOL_TO_INT(b)"), "cell.st").format_diagnostics()
    assert text.startswith("cell.st:5:3: warning[W201]: variable 'spare' is never used\n  spare : INT;\n  ^")
    gone = Diagnostic("error", "E100", "file not found", "gone.st", 0, 0)
    assert gone.header() == "gone.st: error[E100]: file not found"


def test_a_diagnostic_as_data():
    comp = st.compile_source("PROGRAM Main\nVAR x : INT; END_VAR\n  x := Motr;\nEND_PROGRAM\n", "m.st")
    (d,) = comp.errors
    assert d.to_dict() == {
        "code": "E201", "name": "undeclared", "severity": "error", "file": "m.st",
        "line": 3, "column": 8, "end_column": 11, "message": "'Motr' is not declared",
    }


# ----------------------------------------------------------------------------- the split codes

def prog(decls: str, body: str, extra: str = "") -> str:
    return f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"


def conf(task: str, program: str) -> str:
    """A program run by a CONFIGURATION whose TASK line and program type are given."""
    return (prog("i : INT;", "i := 1;") + f"CONFIGURATION C\nRESOURCE R ON PLC\n{task}\n"
            f"PROGRAM P WITH T : {program};\nEND_RESOURCE\nEND_CONFIGURATION\n")


ENUM = "TYPE Mode : (Idle, Run); END_TYPE\nTYPE Pt : STRUCT x : INT; END_STRUCT; END_TYPE\n"

# (source, the code, a piece of the message): representative programs of each code split out of
# the old catch-alls (E201, E202, E301-E306, E407), and of the meaning each old code kept
CASES = [
    # E201 kept "not declared"; E207-E211 and E203 took its other meanings
    (prog("x : INT;", "x := Missing;"), "E201", "'Missing' is not declared"),
    (prog("x : Motr;", ""), "E207", "unknown type 'Motr'"),
    (prog("x : INT;", "x := 1;") + "FUNCTION_BLOCK F\nVAR_EXTERNAL g : INT; END_VAR\nEND_FUNCTION_BLOCK\n",
     "E208", "VAR_EXTERNAL 'g' has no matching VAR_GLOBAL"),
    (prog("p : Pt; i : INT;", "i := p.y;", ENUM), "E209", "has no field 'y'"),
    (prog("t : TON; b : BOOL;", "t(IN := TRUE, PT := T#1s);\nb := t.QQ;"), "E209",
     "has no input or output 'QQ'"),
    (prog("i : INT; j : INT;", "i := j.x;"), "E209", "it has no field 'x'"),
    (prog("p : Pt := (y := 1);", "", ENUM), "E209", "'Pt' has no field 'y'"),
    (prog("m : Mode;", "m := Mode#Stop;", ENUM), "E210", "'Stop' is not a value of Mode"),
    (prog("t : TON;", "t(IN := TRUE, PTT := T#1s);"), "E211", "has no parameter 'PTT'"),
    (prog("i : INT;", "i := LIMIT(MN := 0, IN := 5, MAXX := 9);"), "E211", "has no input 'MAXX'"),
    # E202 kept "declared twice"; a standard name declared again is E204
    (prog("x : INT; x : BOOL;", ""), "E202", "'x' is declared twice"),
    (prog("x : INT;", "", "TYPE TON : INT; END_TYPE\n"), "E204", "standard type name"),
    # E301 kept "contains itself"; nesting depth is E310
    (prog("v : A;", "",
          "TYPE A : STRUCT b : B; END_STRUCT; END_TYPE\nTYPE B : STRUCT a : A; END_STRUCT; END_TYPE\n"),
     "E301", "contains itself"),
    (prog("a : " + "ARRAY[0..1] OF " * 60 + "INT;", ""), "E310", "levels deep"),
    # E302 kept "bad base type"; a STRUCT outside TYPE is E311
    (prog("s : REAL(1..2);", ""), "E302", "a subrange needs an integer base type, not 'REAL'"),
    # E311 and E316 guard the checker: the parser refuses these programs first
    (prog("s : STRUCT a : INT; END_STRUCT;", ""), "E106", "'STRUCT' is a reserved keyword"),
    # E303 kept "must be a constant"; storage, ranges, initialiser counts, FOR step 0 split out
    (prog("n : INT; a : ARRAY[0..n] OF INT;", ""), "E303", "array bounds must be integer constants"),
    (prog("n : INT; m : INT := n;", ""), "E303", "an initial value must be a constant expression"),
    (prog("a : ARRAY[1..2000000] OF BOOL;", ""), "E312", "larger than the limit"),
    (prog("a : ARRAY[5..1] OF INT;", ""), "E313", "array range 5..1 is empty"),
    (prog("s : STRING[0];", ""), "E313", "string length must be an integer from 1 to 65535"),
    (prog("a : ARRAY[1..2] OF INT := [1, 2, 3];", ""), "E314", "3 initial values for an array of 2 elements"),
    (prog("i : INT;", "FOR i := 1 TO 3 BY 0 DO END_FOR;"), "E315", "the FOR step is 0"),
    # E304 kept "does not fit"; a misused type prefix is E316
    (prog("i : INT;", "i := 40000;"), "E304", "does not fit INT"),
    (prog("t : TIME;", "t := TIME#5;"), "E104", "missing time unit"),
    # E305 kept "cannot assign"; E317, E318, E314, E319, E326, E203 took the rest
    (prog("i : INT; r : REAL;", "i := r;"), "E305", "cannot assign REAL to INT"),
    (prog("x : INT;", "x := 1;", "VAR_GLOBAL g : INT; END_VAR\n")
     + "FUNCTION_BLOCK F\nVAR_EXTERNAL g : BOOL; END_VAR\nEND_FUNCTION_BLOCK\n",
     "E317", "VAR_EXTERNAL 'g' is BOOL but the global is INT"),
    (prog("a AT %IX0.0 : INT;", ""), "E318", "is a bit address"),
    (prog("p : Pt := [1, 2];", "", ENUM), "E314", "an array initialiser cannot initialise Pt"),
    (prog("i : INT := (x := 1);", ""), "E314", "a structure initialiser cannot initialise INT"),
    (prog("m : Mode;", "CASE m OF 1: ; END_CASE;", ENUM), "E319", "does not match the selector"),
    (prog("i : INT;", "CASE i OF 1.5: ; END_CASE;"), "E319", "CASE label must be an integer"),
    (prog("d : DATE; t : TOD;", "t := DATE_TO_TOD(d);"), "E326", "has no meaning"),
    (prog("b : BOOL; i : INT;", "i := INT_TO_DINT(b);"), "E326", "needs a INT argument"),
    (prog("m : Mode;", "m := Pt#Idle;", ENUM), "E203", "'Pt' is not an enumeration"),
    # E306 kept "operator and operand types"; E320-E325 and E209 took the rest
    (prog("i : INT; b : BOOL;", "i := b + 1;"), "E306", "'+' needs numbers"),
    (prog("i : INT; s : STRING;", "s := s + 'x';"), "E306", "use CONCAT"),
    (prog("i : INT;", "IF i THEN END_IF;"), "E320", "a condition must be BOOL, not INT"),
    (prog("i : INT;", "WHILE i DO END_WHILE;"), "E320", "a condition must be BOOL"),
    (prog("r : REAL;", "CASE r OF 1: ; END_CASE;"), "E321", "CASE needs an integer or enumeration selector"),
    (prog("r : REAL;", "FOR r := 1 TO 3 DO END_FOR;"), "E322", "the FOR variable 'r' must be an integer"),
    (prog("a : ARRAY[0..3] OF INT; i : INT;", "i := a[TRUE];"), "E323", "an array index must be an integer"),
    (prog("i : INT; j : INT;", "i := j[1];"), "E323", "not an array"),
    (prog("a : ARRAY[0..3] OF INT; i : INT;", "i := a[1, 2];"), "E323", "dimension"),
    (prog("r : REAL; b : BOOL;", "b := r.1;"), "E324", "bit access .1 needs an integer or bit string"),
    (prog("i : INT; b : BOOL;", "i := ABS(b);"), "E325", "ABS needs a number"),
    (prog("s : STRING; i : INT;", "i := LEN(i);"), "E325", "LEN needs a STRING"),
    # E407 kept "wrong arrow"; E410-E414 took the rest
    (prog("t : TON; q : BOOL;", "t(IN => q, PT := T#1s);"), "E407", "use ':=' not '=>'"),
    (prog("i : INT;", "CASE i OF 5..1: ; END_CASE;"), "E410", "empty CASE range 5..1"),
    (prog("i : INT; j : INT;", "CASE i OF j: ; END_CASE;"), "E410", "a CASE label must be a constant"),
    (prog("i : INT;", "i := LIMIT(MN := 0, IN := 5);"), "E411", "needs the input(s) MX"),
    (prog("i : INT;", "i := F(1, 2);",
          "FUNCTION F : INT\nVAR_INPUT a : INT; END_VAR\nF := a;\nEND_FUNCTION\n"),
     "E412", "too many arguments for F"),
    (prog("i : INT;", "i := ABS(1, 2);"), "E412", "ABS takes 1 argument(s) (IN), got 2"),
    (prog("t : TON;", "t(IN := TRUE, IN := FALSE, PT := T#1s);"), "E413", "parameter 'IN' is given twice"),
    (prog("i : INT;", "i := LIMIT(0, IN := 5, MX := 9);"), "E414",
     "give all arguments by position or all by name"),
    # the parser's own codes, which clashed with the checker's E401-E403
    ("VAR x : INT; END_VAR\n" + prog("i : INT;", ""), "E110", "outside a PROGRAM"),
    (prog("a, b AT %IX0.0 : BOOL;", ""), "E111", "must be declared on its own"),
    (conf("TASK T (INTERVAL := T#10ms, SPEED := 2);", "Main"), "E112", "unknown TASK setting 'SPEED'"),
    (conf("TASK T (INTERVAL := T#10ms);", "Nothing"), "E203", "'Nothing', which is not a PROGRAM"),
]


@pytest.mark.parametrize("source, code, words", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_each_split_code_means_one_thing(source, code, words):
    comp = st.compile_source(source, "t.st")
    matching = [d for d in comp.diagnostics if words in d.message]
    assert matching, f"no diagnostic says {words!r}:\n{comp.format_diagnostics()}"
    assert {d.code for d in matching} == {code}, comp.format_diagnostics()


def test_every_split_code_has_a_representative_program():
    new = {"E207", "E208", "E209", "E210", "E211", "E310", "E312", "E313", "E314", "E315",
           "E317", "E318", "E319", "E320", "E321", "E322", "E323", "E324", "E325", "E326",
           "E410", "E411", "E412", "E413", "E414", "E110", "E111", "E112"}
    assert new <= {c[1] for c in CASES}
