"""Glue valve on an X/Y table: a dispensing nozzle whose flow follows its command after a delay,
laying a bead where the table carries it; and the rounded-rectangle path a bead job follows.

The nozzle stands over the table point given by two axes (`x`, `y`: devices with a `pos` in mm,
e.g. sim.devices.sync_axis.SyncAxis). Glue flows `delay_s` after the 'open' command goes TRUE
(the needle lifts) and stops `delay_s` after it goes FALSE; 'flowing' is the flow sensor (TRUE
while glue comes out). While glue flows the nozzle lays a bead: every step adds the nozzle's
point to the running bead; where the flow starts or stops inside a step, the point is
interpolated along the step's motion, so a bead begins and ends where the glue really did.
`beads` holds every bead laid (a list of (x, y) points each), `flow_s` the total time glue
flowed. A purge cup (`purge`: x, y, radius) takes the glue shot there: beads laid over it go to
`purges`, not `beads`.

RoundedRectPath is the job's path: a rectangle with rounded corners, run counterclockwise from
the middle of its bottom edge, parameterised by arc length; `project` finds where a point lies
along it and how far off it.

    valve = plant.add(GlueValve("valve", x="x", y="y", delay_s=0.03, purge=(30.0, 30.0, 12.0),
                                path=RoundedRectPath(100, 100, 160, 120, 20)))
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class RoundedRectPath:
    """A rectangle (x0, y0) - (x0 + width, y0 + height) with corners rounded by `radius`, as a closed
    path of arc length `length`, starting at the middle of the bottom edge and running
    counterclockwise (first toward +x)."""

    def __init__(self, x0: float, y0: float, width: float, height: float, radius: float):
        if radius <= 0 or 2 * radius > min(width, height):
            raise ValueError("the corner radius must be positive and fit the rectangle")
        self.x0, self.y0, self.width, self.height, self.radius = x0, y0, width, height, radius
        r = radius
        sx, sy = width - 2 * r, height - 2 * r
        arc = math.pi * r / 2
        self.length = 2 * sx + 2 * sy + 4 * arc
        x1, y1 = x0 + width, y0 + height
        # pieces in order: (kind, length, data); lines: start point and direction, arcs: centre
        # and start angle (radians, counterclockwise)
        self.pieces = (
            ("line", sx / 2, (x0 + width / 2, y0), (1.0, 0.0)),
            ("arc", arc, (x1 - r, y0 + r), -math.pi / 2),
            ("line", sy, (x1, y0 + r), (0.0, 1.0)),
            ("arc", arc, (x1 - r, y1 - r), 0.0),
            ("line", sx, (x1 - r, y1), (-1.0, 0.0)),
            ("arc", arc, (x0 + r, y1 - r), math.pi / 2),
            ("line", sy, (x0, y1 - r), (0.0, -1.0)),
            ("arc", arc, (x0 + r, y0 + r), math.pi),
            ("line", sx / 2, (x0 + r, y0), (1.0, 0.0)),
        )
        self._nearest = _nearest_on(self.pieces, self.length, radius)

    def point_at(self, s: float) -> tuple[float, float]:
        """The path's point at arc length s (taken modulo the length)."""
        s %= self.length
        for kind, n, a, b in self.pieces:
            if s <= n:
                if kind == "line":
                    return a[0] + b[0] * s, a[1] + b[1] * s
                ang = b + s / self.radius
                return a[0] + self.radius * math.cos(ang), a[1] + self.radius * math.sin(ang)
            s -= n
        return self.pieces[0][2]

    def project(self, x: float, y: float) -> tuple[float, float]:
        """(arc length of the path's point nearest (x, y), its distance from the path)."""
        return self._nearest(x, y)


_MARGIN = 1e-6   # mm: more than the rounding of a corner's end point, so no arc is wrongly skipped


