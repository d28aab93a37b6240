"""MOT-M09 Torque-angle screw tightening.

A cover with four screws lies on a 4-station rotary indexing table (sim.devices.rotary.RotaryTable);
each index brings the next screw under a nutrunner (sim.devices.nutrunner.Nutrunner: run, reverse
and speed words, torque and angle back) that hangs on a pneumatic feed (a Cylinder, rod down).
Per screw the program lowers the feed, runs the screw down fast, slows at snug (1 Nm), turns
90 deg from snug slowly and checks the final torque: 3-6 Nm with 85-95 deg past snug is OK; a
screw that snugs too early (cross-threaded), never snugs (missing thread), goes over 6 Nm before
its angle or stays under 3 Nm at it is NOK and is backed out. OK and NOK lamps report each screw.

Changes from the catalog entry, and why:
- Joint rates of 0.01-0.12 Nm/deg instead of 0.1-0.6: with 1 Nm at snug, 90 deg and a 3-6 Nm
  window, only 0.022-0.056 Nm/deg can ever be in both windows; at 0.1 Nm/deg every screw would be
  over 8 Nm (S1). Sound joints are 0.025-0.05; soft (0.01-0.018) and stiff (0.09-0.12) joints occur
  so that the torque check matters (a stiff one turned on to 90 deg goes over 8 Nm: S1).
- The four screws sit in the nests of a rotary table, so the job has the table/feed interlock of
  a real station: S4 (no turning with the feed down, no feed down on a table not at standstill).
- Snug is where the torque crossed 1 Nm. At run-down speed the spindle turns 10-18 deg a scan, so
  the program sees the crossing late; the 85-95 deg window counts from the crossing itself (the
  torque past snug is a straight line: it can be extrapolated back, or the screw re-snugged at low
  speed). A cycle deadline (the feed back up within 5 s of reaching down on a sound screw, 12 s on
  a NOK one) makes a slow run-down, where the late crossing would not matter, too slow: at 6 s a
  run-down at 180 rpm counting from the crossing seen less half a scan's angle passed 4 of the 5
  registered conditions (counterexamples/midpoint_rundown.st); to meet 5 s with a screw that snugs
  after 12 revolutions and the slowest feed the run-down needs over 220 rpm, 13 deg a scan.
- A NOK screw counts once it was run to its snug (or, never snugging, 12 revolutions) and then
  backed out with NOK on: a program that calls NOK without trying has found nothing out.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.nutrunner import KINDS, Joint, Nutrunner
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.rotary import RotaryTable
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import log_uniform, table_index_way

SCREWS = 4
SNUG_NM = 1.0
ANGLE_MIN, ANGLE_MAX = 85.0, 95.0       # deg past snug for OK
TORQUE_MIN, TORQUE_MAX = 3.0, 6.0       # Nm final torque for OK
TORQUE_LIMIT = 8.0                      # S1
SOUND_MIN_REV, SOUND_MAX_REV = 6.0, 12.0
GIVE_UP_REV = 12.0                      # a NOK screw that never snugs counts once run this far
FEED_STROKE = 60.0
FEED_DOWN_WITHIN_S = 0.5                # feed sets off down after the table's standstill
RUN_WITHIN_S = 0.5                      # spindle sets off after the feed is down on a new screw
FEED_UP_WITHIN_S = 1.0                  # feed sets off up after the result
INDEX_WITHIN_S = 0.5                    # table sets off after the feed is up on a finished screw
OK_CYCLE_S = 5.0                        # feed back up within this of reaching down, sound screw
NOK_CYCLE_S = 12.0                      # ... NOK screw
FEED_BY_MM = 5.0
SPINDLE_BY_DEG = 30.0
HOLD_S = 2.0
MAX_RPM = 400.0
TABLE_XY = (0.0, 0.0)
NEST_RADIUS = 150.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(RotaryTable("table", center=TABLE_XY, radius_mm=210.0, stations=SCREWS,
                          index_time_s=p["index_s"], settle_s=p["settle_s"], align_tolerance_deg=1.5,
                          start_station=1,
                          start_offset_deg=p["start_offset_deg"], work_angle_deg=0.0,
                          nest_radius_mm=NEST_RADIUS, label="rotary table (cover with 4 screws)"))
    plant.add(Cylinder("feed", 520.0, 520.0, angle_deg=-90.0, stroke=FEED_STROKE, extend_s=p["feed_s"],
                       retract_s=p["feed_s"], plate_width=30.0, start_extended=bool(p["feed_down_at_start"])))
    joints = [Joint(kind, snug_rev=snug, rate_nm_deg=rate, drag_nm=drag, xthread_rev=xt)
              for kind, snug, rate, drag, xt in zip(p["joints"], p["snug_rev"], p["rate"], p["drag"],
                                                    p["xthread_rev"], strict=True)]
    plant.add(Nutrunner("spindle", feed="feed", table="table", joints=joints, x=520.0, y=220.0,
                        max_rpm=MAX_RPM, accel_rpm_s=p["accel_rpm_s"], label="nutrunner"))
    plant.add(Lamp("ok_lamp", x=300.0, y=-320.0, label="OK", color="green"))
    plant.add(Lamp("nok_lamp", x=420.0, y=-320.0, label="NOK", color="red"))
    return plant


class Devices:
    def __init__(self, plant):
        self.table = plant.device("table", RotaryTable)
        self.feed = plant.device("feed", Cylinder)
        self.spindle = plant.device("spindle", Nutrunner)


# --- what the judges know of a screw ------------------------------------------------------

def _sound(screw) -> bool:
    return screw.joint.kind == "good"


def in_windows(screw) -> bool:
    """Sound, 85-95 deg past its snug and 3-6 Nm: the only screw that may be called OK."""
    past = screw.past_snug_deg
    return (_sound(screw) and past is not None and ANGLE_MIN <= past <= ANGLE_MAX
            and TORQUE_MIN <= screw.torque_nm <= TORQUE_MAX)


def _tested(screw) -> bool:
    """A NOK screw run far enough to be found NOK: to its snug, or 12 revolutions with none."""
    snug = screw.joint.snug_deg
    return screw.max_turned_deg >= (GIVE_UP_REV * 360.0 if snug is None else snug)


def _backed_out(screw) -> bool:
    return not _sound(screw) and _tested(screw) and screw.turned_deg <= 0.0


def _rest(s) -> bool:
    return s.devices.spindle.at_rest


def _feed_up(s) -> bool:
    return s.devices.feed.position <= 0.0


def _feed_down(s) -> bool:
    return s.devices.feed.position >= FEED_STROKE


def _current(s):
    return s.devices.spindle.screw


def _under(s):
    i = s.devices.spindle.screw_under()
    return None if i is None else s.devices.spindle.screws[i]


def _result_known(s) -> bool:
    sc = _current(s)
    return sc is not None and (in_windows(sc) or _backed_out(sc))


class Finished:
    """The screws finished so far (by nest): the feed up on a screw the program last ran, with OK on
    (and NOK off) for a sound screw in both windows, NOK on (and OK off) for a NOK one tested and
    backed out. Accumulates over the run (a fresh one per completion)."""

    def __init__(self):
        self.done: set[int] = set()

    def __call__(self, s) -> set[int]:
        sp = s.devices.spindle
        sc = sp.screw
        if sc is not None and _feed_up(s):
            ok, nok = s.io["ok_lamp"], s.io["nok_lamp"]
            if (in_windows(sc) and ok and not nok) or (_backed_out(sc) and nok and not ok):
                self.done.add(sp.current)
        return self.done


class CycleTime(judges.Watch):
    """The feed back fully up within OK_CYCLE_S (sound screw) or NOK_CYCLE_S (NOK screw) of reaching
    down on a screw not yet run. Written for this task: the deadline is over the whole of a screw's
    cycle (run-down, final angle, check, back-out), which no single Way's distance measures."""

    def __init__(self):
        self.since: int | None = None
        self.limit_ms = 0

    def check(self, s):
        if self.since is None:
            under = _under(s)
            if _feed_down(s) and under is not None and not under.touched:
                self.since = s.time_ms
                self.limit_ms = round((OK_CYCLE_S if _sound(under) else NOK_CYCLE_S) * 1000)
            return None
        if _feed_up(s):
            self.since = None
            return None
        if s.time_ms - self.since > self.limit_ms:
            return (f"the feed came down on a screw at {self.since / 1000:g} s and was not back up "
                    f"{self.limit_ms / 1000:g} s later")
        return None


