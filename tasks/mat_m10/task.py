"""MAT-M10 Two-part assembly station.

Carriers ride a belt to an assembly station: a stopper holds each one under a pick-and-place
head (an X cylinder from the pin magazine to the carrier, a Z cylinder lowering the head, a pin
gripper). The program picks a pin from the magazine, carries it over, lowers it into the
carrier's hole, opens the jaws, raises the head and checks with the proximity sensor that the
pin is seated. A pin that did not seat is pressed once more (the head lowered again on it,
jaws open); a second failure marks the carrier NOK. An empty magazine lights its alarm lamp;
the operator refills it some 5-15 s after the lamp lights.

Changes from the catalog entry, and why:
- The magazine is part of the PinInserter device (a count of pins with its empty signal and an
  operator who refills it when its lamp calls), not a Feeder with its own stoppers: the
  catalog's job is the insertion sequence, and a second escapement would only add steps that
  MAT-M02/M04 already measure.
- The retry presses the loose pin again (the head down on it with the jaws open) rather than a
  second pin: one pin per carrier, so the magazine count stays the plain cue for the alarm.
- A bad hole (two failures) never seats, so endless retry holds the carrier past its release.
- 80 s for the run: the reference's slowest of 200 sampled runs took 51 s.

Cheap programs tried from the prompt and the judges (kept in counterexamples/): no retry
(no_retry.st, the catalog's trap: a carrier that would seat on its second press leaves NOK),
endless retry (endless_retry.st: the bad-hole carrier is held past its 0.5 s release), worst-case
fixed waits (blind.st, token_blind.st), the alarm lamp never lit (no_alarm.st: the operator
never comes), and the registered conditions' failures played back by carrier count
(tuned/lookup_table.st).

Judged by what the plant does: each carrier as it crosses the exit line (its presses and seat
from the inserter's log, the NOK lamp), the release by the carrier really moving off within
0.5 s of its being cleared (progress by travel), the alarm lamp against the magazine's state,
and the rules on the cylinders' and jaws' positions every scan. The carrier judge and the alarm
judge are this task's own: what a carrier must have had done to it depends on its hole.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.panel import Lamp
from sim.devices.pin_inserter import PinInserter
from sim.devices.pneumatics import Cylinder, Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import EachInTolerance, part_released, published_range

CARRIERS = 6
BELT_LENGTH, FEED_AT, STOP_AT, EXIT_AT = 1100.0, 80.0, 500.0, 640.0
CARRIER = dict(part_kind="carrier", colour="blue", width=80.0, length=100.0)
STATION_AT = STOP_AT - 6.0 - 50.0      # a held carrier's centre: against the stopper's 12 mm plate
EYE_AT = STATION_AT + 40.0
MAG_Y = 230.0                          # the magazine's pick point, across the belt from the carrier
RELEASE_WITHIN_S = 0.5
RELEASE_MM = 20.0
ALARM_WITHIN_S = 1.0
HOLD_S = 2.0
BAD = 2                                # fails value: the hole never seats


def _index(part: Workpiece) -> int:
    return int(part.name.removeprefix("carrier"))


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=speed,
                              max_speed=speed, ramp_s=0.05,
                              guide_gaps=(("right", STOP_AT - 20, STOP_AT + 20),)))
    plant.add(Stopper.beside(belt, "stopper", STOP_AT, solenoid="double", start_extended=True))
    # X carries the head from the magazine (retracted) to the carrier (extended), drawn beside the head
    plant.add(Cylinder("x_axis", STATION_AT + 90, MAG_Y + 10, angle_deg=-90.0, stroke=MAG_Y,
                       extend_s=p["x_s"], retract_s=p["x_s"], plate_width=30.0))
    plant.add(Cylinder("z_axis", STATION_AT + 170, MAG_Y + 60, angle_deg=-90.0, stroke=40.0,
                       extend_s=p["z_s"], retract_s=p["z_s"], plate_width=30.0))
    fails = p["fails"]
    plant.add(Lamp("mag_empty", x=250.0, y=-260.0, label="Magazine empty", color="amber"))
    plant.add(Lamp("nok", x=400.0, y=-260.0, label="NOK", color="red"))
    plant.add(PinInserter("inserter", x_cyl="x_axis", z_cyl="z_axis", magazine_xy=(STATION_AT, MAG_Y),
                          station_xy=(STATION_AT, 0.0), pins=p["pins"], fails=lambda c: fails[_index(c)],
                          alarm="mag_empty", refill_s=(p["refill_s"],), refill=10, close_s=p["grip_s"],
                          open_s=p["grip_s"], bad=BAD))
    t, schedule = 0.2, []
    for i in range(CARRIERS):
        t += p["arrival_s"][i]
        schedule.append((round(t, 3), dict(CARRIER, name=f"carrier{i}")))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, clearance_mm=400.0))
    plant.add(PhotoEye.across(belt, "station_eye", EYE_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "exit_eye", EXIT_AT + 60.0))
    plant.add(Chute("outfeed", BELT_LENGTH + 5, -90, BELT_LENGTH + 250, 90, label="next station"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges read, brought up to date once a scan by `tally(s)`: the carriers
    that have crossed the exit line (with the NOK lamp as each crossed)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.stopper = plant.device("stopper", Stopper)
        self.x = plant.device("x_axis", Cylinder)
        self.z = plant.device("z_axis", Cylinder)
        self.ins = plant.device("inserter", PinInserter)
        self.flow = material_flow(plant)
        self.start = self.belt.x - self.belt.half_length
        self.scan = -1
        self.passed: list[tuple[str, bool]] = []
        self.at_station: Workpiece | None = None

    def along(self, part: Workpiece) -> float:
        return part.xy()[0] - self.start

    def tally(self, s) -> _Cell:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        self.at_station = self.ins.carrier()
        names = {n for n, _ in self.passed}
        for part in self.flow.parts:
            if part.part_kind == "carrier" and self.along(part) >= EXIT_AT and part.name not in names:
                self.passed.append((part.name, bool(s.io["nok"])))
        return self

    def cleared(self, name: str) -> bool:
        """The carrier may go: the head up and open of pin, and its pin seated or pressed twice."""
        if not (self.z.position <= 0.0 and not self.ins.holding):
            return False
        tries = self.ins.attempts.get(name, [])
        return name in self.ins.seated_in or len(tries) >= 2


def _cell(s) -> _Cell:
    return s.devices.tally(s)


def verdict(s, name: str, nok: bool) -> str | None:
    """What is wrong with the carrier `name` as it crosses the exit line, or None."""
    c = _cell(s)
    fails = s.params["fails"][int(name.removeprefix("carrier"))]
    tries = c.ins.attempts.get(name, [])
    if not tries:
        return f"{name}: left without a pin"
    if fails >= BAD:
        if len(tries) != 2:
            return f"{name}: its pin would not seat; pressed {len(tries)} times, not twice"
        if not nok:
            return f"{name}: its pin failed twice, but NOK was off as it left"
        return None
    if name not in c.ins.seated_in:
        return (f"{name}: left with its pin not seated after {len(tries)} press(es) (a second press "
                "would have seated it)" if len(tries) < 2 else f"{name}: left with its pin not seated")
    if nok:
        return f"{name}: its pin is seated, but NOK was on as it left"
    return None


def _carriers_assembled():
    """Done once CARRIERS carriers have crossed the exit line each seated or NOK as its hole
    allows; failed by the first that was not (see `verdict`): tasks.common.EachInTolerance over
    the carriers in the order they pass."""
    return EachInTolerance(f"{CARRIERS} carriers assembled or marked NOK", lambda s: len(_cell(s).passed),
                           lambda s, n: verdict(s, *_cell(s).passed[n - 1]), CARRIERS)


class AlarmFollowsMagazine(judges.Judge):
    """Never done on its own (an `in_order` partner waits for the others): fails once the
    Magazine empty lamp has disagreed with the magazine's empty signal for more than
    ALARM_WITHIN_S. This task's own: the alarm answers the magazine, not a step."""

    name = "Magazine empty lamp follows the magazine"

    def __init__(self):
        super().__init__()
        self.since: float | None = None

    def update(self, s):
        if self.failed:
            return False
        c = _cell(s)
        empty, lit = c.ins.pins <= 0, bool(s.io["mag_empty"])
        if empty == lit:
            self.since = None
        elif self.since is None:
            self.since = s.time_s
        elif s.time_s - self.since > ALARM_WITHIN_S + 1e-9:
            self.failed = (f"the Magazine empty lamp {'off' if empty else 'on'} with the magazine "
                           f"{'empty' if empty else 'holding pins'} for over {ALARM_WITHIN_S:g} s "
                           f"(since {self.since:g} s)")
        return False


