"""MOT-H10 Plating-line hoist scheduling.

One trolley hoist serves a plating line: a load stand, six plating tanks in a row and an unload
stand. Every carrier (a rack of parts) is a job of its own: taken from the load stand, lowered
into a free tank, left under the liquid for its own immersion window (min..max), lifted out,
left to drip over its tank, carried to the unload stand. The jobs share the one hoist, and the
windows are two-sided: a carrier lifted out before its min is scrap, one left in past its max
is scrap. A greedy program that takes the next carrier from the load stand as soon as it is
loaded (first come, first served) is carrying it while a carrier in a tank runs past its max,
or puts two carriers in whose windows then fall together: the hoist must look ahead (a load
takes 8-16 s, an unload 10-20 s; a window's slack is 5-12 s). Start states to discover: carriers
part way through their plating in tanks, a plated carrier hanging on the hook (carried to the
unload stand before anything else), the hoist down at a place, stored drive faults.

Each job is judged on its own: every carrier's immersion against its own window (S1, and the
completion's copy of it ends the run at the first miss), every loaded carrier lifted off the
stand within LOAD_WAIT_S (a program that holds loads back for ever, or deadlocks, fails there),
every carrier out of its liquid at the unload stand within OUT_WITHIN_S.

Catalog deviations (why): the catalog's PushButton Loaded is the load stand's own signal
`carrier_loaded` (the operator's confirmation; a separate button would add nothing the program
could act on); four carriers a run, not six (those in tanks or on the hook at power-up count
among them), and windows min 15-40 s with slack 5-12 s instead of "windows 5-40 s": a window
shorter than the hoist's own unload could be met by no program, six carriers with these windows
would make every run several minutes of plant time (the test-suite budget); the load wait is
75 s because with one hoist and windows this long a carrier may have to wait for two unloads
and a load before it can go in without colliding with another's window.

Time limit 220 s: the slowest correct run found is 199 s (correct/second_correct.st on sampled
condition 82 of `bench.sweep`-style seed 1; the reference's slowest registered 179 s, in
long_platings_back_to_back), so the limit is that plus about 10 %. Failing programs seldom reach
it: every per-job deadline, S1's windows and the other rules end the run at the first miss (MissEndsTheRun).

Hard round (what a careful program written from the prompt alone still got wrong): it could
play safe and serve one carrier at a time (a load only once every tank is empty, or only when the
new window cannot come near another's), and that earned 1 on every condition registered then
(counterexamples/serial_patient.st: 5 of 5). Nothing in the published ranges forbids the corner
where it cannot: every carrier near the top of the min range on the slowest drives. One at a time,
each carrier then costs the hoist some 63 s (fetch, 38-40 s under, lift, drip, 2450 mm to the
unload stand, set down, 2900 mm back), four of them 250 s or more, past the 220 s limit however
tightly the serial moves are programmed; the windows must overlap, with each new carrier put in
where its unload will not fall on another's. long_platings_back_to_back and
long_platings_from_the_load_stand register that corner: the reference and second_correct finish
both in 171-180 s (each lift-off within 70 s), serial_patient.st and the old blind-written program
get 3 of 4 carriers out by 220 s, greedy_fifo.st leaves a carrier past its max (S1), and so does
one_step_lookahead.st, which overlaps the platings but checks a load only against the carriers
already in, never where the new carrier's own window falls. The time limit
is the line's stated throughput, set by the program's scheduling here, not by the plant's pace:
the loads come only as fast as the hoist takes them. Spec item 4 now says what must hold for
every carrier at once (window, lift-off, out-within, the time limit) instead of telling the
program to plan; the reference and second_correct plan the load wait against the stated 75 s
(they used 90 s and 89 s, a limit the prompt never gave; no registered result changed).

S5 (the hoist moves only held by its drive with the brake open: no drag through the gripping
brake, no sag) was added after review: a serial schedule that never released the brake earned 1
(counterexamples/serial_drag.st), spec item 1 being judged by nothing. It is judged from the
hoist's own record (tasks.common.lift_not_held, as MOT-M13 and MAT-H13); the reference and the
second program drag and sag 0 mm in every registered and sampled condition (seed 1, 200).

four_loads_in_eight_seconds (registered 2026-12-04) is sampled condition 103 of seed 7 as drawn:
the program written blind from the round-2 prompt, which had earned 1 (7 of 7), passed 198 of
200 sampled conditions of seed 7 and there left the fourth carrier on the load stand past its
75 s: it commits only to loads whose every window keeps a margin under pessimistic move times,
and with four loads in 8 s and tight windows no such plan comes in time. The reference (done at
121 s) and second_correct (142 s) pass it; that program is now counterexamples/prompt_only.st.

A defect hunt (2026-12-04, about 1,900 draws pushed to range ends) found the sampler drawing
starts no program could meet, all with a carrier on the hook at power-up (unloaded before any
tank is reached: 16.6 s at the slowest drives, by a probe that starts every move at the first
scan allowed): REACH_WORST_S is 18 s (it was 16), and two carriers in tanks are drawn 22 s apart
from when the first can come out (its min, or REACH_WORST_S), not from its min alone.
"""

