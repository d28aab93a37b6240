"""MOT-M03 Dual-drive gantry squaring and sync.

A gantry beam rides on two rails, each end driven by its own servo in cyclic position mode
(sim.devices.gantry_beam.BeamDrive under a GantryBeam): the PLC writes both setpoints every scan
and must keep the ends together; at 6 mm of skew the beam binds in its bearings and both drives
fault. The encoders are incremental (each position word counts from an unknown offset), so at
power-up the words say nothing about the skew, which may be up to 4 mm: the program squares the
beam by finding each end on its own home switch (the switch is TRUE at and below the end's home
position; it releases exactly there on the way up), then runs four host orders with one motion
profile for both ends, within the slower drive's speed and acceleration, each end's words timed
for its own response time.

Changes from the catalog entry, and why:
- Each drive's speed, acceleration and response time are words (drive parameters read over the
  fieldbus): one profile within the slower drive's limits, and the faster-responding drive's
  words held back by the difference, can only be planned from them.
- S1 also forbids binding before the beam is squared (6 mm), and S3 is judged from the setpoint
  words: no setpoint may change while either drive is faulted (a moving end pulls the other's
  end of the beam whether or not its own drive holds).
- The 2-sided window "at least 60% of speed" is judged as a deadline per order: the ends must
  arrive within 1.5x the slower drive's trapezoidal time + 0.5 s (a profile at 60% of the speed
  is about that slow; half speed, counterexamples/half_speed.st, is late), and the early side is
  S1 (a faster profile makes the slower end lag). The first order's clock starts when the beam
  first stands square at home, which can happen by chance before the program has checked it, so
  it has 0.8 s more.
- The catalog's trap, one target for both drives each reaching it at its own limits, is kept as
  counterexamples/own_limits.st (S1 everywhere); sending both drives the same words at once,
  blind to their response times, is the S1 counterexample.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.gantry_beam import BeamDrive, GantryBeam
from sim.devices.sync_axis import SETPOINT_RULE
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import log_uniform, store_drive_fault

ENDS = ("x1", "x2")
HOME_MM = 0.0
LIMITS = (-40.0, 520.0)
BIND_MM = 6.0
SQUARE_MM = 0.3           # skew at home and at every order
FIRST_EXTRA_S = 0.8       # order 1 only: the time to find the beam square (settling, the last homing moves)
SKEW_MAX_MM = 1.5         # S1 once squared
WINDOW_MM = 0.5
N_ORDERS = 4
FE_LIMIT_MM = 5.0
OFFSET_SPAN_MM = 1000.0
ORDER_FACTOR = 1.5
ORDER_ALLOWANCE_S = 0.5
SET_OFF_S = 1.0
SET_OFF_MM = 1.0
HOLD_S = 2.0
MOVED_MM = 0.05


def move_time(d: float, v: float, a: float) -> float:
    d = abs(d)
    if d <= 1e-9:
        return 0.0
    return d / v + v / a if d >= v * v / a else 2.0 * math.sqrt(d / a)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    starts = {"x1": p["start_mm"], "x2": p["start_mm"] - p["skew_mm"]}
    for e, rail_x in (("x1", 150.0), ("x2", 850.0)):
        drive = plant.add(BeamDrive(
            e, rail=(rail_x, 60.0), home_mm=HOME_MM, limit_minus_mm=LIMITS[0], limit_plus_mm=LIMITS[1],
            offset_span_mm=OFFSET_SPAN_MM, response_s=p[f"{e}_response_s"], start_mm=starts[e],
            max_speed=p[f"{e}_speed"], accel=p[f"{e}_accel"], kv=40.0, fe_limit_mm=FE_LIMIT_MM,
            label=e.upper()))
        if p.get(f"fault_{e}"):
            store_drive_fault(drive)
    plant.add(GantryBeam("beam", "x1", "x2", bind_mm=BIND_MM, label="beam"))
    for k in range(N_ORDERS):
        plant.add(ValueWord(f"order{k + 1}", int(p[f"order{k + 1}_mm"]), position=(1050.0, 560.0 - 55.0 * k),
                            label=f"order {k + 1}", units="mm"))
    for n, e in enumerate(ENDS):
        for m, (what, value, unit) in enumerate((("speed", p[f"{e}_speed"], "mm/s"),
                                                 ("accel", p[f"{e}_accel"], "mm/s^2"),
                                                 ("response", p[f"{e}_response_s"] * 1000.0, "ms"))):
            plant.add(ValueWord(f"{e}_{what}_word", int(round(value)),
                                position=(1200.0, 560.0 - 55.0 * (3 * n + m)),
                                label=f"{e.upper()} {what}", units=unit))
    return plant


class Devices:
    def __init__(self, plant):
        self.x1 = plant.device("x1", BeamDrive)
        self.x2 = plant.device("x2", BeamDrive)
        self.beam = plant.device("beam", GantryBeam)


# --- judges ----------------------------------------------------------------------------------

def _at_rest(s) -> bool:
    # the drives' own standstill: a position loop settles asymptotically, never to exactly 0 mm/s
    d = s.devices
    return d.x1.standstill and d.x2.standstill


def _at(s, mm: float) -> bool:
    d = s.devices
    return (_at_rest(s) and abs(d.x1.pos - mm) <= WINDOW_MM and abs(d.x2.pos - mm) <= WINDOW_MM
            and abs(d.beam.skew_mm) <= SQUARE_MM and not d.x1.fault and not d.x2.fault)


def _squared(s) -> bool:
    return _at(s, HOME_MM)


def _order(s, k: int) -> float:
    return s.params[f"order{k}_mm"]


def _slow(s) -> tuple[float, float]:
    p = s.params
    return min(p["x1_speed"], p["x2_speed"]), min(p["x1_accel"], p["x2_accel"])


class _Stage:
    """How far the job has come, shared by the completion's parts in one run: 0 until the beam is
    first squared at home, then k + 1 once order k has been reached after order k - 1. An order
    repeated later (the host may send the same place twice) is not reached again early."""

    def __init__(self):
        self.stage = 0
        self.at_ms = -1

    def __call__(self, s) -> int:
        if s.time_ms != self.at_ms:
            self.at_ms = s.time_ms
            if self.stage == 0 and _squared(s):
                self.stage = 1
            elif 1 <= self.stage <= N_ORDERS and _at(s, _order(s, self.stage)):
                self.stage += 1
        return self.stage


def _order_on_time(k: int, stage: _Stage):
    # the ends run order k's move: they close on the order without going back and arrive within
    # ORDER_FACTOR x the slower drive's time + ORDER_ALLOWANCE_S of coming to rest at the last place
    def prev(s) -> float:
        return HOME_MM if k == 1 else _order(s, k - 1)

    def cause(s) -> bool:
        return stage(s) == k and _at(s, prev(s))

    def mean(s) -> float:
        return (s.devices.x1.pos + s.devices.x2.pos) / 2

    def extra(s) -> float:
        return FIRST_EXTRA_S if k == 1 else 0.0

    def allowed(s) -> float:
        v, a = _slow(s)
        return ORDER_FACTOR * move_time(_order(s, k) - prev(s), v, a) + ORDER_ALLOWANCE_S + extra(s)

    return judges.progress_within(
        f"order {k} reached in time", cause,
        # the distance to the order's window: settling inside it is no backing off
        [judges.Way(f"the beam moving to order {k}",
                    lambda s: max(0.0, abs(_order(s, k) - mean(s)) - WINDOW_MM),
                    by=SET_OFF_MM, until=lambda s: stage(s) > k, slack=0.2, arrive_s=allowed)],
        SET_OFF_S, excused=lambda s: stage(s) > k, allowance_s=extra,
        late=lambda t: f"the beam stood square at its previous place from {t:g} s but had not set off "
                       f"{SET_OFF_MM:g} mm toward order {k} {SET_OFF_S:g} s later")


def _completion():
    stage = _Stage()
    steps = [judges.event(f"the beam squared at home (skew within {SQUARE_MM:g} mm)",
                          lambda s: stage(s) >= 1)]
    steps += [judges.event(f"order {k} reached (both ends at rest within {WINDOW_MM:g} mm, skew within "
                           f"{SQUARE_MM:g} mm)", lambda s, k=k: stage(s) > k) for k in range(1, N_ORDERS + 1)]
    steps.append(judges.held(f"the beam at order {N_ORDERS}, square, at rest",
                             lambda s: _at(s, _order(s, N_ORDERS)), HOLD_S))
    return judges.watched(judges.in_order(*steps),
                          *(_order_on_time(k, stage) for k in range(1, N_ORDERS + 1)))


def _end_state_kept(s) -> bool:
    d = s.devices
    return _at(s, _order(s, N_ORDERS)) and d.x1.enabled and d.x2.enabled


# --- safety ----------------------------------------------------------------------------------

class BeamSkew(judges.Monitor):
    """S1: the beam never binds; once it has been squared at home, the skew stays within
    SKEW_MAX_MM."""

    def __init__(self):
        self.squared = False

    def check(self, s):
        d = s.devices
        skew = d.beam.skew_mm
        if d.beam.binds:
            return f"the beam bound at {d.beam.binds[0][1]:+.1f} mm of skew"
        self.squared = self.squared or _squared(s)
        if self.squared and abs(skew) > SKEW_MAX_MM:
            return f"the skew reached {skew:+.2f} mm after the beam was squared"
        return None


class NoSetpointWhileFaulted(judges.Monitor):
    """S3: no setpoint word changes in a scan whose inputs showed either drive faulted (judged from
    the words the program writes: a faulted drive takes none, but a later reset would). A fault
    that comes up in the plant step after a scan wrote its words is the next scan's business."""

    def __init__(self):
        self.last: tuple[int, int] | None = None
        self.faulted: list[str] = []

    def check(self, s):
        words = (s.io["x1_setpoint"], s.io["x2_setpoint"])
        last, self.last = self.last, words
        was, d = self.faulted, s.devices
        self.faulted = [e.upper() for e, drive in (("x1", d.x1), ("x2", d.x2)) if drive.fault]
        if last is not None and was and words != last and not d.beam.binds:
            return f"a setpoint changed while {' and '.join(was)} had a drive fault"
        return None