def _nearest_on(pieces, length: float, r: float):
    """`project` for the nine pieces of a RoundedRectPath, which a bead point is tested against
    once per scan: the nearest piece, the first of equals, in the pieces' order, with the very
    same floats as the piece by piece formula (the lines run along X or Y, so each is worked out
    on its one axis). A corner whose circle lies farther than the nearest line is not worked out:
    it cannot be the nearest."""
    ((_, n0, (ax0, ay0), _), (_, n1, (cx1, cy1), b1), (_, n2, (ax2, ay2), _), (_, n3, (cx3, cy3), b3),
     (_, n4, (ax4, ay4), _), (_, n5, (cx5, cy5), b5), (_, n6, (ax6, ay6), _), (_, n7, (cx7, cy7), b7),
     (_, n8, (ax8, ay8), _)) = pieces
    s0 = 0.0                  # where each piece starts, summed in order
    s1 = s0 + n0
    s2 = s1 + n1
    s3 = s2 + n2
    s4 = s3 + n3
    s5 = s4 + n4
    s6 = s5 + n5
    s7 = s6 + n6
    s8 = s7 + n7
    two_pi = 2 * math.pi
    full_r = 2 * math.pi * r
    hypot, atan2, cos, sin, inf = math.hypot, math.atan2, math.cos, math.sin, math.inf

    def corner(x, y, dx, dy, h, cx, cy, b, n):
        """(distance, arc length along) of the corner centred (cx, cy) from angle b."""
        t = ((atan2(dy, dx) - b) % two_pi) * r
        if t > n:   # outside the arc's sweep: the nearer end
            t = n if t - n < full_r - t else 0.0
            return hypot(x - (cx + r * cos(b + t / r)), y - (cy + r * sin(b + t / r))), t
        return abs(h - r), t

    def nearest(x, y):
        # the lines: bottom (+X, right half), right (+Y), top (-X), left (-Y), bottom (+X, left half)
        t0 = x - ax0
        t0 = t0 if t0 < n0 else n0
        t0 = t0 if t0 > 0.0 else 0.0
        d0 = hypot(x - ax0 - t0, y - ay0)
        t2 = y - ay2
        t2 = t2 if t2 < n2 else n2
        t2 = t2 if t2 > 0.0 else 0.0
        d2 = hypot(x - ax2, y - ay2 - t2)
        t4 = ax4 - x
        t4 = t4 if t4 < n4 else n4
        t4 = t4 if t4 > 0.0 else 0.0
        d4 = hypot(x - ax4 + t4, y - ay4)
        t6 = ay6 - y
        t6 = t6 if t6 < n6 else n6
        t6 = t6 if t6 > 0.0 else 0.0
        d6 = hypot(x - ax6, y - ay6 + t6)
        t8 = x - ax8
        t8 = t8 if t8 < n8 else n8
        t8 = t8 if t8 > 0.0 else 0.0
        d8 = hypot(x - ax8 - t8, y - ay8)
        bound = min(d0, d2, d4, d6, d8) + _MARGIN
        # the corners: each at least its circle's distance from the point
        d1 = d3 = d5 = d7 = inf
        t1 = t3 = t5 = t7 = 0.0
        dx, dy = x - cx1, y - cy1
        h = hypot(dx, dy)
        if abs(h - r) <= bound:
            d1, t1 = corner(x, y, dx, dy, h, cx1, cy1, b1, n1)
        dx, dy = x - cx3, y - cy3
        h = hypot(dx, dy)
        if abs(h - r) <= bound:
            d3, t3 = corner(x, y, dx, dy, h, cx3, cy3, b3, n3)
        dx, dy = x - cx5, y - cy5
        h = hypot(dx, dy)
        if abs(h - r) <= bound:
            d5, t5 = corner(x, y, dx, dy, h, cx5, cy5, b5, n5)
        dx, dy = x - cx7, y - cy7
        h = hypot(dx, dy)
        if abs(h - r) <= bound:
            d7, t7 = corner(x, y, dx, dy, h, cx7, cy7, b7, n7)
        best_d, best_s = inf, 0.0
        if d0 < best_d:
            best_d, best_s = d0, s0 + t0
        if d1 < best_d:
            best_d, best_s = d1, s1 + t1
        if d2 < best_d:
            best_d, best_s = d2, s2 + t2
        if d3 < best_d:
            best_d, best_s = d3, s3 + t3
        if d4 < best_d:
            best_d, best_s = d4, s4 + t4
        if d5 < best_d:
            best_d, best_s = d5, s5 + t5
        if d6 < best_d:
            best_d, best_s = d6, s6 + t6
        if d7 < best_d:
            best_d, best_s = d7, s7 + t7
        if d8 < best_d:
            best_d, best_s = d8, s8 + t8
        return best_s % length, best_d

    return nearest


