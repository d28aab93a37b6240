"""MAT-E02 Transport with downstream handshake.

A transport belt carries parts from an upstream line to the next machine. The belt may run
only while a part is aboard; a part may go over to the downstream machine only while that
machine reports Ready, otherwise it waits at the pre-exit photo-eye. The belt has a motor
ramp (it coasts to a stop), so a program that stops on the exit eye pushes parts into a
machine that is not ready. Belt speed, ramp time, part arrivals, the downstream's busy
times and its power-up state vary per condition; a part may lie at the pre-exit eye or on
the infeed at power-up (sample_condition draws them from the published ranges).

Changes from the catalog entry, and why:
- "A part leaves" is judged when its front edge crosses the belt end (it starts onto the
  machine), not when it has gone: that is the moment the handshake must allow, and it makes
  stopping on the exit eye (20 mm before the end) an overrun at most speeds.
- The downstream drops Ready only when it takes a part (busy for a while after each), never
  at a random moment: a part already on its way over could not be stopped in time, and a
  real handshake never withdraws Ready from a part it has let start.
- The upstream line hands a part on only with 150 mm free behind the previous one
  (Feeder clearance_mm): with touching parts the second would follow the first into a
  machine that just went busy, however quickly the belt stopped.
- S3 ("no part idles > 1 s while ready") is judged as "the belt carries the parts at least
  50 mm in every second while the downstream is ready and a part is aboard" (IdlesWhileReady):
  a one-scan run pulse that restarts a standstill clock is no transport.
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

PARTS = 6
BELT_LENGTH = 1000.0
FEED_AT, PRE_EXIT_AT, EXIT_AT = 60.0, 800.0, 980.0
PART = dict(part_kind="A", colour="orange", width=50.0, length=80.0)
CLEARANCE_MM = 150.0       # free belt the upstream line needs behind the previous part
EMPTY_RUN_S = 3.0          # S2: the belt never runs empty for longer
IDLE_WINDOW_S, IDLE_MOVE_MM = 1.0, 50.0   # S3: while ready with a part aboard, >= 50 mm in every 1 s
SET_OFF_S, SET_OFF_MM = 0.5, 10.0         # completion: the belt sets off within 0.5 s of ready + part
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0,
                              speed=p["belt_speed"], max_speed=p["belt_speed"], ramp_s=p["ramp_s"]))
    first = 0
    if p.get("part_at_pre_exit"):
        plant.add(Workpiece("part_w", *belt.point(PRE_EXIT_AT - 10.0), **PART))
        first += 1
    if p.get("part_at_infeed"):
        plant.add(Workpiece("part_i", *belt.point(FEED_AT), **PART))
        first += 1
    t, schedule = p["first_arrival_s"], []
    for gap in [0.0, *p["arrival_gap_s"]][: PARTS - first]:
        t += gap
        schedule.append((round(t, 3), dict(PART)))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, clearance_mm=CLEARANCE_MM))
    plant.add(PhotoEye.across(belt, "infeed_eye", FEED_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "pre_exit_eye", PRE_EXIT_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "exit_eye", EXIT_AT, live_at_power_up=True))
    plant.add(Downstream("downstream", BELT_LENGTH, -60.0, BELT_LENGTH + 220.0, 60.0,
                         ready_at_s=p["ready_at_s"], busy_s=tuple(p["busy_s"]), label="next machine"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.downstream = plant.device("downstream", Downstream)
        self.flow = material_flow(plant)


def _aboard(s) -> bool:
    return bool(s.devices.flow.parts)


def _ready_with_part(s) -> bool:
    return s.devices.downstream.ready and _aboard(s)


def _belt_stopped(s) -> bool:
    belt = s.devices.belt
    return belt.velocity == 0.0 and not belt.run


class IdlesWhileReady(judges.Monitor):
    """S3: while the downstream is ready and a part is aboard, the belt must carry the parts
    at least IDLE_MOVE_MM in every IDLE_WINDOW_S (judged on the belt's odometer over a sliding
    window). Written for this task: waits_at_most stops its clock at the first sign of service
    and for_longer_than restarts on a one-scan run pulse; here only real transport counts."""

    def __init__(self):
        self.window: list[tuple[int, float]] = []    # (time_ms, odometer) since the state began

    def check(self, s):
        if not _ready_with_part(s):
            self.window.clear()
            return None
        now, odo = s.time_ms, s.devices.belt.travelled
        window = self.window
        window.append((now, odo))
        limit = round(IDLE_WINDOW_S * 1000)
        while len(window) > 1 and window[1][0] <= now - limit:
            window.pop(0)
        t0, d0 = window[0]
        if now - t0 >= limit and odo - d0 < IDLE_MOVE_MM:
            return (f"the downstream was ready with a part on the belt, but the belt carried it only "
                    f"{odo - d0:.0f} mm from {t0 / 1000:g} s to {now / 1000:g} s")
        return None


def _sets_off():
    """Within SET_OFF_S of the downstream being ready with a part aboard (Ready coming while a
    part waits, or a part arriving while Ready), the belt has carried the parts SET_OFF_MM:
    the late side of the release window (the early side is S1)."""
    return judges.progress_within(
        "the belt sets off when the downstream is ready with a part aboard", _ready_with_part,
        [judges.Way("the belt carrying the parts", lambda s: -s.devices.belt.travelled, by=SET_OFF_MM)],
        SET_OFF_S,
        late=lambda t: (f"the downstream was ready with a part on the belt at {t:g} s but the belt had not "
                        f"carried it {SET_OFF_MM:g} mm {SET_OFF_S:g} s later"))


def _completion():
    return judges.watched(
        judges.in_order(
            judges.distinct(f"{PARTS} parts handed over to the next machine",
                            lambda s: [name for _, name in s.devices.downstream.received], PARTS),
            judges.held("belt stopped and empty", lambda s: _belt_stopped(s) and not _aboard(s), HOLD_S)),
        _sets_off(), name="parts handed over on the handshake")


def _empty_running(s) -> bool:
    return s.devices.belt.velocity != 0.0 and not _aboard(s)


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "infeed_eye", "BOOL", "input", "infeed_eye", "blocked",
            f"photo-eye at the infeed ({FEED_AT:.0f} mm from the belt start), where the upstream line puts "
            "each part down: TRUE while a part blocks the beam"),
    IOPoint("%IX0.1", "pre_exit_eye", "BOOL", "input", "pre_exit_eye", "blocked",
            f"pre-exit photo-eye, {BELT_LENGTH - PRE_EXIT_AT:.0f} mm before the belt end: TRUE while a part "
            "blocks the beam"),
    IOPoint("%IX0.2", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            f"exit photo-eye, {BELT_LENGTH - EXIT_AT:.0f} mm before the belt end: TRUE while a part blocks "
            "the beam; it turns FALSE when the part has gone over to the next machine"),
    IOPoint("%IX0.3", "downstream_ready", "BOOL", "input", "downstream", "ready",
            "handshake from the next machine: TRUE = it can take a part now, FALSE = busy"),
    IOPoint("%IX0.4", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run",
            "TRUE runs the belt forward (it ramps up to speed and coasts down along its ramp)"),
]

SPEC = f"""\
A transport belt {BELT_LENGTH:.0f} mm long carries parts (80 mm long, 50 mm wide) from an upstream
line to the next machine. The upstream line puts a part down on the infeed, under the infeed
eye, at irregular times, but only when the belt there is free ({CLEARANCE_MM:.0f} mm behind the
previous part); parts then lie at least {CLEARANCE_MM:.0f} mm apart. A part goes over to the next
machine by running off the belt end.

