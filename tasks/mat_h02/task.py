"""MAT-H02 Two robots sharing a workspace.

Two pick-and-place robots run on one rail and share one machining fixture between them: R1
(left) takes raw parts from the infeed and loads the fixture, R2 (right) unloads machined parts
to the outfeed. Each job is judged on its own (its own set-off clocks, its own wait clock), so a
program that serves one robot and starves the other fails even when parts still get through.

Catalog changes (why): the catalog's "one robot in the fixture zone" is kept as S2, and the
tools' 350 mm (S1) is judged on the tools' positions every scan: the robots' speeds differ per
condition and are not told, so a robot sent in the moment the other has left the zone can
overtake it on the lane (a fast R2 behind a slow R1); a program must wait until the other robot
is at rest outside (or read its x_position). The fixture is a MachiningCell with a guard door
(the cycle start needs it closed), so the door is part of the job and S5 states its interlock.
Process times are 2-8 s; the outfeed may be blocked up to 10 s at power-up and each part stays
there 1-10 s, so R2 must wait for it outside the zone, holding its part. Start states to discover:
R2 may stand at the fixture (inside the zone, door open), the fixture may hold a machined part,
the first raw part may come late (up to 12 s). Judged: every set-off by progress (sim.judges.Way),
parts by identity (distinct), zone waits by waits_at_most; a miss ends the run (MissEndsTheRun),
so a deadlock (each robot waiting on the other) fails at its first 0.3 s set-off deadline.

Hardened (missed picks): a program written blind from the prompt earned 1 on every registered
condition, so the robots now have a stated field fault, the missed pick (sim.devices.robot,
miss_picks): a crooked part makes the jaws slip past it to fully closed, gripper_closed without
part_held, the part still there; it settles square only once the jaws open fully. It hits either
robot at any pick (R1 at the infeed, R2 in the fixture, R2's power-up pick too) and may repeat at the
retry; R2 may also start standing in the fixture with its jaws closed past the part (a start state
to discover). The stated reaction is a retry at the station: open at once, close again as soon as
gripper_open, until part_held; judged by four more watches of the completion (the jaws opening
fully, then closing again there, each within the grip time + 0.3 s), and meanwhile the other
robot's set-offs still apply. What a careful program gets wrong: the old reference's loader already
re-tried on gripper_closed but closed again once re-sent in position, 0.1 s later, before the jaws
were open (counterexamples/recloses_before_open.st); the second program took a closed gripper in
the fixture for "nothing to take" and left (counterexamples/leaves_after_miss.st); the
blind-written program waits for part_held in the fixture's power-up pick. Registered:
fast_r2_slow_r1 (R1's 2nd pick, R2's 3rd twice), r2_in_zone (R2's jaws closed at power-up, its
first retry misses too),
blocked_outfeed (R1's first pick twice, R2's 6th); sampled: none in about 1 run of 3.

Two fixes of 2026-12-04, from a hunt for corners of the published ranges (every parameter at an
end at once; none of the programs written blind failed one the reference passes):
- R2 is "free" (to set off for the fixture within 0.3 s, and for S4's wait) once its jaws are
  fully open, as the prompt says ("gripper_open when it has let go"); the judge had it free from
  the part's release half way open, 0.5 x grip_s earlier, and at grip_s 0.6 with R2 waiting
  at home for a blocked outfeed the reference and second_correct missed that 0.3 s.
- The time limit is 250 s, not 200: with the robots, door, machining and arrivals all at their
  slow ends (400/300 mm/s, grip 0.6 s, door 2 s, 8 s cycles, parts from 12 s 8 s apart, the
  outfeed blocked 10 s at power-up) the reference needs 222.7 s, second_correct 208.0 s and the
  two programs written blind 203.0 s; the sampler can draw that corner.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.machine import MachiningCell, Part, PartPlace
from sim.devices.robot import Robot, Station
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun, robot_io

LOT = 8
FIXTURE, OWN_PLACE, HOME = 1, 2, 3          # station numbers, the same for both robots
FIX_X, FIX_Y = 750.0, 520.0
ZONE = (520.0, 980.0)                        # fixture zone: tool x between these (the guard + 40 mm)
R1_HOME_X, R2_HOME_X = 380.0, 1120.0         # waiting points on the lane, outside the zone
TOOLS_APART_MM = 350.0
SET_OFF_S = 0.3
SET_OFF_MM = 20.0
ZONE_WAIT_S = 15.0
DOOR_EXTRA_S = 0.3       # a door's travel time plus this: the door must have travelled by then
JAWS_EXTRA_S = 0.3       # the grip time plus this: the jaws of a retry must have travelled by then


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    parts = [Part(n) for n in range(1, LOT + 1)]
    preloaded = bool(p.get("preloaded", 0))
    raw = parts[1:] if preloaded else parts
    arrivals, t = [], p["first_arrival_s"]
    for part, gap in zip(raw, [0.0, *p["arrival_gaps_s"]], strict=False):
        t += gap
        arrivals.append((t, part))
    infeed = plant.add(PartPlace("infeed", 0, -320, label="infeed", supply=arrivals))
    outfeed = plant.add(PartPlace("outfeed", 1500, -320, label="outfeed", takeaway_s=p["takeaway_s"]))
    if p.get("outfeed_blocked_s", 0) > 0:      # downstream is full: a part lies there at power-up
        blocker = Part(0)
        blocker.processed = True
        outfeed.place_initial(blocker, stay_s=p["outfeed_blocked_s"])
    lo, hi = p["process_s"]
    r2_inside = p["r2_start"] == FIXTURE
    cell = plant.add(MachiningCell("cell", FIX_X, FIX_Y, width=380, depth=440, door_time_s=p["door_s"],
                                   process_min_s=lo, process_max_s=hi,
                                   door_initially_open=r2_inside or p.get("door_open", False),
                                   label="machining fixture"))
    if preloaded:
        cell.preload(parts[0], processed=True)
    r1 = [Station(FIXTURE, "fixture", FIX_X, FIX_Y, cell.fixture),
          Station(OWN_PLACE, "infeed", 0, -320, infeed), Station(HOME, "R1 home", R1_HOME_X, 0)]
    r2 = [Station(FIXTURE, "fixture", FIX_X, FIX_Y, cell.fixture),
          Station(OWN_PLACE, "outfeed", 1500, -320, outfeed), Station(HOME, "R2 home", R2_HOME_X, 0)]
    plant.add(Robot("r1", r1, lane_y=0, start_station=p["r1_start"], speed_x=p["r1_speed_x"],
                    speed_y=p["r1_speed_y"], settle_s=0.1, grip_time_s=p["grip_s"], rail=(-200, 1700),
                    miss_picks=p["r1_misses"]))
    robot2 = plant.add(Robot("r2", r2, lane_y=0, start_station=p["r2_start"], speed_x=p["r2_speed_x"],
                             speed_y=p["r2_speed_y"], settle_s=0.1, grip_time_s=p["grip_s"],
                             rail=(-200, 1700), miss_picks=p["r2_misses"]))
    if p.get("r2_jaws_closed", 0):     # stopped during a missed pick in the fixture
        robot2.missed_at_power_up()
    return plant


# --- judges -------------------------------------------------------------------------------

class _Devices:
    """The devices the judges read every scan (Task.judged_devices)."""

    def __init__(self, plant: Plant):
        self.r1, self.r2, self.cell = plant["r1"], plant["r2"], plant["cell"]
        self.infeed, self.outfeed = plant["infeed"], plant["outfeed"]
        self.places = (self.infeed, self.outfeed, self.cell.fixture)


def _in_zone(robot) -> bool:
    return ZONE[0] < robot.x < ZONE[1]


def _at_rest_at(robot, number: int) -> bool:
    return not robot.busy and robot.station is not None and robot.station.number == number


def _at_rest_outside(robot) -> bool:
    return not robot.busy and not _in_zone(robot)


def _fixture_ready_to_load(cell) -> bool:
    return not cell.fixture.parts and not cell.busy


def _finished_part_waits(cell) -> bool:
    return cell.done and bool(cell.fixture.parts) and not cell.busy


def _raw_held(robot) -> bool:
    return robot.held is not None and not robot.held.processed


def _r1_may_load(s) -> bool:
    """R1 holds a raw part at rest outside the zone, the fixture is empty with its door open and
    R2 is at rest at its home: nothing is left to wait for. (R2 elsewhere, at the outfeed say, is
    not judged here: S4 bounds that wait.)"""
    d = s.devices
    return (_raw_held(d.r1) and _at_rest_outside(d.r1) and _fixture_ready_to_load(d.cell)
            and d.cell.door >= 1.0 and _at_rest_at(d.r2, HOME))


def _free(robot) -> bool:
    """Holding nothing with its jaws fully open: "gripper_open when it has let go" (the part is
    let go half way open; the program sees it by gripper_open)."""
    return robot.held is None and robot.jaw <= 0.0


def _r2_may_unload(s) -> bool:
    """A machined part waits on the fixture with the door open, R2 is free at rest outside the
    zone and R1 is at rest outside the zone on its own side."""
    d = s.devices
    return (_finished_part_waits(d.cell) and d.cell.door >= 1.0 and _free(d.r2)
            and _at_rest_outside(d.r2) and _at_rest_outside(d.r1) and d.r1.x <= R1_HOME_X)


def _toward_fixture(name):
    return judges.Way(f"{name} moving to the fixture",
                      lambda s: getattr(s.devices, name).path_to(FIXTURE), by=SET_OFF_MM,
                      until=lambda s: _at_rest_at(getattr(s.devices, name), FIXTURE), slack=1.0)


def _done_in_zone(name):
    """The robot has done its work at the fixture and must leave the zone: R1 has let go of the
    part it loaded; R2 holds a part, or stands there with no machined part to take."""
    def cause(s):
        d = s.devices
        robot = d.r1 if name == "r1" else d.r2
        if robot.busy or not _in_zone(robot):
            return False
        if name == "r1":
            return _free(robot)
        return robot.held is not None or not _finished_part_waits(d.cell)
    return cause


def _leaving_zone(name):
    def distance(s):
        robot = s.devices.r1 if name == "r1" else s.devices.r2
        return -math.hypot(robot.x - FIX_X, robot.y - FIX_Y)
    return judges.Way(f"{name} leaving the zone", distance, by=SET_OFF_MM,
                      until=lambda s: not _in_zone(s.devices.r1 if name == "r1" else s.devices.r2),
                      slack=1.0)


def _leaves_pick(name):
    """After part_held the robot sets off from where it picked within SET_OFF_S."""
    def cause(s):       # part_held coming on (a robot arriving somewhere still holding it is no new pick)
        robot = s.devices.r1 if name == "r1" else s.devices.r2
        return robot.held is not None

    def distance(s):
        robot = s.devices.r1 if name == "r1" else s.devices.r2
        pick = robot.picks[-1][2] if robot.picks else None
        return 0.0 if pick is None else -math.hypot(robot.x - pick.x, robot.y - pick.y)
    return judges.progress_within(
        f"{name.upper()} sets off within {SET_OFF_S:g} s of part_held",
        cause=cause, ways=[judges.Way(f"{name.upper()} leaving its pick", distance, by=SET_OFF_MM)],
        within_s=SET_OFF_S)


def _door_way_closing():
    return judges.Way("the door closing and the cycle starting", lambda s: s.devices.cell.door + (
        0.0 if s.devices.cell.busy else 0.001), by=0.02, until=lambda s: s.devices.cell.busy,
        arrive_s=lambda s: s.devices.cell.door * s.devices.cell.door_time_s + DOOR_EXTRA_S)


def _raw_loaded_and_clear(s) -> bool:
    d = s.devices
    parts = d.cell.fixture.parts
    return (bool(parts) and not parts[-1].processed and not d.cell.busy
            and not _in_zone(d.r1) and not _in_zone(d.r2))


def _door_wanted_open(s) -> bool:
    cell = s.devices.cell
    return cell.door < 1.0 and not cell.busy and (_finished_part_waits(cell) or not cell.fixture.parts)


def _retry_open(name):
    """After a missed pick (the jaws fully closed past the part) the gripper opens, fully, at once."""
    def cause(s):
        robot = getattr(s.devices, name)
        return robot.miss_station is not None and robot.held is None and robot.jaw >= 1.0
    return judges.progress_within(
        f"{name.upper()} opens its gripper within {SET_OFF_S:g} s of a missed pick", cause=cause,
        ways=[judges.Way(f"{name.upper()}'s jaws opening fully", lambda s: getattr(s.devices, name).jaw,
                         by=0.02, until=lambda s: getattr(s.devices, name).jaw <= 0.0,
                         arrive_s=lambda s: getattr(s.devices, name).grip_time_s + JAWS_EXTRA_S)],
        within_s=SET_OFF_S)


def _retry_close(name):
    """Once the jaws are fully open after a miss they close again at the station of the miss: the
    step arrives when the part is held, or when the jaws slipped past it there again (the opening
    judge then takes over). Jaws closed anywhere else never arrive."""
    def cause(s):
        robot = getattr(s.devices, name)
        return robot.miss_station is not None and robot.held is None and robot.jaw <= 0.0

    def closed_there(s):
        robot = getattr(s.devices, name)
        if robot.held is not None:
            return True
        miss = robot.miss_station
        return robot.jaw >= 1.0 and miss is not None and robot.path_to(miss.number) <= 0.5
    return judges.progress_within(
        f"{name.upper()} closes its gripper again at the same station within {SET_OFF_S:g} s of "
        "gripper_open after a missed pick", cause=cause,
        ways=[judges.Way(f"{name.upper()}'s jaws closing on the part",
                         lambda s: 1.0 - getattr(s.devices, name).jaw, by=0.02, until=closed_there,
                         arrive_s=lambda s: getattr(s.devices, name).grip_time_s + JAWS_EXTRA_S)],
        within_s=SET_OFF_S)


class _RetryWatches(judges.Watch):
    """The four missed-pick watches (_retry_open, _retry_close for each robot), asked only while a
    miss is pending or one of them is still in an episode or saw its cause last: otherwise every
    cause is False and a call would only note that, so skipping it gives the same verdicts at a
    fraction of the cost per scan (the closed loop's speed)."""

    def __init__(self):
        self.watches = (_retry_open("r1"), _retry_open("r2"), _retry_close("r1"), _retry_close("r2"))
        self.idle = True

    def check(self, s):
        d = s.devices
        if self.idle and d.r1.miss_station is None and d.r2.miss_station is None:
            return None
        for watch in self.watches:
            missed = watch.check(s)
            if missed:
                return missed
        self.idle = all(w.since_ms is None and not w.was_cause for w in self.watches)
        return None


def _watches():
    return (
        judges.progress_within(f"R1 sets off to load within {SET_OFF_S:g} s once the fixture is ready and "
                               "R2 is at rest outside the zone", cause=_r1_may_load,
                               ways=[_toward_fixture("r1")], within_s=SET_OFF_S),
        judges.progress_within(f"R2 sets off to unload within {SET_OFF_S:g} s once a machined part waits "
                               "behind the open door and R1 is at rest outside the zone",
                               cause=_r2_may_unload, ways=[_toward_fixture("r2")], within_s=SET_OFF_S),
        judges.progress_within(f"R1 leaves the zone within {SET_OFF_S:g} s of letting go at the fixture",
                               cause=_done_in_zone("r1"), ways=[_leaving_zone("r1")], within_s=SET_OFF_S),
        judges.progress_within(f"R2 leaves the zone within {SET_OFF_S:g} s once it holds a part there (or "
                               "has nothing to take)", cause=_done_in_zone("r2"), ways=[_leaving_zone("r2")],
                               within_s=SET_OFF_S),
        _leaves_pick("r1"), _leaves_pick("r2"),
        judges.progress_within(f"the door starts closing within {SET_OFF_S:g} s of a raw part loaded with "
                               "both robots out of the zone, and the cycle starts once it is closed",
                               cause=_raw_loaded_and_clear, ways=[_door_way_closing()], within_s=SET_OFF_S),
        judges.progress_within(f"the door starts opening within {SET_OFF_S:g} s of a finished cycle (or an "
                               "empty fixture) and opens fully", cause=_door_wanted_open,
                               ways=[judges.Way("the door opening", lambda s: 1.0 - s.devices.cell.door,
                                                by=0.02, until=lambda s: s.devices.cell.door >= 1.0,
                                                arrive_s=lambda s: (1.0 - s.devices.cell.door)
                                                * s.devices.cell.door_time_s + DOOR_EXTRA_S)],
                               within_s=SET_OFF_S),
        _RetryWatches(),
    )


def _delivered(s) -> list[int]:
    return [part.number for _, part in s.devices.outfeed.delivered if part.processed and part.number > 0]


def _parked(s) -> bool:
    d = s.devices
    return (_at_rest_at(d.r1, HOME) and _at_rest_at(d.r2, HOME) and d.r1.jaw <= 0.0 and d.r2.jaw <= 0.0
            and d.r1.held is None and d.r2.held is None)


PARKED = "both robots at rest at their home stations (3) with the grippers open"

COMPLETION = Completion(
    f"All {LOT} parts machined and set down on the outfeed, each counted once, then {PARKED}, held for "
    f"1 s. On the way every set-off below comes within {SET_OFF_S:g} s of its cause (a miss ends the run): "
    "R1 toward the fixture once it holds a raw part at rest outside the zone, the fixture is empty with "
    "its door fully open and R2 is at rest at its home; R2 toward the fixture once a "
    "machined part waits there behind the fully open door, R2 is free at rest outside the zone and R1 "
    "is at rest outside the zone at x <= 380 mm; each robot away from the fixture once its work there "
    "is done (R1 has let go of the loaded part; R2 holds the part, or stands in the zone with no "
    "machined part to take) until it is out of the zone; each robot away from its pick after "
    "part_held; the door closing once a raw part lies on the fixture with both robots out of the zone "
    "(closed within its travel time + 0.3 s and the cycle started); the door opening once a cycle is "
    "done or the fixture is empty (fully open within its travel time + 0.3 s); after a missed pick "
    "(gripper_closed, part_held FALSE) the robot's gripper opening (fully open within its grip time "
    "+ 0.3 s) and, once gripper_open, closing again at the same station (closed on the part, or "
    "slipped past it again, within its grip time + 0.3 s). Setting off means the tool really moving "
    "20 mm that way, on to its station, or the jaws really travelling; a re-sent start moves nothing.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(judges.distinct(f"{LOT} parts on the outfeed", _delivered, LOT),
                        judges.held("both robots parked at home", _parked, 1.0)),
        *_watches(), name="lot through, every job served in time")),
    keep=_parked, keep_wording=PARKED,
)


