"""MAT-M16 Recipe batching by weight.

Three bulk dosers pour ingredients A, B and C into one weigh hopper on a weigh scale; a gate under
the hopper drops the batch into a mixer, which mixes it for the recipe's mix time and empties
it through its discharge valve. Three batches. Dosing A lands off its target (A has a coarse
valve only, and a varying amount is still in the air when it closes), so the program reads how
much A really landed and rescales B and C to keep the recipe's ratio; B and C have a fine valve
for the last grams. A doser may run dry while it doses: the alarm lamp must show it until the
operator has refilled it, and dosing goes on.

Changed from the catalog, and why:
- judged on the ratios only (B/A and C/A within +-1% of the recipe's), not the total +-0.5%: once
  A lands off and B and C follow it, the total is off by as much as A, so a total tolerance would
  forbid the rescaling the task asks for.
- "S1 gate closed while dosing" and "S2 no dosing with it open" are one interlock: S1 says it
  (nothing open or in the air while the gate is not shut); S2 here is the gate opening only into
  an empty mixer.
- the batch deadline is three progress judges (the gate opens within 1 s of the batch being
  weighed and settled, the mixer discharges within 1 s of the mix time being reached, the next
  batch starts within 1.5 s of the hopper being shut empty): the early sides are S1 (the gate
  opening while material is still in the air) and S3 (the mixer discharging early); the mixer's
  agitator comes up to speed 0.3-1.2 s after it is switched on, and only mixing at speed counts.

Judged by the true contents: batches are the mixer's discharges with their ingredients; the end
state (valves shut, gate shut, mixer stopped and empty) held 2 s. A missed deadline or a batch out
of ratio ends the run (test-suite budget).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.bulk_doser import BulkDoser
from sim.devices.mixer import Mixer
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.weigh_hopper import WeighHopper
from sim.devices.weigh_scale import WeighScale
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

BATCHES = 3
RATIO_TOL = 0.01
GATE_WITHIN_S = 1.0
DISCHARGE_WITHIN_S = 1.5
NEXT_WITHIN_S = 1.5
ALARM_WITHIN_S = 0.5
HOLD_S = 2.0
DOSERS = ("A", "B", "C")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(
        Cylinder(
            "gate",
            -60.0,
            240.0,
            stroke=100.0,
            extend_s=p["gate_s"],
            retract_s=p["gate_s"],
            plate_width=90.0,
            start_extended=p.get("gate_open", False),
        )
    )
    mixer = plant.add(
        Mixer("mixer", 0.0, -200.0, start_s=p["mixer_start_s"], outflow_gs=400.0, capacity_g=2500.0)
    )
    if p.get("mixer_left_g"):  # a batch mixed before power-up, still to be let out
        mixer.add(float(p["mixer_left_g"]), "left over")
        mixer.mixed_s = 1.0e6
    hopper = plant.add(
        WeighHopper(
            "hopper",
            0.0,
            250.0,
            gate="gate",
            into="mixer",
            outflow_gs=600.0,
            empty_weight_g=1200.0,
            capacity_g=2000.0,
        )
    )
    plant.add(WeighScale("scale", 0.0, 240.0, load="hopper", settle_s=p["settle_s"], noise_g=0.2))
    for k, (name, x) in enumerate(zip(DOSERS, (-320.0, 0.0, 320.0), strict=True)):
        fine = name != "A"
        plant.add(
            BulkDoser(
                f"doser_{name.lower()}",
                x,
                600.0,
                into=hopper.inlet(name).name,
                coarse_gs=p["coarse_gs"][k],
                fine_gs=p["fine_gs"] if fine else 1.0,
                afterflow_g=p["afterflow_g"] if fine else 0.0,
                fall_s=p["fall_s"][k],
                hopper_g=p.get("dry_after_g", {}).get(name, 1.0e9),
                drop_mm=190.0,
                refill_s=p.get("refill_s", 10.0),
            )
        )
    for n, (key, label) in enumerate((("a_g", "A"), ("b_g", "B"), ("c_g", "C"))):
        plant.add(
            ValueWord(
                f"recipe_{label.lower()}",
                int(p[key]),
                position=(620.0, 640.0 - 70 * n),
                label=f"recipe {label}",
                units="g",
            )
        )
    plant.add(
        ValueWord(
            "recipe_mix",
            int(round(p["mix_s"] * 10)),
            position=(620.0, 430.0),
            label="mix time",
            units="s",
            scale=0.1,
        )
    )
    plant.add(Lamp("alarm", x=620.0, y=330.0, label="doser dry", color="red"))
    return plant


# --- judges -----------------------------------------------------------------------------------


class _Cell:
    def __init__(self, plant: Plant):
        self.gate = plant.device("gate", Cylinder)
        self.mixer = plant.device("mixer", Mixer)
        self.hopper = plant.device("hopper", WeighHopper)
        self.scale = plant.device("scale", WeighScale)
        self.dosers = tuple(plant.device(f"doser_{n.lower()}", BulkDoser) for n in DOSERS)


def _pouring(s) -> bool:
    """A doser valve open or material still on its way into the hopper."""
    return any(d.coarse or d.fine or d.in_flight_g() > 1e-6 for d in s.devices.dosers)


def _scaled_targets(s, contents) -> tuple[float, float]:
    p, a = s.params, contents.get("A", 0.0)
    return p["b_g"] * a / p["a_g"], p["c_g"] * a / p["a_g"]


def _in_ratio(s, contents) -> bool:
    if contents.get("A", 0.0) <= 0.0:
        return False
    b, c = _scaled_targets(s, contents)
    return (
        abs(contents.get("B", 0.0) - b) <= RATIO_TOL * b and abs(contents.get("C", 0.0) - c) <= RATIO_TOL * c
    )


def _batch_ready(s) -> bool:
    cell = s.devices
    return (
        cell.scale.stable
        and cell.gate.position <= 0.0
        and not _pouring(s)
        and cell.mixer.read("empty")
        and _in_ratio(s, cell.hopper.contents)
    )


def _mixed(s) -> bool:
    m = s.devices.mixer
    # a batch of this run (the one left from before power-up has no deadline; S2 still guards it)
    return (
        not m.read("empty")
        and m.mixed_s >= s.params["mix_s"] - 1e-9
        and not m.discharge
        and m.contents.get("A", 0.0) > 0.0
    )


def _hopper_shut_empty(s) -> bool:
    cell = s.devices
    return (
        cell.hopper.total_g() < 2.0
        and cell.gate.position <= 0.0
        and 0 < len(cell.hopper.discharged) < BATCHES
    )


def _prompt_steps() -> list[judges.Watch]:
    gate = judges.progress_within(
        "the gate opened on the weighed batch",
        _batch_ready,
        [judges.Way("the gate opening", lambda s: -s.devices.gate.position, by=20.0)],
        GATE_WITHIN_S,
        late=lambda t: (
            f"the batch was weighed and settled at {t:g} s but the gate had not opened "
            f"{GATE_WITHIN_S:g} s later"
        ),
    )
    discharge = judges.progress_within(
        "the mixer emptied after mixing",
        _mixed,
        [judges.Way("the mixer discharging", lambda s: s.devices.mixer.total_g(), by=20.0)],
        DISCHARGE_WITHIN_S,
        late=lambda t: (
            f"the batch had been mixed its time at {t:g} s but the mixer had not discharged 20 g "
            f"{DISCHARGE_WITHIN_S:g} s later"
        ),
    )
    nxt = judges.progress_within(
        "the next batch begun",
        _hopper_shut_empty,
        [judges.Way("dosing", lambda s: -s.devices.hopper.total_g(), by=5.0)],
        NEXT_WITHIN_S,
        excused=lambda s: any(d.read("empty") for d in s.devices.dosers),
        late=lambda t: (
            f"the hopper was shut and empty at {t:g} s but dosing had not begun {NEXT_WITHIN_S:g} s later"
        ),
    )
    return [gate, discharge, nxt, AlarmFollowsDryDoser()]


class AlarmFollowsDryDoser(judges.Watch):
    """Written for this task: the alarm lamp must follow a two-sided state (a doser that was told
    to pour and reports empty), on within and off within ALARM_WITHIN_S; no shared judge says both."""

    def __init__(self):
        self.since: int | None = None
        self.want: bool | None = None

    def check(self, s):
        dry = any(d.read("empty") and (d.coarse or d.fine) for d in s.devices.dosers)
        # a dry doser stays "dosing" in the sense of the rule while its valve was left open
        want = dry
        lit = bool(s.io["alarm_lamp"])
        if lit == want:
            self.since = None
            return None
        if self.since is None or self.want != want:
            self.since, self.want = s.time_ms, want
        if s.time_ms - self.since > round(ALARM_WITHIN_S * 1000):
            return (
                f"from {self.since / 1000:g} s the alarm lamp was {'off' if want else 'on'} while "
                f"{'a doser told to pour reported empty' if want else 'no doser was dry'}"
            )
        return None


class _Batches(judges.Judge):
    """Written for this task: a batch out of ratio cannot be put right, so it ends the run at once."""

    name = f"{BATCHES} batches mixed and discharged, each in the recipe's ratio"

    def __init__(self):
        super().__init__()
        self.good = 0

    def update(self, s):
        if self.done:
            return True
        batches = [b for b in s.devices.mixer.batches if b[1].get("A", 0.0) > 0.0]  # not the left-over one
        for t, contents, _ in batches:
            if not _in_ratio(s, contents):
                b, c = _scaled_targets(s, contents)
                self.failed = (
                    f"the batch discharged at {t:.2f} s held A {contents.get('A', 0):.1f} g, B "
                    f"{contents.get('B', 0):.1f} g (ratio wants {b:.1f} g), C {contents.get('C', 0):.1f} g "
                    f"(wants {c:.1f} g)"
                )
                return False
        self.good = len(batches)
        if self.good >= BATCHES:
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} ({self.good} so far)"


def _at_rest(s) -> bool:
    cell = s.devices
    return (
        not _pouring(s)
        and cell.gate.position <= 0.0
        and not cell.mixer.run
        and not cell.mixer.discharge
        and cell.mixer.read("empty")
    )


AT_REST = (
    "every doser valve shut, the gate shut, the mixer stopped with its discharge valve shut and "
    "reporting empty"
)

COMPLETION = Completion(
    f"{BATCHES} batches discharged from the mixer, each holding B and C within +-{RATIO_TOL * 100:g}% of the "
    "recipe's ratio to the A that really landed (B = recipe B x A landed / recipe A, C likewise); then "
    f"{AT_REST}, held for {HOLD_S:g} s. On the way: the gate opens (moves 20 mm) within "
    f"{GATE_WITHIN_S:g} s of "
    "a batch being in ratio and settled (scale stable, nothing pouring, gate shut, mixer empty); the mixer "
    f"discharges (20 g out) within {DISCHARGE_WITHIN_S:g} s of its batch having been mixed the recipe's mix "
    f"time at speed; after the first and the second batch, the next batch's dosing begins (5 g in the "
    f"hopper) within {NEXT_WITHIN_S:g} s of the hopper being empty (under 2 g) with the gate shut again "
    "(excused while a doser is dry); and the alarm lamp is on within "
    f"{ALARM_WITHIN_S:g} s of a "
    "doser told to pour (its valve output on) reporting empty, and off within that time once none is.",
    lambda: MissEndsTheRun(
        judges.watched(
            judges.in_order(_Batches(), judges.held(AT_REST, _at_rest, HOLD_S)),
            *_prompt_steps(),
            name="recipe batches",
        )
    ),
    keep=_at_rest,
    keep_wording=AT_REST + ".",
)


class GateOpensOnlyIntoEmptyMixer(judges.Monitor):
    """S2: the gate leaving its closed position while the mixer is not empty."""

    def __init__(self):
        self.was_shut = True
        self.was_empty = True  # the mixer before this scan's step (the opening gate pours at once)
        self.held_g = 0.0

    def check(self, s):
        cell = s.devices
        shut = cell.gate.position <= 0.0
        opening, self.was_shut = self.was_shut and not shut, shut
        was_empty, held = self.was_empty, self.held_g
        self.was_empty, self.held_g = cell.mixer.read("empty"), cell.mixer.total_g()
        if opening and not was_empty:
            return f"the gate opened on a mixer holding {held:.0f} g"
        return None


class DischargesOnlyMixed(judges.Monitor):
    """S3: the mixer's discharge valve opening on a batch mixed less than the mix time."""

    def __init__(self):
        self.was = False

    def check(self, s):
        m = s.devices.mixer
        opened, self.was = m.discharge and not self.was, m.discharge
        if opened and not m.read("empty") and m.mixed_s < s.params["mix_s"] - 1e-9:
            return f"the mixer discharged a batch mixed only {m.mixed_s:.2f} s at speed"
        return None


