"""MOT-M15 Bending with springback compensation.

A press brake (sim.devices.press_brake.PressBrake: a servo ram air-bending sheets in a V-die,
an angle sensor in the die and a back gauge) behind a light curtain
(sim.devices.light_curtain.LightCurtain); an operator (PressBrakeOperator) lays six sheets one
after the other and takes each out when the 'part done' lamp lights. Every sheet springs back
open when the punch lets go, by a springback angle that differs from run to run and drifts from
part to part. The program bends each sheet to the ordered angle: it presses to the target minus
the springback it expects, releases, reads the free angle, re-bends deeper if it is short, and
carries what it learned about the springback to the next part.

Changes from the catalog entry, and why:
- Besides at most 3 strokes per part, the batch must take at most 9 strokes: with only the per
  part limit, a program that learns nothing and bends every part twice (first to target - 1 deg,
  the least springback, then by what it measured) passes in 12 strokes
  (counterexamples/no_carry_over.st). Learning per part is the skill; this is what measures it.
- The springback drifts at most 0.25 deg from one part to the next (at most 1 deg over the batch,
  within 1-6 deg): a program that carries the last part's springback is then right first time,
  one that learned it only on the first part is not (counterexamples/learn_once.st over-bends
  when it drifts down, re-bends too often when it drifts up).
- S1 is judged on the sheet's angle under load (the sensor shows it during the stroke); S2
  allows the ram 0.15 s to stop after the curtain reports broken (the ram's stopping time at
  its highest published speed and lowest deceleration is 0.1 s, plus a scan); S3's die limit
  is a ram position (170 mm) deep enough that a sheet in the die trips S1 long before it, so
  S3 guards the ram closing with no sheet in the die.
- Promptness by progress (sim.judges.progress_within): the ram sets off toward the sheet within
  0.5 s of it being laid with the curtain clear (or of a release that left it short), never
  dwells in contact, and goes up and calls the operator (or re-bends) within 0.5 s of coming to
  rest off a part in tolerance.
  An intrusion (the operator reaching in mid-stroke) is the fault the spec names: stop, and go
  on within 0.5 s once the curtain is clear again.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp
from sim.devices.press_brake import Intrusion, PressBrake, PressBrakeOperator
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    EachInTolerance,
    MissEndsTheRun,
    axis_io,
    drive_ranges,
    log_uniform,
    store_drive_fault,
)

PARTS = 6
SHOULDER_MM = 150.0        # ram position where the punch tip reaches the die's shoulders
HALF_OPENING_MM = 12.0     # the V-die is 24 mm wide
DIE_LIMIT_MM = 170.0
OPEN_MM = 2.0              # the ram counts as open (the operator reaches in) at or above this
TOLERANCE_DEG = 0.5
OVERBEND_DEG = 8.0         # S1: never below target - this, under load
MAX_STROKES = 3
MAX_BATCH_STROKES = 9
STOP_S = 0.15              # S2: time the ram has to stop after the curtain reports broken
SET_OFF_S = 0.5
APPROACH_BY_MM = 2.0
RISE_BY_MM = 3.0
HOLD_S = 2.0
DRIFT_STEP = 0.25
DRIFT_TOTAL = 1.0
SPRINGBACK = (1.0, 6.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    press = plant.add(PressBrake(
        "press", shoulder_mm=SHOULDER_MM, half_opening_mm=HALF_OPENING_MM, die_limit_mm=DIE_LIMIT_MM,
        open_mm=OPEN_MM, x=0.0, y=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        settle_s=p["settle_s"], response_s=p["response_s"], window_mm=0.05, label="ram"))
    if p.get("fault_at_start"):
        store_drive_fault(press)
    plant.add(LightCurtain("curtain", -230.0, -30.0, -230.0, 240.0, response_s=0.02, beams=10,
                           label="light curtain"))
    plant.add(Lamp("done_lamp", x=300.0, y=330.0, label="Part done", color="green"))
    plant.add(ValueWord("target", round(p["target_deg"] * 10), position=(300.0, 260.0),
                        label="target angle", units="deg", scale=0.1))
    intrusions = tuple(Intrusion(part, at, stay) for part, at, stay in zip(
        p["intrusion_part"], p["intrusion_at_mm"], p["intrusion_stay_s"], strict=True))
    plant.add(PressBrakeOperator(
        "operator", press="press", curtain="curtain", lamp="done_lamp",
        sheets=tuple((p["thickness_mm"], s) for s in p["springback"]), first_s=p["first_s"],
        feed_s=tuple(p["feed_s"]), leave_s=tuple(p["leave_s"]), answer_s=tuple(p["answer_s"]),
        take_s=tuple(p["take_s"]), intrusions=intrusions, preloaded=bool(p["preloaded"]),
        preloaded_deg=p["preloaded_deg"], x=-340.0, y=-60.0, label="operator"))
    return plant


class Devices:
    def __init__(self, plant):
        self.press = plant.device("press", PressBrake)
        self.curtain = plant.device("curtain", LightCurtain)
        self.lamp = plant.device("done_lamp", Lamp)


# --- judges ------------------------------------------------------------------------------

def _target(s) -> float:
    return s.params["target_deg"]


def _short(s) -> bool:
    sheet = s.devices.press.sheet
    return sheet is not None and sheet.angle_deg > _target(s) + TOLERANCE_DEG


def _in_tolerance(s) -> bool:
    sheet = s.devices.press.sheet
    return sheet is not None and abs(sheet.angle_deg - _target(s)) <= TOLERANCE_DEG


def _clear(s) -> bool:
    return s.devices.curtain.clear


def _gap(s) -> float:
    press = s.devices.press
    touch = press.touch_mm
    return 0.0 if touch is None else max(0.0, touch - press.pos)


def _press_due(s) -> bool:
    """A sheet short of the target in the die, the curtain clear, the ram at rest off the sheet,
    the lamp off, and the ram open (a sheet just laid) or after a stroke (a re-bend)."""
    d = s.devices
    press = d.press
    return (_short(s) and _clear(s) and not press.in_contact and press.standstill and not d.lamp.on
            and (press.pos <= OPEN_MM or press.sheet.strokes > 0))


def _dwelling(s) -> bool:
    press = s.devices.press
    return press.sheet is not None and press.in_contact and press.standstill and _clear(s)


def _done_due(s) -> bool:
    """A part in tolerance, the punch off it, the ram at rest and part_done off."""
    d = s.devices
    return _in_tolerance(s) and not d.press.in_contact and d.press.standstill and not d.lamp.on


def _called(s) -> bool:
    d = s.devices
    return d.lamp.on and d.press.is_open


def _arrive_s(s) -> float:
    v, a = s.params["max_speed"], s.params["accel"]
    return s.devices.press.pos / v + v / a + 1.0 + s.params["settle_s"] + s.params["response_s"]


def _approach_s(s) -> float:
    """Time to touch the sheet: the gap at full speed, plus the last 20 mm at 10 mm/s (the slow
    approach the spec asks for) and the drive's settle and response times."""
    v, a = s.params["max_speed"], s.params["accel"]
    return _gap(s) / v + v / a + 2.0 + 0.5 + s.params["settle_s"] + s.params["response_s"]


