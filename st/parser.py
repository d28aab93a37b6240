"""Structured Text parser: source text -> st.ast.SourceFile plus diagnostics.

``parse(text, filename)`` never raises. It returns ``(SourceFile, diagnostics)`` when the text
is syntactically valid, and ``(None, diagnostics)`` when there is at least one syntax error.
Several errors are reported in one pass: after an error the parser resynchronises at the next
';' or block keyword (END_IF, END_VAR ...) by cutting the LALR stack back to a state that
accepts it (panic-mode recovery on lark's interactive parser).

Stages:
1. ``_blank_comments``: comments ``(* *)`` (nested, as CODESYS), ``/* */``, ``//`` and pragmas ``{ }``
   are replaced by spaces (newlines kept, so every line/column stays exact); unterminated
   comments, pragmas and strings are reported where they start.
2. lark LALR with the contextual lexer and an embedded transformer (``_AstBuilder``) that
   builds the dataclasses of st.ast directly while parsing (no parse tree in between).
3. A driver loop that feeds tokens, turns lark's errors into sentences, and recovers.
Vendor extensions not implemented (POINTER TO, UNION, ...) get one "not supported" error where
they appear.
"""

from __future__ import annotations

import calendar
import datetime
import re
import threading
from fractions import Fraction
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.parsers.lalr_parser_state import ParserState

from . import ast
from .diagnostics import ERROR, Diagnostic

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

# Syntax error codes (E1xx, see st/diagnostics.py).
E_SYNTAX = "E101"  # unexpected token
E_CHAR = "E102"  # character that is not part of ST
E_UNTERMINATED = "E103"  # comment, pragma or string never closed
E_LITERAL = "E104"  # malformed literal (16#G1, T#5x, bad escape, bad address)
E_UNSUPPORTED = "E105"  # vendor extension
E_NAME_KEYWORD = "E106"  # keyword used as a name
E_TOO_MANY = "E107"  # error limit reached
E_INTERNAL = "E199"  # a bug in the parser, reported instead of a traceback
E_NESTED = "E405"  # nested too deeply for Python's recursion (the checker's code for the same)

MAX_ERRORS = 25
MAX_RECOVERIES = 2000  # error-handling steps (reported or not) before giving up: bounds hostile input
MAX_RESYNC_DEPTH = 400  # how far down the parse stack panic mode looks for a state to resume in

# Reserved words: the grammar's keyword terminals. A NAME token with this text is retyped.
KEYWORDS = frozenset(
    """PROGRAM END_PROGRAM FUNCTION_BLOCK END_FUNCTION_BLOCK FUNCTION END_FUNCTION VAR VAR_INPUT
    VAR_OUTPUT VAR_IN_OUT VAR_TEMP VAR_GLOBAL VAR_EXTERNAL END_VAR CONSTANT RETAIN NON_RETAIN
    PERSISTENT AT TYPE END_TYPE STRUCT END_STRUCT ARRAY OF STRING WSTRING CONFIGURATION
    END_CONFIGURATION RESOURCE END_RESOURCE ON TASK WITH IF THEN ELSIF ELSE END_IF CASE END_CASE
    FOR TO BY DO END_FOR WHILE END_WHILE REPEAT UNTIL END_REPEAT EXIT CONTINUE RETURN AND OR
    XOR NOT MOD TRUE FALSE METHOD END_METHOD PROPERTY END_PROPERTY INTERFACE END_INTERFACE EXTENDS
    IMPLEMENTS THIS SUPER REFERENCE REF_TO POINTER END_GET END_SET PUBLIC PRIVATE PROTECTED INTERNAL ABSTRACT
    FINAL OVERRIDE GET SET""".split()
)

# Keywords of CONFIGURATION/RESOURCE only: anywhere else where a name fits they are names (CODESYS,
# matiec accept `on : BOOL;`)
SOFT_KEYWORDS = frozenset({"ON", "TASK", "WITH", "RESOURCE"})
# ... and so are the modifiers of methods and function blocks and the accessors of a property (CODESYS
# accepts `set : BOOL;`, `final : INT;`)
SOFT_KEYWORDS |= frozenset(
    {"PUBLIC", "PRIVATE", "PROTECTED", "INTERNAL", "ABSTRACT", "FINAL", "OVERRIDE", "GET", "SET"}
)

# Vendor keywords: reserved too, never in the grammar; each gets one "not supported" error.
# value: (what the message names, how to skip it)
VENDOR_WORDS: dict[str, tuple[str, str]] = {
    "UNION": ("UNION", "END_UNION"),
    "END_UNION": ("UNION", "none"),
    "VAR_INST": ("VAR_INST", "END_VAR"),
    "VAR_STAT": ("VAR_STAT", "END_VAR"),
}
VENDOR_FUNCTIONS = frozenset({"ADRINST", "BITADR", "XSIZEOF"})
# CODESYS operators spelt with two leading underscores; any other such name is an (invalid) identifier
# the checker refuses with the IEC reason, so the rest of the file is still checked
VENDOR_OPERATORS = frozenset(
    """__NEW __DELETE __QUERYINTERFACE __QUERYPOINTER __TRY __CATCH __FINALLY __ENDTRY
    __XADD __VARINFO __POSITION __POUNAME __CURRENTTASK __COMPARE_AND_SWAP __SYSTEM""".split()
)

ELEMENTARY_TYPES = frozenset(
    """BOOL SINT INT DINT LINT USINT UINT UDINT ULINT BYTE WORD DWORD LWORD REAL LREAL TIME LTIME
    DATE LDATE TIME_OF_DAY TOD LTIME_OF_DAY LTOD DATE_AND_TIME DT LDATE_AND_TIME LDT STRING WSTRING
    CHAR WCHAR""".split()
)
INT_TYPES = frozenset("SINT INT DINT LINT USINT UINT UDINT ULINT BYTE WORD DWORD LWORD".split())
REAL_TYPES = frozenset({"REAL", "LREAL"})
TIME_PREFIXES = {"T": "TIME", "TIME": "TIME", "LT": "LTIME", "LTIME": "LTIME"}
DATE_PREFIXES = {"D": False, "DATE": False, "LD": True, "LDATE": True}
TOD_PREFIXES = {"TOD": False, "TIME_OF_DAY": False, "LTOD": True, "LTIME_OF_DAY": True}
DT_PREFIXES = {"DT": False, "DATE_AND_TIME": False, "LDT": True, "LDATE_AND_TIME": True}

_COMPOUND = (ast.IfStmt, ast.CaseStmt, ast.ForStmt, ast.WhileStmt, ast.RepeatStmt)
# Tokens that open a block, with the keyword that closes it (for "expected 'END_IF' to close ...").
_CLOSERS = {
    "IF": "END_IF",
    "CASE": "END_CASE",
    "FOR": "END_FOR",
    "WHILE": "END_WHILE",
    "REPEAT": "END_REPEAT",
    "PROGRAM": "END_PROGRAM",
    "FUNCTION_BLOCK": "END_FUNCTION_BLOCK",
    "FUNCTION": "END_FUNCTION",
    "VAR": "END_VAR",
    "VAR_INPUT": "END_VAR",
    "VAR_OUTPUT": "END_VAR",
    "VAR_IN_OUT": "END_VAR",
    "VAR_TEMP": "END_VAR",
    "VAR_GLOBAL": "END_VAR",
    "VAR_EXTERNAL": "END_VAR",
    "TYPE": "END_TYPE",
    "STRUCT": "END_STRUCT",
    "CONFIGURATION": "END_CONFIGURATION",
    "RESOURCE": "END_RESOURCE",
    "METHOD": "END_METHOD",
    "PROPERTY": "END_PROPERTY",
    "INTERFACE": "END_INTERFACE",
}
_DECL_OPENERS = {
    "VAR",
    "VAR_INPUT",
    "VAR_OUTPUT",
    "VAR_IN_OUT",
    "VAR_TEMP",
    "VAR_GLOBAL",
    "VAR_EXTERNAL",
    "TYPE",
    "STRUCT",
}
_LIST_END_TYPES = frozenset(set(_CLOSERS.values()) | {"UNTIL", "ELSE", "ELSIF", "$END"})
# A token at which panic-mode recovery may resume directly (cutting the stack back to accept it).
_SYNC_TYPES = frozenset(set(_CLOSERS) | set(_CLOSERS.values()) | {"SEMI", "ELSE", "ELSIF", "UNTIL"})
# The words used for "expected ..." in priority order.
_EXPECT_ORDER = [
    "SEMI",
    "THEN",
    "DO",
    "OF",
    "TO",
    "UNTIL",
    "__ASSIGN",
    "COLON",
    "RPAR",
    "RSQB",
    "END_IF",
    "END_CASE",
    "END_FOR",
    "END_WHILE",
    "END_REPEAT",
    "END_VAR",
    "END_STRUCT",
    "END_TYPE",
    "END_PROGRAM",
    "END_FUNCTION_BLOCK",
    "END_FUNCTION",
    "END_METHOD",
    "END_PROPERTY",
    "END_INTERFACE",
    "END_RESOURCE",
    "END_CONFIGURATION",
    "COMMA",
    "__DOTDOT",
]