SAFETY = [
    SafetyRule(
        "MAT-M16-S1",
        "The gate is fully shut whenever a doser valve is open or material is still "
        "falling from a doser into the hopper.",
        judges.never(
            lambda s: s.devices.gate.position > 0.0 and _pouring(s),
            "the gate was open while material poured into the hopper",
        ),
    ),
    SafetyRule(
        "MAT-M16-S2", "The gate opens only while the mixer reports empty.", GateOpensOnlyIntoEmptyMixer()
    ),
    SafetyRule(
        "MAT-M16-S3",
        "The mixer's discharge valve opens only on a batch mixed for the recipe's mix "
        "time with the agitator at speed (mixer_running) since the last material came in.",
        DischargesOnlyMixed(),
    ),
]


IO = [
    IOPoint(
        "%IX0.0",
        "scale_stable",
        "BOOL",
        "input",
        "scale",
        "stable",
        "TRUE once the load has stopped changing and the reading has settled",
    ),
    IOPoint("%IX0.1", "gate_open", "BOOL", "input", "gate", "extended", "hopper gate fully open"),
    IOPoint("%IX0.2", "gate_shut", "BOOL", "input", "gate", "retracted", "hopper gate fully shut"),
    IOPoint(
        "%IX0.3",
        "mixer_running",
        "BOOL",
        "input",
        "mixer",
        "running",
        "agitator at speed (its speed monitor; it takes 0.3-1.2 s after mixer_run)",
    ),
    IOPoint(
        "%IX0.4", "mixer_empty", "BOOL", "input", "mixer", "empty", "mixer low-level switch: TRUE = empty"
    ),
    IOPoint(
        "%IX0.5", "a_empty", "BOOL", "input", "doser_a", "empty", "doser A's bin has run dry (TRUE = dry)"
    ),
    IOPoint(
        "%IX0.6", "b_empty", "BOOL", "input", "doser_b", "empty", "doser B's bin has run dry (TRUE = dry)"
    ),
    IOPoint(
        "%IX0.7", "c_empty", "BOOL", "input", "doser_c", "empty", "doser C's bin has run dry (TRUE = dry)"
    ),
    IOPoint(
        "%IW0",
        "weight",
        "INT",
        "input",
        "scale",
        "weight",
        "net weight in the hopper (reading minus tare), 0.1 g units; noise about +-0.2 g; the reading "
        "lags the load by the scale's filter",
        "0.1 g",
        "-32768..32767",
    ),
    IOPoint(
        "%IW1",
        "recipe_a",
        "INT",
        "input",
        "recipe_a",
        "value",
        "recipe: grams of A per batch",
        "g",
        "200..500",
    ),
    IOPoint(
        "%IW2",
        "recipe_b",
        "INT",
        "input",
        "recipe_b",
        "value",
        "recipe: grams of B per batch",
        "g",
        "200..600",
    ),
    IOPoint(
        "%IW3",
        "recipe_c",
        "INT",
        "input",
        "recipe_c",
        "value",
        "recipe: grams of C per batch",
        "g",
        "200..600",
    ),
    IOPoint(
        "%IW4",
        "mix_time",
        "INT",
        "input",
        "recipe_mix",
        "value",
        "recipe: mix time at speed, 0.1 s units",
        "0.1 s",
        "30..80",
    ),
    IOPoint(
        "%QX0.0", "a_coarse", "BOOL", "output", "doser_a", "coarse", "doser A's valve (A has no fine valve)"
    ),
    IOPoint("%QX0.1", "b_coarse", "BOOL", "output", "doser_b", "coarse", "doser B coarse valve"),
    IOPoint("%QX0.2", "b_fine", "BOOL", "output", "doser_b", "fine", "doser B fine valve"),
    IOPoint("%QX0.3", "c_coarse", "BOOL", "output", "doser_c", "coarse", "doser C coarse valve"),
    IOPoint("%QX0.4", "c_fine", "BOOL", "output", "doser_c", "fine", "doser C fine valve"),
    IOPoint(
        "%QX0.5",
        "gate_open_cmd",
        "BOOL",
        "output",
        "gate",
        "extend",
        "hopper gate valve (single solenoid): TRUE opens, FALSE shuts",
    ),
    IOPoint("%QX0.6", "mixer_run", "BOOL", "output", "mixer", "run", "mixer agitator motor"),
    IOPoint(
        "%QX0.7",
        "mixer_discharge",
        "BOOL",
        "output",
        "mixer",
        "discharge",
        "mixer discharge valve: TRUE open",
    ),
    IOPoint(
        "%QX1.0", "tare", "BOOL", "output", "scale", "tare", "rising edge: the present reading becomes zero"
    ),
    IOPoint("%QX1.1", "alarm_lamp", "BOOL", "output", "alarm", "on", "alarm lamp: a doser has run dry"),
]

