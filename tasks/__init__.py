"""The task suite: one folder per task, plus the registry.

A task lives in tasks/<id lower, '-' -> '_'>/ (tasks/mat_e01/) with task.py exposing `TASK`
(a sim.task.Task), reference.st and counterexamples/. Folders are discovered, so a new task
needs no edit here.

    import tasks
    task = tasks.get("mat-e01")      # case-insensitive
    for t in tasks.all_tasks(): ...  # sorted by suite, level, id
"""

from __future__ import annotations

import importlib
import traceback
from pathlib import Path

from sim.task import Task

_HERE = Path(__file__).parent
_LEVELS = {"E": 0, "M": 1, "H": 2}
_loaded: dict[str, Task] = {}   # folder name -> task


class UnknownTask(KeyError):
    """A task id the suite does not have; the message lists the valid ids."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown task"


def _folders() -> list[str]:
    return sorted(p.name for p in _HERE.iterdir() if p.is_dir() and (p / "task.py").is_file())


class BrokenTask(Exception):
    """A task folder whose task.py does not load: the message names the file and line."""


def _where(folder: str, exc: BaseException) -> str:
    """file:line of the error inside the task's folder (or its innermost frame)."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}"
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if Path(f.filename).parent.name == folder] or frames[-1:]
    return f"{inside[-1].filename}:{inside[-1].lineno}" if inside else f"tasks/{folder}/task.py"


def _load(folder: str) -> Task:
    if folder not in _loaded:
        try:
            module = importlib.import_module(f"tasks.{folder}.task")
        except Exception as exc:   # a task being written, or broken: say where, no traceback
            raise BrokenTask(f"task folder tasks/{folder}/ does not load: {_where(folder, exc)}: "
                             f"{type(exc).__name__}: {exc}") from exc
        task = getattr(module, "TASK", None)
        if not isinstance(task, Task):
            raise BrokenTask(f"tasks/{folder}/task.py must define TASK = sim.task.Task(...)")
        if task.id.lower().replace("-", "_") != folder:
            raise BrokenTask(f"task {task.id} lives in tasks/{folder}/; its folder must be "
                             f"tasks/{task.id.lower().replace('-', '_')}/")
        if task.folder is None:
            task.folder = _HERE / folder
        _loaded[folder] = task
    return _loaded[folder]


def all_tasks() -> list[Task]:
    """Every registered task, ordered by suite, level and id."""
    return sorted((_load(f) for f in _folders()), key=lambda t: (t.suite, _LEVELS[t.level], t.id))


def ids() -> list[str]:
    """The ids of every task folder, from the folder names (no task module is imported)."""
    return sorted((f.upper().replace("_", "-") for f in _folders()),
                  key=lambda i: (i[:3], _LEVELS.get(i[4:5], 3), i))


def get(task_id: str) -> Task:
    """The task with this id (case-insensitive; '_' accepted for '-'). Loads only that task."""
    folder = task_id.strip().lower().replace("-", "_")
    if folder not in _folders():
        raise UnknownTask(f"unknown task {task_id!r}; valid task ids: {', '.join(ids()) or 'none yet'}")
    return _load(folder)
