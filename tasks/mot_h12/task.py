"""MOT-H12 Two-car lift group dispatching.

Two passenger lift cars (sim.devices.braked_axis.BrakedAxis: vertical servo drives with
spring-applied holding brakes) serve five floors side by side. Each car has a door operator
(sim.devices.pneumatics.Cylinder, open = extended; the car door drives the landing door of the
floor it stands at) with a door eye. People (sim.devices.lift_traffic.LiftTraffic, NEW) arrive
at the floors, press the hall button of their way, board a car whose direction lamp shows their
way, press their floor inside, ride and leave. The program assigns each hall call to a car,
collects calls on the way, keeps both cars moving, and runs on with one car when the other's
service switch goes off.

Each passenger is a job of his own: no one may wait more than WAIT_S at a floor, nor ride more
than RIDE_S (both a safety rule and a deadline that ends the run, so a program that starves one
floor, or whose cars wait on each other, fails there whatever the others do); each car is judged
on its own by progress (doors shut within 1.5 s of the dwell being over, setting off within
SET_OFF_S with riders aboard, doors opening at a rider's floor within OPEN_AFTER_GRIP_S of the
brake gripping there); deliveries count distinct passengers.

Changes from the catalog entry, and why:
- One door operator per car (it drives the landing door of the floor it stands at, as in most
  passenger lifts): with separate landing doors the task would be MOT-M08's door sequence twice.
  S2 says where a door may be open. S5 is added: a door must stay open 1.5 s and never close on a
  person in the doorway; with the dwell deadline (start closing within 1.5 s of 1.5 s open and the
  door eye clear 0.8 s) it makes the catalog's two-sided dwell (2-8 s there): how long depends on
  how many people pass, which the program only sees on the door eye.
- Waits <= 50 s (the catalog has 40 s: with five floors, a 400 kg car and one car out of service a
  good collective control still leaves a few people 40-48 s at a floor under peaks) and a ride bound
  (60 s) so that a car that takes its riders the wrong way round, or stalls with them, fails by a
  stated deadline.
- People board only a car that shows their way on its direction lamp (exactly one lamp lit) and
  is in service: this is what makes the catalog's trap (the nearest car regardless of direction)
  fail: a car arriving for the other way takes no one.
- The overload is honest traffic: people board while the car is not overloaded, so the last one
  can take it over the rated 400 kg; he steps out again only after the car has stood open and
  overloaded for 2 s (S4: a car never moves overloaded).
- Car out of service by its key switch, at power-up or while it carries riders (the catalog's
  "car out at 30 s", varied): it takes no one any more; the other car must serve its hall calls.
- With a car out of service a sampled run has 5 passengers, not 6-10. One car alone under the
  collective control the specification asks for (up calls on the way up, down calls on the way
  down, turning at the last call) serves a call behind it only after a round trip with a stop per
  call ahead (each stop 5-9 s of doors and people): with 8-10 people arriving over 50 s, a slow
  car (down to 500 mm/s, 400 mm/s^2), slow doors (2 s) and slow people (1.2 s in the doorway), the
  200-condition sweep (seed 1) had 9 of its 74 one-car runs leave someone over 50 s at a floor,
  every one with 8-10 passengers (5 of 13 with 10), and the second correct program failed the
  same runs; drawn with 6-7, 2 runs of 7 still failed the same way (a call just behind the lone
  car, whose ramps were slow: 430 and 530 mm/s^2), none of 6. The registered out_at_power_up (7
  passengers) and car_out_at_30s (9, the car out at 30 s) keep theirs: they pass with margin.
  Six was still too many: in the seeds 3-5 sweep (190 one-car runs) 2 left a passenger over 50 s
  for the reference and the second correct program alike (sampled_3_44, sampled_4_25: the lone
  car's ramps slow, 408 and 456 mm/s^2, its doors slow, 1.8-1.9 s, people 1.0-1.2 s in the
  doorway, a stored fault to clear first), so sampled one-car runs now have 5. The published range
  says what the registered one-car runs hold as well: up to 9 passengers where at most 2 come
  after the car has gone out, 7 where the car left in service is quick (ramps of 900 mm/s^2 or
  more): car_out_at_30s has 9, 2 of them after 30 s; out_at_power_up 7 after 0 s with a
  1000 mm/s^2 lone car; both_ways_at_one_floor 5, 2 after 24 s. The sampler draws only the 5.
  (A looser "5-9, at most 5 after" would take in sampled_3_44 and sampled_4_25 above, 6 with 5
  after and slow ramps, which no program was shown to meet.)

Round 2 ("Hard must be hard": the blind-from-prompt program earned 1 on the first try):
- The specification states what must hold, not how: item 1 no longer prescribes the dispatch
  (give each call by the cars' ways, distances and loads, change a stale choice, collect on the
  way, turn at the last call), item 3 no longer spells out the brake-then-door sequence (rule S2
  says where a door may be open) nor which lamp to light (the plant description says who boards),
  item 6 no longer says which car serves the calls of one gone out; what is judged is unchanged.
- Registered both_ways_at_one_floor (seed 7's sampled_7_155, the one of 200 the blind program
  failed): both cars idle at floor 2 when a passenger there calls up and, 0.5 s later, another
  calls down, car 1 already opening for the up call; car 2 goes out of service at 24 s. A call
  given to the car that stands there but will leave the other way, and left with it while that
  car is in service, waits for that car's round trip once the idle car is gone: the prompt-only
  program does exactly that (a cost of 0 for both cars, the tie to car 1) and leaves passenger 2
  over 50 s (S3), so it moves to counterexamples/gives_the_down_call_to_the_car_going_up.st. The
  reference and second_correct give the call to the idle car, which opens for it at once (71.0 s,
  71.1 s). The condition lies in the published ranges (5 passengers, car out at 24 s).
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.braked_axis import BrakedAxis
from sim.devices.lift_traffic import EPS, LiftTraffic
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, axis_io, log_uniform, store_drive_fault

FLOORS_MM = (0.0, 800.0, 1600.0, 2400.0, 3200.0)
NF = len(FLOORS_MM)
CARS = (1, 2)
CAR_X = (300.0, 800.0)
LEVEL_MM = 2.0
WINDOW_MM = 0.5
RATED_KG = 400
WAIT_S = 50.0
RIDE_S = 60.0
DWELL_MIN_S = 1.5  # a door that has opened fully stays open this long
EYE_CLEAR_S = 0.8  # ... and closes once its eye has been clear this long
CLOSE_WITHIN_S = 1.5  # doors set off closing within this of both
CLOSE_BY = 0.1  # closing has set off once the door has closed this share of its stroke
OPEN_BY = 0.05
SET_OFF_S = 2.0  # a car with riders for another floor sets off within this of its door shut
SET_OFF_MM = 20.0
OPEN_AFTER_GRIP_S = 0.5  # the door sets off opening within this of the brake gripping at a rider's floor
OPEN_AFTER_LEVEL_S = 1.5  # ... and within this of the car standing levelled there
MOVED_MM = 0.02
OVERLOAD_STILL_MM = 0.05
HOLD_S = 1.0
GAP_S = 0.4
HESITATE_S = 2.0
PRESS_S = 0.3
DOOR_STROKE = 300.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -20.0, 3220.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for c in CARS:
        car = plant.add(
            BrakedAxis(
                f"car_{c}",
                origin=(CAR_X[c - 1], 0.0),
                angle_deg=90.0,
                limit_minus_mm=LIMIT_MINUS_MM,
                limit_plus_mm=LIMIT_PLUS_MM,
                rail_min_mm=-60.0,
                rail_max_mm=3300.0,
                home_mm=0.0,
                start_mm=p[f"start_{c}_mm"],
                max_speed=p[f"speed_{c}"],
                accel=p[f"accel_{c}"],
                window_mm=WINDOW_MM,
                settle_s=p["settle_s"],
                brake_s=p["brake_s"],
                torque_s=p["torque_s"],
                load_kg=300.0,
                carriage_kg=700.0,
                carriage_length_mm=180.0,
                carriage_width_mm=180.0,
                rail_width_mm=40.0,
                label=f"car {c}",
            )
        )
        if p.get(f"fault_{c}"):
            store_drive_fault(car)
    for c in CARS:
        plant.add(
            Cylinder(
                f"door_{c}",
                CAR_X[c - 1] - 150.0,
                3450.0,
                angle_deg=0.0,
                stroke=DOOR_STROKE,
                extend_s=p[f"door_{c}_s"],
                retract_s=p[f"door_{c}_s"],
                plate_width=120.0,
                start_extended=bool(p.get(f"open_{c}")),
                touches_parts=False,  # a car door: no part in this plant ever meets it
            )
        )  # found open at power-up
    passengers = tuple(zip(p["p_times"], p["p_from"], p["p_to"], p["p_kg"], strict=True))
    out = tuple(p.get(f"out_{c}_s", -1) for c in CARS)
    plant.add(
        LiftTraffic(
            "traffic",
            cars=("car_1", "car_2"),
            doors=("door_1", "door_2"),
            floors_mm=FLOORS_MM,
            passengers=passengers,
            transfer_s=p["transfer_s"],
            gap_s=GAP_S,
            rated_kg=RATED_KG,
            level_mm=LEVEL_MM,
            press_s=PRESS_S,
            hesitate_s=HESITATE_S,
            out_s=tuple(None if t < 0 else t for t in out),
            car_x=CAR_X,
            hall_x=1150.0,
        )
    )
    return plant


class Group:
    """The devices every judge reads each scan, and what the judges ask of them, worked out once
    per scan (`refresh()`, which the session calls before the judges): nine watches and five
    rules ask for the same floors, doors and riders every scan, and working each out again per
    question cost a third of the closed loop."""

    def __init__(self, plant):
        self.cars = tuple(plant.device(f"car_{c}", BrakedAxis) for c in CARS)
        self.doors = tuple(plant.device(f"door_{c}", Cylinder) for c in CARS)
        self.traffic = plant.device("traffic", LiftTraffic)
        self.people = tuple(self.traffic.passengers)
        n = len(CARS)
        self._at = None
        self._people_key = None
        self.floor: list[int | None] = [None] * n  # the floor each car stands at (at rest, levelled)
        self.shut = [True] * n  # door on its closed stop
        self.grip = [False] * n  # brake gripping with its coil off
        self.over = [False] * n  # overloaded
        self.busy = [False] * n  # someone in the doorway
        self.rider_here = [False] * n  # a rider for the floor where the car stands
        self.rider_other = [False] * n  # a rider for another floor, the car standing at a floor
        self.waiting: list = []  # passengers waiting at a floor, by number
        self.aboard: list = []  # passengers boarding, riding or alighting, by number
        self.delivered: list[int] = []
        self.wait_from: int | None = None
        self.ride_from: int | None = None

    def refresh(self) -> None:
        t = self.traffic
        if t.time != self._at:
            self._at = t.time
            floor = t.at_floor
            shut, grip, over, busy = self.shut, self.grip, self.over, self.busy
            rated = t.rated_kg + EPS
            for i, car in enumerate(self.cars):
                shut[i] = self.doors[i].position <= 0.0
                grip[i] = car.gripping and not car.brake_coil
                over[i] = t.load[i] > rated
                busy[i] = t.doorway[i] is not None
            # the people's lists change only when someone's state does; who rides to the floor
            # where his car stands, also when a car's floor does (at_floor: a new list each step)
            if t.moves != self._people_key or floor != self.floor:
                self._people_key = t.moves
                self._people(floor)
            self.floor = floor

    def _people(self, floor) -> None:
        here, other = self.rider_here, self.rider_other
        for i in range(len(CARS)):
            here[i] = other[i] = False
        waiting, aboard, delivered = [], [], []
        wait_from = ride_from = None
        for p in self.people:
            state = p.state
            if state == "waiting":
                waiting.append(p)
                since = round(p.waiting_since * 1000)
                if wait_from is None or since < wait_from:
                    wait_from = since
            elif state == "delivered":
                delivered.append(p.number)
            elif state in _ABOARD:
                aboard.append(p)
                since = round(p.boardings[-1][0] * 1000)
                if ride_from is None or since < ride_from:
                    ride_from = since
                if state == "riding":
                    f = floor[p.car - 1]
                    if f is not None:
                        if p.dest == f:
                            here[p.car - 1] = True
                        else:
                            other[p.car - 1] = True
        self.waiting, self.aboard, self.delivered = waiting, aboard, delivered
        # the clocks' earliest starts: a scan with no wait or ride near its bound looks no further
        self.wait_from, self.ride_from = wait_from, ride_from


_ABOARD = ("boarding", "riding", "alighting")


# --- what the judges see ---------------------------------------------------------------------


def _parked(s) -> bool:
    g = s.devices
    return all(
        g.shut[i] and g.floor[i] is not None and g.grip[i] and not car.fault for i, car in enumerate(g.cars)
    )


class DoorClock:
    """Car c's door: how long it has stood fully open this time, and how long its eye has been
    clear; updated once per scan."""

    def __init__(self, c: int):
        self.i = c - 1
        self.scan = -1
        self.open_ms = 0
        self.clear_ms = 0

    def update(self, s) -> DoorClock:
        if s.scan != self.scan:
            self.scan = s.scan
            g = s.devices
            door = g.doors[self.i]
            fully = door.position >= door.stroke
            self.open_ms = self.open_ms + 10 if fully else 0
            self.clear_ms = self.clear_ms + 10 if (fully and not g.busy[self.i]) else 0
        return self


class FromFloor:
    """Car c: the height where its door last began to open (the floor it serves), for the set-off
    way's distance."""

    def __init__(self, c: int):
        self.i = c - 1
        self.scan = -1
        self.at: float | None = None

    def update(self, s) -> float:
        if s.scan != self.scan:
            self.scan = s.scan
            g = s.devices
            if g.doors[self.i].position > 0.0 or self.at is None:
                self.at = g.cars[self.i].pos
        return self.at


