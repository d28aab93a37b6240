"""MOT-M17 Surface-grinder reciprocation.

A surface grinder's table (a ContactorCarriage: forward, reverse and fast contactors, run-on,
brake) reciprocates between two reversing dogs (DogSwitch, contact bounce) with hard stops
beyond them; the wheel head's infeed is a servo Z axis with its position word in um. The host
sends the stock to grind off, the infeed per reversal and the number of spark-out passes. The
program reverses the table at each dog, feeds the wheel in at each reversal while the table is
beyond the dog (the wheel off the work) and only leaves the dog once the infeed is in position,
until the stock is gone; then it sparks out, raises the wheel and parks the table at the left dog.

Departures from the catalog entry, and why:
- the overtravel (5-20 mm) is the margin between where a table reversed 0.1 s after its dog
  would stop and the hard stop: a reversal on time never crashes, a late one does (the two sides
  of "reverse <= 0.1 s"); the coast itself is drawn as its causes (run-on 0.02-0.05 s, brake
  1500-4000 mm/s^2), as in MOT-E04.
- "reverse <= 0.1 s" is judged as the contactor driving toward a dog off within 0.1 s of the
  table reaching it (a promptness watch): the program may then hold the table beyond the dog
  until the infeed is in position, which S1 needs at slow speeds.
- the Z word is in um (1 = 0.001 mm) so that +-2 um is judged on the plant, and the axis is
  an Axis whose unit is 0.01 mm (its own 0.1-unit words are then um).
- there is no Start button: grinding starts at power-up, with the table coasting mid-stroke (the
  state to discover: where it is and which way it runs) or standing on a dog.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.contactor_carriage import ContactorCarriage
from sim.devices.table_dog import DogSwitch
from sim.plant import SCAN_S, Device, Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, log_uniform

REVERSE_S = 0.1              # the contactor toward a dog off within this of the table reaching it
DEPTH_TOL_UM = 2.0
Z_UP_UM = 2000               # the wheel raised: Z at or above +2.000 mm
Z_SPEED_UM_S = 1000.0        # 1 mm/s infeed speed, 10 mm/s^2
Z_ACCEL_UM_S2 = 10000.0
CREEP_MM_S = 10.0
HOLD_S = 1.0
TIME_LIMIT_S = 150.0


def _reach_mm(p: dict) -> float:
    """How far beyond a dog a table reversed REVERSE_S after reaching it stops (plus a scan)."""
    v = p["speed_mm_s"]
    return v * (REVERSE_S + SCAN_S + p["run_on_s"]) + v * v / (2.0 * p["decel_mm_s2"])


def layout(p: dict) -> tuple[float, float, float]:
    """(left dog, right dog, track length) in mm: the hard stops are at 0 and the length."""
    beyond = _reach_mm(p) + p["overtravel_mm"]
    left = round(beyond, 1)
    return left, round(left + p["stroke_mm"], 1), round(2 * left + p["stroke_mm"], 1)


def infeeds_needed(p: dict) -> int:
    return math.ceil(p["stock_um"] / p["infeed_um"])


class GrindLog(Device):
    """The judges' bookkeeping, stepped after the table, dogs and Z: every infeed (an episode of
    the wheel moving down), whether the table was beyond a dog while it did, the table's passes
    from dog to dog at final depth, and when the table truly reached each dog. Written for this
    task alone (it reads the task's own devices)."""

    kind = "grind_log"

    def __init__(self, table, z, left, right, stock_um):
        super().__init__("grind_log")
        self.table, self.z, self.left, self.right = table, z, left, right
        self.depth_um = -float(stock_um)
        self.last_z = z.pos * 10.0
        self.time = 0.0
        self.down = False
        self.infeeds = 0
        self.inside_infeed: str | None = None          # first infeed with the table between the dogs
        self.side = self._side()
        self.passes_at_depth = 0
        self.reached_at: float | None = None          # when the table truly reached the dog it is on
        self.fed_this_visit = False
        self.last_dog = self.side                     # the dog the table was last beyond (0: none yet)

    def _side(self) -> int:
        return 1 if self.right.beyond else (-1 if self.left.beyond else 0)

    def z_um(self) -> float:
        return self.z.pos * 10.0

    def at_depth(self) -> bool:
        return abs(self.z_um() - self.depth_um) <= DEPTH_TOL_UM

    def step(self, dt: float) -> None:
        self.time += dt
        z = self.z_um()
        moving_down = z < self.last_z - 1e-6
        side = self._side()
        if moving_down:
            if not self.down:
                self.infeeds += 1
            if side == 0 and self.inside_infeed is None:
                self.inside_infeed = (f"the wheel moved down at {self.time:.2f} s (Z {z:.1f} um) with the "
                                      f"table at {self.table.pos:.1f} mm, between the dogs")
            self.fed_this_visit = self.fed_this_visit or side != 0
        self.down = moving_down
        self.last_z = z
        if side != self.side:
            if side != 0 and self.side == 0:
                self.reached_at = self.time
            if side == 0:
                self.reached_at = None
                self.fed_this_visit = False
            self.side = side
        if side != 0:
            if self.last_dog not in (0, side) and self.at_depth():
                self.passes_at_depth += 1
            self.last_dog = side
        if not self.at_depth():
            self.passes_at_depth = 0

    # drawn as the grinder's counter display beside the wheel head (where a setter reads it)
    def state(self):
        ox, oy = self.z.origin
        return {"x": ox + 60.0, "y": oy - 60.0, "infeeds": self.infeeds, "z_um": round(self.z_um(), 1),
                "passes_at_depth": self.passes_at_depth}

    def extent(self):
        ox, oy = self.z.origin
        return [(ox - 20.0, oy - 90.0), (ox + 160.0, oy - 40.0)]

    def draw(self, pen):
        ox, oy = self.z.origin
        text = f"Z {self.z_um():.1f} um   infeeds {self.infeeds}   spark-out passes {self.passes_at_depth}"
        pen.label(text, ox + 60.0, oy - 60.0, "LABEL")
        pen.hot(self.name, self.kind, [(ox - 20.0, oy - 70.0), (ox + 140.0, oy - 50.0)], operable=False,
                pad=4)


class Devices:
    def __init__(self, plant):
        self.table = plant.device("table", ContactorCarriage)
        self.z = plant.device("z", Axis)
        self.log = plant.device("grind_log", GrindLog)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    left, right, length = layout(p)
    plant = Plant(seed=condition.seed, substeps=1)
    table = plant.add(ContactorCarriage(
        "table", origin=(100.0, 400.0), length_mm=length, stations=(), fast_mm_s=p["speed_mm_s"],
        creep_mm_s=CREEP_MM_S, run_on_s=p["run_on_s"], decel=p["decel_mm_s2"],
        start_mm=left + p["start_frac"] * p["stroke_mm"] if p["start_on"] == 0 else
        (left - 2.0 if p["start_on"] < 0 else right + 2.0), label="table"))
    table.vel = p["start_v_mm_s"]              # coasting at power-up: its coils are off, the brake stops it
    bounce = p["bounce_s"]
    dl = plant.add(DogSwitch("dog_left", table, at_mm=left, side=-1, bounce_s=bounce, label="left dog"))
    dr = plant.add(DogSwitch("dog_right", table, at_mm=right, side=1, bounce_s=bounce, label="right dog"))
    # Z in units of 0.01 mm (its 0.1-unit words are um), drawn upward beside the table
    z = plant.add(Axis("z", origin=(100.0 + length + 160.0, 250.0), angle_deg=90.0, limit_minus_mm=-50.0,
                       limit_plus_mm=300.0, rail_min_mm=-60.0, rail_max_mm=310.0, home_mm=200.0,
                       start_mm=0.0, max_speed=Z_SPEED_UM_S / 10.0, accel=Z_ACCEL_UM_S2 / 10.0,
                       window_mm=0.05, settle_s=0.02, label="wheel head Z (drawn in 10 um units)"))
    plant.add(ValueWord("stock_word", p["stock_um"], position=(200.0, 140.0), label="stock", units="um"))
    plant.add(ValueWord("infeed_word", p["infeed_um"], position=(420.0, 140.0), label="infeed", units="um"))
    plant.add(ValueWord("sparkout_word", p["sparkouts"], position=(640.0, 140.0), label="spark-outs"))
    plant.add(GrindLog(table, z, dl, dr, p["stock_um"]))
    return plant


# --- judges -------------------------------------------------------------------------------------

def _at_final_depth(s) -> bool:
    log = s.devices.log
    return log.at_depth() and log.infeeds == infeeds_needed(s.params) and not log.down


def _sparked_out(s) -> bool:
    return s.devices.log.passes_at_depth >= s.params["sparkouts"]


def _z_up(s) -> bool:
    return s.devices.z.pos * 10.0 >= Z_UP_UM - 1.0


def _parked(s) -> bool:
    t = s.devices.table
    return (_z_up(s) and s.devices.log.left.beyond and t.vel == 0.0 and not (s.io["fwd"] or s.io["rev"]))


class ReversedInTime(judges.Watch):
    """'reverse <= 0.1 s': the contactor driving the table toward the dog it reached is off within
    REVERSE_S of the table reaching it. Written for this task (dogs, not a drive's position)."""

    def check(self, s):
        log = s.devices.log
        if log.reached_at is None:
            return None
        coil = "fwd" if log.side > 0 else "rev"
        if s.io[coil] and log.time - log.reached_at > REVERSE_S + 1e-9:
            dog = "right" if log.side > 0 else "left"
            return (f"the table reached the {dog} dog at {log.reached_at:.2f} s "
                    f"but {coil} was still on {REVERSE_S:g} s later")
        return None


class InfeedAtEachReversal(judges.Watch):
    """Until the stock is gone, every visit beyond a dog that ends in a stroke back has an infeed."""

    def __init__(self):
        self.was_side = None

    def check(self, s):
        log = s.devices.log
        miss = None
        if (self.was_side not in (None, 0) and log.side == 0 and not self.fed
                and self.infeeds_before < infeeds_needed(s.params) and self.seen_move):
            miss = (f"the table left the {'right' if self.was_side > 0 else 'left'} dog at {log.time:.2f} s "
                    "with no infeed at that reversal while stock was left")
        self.fed = log.fed_this_visit
        self.infeeds_before = log.infeeds - (1 if log.fed_this_visit else 0)
        self.seen_move = getattr(self, "seen_move", False) or s.io["fwd"] or s.io["rev"]
        self.was_side = log.side
        return miss


def _completion():
    p_ok = judges.in_order(
        judges.event("the wheel at the final depth (-stock +-2 um) after ceil(stock / infeed) infeeds",
                     _at_final_depth),
        judges.event("the spark-out passes made at final depth", _sparked_out),
        judges.event(f"the wheel raised to Z >= {Z_UP_UM} um", _z_up),
        judges.held("the table parked at rest beyond the left dog, contactors off, wheel up", _parked,
                    HOLD_S))
    return MissEndsTheRun(judges.watched(p_ok, ReversedInTime(), InfeedAtEachReversal()))


def _end_state_kept(s) -> bool:
    return _parked(s)


def _inside_infeed(s):
    return s.devices.log.inside_infeed


def _crashed(s):
    t = s.devices.table
    return f"the table ran into a hard stop at {t.pos:.1f} mm" if t.crashed else None


def _both(s):
    return "fwd and rev on together" if s.io["fwd"] and s.io["rev"] else None


def _too_deep(s):
    z = s.devices.log.z_um()
    if z < -s.params["stock_um"] - DEPTH_TOL_UM:
        return f"the wheel went to {z:.1f} um, deeper than the stock ({s.params['stock_um']} um)"
    return None


# --- conditions --------------------------------------------------------------------------------

def _cond(name, seed, description, **p):
    p["bounce_ms"] = round(p["bounce_s"] * 1000)
    return Condition(name, seed, p, description)


CONDITIONS = (
    _cond("nominal", 1701, "mid-stroke coasting right, medium speed, 4 infeeds, 2 spark-outs",
          speed_mm_s=150.0, run_on_s=0.03, decel_mm_s2=2500.0, overtravel_mm=10.0, bounce_s=0.01,
          stroke_mm=250.0, stock_um=50, infeed_um=15, sparkouts=2, start_on=0, start_frac=0.4,
          start_v_mm_s=120.0),
    _cond("slow_table_big_infeed", 1702,
          "slowest table, quick brake: the infeed must be in before it leaves the dog",
          speed_mm_s=50.0, run_on_s=0.02, decel_mm_s2=4000.0, overtravel_mm=5.0, bounce_s=0.02,
          stroke_mm=150.0, stock_um=60, infeed_um=25, sparkouts=1, start_on=0, start_frac=0.7,
          start_v_mm_s=-40.0),
    _cond("fast_on_right_dog", 1703, "standing on the right dog at power-up, fastest table, small overtravel",
          speed_mm_s=300.0, run_on_s=0.05, decel_mm_s2=1500.0, overtravel_mm=5.0, bounce_s=0.015,
          stroke_mm=300.0, stock_um=40, infeed_um=20, sparkouts=3, start_on=1, start_frac=0.5,
          start_v_mm_s=0.0),
    _cond("on_left_dog_exact_stock", 1704, "on the left dog, stock a whole number of infeeds, no bounce",
          speed_mm_s=220.0, run_on_s=0.02, decel_mm_s2=3000.0, overtravel_mm=20.0, bounce_s=0.0,
          stroke_mm=200.0, stock_um=75, infeed_um=25, sparkouts=2, start_on=-1, start_frac=0.5,
          start_v_mm_s=0.0),
    _cond("coasting_left_many_infeeds", 1705, "coasting left mid-stroke, 7 infeeds with a short last one",
          speed_mm_s=100.0, run_on_s=0.04, decel_mm_s2=2000.0, overtravel_mm=8.0, bounce_s=0.02,
          stroke_mm=180.0, stock_um=64, infeed_um=10, sparkouts=1, start_on=0, start_frac=0.2,
          start_v_mm_s=-90.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: the power-up coast (up to 0.9 of the
    speed) ends well between the dogs (start_frac kept 0.15-0.85 of the stroke, the coast at most
    30 mm); the number of strokes x stroke / speed stays under 100 s so every run fits the limit."""
    while True:
        v = round(log_uniform(rng, 50.0, 300.0))
        stroke = round(rng.uniform(150.0, 300.0))
        stock = rng.randint(20, 100)
        infeed = rng.randint(10, 25)
        sparkouts = rng.randint(1, 3)
        strokes = math.ceil(stock / infeed) + sparkouts + 2
        if strokes * (stroke / v + 0.5) <= 100.0:
            break
    run_on = round(rng.uniform(0.02, 0.05), 3)
    decel = float(round(log_uniform(rng, 1500.0, 4000.0)))
    start_on = rng.choice((0, 0, 0, 1, -1))
    frac = round(rng.uniform(0.15, 0.85), 3) if start_on == 0 else 0.5
    sv = 0.0
    if start_on == 0:
        vmax = min(0.9 * v, math.sqrt(2 * decel * 30.0))
        sv = round(rng.uniform(-vmax, vmax), 1)
    cond = _cond("sampled", 0, "", speed_mm_s=float(v), run_on_s=run_on, decel_mm_s2=decel,
                 overtravel_mm=round(rng.uniform(5.0, 20.0), 1), bounce_s=round(rng.uniform(0.0, 0.02), 3),
                 stroke_mm=float(stroke), stock_um=stock, infeed_um=infeed, sparkouts=sparkouts,
                 start_on=start_on, start_frac=frac, start_v_mm_s=sv)
    where = {0: f"mid-stroke at {frac:g} coasting {sv:g} mm/s", 1: "on the right dog", -1: "on the left dog"}
    description = (f"{v} mm/s, stroke {stroke} mm, stock {stock} um / infeed {infeed} um, "
                   f"{sparkouts} spark-outs, {where[start_on]}")
    return dict(params=cond.params, description=description)


IO = (
    IOPoint("%IX0.0", "dog_left", "BOOL", "input", "dog_left", "tripped",
            "Left reversing dog switch (NO): TRUE while the table is at or beyond (left of) the left dog; "
            "its contact bounces up to 20 ms after each change"),
    IOPoint("%IX0.1", "dog_right", "BOOL", "input", "dog_right", "tripped",
            "Right reversing dog switch (NO): TRUE while the table is at or beyond (right of) the right dog; "
            "its contact bounces up to 20 ms after each change"),
    IOPoint("%IX0.2", "z_in_position", "BOOL", "input", "z", "in_position",
            "Wheel head Z drive in position: TRUE once Z has settled (within 0.5 um for 20 ms) at "
            "the last started "
            "target"),
    IOPoint("%IW0", "z_position", "INT", "input", "z", "position",
            "Wheel head Z actual position, in um (1 = 0.001 mm); 0 = wheel touching the work at power-up, "
            "down is negative", "um"),
    IOPoint("%IW1", "stock", "INT", "input", "stock_word", "value",
            "Stock to grind off, in um (constant during the run)", "um", "20..100"),
    IOPoint("%IW2", "infeed", "INT", "input", "infeed_word", "value",
            "Infeed per reversal, in um (constant during the run)", "um", "10..25"),
    IOPoint("%IW3", "sparkouts", "INT", "input", "sparkout_word", "value",
            "Spark-out passes to make at final depth (constant during the run)", "", "1..3"),
    IOPoint("%QX0.0", "fwd", "BOOL", "output", "table", "fwd",
            "Table forward contactor: TRUE drives the table to the right"),
    IOPoint("%QX0.1", "rev", "BOOL", "output", "table", "rev",
            "Table reverse contactor: TRUE drives the table to the left"),
    IOPoint("%QX0.2", "fast", "BOOL", "output", "table", "fast",
            f"Table traverse speed contactor: TRUE with fwd or rev runs at the set table speed, FALSE "
            "creeps at "
            f"{CREEP_MM_S:g} mm/s"),
    IOPoint("%QX0.3", "z_enable", "BOOL", "output", "z", "enable", "Wheel head Z drive enable"),
    IOPoint("%QW0", "z_target", "INT", "output", "z", "target", "Wheel head Z target position, in um", "um"),
    IOPoint("%QX0.4", "z_start", "BOOL", "output", "z", "start",
            "Wheel head Z start: a rising edge starts a move to z_target (enable on)"),
)

TASK = Task(
    id="MOT-M17", title="Surface-grinder reciprocation", suite="MOT", level="M",
    summary="Reciprocate a surface grinder's contactor-driven table between its reversing dogs, feed the "
            "wheel in at each reversal while the table is beyond the dog until the stock is gone, spark out, "
            "raise the wheel and park the table.",
    plant_description=(
        "A surface grinder. The table runs left and right on a two-speed brake motor on contactors "
        "(fwd, rev, "
        "fast; both fwd and rev together leave the motor off); the set table speed is 50-300 mm/s. Every "
        "contactor change reaches the motor 0.02-0.05 s later and the brake then stops the table "
        "(1500-4000 mm/s^2), so it overruns where it was switched. Two reversing dog switches mark "
        "the ends of "
        "the stroke (150-300 mm apart); beyond each dog, the wheel is off the work. Beyond the dogs are hard "
        "stops, placed 5-20 mm past where a table reversed 0.1 s after reaching its dog stops. The dog "
        "contacts bounce for up to 20 ms after each change. The wheel head is a servo Z axis (position and "
        "target in um, 1 mm/s and 10 mm/s^2: a 25 um infeed takes about 0.12 s; travel -500..+3000 "
        "um between "
        "hard limit switches that fault the drive), its wheel touching the work surface at Z = 0 at "
        "power-up. At power-up "
        "the table may still be coasting mid-stroke (either way; it stops by itself between the dogs) or "
        "stand beyond one of the dogs. The host sends the stock, the infeed per reversal and the number of "
        "spark-out passes as words."),
    specification=(
        "1. Reciprocate the table at the set speed (fast on): run toward a dog until it trips, then reverse "
        f"toward the other one. The contactor driving toward a dog must be off within {REVERSE_S:g} s of the "
        "table reaching it (it overruns the dog while it stops).\n"
        "2. At each reversal, while stock is left, feed the wheel down by the infeed (the last "
        "infeed only the "
        "rest of the stock, so the depth is exactly -stock): start the Z move while the table is beyond the "
        "dog and do not drive the table back out of the dog until Z is in position. The wheel may move down "
        "only while the table is beyond a dog. The first dog reached after power-up is a reversal "
        "too (a table "
        "standing beyond a dog at power-up is at that dog: feed in there, then run out the other way).\n"
        f"3. At final depth (Z = -stock +-{DEPTH_TOL_UM:g} um, reached in exactly ceil(stock / infeed) "
        "infeeds) make the spark-out passes: that many strokes from one dog to the other with no infeed.\n"
        f"4. Then raise the wheel to Z >= {Z_UP_UM} um and park the table at rest beyond the left dog "
        "with fwd "
        "and rev off.\n"
        "Never switch fwd and rev on together; never run the table into a hard stop."),
    io=IO,
    completion=Completion(
        "In this order: the wheel at -stock +-2 um after ceil(stock / infeed) infeeds, one at each reversal "
        "while stock was left (leaving a dog with no infeed while stock is left ends the run); the "
        "spark-out passes made at that depth; the wheel raised to Z >= "
        f"{Z_UP_UM} um; the table at rest beyond the left dog, fwd and rev off, for {HOLD_S:g} s. All along, "
        f"the contactor toward a dog off within {REVERSE_S:g} s of the table reaching it (a miss ends "
        "the run).",
        _completion,
        keep=_end_state_kept,
        keep_wording="the table at rest beyond the left dog, fwd and rev off, the wheel raised."),
    safety_rules=(
        SafetyRule("MOT-M17-S1", "The wheel may move down (infeed) only while the table is beyond a dog, and "
                   "never deeper than the stock.",
                   judges.never(lambda s: _inside_infeed(s) or _too_deep(s),
                                lambda s: _inside_infeed(s) or _too_deep(s))),
        SafetyRule("MOT-M17-S2", "The table must never run into a hard stop.",
                   judges.never(_crashed, _crashed)),
        SafetyRule("MOT-M17-S3", "fwd and rev must never be on together.", judges.never(_both, _both)),
    ),
    parameters=(
        ParameterRange("speed_mm_s", 50.0, 300.0, "mm/s", "set table speed"),
        ParameterRange("run_on_s", 0.02, 0.05, "s", "contactor and motor run-on after a change"),
        ParameterRange("decel_mm_s2", 1500.0, 4000.0, "mm/s^2", "table brake deceleration"),
        ParameterRange("overtravel_mm", 5.0, 20.0, "mm", "hard stop past a 0.1 s reversal's stopping point"),
        ParameterRange("bounce_ms", 0, 20, "ms", "dog contact bounce after each change"),
        ParameterRange("stroke_mm", 150.0, 300.0, "mm", "distance between the dogs"),
        ParameterRange("stock_um", 20, 100, "um", "stock to grind off (on %IW1)"),
        ParameterRange("infeed_um", 10, 25, "um", "infeed per reversal (on %IW2)"),
        ParameterRange("sparkouts", 1, 3, "", "spark-out passes (on %IW3)"),
        ParameterRange("start_on", -1, 1, "", "at power-up: -1 beyond the left dog, 1 the right, 0 between"),
        ParameterRange("start_frac", 0.15, 0.85, "", "where between the dogs the table is (of the stroke)"),
        ParameterRange("start_v_mm_s", -270.0, 270.0, "mm/s", "coasting speed at power-up (mid-stroke only)"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    judged_devices=Devices,
)
