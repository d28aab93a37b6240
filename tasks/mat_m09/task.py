"""MAT-M09 Contact gauging and grading.

Parts ride a belt to a gauge station: a stopper holds each one, a clamp closes on it, a contact
probe comes down on it and reads its size in µm. The reading rings after touch-down (a damped
oscillation, 0.1-0.5 s to settle) and is noisy; the program takes it once stable, grades the part
by the bands the host gives as words, raises the probe, opens the clamp, releases the part and
routes it: pushers push grades A, B and C off into their chutes, rejects run off the belt end.

Changes from the catalog entry, and why:
- "Stable" is 5 successive samples within 4 µm (max - min), not 2 µm: noise of up to 3 µm peak
  to peak, read as whole µm, spreads a settled reading over up to 4 µm; within 2 µm would rarely
  come at all.
- Sizes at band edges lie at least 6 µm from an edge, so that the mean of a stable window (off by
  at most about 3 µm: noise, and what is left of the settling) grades every part by its true size;
  closer, no program could be sure.
- Only one part at a time is downstream of the station (the upstream line hands on the next one
  once the last is past the stopper, and the next waits at the stopper until it is gauged): the
  tracking between the station and its lane is by that lane's eye.

Cheap programs tried from the prompt and the judges (kept in counterexamples/): a fixed read
delay after touch-down (the catalog's trap: the longest ringing's settling is late for a quick
one, fixed_read_delay.st), grading by the first sample (MAT-M09-S3.st), the mean of the first 5
samples, stable or not (mean_of_first_five.st: it earned 1 while the ringing was a pure
oscillation, which 5 samples average away; the probe's tip now also settles into the surface,
30 um decaying in 30 ms, and sizes keep 6 um from the edges), worst-case fixed waits with token
actions (token_blind.st), and the registered conditions' lanes played back
(tuned/lookup_table.st).

Judged by what the plant does: the parts by name in the chutes they fell into (their true size
graded against the condition's bands), the probe's landings, the release by the part really
moving off within its deadline, the rules on the cylinders' positions every scan. The lane check
is this task's own judge: which lane is right depends on each part's size.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.gauge_probe import GaugeProbe
from sim.devices.pneumatics import Cylinder, Pusher, Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import published_range

PARTS = 10
BELT_LENGTH, FEED_AT, STOP_AT, EXIT_EYE_AT = 1300.0, 60.0, 350.0, 420.0
GAUGE_AT = STOP_AT - 6.0 - 25.0        # a held part's centre, against the stopper's 12 mm plate
STATION_EYE_AT = GAUGE_AT + 15.0
LANES = {"A": 620.0, "B": 820.0, "C": 1020.0}
EYE_OFFSET = 20.0
PART = dict(part_kind="ring", colour="silver", width=50.0, length=50.0)
NOMINAL_UM = 20000
EDGE_UM = 6                            # sizes lie at least this far from a band edge
HOLD_S = 2.0
RELEASE_MM = 20.0
SLACK_S = 0.2                          # the release deadline's slack past the settling


def grade(size: float, bands: tuple[int, int, int, int]) -> str:
    low, ab, bc, high = bands
    if size < low or size > high:
        return "reject"
    return "A" if size < ab else ("B" if size < bc else "C")


def _bands(p) -> tuple[int, int, int, int]:
    return tuple(p["bands"])


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    gaps = tuple(("left", at - 60, at + 60) for at in LANES.values())
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0.0, length=BELT_LENGTH, width=100.0, speed=speed,
                              max_speed=speed, ramp_s=0.1,
                              guide_gaps=(("right", STOP_AT - 20, STOP_AT + 20), *gaps)))
    plant.add(Stopper.beside(belt, "stopper", STOP_AT, solenoid="double", start_extended=True))
    # the clamp closes vertically onto the held part (drawn beside the belt)
    plant.add(Cylinder("clamp", GAUGE_AT - 70, -170.0, angle_deg=-90.0, stroke=20.0, extend_s=p["clamp_s"],
                       retract_s=p["clamp_s"], plate_width=50.0))
    sizes = p["sizes_um"]
    plant.add(GaugeProbe("probe", belt, GAUGE_AT, stroke_s=p["probe_s"], ringing_s=p["ringing_s"],
                         noise_um=p["noise_um"], size_of=lambda part: sizes[int(part.name[4:]) - 1]))
    plant.add(PhotoEye.across(belt, "station_eye", STATION_EYE_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(belt, "exit_eye", EXIT_EYE_AT))
    for lane, at in LANES.items():
        plant.add(Pusher(f"pusher_{lane.lower()}", *belt.point(at, -80), angle_deg=90, stroke=180,
                         extend_s=p["pusher_s"], retract_s=p["pusher_s"]))
        plant.add(PhotoEye.across(belt, f"eye_{lane.lower()}", at + EYE_OFFSET))
        x0, _ = belt.point(at - 60)
        x1, _ = belt.point(at + 60)
        plant.add(Chute(f"chute_{lane.lower()}", x0, 80, x1, 400, label=f"grade {lane}"))
    plant.add(Chute("reject_bin", BELT_LENGTH + 5, -200, BELT_LENGTH + 300, 200, label="reject"))
    t, schedule = 0.2, []
    for gap in p["arrival_s"]:
        t += gap
        schedule.append((round(t, 3), dict(PART)))
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, clearance_mm=300.0))
    for n, (name, label) in enumerate((("band_low", "A from"), ("band_ab", "B from"), ("band_bc", "C from"),
                                       ("band_high", "C up to"))):
        plant.add(ValueWord(name, p["bands"][n], position=(150.0 + 170 * n, -330.0), label=label, units="um"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges read and each part's fate, brought up to date once a scan by
    `tally(s)`: `fell` lists (part name, lane) as parts drop into a chute ('reject' for the bin)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.stopper = plant.device("stopper", Stopper)
        self.clamp = plant.device("clamp", Cylinder)
        self.probe = plant.device("probe", GaugeProbe)
        self.pushers = tuple(plant.device(f"pusher_{k.lower()}", Pusher) for k in LANES)
        self.flow = material_flow(plant)
        self.start = self.belt.x - self.belt.half_length
        self.scan = -1
        self.known: dict[str, Workpiece] = {}
        self.fell: list[tuple[str, str]] = []

    def tally(self, s) -> _Cell:
        if s.scan == self.scan:
            return self
        self.scan = s.scan
        for part in self.flow.parts:
            self.known.setdefault(part.name, part)
        for name, part in list(self.known.items()):
            if part.removed:
                del self.known[name]
                x = part.xy()[0] - self.start
                off_side = part.xy()[1] > 60
                lane = next((k for k, at in LANES.items() if abs(x - at) <= 70 and off_side), "reject")
                self.fell.append((name, lane))
        return self

    def gauged(self, name: str) -> bool:
        return any(n == name for _, n in self.probe.landings)


def _cell(s) -> _Cell:
    return s.devices.tally(s)


def _size(s, name: str) -> float:
    return s.params["sizes_um"][int(name[4:]) - 1]


class WrongLane(judges.Monitor):
    """S3: every part into the lane of its grade (its size against the bands)."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        c = _cell(s)
        while self.seen < len(c.fell):
            name, lane = c.fell[self.seen]
            self.seen += 1
            size = _size(s, name)
            right = grade(size, _bands(s.params))
            if lane != right:
                return f"{name} ({size:g} um, grade {right}) went into lane {lane}"
        return None