def _close_watch(c: int) -> judges.Watch:
    clock = DoorClock(c)
    i = c - 1

    def dwell_over(s):
        t = clock.update(s)
        return t.open_ms >= DWELL_MIN_S * 1000 and t.clear_ms >= EYE_CLEAR_S * 1000 and not s.devices.over[i]

    def excused(s):
        g = s.devices
        return g.busy[i] or g.over[i]

    return judges.progress_within(
        f"car {c}'s door starts to close within {CLOSE_WITHIN_S:g} s of the dwell being over",
        cause=dwell_over,
        ways=[
            judges.Way(
                f"car {c}'s door closing", lambda s: s.devices.doors[i].position, by=CLOSE_BY * DOOR_STROKE
            )
        ],
        within_s=CLOSE_WITHIN_S,
        excused=excused,
        late=lambda t: (
            f"car {c}'s door had stood open {DWELL_MIN_S:g} s with its eye clear {EYE_CLEAR_S:g} s "
            f"at {t:g} s but had not started to close {CLOSE_WITHIN_S:g} s later"
        ),
    )


def _trip_s(s, c: int) -> float:
    """A trip through the whole shaft at car c's speed and ramps, plus 1 s."""
    car = s.devices.cars[c - 1]
    span = FLOORS_MM[-1] - FLOORS_MM[0]
    v, a = car.max_speed, car.accel
    t = 2 * math.sqrt(span / a) if v * v / a >= span else span / v + v / a
    return t + 1.0


