"""MOT-E04 Two-speed positioning on slow-down cams: the plant and judges proven with Python
controllers (independent of the ST compiler). The ST reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from tasks.mot_e04.task import STATIONS, ideal_s
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E04")
CAMS = ("slow_left", "stop", "slow_right")


def positioner(fast_to_stop_cam=False, creep_only=False, wait_ms=350):
    """Finds its cam, drives toward the ordered station, creeps on its cams, stops on its stop
    cam, waits `wait_ms` for the coast, creeps back if it came to rest off it."""
    def logic(i, o, m, now):
        d = i["destination"]
        for k in range(1, 5):
            for side, cam in zip((-1, 0, 1), CAMS, strict=True):
                if i[f"{cam}_{k}"]:
                    m["here"], m["side"] = k, side
        if i["start_pb"] and "here" in m:
            m.setdefault("step", "plan")
        step = m.get("step")
        near = any(i[f"{cam}_{d}"] for cam in CAMS)
        if step == "plan":
            if m["here"] == d and m["side"] == 0:
                m["step"], m["off"] = "coast", now
            else:
                m["dir"] = 1 if (m["here"], m["side"]) < (d, 0) else -1
                m["step"] = "go"
        if m.get("step") == "go":
            o["fwd"], o["rev"] = m["dir"] > 0, m["dir"] < 0
            o["fast"] = not creep_only and (not i[f"stop_{d}"] if fast_to_stop_cam else not near)
            if i[f"stop_{d}"]:
                o["fwd"] = o["rev"] = o["fast"] = False
                m["step"], m["off"] = "coast", now
        elif m.get("step") == "coast" and now - m["off"] >= wait_ms:
            m["step"] = "done" if i[f"stop_{d}"] else "plan"
        o["done"] = m.get("step") == "done" and i[f"stop_{d}"]
    return Logic(TASK, logic)


def run(name, controller):
    return Session(TASK, name, controller).run_to_end()


def test_a_python_positioner_passes_every_registered_condition():
    for c in TASK.conditions:
        assert run(c.name, positioner()).passed, c.name


def test_stopping_from_fast_at_the_stop_cam_trips_s1_and_overshoots():
    verdict = run("nominal", positioner(fast_to_stop_cam=True))
    # coasting from fast takes longer than the creep wait: the reversal back also comes too soon
    assert verdict.violated_rules == ["MOT-E04-S1", "MOT-E04-S3"]
    assert run("nominal", positioner(fast_to_stop_cam=True, wait_ms=1000)).violated_rules == ["MOT-E04-S1"]


def test_creeping_all_the_way_is_late():
    verdict = run("far_and_fast", positioner(creep_only=True))
    assert verdict.safe and not verdict.success and "had not arrived" in verdict.pending


def test_done_is_due_within_half_a_second_of_standing_on_the_stop_cam():
    verdict = run("already_there", positioner(wait_ms=700))
    assert verdict.safe and not verdict.success and "Done was not on" in verdict.pending


def test_the_ideal_time_is_a_fast_leg_and_a_creep_leg():
    c = TASK.condition("far_and_fast")
    p = c.params
    t = ideal_s(p, p["start_mm"])
    fast_leg = (p["start_mm"] - (STATIONS[0] + 153.0)) / p["fast_mm_s"]
    assert fast_leg < t < fast_leg + 153.0 / p["creep_mm_s"] + 0.5


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK)
    assert "stop cam" in text and "slow-down cam" in text


def test_session_is_deterministic():
    a = Session(TASK, "past_the_station", positioner())
    a.run_to_end()
    b = Session(TASK, "past_the_station", positioner())
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_conditions_start_on_every_kind_of_cam_and_keep_the_coast_inside_the_slow_cam():
    drawn = TASK.sample(60, seed=3)
    assert all(c.params["coast_fast_mm"] <= 120.0 for c in drawn)
    plant_cams = set()
    for c in drawn:
        cart = TASK.build_plant(c)["carriage"]
        on = [s for s in cart.signals if cart.read(s)]
        assert len(on) == 1, (c.name, c.params["start_mm"])
        plant_cams.add(on[0].rsplit("_", 1)[0])
        assert 1 <= c.params["destination"] <= 4
    assert plant_cams == set(CAMS)
    assert any(TASK.build_plant(c)["carriage"].cam("stop", c.params["destination"]) for c in drawn)
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
