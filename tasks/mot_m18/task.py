"""MOT-M18 Peck drilling with torque monitoring.

A flange with four holes to drill sits on a 4-station rotary indexing table
(sim.devices.rotary.RotaryTable). Over the work position a drill unit (sim.devices.drill_unit.
DrillUnit) drills on a servo Z feed (sim.devices.axis.Axis, the tip's position, positive down)
with a VFD spindle (sim.devices.vfd_motor.VFDMotor, its drive ramp configured). Per hole the
program brings the spindle to speed, rapids down to just above the part, feeds in at the drilling
feed, finds the part's face by the torque rising, and pecks: after each peck (the host's peck
length, or sooner at 70 % of the breaking torque) it rapids out of the hole to throw off the chips
and rapids back to 0.5 mm above the bottom, until the host's depth is reached from the face.

Changes from the catalog entry, and why:
- Depth within +-0.2 mm instead of +-0.05: the Z position and target words are 0.1 mm and the
  face (found by the torque rise at 0.04 mm a scan) is known to a few hundredths at best.
- The four holes sit in the nests of a rotary table, so the job has the table/Z interlock of a real
  station (S4: no turning with the drill down, no Z move off home on a table not at standstill).
- The drill wears: holes 1-3 are drilled with a sharp drill, hole 4 with one 1.5-2.6x blunter,
  whose torque reaches 70 % of breaking well inside a peck in most conditions; chip packing (the
  material) varies 2:1. A program that pecks the host's length with no torque watch breaks the
  drill there (S1); one that pecks very short to stay safe misses the hole deadline, which allows
  the pecks the torque really forces plus 30 % of the cutting time.
- Depths of 10-30 mm and pecks of 3-8 mm (the catalog: 10-40 and 2-8): 40 mm in 2 mm pecks with
  a worn drill takes over two minutes of plant time for four holes, and every run of the blind
  programs lasts to the time limit, which the suite's test-time budget cannot carry; the ratio
  of pecks per hole (2 to 10, more with the worn drill) still varies 5:1.
- S3 is judged as: no downward Z move faster than 10 mm/s (the drilling feed is 4 mm/s) deeper
  than 0.5 mm above the deepest point drilled so far in the hole under the drill (for an undrilled
  hole: 0.5 mm above the highest its face can be).
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.drill_unit import DrillUnit, Hole
from sim.devices.rotary import RotaryTable
from sim.devices.vfd_motor import VFDMotor
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import axis_io, log_uniform, store_drive_fault, table_index_way

HOLES = 4
NOMINAL_RPM = 1500.0
AT_SPEED_RPM = 1425.0           # 95 %
FEED = 4.0                      # mm/s drilling feed
KC = 12.5                       # Nm per mm/rev: 2 Nm at 4 mm/s and 1500 rpm with a sharp drill
BREAK_NM = 10.0
RETRACT_NM = 7.0                # 70 %
FACE_MM = 50.0                  # nominal face of the part below home
FACE_TOL = 1.0
DEPTH_TOL = 0.2
RAPID_LIMIT = 10.0              # mm/s: faster than this downward is a rapid
RAPID_CLEAR = 0.5
HOME_MM = 1.0                   # Z at home: within this of 0
FEED_ON_WITHIN_S = 0.5
RETRACT_WITHIN_S = 0.1
INDEX_WITHIN_S = 0.5
FEED_BY_MM = 1.0
HOLD_S = 2.0
PECK_S = 1.0                    # hole deadline: allowance per peck beyond its rapids
PECK_TOL = 0.2                  # a peck may cut this much more than the host's length
Z_LIMIT_PLUS = 100.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(RotaryTable("table", center=(250.0, 250.0), radius_mm=110.0, stations=HOLES,
                          index_time_s=p["index_s"],
                          settle_s=p["settle_s"], align_tolerance_deg=1.5, start_station=1,
                          start_offset_deg=p["start_offset_deg"], work_angle_deg=0.0, nest_radius_mm=75.0,
                          label="rotary table (flange, 4 holes)"))
    z = plant.add(Axis("z", origin=(480.0, 330.0), angle_deg=-90.0, limit_minus_mm=-5.0,
                       limit_plus_mm=Z_LIMIT_PLUS, rail_min_mm=-10.0, rail_max_mm=105.0, home_mm=0.0,
                       start_mm=p["z_start_mm"], max_speed=p["rapid"], accel=p["z_accel"], window_mm=0.05,
                       settle_s=p["z_settle_s"], carriage_length_mm=40.0, carriage_width_mm=50.0,
                       rail_width_mm=24.0, label="Z feed"))
    if p.get("fault_at_start"):
        store_drive_fault(z)
    plant.add(VFDMotor("spindle", x=650.0, y=430.0, max_rpm=1800.0, lag_s=0.05,
                       ramp_rpm_s=NOMINAL_RPM / p["ramp_s"], stop_mode="ramp", size_mm=90.0,
                       label="spindle", load="drill"))
    holes = [Hole(surface_mm=FACE_MM + p["face_offset_mm"], wear=w) for w in (1.0, 1.0, 1.0, p["wear"])]
    plant.add(DrillUnit("drill", z="z", spindle="spindle", table="table", holes=holes, x=480.0, y=330.0,
                        kc_nm_per_mm_rev=KC, kchip_nm_mm2=p["kchip"], break_nm=BREAK_NM, label="drill"))
    plant.add(ValueWord("depth", round(p["depth_mm"] * 10), position=(520.0, 130.0), label="depth",
                        units="mm", scale=0.1))
    plant.add(ValueWord("peck", round(p["peck_mm"] * 10), position=(660.0, 130.0), label="peck",
                        units="mm", scale=0.1))
    return plant


class Devices:
    def __init__(self, plant):
        self.table = plant.device("table", RotaryTable)
        self.z = plant.device("z", Axis)
        self.spindle = plant.device("spindle", VFDMotor)
        self.drill = plant.device("drill", DrillUnit)


# --- judges ------------------------------------------------------------------------------

def _depth(s) -> float:
    return round(s.params["depth_mm"] * 10) / 10.0


def drilled(s, h) -> bool:
    """A hole at the host's depth from its face, +-0.2 mm, its drill whole."""
    return not h.broken and abs(h.depth_mm - _depth(s)) <= DEPTH_TOL