def _set_off_watch(c: int) -> judges.Watch:
    start = FromFloor(c)
    i = c - 1

    def cause(s):
        start.update(s)
        g = s.devices
        return g.rider_other[i] and g.shut[i] and not g.over[i]

    def distance(s):
        return -abs(s.devices.cars[i].pos - start.update(s))

    def arrived(s):
        at = start.update(s)
        g = s.devices
        return g.floor[i] is not None and abs(g.cars[i].pos - at) >= 400.0

    return judges.progress_within(
        f"car {c} sets off within {SET_OFF_S:g} s of its door shut with riders for another floor",
        cause=cause,
        ways=[
            judges.Way(
                f"car {c} travelling to another floor",
                distance,
                by=SET_OFF_MM,
                until=arrived,
                slack=1.0,
                arrive_s=lambda s: _trip_s(s, c),
            )
        ],
        within_s=SET_OFF_S,
        excused=lambda s: not s.devices.shut[i],
        late=lambda t: (
            f"car {c} stood with its door shut and riders for another floor at {t:g} s and had not "
            f"travelled {SET_OFF_MM:g} mm {SET_OFF_S:g} s later"
        ),
    )


def _open_watches(c: int) -> tuple[judges.Watch, ...]:
    i = c - 1

    def opening():
        return [
            judges.Way(
                f"car {c}'s door opening",
                lambda s: DOOR_STROKE - s.devices.doors[i].position,
                by=OPEN_BY * DOOR_STROKE,
            )
        ]

    def at_rider_floor(s):
        g = s.devices
        return g.rider_here[i] and g.shut[i]

    def gripped(s):
        g = s.devices
        return g.rider_here[i] and g.shut[i] and g.grip[i]

    def elsewhere(s):
        return s.devices.floor[i] is None

    return (
        judges.progress_within(
            f"car {c}'s door starts to open within {OPEN_AFTER_GRIP_S:g} s of the brake gripping at a "
            "rider's floor",
            cause=gripped,
            ways=opening(),
            within_s=OPEN_AFTER_GRIP_S,
            excused=elsewhere,
            late=lambda t: (
                f"car {c} stood braked at a rider's floor at {t:g} s and its door had not started to "
                f"open {OPEN_AFTER_GRIP_S:g} s later"
            ),
        ),
        judges.progress_within(
            f"car {c}'s door starts to open within {OPEN_AFTER_LEVEL_S:g} s of the car levelled at a "
            "rider's floor",
            cause=at_rider_floor,
            ways=opening(),
            within_s=OPEN_AFTER_LEVEL_S,
            excused=elsewhere,
            late=lambda t: (
                f"car {c} stood levelled at a rider's floor at {t:g} s and its door had not started "
                f"to open {OPEN_AFTER_LEVEL_S:g} s later"
            ),
        ),
    )


class PassengerClock(judges.Monitor):
    """The wait clock of sim.judges.waits_at_most, per passenger of this run (their number is the
    condition's): a wait from arrival (or stepping out again) until boarding begins, or a ride
    from boarding until he is out. Written here rather than as waits_at_most with a requester per
    passenger because it reads the clocks LiftTraffic keeps (waiting_since, the boarding time):
    three such clocks over a dozen requesters cost 15% of the closed loop."""

    def __init__(self, what: str, limit_s: float):
        self.what, self.limit_ms = what, round(limit_s * 1000)

    def check(self, s):
        now = s.time_ms
        lim = self.limit_ms
        g = s.devices
        if self.what == "wait":
            if g.wait_from is None or now - g.wait_from <= lim:
                return None
            for p in g.waiting:
                if now - round(p.waiting_since * 1000) > lim:
                    return (
                        f"passenger {p.number} at floor {p.origin} has waited more than {lim / 1000:g} s "
                        "for a car"
                    )
        else:
            if g.ride_from is None or now - g.ride_from <= lim:
                return None
            for p in g.aboard:
                if now - round(p.boardings[-1][0] * 1000) > lim:
                    return (
                        f"passenger {p.number} (to floor {p.dest}) has been in a car more than "
                        f"{lim / 1000:g} s"
                    )
        return None


