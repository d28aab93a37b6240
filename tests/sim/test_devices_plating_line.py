"""The plating line alone (no task): the operator loading carriers after their gaps (never under a
low hook), the hook taking and setting down a carrier only at the bottom at a place after its
time, immersion counted while a carrier is under a tank's liquid (tank signals), carriers in
tanks at power-up, the unload stand taking carriers away, a carrier lowered onto another logged,
and the hoist's rail following the trolley."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.plating_line import HoistAxis, PlatingLine, PlatingTank
from sim.plant import Plant


def line(orders=((0.0, 5.0, 8.0), (1.0, 4.0, 6.0)), preloaded=None, first_s=0.2, hook_s=0.3):
    plant = Plant(seed=1, substeps=1)
    tr = plant.add(Axis("trolley", limit_minus_mm=-5.0, limit_plus_mm=2000.0, start_mm=200.0,
                        max_speed=2000.0, accel=20000.0, window_mm=1.0, settle_s=0.0))
    ho = plant.add(HoistAxis("hoist", trolley="trolley", base_y=0.0, limit_minus_mm=-5.0, limit_plus_mm=720.0,
                             start_mm=700.0, max_speed=2000.0, accel=20000.0, window_mm=1.0, settle_s=0.0,
                             brake_s=0.01, torque_s=0.01))
    for n, at in enumerate((600.0, 1000.0), 1):
        plant.add(PlatingTank(f"tank_{n}", n, at, x=at))
    ln = plant.add(PlatingLine("line", trolley="trolley", hoist="hoist", tanks=("tank_1", "tank_2"),
                               load_mm=200.0, unload_mm=1400.0, orders=orders, first_s=first_s,
                               preloaded=preloaded, hook_s=hook_s))
    for ax in (tr, ho):
        ax.write("enable", True)
    ho.write("brake_release", True)
    run(plant, 0.05)
    return plant, tr, ho, ln


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def move(plant, ax, mm, seconds=0.6):
    ax.write("target", int(mm * 10))
    ax.write("start", False)
    plant.step(0.01)
    ax.write("start", True)
    run(plant, seconds)


def test_the_first_carrier_is_loaded_at_first_s_with_its_window():
    plant, _, _, ln = line(first_s=0.5)
    assert not ln.read("carrier_loaded")
    run(plant, 0.5)
    assert ln.read("carrier_loaded")
    assert (ln.read("load_min"), ln.read("load_max")) == (50, 80)


def test_the_hook_takes_a_carrier_only_at_the_bottom_after_its_time():
    plant, tr, ho, ln = line(hook_s=0.3)
    run(plant, 0.3)
    ln.write("hook", True)                 # up: nothing happens
    run(plant, 0.5)
    assert not ln.read("carrier_on_hook")
    move(plant, ho, 0.0)
    assert ln.read("carrier_on_hook")      # closed long enough before: takes it once at the bottom
    ln.write("hook", False)
    run(plant, 0.2)
    assert ln.read("carrier_on_hook")      # opening takes its time too
    run(plant, 0.2)
    assert not ln.read("carrier_on_hook") and ln.read("carrier_loaded")   # set back on the stand
    ln.write("hook", True)
    run(plant, 0.25)
    assert not ln.read("carrier_on_hook")
    run(plant, 0.1)
    assert ln.read("carrier_on_hook") and not ln.read("carrier_loaded")


def carry_into_tank_1(plant, tr, ho, ln):
    run(plant, 0.3)
    move(plant, ho, 0.0)
    ln.write("hook", True)
    run(plant, 0.4)
    move(plant, ho, 700.0)
    move(plant, tr, 600.0)
    move(plant, ho, 0.0)
    ln.write("hook", False)
    run(plant, 0.4)


def test_immersion_counts_under_the_liquid_and_the_tank_reports_it():
    plant, tr, ho, ln = line()
    carry_into_tank_1(plant, tr, ho, ln)
    t1 = plant["tank_1"]
    assert t1.read("occupied") and not ln.read("carrier_on_hook")
    assert (t1.read("window_min"), t1.read("window_max")) == (50, 80)
    e0 = t1.read("elapsed")
    run(plant, 2.0)
    assert t1.read("elapsed") - e0 == 20
    move(plant, ho, 0.0, 0.1)
    ln.write("hook", True)
    run(plant, 0.4)
    move(plant, ho, 700.0)
    assert not t1.read("occupied") and t1.read("elapsed") == 0
    c = ln.carriers[0]
    assert len(c.immersions) == 1 and c.left_liquid_at is not None
    assert abs(c.immersions[0][2] - c.immersed_s) < 1e-9 and c.immersed_s > 2.0


def test_the_next_carrier_comes_its_gap_after_the_last_was_lifted_off_never_under_a_low_hook():
    plant, tr, ho, ln = line(orders=((0.0, 5.0, 8.0), (0.5, 4.0, 6.0)))
    run(plant, 0.3)
    move(plant, ho, 0.0)
    ln.write("hook", True)
    run(plant, 0.4)
    ho.write("target", 300)                # lift off to 30 mm only: the hook stays low over the stand
    ho.write("start", False)
    plant.step(0.01)
    ho.write("start", True)
    run(plant, 1.0)
    assert ln.carriers[0].lifted_off_at is not None and not ln.read("carrier_loaded")
    move(plant, ho, 700.0)
    run(plant, 0.1)
    assert ln.read("carrier_loaded") and ln.read("load_min") == 40


def test_carriers_in_tanks_at_power_up_and_the_unload_stand():
    plant, tr, ho, ln = line(orders=(), preloaded={1: (3.0, 10.0, 14.0)})
    t2 = plant["tank_2"]
    assert t2.read("occupied") and t2.read("elapsed") >= 30 and t2.read("window_max") == 140
    assert ln.total == 1
    move(plant, tr, 1000.0)
    move(plant, ho, 0.0)
    ln.write("hook", True)
    run(plant, 0.4)
    move(plant, ho, 700.0)
    move(plant, tr, 1400.0)
    move(plant, ho, 0.0)
    ln.write("hook", False)
    run(plant, 0.4)
    assert ln.read("carriers_out") == 1 and not ln.read("carrier_on_hook")
    assert ln.out[0].immersions[0][0] == 1


def test_a_carrier_lowered_onto_another_is_logged_and_stays_on_the_hook():
    plant, tr, ho, ln = line(orders=((0.0, 5.0, 8.0),), preloaded={0: (1.0, 10.0, 14.0)})
    run(plant, 0.3)
    move(plant, ho, 0.0)
    ln.write("hook", True)
    run(plant, 0.4)
    move(plant, ho, 700.0)
    move(plant, tr, 600.0)
    assert not ln.collisions
    move(plant, ho, 0.0)
    assert len(ln.collisions) == 1 and "onto carrier 1 in tank 1" in ln.collisions[0]
    ln.write("hook", False)
    run(plant, 0.5)
    assert ln.read("carrier_on_hook")      # nowhere to set it down
    assert len(ln.carriers[1].immersions) == 0


def test_the_hoist_rail_hangs_from_the_trolley():
    plant, tr, ho, ln = line()
    move(plant, tr, 1000.0)
    assert abs(ho.state()["x"] - 1000.0) < 1e-6
