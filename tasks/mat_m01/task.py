"""MAT-M01 Zipper merge of two lines.

Two infeed lanes, A and B, run side by side onto one wide merge belt; a stopper at the head of
each lane holds its queue; angled guide rails over the merge belt (sim.devices.merge_funnel)
funnel both lanes into one channel that runs on to a downstream machine. The program lets one
part at a time into the merge zone (from the stoppers to the merge exit eye past the funnel's
neck), alternating between the lanes while both have a part waiting, letting the other lane flow
while one is empty, and holding while the downstream machine is full.

Changed from the catalog, and why:
- the lanes run side by side into a funnel rather than side-feeding onto a merge belt: parts
  pushed in from the side do not follow the belt in the physics; funnelled lanes do;
- the merge belt runs 3.3 x faster than the lanes and the stoppers stand where a held part's
  centre is already on it, so a released part pulls away from the queue and the stopper can close
  into the gap behind it (one part per opening), as in a real zipper merge;
- "hold while full": the downstream machine is busy for a few seconds after some of the parts it
  takes; the program holds the releases and stops the merge belt with a part at its end eye while
  it is busy (a part pushed into a busy machine fails the condition);
- the release window is 0.5 s plus the stopper's stroke time (0.1-0.3 s, not known) from the
  moment the zone is clear with a part waiting; the early side is S1 (one part in the zone).
  A lane waiting more than 10 s is S3: strict alternation (the catalog's trap) waits on a dry lane.

Judged by what the plant does: deliveries are distinct parts taken by the downstream machine, by
kind; the alternation is judged on the order parts enter the merge zone; the release by the part
really moving off (sim.judges.progress_within).
"""

from __future__ import annotations

import random

from pymunk._chipmunk_cffi import lib as _cp

from sim import judges
from sim.devices.conveyor import Conveyor
from sim.devices.downstream import Downstream
from sim.devices.merge_funnel import MergeFunnel
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

_velocity = _cp.cpBodyGetVelocity

PER_LANE = 8
PART_LENGTH, PART_WIDTH = 160.0, 100.0
LANE_WIDTH, LANE_Y = 170.0, 95.0
LANE_START, JUNCTION = 400.0, 1200.0      # x of the lanes' start and of the hand-over to the merge belt
MERGE_LENGTH, MERGE_WIDTH = 1300.0, 380.0
SPEED_RATIO = 0.3                         # lane speed / merge belt speed
PLATE_X = 1270.0                          # the stopper plates' centre line
PLATE_W = 12.0
HELD_FRONT = PLATE_X - PLATE_W / 2
ZONE_FROM = PLATE_X + PLATE_W / 2         # a part whose front is past this line is in the merge zone
WAIT_EYE_X, PASSED_EYE_X = 1250.0, 1290.0
FUNNEL_START, NECK, NECK_WIDTH = 1300.0, 1700.0, 120.0
EXIT_EYE_X = 1760.0                       # the merge zone ends here
END_EYE_X = 2350.0
DOWNSTREAM_X = JUNCTION + MERGE_LENGTH
RELEASE_S = 0.5
WAIT_LIMIT_S = 10.0
BOTH_WAITED_S = 0.5                       # a part at rest at its stopper this long counts as waiting
HOLD_S = 2.0
LANES = ("a", "b")


