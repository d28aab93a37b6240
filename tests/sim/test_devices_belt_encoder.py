"""The line encoder alone: counts with the belt, both ways, and wraps as a 16-bit counter."""

from __future__ import annotations

from sim.devices.belt_encoder import BeltEncoder, wrap16
from sim.devices.conveyor import Conveyor
from sim.plant import Plant

SCAN = 0.01


def make(speed=300.0, start_count=0, ramp_s=0.0):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("line", 500, 300, length=1000, speed=speed, ramp_s=ramp_s))
    enc = plant.add(BeltEncoder("encoder", belt, counts_per_mm=20.0, start_count=start_count))
    return plant, belt, enc


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_counts_twenty_per_mm_while_the_belt_runs_and_stands_still_when_it_stops():
    plant, belt, enc = make(speed=250.0)
    run(plant, 1.0)
    assert enc.read("count") == 0
    belt.write("run", True)
    run(plant, 1.0)
    assert enc.read("count") == 250 * 20
    belt.write("run", False)
    run(plant, 0.5)
    assert enc.read("count") == 250 * 20


def test_the_counter_wraps_from_32767_to_minus_32768_and_back_running_in_reverse():
    plant, belt, enc = make(speed=100.0, start_count=32700)
    belt.write("run", True)
    plant.step(SCAN)                      # 1 mm = 20 counts
    assert enc.read("count") == 32720
    run(plant, 0.04)                      # 4 mm more: 32800 -> wraps
    assert enc.read("count") == 32800 - 65536
    belt.write("reverse", True)
    run(plant, 0.05)
    assert enc.read("count") == 32700
    assert enc.total_counts == 32700


def test_the_count_follows_the_belt_s_ramp():
    plant, belt, enc = make(speed=500.0, ramp_s=0.5)   # 1000 mm/s^2 up to 500 mm/s
    belt.write("run", True)
    run(plant, 0.5)
    assert abs(enc.travel_mm - 125.0) < 3.0              # half of 500 mm/s over 0.5 s
    assert wrap16(65536 + 5) == 5 and wrap16(32768) == -32768
