"""MOT-M08 Goods lift with landing doors.

A goods lift serves three floors: a vertical servo drive with a spring-applied holding brake
(sim.devices.braked_axis.BrakedAxis) moves the car; the car has its own door and each floor a
landing door (pneumatic door operators, sim.devices.pneumatics.Cylinder: open = extended);
a load cell under the car (sim.devices.car_load.CarLoad) weighs what is loaded at each stop.
Call buttons at the floors ask for the car. Per call the program must: shut both doors, hand
the car from the brake to the drive, travel, level at the floor, hand it back to the brake,
open the car door and that floor's landing door, dwell, and never travel overloaded.

The judges: every call is served (both doors fully open at the called floor after the press;
CallsServed counts presses, not openings); then the car stays parked at a floor with every door
shut and the brake gripping. On the way three promptness watches (shared progress_within):
the car sets off within SET_OFF_S of the doors shutting when a call waits at another floor
(20 mm up or down, then on to a floor without turning back, within a full-shaft trip), the
landing door sets off opening within OPEN_WITHIN_S of the car standing
levelled at a called floor, and DwellWindow (below) for the two-sided dwell.

Changes from the catalog entry, and why:
- Dwell 3-4.5 s (not 3-6 s) counted from both doors fully open: with door times of 0.8-3 s a
  fixed wait from the open command lands inside a 3 s window for every door time, so the
  window must be narrower than the spread of the door times for a blind dwell to fail.
- The overload is a load cell that goes over 1000 kg 1 s after the doors of one stop open and
  stays there 3-9 s (the catalog's 6 s, varied): the doors stay open while overloaded and must
  close within 1.5 s of the load falling back, so a fixed "overload wait" is early or late.
- S5 (no sag) is added: a brake released without drive torque drops the car, which none of
  S1-S4 names. A drive fault stored at power-up is a start state, as in MOT-E05.
- Four calls per condition at 0-20 s (a run serves them one by one).
- The landing door must also start to open within 0.3 s of the brake gripping at a called floor:
  with only "within 1.2 s of levelling", a program that waited a fixed 0.42 s (the slowest
  brake) instead of the brake feedback earned 1 (counterexamples/fixed_brake_wait.st).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.braked_axis import BrakedAxis
from sim.devices.car_load import CarLoad
from sim.devices.panel import PushButton
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import axis_io, log_uniform, store_drive_fault

FLOORS_MM = (0.0, 1000.0, 2000.0)
LEVEL_MM = 2.0            # levelled: at rest within this of a floor
WINDOW_MM = 0.5           # drive in-position window
RATED_KG = 1000
DWELL_MIN_S, DWELL_MAX_S = 3.0, 4.5
AFTER_OVERLOAD_S = 1.5    # doors set off closing within this of the load falling back
CLOSE_BY = 0.1            # closing has set off once a door has closed this share of its stroke
OPEN_BY = 0.05            # ... opening, this share
SET_OFF_S = 1.5           # car sets off within this of the doors shut with a call elsewhere
SET_OFF_MM = 20.0
OPEN_WITHIN_S = 1.2       # landing door sets off opening within this of the car levelled at a call
OPEN_AFTER_GRIP_S = 0.3   # ... and within this of the brake gripping there (brake_release off)
MOVED_MM = 0.02           # travel in one scan that counts as motion
DRAG_MM = 0.05
SAG_MM = 1.0
OVERLOAD_STILL_MM = 0.05
HOLD_S = 2.0
N_CALLS = 4
LOAD_CHANGE_S = 1.0
DOOR_STROKE = 400.0       # drawn stroke of a door operator (its time is what matters)
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -20.0, 2020.0
LANDINGS = ("landing_1", "landing_2", "landing_3")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    car = plant.add(BrakedAxis(
        "car", origin=(300.0, 0.0), angle_deg=90.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-60.0, rail_max_mm=2100.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=WINDOW_MM, settle_s=p["settle_s"], brake_s=p["brake_s"], torque_s=p["torque_s"],
        load_kg=400.0, carriage_kg=600.0, carriage_length_mm=160.0, carriage_width_mm=160.0,
        rail_width_mm=40.0, label="lift car"))
    if p.get("fault_at_start"):
        store_drive_fault(car)
    door_s = p["door_s"]
    plant.add(Cylinder("car_door", -250.0, 1000.0, angle_deg=0.0, stroke=DOOR_STROKE, extend_s=door_s,
                       retract_s=door_s, plate_width=160.0))
    for n, floor in enumerate(FLOORS_MM):
        plant.add(Cylinder(LANDINGS[n], 800.0, floor + 80.0, angle_deg=0.0, stroke=DOOR_STROKE,
                           extend_s=door_s, retract_s=door_s, plate_width=160.0))
        plant.add(PushButton(f"call_{n + 1}", x=900.0, y=floor + 60.0, label=f"call floor {n + 1}"))
    loads = tuple(p[f"load{i}_kg"] for i in range(1, N_CALLS + 1))
    plant.add(CarLoad("load", door="car_door", start_kg=p["start_kg"], loads=loads,
                      overload=(p["overload_stop"], p["overload_kg"], p["overload_s"]),
                      change_s=LOAD_CHANGE_S, rated_kg=RATED_KG, position=(-150.0, 1500.0)))
    return plant


class Lift:
    """The devices every judge reads each scan."""

    def __init__(self, plant):
        self.car = plant.device("car", BrakedAxis)
        self.car_door = plant.device("car_door", Cylinder)
        self.landings = tuple(plant.device(n, Cylinder) for n in LANDINGS)
        self.load = plant.device("load", CarLoad)

    def doors(self):
        return (self.car_door, *self.landings)


# --- what the judges see ------------------------------------------------------------------

def _levelled_floor(s) -> int | None:
    car = s.devices.car
    if car.vel != 0.0:
        return None
    for n, floor in enumerate(FLOORS_MM):
        if abs(car.pos - floor) <= LEVEL_MM:
            return n
    return None


def _doors_shut(s) -> bool:
    return all(d.position <= 0.0 for d in s.devices.doors())


def _open_at(s, n: int) -> bool:
    lift = s.devices
    return lift.car_door.position >= DOOR_STROKE and lift.landings[n].position >= DOOR_STROKE


def _open_floor(s) -> int | None:
    for n in range(len(FLOORS_MM)):
        if _open_at(s, n):
            return n
    return None


def _parked(s) -> bool:
    car = s.devices.car
    return (_doors_shut(s) and _levelled_floor(s) is not None and car.gripping and not car.brake_coil
            and not car.fault)


class CallBook:
    """The calls as the judges track them: a press (rising edge of a call button) is pending
    until both doors stand fully open at its floor on or after that scan. Updated once per scan
    whichever judge asks first."""

    def __init__(self):
        self.scan = -1
        self.was = [False] * len(FLOORS_MM)
        self.pending = [False] * len(FLOORS_MM)
        self.presses = 0
        self.served = 0

    def update(self, s) -> CallBook:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        for n in range(len(FLOORS_MM)):
            pressed = bool(s.io[f"call_{n + 1}"])
            if pressed and not self.was[n]:
                self.presses += 1
                if self.pending[n]:
                    self.served += 1      # a second press while still pending: served with it
                self.pending[n] = True
            self.was[n] = pressed
            if self.pending[n] and _open_at(s, n):
                self.pending[n] = False
                self.served += 1
        return self


class CallsServed(judges.Judge):
    """Every one of the condition's calls pressed and served. Counted by presses, so opening
    the doors at a floor again and again serves nothing more."""

    name = "every call served"

    def __init__(self, book: CallBook):
        super().__init__()
        self.book = book

    def update(self, s):
        if self.done:
            return True
        b = self.book.update(s)
        if b.presses >= N_CALLS and b.served >= b.presses:
            return self._finish(s)
        return False

    def pending(self):
        if self.done:
            return ""
        return f"every call served ({self.book.served} of {N_CALLS} so far)"


class DwellWindow(judges.Watch):
    """The two-sided dwell at a floor: from both doors fully open, neither door may start to
    close before DWELL_MIN_S nor while the car is overloaded; the closing must have set off
    (a door CLOSE_BY of its stroke shut) within DWELL_MAX_S of fully open, or within
    AFTER_OVERLOAD_S of the load falling back to the rated load if it was over during the
    dwell. Written for this task: no shared judge has an early side that is not a rule and
    a deadline that moves with the load."""

    def __init__(self):
        self.was_open = False
        self.since_ms: int | None = None
        self.deadline_ms = 0
        self.floor = 0

    def check(self, s):
        n = _open_floor(s)
        rising, self.was_open = (n is not None and not self.was_open), n is not None
        lift = s.devices
        if self.since_ms is None:
            if not rising:
                return None
            self.since_ms, self.floor = s.time_ms, n
            self.deadline_ms = s.time_ms + round(DWELL_MAX_S * 1000)
        doors = (lift.car_door, lift.landings[self.floor])
        overloaded = lift.load.overloaded
        if overloaded:
            self.deadline_ms = max(self.deadline_ms, s.time_ms + round(AFTER_OVERLOAD_S * 1000))
        if any(d.position < DOOR_STROKE for d in doors):
            open_for = (s.time_ms - self.since_ms) / 1000
            if overloaded:
                return (f"a door at floor {self.floor + 1} started to close while the car was overloaded "
                        f"({lift.load.value} kg) at {s.time_s:g} s")
            if open_for < DWELL_MIN_S - 1e-9:
                return (f"a door at floor {self.floor + 1} started to close {open_for:g} s after both stood "
                        f"fully open (dwell at least {DWELL_MIN_S:g} s)")
            if any(d.position <= DOOR_STROKE * (1 - CLOSE_BY) for d in doors):
                self.since_ms = None
                return None
        if s.time_ms > self.deadline_ms:
            return (f"the doors at floor {self.floor + 1} stood fully open from {self.since_ms / 1000:g} s "
                    f"and had not set off closing by {self.deadline_ms / 1000:g} s (dwell at most "
                    f"{DWELL_MAX_S:g} s, or {AFTER_OVERLOAD_S:g} s after an overload ends)")
        return None


def _trip_s(s) -> float:
    """Time a set-off car may take to arrive: the whole shaft at the drive's speed and ramps,
    plus settle and a second."""
    v, a = s.params["max_speed"], s.params["accel"]
    return (FLOORS_MM[-1] - FLOORS_MM[0]) / v + v / a + s.params["settle_s"] + 1.0


def _levelled(s) -> bool:
    return _levelled_floor(s) is not None


def _completion():
    book = CallBook()

    def call_elsewhere(s) -> bool:
        b = book.update(s)
        here = _levelled_floor(s)
        if s.devices.car.vel != 0.0 or not _doors_shut(s) or (here is not None and b.pending[here]):
            return False
        return any(p for n, p in enumerate(b.pending) if n != here)

    def called_here(s) -> bool:
        here = _levelled_floor(s)
        return here is not None and _doors_shut(s) and book.update(s).pending[here]

    set_off = judges.progress_within(
        f"car setting off within {SET_OFF_S:g} s of the doors shut with a call at another floor",
        cause=call_elsewhere,
        ways=[judges.Way("the car going up", lambda s: -s.devices.car.pos, by=SET_OFF_MM, until=_levelled,
                         arrive_s=_trip_s),
              judges.Way("the car going down", lambda s: s.devices.car.pos, by=SET_OFF_MM, until=_levelled,
                         arrive_s=_trip_s)],
        within_s=SET_OFF_S, excused=lambda s: not _doors_shut(s),
        late=lambda t: f"from {t:g} s the doors were shut and a call waited at another floor, but the car "
                       f"had not travelled {SET_OFF_MM:g} mm up or down {SET_OFF_S:g} s later")

    def landing_opening(s) -> float:
        here = _levelled_floor(s)
        return -s.devices.landings[here].position if here is not None else 0.0

    doors_open = judges.progress_within(
        f"landing door opening within {OPEN_WITHIN_S:g} s of the car levelled at a called floor",
        cause=called_here,
        ways=[judges.Way("the landing door", landing_opening, by=OPEN_BY * DOOR_STROKE)],
        within_s=OPEN_WITHIN_S, excused=lambda s: not _levelled(s),
        late=lambda t: f"the car stood levelled at a called floor from {t:g} s but its landing door had not "
                       f"started to open {OPEN_WITHIN_S:g} s later")
    def gripped_here(s) -> bool:
        car = s.devices.car
        return called_here(s) and car.gripping and not car.brake_coil

    doors_after_grip = judges.progress_within(
        f"landing door opening within {OPEN_AFTER_GRIP_S:g} s of the brake gripping at a called floor",
        cause=gripped_here,
        ways=[judges.Way("the landing door", landing_opening, by=OPEN_BY * DOOR_STROKE)],
        within_s=OPEN_AFTER_GRIP_S,
        late=lambda t: f"the brake gripped with the car levelled at a called floor at {t:g} s but the "
                       f"landing door had not started to open {OPEN_AFTER_GRIP_S:g} s later")
    return judges.watched(
        judges.in_order(
            CallsServed(book),
            judges.held("car parked at a floor, every door shut, brake gripping", _parked, HOLD_S)),
        set_off, doors_open, doors_after_grip, DwellWindow())


# --- safety monitors ---------------------------------------------------------------------------

class MovesWithDoorOpen(judges.Monitor):
    """S1: judged from position (travel in one scan), not from velocity at scan boundaries."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        lift = s.devices
        pos, last, self.last = lift.car.pos, self.last, lift.car.pos
        if last is None:
            last = s.params["start_mm"]
        if abs(pos - last) > MOVED_MM and not all(d.position <= 0.0 for d in lift.doors()):
            opened = [d.name for d in lift.doors() if d.position > 0.0]
            return f"the car moved at {pos:.1f} mm with {', '.join(opened)} not shut"
        return None


