"""MOT-E13 Unidirectional approach with backlash.

A servo slide drives its load (the table) through a screw with lost motion; a linear scale on
the table reads where the load really is. The host gives five positions; the program must set
the load at each in turn within 0.05 mm, every approach finishing toward plus (an order below
the load is overshot by 2 mm and approached again from below), and confirm each with Done. The
backlash, the drive's speed, acceleration and settle time and where the load sits in the gap at
power-up vary per condition, so the motor's in-position alone never puts the load in the window.

Changes from the catalog entry, and why:
- The orders are handed over as five words at once and taken in turn: Done held 1 s confirms one
  and the program goes on to the next (the last is held). The catalog leaves the handshake open;
  a host that waits for Done would need a device of its own for the same judging.
- S2 asks for the load at rest within the window of one of the five orders (a standing rule the
  monitor can check every scan without knowing which order the program is on); the completion
  checks the orders in turn.
- S3 ("every approach ends in +") is judged where it matters: Done may only be shown when the
  load last moved toward plus. A stop at the overshoot point is not an approach to an order.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.backlash_axis import WORD_MM, BacklashAxis, to_fine_word
from sim.devices.panel import Lamp
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    AnsweredWithin,
    axis_io,
    drive_ranges,
    limit_switch_reached,
    log_uniform,
    store_drive_fault,
)

ORDERS = 5
WINDOW_MM = 0.05         # the load within this of the order
DRIVE_WINDOW_MM = 0.02   # the drive's own in-position window (motor side)
OVERSHOOT_MM = 2.0       # an order below is approached from this far below it
DONE_WITHIN_S = 0.5      # Done within this of the load coming to rest in the window
CONFIRM_S = 1.0          # Done held this long confirms an order (the host takes it)
HOLD_S = 2.0             # the last order held this long
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 305.0
ORDER_MIN_MM, ORDER_MAX_MM = 10.0, 290.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    slide = plant.add(BacklashAxis(
        "slide", origin=(160.0, 330.0), angle_deg=0.0, backlash_mm=p["backlash_mm"], slack=p["slack"],
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-25.0, rail_max_mm=325.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=DRIVE_WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
        carriage_length_mm=40.0, carriage_width_mm=50.0, rail_width_mm=26.0, label="slide (motor)"))
    for k, mm in enumerate(p["orders_mm"], 1):
        plant.add(ValueWord(f"order_{k}", to_fine_word(mm), position=(20.0 + 130.0 * k, 150.0),
                            label=f"order {k}", units="mm", scale=WORD_MM))
    plant.add(Lamp("done_lamp", x=620.0, y=120.0, label="Done", color="green"))
    if p.get("fault_at_start"):
        store_drive_fault(slide)
    return plant


def _slide(plant) -> BacklashAxis:
    return plant.device("slide", BacklashAxis)


# --- judges -------------------------------------------------------------------------------

def _at_rest(slide) -> bool:
    return slide.vel == 0.0 and slide.load_still


def _at_order(k: int):
    def at(s) -> bool:
        slide = s.devices
        return _at_rest(slide) and abs(slide.load - s.params["orders_mm"][k]) <= WINDOW_MM + 1e-9
    return at


def _at_some_order(s) -> bool:
    slide = s.devices
    return _at_rest(slide) and any(abs(slide.load - o) <= WINDOW_MM + 1e-9 for o in s.params["orders_mm"])


def _order_steps(k: int) -> tuple[judges.Judge, judges.Judge]:
    at = _at_order(k)
    # Done on for 100 scans is 1 s: held() counts from the first scan Done is seen, so a program
    # whose 1 s TON starts with Done (and drops Done on its Q) holds it 0.99 s by that count
    hold = HOLD_S if k == ORDERS - 1 else CONFIRM_S - 0.01
    return (
        AnsweredWithin(
            f"Done within {DONE_WITHIN_S:g} s of the load settling at order {k + 1}", at,
            lambda s: s.io["done"], DONE_WITHIN_S,
            lambda t, k=k: (f"the load stood at order {k + 1} from {t:g} s but Done was not on "
                            f"{DONE_WITHIN_S:g} s later"),
            waiting=f"the load at rest within {WINDOW_MM:g} mm of order {k + 1}, then Done"),
        judges.held(f"Done with the load at order {k + 1}", lambda s: s.io["done"] and at(s), hold),
    )


def _completion():
    return judges.in_order(*(step for k in range(ORDERS) for step in _order_steps(k)))


def _end_state_kept(s) -> bool:
    slide = s.devices
    return bool(s.io["done"]) and slide.enabled and not slide.fault and _at_order(ORDERS - 1)(s)


def _done_not_in_window(s):
    if s.io["done"] and not _at_some_order(s):
        slide = s.devices
        return (f"Done on with the load at {slide.load:.3f} mm "
                + ("moving" if not _at_rest(slide) else "at rest, outside every order's window"))
    return None


def _done_after_minus_approach(s):
    slide = s.devices
    if s.io["done"] and slide.last_push != 1:
        return (f"Done on with the load at {slide.load:.3f} mm after an approach that ended toward "
                + ("minus" if slide.last_push < 0 else "nothing (the load has not moved)"))
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    params["orders_mm"] = tuple(params["orders_mm"])
    return Condition.of(name, seed, description, **params)


CONDITIONS = (
    _cond("nominal", 1301, "mid-size backlash, load mid-gap, orders up and down and a 1 mm step back",
          backlash_mm=0.5, slack=0.0, start_mm=100.0, max_speed=150.0, accel=1000.0, settle_s=0.1,
          orders_mm=(150.0, 120.0, 200.5, 199.5, 60.25)),
    _cond("big_slack_on_minus", 1302, "largest backlash, the minus flank touching at power-up, slow "
          "soft drive, first order just below the start", backlash_mm=0.8, slack=1.0, start_mm=240.0,
          max_speed=50.0, accel=200.0, settle_s=0.3, response_s=0.1,
          orders_mm=(239.5, 260.0, 230.75, 245.0, 244.0)),
    _cond("small_slack_fast", 1303, "smallest backlash, the plus flank touching, fast stiff drive",
          backlash_mm=0.2, slack=-1.0, start_mm=20.0, max_speed=300.0, accel=2000.0, settle_s=0.05,
          response_s=0.0, orders_mm=(280.0, 15.5, 140.0, 139.0, 290.0), fault_at_start=1),
    _cond("downhill_only", 1304, "every order below the last: each needs the overshoot and return",
          backlash_mm=0.65, slack=0.4, start_mm=285.0, max_speed=120.0, accel=400.0, settle_s=0.2,
          orders_mm=(250.0, 201.33, 150.0, 80.8, 10.0)),
    _cond("tiny_steps", 1305, "orders a few mm apart, small backlash, long settle", backlash_mm=0.3,
          slack=-0.5, start_mm=50.0, max_speed=80.0, accel=800.0, settle_s=0.25, response_s=0.05,
          orders_mm=(52.0, 50.9, 54.6, 53.5, 57.25)),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The five orders are drawn as a walk from the
    start position, jointly: each step goes down with probability 0.4 (so most runs need the
    overshoot more than once), by 1 to 120 mm, reflected into the order range; orders lie on
    the 0.01 mm grid of the words. Backlash, drive and settle are drawn each on its own (speed
    and acceleration log-uniform); the load sits on either flank at power-up in half the
    conditions, anywhere in the gap in the rest."""
    start = round(rng.uniform(ORDER_MIN_MM, ORDER_MAX_MM), 2)
    orders, here = [], start
    for _ in range(ORDERS):
        step = rng.uniform(1.0, 120.0) * (-1 if rng.random() < 0.4 else 1)
        nxt = here + step
        if not ORDER_MIN_MM <= nxt <= ORDER_MAX_MM:
            nxt = here - step
        nxt = round(min(ORDER_MAX_MM, max(ORDER_MIN_MM, nxt)), 2)
        if abs(nxt - here) < 1.0:      # reflected onto the edge next to here: go the other way
            nxt = round(here + (1.5 if here < ORDER_MAX_MM - 2 else -1.5), 2)
        orders.append(nxt)
        here = nxt
    slack = rng.choice((-1.0, 1.0)) if rng.random() < 0.5 else round(rng.uniform(-1.0, 1.0), 2)
    params = dict(
        backlash_mm=round(rng.uniform(0.2, 0.8), 3), slack=slack, start_mm=start,
        max_speed=round(log_uniform(rng, 50.0, 300.0), 1),
        accel=round(log_uniform(rng, 200.0, 2000.0), 1),
        settle_s=round(rng.uniform(0.05, 0.3), 3),
        response_s=round(rng.uniform(0.0, 0.1), 3),
        orders_mm=tuple(orders),
        fault_at_start=int(rng.random() < 0.2),
    )
    description = (f"backlash {params['backlash_mm']:g} mm, slack {slack:g}, start {start:g} mm, "
                   f"orders {', '.join(f'{o:g}' for o in orders)}")
    return dict(params=params, description=description)


