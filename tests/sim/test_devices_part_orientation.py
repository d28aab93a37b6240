"""PartOrientation: a part keeps its angle as it is gripped, turns with the wrist while held,
keeps the angle it had when let go, and its placements on the fixture are logged with the error
from 0 deg (mod 180 for a symmetric part)."""

import pytest

from sim.devices.machine import Part, PartPlace
from sim.devices.part_orientation import PartOrientation, angle_error
from sim.devices.robot import Robot, Station
from sim.devices.rotary_axis import RotaryAxis
from sim.plant import Plant


def test_angle_error_folds_by_the_shapes_period():
    assert angle_error(359.0, False) == pytest.approx(1.0)
    assert angle_error(181.5, False) == pytest.approx(178.5)
    assert angle_error(181.5, True) == pytest.approx(1.5)
    assert angle_error(-725.0, False) == pytest.approx(5.0)


def _cell(angle=30.0, symmetric=()):
    plant = Plant(seed=1, substeps=1)
    infeed = plant.add(PartPlace("infeed", 0.0, -250.0, supply=[(0.0, Part(1))]))
    fixture = plant.add(PartPlace("fixture", 500.0, -250.0))
    robot = plant.add(Robot("robot", [Station(2, "infeed", 0.0, -250.0, infeed),
                                      Station(4, "fixture", 500.0, -250.0, fixture)],
                            lane_y=0.0, start_station=2, speed_x=1000.0, speed_y=1000.0, settle_s=0.02,
                            grip_time_s=0.1))
    wrist = plant.add(RotaryAxis("wrist", start_deg=100.0, max_speed=360.0, accel=3600.0, settle_s=0.02))
    orient = plant.add(PartOrientation("orientation", robot="robot", wrist="wrist", fixture="fixture",
                                       angles={1: angle}, symmetric=set(symmetric), follow_y=200.0))
    plant.step()
    return plant, robot, wrist, orient


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def test_a_held_part_turns_with_the_wrist_and_is_logged_where_it_is_set_down():
    plant, robot, wrist, orient = _cell(angle=30.0)
    robot.write("grip", True)
    _run(plant, 0.2)
    part = robot.held
    assert part is not None and orient.angle_of(part) == pytest.approx(30.0)
    wrist.write("enable", True)
    wrist.write("target", 700)         # 70 deg: -30 deg the short way
    wrist.write("start", True)
    _run(plant, 0.5)
    assert orient.angle_of(part) == pytest.approx(0.0, abs=0.01) and orient.error_of(part) < 0.01
    assert wrist.center == (robot.x, 200.0)
    robot.write("target", 4)
    robot.write("start", True)
    _run(plant, 1.5)
    robot.write("grip", False)
    _run(plant, 0.2)
    assert orient.placements and orient.placements[0][1] == 1 and orient.placements[0][3] < 0.01
    assert orient.angle_of(part) == pytest.approx(0.0, abs=0.01)     # it keeps the angle it had
