"""Parser: every construct of the language to the right AST, and the syntax diagnostics a user sees."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from st import ast
from st.diagnostics import Diagnostic, did_you_mean
from st.parser import KEYWORDS, parse

FIXTURES = Path(__file__).parent / "fixtures_front"


def ok(src: str) -> ast.SourceFile:
    sf, diags = parse(src, "t.st")
    assert sf is not None, "\n".join(d.format(src) for d in diags)
    assert [d for d in diags if d.severity == "error"] == []
    return sf


def errors(src: str) -> list[Diagnostic]:
    sf, diags = parse(src, "t.st")
    assert sf is None
    errs = [d for d in diags if d.severity == "error"]
    assert errs
    return errs


def body(stmts: str, decls: str = "") -> list[ast.Stmt]:
    return ok(f"PROGRAM P\nVAR\n{decls}\nEND_VAR\n{stmts}\nEND_PROGRAM\n").pous[0].body


def expr(text: str) -> ast.Expr:
    (stmt,) = body(f"x := {text};")
    assert isinstance(stmt, ast.Assign)
    return stmt.value


def decl(text: str) -> ast.VarDecl:
    return ok(f"PROGRAM P\nVAR\n{text}\nEND_VAR\nEND_PROGRAM").pous[0].var_sections[0].decls[0]


# ------------------------------------------------------------------ structure


def test_pous_types_and_configuration():
    sf = ok(
        """
TYPE
  E_Mode : (Off, Manual, Auto);
  E_Code : (Ok := 0, Warn := 10, Err := 20) INT;
  E_Ed3 : INT (A := 1, B := 2);
  Percent : INT(0..100);
  Speed : REAL;
  Row : ARRAY[1..4] OF INT;
  S_Part : STRUCT
    Id : DINT;
    Ok : BOOL := TRUE;
  END_STRUCT
  S_Two : STRUCT a : INT; END_STRUCT;
END_TYPE
VAR_GLOBAL CONSTANT
  LIMIT : INT := 10;
