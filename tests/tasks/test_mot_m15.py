"""MOT-M15 Bending with springback compensation: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M15")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_forgetting_the_springback_between_parts_bends_every_part_right_but_too_often(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_carry_over.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "strokes (the batch may take at most 9)" in pending


def test_learning_the_springback_once_over_bends_when_it_drifts_down(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/learn_once.st"))
    passed, rules, pending = result["springback_drifting_down"]
    assert not passed and not rules and "over-bent" in pending
    assert not result["thick_sheet_springback_rising"][0]


def test_bending_to_the_target_never_gets_a_part_in_tolerance(kit):
    report = kit.graded(TASK, "counterexamples/bend_to_target.st")
    assert all(not c.passed and not c.violated_rules for c in report.conditions)
    assert report.reward == 0


def test_ignoring_the_curtain_mid_stroke_trips_s2_exactly_where_the_operator_reaches_in(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M15-S2.st"))
    reaching_in = {c.name for c in TASK.conditions if c.params["intrusion_part"]}
    assert {name for name, (_, rules, _) in result.items() if rules == ("MOT-M15-S2",)} == reaching_in
    assert all(result[name][0] for name in result if name not in reaching_in)


def test_waiting_a_fixed_second_after_the_curtain_clears_is_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/wait_after_curtain.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "had not closed 2 mm on it 0.5 s later" in pending
