"""Contact gauge probe over a conveyor: a probe on a short vertical slide that measures a part's size.

The probe stands over the belt at `at_mm`. 'lower' TRUE drives it down in `stroke_s`, FALSE back
up in the same time; 'up' is TRUE only fully up. Going down it lands on the part whose centre is
within `reach_mm` of the probe (along the belt), or, with none there, runs to its bottom stop;
'down' is TRUE once it has landed or reached the bottom.

'value' (INT, µm) is the reading, sampled once a step while the probe touches a part: the part's
true size (`size_of(part)`, µm) plus the ringing of the landing, a damped oscillation of
`ring_um` that decays to 5 % (e^-3) by `ringing_s` after touch-down, plus the tip settling into
the surface (`settle_um` decaying with the time constant `settle_s`: a mean of the first few
samples is high however the ringing averages out), plus uniform noise of
`noise_um` peak to peak from the plant's random stream (rounded to whole µm). Lifted off, or at
the bottom with no part, the value is 0.

`touching` names the part under the probe while it is down on one; `landings` logs
[(time_s, part name)] for judges.

    probe = plant.add(GaugeProbe("probe", belt, at_mm=400, ringing_s=0.3, noise_um=2.0,
                                 size_of=lambda part: sizes[part.name]))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece


class GaugeProbe(PartDevice):
    """Contact probe over `conveyor` at `at_mm` (see the module). Signals 'up', 'down', 'value';
    command 'lower'."""

    kind = "gauge_probe"
    layer = 5
    signals = ("up", "down", "value")
    commands = ("lower",)

    def __init__(self, name: str, conveyor: Any, at_mm: float, *, stroke_s: float = 0.2,
                 ringing_s: float = 0.3, ring_um: float = 40.0, period_s: float = 0.045,
                 noise_um: float = 2.0, reach_mm: float = 15.0, settle_um: float = 30.0,
                 settle_s: float = 0.03,
                 size_of: Callable[[Workpiece], float] | None = None, label: str = ""):
        super().__init__(name)
        if stroke_s <= 0 or ringing_s <= 0 or period_s <= 0 or noise_um < 0:
            raise ValueError(f"gauge probe {name!r}: times must be positive and the noise >= 0")
        self.conveyor = conveyor
        self.at_mm = float(at_mm)
        self.x, self.y = conveyor.point(at_mm)
        self.stroke_s, self.ringing_s, self.ring_um = float(stroke_s), float(ringing_s), float(ring_um)
        self.period_s, self.noise_um, self.reach_mm = float(period_s), float(noise_um), float(reach_mm)
        self.settle_um, self.settle_s = float(settle_um), float(settle_s)
        self.size_of = size_of or (lambda part: part.height_mm * 1000.0)
        self.label = label or name
        self.position = 0.0            # 0 = fully up .. 1 = at its landing
        self.lower = False
        self.touching: Workpiece | None = None
        self.landed_at = 0.0
        self.value = 0
        self.time = 0.0
        self.landings: list[tuple[float, str]] = []

    def write(self, command: str, value: Any) -> None:
        if command == "lower":
            self.lower = bool(value)
        else:
            super().write(command, value)

    def under(self) -> Workpiece | None:
        """The part whose centre lies under the probe, if any."""
        for part in self.flow.parts:
            if part.removed:
                continue
            px, py = part.xy()
            if abs(px - self.x) <= self.reach_mm and abs(py - self.y) <= self.conveyor.half_width:
                return part
        return None

    def step(self, dt: float) -> None:
        self.time += dt
        was_down = self.position >= 1.0
        rate = dt / self.stroke_s
        self.position = min(1.0, self.position + rate) if self.lower else max(0.0, self.position - rate)
        if self.position >= 1.0 and not was_down:
            self.touching = self.under()
            self.landed_at = self.time
            if self.touching is not None:
                self.landings.append((round(self.time, 3), self.touching.name))
        elif self.position < 1.0:
            self.touching = None
        part = self.touching
        if part is None:
            self.value = 0
            return
        t = self.time - self.landed_at
        ring = self.ring_um * math.exp(-3.0 * t / self.ringing_s) * math.cos(2 * math.pi * t / self.period_s)
        ring += self.settle_um * math.exp(-t / self.settle_s)   # the tip settling into the surface
        noise = (self.plant.rng.random() - 0.5) * self.noise_um if self.noise_um else 0.0
        self.value = round(self.size_of(part) + ring + noise)

    def read(self, signal: str) -> Any:
        if signal == "up":
            return self.position <= 0.0
        if signal == "down":
            return self.position >= 1.0
        if signal == "value":
            return max(-32768, min(32767, self.value))
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "position": self.position, "touching": self.touching is not None,
                "value": self.value, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 60, self.y - 90), (self.x + 160, self.y + 160)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"], s["y"]
        # seen from above the probe is drawn beside the belt as a slide whose tip travels toward the
        # belt by its stroke (the real motion is vertical), lit red while it touches a part
        base = y + self.conveyor.half_width + 110
        tip = base - 40 - 60 * s["position"]
        pen.rect_rotated(x, base, 32, 40, 0.0, "CYLINDER", border=0)
        pen.rect_rotated(x, base, 32, 40, 0.0, "FRAME", border=2)
        pen.line((x, base - 20), (x, tip), "ROD", 4)
        pen.circle(x, tip, 7, "FAULT" if s["touching"] else "SENSOR_BODY", min_px=3)
        pen.circle(x, y, 6, "LIT" if s["touching"] else "UNLIT", min_px=3)   # the contact point
        pen.label(s["label"], x, base + 32)
        if s["touching"]:
            pen.label(f"{s['value']} um", x + 90, base, "INSPECT_VALID", 12)
        pen.hot(self.name, self.kind, [pen.px(x - 16, base - 20), pen.px(x + 16, base + 20)])
