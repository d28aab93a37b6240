"""MAT-H03 Bidirectional single-lane conveyor.

Two independent jobs share one reversible lane: area A sends totes to area B and area B sends
totes to area A. Each area's totes wait in a queue (sim.devices.tote_queue.ToteQueue, NEW: a
Feeder whose head tote is pushed onto the lane while its Stopper is down and the drop place is
clear) and each area takes the totes that reach it off its own inbound belt (an InboundPicker,
NEW, a TakeAway that takes nothing while it stalls: its belt stands and totes queue against the
end stop, back to the full photo-eye at its entry and onto the lane).
The lane (a Conveyor, reversible) may change direction only with no tote aboard; a tote goes
onto the lane only toward the area it is for, and never toward a full inbound lane.

Judged per job: every tote of each area counts only when it reaches the other area's picker
(distinct names), and S3 is a per-area clock on the head tote of each queue (the tote that has
waited longest), so a program that serves one area and starves the other fails by 60 s, and a
deadlock (nothing moves) fails there too, well before the time limit. The S3 clock is written
here (not waits_at_most) because a queue's request does not drop between totes: the clock must
restart at the next head tote's own arrival, not at the moment the previous one left.

Numbers changed from the catalog: 8 totes each way (not 10), so a run at the slowest lane
stays under the time limit with the inbound stalls (10-20 s: long enough that a fixed timetable,
however long its drain, meets one with totes still held on the lane); the lane is 3 m long, so at 0.2 m/s a
transit takes about 14 s and reversing for every tote cannot keep up with arrivals 5-8 s apart
(the catalog's trap fails S3), while batching for a whole minute starves the other area.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.tote_queue import InboundPicker, ToteQueue
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import published_range

TOTES = 8                          # totes each way
LANE_LEN, LANE_W = 3000.0, 120.0
TOTE_L, TOTE_W = 140.0, 100.0
DROP_A, DROP_B = 200.0, 2800.0     # where each queue puts its totes onto the lane (x, mm)
EYE_A, EYE_B = 40.0, 2960.0        # lane end eyes
INBOUND_LEN = 300.0
FULL_AT = 40.0                     # full eye, mm into each inbound belt from the lane end
FULL_S = 1.0                       # a full eye TRUE this long without a break: the lane is full
FULL_ALLOW_S = 0.2                 # the stopper's rise after the program sees it full
WAIT_S = 60.0
INBOUND_SPEED = 300.0
PICK_MM = 80.0                     # a tote is picked once its centre is this close to the end stop


def _tote(name: str) -> dict:
    return dict(name=name, part_kind="tote", colour="blue" if name[0] == "A" else "orange",
                material="plastic", height_mm=200.0, width=TOTE_W, length=TOTE_L)


def _schedule(first: float, gaps, prefix: str) -> list[tuple[float, dict]]:
    out, t = [], float(first)
    for k, gap in enumerate([0.0, *gaps]):
        t += gap
        out.append((round(t, 2), _tote(f"{prefix}{k + 1}")))
    return out


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    lane = plant.add(Conveyor("lane", LANE_LEN / 2, 0, length=LANE_LEN, width=LANE_W, speed=p["lane_speed"],
                              max_speed=600.0, ramp_s=0.3,
                              guide_gaps=(("right", DROP_A - 90, DROP_A + 90), ("left", DROP_B - 90,
                                                                                  DROP_B + 90))))
    in_b = plant.add(Conveyor("inbound_b", LANE_LEN + INBOUND_LEN / 2, 0, length=INBOUND_LEN, width=LANE_W,
                              speed=INBOUND_SPEED, end_stop=True))
    in_a = plant.add(Conveyor("inbound_a", -INBOUND_LEN / 2, 0, length=INBOUND_LEN, width=LANE_W,
                              angle_deg=180.0, speed=INBOUND_SPEED, end_stop=True))
    # each picker's intake: the last stretch of its inbound belt, before the end stop
    for area, belt, x0, x1 in (("a", in_a, -INBOUND_LEN - 300, -INBOUND_LEN + PICK_MM),
                               ("b", in_b, LANE_LEN + INBOUND_LEN - PICK_MM, LANE_LEN + INBOUND_LEN + 300)):
        stall_after, stall_s = p["stall_" + area]
        busy = (0.0,) * int(stall_after) + (float(stall_s), 0.0)
        plant.add(InboundPicker("picker_" + area, belt=belt.name, x0=x0, y0=-90, x1=x1, y1=90,
                           ready_at_s=p.get("stalled_at_start_" + area, 0.0), busy_s=busy,
                           label=f"area {area.upper()} picker"))
        plant.add(PhotoEye.across(belt, "full_" + area, FULL_AT))
    plant.add(PhotoEye.across(lane, "eye_a", EYE_A))
    plant.add(PhotoEye.across(lane, "eye_b", EYE_B))
    plant.add(PhotoEye.across(lane, "drop_eye_a", DROP_A))
    plant.add(PhotoEye.across(lane, "drop_eye_b", DROP_B))
    plant.add(Stopper("stop_a", DROP_A + 130, -100, angle_deg=180, stroke=110, plate_depth=100,
                      start_extended=True))
    plant.add(Stopper("stop_b", DROP_B - 130, 100, angle_deg=0, stroke=110, plate_depth=100,
                      start_extended=True))
    plant.add(ToteQueue("queue_a", DROP_A, 0, _schedule(p["first_a_s"], p["gaps_a_s"], "A"),
                        only_while=("stop_a", "retracted"), stub=(DROP_A, -130, DROP_A, -900),
                        label="area A queue"))
    plant.add(ToteQueue("queue_b", DROP_B, 0, _schedule(p["first_b_s"], p["gaps_b_s"], "B"),
                        only_while=("stop_b", "retracted"), stub=(DROP_B, 130, DROP_B, 900),
                        label="area B queue"))
    for k, x in enumerate(p.get("aboard", ())):
        plant.add(Workpiece(f"X{k + 1}", float(x), 0.0, part_kind="tote", colour="silver", material="plastic",
                            height_mm=200.0, width=TOTE_W, length=TOTE_L))
    del lane
    return plant


class _Line:
    def __init__(self, plant: Plant):
        self.lane = plant.device("lane", Conveyor)
        self.queue = {"a": plant.device("queue_a", ToteQueue), "b": plant.device("queue_b", ToteQueue)}
        self.picker = {area: plant.device("picker_" + area, InboundPicker) for area in ("a", "b")}
        self.full = {"a": plant["full_a"], "b": plant["full_b"]}
        self.stopper = {"a": plant["stop_a"], "b": plant["stop_b"]}
        self.flow = material_flow(plant)

    def aboard(self) -> list[str]:
        out = []
        for part in self.flow.parts:
            x, y = part.xy()
            if 0.0 <= x <= LANE_LEN and abs(y) <= LANE_W / 2:
                out.append(part.name)
        return out

    def delivered(self, area: str) -> list[str]:
        """Totes of the other area taken off this area's inbound belt."""
        other = "B" if area == "a" else "A"
        return [name for _, name in self.picker[area].received if name.startswith(other)]


