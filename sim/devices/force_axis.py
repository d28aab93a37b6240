"""Press ram on a servo axis with a force limit, pressing onto a springy part.

It is the positioning drive of sim.devices.axis.Axis (0 mm = ram at the top, positive down)
with a part under it: below ``contact_mm`` the ram compresses the part, which pushes back as a
spring of ``stiffness`` N/mm (force = stiffness x compression). The drive has a force limit
(the ``force_limit`` word, in N; 0 = the drive's own maximum ``max_force_n``): when a step would
push harder than the limit the ram stops where the force equals it, within the step (a real
drive's torque limit acts inside its current loop, far faster than a PLC scan). It then
stays stalled there, still trying to reach its target (busy, never in_position), until the
target or the limit changes. ``at_force_limit`` is TRUE while it is stalled so.

The force word the PLC reads comes through the load cell's amplifier, a first-order lag of
``force_lag_s``; the true force (``force_n``) is what judges read.
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import WORD_MAX, Axis


class ForceAxis(Axis):
    """A press ram: Axis plus a contact spring, a force limit that stalls it, and a force signal."""

    kind = "press ram"
    signals = Axis.signals + ("force", "at_force_limit")
    commands = Axis.commands + ("force_limit",)

    def __init__(self, name: str, *, contact_mm: float = 100.0, stiffness: float = 10000.0,
                 force_lag_s: float = 0.0, max_force_n: float = 30000.0, part_height_mm: float = 40.0,
                 **kw: Any):
        kw.setdefault("angle_deg", -90.0)
        super().__init__(name, **kw)
        if stiffness <= 0 or max_force_n <= 0:
            raise ValueError(f"{name}: stiffness and max_force_n must be positive")
        self.contact_mm = float(contact_mm)
        self.stiffness = float(stiffness)
        self.force_lag_s = float(force_lag_s)
        self.max_force_n = float(max_force_n)
        self.part_height_mm = float(part_height_mm)
        self.limit_word = 0
        self.force_seen = 0.0       # the amplifier's output (lagged)
        self.stalled = False
        self.peak_force_n = 0.0

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "force_limit":
            self.limit_word = int(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "force":
            return min(WORD_MAX, int(round(self.force_seen)))
        if signal == "at_force_limit":
            return self.stalled
        return super().read(signal)

    @property
    def force_limit_n(self) -> float:
        w = self.limit_word
        return self.max_force_n if w <= 0 else min(float(w), self.max_force_n)

    def force_at(self, pos: float) -> float:
        return max(0.0, (pos - self.contact_mm) * self.stiffness)

    @property
    def force_n(self) -> float:
        return self.force_at(self.pos)

    @property
    def in_contact(self) -> bool:
        return self.pos > self.contact_mm

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        super().step(dt)
        limit = self.force_limit_n
        stall_at = self.contact_mm + limit / self.stiffness
        self.stalled = False
        if self.pos >= stall_at - 1e-9 and (self.vel > 0.0 or self.pos > stall_at):
            # the drive's force limit holds the ram where the part pushes back as hard
            self.pos, self.vel, self.stalled = stall_at, 0.0, True
            self.rest_time = 0.0
        force = self.force_n
        self.peak_force_n = max(self.peak_force_n, force)
        if self.force_lag_s > 0.0:
            # exact first-order step: the amplifier covers 63 % of a change in force_lag_s
            self.force_seen += (force - self.force_seen) * (1.0 - math.exp(-dt / self.force_lag_s))
        else:
            self.force_seen = force

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(contact_mm=self.contact_mm, force_n=self.force_n, force_limit_n=self.force_limit_n,
                 stalled=self.stalled, part_height_mm=self.part_height_mm)
        return s

    def extent(self) -> list[tuple[float, float]]:
        pts = super().extent()
        lo = self.point_at(self.contact_mm + self.part_height_mm)
        return pts + [(lo[0] - 80.0, lo[1] - 10.0), (lo[0] + 80.0, lo[1] + 10.0)]

    def draw(self, pen) -> None:
        s = self.state()
        ang = s["angle_deg"]
        super().draw(pen)
        # the part on the bed, over the column: squeezed by the ram, lit while it is pressed
        # (the ram's face is half its length below its centre; it touches the part at contact_mm)
        face = max(s["contact_mm"], s["position_mm"]) + s["carriage_length"] / 2
        height = s["part_height_mm"] - max(0.0, s["position_mm"] - s["contact_mm"])
        cx, cy = self.point_at(face + height / 2)
        pen.rect_rotated(cx, cy, height, 110.0, ang, "LIT" if s["force_n"] > 0 else "PART")
        bed = self.point_at(s["contact_mm"] + s["carriage_length"] / 2 + s["part_height_mm"] + 8)
        pen.rect_rotated(bed[0], bed[1], 16.0, 200.0, ang, "FRAME")
        lx, ly = self.point_at(s["position_mm"])
        pen.label(f"{s['force_n'] / 1000:.2f} kN (limit {s['force_limit_n'] / 1000:.2f})", lx + 110, ly,
                  "FAULT" if s["stalled"] else "LABEL")
