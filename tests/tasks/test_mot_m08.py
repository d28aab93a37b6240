"""MOT-M08 Goods lift with landing doors: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M08")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_opening_the_doors_before_the_brake_grips_is_the_trap_and_trips_s2_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M08-S2.st"))
    assert all(rules == ("MOT-M08-S2",) for _, rules, _ in result.values())


def test_a_fixed_brake_wait_misses_the_door_deadline_after_a_quick_brake_grips(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_brake_wait.st"))
    passed, rules, pending = result["quick_doors_fast_car"]          # brake 0.05 s
    assert not passed and not rules
    assert "landing door had not started to open 0.3 s later" in pending
    assert result["between_floors_fault"][0]                          # brake 0.4 s: on time


def test_a_dwell_timed_from_the_open_command_is_late_with_quick_doors_and_fine_with_slow_ones(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_dwell.st"))
    passed, rules, pending = result["quick_doors_fast_car"]           # doors 0.8 s
    assert not passed and not rules and "had not set off closing" in pending
    assert result["between_floors_fault"][0]                          # doors 3 s


def test_a_fixed_overload_wait_is_late_after_a_short_overload(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/overload_fixed_wait.st"))
    passed, rules, pending = result["quick_doors_fast_car"]           # overload 3 s
    assert not passed and not rules and "after an overload ends" in pending
    assert result["between_floors_fault"][0]                          # overload 9 s


def test_travelling_overloaded_trips_s4_only_where_an_overload_comes_before_a_trip(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M08-S4.st"))
    assert result["nominal"][1] == ("MOT-M08-S4",)
    assert result["near_top_short_overload"][:2] == (True, ())   # overload at a 4th opening that never comes
