"""MAT-E05 Metal/plastic separation.

An upstream line hands parts one by one onto a sorting belt. A sensor station (a capacitive
proximity switch that sees every part and an inductive one that sees only metal, both looking
at the same spot of the belt) classifies each part as it passes; 600 mm further on, a pusher
shoves metal parts into the metal chute, and plastic parts run on off the belt end into the
plastic bin. The program must classify each part at the sensor station, remember the
classifications in order (several parts ride between the station and the pusher at once),
stop the belt when a metal part reaches the pusher eye, push it and run on. The proximity
switches chatter (0-20 ms) on every edge; the metal chute may start full and be emptied by
the operator only later (up to 25 s).

Changes from the catalog entry, and why:
- "disc. unclassified part aboard": a part that lies between the sensors and the pusher at
  power-up cannot be found by any sensor before it reaches the pusher eye, and nothing in the
  plant can tell its material there (that is the trap: the inductive switch is not at the
  pusher). So the part to discover lies IN FRONT OF the pusher at power-up (eye_pusher TRUE on
  the first scan): the spec says it is a metal part that was stopped there for a push when the
  line stopped, and must be pushed first. A program that only reacts to eye edges, or pops its
  classification queue for it, misses it or shifts every later decision by one.
- The pusher may be out at power-up (no part in front of it then): the belt must not run until
  it is back (rule S2).
- Besides "stop <= 0.3 s" (the belt at standstill within 0.3 s of a metal part reaching the
  pusher eye), the push itself is judged by progress: within 0.3 s of the belt standing still
  with a metal part in front of the pusher (and room in the chute), the pusher is on its way
  out; at its end switch it turns back within 0.3 s; once back, the belt runs again within
  0.5 s. Without them a program that times every stroke and every standstill with the slowest
  published times passes every condition.

Judged by what the plant does: the parts' destinations (the chutes log every part they take),
the belt's velocity, the pusher's rod position (sim.judges.progress_within, latched per
episode, so a one-scan valve pulse counts as nothing), and the end state (belt stopped,
pusher back) held through the post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Pusher
from sim.devices.sensors import PhotoEye, ProximitySensor
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    BackAfterStroke,
    CountGrows,
    belt_position,
    operator_empties,
    published_range,
    turns_back_within,
)

LOT = 10
BELT_LENGTH = 1400.0
FEED_AT, INFEED_EYE_AT, SENSE_AT, PUSH_AT, EYE_OFFSET, END_EYE_AT = 60.0, 140.0, 300.0, 900.0, 20.0, 1390.0
RUNOUT_AT = BELT_LENGTH    # a part whose centre leaves the belt drops into the bin (a belt stopped for a
                          # push never leaves one lying on the floor just past its end)
CAP_RANGE_MM, IND_RANGE_MM = 20.0, 15.0
PART_MM = 50.0
PLATE_MM = 70.0
STOP_WITHIN_S = 0.3       # belt at standstill after a metal part reaches the pusher eye
PUSH_WITHIN_S = 0.3       # pusher on its way out after the belt stands with a metal part in front
TURN_WITHIN_S = 0.3       # pusher on its way back after reaching its end switch
RESTART_WITHIN_S = 0.5    # belt running again after the pusher is back
SET_OFF_MM = 10.0         # "on its way": the rod has moved this far (a one-scan pulse moves < 8 mm)
BELT_MOVE_MM = 25.0       # "the belt runs again": it carried the parts half a part length on
IN_FRONT_MM = 35.0        # a part's centre this close to the pusher's axis lies in front of it
HOLD_S = 2.0

KINDS = {"M": dict(part_kind="M", code=1, colour="silver", material="metal", height_mm=30.0),
         "P": dict(part_kind="P", code=2, colour="white", material="plastic", height_mm=30.0)}
PLASTIC_COLOURS = ("white", "blue", "green", "black", "orange")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0, length=BELT_LENGTH, width=100,
                              speed=p["belt_speed"], ramp_s=0.1,
                              guide_gaps=(("left", PUSH_AT - 60, PUSH_AT + 60),)))
    rng = random.Random(condition.seed)       # plastic colours only: they tell the program nothing
    order = p["order"]
    first = 1 if p.get("part_at_pusher") else 0
    if first:
        plant.add(Workpiece("part0", *belt.point(PUSH_AT), **KINDS["M"], width=PART_MM, length=PART_MM))
    t, schedule = p["first_arrival_s"], []
    for kind, gap in zip(order[first:], [0.0, *p["arrival_gap_s"]], strict=False):
        t += gap
        spec = dict(KINDS[kind], width=PART_MM, length=PART_MM)
        if kind == "P":
            spec["colour"] = rng.choice(PLASTIC_COLOURS)
        schedule.append((t, spec))
    # the upstream line hands the next part over only once the previous one has cleared the
    # infeed eye, so parts ride at least one part length apart
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, only_while=("infeed_eye", "clear")))
    plant.add(PhotoEye.across(belt, "infeed_eye", INFEED_EYE_AT))
    bounce = p["bounce_ms"] / 1000.0
    plant.add(ProximitySensor("cap_sensor", *belt.point(SENSE_AT), range_mm=CAP_RANGE_MM,
                              technology="capacitive", bounce_s=bounce))
    plant.add(ProximitySensor("ind_sensor", *belt.point(SENSE_AT), range_mm=IND_RANGE_MM,
                              technology="inductive", bounce_s=bounce))
    plant.add(Pusher("pusher", *belt.point(PUSH_AT, -80), angle_deg=90, stroke=180, plate_width=PLATE_MM,
                     extend_s=p["pusher_s"], retract_s=p["pusher_s"],
                     start_extended=p.get("pusher_extended", False)))
    plant.add(PhotoEye.across(belt, "eye_pusher", PUSH_AT + EYE_OFFSET, live_at_power_up=True))
    x0, _ = belt.point(PUSH_AT - 60)
    x1, _ = belt.point(PUSH_AT + 60)
    plant.add(Chute("metal_chute", x0, 80, x1, 400, capacity=p["chute_capacity"],
                    level=p.get("chute_level", 0), label="metal chute"))
    plant.add(PhotoEye.across(belt, "eye_end", END_EYE_AT))
    plant.add(Chute("plastic_bin", RUNOUT_AT, -200, 1800, 200, label="plastic bin"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.belt, self.pusher, self.eye = plant["belt"], plant["pusher"], plant["eye_pusher"]
        self.chute, self.bin = plant["metal_chute"], plant["plastic_bin"]
        self.flow = material_flow(plant)


def _in_sweep(cell, part) -> bool:
    """The part lies where the pusher's plate sweeps across the belt."""
    along, across = belt_position(cell.belt, part)
    return abs(along - PUSH_AT) < PLATE_MM / 2 + part.length / 2 and abs(across) < cell.belt.half_width + 30


