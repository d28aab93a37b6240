"""MOT-M11 Walking-beam transfer.

Five nests in a row, one pitch (200 mm) apart, seen from the side: the in nest (a loader puts
raw parts in it), station 1's nest, a buffer nest, station 2's nest and the out nest (a
take-away clears it). Under them lies a walking beam (sim.devices.walking_beam.WalkingBeam)
with four pockets, raised by a lift cylinder and moved one pitch by an advance cylinder (both
sim.devices.pneumatics.Cylinder, double solenoid). One index is up, forward, down, back: the
beam lifts every part one nest on. Two work stations (sim.devices.stations.TransferStation)
over nests 1 and 3 bring their tool down on a start, work, and lift it again. Each part must be
worked at both stations and reach the out nest.

Changes from the catalog entry, and why:
- The advance is a double-solenoid cylinder with end switches, not a servo axis: the beam
  moves one fixed pitch end to end, which is how a walking beam of this size is built, and the
  skill is the interlocked sequence. Because neither cylinder can stand mid-stroke, the
  catalog's "beam up mid-stroke" power-up is replaced by the beam found up (back or forward,
  carrying parts from an interrupted cycle, the out nest possibly still full) or down with
  parts already waiting in the stations' nests.
- S1 and S2 as written in the catalog overlap (forward only up and back only down implies X
  moves only up or down), so no counterexample could trip S1 alone: S1 is "each cylinder moves
  only with the other at an end of its stroke", S2 "forward never with the lift down, back
  never with it up". S4 (no part set down on an occupied nest) is added: it is the point of
  "advance only with the out nest free".
- The nest switches are the nests' own part-present switches (PartPlace): the parts are
  records, not pymunk bodies, so a ProximitySensor could not see them. The loader is the in
  nest's supply (a part slides in load_s after the nest is emptied), the take-away the out
  nest's own (takeaway_s after a part is set down).
- Every step is judged for promptness (within 0.5 s of its cause, by the cylinder or tool
  really travelling and going on to its end): the index after the last cause (stations done,
  out nest free), forward, down, back and each station's start. Lift 0.3-1.2 s, advance 0.4-1.5
  s, work 0.5-4 s and take-away 1-10 s make every worst-case fixed wait late somewhere.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.machine import Part, PartPlace
from sim.devices.pneumatics import Cylinder
from sim.devices.stations import TransferStation
from sim.devices.walking_beam import WalkingBeam
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, log_uniform

N_PARTS = 5
PITCH_MM = 200.0
LIFT_MM = 50.0             # lift stroke; the pockets meet the parts half way up
PICK_MM = 25.0
NEST_X0, NEST_Y = 300.0, 300.0
NEST_SIZE = 90.0
STATIONS = {1: "station_1", 3: "station_2"}
NESTS = ("nest_in", "nest_1", "nest_2", "nest_3", "nest_out")
ARM_S = 0.25               # station tool down (or up) time
WITHIN_S = 0.5             # every step sets off within this of its cause
MOVED_MM = 0.01
HOLD_S = 2.0
STATION_REACH = 80.0


def _part(n: int) -> Part:
    return Part(n, diameter=60.0, colour=(170, 150, 120))


def _start_parts(state: int):
    """Parts found at power-up by start state: (carried pockets, their works, nest parts).
    A part carried in pocket k was lifted from nest k, so it has been worked by the stations
    up to nest k; one in a station's nest at power-up has not been worked there."""
    if state == 1:      # beam up and back, carrying the parts of nests 0-2
        return {0: _part(1), 1: _part(2), 2: _part(3)}, {2: ["station_1"], 3: ["station_1"]}, {}
    if state == 2:      # beam up and forward, carrying two parts; the out nest still full
        return ({1: _part(1), 3: _part(2)}, {1: ["station_1"], 2: ["station_1", "station_2"]},
                {4: Part(0, diameter=60.0, colour=(120, 160, 120))})
    if state == 3:      # beam down and back; parts waiting at both stations, the out nest full
        return ({}, {2: ["station_1"]},
                {1: _part(1), 3: _part(2), 4: Part(0, diameter=60.0, colour=(120, 160, 120))})
    return {}, {}, {}


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    state = int(p["start_state"])
    carried, works, lying = _start_parts(state)
    counted = len(carried) + sum(1 for j, part in lying.items() if j < 4)
    plant = Plant(seed=condition.seed, substeps=1)
    # drawn under the beam's middle, its plate against the beam's underside (24 mm deep)
    plant.add(Cylinder("lift", NEST_X0 + 1.5 * PITCH_MM, NEST_Y - NEST_SIZE / 2 - PICK_MM - 24 - 10,
                              angle_deg=90.0, stroke=LIFT_MM, extend_s=p["lift_s"], retract_s=p["lift_s"],
                              solenoid="double", plate_width=60.0, start_extended=state in (1, 2)))
    # its rod's plate against the beam's back end, at the beam's height with the lift down
    plant.add(Cylinder("advance", NEST_X0 - NEST_SIZE / 2 - 10, NEST_Y - NEST_SIZE / 2 - PICK_MM - 12,
                       stroke=PITCH_MM,
                       extend_s=p["advance_s"], retract_s=p["advance_s"], solenoid="double",
                       plate_width=30.0, start_extended=state == 2))
    supply = [(0.0, _part(n)) for n in range(counted + 1, N_PARTS + 1)]
    names = NESTS
    labels = ("in nest", "station 1 nest", "buffer nest", "station 2 nest", "out nest")
    for j, (name, label) in enumerate(zip(names, labels, strict=True)):
        place = plant.add(PartPlace(
            name, NEST_X0 + j * PITCH_MM, NEST_Y, label=label, size=NEST_SIZE,
            supply=supply if j == 0 else None, refill_s=p["load_s"] if j == 0 else 0.3,
            takeaway_s=p["takeaway_s"] if j == 4 else 0.0))
        if j in lying:
            place.place_initial(lying[j])
    for j, name in STATIONS.items():
        plant.add(TransferStation(name, 1 if j == 1 else 2, 0.0, x=NEST_X0 + j * PITCH_MM,
                                  y=NEST_Y + 30 + STATION_REACH + 50, requests=(0.0,) * 60, regap_s=0.0,
                                  arm_time_s=ARM_S, work_s=p[f"work{1 if j == 1 else 2}_s"], width=150.0,
                                  height=100.0, arm_reach=STATION_REACH,
                                  label=f"station {1 if j == 1 else 2}"))
    plant.add(WalkingBeam("beam", lift="lift", advance="advance", nests=names, stations=STATIONS,
                          pitch_mm=PITCH_MM, pick_mm=PICK_MM, carried=carried, works=works,
                          label="walking beam"))
    return plant


