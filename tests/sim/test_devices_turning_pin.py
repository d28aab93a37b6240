"""The turning pin (sim/devices/turning_pin.py) over a belt, alone in a small plant."""

from __future__ import annotations

import math

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.turning_pin import TurningPin
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(*, fails=(), start_up=False, stroke_s=0.15, cartons=(400.0,)):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 800, 0, length=1600, width=200, speed=200.0))
    pin = plant.add(TurningPin.on(belt, "pin", 700, offset_mm=20, stroke_s=stroke_s, fails=fails,
                                  start_up=start_up))
    for n, at in enumerate(cartons):
        plant.add(Workpiece(f"c{n}", *belt.point(at), width=60, length=100))
    return plant, belt, pin


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def quarter_turns(part) -> float:
    return math.degrees(part.body.angle) / 90.0


@pytest.mark.parametrize("stroke_s", [0.1, 0.4])
def test_the_stroke_takes_its_time_and_the_end_switches_close_only_at_the_ends(stroke_s):
    plant, _, pin = cell(stroke_s=stroke_s, cartons=())
    assert pin.read("down") and not pin.read("up")
    pin.write("raise", True)
    plant.step()
    assert not pin.read("down") and not pin.read("up")      # on its way: neither switch
    scans = 1
    while not pin.read("up"):
        plant.step()
        scans += 1
    assert scans * 0.01 == pytest.approx(stroke_s, abs=0.011)
    pin.write("raise", False)
    run(plant, stroke_s + 0.02)
    assert pin.read("down") and not pin.read("up")


def test_a_raised_pin_turns_a_carton_a_quarter_turn_and_a_lowered_one_lets_it_pass():
    plant, belt, pin = cell(cartons=(400.0, 100.0))
    pin.write("raise", True)
    belt.write("run", True)
    run(plant, 2.0)                                          # c0 caught and turned
    assert quarter_turns(plant["c0"]) == pytest.approx(1.0)
    assert [p for _, p in pin.turned] == ["c0"]
    pin.write("raise", False)                                # c1 still upstream: a gap
    run(plant, 3.0)
    assert quarter_turns(plant["c1"]) == pytest.approx(0.0)
    assert pin.hits == [] and pin.slipped == []


def test_a_scripted_failure_slips_past_unturned_and_is_turned_after_backing_up():
    plant, belt, pin = cell(fails=(1,))
    pin.write("raise", True)
    belt.write("run", True)
    run(plant, 2.0)
    assert quarter_turns(plant["c0"]) == pytest.approx(0.0)
    assert [p for _, p in pin.slipped] == ["c0"]
    pin.write("raise", False)                                # down before backing over it
    run(plant, 0.2)
    belt.write("reverse", True)
    run(plant, 2.5)                                          # back clear upstream of the pin
    belt.write("run", False)
    run(plant, 0.3)
    pin.write("raise", True)
    run(plant, 0.3)
    belt.write("reverse", False)
    belt.write("run", True)
    run(plant, 2.5)
    assert quarter_turns(plant["c0"]) == pytest.approx(1.0)
    assert [p for _, p in pin.turned] == ["c0"] and pin.hits == []


def test_a_pin_moved_under_a_carton_hits_it_once_per_stroke_and_leaves_it_unturned():
    plant, belt, pin = cell(cartons=(690.0,))                # the carton lies over the pin
    pin.write("raise", True)
    run(plant, 0.3)
    assert [p for _, p in pin.hits] == ["c0"]
    pin.write("raise", False)
    run(plant, 0.3)
    assert [p for _, p in pin.hits] == ["c0", "c0"]          # the lowering stroke is a hit of its own
    assert pin.turned == []


def test_a_carton_driven_back_over_a_raised_pin_is_hit():
    plant, belt, pin = cell(fails=(1,))
    pin.write("raise", True)
    belt.write("run", True)
    run(plant, 2.0)                                          # slipped past, pin still up
    belt.write("reverse", True)
    run(plant, 1.0)
    assert [p for _, p in pin.hits] == ["c0"]
