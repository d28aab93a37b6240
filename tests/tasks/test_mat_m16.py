"""MAT-M16 Recipe batching by weight: why its cheap programs fail, condition by condition (the
reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M16")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_fixed_targets_leave_every_batch_out_of_ratio(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_targets.st"))
    passed, rules, pending = result["a_far_over_gate_open"]            # A lands about 35% over
    assert not passed and not rules and "ratio wants" in pending
    assert all(not p and not r for p, r, _ in result.values())


def test_coarse_only_dosing_lands_b_and_c_off_the_ratio(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/coarse_only.st"))
    assert all(not p and not r and "ratio wants" in why for p, r, why in result.values())


def test_timing_the_mix_through_the_agitators_run_up_discharges_early(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M16-S3.st"))
    assert result["a_far_over_gate_open"][1] == ("MAT-M16-S3",)          # 1.2 s run-up


def test_a_batch_left_in_the_mixer_at_power_up_must_go_out_before_the_gate_opens(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M16-S2.st"))
    assert result["slow_small"][1] == ("MAT-M16-S2",)
    assert result["nominal"][0]                                         # nothing left there