class Devices:
    def __init__(self, plant):
        self.lift = plant.device("lift", Cylinder)
        self.advance = plant.device("advance", Cylinder)
        self.beam = plant.device("beam", WalkingBeam)
        self.nests = [plant.device(n, PartPlace) for n in NESTS]
        self.stations = {j: plant.device(n, TransferStation) for j, n in STATIONS.items()}


# --- judges ------------------------------------------------------------------------------

def _up(s) -> bool:
    return s.devices.lift.position >= LIFT_MM


def _down(s) -> bool:
    return s.devices.lift.position <= 0.0


def _back(s) -> bool:
    return s.devices.advance.position <= 0.0


def _forward(s) -> bool:
    return s.devices.advance.position >= PITCH_MM


def _tools_up(s) -> bool:
    return all(st.arm <= 0.0 for st in s.devices.stations.values())


def _worked_here(s, j: int) -> bool:
    d = s.devices
    part = d.beam.part_in(j)
    return part is None or STATIONS[j] in d.beam.worked_by(part)


def _index_due(s) -> bool:
    """Beam down and back with nothing aboard, both tools up, every part in a station's nest
    worked there, the out nest free and some part in nests 0-3 to move on."""
    d = s.devices
    return (_down(s) and _back(s) and d.beam.carried == 0 and _tools_up(s) and not d.nests[4].occupied
            and any(n.occupied for n in d.nests[:4]) and all(_worked_here(s, j) for j in STATIONS))


def _down_due(s) -> bool:
    d = s.devices
    return _up(s) and _forward(s) and (d.beam.pockets[-1] is None or not d.nests[4].occupied)