def _landing_unsafe(s):
    lift = s.devices
    car = lift.car
    for n, door in enumerate(lift.landings):
        if door.position <= 0.0:
            continue
        if car.vel != 0.0 or abs(car.pos - FLOORS_MM[n]) > LEVEL_MM:
            return f"landing door {n + 1} open with the car at {car.pos:.1f} mm, {car.vel:.0f} mm/s"
        if car.brake_is_open or car.brake_coil:
            return (f"landing door {n + 1} open with the brake "
                    f"{'still open' if car.brake_is_open else 'told to release'}")
    return None


def _dragged(s):
    car = s.devices.car
    if car.dragged_mm > DRAG_MM:
        return f"the car moved {car.dragged_mm:.2f} mm through the gripping brake"
    return None


class MovesOverloaded(judges.Monitor):
    def __init__(self):
        self.at: float | None = None

    def check(self, s):
        lift = s.devices
        if not lift.load.overloaded:
            self.at = None
            return None
        if self.at is None:
            self.at = lift.car.pos
        if abs(lift.car.pos - self.at) > OVERLOAD_STILL_MM:
            return (f"the car moved from {self.at:.1f} mm to {lift.car.pos:.1f} mm loaded with "
                    f"{lift.load.value} kg (rated {RATED_KG} kg)")
        return None


