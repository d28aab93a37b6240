"""MAT-M11 RFID-driven carrier processing: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M11")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_releasing_on_the_write_command_trips_s3_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M11-S3.st"))
    assert all(rules == ("MAT-M11-S3",) for _, rules, _ in result.values())


def test_no_retry_lets_a_carrier_go_after_one_failed_read(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_retry.st"))
    assert result["nominal"][1] == ("MAT-M11-S3",)             # carrier0 fails one read, then reads


def test_endless_retry_holds_an_unreadable_carrier_past_its_release(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/endless_retry.st"))   # shared with the battery
    passed, rules, pending = result["queued_unreadable"]
    assert not passed and not rules and "cleared to go" in pending


def test_a_fixed_press_time_over_presses_short_recipes(kit):
    passed, rules, pending = verdicts(kit.graded(TASK, "counterexamples/fixed_dwell.st"))["nominal"]
    assert not passed and not rules and "stayed" in pending and "at the bottom" in pending
