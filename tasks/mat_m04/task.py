"""MAT-M04 Inspection-guided sorting.

A feed pusher pushes parts one at a time from a magazine onto a sorting belt; an inspection
sensor over the belt reports each part's kind after a measuring delay; two sorting pushers
shove kind A into chute 1 and kind B into chute 2; kind C runs off the belt end onto the
run-out. Belt speed, measuring time, pusher times, magazine arrivals, part order, chute
fill levels and the initial state vary per condition.
"""

from __future__ import annotations

from pathlib import Path

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Pusher
from sim.devices.sensors import InspectionSensor, PhotoEye, ProximitySensor
from sim.devices.workpiece import Feeder, Workpiece
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, WatchedCompletion, bound

LOT = 8
KINDS = {"A": dict(part_kind="A", code=1, colour="red", material="metal", height_mm=30.0),
         "B": dict(part_kind="B", code=2, colour="blue", material="plastic", height_mm=30.0),
         "C": dict(part_kind="C", code=3, colour="yellow", material="metal", height_mm=45.0)}
FEED_AT, INSPECT_AT, P1_AT, P2_AT, EYE_OFFSET, END_EYE_AT = 60.0, 400.0, 900.0, 1300.0, 20.0, 1790.0
BELT_LENGTH, RUNOUT_AT = 1800.0, 1806.0
# eye_end sits so close to the belt end that a part reaches the run-out (its centre past
# RUNOUT_AT) while its trailing edge still blocks the beam: eye_end's falling edge is delivery.
PUSHER_KIND = {"pusher1": "A", "pusher2": "B"}
STROKE_TURN_S = 0.3       # a sorting pusher at its end switch must be told back within this time
BELT_RESTART_S = 0.5      # after a push, the belt (or the other pusher) must go again within this time


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
    for kind, gap in zip(order[first:], [0.0, *p["arrival_gaps_s"]], strict=False):
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
                         extend_s=p[f"pusher{n}_s"], retract_s=p[f"pusher{n}_s"],
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
    """The devices the judges look at every scan, found once per run (see tasks.common.bound)."""

    def __init__(self, plant: Plant):
        self.belt, self.feed = plant["belt"], plant["feed_pusher"]
        self.pushers = tuple((name, plant[name], kind) for name, kind in PUSHER_KIND.items())
        # each sorting pusher with its own extend output and the other pusher's
        self.strokes = (("pusher1", plant["pusher1"], "p1_extend", "p2_extend"),
                        ("pusher2", plant["pusher2"], "p2_extend", "p1_extend"))
        self.sorting_chutes = (plant["chute1"], plant["chute2"])
        self.destinations = (("A", plant["chute1"].collected), ("B", plant["chute2"].collected),
                             ("C", plant["runout"].collected))


def _cell(s) -> _Cell:
    return bound(s.plant, "mat_m04_cell", _Cell)


def _sorted_ok(s) -> bool:
    order = s.params["order"]
    chutes = _cell(s).destinations
    if sum(len(c) for _, c in chutes) < len(order):
        return False                        # cheap test first: not every part has arrived yet
    return all(len(got) == order.count(k) and all(x == k for _, x in got) for k, got in chutes)


def _at_rest(s) -> bool:
    cell = _cell(s)
    return (cell.belt.velocity == 0.0 and all(p.position <= 0.0 for _, p, _ in cell.pushers)
            and cell.feed.position <= 0.0)


class WrongKindPush(judges.Monitor):
    """S1: a sorting pusher moving out while a part of another kind lies in its sweep."""

    def __init__(self):
        self.last = {"pusher1": None, "pusher2": None}

    def check(self, s):
        msg = None
        cell = _cell(s)
        belt = cell.belt
        for name, pusher, kind in cell.pushers:
            last, self.last[name] = self.last[name], pusher.position
            if last is None or pusher.position <= last:
                continue
            at = P1_AT if name == "pusher1" else P2_AT
            for part in s.plant.material_flow.parts:
                dx, dy = part.x - belt.x, part.y - belt.y
                along = dx * belt.ux + dy * belt.uy + belt.half_length
                across = dy * belt.ux - dx * belt.uy
                if (abs(along - at) < pusher.plate_width / 2 + part.length / 2
                        and -belt.half_width - 30 < across < belt.half_width + 30 and part.part_kind != kind):
                    msg = f"{name} extended onto a kind {part.part_kind} part (it sorts kind {kind})"
        return msg


