"""The bulk doser alone (no task): coarse and fine flows, the fall, and the afterflow that dribbles
on after the fine valve closes."""

from __future__ import annotations

import pytest

from tests.sim.weighing import SCAN, station, steps, until


def test_the_doser_s_flows_and_the_afterflow_that_dribbles_on_after_the_fine_valve_closes():
    plant, carton, _, doser = station(afterflow_g=4.0, fine_gs=2.0)
    doser.write("coarse", True)
    steps(plant, 100)                                    # 1 s of 100 g/s
    doser.write("coarse", False)
    steps(plant, 20)
    assert carton.current.contents_g == pytest.approx(100.0, abs=0.01)
    doser.write("fine", True)
    steps(plant, 300)                                    # 3 s at 2 g/s, 0.1 s of it still in the air
    doser.write("fine", False)
    assert carton.current.contents_g == pytest.approx(105.8, abs=0.05)
    steps(plant, 1)
    assert doser.in_flight_g() == pytest.approx(4.2 - 0.02, abs=0.05)
    k = until(plant, lambda: doser.in_flight_g() == 0.0)
    assert k * SCAN == pytest.approx(1.0 + 0.1, abs=0.03)   # dribbles out over 1 s, then 0.1 s of fall
    assert carton.current.contents_g == pytest.approx(110.0, abs=0.05)


def test_a_dry_hopper_is_refilled_refill_s_after_it_ran_dry():
    from sim.devices.bulk_doser import BulkDoser
    from sim.plant import Plant
    from tests.sim.weighing import steps as run
    plant, carton, _, _ = station()
    doser = plant.add(BulkDoser("dry", 0, 300, into="carton", coarse_gs=100.0, hopper_g=50.0, refill_s=2.0,
                                refill_g=500.0))
    doser.write("coarse", True)
    run(plant, 51)
    assert doser.read("empty") and not doser.refills
    run(plant, 190)
    assert doser.read("empty")                 # dry for 1.9 s
    run(plant, 15)
    assert not doser.read("empty") and len(doser.refills) == 1
    assert abs(doser.refills[0] - 2.5) < 0.03 and isinstance(plant, Plant)