SPEC = f"""\
Each batch is dosed into the weigh hopper, A first, then B, then C, weighed on the scale under it
(weight: net grams x 10 from the last tare; before the first tare it includes the empty hopper,
about 1200 g). A has a single valve: when it shuts, 5-65 g of A is
still in the air, so A lands off its recipe weight; read what really landed once the scale is
stable and rescale B and C to it (B = recipe_b x A landed / recipe_a, C likewise), so the batch
keeps the recipe's ratio (within +-{RATIO_TOL * 100:g}%). B and C have a coarse and a fine valve: the
fine flow is 3-5 g/s; after the fine valve shuts 0.3-1 g more dribbles out and the last material
falls 0.1-0.25 s (their coarse flow 30-60 g/s, A's 30-90 g/s; the reading lags a rising load by up
to 0.15 s of flow). Shut every valve and let the scale settle before the gate
opens (rule S1).

When the batch is in ratio and settled, open the gate (only into an empty mixer, S2): the hopper
runs empty into the mixer; then shut the gate. Run the mixer: only time at speed (mixer_running,
0.3-1.2 s after mixer_run) with nothing more coming in counts; after the recipe's mix time open
the discharge valve (S3) until mixer_empty, then shut it. The next batch may be dosed as soon as
the hopper is empty and its gate shut again (while the mixer mixes).

A doser may run dry while it doses (its empty input turns TRUE): light the alarm lamp while a
doser whose valve output is on reports empty, and keep dosing: the operator refills it after
about 10 s and it pours again. Put the alarm out once no doser told to pour is dry.

At power-up the gate may be open (the hopper is empty), and the mixer may still hold a batch
mixed before power-up: let it out (it is mixed) before the first batch comes in. After {BATCHES} batches stop
with every valve shut, the gate shut and the mixer stopped and empty."""

