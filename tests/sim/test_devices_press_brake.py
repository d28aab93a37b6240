"""PressBrake and PressBrakeOperator: the bend angle under load, springback, re-bends, strokes, the
sensor words, and the operator's loading, answering and reaching in (independent of any task)."""

from __future__ import annotations

import math

import pytest

from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp
from sim.devices.press_brake import Intrusion, PressBrake, PressBrakeOperator
from sim.plant import Plant


def brake(**kw) -> PressBrake:
    kw.setdefault("max_speed", 100.0)
    kw.setdefault("accel", 2000.0)
    press = PressBrake("press", **kw)
    press.write("enable", True)
    return press


def run(device, seconds: float, dt: float = 0.01) -> None:
    for _ in range(round(seconds / dt)):
        device.step(dt)


def move_to(press: PressBrake, mm: float, speed: int = 0) -> None:
    press.write("target", round(mm * 10))
    press.write("speed", speed)
    press.write("start", False)
    press.write("start", True)
    for _ in range(2000):
        press.step(0.01)
        if press.in_position:
            return
    raise AssertionError(f"the ram did not reach {mm} mm")


def test_the_loaded_angle_follows_the_punch_depth_below_the_sheet():
    press = brake(start_mm=140.0)
    press.load(2.0, springback_deg=3.0)
    assert press.angle_at(148.0) == 180.0                      # at the touch point: flat
    depth = 12.0
    assert press.angle_at(148.0 + depth) == pytest.approx(90.0)
    assert press.depth_for(90.0) == pytest.approx(12.0)
    assert press.read("angle") == 1800 and press.read("sheet_present")


def test_an_elastic_touch_leaves_the_sheet_flat_but_counts_a_stroke():
    press = brake(start_mm=140.0)
    sheet = press.load(2.0, springback_deg=3.0)
    move_to(press, 148.2, speed=5)              # 0.2 mm deep: 1.9 deg under load, within the springback
    assert press.in_contact and press.read("angle") == round(press.angle_at(148.2) * 10) == 1781
    move_to(press, 140.0)
    assert sheet.angle_deg == 180.0 and sheet.strokes == 1 and not press.in_contact


def test_a_sheet_springs_back_by_its_springback_and_a_rebend_goes_deeper():
    press = brake(start_mm=140.0)
    sheet = press.load(2.0, springback_deg=3.0)
    move_to(press, 160.0, speed=10)             # 12 mm below the touch point: 90 deg under load
    assert press.read("angle") == 900
    move_to(press, 140.0)
    assert sheet.angle_deg == pytest.approx(93.0) and press.read("angle") == 930   # free
    move_to(press, 159.5, speed=10)             # not as deep as before: no change
    move_to(press, 140.0)
    assert sheet.angle_deg == pytest.approx(93.0)
    move_to(press, 161.0, speed=10)
    move_to(press, 140.0)
    assert sheet.angle_deg == pytest.approx(press.angle_at(161.0) + 3.0) and sheet.strokes == 3
    assert sheet.least_loaded_deg == pytest.approx(press.angle_at(161.0))


def test_a_sheet_bent_before_is_touched_lower_and_unload_logs_it():
    press = brake(start_mm=100.0)
    press.load(3.0, springback_deg=2.0, angle_deg=150.0)
    assert press.touch_mm == pytest.approx(147.0 + 12.0 * math.tan(math.radians(15.0)))
    assert press.read("angle") == 1500
    record = press.unload()
    assert record["angle_deg"] == 150.0 and record["strokes"] == 0 and press.removed == [record]
    assert press.read("angle") == 0 and not press.read("sheet_present")


def test_the_ram_is_open_only_at_rest_at_the_top():
    press = brake(start_mm=0.0)
    assert press.is_open
    press.write("speed", 50)
    press.write("jog_plus", True)
    run(press, 0.1)
    assert not press.is_open
    assert press.deepest_mm > 0.0


def plant_with_operator(**kw) -> tuple[Plant, PressBrake, LightCurtain, Lamp, PressBrakeOperator]:
    plant = Plant(seed=1, substeps=1)
    press = plant.add(brake(start_mm=kw.pop("start_mm", 0.0)))
    curtain = plant.add(LightCurtain("curtain", -200.0, 0.0, -200.0, 200.0, response_s=0.02))
    lamp = plant.add(Lamp("lamp"))
    kw.setdefault("sheets", ((2.0, 3.0), (2.0, 3.1)))
    op = plant.add(PressBrakeOperator("operator", press="press", curtain="curtain", lamp="lamp", **kw))
    return plant, press, curtain, lamp, op


def steps(plant: Plant, seconds: float) -> None:
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_the_operator_lays_a_sheet_through_the_curtain_and_steps_out():
    plant, press, curtain, lamp, op = plant_with_operator(first_s=0.5, feed_s=(1.0,), leave_s=(0.4,))
    steps(plant, 0.45)
    assert curtain.clear and press.sheet is None
    steps(plant, 0.2)
    assert not curtain.clear and press.sheet is None          # reaching in, laying it
    steps(plant, 1.0)
    assert press.sheet is not None and not curtain.clear        # laid, still in the opening
    steps(plant, 0.5)
    assert curtain.clear and op.phase == "out"


def test_the_operator_waits_for_the_ram_open_before_loading():
    plant, press, curtain, lamp, op = plant_with_operator(start_mm=50.0, first_s=0.2)
    steps(plant, 1.0)
    assert press.sheet is None and curtain.clear and op.phase == "before"


def test_the_operator_answers_the_lamp_only_with_the_ram_open_and_lays_the_next():
    plant, press, curtain, lamp, op = plant_with_operator(first_s=0.1, feed_s=(0.5,), leave_s=(0.2,),
                                                          answer_s=(0.6,), take_s=(0.5,))
    steps(plant, 1.0)
    assert press.sheet is not None and press.sheet.number == 1
    lamp.on = True
    steps(plant, 0.5)
    assert press.sheet is not None                              # not yet: 0.6 s to answer
    steps(plant, 0.2)
    assert press.sheet is None and press.removed[0]["number"] == 1 and not curtain.clear
    lamp.on = False
    steps(plant, 1.4)
    assert press.sheet is not None and press.sheet.number == 2 and press.sheet.springback_deg == 3.1
    lamp.on = True
    steps(plant, 1.3)
    assert len(press.removed) == 2 and op.phase == "done" and curtain.clear


def test_an_intrusion_breaks_the_curtain_when_the_ram_passes_its_position():
    plant, press, curtain, lamp, op = plant_with_operator(
        first_s=0.1, feed_s=(0.3,), leave_s=(0.2,), intrusions=(Intrusion(1, 30.0, 0.5),))
    steps(plant, 1.0)
    assert curtain.clear and press.sheet is not None
    press.write("speed", 100)
    press.write("jog_plus", True)
    steps(plant, 0.32)
    assert press.pos >= 30.0
    steps(plant, 0.05)
    assert not curtain.clear
    press.write("jog_plus", False)
    steps(plant, 0.6)
    assert curtain.clear and len(op.intruded) == 1


def test_a_preloaded_sheet_lies_in_the_die_at_power_up():
    plant, press, curtain, lamp, op = plant_with_operator(preloaded=True, preloaded_deg=160.0)
    plant.step(0.01)
    assert press.sheet is not None and press.sheet.angle_deg == 160.0 and op.laid == 1
