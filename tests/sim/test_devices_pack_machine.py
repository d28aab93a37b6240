"""PackMachine and PackBuffer (sim.devices.pack_machine): eyes, cycles, dry cycles, overflow,
jams and the stand clock, independent of any task."""

from __future__ import annotations

from sim.devices.pack_machine import PackBuffer, PackMachine
from sim.plant import Plant


def line(start=0, capacity=8, jams=(), fixed=None):
    plant = Plant(seed=1, substeps=1)
    buf = plant.add(PackBuffer("b", 0, 0, capacity=capacity, low_at=2, high_at=capacity // 2,
                               full_at=capacity - 2, start=start))
    up = plant.add(PackMachine("up", -300, 0, outfeed="b", fixed_ppm=fixed or 60.0))
    down = plant.add(PackMachine("down", 300, 0, infeed="b", jams=jams))
    return plant, buf, up, down


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_eyes_switch_at_their_counts():
    _, buf, _, _ = line(start=1)
    assert not buf.read("low")
    buf.put()
    assert buf.read("low") and not buf.read("high")
    buf.put(), buf.put()
    assert buf.read("high") and not buf.read("full")
    buf.put(), buf.put()
    assert buf.read("full") and buf.read("count") == 6


def test_a_unit_into_a_full_buffer_falls_off():
    _, buf, _, _ = line(start=8)
    assert not buf.put() and buf.count == 8 and len(buf.overflows) == 1


def test_a_fixed_speed_machine_cycles_at_its_speed_and_fills_the_buffer():
    plant, buf, up, _ = line()
    up.write("run", True)
    run(plant, 3.0)
    assert up.read("speed") == 60 and up.read("running")
    assert up.read("count") == 3 and buf.count == 3


def test_a_machine_follows_its_reference_and_cycles_dry_on_an_empty_buffer():
    plant, buf, _, down = line(start=2)
    down.write("run", True)
    down.write("speed_ref", 120)               # clamped to max_ppm 90
    assert down.read("speed") == 90
    down.write("speed_ref", 60)
    run(plant, 2.0)
    assert down.count == 2 and buf.count == 0 and not down.dry_cycles
    run(plant, 1.0)
    assert down.count == 2 and len(down.dry_cycles) == 1


def test_a_jammed_machine_stands_then_runs_on_by_itself():
    plant, buf, _, down = line(start=8, jams=((1.5, 2.0),))
    down.write("run", True)
    down.write("speed_ref", 60)
    run(plant, 2.0)
    assert down.read("jammed") and not down.read("running") and down.read("speed") == 0
    run(plant, 1.0)
    assert down.count == 1                     # nothing while jammed
    run(plant, 1.5)
    assert not down.read("jammed") and down.read("running") and down.count == 2


def test_the_stand_clock_counts_only_a_stopped_unjammed_machine():
    plant, _, up, _ = line()
    run(plant, 1.0)
    assert abs(up.standing_s - 1.0) < 1e-6
    up.write("run", True)
    run(plant, 0.5)
    assert up.standing_s == 0.0


def test_the_rate_factor_scales_the_cycles_not_the_reported_speed():
    plant = Plant(seed=1, substeps=1)
    buf = plant.add(PackBuffer("b", 0, 0, capacity=30, low_at=2, high_at=15, full_at=28, start=0))
    up = plant.add(PackMachine("up", -300, 0, outfeed="b", fixed_ppm=60.0, rate=0.94))
    down = plant.add(PackMachine("down", 300, 0, infeed="b", rate=1.06))
    up.write("run", True)
    run(plant, 25.0)
    assert up.read("speed") == 60 and up.count == 23 and buf.count == 23     # 60 ppm * 0.94 for 25 s: 23.5
    down.write("run", True)
    down.write("speed_ref", 60)
    up.write("run", False)
    run(plant, 20.0)
    assert down.read("speed") == 60 and down.count == 21 and buf.count == 2   # 60 * 1.06 for 20 s: 21.2
