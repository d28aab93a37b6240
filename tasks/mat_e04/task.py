"""MAT-E04 Magazine separation with an escapement.

A gravity magazine holds a stack of parts nose to tail; at its mouth an escapement of two
pneumatic stoppers lets them out one at a time into the infeed tray of the next station: the
release pin at the mouth holds the stack; the hold clamp one part further up pins the second
part. Per request of the station: extend the hold, retract the release, wait until the part
has left, extend the release, retract the hold (the stack slides down onto the release pin).

Changes from the catalog entry, and why:
- The stoppers have bistable (double-solenoid) valves: at power-up they stay where they were,
  which is what makes the start state "release retracted" (the hold clamp pinning the stack, the
  first part already let out) possible and worth discovering; a single-solenoid release would
  spring back to one fixed state at power-up.
- The hold clamp is set up for the lot's part length (its pad over the second part's middle)
  and presses that part against the rail: it comes in ONTO a part by design, so rule S3 ("no
  stopper onto a part") is the release pin's: it never moves into the path while a part lies
  across its line.
- "Answered <= 0.5 s" is the escapement setting off within 0.5 s of the request (once the
  magazine is ready); each later step must follow its cause within 0.25 s (smaller than the
  0.1-0.5 s spread of the stroke times), so a program that waits the slowest published stroke
  time instead of reading the end switches is late.

Judged by what the plant does: the rods' positions (sim.judges.progress_within with Ways whose
distance really shrinks, latched per episode), the parts the tray received while its request
was up (every part is one delivery: the tray takes it out of the plant), the magazine's log of
a pin driven onto a part, and the end state (release out, hold back) held through the
post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.magazine import GravityMagazine
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.station_tray import StationTray
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, published_range

REQUESTS = 6
STACK = 8                 # parts in the magazine at power-up (one fewer when one was let out before)
MAG_X, MAG_Y, MAG_LENGTH = 100.0, 300.0, 1000.0
RELEASE_AT = 970.0        # the release pin's line, mm from the magazine's top; the mouth is at 1000
READY_EYE_AT = RELEASE_AT - 20.0
EXIT_EYE_AT = RELEASE_AT + 10.0
PART_WIDTH = 60.0
ANSWER_S = 0.5            # the hold on its way out after a request (magazine ready)
STEP_S = 0.25             # every later step after its cause
SET_OFF_MM = 5.0          # "on its way": the rod has moved this far (a one-scan pulse moves less)
HOLD_S = 2.0
COLOURS = ("blue", "green", "orange", "red", "yellow", "silver")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    length = float(p["part_mm"])
    released = bool(p.get("release_open_at_start"))
    rng = random.Random(condition.seed)          # colours only: they tell the program nothing
    parts = [dict(part_kind="A", code=1, colour=rng.choice(COLOURS), material="metal", height_mm=30.0,
                  width=PART_WIDTH, length=length) for _ in range(STACK)]
    hold_at = RELEASE_AT - 1.5 * length          # the clamp's pad over the second part's middle
    mag = GravityMagazine("magazine", MAG_X, MAG_Y, length=MAG_LENGTH, release="release",
                          release_at=RELEASE_AT, hold="hold", hold_at=hold_at, slide_speed=p["slide_speed"],
                          parts=parts, first_gap=1 if released else 0)
    plant.add(Stopper.beside(mag, "hold", hold_at, plate_width=30.0, solenoid="double",
                             extend_s=p["hold_s"], retract_s=p["hold_s"], start_extended=released))
    plant.add(Stopper.beside(mag, "release", RELEASE_AT, solenoid="double", extend_s=p["release_s"],
                             retract_s=p["release_s"], start_extended=not released))
    plant.add(mag)                                # after the stoppers: it reads where they are
    plant.add(PhotoEye.across(mag, "ready_eye", READY_EYE_AT, live_at_power_up=True))
    plant.add(PhotoEye.across(mag, "exit_eye", EXIT_EYE_AT, live_at_power_up=True))
    mx, my = mag.point(MAG_LENGTH)
    plant.add(StationTray("tray", mx, my - 90, mx + 220, my + 90, gaps_s=list(p["request_gaps_s"]),
                          label="station tray"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.mag, self.tray = plant["magazine"], plant["tray"]
        self.hold, self.release = plant["hold"], plant["release"]


def _out(rod) -> bool:
    return rod.position >= rod.stroke


def _back(rod) -> bool:
    return rod.position <= 0.0


def _ready(s) -> bool:
    """The escapement closed (release out, hold back) with a part at rest on the release pin."""
    c = s.devices
    return _out(c.release) and _back(c.hold) and c.mag.resting_at_release()


def _closed(s) -> bool:
    c = s.devices
    return _out(c.release) and _back(c.hold)


def _going(rod_name: str, out: bool, what: str) -> judges.Way:
    if out:
        return judges.Way(what, lambda s: s.plant[rod_name].stroke - s.plant[rod_name].position,
                          by=SET_OFF_MM, until=lambda s: _out(s.plant[rod_name]))
    return judges.Way(what, lambda s: s.plant[rod_name].position, by=SET_OFF_MM,
                      until=lambda s: _back(s.plant[rod_name]))


class _PartArrived:
    """True on the scan the tray receives a part (one per run)."""

    def __init__(self):
        self.seen = 0

    def __call__(self, s) -> bool:
        n = len(s.devices.tray.collected)
        arrived, self.seen = n > self.seen, n
        return arrived


def _steps() -> list[judges.Watch]:
    """The escapement's four steps, each judged by the rod that must move really moving."""
    def answer(s):
        return s.devices.tray.request and _ready(s)

    def pinned(s):                 # hold out on the second part, the first still on the pin
        c = s.devices
        return c.tray.request and _out(c.hold) and _out(c.release) and c.mag.resting_at_release()

    def after_drop(s):             # release back out after a part left: the stack may come down
        c = s.devices
        return _out(c.hold) and _out(c.release) and not c.mag.resting_at_release()

    def late(what, within):
        return lambda t: f"{what} at {t:g} s, but the next step had not begun {within:g} s later"

    return [
        judges.progress_within("answering a request", answer, [_going("hold", True, "the hold going out")],
                               ANSWER_S, late=late("the station requested a part with the magazine ready",
                                                   ANSWER_S)),
        judges.progress_within("opening the release", pinned,
                               [_going("release", False, "the release going back")], STEP_S,
                               late=late("the hold was out on the second part", STEP_S)),
        judges.progress_within("closing the release after the part", _PartArrived(),
                               [_going("release", True, "the release going out")], STEP_S,
                               late=late("the part arrived in the tray", STEP_S)),
        judges.progress_within("letting the stack down", after_drop,
                               [_going("hold", False, "the hold going back")], STEP_S,
                               late=late("the release was out again after a part had left", STEP_S)),
    ]


