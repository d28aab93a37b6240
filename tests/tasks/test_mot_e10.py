"""MOT-E10 Dancer position hold: the plant and judges proven with Python controllers
(independent of the ST compiler). The ST reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E10")


def pi(kp=0.02, ti=4.0, feed_forward=True, stop_delay_ms=0):
    def logic(i, o, m, now):
        line = i["line_speed"] / 10.0
        if line > 0:
            m["ran"] = True
        if m.get("ran") and line == 0:
            m.setdefault("stopped", now)
            if now - m["stopped"] >= stop_delay_ms:
                o["infeed_run"], o["infeed_speed_ref"] = False, 0
                return
            o["infeed_run"], o["infeed_speed_ref"] = True, 20      # creeping on, 2 m/min
            return
        err = i["dancer_position"] - 5000
        m.setdefault("i", 0.0)
        ref = (line if feed_forward else 0.0) - (kp * err + m["i"])
        top = 1.15 * line + 9.0
        if 0.0 <= ref <= top:
            m["i"] += kp / ti * err * 0.01
        ref = min(max(ref, 0.0), top)
        o["infeed_run"], o["infeed_speed_ref"] = True, round(ref * 10)
    return Logic(TASK, logic)


def run(name, controller):
    return Session(TASK, name, controller).run_to_end()


def test_a_python_pi_with_feed_forward_passes():
    for name in ("nominal", "high_dancer_fast_line", "low_dancer_slow_line"):
        assert run(name, pi()).passed, name


def test_without_feed_forward_the_dancer_is_late_to_mid_on_a_fast_line():
    verdict = run("high_dancer_fast_line", pi(feed_forward=False))
    assert not verdict.success and "was not within 500 of mid" in (verdict.pending or "")


def test_an_infeed_stopped_1_s_after_the_line_trips_s3():
    assert run("nominal", pi(stop_delay_ms=400)).passed
    verdict = run("nominal", pi(stop_delay_ms=1000))
    assert verdict.violated_rules == ["MOT-E10-S3"]


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK)
    assert "mid = 5000" in text and "0.1 m/min" in text


def test_session_is_deterministic():
    a = Session(TASK, "short_lag_big_steps", pi())
    a.run_to_end()
    b = Session(TASK, "short_lag_big_steps", pi())
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_conditions_vary_speeds_gain_and_the_dancer_start():
    drawn = TASK.sample(60, seed=3)
    starts = {c.params["start_dancer"] for c in drawn}
    assert {2000.0, 8000.0} <= starts and len(starts) > 5
    gains = [c.params["dancer_gain"] for c in drawn]
    assert min(gains) < 60 and max(gains) > 120
    for c in drawn:
        speeds = c.params["line_mpm"]
        assert len(speeds) == 3 and all(abs(a - b) >= 40 for a, b in zip(speeds, speeds[1:], strict=False))
        assert c.params["orders"][-1][1] == 0
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
