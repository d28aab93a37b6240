"""MAT-E03 Counting with a chattering photo-eye.

Parts come down a belt in an irregular stream; a count eye just past a stopper gate counts
them. After N parts the program closes the gate in the gap behind the N-th part, stops the
belt, lights Batch and waits for the operator's Ack before it reopens the gate and runs on;
three batches. The eye's contact chatters after every edge, so raw edges overcount; a
debounce longer than the shortest part or gap undercounts. Belt speed, N, the gaps, the
chatter, the operator's answer times and stray presses of Ack vary; a part may lie on the
count eye at power-up (already past the gate: no part of any batch) and the gate may be
closed at power-up.

Changes from the catalog entry, and why:
- Gaps are given in time (0.12-0.8 s between a part's tail and the next one's front at belt
  speed) instead of 15-200 mm: what makes a debounce too long is the time a gap takes to
  pass the eye, and 15 mm at 300 mm/s (50 ms) minus 30 ms of chatter leaves no debounce that
  both rejects the chatter and sees the gap.
- The gap behind the last part of each batch is at least 0.25 s + 25 mm / speed: the gate
  needs that long to close across the belt after the tail clears the eye; a shorter gap could
  not be closed in by any program. Gaps inside a batch are drawn from the whole range, so a
  long gap does not mark the end of a batch.
- The belt stands while a batch waits for Ack and the upstream line is interlocked with it
  (Feeder paced_by), so the waiting parts keep their gaps; the operator is an Attendant who
  answers the Batch lamp after a while, not a press at a fixed time.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.attendant import Attendant
from sim.devices.axis import ValueWord
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.panel import Lamp, PushButton
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, published_range

BATCHES = 3
BELT_LENGTH, FEED_AT, GATE_AT, EYE_AT = 850.0, 60.0, 450.0, 465.0
PART_MM = 50.0
PART = dict(part_kind="A", colour="green", width=PART_MM, length=PART_MM)
GATE_S = 0.12              # the gate's stroke time, each way
LAMP_WITHIN_S = 0.5        # Batch on within this of the gate closed on a full batch
REOPEN_WITHIN_S = 0.5      # the gate on its way open within this of Ack
REOPEN_MM = 20.0           # ... this far (a one-scan valve drop moves it 10 mm), then on to open
HOLD_S = 2.0
EXTRA_PARTS = 2            # parts of a fourth batch behind the third, so the third's gap is real


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=speed,
                              max_speed=speed, ramp_s=0.05,
                              guide_gaps=(("right", GATE_AT - 20, GATE_AT + 20),)))
    plant.add(Stopper.beside(belt, "gate", GATE_AT, extend_s=GATE_S, retract_s=GATE_S,
                             start_extended=p.get("gate_closed", False)))
    if p.get("part_on_eye"):
        plant.add(Workpiece("part_e", *belt.point(EYE_AT), **PART))
    # the upstream line hands a part on (L + gap) / v after the previous one, while the belt runs
    t, schedule = 0.3, []
    for gap in [0.0, *p["gap_s"]]:
        t += (PART_MM / speed + gap) if schedule else 0.0
        schedule.append((round(t, 4), dict(PART)))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, paced_by=("belt", "running")))
    plant.add(PhotoEye.across(belt, "count_eye", EYE_AT, bounce_s=p["bounce_s"], live_at_power_up=True))
    plant.add(Chute("tote", BELT_LENGTH + 5, -90, BELT_LENGTH + 200, 90, label="tote"))
    plant.add(ValueWord("batch_size", p["batch_size"], position=(150.0, -260.0), label="batch size",
                        units="parts"))
    plant.add(Lamp("batch_lamp", x=320.0, y=-260.0, label="Batch", color="amber"))
    plant.add(PushButton("ack_button", x=440.0, y=-260.0, label="Ack", color="blue"))
    plant.add(Attendant("operator", lamp="batch_lamp", button="ack_button", answer_s=tuple(p["answer_s"]),
                        stray_s=tuple(p.get("stray_ack_s", ())), x=GATE_AT + 250, y=-230))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges look at, and the batches as the plant made them: every part whose
    centre crosses the gate line while the gate is open belongs to the open batch; a batch ends
    when the gate is fully closed and the next begins when it is fully open again. `tally(s)`
    brings this up to date once per scan (every judge may call it)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.gate = plant.device("gate", Stopper)
        self.flow = material_flow(plant)
        self.start = self.belt.x - self.belt.half_length
        self.scan = -1
        self.along: dict[str, float] = {}
        self.open_count = 0           # parts through the gate since it last opened fully
        self.closed = self.gate.position >= self.gate.stroke
        self.batches: list[int] = []  # parts in each batch, at each full close
        self.lamp_before = False      # the Batch lamp in the scan before
        self.lamp_now = False
        self.ack_pressed = False      # Ack pressed this scan (a rising edge of its contact)
        self._ack = False

    def tally(self, s) -> _Cell:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        self.lamp_before, self.lamp_now = self.lamp_now, bool(s.io["batch_lamp"])
        ack = bool(s.io["ack"])
        self.ack_pressed, self._ack = ack and not self._ack, ack
        along = self.along
        for part in self.flow.parts:
            now = part.xy()[0] - self.start
            before = along.get(part.name, now)
            if before < GATE_AT <= now:
                self.open_count += 1
            along[part.name] = now
        gate = self.gate
        if not self.closed and gate.position >= gate.stroke:
            self.closed = True
            self.batches.append(self.open_count)
        elif self.closed and gate.position <= 0.0:
            self.closed = False
            self.open_count = 0
        return self


def _cell(s) -> _Cell:
    return s.devices.tally(s)


def _acked(s) -> bool:
    """Ack pressed (its contact closing) while Batch was lit (the lamp as the program left it
    in the scan before): a press held since before the lamp lit is no answer to it."""
    c = _cell(s)
    return c.ack_pressed and c.lamp_before


def _closed_on_full_batch(k: int):
    def when(s) -> bool:
        c = _cell(s)
        return c.closed and len(c.batches) == k and c.batches[-1] == s.params["batch_size"]
    return when


def _batch(k: int) -> list[judges.Judge]:
    return [
        AnsweredWithin(
            f"batch {k}: the gate closed behind exactly batch_size parts, Batch on within "
            f"{LAMP_WITHIN_S:g} s",
            _closed_on_full_batch(k), lambda s: s.io["batch_lamp"], LAMP_WITHIN_S,
            lambda t, k=k: (f"the gate closed on batch {k} at {t:g} s but Batch was not on "
                            f"{LAMP_WITHIN_S:g} s later"),
            waiting=f"batch {k} of exactly batch_size parts, the gate closed behind it, Batch on"),
        judges.event(f"batch {k} acknowledged (Ack while Batch on)", _acked),
        judges.event(f"the gate fully open again after batch {k}", lambda s: _cell(s).gate.position <= 0.0),
    ]


def _reopens_after_ack():
    """The gate on its way open within REOPEN_WITHIN_S of an Ack that came while Batch was lit:
    judged by the gate really retracting, and going on to fully open, latched per Ack."""
    return judges.progress_within(
        "the gate reopening after Ack", _acked,
        [judges.Way("the gate retracting", lambda s: _cell(s).gate.position, by=REOPEN_MM,
                    until=lambda s: _cell(s).gate.position <= 0.0)],
        REOPEN_WITHIN_S, excused=lambda s: _cell(s).gate.position <= 0.0,
        late=lambda t: (f"Ack came at {t:g} s but the gate had not retracted {REOPEN_MM:g} mm "
                        f"{REOPEN_WITHIN_S:g} s later"))


def _end_state(s) -> bool:
    return not s.io["batch_lamp"] and _cell(s).gate.position <= 0.0


def _completion():
    steps = [step for k in range(1, BATCHES + 1) for step in _batch(k)]
    return judges.watched(
        judges.in_order(*steps, judges.held("Batch off with the gate open", _end_state, HOLD_S)),
        _reopens_after_ack(), name=f"{BATCHES} batches counted and acknowledged")


class GateOntoPart(judges.Monitor):
    """S1: the gate moving out while a part on the belt overlaps its sweep (the strip its plate
    crosses the belt in)."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        c = _cell(s)
        gate = c.gate
        last, self.last = self.last, gate.position
        if last is None or gate.position <= last:
            return None
        half = gate.plate_width / 2
        for part in c.flow.parts:
            along = part.x - c.start
            if abs(along - GATE_AT) < half + part.half_extent(1.0, 0.0) and abs(part.y - c.belt.y) <= 60:
                return f"the gate moved out against {part.name} lying in its sweep"
        return None


