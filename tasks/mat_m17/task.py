"""MAT-M17 Bowl feeder level control.

A vibratory bowl feeder (sim.devices.bowl_feeder) feeds parts up its track to an escapement at
a machine that asks for a part every 0.5-3 s; a hopper (sim.devices.hopper) refills the bowl
through its vibratory chute. The program lets a part go whenever the machine asks, runs the
bowl's vibrator while the track is not full, refills the bowl when its level eye says low (runs
of at least 2 s), and lights the alarm when the hopper has run dry; the operator tops the hopper
up 10 s after the alarm lights.

Changed from the catalog, and why:
- both eyes flicker near their marks (parts tumbling past them): the level eye reads "low" now
  and then while the bowl is still above its mark, the track eye "full" now and then with one
  part short. Switched on the raw eyes, the hopper starts runs into a bowl that is not low (S3,
  the catalog's trap) and the vibrator chatters; the vibrator's switching (at most once in 0.5 s)
  and a vibrator left running against a full track (over 1 s) are judged on the way;
- "alarm on empty hopper": the hopper has a level switch at its outlet; the alarm lamp follows
  it within 1 s both ways, and the operator tops the hopper up only once the lamp has been lit
  10 s (telling "empty" from the bowl's level eye alone is not possible across the published
  chute rates and demand);
- the 2-sided window is S2 (the machine never waits 2 s: refill and vibrate in time) against S1
  (the bowl never over its 50 parts: a long timed refill at a fast chute overfills it).

Judged on the devices' own logs (the level and track are counted parts; nothing is simulated
part by part). A missed watch ends the run (tasks.common.MissEndsTheRun).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.bowl_feeder import BowlFeeder
from sim.devices.hopper import Hopper
from sim.devices.panel import Lamp
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun, published_range

PARTS = 40
CAPACITY, LOW_MARK, BAND = 50, 15, 3
TRACK_CAP = 10
WAIT_S = 2.0
MIN_RUN_S = 2.0
SWITCH_S = 0.5
FULL_RUN_S = 1.0
ALARM_S = 1.0
REFILL_S, REFILL = 10.0, 200
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(BowlFeeder("bowl", 0.0, 0.0, level=p["bowl_start"], capacity=CAPACITY, low_mark=LOW_MARK,
                         band=BAND, feed_rate=p["feed_rate"], track_cap=TRACK_CAP, track=p["track_start"],
                         cycle_s=tuple(p["cycle_s"]), first_demand_s=p["first_demand_s"], parts=PARTS))
    plant.add(Lamp("alarm_lamp", x=-400.0, y=-300.0, label="Hopper empty", color="red"))
    plant.add(Hopper("hopper", -500.0, 150.0, into="bowl", contents=p["hopper_start"],
                     fill_rate=p["fill_rate"], alarm="alarm_lamp", refill=REFILL, refill_s=REFILL_S))
    return plant


# --- judges -----------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.bowl = plant.device("bowl", BowlFeeder)
        self.hopper = plant.device("hopper", Hopper)
        self.lamp = plant.device("alarm_lamp", Lamp)


class _Chatter(judges.Watch):
    """Written for this task: the vibrator switched on twice within SWITCH_S (the device logs each
    switch; no shared judge counts switchings). Switching it off at the end after a start is no
    chatter, so only the starts count."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        on = s.devices.bowl.switched_on
        while self.seen < len(on):
            if self.seen and on[self.seen] - on[self.seen - 1] < SWITCH_S - 1e-6:
                return (f"the vibrator was switched on at {on[self.seen - 1]:g} s and again at "
                        f"{on[self.seen]:g} s (at most once in {SWITCH_S:g} s)")
            self.seen += 1
        return None


def _vibrating_full(s) -> bool:
    bowl = s.devices.bowl
    return bowl.vibrating and bowl.track >= bowl.track_cap


def _unannounced(s) -> bool:
    line = s.devices
    return line.hopper.empty and not line.lamp.on


def _false_alarm(s) -> bool:
    line = s.devices
    return line.lamp.on and not line.hopper.empty


def _watches() -> list[judges.Watch]:
    return [
        _Chatter(),
        judges.for_longer_than(_vibrating_full, FULL_RUN_S,
                               f"the vibrator ran on for more than {FULL_RUN_S:g} s against a full track"),
        judges.for_longer_than(_unannounced, ALARM_S,
                               f"the hopper was empty and the alarm not lit {ALARM_S:g} s on"),
        judges.for_longer_than(_false_alarm, ALARM_S,
                               f"the alarm was still lit {ALARM_S:g} s after the hopper had parts again"),
    ]


def _delivered(s) -> bool:
    return s.devices.bowl.delivered >= PARTS


def _at_rest(s) -> bool:
    line = s.devices
    return not line.bowl.vibrating and not line.hopper.feeding


END_STATE = "the vibrator and the hopper's chute off"

