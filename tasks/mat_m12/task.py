"""MAT-M12 Transfer car to three lanes.

An infeed conveyor brings pallets to a transfer car (sim.devices.transfer_car.TransferCar: a servo
car on a track with a belt on board). The program loads each pallet onto the car (infeed and car
belt running until it lies wholly aboard), reads its destination from the car's label reader,
drives the car to that lane, runs the pallet off into the lane once the lane has room, and brings
the car back to the load position. The three lanes are accumulation conveyors that run all the
time; each holds two pallets, and a forklift driver (sim.devices.forklift.Forklift) clears a lane
5-20 s after its full eye has backed up. Lane 1 lies opposite the infeed, at the load position.

Changes from the catalog entry, and why:
- The destination is not a host ValueWord but the car's own label reader (label, label_valid): a
  word from outside needs a rule tying it to one pallet, and a pallet standing on the car at
  power-up (the discovered start state) must still have a readable destination.
- The 2-sided window is judged on every step of the cycle, by motion, each latched per episode
  (sim.judges.progress_within with a Way that must arrive): the pallet sets off onto the car
  within 0.5 s of the car standing empty at the load position with a pallet at the infeed's end;
  the car sets off within 0.5 s of the pallet lying still on it with its label read; the pallet
  sets off into its lane within 0.5 s of the car standing there with the lane's full eye clear;
  the empty car sets off back within 0.5 s. The early side is S2 (only at the lane +-2 mm, so a
  move that is not finished is too early) and S3 (never into a full lane). "Standing at" a
  station is judged from the car itself (still within 2 mm for the drive's settle time, when its
  in_position comes), not from in_position: a program could keep in_position from ever coming
  by restarting its move, and no deadline would start.
- Pallets are 800, 1000 or 1200 mm long on a 1400 mm deck whose end eye lies 1100 mm in: a
  1200 mm pallet whose nose reaches the end eye still hangs 100 mm over the infeed (the catalog's
  trap: stopping the car belt when its end eye blocks; counterexamples/stop_at_end_eye.st).
- A pallet that crosses an end of the deck while the car stands elsewhere, or that falls into
  the track's pit, is what S2 words: "transfer only at lane +-2 mm" is judged for loading too.
- 5 pallets instead of 8: one pallet's cycle (load, read, travel, transfer, return) takes 10-15 s
  of plant time, so 8 made a run two to three minutes long and the battery far over its test-time
  budget; 5 still send pallets to every lane, fill a lane (two pallets) and need the forklift.
- A time limit of 125 s: the reference's slowest completion over 200 sampled conditions was 98.5 s;
  a program that fails runs to the limit, and those runs are most of the battery's time.
- The car's belt runs at least as fast as the infeed (drawn jointly): a pallet crossing onto a
  slower belt would let the next one close up on it, and a real transfer car is never slower
  than the conveyor feeding it.

Judged by what the plant does: pallets' positions against the car's ends and the lanes (distinct
pallets, each lying wholly on the lane its label names), the car's position scan to scan (motion
from position for S1), a pallet's motion across an end for S2, the lanes' full eyes for S3, and
the parked end state held through the post-completion window (Completion keep).
"""

from __future__ import annotations

import math
import random

from pymunk._chipmunk_cffi import lib as _cp

from sim import judges
from sim.devices.conveyor import Conveyor
from sim.devices.forklift import Forklift
from sim.devices.sensors import PhotoEye
from sim.devices.transfer_car import TransferCar
from sim.devices.workpiece import Feeder, Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import axis_io, published_range

LOT = 5
LOAD_MM = 250.0                                   # car position of the load station (= lane 1)
LANES_MM = (250.0, 1750.0, 3250.0)                # car positions of lanes 1..3
LIMIT_MINUS_MM, LIMIT_PLUS_MM = 100.0, 3270.0
AT_MM = 2.0                                       # S2: the car within this of the conveyor's position
WINDOW_MM = 0.5
DECK_L, DECK_W = 1400.0, 1300.0
ENTRY_EYE_MM, END_EYE_MM = 100.0, 1100.0
CAR_X = 3700.0                                    # the deck's centre line across the track
ENTRY_X, DISCHARGE_X = CAR_X - DECK_L / 2, CAR_X + DECK_L / 2
INFEED_L, INFEED_EYE_MM, FEED_AT = 3000.0, 2850.0, 700.0
LANE_L, LANE_EYE_MM, LANE_SPEED = 2800.0, 1300.0, 400.0
BELT_W = 1300.0
SIZES = {800: 1200, 1000: 1200, 1200: 800}        # pallet length along the belts -> its width
COLOURS = {1: "blue", 2: "orange", 3: "green"}
WITHIN_S = 0.5
SET_OFF_MM = 20.0
CAR_SET_OFF_MM = 10.0
MOVED_MM = 0.01
CROSS_MM = 0.5
HOLD_S = 2.0

