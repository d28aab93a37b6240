"""MAT-M07 Case sealer with size detection.

Cases of different heights queue on an infeed belt against a gate stopper; the case held at
the gate is measured by a height station. The program sets the servo-driven tape head to the
case's height - 5 mm while no case runs under it, then opens the gate for one case (the sealer
belt runs faster than the infeed, so a gap opens behind the released case and the gate closes
into it), folds the case's rear flap with the folder cylinder as its tail passes, and lets the
tape head seal its top. Six cases; then the belts stop.

Changed from the catalog, and why:
- the gate stands where the infeed belt hands over to a sealer belt 2.5 x faster: cases queue
  touching, and only the speed step opens a gap the gate can close into (one case per opening);
- "head set before arrival, after last left" is judged as two promptness steps (the head sets
  off within 0.5 s once nothing is under it and the next case's height is known; the gate opens
  within 0.5 s once the head stands at that height with nothing under it) with S1/S2 as their
  early sides: a blind program waiting for the slowest head (250 mm at 50 mm/s) is late for a
  fast one, and one that moves the head as soon as the next case is measured (the catalog's
  trap) moves it over the case being taped (S2, and S1 where the next case is lower);
- the folder's window is the case's tail 0-100 mm past its plate: fold_eye's falling edge
  starts it, the folder's stroke time (0.05-0.15 s) is not known, and a fixed delay long
  enough to be "safe" puts the fold past the window on a fast belt;
- "head +-3 mm" is judged the whole time a case lies under the head (the tape would be
  slack above, crush the flaps below), not at one instant.

Judged by what the plant does (sim.devices.case_sealer.CaseSealer logs each case): sealed =
rear flap folded in its window and head within 3 mm of height - 5 mm all the time it was under
the head; a badly sealed case or a missed deadline ends the run (tasks.common.MissEndsTheRun).
"""

from __future__ import annotations

import random

from pymunk._chipmunk_cffi import lib as _cp

from sim import judges
from sim.devices.axis import Axis
from sim.devices.case_sealer import CaseSealer
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Cylinder, Stopper
from sim.devices.sensors import InspectionSensor, PhotoEye
from sim.devices.workpiece import Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    CountGrows,
    MissEndsTheRun,
    axis_io,
    part_released,
    published_range,
    store_drive_fault,
)

CASES = 6
CASE_LENGTH, CASE_WIDTH = 300.0, 240.0
BELT_WIDTH = 300.0
SPEED_RATIO = 0.4                 # infeed speed / sealer belt speed
INFEED_START, JUNCTION = -900.0, 2000.0   # x of the infeed's start and of the hand-over
SEALER_LENGTH = 2200.0
GATE_AT = 170.0                   # along the sealer belt: the gate stopper's plate
HELD_CENTRE = GATE_AT - 6.0 - CASE_LENGTH / 2   # a held case's centre, along the sealer belt
GATE_CLEAR_AT = 200.0             # the gate_clear eye, along the sealer belt
FOLD_AT = 900.0                   # the folder plate's centre line, along the sealer belt
FOLD_PLATE = 20.0
FOLD_WINDOW = 100.0
FOLD_EYE_AT = FOLD_AT + FOLD_PLATE / 2 + 5.0
HEAD_AT, HEAD_HALF = 1500.0, 60.0
TAPE_BELOW, TOL, CRASH_BELOW = 5.0, 3.0, 10.0
HEAD_ACCEL = 500.0
PROMPT_S = 0.5
RELEASE_EXTRA_S = 0.25            # room for a last head correction of up to 3 mm before the release
RELEASE_MM = 20.0
HOLD_S = 2.0

_get_velocity = _cp.cpBodyGetVelocity


