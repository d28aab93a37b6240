"""MOT-M14 Rotary-table and slide coordination.

A servo slide reaches over an 8-nest rotary indexing table to work the nest at the work
position. The table may only turn while the slide is retracted behind the clearance line;
the slide may only approach once the table is aligned and at standstill. The program works
the number of nests the host orders, one nest per index, then signals Cycle done.

Rotation and stroke times, settle times, the slide's start position (sometimes still in
the nest), the table's start (sometimes between stations) and the order vary per condition.
Sampled conditions (sample_condition) draw every parameter over its published range; a table
that starts off its station stands clearly off it (2..30 deg), never inside the alignment
switch's 1.5 deg, where it would read aligned though no nest there can count as worked.
"""

from __future__ import annotations

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.panel import Lamp
from sim.devices.rotary import NestWorkLog, RotaryTable
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import store_drive_fault

NESTS = 8
WORK_MM = 180.0          # slide position over the nest at the work position
CLEARANCE_MM = 40.0      # at or behind this the slide is clear of the table
WINDOW_MM = 0.5
DWELL_S = 0.5            # the slide works a nest by resting at the work position this long
HOLD_S = 1.0
APPROACH_WITHIN_S = 0.25  # after an index, the slide must set off within this time of the table's standstill
APPROACH_MM = 5.0        # ... closing its distance to the nest by at least this much (then on to the nest)
ARRIVE_MARGIN_S = 0.1    # ... and arriving within this of one move at the drive's speed begun in that time


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    table_center = (650.0, 320.0)
    nest_radius = 150.0
    work_x = table_center[0] - nest_radius
    slide = plant.add(Axis(
        "slide", origin=(work_x - WORK_MM, table_center[1]), angle_deg=0.0,
        limit_minus_mm=-5.0, limit_plus_mm=200.0, rail_min_mm=-40.0, rail_max_mm=215.0,
        home_mm=0.0, start_mm=p["slide_start_mm"], max_speed=p["slide_speed"], accel=p["slide_accel"],
        window_mm=WINDOW_MM, settle_s=0.05, carriage_length_mm=60.0, carriage_width_mm=70.0,
        rail_width_mm=36.0, label="slide", color="#3c78d8"))
    table = plant.add(RotaryTable(
        "table", center=table_center, radius_mm=210.0, stations=NESTS, index_time_s=p["index_time_s"],
        settle_s=p["table_settle_s"], align_tolerance_deg=1.5, start_station=p["start_station"],
        start_offset_deg=p["start_offset_deg"], work_angle_deg=180.0, nest_radius_mm=nest_radius,
        label="rotary table"))
    if p.get("fault_at_start"):
        store_drive_fault(slide)
    plant.add(NestWorkLog("work_log", slide, table, work_mm=WORK_MM, clearance_mm=CLEARANCE_MM,
                          window_mm=WINDOW_MM, dwell_s=DWELL_S, position=(650.0, 600.0)))
    plant.add(ValueWord("order", p["nests"], position=(250.0, 600.0), label="nests ordered"))
    plant.add(Lamp("done_lamp", x=420.0, y=600.0, label="Cycle done", color="green"))
    return plant


# --- judges -------------------------------------------------------------------------------

def _judged(plant: Plant) -> tuple[Axis, RotaryTable, NestWorkLog]:
    """The slide, the table and the work log the judges look at (s.devices)."""
    return (plant.device("slide", Axis), plant.device("table", RotaryTable),
            plant.device("work_log", NestWorkLog))


class NestsWorked(judges.Judge):
    """Done once the ordered number of distinct nests has been worked; one event per nest."""

    name = "ordered nests worked"

    def __init__(self):
        super().__init__()
        self.seen: list[tuple[str, int, int]] = []

    def update(self, s):
        if self.done:
            return True
        log = s.devices[2]
        while len(self.seen) < log.count:
            nest, _ = log.worked[len(self.seen)]
            self.seen.append((f"nest {nest} worked", s.scan, s.time_ms))
        if log.count >= s.params["nests"]:
            return self._finish(s)
        return False

    def events(self):
        return list(self.seen) + ([(self.name, self.done_scan, self.done_ms)] if self.done else [])

    def pending(self):
        return "" if self.done else f"{self.name} ({len(self.seen)} so far)"


