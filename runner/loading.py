"""Find what a user named: a task, a program file, a condition. Every way of running uses
these (the command line, the debugger), so a mistake reads the same everywhere: one line,
exit status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path


class LoadError(Exception):
    """A user mistake (unknown task or condition, missing program file); exit_code 2."""

    exit_code = 2


def find_task(task_id: str):
    """The task with this id; the message of a wrong one lists the valid ids."""
    import tasks

    try:
        return tasks.get(task_id)
    except tasks.UnknownTask as exc:
        raise LoadError(str(exc)) from None


def program_path(task, given: str | None) -> tuple[Path, bool]:
    """The program file to use, and whether it is the task's own reference (none given)."""
    if given is None:
        ref = task.reference_path
        if ref is None or not ref.is_file():
            raise LoadError(f"task {task.id} has no reference program; give --program FILE")
        return ref, True
    path = Path(given)
    if not path.is_file():
        raise LoadError(f"program file not found: {given}")
    return path, False


def read_program(task, given: str | None) -> tuple[str, str]:
    """(text, path) of the program: the given file, else the task's reference."""
    path, _ = program_path(task, given)
    try:
        return path.read_text(encoding="utf-8", errors="replace"), str(path)
    except OSError as exc:
        raise LoadError(f"cannot read {path}: {exc.strerror or exc}") from None


def find_condition(task, which: str | int):
    """A registered condition by name or 1-based number; the message of a wrong one lists them."""
    from sim.task import UnknownCondition

    try:
        return task.condition(which)
    except UnknownCondition as exc:
        raise LoadError(str(exc)) from None
