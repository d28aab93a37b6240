"""MOT-M04 Flying cut-to-length: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M04")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_the_rules_and_hides_the_conditions(kit):
    text = kit.prompt_states_everything(TASK, hidden=("0.04 s", "2000 mm at 800"))
    assert "20 counts per mm" in text and "home is 50 mm" in text
    assert "at least 10 mm/s" in text


def test_launching_when_the_cut_point_reaches_the_knife_cuts_long_pieces(kit):
    """The catalog's trap: the carriage only catches the strip v^2/2a behind the cut point."""
    result = verdicts(kit.graded(TASK, "counterexamples/launch_at_cut_point.st"))
    for passed, _, pending in result.values():
        assert not passed and "piece" in pending and "mm long" in pending


def test_a_fixed_knife_wait_is_late_with_all_but_the_slowest_knife(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_knife_wait.st"))
    passed, rules, pending = result["fast_long_pieces"]                  # a 0.04 s stroke
    assert not result["mid_length_speeds_up"][0]                          # 0.06 s
    assert not passed and not rules and "had not risen 15% of its stroke 0.06 s later" in pending
    assert result["short_pieces_slow_knife"][0]                          # 0.15 s: on time


def test_braking_before_the_blade_is_out_of_the_strip_trips_s3_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M04-S3.st"))
    assert all(rules == ("MOT-M04-S3",) for _, rules, _ in result.values())


def test_the_lookup_table_of_knife_strokes_passes_only_the_registered_conditions(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1
    report = kit.graded(TASK, "tuned/lookup_table.st", conditions=TASK.sample(20, seed=1))
    assert len(kit.failed(report)) > len(report.conditions) // 2
