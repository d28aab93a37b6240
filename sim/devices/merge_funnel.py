"""MergeFunnel: angled side guides over a wide belt that funnel two lanes into one, for MAT-M01.

Two fixed guide rails (static pymunk segments, like a conveyor's own side guides) run from the
belt's edges at `start_mm` inward to a channel `neck_width` wide at `neck_mm`, and straight on to
`end_mm`: a part arriving in either lane runs into its rail and is steered to the centre line
while the belt drives it on. Nothing is wired; parts are steered by real contacts.

    funnel = plant.add(MergeFunnel("funnel", belt, start_mm=90, neck_mm=500, end_mm=1200,
                                   neck_width=120))
"""

from __future__ import annotations

from typing import Any

import pymunk

from sim.plant import Device, Plant

RAIL_MM = 4.0


class MergeFunnel(Device):
    kind = "merge_funnel"
    layer = 1
    signals = ()
    commands = ()

    def __init__(self, name: str, belt: Any, *, start_mm: float, neck_mm: float, end_mm: float,
                 neck_width: float, mouth_width: float | None = None):
        super().__init__(name)
        if not start_mm < neck_mm <= end_mm:
            raise ValueError(f"merge funnel {name!r}: needs start_mm < neck_mm <= end_mm")
        mouth = belt.width if mouth_width is None else float(mouth_width)
        if not 0 < neck_width < mouth:
            raise ValueError(f"merge funnel {name!r}: the neck must be narrower than the mouth")
        self.neck_width, self.mouth_width = float(neck_width), mouth
        self.rails: list[list[tuple[float, float]]] = []
        for sign in (1.0, -1.0):
            self.rails.append([belt.point(start_mm, sign * (mouth / 2)),
                               belt.point(neck_mm, sign * (neck_width / 2 + RAIL_MM)),
                               belt.point(end_mm, sign * (neck_width / 2 + RAIL_MM))])

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        static = plant.space.static_body
        for rail in self.rails:
            for a, b in zip(rail, rail[1:], strict=False):
                seg = pymunk.Segment(static, a, b, RAIL_MM / 2)
                seg.friction = 0.0      # a part slides along the rail as the belt drives it
                plant.space.add(seg)

    def state(self) -> dict[str, Any]:
        (x0, y0), (x1, _), _ = self.rails[0]
        return {"x": (x0 + x1) / 2, "y": y0, "rails": self.rails, "neck_width": self.neck_width}

    def extent(self) -> list[tuple[float, float]]:
        return [p for rail in self.rails for p in rail]

    def draw(self, pen) -> None:
        pts: list = []
        for rail in self.state()["rails"]:
            for a, b in zip(rail, rail[1:], strict=False):
                pen.line(a, b, "GUIDE", max(3, pen.mm(RAIL_MM)))
                pts += [pen.px(*a), pen.px(*b)]
        pen.hot(self.name, self.kind, pts)
