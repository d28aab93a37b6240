"""MAT-H01 Shared robot and machining cells.

One gantry robot serves two machining cells: it takes raw parts from an infeed magazine,
loads a free cell, and after machining unloads the part to the outfeed table (good) or the
reject bin (bad). Processing times, robot speeds, door and gripper times, part arrivals and
the outfeed take-away vary per condition; a cell may hold a finished part at the start.

Judged as issue 7 asks: the lot counts distinct parts (a part set down twice is one delivery)
and a cell's machining counts only the cycles that acted on a part; after every pick the robot
must really leave the pick within 0.3 s (plus the travel time left on a door it waits for, read
at the pick), so neither re-sending it to where it stands nor pulsing a door keeps that clock
quiet; the parked end state is kept through the post-completion window. Sampled conditions come
from `sample` (the published ranges; robot start stations include the cell fixtures).

The time limit is 220 s, not 170: with the robot, doors and machining all at their slow ends
together (400/300 mm/s, grip 0.8 s, doors 5 s, 12 s a cycle, take-away 15 s) the reference
needed 182-190 s and the second correct program 175-183 s (parts all at once from 0 s, or from
8 s 9 s apart); uniform sampling almost never draws that corner, so 200/200 sampled had hidden it.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.machine import MachiningCell, Part, PartPlace
from sim.devices.robot import Robot, Station
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows

LOT = 6                      # parts in the lot, preloaded ones included
INFEED, CELL_A, CELL_B, OUTFEED, REJECT, HOME = 1, 2, 3, 4, 5, 6
CELLS = ("cell_a", "cell_b")
SET_OFF_WITHIN_S = 0.3   # after a pick the robot sets off within this (plus a door it must wait for)
SET_OFF_MM = 20.0        # "set off": the tool this far from the pick (a re-send to where it stands: 0)
# A carry's distance from its pick may shrink a little on the way (cell A to cell B: 181 mm; the
# infeed to the outfeed: 34 mm) although the robot never turns back; a move cannot be stopped
# half way, so turning back can only mean returning to the pick, which is far more than this.
BACK_OFF_MM = 200.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    parts = [Part(n, defective=n in p["defective"]) for n in range(1, LOT + 1)]
    preload = p.get("preload", {})            # cell name -> True (machined) / False (raw)
    loaded = parts[:len(preload)]
    raw = parts[len(preload):]
    arrivals, t = [], p["first_arrival_s"]
    for part, gap in zip(raw, [0.0, *p["arrival_gaps_s"]], strict=False):
        t += gap
        arrivals.append((t, part))
    infeed = plant.add(PartPlace("infeed", 0, -320, label="infeed magazine", supply=arrivals))
    reject = plant.add(PartPlace("reject_bin", 750, -340, label="reject bin", size=200, capacity=None))
    outfeed = plant.add(PartPlace("outfeed", 1500, -320, label="outfeed table",
                                  takeaway_s=p["takeaway_s"]))
    cells = {}
    for name, x, label in (("cell_a", 450.0, "cell A"), ("cell_b", 1050.0, "cell B")):
        lo, hi = p[name + "_process_s"]
        cells[name] = plant.add(MachiningCell(
            name, x, 520, width=380, depth=440, door_time_s=p[name + "_door_s"],
            process_min_s=lo, process_max_s=hi, door_initially_open=name in p.get("doors_open", ()),
            label=label))
    for part, (name, machined) in zip(loaded, preload.items(), strict=True):
        cells[name].preload(part, processed=machined)
    stations = [
        Station(INFEED, "infeed", infeed.x, infeed.y, infeed),
        Station(CELL_A, "cell A fixture", 450, 520, cells["cell_a"].fixture),
        Station(CELL_B, "cell B fixture", 1050, 520, cells["cell_b"].fixture),
        Station(OUTFEED, "outfeed", outfeed.x, outfeed.y, outfeed),
        Station(REJECT, "reject bin", reject.x, reject.y, reject),
        Station(HOME, "home", 750, 0),
    ]
    plant.add(Robot("robot", stations, lane_y=0, start_station=p["start_station"],
                    speed_x=p["speed_x"], speed_y=p["speed_y"], settle_s=0.1,
                    grip_time_s=p["grip_s"], rail=(-200, 1700)))
    return plant


# --- judges -------------------------------------------------------------------------------

class _Devices:
    """The devices the judges look at every scan (s.devices: Task.judged_devices finds them once per run)."""

    def __init__(self, plant: Plant):
        self.robot, self.outfeed, self.reject = plant["robot"], plant["outfeed"], plant["reject_bin"]
        self.cells = tuple(plant[name] for name in CELLS)
        self.places = (self.outfeed, self.cells[0].fixture, self.cells[1].fixture, plant["infeed"])




def _delivered(s) -> list[int]:
    """The numbers of the parts delivered by their result: a part set down twice is one part."""
    devices = s.devices
    good = [part.number for _, part in devices.outfeed.delivered if part.processed and part.good]
    bad = [part.number for _, part in devices.reject.delivered if part.processed and not part.good]
    return good + bad


def _machined_by(n: int):
    """The parts cell n (0 A, 1 B) finished a cycle on: a cycle on an empty fixture machines nothing."""
    return lambda s: [part.number for part in s.devices.cells[n].machined]


def _parked(s) -> bool:
    devices = s.devices
    robot = devices.robot
    return (not robot.busy and robot.station is not None and robot.station.number == HOME
            and robot.jaw <= 0.0 and all(c.door <= 0.0 for c in devices.cells))


class RobotEntersCell(judges.Monitor):
    """S1: judged at the moment the tool crosses a door line into a guard. A robot that starts
    the run at a cell fixture stands inside already (through an open door): no entry."""

    def __init__(self):
        self.inside: dict[str, bool] | None = None

    def check(self, s):
        devices = s.devices
        robot = devices.robot
        if self.inside is None:     # where it stood at power-up (one 10 ms step cannot cross a door line)
            self.inside = {name: cell.contains(robot.x, robot.y)
                           for name, cell in zip(CELLS, devices.cells, strict=True)}
        msg = None
        for name, cell in zip(CELLS, devices.cells, strict=True):
            inside = cell.contains(robot.x, robot.y)
            if inside and not self.inside[name]:
                if cell.busy:
                    msg = f"robot entered {cell.label} while it was processing"
                elif cell.door < 1.0:
                    msg = f"robot entered {cell.label} with its door {cell.door * 100:.0f} % open"
            self.inside[name] = inside
        return msg


def _door_closing_on_robot(s):
    devices = s.devices
    robot = devices.robot
    for cell in devices.cells:
        if cell.door_motion < 0 and cell.contains(robot.x, robot.y):
            return f"{cell.label} door closing while the robot is inside"
    return None


class WrongPartOnOutfeed(judges.Monitor):
    def __init__(self):
        self.checked = 0

    def check(self, s):
        delivered = s.devices.outfeed.delivered
        msg = None
        while self.checked < len(delivered):
            part = delivered[self.checked][1]
            self.checked += 1
            if not part.processed:
                msg = f"raw part {part.number} set down on the outfeed"
            elif not part.good:
                msg = f"part {part.number} (result bad) set down on the outfeed"
        return msg


def _dropped(s):
    dropped = s.devices.robot.dropped
    if dropped:
        return f"part {dropped[-1][1].number} released away from a place and dropped"
    return None


# --- I/O map --------------------------------------------------------------------------------

def _cell_io(byte: int, dev: str, label: str) -> list[IOPoint]:
    return [
        IOPoint(f"%IX{byte}.0", f"{dev[-1]}_door_open", "BOOL", "input", dev, "door_open",
                f"{label} door fully open (end switch; FALSE while moving)"),
        IOPoint(f"%IX{byte}.1", f"{dev[-1]}_door_closed", "BOOL", "input", dev, "door_closed",
                f"{label} door fully closed (end switch; FALSE while moving)"),
        IOPoint(f"%IX{byte}.2", f"{dev[-1]}_busy", "BOOL", "input", dev, "busy",
                f"{label} processing (door locked)"),
        IOPoint(f"%IX{byte}.3", f"{dev[-1]}_done", "BOOL", "input", dev, "done",
                f"{label} cycle finished; stays TRUE until the part leaves the fixture or a new cycle "
                "starts"),
        IOPoint(f"%IX{byte}.4", f"{dev[-1]}_result_good", "BOOL", "input", dev, "result_good",
                f"{label} gauging result, valid while done: TRUE good, FALSE bad"),
        IOPoint(f"%IX{byte}.5", f"{dev[-1]}_part_present", "BOOL", "input", dev, "part_present",
                f"{label} fixture holds a part (TRUE = part present)"),
    ]


def _cell_outputs(byte: int, dev: str, label: str) -> list[IOPoint]:
    return [
        IOPoint(f"%QX{byte}.0", f"{dev[-1]}_open_door", "BOOL", "output", dev, "open_door",
                f"{label} door valve, open coil (double solenoid: the door holds where it is when "
                "neither or both coils are on; ignored while processing)"),
        IOPoint(f"%QX{byte}.1", f"{dev[-1]}_close_door", "BOOL", "output", dev, "close_door",
                f"{label} door valve, close coil"),
        IOPoint(f"%QX{byte}.2", f"{dev[-1]}_cycle_start", "BOOL", "output", dev, "start",
                f"{label} cycle start on the rising edge; refused unless the door is fully closed "
                "and the cell idle"),
    ]


IO = [
    IOPoint("%IX0.0", "robot_busy", "BOOL", "input", "robot", "busy", "robot moving or settling"),
    IOPoint("%IX0.1", "robot_in_position", "BOOL", "input", "robot", "in_position",
            "robot at rest at the station it was last sent to"),
    IOPoint("%IX0.2", "robot_error", "BOOL", "input", "robot", "error",
            "last start had an unknown station number (robot did not move)"),
    IOPoint("%IX0.3", "gripper_open", "BOOL", "input", "robot", "gripper_open", "jaws fully open"),
    IOPoint("%IX0.4", "gripper_closed", "BOOL", "input", "robot", "gripper_closed",
            "jaws fully closed on nothing (no part between them)"),
    IOPoint("%IX0.5", "part_held", "BOOL", "input", "robot", "part_held",
            "jaws stopped on a part: a part is held"),
    IOPoint("%IX0.6", "infeed_part", "BOOL", "input", "infeed", "part_present",
            "a raw part waits at the infeed pick position (TRUE = present)"),
    IOPoint("%IX0.7", "outfeed_part", "BOOL", "input", "outfeed", "part_present",
            "the outfeed table is occupied (TRUE = part present)"),
    *_cell_io(1, "cell_a", "cell A"),
    *_cell_io(2, "cell_b", "cell B"),
    IOPoint("%IW0", "robot_at_position", "INT", "input", "robot", "at_position",
            "station where the robot is at rest: 1 infeed, 2 cell A, 3 cell B, 4 outfeed, "
            "5 reject bin, 6 home; 0 while moving", "", "0..6"),
    IOPoint("%QX0.0", "robot_start", "BOOL", "output", "robot", "start",
            "start the move to robot_target on the rising edge (ignored while busy)"),
    IOPoint("%QX0.1", "grip_close", "BOOL", "output", "robot", "grip",
            "TRUE closes the gripper, FALSE opens it"),
    *_cell_outputs(1, "cell_a", "cell A"),
    *_cell_outputs(2, "cell_b", "cell B"),
    IOPoint("%QW0", "robot_target", "INT", "output", "robot", "target",
            "station number to move to (1..6, see robot_at_position)", "", "1..6"),
]

SPEC = f"""\
A lot of {LOT} parts is machined in two identical cells, A and B, served by one gantry robot.
Raw parts arrive one at a time at the infeed magazine (infeed_part TRUE when one waits at the
pick position; the next slides forward a moment after it is taken). For each part the robot
takes it from the infeed, loads it into a cell whose fixture is empty, and the cell machines
it: close the door, then give a cycle start. After the cycle (done) the robot unloads the
part: a good result (result_good TRUE while done) goes to the outfeed table, a bad one to the
reject bin. The outfeed table holds one part; downstream takes it away after a while.

