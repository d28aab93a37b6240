"""MOT-E07 Registration index to a print mark.

A servo feed roll draws a printed web past a registration eye; a knife downstream cuts it.
Each sheet must be cut with its print mark exactly under the knife: feed until the probe
latch (sim.devices.probe_latch) catches the next mark's edge, re-target the feed to the
latched position plus the eye-to-knife offset, stop, cut, repeat. A missing mark: stop
within the pitch plus 40 mm and raise the Alarm.

The trap: the eye is sampled once per scan and a 3 mm mark at up to 800 mm/s passes in a few
milliseconds; a program that stops where its scan saw the mark is off by up to 8 mm, or never
sees it. Crawling so the scan can see it is too slow: every index has a deadline of the
ideal move plus 0.5 s.

Changes from the catalog entry, and why:
- The catalog's "mark +/- 0.5 mm under the knife" is a standing rule (S1): the knife may
  only come down with the web still and a mark within 0.5 mm of it, so a cut off the mark is
  a violation, not merely a missing count.
- The promptness of each index (ideal trapezoid time at the drive's speed and acceleration
  plus 0.5 s, from the knife being back up) is what makes the +/- 0.5 mm two-sided: a
  program that creeps until its scan sees the mark is late.
- The acceleration is drawn jointly with the speed so that the drive can always brake from
  full speed within the shortest eye-to-knife offset (v^2 / 2a <= 50 mm).
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import ValueWord, to_word
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.probe_latch import FeedRoll, ProbeLatch
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import log_uniform

MARK_MM = 3.0            # mark length along the web
AT_MARK_MM = 0.5         # a mark within this of the knife counts as under it
CUTS = 6
SEARCH_MM = 40.0         # S3: never fed more than pitch + this past the last mark seen
SLACK_S = 0.5            # each index may take the ideal move time plus this
STILL_MM = 1e-6
HOLD_S = 2.0
EYE = (300.0, 300.0)
MARKS_PRINTED = 8


def marks_of(p) -> list[float]:
    """The feed positions at which each printed mark's leading edge reaches the eye: the
    first at first_mark_mm, each next one a pitch of the nominal +/- its own spread later,
    the missing one left out."""
    out, at = [], p["first_mark_mm"]
    spread = p["pitch_spread"]
    for i in range(MARKS_PRINTED):
        if i != p["missing_mark"] - 1:
            out.append(round(at, 3))
        at += p["pitch_mm"] * (1.0 + spread[i % len(spread)])
    return out


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(FeedRoll("feed", x=EYE[0] - 250.0, y=EYE[1], start_mm=0.0, max_speed=p["max_speed"],
                       accel=p["accel"], window_mm=0.1, settle_s=0.02, label="feed roll"))
    knife_x = EYE[0] + p["offset_mm"]
    plant.add(Cylinder("knife", knife_x, EYE[1] + 110.0, angle_deg=-90.0, stroke=60.0,
                       extend_s=p["knife_s"], retract_s=p["knife_s"], plate_width=140.0, plate_depth=6.0))
    marks = marks_of(p)
    if p.get("mark_at_eye"):
        marks.insert(0, -1.0)      # a mark already under the eye at power-up: its edge came before
    plant.add(ProbeLatch("eye", "feed", marks, mark_width_mm=MARK_MM, eye=EYE, knife="knife",
                         knife_offset_mm=p["offset_mm"], web_from_mm=-320.0,
                         web_to_mm=p["offset_mm"] + 260.0))
    plant.add(ValueWord("pitch", to_word(p["pitch_mm"]), position=(360.0, 520.0), label="nominal pitch",
                        units="mm", scale=0.1))
    plant.add(ValueWord("offset", to_word(p["offset_mm"]), position=(520.0, 520.0), label="eye to knife",
                        units="mm", scale=0.1))
    plant.add(Lamp("alarm_lamp", x=200.0, y=120.0, label="Alarm", color="red"))
    return plant


class Judged:
    """The devices the judges read every scan, and the run's marks."""

    def __init__(self, plant):
        self.feed = plant.device("feed", FeedRoll)
        self.knife = plant.device("knife", Cylinder)
        self.eye = plant.device("eye", ProbeLatch)
        self.offset = self.eye.knife_offset_mm
        self.targets = [m + self.offset for m in self.eye.marks if m > 0.0]   # cuttable marks

    def cut_marks(self) -> list[int]:
        """Indexes of the marks cut within AT_MARK_MM of the knife."""
        return [i for c in self.eye.cuts for i, t in enumerate(self.targets) if abs(c - t) <= AT_MARK_MM]

    def next_target(self) -> float | None:
        done = set(self.cut_marks())
        for i, t in enumerate(self.targets):
            if i not in done and t > self.feed.pos - AT_MARK_MM:
                return t
        return None


