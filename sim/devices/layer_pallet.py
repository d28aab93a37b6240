"""A pallet being built layer by layer at a palletizing station, with its exchange.

Seen from above: the pallet's deck is a rectangle centred at (x, y), its top `deck_mm` above the
floor. Cartons set down on it are logged as they lie (`Laid`: number, centre x/y, angle in
degrees, bottom height, height, the time), so a judge can check each against the slot, turn and
layer its pattern asks for. `surface_at(x, y)` is the height a tool coming down at (x, y) meets
first: the top of the highest carton whose footprint holds the point, else the deck, else None
(no pallet there, or off it). `put(...)` lays a carton at a given pose and height; `initial`
cartons may be on the pallet at power-up (a pallet part-built before a stop).

The exchange: a rising edge on `exchange` sends the pallet away on its conveyor (the pallet and
its cartons leave at once, logged in `finished`); the station then stands empty until a new
empty pallet has come in, `exchange_s` later (one value per exchange, the last repeated).
Signal `present`: TRUE while a pallet stands in the station (FALSE from the exchange edge until
the new one is in place).

    pallet = plant.add(LayerPallet("pallet", x=600, y=500, deck_mm=150, exchange_s=(8.0, 15.0)))
    pallet.put(1, 450, 400, 0.0, bottom_mm=150, height_mm=250, size=(400, 300))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.plant import Device


@dataclass(slots=True)
class Laid:
    """One carton as it lies on a pallet: centre (mm), angle (degrees, its length along X at 0),
    bottom height above the floor, its height and footprint, and when it was laid (s)."""

    number: int
    x: float
    y: float
    angle_deg: float
    bottom_mm: float
    height_mm: float
    length: float
    width: float
    time_s: float = 0.0

    @property
    def top_mm(self) -> float:
        return self.bottom_mm + self.height_mm

    def holds(self, x: float, y: float) -> bool:
        """(x, y) lies within the carton's footprint."""
        a = math.radians(self.angle_deg)
        dx, dy = x - self.x, y - self.y
        along, across = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
        return abs(along) <= self.length / 2 + 1e-9 and abs(across) <= self.width / 2 + 1e-9


class LayerPallet(Device):
    """Signal 'present'; command 'exchange' (rising edge)."""

    kind = "layer_pallet"
    layer = 3
    signals = ("present",)
    commands = ("exchange",)

    def __init__(self, name: str, *, x: float, y: float, deck_mm: float = 150.0,
                 deck_size: tuple[float, float] = (1200.0, 800.0), exchange_s: tuple[float, ...] = (10.0,),
                 initial: tuple[Laid, ...] = (), label: str = ""):
        super().__init__(name)
        if not exchange_s or min(exchange_s) <= 0:
            raise ValueError(f"{name}: exchange_s needs positive times")
        self.x, self.y = float(x), float(y)
        self.deck_mm = float(deck_mm)
        self.deck_size = (float(deck_size[0]), float(deck_size[1]))
        self.exchange_s = tuple(float(t) for t in exchange_s)
        self.label = label or name
        self.cartons: list[Laid] = list(initial)
        self.finished: list[list[Laid]] = []      # the cartons of each pallet sent away
        self.exchanges: list[float] = []          # when each exchange began (s)
        self.present = True
        self.time = 0.0
        self._arrive_at: float | None = None
        self._edge_prev = False

    # -- geometry -----------------------------------------------------------------------------
    def on_deck(self, x: float, y: float) -> bool:
        return abs(x - self.x) <= self.deck_size[0] / 2 and abs(y - self.y) <= self.deck_size[1] / 2

    def surface_at(self, x: float, y: float) -> float | None:
        if not self.present or not self.on_deck(x, y):
            return None
        tops = [c.top_mm for c in self.cartons if c.holds(x, y)]
        return max(tops) if tops else self.deck_mm

    def surface_under(self, x: float, y: float, angle_deg: float, length: float,
                      width: float) -> float | None:
        """The height a carton of that footprint, centred at (x, y) and turned angle_deg, comes down
        on: the highest surface under a 3 x 3 grid of its footprint's points (5 mm in from its
        edges, so a carton laid beside another is not taken to rest on it); None with no pallet."""
        a = math.radians(angle_deg)
        ux, uy = math.cos(a), math.sin(a)
        tops = []
        for f in (-1.0, 0.0, 1.0):
            for g in (-1.0, 0.0, 1.0):
                along, across = f * (length / 2 - 5.0), g * (width / 2 - 5.0)
                top = self.surface_at(x + along * ux - across * uy, y + along * uy + across * ux)
                if top is not None:
                    tops.append(top)
        return max(tops) if tops else None

    @property
    def highest_top(self) -> float:
        return max((c.top_mm for c in self.cartons), default=self.deck_mm)

    def put(self, number: int, x: float, y: float, angle_deg: float, *, bottom_mm: float, height_mm: float,
            size: tuple[float, float]) -> Laid:
        laid = Laid(number, float(x), float(y), float(angle_deg), float(bottom_mm), float(height_mm),
                    float(size[0]), float(size[1]), round(self.time, 3))
        self.cartons.append(laid)
        return laid

    # -- I/O and the exchange -------------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "present":
            return self.present
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "exchange":
            v = bool(value)
            if v and not self._edge_prev and self.present:
                self.present = False
                self.finished.append(self.cartons)
                self.cartons = []
                k = len(self.exchanges)
                self.exchanges.append(round(self.time, 3))
                self._arrive_at = self.time + self.exchange_s[min(k, len(self.exchange_s) - 1)]
            self._edge_prev = v
        else:
            super().write(command, value)

    def step(self, dt: float) -> None:
        self.time += dt
        if self._arrive_at is not None and self.time + 1e-9 >= self._arrive_at:
            self.present, self._arrive_at = True, None

    # -- drawing -------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "deck_size": self.deck_size, "deck_mm": self.deck_mm,
                "present": self.present, "label": self.label, "done": len(self.finished),
                "cartons": [(c.number, c.x, c.y, c.angle_deg, c.length, c.width, c.top_mm)
                            for c in self.cartons]}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        w, d = s["deck_size"]
        return [(s["x"] - w / 2 - 20, s["y"] - d / 2 - 40), (s["x"] + w / 2 + 20, s["y"] + d / 2 + 20)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        w, d = s["deck_size"]
        if s["present"]:
            shapes = list(pen.rect_rotated(s["x"], s["y"], w, d, 0.0, "CYLINDER"))
            for k in range(1, 5):
                yy = s["y"] - d / 2 + k * d / 5
                pen.line((s["x"] - w / 2, yy), (s["x"] + w / 2, yy), pen.shade("CYLINDER", 0.7), 1)
        else:
            shapes = list(pen.rect_rotated(s["x"], s["y"], w, d, 0.0, "GUARD", border=2))
            pen.label("pallet exchange", s["x"], s["y"])
        # the cartons seen from above, the higher ones drawn last and lighter
        for number, cx, cy, ang, length, width, top in sorted(s["cartons"], key=lambda c: c[6]):
            shade = 0.7 + 0.3 * min(1.0, top / 1500.0)
            pen.rect_rotated(cx, cy, length, width, ang, pen.shade(pen.rgb("orange"), shade))
            pen.rect_rotated(cx, cy, length, width, ang, pen.shade(pen.rgb("orange"), 0.5), border=2)
            pen.label(f"{number}", cx, cy)
        pen.label(f"{s['label']}: {len(s['cartons'])} cartons, {s['done']} pallets out", s["x"],
                  s["y"] - d / 2 - 24)
        pen.hot(name, self.kind, shapes)
