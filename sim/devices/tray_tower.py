"""Tray tower: one lift with side fingers serving a column of tray places (stacks and shelves).

A vertical lift (`lift`: a sim.devices.braked_axis.BrakedAxis, its position = the fingers'
height in mm) runs beside a rack of places one above the other (`TrayPlace`: a stack base or a
machine's shelf, each holding up to `capacity` trays of height `pitch_mm` one on another). The
lift carries a pair of fingers (`fingers`: a sim.devices.pneumatics.Cylinder whose mount rides
with the carriage; extended = the fingers reach into the rack under a tray's rim).

Tray k of a place (1 = the lowest) spans base + (k-1)*pitch .. base + k*pitch; its rim is at the
top, and the fingers take it `finger_mm` under the rim. So a place holding c trays has its
finger level L = base + c*pitch - finger_mm, where empty fingers go out under its top tray, and
its carrying level base + (c+1)*pitch - finger_mm + `lift_mm`, where fingers bring a tray out
over it (the tray's bottom `lift_mm` above the place's top). Levels are met within `tol_mm`.

- Taking a tray: empty fingers fully out at a place's finger level engage its top tray; the lift
  rising more than `tol_mm` above that level lifts the tray off: it rides on the fingers (and on
  the carriage once they are drawn in: the carriage then passes the rack freely).
- Setting one down: fingers fully out with a tray, lowered onto a place's set-down level
  (base + (c+1)*pitch - finger_mm, within `tol_mm`), leave it there; the fingers are then engaged
  under it (rising again takes it again).
- A carried tray in the rack (fingers not fully in) overlapping the trays of a place by more
  than `tol_mm` (driven down into a stack, or past its set-down level) crashes (`crashes`, once
  per crash); so do empty fingers out inside a place's trays away from its finger level.

Signals: 'tray_eye' (a photo-eye on the carriage looking across the rack `eye_mm` above the
fingers: TRUE while a tray in the rack stands in front of it; it does not see a carried tray),
'fork_tray' (a tray on the fingers), 'fork_full' (that tray is filled), and per place
'<place>_tray' (a tray on the place).

Stack changes (`StackChange`, one per stack place): an operator who refills a stack run low
(`refills`, `low`) or clears a full one (`clear_at_full`), or comes once at `extra_at_s` for an
unplanned change. They ask with '<place>_change_request', wait until the PLC lights
'<place>_blocked' (the lift keeps out of that side), step into the side's light curtain
(`curtain`: a sim.devices.light_curtain.LightCurtain) `walk_s` later, change the stack over
`change_s`, step out and drop the request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sim.devices.pneumatics import Cylinder
from sim.plant import Device


class CarriageFingers(Cylinder):
    """The lift's fingers: a library Cylinder whose mount rides on the carriage (the TrayTower
    moves its y with the lift). The trays it handles are records of the rack, not pymunk parts,
    so it keeps no body in the plant's space (a plant of records then skips the solver)."""

    kind = "fingers"

    def attach(self, plant) -> None:
        Device.attach(self, plant)


@dataclass
class Tray:
    number: int
    filled: bool = False


@dataclass
class TrayPlace:
    """A stack base or a shelf in the rack: `base_mm` is its floor's height, `zone` the lift
    heights (low, high) in front of it (where the lift counts as inside that side)."""

    name: str
    base_mm: float
    capacity: int
    trays: list[Tray] = field(default_factory=list)
    zone: tuple[float, float] = (0.0, 0.0)
    label: str = ""

    @property
    def count(self) -> int:
        return len(self.trays)


@dataclass(frozen=True)
class StackChange:
    """The operator of one stack place. `refills`: the numbers of empty trays added, one refill
    each time the stack is found holding `low` trays or fewer; `clear_at_full`: the stack is taken
    away (its trays logged as `taken_away`) once it holds its capacity; `extra_at_s`: one more
    change asked at that time whatever the stack holds, adding `extra_count` trays (-1: the
    stack is taken away). Added trays never take a stack over its capacity."""

    place: str
    curtain: str
    call_s: float = 1.0
    walk_s: float = 1.0
    change_s: float = 8.0
    refills: tuple[int, ...] = ()
    low: int = 0
    clear_at_full: bool = False
    extra_at_s: float | None = None
    extra_count: int = -1


_REQUESTING = frozenset(("asking", "walking", "inside"))


class _Operator:
    def __init__(self, spec: StackChange):
        self.spec = spec
        self.phase = "away"        # away, calling, asking, walking, inside
        self.t = 0.0
        self.refills_done = 0
        self.extra_done = spec.extra_at_s is None
        self.new_count: int | None = None
        self.asked_at: list[float] = []
        self.changed_at: list[float] = []


