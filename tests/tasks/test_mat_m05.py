"""MAT-M05 Depalletizing with stack-height search: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M05")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_tops_from_a_nominal_deck_drive_fast_into_the_cartons(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/nominal_deck.st"))
    assert result["tall_stack_partial_top"][1] == ("MAT-M05-S1",)          # a 158 mm deck
    assert "MAT-M05-S5" in result["low_stack_quick_drives"][1]            # a 122 mm deck
    assert result["three_layers_gap_first"][0]                            # the nominal 140 mm deck


def test_creeping_down_from_the_clear_height_every_time_misses_the_pace(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/creep_everywhere.st"))
    passed, rules, pending = result["low_stack_quick_drives"]
    assert not passed and not rules and "within 25 s after carton 1" in pending


def test_a_fixed_vacuum_wait_for_the_leaky_carton_lifts_late_off_a_good_one(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_vacuum_wait.st"))
    passed, rules, pending = result["two_tall_layers_slow_belt"]           # vacuum in 0.15 s
    assert not passed and not rules and "had not risen 10 mm 0.5 s later" in pending


def test_ignoring_the_place_eye_sets_a_carton_onto_the_one_left_there_at_power_up(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M05-S4.st"))
    assert result["low_stack_quick_drives"][1] == ("MAT-M05-S4",)
    assert result["tall_stack_partial_top"][0]                            # nothing lying there
