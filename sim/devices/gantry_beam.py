"""A gantry beam carried by two drives, one under each end (a dual-drive or "split" gantry).

Each end rides on its own rail, driven by its own servo in cyclic position mode (`BeamDrive`, a
sim.devices.sync_axis.SyncAxis): the PLC writes each drive's setpoint every scan and must keep
both ends together. `BeamDrive` adds what such a drive has on a real split gantry:
- an incremental encoder: its position word counts from an unknown offset (`count_offset_mm`;
  None draws it from the plant's seeded generator within +-`offset_span_mm`), so the two words
  say nothing about the skew until each end has been found on its own home switch;
- a home switch on its rail: `home` is TRUE while the carriage stands at or below `home_mm` (the
  switch's cam reaches from there toward minus); with both ends on their switch edges the beam is
  square;
- a response time: a setpoint word reaches the drive `response_s` after the PLC wrote it (the
  fieldbus cycle and the drive's own), so two drives with different response times given the
  same words at once drift apart while they move;
- limit switches: reaching one latches the drive's fault (it then brakes at its acceleration).

`GantryBeam` ties the two: `skew_mm` is end 1's true position less end 2's; beyond `bind_mm` the
beam binds in its bearings: both drives fault at once ("beam bound") and the event is logged
(`binds`). Drawn from above: the two rails, the carriages and the beam between them, its skew
drawn `skew_scale` times larger than it is so that a millimetre shows, with the figure.

    a = plant.add(BeamDrive("x1", rail=(100, 0), home_mm=0.0, max_speed=300, accel=1500))
    b = plant.add(BeamDrive("x2", rail=(700, 0), home_mm=0.0, max_speed=200, accel=800))
    beam = plant.add(GantryBeam("beam", "x1", "x2", bind_mm=6.0))
"""

from __future__ import annotations

from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.devices.sync_axis import SyncAxis
from sim.plant import Device