class _Reversal(judges.Monitor):
    """S1: the lane's travel (from its belt velocity) changes sign while a tote lies on it."""

    def __init__(self):
        self.last = 0

    def check(self, s):
        lane = s.devices.lane
        v = lane.velocity
        if v == 0.0:
            return None
        d = 1 if v > 0 else -1
        last, self.last = self.last, d
        if last and d != last:
            aboard = s.devices.aboard()
            if aboard:
                toward = "B" if d > 0 else "A"
                return f"the lane reversed toward area {toward} with {', '.join(sorted(aboard))} aboard"
        return None


class _Release(judges.Monitor):
    """S2: on every tote a queue pushes onto the lane, the lane is commanded to run toward the
    other area and that area's full eye has not been TRUE for longer than FULL_S + FULL_ALLOW_S."""

    def __init__(self):
        self.seen = {"a": 0, "b": 0}
        self.full_since: dict[str, int | None] = {"a": None, "b": None}

    def check(self, s):
        line = s.devices
        for area in ("a", "b"):
            if line.full[area].read("blocked"):
                if self.full_since[area] is None:
                    self.full_since[area] = s.time_ms
            else:
                self.full_since[area] = None
        msg = None
        for area, dest in (("a", "b"), ("b", "a")):
            dropped = line.queue[area].dropped
            new, self.seen[area] = dropped[self.seen[area]:], len(dropped)
            for _, name in new:
                lane = line.lane
                toward_dest = lane.run and not lane.fault and lane.reverse == (dest == "a")
                since = self.full_since[dest]
                full_ms = 0 if since is None else s.time_ms - since
                if not toward_dest:
                    msg = msg or (f"{name} went onto the lane while the lane was not running toward area "
                                  f"{dest.upper()}")
                elif full_ms > round((FULL_S + FULL_ALLOW_S) * 1000):
                    msg = msg or (f"{name} went onto the lane toward area {dest.upper()} whose inbound lane "
                                  f"was full (its full eye TRUE for {full_ms / 1000:g} s)")
        return msg


