"""A station that asks for strokes of one cylinder (PropCylinder) now and then.

Request k rises at its scheduled time, but never sooner than ``regap_s`` after the previous one
was served. A request is served once its cylinder has reached its plus end cap and come back to
its minus end cap; the request drops on that scan. The station logs when each request rose
(``raised``), when the job's first cylinder (``start_cylinder``, by default the served one) had
travelled ``start_mm`` outward after it rose (beyond the lowest point it reached since:
``started``) and when it was served (``done``).
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device

START_MM = 5.0


class StrokeStation(Device):
    """A request lamp and push-button box beside its cylinder."""

    kind = "stroke station"
    layer = 0
    signals = ("request",)
    commands = ()

    def __init__(self, name: str, number: int, cylinder: str, *, x: float, y: float,
                 requests: tuple[float, ...], regap_s: float = 0.5, start_mm: float = START_MM,
                 start_cylinder: str = "", label: str = ""):
        super().__init__(name)
        self.number, self.cylinder = number, cylinder
        self.start_cylinder = start_cylinder or cylinder
        self.x, self.y = float(x), float(y)
        self.schedule = tuple(sorted(float(t) for t in requests))
        self.regap_s, self.start_mm = float(regap_s), float(start_mm)
        self.label = label or f"station {number}"
        self.t = 0.0
        self.request = False
        self.reached = False          # the cylinder reached its plus end for the request up now
        self.raised: list[float] = []
        self.started: list[float | None] = []
        self.done: list[float] = []
        self._free_at = 0.0           # earliest time of the next request (regap after a drop)
        self._low = 0.0               # the start cylinder's lowest point since the request rose

    @property
    def total(self) -> int:
        return len(self.schedule)

    @property
    def served(self) -> int:
        return len(self.done)

    def read(self, signal: str) -> Any:
        if signal == "request":
            return self.request
        return super().read(signal)

    def step(self, dt: float) -> None:
        assert self.plant is not None, f"{self.name}: not in a plant"
        self.t += dt
        cyl = self.plant[self.cylinder]
        first = self.plant[self.start_cylinder]
        if self.request:
            k = len(self.raised) - 1
            self._low = min(self._low, first.pos)
            if self.started[k] is None and first.pos >= self._low + self.start_mm - 1e-9:
                self.started[k] = round(self.t, 3)
            if cyl.pos >= cyl.stroke:
                self.reached = True
            if self.reached and cyl.pos <= 0.0:
                self.request, self.reached = False, False
                self.done.append(round(self.t, 3))
                self._free_at = self.t + self.regap_s
        elif len(self.raised) < self.total:
            at = max(self.schedule[len(self.raised)], self._free_at)
            if self.t >= at - 1e-9:
                self.request, self.reached = True, False
                self._low = first.pos
                self.raised.append(round(self.t, 3))
                self.started.append(None)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "request": self.request, "served": self.served, "total": self.total,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 60.0, self.y - 40.0), (self.x + 60.0, self.y + 40.0)]

    def draw(self, pen) -> None:
        s = self.state()
        box = pen.rect_rotated(self.x, self.y, 110.0, 60.0, 0.0, "SENSOR_BODY")
        pen.circle(self.x - 30, self.y, 12, "ON" if s["request"] else "UNLIT", min_px=4)
        pen.label(f"{s['label']}  {s['served']}/{s['total']}", self.x + 15, self.y - 45)
        pen.hot(self.name, self.kind, box)
