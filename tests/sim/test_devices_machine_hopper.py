"""The machine hopper (sim/devices/machine_hopper.py) alone in a small plant: parts arriving in
its mouth, the level switches' edges, the machine's cycle, stops, late start and quota, a
machine starving on an empty hopper, and a part into a full hopper."""

from __future__ import annotations

import pytest

from sim.devices.machine_hopper import MachineHopper
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(**kw):
    plant = Plant(seed=1, substeps=1)
    args = dict(capacity=10, low_mark=2, high_mark=6, level=4, rate=1.0, quota=100)
    args.update(kw)
    hopper = plant.add(MachineHopper("hopper", 0, 0, 100, 100, **args))
    return plant, hopper


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def drop(plant, n=1):
    for i in range(n):
        plant.add(Workpiece(f"p{plant.tick}_{i}", 50, 50, shape="circle", width=20))
        plant.step()            # the mouth takes one part per step


def test_level_switches_follow_the_count_both_ways():
    plant, hopper = cell(level=2, rate=0.01)
    assert hopper.read("low") and not hopper.read("high")
    drop(plant)
    assert hopper.level == 3 and not hopper.read("low")
    drop(plant, 3)
    assert hopper.level == 6 and hopper.read("high")


def test_the_machine_takes_one_part_per_cycle():
    plant, hopper = cell(level=5, rate=2.0)
    run(plant, 1.01)
    assert hopper.consumed == 2 and hopper.level == 3
    assert hopper.read("low") is False
    run(plant, 0.5)
    assert hopper.consumed == 3 and hopper.level == 2 and hopper.read("low")
    run(plant, 0.5)
    assert hopper.level == 1


def test_a_machine_on_an_empty_hopper_waits_and_the_wait_is_logged():
    plant, hopper = cell(level=1, rate=1.0)
    run(plant, 2.5)             # the second part was due at 2 s: it waits
    assert hopper.consumed == 1 and hopper.waiting
    assert hopper.starved[-1][0] == pytest.approx(2.0, abs=0.02)
    assert hopper.waited_s() == pytest.approx(0.5, abs=0.02)
    drop(plant)
    assert not hopper.waiting and hopper.consumed == 2 and hopper.level == 0
    assert hopper.starved[-1][1] == pytest.approx(2.51, abs=0.02)


def test_stops_and_late_start_take_nothing_and_do_not_starve():
    plant, hopper = cell(level=0, rate=1.0, start_s=1.0, stops=[(3.0, 6.0)])
    run(plant, 1.5)
    assert not hopper.starved              # not started yet
    run(plant, 1.0)
    assert hopper.waiting                  # its first cycle fell due at 2 s with nothing there
    run(plant, 1.0)
    assert not hopper.waiting and not hopper.running()    # stopped at 3 s: the wait ends
    drop(plant, 2)
    run(plant, 2.0)
    assert hopper.level == 2 and hopper.consumed == 0
    run(plant, 1.2)
    assert hopper.consumed == 1 and hopper.running()


def test_the_machine_is_done_after_its_quota():
    plant, hopper = cell(level=5, rate=2.0, quota=3)
    assert not hopper.read("done")
    run(plant, 3.0)
    assert hopper.consumed == 3 and hopper.level == 2 and hopper.read("done") and not hopper.running()
    run(plant, 2.0)
    assert hopper.consumed == 3 and not hopper.starved


def test_a_part_into_a_full_hopper_is_logged():
    plant, hopper = cell(level=9, capacity=10, rate=0.01)
    drop(plant)
    assert hopper.level == 10 and hopper.read("full") and not hopper.overfilled
    drop(plant)
    assert len(hopper.overfilled) == 1


def test_marks_must_be_ordered():
    with pytest.raises(ValueError):
        MachineHopper("h", 0, 0, 1, 1, capacity=10, low_mark=6, high_mark=4)
