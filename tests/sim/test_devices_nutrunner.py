"""The nutrunner alone (no task): the bit turns a screw only with the feed down, the joint's torque
along its angle (drag, snug at 1 Nm after its turns, the rise past it), cross threads and missing
threads, backing out, the stall at the spindle's torque, the ramp and the 16-bit angle counter."""

from __future__ import annotations

import pytest

from sim.devices.nutrunner import Joint, Nutrunner
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant


def rig(*joints, accel=20000.0, noise=0.0, feed_down=True, start_angle=0.0):
    plant = Plant(seed=3, substeps=1)
    feed = plant.add(Cylinder("feed", 0.0, 200.0, angle_deg=-90.0, stroke=60.0, extend_s=0.2, retract_s=0.2,
                              start_extended=feed_down))
    feed.write("extend", feed_down)                   # single solenoid: held down by its valve
    nr = plant.add(Nutrunner("nr", feed="feed", joints=list(joints) or [Joint()], accel_rpm_s=accel,
                             noise_nm=noise, start_angle_deg=start_angle))
    return plant, feed, nr


def run(plant, nr, rpm, n, reverse=False):
    nr.write("run", True)
    nr.write("reverse", reverse)
    nr.write("speed_ref", rpm)
    for _ in range(n):
        plant.step()


def test_the_joint_curve_drag_then_snug_at_one_newton_metre_after_its_turns():
    j = Joint("good", snug_rev=8.0, rate_nm_deg=0.04, drag_nm=0.2)
    assert j.torque_at(100.0) == pytest.approx(0.2)
    assert j.torque_at(8 * 360.0) == pytest.approx(1.0)
    assert j.torque_at(8 * 360.0 + 90.0) == pytest.approx(1.0 + 90 * 0.04)
    assert j.torque_at(0.0) == 0.0                    # out of the thread: loose


def test_a_cross_thread_snugs_early_and_a_missing_thread_never():
    assert Joint("cross_thread", snug_rev=8.0, xthread_rev=2.0).snug_deg == 720.0
    missing = Joint("missing_thread", drag_nm=0.3)
    assert missing.snug_deg is None and missing.torque_at(20 * 360.0) == pytest.approx(0.3)
    with pytest.raises(ValueError):
        Joint("wobbly")


def test_with_the_feed_up_the_bit_turns_in_the_air():
    plant, feed, nr = rig(feed_down=False)
    run(plant, nr, 300, 100)
    assert nr.read("bit_engaged") is False and nr.read("torque") == 0
    # ramp-up over 15 ms (6 + 15 deg), then 18 deg a scan
    assert nr.screws[0].turned_deg == 0.0 and nr.read("angle") == 6 + 15 + 98 * 18


def test_running_down_turns_the_screw_and_the_torque_word_reads_0_01_nm():
    plant, feed, nr = rig(Joint("good", snug_rev=6.0, rate_nm_deg=0.05, drag_nm=0.25))
    run(plant, nr, 120, 10)                           # 120 rpm = 7.2 deg a scan once up to speed
    assert nr.read("speed") == 120
    assert nr.read("torque") == 25
    while nr.read("torque") < 100:
        plant.step()
    assert 6 * 360.0 <= nr.screws[0].turned_deg < 6 * 360.0 + 7.3
    assert nr.current == 0


def test_the_spindle_ramps_at_its_acceleration_and_brakes_the_same_way():
    plant, feed, nr = rig(accel=10000.0)
    run(plant, nr, 300, 1)
    assert nr.read("speed") == 100
    run(plant, nr, 300, 2)
    assert nr.read("speed") == 300
    nr.write("run", False)
    plant.step()
    assert nr.read("speed") == 200 and nr.read("running") is False
    plant.step()
    plant.step()
    assert nr.at_rest


def test_reverse_backs_the_screw_out_to_loose_and_the_angle_counts_down():
    plant, feed, nr = rig(Joint("good", snug_rev=6.0))
    run(plant, nr, 300, 50)
    turned, angle = nr.screws[0].turned_deg, nr.read("angle")
    assert turned > 360.0
    run(plant, nr, 300, 80, reverse=True)
    assert nr.read("speed") == -300
    assert nr.screws[0].turned_deg == 0.0 and nr.screws[0].max_turned_deg >= turned   # it braked first
    assert nr.read("angle") < angle - turned and nr.read("torque") == 0


def test_the_spindle_stalls_at_its_most_torque():
    plant, feed, nr = rig(Joint("stiff", snug_rev=6.0, rate_nm_deg=0.12, drag_nm=0.2))
    run(plant, nr, 100, 600)
    assert nr.stalled and nr.read("speed") == 0
    assert nr.screws[0].torque_nm == pytest.approx(10.0)
    assert nr.read("torque") == 1000 and nr.peak_torque_nm == pytest.approx(10.0)


def test_the_angle_word_is_a_16_bit_counter():
    plant, feed, nr = rig(feed_down=False, start_angle=32760.0)
    assert nr.read("angle") == 32760
    run(plant, nr, 200, 2)                            # 200 rpm: 12 deg a scan once up to speed
    assert nr.read("angle") < 0 and (nr.read("angle") - 32760) % 65536 == round(nr.turned_deg - 32760)


def test_the_transducer_noise_is_seeded_and_bounded():
    readings = []
    for _ in range(2):
        plant, feed, nr = rig(Joint("good", drag_nm=0.2), noise=0.02)
        run(plant, nr, 60, 30)
        readings.append((nr.read("torque"), nr.torque_seen))
        assert abs(nr.torque_seen - 0.2) <= 0.02
    assert readings[0] == readings[1]
