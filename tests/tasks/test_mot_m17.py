"""MOT-M17 Surface-grinder reciprocation: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M17")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_feeding_in_and_reversing_at_once_moves_the_wheel_between_the_dogs_on_a_slow_table(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/feed_and_go.st"))
    assert result["slow_table_big_infeed"][1] == ("MOT-M17-S1",)      # 50 mm/s, quick brake, 25 um
    assert result["nominal"][0]                                          # 150 mm/s: time enough


def test_an_infeed_on_a_timer_misses_the_reversals(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/token_blind.st"))
    for passed, _, pending in result.values():
        assert not passed and "no infeed at that reversal" in pending


def test_running_right_from_the_right_dog_at_power_up_hits_the_hard_stop(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M17-S2.st"))
    assert result["fast_on_right_dog"][1] == ("MOT-M17-S2",)
    assert result["nominal"][0]                                          # mid-stroke: no harm


def test_a_blind_schedule_is_late_at_the_dogs(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind.st"))
    assert not any(passed for passed, _, _ in result.values())
    assert "fwd was still on 0.1 s later" in result["nominal"][2]
