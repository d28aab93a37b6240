"""MOT-H03 Two pickers tracking one belt.

Parts ride a belt past an eye that latches the line count at each rising edge (a part's leading
edge reaching the clear eye). The infeed meters the parts by belt travel: within a burst each is
put on when the belt has moved its spacing since the one before, so they come 120-200 mm apart
(centre to centre) whatever the belt's speed, and never less than 120 mm apart. Two pick heads
over the belt, each an X carriage on a synchronous servo (cyclic position mode: the program
writes the setpoint every scan), a Z stroke and a gripper, reach overlapping stretches of the
belt; picker 1 places into its tray upstream of the belt, picker 2 into its tray past the belt's
end. The program tracks every part from its latched count, shares the parts between the two
pickers so that none reaches the belt's end, rides each head along with its part (within 2 mm)
to lower, grip and lift it, keeps the carriages 150 mm apart, and when the plant calls picker 2
out of service lets it finish and park while picker 1 carries on alone with the belt slowed.

Two jobs share the belt and its parts (the resource): picker 1's and picker 2's. Each is judged
on its own (a part gripped must be in its tray within 3 s; S4: picker 2 takes no part once out of
service); a program that lets one picker wait on the other loses parts off the belt's end (S3)
within the belt's travel time, a stated deadline.

Changed from the catalog, and why (the time for this task was short):
- 9 parts (three bursts of 3), not 20; with a part held at power-up 10: the closed loop and the
  battery stay short; the bursts and the service call still overload a lone picker.
- picker 2's outage (the catalog's "P2 out from 20 s") is a service call that arrives while
  both jobs run, 7-12 s into the run: picker 2 finishes the part it holds and parks; it is not a
  drive that trips (five Hard tasks already use that).
- "slow belt when saturated" is stated as S5: the belt may run slow (30 % speed) only while
  picker 2 is out of service; a program that always runs the belt slow breaks it.
- the catalog's S4 "X toward part only Z up" is folded into S1: the Z may be out of its top over
  the belt only with the head synced to the part it goes for (or holds), so a head cannot travel
  toward a part with its Z down.
- S1's "moving with the belt" is 40 mm/s: a head locked on its part lags a belt ramping at
  600 mm/s^2 (a host step, slow_belt) by 2-3 scans; the 2 mm position band is the catalog's.
- slow_belt runs the belt at 30 % (a lone picker's cycle to its tray is 2-3 s; half speed left
  a burst more than it could take in its reach).
- line speed 150-350 mm/s (catalog 100-400) with one step: a burst of 3 at 400 mm/s with the
  tightest spacing is more than two heads' cycles inside their reach; at 100 mm/s a run is long.

Proof (bench.sweep -n 200 --seed 1): the reference passes 200 of 200 sampled conditions. The
first sweeps (175-182 of 200) found the reference weak, not a draw no program can serve: parts
lost (S3) after a step up to 290-350 mm/s, and most of them with the service call, where (1)
picker 1 alone would not go for a part past a fixed 1500 - 1.5 s x belt speed although it could
still lock onto it within its reach at the slowed belt, (2) picker 1 chased the oldest part all
the way from its tray while a young one lay beside it, (3) both heads accelerated at 3000 mm/s^2
where the drives take 4000, and settled within 1 mm at the tray where the tray takes a part
within 20 mm; and (4) two carriages closing on each other faster than they could brake came
under 150 mm (S2). The reference now estimates where it can lock on, works from the upstream end
for picker 1, ramps at 3500 mm/s^2, opens on the way into the tray and bounds each carriage's
speed by its braking distance to the other; its registered traces changed (pins updated). The
second program, fixed the same way in its own words (191 -> 199 of 200), still lost one draw
(a service call at 9.85 s with the belt at 349 mm/s, where picker 1 alone left a part to run off
the end): its schedule's weakness, not the plant's (the reference served that draw; fixed below).
Then the infeed was made honest (review): parts had been fed at times worked out for the host's
speed, so on a belt slowed to 30 % (picker 2 out) they came 36-60 mm apart centre to centre, 60
mm long, overlapping, against the promised 120-200 mm, and the device latched every leading edge
even with the eye still blocked (no real latch does). Now the infeed meters parts by belt travel
(spacing exact at any belt speed, no part less than 120 mm of belt after the one before; the
bursts' start times stay timed) and the latch fires on the eye's rising edge only (stated in the
plant description). The new timing (a slowed burst spread out in time) exposed one draw (a
service call at 9.85 s with the belt at 349 mm/s) where both programs let picker 1 keep going for
the part it had chosen before the call, or leave the oldest one while picker 2 was still in its
way on the way to park, so a part ran past picker 1's reach: both now choose again at the call,
oldest first, and treat a parked-bound picker 2 as out of the way (second_correct also plans with
the slowed speed while the belt runs down, and reckons 0.7 s, not 0.9 s, of lock-on overhead):
reference and second 200 of 200, slowest correct run 29.8 s.
Blind 0, token-blind 0, lookup table 82 of 200 (it never parks picker 2 when called out).
Blind-written program (counterexamples/blind_written.st): 0 of 5, 0 of 200.

Test cost: the first part lost ends the run (the completion can no longer happen) and the time
limit is 36 s (the slowest correct run of the 200 sampled completed by 32.4 s before the fixes,
30.0 s after, 29.8 s with the metered infeed), so the failing programs of the battery stop where
their verdict is settled.
"""

