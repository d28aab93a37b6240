"""MOT-E08 Force-limited press stroke.

A servo press ram (sim.devices.force_axis) presses a part to a force the host orders: rapid
down to a clearance above the part, creep onto it at no more than 5 mm/s with the drive's
force limit set to the setpoint, hold the force in its window for the dwell, creep off the
part, rapid home, then the OK lamp.

The trap: parts are stiff (up to 60 kN/mm), so at 5 mm/s the force rises up to 3 kN per
10 ms scan; a program that creeps on and stops when it reads force >= setpoint overshoots
(and the load cell's lag makes it worse). Only the drive's force limit stops the ram at the
setpoint within the scan.

Changes from the catalog entry, and why:
- The host also gives the nominal part top (a word); the real contact lies within 4 mm of
  it. Without it the program would have to creep 50 mm at 5 mm/s (10 s) every stroke; with
  it the time of contact still varies by 1.6 s, so a blind creep-and-wait cannot place the
  0.5 to 1.5 s dwell window.
- Contact is left at no more than 5 mm/s too (S2 holds for the whole time the ram touches
  the part, pressing or retracting).
- The ram starts anywhere 0 to 40 mm below home (a start state to find); OK needs it home.
- A second window: OK within 0.5 s of the ram home at rest, so a blind wait for the slowest
  return is late where the return is quick.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord, to_word
from sim.devices.force_axis import ForceAxis
from sim.devices.panel import Lamp, PushButton
from sim.plant import SCAN_S, Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, log_uniform, start_press_condition

WINDOW_MM = 0.5          # in-position window; "home" is within it of 0 mm
CREEP_MM_S = 5.0         # the fastest the ram may move while it touches the part
CREEP_TOLERANCE = 1.05   # travel per scan is judged with 5 % for rounding
BAND = 0.05              # the force window: setpoint +/- 5 %
OVER = 0.10              # S1: never above setpoint + 10 %
DWELL_S = 0.5            # in the window without a break at least this long ...
RELEASE_WITHIN_S = 1.5   # ... and off the part within this of entering the window
OK_WITHIN_S = 0.5        # OK within this of the ram home at rest
MOVE_WITHIN_S = 1.0      # the ram sets off toward the part within this of Start
SET_OFF_MM = 1.0
STILL_MM = 0.05
HOLD_S = 2.0
OFFSET_MM = 4.0          # the real contact lies within this of the nominal part top


def nominal_top_word(contact_mm: float, offset_mm: float) -> int:
    """The host's part top word (0.1 mm): contact - offset, rounded, and then a tenth nearer the
    contact where the rounding alone would put the real contact more than OFFSET_MM from the word
    (an offset of 3.99 mm could leave it 4.04 mm away, against the prompt's "within 4 mm")."""
    word = to_word(contact_mm - offset_mm)
    if abs(contact_mm - word / 10.0) > OFFSET_MM + 1e-9:
        word += 1 if contact_mm > word / 10.0 else -1
    return word


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(ForceAxis(
        "ram", origin=(300.0, 560.0), angle_deg=-90.0, limit_minus_mm=-5.0, limit_plus_mm=150.0,
        rail_min_mm=-30.0, rail_max_mm=150.0, home_mm=0.0, start_mm=p["start_mm"],
        max_speed=p["max_speed"], accel=p["accel"], window_mm=WINDOW_MM, settle_s=0.05,
        contact_mm=p["contact_mm"], stiffness=p["stiffness_kn_mm"] * 1000.0,
        force_lag_s=p["force_lag_s"], carriage_length_mm=50.0, carriage_width_mm=90.0,
        rail_width_mm=30.0, label="ram"))
    plant.add(ValueWord("setpoint", round(p["setpoint_kn"] * 1000.0), position=(640.0, 520.0),
                        label="force setpoint", units="N"))
    plant.add(ValueWord("part_top", nominal_top_word(p["contact_mm"], p["contact_offset_mm"]),
                        position=(640.0, 440.0), label="nominal part top", units="mm", scale=0.1))
    plant.add(PushButton("start_button", x=200.0, y=120.0, label="Start", color="green"))
    plant.add(Lamp("ok_lamp", x=360.0, y=120.0, label="OK", color="green"))
    return plant


def _ram(plant) -> ForceAxis:
    return plant.device("ram", ForceAxis)


# --- judges -------------------------------------------------------------------------------

def _setpoint(s) -> float:
    return s.params["setpoint_kn"] * 1000.0


def _in_window(s) -> bool:
    return abs(s.devices.force_n - _setpoint(s)) <= BAND * _setpoint(s)


def _home(s) -> bool:
    return abs(s.devices.pos) <= WINDOW_MM and s.devices.vel == 0.0


class DwellDone(judges.Monitor):
    """Whether the force has been in its window for DWELL_S without a break, latched: S3 asks
    it (OK only after a dwell). Written for this task: no shared judge latches 'held for T'
    as a state a rule can read."""

    def __init__(self):
        self.since_ms: int | None = None
        self.done = False

    def update(self, s) -> bool:
        if not self.done:
            if _in_window(s):
                self.since_ms = s.time_ms if self.since_ms is None else self.since_ms
                self.done = s.time_ms - self.since_ms >= round(DWELL_S * 1000)
            else:
                self.since_ms = None
        return self.done


class OkOnlyAfterDwell(judges.Monitor):
    def __init__(self):
        self.dwell = DwellDone()

    def check(self, s):
        dwelt = self.dwell.update(s)
        if s.io["ok"] and not (dwelt and _home(s)):
            if not dwelt:
                return "OK on before the force had been held in its window for the dwell"
            return f"OK on with the ram at {s.devices.pos:.1f} mm, not at rest at home"
        return None


class SpeedInContact(judges.Monitor):
    """S2 from position: the travel of each scan, while the ram touched the part at its start
    or end, may not exceed 5 mm/s x 10 ms (with 5 % for rounding)."""

    def __init__(self):
        self.pos: float | None = None
        self.touching = False

    def check(self, s):
        ram = s.devices
        pos, touching = ram.pos, ram.in_contact
        msg = None
        if self.pos is not None and (touching or self.touching):
            speed = abs(pos - self.pos) / SCAN_S
            if speed > CREEP_MM_S * CREEP_TOLERANCE:
                msg = f"the ram moved at {speed:.1f} mm/s while touching the part (at {pos:.2f} mm)"
        self.pos, self.touching = pos, touching
        return msg


def _distance_to_part(s) -> float:
    return s.params["contact_mm"] - s.devices.pos


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            judges.held("force in its window (setpoint +/- 5 %)", _in_window, DWELL_S),
            AnsweredWithin(
                f"ram off the part within {RELEASE_WITHIN_S:g} s of the force entering its window",
                lambda s: True, lambda s: s.devices.force_n < 0.5 * _setpoint(s),
                RELEASE_WITHIN_S - DWELL_S,
                lambda t: f"the force was held in its window from {t - DWELL_S:g} s but the ram had not "
                          f"come off the part {RELEASE_WITHIN_S:g} s later (dwell too long)",
                waiting="the ram backing off the part", latch=True),
            AnsweredWithin(
                f"OK on within {OK_WITHIN_S:g} s of the ram home", _home, lambda s: s.io["ok"], OK_WITHIN_S,
                lambda t: f"the ram stood at home from {t:g} s but OK was not on {OK_WITHIN_S:g} s later",
                waiting="ram home at rest, then OK"),
            judges.held("OK with the ram home", lambda s: s.io["ok"] and _home(s), HOLD_S),
        ),
        judges.moved_before(
            lambda s: s.io["start_pb"], lambda s: s.devices.pos, STILL_MM,
            lambda s: f"the ram moved from {s.params['start_mm']:.2f} mm to {s.devices.pos:.2f} mm "
                      "before Start was pressed",
            origin=lambda s: s.params["start_mm"]),
        judges.progress_within(
            f"ram setting off toward the part within {MOVE_WITHIN_S:g} s of Start",
            cause=lambda s: s.io["start_pb"],
            ways=[judges.Way("the ram", _distance_to_part, by=SET_OFF_MM)],
            within_s=MOVE_WITHIN_S,
            late=lambda t: f"Start was pressed at {t:g} s but the ram had not come {SET_OFF_MM:g} mm "
                           f"closer to the part {MOVE_WITHIN_S:g} s later"))


