"""MAT-E11 Swing-arm diverter by colour.

An infeed belt carries parts through a colour sensor and hands them over to a diverter belt.
A swing arm beside the diverter belt sends red and yellow parts off its side into lane 2;
every other colour runs on off the belt end into lane 1. The arm may only swing while its
sweep zone is empty (a light grid over it says so); when the gap to the next part is too short
to swing in, the program stops the infeed belt with that part at the handover until the arm is
set, while the diverter belt carries the part in front out of the sweep.

Changes from the catalog entry, and why:
- Two belts instead of one: "on a short gap stop the belt until the arm is set" needs the part
  in the sweep to keep moving out while the next one waits; on one belt stopping would hold
  both.
- The sweep zone is watched by a light grid over it (sweep_occupied), part of the diverter
  (sim/devices/swing_diverter.py), and an eye at the sweep entrance: the sector the arm sweeps
  cannot be covered by one straight beam, and a judge of "swing only with the sweep empty" must
  judge the sweep the program can see.
- Promptness is judged by motion: with the sweep empty and the next measured part needing the
  other lane, the arm sets off within 0.3 s; with the arm standing set for the part waiting at
  the handover, the infeed belt carries it on within 0.3 s. So stopping every part at the
  handover, or waiting the slowest swing time instead of reading the end switches, is late.
  The early side is rule S1 (the arm moving over a part: swinging as the colour is read).

Judged by what the plant does: the lanes' logs of the parts they received, the arm's swing
position (sim.judges.progress_within, latched per episode), the diverter's log of parts hit by
the moving arm, the belts' travel, and the end state (both belts stopped) held through the
post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.sensors import InspectionSensor, PhotoEye
from sim.devices.swing_diverter import SwingDiverter
from sim.devices.workpiece import COLOUR_CODES, Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, published_range

LOT = 10
INFEED_LENGTH, DIVERTER_LENGTH = 700.0, 700.0
FEED_AT, GAP_EYE_AT, INSPECT_AT, HANDOVER_AT = 60.0, 105.0, 350.0, 660.0
PIVOT_AT = 60.0                 # on the diverter belt, mm from its infeed end
POWER_UP_AT = 110.0             # where a part lies in the sweep at power-up (diverter belt mm)
LANE2_FROM, LANE2_TO = 60.0, 360.0
PART_MM = 50.0
MEASURE_S = 0.1
SWING_WITHIN_S = 0.3
RESTART_WITHIN_S = 0.3
SET_OFF = 0.05                  # the arm "on its way": 5 % of its swing (2 degrees)
BELT_MOVE_MM = 10.0
HOLD_S = 2.0
LANE2_COLOURS = ("red", "yellow")
OTHER_COLOURS = ("green", "blue", "black", "white", "orange")


def _lane(colour: str) -> int:
    return 2 if colour in LANE2_COLOURS else 1


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    infeed = plant.add(Conveyor("infeed", INFEED_LENGTH / 2, 0, length=INFEED_LENGTH, width=100,
                                speed=speed, ramp_s=0.1))
    div = plant.add(Conveyor("diverter_belt", INFEED_LENGTH + DIVERTER_LENGTH / 2, 0, length=DIVERTER_LENGTH,
                             width=100, speed=speed, ramp_s=0.1,
                             guide_gaps=(("left", LANE2_FROM, LANE2_TO),)))
    colours = p["colours"]
    first = 1 if p.get("part_in_sweep") else 0
    if first:
        plant.add(Workpiece("part0", *div.point(POWER_UP_AT), part_kind=colours[0], colour=colours[0],
                            width=PART_MM, length=PART_MM))
    # parts offered by the upstream line: gap_mm of free belt behind the previous part at the
    # belt speed; the line waits while the gap eye is blocked (a gap is never under 20 mm)
    t, schedule = p["first_arrival_s"], []
    for colour, gap in zip(colours[first:], [0.0, *p["gaps_mm"]], strict=False):
        t += (gap + PART_MM) / speed if gap else 0.0
        schedule.append((round(t, 3), dict(part_kind=colour, colour=colour, width=PART_MM, length=PART_MM)))
    plant.add(Feeder("upstream", *infeed.point(FEED_AT), schedule, only_while=("gap_eye", "clear")))
    plant.add(PhotoEye.across(infeed, "gap_eye", GAP_EYE_AT))
    plant.add(InspectionSensor("colour_sensor", *infeed.point(INSPECT_AT), zone_length=100, zone_width=100,
                               measure_s=MEASURE_S))
    plant.add(PhotoEye.across(infeed, "eye_handover", HANDOVER_AT, live_at_power_up=True))
    # the light grid also covers the diverter belt from its infeed end to the pivot: a part that
    # has left eye_handover is already on its way in
    plant.add(SwingDiverter.beside(div, "diverter", PIVOT_AT, side="right", swing_s=p["swing_s"],
                                   start_at_end=p.get("arm_at_end", False), approach_mm=PIVOT_AT))
    x0, _ = div.point(LANE2_FROM)
    x1, _ = div.point(LANE2_TO)
    plant.add(Chute("lane2", x0, 52, x1, 400, label="lane 2"))
    end_x, _ = div.point(DIVERTER_LENGTH + 6)
    plant.add(Chute("lane1", end_x, -200, end_x + 300, 200, label="lane 1"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    def __init__(self, plant: Plant):
        self.plant = plant
        self.infeed, self.arm = plant["infeed"], plant["diverter"]
        self.sensor = plant["colour_sensor"]
        self.lane1, self.lane2 = plant["lane1"], plant["lane2"]
        self.flow = material_flow(plant)
        self._tick = -1
        self._next = None
        self._grid = False

    def look(self) -> None:
        """Once per scan: whether the light grid's area holds a part (judged afresh, after the
        step), and the next part not yet in it."""
        if self._tick == self.plant.tick:
            return
        self._tick = self.plant.tick
        best, best_x, grid = None, None, False
        for part in self.flow.parts:
            if self.arm.in_grid(part):
                grid = True
                continue
            x = part.xy()[0]
            if x <= INFEED_LENGTH and (best_x is None or x > best_x):
                best, best_x = part, x
        self._next, self._grid = best, grid


def _next_part(cell):
    """The most downstream part that has not yet reached the sweep zone (None when there is none)."""
    cell.look()
    return cell._next


def _target(part) -> float:
    return 1.0 if _lane(part.colour) == 2 else 0.0


def _arm_must_swing(s) -> bool:
    cell = s.devices
    arm = cell.arm
    if arm.moving:
        return False
    part = _next_part(cell)
    if cell._grid:
        return False
    return part is not None and part in cell.sensor.measured and _target(part) != arm.swing


def _infeed_may_go(s) -> bool:
    cell = s.devices
    arm = cell.arm
    if cell.infeed.velocity != 0.0 or arm.moving:
        return False
    part = _next_part(cell)
    return (part is not None and part in cell.sensor.measured and _target(part) == arm.swing
            and part.xy()[0] <= INFEED_LENGTH)


def _swings_promptly() -> judges.progress_within:
    def distance(s):
        cell = s.devices
        part = _next_part(cell)
        target = _target(part) if part is not None else cell.arm.swing
        return abs(target - cell.arm.swing)

    return judges.progress_within(
        "the arm swinging for the next part", _arm_must_swing,
        [judges.Way("the arm", distance, by=SET_OFF,
                    until=lambda s: not s.devices.arm.moving and distance(s) == 0.0)],
        SWING_WITHIN_S,
        late=lambda t: (f"from {t:g} s the sweep was empty and the next part (colour known) needed the other "
                        f"lane, but the arm was not on its way {SWING_WITHIN_S:g} s later"))


def _infeed_goes_promptly() -> judges.progress_within:
    return judges.progress_within(
        "the infeed carrying the waiting part on", _infeed_may_go,
        [judges.Way("the infeed belt", lambda s: -s.devices.infeed.travelled, by=BELT_MOVE_MM)],
        RESTART_WITHIN_S, excused=lambda s: _sorted_ok(s),
        late=lambda t: (f"from {t:g} s the arm stood set for the next part, but the infeed belt had not "
                        f"carried it {BELT_MOVE_MM:g} mm on {RESTART_WITHIN_S:g} s later"))


def _sorted_ok(s) -> bool:
    cell = s.devices
    colours = s.params["colours"]
    if len(cell.lane1.collected) + len(cell.lane2.collected) < len(colours):
        return False
    return (sorted(k for _, k in cell.lane2.collected) == sorted(c for c in colours if _lane(c) == 2)
            and sorted(k for _, k in cell.lane1.collected) == sorted(c for c in colours if _lane(c) == 1))


def _wrong_lane_count(s) -> int:
    cell = s.devices
    return (sum(_lane(k) != 1 for _, k in cell.lane1.collected)
            + sum(_lane(k) != 2 for _, k in cell.lane2.collected))


def _belts_stopped(s) -> bool:
    cell = s.devices
    return cell.infeed.velocity == 0.0 and s.plant["diverter_belt"].velocity == 0.0


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event(f"all {LOT} parts in their lanes", _sorted_ok),
            judges.held("both belts stopped", _belts_stopped, HOLD_S),
        ),
        _swings_promptly(), _infeed_goes_promptly(), name="all parts sorted with a prompt arm and infeed")


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "insp_part", "BOOL", "input", "colour_sensor", "part_present",
            "a part is in the colour sensor's zone (TRUE = present)"),
    IOPoint("%IX0.1", "insp_valid", "BOOL", "input", "colour_sensor", "result_valid",
            "colour result ready for the part in the zone; cleared when it leaves the zone"),
    IOPoint("%IW0", "insp_colour", "INT", "input", "colour_sensor", "colour_code",
            "colour of the part in the zone while insp_valid: " + ", ".join(
                f"{COLOUR_CODES[c]} = {c}" for c in (*LANE2_COLOURS, *OTHER_COLOURS)) + "; 0 = no result",
            "", "0..8"),
    IOPoint("%IX0.2", "eye_handover", "BOOL", "input", "eye_handover", "blocked",
            f"photo-eye {INFEED_LENGTH - HANDOVER_AT:.0f} mm before the infeed belt's end, TRUE while a part "
            "blocks the beam"),
    IOPoint("%IX0.3", "sweep_occupied", "BOOL", "input", "diverter", "sweep_occupied",
            "light grid over the arm's sweep zone and its approach (the diverter belt from its infeed end "
            "to the pivot): TRUE while any part lies there (also on the first scan for a part lying there "
            "at power-up)"),
    IOPoint("%IX0.4", "arm_home", "BOOL", "input", "diverter", "home",
            "arm fully home (along the belt's edge: parts run on to lane 1)"),
    IOPoint("%IX0.5", "arm_at_end", "BOOL", "input", "diverter", "at_end",
            "arm fully swung across the belt (parts are steered into lane 2)"),
    IOPoint("%IW1", "lane1_count", "INT", "input", "lane1", "level", "parts lane 1 has received", "parts",
            "0..10"),
    IOPoint("%IW2", "lane2_count", "INT", "input", "lane2", "level", "parts lane 2 has received", "parts",
            "0..10"),
    IOPoint("%QX0.0", "infeed_run", "BOOL", "output", "infeed", "run", "TRUE runs the infeed belt"),
    IOPoint("%QX0.1", "diverter_run", "BOOL", "output", "diverter_belt", "run",
            "TRUE runs the diverter belt"),
    IOPoint("%QX0.2", "divert", "BOOL", "output", "diverter", "divert",
            "arm valve (single solenoid): TRUE swings the arm across the belt, FALSE swings it home"),
]

SPEC = f"""\
A lot of {LOT} parts of several colours is sorted into two lanes. The upstream line hands the
parts onto the infeed belt at irregular gaps (from 20 mm of free belt between parts up). The
infeed belt carries each part through the colour sensor (insp_part, then after a short
measuring time insp_valid with its colour in insp_colour) and hands it over to the diverter
belt (both belts run at the same speed). A swing arm beside the diverter belt steers parts:
red (code {COLOUR_CODES['red']}) and yellow (code {COLOUR_CODES['yellow']}) parts go to lane 2, so
the arm must stand at its end (arm_at_end) when such a part comes into the sweep zone; every
other colour goes to lane 1 (off the diverter belt's end), so the arm must stand home
(arm_home). Parts reach the arm in the order they passed the colour sensor.

The arm may only move while its sweep zone is empty: sweep_occupied (a light grid over the sweep
zone and its approach on the diverter belt) is FALSE, and no part let past eye_handover is still
on its way (a part whose trailing edge has left eye_handover is already seen by the grid). With the
sweep empty and the next part's colour known, if that part needs the other lane, the arm must
be on its way within {SWING_WITHIN_S:g} s. When the gap to the next part is too short to swing in
time, stop the infeed belt with that part at eye_handover (TRUE when its leading edge reaches the
beam; it then still lies on the infeed belt) and keep the diverter belt running so the part in
front leaves the sweep; once the arm stands set for the waiting part, run the infeed belt again
within {RESTART_WITHIN_S:g} s. lane1_count and lane2_count count the parts each lane has
received. The belt speed, the arm's swing time and the gaps are not known in advance.

At power-up both belts stand still and the arm may stand either way. A part may already lie in
the sweep zone (sweep_occupied TRUE on the first scan): the arm stands set for it (it counts as one
of the {LOT}); let it leave before the arm moves. When all {LOT} parts are delivered, stop both
belts and keep them stopped."""

AT_REST = "both belts at standstill"

COMPLETION = Completion(
    f"All {LOT} parts in their lanes (every red and yellow part in lane 2, every other part in lane 1); "
    f"then {AT_REST}, held for {HOLD_S:g} s. On the way: within {SWING_WITHIN_S:g} s of the arm standing "
    "with its sweep zone empty while the next part not yet in the sweep has had its colour measured and "
    "needs the other lane, the arm has swung 5 % of its way toward the other end and goes on to it without "
    f"turning back; within {RESTART_WITHIN_S:g} s of the infeed belt standing with the arm standing set "
    "for the next part (measured, still on the infeed belt), the infeed belt has carried it "
    f"{BELT_MOVE_MM:g} mm on, unless every part is sorted. A one-scan pulse of an output counts as none "
    "of these.",
    _completion, keep=_belts_stopped, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-E11-S1", "The arm never moves while a part lies in its sweep zone.",
               CountGrows(lambda s: len(s.devices.arm.hits), "the moving arm hit a part in its sweep zone")),
    SafetyRule("MAT-E11-S2", "No part ever arrives in the wrong lane (red and yellow in lane 2, all others "
               "in lane 1).", CountGrows(_wrong_lane_count, "a part arrived in the wrong lane")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 100, 300, "mm/s", "speed of both belts when running"),
    ParameterRange("swing_s", 0.2, 0.8, "s", "time the arm takes to swing either way"),
    ParameterRange("gaps_mm", 20, 400, "mm", "free belt between consecutive parts as the line offers them"),
    ParameterRange("first_arrival_s", 0.0, 2.0, "s", "time the line offers the first part"),
]

CONDITIONS = [
    Condition.of("nominal", 61, "middle speed and swing, mixed gaps",
                 belt_speed=200, swing_s=0.4, first_arrival_s=0.5,
                 gaps_mm=[200, 150, 300, 250, 100, 200, 350, 150, 250],
                 colours="red green yellow blue blue red white yellow black red".split()),
    Condition.of("short_gaps_slow_arm", 62, "fast belt, slow arm, short gaps between parts of other lanes",
                 belt_speed=290, swing_s=0.8, first_arrival_s=0.0,
                 gaps_mm=[20, 30, 25, 400, 20, 60, 20, 35, 20],
                 colours="green red blue yellow orange red red white yellow black".split()),
    Condition.of("part_in_sweep", 63, "a red part in the sweep zone at power-up with the arm at its end, "
                 "slow belt", belt_speed=100, swing_s=0.3, first_arrival_s=0.2, part_in_sweep=True,
                 arm_at_end=True, gaps_mm=[40, 300, 20, 80, 150, 20, 250, 30],
                 colours="red blue yellow green red black yellow white blue red".split()),
    Condition.of("quick_arm_long_gaps", 64, "quick arm, long gaps, arm at its end at power-up",
                 belt_speed=150, swing_s=0.2, first_arrival_s=1.5, arm_at_end=True,
                 gaps_mm=[400, 350, 380, 300, 400, 320, 390, 360, 400],
                 colours="blue yellow green red white orange yellow red black green".split()),
    Condition.of("mixed", 65, "a green part in the sweep at power-up (arm home), uneven gaps",
                 belt_speed=240, swing_s=0.55, first_arrival_s=1.0, part_in_sweep=True,
                 gaps_mm=[25, 200, 20, 120, 45, 300, 20, 90],
                 colours="green yellow yellow blue red white yellow black red orange".split()),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample). Independent and uniform:
    belt speed, swing time, first arrival; each gap uniform in the range, or one time in three
    short (20-60 mm). Colours: each part lane 2 (red or yellow) or lane 1 (the others) with even
    odds. One time in three the arm stands at its end at power-up; one time in four a part lies
    in the sweep zone at power-up, of a colour for the lane the arm is set to (it is the first of
    the 10, so one gap fewer)."""
    at_end = rng.random() < 1 / 3
    in_sweep = rng.random() < 1 / 4
    colours = [rng.choice(LANE2_COLOURS if rng.random() < 0.5 else OTHER_COLOURS) for _ in range(LOT)]
    if in_sweep:
        colours[0] = rng.choice(LANE2_COLOURS if at_end else OTHER_COLOURS)
    lo, hi = _range("gaps_mm")
    gaps = [round(rng.uniform(lo, 60) if rng.random() < 1 / 3 else rng.uniform(lo, hi))
            for _ in range(LOT - in_sweep - 1)]
    params: dict = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                        swing_s=round(rng.uniform(*_range("swing_s")), 2),
                        first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
                        gaps_mm=gaps, colours=colours)
    notes = []
    if at_end:
        params["arm_at_end"] = True
        notes.append("arm at its end")
    if in_sweep:
        params["part_in_sweep"] = True
        notes.append(f"{colours[0]} part in the sweep")
    description = (f"{params['belt_speed']} mm/s, swing {params['swing_s']:g} s, lane 2 parts "
                   f"{sum(_lane(c) == 2 for c in colours)}" + "".join(f"; {n}" for n in notes))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The infeed belt runs along x from x = 0 to x = {INFEED_LENGTH:.0f}, the