_get_angle = _cp.cpBodyGetAngle    # part.body.angle without pymunk's wrapper (TransferCar.half_sizes)


def _pallet(dest: int, length: int) -> dict:
    return dict(part_kind=f"lane {dest}", code=dest, colour=COLOURS[dest], length=float(length),
                width=float(SIZES[length]), mass=20.0, height_mm=140.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    infeed = plant.add(Conveyor("infeed", INFEED_L / 2, LOAD_MM, length=INFEED_L, width=BELT_W,
                                speed=p["infeed_speed"], max_speed=p["infeed_speed"], ramp_s=0.1))
    plant.add(TransferCar(
        "car", origin=(CAR_X, 0.0), deck_length=DECK_L, deck_width=DECK_W, belt_speed=p["car_belt_speed"],
        belt_ramp_s=0.1, entry_eye_mm=ENTRY_EYE_MM, end_eye_mm=END_EYE_MM, read_s=p["read_s"],
        stations={"load / lane 1": LANES_MM[0], "lane 2": LANES_MM[1], "lane 3": LANES_MM[2]},
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=60.0, rail_max_mm=3300.0,
        start_mm=p["start_mm"], max_speed=p["car_speed"], accel=p["car_accel"], window_mm=WINDOW_MM,
        settle_s=p["settle_s"], label="transfer car"))
    plant.add(PhotoEye.across(infeed, "infeed_eye", INFEED_EYE_MM, live_at_power_up=True))
    for k, at in enumerate(LANES_MM, start=1):
        lane = plant.add(Conveyor(f"lane_{k}", DISCHARGE_X + LANE_L / 2, at, length=LANE_L, width=BELT_W,
                                  speed=LANE_SPEED, max_speed=LANE_SPEED, ramp_s=0.1, end_stop=True))
        lane.write("run", True)
        plant.add(PhotoEye.across(lane, f"lane_{k}_eye", LANE_EYE_MM, live_at_power_up=True))
        end = LANE_L
        for n, length in enumerate(p.get(f"lane{k}_start", ())):
            x, y = lane.point(end - length / 2)
            plant.add(Workpiece(f"stored{k}_{n + 1}", x, y, **_pallet(k, length)))
            end -= length + 5.0
        plant.add(Forklift(f"forklift_{k}", lane=f"lane_{k}", eye=f"lane_{k}_eye",
                           after_s=tuple(p["forklift_s"]),
                           label=f"forklift of lane {k}"))
    pallets = list(zip(p["dests"], p["lengths"], strict=True))
    if p.get("aboard"):
        dest, length = pallets.pop(0)
        plant.add(Workpiece("pallet0", ENTRY_X + 720.0, p["start_mm"], **_pallet(dest, length)))
    t, schedule = p["first_arrival_s"], []
    for (dest, length), gap in zip(pallets, [0.0, *p["arrival_gap_s"]], strict=False):
        t += gap
        schedule.append((round(t, 2), _pallet(dest, length)))
    plant.add(Feeder("line", *infeed.point(FEED_AT), schedule, prefix="pallet", clearance_mm=200.0))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges read every scan, and one look per scan (`look`) at the pallets near
    the car's track (TransferCar.band: the others can neither touch the car nor cross an edge):
    where each lies along x, whether it overlaps the car's belt, and whether it moved in x since
    the last scan (to tell a pallet being run across an edge from one lying still there). A
    pallet leaves the band at the lanes' side only after it lies wholly on its lane, where
    `_deliveries` has seen it."""

    def __init__(self, plant: Plant):
        self.car = plant.device("car", TransferCar)
        self.eyes = [plant.device(f"lane_{k}_eye", PhotoEye) for k in (1, 2, 3)]
        self.infeed_eye = plant.device("infeed_eye", PhotoEye)
        self.delivered: dict[str, tuple[int, int]] = {}     # pallet -> (lane it lies wholly in, its dest)
        self.delivered_right: list[str] = []    # pallets of `delivered` lying in their dest lane, in order
        self.at_ms = -1
        self.rows: list[tuple] = []        # (part, x, y, lo, hi, on the car's belt, moved in x)
        self.deck_empty = True             # no row on the car's belt
        self.running = False               # some row moved in x
        self.crossing = False              # some row that moved in x lies across an end of the deck
        self.xs: dict[str, float] = {}
        self.car_pos: float | None = None
        self.car_moved = False
        self.still_s = 0.0                 # how long the car has stood without moving

    def look(self, s) -> list[tuple]:
        if s.time_ms == self.at_ms:
            return self.rows
        self.at_ms = s.time_ms
        car = self.car
        pos = car.pos
        cy = car.origin[1] + pos            # car.deck_centre()'s y
        reach = car.deck_width / 2
        rows, xs = [], {}
        last_xs, halves, tick = self.xs, car._halves, s.plant.tick
        deck_empty, running, crossing = True, False, False
        for part in car.band:
            if part.removed:
                continue
            x, y = part._xy if part._xy_tick == tick else part.xy()     # xy(), its cache in line
            got = halves.get(part)          # car.half_sizes(part), its cache in line
            if got is None or got[0] != _get_angle(part._cpbody):
                hx, hy = car.half_sizes(part)
            else:
                hx, hy = got[1], got[2]
            lo, hi = x - hx, x + hx
            on = hi > ENTRY_X and lo < DISCHARGE_X and abs(y - cy) < reach + hy
            if on:
                deck_empty = False
            name = part.name
            before = last_xs.get(name)
            moving = before is not None and abs(x - before) > CROSS_MM
            if moving:
                running = True
                if lo < ENTRY_X < hi or lo < DISCHARGE_X < hi:
                    crossing = True
            rows.append((part, x, y, lo, hi, on, moving))
            xs[name] = x
        self.rows, self.xs, self.deck_empty = rows, xs, deck_empty
        self.running, self.crossing = running, crossing
        last = self.car_pos
        moved = self.car_moved = last is not None and abs(pos - last) > MOVED_MM
        self.car_pos = pos
        self.still_s = 0.0 if moved or not car.standstill else self.still_s + 0.01
        return rows


def _deliveries(s) -> list[str]:
    c = s.devices
    for part, _, y, lo, _, _, _ in (c.rows if c.at_ms == s.time_ms else c.look(s)):
        if lo >= DISCHARGE_X and part.name not in c.delivered and not part.name.startswith("stored"):
            k = min(range(3), key=lambda i: abs(LANES_MM[i] - y))
            if abs(LANES_MM[k] - y) < BELT_W / 2:
                c.delivered[part.name] = (k + 1, part.code)
                if k + 1 == part.code:
                    c.delivered_right.append(part.name)
    return c.delivered_right


def _at(s, mm: float) -> bool:
    car = s.devices.car
    return car.standstill and abs(car.pos - mm) <= AT_MM


def _ready_at(s, mm: float) -> bool:
    """The car has stood within AT_MM of mm for the drive's settle time: when its in_position comes
    (judged from the car itself, so a program that keeps in_position from coming by restarting
    its move starts no later)."""
    c = s.devices
    if c.at_ms != s.time_ms:
        c.look(s)
    car = c.car
    return c.still_s >= s.params["settle_s"] - 1e-9 and car.standstill and abs(car.pos - mm) <= AT_MM


def _deck_empty(s) -> bool:
    """No pallet overlaps the car's belt (worked out with the scan's look)."""
    c = s.devices
    if c.at_ms != s.time_ms:
        c.look(s)
    return c.deck_empty


def _in_line(y: float) -> bool:
    return abs(y - LOAD_MM) < BELT_W / 2


def _load_cause(s) -> bool:
    """The car in position at the load position, its belt empty, a pallet's nose at infeed_eye."""
    # _ready_at has made the scan's look
    return _ready_at(s, LOAD_MM) and s.devices.infeed_eye.read("blocked") and s.devices.deck_empty


