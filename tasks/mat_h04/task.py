"""MAT-H04 Rework loop with re-merge.

A main lane (A) and a return lane (B) run side by side onto a merge belt whose guide rails
(sim.devices.merge_funnel, as in MAT-M01) funnel both into one channel; a stopper at the head of
each lane is a gate: the main gate holds the new parts, the merge gate holds the reworked ones
(the return lane is the rework buffer). The merged channel runs onto the line belt, past a
barcode scanner (the part's number), an inspection sensor (the part's colour: red = defective),
a reject pusher into the rework bench's tray and a scrap pusher into the scrap chute, to the
downstream machine. At the rework bench (sim.devices.manual_station, NEW) an operator repairs
each rejected part by hand (5-20 s, with breaks) and puts it back at the start of the return lane;
a repair may not take (the part is red again): a part failing twice goes to scrap, never back.

Two jobs share the merge: the main flow (the main gate may hold a part at most 8 s, S4) and the
re-merge of reworked parts into gaps of 200 mm or more (S1) before the buffer overfills (S2), a
reworked part waiting at its gate merged within 12 s (a deadlock of the two gates fails there).
Each job is judged on its own: the main job by S4, the rework job by the 12 s merge deadline and
its distinct parts out.

Changed from the catalog, and why:
- the return lane runs beside the main lane into a funnel (as MAT-M01) rather than side-feeding
  onto the line: parts pushed in from the side do not follow the belt in the physics;
- the buffer holds 3 parts (S2) on the return lane; the operator puts a part down whenever one is
  repaired and the lane's start is clear, so only merging empties it;
- the merge deadline (12 s from a reworked part standing at its gate) is added so that a program
  that never makes a gap in a dense main flow fails by a stated deadline, not by the time limit;
- the pass count is judged on each part's number (its barcode); a part's visit is seen by the
  judges from the bench's log;
- "hold the main gate" is judged from the main job's side too: the main lane flows, a main-lane part
  standing at its gate with no reworked part near the merge enters the zone within 0.5 s plus the
  gate's stroke (progress per job: a program letting one part at a time into the zone, the
  blind-written one, starves the main lane and fails there);
- the pushers' guide gaps and plates are 220/160 mm for a 140 mm part on a moving belt, so a push
  must come at the eye, not at a fixed time after inspection (worst-case waits push behind the part).

Round 2 (hard must be hard): the specification states what must hold and the plant's facts, no
longer how: "its gate can go out again behind it (when passed turns FALSE)" is gone (a strategy
hint), and the fact a program must reason from is stated instead: a gate's plate sweeps across its
lane's track, so it stops a part only if it is out before that part's front reaches it, and a part
already in its way is shoved sideways across the merge belt's entry, where it can jam (the plant
always did this; the plates are 12 mm thick, between main_waiting's eye and passed's). The corner
registered for it, reworked_meets_passing_part (and _fast, at another phase and pace), is where
the two jobs meet at the gates: the main lane streams through its open gate when the first
reworked part comes to its gate just as a main-lane part is crossing the plate's line (past
main_waiting's eye, short of passed's). The zone is empty and passed clear at that instant, so a
program that sends the main gate out "when the gap looks free" lands the plate on that part, which
jams across both gates: the reworked part's 12 s merge deadline (and in the first, the buffer, S2)
are missed, both stated. The reference and the second program close the gate behind the part
(passed's falling edge, or at once only with neither eye blocked: a part short of main_waiting's
eye is stopped even at 450 mm/s and a 0.3 s gate), and pass. The sampler draws such a coincidence
only now and then (2 in 40 for that program); the two phases catch it whether it closes at once or
a moment (0.1-0.2 s) later.

Sampled conditions: see sample_condition (the operator's work is bounded jointly with the fails'
arrival so that every draw can finish within the time limit).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.barcode_scanner import BarcodeScanner
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.downstream import Downstream
from sim.devices.manual_station import ManualStation
from sim.devices.merge_funnel import MergeFunnel
from sim.devices.pneumatics import Pusher, Stopper
from sim.devices.sensors import InspectionSensor, PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, at_rest_against, published_range

LOT = 16
PART_LENGTH, PART_WIDTH = 140.0, 90.0
LANE_WIDTH, LANE_Y = 170.0, 95.0
LANE_START, JUNCTION = 400.0, 1200.0
MERGE_LENGTH, MERGE_WIDTH = 700.0, 380.0
LINE_FROM, LINE_LENGTH, LINE_WIDTH = 1900.0, 1800.0, 120.0
SPEED_RATIO = 0.3
PLATE_X, PLATE_W = 1270.0, 12.0
HELD_FRONT = PLATE_X - PLATE_W / 2
ZONE_FROM = PLATE_X + PLATE_W / 2
WAIT_EYE_X, PASSED_EYE_X = 1250.0, 1290.0
FUNNEL_START, NECK, NECK_WIDTH = 1300.0, 1700.0, 120.0
EXIT_EYE_X = 1760.0
SCAN_X, INSPECT_X, REJECT_X, SCRAP_X = 2050.0, 2250.0, 2650.0, 3050.0
DOWNSTREAM_X = LINE_FROM + LINE_LENGTH
PUSH_GAP = 110.0               # half the gap in the line belt's guide at each pusher
EYE_LEAD = PART_LENGTH / 2     # each pusher's eye this far past its centre line: a rising edge = centre there
DROP = (LANE_START + PART_LENGTH / 2 + 10.0, -LANE_Y)
GAP_MM = 200.0
BUFFER = 3
GATE_HOLD_S = 8.0
MERGE_WITHIN_S = 12.0
MAIN_GO_S = 0.5                # the main lane let go within this (+ the gate stroke) if no gap is needed
REWORK_NEAR_MM = 300.0         # a reworked part this close to its gate's plate counts as about to merge
HOLD_S = 2.0
TRAY_AFTER_S = 15.0            # sampler: a first fail reaches the rework tray at most this after arriving
OPERATOR_DONE_S = 106.0        # sampler: the operator's last repair done by then (the rest takes < 25 s)
DEFECT_CODE = 1                # inspection colour_code of a red (defective) part
RED, BLUE = "red", "blue"


def _id(name: str) -> int:
    return int(name.lstrip("p").rstrip("r"))


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    v = float(p["line_speed"])
    lane_len = JUNCTION - LANE_START
    for lane, y in (("main", LANE_Y), ("return", -LANE_Y)):
        plant.add(Conveyor(f"{lane}_lane", LANE_START + lane_len / 2, y, length=lane_len, width=LANE_WIDTH,
                           speed=v * SPEED_RATIO, ramp_s=0.1))
    merge = plant.add(Conveyor("merge_belt", JUNCTION + MERGE_LENGTH / 2, 0.0, length=MERGE_LENGTH,
                               width=MERGE_WIDTH, speed=v, ramp_s=0.1))
    plant.add(MergeFunnel("funnel", merge, start_mm=FUNNEL_START - JUNCTION, neck_mm=NECK - JUNCTION,
                          end_mm=MERGE_LENGTH, neck_width=NECK_WIDTH))
    gaps = tuple(("left", at - LINE_FROM - PUSH_GAP, at - LINE_FROM + PUSH_GAP) for at in (REJECT_X, SCRAP_X))
    line = plant.add(Conveyor("line_belt", LINE_FROM + LINE_LENGTH / 2, 0.0, length=LINE_LENGTH,
                              width=LINE_WIDTH, speed=v, ramp_s=0.1, guide_gaps=gaps))
    depth = 150.0
    for gate, sign in (("main_gate", 1.0), ("merge_gate", -1.0)):
        mount = sign * (MERGE_WIDTH / 2 + 10.0 + depth)
        reach = LANE_Y + LANE_WIDTH / 2 - 10.0
        plant.add(Stopper(gate, PLATE_X, mount, angle_deg=-90.0 * sign, plate_width=PLATE_W,
                          plate_depth=depth,
                          stroke=abs(mount) - reach, extend_s=p["stopper_s"], retract_s=p["stopper_s"],
                          start_extended=True))
        y0, y1 = sign * (LANE_Y + LANE_WIDTH / 2), sign * (LANE_Y - LANE_WIDTH / 2)
        plant.add(PhotoEye(f"{gate.split('_')[0]}_waiting", WAIT_EYE_X, y0, WAIT_EYE_X, y1,
                           live_at_power_up=True))
    edge = LANE_Y + LANE_WIDTH / 2
    plant.add(PhotoEye("passed", PASSED_EYE_X, -edge, PASSED_EYE_X, edge))
    plant.add(PhotoEye("exit_eye", EXIT_EYE_X, -NECK_WIDTH / 2, EXIT_EYE_X, NECK_WIDTH / 2))
    plant.add(BarcodeScanner("scanner", line, at_mm=SCAN_X - LINE_FROM, decode_s=0.03))
    plant.add(InspectionSensor("inspection", INSPECT_X, 0.0, zone_length=200.0, zone_width=LINE_WIDTH,
                               measure_s=0.15))
    for name, at in (("reject", REJECT_X), ("scrap", SCRAP_X)):
        plant.add(Pusher(f"{name}_pusher", at, -LINE_WIDTH / 2 - 30.0, angle_deg=90.0, stroke=200.0,
                         plate_width=2 * PUSH_GAP - 60.0, extend_s=p["pusher_s"], retract_s=p["pusher_s"]))
        plant.add(PhotoEye.across(line, f"{name}_eye", at - LINE_FROM + EYE_LEAD))
    double = set(p["double_fails"])
    plant.add(ManualStation("rework", REJECT_X - PUSH_GAP, 80.0, REJECT_X + PUSH_GAP, 400.0, drop=DROP,
                            rework_s=tuple(p["rework_s"]) or (5.0,),
                            breaks=tuple(tuple(b) for b in p["breaks"]),
                            fails_again=lambda kind: int(kind) in double, label="rework bench"))
    plant.add(Chute("scrap_chute", SCRAP_X - PUSH_GAP, 80.0, SCRAP_X + PUSH_GAP, 400.0, label="scrap"))
    plant.add(Downstream("downstream", DOWNSTREAM_X, -120.0, DOWNSTREAM_X + 200.0, 120.0,
                         label="downstream machine"))
    fails = set(p["fails"])
    spec = dict(material="plastic", width=PART_WIDTH, length=PART_LENGTH)
    at_start = list(p["returned_at_start"])
    for k, n in enumerate(at_start):            # reworked parts standing in the buffer at power-up
        x = HELD_FRONT - PART_LENGTH / 2 - k * (PART_LENGTH + 5.0)
        plant.add(Workpiece(f"p{n}r", x, -LANE_Y, part_kind=str(n), code=n,
                            colour=RED if n in double else "green", **spec))
    feed = [n for n in range(1, LOT + 1) if n not in at_start]
    schedule = [(t, dict(spec, name=f"p{n}", part_kind=str(n), code=n, colour=RED if n in fails else BLUE))
                for t, n in zip(p["arrivals"], feed, strict=True)]
    plant.add(Feeder("infeed", LANE_START + PART_LENGTH / 2 + 10.0, LANE_Y, schedule, prefix="p"))
    return plant


# --- judges -----------------------------------------------------------------------------------

class _Line:
    """What the judges look at every scan (s.devices), worked out once per scan."""

    def __init__(self, plant: Plant):
        self.flow = material_flow(plant)
        self.rework = plant.device("rework", ManualStation)
        self.scrap = plant.device("scrap_chute", Chute)
        self.downstream = plant.device("downstream", Downstream)
        self.gates = {"main": plant.device("main_gate", Stopper),
                      "merge": plant.device("merge_gate", Stopper)}
        self.at = -1
        self.entered: set[str] = set()
        self.squeezed: list[str] = []        # S1 messages: a part merged closer than GAP_MM
        self.buffer = 0
        self.main_in = 0                     # main-lane parts that have entered the merge zone
        self.rework_near = False             # a reworked part near its gate, in or close ahead in the zone
        self.waiting: dict[str, Workpiece | None] = {"main": None, "merge": None}
        self.good: list[int] = []            # numbers of the parts taken by the downstream machine
        self.scrapped: list[int] = []        # numbers of the parts in the scrap chute

    def update(self, s) -> None:
        self.at = s.time_ms
        parts = self.flow.parts
        buffer, near = 0, False
        main_front = merge_front = None
        main_x = merge_x = -1e9
        half = PART_LENGTH / 2
        tick = s.plant.tick
        for part in parts:
            x, y = part._xy if part._xy_tick == tick else part.xy()     # xy(), its cache in line
            name = part.name
            if x + half > ZONE_FROM:
                if name not in self.entered:
                    self.entered.add(name)
                    self._check_gap(s, part, [q for q in parts if q.xy()[0] + half > ZONE_FROM])
                    if name[-1] != "r":
                        self.main_in += 1
                if name[-1] == "r" and x + half < EXIT_EYE_X:
                    near = True
                continue
            if y > 400 or y < -400 or x < LANE_START - 50:
                continue
            if y > 0:
                if x > main_x:
                    main_x, main_front = x, part
            else:
                buffer += 1
                if x + half > HELD_FRONT - REWORK_NEAR_MM:
                    near = True
                if x > merge_x:
                    merge_x, merge_front = x, part
        self.buffer, self.rework_near = buffer, near
        self.waiting = {"main": at_rest_against(main_front, HELD_FRONT, PART_LENGTH),
                        "merge": at_rest_against(merge_front, HELD_FRONT, PART_LENGTH)}
        received, collected = self.downstream.received, self.scrap.collected
        while len(self.good) < len(received):
            self.good.append(_id(received[len(self.good)][1]))
        while len(self.scrapped) < len(collected):
            self.scrapped.append(int(collected[len(self.scrapped)][1]))

    def _check_gap(self, s, part: Workpiece, zone: list[Workpiece]) -> None:
        """A part entering the merge zone: its gap to every part of the other lane already in it."""
        reworked = part.name.endswith("r")
        front = part.xy()[0] + PART_LENGTH / 2
        for other in zone:
            if other is part or other.name.endswith("r") == reworked:
                continue
            tail = other.xy()[0] - PART_LENGTH / 2
            gap = tail - front
            if gap < GAP_MM:
                self.squeezed.append(f"at {s.time_s:g} s {part.name} entered the merge zone "
                                     f"{max(gap, 0):.0f} mm "
                                     f"behind {other.name} of the other lane (at least {GAP_MM:g} mm needed)")


def _line(s) -> _Line:
    line = s.devices
    if line.at != s.time_ms:
        line.update(s)
    return line


def _defective(params, name: str) -> bool:
    n = _id(name)
    return n in params["double_fails"] if name.endswith("r") else n in params["fails"]


class _Routing(judges.Watch):
    """Written for this task: where each part went against what inspection showed of it (a good
    part pushed off, a defective one sent on, a first fail scrapped); S3 judges the re-entry."""

    def __init__(self):
        self.seen = [0, 0, 0]
        self.total = 0          # sum(self.seen): the logs only grow, so their length's sum equal
                                # to it leaves nothing to judge

    def check(self, s):
        line = _line(s)
        logs = (line.rework.taken_in, line.scrap.collected, line.downstream.received)
        total = len(logs[0]) + len(logs[1]) + len(logs[2])
        if total == self.total:
            return None                         # every entry judged already (most scans)
        p = s.params
        for k, log in enumerate(logs):
            while self.seen[k] < len(log):
                entry = log[self.seen[k]]
                self.seen[k] += 1
                self.total += 1
                name = entry[1] if k != 1 else None
                if k == 1:        # the chute logs kinds; its part is the last scrap pusher customer
                    n = int(entry[1])
                    twice = n in p["double_fails"]
                    if not twice:
                        return f"part {n} was scrapped at {entry[0]:.2f} s but had not failed twice"
                    continue
                bad = _defective(p, name)
                if k == 0 and not bad:
                    return f"{name} (good at inspection) was pushed into the rework tray at {entry[0]:.2f} s"
                if k == 2 and bad:
                    return (f"{name} (defective at inspection) went on to the downstream machine at "
                            f"{entry[0]:.2f} s")
        return None


class _MergeDeadline(judges.Watch):
    """Written for this task: the rework job's own deadline, a reworked part at rest at the merge
    gate merged within MERGE_WITHIN_S (a deadlock of the two gates, or a program that never makes a
    gap, fails here)."""

    def __init__(self):
        self.since: int | None = None
        self.part: str | None = None

    def check(self, s):
        part = _line(s).waiting["merge"]
        if part is None:
            self.since = self.part = None
            return None
        if part.name != self.part:
            self.part, self.since = part.name, s.time_ms
        if s.time_ms - self.since > round(MERGE_WITHIN_S * 1000):
            return (f"{part.name} waited at the merge gate from {self.since / 1000:g} s for more than "
                    f"{MERGE_WITHIN_S:g} s")
        return None


def _main_free_to_go(s) -> bool:
    """A main-lane part stands at the main gate and nothing of the rework job needs the gate held:
    no reworked part at or near its gate, none in the merge zone short of exit_eye."""
    line = _line(s)
    return line.waiting["main"] is not None and not line.rework_near


def _main_flow_watch() -> judges.Watch:
    way = judges.Way("a main-lane part entering the merge zone", lambda s: -_line(s).main_in, by=1.0)
    return judges.progress_within(
        "the main lane let go", _main_free_to_go, [way], MAIN_GO_S,
        allowance_s=lambda s: s.params["stopper_s"],
        late=lambda t: (f"at {t:g} s a main-lane part stood at the main gate with no reworked part near the "
                        f"merge, but no main-lane part had entered the merge zone {MAIN_GO_S:g} s + the "
                        "gate's stroke time later"))


def _good_out(s):
    return _line(s).good


def _scrapped(s):
    return _line(s).scrapped


def _n_good(s) -> int:
    return LOT - len(s.params["double_fails"])


def _n_scrap(s) -> int:
    return len(s.params["double_fails"])


def _gates_out(s) -> bool:
    return all(g.read("extended") for g in s.devices.gates.values())


END_STATE = "both gates (stoppers) out"

COMPLETION = Completion(
    f"all {LOT} parts done: every part that passed inspection (first time, or after its rework) taken "
    f"by the downstream machine, every part that failed inspection twice in the scrap chute; then "
    f"{END_STATE}, held for {HOLD_S:g} s. On the way: a part that passes inspection goes on to the "
    "downstream machine, a part failing its first inspection into the rework tray, a part failing its "
    f"second into the scrap chute; a reworked part standing at the merge gate merges within "
    f"{MERGE_WITHIN_S:g} s; and the main lane flows: whenever a main-lane part stands at the main gate "
    f"while no "
    f"reworked part is at or within {REWORK_NEAR_MM:g} mm of the merge gate's plate and none is in the merge "
    f"zone short of exit_eye (its front not yet at exit_eye), a main-lane part enters the merge zone within "
    f"{MAIN_GO_S:g} s plus the gate's stroke time. A part sent the wrong way, a missed merge or a held main "
    "lane ends the run.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(
            judges.all_of(judges.distinct("good parts out", _good_out, _n_good),
                          judges.distinct("double fails scrapped", _scrapped, _n_scrap)),
            judges.held(END_STATE, _gates_out, HOLD_S)),
        _Routing(), _MergeDeadline(), _main_flow_watch(), name="rework loop")),
    keep=_gates_out, keep_wording=END_STATE + ".",
)


class _Squeezed(judges.Monitor):
    def __init__(self):
        self.told = 0

    def check(self, s):
        line = _line(s)
        if self.told < len(line.squeezed):
            self.told += 1
            return line.squeezed[self.told - 1]
        return None


class _ReEntry(judges.Monitor):
    """Written for this task: a part that failed its second inspection pushed into the rework tray."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = _line(s).rework.taken_in
        while self.seen < len(log):
            t, name, _ = log[self.seen]
            self.seen += 1
            if name.endswith("r"):
                return (f"{name} failed inspection twice and was pushed into the rework tray again "
                        f"at {t:.2f} s")
        return None


