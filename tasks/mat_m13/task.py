"""MAT-M13 Stacker-crane put-away and retrieval.

A stacker crane in the aisle of a 9-slot pallet rack (3 columns x 3 levels, sim.devices.rack.Rack):
a travel drive X (sim.devices.axis.Axis), a lift drive Z with its holding brake
(sim.devices.braked_axis.BrakedAxis) and a telescopic fork on the lifting carriage
(sim.devices.telescopic_fork.TelescopicFork) with a slot eye looking into the place in front. At the
aisle's end an infeed stand (the end of the infeed conveyor) and an outfeed stand (the outfeed
conveyor takes a load away clear_s after it is set down). The warehouse host
(sim.devices.storage_host.StorageHost) hands over one order at a time: store load N (it is on the
infeed stand) or retrieve load N (a load stored earlier in the run) to the outfeed stand; the
program reports each done, a store with the slot it chose, and the host checks it against the rack.

Every transfer is the same sequence of dependent steps: travel to the place with the fork in, at the
lift-off height (30 mm below the place's support beams) for a pick or the set-down height (30 mm
above) for a put; extend the fork; lift (or lower) 60 mm through the support height, which takes the
load onto the fork (or leaves it on the beams); retract; go on. The host's inventory at power-up
(listed_occupied) may list an occupied slot as empty: the program must look with the slot eye before
it puts a load into a slot, and keep its own inventory (which load it put where) for the retrievals.

Changes from the catalog entry, and why:
- One rack side, so the fork reaches out one way (extend) and back to the centre: a second side adds
  nothing to the skill measured. The fork is motor driven with end switches (retracted, extended),
  taking 1-3 s for its stroke (the catalog's "fork 1-3 s").
- The conveyors are the two stands at the aisle's end (a load sensor each); the loads are
  identities tracked by the rack, not pymunk parts: what is judged is where each load is.
- "Inventory matches" is judged order by order: the host checks every reported store (the load lies
  in the slot reported) and retrieval (the load reached the outfeed); a wrong report ends the run.
- S1 ("X/Z still with fork out") lets Z move within the place's 60 mm lift band with the fork out
  (the lift-off and set-down need it); S2 ("fork out only at slot +-2 mm") is judged as the fork
  sets off from retracted, at the height that suits the fork (empty: lift-off, loaded: set-down).
- Besides the order deadline (2-sided: a done reported early is a wrong report), the steps of a
  transfer are judged by progress: Z sets off within 0.5 s of the fork fully out, the fork back
  within 0.5 s of Z at its other height, the crane travels within 1 s of the fork back with a load,
  and the order is reported within 0.5 s of the fork back after the set-down: a program that waits
  the slowest fork time (3 s) instead of the end switches is late when the fork takes 1 s.
- The registered conditions put the loads the host does not list in slots 1, 2, 4, 5 and 9, so
  that a program trusting the list fails whatever fixed order it tries slots in; the sampler puts
  one in the slot a store would try first going by the list (lowest-numbered free), with more above.

The catalog's trap, trusting the inventory, is S3's counterexample (MAT-M13-S3.st). The cheap
attempts kept in counterexamples/: the fork timed with its slowest stroke (fixed_fork_wait.st),
an inventory of slots without load ids (no_load_ids.st), trusting the list from the top slot down
(trust_list_top_down.st); none earned 1; a table of the registered conditions' unlisted slots
(tuned/lookup_table.st) earns 1 on the registered and fails every sampled condition.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis
from sim.devices.braked_axis import BrakedAxis
from sim.devices.rack import Rack
from sim.devices.storage_host import StorageHost
from sim.devices.telescopic_fork import TelescopicFork
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, HeldStillUnless, MissEndsTheRun, axis_io, log_uniform, store_drive_fault

COLUMNS_MM = (800.0, 1400.0, 2000.0)
LEVELS_MM = (200.0, 800.0, 1400.0)
INFEED = (0.0, 500.0)
OUTFEED = (0.0, 1100.0)
SLOTS = len(COLUMNS_MM) * len(LEVELS_MM)
LIFT_MM = 30.0            # lift-off height = support - 30 mm, set-down height = support + 30 mm
AT_MM = 2.0               # S2: the crane within this of the place's position and height
X_STILL_MM = 0.05         # S1: X travel allowed with the fork out
X_LIMITS = (-50.0, 2100.0)
Z_LIMITS = (100.0, 1500.0)
Z_SET_OFF_MM = 5.0
LIFT_WITHIN_S = 0.5       # Z sets off within this of the fork fully out
RETRACT_WITHIN_S = 0.5    # the fork sets off back within this of Z at its other height, at rest
TRAVEL_WITHIN_S = 1.0     # the crane travels within this of the fork back with a load
TRAVEL_BY_MM = 20.0
DONE_WITHIN_S = 0.5       # order_done within this of the fork back after a set-down
HOLD_S = 2.0
STORE, RETRIEVE = 1, 2


def slot_place(n: int) -> tuple[float, float]:
    """(X, support height) of slot n: along the bottom level first, from the aisle's end."""
    return COLUMNS_MM[(n - 1) % len(COLUMNS_MM)], LEVELS_MM[(n - 1) // len(COLUMNS_MM)]


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    x = plant.add(Axis("crane_x", origin=(0.0, -70.0), angle_deg=0.0, limit_minus_mm=X_LIMITS[0],
                       limit_plus_mm=X_LIMITS[1], rail_min_mm=-150.0, rail_max_mm=2250.0, home_mm=0.0,
                       start_mm=p["x_start_mm"], max_speed=p["x_speed"], accel=p["x_accel"], window_mm=0.5,
                       settle_s=p["settle_s"], carriage_length_mm=520.0, carriage_width_mm=60.0,
                       rail_width_mm=30.0, label="travel X"))
    z = plant.add(BrakedAxis("crane_z", origin=(p["x_start_mm"], 0.0), limit_minus_mm=Z_LIMITS[0],
                             limit_plus_mm=Z_LIMITS[1], rail_min_mm=0.0, rail_max_mm=1900.0, home_mm=100.0,
                             start_mm=p["z_start_mm"], max_speed=p["z_speed"], accel=p["z_accel"],
                             window_mm=0.5, settle_s=p["settle_s"], brake_s=p["brake_s"],
                             torque_s=p["torque_s"], load_kg=400.0, carriage_kg=300.0,
                             carriage_length_mm=120.0, carriage_width_mm=80.0, rail_width_mm=60.0,
                             label="lift Z"))
    if p.get("fault_at_start"):
        store_drive_fault(x)
    if p.get("z_fault_at_start"):
        store_drive_fault(z)
    loads = {n: 900 + k for k, n in enumerate(p["occupied"], start=1)}
    plant.add(Rack("rack", columns_mm=COLUMNS_MM, levels_mm=LEVELS_MM, infeed=INFEED, outfeed=OUTFEED,
                   loads=loads, clear_s=p["clear_s"], label="pallet rack"))
    plant.add(TelescopicFork("fork", x="crane_x", z="crane_z", rack="rack", stroke_s=p["fork_s"],
                             label="fork"))
    plant.add(StorageHost("host", rack="rack", orders=tuple(p["orders"]), first_s=p["first_s"],
                          gap_s=p["gap_s"], unlisted=tuple(p["unlisted"]), position=(1400.0, 2050.0),
                          label="host"))
    return plant


class Devices:
    def __init__(self, plant):
        self.x = plant.device("crane_x", Axis)
        self.z = plant.device("crane_z", BrakedAxis)
        self.fork = plant.device("fork", TelescopicFork)
        self.rack = plant.device("rack", Rack)
        self.host = plant.device("host", StorageHost)


# --- judges ------------------------------------------------------------------------------

def _move_s(distance: float, speed: float, accel: float) -> float:
    """A trapezoidal move's time."""
    if distance <= speed * speed / accel:
        return 2.0 * math.sqrt(distance / accel)
    return distance / speed + speed / accel


def _lift_s(p) -> float:
    return _move_s(2 * LIFT_MM, p["z_speed"], p["z_accel"]) + p["settle_s"] + 0.2


def order_allowance_s(p, first: bool, kind: int) -> float:
    """The time an order may take from the host presenting it to its report: three end-to-end
    trips of the crane (to the pick place, on to a slot found occupied, to the put place), four
    fork strokes, four 60 mm lifts, 2 s; a retrieval may wait for the outfeed to clear; the first
    order also the drives' fault reset, torque and brake."""
    trip = max(_move_s(X_LIMITS[1] - X_LIMITS[0], p["x_speed"], p["x_accel"]),
               _move_s(Z_LIMITS[1] - Z_LIMITS[0], p["z_speed"], p["z_accel"])) + p["settle_s"] + 0.3
    t = 3 * trip + 4 * p["fork_s"] + 4 * _lift_s(p) + 2.0
    if kind == RETRIEVE:
        t += p["clear_s"]
    if first:
        t += p["torque_s"] + p["brake_s"] + 1.0
    return t


def _other_height(s) -> float | None:
    """The height Z must go to with the fork in a place: through the support height, from the
    side it went in (fixed for the whole extension, as the load changes sides on the way)."""
    e = s.devices.fork.entry
    if e is None or e.place is None or e.blocked:
        return None
    return e.place.level_mm + (-LIFT_MM if e.loaded else LIFT_MM)


def _z_to_go(s) -> float:
    other = _other_height(s)
    return 0.0 if other is None else abs(s.devices.z.pos - other)


def _fork_out_in_place(s) -> bool:
    return s.devices.fork.extended and _other_height(s) is not None


def _z_at_other(s) -> bool:
    other = _other_height(s)
    d = s.devices
    return other is not None and d.fork.extended and abs(d.z.pos - other) <= AT_MM and d.z.standstill


class _Travelled:
    """How far the crane has travelled (X and Z, mm) since power-up: a distance that only grows,
    for "the crane sets off within 1 s" (any way it goes counts, but only real travel)."""

    def __init__(self):
        self.total = 0.0
        self.last: tuple[float, float] | None = None

    def __call__(self, s) -> float:
        here = (s.devices.x.pos, s.devices.z.pos)
        if self.last is not None:
            self.total += abs(here[0] - self.last[0]) + abs(here[1] - self.last[1])
        self.last = here
        return -self.total


class _Failures(judges.Watch):
    """The run ends at a report the host found wrong, or at a load dropped off the fork. This
    task's own: the truth is the host's check of each report and the fork's log."""

    def check(self, s):
        d = s.devices
        for r in d.host.results:
            if r.error:
                return f"order {r.number} reported done at {r.done_s:g} s, but: {r.error}"
        if d.fork.dropped:
            t, place, load = d.fork.dropped[0]
            return (f"load {load} tipped off the fork at {t:g} s: it was moved through {place}'s support "
                    "height with the fork not fully out")
        return None


def _parked(s) -> bool:
    d = s.devices
    return (d.fork.retracted and d.fork.load is None and d.x.standstill and d.z.standstill
            and not s.io["order_done"])


def _completion():
    host = lambda s: s.devices.host  # noqa: E731
    reported = judges.Way("the order reported done", lambda s: -len(host(s).results), by=1)
    deadline = judges.progress_within(
        "each order reported done in time", lambda s: host(s).current is not None, [reported], 0.0,
        allowance_s=lambda s: order_allowance_s(s.params, not host(s).results,
                                                STORE if host(s).order > 0 else RETRIEVE),
        late=lambda t: f"the order presented at {t:g} s was not reported done in the time it allows")
    lift = judges.progress_within(
        f"Z setting off through the support height within {LIFT_WITHIN_S:g} s of the fork fully out",
        _fork_out_in_place,
        [judges.Way("the lift", _z_to_go, by=Z_SET_OFF_MM, until=lambda s: _z_to_go(s) <= AT_MM,
                    arrive_s=lambda s: _lift_s(s.params) + 0.5)],
        LIFT_WITHIN_S,
        late=lambda t: f"the fork was fully out at {t:g} s, but Z had not moved {Z_SET_OFF_MM:g} mm toward "
                       f"its other height {LIFT_WITHIN_S:g} s later")
    retract = judges.progress_within(
        f"the fork going back within {RETRACT_WITHIN_S:g} s of Z at its other height", _z_at_other,
        [judges.Way("the fork", lambda s: s.devices.fork.out, by=0.05,
                    until=lambda s: s.devices.fork.retracted, arrive_s=lambda s: s.params["fork_s"] + 0.5)],
        RETRACT_WITHIN_S,
        late=lambda t: f"Z stood at its other height with the fork out from {t:g} s, but the fork had not "
                       f"set off back {RETRACT_WITHIN_S:g} s later")
    travel = judges.progress_within(
        f"the crane travelling within {TRAVEL_WITHIN_S:g} s of the fork back with a load",
        lambda s: s.devices.fork.retracted and s.devices.fork.load is not None,
        [judges.Way("the crane", _Travelled(), by=TRAVEL_BY_MM)], TRAVEL_WITHIN_S,
        late=lambda t: f"the fork was back with a load at {t:g} s, but the crane had not travelled "
                       f"{TRAVEL_BY_MM:g} mm {TRAVEL_WITHIN_S:g} s later")
    done = judges.progress_within(
        f"order_done within {DONE_WITHIN_S:g} s of the fork back after a set-down",
        lambda s: (s.devices.fork.retracted and s.devices.fork.load is None
                   and len(s.devices.fork.set_downs) > len(host(s).results)),
        [reported], DONE_WITHIN_S,
        late=lambda t: f"the fork was back from a set-down at {t:g} s, but the order was not reported done "
                       f"{DONE_WITHIN_S:g} s later")
    return MissEndsTheRun(judges.watched(
        judges.in_order(
            judges.distinct("every order done and reported right",
                            lambda s: [r.number for r in host(s).results if not r.error],
                            lambda s: len(s.params["orders"])),
            judges.held("the crane at rest, the fork retracted and empty, order_done off", _parked, HOLD_S)),
        _Failures(), deadline, lift, retract, travel, done))


# --- safety ------------------------------------------------------------------------------

class StillWithForkOut(judges.Monitor):
    """S1: X held where it stood while the fork is not retracted (from position: tasks.common
    HeldStillUnless), Z within the lift band of the place the fork is in."""

    def __init__(self):
        self.x = HeldStillUnless(lambda s: s.devices.fork.retracted,
                                 {"the crane (X)": lambda s: s.devices.x.pos},
                                 {"the crane (X)": lambda s: s.params["x_start_mm"]}, X_STILL_MM,
                                 lambda s: f"the fork {s.devices.fork.out * 100:.0f}% out")

    def check(self, s):
        msg = self.x.check(s)
        if msg:
            return msg
        e, z = s.devices.fork.entry, s.devices.z.pos
        if e is not None and e.place is not None:
            low, high = e.place.level_mm - LIFT_MM - AT_MM, e.place.level_mm + LIFT_MM + AT_MM
            if not low <= z <= high:
                return (f"Z at {z:.1f} mm with the fork out in {e.place.name}, outside its lift band "
                        f"{low:g}..{high:g} mm")
        return None


class ForkSetsOffAtPlace(judges.Monitor):
    """S2, on the scan the fork leaves its retracted end (the fork's own log of set-offs)."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = s.devices.fork.extensions
        msg = None
        while self.seen < len(log):
            e = log[self.seen]
            self.seen += 1
            msg = msg or _bad_set_off(e)
        return msg


def _bad_set_off(e) -> str | None:
    where = f"the crane at X {e.x_mm:.1f} mm, Z {e.z_mm:.1f} mm"
    if e.place is None:
        return f"the fork set off at {e.time_s:g} s with {where}: in front of no place"
    p = e.place
    height = p.level_mm + (LIFT_MM if e.loaded else -LIFT_MM)
    if abs(e.x_mm - p.x_mm) > AT_MM or abs(e.z_mm - height) > AT_MM:
        which = "set-down" if e.loaded else "lift-off"
        return (f"the fork set off {'loaded' if e.loaded else 'empty'} at {e.time_s:g} s with {where}: not "
                f"within {AT_MM:g} mm of {p.name} at X {p.x_mm:g} mm, {which} height {height:g} mm")
    return None


# --- conditions --------------------------------------------------------------------------

DEFAULTS = dict(fault_at_start=0, z_fault_at_start=0, first_s=0.5, settle_s=0.05, torque_s=0.1, brake_s=0.1)

CONDITIONS = (
    Condition.of("listed_right", 1311, "the host's inventory is right; mid speeds, fork 1.5 s",
                 x_start_mm=1000.0, z_start_mm=700.0, x_speed=700.0, x_accel=800.0, z_speed=300.0,
                 z_accel=600.0, fork_s=1.5, clear_s=2.0, gap_s=1.0, occupied=(2, 6), unlisted=(),
                 orders=(101, 102, -101, 103, -102)),
    Condition.of("false_empty_first_slot", 1312,
                 "slot 1 holds a load the host lists as empty; quick fork (1 s), slow travel",
                 x_start_mm=0.0, z_start_mm=470.0, x_speed=400.0, x_accel=400.0, z_speed=400.0,
                 z_accel=1200.0, fork_s=1.0, clear_s=1.5, gap_s=0.5, occupied=(1, 3, 5), unlisted=(1,),
                 orders=(211, -211, 212, 213, -213), settle_s=0.03, brake_s=0.05, torque_s=0.05),
    Condition.of("slow_fork_two_unlisted", 1313,
                 "slots 4 and 9 hold loads the host lists as empty; slow fork (3 s), slow brake",
                 x_start_mm=2000.0, z_start_mm=1430.0, x_speed=1000.0, x_accel=1500.0, z_speed=150.0,
                 z_accel=300.0, fork_s=3.0, clear_s=3.0, gap_s=2.0, occupied=(1, 2, 4, 8, 9), unlisted=(4, 9),
                 orders=(321, 322, 323, -322, -321), settle_s=0.25, brake_s=0.4, torque_s=0.3),
    Condition.of("outfeed_backlog_stored_fault", 1314,
                 "two retrievals in a row onto a slow outfeed (8 s), a stored X fault, slots 1, 5 unlisted",
                 x_start_mm=1400.0, z_start_mm=200.0, x_speed=550.0, x_accel=1000.0, z_speed=250.0,
                 z_accel=500.0, fork_s=2.2, clear_s=8.0, gap_s=0.5, occupied=(1, 5, 9), unlisted=(1, 5),
                 orders=(431, 432, -431, -432, 433), fault_at_start=1, settle_s=0.12),
    Condition.of("z_fault_long_gaps", 1315,
                 "a stored Z fault, 3 s between orders, slot 2 unlisted, quick drives",
                 x_start_mm=600.0, z_start_mm=1100.0, x_speed=900.0, x_accel=1200.0, z_speed=350.0,
                 z_accel=900.0, fork_s=1.2, clear_s=5.0, gap_s=3.0, occupied=(2, 3, 9), unlisted=(2,),
                 orders=(541, 542, 543, -541, -543), z_fault_at_start=1, brake_s=0.25, torque_s=0.2,
                 first_s=2.0),
)

PATTERNS = ("SSSRR", "SSRSR", "SRSSR", "SRSRS", "SSRRS", "SRSSR")


def _orders(rng: random.Random) -> tuple[int, ...]:
    """3 stores and 2 retrievals of loads stored earlier in the run (ids 100-899)."""
    ids = rng.sample(range(100, 900), 3)
    stored, out = [], []
    for c in rng.choice(PATTERNS):
        if c == "S":
            stored.append(ids.pop())
            out.append(stored[-1])
        else:
            out.append(-stored.pop(rng.randrange(len(stored))))
    return tuple(out)


def _occupied(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The slots occupied at power-up and those of them the host does not list, drawn jointly: a
    slot u (1-4) holds a load the host does not know of, every slot below it a listed load, and
    0-2 slots above it (each unlisted too with a 30 % chance). The registered conditions place
    it elsewhere (or nowhere); here the slot a store would try first, going by the list, is a
    full one, so a program that trusts the list is caught in every sampled condition."""
    u = rng.randint(1, 4)
    above = rng.sample(range(u + 1, SLOTS + 1), rng.randint(0, 2))
    occupied = tuple(sorted({*range(1, u + 1), *above}))
    unlisted = tuple(sorted({u, *(n for n in above if rng.random() < 0.3)}))
    return occupied, unlisted


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges; speeds and accelerations log-uniform, the start
    anywhere on the travel and lift (clear of the limits), the inventory as _occupied draws it."""
    occupied, unlisted = _occupied(rng)
    params = dict(
        x_start_mm=round(rng.uniform(0.0, 2000.0), 1), z_start_mm=round(rng.uniform(170.0, 1430.0), 1),
        x_speed=round(log_uniform(rng, 400.0, 1000.0), 1), x_accel=round(log_uniform(rng, 400.0, 1500.0), 1),
        z_speed=round(log_uniform(rng, 150.0, 400.0), 1), z_accel=round(log_uniform(rng, 300.0, 1200.0), 1),
        fork_s=round(rng.uniform(1.0, 3.0), 2), clear_s=round(rng.uniform(1.5, 8.0), 2),
        gap_s=round(rng.uniform(0.5, 3.0), 2), first_s=round(rng.uniform(0.5, 2.0), 2),
        settle_s=round(rng.uniform(0.03, 0.25), 3), brake_s=round(rng.uniform(0.05, 0.4), 3),
        torque_s=round(rng.uniform(0.05, 0.3), 3), fault_at_start=int(rng.random() < 0.2),
        z_fault_at_start=int(rng.random() < 0.2), occupied=occupied, unlisted=unlisted, orders=_orders(rng))
    description = (f"orders {params['orders']}, slots {occupied} occupied ({unlisted or 'none'} unlisted), "
                   f"fork {params['fork_s']:g} s, outfeed {params['clear_s']:g} s")
    return dict(params=params, description=description)


def _io() -> tuple[IOPoint, ...]:
    return (
        *axis_io("crane_x", ("%IX0.0", "drive_ready"), ("%IX0.1", "in_position"), ("%IX0.2", "drive_fault"),
                 limit_minus_mm=X_LIMITS[0], limit_plus_mm=X_LIMITS[1], what="crane", prefix="x_"),
        *axis_io("crane_z", ("%IX0.3", "drive_ready"), ("%IX0.4", "torque_ok"), ("%IX0.5", "brake_open"),
                 ("%IX0.6", "in_position"), ("%IX0.7", "drive_fault"), limit_minus_mm=Z_LIMITS[0],
                 limit_plus_mm=Z_LIMITS[1], what="lifting carriage", prefix="z_"),
        IOPoint("%IX1.0", "fork_retracted", "BOOL", "input", "fork", "retracted",
                "End switch: TRUE while the fork is fully retracted onto the carriage (centre)"),
        IOPoint("%IX1.1", "fork_extended", "BOOL", "input", "fork", "extended",
                "End switch: TRUE while the fork is fully out in the place in front"),
        IOPoint("%IX1.2", "fork_loaded", "BOOL", "input", "fork", "loaded",
                "TRUE while a load lies on the fork"),
        IOPoint("%IX1.3", "slot_occupied", "BOOL", "input", "fork", "slot_occupied",
                "Slot eye on the carriage: TRUE while the place in front (the crane within 5 mm of its X "
                "and within 45 mm of its support height: at its lift-off or set-down height) holds a load"),
        IOPoint("%IX1.4", "infeed_present", "BOOL", "input", "rack", "infeed_present",
                "TRUE while a load stands on the infeed stand"),
        IOPoint("%IX1.5", "outfeed_present", "BOOL", "input", "rack", "outfeed_present",
                "TRUE while a load stands on the outfeed stand (the outfeed conveyor takes it away)"),
        IOPoint("%IX1.6", "order_pending", "BOOL", "input", "host", "pending",
                "TRUE while the host has an order waiting to be reported done"),
        IOPoint("%IW0", "x_position", "INT", "input", "crane_x", "position",
                "Actual crane position along the aisle (0 = the stands' column)", "0.1 mm", "-500..21000"),
        IOPoint("%IW1", "z_position", "INT", "input", "crane_z", "position",
                "Actual height of the fork's top surface", "0.1 mm", "1000..15000"),
        IOPoint("%IW2", "order_kind", "INT", "input", "host", "kind",
                "The pending order: 1 = store (its load is on the infeed stand), 2 = retrieve to the "
                "outfeed stand, 0 = none", "", "0..2"),
        IOPoint("%IW3", "order_load", "INT", "input", "host", "load",
                "The pending order's load id (0 = none)", "", "0..999"),
        IOPoint("%IW4", "listed_occupied", "WORD", "input", "host", "listed_occupied",
                "The host's inventory at power-up: bit n-1 TRUE = slot n listed as holding a load (bit 0 = "
                "slot 1). A slot listed empty may still hold a load", "", "bits 0..8"),
        *axis_io("crane_x", ("%QX0.0", "drive_enable"), what="crane", prefix="x_"),
        IOPoint("%QX0.1", "x_start_move", "BOOL", "output", "crane_x", "start",
                "Rising edge starts a travel move to x_target"),
        *axis_io("crane_x", ("%QX0.2", "reset_fault"), what="crane", prefix="x_"),
        *axis_io("crane_z", ("%QX0.3", "drive_enable"), what="lifting carriage", prefix="z_"),
        IOPoint("%QX0.4", "z_start_move", "BOOL", "output", "crane_z", "start",
                "Rising edge starts a lift move to z_target (ignored unless z_torque_ok)"),
        *axis_io("crane_z", ("%QX0.5", "reset_fault"), ("%QX0.6", "brake_release"), what="lifting carriage",
                 prefix="z_"),
        IOPoint("%QX0.7", "fork_extend", "BOOL", "output", "fork", "extend",
                "TRUE runs the fork out into the place in front (to fork_extended); FALSE runs it back to "
                "the centre (fork_retracted)"),
        IOPoint("%QX1.0", "order_done", "BOOL", "output", "host", "done",
                "Rising edge reports the pending order done (a store with its slot in stored_slot); the host "
                "then drops order_pending: set it FALSE again"),
        IOPoint("%QW0", "x_target", "INT", "output", "crane_x", "target",
                "Travel target, taken at the x_start_move edge", "0.1 mm", "0..20000"),
        IOPoint("%QW1", "z_target", "INT", "output", "crane_z", "target",
                "Lift target, taken at the z_start_move edge", "0.1 mm", "1700..14300"),
        IOPoint("%QW2", "stored_slot", "INT", "output", "host", "slot",
                "For a store order: the slot number (1-9) the load was put into, read at the order_done edge",
                "", "1..9"),
    )


def _places_text() -> str:
    slots = ", ".join(f"{n}: X {x:g}, support {z:g}" for n, (x, z) in
                      ((n, slot_place(n)) for n in range(1, SLOTS + 1)))
    return (f"Slots (X mm, support height mm): {slots}. The infeed stand: X {INFEED[0]:g}, support "
            f"{INFEED[1]:g}; the outfeed stand: X {OUTFEED[0]:g}, support {OUTFEED[1]:g}.")


TASK = Task(
    id="MAT-M13", title="Stacker-crane put-away and retrieval", suite="MAT", level="M",
    summary="Run a stacker crane by the host's orders: store each load from the infeed stand in a free slot "
            "(checked with the slot eye, since the host's list may be wrong) and report the slot; fetch "
            "ordered loads back to the outfeed stand; keep your own inventory.",
    plant_description=(
        "A stacker crane runs in the aisle of a pallet rack of 9 slots, 3 columns x 3 levels, numbered "
        "along the bottom level first from the aisle's end (slot n: column (n-1) MOD 3 + 1, level "
        "(n-1) DIV 3 + 1). Its travel drive X moves the mast along the aisle (X limit switches at "
        f"{X_LIMITS[0]:g} and {X_LIMITS[1]:g} mm), its lift drive Z the lifting carriage up the mast "
        f"(limit switches at {Z_LIMITS[0]:g} and {Z_LIMITS[1]:g} mm); Z reads the height of the fork's top "
        "surface. Z has a spring-applied holding brake that grips whenever its coil is off; with neither "
        "the brake gripping nor the drive's torque the carriage sags. The telescopic fork on the carriage "
        "reaches into the place in front of it. Every place (slot or stand) has support beams at a support "
        f"height: a load is taken by going in empty at the lift-off height (support - {LIFT_MM:g} mm) and "
        f"lifting {2 * LIFT_MM:g} mm to the set-down height (support + {LIFT_MM:g} mm), and put by going "
        "in loaded at the set-down height and lowering to the lift-off height; the load changes over as "
        "the fork passes the support height, and only with the fork fully out (part way in, the load tips "
        "off and falls). A slot eye on the carriage looks into the place in front. " + _places_text() +
        " The infeed conveyor brings each load to be stored onto the infeed stand; the outfeed conveyor "
        "takes a load set down on the outfeed stand away after a while. At power-up the crane stands "
        "somewhere in the aisle, the fork retracted, brake gripping, drives off (one may report a stored "
        "fault)."),
    specification=(
        "1. Clear a stored drive fault (rising edge on x_reset_fault / z_reset_fault) and enable both "
        "drives. Move Z only with z_torque_ok and the brake open (z_brake_release TRUE, wait for "
        "z_brake_open); you may keep the brake released while the drive holds torque. Position with the "
        "move words (x_target, z_target in 0.1 mm, a rising edge on x_start_move / z_start_move; X and Z "
        "may move together) and wait for x_in_position / z_in_position.\n"
        "2. The host gives one order at a time (order_pending TRUE, order_kind, order_load). Store (kind "
        "1): the load stands on the infeed stand; choose a free slot, take the load from the infeed stand, "
        "put it into that slot, then report: stored_slot := the slot, and a rising edge on order_done. "
        "Retrieve (kind 2): take the load order_load (one you stored earlier in this run) from its slot "
        "and put it on the outfeed stand once outfeed_present is FALSE, then report with order_done. Drop "
        "order_done again once order_pending drops; the next order may come 0.5 to 3 s later.\n"
        "3. Take a load: crane at the place's X and lift-off height with the fork retracted and empty; "
        "fork_extend TRUE and wait for fork_extended; raise Z to the set-down height; fork_extend FALSE "
        "and wait for fork_retracted. Put a load: the same from the set-down height, lowering to the "
        "lift-off height. Before putting a load into a slot, look with the slot eye at its set-down "
        "height: slot_occupied TRUE means the slot holds a load though the host's list (listed_occupied, "
        "at power-up) says it is empty: never put into it, remember it as occupied and choose another "
        "slot. Keep your own inventory: which slots hold loads and which load you put where.\n"
        f"4. Promptness: Z must set off ({Z_SET_OFF_MM:g} mm) toward its other height within "
        f"{LIFT_WITHIN_S:g} s of the fork fully out, and go on to it; the fork must set off back within "
        f"{RETRACT_WITHIN_S:g} s of Z at rest at its other height (within {AT_MM:g} mm), and go on to "
        f"retracted; with a load taken and the fork back, the crane must travel {TRAVEL_BY_MM:g} mm within "
        f"{TRAVEL_WITHIN_S:g} s; with the fork back from a set-down, the order must be reported within "
        f"{DONE_WITHIN_S:g} s. Each order must be reported within the time it allows from order_pending "
        "rising: three end-to-end trips of the crane, four fork strokes and four lifts of the crane as "
        "configured, plus 2 s (plus the outfeed's clearing time for a retrieval, and the drives' start-up "
        "for the first order). A report the host finds wrong (the load not in the slot reported, or not "
        "on the outfeed) fails the run, as does a load that tips off the fork.\n"
        "5. After the last order, leave the crane at rest with the fork retracted and empty and "
        "order_done off.\n"
        "The fork's stroke time, the drives' speeds, ramps, settle, brake and torque times, the outfeed's "
        "clearing time, the order gaps, the orders and the rack's contents differ from run to run: wait "
        "for the signals."),
    io=_io(),
    completion=Completion(
        "Every order is done and reported right (each store in the slot reported, each retrieval on the "
        "outfeed), each in its time, with the steps of every transfer as prompt as item 4 says and no "
        "load tipped off; then the crane stays at rest, fork retracted and empty, order_done off, for "
        f"{HOLD_S:g} s.",
        _completion, keep=_parked,
        keep_wording="the crane at rest, the fork retracted and empty, order_done off."),
    safety_rules=(
        SafetyRule("MAT-M13-S1",
                   "While the fork is not fully retracted the crane must not travel (X moves no more than "
                   f"{X_STILL_MM} mm) and Z must stay within the lift band of the place the fork is in (from "
                   f"{LIFT_MM + AT_MM:g} mm below to {LIFT_MM + AT_MM:g} mm above its support height).",
                   StillWithForkOut()),
        SafetyRule("MAT-M13-S2",
                   "The fork may only set off from retracted with the crane at a place: X within "
                   f"{AT_MM:g} mm of the place's X and Z within {AT_MM:g} mm of its lift-off height (fork "
                   "empty) or its set-down height (fork loaded).", ForkSetsOffAtPlace()),
        SafetyRule("MAT-M13-S3",
                   "Never run the fork with a load into a place (slot or outfeed stand) that holds a load.",
                   CountGrows(lambda s: len(s.devices.fork.collisions),
                              "the fork ran a load into a place that already held one")),
    ),
    parameters=(
        ParameterRange("x_start_mm", 0.0, 2000.0, "mm", "crane position along the aisle at power-up"),
        ParameterRange("z_start_mm", 170.0, 1430.0, "mm", "fork height at power-up"),
        ParameterRange("x_speed", 400.0, 1000.0, "mm/s", "travel drive's configured speed"),
        ParameterRange("x_accel", 400.0, 1500.0, "mm/s^2", "travel drive's acceleration and deceleration"),
        ParameterRange("z_speed", 150.0, 400.0, "mm/s", "lift drive's configured speed"),
        ParameterRange("z_accel", 300.0, 1200.0, "mm/s^2", "lift drive's acceleration and deceleration"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before a drive reports in_position"),
        ParameterRange("brake_s", 0.05, 0.4, "s", "Z brake's release time, and its time to grip again"),
        ParameterRange("torque_s", 0.05, 0.3, "s", "Z drive's torque build-up after enable"),
        ParameterRange("fork_s", 1.0, 3.0, "s", "the fork's stroke time, out or back"),
        ParameterRange("clear_s", 1.5, 8.0, "s",
                       "from a load set down on the outfeed stand to it conveyed away"),
        ParameterRange("gap_s", 0.5, 3.0, "s", "from an order reported to the next one presented"),
        ParameterRange("first_s", 0.5, 2.0, "s", "from power-up to the first order"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the travel drive reports a stored fault at power-up"),
        ParameterRange("z_fault_at_start", 0, 1, "", "1 = the lift drive reports a stored fault at power-up"),
        ParameterRange("occupied", 1, SLOTS, "", "slots holding a load at power-up (1 to 6 of them)"),
        ParameterRange("unlisted", 1, SLOTS, "", "of those, slots the host lists as empty (0 to 3)"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=180.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults=DEFAULTS,
)
