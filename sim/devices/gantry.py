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
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import Axis
from sim.plant import Device


class Gantry(Device):
    """The tool point of three axes; draws the X carriage's bridge, the tool and the posts."""

    kind = "gantry"
    layer = 2

    def __init__(self, name: str, *, x: str, y: str, z: str, origin: tuple[float, float] = (0.0, 0.0),
                 safe_z_mm: float = 0.0, posts: tuple[tuple[float, float, float, float], ...] = (),
                 bridge_mm: float = 400.0, label: str = ""):
        super().__init__(name)
        self.names = (x, y, z)
        self.origin = (float(origin[0]), float(origin[1]))
        self.safe_z_mm = float(safe_z_mm)
        self.posts = tuple(tuple(float(v) for v in p) for p in posts)
        self.bridge_mm = float(bridge_mm)
        self.label = label or name
        self.x: Axis | None = None
        self.y: Axis | None = None
        self.z: Axis | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.x, self.y, self.z = (plant.device(n, Axis) for n in self.names)
        self._follow()

    def _follow(self) -> None:
        # the Y rail is mounted on the X carriage
        self.y.origin = (self.origin[0] + self.x.pos, self.origin[1])

    def step(self, dt: float) -> None:
        self._follow()

    def tool_point(self) -> tuple[float, float, float]:
        return (self.x.pos, self.y.pos, self.z.pos)

    @property
    def z_safe(self) -> bool:
        return self.z.pos >= self.safe_z_mm - 1e-9

    def collides(self) -> bool:
        """The tool stands within a post's radius and below its top."""
        tx, ty, tz = self.tool_point()
        return any(math.hypot(tx - px, ty - py) <= r and tz < h for px, py, r, h in self.posts)

    def state(self) -> dict[str, Any]:
        tx, ty, tz = self.tool_point()
        return {"x": self.origin[0] + tx, "y": self.origin[1] + ty, "tool_z": tz, "z_safe": self.z_safe,
                "posts": self.posts, "origin": self.origin, "bridge_mm": self.bridge_mm,
                "collides": self.collides(), "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        ox, oy = s["origin"]
        pts = [(ox - 40, oy - 40), (ox + 40, oy + s["bridge_mm"] + 40)]
        pts += [(ox + px + sgn * r, oy + py + sgn * r) for px, py, r, _ in s["posts"] for sgn in (-1, 1)]
        return pts

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        ox, oy = s["origin"]
        for px, py, r, h in s["posts"]:
            pen.circle(ox + px, oy + py, r, "GUARD")
            pen.label(f"post {h:g} mm", ox + px, oy + py - r - 12)
        bx = s["x"]
        bridge = pen.rect_rotated(bx, oy + s["bridge_mm"] / 2, 30.0, s["bridge_mm"] + 40, 0.0,
                                  pen.shade("RAIL", 1.2))
        # the tool seen from above: bigger the higher it stands, red when it is below a post's top
        colour = "FAULT" if s["collides"] else ("LIT" if s["z_safe"] else "BUSY")
        pen.circle(s["x"], s["y"], 10.0 + max(0.0, s["tool_z"]) / 10.0, colour, width=3)
        pen.label(f"tool Z {s['tool_z']:.1f} mm" + ("" if s["z_safe"] else " (low)"), s["x"] + 60, s["y"])
        pen.hot(name, self.kind, bridge)
