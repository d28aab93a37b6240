"""The rewinder alone: the roll builds by D^2 = core^2 + 4 t L / pi, its surface speed is pi D
times the spindle's, the dancer stores the difference and hits its stops, the dancer word is
late by its delay, the diameter word is noisy around the true diameter, the length counts the
web through the nip."""

from __future__ import annotations

import math

import pytest

from sim.devices.rewinder import Rewinder
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Plant

SCAN = 0.01


def make(start_dancer=5000.0, delay=0.0, noise=0.0, core=100.0, thickness=1.0):
    plant = Plant(seed=3, substeps=1)
    nip = plant.add(VFDMotor("nip", max_rpm=4000, lag_s=0.01, load="nip"))
    spindle = plant.add(VFDMotor("spindle", max_rpm=3000, lag_s=0.01, load="nip"))
    rw = plant.add(Rewinder("rw", nip=nip, spindle=spindle, core_mm=core, thickness_mm=thickness,
                            start_dancer=start_dancer, noise_mm=noise, dancer_delay_s=delay))
    return plant, nip, spindle, rw


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_the_nip_feeding_with_the_spindle_still_stores_web_until_the_dancer_hits_its_stop():
    plant, nip, _, rw = make(start_dancer=5000.0)
    nip.write("run", True)
    nip.write("speed_ref", 600)                   # 60 m/min: 1 m/s
    run(plant, 0.5)
    assert rw.read("dancer") > 5000 and not rw.at_stop
    run(plant, 1.0)                                # 1 m more than the roll took: 5000 counts
    assert rw.read("dancer") == 10000 and rw.at_stop == "high" and rw.stop_hits == 1
    assert rw.read("length") == pytest.approx(round(rw.fed_m * 10))


def test_the_roll_builds_by_its_thickness_and_its_surface_speed_is_pi_d_times_the_spindle():
    plant, _, spindle, rw = make(start_dancer=9000.0, core=100.0, thickness=1.0)
    spindle.write("run", True)
    spindle.write("speed_ref", 100)
    run(plant, 2.0)
    assert rw.diameter_mm == pytest.approx(math.sqrt(100.0 ** 2 + 4.0 * 1.0 * rw.wound_m * 1000.0 / math.pi))
    assert rw.diameter_mm > 100.0
    assert rw.roll_mpm == pytest.approx(math.pi * rw.diameter_mm / 1000.0 * spindle.rpm)
    assert rw.dancer < 9000.0                      # the roll took the slack up


def test_the_dancer_word_is_late_by_its_delay():
    plant, nip, _, rw = make(start_dancer=5000.0, delay=0.2)
    nip.write("run", True)
    nip.write("speed_ref", 600)
    run(plant, 0.1)
    assert rw.dancer > 5100 and rw.read("dancer") == 5000      # not yet seen
    run(plant, 0.2)
    assert rw.read("dancer") > 5000


def test_the_diameter_word_is_noisy_around_the_true_diameter():
    plant, _, _, rw = make(noise=2.0)
    words = []
    for _ in range(300):
        plant.step(SCAN)
        words.append(rw.read("diameter"))
    assert len(set(words)) > 3
    assert sum(words) / len(words) == pytest.approx(100.0, abs=0.5)
