"""A jam that comes on a given stroke: a cylinder whose n-th stroke stalls short of its end.

A pusher shoves parts off a belt hundreds of times; now and then one stroke jams (a part caught
under the plate, a sticking valve) and the rod stops short, its end switch never closing. The
jam counts the strokes of `cylinder` (sim.devices.pneumatics.Cylinder) from power-up: a stroke
begins when the valve turns to extend with the rod fully back (at the step before). On each stroke listed in
`strokes` it sets the cylinder's fault to 'never_extends' (the rod stalls at the cylinder's
stall_fraction of its stroke) and clears it again as soon as the valve turns to retract: the
next stroke runs free. `jammed` logs (time_s, stroke number) of every jammed stroke, for judges.

    plant.add(StrokeJam("jam", pusher, strokes=(2,)))     # add it after the cylinder
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class StrokeJam(Device):
    """Jams `cylinder` on the strokes numbered in `strokes` (1 = the first)."""

    kind = "stroke_jam"
    layer = 3
    signals = ()

    def __init__(self, name: str, cylinder: Any, *, strokes: tuple[int, ...] = (), label: str = ""):
        super().__init__(name)
        self.cylinder = cylinder
        self.strokes = tuple(int(n) for n in strokes)
        self.label = label or name
        self.count = 0                  # strokes begun since power-up
        self.active = False             # the stroke now running is jammed
        self.jammed: list[tuple[float, int]] = []
        self.time = 0.0
        self._was_out = False
        self._was_back = cylinder.position <= 0.0

    def step(self, dt: float) -> None:
        self.time += dt
        rod = self.cylinder
        out = rod.extend_coil
        if out and not self._was_out and self._was_back:
            self.count += 1
            if self.count in self.strokes:
                self.active = True
                rod.fault = "never_extends"
                self.jammed.append((round(self.time, 3), self.count))
        elif not out and self.active:
            self.active = False
            rod.fault = None
        self._was_out = out
        self._was_back = rod.position <= 0.0

    def state(self) -> dict[str, Any]:
        rod = self.cylinder
        return {"x": rod.x, "y": rod.y, "label": self.label, "active": self.active, "count": self.count}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x"] + 40, s["y"] - 15), (s["x"] + 160, s["y"] + 15)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"] + 100, s["y"]
        col = "FAULT" if s["active"] else "GENERIC"
        pts = pen.rect_rotated(x, y, 110, 26, 0.0, col, border=2)
        text = "JAMMED" if s["active"] else f"strokes {s['count']}"
        pen.label(text, x, y, col if s["active"] else "LABEL", 12)
        pen.hot(self.name, self.kind, pts)