_DRIVE = dict(window_mm=DRIVE_WINDOW_MM, limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM)

IO = (
    *axis_io("slide", ("%IX0.0", "drive_ready"), ("%IX0.1", "in_position"), ("%IX0.2", "standstill"),
             ("%IX0.3", "drive_fault"), ("%IX0.4", "limit_minus"), ("%IX0.5", "limit_plus"), **_DRIVE),
    IOPoint("%IW0", "actual_position", "INT", "input", "slide", "position",
            "Motor-side position of the drive (not the load's: the backlash lies between)", "0.01 mm",
            "-500..30500"),
    IOPoint("%IW1", "load_position", "INT", "input", "slide", "load_position",
            "Linear scale on the load (table): where the load really is", "0.01 mm", "-500..30500"),
    *(IOPoint(f"%IW{2 + k}", f"order_{k + 1}", "INT", "input", f"order_{k + 1}", "value",
              f"Order {k + 1} of 5: where the load must be set, in turn (constant during the run)",
              "0.01 mm", f"{round(ORDER_MIN_MM * 100)}..{round(ORDER_MAX_MM * 100)}")
      for k in range(ORDERS)),
    *axis_io("slide", ("%QX0.0", "drive_enable")),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "slide", "start",
            "Rising edge starts a move of the motor to target_position (ignored while disabled or faulted)"),
    IOPoint("%QX0.2", "done", "BOOL", "output", "done_lamp", "on",
            "Done lamp: TRUE tells the host the load is set at the current order"),
    *axis_io("slide", ("%QX0.3", "reset_fault")),
    IOPoint("%QW0", "target_position", "INT", "output", "slide", "target",
            "Motor target of the next move, taken at the start_move edge", "0.01 mm", "-500..30500"),
    IOPoint("%QW1", "move_speed", "INT", "output", "slide", "speed",
            "Speed of the next move; 0 = the drive's configured speed; above it is clamped to it",
            "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E13", title="Unidirectional approach with backlash", suite="MOT", level="E",
    summary="Set the load of a slide with backlash at five ordered positions in turn, within 0.05 mm "
            "by its linear scale, every approach finishing toward plus, and confirm each with Done.",
    plant_description=(
        "A horizontal linear slide (servo axis) whose motor drives the load (a table) through a screw "
        "with 0.2 to 0.8 mm of backlash: while the motor moves plus the load trails it by half the "
        "backlash, while it moves minus the load leads it by half, and while the motor crosses the gap "
        "the load stands still. The drive's position, in-position and standstill are the motor's; a "
        "linear scale on the table reads the load's position. Where the load sits in the gap at "
        "power-up is not known. Stroke 0..300 mm, hard limit switches at "
        f"{LIMIT_MINUS_MM:g} mm and {LIMIT_PLUS_MM:g} mm (reaching one stops the slide hard and latches "
        "a drive fault). The host hands five positions as words; a Done lamp tells it when the load is "
        "set. All position words are in 0.01 mm."),
    specification=(
        "1. Enable the drive (clear a latched fault with a rising edge on reset_fault if there is one).\n"
        "2. Take the orders in turn, order_1 first. For each, set the load (load_position) within "
        f"{WINDOW_MM:g} mm of the order, the last movement of the load toward plus: if the order lies "
        "below the load, or above it by less than the backlash can swallow (1 mm is always enough), "
        f"first move to {OVERSHOOT_MM:g} mm below the order and come back up. The motor's "
        "in_position does not put the load there (the backlash lies between them): correct the "
        "motor's target by what the scale shows.\n"
        f"3. When the load stands still in the window, switch Done on within {DONE_WITHIN_S:g} s, and "
        f"keep it on with the load there for {CONFIRM_S:g} s (100 scans): that confirms the order. "
        "Then switch Done off and go on to the next order.\n"
        "4. At the last order keep the load there, the drive enabled, with Done on.\n"
        "The backlash, the drive's speed, acceleration, settle and response times and where the load "
        "sits in the gap at power-up differ from run to run: use the scale and the drive's signals, "
        "not fixed offsets or times."),
    io=IO,
    completion=Completion(
        "For each of the five orders in turn: the load comes to rest (motor and load still) within "
        f"{WINDOW_MM:g} mm of the order and Done comes on within {DONE_WITHIN_S:g} s of that; Done then "
        f"stays on with the load there for {CONFIRM_S:g} s without a break ({HOLD_S:g} s at the last "
        "order).",
        _completion,
        keep=_end_state_kept,
        keep_wording="the load at rest within the window of the last order, the drive enabled and Done on."),
    safety_rules=(
        SafetyRule("MOT-E13-S1", "The slide must never reach a limit switch.",
                   lambda s: limit_switch_reached(s.devices)),
        SafetyRule("MOT-E13-S2", f"Done must only be on while the load is at rest (motor and load still) "
                   f"within {WINDOW_MM:g} mm of one of the orders.", _done_not_in_window),
        SafetyRule("MOT-E13-S3", "Every approach ends toward plus: Done must only be on when the load's "
                   "last movement was toward plus.", _done_after_minus_approach),
    ),
    parameters=(
        ParameterRange("orders_mm", ORDER_MIN_MM, ORDER_MAX_MM, "mm", "the five ordered load positions"),
        ParameterRange("start_mm", ORDER_MIN_MM, ORDER_MAX_MM, "mm", "where the motor stands at power-up"),
        ParameterRange("backlash_mm", 0.2, 0.8, "mm", "lost motion between motor and load"),
        ParameterRange("slack", -1.0, 1.0, "", "where the load sits in the gap at power-up (-1: trailing "
                       "the motor by half the backlash, +1: leading it)"),
        ParameterRange("max_speed", 50.0, 300.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 200.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        *drive_ranges(settle_s=(0.05, 0.3)),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=60.0,
    build_plant=build_plant,
    judged_devices=_slide,
    condition_defaults={"response_s": 0.02, "fault_at_start": 0},
)
