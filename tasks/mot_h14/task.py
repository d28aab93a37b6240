"""MOT-H14 Restart from an interrupted cycle.

A 6-nest rotary dial carries one bushing per nest. A servo press ram (sim.devices.force_axis)
stands over the nest at the press station, a pneumatic probe (sim.devices.pneumatics.Cylinder)
over the nest one station before it (that nest reaches the press at the next index). The cycle
was interrupted: some parts are already pressed, the controller's retained step word says how
many nests the last cycle had pressed, but it may be stale. The program must find the machine's
state from its sensors (ram possibly down on a part, probe possibly down, dial possibly between
stations), bring ram and probe up before the dial turns, then probe and press so that each of
the six parts is pressed exactly once, and finish with everything up and the Done lamp on.
The probe and the press are two jobs sharing the dial: each is judged on its own by progress
(the probe down within its window of the dial's standstill on a part not yet probed, the ram
setting off toward a part known to need pressing within its window).

Changes from the catalog entry, and why:
- The catalog's X axis, Z cylinder and gripper (a pick-and-place) are left out: the skill is
  reading the state, retreating in order and pressing each part once; the probe cylinder is
  the Z that must be up before the dial turns. The press and probe share the dial (two jobs,
  one resource): neither may hold the dial up beyond its window.
- The part seats at 8 kN (stated); S4 forbids more than 10 kN, so the drive's force limit must
  be set; S3 counts every rise of the force above 2 kN on a part as a press of it.
- A program written blind from the first version of the prompt passed all five conditions, so
  honest plant behaviour was added and stated: a stored ram drive fault at power-up, drive
  trips on the way down to a part (while the probe job goes on), a press deadline of 8 s per
  part, a 0.5 s window for the dial once both jobs are done and a 5 s deadline for step 1; a
  miss ends the run (tasks.common.MissEndsTheRun), so a hung or deadlocked program fails there.
- Round 2 of "Hard must be hard": a program written blind from the prompt (correct/prompt_only.st)
  earned 1 and passed 300 sampled conditions (seed 11) and hand-built corners, but the corner with
  every range at its slow end and six parts to press (all_slow) made the first reference miss the
  40 s time limit: it lifted to the top and waited there after each press. The reference now lifts
  to 17 mm and lets the dial go once the ram is clear (done at 35.6 s there); the old one is kept as
  counterexamples/waits_at_top.st and all_slow is registered (a stated time budget at its corner).
  The specification now states what must hold rather than how: the hint for the force limit, the
  reset procedure, "bring it round to the probe" and "use the signals" are gone; the reset's plant
  facts (a stored fault clears at once, a trip 0.5 to 1.5 s after it) and that the windows hold
  during a fault are stated.
- The published start offset (-30 .. 0 deg) took in a dial stopped inside the 1.5 deg alignment
  band but off its station: table_aligned on, yet the probe cannot read a part there and a part
  does not seat (sim.devices.press_fit works on a dial exactly on a station), so every program,
  the reference too, pressed a part twice there. The sampler never drew it (0 or -30 .. -3); the
  prompt now states that guarantee with the range.
"""

from __future__ import annotations

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.force_axis import ForceAxis
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.press_fit import PressFitDial
from sim.devices.rotary import RotaryTable
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, store_drive_fault

