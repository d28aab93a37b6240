"""ToolChanger: the bistable coupling's stroke and feedback, fetching and parking a tool at a
rack slot, the tool id read only when locked, a tool dropped by opening away from the rack or
torn off a half-locked coupling on the move, a jamming lock stroke and its retry."""

from sim.devices.machine import PartPlace
from sim.devices.robot import Robot, Station
from sim.devices.tool_changer import ToolChanger
from sim.plant import Plant


def _cell(mounted=0, start=3, lock_s=0.2, fail_locks=()):
    plant = Plant(seed=1, substeps=1)
    place = plant.add(PartPlace("infeed", 0.0, -200.0))
    stations = [Station(1, "infeed", 0.0, -200.0, place), Station(3, "slot 1", 800.0, -180.0),
                Station(4, "slot 2", 1000.0, -180.0)]
    robot = plant.add(Robot("robot", stations, lane_y=0.0, start_station=start, speed_x=1000.0, speed_y=500.0,
                            settle_s=0.05))
    changer = plant.add(ToolChanger("changer", robot="robot", slots={3: 1, 4: 2}, mounted=mounted,
                                    lock_s=lock_s, fail_locks=fail_locks))
    return plant, robot, changer


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def _move(plant, robot, station):
    robot.write("target", station)
    robot.write("start", True)
    plant.step()
    robot.write("start", False)
    while robot.busy:
        plant.step()


def test_power_up_a_mounted_tool_is_locked_and_its_slot_empty():
    _, _, changer = _cell(mounted=2, start=4)
    assert changer.read("locked") and changer.read("tool_id") == 2
    assert changer.read("tool_in_slot_1") and not changer.read("tool_in_slot_2")


def test_a_lock_stroke_takes_lock_s_and_fetches_the_tool_under_an_empty_flange():
    plant, robot, changer = _cell(start=3, lock_s=0.2)
    changer.write("lock", True)
    _run(plant, 0.19)
    assert not changer.read("locked") and not changer.read("unlocked") and changer.read("tool_id") == 0
    _run(plant, 0.01)
    assert changer.read("locked") and changer.read("tool_id") == 1 and changer.fetched == [(0.2, 3, 1)]
    changer.write("lock", False)              # neither solenoid: the coupling stays locked
    _run(plant, 0.5)
    assert changer.read("locked")
    _move(plant, robot, 1)
    assert changer.mounted == 1 and not changer.read("tool_in_slot_1")


def test_opening_at_the_tools_own_slot_parks_it_and_elsewhere_drops_it():
    plant, robot, changer = _cell(mounted=1, start=3)
    changer.write("unlock", True)
    _run(plant, 0.2)
    assert changer.read("unlocked") and changer.parked == [(0.2, 3, 1)] and changer.read("tool_in_slot_1")
    assert changer.opened_with_tool == [(0.01, 1, 3)]
    plant2, robot2, changer2 = _cell(mounted=1, start=1)
    changer2.write("unlock", True)
    _run(plant2, 0.2)
    assert changer2.mounted == 0 and changer2.dropped == [(0.2, 1, "away from the rack")]
    assert changer2.opened_with_tool == [(0.01, 1, 0)]


def test_moving_with_the_coupling_half_way_tears_the_tool_off():
    plant, robot, changer = _cell(mounted=1, start=3, lock_s=0.4)
    changer.write("unlock", True)
    _run(plant, 0.1)
    robot.write("target", 1)
    robot.write("start", True)
    _run(plant, 0.05)
    assert changer.half_locked_moves and changer.mounted == 0
    assert changer.dropped[0][2] == "torn off a half-locked coupling"


def test_a_jamming_lock_stroke_stops_short_until_opened_and_closed_again():
    plant, robot, changer = _cell(start=4, lock_s=0.2, fail_locks=(1,))
    changer.write("lock", True)
    _run(plant, 1.0)
    assert changer.jammed and not changer.read("locked") and changer.coupling == 0.6
    changer.write("lock", False)
    changer.write("unlock", True)
    _run(plant, 0.2)
    assert changer.read("unlocked")
    changer.write("unlock", False)
    changer.write("lock", True)
    _run(plant, 0.2)
    assert changer.read("locked") and changer.read("tool_id") == 2