def _lane_y(lane: str) -> float:
    return LANE_Y if lane == "a" else -LANE_Y


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    v = float(p["merge_speed"])
    lane_len = JUNCTION - LANE_START
    for lane in LANES:
        y = _lane_y(lane)
        plant.add(Conveyor(f"lane_{lane}", LANE_START + lane_len / 2, y, length=lane_len, width=LANE_WIDTH,
                           speed=v * SPEED_RATIO, ramp_s=0.1))
    merge = plant.add(Conveyor("merge_belt", JUNCTION + MERGE_LENGTH / 2, 0.0, length=MERGE_LENGTH,
                               width=MERGE_WIDTH, speed=v, ramp_s=0.1))
    plant.add(MergeFunnel("funnel", merge, start_mm=FUNNEL_START - JUNCTION, neck_mm=NECK - JUNCTION,
                          end_mm=MERGE_LENGTH, neck_width=NECK_WIDTH))
    depth = 150.0
    for lane in LANES:
        sign = 1.0 if lane == "a" else -1.0
        mount = sign * (MERGE_WIDTH / 2 + 10.0 + depth)
        reach = LANE_Y + LANE_WIDTH / 2 - 10.0            # the plate's far edge 10 mm short of the lane edge
        plant.add(Stopper(f"stop_{lane}", PLATE_X, mount, angle_deg=-90.0 * sign, plate_width=PLATE_W,
                          plate_depth=depth, stroke=abs(mount) - reach, extend_s=p["stopper_s"],
                          retract_s=p["stopper_s"], start_extended=True))
        y0, y1 = sign * (LANE_Y + LANE_WIDTH / 2), sign * (LANE_Y - LANE_WIDTH / 2)   # label outside
        plant.add(PhotoEye(f"{lane}_waiting", WAIT_EYE_X, y0, WAIT_EYE_X, y1, live_at_power_up=True))
    edge = LANE_Y + LANE_WIDTH / 2
    plant.add(PhotoEye("passed", PASSED_EYE_X, -edge, PASSED_EYE_X, edge))
    plant.add(PhotoEye("exit_eye", EXIT_EYE_X, -NECK_WIDTH / 2, EXIT_EYE_X, NECK_WIDTH / 2))
    plant.add(PhotoEye("end_eye", END_EYE_X, -NECK_WIDTH / 2, END_EYE_X, NECK_WIDTH / 2))
    plant.add(Downstream("downstream", DOWNSTREAM_X, -120.0, DOWNSTREAM_X + 200.0, 120.0,
                         busy_s=tuple(p["busy_s"]), label="downstream machine"))
    for lane, kind, colour in (("a", "A", "blue"), ("b", "B", "green")):
        spec = dict(part_kind=kind, colour=colour, material="plastic", width=PART_WIDTH, length=PART_LENGTH)
        y = _lane_y(lane)
        times = list(p[f"arrivals_{lane}"])
        if p.get(f"{lane}_at_stop"):
            plant.add(Workpiece(f"{lane}0", HELD_FRONT - PART_LENGTH / 2, y, **spec))
        plant.add(Feeder(f"feed_{lane}", LANE_START + PART_LENGTH / 2 + 10.0, y, [(t, spec) for t in times],
                         prefix=lane))
    return plant


# --- judges -----------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.downstream = plant.device("downstream", Downstream)
        self.stops = {lane: plant.device(f"stop_{lane}", Stopper) for lane in LANES}
        self.flow = self.downstream.flow
        self.at = -1
        self.fronts: dict[str, Workpiece | None] = {}     # each lane's first part not yet in the zone
        self.waiting: dict[str, Workpiece | None] = {}    # the front part if it stands at its stopper
        self.in_zone = 0
        self.entered: list[tuple[float, str]] = []         # (time_s, lane) as parts enter the zone
        self.entered_from: dict[str, int] = {}             # lane -> how many of `entered` came from it
        self._seen: set[str] = set()
        self.delivered: dict[str, list[str]] = {"a": [], "b": []}   # parts taken by the machine, by lane
        self._taken = 0

    def update(self, s) -> None:
        """Worked out once per scan (several judges ask): the lanes' front parts, the zone's count
        and the parts entering it."""
        self.at = s.time_ms
        front_a = front_b = None
        best_a = best_b = -1e9
        n = 0
        half = _HALF_LENGTH
        seen = self._seen
        tick = s.plant.tick
        for part in self.flow.parts:
            x, y = part._xy if part._xy_tick == tick else part.xy()     # xy(), its cache in line
            if x + half > ZONE_FROM:
                if x - half < EXIT_EYE_X:
                    n += 1
                if part.name not in seen:
                    seen.add(part.name)
                    lane = part.name[0]
                    self.entered.append((s.time_s, lane))
                    self.entered_from[lane] = self.entered_from.get(lane, 0) + 1
                continue
            if y > 0:
                if x > best_a:
                    best_a, front_a = x, part
            elif x > best_b:
                best_b, front_b = x, part
        self.fronts, self.in_zone = {"a": front_a, "b": front_b}, n
        self.waiting = {"a": _at_rest_at_stopper(front_a), "b": _at_rest_at_stopper(front_b)}
        received = self.downstream.received
        while self._taken < len(received):
            name = received[self._taken][1]
            self.delivered[name[0]].append(name)
            self._taken += 1


_HALF_LENGTH = PART_LENGTH / 2