class _QueueWait(judges.Monitor):
    """S3, per area: the head tote of each queue (its oldest) has waited at most WAIT_S."""

    def check(self, s):
        for area in ("a", "b"):
            q = s.devices.queue[area]
            if q.oldest_wait_s() > WAIT_S + 1e-9:
                head = q.schedule[q._next][1]["name"] if q.count() else "?"
                return f"{head} has waited in the area {area.upper()} queue more than {WAIT_S:g} s"
        return None


def _done(s) -> bool:
    line = s.devices
    return (len(set(line.delivered("b"))) >= TOTES and len(set(line.delivered("a"))) >= TOTES
            and not line.aboard())


def _at_rest(s) -> bool:
    line = s.devices
    return (not line.lane.run and line.lane.velocity == 0.0
            and all(st.position >= st.stroke for st in line.stopper.values()))


AT_REST = "the lane stopped (lane_run FALSE) and both stoppers up"

COMPLETION = Completion(
    f"All {TOTES} totes of area A taken by area B's picker and all {TOTES} of area B by area A's picker "
    f"(each tote counts once, at the other area), no tote left on the lane (those aboard at power-up "
    f"delivered to either area); then {AT_REST}, held for 1 s.",
    lambda: judges.in_order(
        judges.event(f"{TOTES} totes each way delivered, the lane clear", _done),
        judges.held(AT_REST, _at_rest, 1.0), name="totes moved both ways"),
    keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-H03-S1", "The lane never changes its direction of travel while a tote lies on it "
               "(centre on the belt): it reverses only with the lane empty.", _Reversal()),
    SafetyRule("MAT-H03-S2", "A tote goes onto the lane only toward the area it is for (area A's totes "
               "while lane_run is TRUE and lane_to_a FALSE, area B's while both are TRUE), and never "
               f"toward a full inbound lane: no tote goes onto the lane once the destination's full eye "
               f"has been TRUE for more than {FULL_S + FULL_ALLOW_S:g} s without a break "
               f"({FULL_S:g} s to see it full, {FULL_ALLOW_S:g} s for the stopper to rise).", _Release()),
    SafetyRule("MAT-H03-S3", f"No tote waits in its area's queue more than {WAIT_S:g} s (from its arrival "
               "in the queue to the moment it goes onto the lane).", _QueueWait()),
]

