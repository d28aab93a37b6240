"""The vacuum gripper alone (no task): vacuum build-up to vacuum_ok, a leaky part's chattering
switch, a torn part that never seals, taking a part along on the lift, blow-off at the drop and
a part that falls when the vacuum goes elsewhere."""

from __future__ import annotations

import pytest

from sim.devices.machine import Part, PartPlace
from sim.devices.pneumatics import Cylinder
from sim.devices.vacuum_gripper import HOLD_LEVEL, VacuumGripper
from sim.plant import Plant

SCAN = 0.01


def unit(build_s=0.2, leaky=(), torn=(), parts=(1,)):
    plant = Plant(seed=5, substeps=1)
    x = plant.add(Cylinder("x", 0, 400, angle_deg=0.0, stroke=500, extend_s=0.3, retract_s=0.3))
    z = plant.add(Cylinder("z", 0, 400, angle_deg=-90.0, stroke=200, extend_s=0.2, retract_s=0.2))
    pick = plant.add(PartPlace("pick", 0, 190, supply=[(0.0, Part(n)) for n in parts]))
    drop = plant.add(PartPlace("drop", 500, 100, capacity=None))
    cup = plant.add(VacuumGripper("cup", "x", "z", "pick", "drop", build_s=build_s, leaky=leaky, torn=torn))
    return plant, x, z, pick, drop, cup


def steps(plant, n):
    for _ in range(n):
        plant.step(SCAN)


def until(plant, cond, limit=500):
    for k in range(limit):
        if cond():
            return k
        plant.step(SCAN)
    raise AssertionError("never happened")


def lower_and_suck(plant, z, cup):
    z.write("extend", True)
    until(plant, lambda: z.read("extended"))
    cup.write("vacuum", True)


@pytest.mark.parametrize("build_s", [0.05, 0.3, 0.6])
def test_vacuum_ok_comes_build_s_after_the_vacuum_on_a_part(build_s):
    plant, _, z, _, _, cup = unit(build_s=build_s)
    lower_and_suck(plant, z, cup)
    assert not cup.read("vacuum_ok")
    k = until(plant, lambda: cup.read("vacuum_ok"))
    assert k == pytest.approx(build_s / SCAN, abs=1.01)


def test_no_vacuum_without_a_part_under_the_cup_and_none_from_a_torn_part():
    plant, _, z, _, _, cup = unit()
    cup.write("vacuum", True)                 # cup up in the air
    steps(plant, 100)
    assert not cup.read("vacuum_ok") and cup.level == 0.0
    plant, _, z, _, _, cup = unit(torn=(1,))
    lower_and_suck(plant, z, cup)
    steps(plant, 200)
    assert not cup.read("vacuum_ok") and cup.level < 0.5
    cup.write("vacuum", False)
    steps(plant, 5)
    cup.write("vacuum", True)                  # a second try on the same part
    steps(plant, 5)
    assert cup.attempts == {1: 2}


def test_a_leaky_part_makes_the_switch_chatter_before_it_stays_on():
    plant, _, z, _, _, cup = unit(build_s=0.1, leaky=(1,))
    lower_and_suck(plant, z, cup)
    seen, levels = [], []
    for _ in range(60):
        plant.step(SCAN)
        seen.append(cup.read("vacuum_ok"))
        levels.append(cup.level)
    edges = sum(1 for a, b in zip(seen, seen[1:], strict=False) if a != b)
    assert edges >= 3 and all(seen[-10:])            # chattered, then steady on
    last_off = max(k for k, on in enumerate(seen) if not on)
    assert max(levels[:last_off]) < HOLD_LEVEL       # while it chatters, it would not hold a part


def test_lifting_once_the_vacuum_holds_takes_the_part_and_blow_off_sets_it_down_at_the_drop():
    plant, x, z, pick, drop, cup = unit(build_s=0.1)
    lower_and_suck(plant, z, cup)
    until(plant, lambda: cup.read("vacuum_ok"))
    steps(plant, 10)
    z.write("extend", False)
    until(plant, lambda: z.read("retracted"))
    assert cup.held is not None and cup.held.number == 1 and not pick.read("part_present")
    x.write("extend", True)
    until(plant, lambda: x.read("extended"))
    assert cup.held is not None                       # carried over
    cup.write("vacuum", False)
    cup.write("blow", True)
    k = until(plant, lambda: cup.held is None)
    assert k <= 2 and [p.number for _, p in drop.delivered] == [1] and not cup.dropped


def test_lifting_too_early_leaves_the_part_and_a_vacuum_lost_on_the_way_drops_it():
    plant, _, z, pick, _, cup = unit(build_s=0.5)
    lower_and_suck(plant, z, cup)
    steps(plant, 10)                                  # 0.1 s: far from holding
    z.write("extend", False)
    until(plant, lambda: z.read("retracted"))
    assert cup.held is None and pick.read("part_present") and cup.left_behind
    plant, x, z, _, _, cup = unit(build_s=0.1)
    lower_and_suck(plant, z, cup)
    steps(plant, 30)
    z.write("extend", False)
    until(plant, lambda: z.read("retracted"))
    x.write("extend", True)
    steps(plant, 5)
    cup.write("vacuum", False)                        # half way over: the vacuum decays, it falls
    until(plant, lambda: cup.held is None)
    assert cup.dropped and cup.dropped[0][1].number == 1


def test_the_z_cylinder_rides_on_the_x_rod():
    plant, x, z, *_ = unit()
    x.write("extend", True)
    until(plant, lambda: x.read("extended"))
    steps(plant, 1)
    assert z.x == pytest.approx(500.0) and z.state()["tip_x"] == pytest.approx(500.0)
