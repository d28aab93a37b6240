"""The transfer car (sim/devices/transfer_car.py) and the forklift (sim/devices/forklift.py), alone in
a small plant: an infeed ending at the car's track, one lane at its far side."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.forklift import Forklift
from sim.devices.sensors import PhotoEye
from sim.devices.transfer_car import TransferCar
from sim.devices.workpiece import Workpiece
from sim.plant import Plant

CAR_X = 2000.0                     # deck 1400 long: x 1300..2700


def cell(start_mm=300.0, read_s=0.3, belt_speed=300.0, pallet=None, aboard=None):
    plant = Plant(seed=1, substeps=1)
    infeed = plant.add(Conveyor("infeed", 650, 300, length=1300, width=1300, speed=300, ramp_s=0.1,
                                guides=False))
    car = plant.add(TransferCar("car", origin=(CAR_X, 0.0), deck_length=1400, deck_width=1300,
                                belt_speed=belt_speed, read_s=read_s, start_mm=start_mm, limit_minus_mm=100,
                                limit_plus_mm=3250, max_speed=1000, accel=1000, settle_s=0.05,
                                stations={"load": 300, "lane 2": 1700}))
    lane = plant.add(Conveyor("lane", 2700 + 1400, 1700, length=2800, width=1300, speed=400, ramp_s=0.1,
                              guides=False, end_stop=True))
    lane.write("run", True)
    parts = []
    if pallet is not None:                       # a pallet on the infeed, its nose at `pallet` mm
        parts.append(plant.add(Workpiece("p1", pallet - 600, 300, length=1200, width=800, code=2)))
    if aboard is not None:                       # a pallet of `aboard` mm on the car, 120 mm in
        parts.append(plant.add(Workpiece("p0", 1300 + 120 + aboard / 2, start_mm, length=aboard, width=800,
                                         code=3)))
    return plant, infeed, car, lane, parts


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def move(plant, car, mm):
    car.write("enable", True)
    car.write("target", round(mm * 10))
    car.write("start", False)
    car.write("start", True)
    for _ in range(2000):
        plant.step()
        if car.in_position and abs(car.pos - mm) < 0.6:
            return
    raise AssertionError(f"the car did not reach {mm} mm")


def test_a_pallet_on_the_car_at_power_up_is_seen_at_once_and_read_after_the_readers_time():
    plant, _, car, _, _ = cell(read_s=0.4, aboard=1200)
    assert car.read("end_eye") and not car.read("entry_eye")     # before any step
    assert not car.read("label_valid") and car.read("label") == 0
    run(plant, 0.38)
    assert not car.read("label_valid")
    run(plant, 0.05)
    assert car.read("label_valid") and car.read("label") == 3


def test_the_car_carries_the_pallet_lying_on_it_and_sets_it_down_where_it_stops():
    plant, _, car, _, (p0,) = cell(aboard=1000)
    x0 = p0.x
    move(plant, car, 1700)
    assert p0.y == pytest.approx(1700, abs=0.5) and p0.x == pytest.approx(x0, abs=0.5)
    assert p0.holder is None and not car.carried           # set down again: the belt drives it
    assert car.wholly_aboard(p0) and car.read("end_eye")


def test_loading_the_eyes_see_the_pallet_come_on_and_it_lies_wholly_aboard_once_the_entry_eye_clears():
    plant, infeed, car, _, (p1,) = cell(pallet=1250)
    car.write("enable", True)
    infeed.write("run", True)
    car.write("belt_run", True)
    end_at = entry_clear_at = None
    for k in range(1500):
        plant.step()
        if end_at is None and car.read("end_eye"):
            end_at = k
            # the trap: a 1200 mm pallet whose nose reaches the end eye (1100 mm in) still hangs over
            assert car.straddles(p1) and not car.wholly_aboard(p1) and car.read("entry_eye")
        if end_at is not None and not car.read("entry_eye"):
            entry_clear_at = k
            break
    car.write("belt_run", False)
    infeed.write("run", False)
    run(plant, 0.3)
    assert entry_clear_at is not None and entry_clear_at > end_at
    assert car.wholly_aboard(p1) and not car.fallen


def test_the_belt_runs_the_pallet_off_into_a_lane_that_takes_it_on():
    plant, _, car, lane, (p0,) = cell(aboard=1200)
    move(plant, car, 1700)
    car.write("belt_run", True)
    run(plant, 6.0)
    assert not car.overlaps_deck(p0) and p0.x > 2700 + 600 and not car.read("end_eye")


def test_a_pallet_run_off_the_infeed_with_the_car_away_falls_into_the_pit():
    plant, infeed, car, _, (p1,) = cell(start_mm=1700, pallet=1250)
    infeed.write("run", True)
    run(plant, 4.0)
    assert [name for _, name in car.fallen] == ["p1"] and p1.removed


def test_the_forklift_clears_a_lane_only_after_its_eye_has_been_blocked_for_its_time():
    plant = Plant(seed=1, substeps=1)
    lane = plant.add(Conveyor("lane", 1400, 0, length=2800, width=1300, speed=400, ramp_s=0.1, guides=False,
                              end_stop=True))
    lane.write("run", True)
    eye = plant.add(PhotoEye.across(lane, "eye", 1300))
    fork = plant.add(Forklift("forklift", lane="lane", eye="eye", after_s=(3.0,)))
    a = plant.add(Workpiece("a", *lane.point(2200), length=1200, width=800))
    b = plant.add(Workpiece("b", *lane.point(1000), length=1200, width=800))
    run(plant, 2.9)
    assert eye.read("blocked") and not fork.taken
    run(plant, 0.2)
    assert [names for _, names in fork.taken] == [["a", "b"]] and a.removed and b.removed
    plant.step()
    assert not eye.read("blocked")


def test_a_pallet_passing_the_full_eye_does_not_bring_the_forklift():
    plant = Plant(seed=1, substeps=1)
    lane = plant.add(Conveyor("lane", 1400, 0, length=2800, width=1300, speed=400, ramp_s=0.1, guides=False,
                              end_stop=True))
    lane.write("run", True)
    plant.add(PhotoEye.across(lane, "eye", 1300))
    fork = plant.add(Forklift("forklift", lane="lane", eye="eye", after_s=(5.0,)))
    plant.add(Workpiece("a", *lane.point(650), length=1200, width=800))
    run(plant, 8.0)                                   # it passes in 3 s and stands at the end stop
    assert not fork.taken and fork.blocked_for == 0.0
