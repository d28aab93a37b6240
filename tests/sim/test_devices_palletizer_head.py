"""The palletizer head (sim/devices/palletizer_head.py), apart from any task: a carton taken at
the pick only with vacuum_ok (left behind before it), the vacuum's build time, laid on the layer
pallet at the tool's X/Y and the wrist's turn with its bottom where it was let go (the height over
the surface logged), a drop where no pallet is under it, a press beyond the spring a crush."""

from __future__ import annotations

import pytest

from sim.devices.axis import Axis
from sim.devices.gantry import Gantry
from sim.devices.layer_pallet import LayerPallet
from sim.devices.palletizer_head import PalletizerHead
from sim.devices.rotary_axis import RotaryAxis
from sim.devices.workpiece import Feeder
from sim.plant import Plant

CARTON = {"name": "carton1", "code": 1, "width": 250, "length": 350, "height_mm": 200, "mass": 2.0}


def cell(build_s=0.3):
    plant = Plant(seed=2, substeps=1)
    for a, start in (("x", 1700.0), ("y", 500.0), ("z", 1400.0)):
        axis = plant.add(Axis(a, limit_minus_mm=-10, limit_plus_mm=1810, start_mm=start, max_speed=1000,
                              accel=4000, angle_deg=0 if a == "x" else 90))
        axis.write("enable", True)
    wrist = plant.add(RotaryAxis("w", center=(2200, 900), radius_mm=60, max_speed=360, accel=2000))
    wrist.write("enable", True)
    plant.add(Gantry("gantry", x="x", y="y", z="z", safe_z_mm=1500))
    pallet = plant.add(LayerPallet("pallet", x=600, y=500, deck_mm=150))
    infeed = plant.add(Feeder("infeed", 1700, 500))
    head = plant.add(PalletizerHead("head", gantry="gantry", wrist="w", pallet="pallet", infeed="infeed",
                                    pick=(1700, 500), infeed_mm=700, build_s=build_s, release_s=0.1))
    infeed.release(dict(CARTON))
    return plant, head, pallet


def move(plant, axis, target, limit=3000):
    axis = plant[axis]
    axis.write("target", round(target * 10))
    axis.write("start", False)
    axis.write("start", True)
    for _ in range(limit):
        plant.step()
        if not axis.moving_to_target and axis.vel == 0.0:
            break
    axis.write("start", False)


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step()


def pick(plant, head, wait=0.5):
    move(plant, "z", 895.0)                 # the carton's top at 900: the pad pressed 5 mm
    head.write("vacuum", True)
    run(plant, wait)
    move(plant, "z", 1500.0)


def test_vacuum_ok_comes_after_the_build_time_and_a_lift_before_it_leaves_the_carton():
    plant, head, _ = cell(build_s=0.4)
    move(plant, "z", 895.0)
    head.write("vacuum", True)
    scans = 0
    while not head.read("vacuum_ok") and scans < 200:
        plant.step()
        scans += 1
    assert scans * 0.01 == pytest.approx(0.4, abs=0.015)
    plant2, head2, _ = cell(build_s=0.4)
    pick(plant2, head2, wait=0.2)
    assert head2.held is None and head2.left_behind and head2.carton_at_pick() is not None


def test_a_carton_is_laid_at_the_tool_point_turned_by_the_wrist_its_height_over_the_deck_logged():
    plant, head, pallet = cell()
    pick(plant, head)
    assert head.held is not None and head.carton_at_pick() is None and [n for _, n in head.picked] == [1]
    move(plant, "w", 90.0)
    move(plant, "x", 425.0)
    move(plant, "y", 375.0)
    move(plant, "z", 352.0)                 # the carton's bottom 2 mm over the deck at 150
    head.write("vacuum", False)
    run(plant, 0.3)
    (laid,) = pallet.cartons
    assert (laid.number, laid.x, laid.y, laid.angle_deg, laid.bottom_mm) == (1, 425.0, 375.0, 90.0, 152.0)
    assert head.released == [(pytest.approx(laid.time_s), 1, 2.0)]
    assert pallet.surface_at(425, 375) == 352.0


def test_let_go_off_the_pallet_is_a_drop_and_pressed_past_the_spring_a_crush():
    plant, head, pallet = cell()
    pick(plant, head)
    move(plant, "x", 1500.0)                # the carried carton clear of the pallet's deck
    head.write("vacuum", False)
    run(plant, 0.3)
    assert head.released[0][2] is None and not pallet.cartons
    plant2, head2, _ = cell()
    move(plant2, "z", 870.0)                # 30 mm into the carton at the pick
    assert head2.crushes and head2.crushes[0][1] == "carton1 at the pick"


def test_pick_clear_only_with_the_head_away_from_the_pick_or_high_over_it():
    plant, head, _ = cell()
    assert head.read("pick_clear")                   # Z at 1400: 700 mm over the infeed
    move(plant, "z", 1000.0)
    assert not head.read("pick_clear")
    move(plant, "x", 1200.0)
    assert head.read("pick_clear")


def test_a_second_line_has_its_own_pick_pallet_and_pick_clear():
    plant = Plant(seed=2, substeps=1)
    for a, start in (("x", 1700.0), ("y", 1500.0), ("z", 1400.0)):
        axis = plant.add(Axis(a, limit_minus_mm=-10, limit_plus_mm=2010, start_mm=start, max_speed=1000,
                              accel=4000, angle_deg=0 if a == "x" else 90))
        axis.write("enable", True)
    wrist = plant.add(RotaryAxis("w", center=(2200, 900), radius_mm=60, max_speed=360, accel=2000))
    wrist.write("enable", True)
    plant.add(Gantry("gantry", x="x", y="y", z="z", safe_z_mm=1500))
    first = plant.add(LayerPallet("pallet", x=600, y=500, deck_mm=150))
    second = plant.add(LayerPallet("pallet_b", x=600, y=1500, deck_mm=150))
    plant.add(Feeder("infeed", 1700, 500))
    infeed_b = plant.add(Feeder("infeed_b", 1700, 1500))
    head = plant.add(PalletizerHead("head", gantry="gantry", wrist="w", pallet="pallet", infeed="infeed",
                                    pick=(1700, 500), infeed_mm=700, release_s=0.1,
                                    lines=(("pallet_b", "infeed_b", (1700, 1500)),)))
    infeed_b.release(dict(CARTON))
    assert head.carton_at_pick(1) is not None and head.carton_at_pick(0) is None
    plant["infeed"].release({**CARTON, "name": "carton2", "code": 2})
    move(plant, "y", 500.0)
    pick(plant, head)                       # at line 1's pick: its own carton, never line 2's
    assert head.held_number == 2 and head.carton_at_pick(1) is not None
    move(plant, "x", 1500.0)
    head.write("vacuum", False)
    run(plant, 0.3)                         # let go off any pallet: a drop, logged
    move(plant, "x", 1700.0)
    move(plant, "y", 1500.0)
    move(plant, "z", 1000.0)
    assert head.read("pick_clear") and not head.read("pick_clear_2") and head.read("pick_clear_1")
    pick(plant, head)
    assert head.held is not None
    move(plant, "x", 600.0)
    move(plant, "z", 352.0)                 # over line 2's pallet, the carton's bottom 2 mm over its deck
    head.write("vacuum", False)
    run(plant, 0.3)
    assert not first.cartons and [c.number for c in second.cartons] == [1] and head.laid == 1
    assert head.released[0][2] is None and head.released[-1][2] == 2.0
