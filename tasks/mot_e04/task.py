"""MOT-E04 Two-speed positioning on slow-down cams.

A carriage on a 2 m track is driven by a two-speed brake motor on contactors (forward, reverse,
fast). There is no encoder: each of four stations has a slow-down cam on either side and a
stop cam. After Start the program drives fast toward the ordered station, drops to creep on
its slow-down cam, and stops on its stop cam; a carriage that starts on the far slow-down cam
(past the station) or overshoots creeps back after standing still 0.3 s.

Departures from the catalog entry, and why:
- the carriage always stands on a cam at power-up (a slow-down or stop cam of some station):
  with cams only and no encoder, a carriage between cams could not know which way to go, and
  an Easy task should not need a search; which cam it is on is the state to discover.
- the coast is drawn as its causes (run-on time of contactors and motor, 0.02-0.08 s, and the
  brake's deceleration, 1000-4000 mm/s^2): from fast speed it is 10-120 mm, from creep under
  4 mm, less than the stop cam is long; jointly drawn so that fast speed always falls to creep
  within the 150 mm slow-down cam.
- S1 is judged on the I/O as the program sees it: fast must be off in every scan in which a cam
  of the ordered station is on (the scan that first sees the cam drops it).
- S4 (Done only at rest on the stop cam) is added: otherwise Done on a timer would cost nothing.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.contactor_carriage import ContactorCarriage
from sim.devices.panel import Lamp, PushButton
from sim.plant import SCAN_S, Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, log_uniform

STATIONS = (250.0, 750.0, 1250.0, 1750.0)
SLOW_MM, STOP_MM = 150.0, 3.0
LATE_S = 2.0                 # at rest on the stop cam within the ideal time + 2 s of Start
DONE_WITHIN_S = 0.5
STILL_BEFORE_REVERSAL_S = 0.3
SET_OFF_S, SET_OFF_MM = 1.0, 3.0
STILL_MM = 0.5               # before Start the carriage may not move more than this
HOLD_S = 2.0
CAMS = ("slow_left", "stop", "slow_right")


def _carriage(p: dict, start_mm: float | None = None) -> ContactorCarriage:
    return ContactorCarriage("carriage", origin=(100.0, 300.0), length_mm=2000.0, stations=STATIONS,
                             slow_mm=SLOW_MM, stop_mm=STOP_MM, fast_mm_s=p["fast_mm_s"],
                             creep_mm_s=p["creep_mm_s"], run_on_s=p["run_on_s"], decel=p["decel_mm_s2"],
                             start_mm=p["start_mm"] if start_mm is None else start_mm, label="carriage")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(_carriage(p))
    plant.add(ValueWord("destination", p["destination"], position=(1050.0, 520.0), label="ordered station"))
    plant.add(PushButton("start_button", x=200.0, y=120.0, label="Start", color="green"))
    plant.add(Lamp("done_lamp", x=360.0, y=120.0, label="Done", color="green"))
    return plant


# --- the ideal program, on the plant's own carriage model ------------------------------------

def ideal_s(p: dict, start_mm: float, limit_s: float = 60.0) -> float:
    """Seconds a program that knows where the carriage is needs from rest at `start_mm` to rest on
    the ordered station's stop cam: fast until a cam of the station, creep until its stop cam,
    off; after an overshoot 0.3 s still, then creep back."""
    cart = _carriage(p, start_mm)
    k = p["destination"]
    at = STATIONS[k - 1]
    last = 0
    for n in range(1, round(limit_s / SCAN_S) + 1):
        on_stop = cart.cam("stop", k)
        near = on_stop or cart.cam("slow_left", k) or cart.cam("slow_right", k)
        go = 0 if on_stop else (1 if cart.pos < at else -1)
        if go == -last and (cart.vel != 0.0 or cart.still_s < STILL_BEFORE_REVERSAL_S):
            go = 0                                      # coasting, or not yet still long enough
        cart.write("fwd", go > 0)
        cart.write("rev", go < 0)
        cart.write("fast", bool(go) and not near)
        cart.step(SCAN_S)
        if cart.vel:
            last = 1 if cart.vel > 0 else -1
        if cart.vel == 0.0 and cart.cam("stop", k) and not cart.pending and not (
                cart.drive["fwd"] or cart.drive["rev"]):
            return n * SCAN_S
    return limit_s


# --- judges -------------------------------------------------------------------------------

class Devices:
    def __init__(self, plant):
        self.cart = plant.device("carriage", ContactorCarriage)


def _dest(s) -> int:
    return s.params["destination"]


def _on_stop_at_rest(s) -> bool:
    c = s.devices.cart
    return c.vel == 0.0 and c.cam("stop", _dest(s))


def _distance(s) -> float:
    return abs(s.devices.cart.pos - STATIONS[_dest(s) - 1])


def _completion():
    sets_off = judges.progress_within(
        f"the carriage setting off to the ordered station within {SET_OFF_S:g} s of Start",
        cause=lambda s: s.io["start_pb"],
        ways=[judges.Way("the carriage", _distance, by=SET_OFF_MM, until=_on_stop_at_rest, slack=2 * STOP_MM,
                         arrive_s=lambda s: ideal_s(s.params, s.devices.cart.pos) + LATE_S)],
        within_s=SET_OFF_S, excused=_on_stop_at_rest,
        late=lambda t: f"Start was pressed at {t:g} s but the carriage had not closed {SET_OFF_MM:g} mm "
                       f"on the ordered station {SET_OFF_S:g} s later")
    still_until_start = judges.moved_before(
        lambda s: s.io["start_pb"], lambda s: s.devices.cart.pos, STILL_MM,
        "the carriage moved before Start was pressed", origin=lambda s: s.params["start_mm"])
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            AnsweredWithin(f"Done within {DONE_WITHIN_S:g} s of standing on the stop cam", _on_stop_at_rest,
                           lambda s: s.io["done"], DONE_WITHIN_S,
                           lambda t: f"the carriage stood on the stop cam from {t:g} s but Done was not on "
                                     f"{DONE_WITHIN_S:g} s later",
                           waiting="the carriage at rest on the ordered station's stop cam, then Done"),
            judges.held("Done with the carriage at rest on the stop cam",
                        lambda s: s.io["done"] and _on_stop_at_rest(s), HOLD_S)),
        sets_off, still_until_start)


def _end_state_kept(s) -> bool:
    return bool(s.io["done"]) and _on_stop_at_rest(s) and not (s.io["fwd"] or s.io["rev"])


def _cam_seen(s, k) -> bool:
    return any(s.io[f"{cam}_{k}"] for cam in CAMS)


def _fast_on_cam(s):
    k = _dest(s)
    if s.io["fast"] and (s.io["fwd"] or s.io["rev"]) and _cam_seen(s, k):
        return (f"fast on while a cam of the ordered station {k} was on "
                f"(carriage at {s.devices.cart.pos:.0f} mm)")
    return None


def _both_directions(s):
    return "fwd and rev on together" if s.io["fwd"] and s.io["rev"] else None


class ReversalAfterStill(judges.Monitor):
    """S3: a direction contactor switching on against the way the carriage last moved only after
    it has stood still 0.3 s. Written for this task alone (a contactor reversal, no drive)."""

    def __init__(self):
        self.last_dir = 0
        self.was = {"fwd": False, "rev": False}

    def check(self, s):
        c = s.devices.cart
        msg = None
        for coil, d in (("fwd", 1), ("rev", -1)):
            on = bool(s.io[coil])
            if on and not self.was[coil] and self.last_dir == -d and c.still_s < STILL_BEFORE_REVERSAL_S:
                msg = (f"{coil} switched on {c.still_s:.2f} s after the carriage moved the other way "
                       f"(at {abs(c.vel):.0f} mm/s)" if c.vel else
                       f"{coil} switched on after only {c.still_s:.2f} s at rest from the other direction")
            self.was[coil] = on
        if c.vel:
            self.last_dir = 1 if c.vel > 0 else -1
        return msg


def _done_wrong(s):
    if s.io["done"] and not _on_stop_at_rest(s):
        c = s.devices.cart
        return f"Done on with the carriage at {c.pos:.1f} mm, {c.vel:.0f} mm/s"
    return None


# --- conditions ------------------------------------------------------------------------------

def _coast(fast, run_on, decel):
    return fast * run_on + fast * fast / (2.0 * decel)


def _cond(name, seed, description, *, press_s, **params):
    params["start_press_s"] = press_s
    params["coast_fast_mm"] = round(_coast(params["fast_mm_s"], params["run_on_s"], params["decel_mm_s2"]), 1)
    return Condition(name, seed, params, description,
                     operator=(OperatorAction(press_s, "press", "start_button"),
                               OperatorAction(round(press_s + 0.3, 2), "release", "start_button")))


def _cam_position(k: int, cam: str, frac: float) -> float:
    at = STATIONS[k - 1]
    if cam == "stop":
        return round(at + (frac * 2 - 1) * (STOP_MM - 0.5), 1)
    d = STOP_MM + 1.0 + frac * (SLOW_MM - 2.0)
    return round(at - d if cam == "slow_left" else at + d, 1)


CONDITIONS = (
    _cond("nominal", 401, "from station 1's stop cam to station 3, medium speeds", press_s=1.0,
          start_mm=_cam_position(1, "stop", 0.5), destination=3, fast_mm_s=300.0, creep_mm_s=25.0,
          run_on_s=0.04, decel_mm_s2=2000.0),
    _cond("past_the_station", 402, "on station 2's right slow-down cam, ordered to station 2: creep back",
          press_s=2.5, start_mm=_cam_position(2, "slow_right", 0.7), destination=2, fast_mm_s=450.0,
          creep_mm_s=15.0, run_on_s=0.07, decel_mm_s2=1200.0),
    _cond("far_and_fast", 403, "from station 4 to station 1, fastest speed, long coast", press_s=0.6,
          start_mm=_cam_position(4, "slow_left", 0.2), destination=1, fast_mm_s=500.0, creep_mm_s=40.0,
          run_on_s=0.08, decel_mm_s2=1700.0),
    _cond("already_there", 404, "standing on station 4's stop cam, ordered to station 4", press_s=1.8,
          start_mm=_cam_position(4, "stop", 0.9), destination=4, fast_mm_s=200.0, creep_mm_s=30.0,
          run_on_s=0.03, decel_mm_s2=3500.0),
    _cond("slow_and_short", 405, "from station 3's left cam to station 2, slowest speeds", press_s=3.0,
          start_mm=_cam_position(3, "slow_left", 0.9), destination=2, fast_mm_s=150.0, creep_mm_s=15.0,
          run_on_s=0.02, decel_mm_s2=1000.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Run-on and deceleration are drawn jointly with the
    fast speed so that the coast from fast speed stays under 120 mm (fast falls to creep inside
    the 150 mm slow-down cam); the start is on a random cam of a random station, one in ten on
    a cam of the ordered station itself (on its stop cam or past it)."""
    fast = round(log_uniform(rng, 150.0, 500.0))
    creep = round(rng.uniform(15.0, 40.0), 1)
    while True:
        run_on = round(rng.uniform(0.02, 0.08), 3)
        decel = round(log_uniform(rng, 1000.0, 4000.0))
        if _coast(fast, run_on, decel) <= 120.0:
            break
    dest = rng.randint(1, 4)
    # one in ten on a cam of the ordered station itself (there creeping is the ideal move, so
    # few: a blind all-creep program would pass those), else on a cam of another station
    k = dest if rng.random() < 0.1 else rng.choice([n for n in range(1, 5) if n != dest])
    cam = rng.choice(CAMS)
    start = _cam_position(k, cam, rng.random())
    press = round(rng.uniform(0.5, 3.0), 2)
    cond = _cond("sampled", 0, "", press_s=press, start_mm=start, destination=dest, fast_mm_s=float(fast),
                 creep_mm_s=creep, run_on_s=run_on, decel_mm_s2=float(decel))
    description = (f"from {start:g} mm ({cam} cam of station {k}) to station {dest}, fast {fast} mm/s, "
                   f"creep {creep:g} mm/s, coast {cond.params['coast_fast_mm']:g} mm")
    return dict(params=cond.params, operator=cond.operator, description=description)