class _MainWaits:
    def __call__(self, s) -> bool:
        return _line(s).waiting["main"] is not None


SAFETY = [
    SafetyRule("MAT-H04-S1", f"Merge only into a gap: whenever a part's front passes the gate plates (enters "
               f"the merge zone), every part of the other lane already in the merge zone or past it is at "
               f"least {GAP_MM:g} mm ahead of it (from that part's tail to this part's front).", _Squeezed()),
    SafetyRule("MAT-H04-S2", f"The return lane (the rework buffer) never holds more than {BUFFER} parts.",
               judges.never(lambda s: _line(s).buffer > BUFFER,
                            lambda s: f"{_line(s).buffer} parts on the return lane (at most {BUFFER})")),
    SafetyRule("MAT-H04-S3", "A part that failed inspection twice is never pushed into the rework tray again "
               "(it goes to scrap).", _ReEntry()),
    SafetyRule("MAT-H04-S4", f"The main gate holds no part (at rest against it) for more than "
               f"{GATE_HOLD_S:g} s.",
               judges.waits_at_most(GATE_HOLD_S, [("the main gate", _MainWaits(), lambda s: False)],
                                    message=lambda name, limit: f"a part waited at {name} more than "
                                                                f"{limit:g} s")),
]


# --- I/O --------------------------------------------------------------------------------------