def _esc_char(ch: str) -> str:
    return ch if ch.isprintable() and not ("\ud800" <= ch <= "\udfff") else f"U+{ord(ch):04X}"


def _show(text: str, limit: int = 24) -> str:
    text = "".join(_esc_char(c) for c in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- stage 1: comments


_SPECIAL = re.compile(r"\(\*|/\*|//|\{|'|\"")
_COMMENT_TOKEN = re.compile(r"\(\*|\*\)")
_STRING_RE = {"'": re.compile(r"'(?:[^'$\n]|\$[^\n])*'"), '"': re.compile(r'"(?:[^"$\n]|\$[^\n])*"')}
_NOT_NEWLINE = re.compile(r"[^\n]")


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def _note(diags: list[Diagnostic], d: Diagnostic) -> None:
    """Keep the first MAX_ERRORS problems of the comment stage: 50k unterminated strings would
    otherwise cost 50k diagnostics, each locating itself in the whole text."""
    if len(diags) < MAX_ERRORS:
        diags.append(d)


def _blank_comments(text: str, filename: str) -> tuple[str, list[Diagnostic], bool]:
    """Replace comments and pragmas by spaces. Returns (clean text, diagnostics, hit_eof)."""
    out: list[str] = []
    diags: list[Diagnostic] = []
    pos = 0
    n = len(text)
    hit_eof = False
    while True:
        m = _SPECIAL.search(text, pos)
        if m is None:
            out.append(text[pos:])
            break
        start = m.start()
        kind = m.group()
        out.append(text[pos:start])
        if kind in ("'", '"'):
            sm = _STRING_RE[kind].match(text, start)
            if sm:
                out.append(sm.group())
                pos = sm.end()
                continue
            end = text.find("\n", start)
            end = n if end < 0 else end
            line, col = _line_col(text, start) if len(diags) < MAX_ERRORS else (0, 0)
            _note(diags,
                Diagnostic(
                    ERROR,
                    E_UNTERMINATED,
                    f"unterminated string: missing the closing {kind}",
                    filename,
                    line,
                    col,
                )
            )
            # A placeholder operand (and the ';' the string swallowed) keeps the next lines parseable.
            tail = ";" if ";" in text[start:end] and end - start >= 2 else " "
            out.append(("0" + " " * (end - start - 2) + tail)[: end - start])
            pos = end
            continue
        if kind == "//":
            end = text.find("\n", start)
            end = n if end < 0 else end
        elif kind == "/*":  # IEC 61131-3 3rd edition; these do not nest
            close = text.find("*/", start + 2)
            if close < 0:
                line, col = _line_col(text, start) if len(diags) < MAX_ERRORS else (0, 0)
                message = "unterminated comment: '/*' has no matching '*/'"
                _note(diags, Diagnostic(ERROR, E_UNTERMINATED, message, filename, line, col))
                end, hit_eof = n, True
            else:
                end = close + 2
        elif kind == "{":
            close = text.find("}", start + 1)
            if close < 0:
                line, col = _line_col(text, start) if len(diags) < MAX_ERRORS else (0, 0)
                _note(diags,
                    Diagnostic(
                        ERROR,
                        E_UNTERMINATED,
                        "unterminated pragma: '{' has no matching '}'",
                        filename,
                        line,
                        col,
                    )
                )
                end, hit_eof = n, True
            else:
                end = close + 1
        else:  # "(*" with nesting
            depth = 1
            p = start + 2
            while depth:
                cm = _COMMENT_TOKEN.search(text, p)
                if cm is None:
                    break
                depth += 1 if cm.group() == "(*" else -1
                p = cm.end()
            if depth:
                line, col = _line_col(text, start) if len(diags) < MAX_ERRORS else (0, 0)
                _note(diags,
                    Diagnostic(
                        ERROR,
                        E_UNTERMINATED,
                        "unterminated comment: '(*' has no matching '*)'",
                        filename,
                        line,
                        col,
                    )
                )
                end, hit_eof = n, True
            else:
                end = p
        out.append(_NOT_NEWLINE.sub(" ", text[start:end]))
        pos = end
    return "".join(out), diags, hit_eof


# --------------------------------------------------------------------------- literal decoding


_STR_ESCAPES = {"$": "$", "'": "'", '"': '"', "L": "\n", "N": "\n", "P": "\f", "R": "\r", "T": "\t"}
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")


class _LiteralError(Exception):
    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.offset = offset  # characters into the text decoded; None: the whole literal

    def shift(self, by: int) -> None:
        if self.offset is not None:
            self.offset += by


def decode_string(body: str, wide: bool) -> str:
    """Decode the text between the quotes. Raises _LiteralError(offset into body)."""
    if "$" not in body:
        return body
    out = []
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch != "$":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1 : i + 2]
        if nxt.upper() in _STR_ESCAPES:
            out.append(_STR_ESCAPES[nxt.upper()])
            i += 2
            continue
        hexre = _HEX4 if wide else _HEX2
        hm = hexre.match(body, i + 1)
        if hm:
            out.append(chr(int(hm.group(), 16)))
            i = hm.end()
            continue
        raise _LiteralError(
            f"invalid escape '${_show(nxt)}' in string (use $$, $', $L, $N, $P, $R, $T or "
            f"${'hhhh' if wide else 'hh'})",
            i,
        )
    return "".join(out)


_DEC_RE = re.compile(r"\d[\d_]*\Z")
_BASED_RE = re.compile(r"(\d+)#(\w*)\Z")


# No ST type holds an integer of more bits: LREAL's largest is below 2**1024, ULINT's 2**64.
MAX_INT_BITS = 1023


def decode_int(text: str) -> int:
    """Decimal '1_000' or based '16#FF' / '2#1010'. Raises _LiteralError."""
    value = _decode_int(text)
    if value.bit_length() > MAX_INT_BITS:
        raise _LiteralError(f"the number '{_show(text)}' is too large for any ST type")
    return value


def _decode_int(text: str) -> int:
    if len(text) > 2 * MAX_INT_BITS:  # before int(): Python refuses more than 4300 digits itself
        raise _LiteralError(f"the number '{_show(text)}' is too large for any ST type")
    if "#" in text:
        m = _BASED_RE.match(text)
        if not m:
            raise _LiteralError(f"malformed number '{_show(text)}'")
        base = int(m.group(1))
        if base not in (2, 8, 16):
            raise _LiteralError(f"'{_show(text)}': the base must be 2, 8 or 16")
        digits = m.group(2)
        start = len(m.group(1)) + 1
        if not digits.replace("_", ""):
            raise _LiteralError(f"'{_show(text)}' has no digits after '#'", start)
        for i, ch in enumerate(digits):
            if (
                ch != "_"
                and not (ch.isdigit() or ch.upper() in "ABCDEF")
                or (ch != "_" and int(ch, 16) >= base)
            ):
                raise _LiteralError(
                    f"invalid digit '{_show(ch)}' in base-{base} number '{_show(text)}'", start + i
                )
        return int(digits.replace("_", ""), base)
    if not _DEC_RE.match(text):
        bad = next((i for i, c in enumerate(text) if not (c.isdigit() or c == "_")), 0)
        raise _LiteralError(f"malformed number '{_show(text)}'", bad)
    return int(text.replace("_", ""))