def _loading_left(s) -> float:
    """How far the foremost pallet in line with the infeed still has to go for its tail to pass the
    car's entry eye (0 once it has)."""
    los = [lo for _, _, y, lo, _, _, _ in s.devices.look(s) if _in_line(y) and lo < DISCHARGE_X]
    return max(0.0, ENTRY_X + ENTRY_EYE_MM - max(los, default=ENTRY_X + ENTRY_EYE_MM))


def _crossing_s(mm: float, belt_speed: float) -> float:
    return mm / belt_speed + 1.5


def _aboard_still(s):
    car = s.devices.car
    if car.aboard is None or not car.label_valid or car.deck.velocity != 0.0:
        return None
    return car.aboard


def _travel_s(s, mm: float) -> float:
    """The car's own time for a move of mm (trapezoid at the condition's speed and accel), plus 1 s."""
    v, a = s.params["car_speed"], s.params["car_accel"]
    t = 2 * math.sqrt(mm / a) if mm < v * v / a else mm / v + v / a
    return t + s.params["settle_s"] + 1.0


class _Travel:
    """The cause 'a read pallet lies still on the car away from its lane'; it remembers the lane so
    that the car's way there is judged to its arrival."""

    def __init__(self):
        self.to_mm = LOAD_MM

    def __call__(self, s) -> bool:
        part = _aboard_still(s)
        if part is None:
            return False
        self.to_mm = LANES_MM[part.code - 1]
        return abs(s.devices.car.pos - self.to_mm) > AT_MM


