"""MOT-E09 Electronic gearing to a line encoder.

A roll driven by a synchronous servo (cyclic position mode: the program writes its position
setpoint every scan) must follow a conveyor line's travel, read from a 16-bit line encoder, at
the ratio the host orders: on Engage ramp the ratio in, follow the line (through the line's
own speed change and across the counter's wraps) within 1 mm, on Release ramp out and stop.

Changed from the catalog, and why:
- the roll is the SyncAxis alone, drawn as a roll (a RotaryAxis under it would add a second
  drive the task never commands); its position word wraps at 16 bits as the encoder does.
- "geared within 2 s, then 10 s within 1 mm" is judged as one thing: from 2 s after Engage for
  10 s, the roll's travel minus ratio x the line's travel (one scan earlier: the program sees
  the count at the start of the scan) may not leave a 1 mm band around its value at 2 s. A
  ramp slower than 2 s, a wrong ratio or a jump at a counter wrap leaves it.
- "ramp in over >= 0.5 s" is the drive's physics, not a rule: its acceleration (published
  2000-4000 mm/s^2) is too small for a step to the geared speed on most lines, and the
  following error then trips the drive (S1); a step on a slow line is honestly harmless.
- the encoder's count starts so that it wraps inside the judged 10 s in every condition.
"""

from __future__ import annotations

import functools
import random
from collections import deque

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.belt_encoder import BeltEncoder, planned_travel, wrap16
from sim.devices.conveyor import Conveyor
from sim.devices.panel import PushButton
from sim.devices.sync_axis import SETPOINT_RULE, SyncAxis
from sim.plant import SCAN_S, Plant
from sim.task import (
    Completion,
    Condition,
    Disturbance,
    IOPoint,
    OperatorAction,
    ParameterRange,
    SafetyRule,
    Task,
)
from tasks.common import log_uniform

COUNTS_PER_MM = 20.0
LINE_ACCEL = 1000.0      # mm/s^2: the line's own drive ramps its speed changes
LINE_MAX = 700.0
FE_LIMIT_MM = 5.0
KV = 40.0
GEARED_BY_S = 2.0        # geared within this of Engage ...
GEARED_FOR_S = 10.0      # ... then held for this long
SYNC_MM = 1.0            # the band of the sync error
STOP_BY_S = 2.0          # the roll still within this of Release
STILL_MM = 0.05
HOLD_S = 2.0
RELEASE_AFTER = (12.5, 14.0)   # Release comes this long after Engage
CIRCUMFERENCE = 600.0
SET_OFF_S = 0.5          # the roll ramping in within this of Engage ...
SET_OFF_GAP = 5.0        # ... its speed gap to the line's x ratio shrunk by this (mm/s)
GAP_SLACK = 3.0          # mm/s: geared when the gap is within this; it may grow back by this
GAP_SCANS = 10           # speeds taken over this many scans


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    line = plant.add(Conveyor("line", 520.0, 260.0, length=900.0, width=120.0, speed=p["line_speed"],
                              max_speed=LINE_MAX, ramp_s=LINE_MAX / LINE_ACCEL, guides=False))
    line.run = True                 # the line runs from power-up; the PLC does not drive it
    plant.add(BeltEncoder("encoder", line, counts_per_mm=COUNTS_PER_MM, start_count=p["start_count"],
                          at_mm=140.0, label="line encoder"))
    plant.add(SyncAxis("roll", center=(600.0, 260.0 + 60.0 + CIRCUMFERENCE / 6.283 + 4),
                       circumference_mm=CIRCUMFERENCE, accel=p["drive_accel"], kv=KV, fe_limit_mm=FE_LIMIT_MM,
                       max_speed=2000.0, label="roll"))
    plant.add(ValueWord("ratio", round(p["ratio"] * 1000), position=(880.0, 560.0), label="gear ratio",
                        scale=0.001))
    plant.add(PushButton("engage_button", x=200.0, y=560.0, label="Engage", color="green"))
    plant.add(PushButton("release_button", x=330.0, y=560.0, label="Release", color="red"))
    return plant


# --- judges ----------------------------------------------------------------------------------