def _z_home(s) -> bool:
    return abs(s.devices.z.pos) <= HOME_MM


def _at_speed(s) -> bool:
    return s.devices.spindle.rpm >= AT_SPEED_RPM


class Finished:
    """The holes finished so far (by nest): drilled to depth and the drill back home over it."""

    def __init__(self):
        self.done: set[int] = set()

    def __call__(self, s) -> set[int]:
        d = s.devices.drill
        i = d.hole_under()
        if i is not None and _z_home(s) and drilled(s, d.holes[i]):
            self.done.add(i)
        return self.done


def _pecks_needed(s, h) -> int:
    """How many pecks the torque really forces on this hole: the host's peck, or shorter where
    the chips would take the torque to 70 % of breaking sooner (a sharp drill at the feed)."""
    p = s.params
    w, k = h.hole.wear, p["kchip"]
    tc = KC * FEED / (NOMINAL_RPM / 60.0)
    room = RETRACT_NM / w - tc
    safe = math.sqrt(room / k) if room > 0 else 0.5
    return math.ceil(_depth(s) / max(min(p["peck_mm"], safe * 0.9), 0.5))


class HoleTime(judges.Watch):
    """Each hole finished (at depth, the drill back out above its face) within its deadline of
    the tip first entering it: the cutting time at the feed plus 30 %, and per peck the torque
    forces a rapid out and back (from half the depth, at the drive's speed) plus PECK_S.
    Written for this task: the deadline depends on the hole's peck count, which no Way measures."""

    def __init__(self):
        self.hole: int | None = None
        self.since = 0
        self.limit_ms = 0

    def check(self, s):
        d = s.devices.drill
        i = d.hole_under()
        if self.hole is None:
            if i is not None and d.holes[i].depth_mm > 0.0 and not drilled(s, d.holes[i]):
                h = d.holes[i]
                self.hole, self.since = i, s.time_ms
                n = _pecks_needed(s, h)
                per_peck = 2.0 * _depth(s) / 2.0 / s.params["rapid"] + PECK_S
                self.limit_ms = round((1.3 * _depth(s) / FEED + n * per_peck) * 1000)
            return None
        h = d.holes[self.hole]
        if drilled(s, h) and s.devices.z.pos <= h.hole.surface_mm:
            self.hole = None
            return None
        if s.time_ms - self.since > self.limit_ms:
            return (f"hole {self.hole + 1} was entered at {self.since / 1000:g} s and not drilled to depth "
                    f"and left {self.limit_ms / 1000:g} s later")
        return None


