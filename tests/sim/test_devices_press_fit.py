"""PressFitDial alone: a part seats once the ram pushes it to seat_n, one press lasts until the
ram is back up, a second press counts, the probe's tip switch on pressed parts only, the drive
trip on the n-th way down."""

from __future__ import annotations

from sim.devices.axis import to_word
from sim.devices.force_axis import ForceAxis
from sim.devices.pneumatics import Cylinder
from sim.devices.press_fit import PressFitDial
from sim.devices.rotary import RotaryTable
from sim.plant import Plant

SCAN = 0.01


def make(pressed=(), trip_on=0, start_station=1):
    plant = Plant(seed=1, substeps=1)
    table = plant.add(RotaryTable("table", stations=6, index_time_s=0.5, settle_s=0.05,
                                  start_station=start_station))
    ram = plant.add(ForceAxis("ram", start_mm=0.0, limit_plus_mm=140.0, rail_max_mm=140.0, max_speed=200.0,
                              accel=2000.0, contact_mm=100.0, stiffness=20000.0))
    probe = plant.add(Cylinder("probe", 0.0, 0.0, stroke=60.0, extend_s=0.3, retract_s=0.3))
    log = plant.add(PressFitDial("log", table, ram, probe, pressed_at_start=pressed, trip_on_approach=trip_on,
                                 trip_hold_s=0.5))
    ram.write("enable", True)
    ram.write("force_limit", 9000)
    return plant, table, ram, probe, log


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def move(ram, mm):
    ram.write("target", to_word(mm))
    ram.write("start", False)
    ram.write("start", True)


def test_a_part_seats_at_the_seat_force_and_its_top_goes_lower():
    plant, _, ram, _, log = make()
    move(ram, 110.0)
    run(plant, 1.5)
    assert log.pressed[0] and log.presses[0] == 1 and log.pressed_log[0][0] == 1
    assert ram.contact_mm == 103.0 and ram.stalled           # on the seated part at the limit
    move(ram, 0.0)
    run(plant, 1.5)
    assert log.presses[0] == 1 and not log.touching


def test_pressing_a_pressed_part_again_counts_a_second_press():
    plant, _, ram, _, log = make(pressed=(1,))
    assert ram.contact_mm == 103.0
    move(ram, 110.0)
    run(plant, 1.5)
    assert log.presses[0] == 1        # one press in this run on a part pressed before power-up


def test_a_force_under_the_seat_force_leaves_the_part_unpressed():
    plant, _, ram, _, log = make()
    ram.write("force_limit", 5000)
    move(ram, 110.0)
    run(plant, 1.5)
    assert not log.pressed[0] and ram.stalled


def test_the_probe_switch_closes_only_fully_down_on_a_pressed_part():
    plant, _, _, probe, log = make(pressed=(2,))      # nest 2 is under the probe on station 1
    assert not log.read("probe_pressed")
    probe.write("extend", True)
    run(plant, 0.1)
    assert not log.read("probe_pressed")              # on its way down
    run(plant, 0.4)
    assert log.read("probe_pressed") and log.probed[1]
    plant2, _, _, probe2, log2 = make(pressed=(1,))
    probe2.write("extend", True)
    run(plant2, 0.5)
    assert not log2.read("probe_pressed") and log2.probed[1]


def test_the_drive_trips_on_its_nth_way_down_and_ignores_resets_for_the_hold():
    plant, _, ram, _, log = make(trip_on=1)
    move(ram, 110.0)
    run(plant, 0.6)
    assert ram.fault and log.approaches == 1 and 50.0 <= ram.pos < 100.0 and not log.pressed[0]
    ram.write("reset", True)
    ram.write("reset", False)
    assert ram.fault                                  # the hold has not run out
    run(plant, 0.5)
    ram.write("reset", True)
    assert not ram.fault


def test_cleared_once_ram_and_probe_are_up_together():
    plant, _, ram, probe, log = make()
    run(plant, 0.02)
    assert log.cleared