def _gate_io(gate: str, n: int) -> list[IOPoint]:
    return [
        IOPoint(f"%IX0.{n}", f"{gate}_extended", "BOOL", "input", gate, "extended",
                f"{gate.replace('_', ' ')} stopper fully out (holding its lane)"),
        IOPoint(f"%IX0.{n + 1}", f"{gate}_retracted", "BOOL", "input", gate, "retracted",
                f"{gate.replace('_', ' ')} stopper fully back"),
    ]


def _eye(addr: str, name: str, where: str) -> IOPoint:
    return IOPoint(addr, name, "BOOL", "input", name, "blocked",
                   f"photo-eye {where}, TRUE while a part blocks it")


IO = [
    _eye("%IX0.0", "main_waiting", f"across the main lane {HELD_FRONT - WAIT_EYE_X:g} mm before its gate "
         "plate (a part stands at the gate, or is passing)"),
    _eye("%IX0.1", "merge_waiting", f"across the return lane {HELD_FRONT - WAIT_EYE_X:g} mm before its gate "
         "plate (a reworked part stands at the merge gate, or is passing)"),
    _eye("%IX0.2", "passed", f"across both lanes' tracks {PASSED_EYE_X - ZONE_FROM:g} mm past the gate "
         "plates: its falling edge = the released part's tail is clear of the plate"),
    *_gate_io("main_gate", 3), *_gate_io("merge_gate", 5),
    _eye("%IX0.7", "exit_eye", "across the merged channel at the end of the merge zone"),
    IOPoint("%IX1.0", "scan_present", "BOOL", "input", "scanner", "present",
            "barcode scanner's trigger eye, TRUE while a part is in its read gate"),
    IOPoint("%IX1.1", "good_read", "BOOL", "input", "scanner", "good_read",
            "TRUE from a good read until the next part enters the read gate"),
    IOPoint("%IW2", "part_number", "INT", "input", "scanner", "code",
            "the number read from the part's barcode (1..16), 0 until read"),
    IOPoint("%IW4", "reads", "INT", "input", "scanner", "reads",
            "counts up by one with every result the scanner posts (16-bit, wraps)"),
    IOPoint("%IX1.2", "inspect_present", "BOOL", "input", "inspection", "part_present",
            "TRUE while a part's centre is in the inspection zone"),
    IOPoint("%IX1.3", "inspect_valid", "BOOL", "input", "inspection", "result_valid",
            "TRUE once the inspection has measured the part in its zone, until that part leaves"),
    IOPoint("%IW6", "inspect_colour", "INT", "input", "inspection", "colour_code",
            f"the colour measured: {DEFECT_CODE} = red = defective; any other = good (0 = no result)"),
    _eye("%IX1.4", "reject_eye", f"across the line belt {EYE_LEAD:g} mm past the reject pusher's centre line "
         "(its rising edge: a part's centre in front of the pusher)"),
    IOPoint("%IX1.5", "reject_retracted", "BOOL", "input", "reject_pusher", "retracted",
            "reject pusher fully back"),
    IOPoint("%IX1.6", "reject_extended", "BOOL", "input", "reject_pusher", "extended",
            "reject pusher fully out"),
    _eye("%IX1.7", "scrap_eye", f"across the line belt {EYE_LEAD:g} mm past the scrap pusher's centre line "
         "(its rising edge: a part's centre in front of the pusher)"),
    IOPoint("%IX2.0", "scrap_retracted", "BOOL", "input", "scrap_pusher", "retracted",
            "scrap pusher fully back"),
    IOPoint("%IX2.1", "scrap_extended", "BOOL", "input", "scrap_pusher", "extended",
            "scrap pusher fully out"),
    IOPoint("%IX2.2", "operator_busy", "BOOL", "input", "rework", "busy",
            "TRUE while the rework operator works on a part"),
    IOPoint("%IW8", "rework_queue", "INT", "input", "rework", "queue", "parts waiting in the rework tray"),
    IOPoint("%IW10", "reworked_placed", "INT", "input", "rework", "placed",
            "counts up by one with every reworked part the operator puts on the return lane (16-bit)"),
    IOPoint("%QX0.0", "main_lane_run", "BOOL", "output", "main_lane", "run",
            "TRUE runs the main lane's belt"),
    IOPoint("%QX0.1", "return_lane_run", "BOOL", "output", "return_lane", "run",
            "TRUE runs the return lane's belt"),
    IOPoint("%QX0.2", "merge_run", "BOOL", "output", "merge_belt", "run", "TRUE runs the merge belt"),
    IOPoint("%QX0.3", "line_run", "BOOL", "output", "line_belt", "run", "TRUE runs the line belt"),
    IOPoint("%QX0.4", "main_gate_extend", "BOOL", "output", "main_gate", "extend",
            "main gate valve (single solenoid): TRUE extends the stopper across the main lane, FALSE "
            "retracts it"),
    IOPoint("%QX0.5", "merge_gate_extend", "BOOL", "output", "merge_gate", "extend",
            "merge gate valve (single solenoid): TRUE extends the stopper across the return lane, FALSE "
            "retracts it"),
    IOPoint("%QX0.6", "reject_extend", "BOOL", "output", "reject_pusher", "extend",
            "reject pusher valve (single solenoid): TRUE pushes, FALSE retracts"),
    IOPoint("%QX0.7", "scrap_extend", "BOOL", "output", "scrap_pusher", "extend",
            "scrap pusher valve (single solenoid): TRUE pushes, FALSE retracts"),
]