def _parts_graded(s):
    c = _cell(s)
    return [name for name, _ in c.fell if c.gauged(name)]


def _landed(s) -> bool:
    c = _cell(s)
    return c.probe.touching is not None


class _Gauged:
    """The part the probe landed on, remembered from the landing: its distance to the exit eye is
    the release's Way."""

    def __init__(self):
        self.part: Workpiece | None = None

    def distance(self, s) -> float:
        c = _cell(s)
        if c.probe.touching is not None:
            self.part = c.probe.touching
        if self.part is None:
            return 0.0
        return EXIT_EYE_AT - (self.part.xy()[0] - c.start)


def _released():
    gauged = _Gauged()

    def due(s) -> float:
        p = s.params
        return (1.3 * p["ringing_s"] + 0.1 + p["probe_s"] + p["clamp_s"] + 0.15
                + RELEASE_MM / p["belt_speed"] + SLACK_S)

    return judges.progress_within(
        "the gauged part released", _landed,
        [judges.Way("the gauged part moving off", gauged.distance, by=RELEASE_MM)],
        0.0, allowance_s=due,
        late=lambda t: (f"the probe landed at {t:g} s but the part had not moved {RELEASE_MM:g} mm on "
                        "by its deadline (1.3 x the ringing + 0.1 s + probe and clamp strokes + 0.15 s + "
                        f"{RELEASE_MM:g} mm at belt speed + {SLACK_S:g} s)"))


def _at_rest(s) -> bool:
    c = _cell(s)
    return (c.stopper.position >= c.stopper.stroke and c.clamp.position <= 0.0 and c.probe.position <= 0.0
            and all(p.position <= 0.0 for p in c.pushers))


