"""MAT-M13 Stacker-crane put-away and retrieval: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M13")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_trusting_the_hosts_list_runs_a_load_into_the_unlisted_one_and_only_there(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M13-S3.st"))
    assert result["listed_right"][0]                                       # the list is right there
    assert result["false_empty_first_slot"][1] == ("MAT-M13-S3",)


def test_a_fork_timed_with_its_slowest_stroke_is_late_to_lift_when_the_fork_is_quick(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_fork_wait.st"))
    passed, rules, pending = result["false_empty_first_slot"]              # fork 1 s
    assert not passed and not rules and "Z had not moved 5 mm" in pending


def test_an_inventory_without_load_ids_sends_out_the_wrong_load(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_load_ids.st"))
    passed, rules, pending = result["listed_right"]                        # 101 asked, 102 stored last
    assert not passed and not rules and "retrieve load 101" in pending and "in slot" in pending


def test_leaving_before_the_fork_is_in_trips_s1_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M13-S1.st"))
    assert all(rules == ("MAT-M13-S1",) for _, rules, _ in result.values())
