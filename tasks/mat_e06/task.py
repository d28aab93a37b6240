"""MAT-E06 Zero-pressure accumulation.

Four short belt zones in a row, each with its own motor and a photo-eye near its end, carry
parts from an upstream line to the next machine. A zone with a part runs only while the zone
after it is free or running out; otherwise it stops with its part at its eye, so parts queue with
gaps and never press on each other. Zone 4 hands over only while the next machine is ready.
Zone speeds (each its own), ramps, bursts of arrivals and the machine's busy times vary; parts
may wait in zones 2 and 3 at power-up.

Changes from the catalog entry, and why:
- An infeed eye at the start of zone 1 beside the four zone eyes: without it the program could
  not know that a part had been put down on zone 1 before it reached zone 1's eye.
- A part is across onto the next zone only when its centre has passed the zone joint, 10 mm
  after its tail clears the zone's eye: the prompt says so, since a zone stopped at once when
  its eye clears leaves the part lying on it.
- Each zone has its own speed, 200-350 mm/s (not lower: a part crossing from a zone twice as
  fast onto a slow one is caught up by the next before it can get across, whatever the program
  does), and the upstream line leaves 80 mm between parts for the same reason.
- The next machine drops Ready only when it takes a part (Downstream, as in MAT-E02).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.conveyor import Conveyor
from sim.devices.downstream import Downstream
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, published_range

ZONES = 4
ZONE_MM = 400.0
EYE_AT = 350.0              # each zone's eye, from the zone's start
FEED_AT = 50.0
PARTS = 10
PART_MM = 80.0
PART = dict(part_kind="A", colour="orange", width=50.0, length=PART_MM)
EMPTY_RUN_S = 2.0
RELEASE_S, RELEASE_MM = 0.3, 10.0
TOUCH_MM = 1.0              # parts closer than this touch
CLEARANCE_MM = 75.0         # the upstream line puts a part down only this far clear: gaps >= 80 mm
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for k in range(1, ZONES + 1):
        speed = p["zone_speed"][k - 1]
        zone = plant.add(Conveyor(f"zone{k}", (k - 0.5) * ZONE_MM, 0.0, length=ZONE_MM, width=100.0,
                                  speed=speed, max_speed=speed, ramp_s=p["ramp_s"]))
        plant.add(PhotoEye.across(zone, f"eye{k}", EYE_AT, live_at_power_up=True))
        if k in (2, 3) and p.get(f"part_in_zone{k}"):
            plant.add(Workpiece(f"part_z{k}", *zone.point(EYE_AT - 10.0), **PART))
    zone1 = plant["zone1"]
    plant.add(PhotoEye.across(zone1, "infeed_eye", FEED_AT, live_at_power_up=True))
    first = sum(bool(p.get(f"part_in_zone{k}")) for k in (2, 3))
    t, schedule = p["first_arrival_s"], []
    for gap in [0.0, *p["arrival_gap_s"]][: PARTS - first]:
        t += gap
        schedule.append((round(t, 3), dict(PART)))
    plant.add(Feeder("upstream", *zone1.point(FEED_AT), schedule, clearance_mm=CLEARANCE_MM))
    end = ZONES * ZONE_MM
    plant.add(Downstream("downstream", end, -60.0, end + 220.0, 60.0, ready_at_s=p["ready_at_s"],
                         busy_s=tuple(p["busy_s"]), label="next machine"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges read, and where the parts are, worked out once per scan (seen(s)):
    for each zone the x of the parts overlapping it and whether a part's centre lies on it."""

    def __init__(self, plant: Plant):
        self.zones = [plant.device(f"zone{k}", Conveyor) for k in range(1, ZONES + 1)]
        self.downstream = plant.device("downstream", Downstream)
        self.flow = material_flow(plant)
        self.scan = -1
        self.xs: list[float] = []
        self.on: list[list[float]] = [[] for _ in range(ZONES + 1)]
        self.centre: list[bool] = [False] * (ZONES + 1)

    def seen(self, s) -> _Line:
        if s.scan != self.scan:
            self.scan = s.scan
            self.xs = xs = sorted(p.xy()[0] for p in self.flow.parts)
            on = self.on = [[] for _ in range(ZONES + 2)]
            centre = self.centre = [False] * (ZONES + 2)
            half = PART_MM / 2
            for x in xs:
                k = int(x // ZONE_MM) + 1            # the zone its centre lies on
                if 1 <= k <= ZONES:
                    centre[k] = True
                for z in {int((x - half) // ZONE_MM) + 1, k, int((x + half) // ZONE_MM) + 1}:
                    if 1 <= z <= ZONES and x + half > (z - 1) * ZONE_MM and x - half < z * ZONE_MM:
                        on[z].append(x)
        return self


def _on_zone(line: _Line, k: int) -> list[float]:
    """The x of the parts whose outline overlaps zone k (1-based), this scan."""
    return line.on[k]


def _centre_on(line: _Line, k: int) -> bool:
    return line.centre[k]


def _free_or_running(s, k: int) -> bool:
    """Zone k (1-based) can take a part: nothing on it, or it is running out (running, with every
    part on it at or past its eye); zone 5 is the machine (ready)."""
    line = s.devices.seen(s)
    if k > ZONES:
        return line.downstream.ready
    xs = _on_zone(line, k)
    if not xs:
        return True
    start = (k - 1) * ZONE_MM
    return line.zones[k - 1].velocity != 0.0 and all(x + PART_MM / 2 >= start + EYE_AT for x in xs)


def _waiting(s, k: int) -> bool:
    """A part's centre on zone k, the zone standing, and the next able to take it."""
    line = s.devices.seen(s)
    return line.zones[k - 1].velocity == 0.0 and _centre_on(line, k) and _free_or_running(s, k + 1)


def _next(k: int) -> str:
    return "the next machine" if k == ZONES else f"zone {k + 1}"


def _releases(k: int) -> judges.progress_within:
    """Zone k sets off within RELEASE_S of holding a part while the next can take it; nothing is
    owed once the next can no longer take it (it stopped: its own next filled up)."""
    return judges.progress_within(
        f"zone {k} releasing its part", lambda s, k=k: _waiting(s, k),
        [judges.Way(f"zone {k} running", lambda s, k=k: -s.devices.zones[k - 1].travelled, by=RELEASE_MM)],
        RELEASE_S, excused=lambda s, k=k: not _free_or_running(s, k + 1),
        late=lambda t, k=k: (f"zone {k} held a part from {t:g} s while {_next(k)} could take it, "
                             f"but had not run {RELEASE_MM:g} mm {RELEASE_S:g} s later"))


def _expected(s) -> list[str]:
    p = s.params
    first = [f"part_z{k}" for k in (3, 2) if p.get(f"part_in_zone{k}")]
    return first + [f"part{n}" for n in range(1, PARTS - len(first) + 1)]


def _all_in_order(s) -> bool:
    received = s.devices.downstream.received
    if len(received) < PARTS:
        return False                       # cheap test first
    got = [name for _, name in received]
    return len(got) >= PARTS and got[:PARTS] == _expected(s)


def _stopped(s) -> bool:
    return all(z.velocity == 0.0 and not z.run for z in s.devices.zones)


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event(f"{PARTS} parts handed over, in the order they came", _all_in_order),
            judges.held("every zone stopped", _stopped, HOLD_S)),
        *[_releases(k) for k in range(1, ZONES + 1)], name="zero-pressure accumulation")


def _touching(s):
    xs = s.devices.seen(s).xs
    for a, b in zip(xs, xs[1:], strict=False):
        if b - a < PART_MM + TOUCH_MM:
            return f"two parts touch at x = {a + PART_MM / 2:.0f} mm"
    return None


class EmptyRunning(judges.Monitor):
    """S2: a zone moving with no part on it (its outline overlapping the zone) for more than
    EMPTY_RUN_S, per zone."""

    def __init__(self):
        self.since: list[int | None] = [None] * ZONES

    def check(self, s):
        line = s.devices.seen(s)
        for k in range(1, ZONES + 1):
            if line.zones[k - 1].velocity != 0.0 and not _on_zone(line, k):
                if self.since[k - 1] is None:
                    self.since[k - 1] = s.time_ms
                if s.time_ms - self.since[k - 1] > EMPTY_RUN_S * 1000:
                    return f"zone {k} ran empty for more than {EMPTY_RUN_S:g} s"
            else:
                self.since[k - 1] = None
        return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "infeed_eye", "BOOL", "input", "infeed_eye", "blocked",
            f"photo-eye at the start of zone 1 ({FEED_AT:.0f} mm in), where the upstream line puts each part "
            "down: TRUE while a part blocks the beam"),
    *[IOPoint(f"%IX0.{k}", f"eye{k}", "BOOL", "input", f"eye{k}", "blocked",
              f"zone {k} eye, {ZONE_MM - EYE_AT:.0f} mm before the end of zone {k}: TRUE while a part "
              "blocks the beam") for k in range(1, ZONES + 1)],
    IOPoint("%IX0.5", "downstream_ready", "BOOL", "input", "downstream", "ready",
            "handshake from the next machine: TRUE = it can take a part now, FALSE = busy"),
    *[IOPoint(f"%QX0.{k - 1}", f"zone{k}_run", "BOOL", "output", f"zone{k}", "run",
              f"TRUE runs zone {k} forward (it ramps up and coasts down)") for k in range(1, ZONES + 1)],
]

