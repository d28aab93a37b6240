"""Carton: the containers of a filling station, one on the scale at a time, that collect the
material dosed into them.

A stream of empty cartons (each with its own empty weight, `tares_g`) comes to the fill
position; `index` (rising edge) sends the carton there away (logged in `filled` as
(time_s, number, tare_g, contents_g)) and the next arrives `change_s` later. Signal `present`
(the photo-eye at the fill position: TRUE while a carton stands there). `add(grams)` is what a
doser's falling material calls; material that falls with no carton there is `spilled_g`.
`gross_g()` is the load on the scale under it. Units: grams, seconds, millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.plant import Device

CARDBOARD = "#8a6a45"


@dataclass(slots=True)
class Container:
    number: int
    tare_g: float
    contents_g: float = 0.0


class Carton(Device):
    kind = "carton"
    layer = 3
    signals = ("present",)
    commands = ("index",)

    def __init__(self, name: str, x: float, y: float, *, tares_g: list[float], change_s: float = 1.0,
                 width: float = 160.0, height: float = 140.0, present_at_start: bool = True):
        super().__init__(name)
        self.x, self.y, self.width, self.height = float(x), float(y), float(width), float(height)
        self.queue = [Container(n, float(t)) for n, t in enumerate(tares_g, 1)]
        self.change_s = float(change_s)
        self.current: Container | None = self.queue.pop(0) if present_at_start and self.queue else None
        self.filled: list[tuple[float, int, float, float]] = []
        self.spilled_g = 0.0
        self.time = 0.0
        self._index = False
        self._arrive_in: float | None = None if self.current is not None else self.change_s

    def add(self, grams: float) -> None:
        if self.current is not None:
            self.current.contents_g += grams
        else:
            self.spilled_g += grams

    def gross_g(self) -> float:
        c = self.current
        return 0.0 if c is None else c.tare_g + c.contents_g

    def write(self, command: str, value: Any) -> None:
        if command == "index":
            v = bool(value)
            if v and not self._index and self.current is not None:
                c = self.current
                self.filled.append((self.time, c.number, c.tare_g, c.contents_g))
                self.current = None
                self._arrive_in = self.change_s if self.queue else None
            self._index = v
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "present":
            return self.current is not None
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        if self._arrive_in is not None:
            self._arrive_in -= dt
            if self._arrive_in <= 1e-9:
                self._arrive_in = None
                self.current = self.queue.pop(0) if self.queue else None

    def state(self) -> dict[str, Any]:
        c = self.current
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height,
                "present": c is not None,
                "number": c.number if c else None, "contents_g": c.contents_g if c else 0.0,
                "filled": len(self.filled), "to_come": len(self.queue), "spilled_g": self.spilled_g}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - self.width, self.y - self.height / 2 - 20),
                (self.x + self.width, self.y + self.height)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w, h = s["x"], s["y"], s["width"], s["height"]
        pts = []
        if s["present"]:
            pts = pen.rect_rotated(x, y + h / 2, w, h, 0.0, pen.rgb(CARDBOARD))
            pen.rect_rotated(x, y + h / 2, w, h, 0.0, "PLACE_EDGE", border=2)
            fill = min(1.0, s["contents_g"] / 1000.0)
            if fill > 0:
                pen.rect_rotated(x, y + h * fill / 2, w - 8, h * fill, 0.0, "BUSY")
            pen.label(f"carton {s['number']}: {s['contents_g']:.1f} g", x, y + h + 14)
        else:
            pts = pen.rect_rotated(x, y + h / 2, w, h, 0.0, "PLACE_EDGE", border=1)
            pen.label("no carton", x, y + h + 14)
        pen.label(f"{name}: {s['filled']} filled, {s['to_come']} to come", x - w, y - 30)
        if s["spilled_g"] > 0:
            pen.label(f"spilled {s['spilled_g']:.0f} g", x + w, y, "FAULT")
        pen.hot(name, self.kind, pts)
