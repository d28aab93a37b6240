"""MAT-E12 Right-angle pop-up transfer.

A belt carries parts of three kinds past a kind sensor to a pop-up chain transfer. Kind B
parts leave at right angles into the cross lane: the belt stops with the part centred on the
transfer, the transfer lifts it off the belt, its chains carry it across, and the transfer
lowers again. Kinds A and C run straight on over the lowered transfer to the run-out. The
cross lane may be full (the operator empties it after 5-20 s): the B part then waits on the
lowered transfer.

Changes from the catalog entry, and why:
- No stopper pin: the belt itself stops the B part on the transfer (a photo-eye at the
  transfer's far side sees it centred), and the parts behind it stop with the belt, so rule
  S3 (nothing carried onto the raised transfer) is the belt's: it stands while the transfer is
  not fully down. A pin in front of the transfer would hold back the next part only on a second
  belt; on one belt it adds an output that changes nothing.
- "main hold <= 5 s" became promptness judged by motion: the lift sets off within 0.5 s of a
  centred B part standing on the transfer with room in the cross lane, the chains carry it
  within 0.3 s of the transfer being up, the transfer lowers within 0.15 s of being up and empty (less than
  the 0.13-0.33 s spread of the crossing times, so a fixed chain time is late),
  and the belt runs again within 0.5 s of the transfer being down after a transfer. The early
  side is rule S1 (lift only with the part centred) and S2 (chain only with the lift up).

Judged by what the plant does: the lanes' logs, the transfer's height and the carried part's
position (sim.judges.progress_within, latched per episode), the transfer's logs of lifts and
of parts run onto it while raised, and the end state held through the post-completion window.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.popup_transfer import PopUpTransfer
from sim.devices.sensors import InspectionSensor, PhotoEye
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, operator_empties, published_range

LOT = 8
BELT_LENGTH = 1200.0
FEED_AT, GAP_EYE_AT, INSPECT_AT, XFER_AT = 60.0, 140.0, 300.0, 750.0
CENTRE_EYE_AT = XFER_AT + 25.0      # a 50 mm part whose leading edge reaches it is centred
XFER_LENGTH = 100.0
CENTRED_MM = 25.0
PART_MM = 50.0
MEASURE_S = 0.1
LIFT_WITHIN_S = 0.5
STEP_WITHIN_S = 0.3
LOWER_WITHIN_S = 0.15        # shorter than the spread of the crossing times (0.13-0.33 s)
RESTART_WITHIN_S = 0.5
SET_OFF = 0.05
BELT_MOVE_MM = 25.0
HOLD_S = 2.0
KINDS = {"A": dict(part_kind="A", code=1, colour="blue"), "B": dict(part_kind="B", code=2, colour="orange"),
         "C": dict(part_kind="C", code=3, colour="green")}


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speed = p["belt_speed"]
    belt = plant.add(Conveyor("belt", BELT_LENGTH / 2, 0, length=BELT_LENGTH, width=100, speed=speed,
                              ramp_s=0.1, guide_gaps=(("left", XFER_AT - 55, XFER_AT + 55),)))
    order = p["order"]
    first = 1 if p.get("part_on_raised_transfer") else 0
    if first:
        plant.add(Workpiece("part0", *belt.point(XFER_AT + 3), **KINDS["B"], width=PART_MM, length=PART_MM))
    t, schedule = p["first_arrival_s"], []
    for kind, gap in zip(order[first:], [0.0, *p["arrival_gap_s"]], strict=False):
        t += gap
        schedule.append((round(t, 3), dict(KINDS[kind], width=PART_MM, length=PART_MM)))
    # the upstream line hands a part over only once the previous one is over 50 mm clear of it
    plant.add(Feeder("upstream", *belt.point(FEED_AT), schedule, only_while=("gap_eye", "clear")))
    plant.add(PhotoEye.across(belt, "gap_eye", GAP_EYE_AT))
    plant.add(InspectionSensor("kind_sensor", *belt.point(INSPECT_AT), zone_length=100, zone_width=100,
                               measure_s=MEASURE_S))
    plant.add(PopUpTransfer.on(belt, "transfer", XFER_AT, length=XFER_LENGTH, lift_s=p["lift_s"],
                               chain_speed=p["chain_speed"],
                               start_up=bool(first or p.get("raised_empty"))))
    plant.add(PhotoEye.across(belt, "eye_centre", CENTRE_EYE_AT, live_at_power_up=True))
    x0, _ = belt.point(XFER_AT - 55)
    x1, _ = belt.point(XFER_AT + 55)
    plant.add(Chute("cross_lane", x0, 52, x1, 400, capacity=p["cross_capacity"],
                    level=p.get("cross_level", 0), label="cross lane"))
    end_x, _ = belt.point(BELT_LENGTH)       # a part whose centre leaves the belt drops in
    plant.add(Chute("runout", end_x, -200, end_x + 300, 200, label="run-out"))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Cell:
    def __init__(self, plant: Plant):
        self.belt, self.xfer = plant["belt"], plant["transfer"]
        self.cross, self.runout = plant["cross_lane"], plant["runout"]
        self.flow = material_flow(plant)


def _centred_b_waiting(s) -> bool:
    c = s.devices
    if c.belt.velocity != 0.0 or c.xfer.height > 0.0 or c.cross.full:
        return False
    for part in c.flow.parts:
        if part.part_kind == "B" and part.holder is None:
            along, across = c.xfer.local(part)
            if abs(along) <= CENTRED_MM and abs(across) <= c.xfer.width / 2:
                return True
    return False


def _up_carrying(s) -> bool:
    c = s.devices
    return c.xfer.height >= 1.0 and bool(c.xfer.carrying)


def _up_empty(s) -> bool:
    c = s.devices
    return c.xfer.height >= 1.0 and not c.xfer.carrying


def _height_way(up: bool) -> judges.Way:
    if up:
        return judges.Way("the transfer lifting", lambda s: 1.0 - s.devices.xfer.height, by=SET_OFF,
                          until=lambda s: s.devices.xfer.height >= 1.0)
    return judges.Way("the transfer lowering", lambda s: s.devices.xfer.height, by=SET_OFF,
                      until=lambda s: s.devices.xfer.height <= 0.0)


def _carried_way() -> judges.Way:
    def distance(s):
        x = s.devices.xfer
        return min((x.width / 2 - abs(x.local(p)[1]) for p in x.carrying), default=0.0)
    return judges.Way("the chains carrying the part across", distance, by=5.0,
                      until=lambda s: not s.devices.xfer.carrying)


class _DownAfterTransfer:
    """True on the scan the transfer is fully down after it was up (one per run)."""

    def __init__(self):
        self.was_up = False

    def __call__(self, s) -> bool:
        h = s.devices.xfer.height
        if h >= 1.0:
            self.was_up = True
        elif self.was_up and h <= 0.0:
            self.was_up = False
            return True
        return False


def _steps() -> list[judges.Watch]:
    def late(what, within):
        return lambda t: f"{what} from {t:g} s, but the next step had not begun {within:g} s later"

    belt = judges.Way("the belt running again", lambda s: -s.devices.belt.travelled, by=BELT_MOVE_MM)
    return [
        judges.progress_within("lifting the centred B part", _centred_b_waiting, [_height_way(True)],
                               LIFT_WITHIN_S,
                               late=late("a B part lay centred on the lowered transfer with the belt stopped "
                                         "and room in the cross lane", LIFT_WITHIN_S)),
        judges.progress_within("carrying the part across", _up_carrying, [_carried_way()], STEP_WITHIN_S,
                               late=late("the transfer stood up with a part on it", STEP_WITHIN_S)),
        judges.progress_within("lowering the empty transfer", _up_empty, [_height_way(False)], LOWER_WITHIN_S,
                               late=late("the transfer stood up and empty", LOWER_WITHIN_S)),
        judges.progress_within("running the belt again", _DownAfterTransfer(), [belt], RESTART_WITHIN_S,
                               excused=lambda s: (_routed_ok(s) or _centred_b_waiting(s)
                                                  or s.devices.cross.full),
                               late=late("the transfer was down again", RESTART_WITHIN_S)),
    ]


def _routed_ok(s) -> bool:
    c = s.devices
    order = s.params["order"]
    if len(c.cross.collected) + len(c.runout.collected) < len(order) or c.cross.overfilled:
        return False
    return (sorted(k for _, k in c.cross.collected) == sorted(k for k in order if k == "B")
            and sorted(k for _, k in c.runout.collected) == sorted(k for k in order if k != "B"))


def _at_rest(s) -> bool:
    c = s.devices
    return c.belt.velocity == 0.0 and c.xfer.height <= 0.0 and not s.io["chain"]


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event(f"all {LOT} parts routed", _routed_ok),
            judges.held("belt stopped, transfer down, chains off", _at_rest, HOLD_S),
        ),
        *_steps(), name="all parts routed with a prompt transfer")


def _off_centre_lifts(s) -> int:
    return sum(any(abs(off) > CENTRED_MM for off in parts.values()) for _, parts in s.devices.xfer.lifts)


def _chain_not_up(s):
    if s.io["chain"] and s.devices.xfer.height < 1.0:
        return "the chains ran while the transfer was not fully up"
    return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint("%IX0.0", "insp_part", "BOOL", "input", "kind_sensor", "part_present",
            "a part is in the kind sensor's zone (TRUE = present)"),
    IOPoint("%IX0.1", "insp_valid", "BOOL", "input", "kind_sensor", "result_valid",
            "kind result ready for the part in the zone; cleared when it leaves the zone"),
    IOPoint("%IW0", "insp_kind", "INT", "input", "kind_sensor", "kind_code",
            "kind of the part in the zone while insp_valid: 1 = A, 2 = B, 3 = C; 0 = no result", "", "0..3"),
    IOPoint("%IX0.2", "eye_centre", "BOOL", "input", "eye_centre", "blocked",
            f"photo-eye {CENTRE_EYE_AT - XFER_AT:.0f} mm past the transfer's centre, TRUE while a part "
            "blocks the beam: its leading edge there means the part lies centred on the transfer (also "
            "on the first scan for a part lying there at power-up)"),
    IOPoint("%IX0.3", "xfer_up", "BOOL", "input", "transfer", "up", "transfer fully raised"),
    IOPoint("%IX0.4", "xfer_down", "BOOL", "input", "transfer", "down", "transfer fully lowered"),
    IOPoint("%IX0.5", "cross_full", "BOOL", "input", "cross_lane", "full", "cross lane full (TRUE = full)"),
    IOPoint("%IW1", "belt_speed", "INT", "input", "belt", "speed_actual", "actual belt speed", "mm/s",
            "0..300"),
    IOPoint("%IW2", "runout_count", "INT", "input", "runout", "level", "parts the run-out has received",
            "parts", "0..8"),
    IOPoint("%IW3", "cross_count", "INT", "input", "cross_lane", "level",
            "parts in the cross lane (it drops to 0 when the operator empties it)", "parts", "0..6"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the belt"),
    IOPoint("%QX0.1", "lift", "BOOL", "output", "transfer", "lift",
            "transfer lift valve (single solenoid): TRUE raises, FALSE lowers"),
    IOPoint("%QX0.2", "chain", "BOOL", "output", "transfer", "chain", "TRUE runs the transfer's chains"),
]

SPEC = f"""\
A lot of {LOT} parts of kinds A, B and C runs along one belt through the kind sensor (insp_part,
then after a short measuring time insp_valid with the kind in insp_kind) to a pop-up chain
transfer. Kind B parts leave at right angles into the cross lane; kinds A and C run on over the
lowered transfer to the run-out at the belt's end. Parts reach the transfer in the order they
passed the sensor.