def _tools_apart(s):
    d = s.devices
    gap = math.hypot(d.r1.x - d.r2.x, d.r1.y - d.r2.y)
    if gap < TOOLS_APART_MM:
        return f"the robots' tools came within {gap:.0f} mm of each other"
    return None


def _both_in_zone(s):
    if _in_zone(s.devices.r1) and _in_zone(s.devices.r2):
        return "both robots in the fixture zone at once"
    return None


class DoorInterlock(judges.Monitor):
    """S5: a tool crossing into the guard only through a fully open door of an idle cell, and the
    door never closing on a tool inside. A robot that starts inside stands there already."""

    def __init__(self):
        self.inside: list[bool] | None = None

    def check(self, s):
        d = s.devices
        robots = (d.r1, d.r2)
        now = [d.cell.contains(r.x, r.y) for r in robots]
        was, self.inside = self.inside or now, now
        for robot, before, inside in zip(robots, was, now, strict=True):
            if inside and not before and (d.cell.busy or d.cell.door < 1.0):
                return f"{robot.name.upper()} entered the guard with the door {d.cell.door * 100:.0f} % open"
            if inside and d.cell.door_motion < 0:
                return f"the door closing with {robot.name.upper()} inside the guard"
        return None


def _misplaced(s) -> int:
    d = s.devices
    return sum(p.double_placements for p in d.places) + len(d.r1.dropped) + len(d.r2.dropped)


