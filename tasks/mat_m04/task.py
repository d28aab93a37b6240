"""MAT-M04 Inspection-guided sorting.

A feed pusher pushes parts one at a time from a magazine onto a sorting belt; an inspection
sensor over the belt reports each part's kind after a measuring delay; two sorting pushers
shove kind A into chute 1 and kind B into chute 2; kind C runs off the belt end onto the
run-out. Belt speed, measuring time, pusher times, magazine arrivals, part order, chute
fill levels and the initial state vary per condition; sample_condition draws them from the
published ranges (Task.sample).

Judged by what the plant does, not by proxies: the quick strokes by real motion of the pusher
or the belt, latched per stroke (sim.judges.progress_within), "feed only when the previous
part has been measured and has left the zone" as rule S4 on every scan the feed pusher moves
out, and the end state (belt stopped, pushers back) kept through the post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Pusher
from sim.devices.sensors import InspectionSensor, PhotoEye, ProximitySensor
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, published_range

LOT = 8
KINDS = {"A": dict(part_kind="A", code=1, colour="red", material="metal", height_mm=30.0),
         "B": dict(part_kind="B", code=2, colour="blue", material="plastic", height_mm=30.0),
         "C": dict(part_kind="C", code=3, colour="yellow", material="metal", height_mm=45.0)}
FEED_AT, INSPECT_AT, P1_AT, P2_AT, EYE_OFFSET, END_EYE_AT = 60.0, 400.0, 900.0, 1300.0, 20.0, 1790.0
BELT_LENGTH, RUNOUT_AT = 1800.0, 1806.0
# eye_end sits so close to the belt end that a part reaches the run-out (its centre past
# RUNOUT_AT) while its trailing edge still blocks the beam: eye_end's falling edge is delivery.
PUSHER_KIND = {"pusher1": "A", "pusher2": "B"}
STROKE_TURN_S = 0.3       # a pusher at its end switch must be on its way back within this time
BELT_RESTART_S = 0.5      # after a push, the belt (or the other pusher) must go again within this time
SET_OFF_MM = 10.0         # a pusher "on its way" has moved this far (a one-scan valve drop moves < 8 mm)
BELT_MOVE_MM = 25.0       # "the belt runs again": it carried the parts half a part length on


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    gaps = ((P1_AT - 60, P1_AT + 60), (P2_AT - 60, P2_AT + 60))
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0, length=BELT_LENGTH, width=100,
                              speed=p["belt_speed"], ramp_s=0.1,
                              guide_gaps=(("right", FEED_AT - 45, FEED_AT + 45),
                                          *(("left", a, b) for a, b in gaps))))
    mx, my = belt.point(FEED_AT, -110)
    order = p["order"]
    first = 1 if p.get("part_in_inspection") else 0
    if first:
        plant.add(Workpiece("part0", *belt.point(INSPECT_AT), **KINDS[order[0]], width=50, length=50))
    t, schedule = p["first_arrival_s"], []
    for kind, gap in zip(order[first:], [0.0, *p["arrival_gap_s"]], strict=False):
        t += gap
        schedule.append((t, dict(KINDS[kind], width=50, length=50)))
    # a gravity magazine: the next part drops only while the feed pusher is fully back
    plant.add(Feeder("magazine", mx, my, schedule, only_while=("feed_pusher", "retracted")))
    plant.add(ProximitySensor("magazine_sensor", mx, my, range_mm=15, technology="capacitive"))
    plant.add(Pusher("feed_pusher", *belt.point(FEED_AT, -200), angle_deg=90, stroke=165,
                     extend_s=p["feed_s"], retract_s=p["feed_s"]))
    plant.add(InspectionSensor("inspection", *belt.point(INSPECT_AT), zone_length=240, zone_width=100,
                               measure_s=p["measure_s"]))
    for n, at in ((1, P1_AT), (2, P2_AT)):
        plant.add(Pusher(f"pusher{n}", *belt.point(at, -80), angle_deg=90, stroke=180,
                         extend_s=p["pusher_s"][n - 1], retract_s=p["pusher_s"][n - 1],
                         start_extended=p.get(f"pusher{n}_extended", False)))
        plant.add(PhotoEye.across(belt, f"eye_p{n}", at + EYE_OFFSET))
        x0, _ = belt.point(at - 60)
        x1, _ = belt.point(at + 60)
        plant.add(Chute(f"chute{n}", x0, 80, x1, 400, capacity=p["chute_capacity"],
                        level=p.get(f"chute{n}_level", 0), label=f"chute {n}"))
    plant.add(PhotoEye.across(belt, "eye_end", END_EYE_AT))
    plant.add(Chute("runout", RUNOUT_AT, -200, 2200, 200, label="run-out"))   # clear of the guide ends
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    """The devices the judges look at every scan (s.devices: Task.judged_devices finds them once per run)."""

    def __init__(self, plant: Plant):
        self.belt, self.feed, self.inspection = plant["belt"], plant["feed_pusher"], plant["inspection"]
        self.pushers = tuple((name, plant[name], kind) for name, kind in PUSHER_KIND.items())
        # each sorting pusher with its own extend output and the other pusher's
        self.strokes = (("pusher1", plant["pusher1"], "p1_extend", "p2_extend"),
                        ("pusher2", plant["pusher2"], "p2_extend", "p1_extend"))
        self.sorting_chutes = (plant["chute1"], plant["chute2"])
        self.flow = material_flow(plant)      # every part on or off the belt
        self.destinations = (("A", plant["chute1"].collected), ("B", plant["chute2"].collected),
                             ("C", plant["runout"].collected))




def _sorted_ok(s) -> bool:
    order = s.params["order"]
    chutes = s.devices.destinations
    if sum(len(c) for _, c in chutes) < len(order):
        return False                        # cheap test first: not every part has arrived yet
    return all(len(got) == order.count(k) and all(x == k for _, x in got) for k, got in chutes)


def _at_rest(s) -> bool:
    cell = s.devices
    return (cell.belt.velocity == 0.0 and all(p.position <= 0.0 for _, p, _ in cell.pushers)
            and cell.feed.position <= 0.0)


class WrongKindPush(judges.Monitor):
    """S1: a sorting pusher moving out while a part of another kind lies in its sweep."""

    def __init__(self):
        self.last = {"pusher1": None, "pusher2": None}

    def check(self, s):
        msg = None
        cell = s.devices
        belt = cell.belt
        for name, pusher, kind in cell.pushers:
            last, self.last[name] = self.last[name], pusher.position
            if last is None or pusher.position <= last:
                continue
            at = P1_AT if name == "pusher1" else P2_AT
            for part in cell.flow.parts:
                dx, dy = part.x - belt.x, part.y - belt.y
                along = dx * belt.ux + dy * belt.uy + belt.half_length
                across = dy * belt.ux - dx * belt.uy
                if (abs(along - at) < pusher.plate_width / 2 + part.length / 2
                        and -belt.half_width - 30 < across < belt.half_width + 30 and part.part_kind != kind):
                    msg = f"{name} extended onto a kind {part.part_kind} part (it sorts kind {kind})"
        return msg


def _belt_moving_with_pusher_out(s):
    cell = s.devices
    if cell.belt.velocity != 0.0:
        for name, pusher, _ in cell.pushers:
            if pusher.position > 0.0:
                return f"belt moving at {abs(cell.belt.velocity):.0f} mm/s while {name} is out"
    return None


class FeedsTooEarly(judges.Monitor):
    """S4: the feed pusher moving out while a part fed before it (or the part lying in the
    inspection zone at the start) has not yet been measured or has not yet left the zone.
    Checked on every scan the feed pusher moves out; the part it is feeding is the one that
    lay in front of it when the stroke began."""

    def __init__(self):
        self.last: float | None = None
        self.feeding: set[int] = set()

    def check(self, s):
        cell = s.devices
        belt, feed, inspection = cell.belt, cell.feed, cell.inspection
        last, self.last = self.last, feed.position
        if last is None or feed.position <= last:
            return None
        parts = cell.flow.parts
        if last <= 0.0:        # a new stroke: the parts off the belt in front of the pusher are fed now
            self.feeding = {id(p) for p in parts if _across(belt, p) < -belt.half_width}
        for part in parts:
            if id(part) in self.feeding:
                continue
            if part not in inspection.measured:
                return f"the feed pusher moved out before {part.name} had been measured"
            if _along(belt, part) <= INSPECT_AT + inspection.zone_length / 2:
                return f"the feed pusher moved out while {part.name} had not yet left the inspection zone"
        return None


def _along(belt, part) -> float:
    x, y = part.xy()
    return (x - belt.x) * belt.ux + (y - belt.y) * belt.uy + belt.half_length


def _across(belt, part) -> float:
    x, y = part.xy()
    return (y - belt.y) * belt.ux - (x - belt.x) * belt.uy


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor on"),
    IOPoint("%IX0.1", "magazine_part", "BOOL", "input", "magazine_sensor", "detected",
            "a part waits in the magazine in front of the feed pusher (TRUE = part present)"),
    IOPoint("%IX0.2", "insp_part", "BOOL", "input", "inspection", "part_present",
            "a part is in the inspection zone (TRUE = present)"),
    IOPoint("%IX0.3", "insp_valid", "BOOL", "input", "inspection", "result_valid",
            "inspection result ready for the part in the zone; cleared when it leaves the zone"),
    IOPoint("%IX0.4", "eye_p1", "BOOL", "input", "eye_p1", "blocked",
            f"photo-eye {EYE_OFFSET:.0f} mm after pusher 1, TRUE while a part blocks the beam"),
    IOPoint("%IX0.5", "eye_p2", "BOOL", "input", "eye_p2", "blocked",
            f"photo-eye {EYE_OFFSET:.0f} mm after pusher 2, TRUE while a part blocks the beam"),
    IOPoint("%IX0.6", "eye_end", "BOOL", "input", "eye_end", "blocked",
            f"photo-eye {BELT_LENGTH - END_EYE_AT:.0f} mm before the belt end, TRUE while a part blocks the "
            "beam; it turns FALSE again as the part drops onto the run-out"),
    IOPoint("%IX1.0", "feed_retracted", "BOOL", "input", "feed_pusher", "retracted",
            "feed pusher fully back"),
    IOPoint("%IX1.1", "feed_extended", "BOOL", "input", "feed_pusher", "extended",
            "feed pusher fully out (part on the belt)"),
    IOPoint("%IX1.2", "p1_retracted", "BOOL", "input", "pusher1", "retracted", "pusher 1 fully back"),
    IOPoint("%IX1.3", "p1_extended", "BOOL", "input", "pusher1", "extended", "pusher 1 fully out"),
    IOPoint("%IX1.4", "p2_retracted", "BOOL", "input", "pusher2", "retracted", "pusher 2 fully back"),
    IOPoint("%IX1.5", "p2_extended", "BOOL", "input", "pusher2", "extended", "pusher 2 fully out"),
    IOPoint("%IX1.6", "chute1_full", "BOOL", "input", "chute1", "full", "chute 1 full (TRUE = full)"),
    IOPoint("%IX1.7", "chute2_full", "BOOL", "input", "chute2", "full", "chute 2 full (TRUE = full)"),
    IOPoint("%IW0", "insp_kind", "INT", "input", "inspection", "kind_code",
            "kind of the part in the zone while insp_valid: 1 = A, 2 = B, 3 = C; 0 = no result", "", "0..3"),
    IOPoint("%IW1", "belt_speed", "INT", "input", "belt", "speed_actual", "actual belt speed", "mm/s",
            "0..300"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt forward"),
    IOPoint("%QX0.1", "feed_extend", "BOOL", "output", "feed_pusher", "extend",
            "feed pusher valve (single solenoid): TRUE extends, FALSE retracts"),
    IOPoint("%QX0.2", "p1_extend", "BOOL", "output", "pusher1", "extend",
            "pusher 1 valve (single solenoid): TRUE extends, FALSE retracts"),
    IOPoint("%QX0.3", "p2_extend", "BOOL", "output", "pusher2", "extend",
            "pusher 2 valve (single solenoid): TRUE extends, FALSE retracts"),
]

SPEC = f"""\
A lot of {LOT} parts of three kinds is sorted on one belt. Parts reach the magazine beside the
belt's infeed end at irregular times (magazine_part TRUE when one waits); the feed pusher
pushes the waiting part onto the belt (extend to feed_extended, then retract at once: on its
way back within {STROKE_TURN_S:g} s of the end switch). The belt carries it through the
inspection zone: while a part is in the zone (insp_part), the sensor measures it and, after a
measuring delay, sets insp_valid and reports its kind in insp_kind (1 = A, 2 = B, 3 = C); the
result is cleared when the part leaves the zone. The sensor measures one part at a time: feed
the next part only when the previous one has been measured and has left the inspection zone
(rule MAT-M04-S4).

