"""The level wind alone: its spool encoder (turns, 16-bit wrap), and the lay record it keeps of a
traverse driven by hand here (dwells and layer turns in spool turns, the advance per turn, a lay
point past a flange, a spool started with the lay point off the flanges)."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import wrap16
from sim.devices.level_wind import LevelWind, TraverseAxis
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Plant

SCAN = 0.01
A, B = 40.0, 70.0          # flange lay positions, mm
WIRE = 2.0                 # the pitch, mm


def make(start_mm=A, start_count=0, rpm=300.0):
    plant = Plant(seed=1, substeps=1)
    motor = plant.add(VFDMotor("motor", lag_s=0.1, ramp_rpm_s=None, max_rpm=800.0))
    axis = plant.add(TraverseAxis("traverse", start_mm=start_mm, kv=100.0, accel=8000.0, max_speed=250.0))
    spool = plant.add(LevelWind("spool", motor="motor", traverse="traverse", flange_a_mm=A, flange_b_mm=B,
                                wire_mm=WIRE, start_count=start_count))
    axis.write("setpoint", round(start_mm * 10))
    axis.write("enable", True)
    plant.step(SCAN)                           # the drive takes its reference word
    motor.write("speed_ref", rpm)
    return plant, motor, axis, spool


def wind(plant, motor, axis, spool, *, layers, dwell=0.3, scans=6000):
    """A perfect level wind written in Python: geared to the spool's turns, dwell turns at each flange."""
    x, heading, waited, done = A, 1.0, 0.0, 0
    dwelling = True
    last = spool.turns
    motor.write("run", True)
    for _ in range(scans):
        turned, last = spool.turns - last, spool.turns
        if dwelling:
            waited += turned
            if waited >= dwell:
                dwelling = False
                x += heading * WIRE * (waited - dwell)
        else:
            x += heading * WIRE * turned
            end = B if heading > 0 else A
            if (x - end) * heading >= 0:
                x, done = end, done + 1
                if done == layers:
                    motor.write("run", False)
                    break
                heading, dwelling, waited = -heading, True, 0.0
        axis.write("setpoint", round(x * 10))
        plant.step(SCAN)
    for _ in range(100):
        plant.step(SCAN)


def test_the_encoder_counts_1000_a_turn_from_its_power_up_count_and_wraps():
    plant, motor, axis, spool = make(start_count=32000)
    motor.write("run", True)
    for _ in range(100):                       # 1 s toward 300 rpm (5 turns a second)
        plant.step(SCAN)
    assert 3.5 < spool.turns < 5.0
    assert spool.read("count") == wrap16(32000 + int(spool.turns * 1000))
    assert spool.read("count") < 0              # it wrapped past 32767


def test_a_lay_at_the_pitch_shows_its_dwells_and_layers_of_gap_over_pitch_turns():
    plant, motor, axis, spool = make()
    wind(plant, motor, axis, spool, layers=3, dwell=0.3)
    assert [f for f, _ in spool.dwells] == [0, 1, 0]             # the first dwell included
    first, *others = [d for _, d in spool.dwells]
    assert 0.3 <= first <= 0.38      # the lay follows the turns a scan (0.05 turns) late
    assert all(d == pytest.approx(0.3, abs=0.03) for d in others), spool.dwells
    assert [(a, b) for a, b, _ in spool.layers] == [(0, 1), (1, 0), (0, 1)]
    assert all(t == pytest.approx((B - A) / WIRE, abs=0.1) for _, _, t in spool.layers), spool.layers
    assert spool.at_flange == 1 and spool.overrun_mm == 0.0


def test_the_advance_over_the_last_turn_is_the_pitch_inside_a_pass_and_not_judged_at_a_flange():
    plant, motor, axis, spool = make()
    seen = []
    x, last = A, 0.0
    motor.write("run", True)
    for _ in range(300):
        x = min(x + WIRE * (spool.turns - last), B) if spool.turns > 0.3 else A
        last = spool.turns
        axis.write("setpoint", round(x * 10))
        plant.step(SCAN)
        seen.append((spool.window_laid, spool.advance_mm, spool.at_flange))
    laid = [adv for ok, adv, _ in seen if ok]
    assert laid and all(adv == pytest.approx(WIRE, rel=0.1) for adv in laid)
    assert not any(ok for ok, _, f in seen if f is not None)     # no window while at a flange


def test_a_traverse_that_stands_still_mid_pass_advances_nothing_per_turn():
    plant, motor, axis, spool = make(start_mm=55.0)
    motor.write("run", True)
    for _ in range(200):
        plant.step(SCAN)
    assert spool.at_flange is None and spool.left_turns == 0.0    # started off the flanges
    assert spool.window_laid and spool.advance_mm == pytest.approx(0.0, abs=1e-9)


def test_a_lay_point_beyond_a_flange_is_measured_past_it():
    plant, motor, axis, spool = make(start_mm=A + 1.0)
    for k in range(1, 19):                     # 1.8 mm at 10 mm/s
        axis.write("setpoint", round((A + 1.0) * 10) - k)
        plant.step(SCAN)
    for _ in range(10):
        plant.step(SCAN)
    assert spool.past_flange_mm() == pytest.approx(0.8, abs=0.01)
    assert spool.overrun_mm == pytest.approx(0.8, abs=0.01)
    assert spool.near_flange(axis.pos) == 0
