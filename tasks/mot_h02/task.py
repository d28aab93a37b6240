"""MOT-H02 Rotary dial with concurrent stations.

An 8-nest indexing dial carries parts past four stations at once: a load station where an
operator puts parts in by hand through a light curtain, a servo press, a servo drill and an
unload pusher with a reject gate. Each station is its own job on the same dial (the shared
resource): per stop every station that has work starts at once (within 0.3 s of standstill,
so stations run in series are late), empty nests are skipped, a part whose drill stalls is
recovered from (reset, retract, within 0.5 s) and sent to the reject chute, and the dial
indexes within 0.3 s once every station is clear (a program whose stations wait on each other
fails at that deadline, not at the time limit). Each job is judged on its own: a station
starved of its parts misses its own set-off deadline.

Departures from the catalog, and why:
- The unload is a pusher with a reject gate (two Cylinders) instead of a gripper on a
  cylinder: the catalog's point is the destination of each part (good to the outfeed, rejects
  to the chute), which the gate states at one pair of end switches.
- Hard (issue 13: a careful program written blind must usually fail a condition) through
  plant behaviour the prompt states: the operator loads at irregular times and only while the
  Load lamp is lit, and the curtain reports them up to 60 ms after they step in (so the lamp
  must be off that long before an index edge); parts left on the dial at power-up are not
  worked (one under the drill must not be drilled, one at the unload must ride on round); a
  drill stall arrives while the press works its part; the gate must be set before the pusher
  must set off.
- 8 parts in every condition (parts at power-up plus the operator's), 1-2 of them stalling.

Round 2 (the program written blind from that prompt, now counterexamples/prompt_only.st, earned 1
and passed every sampled condition): a published corner, and requirements instead of procedure.
The corner is a heavy reject gate on a quick dial: gate_s now spans 0.2-1.2 s (a heavy flap; the
sampler draws it all), and heavy_gate_quick_dial registers the slowest gate with the quickest dial,
settle and pusher and rejects in neighbouring nests. The old prompt said how: "set the gate for the
coming part while the dial turns". A gate started at the index has the turn, the settle and the
pusher's 0.3 s set-off time, 0.95 s at the corner, for a 1.2 s swing: a program that waits for the
gate end switch sets the pusher off late (spec 2), one that pushes anyway sends the part the wrong
way (S3). The plant facts that decide it are all stated (the gate's time, where a part goes at the
pusher's full stroke, the dial's times, the set-off deadline, the positions of the nests); a
thoughtful program sets the gate for the next finished part as soon as the last one is off the
nest, which leaves the gate at least the pusher's stroke back, the turn, the settle and the set-off
time (1.25 s and more: the reference's pusher sets off 0.15 s after the standstill there, and
second_correct.st's too). The prompt lost its procedure too: how to press and drill (now: when a
part counts as pressed or drilled), how to recover a stall (now: the feed sets off back within
0.5 s; the fault and its reset are in the I/O map), how to load ("light the lamp ... switch it off
before an index and let the curtain have its response time": now the operator's and the curtain's
behaviour are plant facts and S1 is the rule) and what to do at power-up (now: every rule holds
from the first scan, the dial's standstill at power-up counting from 0 s).

A second corner, of power-up: press_out_over_a_part_at_power_up puts the press, faulted, 50 mm out
over an unworked part (the sampler draws the press out over a part about one time in 16; no
registered condition had it). That part is the press's work from the first scan, so the ram must go
on in from where it stands; a program that brings every tool home before it starts its cycle (the
old item 7 read "at power-up bring the press and the drill back behind 20 mm ... before the first
index") sets the press off late (counterexamples/homes_before_working.st).

One judge changed, to keep a published start fair: a press that stands at power-up within 0.5 mm of
60 mm over an unworked part (press_start_mm is published up to 60) could not close its distance by
5 mm and failed whatever the program did; a tool already within 0.5 mm of its work position has now
arrived (the prompt says so). Nothing else the judges enforce changed.

Sampled conditions (sample_condition) draw every parameter over its published range; the
operator's arrival times are drawn as gaps (jointly: the parts at power-up and the operator's
make 8).
"""

from __future__ import annotations

from sim import judges
from sim.devices.axis import Axis
from sim.devices.dial_cell import DRILL, LOAD, PRESS, UNLOAD, DialCell, DialPart
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.rotary import RotaryTable
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, store_drive_fault, table_index_way

NESTS = 8
PARTS = 8
PRESS_MM = 60.0
DRILL_MM = 80.0
CLEAR_MM = 20.0
WINDOW_MM = 0.5
DWELL_S = 0.3
STALL_MM = 50.0
SET_OFF_S = 0.3  # a station with work sets off within this of the dial's standstill
INDEX_S = 0.3  # the dial indexes within this once every station is clear
RECOVER_S = 0.5  # after a drill stall the drill sets off back within this
SET_OFF_MM = 5.0
ARRIVE_MARGIN_S = 0.15
HOLD_S = 1.0
CURTAIN_MAX_S = 0.06
GATE_S = (0.2, 1.2)  # published: the reject gate swings each way in this time
CENTER = (600.0, 400.0)
NEST_R = 150.0