def _transfer_cause(s) -> bool:
    part = _aboard_still(s)
    if part is None:
        return False
    k = part.code - 1
    return _ready_at(s, LANES_MM[k]) and not s.devices.eyes[k].read("blocked")


def _unloading_left(s) -> float:
    return max((DISCHARGE_X - lo for _, _, _, lo, _, on, _ in s.devices.look(s) if on), default=0.0)


def _steps() -> list[judges.Watch]:
    travel = _Travel()

    def late(what):
        return lambda t: f"{what} at {t:g} s, but the next step had not begun {WITHIN_S:g} s later"

    car_to = judges.Way("the car travelling to the pallet's lane",
                        lambda s: abs(s.devices.car.pos - travel.to_mm),
                        by=CAR_SET_OFF_MM, until=lambda s: _at(s, travel.to_mm),
                        arrive_s=lambda s: _travel_s(s, abs(s.devices.car.pos - travel.to_mm)))
    car_back = judges.Way("the empty car travelling back to the load position",
                          lambda s: abs(s.devices.car.pos - LOAD_MM), by=CAR_SET_OFF_MM,
                          until=lambda s: _at(s, LOAD_MM),
                          arrive_s=lambda s: _travel_s(s, abs(s.devices.car.pos - LOAD_MM)))
    loading = judges.Way("the pallet running onto the car", _loading_left, by=SET_OFF_MM,
                         until=lambda s: s.devices.car.aboard is not None,
                         arrive_s=lambda s: _crossing_s(_loading_left(s) + DECK_L, s.params["infeed_speed"]))
    unloading = judges.Way("the pallet running off into its lane", _unloading_left, by=SET_OFF_MM,
                           until=_deck_empty,
                           arrive_s=lambda s: _crossing_s(_unloading_left(s),
                                                          min(LANE_SPEED, s.params["car_belt_speed"])))
    return [
        judges.progress_within("loading", _load_cause, [loading], WITHIN_S,
                               late=late("the car stood empty and in position at the load position with a "
                                         "pallet at infeed_eye")),
        judges.progress_within("travelling to the lane", travel, [car_to], WITHIN_S,
                               late=late("a pallet lay still on the car with its label read")),
        judges.progress_within("transferring off", _transfer_cause, [unloading], WITHIN_S,
                               late=late("the car stood in position at the pallet's lane with the "
                                         "lane's full eye clear")),
        judges.progress_within("returning", lambda s: _deck_empty(s) and not _at(s, LOAD_MM), [car_back],
                               WITHIN_S, late=late("the car's belt was empty away from the load position")),
    ]


def _parked(s) -> bool:
    return _at(s, LOAD_MM) and not s.io["infeed_run"] and not s.io["car_belt_run"]


def _completion():
    return judges.watched(
        judges.in_order(
            judges.distinct(f"{LOT} pallets in their lanes", _deliveries, LOT),
            judges.held("the car parked at the load position, belts off", _parked, HOLD_S),
        ),
        *_steps(), name="all pallets in their lanes with a prompt cycle")


def _still_while_straddling(s):
    c = s.devices
    rows = c.rows if c.at_ms == s.time_ms else c.look(s)
    if not c.car_moved:
        return None
    for part, _, _, lo, hi, on, _ in rows:
        if on and (lo < ENTRY_X < hi or lo < DISCHARGE_X < hi):
            return f"the car moved at {c.car.pos:.0f} mm with {part.name} lying across an end of its belt"
    return None


