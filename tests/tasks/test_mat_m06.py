"""MAT-M06 Barcode-tracked sorting with a FIFO: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py (these tests
read the same graded reports)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M06")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_tracking_by_time_at_the_power_up_speed_misplaces_items_once_the_line_changes_speed(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/time_based_tracking.st"))
    assert not any(passed for passed, _, _ in result.values())
    # where the arms work for items the clock has misplaced: they swing over items or for the
    # wrong one
    assert "MAT-M06-S2" in result["nominal"][1]
    assert "MAT-M06-S1" in result["tight_gaps"][1]


def test_taking_the_belt_for_empty_at_power_up_swings_an_arm_for_an_untracked_item(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/ignores_untracked.st"))
    passed, rules, pending = result["untracked_arms_out"]
    assert not passed and rules[0] == "MAT-M06-S1" and "untracked item" in pending
    assert result["nominal"][0]                 # no untracked items there: it sorts like the reference


def test_a_lane_full_signal_ignored_sends_items_into_the_full_lane_and_trips_only_s3(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M06-S3.st"))
    assert result["lane_full"][1] == ("MAT-M06-S3",)
    # the reference sends them to reject there, and the completion accepts it
    assert kit.graded(TASK, "reference.st").conditions[3].passed


def test_the_lookup_table_plays_back_every_registered_condition(kit):
    # it is a real table of them (so that its failing the sampled ones means something)
    kit.passes(kit.graded(TASK, "tuned/lookup_table.st"))
