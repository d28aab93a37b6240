"""HydraulicPowerUnit alone: charging at the pump's flow, unloading, draining by the cylinders'
flow, the relief valve, the supply factor it gives the cylinders and the motor's overload trip."""

from __future__ import annotations

import pytest

from sim.devices.hydraulic_power_unit import HydraulicPowerUnit
from sim.devices.prop_cylinder import PropCylinder
from sim.plant import Plant

SCAN = 0.01


def make(**kw):
    plant = Plant(seed=1, substeps=1)
    cyl = plant.add(PropCylinder("cyl", 0.0, 0.0, stroke=400.0, max_speed=100.0, deadband=0.0, lag_s=0.0))
    kw.setdefault("consumers", (("cyl", 30.0),))
    hpu = plant.add(HydraulicPowerUnit("hpu", 0.0, 0.0, **kw))
    return plant, cyl, hpu


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_a_loaded_pump_charges_the_accumulator_at_its_flow():
    plant, _cyl, hpu = make(pump_lpm=40.0, capacity_l_per_bar=0.02, start_bar=100.0, leak_lpm=0.0)
    hpu.write("run", True)
    run(plant, 1.0)                             # 40 l/min = 0.667 l/s over 0.02 l/bar: 33.3 bar/s
    assert hpu.bar == pytest.approx(133.3, abs=0.2)
    assert hpu.read("pressure") == round(hpu.bar * 10) and hpu.read("running")


def test_an_unloaded_or_stopped_pump_charges_nothing():
    for run_it, unload in ((True, True), (False, False)):
        plant, _cyl, hpu = make(start_bar=150.0, leak_lpm=0.0)
        hpu.write("run", run_it)
        hpu.write("unload", unload)
        run(plant, 1.0)
        assert hpu.bar == pytest.approx(150.0) and not hpu.delivering


def test_the_relief_valve_caps_the_pressure_and_its_blow_off_is_timed():
    plant, _cyl, hpu = make(pump_lpm=40.0, capacity_l_per_bar=0.01, start_bar=180.0)
    hpu.write("run", True)
    run(plant, 1.0)
    assert hpu.bar == pytest.approx(190.0) and hpu.relief_run_s > 0.8
    hpu.write("unload", True)
    run(plant, 0.05)
    assert hpu.relief_run_s == 0.0


def test_a_cylinder_drawing_more_than_the_pump_drains_the_pressure_and_slows():
    plant, cyl, hpu = make(pump_lpm=20.0, capacity_l_per_bar=0.01, start_bar=160.0, leak_lpm=0.0)
    hpu.write("run", True)
    cyl.write("spool", 10000)                   # 30 l/min against 20: net -10 l/min
    run(plant, 0.5)
    assert hpu.bar < 160.0 - 5.0
    assert cyl.supply == pytest.approx(min(1.0, (hpu.bar / 140.0) ** 0.5), abs=0.01)
    run(plant, 3.0)
    assert cyl.vel < 100.0 * 0.9 and hpu.demand_lpm < 30.0


def test_no_supply_no_motion():
    plant, cyl, hpu = make(start_bar=0.0)
    cyl.write("spool", 10000)
    run(plant, 0.5)
    assert cyl.pos == pytest.approx(0.0, abs=0.5) and cyl.supply == 0.0


def test_the_overload_trip_stops_the_motor_until_run_has_been_off_its_reset_time():
    plant, _cyl, hpu = make(trip_at_s=0.5, reset_s=1.0, start_bar=100.0)
    hpu.write("run", True)
    run(plant, 0.6)
    assert hpu.trips == [0.5] and not hpu.read("running") and not hpu.delivering
    hpu.write("run", False)
    run(plant, 0.5)
    hpu.write("run", True)                      # off only 0.5 s: still tripped
    run(plant, 0.1)
    assert not hpu.read("running")
    hpu.write("run", False)
    run(plant, 1.0)
    hpu.write("run", True)
    run(plant, 0.1)
    assert hpu.read("running") and hpu.delivering and hpu.trips == [0.5]


