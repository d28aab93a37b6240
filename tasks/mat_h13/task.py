"""MAT-H13 Stacker and destacker on one lift.

A tray machine fills trays one at a time: it pulls an empty tray in from its infeed shelf and
pushes each filled tray out onto its outfeed shelf. One lift (a BrakedAxis with side fingers,
a library Cylinder riding on its carriage) serves both shelves and two stacks in one rack
(sim.devices.tray_tower.TrayTower): it destacks empty trays from the empty stack (top of the
rack) onto the infeed shelf, and stacks the filled ones from the outfeed shelf onto the full
stack (bottom). Two jobs share the lift: supplying empties and taking fulls away. An operator
refills the empty stack when it is empty, takes the full stack away once it holds 12, and may
come once more to top the empty stack up; each asks first, and the program blocks that side
(a lamp: the lift keeps out) before they step through the side's light curtain.

Changed from the catalog, and why:
- the machine fills 8 trays (catalog 12), so that a run fits the test-suite budget; the full
  stack (12) still fills and is taken away in most runs, and the empty stack runs low;
- the machine's cycle is 6-18 s (catalog 4-12 s): one lift loop (empty stack -> infeed ->
  outfeed -> full stack) takes up to about 6 s with the slowest drive and fingers, and the
  cycle is drawn jointly with them so that one loop always fits a cycle with a margin;
- "S3 machine waits <= 5 s for an empty, <= 10 s for take-away" is judged per job as deadlines
  of the completion (a miss ends the run, tasks.common.MissEndsTheRun): 3 s for an empty and
  6 s for take-away, because a whole loop fits in the 5 s: the catalog's trap (destacking
  only when the machine asks) must be late, and is with 3 s. A third deadline: an operator who
  asks is let in (the side blocked, the operator stepping in) within 10 s;
- a tray's place in the rack is found from the carriage's tray eye (stack heights are unknown
  at power-up and after every change): the fingers engage a tray only within 3 mm of its
  finger level;
- the time limit is 180 s: the slowest correct run over 200 sampled conditions (seed 1) and the
  registered ones completes at 156.6 s (the machine's 8 cycles of up to 18 s set the pace), so
  180 s leaves a 15 % margin; failing programs that miss no deadline stop there;
- S3 here is "no tray crashed or dropped"; S4 (the brake and limit switches) is added, as on
  every braked lift of the suite.

empty_stack_low_no_spare_slow_operator (registered 2026-12-04) is a corner of the published
ranges a helper's hunt found (several ends at once: the empty stack low at power-up with no spare
on the carriage, the fastest drive and machine, the slowest operator): the program written blind
from the prompt, which had earned 1 (5 of 5, 200 of 200 sampled), lights the empty side's lamp
as soon as the operator asks and the machine then stands empty over 3 s; the prompt lets it stock
first (the operator is inside within 10 s of asking). The reference (80.7 s), second_correct
(80.4 s) and the lookup table pass it; the program is counterexamples/prompt_only.st. The hunt
also found weaknesses of the correct programs: the reference missed a top-up at 26 s (it now
times its stocking fetches and starts one more while it still leaves the side in time) and
second_correct could set a 13th tray on a full stack of 12 (it now holds the tray), both fixed
with tests. Left: a full stack at power-up with a tray on the outfeed shelf, a 9 s cycle and the
slowest operator defeats every program tried (likely the reference's order, not proven), and a
top-up asked just after an empty-stack change (sampled_11_56, a strict xfail test) that the
reference and second_correct fail and the program written from the prompt passes.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.braked_axis import BrakedAxis
from sim.devices.light_curtain import LightCurtain
from sim.devices.tray_machine import TrayMachine
from sim.devices.tray_tower import CarriageFingers, StackChange, Tray, TrayPlace, TrayTower
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    MissEndsTheRun,
    axis_io,
    lift_not_held,
    limit_switch_reached,
    log_uniform,
    store_drive_fault,
)

ORDER = 8               # trays the machine fills (catalog: 12; see the docstring)
PITCH_MM = 40.0         # tray height (a tray stands on the one below)
FINGER_MM = 15.0        # the fingers take a tray this far under its rim (its top)
EYE_MM = 10.0           # the carriage's tray eye looks across the rack this far above the fingers
LIFT_MM = 20.0          # a carried tray is brought out and in this far above its set-down level
TOL_MM = 3.0
CAPACITY = 12
LOW = 3                 # the operator refills the empty stack once it holds this many or fewer
FULL_BASE, OUT_BASE, IN_BASE, EMPTY_BASE = 0.0, 640.0, 780.0, 940.0
ZONES = {"full": (-50.0, 540.0), "outfeed": (600.0, 720.0), "infeed": (740.0, 880.0),
         "empty": (900.0, 1600.0)}
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -10.0, 1480.0
EMPTY_WAIT_S = 3.0
TAKEAWAY_WAIT_S = 6.0
LET_IN_S = 10.0
HOLD_S = 1.0
MOVED_MM = 0.02
DRAG_MM = 0.5
SAG_MM = 1.0
STROKE_MM = 120.0
LIFT_X, RACK_X = 0.0, 330.0


def level(base: float, count: int) -> float:
    return base + count * PITCH_MM - FINGER_MM


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    lift = plant.add(BrakedAxis(
        "lift", origin=(LIFT_X, 0.0), angle_deg=90.0, limit_minus_mm=LIMIT_MINUS_MM,
        limit_plus_mm=LIMIT_PLUS_MM,
        rail_min_mm=-40.0, rail_max_mm=1500.0, home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"],
        accel=p["accel"], window_mm=0.5, settle_s=0.05, brake_s=p["brake_s"], torque_s=p["torque_s"],
        load_kg=15.0, carriage_kg=30.0, carriage_length_mm=60.0, carriage_width_mm=80.0, rail_width_mm=30.0,
        label="tray lift"))
    if p["fault_at_start"]:
        store_drive_fault(lift)
    carried = p["carried"]
    plant.add(CarriageFingers("fingers", LIFT_X + 90.0, p["start_mm"], angle_deg=0.0, stroke=STROKE_MM,
                       extend_s=p["finger_s"], retract_s=p["finger_s"], plate_width=20.0, plate_depth=12.0,
                       start_extended=False))
    for side, x in (("empty", RACK_X + 200.0), ("full", RACK_X + 200.0)):
        low, high = (EMPTY_BASE, EMPTY_BASE + CAPACITY * PITCH_MM) if side == "empty" else \
            (FULL_BASE, FULL_BASE + CAPACITY * PITCH_MM)
        plant.add(LightCurtain(f"{side}_curtain", x, low, x, high, response_s=0.02, beams=8,
                               label=f"{side} side curtain"))
    n = iter(range(1, 1000))
    places = (
        TrayPlace("full", FULL_BASE, CAPACITY, [Tray(next(n), True) for _ in range(p["full0"])],
                  ZONES["full"],
                  "full stack"),
        TrayPlace("outfeed", OUT_BASE, 1, [Tray(next(n), True)] if p["outfeed0"] else [], ZONES["outfeed"],
                  "outfeed shelf"),
        TrayPlace("infeed", IN_BASE, 1, [Tray(next(n))] if p["infeed0"] else [], ZONES["infeed"],
                  "infeed shelf"),
        TrayPlace("empty", EMPTY_BASE, CAPACITY, [Tray(next(n)) for _ in range(p["empty0"])], ZONES["empty"],
                  "empty stack"),
    )
    changes = (
        StackChange("empty", "empty_curtain", call_s=p["call_s"], walk_s=p["walk_s"], change_s=p["change_s"],
                    refills=(p["refill1"], p["refill2"], p["refill3"]), low=LOW,
                    extra_at_s=p["topup_at_s"] or None, extra_count=p["topup_count"]),
        StackChange("full", "full_curtain", call_s=p["call_s"], walk_s=p["walk_s"], change_s=p["change_s"],
                    clear_at_full=True),
    )
    plant.add(TrayTower("rack", lift="lift", fingers="fingers", places=places, pitch_mm=PITCH_MM,
                        finger_mm=FINGER_MM, eye_mm=EYE_MM, lift_mm=LIFT_MM, tol_mm=TOL_MM, rack_x=RACK_X,
                        rack_width=260.0,
                        carried=Tray(900, carried == 2) if carried else None, changes=changes))
    plant.add(TrayMachine("machine", tower="rack", infeed="infeed", outfeed="outfeed", cycle_s=p["cycle_s"],
                          order=ORDER, pull_s=0.4, push_s=0.4,
                          inside_filled_s=p["inside_s"] if p["inside_s"] >= 0 else None,
                          x=RACK_X + 520.0, y=(OUT_BASE + IN_BASE) / 2 + 20, width=300.0, height=260.0,
                          label="tray machine"))
    return plant


class Devices:
    def __init__(self, plant):
        self.lift = plant.device("lift", BrakedAxis)
        self.fingers = plant.device("fingers", CarriageFingers)
        self.rack = plant.device("rack", TrayTower)
        self.machine = plant.device("machine", TrayMachine)
        self.curtains = {"empty": plant.device("empty_curtain", LightCurtain),
                         "full": plant.device("full_curtain", LightCurtain)}
        self.stacked_key = None     # _stacked's cache
        self.stacked: list[int] = []


# --- judges ------------------------------------------------------------------------------

def _prefilled(p) -> int:
    """Filled trays at power-up: on the full stack, the outfeed shelf, the carriage."""
    return p["full0"] + p["outfeed0"] + (1 if p["carried"] == 2 else 0)


def _stacked(s):
    """The filled trays on the full stack or taken away with it: worked out again only when a
    tray was taken or set down or the stack taken away (the judge asks every scan)."""
    d = s.devices
    rack = d.rack
    key = (len(rack.picked), len(rack.set_down), len(rack.taken_away))
    if key != d.stacked_key:
        d.stacked_key = key
        d.stacked = [t.number for t in (*rack.places["full"].trays, *rack.taken_away) if t.filled]
    return d.stacked


def _parked(s) -> bool:
    d = s.devices
    return (d.lift.vel == 0.0 and d.fingers.position <= 0.0 and d.rack.carried is None
            and not any(d.rack.blocked.values()) and d.machine.phase == "finished")


def _let_in(side: str):
    return (f"the operator at the {side} stack",
            lambda s: s.devices.rack.requesting(side),
            lambda s: s.devices.rack.ops[side].phase == "inside")


def _completion():
    empty_wait = judges.waits_at_most(
        EMPTY_WAIT_S, [("the machine", lambda s: s.devices.machine.waiting_empty,
                        lambda s: not s.devices.machine.waiting_empty)],
        message=lambda name, lim: f"the machine stood empty, waiting for an empty tray on its infeed shelf, "
                                  f"for more than {lim:g} s")
    takeaway_wait = judges.waits_at_most(
        TAKEAWAY_WAIT_S, [("the machine", lambda s: s.devices.machine.waiting_takeaway,
                           lambda s: not s.devices.machine.waiting_takeaway)],
        message=lambda name, lim: f"the machine held a filled tray for more than {lim:g} s, its outfeed "
                                  f"shelf not cleared")
    let_in = judges.waits_at_most(
        LET_IN_S, [_let_in("empty"), _let_in("full")],
        message=lambda name, lim: f"{name} asked for a stack change and was not let in (side blocked, "
                                  f"operator stepping in) within {lim:g} s")
    inner = judges.in_order(
        judges.distinct("every filled tray on the full stack (or taken away with it)", _stacked,
                        lambda s: ORDER + _prefilled(s.params)),
        judges.held("lift at rest, fingers in and empty, no side blocked, machine done", _parked, HOLD_S))
    return MissEndsTheRun(judges.watched(inner, empty_wait, takeaway_wait, let_in))


# --- safety ------------------------------------------------------------------------------

class FingersAtLevel(judges.Monitor):
    """S1: the fingers move only while the lift stands at a level (written for this task: the
    levels are the rack's, which change with every tray taken or set down)."""

    def __init__(self):
        self.last = None

    def check(self, s):
        d = s.devices
        now = (d.fingers.position, d.lift.pos)
        last, self.last = self.last, now
        if last is None or now[0] == last[0]:
            return None
        rack = d.rack
        at_rest = abs(now[1] - last[1]) <= MOVED_MM
        if at_rest and rack.place_at_level(now[1], carrying=rack.carried is not None) is not None:
            return None
        where = "moving" if not at_rest else "at rest"
        return f"the fingers moved with the lift {where} at {now[1]:.1f} mm, not at a level"


def _in_blocked_side(s):
    d = s.devices
    zone = d.rack.zone_of(d.lift.pos)
    if zone != "empty" and zone != "full":
        return None
    for side in ("empty", "full"):
        if zone == side and (d.rack.blocked[side] or not d.curtains[side].clear):
            why = "its curtain broken" if not d.curtains[side].clear else "it blocked"
            return f"the lift was in the {side} stack side at {d.lift.pos:.1f} mm with {why}"
    return None


class TrayIncidents(judges.Monitor):
    def __init__(self):
        self.seen = 0

    def check(self, s):
        rack = s.devices.rack
        if len(rack.crashes) > self.seen:
            self.seen = len(rack.crashes)
            return rack.crashes[-1][1]
        return None


def _unheld(s):
    lift = s.devices.lift
    return lift_not_held(lift, DRAG_MM, SAG_MM) or limit_switch_reached(lift)


# --- conditions --------------------------------------------------------------------------

def loop_s(max_speed: float, accel: float, finger_s: float) -> float:
    """About one lift loop (empty stack -> infeed -> outfeed -> full stack -> back), for the
    joint draw of the machine's cycle."""
    travel = 2 * 1100.0
    return travel / max_speed + 4 * max_speed / accel + 8 * finger_s + 4 * 0.3 + 0.5


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Jointly: the cycle is at least 1.5 lift loops of
    that drive and those fingers; the refills cover the order (three of at least 4); a full stack
    of 12 at power-up has at most one more filled tray outside it (on the carriage or the outfeed
    shelf: with both, nothing could take the machine's next one before the stack is taken away); an
    empty tray on the fingers with both shelves taken and a tray in the machine has a place left on
    the empty stack (else it could go nowhere and the outfeed never be cleared)."""
    max_speed = round(log_uniform(rng, 600.0, 1500.0), 1)
    accel = round(log_uniform(rng, 1500.0, 5000.0), 1)
    finger_s = round(rng.uniform(0.2, 0.6), 2)
    low = max(6.0, 1.5 * loop_s(max_speed, accel, finger_s))
    cycle_s = round(rng.uniform(low, 18.0), 2)
    carried = rng.choice((0, 0, 1, 2))
    start_mm = round(rng.uniform(0.0, 1440.0), 1)
    inside = rng.random() < 0.6
    outfeed0 = int(rng.random() < 0.4)
    params = dict(
        start_mm=start_mm, carried=carried, max_speed=max_speed, accel=accel, finger_s=finger_s,
        brake_s=round(rng.uniform(0.05, 0.3), 3), torque_s=round(rng.uniform(0.05, 0.3), 3),
        cycle_s=cycle_s, inside_s=round(rng.uniform(0.0, cycle_s - 8.0), 2) if inside else -1.0,
        infeed0=int(not inside or rng.random() < 0.5), outfeed0=outfeed0,
        empty0=rng.randint(LOW + 1, 12),
        full0=rng.randint(0, 11) if carried == 2 and outfeed0 else rng.randint(0, 12),
        refill1=rng.randint(4, 12), refill2=rng.randint(4, 12), refill3=rng.randint(4, 12),
        topup_at_s=round(rng.uniform(20.0, 120.0), 1) if rng.random() < 0.5 else 0.0,
        topup_count=rng.randint(4, 12),
        call_s=round(rng.uniform(0.5, 3.0), 2), walk_s=round(rng.uniform(1.0, 3.0), 2),
        change_s=round(rng.uniform(4.0, 12.0), 2), fault_at_start=int(rng.random() < 0.25))
    if carried == 1 and inside and params["infeed0"] and outfeed0 and params["empty0"] == CAPACITY:
        # an empty on the fingers, both shelves taken, a tray in the machine: with the empty stack
        # full too the empty has nowhere to go and nothing can free the outfeed (no program passes)
        params["empty0"] = CAPACITY - 1
    description = (f"{params['empty0']} empty / {params['full0']} full trays stacked, cycle {cycle_s:g} s, "
                   f"lift {max_speed:g} mm/s, fingers {finger_s:g} s, change {params['change_s']:g} s"
                   + (f", top-up at {params['topup_at_s']:g} s" if params["topup_at_s"] else "")
                   + (", a tray on the fingers" if carried else ""))
    return dict(params=params, description=description)


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 1401, "6 empty and 3 full trays stacked, an empty tray in the machine half filled",
          start_mm=300.0, carried=0, max_speed=1000.0, accel=3000.0, finger_s=0.3, brake_s=0.1, torque_s=0.1,
          cycle_s=12.0, inside_s=4.0, infeed0=0, outfeed0=0, empty0=6, full0=3, refill1=8, refill2=6,
          refill3=6, topup_at_s=0.0, topup_count=6, call_s=1.0, walk_s=1.5, change_s=10.0, fault_at_start=0),
    _cond("full_stack_full_at_power_up", 1402, "the full stack holds 12 at power-up, a filled tray waits on "
          "the outfeed shelf, stored drive fault, slow drive", start_mm=1200.0, carried=0, max_speed=620.0,
          accel=1600.0, finger_s=0.55, brake_s=0.3, torque_s=0.25, cycle_s=17.0, inside_s=2.0, infeed0=1,
          outfeed0=1, empty0=9, full0=12, refill1=5, refill2=9, refill3=7, topup_at_s=0.0, topup_count=6,
          call_s=0.6, walk_s=2.5, change_s=12.0, fault_at_start=1),
    _cond("empty_stack_low_fast_machine", 1403, "4 empty trays stacked at power-up (one taken and it is "
          "low: a refill of 4, then more), an empty tray on the carriage, fast machine", start_mm=580.0,
          carried=1, max_speed=1400.0,
          accel=4800.0, finger_s=0.2, brake_s=0.05, torque_s=0.05, cycle_s=9.5, inside_s=1.0, infeed0=0,
          outfeed0=0, empty0=4, full0=7, refill1=4, refill2=11, refill3=4, topup_at_s=0.0, topup_count=6,
          call_s=2.5, walk_s=1.0, change_s=7.0, fault_at_start=0),
    _cond("top_up_mid_run", 1404, "the operator tops the empty stack up at 35 s (to 11), a filled tray on "
          "the fingers at power-up", start_mm=570.0, carried=2, max_speed=800.0, accel=2000.0, finger_s=0.4,
          brake_s=0.2, torque_s=0.15, cycle_s=14.0, inside_s=-1.0, infeed0=1, outfeed0=0, empty0=5, full0=10,
          refill1=12, refill2=5, refill3=5, topup_at_s=35.0, topup_count=11, call_s=1.5, walk_s=2.0,
          change_s=11.0, fault_at_start=0),
    _cond("few_empties_slow_change", 1405, "5 empty trays stacked, slow stack changes, a machine "
          "nearly done with its tray, a filled tray on the outfeed shelf", start_mm=10.0, carried=0,
          max_speed=700.0, accel=2500.0, finger_s=0.5,
          brake_s=0.15, torque_s=0.3, cycle_s=15.0, inside_s=7.0, infeed0=0, outfeed0=1, empty0=5, full0=0,
          refill1=7, refill2=6, refill3=8, topup_at_s=0.0, topup_count=6, call_s=3.0, walk_s=3.0,
          change_s=12.0, fault_at_start=1),
    # a corner of the ranges (2026-12-04): see the docstring's last paragraph
    _cond("empty_stack_low_no_spare_slow_operator", 1403, "4 empty trays stacked at power-up and no spare on "
          "the carriage, the fastest drive and machine, the slowest operator (3 s to ask, 3 s to walk, "
          "12 s inside)", start_mm=580.0, carried=0, max_speed=1500.0, accel=5000.0, finger_s=0.2,
          brake_s=0.05, torque_s=0.05, cycle_s=9.0, inside_s=1.0, infeed0=0, outfeed0=0, empty0=4, full0=7,
          refill1=4, refill2=11, refill3=4, topup_at_s=0.0, topup_count=6, call_s=3.0, walk_s=3.0,
          change_s=12.0, fault_at_start=0),
)

IO = (
    IOPoint("%IX0.0", "tray_eye", "BOOL", "input", "rack", "tray_eye",
            f"Tray eye on the carriage, looking across the rack {EYE_MM:g} mm above the fingers: TRUE "
            f"while a "
            "tray standing in the rack (on a stack or a shelf) is in front of it; it does not see a tray "
            "on the "
            "fingers"),
    IOPoint("%IX0.1", "fingers_out", "BOOL", "input", "fingers", "extended",
            "TRUE while the fingers are fully out (in the rack)"),
    IOPoint("%IX0.2", "fingers_in", "BOOL", "input", "fingers", "retracted",
            "TRUE while the fingers are fully in (clear of the rack)"),
    IOPoint("%IX0.3", "tray_on_fingers", "BOOL", "input", "rack", "fork_tray",
            "TRUE while a tray rides on the fingers"),
    IOPoint("%IX0.4", "tray_filled", "BOOL", "input", "rack", "fork_full",
            "TRUE while the tray on the fingers is a filled one (FALSE: empty, or none)"),
    IOPoint("%IX0.5", "infeed_tray", "BOOL", "input", "rack", "infeed_tray",
            "TRUE while a tray lies on the machine's infeed shelf"),
    IOPoint("%IX0.6", "outfeed_tray", "BOOL", "input", "rack", "outfeed_tray",
            "TRUE while a tray lies on the machine's outfeed shelf"),
    IOPoint("%IX0.7", "machine_filling", "BOOL", "input", "machine", "filling",
            "TRUE while the machine fills a tray"),
    IOPoint("%IX1.0", "empty_change_request", "BOOL", "input", "rack", "empty_change_request",
            "TRUE from the operator asking to change the empty stack until they have done so and stepped "
            "out"),
    IOPoint("%IX1.1", "full_change_request", "BOOL", "input", "rack", "full_change_request",
            "TRUE from the operator asking to change the full stack until they have done so and stepped out"),
    IOPoint("%IX1.2", "empty_curtain_clear", "BOOL", "input", "empty_curtain", "clear",
            "Light curtain of the empty stack side: TRUE while clear, FALSE while someone is in it"),
    IOPoint("%IX1.3", "full_curtain_clear", "BOOL", "input", "full_curtain", "clear",
            "Light curtain of the full stack side: TRUE while clear, FALSE while someone is in it"),
    *axis_io("lift", ("%IX1.4", "drive_ready"), ("%IX1.5", "torque_ok"), ("%IX1.6", "brake_open"),
             ("%IX1.7", "in_position"), ("%IX2.0", "standstill"), ("%IX2.1", "drive_fault"),
             limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, what="lift"),
    IOPoint("%IW0", "actual_position", "INT", "input", "lift", "position",
            "Actual height of the fingers (0 mm = the full stack's floor)", "0.1 mm", "-100..14800"),
    IOPoint("%IW1", "trays_filled", "INT", "input", "machine", "done_count",
            f"Trays of this order the machine has filled (it fills {ORDER}, then stands)", "", f"0..{ORDER}"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "lift", "enable",
            "TRUE enables the drive (it builds torque, then holds the lift); FALSE: no torque at once"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "lift", "start",
            "Rising edge starts a move to target_position (ignored unless torque_ok)"),
    *axis_io("lift", ("%QX0.2", "reset_fault"), ("%QX0.3", "brake_release"), what="lift"),
    IOPoint("%QX0.4", "jog_up", "BOOL", "output", "lift", "jog_plus",
            "While TRUE (and no move running) the lift runs up at move_speed, ramping; FALSE: it ramps to "
            "a stop"),
    IOPoint("%QX0.5", "jog_down", "BOOL", "output", "lift", "jog_minus",
            "While TRUE (and no move running) the lift runs down at move_speed, ramping; FALSE: it ramps "
            "to a "
            "stop"),
    IOPoint("%QX0.6", "fingers_extend", "BOOL", "output", "fingers", "extend",
            "TRUE drives the fingers out into the rack, FALSE draws them in (single solenoid)"),
    IOPoint("%QX0.7", "empty_side_blocked", "BOOL", "output", "rack", "empty_blocked",
            "Lamp at the empty stack side: TRUE tells its operator the lift keeps out (they may step in)"),
    IOPoint("%QX1.0", "full_side_blocked", "BOOL", "output", "rack", "full_blocked",
            "Lamp at the full stack side: TRUE tells its operator the lift keeps out (they may step in)"),
    IOPoint("%QW0", "target_position", "INT", "output", "lift", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..14700"),
    IOPoint("%QW1", "move_speed", "INT", "output", "lift", "speed",
            "Speed of moves and of jogging; 0 = the drive's configured speed for moves; above it is clamped",
            "mm/s", "0..2000"),
)

_RACK = (f"The rack, bottom to top (floor heights in the lift's scale, mm): the full stack's floor at "
         f"{FULL_BASE:g} (up to {CAPACITY} trays), the outfeed shelf at {OUT_BASE:g}, the infeed shelf at "
         f"{IN_BASE:g} (each holds one tray), the empty stack's floor at {EMPTY_BASE:g} (up to {CAPACITY} "
         f"trays). Each tray is {PITCH_MM:g} mm high and stands on the one below; the fingers take a tray "
         f"{FINGER_MM:g} mm under its top (its rim). So a place whose floor is at b, holding c trays, has "
         f"its "
         f"finger level at b + c*{PITCH_MM:g} - {FINGER_MM:g} mm (where empty fingers go out under its top "
         f"tray), its set-down level at b + (c+1)*{PITCH_MM:g} - {FINGER_MM:g} mm (where a tray set on it "
         f"comes "
         f"to rest) and its carrying level {LIFT_MM:g} mm above that (where a tray on the fingers is brought "
         f"out over it, or drawn in after being lifted off). For example the empty infeed shelf: set-down "
         f"{level(IN_BASE, 1):g} mm, carrying {level(IN_BASE, 1) + LIFT_MM:g} mm; the outfeed shelf with "
         f"a tray "
         f"on it: finger level {level(OUT_BASE, 1):g} mm. Levels must be met within {TOL_MM:g} mm. The "
         f"tray eye "
         f"sees the top of a stack when the fingers are {EYE_MM:g} mm below it. A tray on the fingers "
         f"with the "
         f"fingers in rides on the carriage, clear of the rack; with the fingers out it is in the rack. The "
         f"zones of the stack sides (lift heights): full stack side up to {ZONES['full'][1]:g} mm, empty "
         f"stack "
         f"side from {ZONES['empty'][0]:g} mm up.")

TASK = Task(
    id="MAT-H13", title="Stacker and destacker on one lift", suite="MAT", level="H",
    summary="One tray lift with side fingers supplies a tray machine with empty trays from the empty stack "
            "and stacks its filled trays on the full stack; find the stack heights, keep the machine "
            "going, let the operators change the stacks with that side blocked.",
    plant_description=(
        "A vertical lift (servo drive with a spring-applied holding brake; 0 mm = the full stack's floor, "
        f"positive up, limit switches at {LIMIT_MINUS_MM:g} mm and {LIMIT_PLUS_MM:g} mm) carries a pair of "
        "fingers (a pneumatic cylinder) that reach sideways into a rack. " + _RACK + " "
        f"A tray machine beside the shelves fills {ORDER} trays one at a time: with nothing inside it "
        f"pulls the "
        "tray on its infeed shelf in as soon as there is one (not while the fingers are out in front of that "
        "shelf), fills it, and pushes it out onto its outfeed shelf as soon as that shelf is empty (not "
        "while "
        "the fingers are out in front of it). An operator refills the empty stack (adds trays to it) once it "
        f"holds {LOW} trays or fewer, takes the full stack away once it holds {CAPACITY} trays, and may once "
        "top the empty stack up (adds trays whatever it holds); a stack never holds more than 12. Each "
        "asks first (change request), waits for the side's blocked lamp, steps in through that "
        "side's light curtain, changes the stack, steps out and drops the request. At power-up the stacks "
        "hold unknown numbers of trays (the empty stack 4 to 12, the full stack 0 to 12), a tray may be "
        "in the machine, on either shelf, or on the "
        "carriage (fingers in; with 12 on the full stack, not both a filled tray on the carriage and one on "
        "the outfeed shelf; a tray is in the machine with at least 8 s of filling left, or on its infeed "
        "shelf), the drive is off "
        "(possibly with a stored fault) and the brake grips."),
    specification=(
        "1. Clear a stored drive fault (rising edge on reset_fault), enable the drive, wait for torque_ok, "
        "release the brake and wait for brake_open before moving; the lift must never move through a "
        "gripping "
        "brake, sag, or reach a limit switch.\n"
        "2. Supply the machine: keep an empty tray on its infeed shelf, taken from the top of the empty "
        "stack: "
        f"the machine must never stand empty waiting for a tray for more than {EMPTY_WAIT_S:g} s (so "
        f"fetch the "
        "next empty tray while it fills, not when it asks).\n"
        "3. Take the filled trays away: from the outfeed shelf onto the top of the full stack; the "
        "machine must "
        f"never hold a filled tray for more than {TAKEAWAY_WAIT_S:g} s because its outfeed shelf is not "
        f"clear. "
        "A filled tray on the fingers at power-up, or on the outfeed shelf, goes onto the full stack too.\n"
        "4. To take a tray: stand still at the place's finger level with the fingers in, drive them fully "
        "out, "
        f"raise the lift {LIFT_MM:g} mm to its carrying level (the tray lifts off once the lift is more than "
        f"{TOL_MM:g} mm above the finger level), then draw the fingers in: the tray rides on the "
        f"carriage. To "
        "set one down: with the tray on the carriage and the fingers in, stand still at the destination's "
        f"carrying level, drive the fingers fully out, lower the lift {LIFT_MM:g} mm to the set-down "
        f"level (the "
        "tray comes to rest there), then draw the fingers in. The fingers must move (out or in) only "
        "while the "
        "lift stands still at a level: empty fingers at a place's finger level, fingers with a tray at a "
        "place's carrying level. A tray in the rack (fingers out) must never be driven into trays, nor empty "
        "fingers that are out. The stack heights are unknown at power-up and after every change: find them "
        "with the tray eye (with the fingers in, coming down from above the stack).\n"
        "5. Stack changes: when an operator asks, bring the lift out of that side's zone and light that "
        f"side's blocked lamp: they must be inside (curtain broken) within {LET_IN_S:g} s of asking (they "
        f"step "
        "in 1 to 3 s after the lamp lights; if it goes out first they wait for it again). The lift must not "
        "be in a side's zone while its lamp is on or its curtain is broken. When the request has dropped, "
        "put "
        "the lamp out and go on; the machine's waits above still count meanwhile (the other jobs go on).\n"
        f"6. When the machine has filled all {ORDER} trays and every filled tray is on the full stack (or "
        f"taken "
        "away with it), leave the lift at rest with the fingers in and empty and both lamps out, and keep "
        "it so: from then on the job is done and a stack change asked for is not answered (its lamp stays "
        "out).\n"
        "Stack heights, the machine's cycle, the drive's speed and ramps, finger, brake and torque times and "
        "the operators' timing differ from run to run: use the signals."),
    io=IO,
    completion=Completion(
        f"All {ORDER} trays the machine fills, and any filled tray found on the outfeed shelf or the "
        f"fingers at "
        "power-up, are on the full stack (or taken away with it); then the lift stays at rest with the "
        "fingers "
        f"in and empty and both lamps out for {HOLD_S:g} s. On the way (a miss ends the run): the machine "
        f"never "
        f"stands empty waiting for a tray over {EMPTY_WAIT_S:g} s, never holds a filled tray over "
        f"{TAKEAWAY_WAIT_S:g} s for its outfeed shelf, and every operator who asks is inside within "
        f"{LET_IN_S:g} s.",
        _completion,
        keep=_parked,
        keep_wording="the lift at rest, the fingers in with no tray on them, both lamps out."),
    safety_rules=(
        SafetyRule("MAT-H13-S1", "The fingers must move (out or in) only while the lift stands still at a "
                                 "level "
                   f"(within {TOL_MM:g} mm): empty fingers at a place's finger level, fingers with a tray "
                   f"at a "
                   "place's carrying level.", FingersAtLevel()),
        SafetyRule("MAT-H13-S2", "The lift must not be in a stack side's zone while that side's blocked "
                                 "lamp is "
                   "on or its light curtain is broken.",
                   judges.never(lambda s: _in_blocked_side(s) is not None, _in_blocked_side)),
        SafetyRule("MAT-H13-S3", "No tray may be crashed: neither a tray on fingers that are out nor empty "
                   "fingers that are out may be driven into the trays of a place.",
                   TrayIncidents()),
        SafetyRule("MAT-H13-S4", f"The lift must move only held by its drive with the brake open (no more "
                                 f"than "
                   f"{DRAG_MM:g} mm through the gripping brake, never sagging more than {SAG_MM:g} mm) "
                   f"and never "
                   "reach a limit switch.", judges.never(lambda s: _unheld(s) is not None, _unheld)),
    ),
    parameters=(
        ParameterRange("start_mm", 0.0, 1440.0, "mm", "lift height at power-up (fingers in)"),
        ParameterRange("carried", 0, 2, "", "tray on the fingers at power-up: 0 none, 1 empty, 2 filled"),
        ParameterRange("max_speed", 600.0, 1500.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 1500.0, 5000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("finger_s", 0.2, 0.6, "s", "finger stroke time, out or in"),
        ParameterRange("brake_s", 0.05, 0.3, "s", "brake release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.3, "s", "drive's torque build-up time after enable"),
        ParameterRange("cycle_s", 6.0, 18.0, "s", "machine's fill time per tray"),
        ParameterRange("inside_s", -1.0, 12.0, "s", "fill time already done on a tray in the machine at "
                       "power-up (-1: none inside)"),
        ParameterRange("infeed0", 0, 1, "", "1 = an empty tray on the infeed shelf at power-up"),
        ParameterRange("outfeed0", 0, 1, "", "1 = a filled tray on the outfeed shelf at power-up"),
        ParameterRange("empty0", LOW + 1, 12, "", "empty trays on the empty stack at power-up"),
        ParameterRange("full0", 0, 12, "", "filled trays on the full stack at power-up"),
        ParameterRange("refill1", 4, 12, "", "empty trays added at the first refill"),
        ParameterRange("refill2", 4, 12, "", "... at the second"),
        ParameterRange("refill3", 4, 12, "", "... at the third"),
        ParameterRange("topup_at_s", 0.0, 120.0, "s", "when the operator asks to top the empty stack up "
                                                      "(0: no "
                       "top-up; else 20-120 s)"),
        ParameterRange("topup_count", 4, 12, "", "empty trays added at a top-up"),
        ParameterRange("call_s", 0.5, 3.0, "s", "from a stack found low or full to the operator asking"),
        ParameterRange("walk_s", 1.0, 3.0, "s", "from the blocked lamp lit to the operator inside"),
        ParameterRange("change_s", 4.0, 12.0, "s", "how long the operator stays inside for a change"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=180.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
