"""A pallet rack beside a stacker crane's aisle, seen from the aisle (side view: x along the
aisle, y up), with the crane's infeed and outfeed stands at the aisle's end.

Every storage place is a pair of support beams at a support height (`level_mm`, in the crane's
Z: the height of the load's bottom) and an aisle position (`x_mm`, in the crane's X). The rack's
slots are a grid of `columns_mm` x `levels_mm`, numbered along the bottom level first from the
aisle's end: slot n stands in column (n-1) MOD columns + 1 and level (n-1) DIV columns + 1. The
two stands (`infeed`, `outfeed`: (x_mm, level_mm) each) are places like the slots, at the ends of
two roller conveyors.

A place holds at most one load, known by its id (an int). Loads are a count of identities, not
pymunk parts: a telescopic fork (sim.devices.telescopic_fork.TelescopicFork) takes them from a
place and sets them down on one. `arrive(id)` lays a load on the infeed stand (the infeed
conveyor brings it); a load set down on the outfeed stand is conveyed away `clear_s` later and
logged in `delivered` as (time_s, id).

Signals: 'infeed_present' and 'outfeed_present', the stands' load sensors (TRUE while a load
stands there).

    rack = plant.add(Rack("rack", columns_mm=(800, 1400, 2000), levels_mm=(200, 800, 1400),
                          infeed=(0, 500), outfeed=(0, 1100), loads={4: 901}, clear_s=2.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.plant import Device


@dataclass
class Place:
    """A storage place: its aisle position and support height (mm), the load on it (an id)."""

    name: str
    x_mm: float
    level_mm: float
    slot: int = 0            # the rack slot's number; 0 for a stand
    load: int | None = None


class Rack(Device):
    kind = "rack"
    layer = 1
    signals = ("infeed_present", "outfeed_present")

    def __init__(self, name: str, *, columns_mm: tuple[float, ...], levels_mm: tuple[float, ...],
                 infeed: tuple[float, float], outfeed: tuple[float, float],
                 loads: dict[int, int] | None = None,
                 clear_s: float = 2.0, load_width_mm: float = 420.0, load_height_mm: float = 380.0,
                 stand_length_mm: float = 700.0, label: str = ""):
        super().__init__(name)
        if not columns_mm or not levels_mm:
            raise ValueError(f"{name}: a rack needs at least one column and one level")
        if clear_s <= 0.0:
            raise ValueError(f"{name}: clear_s must be positive")
        self.columns_mm = tuple(float(c) for c in columns_mm)
        self.levels_mm = tuple(float(v) for v in levels_mm)
        self.slots: list[Place] = []
        for level in self.levels_mm:
            for x in self.columns_mm:
                n = len(self.slots) + 1
                self.slots.append(Place(f"slot {n}", x, level, n))
        self.infeed = Place("infeed", float(infeed[0]), float(infeed[1]))
        self.outfeed = Place("outfeed", float(outfeed[0]), float(outfeed[1]))
        self.places = (*self.slots, self.infeed, self.outfeed)
        for n, load in (loads or {}).items():
            self.slot(n).load = int(load)
        self.clear_s = float(clear_s)
        self.load_width_mm, self.load_height_mm = float(load_width_mm), float(load_height_mm)
        self.stand_length_mm = float(stand_length_mm)
        self.label = label or name
        self.time = 0.0
        self.on_outfeed_s = 0.0
        self.delivered: list[tuple[float, int]] = []
        self.arrived: list[tuple[float, int]] = []

    # -- places -------------------------------------------------------------------------
    def slot(self, n: int) -> Place:
        if not 1 <= n <= len(self.slots):
            raise KeyError(f"{self.name} has slots 1 to {len(self.slots)}, not {n}")
        return self.slots[n - 1]

    def place_at(self, x_mm: float, z_mm: float, x_tol_mm: float, band_mm: float) -> Place | None:
        """The place in front of a crane standing at (x_mm, z_mm): its aisle position within
        x_tol_mm and its support height within band_mm of z_mm (None if there is none)."""
        for p in self.places:
            if abs(p.x_mm - x_mm) <= x_tol_mm and abs(p.level_mm - z_mm) <= band_mm:
                return p
        return None

    def where(self, load: int) -> Place | None:
        return next((p for p in self.places if p.load == load), None)

    def occupancy(self) -> int:
        """The slots that hold a load, as a bit mask (bit 0 = slot 1)."""
        return sum(1 << (p.slot - 1) for p in self.slots if p.load is not None)

    def arrive(self, load: int) -> bool:
        """The infeed conveyor brings a load onto the infeed stand (only onto a free one)."""
        if self.infeed.load is not None:
            return False
        self.infeed.load = int(load)
        self.arrived.append((round(self.time, 3), int(load)))
        return True

    def read(self, signal: str) -> Any:
        if signal == "infeed_present":
            return self.infeed.load is not None
        if signal == "outfeed_present":
            return self.outfeed.load is not None
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        if self.outfeed.load is None:
            self.on_outfeed_s = 0.0
            return
        self.on_outfeed_s += dt
        if self.on_outfeed_s >= self.clear_s - 1e-9:
            self.delivered.append((round(self.time, 3), self.outfeed.load))
            self.outfeed.load = None
            self.on_outfeed_s = 0.0

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.columns_mm[len(self.columns_mm) // 2], "y": self.levels_mm[0],
                "places": [(p.name, p.x_mm, p.level_mm, p.slot, p.load) for p in self.places],
                "infeed_present": self.infeed.load is not None,
                "outfeed_present": self.outfeed.load is not None,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        xs = [p.x_mm for p in self.places]
        top = max(p.level_mm for p in self.places) + self.load_height_mm + 120.0
        return [(min(xs) - self.stand_length_mm - 60.0, -120.0), (max(xs) + self.load_width_mm, top)]

    def draw(self, pen) -> None:
        w, h = self.load_width_mm, self.load_height_mm
        pitch = self.levels_mm[1] - self.levels_mm[0] if len(self.levels_mm) > 1 else h + 150.0
        shapes: list = []
        # the rack's uprights between the columns and its support beams under every slot
        half = (self.columns_mm[1] - self.columns_mm[0]) / 2 if len(self.columns_mm) > 1 else w / 2 + 60
        top = self.levels_mm[-1] + pitch - 40.0
        for x in (*(c - half for c in self.columns_mm), self.columns_mm[-1] + half):
            shapes += pen.rect_rotated(x, top / 2, 24.0, top, 0.0, "FRAME")
        for p in self.slots:
            pen.rect_rotated(p.x_mm, p.level_mm - 12.0, 2 * half - 30.0, 24.0, 0.0, "RAIL")
            pen.label(f"slot {p.slot}", p.x_mm, p.level_mm - 40.0)
        # the stands: roller conveyors running off the aisle's end
        for p, sensor in ((self.infeed, "infeed_present"), (self.outfeed, "outfeed_present")):
            length = self.stand_length_mm + w / 2
            x0 = p.x_mm + w / 2 - length / 2        # the belt ends under the load's far edge
            shapes += pen.rect_rotated(x0, p.level_mm - 15.0, length, 30.0, 0.0, "BELT")
            for k in range(9):
                rx = x0 - length / 2 + 40.0 + k * (length - 80.0) / 8
                pen.circle(rx, p.level_mm - 15.0, 12.0, "ROLLER")
            lit = self.read(sensor)
            pen.circle(p.x_mm - w / 2 - 30.0, p.level_mm + 40.0, 14.0, "LIT" if lit else "UNLIT")
            pen.label(f"{p.name} stand" + (" (load)" if lit else ""), x0, p.level_mm - 60.0)
        for p in self.places:
            if p.load is not None:
                shapes += pen.rect_rotated(p.x_mm, p.level_mm + h / 2, w, h, 0.0, "PART")
                pen.text(str(p.load), *pen.px(p.x_mm, p.level_mm + h / 2), "TEXT_DARK", 12, screen=True)
        pen.hot(self.name, self.kind, shapes)