class Gearing:
    """The sync error the judges read, found from the plant once per scan (judged_devices): the
    roll's travel minus ratio x the line's travel one scan earlier (the count the program saw at
    the start of this scan), and when the operator pressed Engage and Release."""

    def __init__(self, plant: Plant):
        self.roll = plant.device("roll", SyncAxis)
        self.encoder = plant.device("encoder", BeltEncoder)
        self.ratio = plant["ratio"].value / 1000.0
        self.scan = -1
        self.line_before = 0.0
        self.error = 0.0
        self.rolls: deque[float] = deque(maxlen=GAP_SCANS + 1)    # the roll's and the line's
        self.lines: deque[float] = deque(maxlen=GAP_SCANS + 2)    # positions, last scans
        self.engaged_ms: int | None = None
        self.released_ms: int | None = None

    def at(self, s) -> Gearing:
        if s.scan != self.scan:
            self.scan = s.scan
            self.error = self.roll.pos - self.ratio * self.line_before
            self.line_before = self.encoder.travel_mm
            self.rolls.append(self.roll.pos)
            self.lines.append(self.encoder.travel_mm)
            if s.io["engage_pb"] and self.engaged_ms is None:
                self.engaged_ms = s.time_ms
            if s.io["release_pb"] and self.engaged_ms is not None and self.released_ms is None:
                self.released_ms = s.time_ms
        return self


def _gear(s) -> Gearing:
    return s.devices.at(s)


def _speed_gap(s) -> float:
    """How far the roll's speed is below ratio x the line's, over the last GAP_SCANS scans (the
    line one scan earlier), in mm/s: it shrinks to 0 as the gear ramps in."""
    g = _gear(s)
    if len(g.lines) < GAP_SCANS + 2:
        return g.ratio * g.encoder.conveyor.velocity
    window = GAP_SCANS * SCAN_S
    line = (g.lines[-2] - g.lines[0]) / window
    roll = (g.rolls[-1] - g.rolls[0]) / window
    return g.ratio * line - roll


def _sets_off_and_gears():
    # Without it, a program that starts gearing on a clock just past the latest published Engage
    # would pass every condition with a late Engage. Judged by real progress: the roll's speed gap
    # to ratio x the line's must shrink by SET_OFF_GAP within SET_OFF_S of Engage and go on
    # shrinking (a token hop backs off) to geared within GEARED_BY_S.
    return judges.progress_within(
        f"the roll ramping in within {SET_OFF_S:g} s of Engage",
        cause=lambda s: _gear(s).engaged_ms is not None,
        ways=[judges.Way("the roll", _speed_gap, by=SET_OFF_GAP, slack=GAP_SLACK,
                         until=lambda s: abs(_speed_gap(s)) <= GAP_SLACK, arrive_s=lambda s: GEARED_BY_S)],
        within_s=SET_OFF_S,
        late=lambda t: f"Engage was pressed at {t:g} s but the roll had not sped up {SET_OFF_GAP:g} mm/s "
                       f"toward the line's speed x ratio {SET_OFF_S:g} s later")


class _GearedInTime(judges.Judge):
    """From GEARED_BY_S after Engage, for GEARED_FOR_S, the sync error stays within SYNC_MM of its
    value at the start. Written for this task: no shared judge holds a quantity in a band
    around its own value at a given moment."""

    name = f"geared within {GEARED_BY_S:g} s of Engage and following the line {GEARED_FOR_S:g} s"

    def __init__(self):
        super().__init__()
        self.base: float | None = None
        self.worst = 0.0

    def update(self, s):
        if self.done or self.failed:
            return self.done
        g = _gear(s)
        if g.engaged_ms is None or s.time_ms < g.engaged_ms + round(GEARED_BY_S * 1000):
            return False
        if self.base is None:
            self.base = g.error
        off = g.error - self.base
        self.worst = max(self.worst, abs(off))
        if abs(off) > SYNC_MM:
            t = (s.time_ms - g.engaged_ms) / 1000
            self.failed = (f"the roll was off the line's travel x ratio by {off:+.2f} mm {t:g} s "
                           "after Engage "
                           f"(band +/-{SYNC_MM:g} mm from {GEARED_BY_S:g} s after Engage)")
            return False
        if s.time_ms >= g.engaged_ms + round((GEARED_BY_S + GEARED_FOR_S) * 1000):
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else self.name


def _roll_still(s) -> bool:
    r = s.devices.roll
    return r.standstill and not r.fault


def _completion():
    return judges.watched(judges.in_order(
        judges.event("Engage pressed", lambda s: _gear(s).engaged_ms is not None),
        _GearedInTime(),
        judges.event("Release pressed", lambda s: _gear(s).released_ms is not None),
        judges.held("the roll at rest after Release", _roll_still, HOLD_S)), _sets_off_and_gears())


