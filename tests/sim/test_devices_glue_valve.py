"""GlueValve and RoundedRectPath: the flow's delay both ways, the flow sensor, a bead laid where the
nozzle was when glue really started and stopped, purge shots kept apart, and the path's arc
length and projection (independent of any task)."""

from __future__ import annotations

import math

import pytest

from sim.devices.glue_valve import GlueValve, RoundedRectPath
from sim.plant import Device, Plant


class Slide(Device):
    """A point moving at a constant speed along X (the axis a glue valve reads)."""

    def __init__(self, name: str, pos: float = 0.0, vel: float = 0.0):
        super().__init__(name)
        self.pos, self.vel = pos, vel

    def step(self, dt: float) -> None:
        self.pos += self.vel * dt


def cell(delay_s: float, speed: float = 100.0, x: float = 0.0):
    plant = Plant(seed=1, substeps=1)
    plant.add(Slide("x", x, speed))
    plant.add(Slide("y", 50.0))
    valve = plant.add(GlueValve("valve", x="x", y="y", delay_s=delay_s, purge=(500.0, 50.0, 10.0)))
    return plant, valve


def test_glue_flows_a_delay_after_the_open_command_and_stops_a_delay_after_closing():
    plant, valve = cell(0.025)
    valve.write("open", True)
    plant.step(0.01)
    plant.step(0.01)
    assert not valve.read("flowing")
    plant.step(0.01)                        # 25 ms: within the third step
    assert valve.read("flowing")
    valve.write("open", False)
    plant.step(0.01)
    plant.step(0.01)
    assert valve.read("flowing")
    plant.step(0.01)
    assert not valve.read("flowing") and len(valve.beads) == 1


def test_the_bead_begins_and_ends_where_the_flow_really_did():
    plant, valve = cell(0.025, speed=100.0)
    valve.write("open", True)               # the nozzle at 0 mm, moving at 100 mm/s
    for _ in range(10):
        plant.step(0.01)
    valve.write("open", False)              # at 10 mm
    for _ in range(5):
        plant.step(0.01)
    bead = valve.beads[0]
    assert bead[0][0] == pytest.approx(2.5) and bead[-1][0] == pytest.approx(12.5)
    assert valve.flow_s == pytest.approx(0.1)
    assert all(y == 50.0 for _, y in bead)


def test_a_shot_over_the_purge_cup_is_a_purge_not_a_bead():
    plant, valve = cell(0.01, speed=0.0, x=500.0)
    valve.write("open", True)
    for _ in range(5):
        plant.step(0.01)
    valve.write("open", False)
    for _ in range(3):
        plant.step(0.01)
    assert valve.purges and not valve.beads and valve.over_purge(500.0, 55.0)


def test_the_rounded_rectangle_runs_counterclockwise_from_the_middle_of_its_bottom_edge():
    path = RoundedRectPath(100.0, 80.0, 160.0, 120.0, 20.0)
    assert path.length == pytest.approx(2 * 120 + 2 * 80 + 2 * math.pi * 20)
    assert path.point_at(0.0) == pytest.approx((180.0, 80.0))
    assert path.point_at(60.0) == pytest.approx((240.0, 80.0))           # the first corner begins
    quarter = 60.0 + math.pi * 10.0                                        # half way round it
    x, y = path.point_at(quarter)
    assert math.hypot(x - 240.0, y - 100.0) == pytest.approx(20.0)
    assert path.point_at(path.length) == pytest.approx(path.point_at(0.0))
    for s in (0.0, 33.3, quarter, 200.0, 400.0, path.length - 1.0):
        at, off = path.project(*path.point_at(s))
        assert at == pytest.approx(s, abs=1e-6) and off == pytest.approx(0.0, abs=1e-9)
    assert path.project(180.0, 77.0) == pytest.approx((0.0, 3.0))
    with pytest.raises(ValueError):
        RoundedRectPath(0.0, 0.0, 50.0, 30.0, 20.0)


@pytest.mark.parametrize("radius", [5.0, 20.0, 60.0])      # 60: the sides are only corners
def test_the_projection_finds_the_nearest_point_of_the_path_from_anywhere(radius):
    path = RoundedRectPath(100.0, 80.0, 160.0, 120.0, radius)
    ring = [path.point_at(path.length * k / 4000) for k in range(4000)]
    points = [(100.0 + 160.0 * i / 12, 80.0 + 120.0 * j / 12) for i in range(-3, 16) for j in range(-3, 16)]
    points += [(240.0 + 3.0, 100.0 - 4.0), (100.0 + radius, 80.0 + radius), (180.0, 140.0)]
    for x, y in points:
        at, off = path.project(x, y)
        nearest = min(math.hypot(x - px, y - py) for px, py in ring)
        assert off == pytest.approx(nearest, abs=0.15)                # the ring's points are 0.2 mm apart
        px, py = path.point_at(at)
        assert math.hypot(x - px, y - py) == pytest.approx(off, abs=1e-6)
