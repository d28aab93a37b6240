"""Robot, machining cell and part places, each driven alone in a small plant."""

from __future__ import annotations

import pytest

from sim.devices.machine import MachiningCell, Part, PartPlace
from sim.devices.robot import Robot, Station
from sim.plant import Plant

SCAN = 0.01


def make_cell_plant(**robot_kw):
    plant = Plant(seed=3, substeps=1)
    infeed = plant.add(PartPlace("infeed", 0, -250))
    outfeed = plant.add(PartPlace("outfeed", 1200, -250))
    cell = plant.add(MachiningCell("cell", 600, 450, width=360, depth=400, door_time_s=0.5,
                                   process_min_s=1.0, process_max_s=1.0))
    stations = [Station(1, "infeed", 0, -250, infeed), Station(2, "cell", 600, 450, cell.fixture),
                Station(3, "outfeed", 1200, -250, outfeed), Station(9, "home", 600, 0)]
    kw = dict(lane_y=0, start_station=9, speed_x=1000, speed_y=500, settle_s=0.1, grip_time_s=0.2)
    kw.update(robot_kw)
    robot = plant.add(Robot("robot", stations, **kw))
    return plant, robot, cell, infeed, outfeed


def run_until(plant, cond, limit_s=20.0):
    t = 0.0
    while t < limit_s:
        if cond():
            return t
        plant.step(SCAN)
        t += SCAN
    raise AssertionError("condition never became true")


def move(plant, robot, number):
    robot.write("target", number)
    robot.write("start", True)
    plant.step(SCAN)
    robot.write("start", False)
    return run_until(plant, lambda: robot.read("in_position"))


def test_move_time_follows_distance_and_speed_along_the_safe_path():
    plant, robot, *_ = make_cell_plant()
    assert robot.read("at_position") == 9 and robot.read("in_position")
    t = move(plant, robot, 1)
    # home (600,0) -> lane x 0 at 1000 mm/s = 0.6 s, reach 250 mm at 500 mm/s = 0.5 s, settle 0.1 s
    assert t == pytest.approx(1.2 - SCAN, abs=0.021)
    assert robot.read("at_position") == 1 and (robot.x, robot.y) == (0, -250)
    slow_plant, slow_robot, *_ = make_cell_plant(speed_x=250, speed_y=250)
    assert move(slow_plant, slow_robot, 1) > 3.0


def test_path_enters_the_cell_only_through_its_door_line():
    plant, robot, cell, *_ = make_cell_plant()
    move(plant, robot, 1)
    robot.write("target", 2)
    robot.write("start", True)
    plant.step(SCAN)
    assert robot.read("busy") and not robot.read("in_position")
    positions = []
    while not robot.read("in_position"):
        plant.step(SCAN)
        positions.append((robot.x, robot.y))
        assert robot.read("at_position") == 0 or robot.read("in_position")
    inside = [p for p in positions if cell.contains(*p)]
    assert inside and all(abs(x - cell.x) < 1e-9 for x, _ in inside)


def test_start_while_busy_is_ignored_and_unknown_target_sets_error():
    plant, robot, *_ = make_cell_plant()
    robot.write("target", 1)
    robot.write("start", True)
    plant.step(SCAN)
    robot.write("start", False)
    plant.step(SCAN)
    robot.write("target", 3)
    robot.write("start", True)
    plant.step(SCAN)
    run_until(plant, lambda: not robot.read("busy"))
    assert robot.read("at_position") == 1 and robot.ignored_starts == 1
    robot.write("start", False)
    robot.write("target", 7)
    plant.step(SCAN)
    robot.write("start", True)
    plant.step(SCAN)
    assert robot.read("error") and not robot.read("busy") and robot.read("at_position") == 1


def test_gripper_holds_only_a_real_part_and_the_part_follows_the_tool():
    plant, robot, cell, infeed, outfeed = make_cell_plant()
    move(plant, robot, 1)
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("gripper_closed"))
    assert not robot.read("part_held")                    # nothing on the infeed: closed empty
    robot.write("grip", False)
    run_until(plant, lambda: robot.read("gripper_open"))
    infeed.place_initial(Part(1))
    plant.step(SCAN)
    assert infeed.read("part_present")
    robot.write("grip", True)
    t = run_until(plant, lambda: robot.read("part_held"))
    assert t == pytest.approx(0.6 * 0.2, abs=0.015)       # jaws reach the part at 60 % of travel
    assert not robot.read("gripper_closed") and not infeed.read("part_present")
    move(plant, robot, 3)
    assert (robot.held.x, robot.held.y) == (1200, -250)
    robot.write("grip", False)
    run_until(plant, lambda: not robot.read("part_held"))
    assert outfeed.read("part_present") and outfeed.delivered[0][1].number == 1