def _finished_state(s) -> bool:
    slide, table, log = s.devices
    # exactly the ordered count: a program that ignores the order and works the most nests the
    # published range allows would otherwise pass every condition that orders fewer
    return (s.io["cycle_done"] and slide.pos <= CLEARANCE_MM and slide.vel == 0.0
            and table.exactly_aligned and log.count == s.params["nests"])


def _stroke_s(mm: float, p) -> float:
    """Time the slide drive takes for a move of `mm` from rest to rest (trapezoid, or a
    triangle when the move is too short to reach full speed)."""
    speed, accel = p["slide_speed"], p["slide_accel"]
    if mm * accel <= speed * speed:
        return 2.0 * (mm / accel) ** 0.5
    return mm / speed + speed / accel


def _approach_after_index():
    """After every index, the slide sets off toward the nest within APPROACH_WITHIN_S of the
    table's standstill signal and goes on to the nest without backing off (while nests remain).

    Judged by real progress (sim.judges.progress_within): the slide's distance to the work
    position must shrink by APPROACH_MM, and once it has, it may not grow again before the
    slide is over the nest. A program that waits a fixed worst-case time after each index
    and keeps the clock quiet with a token move (jiggling the slide between 37 and 39 mm,
    behind the clearance line) backs off and misses it; one that waits without moving is late.
    The slide must also arrive no later than one move at the drive's own speed would, begun
    within the set-off time (plus ARRIVE_MARGIN_S): creeping toward the nest behind the line
    all along, so that the distance shrinks whenever the standstill comes, is no approach.
    """
    def after_an_index(s):
        table = s.devices[1]
        return table.standstill and table.index_count > 0

    def to_the_nest(s):
        return abs(WORK_MM - s.devices[0].pos)

    def in_one_move(s):
        # a move from where the slide is at the drive's speed and acceleration, started within
        # the set-off time: a slide that creeps toward the nest all along (its distance always
        # shrinking whenever the standstill comes) sets off "in time" but arrives far later
        return APPROACH_WITHIN_S + _stroke_s(to_the_nest(s), s.params) + ARRIVE_MARGIN_S

    return judges.progress_within(
        "after an index the slide sets off toward the nest", cause=after_an_index,
        ways=[judges.Way("the slide", to_the_nest, by=APPROACH_MM,
                         until=lambda s: to_the_nest(s) <= WINDOW_MM, slack=WINDOW_MM,
                         arrive_s=in_one_move)],
        within_s=APPROACH_WITHIN_S,
        excused=lambda s: s.devices[2].count >= s.params["nests"],
        late=lambda t: (f"the table stood still at a station from {t:g} s but the slide had not set off "
                        f"toward the nest {APPROACH_WITHIN_S:g} s later"))


def _completion():
    return judges.watched(judges.in_order(
        NestsWorked(),
        judges.held("Cycle done on with exactly the ordered nests worked, the slide retracted and the "
                    "table aligned", _finished_state, HOLD_S),
    ), _approach_after_index(), name="ordered nests worked, approaching promptly after every index")


def _end_state_kept(s) -> bool:
    slide, table, _ = s.devices
    return s.io["cycle_done"] and slide.pos <= CLEARANCE_MM and table.exactly_aligned


def _table_turns_with_slide_in(s):
    slide, table, _ = s.devices
    if table.rotating and slide.pos > CLEARANCE_MM:
        return f"the table turned with the slide at {slide.pos:.1f} mm (clearance {CLEARANCE_MM:g} mm)"
    return None


class OutOnlyOverAStillTable(judges.Monitor):
    """S2 as a standing rule, checked on every scan: violated on each scan on which the slide,
    beyond the clearance line, moved further out (judged from its position) while the table
    was not aligned at a station or not at standstill. The crossing of the line is one such
    scan; so is a slide that stood beyond the line at power-up and went on out over a table
    stopped between stations, which the old check (at the crossing only) never saw."""

    def __init__(self):
        self.prev: float | None = None

    def check(self, s):
        slide, table, _ = s.devices
        prev, pos = self.prev, slide.pos
        self.prev = pos
        if prev is None or pos <= CLEARANCE_MM or pos <= prev + 1e-6:
            return None
        if table.aligned and table.standstill:
            return None
        why = "not aligned at a station" if not table.aligned else "not at standstill"
        if prev <= CLEARANCE_MM:
            return f"the slide crossed the clearance line while the table was {why}"
        return f"the slide moved out to {pos:.1f} mm, past the clearance line, while the table was {why}"


