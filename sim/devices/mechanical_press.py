"""Mechanical press: a flywheel, a clutch/brake and a crank driving the ram.

The flywheel runs all the time. With the clutch engaged (its coil on, after `engage_s`) the crank
turns with it at `spm` strokes a minute (spm x 6 deg/s). With the clutch dropped the spring brake
stops the crank at a constant deceleration, so that it runs on by the brake's overrun angle past
where the clutch dropped. The brake wears: each stop adds `growth_deg` to the overrun (plus the
seeded scatter of up to `scatter_deg`), so the stopping angle drifts over a run.

The crank angle is 0 deg at top dead centre (TDC, the ram up) and 180 deg at bottom dead centre
(BDC); the ram's height follows it, stroke_mm x (1 + cos(angle)) / 2 above the bottom.

Signals: angle (deg, INT 0..359), tdc (cam: TRUE within `tdc_cam_deg` of TDC), running (the crank
is turning), fault (a latched press fault, `trip()`: the clutch drops by itself and stays out until
a reset edge after the fault's hold). Commands: clutch (TRUE engages, FALSE drops it and the brake
stops the crank), reset (rising edge clears a fault whose hold has run out).
Judges read `turned_deg` (the crank's angle, unwrapped), `stops` (each stop: the unwrapped angle
where it came to rest and the overrun it had) and `engaged`.

    press = plant.add(MechanicalPress("press", spm=30, overrun_deg=20))
    press.write("clutch", True)
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class MechanicalPress(Device):
    kind = "mechanical_press"
    layer = 3
    signals = ("angle", "tdc", "running", "fault")
    commands = ("clutch", "reset")

    def __init__(self, name: str, *, spm: float = 30.0, overrun_deg: float = 20.0, growth_deg: float = 0.5,
                 scatter_deg: float = 0.0, engage_s: float = 0.03, start_deg: float = 0.0,
                 tdc_cam_deg: float = 5.0, stroke_mm: float = 120.0, x: float = 0.0, y: float = 0.0,
                 label: str = ""):
        super().__init__(name)
        if spm <= 0 or overrun_deg <= 0 or engage_s < 0:
            raise ValueError(f"{name}: spm and overrun_deg must be positive, engage_s not negative")
        self.spm = float(spm)
        self.speed_deg_s = self.spm * 6.0
        self.overrun_deg = float(overrun_deg)      # the next stop's overrun (before scatter)
        self.growth_deg, self.scatter_deg = float(growth_deg), float(scatter_deg)
        self.engage_s = float(engage_s)
        self.tdc_cam_deg = float(tdc_cam_deg)
        self.stroke_mm = float(stroke_mm)
        self.x, self.y = float(x), float(y)
        self.label = label or name
        self.clutch = False
        self.engaged = False
        self.engage_left = 0.0
        self.turned_deg = float(start_deg)         # unwrapped crank angle
        self.omega = 0.0                           # deg/s
        self.decel = 0.0
        self.braking_from = 0.0                    # unwrapped angle where the clutch dropped
        self.this_overrun = 0.0
        self.stops: list[tuple[float, float]] = []  # (unwrapped rest angle, overrun of that stop)
        self.fault = False
        self.fault_hold_s = 0.0
        self.faulted_at: list[float] = []           # unwrapped crank angle at each trip
        self._reset_prev = False

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "clutch":
            v = bool(value)
            if v and not self.clutch:
                self.engage_left = self.engage_s
            self.clutch = v
        elif command == "reset":
            v = bool(value)
            if v and not self._reset_prev and self.fault and self.fault_hold_s <= 0.0:
                self.fault = False
            self._reset_prev = v
        else:
            super().write(command, value)

    def trip(self, hold_s: float = 0.0) -> None:
        """A press fault now (a clutch air pressure switch, an overload): the clutch drops by itself
        and the brake stops the crank; the clutch stays out until a reset edge, which is ignored
        until `hold_s` has run out."""
        self.fault = True
        self.fault_hold_s = float(hold_s)
        self.faulted_at.append(self.turned_deg)

    @property
    def angle_deg(self) -> float:
        return self.turned_deg % 360.0

    @property
    def off_tdc_deg(self) -> float:
        """How far the crank stands from TDC, either side."""
        a = self.angle_deg
        return min(a, 360.0 - a)

    @property
    def running(self) -> bool:
        return self.omega > 0.0

    def read(self, signal: str) -> Any:
        if signal == "angle":
            return int(math.floor(self.angle_deg)) % 360
        if signal == "tdc":
            return self.off_tdc_deg <= self.tdc_cam_deg
        if signal == "running":
            return self.running
        if signal == "fault":
            return self.fault
        return super().read(signal)

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self.fault_hold_s > 0.0:
            self.fault_hold_s = max(0.0, self.fault_hold_s - dt)
        if self.clutch and not self.fault:
            if self.engage_left > 1e-9:          # the clutch is still closing
                self.engage_left -= dt
                return self._coast(dt)
            self.engaged = True
            self.omega = self.speed_deg_s
            self.turned_deg += self.omega * dt
            return
        if self.clutch and self.fault:
            self.engage_left = self.engage_s     # a clutch held on through a fault engages afresh
        if self.engaged:
            # the clutch dropped: the brake takes the crank from here to rest in its overrun
            self.engaged = False
            scatter = self.plant.rng.uniform(-self.scatter_deg, self.scatter_deg) if self.scatter_deg else 0.0
            self.this_overrun = max(0.5, self.overrun_deg + scatter)
            self.decel = self.omega ** 2 / (2.0 * self.this_overrun)
            self.braking_from = self.turned_deg
        self._coast(dt)

    def _coast(self, dt: float) -> None:
        if self.omega <= 0.0:
            return
        w1 = self.omega - self.decel * dt
        if w1 <= 0.0:
            self.turned_deg = self.braking_from + self.this_overrun
            self.omega = 0.0
            self.stops.append((self.turned_deg, self.this_overrun))
            self.overrun_deg += self.growth_deg
        else:
            self.turned_deg += (self.omega + w1) / 2.0 * dt
            self.omega = w1

    # -- drawing --------------------------------------------------------------------------
    def ram_mm(self) -> float:
        """Ram height above its bottom position."""
        return self.stroke_mm * (1.0 + math.cos(math.radians(self.angle_deg))) / 2.0

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "angle_deg": self.angle_deg, "ram_mm": self.ram_mm(),
                "clutch": self.clutch, "engaged": self.engaged, "running": self.running, "label": self.label,
                "tdc": self.read("tdc"), "stroke_mm": self.stroke_mm, "strokes": len(self.stops)}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 170.0, self.y - 40.0), (self.x + 170.0, self.y + 420.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"], s["y"]                    # (x, y): the middle of the bed
        frame = pen.rect_rotated(x, y + 190.0, 240.0, 400.0, 0.0, "FRAME", border=3)   # the C-frame
        pen.rect_rotated(x, y + 10.0, 200.0, 20.0, 0.0, "MACHINE_FLOOR")               # bed and die
        pen.rect_rotated(x, y + 30.0, 120.0, 20.0, 0.0, "GUIDE")
        # crank and flywheel at the top, the crank pin at the crank angle (0 = TDC up)
        cx, cy, r = x, y + 330.0, 40.0
        pen.circle(cx + 85.0, cy, 55.0, "CYLINDER")                                     # flywheel
        pen.circle(cx + 85.0, cy, 55.0, "ON" if s["engaged"] else "FRAME", width=3)
        a = math.radians(s["angle_deg"])
        pin = (cx + r * math.sin(a), cy + r * math.cos(a))
        pen.circle(cx, cy, r + 6.0, "MACHINE_FLOOR")
        pen.line((cx, cy), pin, "ROD", max(3, pen.mm(10)))
        # the ram hanging from the connecting rod, at its height above the die
        ram_y = y + 60.0 + s["ram_mm"]
        pen.line(pin, (x, ram_y + 30.0), "ROD", max(3, pen.mm(12)))
        pen.rect_rotated(x, ram_y + 15.0, 130.0, 30.0, 0.0, "PLATE")
        # TDC mark and cam lamp
        pen.line((cx, cy + r + 8.0), (cx, cy + r + 20.0), "TARGET", 2)
        pen.circle(cx - 70.0, cy, 6.0, "LIT" if s["tdc"] else "UNLIT", min_px=3)
        pen.label(f"{s['label']}  {s['angle_deg']:.0f} deg  clutch {'in' if s['clutch'] else 'out'}"
                  f"  strokes {s['strokes']}", x, y + 410.0)
        pen.hot(self.name, self.kind, frame, pad=4)
