"""sim.guard: work in a forked worker under a memory and a time limit answers with a value or one
sentence, and the grader's own process is untouched; runner.guarded builds the CLI's steps on it."""

from __future__ import annotations

import pytest

import runner.guarded
import tasks
from bench.compile_bench import lines_program
from sim.guard import CAN_FORK, run_guarded

pytestmark = [pytest.mark.skipif(not CAN_FORK, reason="needs fork"), pytest.mark.timeout(120)]


def allocate(mb: int) -> int:
    return len(bytearray(mb * 1024 * 1024))


def test_a_value_comes_back():
    out = run_guarded(allocate, 8, memory_limit_mb=256)
    assert out.ok and out.value == 8 * 1024 * 1024


def test_memory_past_the_limit_is_out_of_memory_not_a_crash():
    out = run_guarded(allocate, 4096, memory_limit_mb=128)
    assert out.value is None and out.failure == "out of memory (more than 128 MiB)"
    assert allocate(64) == 64 * 1024 * 1024  # this process has no such limit


def test_an_exception_is_one_line():
    out = run_guarded(int, "twelve")
    assert out.failure.startswith("internal error: ValueError: invalid literal")


def test_preflight_past_its_time_limit_is_a_compile_error_report(tmp_path, monkeypatch):
    prog = tmp_path / "big.st"
    prog.write_text(lines_program(10_000))  # compiles in a second or more, far past 0.05 s
    monkeypatch.setattr(runner.guarded, "COMPILE_LIMIT_S", 0.05)
    pre = runner.guarded.preflight(tasks.get("MAT-E01"), str(prog), 512)
    assert not pre.ok
    assert pre.compile_error == (f"{prog}: error: the program could not be compiled within the limits "
                                 "(stopped after 0.05 s of real time)")


def test_preflight_of_a_good_program_gives_its_warnings(tmp_path):
    prog = tmp_path / "p.st"
    prog.write_text("PROGRAM Main\nVAR\n  eye AT %IX0.5 : BOOL;\n  unused : INT;\nEND_VAR\n"
                    "eye := eye;\nEND_PROGRAM\n")
    pre = runner.guarded.preflight(tasks.get("MAT-E01"), str(prog), 512)
    assert pre.ok and pre.failure is None
    assert "warning: variable 'unused' is never used" in pre.diagnostics
    assert len(pre.io_warnings) == 1 and "the task wires nothing to %IX0.5" in pre.io_warnings[0]
