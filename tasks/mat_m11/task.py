"""MAT-M11 RFID-driven carrier processing.

Carriers ride a belt to a press station: a stopper holds each one over an RFID head, the
program reads its tag and the tag says what to do. A carrier whose operation is pending is
lifted off the belt, pressed for the dwell its tag's recipe gives, lowered, its tag written as
done and read back to verify; a carrier already done is released at once; a tag that will not
read is retried twice, then flagged with the Tag fault lamp and the carrier released untouched.

Changes from the catalog entry, and why:
- The tag word carries the recipe (the press dwell, 0.3-1.5 s in 10 ms units) and the status
  (+1000 = done): "recipes" vary per carrier, so no fixed press time passes, and a table of the
  registered conditions misses the sampled recipes.
- Writes can tear (the head reports done, the tag keeps its old word): the catalog's "verify"
  then matters, and the catalog's trap, releasing on the write command (or on the write's done),
  lets a carrier go with its tag still pending (rule S3).
- The upstream line hands on the next carrier only once the one before is well past its drop
  point, so carriers never queue nose to tail (one stopper cannot part two touching carriers);
  "queue at start" is a carrier already standing at the stopper at power-up, unread.

Cheap programs tried from the prompt and the judges (kept in counterexamples/, none earned 1
from the first run): releasing on the write's done without reading back (MAT-M11-S3.st, the
catalog's trap), one read-back and go whatever it says (no_verify_retry.st), no retry
(no_retry.st), endless retry (endless_retry.st), the longest recipe's press time for every
carrier (fixed_dwell.st), worst-case fixed waits with token stopper pulses (token_blind.st), and
the registered recipes played back by recognising the head's read time (tuned/lookup_table.st).

Judged by what the plant does: each carrier as it passes the exit eye (its tag's word in the
head's memory, the press strokes with the carrier at the station, the Tag fault lamp), the
release by the carrier really moving off within 0.5 s of the step that allowed it, and the
rules on the cylinders' positions every scan. The judge of each carrier is this task's own:
what a carrier must have had done to it depends on its tag.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder, Stopper
from sim.devices.rfid_reader import RFIDReader
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import published_range

CARRIERS = 8
BELT_LENGTH, FEED_AT, STOP_AT, EXIT_AT = 1100.0, 80.0, 500.0, 640.0
CARRIER = dict(part_kind="carrier", colour="blue", width=80.0, length=100.0)
STATION_AT = STOP_AT - 6.0 - 50.0      # a held carrier's centre: against the stopper's 12 mm plate
EYE_AT = STATION_AT + 40.0             # the station eye sees a held carrier
DONE = 1000                            # the status part of a tag word
DWELL_SLACK_S = 0.3                    # the press may stay at the bottom this much past the recipe
RELEASE_WITHIN_S = 0.5
RELEASE_MM = 20.0
HOLD_S = 2.0
UNREADABLE = 3                         # read_fails value: the tag never reads


def tag_word(pressed: bool, dwell_s: float) -> int:
    return (DONE if pressed else 0) + round(dwell_s * 100)


def _carrier_index(part: Workpiece) -> int:
    return int(part.name.removeprefix("carrier"))


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=speed,
                              max_speed=speed, ramp_s=0.05,
                              guide_gaps=(("right", STOP_AT - 20, STOP_AT + 20),)))
    plant.add(Stopper.beside(belt, "stopper", STOP_AT, solenoid="double", start_extended=True))
    # lift and press stand at the station; their rods move vertically (drawn beside the belt)
    plant.add(Cylinder("lift", STATION_AT - 70, -150.0, angle_deg=-90.0, stroke=30.0, extend_s=p["lift_s"],
                       retract_s=p["lift_s"], plate_width=60.0))
    plant.add(Cylinder("press", STATION_AT, 200.0, angle_deg=90.0, stroke=60.0, extend_s=p["press_s"],
                       retract_s=p["press_s"], plate_width=50.0))
    words = [tag_word(pressed, dwell) for pressed, dwell in zip(p["pressed"], p["dwell_s"], strict=True)]
    fails = p["read_fails"]
    plant.add(RFIDReader("rfid", belt, STATION_AT, read_s=p["read_s"], write_s=p["write_s"],
                         tag_of=lambda part: words[_carrier_index(part)],
                         read_fails=lambda part: 10**6 if fails[_carrier_index(part)] >= UNREADABLE
                         else fails[_carrier_index(part)],
                         write_fails=lambda part: p["write_fails"][_carrier_index(part)]))
    first = 0
    if p.get("queued"):
        plant.add(Workpiece("carrier0", *belt.point(STATION_AT), **CARRIER))
        first = 1
    t, schedule = 0.2, []
    for i in range(first, CARRIERS):
        t += p["arrival_s"][i]
        schedule.append((round(t, 3), dict(CARRIER, name=f"carrier{i}")))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, clearance_mm=400.0))
    plant.add(PhotoEye.across(belt, "station_eye", EYE_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "exit_eye", EXIT_AT + 60.0))
    plant.add(Chute("outfeed", BELT_LENGTH + 5, -90, BELT_LENGTH + 250, 90, label="next station"))
    plant.add(Lamp("tag_fault", x=250.0, y=-260.0, label="Tag fault", color="red"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges read, and what happened to each carrier at the station, brought up
    to date once a scan by `tally(s)`: the press strokes made while it stood in the head's field
    (the time at the bottom of each), its reads and writes (from the head's log), whether it is
    cleared to go (rule S3), and the carriers that have passed the exit line."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.stopper = plant.device("stopper", Stopper)
        self.lift = plant.device("lift", Cylinder)
        self.press = plant.device("press", Cylinder)
        self.rfid = plant.device("rfid", RFIDReader)
        self.flow = material_flow(plant)
        self.start = self.belt.x - self.belt.half_length
        self.scan = -1
        self.dwells: dict[str, list[float]] = {}
        self._bottom_since: float | None = None
        self._bottom_carrier: str | None = None
        self.at_station: Workpiece | None = None
        self.passed: list[tuple[str, bool]] = []     # (carrier, Tag fault lamp on) at the exit line
        self._seen_ops = 0
        self.history: dict[str, list[tuple[str, bool, int]]] = {}   # carrier -> its reads and writes
        self.lamp = False

    def along(self, part: Workpiece) -> float:
        return part.xy()[0] - self.start

    def tally(self, s) -> _Cell:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        self.lamp = bool(s.io["tag_fault"])
        self.at_station = self.rfid.in_field()
        ops = self.rfid.ops
        for _, what, name, ok, word in ops[self._seen_ops:]:
            if name is not None:
                self.history.setdefault(name, []).append((what, ok, word))
        self._seen_ops = len(ops)
        press = self.press
        if press.position >= press.stroke:
            if self._bottom_since is None:
                self._bottom_since = s.time_s
                self._bottom_carrier = self.at_station.name if self.at_station else None
        elif self._bottom_since is not None:
            if self._bottom_carrier is not None:
                dwell = round(s.time_s - self._bottom_since, 3)
                self.dwells.setdefault(self._bottom_carrier, []).append(dwell)
            self._bottom_since = None
        for part in self.flow.parts:
            if part.part_kind == "carrier" and self.along(part) >= EXIT_AT \
                    and part.name not in {n for n, _ in self.passed}:
                self.passed.append((part.name, self.lamp))
        return self

    def cleared(self, name: str) -> bool:
        """The carrier may go: its last read came after its last write and found it done, or its
        first three reads all failed (flagged)."""
        ops = self.history.get(name, [])
        reads = [op for op in ops if op[0] == "read"]
        if len(reads) >= 3 and not any(ok for _, ok, _ in reads[:3]):
            return True
        last_write = max((n for n, op in enumerate(ops) if op[0] == "write"), default=-1)
        good = [n for n, op in enumerate(ops) if op[0] == "read" and op[1]]
        return bool(good) and good[-1] > last_write and ops[good[-1]][2] >= DONE


def _cell(s) -> _Cell:
    return s.devices.tally(s)


def verdict(s, name: str, lamp: bool) -> str | None:
    """What is wrong with the carrier `name` as it passes the exit line, or None."""
    c = _cell(s)
    i = int(name.removeprefix("carrier"))
    p = s.params
    word = tag_word(p["pressed"][i], p["dwell_s"][i])
    tag = c.rfid.tags.get(name, word)
    dwells = c.dwells.get(name, [])
    if p["read_fails"][i] >= UNREADABLE:
        if dwells:
            return f"{name}: its tag could not be read, yet it was pressed"
        if not lamp:
            return f"{name}: its tag could not be read, but Tag fault was off as it left"
        return None
    if lamp:
        return f"{name}: its tag read, but Tag fault was on as it left"
    if p["pressed"][i]:
        if dwells:
            return f"{name}: already done (tag {word}), yet it was pressed"
        if tag != word:
            return f"{name}: already done, but its tag was changed to {tag}"
        return None
    dwell = p["dwell_s"][i]
    if len(dwells) != 1:
        return f"{name}: pending with a {dwell:g} s recipe, pressed {len(dwells)} times"
    if not dwell - 0.011 <= dwells[0] <= dwell + DWELL_SLACK_S:
        return (f"{name}: the press stayed {dwells[0]:g} s at the bottom; its recipe asks "
                f"{dwell:g} to {dwell + DWELL_SLACK_S:g} s")
    if tag != word + DONE:
        return f"{name}: pressed, but it left with its tag at {tag}, not {word + DONE}"
    return None


class CarriersHandled(judges.Judge):
    """Done once CARRIERS carriers (distinct names) have passed the exit line each handled as its
    tag asked; failed by the first that was not (see `verdict`). Written for this task: what a
    carrier must have had done to it depends on what its tag said."""

    name = f"{CARRIERS} carriers handled as their tags ask"

    def __init__(self):
        super().__init__()
        self.checked = 0

    def update(self, s):
        if self.done or self.failed:
            return self.done
        c = _cell(s)
        while self.checked < len(c.passed):
            name, lamp = c.passed[self.checked]
            self.checked += 1
            wrong = verdict(s, name, lamp)
            if wrong:
                self.failed = wrong
                return False
        if self.checked >= CARRIERS:
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} ({self.checked} so far)"


def _release_due(s) -> bool:
    c = _cell(s)
    return c.at_station is not None and c.cleared(c.at_station.name)


class _Leaving:
    """The carrier cleared to go, remembered from the scan it was cleared: its distance to the
    exit line is the release's Way."""

    def __init__(self):
        self.name: str | None = None

    def distance(self, s) -> float:
        c = _cell(s)
        if _release_due(s):
            self.name = c.at_station.name
        for part in c.flow.parts:
            if part.name == self.name:
                return EXIT_AT - c.along(part)
        return 0.0