def decode_real(text: str) -> float:
    value = float(text.replace("_", ""))
    if value in (float("inf"), float("-inf")):
        raise _LiteralError(f"number '{_show(text)}' is too large")
    return value


_TIME_PART = re.compile(r"(\d[\d_]*(?:\.\d[\d_]*)?)(ms|us|ns|d|h|m|s)", re.IGNORECASE)
_NS_PER_UNIT = {
    "d": 86_400 * 10**9,
    "h": 3_600 * 10**9,
    "m": 60 * 10**9,
    "s": 10**9,
    "ms": 10**6,
    "us": 10**3,
    "ns": 1,
}


def decode_duration(body: str) -> int:
    """'1h2m3.5s' or '-5s' -> total nanoseconds (exact). Raises _LiteralError(offset into body)."""
    sign = 1
    i = 0
    if body[:1] in "+-" and body:
        sign = -1 if body[0] == "-" else 1
        i = 1
    if i >= len(body):
        raise _LiteralError("empty duration: write e.g. T#500ms or T#1m30s", i)
    total = Fraction(0)
    while i < len(body):
        if body[i] == "_":
            i += 1
            continue
        m = _TIME_PART.match(body, i)
        if not m:
            if body[i].isdigit():
                j = i
                while j < len(body) and (body[j].isdigit() or body[j] in "._"):
                    j += 1
                if j >= len(body):
                    raise _LiteralError(
                        "missing time unit after the number (use d, h, m, s, ms, us or ns)", j
                    )
                raise _LiteralError(
                    f"unknown time unit starting at '{_show(body[j:])}' (use d, h, m, s, ms, us or ns)", j
                )
            raise _LiteralError(f"unexpected '{_show(body[i:])}' in duration (write e.g. T#1m30s250ms)", i)
        total += Fraction(m.group(1).replace("_", "")) * _NS_PER_UNIT[m.group(2).lower()]
        i = m.end()
    return sign * int(total)  # sub-nanosecond fractions truncate toward zero


_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\Z")
_TOD_RE = re.compile(r"(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?\Z")


def _decode_date(body: str) -> int:
    m = _DATE_RE.match(body.replace("_", ""))
    if not m:
        raise _LiteralError(f"malformed date '{_show(body)}' (write e.g. D#2024-01-31)")
    try:
        d = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError as exc:
        raise _LiteralError(f"invalid date '{_show(body)}': {exc}") from None
    return calendar.timegm(d.timetuple())


def _decode_tod(body: str) -> int:
    """-> nanoseconds since midnight."""
    m = _TOD_RE.match(body.replace("_", ""))
    if not m:
        raise _LiteralError(f"malformed time of day '{_show(body)}' (write e.g. TOD#12:30:15.5)")
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        raise _LiteralError(f"invalid time of day '{_show(body)}'")
    frac = m.group(4) or "0"
    return ((h * 60 + mi) * 60 + s) * 10**9 + int(Fraction("0." + frac) * 10**9)


# --------------------------------------------------------------------------- stage 2: AST builder


def _pos(x) -> tuple[int, int]:
    if isinstance(x, Token):
        return x.line or 0, x.column or 0
    if isinstance(x, ast.Node):
        return x.line, x.col
    if isinstance(x, list) and x:
        return _pos(x[0])
    return 0, 0


def _end(x) -> tuple[int | None, int | None]:
    if isinstance(x, Token):
        return x.end_line, (x.end_column - 1 if x.end_column else None)
    if isinstance(x, ast.Node):
        return x.end_line, x.end_col
    if isinstance(x, list) and x:
        return _end(x[-1])
    return None, None


def _at(node, first, last=None):
    node.line, node.col = _pos(first)
    node.end_line, node.end_col = _end(last if last is not None else first)
    return node


def _tok(c, type_: str) -> Token | None:
    for x in c:
        if isinstance(x, Token) and x.type == type_:
            return x
    return None


def _nodes(c, cls=ast.Node):
    return [x for x in c if isinstance(x, cls)]


def _init_after(c, type_ref):
    """The initial value written after the type in a declaration (``: INT := 5``), or None."""
    init = None
    seen_type = False
    for x in c:
        if x is type_ref:
            seen_type = True
        elif seen_type and isinstance(x, (ast.Expr, ast.ArrayInit, ast.StructInit)):
            init = x
    return init


def _first(c, cls):
    for x in c:
        if isinstance(x, cls):
            return x
    return None


class _Names(list):
    """The names of an EXTENDS or IMPLEMENTS clause (a list the builder tells from a body)."""

    def __init__(self, kind: str, names: list[str]):
        super().__init__(names)
        self.kind = kind


class _Modifier:
    """PUBLIC, PRIVATE, PROTECTED, INTERNAL, ABSTRACT, FINAL or OVERRIDE before a name."""

    def __init__(self, value: str):
        self.value = value


def _type_name(name: str) -> str:
    return name.upper() if name.upper() in ELEMENTARY_TYPES else name


