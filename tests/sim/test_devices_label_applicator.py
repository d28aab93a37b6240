"""The tamp label applicator alone: label feed and label_ready, firing at an encoder count
(within the step, also past the counter's wrap), the tamp time, where each label lands, and the
encoder card's leading-edge latch it works with."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import BeltEncoder, wrap16
from sim.devices.conveyor import Conveyor
from sim.devices.label_applicator import LabelApplicator
from sim.devices.workpiece import Workpiece
from sim.plant import Plant

SCAN = 0.01


def make(speed=300.0, start_count=0, label_ready=True, carton_at=150.0):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 800, 300, length=1600, width=180, speed=speed, max_speed=600, ramp_s=4))
    belt.run = True
    belt.velocity = speed
    belt.surface_vx = speed
    enc = plant.add(BeltEncoder("enc", belt, counts_per_mm=10, start_count=start_count, latch_at_mm=400))
    app = plant.add(LabelApplicator("lab", enc, at_mm=1000, tamp_s=0.08, return_s=0.08, feed_s=0.3,
                                    label_ready=label_ready))
    if carton_at is not None:
        plant.add(Workpiece("carton1", *belt.point(carton_at), width=150, length=300, colour="yellow"))
    return plant, belt, enc, app


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_the_latch_takes_the_count_of_the_leading_edge_at_the_eye_within_the_step():
    plant, belt, enc, app = make(speed=300.0, carton_at=150.0)
    run(plant, 2.0)
    assert enc.read("edges") == 1
    # the carton (up to belt speed long before) stands as far past the latch point as the belt
    # has run since the latched count
    part = plant["carton1"]
    lead = part.xy()[0] - belt.x + belt.half_length + part.length / 2
    assert lead - 400.0 == pytest.approx(enc.travel_mm - enc.edge_travel[0], abs=0.3)
    assert enc.read("edge_count") == wrap16(round(enc.edge_travel[0] * 10 - 0.5))


def test_fires_at_the_count_and_the_label_lands_where_the_pad_touches_after_the_tamp_time():
    plant, belt, enc, app = make(speed=300.0, start_count=32000)
    run(plant, 0.5)
    edge = enc.edge_count
    # fire when the carton has travelled 600 + 100 mm from the latch, less 80 ms at 300 mm/s
    fire = wrap16(edge + 7000 - 240)
    app.write("fire_count", fire)
    app.write("arm", True)
    assert app.read("armed")
    run(plant, 3.0)
    assert app.fired == 1 and not app.read("armed") and app.read("pad_up")
    ((t, part, behind, carrying),) = app.touches
    assert part == "carton1" and carrying
    assert behind == pytest.approx(100.0, abs=0.6)     # past the 16-bit wrap, exact in the step
    assert app.labels == {"carton1": [behind]}
    assert not app.read("label_ready")


def test_feed_takes_its_time_and_only_with_the_pad_up_and_no_label():
    plant, belt, enc, app = make(label_ready=False, carton_at=None)
    assert not app.read("label_ready")
    app.write("feed", True)
    run(plant, 0.2)
    assert not app.read("label_ready")
    run(plant, 0.11)
    assert app.read("label_ready")
    app.write("feed", False)
    app.write("feed", True)             # a label already there: nothing more
    assert app.feeding == 0.0


def test_a_tamp_with_no_carton_under_the_pad_or_no_label_is_logged_as_such():
    plant, belt, enc, app = make(label_ready=False, carton_at=None)
    app.write("fire_count", 100)
    app.write("arm", True)
    run(plant, 1.0)
    ((t, part, _, carrying),) = app.touches
    assert part == "" and not carrying
    assert t == pytest.approx(10.0 / 300.0 + 0.08, abs=0.011)


def test_armed_past_the_count_fires_at_once():
    plant, belt, enc, app = make(carton_at=None)
    run(plant, 0.5)
    app.write("fire_count", wrap16(enc.count - 50))
    app.write("arm", True)
    plant.step(SCAN)
    assert app.fired == 1 and app.phase == "down"