def _at_bottom(s) -> bool:
    """The drill down at the deepest point of its hole (cutting on, or a last peck under 1 mm done)."""
    h = s.devices.drill.hole
    return h is not None and s.devices.z.pos >= h.bottom_mm - 0.01


def _completion():
    finished = Finished()

    def feed_cause(s):
        d, z = s.devices.drill, s.devices.z
        h = d.hole
        return (h is not None and not drilled(s, h) and not h.broken and _at_speed(s) and z.vel == 0.0
                and z.pos < h.bottom_mm - RAPID_CLEAR and s.devices.table.standstill)

    def retract_cause(s):
        d = s.devices.drill
        return d.cutting and d.torque_nm >= RETRACT_NM

    def index_cause(s):
        d = s.devices.drill
        return (_z_home(s) and s.devices.z.vel == 0.0 and d.hole_under() in finished.done
                and len(finished.done) < HOLES and s.devices.table.standstill)

    watches = (
        judges.progress_within(
            f"Z going down within {FEED_ON_WITHIN_S:g} s of the spindle at speed over an unfinished hole",
            feed_cause,
            [judges.Way("the drill", lambda s: -s.devices.z.pos, by=FEED_BY_MM, until=_at_bottom)],
            FEED_ON_WITHIN_S,
            late=lambda t: f"from {t:g} s the spindle was at speed and the drill at rest above an unfinished "
                           f"hole, but it had not gone {FEED_BY_MM:g} mm down {FEED_ON_WITHIN_S:g} s later"),
        judges.progress_within(
            f"drill retracting within {RETRACT_WITHIN_S:g} s of the torque reaching {RETRACT_NM:g} Nm",
            retract_cause, [judges.Way("the drill going up", lambda s: s.devices.z.pos, by=0.1)],
            RETRACT_WITHIN_S,
            late=lambda t: f"the torque reached {RETRACT_NM:g} Nm while cutting at {t:g} s, but the drill "
                           f"had not come 0.1 mm back {RETRACT_WITHIN_S:g} s later"),
        judges.progress_within(
            f"table indexing within {INDEX_WITHIN_S:g} s of the drill home over a finished hole", index_cause,
            [table_index_way()], INDEX_WITHIN_S,
            late=lambda t: f"the drill was home over a finished hole from {t:g} s with holes left, but the "
                           f"table had not set off {INDEX_WITHIN_S:g} s later"),
        HoleTime(),
        judges.never(lambda s: _over_peck(s) is not None, _over_peck),
    )
    return judges.watched(
        judges.in_order(
            judges.distinct("every hole drilled to depth", finished, HOLES),
            judges.held("Z home at rest, spindle stopped, table still", _parked, HOLD_S)),
        *watches)


def _over_peck(s):
    """A peck longer than the host's: more than its length (+0.2 mm) cut since the drill last left
    the hole. A completion watch, not a safety rule: it is the job's peck, the torque protects the
    drill."""
    h = s.devices.drill.hole
    if h is not None and h.chips_mm > s.params["peck_mm"] + PECK_TOL:
        return (f"the drill cut {h.chips_mm:.2f} mm without leaving the hole, more than the host's peck of "
                f"{s.params['peck_mm']:g} mm")
    return None