class _AstBuilder(Transformer):
    """Builds st.ast nodes bottom-up during the LALR parse (embedded transformer)."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.diags: list[Diagnostic] = []
        self.filename = ""

    # ---- helpers
    def _error(self, code, message, line, col, end_col=None):
        self.diags.append(Diagnostic(ERROR, code, message, self.filename, line, col, end_col))

    def _lit_error(self, tok: Token, err: _LiteralError):
        # at the literal's own column, the span covering it (the message names the bad part)
        end = (tok.end_column - 1) if tok.end_line == tok.line and tok.end_column else None
        self._error(E_LITERAL, str(err), tok.line or 0, tok.column or 0, end)

    def _check_vendor_call(self, func):
        if isinstance(func, ast.Name) and func.name.upper() in VENDOR_FUNCTIONS:
            self._error(
                E_UNSUPPORTED,
                f"not supported: {func.name.upper()} (vendor extension)",
                func.line,
                func.col,
                func.end_col,
            )

    # ---- top level
    def start(self, c):
        sf = ast.SourceFile(self.filename, line=1, col=1)
        for item in c:
            if isinstance(item, ast.Pou):
                sf.pous.append(item)
            elif isinstance(item, list):
                sf.types.extend(item)
            elif isinstance(item, ast.Configuration):
                sf.configurations.append(item)
            elif isinstance(item, ast.VarSection):
                sf.global_sections.append(item)
            elif isinstance(item, ast.Interface):
                sf.interfaces.append(item)
        return sf

    def top_vars(self, c):
        sec = c[0]
        if sec.kind != "VAR_GLOBAL":
            self._error(
                "E110",
                f"{sec.kind} outside a PROGRAM, FUNCTION_BLOCK or FUNCTION: only VAR_GLOBAL "
                "may stand on its own",
                sec.line,
                sec.col,
            )
        return sec

    def pou(self, c):
        kind_tok = c[0]
        name_tok = _tok(c, "NAME")
        body = next((x for x in c if isinstance(x, list) and not isinstance(x, _Names)), [])
        pou = ast.Pou(
            kind_tok.type,
            str(name_tok),
            _nodes(c, ast.VarSection),
            body,
            return_type=_first(c, ast.TypeRef),
            name_line=name_tok.line,
            name_col=name_tok.column,
            extends=next((list(x) for x in c if isinstance(x, _Names) and x.kind == "EXTENDS"), []),
            implements=next((list(x) for x in c if isinstance(x, _Names) and x.kind == "IMPLEMENTS"), []),
            modifiers=[x.value for x in c if isinstance(x, _Modifier)],
            methods=_nodes(c, ast.Method),
            properties=_nodes(c, ast.Property),
        )
        return _at(pou, kind_tok, c[-1])

    def extends_clause(self, c):
        return _Names("EXTENDS", [str(t) for t in c if isinstance(t, Token) and t.type == "NAME"])

    def implements_clause(self, c):
        return _Names("IMPLEMENTS", [str(t) for t in c if isinstance(t, Token) and t.type == "NAME"])

    def member_mod(self, c):
        return _Modifier(c[0].type)

    def method(self, c):
        name_tok = _tok(c, "NAME")
        body = next((x for x in c if isinstance(x, list)), [])
        m = ast.Method(
            str(name_tok),
            _nodes(c, ast.VarSection),
            body,
            return_type=_first(c, ast.TypeRef),
            modifiers=[x.value for x in c if isinstance(x, _Modifier)],
            name_line=name_tok.line,
            name_col=name_tok.column,
        )
        return _at(m, c[0], c[-1])

    def property(self, c):
        name_tok = _tok(c, "NAME")
        prop = ast.Property(
            str(name_tok),
            _first(c, ast.TypeRef),
            _nodes(c, ast.PropertyAccessor),
            [x.value for x in c if isinstance(x, _Modifier)],
            name_line=name_tok.line,
            name_col=name_tok.column,
        )
        return _at(prop, c[0], c[-1])

    def accessor(self, c):
        body = next((x for x in c if isinstance(x, list)), [])
        return _at(ast.PropertyAccessor(c[0].type, _nodes(c, ast.VarSection), body), c[0], c[-1])

    def interface(self, c):
        name_tok = c[1]
        itf = ast.Interface(
            str(name_tok),
            next((list(x) for x in c if isinstance(x, _Names)), []),
            _nodes(c, ast.Method),
            _nodes(c, ast.Property),
            name_line=name_tok.line,
            name_col=name_tok.column,
        )
        return _at(itf, c[0], c[-1])

    def var_kind(self, c):
        return c[0]

    def var_qualifier(self, c):
        return c[0]

    def var_section(self, c):
        kind = c[0]
        quals = {t.type for t in c[1:] if isinstance(t, Token)}
        sec = ast.VarSection(
            kind.type,
            _nodes(c, ast.VarDecl),
            constant="CONSTANT" in quals,
            retain="RETAIN" in quals,
            persistent="PERSISTENT" in quals,
        )
        return _at(sec, kind, c[-1])

    def var_decl(self, c):
        names = [t for t in c if isinstance(t, Token) and t.type == "NAME"]
        loc_tok = _tok(c, "DIRECT_ADDR")
        type_ref = _first(c, ast.TypeRef)
        init = _init_after(c, type_ref)
        location = self._direct(loc_tok) if loc_tok is not None else None
        if location is not None and len(names) > 1:
            self._error(
                "E111",
                "a located variable (AT %...) must be declared on its own",
                names[1].line,
                names[1].column,
            )
        decl = ast.VarDecl(
            [str(t) for t in names], type_ref, init, location, [(t.line, t.column) for t in names]
        )
        return _at(decl, c[0], c[-1])

    # ---- types
    def type_block(self, c):
        return _nodes(c, ast.TypeDecl)

    def type_decl(self, c):
        name = c[0]
        type_ref = _first(c, ast.TypeRef)
        return _at(ast.TypeDecl(str(name), type_ref, _init_after(c, type_ref)), name, c[-1])

    def struct_type(self, c):
        return _at(ast.StructType(_nodes(c, ast.VarDecl)), c[0], c[-1])

    def named_type(self, c):
        if len(c) > 1:
            dotted = ".".join(str(t) for t in c)
            self._error(
                E_UNSUPPORTED,
                f"not supported: namespace-qualified type '{dotted}' (vendor "
                "extension); use the plain type name",
                c[0].line,
                c[0].column,
            )
        return _at(ast.NamedType(_type_name(str(c[-1]))), c[0], c[-1])

    def string_type(self, c):
        length = _first(c, ast.Expr)
        return _at(ast.StringType(c[0].type == "WSTRING", length), c[0], length or c[0])

    def array_type(self, c):
        ranges = _nodes(c, ast.ArrayRange)
        element = _first(c, ast.TypeRef)
        return _at(ast.ArrayType(ranges, element), c[0], element)

    def conformant_array_type(self, c):
        element = _first(c, ast.TypeRef)
        stars = sum(1 for t in c if isinstance(t, Token) and t.type == "STAR")
        return _at(ast.ConformantArrayType(stars, element), c[0], element)

    def array_range(self, c):
        return _at(ast.ArrayRange(c[0], c[1]), c[0], c[1])

    def subrange_type(self, c):
        exprs = _nodes(c, ast.Expr)
        return _at(ast.SubrangeType(str(c[0]).upper(), exprs[0], exprs[1]), c[0], exprs[1])

    def enum_type(self, c):
        values = _nodes(c, ast.EnumValueDecl)
        base = None
        if isinstance(c[0], Token) and c[0].type == "NAME":
            base = _type_name(str(c[0]))
        elif isinstance(c[-1], Token) and c[-1].type == "NAME":
            base = _type_name(str(c[-1]))
        return _at(ast.EnumType(values, base), c[0], c[-1])

    def enum_value(self, c):
        value = c[1] if len(c) > 1 else None
        return _at(ast.EnumValueDecl(str(c[0]), value), c[0], value or c[0])

    def array_init(self, c):
        items = []
        for x in c[1:]:
            if isinstance(x, ast.ArrayInitItem):
                items.append(x)
            elif isinstance(x, ast.Node):
                items.append(_at(ast.ArrayInitItem(x), x, x))
        return _at(ast.ArrayInit(items), c[0], items[-1] if items else c[0])

    def bare_array_init(self, c):
        items = [x if isinstance(x, ast.ArrayInitItem) else _at(ast.ArrayInitItem(x), x, x)
                 for x in c if isinstance(x, ast.Node)]
        return _at(ast.ArrayInit(items), items[0], items[-1])

    def bare_repeat(self, c):
        item = self.repeat_item(c)
        return _at(ast.ArrayInit([item]), item, item)

    def repeat_item(self, c):
        count = self.int_lit([c[0]])
        value = c[2] if len(c) > 2 else None
        return _at(ast.ArrayInitItem(value, count), c[0], value or c[0])

    def struct_init(self, c):
        fields = _nodes(c, ast.FieldInit)
        return _at(ast.StructInit(fields), c[0], fields[-1])

    def field_init(self, c):
        return _at(ast.FieldInit(str(c[0]), c[1]), c[0], c[1])

    # ---- configuration
    def configuration(self, c):
        conf = ast.Configuration(
            str(c[1]),
            _nodes(c, ast.VarSection),
            _nodes(c, ast.Resource),
            _nodes(c, ast.TaskConfig),
            _nodes(c, ast.ProgramConfig),
        )
        return _at(conf, c[0], c[-1])

    def resource(self, c):
        on = None
        on_tok = _tok(c, "ON")
        if on_tok is not None:
            on = str(c[c.index(on_tok) + 1])
        res = ast.Resource(
            str(c[1]), on, _nodes(c, ast.VarSection), _nodes(c, ast.TaskConfig), _nodes(c, ast.ProgramConfig)
        )
        return _at(res, c[0], c[-1])

    def task_config(self, c):
        task = ast.TaskConfig(str(c[1]))
        for item in c:
            if isinstance(item, tuple):
                key, value = item
                attr = key.upper()
                if attr == "INTERVAL":
                    task.interval = value
                elif attr == "PRIORITY":
                    task.priority = value
                elif attr == "SINGLE":
                    task.single = value
                else:
                    self._error(
                        "E112",
                        f"unknown TASK setting '{key}' (use INTERVAL, PRIORITY or SINGLE)",
                        value.line,
                        value.col,
                    )
        return _at(task, c[0], c[-1])

    def task_init(self, c):
        return (str(c[0]), c[1])

    def program_config(self, c):
        names = [t for t in c if isinstance(t, Token) and t.type == "NAME"]
        with_tok = _tok(c, "WITH")
        task_name = str(names[1]) if with_tok is not None else None
        args = _first(c, list) or []
        prog = ast.ProgramConfig(str(names[0]), str(names[-1]), task_name, args)
        return _at(prog, c[0], c[-1])

    # ---- statements
    def stmt_list(self, c):
        out: list[ast.Stmt] = []
        for x in c:
            if isinstance(x, Token):  # the ';' after a simple statement: extend its span
                if out and x.type == "SEMI":
                    out[-1].end_line, out[-1].end_col = _end(x)
                continue
            if isinstance(x, ast.EmptyStmt) and out and isinstance(out[-1], _COMPOUND):
                continue  # 'END_IF;' : the ';' is optional after END_*, not an empty statement
            out.append(x)
        return out

    def empty_stmt(self, c):
        return _at(ast.EmptyStmt(), c[0])

    def exit_stmt(self, c):
        return _at(ast.ExitStmt(), c[0])

    def continue_stmt(self, c):
        return _at(ast.ContinueStmt(), c[0])

    def return_stmt(self, c):
        return _at(ast.ReturnStmt(), c[0])

    def assign_stmt(self, c):
        return _at(ast.Assign(c[0], c[1]), c[0], c[1])

    def ref_assign_stmt(self, c):
        return _at(ast.RefAssign(c[0], c[2]), c[0], c[2])

    def call_stmt(self, c):
        call = self.call(c)
        return _at(ast.CallStmt(call), call, call)

    def if_stmt(self, c):
        lists = [x for x in c if isinstance(x, list)]
        else_tok = _tok(c, "ELSE")
        stmt = ast.IfStmt(
            c[1], lists[0], _nodes(c, ast.ElsifBranch), lists[-1] if else_tok is not None else None
        )
        return _at(stmt, c[0], c[-1])

    def elsif_branch(self, c):
        body = _first(c, list) or []
        return _at(ast.ElsifBranch(c[1], body), c[0], body or c[2])

    def case_stmt(self, c):
        else_tok = _tok(c, "ELSE")
        else_body = _first(c[c.index(else_tok) :], list) if else_tok is not None else None
        stmt = ast.CaseStmt(c[1], _nodes(c, ast.CaseBranch), else_body)
        return _at(stmt, c[0], c[-1])

    def case_branch(self, c):
        labels = [x for x in c if isinstance(x, (ast.Expr, ast.CaseRange))]
        body = _first(c, list) or []
        return _at(ast.CaseBranch(labels, body), c[0], body or c[0])

    def case_range(self, c):
        return _at(ast.CaseRange(c[0], c[1]), c[0], c[1])

    def label_name(self, c):
        tok = c[0]
        parts = str(tok).split(".")
        node: ast.Expr = ast.Name(
            parts[0], line=tok.line, col=tok.column, end_line=tok.line, end_col=tok.column + len(parts[0]) - 1
        )
        offset = len(parts[0]) + 1
        for part in parts[1:]:
            node = ast.FieldAccess(
                node,
                part,
                line=tok.line,
                col=tok.column,
                end_line=tok.line,
                end_col=tok.column + offset + len(part) - 1,
            )
            offset += len(part) + 1
        return node

    def qualified_label(self, c):
        return _at(ast.FieldAccess(self.name([c[0]]), str(c[1])), c[0], c[1])

    def for_stmt(self, c):
        var_tok = c[1]
        exprs = [x for x in c if isinstance(x, ast.Expr)]
        by_tok = _tok(c, "BY")
        step = exprs[2] if by_tok is not None else None
        body = _first(c, list) or []
        stmt = ast.ForStmt(str(var_tok), exprs[0], exprs[1], step, body, var_tok.line, var_tok.column)
        return _at(stmt, c[0], c[-1])

    def while_stmt(self, c):
        return _at(ast.WhileStmt(c[1], _first(c, list) or []), c[0], c[-1])

    def repeat_stmt(self, c):
        return _at(ast.RepeatStmt(_first(c, list) or [], _first(c, ast.Expr)), c[0], c[-1])

    # ---- calls
    def arg_list(self, c):
        return [x for x in c if isinstance(x, ast.CallArg)]

    def formal_input(self, c):
        value = c[1] if len(c) > 1 else None
        return _at(ast.CallArg(value, str(c[0]), "input"), c[0], value or c[0])

    def formal_output(self, c):
        target = c[1] if len(c) > 1 else None
        return _at(ast.CallArg(target, str(c[0]), "output"), c[0], target or c[0])

    def formal_output_not(self, c):
        target = c[2] if len(c) > 2 else None
        return _at(ast.CallArg(target, str(c[1]), "output", negated=True), c[0], target or c[1])

    def positional_arg(self, c):
        return _at(ast.CallArg(c[0]), c[0], c[0])

    def call(self, c):
        func = _instance(c[0])
        args = _first(c, list) or []
        self._check_vendor_call(func)
        return _at(ast.Call(func, args), func, c[-1] if not isinstance(c[-1], Token) else c[-1])

    def operator_call(self, c):
        op = c[0]
        func = _at(ast.Name(str(op).upper()), op)
        args = _first(c, list) or []
        return _at(ast.Call(func, args), op, c[-1])

    # ---- expressions
    def binop(self, c):
        left, op, right = c
        opname = str(op).upper()
        if opname == "&":
            opname = "AND"
        return _at(ast.BinaryOp(opname, left, right), left, right)

    def neg(self, c):
        minus, operand = c
        if isinstance(operand, (ast.IntLiteral, ast.RealLiteral)):
            operand.value = -operand.value
            operand.line, operand.col = _pos(minus)
            return operand
        return _at(ast.UnaryOp("-", operand), minus, operand)

    def pos(self, c):
        return _at(ast.UnaryOp("+", c[1]), c[0], c[1])

    def not_(self, c):
        return _at(ast.UnaryOp("NOT", c[1]), c[0], c[1])

    def paren(self, c):
        return c[1]

    def name(self, c):
        return _at(ast.Name(str(c[0])), c[0])

    def direct(self, c):
        return self._direct(c[0])

    def _direct(self, tok: Token) -> ast.DirectAddress:
        text = str(tok).upper()
        m = re.match(r"%([IQM])([XBWDL]?)(\d+(?:\.\d+)*)\Z", text)
        node = _at(ast.DirectAddress(text, "I", "X", (0,)), tok)
        if text.endswith("*"):
            self._error(
                E_UNSUPPORTED,
                f"not supported: unassigned address '{_show(str(tok))}' (write the full "
                "address, e.g. %IX0.0)",
                tok.line,
                tok.column,
                node.end_col,
            )
            return node
        if not m:
            self._error(
                E_LITERAL,
                f"malformed direct address '{_show(str(tok))}' (write e.g. %IX0.0, %QX1.7, "
                "%IW2, %QD4, %MW10)",
                tok.line,
                tok.column,
                node.end_col,
            )
            return node
        area, size, parts_text = m.group(1), m.group(2) or "X", m.group(3)
        parts = tuple(int(p) for p in parts_text.split("."))
        if size == "X" and len(parts) >= 2 and parts[-1] > 7:
            self._error(
                E_LITERAL,
                f"bit number {parts[-1]} in '{_show(str(tok))}' is out of range 0..7",
                tok.line,
                tok.column,
                node.end_col,
            )
        node.address = f"%{area}{size}{'.'.join(str(p) for p in parts)}"
        node.area, node.size, node.parts = area, size, parts
        return node

    def field(self, c):
        return _at(ast.FieldAccess(_instance(c[0]), str(c[1])), c[0], c[1])

    def bit(self, c):
        tok = c[1]
        try:
            bit = decode_int(str(tok))
        except _LiteralError as err:
            self._lit_error(tok, err)
            bit = 0
        return _at(ast.BitAccess(c[0], bit), c[0], tok)

    def partial_bit(self, c):
        """x.%X3: IEC 61131-3 partial access to bit 3 (the same as x.3)."""
        tok = c[1]
        m = re.fullmatch(r"%X(\d+)", str(tok), re.IGNORECASE)
        if m is None:
            self._error(E_UNSUPPORTED, f"not supported: partial access {_show(str(tok))} (only bits, "
                        f"x.%X3; for a byte or word of a longer value use SHR and a conversion)",
                        tok.line, tok.column)
            return _at(ast.BitAccess(c[0], 0), c[0], tok)
        return _at(ast.BitAccess(c[0], int(m.group(1))), c[0], tok)

    def deref(self, c):
        return _at(ast.Deref(c[0]), c[0], c[1])

    def this_(self, c):
        return _at(ast.This(), c[0])

    def super_(self, c):
        return _at(ast.Super(), c[0])

    def ref_type(self, c):
        kind = c[0].type
        return _at(ast.RefType(c[-1], implicit=kind == "REFERENCE", pointer=kind == "POINTER"), c[0], c[-1])

    def index(self, c):
        indices = [x for x in c[1:] if isinstance(x, ast.Expr)]
        return _at(ast.IndexAccess(c[0], indices), c[0], indices[-1] if indices else c[0])

    # ---- literals
    def int_lit(self, c):
        tok = c[0]
        try:
            value = decode_int(str(tok))
        except _LiteralError as err:
            self._lit_error(tok, err)
            value = 0
        return _at(ast.IntLiteral(value), tok)

    based_lit = int_lit

    def real_lit(self, c):
        tok = c[0]
        try:
            value = decode_real(str(tok))
        except _LiteralError as err:
            self._lit_error(tok, err)
            value = 0.0
        return _at(ast.RealLiteral(value), tok)

    def true_lit(self, c):
        return _at(ast.BoolLiteral(True), c[0])

    def false_lit(self, c):
        return _at(ast.BoolLiteral(False), c[0])

    def str_lit(self, c):
        return self._string(c[0], str(c[0]), wide=False, prefix=None, offset=0)

    def wstr_lit(self, c):
        return self._string(c[0], str(c[0]), wide=True, prefix=None, offset=0)

    def _string(self, tok, quoted: str, wide: bool, prefix, offset: int):
        try:
            value = decode_string(quoted[1:-1], wide)
        except _LiteralError as err:
            err.shift(offset + 1)
            self._lit_error(tok, err)
            value = ""
        return _at(ast.StringLiteral(value, wide, prefix), tok)

    def typed_lit(self, c):
        tok = c[0]
        text = str(tok)
        hash_at = text.index("#")
        prefix, body = text[:hash_at], text[hash_at + 1 :]
        upper = prefix.upper()
        off = hash_at + 1
        try:
            return self._typed(tok, upper, prefix, body, off)
        except _LiteralError as err:
            err.shift(off)
            self._lit_error(tok, err)
            return _at(ast.IntLiteral(0, upper if upper in INT_TYPES else None), tok)

    def _typed(self, tok, upper, prefix, body, off):
        if not body:
            raise _LiteralError(f"'{_show(str(tok))}' has no value after '#'", 0)
        if upper in TIME_PREFIXES:
            return _at(ast.TimeLiteral(decode_duration(body), TIME_PREFIXES[upper]), tok)
        if upper in DATE_PREFIXES:
            secs = _decode_date(body)
            return _at(ast.DateTimeLiteral("DATE", secs, secs * 10**9, DATE_PREFIXES[upper]), tok)
        if upper in TOD_PREFIXES:
            ns = _decode_tod(body)
            return _at(ast.DateTimeLiteral("TOD", ns // 10**6, ns, TOD_PREFIXES[upper]), tok)
        if upper in DT_PREFIXES:
            parts = body.split("-")
            if len(parts) != 4:
                raise _LiteralError(
                    f"malformed date and time '{_show(body)}' (write e.g. DT#2024-01-31-12:30:00)"
                )
            secs = _decode_date("-".join(parts[:3]))
            ns = secs * 10**9 + _decode_tod(parts[3])
            return _at(ast.DateTimeLiteral("DT", ns // 10**9, ns, DT_PREFIXES[upper]), tok)
        if upper in ("STRING", "WSTRING") or body[:1] in ("'", '"'):
            if body[:1] not in ("'", '"'):
                raise _LiteralError(f"{upper}# must be followed by a quoted string")
            if upper not in ("STRING", "WSTRING"):
                raise _LiteralError(f"a string cannot have the type prefix '{_show(prefix)}#'")
            return self._string(
                tok, body, wide=body[0] == '"' or upper == "WSTRING", prefix=upper, offset=off
            )
        if upper == "BOOL":
            b = body.upper()
            if b in ("TRUE", "1"):
                return _at(ast.BoolLiteral(True, "BOOL"), tok)
            if b in ("FALSE", "0"):
                return _at(ast.BoolLiteral(False, "BOOL"), tok)
            raise _LiteralError(f"BOOL#{_show(body)}: a BOOL literal is TRUE, FALSE, 1 or 0")
        if upper in INT_TYPES or upper in REAL_TYPES:
            sign = -1 if body[0] == "-" else 1
            digits = body[1:] if body[0] in "+-" else body
            sign_off = len(body) - len(digits)
            if not digits:
                raise _LiteralError(f"'{_show(str(tok))}' has no value after the sign", sign_off)
            is_real = "#" not in digits and ("." in digits or "e" in digits.lower()) and digits[0].isdigit()
            if upper in REAL_TYPES:
                try:
                    value = decode_real(digits) if is_real else float(decode_int(digits))
                except (ValueError, OverflowError):
                    raise _LiteralError(f"malformed {upper} literal '{_show(str(tok))}'") from None
                except _LiteralError as err:
                    err.shift(sign_off)
                    raise
                return _at(ast.RealLiteral(sign * value, upper), tok)
            if is_real:
                raise _LiteralError(
                    f"{upper}#{_show(body)}: an integer type needs a whole number (use REAL# or "
                    "LREAL# for fractions)"
                )
            try:
                value = decode_int(digits)
            except _LiteralError as err:
                err.shift(sign_off)
                raise
            return _at(ast.IntLiteral(sign * value, upper), tok)
        if upper in ELEMENTARY_TYPES:
            raise _LiteralError(f"'{_show(str(tok))}': {upper} has no typed literal of this form")
        if re.match(r"[A-Za-z_]\w*\Z", body):
            return _at(ast.EnumLiteral(prefix, body), tok)
        raise _LiteralError(
            f"'{_show(str(tok))}': '{_show(prefix)}' is not a type with literals (expected "
            "e.g. INT#5, T#1s, or an enum value like Colour#Red)",
            -off,
        )


# --------------------------------------------------------------------------- the lark parser


_lock = threading.Lock()
_parser: Lark | None = None
_builder: _AstBuilder | None = None
_descr: dict[str, str] = {}


def _retype(tok: Token) -> Token:
    upper = tok.value.upper()
    if upper in KEYWORDS:
        tok.type = upper
    elif upper in VENDOR_WORDS or upper in VENDOR_OPERATORS:
        tok.type = "VENDOR"
    return tok


def _get_parser() -> tuple[Lark, _AstBuilder]:
    global _parser, _builder
    if _parser is None:
        builder = _AstBuilder()
        parser = Lark(
            GRAMMAR_PATH.read_text(encoding="utf-8"),
            parser="lalr",
            lexer="contextual",
            transformer=builder,
            maybe_placeholders=False,
            lexer_callbacks={"NAME": _retype, "LABEL_NAME": _retype},
            cache=True,  # lark keys the cached tables by grammar and options: 0.35 s -> 0.02 s per process
            # IEC identifiers and numbers are ASCII: under re.IGNORECASE alone [a-z] matches U+017F, which
            # Python folds to 's' (two ST names, one variable), and \d matches other scripts' digits
            g_regex_flags=re.ASCII,
        )
        for t in parser.terminals:
            if t.pattern.type == "str":
                _descr[t.name] = f"'{t.pattern.value}'"
            else:
                _descr[t.name] = f"'{t.name}'"
        _descr.update(
            {
                "NAME": "a name",
                "LABEL_NAME": "a CASE label",
                "INTEGER": "a number",
                "REAL_NUMBER": "a number",
                "BASED_INT": "a number",
                "TYPED_LITERAL": "a typed literal",
                "STRING_LITERAL": "a string",
                "WSTRING_LITERAL": "a string",
                "DIRECT_ADDR": "a direct address",
                "$END": "the end of the file",
            }
        )
        for t in parser.terminals:  # ':=', '..', '=>' get lark's anonymous names
            if t.pattern.type == "str" and t.pattern.value == ":=":
                _descr["__ASSIGN"] = _descr[t.name]
                _ASSIGN_NAMES.add(t.name)
            if t.pattern.type == "str" and t.pattern.value == "..":
                _DOTDOT_NAMES.add(t.name)
        _builder, _parser = builder, parser
    return _parser, _builder


_ASSIGN_NAMES: set[str] = set()
_DOTDOT_NAMES: set[str] = set()


# --------------------------------------------------------------------------- stage 3: driver


class _Driver:
    result_type: type = ast.SourceFile  # what a whole parse builds (st.expression parses an ast.Expr)

    def __init__(self, parser: Lark, builder: _AstBuilder, text: str, filename: str, hit_eof: bool):
        self.parser = parser
        self.builder = builder
        self.text = text
        self.filename = filename
        self.hit_eof = hit_eof
        self.diags: list[Diagnostic] = []
        self.quiet = 0  # tokens still to shift before another error is reported (cascade guard)
        self.vendor_lines: set[int] = set()
        self.bad_char_end = -1
        self.stopped = False
        self.recoveries = 0

    # ---- error reporting
    def _error(
        self, code: str, message: str, line: int, col: int, end_col: int | None = None, force: bool = False
    ) -> None:
        if self.quiet and not force:
            return
        if len([d for d in self.diags if d.severity == ERROR]) >= MAX_ERRORS:
            if not self.stopped:
                self.diags.append(
                    Diagnostic(
                        ERROR,
                        E_TOO_MANY,
                        f"too many errors ({MAX_ERRORS}); stopping here",
                        self.filename,
                        line,
                        col,
                    )
                )
            self.stopped = True
            return
        self.diags.append(Diagnostic(ERROR, code, message, self.filename, line, col, end_col))

    def _accepts(self, ps: ParserState) -> set[str]:
        """Terminals the parser can really take next (LALR tables over-approximate after a reduce)."""
        out = set()
        n = len(ps.state_stack)
        for name in ps.parse_conf.states[ps.position]:
            if name.isupper() and self._try_feed(ps, n, [Token(name, "")]) is not None:
                out.add(name)
        return out

    def _found(self, tok: Token) -> str:
        if tok.type == "$END":
            return "the end of the file"
        if tok.type in KEYWORDS or tok.type == "VENDOR":
            return f"'{_show(tok.value)}'"
        if tok.type == "NAME":
            return f"name '{_show(tok.value)}'"
        if tok.type in ("STRING_LITERAL", "WSTRING_LITERAL"):
            return f"string {_show(tok.value)}"
        return f"'{_show(tok.value)}'"

    def _context_is_declaration(self, ps: ParserState) -> bool:
        for v in reversed(ps.value_stack):
            if isinstance(v, Token):
                if v.type in _DECL_OPENERS:
                    return True
                if v.type in _CLOSERS:
                    return False
            elif isinstance(v, list):
                return False
        return False

    def _open_block(self, ps: ParserState, expected: set[str]) -> Token | None:
        for v in reversed(ps.value_stack):
            if isinstance(v, Token) and v.type in _CLOSERS and _CLOSERS[v.type] in expected:
                return v
        return None

    def _message(self, tok: Token, ps: ParserState) -> tuple[str, str]:
        expected = self._accepts(ps)
        found = self._found(tok)
        if "NAME" in expected and "SEMI" not in expected and tok.type in KEYWORDS:
            return E_NAME_KEYWORD, f"'{tok.value}' is a reserved keyword and cannot be used as a name"
        if "SEMI" in expected and tok.type != "SEMI" and not expected & _LIST_END_TYPES:
            what = "declaration" if self._context_is_declaration(ps) else "statement"
            return E_SYNTAX, f"expected ';' after the {what}, found {found}"
        if (
            tok.type == "$END"
            or tok.type.startswith("END_")
            or tok.type in ("PROGRAM", "FUNCTION_BLOCK", "FUNCTION", "TYPE")
        ):
            opener = self._open_block(ps, expected)
            if opener is not None:
                closer = _CLOSERS[opener.type]
                return E_SYNTAX, (
                    f"expected '{closer}' to close the {opener.type} on line {opener.line}, found {found}"
                )
        words: list[str] = []
        if "IF" in expected and "NAME" in expected:
            words.append("a statement")
        elif "NAME" in expected and "INTEGER" in expected:
            words.append("an expression")
        elif "NAME" in expected:
            words.append("a name")
        for key in _EXPECT_ORDER:
            names = _ASSIGN_NAMES if key == "__ASSIGN" else _DOTDOT_NAMES if key == "__DOTDOT" else {key}
            if expected & names:
                words.append(
                    "':='" if key == "__ASSIGN" else "'..'" if key == "__DOTDOT" else _descr.get(key, key)
                )
            if len(words) >= 3:
                break
        if not words:
            return E_SYNTAX, f"unexpected {found}"
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        return E_SYNTAX, f"expected {listed}, found {found}"

    # ---- token stream
    def _tokens(self, ip):
        """Yield tokens, turning lexer failures into diagnostics (and skipping the bad character)."""
        lexer_thread = ip.lexer_thread
        ps = ip.parser_state
        state = lexer_thread.state
        while True:
            try:
                yield from lexer_thread.lex(ps)
                return
            except UnexpectedToken as e:  # contextual lexer: valid ST token, not valid here
                yield e.token
            except UnexpectedCharacters as e:
                p = state.line_ctr.char_pos
                ch = self.text[p] if p < len(self.text) else ""
                if ch == "^":
                    self._vendor("^ dereference", e.line, e.column)
                elif p != self.bad_char_end:
                    # a run of bad characters is one error
                    foreign = ch.isalpha() and not ch.isascii()
                    hint = " (names are ASCII letters, digits and '_')" if foreign else ""
                    self._error(
                        E_CHAR, f"unexpected character '{_esc_char(ch)}'{hint}", e.line, e.column, force=True
                    )
                state.line_ctr.feed(self.text[p : p + 1])
                self.bad_char_end = p + 1

    def _vendor(self, what: str, line: int, col: int) -> None:
        if line in self.vendor_lines:
            return
        self.vendor_lines.add(line)
        self._error(E_UNSUPPORTED, f"not supported: {what} (vendor extension)", line, col, force=True)

    # ---- recovery
    @staticmethod
    def _try_feed(ps: ParserState, depth: int, toks: list[Token]) -> ParserState | None:
        trial = ParserState(ps.parse_conf, ps.lexer, ps.state_stack[:depth], ps.value_stack[: depth - 1])
        try:
            for t in toks:
                trial.feed_token(t)
        except UnexpectedToken:
            return None
        except Exception:  # a builder callback on a half-built construct: not a viable resync point
            return None
        return trial

    @staticmethod
    def _adopt(ps: ParserState, trial: ParserState) -> None:
        ps.state_stack[:] = trial.state_stack
        ps.value_stack[:] = trial.value_stack

    def _is_list_state(self, ps: ParserState, depth: int) -> bool:
        return bool(_LIST_END_TYPES & ps.parse_conf.states[ps.state_stack[depth - 1]].keys())

    def _resync(self, ps: ParserState, tok: Token, after_semi: bool) -> bool:
        """Panic mode: cut the stack back so that tok can be fed. True when done.

        ';' and block keywords (END_IF, VAR, ...) may resume at any depth that accepts them; any
        other token only right after a dropped ';' and only at the start of a list (statements,
        declarations, POUs), so a stray name never glues itself into a half-built construct.
        """
        sync = tok.type in _SYNC_TYPES
        if not sync and not after_semi:
            return False
        states = ps.parse_conf.states
        stack = ps.state_stack
        for depth in range(len(stack), max(len(stack) - MAX_RESYNC_DEPTH, 0), -1):
            if tok.type not in states[stack[depth - 1]]:
                continue  # cheap test first: copying a deep stack for a hopeless trial is what costs
            if not sync and not self._is_list_state(ps, depth):
                continue
            trial = self._try_feed(ps, depth, [tok])
            if trial is not None:
                self._adopt(ps, trial)
                return True
        return False

    def _semi(self, like: Token) -> Token:
        return Token.new_borrow_pos("SEMI", ";", like)

    def _vendor_token(self, tok: Token) -> str:
        """Report a vendor keyword; returns how to skip past it."""
        what, mode = VENDOR_WORDS.get(tok.value.upper(), (tok.value.upper(), "panic"))
        self._vendor(what, tok.line, tok.column)
        self.quiet = 2
        return mode

    def _misspelled_closer(self, ps: ParserState, saved, name: Token | None, tok: Token) -> bool:
        """END_CAES parses as a name and fails a token later: report it once, where it stands, and
        go on as if it were the closer it resembles (no cascade of errors down the file)."""
        if saved is None or name is None or saved[2] is not name:
            return False
        import difflib

        closers = sorted(set(_CLOSERS.values()))
        for word in difflib.get_close_matches(name.value.upper(), closers, n=3, cutoff=0.7):
            trial = ParserState(ps.parse_conf, ps.lexer, saved[0][:], saved[1][:])
            try:
                trial.feed_token(Token.new_borrow_pos(word, word, name))
                trial.feed_token(tok)
            except Exception:  # UnexpectedToken, or a builder callback on a half-built construct
                continue
            self._adopt(ps, trial)
            self._error(E_SYNTAX, f"'{_show(name.value)}' is not a keyword: did you mean {word}?",
                        name.line, name.column, (name.end_column or 1) - 1, force=True)
            self.quiet = 2
            return True
        return False

    def run(self, ip) -> ast.SourceFile | None:
        ps: ParserState = ip.parser_state
        skip_until: str | None = None  # METHOD ... END_METHOD: drop everything up to the closer
        skip_names = False  # (no vendor word drops names any more; kept for the modes' table)
        drop_to = False  # POINTER TO: drop the TO, then parse the type normally
        drop_eq = False  # r REF= x: the '=' after REF is part of the REF_ASSIGN token
        recovering = False  # panic mode: dropping tokens until one can be fed after a stack cut
        after_semi = False
        last: Token | None = None
        prev: Token | None = None  # the token before `last`: where a missing ';' belongs
        before_end_name = None  # (stacks, token) before a name that may be a misspelled END_...
        for tok in self._tokens(ip):
            if self.stopped:
                return None
            prev, last = last, tok
            if skip_until is not None:
                if tok.value.upper() == skip_until:
                    skip_until = None
                continue
            if skip_names:
                if tok.type in ("NAME", "COMMA", "DOT") or tok.value.upper() in ("EXTENDS", "IMPLEMENTS"):
                    continue
                skip_names = False
            if drop_to:
                drop_to = False
                if tok.type == "TO":
                    continue
            if drop_eq:
                drop_eq = False
                if tok.type == "EQ":
                    continue
            if (
                tok.type == "NAME"
                and tok.value.upper() == "REF"
                and self.text[tok.end_pos : tok.end_pos + 1] == "="
                and self.text[tok.end_pos + 1 : tok.end_pos + 2] not in (">", "=")
                and "REF_ASSIGN" in ps.parse_conf.states[ps.position]
            ):
                tok = Token.new_borrow_pos("REF_ASSIGN", "REF=", tok)
                prev, last = prev, tok
                drop_eq = True
            if tok.type in SOFT_KEYWORDS:
                acts = ps.parse_conf.states[ps.position]
                if tok.type not in acts and "NAME" in acts:
                    tok.type = "NAME"  # ON, TASK, WITH, RESOURCE are keywords only where they can be
            if tok.type == "VENDOR" and tok.type not in ps.parse_conf.states[ps.position]:
                mode = self._vendor_token(tok)
                if mode == "type_prefix":
                    drop_to = True
                elif mode.startswith("END_"):
                    skip_until = mode
                elif mode == "names":
                    skip_names = True
                elif mode == "panic" and not recovering:
                    recovering, after_semi = True, False
                continue
            if recovering:
                if self._resync(ps, tok, after_semi):
                    recovering = False
                    self.quiet = 2
                else:
                    after_semi = tok.type == "SEMI"
                continue
            if tok.type == "NAME" and tok.value.upper().startswith("END"):
                before_end_name = (ps.state_stack[:], ps.value_stack[:], tok)
            try:
                ps.feed_token(tok)
                if self.quiet:
                    self.quiet -= 1
                continue
            except UnexpectedToken:
                pass
            # ---- a syntax error at tok
            if self._misspelled_closer(ps, before_end_name, prev, tok):
                continue
            self.recoveries += 1
            if self.recoveries > MAX_RECOVERIES:
                self._error(
                    E_TOO_MANY, "too many syntax errors; stopping here", tok.line, tok.column, force=True
                )
                return None
            if tok.type == "NAME" and tok.value.upper() in ("REF", "S", "R"):
                nxt = self.text[tok.end_pos : tok.end_pos + 2]
                if nxt[:1] == "=" and nxt != "=>":
                    self._vendor(f"{tok.value.upper()}= assignment", tok.line, tok.column)
                    self.quiet = 2
                    recovering, after_semi = True, False
                    continue
            if tok.type == "$END":
                break
            code, msg = self._message(tok, ps)
            if msg.startswith("expected ';'") and prev is not None and (prev.end_line or tok.line) < tok.line:
                # A ';' missing at the end of a line: point there, as C compilers do, not at the
                # next line's first token.
                self._error(code, msg, prev.end_line, prev.end_column)
            else:
                self._error(code, msg, tok.line, tok.column, (tok.end_column or 1) - 1)
            self.quiet = 2
            if code == E_NAME_KEYWORD:  # 'BY : INT' : carry on as if it were a name
                name_tok = Token.new_borrow_pos("NAME", tok.value, tok)
                trial = self._try_feed(ps, len(ps.state_stack), [name_tok])
                if trial is not None:
                    self._adopt(ps, trial)
                    continue
            # 1) a missing ';' : insert it when that lets the parse go on
            if tok.type != "SEMI":
                trial = self._try_feed(ps, len(ps.state_stack), [self._semi(tok), tok])
                if trial is not None:
                    self._adopt(ps, trial)
                    continue
            # 2) panic mode: cut the stack back to a state that accepts this or a later token
            if not self._resync(ps, tok, after_semi=False):
                recovering, after_semi = True, tok.type == "SEMI"
        # end of input
        end_tok = Token("$END", "", 0, *self._eof_pos())
        if last is not None:
            end_tok = Token.new_borrow_pos("$END", "", last)
            end_tok.line, end_tok.column = self._eof_pos()
        if skip_until is not None:
            return None
        try:
            result = ps.feed_token(end_tok, True)
        except UnexpectedToken:
            has_errors = any(d.severity == ERROR for d in self.diags)
            if not (self.hit_eof and has_errors):  # an unterminated comment already explains this
                code, msg = self._message(end_tok, ps)
                self._error(code, msg, end_tok.line, end_tok.column, force=not has_errors)
            return None
        return result if isinstance(result, self.result_type) else None

    def _eof_pos(self) -> tuple[int, int]:
        text = self.text.rstrip()
        if not text:
            return 1, 1
        line, col = _line_col(text, len(text))
        return line, col


def parse(text: str, filename: str = "<input>") -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse ST source. Never raises: problems come back as diagnostics (sorted by position)."""
    try:
        if not isinstance(text, str):
            text = (
                text.decode("utf-8", errors="replace") if isinstance(text, (bytes, bytearray)) else str(text)
            )
        clean, diags, hit_eof = _blank_comments(text, filename)
        with _lock:
            parser, builder = _get_parser()
            builder.diags = []
            builder.filename = filename
            driver = _Driver(parser, builder, clean, filename, hit_eof and bool(diags))
            driver.diags = diags
            ip = parser.parse_interactive(clean)
            result = driver.run(ip)
            all_diags = driver.diags + builder.diags
    except RecursionError:
        return None, [
            Diagnostic(ERROR, E_NESTED, "the program is nested too deeply to compile", filename, 1, 1)
        ]
    except Exception as exc:  # never let a parser bug become a traceback for the user
        return None, [
            Diagnostic(
                ERROR,
                E_INTERNAL,
                f"internal parser error ({type(exc).__name__}: {exc}); please report this program",
                filename,
                1,
                1,
            )
        ]
    seen = set()
    unique = []
    for d in sorted(all_diags, key=lambda d: (d.line, d.col)):
        key = (d.line, d.col, d.code, d.message)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    if any(d.severity == ERROR for d in unique):
        return None, unique
    if result is None:  # cannot happen without an error; never return nothing silently
        return None, [Diagnostic(ERROR, E_SYNTAX, "the file could not be parsed", filename, 1, 1)]
    if result is not None:
        result.filename = filename
    return result, unique


def _instance(e):
    """THIS.x, THIS.M(), SUPER.M() and SUPER() as IEC 61131-3 3rd edition writes them are THIS^.x,
    THIS^.M(), SUPER^.M() and SUPER^() as CODESYS writes them: the same instance."""
    if isinstance(e, (ast.This, ast.Super)):
        return _at(ast.Deref(e), e, e)
    return e
