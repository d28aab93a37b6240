"""LoopSorter (sim/devices/loop_sorter.py): the tray ring's encoder, flag latch, loaded eye,
inducts landing 'transfer_s' later on the tray then at the induct point (or spilled), tilts
into a chute (its overfill log when full), full-chute passes and the speed ramp. Independent
of any task: a small loop with one induct belt and two chutes."""

from __future__ import annotations

import math

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.loop_sorter import Load, LoopSorter, TiltChute
from sim.devices.workpiece import Workpiece
from sim.plant import Plant

PITCH, TRAYS = 400.0, 30


def build(speed=1000.0, start_travel=0.0, count=0, accel=100.0):
    plant = Plant(seed=1, substeps=1)
    x = LoopSorter.point_on(1200.0, TRAYS, PITCH, 1000.0)[0]
    belt = plant.add(
        Conveyor("belt", x, -1710.0, length=1000, width=200, angle_deg=90.0, speed=500.0, end_stop=True)
    )
    c1 = plant.add(TiltChute("c1", 0, 1400, 300, 1800, capacity=3))
    c2 = plant.add(TiltChute("c2", 400, 1400, 700, 1800, capacity=3))
    loop = plant.add(
        LoopSorter(
            "loop",
            trays=TRAYS,
            pitch=PITCH,
            speed=speed,
            accel=accel,
            flag_at=200.0,
            eye_at=500.0,
            inducts=(1200.0,),
            induct_belts=(belt,),
            chutes=((6300.0, c1), (6900.0, c2)),
            start_travel=start_travel,
            count_at_start=count,
        )
    )
    return plant, loop, belt, c1, c2


def steps(plant, n):
    for _ in range(n):
        plant.step()


def test_the_encoder_counts_mm_of_travel_and_wraps_like_a_16_bit_counter():
    plant, loop, *_ = build(speed=1000.0, count=32760)
    assert loop.read("count") == 32760
    steps(plant, 1)  # 10 mm
    assert loop.read("count") == -32766  # 32770 wrapped
    steps(plant, 99)  # 1 m in all
    assert loop.read("count") == ((32760 + 1000 + 32768) % 65536) - 32768


def test_the_flag_latches_the_count_at_the_exact_passing_and_home_marks_tray_1():
    # tray 0's centre starts 7 mm short of the flag (at 200 mm): it passes 7 mm into the first step
    plant, loop, *_ = build(speed=1000.0, start_travel=193.0, count=100)
    assert not loop.read("flag")
    steps(plant, 1)
    assert loop.read("flag") and loop.read("home")
    assert loop.read("flag_count") == 107
    steps(plant, 6)  # 67 mm past: the flag is off again
    assert not loop.read("flag")
    steps(plant, 34)  # the next tray (tray 30 = index 29) passes at 400 mm
    assert loop.read("flag") and not loop.read("home")
    assert loop.read("flag_count") == 507


def test_the_loaded_eye_sees_a_tray_that_carries_a_part():
    plant, loop, *_ = build(speed=1000.0, start_travel=500.0 - 150.0)
    loop.put(0, Load("p", 1, 0))
    assert not loop.read("loaded")  # 150 mm short of the eye
    steps(plant, 6)  # 90 mm short: within its +-100 mm
    assert loop.read("loaded")
    steps(plant, 20)  # 110 mm past
    assert not loop.read("loaded")


def put_part_at_belt_end(plant, belt):
    part = plant.add(Workpiece("w1", *belt.point(920.0), code=2, width=160, length=160))
    return part


def test_an_induct_lands_its_part_transfer_s_later_on_the_tray_then_centred():
    # tray 0 centred on the induct (1200 mm) 0.3 s after the edge: 300 mm short of it now
    plant, loop, belt, *_ = build(speed=1000.0, start_travel=900.0)
    part = put_part_at_belt_end(plant, belt)
    loop.write("induct1", True)
    steps(plant, 1)
    assert part.removed and loop.taken == [(0.0, 0, "w1")]
    steps(plant, 28)
    assert loop.load[0] is None  # still in the air
    steps(plant, 1)
    assert loop.load[0] is not None and loop.load[0].name == "w1" and loop.load[0].code == 2
    assert loop.landed[0][3] == 0 and abs(loop.landed[0][4]) < 1e-6
    assert not loop.spills