def _released():
    leaving = _Leaving()
    return judges.progress_within(
        "the carrier released", _release_due,
        [judges.Way("the cleared carrier moving off toward the exit", leaving.distance, by=RELEASE_MM,
                    until=lambda s: leaving.distance(s) <= 0.0,
                    arrive_s=lambda s: (RELEASE_WITHIN_S + 0.5
                                        + (EXIT_AT - STATION_AT) / s.params["belt_speed"]))],
        RELEASE_WITHIN_S,
        late=lambda t: (f"a carrier was cleared to go at {t:g} s (verified, done or flagged) but had "
                        f"not moved {RELEASE_MM:g} mm toward the exit {RELEASE_WITHIN_S:g} s later"))


def _at_rest(s) -> bool:
    c = _cell(s)
    return (c.stopper.position >= c.stopper.stroke and c.lift.position <= 0.0 and c.press.position <= 0.0)


def _completion():
    return judges.watched(
        judges.in_order(CarriersHandled(), judges.held("the station at rest", _at_rest, HOLD_S)),
        _released(), name=f"{CARRIERS} carriers handled")


class PressOnlyLifted(judges.Monitor):
    """S1: the press out of its top position only while the lift is fully up."""

    def check(self, s):
        c = _cell(s)
        if c.press.position > 0.0 and c.lift.position < c.lift.stroke:
            return (f"the press {c.press.position:.0f} mm down with the lift at {c.lift.position:.0f} of "
                    f"{c.lift.stroke:.0f} mm")
        return None