def _cross_only_at_conveyor(s):
    c = s.devices
    rows = c.rows if c.at_ms == s.time_ms else c.look(s)
    if not c.crossing:
        return None         # it judges only rows that moved in x across an end: none did
    pos = c.car.pos
    for part, _, y, lo, hi, _, running in rows:
        if not running:
            continue
        if lo < ENTRY_X < hi and _in_line(y) and abs(pos - LOAD_MM) > AT_MM:
            return (f"{part.name} ran across the infeed's end with the car at {pos:.1f} mm, not within "
                    f"{AT_MM:g} mm of the load position")
        if lo < DISCHARGE_X < hi and all(abs(pos - at) > AT_MM for at in LANES_MM):
            return (f"{part.name} ran across the car's discharge end with the car at {pos:.1f} mm, not "
                    f"within {AT_MM:g} mm of a lane")
    return None


def _not_into_full_lane(s):
    c = s.devices
    rows = c.rows if c.at_ms == s.time_ms else c.look(s)
    if not c.crossing:
        return None         # it judges only rows that moved in x across an end: none did
    for part, _, y, lo, hi, _, running in rows:
        if not (running and lo < DISCHARGE_X < hi):
            continue
        for k, at in enumerate(LANES_MM):
            # the pallet crossing cannot reach the eye itself: 1300 mm into the lane, longer than a pallet
            if abs(y - at) < BELT_W / 2 and c.eyes[k].read("blocked"):
                return (f"{part.name} was run into lane {k + 1} while its full eye was blocked by another "
                        "pallet")
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "infeed_eye", "BOOL", "input", "infeed_eye", "blocked",
            f"photo-eye {INFEED_L - INFEED_EYE_MM:.0f} mm before the infeed's end, TRUE while a pallet "
            "blocks it"),
    IOPoint("%IX0.1", "car_entry_eye", "BOOL", "input", "car", "entry_eye",
            f"photo-eye across the car's belt {ENTRY_EYE_MM:.0f} mm from its entry end (the infeed side), "
            "TRUE while a pallet blocks it"),
    IOPoint("%IX0.2", "car_end_eye", "BOOL", "input", "car", "end_eye",
            f"photo-eye across the car's belt {END_EYE_MM:.0f} mm from its entry end "
            f"({DECK_L - END_EYE_MM:.0f} mm before its discharge end), TRUE while a pallet blocks it"),
    IOPoint("%IX0.3", "label_valid", "BOOL", "input", "car", "label_valid",
            "the car's label reader has read the pallet lying wholly on the car (TRUE from the read until "
            "the pallet is no longer wholly on the car)"),
    IOPoint("%IW0", "label", "INT", "input", "car", "label",
            "destination lane read from the pallet's label while label_valid (1, 2 or 3); 0 otherwise", "",
            "0..3"),
    *(IOPoint(f"%IX0.{3 + k}", f"lane_{k}_full", "BOOL", "input", f"lane_{k}_eye", "blocked",
              f"full eye of lane {k}, {LANE_EYE_MM:.0f} mm into the lane: TRUE while a pallet blocks it")
      for k in (1, 2, 3)),
    *axis_io("car", ("%IX1.0", "drive_ready"), ("%IX1.1", "in_position"), ("%IX1.2", "standstill"),
             ("%IX1.3", "drive_fault"), window_mm=WINDOW_MM, limit_minus_mm=LIMIT_MINUS_MM,
             limit_plus_mm=LIMIT_PLUS_MM, what="car"),
    IOPoint("%IW1", "car_position", "INT", "input", "car", "position",
            "actual car position along its track", "0.1 mm", "1000..32700"),
    IOPoint("%QX0.0", "infeed_run", "BOOL", "output", "infeed", "run", "TRUE runs the infeed conveyor"),
    IOPoint("%QX0.1", "car_belt_run", "BOOL", "output", "car", "belt_run",
            "TRUE runs the car's belt (toward the lanes)"),
    IOPoint("%QX0.2", "drive_enable", "BOOL", "output", "car", "enable",
            "TRUE enables the car's drive (FALSE: it brakes to a stop and holds no position)"),
    IOPoint("%QX0.3", "start_move", "BOOL", "output", "car", "start",
            "rising edge starts a move to target_position (ignored unless drive_ready)"),
    *axis_io("car", ("%QX0.4", "reset_fault"), what="car"),
    IOPoint("%QW0", "target_position", "INT", "output", "car", "target",
            "target of the next move, taken at the start_move edge", "0.1 mm", "1000..32500"),
]