def _answered(s) -> bool:
    return len(s.devices.tray.served) >= REQUESTS


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event(f"{REQUESTS} requests answered with one part each", _answered),
            judges.held("escapement closed (release out, hold back)", _closed, HOLD_S),
        ),
        *_steps(), name="every request answered by a prompt escapement cycle")


def _both_away(s):
    c = s.devices
    if not _out(c.hold) and not _out(c.release):
        return "hold and release both away from their extended end switches: the stack can run out"
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "request", "BOOL", "input", "tray", "request",
            "the next station asks for one part (TRUE until a part arrives in its tray)"),
    IOPoint("%IX0.1", "part_ready", "BOOL", "input", "ready_eye", "blocked",
            "photo-eye just above the release pin: TRUE while a part blocks the beam (a part lies on "
            "the pin)"),
    IOPoint("%IX0.2", "exit_eye", "BOOL", "input", "exit_eye", "blocked",
            "photo-eye just below the release pin, at the mouth: TRUE while a leaving part blocks the beam"),
    IOPoint("%IX0.3", "hold_extended", "BOOL", "input", "hold", "extended", "hold clamp fully out (pinning)"),
    IOPoint("%IX0.4", "hold_retracted", "BOOL", "input", "hold", "retracted", "hold clamp fully back"),
    IOPoint("%IX0.5", "release_extended", "BOOL", "input", "release", "extended",
            "release pin fully out (across the path)"),
    IOPoint("%IX0.6", "release_retracted", "BOOL", "input", "release", "retracted", "release pin fully back"),
    IOPoint("%QX0.0", "hold_extend", "BOOL", "output", "hold", "extend",
            "hold valve, extend coil (bistable 5/2 valve: the clamp keeps going the last way commanded)"),
    IOPoint("%QX0.1", "hold_retract", "BOOL", "output", "hold", "retract", "hold valve, retract coil"),
    IOPoint("%QX0.2", "release_extend", "BOOL", "output", "release", "extend",
            "release valve, extend coil (bistable 5/2 valve: the pin keeps going the last way commanded)"),
    IOPoint("%QX0.3", "release_retract", "BOOL", "output", "release", "retract",
            "release valve, retract coil"),
]