class MovesWithDoorOpen(judges.Monitor):
    def __init__(self):
        self.last: list[float | None] = [None] * len(CARS)

    def check(self, s):
        msg = None
        last, doors = self.last, s.devices.doors
        for i, car in enumerate(s.devices.cars):
            pos, before = car.pos, last[i]
            if before is not None and abs(pos - before) > MOVED_MM and doors[i].position > 0.0:
                msg = msg or f"car {i + 1} moved {abs(pos - before):.2f} mm in a scan with its door open"
            last[i] = pos
        return msg


def _door_unsafe(s):
    g = s.devices
    for i, car in enumerate(g.cars):
        if not g.shut[i]:
            pos = car.pos
            for f in FLOORS_MM:
                if not abs(pos - f) > LEVEL_MM:
                    break
            else:
                return (
                    f"car {i + 1}'s door is open with the car not within {LEVEL_MM:g} mm of a floor "
                    f"({car.pos:.1f} mm)"
                )
            if not g.grip[i]:
                return (
                    f"car {i + 1}'s door is open with the brake not gripping (brake_open or brake_release on)"
                )
    return None


class MovesOverloaded(judges.Monitor):
    def __init__(self):
        self.at: list[float | None] = [None] * len(CARS)

    def check(self, s):
        g = s.devices
        for i, car in enumerate(g.cars):
            if not g.over[i]:
                self.at[i] = None
                continue
            if self.at[i] is None:
                self.at[i] = car.pos
            if abs(car.pos - self.at[i]) > OVERLOAD_STILL_MM:
                return (
                    f"car {i + 1} moved from {self.at[i]:.1f} mm to {car.pos:.1f} mm with "
                    f"{g.traffic.load[i]:.0f} kg aboard (rated {RATED_KG} kg)"
                )
        return None


class DwellShort(judges.Monitor):
    """S5: the door leaves its open stop with someone in the doorway, or less than DWELL_MIN_S
    after it reached the open stop."""

    def __init__(self):
        self.open_ms: list[int | None] = [None] * len(CARS)

    def bind(self, plant):
        # a door found open at power-up opened fully at 0 s
        self.open_ms = [
            0 if plant.device(f"door_{c}", Cylinder).position >= DOOR_STROKE else None for c in CARS
        ]

    def check(self, s):
        g = s.devices
        msg = None
        for i, door in enumerate(g.doors):
            c = i + 1
            if door.position >= door.stroke:
                self.open_ms[i] = (self.open_ms[i] or 0) + 10 if self.open_ms[i] is not None else 0
                continue
            if g.traffic.doorway[i] is not None:
                msg = msg or f"car {c}'s door left its open stop with someone in the doorway"
            elif self.open_ms[i] is not None and self.open_ms[i] < DWELL_MIN_S * 1000 - 5:
                msg = msg or (
                    f"car {c}'s door started to close {self.open_ms[i] / 1000:g} s after it had "
                    f"opened fully (at least {DWELL_MIN_S:g} s)"
                )
            self.open_ms[i] = None
        return msg


def _completion():
    watches = [PassengerClock("wait", WAIT_S), PassengerClock("ride", RIDE_S)]
    for c in CARS:
        watches += [_close_watch(c), _set_off_watch(c), *_open_watches(c)]
    delivered = judges.distinct(
        "every passenger delivered",
        lambda s: s.devices.delivered,
        lambda s: len(s.devices.people),
    )
    parked = judges.held(f"both cars parked {HOLD_S:g} s", _parked, HOLD_S)
    return MissEndsTheRun(judges.watched(judges.in_order(delivered, parked), *watches))


# --- conditions ---------------------------------------------------------------------------------


def _condition(name, seed, description, people, **params) -> Condition:
    """people: (arrive_s, from floor, to floor, kg) each."""
    people = sorted(people)
    params.update(
        p_times=[t for t, *_ in people],
        p_from=[a for _, a, _, _ in people],
        p_to=[b for _, _, b, _ in people],
        p_kg=[k for *_, k in people],
    )
    return Condition.of(name, seed, description, **params)


def _cars(**kw):
    base = dict(
        start_1_mm=0.0,
        start_2_mm=1600.0,
        speed_1=900.0,
        speed_2=900.0,
        accel_1=800.0,
        accel_2=800.0,
        door_1_s=1.2,
        door_2_s=1.2,
        settle_s=0.08,
        brake_s=0.15,
        torque_s=0.1,
        transfer_s=1.0,
    )
    base.update(kw)
    return base


