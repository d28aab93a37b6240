"""MAT-E01 Local workpiece acquisition.

A parallel gripper stands over a nest. A workpiece lies in the nest at power-up or is placed
there later by the operator; the program closes the gripper on it, waits for the gripper's
part-held signal and then reports 'part secured' to the next station. The grip time (jaw
travel plus pressure build-up) varies from 0.2 s to 1.2 s across conditions, so a fixed wait
instead of the held signal either confirms too early (slow grip: safety rule S2) or too late
(fast grip: misses the 0.5 s confirmation window).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.gripper import Gripper
from sim.devices.panel import Lamp
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin

NEST = (400.0, 300.0)       # nest centre = gripper centre, mm
OPEN_WIDTH_MM = 90.0        # gap between the open jaws
CONFIRM_WITHIN_S = 0.5      # 'part secured' must come on within this time after the part is held
CLOSE_WITHIN_S = 0.5        # the jaws must be closing on the part within this time after it lies in the nest
CLOSE_BY_MM = 5.0           # ... by at least this much of their gap, then on to the part
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    size = float(p["part_size_mm"])
    grip_s = float(p["grip_time_s"])
    settle_s = grip_s * float(p["settle_share"])          # pressure build-up after jaw contact
    travel_s = grip_s - settle_s                           # jaw travel from open to the part
    close_s = travel_s * OPEN_WIDTH_MM / (OPEN_WIDTH_MM - size)
    plant.add(Gripper("gripper", *NEST, angle_deg=0.0, open_width=OPEN_WIDTH_MM, jaw_depth=60.0,
                      close_s=close_s, open_s=0.25, settle_s=settle_s))
    # the nest photo-eye looks across the nest, square to the jaws, through its centre
    plant.add(PhotoEye("nest_eye", NEST[0], NEST[1] - 90.0, NEST[0], NEST[1] + 90.0,
                       bounce_s=float(p["bounce_ms"]) / 1000.0))
    plant.add(Lamp("secured_lamp", x=NEST[0] + 220.0, y=NEST[1] - 160.0, label="Part secured", color="green"))
    spec = {"part_kind": "blank", "code": 1, "colour": p["colour"], "material": "metal",
            "height_mm": 25.0, "shape": p["shape"], "width": size, "length": size}
    place = (NEST[0] + float(p["offset_mm"]), NEST[1])
    if p["arrival_s"] <= 0.0:
        plant.add(Workpiece("part1", *place, **spec))
    else:
        # the operator's hand: puts the part into the nest at arrival_s
        plant.add(Feeder("operator_place", *place, schedule=[(float(p["arrival_s"]), spec)]))
    return plant


# --- judges -------------------------------------------------------------------------------

def _holding(s) -> bool:
    return s.plant["gripper"].holding


def _secured_soon_after_held():
    # two-sided: 'part secured' before the part is held is a safety violation (S2); later fails
    return AnsweredWithin(
        f"'part secured' on within {CONFIRM_WITHIN_S:g} s of the part being held", _holding,
        lambda s: s.io["part_secured"], CONFIRM_WITHIN_S,
        lambda t: f"the gripper held the part from {t:g} s but 'part secured' was not on "
                  f"{CONFIRM_WITHIN_S:g} s later",
        waiting="part held, then 'part secured' on")


def _jaws_on_part(s) -> bool:
    return s.plant["gripper"].part is not None


def _closes_soon_after_arrival():
    # Without it, a program that ignores the photo-eye and closes on a clock just past the latest
    # published arrival would pass every condition. Judged by the jaws really closing on the
    # part (their gap shrinking by CLOSE_BY_MM, then on to contact without opening), not by
    # close_gripper: a one-scan close pulse, the jaws opening again at once, does not count.
    # A miss does not end the run, so every safety fault is still reported.
    return judges.progress_within(
        f"the jaws closing on the workpiece within {CLOSE_WITHIN_S:g} s of it lying in the nest",
        cause=lambda s: s.plant["gripper"].part_between_jaws() is not None,
        ways=[judges.Way("the jaws", lambda s: s.plant["gripper"].gap, by=CLOSE_BY_MM, until=_jaws_on_part)],
        within_s=CLOSE_WITHIN_S,
        late=lambda t: f"the workpiece lay in the nest from {t:g} s but the jaws had not closed "
                       f"{CLOSE_BY_MM:g} mm onto it {CLOSE_WITHIN_S:g} s later")


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("workpiece held by the gripper", _holding),
            _secured_soon_after_held(),
            judges.held("workpiece held with 'part secured' on",
                        lambda s: _holding(s) and s.io["part_secured"], HOLD_S),
        ),
        _closes_soon_after_arrival())


def _end_state_kept(s) -> bool:
    """Spec 4: the gripper closed on the workpiece, holding it, with 'part secured' on."""
    return _holding(s) and bool(s.io["close_gripper"]) and bool(s.io["part_secured"])


def _closing_on_nothing(s):
    if s.io["close_gripper"] and s.plant["gripper"].part_between_jaws() is None:
        return f"close_gripper on at {s.time_s:.2f} s with no workpiece between the jaws"
    return None


def _secured_not_held(s):
    if s.io["part_secured"] and not _holding(s):
        return f"'part secured' on at {s.time_s:.2f} s while the gripper did not hold the workpiece"
    return None


class OpenedOnPart(judges.Monitor):
    """Violated when the close command drops while the jaws were closed on the workpiece."""

    def __init__(self):
        self.in_jaws = False

    def check(self, s):
        grip = s.plant["gripper"]
        msg = None
        if self.in_jaws and not s.io["close_gripper"]:
            msg = f"the gripper was opened at {s.time_s:.2f} s with the workpiece in its jaws"
        self.in_jaws = grip.part is not None
        return msg


# --- conditions ------------------------------------------------------------------------------

DEFAULTS = {"bounce_ms": 0, "offset_mm": 0.0, "shape": "box", "colour": "silver", "settle_share": 0.3}


CONDITIONS = (
    Condition.of("present_at_start", 201, "part already in the nest at power-up, medium grip",
        arrival_s=0.0, grip_time_s=0.45, part_size_mm=50.0),
    Condition.of("late_slow_grip", 202, "operator places a round part at 2.3 s; slow grip (low air "
        "pressure); the nest eye chatters", arrival_s=2.3, grip_time_s=1.15, settle_share=0.55,
        part_size_mm=44.0, shape="circle", colour="blue", bounce_ms=30, offset_mm=-4.0),
    Condition.of("present_fast_grip", 203, "large part off-centre in the nest at power-up, fast grip",
        arrival_s=0.0, grip_time_s=0.22, settle_share=0.2, part_size_mm=60.0, offset_mm=6.5,
        colour="red"),
    Condition.of("very_late_fast_grip", 204, "small part placed late at 3.6 s, fast grip, eye chatter",
        arrival_s=3.6, grip_time_s=0.25, settle_share=0.25, part_size_mm=40.0, bounce_ms=40,
        offset_mm=3.0, colour="yellow"),
    Condition.of("mid_slow_grip", 205, "round part placed at 1.2 s, slow pressure build-up",
        arrival_s=1.2, grip_time_s=0.9, settle_share=0.6, part_size_mm=56.0, shape="circle",
        offset_mm=-7.5, colour="green"),
)

def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges, each parameter drawn on its own: any size and
    offset fit the open jaws (30 mm half-size + 8 mm offset < 45 mm), and any arrival and grip
    time fit the 10 s limit (4 s + 1.2 s + 0.5 s + 2 s hold). Three conditions in ten have the
    part in the nest at power-up. The grip time splits into jaw travel and pressure build-up
    (settle_share, not published: the prompt gives only the total) in the registered span
    0.2-0.6; shape and colour are drawn too."""
    present = rng.random() < 0.3
    params = dict(
        arrival_s=0.0 if present else round(rng.uniform(0.05, 4.0), 2),
        grip_time_s=round(rng.uniform(0.2, 1.2), 3),
        settle_share=round(rng.uniform(0.2, 0.6), 2),
        part_size_mm=round(rng.uniform(40.0, 60.0), 1),
        offset_mm=round(rng.uniform(-8.0, 8.0), 1),
        bounce_ms=round(rng.uniform(0.0, 40.0)),
        shape=rng.choice(("box", "circle")),
        colour=rng.choice(("silver", "blue", "red", "yellow", "green")),
    )
    when = "in the nest at power-up" if present else f"placed at {params['arrival_s']:g} s"
    description = (f"{params['shape']} {params['part_size_mm']:g} mm {when}, "
                   f"grip {params['grip_time_s']:g} s, eye chatter {params['bounce_ms']} ms")
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "part_in_nest", "BOOL", "input", "nest_eye", "blocked",
            "Nest photo-eye: TRUE while a workpiece blocks the beam (a part lies in the nest); "
            "may chatter for a few tens of ms when a part arrives"),
    IOPoint("%IX0.1", "part_held", "BOOL", "input", "gripper", "part_held",
            "TRUE when the jaws are closed on a workpiece and the grip pressure has built up"),
    IOPoint("%IX0.2", "jaws_open", "BOOL", "input", "gripper", "opened",
            "TRUE when the jaws are fully open"),
    IOPoint("%IX0.3", "closed_empty", "BOOL", "input", "gripper", "closed_empty",
            "TRUE when the jaws are fully closed with nothing between them"),
    IOPoint("%QX0.0", "close_gripper", "BOOL", "output", "gripper", "close",
            "TRUE closes the jaws, FALSE opens them (5/2 valve, single solenoid)"),
    IOPoint("%QX0.1", "part_secured", "BOOL", "output", "secured_lamp", "on",
            "'Part secured' signal to the next station (and panel lamp): TRUE = the workpiece is held"),
)