def _cam_io():
    out, n = [], 1
    for k in range(1, len(STATIONS) + 1):
        for cam, words in (("slow_left", "slow-down cam left of"), ("stop", "stop cam of"),
                           ("slow_right", "slow-down cam right of")):
            byte, bit = divmod(n, 8)
            what = (f"TRUE while the carriage is within {STOP_MM:g} mm of station {k}" if cam == "stop" else
                    f"TRUE while the carriage is on the {SLOW_MM:g} mm long {words} station {k} (next to its "
                    "stop cam)")
            out.append(IOPoint(f"%IX{byte}.{bit}", f"{cam}_{k}", "BOOL", "input", "carriage", f"{cam}_{k}",
                               f"{words.capitalize()} station {k}: {what}"))
            n += 1
    return tuple(out)


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    *_cam_io(),
    IOPoint("%IW0", "destination", "INT", "input", "destination", "value",
            "The station the host orders the carriage to (constant during the run)", "", "1..4"),
    IOPoint("%QX0.0", "fwd", "BOOL", "output", "carriage", "fwd",
            "Forward contactor: TRUE drives the carriage toward higher stations (to the right)"),
    IOPoint("%QX0.1", "rev", "BOOL", "output", "carriage", "rev",
            "Reverse contactor: TRUE drives the carriage toward lower stations (to the left)"),
    IOPoint("%QX0.2", "fast", "BOOL", "output", "carriage", "fast",
            "Fast-speed contactor: TRUE with fwd or rev runs at fast speed, FALSE at creep speed"),
    IOPoint("%QX0.3", "done", "BOOL", "output", "done_lamp", "on",
            "Done lamp: TRUE tells the host the carriage stands at the ordered station"),
)

