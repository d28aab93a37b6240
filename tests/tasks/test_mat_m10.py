"""MAT-M10 Two-part assembly station: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M10")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_no_retry_marks_a_carrier_nok_that_a_second_press_would_have_seated(kit):
    passed, rules, pending = verdicts(kit.graded(TASK, "counterexamples/no_retry.st"))["nominal"]
    assert not passed and not rules and "carrier1" in pending and "would have seated" in pending


def test_endless_retry_holds_the_bad_hole_past_its_release(kit):
    passed, rules, pending = verdicts(kit.graded(TASK, "counterexamples/endless_retry.st"))["nominal"]
    assert not passed and not rules and "cleared to go" in pending


def test_without_the_alarm_the_operator_never_refills(kit):
    passed, rules, pending = verdicts(kit.graded(TASK, "counterexamples/no_alarm.st"))["empty_at_start"]
    assert not passed and not rules and "Magazine empty lamp off" in pending


def test_the_token_blind_schedule_lets_a_bad_hole_go_without_nok(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/token_blind.st"))
    assert any("NOK was off" in pending or "cleared to go" in pending for _, _, pending in result.values())
