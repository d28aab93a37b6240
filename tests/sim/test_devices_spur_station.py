"""The spur station (sim/devices/spur_station.py) beside a belt, alone in a small plant: taking a
carrier in, its work time, one at a time, the full signal, an out-of-service window, the merge
back into a gap, the unloader and the return leg (parallel travel)."""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.spur_station import SpurStation
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant

CARRIER = dict(part_kind="carrier", colour="blue", width=80.0, length=100.0)


def cell(**kw):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, width=100, speed=200))
    done: list[str] = []
    kw.setdefault("exit_at", belt.point(1300))
    spur = plant.add(SpurStation("spur", intake=(440, 48, 560, 250), lane=(500, 60, 760, 420), capacity=2,
                                 on_done=done.append, **kw))
    return plant, belt, spur, done


def put(plant, name, x=500.0, y=60.0):
    """A carrier set down in the intake (as a transfer's chains leave it there)."""
    return plant.add(Workpiece(name, x, y, **CARRIER))


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def names(plant):
    return sorted(p.name for p in material_flow(plant).parts)


def test_a_carrier_in_the_intake_is_taken_in_worked_for_its_time_and_merged_back():
    plant, _, spur, done = cell(work_s=2.0)
    put(plant, "C1")
    plant.step()
    assert names(plant) == [] and spur.read("count") == 1 and spur.read("busy")
    run(plant, 1.9)
    assert done == [] and spur.read("count") == 1
    run(plant, 0.2)
    assert done == ["C1"]
    assert names(plant) == ["C1"] and spur.read("count") == 0 and not spur.read("busy")
    start, end, name = spur.worked[0]
    assert name == "C1" and 1.95 <= end - start <= 2.05
    part = material_flow(plant).parts[0]
    assert abs(part.xy()[0] - 1300) < 1 and part.part_kind == "carrier" and part.colour == "blue"


def test_it_works_one_carrier_at_a_time_and_is_full_at_its_capacity():
    plant, _, spur, done = cell(work_s=1.0)
    put(plant, "C1")
    plant.step()
    assert not spur.read("full")
    put(plant, "C2")
    plant.step()
    assert spur.read("full") and spur.read("count") == 2
    assert spur.entered[1][1:3] == ("C2", 1)
    run(plant, 1.0)
    assert done == ["C1"]
    run(plant, 1.0)
    assert done == ["C1", "C2"]


def test_out_of_service_it_works_nothing_and_goes_on_where_it_stopped():
    plant, _, spur, done = cell(work_s=2.0, out=((1.0, 3.0),))
    put(plant, "C1")
    run(plant, 1.5)
    assert not spur.read("ok") and not spur.read("busy") and spur.read("count") == 1
    run(plant, 2.6)                   # back at 4 s, 1 s of work left
    assert spur.read("ok") and done == []
    run(plant, 1.1)
    assert done == ["C1"]


def test_a_worked_carrier_waits_for_a_gap_at_the_merge():
    plant, belt, spur, done = cell(work_s=0.5)
    belt.write("run", False)
    blocker = plant.add(Workpiece("X", *belt.point(1350), **CARRIER))
    put(plant, "C1")
    run(plant, 2.0)
    assert done == ["C1"] and spur.read("count") == 1 and spur.left == []
    blocker.remove()
    plant.step()
    assert spur.left and spur.left[0][1] == "C1" and spur.read("count") == 0


def test_the_unloader_takes_carriers_off_the_line():
    plant, _, spur, _ = cell(work_s=1.0, exit_at=None)
    put(plant, "C1")
    run(plant, 1.1)
    assert spur.left[0][1] == "C1" and names(plant) == [] and spur.read("count") == 0


def test_a_return_leg_carries_every_carrier_at_once_each_from_its_own_entry():
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, width=100, speed=200))
    belt.write("run", True)
    ret = plant.add(SpurStation("return", intake=(1950, -150, 2300, 150), lane=(2080, -260, 0, -260),
                                work_s=3.0, parallel=True, exit_at=belt.point(60), clearance_mm=50))
    plant.add(Workpiece("C1", 1990, 0, **CARRIER))
    run(plant, 1.0)
    plant.add(Workpiece("C2", 1990, 0, **CARRIER))
    plant.step()
    assert ret.read("count") == 2
    run(plant, 2.0)
    assert [n for _, n in ret.left] == ["C1"]
    run(plant, 1.0)
    assert [n for _, n in ret.left] == ["C1", "C2"]


def test_carriers_in_it_at_power_up_are_worked_first():
    plant, _, spur, done = cell(work_s=2.0, queued=(dict(CARRIER, name="Q1"),), worked_s=1.5)
    assert spur.read("count") == 1
    run(plant, 0.6)
    assert done == ["Q1"]


def test_in_service_and_busy_follow_the_out_windows_step_by_step():
    """ok (kept by step, as the session reads it) is FALSE exactly inside each out window: one at
    power-up, one right after it, one later; busy follows it with a carrier in work."""
    plant, _, spur, _ = cell(work_s=100.0, out=((0.0, 0.5), (0.5, 0.3), (2.0, 1.0)))
    assert not spur.ok
    put(plant, "C1")
    flips = 0
    for _ in range(400):
        was = spur.ok
        plant.step()
        t = spur.time + 1e-9
        want = not any(a <= t < a + d for a, d in spur.out)
        assert spur.ok == want and spur.read("ok") == want
        assert spur.busy == want and spur.count == 1 and not spur.full
        flips += spur.ok != was
    assert flips == 3           # back in at 0.8 s, out at 2 s, back in at 3 s