IO = [
    IOPoint("%IX0.0", "lane_running", "BOOL", "input", "lane", "running",
            "lane motor on (contactor feedback)"),
    IOPoint("%IX0.1", "eye_a", "BOOL", "input", "eye_a", "blocked",
            f"photo-eye across the lane at its area A end (x = {EYE_A:.0f}), TRUE while a tote blocks it"),
    IOPoint("%IX0.2", "eye_b", "BOOL", "input", "eye_b", "blocked",
            f"photo-eye across the lane at its area B end (x = {EYE_B:.0f}), TRUE while a tote blocks it"),
    IOPoint("%IX0.3", "waiting_a", "BOOL", "input", "queue_a", "waiting",
            "TRUE while at least one tote waits in area A's queue"),
    IOPoint("%IX0.4", "waiting_b", "BOOL", "input", "queue_b", "waiting",
            "TRUE while at least one tote waits in area B's queue"),
    IOPoint("%IX0.5", "full_a", "BOOL", "input", "full_a", "blocked",
            f"full eye {FULL_AT:.0f} mm into area A's inbound belt, TRUE while a tote blocks it (a passing "
            f"tote for well under {FULL_S:g} s; TRUE {FULL_S:g} s without a break: the inbound lane is "
            "full)"),
    IOPoint("%IX0.6", "full_b", "BOOL", "input", "full_b", "blocked",
            f"full eye {FULL_AT:.0f} mm into area B's inbound belt, TRUE while a tote blocks it (a passing "
            f"tote for well under {FULL_S:g} s; TRUE {FULL_S:g} s without a break: the inbound lane is "
            "full)"),
    IOPoint("%IX0.7", "stop_a_up", "BOOL", "input", "stop_a", "extended",
            "area A stopper fully up (holding the queue)"),
    IOPoint("%IX1.0", "stop_a_down", "BOOL", "input", "stop_a", "retracted",
            "area A stopper fully down (the head tote goes onto the lane when the drop place is clear)"),
    IOPoint("%IX1.1", "stop_b_up", "BOOL", "input", "stop_b", "extended",
            "area B stopper fully up (holding the queue)"),
    IOPoint("%IX1.2", "stop_b_down", "BOOL", "input", "stop_b", "retracted",
            "area B stopper fully down (the head tote goes onto the lane when the drop place is clear)"),
    IOPoint("%IX1.3", "drop_a", "BOOL", "input", "drop_eye_a", "blocked",
            f"photo-eye across the lane at area A's drop place (x = {DROP_A:.0f}), TRUE while a tote blocks "
            "it (a tote just pushed on, or one passing)"),
    IOPoint("%IX1.4", "drop_b", "BOOL", "input", "drop_eye_b", "blocked",
            f"photo-eye across the lane at area B's drop place (x = {DROP_B:.0f}), TRUE while a tote blocks "
            "it (a tote just pushed on, or one passing)"),
    IOPoint("%IW0", "lane_speed", "INT", "input", "lane", "speed_actual", "actual lane belt speed", "mm/s",
            "0..600"),
    IOPoint("%IW1", "count_a", "INT", "input", "queue_a", "count", "totes waiting in area A's queue", "",
            f"0..{TOTES}"),
    IOPoint("%IW2", "count_b", "INT", "input", "queue_b", "count", "totes waiting in area B's queue", "",
            f"0..{TOTES}"),
    IOPoint("%QX0.0", "lane_run", "BOOL", "output", "lane", "run", "TRUE runs the lane"),
    IOPoint("%QX0.1", "lane_to_a", "BOOL", "output", "lane", "reverse",
            "direction: FALSE runs the lane toward area B (+x), TRUE toward area A (-x)"),
    IOPoint("%QX0.2", "stop_a_hold", "BOOL", "output", "stop_a", "extend",
            "area A stopper valve (single solenoid): TRUE raises it (holds the queue), FALSE lowers it"),
    IOPoint("%QX0.3", "stop_b_hold", "BOOL", "output", "stop_b", "extend",
            "area B stopper valve (single solenoid): TRUE raises it (holds the queue), FALSE lowers it"),
]

SPEC = f"""\
One reversible lane (a belt conveyor {LANE_LEN:.0f} mm long) joins area A (its x = 0 end) and area
B (its x = {LANE_LEN:.0f} end). Two jobs share it: move {TOTES} totes from area A to area B, and
{TOTES} totes from area B to area A. Totes ({TOTE_L:.0f} mm long on the lane) arrive in each area's
queue at times not known in advance (waiting_a/count_a, waiting_b/count_b); a queue's stopper
holds them. While a stopper is fully down, that queue pushes its head tote onto the lane at its
drop place (x = {DROP_A:.0f} for A, x = {DROP_B:.0f} for B) as soon as the drop place is clear, then
the next as soon as the first has moved off, and so on until the stopper rises; a tote on a
running lane is carried toward the end it runs to. At the end it runs off onto that area's
inbound belt, where the area's picker takes it. A picker may stall for a while: it then takes
nothing and its inbound belt stops; the totes that reach it queue on that belt (it holds about
two) and then stay at its entry, blocking the full eye, and back up onto the lane. Treat an
inbound lane as full once its full eye has been TRUE for {FULL_S:g} s without a break, and clear
again when it drops.

Rules: the lane changes direction only with no tote on it (S1). A tote goes onto the lane only
while the lane runs toward the other area, never toward a full inbound lane (S2). No tote waits
in its queue more than {WAIT_S:g} s (S3): serve the two areas in batches, reversing only once the
lane has run empty, and hand the lane over before the other area's waiting tote reaches
{WAIT_S:g} s. Reversing for every single tote cannot keep up at a slow lane; serving one area
for a long time starves the other.

The lane speed (lane_speed while it runs, mm/s) and the arrival times are not known in advance.
At power-up the lane stands still, both stoppers are up, totes may already wait in either queue,
up to two totes may lie on the lane anywhere between the drop places (they may be carried to
either area), a picker may be stalled, and an area's first tote may come late. When all totes
are delivered and the lane is clear, stop the lane with both stoppers up and keep it so."""

