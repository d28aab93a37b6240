"""MAT-M20 Cascaded start-up and run-out.

Four belts in a line (B1 infeed ... B4 onto the run-out), each with a proved running feedback
(a speed monitor, late by its own 0.1-0.5 s) and a thermal overload relay (NC contact), an end
eye 20 mm before each belt's discharge end, Start (NO) and Stop (NC). Start brings the line up
from B4 upstream, each belt only once the belt it discharges onto reports running; Stop runs
it out from B1 down, each belt stopped once the one upstream of it is stopped and it has run
its own length; an overload stops that belt and everything upstream of it at once.

Judged by what the plant does: S1 on the scan a run output turns on (the downstream belt's own
feedback), S2 on the scan a run output turns off (a part's footprint over a transfer line),
S3 on every scan (a run output on for more than 0.2 s at or upstream of a tripped relay). The
start-up (every belt proved within the sum of the feedback times of the belts that were not
running, + 0.5 s: a schedule long enough for the slowest feedbacks misses it when they are
quick, a shorter one starts a belt into a stopped one) and the run-out (each belt at standstill
within its run-out time + 1 s of the belt upstream of it, or of the Stop for B1: a line kept
running on a long fixed timer misses it) are watches of the completion; they are this task's
own judges because their deadlines are sums over the condition's feedback times and a chain
of belt standstills, which no shared judge expresses.

Changed from the catalog: the belt speed and length are fixed and published (run-out 3 s a
belt), so the run-out needs no tracking of hidden speeds; the load varies by how many parts
are fed, their spacing and which belts carry parts at power-up (so counting fed parts alone
is not enough to know a belt is empty); the start-up allows the feedback times + 0.5 s, not
+ 1 s: with 1 s the blind schedule of 0.5 s a belt (the slowest feedback) met the deadline
whenever B2, B3 and B4 together took 0.5 s or more, and passed 70 of 200 sampled conditions.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.panel import PushButton, StopButton
from sim.devices.proved_conveyor import ProvedConveyor
from sim.devices.sensors import PhotoEye
from sim.devices.upstream_machine import UpstreamMachine
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import (
    Completion,
    Condition,
    Disturbance,
    IOPoint,
    OperatorAction,
    ParameterRange,
    SafetyRule,
    Task,
)
from tasks.common import belt_position, published_range

BELTS = 4
BELT_LENGTH, BELT_SPEED = 600.0, 200.0
RUN_OUT_S = BELT_LENGTH / BELT_SPEED      # 3 s: a part anywhere on a belt is off it after this
RUN_OUT_GRACE_S = 1.0
START_GRACE_S = 0.5
OVERLOAD_STOP_S = 0.2
EYE_BEFORE_END = 20.0
FEED_AT = 40.0
PART = dict(part_kind="box", colour="orange", width=60, length=60, height_mm=40.0)
RUNOUT_X = BELTS * BELT_LENGTH + 6.0      # a part's centre past here has dropped onto the run-out
RESTART_AFTER_STOP_S = 16.0               # the operator starts again once a stopped line has run out
RESTART_AFTER_RESET_S = 1.0
HOLD_S = 0.3


def _names():
    return [f"B{k}" for k in range(1, BELTS + 1)]


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belts = []
    for k, name in enumerate(_names()):
        belts.append(plant.add(ProvedConveyor(name, BELT_LENGTH * (k + 0.5), 0, length=BELT_LENGTH, width=100,
                                              speed=BELT_SPEED, ramp_s=0.05, feedback_s=p["feedback_s"][k])))
        plant.add(PhotoEye.across(belts[-1], f"eye_{name}", BELT_LENGTH - EYE_BEFORE_END))
    for n, (k, along) in enumerate(p["left_parts"], 1):
        plant.add(Workpiece(f"left{n}", *belts[k - 1].point(along), **PART))
    t, schedule = 0.5, []
    for gap in [0.0, *p["feed_gap_s"]][: p["fed_parts"]]:
        t += gap
        schedule.append((t, dict(PART)))
    # the upstream machine hands a part over only while B1 runs and no Stop since the last Start
    # (its clock stops meanwhile)
    plant.add(UpstreamMachine("upstream_machine", -110, 0, belt="B1", start="start_button",
                              stop="stop_button"))
    plant.add(Feeder("upstream", *belts[0].point(FEED_AT), schedule,
                     paced_by=("upstream_machine", "handing_over"), clearance_mm=40))
    plant.add(Chute("runout", RUNOUT_X, -200, RUNOUT_X + 400, 200, label="run-out"))
    plant.add(PushButton("start_button", x=300, y=-260, label="Start", color="green"))
    plant.add(StopButton("stop_button", x=500, y=-260, label="Stop", color="red"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.belts = tuple(plant.device(n, ProvedConveyor) for n in _names())
        self.start = plant.device("start_button", PushButton)
        self.stop = plant.device("stop_button", StopButton)
        self.runout = plant["runout"]
        self.flow = material_flow(plant)


def _total_parts(params) -> int:
    return len(params["left_parts"]) + params["fed_parts"]


def _all_delivered(s) -> bool:
    return s.time_s >= s.params["final_stop_s"] and len(s.devices.runout.collected) >= _total_parts(s.params)


def _standstill(s) -> bool:
    return all(b.velocity == 0.0 for b in s.devices.belts)


def _across(line, k: int) -> str | None:
    """The name of a part lying over either end of belt k (0-based) onto a neighbour belt."""
    belt = line.belts[k]
    ends = ([0.0] if k > 0 else []) + ([BELT_LENGTH] if k < BELTS - 1 else [])
    for part in line.flow.parts:
        along, across = belt_position(belt, part)
        if abs(across) > belt.half_width + 40:
            continue
        half = max(part.width, part.length) / 2
        if any(abs(along - end) < half for end in ends):
            return part.name
    return None


class StartsIntoStopped(judges.Monitor):
    """S1: a run output turning on while the belt it discharges onto does not report running."""

    def __init__(self):
        self.was = [False] * BELTS

    def check(self, s):
        msg = None
        belts = s.devices.belts
        for k, belt in enumerate(belts):
            if belt.run and not self.was[k] and k < BELTS - 1 and not belts[k + 1].read("running"):
                msg = f"{belt.name} switched on while {belts[k + 1].name} did not report running"
            self.was[k] = belt.run
        return msg


class LeavesAcross(judges.Monitor):
    """S2: a run output turning off while a part lies over one of that belt's transfers, unless
    the belt is being stopped for an overload (its own relay or one downstream has tripped)."""

    def __init__(self):
        self.was = [False] * BELTS

    def check(self, s):
        msg = None
        line = s.devices
        for k, belt in enumerate(line.belts):
            if self.was[k] and not belt.run and not any(b.fault for b in line.belts[k:]):
                part = _across(line, k)
                if part:
                    msg = f"{belt.name} switched off with {part} lying across its transfer"
            self.was[k] = belt.run
        return msg


class RunsOnOverload(judges.Monitor):
    """S3: a belt's run output TRUE more than OVERLOAD_STOP_S after its own relay or one
    downstream of it tripped, while that relay is still tripped. Timed from the trip itself,
    so dropping an output for one scan now and then does not restart the clock."""

    def __init__(self):
        self.tripped_ms: list[int | None] = [None] * BELTS

    def check(self, s):
        belts = s.devices.belts
        for j, b in enumerate(belts):
            if not b.fault:
                self.tripped_ms[j] = None
            elif self.tripped_ms[j] is None:
                self.tripped_ms[j] = s.time_ms
        limit = round(OVERLOAD_STOP_S * 1000)
        for j, since in enumerate(self.tripped_ms):
            if since is not None and s.time_ms - since > limit:
                for belt in belts[: j + 1]:
                    if belt.run:
                        return (f"{belt.name} still switched on {OVERLOAD_STOP_S:g} s after "
                                f"{belts[j].name}'s overload tripped (at {since / 1000:g} s)")
        return None


class StartUpInTime(judges.Watch):
    """After each Start press (no overload open, Stop not pressed): every belt reports running
    within the sum of the feedback times of the belts not running at the press + START_GRACE_S.
    A Stop press cancels the clock."""

    def __init__(self):
        self.was = False
        self.due_ms: int | None = None
        self.press_s = 0.0

    def check(self, s):
        line = s.devices
        pressed = line.start.is_pressed
        if pressed and not self.was and not line.stop.is_pressed and not any(b.fault for b in line.belts):
            idle = [k for k, b in enumerate(line.belts) if not b.read("running")]
            if idle:
                need = sum(s.params["feedback_s"][k] for k in idle) + START_GRACE_S
                self.due_ms, self.press_s = s.time_ms + round(need * 1000), s.time_s
        self.was = pressed
        if line.stop.is_pressed:
            self.due_ms = None
        if self.due_ms is not None:
            if all(b.read("running") for b in line.belts):
                self.due_ms = None
            elif s.time_ms > self.due_ms:
                return (f"Start pressed at {self.press_s:g} s: the line was not all running "
                        f"{(self.due_ms / 1000 - self.press_s):.2f} s later (the feedback times + "
                        f"{START_GRACE_S:g} s)")
        return None


class RunOutInTime(judges.Watch):
    """After a Stop press (until the next Start press): B1 at standstill within RUN_OUT_S +
    RUN_OUT_GRACE_S of the press, each later belt within as long of the belt upstream of it
    coming to standstill (or of the press, whichever is later)."""

    def __init__(self):
        self.stopping = False
        self.since: list[int | None] = [None] * BELTS

    def check(self, s):
        line = s.devices
        if line.start.is_pressed and not line.stop.is_pressed:
            self.stopping = False
        if line.stop.is_pressed and not self.stopping:
            self.stopping = True
            self.since = [None] * BELTS
            self.since[0] = s.time_ms
        if not self.stopping:
            return None
        limit = round((RUN_OUT_S + RUN_OUT_GRACE_S) * 1000)
        for k, belt in enumerate(line.belts):
            upstream = line.belts[k - 1] if k else None
            if upstream is not None and self.since[k] is None and self.since[k - 1] is not None \
                    and upstream.velocity == 0.0:
                self.since[k] = s.time_ms
            if belt.velocity != 0.0 and self.since[k] is not None and s.time_ms - self.since[k] > limit:
                what = "the Stop" if k == 0 else f"{line.belts[k - 1].name} stopping"
                return (f"{belt.name} still running {RUN_OUT_S + RUN_OUT_GRACE_S:g} s after {what} "
                        f"(at {self.since[k] / 1000:g} s): the run-out takes {RUN_OUT_S:g} s")
        return None


# --- I/O ------------------------------------------------------------------------------------

def _io() -> list[IOPoint]:
    io = [IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "contact",
                  "Start push button (NO): TRUE while pressed"),
          IOPoint("%IX0.1", "stop_pb", "BOOL", "input", "stop_button", "contact",
                  "Stop push button (NC): TRUE while NOT pressed, FALSE while pressed")]
    # (first input bit, point name, device, signal, meaning) for each belt's three inputs
    per_belt = (
        (2, "b{n}_running", "{b}", "running",
         "belt {b} running feedback (speed monitor): TRUE once {b}'s motor has run up (its own 0.1-0.5 s "
         "after b{n}_run turns on), FALSE at once when it stops or trips"),
        (6, "b{n}_overload_ok", "{b}", "overload_ok",
         "belt {b} motor overload relay (NC): TRUE while healthy, FALSE once tripped (the motor is then "
         "off, whatever b{n}_run says, until an electrician resets the relay)"),
        (10, "b{n}_eye", "eye_{b}", "blocked",
         "photo-eye " f"{EYE_BEFORE_END:.0f}" " mm before {b}'s discharge end: TRUE while a part blocks the "
         "beam"),
    )
    for first, point, device, signal, meaning in per_belt:
        for k, name in enumerate(_names()):
            bit, fill = first + k, dict(n=k + 1, b=name)
            io.append(IOPoint(f"%IX{bit // 8}.{bit % 8}", point.format(**fill), "BOOL", "input",
                              device.format(**fill), signal, meaning.format(**fill)))
    for k, name in enumerate(_names()):
        io.append(IOPoint(f"%QX0.{k}", f"b{k + 1}_run", "BOOL", "output", name, "run",
                          f"TRUE runs belt {name} forward (motor contactor)"))
    return io


IO = _io()

SPEC = f"""\
Four belt conveyors in a line carry parts from an upstream machine to a run-out: B1 (infeed)
discharges onto B2, B2 onto B3, B3 onto B4, B4 onto the run-out. Each belt is {BELT_LENGTH:.0f} mm
long and runs at {BELT_SPEED:.0f} mm/s, so a part anywhere on a belt has left it after {RUN_OUT_S:g} s of
running (its run-out time). The upstream machine (left of B1) hands parts onto B1 only while b1_running
is TRUE, and none after a Stop until the next Start. At power-up the line stands still;
parts left from the last shift may lie on any belt.

