"""ProbeLatch and FeedRoll alone: the sub-scan latch of a mark edge, arming, the eye sampled per
scan, feeding back, the cut log."""

from __future__ import annotations

import pytest

from sim.devices.axis import to_word
from sim.devices.pneumatics import Cylinder
from sim.devices.probe_latch import FeedRoll, ProbeLatch
from sim.plant import Plant

SCAN = 0.01


def make(marks=(100.0, 300.0), speed=800.0, knife=False):
    plant = Plant(seed=1, substeps=1)
    feed = plant.add(FeedRoll("feed", max_speed=speed, accel=8000.0))
    if knife:
        plant.add(Cylinder("knife", 0.0, 0.0, extend_s=0.05, retract_s=0.05))
    eye = plant.add(ProbeLatch("eye", "feed", marks, mark_width_mm=3.0, knife="knife" if knife else None))
    feed.write("enable", True)
    return plant, feed, eye


def feed_to(feed, mm):
    feed.write("target", to_word(mm))
    feed.write("start", False)
    feed.write("start", True)


def test_the_latch_holds_the_exact_edge_position_although_no_scan_saw_the_mark():
    marks = [100.0 + 37.3 * n for n in range(10)]
    plant, feed, eye = make(marks=marks)
    feed_to(feed, 500.0)
    seen, latched, was = 0, [], False
    for _ in range(100):
        if not eye.armed and not eye.done or eye.done:
            if eye.done:
                latched.append(eye.read("position"))
            eye.write("arm", False)
            eye.write("arm", True)
        plant.step(SCAN)
        lit = eye.read("mark")
        seen += lit and not was
        was = lit
    # 3 mm marks at 800 mm/s (8 mm a scan): most pass between two scans, yet each is latched
    assert seen < len(marks)
    assert latched == [to_word(m) for m in marks]
    assert eye.last_edge_mm == marks[-1]


def test_unarmed_latch_catches_nothing_and_a_new_arm_edge_clears_it():
    plant, feed, eye = make()
    feed_to(feed, 250.0)
    for _ in range(100):
        plant.step(SCAN)
    assert not eye.read("done")
    eye.write("arm", True)
    feed_to(feed, 400.0)
    for _ in range(100):
        plant.step(SCAN)
    assert eye.read("done") and eye.read("position") == 3000
    eye.write("arm", False)
    eye.write("arm", True)
    assert not eye.read("done")


def test_only_the_first_edge_after_arming_is_latched():
    plant, feed, eye = make(marks=(50.0, 120.0))
    eye.write("arm", True)
    feed_to(feed, 200.0)
    for _ in range(100):
        plant.step(SCAN)
    assert eye.read("position") == 500


def test_slowly_the_eye_is_seen_for_the_length_of_the_mark():
    plant, feed, eye = make(speed=10.0)
    feed_to(feed, 110.0)
    lit = []
    for _ in range(1200):
        plant.step(SCAN)
        lit.append(eye.read("mark"))
    assert sum(lit) == pytest.approx(30, abs=2)   # 3 mm at 10 mm/s


def test_feeding_back_latches_the_trailing_edge():
    plant, feed, eye = make(marks=(100.0,))
    feed_to(feed, 150.0)
    for _ in range(100):
        plant.step(SCAN)
    eye.write("arm", True)
    feed_to(feed, 50.0)
    for _ in range(100):
        plant.step(SCAN)
    assert eye.read("done") and eye.read("position") == 1030


def test_a_mark_under_the_eye_at_power_up_gives_no_edge():
    plant, feed, eye = make(marks=(-1.0, 200.0))
    assert eye.read("mark")
    eye.write("arm", True)
    feed_to(feed, 100.0)
    for _ in range(100):
        plant.step(SCAN)
    assert not eye.read("done")


def test_each_knife_stroke_logs_the_feed_position():
    plant, feed, eye = make(knife=True)
    feed_to(feed, 42.0)
    for _ in range(50):
        plant.step(SCAN)
    knife = plant["knife"]
    knife.write("extend", True)
    for _ in range(20):
        plant.step(SCAN)
    knife.write("extend", False)
    for _ in range(20):
        plant.step(SCAN)
    assert eye.cuts == [42.0]