def _sealer_x(along: float) -> float:
    return JUNCTION + along


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    v = float(p["belt_speed"])
    infeed_len = JUNCTION - INFEED_START
    plant.add(Conveyor("infeed", INFEED_START + infeed_len / 2, 0.0, length=infeed_len,
                                width=BELT_WIDTH, speed=v * SPEED_RATIO, ramp_s=0.1))
    sealer = plant.add(Conveyor("sealer_belt", JUNCTION + SEALER_LENGTH / 2, 0.0, length=SEALER_LENGTH,
                                width=BELT_WIDTH, speed=v, ramp_s=0.1))
    plant.add(Stopper.beside(sealer, "gate", GATE_AT, side="right", extend_s=p["stopper_s"],
                             retract_s=p["stopper_s"], start_extended=True))
    plant.add(InspectionSensor("height_station", *sealer.point(HELD_CENTRE), zone_length=60.0,
                               zone_width=200.0, measure_s=p["measure_s"]))
    plant.add(PhotoEye.across(sealer, "gate_clear", GATE_CLEAR_AT))
    plant.add(PhotoEye.across(sealer, "fold_eye", FOLD_EYE_AT))
    plant.add(PhotoEye.across(sealer, "head_in_eye", HEAD_AT - HEAD_HALF))
    plant.add(PhotoEye.across(sealer, "head_out_eye", HEAD_AT + HEAD_HALF))
    fx, _ = sealer.point(FOLD_AT)
    mount = BELT_WIDTH / 2 + 30.0
    plant.add(Cylinder("folder", fx, mount, angle_deg=-90.0, stroke=mount - 40.0, extend_s=p["folder_s"],
                       retract_s=p["folder_s"], plate_width=FOLD_PLATE, plate_depth=10.0))
    hx, _ = sealer.point(HEAD_AT)
    head = plant.add(Axis("head", origin=(hx + 260.0, BELT_WIDTH / 2 + 60.0), angle_deg=90.0,
                          limit_minus_mm=-5.0, limit_plus_mm=455.0, start_mm=p["head_start_mm"],
                          max_speed=p["head_speed"], accel=HEAD_ACCEL, settle_s=p["settle_s"],
                          label="tape head height", carriage_length_mm=30.0))
    if p.get("fault_at_start"):
        store_drive_fault(head)
    plant.add(CaseSealer("sealer", belt="sealer_belt", head="head", folder="folder", fold_at_mm=FOLD_AT,
                         window_mm=FOLD_WINDOW, head_at_mm=HEAD_AT, head_half_mm=HEAD_HALF,
                         tape_below_mm=TAPE_BELOW, tol_mm=TOL, crash_below_mm=CRASH_BELOW))
    end = JUNCTION + SEALER_LENGTH
    plant.add(Chute("outfeed", end + 20.0, -200.0, end + 400.0, 200.0, label="sealed cases"))
    # the queue: case 1 against the gate, the others behind it at the drawn gaps
    front = _sealer_x(GATE_AT - 6.0)
    for n, height in enumerate(p["heights_mm"], 1):
        plant.add(Workpiece(f"case{n}", front - CASE_LENGTH / 2, 0.0, part_kind="case", colour="orange",
                            material="plastic", height_mm=height, width=CASE_WIDTH, length=CASE_LENGTH,
                            mass=2.0))
        if n < len(p["heights_mm"]):
            front -= CASE_LENGTH + p["gaps_mm"][n - 1]
    return plant


# --- judges -----------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.sealer = plant.device("sealer", CaseSealer)
        self.head = plant.device("head", Axis)
        self.station = plant.device("height_station", InspectionSensor)
        self.chute = plant.device("outfeed", Chute)
        self.belt = plant.device("sealer_belt", Conveyor)
        self.infeed = plant.device("infeed", Conveyor)
        self.parts = {f"case{n}": plant[f"case{n}"] for n in range(1, CASES + 1)}
        self.next_at_ms = -1                 # the scan whose next case `next_case` holds
        self.next_case: Workpiece | None = None
        self.queue = list(self.parts.items())
        self.gone = 0                        # queue[:gone] are removed or done: never next again