_LANES = ", ".join(f"lane {k} at {at:.0f} mm" for k, at in enumerate(LANES_MM, start=1))

SPEC = f"""\
A line hands {LOT} pallets one by one onto the infeed conveyor. Bring each to the transfer car,
which carries it to the lane its label names and runs it off into that lane.

Loading: run the infeed until a pallet reaches infeed_eye. With the car standing at the load
position (in position at {LOAD_MM:.0f} mm, its belt empty), run the infeed and the car's belt
together so the pallet runs onto the car; the next pallet behind it must stay on the infeed. The
pallet lies wholly on the car when car_end_eye is blocked and car_entry_eye is clear again: stop
the car's belt then (pallets are 800, 1000 or 1200 mm long; the car's belt is {DECK_L:.0f} mm long).
The label reader then reads its destination (label_valid, label = 1, 2 or 3).

Travel and transfer: drive the car to the lane ({_LANES};
lane 1 lies opposite the infeed, at the load position). Once the car is in position there and the
lane's full eye is clear, run the car's belt so the pallet runs off into the lane. The lanes run at
{LANE_SPEED:.0f} mm/s by themselves: once the pallet's tail has passed car_end_eye its centre lies
on the lane, which takes it on at {LANE_SPEED:.0f} mm/s; its tail leaves the car
{DECK_L - END_EYE_MM:.0f} mm after the end eye. While the lane's full eye is blocked (a pallet
passing it or the lane backed up: a lane holds two pallets; a forklift clears a backed-up lane
after a while), wait with the pallet on the car. Then drive the empty car back to the load position.

Every step is on its way within {WITHIN_S:g} s of the step before it having finished: the pallet
onto the car within {WITHIN_S:g} s of the car standing empty and in position at the load position
(still there for the drive's settle time: when in_position comes) with a pallet at infeed_eye;
the car away toward the lane within {WITHIN_S:g} s of the pallet lying still on the car (its belt
stopped) with label_valid; the pallet off within {WITHIN_S:g} s of the car standing in position at
its lane with the full eye clear; the empty car back toward the load position within
{WITHIN_S:g} s of its belt being empty. Never move the car while a pallet lies across either end of
its belt, never let a pallet cross between the car and the infeed or a lane unless the car stands
within {AT_MM:g} mm of that conveyor's position, and never run a pallet into a lane while its full
eye is blocked. A pallet run off the infeed or the car where no conveyor meets it falls into the
car's track pit and is lost.

At power-up the car may stand anywhere on its track, with or without a pallet lying on it (its
label is read as soon as the reader has seen it; it counts as one of the {LOT}); lanes may
already hold pallets, and a lane may be full. The car's speed and acceleration, both belt speeds,
the reader's time and the pallets' arrivals are not known in advance.
When all {LOT} pallets are in their lanes, park the car at the load position with both belts
stopped, and keep it so."""

PARKED = (f"the car at standstill within {AT_MM:g} mm of the load position with the infeed and the car's "
          "belt stopped")

COMPLETION = Completion(
    f"All {LOT} pallets in the lanes their labels name (lying wholly on the lane; none in another lane); "
    "then "
    f"{PARKED}, held for {HOLD_S:g} s. On the way, each within {WITHIN_S:g} s of its cause and going on "
    f"without stopping: the pallet at the infeed's end sets off ({SET_OFF_MM:g} mm) onto the car standing "
    "empty and in position at the load position and comes to lie wholly on it; the car sets off "
    f"({CAR_SET_OFF_MM:g} mm) "
    "toward the lane of the pallet lying still on it with its label read and comes to stand there; the "
    f"pallet sets off ({SET_OFF_MM:g} mm) into the lane the car stands in position at (full eye clear) "
    "and leaves the car; "
    f"the car with its belt empty sets off ({CAR_SET_OFF_MM:g} mm) back toward the load position and comes "
    "to "
    "stand there. Each arrival is due by the car's own travel time (its speed and acceleration) plus its "
    "settle time plus 1 s, or by the pallet's distance at the slower belt's speed plus 1.5 s.",
    _completion, keep=_parked, keep_wording=PARKED + ".",
)