def _sorted_ok(s) -> bool:
    cell = s.devices
    got_metal, got_plastic = cell.chute.collected, cell.bin.collected
    order = s.params["order"]
    if len(got_metal) + len(got_plastic) < len(order):
        return False
    return (len(got_metal) == order.count("M") and all(k == "M" for _, k in got_metal)
            and len(got_plastic) == order.count("P") and all(k == "P" for _, k in got_plastic))


def _at_rest(s) -> bool:
    cell = s.devices
    return cell.belt.velocity == 0.0 and cell.pusher.position <= 0.0


def _metal_at_eye(s) -> bool:
    """A metal part is crossing the pusher eye's beam."""
    cell = s.devices
    if not cell.eye.detected:
        return False
    return any(part.material == "metal" and cell.eye.sees(part) for part in cell.flow.parts)


def _metal_waiting(s) -> bool:
    """The belt stands still with a metal part in front of the pusher, room in the chute, and
    the pusher back: the push is due."""
    cell = s.devices
    if cell.belt.velocity != 0.0 or cell.chute.full or cell.pusher.position > 0.0:
        return False
    for part in cell.flow.parts:
        if part.material == "metal":
            along, across = belt_position(cell.belt, part)
            if abs(along - PUSH_AT) <= IN_FRONT_MM and abs(across) <= cell.belt.half_width:
                return True
    return False