class _Retracting(judges.Monitor):
    """The stopper moving back (its plate leaving the belt) on this scan."""

    def __init__(self):
        self.last: float | None = None

    def retracting(self, s) -> bool:
        pos = _cell(s).stopper.position
        last, self.last = self.last, pos
        return last is not None and pos < last - 1e-6


class StopperOnlyLiftDown(_Retracting):
    """S2: the stopper retracts only while the lift is fully down."""

    def check(self, s):
        c = _cell(s)
        if self.retracting(s) and c.lift.position > 0.0:
            return f"the stopper retracting with the lift {c.lift.position:.0f} mm up"
        return None


class ReleaseOnlyVerified(_Retracting):
    """S3: the stopper retracts under a carrier only once it is cleared (see _Cell.cleared)."""

    def check(self, s):
        c = _cell(s)
        if self.retracting(s) and c.at_station is not None and not c.cleared(c.at_station.name):
            return (f"the stopper retracting under {c.at_station.name} before its tag was verified "
                    "(read back as done after the last write), found done, or failed three reads")
        return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "station_eye", "BOOL", "input", "station_eye", "blocked",
            "station photo-eye: TRUE while a carrier stands at the stopper (or passes it)"),
    IOPoint("%IX0.1", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            f"exit photo-eye {EXIT_AT + 60 - STOP_AT:.0f} mm past the stopper: TRUE while a carrier "
            "blocks it"),
    IOPoint("%IX0.2", "stopper_up", "BOOL", "input", "stopper", "extended",
            "stopper fully up across the belt"),
    IOPoint("%IX0.3", "stopper_down", "BOOL", "input", "stopper", "retracted",
            "stopper fully down, belt free"),
    IOPoint("%IX0.4", "lift_up", "BOOL", "input", "lift", "extended", "lift fully up (carrier off the belt)"),
    IOPoint("%IX0.5", "lift_down", "BOOL", "input", "lift", "retracted", "lift fully down"),
    IOPoint("%IX0.6", "press_down", "BOOL", "input", "press", "extended",
            "press ram at the bottom (pressing)"),
    IOPoint("%IX0.7", "press_up", "BOOL", "input", "press", "retracted", "press ram fully up"),
    IOPoint("%IX1.0", "tag_present", "BOOL", "input", "rfid", "tag_present",
            "RFID head: TRUE while a carrier's tag is in its field"),
    IOPoint("%IX1.1", "rfid_busy", "BOOL", "input", "rfid", "busy",
            "RFID head: TRUE while a read or write runs"),
    IOPoint("%IX1.2", "rfid_done", "BOOL", "input", "rfid", "done",
            "RFID head: TRUE once the last read or write finished without error, until the next command"),
    IOPoint("%IX1.3", "rfid_error", "BOOL", "input", "rfid", "error",
            "RFID head: TRUE once the last read or write failed, until the next command"),
    IOPoint("%IW0", "tag_data", "INT", "input", "rfid", "data",
            "the word the last good read found on the tag (0 after an error or a write)", "", "0..1150"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt"),
    IOPoint("%QX0.1", "stopper_raise", "BOOL", "output", "stopper", "extend",
            "stopper valve, raise coil (double solenoid: the valve keeps its last position with neither "
            "coil on)"),
    IOPoint("%QX0.2", "stopper_lower", "BOOL", "output", "stopper", "retract",
            "stopper valve, lower coil: lowering it releases the carrier"),
    IOPoint("%QX0.3", "lift_raise", "BOOL", "output", "lift", "extend",
            "lift valve (single solenoid): TRUE raises the carrier off the belt, FALSE lowers it"),
    IOPoint("%QX0.4", "press_lower", "BOOL", "output", "press", "extend",
            "press valve (single solenoid): TRUE lowers the ram, FALSE raises it"),
    IOPoint("%QX0.5", "rfid_read", "BOOL", "output", "rfid", "read",
            "RFID read: a rising edge starts a read (an edge while rfid_busy is ignored)"),
    IOPoint("%QX0.6", "rfid_write", "BOOL", "output", "rfid", "write",
            "RFID write: a rising edge starts writing tag_out (as it is in that scan) to the tag (an edge "
            "while rfid_busy is ignored)"),
    IOPoint("%QX0.7", "tag_fault", "BOOL", "output", "tag_fault", "on", "Tag fault lamp"),
    IOPoint("%QW0", "tag_out", "INT", "output", "rfid", "data_out",
            "the word a write puts on the tag", "", "0..1150"),
]