NESTS = 6
CONTACT_MM = 100.0       # an unpressed part's top under the ram
SEAT_MM = 3.0            # a pressed part's top is this much lower
SEAT_N = 8000.0          # the part seats once the ram pushes this hard
TOUCH_N = 2000.0         # a press of a part: the force rising above this
MAX_N = 10000.0          # S4
CLEAR_MM = 20.0          # ram at or above this (position <= 20 mm) is clear of the dial
WINDOW_MM = 0.5
PROBE_WITHIN_S = 0.6     # probe sets off down within this of the dial's standstill
PRESS_WITHIN_S = 0.6     # ram sets off toward a part that needs pressing within this
SET_OFF_MM = 5.0
PRESS_DEADLINE_S = 8.0   # ... and the part pressed within this (a drive trip and its reset fit)
UP_WITHIN_S = 5.0        # ram and probe up within this of power-up
INDEX_WITHIN_S = 0.5     # the dial sets off within this once both jobs at a standstill are done
TRIP_AT_MM = 50.0
HOLD_S = 1.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    center = (600.0, 330.0)
    table = plant.add(RotaryTable(
        "table", center=center, radius_mm=200.0, stations=NESTS, index_time_s=p["index_time_s"],
        settle_s=p["table_settle_s"], align_tolerance_deg=1.5, start_station=p["start_station"],
        start_offset_deg=p["start_offset_deg"], work_angle_deg=180.0, nest_radius_mm=150.0,
        label="dial"))
    ram = plant.add(ForceAxis(
        "ram", origin=(300.0, 560.0), angle_deg=-90.0, limit_minus_mm=-5.0, limit_plus_mm=140.0,
        rail_min_mm=-30.0, rail_max_mm=140.0, home_mm=0.0, start_mm=p["ram_start_mm"],
        max_speed=p["ram_speed"], accel=p["ram_accel"], window_mm=WINDOW_MM, settle_s=0.05,
        contact_mm=CONTACT_MM, stiffness=p["stiffness_kn_mm"] * 1000.0, force_lag_s=0.02,
        carriage_length_mm=50.0, carriage_width_mm=90.0, rail_width_mm=30.0, label="press ram"))
    probe = plant.add(Cylinder(
        # over the nest one station on from the press (at 240 deg), pointing in at it
        "probe", 600.0 - 220.0 * 0.5, 330.0 - 220.0 * 0.866, angle_deg=60.0, stroke=60.0,
        extend_s=p["probe_s"], retract_s=p["probe_s"], solenoid="single",
        start_extended=bool(p["probe_down_at_start"])))
    pressed = [k for k in range(1, NESTS + 1) if p["pressed_mask"] & (1 << (k - 1))]
    plant.add(PressFitDial("dial_log", table, ram, probe, pressed_at_start=pressed, contact_mm=CONTACT_MM,
                           seat_mm=SEAT_MM, seat_n=SEAT_N, touch_n=TOUCH_N, clear_mm=CLEAR_MM,
                           trip_on_approach=p["trip_on_approach"], trip_at_mm=TRIP_AT_MM,
                           trip_hold_s=p["trip_hold_s"], position=(820.0, 600.0)))
    if p["fault_at_start"]:
        store_drive_fault(ram)
    plant.add(ValueWord("step_word", p["step_word"], position=(560.0, 600.0), label="retained step"))
    plant.add(Lamp("done_lamp", x=420.0, y=600.0, label="Done", color="green"))
    return plant


def _judged(plant: Plant):
    return (plant.device("ram", ForceAxis), plant.device("table", RotaryTable),
            plant.device("probe", Cylinder), plant.device("dial_log", PressFitDial))


# --- judges -------------------------------------------------------------------------------

def _all_pressed(s) -> bool:
    return all(s.devices[3].pressed)


def _up(s) -> bool:
    ram, _, probe, _ = s.devices
    return ram.pos <= CLEAR_MM and probe.read("retracted")


def _finished(s) -> bool:
    ram, table, _, log = s.devices
    return (_all_pressed(s) and _up(s) and ram.vel == 0.0 and table.exactly_aligned
            and bool(s.io["done"]))


