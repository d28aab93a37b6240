"""MOT-E15 Hydraulic closed-loop positioning.

A hydraulic cylinder on a proportional valve (sim.devices.prop_cylinder) has no positioning
drive: the program closes the loop itself, writing the spool word from the analog position
it reads. The host orders four positions one after another; each must be reached and held
within +/- 0.5 mm, against the valve's overlap (deadband) and a drift of the rod.

The trap: a P-only loop stalls in the deadband short of the order (its error must make the
spool leave the overlap) and cannot hold against drift; raising its gain to shrink that error
makes it overshoot. The program needs integral action or deadband compensation.

Changes from the catalog entry, and why:
- The valve lag is 0.02 to 0.1 s, not 0.05 to 0.3 s: with a 0.3 s spool lag at 120 mm/s no
  loop an Easy program can hold settles +/- 0.5 mm without the 2 mm overshoot (it coasts
  36 mm after the spool is closed); the slow-lag, slow-flow cases of the catalog's range
  would have made the deadline a test of control theory, not of closing a loop.
- Each order is due |change| / full speed + 3 s (not + 2 s): the 0.5 s the position must
  be held is inside it, and crossing the deadband from rest takes time.
- The cylinder's full speed is 30 to 120 mm/s and is not told: the program can see it.
- The orders come from the host at times of its own (each well after the previous one is
  due), shown with an order number; the cylinder starts anywhere on its stroke.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord, to_word
from sim.devices.prop_cylinder import ANALOG_FULL, PropCylinder
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import log_uniform

STROKE_MM = 400.0
WINDOW_MM = 0.5
SETTLE_S = 0.5
SLACK_S = 3.0
OVERSHOOT_MM = 2.0
END_SPEED = 20.0
HOLD_S = 2.0
FIRST_ORDER_S = 0.5


def schedule(p) -> list[float]:
    """When the host shows each order: the first at 0.5 s, each next one 1 s after the last was
    due (its change at full speed + 3 s)."""
    times, at, pos = [], FIRST_ORDER_S, p["start_mm"]
    for o in p["orders"]:
        times.append(round(at, 2))
        at += abs(o - pos) / p["max_speed"] + SLACK_S + 1.0
        pos = o
    return times


def due(p, k: int) -> float:
    prev = p["start_mm"] if k == 0 else p["orders"][k - 1]
    return schedule(p)[k] + abs(p["orders"][k] - prev) / p["max_speed"] + SLACK_S


def _show(k: int, value_mm: float):
    def apply(plant):
        plant["order"].value = to_word(value_mm)
        plant["order_number"].value = k + 1
    return apply


def _disturbances(p) -> tuple[Disturbance, ...]:
    return tuple(Disturbance(t, f"the host orders {o:g} mm", _show(k, o))
                 for k, (t, o) in enumerate(zip(schedule(p), p["orders"], strict=True)))


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(PropCylinder("cylinder", 120.0, 300.0, stroke=STROKE_MM, max_speed=p["max_speed"],
                           deadband=p["deadband"], lag_s=p["lag_s"], drift=p["drift"],
                           start_mm=p["start_mm"], label="cylinder"))
    plant.add(ValueWord("order", 0, position=(420.0, 470.0), label="ordered position", units="mm", scale=0.1))
    plant.add(ValueWord("order_number", 0, position=(620.0, 470.0), label="order number"))
    return plant


def _cylinder(plant) -> PropCylinder:
    return plant.device("cylinder", PropCylinder)


# --- judges -------------------------------------------------------------------------------

def _current(s) -> int:
    """The order the host shows now (-1 before the first)."""
    k = -1
    for n, t in enumerate(schedule(s.params)):
        if s.time_s >= t - 1e-9:
            k = n
    return k


class SettledBy(judges.Judge):
    """Order k reached: from the host showing it, the rod within WINDOW_MM of it for SETTLE_S
    without a break, done by its due time. Written for this task: the deadline of each order
    depends on the condition's speed and orders (within() takes a fixed time)."""

    def __init__(self, k: int):
        super().__init__()
        self.k = k
        self.name = f"order {k + 1} settled"
        self.since_ms: int | None = None

    def update(self, s):
        if self.done or self.failed:
            return self.done
        p = s.params
        if s.time_s + 1e-9 < schedule(p)[self.k]:
            return False
        if s.time_s > due(p, self.k) + 1e-9:
            self.failed = (f"order {self.k + 1} ({p['orders'][self.k]:g} mm) was not held within "
                           f"{WINDOW_MM} mm for {SETTLE_S:g} s by {due(p, self.k):.2f} s")
            return False
        if abs(s.devices.pos - p["orders"][self.k]) <= WINDOW_MM:
            self.since_ms = s.time_ms if self.since_ms is None else self.since_ms
            if s.time_ms - self.since_ms >= round(SETTLE_S * 1000):
                return self._finish(s)
        else:
            self.since_ms = None
        return False

    def pending(self):
        return "" if self.done else f"{self.name} (by its due time)"