def _at_rest_at_stopper(part: Workpiece | None) -> Workpiece | None:
    if part is None or part.xy()[0] + _HALF_LENGTH < HELD_FRONT - 3.0:
        return None
    v = _velocity(part._cpbody)         # part.body.velocity without pymunk's wrapper, every scan
    vx, vy = v.x, v.y
    return part if vx * vx + vy * vy < 25.0 else None


def _line(s) -> _Line:
    line = s.devices
    if line.at != s.time_ms:
        line.update(s)
    return line


def _waiting(s, lane: str) -> Workpiece | None:
    """The lane's front part if it stands at rest against its stopper."""
    return _line(s).waiting[lane]


def _zone_free_to_release(s) -> bool:
    line = _line(s)
    return (line.in_zone == 0 and line.downstream.ready
            and (_waiting(s, "a") is not None or _waiting(s, "b") is not None))


def _entered(lane: str):
    """Minus the parts of the lane that have entered the merge zone so far: it shrinks by 1 as one
    enters (the release really happened, whatever the stopper did)."""
    return lambda s: -_line(s).entered_from.get(lane, 0)


def _release_watch() -> judges.Watch:
    ways = [judges.Way(f"a part of lane {lane.upper()} entering the merge zone", _entered(lane), by=1.0)
            for lane in LANES]
    return judges.progress_within(
        "a waiting part let go", _zone_free_to_release, ways, RELEASE_S,
        allowance_s=lambda s: s.params["stopper_s"],
        late=lambda t: (f"at {t:g} s the merge zone was clear, the downstream machine ready and a part "
                        f"waited at a stopper, but no part had entered the zone {RELEASE_S:g} s + the "
                        "stopper's stroke time later"))


class _Zipper(judges.Watch):
    """Written for this task: the lane order of the parts entering the merge zone: a lane may not
    send two in a row while the other lane's part had waited at its stopper (no shared judge
    knows a zipper's fairness)."""

    def __init__(self):
        self.checked = 0
        self.since: dict[str, int | None] = {"a": None, "b": None}

    def check(self, s):
        line = _line(s)
        for lane in LANES:
            if _waiting(s, lane) is None:
                self.since[lane] = None
            elif self.since[lane] is None:
                self.since[lane] = s.time_ms
        while self.checked < len(line.entered):
            t, lane = line.entered[self.checked]
            prev = line.entered[self.checked - 1][1] if self.checked else None
            self.checked += 1
            other = "b" if lane == "a" else "a"
            waited = self.since[other]
            if prev == lane and waited is not None and s.time_ms - waited >= round(BOTH_WAITED_S * 1000):
                return (f"at {t:g} s lane {lane.upper()} sent a second part in a row while lane "
                        f"{other.upper()}'s part had waited at its stopper since {waited / 1000:g} s")
        return None


class _NotIntoABusyMachine(judges.Watch):
    """Written for this task: a part pushed into the downstream machine while it is busy (Downstream
    logs it) cannot be undone."""

    def check(self, s):
        dm = _line(s).downstream
        if dm.entered_not_ready:
            return f"{dm.entered_not_ready[0]} ran into the downstream machine while it was busy (full)"
        return None


def _delivered(kind: str):
    return lambda s: _line(s).delivered[kind]


def _stoppers_out(s) -> bool:
    return all(st.read("extended") for st in s.devices.stops.values())


END_STATE = "both stoppers out (extended)"

COMPLETION = Completion(
    f"{PER_LANE} parts of lane A and {PER_LANE} of lane B taken by the downstream machine, none run into it "
    f"while it was busy; then {END_STATE}, held for {HOLD_S:g} s. On the way: parts enter the merge zone "
    f"in zipper order (a lane never sends two in a row while the other lane's part has waited at its "
    f"stopper for {BOTH_WAITED_S:g} s or more); and whenever the merge zone is clear, the downstream "
    f"machine ready and a part waits at a stopper, a part enters the merge zone (its front passes the "
    f"stopper plates) within {RELEASE_S:g} s plus the stopper's stroke time. A part run into the busy "
    "machine, a part out of zipper order or a missed release ends the run.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(
            judges.all_of(*(judges.distinct(f"{PER_LANE} parts of lane {k} delivered", _delivered(k.lower()),
                                            PER_LANE) for k in ("A", "B"))),
            judges.held(END_STATE, _stoppers_out, HOLD_S)),
        _release_watch(), _Zipper(), _NotIntoABusyMachine(), name="zipper merge")),
    keep=_stoppers_out, keep_wording=END_STATE + ".",
)