from __future__ import annotations

from sim import judges
from sim.devices.axis import Axis
from sim.devices.plating_line import HoistAxis, PlatingLine, PlatingTank
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, axis_io, lift_not_held, store_drive_fault

LOAD_MM = 200.0
TANK_MM = (650.0, 1050.0, 1450.0, 1850.0, 2250.0, 2650.0)
UNLOAD_MM = 3100.0
PLACES = (LOAD_MM, *TANK_MM, UNLOAD_MM)
UP_MM = 700.0             # the hoist's top
CLEAR_MM = 690.0          # at or above: the carrier clears every tank and stand
LIQUID_MM = 380.0         # a carrier below this over a tank is under the liquid
RIM_MM = 520.0
AT_MM = 3.0               # the trolley stands at a place: at rest within this of it
DRIP_S = 3.0
LOAD_WAIT_S = 75.0        # a loaded carrier is lifted off the stand within this
OUT_WITHIN_S = 20.0       # a carrier out of its liquid is set down at the unload stand within this
HOLD_S = 1.0
DRAG_MM = 0.5             # S5: travel through the gripping brake allowed (none in a correct run)
SAG_MM = 1.0              # S5: fall allowed with the brake open and no drive torque
CARRIERS = 4
TIME_LIMIT_S = 220.0
ORIGIN = (0.0, 0.0)       # the tank floors' level; the trolley rail above
RAIL_Y = 1250.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Axis(
        "trolley", origin=(ORIGIN[0], ORIGIN[1] + RAIL_Y), angle_deg=0.0, limit_minus_mm=-5.0,
        limit_plus_mm=3250.0, rail_min_mm=-60.0, rail_max_mm=3300.0, home_mm=LOAD_MM,
        start_mm=p["trolley_start_mm"],
        max_speed=p["trolley_speed"], accel=p["trolley_accel"], window_mm=1.0, settle_s=0.05,
        carriage_length_mm=220.0, carriage_width_mm=80.0, rail_width_mm=40.0, label="trolley",
        color="#e69138"))
    plant.add(HoistAxis(
        "hoist", trolley="trolley", base_y=ORIGIN[1], limit_minus_mm=-5.0, limit_plus_mm=720.0,
        rail_min_mm=-10.0, rail_max_mm=1150.0, home_mm=UP_MM, start_mm=p["hoist_start_mm"],
        max_speed=p["hoist_speed"], accel=p["hoist_accel"], window_mm=1.0, settle_s=0.05,
        brake_s=p["brake_s"], torque_s=p["brake_s"], load_kg=60.0, carriage_kg=40.0,
        carriage_length_mm=60.0, carriage_width_mm=120.0, rail_width_mm=16.0, label="hoist", color="#3c78d8"))
    fault = p.get("fault_at_start", 0)
    if fault in (1, 3):
        store_drive_fault(plant["trolley"])
    if fault in (2, 3):
        store_drive_fault(plant["hoist"])
    for n, at in enumerate(TANK_MM, 1):
        plant.add(PlatingTank(f"tank_{n}", n, at, x=ORIGIN[0] + at, y=ORIGIN[1], liquid_mm=LIQUID_MM))
    mins, slacks = p["min_s"], p["slack_s"]
    pre = tuple(p.get("preload_tanks", ()))
    windows = [(mins[k], round(mins[k] + slacks[k], 1)) for k in range(CARRIERS)]
    preloaded = {t - 1: (p["preload_elapsed_s"][k], *windows[k]) for k, t in enumerate(pre)}
    hooked = p.get("hooked_at_start", 0)
    gaps = (0.0, *p["gap_s"])
    first = len(pre) + hooked
    orders = tuple((gaps[k], *windows[first + k]) for k in range(CARRIERS - first))
    on_hook = (2, *windows[len(pre)]) if hooked else None
    plant.add(PlatingLine(
        "line", trolley="trolley", hoist="hoist", tanks=tuple(f"tank_{n}" for n in range(1, 7)),
        load_mm=LOAD_MM, unload_mm=UNLOAD_MM, orders=orders, first_s=p["first_s"], preloaded=preloaded,
        hooked_at_start=on_hook,
        hook_s=p["hook_s"], at_mm=AT_MM, bottom_mm=3.0, liquid_mm=LIQUID_MM, rim_mm=RIM_MM,
        x=ORIGIN[0], y=ORIGIN[1]))
    return plant