def _slide(name: str, origin, angle_deg: float, work_mm: float, p, label: str, color: str) -> Axis:
    """The press ram or the drill feed: a servo slide pointing at its nest, home at 0 mm, its
    limit switches 10 mm past the work position."""
    return Axis(
        name, origin=origin, angle_deg=angle_deg, limit_minus_mm=-5.0, limit_plus_mm=work_mm + 10.0,
        rail_min_mm=-20.0, rail_max_mm=work_mm + 20.0, home_mm=0.0, start_mm=p[f"{name}_start_mm"],
        max_speed=p[f"{name}_speed"], accel=p[f"{name}_accel"], window_mm=WINDOW_MM, settle_s=0.05,
        carriage_length_mm=40.0, carriage_width_mm=50.0, rail_width_mm=30.0, label=label, color=color)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    cx, cy = CENTER
    plant.add(
        RotaryTable(
            "table",
            center=CENTER,
            radius_mm=190.0,
            stations=NESTS,
            index_time_s=p["index_time_s"],
            settle_s=p["table_settle_s"],
            align_tolerance_deg=1.5,
            start_station=p["start_station"],
            work_angle_deg=90.0,
            nest_radius_mm=NEST_R,
            label="dial",
        )
    )
    press = plant.add(_slide("press", (cx + NEST_R + PRESS_MM, cy), 180.0, PRESS_MM, p, "press ram",
                             "#3c78d8"))
    drill = plant.add(_slide("drill", (cx, cy - NEST_R - DRILL_MM), 90.0, DRILL_MM, p, "drill feed",
                             "#6aa84f"))
    if p.get("press_fault"):
        store_drive_fault(press)
    if p.get("drill_fault"):
        store_drive_fault(drill)
    # the unload pusher (from the dial's hub out over the unload nest) and the reject gate beyond it
    for name, x, y, angle, stroke, plate in (("pusher", cx - NEST_R + 60.0, cy, 180.0, 70.0, 40.0),
                                             ("gate", cx - NEST_R - 120.0, cy - 90.0, 90.0, 80.0, 60.0)):
        plant.add(Cylinder(name, x, y, angle_deg=angle, stroke=stroke, extend_s=p[f"{name}_s"],
                           retract_s=p[f"{name}_s"], plate_width=plate,
                           start_extended=bool(p.get(f"{name}_out"))))
    plant.add(
        LightCurtain(
            "curtain",
            cx - 110.0,
            cy + 215.0,
            cx + 110.0,
            cy + 215.0,
            response_s=p["curtain_s"],
            beams=10,
            label="load curtain",
        )
    )
    plant.add(Lamp("load_lamp", x=300.0, y=700.0, label="Load", color="green"))
    plant.add(
        DialCell(
            "cell",
            lamp="load_lamp",
            press_mm=PRESS_MM,
            drill_mm=DRILL_MM,
            clear_mm=CLEAR_MM,
            window_mm=WINDOW_MM,
            dwell_s=DWELL_S,
            stall_mm=STALL_MM,
            start_parts=tuple(p["start_parts"]),
            stalls=tuple(p["stalls"]),
            arrivals=tuple(p["arrivals"]),
            reach_s=p["reach_s"],
        )
    )
    return plant


# --- judges -------------------------------------------------------------------------------


class _Judged(tuple):
    """The dial, the press, the drill, the pusher, the gate and the cell (s.devices), and what
    six watches ask of the dial and the nests every scan, worked out once per plant step
    (`now()`): whether the dial stands still on a station, and the part at each station."""

    def __new__(cls, plant: Plant):
        self = super().__new__(cls, (
            plant.device("table", RotaryTable),
            plant.device("press", Axis),
            plant.device("drill", Axis),
            plant.device("pusher", Cylinder),
            plant.device("gate", Cylinder),
            plant.device("cell", DialCell),
        ))
        self._at = None
        self.still = False
        self.part: dict[str, DialPart | None] = {}
        return self

    def now(self) -> _Judged:
        cell = self[5]
        if cell.t != self._at:
            self._at = cell.t
            t = self[0]
            self.still = t.standstill and t.exactly_aligned
            self.part = {k: cell.nest_part(k) for k in (LOAD, PRESS, DRILL, UNLOAD)}
        return self


def _judged(plant: Plant) -> _Judged:
    return _Judged(plant)


def _still(s) -> bool:
    return s.devices.now().still


def _press_owed(s):
    part = s.devices.now().part[PRESS]
    return part is not None and not part.pressed


def _drill_owed(s):
    part = s.devices.now().part[DRILL]
    return part is not None and part.pressed and not part.drilled and not part.stalled


def _unload_owed(s):
    part = s.devices.now().part[UNLOAD]
    return part is not None and part.finished


def _stalled_here(s, key: str) -> bool:
    """The drill's part stalled: its set-off is over (the recovery watch takes it from there)."""
    part = s.devices.now().part[DRILL]
    return key == "drill" and part is not None and part.stalled


def _load_owed(s):
    g = s.devices.now()
    return g[5].operator_ready and g.part[LOAD] is None


def _all_out(s) -> bool:
    return len(s.devices[5].out) >= PARTS


def _stroke_s(mm: float, speed: float, accel: float) -> float:
    """Rest-to-rest move time of a drive (trapezoid, or a triangle for a short move)."""
    if mm <= 0:
        return 0.0
    if mm * accel <= speed * speed:
        return 2.0 * (mm / accel) ** 0.5
    return mm / speed + speed / accel