Robot: set robot_target to a station number and give a rising edge on robot_start; the robot
pulls the arm back to the travel lane, traverses and reaches out to the station, so it enters
a cell only through the cell's door. in_position / robot_at_position report arrival. Close
the gripper at a station to pick the part lying there (part_held TRUE once it is held; it
closes fully and reports gripper_closed when there is nothing to grip); open it at a station
to set the part down there (gripper_open TRUE when it has let go). Once part_held comes on,
send the robot on within {SET_OFF_WITHIN_S:g} s: it must leave the pick and travel on to another
station (sending it to the station it stands at moves nothing and does not count). If it must
wait for the door of the cell it loads, the time that door needs to open fully from where it
stood when part_held came on is added to the {SET_OFF_WITHIN_S:g} s, so have the door opening by
then: a door opened later gives no more time.

Cells: the door is driven by a double-solenoid valve (open and close coils) with end switches;
its travel time differs per cell and per run (a sticking door is slow), so wait for the end
switch. The door is locked while the cell is busy. The cycle start is refused unless the door is fully
closed. Processing time differs from cycle to cycle. Use both cells so that the lot is
finished in time; a cell may already hold a machined part (done) at the start: it counts as
one of the {LOT} parts of the lot (one raw part fewer arrives), and it too must be unloaded and
delivered by its result. The robot may start at any station with the gripper open and nothing
held; at a cell fixture it stands inside that cell, whose door is then open.

