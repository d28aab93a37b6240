"""The case sealer's station (sim/devices/case_sealer.py) over a belt, alone in a small plant:
a folder cylinder, a tape head axis and one case at a time."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.case_sealer import CaseSealer
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Cylinder
from sim.devices.workpiece import Workpiece
from sim.plant import Plant

FOLD_AT, WINDOW, HEAD_AT = 400.0, 100.0, 900.0
SPEED = 300.0


def cell(*, head_mm=245.0, height=250.0, case_at=150.0, folder_s=0.1):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 700, 0, length=1400, width=300, speed=SPEED))
    plant.add(Cylinder("folder", *belt.point(FOLD_AT, 180.0), angle_deg=-90.0, stroke=140.0,
                       extend_s=folder_s, retract_s=folder_s, plate_width=20.0, plate_depth=10.0))
    head = plant.add(Axis("head", origin=(1200.0, 300.0), angle_deg=90.0, start_mm=head_mm, max_speed=100.0,
                          accel=500.0, limit_plus_mm=455.0))
    sealer = plant.add(CaseSealer("sealer", belt="belt", head="head", folder="folder", fold_at_mm=FOLD_AT,
                                  window_mm=WINDOW, head_at_mm=HEAD_AT))
    case = plant.add(Workpiece("case1", *belt.point(case_at), part_kind="case", height_mm=height,
                               width=240.0, length=300.0, mass=2.0))
    head.write("enable", True)
    belt.write("run", True)
    return plant, sealer, head, case


def run_until(plant, done, limit_s=10.0):
    for _ in range(round(limit_s * 100)):
        if done():
            return True
        plant.step()
    return done()


def tail(sealer, case):
    return sealer.along(case) - case.length / 2


def fold_when_tail_passes(plant, sealer, case, past_mm):
    folder = plant["folder"]
    assert run_until(plant, lambda: tail(sealer, case) >= sealer.plate_end_mm + past_mm)
    folder.write("extend", True)
    assert run_until(plant, lambda: folder.read("extended"), 1.0)
    folder.write("extend", False)


def test_a_flap_folded_in_its_window_and_a_head_at_height_minus_5_seal_the_case():
    plant, sealer, _, case = cell()
    fold_when_tail_passes(plant, sealer, case, 2.0)
    assert sealer.cases["case1"].folded
    assert run_until(plant, lambda: bool(sealer.sealed))
    t, name, ok, why = sealer.sealed[0]
    assert (name, ok, why) == ("case1", True, "")
    # it was logged once its tail left the head's footprint
    assert tail(sealer, case) >= HEAD_AT + sealer.head_half_mm - SPEED * 0.011
    assert not sealer.crashes and not sealer.moved_under and not sealer.folder_outside


def test_a_late_fold_is_outside_the_window_and_leaves_the_flap_open():
    plant, sealer, _, case = cell()
    fold_when_tail_passes(plant, sealer, case, WINDOW + 10.0)
    assert sealer.folder_outside and "no case tail in its window" in sealer.folder_outside[0][1]
    assert run_until(plant, lambda: bool(sealer.sealed))
    assert sealer.sealed[0][2:] == (False, "rear flap not folded")


def test_a_folder_out_over_a_case_strikes_it():
    plant, sealer, _, case = cell()
    assert run_until(plant, lambda: sealer.along(case) + case.length / 2 >= FOLD_AT + 30)
    plant["folder"].write("extend", True)
    plant.step()
    started = "the folder started out with no case tail in its window"
    struck = "the folder was out with case1 over its plate"
    assert sorted(m for _, m in sealer.folder_outside) == [started, struck]
    run_until(plant, lambda: False, 0.3)
    assert len(sealer.folder_outside) == 2          # struck once per case, not every step


def test_a_head_too_low_crushes_the_case_as_its_front_comes_under_it():
    plant, sealer, _, case = cell(head_mm=235.0)     # 15 mm below the top of a 250 mm case
    fold_when_tail_passes(plant, sealer, case, 2.0)
    assert run_until(plant, lambda: bool(sealer.crashes))
    t, name, head_mm, height = sealer.crashes[0]
    assert (name, head_mm, height) == ("case1", 235.0, 250.0)
    assert sealer.along(case) + case.length / 2 >= HEAD_AT - sealer.head_half_mm
    assert run_until(plant, lambda: bool(sealer.sealed))
    assert sealer.sealed[0][2:] == (False, "crushed by the head")


def test_a_head_just_inside_the_crash_limit_crushes_nothing_but_tapes_badly():
    plant, sealer, _, case = cell(head_mm=241.0)     # 9 mm below the top: 4 mm off its height - 5
    fold_when_tail_passes(plant, sealer, case, 2.0)
    assert run_until(plant, lambda: bool(sealer.sealed))
    assert not sealer.crashes
    assert sealer.sealed[0][2:] == (False, "tape head off its height")


def test_moving_the_head_with_a_case_under_it_is_logged_and_spoils_the_tape():
    plant, sealer, head, case = cell()
    fold_when_tail_passes(plant, sealer, case, 2.0)
    assert run_until(plant, lambda: sealer.case_under_head() is not None)
    assert not sealer.moved_under
    head.write("target", 3000)
    head.write("start", True)
    assert run_until(plant, lambda: bool(sealer.moved_under), 1.0)
    assert sealer.moved_under[0][1] == "case1"
    assert run_until(plant, lambda: bool(sealer.sealed))
    assert sealer.sealed[0][2:] == (False, "tape head off its height")


def test_moving_the_head_with_nothing_under_it_is_no_incident():
    plant, sealer, head, case = cell(case_at=-2000.0)   # no case anywhere near
    head.write("target", 1500)
    head.write("start", True)
    assert run_until(plant, lambda: head.in_position, 5.0)
    assert not sealer.moved_under and not sealer.crashes and sealer.case_under_head() is None