Start-up (Start pressed): bring the line up from B4 upstream: switch on B4, then each belt only
once the belt it discharges onto reports running (its bN_running feedback; each belt's
feedback comes its own 0.1-0.5 s after its run output, not known in advance). Every belt must
report running within the sum of the feedback times of the belts that were not running at the
press + {START_GRACE_S:g} s. A belt already running stays on.

Stop (Stop pressed, also in the middle of a start-up): abandon the start-up and run the line
out from B1 down. The upstream machine hands nothing more over after the Stop. Each belt that
is switched on keeps running until the belt upstream of it has stopped (B1: from the Stop press)
and it has since run for its run-out time, and is then switched off; a belt not yet
switched on when Stop is pressed stays off. Each belt must be at standstill within
{RUN_OUT_S + RUN_OUT_GRACE_S:g} s of the belt upstream of it coming to standstill (B1: of the Stop press).
Never switch a belt off while a part lies across a transfer (rule MAT-M20-S2).

Overload: when a belt's overload relay trips (bN_overload_ok FALSE; its motor stops by
itself), switch that belt and every belt upstream of it off within {OVERLOAD_STOP_S:g} s, and keep
them off until the relay has been reset (bN_overload_ok TRUE again) and Start is pressed again:
then start the stopped belts as at start-up (the feedback deadline counts the belts that were
not running). The belts downstream of the tripped one run on.

