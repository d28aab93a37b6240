"""The reversing dog switch alone (no task): which side trips it, its bounce after each edge,
settling, and the log of true edges."""

from __future__ import annotations

import pytest

from sim.devices.table_dog import DogSwitch
from sim.plant import Plant


class Table:
    def __init__(self, pos):
        self.pos = pos
        self.origin = (0.0, 0.0)


def plant_with(pos, **kw):
    plant = Plant(seed=3, substeps=1)
    table = Table(pos)
    dog = plant.add(DogSwitch("dog", table, **kw))
    return plant, table, dog


def test_the_right_dog_trips_at_and_above_its_place_the_left_at_and_below():
    plant, table, right = plant_with(100.0, at_mm=300.0, side=1)
    left = plant.add(DogSwitch("left", table, at_mm=50.0, side=-1))
    assert not right.read("tripped") and not left.read("tripped")
    for pos, r, lft in ((300.0, True, False), (340.0, True, False), (50.0, False, True), (10.0, False, True)):
        table.pos = pos
        plant.step()
        assert (right.read("tripped"), left.read("tripped")) == (r, lft)


def test_a_table_on_the_dog_at_power_up_reads_tripped_before_the_first_step():
    _, _, dog = plant_with(320.0, at_mm=300.0, side=1, bounce_s=0.02)
    assert dog.read("tripped") and dog.beyond


def test_the_contact_chatters_for_bounce_s_after_an_edge_then_settles_and_logs_the_edge():
    plant, table, dog = plant_with(290.0, at_mm=300.0, side=1, bounce_s=0.05)
    plant.step()
    table.pos = 301.0
    seen = []
    for _ in range(5):                       # 50 ms of chatter at 10 ms steps
        plant.step()
        seen.append(dog.read("tripped"))
    assert dog.beyond and len(set(seen)) == 2          # both values during the bounce (seed 3)
    plant.step()
    assert dog.read("tripped")                          # settled
    assert dog.edges == [(pytest.approx(0.02), True)]


def test_no_bounce_means_a_clean_edge():
    plant, table, dog = plant_with(290.0, at_mm=300.0, side=1)
    table.pos = 300.0
    plant.step()
    assert dog.read("tripped")
    table.pos = 299.0
    plant.step()
    assert not dog.read("tripped") and [v for _, v in dog.edges] == [True, False]


def test_bad_side_is_refused():
    with pytest.raises(ValueError):
        DogSwitch("dog", Table(0.0), at_mm=1.0, side=0)