CONDITIONS = (
    _condition(
        "up_peak",
        1201,
        "morning up-peak: groups at the ground floor (the car overloads), both cars start at the top",
        [
            (1.0, 1, 3, 80),
            (1.5, 1, 5, 95),
            (2.0, 1, 4, 70),
            (2.5, 1, 2, 105),
            (3.0, 1, 5, 90),
            (3.5, 1, 3, 60),
            (12.0, 1, 4, 75),
            (12.5, 1, 2, 88),
            (22.0, 1, 5, 100),
            (23.0, 1, 3, 55),
            (31.0, 1, 4, 85),
        ],
        **_cars(
            start_1_mm=3200.0,
            start_2_mm=2400.0,
            speed_1=700.0,
            speed_2=1200.0,
            door_1_s=1.8,
            door_2_s=1.0,
            transfer_s=1.1,
        ),
    ),
    _condition(
        "down_peak",
        1202,
        "evening down-peak from every floor, a stored drive fault on car 2, car 1 between floors",
        [
            (0.5, 5, 1, 80),
            (1.0, 3, 1, 70),
            (4.0, 4, 1, 90),
            (6.0, 2, 1, 65),
            (9.0, 5, 1, 100),
            (10.0, 4, 2, 75),
            (15.0, 3, 1, 85),
            (18.0, 5, 1, 60),
            (24.0, 2, 1, 95),
            (27.0, 4, 1, 70),
        ],
        **_cars(
            start_1_mm=1234.5,
            start_2_mm=0.0,
            speed_1=1000.0,
            speed_2=600.0,
            accel_1=1200.0,
            accel_2=500.0,
            door_1_s=1.0,
            door_2_s=2.0,
            brake_s=0.3,
            torque_s=0.2,
            transfer_s=0.8,
            fault_2=1,
        ),
    ),
    _condition(
        "interfloor",
        1203,
        "interfloor traffic both ways, car 1's door found open at floor 3",
        [
            (0.3, 3, 5, 80),
            (0.6, 3, 1, 72),
            (2.0, 2, 4, 90),
            (2.2, 4, 2, 66),
            (5.0, 5, 1, 84),
            (7.0, 1, 5, 77),
            (11.0, 4, 3, 95),
            (14.0, 2, 5, 58),
            (16.0, 5, 2, 88),
            (20.0, 1, 3, 70),
            (26.0, 3, 2, 80),
        ],
        **_cars(
            start_1_mm=1600.0,
            start_2_mm=517.0,
            open_1=1,
            speed_1=800.0,
            speed_2=800.0,
            transfer_s=0.5,
            door_1_s=0.8,
            door_2_s=2.0,
            settle_s=0.15,
        ),
    ),
    _condition(
        "car_out_at_30s",
        1204,
        "car 2's service switch goes off at 30 s while it carries riders; traffic goes on",
        [
            (1.0, 1, 5, 80),
            (3.0, 5, 2, 75),
            (8.0, 2, 4, 90),
            (14.0, 4, 1, 70),
            (20.0, 1, 4, 85),
            (26.0, 3, 5, 95),
            (29.0, 5, 1, 72),
            (47.0, 4, 1, 77),
            (49.5, 2, 3, 81),
        ],
        **_cars(
            start_1_mm=800.0,
            start_2_mm=3200.0,
            speed_1=600.0,
            speed_2=1400.0,
            accel_1=500.0,
            accel_2=1200.0,
            door_1_s=1.5,
            door_2_s=1.5,
            transfer_s=1.0,
            out_2_s=30.0,
        ),
    ),
    _condition(
        "direction_trap",
        1205,
        "calls against the nearest car's way: car 1 heads up from floor 1 "
        "as people below car 2 call down; slow cars, slow doors and people",
        [
            (0.5, 1, 5, 80),
            (2.0, 3, 1, 70),
            (2.5, 4, 1, 90),
            (3.0, 2, 1, 100),
            (9.0, 5, 1, 75),
            (13.0, 3, 4, 85),
            (16.0, 2, 3, 60),
            (21.0, 4, 5, 70),
            (25.0, 5, 4, 95),
            (30.0, 1, 4, 80),
        ],
        **_cars(
            start_1_mm=0.0,
            start_2_mm=3200.0,
            speed_1=600.0,
            speed_2=550.0,
            accel_1=450.0,
            accel_2=400.0,
            door_1_s=2.0,
            door_2_s=1.8,
            brake_s=0.25,
            transfer_s=1.2,
        ),
    ),
    _condition(
        "out_at_power_up",
        1206,
        "car 1 out of service from power-up between floors, car 2 with a "
        "stored fault at floor 5: one car serves all",
        [
            (0.5, 1, 3, 80),
            (2.0, 4, 2, 70),
            (6.0, 2, 5, 75),
            (12.0, 5, 1, 90),
            (18.0, 3, 1, 65),
            (25.0, 1, 4, 85),
            (33.0, 4, 1, 70),
        ],
        **_cars(
            start_1_mm=1900.0,
            start_2_mm=3200.0,
            speed_1=800.0,
            speed_2=1100.0,
            accel_1=900.0,
            accel_2=1000.0,
            door_1_s=1.0,
            door_2_s=1.2,
            transfer_s=0.9,
            fault_2=1,
            out_1_s=0.0,
        ),
    ),
    _condition(
        "both_ways_at_one_floor",
        1207,
        "both cars idle at floor 2 when a passenger there calls up and, half a second later, "
        "another calls down (car 1 already opening for the up call); car 2 out at 24 s",
        [
            (19.7, 2, 5, 98),
            (20.2, 2, 1, 64),
            (21.4, 5, 4, 99),
            (25.1, 3, 4, 99),
            (44.6, 4, 3, 103),
        ],
        **_cars(
            start_1_mm=1177.5,
            start_2_mm=424.5,
            speed_1=1015.0,
            speed_2=1496.9,
            accel_1=606.9,
            accel_2=645.8,
            door_1_s=1.7,
            door_2_s=1.81,
            settle_s=0.032,
            brake_s=0.167,
            torque_s=0.191,
            transfer_s=0.97,
            out_2_s=24.0,
        ),
    ),
    # The sampler's seed 3 condition 49, as drawn: car 1 goes out at 23.5 s leaving car 2, slow on
    # its ramps (466 mm/s^2) and doors (1.87 s), with calls at both ends of the shaft. A program
    # written blind from the round-2 prompt passed the seven conditions above and 99 of 100
    # sampled ones, and here left passenger 4 (floor 5, from 9.8 s) waiting over 50 s (S3); the
    # reference and second_correct serve everyone, done at 59.7 and 59.8 s.
    _condition(
        "lone_slow_car_both_ends",
        67333066,
        "car 1 out at 23.5 s; car 2, slow on its ramps and doors, is left with calls at both ends",
        [
            (3.7, 4, 2, 89),
            (6.1, 2, 4, 95),
            (8.3, 1, 4, 97),
            (9.8, 5, 2, 55),
            (10.6, 4, 2, 107),
        ],
        **_cars(
            start_1_mm=1362.7,
            start_2_mm=2400.0,
            speed_1=957.8,
            speed_2=1139.2,
            accel_1=458.8,
            accel_2=466.0,
            door_1_s=1.88,
            door_2_s=1.87,
            settle_s=0.127,
            brake_s=0.143,
            torque_s=0.1,
            transfer_s=0.66,
            out_1_s=23.5,
        ),
    ),
)


