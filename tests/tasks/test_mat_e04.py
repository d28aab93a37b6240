"""MAT-E04 Magazine separation with an escapement: why each cheap program fails, and where; the
plant's start states and the sampler."""

from __future__ import annotations

import random

import pytest

import tasks

TASK = tasks.get("MAT-E04")


def results(report):
    return {c.name: c for c in report.conditions}


def test_the_conditions_span_the_stroke_times_and_the_start_states():
    params = [c.params for c in TASK.conditions]
    for key in ("hold_s", "release_s"):
        values = [p[key] for p in params]
        assert min(values) <= 0.12 and max(values) >= 0.45
    assert {p["part_mm"] for p in params} >= {40, 100}
    assert sum(bool(p.get("release_open_at_start")) for p in params) >= 2
    assert sum(p["request_gaps_s"][0] == 0.0 for p in params) >= 2
    assert all(len(p["request_gaps_s"]) == 6 for p in params)


def test_the_release_open_start_has_no_part_on_the_pin_and_the_stack_pinned():
    plant = TASK.build_plant(TASK.condition("released_at_power_up"))
    assert not plant["ready_eye"].read("blocked")
    assert plant["hold"].read("extended") and plant["release"].read("retracted")
    for _ in range(100):
        plant.step()
    assert plant["magazine"].read("count") == 7 and not plant["tray"].collected


def test_the_sampler_draws_early_requests_and_both_start_states():
    rng = random.Random(3)
    draws = [TASK.sampler(rng)["params"] for _ in range(200)]
    assert 40 < sum(bool(d.get("release_open_at_start")) for d in draws) < 100
    assert sum(d["request_gaps_s"][0] == 0.0 for d in draws) > 25
    assert sum(g <= 0.5 for d in draws for g in d["request_gaps_s"][1:]) > 200


@pytest.mark.parametrize("program, fails_in, rules", [
    ("release_with_hold.st", "nominal", ["MAT-E04-S1"]),
    ("fixed_stroke_waits.st", "fast_hold_long_parts", []),
    ("exit_by_timer.st", "nominal", []),
    ("assumes_closed_at_power_up.st", "released_at_power_up", []),
    ("token_blind.st", "fast_hold_long_parts", []),
])
def test_each_cheap_program_fails_where_its_shortcut_shows(kit, program, fails_in, rules):
    report = kit.graded(TASK, f"counterexamples/{program}")
    kit.no_faults(report)
    assert report.reward == 0
    c = results(report)[fails_in]
    assert not c.passed and c.violated_rules == rules, kit.why(report)


def test_waiting_the_slowest_stroke_is_late_for_the_next_step(kit):
    c = results(kit.graded(TASK, "counterexamples/fixed_stroke_waits.st"))["fast_hold_long_parts"]
    assert "the hold was out on the second part" in c.pending and "0.25 s" in c.pending, c.pending


def test_opening_the_release_with_the_hold_lets_a_second_part_follow_when_the_hold_is_slow(kit):
    c = results(kit.graded(TASK, "counterexamples/release_with_hold.st"))["released_at_power_up"]
    assert c.violated_rules == ["MAT-E04-S1", "MAT-E04-S2"]


def test_the_prompt_states_every_rule_and_the_bistable_valves(kit):
    text = kit.prompt_states_everything(TASK)
    assert "bistable" in text and "A request may already be up at power-up" in text
