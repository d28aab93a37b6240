"""MAT-M02 Carton packing by count: why its cheap programs fail, condition by condition (the
reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M02")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_stopping_at_full_speed_when_part_n_drops_lets_part_n_plus_1_coast_in(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M02-S3.st"))
    assert result["long_coast_bunched"][1] == ("MAT-M02-S3",)        # 110 mm coast, 25-60 mm gaps
    assert result["slow_fall_sparse"][1] == ()                         # 15 mm coast: no extra part


def test_creeping_the_whole_time_is_judged_slow(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/always_slow.st"))
    assert all(not passed and not rules and "ran slow" in pending
               for passed, rules, pending in result.values())


def test_slowing_after_the_last_but_one_part_without_tracking_is_slow_where_part_n_is_far_behind(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/slow_after_last_but_one.st"))
    passed, rules, pending = result["slow_fall_sparse"]                # wide gaps
    assert not passed and not rules and "had not yet passed the count eye" in pending


def test_a_fixed_fall_wait_sends_the_carton_on_late_after_a_quick_fall(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_fall_wait.st"))
    passed, rules, pending = result["long_coast_bunched"]              # 0.16 s fall
    assert not passed and not rules and "had not moved on 20 mm 0.5 s later" in pending
    assert result["slow_fall_sparse"][0]                               # 0.58 s fall: on time


def test_a_fixed_wait_for_the_next_carton_starts_the_belt_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_carton_wait.st"))
    assert all(not passed and not rules and "product belt had not carried" in pending
               for passed, rules, pending in result.values())


def test_indexing_on_the_drop_moves_the_carton_under_the_falling_part_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M02-S2.st"))
    assert all(rules == ("MAT-M02-S2",) for _, rules, _ in result.values())