def _sagged(s):
    car = s.devices.car
    if car.sag_mm > SAG_MM:
        return f"the car sagged {car.sag_mm:.2f} mm with the brake open and no drive torque"
    return None


# --- conditions -----------------------------------------------------------------------------------

def _condition(name: str, seed: int, description: str, calls, **params) -> Condition:
    """calls: (time_s, floor 1..3) x4, pressed for 0.3 s each."""
    operator = []
    for i, (t, floor) in enumerate(calls, start=1):
        params[f"call{i}_s"], params[f"call{i}_floor"] = t, floor
        operator += [OperatorAction(t, "press", f"call_{floor}"),
                     OperatorAction(round(t + 0.3, 2), "release", f"call_{floor}")]
    operator.sort(key=lambda a: a.time_s)
    return Condition(name, seed, params, description, operator=tuple(operator))


CONDITIONS = (
    _condition("nominal", 801, "car at the ground floor, calls up and down, brisk drive and doors",
               ((1.0, 3), (2.0, 2), (12.0, 1), (14.0, 3)), start_mm=0.0, max_speed=600.0, accel=800.0,
               settle_s=0.08, brake_s=0.15, torque_s=0.1, door_s=1.2, start_kg=150,
               load1_kg=400, load2_kg=650, load3_kg=200, load4_kg=900,
               overload_stop=2, overload_kg=1180, overload_s=6.0),
    _condition("between_floors_fault", 802, "car stopped between floors 1 and 2 with a stored drive fault; "
               "slow doors and a slow drive", ((0.5, 1), (3.0, 3), (4.0, 2), (19.0, 1)),
               start_mm=437.5, max_speed=300.0, accel=300.0, settle_s=0.25, brake_s=0.4, torque_s=0.3,
               door_s=3.0, start_kg=0, load1_kg=300, load2_kg=120, load3_kg=980, load4_kg=50,
               overload_stop=1, overload_kg=1400, overload_s=9.0, fault_at_start=1),
    _condition("quick_doors_fast_car", 803,
               "quick doors, fast stiff drive, a call for the floor it stands at",
               ((0.2, 2), (6.0, 1), (6.5, 3), (15.0, 2)), start_mm=1000.0, max_speed=1000.0, accel=1500.0,
               settle_s=0.03, brake_s=0.05, torque_s=0.05, door_s=0.8, start_kg=500,
               load1_kg=700, load2_kg=80, load3_kg=450, load4_kg=300,
               overload_stop=3, overload_kg=1050, overload_s=3.0),
    _condition("near_top_short_overload", 804, "car just below the top floor, quick brake and slow torque",
               ((2.5, 1), (2.6, 3), (10.0, 2), (20.0, 3)), start_mm=1873.0, max_speed=450.0, accel=500.0,
               settle_s=0.15, brake_s=0.08, torque_s=0.3, door_s=2.0, start_kg=800,
               load1_kg=100, load2_kg=950, load3_kg=600, load4_kg=10,
               overload_stop=4, overload_kg=1300, overload_s=4.0),
    _condition("late_calls_same_floor", 805, "late calls, two for the same floor close together, slow brake",
               ((8.0, 3), (8.4, 3), (9.0, 1), (17.0, 2)), start_mm=1522.0, max_speed=350.0, accel=1200.0,
               settle_s=0.2, brake_s=0.35, torque_s=0.15, door_s=1.6, start_kg=50,
               load1_kg=990, load2_kg=400, load3_kg=700, load4_kg=250,
               overload_stop=2, overload_kg=1100, overload_s=7.5),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The start height is between floors (at least
    5 mm off one) in three conditions of four, at a floor otherwise. Speed and acceleration are
    log-uniform; brake, torque, door and settle times each on their own. The four calls are drawn
    at 0-20 s (at least 0.5 s apart), each for any floor; the overload comes at one of the first
    four openings (none if the calls need fewer)."""
    if rng.random() < 0.25:
        start = rng.choice(FLOORS_MM)
    else:
        while True:
            start = round(rng.uniform(0.0, FLOORS_MM[-1]), 1)
            if all(abs(start - f) >= 5.0 for f in FLOORS_MM):
                break
    while True:     # presses at least 0.5 s apart, so each is its own press of a button
        times = sorted(round(rng.uniform(0.0, 20.0), 2) for _ in range(N_CALLS))
        if all(b - a >= 0.5 for a, b in zip(times, times[1:], strict=False)):
            break
    calls = [(t, rng.randint(1, 3)) for t in times]
    params = dict(
        start_mm=start, max_speed=round(log_uniform(rng, 300.0, 1000.0), 1),
        accel=round(log_uniform(rng, 300.0, 1500.0), 1), settle_s=round(rng.uniform(0.03, 0.25), 3),
        brake_s=round(rng.uniform(0.05, 0.4), 3), torque_s=round(rng.uniform(0.05, 0.3), 3),
        door_s=round(rng.uniform(0.8, 3.0), 2), start_kg=rng.randint(0, 950),
        overload_stop=rng.randint(1, 4), overload_kg=rng.randint(1050, 1500),
        overload_s=round(rng.uniform(3.0, 9.0), 2), fault_at_start=int(rng.random() < 0.25),
        **{f"load{i}_kg": rng.randint(0, 990) for i in range(1, N_CALLS + 1)})
    cond = _condition("sampled", 0, "", calls, **params)
    description = (f"car at {start:g} mm, {params['max_speed']:g} mm/s, doors {params['door_s']:g} s, "
                   f"brake {params['brake_s']:g} s, calls "
                   + ", ".join(f"{f}@{t:g}s" for t, f in calls)
                   + f", overload at stop {params['overload_stop']} for {params['overload_s']:g} s"
                   + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=cond.params, description=description, operator=cond.operator)


def _door_io(address_closed, address_open, address_cmd, device, who):
    return (
        IOPoint(address_closed, f"{device}_closed", "BOOL", "input", device, "retracted",
                f"{who} closed switch: TRUE only when the door is fully shut"),
        IOPoint(address_open, f"{device}_open", "BOOL", "input", device, "extended",
                f"{who} open switch: TRUE only when the door is fully open"),
        IOPoint(address_cmd, f"open_{device}", "BOOL", "output", device, "extend",
                f"TRUE opens the {who.lower()} (the door operator needs its travel time to open fully); "
                "FALSE closes it (same time)"),
    )


IO = (
    IOPoint("%IX0.0", "call_1", "BOOL", "input", "call_1", "pressed",
            "Call button at floor 1 (ground, 0 mm), NO contact: TRUE while pressed (a short press)"),
    IOPoint("%IX0.1", "call_2", "BOOL", "input", "call_2", "pressed",
            "Call button at floor 2 (1000 mm), NO contact: TRUE while pressed"),
    IOPoint("%IX0.2", "call_3", "BOOL", "input", "call_3", "pressed",
            "Call button at floor 3 (2000 mm), NO contact: TRUE while pressed"),
    *axis_io("car", ("%IX0.3", "drive_ready"), ("%IX0.4", "torque_ok"), ("%IX0.5", "brake_open"),
             ("%IX0.6", "in_position"), ("%IX0.7", "standstill"), ("%IX1.0", "drive_fault"), what="car"),
    *_door_io("%IX1.1", "%IX1.2", "%QX0.4", "car_door", "Car door"),
    *_door_io("%IX1.3", "%IX1.4", "%QX0.5", "landing_1", "Landing door of floor 1"),
    *_door_io("%IX1.5", "%IX1.6", "%QX0.6", "landing_2", "Landing door of floor 2"),
    *_door_io("%IX1.7", "%IX2.0", "%QX0.7", "landing_3", "Landing door of floor 3"),
    IOPoint("%IW0", "actual_position", "INT", "input", "car", "position",
            "Actual car height above the ground floor", "0.1 mm", "-200..20200"),
    IOPoint("%IW1", "car_load", "INT", "input", "load", "value",
            f"Weight on the car from its load cell (changes only while the car door is open); above "
            f"{RATED_KG} kg the car is overloaded", "kg", "0..2000"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "car", "enable",
            "TRUE enables the drive (it builds torque, then holds the car); FALSE: no torque at once"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "car", "start",
            "Rising edge starts a move to target_position (ignored unless torque_ok)"),
    *axis_io("car", ("%QX0.2", "reset_fault"), ("%QX0.3", "brake_release"), what="car"),
    IOPoint("%QW0", "target_position", "INT", "output", "car", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..20000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "car", "speed",
            "Speed of the next move; 0 = the drive's configured speed; above it is clamped to it",
            "mm/s", "0..2000"),
)

TASK = Task(
    id="MOT-M08", title="Goods lift with landing doors", suite="MOT", level="M",
    summary="Serve the floor calls of a three-floor goods lift: shut the doors, hand the car from the brake "
            "to the drive, travel, level, hand it back to the brake, open the car and landing doors, dwell, "
            "and never travel overloaded.",
    plant_description=(
        "A goods lift car on a vertical servo drive (0 mm = floor 1, positive up) serves three floors: floor "
        "1 at 0 mm, floor 2 at 1000 mm, floor 3 at 2000 mm; limit switches at -20 mm and 2020 mm. The car "
        "has a spring-applied holding brake that grips whenever its coil is off; with neither the brake "
        "gripping nor the drive holding torque the car sags at once, and a drive pushed against a gripping "
        "brake drags the car through it. The car has a door and each floor a landing door, each worked by a "
        "door operator (TRUE opens, FALSE closes, with closed and open end switches); all doors take the "
        "same time to open or close. A load cell weighs the car; goods are loaded and unloaded only while "
        "the car door is open. Each floor has a call button. At power-up the car stands anywhere in the "
        "shaft (often between floors), with its brake gripping, the drive off and every door shut."),
    specification=(
        "1. A press of a call button is a call for that floor (the press is short: remember it). A call is "
        "served when the car door and that floor's landing door both stand fully open with the car levelled "
        "there. Serve every call; a call for the floor where the car already stands with its doors open is "
        "served at once.\n"
        "2. To travel: every door must be shut (all closed switches TRUE) and the load at most "
        f"{RATED_KG} kg. Clear a drive fault with a rising edge on reset_fault, enable the drive, wait for "
        "torque_ok, release the brake, wait for brake_open, then move to the floor's height (%QW0 in 0.1 "
        f"mm, rising edge on start_move). When the doors are shut and a call waits at another floor, the car "
        f"must have travelled {SET_OFF_MM:g} mm (up or down) within {SET_OFF_S:g} s, and go on to stand "
        "levelled at a floor without turning back, within the time of a trip through the whole shaft at the "
        "drive's speed and ramps plus 1 s.\n"
        f"3. At the floor: levelled means at rest within {LEVEL_MM:g} mm of its height. Switch brake_release "
        "off, wait until brake_open is FALSE (the brake grips), and only then open the car door and that "
        f"floor's landing door; the landing door must have started to open ({OPEN_BY * 100:g}% of its "
        f"travel) within {OPEN_WITHIN_S:g} s of the car standing levelled at a called floor with its doors "
        "shut (unless it leaves the floor within that time, on a trip that had begun), and "
        f"within {OPEN_AFTER_GRIP_S:g} s of the brake gripping there with brake_release off.\n"
        f"4. Dwell: from both doors fully open, keep them open at least {DWELL_MIN_S:g} s, and start closing "
        f"them no later than {DWELL_MAX_S:g} s after. While the load is above {RATED_KG} kg keep the doors "
        f"open and the car still; when it falls back, start closing within {AFTER_OVERLOAD_S:g} s (if the "
        f"{DWELL_MIN_S:g} s are over). The load changes {LOAD_CHANGE_S:g} s after the car door has opened "
        "fully at a stop; one stop of the run is overloaded for a while.\n"
        "5. After the last call, leave the car parked at the floor: every door shut, brake gripping with "
        "brake_release off (the drive may stay enabled).\n"
        "Door times, the drive's speed, acceleration, settle time, brake and torque times, the call times "
        "and the loads differ from run to run: wait for the signals, not for fixed times."),
    io=IO,
    completion=Completion(
        f"All {N_CALLS} calls of the run are served (both doors fully open at the called floor after its "
        "press); then the car stays levelled at a floor with every door shut and the brake gripping "
        f"(brake_release off) for {HOLD_S:g} s without a break. On the way: the car sets off within "
        f"{SET_OFF_S:g} s of the doors shut with a call at another floor and arrives at a floor without "
        "turning back; "
        f"the landing door starts to open within {OPEN_WITHIN_S:g} s of the car levelled at a called floor "
        f"and within {OPEN_AFTER_GRIP_S:g} s of the brake gripping there; "
        f"each dwell is {DWELL_MIN_S:g}-{DWELL_MAX_S:g} s (doors closing set off by then, or within "
        f"{AFTER_OVERLOAD_S:g} s of an overload ending), and no door starts to close while overloaded.",
        _completion,
        keep=_parked,
        keep_wording="the car levelled at a floor, every door shut, the brake gripping with brake_release "
                     "off and no drive fault."),
    safety_rules=(
        SafetyRule("MOT-M08-S1", "The car must move only with every door shut (car door and all landing "
                   f"doors on their closed switches): no more than {MOVED_MM} mm of travel in a scan "
                   "otherwise.",
                   MovesWithDoorOpen()),
        SafetyRule("MOT-M08-S2", "A landing door may be open (off its closed switch) only while the car "
                   f"stands at rest within {LEVEL_MM:g} mm of that floor with the brake gripping (brake_open "
                   "FALSE) and brake_release off.",
                   judges.never(lambda s: _landing_unsafe(s) is not None, _landing_unsafe)),
        SafetyRule("MOT-M08-S3", "The car must never move while the brake grips: no more than "
                   f"{DRAG_MM} mm of travel through a gripping brake in the whole run.",
                   judges.never(lambda s: _dragged(s) is not None, _dragged)),
        SafetyRule("MOT-M08-S4", f"The car must not move while it is overloaded (load above {RATED_KG} kg): "
                   f"no more than {OVERLOAD_STILL_MM} mm from where it stood when the overload began.",
                   MovesOverloaded()),
        SafetyRule("MOT-M08-S5", f"The car must never sag more than {SAG_MM:g} mm (it sags whenever the "
                   "brake is open and the drive has no torque_ok).",
                   judges.never(lambda s: _sagged(s) is not None, _sagged)),
    ),
    parameters=(
        ParameterRange("start_mm", 0.0, 2000.0, "mm", "where the car stands at power-up"),
        ParameterRange("max_speed", 300.0, 1000.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 300.0, 1500.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the drive reports in_position"),
        ParameterRange("brake_s", 0.05, 0.4, "s", "brake release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.3, "s", "drive's torque build-up time after enable"),
        ParameterRange("door_s", 0.8, 3.0, "s", "time of every door to open fully, and to close"),
        ParameterRange("call_times", 0.0, 20.0, "s",
                       f"when the {N_CALLS} calls are pressed (any floor each, at least 0.5 s apart)",
                       keys=tuple(f"call{i}_s" for i in range(1, N_CALLS + 1))),
        ParameterRange("call_floors", 1, 3, "", "the floor of each call",
                       keys=tuple(f"call{i}_floor" for i in range(1, N_CALLS + 1))),
        ParameterRange("loads", 0, 990, "kg", "the load at power-up and after each stop's loading",
                       keys=("start_kg", *(f"load{i}_kg" for i in range(1, N_CALLS + 1)))),
        ParameterRange("overload_stop", 1, 4, "", "which opening of the car door brings the overload"),
        ParameterRange("overload_kg", 1050, 1500, "kg", "the load during the overload"),
        ParameterRange("overload_s", 3.0, 9.0, "s", "how long the overload lasts"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=120.0,
    build_plant=build_plant,
    judged_devices=Lift,
    condition_defaults={"fault_at_start": 0},
)
