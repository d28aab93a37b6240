"""Pneumatic cylinders, pushers and stoppers.

The stroke is a kinematic model in plain Python (travel time per direction, end switches
that close only at the real end of stroke, an optional stall fault). The rod's end plate is
a kinematic pymunk body moved by velocity, so it shoves parts with real contacts.

    pusher = plant.add(Pusher("pusher1", x=400, y=120, angle_deg=90, stroke=120, extend_s=0.4))
    pusher.write("extend", True)     # single solenoid: TRUE extends, FALSE springs back
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

from sim.plant import Device, Plant


class Cylinder(Device):
    """A pneumatic cylinder mounted at (x, y), its rod extending toward angle_deg.

    solenoid='single': command 'extend' (TRUE extends, FALSE the spring retracts).
    solenoid='double': commands 'extend' and 'retract' (coils; the valve keeps the last
    direction when neither is on; both on at once leaves the cylinder where it is heading).
    Signals: 'extended' and 'retracted' end-of-stroke switches: TRUE only when the rod is
    exactly at that end.
    extend_s / retract_s: full-stroke travel times. fault='never_extends' stalls the rod at
    stall_fraction of the stroke (a jammed slide or lost air): 'extended' never closes;
    fault='never_retracts' does the same on the way back.
    plate_width / plate_depth: the end plate that touches parts (mm).
    start_extended: the rod starts at the end of stroke (an initial state to discover).
    touches_parts=False: a rod no part can ever meet (a lift car's door): its plate is left out
    of the physics, so a plant of such cylinders runs no contact solver for them.
    """

    kind = "cylinder"
    plain_commands = {"extend": ("extend_coil", bool)}
    # the end switches read as attributes (properties), so a scan costs no call into read
    plain_signals = {"extended": "is_extended", "retracted": "is_retracted"}

    def __init__(self, name: str, x: float, y: float, *, angle_deg: float = 0.0, stroke: float = 100.0,
                 extend_s: float = 0.5, retract_s: float = 0.5, solenoid: str = "single",
                 plate_width: float = 40.0, plate_depth: float = 10.0, fault: str | None = None,
                 stall_fraction: float = 0.6, start_extended: bool = False, touches_parts: bool = True):
        super().__init__(name)
        if solenoid not in ("single", "double"):
            raise ValueError(f"cylinder {name!r}: solenoid must be 'single' or 'double'")
        if fault not in (None, "never_extends", "never_retracts"):
            raise ValueError(f"cylinder {name!r}: unknown fault {fault!r}")
        if extend_s <= 0 or retract_s <= 0 or stroke <= 0:
            raise ValueError(f"cylinder {name!r}: stroke and travel times must be positive")
        self.x, self.y = float(x), float(y)
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux, self.uy = math.cos(a), math.sin(a)
        self.stroke = float(stroke)
        self.extend_s = float(extend_s)
        self.retract_s = float(retract_s)
        self.solenoid = solenoid
        self.commands = ("extend",) if solenoid == "single" else ("extend", "retract")
        self.signals = ("extended", "retracted")
        self.plate_width = float(plate_width)
        self.plate_depth = float(plate_depth)
        self.fault = fault
        self.stall_fraction = float(stall_fraction)
        self.position = self.stroke if start_extended else 0.0
        self.extend_coil = False
        self.retract_coil = False
        self.heading_out = start_extended      # valve state: which chamber gets air
        self.moving = False
        self.jammed = False                    # stalled against a part held by a fixed obstacle
        self.touches_parts = touches_parts
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.body.angle = a
        self.plate = pymunk.Poly.create_box(self.body, (self.plate_depth, self.plate_width))
        self.plate.friction = 0.0      # a rod sliding past a part does not drag it sideways
        self._place(self.position)

    def _tip(self, pos: float) -> tuple[float, float]:
        # the plate's centre (the body's position): half a plate depth beyond the rod end
        d = pos + self.plate_depth / 2
        return (self.x + d * self.ux, self.y + d * self.uy)

    def _place(self, pos: float) -> None:
        self.body.position = self._tip(pos)

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        if self.touches_parts:
            plant.space.add(self.body, self.plate)

    def write(self, command: str, value: Any) -> None:
        if command == "extend":
            self.extend_coil = bool(value)
        elif command == "retract" and self.solenoid == "double":
            self.retract_coil = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "extended":
            return self.is_extended
        if signal == "retracted":
            return self.is_retracted
        return super().read(signal)

    @property
    def is_extended(self) -> bool:
        return self.position >= self.stroke

    @property
    def is_retracted(self) -> bool:
        return self.position <= 0.0

    def step(self, dt: float) -> None:
        if self.solenoid == "single":
            self.heading_out = self.extend_coil
        elif self.extend_coil != self.retract_coil:
            self.heading_out = self.extend_coil
        pos = self.position
        if not self.moving and self.fault is None and pos == (self.stroke if self.heading_out else 0.0):
            self.jammed = False  # standing at the end it is heading for: nothing to do
            return
        if self.heading_out:
            limit = self.stroke * self.stall_fraction if self.fault == "never_extends" else self.stroke
            new = min(pos + self.stroke / self.extend_s * dt, limit) if pos < limit else pos
        else:
            limit = self.stroke * self.stall_fraction if self.fault == "never_retracts" else 0.0
            new = max(pos - self.stroke / self.retract_s * dt, limit) if pos > limit else pos
        if not self.touches_parts:
            self.jammed = False
            self.position = new
            self.moving = new != pos
            return
        body = self.body
        if new > pos and self._jammed():
            new = pos                   # the air cannot push a part through a fixed obstacle
            self.jammed = True
        else:
            self.jammed = False
        if new != pos:
            # start the substep from the exact pose and move by velocity, so contacts see the push
            body.position = self._tip(pos)
            v = (new - pos) / dt
            body.velocity = (v * self.ux, v * self.uy)
            self.position = new
            self.moving = True
        elif self.moving:
            body.velocity = (0.0, 0.0)
            body.position = self._tip(pos)
            self.moving = False

    def _jammed(self) -> bool:
        """The plate presses a part that is itself pressed, in the push direction, against
        something fixed (a guide rail, an end stop, another rod)."""
        touching: list[pymunk.Body] = []
        self.body.each_arbiter(lambda arb: touching.extend(arb.bodies))
        plate = self.body
        for part in touching:
            if part is plate or part.body_type != pymunk.Body.DYNAMIC:
                continue
            normals: list[pymunk.Vec2d] = []

            def fixed_contact(arb: pymunk.Arbiter, part: pymunk.Body = part,
                              normals: list[pymunk.Vec2d] = normals) -> None:
                for other in arb.bodies:
                    if other is not part and other is not plate and other.body_type != pymunk.Body.DYNAMIC:
                        normals.append(arb.normal)

            part.each_arbiter(fixed_contact)
            if any(abs(n.x * self.ux + n.y * self.uy) > 0.5 for n in normals):
                return True
        return False

    def state(self) -> dict[str, Any]:
        px, py = self._tip(self.position)
        return {
            "x": self.x, "y": self.y, "angle_deg": self.angle_deg, "stroke": self.stroke,
            "position": self.position,
            # rod end, and the centre of the plate in front of it
            "tip_x": self.x + self.position * self.ux, "tip_y": self.y + self.position * self.uy,
            "plate_x": px, "plate_y": py,
            "plate_width": self.plate_width, "plate_depth": self.plate_depth,
            "extended": self.position >= self.stroke, "retracted": self.position <= 0.0,
            "extend_coil": self.extend_coil, "retract_coil": self.retract_coil, "fault": self.fault,
            "jammed": self.jammed,
        }

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        a = math.radians(s["angle_deg"])
        back = s["stroke"] * 0.8 + 20
        return [(x - math.cos(a) * back, y - math.sin(a) * back),
                (x + math.cos(a) * (s["stroke"] + 10), y + math.sin(a) * (s["stroke"] + 10))]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, ang, stroke = s["x"], s["y"], s["angle_deg"], s["stroke"]
        a = math.radians(ang)
        ux, uy = math.cos(a), math.sin(a)
        barrel_len = stroke * 0.8 + 20
        bx, by = x - ux * barrel_len / 2, y - uy * barrel_len / 2
        body = pen.rect_rotated(bx, by, barrel_len, 34, ang, "CYLINDER")
        pen.rect_rotated(bx, by, barrel_len, 34, ang, pen.shade("CYLINDER", 0.6), border=1)
        for cap in (0.0, barrel_len):                 # end caps: head (rod side) and cap end
            pen.rect_rotated(x - ux * cap, y - uy * cap, 8, 40, ang, pen.shade("CYLINDER", 0.75))
        # the piston inside the barrel travels with the rod, so the stroke is seen on the body
        frac = s["position"] / stroke if stroke else 0.0
        piston = barrel_len - 12 - (barrel_len - 24) * frac
        pen.rect_rotated(x - ux * piston, y - uy * piston, 8, 28, ang, "ROD")
        tip = (s.get("tip_x", x + ux * s["position"]), s.get("tip_y", y + uy * s["position"]))
        pen.line((x - ux * piston, y - uy * piston), tip, "ROD", max(2, pen.mm(10)))
        pd = s.get("plate_depth", 10.0)
        plate_c = (s.get("plate_x", tip[0] + ux * pd / 2), s.get("plate_y", tip[1] + uy * pd / 2))
        plate = pen.rect_rotated(plate_c[0], plate_c[1], pd, s.get("plate_width", 40.0), ang,
                               "PLATE_FAULT" if s.get("fault") else "PLATE")
        # End switches on the barrel: lit at the real end of stroke only.
        vx, vy = -uy, ux
        for frac, on in ((0.15, s.get("retracted")), (0.85, s.get("extended"))):
            px_, py_ = x - ux * barrel_len * (1 - frac) + vx * 20, y - uy * barrel_len * (1 - frac) + vy * 20
            pen.circle(px_, py_, 5, "LIT" if on else "UNLIT", min_px=3)
        if s.get("extend_coil"):
            pen.circle(bx - ux * barrel_len / 2, by - uy * barrel_len / 2, 6, "COIL", min_px=3)
        pen.label(name, x - ux * (barrel_len + 14), y - uy * (barrel_len + 14))
        pen.hot(name, self.kind, body + plate)


class Pusher(Cylinder):
    """A cylinder with a wide push plate that shoves parts off a belt."""

    kind = "pusher"

    def __init__(self, name: str, x: float, y: float, **kw: Any):
        kw.setdefault("plate_width", 70.0)
        kw.setdefault("stroke", 120.0)
        super().__init__(name, x, y, **kw)


class Stopper(Cylinder):
    """A side-mounted stop: extended, its plate lies across the belt path and parts queue
    against it; retracted, it clears the belt."""

    kind = "stopper"

    def __init__(self, name: str, x: float, y: float, **kw: Any):
        kw.setdefault("plate_width", 12.0)
        kw.setdefault("plate_depth", 80.0)
        kw.setdefault("stroke", 90.0)
        kw.setdefault("extend_s", 0.15)
        kw.setdefault("retract_s", 0.15)
        super().__init__(name, x, y, **kw)

    @classmethod
    def beside(cls, belt: Any, name: str, at_mm: float, *, side: str = "right", **kw: Any) -> Stopper:
        """A stopper beside a conveyor, `at_mm` from its infeed end, extending across it."""
        sign = -1.0 if side == "right" else 1.0
        depth = kw.get("plate_depth", 80.0)
        kw.setdefault("plate_depth", depth)
        kw.setdefault("stroke", belt.half_width + 10.0 + depth - belt.width * 0.2)
        x, y = belt.point(at_mm, sign * (belt.half_width + 10.0 + depth))
        angle = belt.angle_deg + (90.0 if side == "right" else -90.0)
        return cls(name, x, y, angle_deg=angle, **kw)
