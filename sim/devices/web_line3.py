"""A three-section web line: unwind -> dancer 1 -> nip 1 (the line's master) -> dancer 2 ->
nip 2 -> dancer 3 -> rewind, each of the four rolls on its own VFD (sim.devices.vfd_motor, speed
words in 0.1 m/min), a length counter at nip 1, a web-break detector and an operator who
re-threads the web after a break once the line stands and then presses Re-thread.

Physics, per step (the drives step before the web: the web is added after them):
- each roll's surface speed is its drive's speed times its `factors` entry (a diameter off
  nominal; nip 1 is the reference, factor 1);
- dancer k moves by `gains[k]` counts per second for every m/min the roll upstream of its span
  feeds faster than the roll downstream (more web stored: the position rises; 0..10000);
- a splice bump: from `splice_at_m` of length, nip 2 slips by `splice_mpm` for `splice_s`
  (the splice's step in thickness passing the nip);
- a break: at `break_at_m` the web parts (`web_ok` FALSE); every dancer falls to its low stop,
  the length counter holds; once every roll has stood still for `rethread_s` the operator
  re-threads (dancers at `rethread_dancers`) and presses the Re-thread button (`button`) for
  0.5 s.
"""

from __future__ import annotations

from typing import Any

from sim.devices.panel import PushButton
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Device

STROKE = 10000.0
PRESS_S = 0.5
FALL_COUNTS_S = 8000.0     # a slack dancer falls to its low stop


