"""A pendulum machine's load zone (sim/devices/pendulum_zone.py) in a small plant of its own: a
gantry (X, Y axes, a pneumatic drill), a clamp, a light curtain and a Ready button. The operator
loads, stands in the curtain, presses Ready; a point is drilled only by the drill reaching the
bottom over it; a finished part is taken away once its clamp is open and the gantry out; a
reach-in breaks the curtain while the gantry machines the zone, or as it comes for the part."""

from __future__ import annotations

import pytest

from sim.devices.axis import Axis
from sim.devices.gantry import Gantry
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import PushButton
from sim.devices.pendulum_zone import PendulumZone
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant

POINTS = ((100, 100), (300, 100))


def cell(x_start=700.0, **zone):
    plant = Plant(seed=1, substeps=1)
    x = plant.add(Axis("x", start_mm=x_start, limit_minus_mm=-10, limit_plus_mm=1010, max_speed=500.0,
                       accel=2000.0))
    y = plant.add(Axis("y", angle_deg=90, start_mm=100.0, limit_minus_mm=-10, limit_plus_mm=410))
    z = plant.add(Cylinder("z", 0, 0, angle_deg=-90, stroke=50.0, extend_s=0.5, retract_s=0.2))
    plant.add(Gantry("gantry", x="x", y="y", z="z"))
    clamp = plant.add(Cylinder("clamp", 0, 200, stroke=20.0, extend_s=0.2, retract_s=0.2))
    curtain = plant.add(LightCurtain("curtain", 0, -50, 400, -50))
    ready = plant.add(PushButton("ready"))
    kw = dict(points=POINTS, x_range=(-20.0, 400.0), parts=2, first_load_s=0.5, load_s=2.0, swap_s=3.0,
              react_s=1.0, ready_s=0.5)
    kw.update(zone)
    zone_dev = plant.add(PendulumZone("zone", gantry="gantry", clamp="clamp", curtain="curtain",
                                      ready="ready", **kw))
    for a in (x, y):
        a.write("enable", True)
    return plant, zone_dev, x, z, clamp, curtain, ready


def run_until(plant, when, limit_s=30.0):
    for _ in range(round(limit_s * 100)):
        plant.step()
        if when():
            return round(plant.time, 2)
    raise AssertionError("never happened")


def move_x(plant, x, mm):
    x.write("target", round(mm * 10))
    x.write("start", True)
    plant.step()
    x.write("start", False)
    run_until(plant, lambda: x.vel == 0.0 and abs(x.pos - mm) < 1e-6)


def drill(plant, z):
    z.write("extend", True)
    run_until(plant, lambda: z.read("extended"))
    z.write("extend", False)
    run_until(plant, lambda: z.read("retracted"))


def test_the_operator_loads_in_the_curtain_then_presses_ready():
    plant, zone, *_, curtain, ready = cell()
    assert not zone.read("part_present") and curtain.read("clear")
    t_in = run_until(plant, lambda: not curtain.read("clear"))
    assert t_in == pytest.approx(0.52, abs=0.02)          # steps in at 0.5 s (20 ms response)
    t_part = run_until(plant, lambda: zone.read("part_present"))
    assert t_part == pytest.approx(2.5, abs=0.02)
    plant.step()
    assert curtain.read("clear")                             # he has left
    t_ready = run_until(plant, lambda: ready.read("pressed"))
    assert t_ready == pytest.approx(3.0, abs=0.02) and curtain.read("clear")
    assert zone.readied and zone.ready_at == pytest.approx(3.0, abs=0.02)
    t_up = run_until(plant, lambda: not ready.read("pressed"))
    assert t_up == pytest.approx(3.3, abs=0.02)


def test_a_point_is_drilled_only_by_the_drill_reaching_the_bottom_over_it():
    plant, zone, x, z, *_ = cell(part_at_power_up=True)
    assert zone.readied and zone.ready_at == -1.0 and zone.next_point() == 1
    move_x(plant, x, 100.0)
    z.write("extend", True)                                 # a feed cut off half way drills nothing
    for _ in range(20):
        plant.step()
    z.write("extend", False)
    run_until(plant, lambda: z.read("retracted"))
    assert zone.part["drilled"] == [False, False]
    drill(plant, z)
    assert zone.part["drilled"] == [True, False] and zone.next_point() == 2
    move_x(plant, x, 200.0)                                  # not over a point: nothing
    drill(plant, z)
    assert zone.part["drilled"] == [True, False]
    assert [(p, k) for _, p, k in zone.drill_log] == [(1, 1)]