def _tool_sets_off(key: str, index: int, work_mm: float, owed, what: str):
    """A station with a part to work sets off toward it within SET_OFF_S of the dial standing
    still, its distance to the work position shrinking by SET_OFF_MM, then on without backing
    off, arriving no later than one move at the drive's speed begun SET_OFF_S after the cause.
    One such watch per station: each job is judged on its own, so stations run one after the
    other (the catalog's trap) leave the later one late."""

    def distance(s):
        return abs(work_mm - s.devices[index].pos)

    def arrive(s):
        p = s.params
        return SET_OFF_S + _stroke_s(distance(s), p[f"{key}_speed"], p[f"{key}_accel"]) + ARRIVE_MARGIN_S

    return judges.progress_within(
        f"the {what} sets off for its part",
        cause=lambda s: _still(s) and owed(s),
        ways=[
            judges.Way(
                f"the {what}",
                distance,
                by=SET_OFF_MM,
                until=lambda s: distance(s) <= WINDOW_MM,
                slack=WINDOW_MM,
                arrive_s=arrive,
            )
        ],
        within_s=SET_OFF_S,
        # a tool already at its work position (the press out at power-up exactly at 60 mm over an
        # unworked part, a published start) has nothing to set off for: it has arrived
        excused=lambda s: _all_out(s) or _stalled_here(s, key) or distance(s) <= WINDOW_MM,
        late=lambda t: (
            f"the dial stood still with a part for the {what} from {t:g} s but the {what} had not "
            f"set off {SET_OFF_S:g} s later"
        ),
    )


def _pusher_sets_off():
    def distance(s):
        c = s.devices[3]
        return c.stroke - c.position

    return judges.progress_within(
        "the pusher unloads a finished part",
        cause=lambda s: _still(s) and _unload_owed(s),
        ways=[
            judges.Way(
                "the pusher",
                distance,
                by=SET_OFF_MM,
                until=lambda s: distance(s) <= 1e-6,
                arrive_s=lambda s: SET_OFF_S + s.params["pusher_s"] + ARRIVE_MARGIN_S,
            )
        ],
        within_s=SET_OFF_S,
        excused=_all_out,
        late=lambda t: (
            f"a finished part stood at the unload station from {t:g} s but the pusher had not set "
            f"off {SET_OFF_S:g} s later"
        ),
    )


def _drill_recovers():
    def stalled_in(s):
        part = s.devices.now().part[DRILL]
        return part is not None and part.stalled and s.devices[2].pos > CLEAR_MM

    def distance(s):
        return max(s.devices[2].pos, 0.0)

    return judges.progress_within(
        "the drill backs out of a stalled part",
        cause=stalled_in,
        ways=[
            judges.Way(
                "the drill",
                distance,
                by=SET_OFF_MM,
                until=lambda s: s.devices[2].pos <= CLEAR_MM,
                slack=WINDOW_MM,
                arrive_s=lambda s: (
                    RECOVER_S
                    + _stroke_s(distance(s), s.params["drill_speed"], s.params["drill_accel"])
                    + ARRIVE_MARGIN_S
                ),
            )
        ],
        within_s=RECOVER_S,
        excused=_all_out,
        late=lambda t: f"the drill stalled at {t:g} s and had not set off back {RECOVER_S:g} s later",
    )


def _clear(s) -> bool:
    _, press, drill, pusher, _, cell = s.devices
    return (
        press.pos <= CLEAR_MM
        and drill.pos <= CLEAR_MM
        and pusher.position <= 0.0
        and not cell.person_in
        and not s.devices[0].rotating
    )


def _index_due(s) -> bool:
    return (
        _still(s)
        and _clear(s)
        and not _press_owed(s)
        and not _drill_owed(s)
        and not _unload_owed(s)
        and not _load_owed(s)
    )


def _operator_let_in():
    """The load job: a stop with the operator waiting (Part ready) and the load nest empty lets
    them in within SET_OFF_S (they step in as soon as the Load lamp is lit); judged by the
    operator really stepping in, so a lamp pulsed while the dial turns is no answer. An index
    begun first ends the episode (the operator waits for the next stop: the index watch does
    not ask for that index, so it is the program's own delay)."""

    def way(s):
        cell = s.devices[5]
        return -(2 * cell.loaded + (1 if cell.person_in else 0))

    return judges.progress_within(
        "the operator is let in to load",
        cause=lambda s: _still(s) and _load_owed(s),
        ways=[judges.Way("the operator", way, by=1.0)],
        within_s=SET_OFF_S,
        excused=lambda s: _all_out(s) or s.devices[0].rotating,
        late=lambda t: (
            f"the operator waited with a part at an empty load nest from {t:g} s but was not let in "
            f"{SET_OFF_S:g} s later"
        ),
    )


def _indexes():
    return judges.progress_within(
        "the dial indexes once every station is clear",
        cause=_index_due,
        ways=[table_index_way("table", "the dial")],
        within_s=INDEX_S,
        excused=lambda s: _all_out(s) or s.devices[5].person_in,
        late=lambda t: (
            f"every station was done and clear at {t:g} s but the dial had not indexed {INDEX_S:g} s later"
        ),
    )


def _parts_out(s):
    return [o[0] for o in s.devices[5].out]


def _end_state(s) -> bool:
    t, press, drill, pusher, _, _ = s.devices
    return t.exactly_aligned and press.pos <= CLEAR_MM and drill.pos <= CLEAR_MM and pusher.position <= 0.0


def _completion():
    return MissEndsTheRun(
        judges.watched(
            judges.in_order(
                judges.distinct(f"{PARTS} parts out", _parts_out, PARTS),
                judges.held(
                    "the dial on a station, press and drill at or behind their clearance and the pusher back",
                    _end_state,
                    HOLD_S,
                ),
            ),
            _tool_sets_off("press", 1, PRESS_MM, _press_owed, "press"),
            _tool_sets_off("drill", 2, DRILL_MM, _drill_owed, "drill"),
            _pusher_sets_off(),
            _drill_recovers(),
            _operator_let_in(),
            _indexes(),
            name="every part out where it belongs, every station prompt",
        )
    )


# --- rules --------------------------------------------------------------------------------


