"""MAT-M18 Layer forming with a product turner: why its cheap programs fail, condition by
condition. The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M18")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_trusting_the_pin_command_drives_a_carton_into_a_pin_still_on_its_way(kit):
    """The catalog's trap: a slow pin (0.35 s and more) is not yet up when a backed-up carton
    comes forward again; where no turn slips there is no back-up and it passes."""
    result = verdicts(kit.graded(TASK, "counterexamples/trusts_pin_command.st"))
    assert result["slow_slips"] == (False, ("MAT-M18-S2",))
    assert result["slip_twice_running"] == (False, ("MAT-M18-S2",))
    assert result["nominal"] == (True, ())


def test_trusting_that_a_raised_pin_turned_the_carton_pushes_wrong_rows(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M18-S3.st"))
    assert all(result[c] == (False, ("MAT-M18-S3",)) for c in ("slow_slips", "fast_all_across",
                                                                 "slip_twice_running"))
    assert result["nominal"] == (True, ())          # no slip there: the check is what matters


def test_the_reference_needs_the_back_up_where_turns_slip(kit):
    report = kit.graded(TASK, "reference.st")
    assert report.reward == 1