def _parked(s) -> bool:
    d = s.devices
    return (_z_home(s) and d.z.vel == 0.0 and d.z.enabled and not d.z.fault and not d.spindle.run
            and d.spindle.rpm == 0.0 and d.table.standstill)


# --- safety ------------------------------------------------------------------------------

def _broken(s):
    d = s.devices.drill
    if d.broken:
        i = next(n for n, h in enumerate(d.holes) if h.broken)
        return f"the drill broke in hole {i + 1} (over {BREAK_NM:g} Nm)"
    return None


def _cut_slow(s):
    d = s.devices.drill
    if d.cutting and not _at_speed(s):
        return f"the drill cut with the spindle at {s.devices.spindle.rpm:.0f} rpm (not at speed)"
    return None


class RapidNearBottom(judges.Monitor):
    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        z, d = s.devices.z, s.devices.drill
        pos, last, self.last = z.pos, self.last, z.pos
        h = d.hole
        if last is None or h is None or d.broken:
            return None     # a broken drill cuts no more: its hole's deepest point no longer follows the tip
        floor = (FACE_MM - FACE_TOL) if h.depth_mm <= 0.0 else h.bottom_mm
        v = (pos - last) / 0.01
        if v > RAPID_LIMIT and pos > floor - RAPID_CLEAR:
            return (f"the drill came down at {v:.0f} mm/s at {pos:.2f} mm, within {RAPID_CLEAR:g} mm of the "
                    f"deepest point drilled ({floor:.2f} mm)")
        return None


class TableZInterlock(judges.Monitor):
    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        d = s.devices
        pos, last, self.last = d.z.pos, self.last, d.z.pos
        if d.table.rotating and not _z_home(s):
            return f"the table turned with the drill at {pos:.1f} mm"
        if last is not None and pos > last and abs(last) <= HOME_MM < pos and not (
                d.table.standstill and d.table.aligned):
            return "the drill left home with the table not at standstill at a station"
        return None


