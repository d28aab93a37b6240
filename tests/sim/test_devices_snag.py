"""Belt faults (sim/devices/snag.py), alone on a belt with parts: a part that sticks where the
fault says and holds back the one behind it, a part that vanishes, and the operator's clear()."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.snag import BeltSnag
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant


def belt_with(faults, parts_at=(100.0, 300.0)):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200, max_speed=200, ramp_s=0.0))
    for n, at in enumerate(parts_at, 1):
        plant.add(Workpiece(f"part{n}", *belt.point(at), width=50, length=80))
    snag = plant.add(BeltSnag("snag", belt, faults=faults))
    belt.write("run", True)
    return plant, belt, snag


def run(plant, scans):
    for _ in range(scans):
        plant.step()


def test_a_sticking_part_stops_where_the_fault_is_and_the_next_queues_behind_it():
    plant, _, snag = belt_with([(2, "stick", 250.0)], parts_at=(300.0, 100.0))
    run(plant, 200)                                # 2 s at 200 mm/s: part 1 runs on, part 2 sticks
    p1, p2 = plant["part1"], plant["part2"]
    assert snag.stuck == [p2]
    assert 250 <= p2.x <= 255                      # the belt's start is at x = 0
    assert p1.x > 300 + 350


def test_parts_behind_a_stuck_one_are_held_against_it():
    plant, _, snag = belt_with([(1, "stick", 400.0)], parts_at=(300.0, 100.0))
    run(plant, 300)
    p1, p2 = plant["part1"], plant["part2"]
    assert snag.stuck == [p1]
    assert p1.x - p2.x == pytest.approx(80.0, abs=2.0)   # touching: pushed together by the belt


def test_a_vanishing_part_is_gone_at_its_place_and_logged():
    plant, _, snag = belt_with([(1, "vanish", 350.0)])
    run(plant, 100)
    assert snag.vanished == []                     # 1 s: part 1 has not got there yet
    run(plant, 50)
    names = [p.name for p in material_flow(plant).parts]
    assert names == ["part2"] and snag.vanished == ["part1"]


def test_clear_takes_the_stuck_parts_off_and_the_rest_ride_on():
    plant, _, snag = belt_with([(1, "stick", 400.0)], parts_at=(300.0, 100.0))
    run(plant, 300)
    snag.clear()
    assert snag.stuck == [] and snag.cleared == ["part1"]
    assert [p.name for p in material_flow(plant).parts] == ["part2"]
    x = plant["part2"].x
    run(plant, 50)
    assert plant["part2"].x > x + 80


def test_an_unknown_fault_is_refused():
    plant = Plant(seed=1)
    belt = plant.add(Conveyor("belt", 500, 0))
    with pytest.raises(ValueError, match="stick, vanish"):
        BeltSnag("snag", belt, faults=[(1, "melt", 300.0)])