def _next_case(s) -> Workpiece | None:
    """The case that comes to the head next: the first in the queue's order (cases cannot pass
    each other) not yet past the head and not under it now. Worked out once per scan (several
    judges ask; only the plant step changes it)."""
    line = s.devices
    if line.next_at_ms == s.time_ms:
        return line.next_case
    cases = line.sealer.cases
    found = None
    queue, k = line.queue, line.gone
    while k < len(queue):
        name, part = queue[k]
        rec = cases.get(name)
        if part.removed or (rec is not None and rec.done):
            if k == line.gone:
                line.gone = k + 1           # removed and done are for good
        elif rec is None or not rec.under_head:
            found = part
            break
        k += 1
    line.next_at_ms, line.next_case = s.time_ms, found
    return found


def _head_off(s, part) -> float:
    return abs(s.devices.head.pos - (part.height_mm - TAPE_BELOW))


def _head_must_go(s) -> bool:
    """Nothing under the head (sealer.under: its case_under_head()), the next case's height known
    (measured by the station) and the head more than TOL off it (_head_off, in line)."""
    line = s.devices
    if line.sealer.under is not None:
        return False
    part = _next_case(s)
    return (part is not None and part in line.station.measured
            and abs(line.head.pos - (part.height_mm - TAPE_BELOW)) > TOL)


class _HeadWay:
    """The head's distance from the height for the case it was sent for (remembered when the
    cause came, so a later measurement does not move the goal)."""

    def __init__(self):
        self.part = None

    def __call__(self, s) -> float:
        if _head_must_go(s) or self.part is None:
            self.part = _next_case(s)
        return 0.0 if self.part is None else _head_off(s, self.part)

    def arrived(self, s) -> bool:
        return self.part is not None and self(s) <= TOL and s.devices.head.standstill


def _head_arrive_s(s) -> float:
    part, head = _next_case(s), s.devices.head
    d = _head_off(s, part) if part is not None else 0.0
    return d / head.max_speed + head.max_speed / head.accel + head.settle_s + 0.6


def _head_sets_off() -> judges.Watch:
    way = _HeadWay()
    return judges.progress_within(
        "the tape head setting off", _head_must_go,
        [judges.Way("the tape head moving to the next case's height", way, by=3.0, until=way.arrived,
                    slack=0.5, arrive_s=_head_arrive_s)], PROMPT_S,
        late=lambda t: (f"at {t:g} s nothing was under the tape head and the next case's height was "
                        f"known, but the head had not moved 3 mm toward it {PROMPT_S:g} s later"))


def _case_to_release(s) -> str | None:
    """The measured case standing at the gate, once the head stands still at that case's height
    - 5 mm (+-3) and nothing is under the head: it may go now (after the drive's settle time and
    a last correction of up to 3 mm: RELEASE_EXTRA_S)."""
    line = s.devices
    station = line.station
    part = station.part
    if part is None or not station.valid or part is not _next_case(s) or line.sealer.under is not None:
        return None
    head = line.head
    if abs(head.pos - (part.height_mm - TAPE_BELOW)) > TOL or not head.standstill:
        return None
    v = _get_velocity(part._cpbody)     # part.body.velocity without pymunk's wrapper
    return part.name if v.x * v.x + v.y * v.y < 4.0 else None


HEAD_IN_X = JUNCTION + HEAD_AT - HEAD_HALF


def _to_head(s, name: str) -> float | None:
    part = s.devices.parts[name]
    if part.removed:
        return None
    return max(0.0, HEAD_IN_X - (part.xy()[0] + CASE_LENGTH / 2))


def _gate_opens() -> judges.Watch:
    return part_released(
        "the gate opening", _case_to_release, _to_head, within_s=PROMPT_S, by_mm=RELEASE_MM,
        arrive_s=lambda s: 30.0, way="the case at the gate moving off toward the head",
        allowance_s=lambda s: RELEASE_EXTRA_S + s.devices.head.settle_s,
        late=lambda t: (f"at {t:g} s the tape head stood still at the height of the case at the gate with "
                        f"nothing under it, but the case had not moved off {RELEASE_MM:g} mm "
                        f"{PROMPT_S + RELEASE_EXTRA_S:g} s + the drive's settle time later"))


