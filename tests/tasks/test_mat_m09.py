"""MAT-M09 Contact gauging and grading: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M09")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_a_fixed_read_delay_for_the_longest_ringing_is_late_for_a_quick_one(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_read_delay.st"))
    passed, rules, pending = result["quick_ringing"]                   # 0.1 s of ringing
    assert not passed and not rules and "had not moved" in pending
    assert result["long_ringing"][0]                                   # 0.5 s: on time


def test_averaging_the_first_samples_grades_parts_into_wrong_lanes(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/mean_of_first_five.st"))
    assert any(rules == ("MAT-M09-S3",) for _, rules, _ in result.values())
