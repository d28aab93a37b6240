"""MAT-E10 Labelling at an offset.

Cartons ride a line conveyor whose speed the host changes now and then; a tamp label
applicator over the belt must put one label on each carton with the label's leading edge at
the ordered offset behind the carton's leading edge. A product-detect eye upstream latches the
line encoder's count at each carton's leading edge (the encoder card's registration latch);
the applicator fires at a count the program writes, and its pad takes a fixed time to reach
the carton, during which the carton travels on. The program must turn the latched count into
the firing count (eye-to-pad distance plus offset, less the travel during the tamp at the
line's speed then), arm the applicator for each carton in turn, and re-feed a label after
each tamp.

Changed from the catalog, and why:
- the tolerance is +/-5 mm, not 3: a carton standing on the belt slips a little behind it while
  the belt speeds up (about 1.5 mm per 100 mm/s of speed change, the belt's own physics), and
  the label lands where the carton is; with the line's speed changes and the tamp lead taken at
  the speed of the firing scan, 3 mm left no honest margin. A program firing on a time delay
  from the eye, ignoring the tamp lead or the latch, is off by far more.
- the line's speed changes by 50-100 mm/s at a time (150 mm/s^2), for the same reason.
- the applicator fires at a count (a position-triggered output), so the firing is exact in
  the step; without it a scan's travel (up to 5 mm) would eat the tolerance.
- the label may be off the pad at power-up (the start state to discover: feed one first).
"""

from __future__ import annotations

import bisect
import functools
import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.belt_encoder import BeltEncoder, travel_table
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.label_applicator import LabelApplicator
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task

CARTONS = 8
COUNTS_PER_MM = 10.0
EYE_AT, PAD_AT, DROP_AT = 420.0, 1020.0, 190.0
BELT_LENGTH = 1600.0
TIME_LIMIT_S = 60.0
LINE_ACCEL = 150.0
LINE_MAX = 600.0
TAMP_S = 0.08
RETURN_S = 0.08
LABEL_MM = 40.0
TOLERANCE_MM = 5.0
CARTON_WIDTH = 150.0
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 300.0, length=BELT_LENGTH, width=180.0,
                              speed=p["line_speed"], max_speed=LINE_MAX, ramp_s=LINE_MAX / LINE_ACCEL))
    belt.run = True                 # the line is running at power-up; the PLC does not drive it
    belt.velocity = p["line_speed"]
    belt.surface_vx, belt.surface_vy = belt.velocity * belt.ux, belt.velocity * belt.uy
    schedule = [(t, dict(part_kind="carton", colour="yellow", material="plastic", width=CARTON_WIDTH,
                         length=length, height_mm=200.0))
                for t, length in zip(_release_times(p), p["carton_mm"], strict=True)]
    plant.add(Feeder("infeed", *belt.point(DROP_AT), schedule, prefix="carton"))
    plant.add(PhotoEye.across(belt, "eye", EYE_AT))
    enc = plant.add(BeltEncoder("encoder", belt, counts_per_mm=COUNTS_PER_MM, start_count=p["start_count"],
                                at_mm=EYE_AT - 80.0, latch_at_mm=EYE_AT, label="line encoder"))
    plant.add(LabelApplicator("applicator", enc, at_mm=PAD_AT, tamp_s=TAMP_S, return_s=RETURN_S,
                              feed_s=p["feed_s"], label_length_mm=LABEL_MM,
                              label_ready=bool(p["label_at_start"]), label="labeller"))
    plant.add(Chute("runout", BELT_LENGTH + 6, 100.0, BELT_LENGTH + 400, 500.0, label="run-out"))
    plant.add(ValueWord("offset", round(p["offset_mm"] * 10), position=(300.0, 600.0),
                        label="label offset", units="mm", scale=0.1))
    return plant