# --- judges -------------------------------------------------------------------------------

class _Judged:
    """The devices the judges read (s.devices)."""

    def __init__(self, plant: Plant):
        self.line = plant.device("line", PlatingLine)
        self.trolley = plant.device("trolley", Axis)
        self.hoist = plant.device("hoist", HoistAxis)


def _parked(s) -> bool:
    d = s.devices
    return (abs(d.trolley.pos - LOAD_MM) <= AT_MM and d.trolley.standstill and d.hoist.pos >= CLEAR_MM
            and d.hoist.standstill and d.line.hooked is None)


class _Windows(judges.Monitor):
    """S1 on every scan, per carrier: under the liquid no longer than its max, out of it no
    sooner than its min, under only once, and plated before it reaches the unload stand. Its
    own judge: immersions are the plating line's records (sim.devices.plating_line), no shared
    judge reads them."""

    def __init__(self):
        self.settled: set[int] = set()      # carriers out at the unload stand, found plated right

    def check(self, s):
        for c in s.devices.line.carriers:
            if c.number in self.settled or (c.tank is None and not c.immersions):
                if c.out_at is not None and not c.immersions:
                    return f"carrier {c.number} reached the unload stand without being plated"
                continue
            if c.tank is not None and c.immersed_s > c.max_s + 1e-6:
                return (f"carrier {c.number} has been under the liquid of tank {c.tank + 1} for more than "
                        f"its max {c.max_s:g} s")
            done = c.immersions if c.tank is None else c.immersions[:-1]
            if len(c.immersions) > 1:
                return (f"carrier {c.number} went under the liquid a second time "
                        f"(tank {c.immersions[-1][0] + 1})")
            if done and done[0][2] < c.min_s - 1e-6:
                return (f"carrier {c.number} came out of tank {done[0][0] + 1} after {done[0][2]:.2f} s, "
                        f"before its min {c.min_s:g} s")
            if c.out_at is not None:
                self.settled.add(c.number)
        return None


