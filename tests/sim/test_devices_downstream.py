"""The downstream machine with a Ready handshake (sim/devices/downstream.py), alone in a small
plant: a belt runs parts off its end into the machine's intake."""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.downstream import Downstream
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant


def line(ready_at_s=0.0, busy_s=(), parts_at=(900.0,)):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200, max_speed=200, ramp_s=0.0))
    for n, at in enumerate(parts_at, 1):
        plant.add(Workpiece(f"p{n}", *belt.point(at), width=50, length=80))
    dm = plant.add(Downstream("machine", 1000, -60, 1200, 60, ready_at_s=ready_at_s, busy_s=busy_s))
    return plant, belt, dm


def run_until(plant, cond, limit=2000):
    for k in range(limit):
        if cond():
            return k
        plant.step()
    raise AssertionError("never happened")


def test_not_ready_until_ready_at_then_ready():
    plant, _, dm = line(ready_at_s=0.5)
    assert dm.read("ready") is False and dm.read("busy") is True
    k = run_until(plant, lambda: dm.read("ready"))
    assert k == 50                              # 0.5 s of 10 ms steps


def test_takes_a_part_when_its_centre_crosses_the_line_and_is_busy_for_its_time():
    plant, belt, dm = line(busy_s=(0.3,))
    belt.write("run", True)
    part = plant["p1"]
    k = run_until(plant, lambda: dm.received)
    # the centre had 100 mm to go at 200 mm/s (0.5 s)
    assert 50 <= k <= 56                        # plus the few scans the part takes to reach belt speed
    assert dm.received[0][1] == "p1" and part.removed and not material_flow(plant).parts
    assert dm.read("ready") is False
    busy = run_until(plant, lambda: dm.read("ready"))
    assert 29 <= busy <= 31                     # busy 0.3 s after taking the part
    assert dm.entered_not_ready == []


def test_a_part_whose_front_crosses_while_not_ready_is_logged_once():
    plant, belt, dm = line(ready_at_s=5.0)
    belt.write("run", True)
    # the front edge (40 mm ahead of the centre) reaches the line after 60 mm
    run_until(plant, lambda: dm.entered_not_ready)
    assert plant["p1"].x + 40 > 1000 and plant["p1"].x < 1000
    run_until(plant, lambda: dm.received)
    assert dm.entered_not_ready == ["p1"]


def test_a_front_edge_crossing_while_ready_is_no_fault_and_busy_times_go_part_by_part():
    plant, belt, dm = line(busy_s=(0.0, 0.2), parts_at=(900.0, 700.0, 500.0))
    belt.write("run", True)
    run_until(plant, lambda: len(dm.received) == 1)
    assert dm.read("ready") is True             # busy 0 s: still ready
    run_until(plant, lambda: len(dm.received) == 2)
    assert dm.read("ready") is False            # 0.2 s busy after the second
    run_until(plant, lambda: len(dm.received) == 3)
    # the third part is 200 mm behind: 1 s at 200 mm/s, so the machine was ready again
    assert dm.entered_not_ready == []


def test_a_stopped_belt_holds_its_part_short_of_the_line():
    plant, _, dm = line(ready_at_s=0.0)
    for _ in range(100):
        plant.step()
    assert dm.received == [] and dm.entered_not_ready == [] and dm.read("ready") is True
