"""The web line alone (no task): the pull roll ramps to the host's order, the dancer integrates
the speed difference by its gain, the nip's diameter error, and the stops."""

from __future__ import annotations

import pytest

from sim.devices.host_word import ScheduledWord
from sim.devices.vfd_motor import VFDMotor
from sim.devices.web_line import WebLine
from sim.plant import Plant


def line_plant(orders=((0.0, 1200),), **kw):
    plant = Plant(seed=1, substeps=1)
    infeed = plant.add(VFDMotor("infeed", max_rpm=3600, lag_s=0.05))
    order = plant.add(ScheduledWord("order", 0, orders))
    web = plant.add(WebLine("web", infeed=infeed, order=order, **kw))
    return plant, infeed, web


def steps(plant, n):
    for _ in range(n):
        plant.step()


def test_the_pull_roll_ramps_to_the_order_at_the_line_accel():
    plant, _, web = line_plant(line_accel=10.0)
    steps(plant, 100)
    assert web.line_mpm == pytest.approx(10.0, abs=0.11)
    assert web.read("line_speed") in (99, 100, 101)
    steps(plant, 1200)
    assert web.line_mpm == 120.0


def test_the_dancer_moves_by_its_gain_per_m_min_of_difference():
    plant, infeed, web = line_plant(orders=(), dancer_gain=50.0, start_dancer=5000.0)
    infeed.write("run", True)
    infeed.write("speed_ref", 20)          # 2 m/min faster than the standing line
    steps(plant, 100)                      # 1 s (less the lag)
    assert 5000 + 50 * 2 * 0.9 < web.dancer < 5000 + 50 * 2 * 1.0 + 1
    assert web.read("dancer") == round(web.dancer)


def test_feeding_the_line_speed_with_an_off_diameter_nip_still_drifts():
    plant, infeed, web = line_plant(orders=((0.0, 1000),), line_accel=1000.0, dancer_gain=100.0,
                                    feed_factor=1.01, start_dancer=5000.0)
    infeed.write("run", True)
    infeed.write("speed_ref", 1000)
    steps(plant, 100)                      # both at speed
    before = web.dancer
    steps(plant, 100)
    # 1 % of 100 m/min = 1 m/min too much: 100 counts per second
    assert web.dancer - before == pytest.approx(100.0, abs=2.0)


def test_the_dancer_stops_at_the_ends_of_its_stroke_and_counts_it():
    plant, _, web = line_plant(line_accel=100.0, dancer_gain=100.0, start_dancer=1000.0)
    steps(plant, 300)
    assert web.dancer == 0.0 and web.at_stop == "low" and web.stop_hits == 1


def test_a_bad_configuration_is_refused():
    plant = Plant()
    infeed = plant.add(VFDMotor("infeed"))
    order = plant.add(ScheduledWord("order", 0))
    with pytest.raises(ValueError):
        WebLine("web", infeed=infeed, order=order, line_accel=0.0)