Kind A goes into chute 1 (pusher 1), kind B into chute 2 (pusher 2), kind C runs off the belt
end onto the run-out: it counts as delivered when eye_end turns FALSE again after it (the eye
sits {BELT_LENGTH - END_EYE_AT:.0f} mm before the belt end; the part drops off while it still
blocks the beam). The photo-eye after each pusher turns TRUE when a part's leading edge
reaches it: that part then lies in front of the pusher. To push a part, stop the belt, wait
for standstill (belt_speed = 0), extend the pusher to its end switch, retract it at once (on
its way back within {STROKE_TURN_S:g} s of the end switch), and once it is fully back run the
belt again within {BELT_RESTART_S:g} s (unless the other pusher pushes next, a chute reports
full, or every part is sorted). A chute holds a limited number of parts; when it reports
full, wait until the operator has emptied it before pushing into it. The belt speed, the measuring time
and the pusher times are not known in advance.

At the start the belt stands still; a pusher may be out, and a part may already lie in the
inspection zone (it counts as one of the {LOT}; the sensor measures it like any other part, so
it must stay in the zone until insp_valid). When all {LOT} parts have reached their
destinations, stop the belt with every pusher retracted, and keep it so."""


class _BackAfterPush:
    """True on the scan a sorting pusher is fully back after the program pushed it out to its
    end switch (a one-scan poke that never reaches the end switch is no push). One per run."""

    def __init__(self, name: str, own: str):
        self.name, self.own = name, own
        self.pushed = False

    def __call__(self, s) -> bool:
        pusher = s.plant[self.name]
        if s.io[self.own] and pusher.position >= pusher.stroke:
            self.pushed = True
        elif self.pushed and pusher.position <= 0.0:
            self.pushed = False
            return True
        return False


def _at_end_switch(name: str, own: str):
    """The pusher held out at its end switch by its own valve."""
    def at(s) -> bool:
        pusher = s.plant[name]
        return bool(s.io[own]) and pusher.position >= pusher.stroke
    return at


def _going_back(name: str) -> judges.Way:
    """The pusher really retracting: its distance to fully back shrinks by SET_OFF_MM and goes
    on shrinking to fully back (re-extending on the way is backing off)."""
    return judges.Way(f"{name} going back", lambda s: s.plant[name].position, by=SET_OFF_MM,
                      until=lambda s: s.plant[name].position <= 0.0)


def _quick_turn(name: str, own: str, who: str) -> judges.progress_within:
    return judges.progress_within(
        f"{who} told back at its end switch", _at_end_switch(name, own), [_going_back(name)], STROKE_TURN_S,
        late=lambda t: (f"{who} stayed out at its end switch from {t:g} s: not on its way back within "
                        f"{STROKE_TURN_S:g} s"))


def _belt_or_other_goes(name: str, own: str, other: str, other_own: str) -> judges.progress_within:
    """Within BELT_RESTART_S of `name` being back after a push: the belt carried the parts on
    by BELT_MOVE_MM, or the other pusher set off and pushed to its end switch; excused while a
    chute reports full (a part may wait for the operator) or once every part is sorted."""
    belt = judges.Way("the belt running again", lambda s: -s.devices.belt.travelled, by=BELT_MOVE_MM)
    pushes = judges.Way(f"{other} pushing", lambda s: s.plant[other].stroke - s.plant[other].position,
                        by=SET_OFF_MM, until=lambda s: s.plant[other].position >= s.plant[other].stroke)
    return judges.progress_within(
        f"after {name} pushed, the belt or {other} goes again", _BackAfterPush(name, own), [belt, pushes],
        BELT_RESTART_S,
        excused=lambda s: s.io["chute1_full"] or s.io["chute2_full"] or _sorted_ok(s),
        late=lambda t: (f"{name} was back at {t:g} s but neither the belt nor the other pusher went again "
                        f"within {BELT_RESTART_S:g} s"))


def _quick_strokes() -> list[judges.Watch]:
    """Every push a quick in-and-out, judged by real motion and latched per stroke: a valve
    dropped for one scan (the pusher backs off a few mm and goes out again) or the other
    pusher poked for one scan (it never reaches its end switch) satisfies nothing. Without
    these, a program that times each stroke with a fixed delay at the top of the published
    range passes every condition."""
    return [_quick_turn("feed_pusher", "feed_extend", "the feed pusher"),
            _quick_turn("pusher1", "p1_extend", "pusher1"),
            _quick_turn("pusher2", "p2_extend", "pusher2"),
            _belt_or_other_goes("pusher1", "p1_extend", "pusher2", "p2_extend"),
            _belt_or_other_goes("pusher2", "p2_extend", "pusher1", "p1_extend")]


AT_REST = "the belt at standstill with all three pushers fully retracted"

COMPLETION = Completion(
    f"All {LOT} parts of the lot at their destinations (every kind A part in chute 1, every kind B "
    f"part in chute 2, every kind C part on the run-out, none anywhere else); then {AT_REST}, held "
    "for 1 s. Every push on the way is a quick in-and-out: a pusher (feed or sorting) that reaches its "
    f"end switch is on its way back within {STROKE_TURN_S:g} s (it has moved {SET_OFF_MM:g} mm back) and "
    "goes on to fully back without extending again; and within "
    f"{BELT_RESTART_S:g} s of a sorting pusher being fully back after a push, the belt runs again "
    f"(it carries the parts at least {BELT_MOVE_MM:g} mm on) or the other pusher sets off and pushes to "
    "its end switch, unless a chute reports full or every part is sorted. A one-scan drop of a "
    "valve or a one-scan poke of a pusher counts as none of these.",
    lambda: judges.watched(
        judges.in_order(
            judges.event(f"all {LOT} parts sorted", _sorted_ok),
            judges.held("belt stopped, pushers retracted", _at_rest, 1.0),
        ),
        *_quick_strokes(), name="all parts sorted with quick pusher strokes"),
    keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-M04-S1", "A sorting pusher extends only onto a part of its chute's kind (pusher 1: "
               "kind A, pusher 2: kind B); it never moves out against a part of another kind.",
               WrongKindPush()),
    SafetyRule("MAT-M04-S2", "The belt stands still (speed 0) whenever a sorting pusher is out of its "
               "retracted position.",
               _belt_moving_with_pusher_out),
    SafetyRule("MAT-M04-S3", "No part is ever pushed into a chute that reports full.",
               CountGrows(lambda s: sum(len(c.overfilled) for c in s.devices.sorting_chutes),
                          "part pushed into a chute that reported full")),
    SafetyRule("MAT-M04-S4", "The sensor measures one part at a time: the feed pusher moves out (feeds "
               "the next part) only when the previous part has been measured and has left the inspection "
               "zone (its centre past x = 520); the part lying in the zone at the start counts as a "
               "previous part.",
               FeedsTooEarly()),
]

PARAMETERS = [
    ParameterRange("belt_speed", 120, 260, "mm/s", "belt speed when running"),
    ParameterRange("measure_s", 0.2, 0.7, "s", "inspection measuring time"),
    ParameterRange("feed_s", 0.3, 0.8, "s", "feed pusher stroke time (each way)"),
    ParameterRange("pusher_s", 0.25, 1.0, "s", "sorting pusher stroke time (each way, each pusher its own)"),
    ParameterRange("first_arrival_s", 0.0, 3.0, "s", "time the first part reaches the magazine"),
    ParameterRange("arrival_gap_s", 0.5, 6.0, "s", "time between part arrivals at the magazine"),
    ParameterRange("chute_capacity", 3, 5, "parts", "parts a chute holds before it reports full"),
    ParameterRange("chute_emptied_s", 10, 40, "s",
                   "when the operator empties a chute that started full or nearly full"),
]


def _emptying(params) -> list[Disturbance]:
    """The operator empties chute n at chute_emptied_s[n - 1] s (None: that chute is not emptied)."""
    return [Disturbance(t, f"operator empties chute{n}", lambda plant, c=f"chute{n}": plant[c].empty())
            for n, t in enumerate(params.get("chute_emptied_s", (None, None)), 1) if t is not None]


def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description, disturbances=_emptying(params))


# Parameter keys are the published names; a per-pusher or per-part value is a tuple or list of
# values each in the published range: pusher_s = (pusher 1, pusher 2), arrival_gap_s = the gaps
# between consecutive arrivals, chute_emptied_s = (chute 1, chute 2), None for a chute the
# operator does not empty.
CONDITIONS = [
    _cond("nominal", 21, "middle speed, parts every 3 s, mixed order",
          belt_speed=200, measure_s=0.4, feed_s=0.5, pusher_s=(0.5, 0.5), chute_capacity=5,
          first_arrival_s=0.5, arrival_gap_s=[3, 3, 3, 3, 3, 3, 3], order="ABCABCBA"),
    _cond("slow_belt", 22, "slow belt, slow measuring, slow pushers, parts bunched in the magazine",
          belt_speed=125, measure_s=0.7, feed_s=0.8, pusher_s=(0.95, 0.8), chute_capacity=5,
          first_arrival_s=0.0, arrival_gap_s=[0.5, 0.5, 1, 0.5, 0.5, 0.5, 1], order="BBACCAAB"),
    _cond("fast_belt", 23, "fast belt, quick pushers, pusher 2 out at the start, sparse arrivals",
          belt_speed=255, measure_s=0.2, feed_s=0.3, pusher_s=(0.3, 0.25), chute_capacity=5,
          first_arrival_s=3.0, arrival_gap_s=[6, 1, 5, 2, 4, 1, 5.5], order="CABACBBA",
          pusher2_extended=True),
    _cond("chute_full", 24, "chute 2 full at the start, emptied by the operator at 24 s; a part in the "
          "inspection zone at the start", chute_emptied_s=(None, 24.0),
          belt_speed=170, measure_s=0.5, feed_s=0.6, pusher_s=(0.7, 0.4), chute_capacity=3,
          chute2_level=3, part_in_inspection=True,
          first_arrival_s=1.0, arrival_gap_s=[2, 2, 4, 2, 3, 2], order="BACBBACA"),
    _cond("mixed", 25, "pusher 1 out at the start, uneven pushers, chute 1 nearly full "
          "(emptied at 30 s)", chute_emptied_s=(30.0, None),
          belt_speed=230, measure_s=0.6, feed_s=0.4, pusher_s=(1.0, 0.3), chute_capacity=4,
          chute1_level=3, pusher1_extended=True,
          first_arrival_s=2.0, arrival_gap_s=[1, 4, 0.5, 2.5, 5, 1, 2], order="AACABACB"),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Independent and uniform: belt speed, measuring time, the feed stroke and each sorting
    pusher's own stroke, the first arrival and every gap between arrivals. Jointly: the lot is
    8 parts in a random order with at most `chute_capacity` parts of kind A and of kind B (a
    chute is emptied at most once, so a kind must fit one chute); each sorting chute starts,
    one time in three, full or nearly full (capacity or capacity - 1 parts) and is then emptied
    by the operator at a time from the chute_emptied_s range, otherwise it starts with room
    for every part of its kind and is not emptied. A part lies in the inspection zone at the
    start one time in four (it is the first of the 8, so one arrival fewer); each sorting
    pusher starts out one time in four.
    """
    speed = rng.randint(*map(int, _range("belt_speed")))
    measure = round(rng.uniform(*_range("measure_s")), 2)
    feed = round(rng.uniform(*_range("feed_s")), 2)
    strokes = tuple(round(rng.uniform(*_range("pusher_s")), 2) for _ in (1, 2))
    capacity = rng.randint(*map(int, _range("chute_capacity")))
    while True:
        order = "".join(rng.choice("ABC") for _ in range(LOT))
        if order.count("A") <= capacity and order.count("B") <= capacity:
            break
    params: dict = dict(belt_speed=speed, measure_s=measure, feed_s=feed, pusher_s=strokes,
                        chute_capacity=capacity, order=order)
    emptied: list[float | None] = []
    notes = []
    for n, kind in ((1, "A"), (2, "B")):
        if rng.random() < 1 / 3:
            level = rng.choice((capacity - 1, capacity))
            emptied.append(round(rng.uniform(*_range("chute_emptied_s")), 1))
            notes.append(f"chute {n} at {level} of {capacity}, emptied at {emptied[-1]:g} s")
        else:
            level = rng.randint(0, capacity - order.count(kind))
            emptied.append(None)
        params[f"chute{n}_level"] = level
    params["chute_emptied_s"] = tuple(emptied)
    if rng.random() < 1 / 4:
        params["part_in_inspection"] = True
        notes.append("a part in the inspection zone")
    for n in (1, 2):
        if rng.random() < 1 / 4:
            params[f"pusher{n}_extended"] = True
            notes.append(f"pusher {n} out")
    arrivals = LOT - (1 if params.get("part_in_inspection") else 0)
    params["first_arrival_s"] = round(rng.uniform(*_range("first_arrival_s")), 2)
    params["arrival_gap_s"] = [round(rng.uniform(*_range("arrival_gap_s")), 2) for _ in range(arrivals - 1)]
    description = f"{speed} mm/s, order {order}" + "".join(f"; {n}" for n in notes)
    return dict(params=params, description=description, disturbances=_emptying(params))


PLANT = f"""\
Top view, millimetres. The sorting belt (1800 x 100 mm) runs along x from x = 0 to x = 1800 at
y = 0, parts travelling toward +x. The magazine lies beside the infeed end (x = 60, y = -110)
with the feed pusher behind it pushing toward +y onto the belt. The inspection zone covers
x = 280..520. Pusher 1 (x = 900) and pusher 2 (x = 1300) stand on the right-hand side (y < 0)
and push toward +y through gaps in the left guide into chute 1 and chute 2 (y = 80..400). The
photo-eyes after the pushers are at x = 920 and x = 1320, the end eye at x = {END_EYE_AT:.0f}; the
run-out lies beyond the belt end (x > 1800)."""

TASK = Task(
    id="MAT-M04", title="Inspection-guided sorting", suite="MAT", level="M",
    summary="Inspect each workpiece and route it by kind through pushers to the right destination.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=120.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