SPEC = f"""\
{LOT} parts, numbered 1..{LOT} by their barcodes, come in on the main lane ({PART_LENGTH:.0f} mm long,
{PART_WIDTH:.0f} mm wide). The main lane and the return lane run side by side onto the merge belt; each
lane's parts queue against its gate (a stopper whose plate stands where a held part's front already lies on
the merge belt). The merge and line belts run {1 / SPEED_RATIO:.1f} x faster than the lanes, so a part let
go pulls away from the parts queued behind it. A gate's plate sweeps across its lane's track as it goes
out: it stops a part only if it is out before that part's front reaches it; a part already in its way is
not stopped but shoved sideways across the merge belt's entry, where it can jam in front of both gates.
Guide rails funnel both lanes into one channel onto the line belt, which carries each part past the barcode
scanner, the inspection sensor, the reject pusher and the scrap pusher to the downstream machine.

Inspection: a part whose inspect_colour is {DEFECT_CODE} (red) is defective. A part that passes goes on to
the downstream machine. A part failing its first inspection is pushed by the reject pusher into the rework
tray: an operator reworks the parts in the tray one at a time (5-20 s each, with breaks when the work
stops) and puts each one back at the start of the return lane, where it runs to the merge gate. A repair
may not take: a part that fails inspection a second time goes to scrap (scrap pusher), never back to
rework. A pusher pushes a part off when it is pushed out at its eye's rising edge (the part's centre then
stands in front of it);
the parts keep their order on the line belt, which is never stopped while parts are on it.

Merging: a reworked part may enter the merge zone only into a gap of at least {GAP_MM:g} mm behind the last
main-lane part that went in before it, and a main-lane part only {GAP_MM:g} mm or more behind a reworked part
(the merge zone runs from the gate plates to exit_eye; a part's tail leaves it at exit_eye's falling edge).
The main lane flows: its gate holds it only for a gap for a reworked part (the completion condition says
when it must be let go), never for more than {GATE_HOLD_S:g} s with a part standing at it. The main lane may
come dense (parts nose to tail). A reworked part standing at the merge gate must merge within
{MERGE_WITHIN_S:g} s, and the return lane (the buffer) must never hold more than {BUFFER} parts.

At power-up the belts stand still, both gates are out, and up to 2 reworked parts may already stand in the
buffer (each already failed once: their second inspection decides). Run the belts while parts are to come.
When every part is done, keep both gates out."""

