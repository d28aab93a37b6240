"""ToteQueue and InboundPicker (sim/devices/tote_queue.py), alone in a small plant: a queue puts
its totes onto a belt while its stopper is down, and a picker takes them off the far end of an
inbound belt with an end stop, only while it is ready."""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Stopper
from sim.devices.tote_queue import InboundPicker, ToteQueue
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant


def tote(name):
    return dict(name=name, part_kind="tote", width=100, length=140)


def queue_plant(arrivals=(0.5, 0.6, 3.0)):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, width=120, speed=400, max_speed=400, ramp_s=0.0))
    stop = plant.add(Stopper("stop", 300, -100, angle_deg=180, stroke=110, start_extended=True))
    q = plant.add(ToteQueue("q", 200, 0, [(t, tote(f"T{n}")) for n, t in enumerate(arrivals, 1)],
                            only_while=("stop", "retracted"), stub=(200, -130, 200, -900)))
    return plant, belt, stop, q


def run_until(plant, cond, limit=3000):
    for k in range(limit):
        if cond():
            return k
        plant.step()
    raise AssertionError("never happened")


def test_totes_wait_in_arrival_order_while_the_stopper_is_up():
    plant, belt, stop, q = queue_plant()
    belt.write("run", True)
    stop.write("extend", True)
    assert q.read("waiting") is False and q.read("count") == 0
    k = run_until(plant, lambda: q.read("waiting"))
    assert k == 50                                   # the first arrives at 0.5 s
    run_until(plant, lambda: q.read("count") == 2)
    for _ in range(100):
        plant.step()
    assert q.read("count") == 2 and not q.dropped    # the stopper holds them
    assert abs(q.oldest_wait_s() - (plant.time - 0.5)) < 0.02   # T1 has waited since 0.5 s


def test_a_lowered_stopper_lets_one_tote_after_the_other_onto_the_belt_once_its_place_is_clear():
    plant, belt, stop, q = queue_plant()
    belt.write("run", True)
    stop.write("extend", True)
    run_until(plant, lambda: q.read("count") == 2)
    stop.write("extend", False)
    run_until(plant, lambda: len(q.dropped) == 2)
    (t1, n1), (t2, n2) = q.dropped
    assert (n1, n2) == ("T1", "T2")
    # the second waits until the first has run ~156 mm off the drop place at 400 mm/s
    assert 0.3 <= t2 - t1 <= 0.5
    assert q.read("count") == 0 and q.read("waiting") is False and q.oldest_wait_s() == 0.0
    assert q.arrived_s("T3") == 3.0


def test_a_stopped_belt_keeps_the_drop_place_taken():
    plant, belt, stop, q = queue_plant()
    stop.write("extend", False)
    run_until(plant, lambda: len(q.dropped) == 1)
    for _ in range(300):
        plant.step()
    assert len(q.dropped) == 1 and q.read("count") == 2


def picker_plant(busy_s=()):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("inbound", 150, 0, length=300, width=120, speed=300, max_speed=300, ramp_s=0.0,
                              end_stop=True))
    picker = plant.add(InboundPicker("picker", belt="inbound", x0=220, y0=-90, x1=600, y1=90, busy_s=busy_s))
    for n, x in enumerate((200.0, 50.0), 1):
        plant.add(Workpiece(f"T{n}", x, 0, width=100, length=140))
    return plant, belt, picker


def test_the_picker_takes_totes_at_the_end_of_its_belt_while_ready():
    plant, belt, picker = picker_plant()
    run_until(plant, lambda: len(picker.received) == 1)
    assert picker.received[0][1] == "T1" and belt.read("running")


def test_a_stalled_picker_stops_its_belt_and_takes_nothing_so_totes_queue():
    plant, belt, picker = picker_plant(busy_s=(1.0, 0.0))
    run_until(plant, lambda: len(picker.received) == 1)
    for _ in range(80):             # 0.8 s of the 1 s stall: the belt stands, T2 stays where it was
        plant.step()
    assert picker.read("ready") is False and not belt.read("running") and len(picker.received) == 1
    assert [p.name for p in material_flow(plant).parts] == ["T2"]
    k = run_until(plant, lambda: len(picker.received) == 2)
    # the stall ends 0.2 s later, then T2 runs the ~170 mm to the intake at 300 mm/s
    assert 20 <= k <= 90 and picker.read("ready") is True