def _cuts_needed(s) -> int:
    m = s.params["missing_mark"]
    return CUTS if m == 0 else m - 1


def _still(s) -> bool:
    return s.devices.feed.vel == 0.0


def _next_is_missing(s) -> bool:
    """The next mark to cut is the one not printed (nothing owed until the alarm)."""
    return len(set(s.devices.cut_marks())) >= _cuts_needed(s)


def _distance_to_next(s) -> float:
    t = s.devices.next_target()
    return 0.0 if t is None else abs(t - s.devices.feed.pos)


def _trapezoid_s(d: float, v: float, a: float) -> float:
    return d / v + v / a if d > v * v / a else 2.0 * math.sqrt(d / a)


def _index_promptly():
    def arrive_s(s):
        return _trapezoid_s(_distance_to_next(s), s.params["max_speed"], s.params["accel"]) + SLACK_S

    return judges.progress_within(
        "feeding to the next mark",
        cause=lambda s: s.devices.knife.read("retracted"),
        ways=[judges.Way("the web", _distance_to_next, by=1.0,
                         until=lambda s: _distance_to_next(s) <= AT_MARK_MM and _still(s),
                         arrive_s=arrive_s)],
        within_s=SLACK_S, excused=_next_is_missing,
        late=lambda t: f"the knife was up at {t:g} s but the web had not set off toward the next mark "
                       f"{SLACK_S:g} s later")


def _normal_end(s) -> bool:
    return _still(s) and s.devices.knife.read("retracted") and not s.io["alarm"]


def _alarm_end(s) -> bool:
    return _still(s) and s.devices.knife.read("retracted") and bool(s.io["alarm"])


def _completion():
    return judges.watched(
        judges.in_order(
            judges.distinct("marks cut under the knife", lambda s: s.devices.cut_marks(), _cuts_needed),
            judges.held("the web still, the knife up, Alarm as the marks say",
                        lambda s: _alarm_end(s) if s.params["missing_mark"] else _normal_end(s), HOLD_S),
        ),
        _index_promptly())


def _end_state_kept(s) -> bool:
    return _alarm_end(s) if s.params["missing_mark"] else _normal_end(s)


class KnifeOnlyAtMark(judges.Monitor):
    """S1: the knife commanded down only with the web still (no travel this scan) and a mark within
    0.5 mm of the knife. Written for this task: a standing rule about where the web stands."""

    def __init__(self):
        self.prev: float | None = None

    def check(self, s):
        pos = s.devices.feed.pos
        moved = self.prev is not None and abs(pos - self.prev) > STILL_MM
        self.prev = pos
        if not s.io["knife_down"]:
            return None
        if moved:
            return f"knife_down on while the web moved (at {pos:.2f} mm)"
        near = [t for t in s.devices.targets if abs(t - pos) <= AT_MARK_MM]
        if not near:
            best = min(s.devices.targets, key=lambda t: abs(t - pos))
            return f"knife_down on with the nearest mark {pos - best:+.2f} mm from the knife"
        return None