def _stops_for_metal() -> judges.progress_within:
    return judges.progress_within(
        "the belt stopping for a metal part at the pusher eye", _metal_at_eye,
        [judges.Way("the belt", lambda s: abs(s.devices.belt.velocity), by=1.0,
                    until=lambda s: s.devices.belt.velocity == 0.0)],
        STOP_WITHIN_S, excused=lambda s: s.devices.belt.velocity == 0.0,
        late=lambda t: (f"a metal part reached the pusher eye at {t:g} s but the belt was not at "
                        f"standstill {STOP_WITHIN_S:g} s later"))


def _pushes_promptly() -> judges.progress_within:
    out = judges.Way("the pusher going out", lambda s: s.devices.pusher.stroke - s.devices.pusher.position,
                     by=SET_OFF_MM, until=lambda s: s.devices.pusher.position >= s.devices.pusher.stroke)
    return judges.progress_within(
        "the pusher pushing the metal part in front of it", _metal_waiting, [out], PUSH_WITHIN_S,
        late=lambda t: (f"from {t:g} s the belt stood with a metal part in front of the pusher and room "
                        f"in the chute, but the pusher was not on its way out {PUSH_WITHIN_S:g} s later"))


def _belt_goes_again() -> judges.progress_within:
    belt = judges.Way("the belt running again", lambda s: -s.devices.belt.travelled, by=BELT_MOVE_MM)
    return judges.progress_within(
        "after a push, the belt runs again", BackAfterStroke("pusher", "push"), [belt], RESTART_WITHIN_S,
        excused=_sorted_ok,
        late=lambda t: (f"the pusher was back at {t:g} s but the belt had not carried the parts "
                        f"{BELT_MOVE_MM:g} mm on {RESTART_WITHIN_S:g} s later"))


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event(f"all {LOT} parts sorted", _sorted_ok),
            judges.held("belt stopped, pusher retracted", _at_rest, HOLD_S),
        ),
        _stops_for_metal(), _pushes_promptly(),
        turns_back_within("pusher", "push", "the pusher", TURN_WITHIN_S, SET_OFF_MM),
        _belt_goes_again(), name="all parts sorted with prompt stops and pushes")