def test_the_drill_standing_at_the_bottom_at_power_up_drills_nothing_new():
    plant = Plant(seed=1, substeps=1)
    plant.add(Axis("x", start_mm=100.0, limit_minus_mm=-10, limit_plus_mm=1010))
    plant.add(Axis("y", angle_deg=90, start_mm=100.0, limit_minus_mm=-10, limit_plus_mm=410))
    plant.add(Cylinder("z", 0, 0, angle_deg=-90, stroke=50.0, start_extended=True))
    plant.add(Gantry("gantry", x="x", y="y", z="z"))
    plant.add(Cylinder("clamp", 0, 200, stroke=20.0, start_extended=True))
    plant.add(LightCurtain("curtain", 0, -50, 400, -50))
    plant.add(PushButton("ready"))
    zone = plant.add(PendulumZone("zone", gantry="gantry", clamp="clamp", curtain="curtain", ready="ready",
                                  points=POINTS, x_range=(-20.0, 400.0), part_at_power_up=True,
                                  drilled_at_power_up=1))
    plant["z"].write("extend", True)
    plant["clamp"].write("extend", True)
    for _ in range(10):
        plant.step()
    assert zone.part["drilled"] == [True, False] and zone.drill_log == [] and zone.point_at_tool() == 1
    assert zone.next_point() == 2


def test_a_finished_part_is_taken_only_with_the_clamp_open_and_the_gantry_out():
    plant, zone, x, z, clamp, curtain, _ = cell(part_at_power_up=True)
    clamp.write("extend", True)
    for mm in (100.0, 300.0):
        move_x(plant, x, mm)
        drill(plant, z)
    assert zone.part_finished
    for _ in range(300):                                     # clamped, gantry inside: nobody comes
        plant.step()
    assert zone.part is not None and curtain.read("clear")
    clamp.write("extend", False)
    for _ in range(300):                                     # open, but the gantry still inside
        plant.step()
    assert zone.part is not None
    x.write("target", 7000)
    x.write("start", True)
    t_out = run_until(plant, lambda: not zone.tool_inside())
    t_gone = run_until(plant, lambda: zone.part is None)
    assert t_gone - t_out == pytest.approx(1.0, abs=0.03)   # react_s
    assert zone.finished == [1] and zone.removed == [1]
    assert run_until(plant, lambda: not curtain.read("clear")) - t_gone <= 0.03   # he is in the curtain
    run_until(plant, lambda: zone.read("part_present"))      # the swap: the second part goes in
    assert zone.part["number"] == 2 and not zone.readied
    run_until(plant, lambda: zone.readied)


def test_someone_reaches_in_while_the_gantry_machines_the_zone():
    plant, zone, x, z, clamp, curtain, _ = cell(part_at_power_up=True, intrusions=((1, 1.0, 2.0),))
    for _ in range(100):
        plant.step()
    assert curtain.read("clear")                             # the gantry outside: nobody reaches in
    x.write("target", 1000)
    x.write("start", True)
    t_in = run_until(plant, lambda: zone.tool_inside())
    t_broken = run_until(plant, lambda: not curtain.read("clear"))
    assert t_broken - t_in == pytest.approx(1.02, abs=0.03)
    t_clear = run_until(plant, lambda: curtain.read("clear"))
    assert t_clear - t_broken == pytest.approx(1.98, abs=0.03)


def test_someone_steps_in_as_the_gantry_comes_for_the_part():
    plant, zone, x, z, clamp, curtain, _ = cell(x_start=900.0, part_at_power_up=True,
                                                intrusions=((1, 0.0, 1.5, True),))
    for _ in range(50):
        plant.step()
    assert curtain.read("clear")                             # standing still 500 mm away: nothing
    x.write("target", 1000)
    x.write("start", True)
    t_broken = run_until(plant, lambda: not curtain.read("clear"))
    gap = x.pos - 400.0
    assert 100.0 <= gap <= 350.0 and t_broken < 2.0          # ahead of the edge, still outside
    assert not zone.tool_inside()


