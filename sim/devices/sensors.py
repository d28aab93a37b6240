"""Sensors that look at workpieces: photo-eye, proximity switch, inspection sensor.

Sensors are evaluated in `step` (every physics substep) against the exact part geometry,
never in `read`, so reading a signal twice (the debugger drawing it) changes nothing and the
trace stays deterministic. Contact bounce draws its chatter from plant.rng in step order.

    eye = plant.add(PhotoEye.across(belt, "eye_end", at_mm=700))
    eye.read("blocked")   # TRUE while a part interrupts the beam
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.workpiece import COLOUR_CODES, PartDevice, Workpiece


def crosses_line(part: Workpiece, x1: float, y1: float, ux: float, uy: float, length: float) -> bool:
    """Whether the part's outline crosses the segment from (x1, y1), `length` long along the unit
    vector (ux, uy): a photo-eye's beam, a light curtain's plane seen from above."""
    px, py = part.xy()
    dx, dy = px - x1, py - y1
    along = dx * ux + dy * uy
    if along < -part.radius or along > length + part.radius:
        return False
    dist = dy * ux - dx * uy          # distance from the line
    if abs(dist) > part.radius:
        return False
    return abs(dist) < part.half_extent(-uy, ux)


class _SwitchingSensor(PartDevice):
    """A binary sensor with optional contact bounce: after every edge of the true detection,
    the output chatters randomly for bounce_s seconds, then settles to the true value.

    live_at_power_up: the output shows a part that lies there at power-up already on the
    first input sample, before the first plant step (as a real sensor does when the PLC
    starts); without it the output is FALSE until the first step (the library's default)."""

    def __init__(self, name: str, *, bounce_s: float = 0.0, live_at_power_up: bool = False):
        super().__init__(name)
        self.bounce_s = float(bounce_s)
        self.live_at_power_up = bool(live_at_power_up)
        self.detected = False       # the physical truth
        self.output = False         # what the sensor's switching output shows
        self._t = 0.0
        self._chatter_until = -1.0
        self._stepped = False

    def sees(self, part: Workpiece) -> bool:
        raise NotImplementedError

    def _sees_any(self) -> bool:
        for part in self.flow.parts:
            if not part.lifted and self.sees(part):
                return True
        return False

    def _power_up(self) -> None:
        """Before the first step, with live_at_power_up: a part already there is seen (no chatter:
        the part has lain there since before power-up)."""
        if self.live_at_power_up and not self._stepped:
            self._stepped = True
            self.detected = self.output = self._sees_any()

    def step(self, dt: float) -> None:
        if not self._stepped:
            self._power_up()
            self._stepped = True
        self._t += dt
        now = self._sees_any()
        if now == self.detected and self._t >= self._chatter_until:
            self.output = now           # no edge, no chatter: the output shows the truth
        else:
            self._switch(now)

    def _switch(self, now: bool) -> None:
        """The output after the true detection `now`: chatter for bounce_s after an edge."""
        if now != self.detected:
            self.detected = now
            if self.bounce_s > 0.0:
                self._chatter_until = self._t + self.bounce_s
        if self._t < self._chatter_until:
            self.output = self.plant.rng.random() < 0.5   # type: ignore[union-attr]
        else:
            self.output = now


class PhotoEye(_SwitchingSensor):
    """Through-beam or reflex photo-eye: a beam from (x1, y1) to (x2, y2).

    Signals: 'blocked' (dark-operated: TRUE while a part interrupts the beam) and 'clear'
    (light-operated variant: TRUE while the beam reaches the receiver). Both show bounce.
    """

    kind = "photo_eye"
    layer = 5
    signals = ("blocked", "clear")
    plain_signals = {"blocked": "blocked", "clear": "clear"}     # properties, read as attributes too

    def __init__(self, name: str, x1: float, y1: float, x2: float, y2: float, *, bounce_s: float = 0.0,
                 live_at_power_up: bool = False):
        super().__init__(name, bounce_s=bounce_s, live_at_power_up=live_at_power_up)
        self.x1, self.y1, self.x2, self.y2 = float(x1), float(y1), float(x2), float(y2)
        self.beam_length = math.hypot(self.x2 - self.x1, self.y2 - self.y1)
        self.bx = (self.x2 - self.x1) / self.beam_length
        self.by = (self.y2 - self.y1) / self.beam_length
        self._plain_beam = type(self).sees is PhotoEye.sees   # a subclass that sees otherwise keeps
                                                                # the general step
        self._along_y = self.bx == 0.0      # then by is +-1 exactly (hypot(0, d) is |d|)
        self._along_x = self.by == 0.0
        # what step's test along y (or x) reads, gathered once (a beam never moves): which coordinate
        # of a part lies across the beam and the beam's there, which along it and the beam's start
        # there, its direction's component along that axis, its length and crosses_line's direction
        # across it
        if self._along_y:
            self._line = (0, self.x1, 1, self.y1, self.by, self.beam_length, -self.by, self.bx)
        else:
            self._line = (1, self.y1, 0, self.x1, self.bx, self.beam_length, -self.by, self.bx)
        self._across = self._line[:2]
        self._fast = False                       # step's own way: once stepped, with a plain beam
        self._no_bounce = self.bounce_s <= 0.0   # then the output is the detection, at once (_switch)
        # the shared look of every eye whose beam lies on the same line across x (along y) or y
        # (along x): [the flow's rows it was made from, those of them within their radius of the line]
        self._column: list[Any] | None = None

    def attach(self, plant: Any) -> None:
        super().attach(plant)
        if self._along_y or self._along_x:
            key = ("x", self.x1) if self._along_y else ("y", self.y1)
            self._column = plant.shared("photo_eye_columns", dict).setdefault(key, [None, []])

    def step(self, dt: float) -> None:
        """_SwitchingSensor.step with the beam's test of every part (crosses_line) written out in it:
        the same tests on the same values, since it runs for every eye in every substep, over the
        parts as the flow has read them for this substep (MaterialFlow.seen). A beam along y (or x),
        as most beams across a belt, tests first how far the part lies off the beam's line: the
        arithmetic of the general test with the zero terms left out, which changes no comparison.
        Eyes whose beams lie on one line (three lanes' eyes at the same x) share that first test:
        the first of them to step in a substep keeps the rows that pass it (in the flow's order),
        the others test only those (the rows are the substep's snapshot, so each eye sees the same
        rows in the same order as its own pass would). Without bounce the output is the detection
        at once (what _switch makes of it), so the clock that only times chatter is not kept.
        The power-up look and a subclass that sees otherwise take the general way."""
        if not self._fast:
            super().step(dt)
            self._fast = self._plain_beam       # stepped once: from now on the way below
            return
        flow, tick = self.flow, self.plant.tick               # type: ignore[union-attr]
        # flow.seen(tick), its test of the shared rows in line (every eye, every substep)
        free, held = flow._seen if flow._seen_tick == tick else flow.seen(tick)
        now = False
        column = self._column
        if column is None:
            now = self._crosses(free)
        else:
            if column[0] is free:
                rows = column[1]
            else:
                k, at = self._across
                rows = []
                for row in free:
                    d = row[k] - at         # along y: ux = 0, uy = +-1, so |dist| = |dx| (along x: |dy|)
                    if d > row[2] or d < -row[2]:
                        continue
                    rows.append(row)
                column[0], column[1] = free, rows
            if rows:
                # the beam along y (x): k = 0 (1), the rows' coordinate across it; j, along it
                k, at, j, start, u, reach, nx, ny = self._line
                for row in rows:
                    r = row[2]
                    along = (row[j] - start) * u
                    if along < -r or along > reach + r:
                        continue
                    if abs(row[k] - at) < row[3].half_extent(nx, ny):
                        now = True
                        break
        if not now and held:
            now = self._crosses([(*part.xy(), part.radius, part) for part in held])
        if self._no_bounce:
            self.detected = self.output = now
            return
        self._t += dt
        if now == self.detected and self._t >= self._chatter_until:
            self.output = now
        else:
            self._switch(now)

    def _crosses(self, parts: list[tuple[float, float, float, Workpiece]]) -> bool:
        """crosses_line for (x, y, radius, part) rows: whether one of them crosses the beam."""
        x1, y1, ux, uy, length = self.x1, self.y1, self.bx, self.by, self.beam_length
        for px, py, r, part in parts:
            dx, dy = px - x1, py - y1
            along = dx * ux + dy * uy
            if along < -r or along > length + r:
                continue
            dist = dy * ux - dx * uy
            if abs(dist) > r:
                continue
            if abs(dist) < part.half_extent(-uy, ux):
                return True
        return False

    @classmethod
    def across(cls, belt: Any, name: str, at_mm: float, *, margin: float = 20.0, **kw: Any) -> PhotoEye:
        """A beam straight across a conveyor, `at_mm` from its infeed end."""
        x1, y1 = belt.point(at_mm, -belt.half_width - margin)
        x2, y2 = belt.point(at_mm, belt.half_width + margin)
        return cls(name, x1, y1, x2, y2, **kw)

    def sees(self, part: Workpiece) -> bool:
        return crosses_line(part, self.x1, self.y1, self.bx, self.by, self.beam_length)

    @property
    def blocked(self) -> bool:
        """The 'blocked' signal."""
        if not self._stepped:
            self._power_up()
        return self.output

    @property
    def clear(self) -> bool:
        """The 'clear' signal."""
        if not self._stepped:
            self._power_up()
        return not self.output

    def read(self, signal: str) -> Any:
        if signal == "blocked":
            return self.blocked
        if signal == "clear":
            return self.clear
        if not self._stepped:
            self._power_up()
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x1": self.x1, "y1": self.y1, "x2": self.x2, "y2": self.y2,
                "x": (self.x1 + self.x2) / 2, "y": (self.y1 + self.y2) / 2,
                "blocked": self.output, "detected": self.detected}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        dx, dy = s["x2"] - s["x1"], s["y2"] - s["y1"]
        n = math.hypot(dx, dy) or 1.0
        # and the label beyond the emitter
        return [(s["x1"] - dx / n * 40, s["y1"] - dy / n * 40), (s["x2"], s["y2"])]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        blocked = s.get("blocked")
        p, q = (s["x1"], s["y1"]), (s["x2"], s["y2"])
        pen.line(p, q, "BEAM_BLOCKED" if blocked else "BEAM", 3 if blocked else 1)
        for (x, y), col in ((p, "SENSOR_BODY"), (q, "SENSOR_BODY")):
            pen.circle(x, y, 9, col, min_px=4)
        pen.circle(p[0], p[1], 5, "LIT" if blocked else "UNLIT", min_px=3)
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = math.hypot(dx, dy) or 1
        pen.label(name, p[0] - dx / n * 24, p[1] - dy / n * 24)
        pen.hot(name, "photo_eye", [pen.px(*p), pen.px(*q)], pad=8)