def test_every_pick_is_recorded_with_the_station_it_was_made_at():
    plant, robot, cell, infeed, outfeed = make_cell_plant()
    move(plant, robot, 1)
    infeed.place_initial(Part(7))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    assert [(p.number, st.number) for _, p, st in robot.picks] == [(7, 1)]
    robot.write("grip", False)                             # set it down where it was, pick again
    run_until(plant, lambda: not robot.read("part_held"))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    assert [(p.number, st.number) for _, p, st in robot.picks] == [(7, 1), (7, 1)]
    assert robot.picks[1][0] > robot.picks[0][0]


def test_opening_away_from_a_station_drops_the_part():
    plant, robot, _, infeed, _ = make_cell_plant()
    infeed.place_initial(Part(5))
    move(plant, robot, 1)
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    robot.write("target", 3)
    robot.write("start", True)
    for _ in range(40):
        plant.step(SCAN)
    robot.write("grip", False)
    run_until(plant, lambda: not robot.read("part_held"))
    assert robot.read("busy") and robot.dropped and robot.dropped[0][1].number == 5


def test_setting_a_part_on_an_occupied_place_is_counted():
    plant, robot, _, infeed, outfeed = make_cell_plant()
    infeed.place_initial(Part(1))
    outfeed.place_initial(Part(2))
    move(plant, robot, 1)
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    move(plant, robot, 3)
    robot.write("grip", False)
    run_until(plant, lambda: robot.read("gripper_open"))
    assert outfeed.double_placements == 1 and len(outfeed.parts) == 2


def test_cell_door_travel_end_switches_and_lock_while_busy():
    plant, _, cell, *_ = make_cell_plant()
    assert cell.read("door_closed") and not cell.read("door_open")
    cell.write("open_door", True)
    t = run_until(plant, lambda: cell.read("door_open"))
    assert t == pytest.approx(0.5, abs=0.015)
    cell.write("open_door", False)
    cell.write("close_door", True)
    plant.step(SCAN)
    assert not cell.read("door_open") and not cell.read("door_closed")   # mid-travel: neither switch
    cell.write("close_door", False)
    for _ in range(10):
        plant.step(SCAN)
    assert not cell.read("door_open") and not cell.read("door_closed")   # valve holds the door
    cell.write("close_door", True)
    run_until(plant, lambda: cell.read("door_closed"))
    cell.write("start", True)
    plant.step(SCAN)
    assert cell.read("busy")
    cell.write("close_door", False)
    cell.write("open_door", True)
    for _ in range(30):
        plant.step(SCAN)
    assert cell.read("door_closed")                                     # locked while processing


def test_cycle_start_refused_with_door_open_and_result_reflects_the_part():
    plant, _, cell, *_ = make_cell_plant()
    cell.write("open_door", True)
    run_until(plant, lambda: cell.read("door_open"))
    cell.write("start", True)
    plant.step(SCAN)
    assert not cell.read("busy") and cell.refused_starts == 1
    cell.write("start", False)
    cell.fixture.place_initial(Part(1, defective=True))
    cell.write("open_door", False)
    cell.write("close_door", True)
    run_until(plant, lambda: cell.read("door_closed"))
    cell.write("start", True)
    t = run_until(plant, lambda: cell.read("done"))
    assert t == pytest.approx(1.0, abs=0.015)
    assert not cell.read("result_good") and cell.fixture.parts[0].processed
    cell.fixture.take()
    plant.step(SCAN)
    assert not cell.read("done") and not cell.read("part_present")


def test_a_cycle_on_an_empty_fixture_machines_nothing():
    plant, _, cell, *_ = make_cell_plant()
    cell.write("start", True)                              # door closed, fixture empty
    run_until(plant, lambda: cell.read("done"))
    assert cell.cycles == 1 and cell.machined == [] and not cell.read("result_good")
    cell.write("start", False)
    part = Part(4)
    cell.fixture.place_initial(part)
    plant.step(SCAN)
    cell.write("start", True)
    run_until(plant, lambda: cell.read("busy"))
    run_until(plant, lambda: cell.read("done"))
    assert cell.cycles == 2 and cell.machined == [part] and part.processed