def _release_times(p) -> list[float]:
    """When the infeed puts each carton down so that it follows the last with its gap: the belt
    has then carried the last one on by half of each length plus the gap (travel_table)."""
    changes = list(zip(p["change_s"], p["speeds"], strict=True))
    table = travel_table(TIME_LIMIT_S, p["line_speed"], changes, LINE_ACCEL, running=True)
    k = round(p["first_s"] * 100)
    steps = [k]
    for n in range(1, len(p["carton_mm"])):
        need = table[k] + p["carton_mm"][n - 1] / 2 + p["gap_mm"][n - 1] + p["carton_mm"][n] / 2
        k = bisect.bisect_left(table, need, lo=k)
        steps.append(k)
    return [round(k * 0.01, 2) for k in steps]


# --- judges ---------------------------------------------------------------------------------------

def _labels_ok(s) -> list[str]:
    """The cartons carrying exactly one label, within the tolerance of the offset, wholly on it."""
    app = s.devices
    offset = s.params["offset_mm"]
    lengths = {f"carton{k + 1}": L for k, L in enumerate(s.params["carton_mm"])}
    ok = []
    for name, where in app.labels.items():
        lead_edge = [w - LABEL_MM / 2 for w in where]
        if len(where) == 1 and abs(lead_edge[0] - offset) <= TOLERANCE_MM and app.label_on_part(
                where[0], lengths.get(name, 0.0)):
            ok.append(name)
    return ok


def _pad_at_rest(s) -> bool:
    return s.devices.phase == "up" and not s.devices.armed


def _completion():
    return judges.in_order(
        judges.distinct(f"{CARTONS} cartons labelled at the offset", _labels_ok, CARTONS),
        judges.held("the applicator at rest with its pad up and not armed", _pad_at_rest, HOLD_S))


