"""MAT-M05 Depalletizing with stack-height search.

A gantry (sim.devices.gantry.Gantry: X, Y and Z servo drives, Z up) carries a suction tool with a
touch-down switch (sim.devices.suction_tool.SuctionTool) over a pallet of cartons in two slot
columns (sim.devices.carton_pallet.CartonPallet) and an outfeed belt (Conveyor) with a photo-eye
at the set-down place; a take-away machine (Downstream) receives the cartons at the belt's end.
How high the stack stands is not told: the pallets differ (deck 120-160 mm), so do the layer count
(2-4) and the top layer (one column may be a carton lower). The program finds each column's top
by bringing the tool down slowly until it touches, picks the top carton, sets it down on the
outfeed once the place is free, and goes on until both columns are down to the deck; then it
lights Empty.

Changes from the catalog entry, and why:
- Two slot columns and 2-4 layers (not 2-5 of a full layer pattern): up to 8 cartons keep a run
  under 150 s, which the battery's ~200 graded runs per task can afford; the search, the gaps and
  the deck are the same problem with two columns as with four.
- The carton height is the order's word (carton_height_mm): an operator keys it in; without it
  the set-down on the belt would need its own slow search every cycle. The deck height and the
  layer count are not told: that is the trap (tops from a nominal deck and layer count).
- "Fast Z only above known top + 30 mm" is judged as the plant knows it: Z may go down faster
  than the creep speed only while the tool's underside (or its carton's bottom) is at least 30 mm
  above whatever lies under it. The pad's spring gives 25 mm, so a touch-down at more than creep
  speed would crush the carton (S5, judged apart so that a program creeping without stopping
  trips S5 alone).
- The carton deadline is two-sided with S1: each carton must be on the belt within CYCLE_S of the
  one before (the first within FIRST_S of power-up), which a program creeping all the way down
  from the clear height at every pick misses on a low stack.
- A leaky carton (a slit top) takes 1-2 s to reach the vacuum switch instead of 0.15-0.5 s: the
  lift must follow vacuum_ok within LIFT_WITHIN_S (progress by Z rising), so a fixed vacuum wait
  long enough for the leaky carton is late on the others.
- S2 "vacuum off only over outfeed": a held carton may be let go only resting on the belt at the
  place; S4 "no place on carton": not onto a carton still lying there (the eye says when the place
  is free). The outfeed is run by the take-away machine (sim.devices.take_away.TakeAway), which
  stops it while busy with a carton (4-16 s) and may not be ready for up to 20 s after power-up,
  with a carton lying at the place: with a belt that ran all the time the place was always clear
  again before the next carton came, and a program that never looked at the eye could not fail.
  The pace then counts from the place coming free where that is later.
- S5 (no crush) and S6 (no limit switch) are added: S1 alone lets a program creep on through the
  touch-down, and the axes have hard limits.
- Cheap attempts kept: counterexamples/nominal_deck.st (the catalog's trap: the layer tops from a
  nominal 140 mm deck: S1 and crushes), creep_everywhere.st (no height trusted: late for the pace
  on a low stack), fixed_vacuum_wait.st (a fixed wait for the leaky carton: late lift), and
  tuned/lookup_table.st (slot 1's top from a table keyed on the carton height word).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.carton_pallet import CartonPallet
from sim.devices.conveyor import Conveyor
from sim.devices.gantry import Gantry
from sim.devices.panel import Lamp
from sim.devices.sensors import PhotoEye
from sim.devices.suction_tool import COMPLIANCE_MM, TOUCH_MM, SuctionTool
from sim.devices.take_away import TakeAway
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    HeldStillUnless,
    MissEndsTheRun,
    axis_io,
    drive_ranges,
    limit_switch_reached,
    log_uniform,
)

PALLET_XY = (600.0, 500.0)
SLOTS = ((0.0, -200.0), (0.0, 200.0))            # slot centres relative to the pallet's centre
CARTON_SIZE = (500.0, 350.0)                     # mm along X, along Y
PLACE_XY = (1600.0, 500.0)
BELT_MM = 700.0                                  # the outfeed belt's surface above the floor
BELT_START_X = 1300.0
BELT_LENGTH = 1200.0
PLACE_AT = PLACE_XY[0] - BELT_START_X            # the place point from the belt's infeed end
CLEAR_Z_MM = 1700.0                              # X/Y may move only with Z at or above this
CREEP_MM_S = 60.0                                # Z down faster than this only well above things
ABOVE_MM = 30.0
DECK_BELOW_MM = 230.0                            # a touch-down lower than this is the deck
LIFT_WITHIN_S = 0.5
LIFT_BY_MM = 10.0
CYCLE_S = 25.0
FIRST_S = 45.0
WINDOW_MM = 0.5
STILL_MM = 0.05
HOLD_S = 2.0
MAX_CARTONS = 8
AXES = {"x": ((-10.0, 1710.0), "X carriage", 0.0), "y": ((-10.0, 1010.0), "Y bridge", 90.0),
        "z": ((-10.0, 1810.0), "Z ram", 90.0)}


def _columns(p) -> tuple[int, int]:
    return (int(p["column_1"]), int(p["column_2"]))


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for a, ((lo, hi), label, angle) in AXES.items():
        origin = (0.0, 0.0) if a != "z" else (2950.0, 0.0)   # Z drawn as a height gauge aside
        plant.add(Axis(a, origin=origin, angle_deg=angle, limit_minus_mm=lo, limit_plus_mm=hi,
                       start_mm=p[f"{a}_start_mm"], max_speed=p["z_speed" if a == "z" else "xy_speed"],
                       accel=p["z_accel" if a == "z" else "xy_accel"], window_mm=WINDOW_MM,
                       settle_s=p["settle_s"], response_s=p["response_s"], carriage_length_mm=60.0,
                       carriage_width_mm=70.0, rail_width_mm=30.0, label=label))
    plant.add(Gantry("gantry", x="x", y="y", z="z", bridge_mm=1000.0, safe_z_mm=CLEAR_Z_MM, label="gantry"))
    plant.add(CartonPallet("pallet", x=PALLET_XY[0], y=PALLET_XY[1], slots=SLOTS, columns=_columns(p),
                           carton_mm=p["carton_mm"], deck_mm=p["deck_mm"], carton_size=CARTON_SIZE,
                           leaky=(int(p["leaky_carton"]),) if p["leaky_carton"] else (), label="pallet"))
    belt = plant.add(Conveyor("outfeed", BELT_START_X + BELT_LENGTH / 2, PLACE_XY[1], length=BELT_LENGTH,
                              width=600, speed=p["belt_speed"], ramp_s=0.3))
    plant.add(PhotoEye.across(belt, "place_eye", PLACE_AT, margin=30.0))
    plant.add(TakeAway("take_away", belt="outfeed", x0=BELT_START_X + BELT_LENGTH - 250.0, y0=150.0,
                       x1=BELT_START_X + BELT_LENGTH + 300.0, y1=850.0, ready_at_s=p["ready_at_s"],
                       busy_s=tuple(p[f"busy_{k}_s"] for k in range(1, MAX_CARTONS + 1)), label="take-away"))
    setter = plant.add(Feeder("set_down", *PLACE_XY, prefix="carton"))
    if p["carton_at_place"]:
        setter.release({"name": "carton0", "part_kind": "carton", "colour": "orange", "material": "plastic",
                        "height_mm": p["carton_mm"], "width": CARTON_SIZE[1], "length": CARTON_SIZE[0],
                        "mass": 2.0})
    plant.add(SuctionTool("tool", gantry="gantry", pallet="pallet", belt="outfeed", feeder="set_down",
                          belt_mm=BELT_MM, place=PLACE_XY, build_s=p["build_s"],
                          leak_build_s=p["leak_build_s"], release_s=p["release_s"], label="suction tool"))
    plant.add(ValueWord("carton_height", int(round(p["carton_mm"])), position=(2000.0, -150.0),
                        label="carton height", units="mm"))
    plant.add(Lamp("empty_lamp", x=300.0, y=-200.0, label="Pallet empty", color="green"))
    return plant


class Devices:
    def __init__(self, plant):
        self.x, self.y, self.z = (plant.device(a, Axis) for a in "xyz")
        self.gantry = plant.device("gantry", Gantry)
        self.pallet = plant.device("pallet", CartonPallet)
        self.tool = plant.device("tool", SuctionTool)
        self.belt = plant.device("outfeed", Conveyor)
        self.take_away = plant.device("take_away", TakeAway)
        self.eye = plant.device("place_eye", PhotoEye)
        self.lamp = plant.device("empty_lamp", Lamp)


# --- judges ----------------------------------------------------------------------------------

def _loaded(s) -> int:
    return sum(_columns(s.params))


def _placed(s) -> list[int]:
    return [c.number for _, c, _ in s.devices.tool.placed]


def _z_clear(s) -> bool:
    return s.devices.z.pos >= CLEAR_Z_MM - 1e-6


class CartonPace(judges.Watch):
    """Each carton on the belt within CYCLE_S of the one before, or of the place coming free if
    that is later (the first within FIRST_S of power-up, or of the place coming free), while
    cartons remain: a throughput deadline counted on distinct cartons set down at the place, which
    no token action can meet. Written for this task: a pace of deliveries that the take-away may
    hold up, not the promptness of one step (judges.progress_within)."""

    def __init__(self):
        self.last_ms = 0
        self.seen = 0
        self.was_blocked = False

    def check(self, s):
        d = s.devices
        blocked = d.eye.read("blocked")
        if self.was_blocked and not blocked:
            self.last_ms = max(self.last_ms, s.time_ms)
        self.was_blocked = blocked
        placed = len(d.tool.placed)
        if placed > self.seen:
            self.seen, self.last_ms = placed, s.time_ms
            return None
        if d.pallet.remaining == 0 and d.tool.held is None:
            return None
        limit = FIRST_S if self.seen == 0 else CYCLE_S
        if s.time_ms - self.last_ms > limit * 1000:
            after = "power-up" if self.seen == 0 else f"carton {self.seen} was set down"
            return (f"no carton was set down on the belt within {limit:g} s after {after} (or after the "
                    "place came free)")
        return None


class EmptyLampEarly(judges.Watch):
    """The Empty lamp lit while a carton is still on the pallet or on the tool."""

    def check(self, s):
        d = s.devices
        if d.lamp.on and (d.pallet.remaining or d.tool.held is not None):
            left = d.pallet.remaining + (d.tool.held is not None)
            return f"the Empty lamp was lit with {left} carton(s) left"
        return None


def _sealed_on_pallet_carton(s) -> bool:
    t = s.devices.tool
    return t.read("vacuum_ok") and t.held is None and t.under.startswith("carton ") and "belt" not in t.under


def _completion():
    return MissEndsTheRun(judges.watched(
        judges.in_order(
            judges.distinct("every carton set down on the outfeed", _placed, _loaded),
            judges.event("the Empty lamp lit", lambda s: s.devices.lamp.on),
            judges.held("the Empty lamp lit with the tool up and the vacuum off", _end_state, HOLD_S)),
        CartonPace(), EmptyLampEarly(),
        judges.progress_within(
            "Z lifts the carton", _sealed_on_pallet_carton,
            [judges.Way(f"Z rising {LIFT_BY_MM:g} mm", lambda s: -s.devices.z.pos, by=LIFT_BY_MM)],
            LIFT_WITHIN_S,
            late=lambda t: f"vacuum_ok came on a carton at {t:g} s but Z had not risen {LIFT_BY_MM:g} mm "
                           f"{LIFT_WITHIN_S:g} s later")))


def _end_state(s) -> bool:
    d = s.devices
    return d.lamp.on and _z_clear(s) and not d.tool.vacuum and d.tool.held is None


# --- safety ----------------------------------------------------------------------------------

class FastOnlyWellAbove(judges.Monitor):
    """S1: Z's descent in each scan (from position) faster than the creep speed only with the
    underside at least ABOVE_MM above what lies under the tool at the end of the scan."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        d = s.devices
        z = d.z.pos
        last, self.last = self.last, z
        if last is None:
            return None
        speed = (last - z) / 0.01
        if speed <= CREEP_MM_S * 1.02 + 1e-6:
            return None
        height, what = d.tool.surface()
        gap = d.tool.underside_mm - height
        if gap < ABOVE_MM - 1e-6:
            return (f"Z came down at {speed:.0f} mm/s with the tool's underside {gap:.0f} mm above {what} "
                    f"(faster than {CREEP_MM_S:g} mm/s only at least {ABOVE_MM:g} mm above it)")
        return None


