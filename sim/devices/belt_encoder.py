"""Line encoder: a measuring wheel running on a conveyor belt, counting its travel.

The PLC reads a 16-bit counter (INT) that counts up while the belt runs forward and down while
it runs backwards, `counts_per_mm` counts per millimetre, and wraps as a 16-bit counter does:
from 32767 on to -32768 (and back). A program that takes the difference of two readings as a
plain number sees a jump of 65536 counts at every wrap; stored to an INT, the difference
wraps back to the true travel.

The count starts at `start_count` (a counter has no zero of its own). The belt's travel is
integrated from its velocity every step, so the count follows ramps and steps of the belt.
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

COUNTER_SPAN = 65536


def wrap16(n: int) -> int:
    """An integer as a 16-bit signed counter shows it (-32768..32767)."""
    return (n + 32768) % COUNTER_SPAN - 32768


class BeltEncoder(Device):
    """Counts the travel of `conveyor` (sim.devices.conveyor.Conveyor). Drawn as a measuring
    wheel beside the belt at `at_mm` from its infeed end, with its count."""

    kind = "encoder"
    layer = 2
    signals = ("count",)

    def __init__(self, name: str, conveyor, *, counts_per_mm: float = 20.0, start_count: int = 0,
                 at_mm: float = 100.0, label: str = ""):
        super().__init__(name)
        if counts_per_mm <= 0:
            raise ValueError(f"{name}: counts_per_mm must be positive")
        self.conveyor = conveyor
        self.counts_per_mm = float(counts_per_mm)
        self.start_count = int(start_count)
        self.travel_mm = 0.0          # signed belt travel since power-up (for judges)
        self.at_mm = float(at_mm)
        self.label = label or name

    @property
    def total_counts(self) -> int:
        """The counts since power-up without the wrap (what the program must rebuild)."""
        return self.start_count + math.floor(self.travel_mm * self.counts_per_mm + 1e-9)

    @property
    def count(self) -> int:
        return wrap16(self.total_counts)

    def read(self, signal: str) -> Any:
        if signal == "count":
            return self.count
        return super().read(signal)

    def step(self, dt: float) -> None:
        # the belt's velocity after its own step this scan (devices step in the order added:
        # add the encoder after its conveyor)
        self.travel_mm += self.conveyor.velocity * dt

    def _wheel(self) -> tuple[float, float, float]:
        c = self.conveyor
        x, y = c.point(self.at_mm, c.half_width + 22.0)
        return x, y, 18.0

    def state(self) -> dict[str, Any]:
        x, y, r = self._wheel()
        return {"x": x, "y": y, "radius": r, "count": self.count, "travel_mm": self.travel_mm,
                "angle_deg": math.degrees(self.travel_mm / r), "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        x, y, r = self._wheel()
        return [(x - r - 4, y - r - 4), (x + r + 4, y + r + 30)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y, r = s["x"], s["y"], s["radius"]
        pen.circle(x, y, r, "ROLLER")
        pen.circle(x, y, r, "FRAME", width=2)
        a = math.radians(-s["angle_deg"])   # turns against the belt it rolls on
        pen.line((x, y), (x + r * math.cos(a), y + r * math.sin(a)), "TEXT_DARK", 2)
        pen.label(f"{s['label']} {s['count']}", x, y + r + 16)
        pen.hot(self.name, "encoder", [pen.px(x - r, y - r), pen.px(x + r, y + r)])
