"""The mechanical press alone (no task): the crank turns at the press's speed with the clutch in
(after its engage time), the brake stops it by its overrun past the drop, the overrun grows with
every stop (and scatters, seeded), the angle word and TDC cam, and the ram's height."""

from __future__ import annotations

import pytest

from sim.devices.mechanical_press import MechanicalPress
from sim.plant import Plant


def press(**kw):
    plant = Plant(seed=4, substeps=1)
    return plant, plant.add(MechanicalPress("p", **kw))


def steps(plant, n):
    for _ in range(n):
        plant.step()


def test_at_rest_at_tdc_the_cam_is_on_and_nothing_turns():
    plant, p = press(start_deg=0.0)
    steps(plant, 20)
    assert p.read("angle") == 0 and p.read("tdc") is True and p.read("running") is False
    assert p.ram_mm() == pytest.approx(p.stroke_mm)


def test_with_the_clutch_in_the_crank_turns_at_the_press_speed_after_the_engage_time():
    plant, p = press(spm=30.0, engage_s=0.03)
    p.write("clutch", True)
    steps(plant, 3)
    assert p.turned_deg == pytest.approx(0.0)                 # still engaging
    steps(plant, 10)
    assert p.read("running") is True
    assert p.turned_deg == pytest.approx(180.0 * 0.1, abs=0.01)   # 30 spm = 180 deg/s, 0.1 s
    assert p.read("tdc") is False


def test_dropping_the_clutch_stops_the_crank_by_the_overrun_past_the_drop():
    plant, p = press(spm=60.0, overrun_deg=20.0, growth_deg=0.5, engage_s=0.0)
    p.write("clutch", True)
    steps(plant, 50)                                          # 180 deg at 360 deg/s
    drop = p.turned_deg
    p.write("clutch", False)
    steps(plant, 30)
    assert not p.running and p.turned_deg == pytest.approx(drop + 20.0)
    assert p.stops == [(pytest.approx(drop + 20.0), 20.0)]
    assert p.overrun_deg == pytest.approx(20.5)               # the brake wore


def test_the_overrun_grows_stop_by_stop_and_scatters_within_its_bound():
    plant, p = press(spm=40.0, overrun_deg=15.0, growth_deg=1.0, scatter_deg=0.3, engage_s=0.0)
    for _ in range(4):
        p.write("clutch", True)
        steps(plant, 20)
        p.write("clutch", False)
        steps(plant, 40)
    overruns = [o for _, o in p.stops]
    assert len(overruns) == 4
    assert all(abs(o - (15.0 + k)) <= 0.3 for k, o in enumerate(overruns))


def test_the_angle_word_wraps_at_360_and_the_ram_is_down_at_bdc():
    plant, p = press(start_deg=350.0)
    assert p.read("angle") == 350 and p.read("tdc") is False
    plant2, q = press(start_deg=180.0)
    assert q.ram_mm() == pytest.approx(0.0)
    p.write("clutch", True)
    steps(plant, 10)
    assert 0 <= p.read("angle") < 90


def test_a_fault_drops_the_clutch_and_a_reset_clears_it_only_after_its_hold():
    plant, p = press(spm=30.0, overrun_deg=20.0, growth_deg=0.0, engage_s=0.0)
    p.write("clutch", True)
    steps(plant, 20)
    p.trip(hold_s=0.5)
    assert p.read("fault") is True
    steps(plant, 40)
    assert p.read("running") is False and len(p.stops) == 1      # the brake stopped it by itself
    at = p.turned_deg
    p.write("reset", True)                                       # within the hold: ignored
    p.write("reset", False)
    steps(plant, 30)
    assert p.read("fault") is True and p.turned_deg == at        # clutch still commanded, no motion
    p.write("reset", True)
    assert p.read("fault") is False
    steps(plant, 10)
    assert p.read("running") is True                             # the clutch in again engages
