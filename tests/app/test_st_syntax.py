from app.st_syntax import highlight


def kinds(line_tokens):
    return [(k, t) for k, t in line_tokens if k != "space"]


def test_keywords_types_literals_and_addresses():
    (line,) = highlight("IF Start AT %IX0.0 THEN t := T#1s500ms; n := 16#FF; ok := TRUE; END_IF")
    got = kinds(line)
    assert ("keyword", "IF") in got and ("keyword", "END_IF") in got and ("keyword", "AT") in got
    assert ("address", "%IX0.0") in got
    assert ("time", "T#1s500ms") in got
    assert ("number", "16#FF") in got
    assert ("constant", "TRUE") in got
    assert ("ident", "Start") in got


def test_block_comments_span_lines_and_nest():
    lines = highlight("x := 1; (* a (* nested *)\nstill comment *) y := 2;\nz := 3; // tail")
    assert kinds(lines[0])[-1] == ("comment", "(* a (* nested *)")
    assert kinds(lines[1])[0] == ("comment", "still comment *)")
    assert ("ident", "y") in kinds(lines[1])
    assert kinds(lines[2])[-1] == ("comment", "// tail")


def test_text_is_preserved_exactly():
    src = "PROGRAM Main\n  VAR s : STRING := 'it''s $N'; END_VAR\n\tx:=x+1;\nEND_PROGRAM"
    assert ["".join(t for _, t in line) for line in highlight(src)] == src.splitlines()
