"""MAT-M02 Carton packing by count.

A two-speed product belt carries parts nose first to its end, where they drop through a fill
chute into the carton standing beneath it on a carton conveyor, held there by a stopper. The
program counts N parts into each carton, stops the belt so that part N + 1 stays aboard, waits
for part N to land, sends the full carton on, stops the next one and resumes; four cartons.

Changed from the catalog, and why:
- the belt has a slow speed (a quarter of full speed) and a count eye 200 mm before its end.
  With coasts up to 120 mm from full speed and parts 40 mm long, stopping at full speed when
  part N drops lets part N + 1 coast off too wherever the gap behind part N is short (the
  catalog's trap, kept as the S3 counterexample); stopping from slow speed never does. To slow
  down in time the program tracks the parts between the count eye and the belt end (Medium:
  tracking parts between sensors), and "slow only for the last part of a carton" is judged, so
  creeping the whole time (which needs no tracking) earns 0.
- gaps are 20-300 mm, not 0-300: a count eye cannot tell touching parts apart.
- the fill chute has two eyes: one at its top (a pulse as each part leaves the belt: when to
  stop) and one at its exit (a pulse as each part lands: when the carton may move). The fall
  takes 0.15-0.6 s, so a fixed wait after the drop long enough for the slowest fall misses the
  index deadline (0.5 s after the landing) for a quick one; indexing before the landing is S2.
- the new carton comes 1-8 s after the full one has passed the carton-out eye; the belt must
  resume within 1 s of the new carton standing at the stopper (the second deadline; the
  slowest belt needs 0.46 s from standstill to carry its parts 10 mm).

Judged by what the plant does: deliveries are distinct cartons with their counted contents at
the take-away; promptness by real progress (the full carton moving on 20 mm, the product belt
carrying 10 mm); the end state (product belt at standstill, nothing falling) held 2 s. A missed
deadline, a wrong carton or a spilled part ends the run at once (tasks.common.MissEndsTheRun: the battery's
failing programs would otherwise each run to the 160 s limit). The product belt is 600 mm long
and has no contactor feedback input, to keep the closed loop above 300x real time.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.carton_erector import CartonErector
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.fill_chute import FillChute
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.spaced_feeder import SpacedFeeder
from sim.devices.two_speed_conveyor import TwoSpeedConveyor
from sim.devices.workpiece import Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun, belt_position, published_range

CARTONS = 4
EXTRA_PARTS = 3
BELT_LENGTH = 600.0
COUNT_EYE_AT = BELT_LENGTH - 200.0
PART_LENGTH, PART_WIDTH = 40.0, 60.0
SLOW_RATIO = 0.25
CARTON = 200.0                  # carton footprint, mm square
CARTON_X = BELT_LENGTH + 160.0  # the carton conveyor's centre line (the drop point's x)
CARTON_BELT_START, CARTON_BELT_LENGTH = -800.0, 1300.0   # along +y from y = -800 to y = 500
STOPPER_AT = 906.0              # mm along the carton belt: the carton at the stopper is centred on y = 0
IN_PLACE_AT = STOPPER_AT - 9.0  # the eye sees the carton's front 3 mm before it touches the stopper
OUT_AT = STOPPER_AT + 250.0     # past the stopper: a carton here has cleared the stopper plate
ERECTOR_AT = 110.0
TAKE_AWAY_Y = CARTON_BELT_START + CARTON_BELT_LENGTH + 6.0
CARTON_SPEED = 200.0
INDEX_S = 0.5                   # the full carton moves on within this time of its last part landing
INDEX_MM = 20.0
RESUME_S = 1.0                  # the product belt runs again within this time of a new carton at rest
RESUME_MM = 10.0
SLOW_GRACE_S = 0.1              # a scan's lag between the eye and the speed change is no fault
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    v = float(p["belt_speed"])
    belt = plant.add(TwoSpeedConveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=v,
                                      slow_ratio=SLOW_RATIO, ramp_s=2.0 * p["coast_mm"] / v))
    cbelt = plant.add(Conveyor("carton_belt", CARTON_X, CARTON_BELT_START + CARTON_BELT_LENGTH / 2,
                               length=CARTON_BELT_LENGTH, width=240.0, angle_deg=90.0, speed=CARTON_SPEED,
                               ramp_s=0.05))
    # a plate as deep as the carton is wide, so the held carton is not turned by it
    plant.add(Stopper.beside(cbelt, "stopper", STOPPER_AT, side="right", plate_depth=200.0,
                             extend_s=p["stopper_s"], retract_s=p["stopper_s"],
                             start_extended=not p.get("stopper_retracted", False)))
    plant.add(PhotoEye.across(cbelt, "carton_in_place", IN_PLACE_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(cbelt, "carton_out", OUT_AT))
    plant.add(PhotoEye.across(belt, "count_eye", COUNT_EYE_AT))
    drop_x, drop_y = cbelt.point(STOPPER_AT - 6.0 - CARTON / 2)
    plant.add(FillChute("fill_chute", belt, drop_x, drop_y, fall_s=p["fall_s"]))
    carton = dict(part_kind="carton", colour="orange", material="plastic", width=CARTON, length=CARTON,
                  height_mm=150.0, mass=2.0)
    present = bool(p.get("carton_at_start", False))
    if present:
        plant.add(Workpiece("carton0", drop_x, drop_y, **carton))
    plant.add(CartonErector("erector", *cbelt.point(ERECTOR_AT), carton=carton,
                            count=CARTONS - (1 if present else 0), late_s=p["carton_late_s"],
                            first_s=None if present else p["first_carton_s"],
                            after=("carton_out", "blocked")))
    plant.add(Chute("take_away", CARTON_X - 150, TAKE_AWAY_Y, CARTON_X + 150, TAKE_AWAY_Y + 300,
                    label="full cartons"))
    # the product stream: a few parts already on the belt (short of the count eye), the rest
    # handed on by the upstream line at the drawn pitches
    n = int(p["count"])
    total = CARTONS * n + EXTRA_PARTS
    pitches = [PART_LENGTH + g for g in p["gaps_mm"]]
    part = dict(part_kind="A", colour="blue", material="plastic", width=PART_WIDTH, length=PART_LENGTH)
    at, laid = COUNT_EYE_AT - 80.0, 0
    while laid < total and at >= 60.0:
        plant.add(Workpiece(f"ready{laid + 1}", *belt.point(at), **part))
        at -= pitches[laid]
        laid += 1
    plant.add(SpacedFeeder("upstream", *belt.point(30.0), belt="belt", parts=[part] * (total - laid),
                           pitch_mm=pitches[laid:], first_after_mm=max(0.0, 30.0 - at)))
    plant.add(ValueWord("count", n, position=(200.0, 260.0), label="parts per carton"))
    return plant


# --- judges -----------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", TwoSpeedConveyor)
        self.fill = plant.device("fill_chute", FillChute)
        self.flow = self.fill.flow


def _n(s) -> int:
    return int(s.params["count"])


def _last_part_on_its_way(s) -> bool:
    """The last part the carton being filled needs has passed the count eye (nose at the beam):
    counting every part that left the belt and every part with its nose past the eye."""
    line, n = s.devices, _n(s)
    dropped = len(line.fill.drops)
    need = n * (dropped // n + 1)
    passed = dropped
    for part in line.flow.parts:
        if part.part_kind != "carton":
            along, _ = belt_position(line.belt, part)
            if along + PART_LENGTH / 2 >= COUNT_EYE_AT - 1.0 and along <= BELT_LENGTH:
                passed += 1
    return passed >= need


class SlowOnlyForTheLast(judges.Watch):
    """Written for this task: the belt may run slow only while the last part of the carton is on
    its way from the count eye to the belt end (a timed creep judge would not say which part)."""

    def __init__(self):
        self.since: int | None = None

    def check(self, s):
        if not (s.io["belt_run"] and s.io["belt_slow"]) or _last_part_on_its_way(s):
            self.since = None
            return None
        if self.since is None:
            self.since = s.time_ms
        if s.time_ms - self.since > round(SLOW_GRACE_S * 1000):
            return (f"the belt ran slow at {self.since / 1000:g} s while the carton's last part had not yet "
                    "passed the count eye")
        return None


def _full_and_landed(s) -> bool:
    fill = s.devices.fill
    if fill.falling or not fill.landings:
        return False
    c = fill.carton_under()
    return c is not None and fill.contents[c.name] >= _n(s)


def _full_carton_to_go(s) -> float:
    """How far the newest full carton still has to go to the take-away (mm); gone: done."""
    fill, n = s.devices.fill, _n(s)
    ys = [c.xy()[1] for name, c in fill.cartons.items() if not c.removed and fill.contents[name] >= n]
    return TAKE_AWAY_Y - min(ys) if ys else -1e6


def _carton_ready(s) -> bool:
    """A carton that still needs parts stands at rest at the stopper, with nothing falling."""
    fill = s.devices.fill
    if not s.io["carton_in_place"] or fill.falling:
        return False
    c = fill.carton_under()
    if c is None or fill.contents[c.name] >= _n(s):
        return False
    vx, vy = c.body.velocity
    return vx * vx + vy * vy < 4.0


def _prompt_steps() -> list[judges.Watch]:
    index = judges.progress_within(
        "the full carton sent on", _full_and_landed,
        [judges.Way("the full carton moving on", _full_carton_to_go, by=INDEX_MM)], INDEX_S,
        late=lambda t: (f"the carton was full at {t:g} s (its last part had landed) but had not moved on "
                        f"{INDEX_MM:g} mm {INDEX_S:g} s later"))
    resume = judges.progress_within(
        "the product belt running again", _carton_ready,
        [judges.Way("the product belt running", lambda s: -s.devices.belt.travelled, by=RESUME_MM)], RESUME_S,
        late=lambda t: (f"a carton stood ready at the stopper at {t:g} s but the product belt had not "
                        f"carried its parts {RESUME_MM:g} mm on {RESUME_S:g} s later"))
    return [index, resume, SlowOnlyForTheLast()]


class _Packed(judges.Judge):
    """Written for this task: a carton that leaves with the wrong count, or a part that fell
    beside a carton, cannot be put right, so either ends the run at once (distinct() would wait)."""

    name = f"{CARTONS} cartons of exactly the set count at the take-away"

    def __init__(self):
        super().__init__()
        self.good: set[str] = set()

    def update(self, s):
        if self.done:
            return True
        fill, n = s.devices.fill, _n(s)
        if fill.spilled:
            self.failed = f"{fill.spilled[0][1]} fell beside the carton at {fill.spilled[0][0]:.2f} s"
            return False
        for t, name, got in fill.delivered:
            if got != n:
                self.failed = f"{name} left the fill position at {t:.2f} s with {got} parts instead of {n}"
                return False
            self.good.add(name)
        if len(self.good) >= CARTONS:
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} ({len(self.good)} so far)"


def _at_rest(s) -> bool:
    line = s.devices
    return line.belt.velocity == 0.0 and not line.fill.falling


AT_REST = "the product belt at standstill and no part falling"

COMPLETION = Completion(
    f"{CARTONS} cartons at the take-away, each holding exactly the set count of parts (parts_per_carton), "
    f"no part fallen beside a carton; then {AT_REST}, held for {HOLD_S:g} s. On the way: within "
    f"{INDEX_S:g} s of a carton's last part landing (landed_eye falling edge) the full carton moves on "
    f"(it has travelled {INDEX_MM:g} mm); within {RESUME_S:g} s of a new carton coming to rest at the "
    f"stopper (carton_in_place TRUE) the product belt runs again (it has carried the parts "
    f"{RESUME_MM:g} mm); and the belt runs slow only while the last part the carton needs is on its "
    f"way from the count eye to the belt end (from its nose reaching count_eye until it drops; "
    f"{SLOW_GRACE_S:g} s grace), at full speed otherwise.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(_Packed(), judges.held(AT_REST, _at_rest, HOLD_S)),
        *_prompt_steps(), name="cartons packed by count")),
    keep=_at_rest, keep_wording=AT_REST + ".",
)


def _no_carton_drops(s) -> int:
    return s.devices.fill.drops_without_carton


class _OverCount:
    """Parts over the set count in all cartons, summed again only when a part has landed."""

    def __init__(self):
        self.landings, self.over = 0, 0

    def __call__(self, s) -> int:
        fill = s.devices.fill
        if len(fill.landings) != self.landings:
            self.landings, n = len(fill.landings), _n(s)
            self.over = sum(max(0, k - n) for k in fill.contents.values())
        return self.over


SAFETY = [
    SafetyRule("MAT-M02-S1", "A part leaves the product belt only when a carton stands under the fill "
               "chute (its opening under the drop point): never into an empty fill position.",
               CountGrows(_no_carton_drops, "a part left the belt with no carton under the fill chute")),
    SafetyRule("MAT-M02-S2", "A carton stays still (moves at most 1 mm) while a part falls into it: from the "
               "moment the part leaves the belt until it has landed.",
               CountGrows(lambda s: len(s.devices.fill.moved_under),
                          "a carton moved while a part fell into it")),
    SafetyRule("MAT-M02-S3", "No carton ever receives more parts than the set count.",
               CountGrows(_OverCount(), "a carton received more parts than the set count")),
]


# --- I/O --------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "count_eye", "BOOL", "input", "count_eye", "blocked",
            f"photo-eye across the product belt {BELT_LENGTH - COUNT_EYE_AT:.0f} mm before its end, TRUE "
            "while a part blocks the beam (parts are 40 mm long, gaps at least 20 mm)"),
    IOPoint("%IX0.1", "drop_eye", "BOOL", "input", "fill_chute", "drop_eye",
            "eye at the top of the fill chute: TRUE for about 0.05 s as each part leaves the belt end "
            "(one pulse per part)"),
    IOPoint("%IX0.2", "landed_eye", "BOOL", "input", "fill_chute", "landed_eye",
            "eye at the exit of the fill chute: TRUE for about 0.05 s as each part drops into the carton; "
            "its falling edge = the part has landed"),
    IOPoint("%IX0.3", "carton_in_place", "BOOL", "input", "carton_in_place", "blocked",
            "photo-eye at the fill position, TRUE while a carton stands there (it turns TRUE 3 mm before "
            "the carton touches the stopper)"),
    IOPoint("%IX0.4", "carton_out", "BOOL", "input", "carton_out", "blocked",
            "photo-eye 250 mm past the stopper, TRUE while a carton blocks it: a carton here has cleared "
            "the stopper"),
    IOPoint("%IX0.5", "stopper_extended", "BOOL", "input", "stopper", "extended",
            "stopper fully out across the carton belt"),
    IOPoint("%IX0.6", "stopper_retracted", "BOOL", "input", "stopper", "retracted", "stopper fully back"),
    IOPoint("%IW0", "parts_per_carton", "INT", "input", "count", "value",
            "the set count N of parts per carton", "parts", "3..8"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the product belt forward"),
    IOPoint("%QX0.1", "belt_slow", "BOOL", "output", "belt", "slow",
            f"TRUE: the product belt runs at its slow speed ({SLOW_RATIO:g} x full speed); "
            "FALSE: full speed"),
    IOPoint("%QX0.2", "carton_belt_run", "BOOL", "output", "carton_belt", "run",
            f"TRUE runs the carton belt forward ({CARTON_SPEED:g} mm/s; a carton held by the stopper "
            "stays put)"),
    IOPoint("%QX0.3", "stopper_extend", "BOOL", "output", "stopper", "extend",
            "stopper valve (single solenoid): TRUE extends it across the carton belt, FALSE retracts it"),
]

SPEC = f"""\
Parts (40 mm long) come nose first along the product belt, spaced by gaps of 20-300 mm. At
the belt's end each part drops through a fill chute into the carton standing beneath it: a part
leaves the belt when its centre passes the end (drop_eye pulses), falls for a time that is not
known in advance, and lands in the carton (landed_eye pulses; its falling edge is the landing).
The product belt runs at full speed, or with belt_slow at a quarter of it; stopped from full
speed it coasts 10-120 mm (not known in advance: it can be longer than the pitch of two bunched
parts), from slow speed a sixteenth of that. The count eye sits {BELT_LENGTH - COUNT_EYE_AT:.0f} mm before
the belt end; at power-up no part lies between it and the end.

