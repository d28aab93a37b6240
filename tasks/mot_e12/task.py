"""MOT-E12 E-stop stop and acknowledged restart.

After Start a servo slide cycles between two positions the host gives (A and B). The operator
may hit the E-stop (an NC contact) at any time: the program must stop the slide and disable the
drive within 0.5 s and show red; the slide must not move again until the E-stop has been pulled
out, Reset has been pressed after that, and Start after that; then it resumes the interrupted
move within 0.5 s. The operator also presses Reset while the E-stop is still in, and Start
before Reset, which must change nothing. The drive, the positions, the operator's timing and
the number of trips vary per condition.

Changes from the catalog entry, and why:
- Trips come 1.5-5 s after Start and a second 1.5-2.5 s after the first restart (not 2-12 s):
  the fastest drive of the range finishes the six cycles in under 8 s of motion, and a trip
  after completion would fail a correct program in the post-completion window.
- S1 asks for the drive disabled as well as the slide still ("stop, disable" in the catalog's
  job): a slide merely held by the drive is not safe against a restart.
- S2 also forbids motion before the first Start (as MOT-E01's S3), and S3 asks for green off
  while red is owed, so the stack light never says "running" during a trip.
- The cycle and trip bookkeeping (_Cycle) is one object per run, shared by the judges through
  plant.shared: what counts as "interrupted move" and "acknowledged" is the same for all of them.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis, ValueWord, to_word
from sim.devices.panel import EmergencyStop, PushButton, StackLight
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import axis_io, drive_ranges, log_uniform, store_drive_fault

CYCLES = 6               # A -> B -> A
WINDOW_MM = 0.5
STOP_WITHIN_S = 0.5      # still and disabled within this of a trip
RESUME_WITHIN_S = 0.5    # the interrupted move resumes within this of the restart
SET_OFF_MM = 1.0
STILL_MM = 0.05
HOLD_S = 2.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 505.0
IDLE, RUN, TRIPPED, PULLED, RESET = "idle", "run", "tripped", "pulled out", "reset"


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    slide = plant.add(Axis(
        "slide", origin=(150.0, 300.0), angle_deg=0.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-30.0, rail_max_mm=530.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
        carriage_length_mm=60.0, carriage_width_mm=80.0, rail_width_mm=40.0, label="slide"))
    if p.get("fault_at_start"):
        store_drive_fault(slide)
    plant.add(ValueWord("position_a", to_word(p["a_mm"]), position=(560.0, 140.0), label="position A",
                        units="mm", scale=0.1))
    plant.add(ValueWord("position_b", to_word(p["b_mm"]), position=(700.0, 140.0), label="position B",
                        units="mm", scale=0.1))
    plant.add(EmergencyStop("estop", x=140.0, y=120.0))
    plant.add(PushButton("reset_button", x=240.0, y=120.0, label="Reset", color="blue"))
    plant.add(PushButton("start_button", x=330.0, y=120.0, label="Start", color="green"))
    plant.add(StackLight("stack_light", x=430.0, y=120.0, label="Status"))
    return plant


# --- judges -------------------------------------------------------------------------------

class _Cycle:
    """The run's E-stop and cycle bookkeeping, updated once per scan (whichever judge asks
    first): the phase (idle, run, tripped, pulled out, reset), when the last trip came, where
    the slide was held, the next end it is bound for and how many arrivals it has made."""

    def __init__(self):
        self.scan = -1
        self.phase = IDLE
        self.trip_ms = 0
        self.run_since = -1        # scan the phase last became run (a start or a restart)
        self.hold: float | None = None
        self.dest = "A"
        self.arrivals = 0
        self.arrived_scan = -1     # scan of the last arrival
        self.was_start = self.was_reset = False

    def update(self, s) -> _Cycle:
        if self.scan == s.scan:
            return self
        self.scan = s.scan
        slide, estop = s.devices
        start, reset = bool(s.io["start_pb"]), bool(s.io["reset_pb"])
        start_edge, reset_edge = start and not self.was_start, reset and not self.was_reset
        self.was_start, self.was_reset = start, reset
        if estop.tripped and self.phase != TRIPPED:
            self.phase, self.trip_ms, self.hold = TRIPPED, s.time_ms, None
        elif self.phase == TRIPPED and not estop.tripped:
            self.phase = PULLED
        elif self.phase == PULLED and reset_edge:
            self.phase = RESET
        elif self.phase in (RESET, IDLE) and start_edge:
            self.phase, self.run_since, self.hold = RUN, s.scan, None
        if self.phase != RUN:
            if self.hold is None and (self.phase == IDLE or slide.vel == 0.0):
                self.hold = s.params["start_mm"] if self.phase == IDLE else slide.pos
        elif slide.in_position and abs(slide.pos - self.dest_mm(s)) <= WINDOW_MM:
            # arrival as the specification words it: the drive reports in position there
            self.arrivals += 1
            self.arrived_scan = s.scan
            self.dest = "B" if self.dest == "A" else "A"
        return self

    def dest_mm(self, s) -> float:
        return s.params["a_mm"] if self.dest == "A" else s.params["b_mm"]


def _cycle(s) -> _Cycle:
    return s.plant.shared("mot_e12.cycle", _Cycle).update(s)


def _devices(plant):
    return plant.device("slide", Axis), plant.device("estop", EmergencyStop)


def _at_a(s) -> bool:
    slide = s.devices[0]
    return slide.vel == 0.0 and abs(slide.pos - s.params["a_mm"]) <= WINDOW_MM


def _cycles_done(s) -> bool:
    c = _cycle(s)
    return c.arrivals >= 1 + 2 * CYCLES          # the first arrival at A, then B, A six times


def _moves_on():
    # Judged by real progress toward the end the slide is bound for, from each scan it may and
    # must move (the first Start, each restart, each arrival at an end but the last): the distance
    # must shrink by SET_OFF_MM within 0.5 s and go on to arrival. A slide already standing there
    # owes nothing; an E-stop ends the episode. Without the arrivals, a schedule that waits the
    # slowest published move at each end passed the condition without a trip.
    def dist(s):
        c = _cycle(s)
        return abs(s.devices[0].pos - c.dest_mm(s))

    def due(s):
        c = _cycle(s)
        return c.run_since == s.scan or (c.arrived_scan == s.scan and not _cycles_done(s))
    def allowance(s):
        # a slide stopped at an end before the drive confirmed it: a program may first re-send
        # the interrupted move and wait for in_position (the drive's response and settle time)
        c = _cycle(s)
        if c.run_since >= 0 and s.scan - c.run_since <= 30 and c.arrived_scan == s.scan:
            return s.params["response_s"] + s.params["settle_s"] + 0.1
        return 0.0
    return judges.progress_within(
        f"the slide moving on within {RESUME_WITHIN_S:g} s of Start or of arriving at an end",
        cause=due,
        ways=[judges.Way("the slide", dist, by=SET_OFF_MM, until=lambda s: dist(s) <= WINDOW_MM)],
        within_s=RESUME_WITHIN_S, allowance_s=allowance,
        excused=lambda s: dist(s) <= WINDOW_MM or _cycle(s).phase != RUN or _cycles_done(s),
        late=lambda t: (f"the slide could move on at {t:g} s but had not closed {SET_OFF_MM:g} mm "
                        f"toward the end it was bound for {RESUME_WITHIN_S:g} s later"))


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: _cycle(s).phase != IDLE),
            judges.event(f"{CYCLES} cycles A -> B -> A", _cycles_done),
            judges.held("the slide at rest at A with green on", lambda s: _at_a(s) and s.io["green"], HOLD_S),
        ),
        _moves_on())


def _end_state_kept(s) -> bool:
    slide = s.devices[0]
    return _at_a(s) and bool(s.io["green"]) and slide.enabled and not slide.fault


def _not_stopped(s):
    c = _cycle(s)
    if c.phase in (TRIPPED, PULLED) and s.time_ms - c.trip_ms > STOP_WITHIN_S * 1000:
        slide = s.devices[0]
        if slide.vel != 0.0 or slide.enabled:
            what = "still moving" if slide.vel != 0.0 else "stopped but the drive still enabled"
            return (f"{STOP_WITHIN_S:g} s after the E-stop at {c.trip_ms / 1000:g} s the slide was {what}")
    return None


def _moved_unacknowledged(s):
    c = _cycle(s)
    if c.phase != RUN and c.hold is not None and abs(s.devices[0].pos - c.hold) > STILL_MM:
        why = "before Start" if c.phase == IDLE else f"with the E-stop sequence at '{c.phase}'"
        return f"the slide moved from {c.hold:.2f} mm to {s.devices[0].pos:.2f} mm {why}"
    return None


def _red_owed(s):
    c = _cycle(s)
    if c.phase in (TRIPPED, PULLED) and (not s.io["red"] or s.io["green"]):
        return (f"the E-stop is {'pressed' if c.phase == TRIPPED else 'pulled out but not reset'} "
                f"and the stack light shows {'green' if s.io['green'] else 'no red'}")
    return None


# --- conditions ------------------------------------------------------------------------------

def _script(rng: random.Random, start_s: float, trips: int):
    """Operator actions: Start at start_s; each trip 1.5-5 s after Start (the second 1.5-2.5 s
    after the first restart), held in 1-3 s, then pulled out; Reset 0.5-1.5 s later, Start
    0.5-1.5 s after that. With reset_while_tripped a Reset press comes while the E-stop is in;
    with start_before_reset a Start press comes between pull-out and Reset. Returns the actions
    and the drawn times (as numbers, for the published ranges)."""
    acts = [OperatorAction(start_s, "press", "start_button"),
            OperatorAction(round(start_s + 0.3, 2), "release", "start_button")]
    restart, times, extras = start_s, [], []
    for n in range(trips):
        before = restart
        trip = round(restart + (rng.uniform(1.5, 5.0) if n == 0 else rng.uniform(1.5, 2.5)), 2)
        held = rng.uniform(1.0, 3.0)
        out = round(trip + held, 2)
        reset = round(out + rng.uniform(0.5, 1.5), 2)
        restart = round(reset + rng.uniform(0.5, 1.5), 2)
        acts += [OperatorAction(trip, "trip_estop", "estop"), OperatorAction(out, "reset_estop", "estop")]
        if rng.random() < 0.5:       # Reset while the E-stop is still in: must change nothing
            t = round(trip + held / 2, 2)
            acts += [OperatorAction(t, "press", "reset_button"),
                     OperatorAction(round(t + 0.2, 2), "release", "reset_button")]
            extras.append("Reset while tripped")
        if rng.random() < 0.5 and reset - out >= 0.5:   # Start before Reset: must change nothing
            t = round(out + 0.2, 2)
            acts += [OperatorAction(t, "press", "start_button"),
                     OperatorAction(round(t + 0.2, 2), "release", "start_button")]
            extras.append("Start before Reset")
        acts += [OperatorAction(reset, "press", "reset_button"),
                 OperatorAction(round(reset + 0.3, 2), "release", "reset_button"),
                 OperatorAction(restart, "press", "start_button"),
                 OperatorAction(round(restart + 0.3, 2), "release", "start_button")]
        times.append(round(trip - before, 2))
    return tuple(sorted(acts, key=lambda a: a.time_s)), tuple(times), extras


def _condition(name, seed, description, *, script_seed, start_press_s, trips, **params):
    rng = random.Random(script_seed)
    operator, times, _ = _script(rng, start_press_s, trips)
    params.update(start_press_s=start_press_s, trips=trips, trip_after_start_s=times)
    return Condition(name, seed, params, description, operator=operator)


CONDITIONS = (
    _condition("nominal", 1201, "one trip mid-cycle, brisk drive", script_seed=11, start_press_s=1.0,
               trips=1, start_mm=50.0, a_mm=50.0, b_mm=400.0, max_speed=250.0, accel=1000.0, settle_s=0.05),
    _condition("two_trips_slow", 1202, "two trips, slow soft drive, slide away from A at power-up",
               script_seed=12, start_press_s=1.6, trips=2, start_mm=260.0, a_mm=120.0, b_mm=330.0,
               max_speed=100.0, accel=300.0, settle_s=0.25, response_s=0.1),
    _condition("no_trip_fault", 1203, "no trip, a stored drive fault, fast drive", script_seed=13,
               start_press_s=0.5, trips=0, start_mm=480.0, a_mm=20.0, b_mm=300.0, max_speed=400.0,
               accel=2000.0, settle_s=0.03, response_s=0.0, fault_at_start=1),
    _condition("two_trips_fast", 1204, "two trips, fast stiff drive, short stroke", script_seed=14,
               start_press_s=2.0, trips=2, start_mm=150.0, a_mm=150.0, b_mm=300.0, max_speed=400.0,
               accel=2000.0, settle_s=0.1),
    _condition("trip_fastest_speed_softest_brake", 1205, "one trip at full speed of a drive that "
               "brakes softly, long stroke", script_seed=15, start_press_s=1.2, trips=1, start_mm=75.0,
               a_mm=30.0, b_mm=480.0, max_speed=400.0, accel=300.0, settle_s=0.15, fault_at_start=1),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. A and B are drawn each in its own range, the
    start anywhere (at A in one condition in five); speed and acceleration log-uniform; 0, 1 or
    2 trips; the operator's script from the same generator (_script)."""
    a = round(rng.uniform(20.0, 150.0), 1)
    b = round(rng.uniform(300.0, 480.0), 1)
    start = a if rng.random() < 0.2 else round(rng.uniform(0.0, 480.0), 1)
    cond = _condition(
        "sampled", 0, "", script_seed=rng.randrange(1 << 30), start_press_s=round(rng.uniform(0.5, 2.0), 2),
        trips=rng.choice((0, 1, 1, 2, 2)), start_mm=start, a_mm=a, b_mm=b,
        max_speed=round(log_uniform(rng, 100.0, 400.0), 1), accel=round(log_uniform(rng, 300.0, 2000.0), 1),
        settle_s=round(rng.uniform(0.03, 0.25), 3), response_s=round(rng.uniform(0.0, 0.1), 3),
        fault_at_start=int(rng.random() < 0.25))
    p = cond.params
    description = (f"A {a:g} mm, B {b:g} mm, slide at {start:g} mm, {p['max_speed']:g} mm/s, "
                   f"{p['accel']:g} mm/s^2, {p['trips']} trip(s)")
    return dict(params=p, description=description, operator=cond.operator)