from __future__ import annotations

import functools
import random

from sim import judges
from sim.devices.belt_pickers import BeltPickers
from sim.devices.sync_axis import SETPOINT_RULE, SyncAxis
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun

END_MM = 2400.0
EYE_MM = 250.0
PART_MM = 60.0
TRAY1, TRAY2 = -150.0, 2550.0
REACH1 = (-170.0, 1700.0)
REACH2 = (700.0, 2570.0)
APART_MM = 150.0
SYNC_MM = 2.0
TAKE_MM = 4.0  # the device's take_mm: a head this close to a part's centre takes it (S1 judges there)
SYNC_V = 40.0  # mm/s: a head locked on a part lags a belt ramping at 600 mm/s^2 by 2-3 scans
PLACE_S = 3.0
LATE_MM = 1200.0
HOLD_S = 1.0
COUNTS_PER_MM = 10.0
Z_S, GRIP_S = 0.15, 0.08
X_SPEED, X_ACCEL = 2000.0, 4000.0
TIME_LIMIT_S = 36.0  # the slowest correct run of 200 sampled completes by 29.8 s (second_correct.st)
BURSTS = 3
PER_BURST = 3
MIN_GAP_MM = 120.0  # the infeed puts no part on less than this much belt after the one before


def _bursts(p) -> list[tuple[float, tuple[float, ...]]]:
    """Each burst from its start time; within it the infeed puts each part on when the belt has
    moved the burst's spacing since the one before (metered by belt travel, at any belt speed)."""
    return [(t0, (p["spacing_mm"][b],) * (PER_BURST - 1)) for b, t0 in enumerate(p["burst_s"])]