class BeamDrive(SyncAxis):
    """One end's drive: a SyncAxis with an encoder offset, a response time, a home switch and
    limit switches (see the module docstring). Positions are true mm along the rail."""

    kind = "beam_drive"
    signals = SyncAxis.signals + ("home", "limit_minus", "limit_plus")

    def __init__(self, name: str, *, rail: tuple[float, float] = (0.0, 0.0), home_mm: float = 0.0,
                 limit_minus_mm: float = -50.0, limit_plus_mm: float = 1000.0,
                 count_offset_mm: float | None = None, offset_span_mm: float = 1000.0,
                 response_s: float = 0.0, **sync: Any):
        super().__init__(name, center=rail, circumference_mm=0.0, **sync)
        if not limit_minus_mm < home_mm < limit_plus_mm:
            raise ValueError(f"{name}: the home switch must lie between the limit switches")
        if response_s < 0:
            raise ValueError(f"{name}: response_s must not be negative")
        self.rail = (float(rail[0]), float(rail[1]))
        self.home_mm = float(home_mm)
        self.limit_minus_mm, self.limit_plus_mm = float(limit_minus_mm), float(limit_plus_mm)
        self.count_offset_mm = None if count_offset_mm is None else float(count_offset_mm)
        self.offset_span_mm = float(offset_span_mm)
        self.response_s = float(response_s)
        self.time_s = 0.0
        self._words: list[tuple[float, int]] = []    # setpoint words on their way: (due, word)

    def attach(self, plant) -> None:
        super().attach(plant)
        if self.count_offset_mm is None:
            self.count_offset_mm = round(plant.rng.uniform(-self.offset_span_mm, self.offset_span_mm), 1)
        # the last setpoint the drive took is where it stands (a word still on its way must not find a
        # stale 0 there on enable)
        self.word = self.read("position")

    # -- PLC side -------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "setpoint" and self.response_s > 0.0:
            self._words.append((self.time_s + self.response_s - 1e-9, int(value)))
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "position":
            return wrap16(int(round((self.pos + (self.count_offset_mm or 0.0)) * 10.0)))
        if signal == "home":
            return self.at_home
        if signal == "limit_minus":
            return self.pos <= self.limit_minus_mm
        if signal == "limit_plus":
            return self.pos >= self.limit_plus_mm
        return super().read(signal)

    @property
    def at_home(self) -> bool:
        return self.pos <= self.home_mm

    # -- mechanics --------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        # a word written before this step at time t is taken by the first step starting at or
        # after t + response_s (with none, by this one, as a SyncAxis takes it)
        while self._words and self._words[0][0] <= self.time_s:
            super().write("setpoint", self._words.pop(0)[1])
        self.time_s += dt
        super().step(dt)
        if not self.fault and (self.pos <= self.limit_minus_mm or self.pos >= self.limit_plus_mm):
            side = "minus" if self.pos <= self.limit_minus_mm else "plus"
            self.fault, self.fault_text = True, f"{side} limit switch reached"

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(x=self.rail[0], y=self.rail[1], home_mm=self.home_mm, home=self.at_home,
                 limit_minus_mm=self.limit_minus_mm, limit_plus_mm=self.limit_plus_mm)
        return s

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.rail
        return [(x - 60.0, y + self.limit_minus_mm - 30.0), (x + 60.0, y + self.limit_plus_mm + 30.0)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        lo, hi = s["limit_minus_mm"], s["limit_plus_mm"]
        rail = pen.rect_rotated(x, y + (lo + hi) / 2, 24.0, hi - lo + 40.0, 0.0, "RAIL")
        for mm in (lo, hi):
            pen.line((x - 20, y + mm), (x + 20, y + mm), "LIMIT", 2)
        pen.line((x - 26, y + s["home_mm"]), (x + 26, y + s["home_mm"]), "HOME", 2)
        pen.circle(x - 34, y + s["home_mm"], 5, "LIT" if s["home"] else "UNLIT", min_px=3)
        col = pen.rgb(s.get("color"), "CARRIAGE")
        if s["fault"]:
            col = "FAULT"
        elif not s["enabled"]:
            col = pen.shade(col, 0.55)
        car = pen.rect_rotated(x, y + s["position_mm"], 60.0, 40.0, 0.0, col)
        pen.label(f"{s['label']}  {s['position_mm']:.1f} mm", x, y + lo - 20)
        if s["fault"] and s["fault_text"]:
            pen.label(s["fault_text"], x, y + hi + 20, "FAULT")
        pen.hot(name, self.kind, rail + car)


class GantryBeam(Device):
    """The beam across two BeamDrive ends: skew, binding past `bind_mm`, drawing."""

    kind = "gantry_beam"
    layer = 3

    def __init__(self, name: str, end1: str, end2: str, *, bind_mm: float = 6.0, skew_scale: float = 10.0,
                 label: str = ""):
        super().__init__(name)
        if bind_mm <= 0:
            raise ValueError(f"{name}: bind_mm must be positive")
        self.names = (end1, end2)
        self.bind_mm = float(bind_mm)
        self.skew_scale = float(skew_scale)
        self.label = label or name
        self.binds: list[tuple[float, float]] = []     # (time s, skew mm) of each bind
        self.time_s = 0.0
        self.end1: BeamDrive | None = None
        self.end2: BeamDrive | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.end1, self.end2 = (plant.device(n, BeamDrive) for n in self.names)

    @property
    def skew_mm(self) -> float:
        return self.end1.pos - self.end2.pos

    @property
    def bound(self) -> bool:
        return bool(self.binds) and abs(self.skew_mm) >= self.bind_mm - 1e-9

    def step(self, dt: float) -> None:
        self.time_s += dt
        skew = self.skew_mm
        if abs(skew) >= self.bind_mm:
            if not self.binds or not (self.end1.fault and self.end2.fault):
                self.binds.append((round(self.time_s, 6), skew))
            for end in (self.end1, self.end2):
                if not end.fault:
                    end.fault, end.fault_text = True, f"beam bound at {skew:+.1f} mm skew"

    def state(self) -> dict[str, Any]:
        a, b = self.end1, self.end2
        return {"x1": a.rail[0], "y1": a.rail[1] + a.pos, "x2": b.rail[0], "y2": b.rail[1] + b.pos,
                "skew_mm": self.skew_mm, "bind_mm": self.bind_mm, "scale": self.skew_scale,
                "bound": self.bound, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()     # the beam from one carriage to the other
        return [(s["x1"], s["y1"] - 20.0), (s["x2"], s["y2"] + 20.0)]

    def draw(self, pen) -> None:
        s = self.state()
        mid = (s["y1"] + s["y2"]) / 2
        half = s["skew_mm"] * s["scale"] / 2          # the skew drawn larger, so a millimetre shows
        colour = "FAULT" if s["bound"] else ("BUSY" if abs(s["skew_mm"]) > s["bind_mm"] / 4 else "RAIL")
        pen.line((s["x1"], mid + half), (s["x2"], mid - half), colour, max(3, pen.mm(30)))
        pen.label(f"{s['label']}: skew {s['skew_mm']:+.2f} mm (drawn x{s['scale']:g})",
                  (s["x1"] + s["x2"]) / 2, mid + 40)
        pen.hot(self.name, self.kind, [pen.px(s["x1"], mid - 20), pen.px(s["x2"], mid + 20)])
