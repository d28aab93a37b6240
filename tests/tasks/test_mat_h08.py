"""MAT-H08 Shared weigh hopper for two mixers: why its cheap programs fail, condition by condition
(the reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H08")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_catalogs_trap_weighing_ahead_for_a_busy_mixer_trips_s4(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H08-S4.st"))
    assert result["late_order_2"][1] == ("MAT-H08-S4",)
    assert result["nominal"][0]                       # no mixer busy when the hopper is free there


def test_strict_turns_starve_the_waiting_mixer_by_the_serve_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/strict_alternation.st"))
    passed, rules, why = result["late_order_2"]
    assert not passed and not rules and "mixer 1 was empty and waiting" in why
    assert result["nominal"][0]


def test_the_dosing_window_is_two_sided(kit):
    coarse = verdicts(kit.graded(TASK, "counterexamples/coarse_only.st"))
    fine = verdicts(kit.graded(TASK, "counterexamples/fine_only.st"))
    assert all(not p and not r and "had been given" in why for p, r, why in coarse.values())
    assert all(not p and not r and "the dose begun at" in why for p, r, why in fine.values())


def test_the_blind_written_program_misses_the_batch_left_in_the_hopper(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["packer_1_busy"][1] == ("MAT-H08-S1",)
    assert result["nominal"][0] and result["late_order_2"][0]


def test_the_program_written_from_the_prompt_lets_a_mixed_batch_wait_for_its_ready_packer(kit):
    # written blind from the prompt (2026-12-03): it passes four conditions; at busy_mid_discharge
    # mixer 1 holds a mixed batch with its packer ready and does not discharge within the stated 1.5 s
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, why = result["busy_mid_discharge"]
    assert not passed and not rules and "had not discharged 20 g 1.5 s later" in why
    assert all(ok for name, (ok, _, _) in result.items() if name != "busy_mid_discharge")