def test_a_crooked_part_stalls_the_clamp_short_of_its_closed_switch():
    plant, zone, x, z, clamp, curtain, ready = cell(part_at_power_up=True, crooked=(1,), crooked_stall=0.5)
    assert zone.crooked_now and not zone.misseated
    clamp.write("extend", True)
    t_stall = run_until(plant, lambda: zone.misseated)
    assert t_stall == pytest.approx(0.1, abs=0.02)           # half of the 0.2 s stroke
    for _ in range(200):
        plant.step()
    assert clamp.position == pytest.approx(10.0)             # the jaw stands on the raised edge
    assert not clamp.read("extended") and not clamp.read("retracted")
    assert zone.readied and curtain.read("clear")            # nobody comes while the clamp is shut
    z.write("extend", True)                                  # drilling it drills nothing special:
    run_until(plant, lambda: z.read("extended"))             # the gantry stands outside its points
    z.write("extend", False)
    assert zone.next_point() == 1


def test_a_misseated_part_is_reseated_once_the_clamp_is_open_and_the_gantry_out():
    plant, zone, x, z, clamp, curtain, ready = cell(x_start=200.0, part_at_power_up=True, crooked=(1,),
                                                    reseat_s=2.0, ready_s=0.5)
    clamp.write("extend", True)
    run_until(plant, lambda: zone.misseated)
    clamp.write("extend", False)
    t_open = run_until(plant, lambda: clamp.read("retracted"))
    for _ in range(300):                                     # open, but the gantry inside: he waits
        plant.step()
    assert curtain.read("clear") and zone.readied and zone.misseated
    x.write("target", 7000)
    x.write("start", True)
    plant.step()
    x.write("start", False)
    t_out = run_until(plant, lambda: not zone.tool_inside())
    assert t_out - t_open > 3.0
    t_in = run_until(plant, lambda: not curtain.read("clear"))
    assert t_in - t_out == pytest.approx(1.0, abs=0.03)     # react_s
    assert not zone.readied and zone.ready_at is None        # its Ready is void while he re-seats
    t_left = run_until(plant, lambda: curtain.read("clear"))
    assert t_left - t_in == pytest.approx(2.0, abs=0.03)     # reseat_s
    assert not zone.crooked_now and not zone.misseated and zone.reseated and zone.part["number"] == 1
    t_ready = run_until(plant, lambda: ready.read("pressed"))
    assert t_ready - t_left == pytest.approx(0.5, abs=0.03) and zone.readied
    clamp.write("extend", True)                              # now it lies right: the clamp closes
    assert run_until(plant, lambda: clamp.read("extended")) - t_ready <= 0.25


def test_the_operator_waits_again_while_the_clamp_leaves_its_open_end():
    plant, zone, x, z, clamp, curtain, _ = cell(part_at_power_up=True, crooked=(1,), react_s=1.0)
    clamp.write("extend", True)
    run_until(plant, lambda: zone.misseated)
    clamp.write("extend", False)
    t_open = run_until(plant, lambda: clamp.read("retracted"))
    for _ in range(50):
        plant.step()
    clamp.write("extend", True)                              # a retry half-way through his reaction
    for _ in range(100):
        plant.step()
    assert curtain.read("clear") and zone.operator == "waiting"
    clamp.write("extend", False)
    t_open2 = run_until(plant, lambda: clamp.read("retracted"))
    t_in = run_until(plant, lambda: not curtain.read("clear"))
    assert t_open2 > t_open + 1.0 and t_in - t_open2 == pytest.approx(1.0, abs=0.03)


def test_only_the_named_parts_are_crooked():
    plant, zone, x, z, clamp, curtain, _ = cell(x_start=200.0, parts=2, crooked=(2,), swap_s=1.0)
    run_until(plant, lambda: zone.readied)
    assert zone.part["number"] == 1 and not zone.crooked_now
    clamp.write("extend", True)
    run_until(plant, lambda: clamp.read("extended"))        # part 1 lies right
    for mm in (100.0, 300.0):
        move_x(plant, x, mm)
        drill(plant, z)
    clamp.write("extend", False)
    move_x(plant, x, 700.0)
    run_until(plant, lambda: zone.readied and zone.part is not None and zone.part["number"] == 2)
    assert zone.crooked_now
    clamp.write("extend", True)
    run_until(plant, lambda: zone.misseated)
    for _ in range(100):
        plant.step()
    assert not clamp.read("extended") and clamp.position == pytest.approx(10.0)


def test_a_crooked_part_needs_an_open_clamp_and_no_drilled_point():
    with pytest.raises(ValueError):
        cell(part_at_power_up=True, drilled_at_power_up=1, crooked=(1,))
    with pytest.raises(ValueError):
        cell(crooked=(1,), crooked_stall=1.0)
