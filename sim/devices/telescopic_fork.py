"""Telescopic fork of a stacker crane: the load handler on the lifting carriage, reaching from
the aisle into a rack place (sim.devices.rack.Rack), with the carriage's slot eye.

The crane is two drives the task builds (any sim.devices.axis.Axis, the lift usually a
sim.devices.braked_axis.BrakedAxis): `x` travels along the aisle, `z` lifts the carriage; the
fork's top surface stands at the lift's position. The mast rides on the travel carriage: the
lift's rail follows X every step (drawn where it is), as sim.devices.gantry does for its bridge.

The fork is driven by a reversing motor whose control box runs it out while 'extend' is TRUE and
back to the centre while it is FALSE, taking `stroke_s` for the whole stroke either way; end
switches 'retracted' (fully in, on the carriage) and 'extended' (fully in the place). It reaches
into the place in front of the carriage: the one whose aisle position is within `x_tol_mm` of X
and whose support height is within `band_mm` of Z (rack.place_at), as it stands when the fork
leaves its retracted end. Each such set-off is logged in `extensions` (an Extension: the place or
None, X, Z, whether a load was aboard).

Load transfer, by height, with the fork in a place:
- an empty fork that went in below a load's support height takes the load onto itself as Z rises
  above the support height (logged in `picks`); a fork carrying a load that went in above an
  empty place's support height leaves it on the supports as Z sinks below it (`set_downs`);
- that happens only with the fork fully out: done with the fork part way in, the load tips off
  and falls (logged in `dropped`, the load is gone);
- a fork carrying a load into a place that holds one runs into it (logged in `collisions`); an
  empty fork that went in above a load, or a loaded one below an empty place's supports, butts
  against the load or the beams and transfers nothing there (logged in `hits`).

Signals: 'retracted', 'extended', 'loaded' (a load lies on the fork) and 'slot_occupied' (the
carriage's photo-eye looking into the place in front: TRUE while that place, within `eye_band_mm`
of its support height, holds a load).

    fork = plant.add(TelescopicFork("fork", x="crane_x", z="crane_z", rack="rack", stroke_s=1.5))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.devices.axis import Axis
from sim.devices.rack import Place, Rack
from sim.plant import Device


@dataclass
class Extension:
    """One set-off of the fork from its retracted end: where the crane stood and what it carried."""

    time_s: float
    place: Place | None
    x_mm: float
    z_mm: float
    loaded: bool
    above: bool = False      # Z above the place's support height as the fork went in
    blocked: bool = False    # it went in against a load or the beams: no transfer there


class TelescopicFork(Device):
    kind = "telescopic fork"
    layer = 3
    signals = ("retracted", "extended", "loaded", "slot_occupied")
    commands = ("extend",)
    plain_commands = {"extend": ("command", bool)}

    def __init__(self, name: str, *, x: str, z: str, rack: str, stroke_s: float = 1.5,
                 depth_mm: float = 1000.0, x_tol_mm: float = 5.0, band_mm: float = 60.0,
                 eye_band_mm: float = 45.0, origin: tuple[float, float] = (0.0, 0.0), tine_mm: float = 460.0,
                 label: str = ""):
        super().__init__(name)
        if stroke_s <= 0.0:
            raise ValueError(f"{name}: stroke_s must be positive")
        self.names = (x, z, rack)
        self.stroke_s, self.depth_mm = float(stroke_s), float(depth_mm)
        self.x_tol_mm, self.band_mm, self.eye_band_mm = float(x_tol_mm), float(band_mm), float(eye_band_mm)
        self.origin = (float(origin[0]), float(origin[1]))
        self.tine_mm = float(tine_mm)
        self.label = label or name
        self.command = False
        self.out = 0.0                 # 0 = fully retracted .. 1 = fully extended
        self.load: int | None = None
        self.entry: Extension | None = None
        self.time = 0.0
        self.extensions: list[Extension] = []
        self.picks: list[tuple[float, str, int]] = []
        self.set_downs: list[tuple[float, str, int]] = []
        self.collisions: list[tuple[float, str, int, int]] = []
        self.hits: list[tuple[float, str]] = []
        self.dropped: list[tuple[float, str, int]] = []
        self.x: Axis | None = None
        self.z: Axis | None = None
        self.rack: Rack | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.x = plant.device(self.names[0], Axis)
        self.z = plant.device(self.names[1], Axis)
        self.rack = plant.device(self.names[2], Rack)
        self._follow()

    def _follow(self) -> None:
        # the mast stands on the travel carriage
        self.z.origin = (self.origin[0] + self.x.pos, self.origin[1])

    # -- PLC side -------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "extend":
            self.command = bool(value)
        else:
            super().write(command, value)

    @property
    def retracted(self) -> bool:
        return self.out <= 0.0

    @property
    def extended(self) -> bool:
        return self.out >= 1.0

    def place_in_front(self, band_mm: float | None = None) -> Place | None:
        return self.rack.place_at(self.x.pos, self.z.pos, self.x_tol_mm,
                                  self.band_mm if band_mm is None else band_mm)

    def read(self, signal: str) -> Any:
        if signal == "retracted":
            return self.out <= 0.0
        if signal == "extended":
            return self.out >= 1.0
        if signal == "loaded":
            return self.load is not None
        if signal == "slot_occupied":
            p = self.place_in_front(self.eye_band_mm)
            return p is not None and p.load is not None
        return super().read(signal)

    # -- mechanics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        self._follow()
        before = self.out
        rate = dt / self.stroke_s
        self.out = min(1.0, before + rate) if self.command else max(0.0, before - rate)
        if self.out >= 1.0 - 1e-9:
            self.out = 1.0
        elif self.out <= 1e-9:
            self.out = 0.0
        if before <= 0.0 < self.out:
            self._set_off()
        if self.out <= 0.0:
            self.entry = None
            return
        entry = self.entry
        if entry is None or entry.place is None or entry.blocked:
            return
        place, z = entry.place, self.z.pos
        if self.load is None and place.load is not None and z > place.level_mm:
            self._transfer(place, to_fork=True)
        elif self.load is not None and place.load is None and z < place.level_mm:
            self._transfer(place, to_fork=False)

    def _set_off(self) -> None:
        t = round(self.time, 3)
        place = self.place_in_front()
        loaded = self.load is not None
        entry = Extension(t, place, self.x.pos, self.z.pos, loaded)
        if place is not None:
            entry.above = self.z.pos > place.level_mm
            if loaded and place.load is not None:
                self.collisions.append((t, place.name, self.load, place.load))
                entry.blocked = True
            elif loaded != entry.above:
                what = ("its support beams" if loaded else
                        f"load {place.load}" if place.load is not None else "")
                if what:
                    self.hits.append((t, f"the fork went into {place.name} against {what}"))
                    entry.blocked = True
        self.entry = entry
        self.extensions.append(entry)

    def _transfer(self, place: Place, *, to_fork: bool) -> None:
        t = round(self.time, 3)
        if self.out < 1.0:                      # part way in: the load tips off and falls
            load = place.load if to_fork else self.load
            self.dropped.append((t, place.name, load))
            if to_fork:
                place.load = None
            else:
                self.load = None
            return
        if to_fork:
            self.load, place.load = place.load, None
            self.picks.append((t, place.name, self.load))
        else:
            place.load, self.load = self.load, None
            self.set_downs.append((t, place.name, place.load))

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        mx = self.origin[0] + self.x.pos
        return {"x": mx, "y": self.origin[1] + self.z.pos, "out": self.out, "load": self.load,
                "retracted": self.out <= 0.0, "extended": self.out >= 1.0, "command": self.command,
                "slot_occupied": self.read("slot_occupied"), "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        """Where the fork can go: the crane's travel by its lift."""
        ox, oy = self.origin
        return [(ox + self.x.limit_minus_mm - self.tine_mm / 2, oy + self.z.limit_minus_mm - 60.0),
                (ox + self.x.limit_plus_mm + self.tine_mm / 2, oy + self.z.limit_plus_mm + 60.0)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], self.tine_mm
        rack = self.rack
        shapes = []
        if s["load"] is not None:
            h = rack.load_height_mm
            shapes += pen.rect_rotated(x, y + h / 2, rack.load_width_mm, h, 0.0, "HELD")
            pen.text(str(s["load"]), *pen.px(x, y + h / 2), "TEXT_DARK", 12, screen=True)
        colour = "LIT" if s["extended"] else ("JAW" if s["retracted"] else "BUSY")
        shapes += pen.rect_rotated(x, y - 15.0, w, 30.0, 0.0, colour)
        # the fork reaches into the rack, away from the viewer: its stroke as a gauge beside it
        gx, gh = x + w / 2 + 40.0, 160.0
        pen.rect_rotated(gx, y + gh / 2 - 30.0, 24.0, gh, 0.0, "RAIL")
        if s["out"] > 0.0:
            pen.rect_rotated(gx, y - 30.0 + gh * s["out"] / 2, 18.0, gh * s["out"], 0.0, colour)
        # the slot eye on the carriage, lit while it sees a load in the place in front
        pen.circle(x - w / 2 - 30.0, y + 40.0, 12.0, "LIT" if s["slot_occupied"] else "UNLIT")
        word = "in" if s["retracted"] else ("out" if s["extended"] else f"{s['out'] * 100:.0f}% out")
        pen.label(f"{s['label']}: {word}", x, y - 60.0)
        pen.hot(name, self.kind, shapes)
