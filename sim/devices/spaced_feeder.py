"""Spaced feeder: an upstream line that hands parts on to a belt at a pitch measured along the
belt, so the gaps between parts stay what the line made them whether the belt runs fast, slow
or stops (a feeder on a clock would bunch parts up on a slow belt).

    feed = plant.add(SpacedFeeder("upstream", *belt.point(30), belt="infeed",
                                  parts=[dict(part_kind="A", length=40)] * 3, pitch_mm=[60, 150]))

The first part is handed on once the belt has carried first_after_mm (0: at the first step;
parts a task lays on the belt at power-up come before it); part k + 1 once the belt has
carried part k pitch_mm[k] on (pitch = the part's length plus the gap in front of the next).
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import Feeder


class SpacedFeeder(Feeder):
    """Signals: 'empty' (TRUE when every part has been handed on). `belt` is the conveyor's name;
    its odometer (Conveyor.travelled) measures the pitch."""

    kind = "feeder"

    def __init__(self, name: str, x: float, y: float, *, belt: str, parts: list[dict], pitch_mm: list[float],
                 first_after_mm: float = 0.0, prefix: str = "part", angle_deg: float = 0.0):
        if len(pitch_mm) < len(parts) - 1 or any(p <= 0 for p in pitch_mm):
            raise ValueError(f"spaced feeder {name!r}: one positive pitch is needed between each two parts")
        super().__init__(name, x, y, [], prefix=prefix, angle_deg=angle_deg)
        self.belt_name = belt
        self.parts = [dict(p) for p in parts]
        self.pitch_mm = [float(p) for p in pitch_mm]
        self.handed = 0
        self._belt: Any = None
        self.first_after_mm = float(first_after_mm)
        self._last_at: float | None = None     # the belt's odometer when the last part was handed on

    def read(self, signal: str) -> Any:
        if signal == "empty":
            return self.handed >= len(self.parts)
        return super().read(signal)

    def step(self, dt: float) -> None:
        if self.handed >= len(self.parts):
            return
        if self._belt is None:
            self._belt = self.plant[self.belt_name]     # type: ignore[index]
        odo = self._belt.travelled
        due = self.first_after_mm if self._last_at is None else self._last_at + self.pitch_mm[self.handed - 1]
        if odo + 1e-9 >= due:
            self.release(self.parts[self.handed])
            self.handed += 1
            self._last_at = odo

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "angle_deg": self.angle_deg, "released": self.handed,
                "pending": len(self.parts) - self.handed}