PLANT = """\
Side view, millimetres. The three dosers hang over the weigh hopper (A left, B middle, C right,
their valves at y = 640); the hopper (a funnel, y = 250..410) stands on the scale, its gate at
its mouth (y = 240); the mixer (y = -200..20) stands under the gate with its agitator and its
discharge valve underneath. The recipe words, the mix time and the alarm lamp are on the right."""

PARAMETERS = [
    ParameterRange("a_g", 200, 500, "g", "recipe grams of A"),
    ParameterRange("b_g", 200, 600, "g", "recipe grams of B"),
    ParameterRange("c_g", 200, 600, "g", "recipe grams of C"),
    ParameterRange("mix_s", 3.0, 8.0, "s", "recipe mix time"),
    ParameterRange("coarse_gs", 30, 90, "g/s", "coarse flow of each doser (each its own; B and C 30-60 g/s)"),
    ParameterRange("fine_gs", 3.0, 5.0, "g/s", "fine flow of B and C"),
    ParameterRange("afterflow_g", 0.3, 1.0, "g", "what dribbles out after a fine valve shuts"),
    ParameterRange(
        "fall_s", 0.1, 0.7, "s", "fall time from a doser into the hopper (A 0.15-0.7 s, B and C 0.1-0.25 s)"
    ),
    ParameterRange("settle_s", 0.3, 1.0, "s", "scale settling time"),
    ParameterRange("gate_s", 0.2, 0.6, "s", "gate stroke time"),
    ParameterRange("mixer_start_s", 0.3, 1.2, "s", "agitator run-up to speed"),
    ParameterRange("refill_s", 8.0, 12.0, "s", "time from a doser running dry to the operator's refill"),
    ParameterRange("mixer_left_g", 100, 1200, "g", "a mixed batch left in the mixer at power-up (if any)"),
]


