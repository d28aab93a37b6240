"""Carton erector: puts empty cartons (Workpiece boxes) on to a carton conveyor one at a time,
each a set time after the carton before it has left (a rising edge of a sensor the task names,
e.g. an eye past the fill position), so a carton comes late by an amount the program cannot know.

    plant.add(CartonErector("erector", *belt.point(110), carton=dict(width=200, length=200),
                            count=4, late_s=[2.0, 6.5, 1.2], first_s=0.5, after=("carton_out", "blocked")))

first_s: when the first carton is put on (None: the first waits for the edge too, e.g. when a
carton already stands at the fill position at power-up). late_s[k]: the time from the k-th edge
to the next carton. A carton is put on only once its place is clear.
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import Feeder


class CartonErector(Feeder):
    """Signals: 'empty' (TRUE when all `count` cartons have been put on)."""

    kind = "feeder"

    def __init__(self, name: str, x: float, y: float, *, carton: dict, count: int, late_s: list[float],
                 after: tuple[str, str], first_s: float | None = None, prefix: str = "carton",
                 angle_deg: float = 0.0):
        super().__init__(name, x, y, [], prefix=prefix, angle_deg=angle_deg)
        self.carton = dict(carton)
        self.count = int(count)
        self.late_s = [float(t) for t in late_s]
        self.after = after
        self.made = 0
        self.edges = 0
        self.time = 0.0
        self.due: float | None = first_s
        self._watched: Any = None
        self._was = False

    def read(self, signal: str) -> Any:
        if signal == "empty":
            return self.made >= self.count
        return super().read(signal)

    def _clear(self) -> bool:
        reach = 0.5 * max(float(self.carton.get("width", 50.0)), float(self.carton.get("length", 50.0)))
        for part in self.flow.parts:
            px, py = part.xy()
            r = reach + part.radius
            if abs(px - self.x) < r and abs(py - self.y) < r:
                return False
        return True

    def step(self, dt: float) -> None:
        self.time += dt
        if self._watched is None:
            self._watched = self.plant[self.after[0]]     # type: ignore[index]
        now = bool(self._watched.read(self.after[1]))
        if now and not self._was:
            if self.due is None and self.made < self.count:
                self.due = self.time + self.late_s[min(self.edges, len(self.late_s) - 1)]
            self.edges += 1
        self._was = now
        if self.due is not None and self.time + 1e-9 >= self.due and self._clear():
            self.release(dict(self.carton, name=f"{self.prefix}{self.made + 1}"))
            self.made += 1
            self.due = None

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "angle_deg": self.angle_deg, "released": self.made,
                "pending": self.count - self.made}
