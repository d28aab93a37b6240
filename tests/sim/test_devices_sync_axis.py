"""The synchronous servo axis alone: follows a per-scan setpoint (also across the 16-bit wrap of
the word), and faults on a following error beyond its limit."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import wrap16
from sim.devices.sync_axis import SyncAxis
from sim.plant import Plant

SCAN = 0.01


def make(**kw):
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(SyncAxis("roll", **kw))


def follow(plant, axis, speeds, start_word=0):
    """Write a setpoint moving at each speed (mm/s) for one scan; the errors after each step."""
    word, errors = start_word, []
    axis.write("setpoint", word)
    axis.write("enable", True)
    for v in speeds:
        word = wrap16(word + round(v * SCAN * 10))
        axis.write("setpoint", word)
        plant.step(SCAN)
        errors.append(axis.following_error_mm)
    return errors


def test_a_ramped_setpoint_is_followed_within_a_fraction_of_a_mm_across_the_word_wrap():
    plant, axis = make(accel=3000.0, fe_limit_mm=5.0)
    ramp = [900.0 * k / 50 for k in range(50)] + [900.0] * 500       # 0.5 s ramp, then 5 s
    errors = follow(plant, axis, ramp, start_word=30000)
    assert not axis.fault
    assert max(abs(e) for e in errors) < 0.5
    assert axis.pos == pytest.approx(sum(round(v * SCAN * 10) for v in ramp) / 10, abs=0.01)
    assert axis.pos > 3276.8 * 1.3                                    # the word wrapped


def test_a_step_in_speed_beyond_the_acceleration_faults_and_the_roll_brakes():
    plant, axis = make(accel=3000.0, fe_limit_mm=5.0)
    follow(plant, axis, [600.0] * 30)
    assert axis.fault and "following error" in axis.fault_text
    assert not axis.read("ready")
    for _ in range(40):
        plant.step(SCAN)
    assert axis.standstill
    axis.write("reset", True)
    assert not axis.fault


def test_nothing_moves_while_disabled_and_enable_takes_the_word_as_reference():
    plant, axis = make(start_mm=12.0)
    axis.write("setpoint", 5000)          # 500 mm away: not a move, the reference
    for _ in range(10):
        plant.step(SCAN)
    assert axis.pos == 12.0
    axis.write("enable", True)
    for _ in range(10):
        plant.step(SCAN)
    assert axis.pos == 12.0 and axis.standstill and not axis.fault
    assert axis.read("position") == 120


def test_words_of_a_hundredth_of_a_mm_move_the_axis_by_a_hundredth():
    plant, axis = make(start_mm=10.0, words_per_mm=100.0)
    axis.write("setpoint", 1000)
    axis.write("enable", True)
    plant.step(SCAN)
    for k in range(1, 51):                # 0.23 mm a scan: 23 mm/s, in 0.01 mm steps
        axis.write("setpoint", 1000 + 23 * k)
        plant.step(SCAN)
    for _ in range(20):
        plant.step(SCAN)
    assert axis.pos == pytest.approx(10.0 + 50 * 0.23, abs=1e-6)
    assert axis.read("position") == 1000 + 23 * 50 and axis.read("following_error") == 0


def test_a_trip_brakes_and_ignores_reset_edges_until_its_hold_has_passed():
    plant, axis = make(accel=3000.0, fe_limit_mm=5.0)
    follow(plant, axis, [3.0 * k for k in range(100)])               # ramped to 297 mm/s
    axis.trip("drive overtemperature", 0.5)
    assert axis.fault and not axis.read("ready")
    for k in range(44):                                               # edges every other scan for 0.44 s
        axis.write("reset", k % 2 == 0)
        plant.step(SCAN)
    assert axis.fault and axis.standstill                             # braked at 3000 mm/s^2 in 0.1 s
    for k in range(10):                                               # on past 0.5 s
        axis.write("reset", k % 2 == 0)
        plant.step(SCAN)
    assert not axis.fault and axis.read("ready")


def test_a_reset_held_through_the_hold_never_clears_the_trip():
    plant, axis = make()
    axis.trip("drive overtemperature", 0.3)
    axis.write("reset", True)
    for _ in range(100):
        plant.step(SCAN)
        axis.write("reset", True)
    assert axis.fault                                                 # no new edge after the hold


def test_a_fault_reset_takes_the_word_as_reference_again_as_enable_does():
    plant, axis = make(accel=3000.0, fe_limit_mm=5.0)
    follow(plant, axis, [600.0] * 30)                 # a speed step it cannot follow: faults
    assert axis.fault
    for _ in range(40):
        plant.step(SCAN)
    stood = axis.pos
    axis.write("setpoint", 0)                         # far from where it stands: not a move
    axis.write("reset", True)
    for _ in range(10):
        plant.step(SCAN)
    assert axis.read("ready") and axis.pos == stood
    axis.write("setpoint", 20)                        # later changes move it: +2 mm
    for _ in range(50):
        plant.step(SCAN)
    assert not axis.fault and axis.pos == pytest.approx(stood + 2.0, abs=0.01)