def _probe_prompt():
    """Job 1, the probe: after the dial stands still with a part not yet probed under the probe,
    the probe rod sets off down within PROBE_WITHIN_S (from power-up: once ram and probe have
    been up together, step 1 of the specification) (its distance to the part shrinking by
    SET_OFF_MM) and goes on down to it. Judged by progress (sim.judges.progress_within)."""
    def cause(s):
        _, table, _, log = s.devices
        k = log.nest_at_probe()
        return (log.cleared and table.standstill and k > 0 and not log.probed[k - 1]
                and not _all_pressed(s))

    def to_part(s):
        pr = s.devices[2]
        return pr.stroke - pr.position

    return judges.progress_within(
        "the probe goes down onto an unprobed part", cause=cause,
        ways=[judges.Way("the probe", to_part, by=SET_OFF_MM, until=lambda s: to_part(s) <= 0.5)],
        within_s=PROBE_WITHIN_S, excused=_all_pressed,
        late=lambda t: (f"the dial stood still from {t:g} s with an unprobed part under the probe, but the "
                        f"probe had not set off down {PROBE_WITHIN_S:g} s later"))


def _press_prompt():
    """Job 2, the press: after the dial stands still with a part under the ram that has been
    probed and is not pressed, the ram sets off down toward it within PRESS_WITHIN_S (its
    distance to the part shrinking by SET_OFF_MM), goes on without backing off, and the part is
    pressed within PRESS_DEADLINE_S of the standstill (a ram drive trip and its reset fit in;
    a press job that hangs fails there, not at the time limit)."""
    def cause(s):
        _, table, _, log = s.devices
        k = log.nest_at_press()
        return log.cleared and table.standstill and k > 0 and log.probed[k - 1] and not log.pressed[k - 1]

    nest = [0]

    def cause_and_nest(s):
        on = cause(s)
        if on:
            nest[0] = s.devices[3].nest_at_press()
        return on

    def pressed_now(s):
        return nest[0] > 0 and s.devices[3].pressed[nest[0] - 1]

    def to_part(s):
        # to the unpressed part's top (fixed: a part that snaps home under the ram is no backing off)
        return max(0.0, CONTACT_MM - s.devices[0].pos)

    return judges.progress_within(
        "the ram sets off toward a probed part that needs pressing", cause=cause_and_nest,
        ways=[judges.Way("the ram", to_part, by=SET_OFF_MM, until=pressed_now,
                         arrive_s=lambda s: PRESS_DEADLINE_S)],
        within_s=PRESS_WITHIN_S, excused=_all_pressed,
        late=lambda t: (f"the dial stood still from {t:g} s with a probed unpressed part under the ram, "
                        f"but the ram had not set off toward it {PRESS_WITHIN_S:g} s later"))


def _work_here_done(s) -> bool:
    _, table, _, log = s.devices
    k, p = log.nest_at_press(), log.nest_at_probe()
    return (k > 0 and log.probed[p - 1] and (not log.probed[k - 1] or log.pressed[k - 1]))


def _index_prompt():
    """The shared dial: once both jobs at a standstill are done (the part under the probe
    probed, the part under the ram pressed or not yet probed) with ram and probe up, the dial
    sets off within INDEX_WITHIN_S (its index count going up), until all are pressed. Two jobs
    waiting on each other with their work done fail here, by a stated deadline."""
    def cause(s):
        _, table, _, log = s.devices
        return log.cleared and table.standstill and _up(s) and _work_here_done(s) and not _all_pressed(s)

    def turns_to_go(s):
        table = s.devices[1]
        return -(table.index_count + (1 if table.rotating else 0))

    return judges.progress_within(
        "the dial indexes once both jobs are done", cause=cause,
        ways=[judges.Way("the dial", turns_to_go, by=1.0)], within_s=INDEX_WITHIN_S, excused=_all_pressed,
        late=lambda t: (f"from {t:g} s the probe and press jobs were done with ram and probe up, but the "
                        f"dial had not set off {INDEX_WITHIN_S:g} s later"))


