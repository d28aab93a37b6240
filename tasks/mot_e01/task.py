"""MOT-E01 Single-slide positioning.

A servo slide must be moved to the position the host orders, after the operator presses
Start; the program confirms arrival (in-position and standstill) with a Done lamp and
holds that state. The slide starts anywhere on its stroke, sometimes with a drive fault
left from the last shutdown; speed, acceleration, settle and response times, the ordered
position and the operator's timing vary per condition.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis, ValueWord, to_word
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, log_uniform, store_drive_fault

WINDOW_MM = 0.5          # in-position window of the drive, and the judge's tolerance
DONE_WITHIN_S = 1.0      # Done must come on within this time after the slide is at rest there
MOVE_WITHIN_S = 1.0      # the slide must set off toward the order within this of Start (no clock start)
SET_OFF_MM = 1.0         # ... closing at least this much of its distance to the order (a token hop does not)
STILL_MM = 0.05          # before Start the slide may not leave where it stood by more (half a position word)
HOLD_S = 2.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 505.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    slide = plant.add(Axis(
        "slide", origin=(150.0, 300.0), angle_deg=0.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-30.0, rail_max_mm=530.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
        carriage_length_mm=70.0, carriage_width_mm=90.0, rail_width_mm=40.0, label="slide"))
    if p.get("fault_at_start"):
        store_drive_fault(slide)
    plant.add(ValueWord("order", to_word(p["requested_mm"]), position=(640.0, 120.0),
                        label="ordered position", units="mm", scale=0.1))
    plant.add(PushButton("start_button", x=200.0, y=120.0, label="Start", color="green"))
    plant.add(Lamp("done_lamp", x=360.0, y=120.0, label="Done", color="green"))
    return plant


# --- judges -------------------------------------------------------------------------------

def _distance_to_order(s) -> float:
    return abs(s.plant["slide"].pos - s.params["requested_mm"])


def _at_order(s) -> bool:
    """Within the in-position window of the ordered position (moving or not)."""
    return _distance_to_order(s) <= WINDOW_MM


def _at_requested(s) -> bool:
    return _at_order(s) and s.plant["slide"].vel == 0.0


def _done_soon_after_arrival():
    # two-sided: Done too early is a safety violation (S2), too late fails the completion
    return AnsweredWithin(
        f"Done on within {DONE_WITHIN_S:g} s of arrival", _at_requested, lambda s: s.io["done"],
        DONE_WITHIN_S,
        lambda t: f"the slide stood at the ordered position from {t:g} s but Done was not on "
                  f"{DONE_WITHIN_S:g} s later",
        waiting="slide at rest at the ordered position, then Done")


def _sets_off_soon_after_start():
    # Without it, a program that ignores the button and starts on a clock just past the latest
    # published press time would pass every condition. Judged by real progress: the distance
    # to the order must shrink by SET_OFF_MM within MOVE_WITHIN_S of the press and go on
    # shrinking to arrival; any velocity (a hop away and back, a one-step hop) does not count.
    # A slide already standing at the order owes no move.
    return judges.progress_within(
        f"slide setting off to the ordered position within {MOVE_WITHIN_S:g} s of Start",
        cause=lambda s: s.io["start_pb"],
        ways=[judges.Way("the slide", _distance_to_order, by=SET_OFF_MM, until=_at_order)],
        within_s=MOVE_WITHIN_S, excused=_at_order,
        late=lambda t: f"Start was pressed at {t:g} s but the slide had not closed {SET_OFF_MM:g} mm "
                       f"of its distance to the ordered position {MOVE_WITHIN_S:g} s later")


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            _done_soon_after_arrival(),
            judges.held("Done with the slide at rest at the ordered position",
                        lambda s: s.io["done"] and _at_requested(s), HOLD_S),
        ),
        _sets_off_soon_after_start())


def _end_state_kept(s) -> bool:
    """Spec 5: the slide kept at the ordered position, the drive enabled, Done on."""
    slide = s.plant["slide"]
    return bool(s.io["done"]) and slide.enabled and not slide.fault and _at_requested(s)


def _moved_before_start():
    return judges.moved_before(
        lambda s: s.io["start_pb"], lambda s: s.plant["slide"].pos, STILL_MM,
        lambda s: (f"the slide moved from {s.params['start_mm']:.2f} mm to {s.plant['slide'].pos:.2f} mm "
                   "before Start was pressed"),
        origin=lambda s: s.params["start_mm"])


def _limit_reached(s):
    slide = s.plant["slide"]
    if slide.hit_limit or slide.at_limit:
        side = slide.hit_limit or ("plus" if slide.pos >= LIMIT_PLUS_MM else "minus")
        return f"the slide reached the {side} limit switch at {slide.pos:.1f} mm"
    return None


def _done_not_in_position(s):
    if s.io["done"] and not _at_requested(s):
        slide = s.plant["slide"]
        return (f"Done on with the slide at {slide.pos:.1f} mm, {slide.vel:.0f} mm/s "
                f"(ordered {s.params['requested_mm']:.1f} mm)")
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, *, press_s, **params):
    params["start_press_s"] = press_s
    return Condition(name, seed, params, description,
                     operator=(OperatorAction(press_s, "press", "start_button"),
                               OperatorAction(round(press_s + 0.3, 2), "release", "start_button")))


CONDITIONS = (
    _cond("nominal", 101, "slide at home, mid-stroke order, brisk drive", press_s=1.0,
          start_mm=0.0, requested_mm=250.0, max_speed=200.0, accel=1000.0, settle_s=0.05),
    _cond("far_and_slow", 102, "slide near the far end, order near home, slow soft drive, late Start",
          press_s=3.2, start_mm=462.3, requested_mm=25.5, max_speed=60.0, accel=150.0, settle_s=0.25,
          response_s=0.08),
    _cond("short_hop", 103, "order 12 mm from where the slide stands, fast stiff drive, early Start",
          press_s=0.6, start_mm=300.0, requested_mm=312.4, max_speed=400.0, accel=2000.0, settle_s=0.03,
          response_s=0.0),
    _cond("fault_at_power_up", 104, "the drive reports a stored fault at power-up; must be reset",
          press_s=2.0, start_mm=120.0, requested_mm=405.0, max_speed=150.0, accel=600.0, settle_s=0.1,
          fault_at_start=1),
    _cond("late_start", 105, "slide off home, operator presses Start late, slow settle",
          press_s=3.9, start_mm=75.0, requested_mm=180.7, max_speed=250.0, accel=300.0, settle_s=0.2,
          response_s=0.1),
)

def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Every parameter is drawn on its own: none has to
    agree with another for the plant to make sense (any start, order, drive and press time fit
    the 20 s limit: 480 mm at 60 mm/s after a press at 4 s is done by about 15 s). Speed and
    acceleration are drawn log-uniform so that soft and stiff drives are equally common. One
    condition in ten starts with the slide already at the ordered position (no move owed); one
    in four comes up with a stored drive fault. Positions lie on the 0.1 mm grid of the words."""
    requested = round(rng.uniform(20.0, 480.0), 1)
    start = requested if rng.random() < 0.1 else round(rng.uniform(0.0, 480.0), 1)
    params = dict(
        start_mm=start, requested_mm=requested,
        max_speed=round(log_uniform(rng, 60.0, 400.0), 1),
        accel=round(log_uniform(rng, 150.0, 2000.0), 1),
        settle_s=round(rng.uniform(0.03, 0.25), 3),
        response_s=round(rng.uniform(0.0, 0.1), 3),
        fault_at_start=int(rng.random() < 0.25),
    )
    press = round(rng.uniform(0.5, 4.0), 2)
    cond = _cond("sampled", 0, "", press_s=press, **params)
    description = (f"slide at {start:g} mm, order {requested:g} mm, {params['max_speed']:g} mm/s, "
                   f"{params['accel']:g} mm/s^2, Start at {press:g} s"
                   + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=cond.params, description=description, operator=cond.operator)


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "drive_ready", "BOOL", "input", "slide", "ready",
            "TRUE when the drive is enabled and has no fault"),
    IOPoint("%IX0.2", "in_position", "BOOL", "input", "slide", "in_position",
            f"TRUE when the slide is within {WINDOW_MM} mm of the target of the last move and has "
            "been at rest for the drive's settle time (FALSE before any move, while disabled or faulted)"),
    IOPoint("%IX0.3", "standstill", "BOOL", "input", "slide", "standstill",
            "TRUE while the slide is not moving"),
    IOPoint("%IX0.4", "busy", "BOOL", "input", "slide", "busy",
            "TRUE while the drive executes a move (from the start edge until the slide is at rest)"),
    IOPoint("%IX0.5", "drive_fault", "BOOL", "input", "slide", "fault",
            "TRUE while the drive has a latched fault (cleared by a rising edge on reset_fault)"),
    IOPoint("%IX0.6", "home_switch", "BOOL", "input", "slide", "home",
            "Home switch: TRUE while the slide is within 2 mm of 0 mm"),
    IOPoint("%IX0.7", "limit_minus", "BOOL", "input", "slide", "limit_minus",
            f"Minus limit switch: TRUE when the slide is at or below {LIMIT_MINUS_MM} mm (the drive "
            "then stops hard and faults)"),
    IOPoint("%IX1.0", "limit_plus", "BOOL", "input", "slide", "limit_plus",
            f"Plus limit switch: TRUE when the slide is at or above {LIMIT_PLUS_MM} mm (the drive "
            "then stops hard and faults)"),
    IOPoint("%IW0", "actual_position", "INT", "input", "slide", "position",
            "Actual slide position", "0.1 mm", "-50..5050"),
    IOPoint("%IW1", "ordered_position", "INT", "input", "order", "value",
            "The position the host orders the slide to (constant during the run)", "0.1 mm", "200..4800"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "slide", "enable",
            "TRUE enables the drive (FALSE: the slide brakes to a stop and holds no position)"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "slide", "start",
            "Rising edge starts a move to target_position (ignored while disabled or faulted)"),
    IOPoint("%QX0.2", "done", "BOOL", "output", "done_lamp", "on",
            "Done lamp: TRUE tells the host the slide is at the ordered position"),
    IOPoint("%QX0.3", "reset_fault", "BOOL", "output", "slide", "reset",
            "Rising edge clears a latched drive fault"),
    IOPoint("%QW0", "target_position", "INT", "output", "slide", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..5000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "slide", "speed",
            "Speed of the next move; 0 = the drive's configured speed; above it is clamped to it",
            "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E01", title="Single-slide positioning", suite="MOT", level="E",
    summary="Move a servo slide to the ordered position after Start, confirm arrival and standstill "
            "with the Done lamp, and hold that state.",
    plant_description=(
        "A horizontal linear slide (servo axis) with a 500 mm working stroke (0 mm = home, at the "
        "left), a home switch at 0 mm and hard limit switches just outside the stroke at -5 mm and "
        "505 mm. Reaching a limit switch stops the slide hard and latches a drive fault. An operator "
        "panel has a Start push button and a Done lamp; the host sends the ordered position as a word. "
        "The slide starts anywhere on its stroke, not necessarily at home."),
    specification=(
        "1. Do not move the slide before the operator has pressed Start.\n"
        "2. If the drive reports a fault, clear it with a rising edge on reset_fault; then enable the "
        "drive.\n"
        "3. After Start, move the slide to the ordered position (%IW1, 0.1 mm): write it to "
        f"target_position and give a rising edge on start_move. Within {MOVE_WITHIN_S:g} s of Start being "
        f"pressed the slide must have closed at least {SET_OFF_MM:g} mm of its distance to the ordered "
        "position (unless it already stands there), and it must then go on to it without backing off.\n"
        f"4. When the slide is at the ordered position and at standstill (in_position and standstill), "
        f"switch Done on, within {DONE_WITHIN_S:g} s of the slide coming to rest there.\n"
        "5. Then keep the slide there, enabled, with Done on.\n"
        "The speed, acceleration, settle time and response time of the drive differ from run to run, "
        "so wait for the drive's signals rather than for fixed times."),
    io=IO,
    completion=Completion(
        f"In this order: Start is pressed; within {MOVE_WITHIN_S:g} s of that the slide has closed at "
        f"least {SET_OFF_MM:g} mm of its distance to the ordered position (unless it already stands "
        "there) and it goes on to the ordered position without backing off; the slide comes to rest within "
        f"{WINDOW_MM} mm of the ordered position and Done comes on within {DONE_WITHIN_S:g} s after "
        f"that; then Done stays on with the slide at rest at the ordered position for {HOLD_S:g} s "
        "without a break.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the slide at rest at the ordered position, the drive enabled and Done on."),
    safety_rules=(
        SafetyRule("MOT-E01-S1", "The slide must never reach a limit switch.", _limit_reached),
        SafetyRule("MOT-E01-S2", f"Done must only be on while the slide is at rest within {WINDOW_MM} mm "
                   "of the ordered position.", _done_not_in_position),
        SafetyRule("MOT-E01-S3", "The slide must not move before the operator has pressed Start.",
                   _moved_before_start()),
    ),
    parameters=(
        ParameterRange("requested_mm", 20.0, 480.0, "mm", "ordered position (given on %IW1 in 0.1 mm)"),
        ParameterRange("start_mm", 0.0, 480.0, "mm", "where the slide stands at power-up"),
        ParameterRange("max_speed", 60.0, 400.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 150.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("start_press_s", 0.5, 4.0, "s", "when the operator presses Start"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=20.0,
    build_plant=build_plant,
    condition_defaults={"response_s": 0.02, "fault_at_start": 0},
)
