"""MOT-M04 Flying cut-to-length.

A strip runs from an uncoiler past a flying knife at the speed the host sets (it changes speed
once and stops for 3 s once during the run, every change ramped). The knife rides on a carriage
driven by a synchronous servo in cyclic position mode: the program writes the carriage's
setpoint every scan. For every piece the carriage must set off early enough (v^2/2a ahead of
the cut point) to be running with the strip, at the cut point, when the blade comes down; the
blade cuts, rises, and the carriage returns home for the next piece. First a head trim (the
strip's head has run past home already at power-up), then 8 pieces of the ordered length
+/-1 mm, then the carriage parks at home.

Changed from the catalog, and why:
- length 600-2500 mm (catalog 500-2000) and the line speed drawn with it so that a piece takes
  2.0-4.0 s to pass: at 1 m/s a 500 mm piece comes every 0.5 s, shorter than any carriage's
  cycle (accelerate, lock, cut, lift, brake, return), and a 2000 mm piece at 0.2 m/s every
  10 s (a run of 9 cuts would take 90 s, and every battery run with it). The line's top speed
  is 1000 mm/s as in the catalog.
- S1 "knife down only at |dv| <= 2 %" judges the command (knife_lower) against the sync
  tolerance; S3 "the carriage slows only with the knife up" judges the blade in the strip (from
  half its stroke) against the same tolerance: the carriage may fall out of step with the strip
  only with its blade out of the strip. The tolerance is 2 % of the strip's speed but at least
  10 mm/s: both speeds are taken over 50 ms (the setpoint's 0.1 mm steps jitter one scan's
  speed by 10 mm/s), and a carriage locked to a ramping strip lags it by its ramp times about a
  scan and a half.
- the blade must start rising within 0.06 s of reaching the bottom and go on up (judged by the
  blade really rising, progress_within with a Way): the knife's stroke time varies 0.04-0.15 s,
  so a fixed worst-case wait for the cut instead of the knife_down switch is late with all but
  the slowest knives, and a shorter one lifts before the cut (it would otherwise only cost
  stroke). A program that lifts on knife_down is up 15 % within 0.03 s with the slowest knife.
- S2 "carriage within stroke" is the stroke 0-1000 mm; home is at 50 mm.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.belt_encoder import BeltEncoder
from sim.devices.strip_line import FlyingCarriage, Knife, StripLine
from sim.devices.sync_axis import SETPOINT_RULE
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import EachInTolerance, axis_io, log_uniform, store_drive_fault

COUNTS_PER_MM = 20.0
STROKE = 1000.0
HOME = 50.0
HOME_MM = 1.0            # parked within this of home
DRIVE_ACCEL = 6000.0     # the carriage drive's acceleration limit, mm/s^2
DRIVE_SPEED = 2000.0
KV = 40.0
FE_LIMIT_MM = 5.0
PIECES = 8
TOL_MM = 1.0
SYNC_PCT = 2.0
SYNC_FLOOR = 10.0        # mm/s
LIFT_S = 0.06            # the blade rises within this of reaching the bottom ...
LIFT_BY = 0.15           # ... by this fraction of its stroke ...
UP_BY_S = 0.25           # ... and is fully up within this of reaching the bottom, without going back
STOP_S = 3.0             # the line stands this long in its stop
PIECE_TIME = (2.0, 4.0)  # s a piece takes to pass at either line speed
SPEED = (200.0, 1000.0)
LENGTH = (600.0, 2500.0)
LINE_ACCEL = (200.0, 600.0)
KNIFE_S = (0.04, 0.15)


def tolerance(strip_mm_s: float) -> float:
    """The sync tolerance at a strip speed (mm/s)."""
    return max(SYNC_PCT / 100.0 * abs(strip_mm_s), SYNC_FLOOR)


def line_schedule(p) -> list[tuple[float, float]]:
    """The host's speed orders: start, speed change, stop and restart (a stop of STOP_S once the
    line has ramped down)."""
    v0, v1, a = p["line_speed"], p["line_speed_after"], p["line_accel"]
    stop_at = p["stop_s"]
    restart = round(stop_at + v1 / a + STOP_S, 2)
    return [(p["line_start_s"], v0), (p["change_s"], v1), (stop_at, 0.0), (restart, v1)]


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    strip = plant.add(StripLine("strip", speeds=line_schedule(p), accel=p["line_accel"], x=450.0, y=300.0,
                                length=2600.0, home_at=600.0, stroke=STROKE, head_mm=HOME + p["head_mm"],
                                label="strip"))
    plant.add(BeltEncoder("encoder", strip, counts_per_mm=COUNTS_PER_MM, start_count=p["start_count"],
                          at_mm=250.0, label="strip encoder"))
    carriage = plant.add(FlyingCarriage("carriage", strip, start_mm=p["carriage_mm"], max_speed=DRIVE_SPEED,
                                        accel=DRIVE_ACCEL, kv=KV, fe_limit_mm=FE_LIMIT_MM, label="carriage"))
    if p.get("fault_at_start"):
        store_drive_fault(carriage)
    plant.add(Knife("knife", strip, carriage, stroke_s=p["knife_s"],
                    start_down=bool(p.get("knife_down_at_start"))))
    plant.add(ValueWord("length", round(p["length_mm"]), position=(1700.0, 560.0), label="piece length",
                        units="mm"))
    return plant


# --- judges ----------------------------------------------------------------------------------

class Line:
    """The devices the judges read every scan."""

    def __init__(self, plant: Plant):
        self.strip = plant.device("strip", StripLine)
        self.carriage = plant.device("carriage", FlyingCarriage)
        self.knife = plant.device("knife", Knife)

    def out_of_step(self) -> float | None:
        """The slip (mm/s) when the carriage runs out of step with the strip, else None."""
        slip = self.knife.slip_mm_s
        return slip if abs(slip) > tolerance(self.knife.strip_mm_s) else None


def _piece_in_tolerance(s, n):
    """Piece n after the head trim: the strip between cut n and cut n + 1 (material coordinates)."""
    cuts, length = s.devices.strip.cuts, s.params["length_mm"]
    piece = cuts[n - 1] - cuts[n]
    if abs(piece - length) > TOL_MM:
        return f"piece {n} was {piece:.1f} mm long (ordered {length:g} mm +/-{TOL_MM:g})"
    return None


def _pieces_judge():
    return EachInTolerance(f"the head trimmed, then {PIECES} pieces of the ordered length +/-{TOL_MM:g} mm",
                           lambda s: len(s.devices.strip.cuts) - 1, _piece_in_tolerance, PIECES)


def _parked(s) -> bool:
    c, k = s.devices.carriage, s.devices.knife
    return abs(c.pos - HOME) <= HOME_MM and c.standstill and c.active and k.is_up


def _lifts_promptly():
    return judges.progress_within(
        f"the knife rising within {LIFT_S:g} s of the blade reaching the bottom",
        cause=lambda s: s.devices.knife.is_down,
        ways=[judges.Way("the blade", lambda s: s.devices.knife.blade, by=LIFT_BY, slack=0.02,
                         until=lambda s: s.devices.knife.is_up, arrive_s=lambda s: UP_BY_S)],
        within_s=LIFT_S,
        late=lambda t: f"the blade reached the bottom at {t:g} s but had not risen {LIFT_BY:.0%} of its "
                       f"stroke {LIFT_S:g} s later")


def _completion():
    return judges.watched(judges.in_order(
        _pieces_judge(), judges.held("the carriage parked at home, knife up", _parked, 2.0)),
        _lifts_promptly())


def _knife_lowered_out_of_step(s):
    if not s.io["knife_lower"]:
        return None
    slip = s.devices.out_of_step()
    if slip is None:
        return None
    return (f"the knife was commanded down with the carriage {slip:+.0f} mm/s off the strip's "
            f"{s.devices.knife.strip_mm_s:.0f} mm/s")


def _outside_stroke(s):
    pos = s.devices.carriage.pos
    if pos < 0.0 or pos > STROKE:
        return f"the carriage left its stroke: {pos:.1f} mm"
    return None


def _out_of_step_with_blade_in(s):
    if not s.devices.knife.in_strip:
        return None
    slip = s.devices.out_of_step()
    if slip is None:
        return None
    return (f"the carriage ran {slip:+.0f} mm/s off the strip's {s.devices.knife.strip_mm_s:.0f} mm/s "
            "with the blade in the strip")


# --- conditions ---------------------------------------------------------------------------------

def _cond(name, seed, description, **params) -> Condition:
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("fast_long_pieces", 41, "2000 mm at 800 mm/s slowing to 600, quick knife",
          length_mm=2000, line_speed=800.0, line_speed_after=600.0, line_accel=400.0, line_start_s=1.0,
          change_s=8.0, stop_s=16.0, knife_s=0.04, head_mm=300.0, carriage_mm=420.0, start_count=31000),
    _cond("short_pieces_slow_knife", 42, "650 mm at 200 mm/s rising to 280, slow knife down at power-up",
          length_mm=650, line_speed=200.0, line_speed_after=280.0, line_accel=250.0, line_start_s=1.8,
          change_s=9.0, stop_s=15.5, knife_s=0.15, head_mm=80.0, carriage_mm=50.0, start_count=-12000,
          knife_down_at_start=1),
    _cond("top_speed_stored_fault", 43, "2500 mm at 1000 mm/s slowing to 700, drive fault stored",
          length_mm=2500, line_speed=1000.0, line_speed_after=700.0, line_accel=600.0, line_start_s=0.6,
          change_s=7.5, stop_s=13.0, knife_s=0.09, head_mm=150.0, carriage_mm=880.0, start_count=20000,
          fault_at_start=1),
    _cond("mid_length_speeds_up", 44, "1200 mm at 320 mm/s rising to 520, gentle ramps",
          length_mm=1200, line_speed=320.0, line_speed_after=520.0, line_accel=200.0, line_start_s=1.2,
          change_s=11.0, stop_s=17.5, knife_s=0.06, head_mm=390.0, carriage_mm=700.0, start_count=500),
    _cond("stop_early", 45, "900 mm at 400 mm/s slowing to 240, the stop after two pieces",
          length_mm=900, line_speed=400.0, line_speed_after=240.0, line_accel=550.0, line_start_s=0.9,
          change_s=5.5, stop_s=9.5, knife_s=0.12, head_mm=220.0, carriage_mm=260.0, start_count=-30000),
)


def _speed_range(length: float) -> tuple[float, float]:
    return max(SPEED[0], length / PIECE_TIME[1]), min(SPEED[1], length / PIECE_TIME[0])


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: both line speeds so that a piece
    takes 2.0-4.0 s to pass (and within 200-1000 mm/s), the second at least 15 % from the first;
    the speed change 2-3.5 pieces after the line starts and the stop 1-3 pieces after the change
    (both among the 9 cuts). Length, speeds and the knife's stroke log-uniform."""
    while True:
        length = round(log_uniform(rng, *LENGTH))
        lo, hi = _speed_range(length)
        v0 = round(log_uniform(rng, lo, hi), 1)
        v1 = round(log_uniform(rng, lo, hi), 1)
        if abs(v1 - v0) >= 0.15 * v0:
            break
    start = round(rng.uniform(0.5, 2.0), 2)
    change = round(start + rng.uniform(2.0, 3.5) * length / v0, 2)
    stop = round(change + rng.uniform(1.0, 3.0) * length / v1, 2)
    params = dict(length_mm=length, line_speed=v0, line_speed_after=v1,
                  line_accel=round(rng.uniform(*LINE_ACCEL), 1), line_start_s=start, change_s=change,
                  stop_s=stop,
                  knife_s=round(log_uniform(rng, *KNIFE_S), 3), head_mm=round(rng.uniform(50.0, 400.0), 1),
                  carriage_mm=round(rng.uniform(20.0, 900.0), 1), start_count=rng.randint(-32768, 32767),
                  knife_down_at_start=int(rng.random() < 0.25), fault_at_start=int(rng.random() < 0.25))
    description = (f"{length} mm at {v0:g} -> {v1:g} mm/s, knife {params['knife_s']:g} s, "
                   f"stop at {stop:g} s")
    return dict(params=params, description=description)


