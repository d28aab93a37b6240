"""Batch mixer: a vessel that takes material from above, an agitator and a bottom discharge valve.

Material comes in through `add(grams, ingredient="bulk")` (a weigh hopper's gate, a doser). The
agitator motor ('run') comes up to speed `start_s` after it is switched on ('running': its speed
monitor). While it runs at speed with material in the vessel the batch is being mixed:
`mixed_s` grows; material added later restarts it (a fresh ingredient is not yet mixed in). The
discharge valve ('discharge', TRUE open) lets the vessel empty at `outflow_gs`; 'empty' is the
low-level switch (TRUE below `empty_g`). When a batch (at least `empty_g`) has run down through
the valve below the low level it is logged in `batches` as (time_s, {ingredient: grams}, mixed_s
at the moment the valve opened); what is left under the switch (a heel) joins the next batch.
Units: grams, seconds, millimetres.

    mixer = plant.add(Mixer("mixer", 0, -300, outflow_gs=400.0))
    mixer.add(250.0, "A"); mixer.write("run", True)      # mixed_s grows once it is up to speed
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

BATCH_COLOUR = "#b08a55"


class Mixer(Device):
    kind = "mixer"
    layer = 3
    signals = ("running", "empty")
    commands = ("run", "discharge")
    # the I/O transfer stores the valve and motor commands and reads the low-level switch as they are
    plain_signals = {"empty": "low_level"}
    plain_commands = {"run": ("run", bool), "discharge": ("discharge", bool)}

    def __init__(self, name: str, x: float, y: float, *, start_s: float = 0.5, outflow_gs: float = 400.0,
                 empty_g: float = 5.0, capacity_g: float = 2000.0, width: float = 260.0):
        super().__init__(name)
        if start_s < 0 or outflow_gs <= 0 or empty_g < 0 or capacity_g <= 0:
            raise ValueError(f"mixer {name!r}: times, flow and sizes must be positive")
        self.x, self.y, self.width = float(x), float(y), float(width)
        self.start_s, self.outflow_gs = float(start_s), float(outflow_gs)
        self.empty_g, self.capacity_g = float(empty_g), float(capacity_g)
        self.contents: dict[str, float] = {}
        self._total_g = 0.0           # sum of contents, kept with every change of them (read per scan)
        self.low_level = True         # the 'empty' switch: under empty_g
        self._contents_changed()
        self.run = self.discharge = False
        self.spun_up_s = 0.0
        self.mixed_s = 0.0
        self.mixed_at_open: float | None = None     # mixed_s when the valve last opened on a batch
        self.batches: list[tuple[float, dict[str, float], float]] = []
        self.out_g = 0.0
        self.time = 0.0
        self.angle = 0.0

    # -- material --------------------------------------------------------------------------
    def total_g(self) -> float:
        return self._total_g

    def _contents_changed(self) -> None:
        self._total_g = total = sum(self.contents.values())
        self.low_level = total < self.empty_g

    def add(self, grams: float, ingredient: str = "bulk") -> None:
        if grams > 0.0:
            self.contents[ingredient] = self.contents.get(ingredient, 0.0) + grams
            self.mixed_s = 0.0
            self._contents_changed()

    # -- I/O ---------------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "run":
            self.run = bool(value)
        elif command == "discharge":
            self.discharge = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "running":
            return self.run and self.spun_up_s >= self.start_s - 1e-9
        if signal == "empty":
            return self.low_level
        return super().read(signal)

    # -- physics ---------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        self.spun_up_s = self.spun_up_s + dt if self.run else 0.0
        total = self._total_g
        if self.run:
            self.angle = (self.angle + 360.0 * dt) % 360.0
            if self.spun_up_s >= self.start_s - 1e-9 and total > 0.0:     # running
                self.mixed_s += dt
        if not self.discharge or total <= 0.0:
            return
        if self.mixed_at_open is None and total >= self.empty_g:
            self.mixed_at_open = self.mixed_s
            self._batch = dict(self.contents)
        out = min(self.outflow_gs * dt, total)
        for k in self.contents:
            self.contents[k] -= out * self.contents[k] / total
        self._contents_changed()
        self.out_g += out
        if self.mixed_at_open is not None and self.low_level:
            self.batches.append((self.time, self._batch, self.mixed_at_open))
            self.mixed_at_open = None
            self.mixed_s = 0.0
        if self._total_g < 1e-6:
            self.contents = {}
            self._contents_changed()

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "total_g": self.total_g(),
                "fill": min(1.0, self.total_g() / self.capacity_g), "running": self.read("running"),
                "run": self.run, "discharge": self.discharge, "empty": self.read("empty"),
                "angle": self.angle, "mixed_s": self.mixed_s, "batches": len(self.batches)}

    def extent(self) -> list[tuple[float, float]]:
        w = self.width
        return [(self.x - w / 2 - 10, self.y - 60), (self.x + w / 2 + 10, self.y + 260)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], s["width"]
        h = 220.0
        pts = pen.rect_rotated(x, y + h / 2, w, h, 0.0, "MACHINE_FLOOR")
        if s["fill"] > 0:
            pen.rect_rotated(x, y + h * s["fill"] / 2, w - 8, h * s["fill"], 0.0, pen.rgb(BATCH_COLOUR))
        pen.rect_rotated(x, y + h / 2, w, h, 0.0, "PLACE_EDGE", border=2)
        # the agitator: a shaft and two blades that turn while the motor runs
        pen.line((x, y + h + 20), (x, y + 40), "ROD", pen.mm(10))
        a = math.radians(s["angle"])
        half = (w / 2 - 20) * abs(math.cos(a))
        pen.line((x - half, y + 50), (x + half, y + 50), "ON" if s["running"] else "ROD", pen.mm(14))
        pen.rect_rotated(x, y + h + 30, 70, 30, 0.0, "COIL" if s["run"] else "SENSOR_BODY")
        # the discharge valve under the vessel
        pen.rect_rotated(x, y - 20, 50, 30, 0.0, "COIL" if s["discharge"] else "SENSOR_BODY")
        if s["discharge"] and s["total_g"] > 0:
            pen.line((x, y - 35), (x, y - 60), pen.rgb(BATCH_COLOUR), pen.mm(20))
        pen.label(f"{name}: {s['total_g']:.0f} g, mixed {s['mixed_s']:.1f} s"
                  + (" EMPTY" if s["empty"] else ""), x, y + h + 60)
        pen.hot(name, self.kind, pts)