def _check_part(s, n: int) -> str | None:
    removed = s.devices.press.removed
    part = removed[n - 1]
    target = _target(s)
    if abs(part["angle_deg"] - target) > TOLERANCE_DEG:
        return (f"part {n} came out at {part['angle_deg']:.2f} deg, the target is {target:g} "
                f"+-{TOLERANCE_DEG:g} deg ({'short' if part['angle_deg'] > target else 'over-bent'})")
    if part["strokes"] > MAX_STROKES:
        return f"part {n} took {part['strokes']} strokes (at most {MAX_STROKES})"
    total = sum(p["strokes"] for p in removed[:n])
    if total > MAX_BATCH_STROKES:
        return f"parts 1-{n} took {total} strokes (the batch may take at most {MAX_BATCH_STROKES})"
    return None


def _parked(s) -> bool:
    d = s.devices
    return d.press.is_open and not d.lamp.on and not d.press.fault


def _completion():
    approach = judges.progress_within(
        f"ram setting off toward the sheet within {SET_OFF_S:g} s", _press_due,
        [judges.Way("the punch closing on the sheet", _gap, by=APPROACH_BY_MM,
                    until=lambda s: s.devices.press.in_contact, arrive_s=_approach_s)],
        SET_OFF_S, excused=lambda s: not _clear(s) or s.devices.press.sheet is None or s.devices.lamp.on,
        late=lambda t: f"from {t:g} s a sheet short of the target lay in the die with the curtain clear and "
                       f"the ram at rest, but the ram had not closed {APPROACH_BY_MM:g} mm on it "
                       f"{SET_OFF_S:g} s later")
    no_dwell = judges.progress_within(
        f"ram going on or letting go within {SET_OFF_S:g} s of stopping on the sheet", _dwelling,
        [judges.Way("the ram rising", lambda s: s.devices.press.pos, by=0.5),
         judges.Way("the sheet bending on", lambda s: s.devices.press.loaded_angle, by=0.3)],
        SET_OFF_S, excused=lambda s: not _clear(s) or not s.devices.press.in_contact,
        late=lambda t: f"the ram stood on the sheet from {t:g} s with the curtain clear and had neither "
                       f"pressed on nor let go {SET_OFF_S:g} s later")
    call = judges.progress_within(
        f"ram going up within {SET_OFF_S:g} s of coming to rest off a part in tolerance", _done_due,
        [judges.Way("the ram rising to the top and Part done on",
                    lambda s: s.devices.press.pos + (0.0 if _called(s) else 5.0), by=RISE_BY_MM,
                    until=_called, arrive_s=_arrive_s),
         judges.Way("the punch closing on the sheet again", _gap, by=APPROACH_BY_MM,
                    until=lambda s: s.devices.press.in_contact, arrive_s=_approach_s)],
        SET_OFF_S, excused=lambda s: s.devices.press.sheet is None or not _clear(s),
        late=lambda t: f"the part was in tolerance with the ram at rest off it from {t:g} s, but the ram had "
                       f"neither gone {RISE_BY_MM:g} mm up toward the top (or called Part done there) nor "
                       f"closed on the sheet again {SET_OFF_S:g} s later")
    # a miss ends the run (MissEndsTheRun): every rule counterexample trips its rule before any miss
    return MissEndsTheRun(judges.watched(
        judges.in_order(
            EachInTolerance(f"{PARTS} parts at the target angle", lambda s: len(s.devices.press.removed),
                            _check_part, PARTS),
            judges.held("ram open at rest, Part done off", _parked, HOLD_S)),
        approach, no_dwell, call))


