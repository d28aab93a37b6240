"""MAT-H09 One print-and-apply unit for two lanes: why its cheap programs fail, condition by
condition. The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H09")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_one_fifo_for_both_lanes_fails_where_bursts_meet(kit):
    """The catalog's trap: labelled in latch order, the arm is over the wrong lane when a burst
    on one lane meets the other's cartons."""
    result = verdicts(kit.graded(TASK, "counterexamples/one_fifo.st"))
    assert result["slow_swing_bursts"][0] is False
    assert result["side_by_side"] == (True, ())


def test_the_blind_written_program_lets_a_slowed_carton_run_past(kit):
    report = kit.graded(TASK, "counterexamples/blind_written.st")
    result = verdicts(report)
    assert result["fast_lane_overtakes"] == (False, ())
    assert result["side_by_side"] == (True, ())
    failed = {c.name: c.pending for c in report.conditions if not c.passed}
    assert "ran past the applicator unlabelled" in failed["fast_lane_overtakes"]


def test_a_blind_timed_wait_misses_cartons_of_the_other_lane(kit):
    report = kit.graded(TASK, "counterexamples/token_blind.st")
    assert not any(c.passed for c in report.conditions)
    assert all("ran past the applicator unlabelled" in c.pending or "landed" in c.pending
               for c in report.conditions)