class _Traverse(judges.Monitor):
    """S2 from position: the trolley moves only with the hoist up; the hoist is down only at a place."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        d = s.devices
        x, z = d.trolley.pos, d.hoist.pos
        moved = self.last is not None and abs(x - self.last) > 1e-6
        self.last = x
        if z < CLEAR_MM and moved:
            return f"the trolley moved at {x:.1f} mm with the hoist at {z:.1f} mm, below {CLEAR_MM:g} mm"
        if z < CLEAR_MM and d.line.place_near(AT_MM) is None:
            return f"the hoist was at {z:.1f} mm with the trolley at {x:.1f} mm, at no place"
        return None


def _collision(s):
    found = s.devices.line.collisions
    return found[0] if found else None


def _unheld(s):
    """S5 from the hoist's own record (tasks.common.lift_not_held, as MOT-M13 and MAT-H13 judge
    their lifts): travel through the gripping brake, or a fall with neither brake nor torque."""
    found = lift_not_held(s.devices.hoist, DRAG_MM, SAG_MM)
    return found and found.replace("the lift", "the hoist", 1)


def _drip(s):
    d = s.devices
    c = d.line.hooked
    if c is None or c.left_liquid_at is None or c.out_at is not None:
        return None
    if s.time_ms / 1000.0 - c.left_liquid_at < DRIP_S - 1e-6 and abs(d.trolley.pos - c.left_mm) > 1.0:
        return (f"carrier {c.number} left its tank's liquid at {c.left_liquid_at:.2f} s and the trolley "
                f"moved "
                f"away before it had dripped {DRIP_S:g} s")
    return None


class _LoadWait(judges.Watch):
    """Each loaded carrier lifted off the stand within LOAD_WAIT_S: the wait clock stops only when
    the carrier itself leaves the stand (judges.waits_at_most, served by the plant's own record)."""

    def __init__(self):
        self.clock = judges.waits_at_most(
            LOAD_WAIT_S, [("the carrier on the load stand", lambda s: s.devices.line.stand is not None,
                           lambda s: s.devices.line.stand is None)],
            message=lambda name, limit: f"{name} waited more than {limit:g} s to be taken")

    def check(self, s):
        return self.clock.check(s)


class _OutWithin(judges.Watch):
    """Each carrier lifted out of its liquid is set down at the unload stand within OUT_WITHIN_S
    (a carrier kept on the hook blocks every other job)."""

    def check(self, s):
        now = s.time_ms / 1000.0
        line = s.devices.line
        for c in (line.hooked, line.stand):     # where a carrier out of its liquid can be (or out)
            if (c is not None and c.left_liquid_at is not None and c.out_at is None and c.tank is None
                    and now - c.left_liquid_at > OUT_WITHIN_S):
                return (f"carrier {c.number} came out of its tank at {c.left_liquid_at:.2f} s and was not at "
                        f"the unload stand {OUT_WITHIN_S:g} s later")
        return None


class _InWindow(judges.Watch):
    """The completion's own copy of S1 (every carrier plated inside its window): a carrier plated
    outside its window can no longer be plated right, so the run ends there (MissEndsTheRun)
    instead of running on to the time limit; S1 itself still reports the violation."""

    def __init__(self):
        self.windows = _Windows()

    def check(self, s):
        return self.windows.check(s)


class _Rule(judges.Watch):
    """A safety rule's monitor watching the completion too: a violation settles the verdict, so the
    run ends there (MissEndsTheRun) instead of running on to the time limit."""

    def __init__(self, check):
        self.rule = check

    def check(self, s):
        return self.rule(s)


def _completion():
    return MissEndsTheRun(judges.watched(judges.in_order(
        judges.distinct("every carrier plated and at the unload stand",
                        lambda s: [c.number for c in s.devices.line.out], lambda s: s.devices.line.total),
        judges.held("trolley parked at the load stand, hoist up, hook empty", _parked, HOLD_S),
    ), _InWindow(), _Rule(_Traverse()), _Rule(_collision), _Rule(_drip), _Rule(_unheld), _LoadWait(),
        _OutWithin(),
        name="every carrier plated in its window and out"))


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    params.setdefault("preload_tanks", ())
    params.setdefault("preload_elapsed_s", ())
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("brisk_empty_line", 1001, "quick trolley and hoist, empty tanks, loads close together",
          trolley_speed=1400.0, trolley_accel=2300.0, hoist_speed=750.0, hoist_accel=2800.0, hook_s=0.25,
          brake_s=0.12, trolley_start_mm=LOAD_MM, hoist_start_mm=UP_MM, first_s=1.0,
          gap_s=(2.0, 0.5, 6.0), min_s=(28.0, 16.0, 34.0, 20.0), slack_s=(6.0, 5.0, 9.0, 5.5)),
    _cond("two_in_tanks", 1002, "carriers in tanks 2 and 5 at power-up, 6 s and 13 s into plating; "
          "trolley between tanks, hoist half down", trolley_speed=1000.0, trolley_accel=1300.0,
          hoist_speed=550.0, hoist_accel=2000.0, hook_s=0.4, brake_s=0.2, trolley_start_mm=1450.0,
          hoist_start_mm=350.0, first_s=0.5, preload_tanks=(2, 5), preload_elapsed_s=(6.0, 13.0),
          gap_s=(1.0,), min_s=(38.0, 24.0, 30.0, 18.0), slack_s=(8.0, 6.0, 5.0, 8.0)),
    _cond("slow_hoist_tight", 1003, "slow soft hoist holding a plated carrier at power-up, tight windows, "
          "a stored hoist drive fault", trolley_speed=820.0, trolley_accel=1050.0, hoist_speed=410.0,
          hoist_accel=1550.0, hook_s=0.48, brake_s=0.28, trolley_start_mm=2900.0, hoist_start_mm=UP_MM,
          first_s=3.0, fault_at_start=2, hooked_at_start=1,
          gap_s=(0.0, 2.0), min_s=(30.0, 36.0, 17.0, 25.0), slack_s=(5.0, 5.0, 5.5, 5.0)),
    _cond("late_orders", 1004, "a carrier in tank 1 at 14 s; loads late and far apart; both drives "
          "faulted at power-up", trolley_speed=1200.0, trolley_accel=1800.0, hoist_speed=650.0,
          hoist_accel=1700.0, hook_s=0.3, brake_s=0.15, trolley_start_mm=3000.0, hoist_start_mm=UP_MM,
          first_s=9.0, fault_at_start=3, preload_tanks=(1,), preload_elapsed_s=(14.0,),
          gap_s=(15.0, 18.0), min_s=(26.0, 40.0, 15.0, 32.0), slack_s=(5.0, 10.0, 5.0, 6.0)),
    _cond("long_then_short", 1005, "a carrier on the hook and one in tank 6 at power-up; a long plating "
          "loaded first, a short one behind it: their windows fall together", trolley_speed=900.0,
          trolley_accel=1100.0, hoist_speed=480.0, hoist_accel=1600.0, hook_s=0.45, brake_s=0.25,
          trolley_start_mm=650.0, hoist_start_mm=UP_MM, first_s=0.2, preload_tanks=(6,),
          preload_elapsed_s=(2.0,), hooked_at_start=1,
          gap_s=(0.0,), min_s=(34.0, 20.0, 38.0, 16.0), slack_s=(5.0, 6.0, 6.0, 5.5)),
    # round 3: every carrier near the top of the min range on the slowest published drives. One at a
    # time, each carrier costs the hoist some 63 s (load, 38-40 s under, drip, unload, back), four of
    # them 250 s or more: past the 220 s limit, whichever way it is programmed. The windows must overlap.
    _cond("long_platings_back_to_back", 1006, "four long platings (min 38-40 s) loaded back to back on the "
          "slowest drives, both faulted, trolley at the unload stand", trolley_speed=800.0,
          trolley_accel=1000.0, hoist_speed=400.0, hoist_accel=1500.0, hook_s=0.5, brake_s=0.3,
          trolley_start_mm=UNLOAD_MM, hoist_start_mm=UP_MM, first_s=10.0, fault_at_start=3,
          gap_s=(0.0, 0.5, 0.0), min_s=(40.0, 39.0, 40.0, 38.0), slack_s=(8.0, 12.0, 6.0, 10.0)),
    _cond("long_platings_from_the_load_stand", 1007, "four long platings (min 37-40 s) a few seconds apart "
          "on the slowest drives, a stored trolley fault, trolley at the load stand", trolley_speed=800.0,
          trolley_accel=1000.0, hoist_speed=400.0, hoist_accel=1500.0, hook_s=0.5, brake_s=0.3,
          trolley_start_mm=LOAD_MM, hoist_start_mm=UP_MM, first_s=6.0, fault_at_start=1,
          gap_s=(2.0, 1.0, 3.0), min_s=(37.0, 40.0, 39.0, 40.0), slack_s=(11.0, 7.0, 9.0, 6.0)),
    # sampled_7_103 as drawn (seed 7, condition 103): see the docstring's last paragraph
    _cond("four_loads_in_eight_seconds", 731363691, "four loads 6.4-14.3 s after power-up, two long "
          "platings first, then two short ones with tight windows; trolley at tank 1", trolley_speed=991,
          trolley_accel=2153, hoist_speed=542, hoist_accel=2270, hook_s=0.3, brake_s=0.14,
          trolley_start_mm=650.0, hoist_start_mm=UP_MM, first_s=6.4, fault_at_start=0,
          gap_s=(3.0, 2.1, 2.8), min_s=(26.2, 26.9, 19.6, 16.1), slack_s=(5.1, 8.8, 6.3, 10.1)),
)

