"""SwivelApplicator (sim/devices/swivel_applicator.py): the swing and its end switches, the
printed lane of each label, firing only over a lane, on that lane's encoder."""

from __future__ import annotations

from sim.devices.belt_encoder import BeltEncoder
from sim.devices.conveyor import Conveyor
from sim.devices.swivel_applicator import SwivelApplicator
from sim.devices.workpiece import Feeder
from sim.plant import Plant


def _plant(start_pos=0.0, speed=200.0, swivel_s=1.0, cartons=True):
    plant = Plant(seed=1, substeps=1)
    encoders = []
    for k, lane in enumerate("AB"):
        belt = plant.add(Conveyor(f"lane_{lane}", 750, 250 + 350 * k, length=1500, width=180, speed=speed,
                                  max_speed=600, ramp_s=0.01))
        belt.run = True
        sched = [(0.0, dict(part_kind="carton", width=150, length=300, height_mm=200))] if cartons else []
        plant.add(Feeder(f"in_{lane}", *belt.point(850), sched, prefix=lane))
        encoders.append(plant.add(BeltEncoder(f"enc_{lane}", belt, counts_per_mm=10, start_count=0)))
    app = plant.add(SwivelApplicator("app", tuple(encoders), at_mm=1000, swivel_s=swivel_s,
                                     start_pos=start_pos, tamp_s=0.08, return_s=0.08, feed_s=0.2,
                                     label_ready=False))
    return plant, app


def _run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_end_switches_and_the_swing_time():
    plant, app = _plant(start_pos=0.0, swivel_s=1.0, cartons=False)
    assert app.read("at_a") and not app.read("at_b")
    app.write("swivel_b", True)
    _run(plant, 0.5)
    assert not app.read("at_a") and not app.read("at_b")
    _run(plant, 0.52)
    assert app.read("at_b") and not app.read("at_a")
    assert app.swings == 1


def test_between_the_lanes_at_power_up_neither_switch_is_on_and_it_never_fires():
    plant, app = _plant(start_pos=0.5, cartons=False)
    assert not app.read("at_a") and not app.read("at_b")
    app.write("swivel_b", True)          # sent on, it arrives in half a swing
    app.write("arm", True)
    app.write("fire_count", 30000)       # not reached: armed on arrival, no firing
    _run(plant, 0.3)
    assert app.fired == 0 and app.read("armed")
    _run(plant, 0.25)
    assert app.read("at_b")


def test_the_label_is_the_lane_print_b_named_and_it_lands_on_that_lanes_carton():
    plant, app = _plant(start_pos=1.0, speed=200.0)
    app.write("print_b", True)
    app.write("feed", True)
    _run(plant, 0.25)
    assert app.read("label_ready") and app.label_lane == 2
    # carton B's leading edge was under the pad at power-up and has gone on about 50 mm; fired
    # 44 mm of travel from now, the pad touches 16 mm later: the label centre some 105 mm behind
    app.write("fire_count", app.encoders[1].count + 440)
    app.write("arm", True)
    _run(plant, 1.0)
    assert app.fired == 1
    (name, lanes), = app.label_lanes.items()
    assert name.startswith("B") and lanes == [2]
    assert 95 < app.labels[name][0] < 115


def test_the_swing_waits_for_the_pad_to_come_up():
    plant, app = _plant(start_pos=0.0, cartons=False)
    app.write("fire_count", -100)        # behind the count: fires at once when armed
    app.write("arm", True)
    plant.step(0.01)
    assert app.phase == "down"
    app.write("swivel_b", True)
    plant.step(0.01)
    assert app.pos == 0.0                # not while the pad is down
    _run(plant, 0.3)
    assert app.pos > 0.0


def test_print_b_written_in_the_scan_of_the_feed_edge_counts_whatever_the_write_order():
    """The PLC's outputs are written one after the other (feed_label before print_b in MAT-H09's
    I/O map): the lane is read once every output of the scan is in."""
    plant, app = _plant(start_pos=1.0, cartons=False)
    app.write("feed", True)              # the feed's rising edge first ...
    app.write("print_b", True)           # ... then, in the same scan, lane B named
    _run(plant, 0.25)
    assert app.read("label_ready") and app.label_lane == 2 and app.feed_lane == 2


def test_a_rising_edge_that_starts_no_feed_does_not_change_the_label():
    plant, app = _plant(start_pos=0.0, cartons=False)
    app.write("print_b", False)
    app.write("feed", True)              # lane A's label, fed for 0.2 s
    plant.step(0.01)
    app.write("feed", False)
    plant.step(0.01)
    app.write("print_b", True)           # changed while the label is fed, with another edge
    app.write("feed", True)
    _run(plant, 0.25)
    assert app.read("label_ready") and app.label_lane == 1
