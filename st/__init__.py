"""IEC 61131-3 Structured Text: compile a source file, run it one scan at a time.

    comp = st.compile_source(text, filename="program.st")   # never raises
    comp.ok, comp.diagnostics, comp.program, comp.format_diagnostics()
    inst = comp.program.instantiate()          # or instantiate(debug=True)
    ex = st.compile_expression("Timer1.ET > T#2s", comp.program)   # watches; never raises
    ex.ok, ex.diagnostics, ex.type_name, ex.evaluate(inst)

See docs/architecture.md for the contract and docs/st-semantics.md for the semantics.
"""

from __future__ import annotations

import os
import stat

from .debug import DebugInstance, Pause
from .diagnostics import Diagnostic, format_all, sort_key
from .expression import CompiledExpression, ExpressionError, compile_expression
from .program import Program
from .runtime import Instance, RuntimeFault, VarNode

__all__ = [
    "Compilation",
    "CompiledExpression",
    "DebugInstance",
    "Diagnostic",
    "ExpressionError",
    "Instance",
    "Pause",
    "Program",
    "RuntimeFault",
    "VarNode",
    "compile_expression",
    "compile_file",
    "compile_source",
]


class Compilation:
    """The result of compiling one file: diagnostics, and the program when there is no error."""

    def __init__(self, filename: str, text: str, diagnostics: list[Diagnostic], program: Program | None):
        self.filename = filename
        self.text = text
        self.diagnostics = sorted(diagnostics, key=sort_key)
        self.program = program

    @property
    def ok(self) -> bool:
        return self.program is not None and not any(d.severity == "error" for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    def format_diagnostics(self) -> str:
        return format_all(self.diagnostics, self.text)


# The largest source compiled: compile time and memory grow linearly with it (about 0.15 s and
# 30 MB per 1,000 lines), so this bounds both; real programs are a few hundred lines.
MAX_SOURCE_BYTES = 512_000
MAX_SOURCE_LINES = 20_000


def _too_large(filename: str, size: str) -> Compilation:
    d = Diagnostic(
        "error", "E108",
        f"the file is too large to compile ({size}); the limit is {MAX_SOURCE_BYTES:,} bytes and "
        f"{MAX_SOURCE_LINES:,} lines", filename, 0, 0)
    return Compilation(filename, "", [d], None)


def _internal(filename: str, stage: str, exc: BaseException) -> Diagnostic:
    return Diagnostic(
        "error",
        "E900",
        f"internal compiler error while {stage}: {type(exc).__name__}: {exc} (please report this program)",
        filename,
        0,
        0,
    )


def _run_stage(stage: str, nested_code: str, diags: list, filename: str, fn, *args):
    """One compiler stage: its result, its diagnostics added to ``diags``; None when it could not
    finish (too deeply nested for Python, or an internal error), said in a diagnostic."""
    try:
        result, stage_diags = fn(*args)
    except RecursionError:
        diags.append(
            Diagnostic("error", nested_code, "the program is nested too deeply to compile", filename, 0, 0)
        )
        return None
    except Exception as exc:  # noqa: BLE001 - compile_source never raises
        diags.append(_internal(filename, stage, exc))
        return None
    diags.extend(stage_diags)
    return result


def compile_source(text, filename: str = "program.st") -> Compilation:
    """Parse, check and generate code. Never raises: every problem becomes a diagnostic."""
    filename = str(filename)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            d = Diagnostic(
                "error",
                "E109",
                f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                filename,
                0,
                0,
            )
            return Compilation(filename, "", [d], None)
    if not isinstance(text, str):
        d = Diagnostic("error", "E109", "the source must be text", filename, 0, 0)
        return Compilation(filename, "", [d], None)
    if len(text) > MAX_SOURCE_BYTES:
        return _too_large(filename, f"{len(text):,} characters")
    if text.count("\n") >= MAX_SOURCE_LINES:
        return _too_large(filename, f"{text.count(chr(10)) + 1:,} lines")
    diags: list[Diagnostic] = []
    from .parser import parse

    sf = _run_stage("parsing", "E405", diags, filename, parse, text, filename)
    if sf is None or any(d.severity == "error" for d in diags):
        return Compilation(filename, text, diags, None)
    from .checker import check

    checked = _run_stage("checking", "E405", diags, filename, check, sf, filename)
    if checked is None or any(d.severity == "error" for d in diags) or checked.main is None:
        return Compilation(filename, text, diags, None)
    line_map: list = []  # stays empty when generate() itself hits the limit
    try:
        from .codegen import generate

        source, line_map, breakable = generate(checked, filename)
        program = Program(checked, source, line_map, breakable, filename, text)
    except (RecursionError, SyntaxError, MemoryError) as exc:
        # Python's own limits on nesting (about 200 parentheses) reached by a huge expression
        line = getattr(exc, "lineno", None) or 0
        st_line = line_map[line][0] if 0 < line < len(line_map) else 0
        diags.append(
            Diagnostic(
                "error",
                "E405",
                "this statement is nested too deeply to compile: split it into several statements",
                filename,
                st_line,
                1 if st_line else 0,
            )
        )
        return Compilation(filename, text, diags, None)
    except Exception as exc:  # noqa: BLE001
        diags.append(_internal(filename, "generating code", exc))
        return Compilation(filename, text, diags, None)
    return Compilation(filename, text, diags, program)


def compile_file(path) -> Compilation:
    """Compile a file; a missing, unreadable or non-UTF-8 file is a diagnostic, not an exception."""
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; a regular file ignores it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                what = "is a directory, not an ST file" if stat.S_ISDIR(mode) else (
                    "is not a regular file (a device or a pipe), not an ST file")
                return Compilation(name, "", [Diagnostic("error", "E100", what, name, 0, 0)], None)
            data = fh.read(MAX_SOURCE_BYTES + 1)  # bounded: never read a device forever
    except FileNotFoundError:
        return Compilation(name, "", [Diagnostic("error", "E100", "file not found", name, 0, 0)], None)
    except IsADirectoryError:
        return Compilation(
            name, "", [Diagnostic("error", "E100", "is a directory, not an ST file", name, 0, 0)], None
        )
    except OSError as exc:
        return Compilation(
            name, "", [Diagnostic("error", "E100", f"cannot read the file: {exc.strerror}", name, 0, 0)], None
        )
    if len(data) > MAX_SOURCE_BYTES:
        return _too_large(name, f"more than {MAX_SOURCE_BYTES:,} bytes")
    return compile_source(data, name)
