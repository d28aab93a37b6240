"""MAT-E12 Right-angle pop-up transfer: why each cheap program fails, and where; conditions and
sampler."""

from __future__ import annotations

import random

import pytest

import tasks

TASK = tasks.get("MAT-E12")


def results(report):
    return {c.name: c for c in report.conditions}


def test_the_conditions_span_lift_and_chain_times_and_the_start_states():
    params = [c.params for c in TASK.conditions]
    assert min(p["lift_s"] for p in params) <= 0.2 and max(p["lift_s"] for p in params) >= 1.0
    assert min(p["chain_speed"] for p in params) <= 150 and max(p["chain_speed"] for p in params) >= 400
    assert any(p.get("part_on_raised_transfer") for p in params)
    assert any(p.get("raised_empty") for p in params)
    assert sum(p.get("cross_level", 0) == p["cross_capacity"] for p in params) >= 2


def test_the_sampler_never_starts_a_full_lane_with_a_part_waiting_on_the_raised_transfer():
    rng = random.Random(6)
    draws = [TASK.sampler(rng)["params"] for _ in range(200)]
    assert sum(bool(d.get("part_on_raised_transfer")) for d in draws) > 25
    assert sum("cross_emptied_s" in d for d in draws) > 30
    for d in draws:
        b = d["order"].count("B")
        assert 2 <= b <= d["cross_capacity"]
        if d.get("part_on_raised_transfer"):
            assert d["order"][0] == "B" and "cross_emptied_s" not in d
        if "cross_emptied_s" not in d:
            assert d.get("cross_level", 0) + b <= d["cross_capacity"]


def test_the_raised_transfer_carries_its_part_from_power_up_and_the_eye_sees_it():
    plant = TASK.build_plant(TASK.condition("raised_at_power_up"))
    assert plant["eye_centre"].read("blocked") and plant["transfer"].read("up")
    plant.step()
    assert len(plant["transfer"].carrying) == 1


@pytest.mark.parametrize("program, fails_in", [
    ("fixed_lift_wait.st", "raised_at_power_up"),
    ("fixed_chain_time.st", "raised_at_power_up"),
    ("ignores_power_up_transfer.st", "raised_at_power_up"),
    ("ignores_full_cross_lane.st", "cross_full"),
])
def test_each_cheap_program_fails_where_its_shortcut_shows(kit, program, fails_in):
    report = kit.graded(TASK, f"counterexamples/{program}")
    kit.no_faults(report)
    assert report.reward == 0
    c = results(report)[fails_in]
    assert not c.passed and c.safe, kit.why(report)


def test_a_fixed_chain_time_is_late_to_lower_with_a_fast_chain(kit):
    c = results(kit.graded(TASK, "counterexamples/fixed_chain_time.st"))["raised_at_power_up"]
    assert "the transfer stood up and empty" in c.pending and "0.15 s" in c.pending, c.pending


def test_the_chains_started_with_the_lift_trip_S2_only(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E12-S2.st")
    assert all(c.violated_rules == ["MAT-E12-S2"] for c in report.conditions if c.violated_rules)


def test_the_prompt_states_every_rule_and_the_power_up_states(kit):
    text = kit.prompt_states_everything(TASK)
    assert "eye_centre TRUE on the first scan" in text
    assert "raised" in text and "cross_full" in text
