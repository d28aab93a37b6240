"""MOT-M01 Gantry homing sequence: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py (these tests read the
reports it grades, through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M01")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_homing_all_three_at_once_moves_x_and_y_with_z_unreferenced(kit):
    # the catalog's trap: every condition trips S1 and nothing else
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M01-S1.st"))
    assert all(rules == ("MOT-M01-S1",) for _, rules, _ in result.values())


def test_searching_off_a_limit_toward_it_trips_s2_only_where_y_starts_on_its_limit(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M01-S2.st"))
    assert result["y_on_limit"][1] == ("MOT-M01-S2",)
    assert all(passed for name, (passed, _, _) in result.items() if name != "y_on_limit")


def test_a_fixed_wait_for_z_is_late_where_z_homes_quickly(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_z_wait.st"))
    passed, rules, pending = result["z_nearly_up_stiff"]
    assert not passed and not rules and "X had not set off 0.5 mm on its search" in pending


def test_homing_y_after_x_is_late_for_y(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/x_then_y.st"))
    passed, rules, pending = result["y_on_limit"]
    assert not passed and not rules and "Y had not set off" in pending


def test_a_reference_latched_at_search_speed_misses_the_tolerance(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/latch_at_search_speed.st"))
    passed, rules, pending = result["nominal"]
    assert not passed and not rules and "X referenced within 0.3 mm" in pending
