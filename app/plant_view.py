"""Draw the plant on a pygame Surface (top view, mm, y up): every device draws itself.

A device kind's picture lives in its own module (sim/devices/X.py: `layer`, `extent()`,
`draw(pen)`; the contract is in sim/drawing.py); this module is the pen: the world-to-screen
transform, pygame primitives, theme colours by role name, labels that keep out of each
other's way. The same `PlantView` serves the window (an imgui texture) and the headless PNG
snapshot. Clickable operator controls (push buttons, E-stops, selectors) and every device
are returned as hot spots so the window can press buttons and show signal names on hover.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from app import theme
from sim.drawing import has_position

Point = tuple[float, float]


@dataclass
class Hotspot:
    """A device's area on the surface, in pixels: hover shows its signals, click operates it."""

    name: str
    kind: str
    rect: pygame.Rect
    operable: bool = False


class _Ctx:
    """World -> screen transform and drawing helpers for one frame."""

    def __init__(self, view: PlantView, surface: pygame.Surface):
        self.view = view
        self.surface = surface
        self.scale = view.scale_for(surface.get_size())
        w, h = surface.get_size()
        self.cx = w / 2 + view.pan[0]
        # centred in the part above the operator panel strip, so the strip hides no device
        self.cy = (h - view.panel_height) / 2 + view.pan[1]
        self.wx, self.wy = view.world_centre
        self.hotspots: list[Hotspot] = []
        self.labels: list[tuple[str, Point, tuple[int, int, int], int, bool]] = []

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.cx + (x - self.wx) * self.scale, self.cy - (y - self.wy) * self.scale

    def mm(self, length: float) -> float:
        return length * self.scale

    @staticmethod
    def colour(value):
        """A theme role name ("BELT", "LIT") or an RGB(A) tuple, as pygame takes it."""
        return getattr(theme, value) if isinstance(value, str) else value

    def shade(self, colour, factor):
        return theme.shade(self.colour(colour), factor)

    def rgb(self, value, default=None):
        """A part's or device's colour (a name, '#rrggbb' or a tuple); `default` may be a role."""
        return theme.rgb(value, self.colour(default)) if default is not None else theme.rgb(value)

    def text_width(self, s: str, size: int) -> int:
        return self.view.font.render(s, size, (0, 0, 0)).get_width()

    def poly(self, pts_world, colour, width=0):
        pts = [self.px(x, y) for x, y in pts_world]
        pygame.draw.polygon(self.surface, self.colour(colour), pts, width)
        return pts

    def rect_rotated(self, x, y, length, width, angle_deg, colour, border=0):
        """A rectangle centred at (x, y), `length` along angle_deg and `width` across."""
        a = math.radians(angle_deg)
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy, ux
        hl, hw = length / 2, width / 2
        corners = [(x + ux * sl * hl + vx * sw * hw, y + uy * sl * hl + vy * sw * hw)
                   for sl, sw in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        return self.poly(corners, colour, border)

    def line(self, p, q, colour, width_px=1):
        pygame.draw.line(self.surface, self.colour(colour), self.px(*p), self.px(*q), max(1, int(width_px)))

    def circle(self, x, y, r_mm, colour, width=0, min_px=2):
        r = max(min_px, self.mm(r_mm))
        pygame.draw.circle(self.surface, self.colour(colour), self.px(x, y), r, width)

    def text(self, s: str, x: float, y: float, colour=theme.TEXT, size=13, centre=True, screen=False):
        img = self.view.font.render(s, size, self.colour(colour))
        px, py = (x, y) if screen else self.px(x, y)
        r = img.get_rect()
        if centre:
            r.center = (int(px), int(py))
        else:
            r.topleft = (int(px), int(py))
        self.surface.blit(img, r)
        return r

    def label(self, s: str, x: float, y: float, colour=theme.LABEL, size=12, fixed=False):
        """Labels are drawn last so moving parts never hide them. A name label moves up or down
        out of the way of the labels placed before it; a `fixed` one (a part's kind) stays put."""
        self.labels.append((s, (x, y), self.colour(colour), size, fixed))

    def place_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Draw the labels; returns (text, rectangle) of each name label as placed."""
        placed: list[pygame.Rect] = []
        names: list[tuple[str, pygame.Rect]] = []
        for text, (x, y), colour, size, fixed in self.labels:
            img = self.view.font.render(text, size, colour)
            r = img.get_rect()
            px, py = self.px(x, y)
            r.center = (int(px), int(py))
            if not fixed:
                r = _free_spot(r, placed)
                placed.append(r)
                names.append((text, r))
                # a veil of floor colour keeps a name readable over a part or a beam
                self.surface.blit(self.view.font.veil(r.width + 4, r.height), (r.x - 2, r.y))
            self.surface.blit(img, r)
        return names

    def hot(self, name: str, kind: str, pts, operable=False, pad=3):
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0, y0 = min(xs) - pad, min(ys) - pad
        rect = pygame.Rect(x0, y0, max(xs) + pad - x0, max(ys) + pad - y0)
        self.hotspots.append(Hotspot(name, kind, rect, operable))


def _free_spot(r: pygame.Rect, placed: list[pygame.Rect]) -> pygame.Rect:
    """`r`, or the nearest shift by whole lines up or down where it overlaps no placed label."""
    step = r.height + 3  # a little air between stacked names: they read as two lines, not one blur
    for k in (0, 1, -1, 2, -2, 3, -3):
        cand = r.move(0, k * step)
        if cand.inflate(4, 2).collidelist(placed) < 0:
            return cand
    return r


class TextCache:
    """Rendered text by (string, size, colour): font rendering is the slow part of a frame."""

    def __init__(self):
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: dict[tuple, pygame.Surface] = {}

    def veil(self, w: int, h: int) -> pygame.Surface:
        key = ("veil", w, h)
        img = self._cache.get(key)
        if img is None:
            img = self._cache[key] = pygame.Surface((w, h), pygame.SRCALPHA, 32)
            img.fill((*theme.FLOOR[:3], 150))
        return img

    def render(self, s: str, size: int, colour) -> pygame.Surface:
        key = (s, size, colour)
        img = self._cache.get(key)
        if img is None:
            font = self._fonts.get(size)
            if font is None:
                if not pygame.font.get_init():
                    pygame.font.init()
                font = self._fonts[size] = pygame.font.Font(theme.ui_font_path(), size)
            img = font.render(s, True, colour)
            if len(self._cache) > 4000:
                self._cache.clear()
            self._cache[key] = img
        return img


class PlantView:
    """Zoom/pan state plus `render(surface, plant)`; operator controls drawn on a panel strip."""

    PANEL_H = 92  # pixels for the operator panel strip at the bottom

    def __init__(self):
        self.zoom = 1.0
        self.pan = [0.0, 0.0]
        self.world_centre = (0.0, 0.0)
        self.world_size = (1000.0, 600.0)
        self.font = TextCache()
        self.hotspots: list[Hotspot] = []
        self.label_rects: list[tuple[str, pygame.Rect]] = []  # name labels as last drawn
        self.hover: str | None = None
        self._fitted_for: int | None = None
        self._panel_names: list[str] = []

    # --- view ---

    def fit(self, plant) -> None:
        """Frame every device (not moving parts) with a margin; keeps zoom and pan."""
        pts: list[Point] = []
        self._panel_names = []
        for name, dev in plant.devices.items():
            if dev.on_panel or not has_position(dev.state()):
                self._panel_names.append(name)      # known before the first frame is drawn
            else:
                pts.extend(dev.extent())
        if not pts:
            pts = [(0.0, 0.0), (1000.0, 600.0)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        margin = 45.0 + 0.1 * max(max(xs) - min(xs), max(ys) - min(ys))  # room for labels
        self.world_centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.world_size = (max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)
        self._fitted_for = id(plant)

    @property
    def panel_height(self) -> int:
        """Pixels the operator panel strip takes at the bottom (0 for a plant without one)."""
        return self.PANEL_H if self._panel_names else 0

    def scale_for(self, size: tuple[int, int]) -> float:
        w, h = size
        h = max(1, h - self.panel_height)
        return min(w / self.world_size[0], h / self.world_size[1]) * self.zoom

    def refit(self) -> None:
        """Frame the plant again on the next render (another condition may place devices elsewhere)."""
        self._fitted_for = None

    def reset_view(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]

    def zoom_at(self, factor: float, px: float, py: float, size: tuple[int, int]) -> None:
        """Zoom by `factor` keeping the point under the mouse still."""
        new = max(0.2, min(12.0, self.zoom * factor))
        f = new / self.zoom
        cx, cy = size[0] / 2 + self.pan[0], (size[1] - self.panel_height) / 2 + self.pan[1]   # as _Ctx
        self.pan[0] += (px - cx) * (1 - f)
        self.pan[1] += (py - cy) * (1 - f)
        self.zoom = new

    def pan_by(self, dx: float, dy: float) -> None:
        self.pan[0] += dx
        self.pan[1] += dy

    def hotspot_at(self, px: float, py: float) -> Hotspot | None:
        # Last drawn is on top; prefer operator controls and small things.
        best = None
        for h in self.hotspots:
            if h.rect.collidepoint(px, py):
                area = h.rect.width * h.rect.height
                if best is None or h.operable or area < best.rect.width * best.rect.height:
                    best = h
                    if h.operable:
                        break
        return best

    # --- drawing ---

    def render(self, surface: pygame.Surface, plant, caption: str = "") -> list[Hotspot]:
        if self._fitted_for != id(plant):
            self.fit(plant)
        surface.fill(theme.FLOOR)
        c = _Ctx(self, surface)
        self._draw_grid(c)
        panel, placed = [], []
        for name, dev in plant.devices.items():
            s = dev.state()
            if dev.on_panel or not has_position(s):   # a device with no place in the plant: on the strip
                panel.append((name, dev.kind, s))
            else:
                placed.append(dev)
        # back to front by layer; sorted() is stable, so plant order stays within a layer
        for dev in sorted(placed, key=lambda d: d.layer):
            dev.draw(c)
        self.label_rects = c.place_labels()
        self._panel_names = [p[0] for p in panel]
        if panel:
            from app.panel_view import draw_panel

            draw_panel(c, panel, self.PANEL_H)
        if self.hover:
            for h in c.hotspots:
                if h.name == self.hover:
                    pygame.draw.rect(surface, theme.HOVER, h.rect, 1)
        if caption:
            c.text(caption, 8, 6, theme.TEXT, 14, centre=False, screen=True)
        self.hotspots = c.hotspots
        return c.hotspots

    def _draw_grid(self, c: _Ctx) -> None:
        """A 100 mm floor grid gives a sense of scale at any zoom."""
        w, h = c.surface.get_size()
        step = 100.0 if c.scale * 100 >= 18 else 500.0
        x0 = c.wx - (c.cx) / c.scale
        x1 = c.wx + (w - c.cx) / c.scale
        y0 = c.wy - (h - c.cy) / c.scale
        y1 = c.wy + c.cy / c.scale
        k = math.floor(x0 / step) * step
        while k <= x1:
            sx = c.px(k, 0)[0]
            pygame.draw.line(c.surface, theme.GRID, (sx, 0), (sx, h))
            k += step
        k = math.floor(y0 / step) * step
        while k <= y1:
            sy = c.px(0, k)[1]
            pygame.draw.line(c.surface, theme.GRID, (0, sy), (w, sy))
            k += step


def new_surface(width: int, height: int) -> pygame.Surface:
    """A surface the window can upload as an RGBA texture (needs per-pixel alpha)."""
    return pygame.Surface((width, height), pygame.SRCALPHA, 32)
