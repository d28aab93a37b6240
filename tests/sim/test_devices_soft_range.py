"""The soft range marks alone: a passive picture of a slide's software limits, with no signals."""

from __future__ import annotations

import pytest

from sim.devices.soft_range import SoftRangeMarks
from sim.plant import Plant


def test_marks_have_no_signals_or_commands_and_frame_the_range():
    plant = Plant()
    marks = plant.add(SoftRangeMarks("soft", 50.0, 450.0, origin=(100.0, 300.0)))
    with pytest.raises(KeyError):
        marks.read("value")
    with pytest.raises(KeyError):
        marks.write("on", True)
    xs = [x for x, _ in marks.extent()]
    assert min(xs) == 150.0 and max(xs) == 550.0
    assert marks.state() == {"x": 100.0, "y": 300.0, "low_mm": 50.0, "high_mm": 450.0}


def test_a_range_upside_down_is_refused():
    with pytest.raises(ValueError):
        SoftRangeMarks("soft", 300.0, 200.0, origin=(0.0, 0.0))
