"""The pin inserter (sim/devices/pin_inserter.py): a head on an X and a Z cylinder over a pin
magazine and a carrier station: picking, jaw times, insertion attempts seating as scripted, a
retry press, drops, an empty magazine and the operator's refill on the alarm lamp."""

from __future__ import annotations

import pytest

from sim.devices.panel import Lamp
from sim.devices.pin_inserter import PinInserter
from sim.devices.pneumatics import Cylinder
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(*, pins=2, fails=0, refill_s=1.0, carrier=True, bad=None):
    plant = Plant(seed=1, substeps=1)
    x = plant.add(Cylinder("x", 200, 240, angle_deg=-90, stroke=230, extend_s=0.5, retract_s=0.5))
    z = plant.add(Cylinder("z", 300, 290, angle_deg=-90, stroke=40, extend_s=0.2, retract_s=0.2))
    lamp = plant.add(Lamp("alarm"))
    ins = plant.add(PinInserter("ins", x_cyl="x", z_cyl="z", magazine_xy=(0, 230), station_xy=(0, 0),
                                pins=pins, fails=lambda c: fails, alarm="alarm", refill_s=(refill_s,),
                                refill=3, close_s=0.15, open_s=0.1, bad=bad))
    if carrier:
        plant.add(Workpiece("carrier0", 0, 0, part_kind="carrier", width=80, length=100))
    return plant, x, z, lamp, ins


def until(plant, cond, limit_s=3.0):
    start = plant.time
    for _ in range(round(limit_s * 100)):
        plant.step()
        if cond():
            return round(plant.time - start, 2)
    raise AssertionError("never happened")


def pick(plant, z, ins):
    z.write("extend", True)
    until(plant, ins.z_down)
    ins.write("close", True)
    took = until(plant, lambda: ins.read("pin_held"))
    z.write("extend", False)
    until(plant, ins.z_up)
    return took


def carry_and_insert(plant, x, z, ins):
    x.write("extend", True)
    until(plant, ins.at_station)
    z.write("extend", True)
    until(plant, ins.z_down)
    ins.write("close", False)
    until(plant, lambda: ins.read("opened"))
    z.write("extend", False)
    until(plant, ins.z_up)


def test_closing_at_the_magazine_with_z_down_takes_a_pin_in_close_s():
    plant, x, z, lamp, ins = cell(pins=2)
    assert ins.read("opened") and not ins.read("pin_held") and not ins.read("empty")
    took = pick(plant, z, ins)
    assert took == pytest.approx(0.15, abs=0.011)
    assert ins.pins == 1


def test_closing_with_z_up_takes_nothing():
    plant, x, z, lamp, ins = cell()
    ins.write("close", True)
    until(plant, lambda: ins.jaw >= 1.0)
    assert not ins.read("pin_held") and ins.pins == 2


def test_a_good_hole_seats_on_the_first_press():
    plant, x, z, lamp, ins = cell(fails=0)
    pick(plant, z, ins)
    assert not ins.read("seated")
    carry_and_insert(plant, x, z, ins)
    assert ins.read("seated") and [s for _, s in ins.attempts["carrier0"]] == [True]


def test_one_failure_seats_on_the_second_press_with_the_jaws_open():
    plant, x, z, lamp, ins = cell(fails=1)
    pick(plant, z, ins)
    carry_and_insert(plant, x, z, ins)
    assert not ins.read("seated") and ins.loose == {"carrier0"}
    z.write("extend", True)
    until(plant, ins.z_down)
    z.write("extend", False)
    until(plant, ins.z_up)
    assert ins.read("seated") and [s for _, s in ins.attempts["carrier0"]] == [False, True]


def test_two_failures_seat_on_the_third_press_but_a_bad_hole_never_seats():
    plant, x, z, lamp, ins = cell(fails=2)
    pick(plant, z, ins)
    carry_and_insert(plant, x, z, ins)
    for _ in range(2):
        z.write("extend", True)
        until(plant, ins.z_down)
        z.write("extend", False)
        until(plant, ins.z_up)
    assert ins.read("seated")
    plant, x, z, lamp, ins = cell(fails=2, bad=2)
    pick(plant, z, ins)
    carry_and_insert(plant, x, z, ins)
    for _ in range(2):
        z.write("extend", True)
        until(plant, ins.z_down)
        z.write("extend", False)
        until(plant, ins.z_up)
    assert not ins.read("seated") and len(ins.attempts["carrier0"]) == 3


def test_opening_with_z_up_drops_the_pin_and_opening_at_the_magazine_puts_it_back():
    plant, x, z, lamp, ins = cell(pins=2)
    pick(plant, z, ins)
    ins.write("close", False)
    until(plant, lambda: ins.read("opened"))
    assert ins.drops and ins.drops[-1][1] == "magazine" and ins.pins == 1
    pick(plant, z, ins)
    z.write("extend", True)
    until(plant, ins.z_down)
    ins.write("close", False)
    until(plant, lambda: ins.read("opened"))
    assert ins.pins == 1 and len(ins.drops) == 1


def test_no_carrier_no_attempt():
    plant, x, z, lamp, ins = cell(carrier=False)
    pick(plant, z, ins)
    x.write("extend", True)
    until(plant, ins.at_station)
    z.write("extend", True)
    until(plant, ins.z_down)
    assert ins.attempts == {}


def test_the_operator_refills_refill_s_after_the_lamp_lights_and_only_then():
    plant, x, z, lamp, ins = cell(pins=0, refill_s=1.0)
    assert ins.read("empty")
    for _ in range(150):
        plant.step()
    assert ins.pins == 0                          # no lamp, no refill
    lamp.write("on", True)
    took = until(plant, lambda: not ins.read("empty"))
    assert took == pytest.approx(1.0, abs=0.011) and ins.pins == 3
    for _ in range(200):
        plant.step()
    assert ins.pins == 3                          # one refill per lighting