def _zone_wait():
    d = lambda s: s.devices  # noqa: E731
    return judges.waits_at_most(ZONE_WAIT_S, [
        ("R1 with a raw part for the empty fixture",
         lambda s: _raw_held(d(s).r1) and _fixture_ready_to_load(d(s).cell), lambda s: _in_zone(d(s).r1)),
        ("R2 for the machined part on the fixture",
         lambda s: _finished_part_waits(d(s).cell) and _free(d(s).r2), lambda s: _in_zone(d(s).r2)),
    ], message=lambda name, limit: f"{name} waited more than {limit:g} s to enter the zone")


SAFETY = [
    SafetyRule("MAT-H02-S1", f"The two robots' tools are never closer than {TOOLS_APART_MM:g} mm to each "
               "other (distance between the tool points, x and y).", _tools_apart),
    SafetyRule("MAT-H02-S2", f"At most one robot in the fixture zone (tool x between {ZONE[0]:g} and "
               f"{ZONE[1]:g} mm) at a time.", _both_in_zone),
    SafetyRule("MAT-H02-S3", "A part is set down only on an empty place (the fixture, the outfeed): never on "
               "an occupied one, never released away from a place (dropped).",
               CountGrows(_misplaced, "part set down on an occupied place or dropped")),
    SafetyRule("MAT-H02-S4", f"No robot waits more than {ZONE_WAIT_S:g} s for the zone: R1 holding a raw "
               "part while the fixture is empty and idle, R2 free while a machined part waits on the "
               "fixture; the clock stops when that robot's tool enters the zone.", _zone_wait()),
    SafetyRule("MAT-H02-S5", "A tool enters the guard only through the fully open door of an idle cell, and "
               "the door never closes while a tool is inside the guard.", DoorInterlock()),
]


