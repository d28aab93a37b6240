"""MAT-E07 Vacuum pick with blow-off.

A pick-and-place unit of two single-solenoid cylinders (X from the pick to the drop, Z down to
the carton) with a vacuum cup moves cartons from a pick place to a drop chute. The program
lowers the cup, switches the vacuum on, lifts once vacuum_ok has been on without a break for
100 ms, carries the carton over the drop and blows it off there. A carton with a slit flap
(leaky) makes the vacuum switch chatter before it stays on; a torn carton never gives vacuum:
after 1 s without vacuum_ok the program lets go, lifts, tries once more, then lights the alarm
and rejects it through the pick place's flap, and goes on with the next.

Judged as the judging lessons ask: the lift is judged from the Z cylinder's position (a lift
is Z leaving its lower end), "lift within 0.3 s of a stable vacuum_ok" by real progress (Z
travelling up to its upper end, sim.judges.progress_within), deliveries by distinct cartons,
and the torn carton's skip by the device's count of suction attempts on it. Two-sided: the
vacuum build-up time spans 0.05-0.6 s, so a fixed wait long enough for the slowest build is
late for a fast one, and lifting before the vacuum is stable is rule S1 (a leaky carton's
chattering switch catches a program that lifts on the first vacuum_ok or a short debounce).
Changes from the catalog: "missing one" is a torn carton (the photo-eye sees it, the cup
cannot hold it), and the skip is the reject flap, so the next carton can come; the build
time is published as vacuum on to vacuum_ok.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.machine import Part, PartPlace
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.vacuum_gripper import VacuumGripper
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task

LOT = 5                   # cartons that come, one of them torn
GOOD = LOT - 1
X_STROKE, Z_STROKE = 600.0, 250.0
MOUNT = (0.0, 600.0)      # the X cylinder's mount; the cup hangs Z_STROKE below the X rod at Z down
STABLE_S = 0.1            # vacuum_ok on without a break this long before the lift
LIFT_WITHIN_S = 0.3       # ... and the lift under way this soon after
LIFT_BY_MM = 5.0
GIVE_UP_S = 1.0           # no vacuum_ok within this: let go and try again (once), then reject
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    x0, y0 = MOUNT
    plant.add(Cylinder("x_cyl", x0, y0, angle_deg=0.0, stroke=X_STROKE, extend_s=p["x_s"],
                       retract_s=p["x_s"], plate_width=50.0, start_extended=p["x_start_extended"]))
    plant.add(Cylinder("z_cyl", x0, y0, angle_deg=-90.0, stroke=Z_STROKE, extend_s=p["z_s"],
                       retract_s=p["z_s"], plate_width=70.0))
    arrivals, t = [], p["first_s"]
    for n, gap in zip(range(1, LOT + 1), [0.0, *p["gaps_s"]], strict=True):
        t += gap
        arrivals.append((round(t, 3), Part(n, diameter=80.0, colour=(190, 150, 100))))
    plant.add(PartPlace("pick", x0, y0 - Z_STROKE - 50.0, label="pick", size=110.0, supply=arrivals,
                        ejectable=True, refill_s=0.4))
    plant.add(PartPlace("drop", x0 + X_STROKE, y0 - Z_STROKE - 150.0, label="drop chute", size=140.0,
                        capacity=None))
    plant.add(VacuumGripper("cup", "x_cyl", "z_cyl", "pick", "drop", build_s=p["build_s"],
                            chatter_s=p["chatter_s"], leaky=tuple(p["leaky"]), torn=(p["torn"],)))
    plant.add(Lamp("alarm", x=x0 + 300.0, y=y0 + 150.0, label="Alarm", color="red"))
    return plant


# --- judges -------------------------------------------------------------------------------

class _Devices:
    def __init__(self, plant: Plant):
        self.x = plant.device("x_cyl", Cylinder)
        self.z = plant.device("z_cyl", Cylinder)
        self.cup = plant.device("cup", VacuumGripper)
        self.pick = plant.device("pick", PartPlace)
        self.drop = plant.device("drop", PartPlace)


class StableVacuum:
    """Since when vacuum_ok (as the program samples it) has been on without a break; once per scan."""

    def __init__(self):
        self.scan = -1
        self.since: int | None = None

    def update(self, s) -> int | None:
        if s.scan != self.scan:
            self.scan = s.scan
            if not s.io["vacuum_ok"]:
                self.since = None
            elif self.since is None:
                self.since = s.time_ms
        return self.since

    def stable(self, s) -> bool:
        since = self.update(s)
        return since is not None and s.time_ms - since >= STABLE_S * 1000


def _on_carton(s) -> bool:
    """The cup down on a carton at the pick, not yet carrying it."""
    d = s.devices
    return d.cup.held is None and d.x.position <= 0.0 and d.z.position >= Z_STROKE and bool(d.pick.parts)


class LiftsOnlyOnStableVacuum(judges.Monitor):
    """S1, from Z's position: Z leaving its lower end over a carton at the pick with the vacuum on
    is a lift off the carton; it needs vacuum_ok on without a break for STABLE_S."""

    def __init__(self):
        self.vacuum = StableVacuum()
        self.was_on_carton = False

    def check(self, s):
        self.vacuum.update(s)
        d = s.devices
        msg = None
        if (self.was_on_carton and d.z.position < Z_STROKE and s.io["vacuum"]
                and not self.vacuum.stable(s)):
            msg = (f"Z lifted off the carton at {s.time_s:.2f} s with the vacuum on but vacuum_ok not on "
                   f"for {STABLE_S * 1000:g} ms without a break")
        self.was_on_carton = _on_carton(s)
        return msg


class ReleasedOnlyAtDrop(judges.Monitor):
    """S2, from the commands: the vacuum off or blow-off while the cup carried a carton (at the
    end of the last scan: blow-off lets go within the very step it is given) with X short of
    its outer end."""

    def __init__(self):
        self.carrying = False

    def check(self, s):
        d = s.devices
        msg = None
        if self.carrying and (not s.io["vacuum"] or s.io["blow"]) and d.x.position < X_STROKE:
            msg = f"the vacuum was released on a carried carton away from the drop at {s.time_s:.2f} s"
        self.carrying = d.cup.held is not None
        return msg


class XOnlyWithZUp(judges.Monitor):
    """S3, from positions: X moving (its position changed since the last scan) while Z is not at its
    upper end (before or after the step)."""

    def __init__(self):
        self.last: tuple[float, float] | None = None

    def check(self, s):
        d = s.devices
        now = (d.x.position, d.z.position)
        msg = None
        if self.last is not None and now[0] != self.last[0] and (now[1] > 0.0 or self.last[1] > 0.0):
            msg = f"X moved at {s.time_s:.2f} s while Z was not fully up"
        self.last = now
        return msg


def _lifts_soon_after_stable_vacuum() -> judges.Watch:
    """Within LIFT_WITHIN_S of vacuum_ok having been on STABLE_S (the cup on a carton, the vacuum
    on), Z travels up by LIFT_BY_MM and on to its upper end without going down again. Without it
    a program that waits a fixed worst-case vacuum time instead of vacuum_ok passes."""
    vacuum = StableVacuum()
    return judges.progress_within(
        f"Z lifts within {LIFT_WITHIN_S:g} s of vacuum_ok being on for {STABLE_S * 1000:g} ms",
        cause=lambda s: vacuum.stable(s) and _on_carton(s) and s.io["vacuum"],
        ways=[judges.Way("Z lifting the carton", lambda s: s.devices.z.position, by=LIFT_BY_MM,
                         until=lambda s: s.devices.z.position <= 0.0)],
        within_s=LIFT_WITHIN_S,
        late=lambda t: f"vacuum_ok had been on {STABLE_S * 1000:g} ms at {t:g} s but Z had not lifted "
                       f"{LIFT_WITHIN_S:g} s later")


def _delivered(s) -> list[int]:
    return [part.number for _, part in s.devices.drop.delivered]


def _torn_skipped(s) -> bool:
    d = s.devices
    torn = s.params["torn"]
    return (any(part.number == torn for _, part in d.pick.ejected) and d.cup.attempts.get(torn, 0) >= 2
            and bool(s.io["alarm"]))


def _parked(s) -> bool:
    d = s.devices
    return (d.x.position <= 0.0 and d.z.position <= 0.0 and not s.io["vacuum"] and not s.io["blow"]
            and bool(s.io["alarm"]) and d.cup.held is None)


END = "X and Z retracted (the cup up over the pick), vacuum and blow-off off, the alarm lamp on"

COMPLETION = Completion(
    f"The {GOOD} sound cartons set down in the drop chute (different cartons), and the torn carton "
    f"rejected through the flap after two suction attempts on it, with the alarm lamp on; then {END}, "
    f"held for {HOLD_S:g} s; all the while every lift comes within {LIFT_WITHIN_S:g} s of vacuum_ok "
    f"having been on for {STABLE_S * 1000:g} ms (Z travelling up to its upper end).",
    lambda: judges.watched(
        judges.in_order(
            judges.all_of(
                judges.distinct(f"{GOOD} cartons in the drop chute", _delivered, GOOD),
                judges.event("torn carton rejected after two attempts, alarm on", _torn_skipped)),
            judges.held("unit parked, alarm on", _parked, HOLD_S)),
        _lifts_soon_after_stable_vacuum()),
    keep=_parked, keep_wording=END + ".",
)

SAFETY = (
    SafetyRule("MAT-E07-S1", f"Z lifts off a carton with the vacuum on only after vacuum_ok has been on "
               f"for {STABLE_S * 1000:g} ms without a break.", LiftsOnlyOnStableVacuum(),
               signals=("vacuum_ok", "vacuum", "z_down", "z_is_down")),
    SafetyRule("MAT-E07-S2", "While the cup carries a carton, the vacuum is switched off or blow-off given "
               "only with X fully extended over the drop.", ReleasedOnlyAtDrop(),
               signals=("vacuum", "blow", "x_is_out")),
    SafetyRule("MAT-E07-S3", "X moves only while Z is fully up.", XOnlyWithZUp(),
               signals=("x_out", "z_down", "z_is_up")),
)

IO = (
    IOPoint("%IX0.0", "x_is_in", "BOOL", "input", "x_cyl", "retracted",
            "X cylinder fully retracted: the cup over the pick (end switch)"),
    IOPoint("%IX0.1", "x_is_out", "BOOL", "input", "x_cyl", "extended",
            "X cylinder fully extended: the cup over the drop chute (end switch)"),
    IOPoint("%IX0.2", "z_is_up", "BOOL", "input", "z_cyl", "retracted", "Z cylinder fully up (end switch)"),
    IOPoint("%IX0.3", "z_is_down", "BOOL", "input", "z_cyl", "extended",
            "Z cylinder fully down: over the pick, the cup rests on a carton lying there (end switch)"),
    IOPoint("%IX0.4", "vacuum_ok", "BOOL", "input", "cup", "vacuum_ok",
            "vacuum switch: TRUE while the cup's vacuum is at the switching level (may chatter on a leaky "
            "carton)"),
    IOPoint("%IX0.5", "carton_at_pick", "BOOL", "input", "pick", "part_present",
            "photo-eye at the pick: TRUE while a carton lies there"),
    IOPoint("%QX0.0", "x_out", "BOOL", "output", "x_cyl", "extend",
            "X valve (single solenoid): TRUE moves the unit to the drop, FALSE back to the pick"),
    IOPoint("%QX0.1", "z_down", "BOOL", "output", "z_cyl", "extend",
            "Z valve (single solenoid): TRUE lowers the cup, FALSE lifts it"),
    IOPoint("%QX0.2", "vacuum", "BOOL", "output", "cup", "vacuum", "vacuum ejector: TRUE sucks"),
    IOPoint("%QX0.3", "blow", "BOOL", "output", "cup", "blow",
            "blow-off valve: TRUE blows the carton off the cup"),
    IOPoint("%QX0.4", "reject", "BOOL", "output", "pick", "eject",
            "reject flap at the pick: a rising edge drops the carton lying there into the reject bin"),
    IOPoint("%QX0.5", "alarm", "BOOL", "output", "alarm", "on", "alarm lamp: TRUE = lit"),
)

SPEC = f"""\
{LOT} cartons arrive one by one at the pick place (carton_at_pick); the next slides in about 0.4 s
after one has left. Move every sound carton to the drop chute with the vacuum unit:

1. With X in (over the pick), Z up and a carton at the pick: lower Z (z_down) until z_is_down, then
   switch the vacuum on.
2. Lift only once vacuum_ok has been on for {STABLE_S * 1000:g} ms without a break, and then within
   {LIFT_WITHIN_S:g} s: Z must be on its way up (and go on to z_is_up) no later than {LIFT_WITHIN_S:g} s
   after vacuum_ok has been steady for {STABLE_S * 1000:g} ms. A leaky carton makes vacuum_ok chatter for
   a while before it stays on; the time the vacuum takes differs from run to run.
3. Keep the vacuum on while carrying. Move X only while Z is fully up. Over the drop (x_is_out),
   switch the vacuum off and give blow-off to set the carton down (without blow-off the cup lets go
   only slowly), then blow-off off.
4. If vacuum_ok has not come {GIVE_UP_S:g} s after the vacuum was switched on, the carton is torn: switch
   the vacuum off, lift Z, lower it again and try once more; if the second try fails too, switch the
   vacuum off, lift, light the alarm lamp, reject the carton (a rising edge on reject, with Z up) and
   go on with the next carton. Leave the alarm on to the end.
5. When the {GOOD} sound cartons are in the drop chute and the torn one rejected, park the unit: X in,
   Z up, vacuum and blow-off off, alarm lamp on.