def _station_due(j: int):
    def due(s) -> bool:
        st = s.devices.stations[j]
        return _down(s) and st.arm <= 0.0 and st.request and not _worked_here(s, j)
    return due


def _both(s, part) -> bool:
    return set(STATIONS.values()) <= set(s.devices.beam.worked_by(part))


def _parked(s) -> bool:
    return _down(s) and _back(s) and _tools_up(s) and not s.io["st1_start"] and not s.io["st2_start"]


def _cyl_way(what: str, name: str, target_end: bool, travel_key: str, by: float, stroke: float):
    def distance(s):
        pos = getattr(s.devices, name).position
        return stroke - pos if target_end else pos

    def arrived(s):
        return distance(s) <= 0.0
    # due by the latest allowed set-off, a full stroke and a margin
    return judges.Way(what, distance, by=by, until=arrived,
                      arrive_s=lambda s: WITHIN_S + s.params[travel_key] + 0.2)


def _step(what: str, cause, way, excused=None):
    return judges.progress_within(
        f"{what} within {WITHIN_S:g} s", cause, [way], WITHIN_S, excused=excused,
        late=lambda t, w=what: f"from {t:g} s {w} was due, but it had not set off {WITHIN_S:g} s later")


def _completion():
    lift_up = _cyl_way("the lift going up", "lift", True, "lift_s", 0.1 * LIFT_MM, LIFT_MM)
    lift_down = _cyl_way("the lift going down", "lift", False, "lift_s", 0.1 * LIFT_MM, LIFT_MM)
    forward = _cyl_way("the beam going forward", "advance", True, "advance_s", 0.1 * PITCH_MM, PITCH_MM)
    back = _cyl_way("the beam going back", "advance", False, "advance_s", 0.1 * PITCH_MM, PITCH_MM)
    watches = [
        _step("the index (the lift going up, with the stations done and the out nest free)", _index_due,
              lift_up),
        _step("the beam going forward (lift up, beam back)", lambda s: _up(s) and _back(s), forward),
        _step("the lift going down (beam up and forward, the out nest free for its part)", _down_due,
              lift_down),
        _step("the beam going back (lift down, beam forward)", lambda s: _down(s) and _forward(s), back),
    ]
    for j in STATIONS:
        n = 1 if j == 1 else 2
        tool = judges.Way(f"station {n}'s tool", lambda s, j=j: 1.0 - s.devices.stations[j].arm, by=0.2,
                          until=lambda s, j=j: s.devices.stations[j].arm >= 1.0,
                          arrive_s=lambda s: WITHIN_S + ARM_S + 0.2)
        watches.append(_step(f"station {n}'s start (a part in its nest not yet worked there, beam down, "
                             "tool up)", _station_due(j), tool))
    watches.append(CountGrows(
        lambda s: sum(1 for _, part in s.devices.nests[4].delivered if not _both(s, part)),
        "a part reached the out nest without being worked at both stations"))
    watches.append(CountGrows(lambda s: len(s.devices.beam.dropped),
                              "the beam set a part down between nests: it fell off the line"))
    return judges.watched(
        judges.in_order(
            judges.distinct(f"{N_PARTS} parts in the out nest, each worked at both stations",
                            lambda s: [p.number for _, p in s.devices.nests[4].delivered if _both(s, p)],
                            N_PARTS),
            judges.held("beam down and back, both tools up, both starts off", _parked, HOLD_S)),
        *watches)


# --- safety ------------------------------------------------------------------------------

class _Motion(judges.Monitor):
    """Per-scan travel of the lift and the advance, from their positions (never velocity):
    `judge(before, now)` sees both positions at the scan before and this one."""

    def __init__(self):
        self.last: tuple[float, float] | None = None

    def check(self, s):
        d = s.devices
        now = (d.lift.position, d.advance.position)
        before, self.last = self.last, now
        return None if before is None else self.judge(s, before, now)

    def judge(self, s, before, now):
        raise NotImplementedError