def _belt_moving_with_pusher_out(s):
    cell = _cell(s)
    if cell.belt.velocity != 0.0:
        for name, pusher, _ in cell.pushers:
            if pusher.position > 0.0:
                return f"belt moving at {abs(cell.belt.velocity):.0f} mm/s while {name} is out"
    return None


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
pushes the waiting part onto the belt (extend to feed_extended, then retract at once, within
{STROKE_TURN_S:g} s of the end switch). The belt carries it through the inspection zone:
while a part is in the zone (insp_part), the sensor measures it and, after a measuring delay,
sets insp_valid and reports its kind in insp_kind (1 = A, 2 = B, 3 = C); the result is cleared
when the part leaves the zone. The sensor measures one part at a time: feed the next part only
when the previous one has been measured and has left the inspection zone.

Kind A goes into chute 1 (pusher 1), kind B into chute 2 (pusher 2), kind C runs off the belt
end onto the run-out: it counts as delivered when eye_end turns FALSE again after it (the eye
sits {BELT_LENGTH - END_EYE_AT:.0f} mm before the belt end; the part drops off while it still
blocks the beam). The photo-eye after each pusher turns TRUE when a part's leading edge
reaches it: that part then lies in front of the pusher. To push a part, stop the belt, wait
for standstill (belt_speed = 0), extend the pusher to its end switch, retract it at once
(within {STROKE_TURN_S:g} s of the end switch), and once it is fully back run the belt again
within {BELT_RESTART_S:g} s (unless the other pusher pushes next, a chute reports full, or
every part is sorted). A chute holds a limited number of parts; when it reports full, wait
until the operator has emptied it before pushing into it. The belt speed, the measuring time
and the pusher times are not known in advance.