# --- I/O map --------------------------------------------------------------------------------

def _robot(prefix: str, device: str, byte: int, word: int, qbyte: int, stations: str):
    return [*robot_io(device, (f"%IX{byte}.0", "robot_busy"), (f"%IX{byte}.1", "robot_in_position"),
                      (f"%IX{byte}.2", "gripper_open"), (f"%IX{byte}.3", "gripper_closed"),
                      (f"%IX{byte}.4", "part_held"), (f"%IW{word}", "robot_at"),
                      (f"%IW{word + 1}", "robot_x"),
                      stations=stations, last=3, prefix=prefix),
            *robot_io(device, (f"%QX{qbyte}.0", "robot_start"), (f"%QX{qbyte}.1", "grip"),
                      (f"%QW{word // 2}", "robot_target"), stations=stations, last=3, prefix=prefix)]


IO = [
    *_robot("r1_", "r1", 0, 0, 0, "1 fixture, 2 infeed, 3 R1 home"),
    *_robot("r2_", "r2", 1, 2, 1, "1 fixture, 2 outfeed, 3 R2 home"),
    IOPoint("%IX2.0", "infeed_part", "BOOL", "input", "infeed", "part_present",
            "a raw part waits at the infeed pick position (TRUE = present)"),
    IOPoint("%IX2.1", "outfeed_part", "BOOL", "input", "outfeed", "part_present",
            "the outfeed place is occupied (TRUE = part present)"),
    IOPoint("%IX3.0", "door_open", "BOOL", "input", "cell", "door_open", "fixture guard door fully open"),
    IOPoint("%IX3.1", "door_closed", "BOOL", "input", "cell", "door_closed",
            "fixture guard door fully closed"),
    IOPoint("%IX3.2", "cell_busy", "BOOL", "input", "cell", "busy", "machining cycle running (door locked)"),
    IOPoint("%IX3.3", "cell_done", "BOOL", "input", "cell", "done",
            "cycle finished; stays TRUE until the part leaves the fixture or a new cycle starts"),
    IOPoint("%IX3.4", "fixture_part", "BOOL", "input", "cell", "part_present",
            "the fixture holds a part (TRUE = part present)"),
    IOPoint("%QX3.0", "open_door", "BOOL", "output", "cell", "open_door",
            "door valve, open coil (double solenoid: the door holds where it is with neither or both "
            "coils on; ignored while the cycle runs)"),
    IOPoint("%QX3.1", "close_door", "BOOL", "output", "cell", "close_door", "door valve, close coil"),
    IOPoint("%QX3.2", "cycle_start", "BOOL", "output", "cell", "start",
            "cycle start on the rising edge; refused unless the door is fully closed and the cell idle"),
]

