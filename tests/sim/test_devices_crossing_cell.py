"""The crossing cell alone (no task): arrivals and queueing at the stopper pin, the pin letting
one part through (or two when released too long), the lift carrying each flow, the exit eye and
a stalled exit backing up, the logs the judges read."""

from __future__ import annotations

from sim.devices.crossing_cell import CrossingCell
from sim.plant import Plant


def cell(**kw):
    plant = Plant(seed=1, substeps=1)
    c = plant.add(CrossingCell("cell", speed=300.0, stopper_s=0.2, lift_s=1.0, **kw))
    return plant, c


def steps(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step()


def test_parts_queue_at_the_pin_and_the_waiting_eye_sees_the_head():
    plant, c = cell(arrivals={"a": (0.0, 0.1, 0.2)})
    steps(plant, 4.0)
    fronts = sorted((p.front for p in c.parts["a"]), reverse=True)
    assert fronts == [0.0, -130.0, -260.0]  # 120 mm parts, 10 mm apart, head at the pin
    assert c.read("a_waiting") and not c.read("b_waiting") and not c.read("cell_occupied")


def test_a_release_taken_away_while_the_part_is_over_the_pin_lets_exactly_one_through():
    plant, c = cell(arrivals={"a": (0.0, 0.1)})
    steps(plant, 4.0)
    c.write("a_release", True)
    while not c.read("cell_occupied"):
        plant.step()
    c.write("a_release", False)
    steps(plant, 3.0)
    assert [e[2] for e in c.entered] == [1] and c.in_cell_max == 1
    assert c.head_waiting("a").number == 2 and c.read("a_pin_down") is False


def test_a_release_held_too_long_lets_the_next_part_follow_into_the_cell():
    plant, c = cell(arrivals={"a": (0.0, 0.1)})
    steps(plant, 4.0)
    c.write("a_release", True)
    steps(plant, 1.0)
    assert [e[2] for e in c.entered] == [1, 2] and c.in_cell_max == 2


def test_flow_b_waits_at_the_mouth_until_the_lift_is_up_and_moving_it_loaded_is_logged():
    plant, c = cell(arrivals={"b": (0.0,)})
    steps(plant, 3.5)
    c.write("b_release", True)
    steps(plant, 1.0)
    assert c.entered == [] and c.parts["b"][0].front == c.cell0  # held at the mouth
    c.write("raise", True)
    steps(plant, 1.05)
    assert c.read("lift_up") and c.lift_moves_loaded == []
    steps(plant, 0.2)
    assert c.entered and c.read("cell_occupied")
    c.write("raise", False)
    plant.step()
    assert c.lift_moves_loaded and c.lift_moving()


def test_a_part_passing_blocks_the_exit_eye_for_a_moment_and_is_taken_at_the_lane_end():
    plant, c = cell(arrivals={"a": (0.0,)})
    c.write("a_release", True)
    seen = False
    for _ in range(800):
        plant.step()
        seen = seen or c.read("a_exit_full")
    assert seen and not c.read("a_exit_full")
    assert [x[1:] for x in c.crossed] == [("a", 1)]


def test_a_stalled_exit_backs_up_to_its_eye_and_a_part_let_in_then_is_logged():
    plant, c = cell(arrivals={"a": tuple(0.5 * k for k in range(6))}, stalls={"a": ((0.0, 100.0),)})
    c.write("a_release", True)
    steps(plant, 12.0)
    assert c.crossed == [] and c.exit_backed_up("a") and c.read("a_exit_full")
    assert c.entered_full  # parts went on in after the lane had backed up


def test_a_part_in_the_cell_at_power_up_leaves_on_its_own_carrier():
    plant, c = cell(start_in_cell="b", lift_up_at_start=True)
    assert c.read("cell_occupied") and c.read("lift_up")
    c.write("raise", True)
    steps(plant, 3.0)
    assert not c.read("cell_occupied") and [x[1:] for x in c.crossed] == [("b", 1)]
