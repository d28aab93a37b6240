"""MOT-E02 Homing to a reference switch.

A servo slide with an incremental encoder must be referenced after Start: search toward the
reference cam near the minus end, leave the cam toward plus at creep speed, set the reference
on the cam switch's falling edge, then go to the work zero and show Homed. Until the reference
is set the actual position word counts from an arbitrary value, so no position read at power-up
means anything; the slide starts anywhere on its stroke, on the cam or just beside it, sometimes
with a drive fault stored.

Changes from the catalog entry, and why:
- The cam switch has differential travel (0.5-1.5 mm): it actuates only that far onto the cam
  and releases exactly at the cam's ends. Without it, a program that creeps onto the cam from
  plus and sets the reference on the rising edge would find the same point and "leave cam +"
  would be an unjudged wish; with it the falling edge leaving toward plus is the only exact one.
- S4 (Homed only while referenced and at rest at true zero): with only S1-S3 a Homed lamp that
  is on from power-up satisfies "Homed within 1 s of arrival" at once.
- S5 (no motion before Start), as in MOT-E01: without it a program that never reads the button
  and homes at power-up passed most conditions, its homing outlasting the press.
- The search speed limit (100 mm/s) is not a rule of its own: the slide's braking distance from
  a faster search overruns the room behind the cam in the soft drives and trips S1, the
  catalog's own reason for it.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.incremental_axis import IncrementalAxis
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    AnsweredWithin,
    axis_io,
    drive_ranges,
    limit_switch_reached,
    log_uniform,
    start_press_condition,
    store_drive_fault,
)

CAM_EDGE_MM = -20.0      # true position of the cam's plus edge: the reference point
REF_VALUE_MM = -20.0     # what a set_ref edge makes the counter read there
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -90.0, 505.0
OFFSET_SPAN_MM = 1500.0  # the counter's power-up offset lies within +- this
REF_TOLERANCE_MM = 0.3   # set_ref within this of the cam edge
REF_SPEED_MAX = 10.0     # mm/s: set_ref only this slow
SEARCH_MAX = 100.0       # mm/s, the search speed the specification allows
WINDOW_MM = 0.5          # the drive's in-position window, and the judge's tolerance at zero
SEARCH_WITHIN_S = 0.5    # the slide must set off within this of Start
SET_OFF_MM = 0.5         # ... by this much
HOMED_WITHIN_S = 1.0
HOLD_S = 2.0
SPEED_TOL = 1e-6
STILL_MM = 0.05          # before Start the slide may not leave where it stood by more


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    slide = plant.add(IncrementalAxis(
        "slide", origin=(170.0, 300.0), angle_deg=0.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-110.0, rail_max_mm=530.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=p["max_speed"], accel=p["accel"],
        window_mm=WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
        cam_edge_mm=CAM_EDGE_MM, cam_length_mm=p["cam_length_mm"], cam_hysteresis_mm=p["cam_hysteresis_mm"],
        ref_value_mm=REF_VALUE_MM, offset_span_mm=OFFSET_SPAN_MM,
        carriage_length_mm=60.0, carriage_width_mm=80.0, rail_width_mm=40.0, label="slide"))
    if p.get("fault_at_start"):
        store_drive_fault(slide)
    plant.add(PushButton("start_button", x=220.0, y=120.0, label="Start", color="green"))
    plant.add(Lamp("homed_lamp", x=380.0, y=120.0, label="Homed", color="green"))
    return plant


def _slide(plant) -> IncrementalAxis:
    return plant.device("slide", IncrementalAxis)


# --- judges -------------------------------------------------------------------------------

def _at_zero(s) -> bool:
    slide = s.devices
    return slide.referenced and abs(slide.pos) <= WINDOW_MM and slide.vel == 0.0


def _ref_at_edge(s) -> bool:
    """The last reference edge came after Start and within the tolerance of the cam edge."""
    refs = s.devices.refs
    return bool(refs) and refs[-1].time_s >= s.params["start_press_s"] - 1e-9 and (
        abs(refs[-1].true_mm - CAM_EDGE_MM) <= REF_TOLERANCE_MM)


def _search_sets_off():
    # The search must really start after Start: toward the cam (distance to its far end shrinks
    # until the switch makes) or, from on the cam, toward its plus edge (until it is left). A
    # program that waits a worst-case time for Start, or answers it with a hop and back, fails.
    # Leaving the cam is judged by the distance to its edge either way: a slide plus of the edge
    # moving further plus goes away from it.
    slide = lambda s: s.devices  # noqa: E731
    return judges.progress_within(
        f"the search setting off within {SEARCH_WITHIN_S:g} s of Start",
        cause=lambda s: s.io["start_pb"],
        ways=[judges.Way("the slide searching toward the cam",
                         lambda s: slide(s).pos - slide(s).cam_start_mm, by=SET_OFF_MM,
                         until=lambda s: slide(s).cam_on),
              judges.Way("the slide leaving the cam toward its plus edge",
                         lambda s: abs(CAM_EDGE_MM - slide(s).pos), by=SET_OFF_MM,
                         until=lambda s: slide(s).pos >= CAM_EDGE_MM)],
        within_s=SEARCH_WITHIN_S,
        # a slide on the cam less than SET_OFF_MM below its edge has no search left to make
        excused=lambda s: slide(s).cam_on and CAM_EDGE_MM - slide(s).pos < SET_OFF_MM,
        late=lambda t: f"Start was pressed at {t:g} s but the slide had not set off toward the cam "
                       f"by {SET_OFF_MM:g} mm {SEARCH_WITHIN_S:g} s later")


def _homed_soon_after_arrival():
    return AnsweredWithin(
        f"Homed on within {HOMED_WITHIN_S:g} s of arrival at zero", _at_zero, lambda s: s.io["homed"],
        HOMED_WITHIN_S,
        lambda t: f"the slide stood referenced at zero from {t:g} s but Homed was not on "
                  f"{HOMED_WITHIN_S:g} s later",
        waiting="the slide referenced and at rest at zero, then Homed")


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            judges.event(f"reference set within {REF_TOLERANCE_MM:g} mm of the cam edge", _ref_at_edge),
            _homed_soon_after_arrival(),
            judges.held("Homed with the slide at rest at zero", lambda s: s.io["homed"] and _at_zero(s),
                        HOLD_S),
        ),
        _search_sets_off())


def _end_state_kept(s) -> bool:
    slide = s.devices
    return bool(s.io["homed"]) and slide.enabled and not slide.fault and _at_zero(s) and _ref_at_edge(s)


def _move_before_ref(s):
    if s.devices.moves_before_ref:
        return "a move (start_move) was started before the reference was set"
    return None


class _RefOnlySlow(judges.Monitor):
    """Each set_ref edge is judged once, at the speed the slide had when the drive took it."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        refs = s.devices.refs
        msg = None
        for ref in refs[self.seen:]:
            if abs(ref.velocity) > REF_SPEED_MAX + SPEED_TOL:
                msg = (f"set_ref given at {ref.time_s:g} s with the slide moving at "
                       f"{abs(ref.velocity):.1f} mm/s")
        self.seen = len(refs)
        return msg


