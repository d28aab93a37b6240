"""The contactor carriage alone (no task): cams, run-on, two speeds, coast by speed, the
interlock of both directions and the end stops."""

from __future__ import annotations

import pytest

from sim.devices.contactor_carriage import ContactorCarriage
from sim.plant import Plant


def cart_plant(**kw):
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("stations", (250.0, 750.0))
    return plant, plant.add(ContactorCarriage("cart", **kw))


def steps(plant, n):
    for _ in range(n):
        plant.step()


def until(plant, done, limit=5000):
    for k in range(limit):
        plant.step()
        if done():
            return k + 1
    raise AssertionError("never happened")


def test_cams_report_where_the_carriage_is():
    _, cart = cart_plant(start_mm=250.0)
    assert cart.read("stop_1") and not cart.read("slow_left_1") and not cart.read("slow_right_1")
    assert cart.signals == ("slow_left_1", "stop_1", "slow_right_1", "slow_left_2", "stop_2", "slow_right_2")
    cart.pos = 250.0 - 3.5
    assert cart.read("slow_left_1") and not cart.read("stop_1")
    cart.pos = 250.0 + 153.0
    assert cart.read("slow_right_1")
    cart.pos = 250.0 + 153.5
    assert not any(cart.read(s) for s in cart.signals)
    assert cart.station_at() == 0


def test_a_coil_reaches_the_motor_after_the_run_on_then_it_runs_fast_or_creeps():
    plant, cart = cart_plant(start_mm=100.0, run_on_s=0.05, fast_mm_s=300.0, creep_mm_s=20.0, decel=2000.0)
    cart.write("fwd", True)
    cart.write("fast", True)
    steps(plant, 4)
    assert cart.vel == 0.0                          # still within the 50 ms run-on
    steps(plant, 1)
    assert cart.vel > 0.0
    steps(plant, 50)
    assert cart.vel == pytest.approx(300.0)
    cart.write("fast", False)
    steps(plant, 40)
    assert cart.vel == pytest.approx(20.0)


@pytest.mark.parametrize("speed_kw, fast", [({}, True), ({}, False)])
def test_switched_off_it_coasts_speed_x_run_on_plus_the_braking_distance(speed_kw, fast):
    plant, cart = cart_plant(start_mm=100.0, run_on_s=0.06, fast_mm_s=400.0, creep_mm_s=30.0, decel=1500.0)
    cart.write("fwd", True)
    cart.write("fast", fast)
    steps(plant, 100)
    v = cart.vel
    at = cart.pos
    cart.write("fwd", False)
    until(plant, lambda: cart.vel == 0.0)
    expected = v * 0.06 + v * v / (2 * 1500.0)
    assert cart.pos - at == pytest.approx(expected, rel=0.08, abs=0.6)
    assert cart.still_s == pytest.approx(0.0, abs=0.011)


def test_both_directions_leave_the_motor_off_and_the_end_stop_stops_it():
    plant, cart = cart_plant(start_mm=100.0, run_on_s=0.0)
    cart.write("fwd", True)
    cart.write("rev", True)
    steps(plant, 20)
    assert cart.vel == 0.0 and cart.pos == 100.0
    cart.write("fwd", False)
    cart.write("fast", True)
    until(plant, lambda: cart.crashed)
    assert cart.pos == 0.0 and cart.vel == 0.0


def test_a_bad_configuration_is_refused():
    with pytest.raises(ValueError):
        ContactorCarriage("c", fast_mm_s=20.0, creep_mm_s=30.0)
