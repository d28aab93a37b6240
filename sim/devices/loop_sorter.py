"""Tilt-tray loop sorter: a closed chain of trays running round a stadium-shaped track.

The trays are a ring of slots moved by position arithmetic (no pymunk bodies): tray i's centre
lies `i * pitch + travel` mm round the loop (modulo its length), `travel` being how far the
chain has run since power-up. The host runs the chain at `speed` mm/s; `set_speed(v)` changes it
at `accel` mm/s^2 (a ramp, not a step). Round the loop, in the direction of travel:

- a tray-flag sensor at `flag_at`: 'flag' is TRUE while a tray's centre lies 0-`flag_mm` mm past
  it, 'home' the same for tray 1 only, and 'flag_count' holds the loop encoder's count latched
  at the exact instant the last tray centre passed it (a hardware latch, not a scan's sample);
- a loaded eye at `eye_at`: 'loaded' is TRUE while a tray whose centre lies within
  +-`eye_mm` mm of it carries a part;
- inducts at `inducts` (loop positions), each fed by a library Conveyor whose discharge end
  stops a part at the loop's edge: a rising edge of 'inductN' takes the part lying at that
  belt's end (its centre within `pick_mm` mm of the end) off the belt and lands it on the loop
  `transfer_s` later, on the tray whose centre then lies within +-`land_mm` mm of the induct
  point. A part landing anywhere else (between trays, on a tray already loaded) is spilled and
  logged in `spills`;
- tilt stations at `chutes` (loop positions, each with its library Chute beside the loop):
  while 'tiltN' is TRUE, a loaded tray whose centre lies within +-`tilt_mm` mm of station N
  tips its part into chute N (its level, collected list and its overfilled log when full).

'count' is a 16-bit wrapping encoder of the chain's travel, 1 count per mm.

Every tray's load is a `Load` (its part's name, the code its label carries or None, where it
came from), so judges read what went where: `tilted` [(time_s, chute index, Load)], `landed`
[(time_s, induct index, Load, tray, offset_mm)], `spills` [(time_s, induct index, Load, why)].
A load also counts how often it was carried past its own chute's station while that chute was
full (`full_passes`), for a task's lap rule.

    loop = plant.add(LoopSorter("loop", trays=24, pitch=500, speed=800, inducts=(1200, 2200),
                                chutes=((6400, chute1), (7000, chute2)), induct_belts=(b1, b2)))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.devices.chute import Chute
from sim.devices.workpiece import material_flow
from sim.plant import Device


@dataclass
class Load:
    """What a tray carries: a part's name, the destination its label names (None: unknown or no
    read), the induct it came from (0: it lay on the loop at power-up)."""

    name: str
    code: int | None
    source: int
    full_passes: int = 0  # passes of its own chute's station while that chute was full


class LoopSorter(Device):
    """A chain of `trays` trays at `pitch` mm round a loop of trays * pitch mm.

    Commands: 'induct1'.. (one per induct, rising edge takes a part), 'tilt1'.. (one per chute).
    Signals: 'count', 'flag', 'home', 'flag_count', 'loaded', 'speed_actual' (mm/s)."""

    kind = "loop_sorter"
    layer = 1
    # every signal is an attribute kept up to date in step, every command one stored as it comes
    # (the closed loop then costs no read or write call per I/O point); the induct's rising edge
    # is found in step, before the chain moves: the same instant as at the write
    plain_signals = {
        "count": "count",
        "flag": "flag",
        "home": "home",
        "flag_count": "flag_count",
        "loaded": "loaded",
        "speed_actual": "speed_actual",
    }
    plain_commands = {
        **{f"induct{k}": (f"induct{k}", bool) for k in range(1, 9)},
        **{f"tilt{k}": (f"tilt{k}", bool) for k in range(1, 13)},
    }

    def __init__(
        self,
        name: str,
        *,
        trays: int,
        pitch: float,
        speed: float,
        radius: float = 1000.0,
        x: float = 0.0,
        y: float = 0.0,
        accel: float = 250.0,
        flag_at: float = 200.0,
        flag_mm: float = 60.0,
        eye_at: float = 600.0,
        eye_mm: float = 100.0,
        inducts: tuple[float, ...] = (),
        induct_belts: tuple[Any, ...] = (),
        chutes: tuple[tuple[float, Any], ...] = (),
        transfer_s: float = 0.3,
        land_mm: float = 20.0,
        tilt_mm: float = 40.0,
        pick_mm: float = 120.0,
        start_travel: float = 0.0,
        count_at_start: int = 0,
        tray_width: float = 380.0,
    ):
        super().__init__(name)
        if len(induct_belts) != len(inducts):
            raise ValueError(f"loop sorter {name!r}: one induct belt per induct")
        self.trays, self.pitch = int(trays), float(pitch)
        self.length = self.trays * self.pitch
        self.radius, self.x, self.y = float(radius), float(x), float(y)
        self.straight = (self.length - 2 * math.pi * self.radius) / 2
        if self.straight <= 0:
            raise ValueError(
                f"loop sorter {name!r}: {trays} trays at {pitch:g} mm do not go round a {radius:g} mm bend"
            )
        self.speed = float(speed)  # the host's set speed
        self.velocity = float(speed)  # the chain's speed now (runs from power-up)
        self.accel = float(accel)
        self.flag_at, self.flag_mm = float(flag_at), float(flag_mm)
        self.eye_at, self.eye_mm = float(eye_at), float(eye_mm)
        self.inducts = tuple(float(a) for a in inducts)
        self.induct_belts = tuple(induct_belts)
        self.chute_at = tuple(float(a) for a, _ in chutes)
        self.chutes = tuple(c for _, c in chutes)
        self.transfer_s, self.land_mm, self.tilt_mm = float(transfer_s), float(land_mm), float(tilt_mm)
        self.pick_mm = float(pick_mm)
        self.tray_width = float(tray_width)
        self.travel = float(start_travel) % self.length
        self.count0 = int(count_at_start)
        self.commands = tuple(f"induct{k}" for k in range(1, len(self.inducts) + 1)) + tuple(
            f"tilt{k}" for k in range(1, len(self.chutes) + 1)
        )
        self.signals = ("count", "flag", "home", "flag_count", "loaded", "speed_actual")
        self.load: list[Load | None] = [None] * self.trays
        for k in range(1, len(self.inducts) + 1):
            setattr(self, f"induct{k}", False)
        for k in range(1, len(self.chutes) + 1):
            setattr(self, f"tilt{k}", False)
        self._induct_was = tuple([False] * len(self.inducts))
        self._induct_names = tuple(f"induct{k}" for k in range(1, len(self.inducts) + 1))
        self._tilt_names = tuple(f"tilt{k}" for k in range(1, len(self.chutes) + 1))
        # every command at once, as a tuple (one call a step, for the closed loop's speed)
        self._inducts_now = _getter(self._induct_names)
        self._tilts_now = _getter(self._tilt_names)
        self.count = wrap16(self.count0)
        self.speed_actual = int(round(self.velocity))
        self.flying: list[tuple[float, int, Load]] = []  # (landing time, induct index, load)
        self.flag_count = wrap16(self.count0)
        self.flag = self.home = self.loaded = False
        self.time = 0.0
        self.landed: list[tuple[float, int, Load, int, float]] = []
        self.spills: list[tuple[float, int, Load, str]] = []
        self.tilted: list[tuple[float, int, Load]] = []
        self.overfills = 0           # parts tipped into a full chute (each also in its overfilled log)
        self.most_passes = 0  # the most full-chute passes any load has made so far
        self.taken: list[tuple[float, int, str]] = []  # (time_s, induct index, part name) off a belt
        self._sense()

    # -- geometry ------------------------------------------------------------------------
    def centre(self, tray: int) -> float:
        """Loop position (mm from the start of the bottom straight) of tray `tray`'s centre."""
        return (tray * self.pitch + self.travel) % self.length

    def nearest(self, at: float) -> tuple[int, float]:
        """The tray whose centre is nearest loop position `at`, and its offset (+ = past it)."""
        ahead = (at - self.travel) % self.pitch  # way the next tray still has to `at`
        if ahead <= self.pitch / 2:
            off = -ahead
        else:
            off = self.pitch - ahead
        tray = round(((at + off - self.travel) % self.length) / self.pitch) % self.trays
        return tray, off

    def point(self, s: float, across: float = 0.0) -> tuple[float, float]:
        """Plant coordinates of loop position s (`across` mm outward of the track's centre line)."""
        return _point(s, self.length, self.radius, self.straight, self.x, self.y, across)

    @staticmethod
    def point_on(
        s: float,
        trays: int,
        pitch: float,
        radius: float,
        *,
        x: float = 0.0,
        y: float = 0.0,
        across: float = 0.0,
    ) -> tuple[float, float]:
        """`point` of a loop sorter with these dimensions, before it is built (a task's layout)."""
        length = trays * pitch
        return _point(s, length, radius, (length - 2 * math.pi * radius) / 2, x, y, across)

    def heading(self, s: float) -> float:
        """Direction of travel at loop position s, degrees."""
        s %= self.length
        S, r = self.straight, self.radius
        if s < S:
            return 0.0
        if s < S + math.pi * r:
            return math.degrees((s - S) / r)
        if s < 2 * S + math.pi * r:
            return 180.0
        return 180.0 + math.degrees((s - 2 * S - math.pi * r) / r)

    # -- I/O -------------------------------------------------------------------------------
    def set_speed(self, speed: float) -> None:
        """The host changes the chain's speed (it ramps there at `accel`)."""
        self.speed = float(speed)

    def read(self, signal: str) -> Any:
        if signal in self.plain_signals and signal in self.signals:
            return getattr(self, signal)
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command in self.commands:
            setattr(self, command, bool(value))
        else:
            super().write(command, value)

    @property
    def tilt(self) -> list[bool]:
        """Each tilt station's command now."""
        return [getattr(self, f"tilt{k}") for k in range(1, len(self.chutes) + 1)]

    @property
    def induct_cmd(self) -> list[bool]:
        """Each induct's command now."""
        return [getattr(self, f"induct{k}") for k in range(1, len(self.inducts) + 1)]

    def put(self, tray: int, load: Load) -> None:
        """A part lies on `tray` at power-up (the builder's start state)."""
        self.load[tray] = load
        self._sense()

    # -- physics ---------------------------------------------------------------------------
    _run = 0.0  # travel since power-up, not wrapped (the encoder's odometer)

    def _take(self, k: int) -> None:
        belt = self.induct_belts[k]
        end = belt.length
        for part in list(material_flow(belt.plant).parts):
            along, across = _along(belt, part)
            if abs(across) <= belt.half_width and end - self.pick_mm <= along <= end + self.pick_mm:
                load = Load(part.name, getattr(part, "label_code", part.code), k + 1)
                part.remove()
                self.taken.append((round(self.time, 3), k, part.name))
                self.flying.append((self.time + self.transfer_s, k, load))
                return

    def step(self, dt: float) -> None:
        inducts = self._inducts_now(self)
        if inducts != self._induct_was:
            for k, on in enumerate(inducts):
                if on and not self._induct_was[k]:
                    self._take(k)
            self._induct_was = inducts
        self.time += dt
        v = self.velocity
        target = self.speed
        if v != target:
            dv = self.accel * dt
            v = target if abs(target - v) <= dv else v + math.copysign(dv, target - v)
        before = self.travel
        move = 0.5 * (self.velocity + v) * dt
        self.velocity = v
        self._run += move
        self.travel = (before + move) % self.length
        if move > 0:
            # the flag latch: the encoder count at the exact instant a tray centre crossed the flag
            ahead = (self.flag_at - before) % self.pitch
            if ahead <= move:
                self.flag_count = wrap16(self.count0 + math.floor(self._run - move + ahead))
            for c, chute in enumerate(self.chutes):
                if chute.level >= chute.capacity:
                    self._pass(c, before, move)
        if self.flying:
            self._land()
        tilts = self._tilts_now(self)
        if True in tilts:
            for c, on in enumerate(tilts):
                if on:
                    self._tip(c)
        self.count = wrap16(self.count0 + math.floor(self._run))
        self.speed_actual = int(round(v))
        self._sense()

    def _tip(self, c: int) -> None:
        tray, off = self.nearest(self.chute_at[c])
        load = self.load[tray]
        if load is not None and abs(off) <= self.tilt_mm:
            self.load[tray] = None
            t = round(self.time, 3)
            self.tilted.append((t, c, load))
            chute = self.chutes[c]
            if chute.full:
                chute.overfilled.append((t, load.name))
                self.overfills += 1
            chute.collected.append((t, load.name))
            chute.level += 1

    def _pass(self, c: int, before: float, move: float) -> None:
        """A loaded tray carried past its own chute's station while that chute is full."""
        at = self.chute_at[c]
        ahead = (at - before) % self.pitch
        if 0.0 < ahead <= move:
            tray = round(((at + move - ahead - self.travel) % self.length) / self.pitch) % self.trays
            load = self.load[tray]
            if load is not None and load.code == c + 1:
                load.full_passes += 1
                self.most_passes = max(self.most_passes, load.full_passes)

    def _land(self) -> None:
        still = []
        for due, k, load in self.flying:
            if due > self.time + 1e-9:
                still.append((due, k, load))
                continue
            tray, off = self.nearest(self.inducts[k])
            if abs(off) > self.land_mm:
                self.spills.append(
                    (round(self.time, 3), k, load, f"landed {off:+.0f} mm from a tray's centre")
                )
            elif self.load[tray] is not None:
                self.spills.append(
                    (round(self.time, 3), k, load, f"landed on tray {tray + 1}, already loaded")
                )
            else:
                self.load[tray] = load
                self.landed.append((round(self.time, 3), k, load, tray, round(off, 1)))
        self.flying = still

    def _sense(self) -> None:
        past = (self.travel - self.flag_at) % self.pitch  # how far the last centre is past it
        self.flag = flag = past < self.flag_mm
        self.home = (
            flag and round(((self.flag_at + past - self.travel) % self.length) / self.pitch) % self.trays == 0
        )
        ahead = (self.eye_at - self.travel) % self.pitch
        if ahead <= self.eye_mm:
            self.loaded = (
                self.load[
                    round(((self.eye_at - ahead - self.travel) % self.length) / self.pitch) % self.trays
                ]
                is not None
            )
        elif ahead >= self.pitch - self.eye_mm:
            self.loaded = (
                self.load[
                    round(((self.eye_at + self.pitch - ahead - self.travel) % self.length) / self.pitch)
                    % self.trays
                ]
                is not None
            )
        else:
            self.loaded = False

    # -- drawing -------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {
            "x": self.x,
            "y": self.y,
            "travel": self.travel,
            "velocity": self.velocity,
            "flag": self.flag,
            "loaded": self.loaded,
            "tilt": list(self.tilt),
            "loads": [None if ld is None else (ld.code, ld.source) for ld in self.load],
            "flying": len(self.flying),
        }

    def extent(self) -> list[tuple[float, float]]:
        r = self.radius + self.tray_width
        return [(self.x - self.straight / 2 - r, self.y - r), (self.x + self.straight / 2 + r, self.y + r)]

    def draw(self, pen) -> None:
        half = self.tray_width / 2
        # the track: its outer and inner rails
        for across in (-half - 15, half + 15):
            pts = [self.point(s, across) for s in range(0, int(self.length) + 1, 150)]
            for a, b in zip(pts, pts[1:], strict=False):
                pen.line(a, b, "GUIDE", max(2, pen.mm(10)))
        # the trays, loaded ones with their part (its destination number, '?' unknown)
        for i in range(self.trays):
            s = self.centre(i)
            cx, cy = self.point(s)
            ang = self.heading(s)
            tilting = any(
                on and self.nearest(at)[0] == i and abs(self.nearest(at)[1]) <= self.tilt_mm
                for on, at in zip(self.tilt, self.chute_at, strict=True)
            )
            pen.rect_rotated(
                cx,
                cy,
                self.pitch - 60,
                self.tray_width,
                ang,
                "CYLINDER_ACTIVE" if tilting else "CYLINDER",
                border=0,
            )
            pen.rect_rotated(cx, cy, self.pitch - 60, self.tray_width, ang, "FRAME", border=2)
            if i == 0:
                pen.circle(*self.point(s, -half + 40), 25, "ON", min_px=3)
            load = self.load[i]
            if load is not None:
                pen.rect_rotated(cx, cy, 180, 180, ang, "PART" if load.source else "PART_IN_CHUTE", border=0)
                pen.text(
                    "?" if load.code is None or not load.source else str(load.code),
                    *pen.px(cx, cy),
                    "TEXT_DARK",
                    12,
                    screen=True,
                )
        # parts in flight from an induct onto the loop
        for due, k, _load in self.flying:
            belt = self.induct_belts[k]
            frac = max(0.0, min(1.0, 1.0 - (due - self.time) / self.transfer_s))
            ex, ey = belt.point(belt.length)
            tx, ty = self.point(self.inducts[k])
            pen.rect_rotated(ex + (tx - ex) * frac, ey + (ty - ey) * frac, 160, 160, 0.0, "PART", border=0)
        # the tray-flag sensor and the loaded eye beside the track, lit while they see
        for at, lit, text in (
            (self.flag_at, self.flag, "tray flag"),
            (self.eye_at, self.loaded, "loaded eye"),
        ):
            sx, sy = self.point(at, -half - 70)
            pen.circle(sx, sy, 28, "SENSOR_BODY", min_px=4)
            pen.circle(sx, sy, 16, "LIT" if lit else "UNLIT", min_px=3)
            pen.label(text, sx, sy - 60 if at == self.flag_at else sy + 60)
        # the tilt stations: a bar across the track, red while commanded
        for c, at in enumerate(self.chute_at):
            a, b = self.point(at, -half - 30), self.point(at, half + 30)
            pen.line(a, b, "FAULT" if self.tilt[c] else "OFF_MARK", max(2, pen.mm(14)))
        pen.label(f"{self.name}: {self.velocity / 1000:.2f} m/s", self.x, self.y)
        pen.hot(self.name, self.kind, [pen.px(*self.point(s, half)) for s in range(0, int(self.length), 500)])


