"""MAT-M03 Layer-pattern palletizing.

A gantry (sim.devices.gantry.Gantry: X, Y and Z servo drives, Z up) with a turning wrist
(sim.devices.rotary_axis.RotaryAxis) carries a vacuum head (sim.devices.palletizer_head) that picks
cartons one by one at the end of an infeed and lays them on a pallet (sim.devices.layer_pallet) in a
layer pattern: two cartons a layer, odd layers lengthwise along X side by side in Y, even layers
turned 90 degrees, side by side in X. The program computes each carton's slot, turn and set-down
height from the carton words and the count of cartons already on the pallet, sends each full
pallet away (a new empty one comes 5-20 s later) and builds two.

Changes from the catalog entry, and why:
- Two cartons a layer and 2-3 layers (not a four-carton pattern of 2-4 layers): two pallets of up to
  six cartons keep a run near 120 s, which the battery's ~200 graded runs per task can afford; the
  slot, the turn and the height per layer are the same problem. The count already on the pallet at
  power-up is therefore 0-5 (not 0-10): it must leave at least one carton to lay.
- "X/Y only with Z above stack" is a clear height (1500 mm: a carried carton passes over the
  tallest stack and the infeed); "release only at set-down height +-3 mm" is judged on the carton's
  bottom against the surface it lands on (the deck or the layer below), so a carton dropped from
  above or pressed in is caught alike; a press past the pad's 25 mm spring is S4 of its own.
- Pace (two-sided with S2): each carton laid within CYCLE_S of the one before, or of the new pallet
  or the carton at the pick arriving where that is later, and a full pallet sent away within
  EXCHANGE_WITHIN_S of its last carton: without it a program crawling down at the last millimetres
  would pass. The lift must follow vacuum_ok within 0.3 s (progress by Z rising): with 0.5 s a fixed
  vacuum wait long enough for the slowest vacuum (counterexamples/fixed_vacuum_wait.st) earned 1.
- The infeed hands the next carton over only with the head clear of the pick (PalletizerHead's
  pick_clear), and the carton words are whole mm, so the set-down heights they give are exact.
- Cheap attempts kept: one_z_height.st (the catalog's trap: S2), ignore_count.st (starts at slot 1
  of a part-built pallet), fixed_vacuum_wait.st, and tuned/lookup_table.st (sizes from a table of
  the registered conditions keyed on the count word).
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
from sim.devices.rotary_axis import RotaryAxis
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    EachInTolerance,
    FirstBadRelease,
    FromParams,
    MissEndsTheRun,
    drive_ranges,
    gantry_axes,
    gantry_axis_io,
    gantry_lifts_within,
    gantry_xy_still_below,
    limit_switch_reached,
    log_uniform,
)

PALLET_XY = (600.0, 500.0)
DECK_MM = 150.0
PICK_XY = (1700.0, 500.0)
INFEED_MM = 700.0
CLEAR_Z_MM = 1500.0
PER_LAYER = 2
PALLETS = 2
POS_TOL_MM = 3.0
ANGLE_TOL_DEG = 2.0
HEIGHT_TOL_MM = 3.0
CYCLE_S = 20.0
FIRST_S = 25.0
EXCHANGE_WITHIN_S = 3.0
STILL_MM = 0.05
WINDOW_MM = 0.5
HOLD_S = 2.0
LIFT_WITHIN_S = 0.3
LIFT_BY_MM = 10.0
MAX_CARTONS = 12
AXES = {
    "x": ((-10.0, 1810.0), "X carriage"),
    "y": ((-10.0, 1010.0), "Y bridge"),
    "z": ((-10.0, 1610.0), "Z ram"),
}


def slot(p, k: int) -> tuple[float, float, float, float]:
    """Slot k (1-based, on its pallet): centre X, Y (mm), angle (degrees) and the pad's set-down
    height (mm: the carton's top once it stands on the layer below)."""
    width, height = p["carton_width"], p["carton_height"]
    layer, i = (k - 1) // PER_LAYER + 1, (k - 1) % PER_LAYER
    side = -1.0 if i == 0 else 1.0
    if layer % 2:
        x, y, angle = PALLET_XY[0], PALLET_XY[1] + side * width / 2, 0.0
    else:
        x, y, angle = PALLET_XY[0] + side * width / 2, PALLET_XY[1], 90.0
    return x, y, angle, DECK_MM + layer * height


def per_pallet(p) -> int:
    return int(p["layers"]) * PER_LAYER


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    gantry_axes(plant, p, AXES, z_origin=(2450.0, -100.0), window_mm=WINDOW_MM)  # Z: a height gauge aside
    plant.add(
        RotaryAxis(
            "w",
            center=(2050.0, 1150.0),
            radius_mm=80.0,
            start_deg=p["w_start_deg"],
            max_speed=p["wrist_speed"],
            accel=p["wrist_speed"] * 6.0,
            window_deg=0.2,
            settle_s=p["settle_s"],
            label="wrist",
        )
    )
    plant.add(Gantry("gantry", x="x", y="y", z="z", bridge_mm=1000.0, safe_z_mm=CLEAR_Z_MM, label="gantry"))
    count = int(p["count"])
    initial = tuple(
        Laid(
            k,
            *slot(p, k)[:3],
            DECK_MM + ((k - 1) // PER_LAYER) * p["carton_height"],
            p["carton_height"],
            p["carton_length"],
            p["carton_width"],
        )
        for k in range(1, count + 1)
    )
    plant.add(
        LayerPallet(
            "pallet",
            x=PALLET_XY[0],
            y=PALLET_XY[1],
            deck_mm=DECK_MM,
            exchange_s=(p["exchange_1_s"], p["exchange_2_s"]),
            initial=initial,
            label="pallet",
        )
    )
    total = PALLETS * per_pallet(p) - count
    spec = {
        "part_kind": "carton",
        "colour": "orange",
        "material": "plastic",
        "height_mm": p["carton_height"],
        "width": p["carton_width"],
        "length": p["carton_length"],
        "mass": 2.0,
    }
    schedule = [
        (
            round(p["first_s"] + k * p["gap_s"], 3),
            {**spec, "name": f"carton{count + k + 1}", "code": count + k + 1},
        )
        for k in range(total)
    ]
    # the infeed's last stretch, drawn up to the pick (its rollers stand still under the waiting carton)
    plant.add(
        Conveyor(
            "infeed_belt", PICK_XY[0] + 250.0, PICK_XY[1], length=700.0, width=400.0, speed=0.0, guides=False
        )
    )
    plant.add(Feeder("infeed", *PICK_XY, schedule, prefix="carton", only_while=("head", "pick_clear")))
    plant.add(PhotoEye("pick_eye", PICK_XY[0], PICK_XY[1] - 250.0, PICK_XY[0], PICK_XY[1] + 250.0))
    plant.add(
        PalletizerHead(
            "head",
            gantry="gantry",
            wrist="w",
            pallet="pallet",
            infeed="infeed",
            pick=PICK_XY,
            infeed_mm=INFEED_MM,
            build_s=p["build_s"],
            release_s=p["release_s"],
            label="vacuum head",
        )
    )
    for n, (name, key) in enumerate(
        (
            ("carton length", "carton_length"),
            ("carton width", "carton_width"),
            ("carton height", "carton_height"),
            ("layers", "layers"),
            ("count", "count"),
        )
    ):
        plant.add(
            ValueWord(
                key,
                int(round(p[key])),
                position=(300.0 + 320.0 * n, -180.0),
                label=name,
                units="" if key in ("layers", "count") else "mm",
            )
        )
    return plant


class Devices:
    def __init__(self, plant):
        self.x, self.y, self.z = (plant.device(a, Axis) for a in "xyz")
        self.w = plant.device("w", RotaryAxis)
        self.gantry = plant.device("gantry", Gantry)
        self.pallet = plant.device("pallet", LayerPallet)
        self.head = plant.device("head", PalletizerHead)
        self.infeed = plant.device("infeed", Feeder)
        self.eye = plant.device("pick_eye", PhotoEye)


# --- judges ----------------------------------------------------------------------------------


def _laid_count(s) -> int:
    """How many cartons the head has laid (its counter: the judges ask every scan)."""
    return s.devices.head.laid


def _laid(s) -> list[Laid]:
    """The cartons the head has laid, in order (those on the pallet at power-up left out)."""
    d, count = s.devices, int(s.params["count"])
    every = [c for p in d.pallet.finished for c in p] + d.pallet.cartons
    return sorted((c for c in every if c.number > count), key=lambda c: (c.time_s, c.number))


def _check(s, n: int) -> str | None:
    """The n-th carton laid against its slot: position, turn and layer (its bottom on the one below)."""
    p, c = s.params, _laid(s)[n - 1]
    index = int(p["count"]) + n
    k = (index - 1) % per_pallet(p) + 1
    x, y, angle, top = slot(p, k)
    bottom = top - p["carton_height"]
    off = math.hypot(c.x - x, c.y - y)
    turn = abs((c.angle_deg - angle + 90.0) % 180.0 - 90.0)
    if off > POS_TOL_MM or turn > ANGLE_TOL_DEG or abs(c.bottom_mm - bottom) > HEIGHT_TOL_MM:
        return (
            f"carton {c.number} (slot {k} of pallet {(index - 1) // per_pallet(p) + 1}) was laid "
            f"{off:.1f} mm "
            f"from its slot, {turn:.1f} deg off its turn, its bottom at {c.bottom_mm:.0f} mm (slot: X "
            f"{x:g}, "
            f"Y {y:g} mm, {angle:g} deg, bottom {bottom:g} mm)"
        )
    return None


def _pallets_out(s) -> bool:
    p = s.params
    return len(s.devices.pallet.finished) >= PALLETS and all(
        len(f) == per_pallet(p) for f in s.devices.pallet.finished[:PALLETS]
    )


class Pace(judges.Watch):
    """Each carton laid within CYCLE_S of the one before, or of the pallet or the carton at the pick
    arriving where that is later (the first within FIRST_S of power-up or of those); a full pallet
    sent away within EXCHANGE_WITHIN_S of its last carton. Written for this task: a pace of
    deliveries held up by the infeed and the exchange, not one step's promptness."""

    def __init__(self):
        self.since_ms = 0
        self.seen = 0
        self.was_present = True
        self.was_carton = False
        self.full_since: int | None = None

    def check(self, s):
        d, t = s.devices, s.time_ms
        pallet = d.pallet
        present, carton = pallet.present, d.eye.output   # the eye's 'blocked'
        if (present and not self.was_present) or (carton and not self.was_carton):
            self.since_ms = max(self.since_ms, t)
        self.was_present, self.was_carton = present, carton
        laid = d.head.laid                                # _laid_count
        if laid > self.seen:
            self.seen, self.since_ms = laid, t
        on_pallet = len(pallet.cartons)
        if present and on_pallet >= per_pallet(s.params):
            self.full_since = t if self.full_since is None else self.full_since
            if t - self.full_since > EXCHANGE_WITHIN_S * 1000:
                return f"the full pallet was not sent away within {EXCHANGE_WITHIN_S:g} s of its last carton"
            return None
        self.full_since = None
        if not present or _pallets_out(s):
            return None
        limit = FIRST_S if self.seen == 0 else CYCLE_S
        if t - self.since_ms > limit * 1000:
            return (
                f"no carton was laid within {limit:g} s of {self.since_ms / 1000:g} s (the last carton "
                "laid, "
                "the pallet or the carton at the pick arriving)"
            )
        return None


def _sealed_at_pick(s) -> bool:
    h = s.devices.head
    return h.read("vacuum_ok") and h.held is None


def _end_state(s) -> bool:
    d = s.devices
    return d.z.pos >= CLEAR_Z_MM - 1e-6 and not d.head.vacuum and d.head.held is None


def _make(p):
    needed = PALLETS * per_pallet(p) - int(p["count"])
    return MissEndsTheRun(
        judges.watched(
            judges.in_order(
                EachInTolerance(
                    "every carton laid in its slot, turn and layer", lambda s: _laid_count(s), _check, needed
                ),
                judges.event("both full pallets sent away", _pallets_out),
                judges.held("Z at the clear height with the vacuum off", _end_state, HOLD_S),
            ),
            Pace(),
            gantry_lifts_within(_sealed_at_pick, LIFT_BY_MM, LIFT_WITHIN_S),
        )
    )


# --- safety ----------------------------------------------------------------------------------


class BadRelease(FirstBadRelease):
    """S2: every let-go in the head's log over the pallet, its bottom within HEIGHT_TOL_MM of the
    surface under it."""

    def bad_release(self, when, number, err):
        if err is None:
            return f"carton {number} was let go at {when:g} s with no pallet under it"
        if abs(err) > HEIGHT_TOL_MM:
            where = "above" if err > 0 else "pressed into"
            return (f"carton {number} was let go at {when:g} s with its bottom {abs(err):.1f} mm {where} the "
                    f"surface under it (more than {HEIGHT_TOL_MM:g} mm)")
        return None


def _over_empty_station(s):
    d = s.devices
    if d.pallet.present:            # the tool looked up only while the station stands empty
        return None
    x, y, z = d.gantry.tool_point()
    if d.pallet.on_deck(x, y) and z < CLEAR_Z_MM - 1e-6:
        return f"the head came down to Z {z:.0f} mm over the pallet station during the exchange"
    return None


def _crushed(s):
    h = s.devices.head
    if h.crushes:
        when, what, mm = h.crushes[0]
        return (
            f"the head pressed {mm:.0f} mm onto {what} at {when:g} s (more than the pad's "
            f"{COMPLIANCE_MM:g} mm)"
        )
    return None


def _limit(s):
    d = s.devices
    for axis in (d.x, d.y, d.z):
        # limit_switch_reached's own test first: its message is built only for an axis on a switch
        if axis.hit_limit or axis.pos <= axis.limit_minus_mm or axis.pos >= axis.limit_plus_mm:
            msg = limit_switch_reached(axis)
            if msg:
                return msg
    return None


class Never(judges.Monitor):
    """judges.never(lambda s: f(s) is not None, f) with one call of f a scan: f's message, or None."""

    def __init__(self, f):
        self.check = f


def _xy_still():
    return gantry_xy_still_below(CLEAR_Z_MM, STILL_MM)


# --- conditions ------------------------------------------------------------------------------


def _cond(name, seed, description, **params) -> Condition:
    return Condition.of(name, seed, description, **params)


_QUICK = dict(
    z_speed=1100.0,
    z_accel=3500.0,
    xy_speed=750.0,
    xy_accel=2800.0,
    wrist_speed=300.0,
    build_s=0.15,
    release_s=0.1,
    settle_s=0.04,
    response_s=0.01,
)
_SLOW = dict(
    z_speed=620.0,
    z_accel=1600.0,
    xy_speed=420.0,
    xy_accel=1300.0,
    wrist_speed=100.0,
    build_s=0.45,
    release_s=0.28,
    settle_s=0.22,
    response_s=0.09,
)

CONDITIONS = (
    _cond(
        "two_layers_fresh_quick",
        301,
        "2 layers of 400 x 300 x 150 mm cartons on an empty pallet, quick drives, short exchanges",
        carton_length=400.0,
        carton_width=300.0,
        carton_height=150.0,
        layers=2,
        count=0,
        exchange_1_s=5.0,
        exchange_2_s=6.0,
        first_s=0.5,
        gap_s=1.0,
        x_start_mm=1700.0,
        y_start_mm=500.0,
        z_start_mm=1300.0,
        w_start_deg=0.0,
        **_QUICK,
    ),
    _cond(
        "three_tall_layers_resume_5",
        302,
        "3 layers of 300 x 200 x 250 mm cartons, 5 already on the pallet "
        "(one carton left), slow drives, a long first exchange",
        carton_length=300.0,
        carton_width=200.0,
        carton_height=250.0,
        layers=3,
        count=5,
        exchange_1_s=20.0,
        exchange_2_s=8.0,
        first_s=2.0,
        gap_s=3.5,
        x_start_mm=200.0,
        y_start_mm=900.0,
        z_start_mm=1550.0,
        w_start_deg=135.0,
        **_SLOW,
    ),
    _cond(
        "three_layers_resume_3",
        303,
        "3 layers of 350 x 250 x 200 mm cartons, 3 on the pallet (the second "
        "layer half built), the wrist at 90 "
        "deg",
        carton_length=350.0,
        carton_width=250.0,
        carton_height=200.0,
        layers=3,
        count=3,
        exchange_1_s=12.0,
        exchange_2_s=15.0,
        first_s=1.0,
        gap_s=2.0,
        x_start_mm=900.0,
        y_start_mm=100.0,
        z_start_mm=1000.0,
        w_start_deg=90.0,
        **{**_QUICK, "z_speed": 800.0, "build_s": 0.3},
    ),
    _cond(
        "two_layers_resume_2",
        304,
        "2 layers of 380 x 220 x 180 mm cartons, the first layer on the pallet, "
        "slow vacuum, a long second exchange",
        carton_length=380.0,
        carton_width=220.0,
        carton_height=180.0,
        layers=2,
        count=2,
        exchange_1_s=8.0,
        exchange_2_s=20.0,
        first_s=3.0,
        gap_s=1.5,
        x_start_mm=1200.0,
        y_start_mm=700.0,
        z_start_mm=1500.0,
        w_start_deg=300.0,
        **{**_SLOW, "xy_speed": 700.0},
    ),
    _cond(
        "three_layers_fresh_slow_infeed",
        305,
        "3 layers of 320 x 280 x 240 mm cartons on an empty pallet, cartons 4 s apart",
        carton_length=320.0,
        carton_width=280.0,
        carton_height=240.0,
        layers=3,
        count=0,
        exchange_1_s=15.0,
        exchange_2_s=5.0,
        first_s=4.0,
        gap_s=4.0,
        x_start_mm=0.0,
        y_start_mm=0.0,
        z_start_mm=1200.0,
        w_start_deg=45.0,
        **{**_QUICK, "wrist_speed": 120.0, "release_s": 0.25},
    ),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The carton's length and width are drawn jointly (the
    width at least 40 mm under the length, so the turn shows), the count below one pallet's cartons,
    and Z's start above the pallet's stack and the infeed's carton (joint with the sizes)."""
    length = float(round(rng.uniform(300.0, 400.0)))  # whole mm: the words tell them exactly
    width = float(round(rng.uniform(200.0, min(300.0, length - 40.0))))
    height = float(round(rng.uniform(150.0, 250.0)))
    layers = rng.randint(2, 3)
    count = rng.randint(0, layers * PER_LAYER - 1)
    low = max(DECK_MM + layers * height, INFEED_MM + height) + 60.0
    params = dict(
        carton_length=length,
        carton_width=width,
        carton_height=height,
        layers=layers,
        count=count,
        exchange_1_s=round(log_uniform(rng, 5.0, 20.0), 2),
        exchange_2_s=round(log_uniform(rng, 5.0, 20.0), 2),
        first_s=round(rng.uniform(0.0, 4.0), 2),
        gap_s=round(rng.uniform(1.0, 4.0), 2),
        x_start_mm=round(rng.uniform(0.0, 1800.0), 1),
        y_start_mm=round(rng.uniform(0.0, 1000.0), 1),
        z_start_mm=round(rng.uniform(low, 1550.0), 1),
        w_start_deg=round(rng.uniform(0.0, 359.9), 1),
        z_speed=round(rng.uniform(600.0, 1200.0), 1),
        z_accel=round(log_uniform(rng, 1500.0, 4000.0), 1),
        xy_speed=round(rng.uniform(400.0, 800.0), 1),
        xy_accel=round(log_uniform(rng, 1200.0, 3000.0), 1),
        wrist_speed=round(rng.uniform(90.0, 360.0), 1),
        build_s=round(rng.uniform(0.15, 0.5), 3),
        release_s=round(rng.uniform(0.1, 0.3), 3),
        settle_s=round(rng.uniform(0.03, 0.25), 3),
        response_s=round(rng.uniform(0.0, 0.1), 3),
    )
    description = (
        f"{layers} layers of {length:g} x {width:g} x {height:g} mm, {count} on the pallet, "
        "exchanges "
        f"{params['exchange_1_s']:g} / {params['exchange_2_s']:g} s"
    )
    return dict(params=params, description=description)


# --- I/O -------------------------------------------------------------------------------------


def _axis(a: str, byte: int) -> tuple[IOPoint, ...]:
    return gantry_axis_io(a, byte, AXES, window_mm=WINDOW_MM)


IO = (
    *_axis("x", 0),
    *_axis("y", 1),
    *_axis("z", 2),
    IOPoint(
        "%IX3.0",
        "w_drive_ready",
        "BOOL",
        "input",
        "w",
        "ready",
        "Wrist drive: TRUE when enabled with no fault",
    ),
    IOPoint(
        "%IX3.1",
        "w_in_position",
        "BOOL",
        "input",
        "w",
        "in_position",
        "TRUE when the wrist is within 0.2 deg of the target of its last move and has settled",
    ),
    IOPoint(
        "%IW3",
        "w_actual_angle",
        "INT",
        "input",
        "w",
        "position",
        "Wrist angle (0 deg: a carton held as it lies at the pick, its length along X; counter-clockwise)",
        "0.1 deg",
        "0..3599",
    ),
    IOPoint("%QX3.0", "w_drive_enable", "BOOL", "output", "w", "enable", "TRUE enables the wrist drive"),
    IOPoint(
        "%QX3.1",
        "w_start_move",
        "BOOL",
        "output",
        "w",
        "start",
        "Rising edge turns the wrist the shortest way to w_target_angle",
    ),
    IOPoint(
        "%QW3",
        "w_target_angle",
        "INT",
        "output",
        "w",
        "target",
        "Target of the wrist's next move",
        "0.1 deg",
        "0..3599",
    ),
    IOPoint(
        "%IX4.0",
        "vacuum_ok",
        "BOOL",
        "input",
        "head",
        "vacuum_ok",
        "Vacuum switch: TRUE while the pad's vacuum holds (a carton under it, or carried)",
    ),
    IOPoint(
        "%IX4.1",
        "carton_at_pick",
        "BOOL",
        "input",
        "pick_eye",
        "blocked",
        "Photo-eye at the infeed's pick point: TRUE while a carton waits there",
    ),
    IOPoint(
        "%IX4.2",
        "pallet_present",
        "BOOL",
        "input",
        "pallet",
        "present",
        "TRUE while a pallet stands in the station (FALSE from an exchange until the new one is in)",
    ),
    IOPoint(
        "%IW4",
        "carton_length",
        "INT",
        "input",
        "carton_length",
        "value",
        "Carton length (its long side; cartons are whole mm)",
        "mm",
        "300..400",
    ),
    IOPoint(
        "%IW5", "carton_width", "INT", "input", "carton_width", "value", "Carton width", "mm", "200..300"
    ),
    IOPoint(
        "%IW6", "carton_height", "INT", "input", "carton_height", "value", "Carton height", "mm", "150..250"
    ),
    IOPoint(
        "%IW7", "layers", "INT", "input", "layers", "value", "Layers per pallet (the order's)", "", "2..3"
    ),
    IOPoint(
        "%IW8",
        "count",
        "INT",
        "input",
        "count",
        "value",
        "Cartons already on the pallet in the station at power-up (laid in the pattern's order)",
        "",
        "0..5",
    ),
    IOPoint(
        "%QX4.0",
        "vacuum_on",
        "BOOL",
        "output",
        "head",
        "vacuum",
        "TRUE: the head sucks; FALSE: the vacuum decays and a carried carton is let go",
    ),
    IOPoint(
        "%QX4.1",
        "exchange",
        "BOOL",
        "output",
        "pallet",
        "exchange",
        "Rising edge sends the pallet in the station away; a new empty one comes in",
    ),
)

TASK = Task(
    id="MAT-M03",
    title="Layer-pattern palletizing",
    suite="MAT",
    level="M",
    summary="Build two pallets in a turned layer pattern with a gantry, a wrist and a vacuum head: slot, "
    "turn "
    "and set-down height per layer from the carton words, resuming from the count already laid.",
    plant_description=(
        "A palletizing gantry seen from above: an X carriage (0..1800 mm), a Y bridge on it (0..1000 mm) and "
        "a Z ram (0..1600 mm: the height of the head's pad above the floor, positive up), each a servo drive "
        "moving at its configured speed (hard limit switches 10 mm past each end of its travel: reaching "
        "one stops the drive with a fault), and a wrist turning the head. The vacuum head's pad rides on a "
        "spring "
        f"of {COMPLIANCE_MM:g} mm. Cartons arrive one at a time at the infeed's pick point, X {PICK_XY[0]:g} "
        "mm, "
        f"Y {PICK_XY[1]:g} mm, lying on the infeed at {INFEED_MM:g} mm above the floor with their length "
        "along X "
        f"(so their top is at {INFEED_MM:g} mm + carton_height); a photo-eye tells a carton waiting there. "
        "The "
        f"pallet station's centre is X {PALLET_XY[0]:g} mm, Y {PALLET_XY[1]:g} mm; the pallet's deck is "
        f"{DECK_MM:g} mm above the floor (1200 x 800 mm). The pattern has {PER_LAYER} cartons a layer: in "
        "odd "
        f"layers (1, 3) both lie lengthwise along X (wrist at 0 deg) centred at X {PALLET_XY[0]:g} mm and Y "
        f"{PALLET_XY[1]:g} mm - width/2 (slot 1 of the layer), + width/2 (slot 2); even layers are turned 90 "
        f"deg, centred at Y {PALLET_XY[1]:g} mm and X {PALLET_XY[0]:g} mm - width/2 (slot 1), + width/2 "
        "(slot 2). "
        "Cartons are laid layer by layer, slot 1 before slot 2. Sending a full pallet away (exchange) takes "
        "it "
        "out; a new empty pallet is in the station 5 to 20 s later. At power-up the drives are off, the "
        "gantry "
        "stands anywhere clear above the pallet and the infeed, and the pallet in the station already holds "
        "`count` cartons of the pattern."
    ),
    specification=(
        f"1. Enable the drives. Move X or Y only with Z at or above {CLEAR_Z_MM:g} mm (the clear height: a "
        "carried carton then passes over the stack and the infeed); raise Z there first.\n"
        "2. Pick each carton at the pick point once carton_at_pick is TRUE: bring the pad down onto its top "
        f"(the spring gives {COMPLIANCE_MM:g} mm: press it a few mm, never more), switch the vacuum on and "
        "lift "
        f"once vacuum_ok is on: Z must have risen {LIFT_BY_MM:g} mm within {LIFT_WITHIN_S:g} s of it.\n"
        "3. Lay it in the next slot of the pattern, counting on from `count` on the first pallet: over the "
        "slot's "
        f"centre (within {POS_TOL_MM:g} mm), turned to the layer's angle (within {ANGLE_TOL_DEG:g} deg), "
        "lowered "
        f"so that the carton's bottom is within {HEIGHT_TOL_MM:g} mm of the layer under it (the deck for "
        "layer 1: "
        f"the pad at {DECK_MM:g} mm + layer x carton_height), then switch the vacuum off there and only "
        "there.\n"
        f"4. When the pallet is full (layers x {PER_LAYER} cartons), send it away within "
        f"{EXCHANGE_WITHIN_S:g} s "
        "(exchange) and do not come below the clear height over the station until pallet_present is TRUE "
        "again; "
        f"then build the next. After the second full pallet is sent away, keep Z at or above {CLEAR_Z_MM:g} "
        "mm "
        "with the vacuum off.\n"
        f"5. Pace: each carton laid within {CYCLE_S:g} s of the one before, or of the new pallet or the "
        "carton "
        f"at the pick arriving where that is later (the first within {FIRST_S:g} s).\n"
        "The carton sizes, the layer count, the count already laid, the exchange times, the infeed's pace, "
        "the "
        "drives' speeds and the vacuum's times differ from run to run: read the words and the switches."
    ),
    io=IO,
    completion=Completion(
        f"Every carton laid in its slot (within {POS_TOL_MM:g} mm), turn (within {ANGLE_TOL_DEG:g} deg) and "
        "layer "
        f"(its bottom within {HEIGHT_TOL_MM:g} mm of the layer under it), both full pallets sent away, each "
        f"within {EXCHANGE_WITHIN_S:g} s of its last carton, the pace kept; then Z at or above "
        f"{CLEAR_Z_MM:g} mm "
        f"with the vacuum off for {HOLD_S:g} s.",
        lambda: FromParams(_make),
        keep=_end_state,
        keep_wording=f"Z at or above {CLEAR_Z_MM:g} mm, the vacuum off and no carton held.",
    ),
    safety_rules=(
        SafetyRule(
            "MAT-M03-S1",
            f"X and Y must stand still (no more than {STILL_MM:g} mm of travel) whenever Z is "
            f"below {CLEAR_Z_MM:g} mm.",
            _xy_still(),
        ),
        SafetyRule(
            "MAT-M03-S2",
            f"A carton may be let go only over the pallet with its bottom within "
            f"{HEIGHT_TOL_MM:g} mm of the surface it lands on (not dropped from above, not pressed "
            "in).",
            BadRelease(),
        ),
        SafetyRule(
            "MAT-M03-S3",
            f"No coming below {CLEAR_Z_MM:g} mm over the pallet station while no pallet is "
            "in it (during an exchange).",
            Never(_over_empty_station),
        ),
        SafetyRule(
            "MAT-M03-S4",
            f"The head must never press more than {COMPLIANCE_MM:g} mm onto what lies under it.",
            Never(_crushed),
        ),
        SafetyRule(
            "MAT-M03-S5",
            "No axis may reach a limit switch.",
            Never(_limit),
        ),
    ),
    parameters=(
        ParameterRange("carton_length", 300.0, 400.0, "mm", "carton length (told by its word)"),
        ParameterRange("carton_width", 200.0, 300.0, "mm", "carton width (at least 40 mm under its length)"),
        ParameterRange("carton_height", 150.0, 250.0, "mm", "carton height"),
        ParameterRange("layers", 2, 3, "", "layers per pallet"),
        ParameterRange("count", 0, 5, "", "cartons on the pallet at power-up (fewer than a full pallet)"),
        ParameterRange(
            "exchange_s", 5.0, 20.0, "s", "pallet exchange time", keys=("exchange_1_s", "exchange_2_s")
        ),
        ParameterRange("first_s", 0.0, 4.0, "s", "when the first carton reaches the pick"),
        ParameterRange("gap_s", 1.0, 4.0, "s", "the infeed's pace: a carton at most this often"),
        ParameterRange("z_speed", 600.0, 1200.0, "mm/s", "Z drive's configured speed"),
        ParameterRange("z_accel", 1500.0, 4000.0, "mm/s^2", "Z drive's acceleration"),
        ParameterRange("xy_speed", 400.0, 800.0, "mm/s", "X and Y drives' configured speed"),
        ParameterRange("xy_accel", 1200.0, 3000.0, "mm/s^2", "X and Y drives' acceleration"),
        ParameterRange("wrist_speed", 90.0, 360.0, "deg/s", "wrist speed"),
        ParameterRange("build_s", 0.15, 0.5, "s", "vacuum build-up time"),
        ParameterRange("release_s", 0.1, 0.3, "s", "vacuum decay time after vacuum off"),
        *drive_ranges()[:2],  # settle_s, response_s (no stored fault here)
        ParameterRange(
            "start_mm",
            0.0,
            1800.0,
            "mm",
            "where the gantry stands at power-up (X, Y, Z)",
            keys=("x_start_mm", "y_start_mm", "z_start_mm"),
        ),
        ParameterRange("w_start_deg", 0.0, 359.9, "deg", "the wrist's angle at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=200.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
