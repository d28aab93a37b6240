"""MAT-H09 One print-and-apply unit for two lanes.

Two parallel lanes carry cartons past one print-and-apply unit on a swivel. Each lane has its
own line encoder with a registration latch wired to its product-detect eye; the applicator fires
at a count of the encoder of the lane it stands over, the printer prints the label of the lane
the program names, and the arm takes 0.5-1.5 s to swing between the lanes (only with the pad
up). Two jobs share the one applicator: labelling lane A and labelling lane B, each judged on its
own (every carton of the lane labelled, once, with its own lane's label, within 8 mm of the
lane's offset; a carton of either lane that runs past the pad unlabelled, or wrongly labelled,
ends the run at once: that is each job's deadline, so a program that starves one lane, or waits
on the wrong lane while the other's carton goes by, fails there, not at the time limit). When
cartons of both lanes come to the pad too close together for the swing, the program must slow a
lane (never below 30% of its line speed) so that its carton arrives after the swing.

Changed from the catalog, and why (the time was short; the plant kept small):
- 4 cartons a lane (not a longer stream): enough for bursts and conflicts of the two lanes, with
  short runs (the test budget).
- line speeds 150-300 mm/s (not 100-400): at 400 mm/s two short-gapped lanes ask more labels a
  second than one applicator with a 1.5 s swing can give even with a lane at 30%; below 150 mm/s
  the runs get long for no new behaviour.
- gaps 50-400 mm (not 600): longer gaps only make the plant easier and the runs longer.
- the "carton already past the eye" start state is replaced by the arm standing anywhere on its
  swing at power-up (over A, over B, or between: neither end switch on), to be found.
- the label is +/-8 mm of the lane's ordered offset, not 5: a carton standing on the belt slips
  behind it while the belt speeds up (about 2.6 mm per 100 mm/s of speed change, the belt's own
  physics), and a lane slowed to 35% of 300 mm/s and brought back up moves a carton latched while
  slowed about 5 mm against its latched count; the program cannot see that slip. Ignoring the tamp
  lead (24 mm at 300 mm/s) or firing on a time delay is still far outside 8 mm.
- "slow a lane only when needed and bring it back afterwards" is rule S4, judged on the speed set
  point from the plant: a lane may be slowed only while its head carton waits for its label and
  either the applicator is busy with the other lane or that carton, at line speed, would come
  sooner than the applicator could be ready over its lane at the longest published swing and
  feed times (the program cannot know them better before it has measured them), and up to 0.5 s
  after that stops. Two reviews' programs earned 1 under looser forms: one kept the lane the arm
  was not serving at 31% the whole run, carton or not; one crawled every lane with a waiting
  carton, needed or not (now counterexamples/every_waiting_lane_crawls.st).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.belt_encoder import BeltEncoder
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.sensors import PhotoEye
from sim.devices.swivel_applicator import SwivelApplicator
from sim.devices.workpiece import Feeder, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun

CARTONS = 4
COUNTS_PER_MM = 10.0
EYE_AT, PAD_AT, DROP_AT = 400.0, 1000.0, 170.0
BELT_LENGTH = 1500.0
LANE_Y = {"A": 250.0, "B": 600.0}
LINE_ACCEL = 300.0
LINE_MAX = 600.0
TAMP_S = 0.08
RETURN_S = 0.08
LABEL_MM = 40.0
TOLERANCE_MM = 8.0
CARTON_WIDTH = 150.0
HOLD_S = 1.0
MIN_SPEED = 0.30
SLOW_AFTER_S = 0.5      # how long a lane may stay slowed after slowing it stopped being allowed
SWING_RANGE_S, FEED_RANGE_S = (0.5, 1.5), (0.2, 0.4)   # the published swing and label feed times
SWING_MAX_S, FEED_MAX_S = SWING_RANGE_S[1], FEED_RANGE_S[1]
NEED_MARGIN_S = 0.2     # the judge's allowance for the scans a program needs to see the plant
TIME_LIMIT_S = 45.0
LANES = ("A", "B")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    encoders = []
    for lane in LANES:
        v = p[f"speed_{lane}"]
        belt = plant.add(Conveyor(f"lane_{lane}", BELT_LENGTH / 2, LANE_Y[lane], length=BELT_LENGTH,
                                  width=180.0, speed=v, max_speed=LINE_MAX, speed_command=True,
                                  ramp_s=LINE_MAX / LINE_ACCEL))
        belt.run = True              # the lanes run from power-up; the PLC sets their speed words
        belt.speed_word = round(v)
        belt.velocity = v
        belt.surface_vx, belt.surface_vy = belt.velocity * belt.ux, belt.velocity * belt.uy
        colour = "yellow" if lane == "A" else "blue"
        schedule = [(t, dict(part_kind="carton", colour=colour, material="plastic",
                             width=CARTON_WIDTH, length=length, height_mm=200.0))
                    for t, length in zip(_release_times(p, lane), p[f"carton_{lane}"], strict=True)]
        plant.add(Feeder(f"infeed_{lane}", *belt.point(DROP_AT), schedule, prefix=lane, clearance_mm=50.0))
        plant.add(PhotoEye.across(belt, f"eye_{lane}", EYE_AT))
        encoders.append(plant.add(BeltEncoder(f"encoder_{lane}", belt, counts_per_mm=COUNTS_PER_MM,
                                              start_count=p[f"start_count_{lane}"], at_mm=EYE_AT - 80.0,
                                              latch_at_mm=EYE_AT, label=f"lane {lane} encoder")))
        plant.add(Chute(f"runout_{lane}", BELT_LENGTH + 6, LANE_Y[lane] - 150, BELT_LENGTH + 400,
                        LANE_Y[lane] + 150, label=f"run-out {lane}"))
        plant.add(ValueWord(f"offset_{lane}", round(p[f"offset_{lane}"] * 10),
                            position=(200.0, LANE_Y[lane] + 130), label=f"lane {lane} offset", units="mm",
                            scale=0.1))
        plant.add(ValueWord(f"line_{lane}", round(v), position=(500.0, LANE_Y[lane] + 130),
                            label=f"lane {lane} line speed", units="mm/s"))
    plant.add(SwivelApplicator("applicator", tuple(encoders), at_mm=PAD_AT, swivel_s=p["swivel_s"],
                               start_pos=p["start_pos"], tamp_s=TAMP_S, return_s=RETURN_S, feed_s=p["feed_s"],
                               label_length_mm=LABEL_MM, label_ready=False, label="print & apply"))
    return plant


def _release_times(p, lane) -> list[float]:
    """When the lane's infeed puts each carton down, at the lane's line speed: the last has then
    gone on by half of each length plus the gap (a lane slowed by the program hands the next one
    over only with 50 mm clear behind the last, the feeder's clearance)."""
    v, lengths, gaps = p[f"speed_{lane}"], p[f"carton_{lane}"], p[f"gap_{lane}"]
    t = [p[f"first_{lane}"]]
    for n in range(1, len(lengths)):
        t.append(t[-1] + (lengths[n - 1] / 2 + gaps[n - 1] + lengths[n] / 2) / v)
    return [round(x, 2) for x in t]


# --- judges ---------------------------------------------------------------------------------------

class _Jobs:
    """The judged view: the applicator, both belts and the cartons (material flow)."""

    def __init__(self, plant):
        self.app = plant.device("applicator", SwivelApplicator)
        self.belts = {lane: plant[f"lane_{lane}"] for lane in LANES}
        self.flow = material_flow(plant)

    def length(self, name: str) -> float:
        """A carton's length along the belt, by its name (the infeeds number the cartons of both
        lanes in one count: A1, B2, A3 ...)."""
        return next((p.length for p in self.flow.parts if p.name == name), 0.0)


def _label_fault(s, lane, name) -> str | None:
    """What is wrong with the labels on carton `name` of `lane` so far (None: nothing yet)."""
    app = s.devices.app
    where, lanes = app.labels.get(name, []), app.label_lanes.get(name, [])
    if not where:
        return None
    if len(where) > 1:
        return f"{name} got a second label"
    if lanes[0] != LANES.index(lane) + 1:
        return f"{name} got lane {LANES[lanes[0] - 1] if lanes[0] else '?'}'s label"
    length = s.devices.length(name)
    lead = where[0] - LABEL_MM / 2
    if abs(lead - s.params[f"offset_{lane}"]) > TOLERANCE_MM or not app.label_on_part(where[0], length):
        return (f"{name}'s label landed {lead:.1f} mm behind its leading edge (ordered "
                f"{s.params[f'offset_{lane}']:g})")
    return ""


class _Lane(judges.Judge):
    """One lane's job (written for this task: a carton's deadline is the pad it must not pass
    unlabelled, read from where it is): done when all its cartons carry their one right label;
    `missed` once one of them is wrongly labelled or runs past the pad unlabelled."""

    def __init__(self, lane):
        super().__init__()
        self.lane = lane
        self.name = f"lane {lane}: {CARTONS} cartons labelled with lane {lane}'s label at its offset"
        self.missed: str | None = None
        self.ok: set[str] = set()
        self.touches_seen = 0

    def update(self, s):
        if self.done:
            return True
        app = s.devices.app
        if len(app.touches) != self.touches_seen:        # labels change only at a touch
            self.touches_seen = len(app.touches)
            for name in app.labels:
                if name[0] == self.lane and name not in self.ok:
                    fault = _label_fault(s, self.lane, name)
                    if fault == "":
                        self.ok.add(name)
                    elif fault and not self.missed:
                        self.missed = f"lane {self.lane}: {fault} at {s.time_ms / 1000:g} s"
        if len(self.ok) >= CARTONS:
            return self._finish(s)
        belt = s.devices.belts[self.lane]
        for part in s.devices.flow.parts:              # the front carton not labelled yet
            name = part.name
            if name[0] != self.lane or name in self.ok:
                continue
            if name not in app.labels:
                x, y = part.xy()
                along = (x - belt.x) * belt.ux + (y - belt.y) * belt.uy + belt.half_length
                if (part.removed or along - part.length / 2 > PAD_AT + LABEL_MM) and not self.missed:
                    self.missed = f"lane {self.lane}: {name} ran past the applicator unlabelled at " \
                                  f"{s.time_ms / 1000:g} s"
            break
        return False

    def pending(self):
        return "" if self.done else self.missed or f"{self.name} ({len(self.ok)} so far)"


class _BothLanes(judges.Judge):
    """Both lanes' jobs, each judged on its own, then the applicator at rest."""

    def __init__(self):
        super().__init__()
        self.lanes = [_Lane(lane) for lane in LANES]
        self.rest = judges.held("the applicator at rest: pad up, not armed", _at_rest, HOLD_S)
        self.name = "both lanes labelled"
        self.missed = None

    def update(self, s):
        for job in self.lanes:
            job.update(s)
            self.missed = self.missed or job.missed
        if self.missed:
            self.failed = self.missed
            return False
        if all(job.done for job in self.lanes) and self.rest.update(s):
            return self._finish(s)
        return False

    def events(self):
        out = [e for job in self.lanes for e in job.events()] + self.rest.events()
        return sorted(out, key=lambda e: e[1])

    def pending(self):
        if self.done:
            return ""
        return self.failed or "; ".join(j.pending() for j in self.lanes if not j.done) or self.rest.pending()


def _at_rest(s) -> bool:
    app = s.devices.app
    return app.phase == "up" and not app.armed


class _Touches(judges.Monitor):
    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = s.devices.app.touches
        msg = None
        while self.seen < len(log):
            touch = log[self.seen]
            self.seen += 1
            msg = msg or self.bad(s, touch)
        return msg


class _OwnLabel(_Touches):
    def bad(self, s, touch):
        t, part, _, carrying = touch
        app = s.devices.app
        if part and carrying and app.carry_lane != LANES.index(part[0]) + 1:
            return f"a lane {LANES[app.carry_lane - 1] if app.carry_lane else '?'} label was put on {part} " \
                   f"(lane {part[0]}) at {t:g} s"
        return None


class _OverCarton(_Touches):
    def bad(self, s, touch):
        t, part, behind, _ = touch
        if not part:
            return f"the pad tamped onto the bare belt at {t:g} s"
        if not s.devices.app.label_on_part(behind, s.devices.length(part)):
            return f"the pad tamped at {t:g} s over the edge of {part}: the label hangs off it"
        return None


class _LaneSpeed(judges.Monitor):
    def check(self, s):
        for lane, belt in s.devices.belts.items():
            least = MIN_SPEED * s.params[f"speed_{lane}"]
            if belt.velocity < least - 0.5:
                return (f"lane {lane} ran at {belt.velocity:.0f} mm/s, below 30% of its line speed "
                        f"({least:.0f})")
        return None


class _SlowedOnlyWhenNeeded(judges.Monitor):
    """S4 (spec point 3: slow a lane only when the arm cannot serve it in time at line speed, bring
    it back afterwards). A lane's speed set point below its line speed is allowed only while its
    head carton waits for its label (its leading edge past the eye, no label on it yet) and either
    the applicator is busy with the other lane (_busy_elsewhere) or that carton, at line speed,
    would bring its label's place under the pad sooner than the applicator could be ready over its
    lane at the longest published times (_ready_s). Judged from the plant, not from the program's
    plan; a lane may stay slowed up to SLOW_AFTER_S after it last was allowed (the program sees the
    change a scan later and may hold a speed while it chooses). Looked at only while a lane is
    slowed: at line speed there is nothing to judge."""

    def __init__(self):
        self.allowed_ms: dict[str, int | None] = dict.fromkeys(LANES)   # last allowed, while slowed

    def check(self, s):
        for k, (lane, belt) in enumerate(s.devices.belts.items()):
            line = s.params[f"speed_{lane}"]
            if belt.speed_word >= line:
                self.allowed_ms[lane] = None          # slowed again later: allowed afresh or not at all
                continue
            why = _why_slowed(s, k, lane, belt, line)
            if why is None:
                self.allowed_ms[lane] = s.time_ms
                continue
            last = self.allowed_ms[lane]
            if last is None or s.time_ms - last > round(SLOW_AFTER_S * 1000):
                return (f"lane {lane} was set to {belt.speed_word} mm/s (line speed {line:g}) at "
                        f"{s.time_ms / 1000:g} s {why}")
        return None


def _why_slowed(s, k, lane, belt, line) -> str | None:
    """None when lane `lane` (index k) may run slowed now, else why not, in words."""
    head = _head_waiting(s, lane, belt)
    if head is None:
        return "with no carton of it waiting for its label"
    app = s.devices.app
    if _busy_elsewhere(s, app, 1 - k):
        return None
    along, name = head
    due = (PAD_AT + s.params[f"offset_{lane}"] + LABEL_MM / 2 - along) / line
    ready = _ready_s(app, k)
    if due < ready:
        return None
    return (f"while the applicator is not busy with lane {LANES[1 - k]} and {name} would reach the pad "
            f"at line speed in {due:.2f} s, later than the {ready:.2f} s the applicator needs at most")


def _head_waiting(s, lane, belt) -> tuple[float, str] | None:
    """The leading edge (mm along the belt) and name of the carton of `lane` that is past the eye
    with no label, nearest the pad; None if there is none."""
    labels = s.devices.app.labels
    head = None
    for part in s.devices.flow.parts:
        if part.name[0] != lane or part.removed or part.name in labels:
            continue
        x, y = part.xy()
        lead = (x - belt.x) * belt.ux + (y - belt.y) * belt.uy + belt.half_length + part.length / 2
        if lead >= EYE_AT and (head is None or lead > head[0]):
            head = (lead, part.name)
    return head


def _busy_elsewhere(s, app, other: int) -> bool:
    """The applicator is busy with lane index `other`: that lane's label is on the pad or being
    printed, or the arm is bound for or over that lane (pad down, armed, or a carton of that lane
    waiting for its label)."""
    lane_no = other + 1
    if (app.has_label and app.label_lane == lane_no) or (app.feeding > 0 and app.feed_lane == lane_no):
        return True
    bound = app.target == float(other) or (app.lane == lane_no and app.phase != "up")
    if not bound:
        return False
    if app.phase != "up" or app.armed:
        return True
    lane = LANES[other]
    return _head_waiting(s, lane, s.devices.belts[lane]) is not None


def _ready_s(app, k: int) -> float:
    """The most the applicator can take to be ready to fire over lane index `k`, from where it is,
    at the longest published times: a whole swing unless the arm stands over the lane, the pad's
    way back up and a whole label feed unless the lane's label is on the pad (a feed under way
    counts whole: the program cannot see how far it is), then the tamp; and
    NEED_MARGIN_S for the scan the program needs to see it."""
    t = 0.0 if app.lane == k + 1 else SWING_MAX_S
    if not (app.has_label and app.label_lane == k + 1):
        if app.phase != "up":
            t += app.phase_left + (RETURN_S if app.phase == "down" else 0.0)
        t += FEED_MAX_S
    return t + TAMP_S + NEED_MARGIN_S


S4_WORDING = (
    "A lane's speed set point may be below its line speed only while its head carton (past the lane's "
    "eye, no label on it yet, the nearest such carton to the pad) waits for its label and either the "
    "applicator is busy with the other lane (that lane's label on the pad or being printed, or the arm "
    "sent to that lane, or standing over it with the pad not up, while it is armed, its pad is not up "
    "or a carton of that lane waits for its label) or that carton, at its lane's line speed, would bring "
    "its label's place (offset + half a label behind its leading edge) under the pad "
    "sooner than the applicator could be ready to fire over its lane at "
    f"the longest published times: {SWING_MAX_S:g} s for a swing unless the arm stands over the lane, "
    f"the pad's way back up and a {FEED_MAX_S:g} s label feed unless that lane's label is on the pad, "
    f"then the {TAMP_S * 1000:g} ms tamp and "
    f"{NEED_MARGIN_S:g} s more. It may stay below its line speed for at most {SLOW_AFTER_S:g} s after "
    "that stops being so.")


# --- conditions ----------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    for lane in LANES:
        params.setdefault(f"start_count_{lane}", 30000 if lane == "A" else -5000)
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("side_by_side", 901, "both lanes at 250 mm/s, cartons side by side; arm over A; swing 1.0 s",
          speed_A=250.0, speed_B=250.0, carton_A=[300, 280, 320, 300], gap_A=[120, 200, 90],
          carton_B=[300, 300, 280, 310], gap_B=[110, 210, 100], first_A=0.3, first_B=0.35,
          offset_A=60.0, offset_B=120.0, swivel_s=1.0, feed_s=0.3, start_pos=0.0),
    _cond("fast_lane_overtakes", 902, "lane A slow (150 mm/s), lane B fast (300 mm/s) latched later but "
          "arriving first; arm over B; swing 0.8 s",
          speed_A=150.0, speed_B=300.0, carton_A=[280, 300, 260, 300], gap_A=[300, 250, 200],
          carton_B=[320, 300, 300, 280], gap_B=[60, 400, 80], first_A=0.2, first_B=0.9,
          offset_A=150.0, offset_B=30.0, swivel_s=0.8, feed_s=0.25, start_pos=1.0),
    _cond("slow_swing_bursts", 903, "both lanes near 300 mm/s, lane A in a short-gapped burst; swing 1.4 "
          "s; arm between "
          "the lanes at power-up", speed_A=300.0, speed_B=280.0, carton_A=[260, 250, 270, 260],
          gap_A=[50, 60, 380], carton_B=[250, 260, 250, 270], gap_B=[150, 70, 120], first_A=0.2, first_B=1.5,
          offset_A=20.0, offset_B=200.0, swivel_s=1.4, feed_s=0.4, start_pos=0.5),
    _cond("one_lane_first", 904, "lane B starts late (4 s); lane A at 200 mm/s; the counters wrap; arm "
          "between, near B", speed_A=200.0, speed_B=260.0, carton_A=[330, 300, 350, 300],
          gap_A=[150, 80, 300],
          carton_B=[300, 320, 300, 330], gap_B=[70, 90, 60], first_A=0.2, first_B=4.0,
          offset_A=100.0, offset_B=80.0, swivel_s=0.5, feed_s=0.2, start_pos=0.7,
          start_count_A=32000, start_count_B=31500),
    _cond("long_cartons_mixed", 905, "long cartons, lane A at 260, lane B at 170 mm/s; swing 1.2 s",
          speed_A=260.0, speed_B=170.0, carton_A=[350, 340, 350, 330], gap_A=[100, 250, 60],
          carton_B=[340, 350, 330, 350], gap_B=[200, 50, 120], first_A=1.2, first_B=0.2,
          offset_A=180.0, offset_B=40.0, swivel_s=1.2, feed_s=0.35, start_pos=0.0,
          start_count_A=-32000, start_count_B=12000),
    # drawn by the sampler (seed 11, the 129th draw): lane B at 300 mm/s with a 66 mm gap and a
    # 1.36 s swing leave about 10 mm to spare in the order A A B B B A B A; a program written
    # from the prompt alone brought the arm back to lane B too late for its last carton
    _cond("tight_lane_b_pair", 906, "lane A 252, lane B 300 mm/s with a 66 mm gap after a 174 mm one; "
          "swing 1.36 s, feed 0.4 s; arm over A",
          speed_A=252.0, speed_B=300.0, carton_A=[267, 278, 289, 341], gap_A=[228, 260, 165],
          carton_B=[251, 271, 301, 280], gap_B=[174, 66, 373], first_A=1.36, first_B=2.69,
          offset_A=66.4, offset_B=126.3, swivel_s=1.36, feed_s=0.4, start_pos=0.0,
          start_count_A=-20857, start_count_B=31786),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges, every parameter drawn on its own (the 50 mm
    least gap and 250 mm least carton leave the pad its cycle on one lane at 300 mm/s); the arm's
    power-up place over A, over B or between with equal chances; the counters near the wrap one
    time in two."""
    params = {}
    for lane in LANES:
        params[f"speed_{lane}"] = round(rng.uniform(150.0, 300.0))
        params[f"carton_{lane}"] = [round(rng.uniform(250.0, 350.0)) for _ in range(CARTONS)]
        params[f"gap_{lane}"] = [round(rng.uniform(50.0, 400.0)) for _ in range(CARTONS - 1)]
        params[f"first_{lane}"] = round(rng.uniform(0.1, 4.0), 2)
        params[f"offset_{lane}"] = round(rng.uniform(20.0, 200.0), 1)
        params[f"start_count_{lane}"] = (rng.randint(30000, 32767) if rng.random() < 0.5
                                         else rng.randint(-32768, 32767))
    params.update(swivel_s=round(rng.uniform(*SWING_RANGE_S), 2), feed_s=round(rng.uniform(*FEED_RANGE_S), 2),
                  start_pos=rng.choice((0.0, 1.0, round(rng.uniform(0.1, 0.9), 2))))
    description = (f"lane A {params['speed_A']:g} mm/s, lane B {params['speed_B']:g} mm/s, "
                   f"swing {params['swivel_s']:g} s")
    return dict(params=params, description=description)


def _io():
    io = []
    for k, lane in enumerate(LANES):
        io += [
            IOPoint(f"%IX0.{k}", f"eye_{lane.lower()}", "BOOL", "input", f"eye_{lane}", "blocked",
                    f"Lane {lane} product-detect photo-eye across the belt {EYE_AT:g} mm from its infeed "
                    f"end: "
                    "TRUE while a carton blocks the beam"),
            IOPoint(f"%IW{4 * k}", f"count_{lane.lower()}", "INT", "input", f"encoder_{lane}", "count",
                    f"Lane {lane} line encoder: {COUNTS_PER_MM:g} counts per mm of belt travel, counting up; "
                    "16-bit: it wraps from 32767 on to -32768", "counts", "-32768..32767"),
            IOPoint(f"%IW{4 * k + 1}", f"edge_count_{lane.lower()}", "INT", "input", f"encoder_{lane}",
                    "edge_count", f"Lane {lane} count latched at the instant the last carton's leading edge "
                    f"reached lane {lane}'s eye (exact, whatever the scan)", "counts", "-32768..32767"),
            IOPoint(f"%IW{4 * k + 2}", f"edges_{lane.lower()}", "INT", "input", f"encoder_{lane}", "edges",
                    f"Leading edges latched on lane {lane} since power-up (up by one at each new carton)",
                    "", "0.."),
            IOPoint(f"%IW{4 * k + 3}", f"offset_{lane.lower()}", "INT", "input", f"offset_{lane}", "value",
                    f"Lane {lane} ordered label offset: from the carton's leading edge back to the label's "
                    "leading edge (constant during the run)", "0.1 mm", "200..2000"),
            IOPoint(f"%IW{8 + k}", f"line_speed_{lane.lower()}", "INT", "input", f"line_{lane}", "value",
                    f"Lane {lane} line speed from the host (constant during the run): the speed the lane "
                    "runs at power-up and should run at", "mm/s", "150..300"),
        ]
    io += [
        IOPoint("%IX0.2", "label_ready", "BOOL", "input", "applicator", "label_ready",
                "TRUE while a label is on the tamp pad and the pad is up"),
        IOPoint("%IX0.3", "armed", "BOOL", "input", "applicator", "armed",
                "TRUE from a rising edge on arm until the applicator fires"),
        IOPoint("%IX0.4", "pad_up", "BOOL", "input", "applicator", "pad_up", "TRUE while the tamp pad is up"),
        IOPoint("%IX0.5", "at_a", "BOOL", "input", "applicator", "at_a",
                "Swivel end switch: TRUE while the arm stands over lane A"),
        IOPoint("%IX0.6", "at_b", "BOOL", "input", "applicator", "at_b",
                "Swivel end switch: TRUE while the arm stands over lane B"),
        IOPoint("%QX0.0", "feed_label", "BOOL", "output", "applicator", "feed",
                "Rising edge: the printer prints the label of the lane print_b names and feeds it onto the "
                "pad (only with the pad up and no label on it or being fed: a rising edge then starts "
                "nothing); label_ready comes on when it is there"),
        IOPoint("%QX0.1", "print_b", "BOOL", "output", "applicator", "print_b",
                "Which lane's label a feed prints: FALSE = lane A's, TRUE = lane B's. Read once, with the "
                "outputs of the scan whose rising edge on feed_label starts the feed (print_b written in "
                "that same scan counts); changed while the label is fed, it changes nothing"),
        IOPoint("%QX0.2", "arm", "BOOL", "output", "applicator", "arm",
                "Rising edge arms the applicator: it fires once, when the count of the lane the arm stands "
                "over reaches fire_count (never while the arm is between the lanes: armed then, it fires on "
                "arrival if the count is reached or past)"),
        IOPoint("%QX0.3", "swivel_b", "BOOL", "output", "applicator", "swivel_b",
                "Where the swivel swings the arm: FALSE = over lane A, TRUE = over lane B (it moves only "
                "with the pad up)"),
        IOPoint("%QW0", "fire_count", "INT", "output", "applicator", "fire_count",
                "The count (of the lane the arm stands over) at which the armed applicator fires, read every "
                "scan; compared as a 16-bit difference, so it may lie past the wrap", "counts",
                "-32768..32767"),
        IOPoint("%QW1", "speed_a", "INT", "output", "lane_A", "speed",
                "Lane A speed set point (ramps at 300 mm/s^2)", "mm/s", "0..600"),
        IOPoint("%QW2", "speed_b", "INT", "output", "lane_B", "speed",
                "Lane B speed set point (ramps at 300 mm/s^2)", "mm/s", "0..600"),
    ]
    # the BOOL inputs first (the debugger plots the first points of the map)
    return tuple(sorted(io, key=lambda q: (q.direction != "input", q.type != "BOOL")))


TASK = Task(
    id="MAT-H09", title="One print-and-apply unit for two lanes", suite="MAT", level="H",
    summary=f"Label {CARTONS} cartons on each of two lanes with one print-and-apply unit on a swivel: each "
            "carton with its own lane's label at its lane's offset, swinging the arm between the lanes and "
            "slowing a lane whose carton the arm cannot reach in time.",
    plant_description=(
        f"Two parallel lanes, A and B, carry cartons ({CARTON_WIDTH:g} mm wide, 250-350 mm long, 50-400 mm "
        "apart) from their infeed ends; each lane runs from power-up at its line speed (150-300 mm/s, given "
        f"on line_speed_a/b) and the PLC sets its speed word (it ramps at {LINE_ACCEL:g} mm/s^2). Each lane "
        f"has a line encoder ({COUNTS_PER_MM:g} counts per mm, 16-bit, wrapping) and a product-detect "
        f"photo-eye "
        f"{EYE_AT:g} mm from its infeed end, wired also to the encoder card's latch, which latches the "
        f"lane's "
        "count at each carton's leading edge. One print-and-apply unit serves both lanes: its tamp pad is on "
        f"a swivel arm that swings it over lane A or over lane B, {PAD_AT:g} mm from the infeed ends "
        f"({PAD_AT - EYE_AT:g} mm downstream of the eyes); a swing between the lanes takes "
        f"{SWING_RANGE_S[0]:g}-{SWING_MAX_S:g} s (it "
        "differs from run to run) and is made only with the pad up; end switches at_a / at_b tell where the "
        "arm stands; at power-up it may stand over either lane or between them. The printer prints the label "
        f"of the lane print_b names and feeds it onto the pad ({FEED_RANGE_S[0]:g}-{FEED_MAX_S:g} s); no "
        "label is on the pad at power-up. "
        "The applicator fires at a count of the encoder of the lane the arm stands over; the pad then takes "
        f"{TAMP_S * 1000:g} ms to come down onto the carton (the carton travels on meanwhile), puts the "
        f"label "
        f"({LABEL_MM:g} mm long along the belt) where it touches, and takes {RETURN_S * 1000:g} ms to come "
        "back up. Cartons leave the belt ends onto run-outs. The cartons of the two lanes come "
        "independently: "
        "both lanes' cartons may reach the pad close together."),
    specification=(
        "1. Each carton gets exactly one label: its own lane's label (print_b FALSE for lane A, TRUE for "
        "lane "
        "B in the scan of the rising edge on feed_label that starts its feed), its leading edge within "
        f"{TOLERANCE_MM:g} mm of its lane's ordered offset behind the carton's leading edge. The label's "
        f"centre is under the pad {PAD_AT - EYE_AT:g} mm downstream of the eye, so the carton must have "
        f"travelled {PAD_AT - EYE_AT:g} mm + offset + {LABEL_MM / 2:g} mm from its latched count when the "
        f"pad "
        f"touches, {TAMP_S * 1000:g} ms after firing: write fire_count for the lane the arm stands over, arm "
        "with the right label on the pad and the arm over that lane, and correct fire_count every scan while "
        "armed for the lane's speed then.\n"
        "2. The two lanes are two jobs sharing the applicator: swing the arm to the lane whose carton must "
        "be labelled next. The carton that reaches the pad first is not always the one that passed its eye "
        "first (the lanes run at different speeds). A carton of either lane that runs past the pad "
        "unlabelled or wrongly "
        "labelled ends the run there (that lane's job has failed).\n"
        "3. When a carton of one lane would reach the pad before the applicator can be over that lane "
        "with its "
        "label (the other lane's carton being labelled first, the swing, the label feed), slow that lane so "
        "that its carton arrives later, and only then: keep each lane at its line speed otherwise and bring "
        "it back to it afterwards (rule MAT-H09-S4 says exactly when a lane may run slowed). "
        f"Never run a lane below {MIN_SPEED * 100:g}% of its line speed.\n"
        "4. The pad never tamps onto the bare belt or over a carton's edge, and never puts one lane's "
        "label on "
        "the other lane's carton.\n"
        f"5. After the last carton of both lanes ({CARTONS} each), leave the applicator at rest: pad up, not "
        "armed.\n"
        "The line speeds, the cartons' lengths and gaps, when each lane's cartons start, the offsets, the "
        "swing and feed times and where the arm stands at power-up differ from run to run."),
    io=_io(),
    completion=Completion(
        f"Each of the {CARTONS} cartons of lane A and the {CARTONS} of lane B carries exactly one label, "
        f"its own "
        f"lane's, wholly on the carton, its leading edge within {TOLERANCE_MM:g} mm of the lane's offset "
        f"behind "
        "the carton's leading edge (each lane judged on its own: a carton run past the pad unlabelled or "
        f"wrongly labelled ends the run); then the applicator stays at rest (pad up, not armed) for "
        f"{HOLD_S:g} s.",
        lambda: MissEndsTheRun(_BothLanes()),
        keep=_at_rest,
        keep_wording="the applicator at rest: pad up, not armed."),
    safety_rules=(
        SafetyRule("MAT-H09-S1", "The pad must never put one lane's label on the other lane's carton.",
                   _OwnLabel()),
        SafetyRule("MAT-H09-S2", "The pad must only tamp onto a carton, with the whole label on it (never "
                   "onto "
                   "the bare belt or over a carton's edge).", _OverCarton()),
        SafetyRule("MAT-H09-S3", f"No lane may run below {MIN_SPEED * 100:g}% of its line speed.",
                   _LaneSpeed()),
        SafetyRule("MAT-H09-S4", S4_WORDING, _SlowedOnlyWhenNeeded()),
    ),
    parameters=(
        ParameterRange("line_speed", 150.0, 300.0, "mm/s", "each lane's line speed", keys=("speed_A",
                                                                                           "speed_B")),
        ParameterRange("carton_mm", 250.0, 350.0, "mm", "carton lengths along the belt",
                       keys=("carton_A", "carton_B")),
        ParameterRange("gap_mm", 50.0, 400.0, "mm", "gaps between cartons of a lane", keys=("gap_A",
                                                                                             "gap_B")),
        ParameterRange("first_s", 0.1, 4.0, "s", "when a lane's first carton is put on the belt",
                       keys=("first_A", "first_B")),
        ParameterRange("offset_mm", 20.0, 200.0, "mm", "each lane's ordered label offset",
                       keys=("offset_A", "offset_B")),
        ParameterRange("swivel_s", *SWING_RANGE_S, "s", "the arm's swing between the lanes"),
        ParameterRange("feed_s", *FEED_RANGE_S, "s", "time to print and feed a label onto the pad"),
        ParameterRange("start_pos", 0.0, 1.0, "", "where the arm stands at power-up (0 over A, 1 over B)"),
        ParameterRange("start_count", -32768, 32767, "counts", "each encoder's count at power-up",
                       keys=("start_count_A", "start_count_B")),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    judged_devices=_Jobs,
)
