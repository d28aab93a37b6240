"""The line's full eye (sim/devices/queue_eye.py), apart from any task: the queue is the cartons
due but not yet handed to the pick; blocked from the scan the queue reaches the eye's depth until
a carton taken lets the next one move up."""

from __future__ import annotations

from sim.devices.queue_eye import QueueEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant

SPEC = {"width": 250, "length": 350, "height_mm": 200, "mass": 2.0}


def line(times, depth=2):
    plant = Plant(seed=1, substeps=1)
    feeder = plant.add(Feeder("infeed", 1700, 500, [(t, dict(SPEC)) for t in times], prefix="carton"))
    eye = plant.add(QueueEye("full", feeder="infeed", depth=depth, x=1700, y=500))
    return plant, feeder, eye


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step()


def test_blocked_once_depth_cartons_stand_behind_the_one_at_the_pick():
    plant, feeder, eye = line([0.5, 1.0, 2.0, 3.0])
    run(plant, 0.6)
    assert len(feeder.released) == 1 and eye.queue == 0 and not eye.read("blocked")
    run(plant, 0.5)                        # carton 2 due at 1.0 s: the pick is taken, it queues
    assert eye.queue == 1 and not eye.read("blocked")
    scans = 0
    while not eye.read("blocked") and scans < 200:
        plant.step()
        scans += 1
    assert abs(plant.time - 2.0) < 0.015   # carton 3 due at 2.0 s: two queued
    assert eye.queue == 2


def test_a_carton_taken_from_the_pick_lets_the_queue_move_up_and_clears_the_eye():
    plant, feeder, eye = line([0.0, 0.1, 0.2], depth=2)
    run(plant, 0.5)
    assert eye.read("blocked") and eye.queue == 2
    feeder.released[0].remove()            # the head takes the carton at the pick
    run(plant, 0.05)
    assert len(feeder.released) == 2 and eye.queue == 1 and not eye.read("blocked")


def test_a_blocked_eye_stands_the_line_upstream_its_schedule_held_back_until_a_carton_is_taken():
    plant = Plant(seed=1, substeps=1)
    feeder = plant.add(Feeder("infeed", 1700, 500, [(t, dict(SPEC)) for t in (0.0, 0.1, 0.2, 1.0)],
                              prefix="carton", paced_by=("full", "running")))
    eye = plant.add(QueueEye("full", feeder="infeed", depth=2, x=1700, y=500))
    run(plant, 0.3)
    assert eye.read("blocked") and not eye.read("running")
    run(plant, 3.0)                        # the line stands: carton 4 (due at 1.0 s) not yet due
    assert eye.queue == 2 and eye.time < 0.35
    feeder.released[0].remove()
    run(plant, 0.05)
    assert eye.read("running") and eye.queue == 1
    run(plant, 1.0)                        # its clock ran on: carton 4 now due, the eye blocked again
    assert eye.read("blocked") and eye.queue == 2
