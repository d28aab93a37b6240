"""MAT-H11 AGV pair with blocks and a charger.

Two AGVs share a one-way loop of six blocks with three transfer stations, a drop stand and a
charger siding beside block 6. Each station raises its request when a load is ready; the
program sends an AGV, stops it at the station, grants the station (its arm pushes the load onto
the AGV's deck), carries the load to the drop stand and rolls it off there. Each load is a job
judged on its own: delivered within JOB_S of its request (S4; the run ends at the first miss, so
starving one station or a deadlock of the two AGVs fails there, not at the time limit). The two
AGVs share the blocks (S1: never two in one block, so a block is reserved before an AGV can be
in it, and the siding's exit merges into block 1 where both may want it), the charger (one AGV
at a time on the siding) and their batteries (S2: never below 10 %; each drains at its own rate
per metre, not known in advance: the program measures it or plans for the worst). Loads move
only onto and off a standing AGV (S3).

Changes from the catalog entry, and why:
- The AGV is a new device (sim/devices/agv.py: AGVLoop with its AGV vehicles); the stations are
  the library's TransferStation, as the catalog says; the loop hands a station's load onto the
  AGV standing at it when the station's work ends.
- A loop of 6 blocks of 1000 mm (a lap of 5-10 s) and 9 jobs (2-4 per station), not 12, each
  within 50 s, not 90 s: the test budget (a run is up to 120 s of plant time). The first plant
  had 1500 mm blocks and drained up to 3 %/m: the reference found the cell energy-starved there
  (one charger could not make up what two AGVs used), so the loop was shortened and the drain set
  to 0.8-2.0 %/m with a charger of 3-8 %/s. The two-sided window is S4 against charging: a job
  waits while the charger is taken or an AGV charges long; an AGV charged too little falls below
  10 % on its way (S2).
- AGV 2's fault is its bumper (at 10-50 s, while AGV 1 is on a job): it stops at once where it
  is, holding its block; a reset clears it and it drives again on a fresh go edge.
- The catalog's trap (reserving only the next block) earns 1 on this plant: an AGV plans its own
  stop at its target, so a short reservation costs only speed, and two AGVs reserving from their
  fronts forward on a one-way loop cannot each hold what the other waits for. It is kept in
  trap/ (outside the battery's folders: a correct program costs ten full runs of test budget),
  graded by hand 5/5 registered and 20/20 sampled.

Hard by the brief's check: the program written blind from the prompt (counterexamples/
blind_written.st) passed 0 of 5, every condition on S1 (a front standing exactly on a block
boundary takes the next block unchecked); it still fails 0 of 5 on the final plant. The
reference had to learn the same lessons: positions are rounded to the mm (a few mm to spare at
a moving body's back), an AGV past the diverge on the loop is in block 6 until it comes round,
an AGV with a load on board and too little battery charges first, the oldest request goes first
(nearest-first starved station 3 with both AGVs charging in turn), an idle AGV gives way.
A second blind program (not kept: 3 of 5) failed steady and bursts on S1 by its own fault: a
front 0.5 mm short of the merge point reads 0 with agvN_on_siding on; it took that for block 1,
reserved the block for itself and drove in beside the other AGV. The merge point itself is the
siding's (a front exactly on a block's start is not in it yet): the judge counts a body standing
there on the siding only, and agvN_on_siding stays on there (it used to drop at 0: the
reference's motion is the same, its traces record the input).

Cheap programs tried: idle, a fixed timetable (blind.st), worst-case tours with token grants
(token_blind.st), one rule broken at a time (S1 AGV 2 blind to blocks, S2 never charging, S3
granting while the AGV still drives in, S4 charging to full after every load), the end state let
go (a grant after the last load), and a table of the registered conditions told apart by the
start positions (tuned/lookup_table.st: 5/5 registered, fails sampled on S2). None earned 1
except the catalog's trap above.

Sampled conditions draw every parameter over its published range; jointly: the batteries at
power-up with the AGV's way to the charger (an AGV starting at 15 % with the worst drain can
still reach the charger, round the loop if it stands past the diverge, above 12 %), and the two
start positions in blocks of their own (see sample_condition).

low_agv_just_past_the_charger (registered 2026-12-04) is sampled condition 190 of seed 3 as
drawn. A program written blind from today's prompt passed the five conditions registered then
and 199 of those 200, and there never moved AGV 1 (21 % just past the charger, a lap from it):
planning with a drain above the published 2 %/m until it had measured one, it took the lap as
unsafe and parked it, against item 4 (under 30 %: send it to charge), and AGV 2 alone got 8 of
the 9 loads out in 120 s. The reference and second_correct pass it (93.0, 93.5 s); the program is
counterexamples/prompt_only.st.
"""

