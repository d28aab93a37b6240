"""The carton stream alone (no task): index sends the carton on, the next one arrives, material
with no carton there is spilled."""

from __future__ import annotations

from tests.sim.weighing import station, steps


def test_index_sends_the_carton_away_and_material_without_a_carton_is_spilled():
    plant, carton, _, doser = station(change_s=0.8)
    carton.add(10.0)
    carton.write("index", True)
    assert not carton.read("present") and carton.filled[0][1:] == (1, 80.0, 10.0)
    doser.write("coarse", True)
    steps(plant, 30)
    doser.write("coarse", False)
    steps(plant, 60)
    assert carton.spilled_g > 0 and carton.read("present") and carton.current.number == 2
    carton.write("index", False)
    carton.write("index", True)
    steps(plant, 200)
    assert not carton.read("present") and len(carton.filled) == 2      # no more cartons to come
