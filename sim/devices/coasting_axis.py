"""Servo carriage whose drive trips in the middle of a move and leaves it to coast on its brake.

It is the positioning drive of sim.devices.axis.Axis with two things a real overtemperature
trip of a carriage drive does:

- the trip comes while the motor runs: armed with ``arm_trip(after_moving_s, text, hold_s)``,
  the drive trips once the carriage has been moving for ``after_moving_s`` in total (the motor
  heats while it runs), so it strikes at any point of a move - accelerating, cruising or
  braking to the target - never while the carriage stands. It trips once;
- a trip switches the power stage off (a stop of category 0): the drive can no longer brake on
  its ramp, and the carriage coasts to a stop on its mechanical brake at ``brake_decel``
  mm/s^2, which may be far softer than the drive's acceleration, past its target if need be.
  ``coasting`` is TRUE from the trip until it has stopped. Switching the enable off while the
  drive is healthy still stops it on the quick-stop ramp, as on the plain Axis.

As on the Axis, the trip latches ``fault`` (``ready`` and ``in_position`` go FALSE), drops the
move, and a reset edge clears it only ``hold_s`` after the trip; the move must then be started
again. ``tripped_at_mm`` / ``tripped_at_s`` say where and when it tripped (None before), for
the judges and the drawing; ``stop_decel`` is the deceleration the carriage would stop with
now (the brake's while coasting or faulted, the drive's ramp otherwise).
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import Axis


class CoastingAxis(Axis):
    """An Axis whose drive may trip mid-move; a tripped carriage coasts on its brake."""

    kind = "axis"

    def __init__(self, name: str, *, brake_decel: float = 500.0, **kw: Any):
        super().__init__(name, **kw)
        if brake_decel <= 0:
            raise ValueError(f"{name}: brake_decel must be positive")
        self.brake_decel = float(brake_decel)
        self.coasting = False
        self.moving_s = 0.0                      # how long the carriage has moved in total
        self._trip_after_s: float | None = None  # armed trip: after this much moving
        self._trip_text = ""
        self._trip_hold_s = 0.0
        self.tripped_at_mm: float | None = None
        self.tripped_at_s: float | None = None
        self._clock_s = 0.0

    def arm_trip(self, after_moving_s: float, text: str = "drive overtemperature",
                 hold_s: float = 0.0) -> None:
        """The drive will trip once the carriage has moved `after_moving_s` in total."""
        self._trip_after_s = float(after_moving_s)
        self._trip_text = text
        self._trip_hold_s = float(hold_s)

    def trip(self, text: str, hold_s: float = 0.0) -> None:
        super().trip(text, hold_s)
        self.coasting = self.vel != 0.0
        self.tripped_at_mm, self.tripped_at_s = self.pos, self._clock_s

    @property
    def stop_decel(self) -> float:
        if self.coasting or self.fault:
            return self.brake_decel
        return self.accel

    def step(self, dt: float) -> None:
        self._clock_s += dt
        if self.coasting:
            # power stage off: the brake alone stops the carriage (the move was dropped)
            if self.fault_hold_s > 0.0:
                self.fault_hold_s -= dt
            if self._start_pending:
                self._start_pending = False
                self._start_move()     # ignored: the drive is faulted
            vel = self.vel
            dv = self.brake_decel * dt
            vel = 0.0 if abs(vel) <= dv else vel - math.copysign(dv, vel)
            self._advance(vel, dt)
            if self.vel == 0.0:
                self.coasting = False
            return
        was_moving = self.vel != 0.0
        super().step(dt)
        if was_moving or self.vel != 0.0:
            self.moving_s += dt
            after = self._trip_after_s
            if after is not None and self.moving_s >= after and self.vel != 0.0:
                self._trip_after_s = None
                self.trip(self._trip_text, self._trip_hold_s)

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["coasting"] = self.coasting
        s["tripped_at_mm"] = self.tripped_at_mm
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        at_mm = s.get("tripped_at_mm")
        if at_mm is None:
            return
        # where the drive tripped: a small red cross on the rail (the carriage coasted on from it)
        x, y = self.point_at(at_mm)
        r = 8.0
        pen.line((x - r, y - r), (x + r, y + r), "FAULT", 2)
        pen.line((x - r, y + r), (x + r, y - r), "FAULT", 2)