def _end_state_kept(s) -> bool:
    return bool(s.io["ok"]) and _home(s)


def _over_force(s):
    f, sp = s.devices.force_n, _setpoint(s)
    if f > (1.0 + OVER) * sp:
        return f"the force reached {f:.0f} N, over the setpoint {sp:.0f} N + {OVER:.0%}"
    return None


# --- conditions ------------------------------------------------------------------------------

_cond = start_press_condition

CONDITIONS = (
    _cond("nominal", 801, "medium part, contact on its nominal top, medium force", press_s=1.0,
          start_mm=0.0, contact_mm=85.0, contact_offset_mm=0.0, stiffness_kn_mm=20.0, setpoint_kn=5.0,
          force_lag_s=0.01, max_speed=200.0, accel=1000.0),
    _cond("stiff_part_high_force", 802, "60 kN/mm part, 8 kN, slow load cell, part 3 mm high",
          press_s=2.2, start_mm=25.0, contact_mm=62.0, contact_offset_mm=-3.0, stiffness_kn_mm=60.0,
          setpoint_kn=8.0, force_lag_s=0.02, max_speed=300.0, accel=2000.0),
    _cond("soft_part_low_force", 803, "5 kN/mm part, 2 kN, contact 3.5 mm below its nominal top, quick drive",
          press_s=0.6, start_mm=10.0, contact_mm=108.0, contact_offset_mm=3.5, stiffness_kn_mm=5.0,
          setpoint_kn=2.0, force_lag_s=0.0, max_speed=250.0, accel=1500.0),
    _cond("ram_down_at_power_up", 804, "the ram stands 38 mm down at power-up; stiff part, 6 kN, slow drive",
          press_s=3.1, start_mm=38.0, contact_mm=95.5, contact_offset_mm=-1.5, stiffness_kn_mm=40.0,
          setpoint_kn=6.0, force_lag_s=0.015, max_speed=100.0, accel=500.0),
    _cond("late_start_quick_return", 805, "late Start, part 2 mm low, fast drive, 3.5 kN",
          press_s=3.9, start_mm=5.0, contact_mm=72.0, contact_offset_mm=2.0, stiffness_kn_mm=12.0,
          setpoint_kn=3.5, force_lag_s=0.005, max_speed=280.0, accel=1800.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges, each parameter on its own: any contact,
    offset, stiffness and setpoint fit the stroke (the deepest stall, 110 + 4 mm plus 8 kN at
    5 kN/mm, lies at 115.6 mm, above the 150 mm limit). Stiffness and the drive's speed and
    acceleration are log-uniform (soft and stiff equally common)."""
    params = dict(
        start_mm=round(rng.uniform(0.0, 40.0), 1),
        contact_mm=round(rng.uniform(60.0, 110.0), 2),
        contact_offset_mm=round(rng.uniform(-OFFSET_MM, OFFSET_MM), 2),
        stiffness_kn_mm=round(log_uniform(rng, 5.0, 60.0), 2),
        setpoint_kn=round(rng.uniform(2.0, 8.0), 3),
        force_lag_s=round(rng.uniform(0.0, 0.02), 4),
        max_speed=round(log_uniform(rng, 100.0, 300.0), 1),
        accel=round(log_uniform(rng, 500.0, 2000.0), 1),
    )
    press = round(rng.uniform(0.5, 4.0), 2)
    cond = _cond("sampled", 0, "", press_s=press, **params)
    description = (f"contact {params['contact_mm']:g} mm ({params['contact_offset_mm']:+g} from nominal), "
                   f"{params['stiffness_kn_mm']:g} kN/mm, {params['setpoint_kn']:g} kN, ram at "
                   f"{params['start_mm']:g} mm, Start at {press:g} s")
    return dict(params=cond.params, description=description, operator=cond.operator)


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "drive_ready", "BOOL", "input", "ram", "ready",
            "TRUE when the drive is enabled and has no fault"),
    IOPoint("%IX0.2", "in_position", "BOOL", "input", "ram", "in_position",
            f"TRUE when the ram is within {WINDOW_MM} mm of the target of the last move and has been at "
            "rest for the drive's settle time (never while stalled at the force limit)"),
    IOPoint("%IX0.3", "standstill", "BOOL", "input", "ram", "standstill",
            "TRUE while the ram is not moving"),
    IOPoint("%IX0.4", "at_force_limit", "BOOL", "input", "ram", "at_force_limit",
            "TRUE while the drive is stalled at its force limit (it stops where the part pushes back "
            "as hard as the limit, within the scan, and keeps pushing so)"),
    IOPoint("%IX0.5", "home_switch", "BOOL", "input", "ram", "home",
            "Home switch: TRUE while the ram is within 2 mm of 0 mm (top)"),
    IOPoint("%IW0", "actual_position", "INT", "input", "ram", "position",
            "Actual ram position, downward from home (0 = top)", "0.1 mm", "-50..1500"),
    IOPoint("%IW1", "force", "INT", "input", "ram", "force",
            "Press force from the load cell (its amplifier lags the true force by up to 20 ms)",
            "N", "0..30000"),
    IOPoint("%IW2", "force_setpoint", "INT", "input", "setpoint", "value",
            "The force the host orders (constant during the run)", "N", "2000..8000"),
    IOPoint("%IW3", "part_top", "INT", "input", "part_top", "value",
            f"Nominal ram position at which it touches the part; the real part is within {OFFSET_MM:g} mm "
            "of it (constant during the run)", "0.1 mm", "560..1140"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "ram", "enable",
            "TRUE enables the drive (FALSE: the ram brakes to a stop)"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "ram", "start",
            "Rising edge starts a move to target_position at move_speed (ignored while disabled)"),
    IOPoint("%QX0.2", "ok", "BOOL", "output", "ok_lamp", "on",
            "OK lamp: TRUE tells the host the part was pressed and the ram is home"),
    IOPoint("%QX0.3", "reset_fault", "BOOL", "output", "ram", "reset",
            "Rising edge clears a latched drive fault"),
    IOPoint("%QW0", "target_position", "INT", "output", "ram", "target",
            "Target of the next move, taken at the start_move edge", "0.1 mm", "0..1500"),
    IOPoint("%QW1", "move_speed", "INT", "output", "ram", "speed",
            "Speed of the next move, taken at the start_move edge; 0 = the drive's configured speed "
            "(100 to 300 mm/s); above it is clamped to it", "mm/s", "0..1000"),
    IOPoint("%QW2", "force_limit", "INT", "output", "ram", "force_limit",
            "The drive's force limit, acting at once; 0 = the drive's maximum, 30000 N", "N", "0..30000"),
)

TASK = Task(
    id="MOT-E08", title="Force-limited press stroke", suite="MOT", level="E",
    summary="After Start press the part to the ordered force with the drive's force limit, hold it for "
            "the dwell, retract the ram home and show OK.",
    plant_description=(
        "A servo press: a ram on a vertical axis (0 mm = home at the top, positions count downward, "
        "limit switch at 150 mm) above a part on the bed. The part is springy: once the ram touches it, "
        "the force rises with the compression by the part's stiffness (5 to 60 kN/mm: at 5 mm/s a stiff "
        "part gains up to 3 kN per 10 ms scan). The drive has a force limit: with it set, the ram stops "
        "where the force equals the limit, within the scan, and stays stalled there. A load cell reads "
        "the force through an amplifier that lags by up to 20 ms. The host gives the force setpoint and "
        "the nominal part top; the real part top lies within 4 mm of the nominal one. An operator panel "
        "has a Start push button and an OK lamp. The ram starts anywhere from home to 40 mm down, "
        "above the part, with the drive off."),
    specification=(
        "1. Do not move the ram before the operator has pressed Start. Within 1 s of Start the ram must "
        "have come at least 1 mm closer to the part.\n"
        f"2. Rapid down to a clearance above the part (any position at least {OFFSET_MM:g} mm above the "
        "nominal part top is above the real one), then creep onto the part with force_limit set to "
        f"the setpoint: the ram may move no faster than {CREEP_MM_S:g} mm/s while it touches the part.\n"
        f"3. Hold the force within +/- {BAND:.0%} of the setpoint for at least {DWELL_S:g} s without a "
        f"break, and have the ram off the part (force below half the setpoint) within "
        f"{RELEASE_WITHIN_S:g} s of the force entering that window; leave the part at no more than "
        f"{CREEP_MM_S:g} mm/s too.\n"
        "4. Return the ram home (0 mm) and, once it is at rest there, switch OK on within "
        f"{OK_WITHIN_S:g} s; keep the ram home with OK on.\n"
        "Where the part really is, its stiffness, the setpoint, the load cell's lag and the drive's speed "
        "differ from run to run: use the force, the drive's signals and the words, not fixed times."),
    io=IO,
    completion=Completion(
        "In this order: Start is pressed (the ram not having moved before, and coming at least 1 mm "
        f"closer to the part within {MOVE_WITHIN_S:g} s of it); the force stays within +/- {BAND:.0%} of "
        f"the setpoint for {DWELL_S:g} s without a break, and the ram is off the part (force below half "
        f"the setpoint) within {RELEASE_WITHIN_S:g} s of the force entering that window; the ram comes to "
        f"rest within {WINDOW_MM} mm of home and OK comes on within {OK_WITHIN_S:g} s of that; then OK "
        f"stays on with the ram at rest home for {HOLD_S:g} s without a break.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the ram at rest at home with OK on."),
    safety_rules=(
        SafetyRule("MOT-E08-S1", f"The press force must never exceed the setpoint by more than {OVER:.0%}.",
                   judges.never(lambda s: _over_force(s) is not None, _over_force)),
        SafetyRule("MOT-E08-S2", f"While the ram touches the part it must move no faster than "
                   f"{CREEP_MM_S:g} mm/s (judged from its travel in each 10 ms scan, with 5 % for rounding).",
                   SpeedInContact()),
        SafetyRule("MOT-E08-S3", f"OK must only be on with the ram at rest at home after the force has been "
                   f"held within +/- {BAND:.0%} of the setpoint for {DWELL_S:g} s.", OkOnlyAfterDwell()),
    ),
    parameters=(
        ParameterRange("contact_mm", 60.0, 110.0, "mm", "ram position where it really touches the part"),
        ParameterRange("contact_offset_mm", -OFFSET_MM, OFFSET_MM, "mm",
                       "real contact minus the nominal part top (%IW3)"),
        ParameterRange("stiffness_kn_mm", 5.0, 60.0, "kN/mm", "part stiffness"),
        ParameterRange("setpoint_kn", 2.0, 8.0, "kN", "force setpoint (given on %IW2 in N)"),
        ParameterRange("force_lag_s", 0.0, 0.02, "s", "load cell amplifier lag (first order)"),
        ParameterRange("start_mm", 0.0, 40.0, "mm", "where the ram stands at power-up"),
        ParameterRange("max_speed", 100.0, 300.0, "mm/s", "drive's configured (maximum) speed"),
        ParameterRange("accel", 500.0, 2000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("start_press_s", 0.5, 4.0, "s", "when the operator presses Start"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=20.0,
    build_plant=build_plant,
    judged_devices=_ram,
)