def _up_at_power_up():
    """Step 1 has a deadline: ram and probe up together within UP_WITHIN_S of power-up (a stored
    fault cleared on the way), so a program stuck there fails by it, not by the time limit."""
    return judges.progress_within(
        "ram and probe up after power-up", cause=lambda s: True,
        ways=[judges.Way("ram and probe", lambda s: 0.0 if s.devices[3].cleared else 1.0, by=1.0)],
        within_s=UP_WITHIN_S, excused=lambda s: s.devices[3].cleared,
        late=lambda t: f"ram and probe were not both up {UP_WITHIN_S:g} s after power-up")


def _completion():
    return MissEndsTheRun(judges.watched(judges.in_order(
        judges.event("all six parts pressed", _all_pressed),
        judges.held("Done on with ram and probe up and the dial on a station", _finished, HOLD_S),
    ), _up_at_power_up(), _probe_prompt(), _press_prompt(), _index_prompt(),
        name="each part pressed once, probe, press and dial prompt"))


def _dial_turns_with_tool_down(s):
    ram, table, probe, _ = s.devices
    if table.rotating and ram.pos > CLEAR_MM:
        return f"the dial turned with the ram at {ram.pos:.1f} mm (clear at {CLEAR_MM:g} mm or above)"
    if table.rotating and not probe.read("retracted"):
        return "the dial turned with the probe not fully up"
    return None


class DownOnlyOverAStillDial(judges.Monitor):
    """S2 every scan: the ram moving down past CLEAR_MM, or the probe rod moving out, while the
    dial is not aligned at a station and at standstill (judged from positions)."""

    def __init__(self):
        self.prev: tuple[float, float] | None = None

    def check(self, s):
        ram, table, probe, _ = s.devices
        prev, now = self.prev, (ram.pos, probe.position)
        self.prev = now
        if prev is None or (table.aligned and table.standstill):
            return None
        if now[0] > CLEAR_MM and now[0] > prev[0] + 1e-6:
            return f"the ram moved down to {now[0]:.1f} mm while the dial was not aligned and still"
        if now[1] > prev[1] + 1e-6:
            return "the probe moved down while the dial was not aligned and still"
        return None


class NoSecondPress(judges.Monitor):
    """S3: a part is pressed at most once (the ram's force rising above TOUCH_N on a part counts
    as one press; a part pressed before power-up has had its press)."""

    def __init__(self):
        self.start: list[int] | None = None

    def check(self, s):
        log = s.devices[3]
        if self.start is None:
            self.start = [1 if p else 0 for p in log.pressed]
        for k, n in enumerate(log.presses):
            if self.start[k] + n > 1:
                return f"the part in nest {k + 1} was pressed a second time"
        return None


def _over_force(s):
    f = s.devices[0].force_n
    return f"the ram pushed {f / 1000:.2f} kN (at most {MAX_N / 1000:g} kN)" if f > MAX_N else None


def _early_done(s):
    if s.io["done"] and not (_all_pressed(s) and _up(s)):
        return "Done on before all six parts were pressed with ram and probe up"
    return None


# --- conditions ------------------------------------------------------------------------------