# --- safety ------------------------------------------------------------------------------

def _overbent(s):
    press = s.devices.press
    limit = _target(s) - OVERBEND_DEG
    if press.sheet is not None and press.loaded_angle < limit:
        return (f"the sheet was pressed to {press.loaded_angle:.2f} deg, beyond target - {OVERBEND_DEG:g} = "
                f"{limit:g}")
    return None


class RamDownWithCurtainBroken(judges.Monitor):
    """S2: from STOP_S after curtain_clear goes FALSE until it is TRUE again, the ram may not move
    down at all (from position, scan to scan)."""

    def __init__(self):
        self.since: int | None = None
        self.last: float | None = None

    def check(self, s):
        press = s.devices.press
        pos, last, self.last = press.pos, self.last, press.pos
        if _clear(s):
            self.since = None
            return None
        if self.since is None:
            self.since = s.time_ms
        if last is not None and s.time_ms - self.since > STOP_S * 1000 and pos > last + 0.005:
            return (f"the ram moved down at {pos:.2f} mm with the curtain broken since "
                    f"{self.since / 1000:g} s")
        return None


def _below_die_limit(s):
    pos = s.devices.press.pos
    if pos > DIE_LIMIT_MM:
        return f"the ram went down to {pos:.1f} mm, below its die limit of {DIE_LIMIT_MM:g} mm"
    return None