PARAMETERS = [
    ParameterRange("lane_speed", 200, 600, "mm/s", "lane belt speed"),
    ParameterRange("first_s", 0, 40, "s", "arrival of an area's first tote in its queue",
                   keys=("first_a_s", "first_b_s")),
    ParameterRange("gap_s", 5, 9, "s", "time between an area's tote arrivals", keys=("gaps_a_s", "gaps_b_s")),
    ParameterRange("stall_s", 0, 20, "s", "how long a picker stalls once (after some tote of its own)",
                   keys=("stall_s_a", "stall_s_b")),
    ParameterRange("stalled_at_start_s", 0, 20, "s", "a picker stalled at power-up until then",
                   keys=("stalled_at_start_a", "stalled_at_start_b")),
    ParameterRange("aboard", 0, 2, "totes", "totes on the lane at power-up", keys=("n_aboard",)),
]


def _cond(name, seed, description, *, speed, first_a, gaps_a, first_b, gaps_b, stall_a=(0, 0.0),
          stall_b=(0, 0.0), aboard=(), **extra):
    params = dict(lane_speed=speed, first_a_s=first_a, gaps_a_s=tuple(gaps_a), first_b_s=first_b,
                  gaps_b_s=tuple(gaps_b), stall_a=stall_a, stall_b=stall_b, stall_s_a=stall_a[1],
                  stall_s_b=stall_b[1], aboard=tuple(aboard), n_aboard=len(aboard), **extra)
    return Condition(name, seed, params, description)


