"""Gravity magazine: parts stacked nose to tail in an inclined chute, let out by an escapement.

Seen from above, the chute runs from its top (along = 0) down to its mouth (along = length).
Gravity slides every free part toward the mouth at `slide_speed`; a part stops against the
part in front of it, against the release stopper's pin (while the pin is in the path) or
against the hold clamp's pad (while the clamp is in and no part lies under it). A clamp that
comes in over a part pins that part where it lies (it presses it against the far rail), so
the parts behind it stay too. The stoppers are ordinary pneumatic Stopper devices of the
plant, named here; the magazine reads their rod positions: the release pin blocks once its
rod has travelled `release_engage` of its stroke (its tip reaches into the path early), the
clamp holds only while its rod is within `hold_engage` of its stroke (its pressure goes as
soon as the pad lifts). A part whose centre passes the mouth drops out: it is
handed to the physics world (e.g. into a tray, a Chute, right at the mouth).

The magazine moves its parts itself (they are held Workpieces, so photo-eyes see them and
nothing else pushes them). It logs, for judges:

    strikes     [(time_s, stopper, part name)]: a stopper rod moving into the path while a part
                lies across its line (the release pin driven onto a part still leaving)
    dropped     [(time_s, part name)] parts that left through the mouth

    mag = plant.add(GravityMagazine("magazine", 100, 300, length=1000, release="release",
                                    release_at=970, hold="hold", hold_at=895, slide_speed=300,
                                    parts=[dict(part_kind="A", width=50, length=50)] * 8))
"""

from __future__ import annotations

import math
from typing import Any

from pymunk._chipmunk_cffi import lib as _cp

from sim.devices.workpiece import PartDevice, Workpiece
from sim.plant import Plant

_set_position = _cp.cpBodySetPosition     # Body.position's setter without its two Python calls


