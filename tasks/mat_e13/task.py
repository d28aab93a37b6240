"""MAT-E13 Jam detection by transit time.

A transfer belt carries parts from an entry eye to an exit eye 1000 mm on. Now and then a
part catches and sticks (mid-belt or right under the exit eye) or falls off and vanishes. The
program times every part on the belt: a part that has not reached the exit after 1.5 x the
transit is a jam; so is an exit eye blocked for 2 s. On a jam it stops the belt, lights red and
sounds the buzzer, and waits for the operator, who clears the belt and presses Reset. Belt
speed, arrivals, the faults and the operator's answer time vary (sample_condition).

Changes from the catalog entry, and why:
- Transit is measured in belt travel, not time: the belt stands during a jam and ramps, so
  "1.5 x transit" is 1500 mm of belt travel since the part passed the entry eye (the belt
  reports its speed, speed_actual, for the program to integrate or divide by). A program that
  times at full speed is off only by the ramp, which the rule's 60 mm allows.
- After Reset the parts then on the belt are no longer timed: the operator has cleared the belt,
  and parts that queued against a stuck one lie pushed together, where no eye can tell them
  apart (a count of exit-eye edges cannot match them). Only parts entering after it are timed.
- The early side of the catalog's two-sided window (no stop before 1.2 x transit) is part of
  the completion: a belt stopped, or red lit, with no part overdue by 1200 mm and no exit
  blocked for 1.5 s is no jam detection but a guess.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.attendant import Attendant
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.panel import PushButton, StackLight
from sim.devices.sensors import PhotoEye
from sim.devices.snag import BeltSnag
from sim.devices.workpiece import Feeder, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import published_range

BELT_LENGTH, FEED_AT, ENTRY_AT, EXIT_AT = 1250.0, 40.0, 100.0, 1100.0
TRANSIT_MM = EXIT_AT - ENTRY_AT
OVERDUE_MM = 1.5 * TRANSIT_MM        # a part not out after this much belt travel: jam
EARLY_MM = 1.2 * TRANSIT_MM          # no jam may be declared before a part has ridden this far
EXIT_BLOCKED_S = 2.0                 # an exit eye blocked this long: jam
EARLY_EXIT_S = 1.5
STOP_WITHIN_MM = 60.0                # after a jam, the belt at standstill within this much more travel
STOP_AFTER_MM = 1500.0               # the belt stopped within this much travel after the last part out
RED_WITHIN_S = 0.3
PART_MM = 80.0
PART = dict(part_kind="A", colour="blue", width=50.0, length=PART_MM)
HOLD_S = 2.0
RESTART_GRACE_MS = 300               # after Reset, the program has this long to run on and put red off


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=speed,
                              max_speed=speed, ramp_s=0.1))
    t, schedule = p["first_arrival_s"], []
    for gap in [0.0, *p["arrival_gap_s"]]:
        t += gap
        schedule.append((round(t, 3), dict(PART)))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, paced_by=("belt", "running"),
                     clearance_mm=40.0))
    plant.add(PhotoEye.across(belt, "entry_eye", ENTRY_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "exit_eye", EXIT_AT, live_at_power_up=True))
    plant.add(BeltSnag("snag", belt, faults=[tuple(f) for f in p.get("faults", ())]))
    plant.add(Chute("outfeed", BELT_LENGTH + 5, -90, BELT_LENGTH + 200, 90, label="outfeed"))
    plant.add(StackLight("tower", x=300.0, y=-260.0, label="stack light"))
    plant.add(PushButton("reset_button", x=450.0, y=-260.0, label="Reset", color="blue"))
    plant.add(Attendant("operator", lamp="tower", light="red", button="reset_button",
                        answer_s=tuple(p["answer_s"]), clears="snag", x=700.0, y=-230.0))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges read, and the jam state as the plant makes it (tally(s), once per
    scan): each part is followed from its centre passing the entry eye, by the belt travel
    since then (reset for the parts still aboard at each Reset); a jam begins when one has
    ridden OVERDUE_MM without getting out, or the exit eye has been blocked EXIT_BLOCKED_S."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.exit_eye = plant.device("exit_eye", PhotoEye)
        self.snag = plant.device("snag", BeltSnag)
        self.outfeed = plant.device("outfeed", Chute)
        self.flow = material_flow(plant)
        self.start = self.belt.x - self.belt.half_length
        self.scan = -1
        self.ref: dict[str, float] = {}       # part -> belt travel when it entered (or at the last Reset)
        self.out: set[str] = set()            # parts that got out past the exit
        self.reached: set[str] = set()        # parts whose front reached the exit eye
        self.untimed: set[str] = set()        # parts on the belt at a Reset: no longer timed
        self.reset_ms: int | None = None      # the last valid Reset
        self.exit_since: int | None = None
        self.jammed_at: int | None = None     # time_ms of the jam, until Reset
        self.jam_odometer = 0.0
        self.stood_since_jam = False
        self.resets = 0
        self.worst = 0.0                      # the most travel of a part aboard (mm), for the rules
        self.exit_blocked_ms = 0
        self._reset_was = False
        self._red_was = False

    def tally(self, s) -> _Line:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        odo = self.belt.travelled
        on_belt = set()
        for part in self.flow.parts:
            name = part.name
            on_belt.add(name)
            if name in self.out:
                continue
            front = part.xy()[0] - self.start + PART_MM / 2
            if (name not in self.ref and name not in self.reached and name not in self.untimed
                    and ENTRY_AT <= front < EXIT_AT):
                self.ref[name] = odo
            if front >= EXIT_AT and name not in self.reached:
                self.reached.add(name)            # its front has reached the exit eye: not overdue
                self.ref.pop(name, None)
            if front - PART_MM > EXIT_AT:
                self.out.add(name)                # gone out past the exit eye
        self.worst = max((odo - r for r in self.ref.values()), default=0.0)
        if self.exit_eye.detected:
            if self.exit_since is None:
                self.exit_since = s.time_ms
        else:
            self.exit_since = None
        self.exit_blocked_ms = 0 if self.exit_since is None else s.time_ms - self.exit_since
        if self.jammed_at is None and (self.worst >= OVERDUE_MM
                                       or self.exit_blocked_ms >= round(EXIT_BLOCKED_S * 1000)):
            self.jammed_at, self.jam_odometer, self.stood_since_jam = s.time_ms, odo, False
        if self.jammed_at is not None and self.belt.velocity == 0.0:
            self.stood_since_jam = True
        pressed = bool(s.io["reset"])
        # a Reset pressed while red was on (as the program left it in the scan before)
        if pressed and not self._reset_was and self.jammed_at is not None and self._red_was:
            self.jammed_at = None
            self.resets += 1
            self.reset_ms = s.time_ms
            # the operator has cleared the belt: the parts on it now are no longer timed (they may
            # lie pushed together behind a stuck one, where no eye can tell them apart)
            self.untimed.update(self.ref)
            self.untimed.update(p.name for p in self.flow.parts)
            self.ref = {}
            self.exit_since = s.time_ms if self.exit_eye.detected else None
        self._reset_was = pressed
        self._red_was = bool(s.io["red"])
        return self

    @property
    def free_parts(self) -> int:
        return len(self.out)


def _line(s) -> _Line:
    return s.devices.tally(s)


def _faults(s) -> int:
    return len(s.params.get("faults", ()))


def _delivered(s) -> bool:
    line = _line(s)
    parts = 1 + len(s.params["arrival_gap_s"])
    # nothing on the belt still to go out (a part just put down has not reached the entry eye yet)
    waiting = any(p.name not in line.out and p.name not in line.untimed for p in line.flow.parts)
    return (len(line.out) >= parts - _faults(s) and not line.ref and line.jammed_at is None
            and bool(s.io["upstream_done"]) and not waiting)


def _end_state(s) -> bool:
    return _line(s).belt.velocity == 0.0 and not s.io["belt_run"] and not s.io["red"] and not s.io["buzzer"]


class JamGuessed(judges.Watch):
    """The early side of the window: the belt stopped (belt_run FALSE) or red lit while a part
    timed since the last Reset is on its way to the exit eye, with no jam (no part has ridden
    EARLY_MM without getting out, no exit eye blocked
    EARLY_EXIT_S) and none waiting for Reset. Written for this task: 'no stop before 1.2 x
    transit' is a condition on the plant's own state, which no shared judge follows."""

    def check(self, s):
        line = _line(s)
        if line.jammed_at is not None or not line.ref or _delivered(s):
            return None
        if line.reset_ms is not None and s.time_ms - line.reset_ms <= RESTART_GRACE_MS:
            return None                       # the program answering the Reset
        if line.worst >= EARLY_MM or line.exit_blocked_ms >= round(EARLY_EXIT_S * 1000):
            return None
        if not s.io["belt_run"] or s.io["red"]:
            return (f"the belt stopped or red came on at {s.time_s:g} s with a part on the belt and no jam "
                    f"(the farthest part had ridden {line.worst:.0f} mm of the {OVERDUE_MM:.0f} mm)")
        return None


class StopsWithin(judges.Judge):
    """Done when the belt is at standstill, failed once it has run STOP_WITHIN_TRAVEL_MM since the
    step began (every free part out): a belt that runs on empty on a clock does not finish.
    Written for this task: the window is belt travel, not time, as the program can only tell
    that the belt is empty by a belt length of travel with no part seen."""

    name = f"the belt at standstill within {STOP_AFTER_MM:.0f} mm of travel after the last part out"

    def __init__(self):
        super().__init__()
        self.from_mm: float | None = None

    def update(self, s):
        if self.done or self.failed:
            return self.done
        belt = _line(s).belt
        if self.from_mm is None:
            self.from_mm = belt.travelled
        if belt.velocity == 0.0:
            return self._finish(s)
        if belt.travelled - self.from_mm > STOP_AFTER_MM:
            self.failed = (f"every part was out, but the belt ran on more than {STOP_AFTER_MM:.0f} mm "
                           "without stopping")
        return False


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("every free part out past the exit eye and every jam reset", _delivered),
            StopsWithin(),
            judges.held("belt stopped, red and buzzer off", _end_state, HOLD_S)),
        JamGuessed(), name="parts delivered, jams detected and reset")


def _ran_past_jam(s):
    line = _line(s)
    if (line.jammed_at is not None and not line.stood_since_jam
            and line.belt.travelled - line.jam_odometer > STOP_WITHIN_MM):
        return (f"the belt ran {line.belt.travelled - line.jam_odometer:.0f} mm past the jam at "
                f"{line.jammed_at / 1000:g} s")
    return None


def _restarted_before_reset(s):
    line = _line(s)
    if line.jammed_at is not None and line.stood_since_jam and line.belt.velocity != 0.0:
        return "the belt ran again after the jam stop before Reset"
    return None


def _red_missing(s):
    line = _line(s)
    if line.jammed_at is not None and s.time_ms - line.jammed_at > RED_WITHIN_S * 1000 and not (
            s.io["red"] and s.io["buzzer"]):
        return f"jammed since {line.jammed_at / 1000:g} s without red and buzzer on"
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "entry_eye", "BOOL", "input", "entry_eye", "blocked",
            f"entry photo-eye at x = {ENTRY_AT:.0f} mm: TRUE while a part blocks the beam"),
    IOPoint("%IX0.1", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            f"exit photo-eye at x = {EXIT_AT:.0f} mm, {TRANSIT_MM:.0f} mm after the entry eye: TRUE while a "
            "part blocks the beam"),
    IOPoint("%IX0.2", "reset", "BOOL", "input", "reset_button", "pressed",
            "Reset push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.3", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%IX0.4", "upstream_done", "BOOL", "input", "upstream", "empty",
            f"TRUE once the upstream line has put its last part of the run down (at x = {FEED_AT:.0f}, "
            "just before the entry eye)"),
    IOPoint("%IW0", "belt_speed", "INT", "input", "belt", "speed_actual", "actual belt speed", "mm/s",
            "0..400"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt forward"),
    IOPoint("%QX0.1", "red", "BOOL", "output", "tower", "red", "stack light red: TRUE = jam"),
    IOPoint("%QX0.2", "buzzer", "BOOL", "output", "tower", "buzzer", "stack light buzzer: TRUE sounds"),
    IOPoint("%QX0.3", "green", "BOOL", "output", "tower", "green", "stack light green (free use)"),
]

SPEC = f"""\
A transfer belt carries parts ({PART_MM:.0f} mm long) from an upstream line past the entry eye
and, {TRANSIT_MM:.0f} mm on, the exit eye; beyond the exit they run off onto the outfeed. The
upstream line hands parts on only while the belt runs. Run the belt from the start; several
parts are often on it at once (up to four), each entering at its own time.

