"""The stroke jam (sim/devices/stroke_jam.py) and the belt clearance (sim/devices/belt_clearance.py),
each alone on a small plant: the jammed stroke stalls short of the end switch and the next runs
free; the operator's clearance takes only the parts of its kinds on its stretch of belt."""

from __future__ import annotations

from sim.devices.belt_clearance import BeltClearance
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Pusher
from sim.devices.stroke_jam import StrokeJam
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def stroke(plant, pusher, out_s=0.5, back_s=0.5):
    pusher.write("extend", True)
    run(plant, out_s)
    reached = pusher.read("extended")
    pusher.write("extend", False)
    run(plant, back_s)
    return reached


def test_only_the_listed_stroke_stalls_short_of_the_end_switch_and_the_next_runs_free():
    plant = Plant(seed=1, substeps=1)
    pusher = plant.add(Pusher("pusher", 0, 0, stroke=180, extend_s=0.2, retract_s=0.2, stall_fraction=0.15))
    jam = plant.add(StrokeJam("jam", pusher, strokes=(2,)))
    assert stroke(plant, pusher)
    pusher.write("extend", True)
    run(plant, 0.5)
    assert not pusher.read("extended") and 0 < pusher.position <= 0.15 * 180 + 1e-6
    assert jam.active and [n for _, n in jam.jammed] == [2]
    pusher.write("extend", False)
    run(plant, 0.5)
    assert pusher.read("retracted") and pusher.fault is None and not jam.active
    assert stroke(plant, pusher)                                # stroke 3 runs free
    assert jam.count == 3 and [n for _, n in jam.jammed] == [2]


def test_a_valve_pulsed_while_the_rod_is_out_is_no_new_stroke():
    plant = Plant(seed=1, substeps=1)
    pusher = plant.add(Pusher("pusher", 0, 0, stroke=100, extend_s=0.3, retract_s=0.3))
    jam = plant.add(StrokeJam("jam", pusher, strokes=(2,)))
    pusher.write("extend", True)
    run(plant, 0.2)
    pusher.write("extend", False)
    run(plant, 0.03)                      # back a little, not fully back
    pusher.write("extend", True)
    run(plant, 0.4)
    assert jam.count == 1 and pusher.read("extended")


def test_the_clearance_takes_only_its_kinds_on_its_stretch_of_belt():
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100))
    plant.add(Workpiece("bad_here", *belt.point(600), part_kind="B"))
    plant.add(Workpiece("good_here", *belt.point(650), part_kind="G"))
    plant.add(Workpiece("bad_elsewhere", *belt.point(200), part_kind="B"))
    removal = plant.add(BeltClearance("removal", belt, 550, 700, kinds=("B",)))
    plant.step()
    removal.clear()
    assert [name for _, name, _ in removal.removed] == ["bad_here"]
    plant.step()
    left = {p.name for p in plant.devices.values() if isinstance(p, Workpiece) and not p.removed}
    assert left == {"good_here", "bad_elsewhere"}
