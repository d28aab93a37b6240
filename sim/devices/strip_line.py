"""A strip line with a flying knife: the strip runs at the speed the host sets (ramping), a
carriage (a SyncAxis in cyclic position mode) travels along it, and a knife on the carriage
cuts the strip when its blade comes down.

StripLine: the strip runs from an uncoiler past the cut zone at `speeds` ((time_s, mm/s), from
power-up on, in time order), each change ramped at `accel` (mm/s^2); the PLC does not drive
it. It offers what a BeltEncoder reads (`velocity` in mm/s, `point`, `half_width`), so a line
encoder measuring wheel can run on it. `travel_mm` is the strip's travel since power-up.

Knife: the blade rides on `carriage` (a SyncAxis whose position is the carriage's along the
strip, mm from the stroke's end) and comes down while `down` is TRUE, taking `stroke_s` for
the full stroke either way. Its limit switches: `up` while the blade is fully up, `down`
while it is fully down. The blade is in the strip from half its stroke on. A blade reaching
the bottom makes a cut at the point of the strip under it, logged in `cuts` as its material
coordinate (the carriage position minus the strip travel at that instant, mm: a mark on the
strip keeps its coordinate as the strip runs; two cuts L apart along the strip differ by L).
While the blade is in the strip the carriage drags it: if the carriage's speed differs from
the strip's by more than `tear_mm_s` the strip tears (`torn`, `tears` count them).

The slip (carriage speed minus strip speed) is taken over the last `window` steps, as a
servo's speed is shown, not from one step's position change (the setpoint's 0.1 mm steps
jitter that): `slip_mm_s` and `strip_mm_s` are what judges read.

    strip = plant.add(StripLine("strip", speeds=[(1.0, 600.0)], accel=800.0))
    carriage = plant.add(FlyingCarriage("carriage", strip, accel=5000.0))
    knife = plant.add(Knife("knife", strip, carriage, stroke_s=0.1))
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from sim.devices.sync_axis import SyncAxis
from sim.plant import Device

WINDOW = 5             # steps the slip and the strip speed are taken over
IN_STRIP = 0.5         # the blade is in the strip from this fraction of its stroke


class StripLine(Device):
    """Signals: none of its own (a BeltEncoder counts its travel)."""

    kind = "strip_line"
    layer = 1
    signals = ()

    def __init__(self, name: str, *, speeds=(), accel: float = 500.0, x: float = 0.0, y: float = 0.0,
                 length: float = 2400.0, width: float = 120.0, home_at: float = 600.0, stroke: float = 1000.0,
                 head_mm: float = 0.0, label: str = ""):
        super().__init__(name)
        if accel <= 0:
            raise ValueError(f"{name}: accel must be positive")
        self.speeds = sorted((float(t), float(v)) for t, v in speeds)
        self.accel = float(accel)
        self.x, self.y = float(x), float(y)        # the carriage stroke's 0 in plant mm
        self.length, self.width = float(length), float(width)
        self.half_length, self.half_width = self.length / 2, self.width / 2
        self.home_at = float(home_at)               # where the stroke starts along the drawn strip
        self.stroke = float(stroke)
        self.ux, self.uy = 1.0, 0.0
        self.label = label or name
        self.velocity = 0.0        # mm/s
        self.target = 0.0
        self.travel_mm = 0.0
        self.time_s = 0.0
        self.head_mm = float(head_mm)     # the strip head's coordinate (past the stroke's 0 at power-up)
        self.cuts: list[float] = []       # material coordinates of the cuts, in order (the Knife logs)
        self.torn_at: float | None = None  # the coordinate of a tear
        self._k = 0

    def point(self, along: float, across: float = 0.0) -> tuple[float, float]:
        """Plant coordinates `along` mm from the drawn strip's infeed end (as Conveyor.point)."""
        return (self.x - self.home_at + along, self.y + across)

    def set_speed(self, speed: float) -> None:
        """The host's order from now on (a disturbance may call it)."""
        self.target = float(speed)

    def step(self, dt: float) -> None:
        while self._k < len(self.speeds) and self.time_s >= self.speeds[self._k][0] - 1e-9:
            self.target = self.speeds[self._k][1]
            self._k += 1
        dv = self.accel * dt
        v = self.velocity
        self.velocity = self.target if abs(self.target - v) <= dv else v + math.copysign(dv, self.target - v)
        self.travel_mm += self.velocity * dt
        self.time_s += dt

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "velocity": self.velocity, "travel_mm": self.travel_mm,
                "cuts": list(self.cuts[-12:]), "head_mm": self.head_mm, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        x0 = self.x - self.home_at
        return [(x0 - 20, self.y - self.half_width - 20),
                (x0 + self.length + 20, self.y + self.half_width + 60)]

    def draw(self, pen) -> None:
        x0, x1 = self.x - self.home_at, self.x - self.home_at + self.length
        y, hw = self.y, self.half_width
        travel = self.travel_mm
        end = min(x1, self.x + self.head_mm + travel)          # the strip's head end
        pen.rect_rotated((x0 + x1) / 2, y, x1 - x0, self.width + 16, 0.0, "FRAME")     # the line's bed
        if end > x0:
            pen.rect_rotated((x0 + end) / 2, y, end - x0, self.width, 0.0, "PLATE")      # the strip
        # the cut pieces ahead of the last cut lie apart from the strip, a gap at each cut
        for m in self.cuts:
            cx = self.x + m + travel
            if x0 < cx < x1:
                pen.line((cx, y - hw - 6), (cx, y + hw + 6), "FLOOR" if self.torn_at != m else "FAULT", 3)
        if self.torn_at is not None:
            tx = self.x + self.torn_at + travel
            if x0 < tx < x1:
                pen.circle(tx, y, 14, "FAULT")
        # marks moving with the strip show it running
        for k in range(int(self.length // 200) + 1):
            mx = x0 + (k * 200 + travel) % self.length
            if mx < end:
                pen.circle(mx, y + hw - 10, 4, "LABEL", min_px=2)
        # the carriage's stroke along the strip, its 0 and end
        pen.line((self.x, y + hw + 30), (self.x + self.stroke, y + hw + 30), "RAIL", 4)
        for sx in (self.x, self.x + self.stroke):
            pen.rect_rotated(sx, y + hw + 30, 6, 24, 0.0, "LIMIT")
        pen.label(f"{self.label} {self.velocity:.0f} mm/s", x0 + 160, y - hw - 30)
        pen.hot(self.name, self.kind, [pen.px(x0, y - hw), pen.px(x1, y + hw)], pad=2)


class FlyingCarriage(SyncAxis):
    """The knife carriage: a SyncAxis (position along the strip, mm from the stroke's 0) drawn as a
    carriage over the strip at its true position."""

    kind = "carriage"
    layer = 4

    def __init__(self, name: str, strip: StripLine, **kw):
        kw.setdefault("circumference_mm", 0.0)
        super().__init__(name, center=(strip.x, strip.y), **kw)
        self.strip = strip

    def extent(self) -> list[tuple[float, float]]:
        st = self.strip
        return [(st.x - 80, st.y - st.half_width - 60), (st.x + st.stroke + 80, st.y + st.half_width + 60)]

    def draw(self, pen) -> None:
        st, s = self.strip, self.state()
        cx, y = st.x + s["position_mm"], st.y
        col = "FAULT" if s["fault"] else (pen.rgb(s.get("color"), "CARRIAGE") if s["enabled"] else
                                          pen.shade(pen.rgb(s.get("color"), "CARRIAGE"), 0.55))
        w, h = 120.0, st.width + 70
        # the carriage frame straddles the strip: two side plates joined over it
        for side in (-1, 1):
            pen.rect_rotated(cx, y + side * (st.half_width + 22), w, 24, 0.0, col)
        pen.rect_rotated(cx, y + st.half_width + 30, 30, 10, 0.0, "ROD")       # on the rail
        pen.label(f"{self.label} {s['position_mm']:.0f} mm  {s['velocity']:.0f} mm/s", cx,
                  y + st.half_width + 60)
        if s.get("fault") and s.get("fault_text"):
            pen.label(s["fault_text"], cx, y - st.half_width - 60, "FAULT")
        pen.hot(self.name, self.kind, [pen.px(cx - w / 2, y - h / 2), pen.px(cx + w / 2, y + h / 2)])


class Knife(Device):
    """Signals: up, down (the blade's limit switches). Command: down (TRUE lowers the blade)."""

    kind = "knife"
    layer = 5
    signals = ("up", "down")
    commands = ("down",)

    def __init__(self, name: str, strip: StripLine, carriage: SyncAxis, *, stroke_s: float = 0.1,
                 start_down: bool = False, tear_mm_s: float = 60.0, label: str = ""):
        super().__init__(name)
        if stroke_s <= 0:
            raise ValueError(f"{name}: stroke_s must be positive")
        self.strip, self.carriage = strip, carriage
        self.stroke_s = float(stroke_s)
        self.tear_mm_s = float(tear_mm_s)
        self.label = label or name
        self.command = False
        self.blade = 1.0 if start_down else 0.0      # 0 fully up .. 1 fully down
        self._cut_done = start_down                  # the blade at the bottom has cut already
        self.tears = 0
        self._history: deque[tuple[float, float]] = deque(maxlen=WINDOW + 1)

    @property
    def is_up(self) -> bool:
        return self.blade <= 0.0

    @property
    def is_down(self) -> bool:
        return self.blade >= 1.0

    @property
    def in_strip(self) -> bool:
        return self.blade >= IN_STRIP

    @property
    def torn(self) -> bool:
        return self.tears > 0

    def read(self, signal: str) -> Any:
        if signal == "up":
            return self.is_up
        if signal == "down":
            return self.is_down
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "down":
            self.command = bool(value)
        else:
            super().write(command, value)

    def _speeds(self) -> tuple[float, float]:
        h = self._history
        if len(h) < 2:
            return self.carriage.vel, self.strip.velocity
        span = (len(h) - 1) * self._dt
        return (h[-1][0] - h[0][0]) / span, (h[-1][1] - h[0][1]) / span

    @property
    def slip_mm_s(self) -> float:
        """The carriage's speed minus the strip's, over the last WINDOW steps (mm/s)."""
        c, s = self._speeds()
        return c - s

    @property
    def strip_mm_s(self) -> float:
        """The strip's speed over the same steps (mm/s)."""
        return self._speeds()[1]

    _dt = 0.01

    def step(self, dt: float) -> None:
        # after the carriage's and the strip's steps (add the knife after both)
        self._dt = dt
        self._history.append((self.carriage.pos, self.strip.travel_mm))
        d = dt / self.stroke_s
        self.blade = min(1.0, self.blade + d) if self.command else max(0.0, self.blade - d)
        if self.blade < 1.0:
            self._cut_done = False
        elif not self._cut_done:
            self._cut_done = True
            at = self.carriage.pos - self.strip.travel_mm
            if at < self.strip.head_mm:         # past the head the blade cuts air
                self.strip.cuts.append(at)
        if self.in_strip and abs(self.carriage.vel - self.strip.velocity) > self.tear_mm_s:
            if self.strip.torn_at is None:
                self.strip.torn_at = self.carriage.pos - self.strip.travel_mm
            self.tears += 1

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.strip.x + self.carriage.pos, "y": self.strip.y, "blade": self.blade,
                "up": self.is_up, "down": self.is_down, "torn": self.torn, "position_mm": self.carriage.pos,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        st = self.strip
        return [(st.x - 40, st.y - st.half_width - 40), (st.x + st.stroke + 40, st.y + st.half_width + 40)]

    def draw(self, pen) -> None:
        st = self.strip
        cx, y, hw = st.x + self.carriage.pos, st.y, st.half_width
        # seen from above: the blade is a bar across the strip, darker as it rises, bright when down
        col = "FAULT" if self.torn else ("LIT" if self.is_down else ("BUSY" if not self.is_up else "ROBOT"))
        width = 10 + 20 * self.blade
        pen.rect_rotated(cx, y, width, st.width + 30, 0.0, col)
        for sy, lit in ((y - hw - 8, self.is_up), (y + hw + 8, self.is_down)):    # its two switches
            pen.circle(cx + 24, sy, 5, "LIT" if lit else "UNLIT", min_px=3)
        pen.label(f"{self.label} {'down' if self.is_down else 'up' if self.is_up else 'moving'}", cx,
                  y - hw - 48)
        pen.hot(self.name, self.kind, [pen.px(cx - 12, y - hw - 15), pen.px(cx + 12, y + hw + 15)])