class ProximitySensor(_SwitchingSensor):
    """Proximity switch at (x, y) with a round sensing zone of range_mm around it.

    technology 'inductive' sees only metal parts; 'capacitive' sees every part.
    Signal: 'detected' (TRUE while a part it can see has its centre within range).
    """

    kind = "proximity_sensor"
    layer = 2
    signals = ("detected",)

    def __init__(self, name: str, x: float, y: float, *, range_mm: float = 25.0,
                 technology: str = "inductive", bounce_s: float = 0.0, live_at_power_up: bool = False):
        super().__init__(name, bounce_s=bounce_s, live_at_power_up=live_at_power_up)
        if technology not in ("inductive", "capacitive"):
            raise ValueError(f"proximity sensor {name!r}: technology must be 'inductive' or 'capacitive'")
        self.x, self.y = float(x), float(y)
        self.range_mm = float(range_mm)
        self.technology = technology
        self._r2 = self.range_mm ** 2

    def sees(self, part: Workpiece) -> bool:
        if self.technology == "inductive" and part.material != "metal":
            return False
        px, py = part.xy()
        return (px - self.x) ** 2 + (py - self.y) ** 2 <= self._r2

    def read(self, signal: str) -> Any:
        if not self._stepped:
            self._power_up()
        if signal == "detected":
            return self.output
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "range_mm": self.range_mm, "technology": self.technology,
                "detected": self.output}

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, r = s["x"], s["y"], s.get("range_mm", 20.0)
        on = s.get("detected")
        pen.circle(x, y, r, "LIT_ZONE" if on else "ZONE", width=1)
        pen.circle(x, y, 8, "SENSOR_BODY", min_px=4)
        pen.circle(x, y, 5, "LIT" if on else "UNLIT", min_px=3)
        pen.label(name, x, y - r - 12)
        pen.hot(name, "proximity_sensor", [pen.px(x - r, y - r), pen.px(x + r, y + r)])