class _Touches(judges.Monitor):
    """Reads the applicator's touch log as it grows; `bad(s, touch)` words a touch the rule forbids."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = s.devices.touches
        msg = None
        while self.seen < len(log):
            touch = log[self.seen]
            self.seen += 1
            msg = msg or self.bad(s, touch)
        return msg

    def bad(self, s, touch):
        raise NotImplementedError


class _OnCarton(_Touches):
    def bad(self, s, touch):
        t, part, behind, carrying = touch
        if not part:
            return f"the pad tamped onto the bare belt at {t:g} s"
        length = s.params["carton_mm"][int(part.removeprefix("carton")) - 1]
        if not s.devices.label_on_part(behind, length):
            return f"the pad tamped at {t:g} s over the edge of {part}: the label hangs off it"
        return None


class _OneLabel(_Touches):
    def __init__(self):
        super().__init__()
        self.labelled: set[str] = set()

    def bad(self, s, touch):
        t, part, _, carrying = touch
        if part and carrying:
            if part in self.labelled:
                return f"{part} got a second label at {t:g} s"
            self.labelled.add(part)
        return None


class _WithLabel(_Touches):
    def bad(self, s, touch):
        t, part, _, carrying = touch
        if not carrying:
            return f"the pad tamped at {t:g} s with no label on it"
        return None


# --- conditions ----------------------------------------------------------------------------------

def _set_speed(plant: Plant, speed: float) -> None:
    plant["belt"].speed = speed


def _cond(name, seed, description, *, line_speed, changes, cartons, gaps, **params):
    params.update(line_speed=line_speed, change_s=[t for t, _ in changes], speeds=[v for _, v in changes],
                  carton_mm=list(cartons), gap_mm=list(gaps))
    params.setdefault("first_s", 0.3)
    params.setdefault("start_count", 30000)
    disturbances = tuple(Disturbance(t, f"the line changes speed to {v:g} mm/s",
                                     functools.partial(_set_speed, speed=v)) for t, v in changes)
    return Condition(name, seed, params, description, disturbances=disturbances)


CONDITIONS = (
    _cond("steady_then_faster", 101, "line at 300 mm/s, speeding up twice; offset 60 mm",
          line_speed=300.0, changes=((4.0, 380.0), (8.0, 460.0)),
          cartons=(300, 260, 320, 280, 300, 250, 340, 300),
          gaps=(120, 60, 200, 90, 150, 70, 110), offset_mm=60.0, feed_s=0.25, label_at_start=1),
    _cond("slow_line_speeds_up_and_down", 102, "line at 120 mm/s up to 200 and back; offset 200 mm, "
          "no label on the pad at power-up", line_speed=120.0,
          changes=((6.0, 200.0), (14.0, 130.0), (22.0, 210.0)),
          cartons=(280, 300, 320, 260, 300, 340, 280, 300), gaps=(40, 300, 80, 150, 30, 220, 100),
          offset_mm=200.0, feed_s=0.4, label_at_start=0),
    _cond("fast_line_slows", 103, "line at 500 mm/s slowing to 420 and 340; offset 20 mm; the counter wraps",
          line_speed=500.0, changes=((3.0, 420.0), (6.5, 340.0)),
          cartons=(300, 320, 280, 300, 260, 300, 320, 300),
          gaps=(250, 300, 200, 260, 280, 240, 300), offset_mm=20.0, feed_s=0.2, label_at_start=1,
          start_count=31000),
    _cond("short_gaps_mid_speed", 104,
          "line at 250 mm/s, short gaps, speed changes mid-travel; offset 120 mm",
          line_speed=250.0, changes=((3.3, 330.0), (7.1, 250.0), (10.4, 170.0)),
          cartons=(260, 250, 300, 270, 250, 260, 280, 250), gaps=(30, 45, 60, 35, 50, 40, 30),
          offset_mm=120.0, feed_s=0.3, label_at_start=0, start_count=-12000),
    _cond("long_cartons_slow", 105, "line at 160 mm/s to 100, long cartons, offset 150 mm",
          line_speed=160.0, changes=((5.0, 100.0), (12.0, 180.0)),
          cartons=(350, 340, 320, 350, 330, 350, 340, 320), gaps=(100, 60, 150, 80, 120, 90, 70),
          offset_mm=150.0, feed_s=0.35, label_at_start=1, start_count=0),
)


def _cycle_ok(p) -> bool:
    """Every carton follows the last far enough behind for the pad to tamp, return and take a
    new label (feed) before the next is due, at the fastest the line runs: jointly drawn gaps."""
    top = max([p["line_speed"], *p["speeds"]])
    need = top * (TAMP_S + RETURN_S + p["feed_s"] + 0.15)
    return all(L + g >= need for L, g in zip(p["carton_mm"][1:], p["gap_mm"], strict=True))


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: the line starts at 100-500 mm/s
    and changes speed 1-3 times, 2-8 s apart, by 50-100 mm/s up or down within 100-500; the
    cartons (250-350 mm) and gaps (30-300 mm) are drawn again until every carton leaves the pad
    time for its tamp, return and label feed at the line's top speed; the offset 20-200 mm fits
    every carton with the label on it; the power-up count is set near the counter's wrap one
    time in two."""
    while True:
        v = round(rng.uniform(100.0, 500.0), 0)
        changes, t, speed = [], 0.0, v
        for _ in range(rng.randint(1, 3)):
            t = round(t + rng.uniform(2.0, 8.0), 2)
            step = rng.uniform(50.0, 100.0) * rng.choice((1, -1))
            if not 100.0 <= speed + step <= 500.0:
                step = -step
            speed = round(speed + step, 0)
            changes.append((t, speed))
        cartons = [round(rng.uniform(250.0, 350.0)) for _ in range(CARTONS)]
        gaps = [round(rng.uniform(30.0, 300.0)) for _ in range(CARTONS - 1)]
        params = dict(line_speed=v, change_s=[c[0] for c in changes], speeds=[c[1] for c in changes],
                      carton_mm=cartons, gap_mm=gaps, feed_s=round(rng.uniform(0.2, 0.4), 2))
        if _cycle_ok(params):
            break
    cond = _cond("sampled", 0, "", line_speed=v, changes=changes, cartons=cartons, gaps=gaps,
                 offset_mm=round(rng.uniform(20.0, 200.0), 1), feed_s=params["feed_s"],
                 label_at_start=int(rng.random() < 0.7), first_s=round(rng.uniform(0.1, 2.0), 2),
                 start_count=rng.randint(25000, 32767) if rng.random() < 0.5 else rng.randint(-32768, 32767))
    p = cond.params
    then = ", ".join(f"{s:g}" for s in p["speeds"])
    description = f"line {v:g} mm/s then {then}, offset {p['offset_mm']:g} mm"
    return dict(params=p, description=description, disturbances=cond.disturbances)


