"""MOT-E14 Star-delta start by speed.

A fan motor is started star-delta: K2 (star) then K1 (main); once the fan has reached 85 % of
synchronous speed the program opens K2, waits for K2's auxiliary contact to report it open,
and closes K3 (delta). Stop or the thermal overload opens every contactor; after an overload
trip the starter stays locked until the operator presses Reset, then Start.

Departures from the catalog entry, and why:
- the two-sided changeover window is made by the plant, not by a fixed 40-150 ms band: K2's
  drop-out time varies 20-120 ms (the catalog's "aux 20-60 ms" would let a fixed 65 ms timer
  pass), so K3 closed on a fixed timer short enough for a fast contactor overlaps a slow
  one (S1, a short circuit), and a timer long enough for the slowest leaves the motor
  unpowered long enough that the open-transition current spike passes 6 x rated (S2). Waiting
  for the auxiliary contact gives a dead time of 20-45 ms on every contactor.
- S3 is judged on the coil outputs (the program's part): the main contacts then drop out in
  their own time, up to 120 ms, which no program can shorten.
- "no restart before Reset" is a safety rule (S4), checked on every scan, with the first
  restart attempt coming while the overload relay is still open.
- the fan's speed is read from a tacho word (rpm); 85 % of 1500 rpm = 1275 rpm.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.panel import PushButton, StopButton
from sim.devices.star_delta_motor import SYNC_RPM, StarDeltaMotor
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import log_uniform

RATED_A = 20.0
CURRENT_LIMIT = 6.0          # x rated
DELTA_AT = 0.85              # change to delta at 85 % of synchronous speed
DELTA_AT_RPM = DELTA_AT * SYNC_RPM
DELTA_WITHIN_S = 1.0
RUNNING_RPM = 0.95 * SYNC_RPM   # a cycle counts once the fan ran in delta at 95 %
STAR_WITHIN_S = 0.5
OFF_WITHIN_S = 0.1
COOL_S = 2.0                 # the overload relay re-closes by itself after cooling
CYCLES = 2
END_HOLD_S = 2.0
PRESS_S = 0.2
COILS = ("k1", "k2", "k3")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(StarDeltaMotor("fan", x=450.0, y=260.0, runup_s=p["runup_s"], rated_a=RATED_A,
                             pickup_s=p["pickup_s"], dropout_s=p["dropout_s"], aux_lag_s=p["aux_lag_s"],
                             cool_s=COOL_S, size_mm=220.0, label="fan motor"))
    plant.add(PushButton("start_button", x=200.0, y=120.0, label="Start", color="green"))
    plant.add(StopButton("stop_button", x=340.0, y=120.0, label="Stop"))
    plant.add(PushButton("reset_button", x=480.0, y=120.0, label="Reset", color="blue"))
    return plant


# --- judges -------------------------------------------------------------------------------

class Devices:
    def __init__(self, plant):
        self.fan = plant.device("fan", StarDeltaMotor)


def _coils_on(s) -> bool:
    return any(s.io[c] for c in COILS)


def _stop_pressed(s) -> bool:
    return not s.io["stop_pb"]


def _all_off(s) -> bool:
    return not _coils_on(s) and s.devices.fan.all_open


class Permission:
    """Whether a contactor may close now (S4), and what the operator asked since power-up.
    Start permits; Stop or an overload trip withdraws it; after a trip, Start permits only once
    Reset has been pressed with the relay closed again. Shared by S4 and the cycle count."""

    def __init__(self):
        self.permitted = False
        self.locked = False        # an overload trip not yet acknowledged by Reset
        self.presses = 0           # Start presses that permitted a start (cycle identities)
        self.was = {"start": False, "ok": True}

    def update(self, s) -> None:
        start, ok = bool(s.io["start_pb"]), bool(s.io["overload_ok"])
        if not ok and self.was["ok"]:
            self.permitted, self.locked = False, True
        if _stop_pressed(s):
            self.permitted = False
        if s.io["reset_pb"] and ok:
            self.locked = False
        if start and not self.was["start"] and not self.locked and ok and not _stop_pressed(s):
            self.permitted = True
            self.presses += 1
        self.was = {"start": start, "ok": ok}


class NoCloseWithoutStart(judges.Monitor):
    """S4: a coil may switch on only while a Start permits it (Permission). Judged on the coil
    outputs' rising edges, so a coil that is late to drop after Stop is S3's, not this rule's.
    Written for this task alone: the permission has the reset interlock in it."""

    def __init__(self):
        self.permission = Permission()
        self.was = dict.fromkeys(COILS, False)

    def check(self, s):
        self.permission.update(s)
        msg = None
        for c in COILS:
            on = bool(s.io[c])
            if on and not self.was[c] and not self.permission.permitted:
                why = ("after an overload trip before Reset and Start" if self.permission.locked
                       else "without Start pressed since the last Stop")
                msg = msg or f"{c.upper()} switched on {why}"
            self.was[c] = on
        return msg


class OffAfterStop(judges.Monitor):
    """S3: every coil off within 0.1 s of Stop being pressed or the overload contact opening."""

    def __init__(self):
        self.since: int | None = None
        self.was_ok = True
        self.was_stop = False

    def check(self, s):
        ok, stop = bool(s.io["overload_ok"]), _stop_pressed(s)
        if (stop and not self.was_stop) or (not ok and self.was_ok):
            self.since = s.time_ms if self.since is None else self.since
        self.was_ok, self.was_stop = ok, stop
        if self.since is None:
            return None
        if not _coils_on(s):
            self.since = None
            return None
        if s.time_ms - self.since > OFF_WITHIN_S * 1000:
            what = "Stop was pressed" if stop or self.was_stop else "the overload relay tripped"
            return (f"a contactor coil was still on {OFF_WITHIN_S:g} s after {what} "
                    f"(at {self.since / 1000:g} s)")
        return None


def _short_circuit(s):
    fan = s.devices.fan
    if fan.k["k2"].closed and fan.k["k3"].closed:
        return "K2 (star) and K3 (delta) closed together: the supply is shorted, the fuses blew"
    return None


def _over_current(s):
    a = s.devices.fan.current_a
    if a > CURRENT_LIMIT * RATED_A:
        return f"motor current {a:.0f} A, above {CURRENT_LIMIT:g} x rated ({CURRENT_LIMIT * RATED_A:.0f} A)"
    return None


class Cycles:
    """The completed start-run-stop cycles, by the Start press that began each (a cycle is a
    thing, counted once): started by a permitted Start, run in delta at 95 % speed, ended by
    Stop with every coil off within 0.1 s. A run ended by an overload trip is not a cycle."""

    def __init__(self):
        self.permission = Permission()
        self.running: int | None = None     # the press whose run reached delta at speed
        self.stopping: tuple[int, int] | None = None
        self.done: list[int] = []

    def __call__(self, s) -> list[int]:
        p = self.permission
        before = p.presses
        p.update(s)
        if p.presses != before:
            self.running, self.stopping = None, None
        fan = s.devices.fan
        if p.permitted and fan.delta and fan.rpm >= RUNNING_RPM:
            self.running = p.presses
        if not s.io["overload_ok"]:
            self.running = self.stopping = None
        if self.running is not None and _stop_pressed(s) and self.stopping is None:
            self.stopping = (self.running, s.time_ms)
        if self.stopping is not None and not _coils_on(s):
            if s.time_ms - self.stopping[1] <= OFF_WITHIN_S * 1000 and self.stopping[0] not in self.done:
                self.done.append(self.stopping[0])
            self.running = self.stopping = None
        return self.done


def _star_soon_after_start():
    # the first step is closing the star connection: judged from the contactors' main contacts
    # (a pulse of the coil does not close them), within 0.5 s of a Start that permits it
    permission = Permission()

    def cause(s):
        before = permission.presses
        permission.update(s)
        return permission.presses != before

    def not_connected(s):
        fan = s.devices.fan
        return 0.0 if fan.star or fan.delta else 1.0

    return judges.progress_within(
        f"the star connection made within {STAR_WITHIN_S:g} s of Start", cause=cause,
        ways=[judges.Way("the star connection", not_connected, by=1.0)],
        within_s=STAR_WITHIN_S, excused=lambda s: _stop_pressed(s) or not s.io["overload_ok"],
        late=lambda t: f"Start was pressed at {t:g} s but K1 and K2 had not closed {STAR_WITHIN_S:g} s later")


def _delta_soon_after_85():
    # two-sided with S2: a change to delta well below 85 % is a current spike
    def cause(s):
        fan = s.devices.fan
        return fan.star and fan.rpm >= DELTA_AT_RPM

    return judges.progress_within(
        f"delta within {DELTA_WITHIN_S:g} s of the fan reaching 85 % speed", cause=cause,
        ways=[judges.Way("the delta connection", lambda s: 0.0 if s.devices.fan.delta else 1.0, by=1.0)],
        within_s=DELTA_WITHIN_S, excused=lambda s: not _coils_on(s),
        late=lambda t: f"the fan ran in star at 85 % speed from {t:g} s but was not in delta "
                       f"{DELTA_WITHIN_S:g} s later")


def _completion():
    return judges.watched(
        judges.in_order(
            judges.distinct(f"{CYCLES} start-run-stop cycles", Cycles(), CYCLES),
            judges.held("every contactor open", _all_off, END_HOLD_S)),
        _star_soon_after_start(), _delta_soon_after_85())


# --- conditions ------------------------------------------------------------------------------

def _press(t, button):
    return [OperatorAction(round(t, 2), "press", button),
            OperatorAction(round(t + PRESS_S, 2), "release", button)]


def _operator(p: dict, first_s: float, plan: list[str], gaps: list[float]):
    """Operator actions for a plan of cycles: 'run' (started, run in delta, stopped), 'star_stop'
    (Stop pressed while still in star), 'overload' (the fan jams in delta: the relay trips; a
    Start while it is still open, one after it has re-closed but before Reset, then Reset and a
    run). `gaps`: the operator's
    extra waits (s), one per cycle. Times follow the fan's run-up, so every Stop of a 'run'
    comes 1.5 s or more after it could be in delta at speed."""
    acts, t = [], first_s
    ru = p["runup_s"]
    for kind, gap in zip(plan, gaps, strict=True):
        acts += _press(t, "start_button")
        if kind == "star_stop":
            t_stop = t + 0.5 * ru
        elif kind == "overload":
            trip = t + ru + 2.0 + gap
            acts.append(OperatorAction(round(trip, 2), "press", "fan"))
            acts += _press(trip + 1.0, "start_button")          # ignored: the relay is still open
            acts += _press(trip + COOL_S + 0.3, "start_button")  # ignored: the relay closed, no Reset yet
            acts += _press(trip + COOL_S + 1.0, "reset_button")
            t = trip + COOL_S + 2.0
            acts += _press(t, "start_button")
            t_stop = t + ru + 3.0
        else:
            t_stop = t + ru + 2.5 + gap
        acts += _press(t_stop, "stop_button")
        t = t_stop + 2.5 + gap
    return tuple(sorted(acts, key=lambda a: a.time_s)), t


def _cond(name, seed, description, *, plan, gaps, first_s=1.0, **params):
    params["first_start_s"] = first_s
    params["plan"] = tuple(plan)
    operator, _ = _operator(params, first_s, plan, gaps)
    return Condition(name, seed, params, description, operator=operator)


CONDITIONS = (
    _cond("nominal", 1401, "medium run-up, two plain cycles", plan=["run", "run"], gaps=[0.5, 1.0],
          runup_s=3.0, pickup_s=0.015, dropout_s=0.05, aux_lag_s=0.005),
    _cond("light_fan_slow_k2", 1402, "1 s run-up, K2 drops out in 120 ms", plan=["run", "run"],
          gaps=[0.2, 0.4], first_s=0.6, runup_s=1.0, pickup_s=0.012, dropout_s=0.12, aux_lag_s=0.008),
    _cond("heavy_fan_fast_k2", 1403, "8 s run-up, K2 drops out in 20 ms", plan=["run", "run"],
          gaps=[1.0, 0.3], first_s=2.0, runup_s=8.0, pickup_s=0.025, dropout_s=0.02, aux_lag_s=0.002),
    _cond("overload_in_delta", 1404, "the fan jams in the second run: overload trip, Start before Reset",
          plan=["run", "overload"], gaps=[0.5, 0.5], runup_s=2.2, pickup_s=0.02, dropout_s=0.08,
          aux_lag_s=0.01),
    _cond("stop_in_star", 1405, "the operator stops the first start while still in star",
          plan=["star_stop", "run", "run"], gaps=[0.3, 0.8, 0.2], first_s=1.5, runup_s=5.5, pickup_s=0.018,
          dropout_s=0.035, aux_lag_s=0.004),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges; every parameter on its own (the operator's times
    follow the run-up, see _operator). One in four has an overload trip in delta, one in four a
    Stop while still in star. Run-up and drop-out log-uniform."""
    params = dict(runup_s=round(log_uniform(rng, 1.0, 8.0), 2),
                  pickup_s=round(rng.uniform(0.01, 0.025), 3),
                  dropout_s=round(log_uniform(rng, 0.02, 0.12), 3),
                  aux_lag_s=round(rng.uniform(0.002, 0.01), 3))
    r = rng.random()
    # an 'overload' entry is a run ended by the trip and, after Reset, a run that counts
    plan = (rng.choice((["run", "overload"], ["overload", "run"])) if r < 0.25 else
            (["star_stop", "run", "run"] if r < 0.5 else ["run", "run"]))
    gaps = [round(rng.uniform(0.0, 1.5), 2) for _ in plan]
    first = round(rng.uniform(0.5, 2.0), 2)
    cond = _cond("sampled", 0, "", plan=plan, gaps=gaps, first_s=first, **params)
    description = (f"run-up {params['runup_s']:g} s, K pick-up {params['pickup_s'] * 1000:.0f} ms, drop-out "
                   f"{params['dropout_s'] * 1000:.0f} ms, {'/'.join(plan)}")
    return dict(params=cond.params, operator=cond.operator, description=description)


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "stop_pb", "BOOL", "input", "stop_button", "contact",
            "Stop push button, NC contact: TRUE while NOT pressed, FALSE while pressed"),
    IOPoint("%IX0.2", "reset_pb", "BOOL", "input", "reset_button", "pressed",
            "Reset push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.3", "overload_ok", "BOOL", "input", "fan", "overload_ok",
            "Thermal overload relay, NC contact: TRUE while it has NOT tripped, FALSE once tripped (it "
            f"re-closes by itself about {COOL_S:g} s later, once cooled)"),
    IOPoint("%IX0.4", "k1_aux", "BOOL", "input", "fan", "k1_aux",
            "K1 (main) auxiliary contact, NO: TRUE while K1's main contacts are closed (it follows them a "
            "few "
            "ms later)"),
    IOPoint("%IX0.5", "k2_aux", "BOOL", "input", "fan", "k2_aux",
            "K2 (star) auxiliary contact, NO: TRUE while K2's main contacts are closed (it follows them a "
            "few "
            "ms later)"),
    IOPoint("%IX0.6", "k3_aux", "BOOL", "input", "fan", "k3_aux",
            "K3 (delta) auxiliary contact, NO: TRUE while K3's main contacts are closed (it follows them a "
            "few ms later)"),
    IOPoint("%IW0", "speed", "INT", "input", "fan", "speed", "Fan speed from the shaft tacho", "rpm",
            "0..1500"),
    IOPoint("%IW1", "current", "INT", "input", "fan", "current", "Motor current (K1 line)", "0.1 A",
            "0..2000"),
    IOPoint("%QX0.0", "k1", "BOOL", "output", "fan", "k1", "K1 main contactor coil: TRUE energises it"),
    IOPoint("%QX0.1", "k2", "BOOL", "output", "fan", "k2", "K2 star contactor coil: TRUE energises it"),
    IOPoint("%QX0.2", "k3", "BOOL", "output", "fan", "k3", "K3 delta contactor coil: TRUE energises it"),
)