SPEC = f"""\
Two robots, R1 and R2, run on one rail and share one machining fixture in a guarded cell between
them. R1 takes raw parts from the infeed and loads them into the fixture; R2 takes each machined
part out of the fixture and sets it down on the outfeed. {LOT} parts make the lot.

Robots (each its own I/O, prefixed r1_ / r2_): set robot_target to a station number and give a
rising edge on robot_start; the robot pulls its arm back to the travel lane (y = 0), traverses and
reaches out to the station; a move cannot be stopped or turned once started. in_position /
robot_at report arrival; robot_x is the tool's x on the rail in mm, all along a move. Close the
gripper at a station to pick the part lying there (part_held TRUE once held; gripper_closed when
the jaws closed on nothing: no part there, or a missed pick, see below); open it at a station to set
the part down (gripper_open when it has let go). Each robot's speeds (traverse and reach) are its
own and differ per run; the two may differ a lot, so a fast robot following a slow one on the lane
can catch it up. Once part_held comes on, the robot
sets off within {SET_OFF_S:g} s (to its home when it cannot go on yet).

The fixture zone is tool x between {ZONE[0]:g} and {ZONE[1]:g} mm (the guard and 40 mm either side): only
one robot in it at a time,
and the tools never closer than {TOOLS_APART_MM:g} mm (R1's home at x = {R1_HOME_X:g} and R2's at
x = {R2_HOME_X:g} are the waiting points, {FIX_X - R1_HOME_X:g} and {R2_HOME_X - FIX_X:g} mm from the
fixture's x). A robot waits for the zone outside it, never inside: a robot whose work at the fixture
is done leaves the zone at once (R1 after letting go of the part it loaded; R2 as soon as it holds
the machined part, even if the outfeed is still occupied: it then waits at its home holding the part;
R2 also leaves at once if it stands in the zone with no machined part to take).

Cell: the guard door has a double-solenoid valve (open and close coils) and end switches; its travel
time differs per run, so wait for the end switch. Close the door once a raw part is on the fixture and
both robots are out of the zone, then give a cycle start (refused unless the door is fully closed); the
door is locked while the cycle runs (2-8 s, differing cycle to cycle). When the cycle is done, open the
door for R2; keep it open while the fixture is empty, for R1. A tool enters the guard only through the
fully open door.

Outfeed: holds one part; downstream takes each part away a while after it is set down, and may be
blocked at power-up (a part already lying there). Never set a part down on an occupied place.

Missed picks: a part may lie crooked in its place (at the infeed or on the fixture), and then the
jaws slip past it: the gripper closes fully (gripper_closed TRUE), part_held stays FALSE and the part
still lies there (infeed_part / fixture_part still TRUE). It can hit either robot at any pick, the
one at power-up too, and again at the retry. The robot stays at that station and retries at once:
open the gripper, and as soon as gripper_open is TRUE close it again, until part_held. The part
settles square only once the jaws are fully open: closing again before gripper_open slips again.
The other robot's job goes on meanwhile (every set-off stated below still applies to it).

Start states to discover: R1 at its home or at the infeed, R2 at its home, at the outfeed or standing
at the fixture (inside the zone, door open); the fixture may hold a machined part (done), which is
one of the {LOT} (one raw part fewer arrives); the first raw part may come late. Both grippers start
open with nothing held, except that R2 standing at the fixture over a machined part may start with
its jaws closed past it after a missed pick (gripper_closed TRUE, part_held FALSE): retry as above.

When all {LOT} parts are on the outfeed (each counted once), park both robots at their homes
(station 3) with the grippers open."""

