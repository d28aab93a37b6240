"""Hydraulic cylinder on a proportional valve, with an analog position transducer.

The PLC closes the position loop itself: it writes the valve's spool word and reads the
transducer's raw analog word. The physics, per step:

- the spool follows the commanded spool word through the valve's first-order lag ``lag_s``
  (the word is -10000..10000 = -100 % .. +100 % opening; positive extends);
- no flow inside the valve's overlap ``deadband`` (a fraction of the full opening, 0.03 to
  0.12 on real valves); beyond it the flow, and so the rod speed, grows in proportion to the
  opening: full opening gives ``max_speed`` mm/s;
- the rod also creeps at ``drift`` mm/s whatever the valve does (leakage past the piston and a
  load pulling on it), so holding a position needs a small opening against it;
- at either end of the ``stroke`` the piston hits the cylinder's end cap and stops there;
  ``end_hits`` logs (end, speed mm/s) of every arrival on a cap.

The transducer reads 0..27648 for 0..stroke mm (the S7 analog normal range).

``supply`` (1.0 unless a power unit sets it, e.g. sim.devices.hydraulic_power_unit) scales the
valve's flow: a supply pressure short of the valve's rated pressure gives less flow through the
same opening.
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

ANALOG_FULL = 27648
SPOOL_FULL = 10000


class PropCylinder(Device):
    """A proportional-valve hydraulic cylinder drawn from above, its rod extending along +x."""

    kind = "hydraulic cylinder"
    layer = 2
    signals = ("position", "at_minus", "at_plus")
    commands = ("spool",)

    def __init__(self, name: str, x: float, y: float, *, stroke: float = 400.0, max_speed: float = 100.0,
                 deadband: float = 0.05, lag_s: float = 0.1, drift: float = 0.0, start_mm: float = 0.0,
                 bore_mm: float = 70.0, label: str = ""):
        super().__init__(name)
        if stroke <= 0 or max_speed <= 0 or not 0.0 <= deadband < 1.0 or lag_s < 0:
            raise ValueError(f"{name}: stroke and max_speed positive, deadband in [0, 1), lag_s >= 0")
        self.x, self.y = float(x), float(y)
        self.stroke, self.max_speed = float(stroke), float(max_speed)
        self.deadband, self.lag_s, self.drift = float(deadband), float(lag_s), float(drift)
        self.bore_mm = float(bore_mm)
        self.label = label or name
        self.pos = min(max(float(start_mm), 0.0), self.stroke)
        self.vel = 0.0
        self.spool_word = 0
        self.spool = 0.0              # the spool's real opening, -1 .. 1
        self.supply = 1.0             # flow scale from the supply pressure (1 = rated pressure)
        self.end_hits: list[tuple[str, float]] = []
        self._against = ""            # the end cap the piston rests on

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "spool":
            self.spool_word = max(-SPOOL_FULL, min(SPOOL_FULL, int(value)))
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "position":
            return int(round(self.pos / self.stroke * ANALOG_FULL))
        if signal == "at_minus":
            return self.pos <= 0.0
        if signal == "at_plus":
            return self.pos >= self.stroke
        return super().read(signal)

    def flow_speed(self, spool: float) -> float:
        """Rod speed (mm/s) the valve gives at a spool opening (-1..1), drift left out."""
        a, db = abs(spool), self.deadband
        if a <= db:
            return 0.0
        return math.copysign((a - db) / (1.0 - db) * self.max_speed, spool)

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        wanted = self.spool_word / SPOOL_FULL
        if self.lag_s > 0.0:
            self.spool += (wanted - self.spool) * (1.0 - math.exp(-dt / self.lag_s))
        else:
            self.spool = wanted
        vel = self.flow_speed(self.spool) * self.supply + self.drift
        new = self.pos + vel * dt
        end = ""
        if new <= 0.0:
            new, end = 0.0, "minus"
        elif new >= self.stroke:
            new, end = self.stroke, "plus"
        if end and end != self._against:
            self.end_hits.append((end, abs(vel)))
        self._against = end
        self.vel = 0.0 if end else vel
        self.pos = new

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "position_mm": self.pos, "velocity": self.vel,
                "spool": self.spool, "spool_word": self.spool_word, "stroke": self.stroke,
                "at_minus": self.pos <= 0.0, "at_plus": self.pos >= self.stroke, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        b = self.bore_mm
        return [(self.x - 40.0, self.y - b - 60.0), (self.x + 2 * self.stroke + 80.0, self.y + b)]

    def draw(self, pen) -> None:
        s, b = self.state(), self.bore_mm
        x, y, L = self.x, self.y, self.stroke
        barrel = pen.rect_rotated(x + L / 2 + 10, y, L + 20, b, 0.0, "CYLINDER")
        pen.rect_rotated(x + L / 2 + 10, y, L + 20, b, 0.0, "FRAME", border=2)
        px = x + 10 + s["position_mm"]
        pen.rect_rotated(px, y, 16.0, b - 8, 0.0, "PLATE")                        # piston
        end = x + L + 40 + s["position_mm"]                                       # the rod's end
        rod = pen.rect_rotated((px + end) / 2, y, end - px, 18.0, 0.0, "ROD")
        pen.rect_rotated(end, y, 14.0, b + 20, 0.0, "PLATE")                      # rod-end load
        for at, on in ((x + 10, s["at_minus"]), (x + L + 10, s["at_plus"])):
            pen.circle(at, y + b / 2 + 12, 5, "FAULT" if on else "UNLIT", min_px=3)
        # the valve under the barrel: a bar showing the spool opening, the overlap band marked
        vx, vy, w = x + L / 2, y - b / 2 - 34, 160.0
        pen.rect_rotated(vx, vy, w, 16.0, 0.0, "SENSOR_BODY")
        dbw = w / 2 * self.deadband
        pen.rect_rotated(vx, vy, 2 * dbw, 16.0, 0.0, "UNLIT")
        sp = s["spool"]
        if abs(sp) > 1e-4:
            pen.rect_rotated(vx + sp * w / 4, vy, abs(sp) * w / 2, 10.0, 0.0,
                             "ON" if abs(sp) > self.deadband else "BUSY")
        pen.label(f"valve {s['spool_word'] / 100:+.1f} %", vx, vy - 22)
        pen.label(f"{s['label']}  {s['position_mm']:.2f} mm  {s['velocity']:+.1f} mm/s",
                  x + L / 2, y + b / 2 + 30)
        pen.hot(self.name, self.kind, barrel + rod)