IO = (
    IOPoint("%IX0.0", "carton_eye", "BOOL", "input", "eye", "blocked",
            f"Product-detect photo-eye across the belt {EYE_AT:g} mm from its infeed end: TRUE while a "
            "carton blocks the beam"),
    IOPoint("%IX0.1", "label_ready", "BOOL", "input", "applicator", "label_ready",
            "TRUE while a label is on the tamp pad and the pad is up"),
    IOPoint("%IX0.2", "armed", "BOOL", "input", "applicator", "armed",
            "TRUE from a rising edge on arm until the applicator fires"),
    IOPoint("%IX0.3", "pad_up", "BOOL", "input", "applicator", "pad_up", "TRUE while the tamp pad is up"),
    IOPoint("%IW0", "line_count", "INT", "input", "encoder", "count",
            f"Line encoder: {COUNTS_PER_MM:g} counts per mm of belt travel, counting up; a 16-bit counter: "
            "it wraps from 32767 on to -32768", "counts", "-32768..32767"),
    IOPoint("%IW1", "edge_count", "INT", "input", "encoder", "edge_count",
            "The line count latched by the encoder card at the instant the last carton's leading edge "
            "reached the photo-eye's beam (exact, whatever the scan)", "counts", "-32768..32767"),
    IOPoint("%IW2", "edges", "INT", "input", "encoder", "edges",
            "How many leading edges the latch has taken since power-up (goes up by one at each new carton)",
            "", "0.."),
    IOPoint("%IW3", "offset", "INT", "input", "offset", "value",
            "Ordered label offset: from the carton's leading edge back to the label's leading edge "
            "(constant during the run)", "0.1 mm", "200..2000"),
    IOPoint("%QX0.0", "feed_label", "BOOL", "output", "applicator", "feed",
            "Rising edge: the printer feeds the next label onto the pad (only with the pad up and no label "
            "on it); label_ready comes on when it is there"),
    IOPoint("%QX0.1", "arm", "BOOL", "output", "applicator", "arm",
            "Rising edge arms the applicator: it fires once, when line_count reaches fire_count"),
    IOPoint("%QW0", "fire_count", "INT", "output", "applicator", "fire_count",
            "The line count at which the armed applicator fires (read every scan: it may be corrected while "
            "armed); compared as a 16-bit difference, so it may lie past the wrap", "counts",
            "-32768..32767"),
)

