"""MOT-M13 Stack lift at pick height.

A stack of sheets lies on the platform of a vertical lift (sim.devices.braked_axis.BrakedAxis
with its holding brake); a picker above it (a sim.devices.stations.TransferStation: it asks
for a sheet with 'request', brings its head down on the program's Ready, grips and goes back
up) takes the top sheet each time, if the top is within 2 mm of the pick height. The stack
(sim.devices.stack.Stack) carries the top photo-eye at the pick height and the presence
switch in the platform. After each pick the top is a sheet lower: the program raises the lift
until the top meets the eye, parks it on its brake and gives Ready. When the platform is empty
it lowers the lift to the reload height, an operator lays a new stack, and it rises again.

Changes from the catalog entry, and why:
- The top photo-eye and the platform's proximity switch are the Stack's own signals (the eye
  beam is across the stack at the pick height; the switch is in the platform), not separate
  PhotoEye/ProximitySensor devices: those see pymunk parts, and the sheets are a count.
- S3 "brake closed when still" is judged as: at rest more than 1 s with the brake open. S4
  Ready only with the lift at rest and the brake gripping; a Ready given too early (the top
  not yet at the eye) makes the picker miss, which the completion does not forgive (the early
  side of "ready within 1 s"). S5 (no drag through the brake, no sag) is added: a lift on a
  holding brake needs it as MOT-E05 does.
- Stacks of 1-8 sheets (partial, at power-up) and 4-8 sheets (the refill), 2-8 mm each, so a
  run takes a minute or two; the published stack height is at most 80 mm.
- The head must also come down within 0.3 s of the brake gripping at the eye: with only "within
  1 s of the top at the eye", a program that waited a fixed 0.42 s (the slowest brake) instead
  of the brake feedback earned 1 (counterexamples/fixed_brake_wait.st).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.braked_axis import BrakedAxis
from sim.devices.stack import Stack
from sim.devices.stations import TransferStation
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, axis_io, lift_not_held, log_uniform, store_drive_fault

PICK_MM = 700.0           # pick height, and the top eye's beam
PLATFORM_MM = 100.0       # platform surface above the lift's position
RELOAD_MM = 0.0           # reload height of the lift
AT_RELOAD_MM = 1.0
MAX_STACK_MM = 80.0
TOLERANCE_MM = 2.0        # the picker takes the sheet only this close to the pick height
OVER_MM = 3.0             # S1: top never more than this above the pick height
WINDOW_MM = 0.5
READY_WITHIN_S = 1.0      # the head sets off down within this of the top meeting the eye
READY_AFTER_GRIP_S = 0.3  # ... and within this of the brake gripping there
RAISE_WITHIN_S = 1.5      # the lift sets off up within this of the head up with the eye clear
LOWER_WITHIN_S = 1.5      # ... down within this of the platform found empty
RAISE_BY_MM = 1.0
LOWER_BY_MM = 20.0
HEAD_BY = 0.05            # share of the head's stroke that counts as setting off
MOVED_MM = 0.02
STILL_BRAKE_OPEN_S = 1.0
DRAG_MM = 0.05
SAG_MM = 1.0
HOLD_S = 2.0
ARM_REACH = 120.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 650.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    lift = plant.add(BrakedAxis(
        "lift", origin=(150.0, 0.0), angle_deg=90.0, limit_minus_mm=LIMIT_MINUS_MM,
        limit_plus_mm=LIMIT_PLUS_MM,
        rail_min_mm=-30.0, rail_max_mm=700.0, home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"],
        accel=p["accel"], window_mm=WINDOW_MM, settle_s=p["settle_s"], brake_s=p["brake_s"],
        torque_s=p["torque_s"], load_kg=60.0, carriage_kg=40.0, carriage_length_mm=60.0,
        carriage_width_mm=60.0, rail_width_mm=30.0, label="stack lift"))
    if p.get("fault_at_start"):
        store_drive_fault(lift)
    n_picks = p["count1"] + p["count2"] + 4
    plant.add(TransferStation("picker", 1, PICK_MM, x=400.0, y=PICK_MM + ARM_REACH + 60.0,
                              requests=(0.0,) * n_picks, regap_s=p["pick_gap_s"], arm_time_s=p["head_s"],
                              work_s=0.15, width=200.0, height=120.0, arm_reach=ARM_REACH,
                              label="picker head"))
    plant.add(Stack("stack", lift="lift", sheet_mm=p["sheet_mm"], count=p["count1"], eye_mm=PICK_MM,
                    pick_mm=PICK_MM, platform_mm=PLATFORM_MM, x=400.0, y=0.0, width=240.0, picker="picker",
                    tolerance_mm=TOLERANCE_MM, refills=(p["count2"],), reload_mm=RELOAD_MM + AT_RELOAD_MM,
                    refill_s=p["refill_s"], label="stack"))
    return plant


class Devices:
    def __init__(self, plant):
        self.lift = plant.device("lift", BrakedAxis)
        self.picker = plant.device("picker", TransferStation)
        self.stack = plant.device("stack", Stack)


# --- judges ------------------------------------------------------------------------------

def _at_rest(s) -> bool:
    return s.devices.lift.vel == 0.0


def _head_up(s) -> bool:
    return s.devices.picker.arm <= 0.0


def _top_at_eye(s) -> bool:
    return bool(s.devices.stack.read("top_blocked"))


def _ready_cause(s) -> bool:
    d = s.devices
    return _top_at_eye(s) and d.picker.request and _at_rest(s) and _head_up(s)


def _raise_cause(s) -> bool:
    d = s.devices
    return d.stack.count > 0 and not _top_at_eye(s) and _head_up(s) and _at_rest(s)


def _lower_cause(s) -> bool:
    d = s.devices
    return d.stack.count == 0 and _head_up(s) and d.lift.pos > RELOAD_MM + AT_RELOAD_MM


def _at_reload(s) -> bool:
    return abs(s.devices.lift.pos - RELOAD_MM) <= AT_RELOAD_MM


def _parked_at_reload(s) -> bool:
    lift = s.devices.lift
    return (_at_reload(s) and _at_rest(s) and lift.gripping and not lift.brake_coil and not s.io["ready"]
            and not lift.fault)


def _trip_s(s) -> float:
    v, a = s.params["max_speed"], s.params["accel"]
    return PICK_MM / v + v / a + MAX_STACK_MM / 10.0 + 2.0


def _completion():
    head = judges.Way("the picker head", lambda s: -s.devices.picker.arm, by=HEAD_BY)
    ready = judges.progress_within(
        f"picker head coming down within {READY_WITHIN_S:g} s of the top meeting the eye", _ready_cause,
        [head], READY_WITHIN_S,
        late=lambda t: f"the top met the eye with the lift at rest and the picker asking from {t:g} s, but "
                       f"the head had not set off down {READY_WITHIN_S:g} s later (Ready not given)")
    ready_after_grip = judges.progress_within(
        f"picker head coming down within {READY_AFTER_GRIP_S:g} s of the brake gripping at the eye",
        lambda s: _ready_cause(s) and s.devices.lift.gripping and not s.devices.lift.brake_coil,
        [head], READY_AFTER_GRIP_S,
        late=lambda t: f"the brake gripped with the top at the eye and the picker asking at {t:g} s, but the "
                       f"head had not set off down {READY_AFTER_GRIP_S:g} s later")
    raise_ = judges.progress_within(
        f"lift rising within {RAISE_WITHIN_S:g} s of the head up with the top below the eye", _raise_cause,
        [judges.Way("the stack top", lambda s: PICK_MM - s.devices.stack.top_mm, by=RAISE_BY_MM,
                    until=_top_at_eye, arrive_s=_trip_s)],
        RAISE_WITHIN_S, excused=lambda s: s.devices.stack.count == 0 or _top_at_eye(s),
        late=lambda t: f"from {t:g} s the top was below the eye with the head up, but the lift had not "
                       f"raised it {RAISE_BY_MM:g} mm {RAISE_WITHIN_S:g} s later")
    lower = judges.progress_within(
        f"lift going down within {LOWER_WITHIN_S:g} s of the platform empty", _lower_cause,
        [judges.Way("the lift", lambda s: s.devices.lift.pos - RELOAD_MM, by=LOWER_BY_MM, until=_at_reload,
                    arrive_s=_trip_s)],
        LOWER_WITHIN_S, excused=lambda s: s.devices.stack.count > 0,
        late=lambda t: f"the platform was empty from {t:g} s but the lift had not gone {LOWER_BY_MM:g} mm "
                       f"down toward the reload height {LOWER_WITHIN_S:g} s later")
    misses = CountGrows(lambda s: len(s.devices.stack.misses),
                        "the picker came down on a top that was not at the pick height and missed")
    misses_watch = _MissWatch(misses)
    return judges.watched(
        judges.in_order(
            judges.distinct("every sheet of both stacks picked",
                            lambda s: range(len(s.devices.stack.taken)),
                            lambda s: s.params["count1"] + s.params["count2"]),
            judges.held("lift parked at the reload height, brake gripping, Ready off", _parked_at_reload,
                        HOLD_S)),
        ready, ready_after_grip, raise_, lower, misses_watch)


class _MissWatch(judges.Watch):
    """A missed pick ends the completion: a Ready given before the top met the eye (the early
    side of 'Ready within 1 s'). Adapts the shared CountGrows incident counter to a Watch."""

    def __init__(self, inner):
        self.inner = inner

    def check(self, s):
        return self.inner.check(s)


# --- safety ------------------------------------------------------------------------------

def _too_high(s):
    st = s.devices.stack
    if st.count > 0 and st.top_mm - PICK_MM > OVER_MM:
        return f"the stack top stood {st.top_mm - PICK_MM:.1f} mm above the pick height"
    return None


class MovesWithHeadDown(judges.Monitor):
    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        d = s.devices
        pos, last, self.last = d.lift.pos, self.last, d.lift.pos
        if last is None:
            last = s.params["start_mm"]
        if abs(pos - last) > MOVED_MM and d.picker.arm > 0.0:
            return f"the lift moved at {pos:.1f} mm with the picker head down"
        return None


class StillWithBrakeOpen(judges.Monitor):
    def __init__(self):
        self.since: int | None = None
        self.last: float | None = None

    def check(self, s):
        lift = s.devices.lift
        still = self.last is not None and abs(lift.pos - self.last) <= 1e-9
        self.last = lift.pos
        if still and lift.brake_is_open:
            if self.since is None:
                self.since = s.time_ms
            if s.time_ms - self.since > STILL_BRAKE_OPEN_S * 1000:
                return f"the lift stood still at {lift.pos:.1f} mm with the brake open for more than " \
                       f"{STILL_BRAKE_OPEN_S:g} s"
        else:
            self.since = None
        return None


def _ready_unsafe(s):
    lift = s.devices.lift
    if s.io["ready"] and (not _at_rest(s) or lift.brake_is_open or lift.brake_coil):
        return (f"Ready on with the lift {'moving' if not _at_rest(s) else 'at rest'} and the brake "
                f"{'open' if lift.brake_is_open else 'told to release' if lift.brake_coil else 'gripping'}")
    return None


def _unheld(s):
    return lift_not_held(s.devices.lift, DRAG_MM, SAG_MM)


# --- conditions --------------------------------------------------------------------------

def _start_below_eye(count1: int, sheet_mm: float, frac: float) -> float:
    """A start height with the top below the eye: frac of the way from the bottom to 5 mm below."""
    highest = PICK_MM - PLATFORM_MM - count1 * sheet_mm - 5.0
    return round(frac * highest, 1)


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 1301, "a partial stack of 3 sheets of 4 mm low on the lift, quick brake, slow torque",
          start_mm=200.0, count1=3, count2=6, sheet_mm=4.0, max_speed=250.0, accel=800.0, settle_s=0.05,
          brake_s=0.06, torque_s=0.25, head_s=0.3, pick_gap_s=1.5, refill_s=5.0),
    _cond("thin_sheets_fast_picker", 1302, "2 mm sheets, a picker every 0.8 s, quick brake, stored fault",
          start_mm=580.0, count1=5, count2=8, sheet_mm=2.0, max_speed=400.0, accel=1500.0, settle_s=0.03,
          brake_s=0.05, torque_s=0.05, head_s=0.2, pick_gap_s=0.8, refill_s=3.0, fault_at_start=1),
    _cond("thick_sheets_slow_brake", 1303, "8 mm sheets, slow brake and torque, slow drive, long refill",
          start_mm=0.0, count1=2, count2=4, sheet_mm=8.0, max_speed=100.0, accel=300.0, settle_s=0.25,
          brake_s=0.4, torque_s=0.3, head_s=0.6, pick_gap_s=4.0, refill_s=15.0),
    _cond("single_sheet_at_start", 1304, "one sheet left at power-up, lift just below pick level",
          start_mm=590.0, count1=1, count2=7, sheet_mm=5.0, max_speed=180.0, accel=500.0, settle_s=0.15,
          brake_s=0.25, torque_s=0.2, head_s=0.4, pick_gap_s=2.5, refill_s=8.0),
    _cond("full_stack_slow_picker", 1305, "a full stack of 8 x 6 mm, slow picker, medium drive",
          start_mm=310.5, count1=8, count2=5, sheet_mm=6.0, max_speed=300.0, accel=400.0, settle_s=0.1,
          brake_s=0.3, torque_s=0.08, head_s=0.5, pick_gap_s=3.2, refill_s=10.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The start height is drawn jointly with the
    partial stack so that its top is below the eye (at least 5 mm); drive speed and
    acceleration are log-uniform; the rest each on its own."""
    count1, sheet = rng.randint(1, 8), round(rng.uniform(2.0, 8.0), 2)
    params = dict(
        start_mm=_start_below_eye(count1, sheet, rng.random()), count1=count1, count2=rng.randint(4, 8),
        sheet_mm=sheet, max_speed=round(log_uniform(rng, 100.0, 400.0), 1),
        accel=round(log_uniform(rng, 300.0, 1500.0), 1), settle_s=round(rng.uniform(0.03, 0.25), 3),
        brake_s=round(rng.uniform(0.05, 0.4), 3), torque_s=round(rng.uniform(0.05, 0.3), 3),
        head_s=round(rng.uniform(0.2, 0.6), 2), pick_gap_s=round(rng.uniform(0.8, 4.0), 2),
        refill_s=round(rng.uniform(3.0, 15.0), 2), fault_at_start=int(rng.random() < 0.25))
    description = (f"lift at {params['start_mm']:g} mm, {count1} + {params['count2']} sheets of {sheet:g} "
                   f"mm, picks every {params['pick_gap_s']:g} s, brake {params['brake_s']:g} s, refill "
                   f"{params['refill_s']:g} s" + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "top_eye", "BOOL", "input", "stack", "top_blocked",
            f"Top photo-eye across the stack at the pick height ({PICK_MM:g} mm): TRUE (beam blocked) while "
            "the top of the stack reaches it"),
    IOPoint("%IX0.1", "stack_present", "BOOL", "input", "stack", "present",
            "Proximity switch in the platform: TRUE while at least one sheet lies on it"),
    IOPoint("%IX0.2", "picker_request", "BOOL", "input", "picker", "request",
            "TRUE while the picker wants a sheet (it drops once it has gripped one)"),
    IOPoint("%IX0.3", "head_up", "BOOL", "input", "picker", "arm_home",
            "TRUE while the picker head is fully up"),
    *axis_io("lift", ("%IX0.4", "drive_ready"), ("%IX0.5", "torque_ok"), ("%IX0.6", "brake_open"),
             ("%IX0.7", "in_position"), ("%IX1.0", "standstill"), ("%IX1.1", "drive_fault"), what="lift"),
    IOPoint("%IW0", "actual_position", "INT", "input", "lift", "position",
            "Actual lift height above the reload height (0 mm)", "0.1 mm", "-50..6500"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "lift", "enable",
            "TRUE enables the drive (it builds torque, then holds the lift); FALSE: no torque at once"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "lift", "start",
            "Rising edge starts a move to target_position (ignored unless torque_ok)"),
    *axis_io("lift", ("%QX0.2", "reset_fault"), ("%QX0.3", "brake_release"), what="lift"),
    IOPoint("%QX0.4", "jog_up", "BOOL", "output", "lift", "jog_plus",
            "While TRUE (and no move running) the lift runs up at move_speed, ramping; FALSE: it ramps to a "
            "stop"),
    IOPoint("%QX0.5", "ready", "BOOL", "output", "picker", "grant",
            "Ready to the picker: while TRUE and it asks, its head comes down, grips the top sheet (if the "
            f"top is within {TOLERANCE_MM:g} mm of the pick height) and goes back up; keep it on until the "
            "picker drops its request"),
    IOPoint("%QW0", "target_position", "INT", "output", "lift", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..6000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "lift", "speed",
            "Speed of moves and of jog_up; 0 = the drive's configured speed for moves; above it is clamped",
            "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-M13", title="Stack lift at pick height", suite="MOT", level="M",
    summary="Keep the top of a stack of sheets at the pick height for a picker: raise the lift after every "
            "pick until the top meets the eye, park it on its brake, give Ready; lower an empty platform to "
            "reload and bring the next stack up.",
    plant_description=(
        "A vertical lift (servo drive, 0 mm = reload height at the bottom, positive up, limit switches at "
        "-5 mm "
        f"and 650 mm) carries a platform {PLATFORM_MM:g} mm above its position with a stack of sheets on it. "
        "The lift has a spring-applied holding brake that grips whenever its coil is off; with neither the "
        "brake "
        "gripping nor the drive holding torque the lift sags, and a drive pushed against a gripping brake "
        "drags "
        f"it. A top photo-eye crosses the stack at the pick height, {PICK_MM:g} mm (the top of the stack is "
        f"at lift position + {PLATFORM_MM:g} mm + the stack's height, at most {MAX_STACK_MM:g} mm). A picker "
        "above asks for sheets one at a time; on Ready its head comes down, grips the top sheet and goes up "
        "again. When "
        "the platform is empty and the lift stands at the reload height, an operator lays a new stack on it "
        "(the run has one refill). At power-up a partial stack lies on the platform, its top below the eye, "
        "with the brake gripping and the drive off."),
    specification=(
        "1. Clear a stored drive fault (rising edge on reset_fault) and enable the drive; move the lift only "
        "with torque_ok and the brake open (release it and wait for brake_open), and close the brake again "
        f"(brake_release off) whenever the lift stops: it must not stand still for more than "
        f"{STILL_BRAKE_OPEN_S:g} s with the brake open.\n"
        "2. Raise the lift until the top of the stack meets the eye (top_eye TRUE), and never more than "
        f"{OVER_MM:g} mm beyond: approach the eye slowly (jog_up at a low move_speed, a few mm/s to a few "
        "tens "
        "of mm/s); the sheet thickness and the stack's height are not known. With the head up and the top "
        "below "
        f"the eye (after every pick, and after a refill) the lift must have raised the top {RAISE_BY_MM:g} "
        f"mm within {RAISE_WITHIN_S:g} s (or have reached the eye) and go on to the eye without going back.\n"
        "3. With the top at the eye, the lift at rest and the brake gripping, give Ready while the picker "
        "asks: "
        f"its head must set off down within {READY_WITHIN_S:g} s of the top meeting the eye (lift at rest, "
        f"head up, picker asking), and within {READY_AFTER_GRIP_S:g} s of the brake gripping there. Keep "
        "Ready on until picker_request drops, then off. Ready must only be on "
        "with the lift at rest and the brake gripping. A Ready given with the top not at the pick height "
        f"(within {TOLERANCE_MM:g} mm) makes the picker miss: that fails the run. Never move the lift while "
        "the head is not up.\n"
        "4. When the platform is empty (stack_present FALSE) and the head is up, lower the lift to the "
        f"reload height (0 mm, within {AT_RELOAD_MM:g} mm): it must have gone {LOWER_BY_MM:g} mm down within "
        f"{LOWER_WITHIN_S:g} s. Park it there on its brake; when the new stack is laid (stack_present TRUE) "
        "raise it again as in 2 (you may go up fast to where even the highest stack stays below the eye).\n"
        "5. After the last stack is picked empty, leave the lift parked at the reload height: brake "
        "gripping, brake_release off, Ready off.\n"
        "Sheet thickness, stack sizes, the picker's pace and head time, brake and torque times, the drive's "
        "speed and ramps and the refill time differ from run to run: wait for the signals."),
    io=IO,
    completion=Completion(
        "Every sheet of the partial stack and of the refill is picked, with no missed pick; then the lift "
        "stays "
        f"at the reload height at rest, brake gripping, brake_release off and Ready off for {HOLD_S:g} s. On "
        f"the way: the head sets off down within {READY_WITHIN_S:g} s of the top meeting the eye and within "
        f"{READY_AFTER_GRIP_S:g} s of the brake gripping there; the lift raises "
        f"the top {RAISE_BY_MM:g} mm within {RAISE_WITHIN_S:g} s of the head up with the top below the eye "
        "and "
        f"goes on to the eye; it goes {LOWER_BY_MM:g} mm down within {LOWER_WITHIN_S:g} s of the platform "
        "found empty and goes on to the reload height.",
        _completion,
        keep=_parked_at_reload,
        keep_wording="the lift at the reload height at rest, brake gripping with brake_release off, Ready "
                     "off, no drive fault."),
    safety_rules=(
        SafetyRule("MOT-M13-S1", f"The top of the stack must never be more than {OVER_MM:g} mm above the "
                   "pick height.", judges.never(lambda s: _too_high(s) is not None, _too_high)),
        SafetyRule("MOT-M13-S2", "The lift must not move while the picker head is not fully up: no more than "
                   f"{MOVED_MM} mm of travel in a scan.", MovesWithHeadDown()),
        SafetyRule("MOT-M13-S3", f"The lift must not stand still for more than {STILL_BRAKE_OPEN_S:g} s "
                   "with the brake open.", StillWithBrakeOpen()),
        SafetyRule("MOT-M13-S4", "Ready must only be on while the lift is at rest with the brake gripping "
                   "(brake_open FALSE) and brake_release off.",
                   judges.never(lambda s: _ready_unsafe(s) is not None, _ready_unsafe)),
        SafetyRule("MOT-M13-S5", "The lift must move only when held by the drive with the brake open: no "
                   f"more than {DRAG_MM} mm through a gripping brake, never sagging more than {SAG_MM:g} mm.",
                   judges.never(lambda s: _unheld(s) is not None, _unheld)),
    ),
    parameters=(
        ParameterRange("start_mm", 0.0, 600.0, "mm", "lift height at power-up (the top below the eye)"),
        ParameterRange("count1", 1, 8, "", "sheets of the partial stack at power-up"),
        ParameterRange("count2", 4, 8, "", "sheets of the refill stack"),
        ParameterRange("sheet_mm", 2.0, 8.0, "mm", "sheet thickness"),
        ParameterRange("max_speed", 100.0, 400.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 300.0, 1500.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the drive reports in_position"),
        ParameterRange("brake_s", 0.05, 0.4, "s", "brake release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.3, "s", "drive's torque build-up time after enable"),
        ParameterRange("head_s", 0.2, 0.6, "s", "picker head travel, down or up"),
        ParameterRange("pick_gap_s", 0.8, 4.0, "s", "from one pick done to the picker asking again"),
        ParameterRange("refill_s", 3.0, 15.0, "s",
                       "from the empty lift parked at reload to the new stack laid"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=150.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"fault_at_start": 0},
)