SAFETY = [
    SafetyRule("MAT-M12-S1", "The car stands still while a pallet lies across either end of its belt (partly "
               "on the car, partly off it).", _still_while_straddling),
    SafetyRule("MAT-M12-S2", f"A pallet crosses between the car and the infeed or a lane only while the car "
               f"stands within {AT_MM:g} mm of that conveyor's position (the load position for the infeed, "
               "the lane's position for a lane).", _cross_only_at_conveyor),
    SafetyRule("MAT-M12-S3", "No pallet is run into a lane while another pallet blocks that lane's full eye.",
               _not_into_full_lane),
]

PARAMETERS = [
    ParameterRange("car_speed", 600, 1500, "mm/s", "car travel speed"),
    ParameterRange("car_accel", 400, 1500, "mm/s^2", "car acceleration and deceleration"),
    ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before the car's drive reports in_position"),
    ParameterRange("infeed_speed", 200, 500, "mm/s", "infeed belt speed"),
    ParameterRange("car_belt_speed", 200, 500, "mm/s", "car belt speed (never below the infeed's)"),
    ParameterRange("read_s", 0.1, 0.8, "s", "label reader's time to read a pallet lying wholly on the car"),
    ParameterRange("start_mm", 200, 3260, "mm", "car position at power-up"),
    ParameterRange("first_arrival_s", 0.0, 3.0, "s", "time the line offers the first pallet"),
    ParameterRange("arrival_gap_s", 1.0, 10.0, "s", "time between the pallets the line offers"),
    ParameterRange("forklift_s", 5.0, 20.0, "s", "time a lane stays backed up before the forklift clears it"),
    ParameterRange("lengths", 800, 1200, "mm", "pallet lengths along the belts (800, 1000 or 1200), also of "
                   "pallets in the lanes at power-up",
                   keys=("lengths", "lane1_start", "lane2_start", "lane3_start")),
    ParameterRange("dests", 1, 3, "", "destination lanes"),
]


def _condition(name: str, seed: int, description: str, **params) -> Condition:
    return Condition(name, seed, params, description)