For a kind B part: when its leading edge reaches eye_centre it lies centred on the transfer:
stop the belt (it must stand with the part's centre within {CENTRED_MM:g} mm of the transfer's
centre). Once the belt stands (belt_speed = 0) and the cross lane has room (cross_full FALSE),
raise the transfer (on its way within {LIFT_WITHIN_S:g} s); once it is fully up (xfer_up), run
the chains (the part on its way across within {STEP_WITHIN_S:g} s); when the part has left
(eye_centre FALSE again), stop the chains and lower the transfer (on its way within
{LOWER_WITHIN_S:g} s of the transfer standing up and empty); once it is fully down (xfer_down),
run the belt again within {RESTART_WITHIN_S:g} s. While the cross lane is full, leave the B part on
the lowered transfer with the belt stopped until the operator has emptied it. Run the chains
only with the transfer fully up, and never let the belt carry a part onto the transfer while it
is not fully down. runout_count and cross_count count the parts the lanes have received. The belt
speed, the chain speed and the lift time are not known in advance.

At power-up the belt stands still. The transfer may stand raised, with a B part on it (xfer_up
and eye_centre TRUE on the first scan: carry it across first; it counts as one of the {LOT}) or
empty (lower it before the belt runs).
When all {LOT} parts are routed, stop the belt with the transfer down and the chains off, and
keep it so."""

AT_REST = "the belt at standstill, the transfer fully down and the chains off"

COMPLETION = Completion(
    f"All {LOT} parts routed (every kind B part in the cross lane, none carried into it while it reported "
    f"full, every A and C part on the run-out, none anywhere else); then {AT_REST}, held for {HOLD_S:g} s. "
    "On the way: the transfer sets off "
    f"upward within {LIFT_WITHIN_S:g} s of a B part lying centred on it (within {CENTRED_MM:g} mm) with "
    f"the transfer down, the belt at standstill and the cross lane not full, and goes on to fully up; "
    f"within {STEP_WITHIN_S:g} s of the transfer standing up with a part on it the chains have carried "
    f"the part 5 mm across; within {LOWER_WITHIN_S:g} s of the transfer standing up and empty it sets off "
    f"downward and goes on to fully down; within {RESTART_WITHIN_S:g} s of the transfer being down "
    f"after a transfer the belt has carried the parts {BELT_MOVE_MM:g} mm on (unless every part is "
    "routed, a B part waits centred on the transfer or the cross lane is full).",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-E12-S1", f"The transfer starts up only with nothing on it or with the part on it "
               f"centred (every part on the transfer within {CENTRED_MM:g} mm of its centre).",
               CountGrows(_off_centre_lifts, "the transfer lifted with a part off centre on it")),
    SafetyRule("MAT-E12-S2", "The chains run only while the transfer is fully up.", _chain_not_up),
    SafetyRule("MAT-E12-S3", "No part is ever carried onto the transfer while it is raised (not fully "
               "down).", CountGrows(lambda s: len(s.devices.xfer.carried_onto),
                                   "a part ran onto the raised transfer")),
]

PARAMETERS = [
    ParameterRange("belt_speed", 100, 300, "mm/s", "belt speed when running"),
    ParameterRange("lift_s", 0.2, 1.0, "s", "transfer lift time (each way)"),
    ParameterRange("chain_speed", 150, 400, "mm/s", "speed at which the chains carry a part across"),
    ParameterRange("first_arrival_s", 0.0, 2.0, "s", "time the line offers the first part"),
    ParameterRange("arrival_gap_s", 0.5, 4.0, "s", "time between the parts the line offers"),
    ParameterRange("cross_capacity", 4, 6, "parts", "parts the cross lane holds before it reports full"),
    ParameterRange("cross_emptied_s", 5, 20, "s", "when the operator empties a cross lane that started full"),
]


_emptying, _cond = operator_empties("cross_emptied_s", "cross_lane", "cross lane")


CONDITIONS = [
    _cond("nominal", 71, "middle speed and lift, parts every 2 s",
          belt_speed=200, lift_s=0.5, chain_speed=250, cross_capacity=5, first_arrival_s=0.5,
          arrival_gap_s=[2.0] * 7, order="ABCBBACB"),
    _cond("slow_lift_fast_belt", 72, "fast belt, slow lift, bunched parts", belt_speed=290, lift_s=1.0,
          chain_speed=150, cross_capacity=6, first_arrival_s=0.0,
          arrival_gap_s=[0.5, 0.6, 0.5, 1.0, 0.5, 0.7, 0.5],
          order="BBABCBAB"),
    _cond("raised_at_power_up", 73, "the transfer up with a B part on it at power-up, quick lift, slow belt",
          belt_speed=100, lift_s=0.2, chain_speed=400, cross_capacity=4, part_on_raised_transfer=True,
          first_arrival_s=1.0,
          arrival_gap_s=[3.0, 1.0, 2.5, 0.8, 4.0, 1.5], order="BACBABCB"),
    _cond("cross_full", 74, "cross lane full until the operator empties it at 18 s", belt_speed=160,
          lift_s=0.7, chain_speed=300, cross_capacity=4, cross_level=4, cross_emptied_s=18.0,
          first_arrival_s=2.0,
          arrival_gap_s=[1.5, 2.0, 1.0, 3.0, 0.8, 2.5, 1.2], order="BABCCBAB"),
    _cond("mixed", 75, "quick lift, fast belt, cross lane full until 6 s, transfer up and empty at power-up",
          belt_speed=250, lift_s=0.25, chain_speed=380, cross_capacity=6, cross_level=6, cross_emptied_s=6.0,
          raised_empty=True, first_arrival_s=1.5, arrival_gap_s=[0.6, 2.0, 0.5, 1.8, 0.9, 3.5, 0.6],
          order="CBBABACB"),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample). Independent and uniform:
    belt speed, lift time, chain speed, first arrival, every gap. Jointly: the lot is 8 parts in
    a random order with 2 B parts up to the cross lane's capacity; one time in three (never with
    a B part on the raised transfer at power-up, which is carried across at once) the cross lane
    starts full and is emptied at a time from cross_emptied_s, otherwise it has room for every B
    part. One time in four a B part lies on the raised transfer at power-up (the first of the 8);
    one time in six otherwise the transfer stands raised and empty."""
    capacity = rng.randint(*map(int, _range("cross_capacity")))
    on_raised = rng.random() < 1 / 4
    while True:
        order = ("B" if on_raised else "") + "".join(rng.choice("ABC") for _ in range(LOT - on_raised))
        if 2 <= order.count("B") <= capacity:
            break
    params: dict = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                        lift_s=round(rng.uniform(*_range("lift_s")), 2), cross_capacity=capacity, order=order,
                        chain_speed=rng.randint(*map(int, _range("chain_speed"))),
                        first_arrival_s=round(rng.uniform(*_range("first_arrival_s")), 2),
                        arrival_gap_s=[round(rng.uniform(*_range("arrival_gap_s")), 2)
                                       for _ in range(LOT - on_raised - 1)])
    notes = []
    if not on_raised and rng.random() < 1 / 3:      # the part on the raised transfer needs room
        params["cross_level"] = capacity
        params["cross_emptied_s"] = round(rng.uniform(*_range("cross_emptied_s")), 1)
        notes.append(f"cross lane full until {params['cross_emptied_s']:g} s")
    else:
        params["cross_level"] = rng.randint(0, capacity - order.count("B"))
    if on_raised:
        params["part_on_raised_transfer"] = True
        notes.append("B part on the raised transfer")
    elif rng.random() < 1 / 6:
        params["raised_empty"] = True
        notes.append("transfer raised and empty")
    description = (f"{params['belt_speed']} mm/s, lift {params['lift_s']:g} s, order {order}"
                   + "".join(f"; {n}" for n in notes))
    return dict(params=params, description=description, disturbances=_emptying(params))


PLANT = f"""\
Top view, millimetres. The belt ({BELT_LENGTH:.0f} x 100 mm) runs along x from x = 0 to
x = {BELT_LENGTH:.0f} at y = 0, parts (50 x 50 mm) travelling toward +x. The line hands parts on at
x = {FEED_AT:.0f}; the kind sensor's zone covers x = {INSPECT_AT - 50:.0f}..{INSPECT_AT + 50:.0f}. The
pop-up transfer covers x = {XFER_AT - XFER_LENGTH / 2:.0f}..{XFER_AT + XFER_LENGTH / 2:.0f} across the
belt; its chains carry toward +y into the cross lane (y > 50) through a gap in the left guide.
eye_centre is at x = {CENTRE_EYE_AT:.0f}; the run-out lies beyond the belt's end."""

TASK = Task(
    id="MAT-E12", title="Right-angle pop-up transfer", suite="MAT", level="E",
    summary="Send kind B parts off at right angles with a pop-up chain transfer: stop centred, lift, "
            "chain across, lower; let the other kinds pass.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=90.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Cell,
)
