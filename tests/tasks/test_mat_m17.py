"""MAT-M17 Bowl feeder level control: why its cheap programs fail, condition by condition.
The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M17")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_refilling_on_the_raw_level_eye_starts_runs_into_a_bowl_that_is_not_low(kit):
    """The catalog's trap, kept as S3's counterexample."""
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M17-S3.st"))
    assert all(r[:2] == (False, ("MAT-M17-S3",)) for r in result.values())


def test_a_vibrator_on_the_raw_track_eye_chatters(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/raw_eyes.st"))
    assert all(not passed and "at most once in 0.5 s" in pending for passed, _, pending in result.values())


def test_a_fixed_long_refill_overfills_the_bowl_from_a_fast_chute(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M17-S1.st"))
    assert result["low_bowl_fast_chute"][:2] == (False, ("MAT-M17-S1",))
    assert result["slow_chute_dry"][0]            # 3 parts/s for 12 s fits


def test_no_alarm_leaves_the_hopper_empty(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_alarm.st"))
    assert "the alarm not lit" in result["hopper_runs_dry"][2]
    assert result["nominal"][0]                   # the hopper never runs dry there
