"""The flow wrapper's film, registration eye and seal jaw alone: marks and packs ride the film,
the eye latches the encoder count at a mark's leading edge (within the step) and counts the
marks, the jaw seals where the film is as it passes its seal point (once per pass, either way),
and its slip is taken over the last steps."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import BeltEncoder
from sim.devices.flow_wrapper import MARK_MM, JawRoll, MarkEye, PackFilm
from sim.plant import Plant

SCAN = 0.01


def make(speeds=((0.0, 500.0),), pitch=300.0, first=-500.0, jaw_mm=100.0):
    plant = Plant(seed=1, substeps=1)
    film = plant.add(PackFilm("film", speeds=speeds, accel=1e6, pitch_mm=pitch, first_mark_mm=first,
                              pack_mm=200.0))
    enc = plant.add(BeltEncoder("enc", film, counts_per_mm=20.0, start_count=32000))
    eye = plant.add(MarkEye("eye", film, enc, at_mm=-450.0))
    jaw = plant.add(JawRoll("jaw", film, circumference_mm=300.0, zone_mm=40.0, start_mm=jaw_mm, accel=1e6,
                            max_speed=1e5))
    return plant, film, enc, eye, jaw


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_marks_and_packs_alternate_along_the_film():
    _, film, _, _, _ = make(first=-500.0)
    assert film.mark(0) == -500.0 and film.mark(2) == -1100.0
    assert film.nearest_mark(-510.0) == (0, pytest.approx(-10.0))
    assert not film.on_pack(-450.0 - 1.0)        # 49 mm from mark 0: in the 100 mm gap
    assert film.on_pack(-500.0 + 150.0)           # the middle of a pack


def test_the_eye_latches_the_count_at_each_marks_leading_edge_and_counts_them():
    plant, film, enc, eye, _ = make(first=-500.0)     # mark 0's leading edge 48 mm before the eye
    run(plant, 0.09)                                   # 45 mm: not yet
    assert eye.read("marks") == 0
    run(plant, 0.01)                                   # 50 mm: crossed at 48 mm, within the step
    assert eye.read("marks") == 1
    assert eye.read("mark_count") == 32000 + round(48.0 * 20.0) - 65536
    run(plant, 0.6)                                    # 300 mm more: the next mark
    assert eye.read("marks") == 2
    assert eye.latched_travel == [pytest.approx(48.0), pytest.approx(348.0)]


def test_the_eye_sees_a_mark_only_while_it_is_under_it():
    plant, _, _, eye, _ = make(speeds=((0.0, 100.0),), first=-500.0)
    run(plant, 0.47)                                   # 47 mm: the mark's edge 1 mm short
    assert not eye.read("mark")
    run(plant, 0.02)
    assert eye.read("mark")
    run(plant, 0.05)                                   # past the 4 mm mark
    assert not eye.read("mark")
    assert MARK_MM == 4.0


def test_the_jaw_seals_where_the_film_is_as_it_passes_its_seal_point():
    plant, film, _, _, jaw = make(speeds=(), jaw_mm=290.0)
    jaw.write("enable", True)
    jaw.write("setpoint", 2900)
    plant.step(SCAN)
    jaw.write("setpoint", 3000 + 100)                  # through the seal point at 300 mm
    plant.step(SCAN)
    assert film.cuts == [pytest.approx(0.0)]           # the film stands: its coordinate 0 at the jaw
    assert jaw.in_zone
    jaw.write("setpoint", 2900)                        # and back through it: a second seal
    plant.step(SCAN)
    assert len(film.cuts) == 2


def test_the_jaw_slip_is_its_speed_minus_the_films_over_two_steps():
    plant, _, _, _, jaw = make(speeds=((0.0, 400.0),), jaw_mm=100.0)
    jaw.write("enable", True)
    word = 1000
    jaw.write("setpoint", word)
    plant.step(SCAN)
    for _ in range(5):
        word += 40                                     # 4 mm a scan: 400 mm/s, with the film
        jaw.write("setpoint", word)
        plant.step(SCAN)
    assert jaw.slip_mm_s == pytest.approx(0.0, abs=1e-6)
    assert jaw.film_mm_s == pytest.approx(400.0)
    assert not jaw.in_zone and jaw.phase_mm == pytest.approx(120.0)