def _cond(name, seed, description, **p):
    return Condition(name, seed, p, description)


CONDITIONS = [
    _cond(
        "nominal",
        161,
        "middle flows, A lands about 5% over",
        a_g=300,
        b_g=400,
        c_g=250,
        mix_s=5.0,
        coarse_gs=(60, 50, 50),
        fine_gs=4.0,
        afterflow_g=0.8,
        fall_s=(0.3, 0.2, 0.2),
        settle_s=0.5,
        gate_s=0.3,
        mixer_start_s=0.6,
    ),
    _cond(
        "a_far_over_gate_open",
        162,
        "fast A with a long fall (A lands about 20% over), the gate open at power-up, slow agitator",
        a_g=200,
        b_g=600,
        c_g=200,
        mix_s=3.0,
        coarse_gs=(90, 60, 40),
        fine_gs=5.0,
        afterflow_g=1.0,
        fall_s=(0.65, 0.25, 0.1),
        settle_s=0.9,
        gate_s=0.6,
        mixer_start_s=1.2,
        gate_open=True,
    ),
    _cond(
        "dry_b",
        163,
        "doser B runs dry in the second batch, refilled 10 s later",
        a_g=400,
        b_g=300,
        c_g=500,
        mix_s=6.0,
        coarse_gs=(45, 55, 60),
        fine_gs=3.5,
        afterflow_g=0.5,
        fall_s=(0.2, 0.15, 0.25),
        settle_s=0.4,
        gate_s=0.25,
        mixer_start_s=0.4,
        dry_after_g={"B": 480.0},
        refill_s=10.0,
    ),
    _cond(
        "slow_small",
        164,
        "slow flows, small A, quick agitator, long mix, 350 g left in the mixer at power-up",
        mixer_left_g=350,
        a_g=220,
        b_g=200,
        c_g=600,
        mix_s=8.0,
        coarse_gs=(30, 35, 30),
        fine_gs=3.0,
        afterflow_g=0.9,
        fall_s=(0.15, 0.1, 0.25),
        settle_s=1.0,
        gate_s=0.2,
        mixer_start_s=0.3,
    ),
    _cond(
        "dry_c_first",
        165,
        "doser C runs dry in the first batch, refilled 12 s later",
        a_g=500,
        b_g=200,
        c_g=300,
        mix_s=4.0,
        coarse_gs=(75, 40, 60),
        fine_gs=4.5,
        afterflow_g=0.3,
        fall_s=(0.5, 0.25, 0.2),
        settle_s=0.7,
        gate_s=0.45,
        mixer_start_s=0.9,
        dry_after_g={"C": 150.0},
        refill_s=12.0,
    ),
]


