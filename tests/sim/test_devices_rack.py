"""Rack: slots numbered along the bottom level first, places found by position, the stands'
sensors, a load arriving on the infeed stand and one conveyed away from the outfeed stand."""

import pytest

from sim.devices.rack import Rack
from sim.plant import Plant


def _rack(**kw):
    plant = Plant(seed=1, substeps=1)
    rack = plant.add(Rack("rack", columns_mm=(800, 1400), levels_mm=(200, 800), infeed=(0, 500),
                          outfeed=(0, 1100), **kw))
    return plant, rack


def test_slots_are_numbered_along_the_bottom_level_first():
    _, rack = _rack(loads={3: 901})
    assert [(p.x_mm, p.level_mm) for p in rack.slots] == [(800, 200), (1400, 200), (800, 800), (1400, 800)]
    assert rack.slot(3).load == 901 and rack.occupancy() == 0b0100
    with pytest.raises(KeyError):
        rack.slot(5)


def test_the_place_in_front_needs_the_column_and_a_height_near_its_supports():
    _, rack = _rack()
    assert rack.place_at(1401.0, 230.0, 5.0, 60.0) is rack.slot(2)
    assert rack.place_at(1410.0, 230.0, 5.0, 60.0) is None            # beside the column
    assert rack.place_at(1400.0, 500.0, 5.0, 60.0) is None            # between the levels
    assert rack.place_at(0.0, 470.0, 5.0, 60.0) is rack.infeed


def test_a_load_arrives_only_on_a_free_infeed_stand_and_its_sensor_sees_it():
    _, rack = _rack()
    assert rack.read("infeed_present") is False
    assert rack.arrive(101) and rack.read("infeed_present") is True
    assert not rack.arrive(102) and rack.infeed.load == 101


def test_the_outfeed_conveys_a_load_away_after_its_clearing_time():
    plant, rack = _rack(clear_s=1.0)
    rack.outfeed.load = 55
    for _ in range(99):
        plant.step()
    assert rack.read("outfeed_present") is True
    plant.step()
    assert rack.read("outfeed_present") is False and rack.delivered == [(1.0, 55)]
    assert rack.where(55) is None
