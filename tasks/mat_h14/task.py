"""MAT-H14 Demand-based distribution.

One supply belt, fed by a metered feeder, runs past three swing-arm diverters; each arm steers
the parts that reach it while it stands at its end into the hopper of its machine; parts no
arm steers off run off the belt end onto the recirculation conveyor (back to the bulk supply).
Three machines consume from their hoppers at their own rates, each stops now and then and one
may start late; the program must allocate the stream by need: keep every hopper between its
low and high switches, never let a machine wait for parts (S1), never fill a hopper past its
capacity (S2), move an arm only in a gap (S3) and stop the feeder once every hopper reports
high (S4). Each machine is a job judged on its own: a program that starves one machine fails
there (the run ends at the first starved machine) even when the others finish.

Changes from the catalog entry, and why:
- The hoppers (new MachineHopper: a chute's mouth, a part count, low and high level switches, a
  machine taking one part per cycle, a done signal once it has its quota) and the feeder (new
  MeteredFeeder: an escapement releasing a part every 1/rate s while 'run' is on) are new
  devices; the library's Hopper is a bulk hopper over a bowl with counted parts, not a buffer
  filled by real parts off a belt. The recirculation conveyor is drawn as the run-out chute at
  the belt end: what goes there is lost to the machines, which is all the job needs of it.
- The stream is dense at the top feed rates (a part every 0.4 s, 120-200 mm apart): an
  arm's light grid (its sweep plus 200 mm of approach) is then never clear, so switching the
  stream needs a gap the program makes by stopping the feeder. A gap costs up to 5 s of supply
  at the last arm on the slowest belt; that is the resource the three jobs share.
- The belt runs at 300-500 mm/s, one speed per condition, not known in advance (the registered
  conditions at 300-500, fast_belt_two_low at 434, low_part_on_belt at 304): a program that
  waits fixed gaps instead of reading the grids must wait those of the slowest belt (the
  review's low-switches-only program, tuned to a fixed 400 mm/s belt, earned 1 and now hits
  parts at 300: counterexamples/low_switches_fixed_gaps.st), and one that tracks parts from
  the feed eye must measure the speed (the reference does, from the time a part blocks the eye).
- S1's 2 s counts from the machine's cycle falling due with the hopper empty (the machine then
  waits). The low switch (6 parts or fewer) leaves at least 9 s at the fastest machine until S1
  trips (7 cycles and the 2 s), more than the slowest switch-over (stop the feeder, the gap past the
  arm, the swing, the way to the last hopper: about 8 s on the slowest belt) needs; the machines'
  total demand is at most 60 % of the feed so the stream can serve all three. At most one hopper
  starts at or below its low switch: of two low hoppers no program can tell which is nearer to
  empty, and only one can be served at a time (the first blind-written grading found that start
  state unfair).
- Two-sided: S1 (served too late) against S2 (kept feeding too long). The hopper holds 20, its high
  switch is at 14: at the dense feed rates up to 11 parts are on their way to hopper 3 (feed eye to
  its mouth, 3.8 s of the slowest belt), so a program that stops feeding only when the high switch
  trips overflows it; it must count the parts it has sent (the feed eye) against what the hopper can
  still take (the switches' edges say its level exactly). A program that feeds by a fixed time per
  hopper, the catalog's round-robin trap, overflows a hopper whose machine stands.
- Quotas of about 28 s of running (8-28 parts), so every machine is done by 70 s when fed without
  a wait; time limit 85 s.

Hard by the brief's check: the program written blind from the prompt (counterexamples/
blind_written.st) passed 4 of 5 on the first plant (hoppers of 24, two low hoppers possible at
power-up; its one miss was that unfair start state, taken out); the capacity was then set to
20, where only a program that counts the parts still on their way keeps every hopper within
it: it now passes 1 of 7 (S2).

Cheap programs tried from the prompt and the judges: the round robin by the clock with
worst-case gaps (token_blind.st: overfills, S2), fixed timetables (blind.st), the blind-written
high-switch-only program (S2) and a playback of the registered conditions (tuned/
lookup_table.st: 5/5 registered when the belt ran at 400 mm/s, 2/7 since, fails the
sampled). One attempt earned 1 and is kept in correct/serve_only_low.st: feeding only a
hopper whose low switch is on, and only until it
clears, needs no counting (7 parts plus those on their way stay under 20). It is no trick (it
reads every switch and grid, makes its gaps and feeds by need), so it stays a correct program.
The same program with the gaps of the slowest belt (counterexamples/
low_switches_worst_case_gaps.st) is safe but slow: S1's budget from a low switch (at least 9 s)
outlasts most of its switch-overs, so it passed the first five registered conditions and 198 of
200 sampled; the sixth registered condition, fast_belt_two_low, is one of the two it fails.
A program that swings an arm only once the feed eye and all three grids are clear
(counterexamples/grid_clear_wait.st, the review's belt-wide wait) passed the first six
registered conditions and 180 of 200 sampled: every switch-over waits for the last part to
pass arm 3. The seventh, low_part_on_belt (a low hopper at power-up and a part on the belt that
no arm takes), is one it fails (S1): it waits for that part to pass arm 3 (with the same values
but no part on the belt it passes).

Round 2 of the Hard review (a program written blind from the prompt, correct/prompt_only.st,
had earned 1 and passed 100 sampled): a corner of the published ranges, registered as
fast_machine_low_while_refilling: the slowest belt (300 mm/s), the top feed (2.5/s), the
fastest machine (1 part/s) on the last hopper and the slowest arms (0.4 s), hopper 1 low at
power-up and hopper 3 going low 4 s later while hopper 1 still refills. The low switch leaves 9 s
at 1 part/s; the switch-over to arm 3 on that belt takes about 7 s, so the stream must turn as
soon as hopper 3 is low. The blind program ranks hoppers by levels guessed as if every machine
took 1 part/s and turns only once that guess is under 4: it fills hopper 1 on to 18 and starves
machine 3 (S1), now counterexamples/prompt_only.st (7 of 8). The reference passes with 1.3-1.6 s
to spare over plant seeds 1408-1415; the second correct program failed it too (it topped up
non-low hoppers and capped batches at 8 whatever the need) and was rewritten to serve by the low
switches. No rule and no prompt text changed: the corner is inside the published ranges. A
sweep (seeds 1, 2, 4, 5, 300 each) also showed sampled conditions where two hoppers go low
within about a second of each other soon after power-up; the reference fails some of them (its
first-come choice is the wrong one when the later one's machine is the faster), which is the
same unknowable choice as two low hoppers at power-up: left for the lead (see the report).

Judged by what the plant does: the hoppers' starvation logs (S1, also a completion watch so a
starving run ends there), their overfill logs (S2), the diverters' hit logs (S3) and the
feeder's run state against the high switches (S4), each also ending the run; the completion
is every machine's quota consumed, then the feeder off and every arm home for 1 s.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.machine_hopper import MachineHopper
from sim.devices.metered_feeder import MeteredFeeder
from sim.devices.sensors import PhotoEye
from sim.devices.swing_diverter import SwingDiverter
from sim.devices.workpiece import Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun

BELT_LENGTH = 1800.0
BELT_SPEED = 400.0               # mm/s, run by the host from power-up: the nominal speed, and
SLOWEST, FASTEST = 300.0, 500.0  # the range a condition's belt speed is drawn from
FEED_AT, EYE_AT = 60.0, 250.0
PIVOTS = (600.0, 1000.0, 1400.0)
MOUTH_MM = 300.0                 # each hopper's mouth: from its arm's pivot 300 mm downstream
APPROACH_MM = 200.0
PART_MM = 50.0
CAPACITY, LOW_MARK, HIGH_MARK = 20, 6, 14
STARVE_S = 2.0
FEED_OFF_S = 1.0
HOLD_S = 1.0
TIME_LIMIT_S = 85.0
FINISH_BY = 70.0                 # s: every machine's quota taken by then when fed without a wait
MACHINES = (1, 2, 3)
DEMAND_SHARE = 0.6               # the machines together take at most this share of the feed
RUN_S = 28.0                     # a machine's quota: about this long of its running time


# --- plant ----------------------------------------------------------------------------------

def build_plant(condition: Condition) -> Plant:
    p = condition.params
    speed = float(p.get("belt_speed", BELT_SPEED))
    plant = Plant(seed=condition.seed, substeps=1)
    gaps = tuple(("left", at, at + MOUTH_MM) for at in PIVOTS)
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0, length=BELT_LENGTH, width=100, speed=speed,
                              max_speed=500.0, ramp_s=0.05, guide_gaps=gaps))
    belt.run = True                 # the host runs the supply belt; the PLC does not drive it
    belt.velocity = speed
    belt.surface_vx, belt.surface_vy = belt.velocity * belt.ux, belt.velocity * belt.uy
    spec = dict(shape="circle", width=PART_MM, colour="silver")
    plant.add(MeteredFeeder("feeder", *belt.point(FEED_AT), interval_s=1.0 / p["feed_rate"], jitter=0.15,
                            spec=spec, first_s=0.1))
    for n, at in enumerate(p["on_belt_at"], 1):
        part = plant.add(Workpiece(f"aboard{n}", *belt.point(at), **spec))
        part.body.velocity = (speed, 0.0)
    plant.add(PhotoEye("feed_eye", EYE_AT, -60, EYE_AT, 60))
    for k, at in enumerate(PIVOTS, 1):
        plant.add(SwingDiverter.beside(belt, f"arm{k}", at, side="right", swing_s=p["swing_s"][k - 1],
                                       start_at_end=bool(p["arms_at_end"][k - 1]), approach_mm=APPROACH_MM))
        x0, _ = belt.point(at)
        x1, _ = belt.point(at + MOUTH_MM)
        stops = [tuple(s) for s in p["stops"][k - 1]]
        plant.add(MachineHopper(f"hopper{k}", x0, 52, x1, 400, capacity=CAPACITY, low_mark=LOW_MARK,
                                high_mark=HIGH_MARK, level=p["level"][k - 1], rate=p["rate"][k - 1],
                                quota=p["quota"][k - 1], start_s=p["start_s"][k - 1], stops=stops,
                                label=f"hopper {k}"))
    end_x, _ = belt.point(BELT_LENGTH + 6)
    plant.add(Chute("recirc", end_x, -200, end_x + 300, 200, label="recirculation"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges read every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.feeder = plant["feeder"]
        self.arms = tuple(plant[f"arm{k}"] for k in MACHINES)
        self.hoppers = tuple(plant[f"hopper{k}"] for k in MACHINES)

    def hits(self) -> int:
        a = self.arms
        return len(a[0].hits) + len(a[1].hits) + len(a[2].hits)

    def overfilled(self) -> int:
        h = self.hoppers
        return len(h[0].overfilled) + len(h[1].overfilled) + len(h[2].overfilled)


class Starved(judges.Watch):
    """S1 for machine k: violated once it has waited more than STARVE_S for a part (its cycle due,
    its hopper empty). The same object serves as a completion watch (a starving run ends there)
    and as the safety monitor. A judge of this task only: the machine's wait is the hopper's own
    log (sim.devices.machine_hopper)."""

    def __init__(self, k: int):
        self.k = k

    def check(self, s):
        hopper = s.devices.hoppers[self.k - 1]
        starved = hopper.starved
        if not starved or starved[-1][1] is not None:
            return None                 # not waiting now (hopper.waiting), the common case
        if hopper.waited_s() > STARVE_S + 1e-9:
            return (f"machine {self.k} has waited more than {STARVE_S:g} s for a part (its hopper empty "
                    "since "
                    f"{hopper.starved[-1][0]:g} s)")
        return None


class _Grows(judges.Watch):
    """A count the plant logs (overfills, hits) as a completion watch: the run ends at the first."""

    def __init__(self, count, message: str):
        self.inner = CountGrows(count, message)

    def check(self, s):
        return self.inner.check(s)


def _all_consumed(s) -> bool:
    h = s.devices.hoppers           # written out (no generator): asked every scan
    return h[0].done and h[1].done and h[2].done


def _at_rest(s) -> bool:
    line = s.devices
    return not line.feeder.running and all(arm.swing <= 0.0 for arm in line.arms)


def _completion():
    inner = judges.in_order(judges.event("every machine's quota consumed", _all_consumed),
                            judges.held("feeder off and every arm home", _at_rest, HOLD_S))
    return MissEndsTheRun(judges.watched(
        inner, *(Starved(k) for k in MACHINES),
        _Grows(lambda s: s.devices.overfilled(), "a part arrived in a hopper already holding its capacity"),
        _Grows(lambda s: s.devices.hits(), "a moving arm hit a part in its sweep"),
        _FeedingAllHigh()))


def _feeding_all_high(s) -> bool:
    line = s.devices
    if not line.feeder.running:
        return False
    h = line.hoppers
    return h[0].high and h[1].high and h[2].high


class _FeedingAllHigh(judges.Watch):
    """S4 as a completion watch: the run ends at the first breach (the rule itself is a
    for_longer_than monitor with the same words)."""

    def __init__(self):
        self.inner = judges.for_longer_than(_feeding_all_high, FEED_OFF_S,
                                            "the feeder ran on with every hopper high")

    def check(self, s):
        return self.inner.check(s)


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "feed_eye", "BOOL", "input", "feed_eye", "blocked",
            f"photo-eye across the supply belt at x = {EYE_AT:g} mm: TRUE while a part blocks it"),
    IOPoint("%IX0.1", "grid1", "BOOL", "input", "arm1", "sweep_occupied",
            f"arm 1's light grid: TRUE while any part lies in its sweep zone or on the {APPROACH_MM:g} mm of "
            "belt just upstream of its pivot (a part steered off stays in it until it has dropped into the "
            "hopper)"),
    IOPoint("%IX0.2", "grid2", "BOOL", "input", "arm2", "sweep_occupied", "arm 2's light grid (as grid1)"),
    IOPoint("%IX0.3", "grid3", "BOOL", "input", "arm3", "sweep_occupied", "arm 3's light grid (as grid1)"),
    IOPoint("%IX0.4", "arm1_at_end", "BOOL", "input", "arm1", "at_end",
            "arm 1's end switch: TRUE while it stands fully swung across the belt (it steers parts into "
            "hopper 1)"),
    IOPoint("%IX0.5", "arm2_at_end", "BOOL", "input", "arm2", "at_end", "arm 2's end switch (as arm 1's)"),
    IOPoint("%IX0.6", "arm3_at_end", "BOOL", "input", "arm3", "at_end", "arm 3's end switch (as arm 1's)"),
    IOPoint("%IX0.7", "arm1_home", "BOOL", "input", "arm1", "home",
            "arm 1's home switch: TRUE while it lies fully home along the belt's edge (parts pass it)"),
    IOPoint("%IX1.0", "arm2_home", "BOOL", "input", "arm2", "home", "arm 2's home switch (as arm 1's)"),
    IOPoint("%IX1.1", "arm3_home", "BOOL", "input", "arm3", "home", "arm 3's home switch (as arm 1's)"),
    IOPoint("%IX1.2", "low1", "BOOL", "input", "hopper1", "low",
            f"hopper 1's low level switch: TRUE while it holds {LOW_MARK} parts or fewer"),
    IOPoint("%IX1.3", "low2", "BOOL", "input", "hopper2", "low", "hopper 2's low level switch (as low1)"),
    IOPoint("%IX1.4", "low3", "BOOL", "input", "hopper3", "low", "hopper 3's low level switch (as low1)"),
    IOPoint("%IX1.5", "high1", "BOOL", "input", "hopper1", "high",
            f"hopper 1's high level switch: TRUE while it holds {HIGH_MARK} parts or more"),
    IOPoint("%IX1.6", "high2", "BOOL", "input", "hopper2", "high", "hopper 2's high level switch (as high1)"),
    IOPoint("%IX1.7", "high3", "BOOL", "input", "hopper3", "high", "hopper 3's high level switch (as high1)"),
    IOPoint("%IX2.0", "done1", "BOOL", "input", "hopper1", "done",
            "machine 1's lot finished: TRUE once it has taken its quota (it takes no more parts)"),
    IOPoint("%IX2.1", "done2", "BOOL", "input", "hopper2", "done", "machine 2's lot finished (as done1)"),
    IOPoint("%IX2.2", "done3", "BOOL", "input", "hopper3", "done", "machine 3's lot finished (as done1)"),
    IOPoint("%QX0.0", "feeder_run", "BOOL", "output", "feeder", "run",
            "feeder escapement: TRUE runs it (it puts a part on the belt every 1/feed rate s), FALSE stops "
            "it "
            "(no part is put on the belt while FALSE)"),
    IOPoint("%QX0.1", "divert1", "BOOL", "output", "arm1", "divert",
            "arm 1 valve (single solenoid): TRUE swings it across the belt, FALSE swings it home"),
    IOPoint("%QX0.2", "divert2", "BOOL", "output", "arm2", "divert", "arm 2 valve (as divert1)"),
    IOPoint("%QX0.3", "divert3", "BOOL", "output", "arm3", "divert", "arm 3 valve (as divert1)"),
]

SPEC = f"""\
Three machines take parts from their hoppers; one supply belt brings the parts. The supply
belt runs at one constant speed from power-up, {SLOWEST:g}-{FASTEST:g} mm/s (not known in
advance; the host runs it, the PLC does not drive it).
The feeder at its start puts one part ({PART_MM:g} mm round) on it every 1/feed rate seconds
(the rate is 1-2.5 parts/s, not known in advance, each interval up to 15 % longer or shorter)
while feeder_run is TRUE, and none while it is FALSE. Three swing arms (pivots at
x = {PIVOTS[0]:g}, {PIVOTS[1]:g}, {PIVOTS[2]:g} on the belt's right edge) steer the parts
off the left edge into hoppers 1, 2 and 3: an arm standing at its end steers every part that
reaches it into its hopper; standing home it lets them pass. A part no arm steers off runs off
the belt end onto the recirculation conveyor and is lost to the machines.

Each hopper holds at most {CAPACITY} parts. Its low switch is TRUE while it holds {LOW_MARK}
or fewer, its high switch while it holds {HIGH_MARK} or more. Its machine takes one part every
cycle (each machine its own rate, 0.2-1 part/s, not known in advance); a machine whose cycle
is due while its hopper is empty waits for a part. Each machine stops now and then (5-30 s,
no signal tells) and one may start up to 20 s after power-up; each runs until it has taken
its quota (about {RUN_S:g} s of its own running), then reports done. Allocate the
parts by need: keep every hopper between its low and high switches, never let a machine wait
more than {STARVE_S:g} s, never fill a hopper past its capacity, and stop the feeder when every
hopper is high. Parts on the belt still reach the arm standing at its end downstream when the
feeder stops: a hopper keeps receiving them.

An arm may move only while no part lies in its sweep zone: its light grid (gridN) sees the
sweep zone and the {APPROACH_MM:g} mm of belt upstream of its pivot, and an arm that sets off
while its grid is FALSE finishes its swing (0.2-0.4 s, each arm its own) before any part
reaches it. While the stream is dense (parts closer than about 400 mm) a grid is never FALSE:
stop the feeder to make the gap. At power-up the hoppers hold unknown numbers of parts (0 to
{HIGH_MARK}; at most one of them at or below its low switch), an arm may stand at its end, and up
to three parts may already be on the belt past the feed eye (none in a grid).
A done machine's hopper needs no more parts. When every machine reports done, keep the feeder
off and every arm home."""

AT_REST = "the feeder off and every arm home"

COMPLETION = Completion(
    f"Every machine has taken its quota, with no machine waiting more than {STARVE_S:g} s for a part (the "
    "run "
    "ends at the first that does, at the first part into a hopper already at its capacity or hit by a "
    f"moving arm, and once the feeder has run over {FEED_OFF_S:g} s with every hopper high); then {AT_REST}, "
    f"held for {HOLD_S:g} s.",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

class _AnyStarved(judges.Monitor):
    """S1 over the three machines (each on its own clock)."""

    def __init__(self):
        self.each = [Starved(k) for k in MACHINES]

    def check(self, s):
        msg = None
        for w in self.each:
            msg = w.check(s) or msg
        return msg


SAFETY = [
    SafetyRule("MAT-H14-S1", f"No machine waits more than {STARVE_S:g} s for a part: from the moment its "
               "cycle "
               "is due with its hopper empty until a part arrives in the hopper (each machine on its own).",
               _AnyStarved()),
    SafetyRule("MAT-H14-S2", f"No hopper is filled past its capacity: no part arrives in a hopper already "
               f"holding {CAPACITY} parts.",
               CountGrows(lambda s: s.devices.overfilled(),
                          "a part arrived in a hopper already at its capacity")),
    SafetyRule("MAT-H14-S3", "Divert only in gaps: an arm never moves while a part lies in its sweep zone.",
               CountGrows(lambda s: s.devices.hits(), "a moving arm hit a part in its sweep")),
    SafetyRule("MAT-H14-S4", f"The feeder stops when every hopper is high: it never runs more than "
               f"{FEED_OFF_S:g} s on end while all three high switches are TRUE.",
               judges.for_longer_than(_feeding_all_high, FEED_OFF_S,
                                      "the feeder ran on with every hopper high")),
]


PARAMETERS = [
    ParameterRange("belt_speed", SLOWEST, FASTEST, "mm/s",
                   "the supply belt's speed (constant through a run)"),
    ParameterRange("feed_rate", 1.0, 2.5, "parts/s",
                   "parts the feeder puts on the belt per second while it runs"),
    ParameterRange("rate", 0.2, 1.0, "parts/s", "each machine's consumption while it runs (all three "
                   "together "
                   "at most 60 % of the feed rate)"),
    ParameterRange("stop_s", 5.0, 30.0, "s", "how long a machine stops (0-2 stops each)"),
    ParameterRange("stop_at", 3.0, 60.0, "s", "when a machine's stop begins"),
    ParameterRange("start_s", 0.0, 20.0, "s",
                   "when a machine starts (one in three conditions one starts late)"),
    ParameterRange("level", 0, HIGH_MARK, "parts", "parts a hopper holds at power-up"),
    ParameterRange("swing_s", 0.2, 0.4, "s", "time an arm takes to swing either way (each arm its own)"),
    ParameterRange("on_belt", 0, 3, "parts", "parts on the belt at power-up"),
    ParameterRange("on_belt_at", EYE_AT + 40.0, PIVOTS[0] - APPROACH_MM - 60.0, "mm",
                   "where they lie (x of their centres, past the feed eye)"),
    ParameterRange("quota", 8, 28, "parts", "parts each machine takes before it is done"),
]


# --- conditions -----------------------------------------------------------------------------

def _arrival_s(k: int, speed: float) -> float:
    """From power-up to the first part in hopper k at the earliest: the feeder's first part and
    the belt's way to the arm, plus the slide into the hopper."""
    return 0.1 + (PIVOTS[k - 1] - FEED_AT) / speed + 0.6


def _finish_s(rate: float, quota: int, start_s: float, stops) -> float:
    """When a machine fed without a wait has taken its quota: quota cycles of its own running
    time from its start, its stops not counted."""
    need, t = quota / rate, start_s
    for a, b in stops:
        if a >= t + need:
            break
        if b > t:
            need -= max(0.0, a - t)
            t = b
    return t + need


def _draw(rng: random.Random, *, late: int | None = None, low_start: int | None = None,
          stops: int | None = None, arms_at_end=None, on_belt: int | None = None,
          dense: bool | None = None, speed: float | None = None) -> dict:
    """One condition's parameters from the published ranges.

    First the belt speed (uniform SLOWEST-FASTEST, whole mm/s; `speed` forces it, drawing nothing,
    so a registered condition keeps the other values it had at the nominal speed). Jointly drawn:
    the machines' rates (uniform 0.2-1 part/s) are drawn again until their sum is
    at most 60 % of the feed rate (uniform 1-2.5 parts/s; `dense` draws it from 2-2.5); a start
    level (uniform 0 to the high mark) is at least what the machine needs to wait no more than
    1 s for the first part its hopper can get from power-up (_arrival_s: a hopper at the end of
    the belt cannot be reached sooner). `low_start` forces that machine's hopper to that least
    level. Independent: each arm's swing time, each arm at its end one time in four, 0-3 parts
    on the belt at power-up (upstream of arm 1's grid), 0-2 stops per machine (5-30 s, starting
    3-60 s), one machine in three starting late (5-20 s), quotas about RUN_S s of running."""
    if speed is None:
        speed = float(round(rng.uniform(SLOWEST, FASTEST)))
    while True:
        feed = round(rng.uniform(2.0, 2.5) if dense else rng.uniform(1.0, 2.5), 2)
        rates = [round(rng.uniform(0.2, 1.0), 2) for _ in MACHINES]
        if sum(rates) <= DEMAND_SHARE * feed:
            break
    # at most one hopper at or below its low switch at power-up (which of two low hoppers is the
    # nearer to empty no program can tell, and only one can be served at a time); that one holds at
    # least what its machine needs to wait no more than 1 s for the first part it can get
    lowest = low_start if low_start is not None else (rng.choice(MACHINES) if rng.random() < 0.6 else None)
    levels = []
    for k in MACHINES:
        least = max(0, math.ceil(rates[k - 1] * (_arrival_s(k, speed) - 1.0)) - 1)
        if k == lowest:
            levels.append(least if low_start == k else rng.randint(least, LOW_MARK))
        else:
            levels.append(rng.randint(LOW_MARK + 1, HIGH_MARK))
    starts = [0.0, 0.0, 0.0]
    if late is not None or rng.random() < 1 / 3:
        k = late if late is not None else rng.choice(MACHINES)
        starts[k - 1] = round(rng.uniform(5.0, 20.0), 1)
    stop_plan = []
    for _ in MACHINES:
        n = stops if stops is not None else rng.randint(0, 2)
        plan, t = [], rng.uniform(3.0, 20.0)
        for _ in range(n):
            length = round(rng.uniform(5.0, 30.0), 1)
            a = round(t, 1)
            plan.append([a, round(a + length, 1)])
            t += length + rng.uniform(5.0, 25.0)
            if t > 60.0:
                break
        stop_plan.append(plan)
    quotas = [max(8, min(28, round(r * RUN_S))) for r in rates]
    for k in MACHINES:          # every machine done by FINISH_BY: its last stops dropped otherwise
        while (stop_plan[k - 1]
               and _finish_s(rates[k - 1], quotas[k - 1], starts[k - 1], stop_plan[k - 1]) > FINISH_BY):
            stop_plan[k - 1].pop()
    count = on_belt if on_belt is not None else rng.randint(0, 3)
    at, x = [], EYE_AT + rng.uniform(40.0, 80.0)
    for _ in range(count):
        if x > PIVOTS[0] - APPROACH_MM - 60.0:
            break
        at.append(round(x, 1))
        x += rng.uniform(70.0, 120.0)
    ends = arms_at_end if arms_at_end is not None else [int(rng.random() < 0.25) for _ in MACHINES]
    return dict(belt_speed=speed, feed_rate=feed, rate=rates,
                level=levels, start_s=starts, stops=stop_plan, quota=quotas,
                swing_s=[round(rng.uniform(0.2, 0.4), 2) for _ in MACHINES], arms_at_end=list(ends),
                on_belt=len(at), on_belt_at=at,
                stop_s=[round(b - a, 1) for plan in stop_plan for a, b in plan],
                stop_at=[a for plan in stop_plan for a, _ in plan])


def _describe(p) -> str:
    notes = [f"belt {p['belt_speed']:g} mm/s", f"feed {p['feed_rate']:g}/s",
             "rates " + "/".join(f"{r:g}" for r in p["rate"]),
             "levels " + "/".join(str(v) for v in p["level"])]
    for k, t in enumerate(p["start_s"], 1):
        if t:
            notes.append(f"machine {k} starts at {t:g} s")
    for k, plan in enumerate(p["stops"], 1):
        notes += [f"machine {k} stops {a:g}-{b:g} s" for a, b in plan]
    if any(p["arms_at_end"]):
        out = ", ".join(str(k) for k, e in enumerate(p["arms_at_end"], 1) if e)
        notes.append(f"arm {out} at its end")
    if p["on_belt"]:
        notes.append(f"{p['on_belt']} parts on the belt")
    return ", ".join(notes)


def _cond(name: str, seed: int, description: str, **force) -> Condition:
    p = _draw(random.Random(seed), **force)
    return Condition(name, seed, p, f"{description} ({_describe(p)})", disturbances=())


CONDITIONS = [
    _cond("nominal", 1401, "moderate feed at the nominal belt speed, no late start", late=None, stops=1,
          arms_at_end=[0, 0, 0], on_belt=0, speed=BELT_SPEED),
    _cond("dense_feed", 1402, "a dense stream on a fast belt: every switch-over needs a gap made at the "
          "feeder", dense=True, stops=1, arms_at_end=[0, 0, 0], speed=460.0),
    _cond("last_low_arm1_out", 1403, "hopper 3 nearly empty at power-up while arm 1 stands at its end, parts "
          "on the belt, the slowest belt", low_start=3, arms_at_end=[1, 0, 0], on_belt=3, stops=1,
          speed=SLOWEST),
    _cond("late_start_stops", 1404, "a machine starting late, two stops per machine, the fastest belt",
          late=2, stops=2, speed=FASTEST),
    _cond("mixed", 1405, "dense feed on a slow belt, a low hopper, arms out, stops", dense=True,
          low_start=2, arms_at_end=[0, 1, 1], stops=2, on_belt=2, speed=340.0),
    # drawn by the sampler (bench.sweep seed 0, condition 33), kept for what it shows: hopper 1
    # low at power-up behind arms 1 and 2 at their ends; a program whose switch-overs wait the
    # gaps of the slowest belt instead of reading the grids starves machine 2 (S1) on this fast
    # belt
    Condition("fast_belt_two_low", 1406, P_FAST_TWO_LOW := dict(
        belt_speed=434.0, feed_rate=2.45, rate=[0.36, 0.57, 0.41], level=[2, 14, 11], start_s=[0.0, 0.0, 0.0],
        stops=[[], [], [[13.5, 37.3]]], quota=[10, 16, 11], swing_s=[0.31, 0.3, 0.26], arms_at_end=[1, 1, 0],
        on_belt=0, on_belt_at=[], stop_s=[23.8], stop_at=[13.5]),
        f"a fast belt, hopper 1 nearly empty behind two arms at their ends ({_describe(P_FAST_TWO_LOW)})",
        disturbances=()),
    # drawn by the sampler (bench.sweep seed 0, condition 105), kept for what it shows: hopper 1
    # nearly empty at power-up, a part on the belt that no arm takes, a slow belt; a program that
    # switches only once the feed eye and all three grids are clear waits for that part to pass
    # arm 3 and starves machine 1 (S1)
    Condition("low_part_on_belt", 1407, P_LOW_PART_ON_BELT := dict(
        belt_speed=304.0, feed_rate=2.48, rate=[0.62, 0.28, 0.32], level=[1, 10, 10], start_s=[0.0, 0.0, 0.0],
        stops=[[[14.6, 31.2], [45.8, 52.1]], [[16.3, 41.7], [51.3, 64.1]], [[15.7, 21.6], [27.0, 50.1]]],
        quota=[17, 8, 9], swing_s=[0.35, 0.2, 0.32], arms_at_end=[0, 0, 0], on_belt=1, on_belt_at=[327.9],
        stop_s=[16.6, 6.3, 25.4, 12.8, 5.9, 23.1], stop_at=[14.6, 45.8, 16.3, 51.3, 15.7, 27.0]),
        f"a slow belt, hopper 1 nearly empty at power-up and a part on the belt no arm takes "
        f"({_describe(P_LOW_PART_ON_BELT)})", disturbances=()),
    # a corner of the published ranges (round 2 of the Hard review): the slowest belt, the top feed
    # rate, the fastest machine (1 part/s) on the last hopper and the slowest arms; hopper 1 low at
    # power-up, hopper 3 going low (at 4 s) while hopper 1 is still refilling. Its low switch leaves
    # 9 s, the switch-over to the last arm takes about 7 s here: a program that goes on filling the
    # first hopper after another has gone low (or that guesses every machine's rate) starves
    # machine 3 (S1); one that turns the stream as soon as hopper 3 is low has about 1.5 s to spare
    Condition("fast_machine_low_while_refilling", 1408, P_FAST_LOW_REFILL := dict(
        belt_speed=SLOWEST, feed_rate=2.5, rate=[0.2, 0.2, 1.0], level=[4, 13, 10], start_s=[0.0, 0.0, 0.0],
        stops=[[], [], []], quota=[8, 8, 28], swing_s=[0.4, 0.4, 0.4], arms_at_end=[0, 0, 0],
        on_belt=0, on_belt_at=[], stop_s=[], stop_at=[]),
        f"the slowest belt, the fastest machine's hopper going low while the first hopper refills "
        f"({_describe(P_FAST_LOW_REFILL)})", disturbances=()),
]


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample); see _draw."""
    p = _draw(rng)
    return dict(params=p, description=_describe(p), disturbances=())


PLANT = f"""\
Top view, millimetres. The supply belt (100 mm wide) runs along x from x = 0 to
x = {BELT_LENGTH:g} at y = 0, parts travelling toward +x. The feeder puts parts down at
x = {FEED_AT:g}; the feed eye is at x = {EYE_AT:g}. Arms 1-3 pivot beside the belt's right edge at
x = {PIVOTS[0]:g}, {PIVOTS[1]:g} and {PIVOTS[2]:g}; home, each lies along that edge pointing
downstream; at its end it reaches across the belt at 38 degrees. Hopper k's mouth lies beside the
left edge (y > 50) from its arm's pivot to {MOUTH_MM:g} mm downstream, behind a gap in the guide,
with its machine beyond it; the recirculation conveyor takes what runs off the belt end
(x > {BELT_LENGTH:g})."""

TASK = Task(
    id="MAT-H14", title="Demand-based distribution", suite="MAT", level="H",
    summary="One feeder and belt, three swing arms into three machine hoppers: allocate the parts by need "
            "(no machine starved, no hopper overfilled, arms moved only in gaps, feeder off when all are "
            "high).",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=TIME_LIMIT_S, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
