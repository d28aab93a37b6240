"""MOT-E05 Vertical axis with a holding brake.

A lift (a vertical servo axis with a spring-applied holding brake, sim.devices.braked_axis)
carries a load to the position the host orders after Start, then parks it: brake closed,
drive off, Done on. The order of the handover between brake and drive is the job: enable,
wait for torque, release the brake, wait until it is open, move; at rest close the brake,
wait until it grips, then switch the drive off. Done wrong, the load sags (torque not yet
built when the brake lifts, drive off while the brake is still open) or the drive drags the
load through a closed brake.

Changes from the catalog entry, and why:
- "disc. brake open" is not a start state here: the PLC's outputs are FALSE at power-up, so a
  spring-applied brake is closed then. The start states to discover are the lift's height
  (anywhere on the stroke, above or below the order) and a drive fault stored at power-up.
- Done is a rule (S4: only with the lift parked at the order), so that a lamp left on from
  power-up does not answer "Done within 1 s".
- A second deadline: the brake must be told to close within 1 s of the lift coming to rest
  at the order; with the move's time varying 0.2 to 8 s a blind wait for the slowest move is
  seconds late in every other condition.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord, to_word
from sim.devices.braked_axis import BrakedAxis
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, log_uniform, start_press_condition, store_drive_fault

WINDOW_MM = 0.5          # in-position window of the drive, and the judge's tolerance
MOVE_WITHIN_S = 0.3      # the lift must set off within this of the brake reporting open
SET_OFF_MM = 1.0         # ... closing at least this much of its distance to the order
BRAKE_WITHIN_S = 1.0     # brake_release off within this of the lift at rest at the order
DONE_WITHIN_S = 1.0      # Done within this of the lift parked (braked, drive off)
SAG_MM = 1.0             # the load may never drop more than this while nothing holds it
DRAG_MM = 0.05           # travel through a gripping brake beyond this is motion (half a word)
STILL_MM = 0.05
HOLD_S = 2.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 505.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    lift = plant.add(BrakedAxis(
        "lift", origin=(300.0, 80.0), angle_deg=90.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-30.0, rail_max_mm=530.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=WINDOW_MM, settle_s=p["settle_s"], brake_s=p["brake_s"], torque_s=p["torque_s"],
        load_kg=p["load_kg"], carriage_length_mm=60.0, carriage_width_mm=80.0, rail_width_mm=40.0,
        label="lift"))
    if p.get("fault_at_start"):
        store_drive_fault(lift)
    plant.add(ValueWord("order", to_word(p["requested_mm"]), position=(640.0, 500.0),
                        label="ordered position", units="mm", scale=0.1))
    plant.add(PushButton("start_button", x=200.0, y=120.0, label="Start", color="green"))
    plant.add(Lamp("done_lamp", x=360.0, y=120.0, label="Done", color="green"))
    return plant


def _lift(plant) -> BrakedAxis:
    return plant.device("lift", BrakedAxis)


# --- judges -------------------------------------------------------------------------------

def _distance_to_order(s) -> float:
    return abs(s.devices.pos - s.params["requested_mm"])


def _at_order(s) -> bool:
    return _distance_to_order(s) <= WINDOW_MM


def _at_rest_at_order(s) -> bool:
    return _at_order(s) and s.devices.vel == 0.0


def _parked(s) -> bool:
    """At rest at the order, the brake gripping and its coil off, the drive disabled."""
    lift = s.devices
    return _at_rest_at_order(s) and lift.gripping and not lift.brake_coil and not lift.enabled


def _sets_off_after_brake_open():
    # Two-sided with S1: moving before brake_open drags the brake, waiting longer than
    # MOVE_WITHIN_S after it is late. Judged by real progress toward the order (a token hop
    # backs off and counts for nothing).
    return judges.progress_within(
        f"lift setting off within {MOVE_WITHIN_S:g} s of the brake reporting open",
        cause=lambda s: s.devices.brake_is_open,
        ways=[judges.Way("the lift", _distance_to_order, by=SET_OFF_MM, until=_at_order)],
        within_s=MOVE_WITHIN_S, excused=_at_order,
        late=lambda t: f"the brake reported open at {t:g} s but the lift had not closed {SET_OFF_MM:g} mm "
                       f"of its distance to the ordered position {MOVE_WITHIN_S:g} s later")


def _moved_before_start():
    return judges.moved_before(
        lambda s: s.io["start_pb"], lambda s: s.devices.pos, STILL_MM,
        lambda s: f"the lift moved from {s.params['start_mm']:.2f} mm to {s.devices.pos:.2f} mm "
                  "before Start was pressed",
        origin=lambda s: s.params["start_mm"])


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            AnsweredWithin(
                f"brake told to close within {BRAKE_WITHIN_S:g} s of arrival", _at_rest_at_order,
                lambda s: not s.devices.brake_coil, BRAKE_WITHIN_S,
                lambda t: f"the lift stood at the ordered position from {t:g} s but brake_release was "
                          f"still on {BRAKE_WITHIN_S:g} s later",
                waiting="lift at rest at the ordered position, then brake_release off"),
            AnsweredWithin(
                f"Done on within {DONE_WITHIN_S:g} s of parking", _parked, lambda s: s.io["done"],
                DONE_WITHIN_S,
                lambda t: f"the lift was parked (braked, drive off) from {t:g} s but Done was not on "
                          f"{DONE_WITHIN_S:g} s later",
                waiting="brake gripping, drive disabled, then Done"),
            judges.held("Done with the lift parked at the ordered position",
                        lambda s: s.io["done"] and _parked(s), HOLD_S),
        ),
        _moved_before_start(), _sets_off_after_brake_open())


def _end_state_kept(s) -> bool:
    return bool(s.io["done"]) and _parked(s) and not s.devices.fault


def _dragged(s):
    lift = s.devices
    if lift.dragged_mm > DRAG_MM:
        return (f"the lift moved {lift.dragged_mm:.2f} mm while the brake gripped "
                f"(now at {lift.pos:.1f} mm)")
    return None


def _sagged(s):
    lift = s.devices
    if lift.sag_mm > SAG_MM:
        return (f"the load sagged {lift.sag_mm:.2f} mm with neither the brake nor the drive holding it "
                f"(now at {lift.pos:.1f} mm)")
    return None


def _off_with_brake_open(s):
    lift = s.devices
    if not lift.enabled and (lift.brake_is_open or lift.brake_coil):
        what = "the brake open" if lift.brake_is_open else "brake_release on"
        return f"the drive was disabled with {what}"
    return None


def _done_not_parked(s):
    if s.io["done"] and not _parked(s):
        lift = s.devices
        return (f"Done on with the lift at {lift.pos:.1f} mm, {lift.vel:.0f} mm/s, brake "
                f"{'open' if lift.brake_is_open else 'closed'}, drive {'on' if lift.enabled else 'off'} "
                f"(ordered {s.params['requested_mm']:.1f} mm)")
    return None


# --- conditions ------------------------------------------------------------------------------

_cond = start_press_condition


CONDITIONS = (
    _cond("nominal", 501, "lift at the bottom, mid-stroke order, brisk drive, medium load", press_s=1.0,
          start_mm=0.0, requested_mm=250.0, max_speed=200.0, accel=1000.0, settle_s=0.05,
          brake_s=0.15, torque_s=0.1, load_kg=20.0),
    _cond("slow_torque_quick_brake", 502,
          "the brake lifts in 0.05 s but the drive needs 0.3 s for torque; heavy load, going down",
          press_s=2.5, start_mm=400.0, requested_mm=60.3, max_speed=150.0, accel=600.0, settle_s=0.1,
          brake_s=0.05, torque_s=0.3, load_kg=40.0),
    _cond("quick_everything", 503, "brake and torque in 0.05 s, fast stiff drive, light load, early Start",
          press_s=0.6, start_mm=100.0, requested_mm=420.5, max_speed=300.0, accel=2000.0, settle_s=0.03,
          brake_s=0.06, torque_s=0.05, load_kg=5.0),
    _cond("fault_at_power_up", 504, "a drive fault stored at power-up; slow brake, load halfway down",
          press_s=3.0, start_mm=300.0, requested_mm=120.0, max_speed=100.0, accel=400.0, settle_s=0.15,
          brake_s=0.4, torque_s=0.2, load_kg=30.0, fault_at_start=1),
    _cond("late_start_slow_drive", 505, "lift near the top, order near the bottom, slow drive, late Start",
          press_s=3.9, start_mm=450.0, requested_mm=35.5, max_speed=60.0, accel=300.0, settle_s=0.25,
          brake_s=0.25, torque_s=0.15, load_kg=10.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Start and order are drawn jointly: at least
    20 mm apart, so that there is always a move to make (the brake's handover is the job).
    Speed and acceleration are log-uniform (soft and stiff drives equally common); brake,
    torque and load are drawn each on its own, so a brake that lifts before the torque is
    built is as common as one that lifts after. One condition in four comes up with a stored
    drive fault. Positions lie on the 0.1 mm grid of the words."""
    requested = round(rng.uniform(20.0, 480.0), 1)
    while True:
        start = round(rng.uniform(0.0, 480.0), 1)
        if abs(start - requested) >= 20.0:
            break
    params = dict(
        start_mm=start, requested_mm=requested,
        max_speed=round(log_uniform(rng, 60.0, 300.0), 1),
        accel=round(log_uniform(rng, 300.0, 2000.0), 1),
        settle_s=round(rng.uniform(0.03, 0.25), 3),
        brake_s=round(rng.uniform(0.05, 0.4), 3),
        torque_s=round(rng.uniform(0.05, 0.3), 3),
        load_kg=round(rng.uniform(5.0, 40.0), 1),
        fault_at_start=int(rng.random() < 0.25),
    )
    press = round(rng.uniform(0.5, 4.0), 2)
    cond = _cond("sampled", 0, "", press_s=press, **params)
    description = (f"lift at {start:g} mm, order {requested:g} mm, {params['max_speed']:g} mm/s, "
                   f"brake {params['brake_s']:g} s, torque {params['torque_s']:g} s, "
                   f"{params['load_kg']:g} kg, Start at {press:g} s"
                   + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=cond.params, description=description, operator=cond.operator)


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "drive_ready", "BOOL", "input", "lift", "ready",
            "TRUE when the drive is enabled and has no fault (torque may still be building)"),
    IOPoint("%IX0.2", "torque_ok", "BOOL", "input", "lift", "torque_ok",
            "TRUE when the enabled drive has built its holding torque (it then holds the load and "
            "accepts moves); FALSE at once when it is disabled or faults"),
    IOPoint("%IX0.3", "brake_open", "BOOL", "input", "lift", "brake_open",
            "Brake feedback: TRUE from the moment the brake has fully lifted off the rail until it grips "
            "again; FALSE while it grips"),
    IOPoint("%IX0.4", "in_position", "BOOL", "input", "lift", "in_position",
            f"TRUE when the lift is within {WINDOW_MM} mm of the target of the last move and has been at "
            "rest for the drive's settle time (FALSE before any move, while disabled or faulted)"),
    IOPoint("%IX0.5", "standstill", "BOOL", "input", "lift", "standstill",
            "TRUE while the lift is not moving"),
    IOPoint("%IX0.6", "drive_fault", "BOOL", "input", "lift", "fault",
            "TRUE while the drive has a latched fault (cleared by a rising edge on reset_fault)"),
    IOPoint("%IX0.7", "limit_minus", "BOOL", "input", "lift", "limit_minus",
            f"Bottom limit switch: TRUE at or below {LIMIT_MINUS_MM} mm (the drive then faults)"),
    IOPoint("%IX1.0", "limit_plus", "BOOL", "input", "lift", "limit_plus",
            f"Top limit switch: TRUE at or above {LIMIT_PLUS_MM} mm (the drive then faults)"),
    IOPoint("%IW0", "actual_position", "INT", "input", "lift", "position",
            "Actual lift height above the bottom", "0.1 mm", "-50..5050"),
    IOPoint("%IW1", "ordered_position", "INT", "input", "order", "value",
            "The height the host orders the lift to (constant during the run)", "0.1 mm", "200..4800"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "lift", "enable",
            "TRUE enables the drive (it builds torque, then holds the load); FALSE: the drive has no "
            "torque at once"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "lift", "start",
            "Rising edge starts a move to target_position (ignored unless torque_ok)"),
    IOPoint("%QX0.2", "done", "BOOL", "output", "done_lamp", "on",
            "Done lamp: TRUE tells the host the lift is parked at the ordered position"),
    IOPoint("%QX0.3", "reset_fault", "BOOL", "output", "lift", "reset",
            "Rising edge clears a latched drive fault"),
    IOPoint("%QX0.4", "brake_release", "BOOL", "output", "lift", "brake_release",
            "TRUE energises the brake coil: the spring-applied brake lifts (after its release time); "
            "FALSE: it falls back and grips (after the same time)"),
    IOPoint("%QW0", "target_position", "INT", "output", "lift", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..5000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "lift", "speed",
            "Speed of the next move; 0 = the drive's configured speed; above it is clamped to it",
            "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E05", title="Vertical axis with holding brake", suite="MOT", level="E",
    summary="After Start, hand the load over from the holding brake to the drive, move the lift to the "
            "ordered height, hand it back to the brake, switch the drive off and show Done.",
    plant_description=(
        "A vertical lift (servo axis) with a 500 mm stroke (0 mm = bottom, positive up) carrying a load, "
        "with limit switches at -5 mm and 505 mm. The lift has a spring-applied holding brake: it grips "
        "the rail whenever its coil is not energised. With neither the brake gripping nor the drive "
        "holding torque, the load sags under gravity at once (a heavy load falls faster). A drive "
        "pushed against a gripping brake drags the load through it. An operator panel has a Start push "
        "button and a Done lamp; the host sends the ordered height as a word. The lift starts anywhere "
        "on its stroke, with its brake gripping and the drive off."),
    specification=(
        "1. Do not move the lift before the operator has pressed Start.\n"
        "2. After Start: if the drive reports a fault, clear it with a rising edge on reset_fault. "
        "Enable the drive and wait for torque_ok before you release the brake (brake_release); the "
        "load must never sag more than 1 mm.\n"
        "3. Wait for brake_open before the lift moves; then move it to the ordered height (%IW1, "
        "0.1 mm): write it to target_position and give a rising edge on start_move. Within "
        f"{MOVE_WITHIN_S:g} s of brake_open coming on, the lift must have closed at least "
        f"{SET_OFF_MM:g} mm of its distance to the ordered height, and go on to it without backing off.\n"
        "4. When the lift is at rest at the ordered height (in_position and standstill), switch "
        f"brake_release off within {BRAKE_WITHIN_S:g} s; wait until brake_open is off (the brake "
        "grips), and only then disable the drive.\n"
        f"5. With the lift parked (brake gripping, drive off), switch Done on within {DONE_WITHIN_S:g} s, "
        "and keep it so: brake closed, drive off, Done on.\n"
        "The brake's release time, the drive's torque build-up time, the load, the drive's speed, "
        "acceleration and settle time differ from run to run: wait for the signals, not for fixed times."),
    io=IO,
    completion=Completion(
        "In this order: Start is pressed (the lift not having moved before); the lift comes to rest "
        f"within {WINDOW_MM} mm of the ordered height and brake_release goes off within "
        f"{BRAKE_WITHIN_S:g} s of that; the brake grips and the drive is disabled, and Done comes on within "
        f"{DONE_WITHIN_S:g} s of the lift being parked so; then Done stays on with the lift parked there "
        f"for {HOLD_S:g} s without a break. On the way, within {MOVE_WITHIN_S:g} s of brake_open coming "
        f"on the lift has closed at least {SET_OFF_MM:g} mm of its distance to the ordered height and goes "
        "on to it without backing off.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the lift at rest at the ordered height, the brake gripping with brake_release off, "
                     "the drive disabled and Done on."),
    safety_rules=(
        SafetyRule("MOT-E05-S1", "The lift must never move while the brake grips (brake_open FALSE): "
                   f"no more than {DRAG_MM} mm of travel through a gripping brake in the whole run.",
                   judges.never(lambda s: _dragged(s) is not None, _dragged)),
        SafetyRule("MOT-E05-S2", f"The load must never sag more than {SAG_MM:g} mm (it sags whenever "
                   "neither the brake grips nor the drive has torque_ok).",
                   judges.never(lambda s: _sagged(s) is not None, _sagged)),
        SafetyRule("MOT-E05-S3", "The drive enable must never be off while the brake is open or "
                   "brake_release is on.",
                   judges.never(lambda s: _off_with_brake_open(s) is not None, _off_with_brake_open)),
        SafetyRule("MOT-E05-S4", f"Done must only be on while the lift is at rest within {WINDOW_MM} mm of "
                   "the ordered height with the brake gripping, brake_release off and the drive disabled.",
                   judges.never(lambda s: _done_not_parked(s) is not None, _done_not_parked)),
    ),
    parameters=(
        ParameterRange("requested_mm", 20.0, 480.0, "mm", "ordered height (given on %IW1 in 0.1 mm)"),
        ParameterRange("start_mm", 0.0, 480.0, "mm", "where the lift stands at power-up (at least 20 mm "
                       "from the order)"),
        ParameterRange("max_speed", 60.0, 300.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 300.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the drive reports in_position"),
        ParameterRange("brake_s", 0.05, 0.4, "s", "brake release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.3, "s", "drive's torque build-up time after enable"),
        ParameterRange("load_kg", 5.0, 40.0, "kg", "load on the lift (sags faster when heavier)"),
        ParameterRange("start_press_s", 0.5, 4.0, "s", "when the operator presses Start"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=20.0,
    build_plant=build_plant,
    judged_devices=_lift,
    condition_defaults={"fault_at_start": 0},
)