def _completion():
    return judges.watched(
        judges.in_order(judges.distinct(f"{PARTS} gauged parts in their lanes", _parts_graded, PARTS),
                        judges.held("the station at rest", _at_rest, HOLD_S)),
        _released(), name=f"{PARTS} parts graded")


class StopperWhileHeld(judges.Monitor):
    """S1: the stopper moves down only with the clamp fully open and the probe fully up."""

    def __init__(self):
        self.last: float | None = None

    def check(self, s):
        c = _cell(s)
        pos = c.stopper.position
        last, self.last = self.last, pos
        if last is not None and pos < last - 1e-6 and (c.clamp.position > 0.0 or c.probe.position > 0.0):
            return "the stopper moving down with the part clamped or probed"
        return None


class ProbeOnlyClamped(judges.Monitor):
    """S2: the probe out of its top position only while the clamp is fully closed on a part."""

    def check(self, s):
        c = _cell(s)
        clamped = c.clamp.position >= c.clamp.stroke and c.probe.under() is not None
        if c.probe.position > 0.0 and not clamped:
            return "the probe down without the clamp fully closed on a part under it"
        return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "station_eye", "BOOL", "input", "station_eye", "blocked",
            "station photo-eye: TRUE while a part stands at the stopper (or passes it)"),
    IOPoint("%IX0.1", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            f"exit photo-eye {EXIT_EYE_AT - STOP_AT:.0f} mm past the stopper: TRUE while a part blocks it "
            "(a part blocking it is clear of the stopper)"),
    IOPoint("%IX0.2", "stopper_up", "BOOL", "input", "stopper", "extended",
            "stopper fully up across the belt"),
    IOPoint("%IX0.3", "stopper_down", "BOOL", "input", "stopper", "retracted", "stopper fully down"),
    IOPoint("%IX0.4", "clamp_closed", "BOOL", "input", "clamp", "extended", "clamp fully closed"),
    IOPoint("%IX0.5", "clamp_open", "BOOL", "input", "clamp", "retracted", "clamp fully open"),
    IOPoint("%IX0.6", "probe_up", "BOOL", "input", "probe", "up", "probe fully up"),
    IOPoint("%IX0.7", "probe_down", "BOOL", "input", "probe", "down", "probe down (on the part)"),
    IOPoint("%IX1.0", "eye_a", "BOOL", "input", "eye_a", "blocked",
            f"eye {EYE_OFFSET:.0f} mm past pusher A: TRUE while a part blocks it"),
    IOPoint("%IX1.1", "eye_b", "BOOL", "input", "eye_b", "blocked",
            f"eye {EYE_OFFSET:.0f} mm past pusher B: TRUE while a part blocks it"),
    IOPoint("%IX1.2", "eye_c", "BOOL", "input", "eye_c", "blocked",
            f"eye {EYE_OFFSET:.0f} mm past pusher C: TRUE while a part blocks it"),
    IOPoint("%IX1.3", "pusher_a_out", "BOOL", "input", "pusher_a", "extended", "pusher A fully out"),
    IOPoint("%IX1.4", "pusher_b_out", "BOOL", "input", "pusher_b", "extended", "pusher B fully out"),
    IOPoint("%IX1.5", "pusher_c_out", "BOOL", "input", "pusher_c", "extended", "pusher C fully out"),
    IOPoint("%IX1.6", "pusher_a_back", "BOOL", "input", "pusher_a", "retracted", "pusher A fully back"),
    IOPoint("%IX1.7", "pusher_b_back", "BOOL", "input", "pusher_b", "retracted", "pusher B fully back"),
    IOPoint("%IX2.0", "pusher_c_back", "BOOL", "input", "pusher_c", "retracted", "pusher C fully back"),
    IOPoint("%IW0", "probe_value", "INT", "input", "probe", "value",
            "probe reading in um (the part's size; 0 when not on a part), sampled every 10 ms", "um"),
    IOPoint("%IW1", "band_low", "INT", "input", "band_low", "value", "grade A from this size (um)", "um"),
    IOPoint("%IW2", "band_ab", "INT", "input", "band_ab", "value", "grade B from this size (um)", "um"),
    IOPoint("%IW3", "band_bc", "INT", "input", "band_bc", "value", "grade C from this size (um)", "um"),
    IOPoint("%IW4", "band_high", "INT", "input", "band_high", "value", "grade C up to this size (um)", "um"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt"),
    IOPoint("%QX0.1", "stopper_raise", "BOOL", "output", "stopper", "extend",
            "stopper valve, raise coil (double solenoid: keeps its position with neither coil on)"),
    IOPoint("%QX0.2", "stopper_lower", "BOOL", "output", "stopper", "retract", "stopper valve, lower coil"),
    IOPoint("%QX0.3", "clamp_close", "BOOL", "output", "clamp", "extend",
            "clamp valve (single solenoid): TRUE closes the clamp, FALSE opens it"),
    IOPoint("%QX0.4", "probe_lower", "BOOL", "output", "probe", "lower",
            "probe valve: TRUE lowers the probe, FALSE raises it"),
    IOPoint("%QX0.5", "push_a", "BOOL", "output", "pusher_a", "extend", "pusher A: TRUE out, FALSE back"),
    IOPoint("%QX0.6", "push_b", "BOOL", "output", "pusher_b", "extend", "pusher B: TRUE out, FALSE back"),
    IOPoint("%QX0.7", "push_c", "BOOL", "output", "pusher_c", "extend", "pusher C: TRUE out, FALSE back"),
]

