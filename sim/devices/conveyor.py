"""Belt conveyor seen from above: a driven surface that carries parts lying on it.

There is no gravity in a top view, so the belt does not drag parts by friction: each part
whose centre lies on the belt is driven toward the belt's surface velocity every physics
substep (see Workpiece.step). Side guides and an end stop are static pymunk segments, so
parts queue against the end stop or a stopper with real contacts.

    belt = plant.add(Conveyor("infeed", x=500, y=200, length=800, width=100, angle_deg=0, speed=150))
    belt.write("run", True)        # parts move toward +x at 150 mm/s
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

from sim.devices.workpiece import material_flow
from sim.plant import Device, Plant

BELT_PITCH_MM = 40.0   # spacing of the drawn belt cleats; the offset wraps at this length
RAIL_FLARE_MM = (20.0, 6.0)   # a guide rail's flared end at a gap: length along the belt, depth outward


class Conveyor(Device):
    """A belt of `length` x `width` mm centred at (x, y); forward travel points at angle_deg.

    Commands: 'run' (BOOL, motor on), 'reverse' (BOOL, run backwards), and when
    speed_command=True also 'speed' (word, belt speed in mm/s, clamped to 0..max_speed).
    Signals: 'running' (BOOL, motor contactor feedback), 'speed_actual' (word, mm/s).
    ramp_s: time to reach full speed from standstill (motor ramp).
    guides: side rails along both edges, except in `guide_gaps` ((side, from_mm, to_mm)
    where side is 'left' or 'right' seen in the forward direction and the distances run
    from the infeed end), so pushers can shove parts off through the gap.
    end_stop: a fixed stop across the discharge (forward) end, where parts queue.
    """

    kind = "conveyor"
    plain_commands = {"run": ("run", bool), "reverse": ("reverse", bool)}
    layer = 0
    signals = ("running", "speed_actual")

    def __init__(self, name: str, x: float, y: float, *, length: float = 1000.0, width: float = 100.0,
                 angle_deg: float = 0.0, speed: float = 150.0, max_speed: float = 500.0,
                 speed_command: bool = False, ramp_s: float = 0.05, guides: bool = True,
                 guide_gaps: tuple[tuple[str, float, float], ...] = (), end_stop: bool = False):
        super().__init__(name)
        self.x = float(x)
        self.y = float(y)
        self.length = float(length)
        self.width = float(width)
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux = math.cos(a)
        self.uy = math.sin(a)
        self.half_length = self.length / 2
        self.half_width = self.width / 2
        self.speed = float(speed)              # set speed when no speed word is wired
        self.max_speed = float(max_speed)
        self.commands = ("run", "reverse", "speed") if speed_command else ("run", "reverse")
        self.ramp_s = float(ramp_s)
        self.guides = guides
        self.guide_gaps = tuple(guide_gaps)
        self.end_stop = end_stop
        self.run = False
        self.reverse = False
        self.speed_word = 0
        self.velocity = 0.0                    # signed belt speed along the forward axis, mm/s
        self.surface_vx = 0.0
        self.surface_vy = 0.0
        self.offset = 0.0                      # belt travel for animation, wraps at BELT_PITCH_MM
        self.travelled = 0.0                   # belt travel since power-up, either way (mm): an odometer
        self.fault = False                     # motor overload: ignores 'run'
        self._static: list[pymunk.Shape] = []
        self._fixed_speed: bool | None = None  # no speed word: found at the first step that runs

    # -- geometry ----------------------------------------------------------------------
    def point(self, along: float, across: float = 0.0) -> tuple[float, float]:
        """Plant coordinates of a point `along` mm from the infeed end, `across` mm to the left."""
        d = along - self.half_length
        return (self.x + d * self.ux - across * self.uy, self.y + d * self.uy + across * self.ux)

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        material_flow(plant).add_belt(self)
        static = plant.space.static_body
        segs: list[tuple[tuple[float, float], tuple[float, float]]] = []
        if self.guides:
            line = self.half_width + 2
            for side, sign in (("left", 1.0), ("right", -1.0)):
                gaps = sorted((g[1], g[2]) for g in self.guide_gaps if g[0] == side)
                start = 0.0
                for g0, g1 in gaps + [(self.length, self.length)]:
                    if g0 > start:
                        # a rail piece that ends at a gap is flared outward there, as real guide
                        # rails are: a part's corner that swung into the gap is led back onto the
                        # belt instead of catching on a blunt rail end and wedging across it
                        flare = min(RAIL_FLARE_MM[0], (g0 - start) / 3)
                        a = start + flare if start > 0.0 else start
                        b = g0 - flare if g0 < self.length else g0
                        if a > start:
                            segs.append((self.point(start, sign * (line + RAIL_FLARE_MM[1])),
                                         self.point(a, sign * line)))
                        segs.append((self.point(a, sign * line), self.point(b, sign * line)))
                        if b < g0:
                            segs.append((self.point(b, sign * line),
                                         self.point(g0, sign * (line + RAIL_FLARE_MM[1]))))
                    start = max(start, g1)
        if self.end_stop:
            segs.append((self.point(self.length + 2, -self.half_width - 2),
                         self.point(self.length + 2, self.half_width + 2)))
        for a, b in segs:
            seg = pymunk.Segment(static, a, b, 2.0)
            seg.friction = 0.2
            self._static.append(seg)
            plant.space.add(seg)

    # -- I/O ---------------------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "running":
            return self.run and not self.fault
        if signal == "speed_actual":
            return int(round(abs(self.velocity)))
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "run":
            self.run = bool(value)
        elif command == "reverse":
            self.reverse = bool(value)
        elif command == "speed" and "speed" in self.commands:
            self.speed_word = int(value)
        else:
            super().write(command, value)

    def set_speed(self) -> float:
        if "speed" in self.commands:
            return float(min(max(self.speed_word, 0), self.max_speed))
        return self.speed

    def step(self, dt: float) -> None:
        if self.run and not self.fault:
            # a belt without a speed word runs at its set speed (set_speed's answer, without the call)
            fixed = self._fixed_speed
            if fixed is None:
                fixed = self._fixed_speed = (type(self).set_speed is Conveyor.set_speed
                                             and "speed" not in self.commands)
            speed = self.speed if fixed else self.set_speed()
            target = -speed if self.reverse else speed
        else:
            target = 0.0
        v = self.velocity
        if v != target:
            limit = (self.max_speed / self.ramp_s) * dt if self.ramp_s > 0 else abs(target - v)
            v = target if abs(target - v) <= limit else v + math.copysign(limit, target - v)
            self.velocity = v
            self.surface_vx = v * self.ux
            self.surface_vy = v * self.uy
        if v != 0.0:
            self.offset = (self.offset + v * dt) % BELT_PITCH_MM
            self.travelled += abs(v) * dt

    def state(self) -> dict[str, Any]:
        return {
            "x": self.x, "y": self.y, "length": self.length, "width": self.width,
            "angle_deg": self.angle_deg, "running": self.run and not self.fault, "reverse": self.reverse,
            "speed": self.velocity, "belt_offset": self.offset, "fault": self.fault,
            "guides": [(a.a.x, a.a.y, a.b.x, a.b.y) for a in self._static],
        }

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        r = math.hypot(s["length"], s["width"]) / 2
        return [(x - r, y - s["width"]), (x + r, y + s["width"])]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, L, W, ang = s["x"], s["y"], s["length"], s["width"], s["angle_deg"]
        a = math.radians(ang)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        frame = pen.rect_rotated(x, y, L + 16, W + 16, ang, "FRAME")
        pen.rect_rotated(x, y, L, W, ang, "BELT_RUNNING" if s.get("running") else "BELT")
        # Cleats across the belt move with the belt offset: a running belt is seen to run.
        pitch = 40.0
        off = (s.get("belt_offset", 0.0) or 0.0) % pitch
        k = -L / 2 + off
        cleat = pen.shade("BELT", 1.25)
        while k < L / 2:
            p = (x + ux * k - vx * W / 2, y + uy * k - vy * W / 2)
            q = (x + ux * k + vx * W / 2, y + uy * k + vy * W / 2)
            pen.line(p, q, cleat, max(1, pen.mm(3)))
            k += pitch
        for end in (-1, 1):  # rollers
            ex, ey = x + ux * end * L / 2, y + uy * end * L / 2
            pen.line((ex - vx * W / 2, ey - vy * W / 2), (ex + vx * W / 2, ey + vy * W / 2), "ROLLER",
                     pen.mm(8))
        for g in s.get("guides", ()):
            pen.line((g[0], g[1]), (g[2], g[3]), "GUIDE", max(2, pen.mm(4)))
        # Direction arrow at the discharge end, green while running.
        d = -1 if s.get("reverse") else 1
        tip = (x + ux * d * (L / 2 - 20), y + uy * d * (L / 2 - 20))
        base = (x + ux * d * (L / 2 - 55), y + uy * d * (L / 2 - 55))
        col = "ON" if s.get("running") else "OFF_MARK"
        pen.poly([tip, (base[0] + vx * 14, base[1] + vy * 14), (base[0] - vx * 14, base[1] - vy * 14)], col)
        if s.get("fault"):
            pen.label("MOTOR FAULT", x, y, "FAULT", 13)
        lx, ly = x - ux * (L / 2 - 40) + vx * (W / 2 + 20), y - uy * (L / 2 - 40) + vy * (W / 2 + 20)
        pen.label(name, lx, ly)
        pen.hot(name, "conveyor", frame)
