"""Vertical servo axis with a spring-applied holding brake (a lift, a Z axis, a hoist).

It is the positioning drive of sim.devices.axis.Axis standing on end (0 mm at the bottom,
positive up), with what gravity adds to it:

- the drive builds torque ``torque_s`` after it is enabled without a fault (``torque_ok``);
  it accepts a move only then, and loses torque at once when it is disabled or faults;
- the brake is spring-applied: it grips the rail unless its coil is energised
  (``brake_release`` TRUE). The armature takes ``brake_s`` to lift after the coil is
  energised and ``brake_s`` to fall back after it is de-energised; ``brake_open`` is TRUE
  from the moment it has lifted until it grips again (a coil pulse shorter than that
  never opens it);
- with neither the brake gripping nor the drive holding torque, the load sags under
  gravity: it falls at ``9810 * load / (load + carriage)`` mm/s^2 (``sag_mm`` is how far it
  has dropped since it was last held, back to 0 when it is held again);
- a move made against a brake that grips drags the load through the brake shoes:
  ``dragged_mm`` counts that travel (the position still changes: the motor overpowers the
  brake, wearing it).
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import Axis

GRAVITY = 9810.0        # mm/s^2


class BrakedAxis(Axis):
    """A vertical axis: Axis plus a holding brake, drive torque build-up and gravity sag."""

    kind = "braked axis"
    plain_signals = {**Axis.plain_signals, "torque_ok": "torque_ok", "brake_open": "brake_is_open"}
    plain_commands = {**Axis.plain_commands, "brake_release": ("brake_coil", bool)}
    edge_commands = Axis.edge_commands   # write hands them to Axis.write as they are
    signals = Axis.signals + ("torque_ok", "brake_open")
    commands = Axis.commands + ("brake_release",)

    def __init__(self, name: str, *, brake_s: float = 0.1, torque_s: float = 0.1, load_kg: float = 10.0,
                 carriage_kg: float = 10.0, **kw: Any):
        kw.setdefault("angle_deg", 90.0)
        super().__init__(name, **kw)
        if brake_s <= 0 or torque_s <= 0:
            raise ValueError(f"{name}: brake_s and torque_s must be positive")
        self.brake_s = float(brake_s)
        self.torque_s = float(torque_s)
        self.load_kg = float(load_kg)
        self.sag_accel = GRAVITY * self.load_kg / (self.load_kg + float(carriage_kg))
        self.brake_coil = False     # the PLC's brake_release output
        self.brake_lift = 0.0       # 0 = armature down (gripping) .. 1 = fully lifted
        self.brake_is_open = False  # lifted, and not yet fallen back
        self.torque_time = 0.0      # how long the drive has been building torque
        self.sag_mm = 0.0
        self.max_sag_mm = 0.0
        self.dragged_mm = 0.0
        self._held_at = self.pos

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "brake_release":
            self.brake_coil = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "torque_ok":
            return self.torque_ok
        if signal == "brake_open":
            return self.brake_is_open
        return super().read(signal)

    @property
    def torque_ok(self) -> bool:
        return self.enabled and not self.fault and self.torque_time >= self.torque_s - 1e-9

    @property
    def gripping(self) -> bool:
        return not self.brake_is_open

    @property
    def held(self) -> bool:
        return self.gripping or self.torque_ok

    def _start_move(self) -> None:
        if self.torque_ok:      # a drive without torque ignores the start edge
            super()._start_move()

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        # torque_ok, gripping and held written out (they are asked eight times a step)
        self._brake_step(dt)
        if self.enabled and not self.fault:
            self.torque_time += dt
            torque = self.torque_time >= self.torque_s - 1e-9
        else:
            self.torque_time = 0.0
            torque = False
        if torque:
            before = self.pos
            super().step(dt)
            if not self.brake_is_open:
                self.dragged_mm += abs(self.pos - before)
        else:
            self._start_pending = False
            self.moving_to_target = False
            if not self.brake_is_open:
                self.vel = 0.0
                self.rest_time += dt
            else:
                self._fall(dt)
        if not self.brake_is_open or self.torque_ok:  # held (the move may have tripped the drive)
            self.sag_mm = 0.0
            self._held_at = self.pos

    def _brake_step(self, dt: float) -> None:
        rate = dt / self.brake_s
        if self.brake_coil:
            self.brake_lift = min(1.0, self.brake_lift + rate)
            if self.brake_lift >= 1.0 - 1e-9:
                self.brake_is_open = True
        else:
            self.brake_lift = max(0.0, self.brake_lift - rate)
            if self.brake_lift <= 1e-9:
                self.brake_is_open = False
        if not self.brake_is_open and not self.torque_ok:  # gripping: no torque, no speed
            self.vel = 0.0

    def _fall(self, dt: float) -> None:
        vel = self.vel - self.sag_accel * dt
        new_pos = self.pos + vel * dt
        if new_pos <= self.limit_minus_mm:
            self._hit("minus", self.limit_minus_mm)
        else:
            self.pos, self.vel, self.rest_time = new_pos, vel, 0.0
        self.sag_mm = max(0.0, self._held_at - self.pos)
        self.max_sag_mm = max(self.max_sag_mm, self.sag_mm)

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(brake_open=self.brake_is_open, brake_release=self.brake_coil, brake_lift=self.brake_lift,
                 torque_ok=self.torque_ok, load_kg=self.load_kg, sag_mm=self.sag_mm)
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        ang = s["angle_deg"]
        cx, cy = s["carriage_x"], s["carriage_y"]
        length, width = s["carriage_length"], s["carriage_width"]
        # the load hangs from the carriage's face, away from the rail
        a = math.radians(ang)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        side = width / 2 + 25.0
        lx, ly = cx + vx * side, cy + vy * side
        pen.rect_rotated(lx, ly, length * 0.8, 40.0, ang, "PART")
        pen.label(f"{s['load_kg']:g} kg", lx + vx * 40, ly + vy * 40)
        # brake shoes on both sides of the rail, just below the carriage: closed onto the rail
        # while gripping, drawn apart (and lit) while open
        rw = s["rail_width"]
        gap = 2.0 + 14.0 * s["brake_lift"]
        bx, by = cx + ux * (length / 2 + 12), cy + uy * (length / 2 + 12)
        colour = "LIT" if s["brake_open"] else "FAULT"
        for sign in (-1, 1):
            off = sign * (rw / 2 + gap + 8)
            pen.rect_rotated(bx + vx * off, by + vy * off, 18.0, 16.0, ang, colour)
        pen.label("brake open" if s["brake_open"] else "brake gripping",
                  bx - vx * (rw + 60), by - vy * (rw + 60), "LIT" if s["brake_open"] else "LABEL")
        # the drive's torque lamp beside the carriage
        pen.circle(cx - vx * (width / 2 + 10), cy - vy * (width / 2 + 10), 6,
                   "ON" if s["torque_ok"] else "UNLIT")
