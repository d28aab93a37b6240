"""The attendant (sim/devices/attendant.py): an operator who answers a lamp by pressing a button
after a while, alone with a lamp and a button (no program, no task)."""

from __future__ import annotations

import pytest

from sim.devices.attendant import Attendant
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant


def panel(**kw):
    plant = Plant(seed=1, substeps=1)
    lamp = plant.add(Lamp("lamp"))
    button = plant.add(PushButton("button"))
    who = plant.add(Attendant("operator", lamp="lamp", button="button", **kw))
    return plant, lamp, button, who


def scans_until(plant, cond, limit=1000):
    for k in range(limit):
        plant.step()
        if cond():
            return k + 1
    raise AssertionError("never happened")


def test_presses_the_button_its_answer_time_after_the_lamp_lights_and_holds_it():
    plant, lamp, button, who = panel(answer_s=(0.5,), hold_s=0.3)
    for _ in range(20):
        plant.step()
    assert button.read("pressed") is False
    lamp.write("on", True)
    # seen lit in the first step after the program lit it, pressed 0.5 s after that
    assert scans_until(plant, lambda: button.read("pressed")) == 51
    assert scans_until(plant, lambda: not button.read("pressed")) == 30
    assert who.answers == [(0.71, 1)]


def test_each_lighting_gets_its_own_answer_time_the_last_repeating():
    plant, lamp, button, who = panel(answer_s=(0.2, 0.6), hold_s=0.1)
    delays = []
    for _ in range(3):
        lamp.write("on", True)
        delays.append(scans_until(plant, lambda: button.read("pressed")))
        lamp.write("on", False)
        scans_until(plant, lambda: not button.read("pressed"))
    assert delays == [21, 61, 61]


def test_a_lamp_that_goes_dark_before_the_answer_is_not_answered():
    plant, lamp, button, who = panel(answer_s=(1.0,))
    lamp.write("on", True)
    for _ in range(50):
        plant.step()
    lamp.write("on", False)
    for _ in range(100):
        plant.step()
        assert button.read("pressed") is False
    assert who.answers == []


def test_stray_presses_come_at_their_times_whatever_the_lamp():
    plant, lamp, button, who = panel(answer_s=(1.0,), hold_s=0.2, stray_s=(0.3,))
    assert scans_until(plant, lambda: button.read("pressed")) == 30
    assert who.presses == [0.3] and who.answers == []


def test_an_attendant_needs_an_answer_time():
    with pytest.raises(ValueError, match="answer time"):
        Attendant("operator", lamp="lamp", button="button", answer_s=())


def test_answers_a_stack_light_and_clears_a_device_before_pressing():
    from sim.devices.panel import StackLight
    from sim.plant import Device

    class Jam(Device):
        cleared_at = None

        def clear(self):
            self.cleared_at = self.plant["button"].read("pressed")

    plant = Plant(seed=1, substeps=1)
    tower = plant.add(StackLight("tower"))
    button = plant.add(PushButton("button"))
    jam = plant.add(Jam("jam"))
    plant.add(Attendant("operator", lamp="tower", light="red", button="button", answer_s=(0.2,),
                        clears="jam"))
    tower.write("amber", True)
    for _ in range(40):
        plant.step()
    assert button.read("pressed") is False and jam.cleared_at is None
    tower.write("red", True)
    assert scans_until(plant, lambda: button.read("pressed")) == 21
    assert jam.cleared_at is False            # cleared first, then pressed
