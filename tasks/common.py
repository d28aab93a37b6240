"""Shapes several tasks share, on top of the shared judges in sim.judges: an answer due
within a time of its cause (AnsweredWithin: Done within 1 s of arrival), a drive fault stored
at power-up (store_drive_fault) and incidents a device logs as they happen (CountGrows); for
conditions, a log-uniform draw (log_uniform) and a condition whose operator presses Start once
(start_press_condition); for axis tasks, the servo drive's I/O points in the words MOT-E01 gives
them (axis_io), its timing ranges (drive_ranges) and the limit-switch rule's monitor
(limit_switch_reached); for robot tasks, the pick-and-place robot's I/O points (robot_io)."""

from __future__ import annotations

import math
import random

from pymunk._chipmunk_cffi import lib as _cp

from sim import judges
from sim.task import Condition, IOPoint, OperatorAction, ParameterRange


def log_uniform(rng: random.Random, low: float, high: float) -> float:
    """A draw between low and high, uniform in its logarithm: a soft drive and a stiff one (60 and
    400 mm/s, 150 and 2000 mm/s^2) come up equally often."""
    return math.exp(rng.uniform(math.log(low), math.log(high)))


def start_press_condition(name: str, seed: int, description: str, *, press_s: float,
                          button: str = "start_button", hold_s: float = 0.3, **params) -> Condition:
    """A condition whose operator presses `button` once at `press_s` for `hold_s`; the press time
    is also a parameter (start_press_s), so its published range is checked."""
    params["start_press_s"] = press_s
    return Condition(name, seed, params, description,
                     operator=(OperatorAction(press_s, "press", button),
                               OperatorAction(round(press_s + hold_s, 2), "release", button)))


# name -> (type, direction, signal or command, meaning, units, range) of a sim.devices.axis.Axis
# point; {window}, {minus}, {plus} are filled in by axis_io
_AXIS_POINTS = {
    "drive_ready": ("BOOL", "input", "ready", "TRUE when the drive is enabled and has no fault"),
    "in_position": ("BOOL", "input", "in_position",
                    "TRUE when the {what} is within {window} mm of the target of the last move and has "
                    "been at rest for the drive's settle time (FALSE before any move, while disabled or "
                    "faulted)"),
    "standstill": ("BOOL", "input", "standstill", "TRUE while the {what} is not moving"),
    "busy": ("BOOL", "input", "busy",
             "TRUE while the drive executes a move (from the start edge until the {what} is at rest)"),
    "drive_fault": ("BOOL", "input", "fault",
                    "TRUE while the drive has a latched fault (cleared by a rising edge on reset_fault)"),
    "limit_minus": ("BOOL", "input", "limit_minus",
                    "Minus limit switch: TRUE when the {what} is at or below {minus} mm (the drive then "
                    "stops hard and faults)"),
    "limit_plus": ("BOOL", "input", "limit_plus",
                   "Plus limit switch: TRUE when the {what} is at or above {plus} mm (the drive then stops "
                   "hard and faults)"),
    "drive_enable": ("BOOL", "output", "enable",
                     "TRUE enables the drive (FALSE: the {what} brakes to a stop and holds no position)"),
    "reset_fault": ("BOOL", "output", "reset", "Rising edge clears a latched drive fault"),
    # a vertical axis with a holding brake (sim.devices.braked_axis.BrakedAxis)
    "torque_ok": ("BOOL", "input", "torque_ok",
                  "TRUE when the enabled drive has built its holding torque (it then holds the {what} and "
                  "accepts moves); FALSE at once when it is disabled or faults"),
    "brake_open": ("BOOL", "input", "brake_open",
                   "Brake feedback: TRUE from the moment the brake has fully lifted until it grips again; "
                   "FALSE while it grips"),
    "brake_release": ("BOOL", "output", "brake_release",
                      "TRUE energises the brake coil: the spring-applied brake lifts (after its release "
                      "time); FALSE: it falls back and grips (after the same time)"),
}