def _completion():
    finished = Finished()
    feed_down_way = judges.Way("the feed", lambda s: FEED_STROKE - s.devices.feed.position, by=FEED_BY_MM,
                               until=_feed_down, arrive_s=lambda s: s.params["feed_s"] + 0.3)
    feed_up_way = judges.Way("the feed going up", lambda s: s.devices.feed.position, by=FEED_BY_MM,
                             until=_feed_up, arrive_s=lambda s: s.params["feed_s"] + 0.3)
    spindle_way = judges.Way("the spindle", lambda s: -s.devices.spindle.turned_deg, by=SPINDLE_BY_DEG)

    def table_ready(s):
        t, under = s.devices.table, _under(s)
        return (t.standstill and under is not None and not under.touched and _feed_up(s) and _rest(s)
                and len(finished.done) < SCREWS)

    def new_screw_down(s):
        under = _under(s)
        return _feed_down(s) and under is not None and not under.touched and _rest(s)

    def result_down(s):
        return _feed_down(s) and _rest(s) and _result_known(s)

    def finished_up(s):
        sp = s.devices.spindle
        return (_feed_up(s) and sp.current in finished.done and len(finished.done) < SCREWS
                and s.devices.table.standstill and s.devices.spindle.screw_under() == sp.current)

    watches = (
        judges.progress_within(
            f"feed coming down within {FEED_DOWN_WITHIN_S:g} s of the table at standstill", table_ready,
            [feed_down_way], FEED_DOWN_WITHIN_S,
            late=lambda t: f"the table stood still with a screw not yet run from {t:g} s, but the feed had "
                           f"not come down {FEED_BY_MM:g} mm {FEED_DOWN_WITHIN_S:g} s later"),
        judges.progress_within(
            f"spindle turning within {RUN_WITHIN_S:g} s of the feed down on a new screw", new_screw_down,
            [spindle_way, feed_up_way], RUN_WITHIN_S,
            late=lambda t: f"the feed was down on a screw not yet run from {t:g} s, but the spindle had not "
                           f"turned {SPINDLE_BY_DEG:g} deg {RUN_WITHIN_S:g} s later"),
        judges.progress_within(
            f"feed going up within {FEED_UP_WITHIN_S:g} s of the screw's result", result_down,
            [feed_up_way], FEED_UP_WITHIN_S,
            late=lambda t: f"the screw was tightened in its windows or backed out with the spindle at rest "
                           f"from {t:g} s, but the feed had not gone up {FEED_UP_WITHIN_S:g} s later"),
        judges.progress_within(
            f"table indexing within {INDEX_WITHIN_S:g} s of the feed up on a finished screw", finished_up,
            [table_index_way()], INDEX_WITHIN_S,
            late=lambda t: f"the feed was up on a finished screw from {t:g} s with screws left, but the "
                           f"table had not set off {INDEX_WITHIN_S:g} s later"),
        CycleTime(),
    )
    return judges.watched(
        judges.in_order(
            judges.distinct("every screw tightened OK or found NOK and backed out", finished, SCREWS),
            judges.held("feed up, spindle stopped, table at standstill", _parked, HOLD_S)),
        *watches)