class _OneInTheZone(judges.Monitor):
    def check(self, s):
        n = _line(s).in_zone
        return f"{n} parts in the merge zone at once" if n > 1 else None


class _StopperOntoPart(judges.Monitor):
    """Written for this task: a stopper moving out while a part lies across its plate's line in
    its lane (judged from the plate's stroke and the parts' outlines, whether or not it touches)."""

    def __init__(self):
        self.last = {"a": None, "b": None}

    def check(self, s):
        line = _line(s)
        msg = None
        for lane in LANES:
            pos = line.stops[lane].position
            last, self.last[lane] = self.last[lane], pos
            if last is None or pos <= last:
                continue
            for part in line.flow.parts:
                x, y = part.xy()
                if ((y > 0) == (lane == "a") and x - PART_LENGTH / 2 < PLATE_X + PLATE_W / 2
                        and x + PART_LENGTH / 2 > PLATE_X - PLATE_W / 2):
                    msg = f"stopper {lane.upper()} moved out onto {part.name}"
        return msg


class _LaneWaits:
    def __init__(self, lane: str):
        self.lane = lane

    def __call__(self, s) -> bool:
        return _waiting(s, self.lane) is not None


SAFETY = [
    SafetyRule("MAT-M01-S1", "At most one part is in the merge zone at any time (from the moment its front "
               "passes the stopper plates until its tail has left exit_eye).", _OneInTheZone()),
    SafetyRule("MAT-M01-S2", "A stopper moves out only while no part of its lane lies across the line of its "
               "plate.", _StopperOntoPart()),
    SafetyRule("MAT-M01-S3", f"No part waits at a stopper (at rest against it) for more than "
               f"{WAIT_LIMIT_S:g} s.", judges.waits_at_most(
                   WAIT_LIMIT_S, [(f"lane {k.upper()}", _LaneWaits(k), lambda s: False) for k in LANES],
                   message=lambda name, limit: f"a part of {name} waited more than {limit:g} s")),
]


# --- I/O --------------------------------------------------------------------------------------

def _lane_io(lane: str, n: int) -> list[IOPoint]:
    L = lane.upper()
    return [
        IOPoint(f"%IX0.{n}", f"stop_{lane}_extended", "BOOL", "input", f"stop_{lane}", "extended",
                f"stopper {L} fully out (holding lane {L})"),
        IOPoint(f"%IX0.{n + 1}", f"stop_{lane}_retracted", "BOOL", "input", f"stop_{lane}", "retracted",
                f"stopper {L} fully back"),
    ]


def _waiting_eye(lane: str, n: int) -> IOPoint:
    return IOPoint(f"%IX0.{n}", f"{lane}_waiting", "BOOL", "input", f"{lane}_waiting", "blocked",
                   f"photo-eye across lane {lane.upper()} {HELD_FRONT - WAIT_EYE_X:g} mm before its stopper "
                   "plate, TRUE while a part blocks it (a part stands at the stopper, or is passing)")


IO = [
    _waiting_eye("a", 0), _waiting_eye("b", 1),
    IOPoint("%IX0.2", "passed", "BOOL", "input", "passed", "blocked",
            f"photo-eye across both lanes' tracks {PASSED_EYE_X - PLATE_X - PLATE_W / 2:g} mm past the "
            "stopper plates, TRUE while a part blocks it: its falling edge = the released part's tail is "
            "clear of the plate"),
    *_lane_io("a", 3), *_lane_io("b", 5),
    IOPoint("%IX1.0", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            "photo-eye across the merged channel at the end of the merge zone, TRUE while a part blocks it: "
            "its falling edge = that part's tail has left the merge zone"),
    IOPoint("%IX1.1", "end_eye", "BOOL", "input", "end_eye", "blocked",
            f"photo-eye {DOWNSTREAM_X - END_EYE_X:g} mm before the merge belt's end, TRUE while a part "
            "blocks it"),
    IOPoint("%IX1.2", "downstream_full", "BOOL", "input", "downstream", "busy",
            "TRUE while the downstream machine is full (busy) and can take no part; FALSE = ready"),
    IOPoint("%QX0.0", "lane_a_run", "BOOL", "output", "lane_a", "run", "TRUE runs lane A's belt"),
    IOPoint("%QX0.1", "lane_b_run", "BOOL", "output", "lane_b", "run", "TRUE runs lane B's belt"),
    IOPoint("%QX0.2", "merge_run", "BOOL", "output", "merge_belt", "run", "TRUE runs the merge belt"),
    IOPoint("%QX0.3", "stop_a_extend", "BOOL", "output", "stop_a", "extend",
            "stopper A valve (single solenoid): TRUE extends it across lane A, FALSE retracts it"),
    IOPoint("%QX0.4", "stop_b_extend", "BOOL", "output", "stop_b", "extend",
            "stopper B valve (single solenoid): TRUE extends it across lane B, FALSE retracts it"),
]