def test_an_induct_that_misses_the_window_spills_the_part():
    plant, loop, belt, *_ = build(speed=1000.0, start_travel=900.0 + 25.0)  # lands 25 mm past the centre
    put_part_at_belt_end(plant, belt)
    loop.write("induct1", True)
    steps(plant, 31)
    assert loop.load[0] is None and len(loop.spills) == 1 and "+25 mm" in loop.spills[0][3]


def test_an_induct_onto_a_loaded_tray_spills_the_part():
    plant, loop, belt, *_ = build(speed=1000.0, start_travel=900.0)
    loop.put(0, Load("old", None, 0))
    put_part_at_belt_end(plant, belt)
    loop.write("induct1", True)
    steps(plant, 31)
    assert loop.load[0].name == "old" and "already loaded" in loop.spills[0][3]


def test_only_a_rising_edge_inducts_and_only_a_part_at_the_belt_end():
    plant, loop, belt, *_ = build()
    part = plant.add(Workpiece("w1", *belt.point(500.0), width=160, length=160))
    loop.write("induct1", True)
    steps(plant, 1)
    assert not part.removed  # not at the end
    belt.run = True
    steps(plant, 200)  # now against the end stop, induct still held
    assert not part.removed
    loop.write("induct1", False)
    steps(plant, 1)
    loop.write("induct1", True)
    steps(plant, 1)
    assert part.removed


def test_a_tilt_tips_a_loaded_tray_within_the_window_into_its_chute():
    # tray 0 at 6300 - 60 mm: outside the +-40 mm window, then inside
    plant, loop, _, c1, c2 = build(speed=1000.0, start_travel=6240.0)
    loop.put(0, Load("p", 1, 1))
    loop.write("tilt1", True)
    steps(plant, 1)  # 50 mm short
    assert loop.load[0] is not None
    steps(plant, 1)  # 40 mm short: tips
    assert loop.load[0] is None and c1.level == 1 and c1.collected[0][1] == "p"
    assert loop.tilted[0][1] == 0 and not c1.overfilled and c2.level == 0


def test_a_part_tipped_into_a_full_chute_is_logged_as_an_overfill():
    plant, loop, _, c1, _ = build(speed=1000.0, start_travel=6300.0)
    c1.level = 3
    assert c1.read("full")
    loop.put(0, Load("p", 1, 1))
    loop.write("tilt1", True)
    steps(plant, 1)
    assert c1.overfilled and c1.overfilled[0][1] == "p" and loop.overfills == 1


def test_a_loaded_tray_counts_its_passes_of_its_own_full_chute():
    plant, loop, _, c1, _ = build(speed=1000.0, start_travel=6250.0)
    loop.put(0, Load("mine", 1, 1))
    loop.put(29, Load("other", 2, 1))  # 400 mm behind, for chute 2
    c1.level = 3
    steps(plant, 6)  # tray 0 passes 6300
    assert loop.load[0].full_passes == 1 and loop.most_passes == 1
    steps(plant, 40)  # tray 29 passes 6300: not its chute
    assert loop.load[29].full_passes == 0
    c1.empty()
    steps(plant, 1200)  # a lap later, chute 1 not full: no pass counted
    assert loop.load[0].full_passes == 1


def test_the_host_changes_the_speed_by_a_ramp():
    plant, loop, *_ = build(speed=500.0, accel=100.0)
    loop.set_speed(1000.0)
    steps(plant, 100)
    assert loop.read("speed_actual") == 600
    steps(plant, 400)
    assert loop.read("speed_actual") == 1000
    travelled = 500 * 5 + 0.5 * 100 * 25 + 1000 * 0.0  # 5 s of ramp from 500 to 1000 mm/s
    assert math.isclose(loop._run, travelled, abs_tol=1.0)


def test_a_loop_that_does_not_go_round_its_bends_is_refused():
    with pytest.raises(ValueError):
        LoopSorter("loop", trays=10, pitch=400.0, speed=500.0, radius=1000.0)
