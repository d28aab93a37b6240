"""The drill unit alone (no task): the cut from the Z axis and the spindle (cutting torque by the
feed per revolution over the drill point, chip torque growing with the depth cut since the drill
left the hole, the drill's wear), drag in the hole, none in the air, the chips thrown off above the
face, breaking over the limit or when fed standing still, the noisy torque word."""

from __future__ import annotations

import pytest

from sim.devices.axis import Axis
from sim.devices.drill_unit import DrillUnit, Hole
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Plant


def rig(surface=10.0, wear=1.0, kchip=0.05, noise=0.0, rpm=1500.0):
    plant = Plant(seed=2, substeps=1)
    z = plant.add(Axis("z", angle_deg=-90.0, limit_plus_mm=100.0, max_speed=100.0, accel=100000.0,
                       window_mm=0.01, settle_s=0.0))
    sp = plant.add(VFDMotor("sp", max_rpm=1800.0, lag_s=0.01, start_rpm=rpm))
    unit = plant.add(DrillUnit("drill", z="z", spindle="sp", holes=[Hole(surface_mm=surface, wear=wear)],
                               kc_nm_per_mm_rev=12.5, kchip_nm_mm2=kchip, noise_nm=noise))
    z.write("enable", True)
    if rpm:
        sp.write("run", True)
        sp.write("speed_ref", int(rpm))
    return plant, z, sp, unit


def move(plant, z, target_mm, speed, steps):
    z.write("target", round(target_mm * 10))
    z.write("speed", speed)
    z.write("start", False)
    z.write("start", True)
    for _ in range(steps):
        plant.step()


def test_in_the_air_there_is_no_torque_and_no_cut():
    plant, z, sp, unit = rig(surface=10.0)
    move(plant, z, 9.0, 4, 300)
    assert unit.read("torque") == 0 and not unit.read("cutting")
    assert unit.holes[0].depth_mm == 0.0


def test_feeding_in_cuts_at_the_cutting_torque_of_the_feed_per_revolution():
    plant, z, sp, unit = rig(surface=10.0, kchip=0.0)
    move(plant, z, 9.5, 0, 100)
    move(plant, z, 13.0, 4, 40)                         # 0.04 mm a scan at 25 rev/s: 0.16 mm/rev
    assert unit.read("cutting") is True
    assert unit.torque_nm == pytest.approx(12.5 * 0.16, rel=1e-6)    # 2 Nm, the point fully in
    assert unit.read("torque") == 200
    assert unit.holes[0].depth_mm == pytest.approx(z.pos - 10.0)


def test_the_torque_rises_over_the_drill_point_as_it_enters():
    plant, z, sp, unit = rig(surface=10.0, kchip=0.0)
    move(plant, z, 9.98, 0, 100)
    move(plant, z, 13.0, 4, 2)                          # 0.06 mm past the face (first step 0.02)
    assert 0.0 < unit.torque_nm < 2.0 * 0.2


def test_chips_add_torque_with_the_depth_cut_since_leaving_the_hole_and_wear_scales_it():
    plant, z, sp, unit = rig(surface=10.0, kchip=0.05, wear=2.0)
    move(plant, z, 9.5, 0, 100)
    move(plant, z, 14.0, 4, 200)                        # 4 mm cut in one peck, then at rest there
    h = unit.holes[0]
    assert h.chips_mm == pytest.approx(4.0, abs=1e-6)
    assert h.max_torque_nm == pytest.approx(2.0 * (2.0 + 0.05 * 16.0), abs=0.05)   # the last scan ends short
    assert unit.torque_nm == pytest.approx(unit.drag_nm)   # turning in the hole, not cutting
    move(plant, z, 9.0, 0, 100)                         # out above the face: chips thrown off
    assert h.chips_mm == 0.0 and unit.torque_nm == 0.0


def test_over_the_breaking_torque_the_drill_breaks_and_cuts_no_more():
    plant, z, sp, unit = rig(surface=10.0, kchip=0.06, wear=2.6)
    move(plant, z, 9.5, 0, 100)
    move(plant, z, 20.0, 4, 300)
    h = unit.holes[0]
    assert unit.broken and h.broken
    depth = h.depth_mm
    assert depth < 10.0
    move(plant, z, 22.0, 4, 100)
    assert h.depth_mm == depth and unit.read("torque") == 0


def test_feeding_into_the_part_with_the_spindle_standing_still_breaks_the_drill():
    plant, z, sp, unit = rig(surface=10.0, rpm=0.0)
    move(plant, z, 9.9, 0, 100)
    move(plant, z, 10.5, 4, 10)
    assert unit.broken


def test_the_torque_word_is_noisy_within_its_bound_and_seeded():
    seen = []
    for _ in range(2):
        plant, z, sp, unit = rig(surface=10.0, kchip=0.0, noise=0.03)
        move(plant, z, 9.5, 0, 100)
        move(plant, z, 13.0, 4, 40)
        assert abs(unit.torque_seen - unit.torque_nm) <= 0.03
        seen.append(unit.read("torque"))
    assert seen[0] == seen[1]
