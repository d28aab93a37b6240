"""Open a task, a program file and a condition for the debugger, with one-line user errors."""

from __future__ import annotations

from pathlib import Path

from app.debugger import Debugger


class LoadError(Exception):
    """A user mistake (unknown task or condition, missing program file); exit_code 2."""

    exit_code = 2


def read_program(task, program_path: str | None) -> tuple[str, str]:
    """(text, path) of the program to debug: the given file, else the task's reference."""
    if program_path is None:
        ref = task.reference_path
        if ref is None or not ref.is_file():
            raise LoadError(f"task {task.id} has no reference program; give --program FILE")
        path = ref
    else:
        path = Path(program_path)
        if not path.is_file():
            raise LoadError(f"program file not found: {program_path}")
    try:
        return path.read_text(encoding="utf-8", errors="replace"), str(path)
    except OSError as exc:
        raise LoadError(f"cannot read {path}: {exc.strerror or exc}") from None


def find_task(task_id: str):
    import tasks

    try:
        return tasks.get(task_id)
    except tasks.UnknownTask as exc:
        raise LoadError(str(exc)) from None


def load_debugger(task_id: str, program_path: str | None, condition: str | None) -> Debugger:
    task = find_task(task_id)
    text, path = read_program(task, program_path)
    if condition is not None:
        try:
            condition = task.condition(condition).name
        except ValueError as exc:
            raise LoadError(str(exc)) from None
    try:
        return Debugger(task, text, path, condition)
    except ValueError as exc:
        raise LoadError(str(exc)) from None
