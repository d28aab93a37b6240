"""The strip line, its flying carriage and knife alone: the strip ramps to the host's speeds, an
encoder counts its travel, the knife's switches follow its stroke time, a cut is logged once per
stroke where the strip lies under the blade (none past the strip's head), a blade dragged in the
strip tears it, and the slip is taken over the last steps."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import BeltEncoder
from sim.devices.strip_line import FlyingCarriage, Knife, StripLine
from sim.plant import Plant

SCAN = 0.01


def make(speeds=((0.0, 500.0),), accel=1000.0, stroke_s=0.1, head_mm=2000.0, start_down=False,
         carriage_mm=100.0):
    plant = Plant(seed=1, substeps=1)
    strip = plant.add(StripLine("strip", speeds=speeds, accel=accel, head_mm=head_mm))
    enc = plant.add(BeltEncoder("enc", strip, counts_per_mm=20.0))
    carriage = plant.add(FlyingCarriage("carriage", strip, start_mm=carriage_mm, accel=6000.0))
    knife = plant.add(Knife("knife", strip, carriage, stroke_s=stroke_s, start_down=start_down))
    return plant, strip, enc, carriage, knife


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_the_strip_ramps_to_each_ordered_speed_and_the_encoder_counts_its_travel():
    plant, strip, enc, _, _ = make(speeds=((0.5, 400.0), (2.0, 100.0)), accel=800.0)
    run(plant, 0.5)
    assert strip.velocity == 0.0 and enc.count == 0
    run(plant, 0.25)                                 # 0.25 s of an 800 mm/s^2 ramp
    assert strip.velocity == pytest.approx(200.0, abs=8.0)
    run(plant, 1.0)
    assert strip.velocity == 400.0
    run(plant, 1.0)
    assert strip.velocity == pytest.approx(100.0)
    assert enc.count == int(strip.travel_mm * 20.0)


def test_the_knife_leaves_its_up_switch_at_once_and_reaches_down_after_its_stroke_time():
    plant, _, _, _, knife = make(speeds=(), stroke_s=0.15)
    assert knife.read("up") and not knife.read("down")
    knife.write("down", True)
    plant.step(SCAN)
    assert not knife.read("up") and not knife.read("down")
    run(plant, 0.13)
    assert not knife.read("down")
    run(plant, 0.02)
    assert knife.read("down")
    knife.write("down", False)
    run(plant, 0.14)
    assert not knife.read("up")
    run(plant, 0.02)
    assert knife.read("up")


def test_a_cut_is_logged_once_per_stroke_where_the_strip_lies_under_the_blade():
    plant, strip, _, carriage, knife = make(speeds=(), stroke_s=0.05)
    knife.write("down", True)
    run(plant, 0.3)                                  # held down: one cut, not one per step
    assert strip.cuts == [pytest.approx(100.0)]
    knife.write("down", False)
    run(plant, 0.1)
    carriage.pos = 160.0
    knife.write("down", True)
    run(plant, 0.1)
    assert strip.cuts == [pytest.approx(100.0), pytest.approx(160.0)]


def test_a_cut_keeps_its_place_on_the_strip_so_two_cuts_a_length_apart_differ_by_that_length():
    # the strip stands, is cut, runs 200 mm and stops (1000 mm/s^2 ramps), and is cut again
    plant, strip, _, _, knife = make(speeds=((0.0, 0.0), (0.3, 200.0), (1.0, 0.0)), accel=1000.0,
                                     stroke_s=0.05)
    knife.write("down", True)
    run(plant, 0.2)
    knife.write("down", False)
    run(plant, 1.8)
    assert strip.velocity == 0.0
    knife.write("down", True)
    run(plant, 0.2)
    assert strip.cuts[0] - strip.cuts[1] == pytest.approx(strip.travel_mm) == pytest.approx(140.0, abs=1.0)
    assert knife.tears == 0


def test_the_blade_cuts_air_past_the_strips_head_and_a_knife_down_at_power_up_has_not_cut():
    plant, strip, _, _, knife = make(speeds=(), head_mm=50.0, start_down=True)
    assert knife.read("down")
    run(plant, 0.2)
    assert strip.cuts == []                          # already down at power-up: no new cut
    knife.write("down", False)
    run(plant, 0.2)
    knife.write("down", True)
    run(plant, 0.2)
    assert strip.cuts == []                          # the carriage at 100 mm, the head at 50 mm


def test_a_blade_in_the_strip_with_the_carriage_out_of_step_tears_it():
    plant, strip, _, _, knife = make(speeds=((0.0, 400.0),), accel=1e6, stroke_s=0.1)
    knife.write("down", True)
    run(plant, 0.03)                                 # blade not yet half way: no tear
    assert not knife.in_strip and knife.tears == 0
    run(plant, 0.05)
    assert knife.in_strip and knife.torn
    assert strip.torn_at is not None


def test_the_slip_is_the_carriage_speed_minus_the_strips_over_the_last_five_steps():
    plant, strip, _, carriage, knife = make(speeds=((0.0, 500.0),), accel=1e6)
    run(plant, 0.1)
    assert knife.slip_mm_s == pytest.approx(-500.0)
    assert knife.strip_mm_s == pytest.approx(500.0)
    for _ in range(5):
        carriage.pos += 5.0                          # 500 mm/s, moved by hand
        plant.step(SCAN)
    assert knife.slip_mm_s == pytest.approx(0.0, abs=1e-6)
