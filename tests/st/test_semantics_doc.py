"""docs/st-semantics.md is rendered from st/semantics.py, the table the task prompt's dialect points
come from too; the 'not supported' rule names every construct the parser refuses as an extension."""

from __future__ import annotations

import re
from pathlib import Path

import st
import st.semantics as sem
from st import parser

DOC = Path(__file__).resolve().parents[2] / "docs" / "st-semantics.md"


def test_the_document_is_the_rendered_table():
    assert DOC.read_text() == sem.markdown(), "regenerate it: see the docstring of st/semantics.py"


def test_every_rule_has_text_and_prompt_points_have_an_example():
    for _section, rules in sem.SECTIONS:
        for r in rules:
            assert r.rule.strip()
            if r.prompt:
                assert r.example and r.result


def _not_supported() -> sem.Rule:
    return next(r for r in sem.prompt_rules() if r.prompt == "not supported")


def test_not_supported_names_every_refused_keyword_and_function():
    text = _not_supported().rule
    for what, _skip in parser.VENDOR_WORDS.values():
        assert what in text, what
    for fn in parser.VENDOR_FUNCTIONS:
        assert re.search(rf"\b{fn}\b", text), fn


def test_each_refused_declaration_gives_e105_as_the_rule_says():
    for decl in ("t : Lib.TON;", "u : Util.Counter;"):
        comp = st.compile_source(f"PROGRAM Main\nVAR\n{decl}\nEND_VAR\nEND_PROGRAM\n")
        assert [d.code for d in comp.errors] == ["E105"], comp.format_diagnostics()
        assert "not supported" in comp.errors[0].message
