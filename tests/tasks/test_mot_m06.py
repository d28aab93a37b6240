"""MOT-M06 Rewinder with diameter feed-forward: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M06")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_the_plant_and_hides_the_conditions(kit):
    text = kit.prompt_states_everything(TASK, hidden=("1.3535", "9200"))
    assert "0.35 s before" in text and "lag of 0.2 s" in text and "D^2 = core^2 + 4 t L / pi" in text


def test_a_pi_loop_without_feed_forward_loses_the_dancer_as_the_line_ramps_up(kit):
    """The catalog's trap: the trim loop, slow behind the dancer's late word, cannot carry the
    whole spindle speed."""
    result = verdicts(kit.graded(TASK, "counterexamples/pi_without_feed_forward.st"))
    for passed, _, pending in result.values():
        assert not passed and "the dancer left its +-10 % band" in pending


def test_a_feed_forward_on_the_core_diameter_loses_the_dancer_as_the_roll_builds(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/diameter_from_power_up.st"))
    assert all(not passed and "the dancer left" in pending for passed, _, pending in result.values())


def test_ramping_faster_than_ordered_trips_s3_alone(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M06-S3.st"))
    assert all(rules == ("MOT-M06-S3",) for _, rules, _ in result.values())