class _Sealed(judges.Judge):
    """Written for this task: a case that leaves the head badly sealed cannot be put right, so
    it ends the run at once (distinct() would only wait for the count)."""

    name = (f"{CASES} cases sealed (flap folded, tape head at height - {TAPE_BELOW:g} mm +-{TOL:g}) "
            "in the outfeed")

    def __init__(self):
        super().__init__()
        self.good: set[str] = set()

    def update(self, s):
        if self.done:
            return True
        line = s.devices
        sealed = line.sealer.sealed
        for t, name, ok, why in (sealed[len(self.good):] if len(sealed) > len(self.good) else ()):
            if not ok:
                self.failed = f"{name} left the tape head at {t:.2f} s badly sealed: {why}"
                return False
            self.good.add(name)
        arrived = len(line.chute.collected)        # only cases come there
        if len(self.good) >= CASES and arrived >= CASES:
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} ({len(self.good)} so far)"


def _belts_stopped(s) -> bool:
    return (not s.io["infeed_run"] and not s.io["sealer_run"] and s.devices.belt.velocity == 0.0
            and s.devices.infeed.velocity == 0.0)


AT_REST = "the belts stopped"

COMPLETION = Completion(
    f"{CASES} cases in the outfeed, each sealed: its rear flap folded in the fold window and the tape "
    f"head within {TOL:g} mm of the case's height - {TAPE_BELOW:g} mm all the time any part of the case "
    f"was under the head; then {AT_REST} (infeed_run and sealer_run FALSE), held for {HOLD_S:g} s. "
    f"On the way: within "
    f"{PROMPT_S:g} s of the moment nothing is under the head and the height of the next case to come is "
    f"known, the head sets off toward that case's height - {TAPE_BELOW:g} mm (it has moved 3 mm toward "
    f"it) and goes on to stand there; once the head stands still within {TOL:g} mm of the height for "
    f"the measured case held at the gate, with nothing under the head, that case moves off "
    f"({RELEASE_MM:g} mm) within {PROMPT_S + RELEASE_EXTRA_S:g} s plus the drive's settle time (room for "
    f"a last correction of the head and in_position). "
    "A case sealed badly or a missed deadline ends the run.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(_Sealed(), judges.held(AT_REST, _belts_stopped, HOLD_S)),
        _head_sets_off(), _gate_opens(), name="cases sealed")),
    keep=_belts_stopped, keep_wording=AT_REST + " (infeed_run and sealer_run FALSE).",
)

SAFETY = [
    SafetyRule("MAT-M07-S1", f"The tape head is never lower than {CRASH_BELOW:g} mm below the top of a case "
               "under it (it would crush the case).",
               CountGrows(lambda s: len(s.devices.sealer.crashes), "the tape head crushed a case")),
    SafetyRule("MAT-M07-S2", "The tape head moves (more than 0.05 mm in a scan) only while no case lies "
               "under it: from a case's front reaching head_in_eye until its tail has left head_out_eye, "
               "the head stands still.",
               CountGrows(lambda s: len(s.devices.sealer.moved_under),
                          "the tape head moved with a case under it")),
    SafetyRule("MAT-M07-S3", f"The rear-flap folder leaves its retracted end only while a case's tail is "
               f"0-{FOLD_WINDOW:g} mm past the folder plate (the fold window, which opens as fold_eye "
               "turns clear), and it is fully back before the next case comes over its plate.",
               CountGrows(lambda s: len(s.devices.sealer.folder_outside),
                          "the rear-flap folder moved outside its window")),
]


