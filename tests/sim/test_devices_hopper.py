"""The hopper (sim/devices/hopper.py) over a bowl feeder, alone in a small plant: fill rate, its
runs, overfilling the bowl, the empty switch and the operator's top-up after the alarm."""

from __future__ import annotations

import pytest

from sim.devices.bowl_feeder import BowlFeeder
from sim.devices.hopper import Hopper
from sim.devices.panel import Lamp
from sim.plant import Plant


def cell(level):
    plant = Plant(seed=3, substeps=1)
    bowl = plant.add(BowlFeeder("bowl", 0, 0, level=level, capacity=50, low_mark=15, first_demand_s=100.0))
    return plant, bowl


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def test_the_hopper_fills_the_bowl_at_its_rate_and_logs_overfilling():
    plant, bowl = cell(level=40)
    hopper = plant.add(Hopper("hopper", 0, 0, into="bowl", contents=100, fill_rate=5.0))
    hopper.write("feed", True)
    run(plant, 2.0)
    assert bowl.level == 50 and hopper.contents == 90 and not bowl.overfilled
    run(plant, 0.3)
    assert bowl.overfilled
    hopper.write("feed", False)
    assert hopper.runs == [[0.0, 2.3]]


def test_an_empty_hopper_is_topped_up_once_the_alarm_has_been_lit_long_enough():
    plant, bowl = cell(level=10)
    lamp = plant.add(Lamp("alarm", label="empty"))
    hopper = plant.add(Hopper("hopper", 0, 0, into="bowl", contents=4, fill_rate=4.0, alarm="alarm",
                              refill=50, refill_s=2.0))
    hopper.write("feed", True)
    run(plant, 1.5)
    assert hopper.read("empty") and bowl.level == 14 and hopper.empty_since == pytest.approx(1.0, abs=0.02)
    run(plant, 3.0)
    assert hopper.contents == 0                 # nobody called the operator
    lamp.write("on", True)
    run(plant, 1.9)
    assert hopper.contents == 0
    run(plant, 0.2)
    assert not hopper.read("empty") and hopper.refills