class _RollStill(judges.Monitor):
    """S2: the roll does not move before Engage, and from STOP_BY_S after Release it stands
    where it stopped; judged from position (moved_before for the first half)."""

    def __init__(self):
        self.before = judges.moved_before(
            lambda s: _gear(s).engaged_ms is not None, lambda s: s.devices.roll.pos, STILL_MM,
            lambda s: f"the roll moved to {s.devices.roll.pos:.2f} mm before Engage was pressed",
            origin=lambda s: 0.0)
        self.stop_pos: float | None = None

    def check(self, s):
        msg = self.before.check(s)
        if msg:
            return msg
        g = _gear(s)
        if g.released_ms is None or s.time_ms < g.released_ms + round(STOP_BY_S * 1000):
            return None
        pos = g.roll.pos
        if self.stop_pos is None:
            self.stop_pos = pos
            if not g.roll.standstill:
                return f"the roll still turned at {g.roll.vel:.0f} mm/s {STOP_BY_S:g} s after Release"
        if abs(pos - self.stop_pos) > STILL_MM:
            return f"the roll moved {pos - self.stop_pos:+.2f} mm after it had to stand still"
        return None


def _following_error_fault(s):
    r = s.devices.roll
    if r.fault:
        return f"the roll drive faulted: {r.fault_text}"
    return None


# --- conditions ---------------------------------------------------------------------------------

def _start_count(v0, v1, step_s, wrap_s) -> int:
    """The count at power-up that makes the 16-bit counter wrap at wrap_s."""
    return wrap16(32767 - int(planned_travel(wrap_s, v0, [(step_s, v1)], LINE_ACCEL) * COUNTS_PER_MM))


def _press(at_s: float, button: str) -> tuple[OperatorAction, OperatorAction]:
    return (OperatorAction(at_s, "press", button), OperatorAction(round(at_s + 0.3, 2), "release", button))


def _cond(name, seed, description, *, engage_s, release_after_s, line_speed, step_to, step_after_s,
          wrap_after_s, **params):
    step_s = round(engage_s + step_after_s, 2)
    params.update(engage_press_s=engage_s, release_after_s=release_after_s, line_speed=line_speed,
                  line_speed_step=step_to, step_after_s=step_after_s, wrap_after_s=wrap_after_s,
                  start_count=_start_count(line_speed, step_to, step_s, engage_s + wrap_after_s))
    operator = (*_press(engage_s, "engage_button"),
                *_press(round(engage_s + release_after_s, 2), "release_button"))
    step = Disturbance(step_s, f"the line changes speed to {step_to:g} mm/s",
                       functools.partial(_set_line_speed, speed=step_to))
    return Condition(name, seed, params, description, operator=operator, disturbances=(step,))


def _set_line_speed(plant: Plant, speed: float) -> None:
    plant["line"].speed = speed