When every part of the lot has been delivered, park the robot at home (station 6) with the
gripper open and both cell doors closed."""

def _pick(s):
    """The station of the robot's last pick."""
    picks = s.devices.robot.picks
    return picks[-1][2] if picks else None


def _away_from_pick(s) -> float:
    """How far the tool still is from having left its last pick, as a shrinking distance: minus
    its distance from the pick station."""
    robot, pick = s.devices.robot, _pick(s)
    return 0.0 if pick is None else -math.hypot(robot.x - pick.x, robot.y - pick.y)


def _arrived_elsewhere(s) -> bool:
    robot = s.devices.robot
    return not robot.busy and robot.station is not None and robot.station is not _pick(s)


def _door_allowance_s(s) -> float:
    """At a pick of a raw part: the time the door of a cell that can take it needs to open fully
    from where it stands now (the robot may wait for that door). Doors already opening count;
    if none is, any free cell's door (the program may start it now). Read once when the pick
    comes, so a door pulsed or started later gives no more time; an unload (a machined part
    going to the outfeed or the reject bin) waits for no door."""
    devices = s.devices
    held = devices.robot.held
    if held is None or held.processed:
        return 0.0
    free = [c for c in devices.cells if not c.busy and not c.fixture.parts]
    doors = [c for c in free if c.door_motion > 0] or free
    return max(((1.0 - c.door) * c.door_time_s for c in doors), default=0.0)


