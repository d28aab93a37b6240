"""Weigh scale (a load cell under a platform with its weighing electronics).

The load on the platform comes from a device under it that offers `gross_g()` (a Carton). The
reading follows the load with the electronics' filter, a first-order lag that settles to within
0.5 g of a step of up to 1 kg in about `settle_s`, plus measurement noise (uniform, +-`noise_g`,
from the plant's seeded rng, new every step).

Signals: `weight` (INT, the net reading in 0.1 g units: reading minus the tare), `stable` (TRUE
once the load has not changed and the filtered reading has been within `stable_band_g` of it for
`stable_s`: no material landing, nothing still settling). Command `tare` (rising edge: the present reading
becomes the zero). Units: grams, seconds, millimetres.
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class WeighScale(Device):
    kind = "weigh_scale"
    layer = 2
    signals = ("weight", "stable")
    commands = ("tare",)
    plain_signals = {"weight": "weight", "stable": "stable"}    # the I/O transfer reads them as they are

    def __init__(self, name: str, x: float, y: float, *, load: str, settle_s: float = 0.5,
                 noise_g: float = 0.2, stable_band_g: float = 0.3, stable_s: float = 0.1,
                 width: float = 220.0):
        super().__init__(name)
        if settle_s <= 0:
            raise ValueError(f"weigh scale {name!r}: settle_s must be positive")
        self.x, self.y, self.width = float(x), float(y), float(width)
        self.load_name = load
        self.settle_s, self.noise_g = float(settle_s), float(noise_g)
        self.stable_band_g, self.stable_s = float(stable_band_g), float(stable_s)
        self.tau = self.settle_s / math.log(1000.0 / 0.5)      # 1 kg step to 0.5 g in settle_s
        self.filtered = 0.0
        self.reading = 0.0
        self.tare_g = 0.0
        self.weight = 0           # the 'weight' word: kept with the reading and the tare
        self.stable_for = 0.0
        self.stable = False
        self._tare = False
        self._load = None
        self._started = False
        self._last_load = 0.0
        self._lag_dt = self._lag = 0.0

    def write(self, command: str, value: Any) -> None:
        if command == "tare":
            v = bool(value)
            if v and not self._tare:
                self.tare_g = self.reading
                self.weight = int(round((self.reading - self.tare_g) * 10.0))
            self._tare = v
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "weight":
            return self.weight
        if signal == "stable":
            return self.stable
        return super().read(signal)

    def step(self, dt: float) -> None:
        if self._load is None:
            self._load = self.plant[self.load_name]
        load = self._load.gross_g()
        if not self._started:               # powered up with the load on it long ago: settled
            self._started, self.filtered, self._last_load = True, load, load
        if dt != self._lag_dt:              # the filter's gain for this step length, worked out once
            self._lag_dt, self._lag = dt, 1.0 - math.exp(-dt / self.tau)
        self.filtered += (load - self.filtered) * self._lag
        self.reading = self.filtered + (self.plant.rng.random() * 2.0 - 1.0) * self.noise_g
        self.weight = int(round((self.reading - self.tare_g) * 10.0))
        steady = abs(load - self._last_load) < 1e-6
        self._last_load = load
        if steady and abs(self.filtered - load) <= self.stable_band_g:
            self.stable_for += dt
        else:
            self.stable_for = 0.0
        self.stable = self.stable_for >= self.stable_s - 1e-9

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "net_g": self.reading - self.tare_g,
                "stable": self.stable}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - self.width / 2, self.y - 70), (self.x + self.width / 2 + 120, self.y + 10)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], s["width"]
        pts = pen.rect_rotated(x, y - 10, w, 20, 0.0, "MACHINE_FLOOR")
        pen.rect_rotated(x, y - 10, w, 20, 0.0, "LIT" if s["stable"] else "PLACE_EDGE", border=2)
        pen.rect_rotated(x, y - 40, 60, 40, 0.0, "SENSOR_BODY")          # the load cell
        dx = x + w / 2 + 60
        pen.rect_rotated(dx, y - 30, 110, 40, 0.0, "DISPLAY")
        pen.text(f"{s['net_g']:.1f} g", *pen.px(dx, y - 30), "DISPLAY_TEXT", 13, screen=True)
        pen.label(f"{name}{' (stable)' if s['stable'] else ''}", dx, y - 62)
        pen.hot(name, self.kind, pts)