class GravityMagazine(PartDevice):
    """A gravity chute of `length` x `width` mm from (x, y) (its top) toward angle_deg.

    parts: Workpiece keyword specs, the first nearest the mouth. They rest nose to tail from
    the release pin line upward, leaving `first_gap` empty places in front (a part already
    let out before power-up). release / hold: the names of the Stopper devices whose pins
    cross the chute at release_at / hold_at (mm from the top). release_engage / hold_engage:
    share of each stroke from which that rod acts (see the module). Signals: 'count' (parts in the magazine),
    'empty' (none left).
    """

    kind = "gravity_magazine"
    layer = 1
    signals = ("count", "empty")

    def __init__(self, name: str, x: float, y: float, *, length: float, release: str, release_at: float,
                 hold: str, hold_at: float, slide_speed: float, parts: list[dict], width: float = 110.0,
                 angle_deg: float = 0.0, release_engage: float = 0.15,
                 hold_engage: float = 0.85, first_gap: int = 0, prefix: str = "part"):
        super().__init__(name)
        if not 0.0 < hold_at < release_at < length:
            raise ValueError(f"magazine {name!r}: needs 0 < hold_at < release_at < length")
        if slide_speed <= 0:
            raise ValueError(f"magazine {name!r}: slide_speed must be positive")
        self.x, self.y = float(x), float(y)
        self.length, self.width = float(length), float(width)
        self.half_width = self.width / 2
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux, self.uy = math.cos(a), math.sin(a)
        self.release_name, self.hold_name = release, hold
        self.release_at, self.hold_at = float(release_at), float(hold_at)
        self.slide_speed = float(slide_speed)
        self.release_engage, self.hold_engage = float(release_engage), float(hold_engage)
        self.specs = [dict(p) for p in parts]
        self.first_gap = int(first_gap)
        self.prefix = prefix
        self.parts: list[Workpiece] = []     # in the chute, the one nearest the mouth first
        self.lead: list[float] = []          # each part's leading edge, mm from the top
        self.moving: list[bool] = []
        self.clamped: Workpiece | None = None
        self.strikes: list[tuple[float, str, str]] = []
        self.dropped: list[tuple[float, str]] = []
        self.time = 0.0
        self._in_path = {release: False, hold: False}
        self.release_rod: Any = None
        self.hold_rod: Any = None
        self._release_from = self._hold_from = 0.0
        self._placed = False                 # every part's body put where its lead says, once
        self._quiet = False                  # the last step moved nothing, with the pins standing so:
        self._quiet_release = self._quiet_hold = False

    # -- geometry ----------------------------------------------------------------------
    def point(self, along: float, across: float = 0.0) -> tuple[float, float]:
        """Plant coordinates of a point `along` mm down the chute from its top, `across` mm left."""
        return (self.x + along * self.ux - across * self.uy, self.y + along * self.uy + across * self.ux)

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        at = self.release_at
        for n, spec in enumerate(self.specs):
            spec = dict(spec)
            length = float(spec.get("length", spec.get("width", 50.0)))
            lead = at
            at -= length
            if n < self.first_gap:
                continue
            spec.setdefault("angle_deg", self.angle_deg)
            name = spec.pop("name", f"{self.prefix}{n + 1}")
            part = Workpiece(name, *self.point(lead - length / 2), **spec)
            plant.add(part)
            part.grab(self)
            self.parts.append(part)
            self.lead.append(lead)
            self.moving.append(False)

    def _rods(self) -> None:
        if self.release_rod is None:
            self.release_rod = self.plant[self.release_name]    # type: ignore[index]
            self.hold_rod = self.plant[self.hold_name]          # type: ignore[index]
            # in_path's thresholds, fixed with the strokes
            release, hold = self.release_rod, self.hold_rod
            self._release_from = self.release_engage * release.stroke
            self._hold_from = (self.release_engage if hold is release else self.hold_engage) * hold.stroke

    def in_path(self, rod) -> bool:
        share = self.release_engage if rod is self.release_rod else self.hold_engage
        return rod.position >= share * rod.stroke

    def drop(self) -> None:
        """Called when a held part is taken out of the plant (Workpiece.remove)."""
        for n in range(len(self.parts) - 1, -1, -1):
            if self.parts[n].removed:
                del self.parts[n], self.lead[n], self.moving[n]
        self._quiet = False                  # the parts behind may slide on

    def _across(self, n: int, line: float) -> bool:
        length = self.parts[n].length
        return self.lead[n] > line and self.lead[n] - length < line

    # -- physics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self.release_rod is None:
            self._rods()
        self.time += dt
        release, hold = self.release_rod, self.hold_rod
        release_in = release.position >= self._release_from      # in_path(release), in_path(hold)
        hold_in = hold.position >= self._hold_from
        # Nothing moved in the last step and the pins stand as they stood: the step would work
        # out the same leads again (they follow from the leads, the pins and the clamp alone).
        if self._quiet and release_in is self._quiet_release and hold_in is self._quiet_hold:
            return
        self._strike(self.release_name, release, self.release_at, release_in)
        self._strike(self.hold_name, hold, self.hold_at, hold_in)
        # the clamp pins the part lying under its line when it comes in; it lets go when it leaves
        if hold_in:
            if self.clamped is None:
                n = self._under_hold()
                if n is not None:
                    self.clamped = self.parts[n]
        else:
            self.clamped = None
        step_mm = self.slide_speed * dt
        front = math.inf
        parts, leads, moving, clamped = self.parts, self.lead, self.moving, self.clamped
        release_at, hold_at = self.release_at, self.hold_at
        moved = not self._placed
        for n, part in enumerate(parts):
            lead, length = leads[n], part.length
            if part is clamped:
                new = lead
            else:
                new = min(lead + step_mm, front)
                if release_in and lead <= release_at + 1e-9:
                    new = min(new, release_at)
                if hold_in and clamped is None and lead <= hold_at + 1e-9:
                    new = min(new, hold_at)
                new = max(new, lead)
            if new > lead:
                moving[n] = moved = True
                leads[n] = new
            else:
                moving[n] = False
            front = new - length
        if moved:
            first = not self._placed
            self._placed = True
            for n in range(len(parts) - 1, -1, -1):
                if not (moving[n] or first):
                    continue                # a held body stays where it was put
                part = parts[n]
                centre = leads[n] - part.length / 2
                _set_position(part._cpbody, self.point(centre))     # part.body.position = ...
                if centre >= self.length:           # it drops out of the mouth
                    del parts[n], leads[n], moving[n]
                    part.release()
                    part.body.velocity = (self.slide_speed * self.ux, self.slide_speed * self.uy)
                    self.dropped.append((round(self.time, 3), part.name))
        self._quiet, self._quiet_release, self._quiet_hold = not moved, release_in, hold_in

    def _strike(self, name: str, rod, line: float, now: bool) -> None:
        """A rod moving into the path while a part lies across its line (the clamp's own part aside)."""
        if now and not self._in_path[name]:
            for n, part in enumerate(self.parts):
                if self._across(n, line) and not (rod is self.hold_rod and n == self._under_hold()):
                    self.strikes.append((round(self.time, 3), name, part.name))
        self._in_path[name] = now

    def _under_hold(self) -> int | None:
        for n in range(len(self.parts)):
            if self._across(n, self.hold_at):
                return n
        return None

    def resting_at_release(self) -> bool:
        """A part lies against the release pin, at rest."""
        return bool(self.parts) and self.lead[0] >= self.release_at - 1e-6 and not self.moving[0] \
            and self.lead[0] <= self.release_at + 1e-6

    def read(self, signal: str) -> Any:
        if signal == "count":
            return len(self.parts)
        if signal == "empty":
            return not self.parts
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "length": self.length, "width": self.width,
                "angle_deg": self.angle_deg, "release_at": self.release_at, "hold_at": self.hold_at,
                "count": len(self.parts), "clamped": self.clamped.name if self.clamped else None}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        pts = [self.point(0, -s["width"] / 2 - 10), self.point(0, s["width"] / 2 + 10),
               self.point(s["length"], -s["width"] / 2 - 10), self.point(s["length"], s["width"] / 2 + 10)]
        return pts + [(s["x"], s["y"] + s["width"] / 2 + 40)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        L, W = s["length"], s["width"]
        cx, cy = self.point(L / 2)
        body = pen.rect_rotated(cx, cy, L, W, s["angle_deg"], "CHUTE")
        for side in (-1, 1):                                   # the rails
            pen.line(self.point(0, side * W / 2), self.point(L, side * W / 2), "GUIDE", max(2, pen.mm(4)))
        pen.line(self.point(0, -W / 2), self.point(0, W / 2), "GUIDE", max(2, pen.mm(4)))
        # rollers across the chute, and the slope arrow toward the mouth
        k = 20.0
        while k < L:
            pen.line(self.point(k, -W / 2 + 6), self.point(k, W / 2 - 6), pen.shade("CHUTE", 1.3), 1)
            k += 40.0
        tip, base = self.point(L - 10), self.point(L - 40)
        l1, r1 = self.point(L - 40, 12), self.point(L - 40, -12)
        pen.poly([tip, l1, r1], "OFF_MARK")
        pen.line(base, tip, "OFF_MARK", 1)
        for line in (s["release_at"], s["hold_at"]):          # the pin lines, dashed
            a, b = self.point(line, -W / 2), self.point(line, W / 2)
            pen.line(a, b, pen.shade("GUIDE", 0.7), 1)
        pen.label(f"{name} ({s['count']} parts)", *self.point(L / 2, W / 2 + 22))
        pen.hot(name, self.kind, body)
