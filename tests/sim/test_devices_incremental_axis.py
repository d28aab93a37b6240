"""The incremental axis alone: the counter's offset until set_ref, the reference cam switch with
its differential travel, set_ref taken where the inputs were read, targets in counter
coordinates, and the logs the judges read (reference edges, moves before the reference)."""

from __future__ import annotations

import pytest

from sim.devices.axis import to_word
from sim.devices.incremental_axis import IncrementalAxis
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, IncrementalAxis]:
    kw.setdefault("limit_minus_mm", -90.0)
    plant = Plant(seed=kw.pop("seed", 1), substeps=1)
    return plant, plant.add(IncrementalAxis("slide", **kw))


def run(plant: Plant, seconds: float) -> None:
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def jog(axis: IncrementalAxis, direction: int, speed: int) -> None:
    axis.write("enable", True)
    axis.write("speed", speed)
    axis.write("jog_plus", direction > 0)
    axis.write("jog_minus", direction < 0)


def pulse_ref(axis: IncrementalAxis) -> None:
    axis.write("set_ref", False)
    axis.write("set_ref", True)


def test_the_counter_reads_an_offset_drawn_from_the_plant_seed_until_set_ref():
    _, a = make(start_mm=100.0, seed=7)
    _, b = make(start_mm=100.0, seed=7)
    _, c = make(start_mm=100.0, seed=8)
    assert a.count_offset_mm == b.count_offset_mm != c.count_offset_mm
    assert abs(a.count_offset_mm) <= 1500.0
    assert a.read("position") == to_word(100.0 + a.count_offset_mm)
    assert a.read("referenced") is False


def test_set_ref_sets_the_counter_to_the_reference_value_where_the_slide_stood_at_the_scan():
    plant, axis = make(start_mm=40.0, ref_value_mm=-20.0, count_offset_mm=333.3)
    pulse_ref(axis)
    assert axis.read("referenced") is False     # taken at the next step
    plant.step(SCAN)
    assert axis.read("referenced") is True
    assert axis.read("position") == -200
    assert axis.refs[-1].true_mm == 40.0 and axis.refs[-1].velocity == 0.0
    axis.write("set_ref", True)                 # held high: no second edge
    plant.step(SCAN)
    assert len(axis.refs) == 1


def test_set_ref_while_jogging_logs_the_speed_and_the_counter_follows_true_travel():
    plant, axis = make(start_mm=100.0, accel=2000.0, count_offset_mm=-500.0)
    jog(axis, +1, 10)
    run(plant, 0.5)
    pulse_ref(axis)
    plant.step(SCAN)
    ref = axis.refs[-1]
    assert ref.velocity == pytest.approx(10.0)
    assert axis.counted_mm == pytest.approx(-20.0 + (axis.pos - ref.true_mm))


def test_the_cam_switch_makes_only_its_differential_travel_onto_the_cam_and_releases_at_its_ends():
    # cam from -40 to -20 mm, 1.2 mm of differential travel; jog across it both ways at 10 mm/s
    plant, axis = make(start_mm=-15.0, cam_edge_mm=-20.0, cam_length_mm=20.0, cam_hysteresis_mm=1.2,
                       accel=2000.0, count_offset_mm=0.0)
    assert axis.read("ref_cam") is False
    jog(axis, -1, 10)
    made = released = None
    for _ in range(400):
        was = axis.read("ref_cam")
        plant.step(SCAN)
        if axis.read("ref_cam") and not was:
            made = axis.pos
        if was and not axis.read("ref_cam"):
            released = axis.pos
            break
    assert made == pytest.approx(-21.2, abs=0.11)     # 1.2 mm onto the cam, not at its edge
    assert released == pytest.approx(-40.0, abs=0.11)  # off the minus end exactly
    jog(axis, +1, 10)
    made = released = None
    for _ in range(600):
        was = axis.read("ref_cam")
        plant.step(SCAN)
        if axis.read("ref_cam") and not was:
            made = axis.pos
        if was and not axis.read("ref_cam"):
            released = axis.pos
            break
    assert made == pytest.approx(-38.8, abs=0.11)
    assert released == pytest.approx(-20.0, abs=0.11)  # the reference edge


def test_a_slide_standing_on_the_cam_at_power_up_reads_it_made():
    _, axis = make(start_mm=-30.0, cam_edge_mm=-20.0, cam_length_mm=15.0)
    assert axis.read("ref_cam") is True


def test_moves_take_targets_in_counter_coordinates_and_are_logged_before_the_reference():
    plant, axis = make(start_mm=50.0, count_offset_mm=1000.0, accel=2000.0, max_speed=400.0)
    axis.write("enable", True)
    axis.write("target", to_word(1100.0))        # counter 1100 = true 100 before the reference
    axis.write("start", True)
    run(plant, 1.0)
    assert axis.pos == pytest.approx(100.0) and axis.moves_before_ref == 1
    pulse_ref(axis)                              # counter now -20 mm at true 100 mm
    plant.step(SCAN)
    axis.write("start", False)
    axis.write("target", 0)
    axis.write("start", True)
    run(plant, 1.0)
    assert axis.pos == pytest.approx(120.0) and axis.read("position") == 0
    assert axis.read("in_position") is True and axis.moves_before_ref == 1


def test_a_disabled_drive_ignores_the_start_edge_and_logs_no_move():
    plant, axis = make(start_mm=50.0, count_offset_mm=0.0)
    axis.write("target", 1000)
    axis.write("start", True)
    run(plant, 0.5)
    assert axis.pos == 50.0 and axis.moves_before_ref == 0


def test_jogging_into_the_minus_limit_stops_hard_and_faults():
    plant, axis = make(start_mm=-60.0, limit_minus_mm=-90.0, accel=2000.0)
    jog(axis, -1, 100)
    run(plant, 1.0)
    assert axis.hit_limit == "minus" and axis.fault and axis.read("limit_minus")


def test_a_cam_shorter_than_twice_its_differential_travel_is_refused():
    with pytest.raises(ValueError):
        IncrementalAxis("slide", cam_length_mm=2.0, cam_hysteresis_mm=1.5)