Cartons come one at a time along the carton belt from the erector and are held at the fill
position by the stopper; carton_in_place is TRUE while a carton stands there. Fill each carton
with exactly parts_per_carton (N) parts: when part N has left the belt, stop the belt so that part
N + 1 stays aboard (slow the belt for the last part only: from the moment part N's nose reaches
the count eye until it drops, because at full speed the coast can carry part N + 1 off too).
Once part N has landed, send the full carton on at once: retract the stopper and run the carton
belt; when carton_out turns TRUE the full carton has cleared the stopper, so extend the stopper
again for the next carton (it comes 1-8 s later and would pass a retracted stopper). A carton
comes to rest against the stopper within 0.05 s of carton_in_place turning TRUE; then run the
product belt again at once. The parts still aboard past the count eye when the belt stops are
the next carton's first parts (the eye has counted them already). The carton belt carries off any
carton the stopper does not hold.

At power-up the belts stand still; a carton may already stand at the fill position (empty), or
the first one is still to come; the stopper may be retracted. After {CARTONS} full cartons no
more cartons come: stop the product belt and keep it stopped."""

PLANT = f"""\
Top view, millimetres. The product belt runs along x from x = 0 to x = {BELT_LENGTH:.0f} at y = 0 (parts
travel toward +x); the count eye crosses it at x = {COUNT_EYE_AT:.0f}. The fill chute leads from the belt
end down to the carton at the fill position, centred at ({CARTON_X:.0f}, 0). The carton belt runs along y
at x = {CARTON_X:.0f} from the erector (y = -690) toward +y to the take-away beyond y = 500; the stopper
stands at y = 106 on its right (+x) side, the carton_in_place eye at y = 97 and the carton_out eye at
y = 356."""


# --- conditions --------------------------------------------------------------------------------

PARAMETERS = [
    ParameterRange("count", 3, 8, "parts", "parts per carton (the parts_per_carton word)"),
    ParameterRange("belt_speed", 150, 300, "mm/s", "product belt full speed"),
    ParameterRange("coast_mm", 10, 120, "mm", "product belt run-on after stopping from full speed"),
    ParameterRange("gaps_mm", 20, 300, "mm", "gap between one part's tail and the next part's nose"),
    ParameterRange("fall_s", 0.15, 0.6, "s", "time a part takes from the belt end into the carton"),
    ParameterRange("carton_late_s", 1.0, 8.0, "s",
                   "time from a full carton passing carton_out to the next carton leaving the erector"),
    ParameterRange("first_carton_s", 0.0, 3.0, "s",
                   "when the first carton leaves the erector (none at start)"),
    ParameterRange("stopper_s", 0.1, 0.3, "s", "stopper stroke time (each way)"),
]


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


def _gaps(pattern, n):
    """The gap list of a registered condition: `pattern` repeated to cover every part."""
    total = CARTONS * n + EXTRA_PARTS
    return [pattern[k % len(pattern)] for k in range(total - 1)]


CONDITIONS = [
    _cond("nominal", 31, "N = 5, 220 mm/s, medium coast and gaps, a carton waiting at power-up",
          count=5, belt_speed=220, coast_mm=50, gaps_mm=_gaps([120, 80, 200, 60, 150, 100], 5), fall_s=0.35,
          carton_late_s=[3.0, 2.0, 4.0], first_carton_s=0.0, stopper_s=0.2, carton_at_start=True),
    _cond("long_coast_bunched", 32, "N = 4, fast belt with a 110 mm coast and short gaps, quick fall, "
          "first carton still to come", count=4, belt_speed=290, coast_mm=110,
          gaps_mm=_gaps([25, 40, 30, 60, 20, 35], 4), fall_s=0.16, carton_late_s=[1.2, 7.5, 2.5, 1.0],
          first_carton_s=1.5, stopper_s=0.12),
    _cond("slow_fall_sparse", 33, "N = 3, slow belt, slow fall, wide gaps, stopper retracted at power-up",
          count=3, belt_speed=160, coast_mm=15, gaps_mm=_gaps([280, 200, 250, 150], 3), fall_s=0.58,
          carton_late_s=[7.8, 1.5, 5.0, 3.0], first_carton_s=2.8, stopper_s=0.28, stopper_retracted=True),
    _cond("big_count_quick", 34, "N = 8, fast belt, short gaps, quick fall, cartons late and early",
          count=8, belt_speed=270, coast_mm=90, gaps_mm=_gaps([30, 50, 20, 80, 45], 8), fall_s=0.2,
          carton_late_s=[1.0, 6.0, 2.0], first_carton_s=0.0, stopper_s=0.1, carton_at_start=True,
          stopper_retracted=True),
    _cond("mixed", 35, "N = 6, middle speed, long coast, mixed gaps, middle fall",
          count=6, belt_speed=200, coast_mm=120, gaps_mm=_gaps([20, 260, 40, 120, 70, 300, 25], 6),
          fall_s=0.4, carton_late_s=[4.5, 1.1, 8.0, 2.0], first_carton_s=0.6, stopper_s=0.18),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample): independent and uniform
    for count, speed, coast, fall time, first carton, stopper time and every carton's lateness;
    every gap in the stream drawn on its own, half the time from the whole range and half the
    time from its short end (20-80 mm, a bunched stream: the coast trap needs short gaps to show);
    a carton at the fill position at power-up one time in three, the stopper retracted one in four."""
    n = rng.randint(*map(int, _range("count")))
    lo, hi = _range("gaps_mm")
    bunched = rng.random() < 0.5
    gaps = [round(rng.uniform(lo, 80.0 if bunched else hi), 1) for _ in range(CARTONS * n + EXTRA_PARTS - 1)]
    present = rng.random() < 1 / 3
    params = dict(count=n, belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  coast_mm=round(rng.uniform(*_range("coast_mm")), 1), gaps_mm=gaps,
                  fall_s=round(rng.uniform(*_range("fall_s")), 2),
                  carton_late_s=[round(rng.uniform(*_range("carton_late_s")), 2) for _ in range(CARTONS)],
                  first_carton_s=round(rng.uniform(*_range("first_carton_s")), 2),
                  stopper_s=round(rng.uniform(*_range("stopper_s")), 2), carton_at_start=present,
                  stopper_retracted=rng.random() < 1 / 4)
    description = (f"N = {n}, {params['belt_speed']} mm/s, coast {params['coast_mm']:g} mm, fall "
                   f"{params['fall_s']:g} s" + (", bunched" if bunched else "")
                   + (", carton at start" if present else "")
                   + (", stopper back" if params["stopper_retracted"] else ""))
    return dict(params=params, description=description)


TASK = Task(
    id="MAT-M02", title="Carton packing by count", suite="MAT", level="M",
    summary="Count parts into cartons, stop with the next part aboard, index and resume.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=160.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