class EndsOnly(_Motion):
    """S1: each cylinder moves only with the other standing at an end of its stroke."""

    def judge(self, s, before, now):
        lift_at_end = before[0] <= 0.0 or before[0] >= LIFT_MM
        adv_at_end = before[1] <= 0.0 or before[1] >= PITCH_MM
        if abs(now[1] - before[1]) > MOVED_MM and not lift_at_end:
            return f"the beam moved along with the lift between its ends ({before[0]:.1f} mm of {LIFT_MM:g})"
        if abs(now[0] - before[0]) > MOVED_MM and not adv_at_end:
            return f"the lift moved with the beam between its ends ({before[1]:.1f} mm of {PITCH_MM:g})"
        return None


class Direction(_Motion):
    """S2: forward never with the lift fully down, back never with it fully up."""

    def judge(self, s, before, now):
        da = now[1] - before[1]
        if da > MOVED_MM and before[0] <= 0.0:
            return "the beam went forward with the lift down (it would drag the parts back through the nests)"
        if da < -MOVED_MM and before[0] >= LIFT_MM:
            return "the beam went back with the lift up (it would carry the parts back a nest)"
        return None


class LiftWithToolIn(_Motion):
    """S3: the lift never moves while a station's tool is down (not fully up)."""

    def judge(self, s, before, now):
        if abs(now[0] - before[0]) <= MOVED_MM:
            return None
        for j, st in s.devices.stations.items():
            if st.arm > 0.0:
                return f"the lift moved with station {1 if j == 1 else 2}'s tool in its nest"
        return None


# --- conditions --------------------------------------------------------------------------

