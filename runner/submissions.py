"""The submissions in a folder, task by task and trial by trial.

Layouts (task ids case-insensitive, '_' for '-'):

    DIR/MAT-E01.st                 one trial, named "1"
    DIR/MAT-E01/program.st         one trial, named "1"
    DIR/MAT-E01/<trial>/program.st one trial per folder, named freely ("1", "run-a", "gpt-3")

One task uses one layout: two of them for the same task are refused (which would count?).
Trials are ordered by name, numbers by value ("2" before "10"). With `trials` K, a task with
fewer than K submissions has the rest listed as missing (reward 0); one with more is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import tasks
from sim.task import Task

SINGLE_TRIAL = "1"


class SubmissionError(ValueError):
    """A submissions folder that cannot be read as one of the layouts; the message says why."""


@dataclass(frozen=True)
class Submission:
    task_id: str
    trial: str
    path: Path | None        # None: missing


def trial_order(name: str) -> tuple:
    """Natural order: "2" < "10", "run-2" < "run-10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", name) if part)


def _task_key(name: str) -> str:
    return name.strip().upper().replace("_", "-")


def _found(root: Path, task_id: str) -> list[tuple[str, Path]]:
    """(trial, path) of every submission of one task in `root`, in trial order."""
    key = _task_key(task_id)
    files = [p for p in root.iterdir()
             if p.is_file() and p.suffix.lower() == ".st" and _task_key(p.stem) == key]
    folders = [p for p in root.iterdir() if p.is_dir() and _task_key(p.name) == key]
    layouts: list[str] = []
    found: list[tuple[str, Path]] = []
    for f in files:
        layouts.append(str(f))
        found.append((SINGLE_TRIAL, f))
    for folder in folders:
        direct = folder / "program.st"
        if direct.is_file():
            layouts.append(str(direct))
            found.append((SINGLE_TRIAL, direct))
        trials = sorted((d for d in folder.iterdir() if d.is_dir() and (d / "program.st").is_file()),
                        key=lambda d: trial_order(d.name))
        if trials:
            layouts.append(f"{folder}/<trial>/program.st")
            found.extend((d.name, d / "program.st") for d in trials)
    if len(layouts) > 1:
        raise SubmissionError(f"{task_id} has submissions in more than one layout ({'; '.join(layouts)}): "
                              "keep one of DIR/<ID>.st, DIR/<ID>/program.st, DIR/<ID>/<trial>/program.st")
    return found


def _missing_names(present: list[str], count: int) -> list[str]:
    """Names for the trials not submitted: the first unused numbers."""
    names, n = [], 1
    while len(names) < count:
        if str(n) not in present:
            names.append(str(n))
        n += 1
    return names


def find_submissions(folder: str | Path, chosen: list[Task], trials: int | None = None
                     ) -> tuple[list[Submission], list[str]]:
    """Every (task, trial) of `chosen`, found or missing, and notes about files nothing matched.

    Without `trials`, every task is expected to have as many trials as the task with the most.
    """
    root = Path(folder)
    if not root.is_dir():
        raise SubmissionError(f"submissions folder not found: {folder}")
    per_task = {t.id: _found(root, t.id) for t in chosen}
    expected = trials if trials is not None else max([len(v) for v in per_task.values()] + [1])
    out: list[Submission] = []
    for task in chosen:
        found = per_task[task.id]
        if len(found) > expected:
            raise SubmissionError(f"{task.id} has {len(found)} trials in {folder} but --trials is {expected}")
        out.extend(Submission(task.id, trial, path) for trial, path in found)
        out.extend(Submission(task.id, name, None)
                   for name in _missing_names([t for t, _ in found], expected - len(found)))
    known = set(tasks.ids())
    valid = ", ".join(sorted(known))
    notes = [f"ignored {p}: no task {p.stem if p.is_file() else p.name} (task ids: {valid})"
             for p in sorted(root.iterdir())
             if (p.is_dir() or p.suffix.lower() == ".st") and not p.name.startswith(".")
             and _task_key(p.stem if p.is_file() else p.name) not in known]
    return out, notes