SPEC = f"""\
Two lanes, A and B, run side by side onto the merge belt; each lane's parts ({PART_LENGTH:.0f} mm long,
{PART_WIDTH:.0f} mm wide) queue against its stopper, whose plate stands where a held part's front already
lies on the merge belt. The merge belt runs {1 / SPEED_RATIO:.1f} x faster than the lanes: a part let go
pulls away from the queue, and the gap behind it lets the stopper go out again after it (when
passed turns FALSE the released part's tail is clear of the plate; the next part's front is then
at least 80 mm short of it). Angled guide rails funnel both lanes into one channel; the merge zone runs
from the stopper plates to exit_eye, past the funnel's neck: let one part at a time into it, the next
only once the last has left it (exit_eye's falling edge).

Zipper order: while both lanes have a part waiting, let them go alternately (A, B, A, B ...); a lane
with no part waiting is skipped, and the other lane's parts flow one after the other. Parts come in
bursts, and a lane may stay dry for a long while. The merge belt runs on to the downstream machine,
which is busy for a few seconds after some of the parts it takes (downstream_full TRUE): then let no
part go, and stop the merge belt before a part reaches its end (end_eye) until the machine is ready
again; a part run into the busy machine fails the condition.

At power-up the belts stand still, both stoppers are out, and a part may already stand at either
stopper. Run both lanes while parts are to come. After {PER_LANE} parts of each lane have gone into the
downstream machine, keep both stoppers out."""

PLANT = f"""\
Top view, millimetres. Lane A runs along y = +{LANE_Y:.0f}, lane B along y = -{LANE_Y:.0f}, from
x = {LANE_START:.0f} to x = {JUNCTION:.0f}; the merge belt ({MERGE_WIDTH:.0f} mm wide) from there to
x = {DOWNSTREAM_X:.0f}, where the downstream machine takes the parts. The stopper plates stand at
x = {PLATE_X:.0f}; the {{lane}}_waiting eyes at x = {WAIT_EYE_X:.0f}, the passed eye at
x = {PASSED_EYE_X:.0f}; the guide rails close from the belt's edges at x = {FUNNEL_START:.0f} to a
{NECK_WIDTH:.0f} mm channel at x = {NECK:.0f}; exit_eye at x = {EXIT_EYE_X:.0f}, end_eye at
x = {END_EYE_X:.0f}."""


# --- conditions --------------------------------------------------------------------------------

PARAMETERS = [
    ParameterRange("merge_speed", 300, 500, "mm/s", "merge belt speed (the lanes run at 0.3 x it)"),
    ParameterRange("stopper_s", 0.1, 0.3, "s", "stopper stroke time (each way)"),
    ParameterRange("arrivals_a", 0.0, 60.0, "s", "times lane A's parts are handed on to its belt's start"),
    ParameterRange("arrivals_b", 0.0, 60.0, "s", "times lane B's parts are handed on to its belt's start"),
    ParameterRange("busy_s", 0.0, 5.0, "s",
                   "how long the downstream machine is busy after each part it takes"),
    ParameterRange("a_at_stop", 0, 1, "", "1 = a part of lane A stands at its stopper at power-up"),
    ParameterRange("b_at_stop", 0, 1, "", "1 = a part of lane B stands at its stopper at power-up"),
]


def _busy(spells: dict[int, float]) -> list[float]:
    return [spells.get(k, 0.0) for k in range(2 * PER_LANE)]