CONDITIONS = (
    Condition.of("fresh_restart", 1401, "nests 1-2 pressed, word 2 (true), all up, dial on station 3",
                 pressed_mask=0b000011, step_word=2, start_station=3),
    Condition.of("ram_on_part", 1402, "ram resting on an unpressed part, 3 pressed, stale word 2, "
                 "drive fault "
                 "stored",
                 pressed_mask=0b000111, step_word=2, start_station=4, ram_start_mm=100.02,
                 ram_speed=120.0, stiffness_kn_mm=40.0, fault_at_start=1),
    Condition.of("probe_down_between", 1403, "probe down, dial 15 deg off station, word says 4 but 1 "
                 "pressed, "
                 "ram drive trips on its 2nd way down",
                 pressed_mask=0b000001, step_word=4, start_station=2, start_offset_deg=-15.0,
                 probe_down_at_start=1, index_time_s=1.6, probe_s=0.8, trip_on_approach=2,
                 trip_hold_s=1.5),
    Condition.of("scattered", 1404, "nests 2, 4, 5 pressed, word 0, fast dial, slow soft ram tripping on its "
                 "first way down",
                 pressed_mask=0b011010, step_word=0, start_station=1, index_time_s=0.5,
                 table_settle_s=0.05, ram_speed=60.0, ram_accel=300.0, stiffness_kn_mm=5.0, probe_s=0.2,
                 trip_on_approach=1, trip_hold_s=0.5),
    Condition.of("none_pressed_ram_mid", 1405, "nothing pressed, word 5 stale, ram half way down, probe down",
                 pressed_mask=0, step_word=5, start_station=6, ram_start_mm=55.0, probe_down_at_start=1,
                 ram_speed=250.0, ram_accel=2000.0, stiffness_kn_mm=60.0),
    # the time budget at the slow end of every range: six parts to press, the ram on the first
    # with a stored fault, the probe down, and the slowest dial, settle, probe and ram; a tight
    # program finishes in about 38 s of the 40, one that lifts to the top and waits there does not
    Condition.of("all_slow", 1406, "nothing pressed, word 5 stale, ram on the part with a stored fault, "
                 "probe down, slowest dial, probe and ram, a trip on the 3rd way down",
                 pressed_mask=0, step_word=5, start_station=1, ram_start_mm=100.02, probe_down_at_start=1,
                 index_time_s=1.6, table_settle_s=0.3, ram_speed=60.0, ram_accel=300.0, stiffness_kn_mm=5.0,
                 probe_s=0.8, fault_at_start=1, trip_on_approach=3, trip_hold_s=1.5),
)


def sample_condition(rng) -> dict:
    """One condition from the published ranges. Drawn jointly: the pressed set (any of the 63
    subsets but all six), the retained word (the true count 1 time in 3, else any 0..5), the ram's
    start (home, part way, or resting on the part under it: just past that part's top, so it
    rests there with little force). A drive trip on the 1st to 3rd way down 3 times in 5 (a
    run with fewer parts to press than that has none), a stored fault 1 time in 4."""
    mask = rng.randint(0, 62)
    count = bin(mask).count("1")
    word = count if rng.random() < 1 / 3 else rng.randint(0, 5)
    station = rng.randint(1, NESTS)
    offset = 0.0 if rng.random() < 0.6 else round(rng.uniform(-30.0, -3.0), 1)
    r = rng.random()
    if r < 0.4:
        ram_start = 0.0
    elif r < 0.7:
        ram_start = round(rng.uniform(0.0, 95.0), 1)
    else:
        under = station - 1
        ram_start = CONTACT_MM + (SEAT_MM if mask & (1 << under) else 0.0) + 0.02
    if offset and ram_start > CLEAR_MM:
        ram_start = round(rng.uniform(0.0, CLEAR_MM), 1)   # a ram in the part holds the dial on it
    params = {
        "pressed_mask": mask, "step_word": word, "start_station": station, "start_offset_deg": offset,
        "ram_start_mm": ram_start, "probe_down_at_start": int(rng.random() < 0.3 and not offset),
        "index_time_s": round(rng.uniform(0.5, 1.6), 2), "table_settle_s": round(rng.uniform(0.05, 0.3), 2),
        "ram_speed": round(rng.uniform(60.0, 250.0)), "ram_accel": round(rng.uniform(300.0, 2000.0)),
        "stiffness_kn_mm": round(rng.uniform(5.0, 60.0), 1), "probe_s": round(rng.uniform(0.2, 0.8), 2),
        "fault_at_start": int(rng.random() < 0.25),
        "trip_on_approach": 0 if rng.random() < 0.4 else rng.randint(1, 3),
        "trip_hold_s": round(rng.uniform(0.5, 1.5), 2),
    }
    return {"params": params, "description": f"pressed {mask:06b}, word {word}, ram at {ram_start:g} mm"}


