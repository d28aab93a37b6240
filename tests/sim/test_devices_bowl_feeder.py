"""The bowl feeder (sim/devices/bowl_feeder.py) alone in a small plant: climb rate, track
capacity, escapement and demand, the flickering eyes."""

from __future__ import annotations

import pytest

from sim.devices.bowl_feeder import BowlFeeder
from sim.plant import Plant


def cell(**kw):
    plant = Plant(seed=3, substeps=1)
    args = dict(level=40, capacity=50, low_mark=15, band=3, feed_rate=2.0, track_cap=10, track=0,
                cycle_s=(1.0,), first_demand_s=100.0, parts=3)
    args.update(kw)
    bowl = plant.add(BowlFeeder("bowl", 0, 0, **args))
    return plant, bowl


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


@pytest.mark.parametrize("rate", [1.5, 4.0])
def test_the_vibrator_climbs_parts_at_its_rate_until_the_track_is_full(rate):
    plant, bowl = cell(feed_rate=rate)
    bowl.write("vibrate", True)
    run(plant, 2.0)
    assert bowl.track == int(2.0 * rate) and bowl.level == 40 - int(2.0 * rate)
    run(plant, 10.0)
    assert bowl.track == 10 and bowl.read("track_full") and bowl.level == 30    # the rest fell back
    bowl.write("vibrate", False)
    assert bowl.switches == [0.0, 12.0]


def test_an_escape_edge_answers_a_demand_and_the_next_comes_a_cycle_later():
    plant, bowl = cell(track=5, first_demand_s=0.5, cycle_s=(1.5, 0.7), parts=3)
    run(plant, 0.4)
    assert not bowl.read("demand")
    run(plant, 0.2)
    assert bowl.read("demand") and bowl.read("part_ready")
    bowl.write("escape", True)
    assert not bowl.read("demand") and bowl.track == 4 and bowl.delivered == 1
    bowl.write("escape", True)          # held: no second edge, no second part
    assert bowl.track == 4
    bowl.write("escape", False)
    run(plant, 1.45)
    assert not bowl.read("demand")
    run(plant, 0.1)
    assert bowl.read("demand") and bowl.waiting_s() < 0.1


def test_the_machine_stops_asking_after_its_parts():
    plant, bowl = cell(track=5, first_demand_s=0.0, cycle_s=(0.2,), parts=2)
    for _ in range(2):
        run(plant, 0.25)
        bowl.write("escape", True)
        bowl.write("escape", False)
    run(plant, 2.0)
    assert bowl.delivered == 2 and not bowl.read("demand")


def test_an_empty_track_cannot_answer_and_the_wait_grows():
    plant, bowl = cell(track=0, first_demand_s=0.0)
    run(plant, 0.5)
    bowl.write("escape", True)
    assert bowl.read("demand") and bowl.delivered == 0 and bowl.waiting_s() == pytest.approx(0.5, abs=0.02)


def test_the_level_eye_is_steady_far_from_its_mark_and_flickers_near_it():
    plant, bowl = cell(level=30)
    seen = set()
    for _ in range(100):
        plant.step()
        seen.add(bowl.read("bowl_low"))
    assert seen == {False}
    bowl.level = 16                    # one above the mark: TRUE now and then
    lows = 0
    for _ in range(400):
        plant.step()
        lows += bool(bowl.read("bowl_low"))
    assert 0 < lows < 200
    bowl.level = 10                    # below the band: steady TRUE (from the next sample on)
    run(plant, 0.06)
    steady = 0
    for _ in range(100):
        plant.step()
        steady += bool(bowl.read("bowl_low"))
    assert steady == 100


def test_the_track_eye_flickers_with_one_part_short():
    plant, bowl = cell(track=9)
    fulls = 0
    for _ in range(400):
        plant.step()
        fulls += bool(bowl.read("track_full"))
    assert 0 < fulls < 200
