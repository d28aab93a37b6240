"""The metered feeder (sim/devices/metered_feeder.py) alone over a belt: it releases a part at
its interval only while running, holds while stopped, waits for a clear drop place and jitters
its intervals from the plant's seeded generator."""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.metered_feeder import MeteredFeeder
from sim.plant import Plant


def cell(interval=0.5, jitter=0.0, belt_speed=400.0, seed=1):
    plant = Plant(seed=seed, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, width=100, speed=belt_speed))
    belt.run = True
    feeder = plant.add(MeteredFeeder("feeder", *belt.point(60), interval_s=interval, jitter=jitter,
                                     spec=dict(shape="circle", width=50), first_s=0.1))
    return plant, feeder


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def test_it_releases_at_its_interval_only_while_running():
    plant, feeder = cell(interval=0.5)
    run(plant, 1.0)
    assert not feeder.released                 # not running
    feeder.write("run", True)
    run(plant, 0.12)
    assert len(feeder.released) == 1           # the first after first_s
    run(plant, 1.0)
    assert len(feeder.released) == 3
    feeder.write("run", False)
    run(plant, 2.0)
    assert len(feeder.released) == 3
    assert feeder.runs == [[1.0, 2.12]]
    assert feeder.read("running") is False


def test_a_stop_holds_the_interval_it_was_in():
    plant, feeder = cell(interval=0.5)
    feeder.write("run", True)
    run(plant, 0.35)                            # released at 0.1, 0.25 s into the next interval
    feeder.write("run", False)
    run(plant, 1.0)
    feeder.write("run", True)
    run(plant, 0.2)
    assert len(feeder.released) == 1
    run(plant, 0.1)
    assert len(feeder.released) == 2


def test_it_waits_for_a_clear_drop_place():
    plant, feeder = cell(interval=0.1, belt_speed=0.0)
    plant["belt"].run = False
    feeder.write("run", True)
    run(plant, 1.0)
    assert len(feeder.released) == 1            # the first part still lies on the drop place


def test_jitter_comes_from_the_plant_seed():
    times = []
    for seed in (4, 4, 5):
        plant, feeder = cell(interval=0.4, jitter=0.15, seed=seed)
        feeder.write("run", True)
        log = []
        for n in range(400):
            plant.step()
            if len(feeder.released) > len(log):
                log.append(n)
        gaps = [b - a for a, b in zip(log, log[1:], strict=False)]
        assert all(33 <= g <= 47 for g in gaps)
        times.append(log)
    assert times[0] == times[1] and times[0] != times[2]