CONDITIONS = [
    _cond("nominal", 301, "middle speed, totes 6-8 s apart on both sides, area B's picker stalls 20 s after "
          "its fourth tote", speed=400, first_a=1.0, gaps_a=(6, 7, 8, 6, 7, 8, 6), first_b=3.0,
          gaps_b=(7, 6, 8, 7, 6, 8, 7), stall_b=(4, 20.0)),
    _cond("slow_dense", 302, "slowest lane, totes 5-6 s apart on both sides (reversing per tote falls "
          "behind); "
          "area A's picker stalls 20 s after its second tote", speed=200, first_a=0.0,
          gaps_a=(5, 5.5, 5, 6, 5, 5.5, 5), first_b=0.5, gaps_b=(5.5, 5, 6, 5, 5.5, 5, 6), stall_a=(2, 20.0)),
    _cond("b_stalls_in_a_batch", 303, "area B's picker stalls 20 s after its third tote while A's batch runs",
          speed=300, first_a=0.0, gaps_a=(5, 5, 5, 6, 5, 6, 5), first_b=8.0, gaps_b=(8, 9, 8, 9, 8, 9, 8),
          stall_b=(3, 20.0)),
    _cond("totes_aboard_a_stalled", 304, "two totes on the lane at power-up, area B's picker stalled 20 s "
          "at power-up, both queues waiting", speed=250, first_a=0.0, gaps_a=(6, 7, 6, 7, 6, 7, 6),
          first_b=0.0, gaps_b=(7, 6, 7, 6, 7, 6, 7), aboard=(900.0, 2100.0), stalled_at_start_b=20.0),
    _cond("late_b_order", 305, "area B's first tote comes 40 s late while A's keep coming; A stalls 20 s "
          "after its second", speed=500, first_a=2.0, gaps_a=(5, 6, 5, 6, 5, 6, 5), first_b=40.0,
          gaps_b=(5, 5, 5, 5, 5, 5, 5), stall_a=(2, 20.0), aboard=(1500.0,)),
    # a corner hunt's (2026-12-04): both pickers stall 20 s after their third tote on a slow lane
    # with the areas' totes 8-9 s apart: the reference and second_correct deliver it; a program
    # written from the prompt alone let A6 wait past 60 s
    _cond("both_stall_slow_lane", 306, "slow lane (210 mm/s), totes 8-9 s apart, both pickers stall 20 s "
          "after their third tote", speed=210, first_a=20.0, gaps_a=(9, 9, 9, 9, 9, 9, 9), first_b=30.0,
          gaps_b=(8, 8, 8, 8, 8, 8, 8), stall_a=(3, 20.0), stall_b=(3, 20.0)),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Independent: lane speed, each area's first arrival (one in three late, up to 40 s) and
    its gaps. Jointly: every condition has at least one stall or tote aboard at power-up (so a
    fixed schedule meets one of them): a stall (10-20 s) on each picker half the time (after one
    of its first 6 totes), else stalled at power-up half the time (a picker stalls once); 0-2
    totes aboard, placed at least a tote apart between the drop places."""
    speed = rng.randint(*map(int, _range("lane_speed")))
    lo, hi = _range("gap_s")
    params: dict = dict(lane_speed=speed)
    notes = []
    for area in ("a", "b"):
        late = rng.random() < 1 / 3
        params[f"first_{area}_s"] = round(rng.uniform(10.0, 40.0) if late else rng.uniform(0.0, 5.0), 1)
        params[f"gaps_{area}_s"] = tuple(round(rng.uniform(lo, hi), 1) for _ in range(TOTES - 1))
        if rng.random() < 0.5:
            stall = (rng.randint(0, 6), round(rng.uniform(10.0, _range("stall_s")[1]), 1))
            notes.append(f"{area.upper()} stalls {stall[1]} s after {stall[0]}")
        else:
            stall = (0, 0.0)
        params[f"stall_{area}"] = stall
        params[f"stall_s_{area}"] = stall[1]
        if not stall[1] and rng.random() < 0.5:     # a picker stalls once: at power-up or later
            params[f"stalled_at_start_{area}"] = round(rng.uniform(10.0, _range("stalled_at_start_s")[1]), 1)
            notes.append(f"{area.upper()} stalled at start")
    n = rng.randint(0, 2)
    if n == 0 and not notes:
        n = rng.randint(1, 2)
    aboard: list[float] = []
    while len(aboard) < n:
        x = round(rng.uniform(DROP_A + 250, DROP_B - 250))
        if all(abs(x - a) > TOTE_L + 60 for a in aboard):
            aboard.append(float(x))
    params["aboard"] = tuple(sorted(aboard))
    params["n_aboard"] = n
    if n:
        notes.append(f"{n} aboard")
    description = f"{speed} mm/s, first A {params['first_a_s']} s, first B {params['first_b_s']} s"
    description += "".join(f"; {x}" for x in notes)
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The lane ({LANE_LEN:.0f} x {LANE_W:.0f} mm) runs along x from x = 0 (area A)
to x = {LANE_LEN:.0f} (area B) at y = 0. Area A's queue stub comes in from -y at x = {DROP_A:.0f}, area
B's from +y at x = {DROP_B:.0f}, each with its stopper. Area A's inbound belt ({INBOUND_LEN:.0f} mm)
continues the lane to x = {-INBOUND_LEN:.0f}, area B's to x = {LANE_LEN + INBOUND_LEN:.0f}; the pickers
stand at their far ends. The full eyes sit {FULL_AT:.0f} mm into each inbound belt; the lane end eyes
at x = {EYE_A:.0f} and x = {EYE_B:.0f}."""

TASK = Task(
    id="MAT-H03", title="Bidirectional single-lane conveyor", suite="MAT", level="H",
    summary="Share one reversible lane between two areas sending totes to each other: batch totes one "
            "way, reverse only with the lane empty, never toward a full inbound lane, no tote waits over "
            "60 s.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=200.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
