"""Two pick heads over one belt (for MOT-H03): the belt, its parts and the heads' Z strokes and
grippers as positions and times, the heads' X carried by two sim.devices.sync_axis.SyncAxis drives.

What is new here and not in the library: a pick from a moving belt. The pymunk Conveyor, Gripper
and Cylinder take a part only at rest between jaws; a head that rides along with a part at belt
speed, lowers onto it and lifts it off needs the part's position along the belt exactly (the
sync band is +-2 mm), so the belt and its parts are kept as positions along the belt here (the
travel of each scan at the belt's speed, ramped), and the heads' X is read from their SyncAxis.

Belt: runs at `speed` (host, mm/s), or at `slow_factor` of it while `slow` is set, ramping at
`accel`. Parts (`length_mm` long) are put on at the infeed (0 mm) at their arrival times; a part
whose centre passes `end_mm` falls off the end (lost). An eye at `eye_mm` is TRUE while a part
blocks it; the line count (`counts_per_mm`, 16-bit, wrapping) and the count latched at each
part's leading edge at the eye (edge_count, edges) as an encoder card's latch.

Heads k = 1, 2: Z (`z_s` down or up, switches z_up / z_down at the ends), gripper (`grip_s` to
close or open; `gripped` TRUE while it holds a part). A gripper that finishes closing with the
Z down takes the part whose centre lies within `take_mm` of the head's X (none: it closes empty);
a held part rides with the head. Opening over the head's tray (`tray_mm`, within 20 mm) places the
part there; opening elsewhere over the belt puts it back on the belt at the head's X.
Logs for judges: placed[k] (part numbers), lost (part numbers), z_log of (time, k, x, part x,
head speed, belt speed) while the Z is out of its top.
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.plant import Device

TRAY_WINDOW_MM = 20.0


def _box(pen, x0, y0, x1, y1, colour) -> None:
    pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], colour)


class _Head:
    def __init__(self, axis, tray_mm: float, z_s: float, grip_s: float):
        self.axis, self.tray_mm, self.z_s, self.grip_s = axis, float(tray_mm), float(z_s), float(grip_s)
        self.z = 0.0  # 0 up .. 1 down
        self.g = 0.0  # 0 open .. 1 closed
        self.z_cmd = False
        self.g_cmd = False
        self.part: dict | None = None


class BeltPickers(Device):
    kind = "belt_pickers"
    layer = 1
    signals = (
        "eye",
        "count",
        "edge_count",
        "edges",
        "belt_speed",
        "z1_up",
        "z1_down",
        "gripped1",
        "closed1",
        "z2_up",
        "z2_down",
        "gripped2",
        "closed2",
        "p2_service",
    )
    commands = ("slow", "z1_lower", "grip1", "z2_lower", "grip2")

    def __init__(
        self,
        name: str,
        axis1,
        axis2,
        *,
        arrivals,
        speed: float,
        accel: float = 600.0,
        slow_factor: float = 0.3,
        end_mm: float = 2400.0,
        eye_mm: float = 250.0,
        length_mm: float = 60.0,
        counts_per_mm: float = 10.0,
        start_count: int = 0,
        trays=(-150.0, 2550.0),
        z_s=(0.15, 0.15),
        grip_s=(0.08, 0.08),
        take_mm: float = 4.0,
        held1: bool = False,
        service_at: float | None = None,
        late_mm: float = 1200.0,
        origin=(100.0, 300.0),
    ):
        super().__init__(name)
        self.arrivals = sorted(float(t) for t in arrivals)
        self.speed, self.accel, self.slow_factor = float(speed), float(accel), float(slow_factor)
        self.v = float(speed)
        self.slow = False
        self.end_mm, self.eye_mm, self.length_mm = float(end_mm), float(eye_mm), float(length_mm)
        self.counts_per_mm, self.start_count = float(counts_per_mm), int(start_count)
        self.take_mm = float(take_mm)
        self.origin = origin
        self.heads = (_Head(axis1, trays[0], z_s[0], grip_s[0]), _Head(axis2, trays[1], z_s[1], grip_s[1]))
        self.t = 0.0
        self.service_at = service_at  # picker 2 called out of service from then on
        self.service_allowed: set[int] | None = None  # parts past `late_mm` at the call (picker 2 may finish)
        self.late_mm = float(late_mm)
        self.travel = 0.0
        self.parts: list[dict] = []  # on the belt: {"n", "x"}
        self.placed: dict[int, list[int]] = {1: [], 2: []}
        self.lost: list[int] = []
        self.z_log: list[tuple] = []
        self.edge_count = 0
        self.edges = 0
        self._next = 0
        self._numbered = 0
        self.z1_lower = self.grip1 = self.z2_lower = self.grip2 = False
        self.edges_word = 0
        self.p2_service = self.in_service
        if held1:  # power-up: head 1 holds a part (left from a stop)
            self._numbered += 1
            h = self.heads[0]
            h.g, h.g_cmd, h.part = 1.0, True, {"n": 0, "x": axis1.pos}
            self.grip1 = True
        self._publish()

    # -- PLC side ----------------------------------------------------------------------------
    # Every signal is published as an attribute once a step (_publish) and every command is an
    # attribute the session stores into: a scan costs no call into read or write (the closed loop).
    plain_signals = {
        **{s: s for s in signals if s != "edges"},
        "edges": "edges_word",
    }
    plain_commands = {c: (c, bool) for c in commands}

    def write(self, command: str, value: Any) -> None:
        if command in self.plain_commands:
            setattr(self, command, bool(value))
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        attr = self.plain_signals.get(signal)
        if attr is None and signal in self.commands:  # the commands read back (the debugger shows them)
            attr = signal
        if attr is None:
            return super().read(signal)
        return getattr(self, attr)

    @property
    def in_service(self) -> bool:
        return self.service_at is not None and self.t >= self.service_at - 1e-9

    def _publish(self) -> None:
        """The signals as the PLC reads them, from the state at the end of a step."""
        half, eye_mm, eye = self.length_mm / 2, self.eye_mm, False
        for p in self.parts:
            x = p["x"]
            if x - half <= eye_mm <= x + half:
                eye = True
                break
        self.eye = eye
        self.count = wrap16(self.start_count + math.floor(self.travel * self.counts_per_mm + 1e-9))
        self.belt_speed = int(round(self.v))
        h1, h2 = self.heads
        self.z1_up, self.z1_down = h1.z <= 0.0, h1.z >= 1.0
        self.closed1 = h1.g >= 1.0
        self.gripped1 = h1.part is not None and self.closed1
        self.z2_up, self.z2_down = h2.z <= 0.0, h2.z >= 1.0
        self.closed2 = h2.g >= 1.0
        self.gripped2 = h2.part is not None and self.closed2

    # -- physics ------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.t += dt
        h1, h2 = self.heads
        h1.z_cmd, h1.g_cmd, h2.z_cmd, h2.g_cmd = self.z1_lower, self.grip1, self.z2_lower, self.grip2
        target = self.speed * (self.slow_factor if self.slow else 1.0)
        dv = self.accel * dt
        self.v = target if abs(target - self.v) <= dv else self.v + math.copysign(dv, target - self.v)
        d = self.v * dt
        before = self.travel
        self.travel += d
        lead, eye_mm, end_mm, gone = self.length_mm / 2, self.eye_mm, self.end_mm, False
        for p in self.parts:
            x0 = p["x"]
            x1 = p["x"] = x0 + d
            if x0 + lead < eye_mm <= x1 + lead:  # latch at the leading edge's crossing
                f = (eye_mm - x0 - lead) / d
                self.edges += 1
                self.edges_word = wrap16(self.edges)
                self.edge_count = wrap16(
                    self.start_count + math.floor((before + f * d) * self.counts_per_mm + 1e-9)
                )
            if x1 > end_mm:
                gone = True
        if gone:
            for p in [p for p in self.parts if p["x"] > end_mm]:
                self.parts.remove(p)
                self.lost.append(p["n"])
        while self._next < len(self.arrivals) and self.arrivals[self._next] <= self.t + 1e-9:
            self._numbered += 1
            self._next += 1
            self.parts.append({"n": self._numbered, "x": 0.0})
        svc = self.p2_service = self.service_at is not None and self.t >= self.service_at - 1e-9
        if svc and self.service_allowed is None:
            self.service_allowed = {p["n"] for p in self.parts if p["x"] >= self.late_mm}
            if self.heads[1].part is not None:
                self.service_allowed.add(self.heads[1].part["n"])
        self._head(1, h1, dt)
        self._head(2, h2, dt)
        self._publish()

    def part_under(self, k: int) -> dict | None:
        """The part on the belt whose centre is within take_mm of head k, or None."""
        x = self.heads[k - 1].axis.pos
        near = [p for p in self.parts if abs(p["x"] - x) <= self.take_mm]
        return min(near, key=lambda p: abs(p["x"] - x)) if near else None

    def _head(self, k: int, h: _Head, dt: float) -> None:
        x = h.axis.pos
        z = h.z
        if h.z_cmd:
            if z < 1.0:
                z = min(1.0, z + dt / h.z_s)
        elif z > 0.0:
            z = max(0.0, z - dt / h.z_s)
        h.z = z
        g = h.g
        was_closed, was_open = g >= 1.0, g <= 0.0
        if h.g_cmd:
            if not was_closed:
                g = h.g = min(1.0, g + dt / h.grip_s)
        elif not was_open:
            g = h.g = max(0.0, g - dt / h.grip_s)
        part = h.part
        if part is None:
            if g >= 1.0 and not was_closed and z >= 1.0:
                near = [p for p in self.parts if abs(p["x"] - x) <= self.take_mm]
                if near:
                    part = h.part = min(near, key=lambda p: abs(p["x"] - x))
                    self.parts.remove(part)
        elif g < 1.0 and not was_open:
            h.part = None
            if abs(x - h.tray_mm) <= TRAY_WINDOW_MM:
                self.placed[k].append(part["n"])
            elif 0.0 <= x <= self.end_mm:
                part["x"] = x
                self.parts.append(part)
            else:
                self.lost.append(part["n"])
            part = None
        if part is not None:
            part["x"] = x
        if z > 0.0:
            if part is not None:
                under = x
            else:  # the nearest part's centre (the first of equals)
                under, best = None, 0.0
                for p in self.parts:
                    dx = abs(p["x"] - x)
                    if under is None or dx < best:
                        under, best = p["x"], dx
            self.z_log.append((round(self.t, 3), k, x, under, h.axis.vel, self.v, part is not None))

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {
            "x": self.origin[0],
            "y": self.origin[1],
            "v": self.v,
            "slow": self.slow,
            "eye": self.eye,
            "parts": [p["x"] for p in self.parts],
            "heads": [(h.axis.pos, h.z, h.g, h.part is not None, h.tray_mm) for h in self.heads],
            "placed": [len(self.placed[1]), len(self.placed[2])],
            "lost": len(self.lost),
        }

    def extent(self) -> list[tuple[float, float]]:
        ox, oy = self.origin
        return [(ox - 260.0, oy - 100.0), (ox + self.end_mm + 260.0, oy + 260.0)]

    def draw(self, pen) -> None:
        s = self.state()
        ox, oy = self.origin
        # the pickers' rail above the belt, the belt between its guides and end rollers, the
        # run-off beyond its end (where a part is lost)
        _box(pen, ox - 120, oy + 214, ox + self.end_mm + 120, oy + 232, "RAIL")
        _box(pen, ox + self.end_mm, oy - 70, ox + self.end_mm + 90, oy + 70, "PLACE")
        _box(pen, ox, oy - 50, ox + self.end_mm, oy + 50, "BELT_RUNNING" if s["v"] else "BELT")
        for edge in (-1, 1):
            _box(pen, ox, oy + edge * 50 - 5, ox + self.end_mm, oy + edge * 50 + 5, "GUIDE")
        for end in (0, self.end_mm):
            pen.circle(ox + end, oy, 50, "ROLLER", width=2, min_px=3)
        pen.label(f"belt {s['v']:.0f} mm/s{'  (slow)' if s['slow'] else ''}", ox + self.end_mm / 2, oy + 80)
        ex = ox + self.eye_mm
        pen.line((ex, oy - 60), (ex, oy + 60), "LIT" if s["eye"] else "FRAME", 2)
        for px in s["parts"]:
            _box(pen, ox + px - self.length_mm / 2, oy - 25, ox + px + self.length_mm / 2, oy + 25, "PART")
        for k, (x, z, g, held, tray) in enumerate(s["heads"], 1):
            _box(pen, ox + tray - 60, oy - 60, ox + tray + 60, oy + 60, "FRAME")
            _box(pen, ox + tray - 48, oy - 48, ox + tray + 48, oy + 48, "PLACE")
            for n in range(min(s["placed"][k - 1], 9)):      # the parts placed, three by three
                cx, cy = ox + tray - 30 + 30 * (n % 3), oy - 30 + 30 * (n // 3)
                _box(pen, cx - 12, cy - 12, cx + 12, cy + 12, "PART")
            pen.label(f"tray {k}: {s['placed'][k - 1]}", ox + tray, oy + 60)
            hx, top = ox + x, oy + 200
            low = oy + 30 + (1.0 - z) * 120
            _box(pen, hx - 45, top, hx + 45, top + 20, "CARRIAGE")
            pen.line((hx, top), (hx, low), "ROD", 4)
            jaw = 8 + (1.0 - g) * 20
            col = "LIT" if held else "FRAME"
            pen.line((hx - jaw, low), (hx - jaw, low - 25), col, 4)
            pen.line((hx + jaw, low), (hx + jaw, low - 25), col, 4)
            if held:
                _box(pen, hx - 20, low - 22, hx + 20, low - 2, "PART")
            pen.label(f"picker {k}", hx, top + 34)
        if s["lost"]:
            pen.label(f"lost {s['lost']}", ox + self.end_mm + 120, oy - 80, "FAULT")
        pen.hot(self.name, "belt_pickers", [pen.px(ox, oy - 50), pen.px(ox + self.end_mm, oy + 50)])
