"""MAT-H10 Conveyor crossing shared by two flows.

Two roller-conveyor flows cross at one pop-up transfer cell (new CrossingCell device): flow A
runs straight through on the rollers (lift down), flow B crosses on the chains (lift up). Each
flow queues at its stopper pin; the program grants the cell to one part at a time, only with
that part's exit free (its exit lane backs up while the machine downstream is stalled), and
moves the lift only with the cell empty. Every lift change costs 0.5-3 s (the catalog's cell
is not timed; a slow lift is what makes batching pay, so the range reaches 3 s), so at the
busier rates alternating part by part (first come, first served: the catalog's trap) cannot keep up
and a part waits past 15 s; batching the busier flow keeps both moving. The cell is a shared
resource with two jobs: each flow is judged on its own wait (S4), and a cell left idle with a
part waiting at a free exit fails at a stated deadline (grant within 0.5 s plus the pin and the
lift time), so a deadlock fails there and not at the time limit.

Departures from the catalog, and why:
- S3 is "the lift moves only with the cell empty" (lifting under a straight part, and lowering
  a crossing part onto the rollers, are the same fault of the cell).
- "Exit free" is the exit photo-eye clear and no part of that flow on its way to it: the last
  part let in blocks the eye as it passes, so a program that checks the eye the moment the cell
  empties lets the next part in behind one that is about to block it (kept as a counterexample).
- S4 (wait at most 15 s) is judged per part from when it would reach the stopper on a free
  run, paused while its exit is not free: a queue that keeps growing shows at its tail, and a flow
  starved behind a burst of the other shows at its head.
- The never-idle deadline allows the pin, the lift and the time the last part let in takes to
  clear its exit eye, so a batch of one flow (its next part waiting for that) is no idle cell.
- Hard through plant behaviour the prompt states: exits stall 5-25 s while the other flow goes
  on, a part may be in the cell at power-up and the lift may be up, the pin lets a second part
  through when the release is held too long.

Sampled conditions (sample_condition) draw every parameter over its published range; the
arrival gaps are drawn per flow around the flow's rate (0.4-1.6 times the mean gap).
"""

from __future__ import annotations

from sim import judges
from sim.devices.crossing_cell import FLOWS, CrossingCell
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun

