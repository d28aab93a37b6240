"""The VFD motor alone (no task): inertia lag, no drive ramp unless configured, flying restart,
coasting and ramping off, current with its accelerating part and limit, the signed speed word."""

from __future__ import annotations

import math

import pytest

from sim.devices.vfd_motor import VFDMotor
from sim.plant import Plant


def motor_plant(**kw):
    plant = Plant(seed=1, substeps=1)
    m = plant.add(VFDMotor("m", **kw))
    return plant, m


def steps(plant, n):
    for _ in range(n):
        plant.step()


def test_at_rest_and_off_it_reads_zero_speed_and_no_current():
    plant, m = motor_plant()
    steps(plant, 10)
    assert m.read("speed") == 0 and m.read("current") == 0 and m.read("running") is False
    assert m.read("ready") is True


def test_without_a_drive_ramp_a_step_reaches_the_motor_through_its_lag_only():
    plant, m = motor_plant(lag_s=0.2, accel_a_per_krpm_s=0.001)     # no current limit in the way
    m.write("run", True)
    m.write("speed_ref", 1000)
    plant.step()
    assert m.output_rpm == 1000.0                   # the drive applies the reference at once
    steps(plant, 19)                                # 0.2 s = one time constant: 63 %
    assert m.rpm == pytest.approx(1000 * (1 - math.exp(-1)), rel=1e-6)
    steps(plant, 80)                                # 1 s = five time constants
    assert abs(m.read("speed") - 1000) <= 7


def test_a_stepped_reference_is_a_current_spike_at_the_limit():
    plant, m = motor_plant(lag_s=0.05, limit_a=40.0)
    m.write("run", True)
    m.write("speed_ref", 1500)
    plant.step()
    assert m.read("current") == 400                 # 40.0 A, the drive's limit
    steps(plant, 300)
    assert m.read("current") < 130                  # at speed: no-load + load, no accelerating part


def test_reverse_turns_the_sign_and_a_negative_word_counts_as_zero():
    plant, m = motor_plant(lag_s=0.05)
    m.write("run", True)
    m.write("reverse", True)
    m.write("speed_ref", 600)
    steps(plant, 100)
    assert m.read("speed") == -600
    m.write("speed_ref", -300)
    assert m.reference_rpm == 0.0


def test_the_reference_is_clamped_to_max_rpm():
    plant, m = motor_plant(lag_s=0.05, max_rpm=1500)
    m.write("run", True)
    m.write("speed_ref", 3000)
    steps(plant, 200)
    assert m.read("speed") == 1500


def test_run_off_lets_it_coast_slowly_to_rest():
    plant, m = motor_plant(lag_s=0.05, coast_s=6.0, friction_rpm_s=15.0)
    m.write("run", True)
    m.write("speed_ref", 1000)
    steps(plant, 100)
    m.write("run", False)
    steps(plant, 100)                               # 1 s of coasting: still far from rest
    assert 800 < m.rpm < 860 and m.read("current") == 0
    steps(plant, 3000)
    assert m.rpm == 0.0


def test_a_configured_drive_ramp_limits_the_output_and_ramps_it_off():
    plant, m = motor_plant(lag_s=0.05, ramp_rpm_s=500.0, stop_mode="ramp")
    m.write("run", True)
    m.write("speed_ref", 1000)
    steps(plant, 100)
    assert m.output_rpm == pytest.approx(500.0)
    steps(plant, 200)
    m.write("run", False)
    steps(plant, 100)                               # 1 s at 500 rpm/s from 1000: at 500
    assert m.rpm == pytest.approx(500.0, abs=1.0)
    steps(plant, 110)
    assert m.rpm == 0.0


def test_run_picks_a_turning_motor_up_at_its_speed():
    plant, m = motor_plant(lag_s=0.2, start_rpm=300.0, ramp_rpm_s=100.0)
    steps(plant, 10)                                # coasting
    coasting = m.rpm
    assert 0 < coasting < 300
    m.write("run", True)
    m.write("speed_ref", 300)
    plant.step()
    # with a drive ramp the output starts from the motor's speed, not from 0
    assert m.output_rpm == pytest.approx(coasting + 1.0, abs=1e-6)


def test_a_bad_configuration_is_refused():
    with pytest.raises(ValueError):
        VFDMotor("m", lag_s=0.0)
    with pytest.raises(ValueError):
        VFDMotor("m", stop_mode="ramp")