COMPLETION = Completion(
    f"{PARTS} parts delivered to the machine (each let go while it asked); then {END_STATE}, held for "
    f"{HOLD_S:g} s. On the way: the vibrator is switched on at most once in any {SWITCH_S:g} s and never "
    f"runs on against a full track for more than {FULL_RUN_S:g} s; the alarm lamp is lit within "
    f"{ALARM_S:g} s of the hopper running empty and out within {ALARM_S:g} s of it being topped up. A miss "
    "ends the run.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(judges.event(f"{PARTS} parts delivered", _delivered),
                        judges.held(END_STATE, _at_rest, HOLD_S)),
        *_watches(), name="bowl feeder kept supplying")),
    keep=_at_rest, keep_wording=END_STATE + ".",
)


class _WaitedTooLong(judges.Monitor):
    def check(self, s):
        bowl = s.devices.bowl
        if bowl.waiting_s() > WAIT_S + 1e-9:
            return f"the machine asked for a part at {bowl.asked_at:g} s and waited more than {WAIT_S:g} s"
        return None


class _RunsIntoLowBowl(judges.Monitor):
    """A refill run that starts while the bowl is not below its low mark, or that ends within
    MIN_RUN_S of its start (judged on the hopper's own log of runs and the bowl's counted level)."""

    def __init__(self):
        self.started = 0        # runs whose start has been judged
        self.ended = 0          # runs whose length has been judged

    def check(self, s):
        line = s.devices
        runs, msg = line.hopper.runs, None
        if len(runs) > self.started:
            self.started = len(runs)
            if line.bowl.level >= LOW_MARK:
                msg = (f"a refill run started at {runs[-1][0]:g} s with {line.bowl.level} parts in the bowl "
                       f"(not below its mark of {LOW_MARK})")
        while self.ended < len(runs) and runs[self.ended][1] is not None:
            start, end = runs[self.ended]
            self.ended += 1
            if end - start < MIN_RUN_S - 1e-6:
                msg = msg or f"a refill run lasted only {end - start:.2f} s (from {start:g} s)"
        return msg


SAFETY = [
    SafetyRule("MAT-M17-S1", f"The bowl never holds more than {CAPACITY} parts (overfilled).",
               CountGrows(lambda s: len(s.devices.bowl.overfilled), "the bowl was overfilled")),
    SafetyRule("MAT-M17-S2", f"The machine never waits more than {WAIT_S:g} s for a part: from demand "
               "turning TRUE until a part is let go to it.", _WaitedTooLong()),
    SafetyRule("MAT-M17-S3", "The hopper feeds only a low bowl: a refill run starts only while the bowl "
               f"holds fewer parts than its low mark, and each run lasts at least {MIN_RUN_S:g} s.",
               _RunsIntoLowBowl()),
]


# --- I/O --------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "demand", "BOOL", "input", "bowl", "demand",
            "TRUE while the machine asks for a part (until one is let go to it)"),
    IOPoint("%IX0.1", "part_ready", "BOOL", "input", "bowl", "part_ready",
            "TRUE while a part waits at the escapement (the track is not empty)"),
    IOPoint("%IX0.2", "track_full", "BOOL", "input", "bowl", "track_full",
            f"track eye, TRUE while the track is full ({TRACK_CAP} parts); with one part less it flickers "
            "(parts jostling past the eye)"),
    IOPoint("%IX0.3", "bowl_low", "BOOL", "input", "bowl", "bowl_low",
            f"bowl level eye, TRUE while the bowl holds fewer than {LOW_MARK} parts; within {BAND} parts of "
            "that mark it flickers (TRUE now and then even a little above the mark)"),
    IOPoint("%IX0.4", "hopper_empty", "BOOL", "input", "hopper", "empty",
            "level switch at the hopper's outlet, TRUE while the hopper holds no part"),
    IOPoint("%QX0.0", "vibrate", "BOOL", "output", "bowl", "vibrate",
            "TRUE runs the bowl's vibrator: parts climb onto the track while it is not full"),
    IOPoint("%QX0.1", "escape", "BOOL", "output", "bowl", "escape",
            "rising edge lets the part at the escapement go to the machine"),
    IOPoint("%QX0.2", "hopper_feed", "BOOL", "output", "hopper", "feed",
            "TRUE runs the hopper's chute: parts drop into the bowl while the hopper has any"),
    IOPoint("%QX0.3", "alarm_lamp", "BOOL", "output", "alarm_lamp", "on", "'Hopper empty' alarm lamp"),
]

