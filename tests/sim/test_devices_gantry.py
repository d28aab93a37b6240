"""Gantry: the tool point of three axes, the Y rail riding on X, Z safe height, posts."""

import math

import pytest

from sim.devices.gantry import Gantry
from sim.devices.incremental_axis import IncrementalAxis
from sim.plant import Plant

DT = 0.01


def _gantry(z_mm=20.0):
    plant = Plant(seed=3, substeps=1)
    common = dict(max_speed=200.0, accel=1000.0, limit_minus_mm=-30.0, limit_plus_mm=600.0,
                  cam_edge_mm=-10.0, cam_length_mm=15.0, ref_value_mm=-10.0)
    x = plant.add(IncrementalAxis("x", origin=(0.0, 0.0), start_mm=100.0, **common))
    y = plant.add(IncrementalAxis("y", origin=(0.0, 0.0), angle_deg=90.0, start_mm=150.0, **common))
    z = plant.add(IncrementalAxis("z", origin=(800.0, 0.0), angle_deg=90.0, start_mm=z_mm, **common))
    g = plant.add(Gantry("gantry", x="x", y="y", z="z", origin=(0.0, 0.0), safe_z_mm=80.0,
                         posts=((100.0, 150.0, 25.0, 60.0),)))
    return plant, x, y, z, g


def _run(plant, seconds):
    for _ in range(round(seconds / DT)):
        plant.step(DT)


def test_tool_point_is_the_three_true_positions_and_the_y_rail_follows_x():
    plant, x, y, z, g = _gantry()
    assert g.tool_point() == (100.0, 150.0, 20.0)
    assert y.origin == (100.0, 0.0)
    x.write("enable", True)
    x.write("jog_plus", True)
    _run(plant, 0.5)
    assert x.pos > 100.0 and y.origin[0] == pytest.approx(x.pos, abs=x.max_speed * DT)
    assert g.tool_point()[0] == x.pos


def test_z_safe_only_at_the_safe_height_and_collides_only_low_over_a_post():
    plant, x, y, z, g = _gantry(z_mm=20.0)
    assert not g.z_safe and g.collides()          # low, right over the post
    z.pos = 80.0
    assert g.z_safe and not g.collides()          # above the post's 60 mm top
    z.pos = 50.0
    x.pos = 200.0
    assert not g.z_safe and not g.collides()      # low but beside the post


def test_state_and_extent_show_the_tool_and_the_posts():
    plant, x, y, z, g = _gantry()
    s = g.state()
    assert (s["x"], s["y"], s["tool_z"]) == (100.0, 150.0, 20.0) and s["collides"]
    xs = [p[0] for p in g.extent()]
    assert min(xs) <= 75.0 and max(xs) >= 125.0


def _cylinder_gantry():
    from sim.devices.axis import Axis
    from sim.devices.pneumatics import Cylinder

    plant = Plant(seed=3, substeps=1)
    x = plant.add(Axis("x", start_mm=100.0, max_speed=200.0, accel=1000.0))
    y = plant.add(Axis("y", angle_deg=90.0, start_mm=50.0, max_speed=200.0, accel=1000.0))
    z = plant.add(Cylinder("z", 800.0, 0.0, angle_deg=-90.0, stroke=40.0, extend_s=0.2, retract_s=0.2,
                           start_extended=True))
    g = plant.add(Gantry("gantry", x="x", y="y", z="z", keep_out=(200.0, 100.0, 300.0, 200.0),
                         margin_mm=20.0))
    return plant, x, y, z, g


def test_a_cylinder_z_is_up_only_fully_retracted_and_its_tool_height_follows_the_rod():
    plant, x, y, z, g = _cylinder_gantry()
    assert g.safe_z_mm == 40.0 and g.tool_z == 0.0 and not g.z_safe    # started down
    _run(plant, 0.1)                                                   # springing back for 0.1 of 0.2 s
    assert 15.0 < g.tool_z < 25.0 and not g.z_safe
    _run(plant, 0.11)
    assert g.tool_z == 40.0 and g.z_safe
    z.write("extend", True)
    _run(plant, 0.05)
    assert not g.z_safe


def test_keep_out_distance_is_zero_inside_the_box_and_euclidean_outside():
    plant, x, y, z, g = _cylinder_gantry()
    assert g.keep_out_distance(250.0, 150.0) == 0.0
    assert g.keep_out_distance(190.0, 150.0) == pytest.approx(10.0)
    assert g.keep_out_distance(197.0, 96.0) == pytest.approx(5.0)        # off the corner: 3-4-5
    assert g.keep_out_distance() == pytest.approx(math.hypot(100.0, 50.0))  # the tool at 100/50
    assert g.state()["in_margin"] is False
    x.pos, y.pos = 185.0, 150.0
    assert g.state()["in_margin"] is True


def test_the_keep_out_box_is_read_as_whole_mm_words():
    plant, x, y, z, g = _cylinder_gantry()
    assert [g.read(n) for n in g.signals] == [200, 100, 300, 200]