TASK = Task(
    id="MOT-E14", title="Star-delta start by speed", suite="MOT", level="E",
    summary="Start a fan star-delta: star, change to delta at 85 % speed through K2's auxiliary contact, "
            "stop on Stop or overload, and lock out after a trip until Reset.",
    plant_description=(
        f"A fan driven by a {RATED_A:g} A (rated) induction motor, 1500 rpm synchronous, on a star-delta "
        "starter: K1 main contactor (line to the winding starts), K2 star contactor (shorts the winding "
        "ends), "
        "K3 delta contactor (line to the winding ends). K1 with K2 is star (a third of the torque and "
        "current), K1 with K3 is delta. K2 and K3 closed together short the supply. Each contactor's main "
        "contacts close 10-25 ms after its coil is energised and open 20-120 ms after it is switched off "
        "(the drop-out differs from run to run); its auxiliary contact reports the main contacts' state a "
        "few "
        "ms later. The open changeover leaves the motor unpowered: the longer the dead time, the larger the "
        "current spike when delta closes (the residual field is out of phase), and delta at low speed draws "
        "nearly the locked-rotor current (7 x rated). A thermal overload relay (NC contact) trips if the fan "
        "jams. How long the fan takes to run up differs from run to run. Operator panel: Start, Stop (NC), "
        "Reset."),
    specification=(
        "1. On Start (when allowed, see 4): close K2 (star) and then K1, within "
        f"{STAR_WITHIN_S:g} s of the press: the star connection must be made (both main contacts closed) by "
        "then.\n"
        f"2. When the fan has reached {DELTA_AT:.0%} of 1500 rpm ({DELTA_AT_RPM:.0f} rpm on %IW0), open "
        "K2; as "
        "soon as K2's auxiliary contact reports it open, close K3 (delta, with K1 still closed). The fan "
        "must "
        f"run in delta within {DELTA_WITHIN_S:g} s of reaching {DELTA_AT_RPM:.0f} rpm in star. Do not time "
        "the "
        "star stage or the changeover: run-up and drop-out times differ from run to run.\n"
        "3. Stop pressed, or the overload relay tripping (overload_ok FALSE): switch every coil off at once "
        f"(within {OFF_WITHIN_S:g} s).\n"
        "4. After an overload trip the starter stays locked: ignore Start until Reset has been pressed with "
        "the overload relay closed again; then a Start starts it as in 1. After a Stop, a new Start starts "
        "it.\n"
        "5. Keep every contactor open after the last Stop."),
    io=IO,
    completion=Completion(
        f"{CYCLES} start-run-stop cycles: each a Start (that is allowed), the fan running in delta at 95 % "
        "of "
        f"1500 rpm or more, then Stop with every coil off within {OFF_WITHIN_S:g} s (a run ended by an "
        "overload trip or a Stop before delta does not count); the star connection made within "
        f"{STAR_WITHIN_S:g} s of each allowed Start and delta within {DELTA_WITHIN_S:g} s of the fan "
        "reaching "
        f"{DELTA_AT_RPM:.0f} rpm in star; then every contactor open for {END_HOLD_S:g} s.",
        _completion,
        keep=_all_off,
        keep_wording="every contactor coil off and every contactor open."),
    safety_rules=(
        SafetyRule("MOT-E14-S1", "K2 (star) and K3 (delta) must never be closed at the same time.",
                   judges.never(_short_circuit, _short_circuit)),
        SafetyRule("MOT-E14-S2", f"The motor current must never exceed {CURRENT_LIMIT:g} x rated "
                   f"({CURRENT_LIMIT * RATED_A:.0f} A).", judges.never(_over_current, _over_current)),
        SafetyRule("MOT-E14-S3",
                   f"Every contactor coil must be off within {OFF_WITHIN_S:g} s of Stop being "
                   "pressed or the overload relay tripping.", OffAfterStop()),
        SafetyRule("MOT-E14-S4",
                   "No contactor coil may switch on unless an allowed Start has been pressed since "
                   "the last Stop or trip (after an overload trip: Reset pressed with the relay closed "
                   "again, then Start).", NoCloseWithoutStart()),
    ),
    parameters=(
        ParameterRange("runup_s", 1.0, 8.0, "s", "time the fan takes in star from rest to 85 % speed"),
        ParameterRange("pickup_s", 0.01, 0.025, "s", "contactor pick-up (coil on to main contacts closed)"),
        ParameterRange("dropout_s", 0.02, 0.12, "s", "contactor drop-out (coil off to main contacts open)"),
        ParameterRange("aux_lag_s", 0.002, 0.01, "s", "auxiliary contact behind the main contacts"),
        ParameterRange("first_start_s", 0.5, 2.0, "s", "when the operator first presses Start"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=90.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
