"""The backlash axis alone: the load follows the motor through its lost motion (trailing by half
the backlash moving plus, leading moving minus, still while the motor crosses the gap), where
the load sits in the gap at power-up, 0.01 mm words, and the direction of the load's last push."""

from __future__ import annotations

import pytest

from sim.devices.backlash_axis import BacklashAxis, to_fine_word
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, BacklashAxis]:
    kw.setdefault("accel", 2000.0)
    kw.setdefault("max_speed", 200.0)
    kw.setdefault("limit_plus_mm", 305.0)
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(BacklashAxis("slide", **kw))


def move(plant: Plant, axis: BacklashAxis, mm: float, seconds: float = 2.0) -> list[tuple[float, float]]:
    axis.write("enable", True)
    axis.write("target", to_fine_word(mm))
    axis.write("start", False)
    axis.write("start", True)
    trace = []
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)
        trace.append((axis.pos, axis.load))
    return trace


def test_moving_plus_the_load_trails_the_motor_by_half_the_backlash():
    plant, axis = make(start_mm=100.0, backlash_mm=0.6, slack=0.0)
    move(plant, axis, 150.0)
    assert axis.pos == pytest.approx(150.0)
    assert axis.load == pytest.approx(149.7)
    assert axis.read("position") == 15000 and axis.read("load_position") == 14970
    assert axis.last_push == 1


def test_moving_minus_the_load_leads_and_a_reversal_crosses_the_gap_before_the_load_moves():
    plant, axis = make(start_mm=100.0, backlash_mm=0.6, slack=-1.0)   # plus flank touching
    move(plant, axis, 90.0)
    assert axis.load == pytest.approx(90.3) and axis.last_push == -1
    trace = move(plant, axis, 90.5)        # 0.5 mm back up: less than the 0.6 mm gap
    assert all(load == pytest.approx(90.3) for _, load in trace)
    assert axis.last_push == -1            # the load has not moved since the minus push
    move(plant, axis, 91.0)                # 0.1 mm past the gap: the plus flank pushes
    assert axis.load == pytest.approx(90.7) and axis.last_push == 1


def test_slack_places_the_load_in_the_gap_at_power_up_and_the_load_has_not_moved():
    for slack, load in ((-1.0, 49.8), (0.0, 50.0), (1.0, 50.2)):
        _, axis = make(start_mm=50.0, backlash_mm=0.4, slack=slack)
        assert axis.load == pytest.approx(load) and axis.last_push == 0


def test_the_motor_reports_in_position_at_its_own_target_whatever_the_load_does():
    plant, axis = make(start_mm=20.0, backlash_mm=0.8, slack=0.0, window_mm=0.02, settle_s=0.1)
    move(plant, axis, 30.25)
    assert axis.read("in_position") and axis.read("position") == 3025
    assert abs(axis.load - 30.25) == pytest.approx(0.4)


def test_the_load_stands_still_while_the_motor_is_still():
    plant, axis = make(start_mm=20.0, backlash_mm=0.3)
    move(plant, axis, 25.0)
    plant.step(SCAN)
    assert axis.load_still and axis.load_vel == 0.0


def test_a_disabled_drive_moves_neither_motor_nor_load():
    plant, axis = make(start_mm=20.0, backlash_mm=0.3)
    axis.write("target", 5000)
    axis.write("start", True)
    for _ in range(50):
        plant.step(SCAN)
    assert axis.pos == 20.0 and axis.load == 20.0


def test_words_are_in_hundredths_and_clamped_to_int():
    assert to_fine_word(123.456) == 12346 and to_fine_word(400.0) == 32767


def test_slack_outside_the_gap_is_refused():
    with pytest.raises(ValueError):
        BacklashAxis("slide", backlash_mm=0.5, slack=1.5)