# --- I/O --------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "case_at_gate", "BOOL", "input", "height_station", "part_present",
            "TRUE while a case stands in the height station at the gate"),
    IOPoint("%IX0.1", "height_valid", "BOOL", "input", "height_station", "result_valid",
            "TRUE once the case in the height station has been measured (the measurement takes a time "
            "not known in advance); FALSE as soon as it leaves"),
    IOPoint("%IW0", "case_height", "INT", "input", "height_station", "height",
            "height of the measured case above the belt, whole mm (0 while height_valid is FALSE)", "mm",
            "150..400"),
    IOPoint("%IX0.2", "gate_extended", "BOOL", "input", "gate", "extended",
            "gate stopper fully out across the belt (holding the queue)"),
    IOPoint("%IX0.3", "gate_retracted", "BOOL", "input", "gate", "retracted", "gate stopper fully back"),
    IOPoint("%IX0.4", "gate_clear", "BOOL", "input", "gate_clear", "blocked",
            f"photo-eye {GATE_CLEAR_AT - GATE_AT:g} mm past the gate plate, TRUE while a case blocks it"),
    IOPoint("%IX0.5", "fold_eye", "BOOL", "input", "fold_eye", "blocked",
            f"photo-eye {FOLD_EYE_AT - FOLD_AT - FOLD_PLATE / 2:g} mm past the folder plate, TRUE while a "
            "case blocks it: its falling edge = the case's tail has just passed the folder"),
    IOPoint("%IX0.6", "folder_extended", "BOOL", "input", "folder", "extended", "folder fully out"),
    IOPoint("%IX0.7", "folder_retracted", "BOOL", "input", "folder", "retracted", "folder fully back"),
    IOPoint("%IX1.0", "head_in_eye", "BOOL", "input", "head_in_eye", "blocked",
            f"photo-eye {HEAD_HALF:g} mm before the tape head's centre line (where its footprint starts), "
            "TRUE while a case blocks it"),
    IOPoint("%IX1.1", "head_out_eye", "BOOL", "input", "head_out_eye", "blocked",
            f"photo-eye {HEAD_HALF:g} mm past the tape head's centre line (where its footprint ends), "
            "TRUE while a case blocks it"),
    *axis_io("head", ("%IX1.2", "drive_ready"), ("%IX1.3", "in_position"), ("%IX1.4", "drive_fault"),
             window_mm=0.5, limit_minus_mm=-5.0, limit_plus_mm=455.0, what="tape head"),
    IOPoint("%IW1", "head_position", "INT", "input", "head", "position",
            "tape head height above the belt in 0.1 mm (1234 = 123.4 mm)", "0.1 mm", "-50..4550"),
    IOPoint("%IW2", "outfeed_count", "INT", "input", "outfeed", "level",
            "cases that have gone into the outfeed (a counter, 0 at power-up)", "cases", "0..6"),
    IOPoint("%QX0.0", "infeed_run", "BOOL", "output", "infeed", "run",
            f"TRUE runs the infeed belt forward ({SPEED_RATIO:g} x the sealer belt's speed)"),
    IOPoint("%QX0.6", "sealer_run", "BOOL", "output", "sealer_belt", "run",
            "TRUE runs the sealer belt forward"),
    IOPoint("%QX0.1", "gate_extend", "BOOL", "output", "gate", "extend",
            "gate stopper valve (single solenoid): TRUE extends it across the belt, FALSE retracts it"),
    IOPoint("%QX0.2", "folder_extend", "BOOL", "output", "folder", "extend",
            "rear-flap folder valve (single solenoid): TRUE swings it out behind a case, FALSE back"),
    *axis_io("head", ("%QX0.3", "drive_enable"), ("%QX0.5", "reset_fault"), what="tape head"),
    IOPoint("%QX0.4", "start_move", "BOOL", "output", "head", "start",
            "rising edge starts a move of the tape head to head_target"),
    IOPoint("%QW0", "head_target", "INT", "output", "head", "target",
            "tape head target height in 0.1 mm (latched at the start_move edge)", "0.1 mm", "0..4500"),
]