def axis_io(device: str, *points: tuple[str, str], window_mm: float = 0.5, limit_minus_mm: float = -5.0,
            limit_plus_mm: float = 505.0, what: str = "slide", prefix: str = "") -> tuple[IOPoint, ...]:
    """The I/O points of a servo drive (sim.devices.axis.Axis) that every axis task states alike,
    as (address, name) pairs: axis_io("slide", ("%IX0.1", "drive_ready"), ("%QX0.0", "drive_enable")).
    `what` names the moving part in the meanings ("the car is not moving"); `prefix` goes before
    each name, for a machine of several axes ("x_" gives x_drive_ready)."""
    fill = dict(window=f"{window_mm:g}", minus=f"{limit_minus_mm:g}", plus=f"{limit_plus_mm:g}", what=what)
    out = []
    for address, name in points:
        kind, direction, signal, meaning = _AXIS_POINTS[name]
        out.append(IOPoint(address, prefix + name, kind, direction, device, signal, meaning.format(**fill)))
    return tuple(out)


# name -> (type, direction, signal or command, meaning, units, range) of a sim.devices.robot.Robot
# point; {stations} is filled in by robot_io
_ROBOT_POINTS = {
    "robot_busy": ("BOOL", "input", "busy", "TRUE while the robot moves or settles", "", ""),
    "robot_in_position": ("BOOL", "input", "in_position",
                          "TRUE while the robot is at rest at the station of its last move", "", ""),
    "gripper_open": ("BOOL", "input", "gripper_open", "TRUE while the jaws are fully open", "", ""),
    "gripper_closed": ("BOOL", "input", "gripper_closed", "TRUE while the jaws are fully closed on nothing",
                       "", ""),
    "part_held": ("BOOL", "input", "part_held", "TRUE while the jaws hold a part", "", ""),
    "robot_at": ("INT", "input", "at_position", "Station where the robot is at rest ({stations}); 0 moving",
                 "", "0..{last}"),
    "robot_start": ("BOOL", "output", "start",
                    "Rising edge starts a move to robot_target (ignored while busy)", "", ""),
    "grip": ("BOOL", "output", "grip",
             "TRUE closes the jaws (a part lying at the station is gripped), FALSE opens them", "", ""),
    "robot_target": ("INT", "output", "target", "Station number of the next move", "", "1..{last}"),
    "robot_x": ("INT", "input", "x_position", "The robot's carriage position on the rail (tool x)", "mm", ""),
}


def robot_io(device: str, *points: tuple[str, str], stations: str, last: int,
             prefix: str = "") -> tuple[IOPoint, ...]:
    """The I/O points of a pick-and-place robot (sim.devices.robot.Robot) that every robot task
    states alike, as (address, name) pairs; `stations` names the stations for robot_at ("1 infeed,
    2 outfeed"), `last` is the highest station number; `prefix` goes before each name, for a cell
    of several robots ("r1_" gives r1_robot_busy)."""
    out = []
    for address, name in points:
        kind, direction, signal, meaning, units, span = _ROBOT_POINTS[name]
        out.append(IOPoint(address, prefix + name, kind, direction, device, signal,
                           meaning.format(stations=stations), units, span.format(last=last)))
    return tuple(out)


