"""The Condition menu's verdicts: every condition of the task graded for the loaded program, in
the background of the window (a slice of scans per frame), by the same `sim.Session` the
verifier and the debugger run, so a verdict here is the grader's verdict.
"""

from __future__ import annotations

import time

from sim.session import Session


class ConditionGrades:
    """Verdicts by condition name for one compiled program: ('passed' | 'failed', one line)."""

    def __init__(self, task, program, make_session=Session):
        self.task = task
        self.program = program
        self._make_session = make_session
        self.results: dict[str, tuple[str, str]] = {}
        self._queue: list = []
        self._session = None
        self._current = None

    @property
    def busy(self) -> bool:
        return bool(self._queue) or self._session is not None

    def start(self) -> None:
        """Grade every condition not graded yet (the window calls `work` each frame)."""
        self._queue = [c for c in self.task.conditions
                       if c.name not in self.results and c is not self._current]

    def record(self, name: str, level: str, text: str) -> None:
        """A verdict found elsewhere (the debugger ran that condition to its end)."""
        if level in ("passed", "failed"):
            self.results[name] = (level, text)

    def work(self, budget_s: float, clock=time.perf_counter) -> None:
        """Run scans until `budget_s` is used up (checked every 64 scans)."""
        end = clock() + budget_s
        while self.busy and clock() < end:
            if self._session is None:
                self._current = self._queue.pop(0)
                try:
                    self._session = self._make_session(self.task, self._current, self.program.instantiate())
                except Exception as exc:  # a task bug: say so on that condition, go on with the rest
                    self._finish(("failed", f"FAILED: internal error: {type(exc).__name__}: {exc}"))
                    continue
            ses = self._session
            try:
                for _ in range(64):
                    if ses.finished:
                        break
                    ses.step()
            except Exception as exc:
                self._finish(("failed", f"FAILED: internal error: {type(exc).__name__}: {exc}"))
                continue
            if ses.finished:
                self._finish(verdict_line(ses.verdict))

    def _finish(self, result: tuple[str, str]) -> None:
        self.results[self._current.name] = result
        self._session = self._current = None

    def progress(self) -> str:
        n = len(self.task.conditions)
        return f"{len(self.results)} of {n} conditions graded"


def verdict_line(v) -> tuple[str, str]:
    """A finished run's verdict in one line, as the grader's table has it."""
    if v.fault:
        return "failed", f"FAILED: the PLC stopped: {v.fault}"
    rules = ", ".join(f"{r} x{v.violation_counts.get(r, 1)}" for r in v.violated_rules)
    if v.passed:
        return "passed", "PASSED"
    if v.success:
        return "failed", f"FAILED: completed, but violated {rules}"
    why = v.completion_failed or (f"not completed ({v.end_reason})" if v.end_reason else "not completed")
    return "failed", f"FAILED: {why}" + (f"; violated {rules}" if rules else "")