SPEC = f"""\
A gravity magazine holds a stack of parts nose to tail; gravity slides them toward its mouth.
An escapement of two stoppers lets them out one at a time into the tray of the next station:
the release pin at the mouth holds the stack; the hold clamp, one part further up, comes in
onto the second part and pins it (and the stack behind it) against the rail.

The station asks for one part at a time (request TRUE until the part arrives in its tray). For
each request: once the escapement is closed (release out, hold back) and a part lies on the
release pin (part_ready), extend the hold (on its way out within {ANSWER_S:g} s of the request, or
of the magazine becoming ready if the request came first); once the hold is fully out, retract
the release (on its way within {STEP_S:g} s); the part slides out past exit_eye into the tray;
when it has left (exit_eye FALSE again, the part in the tray), extend the release (on its way
within {STEP_S:g} s of the part arriving); once the release is fully out, retract the hold (on its
way within {STEP_S:g} s): the stack slides down onto the release pin and the next part is ready.
Give exactly one part per request; a request that comes while the escapement is still closing
is served once it is ready again. Each valve is bistable with an extend and a retract coil: a
stopper keeps moving the last way it was commanded (both coils of one valve on at once change
nothing).
The stroke times, the part length and the slide speed are not known in advance.

At power-up the stoppers stand where they were left: either closed (release out, hold back,
the stack resting on the release pin), or with the release back and the hold out pinning the
stack (the part before it was let out already: no part on the release pin). Then first close
the escapement (release out, then hold back). A request may already be up at power-up. After
{REQUESTS} answered requests, keep the escapement closed (release out, hold back)."""

AT_REST = "the release pin fully out and the hold clamp fully back"

COMPLETION = Completion(
    f"{REQUESTS} requests answered, each with one part that arrived in the tray while the request was up; "
    f"then {AT_REST}, held for {HOLD_S:g} s. On the way, each step sets off (its rod has moved "
    f"{SET_OFF_MM:g} mm) and goes on to its end switch without turning back: the hold going out within "
    f"{ANSWER_S:g} s of a request with the escapement closed and a part on the release pin; the release "
    f"going back within {STEP_S:g} s of the hold being fully out with the part still on the pin and the "
    f"request up; the release going out within {STEP_S:g} s of a part arriving in the tray; the hold "
    f"going back within {STEP_S:g} s of the release being fully out again after a part left. A "
    "one-scan pulse of a coil counts as none of these.",
    _completion, keep=_closed, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-E04-S1", "The hold and the release are never both away from their extended end "
               "switches: on every scan at least one of them is fully extended.", _both_away),
    SafetyRule("MAT-E04-S2", "One part per request: no part ever arrives in the tray while no request is "
               "up.", CountGrows(lambda s: len(s.devices.tray.unrequested),
                                 "a part arrived in the tray with no request up")),
    SafetyRule("MAT-E04-S3", "The release pin never moves into the path while a part lies across its line "
               "(it is extended only after the leaving part has passed it).",
               CountGrows(lambda s: len(s.devices.mag.strikes), "the release pin was driven onto a part")),
]

PARAMETERS = [
    ParameterRange("hold_s", 0.1, 0.5, "s", "hold clamp stroke time (each way)"),
    ParameterRange("release_s", 0.1, 0.5, "s", "release pin stroke time (each way)"),
    ParameterRange("part_mm", 40, 100, "mm", "part length along the magazine (one length per lot)"),
    ParameterRange("slide_speed", 200, 400, "mm/s", "speed at which parts slide down the magazine"),
    ParameterRange("request_gaps_s", 0.0, 5.0, "s",
                   "time from power-up to the first request (0 = up at power-up, at most 3 s), and from "
                   "each part's arrival to the next request (0.2 s and more: early requests come while "
                   "the escapement is still closing)"),
]

