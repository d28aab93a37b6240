"""Hostile ST stays inert: string literals holding Python and identifiers that are Python
keywords or builtins compile to data, read back as the literal text, and create no file."""

from __future__ import annotations

import os

import pytest


def st_string(text: str) -> str:
    """Quote Python text as an ST string literal ($ escapes for ' and $)."""
    return "'" + text.replace("$", "$$").replace("'", "$'") + "'"


def hostile_texts(marker: str) -> list[str]:
    return [
        f"'); import os; os.system(\"touch {marker}\") #",
        f'"""; open("{marker}", "w").write("x"); """',
        f"\\'; __import__('os').system('touch {marker}'); '\\\\",
        f"{{__import__('os').system('touch {marker}')}}",
        "\\n\\x00\\\\ end",
        "\"\"\"; ''' # \\",
    ]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_hostile_string_literals_read_back_as_text_and_create_no_file(kit, in_tmp):
    marker = str(in_tmp / "pwned")
    texts = hostile_texts(marker)
    decls = "\n".join(f"s{i} : STRING[200] := {st_string(t)};" for i, t in enumerate(texts))
    body = "\n".join(f"c{i} := CONCAT({st_string(t)}, '');" for i, t in enumerate(texts))
    decls += "\n" + "\n".join(f"c{i} : STRING[200];" for i in range(len(texts)))
    plc = kit.run(kit.main(decls, body), scans=2)
    for i, text in enumerate(texts):
        assert plc[f"s{i}"] == text
        assert plc[f"c{i}"] == text
    assert not os.path.exists(marker)
    assert list(in_tmp.iterdir()) == []


def test_dollar_newline_and_quotes_inside_a_literal(kit, in_tmp):
    src = kit.main(
        "s : STRING[100];",
        "s := '$'$N)$Nimport os$Nos.system($'touch pwned$')$N#';",
    )
    plc = kit.run(src, scans=1)
    # $N is a newline ("\n", or "\r\n" on some vendors): the text comes back line by line, inert
    assert plc["s"].replace("\r\n", "\n") == "'\n)\nimport os\nos.system('touch pwned')\n#"
    assert list(in_tmp.iterdir()) == []


PYTHON_NAMES = ["class", "import", "exec", "eval", "self", "lambda", "def", "pass", "yield", "None",
                "print", "open", "globals", "os", "sys", "ctx", "return_", "from", "async", "await"]


def test_python_keywords_and_builtins_as_identifiers(kit, in_tmp):
    decls = "\n".join(f"{name} : INT := {i};" for i, name in enumerate(PYTHON_NAMES))
    body = "\n".join(f"{name} := {name} + 100;" for name in PYTHON_NAMES)
    plc = kit.run(kit.main(decls, body), scans=2)
    for i, name in enumerate(PYTHON_NAMES):
        assert plc[name] == i + 200, name
    assert list(in_tmp.iterdir()) == []


def test_python_names_for_pous_fields_enum_values_and_fb_instances(kit, in_tmp):
    src = """
TYPE
    import : (def, class, lambda);
    exec : STRUCT
        self : INT;
        eval : BOOL;
    END_STRUCT;
END_TYPE
FUNCTION_BLOCK open
VAR_INPUT print : INT; END_VAR
VAR_OUTPUT globals : INT; END_VAR
    globals := print * 2;
END_FUNCTION_BLOCK
FUNCTION system : INT
VAR_INPUT os : INT; END_VAR
    system := os + 1;
END_FUNCTION
PROGRAM Main
VAR
    None : import := class;
    pass : exec;
    yield : open;
    compile : INT;
END_VAR
    pass.self := 41;
    pass.eval := None = class;
    yield(print := pass.self);
    compile := system(yield.globals);
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert plc["None"] == 1
    assert plc["pass.self"] == 41
    assert plc["pass.eval"] is True
    assert plc["yield.globals"] == 82
    assert plc["compile"] == 83
    assert list(in_tmp.iterdir()) == []


def test_dunder_identifier_is_inert_or_refused_cleanly(kit, in_tmp):
    import st

    src = kit.main("__import__ : INT := 5;\n__class__ : INT;", "__class__ := __import__ + 1;")
    comp = st.compile_source(src, filename="test.st")
    if comp.ok:
        plc = kit.Plc(comp.program.instantiate()).scan(1)
        assert plc["__class__"] == 6
        assert plc["__import__"] == 5
    else:
        assert comp.diagnostics and comp.diagnostics[0].line in (4, 5, 7)
        assert "Traceback" not in comp.format_diagnostics()
    assert list(in_tmp.iterdir()) == []


def test_hostile_text_in_comments_pragmas_and_type_names(kit, in_tmp):
    marker = str(in_tmp / "pwned")
    src = kit.main(
        "x : INT;",
        f"(* \"); __import__('os').system('touch {marker}') # *)\n"
        f"{{attribute '__import__(\"os\").system(\"touch {marker}\")'}}\n"
        f"// '''; open('{marker}', 'w')\n"
        "x := 1;",
    )
    plc = kit.run(src, scans=1)
    assert plc["x"] == 1
    assert not os.path.exists(marker)
