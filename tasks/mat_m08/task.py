"""MAT-M08 Verified reject with line stop.

A belt carries good and bad parts from the line through an inspection sensor to a reject
pusher; bad parts are pushed into a reject bin, and a photo-eye across the bin's mouth confirms
each one. Good parts run on off the belt end to the next machine. A push that is not confirmed
within 1 s (the pusher jams on one stroke) is a miss: the belt stays stopped with the bad part in
front of the pusher, the red light asks the operator, who takes the part off the belt and
presses Reset; only then does the line run again. A full bin holds the bad part at the pusher
(amber) until the operator has emptied it.

Changes from the catalog entry, and why:
- The pusher pushes from a stopped belt (as in MAT-M04): a push on the fly would need timing
  that hides what this task measures, the verification. So "stop before the end zone after a
  miss" is the belt staying stopped until Reset (rule S2), and the end zone (x >= 1200) is where
  a bad part must never get to (rule S1): a program that assumes the push happened and runs on
  carries the missed part there.
- The two-sided window of the confirmation: red within 1.3 s of the push command when the part
  has not reached the bin (waiting longer for it is late), never before 0.9 s (a push that has
  not had time to confirm is no miss: red then is a false alarm that ends the run).
- The confirmation eye bounces (0-80 ms of chatter after each edge): it is read as "seen in the
  window", never counted.

- The pusher turns back from its end switch within 0.2 s, and strokes take 0.2-0.6 s: with 0.3 s
  and 0.25-0.6 s a pusher held out for the slowest stroke (fixed_stroke_time.st) was on time in
  four of the five registered conditions and in most sampled ones.

Cheap programs tried from the prompt and the judges (kept in counterexamples/, none earned 1):
taking every push as done without reading eye_confirm (assumes_push.st, the catalog's trap),
waiting 2 s for the confirmation (late_alarm.st), holding the pusher out for the slowest stroke
(fixed_stroke_time.st), worst-case fixed waits with no verification (token_blind.st), and a
table of the registered conditions recognised by the belt speed (tuned/lookup_table.st).

Judged by what the plant does: the bin's and the outfeed's logs of parts by identity, the
operator's log of parts taken off the belt, the pusher's stroke and the bin's arrivals (a
stroke with no part in the bin 0.9 s on is a miss), the belt's travel, the stack light, and the
end state (belt stopped, pusher back, lights off) held through the post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.attendant import Attendant
from sim.devices.belt_clearance import BeltClearance
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.panel import PushButton, StackLight
from sim.devices.pneumatics import Pusher
from sim.devices.sensors import InspectionSensor, PhotoEye
from sim.devices.stroke_jam import StrokeJam
from sim.devices.workpiece import Feeder, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import BackAfterStroke, CountGrows, belt_position, turns_back_within

LOT = 10
BELT_LENGTH = 1500.0
FEED_AT, INSPECT_AT, PUSH_AT, EYE_AT, END_ZONE_AT = 60.0, 330.0, 800.0, 820.0, 1200.0
PART = dict(width=50.0, length=50.0)
KINDS = {"G": dict(part_kind="G", code=1, colour="green"), "B": dict(part_kind="B", code=2, colour="red")}
CONFIRM_S = 1.0                  # a push not confirmed within this is a miss
RED_WITHIN_S = 0.3               # then red within this
EARLY_S = 0.9                    # red before this after a push is a false alarm
TURN_S = 0.2                     # the pusher at its end switch is on its way back within this
RESTART_S = 0.5                  # after a confirmed push or the Reset, the belt runs within this
SET_OFF_MM = 10.0
BELT_MOVE_MM = 25.0
HOLD_S = 2.0
TIME_LIMIT_S = 85.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0, length=BELT_LENGTH, width=100,
                              speed=p["belt_speed"],
                              ramp_s=0.1, guide_gaps=(("left", PUSH_AT - 60, PUSH_AT + 60),)))
    t, schedule = p["first_arrival_s"], []
    for kind, gap in zip(p["order"], [0.0, *p["arrival_gap_s"]], strict=True):
        t += gap
        schedule.append((round(t, 2), dict(KINDS[kind], **PART)))
    # the line upstream is interlocked with the belt: its clock runs only while the belt runs
    plant.add(Feeder("line", *belt.point(FEED_AT), schedule, paced_by=("belt", "running")))
    plant.add(InspectionSensor("inspection", *belt.point(INSPECT_AT), zone_length=200, zone_width=100,
                               measure_s=p["measure_s"]))
    pusher = plant.add(Pusher("pusher", *belt.point(PUSH_AT, -80), angle_deg=90, stroke=180,
                              extend_s=p["pusher_s"], retract_s=p["pusher_s"], stall_fraction=0.15))
    plant.add(StrokeJam("jam", pusher, strokes=tuple(p["jam_strokes"]), label="pusher jam"))
    plant.add(PhotoEye.across(belt, "eye_reject", EYE_AT))
    x0, _ = belt.point(PUSH_AT - 60)
    x1, _ = belt.point(PUSH_AT + 60)
    plant.add(PhotoEye("eye_confirm", x0 + 5, 68, x1 - 5, 68, bounce_s=p["bounce_s"]))
    plant.add(Chute("bin", x0, 80, x1, 400, capacity=p["bin_capacity"], level=p["bin_level"],
                    label="reject bin"))
    plant.add(BeltClearance("removal", belt, PUSH_AT - 60, PUSH_AT + 60, kinds=("B",),
                            label="operator takes off"))
    plant.add(PhotoEye.across(belt, "eye_end_zone", END_ZONE_AT))
    plant.add(Chute("outfeed", BELT_LENGTH + 6, -200, BELT_LENGTH + 300, 200, label="next machine"))
    plant.add(StackLight("tower", x=500.0, y=-260.0, label="stack light"))
    plant.add(PushButton("reset_button", x=650.0, y=-260.0, label="Reset", color="blue"))
    plant.add(Attendant("operator", lamp="tower", light="red", button="reset_button",
                        answer_s=tuple(p["answer_s"]), clears="removal", x=900.0, y=-250.0))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Line:
    """The devices the judges read (s.devices), and once per scan the pusher's strokes: when each
    began and whether a part reached the bin within CONFIRM_S of it (a miss otherwise)."""

    def __init__(self, plant: Plant):
        self.plant = plant
        self.belt, self.pusher = plant["belt"], plant["pusher"]
        self.bin, self.outfeed, self.removal = plant["bin"], plant["outfeed"], plant["removal"]
        self.tower, self.reset = plant["tower"], plant["reset_button"]
        self.flow = material_flow(plant)
        self.stroke_at: float | None = None       # the running stroke's start
        self.stroke_bin = 0                       # the bin's arrivals when it began
        self.confirmed = False
        self.missed = False                       # a miss waits for the Reset
        self.misses = 0
        self._tick = -1
        self._last_pos = 0.0
        self._was_pressed = False

    def look(self) -> None:
        if self._tick == self.plant.tick:
            return
        self._tick = self.plant.tick
        now = self.plant.time
        pos = self.pusher.position
        if self._last_pos <= 0.0 < pos:
            self.stroke_at, self.stroke_bin, self.confirmed = now, len(self.bin.collected), False
        self._last_pos = pos
        if self.stroke_at is not None and not self.confirmed and len(self.bin.collected) > self.stroke_bin:
            self.confirmed = True
        if (self.stroke_at is not None and not self.confirmed and not self.missed
                and now - self.stroke_at >= CONFIRM_S - 1e-9):
            self.missed = True
            self.misses += 1
        pressed = self.reset.is_pressed
        if pressed and not self._was_pressed and self.missed and self.tower.lit["red"]:
            self.missed = False                   # the operator has answered
            self.stroke_at = None
        self._was_pressed = pressed

    def unconfirmed_for(self) -> float:
        """How long the running stroke has gone with no part in the bin (0 when none runs)."""
        if self.stroke_at is None or self.confirmed:
            return 0.0
        return self.plant.time - self.stroke_at


def _looked(s):
    line = s.devices
    line.look()
    return line


def _sorted_ok(s) -> bool:
    line = _looked(s)
    order = s.params["order"]
    bad = [k for k in order if k == "B"]
    if len(line.outfeed.collected) + len(line.bin.collected) + len(line.removal.removed) < len(order):
        return False
    return (all(k == "G" for _, k in line.outfeed.collected)
            and len(line.outfeed.collected) == len(order) - len(bad) and not line.missed)


def _at_rest(s) -> bool:
    line = s.devices
    lit = line.tower.lit
    return line.belt.velocity == 0.0 and line.pusher.position <= 0.0 and not lit["red"] and not lit["amber"]


class _NoFalseAlarm(judges.Watch):
    """Red lit with no push gone EARLY_S unconfirmed and no miss waiting: a false alarm (the
    early side of the confirmation window). A judge of this task only."""

    def __init__(self):
        self.was = False

    def check(self, s):
        line = _looked(s)
        red = line.tower.lit["red"]
        rising, self.was = red and not self.was, red
        if rising and not line.missed and line.unconfirmed_for() < EARLY_S - 1e-9:
            return f"red lit at {s.time_s:g} s with no missed reject (a push has {CONFIRM_S:g} s to confirm)"
        return None


class _Sorted(judges.Judge):
    """Done when every part is where it belongs (good at the next machine, bad in the bin or taken
    off by the operator) with no miss waiting; fails at once when a good part reaches the bin."""

    name = "every part where it belongs"

    def update(self, s):
        if self.done:
            return True
        line = _looked(s)
        if any(k != "B" for _, k in line.bin.collected):
            self.failed = "a good part was pushed into the reject bin"
            return False
        if _sorted_ok(s):
            return self._finish(s)
        return False


def _red_when_missed() -> judges.progress_within:
    return judges.progress_within(
        "red after a missed reject", lambda s: _looked(s).missed,
        [judges.Way("the red light", lambda s: 0.0 if s.devices.tower.lit["red"] else 1.0, by=1.0)],
        RED_WITHIN_S,
        late=lambda t: (f"a push went {CONFIRM_S:g} s unconfirmed at {t:g} s, but red was not lit "
                        f"{RED_WITHIN_S:g} s later"))


def _belt_after_push() -> judges.progress_within:
    back = BackAfterStroke("pusher", "push")
    return judges.progress_within(
        "the belt running again after a confirmed push",
        lambda s: back(s) and _looked(s).confirmed,
        [judges.Way("the belt", lambda s: -s.devices.belt.travelled, by=BELT_MOVE_MM)], RESTART_S,
        excused=lambda s: _sorted_ok(s),
        late=lambda t: (f"the pusher was back at {t:g} s after a confirmed push, but the belt had not run "
                        f"{BELT_MOVE_MM:g} mm {RESTART_S:g} s later"))


class _ResetPressed:
    def __init__(self):
        self.was = False

    def __call__(self, s) -> bool:
        line = _looked(s)
        pressed = line.reset.is_pressed
        rising = pressed and not self.was
        self.was = pressed
        return rising and bool(line.removal.removed) and not line.missed


def _belt_after_reset() -> judges.progress_within:
    return judges.progress_within(
        "the belt running again after the Reset", _ResetPressed(),
        [judges.Way("the belt", lambda s: -s.devices.belt.travelled, by=BELT_MOVE_MM)], RESTART_S,
        excused=lambda s: _sorted_ok(s),
        late=lambda t: (f"the operator pressed Reset at {t:g} s, but the belt had not run "
                        f"{BELT_MOVE_MM:g} mm "
                        f"{RESTART_S:g} s later"))


def _completion():
    return judges.watched(
        judges.in_order(_Sorted(), judges.held("belt stopped, pusher back, lights off", _at_rest, HOLD_S)),
        _NoFalseAlarm(), turns_back_within("pusher", "push", "the pusher", TURN_S, SET_OFF_MM),
        _red_when_missed(), _belt_after_push(), _belt_after_reset(),
        name="every part where it belongs, every reject verified")


def _bad_in_end_zone(s):
    line = s.devices
    for part in line.flow.parts:
        if part.part_kind == "B" and belt_position(line.belt, part)[0] >= END_ZONE_AT:
            return f"bad part {part.name} entered the end zone"
    for _, k in line.outfeed.collected:
        if k == "B":
            return "a bad part reached the next machine"
    return None


def _belt_runs_after_miss(s):
    line = _looked(s)
    if line.missed and line.belt.velocity != 0.0:
        return "the belt ran after a missed reject, before the operator's Reset"
    return None


def _belt_runs_with_pusher_out(s):
    line = s.devices
    if line.belt.velocity != 0.0 and line.pusher.position > 0.0:
        return f"the belt moving at {abs(line.belt.velocity):.0f} mm/s with the pusher out"
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%IX0.1", "insp_part", "BOOL", "input", "inspection", "part_present",
            "a part is in the inspection zone (TRUE = present)"),
    IOPoint("%IX0.2", "insp_valid", "BOOL", "input", "inspection", "result_valid",
            "inspection result ready for the part in the zone; cleared when it leaves the zone"),
    IOPoint("%IX0.3", "eye_reject", "BOOL", "input", "eye_reject", "blocked",
            f"photo-eye {EYE_AT - PUSH_AT:g} mm after the pusher: TRUE while a part blocks the beam (its "
            "leading edge reaching it: the part lies in front of the pusher)"),
    IOPoint("%IX0.4", "eye_confirm", "BOOL", "input", "eye_confirm", "blocked",
            "photo-eye across the reject bin's mouth: TRUE while a part passes it into the bin (its contact "
            "bounces for a few tens of ms after each edge)"),
    IOPoint("%IX0.5", "eye_end_zone", "BOOL", "input", "eye_end_zone", "blocked",
            f"photo-eye at the start of the end zone (x = {END_ZONE_AT:g}): TRUE while a part blocks the "
            "beam"),
    IOPoint("%IX0.6", "pusher_retracted", "BOOL", "input", "pusher", "retracted", "pusher fully back"),
    IOPoint("%IX0.7", "pusher_extended", "BOOL", "input", "pusher", "extended",
            "pusher fully out (it never gets there when it jams)"),
    IOPoint("%IX1.0", "bin_full", "BOOL", "input", "bin", "full", "reject bin full (TRUE = full)"),
    IOPoint("%IX1.1", "reset_pb", "BOOL", "input", "reset_button", "pressed",
            "Reset push button (NO): TRUE while pressed"),
    IOPoint("%IW0", "insp_kind", "INT", "input", "inspection", "kind_code",
            "result for the part in the zone while insp_valid: 1 = good, 2 = bad; 0 = no result", "", "0..2"),
    IOPoint("%IW1", "belt_speed", "INT", "input", "belt", "speed_actual", "actual belt speed", "mm/s",
            "0..300"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt forward"),
    IOPoint("%QX0.1", "push", "BOOL", "output", "pusher", "extend",
            "pusher valve (single solenoid): TRUE extends, FALSE retracts"),
    IOPoint("%QX0.2", "light_red", "BOOL", "output", "tower", "red", "stack light red: a missed reject"),
    IOPoint("%QX0.3", "light_amber", "BOOL", "output", "tower", "amber",
            "stack light amber: the bin is full"),
    IOPoint("%QX0.4", "light_green", "BOOL", "output", "tower", "green", "stack light green: the line runs"),
]

SPEC = f"""\
A lot of {LOT} parts, good and bad, comes from the line upstream onto the belt (the line is
interlocked with the belt: it hands parts on only while the belt runs). The belt carries each
part through the inspection zone (x = {INSPECT_AT - 100:g}..{INSPECT_AT + 100:g}; while a part is in it the
sensor measures it and, after a measuring time, sets insp_valid with insp_kind: 1 = good,
2 = bad) to the reject pusher at x = {PUSH_AT:g}. Parts keep their order on the belt. Good parts
run on off the belt end to the next machine. A bad part must never get into the end zone
(x >= {END_ZONE_AT:g}, rule MAT-M08-S1): when its leading edge reaches eye_reject, stop the belt, wait for
standstill (belt_speed = 0), extend the pusher, and retract it at once from its end switch (on
its way back within {TURN_S:g} s). The belt must stand still while the pusher is out of its
retracted position.