def _axis(name: str, motor_x: float, start_mm: float, label: str) -> SyncAxis:
    return SyncAxis(name, center=(motor_x, 20.0), start_mm=start_mm, max_speed=X_SPEED, accel=X_ACCEL,
                    kv=40.0, fe_limit_mm=5.0, label=label, circumference_mm=120.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    # each carriage's drive motor at its end of the rail (picker 1 upstream, picker 2 downstream)
    a1 = plant.add(_axis("x1", -180.0, p["x1_mm"], "picker 1 X"))
    a2 = plant.add(_axis("x2", 2820.0, p["x2_mm"], "picker 2 X"))
    plant.add(
        BeltPickers(
            "line",
            a1,
            a2,
            bursts=_bursts(p),
            min_gap_mm=MIN_GAP_MM,
            take_mm=TAKE_MM,
            speed=p["line_speed"],
            end_mm=END_MM,
            eye_mm=EYE_MM,
            length_mm=PART_MM,
            counts_per_mm=COUNTS_PER_MM,
            start_count=p["start_count"],
            trays=(TRAY1, TRAY2),
            z_s=(Z_S, Z_S),
            grip_s=(GRIP_S, GRIP_S),
            held1=bool(p["held1"]),
            service_at=p["service_s"],
            late_mm=LATE_MM,
        )
    )
    return plant


# --- judges -----------------------------------------------------------------------------------


def _total(p) -> int:
    return BURSTS * PER_BURST + int(bool(p["held1"]))


def _placed(s):
    d = s.devices
    return d.placed[1] + d.placed[2]


def _at_rest(s) -> bool:
    d = s.devices
    h1, h2 = d.heads
    ok = all(h.z <= 0.0 and h.part is None and h.g <= 0.0 for h in d.heads)
    if d.in_service:
        ok = ok and abs(h2.axis.pos - TRAY2) <= 20.0
    return ok and not d.slow and h1.axis.pos < h2.axis.pos


class _PlacePrompt(judges.Judge):
    """Each picker's own job, judged on its own: a part it grips (or holds at power-up) is in
    its tray within PLACE_S, and its Z is out of its top at most PLACE_S at a time (a head that
    lowers and waits, or waits on the other with its Z down, misses). Written for this task: the
    two heads' grips come from the device's log, not from a single signal (shared judges take one)."""

    name = "every gripped part in its tray within 3 s"

    def __init__(self):
        super().__init__()
        self.since = [None, None, None]  # by picker number

    def update(self, s):
        t = s.time_ms / 1000.0
        since = self.since
        for k, h in ((1, s.devices.heads[0]), (2, s.devices.heads[1])):
            if h.part is None and h.z <= 0.0:
                since[k] = None
                continue
            if since[k] is None:
                since[k] = t
            elif t - since[k] > PLACE_S:
                what = f"holding part {h.part['n']}" if h.part is not None else "with its Z out of its top"
                self.failed = f"picker {k} has been {what} for {PLACE_S:g} s without placing a part ({t:g} s)"
                return False
        return False


def _completion():
    inner = judges.in_order(
        judges.distinct("every part placed in a tray", _placed, lambda s: _total(s.params)),
        judges.held("both pickers up and empty, picker 2 parked if called out, belt at speed",
                    _at_rest, HOLD_S),
        name="all parts placed, pickers at rest",
    )
    return MissEndsTheRun(_Both(inner, _PlacePrompt()))


class _Both(judges.Judge):
    """The completion and the per-job promptness watch: done with the first, failed at the
    watch's first miss or at the first part lost (every part placed can no longer happen: the
    verdict is settled, so MissEndsTheRun ends the run there, S3 recorded in the same scan)."""

    def __init__(self, inner, watch):
        super().__init__()
        self.inner, self.watch, self.name = inner, watch, inner.name

    def bind(self, plant):
        self.inner.bind(plant)
        self.watch.bind(plant)

    def update(self, s):
        lost = s.devices.lost
        if lost:
            self.failed = f"part {lost[0]} was lost ({s.time_ms / 1000:g} s): not every part can be placed"
            return False
        self.watch.update(s)
        if self.watch.failed:
            self.failed = self.watch.failed
            return False
        if self.inner.update(s):
            return self._finish(s)
        self.failed = self.inner.failed
        return False

    def events(self):
        return self.inner.events()

    def pending(self):
        return self.inner.pending()


class _Synced(judges.Monitor):
    """S1 from the device's Z log: Z out of its top over the belt only with the head within
    SYNC_MM of the part under it (or holding it) and moving with the belt within SYNC_V."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = s.devices.z_log
        msg = None
        while self.seen < len(log):
            t, k, x, under, vx, vb, held = log[self.seen]
            self.seen += 1
            # a head up to TAKE_MM past either end still takes a part lying at that end
            if msg or not -TAKE_MM <= x <= END_MM + TAKE_MM:
                continue
            if under is None or abs(under - x) > SYNC_MM:
                msg = (f"picker {k}'s Z was out of its top at {t:g} s with no part within {SYNC_MM:g} mm "
                       "under it")
            elif abs(vx - vb) > SYNC_V:
                msg = (
                    f"picker {k}'s Z was out of its top at {t:g} s with the head at {vx:.0f} mm/s and the "
                    f"belt at {vb:.0f} mm/s"
                )
        return msg


def _apart(s):
    h1, h2 = s.devices.heads
    x1, x2 = h1.axis.pos, h2.axis.pos
    if REACH1[0] - 1.0 <= x1 <= REACH1[1] + 1.0 and REACH2[0] - 1.0 <= x2 <= REACH2[1] + 1.0:
        gap = x2 - x1
        if gap >= APART_MM - 1e-6:
            return None
        return f"the pickers came {gap:.0f} mm apart (at least {APART_MM:g})"
    for k, x, (lo, hi) in ((1, x1, REACH1), (2, x2, REACH2)):
        if not lo - 1.0 <= x <= hi + 1.0:
            return f"picker {k}'s carriage at {x:.0f} mm is outside its reach {lo:g}..{hi:g} mm"


def _none_lost(s):
    d = s.devices
    return f"part {d.lost[0]} was lost off the belt" if d.lost else None


class _OutMeansOut(judges.Monitor):
    """S4: after the service call picker 2 lowers its Z only onto a part that was past LATE_MM
    at the call (picker 1 may not reach it in time) or one it had its Z out for then."""

    def __init__(self):
        self.out_before = False

    def check(self, s):
        d = s.devices
        h2 = d.heads[1]
        out = h2.z > 0.0
        fresh = out and not self.out_before
        self.out_before = out
        if not d.in_service or not fresh or h2.part is not None:
            return None
        under = d.part_under(2)
        if under is None or under["n"] not in (d.service_allowed or set()):
            return (
                f"picker 2 lowered its Z at {s.time_ms / 1000:g} s after its service call for a part that "
                f"was not past {LATE_MM:g} mm at the call"
            )
        return None


def _slow_only_out(s):
    d = s.devices
    return None if (not d.slow or d.in_service) else "the belt was run slow with both pickers in service"


# --- conditions -------------------------------------------------------------------------------


def _set_speed(plant, speed):
    plant["line"].speed = speed


def _cond(
    name,
    seed,
    description,
    *,
    line_speed,
    step_s,
    speed2,
    bursts,
    spacing,
    x1=400.0,
    x2=2000.0,
    held1=0,
    service_s=None,
    start_count=0,
):
    params = dict(
        line_speed=line_speed,
        step_s=step_s,
        speed2=speed2,
        burst_s=list(bursts),
        spacing_mm=list(spacing),
        x1_mm=x1,
        x2_mm=x2,
        held1=held1,
        service_s=service_s,
        start_count=start_count,
    )
    dist = (
        Disturbance(
            step_s,
            f"the host changes the line speed to {speed2:g} mm/s",
            functools.partial(_set_speed, speed=speed2),
        ),
    )
    return Condition(name, seed, params, description, disturbances=dist)


# One line of plant per condition: the host's speeds and step, the bursts and their spacings, the
# carriages at power-up, a part held, the service call, the line count at power-up.
CONDITIONS = (
    _cond("steady_bursts", 301, "line 250 mm/s then 320; three bursts 160-200 mm apart",
          line_speed=250.0, step_s=9.0, speed2=320.0, bursts=(0.5, 5.5, 11.0), spacing=(180, 160, 200),
          start_count=31500),
    _cond("p1_holds_a_part", 302, "picker 1 holds a part at power-up; line 200 then 160 mm/s",
          line_speed=200.0, step_s=6.0, speed2=160.0, bursts=(0.3, 6.0, 12.0), spacing=(150, 200, 170),
          x1=900.0, x2=1800.0, held1=1, start_count=-5000),
    _cond("p2_called_out", 303, "picker 2 called out of service at 8 s; line 300 mm/s then 260",
          line_speed=300.0, step_s=4.0, speed2=260.0, bursts=(0.5, 5.0, 9.5), spacing=(170, 150, 190),
          service_s=8.0, start_count=12000),
    _cond("fast_tight_bursts", 304, "line 340 then 220 mm/s; bursts 120-140 mm apart (closer than the heads)",
          line_speed=340.0, step_s=7.0, speed2=220.0, bursts=(0.4, 5.2, 10.5), spacing=(130, 120, 140),
          x1=200.0, x2=1300.0),
    _cond("speeds_up_then_p2_out", 305,
          "picker 1 holds a part; line 160 up to 330 mm/s; picker 2 out at 11 s",
          line_speed=160.0, step_s=5.0, speed2=330.0, bursts=(0.2, 6.5, 11.5), spacing=(200, 140, 160),
          x1=1200.0, x2=2400.0, held1=1, service_s=11.0, start_count=32000),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges: speeds 150-350 (a step at 3-10 s), bursts 4.8-6 s
    apart (two heads' cycles), spacings 120-200 mm, starting carriages 150+ mm apart, a part held
    one time in three, a service call at 7-12 s one time in two."""
    v, v2 = round(rng.uniform(150, 350)), round(rng.uniform(150, 350))
    t0 = round(rng.uniform(0.2, 1.0), 2)
    bursts = [t0, round(t0 + rng.uniform(4.8, 6.0), 2)]
    bursts.append(round(bursts[1] + rng.uniform(4.8, 6.0), 2))
    x1 = round(rng.uniform(0.0, 1500.0))
    x2 = round(rng.uniform(max(x1 + 300.0, 900.0), 2500.0))
    cond = _cond(
        "sampled",
        0,
        "",
        line_speed=v,
        step_s=round(rng.uniform(3.0, 10.0), 2),
        speed2=v2,
        bursts=bursts,
        spacing=[round(rng.uniform(120, 200)) for _ in range(BURSTS)],
        x1=x1,
        x2=x2,
        held1=int(rng.random() < 0.33),
        service_s=round(rng.uniform(7.0, 12.0), 2) if rng.random() < 0.5 else None,
        start_count=rng.randint(-32768, 32767),
    )
    p = cond.params
    desc = f"line {v:g} then {v2:g} mm/s" + (
        f", picker 2 out at {p['service_s']:g} s" if p["service_s"] else ""
    )
    return dict(params=p, description=desc, disturbances=cond.disturbances)


def _io():
    L = "line"
    return (
        IOPoint(
            "%IX0.0",
            "part_eye",
            "BOOL",
            "input",
            L,
            "eye",
            f"Photo-eye across the belt {EYE_MM:g} mm from the infeed end: TRUE while a part blocks it",
        ),
        IOPoint("%IX0.1", "z1_up", "BOOL", "input", L, "z1_up", "Picker 1's Z at its top (TRUE)"),
        IOPoint(
            "%IX0.2",
            "z1_down",
            "BOOL",
            "input",
            L,
            "z1_down",
            "Picker 1's Z at its bottom, at part height (TRUE)",
        ),
        IOPoint(
            "%IX0.3",
            "gripped1",
            "BOOL",
            "input",
            L,
            "gripped1",
            "Picker 1's gripper closed on a part (TRUE); closed on nothing reads FALSE",
        ),
        IOPoint("%IX0.4", "z2_up", "BOOL", "input", L, "z2_up", "Picker 2's Z at its top (TRUE)"),
        IOPoint("%IX0.5", "z2_down", "BOOL", "input", L, "z2_down", "Picker 2's Z at its bottom (TRUE)"),
        IOPoint(
            "%IX0.6", "gripped2", "BOOL", "input", L, "gripped2", "Picker 2's gripper closed on a part (TRUE)"
        ),
        IOPoint(
            "%IX0.7",
            "p2_service",
            "BOOL",
            "input",
            L,
            "p2_service",
            "TRUE from the moment picker 2 is called out of service (stays TRUE for the run)",
        ),
        IOPoint(
            "%IX1.0", "x1_ready", "BOOL", "input", "x1", "ready", "Picker 1's X drive enabled and not faulted"
        ),
        IOPoint(
            "%IX1.1",
            "x1_fault",
            "BOOL",
            "input",
            "x1",
            "fault",
            "Picker 1's X drive faulted (following error over 5 mm); a rising edge on x1_reset clears it",
        ),
        IOPoint(
            "%IX1.2", "x2_ready", "BOOL", "input", "x2", "ready", "Picker 2's X drive enabled and not faulted"
        ),
        IOPoint("%IX1.3", "x2_fault", "BOOL", "input", "x2", "fault", "Picker 2's X drive faulted"),
        IOPoint(
            "%IW0",
            "line_count",
            "INT",
            "input",
            L,
            "count",
            f"Line encoder: {COUNTS_PER_MM:g} counts per mm of belt travel, counting up, 16-bit: wraps "
            "from 32767 to -32768",
            "counts",
            "-32768..32767",
        ),
        IOPoint(
            "%IW1",
            "edge_count",
            "INT",
            "input",
            L,
            "edge_count",
            "The line count latched at the eye's last rising edge (the instant the last part's leading "
            "edge reached the eye)",
            "counts",
            "-32768..32767",
        ),
        IOPoint(
            "%IW2", "edges", "INT", "input", L, "edges", "Rising edges of the eye latched since power-up", "",
            "0.."
        ),
        IOPoint(
            "%IW3",
            "x1_position",
            "INT",
            "input",
            "x1",
            "position",
            "Picker 1's X position along the belt (0 = infeed end)",
            "0.1 mm",
            "-1500..17000",
        ),
        IOPoint(
            "%IW4",
            "x2_position",
            "INT",
            "input",
            "x2",
            "position",
            "Picker 2's X position along the belt (0 = infeed end)",
            "0.1 mm",
            "7000..25500",
        ),
        IOPoint(
            "%QX0.0",
            "slow_belt",
            "BOOL",
            "output",
            L,
            "slow",
            "TRUE: the belt runs at 30 % of the host's speed (ramping at 600 mm/s^2)",
        ),
        IOPoint(
            "%QX0.1", "z1_lower", "BOOL", "output", L, "z1_lower", "TRUE lowers picker 1's Z, FALSE raises it"
        ),
        IOPoint(
            "%QX0.2", "grip1", "BOOL", "output", L, "grip1", "TRUE closes picker 1's gripper, FALSE opens it"
        ),
        IOPoint("%QX0.3", "z2_lower", "BOOL", "output", L, "z2_lower", "TRUE lowers picker 2's Z"),
        IOPoint("%QX0.4", "grip2", "BOOL", "output", L, "grip2", "TRUE closes picker 2's gripper"),
        IOPoint("%QX0.5", "x1_enable", "BOOL", "output", "x1", "enable", "Enables picker 1's X drive"),
        IOPoint("%QX0.6", "x2_enable", "BOOL", "output", "x2", "enable", "Enables picker 2's X drive"),
        IOPoint(
            "%QX0.7", "x1_reset", "BOOL", "output", "x1", "reset", "Rising edge clears picker 1's drive fault"
        ),
        IOPoint(
            "%QX1.0", "x2_reset", "BOOL", "output", "x2", "reset", "Rising edge clears picker 2's drive fault"
        ),
        IOPoint(
            "%QW0",
            "x1_setpoint",
            "INT",
            "output",
            "x1",
            "setpoint",
            "Picker 1's X position setpoint, written every scan; the drive follows it (velocity "
            f"feed-forward from its change per scan); {SETPOINT_RULE}",
            "0.1 mm",
            "-1500..17000",
        ),
        IOPoint(
            "%QW1",
            "x2_setpoint",
            "INT",
            "output",
            "x2",
            "setpoint",
            f"Picker 2's X position setpoint, taken as picker 1's is; {SETPOINT_RULE}",
            "0.1 mm",
            "7000..25500",
        ),
    )


TASK = Task(
    id="MOT-H03",
    title="Two pickers tracking one belt",
    suite="MOT",
    level="H",
    summary="Share the parts on a belt between two pick heads on synchronous X drives: track each part "
    "from its latched count, ride along, grip and place it, keep the heads apart, lose none, and "
    "carry on with one head and a slowed belt when the other is called out of service.",
    plant_description=(
        f"A belt {END_MM:g} mm long runs at the host's speed (150-350 mm/s, changed once during the run, "
        f"ramping at 600 mm/s^2); parts {PART_MM:g} mm long arrive at its infeed end (0 mm) in bursts of "
        f"{PER_BURST}; the upstream transfer meters them by the belt's travel: within a burst each part "
        "goes on when the belt has moved the burst's spacing (120-200 mm, centre to centre) since the one "
        "before, whatever the belt's speed (on a slowed belt they come further apart in time, not closer on "
        "the belt), and no part goes on "
        f"less than {MIN_GAP_MM:g} mm of belt after the one before; a part whose centre passes {END_MM:g} mm "
        f"falls off the end. A photo-eye at {EYE_MM:g} mm sees them; the encoder card latches the line count "
        f"at each rising edge of the eye (a part's leading edge reaching it; {COUNTS_PER_MM:g} counts per "
        "mm). "
        "Two pick heads hang over the belt on X carriages along it, each driven by a synchronous servo in "
        f"cyclic position mode (up to {X_SPEED:g} mm/s and {X_ACCEL:g} mm/s^2; a following error over 5 mm "
        f"faults the drive). Picker 1 reaches {REACH1[0]:g}..{REACH1[1]:g} mm and places into its tray at "
        f"{TRAY1:g} mm (before the belt's start); picker 2 reaches {REACH2[0]:g}..{REACH2[1]:g} mm and "
        "places "
        f"into its tray at {TRAY2:g} mm (past the belt's end). Each head has a Z stroke ({Z_S * 1000:g} ms "
        f"down or up) and a gripper ({GRIP_S * 1000:g} ms to close or open). A gripper that finishes "
        f"closing with its Z down takes the part whose centre is within {TAKE_MM:g} mm of the head; "
        "opening it "
        "within 20 mm of the head's tray places the part there, opening it over the belt puts the part "
        "back on the belt. At power-up picker 1 may hold a part (gripper closed, Z up), the carriages "
        "stand anywhere in their reach and the line count may be anywhere. Picker 2 may be called out "
        "of service during the run (p2_service)."
    ),
    specification=(
        "1. Enable both X drives and write both setpoints every scan. Track each part from the count "
        "latched at its leading edge: its centre is then at "
        f"{EYE_MM - PART_MM / 2:g} mm and moves with the belt's count.\n"
        "2. Share the parts between the pickers so that none reaches the belt's end. To pick, bring the "
        f"head over the part's centre moving with the belt; lower the Z only with the head within "
        f"{SYNC_MM:g} mm of the part's centre and its speed within {SYNC_V:g} mm/s of the belt's, and keep "
        "it so until the Z is back at its top; grip at the bottom, lift, carry the part to the head's "
        "tray and open the gripper there.\n"
        f"3. Each picker's job is judged on its own: from the scan its Z leaves its top (or from power-up "
        f"for a part held then) it has {PLACE_S:g} s to have the part in its tray with its Z up.\n"
        f"4. The carriages must always be at least {APART_MM:g} mm apart (picker 1 upstream).\n"
        "5. When p2_service comes on, picker 2 may still take the parts whose centres were past "
        f"{LATE_MM:g} mm at that moment (and the one it has its Z out for); then it parks at its tray and "
        "takes no more; picker 1 takes every other part from then on. The "
        "belt may run slow (slow_belt) only while picker 2 is out of service; use it then to give picker "
        "1 the time.\n"
        "6. When every part is in a tray: both heads with Z up and grippers open, picker 2 at its tray if "
        "called out, the belt at speed (slow_belt FALSE), and stay so.\n"
        "The speeds, bursts, spacings, start positions and the service call differ from run to run."
    ),
    io=_io(),
    completion=Completion(
        "Every part is in a tray (none lost); then both heads stay with Z up and grippers open, picker 2 at "
        f"its tray if it was called out of service, and slow_belt FALSE, for {HOLD_S:g} s. A picker that has "
        f"its Z out of its top or holds a part for more than {PLACE_S:g} s ends the run there.",
        _completion,
        keep=_at_rest,
        keep_wording="both heads with Z up and grippers open, picker 2 at its tray if called out, "
        "belt at speed.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-H03-S1",
            f"A Z may be out of its top over the belt (or within {TAKE_MM:g} mm past either end, where it "
            f"can still take a part) only with its head within {SYNC_MM:g} "
            f"mm of the centre of the part under it (or holding it) and moving with the belt within "
            f"{SYNC_V:g} mm/s.",
            _Synced(),
        ),
        SafetyRule(
            "MOT-H03-S2",
            f"The two carriages must always be at least {APART_MM:g} mm apart, each "
            "within its reach (1 mm over is a hit on its end stop).",
            _apart,
        ),
        SafetyRule("MOT-H03-S3", "No part may fall off the belt's end or be dropped off a tray.", _none_lost),
        SafetyRule(
            "MOT-H03-S4",
            "Once called out of service, picker 2 may lower its Z only onto a part that "
            f"was past {LATE_MM:g} mm at the call.",
            _OutMeansOut(),
        ),
        SafetyRule(
            "MOT-H03-S5", "The belt may run slow only while picker 2 is out of service.", _slow_only_out
        ),
    ),
    parameters=(
        ParameterRange(
            "line_speed",
            150.0,
            350.0,
            "mm/s",
            "the host's line speed before and after its step",
            keys=("line_speed", "speed2"),
        ),
        ParameterRange("step_s", 3.0, 10.0, "s", "when the host changes the line speed"),
        ParameterRange("burst_s", 0.2, 13.0, "s", "when each burst of 3 parts starts (4.8-6 s apart)"),
        ParameterRange("spacing_mm", 120.0, 200.0, "mm",
                       "centre-to-centre spacing within a burst (metered by belt travel)"),
        ParameterRange("x1_mm", 0.0, 1500.0, "mm", "picker 1's carriage at power-up"),
        ParameterRange(
            "x2_mm", 900.0, 2500.0, "mm", "picker 2's carriage at power-up (300+ mm past picker 1)"
        ),
        ParameterRange("held1", 0, 1, "", "1 = picker 1 holds a part at power-up"),
        ParameterRange(
            "service_s", 7.0, 12.0, "s", "when picker 2 is called out of service (in half the runs)"
        ),
        ParameterRange("start_count", -32768, 32767, "counts", "the line count at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    judged_devices=lambda plant: plant.device("line", BeltPickers),
)
