"""The layer pallet (sim/devices/layer_pallet.py), apart from any task: cartons laid at a pose and
height, the surface a tool meets (turned cartons, layers, the deck, off the pallet), the exchange
edge (the pallet leaves with its cartons, the station empty for exchange_s, a new empty pallet)."""

from __future__ import annotations

from sim.devices.layer_pallet import Laid, LayerPallet
from sim.plant import Plant


def station(**kw):
    plant = Plant(seed=1, substeps=1)
    pallet = plant.add(LayerPallet("pallet", x=600, y=500, deck_mm=150, exchange_s=(2.0, 0.5), **kw))
    return plant, pallet


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step()


def test_the_surface_is_the_highest_carton_over_the_point_then_the_deck_and_none_off_the_pallet():
    _, pallet = station()
    pallet.put(1, 400, 350, 0.0, bottom_mm=150, height_mm=250, size=(400, 300))
    pallet.put(2, 400, 400, 90.0, bottom_mm=400, height_mm=250, size=(400, 300))   # turned, on top
    assert pallet.surface_at(400, 350) == 650                # both hold the point: the upper one
    assert pallet.surface_at(560, 350) == 400                # along the lower one's length only
    assert pallet.surface_at(400, 580) == 650                # along the turned one's length only
    assert pallet.surface_at(900, 700) == 150                # the deck
    assert pallet.surface_at(1300, 500) is None              # off the pallet
    assert pallet.highest_top == 650


def test_a_pallet_may_start_part_built():
    _, pallet = station(initial=(Laid(1, 450, 400, 0.0, 150, 200, 400, 300),))
    assert pallet.surface_at(450, 400) == 350 and len(pallet.cartons) == 1


def test_an_exchange_edge_sends_the_pallet_away_and_a_new_empty_one_comes_after_its_time():
    plant, pallet = station()
    pallet.put(1, 400, 350, 0.0, bottom_mm=150, height_mm=250, size=(400, 300))
    pallet.write("exchange", True)
    assert not pallet.read("present") and pallet.surface_at(400, 350) is None
    assert [[c.number for c in p] for p in pallet.finished] == [[1]]
    run(plant, 1.98)
    pallet.write("exchange", False)
    pallet.write("exchange", True)                           # ignored: no pallet in the station
    assert not pallet.read("present") and len(pallet.exchanges) == 1
    run(plant, 0.03)
    assert pallet.read("present") and pallet.cartons == [] and pallet.surface_at(400, 350) == 150
    pallet.write("exchange", True)                           # held TRUE: no new edge
    assert pallet.read("present")
    pallet.write("exchange", False)
    pallet.write("exchange", True)
    run(plant, 0.49)
    assert not pallet.read("present")
    run(plant, 0.02)
    assert pallet.read("present") and pallet.exchanges == [0.0, 2.01]


def test_a_carton_comes_down_on_the_highest_surface_under_its_footprint_not_only_under_its_centre():
    _, pallet = station()
    pallet.put(1, 600, 378.6, 0.0, bottom_mm=150, height_mm=200, size=(400, 242.8))
    pallet.put(2, 600, 621.4, 0.0, bottom_mm=150, height_mm=200, size=(400, 242.8))
    # turned across both, its centre on the seam between them
    assert pallet.surface_under(478.6, 500, 90.0, 400, 242.8) == 350
    assert pallet.surface_under(1000, 500, 0.0, 300, 200) == 150      # beside them: the deck
    assert pallet.surface_under(1500, 500, 0.0, 300, 200) is None
