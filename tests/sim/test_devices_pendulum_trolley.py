"""The pendulum trolley alone: its speed drive at the accel limit, the load's swing (period,
excitation by an acceleration, the light natural damping), the sway word, limit switches."""

from __future__ import annotations

import math

import pytest

from sim.devices.pendulum_trolley import PendulumTrolley
from sim.plant import Plant

SCAN = 0.01


def make(**kw):
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("rope_m", 2.0)
    kw.setdefault("accel", 500.0)
    t = plant.add(PendulumTrolley("trolley", start_mm=1000.0, **kw))
    return plant, t


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_the_drive_follows_the_speed_reference_at_its_accel_limit():
    plant, t = make(accel=500.0, max_speed=800.0)
    t.write("enable", True)
    t.write("speed_ref", 2000)               # above max_speed
    run(plant, 1.0)
    assert t.vel == pytest.approx(500.0)     # 1 s at 500 mm/s^2
    run(plant, 1.0)
    assert t.read("velocity") == 800
    t.write("enable", False)                 # disabled: brakes at the limit
    run(plant, 1.6)
    assert t.vel == 0.0


def test_a_swing_keeps_its_period_and_dies_out_only_slowly():
    plant, t = make(rope_m=2.0, start_sway_deg=5.0)
    assert t.period_s == pytest.approx(2 * math.pi * math.sqrt(2.0 / 9.81))
    assert t.read("sway") == 500
    crossings, last = [], t.theta
    for k in range(1000):
        plant.step(SCAN)
        if last > 0 >= t.theta:
            crossings.append(k * SCAN)
        last = t.theta
    assert crossings[1] - crossings[0] == pytest.approx(t.period_s, abs=0.03)
    assert 4.5 < abs(t.theta_deg) or abs(t.omega) > 0.1       # still swinging after 10 s


def test_an_acceleration_swings_the_load_back_and_an_accel_phase_of_one_period_leaves_none():
    plant, t = make(rope_m=1.0, accel=10000.0)
    T = t.period_s
    t.write("enable", True)
    steps = round(T / SCAN)
    for k in range(steps):                   # 200 mm/s^2 for exactly one period
        t.write("speed_ref", round(200.0 * (k + 1) * SCAN))
        plant.step(SCAN)
        if k == steps // 4:
            assert t.theta_deg < -0.5        # the load lags behind
    run(plant, 0.5)
    amp = math.degrees(math.hypot(t.theta, t.omega / t.omega0))
    assert amp < 0.1


def test_a_limit_switch_faults_the_drive_until_reset_inside():
    plant, t = make(limit_plus_mm=1100.0)
    t.write("enable", True)
    t.write("speed_ref", 300)
    run(plant, 1.0)
    assert t.fault and t.read("limit_plus") and t.hits[0][0] == "limit_plus"
    t.write("reset", True)
    run(plant, 0.1)
    assert t.fault                           # still on the switch
    assert not t.read("ready")
