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
    plain_signals = {"present": "present"}

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
        self._geometry_of: list[Laid] | None = None   # the list _footprints last worked out
        self._geometry_count = 0
        self._geometry: tuple[tuple[float, ...], ...] = ()
        self._highest = self.deck_mm

    # -- geometry -----------------------------------------------------------------------------
    def on_deck(self, x: float, y: float) -> bool:
        return abs(x - self.x) <= self.deck_size[0] / 2 and abs(y - self.y) <= self.deck_size[1] / 2

    def surface_at(self, x: float, y: float) -> float | None:
        if not self.present or not self.on_deck(x, y):
            return None
        return self._top_at(x, y, self._footprints())

    def _footprints(self) -> tuple[tuple[float, ...], ...]:
        """Each carton's centre, the cosine and sine of its angle, its half length and width (with
        Laid.holds' 1e-9) and its top: worked out once per carton laid, not per point looked at
        (the head asks for the surface under it on every step it is low). Cartons only come by
        put() or go by an exchange (a new list), so the list and its length say when to redo it."""
        cartons = self._geometry_of
        if cartons is not self.cartons or self._geometry_count != len(cartons):
            cartons = self._geometry_of = self.cartons
            self._geometry_count = len(cartons)
            geometry = []
            for c in cartons:
                a = math.radians(c.angle_deg)
                geometry.append((c.x, c.y, math.cos(a), math.sin(a), c.length / 2 + 1e-9, c.width / 2 + 1e-9,
                                 c.top_mm))
            self._geometry = tuple(geometry)
            self._highest = max((g[6] for g in geometry), default=self.deck_mm)
        return self._geometry

    def _top_at(self, x: float, y: float, geometry) -> float:
        """surface_at on the deck: Laid.holds of every carton, the same sums in the same order."""
        top = None
        for cx, cy, ca, sa, half_length, half_width, t in geometry:
            dx, dy = x - cx, y - cy
            if abs(dx * ca + dy * sa) <= half_length and abs(-dx * sa + dy * ca) <= half_width:
                if top is None or t > top:
                    top = t
        return self.deck_mm if top is None else top

    def surface_under(self, x: float, y: float, angle_deg: float, length: float,
                      width: float) -> float | None:
        """The height a carton of that footprint, centred at (x, y) and turned angle_deg, comes down
        on: the highest surface under a 3 x 3 grid of its footprint's points (5 mm in from its
        edges, so a carton laid beside another is not taken to rest on it); None with no pallet."""
        if not self.present:
            return None
        a = math.radians(angle_deg)
        ux, uy = math.cos(a), math.sin(a)
        geometry = self._footprints()
        best = None
        for f in (-1.0, 0.0, 1.0):
            for g in (-1.0, 0.0, 1.0):
                along, across = f * (length / 2 - 5.0), g * (width / 2 - 5.0)
                px, py = x + along * ux - across * uy, y + along * uy + across * ux
                if not self.on_deck(px, py):
                    continue
                top = self._top_at(px, py, geometry)
                if best is None or top > best:
                    best = top
        return best

    @property
    def highest_top(self) -> float:
        self._footprints()
        return self._highest

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