END_VAR
FUNCTION Twice : INT
VAR_INPUT v : INT; END_VAR
Twice := v * 2;
END_FUNCTION
FUNCTION_BLOCK Blinker
VAR_INPUT Enable : BOOL; END_VAR
VAR_OUTPUT Lamp : BOOL; END_VAR
VAR_IN_OUT Shared : INT; END_VAR
VAR_TEMP tmp : INT; END_VAR
VAR RETAIN hits : INT; END_VAR
VAR_EXTERNAL LIMIT : INT; END_VAR
Lamp := Enable;
END_FUNCTION_BLOCK
PROGRAM Main
VAR b : Blinker; END_VAR
b(Enable := TRUE);
END_PROGRAM
CONFIGURATION Cell
  RESOURCE Cpu ON PLC
    TASK Cyclic (INTERVAL := T#10ms, PRIORITY := 1);
    PROGRAM Inst WITH Cyclic : Main;
  END_RESOURCE
END_CONFIGURATION
"""
    )
    assert [(p.kind, p.name) for p in sf.pous] == [
        ("FUNCTION", "Twice"),
        ("FUNCTION_BLOCK", "Blinker"),
        ("PROGRAM", "Main"),
    ]
    assert sf.pous[0].return_type == ast.NamedType("INT", line=18, col=18, end_line=18, end_col=20)
    kinds = [s.kind for s in sf.pous[1].var_sections]
    assert kinds == ["VAR_INPUT", "VAR_OUTPUT", "VAR_IN_OUT", "VAR_TEMP", "VAR", "VAR_EXTERNAL"]
    assert sf.pous[1].var_sections[4].retain
    assert sf.global_sections[0].kind == "VAR_GLOBAL" and sf.global_sections[0].constant

    types = {t.name: t.type for t in sf.types}
    mode = types["E_Mode"]
    assert isinstance(mode, ast.EnumType) and [v.name for v in mode.values] == ["Off", "Manual", "Auto"]
    assert mode.base is None and mode.values[0].value is None
    code = types["E_Code"]
    assert code.base == "INT" and [v.value.value for v in code.values] == [0, 10, 20]
    assert types["E_Ed3"].base == "INT" and [v.name for v in types["E_Ed3"].values] == ["A", "B"]
    pct = types["Percent"]
    assert isinstance(pct, ast.SubrangeType) and (pct.base, pct.low.value, pct.high.value) == ("INT", 0, 100)
    assert types["Speed"] == ast.NamedType("REAL", line=7, col=11, end_line=7, end_col=14)
    row = types["Row"]
    assert isinstance(row, ast.ArrayType) and row.element.name == "INT"
    part = types["S_Part"]
    assert isinstance(part, ast.StructType) and [f.names for f in part.fields] == [["Id"], ["Ok"]]
    assert part.fields[1].init.value is True
    assert isinstance(types["S_Two"], ast.StructType)

    (conf,) = sf.configurations
    (res,) = conf.resources
    assert (conf.name, res.name, res.on) == ("Cell", "Cpu", "PLC")
    (task,) = res.tasks
    assert task.name == "Cyclic" and task.interval.nanoseconds == 10_000_000 and task.priority.value == 1
    (prog,) = res.programs
    assert (prog.instance_name, prog.task_name, prog.program_type) == ("Inst", "Cyclic", "Main")


def test_declarations_initial_values_and_locations():
    d = decl("a, b, c : INT := 5;")
    assert d.names == ["a", "b", "c"] and d.init.value == 5
    assert d.name_positions == [(3, 1), (3, 4), (3, 7)]

    d = decl("s : STRING[10] := 'hi';")
    assert d.type.length.value == 10 and not d.type.wide and d.init.value == "hi"
    assert decl("s : STRING(12);").type.length.value == 12
    assert decl("s : STRING;").type.length is None
    assert decl("w : WSTRING;").type.wide

    d = decl("m : ARRAY[1..2, 0..3] OF BOOL;")
    assert [(r.low.value, r.high.value) for r in d.type.ranges] == [(1, 2), (0, 3)]
    d = decl("neg : ARRAY[-5..5] OF INT;")
    assert d.type.ranges[0].low.value == -5

    d = decl("arr : ARRAY[1..5] OF INT := [1, 3(0), 2(7), 9];")
    items = d.init.items
    assert [(i.repeat.value if i.repeat else None, i.value.value) for i in items] == [
        (None, 1),
        (3, 0),
        (2, 7),
        (None, 9),
    ]
    d = decl("p : S_Part := (Id := 7, Ok := FALSE);")
    assert [(f.name, f.value.value) for f in d.init.fields] == [("Id", 7), ("Ok", False)]
    d = decl("parts : ARRAY[1..2] OF S_Part := [(Id := 1), (Id := 2)];")
    assert [i.value.fields[0].value.value for i in d.init.items] == [1, 2]
    d = decl("t : TON := (PT := T#1s);")
    assert d.init.fields[0].value.nanoseconds == 10**9

    d = decl("sensor AT %IX0.3 : BOOL;")
    assert d.location.address == "%IX0.3" and d.location.parts == (0, 3)
    assert decl("x AT %i1.2 : BOOL;").location.address == "%IX1.2"
    assert decl("w AT %qw4 : INT;").location.address == "%QW4"
    loc = decl("m AT %MD10 : DINT;").location
    assert (loc.area, loc.size, loc.parts) == ("M", "D", (10,))

    d = decl("mode : (Slow, Fast) := Fast;")
    assert isinstance(d.type, ast.EnumType) and d.init.name == "Fast"
    d = decl("lvl : INT(0..10);")
    assert isinstance(d.type, ast.SubrangeType)


def test_var_section_flags():
    sf = ok(
        "PROGRAM P\nVAR CONSTANT K : INT := 1; END_VAR\nVAR PERSISTENT RETAIN z : INT; END_VAR\nEND_PROGRAM"
    )
    a, b = sf.pous[0].var_sections
    assert a.constant and not a.retain
    assert b.persistent and b.retain


# ------------------------------------------------------------------ statements


def test_statements():
    stmts = body(
        """
x := 1;
IF x > 1 THEN y := 1; ELSIF x < 0 THEN y := 2; ELSIF x = 0 THEN ; ELSE y := 3; END_IF
CASE x OF
  1, 2: y := 1;
  3..5, 7: y := 2;
  Idle: y := 3;
  E_Mode.Auto: y := 4;
  -1: y := 5;
  Mode#Manual: y := 6;
ELSE
  y := 0;
END_CASE;
FOR i := 10 TO 1 BY -2 DO CONTINUE; END_FOR;
WHILE x < 10 DO x := x + 1; IF x = 5 THEN EXIT; END_IF END_WHILE
REPEAT x := x - 1; UNTIL x <= 0 END_REPEAT
RETURN;
;
"""
    )
    kinds = [type(s).__name__ for s in stmts]
    assert kinds == [
        "Assign",
        "IfStmt",
        "CaseStmt",
        "ForStmt",
        "WhileStmt",
        "RepeatStmt",
        "ReturnStmt",
        "EmptyStmt",
    ]
    if_ = stmts[1]
    assert len(if_.elsifs) == 2 and isinstance(if_.elsifs[1].body[0], ast.EmptyStmt)
    assert if_.else_body[0].value.value == 3
    case = stmts[2]
    labels = [b.labels for b in case.branches]
    assert [lab.value for lab in labels[0]] == [1, 2]
    assert isinstance(labels[1][0], ast.CaseRange) and (labels[1][0].low.value, labels[1][0].high.value) == (
        3,
        5,
    )
    assert labels[2][0] == ast.Name("Idle", line=11, col=3, end_line=11, end_col=6)
    assert isinstance(labels[3][0], ast.FieldAccess) and labels[3][0].field == "Auto"
    assert labels[4][0].value == -1
    assert labels[5][0].type_name == "Mode" and labels[5][0].value_name == "Manual"
    assert case.else_body[0].value.value == 0
    for_ = stmts[3]
    assert (for_.var, for_.start.value, for_.end.value, for_.step.value) == ("i", 10, 1, -2)
    assert isinstance(for_.body[0], ast.ContinueStmt)
    assert isinstance(stmts[4].body[1].then_body[0], ast.ExitStmt)
    assert stmts[5].condition.op == "<="


def test_missing_semicolon_after_end_keywords_is_accepted():
    stmts = body(
        "IF a THEN b := 1; END_IF\nCASE c OF 1: b := 2; END_CASE\nFOR i := 1 TO 2 DO END_FOR\n"
        "WHILE FALSE DO END_WHILE\nREPEAT UNTIL TRUE END_REPEAT\nb := 3;"
    )
    assert [type(s).__name__ for s in stmts] == [
        "IfStmt",
        "CaseStmt",
        "ForStmt",
        "WhileStmt",
        "RepeatStmt",
        "Assign",
    ]


def test_case_statement_with_name_labels_after_statements():
    (case,) = body("CASE s OF\n Idle: a := 1;\n  b := 2;\n Busy, Done: a := 3;\nEND_CASE")
    assert [len(b.body) for b in case.branches] == [2, 1]
    assert [lab.name for lab in case.branches[1].labels] == ["Busy", "Done"]


def test_calls():
    (c1, c2, c3) = body("t(IN := start, PT := T#2s, Q => done, ET => );\nf();\nfb(NOT Q => idle, 1, x + 1);")
    call = c1.call
    assert call.func.name == "t"
    assert [(a.kind, a.name) for a in call.args] == [
        ("input", "IN"),
        ("input", "PT"),
        ("output", "Q"),
        ("output", "ET"),
    ]
    assert call.args[2].value.name == "done" and call.args[3].value is None
    assert c2.call.args == []
    neg = c3.call.args[0]
    assert (neg.kind, neg.name, neg.negated, neg.value.name) == ("output", "Q", True, "idle")
    assert [a.kind for a in c3.call.args[1:]] == ["positional", "positional"]
    e = expr("MAX(a, LIMIT(0, b, 10))")
    assert e.func.name == "MAX" and e.args[1].value.func.name == "LIMIT"
    e = expr("cells[2].fb.Q")
    assert isinstance(e, ast.FieldAccess) and e.field == "Q"


# ------------------------------------------------------------------ expressions


def test_operator_precedence():
    e = expr("a OR b XOR c AND d")
    assert e.op == "OR" and e.right.op == "XOR" and e.right.right.op == "AND"
    e = expr("a = b AND c <> d")
    assert e.op == "AND" and e.left.op == "=" and e.right.op == "<>"
    e = expr("a + b * c ** 2")
    assert e.op == "+" and e.right.op == "*" and e.right.right.op == "**"
    e = expr("a - b - c")
    assert e.op == "-" and e.left.op == "-"
    e = expr("NOT a AND b")
    assert e.op == "AND" and e.left.op == "NOT"
    e = expr("a & b")
    assert e.op == "AND"
    e = expr("x MOD 2 = 0")
    assert e.op == "=" and e.left.op == "MOD"
    e = expr("-(a + 1)")
    assert isinstance(e, ast.UnaryOp) and e.op == "-" and e.operand.op == "+"
    e = expr("(a < b) = (c >= d)")
    assert e.op == "=" and e.left.op == "<" and e.right.op == ">="


def test_variable_reference_chains():
    e = expr("m[i, j + 1].x.3")
    assert isinstance(e, ast.BitAccess) and e.bit == 3
    assert isinstance(e.base, ast.FieldAccess) and e.base.field == "x"
    idx = e.base.base
    assert isinstance(idx, ast.IndexAccess) and len(idx.indices) == 2 and idx.base.name == "m"
    e = expr("%IW2 + %ix0.7")
    assert e.left.address == "%IW2" and e.right.address == "%IX0.7"
    (stmt,) = body("%QX1.0 := TRUE;")
    assert stmt.target.address == "%QX1.0"


def test_literals():
    assert expr("1_000").value == 1000
    assert expr("16#FF").value == 255
    assert expr("2#1010_0101").value == 0xA5
    assert expr("8#17").value == 15
    lit = expr("INT#-32768")
    assert (lit.value, lit.type_prefix) == (-32768, "INT")
    assert expr("-32768").value == -32768
    lit = expr("DWORD#16#FFFF_FFFF")
    assert (lit.value, lit.type_prefix) == (0xFFFFFFFF, "DWORD")
    assert expr("1.5").value == 1.5 and expr("1.5").type_prefix is None
    lit = expr("REAL#1.5e3")
    assert (lit.value, lit.type_prefix) == (1500.0, "REAL")
    lit = expr("LREAL#-2.5E-3")
    assert (lit.value, lit.type_prefix) == (-0.0025, "LREAL")
    assert expr("REAL#5").value == 5.0
    assert expr("TRUE").value is True and expr("false").value is False
    lit = expr("BOOL#1")
    assert (lit.value, lit.type_prefix) == (True, "BOOL")
    assert expr("T#1.5ms").nanoseconds == 1_500_000
    assert expr("T#1m30s250ms").nanoseconds == 90_250_000_000
    assert expr("TIME#1d2h").nanoseconds == (26 * 3600) * 10**9
    assert expr("t#-5s").nanoseconds == -5 * 10**9
    lit = expr("LTIME#1us5ns")
    assert (lit.nanoseconds, lit.type_prefix) == (1005, "LTIME")
    lit = expr("D#2024-01-31")
    assert (lit.kind, lit.value) == ("DATE", 1706659200)
    lit = expr("TOD#12:30:15.5")
    assert (lit.kind, lit.value) == ("TOD", 45_015_500)
    lit = expr("DT#2024-01-31-00:00:10")
    assert (lit.kind, lit.value) == ("DT", 1706659210)
    assert expr("'It$'s $$5$N$T$41'").value == "It's $5\n\tA"
    lit = expr('"wide$0041"')
    assert (lit.value, lit.wide) == ("wideA", True)
    lit = expr("STRING#'x'")
    assert (lit.value, lit.type_prefix) == ("x", "STRING")
    lit = expr("Colour#Red")
    assert isinstance(lit, ast.EnumLiteral) and (lit.type_name, lit.value_name) == ("Colour", "Red")


def test_case_insensitive_keywords_comments_and_pragmas():
    sf = ok(
        """program p // line comment
var x : int; end_var
(* outer (* nested *) still comment *)
{attribute 'qualified_only'}
if x > 0 then x := 0; end_if
End_Program"""
    )
    assert sf.pous[0].name == "p"
    assert isinstance(sf.pous[0].body[0], ast.IfStmt)
    assert sf.pous[0].var_sections[0].decls[0].type.name == "INT"


def test_positions_are_one_based_and_span_tokens():
    (stmt,) = body("  count := count + 10;")
    assert (stmt.line, stmt.col) == (5, 3)
    assert (stmt.value.right.line, stmt.value.right.col, stmt.value.right.end_col) == (5, 20, 21)
    assert stmt.end_col == 22  # includes the ';'


def test_python_keywords_are_fine_as_names():
    stmts = body("class := lambda + import;", "class, lambda, import : INT;")
    assert stmts[0].target.name == "class"


# ------------------------------------------------------------------ diagnostics


def test_missing_semicolon_message_and_caret():
    src = "PROGRAM P\nVAR x : INT; END_VAR\nIF x > 0 THEN\n  x := 1\nEND_IF\nEND_PROGRAM\n"
    (err,) = errors(src)
    assert err.message == "expected ';' after the statement, found 'END_IF'"
    # reported where the ';' is missing: right after the statement, not at the next token
    assert (err.line, err.col, err.code) == (4, 9, "E101")
    assert err.format(src) == (
        "t.st:4:9: error[E101]: expected ';' after the statement, found 'END_IF'\n  x := 1\n        ^"
    )


def test_several_errors_reported_at_once():
    src = """PROGRAM P
VAR a : INT; b : INT END_VAR
a := 1
b := 2;
a := := 3;
IF a THEN b := 1; END_IF
WHILE a b DO END_WHILE
FOR a := 1 10 DO END_FOR
END_PROGRAM
"""
    errs = errors(src)
    got = [(e.line, e.col, e.message) for e in errs]
    assert got == [
        (2, 22, "expected ';' after the declaration, found 'END_VAR'"),  # same line: at the token
        (3, 7, "expected ';' after the statement, found name 'b'"),
        (5, 6, "expected an expression, found ':='"),
        (7, 9, "expected 'DO', found name 'b'"),
        (8, 12, "expected 'TO', found '10'"),
    ]


def test_unclosed_block_names_its_opening_line():
    (err,) = errors("PROGRAM P\nIF TRUE THEN\n  ;\nEND_PROGRAM\n")
    assert err.message == "expected 'END_IF' to close the IF on line 2, found 'END_PROGRAM'"
    (err,) = errors("PROGRAM P\nx := 1;\n")
    assert err.message == "expected 'END_PROGRAM' to close the PROGRAM on line 1, found the end of the file"


def test_keywords_are_reserved():
    (err,) = errors("PROGRAM P\nVAR BY : INT; END_VAR\nEND_PROGRAM")
    assert (err.line, err.col, err.code) == (2, 5, "E106")
    assert err.message == "'BY' is a reserved keyword and cannot be used as a name"
    (err,) = errors("PROGRAM P\nVAR do : BOOL; END_VAR\nEND_PROGRAM")
    assert "'do' is a reserved keyword" in err.message
    assert {"BY", "DO", "ON", "AND", "OR", "XOR", "MOD", "NOT"} <= KEYWORDS
    # ON, TASK, WITH, RESOURCE are keywords only inside a CONFIGURATION: elsewhere they are names
    sf, diags = parse("PROGRAM P\nVAR on : BOOL; task : INT; END_VAR\non := TRUE;\nEND_PROGRAM", "t.st")
    assert sf is not None and diags == []
    assert sf.pous[0].var_sections[0].decls[0].names == ["on"]


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("VAR u : UNION i : INT; END_UNION END_VAR", "UNION"),
        ("VAR t : Lib.TON; END_VAR", "namespace-qualified type 'Lib.TON'"),
        ("x := ADRINST(y);", "ADRINST"),
        ("q S= x;", "S= assignment"),
        ("VAR_INST n : INT; END_VAR", "VAR_INST"),
    ],
)
def test_vendor_extensions_give_one_clear_error_at_their_line(line, what):
    src = f"PROGRAM P\n{line}\nx := 1;\nEND_PROGRAM\n"
    errs = errors(src)
    assert len(errs) == 1, [e.message for e in errs]
    assert errs[0].line == 2
    assert errs[0].code == "E105"
    assert errs[0].message.startswith(f"not supported: {what}")


def test_function_block_header_interface_and_members_parse():
    src = """INTERFACE I_Run
METHOD Run : BOOL
END_METHOD
END_INTERFACE
FUNCTION_BLOCK ABSTRACT Drive EXTENDS Base IMPLEMENTS I_Run, I_Stop
VAR x : INT; END_VAR
METHOD PROTECTED FINAL Run : BOOL
    Run := THIS^.x > SUPER^.y;
END_METHOD
PROPERTY Speed : REAL
GET
    Speed := 1.0;
END_GET
END_PROPERTY
x := 1;
r REF= x;
END_FUNCTION_BLOCK
"""
    sf, diags = parse(src, "t.st")
    assert diags == [] and sf is not None
    (itf,) = sf.interfaces
    assert itf.name == "I_Run" and [m.name for m in itf.methods] == ["Run"]
    fb = sf.pous[0]
    assert (fb.modifiers, fb.extends, fb.implements) == (["ABSTRACT"], ["Base"], ["I_Run", "I_Stop"])
    (m,) = fb.methods
    assert m.modifiers == ["PROTECTED", "FINAL"] and isinstance(m.body[0].value.left.base, ast.Deref)
    (prop,) = fb.properties
    assert [a.kind for a in prop.accessors] == ["GET"]
    assert isinstance(fb.body[1], ast.RefAssign)


def test_unterminated_comment_and_string_point_at_their_start():
    (err,) = errors("PROGRAM P\nx := 1; (* never closed\nx := 2;\nEND_PROGRAM\n")
    assert (err.line, err.col, err.code) == (2, 9, "E103")
    assert "unterminated comment" in err.message
    (err,) = errors("PROGRAM P\nx := 'abc;\ny := 2;\nEND_PROGRAM\n")
    assert (err.line, err.col) == (2, 6) and "unterminated string" in err.message
    (err,) = errors("PROGRAM P\n{ pragma\nEND_PROGRAM\n")
    assert (err.line, err.col) == (2, 1) and "unterminated pragma" in err.message


@pytest.mark.parametrize(
    ("text", "col", "message"),
    [
        ("16#G1", 6, "invalid digit 'G' in base-16 number '16#G1'"),
        ("T#5x", 6, "unknown time unit starting at 'x' (use d, h, m, s, ms, us or ns)"),
        ("T#5", 6, "missing time unit after the number (use d, h, m, s, ms, us or ns)"),
        ("12abc", 6, "malformed number '12abc'"),
        ("3#12", 6, "'3#12': the base must be 2, 8 or 16"),
        ("2#102", 6, "invalid digit '2' in base-2 number '2#102'"),
        ("'a$Qb'", 6, "invalid escape '$Q' in string (use $$, $', $L, $N, $P, $R, $T or $hh)"),
        ("D#2024-13-01", 6, "invalid date '2024-13-01': month must be in 1..12"),
        ("INT#1.5", 6, "INT#1.5: an integer type needs a whole number (use REAL# or LREAL# for fractions)"),
        ("BOOL#2", 6, "BOOL#2: a BOOL literal is TRUE, FALSE, 1 or 0"),
        ("%IX0.9", 6, "bit number 9 in '%IX0.9' is out of range 0..7"),
        ("%ZX0", 6, "malformed direct address '%ZX0' (write e.g. %IX0.0, %QX1.7, %IW2, %QD4, %MW10)"),
    ],
)
def test_malformed_literals_are_errors_at_their_column(text, col, message):
    (err,) = errors(f"PROGRAM P\nx := {text};\nEND_PROGRAM\n")
    assert (err.line, err.col, err.message) == (2, col, message)


def test_bad_characters_and_binary_junk():
    errs = errors("PROGRAM P\nx := 1 ? 2;\nEND_PROGRAM\n")
    assert (errs[0].line, errs[0].col, errs[0].message) == (2, 8, "unexpected character '?'")
    errs = errors("\x00\udcff\ufffe PROGRAM")
    assert errs[0].message == "unexpected character 'U+0000'"


def test_empty_file_is_an_empty_source():
    sf, diags = parse("", "empty.st")
    assert sf is not None and sf.pous == [] and diags == []


def test_deep_nesting_does_not_crash():
    depth = 5000
    sf, diags = parse("PROGRAM P\nx := " + "(" * depth + "1" + ")" * depth + ";\nEND_PROGRAM", "deep.st")
    assert sf is not None or diags
    sf, diags = parse("PROGRAM P\n" + "IF a THEN\n" * 2000 + "END_IF\n" * 2000 + "END_PROGRAM", "deep.st")
    assert sf is not None or diags


def test_did_you_mean():
    assert did_you_mean("motor_onn", ["Motor_On", "Lamp"]) == "did you mean 'Motor_On'?"
    assert did_you_mean("zzz", ["Motor_On", "Lamp"]) == ""
    assert did_you_mean("x", []) == ""


def test_diagnostic_format_without_line():
    d = Diagnostic("error", "E409", "no PROGRAM in the file", "p.st", 0, 0)
    assert d.format("anything") == "p.st: error[E409]: no PROGRAM in the file"


def test_realistic_300_line_program_parses():
    src = (FIXTURES / "bench_300.st").read_text()
    sf = ok(src)
    assert [p.name for p in sf.pous] == ["FB_Station", "Main"]
    assert len(sf.pous[1].body) == 28 * 2 + 1


# ------------------------------------------------------------------ fuzz

_SNIPPETS = [
    "PROGRAM P",
    "END_PROGRAM",
    "VAR",
    "END_VAR",
    "x : INT;",
    "x := 1;",
    "IF",
    "THEN",
    "END_IF",
    "CASE x OF",
    "1:",
    "END_CASE",
    "FOR i := 1 TO 3 DO",
    "END_FOR",
    "(*",
    "*)",
    "'",
    '"',
    "//",
    "{",
    "}",
    "T#5s",
    "16#",
    "%IX0.0",
    ":=",
    "=>",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    "..",
    "NOT",
    "POINTER TO",
    "^",
    "METHOD",
    "\x00",
    "\n",
    " ",
    "ÿ",
    "\udcff",
    "REF=",
    "S=",
    "INT#",
    "$",
    "ELSE",
    "ELSIF",
    "REPEAT",
    "UNTIL",
    "END_REPEAT",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.lists(st_.sampled_from(_SNIPPETS), max_size=40))
def test_fuzz_token_soup_never_raises(parts):
    src = " ".join(parts)
    sf, diags = parse(src, "fuzz.st")
    assert sf is not None or any(d.severity == "error" for d in diags)
    for d in diags:
        d.format(src)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.text(max_size=200), st_.integers(min_value=0, max_value=400))
def test_fuzz_mutated_program_never_raises(noise, at):
    base = (FIXTURES / "bench_300.st").read_text()[:400]
    src = base[:at] + noise + base[at:]
    sf, diags = parse(src, "fuzz.st")
    assert sf is not None or any(d.severity == "error" for d in diags)