Run the belt only while a part is on it: once the belt is empty it must stop (rule
MAT-E02-S2). The next machine reports downstream_ready: while it is TRUE a part may go over; it
turns FALSE when the machine takes a part and stays FALSE while the machine works on it (a
time that differs from part to part, sometimes none), and at power-up it may not be ready yet.
While it is FALSE no part may start onto it (rule MAT-E02-S1, judged when a part's front edge
crosses the belt end): the leading part must wait at the pre-exit eye, the belt stopped. When
the downstream is ready and a part is on the belt, the belt must carry it on: within
{SET_OFF_S:g} s it has moved {SET_OFF_MM:g} mm, and it never stands idle (rule MAT-E02-S3).

The belt does not stop dead: it ramps up to speed and coasts to a stop along the same ramp
(ramp time from full speed to standstill, see the ranges), so a part keeps moving for a while
after belt_run goes FALSE and may clear the pre-exit eye again as it comes to rest; stopping
only when the exit eye sees a part is too late. Belt speed and ramp time are not known in
advance.

At power-up the belt stands still; a part may already lie at the pre-exit eye (it blocks that
eye) and another on the infeed (it blocks the infeed eye): both count as parts of the
{PARTS}, and the eyes show them from the first scan on. When all {PARTS} parts have gone
over to the next machine, stop the belt and keep it stopped."""

COMPLETION = Completion(
    f"All {PARTS} parts have gone over to the next machine (each counted once); then the belt is "
    f"stopped (belt_run FALSE, at standstill) and empty, held for {HOLD_S:g} s. On the way, within "
    f"{SET_OFF_S:g} s of the downstream being ready while a part is on the belt (Ready coming with a "
    f"part waiting, or a part arriving while Ready), the belt has carried the parts {SET_OFF_MM:g} mm.",
    _completion,
    keep=_belt_stopped, keep_wording="the belt stopped (belt_run FALSE, at standstill).",
)

SAFETY = [
    SafetyRule("MAT-E02-S1", "No part starts onto the next machine while it is not ready: a part's front "
               "edge crosses the belt end only while downstream_ready is TRUE.",
               CountGrows(lambda s: len(s.devices.downstream.entered_not_ready),
                          "a part started onto the next machine while it was not ready"),
               signals=("downstream_ready", "pre_exit_eye", "exit_eye", "belt_run")),
    SafetyRule("MAT-E02-S2", f"The belt never runs empty (moving with no part on it) for more than "
               f"{EMPTY_RUN_S:g} s.",
               judges.for_longer_than(_empty_running, EMPTY_RUN_S,
                                      f"the belt ran with no part on it for more than {EMPTY_RUN_S:g} s"),
               signals=("belt_run", "belt_running", "exit_eye")),
    SafetyRule("MAT-E02-S3", f"No part idles while the downstream is ready: whenever downstream_ready is "
               f"TRUE and a part is on the belt, the belt carries it at least {IDLE_MOVE_MM:g} mm in every "
               f"{IDLE_WINDOW_S:g} s.",
               IdlesWhileReady(), signals=("downstream_ready", "belt_run", "infeed_eye")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 100, 400, "mm/s", "belt speed when running"),
    ParameterRange("ramp_s", 0.05, 0.5, "s", "belt ramp time, standstill to full speed and back"),
    ParameterRange("first_arrival_s", 0.0, 3.0, "s", "when the upstream line has its first part ready"),
    ParameterRange("arrival_gap_s", 0.0, 8.0, "s",
                   "time between the upstream line's parts (a part also waits for a free infeed)"),
    ParameterRange("ready_at_s", 0.0, 5.0, "s", "when the next machine first reports ready after power-up"),
    ParameterRange("busy_s", 0.0, 6.0, "s", "how long the next machine is busy after taking a part"),
]

CONDITIONS = [
    Condition.of("nominal", 201, "middle speed and ramp, machine ready at once, short busy times",
                 belt_speed=220, ramp_s=0.2, first_arrival_s=0.5, arrival_gap_s=[3, 2.5, 4, 3, 3.5],
                 ready_at_s=0.0, busy_s=[1.0, 1.5, 0.5, 2.0, 1.0, 1.0]),
    Condition.of("fast_long_ramp", 202, "fast belt with a long ramp, parts bunched, machine busy long",
                 belt_speed=390, ramp_s=0.5, first_arrival_s=0.0, arrival_gap_s=[0, 0.3, 0, 0.5, 0],
                 ready_at_s=2.5, busy_s=[5.5, 4.0, 6.0, 3.0, 5.0, 2.0]),
    Condition.of("slow_sparse", 203, "slow belt, parts far apart, machine never busy; a part on the "
                 "infeed at power-up", belt_speed=105, ramp_s=0.45, first_arrival_s=2.0,
                 arrival_gap_s=[7.5, 6.0, 8.0, 7.0], ready_at_s=0.0, busy_s=[0, 0, 0, 0, 0, 0],
                 part_at_infeed=True),
    Condition.of("waiting_at_power_up", 204, "a part waits at the pre-exit eye at power-up, the machine "
                 "not ready until 4.5 s", belt_speed=300, ramp_s=0.1, first_arrival_s=1.0,
                 arrival_gap_s=[1.5, 5.0, 0.5, 6.0], ready_at_s=4.5, busy_s=[3.0, 0.2, 4.5, 0.8, 2.5, 1.5],
                 part_at_pre_exit=True),
    Condition.of("both_at_power_up", 205, "parts at the pre-exit eye and on the infeed at power-up, "
                 "uneven busy times", belt_speed=160, ramp_s=0.3, first_arrival_s=3.0,
                 arrival_gap_s=[2.0, 0.0, 4.0], ready_at_s=0.0, busy_s=[6.0, 0.0, 2.5, 0.0, 4.0, 1.0],
                 part_at_pre_exit=True, part_at_infeed=True),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample). Each value is drawn on its own
    (the belt stops its parts short of the end at every speed and ramp of the ranges: braking
    takes at most 400 mm/s * 0.5 s / 2 = 100 mm, the pre-exit eye is 200 mm before the end):
    speed and ramp uniform; each gap between arrivals uniform, one in four 0 (parts bunched);
    the machine is ready at power-up half the time, else ready at a uniform time; each busy
    time uniform, one in five 0. A part lies at the pre-exit eye one time in three and on the
    infeed one time in four."""
    at_pre = rng.random() < 1 / 3
    at_infeed = rng.random() < 1 / 4
    arrivals = PARTS - at_pre - at_infeed
    params = dict(
        belt_speed=rng.randint(*map(int, _range("belt_speed"))),
        ramp_s=round(rng.uniform(*_range("ramp_s")), 2),
        first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
        arrival_gap_s=[0.0 if rng.random() < 1 / 4 else round(rng.uniform(*_range("arrival_gap_s")), 2)
                       for _ in range(arrivals - 1)],
        ready_at_s=0.0 if rng.random() < 1 / 2 else round(rng.uniform(*_range("ready_at_s")), 2),
        busy_s=[0.0 if rng.random() < 1 / 5 else round(rng.uniform(*_range("busy_s")), 2)
                for _ in range(PARTS)],
    )
    if at_pre:
        params["part_at_pre_exit"] = True
    if at_infeed:
        params["part_at_infeed"] = True
    description = (f"{params['belt_speed']} mm/s, ramp {params['ramp_s']:g} s, ready at "
                   f"{params['ready_at_s']:g} s" + ("; a part at the pre-exit eye" if at_pre else "")
                   + ("; a part on the infeed" if at_infeed else ""))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x from x = 0 to
x = {BELT_LENGTH:.0f} at y = 0, parts travelling toward +x. The upstream line puts parts down at
x = {FEED_AT:.0f} (infeed eye there); the pre-exit eye is at x = {PRE_EXIT_AT:.0f}, the exit eye at
x = {EXIT_AT:.0f}; the next machine's intake begins at the belt end, x = {BELT_LENGTH:.0f}."""

TASK = Task(
    id="MAT-E02", title="Transport with downstream handshake", suite="MAT", level="E",
    summary="Run a transport belt only with a part aboard and hand parts to the next machine only "
            "while it reports ready, holding them at the pre-exit eye otherwise.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=110.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