# --- conditions --------------------------------------------------------------------------

def _drifting(first: float, steps) -> list[float]:
    out = [first]
    for step in steps:
        out.append(round(out[-1] + step, 3))
    return out


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


NO_INTRUSION = dict(intrusion_part=[], intrusion_at_mm=[], intrusion_stay_s=[])

CONDITIONS = (
    _cond("nominal", 1501, "90 deg in 2 mm sheet, springback 3 deg creeping up, ram open, steady operator",
          target_deg=90.0, thickness_mm=2.0, springback=_drifting(3.0, [0.1] * 5), max_speed=100.0,
          accel=2000.0,
          settle_s=0.05, response_s=0.0, start_mm=0.0, first_s=1.0, feed_s=[2.0] * 6, leave_s=[0.5] * 6,
          answer_s=[0.8] * 6, take_s=[0.8] * 6, preloaded=0, preloaded_deg=180.0, **NO_INTRUSION),
    _cond("springback_drifting_down", 1502,
          "120 deg in 1.2 mm sheet, springback 2 deg falling to 1, fast ram, quick operator who reaches in "
          "during the approach of part 2",
          target_deg=120.0, thickness_mm=1.2, springback=_drifting(2.0, [-0.2] * 5), max_speed=150.0,
          accel=3000.0, settle_s=0.03, response_s=0.01, start_mm=0.0, first_s=0.5, feed_s=[1.0] * 6,
          leave_s=[0.2] * 6, answer_s=[0.3] * 6, take_s=[0.5] * 6, preloaded=0, preloaded_deg=180.0,
          intrusion_part=[2], intrusion_at_mm=[60.0], intrusion_stay_s=[0.8]),
    _cond("thick_sheet_springback_rising", 1503,
          "100 deg in 4 mm sheet, springback 5 deg rising to 6, slow ram down at 120 mm with a stored fault, "
          "slow operator",
          target_deg=100.0, thickness_mm=4.0, springback=_drifting(5.0, [0.2] * 5), max_speed=60.0,
          accel=1500.0,
          settle_s=0.25, response_s=0.05, start_mm=120.0, fault_at_start=1, first_s=3.0, feed_s=[4.0] * 6,
          leave_s=[1.0] * 6, answer_s=[1.5] * 6, take_s=[1.5] * 6, preloaded=0, preloaded_deg=180.0,
          **NO_INTRUSION),
    _cond("half_bent_sheet_at_power_up", 1504,
          "135 deg in 3 mm sheet, a sheet bent to 160 deg already in the die, ram at 40 mm, small "
          "springback; the operator reaches in while part 4 is being pressed",
          target_deg=135.0, thickness_mm=3.0, springback=_drifting(1.5, [0.05, -0.1, 0.15, 0.0, -0.05]),
          max_speed=120.0, accel=2500.0, settle_s=0.1, response_s=0.02, start_mm=40.0, first_s=1.0,
          feed_s=[1.5, 3.0, 2.2, 1.2, 3.8, 2.0], leave_s=[0.4, 0.9, 0.3, 0.6, 0.2, 0.8],
          answer_s=[0.5, 1.2, 0.4, 1.0, 0.7, 1.4], take_s=[0.6, 1.2, 0.9, 0.5, 1.4, 0.7], preloaded=1,
          preloaded_deg=160.0, intrusion_part=[4], intrusion_at_mm=[149.0], intrusion_stay_s=[1.5]),
    _cond("zigzag_springback_two_intrusions", 1505,
          "110 deg in 2.5 mm sheet, springback about 4 deg zig-zagging, the operator reaches in while part 1 "
          "is pressed and during the approach of part 5",
          target_deg=110.0, thickness_mm=2.5, springback=_drifting(4.0, [0.25, -0.25, 0.25, -0.25, 0.25]),
          max_speed=80.0, accel=1800.0, settle_s=0.15, response_s=0.03, start_mm=0.0, first_s=2.0,
          feed_s=[3.0, 1.0, 2.5, 4.0, 1.5, 2.0], leave_s=[1.0, 0.3, 0.5, 0.2, 0.7, 0.4],
          answer_s=[1.0, 0.4, 1.5, 0.3, 0.9, 0.6], take_s=[1.0, 0.5, 1.2, 0.8, 1.5, 0.6], preloaded=0,
          preloaded_deg=180.0, intrusion_part=[1, 5], intrusion_at_mm=[150.0, 90.0],
          intrusion_stay_s=[1.2, 0.5]),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The springback is drawn as a first value and a
    drift: steps of at most 0.25 deg a part, kept within 1 deg of the first and within 1-6 deg
    (jointly: a drift that would leave either is cut short there). A sheet in the die at
    power-up is bent part way, at least 5 deg short of the target; an intrusion during pressing
    comes 0.5-6 mm past where the flat sheet is touched."""
    target = round(rng.uniform(90.0, 135.0), 1)
    thickness = round(rng.uniform(1.0, 4.0), 2)
    first = round(rng.uniform(*SPRINGBACK), 2)
    trend = rng.uniform(-0.2, 0.2)
    springs = [first]
    for _ in range(PARTS - 1):
        step = max(-DRIFT_STEP, min(DRIFT_STEP, trend + rng.uniform(-0.1, 0.1)))
        nxt = min(first + DRIFT_TOTAL, max(first - DRIFT_TOTAL, springs[-1] + step))
        springs.append(round(min(SPRINGBACK[1], max(SPRINGBACK[0], nxt)), 3))
    parts, ats, stays = [], [], []
    for _ in range(rng.choice((0, 1, 1, 2))):
        parts.append(rng.randint(1, PARTS))
        if rng.random() < 0.5:
            ats.append(round(rng.uniform(20.0, 130.0), 1))
        else:
            ats.append(round(SHOULDER_MM - thickness + rng.uniform(0.5, 6.0), 2))
        stays.append(round(rng.uniform(0.3, 2.0), 2))
    preloaded = int(rng.random() < 0.25)
    params = dict(
        target_deg=target, thickness_mm=thickness, springback=springs,
        max_speed=round(log_uniform(rng, 60.0, 150.0), 1), accel=round(log_uniform(rng, 1500.0, 3000.0), 1),
        settle_s=round(rng.uniform(0.03, 0.25), 3), response_s=round(rng.uniform(0.0, 0.05), 3),
        start_mm=round(rng.choice((0.0, rng.uniform(0.0, 140.0))), 1),
        fault_at_start=int(rng.random() < 0.25),
        first_s=round(rng.uniform(0.5, 3.0), 2),
        feed_s=[round(rng.uniform(1.0, 4.0), 2) for _ in range(PARTS)],
        leave_s=[round(rng.uniform(0.2, 1.0), 2) for _ in range(PARTS)],
        answer_s=[round(rng.uniform(0.3, 1.5), 2) for _ in range(PARTS)],
        take_s=[round(rng.uniform(0.5, 1.5), 2) for _ in range(PARTS)],
        preloaded=preloaded, preloaded_deg=round(rng.uniform(target + 5.0, 175.0), 1) if preloaded else 180.0,
        intrusion_part=parts, intrusion_at_mm=ats, intrusion_stay_s=stays)
    description = (f"{target:g} deg in {thickness:g} mm sheet, springback {springs[0]:g} -> {springs[-1]:g} "
                   f"deg, ram {params['max_speed']:g} mm/s from {params['start_mm']:g} mm, "
                   f"{len(parts)} intrusion(s)"
                   + (", a sheet in the die at power-up" if preloaded else "")
                   + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "curtain_clear", "BOOL", "input", "curtain", "clear",
            "Light curtain in front of the die: TRUE while no beam is broken; FALSE 20 ms after a person "
            "(the operator's hands) enters the opening, TRUE again once it is clear"),
    IOPoint("%IX0.1", "sheet_present", "BOOL", "input", "press", "sheet_present",
            "Back gauge: TRUE while a sheet lies in the die against the back gauge"),
    *axis_io("press", ("%IX0.2", "drive_ready"), ("%IX0.3", "in_position"), ("%IX0.4", "standstill"),
             ("%IX0.5", "drive_fault"), window_mm=0.05, limit_minus_mm=-5.0, limit_plus_mm=180.0, what="ram"),
    IOPoint("%IW0", "ram_position", "INT", "input", "press", "position",
            "Actual ram position: 0 mm = fully open at the top, positive down (the punch tip reaches the "
            f"die's shoulders at {SHOULDER_MM:g} mm)", "0.1 mm", "-50..1800"),
    IOPoint("%IW1", "sheet_angle", "INT", "input", "press", "angle",
            "Angle sensor in the die: the sheet's included angle now (180.0 deg = flat); under load while "
            "the punch presses it, its free angle once the punch is off it; 0 while no sheet lies in the die",
            "0.1 deg", "0..1800"),
    IOPoint("%IW2", "target_angle", "INT", "input", "target", "value",
            "The ordered bend angle (included angle), the same for every part of the batch", "0.1 deg",
            "900..1350"),
    *axis_io("press", ("%QX0.0", "drive_enable"), ("%QX0.1", "reset_fault"), what="ram"),
    IOPoint("%QX0.2", "start_move", "BOOL", "output", "press", "start",
            "Rising edge starts a positioning move of the ram to target_position at move_speed (ignored "
            "while the drive is disabled or faulted)"),
    IOPoint("%QX0.3", "jog_down", "BOOL", "output", "press", "jog_plus",
            "While TRUE (and no positioning move running) the ram runs down at move_speed, ramping at the "
            "drive's acceleration; FALSE: it ramps to a stop"),
    IOPoint("%QX0.4", "jog_up", "BOOL", "output", "press", "jog_minus",
            "While TRUE (and no positioning move running) the ram runs up at move_speed; FALSE: it ramps to "
            "a stop"),
    IOPoint("%QX0.5", "part_done", "BOOL", "output", "done_lamp", "on",
            "'Part done' lamp for the operator: while it is on and the ram stands open, the operator takes "
            "the sheet out of the die (and lays the next)"),
    IOPoint("%QW0", "target_position", "INT", "output", "press", "target",
            "Target of the next positioning move, taken at the start_move edge", "0.1 mm", "0..1800"),
    IOPoint("%QW1", "move_speed", "INT", "output", "press", "speed",
            "Speed of positioning moves and jogs; 0 = the drive's configured speed for moves and a quarter "
            "of it for jogs; above the configured speed it is clamped", "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-M15", title="Bending with springback compensation", suite="MOT", level="M",
    summary="Air-bend six sheets on a press brake to the ordered angle: press to the target minus the "
            "springback expected, release, read the free angle, re-bend deeper if short, and carry the "
            "springback learned to the next part; stop the ram whenever the light curtain is broken.",
    plant_description=(
        "A press brake: a servo-driven ram (0 mm = open at the top, positive down; hard limit switches at "
        "-5 mm and 180 mm) carries the punch over a V-die 24 mm wide. The punch tip reaches the die's "
        f"shoulders at {SHOULDER_MM:g} mm, so a flat sheet of thickness t is touched at "
        f"{SHOULDER_MM:g} - t mm (sheets are 1-4 mm thick; the thickness is not given). Pressed d mm "
        "below that point the sheet bends, under load, to an included angle of 180 deg - 2 x "
        "atan(d / 12 mm). The first degrees of bending are elastic: when the punch lets go the sheet "
        "springs back open by its springback angle (a sheet pressed to a loaded angle L comes out at "
        "L + springback, if that is below the angle it had); a re-bend changes the sheet only once it is "
        "pressed deeper than before. The springback is 1-6 deg, unknown at the start of a batch; it "
        f"drifts from part to part by at most {DRIFT_STEP:g} deg, and by at most {DRIFT_TOTAL:g} deg over "
        "the batch. An angle sensor in the die shows the sheet's angle all the time, under load and free. "
        "A light curtain guards the opening in front of the die. The operator lays one sheet at a time "
        "against the back gauge (reaching through the curtain, and only while the ram stands open, at or "
        f"above {OPEN_MM:g} mm), steps out, and takes the part out when the 'Part done' lamp is on and the "
        "ram stands open; then lays the next, six sheets in all. The operator may also reach in while a "
        "part is being bent. At power-up the ram may stand anywhere above the sheet, the drive may hold "
        "a stored fault, and a sheet, bent part way, may already lie in the die."),
    specification=(
        "1. Clear a stored drive fault (rising edge on reset_fault) and enable the drive; open the ram (to "
        "the top) whenever no sheet is being bent, so that the operator can load.\n"
        f"2. With a sheet in the die short of the target, the curtain clear and the ram at rest: within "
        f"{SET_OFF_S:g} s the ram must have closed {APPROACH_BY_MM:g} mm toward the sheet and go on to touch "
        "it without backing off (fast down to just above the highest possible sheet, then slowly: a few mm/s "
        "to press, 1 mm/s near the angle you aim at). This holds for a sheet just laid (ram open) "
        "and for a re-bend after a release that left it short.\n"
        "3. Press to the target minus the springback you expect (for the first part, when nothing is "
        "known yet, aim so that even the smallest springback cannot over-bend it), stop, and let go: the "
        f"ram must not stand on the sheet for more than {SET_OFF_S:g} s with the curtain clear (press on, or "
        "go up). Read the free angle: the springback of this part is the free angle minus the loaded angle "
        "you stopped at. If it is short, re-bend deeper by what you learned. Carry the springback to the "
        "next part: it drifts little from one part to the next.\n"
        f"4. A part is done within +-{TOLERANCE_DEG:g} deg of the target. Within {SET_OFF_S:g} s of the ram "
        f"coming to rest off a part in tolerance (part_done off) it must have gone {RISE_BY_MM:g} mm up (at "
        "the top: switched part_done on) and go on to the top with part_done on, or have closed on the sheet "
        "again for a finer re-bend. Keep part_done on until the operator has taken the sheet out "
        "(sheet_present FALSE), then off. "
        "A part over-bent (below target - 0.5 deg) is scrap: a bend cannot be opened again.\n"
        f"5. Light curtain: the ram may move down only while curtain_clear is TRUE. If it goes FALSE while "
        f"the ram is going down, stop the ram at once (it must be still within {STOP_S:g} s: drop the "
        "jog, or the drive enable for a quick stop); when the curtain is clear again, go on where you "
        f"stopped (the ram must again set off within {SET_OFF_S:g} s as in 2 and 3).\n"
        f"6. After the sixth part is taken out, leave the ram open at rest with part_done off.\n"
        "Sheet thickness, target, springback, the ram's speed and ramps, the operator's pace and when the "
        "operator reaches in differ from run to run: go by the signals."),
    io=IO,
    completion=Completion(
        f"The operator takes out {PARTS} parts, each within +-{TOLERANCE_DEG:g} deg of the target angle and "
        f"bent with at most {MAX_STROKES} strokes (each time the punch comes into contact with the sheet is "
        f"a stroke), the {PARTS} with at most {MAX_BATCH_STROKES} strokes together; then the ram stays open "
        f"at rest with part_done off for {HOLD_S:g} s. On the way: the ram sets off toward a short sheet "
        f"within {SET_OFF_S:g} s (2), never stands on a sheet longer than {SET_OFF_S:g} s with the curtain "
        f"clear (3), and goes up (or re-bends) within {SET_OFF_S:g} s of coming to rest off a part in "
        "tolerance, and on to the top with part_done on (4).",
        _completion,
        keep=_parked,
        keep_wording="the ram open (at or above 2 mm) at rest, part_done off, no drive fault."),
    safety_rules=(
        SafetyRule("MOT-M15-S1", f"The sheet must never be pressed beyond the target angle minus "
                   f"{OVERBEND_DEG:g} deg (its loaded angle never below target - {OVERBEND_DEG:g} deg).",
                   judges.never(lambda s: _overbent(s) is not None, _overbent)),
        SafetyRule("MOT-M15-S2", f"The ram must move down only while the light curtain is clear: from "
                   f"{STOP_S:g} s after curtain_clear goes FALSE until it is TRUE again, no downward motion "
                   "at all.", RamDownWithCurtainBroken()),
        SafetyRule("MOT-M15-S3", f"The ram must stay above its die limit: never below {DIE_LIMIT_MM:g} mm.",
                   judges.never(lambda s: _below_die_limit(s) is not None, _below_die_limit)),
    ),
    parameters=(
        ParameterRange("target_deg", 90.0, 135.0, "deg", "ordered bend angle"),
        ParameterRange("thickness_mm", 1.0, 4.0, "mm", "sheet thickness (the same for the batch)"),
        ParameterRange("springback", *SPRINGBACK, "deg", "each part's springback (drifting at most 0.25 deg "
                       "a part, 1 deg over the batch)"),
        ParameterRange("max_speed", 60.0, 150.0, "mm/s", "ram drive's configured (maximum) speed"),
        ParameterRange("accel", 1500.0, 3000.0, "mm/s^2", "ram drive's acceleration and deceleration"),
        *drive_ranges(response_s=(0.0, 0.05)),
        ParameterRange("start_mm", 0.0, 140.0, "mm", "ram position at power-up"),
        ParameterRange("first_s", 0.5, 3.0, "s", "from power-up (and the ram open) to the operator "
                       "reaching in with the first sheet"),
        ParameterRange("feed_s", 1.0, 4.0, "s", "operator laying a sheet (hands in the curtain)"),
        ParameterRange("leave_s", 0.2, 1.0, "s", "operator still in the curtain after the sheet lies in "
                       "place"),
        ParameterRange("answer_s", 0.3, 1.5, "s", "from part_done on (ram open) to the operator reaching in"),
        ParameterRange("take_s", 0.5, 1.5, "s", "operator taking a part out before laying the next"),
        ParameterRange("preloaded", 0, 1, "", "1 = a sheet bent part way lies in the die at power-up"),
        ParameterRange("preloaded_deg", 95.0, 180.0, "deg", "angle of that sheet (at least 5 deg short of "
                       "the target)"),
        ParameterRange("intrusion_part", 1, PARTS, "", "parts during which the operator reaches in (0-2 a "
                       "run)"),
        ParameterRange("intrusion_at_mm", 20.0, 160.0, "mm", "ram position going down when the operator "
                       "reaches in"),
        ParameterRange("intrusion_stay_s", 0.3, 2.0, "s", "how long the operator stays in the curtain then"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=130.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"fault_at_start": 0},
)
