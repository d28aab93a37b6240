"""A three-axis gantry: X carriage, Y bridge on it, Z ram with the tool, each its own drive.

The axes are separate plant devices (each with its own I/O: e.g. three
sim.devices.incremental_axis.IncrementalAxis for a gantry that must be homed); the `Gantry`
ties them into one machine seen from above: the Y rail rides on the X carriage (its origin
follows X every step, so the bridge is drawn where it is), and the tool point is
(X, Y, Z) in true mm, for judges (`tool_point()`, `z_safe`). Z is positive up; the tool is
clear of the fixture posts when Z is at or above `safe_z_mm`. `posts` are the fixture posts
on the table, (x, y, radius, height) in mm: `collides()` says whether the tool stands over a
post lower than the post's top (judges use it for "X/Y still until Z is up").

    x = plant.add(IncrementalAxis("x", origin=(0, 0), ...))
    y = plant.add(IncrementalAxis("y", origin=(0, 0), angle_deg=90, ...))
    z = plant.add(IncrementalAxis("z", origin=(700, 0), angle_deg=90, ...))
    gantry = plant.add(Gantry("gantry", x="x", y="y", z="z", origin=(0, 0), safe_z_mm=80,
                              posts=((200, 150, 20, 60),)))

Z may also be a pneumatic sim.devices.pneumatics.Cylinder whose rod extends downward (extend =
tool down): the tool's height is then the stroke less the rod's extension (stroke = fully up,
0 = fully down), and the tool is safe only fully up (safe_z_mm defaults to the stroke). A
keep-out zone (`keep_out`: x0, y0, x1, y1 in mm, with `margin_mm`) is drawn on the table and
told apart for judges: `keep_out_distance()` is the tool's distance (mm, in X/Y) from the zone's
box, 0 inside it.
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import Axis
from sim.devices.pneumatics import Cylinder
from sim.plant import Device


class Gantry(Device):
    """The tool point of three axes; draws the X carriage's bridge, the tool and the posts."""

    kind = "gantry"
    layer = 2
    # the keep-out zone's box as the gantry controller hands it to the PLC (whole mm)
    signals = ("keep_out_x0", "keep_out_y0", "keep_out_x1", "keep_out_y1")

    def __init__(self, name: str, *, x: str, y: str, z: str, origin: tuple[float, float] = (0.0, 0.0),
                 safe_z_mm: float = 0.0, posts: tuple[tuple[float, float, float, float], ...] = (),
                 bridge_mm: float = 400.0, label: str = "",
                 keep_out: tuple[float, float, float, float] | None = None, margin_mm: float = 0.0):
        super().__init__(name)
        self.names = (x, y, z)
        self.origin = (float(origin[0]), float(origin[1]))
        self.safe_z_mm = float(safe_z_mm)
        self.posts = tuple(tuple(float(v) for v in p) for p in posts)
        self.bridge_mm = float(bridge_mm)
        self.label = label or name
        self.keep_out = None if keep_out is None else tuple(float(v) for v in keep_out)
        self.margin_mm = float(margin_mm)
        self.x: Axis | None = None
        self.y: Axis | None = None
        self.z: Axis | Cylinder | None = None
        self._z_rod = False                      # Z a Cylinder: the tool's height from its rod
        self._followed: float | None = None      # X's position the Y rail was last moved to

    def attach(self, plant) -> None:
        super().attach(plant)
        self.x, self.y = (plant.device(n, Axis) for n in self.names[:2])
        z = plant[self.names[2]]
        if not isinstance(z, (Axis, Cylinder)):
            raise TypeError(f"{self.name}: Z must be an Axis or a Cylinder, not {type(z).__name__}")
        self.z = z
        self._z_rod = isinstance(z, Cylinder)
        if isinstance(z, Cylinder) and self.safe_z_mm <= 0.0:
            self.safe_z_mm = z.stroke
        self._follow()

    def _follow(self) -> None:
        # the Y rail is mounted on the X carriage
        pos = self.x.pos
        self.y.origin = (self.origin[0] + pos, self.origin[1])
        self._followed = pos

    def step(self, dt: float) -> None:
        if self.x.pos != self._followed:     # X stands still most scans: the rail is where it was
            self._follow()

    @property
    def tool_z(self) -> float:
        z = self.z
        return z.stroke - z.position if self._z_rod else z.pos

    def read(self, signal: str) -> Any:
        if signal in self.signals and self.keep_out is not None:
            return int(round(self.keep_out[self.signals.index(signal)]))
        return super().read(signal)

    def tool_point(self) -> tuple[float, float, float]:
        return (self.x.pos, self.y.pos, self.tool_z)

    @property
    def z_safe(self) -> bool:
        return self.tool_z >= self.safe_z_mm - 1e-9

    def keep_out_distance(self, x: float | None = None, y: float | None = None) -> float:
        """Distance (mm, in X/Y) of the tool, or of the point (x, y), from the keep-out box; 0 inside."""
        if self.keep_out is None:
            return math.inf
        x0, y0, x1, y1 = self.keep_out
        px = self.x.pos if x is None else x
        py = self.y.pos if y is None else y
        dx = max(x0 - px, 0.0, px - x1)
        dy = max(y0 - py, 0.0, py - y1)
        return math.hypot(dx, dy)

    def collides(self) -> bool:
        """The tool stands within a post's radius and below its top."""
        tx, ty, tz = self.tool_point()
        return any(math.hypot(tx - px, ty - py) <= r and tz < h for px, py, r, h in self.posts)

    def state(self) -> dict[str, Any]:
        tx, ty, tz = self.tool_point()
        return {"x": self.origin[0] + tx, "y": self.origin[1] + ty, "tool_z": tz, "z_safe": self.z_safe,
                "posts": self.posts, "origin": self.origin, "bridge_mm": self.bridge_mm,
                "collides": self.collides(), "label": self.label, "keep_out": self.keep_out,
                "margin_mm": self.margin_mm, "in_margin": self.keep_out_distance() < self.margin_mm}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        ox, oy = s["origin"]
        pts = [(ox - 40, oy - 40), (ox + 40, oy + s["bridge_mm"] + 40)]
        pts += [(ox + px + sgn * r, oy + py + sgn * r) for px, py, r, _ in s["posts"] for sgn in (-1, 1)]
        if s["keep_out"] is not None:
            x0, y0, x1, y1 = s["keep_out"]
            m = s["margin_mm"]
            pts += [(ox + x0 - m, oy + y0 - m), (ox + x1 + m, oy + y1 + m)]
        return pts

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        ox, oy = s["origin"]
        for px, py, r, h in s["posts"]:
            pen.circle(ox + px, oy + py, r, "GUARD")
            pen.label(f"post {h:g} mm", ox + px, oy + py - r - 12)
        if s["keep_out"] is not None:
            # the zone's margin as a frame around the box it keeps the tool away from
            x0, y0, x1, y1 = s["keep_out"]
            m = s["margin_mm"]
            frame = "FAULT" if s["in_margin"] else "ZONE"
            pen.rect_rotated(ox + (x0 + x1) / 2, oy + (y0 + y1) / 2, x1 - x0 + 2 * m, y1 - y0 + 2 * m, 0.0,
                             frame, border=2)
            pen.rect_rotated(ox + (x0 + x1) / 2, oy + (y0 + y1) / 2, x1 - x0, y1 - y0, 0.0, "GUARD")
            pen.label(f"keep-out (+{m:g} mm)", ox + (x0 + x1) / 2, oy + (y0 + y1) / 2)
        bx = s["x"]
        bridge = pen.rect_rotated(bx, oy + s["bridge_mm"] / 2, 30.0, s["bridge_mm"] + 40, 0.0,
                                  pen.shade("RAIL", 1.2))
        # the tool seen from above: bigger the higher it stands, red when it is below a post's top
        colour = "FAULT" if s["collides"] else ("LIT" if s["z_safe"] else "BUSY")
        pen.circle(s["x"], s["y"], 10.0 + max(0.0, s["tool_z"]) / 10.0, colour, width=3)
        pen.label(f"tool Z {s['tool_z']:.1f} mm" + ("" if s["z_safe"] else " (low)"), s["x"] + 60, s["y"])
        pen.hot(name, self.kind, bridge)
