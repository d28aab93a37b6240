"""MAT-M19 Pick-to-light error proofing: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M19")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_counting_any_reach_as_the_pick_keeps_error_dark_on_a_wrong_reach(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/any_reach.st"))
    assert "MAT-M19-S2" in result["wrong_reaches"][1]
    assert "MAT-M19-S2" in result["double_reaches"][1]
    assert result["nominal"][0]                      # with no slips counting reaches is enough


def test_releasing_on_any_confirm_lets_an_incomplete_tray_go_only_where_confirm_is_pressed_early(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M19-S1.st"))
    assert result["stray_confirm"][1] == ("MAT-M19-S1",)
    assert result["nominal"][0]


def test_the_lookup_table_passes_only_the_registered_recipe_sequences(kit):
    report = kit.graded(TASK, "tuned/lookup_table.st")
    assert report.reward == 1
