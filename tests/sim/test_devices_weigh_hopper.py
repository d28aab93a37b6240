"""The weigh hopper alone (no task): ingredients poured in through their inlets by bulk dosers,
its load on a weigh scale, and the gate that runs it empty into a mixer in proportion."""

from __future__ import annotations

import pytest

from sim.devices.bulk_doser import BulkDoser
from sim.devices.mixer import Mixer
from sim.devices.pneumatics import Cylinder
from sim.devices.weigh_hopper import WeighHopper
from sim.devices.weigh_scale import WeighScale
from sim.plant import Plant
from tests.sim.weighing import steps, until


def station():
    plant = Plant(seed=4, substeps=1)
    plant.add(Cylinder("gate", 0, 0, stroke=100, extend_s=0.2, retract_s=0.2))
    plant.add(Mixer("mixer", 0, -300))
    hopper = plant.add(WeighHopper("hopper", 0, 0, gate="gate", into="mixer", outflow_gs=500.0,
                                   empty_weight_g=3000.0))
    scale = plant.add(WeighScale("scale", 0, 0, load="hopper", settle_s=0.3, noise_g=0.0))
    a = plant.add(BulkDoser("doser_a", -150, 300, into=hopper.inlet("A").name, coarse_gs=200.0,
                            afterflow_g=0.0))
    b = plant.add(BulkDoser("doser_b", 150, 300, into=hopper.inlet("B").name, coarse_gs=100.0,
                            afterflow_g=0.0))
    return plant, hopper, scale, a, b


def test_each_inlet_fills_its_own_ingredient_and_the_scale_weighs_the_lot():
    plant, hopper, scale, a, b = station()
    steps(plant, 1)                        # the scale reads the empty hopper: tare it
    scale.write("tare", True)
    a.write("coarse", True)
    b.write("coarse", True)
    steps(plant, 100)
    a.write("coarse", False)
    b.write("coarse", False)
    steps(plant, 100)
    assert hopper.contents["A"] == pytest.approx(200.0, abs=1.0)
    assert hopper.contents["B"] == pytest.approx(100.0, abs=1.0)
    assert hopper.gross_g() == pytest.approx(3000.0 + hopper.total_g())
    assert scale.read("weight") == pytest.approx(hopper.total_g() * 10, abs=2)


def test_the_open_gate_runs_the_hopper_empty_into_the_mixer_in_proportion():
    plant, hopper, _, _, _ = station()
    hopper.add(300.0, "A")
    hopper.add(100.0, "B")
    steps(plant, 50)
    assert hopper.total_g() == 400.0                    # gate shut: nothing runs out
    plant["gate"].write("extend", True)
    until(plant, lambda: hopper.total_g() == 0.0)
    assert not hopper.discharged                         # logged once the gate shuts again
    t_empty = hopper.time
    plant["gate"].write("extend", False)
    until(plant, lambda: hopper.discharged)
    mixer = plant["mixer"]
    assert mixer.contents == pytest.approx({"A": 300.0, "B": 100.0})
    assert hopper.discharged[0][1] == pytest.approx({"A": 300.0, "B": 100.0}) and hopper.total_g() == 0.0
    # 400 g at 500 g/s once fully open, plus the part-open stroke
    assert 0.8 <= t_empty <= 0.8 + 0.2 + 0.05 + 0.5


def test_a_half_open_gate_lets_half_the_flow_through():
    plant, hopper, _, _, _ = station()
    gate = plant["gate"]
    hopper.add(1000.0, "A")
    gate.write("extend", True)
    until(plant, lambda: gate.position >= 50.0)
    gate.write("extend", False)
    before = hopper.total_g()
    assert hopper.open_fraction() == pytest.approx(0.5, abs=0.05)
    plant.step(0.01)
    assert before - hopper.total_g() == pytest.approx(500.0 * hopper.open_fraction() * 0.01, rel=0.15)