def test_processing_times_are_drawn_from_the_seeded_range():
    def cycle_times(seed):
        plant = Plant(seed=seed, substeps=1)
        cell = plant.add(MachiningCell("c", 0, 0, process_min_s=2.0, process_max_s=6.0))
        times = []
        for _ in range(4):
            cell.write("start", True)
            plant.step(SCAN)
            cell.write("start", False)
            times.append(cell.cycle_s)
            run_until(plant, lambda: cell.read("done"))
        return times

    a, b = cycle_times(1), cycle_times(1)
    assert a == b and all(2.0 <= t <= 6.0 for t in a) and len(set(a)) == 4
    assert cycle_times(2) != a


def test_magazine_presents_parts_one_at_a_time_and_outfeed_takes_them_away():
    plant = Plant(seed=0, substeps=1)
    mag = plant.add(PartPlace("mag", 0, 0, supply=[(0.5, Part(1)), (0.6, Part(2))], refill_s=0.3))
    out = plant.add(PartPlace("out", 0, 0, takeaway_s=1.0))
    t = run_until(plant, lambda: mag.read("part_present"))
    assert t == pytest.approx(0.5, abs=0.015) and mag.parts_waiting == 1
    out.put(mag.take())
    assert not mag.read("part_present") and out.read("part_present")
    t = run_until(plant, lambda: mag.read("part_present"))
    assert t == pytest.approx(0.3, abs=0.015)
    t = run_until(plant, lambda: not out.read("part_present"))
    assert t == pytest.approx(0.7, abs=0.015) and out.taken_away[0][1].number == 1


def test_state_carries_geometry_for_drawing():
    plant, robot, cell, infeed, _ = make_cell_plant()
    rs, cs, ps = robot.state(), cell.state(), infeed.state()
    assert {"x", "y", "lane_y", "rail", "jaw", "stations"} <= rs.keys()
    assert {"x", "y", "width", "depth", "door", "door_y", "busy"} <= cs.keys()
    assert {"x", "y", "size", "part_present"} <= ps.keys()


def test_a_part_held_at_power_up_stays_held_while_grip_is_on_and_drops_when_opened_away():
    plant, robot, *_ = make_cell_plant()
    robot.hold_at_power_up(Part(4))
    assert robot.read("part_held") and not robot.read("gripper_open") and not robot.read("gripper_closed")
    robot.write("grip", True)
    for _ in range(50):
        plant.step(SCAN)
    assert robot.read("part_held") and robot.held.number == 4
    robot.write("target", 3)
    robot.write("start", True)
    plant.step(SCAN)
    robot.write("grip", False)          # opened on the way: the part falls where the tool is
    run_until(plant, lambda: not robot.read("part_held"))
    assert robot.dropped and robot.dropped[0][1].number == 4


def test_path_to_a_station_shrinks_all_along_the_move_there():
    plant, robot, *_ = make_cell_plant()
    assert robot.path_to(9) == 0.0
    assert robot.path_to(1) == pytest.approx(600 + 250)        # along the lane, then out
    robot.write("target", 1)
    robot.write("start", True)
    left = [robot.path_to(1)]
    plant.step(SCAN)
    left.append(robot.path_to(1))
    while not robot.read("in_position"):
        plant.step(SCAN)
        left.append(robot.path_to(1))
    assert left[-1] == 0.0 and all(b <= a for a, b in zip(left, left[1:], strict=False))
    assert robot.path_to(3) == pytest.approx(250 + 1200 + 250)  # back to the lane first


def test_a_part_lying_on_a_take_away_place_at_power_up_is_taken_away_after_the_take_away_time():
    plant = Plant(seed=1, substeps=1)
    table = plant.add(PartPlace("table", 0, 0, takeaway_s=1.5))
    table.place_initial(Part(1))
    t = run_until(plant, lambda: not table.read("part_present"))
    assert t == pytest.approx(1.5, abs=0.011) and table.taken_away[0][1].number == 1
    assert not table.delivered


def test_an_ejectable_place_drops_its_part_through_the_flap_on_the_eject_edge_and_refills():
    plant = Plant(seed=1, substeps=1)
    place = plant.add(PartPlace("pick", 0, 0, ejectable=True, supply=[(0.0, Part(1)), (0.0, Part(2))]))
    plant.step(SCAN)
    assert place.read("part_present") and place.commands == ("eject",)
    place.write("eject", True)
    place.write("eject", True)                 # held: one edge, one part
    assert [p.number for _, p in place.ejected] == [1] and not place.read("part_present")
    run_until(plant, lambda: place.read("part_present"))
    assert place.parts[0].number == 2
    assert PartPlace("plain", 0, 0).commands == ()


