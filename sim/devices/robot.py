"""Pick-and-place gantry robot that moves between numbered stations and carries parts.

Seen from above: a carriage runs along a rail (x) on the travel lane; an arm on the
carriage reaches out in y to a station. Every move takes the safe path a real cell uses:
pull the arm back to the lane, traverse in x, reach out to the target, so the tool enters
a machine guard only through its door. Travel time depends on the distance and the axis
speeds (set per condition); after the last segment the robot settles before it reports
in position.

Commands: `target` (station number word), `start` (rising edge starts the move to the
target; ignored while busy; an unknown number sets `error`), `grip` (TRUE closes the
gripper, FALSE opens it). Signals: `busy` (moving or settling), `in_position` (at rest at
the commanded target), `at_position` (number of the station where the tool is at rest,
0 while moving or away from every station), `x_position` (the carriage on the rail, whole mm),
`error`, `gripper_open` / `gripper_closed`
(jaw end switches: closed means closed on nothing), `part_held` (the jaws stopped on a
part: TRUE only when a part is really held).

The gripper picks the part lying on the station's place when its jaws close there; a
carried part follows the tool; opening releases it onto the station's place, or drops it
where the tool is (recorded in `dropped`) when the tool is not at a station. Every pick is
recorded in `picks` as (time_s, part, station), so a judge knows where a carry began. The jaws are
modelled here rather than by sim.devices.gripper.Gripper because the parts a robot carries
between machine fixtures are kinematic records (sim.devices.machine.Part), not pymunk bodies.

Fault, a missed pick (`miss_picks`): the part lies crooked in its place and the jaws slip past it.
The robot's pick attempts are counted from 1 (every closing of the jaws past the contact point at
a station whose place holds a part); on an attempt listed in `miss_picks` the jaws go on to fully
closed (gripper_closed TRUE, part_held FALSE) and the part stays where it lies (the place's sensor
still TRUE). The part settles square again only once the jaws have opened fully (gripper_open): a
closing at that station before that slips again (and is no new attempt). Misses are recorded in
`misses` as (time_s, part, station); `miss_station` is the station of a miss not yet made good by a
pick (None otherwise); the drawing shows the jaws in the fault colour and "missed pick".
`missed_at_power_up()` starts a run after such a miss (jaws closed past the part, valve on).

Units: millimetres, seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.devices.machine import Part, PartPlace
from sim.drawing import draw_part_record
from sim.plant import Device

JAW_CONTACT = 0.6      # jaw travel fraction at which the jaws touch a part
JAW_RELEASE = 0.5      # opening past this lets go of the part
AT_STATION_MM = 0.5


def _toward(pos: float, target: float, speed: float, time_s: float) -> tuple[float, float, bool]:
    """One axis moving toward target at speed for up to time_s: (new position, time left, arrived)."""
    d = target - pos
    step = speed * time_s
    if abs(d) <= step:
        return target, time_s - abs(d) / speed, True
    return pos + (step if d > 0 else -step), 0.0, False


@dataclass(slots=True)
class Station:
    number: int
    name: str
    x: float
    y: float
    place: PartPlace | None = None


class Robot(Device):
    kind = "robot"
    plain_signals = {"busy": "busy", "error": "error"}
    plain_commands = {"target": ("target", int), "grip": ("grip", bool)}
    layer = 6
    signals = ("busy", "in_position", "at_position", "error", "gripper_open", "gripper_closed", "part_held",
               "x_position")
    commands = ("target", "start", "grip")

    def __init__(self, name: str, stations: list[Station], *, lane_y: float, start_station: int,
                 speed_x: float = 600.0, speed_y: float = 400.0, settle_s: float = 0.15,
                 grip_time_s: float = 0.3, rail: tuple[float, float] | None = None,
                 miss_picks: tuple[int, ...] | list[int] = ()):
        super().__init__(name)
        self.stations = {s.number: s for s in stations}
        if start_station not in self.stations:
            raise ValueError(f"{name}: start station {start_station} is not one of {sorted(self.stations)}")
        self.lane_y = float(lane_y)
        xs = [s.x for s in stations]
        self.rail = rail or (min(xs) - 150.0, max(xs) + 150.0)
        self.speed_x, self.speed_y = float(speed_x), float(speed_y)
        self.settle_s = float(settle_s)
        self.grip_time_s = float(grip_time_s)
        home = self.stations[start_station]
        self.x, self.y = home.x, home.y
        self.station: Station | None = home          # where the tool is at rest, if anywhere
        self.target = 0
        self.commanded = start_station                # last accepted target
        self.busy = False
        self.error = False
        self.jaw = 0.0                                # 0 fully open .. 1 fully closed
        self.grip = False
        self.held: Part | None = None
        self.dropped: list[tuple[float, Part]] = []
        self.picks: list[tuple[float, Part, Station]] = []
        self.miss_picks = frozenset(int(n) for n in miss_picks)
        self.attempts = 0                             # pick attempts so far (a slip before reseating is none)
        self.misses: list[tuple[float, Part, Station]] = []
        self.miss_station: Station | None = None      # where the last miss is not yet made good by a pick
        self._reseated = True                         # the jaws opened fully since the last miss
        self.ignored_starts = 0
        self.time = 0.0
        self._start = False
        self._start_edge = False
        self._path: list[tuple[float, float]] = []
        self._settle = 0.0

    # -- commands and signals ------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "target":
            self.target = int(value)
        elif command == "start":
            v = bool(value)
            if v and not self._start:
                self._start_edge = True
            self._start = v
        elif command == "grip":
            self.grip = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "busy":
            return self.busy
        if signal == "in_position":
            return not self.busy and self.station is not None and self.station.number == self.commanded
        if signal == "at_position":
            return self.station.number if (self.station is not None and not self.busy) else 0
        if signal == "error":
            return self.error
        if signal == "gripper_open":
            return self.jaw <= 0.0
        if signal == "gripper_closed":
            return self.jaw >= 1.0
        if signal == "part_held":
            return self.held is not None
        if signal == "x_position":      # the carriage's place on the rail, whole mm (two robots on one rail)
            return int(round(self.x))
        return super().read(signal)

    def hold_at_power_up(self, part: Part) -> None:
        """Start the run with the jaws closed on `part` (as after a stop in mid-cycle): the
        gripper valve is closed until the program's first scan writes `grip`."""
        self.held, self.jaw, self.grip = part, JAW_CONTACT, True
        part.x, part.y = self.x, self.y

    def missed_at_power_up(self) -> None:
        """Start the run with the jaws fully closed past the part lying at the station where the
        robot stands (as after a stop during a missed pick): the gripper valve is closed until
        the program's first scan writes `grip`; the part settles square once the jaws open fully."""
        here = self._station_here()
        if here is None or here.place is None or not here.place.parts:
            raise ValueError(f"{self.name}: no part at its power-up station to have missed")
        self.jaw, self.grip = 1.0, True
        self.misses.append((self.time, here.place.parts[-1], here))
        self.miss_station, self._reseated = here, False

    def path_to(self, number: int) -> float:
        """Length (mm) of the safe path the tool still has to go to station `number`: back to
        the lane, along it, out to the station (or straight out when already in line with it).
        It shrinks all along a move to that station, from wherever it starts."""
        st = self.stations[number]
        if abs(self.x - st.x) <= AT_STATION_MM:
            return abs(self.y - st.y)
        return abs(self.y - self.lane_y) + abs(self.x - st.x) + abs(self.lane_y - st.y)

    # -- mechanics -----------------------------------------------------------------------
    def _begin_move(self) -> None:
        target = self.stations.get(self.target)
        if target is None:
            self.error = True
            return
        self.error = False
        self.commanded = target.number
        path = []
        if abs(self.x - target.x) > AT_STATION_MM:
            if abs(self.y - self.lane_y) > AT_STATION_MM:
                path.append((self.x, self.lane_y))
            path.append((target.x, self.lane_y))
        path.append((target.x, target.y))
        self._path = path
        self.busy = True
        self.station = None
        self._settle = self.settle_s

    def _station_here(self) -> Station | None:
        for s in self.stations.values():
            if abs(s.x - self.x) <= AT_STATION_MM and abs(s.y - self.y) <= AT_STATION_MM:
                return s
        return None

    def step(self, dt: float) -> None:
        self.time += dt
        if self._start_edge:
            self._start_edge = False
            if self.busy:
                self.ignored_starts += 1
            else:
                self._begin_move()
        if self.busy:
            self._travel(dt)
        self._move_jaws(dt)
        held = self.held
        if held is not None:
            held.x, held.y = self.x, self.y

    def _travel(self, dt: float) -> None:
        left = dt
        path = self._path
        while path and left > 0.0:
            tx, ty = path[0]
            if tx != self.x:        # segments are axis-parallel: x traverse or y reach
                self.x, left, arrived = _toward(self.x, tx, self.speed_x, left)
            else:
                self.y, left, arrived = _toward(self.y, ty, self.speed_y, left)
            if arrived:
                path.pop(0)
        if not path and left > 0.0:
            self._settle -= left
            if self._settle <= 0.0:
                self.busy = False
                self.station = self.stations[self.commanded]

    def _move_jaws(self, dt: float) -> None:
        rate = dt / self.grip_time_s if self.grip_time_s > 0 else 1.0
        if self.grip:
            if self.held is not None or self.jaw >= 1.0:
                return
            before = self.jaw
            self.jaw = min(1.0, self.jaw + rate)
            if before < JAW_CONTACT <= self.jaw:
                here = self._station_here()
                if here is not None and here.place is not None and here.place.parts:
                    self._pick_or_slip(here)
        else:
            if self.jaw <= 0.0:
                return
            self.jaw = max(0.0, self.jaw - rate)
            if self.jaw <= 0.0:
                self._reseated = True
            if self.held is not None and self.jaw < JAW_RELEASE:
                part, self.held = self.held, None
                here = self._station_here()
                if here is not None and here.place is not None:
                    here.place.put(part)
                else:
                    part.x, part.y = self.x, self.y
                    self.dropped.append((self.time, part))

    def _pick_or_slip(self, here: Station) -> None:
        """The jaws reach the part lying at `here`: they hold it, or slip past it (a missed pick)."""
        if here is self.miss_station and not self._reseated:
            slip = True                               # still crooked: the jaws never opened fully
        else:
            self.attempts += 1
            slip = self.attempts in self.miss_picks
        if slip:
            self.misses.append((self.time, here.place.parts[-1], here))
            self.miss_station, self._reseated = here, False
            return
        self.held = here.place.take()
        self.jaw = JAW_CONTACT
        self.picks.append((self.time, self.held, here))
        self.miss_station = None

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "lane_y": self.lane_y, "rail": self.rail,
                "busy": self.busy, "target": self.target, "commanded": self.commanded,
                "at_position": self.read("at_position"), "error": self.error,
                "jaw": self.jaw, "grip": self.grip, "part_held": self.held is not None,
                "held_part": self.held.state() if self.held is not None else None,
                "missed": self.miss_station is not None and self.held is None,
                "stations": [{"number": s.number, "name": s.name, "x": s.x, "y": s.y}
                             for s in self.stations.values()],
                "dropped": [p.state() for _, p in self.dropped]}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        lo, hi = s["rail"]
        ys = [st["y"] for st in s.get("stations", ())] + [s["lane_y"]]
        return [(lo, min(ys) - 40), (hi, max(ys) + 40)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        lo, hi = s["rail"]
        ly = s["lane_y"]
        pen.line((lo, ly), (hi, ly), "RAIL", pen.mm(24))
        pen.line((lo, ly + 14), (hi, ly + 14), pen.shade("RAIL", 0.6), 1)
        pen.line((lo, ly - 14), (hi, ly - 14), pen.shade("RAIL", 0.6), 1)
        for st in s.get("stations", ()):
            pen.line((st["x"] - 10, st["y"]), (st["x"] + 10, st["y"]), "STATION_MARK", 1)
            pen.line((st["x"], st["y"] - 10), (st["x"], st["y"] + 10), "STATION_MARK", 1)
            pen.text(str(st["number"]), *pen.px(st["x"] + 16, st["y"] + 16), "STATION_MARK", 11, screen=True)
        x, y = s["x"], s["y"]
        col = "FAULT" if s.get("error") else "ROBOT"
        pen.line((x, ly), (x, y), pen.shade(col, 0.8), pen.mm(18))
        carriage = pen.rect_rotated(x, ly, 80, 60, 0.0, col)
        pen.rect_rotated(x, ly, 80, 60, 0.0, pen.shade(col, 0.5), border=2)
        held = s.get("held_part")
        if held:
            draw_part_record(pen, {**held, "x": x, "y": y})
        jaw = max(0.0, min(1.0, s.get("jaw", 0.0)))
        gap = 34 - 22 * jaw
        jaw_col = "LIT" if s.get("part_held") else ("FAULT" if s.get("missed") else "JAW")
        for side in (-1, 1):
            pen.rect_rotated(x + side * gap, y, 10, 36, 0.0, jaw_col)
        at = s.get("at_position") or 0
        state = "moving" if s.get("busy") else (f"at station {at}" if at else "stopped")
        if s.get("missed"):
            state += ", missed pick"
        pen.label(f"{name}: {state}", x, ly + 48)
        pen.hot(name, "robot", carriage + [pen.px(x - 40, y - 20), pen.px(x + 40, y + 20)])