def _at_last(s) -> bool:
    return abs(s.devices.pos - s.params["orders"][-1]) <= WINDOW_MM


def _completion():
    return judges.in_order(*(SettledBy(k) for k in range(4)),
                           judges.held("the rod held at the last order", _at_last, HOLD_S))


def _overshoot(s):
    k = _current(s)
    if k < 0:
        return None
    p = s.params
    prev = p["start_mm"] if k == 0 else p["orders"][k - 1]
    o = p["orders"][k]
    over = (s.devices.pos - o) * (1.0 if o > prev else -1.0)
    if over > OVERSHOOT_MM:
        return f"the rod overshot order {k + 1} ({o:g} mm) by {over:.2f} mm"
    return None


class HardEndHit(judges.Monitor):
    def __init__(self):
        self.seen = 0

    def check(self, s):
        hits = s.devices.end_hits
        msg = None
        for end, speed in hits[self.seen:]:
            if speed > END_SPEED:
                msg = f"the piston hit the {end} end cap at {speed:.0f} mm/s"
        self.seen = len(hits)
        return msg


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description, disturbances=_disturbances(params))


CONDITIONS = (
    _cond("nominal", 1501, "medium valve, little drift", start_mm=50.0, orders=[250.0, 120.5, 300.0, 280.0],
          max_speed=80.0, deadband=0.06, lag_s=0.05, drift=1.0),
    _cond("wide_deadband_strong_drift", 1502, "12 % overlap, rod drifting down at 5 mm/s, slow cylinder",
          start_mm=300.0, orders=[100.0, 140.0, 360.0, 60.5], max_speed=30.0, deadband=0.12, lag_s=0.1,
          drift=-5.0),
    _cond("fast_cylinder_quick_valve", 1503, "120 mm/s, 3 % overlap, drifting out", start_mm=200.0,
          orders=[30.0, 370.0, 345.5, 200.0], max_speed=120.0, deadband=0.03, lag_s=0.02, drift=4.0),
    _cond("short_steps", 1504, "orders 20 to 40 mm apart, slow valve", start_mm=180.0,
          orders=[200.0, 160.0, 190.5, 230.0], max_speed=60.0, deadband=0.09, lag_s=0.09, drift=-2.5),
    _cond("near_the_ends", 1505, "orders close to both end caps, fast, wide overlap", start_mm=380.0,
          orders=[22.0, 378.0, 25.5, 375.0], max_speed=100.0, deadband=0.10, lag_s=0.07, drift=-3.5),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The orders are drawn jointly: each at least
    20 mm from the one before (and the first from the start), all inside 20..380 mm. Full speed
    is log-uniform (slow and fast cylinders equally common); deadband, lag and drift each on
    their own."""
    start = round(rng.uniform(20.0, 380.0), 1)
    orders, prev = [], start
    while len(orders) < 4:
        o = round(rng.uniform(20.0, 380.0), 1)
        if abs(o - prev) >= 20.0:
            orders.append(o)
            prev = o
    params = dict(start_mm=start, orders=orders, max_speed=round(log_uniform(rng, 30.0, 120.0), 1),
                  deadband=round(rng.uniform(0.03, 0.12), 4), lag_s=round(rng.uniform(0.02, 0.1), 3),
                  drift=round(rng.uniform(-5.0, 5.0), 2))
    description = (f"from {start:g} mm to {orders}, {params['max_speed']:g} mm/s, deadband "
                   f"{params['deadband']:.0%}, lag {params['lag_s']:g} s, drift {params['drift']:+g} mm/s")
    return dict(params=params, description=description, disturbances=_disturbances(params))


IO = (
    IOPoint("%IX0.0", "at_minus", "BOOL", "input", "cylinder", "at_minus",
            "TRUE while the piston rests on the retracted end cap (0 mm)"),
    IOPoint("%IX0.1", "at_plus", "BOOL", "input", "cylinder", "at_plus",
            f"TRUE while the piston rests on the extended end cap ({STROKE_MM:g} mm)"),
    IOPoint("%IW0", "position_raw", "INT", "input", "cylinder", "position",
            f"Position transducer, raw analog: 0 = 0 mm (retracted) .. {ANALOG_FULL} = {STROKE_MM:g} mm "
            "(linear)", "counts", f"0..{ANALOG_FULL}"),
    IOPoint("%IW1", "ordered_position", "INT", "input", "order", "value",
            "The position the host orders now (0 before the first order)", "0.1 mm", "200..3800"),
    IOPoint("%IW2", "order_number", "INT", "input", "order_number", "value",
            "Number of the order shown on %IW1: 0 before the first, then 1, 2, 3, 4", "", "0..4"),
    IOPoint("%QW0", "spool", "INT", "output", "cylinder", "spool",
            "Proportional valve spool command: +10000 = fully open to extend, -10000 = fully open to "
            "retract, 0 = centred (closed)", "0.01 %", "-10000..10000"),
)

TASK = Task(
    id="MOT-E15", title="Hydraulic closed-loop positioning", suite="MOT", level="E",
    summary="Close the position loop of a hydraulic cylinder on a proportional valve in the program: reach "
            "and hold each of four ordered positions within +/- 0.5 mm, against deadband and drift.",
    plant_description=(
        f"A hydraulic cylinder with a {STROKE_MM:g} mm stroke (0 mm = retracted), driven by a proportional "
        "valve, with an analog position transducer; there is no positioning drive. The valve's spool "
        "follows the spool command with a short lag (0.02 to 0.1 s). The valve has an overlap: inside a "
        "deadband around centre (3 to 12 % of the full opening, either way) no oil flows; beyond it the "
        "rod speed grows in proportion to the opening, up to the cylinder's full speed (30 to 120 mm/s) "
        "at full opening. The rod also drifts at up to 5 mm/s either way with the valve closed (leakage "
        "and load), so holding a position needs a small opening against the drift. At either end the "
        "piston hits the cylinder's end cap. The host shows the ordered position and an order number. "
        "The cylinder starts anywhere on its stroke."),
    specification=(
        "1. Close the position loop in the program: compute the spool command from the ordered position "
        f"and the measured position every scan (raw counts x {STROKE_MM:g} / {ANALOG_FULL} = mm).\n"
        f"2. Each time the host shows a new order, reach it and hold it within +/- {WINDOW_MM} mm for at "
        f"least {SETTLE_S:g} s without a break, by |change of order| / full speed + {SLACK_S:g} s after "
        "it was shown (the change of the first order is from where the rod stood at power-up); then keep "
        "holding it until the next order, which the host shows 1 s after that time at the earliest.\n"
        f"3. Never overshoot an order by more than {OVERSHOOT_MM:g} mm, and never let the piston hit an "
        f"end cap faster than {END_SPEED:g} mm/s.\n"
        "4. After the fourth order keep the rod there.\n"
        "The cylinder's full speed, the valve's deadband and lag, and the drift differ from run to run: "
        "a loop that only multiplies the error by a gain stops short inside the deadband and lets the "
        "drift carry the rod away."),
    io=IO,
    completion=Completion(
        f"Each of the four orders in turn is held within +/- {WINDOW_MM} mm for {SETTLE_S:g} s without a "
        f"break, by |change of order| / full speed + {SLACK_S:g} s after the host showed it; then the rod "
        f"stays within {WINDOW_MM} mm of the fourth order for {HOLD_S:g} s without a break.",
        _completion,
        keep=_at_last,
        keep_wording=f"the rod within {WINDOW_MM} mm of the fourth order."),
    safety_rules=(
        SafetyRule("MOT-E15-S1", f"The rod must never pass the order it is moving to by more than "
                   f"{OVERSHOOT_MM:g} mm.", judges.never(lambda s: _overshoot(s) is not None, _overshoot)),
        SafetyRule("MOT-E15-S2", f"The piston must never hit an end cap faster than {END_SPEED:g} mm/s.",
                   HardEndHit()),
    ),
    parameters=(
        ParameterRange("start_mm", 20.0, 380.0, "mm", "where the rod stands at power-up"),
        ParameterRange("orders", 20.0, 380.0, "mm", "the four ordered positions (each at least 20 mm from "
                       "the one before)"),
        ParameterRange("max_speed", 30.0, 120.0, "mm/s", "rod speed at full valve opening"),
        ParameterRange("deadband", 0.03, 0.12, "", "valve overlap, a fraction of the full opening"),
        ParameterRange("lag_s", 0.02, 0.1, "s", "valve spool lag (first order)"),
        ParameterRange("drift", -5.0, 5.0, "mm/s", "rod drift with the valve closed"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=70.0,
    build_plant=build_plant,
    judged_devices=_cylinder,
)