SPEC = f"""\
The machine asks for a part (demand TRUE) now and then (0.5-3 s after it got the last one): let the part
at the escapement go to it (a rising edge on escape) so that it never waits more than {WAIT_S:g} s. Parts
reach the escapement up the bowl's track while the vibrator runs: run it while the track is not full
and stop it when it is (track_full), but switch it on at most once in any {SWITCH_S:g} s: the track eye
flickers with one part short of full, so act on it only once it has held steady. The vibrator climbs
parts at a rate not known in advance (1.5-4 parts/s); the track holds {TRACK_CAP}.

Refill the bowl from the hopper when it is low: bowl_low flickers near its mark of {LOW_MARK} parts, so
start a refill run (hopper_feed) only once the eye has read low steadily, and run each refill for at
least {MIN_RUN_S:g} s and until the eye reads clear steadily. The chute drops 3-10 parts/s (not known);
the bowl holds at most {CAPACITY} parts. The hopper may run empty (hopper_empty): light alarm_lamp
while it is (the operator tops it up {REFILL_S:g} s after the lamp lights); a run from an empty
hopper brings nothing.

At power-up the bowl may already be low, the track part full and the hopper nearly empty. After
{PARTS} parts have gone to the machine, stop the vibrator and the hopper's chute and keep them off."""

PLANT = """\
Top view, millimetres. The bowl at (0, 0) with its track running toward +x to the escapement and
the machine; the hopper at (-500, 150) above it; the alarm lamp on the operator panel."""


# --- conditions --------------------------------------------------------------------------------

PARAMETERS = [
    ParameterRange("cycle_s", 0.5, 3.0, "s", "time from a part reaching the machine to its next demand"),
    ParameterRange("first_demand_s", 0.2, 2.0, "s", "the machine's first demand"),
    ParameterRange("feed_rate", 1.5, 4.0, "parts/s", "how fast the vibrator climbs parts onto the track"),
    ParameterRange("fill_rate", 3.0, 10.0, "parts/s", "how fast the hopper's chute drops parts"),
    ParameterRange("bowl_start", 12, 35, "parts", "parts in the bowl at power-up"),
    ParameterRange("track_start", 0, 9, "parts", "parts on the track at power-up"),
    ParameterRange("hopper_start", 10, 150, "parts", "parts in the hopper at power-up"),
]


def _cycles(pattern: list[float]) -> list[float]:
    return [pattern[k % len(pattern)] for k in range(PARTS)]


CONDITIONS = [
    Condition.of("nominal", 91, "steady demand, middle rates, full hopper", cycle_s=_cycles([1.5, 1.0, 2.0]),
                 first_demand_s=0.5, feed_rate=2.5, fill_rate=6.0, bowl_start=30, track_start=5,
                 hopper_start=150),
    Condition.of("hopper_runs_dry", 92, "the hopper runs dry on its second refill; fast demand",
                 cycle_s=_cycles([0.6, 0.8, 1.2, 0.5]), first_demand_s=0.3, feed_rate=3.5, fill_rate=4.0,
                 bowl_start=19, track_start=9, hopper_start=18),
    Condition.of("low_bowl_fast_chute", 93, "bowl low at power-up, fast chute, slow vibrator, brisk demand",
                 cycle_s=_cycles([0.6, 1.0, 0.8]), first_demand_s=1.0, feed_rate=1.6, fill_rate=9.5,
                 bowl_start=12, track_start=2, hopper_start=120),
    Condition.of("slow_chute_dry", 94, "slow chute, the hopper nearly empty at power-up, slow demand",
                 cycle_s=_cycles([2.8, 2.0, 3.0]), first_demand_s=2.0, feed_rate=2.0, fill_rate=3.0,
                 bowl_start=16, track_start=0, hopper_start=10),
    Condition.of("bursts", 95, "bursts of fast demand, quick vibrator, empty track",
                 cycle_s=_cycles([0.5, 0.5, 0.5, 3.0, 2.5]), first_demand_s=0.2, feed_rate=4.0,
                 fill_rate=7.0, bowl_start=35, track_start=0, hopper_start=60),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample): every parameter independent and
    uniform; the machine's cycle drawn afresh for each part; the hopper one time in two from the low
    end of its range (10-40 parts: it runs dry during the run)."""
    lo, hi = _range("hopper_start")
    params = dict(cycle_s=[round(rng.uniform(*_range("cycle_s")), 2) for _ in range(PARTS)],
                  first_demand_s=round(rng.uniform(*_range("first_demand_s")), 2),
                  feed_rate=round(rng.uniform(*_range("feed_rate")), 2),
                  fill_rate=round(rng.uniform(*_range("fill_rate")), 2),
                  bowl_start=rng.randint(*map(int, _range("bowl_start"))),
                  track_start=rng.randint(*map(int, _range("track_start"))),
                  hopper_start=rng.randint(int(lo), 40 if rng.random() < 0.5 else int(hi)))
    description = (f"vibrator {params['feed_rate']:g}/s, chute {params['fill_rate']:g}/s, "
                   f"bowl {params['bowl_start']}, hopper {params['hopper_start']}")
    return dict(params=params, description=description)


TASK = Task(
    id="MAT-M17", title="Bowl feeder level control", suite="MAT", level="M",
    summary="Feed a machine from a bowl feeder: debounced vibrator and refill control, alarm on an empty "
            "hopper.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