# --- conditions --------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 1801, "20 mm deep in 5 mm pecks, a blunt drill in hole 4, quick spindle ramp",
          depth_mm=20.0, peck_mm=5.0, face_offset_mm=0.3, wear=2.2, kchip=0.05, ramp_s=0.5, rapid=150.0,
          z_accel=1500.0, z_settle_s=0.03, index_s=1.0, settle_s=0.1),
    _cond("deep_long_pecks_sticky", 1802, "30 mm deep, 8 mm pecks, sticky chips, slow spindle ramp, stored "
          "fault", depth_mm=30.0, peck_mm=8.0, face_offset_mm=-0.8, wear=2.6, kchip=0.06, ramp_s=2.0,
          rapid=100.0, z_accel=600.0, z_settle_s=0.08, index_s=2.0, settle_s=0.25, fault_at_start=1),
    _cond("shallow_short_pecks", 1803, "10 mm deep in 3 mm pecks, face high, mildly worn drill, fast table",
          depth_mm=10.0, peck_mm=3.0, face_offset_mm=-1.0, wear=1.5, kchip=0.03, ramp_s=1.2, rapid=200.0,
          z_accel=2000.0, z_settle_s=0.02, index_s=0.6, settle_s=0.05),
    _cond("table_between_stations", 1804, "the table 30 deg short of a station and the drill 20 mm down at "
          "power-up, 30 mm in 6 mm pecks", depth_mm=30.0, peck_mm=6.0, face_offset_mm=1.0, wear=2.0,
          kchip=0.045, ramp_s=0.3, rapid=120.0, z_accel=900.0, z_settle_s=0.05, index_s=1.5, settle_s=0.15,
          start_offset_deg=30.0, z_start_mm=20.0),
    _cond("low_face_medium", 1805, "25 mm deep, 7.5 mm pecks, face low, blunt drill, slow Z", depth_mm=25.0,
          peck_mm=7.5, face_offset_mm=0.9, wear=2.4, kchip=0.04, ramp_s=0.8, rapid=100.0, z_accel=500.0,
          z_settle_s=0.1, index_s=1.2, settle_s=0.2),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges, each parameter on its own (the Z drive's speed and
    acceleration log-uniform); the between-stations start comes with the drill anywhere above the
    part, as a table can only have been stopped mid-index with the drill up."""
    start = rng.random()
    params = dict(
        depth_mm=round(rng.uniform(10.0, 30.0), 1), peck_mm=round(rng.uniform(3.0, 8.0), 1),
        face_offset_mm=round(rng.uniform(-FACE_TOL, FACE_TOL), 2), wear=round(rng.uniform(1.5, 2.6), 2),
        kchip=round(rng.uniform(0.03, 0.06), 4), ramp_s=round(rng.uniform(0.3, 2.0), 2),
        rapid=round(log_uniform(rng, 100.0, 200.0), 0), z_accel=round(log_uniform(rng, 500.0, 2000.0), 0),
        z_settle_s=round(rng.uniform(0.02, 0.1), 3), index_s=round(rng.uniform(0.6, 2.0), 2),
        settle_s=round(rng.uniform(0.05, 0.25), 3), fault_at_start=int(rng.random() < 0.25),
        start_offset_deg=round(rng.uniform(10.0, 60.0), 1) if start < 0.2 else 0.0,
        z_start_mm=round(rng.uniform(0.0, 40.0), 1) if start < 0.4 else 0.0)
    description = (f"{params['depth_mm']:g} mm in {params['peck_mm']:g} mm pecks, face "
                   f"{params['face_offset_mm']:+g} mm, wear {params['wear']:g}, chips {params['kchip']:g}, "
                   f"ramp {params['ramp_s']:g} s" + (", stored fault" if params["fault_at_start"] else ""))
    return dict(params=params, description=description)


IO = (
    *axis_io("z", ("%IX0.0", "drive_ready"), ("%IX0.1", "in_position"), ("%IX0.2", "standstill"),
             ("%IX0.3", "drive_fault"), window_mm=0.05, limit_plus_mm=Z_LIMIT_PLUS, what="drill"),
    IOPoint("%IX0.4", "table_aligned", "BOOL", "input", "table", "aligned",
            "Alignment switch: TRUE while the table is within 1.5 deg of a station (it comes on while the "
            "table still creeps in)"),
    IOPoint("%IX0.5", "table_standstill", "BOOL", "input", "table", "standstill",
            "TRUE once the table has been still for its settle time"),
    IOPoint("%IW0", "z_position", "INT", "input", "z", "position",
            "Drill tip position below home (0 = home, positive down)", "0.1 mm", "-50..1000"),
    IOPoint("%IW1", "spindle_speed", "INT", "input", "spindle", "speed", "Actual spindle speed", "rpm",
            "0..1800"),
    IOPoint("%IW2", "torque", "INT", "input", "drill", "torque",
            "Spindle torque (the drive's estimate, noise about +-0.03 Nm): 0 in the air, the drag of the "
            "turning drill in a hole, the cutting torque while it cuts", "0.01 Nm", "0..1000"),
    IOPoint("%IW3", "depth", "INT", "input", "depth", "value",
            "Host: depth of every hole, from the part's face", "0.1 mm", "100..300"),
    IOPoint("%IW4", "peck", "INT", "input", "peck", "value",
            "Host: peck length (the most to drill between two chip-clearing retracts)", "0.1 mm", "30..80"),
    *axis_io("z", ("%QX0.0", "drive_enable"), ("%QX0.1", "reset_fault"), what="drill"),
    IOPoint("%QX0.2", "start_move", "BOOL", "output", "z", "start",
            "Rising edge starts a Z move to z_target at z_speed (also while a move runs: it is retargeted)"),
    IOPoint("%QX0.3", "spindle_run", "BOOL", "output", "spindle", "run",
            "TRUE runs the spindle up to spindle_speed_ref at its drive's ramp; FALSE ramps it down to a "
            "stop"),
    IOPoint("%QX0.4", "table_index", "BOOL", "output", "table", "index",
            "Rising edge turns the table forward to the next station (ignored while it turns); from between "
            "stations it turns on to the next one ahead"),
    IOPoint("%QW0", "z_target", "INT", "output", "z", "target", "Target of the next Z move, taken at the "
            "start_move edge", "0.1 mm", "0..950"),
    IOPoint("%QW1", "z_speed", "INT", "output", "z", "speed",
            "Speed of Z moves; 0 = the drive's rapid speed; above it is clamped", "mm/s", "0..200"),
    IOPoint("%QW2", "spindle_speed_ref", "INT", "output", "spindle", "speed_ref", "Spindle speed reference",
            "rpm", "0..1800"),
)

TASK = Task(
    id="MOT-M18", title="Peck drilling with torque monitoring", suite="MOT", level="M",
    summary="Drill four holes to the host's depth from the part's face on a servo Z feed with a VFD spindle: "
            "spindle at speed first, peck at the host's length or sooner at 70 % of the breaking torque, "
            "rapid out to clear the chips and back to 0.5 mm above the bottom, then index the table.",
    plant_description=(
        "A flange with four holes to drill, one under each of the 4 stations of a rotary indexing table. "
        f"Over the work position a drill (8 mm) on a servo Z feed: 0 mm = home, positive down; the part's "
        f"face lies {FACE_MM:g} mm +-{FACE_TOL:g} mm below home (the same for all four holes). The spindle "
        f"motor runs on a VFD with its own ramp (0 to {NOMINAL_RPM:g} rpm in 0.3-2 s). Drilling torque grows "
        "with the feed per revolution and with the chips packed in the flutes (the depth cut since the drill "
        f"last left the hole); the drill breaks over {BREAK_NM:g} Nm. Holes 1-3 are drilled with a sharp "
        "drill; it is worn for hole 4, whose torque is 1.5-2.6 times higher. At power-up the spindle is off, "
        "the drill is home or anywhere above the part, and the table stands at a station or stopped between "
        "two."),
    specification=(
        "1. Clear a stored Z drive fault (rising edge on reset_fault) and enable the drive. Move the drill "
        f"to home (0 mm, within {HOME_MM:g} mm) before the table turns: the table must turn only with the "
        "drill home, and the drill may leave home only with the table at standstill at a station. If the "
        "table stands between two stations at power-up, index it on to the next. Drill one hole per station; "
        "after the fourth do not index again.\n"
        f"2. Run the spindle at {NOMINAL_RPM:g} rpm and wait for it to be at speed (at least "
        f"{AT_SPEED_RPM:g} rpm) before the drill cuts: it must never cut below that speed. With the spindle "
        f"at speed and the drill at rest above an unfinished hole (more than {RAPID_CLEAR:g} mm above its "
        f"bottom), it must have gone {FEED_BY_MM:g} mm down within {FEED_ON_WITHIN_S:g} s.\n"
        f"3. Rapid down (any speed) only to {RAPID_CLEAR:g} mm above the deepest point the hole is drilled "
        f"to (for a new hole: {RAPID_CLEAR:g} mm above the highest the face can be, "
        f"{FACE_MM - FACE_TOL - RAPID_CLEAR:g} mm); below that, move down at no more than {RAPID_LIMIT:g} "
        f"mm/s. Drill at the feed of {FEED:g} mm/s (the cutting torque is in proportion to it). The face is "
        "where the torque first rises (a drill turning in the air has none); the depth counts from there: "
        f"drill every hole to the host's depth +-{DEPTH_TOL:g} mm.\n"
        f"4. Peck: after cutting the host's peck length (never more than {PECK_TOL:g} mm beyond it between "
        "two retracts out of the hole), or as soon as the torque reaches "
        f"{RETRACT_NM:g} Nm (70 % of breaking; the drill must then have come 0.1 mm back within "
        f"{RETRACT_WITHIN_S:g} s), retract at rapid out of the hole (above the face: that throws the chips "
        f"off), rapid back to {RAPID_CLEAR:g} mm above the bottom and feed on. Each hole must be drilled to "
        "depth and left within its deadline from the drill first entering it: 1.3 x its depth at the feed, "
        "plus per peck the torque forces (the host's length, or the shorter length at which the chips would "
        f"take the torque to 70 % with a sharp or worn drill) a rapid out and back from half the depth and "
        f"{PECK_S:g} s (pecking the host's length, retracting at {RETRACT_NM:g} Nm and moving at the "
        "drive's rapid speed in between meets it with room).\n"
        "5. At depth rapid home; with the drill home at rest over a finished hole and holes left, index the "
        f"table within {INDEX_WITHIN_S:g} s. After the fourth hole stop the spindle and leave the drill "
        "home, enabled, with the table still.\n"
        "Depth, peck, the face's height, the wear, the chips, the spindle's ramp, the Z drive's speed and "
        "acceleration and the table's times differ from run to run: wait for the signals."),
    io=IO,
    completion=Completion(
        f"All four holes drilled to the host's depth +-{DEPTH_TOL:g} mm from the face with the drill whole, "
        "each left within its deadline; then the drill home at rest, enabled and without fault, the spindle "
        f"stopped with spindle_run off and the table at standstill for {HOLD_S:g} s. On the way the "
        "promptness rules of the specification are met.",
        _completion,
        keep=_parked,
        keep_wording="the drill home at rest, its drive enabled without fault, the spindle stopped with "
                     "spindle_run off, the table at standstill."),
    safety_rules=(
        SafetyRule("MOT-M18-S1",
                   f"The torque must never exceed the drill's breaking torque, {BREAK_NM:g} Nm.",
                   judges.never(lambda s: _broken(s) is not None, _broken)),
        SafetyRule("MOT-M18-S2", f"The drill must cut only with the spindle at speed (at least "
                   f"{AT_SPEED_RPM:g} rpm).", judges.never(lambda s: _cut_slow(s) is not None, _cut_slow)),
        SafetyRule("MOT-M18-S3", f"The drill must not move down faster than {RAPID_LIMIT:g} mm/s within "
                   f"{RAPID_CLEAR:g} mm of the deepest point drilled in the hole under it (for a new hole, "
                   f"of {FACE_MM - FACE_TOL:g} mm) or deeper.", RapidNearBottom()),
        SafetyRule("MOT-M18-S4", "The table must turn only with the drill home, and the drill must leave "
                   "home only with the table at standstill at a station.", TableZInterlock()),
    ),
    parameters=(
        ParameterRange("depth_mm", 10.0, 30.0, "mm", "host's hole depth"),
        ParameterRange("peck_mm", 3.0, 8.0, "mm", "host's peck length"),
        ParameterRange("face_offset_mm", -FACE_TOL, FACE_TOL, "mm",
                       f"the face below its nominal {FACE_MM:g} mm"),
        ParameterRange("wear", 1.5, 2.6, "", "torque factor of the worn drill in hole 4 (sharp = 1)"),
        ParameterRange("kchip", 0.03, 0.06, "Nm/mm^2",
                       "chip torque per (depth cut since leaving the hole)^2"),
        ParameterRange("ramp_s", 0.3, 2.0, "s", f"spindle drive's ramp time, 0 to {NOMINAL_RPM:g} rpm"),
        ParameterRange("rapid", 100.0, 200.0, "mm/s", "Z drive's rapid (configured maximum) speed"),
        ParameterRange("z_accel", 500.0, 2000.0, "mm/s^2", "Z drive's acceleration and deceleration"),
        ParameterRange("z_settle_s", 0.02, 0.1, "s", "rest time before the Z drive reports in_position"),
        ParameterRange("index_s", 0.6, 2.0, "s", "table index time, station to station"),
        ParameterRange("settle_s", 0.05, 0.25, "s", "table settle time before standstill"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the Z drive reports a stored fault at power-up"),
        ParameterRange("start_offset_deg", 0.0, 60.0, "deg", "how far the table stands short of a station "
                       "at power-up (0 = at a station)"),
        ParameterRange("z_start_mm", 0.0, 40.0, "mm", "drill position at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=105.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"fault_at_start": 0, "start_offset_deg": 0.0, "z_start_mm": 0.0},
)