def _dropped(s):
    t = s.devices.tool
    if t.dropped:
        when, c = t.dropped[0]
        return f"carton {c.number} was let go at {when:g} s not resting on the outfeed belt at the place"
    return None


def _on_carton(s):
    for when, c, on in s.devices.tool.placed:
        if on:
            return f"carton {c.number} was set down at {when:g} s onto a carton lying at the place"
    return None


def _crushed(s):
    t = s.devices.tool
    if t.crushes:
        when, what, mm = t.crushes[0]
        return (f"the tool pressed {mm:.0f} mm onto {what} at {when:g} s (more than the pad's "
                f"{COMPLIANCE_MM:g} mm)")
    return None


def _limit(s):
    d = s.devices
    for axis in (d.x, d.y, d.z):
        msg = limit_switch_reached(axis)
        if msg:
            return msg
    return None


def _xy_still():
    d = lambda s: s.devices  # noqa: E731
    return HeldStillUnless(_z_clear, {"X": lambda s: d(s).x.pos, "Y": lambda s: d(s).y.pos},
                           {"X": lambda s: s.params["x_start_mm"], "Y": lambda s: s.params["y_start_mm"]},
                           STILL_MM, lambda s: f"Z at {d(s).z.pos:.0f} mm (below {CLEAR_Z_MM:g} mm)")


