"""MAT-H11 AGV pair with blocks and a charger: why its cheap programs fail, condition by condition
(the reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import tasks
from sim.task import Condition
from tasks.mat_h11.task import CHARGER_MM, DEFAULTS, Cell, _one_per_block, build_plant

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


def test_an_agv_standing_exactly_on_the_merge_point_is_not_in_block_1():
    # the prompt: the siding merges into the loop at 0 mm (the start of block 1) and a front standing
    # exactly on a block's start is not in that block yet; an AGV stops exactly on its target. So an
    # AGV sent from the charger to 0 is wholly on the siding there, beside the other AGV in block 1;
    # one step on, its front is in block 1 and the two share it (the blind program's steady breach).
    params = {**DEFAULTS, **TASK.condition("steady").params}
    params.update(start_1_mm=CHARGER_MM, siding_1=1, start_2_mm=700.0, fault_2_s=0.0)
    plant = build_plant(Condition("merge", 1, params))
    cell = Cell(plant)
    state = SimpleNamespace(devices=cell)
    loop, (a, _b) = cell.loop, cell.agvs
    loop.write("agv1_target", 0)
    loop.write("agv1_go", True)
    for _ in range(300):
        plant.step()
        assert _one_per_block(state) is None
    assert a.pos == 0.0 and a.vel == 0.0 and loop.blocks == [{7}, {1}]
    assert loop.read("agv1_position") == 0 and loop.read("agv1_arrived") and loop.read("agv1_on_siding")
    loop.write("agv1_target", 1000)
    plant.step()
    assert _one_per_block(state) == "AGV 1 and AGV 2 both in block 1"


def test_the_program_written_from_the_prompt_parks_a_low_agv_instead_of_sending_it_to_charge(kit):
    # written blind from the prompt (2026-12-04): it passes the other five conditions; AGV 1 at
    # 21 % a lap from the charger never moves, and AGV 2 alone cannot deliver all nine in time
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["low_agv_just_past_the_charger"]
    assert not passed and not rules and "(8 so far)" in pending
    assert all(ok for name, (ok, _, _) in result.items() if name != "low_agv_just_past_the_charger")


# A defect hunt (2026-12-04, the most extreme of 3000 sampler draws toward slow AGVs, high drain,
# a slow charger and low batteries) found three reference weaknesses; second_correct passed all.

def test_an_agv_sent_to_charge_from_past_the_diverge_goes_round_to_it_not_past_it(kit):
    # AGV 1 charging on the siding, AGV 2 at 5596 mm (past the diverge) at 24 %: the reference
    # planned AGV 2 toward the charger itself (a lap), could not shorten that target, passed the
    # diverge and went round again: AGV 2 ran down to 10 % (S2)
    cond = TASK.sample(2781, 1)[2780]
    assert cond.params["start_2_mm"] == 5596.0 and cond.params["siding_1"] == 1
    c = kit.grade_st(TASK, "reference.st", conditions=[cond]).conditions[0]
    assert c.passed, (c.violated_rules, c.pending)


def test_an_agv_whose_position_word_wrapped_is_still_in_block_6(kit):
    # AGV 1 bound for the charger with its front just past 0 mm (the word wraps) and its back
    # still in block 6: the reference took it for one on the siding, freed block 6 and let AGV 2
    # in (S1 at 0.88 s)
    cond = TASK.sample(2164, 2)[2163]
    assert cond.params["start_1_mm"] == 5522.0 and cond.params["start_2_mm"] == 4950.0
    c = kit.grade_st(TASK, "reference.st", conditions=[cond]).conditions[0]
    assert c.passed, (c.violated_rules, c.pending)


# The third: planned at 3 %/m against real drains of 1.84-1.88 %/m, the reference keeps sending
# both AGVs to the charger and delivers 8 of 9 by 120 s (124.5 s with a longer limit);
# second_correct is done at 116.1 s. Left (the drain could be measured); strict: red once fixed.
@pytest.mark.xfail(strict=True, raises=AssertionError, reason="reference weakness: charges too often")
def test_the_reference_does_not_charge_so_often_that_a_tight_draw_runs_out_of_time(kit):
    cond = TASK.sample(611, 1)[610]
    assert cond.params["start_2_mm"] == 619.0 and cond.params["battery_2"] == 25.0
    c = kit.grade_st(TASK, "reference.st", conditions=[cond]).conditions[0]
    assert c.passed, c.pending