SPEC = f"""\
Parts (50 x 50 mm rings) ride a belt to a gauge station: a stopper holds each one, a clamp closes on
it, a contact probe comes down on it and reads its size in um (probe_value). Downstream, pushers A,
B and C push parts off into the chutes of grades A, B and C; a reject runs off the belt end into the
reject bin.

For each part at the stopper: close the clamp; once it is fully closed lower the probe; once the
probe is down, take the reading when it is stable: the first 5 successive samples (scans) whose
largest and smallest differ by at most 4 um; the reading is their mean. After touch-down the probe
rings (a damped oscillation of tens of um that takes 0.1 to 0.5 s to die away, a different time in
each run, on top of the tip settling into the surface) and the reading is noisy (up to 3 um peak
to peak). Grade it: A from band_low up to (not
including) band_ab, B from band_ab up to band_bc, C from band_bc up to band_high inclusive; below
band_low or above band_high it is a reject. Raise the probe; once it is fully up open the clamp;
once the clamp is fully open lower the stopper. The part must have moved {RELEASE_MM:g} mm on
within 1.3 x the ringing time + 0.1 s + the probe's and the clamp's strokes + 0.15 s +
{RELEASE_MM:g} mm at belt speed + {SLACK_S:g} s of the probe's touch-down (waiting for the longest
ringing every time is late). Raise the stopper again once the part blocks the exit eye. Route the
part: for grade A, B or C run the belt until the part blocks that lane's eye, stop the belt, push it
off (pusher fully out, then back) and run on; a reject rides on off the belt end. The upstream line
hands on the next part only once the last one is past the stopper. Sizes are never within
{EDGE_UM} um of a band edge.

At power-up the stopper is up, the clamp open, the probe up and the pushers back; the belt stands.
{PARTS} parts."""

COMPLETION = Completion(
    f"{PARTS} parts, each gauged by the probe, in the chute of its grade (by its true size). Then the "
    f"stopper up, the clamp open, the probe up and the pushers back, held for {HOLD_S:g} s. Throughout, "
    "each gauged part released on time (see the specification).",
    _completion, keep=_at_rest,
    keep_wording="the stopper fully up, the clamp fully open, the probe fully up and the pushers fully back.",
)

SAFETY = [
    SafetyRule("MAT-M09-S1", "No part moves while probed or clamped: the stopper moves down only while the "
               "clamp is fully open and the probe fully up.", StopperWhileHeld(),
               signals=("stopper_lower", "clamp_open", "probe_up")),
    SafetyRule("MAT-M09-S2", "The probe leaves its top position only while the clamp is fully closed on a "
               "part under the probe.", ProbeOnlyClamped(), signals=("probe_lower", "clamp_closed")),
    SafetyRule("MAT-M09-S3", "Every part goes into the lane of its grade (its size against the bands, "
               "which a stable reading gives: sizes keep 6 um from the band edges); a reject into the "
               "reject bin.", WrongLane(), signals=("push_a", "push_b", "push_c")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 150, 300, "mm/s", "belt speed"),
    ParameterRange("ringing_s", 0.1, 0.5, "s", "time the probe's ringing takes to die away"),
    ParameterRange("noise_um", 1.0, 3.0, "um", "reading noise, peak to peak"),
    ParameterRange("probe_s", 0.1, 0.3, "s", "probe stroke time, each way"),
    ParameterRange("clamp_s", 0.1, 0.3, "s", "clamp stroke time, each way"),
    ParameterRange("pusher_s", 0.2, 0.4, "s", "pusher stroke time, each way"),
    ParameterRange("sizes_um", 19900, 20100, "um", "part sizes"),
    ParameterRange("bands", 19900, 20100, "um", "band limits"),
    ParameterRange("arrival_s", 0.0, 3.0, "s", "extra time before the upstream line hands on a part"),
]