PARTS = 12
WAIT_S = 15.0
GRANT_S = 0.5
HOLD_S = 1.0
CELL_MM = (30.0, 250.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(
        CrossingCell(
            "cell",
            x=700.0,
            y=500.0,
            speed=p["speed"],
            cell_mm=CELL_MM,
            stopper_s=p["stopper_s"],
            lift_s=p["lift_s"],
            arrivals={"a": tuple(p["arrivals_a"]), "b": tuple(p["arrivals_b"])},
            stalls={"a": tuple(tuple(x) for x in p["stalls_a"]), "b": tuple(tuple(x) for x in p["stalls_b"])},
            start_in_cell=p.get("start_in_cell", ""),
            lift_up_at_start=bool(p.get("lift_up")),
        )
    )
    return plant


def _cell(s) -> CrossingCell:
    return s.devices[0]


def _judged(plant: Plant):
    """The crossing cell (s.devices[0])."""
    return (plant.device("cell", CrossingCell),)


def _crossed(flow: str):
    return lambda s: [n for _, f, n in _cell(s).crossed if f == flow]


def _all_crossed(s) -> bool:
    c = _cell(s)
    return all(sum(1 for x in c.crossed if x[1] == f) >= PARTS for f in FLOWS)


def _servable(s, f: str) -> bool:
    c = _cell(s)
    return c.head_waiting(f) is not None and c.read(f"{f}_waiting") and c.exit_free(f)


def _sendable(s) -> bool:
    """Some flow has a part waiting at its stopper with its exit not backed up."""
    c = _cell(s)
    return any(c.head_waiting(f) is not None and c.read(f"{f}_waiting") and not c.exit_backed_up(f)
               for f in FLOWS)


def _grant_due(s) -> bool:
    c = _cell(s)
    return c.in_cell_count() == 0 and not c.lift_moving() and _sendable(s)


def _pass_eye_s(s) -> float:
    """Time the part let in last takes from leaving the cell to clearing its exit eye."""
    c = _cell(s)
    return (c.eye_exit - c.cell1 + c.part_mm) / s.params["speed"]


def _grants():
    """The cell is never left idle: when it is empty with the lift at rest and a part waits at
    a stopper whose exit is not backed up, a part enters the cell within GRANT_S plus the pin's
    and the lift's stroke times (the lift may have to change for it) plus the time the part let
    in last takes to clear its exit eye (so the next part of the same flow may be the one: a
    batch is no idle cell). Judged by a part really entering
    (the cell's log), so pulsing a release nobody passes is no answer."""
    return judges.progress_within(
        "the cell is granted",
        cause=_grant_due,
        ways=[judges.Way("a part", lambda s: -len(_cell(s).entered), by=1.0)],
        within_s=GRANT_S,
        allowance_s=lambda s: s.params["stopper_s"] + s.params["lift_s"] + _pass_eye_s(s),
        # an exit that backs up meanwhile (its lane filling to the eye) leaves nothing to send
        excused=lambda s: _all_crossed(s) or not _sendable(s),
        late=lambda t: (
            f"the cell was empty with a part waiting (its exit not backed up) from {t:g} s but no "
            "part had entered in time"
        ),
    )


def _end_state(s) -> bool:
    c = _cell(s)
    return c.in_cell_count() == 0 and not c.release["a"] and not c.release["b"] and not c.lift_moving()


def _completion():
    return MissEndsTheRun(
        judges.watched(
            judges.in_order(
                judges.all_of(
                    judges.distinct(f"{PARTS} A parts crossed", _crossed("a"), PARTS),
                    judges.distinct(f"{PARTS} B parts crossed", _crossed("b"), PARTS),
                ),
                judges.held("the cell empty, both releases off and the lift at rest", _end_state, HOLD_S),
            ),
            _grants(),
            name="every part crossed, the cell never idle with a part waiting",
        )
    )


class LogRule(judges.Monitor):
    """A rule judged on one of the cell's logs (a new entry is a violation)."""

    def __init__(self, log: str, words):
        self.log, self.words, self.seen = log, words, 0

    def check(self, s):
        entries = getattr(_cell(s), self.log)
        if self.seen < len(entries):
            self.seen = len(entries)
            return self.words(entries[-1])
        return None


def _two_in_cell(s):
    n = _cell(s).in_cell_count()
    return f"{n} parts in the cell at once" if n > 1 else None


class WaitsAtMost(judges.Monitor):
    """S4 per part, by identity: each part's clock runs from the time it would reach the stopper
    on a free run (coming onto its infeed conveyor 900 mm before it) until it enters the cell,
    paused while its flow's exit is not free (no program can
    send it then). A queue that keeps growing (alternating part by part on a busy cell) shows as
    the parts at its tail waiting too long, not only a head part left at the stopper; each flow
    is judged on its own, so starving one flow fails here while the other finishes. (Not
    sim.judges.waits_at_most: that clocks a request, and a queue's request never drops while
    parts keep coming.)"""

    def __init__(self):
        self.clock: dict[int, int] = {}
        self.told: set[int] = set()

    def check(self, s):
        c = _cell(s)
        msg = None
        for f in FLOWS:
            free = c.exit_free(f)
            for p in c.parts[f]:
                if p.front > c.cell0 + 1e-9 or c.t < p.born + c.queue_mm / c.speed - 1e-9:
                    continue        # in the cell, or still on its free run to the stopper
                self.clock[p.number] = self.clock.get(p.number, 0) + (10 if free else 0)
                if self.clock[p.number] > WAIT_S * 1000 and p.number not in self.told:
                    self.told.add(p.number)
                    msg = msg or (
                        f"part {p.number} of flow {f.upper()} waited more than {WAIT_S:g} s in its "
                        "queue with its exit free"
                    )
        return msg


IO = (
    IOPoint(
        "%IX0.0",
        "a_waiting",
        "BOOL",
        "input",
        "cell",
        "a_waiting",
        "Flow A photo-eye just before its stopper: TRUE while a part is in front of the pin (waiting "
        "or moving past it)",
    ),
    IOPoint(
        "%IX0.1",
        "b_waiting",
        "BOOL",
        "input",
        "cell",
        "b_waiting",
        "Flow B photo-eye just before its stopper: TRUE while a part is in front of the pin",
    ),
    IOPoint(
        "%IX0.2",
        "a_exit_full",
        "BOOL",
        "input",
        "cell",
        "a_exit_full",
        "Flow A exit photo-eye just past the cell: TRUE while a part is in its beam (a part passing "
        "blocks it for a moment; a backed-up exit lane keeps it blocked)",
    ),
    IOPoint(
        "%IX0.3",
        "b_exit_full",
        "BOOL",
        "input",
        "cell",
        "b_exit_full",
        "Flow B exit photo-eye just past the cell: TRUE while a part is in its beam",
    ),
    IOPoint(
        "%IX0.4",
        "cell_occupied",
        "BOOL",
        "input",
        "cell",
        "cell_occupied",
        "Cell photo-eyes: TRUE while any part (either flow) is in the crossing cell",
    ),
    IOPoint(
        "%IX0.5",
        "lift_up",
        "BOOL",
        "input",
        "cell",
        "lift_up",
        "Lift end switch: TRUE only when the chains are fully up (flow B can cross)",
    ),
    IOPoint(
        "%IX0.6",
        "lift_down",
        "BOOL",
        "input",
        "cell",
        "lift_down",
        "Lift end switch: TRUE only when the chains are fully down (flow A can pass)",
    ),
    IOPoint("%IX0.7", "a_pin_down", "BOOL", "input", "cell", "a_pin_down", "Flow A stopper pin fully down"),
    IOPoint("%IX1.0", "b_pin_down", "BOOL", "input", "cell", "b_pin_down", "Flow B stopper pin fully down"),
    IOPoint(
        "%QX0.0",
        "a_release",
        "BOOL",
        "output",
        "cell",
        "a_release",
        "TRUE pulls flow A's stopper pin down; FALSE lets its spring push it up (a part over the pin "
        "holds it down; it snaps up behind that part)",
    ),
    IOPoint(
        "%QX0.1",
        "b_release",
        "BOOL",
        "output",
        "cell",
        "b_release",
        "TRUE pulls flow B's stopper pin down; FALSE lets it up (as for flow A)",
    ),
    IOPoint(
        "%QX0.2",
        "lift_raise",
        "BOOL",
        "output",
        "cell",
        "raise",
        "TRUE raises the lift (chains up: flow B crosses), FALSE lowers it (rollers: flow A passes)",
    ),
)


def _arrivals(first: float, gaps) -> tuple[float, ...]:
    out, t = [], first
    for g in (0.0, *gaps):
        t += g
        out.append(round(t, 2))
    return tuple(out)


def _regular(first: float, per_min: float, n: int = PARTS) -> tuple[float, ...]:
    return _arrivals(first, [60.0 / per_min] * (n - 1))


def _gaps(first: float, *runs: tuple[int, float]) -> tuple[float, ...]:
    """Arrival times from runs of (how many gaps, gap s)."""
    return _arrivals(first, [g for n, g in runs for _ in range(n)])


BASE = dict(speed=300.0, stopper_s=0.2, lift_s=1.0, stalls_a=(), stalls_b=(), start_in_cell="", lift_up=0)

CONDITIONS = (
    Condition.of(
        "nominal",
        401,
        "both flows 6 parts/min, no stalls",
        **{**BASE, "arrivals_a": _regular(1.0, 6.0), "arrivals_b": _regular(3.0, 6.0)},
    ),
    # a burst of A keeps A's queue full for 20 s: a B part behind it must not wait for all of it
    Condition.of(
        "a_burst_b_behind",
        402,
        "flow A in a burst of 8 at 1.5 s, then 7.5 parts/min, flow B 5 parts/min",
        **{
            **BASE,
            "speed": 260.0,
            "lift_s": 0.8,
            "stopper_s": 0.3,
            "arrivals_a": _gaps(0.5, (7, 1.5), (4, 8.0)),
            "arrivals_b": _gaps(1.0, (11, 12.0)),
        },
    ),
    # both 10 parts/min with the slowest lift: part-by-part alternation cannot keep up
    Condition.of(
        "both_busy_slow_lift",
        403,
        "both flows 10 parts/min, a lift taking 3 s",
        **{
            **BASE,
            "speed": 300.0,
            "lift_s": 3.0,
            "stopper_s": 0.25,
            "arrivals_a": _gaps(0.0, (11, 6.0)),
            "arrivals_b": _gaps(0.4, (11, 6.0)),
        },
    ),
    Condition.of(
        "b_exit_stalls",
        404,
        "flow B's exit stalls 25 s, then A's 8 s, both 8 parts/min",
        **{
            **BASE,
            "stalls_b": ((15.0, 40.0),),
            "stalls_a": ((60.0, 68.0),),
            "arrivals_a": _regular(0.5, 8.0),
            "arrivals_b": _regular(1.5, 8.0),
        },
    ),
    Condition.of(
        "part_in_cell_at_power_up",
        405,
        "a B part in the cell with the lift up at power-up, A's exit stalled for the first 10 s",
        **{
            **BASE,
            "start_in_cell": "b",
            "lift_up": 1,
            "stalls_a": ((0.0, 10.0),),
            "lift_s": 0.8,
            "arrivals_a": _regular(0.0, 10.0),
            "arrivals_b": _regular(4.0, 5.0, PARTS - 1),
        },
    ),
    Condition.of(
        "lift_up_empty",
        406,
        "lift up with the cell empty at power-up, A busy 11 parts/min on a "
        "fast cell, B 4/min, B's exit stalls 12 s",
        **{
            **BASE,
            "lift_up": 1,
            "stalls_b": ((30.0, 42.0),),
            "speed": 380.0,
            "lift_s": 0.6,
            "stopper_s": 0.1,
            "arrivals_a": _gaps(0.3, (11, 5.5)),
            "arrivals_b": _regular(0.0, 4.0),
        },
    ),
)


def part_time_s(speed: float, stopper_s: float) -> float:
    """Time a part holds the cell and its exit before the next of its flow may enter: the pin,
    its way into and through the cell and past its exit eye (about 490 mm), a scan or two."""
    return stopper_s + 490.0 / speed + 0.05


def sample_condition(rng) -> dict:
    """One condition from the published ranges. Belt speed, pin and lift times independent; per
    flow a rate of 3-12 parts/min, each gap 0.3-1.7 times the flow's mean gap (bursts), clamped
    to the published 1.5-20 s; 0-2 exit stalls per flow of 5-25 s; a part in the cell at power-up
    1 time in 4 (with the lift set for it), the lift up at power-up 1 time in 3. Drawn jointly:
    rates the cell cannot carry even batched (the two rates together above 75 % of what it
    passes with a lift change every 4 parts) are redrawn: no program could keep the 15 s bound."""
    while True:
        params = {
            "speed": round(rng.uniform(200.0, 400.0)),
            "stopper_s": round(rng.uniform(0.1, 0.3), 2),
            "lift_s": round(rng.uniform(0.5, 3.0), 2),
        }
        rates = {f: rng.uniform(3.0, 12.0) for f in FLOWS}
        capacity = 60.0 / (part_time_s(params["speed"], params["stopper_s"]) + params["lift_s"] / 4)
        if sum(rates.values()) <= 0.75 * capacity:
            break
    start = "" if rng.random() < 0.75 else rng.choice(FLOWS)
    params["start_in_cell"] = start
    params["lift_up"] = 1 if start == "b" else 0 if start == "a" else int(rng.random() < 1 / 3)
    for f in FLOWS:
        mean = 60.0 / rates[f]
        n = PARTS - (1 if start == f else 0)
        gaps = [round(min(20.0, max(1.5, mean * rng.uniform(0.3, 1.7))), 2) for _ in range(n - 1)]
        params[f"arrivals_{f}"] = _arrivals(round(rng.uniform(0.0, 5.0), 2), gaps)
        stalls, t = [], 0.0
        for _ in range(rng.randint(0, 2)):
            t += rng.uniform(5.0, 30.0)
            length = rng.uniform(5.0, 25.0)
            stalls.append((round(t, 1), round(t + length, 1)))
            t += length
        params[f"stalls_{f}"] = tuple(stalls)
    description = (
        f"speed {params['speed']:g} mm/s, lift {params['lift_s']:g} s, rates "
        f"{rates['a']:.1f}/{rates['b']:.1f} per min, stalls A {len(params['stalls_a'])} "
        f"B {len(params['stalls_b'])}" + (f", {start.upper()} part in the cell" if start else "")
    )
    return {"params": params, "description": description}


TASK = Task(
    id="MAT-H10",
    title="Conveyor crossing shared by two flows",
    suite="MAT",
    level="H",
    summary="Let two crossing conveyor flows through one pop-up transfer cell: one part at a time, "
    "only into a free exit, the lift moved only with the cell empty, neither flow kept waiting.",
    plant_description=(
        "Two roller-conveyor flows cross at one pop-up transfer cell. Flow A passes straight through the "
        "cell on its rollers (the lift must be fully down); flow B crosses it on the pop-up chains (the "
        "lift must be fully up); a part whose carrier is not there waits at the cell's mouth, and a part "
        "in the cell while the lift is on its way is carried by nothing. Both belts and the chains run all "
        "the time. Each flow's parts (120 mm long, at 200-400 mm/s) queue at a stopper pin in front of the "
        "cell; a photo-eye before each pin sees the waiting part. Past the cell each flow has an exit lane "
        "(room for about 3 parts) to a machine downstream that may stall for 5-25 s: its lane then backs "
        "up to the exit photo-eye 150 mm past the cell. Each part blocks its exit eye for a moment as "
        "it "
        "passes it. The stopper pin: release TRUE pulls it down (0.1-0.3 s); released again (FALSE) its "
        "spring pushes it up, but a part above it holds it down and it snaps up in the gap behind that "
        "part: to let exactly one part through, take the release away while that part is still over the "
        "pin (before it is fully in the cell), or the next part, right behind it, follows it in. The lift "
        "takes 0.5-3 s either way. At power-up a part may be in the cell (with the lift set for it) and "
        "the lift may be up."
    ),
    specification=(
        "1. Grant the cell to one part at a time: release a flow's stopper only while the cell is empty "
        "(cell_occupied FALSE), the lift is at the end its flow needs, and that part's exit is free; "
        "remove the release as soon as the part is moving in.\n"
        "2. A part may only enter the cell while its exit is free: that flow's exit eye clear and the part "
        "of that flow let in before it already past its exit eye (it blocks the eye as it goes by).\n"
        "3. Move the lift (lift_raise) only while the cell is empty.\n"
        f"4. Neither flow may wait: no part may wait more than {WAIT_S:g} s in its queue: counted from when "
        "it would reach the stopper on a free run (it comes onto its infeed conveyor 900 mm before the "
        "stopper) until it enters the cell, not counting the time its exit is not free. When both flows "
        "have parts waiting, let several parts of the busier "
        "flow through in a row (each lift change costs its travel time) without keeping the other one "
        "waiting that long.\n"
        f"5. Never leave the cell idle: whenever it is empty with the lift at rest and a part waits at a "
        "stopper whose exit is not backed up (no part standing still between the cell and past its exit "
        f"eye), a part must enter the cell within {GRANT_S:g} s plus the pin's and the lift's travel "
        "times plus the time the part let in last takes to clear its exit eye (270 mm at the belt "
        "speed): the next part of the same flow, or one of the other.\n"
        "6. At power-up a part may be in the cell: let it leave first.\n"
        "Rates, gaps, belt speed, pin and lift times and the stalls differ from run to run: use the "
        "signals."
    ),
    io=IO,
    completion=Completion(
        f"{PARTS} different parts of flow A and {PARTS} of flow B (a part in the cell at power-up counts for "
        "its flow) have crossed and been taken by their machines downstream; after that the cell is empty, "
        f"both releases off and the lift at rest for {HOLD_S:g} s without a break. On the way the cell is "
        "never idle as specification point 5 says (the first miss ends the run).",
        _completion,
        keep=_end_state,
        keep_wording="the cell empty, both releases off and the lift at rest.",
    ),
    safety_rules=(
        SafetyRule("MAT-H10-S1", "At most one part may be in the cell at a time.", _two_in_cell),
        SafetyRule(
            "MAT-H10-S2",
            "A part may only enter the cell while its exit is free (its exit eye clear and "
            "no part of its flow between the cell and that eye).",
            LogRule(
                "entered_full",
                lambda e: f"part {e[2]} of flow {e[1].upper()} entered the cell with its exit not free",
            ),
        ),
        SafetyRule(
            "MAT-H10-S3",
            "The lift may only move while the cell is empty.",
            LogRule("lift_moves_loaded", lambda e: e[1]),
        ),
        SafetyRule(
            "MAT-H10-S4",
            f"No part may wait more than {WAIT_S:g} s in its queue (from when it would reach the stopper "
            "on a free run until it enters the cell), not counting the time its exit is not free.",
            WaitsAtMost(),
        ),
    ),
    parameters=(
        ParameterRange("speed", 200.0, 400.0, "mm/s", "belt and chain speed"),
        ParameterRange("stopper_s", 0.1, 0.3, "s", "stopper pin travel time"),
        ParameterRange("lift_s", 0.5, 3.0, "s", "lift travel time (each way)"),
        ParameterRange(
            "arrivals_a",
            0.0,
            300.0,
            "s",
            "arrival times of flow A's parts: 3-12 parts/min on "
            "average, irregular: bursts and lulls (gaps of 1.5 to 20 s)",
        ),
        ParameterRange("arrivals_b", 0.0, 300.0, "s", "arrival times of flow B's parts (as flow A)"),
        ParameterRange("stalls_a", 0.0, 150.0, "s", "flow A's downstream stalls: 0-2 of 5-25 s each"),
        ParameterRange("stalls_b", 0.0, 150.0, "s", "flow B's downstream stalls (as flow A)"),
        ParameterRange("lift_up", 0, 1, "", "1 = the lift is up at power-up"),
    ),
    conditions=CONDITIONS,
    # the slowest of 200 sampled conditions took the reference 205 s (12 parts at 3 a minute with
    # gaps up to 20 s come in over 220 s at the most): 260 s leaves room
    time_limit_s=260.0,
    build_plant=build_plant,
    condition_defaults={},
    judged_devices=_judged,
    sampler=sample_condition,
)