CONDITIONS = [
    Condition.of("nominal", 41, "middle stroke times, 60 mm parts, requests every 2 s",
                 hold_s=0.3, release_s=0.3, part_mm=60, slide_speed=300,
                 request_gaps_s=(1.0, 2.0, 2.0, 2.0, 2.0, 2.0)),
    Condition.of("fast_hold_long_parts", 42, "quick hold, slow release, 100 mm parts sliding slowly, "
                 "a request up at power-up, early requests", hold_s=0.1, release_s=0.5, part_mm=100,
                 slide_speed=200, request_gaps_s=(0.0, 0.2, 0.3, 4.5, 0.2, 1.0)),
    Condition.of("released_at_power_up", 43, "release back and hold out at power-up; slow hold, quick "
                 "release, 40 mm parts sliding fast", hold_s=0.5, release_s=0.1, part_mm=40,
                 slide_speed=400, release_open_at_start=True, request_gaps_s=(0.5, 3.0, 0.2, 5.0, 0.5, 1.5)),
    Condition.of("slow_late", 44, "slow strokes, 80 mm parts, late requests",
                 hold_s=0.5, release_s=0.45, part_mm=80, slide_speed=250,
                 request_gaps_s=(3.0, 5.0, 4.5, 0.2, 5.0, 3.0)),
    Condition.of("quick_short", 45, "quick strokes, 45 mm parts, release back at power-up with a request "
                 "up, early requests", hold_s=0.12, release_s=0.15, part_mm=45, slide_speed=380,
                 release_open_at_start=True, request_gaps_s=(0.0, 0.2, 0.2, 0.2, 1.0, 0.3)),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample). Independent and uniform:
    each stroke time, the part length, the slide speed. The first request is up at power-up one
    time in four, else it comes after 0.1-3 s; each later request comes 0.2-5 s after the previous
    part arrived, one time in three early (0.2-0.5 s). The release is back (hold out, one part let
    out before) at power-up one time in three."""
    params: dict = dict(hold_s=round(rng.uniform(*_range("hold_s")), 2),
                        release_s=round(rng.uniform(*_range("release_s")), 2),
                        part_mm=round(rng.uniform(*_range("part_mm"))),
                        slide_speed=rng.randint(*map(int, _range("slide_speed"))))
    first = 0.0 if rng.random() < 1 / 4 else round(rng.uniform(0.1, 3.0), 2)
    gaps = [round(rng.uniform(0.2, 0.5) if rng.random() < 1 / 3 else rng.uniform(0.2, 5.0), 2)
            for _ in range(REQUESTS - 1)]
    params["request_gaps_s"] = (first, *gaps)
    notes = []
    if rng.random() < 1 / 3:
        params["release_open_at_start"] = True
        notes.append("release back at power-up")
    if first == 0.0:
        notes.append("request up at power-up")
    description = (f"hold {params['hold_s']:g} s, release {params['release_s']:g} s, {params['part_mm']} mm "
                   f"parts at {params['slide_speed']} mm/s" + "".join(f"; {n}" for n in notes))
    return dict(params=params, description=description)


PLANT = f"""\
Top view, millimetres. The magazine (a roller chute {MAG_LENGTH:.0f} mm long, 110 mm wide) runs
along x from x = {MAG_X:.0f} (its top) to its mouth at x = {MAG_X + MAG_LENGTH:.0f}, at y = {MAG_Y:.0f};
gravity slides the parts (60 mm wide, 40-100 mm long) toward the mouth. The release pin crosses
the chute at x = {MAG_X + RELEASE_AT:.0f}; the hold clamp crosses it one and a half part lengths
further up (over the second part's middle); both stand on the right-hand side (y < {MAG_Y:.0f}).
part_ready looks across the chute at x = {MAG_X + READY_EYE_AT:.0f}, exit_eye at
x = {MAG_X + EXIT_EYE_AT:.0f}. The next station's tray lies beyond the mouth."""

TASK = Task(
    id="MAT-E04", title="Magazine separation with an escapement", suite="MAT", level="E",
    summary="Let parts out of a gravity magazine one per request with a hold clamp and a release pin.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=60.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
