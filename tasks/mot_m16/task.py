"""MOT-M16 Guard-locked setup mode.

A servo slide inside a guard (sim.devices.axis.Axis) runs Auto cycles (home 0 mm -> 400 mm ->
home) behind a guard door with a guard-locking switch (sim.devices.guard_door.GuardDoor: the
door opens only once the bolt is out; 'closed' and 'locked' are fed back separately). An
operator's script (the condition) drives it: Start in Auto, then Entry during the cycles
(finish the cycle, stop, unlock), the operator opens the door, turns the mode selector to
Setup and jogs the slide with Jog+ / Jog- while holding a three-position enabling switch
(sim.devices.guard_door.EnablingSwitch), sometimes squeezing it to panic mid-jog; then he
leaves, closes the door, turns back to Auto and presses Start: lock, then three cycles.

Changes from the catalog entry, and why:
- S2 is "with the door not closed": the slide moves only at 50 mm/s or less, and only with
  the enabling switch enabling (it must be at rest 0.2 s after the switch leaves enabling: a
  slide cannot stop in no time). S3 is judged with the door closed (in Auto the slide moves
  only with the bolt's locked feedback), so an open door trips S2 alone and the catalog's trap
  (trusting door_closed without the lock feedback) trips S3 alone. S1 is judged on the unlock
  command (lock output falling) with the slide moving.
- Each Start runs exactly three cycles (the 'ordered cycles'), so the run has an end.
- A cycle must set off within 0.25 s of the lock feedback (not 0.5 s): the bolt times span only
  0.1-0.5 s, so with 0.5 s a fixed wait for the slowest bolt instead of door_locked earned 1
  (counterexamples/fixed_bolt_wait.st). A move out started after Entry fails the run: the unlock
  clock is excused while the slide is away from home (a cycle under way), so without it a
  program that ran all its cycles before serving Entry slipped through where Entry came late
  (counterexamples/cycles_after_entry.st).
- The judges follow the operator's script, so a tracker of this task (ScriptState below)
  says which phase the run is in (a Start pending, an Entry pending): written for this task
  because what each step must do depends on the script.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis
from sim.devices.guard_door import EnablingSwitch, GuardDoor
from sim.devices.panel import PushButton, SelectorSwitch
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, axis_io

FAR_MM = 400.0
AT_MM = 1.0
CYCLES = 3
JOG_MAX = 50.0
SPEED_TOL = 1.02
STOP_GRACE_S = 0.2
MOVED_MM = 0.01
UNLOCK_WITHIN_S = 1.0
LOCK_WITHIN_S = 0.5
MOVE_WITHIN_S = 0.25      # the bolt times span 0.4 s: a fixed slowest-bolt wait is late
JOG_WITHIN_S = 0.3
JOG_BY_MM = 1.0
HOLD_S = 2.0
EDGE_GRACE_MS = 50  # a move out accepted this soon after Entry was already under way
AUTO, SETUP = 0, 1


def _script(p) -> list[OperatorAction]:
    """The operator's actions from the condition's times (see the module docstring)."""
    t = p["start_s"]
    acts = [OperatorAction(t, "press", "start_pb"), OperatorAction(t + 0.3, "release", "start_pb")]
    e = t + p["entry_after_s"]
    acts += [
        OperatorAction(e, "press", "entry_pb"),
        OperatorAction(e + 0.3, "release", "entry_pb"),
        OperatorAction(e + 0.5, "press", "door"),
    ]  # he pulls until the door opens
    s = e + 6.5  # in time even after a slow stop
    acts += [OperatorAction(s, "select", "mode", SETUP), OperatorAction(s + 0.5, "select", "enabling", 1)]
    j1 = s + 1.0
    acts += [OperatorAction(j1, "press", "jog_plus_pb")]
    if p["panic"]:
        half = j1 + p["jog1_s"] / 2
        acts += [
            OperatorAction(half, "select", "enabling", 2),
            OperatorAction(half + 0.4, "select", "enabling", 0),
            OperatorAction(half + 0.8, "select", "enabling", 1),
        ]
    acts += [OperatorAction(j1 + p["jog1_s"], "release", "jog_plus_pb")]
    j2 = j1 + p["jog1_s"] + 0.6
    acts += [
        OperatorAction(j2, "press", "jog_minus_pb"),
        OperatorAction(j2 + p["jog2_s"], "release", "jog_minus_pb"),
    ]
    out = j2 + p["jog2_s"] + 0.5
    acts += [
        OperatorAction(out, "select", "enabling", 0),
        OperatorAction(out + 0.8, "release", "door"),
        OperatorAction(out + 1.5 + p["leave_s"], "select", "mode", AUTO),
    ]
    st = out + 2.0 + p["leave_s"]
    acts += [OperatorAction(st, "press", "start_pb"), OperatorAction(st + 0.3, "release", "start_pb")]
    return acts


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(
        Axis(
            "slide",
            origin=(150.0, 250.0),
            limit_minus_mm=-20.0,
            limit_plus_mm=470.0,
            rail_min_mm=-40.0,
            rail_max_mm=490.0,
            start_mm=p["start_mm"],
            max_speed=250.0,
            accel=p["accel"],
            jog_speed=120.0,
            settle_s=0.05,
            label="slide",
        )
    )
    plant.add(
        GuardDoor("door", x=300.0, y=420.0, width=260.0, lock_s=p["lock_s"], open_s=0.6, label="guard door")
    )
    plant.add(SelectorSwitch("mode", ("Auto", "Setup"), label="Mode", start=AUTO))
    plant.add(EnablingSwitch("enabling", label="Enabling"))
    for name, label, colour in (
        ("start_pb", "Start", "green"),
        ("entry_pb", "Entry", "yellow"),
        ("jog_plus_pb", "Jog +", "white"),
        ("jog_minus_pb", "Jog -", "white"),
    ):
        plant.add(PushButton(name, label=label, color=colour))
    return plant


class Devices:
    def __init__(self, plant):
        self.slide = plant.device("slide", Axis)
        self.door = plant.device("door", GuardDoor)
        self.mode = plant.device("mode", SelectorSwitch)
        self.enabling = plant.device("enabling", EnablingSwitch)
        self.start = plant.device("start_pb", PushButton)
        self.entry = plant.device("entry_pb", PushButton)
        self.jog_plus = plant.device("jog_plus_pb", PushButton)
        self.jog_minus = plant.device("jog_minus_pb", PushButton)


# --- judges ------------------------------------------------------------------------------


def _home(s) -> bool:
    return abs(s.devices.slide.pos) <= AT_MM


def _at_rest(s) -> bool:
    return s.devices.slide.vel == 0.0


def _auto(s) -> bool:
    return s.devices.mode.position == AUTO


class ScriptState:
    """Where the run stands in the operator's script, updated once a scan (shared by the
    judges of one completion): the Starts pressed, the cycles run since the last one (a cycle:
    out to 400 mm and back home), and whether an Entry is waiting to be served."""

    def __init__(self):
        self.time_ms = -1
        self.starts = 0
        self.cycles = 0
        self.went_out = False
        self.entry = False
        self.running = False  # a Start taken and no Entry served since
        self.entry_ms = 0
        self.extra = 0  # moves out started after an Entry (a cycle it should not start)
        self.out_was = False
        self.start_was = self.entry_was = False

    def update(self, s):
        if s.time_ms == self.time_ms:
            return self
        self.time_ms = s.time_ms
        d = s.devices
        start, entry = d.start.is_pressed, d.entry.is_pressed
        if start and not self.start_was and _auto(s):
            self.starts += 1
            self.cycles, self.went_out, self.entry, self.running = 0, False, False, True
        if entry and not self.entry_was and self.starts and not self.entry:
            self.entry, self.entry_ms = True, s.time_ms
        out = d.slide.moving_to_target and (d.slide.target_mm or 0.0) > AT_MM
        if out and not self.out_was and self.entry and s.time_ms - self.entry_ms > EDGE_GRACE_MS:
            self.extra += 1
        self.out_was = out
        self.start_was, self.entry_was = start, entry
        pos = d.slide.pos
        if pos >= FAR_MM - AT_MM:
            self.went_out = True
        elif self.went_out and abs(pos) <= AT_MM:
            self.went_out = False
            self.cycles += 1
        if self.entry and not d.door.closed:
            self.entry = self.running = False  # the operator is in: served
        return self


def _completion():
    st = ScriptState()

    def locked(s):
        return s.devices.door.locked

    def bolt_in(s):
        return 1.0 - s.devices.door.bolt

    def bolt_out(s):
        return s.devices.door.bolt

    lock = judges.progress_within(
        f"the door locked within {LOCK_WITHIN_S:g} s of Start in Auto with the door closed",
        lambda s: (
            st.update(s).running
            and _auto(s)
            and s.devices.door.closed
            and not st.entry
            and st.cycles < CYCLES
            and not locked(s)
        ),
        [
            judges.Way(
                "the lock's bolt",
                bolt_in,
                by=0.2,
                until=locked,
                arrive_s=lambda s: LOCK_WITHIN_S + s.params["lock_s"] + 0.1,
            )
        ],
        LOCK_WITHIN_S,
        late=lambda t: (
            f"from {t:g} s Start was pressed in Auto with the door closed, but the bolt had not "
            f"set off in {LOCK_WITHIN_S:g} s later"
        ),
    )
    cycle = judges.progress_within(
        f"the next cycle setting off within {MOVE_WITHIN_S:g} s of the door locked with cycles to run",
        lambda s: (
            st.update(s).running
            and _auto(s)
            and locked(s)
            and not st.entry
            and st.cycles < CYCLES
            and _home(s)
            and _at_rest(s)
        ),
        [judges.Way("the slide going out", lambda s: FAR_MM - s.devices.slide.pos, by=2.0)],
        MOVE_WITHIN_S,
        excused=lambda s: st.update(s).entry or not st.running,  # an Entry stops the cycles
        late=lambda t: (
            f"from {t:g} s the door was locked with cycles still to run, but the slide had not set "
            f"off {MOVE_WITHIN_S:g} s later"
        ),
    )
    unlock = judges.progress_within(
        f"the door unlocked within {UNLOCK_WITHIN_S:g} s of the slide home at rest after Entry",
        lambda s: st.update(s).entry and _home(s) and _at_rest(s) and s.devices.door.bolt > 0.0,
        [
            judges.Way(
                "the lock's bolt",
                bolt_out,
                by=0.2,
                until=lambda s: s.devices.door.bolt <= 0.0,
                arrive_s=lambda s: UNLOCK_WITHIN_S + s.params["lock_s"] + 0.1,
            )
        ],
        UNLOCK_WITHIN_S,
        # Entry just as the next cycle was started: that cycle is the one under way, to finish first
        excused=lambda s: not _home(s),
        late=lambda t: (
            f"from {t:g} s the slide was home at rest after Entry, but the door had not begun to "
            f"unlock {UNLOCK_WITHIN_S:g} s later"
        ),
    )
    extra = CountGrows(
        lambda s: st.update(s).extra,
        "a new cycle was started after Entry (finish the one under way, start no other)",
    )
    watches = [lock, cycle, unlock, extra]
    for sign, button in ((1, "jog_plus"), (-1, "jog_minus")):

        def cause(s, sign=sign, button=button):
            d = s.devices
            own, other = getattr(d, button), getattr(d, "jog_minus" if sign > 0 else "jog_plus")
            return (
                d.mode.position == SETUP
                and d.enabling.enabled
                and own.is_pressed
                and not other.is_pressed
                and d.slide.pos * sign < (450.0 if sign > 0 else 0.0)
            )

        watches.append(
            judges.progress_within(
                f"the slide jogging {'+' if sign > 0 else '-'} within {JOG_WITHIN_S:g} s of the press",
                cause,
                [judges.Way("the slide", lambda s, sign=sign: -sign * s.devices.slide.pos, by=JOG_BY_MM)],
                JOG_WITHIN_S,
                late=lambda t, sign=sign: (
                    f"from {t:g} s Jog {'+' if sign > 0 else '-'} was held in Setup with the "
                    f"enabling switch enabling, but the slide had not moved {JOG_BY_MM:g} mm "
                    f"{JOG_WITHIN_S:g} s later"
                ),
            )
        )

    def final_cycles(s):
        st.update(s)
        return st.starts >= 2 and st.cycles >= CYCLES

    def parked(s):
        return _home(s) and _at_rest(s) and s.devices.door.locked and s.devices.door.lock_coil

    return judges.watched(
        judges.in_order(
            judges.event("the operator got in through the door", lambda s: bool(s.devices.door.opened_at)),
            judges.event(f"{CYCLES} cycles after the last Start", final_cycles),
            judges.held("the slide home at rest with the door locked", parked, HOLD_S),
        ),
        *watches,
    )


# --- safety ------------------------------------------------------------------------------


class UnlockMoving(judges.Monitor):
    """S1: the lock output falls only with the slide at rest."""

    def __init__(self):
        self.coil_was: bool | None = None
        self.pos_was: float | None = None

    def check(self, s):
        d = s.devices
        coil, pos = d.door.lock_coil, d.slide.pos
        coil_was, pos_was = self.coil_was, self.pos_was
        self.coil_was, self.pos_was = coil, pos
        if (
            coil_was
            and not coil
            and (d.slide.vel != 0.0 or (pos_was is not None and abs(pos - pos_was) > MOVED_MM))
        ):
            return f"the door was unlocked with the slide moving at {pos:.1f} mm"
        return None


class OpenDoorMotion(judges.Monitor):
    """S2: with the door not closed, at most 50 mm/s, and only while enabling (at rest 0.2 s
    after the switch leaves enabling)."""

    def __init__(self):
        self.pos_was: float | None = None
        self.disabled_ms: int | None = None

    def check(self, s):
        d = s.devices
        pos, pos_was = d.slide.pos, self.pos_was
        self.pos_was = pos
        if d.enabling.enabled:
            self.disabled_ms = None
        elif self.disabled_ms is None:
            self.disabled_ms = s.time_ms
        if d.door.closed or pos_was is None:
            return None
        moved = abs(pos - pos_was) > MOVED_MM
        if abs(d.slide.vel) > JOG_MAX * SPEED_TOL:
            return f"the slide ran at {abs(d.slide.vel):.0f} mm/s with the door open"
        if moved and self.disabled_ms is not None and s.time_ms - self.disabled_ms > STOP_GRACE_S * 1000:
            return "the slide moved with the door open and the enabling switch not enabling"
        return None


def _auto_unlocked(s):
    d = s.devices
    if _auto(s) and d.door.closed and not d.door.locked and d.slide.vel != 0.0:
        return "the slide moved in Auto with the door closed but not locked"
    return None


# --- conditions --------------------------------------------------------------------------


def _cond(name, seed, description, **p):
    return Condition(name, seed, p, description, tuple(_script(p)))


CONDITIONS = (
    _cond(
        "nominal",
        1601,
        "entry mid-cycle, medium lock, no panic",
        start_mm=0.0,
        accel=1000.0,
        lock_s=0.25,
        start_s=1.0,
        entry_after_s=3.0,
        jog1_s=2.0,
        jog2_s=1.0,
        leave_s=1.0,
        panic=0,
    ),
    _cond(
        "slow_lock_early_entry_panic",
        1602,
        "slow bolt, Entry in the first cycle, a panic mid-jog",
        start_mm=120.0,
        accel=600.0,
        lock_s=0.5,
        start_s=0.5,
        entry_after_s=1.5,
        jog1_s=3.0,
        jog2_s=0.5,
        leave_s=0.5,
        panic=1,
    ),
    _cond(
        "quick_lock_late_entry",
        1603,
        "quick bolt, Entry in the third cycle, slide away from home",
        start_mm=300.0,
        accel=2000.0,
        lock_s=0.1,
        start_s=2.0,
        entry_after_s=8.0,
        jog1_s=1.0,
        jog2_s=2.0,
        leave_s=2.0,
        panic=0,
    ),
    _cond(
        "panic_quick_lock",
        1604,
        "quick bolt, a panic, short jogs",
        start_mm=0.0,
        accel=1500.0,
        lock_s=0.15,
        start_s=1.5,
        entry_after_s=5.0,
        jog1_s=1.5,
        jog2_s=0.8,
        leave_s=0.3,
        panic=1,
    ),
    _cond(
        "slow_ramp_medium",
        1605,
        "slow ramps, medium bolt, Entry late in a cycle",
        start_mm=50.0,
        accel=500.0,
        lock_s=0.35,
        start_s=0.8,
        entry_after_s=6.0,
        jog1_s=2.5,
        jog2_s=1.5,
        leave_s=1.5,
        panic=0,
    ),
)


def _sample(rng: random.Random) -> dict:
    """Every time and the bolt independently from the published ranges."""
    p = dict(
        start_mm=round(rng.uniform(0.0, 400.0), 1),
        accel=round(rng.uniform(500.0, 2000.0), 1),
        lock_s=round(rng.uniform(0.1, 0.5), 3),
        start_s=round(rng.uniform(0.5, 2.0), 2),
        entry_after_s=round(rng.uniform(1.5, 8.0), 2),
        jog1_s=round(rng.uniform(1.0, 3.0), 2),
        jog2_s=round(rng.uniform(0.5, 2.0), 2),
        leave_s=round(rng.uniform(0.3, 2.0), 2),
        panic=int(rng.random() < 0.4),
    )
    return dict(
        params=p,
        operator=tuple(_script(p)),
        description=f"bolt {p['lock_s']:g} s, Entry {p['entry_after_s']:g} s after Start"
        + (", panic" if p["panic"] else ""),
    )


IO = (
    IOPoint(
        "%IX0.0",
        "door_closed",
        "BOOL",
        "input",
        "door",
        "closed",
        "Door switch: TRUE only with the guard door fully shut (it says nothing about the lock)",
    ),
    IOPoint(
        "%IX0.1",
        "door_locked",
        "BOOL",
        "input",
        "door",
        "locked",
        "Guard-lock feedback: TRUE only with the bolt fully in (door shut and locked)",
    ),
    IOPoint(
        "%IX0.2",
        "enabling_ok",
        "BOOL",
        "input",
        "enabling",
        "enabled",
        "Three-position enabling switch: TRUE only in its middle (enabling) position; FALSE released or "
        "squeezed to panic (and after a panic until it has been let go)",
    ),
    IOPoint(
        "%IX0.3", "mode_setup", "BOOL", "input", "mode", "pos1", "Mode selector: TRUE in Setup, FALSE in Auto"
    ),
    IOPoint(
        "%IX0.4",
        "jog_plus_pb",
        "BOOL",
        "input",
        "jog_plus_pb",
        "pressed",
        "Jog + button (NO): TRUE while held",
    ),
    IOPoint(
        "%IX0.5",
        "jog_minus_pb",
        "BOOL",
        "input",
        "jog_minus_pb",
        "pressed",
        "Jog - button (NO): TRUE while held",
    ),
    IOPoint(
        "%IX0.6",
        "entry_pb",
        "BOOL",
        "input",
        "entry_pb",
        "pressed",
        "Entry request button (NO): TRUE while held",
    ),
    IOPoint(
        "%IX0.7", "start_pb", "BOOL", "input", "start_pb", "pressed", "Start button (NO): TRUE while held"
    ),
    *axis_io(
        "slide",
        ("%IX1.0", "in_position"),
        ("%IX1.1", "standstill"),
        limit_minus_mm=-20.0,
        limit_plus_mm=470.0,
    ),
    IOPoint(
        "%IW0",
        "actual_position",
        "INT",
        "input",
        "slide",
        "position",
        "Actual slide position",
        "0.1 mm",
        "-200..4700",
    ),
    *axis_io("slide", ("%QX0.0", "drive_enable")),
    IOPoint(
        "%QX0.1",
        "start_move",
        "BOOL",
        "output",
        "slide",
        "start",
        "Rising edge starts a move to target_position at move_speed",
    ),
    IOPoint(
        "%QX0.2",
        "jog_plus",
        "BOOL",
        "output",
        "slide",
        "jog_plus",
        "While TRUE (and no move running) the slide runs + at move_speed (0: the drive's jog speed, "
        "120 mm/s), ramping; FALSE: it ramps to a stop",
    ),
    IOPoint("%QX0.3", "jog_minus", "BOOL", "output", "slide", "jog_minus", "As jog_plus, toward -"),
    IOPoint(
        "%QX0.4",
        "door_lock",
        "BOOL",
        "output",
        "door",
        "lock",
        "Guard-lock solenoid: TRUE drives the bolt in (only with the door shut; it takes the lock's time), "
        "FALSE withdraws it (the same time); the door opens only with the bolt out",
    ),
    IOPoint(
        "%QW0",
        "target_position",
        "INT",
        "output",
        "slide",
        "target",
        "Target of the next move",
        "0.1 mm",
        "0..4500",
    ),
    IOPoint(
        "%QW1",
        "move_speed",
        "INT",
        "output",
        "slide",
        "speed",
        "Speed of moves and jogs; 0 = the drive's configured speed (250 mm/s for moves, 120 mm/s for jogs)",
        "mm/s",
        "0..250",
    ),
)

TASK = Task(
    id="MOT-M16",
    title="Guard-locked setup mode",
    suite="MOT",
    level="M",
    summary="Run Auto cycles only behind a locked guard door; on Entry finish the cycle, stop and unlock; in "
    "Setup jog the slide slowly only while the enabling switch is held; back in Auto lock and run.",
    plant_description=(
        "A servo slide (0 mm home, positive out; limit switches at -20 mm and 470 mm) inside a guard. The "
        "guard door has a guard-locking switch: a bolt driven in by the lock solenoid (it takes a time to go "
        "in or out, and goes in only with the door shut); the door can be opened only with the bolt out. "
        "The door switch (door_closed) and the bolt feedback (door_locked) are separate: a shut door is "
        "not a "
        "locked one. A mode selector (Auto/Setup), an enabling switch (three positions), Jog + / Jog -, "
        "Entry "
        "and Start buttons. At power-up the slide stands anywhere, the drive is off, the door is shut but "
        "not "
        "locked and the selector is in Auto. An operator then: presses Start; some seconds later presses "
        "Entry and pulls the door until it opens; turns to Setup, holds the enabling switch in its middle "
        "position and jogs + then - (he may squeeze it to panic mid-jog, let go and enable again); lets go, "
        "closes the door, turns to Auto and presses Start."
    ),
    specification=(
        "1. Start (in Auto): lock the door (door_lock TRUE; the bolt must set off within "
        f"{LOCK_WITHIN_S:g} s of "
        "Start with the door shut), and only once door_locked is TRUE run "
        f"{CYCLES} cycles: out to {FAR_MM:g} mm and back home to 0 mm (within {AT_MM:g} mm), each cycle "
        f"moving 2 mm out within {MOVE_WITHIN_S:g} s of the slide home at rest with the door locked. A slide "
        "found "
        "away from home goes home first (with the door locked).\n"
        "2. Entry: finish the cycle under way (back home), start no other (a move out started later than "
        f"{EDGE_GRACE_MS} ms after the Entry press fails the run), and with the slide at rest at home "
        f"unlock (door_lock FALSE): the bolt must set off within {UNLOCK_WITHIN_S:g} s of the slide at "
        "rest at "
        "home. Never unlock while the slide moves.\n"
        "3. Setup: jog at most 50 mm/s (move_speed 50 or less) only while a jog button is held and "
        "enabling_ok "
        f"is TRUE: the slide must have moved {JOG_BY_MM:g} mm within {JOG_WITHIN_S:g} s of the press (jog + "
        f"below 450 mm, jog - above 0 mm). When enabling_ok drops (released or panic), stop: with the door "
        f"open the slide must be at rest within {STOP_GRACE_S:g} s. With the door open the slide never moves "
        "faster than 50 mm/s.\n"
        "4. Back in Auto with the door shut, on Start: lock again as in 1, and only with door_locked run the "
        f"{CYCLES} cycles; then keep the slide home at rest with the door locked.\n"
        "In Auto the slide must never move with the door shut but not locked. Bolt time, ramps, the start "
        "position and the operator's timing differ from run to run."
    ),
    io=IO,
    completion=Completion(
        "The operator got in (the door opened after Entry), and after the last Start the slide ran its "
        f"{CYCLES} cycles; then it stays home at rest with the door locked (door_lock on) for {HOLD_S:g} "
        "s. On "
        f"the way: lock within {LOCK_WITHIN_S:g} s of Start, each cycle within {MOVE_WITHIN_S:g} s of the "
        "slide "
        f"home and the door locked, unlock within {UNLOCK_WITHIN_S:g} s of the slide home at rest after "
        "Entry, "
        f"each jog moving {JOG_BY_MM:g} mm within {JOG_WITHIN_S:g} s of its press while enabled in Setup.",
        _completion,
        keep=lambda s: _home(s) and _at_rest(s) and s.devices.door.locked and s.devices.door.lock_coil,
        keep_wording="the slide home at rest, the door locked with door_lock on.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-M16-S1",
            "The door is never unlocked (door_lock falling) while the slide moves.",
            UnlockMoving(),
        ),
        SafetyRule(
            "MOT-M16-S2",
            f"With the door not shut the slide never moves faster than {JOG_MAX:g} mm/s, "
            f"and moves only while the enabling switch is enabling (at rest within {STOP_GRACE_S:g} s "
            "of it leaving that position).",
            OpenDoorMotion(),
        ),
        SafetyRule(
            "MOT-M16-S3",
            "In Auto the slide never moves with the door shut but not locked (door_locked FALSE).",
            judges.never(lambda s: _auto_unlocked(s) is not None, _auto_unlocked),
        ),
    ),
    parameters=(
        ParameterRange("start_mm", 0.0, 400.0, "mm", "slide position at power-up"),
        ParameterRange("accel", 500.0, 2000.0, "mm/s^2", "drive acceleration and deceleration"),
        ParameterRange("lock_s", 0.1, 0.5, "s", "bolt travel time, in or out"),
        ParameterRange("start_s", 0.5, 2.0, "s", "first Start press"),
        ParameterRange("entry_after_s", 1.5, 8.0, "s", "Entry press after the first Start"),
        ParameterRange("jog1_s", 1.0, 3.0, "s", "how long Jog + is held"),
        ParameterRange("jog2_s", 0.5, 2.0, "s", "how long Jog - is held"),
        ParameterRange("leave_s", 0.3, 2.0, "s", "extra time the operator takes to leave"),
        ParameterRange("panic", 0, 1, "", "1 = the operator squeezes the enabling switch to panic mid-jog"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=60.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