SPEC = f"""\
Carriers ride a belt to a press station. A stopper holds each carrier over an RFID head; its tag
holds one word: status + recipe, where recipe = word MOD 1000 is the press dwell in units of 10 ms
(30..150: 0.3 to 1.5 s) and word >= {DONE} means the operation is already done.

Run the belt. For each carrier held at the stopper, read its tag (a rising edge on rfid_read;
rfid_busy while it runs, then rfid_done with the word on tag_data, or rfid_error):
- Read error: retry; after three failed reads in a row (the first read and two retries) light
  Tag fault and release the carrier untouched. Tag fault stays on until the next carrier's tag
  has been read good (put it off then).
- Word >= {DONE} (done): release the carrier untouched.
- Word < {DONE} (pending): raise the lift (carrier off the belt), lower the press and keep it at
  the bottom (press_down) for the recipe's dwell (at least the dwell, at most
  {DWELL_SLACK_S:g} s more), raise it, lower the lift, then write word + {DONE} to the tag
  (tag_out, rising edge on rfid_write) and verify it by reading the tag back. A write can fail
  without an error (the head says done but the tag keeps its old word): if the word read back is
  not the one written, write again and read back again, until it verifies.
Release: lower the stopper; the carrier must be moving off ({RELEASE_MM:g} mm) within
{RELEASE_WITHIN_S:g} s of the read that verified its write, found it done, or was its third
failed read. Raise the stopper again once the carrier is past it (the exit eye sees it), before
the next carrier comes: the next comes about 2 s after a carrier leaves, or later. Every carrier
is pressed once at most; Tag fault is off whenever a carrier with a readable tag leaves.

The head reads in 0.05 to 0.3 s and writes in 0.05 to 0.3 s; the lift and press take 0.3 to 0.6
and 0.2 to 0.5 s a stroke. Carriers come at irregular times; at power-up a carrier may already
stand at the stopper, unread. At power-up the stopper is up, the lift down and the press up.
{CARRIERS} carriers in all."""