At power-up the unit may stand over the drop (X out, Z up); cartons may already wait at the pick."""

PLANT = f"""\
Side view, millimetres. The X cylinder (stroke {X_STROKE:g} mm) lies horizontally; its rod carries the Z
cylinder (stroke {Z_STROKE:g} mm, pointing down) with the vacuum cup at its rod end. X in: the cup over the
pick place; X out: over the drop chute. The reject flap is under the pick place. The alarm lamp is on the
operator panel."""

PARAMETERS = (
    ParameterRange("build_s", 0.05, 0.6, "s",
                   "vacuum build-up: vacuum on (cup on a sound carton) to vacuum_ok"),
    ParameterRange("chatter_s", 0.1, 0.3, "s", "how long vacuum_ok chatters on a leaky carton"),
    ParameterRange("x_s", 0.2, 0.8, "s", "X cylinder travel time, either way"),
    ParameterRange("z_s", 0.2, 0.8, "s", "Z cylinder travel time, either way"),
    ParameterRange("first_s", 0.0, 3.0, "s", "when the first carton arrives (0: at the pick at power-up)"),
    ParameterRange("gap_s", 0.0, 3.0, "s", "time between carton arrivals (a carton waits in the feed "
                   "while the pick is occupied)", keys=("gaps_s",)),
    ParameterRange("torn", 1, 5, "", "which carton (in arrival order) is torn"),
    ParameterRange("leaky_cartons", 0, 2, "cartons", "how many of the sound cartons are leaky"),
)

DEFAULTS = {"x_start_extended": False, "chatter_s": 0.2}

CONDITIONS = (
    Condition.of("nominal", 701, "middle times, one leaky carton, the fourth carton torn",
        build_s=0.25, x_s=0.5, z_s=0.4, first_s=0.5, gaps_s=[1.0, 1.0, 1.0, 1.0], leaky=(2,), torn=4),
    Condition.of("fast_vacuum_slow_cylinders", 702, "the vacuum builds in 0.05 s, slow cylinders, a carton "
        "at the pick at power-up, the first carton torn, the unit over the drop at power-up",
        build_s=0.05, x_s=0.78, z_s=0.8, first_s=0.0, gaps_s=[0.0, 0.5, 2.0, 0.2], leaky=(), torn=1,
        x_start_extended=True),
    Condition.of("slow_vacuum_fast_cylinders", 703, "the vacuum takes 0.58 s, fast cylinders, two leaky "
        "cartons, the last carton torn", build_s=0.58, x_s=0.2, z_s=0.22, first_s=1.5,
        gaps_s=[3.0, 0.4, 2.5, 1.0], leaky=(1, 3), torn=5, chatter_s=0.28),
    Condition.of("leaky_fast", 704, "fast vacuum with long chatter on two leaky cartons, cartons queue",
        build_s=0.08, x_s=0.35, z_s=0.3, first_s=0.0, gaps_s=[0.0, 0.0, 0.0, 0.0], leaky=(2, 5), torn=3,
        chatter_s=0.3),
    Condition.of("sparse_slow", 705, "late, sparse cartons, slow X, quick Z, a medium vacuum, the second "
        "carton torn, over the drop at power-up", build_s=0.4, x_s=0.8, z_s=0.25, first_s=2.8,
        gaps_s=[3.0, 2.6, 3.0, 2.9], leaky=(4,), torn=2, chatter_s=0.12, x_start_extended=True),
)


def sample(rng: random.Random) -> dict:
    """One condition drawn from the published ranges, each parameter on its own: build time,
    chatter time, both cylinder times, first arrival (0, a carton waiting at power-up, in 1 of 4),
    every gap, which carton is torn and 0-2 leaky ones among the others; the unit starts over the
    drop in 1 of 3."""
    torn = rng.randint(1, LOT)
    sound = [n for n in range(1, LOT + 1) if n != torn]
    params = {
        "build_s": round(rng.uniform(0.05, 0.6), 3), "chatter_s": round(rng.uniform(0.1, 0.3), 2),
        "x_s": round(rng.uniform(0.2, 0.8), 2), "z_s": round(rng.uniform(0.2, 0.8), 2),
        "first_s": 0.0 if rng.random() < 0.25 else round(rng.uniform(0.1, 3.0), 1),
        "gaps_s": [round(rng.uniform(0.0, 3.0), 1) for _ in range(LOT - 1)],
        "torn": torn, "leaky": tuple(sorted(rng.sample(sound, rng.randint(0, 2)))),
        "x_start_extended": rng.random() < 1 / 3,
    }
    description = (f"vacuum {params['build_s']:g} s, X {params['x_s']:g} s, Z {params['z_s']:g} s, carton "
                   f"{torn} torn, leaky {list(params['leaky'])}")
    return {"params": params, "description": description}


TASK = Task(
    id="MAT-E07", title="Vacuum pick with blow-off", suite="MAT", level="E",
    summary="Pick cartons with a vacuum cup once the vacuum is steady, blow them off at the drop, and "
            "retry, alarm and reject a carton that gives no vacuum.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=60.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, judged_devices=_Devices, condition_defaults=DEFAULTS, post_completion_s=HOLD_S,
)