CONDITIONS = [
    _condition("nominal", 121, "car at the load position, mixed pallets every 5 s",
               car_speed=1000, car_accel=900, settle_s=0.1, infeed_speed=300, car_belt_speed=300, read_s=0.3,
               start_mm=250, first_arrival_s=0.5, arrival_gap_s=[5.0] * 4, forklift_s=[10.0],
               dests=[2, 3, 1, 2, 2], lengths=[1200, 800, 1000, 1200, 800]),
    _condition("pallet_aboard", 122, "a pallet on the car at power-up between lanes 2 and 3, fast car, slow "
               "belts, slow reader", car_speed=1500, car_accel=1500, settle_s=0.03, infeed_speed=200,
               car_belt_speed=210, read_s=0.8, start_mm=2480, aboard=True, first_arrival_s=2.0,
               arrival_gap_s=[3.0, 1.0, 9.0], forklift_s=[6.0], dests=[1, 3, 3, 1, 1],
               lengths=[1200, 1000, 1200, 800, 1200], lane1_start=[1000]),
    _condition("lane_full", 123, "lane 2 full at power-up (cleared 18 s after), car at lane 3, slow car",
               car_speed=600, car_accel=400, settle_s=0.25, infeed_speed=480, car_belt_speed=500, read_s=0.1,
               start_mm=3250, lane2_start=[1200, 1000], first_arrival_s=0.0,
               arrival_gap_s=[1.0, 2.0, 1.0, 6.0],
               forklift_s=[18.0, 5.0], dests=[2, 1, 2, 3, 2], lengths=[800, 1200, 1200, 1000, 800]),
    _condition("long_pallets", 124, "all pallets 1200 mm long, slow infeed onto a quick car belt, lane 3 for "
               "most", car_speed=1200, car_accel=500, settle_s=0.15, infeed_speed=220, car_belt_speed=450,
               read_s=0.5, start_mm=1000, first_arrival_s=3.0, arrival_gap_s=[2.0, 4.0, 2.0, 8.0],
               forklift_s=[5.0, 20.0], dests=[3, 3, 1, 3, 2], lengths=[1200] * 5),
    _condition("bunched", 125, "pallets bunched on the infeed, lane 3 holding one, car past lane 3",
               car_speed=750, car_accel=1200, settle_s=0.2, infeed_speed=260, car_belt_speed=420, read_s=0.6,
               start_mm=3260, lane3_start=[1000], first_arrival_s=1.0, arrival_gap_s=[1.0] * 4,
               forklift_s=[14.0, 8.0], dests=[1, 3, 2, 3, 1], lengths=[1000, 800, 1200, 800, 1200]),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample). Independent and uniform: car
    speed, acceleration, settle time, infeed speed, reader time, start position, first arrival
    and every gap, every forklift time (three, used in turn). Jointly: the car's belt speed from the
    infeed's up to the top of its range (see below); the 8 pallets' lengths
    from 800/1000/1200 mm and lanes from 1-3, with at least one 1200 mm pallet (so stopping at the
    end eye is always caught); one time in four a pallet lies on the car at power-up (the first of
    the lot); each lane holds 0-2 pallets at power-up (two: full)."""
    lengths = [rng.choice((800, 1000, 1200)) for _ in range(LOT)]
    if 1200 not in lengths:
        lengths[rng.randrange(LOT)] = 1200
    params: dict = dict(
        car_speed=rng.randint(*map(int, _range("car_speed"))),
        car_accel=rng.randint(*map(int, _range("car_accel"))),
        settle_s=round(rng.uniform(*_range("settle_s")), 2),
        infeed_speed=rng.randint(*map(int, _range("infeed_speed"))),
        car_belt_speed=0,
        read_s=round(rng.uniform(*_range("read_s")), 2),
        start_mm=round(rng.uniform(*_range("start_mm"))),
        first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
        arrival_gap_s=[round(rng.uniform(*_range("arrival_gap_s")), 2) for _ in range(LOT - 1)],
        forklift_s=[round(rng.uniform(*_range("forklift_s")), 1) for _ in range(3)],
        dests=[rng.randint(1, 3) for _ in range(LOT)], lengths=lengths)
    notes = []
    if rng.random() < 1 / 4:
        params["aboard"] = True
        params["arrival_gap_s"] = params["arrival_gap_s"][:-1]
        notes.append("pallet on the car")
    for k in (1, 2, 3):
        n = rng.choice((0, 0, 1, 2))
        if n:
            params[f"lane{k}_start"] = [rng.choice((800, 1000, 1200)) for _ in range(n)]
            notes.append(f"lane {k} holds {n}")
    # jointly: the car's belt runs at least as fast as the infeed (a pallet crossing onto it never
    # slows down, so the next pallet keeps its gap and stays back at infeed_eye)
    params["car_belt_speed"] = rng.randint(params["infeed_speed"], int(_range("car_belt_speed")[1]))
    description = (f"car {params['car_speed']} mm/s at {params['start_mm']} mm, belts "
                   f"{params['infeed_speed']}/"
                   f"{params['car_belt_speed']} mm/s, lanes {''.join(map(str, params['dests']))}"
                   + "".join(f"; {n}" for n in notes))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The infeed ({INFEED_L:.0f} mm long, {BELT_W:.0f} mm wide) runs along +x from x = 0
to x = {ENTRY_X:.0f}; the line sets pallets on it at x = {FEED_AT:.0f}; infeed_eye is at
x = {INFEED_EYE_MM:.0f}.
The car's track runs along +y across the infeed's end; its belt ({DECK_L:.0f} x {DECK_W:.0f} mm, running
toward +x) spans x = {ENTRY_X:.0f}..{DISCHARGE_X:.0f}, so it meets the infeed's end at its entry end and a
lane's start at its discharge end. Car positions (its belt's centre line, y): {_LANES}; the infeed lies at
the load position {LOAD_MM:.0f} mm (opposite lane 1). Limit switches at {LIMIT_MINUS_MM:.0f} and
{LIMIT_PLUS_MM:.0f} mm. Each lane ({LANE_L:.0f} mm long, running at {LANE_SPEED:.0f} mm/s toward an end stop)
starts at x = {DISCHARGE_X:.0f}; its full eye is {LANE_EYE_MM:.0f} mm into it. Pallets are 800 x 1200,
1000 x 1200 or 1200 x 800 mm (length along the belts x width)."""

TASK = Task(
    id="MAT-M12", title="Transfer car to three lanes", suite="MAT", level="M",
    summary="Load each pallet from the infeed onto a transfer car, read its label, drive to its lane, run it "
            "off once the lane has room, and come back for the next.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=125.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