COMPLETION = Completion(
    f"{CARRIERS} carriers past the exit eye, each handled as its tag asked: pending ones pressed once "
    f"for their recipe's dwell (to +{DWELL_SLACK_S:g} s) and their tag reading word + {DONE}; done ones "
    "untouched with their tag unchanged; unreadable ones untouched with Tag fault on as they leave "
    "(and off as any readable one leaves). Then the stopper up, the lift down and the press up, held "
    f"for {HOLD_S:g} s. Throughout, each carrier moving off within "
    f"{RELEASE_WITHIN_S:g} s of being cleared to go.",
    _completion, keep=_at_rest,
    keep_wording="the stopper fully up, the lift fully down and the press fully up.",
)

SAFETY = [
    SafetyRule("MAT-M11-S1", "The press is out of its top position only while the lift is fully up.",
               PressOnlyLifted(), signals=("press_lower", "lift_raise", "lift_up")),
    SafetyRule("MAT-M11-S2", "The stopper is lowered (moves down) only while the lift is fully down.",
               StopperOnlyLiftDown(), signals=("stopper_lower", "lift_down")),
    SafetyRule("MAT-M11-S3", "A carrier is released (the stopper moving down under it) only once its "
               f"write has been verified (a read after its last write found word >= {DONE}), its first "
               "read found it done, or three reads in a row failed.",
               ReleaseOnlyVerified(), signals=("stopper_lower", "rfid_done", "tag_data")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 150, 300, "mm/s", "belt speed"),
    ParameterRange("read_s", 0.05, 0.3, "s", "RFID read time"),
    ParameterRange("write_s", 0.05, 0.3, "s", "RFID write time"),
    ParameterRange("lift_s", 0.3, 0.6, "s", "lift stroke time, each way"),
    ParameterRange("press_s", 0.2, 0.5, "s", "press stroke time, each way"),
    ParameterRange("dwell_s", 0.3, 1.5, "s", "press dwell of a carrier's recipe"),
    ParameterRange("read_fails", 0, 3, "reads",
                   "failed reads before a carrier's tag reads (3: it never does)"),
    ParameterRange("write_fails", 0, 2, "writes", "writes to a carrier that fail without an error"),
    ParameterRange("arrival_s", 0.0, 4.0, "s", "extra time before the upstream line hands on a carrier"),
]


