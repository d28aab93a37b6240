"""GantryBeam and its BeamDrive ends alone: the encoder's offset, the setpoint's response time,
the home and limit switches, and the beam binding past its skew limit."""

from __future__ import annotations

import pytest

from sim.devices.belt_encoder import wrap16
from sim.devices.gantry_beam import BeamDrive, GantryBeam
from sim.plant import Plant

SCAN = 0.01


def make(r1=0.0, r2=0.0, start2=0.0, offset=(0.0, 0.0), beam=True):
    plant = Plant(seed=4, substeps=1)
    common = dict(home_mm=0.0, limit_minus_mm=-40.0, limit_plus_mm=500.0, max_speed=300.0, accel=2000.0,
                  fe_limit_mm=50.0)
    a = plant.add(BeamDrive("x1", rail=(0.0, 0.0), start_mm=0.0, response_s=r1, count_offset_mm=offset[0],
                            **common))
    b = plant.add(BeamDrive("x2", rail=(600.0, 0.0), start_mm=start2, response_s=r2,
                            count_offset_mm=offset[1],
                            **common))
    beam = plant.add(GantryBeam("beam", "x1", "x2", bind_mm=6.0)) if beam else None
    return plant, a, b, beam


def drive(plant, ends, speed, seconds):
    """Both ends given the same setpoint words at once, moving at `speed` mm/s."""
    words = {e.name: e.read("position") for e in ends}
    for e in ends:
        e.write("setpoint", words[e.name])
        e.write("enable", True)
    for _ in range(10):                                    # enabled and standing first
        plant.step(SCAN)
    for _ in range(round(seconds / SCAN)):
        for e in ends:
            words[e.name] = wrap16(words[e.name] + round(speed * SCAN * 10))
            e.write("setpoint", words[e.name])
        plant.step(SCAN)


def test_the_position_word_counts_from_the_encoder_offset_and_a_drawn_offset_is_seeded():
    plant, a, b, _ = make(offset=(123.4, -50.0))
    assert a.read("position") == 1234 and b.read("position") == -500
    first = BeamDrive("z", count_offset_mm=None)
    second = BeamDrive("z", count_offset_mm=None)
    Plant(seed=9, substeps=1).add(first)
    Plant(seed=9, substeps=1).add(second)
    assert first.count_offset_mm == second.count_offset_mm != 0.0


def test_a_setpoint_reaches_the_drive_its_response_time_late():
    plant, a, b, _ = make(r1=0.0, r2=0.08, beam=False)
    drive(plant, (a, b), 200.0, 0.07)
    assert a.pos > 0.5 and b.pos == 0.0                    # 70 ms in: the late drive has not moved
    plant, a, b, _ = make(r1=0.0, r2=0.08, beam=False)
    drive(plant, (a, b), 200.0, 0.6)
    lag = a.pos - b.pos
    assert lag == pytest.approx(200.0 * 0.08, abs=0.5)     # the same words: 80 ms apart at 200 mm/s


def test_the_beam_binds_past_its_skew_limit_and_faults_both_ends():
    plant, a, b, beam = make(r1=0.0, r2=0.08)
    drive(plant, (a, b), 100.0, 0.3)                       # 8 mm apart once moving: binds
    assert beam.binds and 6.0 <= abs(beam.binds[0][1]) < 7.5     # taken on the step it passed 6 mm
    assert a.fault and b.fault and "beam bound" in a.fault_text
    plant2, c, d, beam2 = make(start2=-4.0)
    drive(plant2, (c, d), 50.0, 0.5)                       # 4 mm of skew, kept: no bind
    assert not beam2.binds and not c.fault and beam2.skew_mm == pytest.approx(4.0, abs=0.05)


def test_home_is_on_at_and_below_its_edge_and_a_limit_switch_faults_the_drive():
    plant, a, b, _ = make(start2=-0.2, beam=False)
    assert a.read("home") and b.read("home")               # at 0.0 and 0.2 below
    drive(plant, (a,), 10.0, 0.2)
    assert not a.read("home")
    drive(plant, (b,), -200.0, 0.5)                        # toward minus: onto its limit
    assert b.read("limit_minus") and b.fault and "minus limit" in b.fault_text


def test_state_shows_the_skew_and_the_drives_draw_on_their_rails():
    plant, a, b, beam = make(start2=-2.0)
    s = beam.state()
    assert s["skew_mm"] == pytest.approx(2.0) and not s["bound"]
    ys = [p[1] for p in a.extent()]
    assert min(ys) <= -40.0 and max(ys) >= 500.0


def test_the_beam_frames_the_span_between_its_carriages():
    plant, a, b, beam = make(start2=-2.0)
    xs = [p[0] for p in beam.extent()]
    assert min(xs) == 0.0 and max(xs) == 600.0