At the start the belt stands still; a pusher may be out, and a part may already lie in the
inspection zone (it counts as one of the {LOT}). When all {LOT} parts have reached their
destinations, stop the belt with every pusher retracted."""


class QuickStrokes(WatchedCompletion):
    """The sort completes only if every push is a quick in-and-out: the extend command drops
    within STROKE_TURN_S of the pusher (feed or sorting) reaching its end switch, and within BELT_RESTART_S of
    the pusher being fully back the belt runs again, the other pusher is pushing, a chute
    reports full (a part may wait for the operator), or every part is sorted. Without it, a
    program that times each stroke with a fixed delay at the top of the published stroke
    range passes every condition. A miss does not end the run: the completion never comes,
    and the safety rules are still checked to the time limit."""

    name = "all parts sorted with quick pusher strokes"

    def __init__(self, inner: judges.Judge):
        super().__init__(inner)
        self.commanded = {"pusher1": False, "pusher2": False}   # extend given since it was last back
        self.out_since: dict[str, int | None] = {"pusher1": None, "pusher2": None}
        self.back_since: dict[str, int | None] = {"pusher1": None, "pusher2": None}
        self.feed_out_since: int | None = None

    def watch(self, s):
        cell = _cell(s)
        feed = cell.feed
        if s.io["feed_extend"] and feed.position >= feed.stroke:
            if self.feed_out_since is None:
                self.feed_out_since = s.time_ms
            elif s.time_ms - self.feed_out_since > STROKE_TURN_S * 1000:
                return (f"the feed pusher stayed out at its end switch from {self.feed_out_since / 1000:g} s "
                        f"for more than {STROKE_TURN_S:g} s")
        else:
            self.feed_out_since = None
        for name, pusher, own, other in cell.strokes:
            extend = s.io[own]
            if extend:
                self.commanded[name] = True
            if self.commanded[name] and pusher.position >= pusher.stroke and extend:
                since = self.out_since[name]
                if since is None:
                    self.out_since[name] = s.time_ms
                elif s.time_ms - since > STROKE_TURN_S * 1000:
                    return (f"{name} stayed out at its end switch from {since / 1000:g} s for more than "
                            f"{STROKE_TURN_S:g} s")
            else:
                self.out_since[name] = None
            if self.commanded[name] and not extend and pusher.position <= 0.0:
                self.commanded[name] = False
                self.back_since[name] = s.time_ms
            since = self.back_since[name]
            if since is not None:
                if (s.io["belt_run"] or s.io[other] or _sorted_ok(s)
                        or s.io["chute1_full"] or s.io["chute2_full"]):   # a part may wait for the operator
                    self.back_since[name] = None
                elif s.time_ms - since > BELT_RESTART_S * 1000:
                    return (f"{name} was back at {since / 1000:g} s but neither the belt nor the other "
                            f"pusher went again within {BELT_RESTART_S:g} s")
        return None


COMPLETION = Completion(
    f"All {LOT} parts of the lot at their destinations (every kind A part in chute 1, every kind B "
    "part in chute 2, every kind C part on the run-out, none anywhere else); then the belt at "
    "standstill with all three pushers fully retracted, held for 1 s. Every push on the way is a quick "
    f"in-and-out: a pusher (feed or sorting) is told back within {STROKE_TURN_S:g} s of reaching its end "
    "switch, and for a sorting pusher, "
    f"within {BELT_RESTART_S:g} s of it being fully back the belt runs again (or the other pusher "
    "pushes, or a chute reports full, or every part is sorted).",
    lambda: QuickStrokes(judges.in_order(
        judges.event(f"all {LOT} parts sorted", _sorted_ok),
        judges.held("belt stopped, pushers retracted", _at_rest, 1.0),
    )),
)

SAFETY = [
    SafetyRule("MAT-M04-S1", "A sorting pusher extends only onto a part of its chute's kind (pusher 1: "
               "kind A, pusher 2: kind B); it never moves out against a part of another kind.",
               WrongKindPush()),
    SafetyRule("MAT-M04-S2", "The belt stands still (speed 0) whenever a sorting pusher is out of its "
               "retracted position.",
               _belt_moving_with_pusher_out),
    SafetyRule("MAT-M04-S3", "No part is ever pushed into a chute that reports full.",
               CountGrows(lambda s: sum(len(c.overfilled) for c in _cell(s).sorting_chutes),
                          "part pushed into a chute that reported full")),
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


def _cond(name, seed, description, empty=(), **params):
    disturbances = [Disturbance(t, f"operator empties {chute}", lambda plant, c=chute: plant[c].empty())
                    for chute, t in empty]
    return Condition(name, seed, params, description, disturbances=disturbances)


CONDITIONS = [
    _cond("nominal", 21, "middle speed, parts every 3 s, mixed order",
          belt_speed=200, measure_s=0.4, feed_s=0.5, pusher1_s=0.5, pusher2_s=0.5, chute_capacity=5,
          first_arrival_s=0.5, arrival_gaps_s=[3, 3, 3, 3, 3, 3, 3], order="ABCABCBA"),
    _cond("slow_belt", 22, "slow belt, slow measuring, slow pushers, parts bunched in the magazine",
          belt_speed=125, measure_s=0.7, feed_s=0.8, pusher1_s=0.95, pusher2_s=0.8, chute_capacity=5,
          first_arrival_s=0.0, arrival_gaps_s=[0.5, 0.5, 1, 0.5, 0.5, 0.5, 1], order="BBACCAAB"),
    _cond("fast_belt", 23, "fast belt, quick pushers, pusher 2 out at the start, sparse arrivals",
          belt_speed=255, measure_s=0.2, feed_s=0.3, pusher1_s=0.3, pusher2_s=0.25, chute_capacity=5,
          first_arrival_s=3.0, arrival_gaps_s=[6, 1, 5, 2, 4, 1, 5.5], order="CABACBBA",
          pusher2_extended=True),
    _cond("chute_full", 24, "chute 2 full at the start, emptied by the operator at 24 s; a part in the "
          "inspection zone at the start", empty=(("chute2", 24.0),),
          belt_speed=170, measure_s=0.5, feed_s=0.6, pusher1_s=0.7, pusher2_s=0.4, chute_capacity=3,
          chute2_level=3, part_in_inspection=True,
          first_arrival_s=1.0, arrival_gaps_s=[2, 2, 4, 2, 3, 2], order="BACBBACA"),
    _cond("mixed", 25, "pusher 1 out at the start, uneven pushers, chute 1 nearly full "
          "(emptied at 30 s)", empty=(("chute1", 30.0),),
          belt_speed=230, measure_s=0.6, feed_s=0.4, pusher1_s=1.0, pusher2_s=0.3, chute_capacity=4,
          chute1_level=3, pusher1_extended=True,
          first_arrival_s=2.0, arrival_gaps_s=[1, 4, 0.5, 2.5, 5, 1, 2], order="AACABACB"),
]

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
    conditions=CONDITIONS, time_limit_s=120.0, build_plant=build_plant, post_completion_s=2.0,
    folder=Path(__file__).parent, plant_description=PLANT,
)
