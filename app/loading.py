"""Open a task, a program file and a condition for the debugger (runner.loading finds them)."""

from __future__ import annotations

from app.debugger import Debugger
from runner.loading import LoadError, find_condition, find_task, read_program

__all__ = ["LoadError", "find_task", "load_debugger", "read_program"]


def load_debugger(task_id: str, program_path: str | None, condition: str | None) -> Debugger:
    task = find_task(task_id)
    text, path = read_program(task, program_path)
    if condition is not None:
        condition = find_condition(task, condition).name
    try:
        return Debugger(task, text, path, condition)
    except ValueError as exc:
        raise LoadError(str(exc)) from None