TASK = Task(
    id="MAT-E10", title="Labelling at an offset", suite="MAT", level="E",
    summary="Put one label on each of 8 cartons on a line with changing speed, its leading edge at the "
            "ordered offset behind the carton's leading edge, by firing a tamp applicator at an encoder "
            "count.",
    plant_description=(
        f"Cartons ({CARTON_WIDTH:g} mm wide, 250-350 mm long) ride a line conveyor from its infeed end "
        "with gaps between them; the line runs from power-up and the host changes its speed now and then "
        f"(it ramps at {LINE_ACCEL:g} mm/s^2). A line encoder counts the belt's travel ({COUNTS_PER_MM:g} "
        f"counts per mm, 16-bit, wrapping). A product-detect photo-eye {EYE_AT:g} mm from the infeed end "
        "is wired both to the PLC and to the encoder card's latch input, which latches the count at "
        f"each carton's leading edge. A tamp label applicator stands over the belt {PAD_AT:g} mm from the "
        f"infeed end ({PAD_AT - EYE_AT:g} mm downstream of the eye): it fires at a line count the PLC "
        f"writes; its pad then takes {TAMP_S * 1000:g} ms to come down onto the carton (the carton travels "
        f"on meanwhile), puts the label ({LABEL_MM:g} mm long along the belt) where it touches, and takes "
        f"{RETURN_S * 1000:g} ms to come back up; a new label must then be fed onto the pad (it takes "
        "0.2-0.4 s). The label may be missing from the pad at power-up. Cartons leave the belt end onto a "
        "run-out."),
    specification=(
        "1. If no label is on the pad (label_ready FALSE with the pad up), feed one (rising edge on "
        "feed_label).\n"
        "2. For each carton: when its leading edge is latched (edges goes up), the label's leading edge "
        f"must land at the ordered offset behind the carton's leading edge: the pad's label centre is at "
        f"{PAD_AT - EYE_AT:g} mm downstream of the eye, so the carton must have travelled "
        f"{PAD_AT - EYE_AT:g} mm + offset + {LABEL_MM / 2:g} mm from the latched count when the pad "
        f"touches, {TAMP_S * 1000:g} ms after firing. Write fire_count (16-bit: past the wrap is fine) and "
        "give a rising edge on arm with a label on the pad; correct fire_count every scan while armed for "
        "the line's speed then (it changes), so that the travel during the tamp is allowed for.\n"
        f"3. Every label must land within {TOLERANCE_MM:g} mm of the offset; every carton gets exactly one "
        "label; the pad never tamps onto the bare belt, over a carton's edge, or without a label.\n"
        "4. After each tamp, when the pad is back up, feed the next label so that it is ready for the "
        "next carton.\n"
        "5. After the eighth carton leave the applicator at rest: pad up, not armed.\n"
        "The line's speeds, the cartons' lengths and gaps and the label feed time differ from run to run."),
    io=IO,
    completion=Completion(
        f"All {CARTONS} cartons each carry exactly one label, wholly on the carton, its leading edge within "
        f"{TOLERANCE_MM:g} mm of the ordered offset behind the carton's leading edge; then the applicator "
        f"stays at rest (pad up, not armed) for {HOLD_S:g} s.",
        _completion,
        keep=_pad_at_rest,
        keep_wording="the applicator at rest: pad up, not armed."),
    safety_rules=(
        SafetyRule("MAT-E10-S1", "The pad must only tamp onto a carton, with the whole label on it "
                   "(never onto "
                   "the bare belt or over a carton's edge).", _OnCarton()),
        SafetyRule("MAT-E10-S2", "No carton may get more than one label.", _OneLabel()),
        SafetyRule("MAT-E10-S3", "The pad must only tamp with a label on it.", _WithLabel()),
    ),
    parameters=(
        ParameterRange("line_speed", 100.0, 500.0, "mm/s", "the line's speed at power-up and after each "
                       "change (1-3 changes, 2-8 s apart, by 50-100 mm/s)", keys=("line_speed", "speeds")),
        ParameterRange("change_s", 2.0, 24.0, "s", "when the line changes speed"),
        ParameterRange("offset_mm", 20.0, 200.0, "mm", "ordered label offset (given on %IW3 in 0.1 mm)"),
        ParameterRange("carton_mm", 250.0, 350.0, "mm", "carton lengths along the belt"),
        ParameterRange("gap_mm", 30.0, 300.0, "mm", "gaps between cartons (enough for the pad's cycle)"),
        ParameterRange("feed_s", 0.2, 0.4, "s", "time to feed a label onto the pad"),
        ParameterRange("label_at_start", 0, 1, "", "1 = a label is on the pad at power-up"),
        ParameterRange("first_s", 0.1, 2.0, "s", "when the first carton is put on the belt"),
        ParameterRange("start_count", -32768, 32767, "counts", "the encoder count at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    judged_devices=lambda plant: plant.device("applicator", LabelApplicator),
)
