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

    def format(self, source_text: str | list[str] | None = None) -> str:
        """Header line, then the offending source line and a caret under the span.

        ``source_text`` may be the text or its lines already split by ``source_lines``.
        """
        head = printable(self.header())
        if not source_text or self.line <= 0:
            return head
        lines = source_lines(source_text) if isinstance(source_text, str) else source_text
        if self.line > len(lines):
            return head
        text = printable(lines[self.line - 1].expandtabs(1))  # one column per tab keeps the caret aligned
        col = max(1, self.col)
        end = self.end_col if self.end_col is not None and self.end_col >= col else col
        end = min(end, max(col, len(text)))
        if len(text) > SHOWN_LINE:  # a window around the column, not a whole generated line
            start = max(0, min(col - 1 - SHOWN_LINE // 4, len(text) - SHOWN_LINE))
            text = text[start : start + SHOWN_LINE]
            col, end = col - start, min(end - start, SHOWN_LINE)
        caret = " " * (col - 1) + "^" + "~" * (end - col)
        return f"{head}\n{text.rstrip()}\n{caret}"


# Longest source line echoed under a diagnostic, and most diagnostics printed for one file.
SHOWN_LINE = 160
MAX_SHOWN = 100


def source_lines(text: str) -> list[str]:
    """The source's lines as the lexer counts them: only '\n' ends a line (str.splitlines also
    splits at form feed, U+2028 and others, and would then echo the wrong line)."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def printable(text: str) -> str:
    """Text safe for a terminal: control characters (escape sequences in the source) become '?'."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else "?" for ch in text)


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


def format_all(diagnostics: Iterable[Diagnostic], source_text: str | None, limit: int = MAX_SHOWN) -> str:
    """Every diagnostic formatted, at most ``limit`` of them (errors first), then how many more."""
    diagnostics = list(diagnostics)
    shown = diagnostics
    if len(diagnostics) > limit:
        errors = [d for d in diagnostics if d.is_error][:limit]
        keep = {id(d) for d in errors}
        keep.update(id(d) for d in [d for d in diagnostics if not d.is_error][: limit - len(errors)])
        shown = [d for d in diagnostics if id(d) in keep]
    lines = source_lines(source_text) if source_text else None
    parts = [d.format(lines) for d in shown]
    if len(shown) < len(diagnostics):
        ne = sum(1 for d in diagnostics if d.is_error) - sum(1 for d in shown if d.is_error)
        parts.append(f"... and {len(diagnostics) - len(shown)} more ({ne} error(s), "
                     f"{len(diagnostics) - len(shown) - ne} warning(s)) not shown")
    return "\n".join(parts)


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """ "did you mean 'Motor_On'?" for the closest candidate (case-insensitive), or ''."""
    by_lower: dict[str, str] = {}
    # lengths alone bound difflib's ratio (cutoff 0.6); at most 500 candidates are compared, those
    # with the name's first letter first (a program may declare 20k names)
    fits = [c for c in candidates if 2 * min(len(c), len(name)) >= 0.6 * (len(c) + len(name))]
    first = name[:1].lower()
    for c in [c for c in fits if c[:1].lower() == first] + [c for c in fits if c[:1].lower() != first]:
        if len(by_lower) >= 500:
            break
        by_lower.setdefault(c.lower(), c)
    if not by_lower:
        return ""
    matches = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.6)
    if not matches:
        return ""
    return f"did you mean '{by_lower[matches[0]]}'?"
