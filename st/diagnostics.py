"""Diagnostics: what the compiler tells the user about their ST source.

Code scheme (one letter for the severity, three digits for the family):
- E1xx  syntax: the text is not Structured Text (unexpected token, unterminated comment or
        string, malformed literal, unsupported vendor extension).
- E2xx  names: undeclared, duplicate, wrong kind of name (calling a variable, reading an FB ...).
- E3xx  types: mismatches, narrowing assignments, literal out of range, bad operand types.
- E4xx  other semantic errors: missing PROGRAM, bad CASE labels, assignment to a constant or
        input, EXIT outside a loop ...
- Wxxx  warnings (same family digits): W2xx unused / never written names, W4xx other.

A diagnostic formats as::

    program.st:12:5: error: expected ';' after the statement, found 'END_IF'
        x := 1
        ^~~~~~
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(slots=True)
class Diagnostic:
    severity: str  # 'error' | 'warning'
    code: str  # 'E101', 'W201' ...
    message: str
    filename: str
    line: int  # 1-based; 0 when the diagnostic is not tied to a line
    col: int  # 1-based
    end_col: int | None = None  # 1-based, inclusive: the caret span is col..end_col on `line`

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def header(self) -> str:
        if self.line <= 0:
            return f"{self.filename}: {self.severity}: {self.message}"
        return f"{self.filename}:{self.line}:{self.col}: {self.severity}: {self.message}"

    def __str__(self) -> str:
        return self.header()

    def format(self, source_text: str | None = None) -> str:
        """Header line, then the offending source line and a caret under the span."""
        head = self.header()
        if not source_text or self.line <= 0:
            return head
        lines = source_text.splitlines()
        if self.line > len(lines):
            return head
        text = lines[self.line - 1].expandtabs(1)  # one column per tab keeps the caret aligned
        col = max(1, self.col)
        end = self.end_col if self.end_col is not None and self.end_col >= col else col
        end = min(end, max(col, len(text)))
        caret = " " * (col - 1) + "^" + "~" * (end - col)
        return f"{head}\n{text.rstrip()}\n{caret}"


def sort_key(d: Diagnostic) -> tuple[int, int, int]:
    return (d.line, d.col, 0 if d.is_error else 1)


class DiagnosticBag:
    """Collects diagnostics from one compilation stage, several at a time."""

    def __init__(self, filename: str):
        self.filename = filename
        self.items: list[Diagnostic] = []

    def error(self, code: str, message: str, line: int, col: int, end_col: int | None = None) -> Diagnostic:
        d = Diagnostic(ERROR, code, message, self.filename, line, col, end_col)
        self.items.append(d)
        return d

    def warning(self, code: str, message: str, line: int, col: int, end_col: int | None = None) -> Diagnostic:
        d = Diagnostic(WARNING, code, message, self.filename, line, col, end_col)
        self.items.append(d)
        return d

    def at(self, node, severity: str, code: str, message: str) -> Diagnostic:
        """Add a diagnostic spanning an AST node (uses its line/col/end_line/end_col)."""
        end_col = node.end_col if getattr(node, "end_line", None) == node.line else None
        d = Diagnostic(severity, code, message, self.filename, node.line, node.col, end_col)
        self.items.append(d)
        return d

    def add(self, d: Diagnostic) -> None:
        self.items.append(d)

    def extend(self, ds: Iterable[Diagnostic]) -> None:
        self.items.extend(ds)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=sort_key)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)


def format_all(diagnostics: Iterable[Diagnostic], source_text: str | None) -> str:
    return "\n".join(d.format(source_text) for d in diagnostics)


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """ "did you mean 'Motor_On'?" for the closest candidate (case-insensitive), or ''."""
    by_lower: dict[str, str] = {}
    for c in candidates:
        by_lower.setdefault(c.lower(), c)
    if not by_lower:
        return ""
    matches = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.6)
    if not matches:
        return ""
    return f"did you mean '{by_lower[matches[0]]}'?"
