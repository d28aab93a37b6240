"""MAT-E14 Gapping a stream of touching parts.

Twelve parts of mixed lengths lie nose to tail (or with small gaps) on an infeed conveyor that
the PLC can only run or stop at its fixed speed; they cross onto a metering conveyor whose speed
the PLC sets with a word. Downstream machines need a gap of 80-200 mm in front of every part.
A photo-eye just past the transfer sees a part's tail leave as soon as the metering belt has
pulled it clear of the next; the program must then turn that first sliver of gap into a gap in
the window (by timing the pause of the infeed and the metering belt's speed), and must not let
the metering belt open the next gap before the next part is wholly on it.

Changed from the catalog, and why:
- the parts lie on the infeed from power-up (a feeder drops parts with room around them, not
  touching); the infeed is long enough for all twelve.
- "parts never touch past the transfer" is judged as a gap under 5 mm between two parts whose
  centres are both on the metering belt (a part rides the belt under its centre).
- the metering belt may run at most 400 mm/s (S2), judged on its speed word and its speed.
- the infeed's drive reports its actual speed (%IW0): with touching parts no eye can measure a
  length or the infeed's speed, and a gap is metering speed x time only if the program knows how
  fast the next nose comes up.
- the run ends with both belts stopped (the end state the program can keep or let go).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import belt_position

PARTS = 12
INFEED_LENGTH = 2000.0
METER_LENGTH = 680.0      # the gap eye at 350: the part before still on it (its tail within 550)
TRANSFER_EYE = 10.0        # mm onto the metering belt
GAP_EYE = 350.0            # mm onto the metering belt
GAP_MIN, GAP_MAX = 80.0, 200.0
TOUCH_MM = 5.0
METER_MAX = 400.0
PART_WIDTH = 80.0
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    infeed = plant.add(Conveyor("infeed", INFEED_LENGTH / 2, 300.0, length=INFEED_LENGTH, width=120.0,
                                speed=p["infeed_speed"], ramp_s=0.05))
    plant.add(Conveyor("metering", INFEED_LENGTH + METER_LENGTH / 2, 300.0, length=METER_LENGTH, width=120.0,
                       speed=0.0, max_speed=600.0, speed_command=True, ramp_s=0.1))
    # the stream: the first part's nose 10 mm short of the transfer, the rest behind it
    nose = INFEED_LENGTH - 10.0
    for k, (length, gap) in enumerate(zip(p["lengths_mm"], [0.0, *p["gaps_mm"]], strict=True)):
        nose -= gap
        plant.add(Workpiece(f"part{k + 1}", *infeed.point(nose - length / 2), part_kind=f"{length:g}",
                            colour="blue", material="plastic", width=PART_WIDTH, length=length))
        nose -= length
    metering = plant["metering"]
    plant.add(PhotoEye.across(metering, "transfer_eye", TRANSFER_EYE))
    plant.add(PhotoEye.across(metering, "gap_eye", GAP_EYE))
    plant.add(Chute("runout", INFEED_LENGTH + METER_LENGTH + 6, 150.0, INFEED_LENGTH + METER_LENGTH + 300,
                    450.0, label="run-out"))
    return plant


# --- judges ------------------------------------------------------------------------------------

class Stream:
    """The parts along the line, found once per scan (judged_devices): for each part on the
    metering belt its nose and tail there, and the gap in front of each part as it passed the
    gap eye (its nose crossing the beam: the tail of the part before it, less the eye's place)."""

    def __init__(self, plant: Plant):
        self.infeed = plant["infeed"]
        self.metering = plant.device("metering", Conveyor)
        self.flow = material_flow(plant)
        self.scan = -1
        self.passed: list[str] = []              # parts past the gap eye, in order
        self.gaps: list[tuple[str, float]] = []  # (part, gap in front of it) as it passed
        self.tails: dict[str, float] = {}
        self.on_meter: list[tuple[float, float, str]] = []   # (nose, tail, name) on the metering belt

    def at(self, s) -> Stream:
        if s.scan != self.scan:
            self.scan = s.scan
            self._update()
        return self

    def _update(self) -> None:
        on = []
        for part in self.flow.parts:
            along, _ = belt_position(self.metering, part)
            if not 0.0 <= along <= METER_LENGTH or part.removed:
                continue
            on.append((along + part.length / 2, along - part.length / 2, part.name))
        on.sort(reverse=True)
        self.on_meter = on
        before = None
        for nose, tail, name in on:
            if nose >= GAP_EYE and name not in self.passed:
                self.passed.append(name)
                if before is not None:
                    self.gaps.append((name, before[1] - nose))
            before = (nose, tail, name)

    def bad_gap(self) -> tuple[str, float] | None:
        for name, gap in self.gaps:
            if not GAP_MIN <= gap <= GAP_MAX:
                return name, gap
        return None


def _stream(s) -> Stream:
    return s.devices.at(s)


def _all_gapped(s) -> list[str]:
    st = _stream(s)
    return [] if st.bad_gap() else list(st.passed)


def _first_bad_gap_fails():
    class _Gaps(judges.Judge):
        """Written for this task: a gap outside the window ends the run at once (a part let
        through with the wrong gap cannot be taken back), which distinct() does not do."""

        name = f"{PARTS} parts past the gap eye, each {GAP_MIN:g}-{GAP_MAX:g} mm behind the last"

        def __init__(self):
            super().__init__()
            self.inner = judges.distinct(self.name, _all_gapped, PARTS)

        def update(self, s):
            if self.done or self.failed:
                return self.done
            bad = _stream(s).bad_gap()
            if bad:
                self.failed = f"{bad[0]} passed the gap eye {bad[1]:.0f} mm behind the part before it"
                return False
            if self.inner.update(s):
                return self._finish(s)
            return False

        def pending(self):
            return "" if self.done else self.inner.pending()

    return _Gaps()


def _belts_stopped(s) -> bool:
    st = _stream(s)
    return st.infeed.velocity == 0.0 and st.metering.velocity == 0.0


def _completion():
    return judges.in_order(_first_bad_gap_fails(), judges.held("both belts stopped", _belts_stopped, HOLD_S))


def _touching(s):
    on = _stream(s).on_meter
    for (_, t1, a), (n2, _, b) in zip(on, on[1:], strict=False):
        if t1 - n2 < TOUCH_MM:
            return f"{b} touched {a} on the metering belt (gap {max(0.0, t1 - n2):.1f} mm)"
    return None


def _too_fast(s):
    m = s.devices.metering
    if s.io["metering_speed"] > METER_MAX or m.velocity > METER_MAX + 1e-6:
        return f"the metering belt was set to {s.io['metering_speed']} mm/s (limit {METER_MAX:g})"
    return None


# --- conditions ----------------------------------------------------------------------------------

def _cond(name, seed, description, *, lengths, gaps=None, infeed_speed):
    gaps = list(gaps) if gaps is not None else [0.5] * (PARTS - 1)
    return Condition(name, seed, dict(lengths_mm=list(lengths), gaps_mm=gaps, infeed_speed=infeed_speed),
                     description)


CONDITIONS = (
    _cond("touching_mixed", 141, "touching, lengths 50-150 mm mixed, infeed 150 mm/s",
          lengths=(50, 150, 80, 120, 60, 150, 100, 50, 140, 70, 110, 90), infeed_speed=150.0),
    _cond("touching_long_slow", 142, "touching, mostly long parts with two short ones, slow infeed 100 mm/s",
          lengths=(150, 140, 130, 150, 60, 50, 145, 120, 150, 135, 50, 150), infeed_speed=100.0),
    _cond("touching_short_fast", 143, "touching, mostly short parts, fast infeed 200 mm/s",
          lengths=(50, 55, 60, 50, 150, 50, 65, 50, 70, 55, 50, 60), infeed_speed=200.0),
    _cond("gapped_mixed", 144, "small gaps of 10-60 mm already in the stream, infeed 180 mm/s",
          lengths=(100, 60, 150, 90, 50, 130, 70, 120, 80, 150, 60, 110),
          gaps=(10, 60, 25, 40, 15, 55, 30, 20, 45, 35, 50), infeed_speed=180.0),
    _cond("mixed_some_gaps", 145, "touching mostly, three gaps of 40-70 mm, infeed 120 mm/s",
          lengths=(120, 50, 150, 60, 140, 80, 50, 150, 100, 70, 130, 90),
          gaps=(0.5, 0.5, 70, 0.5, 0.5, 40, 0.5, 0.5, 55, 0.5, 0.5), infeed_speed=120.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges: lengths 50-150 mm drawn one by one (so short and
    long ones mix), the infeed speed 100-200 mm/s, and one stream in two with gaps of 0-60 mm
    already in it (else touching: 0.5 mm). Nothing to draw jointly: every stream fits the
    infeed and every gap can be opened."""
    lengths = [round(rng.uniform(50.0, 150.0)) for _ in range(PARTS)]
    gapped = rng.random() < 0.5
    gaps = [round(rng.uniform(0.5, 60.0), 1) if gapped else 0.5 for _ in range(PARTS - 1)]
    cond = _cond("sampled", 0, "", lengths=lengths, gaps=gaps, infeed_speed=round(rng.uniform(100.0, 200.0)))
    return dict(params=cond.params, description=f"infeed {cond.params['infeed_speed']:g} mm/s, "
                f"{'gapped' if gapped else 'touching'}, lengths {lengths}")


IO = (
    IOPoint("%IW0", "infeed_speed", "INT", "input", "infeed", "speed_actual",
            "The infeed conveyor's actual speed (its drive's feedback; 0 while it stands)", "mm/s", "0..200"),
    IOPoint("%IX0.0", "transfer_eye", "BOOL", "input", "transfer_eye", "blocked",
            f"Photo-eye across the metering belt {TRANSFER_EYE:g} mm past the transfer: TRUE while a part "
            "blocks it"),
    IOPoint("%IX0.1", "gap_eye", "BOOL", "input", "gap_eye", "blocked",
            f"Photo-eye across the metering belt {GAP_EYE:g} mm past the transfer (where gaps are judged): "
            "TRUE while a part blocks it"),
    IOPoint("%QX0.0", "infeed_run", "BOOL", "output", "infeed", "run",
            "TRUE runs the infeed conveyor at its fixed speed; FALSE stops it (within 50 ms)"),
    IOPoint("%QX0.1", "metering_run", "BOOL", "output", "metering", "run", "TRUE runs the metering conveyor"),
    IOPoint("%QW0", "metering_speed", "INT", "output", "metering", "speed",
            "Speed of the metering conveyor while it runs (it ramps 600 mm/s in 0.1 s)", "mm/s", "0..400"),
)

TASK = Task(
    id="MAT-E14", title="Gapping a stream of touching parts", suite="MAT", level="E",
    summary="Open a gap of 80-200 mm in front of each of 12 parts of mixed length coming nose to tail on an "
            "infeed, by pausing the infeed and setting the metering belt's speed.",
    plant_description=(
        f"An infeed conveyor ({INFEED_LENGTH:g} mm) carries twelve parts ({PART_WIDTH:g} mm wide, 50-150 mm "
        "long, mixed) lying nose to tail, or with small gaps, from power-up; it runs at a fixed speed "
        "(100-200 mm/s) or stands. It hands them over to a metering conveyor whose speed the PLC sets "
        f"(0-{METER_MAX:g} mm/s). A part rides whichever belt is under its centre: it moves at the infeed's "
        "speed until its centre has crossed the transfer, then at the metering belt's. A photo-eye "
        f"{TRANSFER_EYE:g} mm past the transfer sees each part's tail leave as soon as a gap has opened "
        f"there; a second one {GAP_EYE:g} mm past the transfer is where gaps are judged. Parts leave the "
        "metering belt's end onto a run-out."),
    specification=(
        "1. Run the metering belt and the infeed so that the parts cross onto the metering belt one by one.\n"
        f"2. Every part must come past the gap eye between {GAP_MIN:g} and {GAP_MAX:g} mm behind the tail "
        "of the part before it (the first part owes no gap). The parts' lengths differ and are not given: "
        "a fixed speed ratio between the belts opens gaps in proportion to the lengths, too small behind "
        "short parts and too large behind long ones; pause the infeed and time the metering belt instead "
        "(the transfer eye clearing is where a gap has begun).\n"
        f"3. Past the transfer, two parts must never touch (come within {TOUCH_MM:g} mm); the metering belt "
        f"must never run faster than {METER_MAX:g} mm/s.\n"
        "4. When the twelfth part has passed the gap eye (its tail has left the beam), stop both belts and "
        "keep them stopped.\n"
        "The infeed's speed, the lengths and the gaps already in the stream differ from run to run."),
    io=IO,
    completion=Completion(
        f"All {PARTS} parts pass the gap eye, each between {GAP_MIN:g} and {GAP_MAX:g} mm behind the tail of "
        "the part before it (a gap outside that ends the run); then both belts stand still for "
        f"{HOLD_S:g} s.",
        _completion,
        keep=_belts_stopped,
        keep_wording="both belts standing still."),
    safety_rules=(
        SafetyRule("MAT-E14-S1", f"Two parts whose centres are past the transfer must never come within "
                   f"{TOUCH_MM:g} mm of each other.", _touching),
        SafetyRule("MAT-E14-S2",
                   f"The metering belt must never be set to or run faster than {METER_MAX:g} mm/s.",
                   _too_fast),
    ),
    parameters=(
        ParameterRange("lengths_mm", 50.0, 150.0, "mm", "the parts' lengths, mixed"),
        ParameterRange("gaps_mm", 0.5, 70.0, "mm", "gaps already in the stream (0.5 = touching)"),
        ParameterRange("infeed_speed", 100.0, 200.0, "mm/s", "the infeed's fixed speed"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=80.0,
    build_plant=build_plant,
    judged_devices=Stream,
)