_DRIVE = dict(window_mm=WINDOW_MM, limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM)

IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "reset_pb", "BOOL", "input", "reset_button", "pressed",
            "Reset push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.2", "estop_ok", "BOOL", "input", "estop", "contact",
            "E-stop, NC contact: TRUE while the E-stop is NOT pressed; FALSE while it is pressed in "
            "(it latches until pulled out)"),
    *axis_io("slide", ("%IX0.3", "drive_ready"), ("%IX0.4", "in_position"), ("%IX0.5", "standstill"),
             ("%IX0.6", "drive_fault"), ("%IX0.7", "limit_minus"), ("%IX1.0", "limit_plus"), **_DRIVE),
    IOPoint("%IW0", "actual_position", "INT", "input", "slide", "position",
            "Actual slide position", "0.1 mm", "-50..5050"),
    IOPoint("%IW1", "position_a", "INT", "input", "position_a", "value",
            "Position A from the host (constant during the run)", "0.1 mm", "200..1500"),
    IOPoint("%IW2", "position_b", "INT", "input", "position_b", "value",
            "Position B from the host (constant during the run)", "0.1 mm", "3000..4800"),
    *axis_io("slide", ("%QX0.0", "drive_enable")),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "slide", "start",
            "Rising edge starts a move to target_position (ignored while disabled or faulted)"),
    *axis_io("slide", ("%QX0.2", "reset_fault")),
    IOPoint("%QX0.3", "red", "BOOL", "output", "stack_light", "red", "Stack light red: TRUE = lit"),
    IOPoint("%QX0.4", "amber", "BOOL", "output", "stack_light", "amber", "Stack light amber: TRUE = lit"),
    IOPoint("%QX0.5", "green", "BOOL", "output", "stack_light", "green", "Stack light green: TRUE = lit"),
    IOPoint("%QW0", "target_position", "INT", "output", "slide", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..5000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "slide", "speed",
            "Speed of the next move; 0 = the drive's configured speed; above it is clamped to it",
            "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E12", title="E-stop stop and acknowledged restart", suite="MOT", level="E",
    summary="Cycle a servo slide between positions A and B after Start; on the E-stop stop and "
            "disable it and show red; resume only after pull-out, Reset, then Start.",
    plant_description=(
        "A horizontal linear slide (servo axis), stroke 0..500 mm, hard limit switches at "
        f"{LIMIT_MINUS_MM:g} mm and {LIMIT_PLUS_MM:g} mm (reaching one stops the slide hard and latches a "
        "drive fault). Disabling the drive brakes the slide at three "
        "times its acceleration (a quick stop). The host gives positions A and B as words. The operator "
        "panel has a latching E-stop (mushroom head, NC contact: pressed in it stays in until pulled "
        "out), Reset and Start push buttons and a stack light (red, amber, green). The slide starts "
        "anywhere on its stroke; the drive may come up with a stored fault."),
    specification=(
        "1. Do not move the slide before the operator has pressed Start. After Start, clear a stored "
        "drive fault with a rising edge on reset_fault, enable the drive and move the slide to A "
        f"(within {RESUME_WITHIN_S:g} s of Start it must have closed {SET_OFF_MM:g} mm of its distance, "
        "unless it stands at A).\n"
        f"2. Then cycle: B, A, B, A ... each move started when the drive reports the slide in position at "
        f"the end before (within {RESUME_WITHIN_S:g} s of that the slide must have closed {SET_OFF_MM:g} mm "
        f"toward the next end); {CYCLES} cycles A -> B -> A in all. Then keep the slide at A, the drive "
        "enabled, with green on.\n"
        f"3. When the E-stop is pressed (estop_ok FALSE), stop: within {STOP_WITHIN_S:g} s of the press the "
        "slide must be still and the drive disabled. Show red (and not green) from the press until "
        "Reset has been pressed after the E-stop was pulled out.\n"
        "4. Do not move the slide again until, in this order, the E-stop has been pulled out (estop_ok "
        "TRUE), Reset has been pressed, and Start has been pressed: a Reset pressed while the E-stop is "
        "still in, or a Start before Reset, does not count. After that Start, clear a fault if there is "
        f"one, enable the drive and resume the interrupted move (to the end the slide was bound for) "
        f"within {RESUME_WITHIN_S:g} s: it must have closed {SET_OFF_MM:g} mm of its distance by then (if "
        "the slide was stopped already at that end, the next move is owed within 0.5 s of the drive "
        "reporting it in position there, plus the drive's response and settle time in which the "
        "interrupted move may be sent again).\n"
        "Green shows the machine cycling; amber may show it waiting for Start after Reset. The drive, "
        "the positions and the operator's timing differ from run to run."),
    io=IO,
    completion=Completion(
        f"In this order: Start is pressed; the slide reaches A, then B and A {CYCLES} times (each reported "
        f"in position by the drive, within {WINDOW_MM:g} mm), every Start that lets it move and every "
        f"arrival but the last being followed within {RESUME_WITHIN_S:g} s by {SET_OFF_MM:g} mm of "
        "progress toward the end it is bound for, without "
        f"backing off before it arrives; then the slide stays at rest at A with green on for {HOLD_S:g} s.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the slide at rest at A, the drive enabled and green on."),
    safety_rules=(
        SafetyRule("MOT-E12-S1", f"Within {STOP_WITHIN_S:g} s of the E-stop being pressed the slide must be "
                   "still and the drive disabled, until Reset after the pull-out.", _not_stopped),
        SafetyRule("MOT-E12-S2", "The slide must not move before Start, nor after an E-stop until it has "
                   "been pulled out, Reset pressed, then Start pressed.", _moved_unacknowledged),
        SafetyRule("MOT-E12-S3", "Red must be on, and green off, while the E-stop is pressed and until Reset "
                   "has been pressed after it was pulled out.", _red_owed),
    ),
    parameters=(
        ParameterRange("a_mm", 20.0, 150.0, "mm", "position A (given on %IW1)"),
        ParameterRange("b_mm", 300.0, 480.0, "mm", "position B (given on %IW2)"),
        ParameterRange("start_mm", 0.0, 480.0, "mm", "where the slide stands at power-up"),
        ParameterRange("max_speed", 100.0, 400.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 300.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        *drive_ranges(),
        ParameterRange("start_press_s", 0.5, 2.0, "s", "when the operator first presses Start"),
        ParameterRange("trips", 0, 2, "", "how many times the operator presses the E-stop"),
        ParameterRange("trip_after_start_s", 1.5, 5.0, "s", "when a trip comes after the Start before it"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=90.0,
    build_plant=build_plant,
    judged_devices=_devices,
    condition_defaults={"response_s": 0.02, "fault_at_start": 0},
)