PLANT = f"""\
Top view, millimetres. The main lane runs along y = +{LANE_Y:.0f}, the return lane along y = -{LANE_Y:.0f},
from x = {LANE_START:.0f} to x = {JUNCTION:.0f}; the merge belt ({MERGE_WIDTH:.0f} mm wide) from there to
x = {LINE_FROM:.0f} (guide rails close to a {NECK_WIDTH:.0f} mm channel from x = {FUNNEL_START:.0f} to
x = {NECK:.0f}); the line belt ({LINE_WIDTH:.0f} mm wide) from x = {LINE_FROM:.0f} to the downstream machine
at x = {DOWNSTREAM_X:.0f}. Gate plates ({PLATE_W:.0f} mm thick) at x = {PLATE_X:.0f}; the *_waiting eyes at
x = {WAIT_EYE_X:.0f}, passed at x = {PASSED_EYE_X:.0f}, exit_eye at x = {EXIT_EYE_X:.0f}; the scanner's read
gate at x = {SCAN_X:.0f} (a result {0.03:g} s after the part's tail leaves it); the inspection zone
x = {INSPECT_X - 100:.0f}..{INSPECT_X + 100:.0f}
(a result 0.15 s after the part's centre enters it, cleared when it leaves); the reject pusher at
x = {REJECT_X:.0f}, the scrap pusher at x = {SCRAP_X:.0f}, each eye {EYE_LEAD:g} mm past its pusher."""


