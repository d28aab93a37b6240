"""Turning pin: a pneumatic pin beside a belt's centre line that rises into the path of the
cartons so that a carton catching it with one front corner pivots a quarter turn about it.

Seen from above, the pin stands `offset_mm` across from the belt's centre line at `at_mm` from
its infeed end. Command 'raise' (single solenoid: TRUE raises, FALSE lowers); the pin travels
in `stroke_s` either way; signals 'up' and 'down' are its end switches (TRUE only at the real
end of the stroke), so a program that trusts its own command instead of 'up' may let a carton
past a pin still on its way.

A carton is caught when its leading edge reaches the pin while the pin is fully up and the pin
lies across the carton's footprint. The caught carton turns by 90 degrees while the belt carries
it on by a quarter of the arc its far corner sweeps (kinematic: the device sets the carton's
angle; the belt still carries it). A turn scripted to fail (`fails`: the catch numbers, from 1,
that slip off the pin) leaves the carton as it came. A pin that moves (up or down) while a
carton lies over it hits that carton: logged once per stroke in `hits` [(time_s, part name)],
and a turn in progress is abandoned (the carton stays skewed at the angle it had reached). A
carton driven back (belt reversed) over a pin that is not fully down is hit the same way; once
it is back clear upstream of the pin it may be caught again (re-turned) on its way forward.

    pin = plant.add(TurningPin.on(belt, "pin", at_mm=500, offset_mm=25, stroke_s=0.15))
    pin.write("raise", True)      # 'up' once there; the next carton pivots about it
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.workpiece import PartDevice, _cp


class TurningPin(PartDevice):
    """A turning pin at `at_mm` along `belt`, `offset_mm` across its centre line (positive: to
    the left of the direction of travel)."""

    kind = "turning_pin"
    layer = 4
    signals = ("up", "down")
    commands = ("raise",)

    def __init__(self, name: str, belt: Any, at_mm: float, *, offset_mm: float = 25.0,
                 stroke_s: float = 0.15, fails: tuple[int, ...] = (), start_up: bool = False,
                 radius_mm: float = 6.0):
        super().__init__(name)
        if stroke_s <= 0:
            raise ValueError(f"turning pin {name!r}: the stroke time must be positive")
        self.belt = belt
        self.at_mm, self.offset_mm = float(at_mm), float(offset_mm)
        self.x, self.y = belt.point(self.at_mm, self.offset_mm)
        self.stroke_s, self.radius_mm = float(stroke_s), float(radius_mm)
        self.fails = frozenset(int(n) for n in fails)
        self.command = bool(start_up)
        self.height = 1.0 if start_up else 0.0      # 0 down .. 1 up
        self.time = 0.0
        self.catches = 0                            # cartons caught so far
        self.turned: list[tuple[float, str]] = []   # (time_s, part) turned a quarter turn
        self.slipped: list[tuple[float, str]] = []  # (time_s, part) whose turn failed
        self.hits: list[tuple[float, str]] = []     # (time_s, part) the moving pin struck
        self._hit_this_stroke: set[int] = set()
        self._stroke_target = self.height
        self._turning: dict[int, tuple[Any, float, float, float]] = {}   # id -> (part, angle0, along0, arc)
        self._passed: set[int] = set()              # parts whose leading edge is past the pin
        # part -> (its angle, the belt's angle, half extents along and across the belt)
        self._footprints: dict[Any, tuple[float, float, float, float]] = {}

    @classmethod
    def on(cls, belt: Any, name: str, at_mm: float, **kw: Any) -> TurningPin:
        return cls(name, belt, at_mm, **kw)

    # --- I/O -------------------------------------------------------------------------------

    def write(self, command: str, value: Any) -> None:
        if command != "raise":
            super().write(command, value)
        self.command = bool(value)

    def read(self, signal: str) -> Any:
        if signal == "up":
            return self.height >= 1.0
        if signal == "down":
            return self.height <= 0.0
        return super().read(signal)

    # --- geometry --------------------------------------------------------------------------

    def _along_across(self, part: Any) -> tuple[float, float]:
        b = self.belt
        x, y = part.xy()
        dx, dy = x - b.x, y - b.y
        return dx * b.ux + dy * b.uy + b.half_length, dy * b.ux - dx * b.uy

    def _footprint(self, part: Any) -> tuple[float, float]:
        """Half extents (along, across the belt) of the part at its present angle, worked out again
        only when the part or the belt has turned since (a carton turns only on the pin)."""
        angle = _cp.cpBodyGetAngle(part._cpbody)       # part.body.angle without pymunk's wrapper
        belt_angle = math.atan2(self.belt.uy, self.belt.ux)
        got = self._footprints.get(part)
        if got is None or got[0] != angle or got[1] != belt_angle:
            a = angle - belt_angle
            c, s = abs(math.cos(a)), abs(math.sin(a))
            hl, hw = part.length / 2, part.width / 2
            got = self._footprints[part] = (angle, belt_angle, hl * c + hw * s, hl * s + hw * c)
        return got[2], got[3]

    def over(self, part: Any) -> bool:
        """The pin lies under the part's footprint (the part would be struck by a moving pin)."""
        along, across = self._along_across(part)
        ha, hc = self._footprint(part)
        return self._over(along, across, ha, hc)

    def _over(self, along: float, across: float, ha: float, hc: float) -> bool:
        return (abs(along - self.at_mm) < ha + self.radius_mm
                and abs(across - self.offset_mm) < hc + self.radius_mm)

    # --- mechanics -------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        self.time += dt
        target = 1.0 if self.command else 0.0
        if target != self._stroke_target:         # a new stroke logs its own hits
            self._stroke_target = target
            self._hit_this_stroke.clear()
        moving = self.height != target
        if moving:
            rate = dt / self.stroke_s
            up = target > self.height
            self.height = min(target, self.height + rate) if up else max(target, self.height - rate)
        # where each part lies against the pin, worked out once per step: nothing in this step moves
        # a part, and the one change (a turning carton's angle) comes after its own row is used
        footprint = self._footprint
        b = self.belt
        bx, by, ux, uy, half = b.x, b.y, b.ux, b.uy, b.half_length
        rows = []
        for part in self.flow.parts:                  # type: ignore[union-attr]
            if part.removed or part.holder is not None:
                continue
            x, y = part.xy()
            dx, dy = x - bx, y - by
            rows.append((part, dx * ux + dy * uy + half, dy * ux - dx * uy, *footprint(part)))
        hit_this_stroke, turning, passed = self._hit_this_stroke, self._turning, self._passed
        if moving:
            for part, along, across, ha, hc in rows:
                if id(part) not in hit_this_stroke and self._over(along, across, ha, hc):
                    hit_this_stroke.add(id(part))
                    self.hits.append((round(self.time, 3), part.name))
                    turning.pop(id(part), None)        # knocked off the pin: left skewed
        reach = self.at_mm - self.radius_mm
        for part, along, across, ha, hc in rows:
            key = id(part)
            if key in turning:
                p, angle0, along0, arc = turning[key]
                frac = min(1.0, max(0.0, (along - along0) / arc))
                p.body.angle = angle0 + frac * math.pi / 2
                p.body.angular_velocity = 0.0
                if frac >= 1.0:
                    del turning[key]
                    self.turned.append((round(self.time, 3), part.name))
                continue
            if key in passed:
                if along + ha < reach:
                    passed.discard(key)       # backed up clear of the pin: it may be caught again
                elif (self.height > 0.0 and key not in hit_this_stroke and self._over(along, across, ha, hc)
                        and self._backing(part)):
                    # driven back against a pin that is not down: the pin strikes its trailing side
                    hit_this_stroke.add(key)
                    self.hits.append((round(self.time, 3), part.name))
                continue
            if along + ha >= reach:
                passed.add(key)
                if self.height >= 1.0 and abs(across - self.offset_mm) < hc:
                    self.catches += 1
                    if self.catches in self.fails:
                        self.slipped.append((round(self.time, 3), part.name))
                    else:
                        # the far corner sweeps a quarter circle about the pin
                        arc = max(10.0, math.hypot(2 * ha, hc + abs(across - self.offset_mm)) * math.pi / 4)
                        turning[key] = (part, part.body.angle, along, arc)
        # a part that left the pin's reach behind it is forgotten (bounded memory)
        if len(passed) > 64:
            alive = {id(row[0]) for row in rows}
            passed &= alive
        if len(self._footprints) > 64:
            self._footprints = {row[0]: self._footprints[row[0]] for row in rows}

    def _backing(self, part: Any) -> bool:
        v = part.body.velocity
        return v.x * self.belt.ux + v.y * self.belt.uy < -1.0

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "height": self.height, "command": self.command,
                "up": self.read("up"), "down": self.read("down"), "turned": len(self.turned),
                "slipped": len(self.slipped), "hits": len(self.hits)}

    def extent(self) -> list[tuple[float, float]]:
        r = self.radius_mm + 4
        return [(self.x - r, self.y - r), (self.x + r, self.y + r)]

    def draw(self, pen) -> None:
        s = self.state()
        col = "ROD" if s["up"] else ("OFF_MARK" if s["down"] else "BUSY")
        pen.circle(self.x, self.y, self.radius_mm * (0.6 + 0.4 * s["height"]), col, min_px=3)
        pen.circle(self.x, self.y, self.radius_mm + 3, "CYLINDER", width=2)
        pen.hot(self.name, self.kind, [pen.px(self.x - self.radius_mm, self.y - self.radius_mm),
                                       pen.px(self.x + self.radius_mm, self.y + self.radius_mm)])