CONDITIONS = (
    Condition.of("nominal", 1101, "beam down and back, empty line, medium times", start_state=0, lift_s=0.6,
                 advance_s=0.8, work1_s=1.5, work2_s=2.0, takeaway_s=3.0, load_s=1.0),
    Condition.of("beam_up_back_quick_lift_slow_work", 1102,
                 "beam found up and back with three parts aboard; quick cylinders, slow stations",
                 start_state=1, lift_s=0.3, advance_s=0.4, work1_s=4.0, work2_s=3.5, takeaway_s=2.0,
                 load_s=0.5),
    Condition.of("slow_lift_quick_work_quick_takeaway", 1103,
                 "beam down and back, slowest cylinders, quick stations and take-away, slow loader",
                 start_state=0, lift_s=1.2, advance_s=1.5, work1_s=0.5, work2_s=0.6, takeaway_s=1.0,
                 load_s=3.0),
    Condition.of("beam_up_forward_out_nest_full", 1104,
                 "beam found up and forward carrying a part over a full out nest; slow take-away",
                 start_state=2, lift_s=0.45, advance_s=0.6, work1_s=1.0, work2_s=2.5, takeaway_s=10.0,
                 load_s=2.0),
    Condition.of("parts_waiting_at_stations", 1105,
                 "beam down and back with unworked parts in both stations' nests and the out nest full",
                 start_state=3, lift_s=0.9, advance_s=1.1, work1_s=3.0, work2_s=0.8, takeaway_s=6.0,
                 load_s=1.5),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges, each parameter on its own (take-away
    log-uniform: it spans 10:1)."""
    params = dict(start_state=rng.randint(0, 3), lift_s=round(rng.uniform(0.3, 1.2), 3),
                  advance_s=round(rng.uniform(0.4, 1.5), 3), work1_s=round(rng.uniform(0.5, 4.0), 2),
                  work2_s=round(rng.uniform(0.5, 4.0), 2), takeaway_s=round(log_uniform(rng, 1.0, 10.0), 2),
                  load_s=round(rng.uniform(0.5, 3.0), 2))
    description = (f"start state {params['start_state']}, lift {params['lift_s']:g} s, "
                   f"advance {params['advance_s']:g} s, work {params['work1_s']:g}/{params['work2_s']:g} s, "
                   f"take-away {params['takeaway_s']:g} s")
    return dict(params=params, description=description)


def _nest(addr: str, name: str, device: str, what: str) -> IOPoint:
    return IOPoint(addr, name, "BOOL", "input", device, "part_present",
                   f"Proximity switch in the {what}: TRUE while a part lies in the nest (not while the beam "
                   "holds it lifted above)")


IO = (
    IOPoint("%IX0.0", "lift_down", "BOOL", "input", "lift", "retracted",
            "Lift cylinder end switch: TRUE only with the beam fully down"),
    IOPoint("%IX0.1", "lift_up", "BOOL", "input", "lift", "extended",
            "Lift cylinder end switch: TRUE only with the beam fully up"),
    IOPoint("%IX0.2", "beam_back", "BOOL", "input", "advance", "retracted",
            "Advance cylinder end switch: TRUE only with the beam fully back (pockets under nests 0-3)"),
    IOPoint("%IX0.3", "beam_forward", "BOOL", "input", "advance", "extended",
            "Advance cylinder end switch: TRUE only with the beam fully forward, one pitch on (pockets "
            "over nests 1-4)"),
    _nest("%IX0.4", "nest_in", "nest_in", "in nest (nest 0, the loader's)"),
    _nest("%IX0.5", "nest_1", "nest_1", "station 1's nest (nest 1)"),
    _nest("%IX0.6", "nest_2", "nest_2", "buffer nest (nest 2)"),
    _nest("%IX0.7", "nest_3", "nest_3", "station 2's nest (nest 3)"),
    _nest("%IX1.0", "nest_out", "nest_out", "out nest (nest 4, the take-away's)"),
    IOPoint("%IX1.1", "st1_request", "BOOL", "input", "station_1", "request",
            "Station 1 ready/working: TRUE while it waits for a start or works; it drops the moment a work "
            "cycle is done (the tool then goes up) and rises again once the tool is up"),
    IOPoint("%IX1.2", "st1_tool_up", "BOOL", "input", "station_1", "arm_home",
            "TRUE while station 1's tool is fully up, out of its nest"),
    IOPoint("%IX1.3", "st2_request", "BOOL", "input", "station_2", "request",
            "Station 2 ready/working, as st1_request"),
    IOPoint("%IX1.4", "st2_tool_up", "BOOL", "input", "station_2", "arm_home",
            "TRUE while station 2's tool is fully up, out of its nest"),
    IOPoint("%QX0.0", "lift_raise", "BOOL", "output", "lift", "extend",
            "Lift valve coil 'up' (double solenoid: the valve keeps the last direction with both coils off)"),
    IOPoint("%QX0.1", "lift_lower", "BOOL", "output", "lift", "retract", "Lift valve coil 'down'"),
    IOPoint("%QX0.2", "advance_forward", "BOOL", "output", "advance", "extend",
            "Advance valve coil 'forward' (double solenoid, keeps the last direction with both coils off)"),
    IOPoint("%QX0.3", "advance_back", "BOOL", "output", "advance", "retract", "Advance valve coil 'back'"),
    IOPoint("%QX0.4", "st1_start", "BOOL", "output", "station_1", "grant",
            "Start station 1: while TRUE and it is ready, its tool comes down into nest 1 and works; keep it "
            "on until st1_request drops (switching it off earlier aborts the cycle), then off"),
    IOPoint("%QX0.5", "st2_start", "BOOL", "output", "station_2", "grant", "Start station 2, as st1_start"),
)

TASK = Task(
    id="MOT-M11", title="Walking-beam transfer", suite="MOT", level="M",
    summary="Cycle a walking beam up, forward, down and back to move parts through five nests, each part "
            "worked at two stations on the way; index only with the stations done and the out nest free.",
    plant_description=(
        f"Five nests in a row, {PITCH_MM:g} mm apart (seen from the side): the in nest (nest 0), where a "
        "loader slides a raw part in some time after the nest is emptied; station 1's nest (1); a buffer "
        "nest (2); station 2's nest (3); the out nest (4), which a take-away clears some time after a part "
        "is set in it. Under the nests lies a walking beam with four pockets: a lift cylinder raises it "
        f"({LIFT_MM:g} mm stroke; its pockets pick up the parts lying over them half way up) and an advance "
        f"cylinder moves it one pitch forward or back. Both cylinders are double solenoid. One index: up "
        "(the beam lifts the parts of nests 0-3), forward, down (it sets them in nests 1-4), back. Over "
        f"nests 1 and 3 stand two work stations: on a start the tool comes down into the nest ({ARM_S:g} s), "
        f"works and goes up ({ARM_S:g} s); a cycle with no part in the nest works nothing. A part set on an "
        "occupied nest (the in nest too, once the loader has refilled it) is a crash; a part let down "
        "between nests falls off. At "
        "power-up the beam may be down or up, back or forward, carrying parts from an interrupted cycle, "
        "and parts may lie in the nests (the out nest may be full)."),
    specification=(
        "1. Move each cylinder only with the other at an end of its stroke: the advance only with the lift "
        "fully up or fully down, the lift only with the beam fully back or fully forward. Forward only "
        "with the lift fully up, back only with the lift fully down.\n"
        "2. Index (lift up, forward, down, back) only with the beam down and back, both tools up, every "
        "part lying in a station's nest worked there, and the out nest free; then the lift must set off "
        f"up within {WITHIN_S:g} s of the last of these (whenever a part lies in nests 0-3).\n"
        f"3. Each step of the index sets off within {WITHIN_S:g} s of the step before it ending (lift_up, "
        "then beam_forward, then lift_down, then beam_back, read from the end switches) and runs to its end. "
        "With the beam forward and up, it may only come down once the out nest is free if it carries a "
        f"part there (nest_out FALSE), and then within {WITHIN_S:g} s of that.\n"
        "4. Never move the lift while a station's tool is not fully up.\n"
        "5. With a part in a station's nest that it has not yet worked and the beam fully down, start the "
        f"station: its tool must set off down within {WITHIN_S:g} s (of the part set down there, the beam "
        "down, the tool up and the station ready, whichever is last); keep the start on until its request "
        "drops, then off. A part must be worked once at each station before it reaches the out nest.\n"
        f"6. After the last of the {N_PARTS} parts is in the out nest, leave the beam down and back, both "
        "tools up, both starts off.\n"
        "Cylinder times, work times, the loader and take-away times and the power-up state differ from "
        "run to run: wait for the switches."),
    io=IO,
    completion=Completion(
        f"{N_PARTS} parts (those found on the line at power-up and the loader's, not the one found in the "
        "out nest) set in the out nest, each worked at station 1 and at station 2, none set in "
        "it unworked and none dropped; then the beam stays down and back with both tools up and both "
        f"starts off for {HOLD_S:g} s. On the way every step sets off within {WITHIN_S:g} s of its cause "
        "(2, 3, 5 of the specification) and runs to its end.",
        _completion,
        keep=_parked,
        keep_wording="the beam down and back, both tools up, both starts off."),
    safety_rules=(
        SafetyRule("MOT-M11-S1", "The advance moves only with the lift fully up or fully down, and the lift "
                   "moves only with the beam fully back or fully forward.", EndsOnly()),
        SafetyRule("MOT-M11-S2", "The beam never goes forward with the lift fully down, nor back with the "
                   "lift fully up.", Direction()),
        SafetyRule("MOT-M11-S3", "The lift never moves while a station's tool is not fully up.",
                   LiftWithToolIn()),
        SafetyRule("MOT-M11-S4", "No part is ever set down on a nest that already holds one.",
                   CountGrows(lambda s: sum(n.double_placements for n in s.devices.nests),
                              "the beam set a part down on a nest that already held one")),
    ),
    parameters=(
        ParameterRange("start_state", 0, 3, "",
                       "power-up state: 0 beam down and back, line empty; 1 beam up and back carrying parts; "
                       "2 beam up and forward carrying parts, out nest full; 3 beam down and back, parts in "
                       "both stations' nests, out nest full"),
        ParameterRange("lift_s", 0.3, 1.2, "s", "lift cylinder stroke time, up or down"),
        ParameterRange("advance_s", 0.4, 1.5, "s", "advance cylinder stroke time, forward or back"),
        ParameterRange("work1_s", 0.5, 4.0, "s", "station 1 work time (tool down, not counting its travel)"),
        ParameterRange("work2_s", 0.5, 4.0, "s", "station 2 work time"),
        ParameterRange("takeaway_s", 1.0, 10.0, "s", "from a part set in the out nest to its removal"),
        ParameterRange("load_s", 0.5, 3.0, "s", "from the in nest emptied to the next raw part in it"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=110.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