def _lamp_without_full_batch(s):
    c = _cell(s)
    if s.io["batch_lamp"] and c.open_count != s.params["batch_size"]:
        return (f"Batch on with {c.open_count} parts through the gate since it last opened "
                f"(batch size {s.params['batch_size']})")
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "count_eye", "BOOL", "input", "count_eye", "blocked",
            f"count photo-eye {EYE_AT - GATE_AT:.0f} mm after the gate: TRUE while a part blocks the beam; "
            "its contact chatters for up to 30 ms after every change"),
    IOPoint("%IX0.1", "gate_closed", "BOOL", "input", "gate", "extended", "gate fully out across the belt"),
    IOPoint("%IX0.2", "gate_open", "BOOL", "input", "gate", "retracted", "gate fully back, the belt free"),
    IOPoint("%IX0.3", "ack", "BOOL", "input", "ack_button", "pressed",
            "Ack push button (NO contact): TRUE while the operator presses it"),
    IOPoint("%IX0.4", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%IW0", "batch_size", "INT", "input", "batch_size", "value",
            "parts per batch (constant during the run)", "parts", "5..12"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt forward"),
    IOPoint("%QX0.1", "gate_close", "BOOL", "output", "gate", "extend",
            "gate valve (single solenoid): TRUE moves the gate out across the belt, FALSE back"),
    IOPoint("%QX0.2", "batch_lamp", "BOOL", "output", "batch_lamp", "on",
            "Batch lamp: TRUE tells the operator a full batch is ready"),
]