def _limit(s):
    for drive in (s.devices.x1, s.devices.x2):
        if drive.pos <= LIMITS[0] or drive.pos >= LIMITS[1]:
            return f"{drive.label} reached a limit switch at {drive.pos:.1f} mm"
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, orders, **params):
    for k, mm in enumerate(orders, 1):
        params[f"order{k}_mm"] = mm
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 301, "drives alike, 1.5 mm of skew, quick responses", (400, 120, 300, 50),
          start_mm=250.0, skew_mm=1.5, x1_speed=250.0, x2_speed=220.0, x1_accel=1200.0, x2_accel=1000.0,
          x1_response_s=0.01, x2_response_s=0.02),
    _cond("late_second_drive", 302, "X2 answers 80 ms late, X1 at once: the same words skew the beam 6 mm at "
          "speed", (450, 80, 350, 200),
          start_mm=120.0, skew_mm=-3.0, x1_speed=200.0, x2_speed=250.0, x1_accel=900.0, x2_accel=1500.0,
          x1_response_s=0.0, x2_response_s=0.08, fault_x2=1),
    _cond("slow_second_drive", 303, "X2 3x slower in speed and acceleration, 4 mm of skew",
          (300, 480, 60, 250),
          start_mm=400.0, skew_mm=4.0, x1_speed=300.0, x2_speed=100.0, x1_accel=1800.0, x2_accel=600.0,
          x1_response_s=0.04, x2_response_s=0.03),
    _cond("near_home_soft", 304, "the beam just above home, soft drives, X1 slower and late",
          (200, 40, 420, 100),
          start_mm=12.0, skew_mm=-4.0, x1_speed=120.0, x2_speed=200.0, x1_accel=300.0, x2_accel=700.0,
          x1_response_s=0.07, x2_response_s=0.0, fault_x1=1),
    _cond("far_stiff_faults", 305, "far up, stiff drives, both faulted at power-up", (100, 350, 20, 500),
          start_mm=470.0, skew_mm=2.5, x1_speed=280.0, x2_speed=300.0, x1_accel=2000.0, x2_accel=1400.0,
          x1_response_s=0.05, x2_response_s=0.06, fault_x1=1, fault_x2=1),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The two drives are drawn jointly: X1's speed and
    acceleration log-uniform, X2's within 3x of X1's (and inside the ranges); responses 0-80 ms
    each; the skew -4..4 mm and the start 10..470 mm; four orders 20..500 mm, each at least 30 mm
    from the last place; a stored fault on each drive one time in four."""
    v1, a1 = log_uniform(rng, 100.0, 300.0), log_uniform(rng, 300.0, 2000.0)
    v2 = min(300.0, max(100.0, v1 * math.exp(rng.uniform(-math.log(3), math.log(3)))))
    a2 = min(2000.0, max(300.0, a1 * math.exp(rng.uniform(-math.log(3), math.log(3)))))
    orders, last = [], HOME_MM
    while len(orders) < N_ORDERS:
        mm = round(rng.uniform(20.0, 500.0))
        if abs(mm - last) >= 30.0:
            orders.append(mm)
            last = mm
    params = dict(start_mm=round(rng.uniform(10.0, 470.0), 1), skew_mm=round(rng.uniform(-4.0, 4.0), 2),
                  x1_speed=round(v1, 1), x2_speed=round(v2, 1), x1_accel=round(a1, 1), x2_accel=round(a2, 1),
                  x1_response_s=round(rng.uniform(0.0, 0.08), 3),
                  x2_response_s=round(rng.uniform(0.0, 0.08), 3),
                  fault_x1=int(rng.random() < 0.25), fault_x2=int(rng.random() < 0.25))
    cond = _cond("sampled", 0, "", orders, **params)
    description = (f"skew {params['skew_mm']:g} mm, X1 {params['x1_speed']:g}/{params['x1_accel']:g}, "
                   f"X2 {params['x2_speed']:g}/{params['x2_accel']:g}, responses {params['x1_response_s']:g}/"
                   f"{params['x2_response_s']:g} s, orders {orders}")
    return dict(params=cond.params, description=description)


# --- I/O -------------------------------------------------------------------------------------

def _end_points(e: str, byte: int, word_in: int, word_out: int) -> tuple[IOPoint, ...]:
    E = e.upper()
    b = f"%IX{byte}"
    return (
        IOPoint(f"{b}.0",
                f"{e}_ready", "BOOL", "input", e, "ready", f"TRUE when {E}'s drive is enabled and has no "
                "fault (it then follows its setpoint)"),
        IOPoint(f"{b}.1",
                f"{e}_fault", "BOOL", "input", e, "fault", f"TRUE while {E}'s drive has a latched fault "
                "(a stored fault, a following error, a limit switch, the beam binding); a rising edge on "
                f"{e}_reset clears it"),
        IOPoint(f"{b}.2", f"{e}_standstill", "BOOL", "input", e, "standstill",
                f"TRUE while {E} is not moving"),
        IOPoint(f"{b}.3",
                f"{e}_home", "BOOL", "input", e, "home", f"{E}'s home switch: TRUE while {E} stands at or "
                "below its home position (it releases exactly there on the way up)"),
        IOPoint(f"{b}.4", f"{e}_limit_minus", "BOOL", "input", e, "limit_minus",
                f"{E}'s minus limit switch: TRUE at or below {LIMITS[0]:g} mm (the drive then faults)"),
        IOPoint(f"{b}.5", f"{e}_limit_plus", "BOOL", "input", e, "limit_plus",
                f"{E}'s plus limit switch: TRUE at or above {LIMITS[1]:g} mm (the drive then faults)"),
        IOPoint(f"%IW{word_in}", f"{e}_position", "INT", "input", e, "position",
                f"{E}'s incremental position counter: it counts from an arbitrary value (within "
                f"+-{OFFSET_SPAN_MM:g} mm of the true position); true distances, unknown zero", "0.1 mm",
                "-32768..32767"),
        IOPoint(f"%IW{word_in + 1}", f"{e}_speed", "INT", "input", f"{e}_speed_word", "value",
                f"{E} drive's maximum speed", "mm/s", "100..300"),
        IOPoint(f"%IW{word_in + 2}", f"{e}_accel", "INT", "input", f"{e}_accel_word", "value",
                f"{E} drive's maximum acceleration", "mm/s^2", "300..2000"),
        IOPoint(f"%IW{word_in + 3}", f"{e}_response", "INT", "input", f"{e}_response_word", "value",
                f"{E} drive's response time: the drive takes a setpoint word at its first 10 ms cycle that "
                "starts "
                "at least this long after the scan that wrote it (0 ms: the next cycle; 35 ms: 4 scans later "
                "than "
                "that)", "ms", "0..80"),
        IOPoint(f"%QX{byte}.0", f"{e}_enable", "BOOL", "output", e, "enable",
                f"TRUE enables {E}'s drive; on enable it takes the setpoint word of that moment as where it "
                "stands"),
        IOPoint(f"%QX{byte}.1", f"{e}_reset", "BOOL", "output", e, "reset",
                f"Rising edge clears {E}'s fault"),
        IOPoint(f"%QW{word_out}", f"{e}_setpoint", "INT", "output", e, "setpoint",
                f"{E}'s position setpoint, in its counter's coordinates, written every scan: the drive "
                "follows "
                "its changes (with feed-forward) within its speed and acceleration; a change it cannot "
                "follow "
                f"builds a following error, and beyond {FE_LIMIT_MM:g} mm the drive faults; {SETPOINT_RULE}",
                "0.1 mm",
                "-32768..32767"),
    )


IO = (
    *_end_points("x1", 0, 0, 0),
    *_end_points("x2", 1, 4, 1),
    *(IOPoint(f"%IW{8 + k}", f"order{k + 1}", "INT", "input", f"order{k + 1}", "value",
              f"Host order {k + 1}: where the beam must go (true position of both ends)", "mm", "20..500")
      for k in range(N_ORDERS)),
)

TASK = Task(
    id="MOT-M03", title="Dual-drive gantry squaring and sync", suite="MOT", level="M",
    summary="Square a gantry beam carried by two drives on their home switches, then run four orders with "
            "one "
            "profile for both ends, within the slower drive's limits and timed for each drive's response.",
    plant_description=(
        "A gantry beam spans two parallel rails (stroke 0..500 mm, 0 = home); each end is carried by its own "
        "servo drive in cyclic position mode (X1 and X2): the PLC writes each drive's position setpoint "
        "every "
        "scan. The beam binds in its bearings at 6 mm of skew (X1's position less X2's): both drives then "
        "fault. The encoders are incremental: each position word counts from an unknown offset, so the words "
        "of the two ends cannot be compared; at power-up the beam may be skewed up to 4 mm. Each rail has a "
        "home switch: TRUE while its end stands at or below home (0 mm), releasing exactly at home on the "
        "way "
        "up; with both ends at their switch points the beam is square. Limit switches at -40 and 520 mm. The "
        "two drives differ in speed, acceleration (up to 3x) and response time (0-80 ms): their values are "
        "words. Either drive may come up with a stored fault."),
    specification=(
        "1. Clear a stored fault with a rising edge on its reset and enable both drives (write each setpoint "
        "as its position word before enabling). No setpoint word may change while either drive is faulted.\n"
        f"2. Square the beam: move both ends down together (the same change on both setpoints) until both "
        "home switches have made, stop, then up together slowly (at most 5 mm/s) and note each end's "
        "position word on the scan its switch releases: that is its home. Bring each end to its own home: "
        "the "
        f"beam is square when both ends stand within {WINDOW_MM:g} mm of home with a skew within "
        f"{SQUARE_MM:g} mm. The beam must never bind; once it has been squared its skew must stay within "
        f"{SKEW_MAX_MM:g} mm.\n"
        "3. Then run the four orders in turn (true positions: an end's home word + 10 x mm): both ends on "
        "one "
        "profile within the slower drive's speed and acceleration, each drive's words sent early by its own "
        "response time (hold back the quicker drive's words by the difference). Each order is reached when "
        f"both ends are at rest within {WINDOW_MM:g} mm of it with a skew within {SQUARE_MM:g} mm. The beam "
        f"must set off {SET_OFF_MM:g} mm toward the next order within {SET_OFF_S:g} s of coming to rest at "
        f"the last and arrive within {ORDER_FACTOR:g} x the slower drive's trapezoidal time for the distance "
        f"(d/v + v/a, or 2*sqrt(d/a)) + {ORDER_ALLOWANCE_S:g} s; for the first order both times count from "
        "the beam "
        f"first standing square at home and are {FIRST_EXTRA_S:g} s longer.\n"
        "4. Keep the beam square at the last order, both drives enabled. Never reach a limit switch.\n"
        "The skew, the offsets, the drives' speeds, accelerations and response times and the orders differ "
        "from run to run."),
    io=IO,
    completion=Completion(
        f"The beam is squared at home (both ends at rest within {WINDOW_MM:g} mm of home, skew within "
        f"{SQUARE_MM:g} mm); then the four orders are reached in turn (both ends at rest within "
        f"{WINDOW_MM:g} mm, "
        f"skew within {SQUARE_MM:g} mm), each setting off within {SET_OFF_S:g} s and arriving within "
        f"{ORDER_FACTOR:g} x the slower drive's time + {ORDER_ALLOWANCE_S:g} s (the first order from the "
        f"beam first square at home, {FIRST_EXTRA_S:g} s longer); then the beam stays square at the last "
        f"order for {HOLD_S:g} s.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the beam square at rest at the last order, both drives enabled without a fault."),
    safety_rules=(
        SafetyRule("MOT-M03-S1", f"The beam must never bind ({BIND_MM:g} mm of skew), and once it has been "
                   "squared "
                   f"its skew must stay within {SKEW_MAX_MM:g} mm.", BeamSkew()),
        SafetyRule("MOT-M03-S2", "Neither end may reach a limit switch.",
                   judges.never(lambda s: _limit(s) is not None, _limit)),
        SafetyRule("MOT-M03-S3", "No setpoint word may change while either drive is faulted.",
                   NoSetpointWhileFaulted()),
    ),
    parameters=(
        ParameterRange("start_mm", 10.0, 470.0, "mm", "where X1 stands at power-up"),
        ParameterRange("skew_mm", -4.0, 4.0, "mm", "the beam's skew at power-up (X1 less X2)"),
        ParameterRange("speed", 100.0, 300.0, "mm/s", "each drive's speed (within 3x of the other's)",
                       keys=("x1_speed", "x2_speed")),
        ParameterRange("accel", 300.0, 2000.0, "mm/s^2",
                       "each drive's acceleration (within 3x of the other's)",
                       keys=("x1_accel", "x2_accel")),
        ParameterRange("response_s", 0.0, 0.08, "s", "each drive's response time",
                       keys=("x1_response_s", "x2_response_s")),
        ParameterRange("order_mm", 20.0, 500.0, "mm", "the host's orders",
                       keys=tuple(f"order{k}_mm" for k in range(1, N_ORDERS + 1))),
        ParameterRange("fault", 0, 1, "", "1 = that drive reports a stored fault at power-up",
                       keys=("fault_x1", "fault_x2")),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=45.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"fault_x1": 0, "fault_x2": 0},
)
