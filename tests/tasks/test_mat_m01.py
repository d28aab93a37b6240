"""MAT-M01 Zipper merge of two lines: why its cheap programs fail, condition by condition.
The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M01")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_strict_alternation_leaves_a_part_waiting_on_a_dry_lane(kit):
    """The catalog's trap: where one lane dries up, the other's part is not let go."""
    result = verdicts(kit.graded(TASK, "counterexamples/strict_alternation.st"))
    assert result["b_dry_spell"][:2] == (False, ())
    assert "no part had entered the zone" in result["b_dry_spell"][2]
    assert result["bursty_both"][0]          # both lanes always full: alternation is right there


def test_a_settling_wait_after_a_full_spell_keeps_a_part_waiting_too_long(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M01-S3.st"))
    assert result["a_late_bursts"][:2] == (False, ("MAT-M01-S3",))     # a 5 s spell + 6 s
    assert result["b_dry_spell"][0]                                     # a 3 s spell: 9 s, in time


def test_a_lane_that_always_goes_first_breaks_the_zipper_order(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/prefer_lane_a.st"))
    assert all(not passed and "sent a second part in a row" in pending
               for passed, _, pending in result.values())


def test_parts_let_go_or_carried_on_while_the_machine_is_full_run_into_it(kit):
    for program in ("counterexamples/ignores_downstream.st", "counterexamples/no_belt_stop.st"):
        result = verdicts(kit.graded(TASK, program))
        assert all(not passed and not rules and "ran into the downstream machine while it was busy" in pending
                   for passed, rules, pending in result.values())


def test_closing_on_the_waiting_eye_moves_the_stopper_onto_the_tail(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M01-S2.st"))
    assert all(rules == ("MAT-M01-S2",) for _, rules, _ in result.values())
