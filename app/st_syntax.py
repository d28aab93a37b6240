"""Structured Text syntax colouring for the source view: tokens per line, comments across lines."""

from __future__ import annotations

import re

KEYWORDS = {
    "PROGRAM", "END_PROGRAM", "FUNCTION", "END_FUNCTION", "FUNCTION_BLOCK", "END_FUNCTION_BLOCK",
    "VAR", "VAR_INPUT", "VAR_OUTPUT", "VAR_IN_OUT", "VAR_TEMP", "VAR_GLOBAL", "VAR_EXTERNAL", "END_VAR",
    "CONSTANT", "RETAIN", "PERSISTENT", "AT", "TYPE", "END_TYPE", "STRUCT", "END_STRUCT", "ARRAY", "OF",
    "IF", "THEN", "ELSIF", "ELSE", "END_IF", "CASE", "END_CASE", "FOR", "TO", "BY", "DO", "END_FOR",
    "WHILE", "END_WHILE", "REPEAT", "UNTIL", "END_REPEAT", "EXIT", "CONTINUE", "RETURN",
    "CONFIGURATION", "END_CONFIGURATION", "RESOURCE", "END_RESOURCE", "TASK", "ON", "WITH",
}
OPERATOR_WORDS = {"AND", "OR", "XOR", "NOT", "MOD", "AND_THEN", "OR_ELSE"}
TYPES = {
    "BOOL", "SINT", "INT", "DINT", "LINT", "USINT", "UINT", "UDINT", "ULINT", "BYTE", "WORD", "DWORD",
    "LWORD", "REAL", "LREAL", "TIME", "LTIME", "DATE", "TIME_OF_DAY", "TOD", "DATE_AND_TIME", "DT",
    "STRING", "WSTRING", "TON", "TOF", "TP", "CTU", "CTD", "CTUD", "R_TRIG", "F_TRIG", "SR", "RS",
}
CONSTANTS = {"TRUE", "FALSE"}

_TOKEN = re.compile(
    r"""(?P<comment_line>//.*)
      | (?P<comment_open>\(\*)
      | (?P<pragma>\{[^}]*\}?)
      | (?P<string>'(?:\$.|[^'$])*'?|"(?:\$.|[^"$])*"?)
      | (?P<time>\b(?:T|TIME|LT|LTIME|D|DATE|TOD|TIME_OF_DAY|DT|DATE_AND_TIME)\#[\w.:\-]+)
      | (?P<address>%[IQM][XBWDL]?\d+(?:\.\d+)?)
      | (?P<number>\b(?:\w+\#)?(?:\d[\d_]*\#[0-9A-Fa-f_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)\b)
      | (?P<word>[A-Za-z_]\w*)
      | (?P<space>\s+)
      | (?P<other>.)""",
    re.VERBOSE,
)


def _comment_span(line: str, start: int, depth: int) -> tuple[int, int]:
    """End index of the comment text from `start` and the nesting depth left (CODESYS nests)."""
    i = start
    while i < len(line):
        if line.startswith("(*", i):
            depth += 1
            i += 2
        elif line.startswith("*)", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i, 0
        else:
            i += 1
    return i, depth


def highlight(text: str) -> list[list[tuple[str, str]]]:
    """Per line, a list of (kind, text); kinds: comment keyword operator type constant string
    time address number ident space other."""
    out: list[list[tuple[str, str]]] = []
    depth = 0
    for line in text.splitlines():
        toks: list[tuple[str, str]] = []
        pos = 0
        if depth:
            end, depth = _comment_span(line, 0, depth)
            toks.append(("comment", line[:end]))
            pos = end
        while pos < len(line):
            m = _TOKEN.match(line, pos)
            kind = m.lastgroup or "other"
            if kind == "comment_open":
                end, depth = _comment_span(line, pos, 0)
                toks.append(("comment", line[pos:end]))
                pos = end
                continue
            val = m.group(kind)
            if kind == "comment_line":
                kind = "comment"
            elif kind == "pragma":
                kind = "comment"
            elif kind == "word":
                up = val.upper()
                kind = ("keyword" if up in KEYWORDS else "operator" if up in OPERATOR_WORDS
                        else "type" if up in TYPES else "constant" if up in CONSTANTS else "ident")
            toks.append((kind, val))
            pos = m.end()
        out.append(toks)
    return out
