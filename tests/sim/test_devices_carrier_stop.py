"""The carrier stop (sim/devices/carrier_stop.py): a Stopper whose plate cannot rise into a
carrier lying over it; it rises behind the carrier, and holds carriers like any stopper."""

from __future__ import annotations

from sim.devices.carrier_stop import CarrierStop
from sim.devices.conveyor import Conveyor
from sim.devices.workpiece import Workpiece
from sim.plant import Plant

CARRIER = dict(part_kind="carrier", width=80.0, length=100.0)


def cell(start_extended=False):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200,
                              guide_gaps=(("right", 480, 520),)))
    belt.write("run", True)
    stop = plant.add(CarrierStop.beside(belt, "stop", 500, start_extended=start_extended, extend_s=0.1,
                                        retract_s=0.1))
    return plant, belt, stop


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def test_it_rises_in_its_stroke_time_and_holds_a_carrier():
    plant, belt, stop = cell()
    stop.write("extend", True)
    run(plant, 0.05)
    assert not stop.read("extended")
    run(plant, 0.06)
    assert stop.read("extended")
    part = plant.add(Workpiece("c", *belt.point(300), **CARRIER))
    run(plant, 2.0)
    assert abs(part.xy()[0] - (500 - 6 - 50)) < 3 and abs(part.xy()[1]) < 2


def test_with_a_carrier_over_it_it_stays_down_and_rises_behind_it():
    plant, belt, stop = cell()
    part = plant.add(Workpiece("c", *belt.point(470), **CARRIER))
    stop.write("extend", True)
    plant.step()
    assert stop.held_down and stop.read("retracted")
    run(plant, 0.3)                   # the carrier runs on over it (200 mm/s)
    assert abs(part.xy()[1]) < 2 and part.xy()[0] > 500
    assert stop.read("retracted") or not stop.held_down
    run(plant, 0.5)
    assert not stop.held_down and stop.read("extended")
    assert part.xy()[0] - 50 > 506


def test_lowered_it_lets_the_carrier_go():
    plant, belt, stop = cell(start_extended=True)
    part = plant.add(Workpiece("c", *belt.point(300), **CARRIER))
    stop.write("extend", True)
    run(plant, 1.5)
    held = part.xy()[0]
    stop.write("extend", False)
    run(plant, 0.5)
    assert stop.read("retracted") and part.xy()[0] > held + 50


def test_a_carrier_coming_over_it_part_way_up_presses_it_down_and_goes_on_straight():
    plant, belt, stop = cell()
    part = plant.add(Workpiece("c", *belt.point(400), **CARRIER))
    run(plant, 0.2)                   # the carrier at belt speed, its front a few mm before the plate
    stop.write("extend", True)
    highest = 0.0
    for _ in range(8):                # part way up as the carrier's front reaches the plate
        plant.step()
        highest = max(highest, stop.position)
    assert 0.0 < highest < stop.stroke
    assert stop.held_down and stop.read("retracted")
    run(plant, 1.0)
    assert part.xy()[0] > 560 and abs(part.xy()[1]) < 3
    assert stop.read("extended")


def test_the_end_switches_the_session_reads_follow_the_plate():
    """extended_switch / retracted_switch (what the session reads, kept by step, also while a
    carrier holds the plate down) agree with read() through rising, holding and lowering."""
    plant, belt, stop = cell()
    plant.add(Workpiece("c", *belt.point(440), **CARRIER))
    states = set()
    for extend in (True, False, True):
        stop.write("extend", extend)
        for _ in range(80):
            plant.step()
            assert (stop.extended_switch, stop.retracted_switch) == (stop.read("extended"),
                                                                      stop.read("retracted"))
            states.add((stop.extended_switch, stop.retracted_switch, stop.held_down))
    assert {(False, True, True), (True, False, False), (False, False, False)} <= states