def _cleared(s) -> str | None:
    """The carrier at the station, if it is cleared to go."""
    c = _cell(s)
    return c.at_station.name if c.at_station is not None and c.cleared(c.at_station.name) else None


def _to_exit(s, name: str) -> float | None:
    c = _cell(s)
    for part in c.flow.parts:
        if part.name == name:
            return EXIT_AT - c.along(part)
    return None


def _released():
    return part_released(
        "the carrier released", _cleared, _to_exit, within_s=RELEASE_WITHIN_S, by_mm=RELEASE_MM,
        arrive_s=lambda s: RELEASE_WITHIN_S + 0.5 + (EXIT_AT - STATION_AT) / s.params["belt_speed"],
        way="the cleared carrier moving off toward the exit",
        late=lambda t: (f"a carrier was cleared to go at {t:g} s (pin seated or pressed twice, head up) "
                        f"but had not moved {RELEASE_MM:g} mm toward the exit {RELEASE_WITHIN_S:g} s later"))


def _at_rest(s) -> bool:
    c = _cell(s)
    return c.stopper.position >= c.stopper.stroke and c.z.position <= 0.0 and c.x.position <= 0.0


class _Alarmed(judges.Judge):
    """The carriers judge (_carriers_assembled), failed as soon as the alarm judge fails."""

    def __init__(self):
        super().__init__()
        self.parts = _carriers_assembled()
        self.alarm = AlarmFollowsMagazine()
        self.name = self.parts.name

    def update(self, s):
        if self.done or self.failed:
            return self.done
        self.alarm.update(s)
        if self.alarm.failed:
            self.failed = self.alarm.failed
            return False
        if self.parts.update(s):
            return self._finish(s)
        self.failed = self.parts.failed
        return False

    def pending(self):
        return self.parts.pending()