IO = (
    *axis_io("carriage", ("%IX0.0", "drive_ready")),
    IOPoint("%IX0.1", "drive_fault", "BOOL", "input", "carriage", "fault",
            f"TRUE while the carriage drive has a latched fault (a following error above {FE_LIMIT_MM:g} mm, "
            "or one stored at power-up; cleared by a rising edge on reset_fault)"),
    IOPoint("%IX0.2", "knife_up", "BOOL", "input", "knife", "up",
            "Knife up limit switch: TRUE while the blade is fully up"),
    IOPoint("%IX0.3", "knife_down", "BOOL", "input", "knife", "down",
            "Knife down limit switch: TRUE while the blade is fully down (it has cut through the strip)"),
    IOPoint("%IW0", "strip_count", "INT", "input", "encoder", "count",
            f"Strip encoder (a measuring wheel on the strip): {COUNTS_PER_MM:g} counts per mm of strip "
            "travel, counting up as the strip runs; a 16-bit counter: it wraps from 32767 on to -32768",
            "counts", "-32768..32767"),
    IOPoint("%IW1", "length", "INT", "input", "length", "value",
            "Ordered piece length (constant during the run)", "mm", "600..2500"),
    IOPoint("%IW2", "carriage_position", "INT", "input", "carriage", "position",
            f"Actual carriage position along the strip from the stroke's start (home is {HOME:g} mm)",
            "0.1 mm", f"0..{round(STROKE * 10)}"),
    IOPoint("%IW3", "following_error", "INT", "input", "carriage", "following_error",
            "Setpoint minus actual position of the carriage drive", "0.1 mm", "-32768..32767"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "carriage", "enable",
            "TRUE enables the carriage drive; on enable its setpoint starts where the carriage stands "
            "(FALSE: it brakes to a stop)"),
    *axis_io("carriage", ("%QX0.1", "reset_fault")),
    IOPoint("%QX0.2", "knife_lower", "BOOL", "output", "knife", "down",
            "TRUE drives the blade down, FALSE drives it up (it takes the knife's stroke time either way)"),
    IOPoint("%QW0", "carriage_setpoint", "INT", "output", "carriage", "setpoint",
            "Position setpoint of the carriage, taken every scan (cyclic position mode): the drive moves by "
            f"the change from the last scan's word; {SETPOINT_RULE}", "0.1 mm", f"0..{round(STROKE * 10)}"),
)

