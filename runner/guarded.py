"""The command line's steps whose cost the ST program decides, each in a guarded worker.

Compiling, building the program's variables and the I/O-map check run in a forked worker under
the memory limit and COMPILE_LIMIT_S (sim.guard), so that no source can hang or exhaust the
grader's own process; what comes back is plain text. The grader then compiles the program once
more for the condition workers to share: the same text compiles the same way, so that second
compile is known to fit the same bounds.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, field

from sim.guard import run_guarded
from sim.plant import SCAN_MS

# Real time compiling and building the variables may take: a program at the source limit
# compiles in a few seconds (python -m bench.compile_bench), so only a broken bound reaches it.
COMPILE_LIMIT_S = 60.0


def check_command(path: str, memory_limit_mb: int | None) -> int:
    """--check FILE: st.cli.check_command in a guarded worker (it prints its own diagnostics)."""
    from st.cli import check_command as check

    out = run_guarded(check, path, wall_limit_s=COMPILE_LIMIT_S, memory_limit_mb=memory_limit_mb)
    if out.ok:
        return out.value
    print(f"{path}: error: {stopped(out.failure)}", file=sys.stderr)
    return 1


def stopped(failure: str) -> str:
    return f"the program could not be compiled within the limits ({failure})"


@dataclass
class Preflight:
    """What grading needs to know before the conditions run."""

    ok: bool  # compiled without errors and its variables could be built
    diagnostics: str = ""  # formatted diagnostics ("" when there are none)
    io_warnings: list[str] = field(default_factory=list)
    failure: str | None = None  # the guard stopped the work: why, in one sentence

    @property
    def compile_error(self) -> str:
        """The text a compile-error report carries."""
        return self.failure or self.diagnostics


def _preflight(task, path: str) -> tuple[bool, str, list[str], str | None]:
    import st
    from tasks.io_check import io_map_warnings, located_variables

    comp = st.compile_file(path)
    text = comp.format_diagnostics() if comp.diagnostics else ""
    if not comp.ok:
        return False, text, [], None
    return True, text, io_map_warnings(task, located_variables(comp.program.instantiate())), None


def preflight(task, path: str, memory_limit_mb: int | None) -> Preflight:
    """Compile `path`, build its variables once and compare its I/O with the task's, guarded."""
    out = run_guarded(_preflight, task, path, wall_limit_s=COMPILE_LIMIT_S, memory_limit_mb=memory_limit_mb)
    if not out.ok:
        return Preflight(False, failure=f"{path}: error: {stopped(out.failure)}")
    return Preflight(*out.value)


def run_program_command(path, scans, watch, json_target, memory_limit_mb: int | None) -> int:
    """--headless --program FILE --scans N: st.cli's run in a worker under the memory limit (its scans
    have their own wall-clock guard; this bounds the compile and the memory)."""
    from st import cli

    limit = COMPILE_LIMIT_S + max(scans or 0, 0) * cli.SCAN_WALL_LIMIT_S * 1.5
    out = run_guarded(functools.partial(cli.run_program_command, scan_ms=SCAN_MS), path, scans, watch,
                      json_target, wall_limit_s=limit, memory_limit_mb=memory_limit_mb)
    if out.ok:
        return out.value
    print(f"main.py: error: the run was stopped: {out.failure}", file=sys.stderr)
    return 1