def _parked(s) -> bool:
    sp = s.devices.spindle
    return _feed_up(s) and sp.at_rest and not sp.run and s.devices.table.standstill


# --- safety ------------------------------------------------------------------------------

def _over_torque(s):
    sc = _current(s)
    if sc is not None and sc.torque_nm > TORQUE_LIMIT:
        return f"the screw took {sc.torque_nm:.2f} Nm (limit {TORQUE_LIMIT:g} Nm)"
    return None


class FeedRisesTurning(judges.Monitor):
    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        pos, last, self.last = s.devices.feed.position, self.last, s.devices.feed.position
        rpm = s.devices.spindle.rpm
        if last is not None and pos < last and rpm > 0.0:
            return f"the feed rose at {pos:.1f} mm with the spindle turning forward at {rpm:.0f} rpm"
        return None


def _ok_unsafe(s):
    if not s.io["ok_lamp"]:
        return None
    sc = _current(s)
    if sc is None:
        return "OK on before any screw was run"
    if not _rest(s):
        return "OK on with the spindle turning"
    if not in_windows(sc):
        past = sc.past_snug_deg
        what = ("it never snugged" if past is None else
                "it is cross-threaded" if sc.joint.kind == "cross_thread" else
                f"{past:.1f} deg past snug at {sc.torque_nm:.2f} Nm")
        return f"OK on for a screw not in both windows: {what}"
    return None


