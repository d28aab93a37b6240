"""The safety light curtain alone (no task): beams broken by parts and persons, response time."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.light_curtain import LightCurtain
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def curtain_plant(response_s=0.02):
    plant = Plant(seed=1)
    belt = plant.add(Conveyor("belt", x=500, y=0, length=1000, width=100, speed=200))
    x, _ = belt.point(600)
    curtain = plant.add(LightCurtain("curtain", x, -80, x, 80, response_s=response_s))
    return plant, belt, curtain


def run_until(plant, done, limit=500):
    for k in range(limit):
        plant.step()
        if done():
            return k + 1
    raise AssertionError("never happened")


def test_clear_with_nothing_in_the_opening():
    plant, _, curtain = curtain_plant()
    for _ in range(10):
        plant.step()
    assert curtain.read("clear") is True and curtain.breaks == 0


def test_a_part_crossing_breaks_it_after_the_response_time_and_clears_behind_it():
    plant, belt, curtain = curtain_plant(response_s=0.05)
    part = plant.add(Workpiece("pallet", *belt.point(400), width=80, length=120))
    belt.write("run", True)
    broke = run_until(plant, lambda: curtain.broken)
    assert curtain.read("clear") is True               # the beams are broken, the output not yet
    tripped = run_until(plant, lambda: not curtain.read("clear"))
    assert tripped in (4, 5)                          # 50 ms response time in 10 ms steps
    run_until(plant, lambda: curtain.read("clear"))
    assert part.x > curtain.x1 + 50 and curtain.breaks == 1 and broke > 0


def test_a_person_in_the_opening_breaks_it_until_they_step_out():
    plant, _, curtain = curtain_plant(response_s=0.0)
    curtain.operate(True)
    plant.step()
    assert curtain.read("clear") is False and curtain.state()["person"]
    curtain.operate(False)
    plant.step()
    assert curtain.read("clear") is True and curtain.breaks == 1


def test_a_break_shorter_than_the_response_time_never_trips_it():
    plant, _, curtain = curtain_plant(response_s=0.05)
    curtain.operate(True)
    plant.step()
    plant.step()
    curtain.operate(False)
    for _ in range(10):
        plant.step()
    assert curtain.breaks == 0 and curtain.read("clear")


def test_bad_geometry_is_refused():
    with pytest.raises(ValueError, match="posts must stand apart"):
        LightCurtain("c", 0, 0, 0, 0)
    with pytest.raises(ValueError, match="response_s"):
        LightCurtain("c", 0, 0, 0, 100, response_s=-1)


def test_a_follower_steps_in_behind_the_part_that_left_and_stays_their_time():
    from sim.devices.light_curtain import Follower

    plant = Plant(seed=1)
    belt = plant.add(Conveyor("belt", x=500, y=0, length=1000, width=100, speed=200))
    x, _ = belt.point(600)
    curtain = plant.add(LightCurtain("curtain", x, -80, x, 80, response_s=0.0,
                                     followers=(Follower(behind=1, delay_s=0.5, stay_s=0.3),)))
    plant.add(Workpiece("pallet", *belt.point(450), width=80, length=120))
    belt.write("run", True)
    run_until(plant, lambda: curtain.broken)
    left = run_until(plant, lambda: not curtain.broken)
    assert not curtain.follower_in and len(curtain.parts_left) == 1
    stepped_in = run_until(plant, lambda: curtain.broken)
    assert stepped_in in (50, 51) and curtain.follower_in and curtain.state()["person"]
    stayed = run_until(plant, lambda: not curtain.broken)
    assert stayed in (29, 30, 31) and curtain.breaks == 2 and left > 0
