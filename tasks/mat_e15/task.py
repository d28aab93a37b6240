"""MAT-E15 Robot pick-and-place handshake.

A gantry robot takes parts from an infeed (a magazine with a part sensor) and sets them down on
an outfeed table that downstream empties after a take-away time (1-12 s). The robot must pick
only a part that is really waiting, carry it to a pre-position above the outfeed and wait there
while the outfeed is occupied, place it the moment the outfeed is free, and idle at home when
nothing waits. At power-up it may stand anywhere, already holding a part (a stop in
mid-cycle), a part may wait at the infeed and the outfeed may be occupied.

Judged as the judging lessons ask: deliveries count distinct parts (sim.judges.distinct);
promptness by real progress (sim.judges.progress_within with Robot.path_to: the safe path left
to the station the robot must head for shrinking by 20 mm, or the jaws really moving), so a
re-sent start, a busy bit or a one-scan grip pulse keeps no clock quiet; the parked end state
is kept through the post-completion window. Three standing watches cover every state of the
robot at rest, so that a blind program cannot wait worst-case times anywhere:
- holding a part: set off toward the outfeed within 0.3 s (or open, standing at the outfeed),
  except at the pre-position while the outfeed is occupied. After a pick this is the
  catalog's "set off <= 0.3 s after part_held": the grip time spans 0.15-0.8 s, so a blind
  wait for the slowest grip is late for a fast one (two-sided: leaving before part_held
  leaves the jaws closing on nothing away from the infeed, rule S3);
- empty-handed with the jaws open and a part waiting: set off toward the infeed, or close on
  the part standing there, within 0.3 s;
- empty-handed with the jaws open and nothing waiting: set off home within 0.3 s.
Changes from the catalog: the grip time is published as close-to-part_held (the catalog's
0.15-0.8 s; the robot's full jaw stroke is longer), and the rule "open on part only at place"
is judged from the grip command each scan, which is what makes ignoring a part held at
power-up (the trap) a violation on the first scan.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.machine import Part, PartPlace
from sim.devices.robot import JAW_CONTACT, Robot, Station
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task

LOT = 5                       # parts to deliver, one held at power-up included
INFEED, PRE, OUTFEED, HOME = 1, 2, 3, 4
LANE_Y = 0.0
IN_X, IN_Y = 0.0, -320.0
OUT_X, OUT_Y = 1200.0, -360.0
PRE_Y = -160.0                # the pre-position: in line above the outfeed, clear of a part on it
HOME_X = 600.0
REACT_S = 0.3                 # every "set off" below: within this of the robot standing still
SET_OFF_MM = 20.0             # ... by this much of its safe path to where it must go
JAW_BY = 0.05                 # ... or the jaws moving this share of their stroke
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    parts = [Part(n) for n in range(1, LOT + 1)]
    held = parts.pop(0) if p["held_at_power_up"] else None
    arrivals, t = [], float(p["first_arrival_s"])
    for part, gap in zip(parts, [0.0, *p["arrival_gaps_s"]], strict=True):
        t += gap
        arrivals.append((t, part))
    infeed = plant.add(PartPlace("infeed", IN_X, IN_Y, label="infeed", supply=arrivals))
    outfeed = plant.add(PartPlace("outfeed", OUT_X, OUT_Y, label="outfeed", takeaway_s=p["takeaway_s"]))
    if p["outfeed_occupied"]:
        outfeed.place_initial(Part(0, colour=(120, 120, 200)))      # the previous lot's last part
    stations = [
        Station(INFEED, "infeed", IN_X, IN_Y, infeed),
        Station(PRE, "pre-position", OUT_X, PRE_Y),
        Station(OUTFEED, "outfeed", OUT_X, OUT_Y, outfeed),
        Station(HOME, "home", HOME_X, LANE_Y),
    ]
    robot = plant.add(Robot("robot", stations, lane_y=LANE_Y, start_station=p["start_station"],
                            speed_x=p["speed_x"], speed_y=p["speed_y"], settle_s=0.1,
                            grip_time_s=p["grip_s"] / JAW_CONTACT, rail=(-200.0, 1400.0)))
    if held is not None:
        robot.hold_at_power_up(held)
    return plant


# --- judges -------------------------------------------------------------------------------

class _Devices:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.robot = plant.device("robot", Robot)
        self.infeed = plant.device("infeed", PartPlace)
        self.outfeed = plant.device("outfeed", PartPlace)


def _at_rest_at(s, number: int) -> bool:
    robot = s.devices.robot
    return not robot.busy and robot.station is not None and robot.station.number == number


def _holding(s) -> bool:
    return s.devices.robot.held is not None


def _empty_handed_open(s) -> bool:
    """At rest, holding nothing, the jaws fully open."""
    robot = s.devices.robot
    return not robot.busy and robot.held is None and robot.jaw <= 0.0


def _carrying_due(s) -> bool:
    """Holding a part at rest anywhere but at the pre-position waiting for an occupied outfeed."""
    d = s.devices
    return (_holding(s) and not d.robot.busy
            and not (_at_rest_at(s, PRE) and d.outfeed.occupied))


def _fetch_due(s) -> bool:
    return _empty_handed_open(s) and s.devices.infeed.occupied


def _home_due(s) -> bool:
    return _empty_handed_open(s) and not s.devices.infeed.occupied and not _at_rest_at(s, HOME)


def _toward(number: int):
    return lambda s: s.devices.robot.path_to(number)


def _sets_off_with_the_part() -> judges.Watch:
    """Holding a part and standing still (after part_held at the infeed, at power-up, on arrival
    at the pre-position or home), the robot sets off toward the outfeed within REACT_S, or,
    standing at the outfeed, the jaws really open until they let go; only waiting at the
    pre-position while the outfeed is occupied is excused. Without it a program that waits a
    fixed worst-case grip time instead of part_held, or a worst-case take-away time instead of
    reading the outfeed sensor, would pass."""
    return judges.progress_within(
        f"holding a part, the robot sets off toward the outfeed within {REACT_S:g} s",
        cause=_carrying_due,
        ways=[judges.Way("the robot carrying the part toward the outfeed", _toward(OUTFEED), by=SET_OFF_MM),
              judges.Way("the gripper opening on the part at the outfeed", lambda s: s.devices.robot.jaw,
                         by=JAW_BY, until=lambda s: not _holding(s))],
        within_s=REACT_S,
        late=lambda t: f"the robot stood still holding a part from {t:g} s and had neither set off "
                       f"toward the outfeed nor opened at it {REACT_S:g} s later")


def _fetches_the_waiting_part() -> judges.Watch:
    """Empty-handed with the jaws open while a part waits: set off toward the infeed, or (standing
    there) close on the part until it is held, within REACT_S. Without it a blind program could
    go for parts on a clock after the latest arrival."""
    return judges.progress_within(
        f"with a part waiting, the robot sets off toward the infeed (or closes on it) within {REACT_S:g} s",
        cause=_fetch_due,
        ways=[judges.Way("the robot travelling to the infeed", _toward(INFEED), by=SET_OFF_MM),
              judges.Way("the gripper closing on the part", lambda s: -s.devices.robot.jaw, by=JAW_BY,
                         until=_holding)],
        within_s=REACT_S,
        late=lambda t: f"a part waited at the infeed and the robot stood empty-handed from {t:g} s "
                       f"without setting off for it {REACT_S:g} s later")


def _returns_home_when_idle() -> judges.Watch:
    """Empty-handed with the jaws open, nothing waiting and not at home: set off home within
    REACT_S (the spec's "idle at home"); a part arriving meanwhile hands over to the fetch watch."""
    return judges.progress_within(
        f"with nothing to do, the robot sets off home within {REACT_S:g} s",
        cause=_home_due,
        ways=[judges.Way("the robot returning home", _toward(HOME), by=SET_OFF_MM)],
        within_s=REACT_S,
        excused=lambda s: s.devices.infeed.occupied,
        late=lambda t: f"the robot stood empty-handed away from home with nothing waiting from {t:g} s "
                       f"and had not set off home {REACT_S:g} s later")


def _delivered(s) -> list[int]:
    return [part.number for _, part in s.devices.outfeed.delivered]


def _parked(s) -> bool:
    robot = s.devices.robot
    return _at_rest_at(s, HOME) and robot.held is None and robot.jaw <= 0.0


PARKED = "the robot at rest at home (station 4), holding nothing, with the gripper fully open"

COMPLETION = Completion(
    f"{LOT} different parts set down on the outfeed (a part held at power-up is one of them; the "
    f"same part set down twice counts once), then {PARKED}, held for {HOLD_S:g} s; all the while "
    f"every 'within {REACT_S:g} s' step of the specification (4, 5, 6) is kept.",
    lambda: judges.watched(
        judges.in_order(
            judges.distinct(f"{LOT} parts set down on the outfeed", _delivered, LOT),
            judges.held("robot parked at home, gripper open", _parked, HOLD_S),
        ),
        _sets_off_with_the_part(), _fetches_the_waiting_part(), _returns_home_when_idle(),
        name="parts delivered, the robot never standing idle when it has something to do"),
    keep=_parked, keep_wording=PARKED + ".",
)


def _onto_occupied_outfeed(s):
    d = s.devices
    robot = d.robot
    if (_holding(s) and d.outfeed.occupied and abs(robot.x - OUT_X) <= 0.5
            and robot.y < PRE_Y - 1.0):
        return f"the robot brought a part past the pre-position onto the occupied outfeed at {s.time_s:.2f} s"
    return None


def _opened_on_part(s):
    if _holding(s) and not s.io["grip_close"] and not _at_rest_at(s, OUTFEED):
        return f"the gripper was commanded open on a held part away from the outfeed at {s.time_s:.2f} s"
    return None


def _closed_on_nothing(s):
    if (s.io["grip_close"] and not _holding(s)
            and not (_at_rest_at(s, INFEED) and s.devices.infeed.occupied)):
        return (f"the gripper was commanded closed at {s.time_s:.2f} s holding nothing and not at "
                "rest at the infeed with a part waiting there")
    return None


SAFETY = (
    SafetyRule("MAT-E15-S1", "The robot never brings a held part past the pre-position toward the "
               "outfeed while a part lies on the outfeed (so it never sets a part down on an occupied "
               "outfeed).", _onto_occupied_outfeed,
               signals=("outfeed_part", "part_held", "robot_at_position")),
    SafetyRule("MAT-E15-S2", "The gripper is never commanded open while it holds a part, except with the "
               "robot at rest at the outfeed (station 3); a part held at power-up too.",
               _opened_on_part, signals=("grip_close", "part_held", "robot_at_position")),
    SafetyRule("MAT-E15-S3", "The gripper is commanded closed only while it holds a part or with the "
               "robot at rest at the infeed (station 1) and a part waiting there.",
               _closed_on_nothing, signals=("grip_close", "part_held", "infeed_part", "robot_at_position")),
)


# --- I/O map --------------------------------------------------------------------------------

IO = (
    IOPoint("%IX0.0", "robot_busy", "BOOL", "input", "robot", "busy", "robot moving or settling"),
    IOPoint("%IX0.1", "robot_in_position", "BOOL", "input", "robot", "in_position",
            "robot at rest at the station it was last sent to (at power-up: the station it stands at)"),
    IOPoint("%IX0.2", "robot_error", "BOOL", "input", "robot", "error",
            "the last start had an unknown station number (the robot did not move)"),
    IOPoint("%IX0.3", "gripper_open", "BOOL", "input", "robot", "gripper_open", "jaws fully open"),
    IOPoint("%IX0.4", "gripper_closed", "BOOL", "input", "robot", "gripper_closed",
            "jaws fully closed on nothing (no part between them)"),
    IOPoint("%IX0.5", "part_held", "BOOL", "input", "robot", "part_held",
            "jaws stopped on a part: a part is held (also at power-up, after a stop in mid-cycle)"),
    IOPoint("%IX0.6", "infeed_part", "BOOL", "input", "infeed", "part_present",
            "a part waits at the infeed pick position (TRUE = part present; the next one slides "
            "forward about 0.3 s after one is taken, if the magazine holds one)"),
    IOPoint("%IX0.7", "outfeed_part", "BOOL", "input", "outfeed", "part_present",
            "the outfeed table is occupied (TRUE = part present)"),
    IOPoint("%IW0", "robot_at_position", "INT", "input", "robot", "at_position",
            "station where the robot is at rest: 1 infeed, 2 pre-position, 3 outfeed, 4 home; "
            "0 while moving", "", "0..4"),
    IOPoint("%QX0.0", "robot_start", "BOOL", "output", "robot", "start",
            "start the move to robot_target on the rising edge (ignored while busy; a move cannot be "
            "stopped or changed once started)"),
    IOPoint("%QX0.1", "grip_close", "BOOL", "output", "robot", "grip",
            "TRUE closes the gripper, FALSE opens it (single-solenoid valve)"),
    IOPoint("%QW0", "robot_target", "INT", "output", "robot", "target",
            "station number to move to (1..4, see robot_at_position)", "", "1..4"),
)

SPEC = f"""\
A lot of {LOT} parts goes from the infeed to the outfeed table, one at a time, carried by a gantry
robot. Parts arrive at the infeed at irregular times (infeed_part TRUE while one waits at the
pick position). The outfeed table holds one part; downstream takes each part away some time
after it was set down (outfeed_part TRUE while the table is occupied; it may be occupied at
power-up by a part of the previous lot, which is taken away too).

Robot: set robot_target to a station number and give a rising edge on robot_start. The robot pulls
its arm back to the travel lane, traverses and reaches out to the station; robot_in_position /
robot_at_position report arrival (at rest). A move cannot be stopped or changed once started.
Close the gripper (grip_close TRUE) at the infeed to pick the part lying there: part_held comes on
once it is held (the grip time differs from run to run); with nothing to grip the jaws close fully
(gripper_closed). Open it (grip_close FALSE) at the outfeed to set the part down; gripper_open
comes on when the jaws are fully open. Station 2, the pre-position, is in line above the outfeed,
clear of a part lying on it; from there the robot reaches straight down to the outfeed.

1. Pick only a part that is waiting: close the gripper only with the robot at rest at the infeed
   and infeed_part TRUE (or while it holds a part).
2. Carry the part toward the outfeed. Set it down only on a free outfeed: while outfeed_part is
   TRUE, wait at the pre-position (station 2), never past it.
3. Open the gripper on a part only at rest at the outfeed (station 3). At power-up the robot may
   already hold a part (part_held TRUE, jaws closed): keep the gripper closed on it and deliver it
   as one of the {LOT}.
4. Whenever the robot holds a part and stands still, it must within {REACT_S:g} s be travelling
   toward the outfeed (its path to the outfeed {SET_OFF_MM:g} mm shorter: to the pre-position or to
   the outfeed) or, standing at the outfeed, be opening the gripper; the only exception is waiting
   at the pre-position while the outfeed is occupied. So: set off within {REACT_S:g} s of part_held,
   and within {REACT_S:g} s of the outfeed becoming free while waiting at the pre-position.
5. Whenever the robot stands still holding nothing with the gripper fully open and a part waits
   at the infeed, it must within {REACT_S:g} s be travelling toward the infeed ({SET_OFF_MM:g} mm of its
   path) or, standing at the infeed, be closing the gripper on the part until it is held.
6. Whenever it stands still holding nothing with the gripper fully open, no part waiting and
   away from home, it must within {REACT_S:g} s be travelling home (station 4): the robot idles at
   home.
At power-up the robot stands at rest at any station (at the outfeed only empty-handed), parts may
already wait at the infeed and the outfeed may be occupied: read the sensors, do not assume.
When all {LOT} parts are delivered, park the robot at home with the gripper open."""

PLANT = f"""\
Top view, millimetres. The robot rail runs along x on the travel lane (y = 0) from x = -200 to
x = 1400. Below the lane: the infeed pick position (x = {IN_X:g}, y = {IN_Y:g}) and the outfeed
table (x = {OUT_X:g}, y = {OUT_Y:g}); the pre-position is above the outfeed at (x = {OUT_X:g},
y = {PRE_Y:g}); home is on the lane at x = {HOME_X:g}. Stations: 1 infeed, 2 pre-position,
3 outfeed, 4 home."""

PARAMETERS = (
    ParameterRange("grip_s", 0.15, 0.8, "s", "grip time: from grip_close TRUE at the infeed to part_held "
                   "(opening from a held part to fully open takes as long)"),
    ParameterRange("speed_x", 400, 1500, "mm/s", "robot traverse speed along the rail"),
    ParameterRange("speed_y", 300, 1000, "mm/s", "robot arm reach speed"),
    ParameterRange("takeaway_s", 1.0, 12.0, "s", "time a part stays on the outfeed before downstream "
                   "takes it away (also the part lying there at power-up, counted from power-up)"),
    ParameterRange("first_arrival_s", 0.0, 6.0, "s", "when the first part reaches the infeed "
                   "(0 = waiting at power-up)"),
    ParameterRange("arrival_gap_s", 0.5, 8.0, "s", "time between part arrivals at the infeed magazine",
                   keys=("arrival_gaps_s",)),
    ParameterRange("start_station", 1, 4, "", "station where the robot is at rest at power-up"),
    ParameterRange("held_at_power_up", 0, 1, "parts", "parts the robot holds at power-up"),
    ParameterRange("outfeed_occupied", 0, 1, "parts", "parts on the outfeed at power-up"),
)

CONDITIONS = (
    Condition.of("nominal", 1501, "robot at home, middle speeds and grip, parts every 3 s, quick take-away",
        grip_s=0.35, speed_x=900, speed_y=600, takeaway_s=3.0, first_arrival_s=1.0,
        arrival_gaps_s=[3.0, 3.0, 3.0, 3.0], start_station=HOME, held_at_power_up=0, outfeed_occupied=0),
    Condition.of("held_at_pre_position", 1502, "robot stopped at the pre-position holding a part, outfeed "
        "occupied at power-up, fast grip, fast robot, slow take-away",
        grip_s=0.15, speed_x=1450, speed_y=950, takeaway_s=9.0, first_arrival_s=0.5,
        arrival_gaps_s=[1.0, 2.0, 1.5], start_station=PRE, held_at_power_up=1, outfeed_occupied=1),
    Condition.of("slow_grip_at_outfeed", 1503, "robot empty at the outfeed, a part waiting at power-up, "
        "slow grip, slow robot, very quick take-away",
        grip_s=0.78, speed_x=420, speed_y=320, takeaway_s=1.1, first_arrival_s=0.0,
        arrival_gaps_s=[0.6, 5.0, 1.0, 2.5], start_station=OUTFEED, held_at_power_up=0, outfeed_occupied=0),
    Condition.of("held_at_infeed_slow_takeaway", 1504, "robot at the infeed holding a part it just picked, "
        "parts queue in the magazine, downstream very slow",
        grip_s=0.2, speed_x=1100, speed_y=400, takeaway_s=11.5, first_arrival_s=0.3,
        arrival_gaps_s=[0.5, 0.8, 0.5], start_station=INFEED, held_at_power_up=1, outfeed_occupied=0),
    Condition.of("late_sparse_parts", 1505, "robot empty at the infeed, first part late, long gaps, "
        "outfeed occupied at power-up, fast traverse and slow reach",
        grip_s=0.55, speed_x=1500, speed_y=310, takeaway_s=2.5, first_arrival_s=5.5,
        arrival_gaps_s=[7.5, 4.0, 8.0, 6.5], start_station=INFEED, held_at_power_up=0, outfeed_occupied=1),
)


def sample(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample). Independent and uniform: grip
    time, both speeds, take-away time, first arrival, each arrival gap. Jointly, so that the start
    is physically possible: the robot holds a part at power-up in 1 condition of 3, then never at
    the outfeed station (its part would lie on the outfeed, or be over an occupied one) and one
    part fewer arrives (3 gaps, not 4); the first part waits at power-up in 1 of 4; the outfeed is
    occupied at power-up in 1 of 3."""
    held = rng.random() < 1 / 3
    start = rng.choice((INFEED, PRE, HOME) if held else (INFEED, PRE, OUTFEED, HOME))
    arrivals = LOT - (1 if held else 0)
    params = {
        "grip_s": round(rng.uniform(0.15, 0.8), 2),
        "speed_x": round(rng.uniform(400, 1500)), "speed_y": round(rng.uniform(300, 1000)),
        "takeaway_s": round(rng.uniform(1.0, 12.0), 1),
        "first_arrival_s": 0.0 if rng.random() < 0.25 else round(rng.uniform(0.1, 6.0), 1),
        "arrival_gaps_s": [round(rng.uniform(0.5, 8.0), 1) for _ in range(arrivals - 1)],
        "start_station": start, "held_at_power_up": int(held),
        "outfeed_occupied": int(rng.random() < 1 / 3),
    }
    names = {INFEED: "infeed", PRE: "pre-position", OUTFEED: "outfeed", HOME: "home"}
    words = [f"robot at the {names[start]}" + (" holding a part" if held else ""),
             f"grip {params['grip_s']:g} s", f"take-away {params['takeaway_s']:g} s"]
    if params["outfeed_occupied"]:
        words.append("outfeed occupied at power-up")
    if params["first_arrival_s"] == 0.0:
        words.append("a part waiting at power-up")
    return {"params": params, "description": "; ".join(words)}


TASK = Task(
    id="MAT-E15", title="Robot pick-and-place handshake", suite="MAT", level="E",
    summary="Pick each part that waits at the infeed, place it only on a free outfeed (waiting at a "
            "pre-position meanwhile), never let go of a part elsewhere, and idle at home.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=120.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, judged_devices=_Devices, post_completion_s=HOLD_S,
)