from __future__ import annotations

from sim import judges
from sim.devices.agv import AGV, AGVLoop
from sim.devices.stations import TransferStation
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun

BLOCK_MM = 1000.0
BLOCKS = 6
LOOP_MM = BLOCK_MM * BLOCKS
STATION_MM = (500.0, 1500.0, 3500.0)
DROP_MM = 4500.0
DIVERGE_MM = LOOP_MM - BLOCK_MM
CHARGER_MM = DIVERGE_MM + BLOCK_MM / 2
AGV_MM = 500.0
TOL_MM = 5.0
JOB_S = 50.0
LOW_PCT = 10.0
CHARGE_AT_PCT = 30.0
HOLD_S = 1.0
TIME_LIMIT_S = 120.0
ORIGIN = (300.0, 1400.0)
SIZE = (2000.0, 1000.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    loop = AGVLoop(
        "agvs", agvs=(), drop_mm=DROP_MM, blocks=BLOCKS, block_mm=BLOCK_MM, origin=ORIGIN, size=SIZE
    )  # geometry for the stations
    stations = []
    for n, at in enumerate(STATION_MM, 1):
        x, y = loop.xy(at)
        stations.append(
            plant.add(
                TransferStation(
                    f"station_{n}",
                    n,
                    at,
                    x=x,
                    y=y + 190.0,
                    requests=tuple(p[f"requests_{n}"]),
                    regap_s=p["regap_s"],
                    arm_time_s=p["arm_time_s"],
                    work_s=p[f"work_{n}_s"],
                )
            )
        )
    agvs = tuple(
        AGV(
            n,
            p[f"start_{n}_mm"],
            speed=p[f"speed_{n}"],
            accel=p[f"accel_{n}"],
            drain_per_m=p[f"drain_{n}"],
            battery=p[f"battery_{n}"],
            on_siding=bool(p.get(f"siding_{n}", 0)),
            load=("on board", n) if p.get(f"load_{n}", 0) else None,
            fault_at_s=p.get(f"fault_{n}_s") or None,
            length_mm=AGV_MM,
        )
        for n in (1, 2)
    )
    plant.add(
        AGVLoop(
            "agvs",
            agvs=agvs,
            stations=tuple(stations),
            drop_mm=DROP_MM,
            blocks=BLOCKS,
            block_mm=BLOCK_MM,
            charge_rate=p["charge_rate"],
            unload_s=p["unload_s"],
            tolerance_mm=TOL_MM,
            origin=ORIGIN,
            size=SIZE,
        )
    )
    return plant


# --- judges -----------------------------------------------------------------------------------


class Cell:
    """What the judges look at (s.devices): the loop and its stations."""

    def __init__(self, plant: Plant):
        self.loop = plant.device("agvs", AGVLoop)
        self.stations = tuple(plant.device(f"station_{n}", TransferStation) for n in (1, 2, 3))
        self.agvs = self.loop.agvs
        # every job of the run: the stations' loads and the loads on board at power-up
        self.total = sum(st.total for st in self.stations) + sum(1 for a in self.agvs if a.load is not None)


def _total_jobs(params) -> int:
    return sum(len(params[f"requests_{n}"]) for n in (1, 2, 3)) + sum(
        1 for n in (1, 2) if params.get(f"load_{n}", 0)
    )


def _one_per_block(s):
    first, second = s.devices.loop.blocks  # each AGV's blocks, worked out once a step
    both = first & second
    if both:
        where = ", ".join("the siding" if k == BLOCKS + 1 else f"block {k}" for k in sorted(both))
        return f"AGV 1 and AGV 2 both in {where}"
    return None


def _battery_low(s):
    for a in s.devices.agvs:
        if a.battery < LOW_PCT:
            return f"AGV {a.number}'s battery is down to {a.battery:.1f} %"
    return None


class _Transfers(judges.Monitor):
    """S3: a station's arm in the AGV path only over an AGV standing still at it; deck rollers
    only on an AGV standing still at the drop stand; no load fallen (onto no AGV, onto a loaded
    one, or rolled off elsewhere: the loop's log). A judge of this task only: it reads the
    loop's own geometry."""

    def __init__(self):
        self.fallen = 0

    def check(self, s):
        cell = s.devices
        loop = cell.loop
        for st in cell.stations:
            if st.arm > 0.0 and loop.standing_at_station(st) is None:
                return f"station {st.number}'s arm is in the AGV path with no AGV standing still at it"
        io = s.io
        for a, rollers in zip(cell.agvs, ("agv1_unload", "agv2_unload"), strict=True):
            if io[rollers] and not loop.at_drop(a):
                return f"AGV {a.number}'s deck rollers run away from the drop stand or while it moves"
        if len(loop.lost) > self.fallen:  # a load fell since the last scan
            self.fallen = len(loop.lost)
            return loop.lost[-1][2]
        return None


class _JobsOnTime(judges.Watch):
    """S4: every job (a station's load from its request, a load on board from power-up) is
    delivered within JOB_S; each job on its own clock (the loop's log)."""

    def __init__(self):
        self.seen = (-1, -1)
        self.oldest: tuple[float, object] | None = None  # the longest-waiting job not delivered

    def check(self, s):
        loop = s.devices.loop
        seen = (len(loop.jobs), len(loop.delivered))
        if seen != self.seen:  # a job raised or delivered: find the oldest one open again
            self.seen = seen
            open_jobs = [(raised, job) for job, raised in loop.jobs.items() if job not in loop.delivered]
            self.oldest = min(open_jobs, key=lambda rj: rj[0]) if open_jobs else None
        if self.oldest is not None and s.time_s - self.oldest[0] > JOB_S + 1e-9:
            raised, job = self.oldest
            return f"{_job_words(job)} was not delivered within {JOB_S:g} s (requested at {raised:g} s)"
        return None


def _job_words(job) -> str:
    if job[0] == "on board":
        return f"the load on board AGV {job[1]} at power-up"
    return f"station {job[0]}'s load {job[1]}"


class _Rule(judges.Watch):
    """A safety rule as a completion watch: the run ends at its first breach."""

    def __init__(self, check):
        self.inner = check

    def check(self, s):
        return self.inner(s)


def _at_rest(s) -> bool:
    cell, io = s.devices, s.io
    return (
        all(a.vel == 0.0 for a in cell.agvs)
        and not any(io[f"grant_{n}"] for n in (1, 2, 3))
        and all(st.arm <= 0.0 for st in cell.stations)
        and not io["agv1_unload"]
        and not io["agv2_unload"]
    )


AT_REST = "both AGVs standing still, no grant on, every station's arm home and both decks' rollers off"


def _completion():
    inner = judges.in_order(
        judges.distinct(
            "every job delivered onto the drop stand",
            lambda s: list(s.devices.loop.delivered),
            lambda s: s.devices.total,
        ),
        judges.held(AT_REST, _at_rest, HOLD_S),
    )
    return MissEndsTheRun(
        judges.watched(inner, _JobsOnTime(), _Rule(_one_per_block), _Rule(_battery_low), _Rule(_Transfers()))
    )


COMPLETION = Completion(
    f"Every job is delivered: each station's load (and a load on board at power-up) rolled off onto the "
    f"drop stand within {JOB_S:g} s of its request (of power-up); the run ends at the first job that is "
    f"not, and at the first breach of a safety rule. Then {AT_REST}, held for {HOLD_S:g} s.",
    _completion,
    keep=_at_rest,
    keep_wording=AT_REST + ".",
)

SAFETY = (
    SafetyRule(
        "MAT-H11-S1",
        "At most one AGV in a block: no part of the two AGVs' bodies is ever in the same "
        "block (the siding is a block of its own).",
        judges.never(lambda s: _one_per_block(s) is not None, _one_per_block),
    ),
    SafetyRule(
        "MAT-H11-S2",
        f"No AGV's battery ever falls below {LOW_PCT:g} %.",
        judges.never(lambda s: _battery_low(s) is not None, _battery_low),
    ),
    SafetyRule(
        "MAT-H11-S3",
        f"Loads move only onto and off a standing AGV: a station's arm is in the AGV path "
        f"only while an AGV stands still within {TOL_MM:g} mm of that station, a station's load is handed "
        f"only onto an empty AGV, and an AGV's deck rollers run only while it stands still within "
        f"{TOL_MM:g} mm of the drop stand.",
        _Transfers(),
    ),
    SafetyRule(
        "MAT-H11-S4",
        f"Every job is delivered within {JOB_S:g} s of its station's request (a load on "
        "board at power-up within that of power-up), each job on its own.",
        _JobsOnTime(),
    ),
)


# --- conditions ---------------------------------------------------------------------------------

DEFAULTS = {
    "regap_s": 1.5,
    "arm_time_s": 0.5,
    "unload_s": 1.5,
    "charge_rate": 5.0,
    "siding_1": 0,
    "siding_2": 0,
    "load_1": 0,
    "load_2": 0,
    "fault_1_s": 0.0,
    "fault_2_s": 0.0,
}


def _cond(name, seed, description, *, requests, works=(1.5, 1.5, 1.5), **params):
    for n in (1, 2, 3):
        params[f"requests_{n}"] = tuple(requests[n - 1])
        params[f"work_{n}_s"] = works[n - 1]
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond(
        "steady",
        1101,
        "loads one after another at every station, both AGVs well charged, AGV 2 bumper fault at 20 s",
        start_1_mm=300.0,
        start_2_mm=4000.0,
        battery_1=80.0,
        battery_2=70.0,
        speed_1=1000.0,
        speed_2=900.0,
        accel_1=1200.0,
        accel_2=1000.0,
        drain_1=1.0,
        drain_2=1.2,
        requests=((2.0, 20.0, 45.0), (5.0, 30.0, 55.0), (8.0, 35.0, 60.0)),
        fault_2_s=20.0,
    ),
    _cond(
        "low_battery",
        1102,
        "AGV 1 starts at 16 % just before the siding, AGV 2 at 35 % with the steepest "
        "drain; the slowest charger",
        start_1_mm=4700.0,
        start_2_mm=1200.0,
        battery_1=16.0,
        battery_2=35.0,
        speed_1=800.0,
        speed_2=1100.0,
        accel_1=800.0,
        accel_2=1400.0,
        drain_1=1.5,
        drain_2=2.0,
        charge_rate=3.0,
        requests=((3.0, 25.0), (1.0, 15.0, 40.0, 60.0), (10.0, 50.0, 65.0)),
    ),
    _cond(
        "on_siding_loaded",
        1103,
        "AGV 2 stands charging on the siding, AGV 1 carries a load at power-up; "
        "station 3's first order comes late",
        start_1_mm=3600.0,
        start_2_mm=CHARGER_MM,
        siding_2=1,
        load_1=1,
        battery_1=45.0,
        battery_2=25.0,
        speed_1=700.0,
        speed_2=1200.0,
        accel_1=700.0,
        accel_2=1200.0,
        drain_1=0.9,
        drain_2=1.8,
        charge_rate=6.0,
        requests=((0.5, 12.0, 35.0), (4.0, 30.0, 50.0), (40.0, 55.0, 65.0)),
    ),
    _cond(
        "bursts",
        1104,
        "every station asks at once, twice; slow AGVs; AGV 2 bumper fault at 12 s",
        start_1_mm=3900.0,
        start_2_mm=2600.0,
        battery_1=60.0,
        battery_2=90.0,
        speed_1=650.0,
        speed_2=700.0,
        accel_1=650.0,
        accel_2=900.0,
        drain_1=1.4,
        drain_2=1.0,
        arm_time_s=0.8,
        unload_s=2.0,
        works=(2.5, 1.0, 2.0),
        requests=((1.0, 40.0, 65.0), (1.0, 40.0), (1.0, 40.0, 65.0, 65.0)),
        fault_2_s=12.0,
        regap_s=1.0,
    ),
    _cond(
        "one_station_busy",
        1105,
        "station 2 asks again and again at once, the others seldom; fast AGVs nose to tail at power-up",
        start_1_mm=1600.0,
        start_2_mm=1000.0,
        battery_1=30.0,
        battery_2=50.0,
        speed_1=1200.0,
        speed_2=1150.0,
        accel_1=1500.0,
        accel_2=1300.0,
        drain_1=2.0,
        drain_2=1.6,
        charge_rate=3.5,
        requests=((30.0, 60.0), (0.5, 0.5, 0.5, 0.5), (20.0, 50.0, 65.0)),
        regap_s=2.0,
        fault_2_s=35.0,
    ),
    _cond(
        # sampled_3_190 as drawn (seed 3, condition 190): see the docstring's last paragraph
        "low_agv_just_past_the_charger",
        426791329,
        "AGV 1 stands at 21 % just past the charger (a lap from it) with a gentle drain, AGV 2 at 63 %; "
        "the orders come from 15.6 s on",
        start_1_mm=5688.0,
        start_2_mm=3724.0,
        battery_1=21.0,
        battery_2=63.0,
        speed_1=849,
        speed_2=1032,
        accel_1=627,
        accel_2=1425,
        drain_1=0.97,
        drain_2=1.76,
        charge_rate=6.4,
        arm_time_s=0.48,
        unload_s=1.92,
        regap_s=2.24,
        siding_1=0,
        siding_2=0,
        load_1=0,
        load_2=0,
        fault_1_s=0.0,
        fault_2_s=0.0,
        works=(2.0, 1.44, 1.86),
        requests=((15.6, 27.2), (15.7, 15.7, 32.2, 49.1), (16.5, 16.5, 31.8)),
    ),
)