IO = (
    IOPoint("%IX0.0", "ram_ready", "BOOL", "input", "ram", "ready",
            "TRUE when the ram drive is enabled and has no fault"),
    IOPoint("%IX0.1", "ram_in_position", "BOOL", "input", "ram", "in_position",
            f"TRUE when the ram is within {WINDOW_MM} mm of its target and at rest (never while stalled on "
            "the force limit)"),
    IOPoint("%IX0.2", "ram_at_force_limit", "BOOL", "input", "ram", "at_force_limit",
            "TRUE while the ram is stopped by its force limit (pushing on a part as hard as the limit)"),
    IOPoint("%IX0.3", "table_aligned", "BOOL", "input", "table", "aligned",
            "TRUE while the dial is within 1.5 deg of a station (comes on while it still creeps in)"),
    IOPoint("%IX0.4", "table_standstill", "BOOL", "input", "table", "standstill",
            "TRUE once the dial has been still for its settle time"),
    IOPoint("%IX0.5", "table_rotating", "BOOL", "input", "table", "rotating", "TRUE while the dial turns"),
    IOPoint("%IX0.6", "probe_up", "BOOL", "input", "probe", "retracted",
            "TRUE while the probe is fully up"),
    IOPoint("%IX0.7", "probe_down", "BOOL", "input", "probe", "extended",
            "TRUE while the probe is fully down"),
    IOPoint("%IX1.0", "probe_pressed", "BOOL", "input", "dial_log", "probe_pressed",
            "TRUE while the probe is fully down on a part that is already pressed (FALSE on an unpressed "
            "part or while not fully down)"),
    IOPoint("%IX1.1", "ram_fault", "BOOL", "input", "ram", "fault",
            "TRUE while the ram drive has a latched fault (it then stops and ignores moves; cleared by a "
            "rising edge on ram_reset once the cause has gone)"),
    IOPoint("%IW0", "ram_position", "INT", "input", "ram", "position",
            "Ram position, 0 = top, positive down", "0.1 mm", "-300..1400"),
    IOPoint("%IW1", "ram_force", "INT", "input", "ram", "force", "Ram force on the part (load cell)", "N",
            "0..30000"),
    IOPoint("%IW2", "table_station", "INT", "input", "table", "station",
            f"Nest at the press station while aligned (1..{NESTS}); 0 between stations", "", f"0..{NESTS}"),
    IOPoint("%IW3", "step_word", "INT", "input", "step_word", "value",
            "Retained step of the interrupted cycle: how many nests it had pressed (may be stale)", "",
            "0..5"),
    IOPoint("%QX0.0", "ram_enable", "BOOL", "output", "ram", "enable",
            "TRUE enables the ram drive (FALSE: it brakes to a stop)"),
    IOPoint("%QX0.1", "ram_start", "BOOL", "output", "ram", "start",
            "Rising edge starts a ram move to ram_target (ignored while disabled)"),
    IOPoint("%QX0.2", "table_index", "BOOL", "output", "table", "index",
            "Rising edge turns the dial forward one station (ignored while it turns)"),
    IOPoint("%QX0.3", "probe_lower", "BOOL", "output", "probe", "extend",
            "TRUE lowers the probe, FALSE lifts it (spring return)"),
    IOPoint("%QX0.4", "done", "BOOL", "output", "done_lamp", "on", "Done lamp"),
    IOPoint("%QX0.5", "ram_reset", "BOOL", "output", "ram", "reset",
            "Rising edge clears a latched ram drive fault (ignored while its cause lasts)"),
    IOPoint("%QW0", "ram_target", "INT", "output", "ram", "target",
            "Target of the next ram move, taken at the ram_start edge", "0.1 mm", "0..1300"),
    IOPoint("%QW1", "ram_force_limit", "INT", "output", "ram", "force_limit",
            "The ram drive's force limit (0 = the drive's own maximum, 30 kN): the ram stops where it "
            "pushes this hard", "N", "0..30000"),
)