TASK = Task(
    id="MAT-E01", title="Local workpiece acquisition", suite="MAT", level="E",
    summary="Close the gripper on the workpiece in the nest, wait until it is really held, and report "
            "'part secured'; never close on an empty nest.",
    plant_description=(
        "A pneumatic parallel gripper stands over a workpiece nest; its jaws (90 mm open) close along "
        "the x axis onto the part. A through-beam photo-eye looks across the nest and is blocked while a "
        "workpiece lies there. A workpiece (square or round, 40-60 mm across the jaws) is either in the "
        "nest at power-up or placed there later by the operator. The gripper reports part-held once its "
        "jaws are closed on the part and the grip pressure has built up. A green lamp on the panel shows "
        "the 'part secured' signal that is also sent to the next station."),
    specification=(
        "1. Wait until a workpiece is in the nest (part_in_nest); do not close the gripper on an empty "
        "nest.\n"
        "2. Close the gripper (close_gripper := TRUE) on the workpiece: within "
        f"{CLOSE_WITHIN_S:g} s of it lying in the nest the jaws must have closed at least "
        f"{CLOSE_BY_MM:g} mm toward it, and they must go on closing until they grip it (a close pulse "
        "that lets the jaws open again does not count).\n"
        "3. Wait for part_held; then switch part_secured on, within "
        f"{CONFIRM_WITHIN_S:g} s of the gripper holding the part, and never before.\n"
        "4. Keep the gripper closed and part_secured on from then on (the next station takes over "
        "later; do not open the gripper on the part).\n"
        "The grip time (jaw travel plus pressure build-up) differs widely from run to run, and the part "
        "may be in the nest at power-up or arrive later, so use the sensors, not fixed times."),
    io=IO,
    completion=Completion(
        f"In this order: within {CLOSE_WITHIN_S:g} s of the workpiece lying in the nest the jaws have "
        f"closed at least {CLOSE_BY_MM:g} mm toward it, and they go on closing until they grip it; the "
        "gripper holds the workpiece; 'part secured' comes on within "
        f"{CONFIRM_WITHIN_S:g} s after that; then the workpiece stays held with 'part secured' on for "
        f"{HOLD_S:g} s without a break.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the gripper closed and holding the workpiece, with 'part secured' on."),
    safety_rules=(
        SafetyRule("MAT-E01-S1", "The gripper must never be commanded to close while no workpiece lies "
                   "between its jaws.", _closing_on_nothing),
        SafetyRule("MAT-E01-S2", "'Part secured' must only be on while the gripper holds the workpiece.",
                   _secured_not_held),
        SafetyRule("MAT-E01-S3", "Once the jaws have closed on the workpiece, the gripper must not be "
                   "opened again.", OpenedOnPart()),
    ),
    parameters=(
        ParameterRange("grip_time_s", 0.2, 1.2, "s", "time from close_gripper to part_held"),
        ParameterRange("arrival_s", 0.0, 4.0, "s",
                       "when the workpiece is placed in the nest (0 = already there at power-up)"),
        ParameterRange("part_size_mm", 40.0, 60.0, "mm", "workpiece size across the jaws"),
        ParameterRange("offset_mm", -8.0, 8.0, "mm", "part's distance from the nest centre, along the jaws"),
        ParameterRange("bounce_ms", 0.0, 40.0, "ms", "chatter of the nest photo-eye after a part arrives"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=10.0,
    build_plant=build_plant,
    condition_defaults=DEFAULTS,
)
