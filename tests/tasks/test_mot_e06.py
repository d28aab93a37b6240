"""MOT-E06 Ramped speed change and reversal: the plant and judges proven with Python controllers
(independent of the ST compiler). The ST reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import math

import tasks
from sim.session import Session
from tasks.mot_e06.task import ideal_reach_s
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E06")


def ramp(fraction=1.0, wait_still_ms=550, from_actual=True):
    """A ramp generator at `fraction` of the ordered rate (a third, independent program)."""
    def logic(i, o, m, now):
        if "ref" not in m:
            m["ref"] = float(i["actual_speed"]) if from_actual else 0.0
            m["dir"], m["still_since"] = 0, None
        act, sp = i["actual_speed"], i["setpoint"]
        if abs(act) > 5:
            m["dir"], m["still_since"] = (1 if act > 0 else -1), None
        elif m["ref"] == 0.0 and abs(act) <= 4:
            m["still_since"] = now if m["still_since"] is None else m["still_since"]
            if now - m["still_since"] >= wait_still_ms:
                m["dir"] = 0
        else:
            m["still_since"] = None
        ref = m["ref"]
        against = sp * m["dir"] < 0 or sp * ref < 0
        goal = 0.0 if against else float(sp)
        step = i["ramp_rate"] * 0.01 * fraction
        m["ref"] = ref = goal if abs(goal - ref) <= step else ref + math.copysign(step, goal - ref)
        o["run"], o["reverse"], o["speed_ref"] = True, ref < 0, round(abs(ref))
        o["at_speed"] = sp != 0 and abs(act - sp) <= 0.015 * abs(sp)
    return logic


def run(condition, logic):
    return Session(TASK, condition, Logic(TASK, logic)).run_to_end()


def test_a_python_ramp_at_the_ordered_rate_passes():
    assert run("nominal", ramp()).passed
    assert run("running_at_power_up", ramp()).passed


def test_a_ramp_ten_percent_slow_is_late_on_the_reversal():
    verdict = run("nominal", ramp(fraction=0.9))
    assert verdict.safe and not verdict.success
    assert "had not arrived" in verdict.pending and "order 3" in verdict.pending


def test_a_ramp_fifteen_percent_fast_trips_the_ramp_rule_only():
    verdict = run("nominal", ramp(fraction=1.15))
    assert verdict.violated_rules == ["MOT-E06-S1"]


def test_a_ramp_from_zero_with_the_mixer_turning_is_a_step_at_power_up():
    verdict = run("running_at_power_up", ramp(from_actual=False))
    assert verdict.violated_rules[:1] == ["MOT-E06-S1"]
    assert verdict.first_violation.scan == 0


def test_a_reversal_after_0_3_s_still_trips_the_reversal_rule():
    verdict = run("nominal", ramp(wait_still_ms=300))
    assert verdict.violated_rules == ["MOT-E06-S2"]


def test_the_ideal_time_counts_the_ramp_the_lag_and_the_standstill():
    p = {"rate_rpm_s": 200, "lag_s": 0.3, "start_rpm": 0.0}
    up = ideal_reach_s(p, 0.0, 0.0, 1000.0)
    lag = 0.3 * math.log(200 * 0.3 / 20)          # 60 rpm behind at the ramp's end, the band is 20
    assert abs(up - (5.0 + lag)) <= 0.05           # 5 s of ramp, then the lag closes in
    rev = ideal_reach_s(p, 1000.0, 1000.0, -1000.0)
    assert rev > 10.0 + 0.5                                             # two ramps and the 0.5 s still
    heavy = ideal_reach_s({**p, "lag_s": 0.5}, 1000.0, 1000.0, -1000.0)
    assert heavy > rev + 1.0                                            # a heavy mixer runs down later


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    kit.prompt_states_everything(TASK, hidden=("0.365", "9.14"))


def test_session_is_deterministic():
    a = Session(TASK, "fast_rate_light_mixer", Logic(TASK, ramp()))
    a.run_to_end()
    b = Session(TASK, "fast_rate_light_mixer", Logic(TASK, ramp()))
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_conditions_vary_and_each_has_a_mid_ramp_change_and_a_long_reversal():
    drawn = TASK.sample(40, seed=3)
    assert any(c.params["start_rpm"] > 0 for c in drawn) and any(c.params["start_rpm"] < 0 for c in drawn)
    assert any(c.params["start_rpm"] == 0 for c in drawn)
    assert len({c.params["rate_rpm_s"] for c in drawn}) > 30
    for c in drawn:
        orders = c.params["order_rpm"]
        assert 4 <= len(orders) <= 6 and orders[-1] == 0 and c.params["kinds"][1] == "mid"
        assert orders[1] * orders[2] < 0                          # the third order is a reversal
        assert abs(orders[1]) + abs(orders[2]) >= 6 * c.params["rate_rpm_s"]
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
