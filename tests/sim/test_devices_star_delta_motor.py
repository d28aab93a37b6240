"""The star-delta motor alone (no task): contactor pick-up, drop-out and auxiliary contacts,
run-up in star, the changeover current, the short circuit and the overload relay."""

from __future__ import annotations

import pytest

from sim.devices.star_delta_motor import SYNC_RPM, StarDeltaMotor, delta_current
from sim.plant import Plant


def fan_plant(**kw):
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(StarDeltaMotor("fan", **kw))


def until(plant, done, limit=3000):
    for k in range(limit):
        plant.step()
        if done():
            return k + 1
    raise AssertionError("never happened")


def star(plant, fan):
    fan.write("k2", True)
    fan.write("k1", True)


def test_main_contacts_follow_the_coil_after_pickup_and_dropout_and_the_aux_after_them():
    plant, fan = fan_plant(pickup_s=0.02, dropout_s=0.08, aux_lag_s=0.01)
    k2 = fan.k["k2"]
    fan.write("k2", True)
    assert until(plant, lambda: k2.closed) == 2                # 20 ms
    assert not fan.read("k2_aux")
    assert until(plant, lambda: fan.read("k2_aux")) == 1       # 10 ms behind the main contacts
    fan.write("k2", False)
    assert until(plant, lambda: not k2.closed) == 8            # 80 ms drop-out
    assert fan.read("k2_aux") is True
    assert until(plant, lambda: not fan.read("k2_aux")) == 1


def test_star_runs_the_fan_up_to_85_percent_in_the_run_up_time_and_no_further_than_about_90():
    for runup in (1.0, 8.0):
        plant, fan = fan_plant(runup_s=runup)
        star(plant, fan)
        steps = until(plant, lambda fan=fan: fan.rpm >= 0.85 * SYNC_RPM)
        assert steps * 0.01 == pytest.approx(runup, abs=0.08)
    for _ in range(3000):
        plant.step()
    assert 0.86 * SYNC_RPM < fan.rpm < 0.92 * SYNC_RPM        # star alone never reaches full speed
    assert fan.read("current") == pytest.approx(delta_current(1 - fan.rpm / SYNC_RPM) / 3 * 200, abs=2)


def test_delta_after_a_short_dead_time_at_85_percent_stays_within_six_times_rated():
    plant, fan = fan_plant(runup_s=2.0, pickup_s=0.015, dropout_s=0.03)
    star(plant, fan)
    until(plant, lambda: fan.rpm >= 0.85 * SYNC_RPM)
    fan.write("k2", False)
    until(plant, lambda: not fan.read("k2_aux"))
    fan.write("k3", True)
    peak = max(fan.current_pu for _ in range(50) if plant.step() is None)
    assert 3.0 < peak < 6.0
    until(plant, lambda: fan.rpm > 0.96 * SYNC_RPM)
    assert fan.delta and fan.current_pu < 1.2


def test_a_long_dead_time_or_delta_at_low_speed_is_a_spike_above_six_times():
    plant, fan = fan_plant(runup_s=2.0, pickup_s=0.015, dropout_s=0.03)
    star(plant, fan)
    until(plant, lambda: fan.rpm >= 0.85 * SYNC_RPM)
    fan.write("k2", False)
    for _ in range(12):                                        # 120 ms dead time
        plant.step()
    fan.write("k3", True)
    assert max(fan.current_pu for _ in range(10) if plant.step() is None) > 6.0
    plant, fan = fan_plant(runup_s=2.0)
    fan.write("k1", True)
    fan.write("k3", True)                                      # direct on line in delta
    assert max(fan.current_pu for _ in range(10) if plant.step() is None) > 6.5


def test_k2_and_k3_closed_together_blow_the_fuses_and_the_motor_stops_driving():
    plant, fan = fan_plant(pickup_s=0.01)
    star(plant, fan)
    fan.write("k3", True)
    until(plant, lambda: fan.short_circuit)
    plant.step()
    assert fan.fuse_blown and fan.current_a == 0.0 and not fan.star and fan.k["k3"].closed


def test_the_overload_relay_opens_on_a_jam_and_closes_again_after_cooling():
    plant, fan = fan_plant(cool_s=2.0)
    assert fan.read("overload_ok") is True
    fan.operate(True)
    assert fan.read("overload_ok") is False and fan.trips == 1
    steps = until(plant, lambda: fan.read("overload_ok"))
    assert steps == 200


def test_off_the_fan_coasts_down_against_its_load():
    plant, fan = fan_plant(runup_s=1.0)
    star(plant, fan)
    until(plant, lambda: fan.rpm >= 0.85 * SYNC_RPM)
    fan.write("k1", False)
    fan.write("k2", False)
    until(plant, lambda: fan.all_open)
    rpm = fan.rpm
    for _ in range(100):
        plant.step()
    assert 0 < fan.rpm < rpm and fan.read("current") == 0
