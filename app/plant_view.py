"""Draw the plant on a pygame Surface from the devices' `state()` (top view, mm, y up).

One draw function per device `kind`; kinds without one are drawn as a labelled box, so a
new device is visible before it gets its own picture. The same `PlantView` serves the
window (an imgui texture) and the headless PNG snapshot. Clickable operator controls
(push buttons, E-stops, selectors) and every device are returned as hot spots so the
window can press buttons and show signal names on hover.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from app import theme

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
        self.cy = h / 2 + view.pan[1]
        self.wx, self.wy = view.world_centre
        self.hotspots: list[Hotspot] = []
        self.labels: list[tuple[str, Point, tuple[int, int, int], int, bool]] = []

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.cx + (x - self.wx) * self.scale, self.cy - (y - self.wy) * self.scale

    def mm(self, length: float) -> float:
        return length * self.scale

    def poly(self, pts_world, colour, width=0):
        pts = [self.px(x, y) for x, y in pts_world]
        pygame.draw.polygon(self.surface, colour, pts, width)
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
        pygame.draw.line(self.surface, colour, self.px(*p), self.px(*q), max(1, int(width_px)))

    def circle(self, x, y, r_mm, colour, width=0, min_px=2):
        r = max(min_px, self.mm(r_mm))
        pygame.draw.circle(self.surface, colour, self.px(x, y), r, width)

    def text(self, s: str, x: float, y: float, colour=theme.TEXT, size=13, centre=True, screen=False):
        img = self.view.font.render(s, size, colour)
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
        self.labels.append((s, (x, y), colour, size, fixed))

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


# ----- geometry of each kind (for fitting the view) -----------------------------------------

def _extent(kind: str, s: dict) -> list[Point]:
    x, y = float(s.get("x", 0.0)), float(s.get("y", 0.0))
    if kind == "conveyor":
        r = math.hypot(s["length"], s["width"]) / 2
        return [(x - r, y - s["width"]), (x + r, y + s["width"])]
    if kind == "photo_eye":
        dx, dy = s["x2"] - s["x1"], s["y2"] - s["y1"]
        n = math.hypot(dx, dy) or 1.0
        # and the label beyond the emitter
        return [(s["x1"] - dx / n * 40, s["y1"] - dy / n * 40), (s["x2"], s["y2"])]
    if kind == "axis":
        pts = []
        a = math.radians(s.get("angle", 0.0))
        for mm in (s["rail_min_mm"], s["rail_max_mm"]):
            pts.append((x + math.cos(a) * mm, y + math.sin(a) * mm))
        w = s.get("carriage_width", 50.0)
        return pts + [(p[0] - w, p[1] - w) for p in pts] + [(p[0] + w, p[1] + w) for p in pts]
    if kind == "rotary_table":
        r = s["radius"]
        return [(x - r, y - r), (x + r, y + r)]
    if kind == "robot":
        lo, hi = s["rail"]
        ys = [st["y"] for st in s.get("stations", ())] + [s["lane_y"]]
        return [(lo, min(ys) - 40), (hi, max(ys) + 40)]
    if kind == "machine":
        return [(x - s["width"] / 2, y - s["depth"] / 2 - 20), (x + s["width"] / 2, y + s["depth"] / 2)]
    if kind == "chute":
        return [(s["x0"], s["y0"]), (s["x1"], s["y1"] + 30)]
    if kind == "transfer_station":
        hw, hh = s["width"] / 2, s["height"] / 2
        return [(x - hw, y - hh - 120), (x + hw, y + hh + 30)]
    if kind == "gripper":
        r = s.get("open_width", 90.0) / 2 + 30
        return [(x - r, y - r), (x + r, y + r)]
    if kind in ("cylinder", "pusher", "stopper"):
        a = math.radians(s["angle_deg"])
        back = s["stroke"] * 0.8 + 20
        return [(x - math.cos(a) * back, y - math.sin(a) * back),
                (x + math.cos(a) * (s["stroke"] + 10), y + math.sin(a) * (s["stroke"] + 10))]
    if kind == "workpiece":
        return []  # parts move; the plant around them sets the view
    size = max(float(s.get("size", 0) or 0), float(s.get("width", 0) or 0), float(s.get("range_mm", 0) or 0),
               float(s.get("zone_length", 0) or 0), 40.0)
    return [(x - size / 2, y - size / 2), (x + size / 2, y + size / 2)]


def _has_position(s: dict) -> bool:
    return ("x" in s and "y" in s) or "x1" in s


# ----- one draw function per kind -----------------------------------------------------------

def draw_conveyor(c: _Ctx, name: str, s: dict) -> None:
    x, y, L, W, ang = s["x"], s["y"], s["length"], s["width"], s["angle_deg"]
    a = math.radians(ang)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    frame = c.rect_rotated(x, y, L + 16, W + 16, ang, theme.FRAME)
    c.rect_rotated(x, y, L, W, ang, theme.BELT_RUNNING if s.get("running") else theme.BELT)
    # Cleats across the belt move with the belt offset: a running belt is seen to run.
    pitch = 40.0
    off = (s.get("belt_offset", 0.0) or 0.0) % pitch
    k = -L / 2 + off
    cleat = theme.shade(theme.BELT, 1.25)
    while k < L / 2:
        p = (x + ux * k - vx * W / 2, y + uy * k - vy * W / 2)
        q = (x + ux * k + vx * W / 2, y + uy * k + vy * W / 2)
        c.line(p, q, cleat, max(1, c.mm(3)))
        k += pitch
    for end in (-1, 1):  # rollers
        ex, ey = x + ux * end * L / 2, y + uy * end * L / 2
        c.line((ex - vx * W / 2, ey - vy * W / 2), (ex + vx * W / 2, ey + vy * W / 2), theme.ROLLER, c.mm(8))
    for g in s.get("guides", ()):
        c.line((g[0], g[1]), (g[2], g[3]), theme.GUIDE, max(2, c.mm(4)))
    # Direction arrow at the discharge end, green while running.
    d = -1 if s.get("reverse") else 1
    tip = (x + ux * d * (L / 2 - 20), y + uy * d * (L / 2 - 20))
    base = (x + ux * d * (L / 2 - 55), y + uy * d * (L / 2 - 55))
    col = theme.ON if s.get("running") else theme.OFF_MARK
    c.poly([tip, (base[0] + vx * 14, base[1] + vy * 14), (base[0] - vx * 14, base[1] - vy * 14)], col)
    if s.get("fault"):
        c.label("MOTOR FAULT", x, y, theme.FAULT, 13)
    lx, ly = x - ux * (L / 2 - 40) + vx * (W / 2 + 20), y - uy * (L / 2 - 40) + vy * (W / 2 + 20)
    c.label(name, lx, ly)
    c.hot(name, "conveyor", frame)


def draw_photo_eye(c: _Ctx, name: str, s: dict) -> None:
    blocked = s.get("blocked")
    p, q = (s["x1"], s["y1"]), (s["x2"], s["y2"])
    c.line(p, q, theme.BEAM_BLOCKED if blocked else theme.BEAM, 3 if blocked else 1)
    for (x, y), col in ((p, theme.SENSOR_BODY), (q, theme.SENSOR_BODY)):
        c.circle(x, y, 9, col, min_px=4)
    c.circle(p[0], p[1], 5, theme.LIT if blocked else theme.UNLIT, min_px=3)
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1
    c.label(name, p[0] - dx / n * 24, p[1] - dy / n * 24)
    c.hot(name, "photo_eye", [c.px(*p), c.px(*q)], pad=8)


def draw_proximity_sensor(c: _Ctx, name: str, s: dict) -> None:
    x, y, r = s["x"], s["y"], s.get("range_mm", 20.0)
    on = s.get("detected")
    c.circle(x, y, r, theme.LIT_ZONE if on else theme.ZONE, width=1)
    c.circle(x, y, 8, theme.SENSOR_BODY, min_px=4)
    c.circle(x, y, 5, theme.LIT if on else theme.UNLIT, min_px=3)
    c.label(name, x, y - r - 12)
    c.hot(name, "proximity_sensor", [c.px(x - r, y - r), c.px(x + r, y + r)])


def draw_inspection_sensor(c: _Ctx, name: str, s: dict) -> None:
    x, y = s["x"], s["y"]
    present, valid = s.get("part_present"), s.get("result_valid")
    col = theme.INSPECT_VALID if valid else theme.INSPECT_BUSY if present else theme.ZONE
    pts = c.rect_rotated(x, y, s["zone_length"], s["zone_width"], s.get("angle_deg", 0.0), col, border=2)
    c.circle(x, y, 10, theme.SENSOR_BODY, min_px=5)
    c.circle(x, y, 5, theme.LIT if present else theme.UNLIT, min_px=3)
    text = f"code {s.get('kind_code', 0)}" if valid else ("measuring" if present else "")
    if text:
        c.label(text, x, y + s["zone_width"] / 2 + 14, col, 12)
    c.label(name, x, y - s["zone_width"] / 2 - 14)
    c.hot(name, "inspection_sensor", pts)


def draw_cylinder(c: _Ctx, name: str, s: dict) -> None:
    x, y, ang, stroke = s["x"], s["y"], s["angle_deg"], s["stroke"]
    a = math.radians(ang)
    ux, uy = math.cos(a), math.sin(a)
    barrel_len = stroke * 0.8 + 20
    bx, by = x - ux * barrel_len / 2, y - uy * barrel_len / 2
    body = c.rect_rotated(bx, by, barrel_len, 34, ang, theme.CYLINDER)
    c.rect_rotated(bx, by, barrel_len, 34, ang, theme.shade(theme.CYLINDER, 0.6), border=1)
    tip = (s.get("tip_x", x + ux * s["position"]), s.get("tip_y", y + uy * s["position"]))
    c.line((x, y), tip, theme.ROD, max(2, c.mm(10)))
    pd = s.get("plate_depth", 10.0)
    plate_c = (s.get("plate_x", tip[0] + ux * pd / 2), s.get("plate_y", tip[1] + uy * pd / 2))
    plate = c.rect_rotated(plate_c[0], plate_c[1], pd, s.get("plate_width", 40.0), ang,
                           theme.PLATE_FAULT if s.get("fault") else theme.PLATE)
    # End switches on the barrel: lit at the real end of stroke only.
    vx, vy = -uy, ux
    for frac, on in ((0.15, s.get("retracted")), (0.85, s.get("extended"))):
        px_, py_ = x - ux * barrel_len * (1 - frac) + vx * 20, y - uy * barrel_len * (1 - frac) + vy * 20
        c.circle(px_, py_, 5, theme.LIT if on else theme.UNLIT, min_px=3)
    if s.get("extend_coil"):
        c.circle(bx - ux * barrel_len / 2, by - uy * barrel_len / 2, 6, theme.COIL, min_px=3)
    c.label(name, x - ux * (barrel_len + 14), y - uy * (barrel_len + 14))
    c.hot(name, s.get("_kind", "cylinder"), body + plate)


def draw_workpiece(c: _Ctx, name: str, s: dict) -> None:
    x, y = s["x"], s["y"]
    col = theme.rgb(s.get("rgb") or s.get("colour"))
    if s.get("shape") == "circle":
        c.circle(x, y, s["width"] / 2, col)
        c.circle(x, y, s["width"] / 2, theme.shade(col, 0.55), width=2)
        pts = [c.px(x - s["width"] / 2, y - s["width"] / 2), c.px(x + s["width"] / 2, y + s["width"] / 2)]
    else:
        angle = s.get("angle_deg", 0.0)
        pts = c.rect_rotated(x, y, s["length"], s["width"], angle, col)
        c.rect_rotated(x, y, s["length"], s["width"], angle, theme.shade(col, 0.55), border=2)
    text = part_label(c, s)
    if text:
        fg = (20, 20, 20) if sum(col) > 380 else (245, 245, 245)
        # with the labels, so a beam across the part does not hide it
        c.label(text, x, y, fg, 12, fixed=True)
    if s.get("held"):
        c.circle(x, y, s["width"] / 2 + 6, theme.HELD, width=2)
    c.hot(name, "workpiece", pts)


def part_label(c: _Ctx, s: dict) -> str:
    """What a part says on itself: 'part A' for a kind letter, the kind word ('blank') whole, or
    just the letter when the part is drawn too small; '' when nothing fits (never cut a word)."""
    kind = str(s.get("part_kind", "") or "").strip()
    if not kind:
        return ""
    room = c.mm(min(s.get("width", 0.0), s.get("length", s.get("width", 0.0)))) - 4
    for text in ((f"part {kind}", kind) if len(kind) <= 2 else (kind,)):
        if c.view.font.render(text, 12, (0, 0, 0)).get_width() <= room:
            return text
    return ""


def draw_gripper(c: _Ctx, name: str, s: dict) -> None:
    x, y, ang = s["x"], s["y"], s.get("angle_deg", 0.0)
    a = math.radians(ang)
    ux, uy = math.cos(a), math.sin(a)
    gap, ow, depth = s.get("gap", 0.0), s.get("open_width", 90.0), s.get("jaw_depth", 40.0)
    col = theme.LIT if s.get("part_held") else theme.FAULT if s.get("closed_empty") else theme.JAW
    # The body spans the full opening; the two jaws sit at +-gap/2 along the gripper axis.
    c.rect_rotated(x, y, ow + 40, 14, ang, theme.shade(theme.CYLINDER, 0.7), border=2)
    pts = []
    for side in (-1, 1):
        jx, jy = x + ux * side * (gap / 2 + 7), y + uy * side * (gap / 2 + 7)
        pts += c.rect_rotated(jx, jy, 14, depth, ang, col)
    state = "holding" if s.get("part_held") else "closed, empty" if s.get("closed_empty") else (
        "closing" if s.get("closing") else "open" if s.get("opened") else "opening")
    # above the jaws: below them sits what puts the part in (MAT-E01's operator place)
    c.label(f"{name}: {state}", x, y + depth / 2 + 16)
    c.hot(name, "gripper", pts)


def draw_feeder(c: _Ctx, name: str, s: dict) -> None:
    x, y = s["x"], s["y"]
    pts = c.rect_rotated(x, y, 70, 70, s.get("angle_deg", 0.0), theme.FEEDER, border=2)
    c.label(f"{name} ({s.get('pending', 0)} to come)", x, y - 50)
    c.hot(name, "feeder", pts)


def draw_axis(c: _Ctx, name: str, s: dict) -> None:
    ox, oy, ang = s["x"], s["y"], s.get("angle", 0.0)
    a = math.radians(ang)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    lo, hi = s["rail_min_mm"], s["rail_max_mm"]

    def at(mm, side=0.0):
        return ox + ux * mm + vx * side, oy + uy * mm + vy * side

    mid = (lo + hi) / 2
    rail = c.rect_rotated(*at(mid), hi - lo, s.get("rail_width", 30.0), ang, theme.RAIL)
    rw = s.get("rail_width", 30.0)
    for mm, on, col in ((s["limit_minus_mm"], s.get("limit_minus"), theme.LIMIT),
                        (s["limit_plus_mm"], s.get("limit_plus"), theme.LIMIT),
                        (s["home_mm"], s.get("home"), theme.HOME)):
        c.line(at(mm, -rw), at(mm, rw), col, 2)
        c.circle(*at(mm, -rw - 8), 5, theme.LIT if on else theme.UNLIT, min_px=3)
    if s.get("target_mm") is not None:
        t = s["target_mm"]
        c.poly([at(t, rw / 2 + 2), at(t - 8, rw / 2 + 16), at(t + 8, rw / 2 + 16)], theme.TARGET)
    col = theme.rgb(s.get("color"), theme.CARRIAGE)
    if s.get("fault"):
        col = theme.FAULT
    elif not s.get("enabled"):
        col = theme.shade(col, 0.55)
    cx, cy = s["carriage_x"], s["carriage_y"]
    car = c.rect_rotated(cx, cy, s["carriage_length"], s["carriage_width"], ang, col)
    c.rect_rotated(cx, cy, s["carriage_length"], s["carriage_width"], ang,
                   theme.LIT if s.get("in_position") else theme.shade(col, 0.5), border=2)
    c.label(f"{s.get('label') or name}  {s['position_mm']:.1f} mm", *at(mid, -rw - 30))
    if s.get("fault") and s.get("fault_text"):
        c.label(s["fault_text"], *at(mid, rw + 30), theme.FAULT)
    c.hot(name, "axis", rail + car)


def draw_rotary_table(c: _Ctx, name: str, s: dict) -> None:
    x, y, r = s["x"], s["y"], s["radius"]
    col = theme.rgb(s.get("color"), theme.TABLE)
    c.circle(x, y, r + 8, theme.FRAME)
    c.circle(x, y, r, col)
    c.circle(x, y, r, theme.shade(col, 0.6), width=2)
    n, pitch, nr = s["stations"], s["pitch"], s["nest_radius"]
    nest_r = min(r * 0.2, nr * math.sin(math.pi / n) * 0.8)
    for k in range(n):
        ang = math.radians(s["angle"] + k * pitch)
        nx, ny = x + nr * math.cos(ang), y + nr * math.sin(ang)
        c.circle(nx, ny, nest_r, theme.shade(col, 1.35))
        c.circle(nx, ny, nest_r, theme.shade(col, 0.5), width=1)
        c.text(str(k + 1), *c.px(nx, ny), theme.TEXT_DARK, 12, screen=True)
    # The work position: where the tool reaches in; lit green when locked in a station.
    wa = math.radians(s["work_angle"])
    wx, wy = x + (r + 20) * math.cos(wa), y + (r + 20) * math.sin(wa)
    ok = s.get("aligned") and s.get("standstill")
    c.poly([(wx, wy), (wx + 18 * math.cos(wa + 2.6), wy + 18 * math.sin(wa + 2.6)),
            (wx + 18 * math.cos(wa - 2.6), wy + 18 * math.sin(wa - 2.6))],
           theme.ON if ok else theme.BUSY if s.get("rotating") else theme.OFF_MARK)
    state = "turning" if s.get("rotating") else f"station {s.get('station', 0)}" + (
        "" if s.get("standstill") else " (settling)")
    c.label(f"{s.get('label') or name}: {state}", x, y - r - 22)
    c.hot(name, "rotary_table", [c.px(x - r, y - r), c.px(x + r, y + r)])


def _part_record(c: _Ctx, p: dict) -> None:
    col = theme.rgb(p.get("colour"))
    c.circle(p["x"], p["y"], p.get("diameter", 50) / 2, col)
    c.circle(p["x"], p["y"], p.get("diameter", 50) / 2, theme.shade(col, 0.5), width=2)
    if p.get("number") is not None and c.mm(p.get("diameter", 50)) > 16:
        c.text(str(p["number"]), *c.px(p["x"], p["y"]), theme.TEXT_DARK, 11, screen=True)


def draw_place(c: _Ctx, name: str, s: dict) -> None:
    x, y, size = s["x"], s["y"], s.get("size", 100.0)
    pts = c.rect_rotated(x, y, size, size, 0.0, theme.PLACE)
    c.rect_rotated(x, y, size, size, 0.0, theme.LIT if s.get("part_present") else theme.PLACE_EDGE, border=2)
    for p in s.get("parts", ()):
        _part_record(c, p)
    extra = []
    if s.get("waiting"):
        extra.append(f"+{s['waiting']} waiting")
    if s.get("delivered"):
        extra.append(f"{s['delivered']} in")
    c.label(" ".join([s.get("label") or name, *extra]), x, y - size / 2 - 12)
    c.hot(name, "place", pts)


def draw_machine(c: _Ctx, name: str, s: dict) -> None:
    x, y, w, d = s["x"], s["y"], s["width"], s["depth"]
    status = theme.FAULT if s.get("done") and not s.get("result_good") and not s.get("busy") else (
        theme.BUSY if s.get("busy") else theme.ON if s.get("done") else theme.GUARD)
    guard = c.rect_rotated(x, y, w, d, 0.0, theme.MACHINE_FLOOR)
    c.rect_rotated(x, y, w, d, 0.0, status, border=4)
    for p in s.get("parts", ()):
        _part_record(c, p)
    # Sliding door on the robot side: the opening grows from the left as door -> 1.
    dy = s.get("door_y", y - d / 2)
    opening = max(0.0, min(1.0, s.get("door", 0.0))) * w * 0.6
    door_lo = x - w * 0.3 + opening
    c.line((x - w / 2, dy), (x - w * 0.3, dy), status, c.mm(8))
    c.line((x + w * 0.3, dy), (x + w / 2, dy), status, c.mm(8))
    c.line((door_lo, dy - 12), (door_lo + w * 0.6, dy - 12), theme.DOOR, c.mm(10))
    if s.get("busy"):
        prog = max(0.0, min(1.0, s.get("progress", 0.0)))
        c.line((x - w / 2 + 10, y + d / 2 - 18), (x - w / 2 + 10 + (w - 20) * prog, y + d / 2 - 18),
               theme.BUSY, c.mm(10))
    state = "processing" if s.get("busy") else ("done, good" if s.get("result_good") else "done, bad") \
        if s.get("done") else ("door open" if s.get("door_open") else "door closed" if s.get("door_closed")
                               else "door moving")
    c.label(f"{s.get('label') or name}: {state}", x, y + d / 2 + 14)
    c.hot(name, "machine", guard)


def draw_robot(c: _Ctx, name: str, s: dict) -> None:
    lo, hi = s["rail"]
    ly = s["lane_y"]
    c.line((lo, ly), (hi, ly), theme.RAIL, c.mm(24))
    c.line((lo, ly + 14), (hi, ly + 14), theme.shade(theme.RAIL, 0.6), 1)
    c.line((lo, ly - 14), (hi, ly - 14), theme.shade(theme.RAIL, 0.6), 1)
    for st in s.get("stations", ()):
        c.line((st["x"] - 10, st["y"]), (st["x"] + 10, st["y"]), theme.STATION_MARK, 1)
        c.line((st["x"], st["y"] - 10), (st["x"], st["y"] + 10), theme.STATION_MARK, 1)
        c.text(str(st["number"]), *c.px(st["x"] + 16, st["y"] + 16), theme.STATION_MARK, 11, screen=True)
    x, y = s["x"], s["y"]
    col = theme.FAULT if s.get("error") else theme.ROBOT
    c.line((x, ly), (x, y), theme.shade(col, 0.8), c.mm(18))
    carriage = c.rect_rotated(x, ly, 80, 60, 0.0, col)
    c.rect_rotated(x, ly, 80, 60, 0.0, theme.shade(col, 0.5), border=2)
    held = s.get("held_part")
    if held:
        _part_record(c, {**held, "x": x, "y": y})
    jaw = max(0.0, min(1.0, s.get("jaw", 0.0)))
    gap = 34 - 22 * jaw
    jaw_col = theme.LIT if s.get("part_held") else theme.JAW
    for side in (-1, 1):
        c.rect_rotated(x + side * gap, y, 10, 36, 0.0, jaw_col)
    at = s.get("at_position") or 0
    state = "moving" if s.get("busy") else (f"at station {at}" if at else "stopped")
    c.label(f"{name}: {state}", x, ly + 48)
    c.hot(name, "robot", carriage + [c.px(x - 40, y - 20), c.px(x + 40, y + 20)])


def draw_value_display(c: _Ctx, name: str, s: dict) -> None:
    x, y = s["x"], s["y"]
    pts = c.rect_rotated(x, y, s.get("width", 120), s.get("height", 40), 0.0, theme.DISPLAY)
    c.text(str(s.get("display", s.get("value", ""))), *c.px(x, y), theme.DISPLAY_TEXT, 14, screen=True)
    c.label(s.get("label") or name, x, y + s.get("height", 40) / 2 + 12)
    c.hot(name, "value_display", pts)


def draw_chute(c: _Ctx, name: str, s: dict) -> None:
    x0, y0, x1, y1 = s["x0"], s["y0"], s["x1"], s["y1"]
    full = s.get("full")
    pts = c.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.CHUTE)
    c.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], theme.FAULT if full else theme.PLACE_EDGE, 2)
    collected = s.get("collected") or []
    cap = s.get("capacity")
    # The last few parts collected, as letters: a wrong kind in a chute is seen at a glance.
    if collected:
        c.text(" ".join(str(k) for k in collected[-6:]), (x0 + x1) / 2, (y0 + y1) / 2, theme.TEXT, 12)
    level = f"{s.get('level', len(collected))}" + (f"/{cap}" if cap else "")
    c.label(f"{s.get('label') or name}: {level}" + (" FULL" if full else ""), (x0 + x1) / 2, max(y0, y1) + 14,
            theme.FAULT if full else theme.LABEL)
    c.hot(name, "chute", pts)


def draw_transfer_station(c: _Ctx, name: str, s: dict) -> None:
    x, y, w, h = s["x"], s["y"], s.get("width", 200.0), s.get("height", 120.0)
    phase = s.get("phase", "")
    edge = theme.ON if s.get("grant") else theme.BUSY if s.get("request") else theme.GUARD
    pts = c.rect_rotated(x, y, w, h, 0.0, theme.MACHINE_FLOOR)
    c.rect_rotated(x, y, w, h, 0.0, edge, border=3)
    # The arm reaches from the station towards the transfer path (below it in the layout).
    reach = s.get("arm", 0.0) * s.get("arm_reach", 100.0)
    if reach > 0:
        arm_col = theme.FAULT if s.get("inside") else theme.ROD
        c.line((x, y - h / 2), (x, y - h / 2 - reach), arm_col, c.mm(16))
    c.circle(x - w / 2 + 14, y + h / 2 - 14, 6, theme.LIT if s.get("request") else theme.UNLIT, min_px=3)
    c.circle(x - w / 2 + 34, y + h / 2 - 14, 6, theme.ON if s.get("grant") else theme.UNLIT, min_px=3)
    c.text(f"{phase}  {s.get('served', 0)}/{s.get('total', 0)}", *c.px(x, y), theme.TEXT, 12, screen=True)
    c.label(s.get("label") or name, x, y + h / 2 + 14)
    c.hot(name, "transfer_station", pts)


def draw_generic(c: _Ctx, name: str, s: dict, kind: str) -> None:
    x, y = float(s["x"]), float(s["y"])
    size = max(float(s.get("size", 0) or 0), float(s.get("width", 0) or 0), 40.0)
    pts = c.rect_rotated(x, y, size, size, 0.0, theme.GENERIC, border=2)
    c.label(f"{name} ({kind})", x, y - size / 2 - 12)
    c.hot(name, kind, pts)


DRAW: dict[str, Callable[[_Ctx, str, dict], None]] = {
    "conveyor": draw_conveyor,
    "photo_eye": draw_photo_eye,
    "proximity_sensor": draw_proximity_sensor,
    "inspection_sensor": draw_inspection_sensor,
    "cylinder": draw_cylinder,
    "pusher": draw_cylinder,
    "stopper": draw_cylinder,
    "workpiece": draw_workpiece,
    "feeder": draw_feeder,
    "gripper": draw_gripper,
    "axis": draw_axis,
    "rotary_table": draw_rotary_table,
    "robot": draw_robot,
    "machine": draw_machine,
    "place": draw_place,
    "value_display": draw_value_display,
    "chute": draw_chute,
    "transfer_station": draw_transfer_station,
}

# Drawn back to front: floor-level things first, moving parts and robots on top.
LAYER = {"conveyor": 0, "place": 0, "machine": 0, "rotary_table": 0, "axis": 1, "feeder": 1,
         "inspection_sensor": 2, "proximity_sensor": 2, "cylinder": 3, "pusher": 3, "stopper": 3,
         "workpiece": 4, "photo_eye": 5, "gripper": 6, "robot": 6, "value_display": 7, "chute": 0,
         "transfer_station": 0}


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
        for dev in plant.devices.values():
            s = dev.state()
            if not _has_position(s) or dev.kind in theme.PANEL_KINDS:
                continue
            try:
                pts.extend(_extent(dev.kind, s))
            except (KeyError, TypeError, ValueError):
                pts.append((float(s.get("x", 0)), float(s.get("y", 0))))
        if not pts:
            pts = [(0.0, 0.0), (1000.0, 600.0)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        margin = 45.0 + 0.1 * max(max(xs) - min(xs), max(ys) - min(ys))  # room for labels
        self.world_centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.world_size = (max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)
        self._fitted_for = id(plant)

    def scale_for(self, size: tuple[int, int]) -> float:
        w, h = size
        h = max(1, h - (self.PANEL_H if self._panel_names else 0))
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
        cx, cy = size[0] / 2 + self.pan[0], size[1] / 2 + self.pan[1]
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
        items = []
        panel = []
        for name, dev in plant.devices.items():
            s = dev.state()
            kind = dev.kind
            if kind in theme.PANEL_KINDS or not _has_position(s):
                panel.append((name, kind, s))
                continue
            items.append((LAYER.get(kind, 3), name, kind, s))
        items.sort(key=lambda t: t[0])  # stable: keeps plant order within a layer
        for _, name, kind, s in items:
            fn = DRAW.get(kind)
            try:
                if fn is None:
                    draw_generic(c, name, s, kind)
                else:
                    if kind in ("pusher", "stopper"):
                        s = {**s, "_kind": kind}
                    fn(c, name, s)
            except (KeyError, TypeError, ValueError):
                draw_generic(c, name, s, kind)  # a state without the expected keys stays visible
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
