"""MAT-M15 Robot tool change by part type: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M15")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_leaving_before_unlocked_trips_s2_at_the_first_park(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M15-S2.st"))
    assert all(rules == ("MAT-M15-S2",) for _, rules, _ in result.values())


def test_the_slowest_lock_waited_for_is_late_after_a_quick_lock_and_half_locked_after_a_jam(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_lock_wait.st"))
    passed, rules, pending = result["alternating_wrong_tool_quick_lock"]          # lock 0.1 s
    assert not passed and not rules and "had not set off" in pending
    assert result["first_lock_jams_slow_lock"][1] == ("MAT-M15-S2",)              # the jam not seen


def test_one_tool_for_every_part_picks_the_other_kind_with_the_wrong_tool(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M15-S3.st"))
    assert result["runs_no_tool"][1] == ("MAT-M15-S3",)