class PushOnPlastic(judges.Monitor):
    """S1: the pusher moving out while a plastic part lies in its sweep."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        cell = s.devices
        last, self.last = self.last, cell.pusher.position
        if last is None or cell.pusher.position <= last:
            return None
        for part in cell.flow.parts:
            if part.material == "plastic" and _in_sweep(cell, part):
                return f"the pusher moved out against the plastic part {part.name}"
        return None


def _belt_moving_with_pusher_out(s):
    cell = s.devices
    if cell.belt.velocity != 0.0 and cell.pusher.position > 0.0:
        return f"belt moving at {abs(cell.belt.velocity):.0f} mm/s while the pusher is out"
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "cap_sensor", "BOOL", "input", "cap_sensor", "detected",
            f"capacitive proximity switch at the sensor station (x = {SENSE_AT:.0f}): TRUE while any part "
            f"(metal or plastic) has its centre within {CAP_RANGE_MM:.0f} mm of it; chatters after each "
            "edge"),
    IOPoint("%IX0.1", "ind_sensor", "BOOL", "input", "ind_sensor", "detected",
            f"inductive proximity switch at the same spot: TRUE while a METAL part has its centre within "
            f"{IND_RANGE_MM:.0f} mm of it (never for plastic); chatters after each edge"),
    IOPoint("%IX0.2", "eye_pusher", "BOOL", "input", "eye_pusher", "blocked",
            f"photo-eye {EYE_OFFSET:.0f} mm after the pusher's axis, TRUE while a part blocks the beam "
            "(also on the first scan for a part lying there at power-up)"),
    IOPoint("%IX0.3", "eye_end", "BOOL", "input", "eye_end", "blocked",
            f"photo-eye {BELT_LENGTH - END_EYE_AT:.0f} mm before the belt end, TRUE while a part blocks the "
            "beam; it turns FALSE again as the part drops into the plastic bin"),
    IOPoint("%IX0.4", "infeed_eye", "BOOL", "input", "infeed_eye", "blocked",
            f"photo-eye at the infeed (x = {INFEED_EYE_AT:.0f}), TRUE while a part blocks the beam; the "
            "upstream line hands the next part over only while it is clear"),
    IOPoint("%IX0.5", "pusher_retracted", "BOOL", "input", "pusher", "retracted", "pusher fully back"),
    IOPoint("%IX0.6", "pusher_extended", "BOOL", "input", "pusher", "extended",
            "pusher fully out (part in the chute)"),
    IOPoint("%IX0.7", "chute_full", "BOOL", "input", "metal_chute", "full", "metal chute full (TRUE = full)"),
    IOPoint("%IX1.0", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%IW0", "belt_speed", "INT", "input", "belt", "speed_actual", "actual belt speed", "mm/s",
            "0..300"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt forward"),
    IOPoint("%QX0.1", "push", "BOOL", "output", "pusher", "extend",
            "pusher valve (single solenoid): TRUE extends, FALSE retracts"),
]

SPEC = f"""\
A lot of {LOT} parts, metal and plastic in an unknown order, is separated on one belt. The
upstream line hands the parts one by one onto the belt's infeed end at irregular times. The
belt carries each part through the sensor station: the capacitive switch (cap_sensor) sees every
part, the inductive switch (ind_sensor, same spot, smaller range) sees only metal parts. A part
is metal if ind_sensor comes on while cap_sensor sees it; it is plastic if cap_sensor sees it
and ind_sensor stays off. Both switches chatter (random on/off) for up to 20 ms after each
edge, so a part's passage must be told from the chatter. Several parts may ride between the
sensor station and the pusher ({PUSH_AT - SENSE_AT:.0f} mm further on) at once, and they reach
the pusher in the order they passed the station.

Metal parts go into the metal chute: when a metal part reaches the pusher eye (eye_pusher turns
TRUE when its leading edge reaches the beam; the part then lies in front of the pusher), stop the
belt (at standstill, belt_speed = 0, within {STOP_WITHIN_S:g} s of the part reaching the eye),
extend the pusher to its end switch (on its way out within {PUSH_WITHIN_S:g} s of the belt
standing still with the part in front of it), retract it at once (on its way back within
{TURN_WITHIN_S:g} s of the end switch), and once it is fully back run the belt again within
{RESTART_WITHIN_S:g} s (unless every part is sorted). The metal chute holds a limited number of
parts; while it reports full, leave the metal part in front of the pusher with the belt stopped
and push it once the operator has emptied the chute (within {PUSH_WITHIN_S:g} s of chute_full
turning FALSE). Plastic parts run on off the belt end into the plastic bin: a part counts as
delivered there when eye_end turns FALSE again after it (the eye sits
{BELT_LENGTH - END_EYE_AT:.0f} mm before the belt end; the part drops off while it still blocks the
beam). The belt speed, the pusher's stroke time and the arrival times are not known in advance.

