"""MAT-M18 Layer forming with a product turner.

Cartons drop one at a time from a gravity magazine (its gate a cylinder the program opens) onto
the turner belt. A turning pin (sim.devices.turning_pin, NEW) beside the belt's centre line
rises into the path of a carton so that it pivots a quarter turn about the pin; a check
station behind the pin (an eye across the belt and a "wide" eye that only a carton lying
across the belt blocks) tells how the carton lies. A carton lying wrong (a turn that slipped,
or a turn not wanted) is backed up past the lowered pin and sent through again with the pin
up: a second quarter turn makes an unwanted turn right as well. Right cartons run onto the row
belt and queue against its end stop; three make a row, which the pusher shoves onto the layer
table; two rows make a layer, two layers the job. The pattern word says, bit by bit, which
cartons of a layer lie across.

Numbers changed from the catalog: rows of 3 cartons and layers of 2 rows (12 cartons) so a
condition runs in well under the time limit at the slowest belt, including the back-ups.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Cylinder, Pusher, Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.turning_pin import TurningPin
from sim.devices.workpiece import Feeder, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, published_range

ROW, ROWS = 3, 4                    # cartons per row, rows in the job (2 layers of 2 rows)
LAYER = 2 * ROW
CARTONS = ROW * ROWS
LONG, SHORT = 100.0, 60.0           # carton footprint (mm): it arrives lying along the belt
TURNER_LEN, ROW_LEN = 1400.0, 600.0
DROP_AT, PIN_AT, PIN_OFFSET, EYE_PIN_AT, CHECK_AT = 100.0, 650.0, 20.0, 620.0, 800.0
WIDE_ACROSS = 45.0                  # the wide eye looks along the belt this far left of its centre
ENTRY_AT = 260.0                    # the row eye, along the row belt (x = 1660)
PUSH_AT, PLATE = 400.0, 360.0       # pusher centre along the row belt, plate width
STOP_AT = 596.0
PUSH_TURN_S = 0.5                   # the pusher at its end switch must be on its way back within
ROW_PUSH_S = 1.5                    # a complete row must be on its way to the table within
SET_OFF_MM = 10.0


def _carton() -> dict:
    return dict(part_kind="carton", code=1, colour="yellow", material="plastic", height_mm=80.0,
                width=SHORT, length=LONG)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    turner = plant.add(Conveyor("turner", TURNER_LEN / 2, 0, length=TURNER_LEN, width=160,
                                speed=p["belt_speed"], ramp_s=0.1))
    row = plant.add(Conveyor("row_belt", TURNER_LEN + ROW_LEN / 2, 0, length=ROW_LEN, width=160,
                             speed=p["belt_speed"], ramp_s=0.1,
                             guide_gaps=(("left", PUSH_AT - PLATE / 2 - 20, ROW_LEN),)))
    gx, _ = turner.point(DROP_AT)
    plant.add(Cylinder("gate", gx, -260, angle_deg=0, stroke=40, extend_s=0.1, retract_s=0.1))
    schedule = [(0.0, _carton()) for _ in range(CARTONS)]
    plant.add(Feeder("magazine", *turner.point(DROP_AT), schedule, prefix="carton",
                     only_while=("gate", "extended")))
    plant.add(TurningPin.on(turner, "pin", PIN_AT, offset_mm=PIN_OFFSET, stroke_s=p["pin_s"],
                            fails=tuple(p.get("fails", ())), start_up=p.get("pin_up", False)))
    plant.add(PhotoEye.across(turner, "eye_pin", EYE_PIN_AT))
    plant.add(PhotoEye.across(turner, "eye_check", CHECK_AT))
    x0, y0 = turner.point(CHECK_AT - 25, WIDE_ACROSS)
    x1, y1 = turner.point(CHECK_AT - 5, WIDE_ACROSS)
    plant.add(PhotoEye("eye_wide", x0, y0, x1, y1))
    plant.add(PhotoEye.across(row, "eye_row", ENTRY_AT))
    plant.add(Pusher("pusher", *row.point(PUSH_AT, -110), angle_deg=90, stroke=250, plate_width=PLATE,
                     extend_s=p["pusher_s"], retract_s=p["pusher_s"],
                     start_extended=p.get("pusher_out", False)))
    # a fixed end stop: double solenoid with no output wired, so it stays out
    plant.add(Stopper.beside(row, "end_stop", STOP_AT, solenoid="double", start_extended=True))
    x0, _ = row.point(PUSH_AT - PLATE / 2 - 20)
    x1, _ = row.point(ROW_LEN)
    plant.add(Chute("table", x0, 85, x1, 500, label="layer table"))
    plant.add(ValueWord("pattern", p["pattern"], position=turner.point(CHECK_AT, -200), label="pattern"))
    return plant


def expected_turned(index: int, pattern: int) -> bool:
    """Carton `index` (0-based in the order they reach the table) lies across the belt."""
    return bool(pattern >> (index % LAYER) & 1)


def lies_across(part, belt) -> bool:
    a = part.body.angle - math.atan2(belt.uy, belt.ux)
    return abs(math.sin(a)) > math.sqrt(0.5)


class _Cell:
    def __init__(self, plant: Plant):
        self.turner, self.row, self.pusher = plant["turner"], plant["row_belt"], plant["pusher"]
        self.pin, self.table = plant["pin"], plant["table"]
        self.flow = material_flow(plant)
        self.pushed: list[bool] = []        # per carton pushed: lay as the pattern wants
        self.rows_pushed = 0

    def in_sweep(self):
        row = self.row
        rx, ry, ux, uy, half = row.x, row.y, row.ux, row.uy, row.half_length
        side = row.half_width + 10
        out = []
        for part in self.flow.parts:
            x, y = part.xy()
            if abs((x - rx) * ux + (y - ry) * uy + half - PUSH_AT) < PLATE / 2:
                across = (y - ry) * ux - (x - rx) * uy
                if -side < across < side:
                    out.append(part)
        return out


class _Push(judges.Monitor):
    """S1 and S3 on the scan the pusher sets off: a full row of ROW cartons in front of it, and
    each of them lying as the pattern wants for its place in the layer (recorded for the
    completion); and the row belt still whenever the pusher is out."""

    def __init__(self, rule: str):
        self.rule = rule
        self.last: float | None = None

    def check(self, s):
        cell = s.devices
        pos = cell.pusher.position
        last, self.last = self.last, pos
        if self.rule == "S1" and pos > 0.0 and cell.row.velocity != 0.0:
            return f"row belt moving at {abs(cell.row.velocity):.0f} mm/s while the pusher is out"
        if last is None or last > 0.0 or pos <= 0.0:
            return None
        parts = cell.in_sweep()
        if self.rule == "S1":
            if len(parts) != ROW:
                return f"the pusher set off with {len(parts)} cartons in front of it (a row is {ROW})"
            return None
        # S3: the row in front of the pusher, first (downstream) carton first
        first = len(cell.pushed)
        parts.sort(key=lambda q: -q.x)
        msg = None
        for n, part in enumerate(parts):
            want = expected_turned(first + n, s.params["pattern"])
            ok = lies_across(part, cell.row) == want
            cell.pushed.append(ok)
            if not ok and msg is None:
                msg = (f"{part.name} pushed lying {'along' if want else 'across'} the belt; "
                       f"the pattern wants it {'across' if want else 'along'}")
        return msg


def _done(s) -> bool:
    cell = s.devices
    return len(cell.table.collected) >= CARTONS and len(cell.pushed) == CARTONS and all(cell.pushed)


def _at_rest(s) -> bool:
    cell = s.devices
    return (cell.turner.velocity == 0.0 and cell.row.velocity == 0.0 and cell.pusher.position <= 0.0
            and s.plant["pin"].read("down"))


def _pusher_back() -> judges.progress_within:
    def at_end(s) -> bool:
        pusher = s.devices.pusher
        return bool(s.io["pusher_extend"]) and pusher.position >= pusher.stroke
    way = judges.Way("the pusher going back", lambda s: s.devices.pusher.position, by=SET_OFF_MM,
                     until=lambda s: s.devices.pusher.position <= 0.0)
    return judges.progress_within(
        "pusher told back at its end switch", at_end, [way], PUSH_TURN_S,
        late=lambda t: f"the pusher stayed out at its end switch from {t:g} s: not on its way back "
                       f"within {PUSH_TURN_S:g} s")


class _RowReady:
    """True on the scan a row is complete in front of the pusher (ROW cartons in its sweep, all
    of them past the row eye) while the pusher is back: the row is then due on the table."""

    def __init__(self):
        self.was = False

    def __call__(self, s) -> bool:
        cell = s.devices
        # the sweep looked at last: it is the only test that loops over the cartons
        ready = (cell.pusher.position <= 0.0 and not s.io["eye_row"] and len(cell.pushed) < CARTONS
                 and len(cell.in_sweep()) == ROW)
        rising = ready and not self.was
        self.was = ready
        return rising


def _row_on_time() -> judges.progress_within:
    def to_go(s) -> float:
        return s.devices.pusher.stroke - s.devices.pusher.position
    way = judges.Way("the pusher pushing the row", to_go, by=SET_OFF_MM,
                     until=lambda s: s.devices.pusher.position >= s.devices.pusher.stroke)
    return judges.progress_within(
        "a complete row pushed", _RowReady(), [way], ROW_PUSH_S,
        late=lambda t: f"a row lay complete in front of the pusher from {t:g} s but was not on its way "
                       f"to the table within {ROW_PUSH_S:g} s")


AT_REST = "both belts stopped, the pusher fully retracted and the turning pin down"

COMPLETION = Completion(
    f"All {CARTONS} cartons on the layer table in {ROWS} rows of {ROW}, each carton lying as the pattern "
    f"wants for its place in its layer; then {AT_REST}, held for 1 s. On the way: a row lying complete "
    f"in front of the pusher (all {ROW} cartons past the row eye) is on its way to the table within "
    f"{ROW_PUSH_S:g} s (the pusher has moved {SET_OFF_MM:g} mm out and goes on to its end switch), and the "
    f"pusher at its end switch is on its way back within {PUSH_TURN_S:g} s.",
    lambda: judges.watched(
        judges.in_order(judges.event(f"all {CARTONS} cartons on the table, right", _done),
                        judges.held(AT_REST, _at_rest, 1.0)),
        _pusher_back(), _row_on_time(), name="layers formed"),
    keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-M18-S1", f"The pusher sets off only with a full row ({ROW} cartons) in front of it, and "
               "the row belt stands still whenever the pusher is out of its retracted position.",
               _Push("S1")),
    SafetyRule("MAT-M18-S2", "The turning pin moves (up or down) only in a gap: never while a carton lies "
               "over it; and no carton is driven back over a pin that is not fully down.",
               CountGrows(lambda s: len(s.devices.pin.hits), "turning pin struck a carton")),
    SafetyRule("MAT-M18-S3", "No carton is pushed onto the table lying wrong: every carton of a pushed row "
               "lies as the pattern wants for its place in the layer.", _Push("S3")),
]

IO = [
    IOPoint("%IX0.0", "turner_running", "BOOL", "input", "turner", "running", "turner belt motor on"),
    IOPoint("%IX0.1", "row_running", "BOOL", "input", "row_belt", "running", "row belt motor on"),
    IOPoint("%IX0.2", "gate_open", "BOOL", "input", "gate", "extended",
            "magazine gate fully open (a carton drops onto the turner belt when the drop place is clear)"),
    IOPoint("%IX0.3", "gate_closed", "BOOL", "input", "gate", "retracted", "magazine gate fully closed"),
    IOPoint("%IX0.4", "eye_pin", "BOOL", "input", "eye_pin", "blocked",
            f"photo-eye across the turner belt {PIN_AT - EYE_PIN_AT:.0f} mm before the pin, TRUE while a "
            "carton blocks the beam"),
    IOPoint("%IX0.5", "eye_check", "BOOL", "input", "eye_check", "blocked",
            f"check photo-eye across the turner belt at x = {CHECK_AT:.0f}, TRUE while a carton blocks it"),
    IOPoint("%IX0.6", "eye_wide", "BOOL", "input", "eye_wide", "blocked",
            f"width photo-eye at the check station, {WIDE_ACROSS:.0f} mm left of the belt centre: TRUE while "
            "a carton lying ACROSS the belt is at the check eye (a carton lying along never blocks it)"),
    IOPoint("%IX0.7", "eye_row", "BOOL", "input", "eye_row", "blocked",
            "row photo-eye across the row belt just before the pusher, TRUE while a carton blocks it; its "
            "falling edge: that carton lies wholly in front of the pusher"),
    IOPoint("%IX1.0", "pin_up", "BOOL", "input", "pin", "up", "turning pin fully up (end switch)"),
    IOPoint("%IX1.1", "pin_down", "BOOL", "input", "pin", "down", "turning pin fully down (end switch)"),
    IOPoint("%IX1.2", "pusher_retracted", "BOOL", "input", "pusher", "retracted", "pusher fully back"),
    IOPoint("%IX1.3", "pusher_extended", "BOOL", "input", "pusher", "extended",
            "pusher fully out (row on the table)"),
    IOPoint("%IW0", "pattern", "INT", "input", "pattern", "value",
            f"layer pattern: bit k (k = 0..{LAYER - 1}) TRUE = the k-th carton of every layer (counted in "
            "the order they reach the table) lies across the belt", "", f"0..{2 ** LAYER - 1}"),
    IOPoint("%IW1", "row_speed", "INT", "input", "row_belt", "speed_actual", "actual row belt speed", "mm/s",
            "0..300"),
    IOPoint("%QX0.0", "turner_run", "BOOL", "output", "turner", "run", "TRUE runs the turner belt"),
    IOPoint("%QX0.1", "turner_reverse", "BOOL", "output", "turner", "reverse",
            "with turner_run: TRUE runs the turner belt backwards (toward the magazine)"),
    IOPoint("%QX0.2", "row_run", "BOOL", "output", "row_belt", "run", "TRUE runs the row belt forward"),
    IOPoint("%QX0.3", "gate_open_cmd", "BOOL", "output", "gate", "extend",
            "magazine gate valve: TRUE opens, FALSE closes"),
    IOPoint("%QX0.4", "pin_raise", "BOOL", "output", "pin", "raise",
            "turning pin valve (single solenoid): TRUE raises, FALSE lowers"),
    IOPoint("%QX0.5", "pusher_extend", "BOOL", "output", "pusher", "extend",
            "pusher valve (single solenoid): TRUE extends, FALSE retracts"),
]

SPEC = f"""\
Form {ROWS // 2} layers of {LAYER} cartons ({ROWS} rows of {ROW}) on the layer table. Cartons
({LONG:.0f} x {SHORT:.0f} mm) wait in a gravity magazine at the turner belt's infeed; while the
magazine gate is open (gate_open) one drops onto the belt as soon as the drop place is clear,
lying ALONG the belt. The turner belt carries it past the turning pin: a carton that reaches the
pin while it is fully up (pin_up) pivots a quarter turn about it and goes on lying ACROSS the
belt; a second quarter turn puts it along again. A turn may slip: the carton then goes on as it
came. The pin moves only in a gap (rule S2): never while a carton lies over it; eye_pin TRUE
means a carton is coming up to the pin.

At the check station eye_check turns TRUE when a carton's front reaches it; eye_wide, read at
that moment, tells how it lies (TRUE = across). The pattern word says for every carton of a
layer, in the order they reach the table, whether it must lie across (bit k of pattern for the
k-th carton of each layer; the same pattern for both layers). A carton lying wrong is backed
up: stop, run the turner belt backwards until the carton is clear upstream of the pin (it has
passed eye_pin backwards: eye_pin TRUE, then FALSE again) with the pin fully down while it
passes back over the pin, raise the pin (wait for pin_up) and run forward again: it is turned
once more and checked again. A carton lying right runs on to the row belt and queues against
the end stop. When {ROW} cartons of a row have passed the row eye (its falling edge), stop the
row belt, wait for its standstill (row_speed = 0), push the row onto the table within
{ROW_PUSH_S:g} s, retract the pusher at once (on its way back within {PUSH_TURN_S:g} s of its end
switch) and run the row belt again once it is back.
The belt speed, pin and pusher times and which turns slip are not known in advance.

At the start both belts stand still, the gate is closed, the pin may be up and the pusher may be
out. When all {CARTONS} cartons are on the table, stop both belts with the pusher retracted and
the pin down, and keep it so."""

PARAMETERS = [
    ParameterRange("belt_speed", 150, 250, "mm/s", "speed of both belts"),
    ParameterRange("pin_s", 0.1, 0.4, "s", "turning pin stroke time (each way)"),
    ParameterRange("pusher_s", 0.4, 1.0, "s", "pusher stroke time (each way)"),
    ParameterRange("pattern", 0, 2 ** LAYER - 1, "", "layer pattern word"),
    ParameterRange("slips", 0, 3, "turns",
                   "turns of the pin that slip in a run (any of them, re-turns included)"),
]


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = [
    _cond("nominal", 181, "middle speed, alternating pattern, no slip",
          belt_speed=200, pin_s=0.2, pusher_s=0.6, pattern=0b101010, fails=()),
    _cond("slow_slips", 182, "slow belt, slow pin, two turns slip",
          belt_speed=152, pin_s=0.38, pusher_s=0.95, pattern=0b110011, fails=(2, 5)),
    _cond("fast_all_across", 183, "fast belt, every carton across, pin up at the start",
          belt_speed=248, pin_s=0.12, pusher_s=0.45, pattern=0b111111, fails=(1,), pin_up=True),
    _cond("none_across_pusher_out", 184, "no carton across, pusher out at the start, pin up at the start",
          belt_speed=180, pin_s=0.3, pusher_s=0.8, pattern=0, fails=(), pin_up=True, pusher_out=True),
    _cond("slip_twice_running", 185, "the same carton slips twice",
          belt_speed=220, pin_s=0.35, pusher_s=0.5, pattern=0b011100, fails=(3, 4, 9)),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Independent and uniform: belt speed, pin and pusher times, the pattern word. Jointly: 0 to
    3 slipping turns among the catches the pattern needs (its across cartons), so every slip
    happens; pin up at the start one time in three, pusher out one time in four."""
    speed = rng.randint(*map(int, _range("belt_speed")))
    pin_s = round(rng.uniform(*_range("pin_s")), 2)
    pusher_s = round(rng.uniform(*_range("pusher_s")), 2)
    pattern = rng.randint(*map(int, _range("pattern")))
    turns = 2 * bin(pattern).count("1")
    fails = tuple(sorted(rng.sample(range(1, turns + 1), min(turns, rng.randint(0, 3))))) if turns else ()
    params = dict(belt_speed=speed, pin_s=pin_s, pusher_s=pusher_s, pattern=pattern, fails=fails)
    notes = []
    if rng.random() < 1 / 3:
        params["pin_up"] = True
        notes.append("pin up")
    if rng.random() < 1 / 4:
        params["pusher_out"] = True
        notes.append("pusher out")
    description = f"{speed} mm/s, pattern {pattern:06b}, slips {list(fails)}"
    description += "".join(f"; {n}" for n in notes)
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The turner belt (1400 x 160 mm) runs along x from x = 0 to 1400 at y = 0,
cartons travelling toward +x; the row belt (600 x 160) continues it from x = 1400 to 2000. The
magazine drops cartons at x = {DROP_AT:.0f}; eye_pin at x = {EYE_PIN_AT:.0f}; the turning pin at
x = {PIN_AT:.0f}, {PIN_OFFSET:.0f} mm left of the centre line; the check eyes at x = {CHECK_AT:.0f};
the row eye at x = {TURNER_LEN + ENTRY_AT:.0f}; the pusher (plate {PLATE:.0f} mm wide, centred at
x = {TURNER_LEN + PUSH_AT:.0f}) on the right pushes toward +y onto the layer table; the end stop at
x = {TURNER_LEN + STOP_AT:.0f}."""

TASK = Task(
    id="MAT-M18", title="Layer forming with a product turner", suite="MAT", level="M",
    summary="Turn cartons per a pattern with a turning pin, check each, back up and re-turn a failure, "
            "gather rows and push them onto a layer table.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
