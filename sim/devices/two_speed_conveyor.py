"""Two-speed belt conveyor: a Conveyor whose pole-changing motor runs at its full speed or, with
the 'slow' command on, at a fixed fraction of it (a creep speed for the last part of a count).

The motor ramps between speeds at the belt's one acceleration (Conveyor.ramp_s is the time to
full speed from standstill), so a belt stopped from full speed coasts v * ramp_s / 2 and from
slow speed only slow_ratio squared of that.

    belt = plant.add(TwoSpeedConveyor("infeed", 700, 0, length=1400, speed=250, slow_ratio=0.25))
    belt.write("run", True); belt.write("slow", True)     # 62.5 mm/s
"""

from __future__ import annotations

from typing import Any

from sim.devices.conveyor import Conveyor


class TwoSpeedConveyor(Conveyor):
    """Commands: 'run' (BOOL), 'reverse' (BOOL), 'slow' (BOOL: creep at slow_ratio x speed).
    Signals as Conveyor: 'running', 'speed_actual' (mm/s). max_speed is the full speed, so
    ramp_s is the time from standstill to full speed."""

    kind = "conveyor"

    def __init__(self, name: str, x: float, y: float, *, speed: float = 150.0, slow_ratio: float = 0.25,
                 **kw: Any):
        if not 0.0 < slow_ratio < 1.0:
            raise ValueError(f"two-speed conveyor {name!r}: slow_ratio must lie between 0 and 1")
        kw.setdefault("max_speed", speed)
        super().__init__(name, x, y, speed=speed, **kw)
        self.commands = ("run", "reverse", "slow")
        self.slow_ratio = float(slow_ratio)
        self.slow = False

    def write(self, command: str, value: Any) -> None:
        if command == "slow":
            self.slow = bool(value)
        else:
            super().write(command, value)

    def set_speed(self) -> float:
        return self.speed * self.slow_ratio if self.slow else self.speed

    def coast_mm(self) -> float:
        """How far the belt runs on after 'run' drops at its present speed (constant deceleration)."""
        a = self.max_speed / self.ramp_s if self.ramp_s > 0 else float("inf")
        return self.velocity ** 2 / (2 * a)

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["slow"] = self.slow
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        if s.get("running"):
            x, y = self.point(self.length - 90, 0)
            pen.label("SLOW" if s.get("slow") else "FAST", x, y, "ON" if not s.get("slow") else "LABEL", 12)