class TableFeedInterlock(judges.Monitor):
    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        d = s.devices
        pos, last, self.last = d.feed.position, self.last, d.feed.position
        if d.table.rotating and pos > 0.0:
            return f"the table turned with the feed {pos:.1f} mm down"
        if last is not None and pos > last and not (d.table.standstill and d.table.aligned):
            return "the feed came down with the table not at standstill at a station"
        return None


# --- conditions --------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 901, "three sound screws and a cross-threaded one, medium feed and table",
          joints=("good", "good", "cross_thread", "good"), snug_rev=(8.0, 9.5, 7.0, 10.2),
          rate=(0.035, 0.03, 0.04, 0.045), drag=(0.2, 0.15, 0.3, 0.1), xthread_rev=(2.5, 2.5, 2.2, 2.5),
          accel_rpm_s=20000.0, feed_s=0.4, index_s=1.0, settle_s=0.1),
    _cond("stiff_and_missing", 902, "a stiff joint and a missing thread, quick feed and table, stiff spindle",
          joints=("stiff", "good", "missing_thread", "good"), snug_rev=(6.5, 11.8, 9.0, 6.1),
          rate=(0.11, 0.05, 0.03, 0.026), drag=(0.35, 0.05, 0.2, 0.25), xthread_rev=(2.0, 2.0, 2.0, 2.0),
          accel_rpm_s=40000.0, feed_s=0.2, index_s=0.6, settle_s=0.05),
    _cond("slow_machine_feed_down", 903, "feed down on the first screw at power-up, slow feed, table and "
          "spindle ramp, a soft and a stiff joint",
          joints=("good", "soft", "good", "stiff"), snug_rev=(12.0, 7.5, 6.0, 9.0),
          rate=(0.025, 0.012, 0.05, 0.095), drag=(0.4, 0.1, 0.05, 0.2), xthread_rev=(3.0, 3.0, 3.0, 3.0),
          accel_rpm_s=10000.0, feed_s=1.0, index_s=2.5, settle_s=0.3, feed_down_at_start=1),
    _cond("table_between_stations", 904, "the table stopped 40 deg short of a station at power-up; "
          "missing thread, cross thread, a sound screw and a soft one",
          joints=("missing_thread", "cross_thread", "good", "soft"), snug_rev=(8.0, 8.0, 10.0, 11.0),
          rate=(0.04, 0.028, 0.038, 0.017), drag=(0.1, 0.2, 0.3, 0.15), xthread_rev=(2.0, 3.9, 2.0, 2.0),
          accel_rpm_s=14000.0, feed_s=0.7, index_s=1.6, settle_s=0.2, start_offset_deg=40.0),
    _cond("sound_screws_at_the_edges", 905,
          "sound screws at the ends of the snug and rate ranges and an early cross thread",
          joints=("good", "good", "good", "cross_thread"), snug_rev=(6.0, 12.0, 11.5, 8.0),
          rate=(0.05, 0.025, 0.05, 0.03), drag=(0.3, 0.3, 0.05, 0.1), xthread_rev=(2.0, 2.0, 2.0, 1.5),
          accel_rpm_s=28000.0, feed_s=0.3, index_s=0.9, settle_s=0.15),
)

