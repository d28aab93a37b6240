"""Stack: sheets on a lift platform, the top eye, the presence switch, picks and misses."""

import pytest

from sim.devices.axis import Axis
from sim.devices.stack import Stack
from sim.plant import Plant


def _plant(count=10, sheet_mm=5.0, start_mm=0.0):
    plant = Plant(seed=1, substeps=1)
    lift = plant.add(Axis("lift", angle_deg=90.0, start_mm=start_mm, limit_minus_mm=-5.0, limit_plus_mm=600.0,
                          max_speed=100.0, accel=1000.0))
    stack = plant.add(Stack("stack", lift="lift", sheet_mm=sheet_mm, count=count, eye_mm=300.0, pick_mm=300.0,
                            platform_mm=100.0))
    return plant, lift, stack


def test_top_is_the_platform_plus_the_sheets_and_the_eye_sees_it_only_at_its_height():
    plant, lift, stack = _plant(count=10, sheet_mm=5.0, start_mm=149.0)
    assert stack.top_mm == pytest.approx(299.0)
    assert stack.read("top_blocked") is False and stack.read("present") is True
    lift.pos = 150.0
    assert stack.read("top_blocked") is True          # the top reaches the beam at 300 mm
    lift.pos = 170.0
    assert stack.read("top_blocked") is True          # still blocked above it


def test_a_pick_takes_the_top_sheet_only_within_tolerance_of_the_pick_height():
    plant, lift, stack = _plant(count=3, sheet_mm=5.0, start_mm=185.0)     # top 185 + 100 + 15
    assert stack.take(2.0) and stack.count == 2 and stack.taken == [pytest.approx(300.0)]
    assert stack.top_mm == pytest.approx(295.0) and not stack.read("top_blocked")   # a sheet lower
    assert not stack.take(2.0) and stack.misses == [pytest.approx(295.0)] and stack.count == 2
    lift.pos = 190.0
    assert stack.take(2.0) and stack.take(2.0) is False          # 295 after the first: missed
    lift.pos = 195.0
    assert stack.take(2.0) and stack.count == 0
    assert stack.read("present") is False and stack.read("top_blocked") is False   # empty: beam clear


def test_refill_lays_a_new_stack_and_the_top_over_pick_is_tracked_each_step():
    plant, lift, stack = _plant(count=0, sheet_mm=4.0, start_mm=0.0)
    assert not stack.read("present")
    stack.refill(40)
    assert stack.read("present") and stack.read("count") == 40 and stack.refills == 1
    lift.pos = 62.5                                    # top = 62.5 + 100 + 160 = 322.5
    plant.step(0.01)
    assert stack.max_top_over_pick == pytest.approx(22.5)


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError):
        Stack("s", lift="lift", sheet_mm=0.0, count=1, eye_mm=1.0, pick_mm=1.0)


def test_a_picker_finishing_its_work_takes_a_sheet_and_an_empty_platform_is_refilled_at_reload():
    from sim.devices.stations import TransferStation

    plant = Plant(seed=1, substeps=1)
    lift = plant.add(Axis("lift", angle_deg=90.0, start_mm=190.0, limit_minus_mm=-5.0, limit_plus_mm=600.0))
    picker = plant.add(TransferStation("picker", 1, 0.0, x=0.0, y=0.0, requests=(0.0, 0.0), regap_s=0.5,
                                       arm_time_s=0.2, work_s=0.1))
    stack = plant.add(Stack("stack", lift="lift", sheet_mm=5.0, count=2, eye_mm=300.0, pick_mm=300.0,
                            platform_mm=100.0, picker="picker", refills=(7,), reload_mm=1.0, refill_s=1.0))
    picker.write("grant", True)
    for _ in range(40):
        plant.step(0.01)
    assert stack.count == 1 and len(stack.taken) == 1          # head down 0.2 s, grip 0.1 s: taken
    for _ in range(100):
        plant.step(0.01)
    assert stack.count == 1 and len(stack.misses) == 1         # the top is a sheet lower: missed
    stack.count = 0
    for _ in range(90):
        plant.step(0.01)
    assert stack.count == 0                                     # the lift is not at reload
    lift.pos = 0.5
    for _ in range(95):
        plant.step(0.01)
    assert stack.count == 0
    for _ in range(10):
        plant.step(0.01)
    assert stack.count == 7 and stack.reloaded_at and stack.refills == 1
