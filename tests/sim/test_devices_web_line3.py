"""The three-section web line alone (no task): each dancer integrates its span's speed
difference by its own gain, diameters off nominal, the length counter at nip 1, the splice slip
of nip 2, the break (dancers fall, length holds) and the operator's re-thread and button."""

from __future__ import annotations

import pytest

from sim.devices.panel import PushButton
from sim.devices.vfd_motor import VFDMotor
from sim.devices.web_line3 import ThreeSpanWeb
from sim.plant import Plant


def web_plant(**kw):
    plant = Plant(seed=1, substeps=1)
    drives = tuple(plant.add(VFDMotor(n, max_rpm=5000, lag_s=0.05, ramp_rpm_s=3000.0, stop_mode="ramp"))
                   for n in ("unwind", "nip1", "nip2", "rewind"))
    button = plant.add(PushButton("rethread"))
    web = plant.add(ThreeSpanWeb("web", drives=drives, button=button, **kw))
    return plant, drives, button, web


def run_all(drives, refs):
    for d, r in zip(drives, refs, strict=True):
        d.write("run", r > 0)
        d.write("speed_ref", r)


def steps(plant, n):
    for _ in range(n):
        plant.step()


def test_each_dancer_moves_by_its_own_gain_per_m_min_of_its_span():
    plant, drives, _, web = web_plant(gains=(40.0, 80.0, 120.0))
    run_all(drives, (1020, 1000, 1000, 990))     # unwind +2, span 2 even, rewind -1 m/min
    steps(plant, 100)
    steps(plant, 100)                             # 1 s at speed, after the lags
    d1, d2, d3 = web.dancers
    assert d2 == pytest.approx(5000.0, abs=1.0)
    assert 5000.0 + 40 * 2 * 1.5 < d1 < 5000.0 + 40 * 2 * 2.0
    assert 5000.0 + 120 * 1 * 1.5 < d3 < 5000.0 + 120 * 1 * 2.0
    assert web.read("dancer1") == round(d1)


def test_a_diameter_off_nominal_feeds_another_speed_and_the_length_counts_at_nip_1():
    plant, drives, _, web = web_plant(factors=(1.0, 1.0, 1.02, 1.0), gains=(50.0, 50.0, 50.0))
    run_all(drives, (1200, 1200, 1200, 1200))
    steps(plant, 1000)                            # 10 s at 120 m/min = 2 m/s
    assert web.dancers[1] < 5000.0 - 50 * 2.4 * 9   # nip 2 pulls 2.4 m/min more than nip 1 feeds
    assert web.dancers[2] > 5000.0 + 50 * 2.4 * 9
    assert 19.3 < web.length_m < 20.0          # 20 m less the drive's start
    assert web.read("length") == int(web.length_m * 10)


def test_the_splice_slips_nip_2_once_for_its_time():
    plant, drives, _, web = web_plant(splice_at_m=1.0, splice_mpm=10.0, splice_s=0.5, gains=(100.0,) * 3)
    run_all(drives, (1200, 1200, 1200, 1200))
    steps(plant, 150)
    assert web.spliced
    steps(plant, 200)
    d2, d3 = web.dancers[1], web.dancers[2]
    assert d2 == pytest.approx(5000 + 100 * 10 * 0.5, abs=30)
    assert d3 == pytest.approx(5000 - 100 * 10 * 0.5, abs=30)


def test_a_break_drops_the_dancers_holds_the_length_and_the_operator_rethreads_after_rest():
    plant, drives, button, web = web_plant(break_at_m=0.5, rethread_s=1.0,
                                           rethread_dancers=(1500.0, 2500.0, 4000.0))
    run_all(drives, (600, 600, 600, 600))
    while web.web_ok:
        plant.step()
    assert web.read("web_ok") is False
    held = web.length_m
    steps(plant, 70)                        # 8000 counts/s from mid
    assert web.dancers == [0.0, 0.0, 0.0]
    assert web.length_m == held
    steps(plant, 300)                       # drives still run: nobody re-threads
    assert not web.web_ok
    run_all(drives, (0, 0, 0, 0))
    while not web.web_ok:
        plant.step()
    assert web.all_still() and web.still_for >= 1.0 - 1e-9
    assert web.dancers == [1500.0, 2500.0, 4000.0]
    assert button.read("pressed") is True
    steps(plant, 60)
    assert button.read("pressed") is False