def _sets_off_after_every_pick() -> judges.Watch:
    """After every pick (part_held coming on) the robot really travels away from the pick within
    SET_OFF_WITHIN_S, plus the door allowance, and goes on to another station.

    Judged by real progress (sim.judges.progress_within): the tool SET_OFF_MM away from the pick,
    then at rest at another station, latched per pick. Re-sending the robot to the station it
    stands at (busy for a moment, moving nothing) or pulsing a door valve neither sets it off nor
    restarts the clock: without this, a program that waits a fixed worst-case grip time instead of
    part_held passes every condition.
    """
    return judges.progress_within(
        f"after part_held the robot sets off within {SET_OFF_WITHIN_S:g} s",
        cause=lambda s: s.devices.robot.held is not None,
        ways=[judges.Way("the robot leaving the pick", _away_from_pick, by=SET_OFF_MM,
                         until=_arrived_elsewhere, slack=BACK_OFF_MM)],
        within_s=SET_OFF_WITHIN_S, allowance_s=_door_allowance_s)


PARKED = "the robot at rest at home (station 6) with the gripper open and both cell doors closed"


COMPLETION = Completion(
    f"All {LOT} parts of the lot delivered, each counted once however often it is set down (every "
    "good part set down on the outfeed table, every bad part in the reject bin), each cell having "
    "machined at least one of them in this run (a cycle on an empty fixture machines nothing); then "
    f"{PARKED}, held for 1 s. After every pick the robot sets off within {SET_OFF_WITHIN_S:g} s "
    "of part_held and travels on to another station (sent to the station it stands at, it does "
    "not set off); when it holds a raw part for a cell whose door is not yet fully open, the time "
    "that door needs to open fully from where it stood at part_held is added.",
    lambda: judges.watched(
        judges.in_order(
            judges.all_of(
                judges.distinct("cell A machined a part", _machined_by(0), 1),
                judges.distinct("cell B machined a part", _machined_by(1), 1),
                judges.distinct(f"all {LOT} parts delivered", _delivered, LOT),
            ),
            judges.held("robot parked at home, gripper open, doors closed", _parked, 1.0),
        ),
        _sets_off_after_every_pick(),
        name="lot delivered, the robot setting off promptly after every pick"),
    keep=_parked, keep_wording=PARKED,
)

