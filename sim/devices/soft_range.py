"""Soft range marks: where a slide's software limits lie, drawn on its rail.

A soft range is not hardware: the host hands its limits to the PLC as words, and the PLC keeps
the slide inside. This device only shows the range on the rail of a horizontal slide (two marks
with arrows pointing inward and a label), so a person in the debugger sees where a jog must
stop. It has no signals and no commands, and nothing moves.

    plant.add(SoftRangeMarks("soft_limits", 50.0, 450.0, origin=(150.0, 300.0)))
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class SoftRangeMarks(Device):
    """Marks at `low_mm` and `high_mm` along a horizontal rail whose 0 mm point is `origin`."""

    kind = "soft_limits"
    layer = 2

    def __init__(self, name: str, low_mm: float, high_mm: float, *, origin: tuple[float, float],
                 half_height_mm: float = 34.0):
        super().__init__(name)
        if not low_mm < high_mm:
            raise ValueError(f"{name}: the low soft limit must lie below the high one")
        self.low_mm, self.high_mm = float(low_mm), float(high_mm)
        self.origin = (float(origin[0]), float(origin[1]))
        self.half = float(half_height_mm)

    def state(self) -> dict[str, Any]:
        # x, y: where it sits in the plant (the rail's 0 mm point), so the view draws it there
        return {"x": self.origin[0], "y": self.origin[1], "low_mm": self.low_mm, "high_mm": self.high_mm}

    def extent(self) -> list[tuple[float, float]]:
        x0, y0 = self.origin
        return [(x0 + self.low_mm, y0 - self.half), (x0 + self.high_mm, y0 + self.half + 12)]

    def draw(self, pen) -> None:
        x0, y0 = self.origin
        h = self.half
        shown = []
        for mm, inward in ((self.low_mm, 1), (self.high_mm, -1)):
            pen.line((x0 + mm, y0 - h), (x0 + mm, y0 + h), "ZONE", 2)
            shown += pen.poly([(x0 + mm, y0 + h), (x0 + mm + inward * 8, y0 + h + 6),
                               (x0 + mm, y0 + h + 12)], "ZONE")
        pen.label("soft range", x0 + (self.low_mm + self.high_mm) / 2, y0 + h + 18)
        pen.hot(self.name, self.kind, shown)