def _completion():
    return judges.watched(
        judges.in_order(_Alarmed(), judges.held("the station at rest", _at_rest, HOLD_S)),
        _released(), name=f"{CARRIERS} carriers assembled")


class _Moving(judges.Monitor):
    def __init__(self):
        self.last: dict[str, float] = {}

    def moved(self, name: str, pos: float) -> float:
        last = self.last.get(name, pos)
        self.last[name] = pos
        return pos - last


class XOnlyZUp(_Moving):
    """S1: the X cylinder moves only while Z is fully up."""

    def check(self, s):
        c = _cell(s)
        if abs(self.moved("x", c.x.position)) > 1e-6 and c.z.position > 0.0:
            return f"X moving with the head {c.z.position:.0f} mm down"
        return None


class ReleaseOnlyZUp(_Moving):
    """S2: the stopper retracts only while Z is fully up."""

    def check(self, s):
        c = _cell(s)
        if self.moved("stopper", c.stopper.position) < -1e-6 and c.z.position > 0.0:
            return f"the stopper lowering with the head {c.z.position:.0f} mm down"
        return None


class OpenOnlyAtBaseOrMagazine(_Moving):
    """S3: the jaws open only with the head fully down at the carrier or at the magazine."""

    def check(self, s):
        c = _cell(s)
        ins = c.ins
        placed = ins.z_down() and (ins.at_station() or ins.at_magazine())
        if self.moved("jaw", ins.jaw) < -1e-9 and not placed:
            where = "up" if not ins.z_down() else "between the magazine and the carrier"
            return f"the gripper opening with the head {where}"
        return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "station_eye", "BOOL", "input", "station_eye", "blocked",
            "station photo-eye: TRUE while a carrier stands at the stopper (or passes it)"),
    IOPoint("%IX0.1", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            f"exit photo-eye {EXIT_AT + 60 - STOP_AT:.0f} mm past the stopper: TRUE while a carrier "
            "blocks it"),
    IOPoint("%IX0.2", "stopper_up", "BOOL", "input", "stopper", "extended",
            "stopper fully up across the belt"),
    IOPoint("%IX0.3", "stopper_down", "BOOL", "input", "stopper", "retracted",
            "stopper fully down, belt free"),
    IOPoint("%IX0.4", "x_at_magazine", "BOOL", "input", "x_axis", "retracted",
            "X cylinder fully retracted: the head over the pin magazine"),
    IOPoint("%IX0.5", "x_at_carrier", "BOOL", "input", "x_axis", "extended",
            "X cylinder fully extended: the head over the carrier at the stopper"),
    IOPoint("%IX0.6", "z_up", "BOOL", "input", "z_axis", "retracted", "Z cylinder fully up"),
    IOPoint("%IX0.7", "z_down", "BOOL", "input", "z_axis", "extended",
            "Z cylinder fully down (in the magazine, or the pin in the carrier's hole)"),
    IOPoint("%IX1.0", "pin_held", "BOOL", "input", "inserter", "pin_held",
            "gripper closed on a pin (FALSE when the jaws closed on nothing)"),
    IOPoint("%IX1.1", "gripper_open", "BOOL", "input", "inserter", "opened", "gripper jaws fully open"),
    IOPoint("%IX1.2", "pin_seated", "BOOL", "input", "inserter", "seated",
            "proximity sensor at the station: TRUE while the carrier there has its pin seated"),
    IOPoint("%IX1.3", "magazine_empty", "BOOL", "input", "inserter", "empty",
            "pin magazine empty (TRUE while no pin is left)"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt"),
    IOPoint("%QX0.1", "stopper_raise", "BOOL", "output", "stopper", "extend",
            "stopper valve, raise coil (double solenoid: the valve keeps its last position with neither "
            "coil on)"),
    IOPoint("%QX0.2", "stopper_lower", "BOOL", "output", "stopper", "retract",
            "stopper valve, lower coil: lowering it releases the carrier"),
    IOPoint("%QX0.3", "x_extend", "BOOL", "output", "x_axis", "extend",
            "X valve (single solenoid): TRUE moves the head to the carrier, FALSE back to the magazine"),
    IOPoint("%QX0.4", "z_lower", "BOOL", "output", "z_axis", "extend",
            "Z valve (single solenoid): TRUE lowers the head, FALSE raises it"),
    IOPoint("%QX0.5", "gripper_close", "BOOL", "output", "inserter", "close",
            "gripper valve (single solenoid): TRUE closes the jaws, FALSE opens them"),
    IOPoint("%QX0.6", "nok", "BOOL", "output", "nok", "on",
            "NOK lamp (marks the carrier at the station NOK)"),
    IOPoint("%QX0.7", "mag_empty", "BOOL", "output", "mag_empty", "on", "Magazine empty alarm lamp"),
]