# --- conditions ------------------------------------------------------------------------------

def _busy(busy) -> dict:
    """The take-away's busy time after each carton (the last one repeated), as condition keys."""
    busy = tuple(busy)
    return {f"busy_{k}_s": busy[min(k, len(busy)) - 1] for k in range(1, MAX_CARTONS + 1)}


def _cond(name, seed, description, busy, **params) -> Condition:
    return Condition.of(name, seed, description, **params, **_busy(busy))


CONDITIONS = (
    _cond("low_stack_quick_drives", 501, "2 layers of 160 mm cartons on a low pallet, quick drives, a carton "
          "left at the place at power-up", column_1=2, column_2=2, carton_mm=160.0, deck_mm=122.0,
          z_speed=1150.0, z_accel=3800.0, xy_speed=780.0, xy_accel=3000.0, build_s=0.16, leak_build_s=1.2,
          leaky_carton=0, release_s=0.1, belt_speed=280.0, carton_at_place=1, settle_s=0.04, response_s=0.01,
          x_start_mm=1500.0, y_start_mm=200.0, z_start_mm=900.0, ready_at_s=17.0, busy=(4.0,)),
    _cond("tall_stack_partial_top", 502, "4 layers of 280 mm cartons on a high pallet, the top layer one "
          "carton short, slow Z, the top carton leaky", column_1=3, column_2=4, carton_mm=280.0,
          deck_mm=158.0,
          z_speed=620.0, z_accel=1600.0, xy_speed=420.0, xy_accel=1500.0, build_s=0.45, leak_build_s=1.9,
          leaky_carton=7, release_s=0.25, belt_speed=160.0, carton_at_place=0, settle_s=0.2, response_s=0.08,
          x_start_mm=300.0, y_start_mm=900.0, z_start_mm=1750.0, ready_at_s=0.0,
          busy=(16.0, 10.0, 4.0, 15.5, 4.5, 6.0, 9.0)),
    _cond("three_layers_gap_first", 503, "3 layers of 210 mm cartons, slot 1 a carton short, a leaky carton "
          "low in slot 2", column_1=2, column_2=3, carton_mm=210.0, deck_mm=140.0, z_speed=900.0,
          z_accel=2500.0, xy_speed=600.0, xy_accel=2200.0, build_s=0.3, leak_build_s=1.5, leaky_carton=3,
          release_s=0.15, belt_speed=220.0, carton_at_place=0, settle_s=0.1, response_s=0.05,
          x_start_mm=0.0, y_start_mm=0.0, z_start_mm=1200.0, ready_at_s=2.0,
          busy=(4.0, 6.0, 13.0, 5.5)),
    _cond("two_tall_layers_slow_belt", 504, "2 layers of 300 mm cartons, slot 2 a carton short, a slow belt "
          "with a carton at the place, quick vacuum", column_1=2, column_2=1, carton_mm=300.0, deck_mm=131.0,
          z_speed=1000.0, z_accel=2000.0, xy_speed=500.0, xy_accel=1200.0, build_s=0.15, leak_build_s=1.0,
          leaky_carton=0, release_s=0.3, belt_speed=150.0, carton_at_place=1, settle_s=0.25, response_s=0.1,
          x_start_mm=900.0, y_start_mm=500.0, z_start_mm=1000.0, ready_at_s=6.0,
          busy=(9.0, 4.0)),
    _cond("four_low_layers", 505, "4 layers of 150 mm cartons, full, the bottom carton of slot 1 leaky, slow "
          "vacuum", column_1=4, column_2=4, carton_mm=150.0, deck_mm=150.0, z_speed=750.0, z_accel=3000.0,
          xy_speed=700.0, xy_accel=2500.0, build_s=0.5, leak_build_s=1.6, leaky_carton=1, release_s=0.2,
          belt_speed=250.0, carton_at_place=0, settle_s=0.03, response_s=0.0, x_start_mm=1200.0,
          y_start_mm=800.0, z_start_mm=1300.0, ready_at_s=1.0,
          busy=(4.0, 15.0, 15.5, 4.2, 16.0, 14.0, 4.0)),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The layer count and carton height are drawn first,
    then the columns (as high as each other, or one a carton lower), the deck, the leaky carton
    (one time in two, any of them) and the drives; the start position is drawn jointly with the
    stack: Z anywhere from 60 mm above the stack's top (or a carton lying at the place) up to 1750 mm."""
    layers = rng.randint(2, 4)
    short = rng.choice((0, 0, 1, 2))               # 0: full; else the slot one carton lower
    cols = [layers, layers]
    if short:
        cols[short - 1] -= 1
    carton = round(rng.uniform(150.0, 300.0), 1)
    deck = round(rng.uniform(120.0, 160.0), 1)
    top = max(deck + layers * carton, BELT_MM + carton)   # the stack, or a carton at the place
    total = sum(cols)
    params = dict(column_1=cols[0], column_2=cols[1], carton_mm=carton, deck_mm=deck,
                  z_speed=round(rng.uniform(600.0, 1200.0), 1),
                  z_accel=round(log_uniform(rng, 1500.0, 4000.0), 1),
                  xy_speed=round(rng.uniform(400.0, 800.0), 1),
                  xy_accel=round(log_uniform(rng, 1200.0, 3000.0), 1),
                  build_s=round(rng.uniform(0.15, 0.5), 3), leak_build_s=round(rng.uniform(1.0, 2.0), 3),
                  leaky_carton=rng.randint(1, total) if rng.random() < 0.5 else 0,
                  release_s=round(rng.uniform(0.1, 0.3), 3), belt_speed=round(rng.uniform(150.0, 300.0), 1),
                  carton_at_place=int(rng.random() < 0.5), settle_s=round(rng.uniform(0.03, 0.25), 3),
                  response_s=round(rng.uniform(0.0, 0.1), 3), x_start_mm=round(rng.uniform(0.0, 1700.0), 1),
                  y_start_mm=round(rng.uniform(0.0, 1000.0), 1),
                  z_start_mm=round(rng.uniform(min(top + 60.0, 1750.0), 1750.0), 1),
                  ready_at_s=round(rng.uniform(0.0, 20.0), 2),
                  **_busy(round(log_uniform(rng, 4.0, 16.0), 2) for _ in range(MAX_CARTONS)))
    description = (f"{cols[0]}+{cols[1]} cartons of {carton:g} mm on a {deck:g} mm deck, Z "
                   f"{params['z_speed']:g} mm/s"
                   + (f", carton {params['leaky_carton']} leaky" if params["leaky_carton"] else "")
                   + (", a carton at the place" if params["carton_at_place"] else ""))
    return dict(params=params, description=description)


# --- I/O -------------------------------------------------------------------------------------

def _axis(a: str, byte: int) -> tuple[IOPoint, ...]:
    (lo, hi), what, _ = AXES[a]
    b, o = f"%IX{byte}", f"%QX{byte}"
    named = axis_io(a, (f"{b}.0", "drive_ready"), (f"{b}.1", "in_position"), (f"{b}.2", "standstill"),
                    (f"{b}.3", "busy"), (f"{b}.4", "drive_fault"), (f"{b}.5", "limit_minus"),
                    (f"{b}.6", "limit_plus"), (f"{o}.0", "drive_enable"), (f"{o}.2", "reset_fault"),
                    window_mm=WINDOW_MM, limit_minus_mm=lo, limit_plus_mm=hi, what=what, prefix=f"{a}_")
    A, up = a.upper(), (" (up)", " (down)") if a == "z" else ("", "")
    out = [*named,
           IOPoint(f"%IW{byte}", f"{a}_actual_position", "INT", "input", a, "position",
                   f"Actual {A} position"
                   + (" (height of the tool's pad above the floor)" if a == "z" else ""),
                   "0.1 mm", f"{round(lo * 10)}..{round(hi * 10)}"),
           IOPoint(f"{o}.1", f"{a}_start_move", "BOOL", "output", a, "start",
                   f"Rising edge starts a move of {A} to {a}_target_position (ignored while disabled or "
                   "faulted)"),
           IOPoint(f"%QW{2 * byte}", f"{a}_target_position", "INT", "output", a, "target",
                   f"Target of {A}'s next move, taken at the start_move edge", "0.1 mm",
                   f"0..{round(hi * 10)}"),
           IOPoint(f"%QW{2 * byte + 1}", f"{a}_move_speed", "INT", "output", a, "speed",
                   f"Speed of {A}'s moves and jogs; 0 = the drive's configured speed (moves) or a quarter of "
                   "it (jogs); above the configured speed it is clamped", "mm/s", "0..2000")]
    if a == "z":
        out += [IOPoint(f"{o}.3", "z_jog_plus", "BOOL", "output", a, "jog_plus",
                        f"TRUE jogs Z{up[0]} at z_move_speed (FALSE: it ramps to a stop)"),
                IOPoint(f"{o}.4", "z_jog_minus", "BOOL", "output", a, "jog_minus",
                        f"TRUE jogs Z{up[1]} at z_move_speed (FALSE: it ramps to a stop)")]
    return tuple(out)


IO = (
    *_axis("x", 0), *_axis("y", 1), *_axis("z", 2),
    IOPoint("%IX3.0", "touch_down", "BOOL", "input", "tool", "touch_down",
            f"Touch-down switch of the suction pad's spring: TRUE while the pad (or the carton it holds) is "
            f"pressed at least {TOUCH_MM:g} mm onto something; the spring gives {COMPLIANCE_MM:g} mm in all"),
    IOPoint("%IX3.1", "vacuum_ok", "BOOL", "input", "tool", "vacuum_ok",
            "Vacuum switch: TRUE while the pad's vacuum is at the switching level (it then holds a carton)"),
    IOPoint("%IX3.2", "place_occupied", "BOOL", "input", "place_eye", "blocked",
            "Photo-eye across the outfeed at the set-down place: TRUE while a carton blocks it"),
    IOPoint("%IX3.3", "belt_running", "BOOL", "input", "outfeed", "running",
            "Outfeed belt motor contactor feedback: TRUE while it runs (the take-away machine runs it "
            "while it is ready)"),
    IOPoint("%IW3", "carton_height_mm", "INT", "input", "carton_height", "value",
            "Height of this pallet's cartons (all alike), keyed in from the order", "mm", "150..300"),
    IOPoint("%QX3.0", "vacuum_on", "BOOL", "output", "tool", "vacuum",
            "TRUE: the ejector sucks at the pad; FALSE: the vacuum decays and a held carton is let go"),
    IOPoint("%QX3.1", "empty_lamp", "BOOL", "output", "empty_lamp", "on", "Pallet empty lamp"),
)

_SLOTS = ", ".join(f"slot {k} at X {PALLET_XY[0] + dx:g} mm, Y {PALLET_XY[1] + dy:g} mm"
                   for k, (dx, dy) in enumerate(SLOTS, 1))

TASK = Task(
    id="MAT-M05", title="Depalletizing with stack-height search", suite="MAT", level="M",
    summary="Unload a pallet of cartons of unknown stack height with a gantry and a suction tool: find each "
            "column's top by a slow touch-down, pick, set down on a free outfeed, light Empty at the end.",
    plant_description=(
        "A gantry over a pallet and an outfeed belt, seen from above: an X carriage (0..1700 mm), a Y bridge "
        "on it (0..1000 mm) and a Z ram (0..1800 mm, the height of the tool's pad above the floor, positive "
        "up), each a servo drive. The tool is a suction pad on a spring: the touch-down switch closes once "
        f"the pad (or the carton it holds) is pressed {TOUCH_MM:g} mm onto something, and the spring gives "
        f"{COMPLIANCE_MM:g} mm in all; pressed further, the ram crushes what is under it. The pallet stands "
        f"with its two slots under the gantry: {_SLOTS}. In each slot a column of cartons stands (all "
        f"{CARTON_SIZE[0]:g} x {CARTON_SIZE[1]:g} mm, of the height carton_height_mm tells): 2 to 4 layers, "
        "the two columns as high as each other, or one of them a carton lower (a partial top layer). The "
        "pallet's deck stands 120 to 160 mm above the floor (pallets differ), so no carton's top lies "
        f"below 270 mm, and a touch-down below {DECK_BELOW_MM:g} mm is on the deck. A carton whose top is "
        "leaky (a slit) takes up to 2 s to build the vacuum, a good one 0.15 to 0.5 s. The outfeed belt "
        f"runs along X at {BELT_MM:g} mm above the floor; the set-down place is X {PLACE_XY[0]:g} mm, Y "
        f"{PLACE_XY[1]:g} mm (within 40 mm), watched by a photo-eye; the belt carries the cartons to a "
        "take-away machine at its end, which runs the belt while it is ready and stops it while it is busy "
        "with a carton (4 to 16 s), so cartons may queue back to the place. At power-up the drives are off, "
        "the gantry stands anywhere with the tool at least 60 mm above whatever lies under it, and a carton "
        "may lie at the place with the take-away not ready yet (for up to 20 s)."),
    specification=(
        f"1. Enable the drives. Move X or Y only with Z at or above {CLEAR_Z_MM:g} mm (the clear height: a "
        "carried carton then passes over the stack); raise Z there first.\n"
        "2. Find the tops by touching: over a slot, Z may come down faster than "
        f"{CREEP_MM_S:g} mm/s only while the tool's underside (the pad, or the bottom of the carton it "
        f"holds) is at least {ABOVE_MM:g} mm above whatever lies under it; closer, or where you do not know "
        f"the height yet, creep down at {CREEP_MM_S:g} mm/s or less until touch_down, and stop there (within "
        f"the spring's {COMPLIANCE_MM:g} mm).\n"
        "3. On a carton, switch the vacuum on and lift once vacuum_ok is on: Z must have risen "
        f"{LIFT_BY_MM:g} mm within {LIFT_WITHIN_S:g} s of vacuum_ok. Lifted before vacuum_ok, the carton "
        "stays behind. Take the cartons slot by slot from the top down; a touch-down on the deck means that "
        "slot is empty.\n"
        f"4. Carry the carton at the clear height to the set-down place, and lower it only once the place is "
        "free (place_occupied FALSE). Set it down on the belt (touch_down) and only "
        "then switch the vacuum off; let go nowhere else, and never onto a carton.\n"
        f"5. Pace: the first carton must be on the belt within {FIRST_S:g} s of power-up, each next one "
        f"within {CYCLE_S:g} s of the one before; where the place comes free later than that, the time "
        "counts from place_occupied turning FALSE.\n"
        "6. When both slots are empty, light empty_lamp (never while a carton is left) and keep it lit, with "
        f"Z at or above {CLEAR_Z_MM:g} mm and the vacuum off.\n"
        "The layer count, the deck's height, the carton height, which carton leaks, the drives' speeds, the "
        "belt's speed, the take-away's times and the vacuum's times differ from run to run: read the words "
        "and the switches."),
    io=IO,
    completion=Completion(
        "Every carton of the pallet set down on the outfeed belt at the place (the first within "
        f"{FIRST_S:g} s of power-up, each next within {CYCLE_S:g} s of the one before, or of the place "
        f"coming free if later; Z risen {LIFT_BY_MM:g} mm "
        f"within {LIFT_WITHIN_S:g} s of vacuum_ok at each pick), then the Empty lamp lit (never before) and "
        f"held lit {HOLD_S:g} s with Z at or above {CLEAR_Z_MM:g} mm and the vacuum off.",
        _completion, keep=_end_state,
        keep_wording=f"the Empty lamp lit, Z at or above {CLEAR_Z_MM:g} mm, the vacuum off and no carton "
                     "held."),
    safety_rules=(
        SafetyRule("MAT-M05-S1", f"Z may come down faster than {CREEP_MM_S:g} mm/s only while the tool's "
                   f"underside (or its carton's bottom) is at least {ABOVE_MM:g} mm above whatever lies "
                   "under it.",
                   FastOnlyWellAbove()),
        SafetyRule("MAT-M05-S2", "A held carton may be let go (vacuum off) only resting on the outfeed belt "
                   "at the set-down place.", judges.never(lambda s: _dropped(s) is not None, _dropped)),
        SafetyRule("MAT-M05-S3", f"X and Y must stand still (no more than {STILL_MM:g} mm of travel) "
                   f"whenever Z is below {CLEAR_Z_MM:g} mm.", _xy_still()),
        SafetyRule("MAT-M05-S4", "No carton may be set down onto a carton lying at the place.",
                   judges.never(lambda s: _on_carton(s) is not None, _on_carton)),
        SafetyRule("MAT-M05-S5", f"The tool must never press more than {COMPLIANCE_MM:g} mm onto what lies "
                   "under it (stop on touch_down).",
                   judges.never(lambda s: _crushed(s) is not None, _crushed)),
        SafetyRule("MAT-M05-S6", "No axis may reach a limit switch.",
                   judges.never(lambda s: _limit(s) is not None, _limit)),
    ),
    parameters=(
        ParameterRange("column", 1, 4, "cartons", "cartons in each slot's column (2-4 layers, one column "
                       "possibly a carton lower)", keys=("column_1", "column_2")),
        ParameterRange("carton_mm", 150.0, 300.0, "mm", "carton height (told by carton_height_mm)"),
        ParameterRange("deck_mm", 120.0, 160.0, "mm", "the pallet deck's height above the floor"),
        ParameterRange("z_speed", 600.0, 1200.0, "mm/s", "Z drive's configured speed"),
        ParameterRange("z_accel", 1500.0, 4000.0, "mm/s^2", "Z drive's acceleration"),
        ParameterRange("xy_speed", 400.0, 800.0, "mm/s", "X and Y drives' configured speed"),
        ParameterRange("xy_accel", 1200.0, 3000.0, "mm/s^2", "X and Y drives' acceleration"),
        ParameterRange("build_s", 0.15, 0.5, "s", "vacuum build-up time on a good carton"),
        ParameterRange("leak_build_s", 1.0, 2.0, "s", "vacuum build-up time on a leaky carton"),
        ParameterRange("leaky_carton", 0, 8, "", "which carton leaks (0: none)"),
        ParameterRange("release_s", 0.1, 0.3, "s", "vacuum decay time after vacuum off"),
        ParameterRange("belt_speed", 150.0, 300.0, "mm/s", "outfeed belt speed"),
        ParameterRange("carton_at_place", 0, 1, "", "1 = a carton lies at the place at power-up"),
        ParameterRange("ready_at_s", 0.0, 20.0, "s", "when the take-away machine first turns ready"),
        ParameterRange("busy_s", 4.0, 16.0, "s", "the take-away's busy time after each carton (its belt "
                       "stands still meanwhile)",
                       keys=tuple(f"busy_{k}_s" for k in range(1, MAX_CARTONS + 1))),
        *drive_ranges()[:2],                       # settle_s, response_s (no stored fault here)
        ParameterRange("start_mm", 0.0, 1750.0, "mm", "where the gantry stands at power-up (X, Y, Z)",
                       keys=("x_start_mm", "y_start_mm", "z_start_mm")),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=200.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