def _range(name):
    return published_range(PARAMETERS, name)


def _carriers(rng: random.Random) -> dict:
    """Per carrier: its recipe, status, read and write failures, arrival delay. At least one of each
    kind (pending, done, a retry, unreadable, a torn write) in every run."""
    n = CARRIERS
    dwell = [round(rng.uniform(*_range("dwell_s")), 2) for _ in range(n)]
    pressed = [rng.random() < 0.25 for _ in range(n)]
    read_fails = [rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(n)]
    write_fails = [rng.choice((0, 0, 1, 2)) for _ in range(n)]
    order = rng.sample(range(n), 4)
    pressed[order[0]], read_fails[order[0]] = True, 0
    pressed[order[1]], read_fails[order[1]], write_fails[order[1]] = False, rng.choice((0, 1)), 1
    read_fails[order[2]] = UNREADABLE
    pressed[order[3]], read_fails[order[3]] = False, rng.choice((1, 2))
    return dict(dwell_s=dwell, pressed=pressed, read_fails=read_fails, write_fails=write_fails,
                arrival_s=[round(rng.uniform(*_range("arrival_s")), 2) for _ in range(n)])


def _cond(name, seed, description, *, carriers_seed, **params):
    return Condition.of(name, seed, description, **{**_carriers(random.Random(carriers_seed)), **params})


CONDITIONS = [
    _cond("nominal", 1101, "middle speeds and times", carriers_seed=11, belt_speed=220, read_s=0.12,
          write_s=0.12, lift_s=0.4, press_s=0.3),
    _cond("slow_head", 1102, "the slowest head, quick cylinders, fast belt", carriers_seed=12,
          belt_speed=300,
          read_s=0.3, write_s=0.3, lift_s=0.3, press_s=0.2),
    _cond("quick_head", 1103, "the quickest head, slow cylinders, slow belt", carriers_seed=13,
          belt_speed=150,
          read_s=0.05, write_s=0.05, lift_s=0.6, press_s=0.5),
    _cond("queued", 1104, "a carrier at the stopper at power-up", carriers_seed=14, belt_speed=200,
          read_s=0.2, write_s=0.08, lift_s=0.5, press_s=0.4, queued=True),
    _cond("queued_unreadable", 1105, "an unreadable carrier at the stopper at power-up", carriers_seed=15,
          belt_speed=260, read_s=0.07, write_s=0.25, lift_s=0.35, press_s=0.25, queued=True),
]
# the last condition's first carrier is made unreadable (a discrete start state)
CONDITIONS[-1].params["read_fails"][0] = UNREADABLE


def sample_condition(rng: random.Random) -> dict:
    """Speeds and times uniform in their ranges; the carriers as _carriers draws them; a carrier at
    the stopper at power-up one time in three."""
    params = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  **{k: round(rng.uniform(*_range(k)), 3)
                     for k in ("read_s", "write_s", "lift_s", "press_s")},
                  **_carriers(rng))
    if rng.random() < 1 / 3:
        params["queued"] = True
    description = (f"{params['belt_speed']} mm/s, read {params['read_s']:g} s, write {params['write_s']:g} s"
                   + ("; a carrier queued" if params.get("queued") else ""))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x at y = 0, carriers
(100 x 80 mm) travelling toward +x from the upstream line at x = {FEED_AT:.0f}. The stopper stands
beside the belt at x = {STOP_AT:.0f}; a held carrier's centre is at x = {STATION_AT:.0f}, over the RFID
head, under the press and on the lift (their rods move vertically, drawn beside the belt). The
station eye is at x = {EYE_AT:.0f}, the exit eye at x = {EXIT_AT + 60:.0f}; the belt runs on to the
next station."""

TASK = Task(
    id="MAT-M11", title="RFID-driven carrier processing", suite="MAT", level="M",
    summary="Read each carrier's RFID tag at a stopper; press it for its recipe's dwell if pending, write "
            "and verify its tag, release it; retry failed reads twice, then flag.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=100.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
