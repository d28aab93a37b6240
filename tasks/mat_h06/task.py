"""MAT-H06 One robot palletizing two lines.

One palletizing gantry (sim.devices.gantry.Gantry: X, Y and Z servo drives, Z up) with a turning
wrist (sim.devices.rotary_axis.RotaryAxis) and one vacuum head (sim.devices.palletizer_head, serving
two lines) builds two pallets for each of two packing lines, A and B: each line has its own infeed
with a pick photo-eye and a "line full" eye (sim.devices.queue_eye.QueueEye: two cartons queued
behind the one at the pick; while it is blocked the line's upstream machine stands), its own carton
size and its own pallet station (sim.devices.layer_pallet.LayerPallet) with its own exchange. The
two jobs share the one robot: the program must serve the line nearer to backing up, keep serving
the other line while one line's pallet is being exchanged, and never let a line stand full for
long. Each line is judged on its own (its own pace, its own full eye), so a program that starves
one line fails even when the other finishes.

Changes from the catalog entry, and why:
- The robot is MAT-M03's gantry, wrist and PalletizerHead (the library's palletizer: a second line
  added to it), not a new articulated Robot and VacuumGripper: the same picking, turning and
  set-down physics, proven there, with one more pick and pallet.
- Two cartons a layer and two layers (four a pallet), one carton size per line (told by its words):
  two pallets a line keep a run near 200 s with the slow line's pace; each line's pattern is
  MAT-M03's (odd layer lengthwise, even turned 90 deg).
- No slip sheets and no light curtain: the zone a robot must not enter is the pallet station during
  its exchange (S1), the hazard a light curtain guards there; slip sheets would add a third pick
  and not a new arbitration.
- Exchanges 5-20 s (not 10-40 s): with a line's full eye clearing at three cartons and a carton
  every 9-30 s, a 40 s exchange would stand the line full however the robot works. S2 (the full eye
  blocked for no more than FULL_S) is excused while that line's pallet is away (no program could
  serve it); it is FULL_S = 14 s, not 5 s: the gantry needs up to about 9 s for a carton of the
  other line, started just before the eye blocked, and 4 s more to take this line's.
- Pace per line (two-sided with S2): a carton of each line laid within LINE_CYCLE_S of its
  previous one, or of its pallet or its carton at the pick arriving where later: a program
  finishing one line before it serves the other fails there even where the other line is too slow
  to fill up.
- A full pallet is sent away within EXCHANGE_WITHIN_S = 6 s of its last carton (MAT-M03: 3 s): the
  head must first be back over the clear height (S1), and the Z drive may trip on its way up.
- The slower line's order may arrive late (up to 40 s): its words (carton size and count) read 0
  until then and its first carton comes 2-6 s after it; line B's pallet may be part-built at
  power-up (count words for both lines).
- Added after the blind-written program (correct/blind_written.st, written from the prompt alone)
  passed all five conditions: the late order's words (it read the count at the first scan), and a
  drive trip (Axis.trip: X, Y or Z faults during the run, its reset ignored for TRIP_HOLD_S) that
  must be reset and the move given again while both lines wait (it ignored drive_fault: a start
  edge to a faulted drive is ignored and in_position still tells the old target). Both are stated
  in the prompt.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.conveyor import Conveyor
from sim.devices.gantry import Gantry
from sim.devices.layer_pallet import Laid, LayerPallet
from sim.devices.palletizer_head import COMPLIANCE_MM, PalletizerHead
from sim.devices.queue_eye import QueueEye
from sim.devices.rotary_axis import RotaryAxis
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    EachInTolerance,
    FirstBadRelease,
    FromParams,
    MissEndsTheRun,
    gantry_axes,
    gantry_axis_io,
    gantry_lifts_within,
    gantry_xy_still_below,
    log_uniform,
)

LINES = ("a", "b")
PALLET_XY = {"a": (600.0, 500.0), "b": (600.0, 1500.0)}
PICK_XY = {"a": (1700.0, 500.0), "b": (1700.0, 1500.0)}
DECK_MM = 150.0
INFEED_MM = 700.0
CLEAR_Z_MM = 1500.0
PER_LAYER = 2
LAYERS = 2
PER_PALLET = PER_LAYER * LAYERS
PALLETS = 2
QUEUE_DEPTH = 2
POS_TOL_MM = 3.0
ANGLE_TOL_DEG = 2.0
HEIGHT_TOL_MM = 3.0
FULL_S = 14.0
LINE_CYCLE_S = 24.0
FIRST_S = 30.0
EXCHANGE_WITHIN_S = 6.0
STILL_MM = 0.05
WINDOW_MM = 0.5
HOLD_S = 2.0
LIFT_WITHIN_S = 0.3
LIFT_BY_MM = 10.0
CODE = {"a": 1000, "b": 2000}
TRIP_HOLD_S = 2.0
TRIP_AXES = {1: "x", 2: "y", 3: "z"}
WORDS = ("length", "width", "height", "count")
AXES = {
    "x": ((-10.0, 1810.0), "X carriage"),
    "y": ((-10.0, 2010.0), "Y bridge"),
    "z": ((-10.0, 1610.0), "Z ram"),
}


def slot(p, line: str, k: int) -> tuple[float, float, float, float]:
    """Slot k (1-based, on its pallet) of a line: centre X, Y (mm), angle (degrees) and the pad's
    set-down height (mm: the carton's top once it stands on the layer below)."""
    width, height = p[f"width_{line}"], p[f"height_{line}"]
    px, py = PALLET_XY[line]
    layer, i = (k - 1) // PER_LAYER + 1, (k - 1) % PER_LAYER
    side = -1.0 if i == 0 else 1.0
    if layer % 2:
        x, y, angle = px, py + side * width / 2, 0.0
    else:
        x, y, angle = px + side * width / 2, py, 90.0
    return x, y, angle, DECK_MM + layer * height


def to_lay(p, line: str) -> int:
    return PALLETS * PER_PALLET - int(p[f"count_{line}"])


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    gantry_axes(plant, p, AXES, z_origin=(3250.0, 100.0), window_mm=WINDOW_MM)  # Z: a height gauge aside
    plant.add(
        RotaryAxis(
            "w",
            center=(2050.0, 2150.0),
            radius_mm=80.0,
            start_deg=p["w_start_deg"],
            max_speed=p["wrist_speed"],
            accel=p["wrist_speed"] * 6.0,
            window_deg=0.2,
            settle_s=p["settle_s"],
            label="wrist",
        )
    )
    plant.add(Gantry("gantry", x="x", y="y", z="z", bridge_mm=2000.0, safe_z_mm=CLEAR_Z_MM, label="gantry"))
    for line in LINES:
        count = int(p[f"count_{line}"])
        initial = tuple(
            Laid(
                CODE[line] + k,
                *slot(p, line, k)[:3],
                DECK_MM + ((k - 1) // PER_LAYER) * p[f"height_{line}"],
                p[f"height_{line}"],
                p[f"length_{line}"],
                p[f"width_{line}"],
            )
            for k in range(1, count + 1)
        )
        plant.add(
            LayerPallet(
                f"pallet_{line}",
                x=PALLET_XY[line][0],
                y=PALLET_XY[line][1],
                deck_mm=DECK_MM,
                exchange_s=(p[f"exchange_{line}1_s"], p[f"exchange_{line}2_s"]),
                initial=initial,
                label=f"pallet {line.upper()}",
            )
        )
    for n, line in enumerate(LINES):
        count = int(p[f"count_{line}"])
        spec = {
            "part_kind": "carton",
            "colour": "orange" if line == "a" else "yellow",
            "material": "plastic",
            "height_mm": p[f"height_{line}"],
            "width": p[f"width_{line}"],
            "length": p[f"length_{line}"],
            "mass": 2.0,
        }
        schedule = [
            (
                round(p[f"first_{line}_s"] + k * p[f"gap_{line}_s"], 3),
                {**spec, "name": f"carton_{line}{count + k + 1}", "code": CODE[line] + count + k + 1},
            )
            for k in range(to_lay(p, line))
        ]
        px, py = PICK_XY[line]
        plant.add(Conveyor(f"infeed_belt_{line}", px + 600.0, py, length=1400.0, width=400.0, speed=0.0,
                           guides=False))
        plant.add(Feeder(f"infeed_{line}", px, py, schedule, prefix=f"carton_{line}",
                         only_while=("head", f"pick_clear_{n + 1}"), paced_by=(f"full_{line}", "running")))
        # after its feeder: both clocks then run on the same scans (the eye's 'running' of the scan before)
        plant.add(QueueEye(f"full_{line}", feeder=f"infeed_{line}", depth=QUEUE_DEPTH, x=px, y=py,
                           pitch_mm=420.0, width_mm=400.0, label=f"line {line.upper()} full"))
        plant.add(PhotoEye(f"pick_eye_{line}", px, py - 250.0, px, py + 250.0))
    plant.add(
        PalletizerHead(
            "head",
            gantry="gantry",
            wrist="w",
            pallet="pallet_a",
            infeed="infeed_a",
            pick=PICK_XY["a"],
            infeed_mm=INFEED_MM,
            build_s=p["build_s"],
            release_s=p["release_s"],
            label="vacuum head",
            lines=(("pallet_b", "infeed_b", PICK_XY["b"]),),
        )
    )
    words = [(f"carton {what} {line.upper()}", f"{what}_{line}") for line in LINES
             for what in ("length", "width", "height", "count")]
    for n, (name, key) in enumerate(words):
        late = p[f"order_{key[-1]}_s"] > 0.0
        plant.add(
            ValueWord(
                key,
                0 if late else int(round(p[key])),
                position=(100.0 + 440.0 * (n % 4), -200.0 - 220.0 * (n // 4)),
                label=name.replace("carton count", "count"),
                units="" if key.startswith("count") else "mm",
            )
        )
    return plant


class Devices:
    def __init__(self, plant):
        self.x, self.y, self.z = (plant.device(a, Axis) for a in "xyz")
        self.w = plant.device("w", RotaryAxis)
        self.gantry = plant.device("gantry", Gantry)
        self.head = plant.device("head", PalletizerHead)
        self.pallet = {line: plant.device(f"pallet_{line}", LayerPallet) for line in LINES}
        self.full = {line: plant.device(f"full_{line}", QueueEye) for line in LINES}
        self.eye = {line: plant.device(f"pick_eye_{line}", PhotoEye) for line in LINES}


# --- judges ----------------------------------------------------------------------------------


def _line_of(number: int) -> str:
    return "b" if number >= CODE["b"] else "a"


def _laid(s) -> list[Laid]:
    """The cartons the head has laid on both lines, in order (those there at power-up left out)."""
    d, p = s.devices, s.params
    every = []
    for line in LINES:
        pal = d.pallet[line]
        every += [c for c in [c for f in pal.finished for c in f] + pal.cartons
                  if c.number > CODE[line] + int(p[f"count_{line}"])]
    return sorted(every, key=lambda c: (c.time_s, c.number))


def _laid_count(s) -> int:
    return s.devices.head.laid


def _check(s, n: int) -> str | None:
    """The n-th carton laid against its line's slot: position, turn and layer."""
    p, c = s.params, _laid(s)[n - 1]
    line = _line_of(c.number)
    index = c.number - CODE[line]
    k = (index - 1) % PER_PALLET + 1
    x, y, angle, top = slot(p, line, k)
    bottom = top - p[f"height_{line}"]
    off = math.hypot(c.x - x, c.y - y)
    turn = abs((c.angle_deg - angle + 90.0) % 180.0 - 90.0)
    if off > POS_TOL_MM or turn > ANGLE_TOL_DEG or abs(c.bottom_mm - bottom) > HEIGHT_TOL_MM:
        return (
            f"line {line.upper()}'s carton {index} (slot {k} of its pallet {(index - 1) // PER_PALLET + 1}) "
            f"was laid {off:.1f} mm from its slot, {turn:.1f} deg off its turn, its bottom at "
            f"{c.bottom_mm:.0f} mm (slot: X {x:g}, Y {y:g} mm, {angle:g} deg, bottom {bottom:g} mm)"
        )
    return None


def _line_out(s, line: str) -> bool:
    done = s.devices.pallet[line].finished
    return len(done) >= PALLETS and all(len(f) == PER_PALLET for f in done[:PALLETS])


def _all_out(s) -> bool:
    return all(_line_out(s, line) for line in LINES)


class LinePace(judges.Watch):
    """One line's pace, judged on its own: each of its cartons laid within LINE_CYCLE_S of its one
    before, or of its pallet or its carton at the pick arriving where that is later (its first
    within FIRST_S); its full pallet sent away within EXCHANGE_WITHIN_S of its last carton. Written
    for this task (MAT-M03's Pace, one per line): a pace of deliveries held up by the line's infeed
    and exchange while the robot also serves the other line."""

    def __init__(self, line: str):
        self.line = line
        self.since_ms = 0
        self.seen: int | None = None
        self.initial = 0
        self.was_present = True
        self.was_carton = False
        self.full_since: int | None = None

    def check(self, s):
        t, line = s.time_ms, self.line
        if self.seen is None:       # the run's devices, bound at its first scan
            d = s.devices
            self._pallet, self._eye, self._full = d.pallet[line], d.eye[line], d.full[line]
        pallet = self._pallet
        present, carton = pallet.present, self._eye.output   # the eye's 'blocked'
        if (present and not self.was_present) or (carton and not self.was_carton):
            self.since_ms = max(self.since_ms, t)
        self.was_present, self.was_carton = present, carton
        cartons, finished = pallet.cartons, pallet.finished
        laid = len(cartons)
        for f in finished:
            laid += len(f)
        if self.seen is None:
            self.seen = self.initial = laid
        elif laid > self.seen:
            self.seen, self.since_ms = laid, t
        if present and len(cartons) >= PER_PALLET:
            self.full_since = t if self.full_since is None else self.full_since
            if t - self.full_since > EXCHANGE_WITHIN_S * 1000:
                return (f"line {line.upper()}'s full pallet was not sent away within {EXCHANGE_WITHIN_S:g} s "
                        "of its last carton")
            return None
        self.full_since = None
        if not present or not carton and not self._full.queue or _line_out(s, line):
            return None
        limit = FIRST_S if laid == self.initial else LINE_CYCLE_S
        if t - self.since_ms > limit * 1000:
            return (
                f"no carton of line {line.upper()} was laid within {limit:g} s of {self.since_ms / 1000:g} s "
                "(its last carton laid, its pallet or its carton at the pick arriving)"
            )
        return None


def _sealed_at_pick(s) -> bool:
    """vacuum_ok on a carton at the pick, with the Z drive not tripped (its window starts once reset)."""
    h = s.devices.head
    return h.read("vacuum_ok") and h.held is None and not s.devices.z.fault


def _end_state(s) -> bool:
    d = s.devices
    return d.z.pos >= CLEAR_Z_MM - 1e-6 and not d.head.vacuum and d.head.held is None


def _make(p):
    needed = sum(to_lay(p, line) for line in LINES)
    return MissEndsTheRun(
        judges.watched(
            judges.in_order(
                EachInTolerance(
                    "every carton laid in its line's slot, turn and layer", _laid_count, _check, needed
                ),
                judges.event("both lines' full pallets sent away", _all_out),
                judges.held("Z at the clear height with the vacuum off", _end_state, HOLD_S),
            ),
            LinePace("a"),
            LinePace("b"),
            gantry_lifts_within(_sealed_at_pick, LIFT_BY_MM, LIFT_WITHIN_S),
        )
    )


# --- safety ----------------------------------------------------------------------------------


def _over_empty_station(s):
    d = s.devices
    for line in LINES:
        pallet = d.pallet[line]
        if not pallet.present:          # the tool looked up only while a station stands empty
            x, y, z = d.gantry.tool_point()
            if pallet.on_deck(x, y) and z < CLEAR_Z_MM - 1e-6:
                return (f"the head came down to Z {z:.0f} mm over line {line.upper()}'s station during its "
                        "exchange")
    return None


class FullTooLong(judges.Monitor):
    """S2: a line's full eye blocked for more than FULL_S at a stretch while its pallet stands in
    the station (the stretch starts again when the pallet comes back). Written for this task: a
    wait clock on a sensor with its excuse, judged per line."""

    def __init__(self):
        self.since: dict[str, int | None] = {line: None for line in LINES}

    def check(self, s):
        d, t = s.devices, s.time_ms
        for line in LINES:
            if d.full[line].blocked and d.pallet[line].present:
                since = self.since[line] = t if self.since[line] is None else self.since[line]
                if t - since > FULL_S * 1000:
                    return (f"line {line.upper()}'s full eye was blocked for more than {FULL_S:g} s "
                            f"(from {since / 1000:g} s) with its pallet in the station")
            else:
                self.since[line] = None
        return None


class BadRelease(FirstBadRelease):
    """S3: every let-go in the head's log (its bottom within HEIGHT_TOL_MM of the surface under it,
    a pallet under it) and no crush."""

    def bad_release(self, when, number, err):
        if err is not None and abs(err) <= HEIGHT_TOL_MM:
            return None
        what = f"line {_line_of(number).upper()}'s carton {number % 1000}"
        if err is None:
            return f"{what} was let go at {when:g} s with no pallet under it"
        where = "above" if err > 0 else "pressed into"
        return (f"{what} was let go at {when:g} s with its bottom {abs(err):.1f} mm {where} the "
                f"surface under it (more than {HEIGHT_TOL_MM:g} mm: a taken slot, a drop or a press)")

    def check(self, s):
        bad = super().check(s)
        if bad is None and s.devices.head.crushes:
            when, what, mm = s.devices.head.crushes[0]
            return (f"the head pressed {mm:.0f} mm onto {what} at {when:g} s (more than the pad's "
                    f"{COMPLIANCE_MM:g} mm)")
        return bad


def _xy_still():
    return gantry_xy_still_below(CLEAR_Z_MM, STILL_MM)


# --- conditions ------------------------------------------------------------------------------

_QUICK = dict(
    z_speed=1400.0, z_accel=4000.0, xy_speed=1000.0, xy_accel=3500.0, wrist_speed=300.0,
    build_s=0.15, release_s=0.1, settle_s=0.04, response_s=0.01,
)
_SLOW = dict(
    z_speed=900.0, z_accel=2200.0, xy_speed=700.0, xy_accel=1800.0, wrist_speed=150.0,
    build_s=0.45, release_s=0.28, settle_s=0.22, response_s=0.09,
)
_CARTONS_1 = dict(length_a=400.0, width_a=300.0, height_a=150.0,
                  length_b=320.0, width_b=220.0, height_b=240.0)
_CARTONS_2 = dict(length_a=350.0, width_a=250.0, height_a=200.0,
                  length_b=380.0, width_b=280.0, height_b=180.0)


def _disturbances(p) -> tuple[Disturbance, ...]:
    """The late order (the line's words set when it arrives) and the drive trip."""
    out = []
    for line in LINES:
        t = p[f"order_{line}_s"]
        if t > 0.0:
            def arrive(plant, line=line):
                for what in WORDS:
                    plant[f"{what}_{line}"].value = int(round(p[f"{what}_{line}"]))
            out.append(Disturbance(t, f"line {line.upper()}'s order arrives", arrive))
    axis = TRIP_AXES.get(int(p["trip_axis"]))
    if axis:
        out.append(Disturbance(p["trip_s"], f"the {axis.upper()} drive trips for {TRIP_HOLD_S:g} s",
                               lambda plant, a=axis: plant[a].trip("drive overtemperature", TRIP_HOLD_S)))
    return tuple(out)


def _cond(name, seed, description, **params) -> Condition:
    params.setdefault("order_a_s", 0.0)
    params.setdefault("order_b_s", 0.0)
    params.setdefault("trip_axis", 0)
    params.setdefault("trip_s", 0.0)
    return Condition(name, seed, params, description, disturbances=_disturbances(params))


CONDITIONS = (
    _cond(
        "a_fast_b_slow",
        601,
        "line A a carton every 9 s, line B every 26 s, both pallets empty, quick drives, the Y drive "
        "trips at 47.3 s",
        **_CARTONS_1, count_a=0, count_b=0, gap_a_s=9.0, gap_b_s=26.0, first_a_s=1.0, first_b_s=3.0,
        exchange_a1_s=6.0, exchange_a2_s=8.0, exchange_b1_s=10.0, exchange_b2_s=5.0,
        x_start_mm=1700.0, y_start_mm=500.0, z_start_mm=1300.0, w_start_deg=0.0, trip_axis=2, trip_s=47.3,
        **_QUICK,
    ),
    _cond(
        "b_part_built_slow_drives",
        602,
        "line B's pallet with 3 cartons (one to go) at power-up, line A with 1, lines 12 s and 14 s, slow "
        "drives",
        **_CARTONS_2, count_a=1, count_b=3, gap_a_s=12.0, gap_b_s=14.0, first_a_s=2.0, first_b_s=0.5,
        exchange_a1_s=20.0, exchange_a2_s=7.0, exchange_b1_s=18.0, exchange_b2_s=12.0,
        x_start_mm=300.0, y_start_mm=1800.0, z_start_mm=1550.0, w_start_deg=135.0, **_SLOW,
    ),
    _cond(
        "b_late_order_a_exchanging",
        603,
        "line B's order at 34 s (2 cartons on its pallet, its words 0 until then), its first carton at 38 s, "
        "line A a carton every 10 s with a 20 s first exchange",
        **_CARTONS_1, count_a=2, count_b=2, gap_a_s=10.0, gap_b_s=20.0, first_a_s=0.5, first_b_s=38.0,
        order_b_s=34.0,
        exchange_a1_s=20.0, exchange_a2_s=15.0, exchange_b1_s=6.0, exchange_b2_s=9.0,
        x_start_mm=900.0, y_start_mm=1000.0, z_start_mm=1000.0, w_start_deg=90.0,
        **{**_QUICK, "xy_speed": 800.0, "build_s": 0.3},
    ),
    _cond(
        "b_fast_a_slow",
        604,
        "line B a carton every 9.5 s, line A every 24 s with its order at 20 s (1 on its pallet), B's pallet "
        "half built, the Z drive trips at 95 s",
        **_CARTONS_2, count_a=1, count_b=2, gap_a_s=24.0, gap_b_s=9.5, first_a_s=23.0, first_b_s=1.0,
        order_a_s=20.0, trip_axis=3, trip_s=95.0,
        exchange_a1_s=8.0, exchange_a2_s=20.0, exchange_b1_s=12.0, exchange_b2_s=16.0,
        x_start_mm=1200.0, y_start_mm=700.0, z_start_mm=1500.0, w_start_deg=300.0,
        **{**_SLOW, "xy_speed": 850.0},
    ),
    _cond(
        "even_lines_long_exchanges",
        605,
        "both lines a carton every 15 s, exchanges up to 20 s, line A's pallet three quarters built, the X "
        "drive trips at 33 s",
        **_CARTONS_1, count_a=3, count_b=1, gap_a_s=15.0, gap_b_s=15.0, first_a_s=2.0, first_b_s=2.5,
        exchange_a1_s=19.0, exchange_a2_s=20.0, exchange_b1_s=17.0, exchange_b2_s=20.0,
        x_start_mm=100.0, y_start_mm=100.0, z_start_mm=1450.0, w_start_deg=200.0, trip_axis=1, trip_s=33.0,
        **_QUICK,
    ),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Each carton's length and width are drawn jointly
    (the width at least 40 mm under the length, so the turn shows); the two lines' paces jointly
    (the faster 9-15 s, the slower 1.4-3 times it, at most 30 s: together at most about one carton
    every 6 s, what the slowest drives keep up with); the late order on the slower line; Z's start
    above both stacks and the infeed's cartons (joint with the sizes)."""
    params: dict = {}
    for line in LINES:
        length = float(round(rng.uniform(300.0, 400.0)))
        params[f"length_{line}"] = length
        params[f"width_{line}"] = float(round(rng.uniform(200.0, min(300.0, length - 40.0))))
        params[f"height_{line}"] = float(round(rng.uniform(150.0, 250.0)))
        params[f"count_{line}"] = rng.randint(0, PER_PALLET - 1)
        for k in (1, 2):
            params[f"exchange_{line}{k}_s"] = round(log_uniform(rng, 5.0, 20.0), 2)
    fast = round(rng.uniform(9.0, 15.0), 2)
    slow = round(min(30.0, fast * rng.uniform(1.4, 3.0)), 2)
    fast_line = rng.choice(LINES)
    slow_line = "b" if fast_line == "a" else "a"
    params[f"gap_{fast_line}_s"], params[f"gap_{slow_line}_s"] = fast, slow
    params[f"first_{fast_line}_s"] = round(rng.uniform(0.0, 4.0), 2)
    params[f"order_{fast_line}_s"] = 0.0
    if rng.random() < 0.4:               # the slower line's late order, its first carton 2-6 s after it
        order = round(rng.uniform(2.0, 34.0), 2)
        params[f"order_{slow_line}_s"] = order
        params[f"first_{slow_line}_s"] = round(order + rng.uniform(2.0, 6.0), 2)
    else:
        params[f"order_{slow_line}_s"] = 0.0
        params[f"first_{slow_line}_s"] = round(rng.uniform(0.0, 4.0), 2)
    params["trip_axis"] = rng.choice((0, 1, 2, 3))
    params["trip_s"] = round(rng.uniform(10.0, 150.0), 2) if params["trip_axis"] else 0.0
    top = max(DECK_MM + LAYERS * params[f"height_{line}"] for line in LINES)
    low = max(top, INFEED_MM + max(params["height_a"], params["height_b"])) + 60.0
    params.update(
        x_start_mm=round(rng.uniform(0.0, 1800.0), 1),
        y_start_mm=round(rng.uniform(0.0, 2000.0), 1),
        z_start_mm=round(rng.uniform(low, 1550.0), 1),
        w_start_deg=round(rng.uniform(0.0, 359.9), 1),
        z_speed=round(rng.uniform(900.0, 1400.0), 1),
        z_accel=round(log_uniform(rng, 2200.0, 4000.0), 1),
        xy_speed=round(rng.uniform(700.0, 1000.0), 1),
        xy_accel=round(log_uniform(rng, 1800.0, 3500.0), 1),
        wrist_speed=round(rng.uniform(150.0, 360.0), 1),
        build_s=round(rng.uniform(0.15, 0.5), 3),
        release_s=round(rng.uniform(0.1, 0.3), 3),
        settle_s=round(rng.uniform(0.03, 0.25), 3),
        response_s=round(rng.uniform(0.0, 0.1), 3),
    )
    description = (
        f"line A every {params['gap_a_s']:g} s ({params['count_a']} on its pallet), line B every "
        f"{params['gap_b_s']:g} s ({params['count_b']}), first B carton at {params['first_b_s']:g} s"
    )
    return dict(params=params, description=description, disturbances=_disturbances(params))


# --- I/O -------------------------------------------------------------------------------------


def _axis(a: str, byte: int) -> tuple[IOPoint, ...]:
    return gantry_axis_io(a, byte, AXES, window_mm=WINDOW_MM)


def _line_io(line: str, bit: int, word: int, out: int) -> tuple[IOPoint, ...]:
    L = line.upper()
    return (
        IOPoint(f"%IX4.{bit}", f"carton_at_pick_{line}", "BOOL", "input", f"pick_eye_{line}", "blocked",
                f"Photo-eye at line {L}'s pick point: TRUE while a carton waits there"),
        IOPoint(f"%IX4.{bit + 1}", f"pallet_present_{line}", "BOOL", "input", f"pallet_{line}", "present",
                f"TRUE while a pallet stands in line {L}'s station (FALSE from an exchange until the new one "
                "is in)"),
        IOPoint(f"%IX4.{bit + 2}", f"line_full_{line}", "BOOL", "input", f"full_{line}", "blocked",
                f"Line {L}'s full eye: TRUE while {QUEUE_DEPTH} cartons stand queued behind the one at the "
                "pick (the line backs up: its upstream machine stands until a carton is taken)"),
        IOPoint(f"%IW{word}", f"length_{line}", "INT", "input", f"length_{line}", "value",
                f"Line {L}'s carton length (its long side; cartons are whole mm)", "mm", "300..400"),
        IOPoint(f"%IW{word + 1}", f"width_{line}", "INT", "input", f"width_{line}", "value",
                f"Line {L}'s carton width", "mm", "200..300"),
        IOPoint(f"%IW{word + 2}", f"height_{line}", "INT", "input", f"height_{line}", "value",
                f"Line {L}'s carton height", "mm", "150..250"),
        IOPoint(f"%IW{word + 3}", f"count_{line}", "INT", "input", f"count_{line}", "value",
                f"Cartons already on line {L}'s pallet at power-up (laid in the pattern's order)", "",
                f"0..{PER_PALLET - 1}"),
        IOPoint(f"%QX4.{out}", f"exchange_{line}", "BOOL", "output", f"pallet_{line}", "exchange",
                f"Rising edge sends line {L}'s pallet away; a new empty one comes in"),
    )


IO = (
    *_axis("x", 0),
    *_axis("y", 1),
    *_axis("z", 2),
    IOPoint("%IX3.0", "w_drive_ready", "BOOL", "input", "w", "ready",
            "Wrist drive: TRUE when enabled with no fault"),
    IOPoint("%IX3.1", "w_in_position", "BOOL", "input", "w", "in_position",
            "TRUE when the wrist is within 0.2 deg of the target of its last move and has settled"),
    IOPoint("%IW3", "w_actual_angle", "INT", "input", "w", "position",
            "Wrist angle (0 deg: a carton held as it lies at the pick, its length along X; "
            "counter-clockwise)",
            "0.1 deg", "0..3599"),
    IOPoint("%QX3.0", "w_drive_enable", "BOOL", "output", "w", "enable", "TRUE enables the wrist drive"),
    IOPoint("%QX3.1", "w_start_move", "BOOL", "output", "w", "start",
            "Rising edge turns the wrist the shortest way to w_target_angle"),
    IOPoint("%QW3", "w_target_angle", "INT", "output", "w", "target", "Target of the wrist's next move",
            "0.1 deg", "0..3599"),
    IOPoint("%IX4.0", "vacuum_ok", "BOOL", "input", "head", "vacuum_ok",
            "Vacuum switch: TRUE while the pad's vacuum holds (a carton under it, or carried)"),
    *_line_io("a", 1, 4, 1),
    *_line_io("b", 4, 8, 2),
    IOPoint("%QX4.0", "vacuum_on", "BOOL", "output", "head", "vacuum",
            "TRUE: the head sucks; FALSE: the vacuum decays and a carried carton is let go"),
)


def _pallet_words() -> str:
    return ", ".join(
        f"line {line.upper()}: pallet centre X {PALLET_XY[line][0]:g}, Y {PALLET_XY[line][1]:g} mm, pick X "
        f"{PICK_XY[line][0]:g}, Y {PICK_XY[line][1]:g} mm"
        for line in LINES
    )


TASK = Task(
    id="MAT-H06",
    title="One robot palletizing two lines",
    suite="MAT",
    level="H",
    summary="One gantry with a vacuum head palletizes two packing lines, each with its own cartons, pattern, "
    "pallet and exchange: serve the line nearer to backing up, keep serving during an exchange, let "
    "neither line stand full.",
    plant_description=(
        "A palletizing gantry seen from above serving two packing lines: an X carriage (0..1800 mm), a Y "
        "bridge on it (0..2000 mm) and a Z ram (0..1600 mm: the height of the head's pad above the floor, "
        "positive up), each a servo drive moving at its configured speed (hard limit switches 10 mm past "
        "each end of its travel: reaching one stops the drive with a fault), and a wrist turning the head. "
        f"The vacuum head's pad rides on a spring of {COMPLIANCE_MM:g} mm. Two lines, A and B "
        f"({_pallet_words()}): "
        f"each brings its own cartons one at a time to its pick point, lying on the infeed at {INFEED_MM:g} "
        "mm above the floor with their length along X (their top at "
        f"{INFEED_MM:g} mm + the line's carton height); a pick photo-eye tells a carton waiting there. "
        "Behind the pick each infeed holds a queue: its full eye is TRUE while "
        f"{QUEUE_DEPTH} cartons stand queued behind the one at the pick, and while it is TRUE the line's "
        "upstream machine stands (the line backs up); it clears when a carton is taken from the pick. "
        "Each line has its own pace (a carton every 9 to 30 s) and its own order: its carton size and "
        "count words. The slower line's order may arrive late (up to 34 s after power-up): until it "
        "arrives its four words read 0 and none of its cartons comes. Each line has its own pallet "
        "station, each pallet's deck "
        f"{DECK_MM:g} mm above the floor (1200 x 800 mm). Each line's pattern has {PER_LAYER} cartons a "
        f"layer and {LAYERS} layers ({PER_PALLET} a pallet): in layer 1 both lie lengthwise along X "
        "(wrist at 0 deg) centred at the pallet's centre X and its centre Y - width/2 (slot 1 of the "
        "layer), + width/2 (slot 2); layer 2 is turned 90 deg, centred at the pallet's centre Y and its "
        "centre X - width/2 (slot 1), + width/2 (slot 2). Each pallet is laid layer by layer, slot 1 before "
        "slot 2. Sending a line's full pallet away (its exchange) takes it out; a new empty pallet is in "
        "that station 5 to 20 s later. At power-up the drives are off, the gantry stands anywhere clear "
        "above the pallets and the infeeds, and each line's pallet already holds its `count` cartons of "
        "its pattern."
    ),
    specification=(
        f"1. Enable the drives. Move X or Y only with Z at or above {CLEAR_Z_MM:g} mm (the clear height); "
        "raise Z there first. A drive may trip during the run (drive_fault TRUE: it brakes to a stop and "
        "drops its move; a start edge is ignored while it is faulted): reset it with a rising edge on "
        f"reset_fault (ignored for up to {TRIP_HOLD_S:g} s, until the cause has gone: repeat it) and give "
        "the move again.\n"
        "2. Pick a carton at a line's pick point once its carton_at_pick is TRUE: bring the pad down onto "
        f"its top (the spring gives {COMPLIANCE_MM:g} mm: press it a few mm, never more), switch the vacuum "
        f"on and lift once vacuum_ok is on: Z must have risen {LIFT_BY_MM:g} mm within {LIFT_WITHIN_S:g} s "
        "of it.\n"
        "3. Lay it on its own line's pallet in that line's next slot, counting on from the line's "
        f"`count` (as its order tells it) on its first pallet: over the slot's centre (within "
        f"{POS_TOL_MM:g} mm), turned to the layer's angle "
        f"(within {ANGLE_TOL_DEG:g} deg), lowered so that the carton's bottom is within {HEIGHT_TOL_MM:g} "
        f"mm of the layer under it (the pad at {DECK_MM:g} mm + layer x the line's carton height), then "
        "switch the vacuum off there and only there.\n"
        f"4. When a line's pallet is full ({PER_PALLET} cartons), send it away within "
        f"{EXCHANGE_WITHIN_S:g} s "
        "(its exchange) and do not come below the clear height over that station until its pallet_present "
        "is TRUE again; keep serving the other line meanwhile. Each line builds two pallets. After both "
        f"lines' second full pallets are sent away, keep Z at or above {CLEAR_Z_MM:g} mm with the vacuum "
        "off.\n"
        "5. Serve both lines, each judged on its own: a line's full eye may not stay TRUE for more than "
        f"{FULL_S:g} s while its pallet is in the station, and each line's carton is laid within "
        f"{LINE_CYCLE_S:g} s of its carton before, or of its pallet or its carton at the pick arriving "
        f"where that is later (its first within {FIRST_S:g} s of power-up or of those) while it has a carton "
        "waiting and its pallet in. When both lines have a carton waiting, serve first the one nearer to "
        "backing up: the one whose deadline above comes sooner (nothing else is judged).\n"
        "The carton sizes, the counts already laid, the lines' paces and late starts, the exchange times, "
        "the drives' speeds and the vacuum's times differ from run to run: read the words and the switches."
    ),
    io=IO,
    completion=Completion(
        f"Every carton laid on its line's pallet in its slot (within {POS_TOL_MM:g} mm), turn (within "
        f"{ANGLE_TOL_DEG:g} deg) and layer (its bottom within {HEIGHT_TOL_MM:g} mm of the layer under it), "
        f"both lines' two full pallets sent away, each within {EXCHANGE_WITHIN_S:g} s of its last carton, "
        f"each line's pace kept; then Z at or above {CLEAR_Z_MM:g} mm with the vacuum off for {HOLD_S:g} s.",
        lambda: FromParams(_make),
        keep=_end_state,
        keep_wording=f"Z at or above {CLEAR_Z_MM:g} mm, the vacuum off and no carton held.",
    ),
    safety_rules=(
        SafetyRule(
            "MAT-H06-S1",
            f"No coming below {CLEAR_Z_MM:g} mm over a line's pallet station while no pallet is in it "
            "(during its exchange).",
            judges.never(lambda s: _over_empty_station(s) is not None, _over_empty_station),
        ),
        SafetyRule(
            "MAT-H06-S2",
            f"No line's full eye TRUE for more than {FULL_S:g} s at a stretch while its pallet is in the "
            "station.",
            FullTooLong(),
        ),
        SafetyRule(
            "MAT-H06-S3",
            f"A carton may be let go only over a pallet with its bottom within {HEIGHT_TOL_MM:g} mm of the "
            "surface it lands on (never onto a taken slot, never dropped from above or pressed in), and "
            f"the head never presses more than {COMPLIANCE_MM:g} mm onto what lies under it.",
            BadRelease(),
        ),
        SafetyRule(
            "MAT-H06-S4",
            f"X and Y must stand still (no more than {STILL_MM:g} mm of travel) whenever Z is below "
            f"{CLEAR_Z_MM:g} mm.",
            _xy_still(),
        ),
    ),
    parameters=(
        ParameterRange("carton_length", 300.0, 400.0, "mm", "each line's carton length (told by its word)",
                       keys=("length_a", "length_b")),
        ParameterRange("carton_width", 200.0, 300.0, "mm",
                       "each line's carton width (at least 40 mm under its length)",
                       keys=("width_a", "width_b")),
        ParameterRange("carton_height", 150.0, 250.0, "mm", "each line's carton height",
                       keys=("height_a", "height_b")),
        ParameterRange("count", 0, PER_PALLET - 1, "", "cartons on each line's pallet at power-up",
                       keys=("count_a", "count_b")),
        ParameterRange("exchange_s", 5.0, 20.0, "s", "pallet exchange time",
                       keys=("exchange_a1_s", "exchange_a2_s", "exchange_b1_s", "exchange_b2_s")),
        ParameterRange("gap_s", 9.0, 30.0, "s",
                       "a line's pace: a carton every so often (the slower line 1.4-3 times the faster)",
                       keys=("gap_a_s", "gap_b_s")),
        ParameterRange("first_s", 0.0, 40.0, "s",
                       "when a line's first carton reaches its pick (up to 4 s; 2-6 s after a late order)",
                       keys=("first_a_s", "first_b_s")),
        ParameterRange("order_s", 0.0, 34.0, "s", "when the slower line's order arrives (0: at power-up)",
                       keys=("order_a_s", "order_b_s")),
        ParameterRange("trip_axis", 0, 3, "", "the drive that trips during the run (0 none, 1 X, 2 Y, 3 Z)"),
        ParameterRange("trip_s", 0.0, 150.0, "s", "when it trips"),
        ParameterRange("z_speed", 900.0, 1400.0, "mm/s", "Z drive's configured speed"),
        ParameterRange("z_accel", 2200.0, 4000.0, "mm/s^2", "Z drive's acceleration"),
        ParameterRange("xy_speed", 700.0, 1000.0, "mm/s", "X and Y drives' configured speed"),
        ParameterRange("xy_accel", 1800.0, 3500.0, "mm/s^2", "X and Y drives' acceleration"),
        ParameterRange("wrist_speed", 150.0, 360.0, "deg/s", "wrist speed"),
        ParameterRange("build_s", 0.15, 0.5, "s", "vacuum build-up time"),
        ParameterRange("release_s", 0.1, 0.3, "s", "vacuum decay time after vacuum off"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("start_mm", 0.0, 2000.0, "mm", "where the gantry stands at power-up (X, Y, Z)",
                       keys=("x_start_mm", "y_start_mm", "z_start_mm")),
        ParameterRange("w_start_deg", 0.0, 359.9, "deg", "the wrist's angle at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=400.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