class GlueValve(Device):
    """Signal 'flowing' (the flow sensor); command 'open'. Lays beads where the axes carry it."""

    kind = "glue_valve"
    layer = 4
    signals = ("flowing",)
    commands = ("open",)
    plain_signals = {"flowing": "flowing"}
    plain_commands = {"open": ("command", bool)}

    def __init__(self, name: str, *, x: str, y: str, delay_s: float = 0.03,
                 purge: tuple[float, float, float] | None = None, path: RoundedRectPath | None = None,
                 table: tuple[float, float, float, float] = (0.0, 0.0, 400.0, 320.0), label: str = ""):
        super().__init__(name)
        if delay_s < 0:
            raise ValueError(f"glue valve {name!r}: delay_s must be 0 or more")
        self.x_name, self.y_name = x, y
        self.delay_s = float(delay_s)
        self.purge = purge
        self.path = path
        self.table = table
        self.label = label or name
        self.command = False
        self.flowing = False
        self.changed_at = -1.0          # when the command last changed
        self.last_command = False
        self.time = 0.0
        self.bead: list[tuple[float, float]] | None = None   # the bead being laid
        self.beads: list[list[tuple[float, float]]] = []
        self.purges: list[list[tuple[float, float]]] = []
        self.flow_s = 0.0
        self.prev = (0.0, 0.0)
        self._axes: tuple[Any, Any] | None = None

    def write(self, command: str, value: Any) -> None:
        if command == "open":
            self.command = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "flowing":
            return self.flowing
        return super().read(signal)

    def nozzle(self) -> tuple[float, float]:
        if self._axes is None:
            self._axes = (self.plant[self.x_name], self.plant[self.y_name])     # type: ignore[index]
            self.prev = (self._axes[0].pos, self._axes[1].pos)
        return self._axes[0].pos, self._axes[1].pos

    def over_purge(self, x: float, y: float) -> bool:
        p = self.purge
        return p is not None and math.hypot(x - p[0], y - p[1]) <= p[2]

    def step(self, dt: float) -> None:
        here = self.nozzle()
        prev, self.prev = self.prev, here
        t0, self.time = self.time, self.time + dt
        if self.command != self.last_command:
            self.last_command = self.command
            self.changed_at = t0           # the command acts from the start of this step
        want = self.command
        if want != self.flowing:
            due = self.changed_at + self.delay_s
            if due <= self.time + 1e-9:    # the flow turns within this step, at fraction f
                f = max(0.0, min(1.0, (due - t0) / dt)) if dt > 0 else 1.0
                at = (prev[0] + (here[0] - prev[0]) * f, prev[1] + (here[1] - prev[1]) * f)
                if want:
                    self.flowing = True
                    self.bead = [at]
                    self.flow_s += (1.0 - f) * dt
                    self.bead.append(here)
                else:
                    self.flowing = False
                    self.flow_s += f * dt
                    if self.bead is not None:
                        self.bead.append(at)
                        self._close_bead()
                return
        if self.flowing and self.bead is not None:
            self.flow_s += dt
            self.bead.append(here)

    def _close_bead(self) -> None:
        bead, self.bead = self.bead, None
        if bead:
            if all(self.over_purge(*p) for p in bead):
                self.purges.append(bead)
            else:
                self.beads.append(bead)

    # -- drawing ---------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        x, y = self.nozzle() if self.plant is not None else (0.0, 0.0)
        return {"x": x, "y": y, "flowing": self.flowing, "command": self.command, "label": self.label,
                "beads": len(self.beads)}

    def extent(self) -> list[tuple[float, float]]:
        x0, y0, x1, y1 = self.table
        return [(x0 - 30.0, y0 - 60.0), (x1 + 30.0, y1 + 40.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x0, y0, x1, y1 = self.table
        pts = pen.rect_rotated((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, 0.0, "TABLE")
        if self.path is not None:               # the part and its bead line, faint
            p = self.path
            pen.rect_rotated(p.x0 + p.width / 2, p.y0 + p.height / 2, p.width + 30.0, p.height + 30.0, 0.0,
                             "PLATE")
            n = 96
            ring = [p.point_at(p.length * k / n) for k in range(n + 1)]
            for a, b in zip(ring, ring[1:], strict=False):
                pen.line(a, b, "GUIDE", 1)
            sx, sy = p.point_at(0.0)
            pen.line((sx, sy - 8.0), (sx, sy + 8.0), "TARGET", 2)
        if self.purge is not None:
            px, py, pr = self.purge
            pen.circle(px, py, pr, "CHUTE")
            pen.label("purge", px, py - pr - 10.0)
        for bead in [*self.beads, *([self.bead] if self.bead else [])]:
            for a, b in zip(bead, bead[1:], strict=False):
                pen.line(a, b, "PART", max(2, pen.mm(2.0)))
        x, y = s["x"], s["y"]
        # the X bridge across the table and the nozzle on it
        pen.line((x, y0), (x, y1), "RAIL", max(2, pen.mm(8.0)))
        pen.circle(x, y, 9.0, "LIT" if s["flowing"] else ("BUSY" if s["command"] else "CYLINDER"))
        pen.circle(x, y, 9.0, "FRAME", width=2)
        pen.label(f"{s['label']}: {'FLOWING' if s['flowing'] else 'open' if s['command'] else 'closed'}  "
                  f"({x:.1f}, {y:.1f}) mm", (x0 + x1) / 2, y0 - 30.0)
        pen.hot(self.name, self.kind, pts)