class TrayTower(Device):
    """The rack, the carried tray and the stack-change operators of one tray lift."""

    kind = "tray tower"
    layer = 4
    # The session samples these from attributes kept by refresh_signals() at the end of every
    # step (read() still works them out live, for tests that move the lift or trays by hand):
    # the lift must be stepped before the tower (added before it, as attach needs anyway), and
    # a machine that takes or puts a shelf's tray calls refresh_signals() after it.
    plain_signals = {"tray_eye": "tray_eye", "fork_tray": "fork_tray", "fork_full": "fork_full"}

    def __init__(self, name: str, *, lift: str, fingers: str, places: tuple[TrayPlace, ...], pitch_mm: float,
                 finger_mm: float, eye_mm: float, lift_mm: float = 20.0, tol_mm: float = 3.0,
                 rack_x: float = 0.0, rack_width: float = 300.0, carried: Tray | None = None,
                 changes: tuple[StackChange, ...] = (),
                 finger_y_mm: float = 0.0):
        super().__init__(name)
        self.lift_name, self.fingers_name = lift, fingers
        self.places = {p.name: p for p in places}
        self.pitch = float(pitch_mm)
        self.finger_mm = float(finger_mm)
        self.eye_mm = float(eye_mm)
        self.tol = float(tol_mm)
        self.lift_mm = float(lift_mm)
        self.rack_x, self.rack_width = float(rack_x), float(rack_width)
        self.finger_y_mm = float(finger_y_mm)   # the fingers' mount above the lift's position
        self.carried = carried
        self.ops = {c.place: _Operator(c) for c in changes}
        self.blocked = {c.place: False for c in changes}
        self.signals = ("tray_eye", "fork_tray", "fork_full",
                        *(f"{p}_tray" for p in self.places), *(f"{p}_change_request" for p in self.ops))
        self.commands = tuple(f"{p}_blocked" for p in self.ops)
        self._lamps = {f"{p}_blocked": p for p in self.ops}
        self.picked: list[tuple[float, str, int]] = []      # (time, place, tray number)
        self.set_down: list[tuple[float, str, int]] = []
        self.crashes: list[tuple[float, str]] = []
        self.taken_away: list[Tray] = []                    # trays an operator cleared with a stack
        self.time = 0.0
        self._engaged: TrayPlace | None = None     # empty fingers out under this place's top tray
        self._last_pos: float | None = None
        self._crashing = False
        self._next_number = 1000
        self.lift = None
        self.fingers = None
        self.curtains: dict[str, Any] = {}
        self._place_sig = {f"{n}_tray": p for n, p in self.places.items()}
        self._request_sig = {f"{n}_change_request": op for n, op in self.ops.items()}
        self._was_out = False       # the fingers were out at the end of the last step
        self._out_last = False
        self.tray_eye = self.fork_tray = self.fork_full = False

    def attach(self, plant) -> None:
        super().attach(plant)
        self.lift = plant[self.lift_name]
        self.fingers = plant[self.fingers_name]
        for place, op in self.ops.items():
            self.curtains[place] = plant[op.spec.curtain]
        self.refresh_signals()

    def refresh_signals(self) -> None:
        """The plain signals' attributes from the lift's height, the rack and the carriage now."""
        carried = self.carried
        self.tray_eye = self._eye()
        self.fork_tray = carried is not None
        self.fork_full = carried is not None and carried.filled

    # -- geometry ---------------------------------------------------------------------------
    def finger_level(self, place: TrayPlace, count: int) -> float:
        """Where the fingers engage the top tray of `count` trays (or set a tray down on count-1)."""
        return place.base_mm + count * self.pitch - self.finger_mm

    def carrying_level(self, place: TrayPlace) -> float:
        """Where fingers bring a tray out over `place` (or draw one in after lifting it off)."""
        return self.finger_level(place, place.count + 1) + self.lift_mm

    def place_at_level(self, pos: float, carrying: bool) -> TrayPlace | None:
        """The place whose finger level (empty fingers) or carrying level (with a tray) is here."""
        tol, pitch = self.tol + 1e-9, self.pitch
        lift = self.lift_mm if carrying else 0.0
        for p in self.places.values():
            c = len(p.trays) + (1 if carrying else 0)
            if (c <= p.capacity if carrying else c) and \
                    abs(pos - (p.base_mm + c * pitch - self.finger_mm + lift)) <= tol:
                return p
        return None

    def zone_of(self, pos: float) -> str | None:
        for p in self.places.values():
            if p.zone[0] <= pos <= p.zone[1]:
                return p.name
        return None

    def fingers_out(self) -> bool:
        return self.fingers.position > 0.0

    def engaged_at(self, place: str) -> bool:
        """The fingers are out in front of `place`, or were until this step (its machine must not
        push or pull a tray, nor on the very step they come clear)."""
        return (self.fingers_out() or self._was_out) and self.zone_of(self.lift.pos) == place

    def _eye(self) -> bool:
        h = self.lift.pos + self.eye_mm
        for p in self.places.values():
            if p.trays and p.base_mm <= h <= p.base_mm + len(p.trays) * self.pitch:
                return True
        return False

    def _tray_in_trays(self, pos: float) -> str | None:
        bottom, top = pos + self.finger_mm - self.pitch, pos + self.finger_mm
        for p in self.places.values():
            if p.count and bottom < p.base_mm + p.count * self.pitch - self.tol \
                    and top > p.base_mm + self.tol:
                return f"the carried tray ran into the trays on {p.label or p.name}"
        return None

    def _fingers_in_trays(self, pos: float) -> str | None:
        for p in self.places.values():
            if p.count and p.base_mm <= pos <= p.base_mm + p.count * self.pitch \
                    and abs(pos - self.finger_level(p, p.count)) > self.tol + 1e-9:
                return f"the fingers went into the trays on {p.label or p.name}"
        return None

    # -- PLC side -----------------------------------------------------------------------------
    def requesting(self, place: str) -> bool:
        """The operator of `place` asks for a change (from asking until stepped out)."""
        return self.ops[place].phase in _REQUESTING

    def read(self, signal: str) -> Any:
        place = self._place_sig.get(signal)
        if place is not None:
            return bool(place.trays)
        op = self._request_sig.get(signal)
        if op is not None:
            return op.phase in _REQUESTING
        if signal == "tray_eye":
            return self._eye()
        if signal == "fork_tray":
            return self.carried is not None
        if signal == "fork_full":
            return self.carried is not None and self.carried.filled
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        place = self._lamps.get(command)
        if place is not None:
            self.blocked[place] = bool(value)
        else:
            super().write(command, value)

    def new_tray(self, filled: bool = False) -> Tray:
        self._next_number += 1
        return Tray(self._next_number, filled)

    # -- mechanics -------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        f = self.fingers
        f.y = self.lift.pos + self.finger_y_mm      # the fingers' mount rides on the carriage
        self._was_out, self._out_last = self._out_last, f.position > 0.0
        pos = self.lift.pos
        crash = None
        if f.position > 0.0:                         # the fingers (and what they carry) are in the rack
            if self.carried is None:
                top = self._engaged
                if top is not None and pos > self.finger_level(top, top.count) + self.tol + 1e-9:
                    self.carried = top.trays.pop()   # lifted off: it rides on the fingers
                    self.picked.append((round(self.time, 3), top.name, self.carried.number))
                    self._engaged = None
                elif f.position >= f.stroke and top is None:
                    self._engaged = self.place_at_level(pos, carrying=False)
                held = self._engaged
                if held is not None and abs(pos - self.finger_level(held, held.count)) > self.tol + 1e-9:
                    self._engaged = None
                if self._engaged is None and self.carried is None:
                    crash = self._fingers_in_trays(pos)
            if self.carried is not None:
                for p in self.places.values():
                    n = len(p.trays)
                    if n < p.capacity \
                            and abs(pos - self.finger_level(p, n + 1)) <= self.tol + 1e-9 \
                            and self._lands_on(p, pos):
                        tray, self.carried = self.carried, None
                        p.trays.append(tray)
                        self.set_down.append((round(self.time, 3), p.name, tray.number))
                        self._engaged = p
                        break
                else:
                    crash = self._tray_in_trays(pos)
        else:
            self._engaged = None
        self._last_pos = pos
        if crash and not self._crashing:
            self.crashes.append((round(self.time, 3), crash))
        self._crashing = crash is not None
        for op in self.ops.values():
            self._operate(op, dt)
        self.refresh_signals()

    def _lands_on(self, p: TrayPlace, pos: float) -> bool:
        """A carried tray in the rack comes down onto place p: it is lowered to p's set-down level
        (from above; going up from there is taking it again)."""
        return (self._last_pos is not None and pos <= self._last_pos
                and self.fingers.position >= self.fingers.stroke)

    def _operate(self, op: _Operator, dt: float) -> None:
        spec, place = op.spec, self.places[op.spec.place]
        curtain = self.curtains[spec.place]
        if op.phase == "away":
            count = len(place.trays)
            if count <= spec.low and op.refills_done < len(spec.refills):
                op.new_count = spec.refills[op.refills_done]
                op.refills_done += 1
            elif spec.clear_at_full and count >= place.capacity:
                op.new_count = 0
            elif not op.extra_done and self.time >= spec.extra_at_s - 1e-9:
                op.extra_done = True
                op.new_count = spec.extra_count
            else:
                return
            op.phase, op.t = "calling", 0.0
        op.t += dt
        if op.phase == "calling" and op.t >= spec.call_s - 1e-9:
            op.phase, op.t = "asking", 0.0
            op.asked_at.append(round(self.time, 3))
        elif op.phase == "asking" and self.blocked[spec.place]:
            op.phase, op.t = "walking", 0.0
        elif op.phase == "walking":
            if not self.blocked[spec.place]:
                op.phase, op.t = "asking", 0.0          # the lamp went out again: wait for it
            elif op.t >= spec.walk_s - 1e-9:
                op.phase, op.t = "inside", 0.0
                curtain.operate(True)
        elif op.phase == "inside" and op.t >= spec.change_s - 1e-9:
            n = op.new_count
            if n is None or n <= 0:
                self.taken_away += place.trays
                place.trays = []
            else:
                place.trays += [self.new_tray() for _ in range(min(n, place.capacity - place.count))]
            curtain.operate(False)
            op.changed_at.append(round(self.time, 3))
            op.phase, op.t, op.new_count = "away", 0.0, None

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.rack_x, "y": 0.0, "lift_mm": self.lift.pos if self.lift else 0.0,
                "carried": None if self.carried is None else (self.carried.number, self.carried.filled),
                "eye": self._eye() if self.lift else False,
                "places": {n: p.count for n, p in self.places.items()},
                "blocked": dict(self.blocked),
                "operators": {n: op.phase for n, op in self.ops.items()},
                "crashes": len(self.crashes)}

    def extent(self) -> list[tuple[float, float]]:
        low = min(p.base_mm for p in self.places.values())
        high = max(p.base_mm + p.capacity * self.pitch for p in self.places.values())
        return [(self.rack_x - self.rack_width / 2 - 40, low - 40), (self.rack_x + self.rack_width / 2 + 80,
                                                                      high + 60)]

    def _draw_tray(self, pen, x: float, bottom: float, tray: Tray) -> list:
        w, h = self.rack_width * 0.8, self.pitch
        colour = "PART" if tray.filled else pen.shade("CYLINDER", 1.3)
        pts = pen.rect_rotated(x, bottom + h / 2, w, h - 4, 0.0, colour)
        pen.rect_rotated(x, bottom + h - 3, w + 16, 6, 0.0, pen.shade("CYLINDER", 0.8))   # the rim
        if tray.filled:
            for k in range(3):
                pen.circle(x - w / 3 + k * w / 3, bottom + h / 2, min(h / 3, 12), pen.shade("PART", 0.7))
        return pts

    def draw(self, pen) -> None:
        x, w = self.rack_x, self.rack_width
        shapes = []
        for p in self.places.values():
            shapes += pen.rect_rotated(x, p.base_mm - 5, w, 10, 0.0, "CYLINDER")        # the shelf / base
            for k, tray in enumerate(p.trays):
                self._draw_tray(pen, x, p.base_mm + k * self.pitch, tray)
            pen.label(f"{p.label or p.name}: {p.count}", x + w / 2 + 30, p.base_mm + 10)
        pos = self.lift.pos
        if self.carried is not None:
            reach = self.fingers.position / self.fingers.stroke if self.fingers.stroke else 0.0
            cx = self.fingers.x + (x - self.fingers.x) * reach
            self._draw_tray(pen, cx, pos + self.finger_mm - self.pitch, self.carried)
        # the carriage eye's beam across the rack, lit while it sees a tray
        ey = pos + self.eye_mm
        seen = self._eye()
        pen.line((self.fingers.x, ey), (x + w / 2, ey), "BEAM_BLOCKED" if seen else "BEAM", 1)
        pen.circle(self.fingers.x, ey, 5, "LIT" if seen else "UNLIT")
        for t, _ in self.crashes[-1:]:
            pen.label(f"CRASH at {t:g} s", x, pos + 60, "FAULT")
        pen.hot(self.name, self.kind, shapes)
