"""MOT-M13 Stack lift at pick height: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M13")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_a_fixed_raise_per_pick_overshoots_thin_sheets_and_misses_thick_ones(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_raise.st"))
    assert result["thin_sheets_fast_picker"][1] == ("MOT-M13-S1",)          # 2 mm sheets, 5 mm raise
    passed, rules, pending = result["thick_sheets_slow_brake"]             # 8 mm sheets
    assert not passed and not rules and "missed" in pending


def test_a_fixed_brake_wait_misses_the_ready_deadline_after_a_quick_brake_grips(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_brake_wait.st"))
    passed, rules, pending = result["thin_sheets_fast_picker"]             # brake 0.05 s
    assert not passed and not rules and "head had not set off down 0.3 s later" in pending
    assert result["thick_sheets_slow_brake"][0]                            # brake 0.4 s: on time


def test_ready_before_the_brake_grips_trips_s4_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M13-S4.st"))
    assert all(rules == ("MOT-M13-S4",) for _, rules, _ in result.values())