class ThreeSpanWeb(Device):
    """Signals: dancer1..dancer3 (counts 0..10000, INT), length (0.1 m, INT), web_ok (BOOL)."""

    kind = "web_line3"
    layer = 1
    signals = ("dancer1", "dancer2", "dancer3", "length", "web_ok")

    def __init__(self, name: str, *, drives: tuple[VFDMotor, VFDMotor, VFDMotor, VFDMotor],
                 factors: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0),
                 gains: tuple[float, float, float] = (80.0, 80.0, 80.0),
                 start_dancers: tuple[float, float, float] = (5000.0, 5000.0, 5000.0),
                 splice_at_m: float | None = None, splice_mpm: float = 0.0, splice_s: float = 0.5,
                 break_at_m: float | None = None, rethread_s: float = 3.0,
                 rethread_dancers: tuple[float, float, float] = (3000.0, 3000.0, 3000.0),
                 button: PushButton | None = None, x: float = 0.0, y: float = 0.0, label: str = ""):
        super().__init__(name)
        if len(drives) != 4 or len(factors) != 4 or len(gains) != 3 or min(gains) <= 0:
            raise ValueError(f"{name}: four drives and factors, three positive gains")
        self.drives, self.factors = tuple(drives), tuple(float(f) for f in factors)
        self.gains = tuple(float(g) for g in gains)
        self.dancers = [float(d) for d in start_dancers]
        self.splice_at_m, self.splice_mpm, self.splice_s = splice_at_m, float(splice_mpm), float(splice_s)
        self.break_at_m, self.rethread_s = break_at_m, float(rethread_s)
        self.rethread_dancers = tuple(float(d) for d in rethread_dancers)
        self.button = button
        self.x, self.y, self.label = float(x), float(y), label or name
        self.length_m = 0.0
        self.web_ok = True
        self.broken_at: float | None = None   # plant time of the break
        self.rethreaded_at: float | None = None
        self.splice_left = 0.0
        self.spliced = False
        self.still_for = 0.0
        self.press_left = 0.0
        self.time = 0.0
        self.web_offset = 0.0

    def surface(self, k: int) -> float:
        """Roll k's surface speed, m/min (0 unwind, 1 nip 1, 2 nip 2, 3 rewind)."""
        v = self.drives[k].rpm / 10.0 * self.factors[k]
        if k == 2 and self.splice_left > 0.0:
            v -= self.splice_mpm
        return v

    @property
    def line_mpm(self) -> float:
        return self.surface(1)

    def all_still(self) -> bool:
        return all(d.rpm == 0.0 for d in self.drives)

    def read(self, signal: str) -> Any:
        if signal in ("dancer1", "dancer2", "dancer3"):
            return int(round(self.dancers[int(signal[-1]) - 1]))
        if signal == "length":
            return min(int(self.length_m * 10.0), 32767)
        if signal == "web_ok":
            return self.web_ok
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        if self.press_left > 0.0:
            self.press_left -= dt
            if self.press_left <= 0.0 and self.button is not None:
                self.button.operate(False)
        if not self.web_ok:
            self.dancers = [max(d - FALL_COUNTS_S * dt, 0.0) for d in self.dancers]
            self.still_for = self.still_for + dt if self.all_still() else 0.0
            if self.still_for >= self.rethread_s - 1e-9:
                self.web_ok, self.rethreaded_at = True, self.time
                self.dancers = list(self.rethread_dancers)
                if self.button is not None:
                    self.button.operate(True)
                    self.press_left = PRESS_S
            return
        if self.splice_left > 0.0:
            self.splice_left -= dt
        v = [self.surface(k) for k in range(4)]
        for k in range(3):
            x = self.dancers[k] + self.gains[k] * (v[k] - v[k + 1]) * dt
            self.dancers[k] = min(max(x, 0.0), STROKE)
        self.length_m += max(v[1], 0.0) / 60.0 * dt
        self.web_offset = (self.web_offset + v[1] * 1000.0 / 60.0 * dt) % 100.0
        if not self.spliced and self.splice_at_m is not None and self.length_m >= self.splice_at_m:
            self.spliced, self.splice_left = True, self.splice_s
        if self.broken_at is None and self.break_at_m is not None and self.length_m >= self.break_at_m:
            self.web_ok, self.broken_at, self.still_for = False, self.time, 0.0

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "dancers": list(self.dancers), "web_ok": self.web_ok,
                "length_m": self.length_m, "speeds": [self.surface(k) for k in range(4)], "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 1000, self.y - 330), (self.x + 1000, self.y + 160)]

    def draw(self, pen) -> None:
        x, y, r = self.x, self.y, 22
        rolls = [x - 900, x - 300, x + 300, x + 900]
        web_col = "PART" if self.web_ok else "FAULT"
        for k, rx in enumerate(rolls):
            big = k in (0, 3)
            rad = 60 if big else r
            pen.circle(rx, y, rad, "ROLLER")
            pen.circle(rx, y, rad, "FRAME", width=2)
            if not big:
                pen.circle(rx, y + 2 * r + 4, r, "ROLLER")
            name = ("unwind", "nip 1 (line)", "nip 2", "rewind")[k]
            pen.label(f"{name} {self.surface(k):.1f} m/min", rx, y + 110)
        for k in range(3):
            a, b = rolls[k], rolls[k + 1]
            cx = (a + b) / 2
            frac = self.dancers[k] / STROKE
            dy = y - 40 - frac * 220
            path = [(a, y + r), (cx - 80, y + r), (cx - r, dy), (cx + r, dy), (cx + 80, y + r), (b, y + r)]
            if self.web_ok:
                for p, q in zip(path, path[1:], strict=False):
                    pen.line(p, q, web_col, max(2, pen.mm(4)))
                mx = a + 30 + self.web_offset
                pen.circle(mx, y + r, 4, "LABEL", min_px=2)
            else:
                pen.line((a, y + r), (a + 60, y + r + 30), web_col, max(2, pen.mm(4)))
            on_stop = self.dancers[k] <= 200 or self.dancers[k] >= STROKE - 200
            pen.line((cx, y + 60), (cx, dy), "ROD", 3)
            pen.circle(cx, dy, r, "FAULT" if on_stop else "BUSY")
            sx = cx + 60
            pen.rect_rotated(sx, y - 150, 10, 220, 0.0, "UNLIT")
            pen.line((sx - 12, y - 150), (sx + 12, y - 150), "TARGET", 2)
            pen.circle(sx, dy, 7, "LIT", min_px=3)
            pen.label(f"dancer {k + 1}: {self.dancers[k]:.0f}", cx, y - 300, "FAULT" if on_stop else "LABEL")
        pen.label(f"length {self.length_m:.1f} m" + ("" if self.web_ok else "  WEB BROKEN"), x, y + 150,
                  "LABEL" if self.web_ok else "FAULT")
        pen.hot(self.name, self.kind, [pen.px(x - 980, y - 320), pen.px(x + 980, y + 140)], operable=False,
                pad=2)