The operator presses Start, may press Stop during the start-up and Start again once the line
has run out, an overload may trip and be reset, and finally presses Stop when the upstream
machine has finished: the line is then run out until every part has reached the run-out, and
all belts are kept at standstill."""

AT_REST = "all four belts at standstill"

COMPLETION = Completion(
    "Every part (those fed by the upstream machine and those lying on the belts at power-up) on the "
    f"run-out after the operator's final Stop, then {AT_REST}, held for 1 s. On the way, every start-up "
    f"has every belt reporting running within the sum of the feedback times of the belts not running at "
    f"the Start press + {START_GRACE_S:g} s, and after every Stop each belt is at standstill within "
    f"{RUN_OUT_S + RUN_OUT_GRACE_S:g} s of the belt upstream of it coming to standstill (B1: of the Stop "
    "press).",
    lambda: judges.watched(
        judges.in_order(
            judges.event("every part on the run-out after the final Stop", _all_delivered),
            judges.held("belts at standstill", _standstill, 1.0),
        ),
        StartUpInTime(), RunOutInTime(), name="line started up, run out and every part delivered"),
    keep=_standstill, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-M20-S1", "A belt is switched on (its run output turns TRUE) only while the belt it "
               "discharges onto reports running (bN_running TRUE); B4 discharges onto the run-out and may "
               "always be switched on.", StartsIntoStopped()),
    SafetyRule("MAT-M20-S2", "A belt is never switched off (run output FALSE) while a part lies across one "
               "of its transfers (a part's footprint over the joint between it and the belt before or after "
               "it), except when it is switched off because its own overload relay or one downstream of it "
               "has tripped.", LeavesAcross()),
    SafetyRule("MAT-M20-S3", f"From {OVERLOAD_STOP_S:g} s after a belt's overload relay trips until it is "
               "reset, the run output of that belt and of every belt upstream of it is FALSE on every scan.",
               RunsOnOverload()),
]

PARAMETERS = [
    ParameterRange("feedback_s", 0.1, 0.5, "s", "running feedback time of each belt (each its own)"),
    ParameterRange("start_press_s", 0.5, 3.0, "s", "when the operator first presses Start"),
    ParameterRange("stop_mid_start_s", 0.05, 1.45, "s",
                   "when the operator presses Stop during the first start-up, after the Start press and "
                   "before B2 reports running (not in every condition); Start again 16 s after it"),
    ParameterRange("fed_parts", 3, 8, "parts", "parts the upstream machine hands over"),
    ParameterRange("feed_gap_s", 1.0, 4.0, "s", "time B1 runs between two parts handed over"),
    ParameterRange("initial_parts", 0, 3, "parts", "parts lying on the belts at power-up"),
    ParameterRange("overload_belt", 1, 4, "", "the belt whose overload trips (not in every condition)"),
    ParameterRange("overload_after_s", 3.0, 15.0, "s",
                   "when an overload trips, after the Start press that brought the line up (not in every "
                   "condition)"),
    ParameterRange("overload_reset_s", 2.0, 6.0, "s", "how long the relay stays tripped before it is reset; "
                   "Start is pressed 1 s after the reset"),
]


def _press(t: float, button: str) -> list[OperatorAction]:
    return [OperatorAction(round(t, 2), "press", button),
            OperatorAction(round(t + HOLD_S, 2), "release", button)]


def _script(p) -> tuple[list[OperatorAction], list[Disturbance], float]:
    """Operator actions, overload disturbances and the final Stop time from the parameters."""
    fb = sum(p["feedback_s"])
    t = p["start_press_s"]
    ops = _press(t, "start_button")
    if p.get("stop_mid_start_s") is not None:
        ops += _press(t + p["stop_mid_start_s"], "stop_button")
        t += p["stop_mid_start_s"] + RESTART_AFTER_STOP_S
        ops += _press(t, "start_button")
    up = t + fb + 0.3                          # the line is up (B1 running, the feed clock runs)
    feed = 0.5 + sum(p["feed_gap_s"][: p["fed_parts"] - 1]) + 1.0
    end = up + feed
    dist: list[Disturbance] = []
    if p.get("overload_belt") is not None:
        k, after, reset = p["overload_belt"], p["overload_after_s"], p["overload_reset_s"]
        trip = t + after
        dist.append(Disturbance(round(trip, 2), f"B{k}'s overload trips",
                                lambda plant, n=f"B{k}": plant[n].trip()))
        dist.append(Disturbance(round(trip + reset, 2), f"B{k}'s overload relay reset",
                                lambda plant, n=f"B{k}": plant[n].reset_overload()))
        again = trip + reset + RESTART_AFTER_RESET_S
        ops += _press(again, "start_button")
        if trip < end:                          # the feed clock stood while B1 was off
            end += again + fb + 0.3 - trip
        end = max(end, again + fb + 3.0)
    final = round(end + 4.0, 2)        # room for start-ups slower than the reference's
    ops += _press(final, "stop_button")
    return ops, dist, final


def _cond(name: str, seed: int, description: str, **params) -> Condition:
    params["initial_parts"] = len(params["left_parts"])
    ops, dist, final = _script(params)
    params["final_stop_s"] = final
    return Condition(name, seed, params, description, operator=ops, disturbances=dist)


# left_parts = the parts on the belts at power-up as (belt number, mm along it from its infeed end)
CONDITIONS = [
    _cond("nominal", 201, "brisk feedbacks (a well-kept line), five parts, one left on B3",
          feedback_s=(0.2, 0.12, 0.12, 0.15), start_press_s=1.0, fed_parts=5, feed_gap_s=[2.0, 2.0, 2.5, 2.0],
          left_parts=[(3, 300.0)]),
    _cond("quick_feedbacks", 202, "every feedback 0.1 s: a wait long enough for the slowest misses the "
          "start-up deadline", feedback_s=(0.1, 0.1, 0.12, 0.1), start_press_s=0.5, fed_parts=4,
          feed_gap_s=[1.0, 1.5, 1.0], left_parts=[(1, 200.0), (4, 450.0)]),
    _cond("stop_mid_start", 203, "slow feedbacks, Stop pressed 0.9 s into the start-up with parts on B2 "
          "and B4", feedback_s=(0.5, 0.45, 0.4, 0.5), start_press_s=2.0, stop_mid_start_s=0.9, fed_parts=3,
          feed_gap_s=[3.0, 4.0], left_parts=[(2, 250.0), (4, 150.0), (4, 400.0)]),
    _cond("overload_b3", 204, "B3 trips 6 s after the start with parts on the line, reset 3 s later",
          feedback_s=(0.2, 0.4, 0.15, 0.3), start_press_s=1.5, fed_parts=8,
          feed_gap_s=[1.0, 1.2, 1.5, 1.0, 2.0, 1.0, 1.3], left_parts=[(2, 420.0)],
          overload_belt=3, overload_after_s=6.0, overload_reset_s=3.0),
    _cond("overload_b4_late", 205, "B4 trips late (after the feed), uneven feedbacks, reset after 5 s",
          feedback_s=(0.45, 0.1, 0.5, 0.15), start_press_s=3.0, fed_parts=3, feed_gap_s=[1.5, 1.0],
          left_parts=[(1, 350.0), (3, 120.0)], overload_belt=4, overload_after_s=12.0, overload_reset_s=5.0),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Independent and uniform: each belt's feedback time, the first Start press, the number of
    parts fed and each gap, the overload's time and reset. Jointly: a Stop during the first
    start-up one time in three, drawn before B2 can report running (before the sum of the
    feedback times of B2, B3 and B4), so B1 is never switched on in it; an overload one time
    in two, on a belt drawn uniformly; 0-3 parts left on the belts at power-up, at least
    100 mm apart on a belt and clear of its ends (none on B1 within reach of the feed place).
    """
    fb = tuple(round(rng.uniform(*_range("feedback_s")), 2) for _ in range(BELTS))
    params: dict = dict(feedback_s=fb, start_press_s=round(rng.uniform(*_range("start_press_s")), 2))
    notes = []
    if rng.random() < 1 / 3:
        # before B2 reports running, so B1 (and the upstream machine) has not started yet
        params["stop_mid_start_s"] = round(rng.uniform(_range("stop_mid_start_s")[0], sum(fb[1:]) - 0.05), 2)
        notes.append(f"Stop {params['stop_mid_start_s']:g} s into the start-up")
    n = rng.randint(*map(int, _range("fed_parts")))
    params["fed_parts"] = n
    params["feed_gap_s"] = [round(rng.uniform(*_range("feed_gap_s")), 2) for _ in range(n - 1)]
    initial: list[tuple[int, float]] = []
    for _ in range(rng.randint(*map(int, _range("initial_parts")))):
        k = rng.randint(1, BELTS)
        along = round(rng.uniform(150.0 if k == 1 else 80.0, BELT_LENGTH - 80.0), 1)
        if all(b != k or abs(a - along) >= 100.0 for b, a in initial):
            initial.append((k, along))
    params["left_parts"] = initial
    params["initial_parts"] = len(initial)
    if rng.random() < 1 / 2:
        k = rng.randint(1, BELTS)
        params.update(overload_belt=k, overload_after_s=round(rng.uniform(*_range("overload_after_s")), 2),
                      overload_reset_s=round(rng.uniform(*_range("overload_reset_s")), 2))
        notes.append(f"B{k} trips")
    ops, dist, final = _script(params)
    params["final_stop_s"] = final
    description = (f"feedbacks {fb}, {n} parts fed, {len(initial)} left on the belts"
                   + "".join(f"; {x}" for x in notes))
    return dict(params=params, description=description, operator=ops, disturbances=dist)


PLANT = f"""\
Top view, millimetres. Belts B1..B4 ({BELT_LENGTH:.0f} x 100 mm each) lie end to end along y = 0,
parts travelling toward +x: B1 from x = 0 to 600, B2 600 to 1200, B3 1200 to 1800, B4 1800 to
2400; the transfers are the joints at x = 600, 1200 and 1800. The upstream machine puts parts
onto B1 at x = {FEED_AT:.0f}. Each belt's end eye is {EYE_BEFORE_END:.0f} mm before its discharge end
(x = 580, 1180, 1780, 2380); the run-out lies beyond x = 2400."""

TASK = Task(
    id="MAT-M20", title="Cascaded start-up and run-out", suite="MAT", level="M",
    summary="Start a four-belt line from the discharge end up on running feedback, run it out from the "
            "infeed down, and stop a belt and everything upstream of it on an overload.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=130.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