UNLOAD_WORST_S = 22.0     # an unload and the way to the next tank, slowest published drives
# from power-up to a carrier in a tank lifted out, with one on the hook unloaded first: 16.6 s at
# the slowest drives from the load stand end (a probe moving at every first allowed scan, 2026-12-04;
# it was 16 s, and a draw with 4 s of its window left before the tank failed every program)
REACH_WORST_S = 18.0


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample). Every parameter is drawn over
    its whole range, independently, except where the physics ties them: the hoist starts up
    unless the trolley starts standing at a place (a hoist down between places cannot be) and
    always with a carrier on the hook; the carriers in tanks at power-up lie in distinct tanks,
    with at least REACH_WORST_S left to their max (0-15 s into plating, drawn jointly with the
    window: no program could reach one sooner from every start), and two of them are redrawn until
    one hoist can serve both (the later max at least UNLOAD_WORST_S after the earlier one can come
    out: its min, or REACH_WORST_S from power-up if that is later: with a carrier on the hook the
    first tank is reached only after its unload)."""
    hooked = int(rng.random() < 0.35)
    at_place = rng.random() < 0.5
    trolley_start = rng.choice(PLACES) if at_place else round(rng.uniform(0.0, UNLOAD_MM), 1)
    low = at_place and not hooked and rng.random() < 0.6
    hoist_start = round(rng.uniform(0.0, UP_MM), 1) if low else UP_MM
    n_pre = rng.choice((0, 1, 1, 2))
    pre = tuple(sorted(rng.sample(range(1, 7), n_pre)))
    while True:
        mins = tuple(round(rng.uniform(15.0, 40.0), 1) for _ in range(CARRIERS))
        slacks = tuple(round(rng.uniform(5.0, 12.0), 1) for _ in range(CARRIERS))
        elapsed = tuple(round(rng.uniform(0.0, min(15.0, mins[k] + slacks[k] - REACH_WORST_S)), 1)
                        for k in range(n_pre))
        if n_pre < 2:
            break
        due = sorted((mins[k] + slacks[k] - elapsed[k], mins[k] - elapsed[k]) for k in range(2))
        if due[1][0] - max(due[0][1], REACH_WORST_S) >= UNLOAD_WORST_S:
            break
    params = {
        "trolley_speed": round(rng.uniform(800.0, 1500.0)),
        "trolley_accel": round(rng.uniform(1000.0, 2500.0)),
        "hoist_speed": round(rng.uniform(400.0, 800.0)), "hoist_accel": round(rng.uniform(1500.0, 3000.0)),
        "hook_s": round(rng.uniform(0.2, 0.5), 2), "brake_s": round(rng.uniform(0.1, 0.3), 2),
        "trolley_start_mm": trolley_start, "hoist_start_mm": hoist_start, "hooked_at_start": hooked,
        "first_s": round(rng.uniform(0.0, 10.0), 1), "fault_at_start": rng.choice((0, 0, 1, 2, 3)),
        "preload_tanks": pre, "preload_elapsed_s": elapsed,
        "gap_s": tuple(round(rng.uniform(0.0, 20.0) if rng.random() < 0.5 else rng.uniform(0.0, 3.0), 1)
                       for _ in range(CARRIERS - n_pre - hooked - 1)),
        "min_s": mins, "slack_s": slacks,
    }
    description = (f"{n_pre} carrier(s) in tanks{' and one on the hook' if hooked else ''} at power-up, "
                   f"trolley from {trolley_start:g} mm, hoist {params['hoist_speed']} mm/s")
    return {"params": params, "description": description}


# --- I/O -------------------------------------------------------------------------------------

def _tank_io() -> tuple[IOPoint, ...]:
    out = []
    for n in range(1, 7):
        out.append(IOPoint(f"%IX2.{n - 1}", f"tank_occupied_{n}", "BOOL", "input", f"tank_{n}", "occupied",
                           f"Tank {n} ({TANK_MM[n - 1]:g} mm): TRUE while a carrier is under its liquid "
                           "(from "
                           "going under until it is lifted out of the liquid)"))
    for n in range(1, 7):
        out.append(IOPoint(f"%IW{3 + n}", f"tank_elapsed_{n}", "INT", "input", f"tank_{n}", "elapsed",
                           f"Immersion time so far of the carrier in tank {n} (0 while empty)", "0.1 s",
                           "0..32767"))
    for n in range(1, 7):
        out.append(IOPoint(f"%IW{9 + n}", f"tank_min_{n}", "INT", "input", f"tank_{n}", "window_min",
                           f"Immersion window of the carrier in tank {n}: its min (0 while empty)", "0.1 s",
                           "0..600"))
    for n in range(1, 7):
        out.append(IOPoint(f"%IW{15 + n}", f"tank_max_{n}", "INT", "input", f"tank_{n}", "window_max",
                           f"Immersion window of the carrier in tank {n}: its max (0 while empty)", "0.1 s",
                           "0..600"))
    return tuple(out)


IO = (
    *axis_io("trolley", ("%IX0.0", "drive_ready"), ("%IX0.1", "in_position"), ("%IX0.2", "standstill"),
             ("%IX0.3", "drive_fault"), what="trolley", prefix="trolley_", window_mm=1.0),
    *axis_io("hoist", ("%IX0.4", "drive_ready"), ("%IX0.5", "in_position"), ("%IX0.6", "standstill"),
             ("%IX0.7", "drive_fault"), ("%IX1.0", "torque_ok"), ("%IX1.1", "brake_open"), what="hoist",
             prefix="hoist_", window_mm=1.0),
    IOPoint("%IX1.2", "carrier_on_hook", "BOOL", "input", "line", "carrier_on_hook",
            "TRUE while a carrier hangs on the hoist's hook"),
    IOPoint("%IX1.3", "carrier_loaded", "BOOL", "input", "line", "carrier_loaded",
            "TRUE while a carrier the operator has loaded waits on the load stand (until it is lifted off)"),
    IOPoint("%IW0", "trolley_position", "INT", "input", "trolley", "position",
            "Actual trolley position along the rail", "0.1 mm", "-50..32600"),
    IOPoint("%IW1", "hoist_position", "INT", "input", "hoist", "position",
            "Actual hook height above the tank floors (0 = at the bottom)", "0.1 mm", "-50..7200"),
    IOPoint("%IW2", "load_min", "INT", "input", "line", "load_min",
            "Immersion window of the carrier on the load stand: its min (0 while none)", "0.1 s", "0..600"),
    IOPoint("%IW3", "load_max", "INT", "input", "line", "load_max",
            "Immersion window of the carrier on the load stand: its max (0 while none)", "0.1 s", "0..600"),
    *_tank_io(),
    IOPoint("%IW22", "carriers_out", "INT", "input", "line", "carriers_out",
            "How many carriers have been set down at the unload stand so far", "", "0..10"),
    IOPoint("%QX0.0", "trolley_enable", "BOOL", "output", "trolley", "enable",
            "TRUE enables the trolley drive (FALSE: it brakes to a stop)"),
    IOPoint("%QX0.1", "trolley_start", "BOOL", "output", "trolley", "start",
            "Rising edge starts a trolley move to trolley_target (also while moving: re-targets)"),
    *axis_io("trolley", ("%QX0.2", "reset_fault"), what="trolley", prefix="trolley_"),
    IOPoint("%QW0", "trolley_target", "INT", "output", "trolley", "target",
            "Target of the next trolley move, taken at the trolley_start edge", "0.1 mm", "0..32000"),
    IOPoint("%QX0.3", "hoist_enable", "BOOL", "output", "hoist", "enable",
            "TRUE enables the hoist drive (it builds torque, then holds the hook); FALSE: no torque at once"),
    IOPoint("%QX0.4", "hoist_start", "BOOL", "output", "hoist", "start",
            "Rising edge starts a hoist move to hoist_target (ignored unless hoist_torque_ok)"),
    *axis_io("hoist", ("%QX0.5", "reset_fault"), ("%QX0.6", "brake_release"), what="hoist", prefix="hoist_"),
    IOPoint("%QW1", "hoist_target", "INT", "output", "hoist", "target",
            "Target height of the next hoist move, taken at the hoist_start edge", "0.1 mm", "0..7000"),
    IOPoint("%QX0.7", "hook", "BOOL", "output", "line", "hook",
            "TRUE closes the hook, FALSE opens it; it acts only with the hoist at rest at the bottom "
            "(at or below 3 mm) and the trolley at rest at a place: closing takes the carrier standing "
            "there, opening sets the carrier on the hook down there, each after the hook's time "
            "(watch carrier_on_hook); above the bottom the carrier's weight keeps the hook shut"),
)

PLANT = (
    "Side view of a plating line. An overhead rail carries a trolley (servo axis, positions along the "
    f"rail in mm): the load stand at {LOAD_MM:g} mm, six plating tanks at "
    + ", ".join(f"{m:g}" for m in TANK_MM) +
    f" mm (tank 1 to 6) and the unload stand at {UNLOAD_MM:g} mm; limit switches at -5 mm and 3250 mm. "
    f"The trolley carries a hoist (a vertical servo axis, 0 mm = hook at the bottom of a tank or stand, "
    f"{UP_MM:g} mm = up) with a spring-applied holding brake that grips whenever its coil is off: with "
    "neither the brake gripping nor the drive's torque holding, the hook and its carrier fall. The hook "
    "takes one carrier (a rack of parts) at a time. A carrier hanging on the hook below "
    f"{LIQUID_MM:g} mm over a tank is under that tank's liquid; the tanks' rims and the stands are at "
    f"{RIM_MM:g} mm; at or above {CLEAR_MM:g} mm a carrier clears everything. The operator loads "
    "carriers onto the load stand one at a time, the next one some time after the last was lifted "
    "off (never while the hook is low over the stand); each carrier comes with its own immersion "
    "window (min and max time under the liquid). A "
    "carrier set down at the unload stand is taken away at once. Some tanks may hold a carrier "
    "already part way through its plating at power-up, and the hook may hold a carrier already plated "
    "and dripped (carry it to the unload stand); the trolley and hoist start anywhere (the hoist is "
    "only down where the trolley stands at a place, and up when it holds a carrier), and either drive "
    "may report a stored fault.")

SPEC = (
    "1. Clear stored drive faults, enable both drives; release the hoist's brake only once "
    "hoist_torque_ok is TRUE, move the hoist only once hoist_brake_open is TRUE, and keep the brake "
    "released while the hoist moves (rule S5).\n"
    "2. Plate every carrier: each carrier on the load stand is lifted off, lowered into an empty tank, "
    "left under the liquid for at least its min and at most its max immersion time (from going under "
    f"to coming out of the liquid), lifted out, left to drip over its tank at least {DRIP_S:g} s, carried "
    "to the unload stand and set down there. A carrier found on the hook at power-up goes straight to "
    "the unload stand. Carriers found in tanks at power-up are plated on from "
    "where they are (their elapsed time counts) and unloaded the same way. A carrier goes into one tank "
    "only (never a second immersion).\n"
    f"3. Move the trolley only with the hoist up (at or above {CLEAR_MM:g} mm); lower the hoist only with "
    f"the trolley standing at a place (at rest within {AT_MM:g} mm of it).\n"
    "4. One hoist serves every carrier, and for every carrier all of this holds at once, whatever the "
    "hoist is doing for the others: its immersion inside its own window, its lift-off from the load stand "
    f"within {LOAD_WAIT_S:g} s of being loaded, its arrival at the unload stand within {OUT_WITHIN_S:g} s of "
    "leaving its liquid; and the whole run (every carrier out, the trolley parked) is finished within the "
    f"time limit ({TIME_LIMIT_S:g} s). Move times, windows, load times and start states differ from run to "
    "run, anywhere inside the published ranges.\n"
    f"5. When nothing is left to do, park the trolley at the load stand ({LOAD_MM:g} mm) with the hoist "
    "up and the hook empty.")

TASK = Task(
    id="MOT-H10", title="Plating-line hoist scheduling", suite="MOT", level="H",
    summary="Schedule one trolley hoist over six plating tanks so that every carrier is plated inside its "
            "own two-sided immersion window, drips, and is out, while new carriers keep arriving.",
    plant_description=PLANT,
    specification=SPEC,
    io=IO,
    completion=Completion(
        "Every carrier of the run (those in tanks at power-up and every one the operator loads) is set "
        "down at the unload stand, plated once inside its window; meanwhile every loaded carrier was "
        f"lifted off the load stand within {LOAD_WAIT_S:g} s of being loaded and every carrier out of its "
        f"liquid reached the unload stand within {OUT_WITHIN_S:g} s; after that the trolley is at rest "
        f"within {AT_MM:g} mm of the load stand with the hoist at rest at or above {CLEAR_MM:g} mm and no "
        f"carrier on the hook, for {HOLD_S:g} s without a break.",
        _completion,
        keep=_parked,
        keep_wording=f"the trolley at rest within {AT_MM:g} mm of the load stand, the hoist at rest at or "
                     f"above {CLEAR_MM:g} mm, no carrier on the hook."),
    safety_rules=(
        SafetyRule("MOT-H10-S1", "Each carrier stays under the liquid at least its min and at most its max "
                   "immersion time, goes under only once, and reaches the unload stand only plated.",
                   _Windows()),
        SafetyRule("MOT-H10-S2", f"The trolley may move only with the hoist at or above {CLEAR_MM:g} mm, and "
                   f"the hoist may be below {CLEAR_MM:g} mm only with the trolley within {AT_MM:g} mm of a "
                   "place (load stand, a tank, unload stand).", _Traverse()),
        SafetyRule("MOT-H10-S3", f"A carrier may be lowered below the rims ({RIM_MM:g} mm) only into an "
                   "empty "
                   "tank or onto an empty stand, never onto another carrier.", _collision),
        SafetyRule("MOT-H10-S4", f"A carrier lifted out of a tank's liquid drips over that tank at least "
                   f"{DRIP_S:g} s before the trolley moves (more than 1 mm).", _drip),
        SafetyRule("MOT-H10-S5", "The hoist must not move with its brake gripping, nor fall unheld: it moves "
                   "only held by its drive's torque with the brake open (release it once hoist_torque_ok, "
                   f"wait for hoist_brake_open), no more than {DRAG_MM:g} mm of travel through the gripping "
                   f"brake, never sagging more than {SAG_MM:g} mm with the brake open and no drive torque.",
                   _unheld),
    ),
    parameters=(
        ParameterRange("trolley_speed", 800.0, 1500.0, "mm/s", "trolley drive's speed"),
        ParameterRange("trolley_accel", 1000.0, 2500.0, "mm/s^2", "trolley drive's acceleration"),
        ParameterRange("hoist_speed", 400.0, 800.0, "mm/s", "hoist drive's speed"),
        ParameterRange("hoist_accel", 1500.0, 3000.0, "mm/s^2", "hoist drive's acceleration"),
        ParameterRange("hook_s", 0.2, 0.5, "s", "time the hook takes to close on or let go of a carrier"),
        ParameterRange("brake_s", 0.1, 0.3, "s", "hoist brake's release (and grip) time, and the hoist "
                       "drive's torque build-up time"),
        ParameterRange("trolley_start_mm", 0.0, UNLOAD_MM, "mm", "trolley position at power-up"),
        ParameterRange("hoist_start_mm", 0.0, UP_MM, "mm", "hoist height at power-up"),
        ParameterRange("first_s", 0.0, 10.0, "s", "when the first carrier is loaded"),
        ParameterRange("gap_s", 0.0, 20.0, "s", "time from a carrier being lifted off the load stand to the "
                       "next being loaded"),
        ParameterRange("min_s", 15.0, 40.0, "s", "a carrier's min immersion time"),
        ParameterRange("slack_s", 5.0, 12.0, "s", "a carrier's max immersion time less its min"),
        ParameterRange("preload_tanks", 1, 6, "", "tanks holding a carrier at power-up (0 to 2 of them)"),
        ParameterRange("preload_elapsed_s", 0.0, 15.0, "s",
                       "how long such a carrier has been under at power-up"),
        ParameterRange("hooked_at_start", 0, 1, "", "1 = a plated carrier hangs on the hook at power-up"),
        ParameterRange("fault_at_start", 0, 3, "", "stored drive fault at power-up: 1 trolley, 2 hoist, "
                       "3 both"),
    ),
    conditions=CONDITIONS,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    condition_defaults={"fault_at_start": 0, "hooked_at_start": 0},
    judged_devices=_Judged,
    sampler=sample_condition,
)
