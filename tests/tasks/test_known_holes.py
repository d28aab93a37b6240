"""Cheap programs of an adversarial review that still earn 1 (tasks/<id>/known_holes/*.st): kept so
they are not lost, each expected to earn 0 and marked as a strict expected failure. When a fix to
the task makes one earn 0, its test passes unexpectedly and fails the suite: move the program to
the task's counterexamples/ then."""

from __future__ import annotations

from pathlib import Path

import pytest

import tasks

HOLES = [(task, path) for task in tasks.all_tasks() if task.folder is not None
         for path in sorted((Path(task.folder) / "known_holes").glob("*.st"))]


@pytest.mark.xfail(strict=True, reason="a known hole of the task: this cheap program earns 1")
@pytest.mark.parametrize("task, path", HOLES, ids=[f"{t.id}-{p.name}" for t, p in HOLES])
def test_a_known_hole_earns_zero(kit, task, path):
    report = kit.graded(task, path, stop_at_violation=True)
    assert report.reward == 0, f"{path.name} earns 1: {path.read_text().splitlines()[0]}"


@pytest.mark.parametrize("task, path", HOLES, ids=[f"{t.id}-{p.name}" for t, p in HOLES])
def test_a_known_hole_compiles_and_says_what_it_exploits(kit, task, path):
    """So that the expected failure above is the reward, never a program that does not compile."""
    kit.st_program(task, path)
    assert path.read_text().startswith("(* KNOWN HOLE")
