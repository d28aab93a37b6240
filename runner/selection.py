"""Which tasks a selection names: `all`, a suite (`MOT`), a level (`H`), both (`MOT-H`), ids, or a
comma-separated list of any of these (`MAT-E01,MOT-H`). Case-insensitive; tasks come out once
each, in the registry's order (suite, level, id)."""

from __future__ import annotations

import tasks
from sim.task import Task

SUITES = ("MAT", "MOT")
LEVELS = ("E", "M", "H")


class BadSelection(ValueError):
    """A selection naming nothing the suite has; the message lists the valid choices."""


def valid_choices() -> str:
    groups = ["all", *SUITES, *LEVELS, *(f"{s}-{lv}" for s in SUITES for lv in LEVELS)]
    return f"{', '.join(groups)}, or task ids ({', '.join(tasks.ids())}), comma-separated"


def _matches(task: Task, item: str) -> bool:
    if item == "ALL":
        return True
    if item in SUITES:
        return task.suite == item
    if item in LEVELS:
        return task.level == item
    suite, _, level = item.partition("-")
    if suite in SUITES and level in LEVELS:
        return task.suite == suite and task.level == level
    return task.id.upper() == item.replace("_", "-")


def _known(item: str) -> bool:
    suite, _, level = item.partition("-")
    return (item == "ALL" or item in SUITES or item in LEVELS or (suite in SUITES and level in LEVELS)
            or item.replace("_", "-") in tasks.ids())


def select_tasks(selection: str) -> list[Task]:
    """The tasks `selection` names; BadSelection if an item names nothing."""
    items = [part.strip().upper() for part in selection.split(",") if part.strip()]
    if not items:
        raise BadSelection(f"empty selection; valid choices: {valid_choices()}")
    unknown = [item for item in items if not _known(item)]
    if unknown:
        raise BadSelection(f"unknown selection {', '.join(unknown)}; valid choices: {valid_choices()}")
    everything = tasks.all_tasks()
    chosen = [t for t in everything if any(_matches(t, item) for item in items)]
    if not chosen:
        raise BadSelection(f"selection {selection!r} names no registered task; valid choices: "
                           f"{valid_choices()}")
    return chosen