def _getter(names: tuple[str, ...]):
    """attrgetter giving a tuple of those attributes, even of one or none."""
    if not names:
        return lambda obj: ()
    get = attrgetter(*names)
    return get if len(names) > 1 else (lambda obj: (get(obj),))


def _along(belt, part) -> tuple[float, float]:
    """A part's (along, across) on `belt`: mm from the infeed end, mm to the left of its centre line."""
    px, py = part.xy()
    dx, dy = px - belt.x, py - belt.y
    return (belt.half_length + dx * belt.ux + dy * belt.uy, -dx * belt.uy + dy * belt.ux)


def _point(
    s: float, length: float, r: float, S: float, x: float, y: float, across: float
) -> tuple[float, float]:
    s %= length
    if s < S:  # bottom straight, running +x
        return (x - S / 2 + s, y - r - across)
    s -= S
    if s < math.pi * r:  # right bend, upward
        a = -math.pi / 2 + s / r
        return (x + S / 2 + (r + across) * math.cos(a), y + (r + across) * math.sin(a))
    s -= math.pi * r
    if s < S:  # top straight, running -x
        return (x + S / 2 - s, y + r + across)
    s -= S
    a = math.pi / 2 + s / r  # left bend, downward
    return (x - S / 2 + (r + across) * math.cos(a), y + (r + across) * math.sin(a))


class TiltChute(Chute):
    """A library Chute fed only by a loop sorter's trays (LoopSorter tips parts into it and logs
    them in its collected / overfilled lists): no part reaches it through the physics, so it has
    no step of its own, and its full switch and level are read straight from its attributes."""

    plain_signals = {"full": "full", "level": "level"}
    step = Device.step

    def read(self, signal: str) -> Any:
        return super().read(signal)