At power-up the belt stands still. The pusher may be out: retract it before the belt runs. A
part may already lie in front of the pusher (eye_pusher TRUE on the first scan): it is a metal
part that was stopped there for a push when the line stopped (it counts as one of the {LOT} and
was never seen by the sensor station): push it into the metal chute first. When all {LOT} parts
have reached their destinations, stop the belt with the pusher retracted, and keep it so."""

AT_REST = "the belt at standstill with the pusher fully retracted"

COMPLETION = Completion(
    f"All {LOT} parts of the lot at their destinations (every metal part in the metal chute, every "
    f"plastic part in the plastic bin, none anywhere else); then {AT_REST}, held for {HOLD_S:g} s. On "
    f"the way: within {STOP_WITHIN_S:g} s of a metal part reaching the pusher eye the belt is at "
    f"standstill (it slows without speeding up again); within {PUSH_WITHIN_S:g} s of the belt standing "
    f"still with a metal part in front of the pusher (its centre within {IN_FRONT_MM:g} mm of the "
    f"pusher's axis), the chute not full and the pusher back, the pusher has moved {SET_OFF_MM:g} mm out "
    f"and goes on to its end switch; within {TURN_WITHIN_S:g} s of reaching its end switch it has moved "
    f"{SET_OFF_MM:g} mm back and goes on to fully back without extending again; within "
    f"{RESTART_WITHIN_S:g} s of being fully back after a push, the belt has carried the parts "
    f"{BELT_MOVE_MM:g} mm on, unless every part is sorted. A one-scan pulse of an output counts as "
    "none of these.",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-E05-S1", "The pusher extends only against metal: it never moves out while a plastic "
               "part lies in its sweep (the part's centre within 60 mm of the pusher's axis along the "
               "belt).", PushOnPlastic()),
    SafetyRule("MAT-E05-S2", "The belt stands still (speed 0) whenever the pusher is out of its retracted "
               "position.", _belt_moving_with_pusher_out),
    SafetyRule("MAT-E05-S3", "No part is ever pushed into the metal chute while it reports full.",
               CountGrows(lambda s: len(s.devices.chute.overfilled),
                          "part pushed into the metal chute while it reported full")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 100, 300, "mm/s", "belt speed when running"),
    ParameterRange("bounce_ms", 0, 20, "ms", "chatter of both proximity switches after each edge"),
    ParameterRange("pusher_s", 0.25, 1.0, "s", "pusher stroke time (each way)"),
    ParameterRange("first_arrival_s", 0.0, 3.0, "s", "time the upstream line offers the first part"),
    ParameterRange("arrival_gap_s", 0.6, 4.0, "s",
                   "time between the parts the upstream line offers (a part waits while the infeed eye "
                   "is blocked)"),
    ParameterRange("chute_capacity", 4, 6, "parts", "parts the metal chute holds before it reports full"),
    ParameterRange("chute_emptied_s", 5, 25, "s",
                   "when the operator empties a metal chute that started full"),
]


_emptying, _cond = operator_empties("chute_emptied_s", "metal_chute", "metal chute")


# order: the lot in the order the parts reach the pusher (M metal, P plastic); with
# part_at_pusher the first one is the metal part lying in front of the pusher at power-up.
CONDITIONS = [
    _cond("nominal", 51, "middle speed, parts every 2 s, no chatter",
          belt_speed=200, bounce_ms=0, pusher_s=0.5, chute_capacity=5, first_arrival_s=0.5,
          arrival_gap_s=[2.0] * 9, order="MPPMPMMPPM"),
    _cond("slow_bunched", 52, "slow belt, slow pusher, parts bunched (up to five between the station "
          "and the pusher), full chatter", belt_speed=100, bounce_ms=20, pusher_s=1.0, chute_capacity=6,
          first_arrival_s=0.0, arrival_gap_s=[0.6, 0.7, 0.6, 1.0, 0.6, 0.8, 0.6, 0.6, 0.9],
          order="PMPPMMPMPM"),
    _cond("fast_pusher_out", 53, "fast belt, quick pusher out at power-up, chatter, plastic first",
          belt_speed=295, bounce_ms=18, pusher_s=0.25, chute_capacity=5, pusher_extended=True,
          first_arrival_s=2.5, arrival_gap_s=[0.8, 3.0, 0.7, 1.5, 4.0, 0.6, 2.0, 0.9, 1.2],
          order="PPMPMMPPMP"),
    _cond("chute_full", 54, "metal part in front of the pusher at power-up, metal chute full until the "
          "operator empties it at 24 s", belt_speed=150, bounce_ms=10, pusher_s=0.7, chute_capacity=4,
          chute_level=4, part_at_pusher=True, chute_emptied_s=24.0, first_arrival_s=1.0,
          arrival_gap_s=[1.5, 2.5, 1.0, 3.0, 0.8, 2.0, 1.2, 3.5], order="MPMPPMPMPP"),
    _cond("mixed", 55, "fast belt, slow pusher, chute full at the start and emptied at 9 s",
          belt_speed=250, bounce_ms=15, pusher_s=0.85, chute_capacity=6, chute_level=6,
          chute_emptied_s=9.0, first_arrival_s=3.0,
          arrival_gap_s=[1.0, 0.6, 2.2, 0.7, 3.8, 0.6, 1.6, 0.9, 2.4], order="MMPMPPMMPM"),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Independent and uniform: belt speed, chatter, pusher stroke time, first arrival and every
    gap between arrivals. Jointly: the lot is 10 parts in a random order with 3 metal parts up
    to the chute's capacity (the chute is emptied at most once, so every metal part must fit it
    then); one time in three the chute starts full and the operator empties it at a time from
    the chute_emptied_s range, otherwise it starts with room for every metal part. One time in
    four a metal part lies in front of the pusher at power-up (it is the first of the 10); one
    time in four otherwise the pusher starts out (never with a part in front of it).
    """
    speed = rng.randint(*map(int, _range("belt_speed")))
    bounce = rng.randint(*map(int, _range("bounce_ms")))
    stroke = round(rng.uniform(*_range("pusher_s")), 2)
    capacity = rng.randint(*map(int, _range("chute_capacity")))
    at_pusher = rng.random() < 1 / 4
    while True:
        order = ("M" if at_pusher else "") + "".join(rng.choice("MP") for _ in range(LOT - at_pusher))
        if 3 <= order.count("M") <= capacity:
            break
    params: dict = dict(belt_speed=speed, bounce_ms=bounce, pusher_s=stroke, chute_capacity=capacity,
                        order=order)
    notes = []
    if rng.random() < 1 / 3:
        params["chute_level"] = capacity
        params["chute_emptied_s"] = round(rng.uniform(*_range("chute_emptied_s")), 1)
        notes.append(f"chute full until {params['chute_emptied_s']:g} s")
    else:
        params["chute_level"] = rng.randint(0, capacity - order.count("M"))
    if at_pusher:
        params["part_at_pusher"] = True
        notes.append("metal part in front of the pusher")
    elif rng.random() < 1 / 4:
        params["pusher_extended"] = True
        notes.append("pusher out")
    params["first_arrival_s"] = round(rng.uniform(*_range("first_arrival_s")), 2)
    params["arrival_gap_s"] = [round(rng.uniform(*_range("arrival_gap_s")), 2)
                               for _ in range(LOT - at_pusher - 1)]
    description = f"{speed} mm/s, chatter {bounce} ms, pusher {stroke:g} s, order {order}" + "".join(
        f"; {n}" for n in notes)
    return dict(params=params, description=description, disturbances=_emptying(params))