SPEC = f"""\
Parts ({PART_MM:.0f} x {PART_MM:.0f} mm) come down a belt from an upstream line and pass a
stopper gate and, {EYE_AT - GATE_AT:.0f} mm after it, the count eye; they run on into a tote at
the belt end. The upstream line is interlocked with the belt: it hands parts on only while the
belt runs, so parts keep their spacing while the belt stands.

Count the parts that pass the count eye. When batch_size parts have passed, close the gate in
the gap behind the last of them, so that the batch holds exactly batch_size parts (a part
belongs to a batch when it has gone through the gate line while the gate was open), and stop the
belt; then light Batch (within {LAMP_WITHIN_S:g} s of the gate being fully closed) and wait for the
operator to press Ack. An Ack counts only if pressed while Batch is lit (the operator sometimes
presses it at other times: ignore those, and a press already held when Batch lights). After Ack
put Batch off and open the gate (it must have retracted {REOPEN_MM:g} mm within
{REOPEN_WITHIN_S:g} s of the Ack, and go on to fully open); once it is fully open run the belt
again and count the next batch from zero. {BATCHES} batches.

The eye's contact chatters: after every change it flickers at random for up to 30 ms before it
settles. A part, or the gap between two parts, takes at least 0.12 s to pass the eye; the gap
behind the last part of each batch at least 0.25 s + 25 mm / belt speed (time enough to close the
gate if it starts within a few scans of that part's tail clearing the eye), but long gaps come
inside batches too. Belt speed, batch size, the gaps and the chatter differ from run to run.

At power-up the belt stands still and the gate may be closed (open it before running the belt).
A part may lie on the count eye at power-up: it has already gone through the gate and belongs to
no batch, so it must not be counted. When the third batch has been acknowledged and the gate is
open again, run on with Batch off and the gate open, and keep it so."""

COMPLETION = Completion(
    f"In order, for each of {BATCHES} batches: the gate fully closed behind exactly batch_size parts "
    f"that went through it while it was open, with Batch on within {LAMP_WITHIN_S:g} s of that; Ack "
    "pressed while Batch is on; the gate fully open again. Then Batch off with the gate open, held for "
    f"{HOLD_S:g} s. Throughout, within {REOPEN_WITHIN_S:g} s of each Ack that comes while Batch is on, "
    f"the gate has retracted {REOPEN_MM:g} mm and goes on to fully open without closing again.",
    _completion, keep=_end_state, keep_wording="Batch off with the gate fully open.",
)

SAFETY = [
    SafetyRule("MAT-E03-S1", "The gate moves out only while its sweep is empty: never while a part on the "
               "belt lies in the strip its plate crosses the belt in.", GateOntoPart(),
               signals=("gate_close", "count_eye", "belt_run")),
    SafetyRule("MAT-E03-S2", "Batch is on only while exactly batch_size parts have gone through the gate "
               "since it was last fully open (since power-up for the first batch).",
               _lamp_without_full_batch, signals=("batch_lamp", "count_eye", "gate_closed")),
]