SPEC = f"""\
Cases {CASE_LENGTH:.0f} mm long, 150-400 mm high (each its own height, not known in advance), queue
touching each other on the infeed belt against the gate stopper. The case held at the gate stands
in the height station: once height_valid is TRUE, case_height is its height in mm. infeed_run and
sealer_run drive the two belts: run both while cases are to come. The sealer belt runs 2.5 x faster
than the infeed, so a released case pulls away from the queue and a gap opens behind it: let one
case through per opening and extend the gate again into that gap (when gate_clear turns FALSE the
released case's tail is {GATE_CLEAR_AT - GATE_AT:g} mm past the gate plate; the next case's front is
then at least 100 mm short of it).

On the sealer belt each case passes the rear-flap folder and then the tape head. Fold its rear
flap: as its tail passes the folder (fold_eye turns FALSE) swing the folder out behind it; the flap
is folded when the folder reaches its extended end while the tail is still 0-{FOLD_WINDOW:g} mm past
the folder plate; then bring the folder back. The tape head is a servo axis standing beside the
belt: its position is its height above the belt. To seal a case's top the head must stand at the
case's height - {TAPE_BELOW:g} mm (+-{TOL:g} mm) the whole time any part of the case is under the head
(between head_in_eye and head_out_eye: a case is under the head while either eye is blocked), and
it must not move then. So move the head for the next case to come (the first one not yet past the
head) only when nothing is under the head and that case's height is known, and open the gate for
a case once the head stands at its height - or earlier, if you like, as long as the head is there
and still before the case reaches head_in_eye.

At power-up the belts stand still, the gate is out with the first case against it, the tape head
stands at a height not known in advance (it may be lower than the first case) and its drive may
report a stored fault (reset it with a rising edge on reset_fault). After the {CASES}th case has gone
into the outfeed (outfeed_count), stop both belts and keep them stopped."""

PLANT = f"""\
Top view, millimetres. The infeed belt runs along x from x = {INFEED_START:.0f} to x = {JUNCTION:.0f},
the sealer belt on from there to x = {JUNCTION + SEALER_LENGTH:.0f} (y = 0, cases travel toward +x).
The gate plate is at x = {_sealer_x(GATE_AT):.0f}, the height station at x = {_sealer_x(HELD_CENTRE):.0f},
gate_clear at x = {_sealer_x(GATE_CLEAR_AT):.0f}; the folder plate at x = {_sealer_x(FOLD_AT):.0f}
(fold_eye at x = {_sealer_x(FOLD_EYE_AT):.0f}); the tape head over x = {_sealer_x(HEAD_AT - HEAD_HALF):.0f}
to {_sealer_x(HEAD_AT + HEAD_HALF):.0f}, its column (drawn beside the belt, height along +y) at
x = {_sealer_x(HEAD_AT) + 260:.0f}. The outfeed takes cases off the sealer belt's end."""


# --- conditions --------------------------------------------------------------------------------

PARAMETERS = [
    ParameterRange("heights_mm", 150, 400, "mm", "case heights (one per case)"),
    ParameterRange("gaps_mm", 0, 250, "mm", "gaps between the queued cases at power-up (0 = touching)"),
    ParameterRange("belt_speed", 250, 450, "mm/s", "sealer belt speed (the infeed runs at 0.4 x it)"),
    ParameterRange("head_speed", 50, 200, "mm/s", "tape head travel speed (acceleration 500 mm/s^2)"),
    ParameterRange("head_start_mm", 20, 430, "mm", "tape head height at power-up"),
    ParameterRange("settle_s", 0.03, 0.2, "s", "rest time before the drive reports in_position"),
    ParameterRange("measure_s", 0.2, 0.6, "s", "height station measuring time"),
    ParameterRange("stopper_s", 0.1, 0.3, "s", "gate stopper stroke time (each way)"),
    ParameterRange("folder_s", 0.05, 0.15, "s", "folder stroke time (each way)"),
    ParameterRange("fault_at_start", 0, 1, "", "1 = the head drive reports a stored fault at power-up"),
]

