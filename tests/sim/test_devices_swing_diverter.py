"""The swing-arm diverter (sim/devices/swing_diverter.py) beside a belt, alone in a small plant."""

from __future__ import annotations

import pytest

from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.swing_diverter import SwingDiverter
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(swing_s=0.4, at_end=False, speed=200.0, approach=0.0):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 600, 0, length=1200, width=100, speed=speed,
                              guide_gaps=(("left", 700, 960),)))
    arm = plant.add(SwingDiverter.beside(belt, "arm", 700, swing_s=swing_s, start_at_end=at_end,
                                         approach_mm=approach))
    lane2 = plant.add(Chute("lane2", 700, 52, 1000, 400))
    lane1 = plant.add(Chute("lane1", 1206, -200, 1500, 200))
    return plant, belt, arm, lane1, lane2


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


@pytest.mark.parametrize("swing_s", [0.2, 0.8])
def test_the_swing_takes_its_time_and_the_end_switches_close_only_at_the_ends(swing_s):
    plant, _, arm, _, _ = cell(swing_s=swing_s)
    assert arm.read("home") and not arm.read("at_end")
    arm.write("divert", True)
    plant.step()
    assert not arm.read("home") and not arm.read("at_end")      # on its way: neither switch
    scans = 1
    while not arm.read("at_end"):
        plant.step()
        scans += 1
    assert scans * 0.01 == pytest.approx(swing_s, abs=0.011)
    arm.write("divert", False)
    run(plant, swing_s + 0.02)
    assert arm.read("home")


@pytest.mark.parametrize("at_end, lane", [(False, 1), (True, 2)])
def test_parts_run_past_a_home_arm_and_are_steered_off_by_an_arm_at_its_end(at_end, lane):
    plant, belt, arm, lane1, lane2 = cell(at_end=at_end, speed=300.0)
    for n in range(3):
        plant.add(Workpiece(f"p{n}", *belt.point(300 - n * 120), width=50, length=50))
    belt.write("run", True)
    arm.write("divert", at_end)
    run(plant, 6.0)
    assert (len(lane1.collected), len(lane2.collected)) == ((3, 0) if lane == 1 else (0, 3))
    assert not arm.hits


def test_the_grid_sees_a_part_in_the_sweep_at_power_up_and_a_moving_arm_hits_it():
    plant, belt, arm, _, _ = cell(at_end=True)
    plant.add(Workpiece("p0", *belt.point(760), width=50, length=50))
    assert arm.read("sweep_occupied")                           # before the first step
    arm.write("divert", False)                                  # swing home over the part
    run(plant, 0.1)
    assert [name for _, name in arm.hits] == ["p0"]             # logged once per swing
    run(plant, 0.5)
    assert len(arm.hits) == 1


def test_the_approach_is_in_the_grid_but_not_in_the_sweep():
    plant, belt, arm, _, _ = cell(approach=60.0)
    part = plant.add(Workpiece("p0", *belt.point(670), width=50, length=50))
    plant.step()
    assert arm.read("sweep_occupied") and not arm.in_sweep(part)
    arm.write("divert", True)
    run(plant, 0.5)
    assert not arm.hits                                         # not in the arm's path: no hit
    far = plant.add(Workpiece("p1", *belt.point(560), width=50, length=50))
    assert not arm.in_grid(far)


def test_unknown_command_and_bad_parameters_are_refused():
    plant, _, arm, _, _ = cell()
    with pytest.raises(KeyError, match="divert"):
        arm.write("swing", True)
    with pytest.raises(ValueError, match="swing time"):
        SwingDiverter("a", 0, 0, home_deg=0, end_deg=30, swing_s=0)
