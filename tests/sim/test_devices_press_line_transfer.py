"""The press line transfer alone (no task): blanks arriving at the infeed after their gaps, the
gripper taking a part only standing at a place, setting it down only on an empty place (falling
elsewhere), the outfeed taking parts away, the die sensors, and a press's stroke through BDC
marking the part in its die (or an empty stroke)."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.mechanical_press import MechanicalPress
from sim.devices.press_line_transfer import PressLineTransfer
from sim.plant import Plant


def line(start_mm=0.0, preloaded=None, gaps=(0.5,) * 4, first_s=0.2):
    plant = Plant(seed=1, substeps=1)
    ax = plant.add(
        Axis(
            "t", limit_minus_mm=-10.0, limit_plus_mm=1510.0, start_mm=start_mm, max_speed=1000.0, accel=5000.0
        )
    )
    p1 = plant.add(MechanicalPress("p1", spm=20.0, overrun_deg=10.0, growth_deg=0.0))
    p2 = plant.add(MechanicalPress("p2", spm=20.0, overrun_deg=10.0, growth_deg=0.0))
    ln = plant.add(
        PressLineTransfer(
            "line",
            axis="t",
            infeed_mm=0.0,
            dies=(("p1", 500.0), ("p2", 1000.0)),
            outfeed_mm=1500.0,
            count=4,
            gaps=gaps,
            first_s=first_s,
            preloaded=preloaded,
        )
    )
    ax.write("enable", True)
    return plant, ax, (p1, p2), ln


def steps(plant, n):
    for _ in range(n):
        plant.step()


def move(plant, ax, mm):
    ax.write("target", int(mm * 10))
    ax.write("start", True)
    steps(plant, 2)
    ax.write("start", False)
    for _ in range(400):
        plant.step()
        if ax.read("in_position"):
            return
    raise AssertionError("no arrival")


def test_a_blank_arrives_at_its_time_and_the_next_a_gap_after_it_was_taken():
    plant, ax, _, ln = line()
    steps(plant, 19)
    assert ln.read("part_at_infeed") is False
    steps(plant, 2)
    assert ln.read("part_at_infeed") is True
    ln.write("grip", True)
    steps(plant, 14)
    assert ln.read("part_held") is False  # 0.15 s to close on it
    steps(plant, 2)
    assert ln.read("part_held") is True and ln.read("part_at_infeed") is False
    steps(plant, 45)
    assert ln.read("part_at_infeed") is False
    steps(plant, 10)
    assert ln.read("part_at_infeed") is True  # 0.5 s after it was taken


def test_set_down_in_an_empty_die_lights_its_sensor_and_a_press_stroke_marks_the_part():
    plant, ax, (p1, _), ln = line()
    steps(plant, 25)
    ln.write("grip", True)
    steps(plant, 20)
    move(plant, ax, 500.0)
    ln.write("grip", False)
    steps(plant, 12)
    assert ln.read("part_in_die_1") is True and ln.read("part_held") is False
    part = ln.die[0]
    p1.write("clutch", True)
    steps(plant, 160)  # 20 spm: 120 deg/s, BDC after 1.5 s
    assert part.pressed == ["p1"] and ln.empty_strokes == [0, 0]


def test_a_stroke_on_an_empty_die_is_logged():
    plant, _, (_, p2), ln = line()
    p2.write("clutch", True)
    steps(plant, 160)
    assert ln.empty_strokes == [0, 1]


def test_a_part_let_go_away_from_a_place_falls_and_one_on_a_full_die_too():
    plant, ax, _, ln = line(preloaded={0: ()})
    steps(plant, 25)
    ln.write("grip", True)
    steps(plant, 20)
    move(plant, ax, 250.0)
    ln.write("grip", False)
    steps(plant, 12)
    assert len(ln.dropped) == 1 and ln.read("part_held") is False
    steps(plant, 60)
    move(plant, ax, 0.0)
    ln.write("grip", True)
    steps(plant, 20)
    move(plant, ax, 500.0)  # die 1 is full (preloaded)
    ln.write("grip", False)
    steps(plant, 12)
    assert len(ln.dropped) == 2 and ln.read("part_in_die_1") is True


def test_the_gripper_closes_on_nothing_while_moving_and_the_outfeed_takes_parts_away():
    plant, ax, _, ln = line(start_mm=1000.0, preloaded={1: ("p1", "p2")})
    assert ln.read("part_in_die_2") is True
    ln.write("grip", True)
    steps(plant, 20)
    assert ln.read("part_held") is True
    move(plant, ax, 1500.0)
    ln.write("grip", False)
    steps(plant, 12)
    assert [p.pressed for p in ln.out] == [["p1", "p2"]] and not ln.dropped
    ln.write("grip", True)  # on an empty outfeed: holds nothing
    steps(plant, 30)
    assert ln.read("part_held") is False
