"""MAT-E11 Swing-arm diverter by colour: why each cheap program fails, and where; conditions and
sampler."""

from __future__ import annotations

import random

import pytest

import tasks

TASK = tasks.get("MAT-E11")


def results(report):
    return {c.name: c for c in report.conditions}


def test_the_conditions_span_swing_times_gaps_and_start_states():
    params = [c.params for c in TASK.conditions]
    assert min(p["swing_s"] for p in params) <= 0.2 and max(p["swing_s"] for p in params) >= 0.8
    assert min(min(p["gaps_mm"]) for p in params) == 20 and max(max(p["gaps_mm"]) for p in params) >= 400
    assert sum(bool(p.get("part_in_sweep")) for p in params) >= 2
    assert sum(bool(p.get("arm_at_end")) for p in params) >= 2
    for p in params:
        assert len(p["colours"]) == 10 and len(p["gaps_mm"]) == 9 - bool(p.get("part_in_sweep"))


def test_a_part_in_the_sweep_at_power_up_suits_the_arm_in_every_draw():
    rng = random.Random(4)
    draws = [TASK.sampler(rng)["params"] for _ in range(200)]
    assert sum(bool(d.get("part_in_sweep")) for d in draws) > 25
    assert sum(g <= 60 for d in draws for g in d["gaps_mm"]) > 300
    for d in draws:
        if d.get("part_in_sweep"):
            assert (d["colours"][0] in ("red", "yellow")) == bool(d.get("arm_at_end"))


def test_the_grid_reports_the_power_up_part_on_the_first_scan():
    plant = TASK.build_plant(TASK.condition("part_in_sweep"))
    assert plant["diverter"].read("sweep_occupied") and plant["diverter"].read("at_end")
    assert not TASK.build_plant(TASK.condition("nominal"))["diverter"].read("sweep_occupied")


@pytest.mark.parametrize("program, fails_in, rules", [
    ("swing_on_colour.st", "short_gaps_slow_arm", None),
    ("stop_every_part.st", "quick_arm_long_gaps", []),
    ("fixed_swing_time.st", "quick_arm_long_gaps", []),
    ("last_colour_only.st", "short_gaps_slow_arm", ["MAT-E11-S2"]),
    ("ignores_power_up_arm.st", "part_in_sweep", None),
])
def test_each_cheap_program_fails_where_its_shortcut_shows(kit, program, fails_in, rules):
    report = kit.graded(TASK, f"counterexamples/{program}")
    kit.no_faults(report)
    assert report.reward == 0
    c = results(report)[fails_in]
    assert not c.passed, kit.why(report)
    if rules is not None:
        assert c.violated_rules == rules, kit.why(report)


def test_waiting_at_the_handover_longer_than_needed_is_late(kit):
    c = results(kit.graded(TASK, "counterexamples/stop_every_part.st"))["quick_arm_long_gaps"]
    assert "the arm stood set for the next part" in c.pending, c.pending


def test_swinging_home_over_the_power_up_part_trips_S1(kit):
    c = results(kit.graded(TASK, "counterexamples/ignores_power_up_arm.st"))["part_in_sweep"]
    assert "MAT-E11-S1" in c.violated_rules


def test_the_prompt_states_every_rule_and_the_lane_colours(kit):
    text = kit.prompt_states_everything(TASK)
    assert "red (code 1) and yellow (code 4)" in text and "sweep_occupied TRUE on the first scan" in text