SPEC = f"""\
Four belt zones, each {ZONE_MM:.0f} mm long with its own motor, lie end to end and carry parts
({PART_MM:.0f} mm long) from an upstream line to the next machine. The upstream line puts parts
down on zone 1 under the infeed eye, in bursts, whenever that place is free (so parts come at
least 80 mm apart). Each zone has an eye {ZONE_MM - EYE_AT:.0f} mm before its end. A part rides
the zone its centre lies on; it is across onto the next zone (or into the machine) once its
centre has passed the joint, 10 mm after its tail has cleared the zone's eye, so keep a zone
running a little after its eye clears.

Zero-pressure accumulation: a zone with a part on it runs only while the zone after it is free
(no part on it) or running out (running, its part at or past its eye); otherwise it stops with
its part at its eye, and the parts behind queue the same way, one per zone, never touching (rule
MAT-E06-S1). Zone 4 hands a part over only while downstream_ready is TRUE (MAT-E06-S3, judged
when the part's front edge crosses the end of zone 4): it turns FALSE when the machine takes a
part and stays FALSE while it works on it. When a zone holds a part and the next zone is free or
running out (for zone 4: the machine is ready), the zone must have run {RELEASE_MM:g} mm within
{RELEASE_S:g} s. A zone with no part on it stops: no zone runs empty for more than
{EMPTY_RUN_S:g} s (MAT-E06-S2).

The zones ramp up and coast to a stop (ramp time in the ranges), each at its own speed. At
power-up every zone stands; a part may wait at the eye of zone 2 and of zone 3 (they count as
parts of the {PARTS}; their eyes show them from the first scan). When all {PARTS} parts have
gone to the machine, stop every zone and keep them stopped."""

