"""MAT-E05 Metal/plastic separation: why each cheap program fails, and where; the plant's traps.

The ST programs in tasks/mat_e05/ are graded with the real compiler (kit.graded shares the
reports with the standard battery)."""

from __future__ import annotations

import random

import pytest

import tasks

TASK = tasks.get("MAT-E05")


def results(report):
    return {c.name: c for c in report.conditions}


def test_the_conditions_span_the_traps():
    params = {c.name: c.params for c in TASK.conditions}
    speeds = [p["belt_speed"] for p in params.values()]
    strokes = [p["pusher_s"] for p in params.values()]
    assert min(speeds) <= 100 and max(speeds) >= 290            # 3:1
    assert min(strokes) <= 0.25 and max(strokes) >= 1.0         # 4:1
    assert any(p.get("part_at_pusher") for p in params.values())
    assert any(p.get("pusher_extended") for p in params.values())
    assert any(p.get("chute_level", 0) == p["chute_capacity"] for p in params.values())
    assert any(p["bounce_ms"] >= 18 for p in params.values())
    for p in params.values():
        assert len(p["order"]) == 10 and 3 <= p["order"].count("M") <= p["chute_capacity"]


def test_the_sampler_draws_start_states_and_a_lot_that_fits_the_chute():
    rng = random.Random(5)
    draws = [TASK.sampler(rng)["params"] for _ in range(200)]
    assert sum(bool(d.get("part_at_pusher")) for d in draws) > 20
    assert sum(bool(d.get("pusher_extended")) for d in draws) > 20
    assert sum("chute_emptied_s" in d for d in draws) > 40
    for d in draws:
        assert not (d.get("part_at_pusher") and d.get("pusher_extended"))
        metal = d["order"].count("M")
        if "chute_emptied_s" in d:
            assert d["chute_level"] == d["chute_capacity"] >= metal
        else:
            assert d["chute_level"] + metal <= d["chute_capacity"]


def test_the_pusher_eye_sees_the_part_lying_there_on_the_first_scan():
    plant = TASK.build_plant(TASK.condition("chute_full"))
    assert plant["eye_pusher"].read("blocked")
    assert not TASK.build_plant(TASK.condition("nominal"))["eye_pusher"].read("blocked")


def test_inductive_switch_sees_only_metal_and_chatter_makes_extra_edges():
    """In slow_bunched (20 ms chatter) the raw cap_sensor shows more rising edges than parts."""
    plant = TASK.build_plant(TASK.condition("slow_bunched"))
    plant["belt"].write("run", True)
    cap, ind = plant["cap_sensor"], plant["ind_sensor"]
    rises, metal_windows, last, last_ind = 0, 0, False, False
    for _ in range(4000):
        plant.step()
        now, now_ind = cap.read("detected"), ind.read("detected")
        rises += now and not last
        metal_windows += now_ind and not last_ind
        last, last_ind = now, now_ind
    passed = len(plant["upstream"].released)
    assert rises > passed                       # chatter: a raw edge count is wrong
    assert 0 < metal_windows
    kinds = {p.material for p in plant["upstream"].released}
    assert kinds == {"metal", "plastic"}


@pytest.mark.parametrize("program, fails_in, why", [
    ("classify_at_pusher.st", "nominal", "time limit"),
    ("last_class_only.st", "slow_bunched", None),
    ("raw_edges.st", "slow_bunched", None),
    ("ignores_power_up_part.st", "chute_full", "time limit"),
    ("fixed_stroke_times.st", "fast_pusher_out", "time limit"),
    ("fixed_standstill_wait.st", "nominal", "time limit"),
])
def test_each_cheap_program_fails_where_its_shortcut_shows(kit, program, fails_in, why):
    report = kit.graded(TASK, f"counterexamples/{program}")
    kit.no_faults(report)
    assert report.reward == 0
    c = results(report)[fails_in]
    assert not c.passed, kit.why(report)
    if why is not None:
        assert c.end_reason == why, kit.why(report)


def test_fixed_strokes_fail_on_the_promptness_judges_not_on_safety(kit):
    c = results(kit.graded(TASK, "counterexamples/fixed_stroke_times.st"))["fast_pusher_out"]
    assert c.safe and ("end switch" in c.pending or "belt" in c.pending), c.pending


def test_fixed_standstill_wait_is_late_to_push(kit):
    c = results(kit.graded(TASK, "counterexamples/fixed_standstill_wait.st"))["nominal"]
    assert c.safe and "not on its way out" in c.pending, c.pending


def test_pushing_every_part_is_caught_by_S1_on_a_plastic_part(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E05-S1.st")
    c = results(report)["nominal"]
    assert c.violated_rules == ["MAT-E05-S1"]
    assert "plastic" in c.first_violation.message


def test_the_prompt_states_every_rule_and_the_power_up_part(kit):
    text = kit.prompt_states_everything(TASK, hidden=("MPPMPMMPPM", "24 s"))
    assert "eye_pusher TRUE on the first scan" in text
    assert "chatter" in text and "0.3 s" in text