PARAMETERS = [
    ParameterRange("batch_size", 5, 12, "parts", "parts per batch"),
    ParameterRange("belt_speed", 100, 300, "mm/s", "belt speed when running"),
    ParameterRange("gap_s", 0.12, 0.8, "s",
                   "gap between a part's tail and the next part's front at belt speed"),
    ParameterRange("bounce_s", 0.0, 0.03, "s", "how long the eye's contact chatters after each change"),
    ParameterRange("answer_s", 0.5, 4.0, "s", "how long the operator takes to press Ack after Batch lights"),
    ParameterRange("stray_ack_s", 0.0, 60.0, "s", "times the operator presses Ack while Batch is off"),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def boundary_gap_s(speed: float) -> float:
    """The least gap behind the last part of a batch at this belt speed."""
    return round(0.25 + 25.0 / speed + 0.005, 2)


def _gaps(rng: random.Random, n: int, speed: float) -> list[float]:
    """Gaps between 3n + EXTRA parts: each uniform in the range; the one behind every n-th part
    at least boundary_gap_s; three gaps of each batch short (0.12-0.16 s), so a long debounce
    loses parts in every run."""
    low, high = _range("gap_s")
    gaps = []
    for b in range(BATCHES + 1):
        inner = n - 1 if b < BATCHES else EXTRA_PARTS - 1
        batch = [round(rng.uniform(low, high), 2) for _ in range(inner)]
        for i in rng.sample(range(inner), min(3, inner)):
            batch[i] = round(rng.uniform(low, 0.16), 2)
        gaps += batch
        if b < BATCHES:
            gaps.append(round(rng.uniform(boundary_gap_s(speed), high), 2))
    return gaps


def _cond(name, seed, description, *, gaps_seed, **params):
    params["gap_s"] = _gaps(random.Random(gaps_seed), params["batch_size"], params["belt_speed"])
    return Condition.of(name, seed, description, **params)


CONDITIONS = [
    _cond("nominal", 301, "batch of 8, middle speed, 15 ms of chatter", gaps_seed=1, batch_size=8,
          belt_speed=200, bounce_s=0.015, answer_s=(1.5, 2.0, 1.0)),
    _cond("clean_eye", 302, "batch of 5, slow belt, an eye that does not chatter, stray Ack presses",
          gaps_seed=2, batch_size=5, belt_speed=110, bounce_s=0.0, answer_s=(0.6, 3.5, 0.8),
          stray_ack_s=(1.0, 9.5, 30.0)),
    _cond("fast_chatter", 303, "batch of 12, fast belt, 30 ms of chatter", gaps_seed=3, batch_size=12,
          belt_speed=295, bounce_s=0.03, answer_s=(4.0, 0.5, 2.5)),
    _cond("part_on_eye", 304, "a part on the count eye at power-up, batch of 6, quick operator",
          gaps_seed=4, batch_size=6, belt_speed=240, bounce_s=0.025, answer_s=(0.5, 0.5, 0.7),
          part_on_eye=True, stray_ack_s=(0.4,)),
    _cond("gate_closed", 305, "the gate closed at power-up, batch of 10, a part on the eye",
          gaps_seed=5, batch_size=10, belt_speed=160, bounce_s=0.02, answer_s=(2.0, 1.2, 3.0),
          gate_closed=True, part_on_eye=True),
]


def sample_condition(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample): batch size, speed, chatter and each
    answer time uniform; the gaps jointly (_gaps: the gap behind each batch long enough for the
    gate at that speed, three short gaps per batch); up to three stray Ack presses at uniform
    times; a part on the eye one time in three, the gate closed at power-up one time in four."""
    n = rng.randint(*map(int, _range("batch_size")))
    speed = rng.randint(*map(int, _range("belt_speed")))
    params = dict(batch_size=n, belt_speed=speed, gap_s=_gaps(rng, n, speed),
                  bounce_s=round(rng.uniform(*_range("bounce_s")), 3),
                  answer_s=tuple(round(rng.uniform(*_range("answer_s")), 2) for _ in range(BATCHES)),
                  stray_ack_s=tuple(sorted(round(rng.uniform(*_range("stray_ack_s")), 2)
                                           for _ in range(rng.randint(0, 3)))))
    if rng.random() < 1 / 3:
        params["part_on_eye"] = True
    if rng.random() < 1 / 4:
        params["gate_closed"] = True
    description = (f"batch of {n}, {speed} mm/s, chatter {params['bounce_s'] * 1000:.0f} ms"
                   + ("; a part on the eye" if params.get("part_on_eye") else "")
                   + ("; gate closed" if params.get("gate_closed") else ""))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x from x = 0 to
x = {BELT_LENGTH:.0f} at y = 0, parts travelling toward +x. The upstream line puts parts down at
x = {FEED_AT:.0f}. The gate stands beside the belt at x = {GATE_AT:.0f} and swings its plate (12 mm
thick) out across the belt; the count eye is at x = {EYE_AT:.0f}; the tote lies beyond the belt end.
The operator stands by the panel with the Batch lamp and the Ack button."""

TASK = Task(
    id="MAT-E03", title="Counting with a chattering photo-eye", suite="MAT", level="E",
    summary="Count parts past a chattering photo-eye into batches of exactly N, closing a gate in the "
            "gap behind each batch and reopening it on the operator's acknowledgement.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
