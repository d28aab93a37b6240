"""The batch mixer alone (no task): the agitator's speed feedback after start_s, mixing time only
at speed with material in it and restarted by new material, discharge at the outflow rate, the
empty switch and the batch log."""

from __future__ import annotations

import pytest

from sim.devices.mixer import Mixer
from sim.plant import Plant
from tests.sim.weighing import steps


def mixer(**kw):
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(Mixer("mixer", 0, 0, **kw))


def test_running_comes_start_s_after_run_and_drops_with_it():
    plant, m = mixer(start_s=0.5)
    m.write("run", True)
    steps(plant, 49)
    assert not m.read("running")
    steps(plant, 1)
    assert m.read("running")
    m.write("run", False)
    steps(plant, 1)
    assert not m.read("running")


def test_mixing_counts_only_at_speed_with_material_and_restarts_when_material_is_added():
    plant, m = mixer(start_s=0.2)
    m.write("run", True)
    steps(plant, 100)
    assert m.mixed_s == 0.0                          # nothing in it yet
    m.add(300.0, "A")
    steps(plant, 100)
    assert m.mixed_s == pytest.approx(1.0, abs=0.011)
    m.add(100.0, "B")
    assert m.mixed_s == 0.0
    m.write("run", False)
    steps(plant, 50)
    assert m.mixed_s == 0.0                          # standing still mixes nothing


def test_discharge_empties_at_the_outflow_rate_and_logs_the_batch():
    plant, m = mixer(start_s=0.0, outflow_gs=400.0, empty_g=5.0)
    assert m.read("empty")
    m.add(300.0, "A")
    m.add(100.0, "B")
    m.write("run", True)
    steps(plant, 200)
    m.write("discharge", True)
    steps(plant, 50)
    assert m.total_g() == pytest.approx(200.0, abs=1e-6) and not m.read("empty")
    steps(plant, 48)
    assert not m.read("empty") and not m.batches
    steps(plant, 1)                                  # 4 g left: below the low level
    ((_, contents, mixed),) = m.batches
    assert m.read("empty")
    steps(plant, 1)
    assert contents == {"A": 300.0, "B": 100.0} and mixed == pytest.approx(2.0, abs=0.011)
    assert m.out_g == pytest.approx(400.0)


def test_a_heel_under_the_low_level_is_no_batch_and_joins_the_next():
    plant, m = mixer(start_s=0.0, empty_g=5.0)
    m.add(3.0, "A")
    m.write("discharge", True)
    steps(plant, 5)
    assert not m.batches and m.total_g() == 0.0


def test_an_unmixed_batch_discharged_logs_how_little_it_was_mixed():
    plant, m = mixer(start_s=0.0)
    m.add(50.0, "A")
    m.write("discharge", True)
    steps(plant, 30)
    assert m.batches[0][2] == 0.0
