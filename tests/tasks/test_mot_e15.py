"""MOT-E15 Hydraulic closed-loop positioning: the judges proven with Python controllers.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import math

import tasks
from sim.devices.prop_cylinder import ANALOG_FULL
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E15")


def p_loop(gain):
    """A P-only loop: spool = gain x error (per mm), nothing else."""
    def logic(i, o, m, now):
        pos = i["position_raw"] * 400.0 / ANALOG_FULL
        m.setdefault("hold", pos)
        target = i["ordered_position"] / 10.0 if i["order_number"] else m["hold"]
        o["spool"] = round(max(-1.0, min(1.0, gain * (target - pos))) * 10000)
    return lambda: Logic(TASK, logic)


def profile_loop():
    """A second loop in Python, like the reference: braking profile, speed feedback, an integral
    that crosses the deadband, learnt full speed."""
    def logic(i, o, m, now):
        pos = i["position_raw"] * 400.0 / ANALOG_FULL
        if "prev" not in m:
            m.update(prev=pos, v=0.0, vm=60.0, integral=0.0, sat=0.0, u=0.0, hold=pos)
        m["v"] += ((pos - m["prev"]) / 0.01 - m["v"]) * 0.3
        m["prev"] = pos
        target = i["ordered_position"] / 10.0 if i["order_number"] else m["hold"]
        e, v = target - pos, m["v"]
        m["sat"] = m["sat"] + 0.01 if abs(m["u"]) >= 0.999 else 0.0
        if m["sat"] > 0.4:
            m["vm"] = max(20.0, abs(v))
        vd = math.copysign(min(m["vm"], math.sqrt(1600.0 * abs(e)), 6.0 * abs(e)), e)
        if abs(e) < 3.0:
            m["integral"] += e * 0.01 + (math.copysign(0.01, e) if abs(e) > 0.15 and abs(v) < 2.0 else 0.0)
        m["integral"] = max(-0.25, min(0.25, m["integral"]))
        u = (vd / m["vm"] + 0.5 * (vd - v) / m["vm"] + m["integral"]
             + math.copysign(0.03, e) * min(1.0, abs(e) / 0.3))
        m["u"] = max(-1.0, min(1.0, u))
        o["spool"] = round(m["u"] * 10000)
    return lambda: Logic(TASK, logic)


def test_python_loop_passes_every_condition(kit):
    kit.passes(grade(TASK, profile_loop()))


def test_a_soft_p_loop_stops_short_in_the_deadband():
    report = grade(TASK, p_loop(0.1))
    # order 1 lies above; the drift pulls down, away from it: the rod stays short of it
    short = {c.name: c for c in report.conditions}["short_steps"]
    assert not short.passed and not short.violated_rules
    assert "was not held within 0.5 mm" in short.end_reason + short.pending


def test_a_stiff_p_loop_overshoots_a_long_fast_move():
    result = {c.name: c.violated_rules for c in grade(TASK, p_loop(2.0)).conditions}
    assert result["near_the_ends"] == ["MOT-E15-S1"]


def test_no_p_gain_earns_the_task():
    assert all(grade(TASK, p_loop(g)).reward == 0 for g in (0.05, 0.2, 0.5, 1.0, 3.0, 10.0))