def drive_ranges(settle_s=(0.03, 0.25), response_s=(0.0, 0.1)) -> tuple[ParameterRange, ...]:
    """The published ranges of a servo drive's settle and response times and of a stored fault."""
    return (
        ParameterRange("settle_s", *settle_s, "s", "rest time before the drive reports in_position"),
        ParameterRange("response_s", *response_s, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    )


def limit_switch_reached(axis) -> str | None:
    """The monitor of "the slide must never reach a limit switch" for a sim.devices.axis.Axis."""
    if axis.hit_limit or axis.at_limit:
        side = axis.hit_limit or ("plus" if axis.pos >= axis.limit_plus_mm else "minus")
        return f"the {axis.label} reached the {side} limit switch at {axis.pos:.1f} mm"
    return None


def lift_not_held(lift, drag_mm: float, sag_mm: float) -> str | None:
    """The monitor of "the lift moves only held by its drive with the brake open" for a
    sim.devices.braked_axis.BrakedAxis: no more than drag_mm through the gripping brake, never
    sagging more than sag_mm (MOT-M13, MAT-H13)."""
    if lift.dragged_mm > drag_mm:
        return f"the lift moved {lift.dragged_mm:.2f} mm through the gripping brake"
    if lift.sag_mm > sag_mm:
        return f"the lift sagged {lift.sag_mm:.2f} mm with the brake open and no drive torque"
    return None


def store_drive_fault(axis) -> None:
    """The drive comes up with a latched fault, as after a shutdown on a fault: the program must
    give a reset edge before the drive accepts enable and moves."""
    axis.fault, axis.fault_text = True, "drive fault stored at the last shutdown"


class AnsweredWithin(judges.Judge):
    """Done when the program answers (`answer(s)`) within `within_s` of a cause (`cause(s)`).

    The clock starts on the first scan the cause holds; with `latch` it keeps running from
    there, otherwise the cause going away stops it (it restarts when the cause returns).
    A late answer gives `late(since_s)` as the message: with `ends_run` it fails the judge
    (the run ends), otherwise the completion just never comes and the safety rules are still
    checked to the time limit. `waiting` is what `pending()` says before the answer.
    """

    def __init__(self, name: str, cause, answer, within_s: float, late, *, waiting: str = "",
                 latch: bool = False, ends_run: bool = True):
        super().__init__()
        self.name = name
        self.cause, self.answer, self.within_ms, self.late = cause, answer, within_s * 1000, late
        self.waiting, self.latch, self.ends_run = waiting, latch, ends_run
        self.since_ms: int | None = None
        self.missed: str | None = None

    def update(self, s):
        if self.done or self.failed or self.missed:
            return self.done
        if self.since_ms is None or not self.latch:
            if not self.cause(s):
                self.since_ms = None
                return False
            if self.since_ms is None:
                self.since_ms = s.time_ms
        if self.answer(s):
            return self._finish(s)
        if s.time_ms - self.since_ms > self.within_ms:
            message = self.late(self.since_ms / 1000)
            if self.ends_run:
                self.failed = message
            else:
                self.missed = message
        return False

    def pending(self):
        if self.done:
            return ""
        return self.missed or self.waiting or self.name


class CountGrows(judges.Monitor):
    """Violated on each scan on which `count(s)` has grown: for incidents a device logs as it
    happens (a part pushed into a full chute, a part set down on an occupied place)."""

    def __init__(self, count, message: str):
        self.count, self.message = count, message
        self.seen = 0

    def check(self, s):
        total = self.count(s)
        if total > self.seen:
            self.seen = total
            return self.message
        return None


class BackAfterStroke:
    """True on the scan a cylinder is fully back after the program drove it out to its end switch
    with its own output `own` (a one-scan poke that never reaches the end switch is no stroke):
    the cause of "after a push, the belt goes again within T". One per run."""

    def __init__(self, name: str, own: str):
        self.name, self.own = name, own
        self.pushed = False

    def __call__(self, s) -> bool:
        rod = s.plant[self.name]
        if s.io[self.own] and rod.position >= rod.stroke:
            self.pushed = True
        elif self.pushed and rod.position <= 0.0:
            self.pushed = False
            return True
        return False


def turns_back_within(name: str, own: str, who: str, within_s: float, set_off_mm: float):
    """A cylinder held out at its end switch by its own output `own` is on its way back within
    `within_s`: it has moved `set_off_mm` back and goes on to fully back without extending again
    (a one-scan valve drop backs off a few mm and counts as nothing). Without it a program that
    times each stroke with a fixed delay at the top of the published range passes."""
    def at_end(s) -> bool:
        rod = s.plant[name]
        return bool(s.io[own]) and rod.position >= rod.stroke

    back = judges.Way(f"{who} going back", lambda s: s.plant[name].position, by=set_off_mm,
                      until=lambda s: s.plant[name].position <= 0.0)
    return judges.progress_within(
        f"{who} told back at its end switch", at_end, [back], within_s,
        late=lambda t: (f"{who} stayed out at its end switch from {t:g} s: not on its way back within "
                        f"{within_s:g} s"))


def belt_position(belt, part) -> tuple[float, float]:
    """Where a part lies on a conveyor: (mm along it from its infeed end, mm to the left of its
    centre line), for judges that ask whether a part is in front of a pusher or in a sweep."""
    x, y = part.xy()
    dx, dy = x - belt.x, y - belt.y
    return dx * belt.ux + dy * belt.uy + belt.half_length, dy * belt.ux - dx * belt.uy


def published_range(parameters, name: str) -> tuple[float, float]:
    """(low, high) of the published ParameterRange `name`, for a sampler that draws from it."""
    r = next(r for r in parameters if r.name == name)
    return r.low, r.high


class FromParams(judges.Judge):
    """A completion whose steps depend on the condition's parameters (how many orders the host
    sends, which one a change mid-ramp supersedes): `make(params)` builds the judge tree from
    shared judges at the first scan, and it is judged from then on. `waiting` is what
    `pending()` says before that.

        Completion(wording, lambda: FromParams(_steps_for, "the host's orders"), ...)
    """

    def __init__(self, make, waiting: str = ""):
        super().__init__()
        self.make, self.waiting = make, waiting
        self.inner: judges.Judge | None = None
        self.plant = None

    def bind(self, plant) -> None:
        self.plant = plant

    def update(self, s):
        if self.inner is None:
            self.inner = self.make(s.params)
            if self.plant is not None:
                self.inner.bind(self.plant)
        if self.inner.update(s):
            return self._finish(s)
        self.failed = self.inner.failed
        return False

    def events(self):
        return self.inner.events() if self.inner else []

    def pending(self):
        return "" if self.done else (self.inner.pending() if self.inner else self.waiting)


def operator_empties(key: str, chute: str, what: str):
    """A chute or lane that the operator empties at the condition's `key` parameter (seconds; no
    emptying when the condition has none): returns (disturbances(params), condition(name, seed,
    description, **params)), the sampler's disturbances and a Condition maker that adds them."""
    from sim.task import Condition, Disturbance

    def disturbances(params) -> list:
        t = params.get(key)
        if t is None:
            return []
        return [Disturbance(t, f"operator empties the {what}", lambda plant: plant[chute].empty())]

    def condition(name: str, seed: int, description: str, **params):
        return Condition(name, seed, params, description, disturbances=disturbances(params))

    return disturbances, condition


class HeldStillUnless(judges.Monitor):
    """Violated once a position leaves where it stood by more than `tolerance` while `allowed(s)`
    is false ("X and Y stand still unless Z is up"). Where it stood is taken again each time
    `allowed` stops holding; at power-up it is `start[name](s)` (a condition parameter: the first
    scan's plant step already ran the program's outputs). From position, never velocity, as the
    judging lessons ask: a hop inside one step counts. `positions` and `start` map a name ("X")
    to a reading (mm); `why(s)` says why motion was not allowed, for the message."""

    def __init__(self, allowed, positions: dict, start: dict, tolerance: float, why):
        self.allowed, self.positions, self.start = allowed, positions, start
        self.tolerance, self.why = tolerance, why
        self.held: dict[str, float] | None = None
        self.first = True

    def check(self, s):
        first, self.first = self.first, False
        if self.allowed(s):
            self.held = None
            return None
        if self.held is None:
            self.held = {n: (self.start[n](s) if first else pos(s)) for n, pos in self.positions.items()}
        for n, at in self.held.items():
            pos = self.positions[n](s)
            if abs(pos - at) > self.tolerance:
                return f"{n} moved from {at:.2f} mm to {pos:.2f} mm with {self.why(s)}"
        return None


class EachInTolerance(judges.Judge):
    """Done once `needed` measurements have each passed `check`; the first that fails it fails the
    judge (the run ends). `count(s)` says how many measurements the plant's log holds so far
    (pieces between cuts, seals made); `check(s, n)` measures number n (1-based) and returns None or
    the message of its miss. For a job whose every product is measured: a bad piece is scrap, not a
    retry."""

    def __init__(self, name: str, count, check, needed: int):
        super().__init__()
        self.name, self.count, self.check, self.needed = name, count, check, needed
        self.seen = 0

    def update(self, s):
        if self.done or self.failed:
            return self.done
        available = min(self.count(s), self.needed)
        while self.seen < available:
            self.seen += 1
            msg = self.check(s, self.seen)
            if msg:
                self.failed = msg
                return False
        if self.seen >= self.needed:
            return self._finish(s)
        return False

    def pending(self):
        if self.done:
            return ""
        return self.failed or f"{self.name} ({self.seen} so far)"


def table_index_way(name: str = "table", what: str = "the table") -> judges.Way:
    """A rotary indexing table (sim.devices.rotary.RotaryTable) really setting off on an index, as a
    Way for progress_within ("index within 0.5 s of the slide back"): its distance shrinks by one
    on the scan the table starts turning. An index edge always turns it a whole station, so no token
    can fake it; a table already turning when the cause comes has set off."""
    def distance(s) -> float:
        table = s.plant[name]
        return -(table.index_count + (1 if table.rotating else 0))

    return judges.Way(what, distance, by=1.0)


class MissEndsTheRun(judges.Judge):
    """A completion whose promptness watches (sim.judges.watched) end the run at the first miss,
    instead of running on to the time limit: a failing program then costs a few seconds of plant
    time in the battery instead of the whole limit (the test-suite budget). Use it only where the
    rule counterexamples trip their rules before any miss; the verdict is the same either way.

        completion=Completion(..., lambda: MissEndsTheRun(judges.watched(inner, *watches)), ...)
    """

    def __init__(self, inner):
        super().__init__()
        self.inner, self.name = inner, inner.name

    def bind(self, plant):
        self.inner.bind(plant)

    def update(self, s):
        if self.inner.update(s):
            return self._finish(s)
        miss = self.inner.failed or getattr(self.inner, "missed", None)
        if miss:
            self.failed = miss
        return False

    def events(self):
        return self.inner.events()

    def pending(self):
        return "" if self.done else (self.failed or self.inner.pending())


class _ClearedPart:
    """The part a station cleared to go, remembered from the scan it was cleared: `cleared(s)`
    names it (or None), `distance(s, name)` is its way still to go (None once it is gone)."""

    def __init__(self, cleared, distance):
        self.cleared, self.distance, self.name = cleared, distance, None

    def __call__(self, s) -> float:
        name = self.cleared(s)
        if name is not None:
            self.name = name
        if self.name is None:
            return 0.0
        left = self.distance(s, self.name)
        return 0.0 if left is None else left


def part_released(name: str, cleared, distance, *, within_s: float, by_mm: float, arrive_s, late,
                  way: str = "the cleared part moving off toward the exit", allowance_s=None) -> judges.Watch:
    """A station's release judged by progress: once `cleared(s)` names a part (the step that
    allowed it to go), that part must have moved `by_mm` toward its exit within `within_s`
    (plus `allowance_s(s)` where given, read when it is cleared: a settle time the condition
    sets), and go on to arrive (distance 0) within `arrive_s(s)`. `late(t)` words the miss."""
    left = _ClearedPart(cleared, distance)
    return judges.progress_within(
        name, lambda s: cleared(s) is not None,
        [judges.Way(way, left, by=by_mm, until=lambda s: left(s) <= 0.0, arrive_s=arrive_s)],
        within_s, allowance_s=allowance_s, late=late)


_velocity = _cp.cpBodyGetVelocity


def at_rest_against(part, stop_x: float, length: float, *, slack_mm: float = 3.0, still_mm_s: float = 5.0):
    """`part` if it is queued against a stop across a belt running toward +x (its front within
    `slack_mm` of `stop_x`, the part `length` mm long, and standing still: slower than `still_mm_s`),
    else None; a part passing the stop is not at rest against it.

        waiting = at_rest_against(front_part, HELD_FRONT, PART_LENGTH)
    """
    if part is None or part.xy()[0] + length / 2 < stop_x - slack_mm:
        return None
    v = _velocity(part._cpbody)      # part.body.velocity, without the wrapper's property and Vec2d
    vx, vy = v.x, v.y
    return part if vx * vx + vy * vy < still_mm_s * still_mm_s else None


def gantry_axes(plant, p, axes: dict, *, z_origin: tuple[float, float], window_mm: float) -> None:
    """The X, Y and Z servo drives of a palletizing gantry (MAT-M03, MAT-H06): `axes` maps "x", "y",
    "z" to ((limit_minus_mm, limit_plus_mm), label); speeds, starts and drive times from the
    condition's parameters (x_start_mm ..., xy_speed, xy_accel, z_speed, z_accel, settle_s,
    response_s); Z drawn as a height gauge at z_origin."""
    from sim.devices.axis import Axis

    for a, ((lo, hi), label) in axes.items():
        plant.add(
            Axis(
                a,
                origin=(0.0, 0.0) if a != "z" else z_origin,
                angle_deg=0.0 if a == "x" else 90.0,
                limit_minus_mm=lo,
                limit_plus_mm=hi,
                start_mm=p[f"{a}_start_mm"],
                max_speed=p["z_speed" if a == "z" else "xy_speed"],
                accel=p["z_accel" if a == "z" else "xy_accel"],
                window_mm=window_mm,
                settle_s=p["settle_s"],
                response_s=p["response_s"],
                carriage_length_mm=60.0,
                carriage_width_mm=70.0,
                rail_width_mm=30.0,
                label=label,
            )
        )


def gantry_axis_io(a: str, byte: int, axes: dict, *, window_mm: float) -> tuple[IOPoint, ...]:
    """The I/O points of one gantry axis (see gantry_axes) at %IX<byte>/%QX<byte>/%IW/%QW<byte>."""
    (lo, hi), what = axes[a]
    b, o, A = f"%IX{byte}", f"%QX{byte}", a.upper()
    named = axis_io(
        a,
        (f"{b}.0", "drive_ready"),
        (f"{b}.1", "in_position"),
        (f"{b}.2", "drive_fault"),
        (f"{o}.0", "drive_enable"),
        (f"{o}.2", "reset_fault"),
        window_mm=window_mm,
        limit_minus_mm=lo,
        limit_plus_mm=hi,
        what=what,
        prefix=f"{a}_",
    )
    height = " (the height of the head's pad above the floor)" if a == "z" else ""
    return (
        *named,
        IOPoint(f"%IW{byte}", f"{a}_actual_position", "INT", "input", a, "position",
                f"Actual {A} position{height}", "0.1 mm", f"{round(lo * 10)}..{round(hi * 10)}"),
        IOPoint(f"{o}.1", f"{a}_start_move", "BOOL", "output", a, "start",
                f"Rising edge starts a move of {A} to {a}_target_position at the drive's configured speed"),
        IOPoint(f"%QW{byte}", f"{a}_target_position", "INT", "output", a, "target",
                f"Target of {A}'s next move, taken at the start_move edge", "0.1 mm", f"0..{round(hi * 10)}"),
    )


def gantry_lifts_within(sealed, by_mm: float, within_s: float):
    """Promptness of a palletizing gantry's pick (MAT-M03, MAT-H06): once `sealed(s)` (vacuum_ok on a
    carton not yet taken), Z (s.devices.z) must rise `by_mm` within `within_s`, by progress."""
    return judges.progress_within(
        "Z lifts the carton",
        sealed,
        [judges.Way(f"Z rising {by_mm:g} mm", lambda s: -s.devices.z.pos, by=by_mm)],
        within_s,
        late=lambda t: (
            f"vacuum_ok came on a carton at {t:g} s but Z had not risen {by_mm:g} mm {within_s:g} s later"
        ),
    )


def gantry_xy_still_below(clear_z_mm: float, still_mm: float):
    """A palletizing gantry's X and Y (s.devices.x, .y) stand still while Z is under its clear height
    (MAT-M03, MAT-H06); where they stood at power-up from x_start_mm and y_start_mm."""
    return HeldStillUnless(
        lambda s: s.devices.z.pos >= clear_z_mm - 1e-6,
        {"X": lambda s: s.devices.x.pos, "Y": lambda s: s.devices.y.pos},
        {"X": lambda s: s.params["x_start_mm"], "Y": lambda s: s.params["y_start_mm"]},
        still_mm,
        lambda s: f"Z at {s.devices.z.pos:.0f} mm (below {clear_z_mm:g} mm)",
    )


class FirstBadRelease(judges.Monitor):
    """A palletizer head's let-goes (its `released` log of (time s, carton number, error mm or None
    with no pallet under it)) judged each once, in order, since the log only grows; the first bad
    one is the message from then on. `bad_release` words a bad let-go, or returns None."""

    def __init__(self):
        self.looked = 0
        self.bad: str | None = None

    def bad_release(self, when: float, number: int, err: float | None) -> str | None:
        raise NotImplementedError

    def check(self, s):
        if self.bad is None:
            released = s.devices.head.released
            while self.looked < len(released):
                when, number, err = released[self.looked]
                self.looked += 1
                self.bad = self.bad_release(when, number, err)
                if self.bad is not None:
                    break
        return self.bad