def _start_ok(start_mm: float, on_siding: bool, battery: float, drain: float) -> bool:
    """The AGV can reach the charger from where it stands before its battery falls to 10 %."""
    # on the loop past the diverge it must come round to the diverge first
    way = 0.0 if on_siding else (DIVERGE_MM - start_mm) % LOOP_MM + (CHARGER_MM - DIVERGE_MM)
    return battery - drain * way / 1000.0 >= LOW_PCT + 2.0


def _start_blocks(start_mm: float, on_siding: bool) -> set[int]:
    """The blocks a body standing at start_mm covers (7 = the siding)."""
    if on_siding:
        return {BLOCKS + 1}
    return {int((start_mm - AGV_MM) // BLOCK_MM) % BLOCKS, int((start_mm - 1e-6) // BLOCK_MM) % BLOCKS}


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Speeds, accelerations, drains, the charge rate, arm, work and unload times over their
    whole ranges. Start positions: anywhere on the loop in blocks of their own (1 time in 5 one
    AGV charging on the siding); batteries 15-90 %, redrawn jointly
    with the start position until the AGV can reach the charger above 10 % + 2 (a start below that
    fails every program). 2-4 loads per station, 9 in all; the first request at 0.5-25 s; each
    later one at once (after regap) or 6-20 s after the previous one's schedule, none after 60 s
    (the time limit must leave every job its 50 s). A load on board AGV 1 at power-up 1 time in 4,
    AGV 2's bumper fault at 10-50 s half the time.
    """
    p: dict = {}
    for n in (1, 2):
        p[f"speed_{n}"] = round(rng.uniform(600.0, 1200.0))
        p[f"accel_{n}"] = round(rng.uniform(600.0, 1500.0))
        p[f"drain_{n}"] = round(rng.uniform(0.8, 2.0), 2)
    p["charge_rate"] = round(rng.uniform(3.0, 8.0), 1)
    p["arm_time_s"] = round(rng.uniform(0.3, 0.8), 2)
    p["unload_s"] = round(rng.uniform(1.0, 2.0), 2)
    p["regap_s"] = round(rng.uniform(1.0, 3.0), 2)
    for n in (1, 2, 3):
        p[f"work_{n}_s"] = round(rng.uniform(1.0, 2.5), 2)
    siding = rng.random() < 0.2
    who = rng.choice((1, 2))
    while True:
        starts = [round(rng.uniform(0.0, LOOP_MM - 1.0)) for _ in (1, 2)]
        sid = [siding and who == n for n in (1, 2)]
        for n in (1, 2):
            if sid[n - 1]:
                starts[n - 1] = CHARGER_MM
        if not (_start_blocks(starts[0], sid[0]) & _start_blocks(starts[1], sid[1])):
            break
    for n in (1, 2):
        while True:
            bat = round(rng.uniform(15.0, 90.0))
            if _start_ok(starts[n - 1], sid[n - 1], bat, p[f"drain_{n}"]):
                break
        p[f"start_{n}_mm"] = float(starts[n - 1])
        p[f"battery_{n}"] = float(bat)
        p[f"siding_{n}"] = int(sid[n - 1])
    counts = [2, 2, 2]
    for _ in range(3):
        counts[rng.randrange(3)] += 1
    while max(counts) > 4:
        counts = [2, 2, 2]
        for _ in range(3):
            counts[rng.randrange(3)] += 1
    for n in (1, 2, 3):
        at = round(rng.uniform(0.5, 25.0), 1)
        times = [at]
        for _ in range(counts[n - 1] - 1):
            at = at if rng.random() < 0.3 else min(60.0, round(at + rng.uniform(6.0, 20.0), 1))
            times.append(at)
        p[f"requests_{n}"] = tuple(times)
    p["load_1"] = int(rng.random() < 0.25)
    p["load_2"] = 0
    p["fault_1_s"] = 0.0
    p["fault_2_s"] = round(rng.uniform(10.0, 50.0), 1) if rng.random() < 0.5 else 0.0
    description = (
        f"{'/'.join(str(c) for c in counts)} loads, batteries {p['battery_1']:g}/{p['battery_2']:g} %"
        + (", AGV 2 fault" if p["fault_2_s"] else "")
        + (", a load on board" if p["load_1"] else "")
    )
    return {"params": p, "description": description}


# --- I/O ------------------------------------------------------------------------------------------


def _agv_io(n: int) -> tuple[IOPoint, ...]:
    b = n - 1
    d = "agvs"
    return (
        IOPoint(f"%IX{b}.0", f"agv{n}_still", "BOOL", "input", d, f"agv{n}_still", f"AGV {n} stands still"),
        IOPoint(
            f"%IX{b}.1",
            f"agv{n}_arrived",
            "BOOL",
            "input",
            d,
            f"agv{n}_arrived",
            f"AGV {n} stands still within {TOL_MM:g} mm of agv{n}_target (and has no fault)",
        ),
        IOPoint(
            f"%IX{b}.2",
            f"agv{n}_loaded",
            "BOOL",
            "input",
            d,
            f"agv{n}_loaded",
            f"AGV {n} carries a load on its deck",
        ),
        IOPoint(
            f"%IX{b}.3",
            f"agv{n}_fault",
            "BOOL",
            "input",
            d,
            f"agv{n}_fault",
            f"AGV {n}'s bumper fault: it has stopped at once and drives no more until a rising edge of "
            f"agv{n}_reset clears the fault and then a new rising edge of agv{n}_go",
        ),
        IOPoint(
            f"%IX{b}.4",
            f"agv{n}_on_siding",
            "BOOL",
            "input",
            d,
            f"agv{n}_on_siding",
            f"AGV {n}'s front is on the charger siding (its back may still be in block 5 on the way in; "
            "on the way out its back is still on the siding until its front is 500 mm into block 1)",
        ),
        IOPoint(
            f"%IX{b}.5",
            f"agv{n}_charging",
            "BOOL",
            "input",
            d,
            f"agv{n}_charging",
            f"AGV {n} is charging: it stands still at the charger with agv{n}_charge on",
        ),
        IOPoint(
            f"%IW{2 * b}",
            f"agv{n}_position",
            "INT",
            "input",
            d,
            f"agv{n}_position",
            f"AGV {n}'s front: its path position along the loop (on the siding: the position of the loop "
            "beside it)",
            "mm",
            f"0..{int(LOOP_MM) - 1}",
        ),
        IOPoint(
            f"%IW{2 * b + 1}",
            f"agv{n}_battery",
            "INT",
            "input",
            d,
            f"agv{n}_battery",
            f"AGV {n}'s battery charge",
            "0.1 %",
            "0..1000",
        ),
        IOPoint(
            f"%QX{b}.0",
            f"agv{n}_go",
            "BOOL",
            "output",
            d,
            f"agv{n}_go",
            f"TRUE: AGV {n} drives forward toward agv{n}_target and stops there; FALSE: it brakes to a stop "
            "at its own acceleration",
        ),
        IOPoint(
            f"%QX{b}.1",
            f"agv{n}_siding",
            "BOOL",
            "output",
            d,
            f"agv{n}_siding",
            f"route of AGV {n} at the diverge ({DIVERGE_MM:g} mm): TRUE as its front passes there takes "
            "it onto the charger siding, FALSE along block 6",
        ),
        IOPoint(
            f"%QX{b}.2",
            f"agv{n}_charge",
            "BOOL",
            "output",
            d,
            f"agv{n}_charge",
            f"close AGV {n}'s charging contacts (it charges only standing still within 10 mm of the charger)",
        ),
        IOPoint(
            f"%QX{b}.3",
            f"agv{n}_unload",
            "BOOL",
            "output",
            d,
            f"agv{n}_unload",
            f"run AGV {n}'s deck rollers: its load rolls off after the unload time (onto the drop stand "
            "when the AGV stands there, else onto the floor)",
        ),
        IOPoint(
            f"%QX{b}.4",
            f"agv{n}_reset",
            "BOOL",
            "output",
            d,
            f"agv{n}_reset",
            f"rising edge clears AGV {n}'s bumper fault",
        ),
        IOPoint(
            f"%QW{b}",
            f"agv{n}_target",
            "INT",
            "output",
            d,
            f"agv{n}_target",
            f"where AGV {n} drives to and stops (a path position; it is always reached forward, round the "
            "loop; a new value takes effect at once, also while it drives)",
            "mm",
            f"0..{int(LOOP_MM) - 1}",
        ),
    )


IO = (
    *_agv_io(1),
    *_agv_io(2),
    *(
        IOPoint(
            f"%IX2.{n - 1}",
            f"request_{n}",
            "BOOL",
            "input",
            f"station_{n}",
            "request",
            f"Station {n} has a load ready for an AGV: TRUE from then until its arm has pushed the load "
            "onto the AGV (it drops before the arm is back home)",
        )
        for n in (1, 2, 3)
    ),
    *(
        IOPoint(
            f"%IX2.{n + 2}",
            f"arm_inside_{n}",
            "BOOL",
            "input",
            f"station_{n}",
            "arm_inside",
            f"Station {n}'s arm is out of its home position, in the AGV path",
        )
        for n in (1, 2, 3)
    ),
    *(
        IOPoint(
            f"%QX2.{n - 1}",
            f"grant_{n}",
            "BOOL",
            "output",
            f"station_{n}",
            "grant",
            f"Grant station {n}: while TRUE and requesting, its arm reaches in and pushes its load onto the "
            "AGV standing there (taking the grant away before its request drops aborts the push: the arm "
            "goes home, the load stays)",
        )
        for n in (1, 2, 3)
    ),
)

PLANT = (
    f"A one-way guide loop of {LOOP_MM:g} mm (path position 0 at the start of block 1, rising in the "
    f"driving direction) in {BLOCKS} blocks of {BLOCK_MM:g} mm: block k covers {BLOCK_MM:g}*(k-1) to "
    f"{BLOCK_MM:g}*k mm. Stations 1, 2 and 3 stand beside the loop at {STATION_MM[0]:g}, {STATION_MM[1]:g} "
    f"and {STATION_MM[2]:g} mm (blocks 1, 2 and 4), the drop stand at {DROP_MM:g} mm (block 5). The "
    f"charger siding leaves the loop at {DIVERGE_MM:g} mm (the end of block 5), runs beside block 6 and "
    f"merges back into the loop at 0 mm (the start of block 1); its charger is at {CHARGER_MM:g} mm. Two "
    f"AGVs, {AGV_MM:g} mm long, drive forward only; an AGV's position is its front (reported to the "
    f"nearest mm), its body covers the {AGV_MM:g} mm behind it; a front standing exactly on a block's "
    "start is not in that block yet. Each AGV has its own speed (600-1200 mm/s) and acceleration "
    "(600-1500 mm/s^2, braking alike); it stops exactly on its target, and once standing within "
    f"{TOL_MM:g} mm of it, it is in position and does not creep. Its battery drains while it drives "
    "(0.8-2.0 % per metre, each AGV its own rate, not known in advance); at 0 % it stops. The charger "
    "charges 3-8 % per second (not known in advance) up to 100 %. Each station raises its request when "
    "a load is ready; when granted it reaches in with its arm (0.3-0.8 s), pushes the load onto whatever "
    "stands in front of it (1-2.5 s), drops its request and retracts its arm; a station acts on its grant "
    "alone and does not check for an AGV. An AGV's deck rollers roll its load off in 1-2 s."
)

SPEC = f"""\
1. Dispatch the jobs: a job is one load, from its station's request until it is rolled off onto the drop
stand. Send an empty AGV to a requesting station; stop it there (agvN_arrived with the target at the
station); grant the station; keep the AGV still and the grant on until the request drops, then switch the
grant off; the AGV stays until the station's arm is home. Drive it to the drop stand and stop it there,
run its deck rollers (agvN_unload) until agvN_loaded drops, then switch them off.
2. Each job must be delivered within {JOB_S:g} s of its request (a load on board at power-up within
{JOB_S:g} s of power-up). Stations ask at times not known in advance, some late, some again soon after
being served; 2-4 loads per station, 9 in all (plus a load on board at power-up in some runs).
3. Blocks: never let two AGVs be in one block (the siding is a block of its own). Reserve a block for an
AGV before it can enter it and give its target no further than the end of its reserved blocks: an AGV
drives on to its target once sent, so a block ahead must be free (and stay reserved) before the target
reaches into it. Both a loop AGV in block 6 and an AGV leaving the siding enter block 1.
4. Batteries: an AGV's battery must never fall below {LOW_PCT:g} %. Under {CHARGE_AT_PCT:g} % (or when its
next job and the way back to the charger would take it below {LOW_PCT:g} %) send it to charge: empty, set
agvN_siding before its front passes {DIVERGE_MM:g} mm, stop it at the charger ({CHARGER_MM:g} mm) and set
agvN_charge; only one AGV fits on the siding. Charging takes time the jobs may not have: charge as much as
the jobs allow.
5. AGV 2 (or AGV 1) may report a bumper fault at any time; it stops at once where it is. Reset it
(rising edge of agvN_reset with agvN_go off), then send it on with a new rising edge of agvN_go.
6. At power-up an AGV may stand anywhere on the loop or charging on the siding, with any battery from
15 % to 90 %, and may carry a load (deliver it first).
7. When every job is delivered, stop both AGVs (anywhere), every grant off."""

PARAMETERS = (
    ParameterRange("speed", 600.0, 1200.0, "mm/s", "each AGV's driving speed", keys=("speed_1", "speed_2")),
    ParameterRange(
        "accel", 600.0, 1500.0, "mm/s^2", "each AGV's acceleration and braking", keys=("accel_1", "accel_2")
    ),
    ParameterRange(
        "drain", 0.8, 2.0, "%/m", "each AGV's battery drain per metre driven", keys=("drain_1", "drain_2")
    ),
    ParameterRange(
        "battery", 15.0, 90.0, "%", "each AGV's battery at power-up", keys=("battery_1", "battery_2")
    ),
    ParameterRange(
        "start_mm",
        0.0,
        LOOP_MM - 1.0,
        "mm",
        "each AGV's position at power-up",
        keys=("start_1_mm", "start_2_mm"),
    ),
    ParameterRange("charge_rate", 3.0, 8.0, "%/s", "the charger's rate"),
    ParameterRange("arm_time_s", 0.3, 0.8, "s", "a station arm's stroke time"),
    ParameterRange(
        "work_s", 1.0, 2.5, "s", "a station's push time", keys=("work_1_s", "work_2_s", "work_3_s")
    ),
    ParameterRange("unload_s", 1.0, 2.0, "s", "an AGV's roll-off time"),
    ParameterRange("regap_s", 1.0, 3.0, "s", "shortest time from a station's request dropping to its next"),
    ParameterRange("fault_2_s", 0.0, 50.0, "s", "when AGV 2's bumper fault comes (0 = none)"),
)

TASK = Task(
    id="MAT-H11",
    title="AGV pair with blocks and a charger",
    suite="MAT",
    level="H",
    summary="Dispatch two AGVs on a blocked one-way loop to carry 9 loads from three stations to a drop "
    "stand, each within 50 s: reserve blocks, share the charger siding, keep both batteries above 10 %.",
    plant_description=PLANT,
    specification=SPEC,
    io=IO,
    completion=COMPLETION,
    safety_rules=SAFETY,
    parameters=PARAMETERS,
    conditions=CONDITIONS,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    condition_defaults=DEFAULTS,
    judged_devices=Cell,
    sampler=sample_condition,
)
