"""Every registered condition of every task, run with its reference program, gives the trace
pinned in tests/trace_hashes.json, bit for bit: an engine change (a faster plant, another way of
sampling inputs) must not change what a program or judge sees. The reports are the battery's own
(kit.graded), so the pins cost no extra grading.

A new task, or a task whose conditions or reference changed on purpose:
    python -m bench.trace_pins --update --task <ID>
"""

from __future__ import annotations

import pytest

import tasks
from bench.trace_pins import UPDATE_COMMAND, load, task_pins

PINS = load()


@pytest.mark.parametrize("task", tasks.all_tasks(), ids=lambda t: t.id)
def test_reference_traces_match_their_pins(kit, task):
    pinned = task_pins(PINS, task.id)
    assert pinned, f"{task.id} has no trace pins: add them with {UPDATE_COMMAND.format(task=task.id)}"
    report = kit.graded(task, "reference.st")
    got = {c.name: c.trace_hash for c in report.conditions}
    assert got == pinned, (f"{task.id}: traces differ from the pins; if that change is meant, "
                           f"{UPDATE_COMMAND.format(task=task.id)} (and say why in the commit)")
