"""CoastingAxis alone: a trip armed by running time strikes mid-move, the carriage coasts on its
brake (past its target if need be), the fault, the hold on resets and the move given again."""

from __future__ import annotations

import pytest

from sim.devices.axis import to_word
from sim.devices.coasting_axis import CoastingAxis
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, CoastingAxis]:
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("limit_plus_mm", 2000.0)
    kw.setdefault("max_speed", 500.0)
    kw.setdefault("accel", 2000.0)
    kw.setdefault("brake_decel", 500.0)
    car = plant.add(CoastingAxis("car", **kw))
    return plant, car


def move(plant, car, mm) -> None:
    car.write("target", to_word(mm))
    car.write("start", True)
    plant.step(SCAN)
    car.write("start", False)


def run(plant, car, scans) -> None:
    for _ in range(scans):
        plant.step(SCAN)


def test_without_an_armed_trip_it_moves_like_an_axis():
    plant, car = make()
    car.write("enable", True)
    move(plant, car, 800.0)
    run(plant, car, 300)
    assert car.pos == pytest.approx(800.0) and car.read("in_position") and not car.read("fault")
    assert car.tripped_at_mm is None and not car.coasting


def test_the_trip_comes_after_the_armed_running_time_and_never_while_standing():
    plant, car = make()
    car.arm_trip(1.0, "drive overtemperature", hold_s=3.0)
    car.write("enable", True)
    run(plant, car, 300)                      # standing 3 s: the motor does not heat
    assert not car.read("fault")
    move(plant, car, 1800.0)                  # a 3.7 s move
    n = 1
    while not car.read("fault"):
        plant.step(SCAN)
        n += 1
        assert n < 400
    assert n == pytest.approx(100, abs=2)     # 1.0 s of running
    assert car.vel > 0.0 and car.coasting and not car.read("ready") and not car.read("in_position")
    assert car.tripped_at_mm == pytest.approx(car.pos, abs=6.0)
    assert car.fault_text == "drive overtemperature"


def test_a_tripped_carriage_coasts_on_its_brake_past_its_target():
    plant, car = make(accel=2000.0, brake_decel=500.0)
    car.write("enable", True)
    move(plant, car, 600.0)
    # cruising at 500 mm/s the drive brakes 62.5 mm before its target: trip 80 mm before it
    while car.pos < 520.0:
        plant.step(SCAN)
    v = car.vel
    assert v == pytest.approx(500.0)
    car.trip("drive overtemperature", 2.0)
    at = car.pos
    assert car.stop_decel == 500.0
    run(plant, car, 200)
    assert car.read("standstill") and not car.coasting
    # v^2 / 2 b = 250 mm on the brake (the drive's ramp would have stopped it at 600 mm)
    assert car.pos - at == pytest.approx(v * v / (2 * 500.0), abs=3.0)
    assert car.pos > 600.0 + 150.0


def test_resets_are_ignored_during_the_hold_then_the_move_must_be_given_again():
    plant, car = make()
    car.arm_trip(0.3, hold_s=2.0)
    car.write("enable", True)
    move(plant, car, 1000.0)
    run(plant, car, 150)                      # 0.3 s running, 1 s coasting from 500 mm/s
    assert car.read("fault") and car.read("standstill")
    stopped = car.pos
    for _ in range(5):                        # resets inside the hold do nothing
        car.write("reset", True)
        plant.step(SCAN)
        car.write("reset", False)
        plant.step(SCAN)
    assert car.read("fault")
    run(plant, car, 100)                      # past the 2 s hold
    car.write("reset", True)
    plant.step(SCAN)
    car.write("reset", False)
    assert not car.read("fault") and car.read("ready")
    run(plant, car, 50)
    assert car.pos == stopped and not car.read("in_position")   # the move was dropped
    move(plant, car, 1000.0)
    run(plant, car, 300)
    assert car.pos == pytest.approx(1000.0) and car.read("in_position")
    assert car.stop_decel == car.accel


def test_it_trips_once():
    plant, car = make()
    car.arm_trip(0.2, hold_s=0.0)
    car.write("enable", True)
    move(plant, car, 1500.0)
    run(plant, car, 200)
    assert car.read("fault")
    car.write("reset", True)
    plant.step(SCAN)
    car.write("reset", False)
    move(plant, car, 1500.0)
    run(plant, car, 500)
    assert not car.read("fault") and car.pos == pytest.approx(1500.0)


def test_disable_while_healthy_still_stops_on_the_quick_stop_ramp():
    plant, car = make(accel=1000.0, brake_decel=400.0)
    car.write("enable", True)
    move(plant, car, 1500.0)
    while car.vel < 500.0:
        plant.step(SCAN)
    at = car.pos
    car.write("enable", False)
    run(plant, car, 100)
    assert car.read("standstill") and not car.coasting
    assert car.pos - at == pytest.approx(500.0 ** 2 / (2 * 3000.0), abs=6.0)


def test_the_trip_point_is_drawn():
    class Pen:
        def __init__(self):
            self.lines = []

        def __getattr__(self, name):
            return lambda *a, **k: []

        def line(self, a, b, col, w=1):
            self.lines.append(col)

    plant, car = make()
    car.arm_trip(0.2)
    car.write("enable", True)
    move(plant, car, 1500.0)
    run(plant, car, 100)
    pen = Pen()
    car.draw(pen)
    assert pen.lines.count("FAULT") == 2