# --- conditions --------------------------------------------------------------------------------

PARAMETERS = [
    ParameterRange("line_speed", 300, 450, "mm/s", "merge and line belt speed (the lanes run at 0.3 x it)"),
    ParameterRange("stopper_s", 0.1, 0.3, "s", "gate stroke time (each way)"),
    ParameterRange("pusher_s", 0.1, 0.2, "s", "pusher stroke time (each way)"),
    ParameterRange("arrivals", 0.0, 60.0, "s",
                   "times the main lane's parts are handed on to its belt's start"),
    ParameterRange("fails", 0, LOT, "",
                   "numbers of the parts that fail their first inspection (2-6 of them)"),
    ParameterRange("double_fails", 0, LOT, "",
                   "numbers of the reworked parts that fail again (0-3 of the fails)"),
    ParameterRange("rework_s", 5.0, 20.0, "s", "the operator's time per rework, in order"),
    ParameterRange("breaks", 0.0, 90.0, "s", "operator breaks (from, to), none to two, up to 25 s each"),
    ParameterRange("returned_at_start", 0, LOT, "",
                   "numbers of 0-2 reworked parts in the buffer at power-up"),
]


def _steady(first: float, gap: float, n: int) -> list[float]:
    return [round(first + k * gap, 2) for k in range(n)]