# --- sampled conditions ----------------------------------------------------------------------------


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Each car's speed and acceleration log-uniform on
    their own; its start anywhere in the shaft (at a floor one time in three); a stored fault one
    time in five; a door found open at a floor one time in eight. 6-10 passengers at 0-50 s (at
    least 0.3 s apart), in one of four patterns (up-peak from floor 1, down-peak to floor 1,
    interfloor, mixed); one time in three a car goes out of service at 0-45 s (so the second car
    serves alone), and then 5 passengers come, not up to 10 (why: the module docstring). The
    out-of-service draw comes before the passengers' count, so every run with both cars in service
    is drawn as before."""
    params = {}
    for c in CARS:
        if rng.random() < 1 / 3:
            start = rng.choice(FLOORS_MM)
        else:
            start = round(rng.uniform(0.0, FLOORS_MM[-1]), 1)
        params[f"start_{c}_mm"] = start
        params[f"speed_{c}"] = round(log_uniform(rng, 500.0, 1500.0), 1)
        params[f"accel_{c}"] = round(log_uniform(rng, 400.0, 1200.0), 1)
        params[f"door_{c}_s"] = round(rng.uniform(0.8, 2.0), 2)
        if rng.random() < 0.2:
            params[f"fault_{c}"] = 1
        if start in FLOORS_MM and rng.random() < 3 / 8:
            params[f"open_{c}"] = 1
    params.update(
        settle_s=round(rng.uniform(0.03, 0.15), 3),
        brake_s=round(rng.uniform(0.05, 0.3), 3),
        torque_s=round(rng.uniform(0.05, 0.2), 3),
        transfer_s=round(rng.uniform(0.5, 1.2), 2),
    )
    out = None
    if rng.random() < 1 / 3:
        out = rng.choice(CARS)
        params[f"out_{out}_s"] = round(rng.uniform(0.0, 45.0), 1)
    n = 5 if out else rng.randint(6, 10)  # one car alone: see the module docstring
    pattern = rng.choice(("up", "down", "inter", "mixed"))
    while True:
        times = sorted(round(rng.uniform(0.0, 50.0), 1) for _ in range(n))
        if all(b - a >= 0.3 for a, b in zip(times, times[1:], strict=False)):
            break
    people = []
    for t in times:
        mode = pattern if pattern != "mixed" else rng.choice(("up", "down", "inter"))
        if mode == "up" and rng.random() < 0.8:
            a, b = 1, rng.randint(2, NF)
        elif mode == "down" and rng.random() < 0.8:
            a, b = rng.randint(2, NF), 1
        else:
            a, b = rng.sample(range(1, NF + 1), 2)
        people.append((t, a, b, rng.randint(50, 110)))
    cond = _condition("sampled", 0, "", people, **params)
    description = (
        f"{n} passengers ({pattern}), cars at {params['start_1_mm']:g}/{params['start_2_mm']:g} mm, "
        f"{params['speed_1']:g}/{params['speed_2']:g} mm/s, doors {params['door_1_s']:g}/"
        f"{params['door_2_s']:g} s, transfer {params['transfer_s']:g} s"
        + (f", car {out} out at {params[f'out_{out}_s']:g} s" if out else "")
    )
    return dict(params=cond.params, description=description)


# --- I/O -------------------------------------------------------------------------------------------------


def _bit(n: int) -> str:
    return f"%IX{n // 8}.{n % 8}"


def _qbit(n: int) -> str:
    return f"%QX{n // 8}.{n % 8}"


def _io() -> tuple[IOPoint, ...]:
    pts: list[IOPoint] = []
    n = 0
    for f in range(1, NF):
        pts.append(
            IOPoint(
                _bit(n),
                f"hall_up_{f}",
                "BOOL",
                "input",
                "traffic",
                f"hall_up_{f}",
                f"Hall button UP at floor {f} ({FLOORS_MM[f - 1]:g} mm), NO: TRUE while pressed "
                "(a short press by each arriving passenger going up)",
            )
        )
        n += 1
    for f in range(2, NF + 1):
        pts.append(
            IOPoint(
                _bit(n),
                f"hall_down_{f}",
                "BOOL",
                "input",
                "traffic",
                f"hall_down_{f}",
                f"Hall button DOWN at floor {f} ({FLOORS_MM[f - 1]:g} mm), NO: TRUE while pressed "
                "(a short press by each arriving passenger going down)",
            )
        )
        n += 1
    for c in CARS:
        for f in range(1, NF + 1):
            pts.append(
                IOPoint(
                    _bit(n),
                    f"car{c}_call_{f}",
                    "BOOL",
                    "input",
                    "traffic",
                    f"call_{c}_{f}",
                    f"Car {c}'s button for floor {f}, NO: TRUE while pressed (a short press "
                    "by each "
                    "passenger once inside)",
                )
            )
            n += 1
    for c in CARS:
        pts += axis_io(
            f"car_{c}",
            (_bit(n), "drive_ready"),
            (_bit(n + 1), "torque_ok"),
            (_bit(n + 2), "brake_open"),
            (_bit(n + 3), "in_position"),
            (_bit(n + 4), "standstill"),
            (_bit(n + 5), "drive_fault"),
            what="car",
            prefix=f"car{c}_",
        )
        n += 6
        pts += [
            IOPoint(
                _bit(n),
                f"car{c}_door_closed",
                "BOOL",
                "input",
                f"door_{c}",
                "retracted",
                f"Car {c}'s door closed switch: TRUE only when the door is fully shut",
            ),
            IOPoint(
                _bit(n + 1),
                f"car{c}_door_open",
                "BOOL",
                "input",
                f"door_{c}",
                "extended",
                f"Car {c}'s door open switch: TRUE only when the door is fully open",
            ),
            IOPoint(
                _bit(n + 2),
                f"car{c}_door_eye",
                "BOOL",
                "input",
                "traffic",
                f"eye_{c}",
                f"Car {c}'s door eye: TRUE while a person is in the doorway (boarding or leaving)",
            ),
            IOPoint(
                _bit(n + 3),
                f"car{c}_in_service",
                "BOOL",
                "input",
                "traffic",
                f"in_service_{c}",
                f"Car {c}'s service key switch: TRUE in service; FALSE out of service (stays off)",
            ),
        ]
        n += 4
    for c in CARS:
        pts += [
            IOPoint(
                f"%IW{2 * (c - 1)}",
                f"car{c}_position",
                "INT",
                "input",
                f"car_{c}",
                "position",
                f"Actual height of car {c} above floor 1",
                "0.1 mm",
                "-200..32200",
            ),
            IOPoint(
                f"%IW{2 * (c - 1) + 1}",
                f"car{c}_load",
                "INT",
                "input",
                "traffic",
                f"load_{c}",
                f"Weight of the people in car {c}; above {RATED_KG} kg the car is overloaded",
                "kg",
                "0..1200",
            ),
        ]
    q = 0
    for c in CARS:
        pts += [
            IOPoint(
                _qbit(q),
                f"car{c}_drive_enable",
                "BOOL",
                "output",
                f"car_{c}",
                "enable",
                f"TRUE enables car {c}'s drive (it builds torque, then holds the car); FALSE: no "
                "torque at once",
            ),
            IOPoint(
                _qbit(q + 1),
                f"car{c}_start_move",
                "BOOL",
                "output",
                f"car_{c}",
                "start",
                f"Rising edge starts a move of car {c} to car{c}_target (ignored unless torque_ok; "
                "a new edge "
                "while moving re-targets the car)",
            ),
        ]
        pts += axis_io(
            f"car_{c}",
            (_qbit(q + 2), "reset_fault"),
            (_qbit(q + 3), "brake_release"),
            what="car",
            prefix=f"car{c}_",
        )
        pts += [
            IOPoint(
                _qbit(q + 4),
                f"car{c}_open_door",
                "BOOL",
                "output",
                f"door_{c}",
                "extend",
                f"TRUE opens car {c}'s door (with the landing door where it stands; it needs its "
                "travel time "
                "to open fully); FALSE closes it (same time)",
            ),
            IOPoint(
                _qbit(q + 5),
                f"car{c}_lamp_up",
                "BOOL",
                "output",
                "traffic",
                f"lamp_up_{c}",
                f"Car {c}'s UP direction lamp, seen at the floor",
            ),
            IOPoint(
                _qbit(q + 6),
                f"car{c}_lamp_down",
                "BOOL",
                "output",
                "traffic",
                f"lamp_down_{c}",
                f"Car {c}'s DOWN direction lamp, seen at the floor",
            ),
        ]
        q += 8
    for c in CARS:
        pts += [
            IOPoint(
                f"%QW{2 * (c - 1)}",
                f"car{c}_target",
                "INT",
                "output",
                f"car_{c}",
                "target",
                f"Target height of car {c}'s next move, taken at the start_move edge",
                "0.1 mm",
                "0..32000",
            ),
            IOPoint(
                f"%QW{2 * (c - 1) + 1}",
                f"car{c}_speed",
                "INT",
                "output",
                f"car_{c}",
                "speed",
                f"Speed of car {c}'s next move; 0 = the drive's configured speed; above it is clamped to it",
                "mm/s",
                "0..2000",
            ),
        ]
    return tuple(pts)


FLOOR_LIST = ", ".join(f"floor {n} at {f:g} mm" for n, f in enumerate(FLOORS_MM, 1))

TASK = Task(
    id="MOT-H12",
    title="Two-car lift group dispatching",
    suite="MOT",
    level="H",
    summary="Dispatch two passenger lift cars over five floors so that nobody waits more than 50 s for "
    "a car nor rides more than 60 s, with every car kept safe between brake and drive, door and load, "
    "and run on with one car when the other goes out of service.",
    plant_description=(
        "Two lift cars side by side, each on its own vertical servo drive (0 mm = floor 1, positive "
        "up), serve "
        f"five floors: {FLOOR_LIST}; limit switches at {LIMIT_MINUS_MM:g} mm and {LIMIT_PLUS_MM:g} mm. "
        "Each car "
        "has a spring-applied holding brake that grips whenever its coil is off; with neither the brake "
        "gripping "
        "nor the drive holding torque the car sags at once, and a drive pushed against a gripping brake "
        "drags the "
        "car through it. Each car has one door operator (TRUE opens, FALSE closes, closed and open end "
        "switches) "
        "that opens the car door together with the landing door of the floor where the car stands, and "
        "a door "
        "eye across its doorway. Each floor has hall buttons UP (floors 1-4) and DOWN (floors 2-5); each car "
        "has a button per floor, a load cell, UP and DOWN direction lamps seen at the floors, and a "
        "service key "
        "switch. People come to the floors, press the hall button of their way, and wait. They walk "
        "through a "
        "door only while it stands fully open with its car at rest levelled at their floor, one person at a "
        "time (the door eye is TRUE while someone is in the doorway); the next person follows within "
        f"{GAP_S + 0.1:g} s of the one before (the first within {GAP_S + 0.1:g} s of the door opening "
        "fully). "
        "Riders for that floor get out first. Then waiting people get in, in order of arrival, only "
        "into a car "
        "that is in service, not overloaded, and shows their way: exactly one of its direction lamps "
        "lit, the "
        "lamp of their way. Once inside, each presses his floor's car button. A person who has begun to pass "
        "the doorway goes on through whatever the door does. People still waiting when a car's door shuts at "
        "their floor without them press their hall button again. With more than "
        f"{RATED_KG} kg aboard the car is overloaded: the last person in steps out again once the car has "
        f"stood open and overloaded for {HESITATE_S:g} s, and waits again (for another car, or this one "
        "once its "
        "door has shut); nobody else gets into that car at that stop. At power-up the cars stand anywhere "
        "in the shaft (often between floors) with their brakes gripping and the drives off, a drive may "
        "report a "
        "stored fault, and a door may be open at a floor (its car levelled and braked there)."
    ),
    specification=(
        "1. Calls: a press of a hall button is a call for that floor and way; a press of a car's button, "
        "a call for that car to that floor (the presses are short: remember them). Which car serves which "
        "hall call, and in what order a car makes its stops, is the program's choice: what must hold is "
        "item 5, items 2-4 and the safety rules.\n"
        "2. To travel: the car's door must be shut (closed switch TRUE) and its load at most "
        f"{RATED_KG} kg. A drive with a stored fault does nothing until the fault is cleared (a rising "
        "edge on its reset_fault); a move (car<n>_target in 0.1 mm, rising edge on car<n>_start_move) "
        "is taken only with torque_ok, and a car driven against its brake before brake_open is TRUE is "
        "dragged through it. A car with riders aboard for another floor must have "
        f"travelled {SET_OFF_MM:g} mm within {SET_OFF_S:g} s of its door shut at a floor (unless the door "
        "opens again there), and go on to stand levelled at another floor without turning back, within "
        "the time of a trip through the whole shaft at that car's speed and ramps plus 1 s.\n"
        f"3. At a floor: levelled means at rest within {LEVEL_MM:g} mm of its height. A door may be open "
        "only as rule S2 allows. Where a rider's floor is reached the door must have started to open "
        f"({OPEN_BY * 100:g}% of its travel) within {OPEN_AFTER_LEVEL_S:g} s of the car standing levelled "
        f"there and within {OPEN_AFTER_GRIP_S:g} s of the brake gripping there.\n"
        f"4. Dwell: a door that has opened fully stays fully open at least {DWELL_MIN_S:g} s, and while "
        "its eye "
        f"is TRUE; once it has been fully open {DWELL_MIN_S:g} s and its eye has been clear "
        f"{EYE_CLEAR_S:g} s "
        f"without a break (and the car is not overloaded) it must start to close ({CLOSE_BY * 100:g}% of its "
        f"travel) within {CLOSE_WITHIN_S:g} s, unless someone enters the doorway first. This holds for "
        "a door "
        "found open at power-up too. While the car is overloaded keep its door open and the car still.\n"
        f"5. Every passenger boards within {WAIT_S:g} s of pressing (of stepping out again, after an "
        "overload) "
        f"and is out at his floor within {RIDE_S:g} s of boarding.\n"
        "6. Service switch: a car whose switch is FALSE (at power-up, or going off at any time) takes "
        "no one any more (nobody boards it): its riders must still be delivered, and item 5 holds for "
        "every passenger all the same.\n"
        "7. After the last passenger is out, leave both cars parked levelled at floors, doors shut, brakes "
        "gripping with brake_release off (the drives may stay enabled).\n"
        "Door times, the cars' speeds and ramps, settle, brake and torque times, how long each person "
        "takes in "
        "the doorway, the arrivals and the weights differ from run to run: wait for the signals, not "
        "for fixed "
        "times."
    ),
    io=_io(),
    completion=Completion(
        "Every passenger of the run is delivered to his floor (each counted once); then both cars stay "
        "levelled "
        f"at floors, doors shut, brakes gripping (brake_release off) for {HOLD_S:g} s without a break. "
        "On the "
        f"way, each passenger boards within {WAIT_S:g} s of his call and is out within {RIDE_S:g} s of "
        f"boarding; per car: its door starts to close within {CLOSE_WITHIN_S:g} s of its dwell being "
        "over, a car "
        f"with riders for another floor sets off within {SET_OFF_S:g} s of its door shut and arrives at "
        "another "
        f"floor without turning back, and its door starts to open at a rider's floor within "
        f"{OPEN_AFTER_LEVEL_S:g} s of levelling and {OPEN_AFTER_GRIP_S:g} s of the brake gripping. A "
        "miss ends "
        "the run.",
        _completion,
        keep=_parked,
        keep_wording="both cars levelled at floors, doors shut, brakes gripping with brake_release off "
        "and no drive fault.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-H12-S1",
            "A car must move only with its door shut (on its closed switch): no more than "
            f"{MOVED_MM} mm of travel in a scan otherwise.",
            MovesWithDoorOpen(),
        ),
        SafetyRule(
            "MOT-H12-S2",
            "A car's door may be open (off its closed switch) only while that car is within "
            f"{LEVEL_MM:g} mm of a floor's height with its brake gripping (brake_open FALSE) and "
            "brake_release off.",
            _door_unsafe,  # its message, or None while the rule holds
        ),
        SafetyRule(
            "MOT-H12-S3",
            f"No passenger waits more than {WAIT_S:g} s at a floor to board (from his "
            "press, or from stepping out again).",
            PassengerClock("wait", WAIT_S),
        ),
        SafetyRule(
            "MOT-H12-S4",
            f"A car must not move while it is overloaded (above {RATED_KG} kg): no more "
            f"than {OVERLOAD_STILL_MM} mm from where it stood when the overload began.",
            MovesOverloaded(),
        ),
        SafetyRule(
            "MOT-H12-S5",
            "A door that has opened fully must not leave its open stop while someone is in "
            f"the doorway (door eye TRUE), nor less than {DWELL_MIN_S:g} s after it opened fully.",
            DwellShort(),
        ),
    ),
    parameters=(
        ParameterRange(
            "start_mm",
            0.0,
            3200.0,
            "mm",
            "where each car stands at power-up",
            keys=("start_1_mm", "start_2_mm"),
        ),
        ParameterRange(
            "speed",
            500.0,
            1500.0,
            "mm/s",
            "each drive's configured (maximum) speed",
            keys=("speed_1", "speed_2"),
        ),
        ParameterRange(
            "accel",
            400.0,
            1200.0,
            "mm/s^2",
            "each drive's acceleration and deceleration",
            keys=("accel_1", "accel_2"),
        ),
        ParameterRange("settle_s", 0.03, 0.15, "s", "rest time before a drive reports in_position"),
        ParameterRange("brake_s", 0.05, 0.3, "s", "brake release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.2, "s", "a drive's torque build-up time after enable"),
        ParameterRange(
            "door_s",
            0.8,
            2.0,
            "s",
            "each car's door time to open fully, and to close",
            keys=("door_1_s", "door_2_s"),
        ),
        ParameterRange("transfer_s", 0.5, 1.2, "s", "how long a person is in the doorway"),
        ParameterRange(
            "arrivals",
            0.0,
            50.0,
            "s",
            "when the passengers come (at least 0.3 s apart): 6-10 of them; in a run where a car goes "
            "out of service 5 (up to 9 where at most 2 come after it has gone out, or 7 where the car "
            "left in service has ramps of 900 mm/s^2 or more)",
            keys=("p_times",),
        ),
        ParameterRange("floors", 1, 5, "", "each passenger's floor and destination", keys=("p_from", "p_to")),
        ParameterRange("weight", 50, 110, "kg", "each passenger's weight", keys=("p_kg",)),
        ParameterRange(
            "out_s",
            0.0,
            45.0,
            "s",
            "when a car's service switch goes off (in some runs, one car)",
            keys=("out_1_s", "out_2_s"),
        ),
        ParameterRange(
            "fault",
            0,
            1,
            "",
            "1 = the car's drive reports a stored fault at power-up",
            keys=("fault_1", "fault_2"),
        ),
        ParameterRange(
            "door_open",
            0,
            1,
            "",
            "1 = the car's door stands open at power-up (car at a floor)",
            keys=("open_1", "open_2"),
        ),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=130.0,
    build_plant=build_plant,
    judged_devices=Group,
    condition_defaults={"fault_1": 0, "fault_2": 0, "open_1": 0, "open_2": 0},
)
