"""MAT-H07 Line speed cascade with buffers: why its cheap programs fail, condition by condition.
The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import tasks
from tasks.mat_h07.task import RESTART_S, UNITS, _FillerStands

TASK = tasks.get("MAT-H07")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_the_blind_written_program_misreads_a_part_full_b2(kit):
    """It guesses a buffer above its high eye at 6 units: with B2 at 20-25 units it parks the
    labeller with B2 high, or lets B2 fill through the labeller's jams so that the capper waits at
    B2's full eye and the filler at B1's long after the jam."""
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["b2_part_full_labeller_jams"] == (False, ("MAT-H07-S2",))
    assert result["b2_nearly_full_capper_jams"] == (False, ("MAT-H07-S5",))
    assert result["nominal"] == (True, ())


def test_fixed_speeds_overflow_or_run_dry(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind.st"))
    assert result["fast_small_buffers"] == (False, ("MAT-H07-S1",))
    assert result["nominal"] == (False, ("MAT-H07-S4",))


def test_the_reference_labels_every_unit_and_stops(kit):
    assert kit.graded(TASK, "reference.st").reward == 1


@pytest.mark.parametrize("program", ["follow_filler_ramped_stops.st", "creep_at_the_eyes.st"])
def test_followers_of_the_filler_park_b1_at_its_full_eye(kit, program):
    """Review a3's t5 and t4 run the capper at the filler's speed, never faster: B1 drifts to its
    full eye (the filler's rate factor above the capper's, or a jam) and stays there, the filler
    toggling on it in stands of 0.1-0.2 s with no jam downstream."""
    result = verdicts(kit.graded(TASK, f"counterexamples/{program}", stop_at_violation=True))
    for name in ("nominal", "fast_small_buffers", "b2_part_full_labeller_jams"):
        assert result[name] == (False, ("MAT-H07-S2",)), name


def _filler_state(ms, running, jammed=False):
    d = SimpleNamespace(labelled=lambda: UNITS - 1, filler=SimpleNamespace(running=running),
                        capper=SimpleNamespace(jammed=jammed), labeller=SimpleNamespace(jammed=False))
    return SimpleNamespace(devices=d, time_ms=ms)


def test_the_filler_may_stand_only_while_the_line_restarts():
    """S2 excuses the first RESTART_S after power-up and each jam with RESTART_S after it, and
    nothing else: a stand of one scan outside them is a violation."""
    restart = round(RESTART_S * 1000)
    rule = _FillerStands()
    assert rule.check(_filler_state(restart - 10, running=False)) is None
    assert rule.check(_filler_state(restart, running=False))
    rule = _FillerStands()
    assert rule.check(_filler_state(20_000, running=True, jammed=True)) is None
    assert rule.check(_filler_state(20_000 + restart - 10, running=False)) is None
    assert rule.check(_filler_state(20_000 + restart, running=False))
    assert rule.check(_filler_state(20_000 + restart + 10, running=True)) is None


# A corner hunt (2026-12-04) found a condition the sampler can draw that the reference and
# second_correct failed (S2 at 6.5 s: B1 reached its full eye while the capper ramped up, and the
# filler stood) and both programs written blind passed: a fast filler (x1.06) over a slow capper
# (x0.94) with B1 one unit under its full eye and a small B2 (8). Both now let the filler wait
# in the first 5 s while B1's high eye is on.
def test_the_reference_keeps_the_filler_running_with_b1_near_full_over_a_slow_capper(kit):
    from sim.task import Condition
    corner = Condition("b1_near_full_slow_capper", 709, {
        "filler_ppm": 60, "b1_capacity": 30, "b2_capacity": 8, "b1_start": 27, "b2_start": 0,
        "filler_rate": 1.06, "capper_rate": 0.94, "labeller_rate": 1.051, "capper_jam_at": [],
        "capper_jam_s": [], "labeller_jam_at": [], "labeller_jam_s": []}, "hunt corner")
    for program in ("reference.st", "correct/second_correct.st"):
        c = kit.grade_st(TASK, program, conditions=[corner]).conditions[0]
        assert c.passed and not c.violated_rules, (program, c.violated_rules, c.pending)