CONDITIONS = (
    _cond("fast_line_speeds_up", 91, "line at 450 mm/s steps up to 600; ratio 1.5; Engage at 1.2 s",
          engage_s=1.2, release_after_s=13.0, line_speed=450.0, step_to=600.0, step_after_s=5.0,
          wrap_after_s=3.5, ratio=1.5, drive_accel=2200.0),
    _cond("slow_line_slows_down", 92, "line at 150 mm/s slows to 100; ratio 0.62; late Engage",
          engage_s=3.9, release_after_s=12.6, line_speed=150.0, step_to=100.0, step_after_s=4.0,
          wrap_after_s=9.0, ratio=0.62, drive_accel=3800.0),
    _cond("wrap_right_after_gearing", 93, "line at 320 mm/s to 480; the counter wraps 2.6 s after Engage",
          engage_s=2.0, release_after_s=13.8, line_speed=320.0, step_to=480.0, step_after_s=7.5,
          wrap_after_s=2.6, ratio=1.05, drive_accel=2000.0),
    _cond("fast_line_slows", 94, "line at 600 mm/s slows to 300, ratio 0.9, stiff drive",
          engage_s=3.1, release_after_s=12.9, line_speed=600.0, step_to=300.0, step_after_s=6.0,
          wrap_after_s=10.5, ratio=0.9, drive_accel=4000.0),
    _cond("mid_line_low_ratio", 95, "line at 240 mm/s to 360, ratio 0.5, soft drive",
          engage_s=1.0, release_after_s=14.0, line_speed=240.0, step_to=360.0, step_after_s=3.2,
          wrap_after_s=6.0, ratio=0.5, drive_accel=2600.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: the line's second speed is the
    first changed by 20-60% either way, kept inside 100-600 mm/s; the step comes 3-9 s after
    Engage (inside the judged window, after any ramp-in); the power-up count is set so that the
    counter wraps 2.5-11 s after Engage (inside the judged window: a fast line wraps more often
    besides). Speeds and the drive's acceleration log-uniform; the ratio on the 0.001 grid."""
    v0 = round(log_uniform(rng, 100.0, 600.0), 1)
    v1 = v0
    while abs(v1 - v0) < 0.2 * v0:
        v1 = round(min(600.0, max(100.0, v0 * rng.uniform(0.4, 1.6))), 1)
    engage = round(rng.uniform(1.0, 5.0), 2)
    cond = _cond("sampled", 0, "", engage_s=engage, release_after_s=round(rng.uniform(*RELEASE_AFTER), 2),
                 line_speed=v0, step_to=v1, step_after_s=round(rng.uniform(3.0, 9.0), 2),
                 wrap_after_s=round(rng.uniform(2.5, 11.0), 2), ratio=round(rng.uniform(0.5, 1.5), 3),
                 drive_accel=round(log_uniform(rng, 2000.0, 4000.0), 1))
    p = cond.params
    description = (f"line {v0:g} -> {v1:g} mm/s, ratio {p['ratio']:g}, Engage at {engage:g} s, "
                   f"wrap {p['wrap_after_s']:g} s after")
    return dict(params=p, description=description, operator=cond.operator, disturbances=cond.disturbances)


IO = (
    IOPoint("%IX0.0", "engage_pb", "BOOL", "input", "engage_button", "pressed",
            "Engage push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "release_pb", "BOOL", "input", "release_button", "pressed",
            "Release push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.2", "drive_ready", "BOOL", "input", "roll", "ready",
            "TRUE when the roll drive is enabled and has no fault"),
    IOPoint("%IX0.3", "drive_fault", "BOOL", "input", "roll", "fault",
            f"TRUE while the roll drive has a latched fault (a following error above {FE_LIMIT_MM:g} mm; "
            "cleared by a rising edge on reset_fault)"),
    IOPoint("%IW0", "line_count", "INT", "input", "encoder", "count",
            f"Line encoder: {COUNTS_PER_MM:g} counts per mm of line travel, counting up as the line runs; a "
            "16-bit counter: it wraps from 32767 on to -32768", "counts", "-32768..32767"),
    IOPoint("%IW1", "ratio", "INT", "input", "ratio", "value",
            "Gear ratio ordered by the host: roll surface travel per line travel (constant during the run)",
            "0.001", "500..1500"),
    IOPoint("%IW2", "roll_position", "INT", "input", "roll", "position",
            "Actual roll surface position; wraps as the setpoint does", "0.1 mm", "-32768..32767"),
    IOPoint("%IW3", "following_error", "INT", "input", "roll", "following_error",
            "Setpoint minus actual position of the roll drive", "0.1 mm", "-32768..32767"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "roll", "enable",
            "TRUE enables the roll drive; on enable its setpoint starts where the roll stands"),
    IOPoint("%QX0.1", "reset_fault", "BOOL", "output", "roll", "reset",
            "Rising edge clears a latched drive fault"),
    IOPoint("%QW0", "roll_setpoint", "INT", "output", "roll", "setpoint",
            "Position setpoint of the roll's surface, taken every scan (cyclic position mode). A modulo "
            "word: the drive moves by the change from the last scan's word, wrapped to +/-3276.8 mm, so "
            f"it may run on past 32767 to -32768; {SETPOINT_RULE}", "0.1 mm", "-32768..32767"),
)

TASK = Task(
    id="MOT-E09", title="Electronic gearing to a line encoder", suite="MOT", level="E",
    summary="Gear a servo roll to a conveyor line's encoder at the ordered ratio: ramp in on Engage, "
            "follow within 1 mm across speed changes and counter wraps, ramp out and stop on Release.",
    plant_description=(
        "A conveyor line runs from power-up at a speed the host sets (it changes speed once during the "
        f"run, ramping at {LINE_ACCEL:g} mm/s^2). A measuring wheel on the line drives a 16-bit encoder "
        f"counter ({COUNTS_PER_MM:g} counts per mm). Above the line a roll is driven by a synchronous servo "
        "in cyclic position mode: the PLC writes its surface position setpoint every scan and the drive "
        f"follows it with velocity feed-forward; its acceleration is limited (see the ranges) and a "
        f"following error above {FE_LIMIT_MM:g} mm trips it. The host orders the gear ratio; an operator "
        "panel has Engage and Release push buttons."),
    specification=(
        "1. At power-up enable the roll drive; it must stand still until Engage is pressed.\n"
        "2. When Engage is pressed, gear the roll to the line: every scan move the roll setpoint by the "
        "ratio times the line's travel since the last scan (the difference of two counter readings, "
        f"which wraps at 16 bits; {COUNTS_PER_MM:g} counts = 1 mm; setpoint in 0.1 mm). Ramp the ratio in "
        "from 0 to the ordered ratio (the drive cannot jump to the line's speed: its following error "
        f"would trip it), starting at once: within {SET_OFF_S:g} s of Engage the roll's speed (taken over "
        f"{GAP_SCANS} scans) must have come {SET_OFF_GAP:g} mm/s closer to ratio x the line's speed, and it "
        f"must go on closing that gap without falling back by more than {GAP_SLACK:g} mm/s; within "
        f"{GEARED_BY_S:g} s of Engage the roll must be geared: from then on, for "
        f"{GEARED_FOR_S:g} s, the roll's travel minus ratio x the line's travel must stay within "
        f"+/-{SYNC_MM:g} mm of its value at {GEARED_BY_S:g} s (the line changes speed meanwhile).\n"
        "3. When Release is pressed, ramp the ratio out to 0 and stop the roll: it must be still "
        f"{STOP_BY_S:g} s after Release, and stay still, the drive kept without a fault.\n"
        "The line's speeds, the ratio, the drive's acceleration and the operator's timing differ from "
        "run to run."),
    io=IO,
    completion=Completion(
        f"In this order: Engage is pressed; within {SET_OFF_S:g} s of that the roll's speed (over "
        f"{GAP_SCANS} scans) has come {SET_OFF_GAP:g} mm/s closer to ratio x the line's speed and it goes on "
        f"closing the gap (never falling back by more than {GAP_SLACK:g} mm/s) to within {GAP_SLACK:g} mm/s "
        f"by {GEARED_BY_S:g} s after Engage; from {GEARED_BY_S:g} s after Engage, for {GEARED_FOR_S:g} s, "
        "the "
        "roll's travel minus ratio x the line's travel (the line as counted at the start of each scan) "
        f"stays within +/-{SYNC_MM:g} mm of its value at {GEARED_BY_S:g} s; Release is pressed; then the "
        f"roll stands still with its drive free of faults for {HOLD_S:g} s without a break.",
        _completion,
        keep=_roll_still,
        keep_wording="the roll standing still, its drive free of faults."),
    safety_rules=(
        SafetyRule("MOT-E09-S1", "The roll drive must never trip on a following error.",
                   _following_error_fault),
        SafetyRule("MOT-E09-S2", f"The roll must not move before Engage is pressed, and from {STOP_BY_S:g} s "
                   "after Release it must stand still.", _RollStill()),
    ),
    parameters=(
        ParameterRange("line_speed", 100.0, 600.0, "mm/s", "the line's speed, before and after its change "
                       "(changed by 20-60% either way, 3-9 s after Engage)",
                       keys=("line_speed", "line_speed_step")),
        ParameterRange("ratio", 0.5, 1.5, "", "ordered gear ratio (given on %IW1 in 0.001)"),
        ParameterRange("drive_accel", 2000.0, 4000.0, "mm/s^2", "the roll drive's acceleration limit"),
        ParameterRange("engage_press_s", 1.0, 5.0, "s", "when the operator presses Engage"),
        ParameterRange("release_after_s", *RELEASE_AFTER, "s", "how long after Engage Release is pressed"),
        ParameterRange("step_after_s", 3.0, 9.0, "s", "when the line changes speed, after Engage"),
        ParameterRange("wrap_after_s", 2.5, 11.0, "s", "when the encoder counter wraps, after Engage "
                       "(a fast line wraps more often: every 3.3 m)"),
        ParameterRange("start_count", -32768, 32767, "counts", "the encoder count at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=26.0,
    build_plant=build_plant,
    judged_devices=Gearing,
)
