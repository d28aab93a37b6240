"""MAT-H11 AGV pair with blocks and a charger: why its cheap programs fail, condition by condition
(the reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H11")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_blind_written_program_drives_into_an_occupied_block(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(p for p, _, _ in result.values())
    assert all(rules == ("MAT-H11-S1",) for _, rules, _ in result.values())


def test_a_program_that_never_charges_runs_a_battery_down(kit):
    report = kit.graded(TASK, "counterexamples/MAT-H11-S2.st")
    low = [c for c in report.conditions if not c.passed]
    assert low and all(c.violated_rules == ["MAT-H11-S2"] and "battery is down" in c.pending for c in low)
    assert all(c.end_reason != "time limit" for c in low)  # the first breach ends the run


def test_charging_to_full_makes_a_job_late_and_ends_the_run_there(kit):
    report = kit.graded(TASK, "counterexamples/MAT-H11-S4.st")
    late = [c for c in report.conditions if not c.passed]
    assert late and all(
        c.violated_rules == ["MAT-H11-S4"] and "not delivered within 50 s" in c.pending for c in late
    )
    assert all(c.end_reason != "time limit" for c in late)