Time every part from its front reaching the entry eye, by the belt's travel (belt_speed gives
the speed in mm/s; the belt ramps up and down in 0.1 s). A part that has not reached the exit
eye {OVERDUE_MM:.0f} mm of belt travel after it reached the entry eye (1.5 x the
{TRANSIT_MM:.0f} mm transit) is a jam: it caught and stuck, or fell off. An exit eye blocked for
{EXIT_BLOCKED_S:g} s while the belt runs is a jam too (a part stuck under it). Parts never
overtake: a free part's front reaches the exit eye after exactly the {TRANSIT_MM:.0f} mm, so a
front there belongs to the part that has ridden about that far (a part that fell off leaves a
gap in the line, and its own time runs on), and after a Reset the parts still on the belt reach
the exit before any new one.

On a jam stop the belt at once (rule MAT-E13-S1), put red and the buzzer on (MAT-E13-S3) and
keep the belt stopped until the operator, who then clears the belt, presses Reset (MAT-E13-S2; a
Reset counts only while red is on). After Reset put red and the buzzer off and run on; the part
that was overdue is gone, and the parts still on the belt were there when the operator cleared
it: they are no longer timed; time the parts that reach the entry eye after the Reset. Never
stop the belt or light red for a jam that is not there: not before a part has ridden
{EARLY_MM:.0f} mm (1.2 x transit) without reaching the exit, or the exit eye has been blocked
{EARLY_EXIT_S:g} s.

