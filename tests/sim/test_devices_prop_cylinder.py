"""PropCylinder alone: flow proportional to the spool beyond the deadband, the valve's lag,
drift, end caps and the analog position word."""

from __future__ import annotations

import pytest

from sim.devices.prop_cylinder import ANALOG_FULL, PropCylinder
from sim.plant import Plant

SCAN = 0.01


def make(**kw):
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("start_mm", 200.0)
    cyl = plant.add(PropCylinder("cyl", 0.0, 0.0, **kw))
    return plant, cyl


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_speed_is_proportional_to_the_opening_beyond_the_deadband():
    speeds = []
    for word in (10000, 5500, -5500, 1000):
        plant, cyl = make(max_speed=100.0, deadband=0.1, lag_s=0.0)
        cyl.write("spool", word)
        run(plant, 0.5)
        speeds.append(cyl.vel)
    assert speeds[0] == pytest.approx(100.0)
    assert speeds[1] == pytest.approx(50.0) and speeds[2] == pytest.approx(-50.0)
    assert speeds[3] == 0.0                      # inside the overlap: no flow


def test_the_spool_follows_the_word_with_the_valves_lag():
    plant, cyl = make(max_speed=100.0, deadband=0.0, lag_s=0.2)
    cyl.write("spool", 10000)
    run(plant, 0.2)
    assert cyl.spool == pytest.approx(1.0 - 0.3679, abs=0.01)   # 63 % after one time constant
    run(plant, 1.0)
    assert cyl.vel == pytest.approx(100.0, rel=0.01)


def test_drift_moves_the_rod_with_the_valve_closed():
    plant, cyl = make(drift=-4.0)
    run(plant, 1.0)
    assert cyl.pos == pytest.approx(196.0)


def test_position_word_is_the_analog_normal_range_over_the_stroke():
    _, cyl = make(stroke=400.0, start_mm=100.0)
    assert cyl.read("position") == ANALOG_FULL // 4
    _, cyl = make(stroke=400.0, start_mm=400.0)
    assert cyl.read("position") == ANALOG_FULL and cyl.read("at_plus")


def test_the_end_cap_stops_the_piston_and_logs_the_impact_speed():
    plant, cyl = make(max_speed=80.0, lag_s=0.0, deadband=0.0, start_mm=390.0)
    cyl.write("spool", 10000)
    run(plant, 0.5)
    assert cyl.pos == 400.0 and cyl.vel == 0.0 and cyl.read("at_plus")
    assert cyl.end_hits == [("plus", pytest.approx(80.0))]
    run(plant, 0.5)
    assert len(cyl.end_hits) == 1               # resting on the cap is one arrival