PLANT = f"""\
Top view, millimetres. The rail runs along x on the travel lane (y = 0) from x = -200 to x = 1700;
R1 is the left robot, R2 the right one (they never pass each other). The fixture (station 1 of both)
is at x = {FIX_X:g}, y = {FIX_Y:g} inside a guard 380 mm wide whose door is on the lane side
(door line y = 300). R1: 1 fixture, 2 infeed (x = 0, y = -320), 3 home (x = {R1_HOME_X:g}, y = 0).
R2: 1 fixture, 2 outfeed (x = 1500, y = -320), 3 home (x = {R2_HOME_X:g}, y = 0)."""

PARAMETERS = [
    ParameterRange("speed_x", 400, 1500, "mm/s", "traverse speed along the rail (each robot its own)",
                   keys=("r1_speed_x", "r2_speed_x")),
    ParameterRange("speed_y", 300, 1000, "mm/s", "arm reach speed (each robot its own)",
                   keys=("r1_speed_y", "r2_speed_y")),
    ParameterRange("grip_s", 0.15, 0.6, "s", "gripper full closing/opening time"),
    ParameterRange("door_s", 0.4, 2.0, "s", "guard door travel time"),
    ParameterRange("process_s", 2.0, 8.0, "s", "machining time of one cycle (varies cycle to cycle)"),
    ParameterRange("first_arrival_s", 0.0, 12.0, "s", "time the first raw part reaches the infeed"),
    ParameterRange("arrival_gap_s", 1.0, 8.0, "s", "time between raw part arrivals",
                   keys=("arrival_gaps_s",)),
    ParameterRange("takeaway_s", 1.0, 10.0, "s", "time a part stays on the outfeed"),
    ParameterRange("outfeed_blocked_s", 0.0, 10.0, "s", "a part on the outfeed at power-up taken away "
                   "after this (0: outfeed free)"),
    ParameterRange("r1_start", 2, 3, "", "R1's station at power-up (2 infeed, 3 home)"),
    ParameterRange("r2_start", 1, 3, "", "R2's station at power-up (1 fixture, 2 outfeed, 3 home)"),
    ParameterRange("preloaded", 0, 1, "", "1 = the fixture holds a machined part at power-up"),
    ParameterRange("r2_jaws_closed", 0, 1, "", "1 = R2 starts at the fixture with its jaws closed past "
                   "the machined part (a missed pick before power-up)"),
    ParameterRange("missed_pick", 1, 11, "", "pick attempts at which the jaws slip past the part (each "
                   "robot its own, counted from 1, a retry counts; up to 5 per robot, none in about 1 run "
                   "of 3, two in a row in some)", keys=("r1_misses", "r2_misses")),
]


