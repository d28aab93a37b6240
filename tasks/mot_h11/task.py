"""MOT-H11 Zoned guarding.

Two press zones, A and B, share one transfer shuttle (sim.devices.axis.Axis on a 1000 mm
rail). Each zone has a press ram (an Axis, 0 mm at the top, 120 mm pressing depth) and a
guard door with a guard-locking switch (sim.devices.guard_door.GuardDoor: the bolt takes
lock_s in or out; 'closed' and 'locked' fed back apart), an Entry and a Reset push button.
The shuttle takes a blank at the load point (500 mm, out of both zones), carries it to a
zone's station (A 100 mm, B 900 mm) where the ram presses it, and goes back to the load
point to swap the pressed part for a new blank. Each zone's job is 6 pressed parts; the two
jobs compete for the one shuttle.

An operator asks to enter a zone with its Entry button: that zone stops (ram up, shuttle out
of the zone), its door is unlocked within 3 s; the other zone produces on. He goes in, comes
out, shuts the door and presses Reset; only then may the zone resume, once its door is
locked again. A zone whose door is found open (someone inside at power-up) is stopped the
same way until Reset.

Changes from the catalog entry, and why:
- The zones produce by pressing blanks the shared shuttle brings (the catalog's 'Axis slide'
  per zone is the press ram), so the two jobs really share a resource: a program that stops
  everything on one Entry ("one global stop", the catalog's trap) starves the other zone and
  trips S4. S4 is judged per zone by its pressed parts (progress, not signals): a zone that
  may produce presses a part within 12 s of its previous part or of its Reset (16 s at
  power-up, when rams and shuttle first go to their places); the slowest published drives
  alternating between the zones need under 10.5 s. A deadlock (both zones waiting) fails by
  this bound.
- S5 (added, the Hard theme's collision): the shuttle moves only with both rams up, a ram
  goes down only onto a shuttle standing at its station. Without it nothing said that a ram
  may not come down on a moving shuttle.
- S3 is judged from 1 s after the Entry (a shuttle already heading into the zone needs time
  to stop and turn: up to 0.6 s at the lowest published acceleration), and only on moves
  toward the work (ram going down, shuttle going toward the zone's station inside the zone),
  since stopping a zone means taking its ram up and its shuttle out.
- A Reset counts only with the zone's door closed: in some conditions the operator presses
  it once while still in the doorway, then again once the door is shut.
- The Entry deadline (door openable, bolt fully out, within 3 s) is two-sided against S2: the
  slowest ram from the bottom, the slowest shuttle leaving the zone and the slowest bolt need
  about 2.3 s; waiting for the shuttle to arrive at the load point first (or a blind wait for
  the slowest case) is late with the slowest drives.

- Drive trips (added after the blind-written check, see below): any drive may trip during the
  run (Axis.trip, a reset ignored for up to 1.5 s); a tripped ram or shuttle holds up the
  shared shuttle, so the program must keep resetting and restart the dropped move while the
  other zone waits. No trip falls from 5 s before an Entry to 4 s after it (see the sampler).
- Time limit 100 s: the slowest of 200 sampled runs of either correct program completes by
  78 s; a late visit (Entry up to 55 s, stay up to 12 s) can leave a zone a few parts after it.

Hardness: a program written in one pass from the first version of the prompt, without running
it (counterexamples/blind_written.st), passed all 5 registered conditions and 28 of 30 sampled.
So the drive trips were added, and door_open_at_power_up got an Entry B just as the shuttle heads
into zone B (a shuttle outside the zone but braking into it is not "out": it fails there).
A second program written blind from the prompt (counterexamples/prompt_only.st, 2026-12-02)
passed those 5 and 99 of 100 sampled (seed 3); in the other it moved the shuttle in zone A with
its door unlocked at A's second Entry: that condition is registered as second_entry_a.

The judges follow the parts and the operator's visits with a tracker of this task (Cell
below): what counts as a part and when a zone is stopped depend on this plant.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis
from sim.devices.guard_door import GuardDoor
from sim.devices.panel import PushButton
from sim.plant import Plant
from sim.task import (
    Completion,
    Condition,
    Disturbance,
    IOPoint,
    OperatorAction,
    ParameterRange,
    SafetyRule,
    Task,
)
from tasks.common import MissEndsTheRun, axis_io

ZONES = ("a", "b")
STATION_MM = {"a": 100.0, "b": 900.0}
LOAD_MM = 500.0
ZONE_EDGE_MM = {"a": 300.0, "b": 700.0}  # zone A: shuttle below 300 mm; zone B: above 700 mm
PRESS_MM = 120.0
TOP_MM = 1.0
AT_MM = 0.5
PARTS = 6
UNLOCK_WITHIN_S = 3.0
PART_EVERY_S = 12.0
FIRST_PART_S = 16.0
S3_GRACE_S = 1.0
HOLD_S = 1.0
DOOR_OPEN_S = 0.8


def _in_zone(z: str, mm: float) -> bool:
    return mm < ZONE_EDGE_MM["a"] if z == "a" else mm > ZONE_EDGE_MM["b"]


def _script(p) -> list[OperatorAction]:
    """The operator's visits: per zone a list of (entry time, stay); a door open at power-up
    is shut at open_until_s and Reset 1.5 s later."""
    acts: list[OperatorAction] = []
    for z in ZONES:
        if p.get(f"open_at_start_{z}"):
            t = p["open_until_s"]
            acts += [
                OperatorAction(t, "release", f"door_{z}"),
                OperatorAction(t + 1.5, "press", f"reset_{z}"),
                OperatorAction(t + 1.8, "release", f"reset_{z}"),
            ]
        for e, stay in p[f"visits_{z}"]:
            out = e + 3.5 + stay
            acts += [
                OperatorAction(e, "press", f"entry_{z}"),
                OperatorAction(e + 0.3, "release", f"entry_{z}"),
                OperatorAction(e + 0.5, "press", f"door_{z}"),  # he pulls until it opens
                OperatorAction(out, "release", f"door_{z}"),
            ]
            late = 0.0
            if p.get("early_reset"):  # once in the doorway, then again a while after shutting it
                acts += [
                    OperatorAction(out - 1.0, "press", f"reset_{z}"),
                    OperatorAction(out - 0.7, "release", f"reset_{z}"),
                ]
                late = 2.5
            acts += [
                OperatorAction(out + 1.5 + late, "press", f"reset_{z}"),
                OperatorAction(out + 1.8 + late, "release", f"reset_{z}"),
            ]
    return sorted(acts, key=lambda a: a.time_s)


def _trips(p) -> tuple[Disturbance, ...]:
    """The drive trips of the condition: (device, time, hold) - a reset clears the fault only
    once its hold has run out."""
    out = []
    for name, at, hold in p.get("trips", ()):
        out.append(
            Disturbance(
                at,
                f"{name} drive trips (reset accepted after {hold:g} s)",
                lambda plant, name=name, hold=hold: plant.device(name, Axis).trip(
                    "drive overload", hold_s=hold
                ),
            )
        )
    return tuple(out)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(
        Axis(
            "shuttle",
            origin=(100.0, 400.0),
            limit_minus_mm=-5.0,
            limit_plus_mm=1005.0,
            rail_min_mm=-40.0,
            rail_max_mm=1045.0,
            home_mm=LOAD_MM,
            start_mm=p["shuttle_start_mm"],
            max_speed=p["shuttle_speed"],
            accel=p["shuttle_accel"],
            window_mm=AT_MM,
            settle_s=0.05,
            carriage_length_mm=120.0,
            carriage_width_mm=90.0,
            rail_width_mm=50.0,
            label="transfer shuttle",
            color="#e69138",
        )
    )
    for z in ZONES:
        x = 100.0 + STATION_MM[z]
        plant.add(
            Axis(
                f"ram_{z}",
                origin=(x, 225.0),
                angle_deg=90.0,
                limit_minus_mm=-5.0,
                limit_plus_mm=130.0,
                rail_min_mm=-20.0,
                rail_max_mm=150.0,
                start_mm=p[f"ram_start_{z}"],
                max_speed=p["ram_speed"],
                accel=2000.0,
                window_mm=AT_MM,
                settle_s=0.05,
                carriage_length_mm=60.0,
                carriage_width_mm=110.0,
                label=f"press ram {z.upper()}",
                color="#3c78d8",
            )
        )
        door = plant.add(
            GuardDoor(
                f"door_{z}",
                x=x - 150.0,
                y=650.0,
                width=260.0,
                lock_s=p["lock_s"],
                open_s=DOOR_OPEN_S,
                start_locked=bool(p["start_locked"]) and not p.get(f"open_at_start_{z}"),
                label=f"zone {z.upper()} door",
            )
        )
        if p.get(f"open_at_start_{z}"):
            door.operate(True)  # someone is inside: the door stands open at power-up
            door.leaf = 1.0
        plant.add(PushButton(f"entry_{z}", label=f"Entry {z.upper()}", color="yellow"))
        plant.add(PushButton(f"reset_{z}", label=f"Reset {z.upper()}", color="blue"))
    return plant


# --- the tracker the judges share ----------------------------------------------------------


class Devices:
    def __init__(self, plant):
        self.shuttle = plant.device("shuttle", Axis)
        self.ram = {z: plant.device(f"ram_{z}", Axis) for z in ZONES}
        self.door = {z: plant.device(f"door_{z}", GuardDoor) for z in ZONES}
        self.entry = {z: plant.device(f"entry_{z}", PushButton) for z in ZONES}
        self.reset = {z: plant.device(f"reset_{z}", PushButton) for z in ZONES}


class Cell:
    """The parts and the zones' states, updated once a scan: a part is pressed in zone z when
    its ram reaches the pressing depth over the shuttle standing at z's station with a fresh
    blank (one taken at the load point since the last press); a zone is stopped from its
    Entry (or while its door is open) until a Reset pressed with its door closed."""

    def __init__(self):
        self.time_ms = -1
        self.loaded = False
        self.parts = dict.fromkeys(ZONES, 0)
        self.last_part_ms = dict.fromkeys(ZONES, 0)
        self.stopped = dict.fromkeys(ZONES, False)
        self.entry_ms: dict[str, int | None] = dict.fromkeys(ZONES, None)
        self.resumed_ms: dict[str, int | None] = dict.fromkeys(ZONES, None)
        self.entry_was = dict.fromkeys(ZONES, False)
        self.reset_was = dict.fromkeys(ZONES, False)
        self.entries = dict.fromkeys(ZONES, 0)
        self.pressed_was = dict.fromkeys(ZONES, False)

    def update(self, s):
        if s.time_ms == self.time_ms:
            return self
        self.time_ms = t = s.time_ms
        d = s.devices
        sh = d.shuttle
        if sh.vel == 0.0 and abs(sh.pos - LOAD_MM) <= AT_MM:
            self.loaded = True
        for z in ZONES:
            deep = d.ram[z].pos >= PRESS_MM - AT_MM
            if deep and not self.pressed_was[z] and sh.vel == 0.0 and abs(sh.pos - STATION_MM[z]) <= AT_MM:
                if self.loaded:
                    self.parts[z] += 1
                    self.last_part_ms[z] = t
                self.loaded = False
            self.pressed_was[z] = deep
            entry, reset = d.entry[z].is_pressed, d.reset[z].is_pressed
            if entry and not self.entry_was[z]:
                self.stopped[z], self.entry_ms[z] = True, t
                self.entries[z] += 1
            if not d.door[z].closed:
                self.stopped[z] = True
            if reset and not self.reset_was[z] and d.door[z].closed and self.stopped[z]:
                self.stopped[z], self.resumed_ms[z] = False, t
            self.entry_was[z], self.reset_was[z] = entry, reset
        return self


# --- completion ---------------------------------------------------------------------------


def _end_state(s) -> bool:
    d = s.devices
    return (
        d.shuttle.vel == 0.0
        and abs(d.shuttle.pos - LOAD_MM) <= AT_MM
        and all(d.ram[z].vel == 0.0 and d.ram[z].pos <= TOP_MM and d.door[z].locked for z in ZONES)
    )


def _completion():
    cell = Cell()

    def parts_done(z):
        return lambda s: cell.update(s).parts[z] >= PARTS

    def visits_over(s):
        cell.update(s)
        d = s.devices
        return all(
            cell.entries[z] >= len(s.params[f"visits_{z}"])
            and not cell.stopped[z]
            and len(d.door[z].opened_at) >= len(s.params[f"visits_{z}"])
            for z in ZONES
        )

    watches = []
    for z in ZONES:

        def cause(s, z=z):
            d = s.devices
            return d.entry[z].is_pressed and d.door[z].bolt > 0.0

        def bolt(s, z=z):
            return s.devices.door[z].bolt

        watches.append(
            judges.progress_within(
                f"zone {z.upper()} unlocked within {UNLOCK_WITHIN_S:g} s of its Entry",
                cause,
                [
                    judges.Way(
                        f"the zone {z.upper()} door's bolt",
                        bolt,
                        by=0.05,
                        until=lambda s, z=z: s.devices.door[z].bolt <= 0.0,
                        arrive_s=lambda s: UNLOCK_WITHIN_S,
                    )
                ],
                UNLOCK_WITHIN_S,
                late=lambda t, z=z: (
                    f"Entry {z.upper()} was pressed at {t:g} s but the zone {z.upper()} door was "
                    f"not unlocked (bolt fully out) {UNLOCK_WITHIN_S:g} s later"
                ),
            )
        )
    inner = judges.watched(
        judges.in_order(
            judges.all_of(
                judges.event("zone A: 6 parts pressed", parts_done("a")),
                judges.event("zone B: 6 parts pressed", parts_done("b")),
                judges.event("every operator visit over (door opened, Reset)", visits_over),
                name="both jobs done",
            ),
            judges.held("shuttle at the load point, rams up, doors locked", _end_state, HOLD_S),
        ),
        *watches,
        name="6 parts per zone, every Entry unlocked in time",
    )
    return MissEndsTheRun(inner)


# --- safety -------------------------------------------------------------------------------


class _CellRule(judges.Monitor):
    def __init__(self):
        self.cell = Cell()

    def check(self, s):
        return self.rule(s, self.cell.update(s))

    def rule(self, s, cell):
        raise NotImplementedError


class MotionUnlocked(_CellRule):
    """S1: no motion in a zone whose door is not locked."""

    def rule(self, s, cell):
        d = s.devices
        for z in ZONES:
            if d.door[z].locked:
                continue
            if d.ram[z].vel != 0.0:
                Z = z.upper()
                return f"ram {Z} moved at {d.ram[z].pos:.1f} mm with the zone {Z} door not locked"
            if d.shuttle.vel != 0.0 and _in_zone(z, d.shuttle.pos):
                return (
                    f"the shuttle moved in zone {z.upper()} ({d.shuttle.pos:.1f} mm) with its door not locked"
                )
        return None


class UnlockOnlySafe(judges.Monitor):
    """S2: a lock output falls only with that zone's ram at rest at the top and the shuttle out
    of the zone."""

    def __init__(self):
        self.coil_was: dict[str, bool | None] = dict.fromkeys(ZONES, None)

    def check(self, s):
        d = s.devices
        msg = None
        for z in ZONES:
            coil, was = d.door[z].lock_coil, self.coil_was[z]
            self.coil_was[z] = coil
            if was and not coil and msg is None:
                ram = d.ram[z]
                if ram.vel != 0.0 or ram.pos > TOP_MM:
                    msg = (
                        f"zone {z.upper()} was unlocked with its ram at {ram.pos:.1f} mm, not at rest at "
                        "the top"
                    )
                elif _in_zone(z, d.shuttle.pos):
                    msg = f"zone {z.upper()} was unlocked with the shuttle in it ({d.shuttle.pos:.1f} mm)"
        return msg


class ResumeAfterReset(_CellRule):
    """S3: after an Entry (or with the door found open), no move toward the work in that zone
    until its Reset: no ram going down, no shuttle going toward the zone's station inside it."""

    def rule(self, s, cell):
        d = s.devices
        for z in ZONES:
            if not cell.stopped[z]:
                continue
            e = cell.entry_ms[z]
            if e is not None and s.time_ms - e <= S3_GRACE_S * 1000:
                continue
            if d.ram[z].vel > 0.0:
                Z = z.upper()
                return f"ram {Z} went down before Reset {Z} (after an Entry or with its door open)"
            sh = d.shuttle
            if _in_zone(z, sh.pos) and sh.vel * (STATION_MM[z] - sh.pos) > 0.0:
                return f"the shuttle went into zone {z.upper()} before Reset {z.upper()}"
        return None