def _turns_unclear(s):
    t, press, drill, pusher, _, cell = s.devices
    if not t.rotating:
        return None
    if press.pos > CLEAR_MM:
        return f"the dial turned with the press at {press.pos:.1f} mm (clearance {CLEAR_MM:g} mm)"
    if drill.pos > CLEAR_MM:
        return f"the dial turned with the drill at {drill.pos:.1f} mm (clearance {CLEAR_MM:g} mm)"
    if pusher.position > 0.0:
        return "the dial turned with the pusher not fully back"
    if cell.person_in:
        return "the dial turned with the operator in the load curtain"
    return None


class InOnlyOverAStillDial(judges.Monitor):
    """S2, checked every scan from positions: the press or the drill moving further in past its
    clearance, or the pusher moving out, while the dial is not aligned at a station or not at
    standstill (as MOT-M14's rule, for three tools)."""

    def __init__(self):
        self.prev: tuple[float, float, float] | None = None

    def check(self, s):
        t, press, drill, pusher, _, _ = s.devices
        now = (press.pos, drill.pos, pusher.position)
        prev, self.prev = self.prev, now
        if prev is None or (t.aligned and t.standstill):
            return None
        why = "not aligned at a station" if not t.aligned else "not at standstill"
        for name, p0, p1, edge in (
            ("press", prev[0], now[0], CLEAR_MM),
            ("drill", prev[1], now[1], CLEAR_MM),
            ("pusher", prev[2], now[2], 0.0),
        ):
            if p1 > edge + 1e-6 and p1 > p0 + 1e-6:
                how = "out" if name == "pusher" else "in"
                return f"the {name} moved {how} to {p1:.1f} mm while the dial was {why}"
        return None


class PartsWhereTheyBelong(judges.Monitor):
    """S3 on the cell's log of parts out (one message per wrong part)."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        out = s.devices[5].out
        msg = None
        while self.seen < len(out):
            number, where, pressed, drilled, stalled = out[self.seen]
            self.seen += 1
            if where == "outfeed" and (stalled or not (pressed and drilled)):
                state = "whose drill stalled" if stalled else "not pressed" if not pressed else "not drilled"
                msg = msg or f"part {number}, {state}, went to the outfeed"
            if where == "chute" and not stalled:
                msg = msg or f"part {number}, whose drill did not stall, went into the reject chute"
        return msg


class NoStrike(judges.Monitor):
    """S4 on the cell's log of tools taken in over a nest they must not work."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        strikes = s.devices[5].strikes
        if self.seen < len(strikes):
            self.seen = len(strikes)
            return strikes[-1][1]
        return None


# --- conditions ---------------------------------------------------------------------------


def _arrivals(first: float, gaps) -> tuple[float, ...]:
    out, t = [], first
    for g in (0.0, *gaps):
        t += g
        out.append(round(t, 2))
    return tuple(out)


BASE = dict(
    index_time_s=1.0,
    table_settle_s=0.1,
    start_station=1,
    press_speed=200.0,
    press_accel=1500.0,
    drill_speed=120.0,
    drill_accel=1500.0,
    press_start_mm=0.0,
    drill_start_mm=0.0,
    pusher_s=0.5,
    gate_s=0.3,
    curtain_s=0.03,
    reach_s=0.8,
    start_parts=(),
    stalls=(3,),
)