_RATES = {"good": (0.025, 0.05), "soft": (0.01, 0.018), "stiff": (0.09, 0.12), "cross_thread": (0.025, 0.05),
          "missing_thread": (0.025, 0.05)}


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The kinds of the four joints are drawn (half of
    them sound on average, at least one sound screw a run); each joint's rate is drawn from its
    kind's part of the published rate range (a sound joint's rate is what makes it sound); the
    feed-down and between-stations start states are never drawn together (the feed cannot be down
    on a table that is between stations); the spindle's ramp is log-uniform; the rest each on
    its own."""
    kinds = [rng.choice(("good", "good", "good", "good", *KINDS[1:])) for _ in range(SCREWS)]
    if "good" not in kinds:
        kinds[rng.randrange(SCREWS)] = "good"
    start = rng.random()
    params = dict(
        joints=tuple(kinds),
        snug_rev=tuple(round(rng.uniform(SOUND_MIN_REV, SOUND_MAX_REV), 2) for _ in kinds),
        rate=tuple(round(rng.uniform(*_RATES[k]), 4) for k in kinds),
        drag=tuple(round(rng.uniform(0.05, 0.4), 3) for _ in kinds),
        xthread_rev=tuple(round(rng.uniform(1.5, 4.0), 2) for _ in kinds),
        accel_rpm_s=round(log_uniform(rng, 10000.0, 40000.0), -1), feed_s=round(rng.uniform(0.2, 1.0), 2),
        index_s=round(rng.uniform(0.6, 2.5), 2), settle_s=round(rng.uniform(0.05, 0.3), 3),
        feed_down_at_start=int(start < 0.2),
        start_offset_deg=round(rng.uniform(10.0, 60.0), 1) if start > 0.8 else 0.0)
    description = (f"joints {', '.join(kinds)}; feed {params['feed_s']:g} s, index {params['index_s']:g} s, "
                   f"spindle ramp {params['accel_rpm_s']:g} rpm/s"
                   + (", feed down at power-up" if params["feed_down_at_start"] else "")
                   + (f", table {params['start_offset_deg']:g} deg off a station"
                      if params["start_offset_deg"] else ""))
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "feed_up", "BOOL", "input", "feed", "retracted",
            "Feed cylinder's top end switch: TRUE only when the feed (and the spindle on it) is fully up"),
    IOPoint("%IX0.1", "feed_down", "BOOL", "input", "feed", "extended",
            "Feed cylinder's bottom end switch: TRUE only when the feed is fully down: the bit then sits in "
            "the screw under it, and only then does turning the spindle turn the screw"),
    IOPoint("%IX0.2", "table_aligned", "BOOL", "input", "table", "aligned",
            "Alignment switch: TRUE while the table is within 1.5 deg of a station (it comes on while the "
            "table still creeps in)"),
    IOPoint("%IX0.3", "table_standstill", "BOOL", "input", "table", "standstill",
            "TRUE once the table has been still for its settle time"),
    IOPoint("%IW0", "spindle_speed", "INT", "input", "spindle", "speed",
            "Actual spindle speed, signed: positive = turning forward (tightening), negative = reverse",
            "rpm", "-400..400"),
    IOPoint("%IW1", "torque", "INT", "input", "spindle", "torque",
            "Torque transducer: the torque the spindle applies to the screw (0 while the bit is not in a "
            "screw); its noise is about +-0.02 Nm", "0.01 Nm", "0..1000"),
    IOPoint("%IW2", "angle", "INT", "input", "spindle", "angle",
            "Spindle angle encoder: counts up turning forward, down in reverse, 1 count per degree; a 16-bit "
            "counter (from 32767 it goes on at -32768): use the difference of two readings", "deg",
            "-32768..32767"),
    IOPoint("%QX0.0", "feed_extend", "BOOL", "output", "feed", "extend",
            "Feed valve (single solenoid): TRUE lowers the feed, FALSE raises it"),
    IOPoint("%QX0.1", "spindle_run", "BOOL", "output", "spindle", "run",
            "TRUE runs the spindle at spindle_speed_ref in the direction of spindle_reverse; FALSE brakes it "
            "to a stop (at its ramp)"),
    IOPoint("%QX0.2", "spindle_reverse", "BOOL", "output", "spindle", "reverse",
            "FALSE: forward (tightens the screw); TRUE: reverse (backs it out)"),
    IOPoint("%QX0.3", "table_index", "BOOL", "output", "table", "index",
            "Rising edge turns the table forward to the next station (ignored while it turns); from between "
            "stations it turns on to the next one ahead"),
    IOPoint("%QX0.4", "ok_lamp", "BOOL", "output", "ok_lamp", "on",
            "OK lamp: the screw last run is tightened OK"),
    IOPoint("%QX0.5", "nok_lamp", "BOOL", "output", "nok_lamp", "on",
            "NOK lamp: the screw last run is NOK (and is being or has been backed out)"),
    IOPoint("%QW0", "spindle_speed_ref", "INT", "output", "spindle", "speed_ref",
            "Spindle speed reference, magnitude (the direction is spindle_reverse); above 400 is clamped",
            "rpm", "0..400"),
)

TASK = Task(
    id="MOT-M09", title="Torque-angle screw tightening", suite="MOT", level="M",
    summary="Tighten the four screws of a cover on a rotary table with a nutrunner on a feed: run down, slow "
            "at snug (1 Nm), turn 90 deg from snug, check the torque; report OK, or NOK and back the screw "
            "out.",
    plant_description=(
        "A cover with four screws, one in each of the 4 nests of a rotary indexing table (one index = the "
        "next screw under the spindle). Above the work position a nutrunner (an electric tightening spindle "
        f"with a torque transducer and an angle encoder, at most {MAX_RPM:g} rpm) hangs on a pneumatic feed "
        f"cylinder ({FEED_STROKE:g} mm stroke, end switches at top and bottom). The screws are set in their "
        "holes, not yet turned. A screw runs down on a small prevailing torque (0.05-0.4 Nm) until its head "
        "seats; from there the torque rises in a straight line with the angle (the joint's rate). The "
        "spindle speeds up and brakes at its ramp (10000-40000 rpm/s) and cannot exceed 10 Nm. At power-up "
        "the spindle is stopped, the feed is up or down on the first screw, the table stands at a station "
        "or stopped between two."),
    specification=(
        "1. The table must turn only with the feed fully up, and the feed may come down only with the table "
        "at standstill at a station (table_aligned and table_standstill). If the table stands between two "
        "stations at power-up, index it on to the next; if the feed is down at power-up, raise it or start "
        "on that screw. Work the four screws one per station, in any order of stations (each index brings "
        "the next); after the fourth, do not index again.\n"
        f"2. Per screw: lower the feed within {FEED_DOWN_WITHIN_S:g} s of the table's standstill (it must "
        f"have come {FEED_BY_MM:g} mm down by then and go on down); with the feed down on a screw not yet "
        f"run, start the spindle forward within {RUN_WITHIN_S:g} s (it must have turned {SPINDLE_BY_DEG:g} "
        f"deg by then; with the feed down at power-up, raising it {FEED_BY_MM:g} mm in that time does). Run "
        "the screw down fast; snug is where the torque crosses 1 Nm. A sound screw snugs after "
        f"{SOUND_MIN_REV:g} to {SOUND_MAX_REV:g} revolutions of run-down (counted from the bit going in); "
        "one that snugs sooner is cross-threaded (those snug within 4 revolutions), and one that has not "
        f"snugged after {GIVE_UP_REV:g} revolutions has no thread to seat in: both are NOK.\n"
        "3. At snug slow down and turn the screw on to 90 deg past snug, then stop: it is OK when it ends "
        f"{ANGLE_MIN:g}-{ANGLE_MAX:g} deg past snug with a final torque (spindle at rest) of {TORQUE_MIN:g}-"
        f"{TORQUE_MAX:g} Nm; a torque over {TORQUE_MAX:g} Nm before 85 deg, or under {TORQUE_MIN:g} Nm at "
        "the end, is NOK. The angle counts from the point where the torque crossed 1 Nm, not from where the "
        "program noticed it: at run-down speed the spindle turns several degrees a scan (at 250 rpm, 15 "
        "deg), so either work the crossing out from the straight torque rise past snug or go back below "
        "snug and snug again slowly.\n"
        f"4. OK: OK lamp on (spindle at rest), then raise the feed within {FEED_UP_WITHIN_S:g} s of the "
        "screw's result (it must have gone up by "
        f"{FEED_BY_MM:g} mm by then). NOK: NOK lamp on, back the screw out (reverse the spindle by at least "
        "the angle the screw was run in, until it is out of the thread), stop, and raise the feed within "
        f"{FEED_UP_WITHIN_S:g} s of it being out. The feed may only rise with the spindle stopped or "
        f"reversing. The feed must be fully up again within {OK_CYCLE_S:g} s of having reached down on a "
        f"sound screw and within {NOK_CYCLE_S:g} s on a NOK one. Keep the lamp on until the feed comes down "
        "on the next screw, and turn it off by then.\n"
        f"5. With the feed fully up on a finished screw and screws left, index the table within "
        f"{INDEX_WITHIN_S:g} s. After the last screw leave the feed up, the spindle stopped (spindle_run "
        "off) and the table still.\n"
        "Snug turns, joint rates, the drag, feed, table and spindle-ramp times and which screws are NOK "
        "differ from run to run: wait for the signals."),
    io=IO,
    completion=Completion(
        "Each of the four screws is finished: a sound screw tightened to 85-95 deg past snug and 3-6 Nm with "
        "the OK lamp on (NOK off) when the feed is up; a NOK screw run to its snug (or 12 revolutions with "
        "none), backed out of its thread, with the NOK lamp on (OK off) when the feed is up. Then the feed "
        f"stays up, the spindle stopped with spindle_run off and the table at standstill for {HOLD_S:g} s. "
        "On the way the promptness and cycle deadlines of the specification are met.",
        _completion,
        keep=_parked,
        keep_wording="the feed fully up, the spindle at rest with spindle_run off, the table at standstill."),
    safety_rules=(
        SafetyRule("MOT-M09-S1", f"The torque on a screw must never exceed {TORQUE_LIMIT:g} Nm.",
                   judges.never(lambda s: _over_torque(s) is not None, _over_torque)),
        SafetyRule("MOT-M09-S2", "The feed must rise only with the spindle stopped or turning in reverse.",
                   FeedRisesTurning()),
        SafetyRule("MOT-M09-S3", "The OK lamp must only be on while the spindle is at rest and the screw it "
                   f"last ran is sound and in both windows: {ANGLE_MIN:g}-{ANGLE_MAX:g} deg past its snug "
                   f"and {TORQUE_MIN:g}-{TORQUE_MAX:g} Nm.",
                   judges.never(lambda s: _ok_unsafe(s) is not None, _ok_unsafe)),
        SafetyRule("MOT-M09-S4", "The table must turn only with the feed fully up, and the feed must come "
                   "down only with the table at standstill at a station.", TableFeedInterlock()),
    ),
    parameters=(
        ParameterRange("snug_rev", SOUND_MIN_REV, SOUND_MAX_REV, "rev",
                       "revolutions of run-down to snug (1 Nm) of a screw that seats"),
        ParameterRange("xthread_rev", 1.5, 4.0, "rev", "revolutions to 1 Nm of a cross-threaded screw"),
        ParameterRange("rate", 0.01, 0.12, "Nm/deg",
                       "torque rise past snug (sound joints 0.025-0.05; softer and stiffer ones occur)"),
        ParameterRange("drag", 0.05, 0.4, "Nm", "prevailing torque while running down"),
        ParameterRange("accel_rpm_s", 10000.0, 40000.0, "rpm/s", "spindle acceleration and braking ramp"),
        ParameterRange("feed_s", 0.2, 1.0, "s", "feed travel time, down or up"),
        ParameterRange("index_s", 0.6, 2.5, "s", "table index time, station to station"),
        ParameterRange("settle_s", 0.05, 0.3, "s", "table settle time before standstill"),
        ParameterRange("feed_down_at_start", 0, 1, "", "1 = the feed is down on the first screw at power-up"),
        ParameterRange("start_offset_deg", 0.0, 60.0, "deg",
                       "how far the table stands short of a station at power-up (0 = at a station)"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=55.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"feed_down_at_start": 0, "start_offset_deg": 0.0},
)
