"""MAT-H13 Stacker and destacker on one lift: why its cheap programs fail, condition by condition
(the reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H13")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_catalogs_trap_destacking_only_on_request_starves_the_machine(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/destack_on_request.st"))
    passed, rules, why = result["nominal"]
    assert not passed and not rules and "stood empty, waiting for an empty tray" in why


def test_the_blind_written_program_does_not_hold_a_filled_tray_through_a_full_stack_change(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    passed, rules, why = result["full_stack_full_at_power_up"]
    assert not passed and not rules and "held a filled tray for more than 6 s" in why
    assert result["nominal"][0]
    passed, rules, why = result["top_up_mid_run"]                # an empty-stack change not stocked for
    assert not passed and not rules and "stood empty" in why


def test_lighting_the_lamp_with_the_lift_in_the_side_trips_s2(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H13-S2.st"))
    assert result["full_stack_full_at_power_up"][1] == ("MAT-H13-S2",)


def test_the_program_written_from_the_prompt_shuts_the_empty_side_with_no_spare_on_the_carriage(kit):
    # written blind from the prompt (2026-12-04): it passes the other five conditions; with the
    # empty stack low, no spare aboard and the slowest operator it lets the machine stand empty
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    name = "empty_stack_low_no_spare_slow_operator"
    passed, rules = result[name][:2]
    assert not passed and not rules
    assert all(v[0] for n, v in result.items() if n != name)
