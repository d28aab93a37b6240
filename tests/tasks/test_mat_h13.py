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


# A corner hunt (2026-12-04) found a top-up at 26 s (the operator asked while the carriage is on
# its way to the full stack) that the reference missed: its 3 s window only restocked the infeed
# shelf and the machine stood empty at about 50 s. It now times its empty-stack fetches and starts
# one more (a spare on the carriage) while it still leaves the side by 6.5 s after the request.
def _hunt_corner(name, seed, **params):
    """A corner of the hunt's: the fastest drive, the slowest operator, a full empty stack."""
    from sim.task import Condition
    return Condition(name, seed, {
        "max_speed": 1500.0, "accel": 5000.0, "finger_s": 0.2, "brake_s": 0.2, "torque_s": 0.15,
        "empty0": 12, "refill1": 4, "refill2": 4, "refill3": 4, "topup_count": 4, "call_s": 3.0,
        "walk_s": 3.0, "change_s": 12.0, "fault_at_start": 0, **params}, "hunt corner")


def test_the_reference_keeps_the_machine_fed_through_a_top_up_asked_on_the_way_to_the_full_stack(kit):
    corner = _hunt_corner("top_up_at_26_s", 1404, start_mm=0.0, carried=0, cycle_s=9.0, inside_s=1.0,
                          infeed0=0, outfeed0=0, full0=0, topup_at_s=26.0)
    report = kit.grade_st(TASK, "reference.st", conditions=[corner])
    assert report.conditions[0].passed, report.conditions[0].pending


def test_second_correct_sets_no_13th_tray_on_a_full_stack(kit):
    # a corner hunt (2026-12-04): 11 on the full stack, a filled tray on the fingers and one on
    # the outfeed shelf at power-up: the carried one makes 12, and second_correct took the
    # outfeed's tray down onto it before the operator had asked (S1 at the 13th carrying level)
    corner = _hunt_corner("full_stack_11_two_filled", 1402, start_mm=300.0, carried=2, cycle_s=18.0,
                          inside_s=0.5, infeed0=1, outfeed0=1, full0=11, topup_at_s=0.0)
    for program in ("correct/second_correct.st", "reference.st"):
        c = kit.grade_st(TASK, program, conditions=[corner]).conditions[0]
        assert c.passed and not c.violated_rules, (program, c.violated_rules, c.pending)


# sampled_11_56 (seed 11's 56th draw): the empty stack is changed at 73-88 s and the top-up due
# at 78.2 s is asked a second after that change. The stack's height is unknown after a change, so
# the reference lights the empty side's lamp at once, a filled tray aboard and nothing on the
# infeed shelf; it used to wait at the full stack and the machine stood empty 3.1 s at 103 s. An
# idle lift that needs an empty now waits at the empty side's edge. (second_correct still fails
# it: 195 of 200 at seed 11, machine standing empty after a top-up.)
def test_the_reference_stocks_the_infeed_for_a_top_up_asked_just_after_an_empty_stack_change(kit):
    cond = TASK.sample(56, 11)[55]
    assert cond.name == "sampled_11_56" and cond.params["topup_at_s"] == 78.2
    c = kit.grade_st(TASK, "reference.st", conditions=[cond]).conditions[0]
    assert c.passed, c.pending