CONDITIONS = [
    Condition.of("nominal", 71, "alternating 200/350 mm, 350 mm/s belt, 120 mm/s head starting at 300 mm",
                 heights_mm=[200, 350, 210, 340, 190, 360], gaps_mm=[0, 50, 0, 120, 0], belt_speed=350,
                 head_speed=120, head_start_mm=300, settle_s=0.08, measure_s=0.3, stopper_s=0.2,
                 folder_s=0.1, fault_at_start=0),
    Condition.of("slow_head_low_start", 72, "head at 50 mm/s starting at 40 mm (below every case), "
                 "extremes 150/400 mm, fault stored", heights_mm=[400, 150, 400, 150, 395, 155],
                 gaps_mm=[0, 0, 0, 0, 0], belt_speed=300, head_speed=50, head_start_mm=40, settle_s=0.2,
                 measure_s=0.5, stopper_s=0.3, folder_s=0.15, fault_at_start=1),
    Condition.of("fast_head_fast_belt", 73, "head at 200 mm/s, belt 450 mm/s, quick folder, repeats",
                 heights_mm=[250, 250, 380, 160, 160, 300], gaps_mm=[200, 0, 250, 0, 30], belt_speed=450,
                 head_speed=200, head_start_mm=430, settle_s=0.03, measure_s=0.2, stopper_s=0.1,
                 folder_s=0.05, fault_at_start=0),
    Condition.of("slow_belt_rising", 74, "belt 250 mm/s, heights rising then falling, slow measure",
                 heights_mm=[160, 220, 280, 340, 400, 170], gaps_mm=[0, 100, 0, 0, 200], belt_speed=250,
                 head_speed=90, head_start_mm=150, settle_s=0.15, measure_s=0.6, stopper_s=0.15,
                 folder_s=0.12, fault_at_start=0),
    Condition.of("mid_mixed", 75, "middle speeds, small steps and a big one, fault stored",
                 heights_mm=[300, 310, 150, 290, 285, 400], gaps_mm=[30, 0, 0, 60, 0], belt_speed=400,
                 head_speed=70, head_start_mm=220, settle_s=0.05, measure_s=0.4, stopper_s=0.25,
                 folder_s=0.07, fault_at_start=1),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample): every parameter independent
    and uniform; the heights half the time alternating between the low (150-260 mm) and the high
    (290-400 mm) part of the range (the catalog's alternating heights: every case needs a head
    move), otherwise each drawn from the whole range; each gap touching (0) half the time,
    otherwise from the whole range (a queue under pressure and a loose one)."""
    lo, hi = _range("heights_mm")
    alternate = rng.random() < 0.5
    if alternate:
        first_low = rng.random() < 0.5
        heights = [round(rng.uniform(lo, 260.0) if (k % 2 == 0) == first_low else rng.uniform(290.0, hi), 1)
                   for k in range(CASES)]
    else:
        heights = [round(rng.uniform(lo, hi), 1) for _ in range(CASES)]
    glo, ghi = _range("gaps_mm")
    gaps = [0.0 if rng.random() < 0.5 else round(rng.uniform(glo, ghi), 1) for _ in range(CASES - 1)]
    params = dict(heights_mm=heights, gaps_mm=gaps,
                  belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  head_speed=rng.randint(*map(int, _range("head_speed"))),
                  head_start_mm=round(rng.uniform(*_range("head_start_mm")), 1),
                  settle_s=round(rng.uniform(*_range("settle_s")), 3),
                  measure_s=round(rng.uniform(*_range("measure_s")), 2),
                  stopper_s=round(rng.uniform(*_range("stopper_s")), 2),
                  folder_s=round(rng.uniform(*_range("folder_s")), 3),
                  fault_at_start=int(rng.random() < 0.3))
    description = (f"belt {params['belt_speed']} mm/s, head {params['head_speed']} mm/s from "
                   f"{params['head_start_mm']:g} mm" + (", alternating" if alternate else "")
                   + (", fault" if params["fault_at_start"] else ""))
    return dict(params=params, description=description)


TASK = Task(
    id="MAT-M07", title="Case sealer with size detection", suite="MAT", level="M",
    summary="Measure each case, set the tape head to its height while none is under it, gate one case, "
            "fold its rear flap in time.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=110.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
