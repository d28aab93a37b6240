"""The plant's step loop: which devices step, and part positions shared within a substep."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.gripper import Gripper
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Workpiece
from sim.plant import Device, Plant


class Carrier(Device):
    """Moves a gripper 10 mm toward +x every step (a slide carrying it)."""

    def __init__(self, name, gripper):
        super().__init__(name)
        self.gripper = gripper

    def step(self, dt):
        self.gripper.move_to(self.gripper.x + 10.0, self.gripper.y)


def test_an_eye_after_the_carrier_sees_a_held_part_where_the_carrier_just_put_it():
    plant = Plant(seed=0)
    grip = plant.add(Gripper("gripper", 400, 300, open_width=90, close_s=0.1))
    part = plant.add(Workpiece("p1", 400, 300, width=50, length=50))
    grip.write("close", True)
    for _ in range(20):
        plant.step()
    assert grip.read("part_held")
    # the eye before the carrier looks at the part first in every substep; the one after it
    # must still see where the carrier moved the part in that same substep
    before = plant.add(PhotoEye("eye_before", 470, 200, 470, 400))
    plant.add(Carrier("slide", grip))
    after = plant.add(PhotoEye("eye_after", 436, 200, 436, 400))
    plant.step()   # two substeps: the part centre goes 400 -> 410 -> 420, its edge reaches 445
    assert part.x == pytest.approx(420)
    assert after.read("blocked") is True and before.read("blocked") is False


def test_a_part_added_or_moved_by_hand_between_steps_is_seen_at_once():
    plant = Plant(seed=0, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200, ramp_s=0.0))
    eye = plant.add(PhotoEye.across(belt, "eye", at_mm=600))
    belt.write("run", True)
    for _ in range(10):
        plant.step()
    part = plant.add(Workpiece("late", *belt.point(300)))   # added after the plant ran
    for _ in range(50):
        plant.step()
    # it rides (a few mm behind the belt while it took up speed): it takes part in the steps
    assert part.xy()[0] == pytest.approx(400, abs=6)
    assert eye.read("blocked") is False
    part.body.position = belt.point(600)                     # moved by hand onto the beam
    plant.step()
    assert eye.read("blocked") is True


def test_a_removed_part_leaves_the_plant_and_its_name_can_be_used_again():
    plant = Plant(seed=0)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200, ramp_s=0.0))
    eye = plant.add(PhotoEye.across(belt, "eye", at_mm=500))
    part = plant.add(Workpiece("p1", *belt.point(500)))
    plant.step()
    assert eye.read("blocked") is True
    part.remove()
    plant.step()
    assert "p1" not in plant.devices and eye.read("blocked") is False
    again = plant.add(Workpiece("p1", *belt.point(100)))
    belt.write("run", True)
    for _ in range(100):
        plant.step()
    assert again.x == pytest.approx(300, abs=6)
