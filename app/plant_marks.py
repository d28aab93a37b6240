"""Marks drawn over the plant picture, outside the device drawers: which devices have a forced
I/O point. The plant view draws the devices; this only outlines their hotspots afterwards, so
a forced sensor is visible where it sits, not only in the I/O panel.
"""

from __future__ import annotations

import pygame

FORCED = (255, 170, 60)  # the I/O panel's orange for forced rows


def mark_forced(surface: pygame.Surface, hotspots, forced: dict[str, list[str]]) -> list[str]:
    """Outline every device with a forced point in orange and name the points above it
    ('FORCED eye_p1'); returns the devices marked."""
    if not forced:
        return []
    font = pygame.font.Font(None, 16)
    marked = []
    for h in hotspots:
        points = forced.get(h.name)
        if not points or h.name in marked:
            continue
        marked.append(h.name)
        r = h.rect.inflate(6, 6)
        pygame.draw.rect(surface, FORCED, r, 2, border_radius=3)
        label = font.render("FORCED " + ", ".join(points), True, FORCED)
        y = r.top - label.get_height() - 1 if r.top > label.get_height() + 2 else r.bottom + 1
        bg = pygame.Surface((label.get_width() + 4, label.get_height() + 2), pygame.SRCALPHA)
        bg.fill((20, 20, 24, 200))
        surface.blit(bg, (r.left - 2, y - 1))
        surface.blit(label, (r.left, y))
    return marked
