"""Chute flap: a two-way flap diverter in a falling-material chute, turned by a Cylinder.

What falls into the chute (`add(grams, ingredient)`, e.g. from a weigh hopper's gate) goes on
to device `left` while the flap's cylinder is fully retracted and to `right` while it is fully
extended (each a device with `add(grams, ingredient)`, a Mixer). With the flap part way over,
the stream hits its edge and spills onto the floor: logged in `spilled_g` (and `spills`, the
times it began). The flap is drawn as a blade pivoting at the chute's throat, at its real angle
from the cylinder's stroke. Units: grams, seconds, millimetres.

    plant.add(Cylinder("flap", 0, 100, stroke=50, extend_s=0.5, retract_s=0.5))
    plant.add(ChuteFlap("chute", 0, 120, flap="flap", left="mixer_1", right="mixer_2"))
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

SWING_DEG = 30.0   # the blade's half swing either side of upright


class ChuteFlap(Device):
    kind = "chute_flap"
    layer = 3

    def __init__(self, name: str, x: float, y: float, *, flap: str, left: str, right: str,
                 length_mm: float = 90.0):
        super().__init__(name)
        self.x, self.y, self.length_mm = float(x), float(y), float(length_mm)
        self.flap_name, self.left_name, self.right_name = flap, left, right
        self.spilled_g = 0.0
        self.spills: list[float] = []
        self.time = 0.0
        self._spilling = False
        self._flap: Any = None
        self._at_pos: float | None = None
        self._fraction = 0.0

    def fraction(self) -> float:
        """0 fully retracted (to `left`) .. 1 fully extended (to `right`)."""
        flap = self._flap
        if flap is None:
            flap = self._flap = self.plant[self.flap_name]      # type: ignore[index]
        pos = flap.position
        if pos != self._at_pos:         # worked out again only when the flap has moved (asked often)
            self._at_pos, self._fraction = pos, max(0.0, min(1.0, pos / flap.stroke))
        return self._fraction

    def route(self) -> str | None:
        """The device the stream goes to now, or None (the flap is part way: it spills)."""
        f = self.fraction()
        return self.left_name if f <= 0.0 else self.right_name if f >= 1.0 else None

    def add(self, grams: float, ingredient: str = "bulk") -> None:
        if grams <= 0.0:
            return
        to = self.route()
        if to is None:
            if not self._spilling:
                self.spills.append(self.time)
            self._spilling = True
            self.spilled_g += grams
            return
        self.plant[to].add(grams, ingredient)           # type: ignore[index]

    def step(self, dt: float) -> None:
        self.time += dt
        if self.route() is not None:
            self._spilling = False

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "fraction": self.fraction(), "spilled_g": self.spilled_g}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 90, self.y - self.length_mm - 10), (self.x + 90, self.y + 20)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, L = s["x"], s["y"], self.length_mm
        # the chute's two legs, left and right, under the throat
        for side in (-1, 1):
            pen.line((x + side * 20, y), (x + side * 80, y - L), "PLACE_EDGE", pen.mm(6))
        # the blade: leaning right (closing the right leg) sends left, and the other way about
        a = math.radians(SWING_DEG * (1.0 - 2.0 * s["fraction"]))
        tip = (x + L * math.sin(a), y - L * math.cos(a))
        pts = pen.rect_rotated(x, y, 24, 24, 0.0, "SENSOR_BODY")
        pen.line((x, y), tip, "ROD", pen.mm(10))
        label = f"{name}" + (f" spilled {s['spilled_g']:.0f} g" if s["spilled_g"] > 0 else "")
        pen.label(label, x, y + 30)
        pen.hot(name, self.kind, pts)
