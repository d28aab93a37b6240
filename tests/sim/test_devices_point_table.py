"""PointTable: the job's points as words, a count, and the worked marks the drawing shows."""

import pytest

from sim.devices.point_table import PointTable


def test_points_are_words_in_whole_mm_with_a_count():
    t = PointTable("job", ((120.4, 80.0), (480.0, 299.6)))
    assert (t.read("x1"), t.read("y1"), t.read("x2"), t.read("y2")) == (120, 80, 480, 300)
    assert t.read("count") == 2
    assert "y2" in t.signals and "x3" not in t.signals
    with pytest.raises(KeyError):
        t.read("x3")


def test_worked_points_show_in_the_state_and_the_extent_frames_every_point():
    t = PointTable("job", ((10, 20), (300, 200)), origin=(100.0, 50.0))
    assert t.state()["worked"] == []
    t.mark_worked(2)
    assert t.state()["worked"] == [2]
    xs = [p[0] for p in t.extent()]
    assert min(xs) <= 110 - 10 and max(xs) >= 400 + 10


def test_an_empty_table_is_refused():
    with pytest.raises(ValueError):
        PointTable("job", ())


def test_the_table_is_placed_on_the_plant_by_its_origin():
    from sim.drawing import has_position

    s = PointTable("job", ((10, 20),), origin=(100.0, 50.0)).state()
    assert has_position(s) and (s["x"], s["y"]) == (100.0, 50.0)
