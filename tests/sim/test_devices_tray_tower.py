"""TrayTower (sim/devices/tray_tower.py): the rack's finger levels, taking and setting down trays,
crashes, the carriage eye and the stack-change operator, with the lift a plain height."""

from __future__ import annotations

import pytest

from sim.devices.light_curtain import LightCurtain
from sim.devices.tray_tower import CarriageFingers, StackChange, Tray, TrayPlace, TrayTower
from sim.plant import Device, Plant


class Height(Device):
    """A lift that is only a height (the tests move it)."""

    def __init__(self, name, pos):
        super().__init__(name)
        self.pos, self.vel = pos, 0.0


def rack(stack=3, shelf=0, low=0, refills=(), extra_at_s=None, extra_count=-1, clear_at_full=False, cap=12):
    plant = Plant(substeps=1)
    lift = plant.add(Height("lift", 500.0))
    fingers = plant.add(CarriageFingers("fingers", 90.0, 500.0, stroke=100.0, extend_s=0.1, retract_s=0.1))
    plant.add(LightCurtain("curtain", 500.0, 0.0, 500.0, 400.0, response_s=0.02))
    places = (TrayPlace("stack", 0.0, cap, [Tray(n) for n in range(stack)], (-50.0, 400.0)),
              TrayPlace("shelf", 600.0, 1, [Tray(100)] if shelf else [], (560.0, 700.0)))
    tower = plant.add(TrayTower("rack", lift="lift", fingers="fingers", places=places, pitch_mm=40.0,
                                finger_mm=15.0, eye_mm=10.0, lift_mm=20.0, tol_mm=3.0,
                                changes=(StackChange("stack", "curtain", call_s=0.5, walk_s=0.3, change_s=1.0,
                                                     refills=refills, low=low, clear_at_full=clear_at_full,
                                                     extra_at_s=extra_at_s, extra_count=extra_count),)))
    return plant, lift, fingers, tower


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_finger_and_carrying_levels_follow_the_count():
    _, _, _, tower = rack(stack=3)
    stack, shelf = tower.places["stack"], tower.places["shelf"]
    assert tower.finger_level(stack, 3) == 105.0          # 3 * 40 - 15
    assert tower.carrying_level(stack) == 165.0           # a tray set on 3 rests at 4 * 40 - 15, 20 mm above
    assert tower.place_at_level(104.0, carrying=False) is stack
    assert tower.place_at_level(109.0, carrying=False) is None      # more than 3 mm off
    assert tower.place_at_level(647.0, carrying=True) is shelf      # the empty shelf: 600 + 40 - 15 + 20
    assert tower.place_at_level(625.0, carrying=False) is None      # nothing on the shelf to take


def test_the_eye_sees_a_stack_top_ten_mm_above_the_fingers():
    plant, lift, _, tower = rack(stack=3)       # top at 120 mm
    lift.pos = 111.0
    assert not tower.read("tray_eye")
    lift.pos = 110.0
    assert tower.read("tray_eye")
    assert tower.read("stack_tray") and not tower.read("shelf_tray")


def test_a_tray_is_taken_by_fingers_out_at_its_level_and_a_raise():
    plant, lift, fingers, tower = rack(stack=3)
    lift.pos = 105.0
    fingers.write("extend", True)
    run(plant, 0.2)
    assert fingers.read("extended") and tower.carried is None       # engaged under the rim
    lift.pos = 107.0
    run(plant, 0.01)
    assert tower.carried is None                                   # within 3 mm: not yet lifted off
    lift.pos = 125.0
    run(plant, 0.01)
    assert tower.read("fork_tray") and tower.places["stack"].count == 2 and tower.picked[-1][1] == "stack"
    fingers.write("extend", False)
    run(plant, 0.2)
    assert tower.read("fork_tray") and not tower.crashes                # rides on the carriage


def test_a_carried_tray_lowered_onto_a_shelf_lands_there():
    plant, lift, fingers, tower = rack(stack=0)
    tower.carried = Tray(7, filled=True)
    assert tower.read("fork_full")
    lift.pos = 645.0                                   # the empty shelf's carrying level
    fingers.write("extend", True)
    run(plant, 0.2)
    for h in range(644, 624, -1):                      # lowered 20 mm, a mm a scan
        lift.pos = float(h)
        run(plant, 0.01)
    assert tower.carried is None and tower.places["shelf"].trays[0].number == 7
    fingers.write("extend", False)
    run(plant, 0.2)
    assert not tower.crashes and tower.read("shelf_tray")


def test_a_carried_tray_driven_into_a_stack_crashes_once():
    plant, lift, fingers, tower = rack(stack=3)
    tower.carried = Tray(7)
    lift.pos = 170.0
    fingers.write("extend", True)
    run(plant, 0.2)
    lift.pos = 130.0                                   # jumps past the set-down level (145)
    run(plant, 0.05)
    assert len(tower.crashes) == 1 and "ran into" in tower.crashes[0][1]


def test_empty_fingers_out_inside_a_stack_away_from_its_level_crash():
    plant, lift, fingers, tower = rack(stack=3)
    lift.pos = 60.0                                    # inside the stack, not at 105
    fingers.write("extend", True)
    run(plant, 0.05)
    assert tower.crashes and "fingers went into" in tower.crashes[0][1]


def test_fingers_in_front_of_a_shelf_engage_it_until_a_step_after_they_come_clear():
    plant, lift, fingers, tower = rack(stack=0, shelf=1)
    lift.pos = 625.0
    assert not tower.engaged_at("shelf")
    fingers.write("extend", True)
    run(plant, 0.02)
    assert tower.engaged_at("shelf")
    fingers.write("extend", False)
    while fingers.position > 0.0:
        run(plant, 0.01)
    assert tower.engaged_at("shelf")                   # the step they came clear
    run(plant, 0.01)
    assert not tower.engaged_at("shelf")


def test_a_low_stack_is_refilled_only_after_the_lamp_and_the_operator_breaks_the_curtain():
    plant, lift, fingers, tower = rack(stack=2, low=3, refills=(5,))
    curtain = plant["curtain"]
    run(plant, 0.6)
    assert tower.read("stack_change_request")         # asked 0.5 s after finding it low
    run(plant, 2.0)
    assert tower.places["stack"].count == 2 and curtain.read("clear")      # waits for the lamp
    tower.write("stack_blocked", True)
    run(plant, 0.35)
    assert not curtain.read("clear")                   # stepped in 0.3 s after the lamp
    run(plant, 1.0)
    assert tower.places["stack"].count == 7 and curtain.read("clear")
    assert not tower.read("stack_change_request")


def test_a_full_stack_is_taken_away_and_its_trays_logged():
    plant, lift, fingers, tower = rack(stack=2, clear_at_full=True, cap=2)
    tower.write("stack_blocked", True)
    run(plant, 2.0)
    assert tower.places["stack"].count == 0 and len(tower.taken_away) == 2


def test_an_extra_change_comes_at_its_time_and_adds_trays_up_to_the_capacity():
    plant, lift, fingers, tower = rack(stack=8, extra_at_s=1.0, extra_count=9)
    run(plant, 1.4)
    assert not tower.read("stack_change_request")
    run(plant, 0.2)
    assert tower.read("stack_change_request")
    tower.write("stack_blocked", True)
    run(plant, 1.5)
    assert tower.places["stack"].count == 12


def test_unknown_signals_and_commands_are_refused():
    _, _, _, tower = rack()
    with pytest.raises(KeyError):
        tower.read("nothing")
    with pytest.raises(KeyError):
        tower.write("nothing", True)