SAFETY = [
    SafetyRule("MAT-H01-S1", "The robot enters a cell only while that cell's door is fully open and the "
               "cell is not processing.", RobotEntersCell()),
    SafetyRule("MAT-H01-S2", "A cell's door never closes while the robot is inside that cell.",
               _door_closing_on_robot),
    SafetyRule("MAT-H01-S3", "The robot never sets a part down on a place that already holds one "
               "(a loaded cell fixture, the occupied outfeed table, an occupied infeed).",
               CountGrows(lambda s: sum(p.double_placements for p in s.devices.places),
                          "part set down on a place that already held a part")),
    SafetyRule("MAT-H01-S4", "Only parts machined with a good result are set down on the outfeed "
               "table; raw parts and bad parts never are.", WrongPartOnOutfeed()),
    SafetyRule("MAT-H01-S5", "The gripper opens on a held part only at a station that takes parts "
               "(infeed, cell fixture, outfeed, reject bin); no part is ever dropped.",
               _dropped),
]

PARAMETERS = [
    ParameterRange("speed_x", 400, 1500, "mm/s", "robot traverse speed along the rail"),
    ParameterRange("speed_y", 300, 1000, "mm/s", "robot arm reach speed"),
    ParameterRange("grip_s", 0.15, 0.8, "s", "gripper full closing/opening time"),
    ParameterRange("door_s", 0.4, 5.0, "s", "cell door travel time (each cell its own; a sticking door "
                   "is slow)", keys=("cell_a_door_s", "cell_b_door_s")),
    ParameterRange("process_s", 3.0, 12.0, "s", "machining time of one cycle (varies cycle to cycle)",
                   keys=("cell_a_process_s", "cell_b_process_s")),
    ParameterRange("first_arrival_s", 0.0, 8.0, "s", "time the first raw part reaches the infeed"),
    ParameterRange("arrival_gap_s", 1.0, 9.0, "s", "time between raw part arrivals at the magazine",
                   keys=("arrival_gaps_s",)),
    ParameterRange("takeaway_s", 1.0, 15.0, "s", "time a part stays on the outfeed table"),
    ParameterRange("defective_parts", 0, 2, "parts", "parts of the lot the gauging finds bad"),
    ParameterRange("start_station", 1, 6, "", "station where the robot is at rest at the start"),
    ParameterRange("preloaded_cells", 0, 1, "cells", "cells holding a machined part at the start"),
]