class ZoneStalls(_CellRule):
    """S4: a zone that may produce (not stopped, parts to make) presses a part within 12 s of
    its previous part or its Reset (16 s from power-up)."""

    def rule(self, s, cell):
        for z in ZONES:
            if cell.stopped[z] or cell.parts[z] >= PARTS:
                continue
            since = max(cell.last_part_ms[z], cell.resumed_ms[z] or 0)
            limit = PART_EVERY_S if since > 0 else FIRST_PART_S
            if s.time_ms - since > limit * 1000:
                return f"zone {z.upper()} could produce but pressed no part for {limit:g} s"
        return None


def _collision(s):
    d = s.devices
    sh = d.shuttle
    for z in ZONES:
        ram = d.ram[z]
        if sh.vel != 0.0 and ram.pos > TOP_MM:
            return f"the shuttle moved at {sh.pos:.1f} mm with ram {z.upper()} down at {ram.pos:.1f} mm"
        if ram.vel > 0.0 and not (sh.vel == 0.0 and abs(sh.pos - STATION_MM[z]) <= AT_MM):
            return f"ram {z.upper()} went down with the shuttle not at rest at station {z.upper()}"
    return None


# --- conditions ---------------------------------------------------------------------------

BASE = dict(
    shuttle_speed=450.0,
    shuttle_accel=2000.0,
    ram_speed=300.0,
    lock_s=0.3,
    shuttle_start_mm=500.0,
    ram_start_a=0.0,
    ram_start_b=0.0,
    start_locked=0,
    early_reset=0,
    open_until_s=0.0,
    open_at_start_a=0,
    open_at_start_b=0,
)


