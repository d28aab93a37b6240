"""The merge funnel (sim/devices/merge_funnel.py) over a wide belt, alone in a small plant."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.merge_funnel import MergeFunnel
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(*, y=95.0, speed=400.0):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 650, 0, length=1300, width=380, speed=speed))
    plant.add(MergeFunnel("funnel", belt, start_mm=100, neck_mm=500, end_mm=1300, neck_width=120))
    part = plant.add(Workpiece("p", 100, y, width=100, length=160))
    belt.write("run", True)
    return plant, part


def run_until(plant, done, limit_s=6.0):
    for _ in range(round(limit_s * 100)):
        if done():
            return True
        plant.step()
    return done()


@pytest.mark.parametrize("y", [95.0, -95.0, 0.0])
def test_a_part_in_either_lane_comes_out_of_the_neck_on_the_centre_line(y):
    plant, part = cell(y=y)
    assert run_until(plant, lambda: part.xy()[0] >= 900.0)
    assert abs(part.xy()[1]) <= 60.0 - 50.0 + 1.0      # inside the 120 mm channel, 100 mm wide


def test_the_rails_close_from_the_belt_edges_to_the_neck():
    plant = Plant(seed=1)
    belt = plant.add(Conveyor("belt", 650, 0, length=1300, width=380))
    funnel = plant.add(MergeFunnel("funnel", belt, start_mm=100, neck_mm=500, end_mm=1300, neck_width=120))
    top, bottom = funnel.rails
    assert top[0] == pytest.approx((100.0, 190.0)) and bottom[0] == pytest.approx((100.0, -190.0))
    assert top[1][1] - bottom[1][1] == pytest.approx(120.0 + 8.0)   # the neck plus the rails
    with pytest.raises(ValueError):
        MergeFunnel("bad", belt, start_mm=500, neck_mm=100, end_mm=1300, neck_width=120)
    with pytest.raises(ValueError):
        MergeFunnel("bad", belt, start_mm=100, neck_mm=500, end_mm=1300, neck_width=400)


def test_a_part_too_wide_for_the_neck_is_held_in_the_funnel():
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 650, 0, length=1300, width=380, speed=300))
    plant.add(MergeFunnel("funnel", belt, start_mm=100, neck_mm=500, end_mm=1300, neck_width=120))
    part = plant.add(Workpiece("wide", 100, 0, width=200, length=160))
    belt.write("run", True)
    run_until(plant, lambda: False, 4.0)
    assert part.xy()[0] < 500.0                       # it never gets through the neck