def test_a_start_runs_the_motor_up_unloaded_before_running_and_delivering():
    plant, _cyl, hpu = make(runup_s=0.8, start_bar=100.0, leak_lpm=0.0)
    hpu.write("unload", True)
    hpu.write("run", True)
    run(plant, 0.75)
    assert hpu.running_up and not hpu.read("running") and not hpu.delivering
    assert hpu.bar == pytest.approx(100.0) and not hpu.trips
    run(plant, 0.1)
    assert hpu.read("running") and not hpu.running_up
    hpu.write("unload", False)                  # up to speed: loading it now charges
    run(plant, 0.5)
    assert hpu.bar > 100.0 and not hpu.trips


def test_loading_the_pump_during_its_run_up_stalls_the_motor_and_trips_the_relay():
    plant, _cyl, hpu = make(runup_s=1.0, start_bar=150.0)
    hpu.write("run", True)
    hpu.write("unload", True)
    run(plant, 0.5)
    hpu.write("unload", False)                  # closed half-way through the run-up
    run(plant, 0.01)
    assert hpu.tripped and hpu.stalls == hpu.trips == [0.51]
    run(plant, 2.0)                             # stays tripped while run is TRUE
    assert not hpu.read("running") and not hpu.running_up
    hpu.write("run", False)
    run(plant, 1.0)
    hpu.write("unload", True)
    hpu.write("run", True)                      # reset, and started unloaded: runs up again
    run(plant, 0.99)
    assert not hpu.read("running") and not hpu.tripped
    run(plant, 0.02)
    assert hpu.read("running") and hpu.trips == [0.51]


def test_a_start_loaded_from_the_first_scan_trips_at_once():
    plant, _cyl, hpu = make(runup_s=0.5, start_bar=0.0)
    hpu.write("run", True)                      # unloading valve closed from the start
    run(plant, 0.01)
    assert hpu.stalls == [0.01] and not hpu.read("running")


def test_a_stop_means_the_next_start_runs_up_again():
    plant, _cyl, hpu = make(runup_s=0.5, start_bar=150.0)
    hpu.write("unload", True)
    hpu.write("run", True)
    run(plant, 0.6)
    assert hpu.read("running")
    hpu.write("run", False)
    run(plant, 0.2)
    hpu.write("run", True)
    run(plant, 0.3)
    assert hpu.running_up and not hpu.read("running")
    run(plant, 0.3)
    assert hpu.read("running") and not hpu.trips


def test_the_overload_trip_may_hit_during_the_run_up_and_running_never_comes():
    plant, _cyl, hpu = make(runup_s=1.5, trip_at_s=0.5, start_bar=150.0)
    hpu.write("unload", True)
    hpu.write("run", True)
    run(plant, 3.0)
    assert hpu.trips == [0.5] and not hpu.stalls and not hpu.read("running")
    hpu.write("run", False)
    run(plant, 1.0)
    hpu.write("run", True)
    run(plant, 1.51)
    assert hpu.read("running") and hpu.trips == [0.5]


def test_a_negative_run_up_is_refused():
    with pytest.raises(ValueError):
        make(runup_s=-0.1)


class _Pen:
    """Records the drawing calls (the contract's recording pen, without pixels)."""

    def __init__(self):
        self.calls: list[tuple] = []

    def __getattr__(self, name):
        def record(*args, **kw):
            self.calls.append((name, args))
            return [(0.0, 0.0)] if name == "rect_rotated" else None
        return record


def pump_drawing(hpu):
    pen = _Pen()
    hpu.draw(pen)
    motor = next(a for n, a in pen.calls if n == "rect_rotated" and a[:2] == (hpu.x - 60, hpu.y - 20))
    label = next(a[0] for n, a in pen.calls if n == "label" and a[0].startswith("pump"))
    return motor[-1], label


def test_the_pump_is_drawn_running_up_running_and_tripped():
    plant, _cyl, hpu = make(runup_s=0.5, trip_at_s=1.0, start_bar=150.0)
    assert pump_drawing(hpu) == ("UNLIT", "pump")
    hpu.write("unload", True)
    hpu.write("run", True)
    run(plant, 0.2)
    assert hpu.state()["running_up"] and pump_drawing(hpu) == ("BUSY", "pump (run-up)")
    run(plant, 0.4)
    assert pump_drawing(hpu) == ("ON", "pump")
    run(plant, 0.5)
    assert pump_drawing(hpu) == ("FAULT", "pump")
