"""BrakedAxis alone: torque build-up, brake release and grip times, gravity sag, dragging."""

from __future__ import annotations

import pytest

from sim.devices.axis import to_word
from sim.devices.braked_axis import BrakedAxis
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, BrakedAxis]:
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("start_mm", 200.0)
    lift = plant.add(BrakedAxis("lift", **kw))
    return plant, lift


def scans_until(plant, cond, limit=500) -> int:
    for n in range(1, limit + 1):
        plant.step(SCAN)
        if cond():
            return n
    raise AssertionError("never happened")


def test_torque_ok_comes_torque_s_after_enable_and_drops_at_once_on_disable():
    plant, lift = make(torque_s=0.2)
    assert not lift.read("torque_ok")
    lift.write("enable", True)
    assert scans_until(plant, lambda: lift.read("torque_ok")) == 20
    lift.write("enable", False)
    plant.step(SCAN)
    assert not lift.read("torque_ok")


def test_a_stored_fault_keeps_torque_off_until_reset():
    plant, lift = make(torque_s=0.05)
    lift.fault = True
    lift.write("enable", True)
    for _ in range(20):
        plant.step(SCAN)
    assert not lift.read("torque_ok")
    lift.write("reset", True)
    assert scans_until(plant, lambda: lift.read("torque_ok")) == 5


def test_brake_opens_brake_s_after_the_coil_and_grips_brake_s_after_it_drops():
    plant, lift = make(brake_s=0.3, torque_s=0.05)
    lift.write("enable", True)
    scans_until(plant, lambda: lift.torque_ok)
    lift.write("brake_release", True)
    assert scans_until(plant, lambda: lift.read("brake_open")) == 30
    lift.write("brake_release", False)
    assert scans_until(plant, lambda: not lift.read("brake_open")) == 30


def test_a_short_coil_pulse_never_opens_the_brake():
    plant, lift = make(brake_s=0.1)
    lift.write("brake_release", True)
    plant.step(SCAN)
    lift.write("brake_release", False)
    for _ in range(30):
        plant.step(SCAN)
        assert not lift.read("brake_open")
    assert lift.pos == 200.0 and lift.sag_mm == 0.0


def test_brake_open_without_torque_lets_the_load_sag_faster_when_heavier():
    sags = []
    for load in (5.0, 40.0):
        plant, lift = make(brake_s=0.05, load_kg=load)
        lift.write("brake_release", True)
        scans_until(plant, lambda lift=lift: lift.brake_is_open)
        for _ in range(5):
            plant.step(SCAN)
        sags.append(lift.sag_mm)
        assert lift.pos < 200.0
    assert 0.0 < sags[0] < sags[1]
    # 40 kg on a 10 kg carriage falls at 0.8 g: about 0.5 * 7848 * 0.06^2 = 14 mm in 6 scans
    assert sags[1] == pytest.approx(0.5 * 7848 * 0.06 ** 2, rel=0.25)


def test_torque_holds_the_load_with_the_brake_open_and_moves_it():
    plant, lift = make(brake_s=0.05, torque_s=0.05, max_speed=100.0, accel=1000.0)
    lift.write("enable", True)
    scans_until(plant, lambda: lift.torque_ok)
    lift.write("brake_release", True)
    scans_until(plant, lambda: lift.brake_is_open)
    for _ in range(20):
        plant.step(SCAN)
    assert lift.pos == 200.0 and lift.sag_mm == 0.0
    lift.write("target", to_word(250.0))
    lift.write("start", True)
    scans_until(plant, lambda: lift.read("in_position"))
    assert lift.pos == 250.0 and lift.dragged_mm == 0.0


def test_a_move_against_a_gripping_brake_drags_the_load_through_it():
    plant, lift = make(torque_s=0.05)
    lift.write("enable", True)
    scans_until(plant, lambda: lift.torque_ok)
    lift.write("target", to_word(230.0))
    lift.write("start", True)
    for _ in range(50):
        plant.step(SCAN)
    assert not lift.brake_is_open
    assert lift.pos > 200.0 and lift.dragged_mm == pytest.approx(lift.pos - 200.0)


def test_a_start_edge_before_torque_is_ignored():
    plant, lift = make(torque_s=0.3)
    lift.write("enable", True)
    lift.write("target", to_word(250.0))
    lift.write("start", True)
    for _ in range(60):
        plant.step(SCAN)
    assert lift.pos == 200.0 and lift.target_mm is None


def test_disabling_with_the_brake_open_drops_the_load_until_the_brake_grips():
    plant, lift = make(brake_s=0.1, torque_s=0.05)
    lift.write("enable", True)
    scans_until(plant, lambda: lift.torque_ok)
    lift.write("brake_release", True)
    scans_until(plant, lambda: lift.brake_is_open)
    lift.write("brake_release", False)
    lift.write("enable", False)
    scans_until(plant, lambda: not lift.brake_is_open)
    assert lift.max_sag_mm > 1.0
    stopped = lift.pos
    for _ in range(20):
        plant.step(SCAN)
    assert lift.pos == stopped and lift.sag_mm == 0.0


def test_falling_onto_the_bottom_limit_faults_the_drive():
    plant, lift = make(start_mm=3.0, brake_s=0.05)
    lift.write("brake_release", True)
    for _ in range(30):
        plant.step(SCAN)
    assert lift.read("limit_minus") and lift.fault and lift.hit_limit == "minus"
