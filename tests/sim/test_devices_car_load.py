"""CarLoad: the car's weight word changes only at door openings, with the overload stop."""

from sim.devices.car_load import CarLoad
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant

DT = 0.01


def _plant(**kw):
    plant = Plant(seed=1, substeps=1)
    door = plant.add(Cylinder("door", 0.0, 0.0, stroke=100.0, extend_s=0.5, retract_s=0.5))
    load = plant.add(CarLoad("load", door="door", **kw))
    return plant, door, load


def _run(plant, seconds):
    for _ in range(round(seconds / DT)):
        plant.step(DT)


def test_load_changes_only_after_the_door_stood_open_for_change_s():
    plant, door, load = _plant(start_kg=200, loads=(450, 80), change_s=1.0)
    _run(plant, 2.0)
    assert load.read("value") == 200 and load.openings == 0      # door shut: nothing changes
    door.write("extend", True)
    _run(plant, 0.5)                                              # fully open now
    assert load.openings == 1 and load.read("value") == 200
    _run(plant, 0.9)
    assert load.read("value") == 200
    _run(plant, 0.15)
    assert load.read("value") == 450
    door.write("extend", False)
    _run(plant, 1.0)
    door.write("extend", True)
    _run(plant, 1.6)
    assert load.openings == 2 and load.read("value") == 80


def test_a_door_shut_again_before_change_s_changes_nothing_and_reopening_is_the_same_stop():
    plant, door, load = _plant(start_kg=100, loads=(600, 300), change_s=1.0)
    door.write("extend", True)
    _run(plant, 0.8)
    door.write("extend", False)
    _run(plant, 0.2)                       # not yet closed: still the first opening
    door.write("extend", True)
    _run(plant, 0.3)
    assert load.openings == 1 and load.read("value") == 100
    _run(plant, 1.1)
    assert load.read("value") == 600


def test_overload_stop_goes_over_rated_for_its_time_then_to_its_load():
    plant, door, load = _plant(start_kg=100, loads=(400, 700), overload=(2, 1250, 3.0), rated_kg=1000)
    door.write("extend", True)
    _run(plant, 2.0)
    assert load.read("value") == 400 and not load.overloaded
    door.write("extend", False)
    _run(plant, 1.0)
    door.write("extend", True)
    _run(plant, 1.6)                        # open at 0.5 s, overload from 1.5 s
    assert load.read("value") == 1250 and load.overloaded and load.read("value") > 1000
    _run(plant, 2.8)
    assert load.overloaded
    _run(plant, 0.3)
    assert load.read("value") == 700 and not load.overloaded
