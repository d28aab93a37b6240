"""The plant renderer: every device kind drawn, sensors light up, controls clickable, every task."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame
import pytest

import tasks
from app import theme
from app.panel_view import operator_action_for
from app.plant_view import PlantView, _Ctx, new_surface
from sim.drawing import part_label
from sim.plant import Device
from tests.app.plants import showroom

pygame.font.init()


def render(plant, view=None, size=(1000, 640)):
    surf = new_surface(*size)
    view = view or PlantView()
    hot = view.render(surf, plant)
    return surf, hot, view


def pixels(surf):
    return pygame.surfarray.array3d(surf)


def has_colour(surf, rgb, tol=6):
    arr = pixels(surf).astype(int)
    return bool((np.abs(arr - np.array(rgb)).sum(axis=2) <= tol).any())


def test_every_device_kind_has_its_own_drawing_and_a_hotspot():
    plant = showroom()
    own = [d.kind for d in plant.devices.values() if not d.on_panel and type(d).draw is Device.draw]
    assert not own, f"kinds drawn only as the generic box: {own}"
    surf, hot, _ = render(plant)
    names = {h.name for h in hot}
    assert names == set(plant.devices), set(plant.devices) - names
    assert pixels(surf).std() > 10  # not blank


def test_photo_eye_beam_turns_red_when_a_part_blocks_it():
    plant = showroom()
    surf, _, _ = render(plant)
    assert not has_colour(surf, theme.BEAM_BLOCKED)
    part = plant["part1"]
    eye = plant["eye_start"]
    part.body.position = ((eye.x1 + eye.x2) / 2, (eye.y1 + eye.y2) / 2)
    plant.space.reindex_shapes_for_body(part.body)
    plant.step()
    assert eye.read("blocked")
    surf, _, _ = render(plant)
    assert has_colour(surf, theme.BEAM_BLOCKED)


def test_cylinder_rod_is_drawn_at_its_stroke():
    plant = showroom()
    _, hot0, _ = render(plant)
    plant["pusher1"].write("extend", True)
    for _ in range(100):
        plant.step()
    assert plant["pusher1"].read("extended")
    _, hot1, _ = render(plant)
    r0 = next(h.rect for h in hot0 if h.name == "pusher1")
    r1 = next(h.rect for h in hot1 if h.name == "pusher1")
    assert r1.height > r0.height + 20  # the rod and plate reach further (it points along +y)


def test_zoom_keeps_the_point_under_the_mouse():
    plant = showroom()
    view = PlantView()
    _, hot, _ = render(plant, view)
    belt = next(h.rect for h in hot if h.name == "infeed")
    view.zoom_at(2.0, belt.centerx, belt.centery, (1000, 640))
    _, hot2, _ = render(plant, view)
    belt2 = next(h.rect for h in hot2 if h.name == "infeed")
    assert abs(belt2.centerx - belt.centerx) <= 4 and abs(belt2.centery - belt.centery) <= 4  # whole pixels
    assert belt2.width > 1.8 * belt.width


def test_panel_controls_are_operable_hotspots_and_map_to_operator_actions():
    plant = showroom()
    view = PlantView()
    _, hot, _ = render(plant, view)
    operable = {h.name for h in hot if h.operable}
    assert {"start", "stop", "estop", "mode"} <= operable
    assert "running_lamp" not in operable
    start = next(h for h in hot if h.name == "start")
    assert view.hotspot_at(*start.rect.center).name == "start"
    assert operator_action_for("push_button", plant["start"].state(), True) == ("press", None)
    assert operator_action_for("push_button", plant["start"].state(), False) == ("release", None)
    assert operator_action_for("estop", plant["estop"].state(), True) == ("trip_estop", None)
    plant["estop"].operate(True)
    assert operator_action_for("estop", plant["estop"].state(), True) == ("reset_estop", None)
    assert operator_action_for("selector", plant["mode"].state(), True) == ("select", 1)


def test_every_registered_task_renders_after_some_scans():
    import tasks
    from sim.session import Session

    class Idle:
        fault = None

        def set_input(self, address, value):
            pass

        def scan(self, now_ms):
            pass

        def get_output(self, address):
            return False

    all_tasks = tasks.all_tasks()
    if not all_tasks:
        pytest.skip("no task registered yet")
    for task in all_tasks:
        s = Session(task, None, Idle())
        s.run(30)
        surf, hot, _ = render(s.plant)
        assert pixels(surf).std() > 10, task.id
        fixed = {n for n, d in s.plant.devices.items() if d.kind != "workpiece"}
        assert {h.name for h in hot} >= fixed, task.id


def test_plot_thinning_keeps_every_edge_of_a_digital_signal_and_the_peaks_of_an_analog_one():
    from app.plots import thin

    x = np.arange(10_000) * 0.01
    y = ((np.arange(10_000) // 700) % 2).astype(float)
    tx, ty = thin(x, y, digital=True)
    assert tx.size < 40
    edges = np.flatnonzero(np.diff(y)) + 1
    assert set(x[edges]) <= set(tx)
    a = np.sin(np.arange(10_000) / 50.0)
    a[5_555] = 7.0
    tx, ty = thin(x, a, digital=False, max_points=1000)
    assert tx.size <= 1100 and ty.max() == 7.0 and ty.min() == a.min()


@pytest.mark.parametrize("task_id, condition", [("MAT-M04", None), ("MAT-E01", None),
                                                ("MAT-E01", "late_slow_grip"), ("MOT-H15", None)])
def test_name_labels_never_overlap(task_id, condition):
    """MAT-M04's magazine sensor sits right above the magazine, MAT-E01's operator place right
    under the gripper: their names used to overlap or touch."""
    import tasks

    task = tasks.get(task_id)
    plant = task.build_plant(task.condition(condition) if condition else task.conditions[0])
    for size in ((1000, 640), (700, 420), (1600, 560)):
        _, _, view = render(plant, size=size)
        rects = view.label_rects
        assert len(rects) >= 2
        for i, (text, r) in enumerate(rects):
            for other, q in rects[i + 1:]:
                # at least 2 px of air between two names
                assert not r.inflate(0, 4).colliderect(q), f"{text!r} touches {other!r} at {size}"


def test_a_part_shows_its_kind_whole_or_not_at_all():
    """MAT-E01's part (kind 'blank') was labelled 'bla'."""
    view = PlantView()
    view.world_size = (1000.0, 640.0)  # 1 px per mm on a 1000 x 640 surface
    c = _Ctx(view, new_surface(1000, 640))
    part = {"width": 50.0, "length": 50.0}
    assert part_label(c, {**part, "part_kind": "A"}) == "part A"
    assert part_label(c, {**part, "part_kind": "blank"}) == "blank"
    assert part_label(c, {**part, "part_kind": ""}) == ""
    view.zoom = 0.3  # 15 px parts: the letter alone, or nothing; never a word cut short
    c = _Ctx(view, new_surface(1000, 640))
    assert part_label(c, {**part, "part_kind": "A"}) in ("A", "")
    assert part_label(c, {**part, "part_kind": "blank"}) == ""


@pytest.mark.parametrize("task_id", tasks.ids())
def test_every_device_of_every_task_draws_itself_without_an_error(task_id):
    """The device-drawing contract (sim.drawing): each device of each registered condition's
    plant draws itself alone with the real pen, frames a non-empty extent unless it moves,
    and leaves a hot spot; a drawer that raises fails here instead of being drawn as a box."""
    task = tasks.get(task_id)
    for condition in task.conditions:
        plant = task.build_plant(condition)
        for _ in range(3):
            plant.step()
        view = PlantView()
        view.fit(plant)
        for dev in plant.devices.values():
            if dev.on_panel:
                continue
            c = _Ctx(view, new_surface(800, 500))
            dev.draw(c)
            c.place_labels()
            assert [h.name for h in c.hotspots] == [dev.name], (condition.name, dev.name)
            assert dev.kind == "workpiece" or dev.extent(), (condition.name, dev.name)