SPEC = f"""\
Carriers ride a belt to an assembly station where a stopper holds each one under a pick-and-place
head: an X cylinder moves the head between the pin magazine (retracted) and the carrier (extended),
a Z cylinder lowers it, a gripper holds the pin. Run the belt. For each carrier held at the stopper:
pick a pin (head over the magazine, Z down, close the gripper: pin_held, Z up), move X to the
carrier, lower Z (the pin goes into the carrier's hole), open the gripper, raise Z, then check the
proximity sensor pin_seated. If the pin is not seated, press it once more (Z down with the gripper
open, Z up) and check again. Seated: release the carrier. Not seated after the second press: light
NOK and release the carrier; keep NOK on until that carrier has passed the exit eye (the eye went
dark again) and off while any seated carrier leaves. Never press a pin a third time.
Release: lower the stopper; the carrier must be moving off ({RELEASE_MM:g} mm) within
{RELEASE_WITHIN_S:g} s of being cleared (Z fully up with the gripper open after the press that
seated the pin, or after the second press). Raise the stopper again once the carrier has passed it
(the exit eye sees it), before the next comes: the next comes about 2 s after a carrier leaves, or
later.
The magazine may run out (magazine_empty; it may be empty at power-up): light Magazine empty
while it is empty and only then (each change within {ALARM_WITHIN_S:g} s). The operator refills
it 5 to 15 s after the lamp lights; then carry on. A gripper closed at the magazine with none
left closes on nothing (pin_held stays FALSE).
The X stroke takes 0.4 to 0.9 s, Z 0.2 to 0.5 s, the jaws 0.1 to 0.3 s. At power-up the stopper is
up, X at the magazine, Z up and the gripper open. {CARRIERS} carriers in all."""

COMPLETION = Completion(
    f"{CARRIERS} carriers past the exit line, each with its pin seated (pressed once, or twice after a "
    "failure) and NOK off as it leaves, or, when its pin failed twice, pressed exactly twice with NOK on "
    "as it leaves; the Magazine empty lamp following the magazine throughout; then the stopper up, "
    f"Z up and X at the magazine held for {HOLD_S:g} s. Throughout, each carrier moving off within "
    f"{RELEASE_WITHIN_S:g} s of being cleared to go.",
    _completion, keep=_at_rest, keep_wording="the stopper fully up, Z fully up and X at the magazine.",
)