diverter belt from x = {INFEED_LENGTH:.0f} to x = {INFEED_LENGTH + DIVERTER_LENGTH:.0f}, both 100 mm
wide at y = 0, parts (50 x 50 mm) travelling toward +x. The upstream line hands parts on at
x = {FEED_AT:.0f}; the colour sensor's zone covers x = {INSPECT_AT - 50:.0f}..{INSPECT_AT + 50:.0f};
eye_handover is at x = {HANDOVER_AT:.0f}. The arm pivots beside the diverter belt's right edge at
x = {INFEED_LENGTH + PIVOT_AT:.0f}; home it lies along that edge pointing downstream; at its end it
reaches across the belt at 38 degrees. Its sweep zone is the sector between the two; the light
grid covers it and the approach x = {INFEED_LENGTH:.0f}..{INFEED_LENGTH + PIVOT_AT:.0f}. Lane 2 lies
beside the belt's left edge (y > 50) at
x = {INFEED_LENGTH + LANE2_FROM:.0f}..{INFEED_LENGTH + LANE2_TO:.0f}, behind a gap in the guide; lane 1
beyond the diverter belt's end."""

TASK = Task(
    id="MAT-E11", title="Swing-arm diverter by colour", suite="MAT", level="E",
    summary="Steer red and yellow parts into lane 2 with a swing arm that moves only while its sweep is "
            "empty; hold the next part back when the gap is too short.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=90.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