def _moved_before_start():
    return judges.moved_before(
        lambda s: s.io["start_pb"], lambda s: s.devices.pos, STILL_MM,
        lambda s: (f"the slide moved from {s.params['start_mm']:.2f} mm to {s.devices.pos:.2f} mm "
                   "before Start was pressed"),
        origin=lambda s: s.params["start_mm"])


def _homed_wrongly(s):
    if s.io["homed"] and not _at_zero(s):
        slide = s.devices
        return (f"Homed on with the slide at {slide.pos:.2f} mm (true), {slide.vel:.0f} mm/s, "
                + ("referenced" if slide.referenced else "not referenced"))
    return None


# --- conditions ------------------------------------------------------------------------------

CONDITIONS = (
    start_press_condition(
        "nominal", 201, "slide mid-stroke, brisk drive, 20 mm cam", press_s=1.0,
        start_mm=250.0, cam_length_mm=20.0, cam_hysteresis_mm=1.0, max_speed=300.0, accel=1000.0,
        settle_s=0.05),
    start_press_condition(
        "on_the_cam", 202, "slide standing on the cam at power-up, stored drive fault", press_s=2.0,
        start_mm=-31.0, cam_length_mm=25.0, cam_hysteresis_mm=0.8, max_speed=250.0, accel=500.0,
        settle_s=0.1, fault_at_start=1),
    start_press_condition(
        "beside_the_cam", 203, "slide 1.5 mm plus of the cam edge, short cam, soft drive that overruns "
        "the cam when stopping", press_s=0.6,
        start_mm=-18.5, cam_length_mm=15.0, cam_hysteresis_mm=1.5, max_speed=400.0, accel=200.0,
        settle_s=0.03, response_s=0.0),
    start_press_condition(
        "far_and_soft", 204, "slide near the far end, soft drive, long cam, late Start", press_s=3.8,
        start_mm=470.0, cam_length_mm=30.0, cam_hysteresis_mm=1.5, max_speed=400.0, accel=220.0,
        settle_s=0.25, response_s=0.1),
    start_press_condition(
        "stiff_with_fault", 205, "stiff drive with a stored fault, short differential travel", press_s=2.5,
        start_mm=120.0, cam_length_mm=18.0, cam_hysteresis_mm=0.5, max_speed=200.0, accel=2000.0,
        settle_s=0.2, fault_at_start=1),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The start position is drawn jointly with the
    cam: one in four on the cam (anywhere between its ends), one in four just plus of its edge
    (0.2-5 mm, where a search finds the cam at once), the rest anywhere up to 480 mm. Speed and
    acceleration are log-uniform so soft and stiff drives are equally common; every other
    parameter is drawn on its own. One in four comes up with a stored drive fault."""
    cam = round(rng.uniform(15.0, 30.0), 1)
    where = rng.random()
    if where < 0.25:
        start = round(rng.uniform(CAM_EDGE_MM - cam, CAM_EDGE_MM), 1)
    elif where < 0.5:
        start = round(CAM_EDGE_MM + rng.uniform(0.2, 5.0), 1)
    else:
        start = round(rng.uniform(CAM_EDGE_MM + 5.0, 480.0), 1)
    params = dict(
        start_mm=start, cam_length_mm=cam,
        cam_hysteresis_mm=round(rng.uniform(0.5, 1.5), 2),
        max_speed=round(log_uniform(rng, 200.0, 400.0), 1),
        accel=round(log_uniform(rng, 200.0, 2000.0), 1),
        settle_s=round(rng.uniform(0.03, 0.25), 3),
        response_s=round(rng.uniform(0.0, 0.1), 3),
        fault_at_start=int(rng.random() < 0.25),
    )
    press = round(rng.uniform(0.5, 4.0), 2)
    cond = start_press_condition("sampled", 0, "", press_s=press, **params)
    description = (f"slide at {start:g} mm (true), cam {cam:g} mm, {params['accel']:g} mm/s^2, "
                   f"Start at {press:g} s" + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=cond.params, description=description, operator=cond.operator)


_DRIVE = dict(window_mm=WINDOW_MM, limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM)

IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    *axis_io("slide", ("%IX0.1", "drive_ready"), ("%IX0.2", "in_position"), ("%IX0.3", "standstill"),
             ("%IX0.4", "drive_fault"), **_DRIVE),
    IOPoint("%IX0.5", "ref_cam", "BOOL", "input", "slide", "ref_cam",
            "Reference cam switch (NO): TRUE while its roller is on the cam (see the plant description "
            "for where it makes and releases)"),
    IOPoint("%IX0.6", "referenced", "BOOL", "input", "slide", "referenced",
            "TRUE once a set_ref edge has set the position counter (FALSE from power-up until then)"),
    *axis_io("slide", ("%IX0.7", "limit_minus"), ("%IX1.0", "limit_plus"), **_DRIVE),
    IOPoint("%IW0", "actual_position", "INT", "input", "slide", "position",
            "Position counter of the drive: before the reference is set it counts from an arbitrary "
            f"value (anywhere within +-{OFFSET_SPAN_MM:g} mm of the true position); after a set_ref edge it "
            "reads true positions", "0.1 mm", "-32768..32767"),
    *axis_io("slide", ("%QX0.0", "drive_enable")),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "slide", "start",
            "Rising edge starts a move to target_position, in the counter's coordinates (ignored "
            "while disabled or faulted)"),
    IOPoint("%QX0.2", "jog_plus", "BOOL", "output", "slide", "jog_plus",
            "TRUE jogs the slide toward plus at move_speed (FALSE: it ramps to a stop)"),
    IOPoint("%QX0.3", "jog_minus", "BOOL", "output", "slide", "jog_minus",
            "TRUE jogs the slide toward minus at move_speed (FALSE: it ramps to a stop)"),
    *axis_io("slide", ("%QX0.4", "reset_fault")),
    IOPoint("%QX0.5", "set_ref", "BOOL", "output", "slide", "set_ref",
            f"Rising edge sets the position counter to {REF_VALUE_MM:g} mm ({round(REF_VALUE_MM * 10)}) "
            "where the slide stands at that instant, and referenced turns TRUE"),
    IOPoint("%QX0.6", "homed", "BOOL", "output", "homed_lamp", "on",
            "Homed lamp: TRUE tells the operator the slide is referenced and at zero"),
    IOPoint("%QW0", "target_position", "INT", "output", "slide", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "-900..5000"),
    IOPoint("%QW1", "move_speed", "INT", "output", "slide", "speed",
            "Speed of moves and jogs; 0 = for moves the drive's configured speed, for jogs a quarter "
            "of it; above the configured speed it is clamped to it", "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E02", title="Homing to a reference switch", suite="MOT", level="E",
    summary="After Start, reference an incremental slide on the plus edge of its reference cam, "
            "then bring it to the work zero and show Homed.",
    plant_description=(
        "A horizontal linear slide (servo axis) with an incremental encoder: its position counter "
        "means nothing until the reference is set. Working stroke 0..500 mm (0 mm = work zero). A "
        f"reference cam lies along the rail near the minus end: its plus edge is at {CAM_EDGE_MM:g} mm "
        "and it reaches 15 to 30 mm further toward minus. The cam switch has differential travel: "
        "coming onto the cam it makes only once the slide has run 0.5 to 1.5 mm onto it, and it "
        "releases exactly at the cam's ends; so the plus edge is found exactly by the switch's "
        f"falling edge while leaving the cam toward plus. Hard limit switches at {LIMIT_MINUS_MM:g} mm "
        f"and {LIMIT_PLUS_MM:g} mm stop the slide hard and latch a drive fault. An operator panel has "
        "a Start push button and a Homed lamp. The slide starts anywhere from on the cam to 480 mm, "
        "not necessarily off the cam; the drive may come up with a stored fault."),
    specification=(
        "1. Do not move the slide before the operator has pressed Start. After Start, clear a stored "
        "drive fault with a rising edge on reset_fault and enable the drive.\n"
        f"2. Within {SEARCH_WITHIN_S:g} s of Start being pressed the slide must have set off by at least "
        f"{SET_OFF_MM:g} mm on its search, and go on without backing off: toward minus until the cam "
        "switch makes, or, if the slide is on the cam (ref_cam TRUE), toward plus until it leaves the "
        f"cam (nothing is owed by a slide on the cam less than {SET_OFF_MM:g} mm from its plus edge). "
        f"Search at most {SEARCH_MAX:g} mm/s (jog with move_speed): the slide may need up to "
        f"{SEARCH_MAX ** 2 / (2 * 200):g} mm to stop from {SEARCH_MAX:g} mm/s and may run past the "
        "end of a short cam.\n"
        f"3. Then leave the cam toward plus at no more than {REF_SPEED_MAX:g} mm/s and give set_ref on "
        f"the cam switch's falling edge, while the slide is within {REF_TOLERANCE_MM:g} mm of the cam's "
        "plus edge.\n"
        "4. Until the reference is set, move only by jogging: a start_move before set_ref is a move on "
        "a counter that means nothing.\n"
        f"5. After the reference, move the slide to 0 mm (target_position 0, start_move) and switch "
        f"Homed on within {HOMED_WITHIN_S:g} s of it coming to rest there (in_position and "
        "standstill); then keep it there, enabled, with Homed on.\n"
        "The drive's speed, acceleration, settle and response times, the cam's length and the "
        "switch's differential travel differ from run to run: use the switch and the drive's "
        "signals, not fixed times or positions read before the reference."),
    io=IO,
    completion=Completion(
        f"In this order: Start is pressed; within {SEARCH_WITHIN_S:g} s of that the slide has set off "
        f"by {SET_OFF_MM:g} mm on its search (toward the cam, or from on the cam toward its plus edge; "
        f"not owed on the cam less than {SET_OFF_MM:g} mm from the edge) and goes on without backing "
        f"off; set_ref is given within {REF_TOLERANCE_MM:g} mm of the "
        f"cam's plus edge; the slide comes to rest within {WINDOW_MM:g} mm of true 0 mm and Homed "
        f"comes on within {HOMED_WITHIN_S:g} s after that; then Homed stays on with the slide at rest "
        f"at zero for {HOLD_S:g} s without a break.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the slide referenced and at rest at zero, the drive enabled and Homed on."),
    safety_rules=(
        SafetyRule("MOT-E02-S1", "The slide must never reach a limit switch.",
                   lambda s: limit_switch_reached(s.devices)),
        SafetyRule("MOT-E02-S2", "No move (start_move) may be started before the reference is set.",
                   _move_before_ref),
        SafetyRule("MOT-E02-S3", f"set_ref may only be given while the slide moves at no more than "
                   f"{REF_SPEED_MAX:g} mm/s.", _RefOnlySlow()),
        SafetyRule("MOT-E02-S4", f"Homed must only be on while the slide is referenced and at rest "
                   f"within {WINDOW_MM:g} mm of true 0 mm.", _homed_wrongly),
        SafetyRule("MOT-E02-S5", "The slide must not move before the operator has pressed Start.",
                   _moved_before_start()),
    ),
    parameters=(
        ParameterRange("start_mm", CAM_EDGE_MM - 30.0, 480.0, "mm",
                       "where the slide stands at power-up (true position; on the cam or anywhere plus "
                       "of it)"),
        ParameterRange("cam_length_mm", 15.0, 30.0, "mm",
                       "length of the reference cam toward minus from its edge"),
        ParameterRange("cam_hysteresis_mm", 0.5, 1.5, "mm", "how far onto the cam the switch makes"),
        ParameterRange("max_speed", 200.0, 400.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 200.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("start_press_s", 0.5, 4.0, "s", "when the operator presses Start"),
        *drive_ranges(),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=30.0,
    build_plant=build_plant,
    judged_devices=_slide,
    condition_defaults={"response_s": 0.02, "fault_at_start": 0},
)
