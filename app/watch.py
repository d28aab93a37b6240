"""Watch expressions: small ST expressions evaluated against a paused or running program.

A watch such as `Timer1.ET > T#2s AND NOT Busy` is parsed here by a tiny recursive-descent
parser and evaluated by reading variables through the instance's `read(path)`. Nothing is
ever handed to Python's eval: the text only selects reads and arithmetic done here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from st.parser import TIME_PREFIXES, _LiteralError, decode_duration


class WatchError(ValueError):
    """The watch text is not an expression we can evaluate; the message says why."""


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<time>(?i:T|TIME|LT|LTIME)\#[-+]?[0-9A-Za-z_.]+)
    | (?P<num>(?:\d+\#[0-9A-Fa-f_]+)|(?:\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?)|(?:\d[\d_]*))
    | (?P<addr>%[IQM][XBWDL]?\d+(?:\.\d+)?)
    | (?P<op><>|<=|>=|\*\*|[-+*/()=<>\[\],.])
    | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
    )""",
    re.VERBOSE,
)

_KEYWORDS = {"AND", "OR", "XOR", "NOT", "MOD", "TRUE", "FALSE"}


def _time_value(text: str) -> int:
    """A duration literal as the program holds it: TIME in ms (truncated), LTIME in ns, exactly
    as the compiler reads it (st.parser.decode_duration)."""
    prefix, body = text.split("#", 1)
    try:
        ns = decode_duration(body)
    except _LiteralError as exc:
        raise WatchError(f"malformed time literal {text!r}: {exc}") from None
    if TIME_PREFIXES[prefix.upper()] == "LTIME":
        return ns
    ms = abs(ns) // 1_000_000
    return ms if ns >= 0 else -ms


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise WatchError(f"unexpected character {text[pos:].strip()[:1]!r} at column {pos + 1}")
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


class _Parser:
    """Precedence (low to high): OR, XOR, AND, comparison, + -, * / MOD, unary, primary."""

    def __init__(self, text: str):
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> str | None:
        if self.i < len(self.toks):
            kind, val = self.toks[self.i]
            return val.upper() if kind == "name" else val
        return None

    def take(self) -> tuple[str, str]:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def expect(self, val: str) -> None:
        if self.peek() != val:
            raise WatchError(f"expected {val!r}, found {self.peek() or 'the end'!r}")
        self.i += 1

    def parse(self):
        if not self.toks:
            raise WatchError("empty expression")
        node = self.binary(0)
        if self.i != len(self.toks):
            raise WatchError(f"unexpected {self.toks[self.i][1]!r} after the expression")
        return node

    _LEVELS = (
        ("OR",), ("XOR",), ("AND", "&"), ("=", "<>", "<", ">", "<=", ">="), ("+", "-"), ("*", "/", "MOD"),
    )

    def binary(self, level: int):
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self._LEVELS[level]:
            op = self.take()[1].upper()
            right = self.binary(level + 1)
            left = ("bin", op, left, right)
        return left

    def unary(self):
        if self.peek() == "NOT":
            self.take()
            return ("not", self.unary())
        if self.peek() == "-":
            self.take()
            return ("neg", self.unary())
        return self.primary()

    def primary(self):
        if self.i >= len(self.toks):
            raise WatchError("the expression ends too early")
        kind, val = self.take()
        if val == "(":
            node = self.binary(0)
            self.expect(")")
            return node
        if kind == "time":
            return ("const", _time_value(val))
        if kind == "num":
            clean = val.replace("_", "")
            if "#" in clean:
                base, digits = clean.split("#", 1)
                return ("const", int(digits, int(base)))
            return ("const", float(clean) if "." in clean else int(clean))
        if kind == "addr":
            return ("read", val.upper())
        if kind == "name":
            up = val.upper()
            if up in ("TRUE", "FALSE"):
                return ("const", up == "TRUE")
            if up in _KEYWORDS:
                raise WatchError(f"unexpected {val!r}")
            path = val
            while self.peek() in (".", "["):
                if self.take()[1] == ".":
                    if self.i >= len(self.toks):
                        raise WatchError("a name must follow '.'")
                    k2, v2 = self.take()
                    if k2 not in ("name", "num"):
                        raise WatchError(f"a name must follow '.', found {v2!r}")
                    path += "." + v2
                else:
                    idx = [self._index_text()]
                    while self.peek() == ",":
                        self.take()
                        idx.append(self._index_text())
                    self.expect("]")
                    path += "[" + ",".join(idx) + "]"
            return ("read", path)
        raise WatchError(f"unexpected {val!r}")

    def _index_text(self) -> str:
        # Indexes must be constants: the path is read as written (Cells[2].Busy)
        neg = False
        if self.peek() == "-":
            self.take()
            neg = True
        if self.i >= len(self.toks) or self.toks[self.i][0] != "num":
            raise WatchError("array indexes in a watch must be numbers, e.g. Cells[2]")
        return ("-" if neg else "") + self.take()[1]


def _num(v: Any) -> Any:
    if isinstance(v, bool):
        return int(v)
    return v


def _apply(op: str, a: Any, b: Any) -> Any:
    if op in ("AND", "&", "OR", "XOR") and isinstance(a, bool) and isinstance(b, bool):
        return {"AND": a and b, "&": a and b, "OR": a or b, "XOR": a != b}[op]
    if op in ("AND", "&", "OR", "XOR"):
        a, b = int(_num(a)), int(_num(b))
        return {"AND": a & b, "&": a & b, "OR": a | b, "XOR": a ^ b}[op]
    if op == "=":
        return a == b
    if op == "<>":
        return a != b
    a, b = _num(a), _num(b)
    if op == "<":
        return a < b
    if op == ">":
        return a > b
    if op == "<=":
        return a <= b
    if op == ">=":
        return a >= b
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op in ("/", "MOD"):
        if b == 0:
            if isinstance(a, float) or isinstance(b, float):
                return float("nan") if op == "MOD" else (float("inf") if a > 0 else float("-inf") if a < 0
                                                          else float("nan"))
            raise WatchError("division by zero")
        if isinstance(a, int) and isinstance(b, int):
            q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)  # ST truncates toward zero
            return q if op == "/" else a - q * b
        return a / b if op == "/" else a - b * int(a / b)
    raise WatchError(f"unknown operator {op}")


class WatchExpression:
    """A parsed watch; `evaluate(read)` returns the value or raises WatchError."""

    def __init__(self, text: str):
        self.text = text.strip()
        self._tree = _Parser(self.text).parse()

    @property
    def is_plain_path(self) -> bool:
        return self._tree[0] == "read"

    def evaluate(self, read: Callable[[str], Any]) -> Any:
        return self._eval(self._tree, read)

    def _eval(self, node, read):
        tag = node[0]
        if tag == "const":
            return node[1]
        if tag == "read":
            try:
                return read(node[1])
            except KeyError as exc:
                raise WatchError(str(exc.args[0]) if exc.args else f"unknown variable {node[1]}") from None
        if tag == "not":
            v = self._eval(node[1], read)
            return (not v) if isinstance(v, bool) else ~int(v)
        if tag == "neg":
            return -_num(self._eval(node[1], read))
        _, op, left, right = node
        return _apply(op, self._eval(left, read), self._eval(right, read))