def _cond(name, seed, description, *, a, b, a_at_stop, b_at_stop, **params):
    return Condition.of(name, seed, description, arrivals_a=a, arrivals_b=b, a_at_stop=a_at_stop,
                        b_at_stop=b_at_stop, **params)


CONDITIONS = [
    _cond("nominal", 81, "both lanes steady, parts at both stoppers, one full spell", merge_speed=400,
          stopper_s=0.2, a=[1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0], b=[0.5, 2.5, 4.5, 6.5, 8.5, 10.5, 12.5],
          busy_s=_busy({5: 4.0}), a_at_stop=1, b_at_stop=1),
    _cond("b_dry_spell", 82, "lane B dry for 25 s after two parts: lane A must flow alone", merge_speed=450,
          stopper_s=0.15, a=[0.0, 1.5, 3.0, 4.5, 6.0, 7.5, 9.0, 10.5],
          b=[1.0, 3.0, 30.0, 31.0, 32.0, 33.0, 34.0], busy_s=_busy({9: 3.0}), a_at_stop=0, b_at_stop=1),
    _cond("a_late_bursts", 83, "lane A comes in two late bursts, slow belt, slow stoppers", merge_speed=300,
          stopper_s=0.3, a=[14.0, 15.0, 16.0, 17.0, 35.0, 36.0, 37.0, 38.0],
          b=[0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0], busy_s=_busy({2: 5.0, 11: 2.0}), a_at_stop=0, b_at_stop=1),
    _cond("bursty_both", 84, "both lanes in bursts, fast belt, quick stoppers, long full spells",
          merge_speed=500, stopper_s=0.1, a=[0.0, 0.5, 1.0, 1.5, 20.0, 20.5, 21.0, 21.5],
          b=[0.2, 0.7, 1.2, 10.0, 10.5, 11.0, 11.5], busy_s=_busy({3: 5.0, 7: 4.5, 12: 5.0}),
          a_at_stop=0, b_at_stop=1),
    _cond("mixed", 85, "middle speed, a part at A only at power-up, gaps in both lanes", merge_speed=350,
          stopper_s=0.25, a=[2.0, 8.0, 9.0, 10.0, 25.0, 26.0, 40.0],
          b=[0.0, 1.0, 5.0, 6.0, 18.0, 19.0, 20.0, 30.0],
          busy_s=_busy({0: 2.5, 6: 3.5}), a_at_stop=1, b_at_stop=0),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def _bursts(rng: random.Random, n: int) -> list[float]:
    """n arrival times: bursts of 1-4 parts 0.5-2 s apart, separated by pauses of 2-25 s (a lane
    may stay dry for a long while), all within the published 0-60 s."""
    times, t = [], rng.uniform(0.0, 5.0)
    while len(times) < n:
        for _ in range(min(n - len(times), rng.randint(1, 4))):
            times.append(round(t, 2))
            t += rng.uniform(0.5, 2.0)
        t += rng.uniform(2.0, 25.0)
    last = _range("arrivals_a")[1]
    if times[-1] > last:       # squeeze a late stream into the range, keeping its order and spacing
        times = [round(x * last / times[-1], 2) for x in times]
    return times


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample): speed and stopper time uniform;
    each lane's arrivals in bursts (_bursts), one fewer when a part stands at its stopper at
    power-up (each lane one time in two); the downstream busy after 0-3 of the parts it takes, each
    spell 1-5 s, no wait otherwise."""
    params = dict(merge_speed=rng.randint(*map(int, _range("merge_speed"))),
                  stopper_s=round(rng.uniform(*_range("stopper_s")), 2))
    for lane in LANES:
        at = int(rng.random() < 0.5)
        params[f"{lane}_at_stop"] = at
        params[f"arrivals_{lane}"] = _bursts(rng, PER_LANE - at)
    spells = {rng.randrange(2 * PER_LANE): round(rng.uniform(1.0, 5.0), 2) for _ in range(rng.randint(0, 3))}
    params["busy_s"] = _busy(spells)
    description = (f"merge {params['merge_speed']} mm/s, stopper {params['stopper_s']:g} s, "
                   f"{len(spells)} full spells")
    return dict(params=params, description=description)


TASK = Task(
    id="MAT-M01", title="Zipper merge of two lines", suite="MAT", level="M",
    summary="Let parts of two lanes into one merge zone one at a time, in zipper order, skipping an empty "
            "lane, holding while the downstream machine is full.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=110.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