TASK = Task(
    id="MOT-E04", title="Two-speed positioning on slow-down cams", suite="MOT", level="E",
    summary="Drive a contactor-switched two-speed carriage fast to the ordered station, creep from its "
            "slow-down cam, stop on its stop cam, and confirm with Done.",
    plant_description=(
        "A carriage on a 2 m track, stations 1-4 at 250, 750, 1250 and 1750 mm from the left end, driven "
        "by a "
        "two-speed brake motor on three contactors: forward, reverse and fast (without fast the motor "
        "creeps). "
        "There is no position encoder: at each station a stop cam (within "
        f"{STOP_MM:g} mm of the station) and, on either side of it, a {SLOW_MM:g} mm long slow-down cam. "
        "Every contactor change reaches the motor a little later (run-on) and the brake then slows the "
        "carriage: switched off at fast speed it coasts a long way (up to 120 mm), at creep speed a few mm. "
        "At power-up the carriage stands still on one of the cams (a slow-down cam or a stop cam of some "
        "station, possibly the ordered one). Operator panel: Start, Done lamp; the host sends the ordered "
        "station as a word."),
    specification=(
        "1. Do not move the carriage before Start is pressed.\n"
        "2. After Start drive toward the ordered station (%IW0): fwd if it lies to the right of where the "
        "carriage is, rev if to the left; at fast speed while no cam of the ordered station is on. Within "
        f"{SET_OFF_S:g} s of Start the carriage must have closed {SET_OFF_MM:g} mm on the station (unless it "
        "already stands on its stop cam).\n"
        "3. Switch fast off in the scan a cam of the ordered station comes on (and keep it off there): creep "
        "onto the stop cam and switch the direction off when its stop cam comes on.\n"
        "4. If the carriage stands past the station (on its far slow-down cam) or comes to rest off the stop "
        f"cam, creep back; a direction may only be switched on against the last movement after the carriage "
        f"has stood still {STILL_BEFORE_REVERSAL_S:g} s. Never switch fwd and rev on together.\n"
        f"5. At rest on the stop cam switch Done on (within {DONE_WITHIN_S:g} s) and keep the carriage there "
        "with fwd and rev off.\n"
        f"The carriage must be at rest on the stop cam within {LATE_S:g} s of the time a program that drives "
        "fast to the station's slow-down cam and creeps from there would take: creeping all the way is "
        "late."),
    io=IO,
    completion=Completion(
        "In this order: Start is pressed; the carriage sets off toward the ordered station within "
        f"{SET_OFF_S:g} s (spec 2) and goes on to rest on its stop cam within {LATE_S:g} s of the ideal "
        "time; "
        f"Done comes on within {DONE_WITHIN_S:g} s of it standing there; Done then stays on with the "
        "carriage "
        f"at rest on the stop cam for {HOLD_S:g} s. The carriage must not move before Start.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the carriage at rest on the ordered station's stop cam, fwd and rev off, Done on."),
    safety_rules=(
        SafetyRule("MOT-E04-S1",
                   "Fast must be off (with fwd or rev on) in every scan in which a slow-down or "
                   "stop cam of the ordered station is on.", judges.never(_fast_on_cam, _fast_on_cam)),
        SafetyRule("MOT-E04-S2", "fwd and rev must never be on together.",
                   judges.never(_both_directions, _both_directions)),
        SafetyRule("MOT-E04-S3", "A direction contactor may only switch on against the carriage's last "
                   f"movement after the carriage has stood still for {STILL_BEFORE_REVERSAL_S:g} s.",
                   ReversalAfterStill()),
        SafetyRule("MOT-E04-S4",
                   "Done must only be on while the carriage is at rest on the ordered station's "
                   "stop cam.", judges.never(_done_wrong, _done_wrong)),
    ),
    parameters=(
        ParameterRange("fast_mm_s", 150.0, 500.0, "mm/s", "fast speed"),
        ParameterRange("creep_mm_s", 15.0, 40.0, "mm/s", "creep speed"),
        ParameterRange("run_on_s", 0.02, 0.08, "s", "contactor and motor run-on after a change"),
        ParameterRange("decel_mm_s2", 1000.0, 4000.0, "mm/s^2", "brake deceleration"),
        ParameterRange("coast_fast_mm", 5.0, 120.0, "mm", "coast when switched off at fast speed"),
        ParameterRange("start_mm", 0.0, 2000.0, "mm", "where the carriage stands at power-up (on a cam)"),
        ParameterRange("destination", 1, 4, "", "ordered station (on %IW0)"),
        ParameterRange("start_press_s", 0.5, 3.0, "s", "when the operator presses Start"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=45.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