COMPLETION = Completion(
    f"All {PARTS} parts handed over to the next machine in the order they came; then every zone "
    f"stopped (run FALSE, at standstill), held for {HOLD_S:g} s. On the way, within {RELEASE_S:g} s of a "
    "zone holding a part (at standstill) while the next zone is free or running out (for zone 4: the "
    "machine "
    f"ready), that zone has run {RELEASE_MM:g} mm.",
    _completion, keep=_stopped, keep_wording="every zone stopped (run FALSE, at standstill).",
)

SAFETY = [
    SafetyRule("MAT-E06-S1", "Parts never touch: two parts on the line are never closer than 1 mm.",
               _touching, signals=tuple(f"zone{k}_run" for k in range(1, ZONES + 1))),
    SafetyRule("MAT-E06-S2", "No zone runs empty (moving with no part on it) for more than "
               f"{EMPTY_RUN_S:g} s.",
               EmptyRunning(), signals=tuple(f"zone{k}_run" for k in range(1, ZONES + 1))),
    SafetyRule("MAT-E06-S3", "No part starts into the next machine while it is not ready: a part's front "
               "edge crosses the end of zone 4 only while downstream_ready is TRUE.",
               CountGrows(lambda s: len(s.devices.downstream.entered_not_ready),
                          "a part started into the next machine while it was not ready"),
               signals=("downstream_ready", "eye4", "zone4_run")),
]