def _range(name):
    return published_range(PARAMETERS, name)


def _draw_parts(rng: random.Random) -> dict:
    """Bands 12-25 um wide around the nominal; sizes from each grade and reject, half of them 4-6 um
    from a band edge, every size at least EDGE_UM from every edge; arrival gaps uniform."""
    low = NOMINAL_UM - rng.randint(20, 35)
    ab = low + rng.randint(12, 25)
    bc = ab + rng.randint(12, 25)
    high = bc + rng.randint(12, 25)
    edges = (low, ab, bc, high)
    sizes = []
    while len(sizes) < PARTS:
        if rng.random() < 0.5:
            size = rng.choice(edges) + rng.choice((-1, 1)) * rng.randint(EDGE_UM, EDGE_UM + 2)
        else:
            size = rng.randint(low - 25, high + 25)
        if all(abs(size - e) >= EDGE_UM for e in edges) and (size != high or True):
            sizes.append(size)
    # every grade at least once
    for n, kind in enumerate(("A", "B", "C", "reject")):
        if not any(grade(sz, edges) == kind for sz in sizes):
            sizes[n] = {"A": low + 6, "B": ab + 6, "C": bc + 6, "reject": high + 8}[kind]
    return dict(bands=list(edges), sizes_um=sizes,
                arrival_s=[round(rng.uniform(*_range("arrival_s")), 2) for _ in range(PARTS)])


def _cond(name, seed, description, *, parts_seed, **params):
    return Condition.of(name, seed, description, **{**_draw_parts(random.Random(parts_seed)), **params})


CONDITIONS = [
    _cond("nominal", 901, "middle ringing and noise", parts_seed=91, belt_speed=220, ringing_s=0.3,
          noise_um=2.0, probe_s=0.2, clamp_s=0.2, pusher_s=0.3),
    _cond("quick_ringing", 902, "the ringing dies in 0.1 s: a wait for the longest is late", parts_seed=92,
          belt_speed=300, ringing_s=0.1, noise_um=1.0, probe_s=0.1, clamp_s=0.1, pusher_s=0.2),
    _cond("long_ringing", 903, "0.5 s of ringing, 3 um of noise", parts_seed=93, belt_speed=150,
          ringing_s=0.5, noise_um=3.0, probe_s=0.3, clamp_s=0.3, pusher_s=0.4),
    _cond("noisy_quick", 904, "3 um of noise, 0.15 s of ringing", parts_seed=94, belt_speed=260,
          ringing_s=0.15, noise_um=3.0, probe_s=0.15, clamp_s=0.25, pusher_s=0.25),
    _cond("slow_cylinders", 905, "0.4 s of ringing, slow probe and clamp", parts_seed=95, belt_speed=180,
          ringing_s=0.4, noise_um=1.5, probe_s=0.3, clamp_s=0.3, pusher_s=0.35),
]


def sample_condition(rng: random.Random) -> dict:
    """Speeds, ringing, noise and strokes uniform in their ranges; the bands and sizes jointly
    (_draw_parts: sizes clear of the band edges)."""
    params = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  **{k: round(rng.uniform(*_range(k)), 3)
                     for k in ("ringing_s", "noise_um", "probe_s", "clamp_s", "pusher_s")},
                  **_draw_parts(rng))
    description = f"ringing {params['ringing_s']:g} s, noise {params['noise_um']:g} um"
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x at y = 0, parts travelling
toward +x from the upstream line at x = {FEED_AT:.0f}. The stopper stands beside the belt at
x = {STOP_AT:.0f}; a held part's centre is at x = {GAUGE_AT:.0f}, under the probe and the clamp (both move
vertically; drawn beside the belt). The station eye is at x = {STATION_EYE_AT:.0f}, the exit eye at
x = {EXIT_EYE_AT:.0f}. Pushers A, B, C stand at x = {LANES['A']:.0f}, {LANES['B']:.0f}, {LANES['C']:.0f} on
the right (y < 0) and push across into their chutes on the left; each lane's eye is
{EYE_OFFSET:.0f} mm past its pusher. The reject bin lies beyond the belt end."""

TASK = Task(
    id="MAT-M09", title="Contact gauging and grading", suite="MAT", level="M",
    summary="Stop, clamp and probe each part, read its size once the probe has settled, grade it by the "
            "host's bands and route it to its lane.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=100.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
