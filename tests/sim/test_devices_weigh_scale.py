"""The weigh scale alone (no task): the empty carton's weight, tare, settling after a load step,
and no standstill while material trickles in."""

from __future__ import annotations

import pytest

from tests.sim.weighing import SCAN, station, steps, until


def test_the_scale_reads_the_carton_s_empty_weight_stable_and_tares_it_to_zero():
    plant, carton, scale, _ = station()
    steps(plant, 20)
    assert scale.read("stable") and scale.read("weight") == pytest.approx(800, abs=3)
    scale.write("tare", True)
    steps(plant, 5)
    assert abs(scale.read("weight")) <= 4                # 0.1 g units: within the +-0.2 g noise


@pytest.mark.parametrize("settle_s", [0.3, 1.0])
def test_a_load_step_settles_in_settle_s_and_is_unstable_until_then(settle_s):
    plant, carton, scale, _ = station(settle_s=settle_s)
    steps(plant, 20)
    carton.add(500.0)
    plant.step(SCAN)
    assert not scale.read("stable")
    k = until(plant, lambda: scale.read("stable"))
    assert k * SCAN == pytest.approx(settle_s * 0.75, abs=0.25 * settle_s + 0.1)
    assert scale.read("weight") == pytest.approx(5800, abs=6)


def test_the_scale_is_not_stable_while_material_trickles_in():
    plant, carton, scale, doser = station(fine_gs=2.0)
    steps(plant, 20)
    doser.write("fine", True)
    steps(plant, 200)
    assert not scale.read("stable")
    doser.write("fine", False)
    until(plant, lambda: scale.read("stable"))
    assert scale.read("weight") == pytest.approx(800 + 40 + 30, abs=6)      # 4 g and the 3 g afterflow