def test_x_position_follows_the_carriage_along_the_rail_in_whole_mm():
    plant, robot, *_ = make_cell_plant()
    assert robot.read("x_position") == 600
    robot.write("target", 1)
    robot.write("start", True)
    seen = []
    while True:
        plant.step(SCAN)
        seen.append(robot.read("x_position"))
        if robot.read("in_position"):
            break
    assert seen[-1] == 0 and all(a >= b for a, b in zip(seen, seen[1:], strict=False))
    assert any(0 < x < 600 for x in seen) and all(isinstance(x, int) for x in seen)


def test_a_part_placed_at_power_up_can_stay_longer_than_the_take_away_time():
    plant = Plant(seed=0)
    table = plant.add(PartPlace("table", 0, 0, takeaway_s=1.0))
    table.place_initial(Part(1), stay_s=2.5)        # downstream blocked for 2.5 s at power-up
    t = 0.0
    while table.read("part_present"):
        plant.step(SCAN)
        t += SCAN
    assert t == pytest.approx(2.5, abs=0.011) and not table.delivered


def test_a_listed_pick_attempt_slips_past_the_part_which_stays_where_it_lies():
    plant, robot, cell, infeed, outfeed = make_cell_plant(miss_picks=(1,))
    move(plant, robot, 1)
    infeed.place_initial(Part(4))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("gripper_closed"))
    assert not robot.read("part_held") and infeed.read("part_present")    # the slip's signals
    assert [(p.number, st.number) for _, p, st in robot.misses] == [(4, 1)] and robot.picks == []
    assert robot.miss_station.number == 1 and robot.attempts == 1 and robot.state()["missed"]
    robot.write("grip", False)                              # retry: open fully, then close again
    run_until(plant, lambda: robot.read("gripper_open"))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    assert not infeed.read("part_present") and robot.miss_station is None and robot.attempts == 2
    assert not robot.state()["missed"] and len(robot.misses) == 1


def test_closing_again_before_the_jaws_opened_fully_slips_again_and_is_no_new_attempt():
    plant, robot, cell, infeed, outfeed = make_cell_plant(miss_picks=(1,))
    move(plant, robot, 1)
    infeed.place_initial(Part(4))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("gripper_closed"))
    robot.write("grip", False)
    run_until(plant, lambda: robot.jaw < 0.3)               # past the contact point, not fully open
    assert not robot.read("gripper_open")
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("gripper_closed"))
    assert not robot.read("part_held") and len(robot.misses) == 2 and robot.attempts == 1
    robot.write("grip", False)
    run_until(plant, lambda: robot.read("gripper_open"))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))       # attempt 2 is not listed: it holds
    assert robot.attempts == 2


def test_attempts_count_per_robot_across_stations_and_two_in_a_row_can_slip():
    plant, robot, cell, infeed, outfeed = make_cell_plant(miss_picks=(2, 3))
    move(plant, robot, 1)
    infeed.place_initial(Part(1))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))       # attempt 1 holds
    move(plant, robot, 3)
    robot.write("grip", False)
    run_until(plant, lambda: robot.read("gripper_open"))
    assert outfeed.read("part_present")
    for attempt in (2, 3):                                  # two misses in a row at the outfeed
        robot.write("grip", True)
        run_until(plant, lambda: robot.read("gripper_closed"))
        assert not robot.read("part_held") and robot.attempts == attempt
        robot.write("grip", False)
        run_until(plant, lambda: robot.read("gripper_open"))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    assert robot.attempts == 4 and [st.number for _, _, st in robot.misses] == [3, 3]


def test_closing_on_an_empty_place_is_no_attempt_and_no_miss():
    plant, robot, cell, infeed, outfeed = make_cell_plant(miss_picks=(1,))
    move(plant, robot, 1)
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("gripper_closed"))
    assert robot.attempts == 0 and robot.misses == [] and robot.miss_station is None


def test_a_robot_can_start_with_its_jaws_closed_past_the_part_after_a_miss():
    plant, robot, cell, infeed, outfeed = make_cell_plant(start_station=1)
    infeed.place_initial(Part(5))
    robot.missed_at_power_up()
    assert robot.read("gripper_closed") and not robot.read("part_held") and infeed.read("part_present")
    assert robot.miss_station.number == 1 and robot.attempts == 0
    plant.step(SCAN)                                        # the valve stays closed: nothing changes
    assert robot.read("gripper_closed") and not robot.read("part_held")
    robot.write("grip", False)
    run_until(plant, lambda: robot.read("gripper_open"))
    robot.write("grip", True)
    run_until(plant, lambda: robot.read("part_held"))
    assert robot.attempts == 1 and robot.miss_station is None


def test_a_power_up_miss_needs_a_part_where_the_robot_stands():
    plant, robot, cell, infeed, outfeed = make_cell_plant(start_station=1)
    with pytest.raises(ValueError):
        robot.missed_at_power_up()