When the upstream line reports it has handed on its last part (upstream_done), every part that
did not jam has gone out past the exit eye and every jam has been reset, stop the belt with red
and the buzzer off and keep it so. The number of parts (5 to 8), their arrivals, the belt speed
and the faults (none, one or two per run) are not known in advance."""

COMPLETION = Completion(
    "Every part that did not jam has gone out past the exit eye and every jam has been reset; the "
    f"belt at standstill within {STOP_AFTER_MM:.0f} mm of belt travel after that; then the belt "
    f"stopped with red and the buzzer off, held for {HOLD_S:g} s. On the way the belt is "
    "never stopped (belt_run FALSE) nor red lit while a part that entered since the last Reset is on "
    "its way to the exit eye and no jam is due "
    f"(no part has ridden {EARLY_MM:.0f} mm since the entry eye without reaching the exit, no exit "
    f"eye blocked {EARLY_EXIT_S:g} s, none waiting for Reset).",
    _completion, keep=_end_state, keep_wording="the belt stopped, red and the buzzer off.",
)

SAFETY = [
    SafetyRule("MAT-E13-S1", f"No running past a jam: once a part has ridden {OVERDUE_MM:.0f} mm of belt "
               "travel since it reached the entry eye without reaching the exit eye, or the exit eye has "
               f"been blocked {EXIT_BLOCKED_S:g} s, the belt comes to a standstill within "
               f"{STOP_WITHIN_MM:.0f} mm more travel.", _ran_past_jam,
               signals=("belt_run", "entry_eye", "exit_eye")),
    SafetyRule("MAT-E13-S2", "No restart before Reset: after a jam stop the belt runs again only after "
               "Reset has been pressed while red was on.", _restarted_before_reset,
               signals=("belt_run", "reset", "red")),
    SafetyRule("MAT-E13-S3", f"Red and the buzzer are on while jammed: from {RED_WITHIN_S:g} s after a jam "
               "until Reset.", _red_missing, signals=("red", "buzzer", "belt_run")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 100, 400, "mm/s", "belt speed when running"),
    ParameterRange("first_arrival_s", 0.0, 2.0, "s", "when the upstream line has its first part ready"),
    ParameterRange("arrival_gap_s", 0.5, 6.0, "s", "time of belt running between two arrivals"),
    ParameterRange("answer_s", 1.0, 4.0, "s", "how long the operator takes to clear a jam and press Reset"),
    ParameterRange("fault_at_mm", 300.0, 1100.0, "mm",
                   "where on the belt (from its infeed end) a part sticks or falls off"),
]


def _cond(name, seed, description, **params):
    params["faults"] = tuple(params.get("faults", ()))
    return Condition.of(name, seed, description, **params)


CONDITIONS = [
    _cond("no_jam", 401, "no fault: seven parts, middle speed", belt_speed=250, first_arrival_s=0.5,
          arrival_gap_s=[1.0, 2.5, 0.8, 3.0, 1.2, 2.0], answer_s=(2.0,)),
    _cond("vanish_with_followers", 402, "part 2 falls off mid-belt while parts follow it closely",
          belt_speed=150, first_arrival_s=0.2, arrival_gap_s=[1.0, 1.5, 1.0, 2.0, 1.0],
          answer_s=(1.5,), faults=[(2, "vanish", 500.0)]),
    _cond("stuck_at_exit", 403, "part 3 sticks under the exit eye, fast belt",
          belt_speed=380, first_arrival_s=1.0, arrival_gap_s=[0.6, 0.8, 2.0, 0.7, 1.5],
          answer_s=(3.0,), faults=[(3, "stick", 1100.0)]),
    _cond("stuck_mid_belt", 404, "part 1 sticks mid-belt, the next ones queue against it, slow belt",
          belt_speed=110, first_arrival_s=0.0, arrival_gap_s=[2.0, 3.0, 1.5, 4.0],
          answer_s=(1.0,), faults=[(1, "stick", 700.0)]),
    _cond("two_faults", 405, "part 2 falls off, later part 5 sticks under the exit eye",
          belt_speed=300, first_arrival_s=2.0, arrival_gap_s=[0.8, 1.2, 0.6, 1.0, 2.5, 1.0],
          answer_s=(2.5, 1.2), faults=[(2, "vanish", 900.0), (5, "stick", 1100.0)]),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample). Speed, first arrival, each gap and
    each answer time uniform; 5-8 parts; none, one or two faults (one time in five none), each on a
    different part, the first fault on one of the first three parts (so parts follow it), sticking
    or vanishing at a uniform place, a sticking part under the exit eye one time in three."""
    parts = rng.randint(5, 8)
    faults = []
    count = rng.choice((0, 1, 1, 2, 2))
    victims = sorted(rng.sample(range(1, 4), 1) + rng.sample(range(4, parts + 1), 1))[:count]
    for k in victims:
        kind = rng.choice(("stick", "vanish"))
        under_exit = kind == "stick" and rng.random() < 1 / 3
        at = EXIT_AT if under_exit else round(rng.uniform(*_range("fault_at_mm")), 0)
        faults.append((k, kind, at))
    params = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
                  arrival_gap_s=[round(rng.uniform(*_range("arrival_gap_s")), 2) for _ in range(parts - 1)],
                  answer_s=tuple(round(rng.uniform(*_range("answer_s")), 2) for _ in range(2)),
                  faults=tuple(faults))
    description = f"{params['belt_speed']} mm/s, {parts} parts, faults {faults or 'none'}"
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x from x = 0 to
x = {BELT_LENGTH:.0f} at y = 0, parts travelling toward +x. The upstream line puts parts down at
x = {FEED_AT:.0f}; the entry eye is at x = {ENTRY_AT:.0f}, the exit eye at x = {EXIT_AT:.0f}; the outfeed
lies beyond the belt end. The stack light and the Reset button are on the panel."""

TASK = Task(
    id="MAT-E13", title="Jam detection by transit time", suite="MAT", level="E",
    summary="Time every part across a belt by its travel, stop and alarm when one is overdue or the "
            "exit eye stays blocked, and resume after the operator's Reset.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=120.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