def sample(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Independent, uniform over their ranges: the axis speeds, the grip time, each cell's door time,
    each cell's (low, high) machining times, the first arrival, every arrival gap, the take-away
    time and the start station. Drawn jointly, so that the start is physically possible:
    - a cell holds a machined part at the start in 1 condition of 3 (cell A or B alike); that part
      is part 1, one raw part fewer arrives (4 arrival gaps instead of 5);
    - 0, 1 or 2 of the lot's six parts are defective (alike), a preloaded one included;
    - a robot that starts at a cell fixture stands inside that cell: its door is open and the
      cell holds no machined part (a cycle never runs with the robot inside); any other door is
      open at the start in 1 condition of 4.
    """
    start = rng.randint(1, 6)
    preload = {}
    if rng.random() < 1 / 3:
        cell = rng.choice([c for n, c in ((CELL_A, "cell_a"), (CELL_B, "cell_b")) if n != start])
        preload[cell] = True
    doors_open = tuple(c for n, c in ((CELL_A, "cell_a"), (CELL_B, "cell_b"))
                       if n == start or rng.random() < 0.25)
    params = {
        "speed_x": round(rng.uniform(400, 1500)), "speed_y": round(rng.uniform(300, 1000)),
        "grip_s": round(rng.uniform(0.15, 0.8), 2),
        "cell_a_door_s": round(rng.uniform(0.4, 5.0), 2), "cell_b_door_s": round(rng.uniform(0.4, 5.0), 2),
        "cell_a_process_s": tuple(sorted(round(rng.uniform(3.0, 12.0), 1) for _ in range(2))),
        "cell_b_process_s": tuple(sorted(round(rng.uniform(3.0, 12.0), 1) for _ in range(2))),
        "first_arrival_s": round(rng.uniform(0.0, 8.0), 1),
        "arrival_gaps_s": [round(rng.uniform(1.0, 9.0), 1) for _ in range(LOT - 1 - len(preload))],
        "takeaway_s": round(rng.uniform(1.0, 15.0), 1),
        "defective": tuple(sorted(rng.sample(range(1, LOT + 1), rng.randint(0, 2)))),
        "start_station": start, "preload": preload, "doors_open": doors_open,
    }
    label = {"cell_a": "cell A", "cell_b": "cell B"}
    words = [f"robot starts at station {start}"]
    words += [f"{label[c]} holds a machined part" for c in preload]
    words += [f"{label[c]} door open" for c in doors_open]
    return {"params": params, "description": "; ".join(words)}




CONDITIONS = [
    Condition.of("nominal", 11, "middle speeds and times, parts every 3 s",
        speed_x=900, speed_y=600, grip_s=0.3, cell_a_door_s=0.8, cell_b_door_s=0.8,
        cell_a_process_s=(4.0, 6.0), cell_b_process_s=(4.0, 6.0), first_arrival_s=1.0,
        arrival_gaps_s=[3, 3, 3, 3, 3], takeaway_s=2.0, defective=(4,), start_station=HOME),
    Condition.of("slow_robot", 12, "slow robot and gripper, quick cells, parts queue at the infeed, "
        "slow take-away, robot starts at the outfeed, door A open",
        speed_x=450, speed_y=320, grip_s=0.75, cell_a_door_s=1.8, cell_b_door_s=0.5,
        cell_a_process_s=(3.0, 4.0), cell_b_process_s=(3.0, 5.0), first_arrival_s=0.0,
        arrival_gaps_s=[1, 1.5, 1, 2, 1], takeaway_s=5.5, defective=(2, 5), start_station=OUTFEED,
        doors_open=("cell_a",)),
    Condition.of("slow_cells", 13, "fast robot, slow cells, slow take-away downstream, cell B holds a "
        "machined part at the start, robot starts at the reject bin",
        speed_x=1450, speed_y=950, grip_s=0.15, cell_a_door_s=0.4, cell_b_door_s=1.5,
        cell_a_process_s=(9.0, 12.0), cell_b_process_s=(6.0, 8.0), first_arrival_s=3.5,
        arrival_gaps_s=[6, 8.5, 7, 9], takeaway_s=12.0, start_station=REJECT,
        preload={"cell_b": True}),
    Condition.of("late_parts", 14, "first part late, irregular arrivals, cell A holds a bad machined part, "
        "robot starts at the infeed, cell B's door sticks (slow)",
        speed_x=700, speed_y=450, grip_s=0.5, cell_a_door_s=1.2, cell_b_door_s=4.6,
        cell_a_process_s=(5.0, 9.0), cell_b_process_s=(5.0, 9.0), first_arrival_s=8.0,
        arrival_gaps_s=[1, 9, 2, 7], takeaway_s=10.0, defective=(1,), start_station=INFEED,
        preload={"cell_a": True}),
    Condition.of("mixed", 15, "fast traverse, slow reach, uneven doors and cycle times, door B open",
        speed_x=1100, speed_y=320, grip_s=0.25, cell_a_door_s=2.0, cell_b_door_s=0.6,
        cell_a_process_s=(3.0, 10.0), cell_b_process_s=(4.0, 12.0), first_arrival_s=2.0,
        arrival_gaps_s=[4, 1, 6, 2, 5], takeaway_s=3.0, defective=(3, 6), start_station=HOME,
        doors_open=("cell_b",)),
]

PLANT = """\
Top view, millimetres. The robot rail runs along x on the travel lane (y = 0) from x = -200 to
x = 1700. Cell A (guard 380 x 440 mm, centre x = 450, y = 520) and cell B (centre x = 1050,
y = 520) stand above the lane with their doors on the lane side (door line y = 300). Below the
lane: the infeed magazine pick position (x = 0, y = -320), the reject bin (x = 750, y = -340)
and the outfeed table (x = 1500, y = -320). Home is on the lane at x = 750. Stations:
1 infeed, 2 cell A fixture, 3 cell B fixture, 4 outfeed, 5 reject bin, 6 home."""

TASK = Task(
    id="MAT-H01", title="Shared robot and machining cells", suite="MAT", level="H",
    summary="One robot loads and unloads two machining cells (load, process, inspect, outfeed) "
            "without collisions or deadlock.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=220.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, condition_defaults={"defective": ()}, judged_devices=_Devices,
)
