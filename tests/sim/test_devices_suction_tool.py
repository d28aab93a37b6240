"""The depalletizing cell's devices, apart from any task: the carton pallet
(sim/devices/carton_pallet.py: columns, surfaces, take), the suction tool on a gantry
(sim/devices/suction_tool.py: touch-down at the spring's 5 mm, vacuum build on a good and a leaky
carton, pick only with vacuum_ok, set-down on the belt, drops, crushes, a carton set down onto
another) and the take-away machine that runs its belt only while ready (sim/devices/take_away.py)."""

from __future__ import annotations

import pytest

from sim.devices.axis import Axis
from sim.devices.carton_pallet import CartonPallet
from sim.devices.conveyor import Conveyor
from sim.devices.gantry import Gantry
from sim.devices.suction_tool import SuctionTool
from sim.devices.take_away import TakeAway
from sim.devices.workpiece import Feeder
from sim.plant import Plant


def cell(*, columns=(2, 1), leaky=(), build_s=0.2, leak_build_s=1.0, busy_s=(3.0,), ready_at_s=0.0,
         z_start=1000.0, xy=(600.0, 300.0)):
    plant = Plant(seed=3, substeps=1)
    for a, start in (("x", xy[0]), ("y", xy[1]), ("z", z_start)):
        axis = plant.add(Axis(a, limit_minus_mm=-10, limit_plus_mm=1810, start_mm=start, max_speed=1000,
                              accel=4000, angle_deg=0 if a == "x" else 90))
        axis.write("enable", True)
    plant.add(Gantry("gantry", x="x", y="y", z="z", safe_z_mm=1700))
    pallet = plant.add(CartonPallet("pallet", x=600, y=500, slots=((0, -200), (0, 200)), columns=columns,
                                    carton_mm=200, deck_mm=140, leaky=leaky))
    plant.add(Conveyor("belt", 1900, 500, length=1200, width=600, speed=250, ramp_s=0.05))
    take = plant.add(TakeAway("take", belt="belt", x0=2250, y0=150, x1=2800, y1=850, ready_at_s=ready_at_s,
                              busy_s=busy_s))
    plant.add(Feeder("set_down", 1600, 500))
    tool = plant.add(SuctionTool("tool", gantry="gantry", pallet="pallet", belt="belt", feeder="set_down",
                                 belt_mm=700, place=(1600, 500), build_s=build_s, leak_build_s=leak_build_s,
                                 release_s=0.1))
    return plant, pallet, tool, take


def move(plant, axis, mm, speed=0, limit=3000):
    axis = plant[axis]
    axis.write("speed", speed)
    axis.write("target", round(mm * 10))
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


def test_the_pallet_tells_column_tops_deck_and_off_pallet_and_takes_top_cartons():
    _, pallet, _, _ = cell(columns=(2, 1))
    assert pallet.surface_at(600, 300) == 540 and pallet.surface_at(600, 700) == 340
    assert pallet.surface_at(600, 500) == 140            # between the slots: the deck
    assert pallet.surface_at(1200, 500) is None
    assert pallet.highest_top == 540 and pallet.remaining == 3
    assert pallet.take(1).number == 2 and pallet.take(1).number == 1 and pallet.take(1) is None
    assert pallet.column_top(1) == 140


def test_touch_down_closes_at_5_mm_of_spring_and_a_press_beyond_25_mm_is_a_crush():
    plant, _, tool, _ = cell()
    move(plant, "z", 545.0)
    assert not tool.read("touch_down")
    move(plant, "z", 534.0)
    assert tool.read("touch_down") and not tool.crushes
    move(plant, "z", 520.0)
    assert not tool.crushes
    move(plant, "z", 510.0)
    assert tool.crushes and tool.crushes[0][1] == "carton 2"


def test_vacuum_ok_comes_after_the_build_time_a_leaky_carton_later():
    for leaky, expected in (((), 0.2), ((2,), 1.0)):
        plant, _, tool, _ = cell(leaky=leaky)
        move(plant, "z", 534.0)
        tool.write("vacuum", True)
        scans = 0
        while not tool.read("vacuum_ok") and scans < 300:
            plant.step()
            scans += 1
        assert scans * 0.01 == pytest.approx(expected, abs=0.015)


def test_a_lift_before_vacuum_ok_leaves_the_carton_and_one_after_takes_it():
    plant, pallet, tool, _ = cell(build_s=0.5)
    move(plant, "z", 534.0)
    tool.write("vacuum", True)
    run(plant, 0.2)
    move(plant, "z", 1000.0)
    assert tool.held is None and [c.number for _, c in tool.left_behind] == [2] and pallet.remaining == 3
    move(plant, "z", 534.0)
    run(plant, 0.6)
    assert tool.read("vacuum_ok")
    move(plant, "z", 1000.0)
    assert tool.held.number == 2 and pallet.remaining == 2 and tool.underside_mm == 800.0


def pick(plant, tool, at=534.0):
    move(plant, "z", at)
    tool.write("vacuum", True)
    run(plant, 0.4)
    move(plant, "z", 1750.0)
    move(plant, "x", 1600.0)
    move(plant, "y", 500.0)


def test_a_carton_set_down_on_the_belt_at_the_place_goes_onto_it_and_one_let_go_above_falls():
    plant, _, tool, take = cell()
    pick(plant, tool)
    move(plant, "z", 920.0, speed=100)                   # the carton's bottom 20 mm above the belt
    tool.write("vacuum", False)
    run(plant, 0.3)
    assert [c.number for _, c in tool.dropped] == [2] and not tool.placed
    plant2, _, tool2, take2 = cell()
    pick(plant2, tool2)
    move(plant2, "z", 894.0, speed=100)
    assert tool2.read("touch_down")
    tool2.write("vacuum", False)
    run(plant2, 0.3)
    assert [(c.number, on) for _, c, on in tool2.placed] == [(2, False)] and not tool2.dropped
    move(plant2, "z", 1750.0)
    run(plant2, 4.0)
    assert [name for _, name in take2.received] == ["carton2"]


def test_the_take_away_stops_its_belt_while_busy_so_a_carton_set_down_onto_another_is_logged():
    plant, _, tool, take = cell(ready_at_s=30.0)           # not ready: the belt stands still
    pick(plant, tool)
    move(plant, "z", 894.0, speed=100)
    tool.write("vacuum", False)
    run(plant, 0.3)
    move(plant, "z", 1750.0)
    move(plant, "x", 600.0)
    move(plant, "y", 300.0)
    pick(plant, tool, at=334.0)                            # slot 1's second carton
    move(plant, "z", 1094.0, speed=100)                    # onto the carton lying at the place
    assert tool.read("touch_down")
    tool.write("vacuum", False)
    run(plant, 0.3)
    assert not plant["belt"].read("running") and not take.received
    assert [(c.number, on) for _, c, on in tool.placed] == [(2, False), (1, True)]


def test_the_take_away_runs_its_belt_while_ready_and_stops_it_for_its_busy_time():
    plant, _, _, take = cell(ready_at_s=0.5, busy_s=(2.0,))
    belt = plant["belt"]
    run(plant, 0.2)
    assert not belt.read("running")
    run(plant, 0.4)
    assert belt.read("running")
    plant["set_down"].release({"width": 350, "length": 500, "height_mm": 200})
    for _ in range(1000):
        plant.step()
        if take.received:
            break
    assert not belt.read("running")
    run(plant, 1.9)
    assert not belt.read("running")
    run(plant, 0.2)
    assert belt.read("running")