def _range(name):
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Independent and uniform draws from the published ranges; A's fall from 0.15-0.7 s and B's and
    C's from 0.1-0.3 s (the published fall range covers both); one time in three one doser runs dry
    after a random part of the material it will pour (its refill comes refill_s after it ran dry:
    the refill time is drawn from its range, the disturbance finds the moment); the gate open at
    power-up one time in four."""
    u = lambda name, nd=1: round(rng.uniform(*_range(name)), nd)  # noqa: E731
    p = dict(
        a_g=rng.randint(200, 500),
        b_g=rng.randint(200, 600),
        c_g=rng.randint(200, 600),
        mix_s=u("mix_s"),
        coarse_gs=(rng.randint(30, 90), rng.randint(30, 60), rng.randint(30, 60)),
        fine_gs=u("fine_gs", 2),
        afterflow_g=u("afterflow_g", 2),
        fall_s=(
            round(rng.uniform(0.15, 0.7), 2),
            round(rng.uniform(0.1, 0.25), 2),
            round(rng.uniform(0.1, 0.25), 2),
        ),
        settle_s=u("settle_s", 2),
        gate_s=u("gate_s", 2),
        mixer_start_s=u("mixer_start_s", 2),
        gate_open=rng.random() < 0.25,
    )
    if rng.random() < 0.25:
        p["mixer_left_g"] = rng.randint(100, 1200)
    if rng.random() < 1 / 3:
        name = rng.choice(DOSERS)
        key = {"A": "a_g", "B": "b_g", "C": "c_g"}[name]
        p["dry_after_g"] = {name: round(rng.uniform(0.2, 2.8) * p[key], 1)}
        p["refill_s"] = u("refill_s")
    return dict(
        params=p,
        description=f"A {p['a_g']} g, B {p['b_g']} g, C {p['c_g']} g, mix {p['mix_s']:g} s"
        + (f", doser {next(iter(p['dry_after_g']))} dry" if "dry_after_g" in p else ""),
        disturbances=[],
    )


TASK = Task(
    id="MAT-M16",
    title="Recipe batching by weight",
    suite="MAT",
    level="M",
    summary="Dose three ingredients by weight in the recipe's ratio, mix each batch; alarm a dry doser.",
    specification=SPEC,
    io=IO,
    completion=COMPLETION,
    safety_rules=SAFETY,
    parameters=PARAMETERS,
    conditions=CONDITIONS,
    time_limit_s=240.0,
    build_plant=build_plant,
    plant_description=PLANT,
    sampler=sample_condition,
    judged_devices=_Cell,
)
