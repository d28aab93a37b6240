"""MOT-H05 Tandem press line with crank windows: why its blind-written program and cheap programs
fail, condition by condition (from the battery's graded results). The reference, idle, blind and
rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H05")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_conditions_vary_faults_start_states_and_late_blanks():
    conds = {c.name: c.params for c in TASK.conditions}
    assert conds["p2_fault"]["fault_s"] and all(not p["fault_s"] for n, p in conds.items() if n != "p2_fault")
    assert conds["loaded_at_power_up"]["preload_1"] and conds["loaded_at_power_up"]["preload_2"] == 2
    assert max(conds["late_blanks"]["gaps"]) >= 8.0
    assert {p["spm_1"] for p in conds.values()} != {p["spm_2"] for p in conds.values()}


def test_the_blind_written_program_deadlocks_with_the_transfer_standing_in_a_die(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(passed for passed, _, _ in result.values())


def test_a_p2_fault_that_stops_p1_mid_stroke_trips_s3(kit):
    passed, rules, _ = verdicts(kit.graded(TASK, "counterexamples/MOT-H05-S3.st"))["p2_fault"]
    assert not passed and rules == ("MOT-H05-S3",)


def test_taking_a_blank_into_full_dies_is_a_deadlock_that_fails_by_s4(kit):
    passed, rules, _ = verdicts(kit.graded(TASK, "counterexamples/MOT-H05-S4.st"))["nominal"]
    assert not passed and rules == ("MOT-H05-S4",)


def test_a_fixed_clutch_off_angle_leaves_a_press_off_tdc(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_clutch_off.st"))
    assert not all(passed for passed, _, _ in result.values())
    assert any("presses at rest at TDC" in pending for passed, _, pending in result.values() if not passed)