PLANT = f"""\
Top view, millimetres. The sorting belt ({BELT_LENGTH:.0f} x 100 mm) runs along x from x = 0 to
x = {BELT_LENGTH:.0f} at y = 0, parts (50 x 50 mm) travelling toward +x. The upstream line hands
parts onto the belt at x = {FEED_AT:.0f}; the infeed eye looks across the belt at
x = {INFEED_EYE_AT:.0f}. The sensor station (capacitive and inductive proximity switches, one
above the other, looking down at the belt's centre line) is at x = {SENSE_AT:.0f}. The pusher
(x = {PUSH_AT:.0f}) stands on the right-hand side (y < 0) and pushes toward +y through a gap in
the left guide into the metal chute (x = {PUSH_AT - 60:.0f}..{PUSH_AT + 60:.0f}, y = 80..400);
its photo-eye is at x = {PUSH_AT + EYE_OFFSET:.0f}. The end eye is at x = {END_EYE_AT:.0f}; the
plastic bin lies beyond the belt end (x > {BELT_LENGTH:.0f})."""

TASK = Task(
    id="MAT-E05", title="Metal/plastic separation", suite="MAT", level="E",
    summary="Classify each part with an inductive and a capacitive switch, track it to the pusher, "
            "push metal parts into their chute and let plastic run on.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=120.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
