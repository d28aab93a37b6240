"""The rework bench (sim/devices/manual_station.py) alone in a small plant: parts pushed into its
tray are taken in, reworked one at a time for their rework time (paused by a break), and put down
at the drop place only once it is clear, keeping their kind and code, coloured by the repair."""

from __future__ import annotations

import pytest

from sim.devices.manual_station import ManualStation
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def bench(rework_s=(2.0,), breaks=(), fails_again=None):
    plant = Plant(seed=1, substeps=1)
    station = plant.add(ManualStation("rework", 0, 0, 200, 200, drop=(1000, 0), rework_s=rework_s,
                                      breaks=breaks, fails_again=fails_again))
    return plant, station


def drop_in(plant, name, kind):
    return plant.add(Workpiece(name, 100, 100, part_kind=kind, code=int(kind), colour="red", width=60,
                               length=60))


def run_until(plant, when, limit_s=30.0):
    for _ in range(round(limit_s * 100)):
        plant.step()
        if when():
            return round(plant.time, 2)
    raise AssertionError("never happened")


def test_a_part_in_the_tray_is_taken_in_reworked_for_its_time_and_put_down_with_its_code():
    plant, station = bench(rework_s=(3.0,))
    drop_in(plant, "p4", "4")
    plant.step()
    assert station.taken_in[0][1] == "p4" and "p4" not in plant.devices
    assert station.read("busy") and station.read("queue") == 0 and station.read("placed") == 0
    t = run_until(plant, lambda: station.read("placed") == 1)
    assert t == pytest.approx(3.0, abs=0.03)
    part = plant["p4r"]
    assert (part.part_kind, part.code, part.colour, part.xy()) == ("4", 4, "green", (1000.0, 0.0))
    assert not station.read("busy")


def test_parts_wait_in_the_tray_and_are_worked_one_at_a_time_in_order():
    plant, station = bench(rework_s=(2.0, 4.0))
    drop_in(plant, "p1", "1")
    plant.step()
    drop_in(plant, "p2", "2")
    plant.step()
    assert station.read("queue") == 1
    first = run_until(plant, lambda: station.read("placed") == 1)
    plant["p1r"].remove()                     # taken away: the drop place is clear again
    second = run_until(plant, lambda: station.read("placed") == 2)
    assert first == pytest.approx(2.0, abs=0.03) and second == pytest.approx(6.0, abs=0.03)
    assert [name for _, name, _ in station.placed_log] == ["p1r", "p2r"]


def test_a_finished_part_waits_while_the_drop_place_is_taken():
    plant, station = bench(rework_s=(1.0,))
    blocker = plant.add(Workpiece("blocker", 1000, 0, width=60, length=60))
    drop_in(plant, "p3", "3")
    for _ in range(300):
        plant.step()
    assert station.read("placed") == 0 and not station.read("busy")
    blocker.remove()
    plant.step()
    assert station.read("placed") == 1


def test_a_break_pauses_the_work_in_hand():
    plant, station = bench(rework_s=(2.0,), breaks=((1.0, 4.0),))
    drop_in(plant, "p5", "5")
    for _ in range(150):
        plant.step()
    assert station.on_break and not station.read("busy")
    t = run_until(plant, lambda: station.read("placed") == 1)
    assert t == pytest.approx(5.0, abs=0.03)          # 1 s before the break, 1 s after it


def test_a_repair_that_does_not_take_comes_back_red():
    plant, station = bench(rework_s=(1.0,), fails_again=lambda kind: kind == "7")
    drop_in(plant, "p7", "7")
    run_until(plant, lambda: station.read("placed") == 1)
    assert plant["p7r"].colour == "red"


def test_rework_times_must_be_positive():
    with pytest.raises(ValueError):
        ManualStation("bad", 0, 0, 1, 1, drop=(0, 0), rework_s=(0.0,))