TASK = Task(
    id="MOT-H14", title="Restart from an interrupted cycle", suite="MOT", level="H",
    summary="Restart an interrupted press-fit cycle on a 6-nest dial: find the state from the sensors, "
            "bring ram and probe up, probe every part and press each unpressed one exactly once.",
    plant_description=(
        f"A rotary dial with {NESTS} nests (60 deg apart) turns forward one station per index pulse; a cam "
        "drive makes it creep in, so table_aligned comes on before it is still and table_standstill only "
        "after it settled. Each nest holds one bushing. A servo press ram stands over the nest at the "
        f"press station (table_station names it): an unpressed part's top is at {CONTACT_MM:g} mm, a "
        f"pressed one's {SEAT_MM:g} mm lower; the part is stiff (5 to 60 kN/mm, not told). A pneumatic "
        "probe stands over the nest one station before the press: that nest comes under the ram at the "
        "next index (after station k the press sees nest k+1, after 6 nest 1). The last cycle was "
        "interrupted: some parts (any, none or most) are pressed already; the ram may be resting on a "
        "part or part way down, the probe may be down, the dial may have stopped between stations. "
        "The retained step word is what the controller held when it stopped; it may be stale."),
    specification=(
        f"1. Power-up: before the dial turns or ram or probe go down, the ram must be at or above "
        f"{CLEAR_MM:g} mm (position <= {CLEAR_MM:g} mm; 0 is the top) and the probe fully up, both "
        f"within {UP_WITHIN_S:g} s of power-up. From between stations an index pulse turns the dial "
        "on to the next station ahead.\n"
        "2. Probe: fully down on a part (dial aligned and at standstill), probe_pressed tells whether "
        "that part is already pressed. After each standstill with a part not yet probed under the "
        f"probe, the probe must set off down within {PROBE_WITHIN_S:g} s (at power-up: of the moment "
        "ram and probe are first both up with the dial still on a station) and go on down to it, "
        "whatever the ram is doing.\n"
        f"3. Press: a part that needs pressing (probed, not pressed) is pressed at the press station "
        f"by the ram: it seats (snaps {SEAT_MM:g} mm down) once the force on it reaches "
        f"{SEAT_N / 1000:g} kN, and a ram moving on down follows it to where its force limit stops it. "
        f"The ram must never push more than {MAX_N / 1000:g} kN. A part pressed before power-up, or "
        f"already pressed by you, must not be pressed again (no force above {TOUCH_N / 1000:g} kN on "
        "it). After each standstill that brings a probed, unpressed part under the ram, the ram must "
        f"set off toward it within {PRESS_WITHIN_S:g} s (its distance shrinking by {SET_OFF_MM:g} mm) "
        f"and go on to it, and that part must be pressed within {PRESS_DEADLINE_S:g} s of the "
        "standstill.\n"
        "4. The dial turns only with the ram at or above the clear height and the probe fully up. Once "
        "both jobs are done at a standstill (the part under the probe probed, the part under the ram "
        f"pressed, or not yet probed) with ram and probe up, the dial must set off within "
        f"{INDEX_WITHIN_S:g} s.\n"
        "5. The ram drive may come up with a stored fault, and it may trip on its way down to a part "
        "(ram_fault TRUE: it brakes to a stop and drops its move). A rising edge on ram_reset clears "
        "the fault once its cause has gone: a stored fault at once, a trip from 0.5 to 1.5 s after "
        "it; edges before that are ignored. The windows and deadlines of steps 2 to 4 hold all the "
        "same.\n"
        "6. When all six parts are pressed, ram and probe up and the dial on a station, switch Done on "
        "and keep it on with everything so.\n"
        "The part under the ram at power-up has not been probed. Travel, settle and index times "
        "differ from run to run (see the ranges)."),
    io=IO,
    completion=Completion(
        "All six parts are pressed (each exactly once: the ones pressed before power-up are not pressed "
        f"again); then Done is on with the ram at rest at or above {CLEAR_MM:g} mm, the probe fully up and "
        f"the dial on a station for {HOLD_S:g} s. The probe, the press and the dial each meet their windows "
        "(steps 2 to 4) until all parts are pressed; a missed window ends the run.",
        _completion, keep=_finished,
        keep_wording=f"Done on, ram at rest at or above {CLEAR_MM:g} mm, probe up, dial on a station."),
    safety_rules=(
        SafetyRule("MOT-H14-S1", f"The dial must only turn while the ram is at or above the clear height "
                   f"({CLEAR_MM:g} mm) and the probe is fully up.", _dial_turns_with_tool_down),
        SafetyRule("MOT-H14-S2", f"The ram must not move down past {CLEAR_MM:g} mm, nor the probe move "
                   "down, unless the dial is aligned at a station and at standstill.",
                   DownOnlyOverAStillDial()),
        SafetyRule("MOT-H14-S3", f"No part may be pressed twice (force above {TOUCH_N / 1000:g} kN on a "
                   "part that is already pressed).", NoSecondPress()),
        SafetyRule("MOT-H14-S4", f"The ram must never push more than {MAX_N / 1000:g} kN.", _over_force),
        SafetyRule("MOT-H14-S5", "Done must only be on once all six parts are pressed with ram and probe "
                   "up.", _early_done),
    ),
    parameters=(
        ParameterRange("pressed_mask", 0, 62, "", "which nests are pressed at power-up (bit k-1 = nest k)"),
        ParameterRange("step_word", 0, 5, "", "retained step word"),
        ParameterRange("start_station", 1, NESTS, "", "nest at the press station at power-up"),
        ParameterRange("start_offset_deg", -30.0, 0.0, "deg", "dial off station at power-up: 0 (on "
                       "the station) or 3 to 30 deg short of it, never inside the alignment band off it"),
        ParameterRange("ram_start_mm", 0.0, 103.02, "mm", "ram position at power-up"),
        ParameterRange("probe_down_at_start", 0, 1, "", "1 = probe down at power-up"),
        ParameterRange("index_time_s", 0.5, 1.6, "s", "time to index one station"),
        ParameterRange("table_settle_s", 0.05, 0.3, "s", "dial settle time"),
        ParameterRange("ram_speed", 60.0, 250.0, "mm/s", "ram speed"),
        ParameterRange("ram_accel", 300.0, 2000.0, "mm/s^2", "ram acceleration"),
        ParameterRange("stiffness_kn_mm", 5.0, 60.0, "kN/mm", "part stiffness"),
        ParameterRange("probe_s", 0.2, 0.8, "s", "probe stroke time"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the ram drive comes up with a stored fault"),
        ParameterRange("trip_on_approach", 0, 3, "", "the ram drive trips on its n-th way down onto an "
                       "unpressed part (0 = never)"),
        ParameterRange("trip_hold_s", 0.5, 1.5, "s", "after a trip, resets are ignored this long"),
    ),
    conditions=CONDITIONS,
    # the slowest sampled run takes the reference 30 s (6 presses, slow dial and ram, trips)
    time_limit_s=40.0,
    build_plant=build_plant,
    condition_defaults={"start_offset_deg": 0.0, "probe_down_at_start": 0, "ram_start_mm": 0.0,
                        "index_time_s": 1.0, "table_settle_s": 0.1, "ram_speed": 150.0, "ram_accel": 1000.0,
                        "stiffness_kn_mm": 20.0, "probe_s": 0.4, "fault_at_start": 0, "trip_on_approach": 0,
                        "trip_hold_s": 1.0},
    judged_devices=_judged,
    sampler=sample_condition,
)