TASK = Task(
    id="MOT-M04", title="Flying cut-to-length", suite="MOT", level="M",
    summary="Cut a running strip into pieces of the ordered length with a flying knife: launch the carriage "
            "early to run with the strip at the cut point, cut, lift, return; trim the head, 8 pieces "
            "+/-1 mm, park.",
    plant_description=(
        "A strip runs from an uncoiler along a cut table at the speed the host sets; the PLC does not drive "
        "it. From power-up the line stands, then starts, changes its speed once and stops once for "
        f"{STOP_S:g} s before running on, every change ramped (see the ranges). A measuring wheel on the "
        f"strip drives a 16-bit encoder counter ({COUNTS_PER_MM:g} counts per mm). Over the strip a carriage "
        f"runs along it on a {STROKE:g} mm stroke (0 at its upstream end, home at {HOME:g} mm), driven by "
        "a synchronous servo in cyclic position mode: the PLC writes its position setpoint every scan and "
        "the drive follows with velocity feed-forward and a proportional position loop, so its actual "
        "position trails the setpoint while it moves (following_error shows by how much); its acceleration "
        f"is limited to {DRIVE_ACCEL:g} mm/s^2 and its speed to {DRIVE_SPEED:g} mm/s, and a following error "
        f"above {FE_LIMIT_MM:g} mm trips it. On the carriage a knife cuts across the strip: its blade comes "
        "down and goes up in the knife's stroke time, with an up and a down limit switch; the blade is in "
        "the strip from half its stroke, and it cuts the strip where the carriage actually is at the "
        "moment it reaches the bottom. At power-up the strip's head has already run past home (by an "
        "unknown amount), and the carriage may stand anywhere on its stroke, its knife up or down."),
    specification=(
        f"1. Enable the carriage drive (clearing a stored fault first), get the knife up and bring the "
        f"carriage to home ({HOME:g} mm).\n"
        "2. Track the strip's travel from the encoder (the difference of two readings, which wraps at 16 "
        "bits). For every cut, launch the carriage from home early enough - the cut point still v^2/2a "
        "upstream of it - that it runs with the strip, locked to the cut point, when the blade comes down: "
        "the blade must cut at the cut point, so the carriage's actual position must match the cut point "
        "at the moment the blade reaches the bottom.\n"
        "3. With the carriage locked, lower the knife; as soon as the blade is at the bottom (knife_down) "
        f"raise it: it must rise {LIFT_BY:.0%} of its stroke within {LIFT_S:g} s of reaching the bottom and "
        f"go on up, never back down, until it is fully up (within {UP_BY_S:g} s of reaching the bottom). "
        "Keep the carriage running with the strip until the blade is out of the strip, then brake and "
        "return home for the next cut.\n"
        "4. The first cut trims the strip's head (its length does not count); the next 8 cuts must each "
        f"make a piece of the ordered length +/-{TOL_MM:g} mm, measured along the strip from the cut "
        "before. Then park the carriage at home with the knife up and keep it there.\n"
        "5. If the line slows or stops, keep to the strip: the next cut point comes later.\n"
        f"The sync tolerance of the rules is {SYNC_PCT:g} % of the strip's speed, but at least "
        f"{SYNC_FLOOR:g} mm/s; the carriage's and the strip's speeds are taken over the last 50 ms.\n"
        "The line's speeds, ramps and times, the piece length, the knife's stroke time and the start "
        "state differ from run to run."),
    io=IO,
    completion=Completion(
        f"In this order: the head trimmed by a first cut, then {PIECES} pieces each of the ordered length "
        f"+/-{TOL_MM:g} mm (a piece out of tolerance fails the run), the blade each time rising "
        f"{LIFT_BY:.0%} of its stroke within {LIFT_S:g} s of reaching the bottom and on, without going back, "
        f"to fully up within {UP_BY_S:g} s; then the carriage standing still at home "
        f"({HOME:g} +/-{HOME_MM:g} mm), its drive enabled without a fault and the knife up, for 2 s "
        "without a break.",
        _completion,
        keep=_parked,
        keep_wording=f"the carriage standing still at home ({HOME:g} +/-{HOME_MM:g} mm), its drive enabled "
                     "without a fault, the knife up."),
    safety_rules=(
        SafetyRule("MOT-M04-S1", "The knife may be commanded down (knife_lower TRUE) only while the carriage "
                   "runs with the strip within the sync tolerance.", judges.never(
                       lambda s: _knife_lowered_out_of_step(s) is not None, _knife_lowered_out_of_step)),
        SafetyRule("MOT-M04-S2", f"The carriage must stay within its stroke, 0 to {STROKE:g} mm.",
                   _outside_stroke),
        SafetyRule("MOT-M04-S3", "The carriage may run out of step with the strip (beyond the sync "
                   "tolerance) only while the blade is out of the strip (less than half way down).",
                   _out_of_step_with_blade_in),
    ),
    parameters=(
        ParameterRange("length_mm", *LENGTH, "mm", "ordered piece length (given on %IW1)"),
        ParameterRange("line_speed", *SPEED, "mm/s", "the line's speed before and after its change "
                       f"(each such that a piece takes {PIECE_TIME[0]:g}-{PIECE_TIME[1]:g} s to pass; "
                       "changed by at least 15 %)", keys=("line_speed", "line_speed_after")),
        ParameterRange("line_accel", *LINE_ACCEL, "mm/s^2", "the line's ramp for every speed change"),
        ParameterRange("line_start_s", 0.5, 2.0, "s", "when the line starts after power-up"),
        ParameterRange("change_s", 4.0, 16.0, "s", "when the line changes speed (2-3.5 pieces after it "
                       "starts)"),
        ParameterRange("stop_s", 6.0, 28.0, "s", "when the line is ordered to stop (1-3 pieces after the "
                       f"change); it stands {STOP_S:g} s and runs on at the same speed"),
        ParameterRange("knife_s", *KNIFE_S, "s", "the knife's stroke time, down or up"),
        ParameterRange("head_mm", 50.0, 400.0, "mm",
                       "how far the strip's head has run past home at power-up"),
        ParameterRange("carriage_mm", 20.0, 900.0, "mm", "where the carriage stands at power-up"),
        ParameterRange("start_count", -32768, 32767, "counts", "the encoder count at power-up"),
        ParameterRange("knife_down_at_start", 0, 1, "", "1 = the knife is down at power-up"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=52.0,
    build_plant=build_plant,
    judged_devices=Line,
)
