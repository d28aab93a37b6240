"""MAT-M14 Orientation by vision before placing: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M14")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_no_wrap_handling_winds_the_cable_past_its_limit_with_angles_across_zero(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M14-S4.st"))
    assert result["angles_across_zero"][1] == ("MAT-M14-S4",)


def test_the_short_way_alone_winds_a_wound_up_wrist_further_and_passes_where_it_is_not(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/shortest_way_always.st"))
    assert result["wound_up_positive"][1] == ("MAT-M14-S4",)
    assert result["angles_across_zero"][0]


def test_rejecting_after_one_failed_read_sends_a_readable_part_to_the_chute(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_retry.st"))
    passed, rules, pending = result["wound_up_positive"]                  # part 2 fails its first read
    assert not passed and not rules and "part 2 went into the reject chute" in pending