def _misses(rng: random.Random) -> list[int]:
    """One robot's missed pick attempts: none in 1 of 3; else 1-2 misses at attempts 1-8, each a
    double (that attempt and its retry) in 1 of 3."""
    if rng.random() < 1 / 3:
        return []
    misses: set[int] = set()
    for _ in range(rng.randint(1, 2)):
        attempt = rng.randint(1, LOT)
        misses.update((attempt, attempt + 1) if rng.random() < 1 / 3 else (attempt,))
    return sorted(misses)


def sample(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample): speeds, grip, door, each cycle's
    (low, high) process span, arrivals, take-away and the outfeed block independent and uniform
    (the block is 0 in half the conditions); start stations uniform. Jointly: a fixture holding a
    machined part at power-up in 1 of 3; the door is open at power-up when R2 stands inside the
    guard (it came in through it), otherwise open in 1 of 3. Missed picks per robot (_misses), drawn
    after the rest so the other values per seed stay those drawn before the fault came; R2 standing
    at the fixture over a machined part misses that power-up pick in 1 of 2 and, independently, starts
    with its jaws closed past it in 1 of 2 (only there: a part must lie where the jaws missed it)."""
    r2_start = rng.randint(1, 3)
    params = {
        "r1_speed_x": round(rng.uniform(400, 1500)), "r2_speed_x": round(rng.uniform(400, 1500)),
        "r1_speed_y": round(rng.uniform(300, 1000)), "r2_speed_y": round(rng.uniform(300, 1000)),
        "grip_s": round(rng.uniform(0.15, 0.6), 2), "door_s": round(rng.uniform(0.4, 2.0), 2),
        "process_s": tuple(sorted(round(rng.uniform(2.0, 8.0), 1) for _ in range(2))),
        "first_arrival_s": round(rng.uniform(0.0, 12.0), 1),
        "takeaway_s": round(rng.uniform(1.0, 10.0), 1),
        "outfeed_blocked_s": round(rng.uniform(0.0, 10.0), 1) if rng.random() < 0.5 else 0.0,
        "r1_start": rng.randint(2, 3), "r2_start": r2_start,
        "preloaded": 1 if rng.random() < 1 / 3 else 0,
        "door_open": r2_start == FIXTURE or rng.random() < 1 / 3,
    }
    params["arrival_gaps_s"] = [round(rng.uniform(1.0, 8.0), 1) for _ in range(LOT - 1 - params["preloaded"])]
    for robot in ("r1", "r2"):
        params[f"{robot}_misses"] = _misses(rng)
    if r2_start == FIXTURE and params["preloaded"] and rng.random() < 0.5:   # the power-up pick
        params["r2_misses"] = sorted({1, *params["r2_misses"]})
    params["r2_jaws_closed"] = int(r2_start == FIXTURE and bool(params["preloaded"]) and rng.random() < 0.5)
    words = [f"R1 starts at {params['r1_start']}, R2 at {r2_start}"]
    if params["preloaded"]:
        words.append("a machined part on the fixture")
    if params["outfeed_blocked_s"]:
        words.append(f"outfeed blocked {params['outfeed_blocked_s']:g} s")
    for robot in ("r1", "r2"):
        if params[f"{robot}_misses"]:
            words.append(f"{robot.upper()} misses picks {params[f'{robot}_misses']}")
    if params["r2_jaws_closed"]:
        words.append("R2's jaws closed past the part at power-up")
    return {"params": params, "description": "; ".join(words)}


CONDITIONS = [
    Condition.of("nominal", 21, "middle speeds both, parts every 3 s, robots at home",
        r1_speed_x=900, r2_speed_x=900, r1_speed_y=600, r2_speed_y=600, grip_s=0.3, door_s=0.8,
        process_s=(4.0, 5.0), first_arrival_s=1.0, arrival_gaps_s=[3] * 7, takeaway_s=2.0,
        r1_start=HOME, r2_start=HOME),
    Condition.of("fast_r2_slow_r1", 22, "slow R1, fast R2 (R2 catches R1 up on the lane), quick cycles, "
        "parts queue at the infeed, R1 starts at the infeed; R1 misses its 2nd pick, R2 its 3rd twice",
        r1_speed_x=420, r2_speed_x=1480, r1_speed_y=320, r2_speed_y=950, grip_s=0.5, door_s=0.5,
        process_s=(2.0, 3.0), first_arrival_s=0.0, arrival_gaps_s=[1, 1, 1.5, 1, 1, 2, 1], takeaway_s=1.5,
        r1_start=OWN_PLACE, r2_start=OWN_PLACE, r1_misses=[2], r2_misses=[3, 4]),
    Condition.of("r2_in_zone", 23, "R2 stands at the fixture at power-up over a machined part, door open, "
        "the outfeed blocked 9 s, slow take-away; R2's jaws closed past the part at power-up, its first "
        "retry misses too",
        r1_speed_x=1200, r2_speed_x=600, r1_speed_y=800, r2_speed_y=400, grip_s=0.2, door_s=1.6,
        process_s=(2.5, 6.0), first_arrival_s=0.5, arrival_gaps_s=[2, 6, 2, 3, 5, 2], takeaway_s=8.5,
        r1_start=HOME, r2_start=FIXTURE, preloaded=1, outfeed_blocked_s=9.0, door_open=True, r2_misses=[1],
        r2_jaws_closed=1),
    Condition.of("late_order", 24, "the first raw part 11 s late, R2 at the fixture over an empty fixture, "
        "fast R1, slow R2, long cycles",
        r1_speed_x=1450, r2_speed_x=450, r1_speed_y=980, r2_speed_y=330, grip_s=0.6, door_s=1.2,
        process_s=(6.0, 8.0), first_arrival_s=11.0, arrival_gaps_s=[4, 8, 1, 6, 2, 7, 3], takeaway_s=9.5,
        r1_start=OWN_PLACE, r2_start=FIXTURE, door_open=True),
    Condition.of("blocked_outfeed", 25, "outfeed blocked 10 s at power-up, 10 s take-away, quick cycles, "
        "door closed at power-up; R1's first pick misses twice, R2 misses its 6th",
        r1_speed_x=800, r2_speed_x=1000, r1_speed_y=500, r2_speed_y=700, grip_s=0.25, door_s=2.0,
        process_s=(2.0, 4.0), first_arrival_s=2.0, arrival_gaps_s=[1, 2, 1, 2, 1, 2, 1], takeaway_s=10.0,
        r1_start=HOME, r2_start=OWN_PLACE, outfeed_blocked_s=10.0, r1_misses=[1, 2], r2_misses=[6]),
]

TASK = Task(
    id="MAT-H02", title="Two robots sharing a workspace", suite="MAT", level="H",
    summary="Two robots on one rail load and unload one machining fixture: one robot in the zone at a time, "
            "tools kept apart, each robot waiting outside, neither starved.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=250.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, condition_defaults={"preloaded": 0, "outfeed_blocked_s": 0.0, "door_open": False,
                                          "r1_misses": [], "r2_misses": [], "r2_jaws_closed": 0},
    judged_devices=_Devices,
)