CONDITIONS = [
    Condition.of("nominal", 41, "steady flow, three fails, one of them twice", line_speed=400, stopper_s=0.2,
                 pusher_s=0.15, arrivals=_steady(0.5, 2.5, 16), fails=[3, 8, 12], double_fails=[8],
                 rework_s=[8.0, 10.0, 6.0], breaks=[], returned_at_start=[]),
    Condition.of("dense_flow", 42, "the main lane nose to tail: gaps must be made at the main gate",
                 line_speed=350, stopper_s=0.25, pusher_s=0.2, arrivals=_steady(0.0, 0.6, 16),
                 fails=[2, 5, 9, 14], double_fails=[5, 14], rework_s=[5.0, 7.0, 5.0, 9.0], breaks=[],
                 returned_at_start=[]),
    Condition.of("operator_break", 43, "a 25 s break piles the tray up; then the buffer fills fast",
                 line_speed=450, stopper_s=0.1, pusher_s=0.1, arrivals=_steady(0.0, 1.2, 16),
                 fails=[1, 2, 4, 6, 7, 10], double_fails=[2, 7, 10], rework_s=[5.0, 5.0, 5.0, 5.0, 6.0, 5.0],
                 breaks=[[4.0, 29.0]], returned_at_start=[]),
    Condition.of("buffer_at_power_up", 44, "two reworked parts in the buffer at power-up, one fails again",
                 line_speed=300, stopper_s=0.3, pusher_s=0.2, arrivals=_steady(0.0, 1.0, 14),
                 fails=[1, 2, 9], double_fails=[2], rework_s=[12.0], breaks=[], returned_at_start=[1, 2]),
    Condition.of("slow_rework_late_fails", 45, "the last parts fail, slow repairs, a break between",
                 line_speed=420, stopper_s=0.15, pusher_s=0.12, arrivals=_steady(1.0, 1.8, 16),
                 fails=[13, 15, 16], double_fails=[16], rework_s=[20.0, 15.0, 18.0], breaks=[[40.0, 55.0]],
                 returned_at_start=[]),
    # Round 2: the corner where the two jobs meet at the gates. The main lane streams through its
    # open gate (a part every 1.8 s at 350 mm/s, never held before) and the first reworked part
    # comes to its gate (23.0 s) just as main-lane part p10 is crossing the open main gate: its
    # front is past main_waiting's eye, short of passed's. Nothing stands in the merge zone then and
    # passed is clear, so the gap looks free at that instant; a gate sent out now lands on p10, which
    # is shoved sideways across the merge belt's entry (the slowest gate, 0.3 s, is still coming out
    # when p10's front reaches it) and jams there: the reworked part's 12 s and the buffer (S2) are
    # missed. Letting p10 clear the plate first (passed's falling edge) costs a fraction of a second.
    Condition.of("reworked_meets_passing_part", 46,
                 "the first reworked part reaches its gate as a main-lane part crosses the open main gate",
                 line_speed=350, stopper_s=0.3, pusher_s=0.15, arrivals=_steady(0.0, 1.8, 16),
                 fails=[1, 2, 3, 4], double_fails=[3], rework_s=[5.0, 5.0, 5.0, 5.0], breaks=[],
                 returned_at_start=[]),
    # The same meeting at another phase and pace (420 mm/s, a part every 1.43 s): the first reworked
    # part comes to its gate (20.3 s) as a main-lane part is at the plate's line; a program that waits
    # a moment longer before it closes the gate "into the free gap" meets the part there too.
    Condition.of("reworked_meets_passing_part_fast", 47,
                 "faster belts: the first reworked part reaches its gate as a main-lane part crosses "
                 "the open main gate",
                 line_speed=420, stopper_s=0.25, pusher_s=0.12, arrivals=_steady(0.0, 1.43, 16),
                 fails=[1, 2, 5, 6, 9], double_fails=[5], rework_s=[5.0, 6.0, 5.5, 7.0, 5.0], breaks=[],
                 returned_at_start=[]),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def _operator_done_s(params) -> float:
    """A generous estimate of when the operator puts down the last repaired part: each first fail
    reaches the tray at most TRAY_AFTER_S after its arrival on the main lane (at once for one in
    the buffer at power-up), the repairs one at a time in order, paused by the breaks."""
    feed = [n for n in range(1, LOT + 1) if n not in params["returned_at_start"]]
    arrival = dict(zip(feed, params["arrivals"], strict=True))
    t = 0.0
    for n, work in zip([n for n in params["fails"] if n in arrival], params["rework_s"], strict=False):
        t = max(t, arrival[n] + TRAY_AFTER_S)
        left = work
        while left > 1e-9:                 # work on, stepping over the breaks
            pause = next((b for a, b in params["breaks"] if a <= t < b), None)
            if pause is not None:
                t = pause
                continue
            nxt = min([a for a, _ in params["breaks"] if a > t] + [t + left])
            left -= nxt - t
            t = nxt
    return t


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges: speed and stroke times uniform; 0-2 reworked
    parts in the buffer at power-up (drawn among the fails, their first fail before power-up); the
    main lane's arrivals a steady gap of 0.6-3 s (0.6 s: nose to tail), jointly kept within 0-60 s;
    2-6 first fails, 0-3 of them failing again; one rework time per fail; 0-2 breaks. Jointly: the
    operator's work (late fails, long repairs and breaks add up) must be done by OPERATOR_DONE_S
    (_operator_done_s), so that a correct program can finish within the time limit; a draw that is
    not is drawn again."""
    while True:
        params = dict(line_speed=rng.randint(*map(int, _range("line_speed"))),
                      stopper_s=round(rng.uniform(*_range("stopper_s")), 2),
                      pusher_s=round(rng.uniform(*_range("pusher_s")), 2))
        fails = sorted(rng.sample(range(1, LOT + 1), rng.randint(2, 6)))
        params["fails"] = fails
        params["double_fails"] = sorted(rng.sample(fails, rng.randint(0, min(3, len(fails)))))
        at_start = sorted(rng.sample(fails, rng.randint(0, min(2, len(fails)))))
        params["returned_at_start"] = at_start
        n = LOT - len(at_start)
        gap = min(rng.uniform(0.6, 3.0), (60.0 - 2.0) / (n - 1))
        params["arrivals"] = _steady(round(rng.uniform(0.0, 2.0), 2), gap, n)
        params["rework_s"] = [round(rng.uniform(*_range("rework_s")), 1) for _ in fails if _ not in at_start]
        breaks = []
        for _ in range(rng.randint(0, 2)):
            t0 = round(rng.uniform(0.0, 60.0), 1)
            breaks.append([t0, round(t0 + rng.uniform(3.0, 25.0), 1)])
        params["breaks"] = sorted(breaks)
        if _operator_done_s(params) <= OPERATOR_DONE_S:
            break
    description = (f"line {params['line_speed']} mm/s, gap {gap:.2f} s, fails {fails}, "
                   f"twice {params['double_fails']}, buffer {at_start}, {len(breaks)} breaks")
    return dict(params=params, description=description)


TASK = Task(
    id="MAT-H04", title="Rework loop with re-merge", suite="MAT", level="H",
    summary="Send failed parts to manual rework and merge them back into gaps in the main flow; a part "
            "failing twice goes to scrap.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
