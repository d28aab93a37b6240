"""How a device draws itself: the pen it is given, and pictures several devices share.

A device kind is one module (sim/devices/X.py): its signals, physics and its look. The look is
three members of the device class, which the debugger's plant view calls (sim never imports a
graphics library):

    layer = 3                     # drawn back to front: 0 floor (belts, tables) ... 7 displays
    def extent(self) -> list[Point]:   # what the view must frame (plant mm); [] for moving parts
    def draw(self, pen) -> None:       # the picture, from the device's own state()

Coordinates are plant millimetres, top view, y up. Colours are the names of the theme's
roles ("BELT", "LIT", "FAULT" ...: app/theme.py), RGB tuples, or what `pen.rgb(value)` makes
of a part's colour word. A device kind without its own picture is drawn as a labelled box
(`Device.draw`), so a new device is visible before it gets one; panel devices (buttons,
lamps, selectors: `on_panel = True`) are drawn on the operator panel strip.

The pen (app.plant_view implements it; tests/app/test_plant_view.py renders every device of
every task's plant with it):

    pen.px(x, y) -> (px, py)            screen point of a plant point
    pen.mm(length) -> px                a plant length in pixels
    pen.poly(points, colour, width=0)   returns the screen points (for pen.hot)
    pen.rect_rotated(x, y, length, width, angle_deg, colour, border=0)   centred; returns points
    pen.line(p, q, colour, width_px=1)
    pen.circle(x, y, r_mm, colour, width=0, min_px=2)
    pen.text(s, x, y, colour, size=13, centre=True, screen=False)   drawn now
    pen.label(s, x, y, colour="LABEL", size=12, fixed=False)        drawn last, moved off others
    pen.text_width(s, size) -> px
    pen.hot(name, kind, screen_points, operable=False, pad=3)         hover / click area
    pen.shade(colour, factor) -> colour;  pen.rgb(value, default=None) -> colour
"""

from __future__ import annotations

from typing import Any

Point = tuple[float, float]


def part_label(pen, s: dict[str, Any]) -> str:
    """What a part says on itself: 'part A' for a kind letter, the kind word ('blank') whole, or
    just the letter when the part is drawn too small; '' when nothing fits (never cut a word)."""
    kind = str(s.get("part_kind", "") or "").strip()
    if not kind:
        return ""
    room = pen.mm(min(s.get("width", 0.0), s.get("length", s.get("width", 0.0)))) - 4
    for text in ((f"part {kind}", kind) if len(kind) <= 2 else (kind,)):
        if pen.text_width(text, 12) <= room:
            return text
    return ""


def draw_part_record(pen, p: dict[str, Any]) -> None:
    """A part that is a plain record (held by a robot, lying in a fixture or on a place)."""
    col = pen.rgb(p.get("colour"))
    pen.circle(p["x"], p["y"], p.get("diameter", 50) / 2, col)
    pen.circle(p["x"], p["y"], p.get("diameter", 50) / 2, pen.shade(col, 0.5), width=2)
    if p.get("number") is not None and pen.mm(p.get("diameter", 50)) > 16:
        pen.text(str(p["number"]), *pen.px(p["x"], p["y"]), "TEXT_DARK", 11, screen=True)


def draw_value_display(pen, name: str, s: dict[str, Any]) -> None:
    """A number shown on a small display (an ordered value, a counter)."""
    x, y = s["x"], s["y"]
    pts = pen.rect_rotated(x, y, s.get("width", 120), s.get("height", 40), 0.0, "DISPLAY")
    pen.text(str(s.get("display", s.get("value", ""))), *pen.px(x, y), "DISPLAY_TEXT", 14, screen=True)
    pen.label(s.get("label") or name, x, y + s.get("height", 40) / 2 + 12)
    pen.hot(name, "value_display", pts)


def value_display_extent(s: dict[str, Any]) -> list[Point]:
    x, y = float(s["x"]), float(s["y"])
    w, h = float(s.get("width", 120)), float(s.get("height", 40))
    return [(x - w / 2, y - h / 2), (x + w / 2, y + h / 2 + 24)]


def draw_box(pen, name: str, kind: str, s: dict[str, Any]) -> None:
    """The picture of a kind that has none of its own yet: a labelled box at its position."""
    x, y = float(s["x"]), float(s["y"])
    size = box_size(s)
    pts = pen.rect_rotated(x, y, size, size, 0.0, "GENERIC", border=2)
    pen.label(f"{name} ({kind})", x, y - size / 2 - 12)
    pen.hot(name, kind, pts)


def box_size(s: dict[str, Any]) -> float:
    return max(float(s.get("size", 0) or 0), float(s.get("width", 0) or 0), float(s.get("range_mm", 0) or 0),
               float(s.get("zone_length", 0) or 0), 40.0)


def has_position(s: dict[str, Any]) -> bool:
    return ("x" in s and "y" in s) or "x1" in s
