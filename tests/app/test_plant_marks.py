"""Forced devices marked on the plant picture (drawn over the renderer's hotspots)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from app.plant_marks import FORCED, mark_forced  # noqa: E402
from app.plant_view import Hotspot, new_surface  # noqa: E402


def test_a_device_with_a_forced_point_is_outlined_and_named():
    pygame.font.init()
    surface = new_surface(300, 200)
    surface.fill((0, 0, 0, 255))
    spots = [Hotspot("eye", "photo_eye", pygame.Rect(100, 100, 40, 20)),
             Hotspot("belt", "conveyor", pygame.Rect(10, 150, 80, 20))]
    assert mark_forced(surface, spots, {"eye": ["eye_p1"]}) == ["eye"]
    assert surface.get_at((97, 110))[:3] == FORCED           # the outline around the eye
    assert surface.get_at((50, 147))[:3] != FORCED           # the belt is not forced
    assert mark_forced(surface, spots, {}) == []
