"""The chute flap alone (no task): material goes left with the flap's cylinder retracted, right
with it extended, spills while the flap is part way over (logged once per spill), and the flap
takes its cylinder's stroke time to go over."""

from __future__ import annotations

import pytest

from sim.devices.chute_flap import ChuteFlap
from sim.devices.mixer import Mixer
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant
from tests.sim.weighing import steps


def chute():
    plant = Plant(seed=1, substeps=1)
    cyl = plant.add(Cylinder("flap", 0, 100, stroke=50.0, extend_s=0.5, retract_s=0.5))
    left = plant.add(Mixer("left", -200, -300))
    right = plant.add(Mixer("right", 200, -300))
    flap = plant.add(ChuteFlap("chute", 0, 120, flap="flap", left="left", right="right"))
    return plant, cyl, flap, left, right


def test_retracted_sends_left_extended_sends_right():
    plant, cyl, flap, left, right = chute()
    steps(plant, 1)
    flap.add(100.0, "A")
    assert left.contents == {"A": 100.0} and right.total_g() == 0.0
    cyl.write("extend", True)
    steps(plant, 49)
    assert flap.route() is None                      # still on its way over
    steps(plant, 2)
    assert cyl.read("extended") and flap.route() == "right"
    flap.add(40.0, "B")
    assert right.contents == {"B": 40.0} and left.total_g() == pytest.approx(100.0)


def test_material_falling_on_a_flap_part_way_over_spills_once_per_spill():
    plant, cyl, flap, left, right = chute()
    cyl.write("extend", True)
    steps(plant, 20)
    flap.add(30.0)
    steps(plant, 1)
    flap.add(20.0)
    assert flap.spilled_g == pytest.approx(50.0) and len(flap.spills) == 1
    assert left.total_g() == 0.0 and right.total_g() == 0.0
    steps(plant, 60)
    flap.add(10.0)
    assert flap.spilled_g == pytest.approx(50.0) and right.total_g() == pytest.approx(10.0)
    cyl.write("extend", False)
    steps(plant, 10)
    flap.add(5.0)
    assert len(flap.spills) == 2
