"""Shared helpers for the black-box tests of the ST compiler (tests/st/test_lang_* and friends).

The tests only use the public API of docs/architecture.md: st.compile_source, Compilation,
Program.instantiate, Instance.scan/read/write/set_input/get_output/force/variables.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

PROGRAMS = Path(__file__).resolve().parent / "programs"
SCAN_MS = 10


class Plc:
    """One running instance plus its plant clock: scan k runs at k * 10 ms, the first at 0."""

    def __init__(self, instance):
        self.inst = instance
        self.scan_count = 0

    @property
    def now_ms(self) -> int:
        """Plant time of the next scan."""
        return self.scan_count * SCAN_MS

    def scan(self, n: int = 1) -> Plc:
        for _ in range(n):
            self.inst.scan(self.now_ms)
            self.scan_count += 1
        return self

    def __getitem__(self, path: str):
        return self.inst.read(path)

    def __setitem__(self, path: str, value) -> None:
        self.inst.write(path, value)

    @property
    def fault(self):
        return self.inst.fault


def compile_ok(source: str, filename: str = "test.st"):
    """Compile and assert success; on failure the assertion shows the diagnostics as a user sees them."""
    import st

    comp = st.compile_source(source, filename=filename)
    assert comp.ok, "expected a clean compile, got:\n" + comp.format_diagnostics()
    assert comp.program is not None
    return comp


def compile_errors(source: str, filename: str = "test.st"):
    """Compile and assert failure; returns the Compilation so tests can look at the diagnostics."""
    import st

    comp = st.compile_source(source, filename=filename)
    assert not comp.ok, "expected compile errors, but the program compiled"
    assert comp.program is None
    assert any(d.severity == "error" for d in comp.diagnostics)
    return comp


def run(source: str, scans: int = 1, debug: bool = False) -> Plc:
    """Compile, instantiate and run `scans` scans (0 scans: just the fresh instance)."""
    comp = compile_ok(source)
    plc = Plc(comp.program.instantiate(debug=debug))
    return plc.scan(scans)


def main(decls: str, body: str, extra: str = "") -> str:
    """A PROGRAM Main around `decls` (inside one VAR block) and `body`; `extra` goes before it."""
    return f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"


def errors_text(comp) -> str:
    return "\n".join(f"{d.line}:{d.col}: {d.severity}: {d.message}" for d in comp.diagnostics)


@pytest.fixture(scope="session")
def kit():
    """The helpers above as one fixture (test files cannot import conftest under importlib mode).

    Session-scoped so hypothesis tests may use it too.
    """
    return SimpleNamespace(
        Plc=Plc, compile_ok=compile_ok, compile_errors=compile_errors, run=run, main=main,
        errors_text=errors_text, PROGRAMS=PROGRAMS, SCAN_MS=SCAN_MS,
    )
