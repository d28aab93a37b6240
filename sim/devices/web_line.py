"""A web line span with a dancer: an infeed nip driven by a VFD motor (sim.devices.vfd_motor),
a pull roll running at the line speed the host orders, and between them a dancer roll that
stores the difference.

Speeds are surface speeds in m/min; the infeed VFD's speed words are read as 0.1 m/min (its
`max_rpm` is the top speed in those units). The infeed nip's surface runs at the motor's speed
times `feed_factor` (a nip diameter a little off nominal, 0.985-1.015 say), so feeding exactly
the line speed still lets the dancer drift.

Physics, per step:
- the pull roll (the line's master drive) ramps toward the host's order at `line_accel`
  (m/min per s);
- the dancer moves by `dancer_gain` counts per second for every m/min the infeed runs faster
  than the pull roll (more web stored: the position rises; 0..10000 counts over its stroke);
- at either end of its stroke the dancer is on its stop: the web goes slack or snaps taut
  (`at_stop`, `stop_hits` count them).

    infeed = plant.add(VFDMotor("infeed", max_rpm=3600, lag_s=0.2))
    order = plant.add(ScheduledWord("line_order", 0, [(1.0, 1500)]))    # 150.0 m/min
    web = plant.add(WebLine("web", infeed=infeed, order=order, dancer_gain=80, start_dancer=2000))
    web.read("dancer")    # counts 0..10000; web.read("line_speed") in 0.1 m/min
"""

from __future__ import annotations

from typing import Any

from sim.devices.host_word import ScheduledWord
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Device

STROKE = 10000


class WebLine(Device):
    """Signals: line_speed (0.1 m/min, INT), dancer (counts 0..10000, INT)."""

    kind = "web_line"
    layer = 1
    signals = ("line_speed", "dancer")

    def __init__(self, name: str, *, infeed: VFDMotor, order: ScheduledWord, x: float = 0.0, y: float = 0.0,
                 line_accel: float = 10.0, dancer_gain: float = 80.0, feed_factor: float = 1.0,
                 start_dancer: float = 5000.0, label: str = ""):
        super().__init__(name)
        if line_accel <= 0 or dancer_gain <= 0:
            raise ValueError(f"{name}: line_accel and dancer_gain must be positive")
        self.infeed, self.order = infeed, order
        self.x, self.y = float(x), float(y)
        self.line_accel, self.dancer_gain = float(line_accel), float(dancer_gain)
        self.feed_factor = float(feed_factor)
        self.label = label or name
        self.line_mpm = 0.0          # pull roll surface speed, m/min
        self.dancer = float(start_dancer)
        self.at_stop = ""
        self.stop_hits = 0
        self.web_offset = 0.0        # mm of web moved past the pull roll (for the picture)
        self.ran = False             # the line has run since power-up

    @property
    def infeed_mpm(self) -> float:
        return self.infeed.rpm / 10.0 * self.feed_factor

    def read(self, signal: str) -> Any:
        if signal == "line_speed":
            return int(round(self.line_mpm * 10.0))
        if signal == "dancer":
            return int(round(self.dancer))
        return super().read(signal)

    def step(self, dt: float) -> None:
        target = self.order.value / 10.0
        d = self.line_accel * dt
        v = self.line_mpm
        self.line_mpm = target if abs(target - v) <= d else v + (d if target > v else -d)
        if self.line_mpm > 0.0:
            self.ran = True
        x = self.dancer + self.dancer_gain * (self.infeed_mpm - self.line_mpm) * dt
        hit = "low" if x <= 0.0 else ("high" if x >= STROKE else "")
        if hit and hit != self.at_stop:
            self.stop_hits += 1
        self.at_stop = hit
        self.dancer = min(max(x, 0.0), float(STROKE))
        self.web_offset = (self.web_offset + self.line_mpm * 1000.0 / 60.0 * dt) % 100.0

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "line_mpm": self.line_mpm, "infeed_mpm": self.infeed_mpm,
                "dancer": self.dancer, "at_stop": self.at_stop, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 450, self.y - 330), (self.x + 450, self.y + 120)]

    def draw(self, pen) -> None:
        x, y = self.x, self.y
        nip_in, nip_out = (x - 380, y), (x + 380, y)
        idl_a, idl_b = (x - 120, y), (x + 120, y)
        frac = self.dancer / STROKE
        dancer_y = y - 40 - frac * 220            # more web stored: the dancer roll hangs lower
        dancer = (x, dancer_y)
        web_col = "FAULT" if self.at_stop else "PART"
        r = 22
        # the web: infeed nip -> idler -> round the dancer -> idler -> pull roll
        path = [(nip_in[0], y + r), (idl_a[0] - r, y + r), (idl_a[0] - r, y), (dancer[0] - r, dancer_y),
                (dancer[0] + r, dancer_y), (idl_b[0] + r, y), (idl_b[0] + r, y + r), (nip_out[0], y + r)]
        for p, q in zip(path, path[1:], strict=False):
            pen.line(p, q, web_col, max(2, pen.mm(4)))
        # web marks moving with the line, along the straight runs
        off = self.web_offset
        for k in range(4):
            mx = nip_in[0] + 30 + off + k * 100
            if mx < idl_a[0] - r:
                pen.circle(mx, y + r, 4, "LABEL", min_px=2)
            mx2 = idl_b[0] + r + 10 + off + k * 100
            if mx2 < nip_out[0]:
                pen.circle(mx2, y + r, 4, "LABEL", min_px=2)
        for cx, cy, col in ((nip_in[0], y, "ROLLER"), (nip_in[0], y + 2 * r + 4, "ROLLER"),
                            (nip_out[0], y, "ROLLER"), (nip_out[0], y + 2 * r + 4, "ROLLER"),
                            (idl_a[0], y, "GUIDE"), (idl_b[0], y, "GUIDE")):
            pen.circle(cx, cy, r, col)
            pen.circle(cx, cy, r, "FRAME", width=2)
        # the dancer: its roll on the arm, the stroke scale with the stop zones
        pen.line((x, y + 60), dancer, "ROD", 3)
        pen.circle(dancer[0], dancer_y, r, "BUSY" if not self.at_stop else "FAULT")
        sx = x + 70
        pen.rect_rotated(sx, y - 150, 10, 220, 0.0, "UNLIT")
        for a, b in ((0.0, 0.05), (0.95, 1.0)):
            pen.rect_rotated(sx, y - 40 - (a + b) / 2 * 220, 14, (b - a) * 220, 0.0, "LIMIT")
        pen.line((sx - 12, y - 150), (sx + 12, y - 150), "TARGET", 2)        # mid
        pen.circle(sx, dancer_y, 7, "LIT", min_px=3)
        pen.label(f"dancer {self.dancer:.0f}", sx + 60, dancer_y, "FAULT" if self.at_stop else "LABEL")
        pen.label(f"infeed nip {self.infeed_mpm:.1f} m/min", nip_in[0], y + 85)
        pen.label(f"pull roll (line) {self.line_mpm:.1f} m/min", nip_out[0], y + 85)
        pen.hot(self.name, self.kind, [pen.px(x - 400, y - 280), pen.px(x + 400, y + 60)], operable=False,
                pad=2)