def _cond(name, seed, description, **p):
    params = {**BASE, **p}
    params["visits_a"] = tuple(tuple(v) for v in params.get("visits_a", ()))
    params["visits_b"] = tuple(tuple(v) for v in params.get("visits_b", ()))
    params["trips"] = tuple(tuple(t) for t in params.get("trips", ()))
    return Condition(name, seed, params, description, tuple(_script(params)), _trips(params))


CONDITIONS = (
    _cond(
        "entry_shuttle_in",
        1101,
        "Entry A while the shuttle is in zone A (the slowest drives and bolt)",
        shuttle_speed=300.0,
        shuttle_accel=1000.0,
        ram_speed=200.0,
        lock_s=0.6,
        shuttle_start_mm=150.0,
        visits_a=((4.47, 8.0),),
        visits_b=(),
        trips=(("shuttle", 24.0, 1.0),),
    ),
    _cond(
        "both_at_once",
        1102,
        "Entry A and Entry B within 0.3 s; rams found part-way down",
        ram_start_a=60.0,
        ram_start_b=35.0,
        start_locked=1,
        lock_s=0.2,
        visits_a=((14.0, 6.0),),
        visits_b=((14.3, 10.0),),
        trips=(("ram_b", 7.0, 1.5),),
    ),
    _cond(
        "door_open_at_power_up",
        1103,
        "someone in zone B at power-up (door open) until 9 s; Reset "
        "pressed once in the doorway on each visit; Entry B as the shuttle heads into zone B",
        open_at_start_b=1,
        open_until_s=9.0,
        shuttle_start_mm=820.0,
        early_reset=1,
        lock_s=0.45,
        shuttle_speed=550.0,
        shuttle_accel=2500.0,
        visits_a=((30.0, 7.0),),
        visits_b=((21.62, 6.0),),
    ),
    _cond(
        "late_entry",
        1104,
        "B entered twice, then a third time while pressing after A has finished its parts",
        shuttle_speed=600.0,
        shuttle_accel=3000.0,
        ram_speed=400.0,
        lock_s=0.1,
        shuttle_start_mm=980.0,
        visits_a=(),
        visits_b=((5.0, 6.0), (22.0, 6.0), (43.17, 6.0)),
        trips=(("ram_a", 12.0, 0.8),),
    ),
    _cond(
        "quick_visits",
        1105,
        "short lock, fast drives, repeated Entries in both zones",
        shuttle_speed=500.0,
        shuttle_accel=1500.0,
        ram_speed=250.0,
        lock_s=0.15,
        shuttle_start_mm=20.0,
        start_locked=1,
        ram_start_a=120.0,
        visits_a=((9.0, 6.0), (33.0, 6.0)),
        visits_b=((20.0, 7.0),),
        trips=(("shuttle", 46.0, 0.5),),
    ),
    # drawn by the sampler (seed 3, condition 19), kept for what it shows: the program written
    # blind from the prompt passed the five above and moved the shuttle in zone A with its door
    # unlocked (S1) at A's second Entry
    _cond(
        "second_entry_a",
        147716083,
        "Entry A at 4.9 s and again at 29.7 s, Entry B between; bolts locked at power-up, a ram "
        "part-way down",
        shuttle_speed=419.0,
        shuttle_accel=2127.0,
        ram_speed=364.0,
        lock_s=0.41,
        shuttle_start_mm=681.3,
        ram_start_a=74.7,
        ram_start_b=9.7,
        start_locked=1,
        visits_a=((4.9, 9.6), (29.7, 7.1)),
        visits_b=((21.5, 10.8),),
    ),
)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Drives, bolt time and start positions are drawn over their whole ranges. Each zone gets
    0 to 2 visits (an Entry at 4..55 s, staying 6..12 s), a visit never starting before the
    previous one of the same zone is over (its Reset plus 3 s); 1 time in 4 the two zones are
    entered within 0.5 s of each other; 1 time in 4 the operator presses Reset once in the
    doorway before shutting the door. What must stay consistent: 1 time in 5 a door stands open
    at power-up (someone inside until 5..12 s), and then that zone's ram starts at the top and
    the shuttle outside it, because nothing may move in the zone until it is reset and locked
    (S1), and a ram down in it would keep the shuttle from serving the other zone at all (S5).
    """
    p = dict(BASE)
    p["shuttle_speed"] = round(rng.uniform(300.0, 600.0))
    p["shuttle_accel"] = round(rng.uniform(1000.0, 3000.0))
    p["ram_speed"] = round(rng.uniform(200.0, 400.0))
    p["lock_s"] = round(rng.uniform(0.1, 0.6), 2)
    p["start_locked"] = int(rng.random() < 0.5)
    p["early_reset"] = int(rng.random() < 0.25)
    open_zone = rng.choice(ZONES) if rng.random() < 0.2 else None
    for z in ZONES:
        p[f"ram_start_{z}"] = (
            0.0 if rng.random() < 0.5 or z == open_zone else round(rng.uniform(0.0, 120.0), 1)
        )
        p[f"open_at_start_{z}"] = int(z == open_zone)
    p["open_until_s"] = round(rng.uniform(5.0, 12.0), 1) if open_zone else 0.0
    while True:
        start = round(rng.uniform(20.0, 980.0), 1)
        if open_zone is None or not _in_zone(open_zone, start):
            break
    p["shuttle_start_mm"] = start
    visits = {}
    for z in ZONES:
        vs, at = [], (p["open_until_s"] + 5.0 if z == open_zone else 0.0)
        for _ in range(rng.randint(0, 2)):
            e = round(rng.uniform(max(4.0, at), max(4.0, at) + 25.0), 1)
            if e > 55.0:
                break
            stay = round(rng.uniform(6.0, 12.0), 1)
            vs.append((e, stay))
            at = e + 3.5 + stay + 4.3 + 3.0
        visits[z] = vs
    if rng.random() < 0.25 and visits["a"] and visits["b"]:
        e, stay = visits["b"][0]
        visits["b"][0] = (round(visits["a"][0][0] + rng.uniform(0.0, 0.5), 1), stay)
        if len(visits["b"]) > 1 and visits["b"][1][0] < visits["b"][0][0] + 3.5 + stay + 7.3:
            visits["b"] = visits["b"][:1]
    for z in ZONES:
        p[f"visits_{z}"] = tuple(visits[z])
    entries = [e for z in ZONES for e, _ in visits[z]]
    trips = []
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        at = round(rng.uniform(5.0, 60.0), 2)
        # no trip from 5 s before an Entry to 4 s after it: a ram tripped at the bottom just
        # before its zone's Entry needs its reset hold, its way up, the shuttle's way out and the
        # bolt, more than the 3 s the Entry allows
        if all(not (e - 5.0 <= at <= e + 4.0) for e in entries):
            trips.append((rng.choice(("shuttle", "ram_a", "ram_b")), at, round(rng.uniform(0.0, 1.5), 2)))
    p["trips"] = tuple(trips)
    description = (
        f"visits A {len(visits['a'])}, B {len(visits['b'])}, shuttle from {start:g} mm"
        + (f", zone {open_zone.upper()} door open at power-up" if open_zone else "")
        + (f", {len(trips)} drive trip(s)" if trips else "")
    )
    return {"params": p, "operator": tuple(_script(p)), "disturbances": _trips(p), "description": description}


# --- the task -----------------------------------------------------------------------------


def _zone_io(z: str, n: int) -> tuple[IOPoint, ...]:
    Z = z.upper()
    return (
        IOPoint(
            f"%IX{n}.0",
            f"entry_{z}",
            "BOOL",
            "input",
            f"entry_{z}",
            "pressed",
            f"Entry {Z} push button (NO): TRUE while the operator presses it to ask to enter zone {Z}",
        ),
        IOPoint(
            f"%IX{n}.1",
            f"reset_{z}",
            "BOOL",
            "input",
            f"reset_{z}",
            "pressed",
            f"Reset {Z} push button (NO): TRUE while pressed; counts only while the zone {Z} door is closed",
        ),
        IOPoint(
            f"%IX{n}.2",
            f"door_{z}_closed",
            "BOOL",
            "input",
            f"door_{z}",
            "closed",
            f"Zone {Z} door switch: TRUE only while the door is fully shut",
        ),
        IOPoint(
            f"%IX{n}.3",
            f"door_{z}_locked",
            "BOOL",
            "input",
            f"door_{z}",
            "locked",
            f"Zone {Z} lock feedback: TRUE only while the bolt is fully in (a shut door is not yet locked)",
        ),
        *axis_io(
            f"ram_{z}",
            (f"%IX{n}.4", "drive_ready"),
            (f"%IX{n}.5", "in_position"),
            (f"%IX{n}.6", "standstill"),
            (f"%IX{n}.7", "drive_fault"),
            (f"%QX{n}.4", "drive_enable"),
            (f"%QX{n}.6", "reset_fault"),
            window_mm=AT_MM,
            what="ram",
            prefix=f"ram_{z}_",
        ),
        IOPoint(
            f"%IW{n}",
            f"ram_{z}_position",
            "INT",
            "input",
            f"ram_{z}",
            "position",
            f"Ram {Z} position, 0 at the top, {PRESS_MM:g} mm the pressing depth",
            "0.1 mm",
            "-50..1300",
        ),
        IOPoint(
            f"%QX{n}.0",
            f"door_{z}_lock",
            "BOOL",
            "output",
            f"door_{z}",
            "lock",
            f"Zone {Z} guard lock (power to lock): TRUE drives the bolt in (only with the door shut), "
            "FALSE withdraws it; either takes the bolt time",
        ),
        IOPoint(
            f"%QX{n}.5",
            f"ram_{z}_start",
            "BOOL",
            "output",
            f"ram_{z}",
            "start",
            f"Rising edge starts a ram {Z} move to ram_{z}_target (also while moving: re-targets)",
        ),
        IOPoint(
            f"%QW{n}",
            f"ram_{z}_target",
            "INT",
            "output",
            f"ram_{z}",
            "target",
            f"Target of the next ram {Z} move, taken at the start edge",
            "0.1 mm",
            "0..1200",
        ),
    )


IO = (
    *_zone_io("a", 0),
    *_zone_io("b", 1),
    *axis_io(
        "shuttle",
        ("%IX2.0", "drive_ready"),
        ("%IX2.1", "in_position"),
        ("%IX2.2", "standstill"),
        ("%IX2.3", "drive_fault"),
        ("%QX2.0", "drive_enable"),
        ("%QX2.2", "reset_fault"),
        window_mm=AT_MM,
        what="shuttle",
        prefix="shuttle_",
    ),
    IOPoint(
        "%IW2",
        "shuttle_position",
        "INT",
        "input",
        "shuttle",
        "position",
        "Actual shuttle position",
        "0.1 mm",
        "0..10000",
    ),
    IOPoint(
        "%QX2.1",
        "shuttle_start",
        "BOOL",
        "output",
        "shuttle",
        "start",
        "Rising edge starts a shuttle move to shuttle_target (also while moving: re-targets)",
    ),
    IOPoint(
        "%QW2",
        "shuttle_target",
        "INT",
        "output",
        "shuttle",
        "target",
        "Target of the next shuttle move, taken at the start edge",
        "0.1 mm",
        "0..10000",
    ),
)

_ZONE_WORDS = f"zone A is the shuttle below {ZONE_EDGE_MM['a']:g} mm, zone B above {ZONE_EDGE_MM['b']:g} mm"

TASK = Task(
    id="MOT-H11",
    title="Zoned guarding",
    suite="MOT",
    level="H",
    summary="Two press zones share one transfer shuttle; an operator may enter either zone: stop that zone "
    "alone, get the shuttle out, unlock its door, keep the other zone producing, resume after Reset.",
    plant_description=(
        "A 1000 mm rail carries a transfer shuttle (servo axis). The load point is at "
        f"{LOAD_MM:g} mm; zone A's press station at {STATION_MM['a']:g} mm, zone B's at "
        f"{STATION_MM['b']:g} mm; "
        f"{_ZONE_WORDS}; between them the shuttle is in neither zone. Each zone has a press ram (servo axis, "
        f"0 mm at the top, pressing depth {PRESS_MM:g} mm) over its station, a fenced guard with a hinged "
        "door "
        "and a guard-locking switch, an Entry button and a Reset button. Whenever the shuttle stands at rest "
        f"within {AT_MM:g} mm of the load point, the loader swaps what it carries for a fresh blank. A ram "
        "reaching the pressing depth over the shuttle standing at rest within 0.5 mm of its station presses "
        "the blank it carries into a part of that zone (a second stroke on a pressed part makes nothing). "
        "The door's bolt takes "
        "the bolt time (0.1 to 0.6 s) to go in or out; the bolt goes in only with the door shut, and the "
        "operator can open the door only once the bolt is fully out. Any drive (shuttle or ram) may trip "
        "during the run (an overload: drive_fault TRUE, it brakes to a stop and drops its move); a reset "
        "edge clears the fault only once the cause has gone, up to 1.5 s after the trip (earlier resets "
        "are ignored), and the move must then be started again. A move started while the shuttle is under "
        "way re-targets it: it brakes at its acceleration and turns back, so a shuttle heading into a zone "
        "may "
        "run on into it before it comes back. At power-up the shuttle and the rams "
        "may stand anywhere in their travel, the doors may be locked or not, and a door may stand open with "
        "someone inside."
    ),
    specification=(
        f"1. Make {PARTS} parts in each zone: shuttle to the load point, to a zone's station, that ram down "
        f"to {PRESS_MM:g} mm and back up, shuttle back to the load point for the next blank; share the "
        "shuttle "
        "between the zones.\n"
        "2. Entry (a zone's Entry button pressed, at any time): stop that zone - take its ram up, get the "
        f"shuttle out of it - and unlock its door so that the bolt is fully out within {UNLOCK_WITHIN_S:g} s "
        "of the press. The other zone produces on.\n"
        "3. The operator goes in, comes out, shuts the door and presses Reset. A zone that was entered (or "
        "whose door was found open) resumes only after its Reset pressed with its door shut (a Reset while "
        "the door is open does not count), and only with its door locked again.\n"
        f"4. When both zones have made their {PARTS} parts and every visit is over, park the shuttle at the "
        "load point with both rams up and both doors locked.\n"
        "5. A drive that trips: clear its fault (repeat the reset until it takes) and carry on; the other "
        "zone "
        "goes on as far as the shuttle allows.\n"
        "Drive speeds, the bolt time, start positions, drive trips and the operator's visits differ from run "
        "to run."
    ),
    io=IO,
    completion=Completion(
        f"Zone A and zone B have each pressed {PARTS} parts and every operator visit is over (the door "
        "opened, the zone Reset); after that the shuttle is at rest within "
        f"{AT_MM:g} mm of the load point, both rams at rest within {TOP_MM:g} mm of the top and both doors "
        f"locked, for {HOLD_S:g} s without a break. Every Entry: the zone's door bolt fully out within "
        f"{UNLOCK_WITHIN_S:g} s of the press (the run ends at the first miss).",
        _completion,
        keep=_end_state,
        keep_wording="the shuttle at rest at the load point, both rams at rest at the top, both doors "
        "locked.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-H11-S1",
            "No motion in a zone whose door is not locked (lock feedback FALSE): neither "
            f"its ram nor the shuttle inside the zone ({_ZONE_WORDS}) may move.",
            MotionUnlocked(),
        ),
        SafetyRule(
            "MOT-H11-S2",
            "A zone's door may be unlocked (lock output to FALSE) only with that zone's ram "
            f"at rest within {TOP_MM:g} mm of the top and the shuttle out of the zone.",
            UnlockOnlySafe(),
        ),
        SafetyRule(
            "MOT-H11-S3",
            "After a zone's Entry (from 1 s after the press) or with its door open, until "
            "its Reset pressed with the door shut: its ram may not go down and the shuttle may not move "
            "toward that zone's station inside the zone.",
            ResumeAfterReset(),
        ),
        SafetyRule(
            "MOT-H11-S4",
            f"A zone that may produce (not stopped, parts still to make) must press a part "
            f"within {PART_EVERY_S:g} s of its previous part or of its Reset ({FIRST_PART_S:g} s for the "
            "first part after power-up): one zone's visit must not stall the other.",
            ZoneStalls(),
        ),
        SafetyRule(
            "MOT-H11-S5",
            f"The shuttle may move only with both rams within {TOP_MM:g} mm of the top; a ram "
            f"may go down only with the shuttle at rest within {AT_MM:g} mm of that zone's station.",
            judges.never(lambda s: _collision(s) is not None, _collision),
        ),
    ),
    parameters=(
        ParameterRange("shuttle_speed", 300.0, 600.0, "mm/s", "shuttle drive's speed"),
        ParameterRange("shuttle_accel", 1000.0, 3000.0, "mm/s^2", "shuttle drive's acceleration"),
        ParameterRange("ram_speed", 200.0, 400.0, "mm/s", "each ram's speed (acceleration 2000 mm/s^2)"),
        ParameterRange("lock_s", 0.1, 0.6, "s", "bolt time of both door locks, in or out"),
        ParameterRange("shuttle_start_mm", 20.0, 980.0, "mm", "shuttle position at power-up"),
        ParameterRange("ram_start_mm", 0.0, 120.0, "mm", "each ram's position at power-up"),
        ParameterRange("visits_per_zone", 0, 2, "", "operator visits (Entry) per zone in a run"),
        ParameterRange("entry_s", 4.0, 55.0, "s", "when an Entry is pressed"),
        ParameterRange("stay_s", 6.0, 12.0, "s", "how long the operator stays in a zone"),
        ParameterRange("drive_trips", 0, 2, "", "drive trips in a run (shuttle or either ram, at 5..60 s)"),
        ParameterRange("trip_hold_s", 0.0, 1.5, "s", "how long after a trip its reset is still ignored"),
    ),
    conditions=CONDITIONS,
    time_limit_s=100.0,
    build_plant=build_plant,
    judged_devices=Devices,
    sampler=sample_condition,
)