class InspectionSensor(PartDevice):
    """Vision / measuring station over a rectangular zone (x, y, zone_length, zone_width).

    When a part's centre has stayed in the zone for measure_s seconds, the sensor reports
    'kind_code' (the part's code), 'colour_code' (COLOUR_CODES, 0 = none), 'height' (mm,
    rounded) and sets 'result_valid'. When the part leaves, the result is cleared (all 0,
    result_valid FALSE). 'part_present' is TRUE at once while a part is in the zone.
    `measured` lists the parts it has reported, in order (for judges: a part measured or not).
    """

    kind = "inspection_sensor"
    layer = 2
    signals = ("part_present", "result_valid", "kind_code", "colour_code", "height")
    plain_signals = {"part_present": "part_present", "result_valid": "valid", "kind_code": "kind_code",
                     "colour_code": "colour_code", "height": "height"}

    def __init__(self, name: str, x: float, y: float, *, zone_length: float = 60.0, zone_width: float = 100.0,
                 angle_deg: float = 0.0, measure_s: float = 0.3):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.zone_length = float(zone_length)
        self.zone_width = float(zone_width)
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux, self.uy = math.cos(a), math.sin(a)
        self.measure_s = float(measure_s)
        self.part: Workpiece | None = None
        self._in_zone_s = 0.0
        self.valid = False
        self.kind_code = 0
        self.colour_code = 0
        self.height = 0
        self.measured: list[Workpiece] = []
        self._stepped = False

    def _track(self) -> Workpiece | None:
        """The part in the zone (the one already there first); a new one restarts the measuring.
        A part is in the zone when its centre (xy(), its per-substep cache read in line) lies
        within half the zone's length along the zone's axis and half its width across it."""
        x0, y0, ux, uy = self.x, self.y, self.ux, self.uy
        half_l, half_w = self.zone_length / 2, self.zone_width / 2
        tick = self.plant.tick              # type: ignore[union-attr]
        part = self.part
        if part is not None and not part.removed and not part.lifted:
            px, py = part._xy if part._xy_tick == tick else part.xy()
            dx, dy = px - x0, py - y0
            if abs(dx * ux + dy * uy) <= half_l and abs(dy * ux - dx * uy) <= half_w:
                return part                 # still there
        part = None
        for p in self.flow.parts:
            if p.lifted:
                continue
            px, py = p._xy if p._xy_tick == tick else p.xy()
            dx, dy = px - x0, py - y0
            if abs(dx * ux + dy * uy) <= half_l and abs(dy * ux - dx * uy) <= half_w:
                part = p
                break
        if part is not self.part:
            self.part = part
            self._in_zone_s = 0.0
            self.valid = False
            self.kind_code = self.colour_code = self.height = 0
        return part

    def step(self, dt: float) -> None:
        self._stepped = True
        part = self._track()
        if part is None:
            return
        if not self.valid:
            self._in_zone_s += dt
            if self._in_zone_s + 1e-9 >= self.measure_s:
                self.valid = True
                self.kind_code = part.code
                self.colour_code = COLOUR_CODES[part.colour]
                self.height = int(round(part.height_mm))
                self.measured.append(part)

    @property
    def part_present(self) -> bool:
        """The 'part_present' signal."""
        if not self._stepped:
            self._track()           # at power-up, before the first step: a part already in the zone
        return self.part is not None

    def read(self, signal: str) -> Any:
        if signal == "part_present":
            return self.part_present
        if signal == "result_valid":
            return self.valid
        if signal == "kind_code":
            return self.kind_code
        if signal == "colour_code":
            return self.colour_code
        if signal == "height":
            return self.height
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "zone_length": self.zone_length, "zone_width": self.zone_width,
                "angle_deg": self.angle_deg, "part_present": self.part is not None,
                "result_valid": self.valid, "kind_code": self.kind_code}

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        present, valid = s.get("part_present"), s.get("result_valid")
        col = "INSPECT_VALID" if valid else "INSPECT_BUSY" if present else "ZONE"
        pts = pen.rect_rotated(x, y, s["zone_length"], s["zone_width"], s.get("angle_deg", 0.0), col,
                               border=2)
        pen.circle(x, y, 10, "SENSOR_BODY", min_px=5)
        pen.circle(x, y, 5, "LIT" if present else "UNLIT", min_px=3)
        text = f"code {s.get('kind_code', 0)}" if valid else ("measuring" if present else "")
        if text:
            pen.label(text, x, y + s["zone_width"] / 2 + 14, col, 12)
        pen.label(name, x, y - s["zone_width"] / 2 - 14)
        pen.hot(name, "inspection_sensor", pts)