class WebOnlyWithKnifeUp(judges.Monitor):
    """S2 from position: any travel of the web in a scan in which the knife was not fully up at its
    start or end."""

    def __init__(self):
        self.prev: float | None = None
        self.was_up = True

    def check(self, s):
        pos, up = s.devices.feed.pos, bool(s.devices.knife.read("retracted"))
        msg = None
        if self.prev is not None and abs(pos - self.prev) > STILL_MM and not (up and self.was_up):
            msg = f"the web moved {pos - self.prev:+.2f} mm with the knife not fully up"
        self.prev, self.was_up = pos, up
        return msg


def _overfed(s):
    limit = s.devices.eye.last_edge_mm + s.params["pitch_mm"] + SEARCH_MM
    if s.devices.feed.pos > limit:
        return (f"the web was fed to {s.devices.feed.pos:.1f} mm, more than the pitch + {SEARCH_MM:g} mm "
                f"past the last mark seen at {s.devices.eye.last_edge_mm:.1f} mm")
    return None


# --- conditions ------------------------------------------------------------------------------

def _spread(rng: random.Random) -> list[float]:
    return [round(rng.uniform(-0.03, 0.03), 4) for _ in range(MARKS_PRINTED)]


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 701, "200 mm pitch, medium speed, marks near nominal", pitch_mm=200.0, offset_mm=100.0,
          first_mark_mm=40.0, pitch_spread=[0.01, -0.02, 0.0, 0.015, -0.01, 0.02, 0.0, 0.0], max_speed=400.0,
          accel=6000.0, knife_s=0.15),
    _cond("fast_long_pitch", 702, "800 mm/s, 260 mm pitch, long offset, marks 3 % apart both ways",
          pitch_mm=260.0, offset_mm=150.0, first_mark_mm=120.0,
          pitch_spread=[0.03, -0.03, 0.03, -0.03, 0.03, -0.03, 0.0, 0.0], max_speed=800.0, accel=7000.0,
          knife_s=0.1),
    _cond("mark_at_eye", 703, "a mark sits under the eye at power-up; short pitch, slow knife",
          pitch_mm=180.0, offset_mm=60.0, first_mark_mm=170.0, mark_at_eye=1,
          pitch_spread=[-0.02, 0.025, -0.01, 0.0, 0.03, -0.025, 0.0, 0.0], max_speed=250.0, accel=3000.0,
          knife_s=0.3),
    _cond("missing_fourth_mark", 704, "the fourth mark is not printed: three cuts, then Alarm",
          pitch_mm=230.0, offset_mm=120.0, first_mark_mm=15.0, missing_mark=4,
          pitch_spread=[0.0, 0.02, -0.02, 0.01, 0.0, 0.0, 0.0, 0.0], max_speed=600.0, accel=8000.0,
          knife_s=0.2),
    _cond("slow_drive_first_mark_far", 705, "200 mm/s, the first mark almost a pitch away",
          pitch_mm=210.5, offset_mm=85.0, first_mark_mm=205.0,
          pitch_spread=[0.02, 0.02, -0.03, 0.01, -0.015, 0.025, 0.0, 0.0], max_speed=200.0, accel=2000.0,
          knife_s=0.25),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The acceleration is drawn jointly with the speed:
    at least v^2 / 100 mm, so that the drive can brake from full speed within the shortest offset
    (60 mm) after the latch. The first mark lies anywhere up to a pitch ahead; one condition in
    four has a mark missing (the 2nd to the 6th), one in five a mark under the eye at power-up."""
    pitch = round(rng.uniform(180.0, 260.0), 1)
    speed = round(log_uniform(rng, 200.0, 800.0), 1)
    params = dict(
        pitch_mm=pitch, offset_mm=round(rng.uniform(60.0, 150.0), 1),
        first_mark_mm=round(rng.uniform(10.0, pitch), 2), pitch_spread=_spread(rng),
        max_speed=speed, accel=round(max(log_uniform(rng, 2000.0, 8000.0), speed * speed / 100.0), 1),
        knife_s=round(rng.uniform(0.1, 0.3), 3),
        missing_mark=rng.randint(2, 6) if rng.random() < 0.25 else 0,
        mark_at_eye=int(rng.random() < 0.2),
    )
    description = (f"pitch {pitch:g} mm, offset {params['offset_mm']:g} mm, {speed:g} mm/s"
                   + (f", mark {params['missing_mark']} missing" if params["missing_mark"] else "")
                   + (", mark under the eye at power-up" if params["mark_at_eye"] else ""))
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "mark_eye", "BOOL", "input", "eye", "mark",
            f"Registration eye: TRUE while a print mark ({MARK_MM:g} mm long) is under it, as sampled at "
            "the scan (a fast web can carry a mark past between two scans)"),
    IOPoint("%IX0.1", "probe_done", "BOOL", "input", "eye", "done",
            "Probe latch: TRUE once it has caught a mark edge since it was armed (until it is re-armed)"),
    IOPoint("%IX0.2", "knife_up", "BOOL", "input", "knife", "retracted",
            "Knife up end switch: TRUE only when the knife is fully up"),
    IOPoint("%IX0.3", "knife_is_down", "BOOL", "input", "knife", "extended",
            "Knife down end switch: TRUE when the knife has cut through (fully down)"),
    IOPoint("%IX0.4", "drive_ready", "BOOL", "input", "feed", "ready",
            "TRUE when the feed drive is enabled and has no fault"),
    IOPoint("%IX0.5", "in_position", "BOOL", "input", "feed", "in_position",
            "TRUE when the feed is within 0.1 mm of the target of the last move and has been at rest "
            "20 ms"),
    IOPoint("%IX0.6", "standstill", "BOOL", "input", "feed", "standstill",
            "TRUE while the web is not moving"),
    IOPoint("%IW0", "actual_position", "INT", "input", "feed", "position",
            "Web length fed since power-up (0 at power-up)", "0.1 mm", "0..32767"),
    IOPoint("%IW1", "probe_position", "INT", "input", "eye", "position",
            "The feed position latched at the instant of the mark edge (the leading edge feeding forward), "
            "exact whatever the scan; valid while probe_done", "0.1 mm", "0..32767"),
    IOPoint("%IW2", "nominal_pitch", "INT", "input", "pitch", "value",
            "Nominal mark pitch; each real pitch differs from it by up to 3 %", "0.1 mm", "1800..2600"),
    IOPoint("%IW3", "knife_offset", "INT", "input", "offset", "value",
            "Feed from the eye to the knife: a mark latched at P is under the knife at feed position "
            "P + knife_offset", "0.1 mm", "600..1500"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "feed", "enable", "TRUE enables the feed drive"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "feed", "start",
            "Rising edge starts a move to target_position (a new edge during a move re-targets it)"),
    IOPoint("%QX0.2", "probe_arm", "BOOL", "output", "eye", "arm",
            "Rising edge arms the probe latch and clears probe_done"),
    IOPoint("%QX0.3", "knife_down", "BOOL", "output", "knife", "extend",
            "TRUE drives the knife down to cut, FALSE lifts it (single solenoid)"),
    IOPoint("%QX0.4", "alarm", "BOOL", "output", "alarm_lamp", "on", "Alarm lamp: TRUE = a mark is missing"),
    IOPoint("%QW0", "target_position", "INT", "output", "feed", "target",
            "Target of the next move (feed position), taken at the start_move edge", "0.1 mm", "0..32767"),
    IOPoint("%QW1", "move_speed", "INT", "output", "feed", "speed",
            "Speed of the next move; 0 = the drive's configured speed (200 to 800 mm/s)", "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E07", title="Registration index to a print mark", suite="MOT", level="E",
    summary=f"Index a printed web by its print marks with the probe latch and cut {CUTS} sheets with each "
            "mark under the knife; a missing mark: stop and raise the Alarm.",
    plant_description=(
        "A servo feed roll draws a printed web (feed position 0 at power-up, counting the web length fed) "
        "past a registration eye; a knife downstream cuts across the web, a fixed feed (knife_offset) "
        f"after the eye. Print marks, {MARK_MM:g} mm long, are printed about a nominal pitch apart (each "
        "real pitch within 3 % of it). The eye is read once per scan; the drive's probe latch catches the "
        "exact feed position of a mark edge within the scan. The knife is a pneumatic cylinder with up "
        "and down end switches. A mark may already sit under the eye at power-up, and a mark may be "
        "missing from the print. An Alarm lamp is on the panel. The program starts at power-up."),
    specification=(
        f"1. Cut {CUTS} sheets, each with a print mark under the knife: arm the probe latch, feed the web "
        "forward, and when probe_done comes on re-target the feed to probe_position + knife_offset; at "
        "rest there bring the knife down, and lift it once it is down.\n"
        f"2. Each index must be quick: from the knife being up, the web must set off within {SLACK_S:g} s "
        "and arrive with the next mark under the knife within the drive's fastest move for that "
        f"distance (full configured speed and acceleration) plus {SLACK_S:g} s.\n"
        f"3. Never feed the web more than the nominal pitch + {SEARCH_MM:g} mm past the position at which "
        "the last mark passed the eye (at power-up: past the power-up position). If no mark comes within "
        "that, the mark is missing: stop the web and switch the Alarm on; keep it so.\n"
        f"4. After the {CUTS}th cut (or with the Alarm on) keep the web still with the knife up.\n"
        "The pitch, the offset, the drive's speed and acceleration, and the knife's travel times differ "
        "from run to run."),
    io=IO,
    completion=Completion(
        f"{CUTS} different marks are cut with the mark within {AT_MARK_MM} mm of the knife (where a mark is "
        "missing: every mark before it); then the web stands still with the knife up, the Alarm on if a "
        f"mark was missing and off otherwise, for {HOLD_S:g} s. Throughout, every index is quick: from the "
        f"knife being up the web sets off within {SLACK_S:g} s and has the next mark under the knife and at "
        f"rest within the drive's fastest move for that distance plus {SLACK_S:g} s (nothing is owed once "
        "the next mark is the missing one).",
        _completion,
        keep=_end_state_kept,
        keep_wording="the web still, the knife up, and the Alarm on if a mark was missing, off otherwise."),
    safety_rules=(
        SafetyRule("MOT-E07-S1", f"knife_down must only be on while the web stands still with a print mark "
                   f"within {AT_MARK_MM} mm of the knife.", KnifeOnlyAtMark()),
        SafetyRule("MOT-E07-S2", "The web must only move while the knife is fully up (knife_up).",
                   WebOnlyWithKnifeUp()),
        SafetyRule("MOT-E07-S3", f"The web must never be fed more than the nominal pitch + {SEARCH_MM:g} mm "
                   "past the position at which the last mark passed the eye (at power-up: past the "
                   "power-up position).", judges.never(lambda s: _overfed(s) is not None, _overfed)),
    ),
    parameters=(
        ParameterRange("pitch_mm", 180.0, 260.0, "mm", "nominal mark pitch (given on %IW2)"),
        ParameterRange("pitch_spread", -0.03, 0.03, "", "each real pitch's difference from the nominal, "
                       "as a fraction"),
        ParameterRange("offset_mm", 60.0, 150.0, "mm", "feed from the eye to the knife (given on %IW3)"),
        ParameterRange("first_mark_mm", 10.0, 260.0, "mm", "feed to the first mark's edge at the eye"),
        ParameterRange("max_speed", 200.0, 800.0, "mm/s", "drive's configured speed"),
        ParameterRange("accel", 2000.0, 8000.0, "mm/s^2", "drive's acceleration"),
        ParameterRange("knife_s", 0.1, 0.3, "s", "knife travel time down, and up"),
        ParameterRange("missing_mark", 0, 6, "", "the mark not printed (0 = none; 2nd to 6th)"),
        ParameterRange("mark_at_eye", 0, 1, "", "1 = a mark sits under the eye at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=25.0,
    build_plant=build_plant,
    judged_devices=Judged,
    condition_defaults={"missing_mark": 0, "mark_at_eye": 0},
)