SAFETY = [
    SafetyRule("MAT-M10-S1", "The X cylinder moves only while Z is fully up.", XOnlyZUp(),
               signals=("x_extend", "z_up")),
    SafetyRule("MAT-M10-S2", "The stopper is lowered (moves down) only while Z is fully up.",
               ReleaseOnlyZUp(),
               signals=("stopper_lower", "z_up")),
    SafetyRule("MAT-M10-S3", "The gripper opens only with Z fully down and X fully at the carrier or fully "
               "at the magazine.", OpenOnlyAtBaseOrMagazine(), signals=("gripper_close", "z_down")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 150, 300, "mm/s", "belt speed"),
    ParameterRange("x_s", 0.4, 0.9, "s", "X stroke time, each way"),
    ParameterRange("z_s", 0.2, 0.5, "s", "Z stroke time, each way"),
    ParameterRange("grip_s", 0.1, 0.3, "s", "gripper jaw time, each way"),
    ParameterRange("refill_s", 5.0, 15.0, "s", "time from the alarm lamp to the operator's refill"),
    ParameterRange("pins", 0, 5, "pins", "pins in the magazine at power-up"),
    ParameterRange("fails", 0, 2, "presses", "failed presses of a carrier's pin (2: it never seats)"),
    ParameterRange("arrival_s", 0.0, 4.0, "s", "extra time before the upstream line hands on a carrier"),
]


def _range(name):
    return published_range(PARAMETERS, name)


def _carriers(rng: random.Random) -> dict:
    """Per carrier its failed presses and arrival delay; at least one carrier with one failure and
    one with two in every run (the catalog's one and two failures)."""
    fails = [rng.choice((0, 0, 0, 1, 2)) for _ in range(CARRIERS)]
    one, two = rng.sample(range(CARRIERS), 2)
    fails[one], fails[two] = 1, BAD
    return dict(fails=fails, arrival_s=[round(rng.uniform(*_range("arrival_s")), 2) for _ in range(CARRIERS)])


def _cond(name, seed, description, *, carriers_seed, **params):
    return Condition.of(name, seed, description, **{**_carriers(random.Random(carriers_seed)), **params})


CONDITIONS = [
    _cond("nominal", 1001, "middle times, the magazine runs out after three pins", carriers_seed=21,
          belt_speed=220, x_s=0.6, z_s=0.3, grip_s=0.2, refill_s=8.0, pins=3),
    _cond("slow_cylinders", 1002, "the slowest cylinders and jaws, a slow refill", carriers_seed=22,
          belt_speed=300, x_s=0.9, z_s=0.5, grip_s=0.3, refill_s=15.0, pins=4),
    _cond("quick_cylinders", 1003, "the quickest cylinders, slow belt, a quick refill", carriers_seed=23,
          belt_speed=150, x_s=0.4, z_s=0.2, grip_s=0.1, refill_s=5.0, pins=2),
    _cond("empty_at_start", 1004, "the magazine empty at power-up", carriers_seed=24,
          belt_speed=200, x_s=0.5, z_s=0.4, grip_s=0.15, refill_s=6.0, pins=0),
    _cond("last_pin", 1005, "five pins: the last carrier waits for the refill", carriers_seed=25,
          belt_speed=260, x_s=0.7, z_s=0.25, grip_s=0.25, refill_s=10.0, pins=5),
]


def sample_condition(rng: random.Random) -> dict:
    """Speeds and times uniform in their ranges, the pins at power-up uniform 0..5 (fewer than the
    carriers, so the magazine always runs out once), the carriers as _carriers draws them."""
    params = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  **{k: round(rng.uniform(*_range(k)), 3) for k in ("x_s", "z_s", "grip_s", "refill_s")},
                  pins=rng.randint(*map(int, _range("pins"))), **_carriers(rng))
    description = (f"{params['belt_speed']} mm/s, X {params['x_s']:g} s, Z {params['z_s']:g} s, "
                   f"{params['pins']} pins, refill {params['refill_s']:g} s, fails {params['fails']}")
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x at y = 0, carriers
(100 x 80 mm) travelling toward +x from the upstream line at x = {FEED_AT:.0f}. The stopper stands
beside the belt at x = {STOP_AT:.0f}; a held carrier's centre is at x = {STATION_AT:.0f}, under the
head's place over the carrier. The pin magazine is at ({STATION_AT:.0f}, {MAG_Y:.0f}); the X cylinder
moves the head {MAG_Y:.0f} mm across between them, the Z cylinder (drawn beside) lowers it. The
station eye is at x = {EYE_AT:.0f}, the exit eye at x = {EXIT_AT + 60:.0f}."""

TASK = Task(
    id="MAT-M10", title="Two-part assembly station", suite="MAT", level="M",
    summary="Pick a pin from a magazine, insert it into each carrier at a stopper, check it is seated; press "
            "once more on a failure, mark NOK on a second; alarm an empty magazine.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=80.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