CONDITIONS = (
    Condition.of(
        "nominal",
        301,
        "empty dial, operator brisk and regular, part 3 stalls the drill",
        **{**BASE, "arrivals": _arrivals(0.5, [2.0] * 7)},
    ),
    Condition.of(
        "unworked_parts_on_dial",
        302,
        "three unworked parts left on the dial (under the drill and at "
        "the unload among them), slow drill, quick table, part 5 stalls",
        **{
            **BASE,
            "start_parts": (5, 3, 1),
            "start_station": 1,
            "drill_speed": 40.0,
            "drill_accel": 600.0,
            "index_time_s": 0.6,
            "stalls": (5,),
            "arrivals": _arrivals(1.0, [1.5, 6.0, 0.5, 3.0]),
        },
    ),
    Condition.of(
        "irregular_operator_slow_table",
        303,
        "operator in bursts with long gaps, slow table and pusher, slow curtain, parts 2 and 6 stall",
        **{
            **BASE,
            "index_time_s": 2.2,
            "table_settle_s": 0.35,
            "pusher_s": 1.1,
            "gate_s": 0.55,
            "curtain_s": 0.06,
            "reach_s": 1.8,
            "stalls": (2, 6),
            "start_station": 6,
            "arrivals": _arrivals(0.3, [0.5, 0.5, 9.0, 0.5, 0.5, 7.0, 0.5]),
        },
    ),
    Condition.of(
        "tools_out_at_power_up",
        304,
        "press and drill out over the dial at power-up, drill fault "
        "stored, pusher out, gate out, one unworked part at the press, fast devices, part 1 stalls",
        **{
            **BASE,
            "press_start_mm": 55.0,
            "drill_start_mm": 70.0,
            "drill_fault": 1,
            "pusher_out": 1,
            "gate_out": 1,
            "start_parts": (3,),
            "start_station": 1,
            "press_speed": 300.0,
            "drill_speed": 250.0,
            "pusher_s": 0.3,
            "gate_s": 0.2,
            "index_time_s": 0.7,
            "stalls": (1,),
            "arrivals": _arrivals(0.2, [0.8] * 6),
        },
    ),
    Condition.of(
        "slow_press_fast_drill",
        305,
        "slow soft press with a stored fault, fast drill, late "
        "operator, two parts on the dial, parts 4 and 8 stall",
        **{
            **BASE,
            "press_speed": 60.0,
            "press_accel": 400.0,
            "press_fault": 1,
            "drill_speed": 220.0,
            "drill_accel": 2500.0,
            "start_parts": (2, 7),
            "start_station": 4,
            "stalls": (4, 8),
            "curtain_s": 0.05,
            "arrivals": _arrivals(5.0, [3.0, 1.0, 4.0, 0.6, 2.5]),
        },
    ),
    Condition.of(
        "stall_while_pressing",
        306,
        "operator loads every stop, medium devices, parts 1 and 2 both "
        "stall (the second while the press works the next part)",
        **{
            **BASE,
            "press_speed": 80.0,
            "press_accel": 800.0,
            "drill_speed": 160.0,
            "stalls": (1, 2),
            "index_time_s": 1.4,
            "table_settle_s": 0.2,
            "start_station": 3,
            "arrivals": _arrivals(0.0, [0.5] * 7),
        },
    ),
    # Round 2: the published corner of a heavy gate on a quick dial. A gate started at the index
    # has the turn, the settle and the pusher's 0.3 s (0.95 s) for a 1.2 s swing: the pusher waits
    # and is late, or pushes and sends the part the wrong way. The swing fits only if the gate is
    # set for the next finished part as soon as the last one is off the nest (parts 5 and 8 reject:
    # after part 7 the dial is empty but for 8, so the gate has just the pusher back, the turn and
    # the pusher's set-off time: 1.25 s and more).
    Condition.of(
        "heavy_gate_quick_dial",
        307,
        "slowest gate, quickest dial and pusher, operator at every stop, parts 5 and 8 stall (the "
        "gate swings out, back and out again for parts in neighbouring nests)",
        **{
            **BASE,
            "index_time_s": 0.6,
            "table_settle_s": 0.05,
            "pusher_s": 0.3,
            "gate_s": GATE_S[1],
            "press_speed": 300.0,
            "press_accel": 3000.0,
            "drill_speed": 250.0,
            "drill_accel": 3000.0,
            "reach_s": 0.5,
            "curtain_s": 0.02,
            "stalls": (5, 8),
            "start_station": 2,
            "arrivals": _arrivals(0.0, [0.5] * 7),
        },
    ),
    # Round 2: the power-up corner (the sampler draws it about one time in 16, no registered
    # condition had it): the press stands out over an unworked part at power-up with its drive
    # faulted, the dial standing still. That part is the press's work from the first scan (spec 2
    # and 7): the ram must go on in from where it stands; a program that first brings every tool
    # home before it starts its cycle sets the press off late. The drill stands deep in an
    # unworked part (not to be drilled: it rides on) and the pusher is out over another.
    Condition.of(
        "press_out_over_a_part_at_power_up",
        308,
        "press faulted at 50 mm over an unworked part at power-up, drill faulted at 66 mm in "
        "another, pusher and gate out over a third, soft slow press, parts 4 and 7 stall",
        **{
            **BASE,
            "start_station": 5,
            "start_parts": (3, 1, 7),
            "press_start_mm": 50.0,
            "press_fault": 1,
            "press_speed": 90.0,
            "press_accel": 500.0,
            "drill_start_mm": 66.0,
            "drill_fault": 1,
            "pusher_out": 1,
            "gate_out": 1,
            "pusher_s": 1.2,
            "stalls": (4, 7),
            "arrivals": _arrivals(3.0, [4.0, 1.0, 2.5, 6.0]),
        },
    ),
)


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Device times are drawn independently over their ranges. The parts on the dial at power-up
    (0-3, in distinct nests) and the operator's parts make 8 together (jointly drawn); the
    operator's first part comes 0-5 s after power-up and each next one 0.5-10 s after the one
    before (irregular); 1 or 2 parts stall, chosen among the 8. The tools start at home 2 times
    in 3, else anywhere out to their work position; a stored fault 1 time in 5 per drive; the
    pusher and the gate out 1 time in 4 each.
    """
    n_start = rng.randint(0, 3)
    nests = rng.sample(range(1, NESTS + 1), n_start)
    gaps = [round(rng.uniform(0.5, 10.0), 2) for _ in range(PARTS - n_start - 1)]
    params = {
        "index_time_s": round(rng.uniform(0.6, 2.5), 2),
        "table_settle_s": round(rng.uniform(0.05, 0.4), 2),
        "start_station": rng.randint(1, NESTS),
        "press_speed": round(rng.uniform(60.0, 300.0)),
        "press_accel": round(rng.uniform(400.0, 3000.0)),
        "drill_speed": round(rng.uniform(40.0, 250.0)),
        "drill_accel": round(rng.uniform(400.0, 3000.0)),
        "press_start_mm": 0.0 if rng.random() < 2 / 3 else round(rng.uniform(0.0, PRESS_MM), 1),
        "drill_start_mm": 0.0 if rng.random() < 2 / 3 else round(rng.uniform(0.0, STALL_MM - 1.0), 1),
        "press_fault": int(rng.random() < 0.2),
        "drill_fault": int(rng.random() < 0.2),
        "pusher_out": int(rng.random() < 0.25),
        "gate_out": int(rng.random() < 0.25),
        "pusher_s": round(rng.uniform(0.3, 1.2), 2),
        "gate_s": round(rng.uniform(*GATE_S), 2),
        "curtain_s": round(rng.uniform(0.02, CURTAIN_MAX_S), 3),
        "reach_s": round(rng.uniform(0.5, 2.0), 2),
        "start_parts": tuple(nests),
        "stalls": tuple(sorted(rng.sample(range(1, PARTS + 1), rng.randint(1, 2)))),
        "arrivals": _arrivals(round(rng.uniform(0.0, 5.0), 2), gaps),
    }
    description = (
        f"{n_start} parts on the dial, stalls {params['stalls']}, index {params['index_time_s']:g} s, "
        f"drill {params['drill_speed']:g} mm/s"
    )
    return {"params": params, "description": description}


def _pos_io(address, name, device, what):
    return IOPoint(
        address,
        name,
        "INT",
        "input",
        device,
        "position",
        f"Actual {what} position (0 = home, fully back; positive = in toward the nest)",
        "0.1 mm",
        "-200..1000",
    )


def _axis_points(
    prefix: str, device: str, what: str, ins: tuple[str, str, str], outs: tuple[str, str, str, str]
):
    return (
        IOPoint(
            ins[0],
            f"{prefix}_in_position",
            "BOOL",
            "input",
            device,
            "in_position",
            f"TRUE when the {what} is within {WINDOW_MM} mm of the target of its last move and at rest "
            "(FALSE before any move, while disabled or faulted)",
        ),
        IOPoint(
            ins[1],
            f"{prefix}_fault",
            "BOOL",
            "input",
            device,
            "fault",
            f"TRUE while the {what} drive has a latched fault (cleared by a rising edge on {prefix}_reset; "
            "the drive stops where it is and ignores start edges while faulted)",
        ),
        _pos_io(ins[2], f"{prefix}_position", device, what),
        IOPoint(
            outs[0],
            f"{prefix}_enable",
            "BOOL",
            "output",
            device,
            "enable",
            f"TRUE enables the {what} drive (FALSE: it brakes to a stop)",
        ),
        IOPoint(
            outs[1],
            f"{prefix}_start",
            "BOOL",
            "output",
            device,
            "start",
            f"Rising edge starts a {what} move to {prefix}_target (ignored while disabled or faulted)",
        ),
        IOPoint(
            outs[2],
            f"{prefix}_reset",
            "BOOL",
            "output",
            device,
            "reset",
            f"Rising edge clears a latched {what} drive fault",
        ),
        IOPoint(
            outs[3],
            f"{prefix}_target",
            "INT",
            "output",
            device,
            "target",
            f"Target of the next {what} move, taken at the {prefix}_start edge",
            "0.1 mm",
            "0..1000",
        ),
    )


IO = (
    IOPoint(
        "%IX0.0",
        "dial_aligned",
        "BOOL",
        "input",
        "table",
        "aligned",
        "TRUE while the dial is within 1.5 deg of a station (it comes on while the dial still creeps in)",
    ),
    IOPoint(
        "%IX0.1",
        "dial_standstill",
        "BOOL",
        "input",
        "table",
        "standstill",
        "TRUE once the dial has been still for its settle time",
    ),
    IOPoint(
        "%IX2.0",
        "dial_rotating",
        "BOOL",
        "input",
        "table",
        "rotating",
        "TRUE while the dial drive is turning (FALSE once it has stopped, before it has settled)",
    ),
    IOPoint(
        "%IW0",
        "dial_station",
        "INT",
        "input",
        "table",
        "station",
        f"Number of the nest at the LOAD station while aligned (1..{NESTS}); 0 between stations",
        "",
        f"0..{NESTS}",
    ),
    IOPoint(
        "%IX0.2",
        "part_at_load",
        "BOOL",
        "input",
        "cell",
        "part_load",
        "Proximity switch: TRUE while the dial is aligned and the nest at the load station holds a part",
    ),
    IOPoint(
        "%IX0.3",
        "part_at_press",
        "BOOL",
        "input",
        "cell",
        "part_press",
        "Proximity switch: TRUE while the dial is aligned and the nest at the press holds a part",
    ),
    IOPoint(
        "%IX0.4",
        "part_at_drill",
        "BOOL",
        "input",
        "cell",
        "part_drill",
        "Proximity switch: TRUE while the dial is aligned and the nest at the drill holds a part",
    ),
    IOPoint(
        "%IX0.5",
        "part_at_unload",
        "BOOL",
        "input",
        "cell",
        "part_unload",
        "Proximity switch: TRUE while the dial is aligned and the nest at the unload station holds a part",
    ),
    IOPoint(
        "%IX0.7",
        "operator_ready",
        "BOOL",
        "input",
        "cell",
        "operator_ready",
        "Part ready: TRUE while the operator holds the next part and waits to load it (FALSE while "
        "they are in the opening, and once they have no more parts)",
    ),
    IOPoint(
        "%IX0.6",
        "curtain_clear",
        "BOOL",
        "input",
        "curtain",
        "clear",
        f"Load light curtain: TRUE while nobody is in the load opening (goes FALSE up to "
        f"{CURTAIN_MAX_S * 1000:g} ms after the operator steps in, TRUE again as they step out)",
    ),
    *_axis_points(
        "press", "press", "press ram", ("%IX1.0", "%IX1.1", "%IW1"), ("%QX0.1", "%QX0.2", "%QX0.3", "%QW0")
    ),
    *_axis_points(
        "drill", "drill", "drill feed", ("%IX1.2", "%IX1.3", "%IW2"), ("%QX0.4", "%QX0.5", "%QX0.6", "%QW1")
    ),
    IOPoint(
        "%IX1.4",
        "pusher_out",
        "BOOL",
        "input",
        "pusher",
        "extended",
        "Unload pusher end switch: TRUE only at full stroke (the part is then off the nest)",
    ),
    IOPoint(
        "%IX1.5",
        "pusher_back",
        "BOOL",
        "input",
        "pusher",
        "retracted",
        "Unload pusher end switch: TRUE only when the pusher is fully back, clear of the dial",
    ),
    IOPoint(
        "%IX1.6",
        "gate_out",
        "BOOL",
        "input",
        "gate",
        "extended",
        "Reject gate end switch: TRUE only when the gate is fully out (a pushed part then drops into "
        "the reject chute)",
    ),
    IOPoint(
        "%IX1.7",
        "gate_back",
        "BOOL",
        "input",
        "gate",
        "retracted",
        "Reject gate end switch: TRUE only when the gate is fully back (a pushed part then goes onto "
        "the outfeed)",
    ),
    IOPoint(
        "%QX0.0",
        "dial_index",
        "BOOL",
        "output",
        "table",
        "index",
        "Rising edge turns the dial forward one station (ignored while it turns)",
    ),
    IOPoint(
        "%QX0.7",
        "pusher_extend",
        "BOOL",
        "output",
        "pusher",
        "extend",
        "TRUE drives the unload pusher out, FALSE (spring) back",
    ),
    IOPoint(
        "%QX1.0",
        "gate_extend",
        "BOOL",
        "output",
        "gate",
        "extend",
        "TRUE drives the reject gate out, FALSE (spring) back",
    ),
    IOPoint(
        "%QX1.1",
        "load_lamp",
        "BOOL",
        "output",
        "load_lamp",
        "on",
        "Load lamp at the load station: the operator steps in to load only while it is lit",
    ),
)

TASK = Task(
    id="MOT-H02",
    title="Rotary dial with concurrent stations",
    suite="MOT",
    level="H",
    summary="Run a load station, a press, a drill and an unload station around one indexing dial at the "
    "same time: each station works its nest at every stop, empty nests are skipped, a stalled part "
    "is rejected, and the dial indexes as soon as every station is clear.",
    plant_description=(
        f"An indexing dial with {NESTS} nests (pitch 45 deg) turns forward one station per index pulse; "
        "its cam makes it creep into each station, so dial_aligned comes on shortly before it is still and "
        "dial_standstill only after it has settled. Round the dial, in the direction it turns, stand: the "
        "LOAD station (nest dial_station), then two pitches on the PRESS (nest dial_station - 2), two more "
        "the DRILL (dial_station - 4), two more the UNLOAD (dial_station - 6), counted round 1..8 "
        "(a part loaded at nest n reaches the press 2 indexes later, the drill 4, the unload 6). "
        "Each station has a proximity switch on its nest. "
        f"The press ram and the drill feed are servo slides (0 mm = home, fully back; at or behind "
        f"{CLEAR_MM:g} mm clear of the dial; the press works a part at {PRESS_MM:g} mm, the drill at "
        f"{DRILL_MM:g} mm; limit switches at -5 mm and {PRESS_MM + 10:g} / {DRILL_MM + 10:g} mm). "
        "The unload pusher pushes the part at the unload station off its nest (at full stroke), past the "
        "reject gate: the part drops into the reject chute if the gate is fully out the moment the pusher "
        "reaches full stroke, and goes onto the outfeed otherwise (the gate back or on its way); the gate "
        f"is a heavy flap that takes {GATE_S[0]:g}-{GATE_S[1]:g} s to swing each way. An operator puts "
        "parts into the empty nest at the load station by hand, at irregular times, through a light "
        "curtain: they step in the moment they hold a part, the Load lamp is lit, the dial stands still "
        "and that nest is empty (so a lamp lit before they are ready lets them in the moment they are), "
        "take 0.5-2 s, then step out; a lamp going off while they are in does not stop them. Some parts "
        "jam the drill: the drill drive then trips "
        f"(drill_fault) with the feed stopped dead in the part at about {STALL_MM:g} mm. "
        "At power-up there may be parts "
        "on the dial, none of them worked yet; the press and the drill may be out over the dial, a drive "
        "may have a stored fault, the pusher and the gate may be out."
    ),
    specification=(
        f"1. Every part is pressed, then drilled. A part is pressed once the ram has rested {DWELL_S:g} s "
        f"at {PRESS_MM:g} mm (target {int(PRESS_MM * 10)}, within {WINDOW_MM:g} mm) over it, the dial "
        f"standing on a station; it is drilled once the feed has rested {DWELL_S:g} s at {DRILL_MM:g} mm "
        f"(target {int(DRILL_MM * 10)}) over it after it was pressed, likewise on a still dial. The "
        "parts on the dial at power-up are unworked: one at the drill or the unload then rides on round "
        "and is pressed and drilled on its way (rule S4).\n"
        f"2. Every station is prompt at every stop: whenever the dial stands still (aligned and standstill), "
        "each station with work at its nest (the press: a part not yet pressed; the drill: a pressed part "
        "not yet drilled whose drill has not stalled; the unload: a finished part) sets off within "
        f"{SET_OFF_S:g} s of dial_standstill coming on (the press or drill closing its distance to the work "
        f"position by {SET_OFF_MM:g} mm, or already within {WINDOW_MM:g} mm of it; the pusher moving out) "
        "and goes on without backing off, arriving "
        f"no later than one move at the drive's speed begun {SET_OFF_S:g} s after the standstill would, "
        f"plus {ARRIVE_MARGIN_S:g} s (the pusher: its stroke time after that).\n"
        "3. Every finished part leaves at the unload station: a part pressed and drilled onto the outfeed, "
        "a part whose drill stalled into the reject chute (rule S3). An unfinished part stays on the dial.\n"
        f"4. A drill stall (drill_fault while the feed is in a part): within {RECOVER_S:g} s of it the feed "
        f"sets off back (by {SET_OFF_MM:g} mm) and goes on to {CLEAR_MM:g} mm or less in one move, without "
        f"backing off, arriving there no later than a move home (to 0 mm) at the drive's speed begun "
        f"{RECOVER_S:g} s after the stall would, plus {ARRIVE_MARGIN_S:g} s. That part can never be "
        "drilled.\n"
        "5. Load: whenever the dial stands still with operator_ready TRUE and the load nest empty, the "
        f"operator is let in within {SET_OFF_S:g} s, and the dial does not index before they have finished. "
        "An operator who is not ready is not waited for (item 6).\n"
        f"6. As soon as every station is done at this stop and clear (press and drill at or behind "
        f"{CLEAR_MM:g} mm, pusher back, nobody in the curtain, no operator waiting at an empty load nest), "
        f"the dial indexes within {INDEX_S:g} s: from power-up on, whenever that holds.\n"
        "7. At power-up the dial stands still on a station (its standstill counts from 0 s for items 2, 5 "
        "and 6); the press and the drill may be out over the dial, a drive may have a stored fault, the "
        "pusher and the gate may be out: every rule and every deadline holds from the first scan.\n"
        "Travel, index, settle and loading times differ from run to run: use the signals, not fixed times."
    ),
    io=IO,
    completion=Completion(
        f"All {PARTS} parts (those on the dial at power-up and the operator's) are out: each one pressed and "
        "drilled onto the outfeed, each one whose drill stalled into the reject chute; after that the dial "
        f"is on a station, the press and drill at or behind {CLEAR_MM:g} mm and the pusher back for "
        f"{HOLD_S:g} s without a break. On the way every station is prompt as the specification says "
        f"(sets off within {SET_OFF_S:g} s of the standstill with work at its nest, the drill backs out "
        f"within {RECOVER_S:g} s of a stall, a waiting operator is let in within {SET_OFF_S:g} s, "
        f"the dial indexes within {INDEX_S:g} s of every station being "
        "clear with nothing left to do at this stop); the first miss ends the run.",
        _completion,
        keep=_end_state,
        keep_wording=f"the dial on a station, the press and drill at or behind {CLEAR_MM:g} mm "
        "and the pusher "
        "back.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-H02-S1",
            f"The dial must only turn while the press and the drill are at or behind "
            f"{CLEAR_MM:g} mm, the pusher is fully back and nobody is in the load light curtain.",
            _turns_unclear,
        ),
        SafetyRule(
            "MOT-H02-S2",
            f"The press and the drill may only move in past {CLEAR_MM:g} mm, and the "
            "pusher only move out, while the dial is aligned at a station and at standstill.",
            InOnlyOverAStillDial(),
        ),
        SafetyRule(
            "MOT-H02-S3",
            "Only a part pressed and drilled may go to the outfeed, and only a part whose "
            "drill stalled into the reject chute.",
            PartsWhereTheyBelong(),
        ),
        SafetyRule(
            "MOT-H02-S4",
            f"The press may only go in past {CLEAR_MM:g} mm over a nest holding a part, "
            "the drill only over a part already pressed.",
            NoStrike(),
        ),
    ),
    parameters=(
        ParameterRange("index_time_s", 0.6, 2.5, "s", "time the dial takes to turn one station"),
        ParameterRange("table_settle_s", 0.05, 0.4, "s", "time from the dial stopping to dial_standstill"),
        ParameterRange("start_station", 1, NESTS, "", "nest at the load station at power-up"),
        ParameterRange("press_speed", 60.0, 300.0, "mm/s", "press drive speed"),
        ParameterRange("press_accel", 400.0, 3000.0, "mm/s^2", "press drive acceleration"),
        ParameterRange("drill_speed", 40.0, 250.0, "mm/s", "drill feed speed"),
        ParameterRange("drill_accel", 400.0, 3000.0, "mm/s^2", "drill feed acceleration"),
        ParameterRange("press_start_mm", 0.0, PRESS_MM, "mm", "press ram position at power-up"),
        ParameterRange("drill_start_mm", 0.0, 70.0, "mm", "drill feed position at power-up"),
        ParameterRange("press_fault", 0, 1, "", "1 = the press drive reports a stored fault at power-up"),
        ParameterRange("drill_fault", 0, 1, "", "1 = the drill drive reports a stored fault at power-up"),
        ParameterRange("pusher_out", 0, 1, "", "1 = the pusher is out at power-up"),
        ParameterRange("gate_out", 0, 1, "", "1 = the gate is out at power-up"),
        ParameterRange("pusher_s", 0.3, 1.2, "s", "pusher stroke time (each way)"),
        ParameterRange("gate_s", GATE_S[0], GATE_S[1], "s", "gate stroke time (each way)"),
        ParameterRange("curtain_s", 0.02, CURTAIN_MAX_S, "s", "light curtain response time"),
        ParameterRange("reach_s", 0.5, 2.0, "s", "time the operator takes to load one part"),
        ParameterRange(
            "start_parts",
            1,
            NESTS,
            "",
            "a set of 0 to 3 nest numbers (each 1 .. 8): the nests holding a part at power-up, unworked",
        ),
        ParameterRange(
            "stalls",
            1,
            PARTS,
            "",
            "which parts stall the drill (1 or 2 of the 8, numbered in the "
            "order they come onto the dial: power-up parts first)",
        ),
        ParameterRange(
            "arrivals",
            0.0,
            80.0,
            "s",
            "times the operator has each next part ready: the first "
            "0-5 s after power-up, each next 0.5-10 s after the one before",
        ),
    ),
    conditions=CONDITIONS,
    # the slowest of 200 sampled conditions took the reference 79 s (the operator's last part
    # can come 65 s after power-up and still needs 6 indexes to the unload): 130 s leaves room
    time_limit_s=130.0,
    build_plant=build_plant,
    condition_defaults={"press_fault": 0, "drill_fault": 0, "pusher_out": 0, "gate_out": 0},
    judged_devices=_judged,
    sampler=sample_condition,
)
