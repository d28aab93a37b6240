"""A rewinder: a web pulled through a master nip (the line) and wound on a roll by a spindle,
with a dancer between them that stores the difference.

Both drives are VFD motors (sim.devices.vfd_motor.VFDMotor) the PLC commands: the nip's speed
words are the line speed in 0.1 m/min, the spindle's are rpm. The roll's diameter grows with
the web wound on it: D^2 = core^2 + 4 t L / pi (t the web's thickness, L the length wound), so
at a constant line speed the spindle must slow down as the roll builds (rpm = v / (pi D)).

Physics, per step:
- the roll's surface speed is pi D times the spindle's speed; the web wound is that surface
  travel (never negative: a spindle turning back gives web back to the span);
- the dancer moves by `dancer_gain` counts for every metre the nip feeds more than the roll
  takes (more web stored: the position rises; 0..10000 counts over its stroke); at either
  end it is on its stop (`at_stop`, `stop_hits` count them);
- the diameter word is the true diameter plus seeded gaussian noise of `noise_mm` (an
  ultrasonic distance sensor on the roll), in whole mm;
- `length` is the web through the nip since power-up, in 0.1 m;
- the dancer's word comes through a filtered analog input: it shows the position of
  `dancer_delay_s` ago (the judges read the true position, `dancer`).

    nip = plant.add(VFDMotor("nip", max_rpm=4000, lag_s=0.3, load="nip"))
    spindle = plant.add(VFDMotor("spindle", max_rpm=3000, lag_s=0.15, load="roll"))
    rw = plant.add(Rewinder("rewinder", nip=nip, spindle=spindle, core_mm=100, thickness_mm=1.0))
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from sim.devices.vfd_motor import VFDMotor
from sim.plant import Device

STROKE = 10000


class Rewinder(Device):
    """Signals: dancer (counts 0..10000), diameter (mm, noisy), length (0.1 m through the nip)."""

    kind = "rewinder"
    layer = 1
    signals = ("dancer", "diameter", "length")

    def __init__(self, name: str, *, nip: VFDMotor, spindle: VFDMotor, core_mm: float = 100.0,
                 thickness_mm: float = 1.0, dancer_gain: float = 5000.0, start_dancer: float = 5000.0,
                 noise_mm: float = 2.0, dancer_delay_s: float = 0.0, x: float = 0.0, y: float = 0.0,
                 label: str = ""):
        super().__init__(name)
        if core_mm <= 0 or thickness_mm <= 0 or dancer_gain <= 0:
            raise ValueError(f"{name}: core_mm, thickness_mm and dancer_gain must be positive")
        self.nip, self.spindle = nip, spindle
        self.core_mm, self.thickness_mm = float(core_mm), float(thickness_mm)
        self.dancer_gain, self.noise_mm = float(dancer_gain), float(noise_mm)
        self.x, self.y = float(x), float(y)
        self.label = label or name
        self.dancer = float(start_dancer)
        self.wound_m = 0.0
        self.fed_m = 0.0
        self.at_stop = ""
        self.stop_hits = 0
        self.diameter_word = int(round(self.core_mm))
        self.roll_angle = 0.0
        self._delay_steps = max(0, round(dancer_delay_s / 0.01))
        self._dancer_seen: deque[float] = deque([self.dancer] * (self._delay_steps + 1),
                                                maxlen=self._delay_steps + 1)

    @property
    def line_mpm(self) -> float:
        """The nip's (the line's) surface speed, m/min."""
        return self.nip.rpm / 10.0

    @property
    def diameter_mm(self) -> float:
        return math.sqrt(self.core_mm ** 2 + 4.0 * self.thickness_mm * self.wound_m * 1000.0 / math.pi)

    @property
    def roll_mpm(self) -> float:
        """The roll's surface speed, m/min."""
        return math.pi * self.diameter_mm / 1000.0 * self.spindle.rpm

    def read(self, signal: str) -> Any:
        if signal == "dancer":
            return int(round(self._dancer_seen[0]))
        if signal == "diameter":
            return self.diameter_word
        if signal == "length":
            return min(32767, int(round(self.fed_m * 10.0)))
        return super().read(signal)

    def step(self, dt: float) -> None:
        # after both drives' steps (add the rewinder after them)
        fed = max(0.0, self.line_mpm) / 60.0 * dt
        taken = self.roll_mpm / 60.0 * dt
        self.fed_m += fed
        self.wound_m = max(0.0, self.wound_m + taken)
        x = self.dancer + self.dancer_gain * (fed - taken)
        hit = "low" if x <= 0.0 else ("high" if x >= STROKE else "")
        if hit and hit != self.at_stop:
            self.stop_hits += 1
        self.at_stop = hit
        self.dancer = min(max(x, 0.0), float(STROKE))
        self._dancer_seen.append(self.dancer)
        noise = self.plant.rng.gauss(0.0, self.noise_mm) if self.plant is not None and self.noise_mm else 0.0
        self.diameter_word = int(round(self.diameter_mm + noise))
        self.roll_angle = (self.roll_angle + self.spindle.rpm * 6.0 * dt) % 360.0

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "line_mpm": self.line_mpm, "roll_mpm": self.roll_mpm,
                "dancer": self.dancer, "diameter_mm": self.diameter_mm, "at_stop": self.at_stop,
                "fed_m": self.fed_m, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 480, self.y - 330), (self.x + 480, self.y + 260)]

    def draw(self, pen) -> None:
        x, y = self.x, self.y
        nip = (x - 380, y)
        idl_a, idl_b = (x - 120, y), (x + 120, y)
        r_roll = self.diameter_mm / 2
        roll = (x + 330, y + 20 + r_roll)
        frac = self.dancer / STROKE
        dancer_y = y - 40 - frac * 220            # more web stored: the dancer roll hangs lower
        web_col = "FAULT" if self.at_stop else "PART"
        r = 22
        path = [(nip[0], y + r), (idl_a[0] - r, y + r), (idl_a[0] - r, y), (x - r, dancer_y),
                (x + r, dancer_y), (idl_b[0] + r, y), (idl_b[0] + r, y + r), (roll[0], roll[1] + r_roll)]
        for p, q in zip(path, path[1:], strict=False):
            pen.line(p, q, web_col, max(2, pen.mm(4)))
        for cx, cy, col in ((nip[0], y, "ROLLER"), (nip[0], y + 2 * r + 4, "ROLLER"),
                            (idl_a[0], y, "GUIDE"), (idl_b[0], y, "GUIDE")):
            pen.circle(cx, cy, r, col)
            pen.circle(cx, cy, r, "FRAME", width=2)
        # the roll building on its core, turning
        pen.circle(roll[0], roll[1], r_roll, "PART")
        pen.circle(roll[0], roll[1], r_roll, "FRAME", width=2)
        pen.circle(roll[0], roll[1], self.core_mm / 2, "ROLLER")
        a = math.radians(self.roll_angle)
        pen.line(roll, (roll[0] + r_roll * math.cos(a), roll[1] + r_roll * math.sin(a)), "TEXT_DARK", 2)
        # the dancer on its arm, its stroke with the stops
        pen.line((x, y + 60), (x, dancer_y), "ROD", 3)
        pen.circle(x, dancer_y, r, "FAULT" if self.at_stop else "BUSY")
        sx = x + 70
        pen.rect_rotated(sx, y - 150, 10, 220, 0.0, "UNLIT")
        for lo, hi in ((0.0, 0.05), (0.95, 1.0)):
            pen.rect_rotated(sx, y - 40 - (lo + hi) / 2 * 220, 14, (hi - lo) * 220, 0.0, "LIMIT")
        pen.line((sx - 12, y - 150), (sx + 12, y - 150), "TARGET", 2)
        pen.circle(sx, dancer_y, 7, "LIT", min_px=3)
        pen.label(f"dancer {self.dancer:.0f}", sx + 60, dancer_y, "FAULT" if self.at_stop else "LABEL")
        pen.label(f"nip {self.line_mpm:.1f} m/min  {self.fed_m:.1f} m", nip[0], y + 85)
        pen.label(f"roll D {self.diameter_mm:.0f} mm", roll[0], roll[1] - r_roll - 20)
        pen.hot(self.name, self.kind, [pen.px(x - 400, y - 280), pen.px(x + 420, y + 60)], operable=False,
                pad=2)
