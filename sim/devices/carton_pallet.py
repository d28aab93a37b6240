"""A pallet loaded with cartons in slot columns, to be depalletized from above.

Seen from above: the pallet's deck is a rectangle centred at (x, y); each slot is a place on it
(its centre relative to the pallet's), holding a column of cartons one on another. Heights
(mm above the floor): the deck's top is `deck_mm`; a column of n cartons of `carton_mm` each
has its top at deck_mm + n * carton_mm. Columns may differ (a partial top layer, a slot that
was never loaded): that is what a picker must find by touching down.

`surface_at(x, y)` is the height of whatever a tool coming down at (x, y) meets first: the top
of the column whose carton footprint holds the point, else the deck (within the pallet), else
None (off the pallet: the floor is the caller's business). `slot_at(x, y)` names that slot.
`take(slot)` lifts the column's top carton off (a record: number, slot, layer) and logs it in
`taken` with the time; `leaky` cartons (by number) are those whose top has a slit or a seam a
suction cup cannot seal well (a vacuum tool reads `carton.leaky`).

    pallet = plant.add(CartonPallet("pallet", x=700, y=500, slots=((0, -200), (0, 200)),
                                    columns=(3, 2), carton_mm=220, deck_mm=140, leaky=(4,)))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.plant import Device


@dataclass(slots=True)
class Carton:
    """One carton: its number (counted from the bottom of slot 1 up, then slot 2 ...), its slot
    (1-based), its layer (1 = on the deck) and whether its top lets a suction cup leak."""

    number: int
    slot: int
    layer: int
    leaky: bool = False


class CartonPallet(Device):
    """Cartons in columns on a pallet; no signals of its own (the tool touches them)."""

    kind = "carton_pallet"
    layer = 3
    signals = ()

    def __init__(self, name: str, *, x: float, y: float, slots: tuple[tuple[float, float], ...],
                 columns: tuple[int, ...], carton_mm: float, deck_mm: float = 140.0,
                 carton_size: tuple[float, float] = (500.0, 350.0),
                 deck_size: tuple[float, float] = (600.0, 800.0),
                 leaky: tuple[int, ...] = (), label: str = ""):
        super().__init__(name)
        if len(slots) != len(columns):
            raise ValueError(f"{name}: one column count per slot")
        if carton_mm <= 0 or any(n < 0 for n in columns):
            raise ValueError(f"{name}: carton_mm must be positive and no column negative")
        self.x, self.y = float(x), float(y)
        self.slots = tuple((float(dx), float(dy)) for dx, dy in slots)
        self.carton_mm, self.deck_mm = float(carton_mm), float(deck_mm)
        self.carton_size = (float(carton_size[0]), float(carton_size[1]))
        self.deck_size = (float(deck_size[0]), float(deck_size[1]))
        self.label = label or name
        self.columns: list[list[Carton]] = []
        number = 0
        for s, n in enumerate(columns, 1):
            col = []
            for layer in range(1, n + 1):
                number += 1
                col.append(Carton(number, s, layer, number in set(leaky)))
            self.columns.append(col)
        self.loaded = number
        self.taken: list[tuple[float, Carton]] = []
        self.time = 0.0

    # -- geometry -------------------------------------------------------------------------
    def slot_centre(self, slot: int) -> tuple[float, float]:
        dx, dy = self.slots[slot - 1]
        return (self.x + dx, self.y + dy)

    def slot_at(self, x: float, y: float) -> int | None:
        """The slot whose carton footprint holds (x, y)."""
        hl, hw = self.carton_size[0] / 2, self.carton_size[1] / 2
        ox, oy = self.x, self.y
        for s, (dx, dy) in enumerate(self.slots, 1):
            cx, cy = ox + dx, oy + dy      # slot_centre(s)
            if abs(x - cx) <= hl and abs(y - cy) <= hw:
                return s
        return None

    def on_deck(self, x: float, y: float) -> bool:
        return abs(x - self.x) <= self.deck_size[0] / 2 and abs(y - self.y) <= self.deck_size[1] / 2

    def column_top(self, slot: int) -> float:
        return self.deck_mm + len(self.columns[slot - 1]) * self.carton_mm

    def top_carton(self, slot: int) -> Carton | None:
        col = self.columns[slot - 1]
        return col[-1] if col else None

    def surface_at(self, x: float, y: float) -> float | None:
        slot = self.slot_at(x, y)
        if slot is not None:
            return self.column_top(slot)
        return self.deck_mm if self.on_deck(x, y) else None

    @property
    def highest_top(self) -> float:
        """The top of the highest carton on the pallet (the deck when it is empty)."""
        return max(self.column_top(s) for s in range(1, len(self.slots) + 1))

    @property
    def remaining(self) -> int:
        return sum(len(c) for c in self.columns)

    # -- what a tool does ---------------------------------------------------------------------
    def take(self, slot: int) -> Carton | None:
        col = self.columns[slot - 1]
        if not col:
            return None
        carton = col.pop()
        self.taken.append((round(self.time, 3), carton))
        return carton

    def step(self, dt: float) -> None:
        self.time += dt

    # -- drawing -----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "deck_size": self.deck_size, "carton_size": self.carton_size,
                "deck_mm": self.deck_mm, "carton_mm": self.carton_mm, "label": self.label,
                "columns": [[c.number for c in col] for col in self.columns],
                "leaky": [c.number for col in self.columns for c in col if c.leaky],
                "centres": [self.slot_centre(s) for s in range(1, len(self.slots) + 1)]}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        w, d = s["deck_size"]
        return [(s["x"] - w / 2 - 20, s["y"] - d / 2 - 40), (s["x"] + w / 2 + 20, s["y"] + d / 2 + 20)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        w, d = s["deck_size"]
        shapes = list(pen.rect_rotated(s["x"], s["y"], w, d, 0.0, "CYLINDER"))
        # the deck boards
        for k in range(1, 5):
            yy = s["y"] - d / 2 + k * d / 5
            pen.line((s["x"] - w / 2, yy), (s["x"] + w / 2, yy), pen.shade("CYLINDER", 0.7), 1)
        cl, cw = s["carton_size"]
        leaky = set(s["leaky"])
        for (cx, cy), col in zip(s["centres"], s["columns"], strict=True):
            if not col:
                pen.rect_rotated(cx, cy, cl, cw, 0.0, "GUARD", border=1)
                pen.label("empty", cx, cy)
                continue
            # darker the higher the column: the top carton seen from above
            shade = 0.7 + 0.3 * len(col) / 4.0
            pen.rect_rotated(cx, cy, cl, cw, 0.0, pen.shade(pen.rgb("orange"), min(shade, 1.3)))
            pen.rect_rotated(cx, cy, cl, cw, 0.0, pen.shade(pen.rgb("orange"), 0.5), border=2)
            top = s["deck_mm"] + len(col) * s["carton_mm"]
            pen.label(f"{len(col)} high, top {top:.0f} mm" + (" (leaky top)" if col[-1] in leaky else ""),
                      cx, cy)
        pen.label(f"{s['label']}: deck {s['deck_mm']:.0f} mm", s["x"], s["y"] - d / 2 - 24)
        pen.hot(name, self.kind, shapes)
