"""DrivenFilm: the film moves exactly as its drive does, its marks and encoder with it."""

from __future__ import annotations

from sim.devices.belt_encoder import BeltEncoder, wrap16
from sim.devices.driven_film import DrivenFilm
from sim.devices.flow_wrapper import MarkEye
from sim.devices.sync_axis import SyncAxis
from sim.plant import Plant


def _plant():
    plant = Plant(seed=1, substeps=1)
    chain = plant.add(SyncAxis("chain", start_mm=123.0, accel=3000.0, max_speed=1000.0))
    film = plant.add(DrivenFilm("film", chain, pitch_mm=300.0, pack_mm=200.0, first_mark_mm=-500.0))
    enc = plant.add(BeltEncoder("enc", film, counts_per_mm=20.0, start_count=32000))
    eye = plant.add(MarkEye("eye", film, enc, at_mm=-450.0))
    return plant, chain, film, enc, eye


def _run(plant, chain, steps, mm_per_step):
    """A setpoint ramped at 2500 mm/s^2 (within the drive's 3000) to mm_per_step a scan."""
    chain.write("setpoint", 0)
    chain.write("enable", True)
    sp = v = 0.0
    for _ in range(steps):
        v = min(v + 0.25, mm_per_step)
        sp += v
        chain.write("setpoint", wrap16(round(sp * 10)))
        plant.step(0.01)


def test_the_film_stands_while_the_drive_is_off():
    plant, chain, film, enc, _ = _plant()
    for _ in range(50):
        plant.step(0.01)
    assert film.travel_mm == 0.0 and film.velocity == 0.0 and enc.read("count") == 32000


def test_the_film_travels_with_the_drive_and_the_encoder_wraps():
    plant, chain, film, enc, eye = _plant()
    _run(plant, chain, 100, 2.0)         # ramped to 200 mm/s, ~190 mm
    assert abs(film.travel_mm - (chain.pos - 123.0)) < 1e-9
    assert abs(film.velocity - chain.vel) < 1e-9 and film.velocity > 150.0
    assert enc.read("count") < 0         # 32000 + 20 counts/mm * ~200 mm wrapped past 32767
    assert eye.read("marks") == 1        # the mark 50 mm upstream of the eye has passed it
    assert not chain.fault


def test_a_tripped_drive_brakes_the_film_with_it():
    plant, chain, film, _, _ = _plant()
    _run(plant, chain, 50, 5.0)          # ramped to 500 mm/s
    chain.fault, chain.fault_text = True, "drive overtemperature"
    v0 = film.velocity
    plant.step(0.01)
    assert abs((v0 - film.velocity) - 30.0) < 1e-6     # braking at 3000 mm/s^2
    for _ in range(30):
        plant.step(0.01)
    assert film.velocity == 0.0
