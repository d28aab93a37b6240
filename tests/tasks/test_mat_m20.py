"""MAT-M20 Cascaded start-up and run-out: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M20")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_all_belts_at_once_switches_belts_on_into_stopped_ones_everywhere(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/all_at_once.st"))
    assert all(rules == ("MAT-M20-S1",) for _, rules, _ in result.values())


def test_the_blind_schedule_misses_the_quick_start_up_and_runs_on_through_an_overload(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind.st"))
    passed, rules, pending = result["quick_feedbacks"]         # 0.1 s feedbacks: 0.92 s allowed
    assert not passed and not rules and "not all running" in pending
    assert result["overload_b3"][1] == ("MAT-M20-S3",)
    passed, rules, pending = result["stop_mid_start"]           # slow feedbacks: on time, but
    assert not passed and not rules and "run-out takes" in pending   # B3 ran on for B2's fixed step


def test_dropping_the_outputs_for_a_scan_does_not_hide_an_overload_and_restarts_into_stopped_belts(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/token_blind.st"))
    assert all("MAT-M20-S1" in rules for _, rules, _ in result.values())


def test_stopping_a_belt_when_its_end_eye_clears_leaves_the_part_across_the_transfer(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M20-S2.st"))
    assert result["quick_feedbacks"][1] == ("MAT-M20-S2",)
    assert all(not passed for passed, _, _ in result.values())


def test_a_line_kept_running_on_a_long_timer_after_stop_misses_the_run_out(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/runout_all_at_once.st"))
    passed, rules, pending = result["nominal"]
    assert not passed and not rules and "B1 still running 4 s after the Stop" in pending
