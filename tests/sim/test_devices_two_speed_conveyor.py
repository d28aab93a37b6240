"""The two-speed conveyor alone: full speed, slow at slow_ratio of it, the one ramp both ways, and
the coast from each speed."""

from __future__ import annotations

import pytest

from sim.devices.two_speed_conveyor import TwoSpeedConveyor
from sim.plant import Plant
from tests.sim.packing import steps


def belt(ramp_s=0.5):
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(TwoSpeedConveyor("belt", 0, 0, length=1000, speed=200.0, slow_ratio=0.25,
                                             ramp_s=ramp_s))


def test_full_and_slow_speed_and_the_ramp_time():
    plant, b = belt(ramp_s=0.5)
    b.write("run", True)
    steps(plant, 25)
    assert 90.0 <= b.velocity <= 110.0                 # half way up after half the ramp
    steps(plant, 30)
    assert b.read("speed_actual") == 200 and b.read("running")
    b.write("slow", True)
    steps(plant, 60)
    assert b.read("speed_actual") == 50


@pytest.mark.parametrize("slow", [False, True])
def test_the_coast_after_run_drops_is_v_squared_over_twice_the_deceleration(slow):
    plant, b = belt(ramp_s=0.5)
    b.write("slow", slow)
    b.write("run", True)
    steps(plant, 100)
    expected = b.coast_mm()
    assert expected == pytest.approx((50.0 if slow else 200.0) ** 2 / (2 * 400.0))
    start = b.travelled
    b.write("run", False)
    steps(plant, 100)
    assert b.velocity == 0.0 and b.travelled - start == pytest.approx(expected, abs=2.5)


def test_a_slow_ratio_outside_0_1_is_refused():
    with pytest.raises(ValueError):
        TwoSpeedConveyor("belt", 0, 0, speed=100.0, slow_ratio=1.0)
