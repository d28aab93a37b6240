"""The spaced feeder alone: parts handed on at pitches measured by the belt's travel, so a belt that
stops or runs slow keeps the gaps."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.spaced_feeder import SpacedFeeder
from sim.plant import Plant
from tests.sim.packing import PART, steps


def test_parts_come_at_their_pitches_along_the_belt_whatever_it_does():
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, speed=200.0, ramp_s=0.05))
    feeder = plant.add(SpacedFeeder("up", 30, 0, belt="belt", parts=[PART] * 3, pitch_mm=[100.0, 250.0],
                                    first_after_mm=20.0))
    steps(plant, 5)
    assert not feeder.released                          # the belt has not carried 20 mm yet
    belt.write("run", True)
    steps(plant, 20)
    assert len(feeder.released) == 1
    steps(plant, 40)
    belt.write("run", False)                            # a stop between parts keeps the pitch
    steps(plant, 200)
    belt.write("run", True)
    steps(plant, 300)
    xs = [p.x for p in feeder.released]
    assert len(xs) == 3 and feeder.read("empty")
    assert xs[0] - xs[1] == pytest.approx(100.0, abs=5.0) and xs[1] - xs[2] == pytest.approx(250.0, abs=5.0)


def test_a_missing_pitch_is_refused():
    with pytest.raises(ValueError):
        SpacedFeeder("up", 0, 0, belt="belt", parts=[PART] * 3, pitch_mm=[100.0])