PARAMETERS = [
    ParameterRange("zone_speed", 200, 350, "mm/s", "each zone's speed when running (each its own)"),
    ParameterRange("ramp_s", 0.05, 0.2, "s", "zone ramp time, standstill to full speed and back"),
    ParameterRange("first_arrival_s", 0.0, 2.0, "s", "when the upstream line has its first part"),
    ParameterRange("arrival_gap_s", 0.0, 8.0, "s",
                   "time between the upstream line's parts (0 in a burst: as soon as the place is free)"),
    ParameterRange("ready_at_s", 0.0, 5.0, "s", "when the next machine first reports ready"),
    ParameterRange("busy_s", 0.0, 10.0, "s", "how long the next machine is busy after taking a part"),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


CONDITIONS = [
    Condition.of("nominal", 601, "even zones, a burst of four, the machine busy 6 s once, then never",
                 zone_speed=(250, 250, 250, 250), ramp_s=0.1, first_arrival_s=0.5,
                 arrival_gap_s=[0, 0, 0, 3, 2, 4, 0, 0, 5], ready_at_s=0.0,
                 busy_s=[6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    Condition.of("fast_behind_slow", 602, "fast zones behind a slow zone 4, a long busy machine",
                 zone_speed=(345, 340, 330, 205), ramp_s=0.2, first_arrival_s=0.0,
                 arrival_gap_s=[0, 0, 0, 0, 0, 6, 0, 0, 0], ready_at_s=3.0,
                 busy_s=[9.0, 4.0, 10.0, 2.0, 6.0, 1.0, 8.0, 3.0, 5.0, 1.0]),
    Condition.of("waiting_at_power_up", 603, "parts waiting in zones 2 and 3, the machine not ready",
                 zone_speed=(200, 300, 210, 260), ramp_s=0.05, first_arrival_s=1.0,
                 arrival_gap_s=[1.5, 0, 4.0, 0, 0, 2.5, 7.0], ready_at_s=4.5,
                 busy_s=[3.0, 0.2, 4.5, 0.8, 2.5, 1.5, 3.0, 0.0, 2.0, 1.0],
                 part_in_zone2=True, part_in_zone3=True),
    Condition.of("sparse_slow", 604, "slow zones, parts far apart, a machine always ready, a part "
                 "waiting in zone 2", zone_speed=(210, 200, 220, 205), ramp_s=0.15, first_arrival_s=2.0,
                 arrival_gap_s=[7.5, 6.0, 8.0, 7.0, 5.5, 6.5, 7.0, 8.0], ready_at_s=0.0,
                 busy_s=[0.0] * 10, part_in_zone2=True),
    Condition.of("zone3_waiting", 605, "a part waiting in zone 3, uneven zones, toggling machine",
                 zone_speed=(300, 200, 340, 220), ramp_s=0.12, first_arrival_s=0.2,
                 arrival_gap_s=[0, 0, 2.0, 0, 0, 0, 3.0, 0], ready_at_s=0.0,
                 busy_s=[6.0, 0.0, 2.5, 0.0, 4.0, 1.0, 7.0, 0.5, 3.0, 2.0], part_in_zone3=True),
]


def sample_condition(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample): each zone's speed uniform on its own;
    ramp uniform; arrivals in bursts (each gap 0 one time in two, else uniform); the machine ready at
    power-up half the time; each busy time uniform, one in five 0; a part waiting in zone 2 and in
    zone 3 one time in three each."""
    params: dict = dict(
        zone_speed=tuple(rng.randint(*map(int, _range("zone_speed"))) for _ in range(ZONES)),
        ramp_s=round(rng.uniform(*_range("ramp_s")), 3),
        first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
        ready_at_s=0.0 if rng.random() < 0.5 else round(rng.uniform(*_range("ready_at_s")), 2),
        busy_s=[0.0 if rng.random() < 0.2 else round(rng.uniform(*_range("busy_s")), 2)
                for _ in range(PARTS)],
    )
    for k in (2, 3):
        if rng.random() < 1 / 3:
            params[f"part_in_zone{k}"] = True
    first = sum(bool(params.get(f"part_in_zone{k}")) for k in (2, 3))
    params["arrival_gap_s"] = [0.0 if rng.random() < 0.5 else round(rng.uniform(*_range("arrival_gap_s")), 2)
                               for _ in range(PARTS - first - 1)]
    description = (f"zones {params['zone_speed']} mm/s, ramp {params['ramp_s']:g} s"
                   + "".join(f"; a part in zone {k}" for k in (2, 3) if params.get(f"part_in_zone{k}")))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The four zones run along x at y = 0, zone k from x = {ZONE_MM:.0f}(k-1) to
x = {ZONE_MM:.0f}k, parts travelling toward +x. The upstream line puts parts down at x = {FEED_AT:.0f}
(infeed eye there); zone k's eye is at x = {ZONE_MM:.0f}(k-1) + {EYE_AT:.0f}; the next machine's intake
begins at x = {ZONES * ZONE_MM:.0f}."""

TASK = Task(
    id="MAT-E06", title="Zero-pressure accumulation", suite="MAT", level="E",
    summary="Run four accumulation zones so that parts queue one per zone without touching, and hand "
            "them to the next machine only while it is ready.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