Verify every push: the part is binned when eye_confirm (across the bin's mouth) has seen it
within {CONFIRM_S:g} s of the push command (its contact bounces: it is a pulse train, not one edge
per part). Then, once the pusher is back, run the belt again within {RESTART_S:g} s. If eye_confirm
has seen nothing {CONFIRM_S:g} s after the push command, the reject is missed (the pusher may jam
short of its end switch): retract the pusher, light red within {RED_WITHIN_S:g} s (not before
{EARLY_S:g} s after the push command: until then a push is not missed) and keep it lit, keep the belt
stopped, and wait: the operator answers the red light by taking the bad part off the belt and
pressing Reset (reset_pb). Only after that press put red off and run the belt again (within
{RESTART_S:g} s of the press).

The bin holds a limited number of parts; while bin_full is TRUE never push: keep the bad part
at the pusher with the belt stopped and amber lit until the operator has emptied the bin, then
push it. Green may show while the line runs. The belt speed, the measuring time, the pusher's
stroke time, the bounce and the operator's answer are not known in advance. When every part has
gone where it belongs, stop the belt with the pusher back and every light off, and keep it so."""

AT_REST = "the belt at standstill, the pusher fully back, red and amber off"

COMPLETION = Completion(
    f"Every good part at the next machine and every bad part in the reject bin or taken off the belt by the "
    f"operator, with no missed reject waiting for its Reset; then {AT_REST}, held for {HOLD_S:g} s. On the "
    f"way: the pusher at its end switch is on its way back within {TURN_S:g} s ({SET_OFF_MM:g} mm back, "
    f"going on to fully back); within {RESTART_S:g} s of the pusher being back after a confirmed push, and "
    f"of the operator's Reset, the belt has run {BELT_MOVE_MM:g} mm; a push with no part in the bin after "
    f"{CONFIRM_S:g} s has red lit within {RED_WITHIN_S:g} s; red never lights with no push gone "
    f"{EARLY_S:g} s "
    "unconfirmed (a false alarm); the run ends when a good part reaches the bin.",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-M08-S1", f"No bad part ever gets into the end zone (its centre at x >= {END_ZONE_AT:g}) "
               "or "
               "to the next machine.", _bad_in_end_zone),
    SafetyRule("MAT-M08-S2", "After a missed reject the belt stays still until the operator's Reset.",
               _belt_runs_after_miss),
    SafetyRule("MAT-M08-S3", "No part is ever pushed into the bin while it reports full.",
               CountGrows(lambda s: len(s.devices.bin.overfilled), "a part was pushed into the full bin")),
    SafetyRule("MAT-M08-S4", "The belt stands still (speed 0) whenever the pusher is out of its retracted "
               "position.", _belt_runs_with_pusher_out),
]

PARAMETERS = [
    ParameterRange("belt_speed", 120, 300, "mm/s", "belt speed when running"),
    ParameterRange("measure_s", 0.2, 0.5, "s", "inspection measuring time"),
    ParameterRange("pusher_s", 0.2, 0.6, "s", "pusher stroke time (each way)"),
    ParameterRange("bounce_s", 0.0, 0.08, "s", "chatter of eye_confirm after each edge"),
    ParameterRange("first_arrival_s", 0.0, 2.0, "s", "when the line hands on the first part (belt running)"),
    ParameterRange("arrival_gap_s", 1.2, 3.0, "s", "belt-running time between parts handed on"),
    ParameterRange("bin_capacity", 3, 5, "parts", "parts the bin holds before it reports full"),
    ParameterRange("emptied_s", 8.0, 30.0, "s", "when the operator empties a bin that started full"),
    ParameterRange("answer_s", 1.5, 6.0, "s", "the operator's time from red to Reset (the part taken off)"),
]


def _draw(rng: random.Random, *, jam: bool | None = None, full: bool | None = None) -> dict:
    """One condition's parameters from the published ranges. Independent and uniform: belt speed,
    measuring time, stroke time, bounce, arrivals, the operator's answer. The lot: 10 parts, 3-5
    of them bad, in a random order. Jointly: the bin holds at least as many parts as there are bad
    ones (3-5: it is emptied at most once); one time in two the pusher jams on its second stroke
    (the second bad part: a miss); one time in three the bin starts full and is emptied at a time
    from the emptied_s range, otherwise it starts with room for every bad part."""
    bad = rng.randint(3, 5)
    order = ["B"] * bad + ["G"] * (LOT - bad)
    rng.shuffle(order)
    jammed = rng.random() < 0.5 if jam is None else jam
    is_full = rng.random() < 1 / 3 if full is None else full
    capacity = rng.randint(bad, 5)          # the bin is emptied at most once: every bad part fits
    p = dict(belt_speed=rng.randint(120, 300), measure_s=round(rng.uniform(0.2, 0.5), 2),
             pusher_s=round(rng.uniform(0.2, 0.6), 2), bounce_s=round(rng.uniform(0.0, 0.08), 3),
             first_arrival_s=round(rng.uniform(0.0, 2.0), 2),
             arrival_gap_s=[round(rng.uniform(1.2, 3.0), 2) for _ in range(LOT - 1)],
             order="".join(order), jam_strokes=[2] if jammed else [], bin_capacity=capacity,
             answer_s=[round(rng.uniform(1.5, 6.0), 2)])
    if is_full:
        p["bin_level"], p["emptied_s"] = capacity, round(rng.uniform(8.0, 30.0), 1)
    else:
        p["bin_level"], p["emptied_s"] = rng.randint(0, max(0, capacity - bad)), None
    return p


def _disturbances(p) -> list[Disturbance]:
    if p.get("emptied_s") is None:
        return []
    return [Disturbance(p["emptied_s"], "operator empties the reject bin",
                        lambda plant: plant["bin"].empty())]


def _describe(p) -> str:
    notes = [f"{p['belt_speed']} mm/s", f"order {p['order']}"]
    if p["jam_strokes"]:
        notes.append("pusher jams on stroke 2")
    if p.get("emptied_s") is not None:
        notes.append(f"bin full until {p['emptied_s']:g} s")
    return ", ".join(notes)


def _cond(name: str, seed: int, description: str, *, jam=None, full=None, **values) -> Condition:
    p = _draw(random.Random(seed), jam=jam, full=full)
    p.update(values)                    # a registered condition's chosen values
    return Condition(name, seed, p, f"{description} ({_describe(p)})", disturbances=tuple(_disturbances(p)))


CONDITIONS = [
    _cond("nominal", 801, "every push confirmed, a quick pusher", jam=False, full=False, pusher_s=0.25),
    _cond("jam_on_second", 802, "the pusher jams on the second bad part", jam=True, full=False),
    _cond("bin_full", 803, "the bin full at power-up until the operator empties it", jam=False, full=True,
          pusher_s=0.35, bounce_s=0.08),
    _cond("jam_and_full", 804, "a jam and a full bin, a quick pusher", jam=True, full=True),
    _cond("slow_pusher_jams", 805, "the slowest pusher, a jam, the slowest operator", jam=True, pusher_s=0.6,
          answer_s=[6.0]),
]


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample); see _draw."""
    p = _draw(rng)
    return dict(params=p, description=_describe(p), disturbances=_disturbances(p))


PLANT = f"""\
Top view, millimetres. The belt (100 mm wide) runs along x from x = 0 to x = {BELT_LENGTH:g} at y = 0,
parts (50 x 50 mm) travelling toward +x. The line hands parts on at x = {FEED_AT:g}; the inspection zone
covers x = {INSPECT_AT - 100:g}..{INSPECT_AT + 100:g}. The pusher stands beside the right edge at
x = {PUSH_AT:g} and pushes toward +y through a gap in the left guide into the reject bin
(x = {PUSH_AT - 60:g}..{PUSH_AT + 60:g}, y = 80..400); eye_confirm's beam runs along the bin's mouth at
y = 68. eye_reject is at x = {EYE_AT:g}, eye_end_zone at x = {END_ZONE_AT:g}; the next machine takes
parts off the belt end (x > {BELT_LENGTH:g}). The stack light and the Reset button stand on the
operator's side; the operator takes a missed part off the belt at the pusher."""

TASK = Task(
    id="MAT-M08", title="Verified reject with line stop", suite="MAT", level="M",
    summary="Push bad parts into the reject bin and confirm each within 1 s; on a miss stop the line, "
            "light red and wait for the operator's removal and Reset; hold bad parts while the bin is full.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=TIME_LIMIT_S, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