def _early_done(s):
    if not s.io["cycle_done"]:
        return None
    slide, _, log = s.devices
    worked, ordered = log.count, s.params["nests"]
    if worked < ordered:
        return f"Cycle done on after {worked} of {ordered} nests"
    if slide.pos > CLEARANCE_MM:
        return f"Cycle done on with the slide at {slide.pos:.1f} mm, not retracted"
    return None


# --- conditions ------------------------------------------------------------------------------



CONDITIONS = (
    Condition.of("nominal", 201, "slide at home, table on station 1, brisk devices, 4 nests",
        nests=4, slide_start_mm=0.0, start_station=1, index_time_s=1.0, table_settle_s=0.1,
        slide_speed=250.0, slide_accel=1500.0),
    Condition.of("slide_left_in_nest", 202, "slide still in the nest at power-up, slow table, slow slide, "
        "3 nests",
        nests=3, slide_start_mm=180.0, start_station=5, index_time_s=2.4, table_settle_s=0.3,
        slide_speed=100.0, slide_accel=400.0),
    Condition.of("table_between_stations", 203, "table stopped 17 deg past a station, slide partly out, "
        "fast devices, 6 nests", nests=6, slide_start_mm=25.0, start_station=3, start_offset_deg=-17.0,
        index_time_s=0.7, table_settle_s=0.05, slide_speed=350.0, slide_accel=2000.0),
    Condition.of("slow_table_fast_slide", 204, "table takes 2.5 s per index and settles 0.4 s; fast slide "
        "with a drive fault stored at power-up (must be cleared), 3 nests", fault_at_start=1, nests=3,
        slide_start_mm=0.0, start_station=8, index_time_s=2.5, table_settle_s=0.4, slide_speed=400.0,
        slide_accel=2000.0),
    Condition.of("fast_table_slow_slide", 205, "quick table, slow soft slide starting beyond the clearance "
        "line, 5 nests", nests=5, slide_start_mm=100.0, start_station=2, index_time_s=0.6,
        table_settle_s=0.05, slide_speed=80.0, slide_accel=300.0),
    # the slide beyond the clearance line over a table stopped between stations: going on out
    # from there is what S2 forbids (a rule once judged only where the slide crossed 40 mm)
    Condition.of("slide_out_table_between", 206, "slide out at 120 mm over a table stopped 20 deg past a "
        "station, medium devices, 3 nests", nests=3, slide_start_mm=120.0, start_station=6,
        start_offset_deg=-20.0, index_time_s=1.2, table_settle_s=0.2, slide_speed=200.0,
        slide_accel=800.0),
)


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    The order, the table's rotation and settle times and the slide's speed and acceleration
    are drawn independently over their whole ranges (any drive with any table is a real cell;
    the time limit fits the slowest of them with 6 nests). The start state is drawn jointly:
    the slide at home half of the time, else behind the clearance line (1 in 4) or out over
    the table (1 in 4, a third of those right in the nest at 180 mm); the table on a station
    3 times in 5, else stopped 2..30 deg past one. A table stopped off its station stands
    clearly off it, outside the alignment switch's 1.5 deg: within it the switch already
    reads aligned, but no nest counts as worked until the table is exactly on a station, so
    the drawn offsets skip (-1.5, 0) rather than hide a state no program can finish in.
    Slide out and table between stations come together by chance (about 1 in 10), the start
    S2 is judged on. A drive fault is stored at power-up 1 time in 4.
    """
    where = rng.random()
    if where < 0.5:
        slide_start = 0.0
    elif where < 0.75:
        slide_start = round(rng.uniform(0.0, CLEARANCE_MM), 1)
    elif rng.random() < 1 / 3:
        slide_start = WORK_MM
    else:
        slide_start = round(rng.uniform(CLEARANCE_MM + 1.0, WORK_MM), 1)
    offset = 0.0 if rng.random() < 0.6 else round(rng.uniform(-30.0, -2.0), 1)
    params = {
        "nests": rng.randint(3, 6),
        "index_time_s": round(rng.uniform(0.6, 2.5), 2),
        "table_settle_s": round(rng.uniform(0.05, 0.4), 2),
        "slide_speed": round(rng.uniform(80.0, 400.0)),
        "slide_accel": round(rng.uniform(300.0, 2000.0)),
        "slide_start_mm": slide_start,
        "start_station": rng.randint(1, NESTS),
        "start_offset_deg": offset,
        "fault_at_start": int(rng.random() < 0.25),
    }
    table = "on station" if not offset else f"{-offset:g} deg past station"
    description = (f"slide at {slide_start:g} mm, table {table} {params['start_station']}, "
                   f"{params['nests']} nests"
                   + (", drive fault stored" if params["fault_at_start"] else ""))
    return {"params": params, "description": description}

IO = (
    IOPoint("%IX0.0", "slide_ready", "BOOL", "input", "slide", "ready",
            "TRUE when the slide drive is enabled and has no fault"),
    IOPoint("%IX0.1", "slide_in_position", "BOOL", "input", "slide", "in_position",
            f"TRUE when the slide is within {WINDOW_MM} mm of the target of its last move and at rest "
            "(FALSE before any move, while disabled or faulted)"),
    IOPoint("%IX0.2", "slide_standstill", "BOOL", "input", "slide", "standstill",
            "TRUE while the slide is not moving"),
    IOPoint("%IX0.3", "slide_fault", "BOOL", "input", "slide", "fault",
            "TRUE while the slide drive has a latched fault (cleared by a rising edge on slide_reset)"),
    IOPoint("%IX0.4", "table_aligned", "BOOL", "input", "table", "aligned",
            "Alignment switch: TRUE while the table is within 1.5 deg of a station (it comes on while "
            "the table still creeps in)"),
    IOPoint("%IX0.5", "table_standstill", "BOOL", "input", "table", "standstill",
            "TRUE once the table has been still for its settle time"),
    IOPoint("%IX0.6", "table_rotating", "BOOL", "input", "table", "rotating",
            "TRUE while the table drive is turning"),
    IOPoint("%IW0", "slide_position", "INT", "input", "slide", "position",
            "Actual slide position (0 = home, fully retracted)", "0.1 mm", "-50..2000"),
    IOPoint("%IW1", "table_station", "INT", "input", "table", "station",
            f"Number of the nest at the work position while aligned (1..{NESTS}); 0 between stations",
            "", f"0..{NESTS}"),
    IOPoint("%IW2", "nests_ordered", "INT", "input", "order", "value",
            "How many nests to work in this cycle (constant during the run)", "", "3..6"),
    IOPoint("%QX0.0", "slide_enable", "BOOL", "output", "slide", "enable",
            "TRUE enables the slide drive (FALSE: it brakes to a stop)"),
    IOPoint("%QX0.1", "slide_start", "BOOL", "output", "slide", "start",
            "Rising edge starts a slide move to slide_target (ignored while disabled or faulted)"),
    IOPoint("%QX0.2", "slide_reset", "BOOL", "output", "slide", "reset",
            "Rising edge clears a latched slide fault"),
    IOPoint("%QX0.3", "table_index", "BOOL", "output", "table", "index",
            "Rising edge turns the table forward to the next station (ignored while it turns)"),
    IOPoint("%QX0.4", "cycle_done", "BOOL", "output", "done_lamp", "on",
            "Cycle done lamp: TRUE tells the host the ordered nests are worked"),
    IOPoint("%QW0", "slide_target", "INT", "output", "slide", "target",
            "Target of the next slide move, taken at the slide_start edge", "0.1 mm", "0..1900"),
)

TASK = Task(
    id="MOT-M14", title="Rotary-table and slide coordination", suite="MOT", level="M",
    summary="Work the ordered number of nests of a rotary indexing table with a slide that reaches "
            "over it: retract, index, wait for alignment and standstill, approach, work, repeat.",
    plant_description=(
        f"A rotary indexing table with {NESTS} nests (one station pitch = 45 deg) turns forward one "
        "station per index pulse; a cam drive makes it creep into each station, so the alignment "
        "switch comes on shortly before the table is still, and the standstill signal only after it "
        "has settled. A horizontal servo slide on the left reaches over the table: at "
        f"{WORK_MM:g} mm its tool is over the nest at the work position, at or behind "
        f"{CLEARANCE_MM:g} mm it is clear of the table, 0 mm is home (fully retracted). Its limit "
        "switches are at -5 mm and 200 mm. At power-up the slide may still be out over the table "
        "and the table may have stopped between two stations."),
    specification=(
        f"1. Work exactly as many nests as nests_ordered (%IW2) says, no more, each a different nest: "
        f"for each one, "
        f"move the slide to {WORK_MM:g} mm (target 1800) once the table is aligned and at standstill, "
        f"and keep it at rest there for at least {DWELL_S:g} s (the tool works the nest). After each "
        f"index, the slide must set off toward the nest within {APPROACH_WITHIN_S:g} s of "
        f"table_standstill coming on (its distance to the nest shrinking by at least {APPROACH_MM:g} mm "
        "in that time) and go on to the nest in one move at the drive's speed, without stopping or "
        "backing off.\n"
        f"2. Before the table turns, retract the slide to {CLEARANCE_MM:g} mm or less (home, 0 mm, "
        "is fine) and wait until it is there; then give one index pulse to bring the next nest.\n"
        "3. At power-up, first bring the slide back behind the clearance line; if the table is not "
        "aligned, index it to the next station before approaching.\n"
        "4. When the ordered nests are worked, retract the slide behind the clearance line and "
        "switch Cycle done on; keep it on, the slide retracted and the table on its station.\n"
        "Rotation, settle and stroke times differ from run to run: use the signals, not fixed times."),
    io=IO,
    completion=Completion(
        f"The ordered number of different nests, and no more, is worked (each: the enabled slide "
        f"comes in from "
        f"behind the clearance line and rests at {WORK_MM:g} mm, within {WINDOW_MM} mm, over the "
        f"aligned and still table for {DWELL_S:g} s); after that Cycle "
        f"done is on with the slide at rest at or behind {CLEARANCE_MM:g} mm and the table on a station "
        f"for {HOLD_S:g} s without a break. After every index the slide sets off toward the nest within "
        f"{APPROACH_WITHIN_S:g} s of the table's standstill signal, its distance to the nest shrinking by "
        f"at least {APPROACH_MM:g} mm in that time, and goes on to the nest without backing off, arriving "
        f"no later than one move at the drive's own speed and acceleration begun {APPROACH_WITHIN_S:g} s "
        f"after the standstill would, plus {ARRIVE_MARGIN_S:g} s (while nests remain to be worked).",
        _completion,
        keep=_end_state_kept,
        keep_wording=f"Cycle done on, the slide at or behind {CLEARANCE_MM:g} mm and the table on a "
                     "station."),
    safety_rules=(
        SafetyRule("MOT-M14-S1", f"The table must only turn while the slide is at or behind the "
                   f"clearance position ({CLEARANCE_MM:g} mm).",
                   _table_turns_with_slide_in),
        SafetyRule("MOT-M14-S2", f"The slide may only move out past the clearance position "
                   f"({CLEARANCE_MM:g} mm) while the table is aligned at a station and at standstill.",
                   OutOnlyOverAStillTable()),
        SafetyRule("MOT-M14-S3", "Cycle done must only be on once the ordered nests are worked and while "
                   f"the slide is at or behind the clearance position ({CLEARANCE_MM:g} mm).",
                   _early_done),
    ),
    parameters=(
        ParameterRange("nests", 3, 6, "", "nests ordered (given on %IW2)"),
        ParameterRange("index_time_s", 0.6, 2.5, "s", "time the table takes to turn one station"),
        ParameterRange("table_settle_s", 0.05, 0.4, "s", "time from the table stopping to its standstill "
                       "signal"),
        ParameterRange("slide_speed", 80.0, 400.0, "mm/s", "slide drive's speed"),
        ParameterRange("slide_accel", 300.0, 2000.0, "mm/s^2", "slide drive's acceleration"),
        ParameterRange("slide_start_mm", 0.0, 180.0, "mm", "slide position at power-up"),
        ParameterRange("start_station", 1, NESTS, "", "nest at the work position at power-up"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the slide drive reports a stored fault at power-up"),
        ParameterRange("start_offset_deg", -30.0, 0.0, "deg", "how far the table stands past a station "
                       "at power-up (0 = aligned)"),
    ),
    conditions=CONDITIONS,
    # the slowest published cell (6 nests, 2.5 s index, 0.4 s settle, 80 mm/s slide at
    # 300 mm/s^2, starting in the nest over a table between stations) takes the reference 54 s
    time_limit_s=65.0,
    build_plant=build_plant,
    condition_defaults={"start_offset_deg": 0.0, "fault_at_start": 0},
    judged_devices=_judged,
    sampler=sample_condition,
)
