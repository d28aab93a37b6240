"""MAT-H07 Line speed cascade with buffers: why its cheap programs fail, condition by condition.
The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H07")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_the_blind_written_program_misreads_a_part_full_b2(kit):
    """It guesses a buffer above its high eye at 6 units: with B2 at 20-25 units it overfills B2
    through the labeller's jams or parks the labeller with B2 high."""
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["b2_part_full_labeller_jams"] == (False, ("MAT-H07-S1",))
    assert result["b2_nearly_full_capper_jams"] == (False, ("MAT-H07-S5",))
    assert result["nominal"] == (True, ())


def test_fixed_speeds_overflow_or_run_dry(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind.st"))
    assert result["fast_small_buffers"] == (False, ("MAT-H07-S1",))
    assert result["nominal"] == (False, ("MAT-H07-S4",))


def test_the_reference_labels_every_unit_and_stops(kit):
    assert kit.graded(TASK, "reference.st").reward == 1
