"""Passenger traffic of a lift group: people who arrive at the floors, press the hall buttons,
board a car whose direction lamp shows their way, press their floor inside it, ride and leave.

`LiftTraffic` watches the cars (sim.devices.braked_axis.BrakedAxis, or any axis with `pos` and
`vel`) and their door operators (sim.devices.pneumatics.Cylinder, open = extended; the car door
drives the landing door of the floor it stands at). People move only through a door that stands
fully open with its car at rest within `level_mm` of a floor:

- each passenger (arrive_s, origin floor, destination floor, kg) comes at arrive_s, presses the
  hall button of his way (up or down) for `press_s`, and waits. He presses it again for `press_s`
  whenever a car's door at his floor has shut without him aboard;
- at a car standing open at a floor, one person at a time passes the doorway (the door eye of
  that car is TRUE while someone is in it), each taking `transfer_s`; the next follows `gap_s`
  after the one before (the first `gap_s` after the door is fully open). Riders for this floor
  leave first; then waiting passengers board, in order of arrival, if exactly one direction lamp
  of the car is lit and it shows their way, and the car is in service and not overloaded. A person
  who has begun to pass goes on through whatever the door does (`hit` counts the scans a door was off its open
  stop with someone in the doorway);
- a rider presses his floor's car-call button for `press_s` once he is inside;
- with more than `rated_kg` aboard (the load word is the riders' kg), the last person to board
  steps out again once the car has been overloaded `hesitate_s` with its door fully open; he then
  waits again at that floor (his wait starts again), and boards no car before the door of the one he
  left has shut; nobody else boards that car at that stop (it is full);
- a car's service key switch (`in_service_<n>`) is TRUE until `out_s[n-1]` (None: all run).

For judges: `at_floor` (each car's floor_of after the step), `moves` (how many times a
passenger's state has changed: what a judge works out of the people stands until it grows).

Signals: hall_up_<f> (floors below the top), hall_down_<f> (floors above the ground),
call_<car>_<floor>, load_<car> (kg), eye_<car>, in_service_<car>; commands lamp_up_<car>,
lamp_down_<car> (the car's direction lamps, seen by the people at the floor).

    traffic = plant.add(LiftTraffic("traffic", cars=("car_1", "car_2"), doors=("door_1", "door_2"),
                                    floors_mm=(0, 800, 1600), passengers=((1.0, 1, 3, 80.0),)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sim.devices.pneumatics import Cylinder
from sim.plant import Device

EPS = 1e-9


@dataclass
class Passenger:
    number: int
    arrive_s: float
    origin: int  # floors numbered from 1
    dest: int
    kg: float
    state: str = "coming"  # coming, waiting, boarding, riding, alighting, stepping_out, delivered
    car: int = 0  # the car he boarded (1..), 0 = none
    waiting_since: float | None = None
    boarded_s: float | None = None
    delivered_s: float | None = None
    boardings: list = field(default_factory=list)
    refused: int = 0  # the car he stepped out of, overloaded: he waits for its next stop

    @property
    def up(self) -> bool:
        return self.dest > self.origin


_MAX_FLOORS, _MAX_CARS = 12, 4
_IN_CAR = ("riding", "alighting", "boarding", "stepping_out")


def _plain_table() -> dict[str, str]:
    """Every signal a LiftTraffic can have, to the attribute step() keeps it in (so the session
    reads the attribute instead of calling read)."""
    names = [f"hall_up_{f}" for f in range(1, _MAX_FLOORS + 1)]
    names += [f"hall_down_{f}" for f in range(1, _MAX_FLOORS + 1)]
    for c in range(1, _MAX_CARS + 1):
        names += [f"call_{c}_{f}" for f in range(1, _MAX_FLOORS + 1)]
        names += [f"load_{c}", f"eye_{c}", f"in_service_{c}"]
    return {n: "s_" + n for n in names}


def _lamp_table() -> dict[str, tuple[str, type]]:
    """Every lamp command a LiftTraffic can have, to the attribute write() stores it in (so the
    session stores the PLC's output there instead of calling write)."""
    cars = range(1, _MAX_CARS + 1)
    return {f"lamp_{w}_{c}": (f"c_lamp_{w}_{c}", bool) for c in cars for w in ("up", "down")}


class LiftTraffic(Device):
    kind = "passenger traffic"
    layer = 4
    plain_signals = _plain_table()
    plain_commands = _lamp_table()

    def __init__(
        self,
        name: str,
        *,
        cars: Sequence[str],
        doors: Sequence[str],
        floors_mm: Sequence[float],
        passengers: Sequence[tuple[float, int, int, float]],
        transfer_s: float = 1.0,
        gap_s: float = 0.4,
        rated_kg: float = 400.0,
        level_mm: float = 2.0,
        press_s: float = 0.3,
        hesitate_s: float = 2.0,
        out_s: Sequence[float | None] | None = None,
        car_x: Sequence[float] = (),
        hall_x: float = 0.0,
    ):
        super().__init__(name)
        if len(cars) != len(doors):
            raise ValueError(f"{name}: one door per car")
        if transfer_s <= 0 or gap_s < 0:
            raise ValueError(f"{name}: transfer_s must be positive and gap_s not negative")
        self.car_names, self.door_names = tuple(cars), tuple(doors)
        self.floors_mm = tuple(float(f) for f in floors_mm)
        nf = len(self.floors_mm)
        self.passengers = [
            Passenger(n, float(t), int(o), int(d), float(kg)) for n, (t, o, d, kg) in enumerate(passengers, 1)
        ]
        for p in self.passengers:
            if not (1 <= p.origin <= nf and 1 <= p.dest <= nf) or p.origin == p.dest:
                raise ValueError(f"{name}: passenger {p.number} goes from {p.origin} to {p.dest}")
        self.transfer_s, self.gap_s, self.rated_kg = float(transfer_s), float(gap_s), float(rated_kg)
        self.level_mm, self.press_s, self.hesitate_s = float(level_mm), float(press_s), float(hesitate_s)
        nc = len(self.car_names)
        self.out_s = tuple(out_s) if out_s is not None else (None,) * nc
        self.car_x = tuple(car_x) if car_x else tuple(300.0 * i for i in range(nc))
        self.hall_x = float(hall_x)
        self.time = 0.0
        for c in range(1, nc + 1):
            setattr(self, f"c_lamp_up_{c}", False)
            setattr(self, f"c_lamp_down_{c}", False)
        self.hall_press = {}  # ("up"|"down", floor) -> pressed until (s)
        self.call_press = {}  # (car, floor) -> pressed until (s)
        self.load = [0.0] * nc
        self.doorway: list[tuple[Passenger, str, float] | None] = [None] * nc  # who, what, time left
        self.next_at = [0.0] * nc  # when the next person may begin to pass
        self.open_before = [False] * nc
        self.shut_before = [True] * nc
        self.overloaded_for = [0.0] * nc
        self.last_boarder: list[Passenger | None] = [None] * nc
        self.full = [False] * nc  # someone stepped out overloaded: no one boards before the door shuts
        self.hit = [0] * nc  # scans a door was off its open stop with someone in the doorway
        self.cars = ()
        self.doors: tuple[Cylinder, ...] = ()
        sig = [f"hall_up_{f}" for f in range(1, nf)] + [f"hall_down_{f}" for f in range(2, nf + 1)]
        for c in range(1, nc + 1):
            sig += [f"call_{c}_{f}" for f in range(1, nf + 1)]
            sig += [f"load_{c}", f"eye_{c}", f"in_service_{c}"]
        self.signals = tuple(sig)
        self.commands = tuple(x for c in range(1, nc + 1) for x in (f"lamp_up_{c}", f"lamp_down_{c}"))
        if nf > _MAX_FLOORS or nc > _MAX_CARS:
            raise ValueError(f"{name}: at most {_MAX_FLOORS} floors and {_MAX_CARS} cars")
        for sig in self.signals:
            setattr(self, "s_" + sig, False)
        self._floor_at = -1.0
        self.at_floor: list[int | None] = [None] * nc  # each car's floor_of, after each step
        self.moves = 0  # how many times a passenger's state has changed (judges keep what they
        # work out of the people until it grows)
        # attribute names of the signals, made once (_publish runs every step)
        self._hall_attr = {(w, f): f"s_hall_{w}_{f}" for w in ("up", "down") for f in range(1, nf + 1)}
        self._call_attr = {(c, f): f"s_call_{c}_{f}" for c in range(1, nc + 1) for f in range(1, nf + 1)}
        self._car_attr = tuple((f"s_load_{c}", f"s_eye_{c}", f"s_in_service_{c}") for c in range(1, nc + 1))
        self._lamp_attr = tuple((f"c_lamp_up_{c}", f"c_lamp_down_{c}") for c in range(1, nc + 1))
        # where each car last stood still, and the floor it was levelled at there (_floor_now)
        self._still_at: list[float | None] = [None] * nc
        self._still_floor: list[int | None] = [None] * nc
        self._riders_at = -1.0
        self._riders: list[list[Passenger]] = [[] for _ in range(nc)]
        # the people still to come, by arrival (step() looks only at the next one)
        self._coming = sorted(self.passengers, key=lambda p: p.arrive_s)
        # the button signals change only when a press is made or runs out: _publish goes through
        # the presses only then
        self._press_made = True
        self._press_ends = float("inf")
        self._publish()

    def attach(self, plant) -> None:
        super().attach(plant)
        self.cars = tuple(plant[n] for n in self.car_names)
        self.doors = tuple(plant.device(n, Cylinder) for n in self.door_names)

    # -- PLC side -----------------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal in self.signals:
            return getattr(self, "s_" + signal)
        return super().read(signal)

    def _publish(self) -> None:
        """Bring the signal attributes up to date (after each step)."""
        time = self.time
        now = time + EPS
        d = self.__dict__
        if self._press_made or now >= self._press_ends:
            self._press_made = False
            ends = float("inf")
            for presses, attr in ((self.hall_press, self._hall_attr), (self.call_press, self._call_attr)):
                for key, until in presses.items():
                    on = until > now
                    d[attr[key]] = on
                    if on and until < ends:
                        ends = until
            self._press_ends = ends
        kg, doorway, out_s = self.load, self.doorway, self.out_s
        for i, (load, eye, service) in enumerate(self._car_attr):
            d[load] = int(round(kg[i]))
            d[eye] = doorway[i] is not None
            out = out_s[i]
            d[service] = out is None or time < out - EPS  # in_service(i + 1)

    def write(self, command: str, value: Any) -> None:
        if command in self.commands:
            setattr(self, "c_" + command, bool(value))
        else:
            super().write(command, value)

    @property
    def lamp_up(self) -> list[bool]:
        """Each car's UP direction lamp."""
        return [getattr(self, up) for up, _ in self._lamp_attr]

    @property
    def lamp_down(self) -> list[bool]:
        return [getattr(self, down) for _, down in self._lamp_attr]

    # -- what judges read ------------------------------------------------------------------
    def in_service(self, car: int) -> bool:
        out = self.out_s[car - 1]
        return out is None or self.time < out - EPS

    def overloaded(self, car: int) -> bool:
        return self.load[car - 1] > self.rated_kg + EPS

    def riders(self, car: int) -> list[Passenger]:
        """The people in (or passing the doorway of) the car; worked out once per step, as the
        judges ask for them several times a scan (a fresh list each call)."""
        if self._riders_at != self.time:
            self._riders_at = self.time
            self._riders = [[] for _ in self._riders]
            for p in self.passengers:
                if p.car and p.state in _IN_CAR:
                    self._riders[p.car - 1].append(p)
        return list(self._riders[car - 1])

    def waiting(self) -> list[Passenger]:
        return [p for p in self.passengers if p.state == "waiting"]

    @property
    def delivered(self) -> list[int]:
        return [p.number for p in self.passengers if p.state == "delivered"]

    def floor_of(self, car: int) -> int | None:
        """The floor (1..) the car stands at, at rest within level_mm; None otherwise."""
        if self._floor_at == self.time:
            return self.at_floor[car - 1]
        return self._floor_now(car)

    def _floor_now(self, car: int) -> int | None:
        axis = self.cars[car - 1]
        if axis.vel != 0.0:
            return None
        pos = axis.pos
        i = car - 1
        if pos == self._still_at[i]:  # standing where it stood: the same floor (or none)
            return self._still_floor[i]
        floor = None
        for n, f in enumerate(self.floors_mm, 1):
            if abs(pos - f) <= self.level_mm:
                floor = n
                break
        self._still_at[i], self._still_floor[i] = pos, floor
        return floor

    def way_shown(self, car: int) -> str | None:
        up, down = self._lamp_attr[car - 1]
        up, down = getattr(self, up), getattr(self, down)
        if up == down:
            return None
        return "up" if up else "down"

    # -- the people ----------------------------------------------------------------------------
    def _press_hall(self, p: Passenger) -> None:
        self.hall_press[("up" if p.up else "down", p.origin)] = self.time + self.press_s
        self._press_made = True

    def step(self, dt: float) -> None:
        self.time += dt
        now = self.time
        coming = self._coming
        while coming and coming[0].arrive_s <= now + EPS:
            p = coming.pop(0)
            p.state, p.waiting_since = "waiting", now
            self.moves += 1
            self._press_hall(p)
        # the cars stepped before this device: their floors stand until the next step
        cars = range(1, len(self.cars) + 1)
        self.at_floor = [self._floor_now(c) for c in cars]
        self._floor_at = now
        for c in cars:
            self._car_step(c, dt, now)
        self._publish()

    def _car_step(self, c: int, dt: float, now: float) -> None:
        i = c - 1
        door = self.doors[i]
        fully_open = door.position >= door.stroke - EPS
        shut = door.position <= EPS
        floor = self.at_floor[i]
        if fully_open and not self.open_before[i]:
            self.next_at[i] = now + self.gap_s
        if shut and not self.shut_before[i]:
            self.full[i] = False
            for p in self.waiting():  # the car went without them: press again
                if p.refused == c:
                    p.refused = 0
                if floor is not None and p.origin == floor:
                    self._press_hall(p)
        self.open_before[i], self.shut_before[i] = fully_open, shut
        over = self.load[i] > self.rated_kg + EPS
        if over and fully_open:
            self.overloaded_for[i] += dt
        elif not over:
            self.overloaded_for[i] = 0.0
        passing = self.doorway[i]
        if passing is not None:
            if not fully_open:
                self.hit[i] += 1
            p, what, left = passing
            left -= dt
            if left > EPS:
                self.doorway[i] = (p, what, left)
                return
            self.doorway[i] = None
            self.next_at[i] = now + self.gap_s
            if what == "boarding":
                p.state, p.boarded_s = "riding", now
                self.moves += 1
                self.load[i] += p.kg
                self.last_boarder[i] = p
                self.call_press[(c, p.dest)] = now + self.press_s
                self._press_made = True
            elif what == "alighting":
                p.state, p.delivered_s, p.car = "delivered", now, 0
                self.moves += 1
                self.load[i] -= p.kg
            else:  # stepped out again: waits at this floor once more
                p.state, p.car, p.waiting_since, p.refused = "waiting", 0, now, c
                self.moves += 1
                self.load[i] -= p.kg
                self.last_boarder[i] = None
            return
        if not fully_open or floor is None or now < self.next_at[i] - EPS:
            return
        for p in self.passengers:
            if p.car == c and p.state == "riding" and p.dest == floor:
                p.state = "alighting"
                self.moves += 1
                self.doorway[i] = (p, "alighting", self.transfer_s)
                return
        if self.overloaded(c):
            last = self.last_boarder[i]
            if (
                self.overloaded_for[i] >= self.hesitate_s - EPS
                and last is not None
                and last.state == "riding"
            ):
                last.state = "stepping_out"
                self.moves += 1
                self.full[i] = True
                self.doorway[i] = (last, "stepping_out", self.transfer_s)
            return
        way = self.way_shown(c)
        if way is None or not self.in_service(c) or self.full[i]:
            return
        for p in self.passengers:
            if (
                p.state == "waiting"
                and p.origin == floor
                and ("up" if p.up else "down") == way
                and not p.refused
            ):
                p.state, p.car = "boarding", c
                self.moves += 1
                p.boardings.append((now, c))
                self.doorway[i] = (p, "boarding", self.transfer_s)
                return

    # -- drawing -----------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        top = self.floors_mm[-1] if self.floors_mm else 0.0
        return dict(
            x=self.hall_x,
            y=top / 2,
            time=self.time,
            load=list(self.load),
            lamp_up=list(self.lamp_up),
            lamp_down=list(self.lamp_down),
            delivered=len(self.delivered),
            waiting=[(p.number, p.origin, p.up) for p in self.waiting()],
            riders=[[p.number for p in self.riders(c)] for c in range(1, len(self.cars) + 1)],
            eye=[d is not None for d in self.doorway],
        )

    def extent(self) -> list[tuple[float, float]]:
        top = self.floors_mm[-1] if self.floors_mm else 0.0
        xs = [*self.car_x, self.hall_x]
        return [(min(xs) - 150.0, -150.0), (max(xs) + 150.0, top + 250.0)]

    def draw(self, pen) -> None:
        nf = len(self.floors_mm)
        top = self.floors_mm[-1] if self.floors_mm else 0.0
        hx = self.hall_x
        # the hall call column beside the shaft (its hotspot)
        pts = pen.rect_rotated(hx, top / 2 + 60.0, 120.0, top + 240.0, 0.0, "PANEL_BG", border=0)
        pen.hot(self.name, self.kind, pts)
        # floors: a slab each, hall buttons lit while pressed, waiting people by way (up: PART)
        for n, f in enumerate(self.floors_mm, 1):
            x0 = min(self.car_x) - 150.0
            pen.line((x0, f - 8.0), (hx + 520.0, f - 8.0), "GUIDE", 2)
            pen.label(f"floor {n}", hx + 560.0, f + 40.0)
            if n < nf:
                pen.circle(hx, f + 170.0, 40, "LIT" if self.read(f"hall_up_{n}") else "UNLIT")
                pen.text("^", *pen.px(hx, f + 170.0), "TEXT_DARK", 11, screen=True)
            if n > 1:
                pen.circle(hx, f + 70.0, 40, "LIT" if self.read(f"hall_down_{n}") else "UNLIT")
                pen.text("v", *pen.px(hx, f + 70.0), "TEXT_DARK", 11, screen=True)
            here = [p for p in self.waiting() if p.origin == n]
            for k, p in enumerate(here[:6]):
                pen.circle(hx + 130.0 + 75.0 * k, f + 80.0, 32, "PART" if p.up else "INSPECT_BUSY")
            if len(here) > 6:
                pen.label(f"+{len(here) - 6}", hx + 130.0 + 75.0 * 6, f + 80.0)
        # each car: its riders, load, door eye and direction lamps beside the car
        for c in range(1, len(self.cars) + 1):
            axis = self.cars[c - 1]
            x, y = self.car_x[c - 1], axis.pos
            for k, p in enumerate(self.riders(c)[:6]):
                pen.circle(
                    x - 60.0 + 60.0 * (k % 3),
                    y + 130.0 + 60.0 * (k // 3),
                    26,
                    "PART" if p.up else "INSPECT_BUSY",
                )
            over = self.overloaded(c)
            pen.label(
                f"car {c}: {self.load[c - 1]:.0f} kg" + (" OVERLOAD" if over else ""),
                x,
                y + 300.0,
                "FAULT" if over else "LABEL",
            )
            pen.circle(x + 170.0, y + 200.0, 35, "LIT" if self.lamp_up[c - 1] else "UNLIT")
            pen.text("^", *pen.px(x + 170.0, y + 200.0), "TEXT_DARK", 11, screen=True)
            pen.circle(x + 170.0, y + 110.0, 35, "LIT" if self.lamp_down[c - 1] else "UNLIT")
            pen.text("v", *pen.px(x + 170.0, y + 110.0), "TEXT_DARK", 11, screen=True)
            pen.circle(x - 170.0, y + 60.0, 28, "BEAM_BLOCKED" if self.doorway[c - 1] is not None else "BEAM")
            if not self.in_service(c):
                pen.label("OUT OF SERVICE", x, y - 140.0, "FAULT")
        pen.label(f"delivered {len(self.delivered)} of {len(self.passengers)}", hx, top + 260.0)
