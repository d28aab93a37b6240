"""Switching sensors (photo-eye, proximity switch) that see a part lying there at power-up on the
first input sample (live_at_power_up), and the library default that does not."""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.sensors import PhotoEye, ProximitySensor
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def _plant(live: bool, bounce_s: float = 0.0):
    plant = Plant(seed=3)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200))
    plant.add(Workpiece("p1", *belt.point(300), material="metal"))
    eye = plant.add(PhotoEye.across(belt, "eye", 300, live_at_power_up=live, bounce_s=bounce_s))
    prox = plant.add(ProximitySensor("prox", *belt.point(300), range_mm=15, technology="inductive",
                                     live_at_power_up=live, bounce_s=bounce_s))
    return plant, belt, eye, prox


def test_a_live_sensor_reports_a_part_present_at_power_up_before_the_first_step():
    plant, _, eye, prox = _plant(live=True)
    assert eye.read("blocked") and not eye.read("clear")
    assert prox.read("detected")
    plant.step()
    assert eye.read("blocked") and prox.read("detected")


def test_by_default_a_sensor_is_dark_until_the_first_step():
    plant, _, eye, prox = _plant(live=False)
    assert not eye.read("blocked") and not prox.read("detected")
    plant.step()
    assert eye.read("blocked") and prox.read("detected")


def test_a_part_there_since_power_up_does_not_chatter_and_leaving_is_an_edge():
    plant, belt, eye, prox = _plant(live=True, bounce_s=0.02)
    seen = []
    for _ in range(5):
        plant.step()
        seen.append((eye.read("blocked"), prox.read("detected")))
    assert all(b and d for b, d in seen), seen        # no chatter: no edge at power-up
    belt.write("run", True)
    while eye.detected:                               # the part rides out of the beam
        plant.step()
    for _ in range(3):                                # chatter for 20 ms after the falling edge
        plant.step()
    assert not eye.read("blocked")
