"""MOT-M02 Gantry moves around a keep-out zone.

A two-axis gantry (sim.devices.gantry.Gantry: X and Y servo axes, the tool on a pneumatic Z
cylinder that extends downward) works six points in the order a job table lists them
(sim.devices.point_table.PointTable): at each point the tool goes down, stays down at least
0.5 s, comes up; then the gantry goes on to the next point, and after the sixth to park. A
keep-out box stands on the table (a clamp, a probe, an operator's reach zone): the tool must
never come within 20 mm of it, so a leg whose way is blocked goes around it. X and Y are
independent drives at different speeds (2-4x apart): a joint move (both started together) does
not follow the straight line but runs mostly along the axis that finishes first, inside the
rectangle spanned by its start and end points. Each leg must take at most 1.5x the shortest
legal time (the judge's: the fastest route of joint moves whose rectangles clear the zone, via
its corners) plus 0.3 s, so a program that always goes the long way round is late; one that
takes a joint move for a straight line cuts the zone where the straight line clears it.

Changes from the catalog entry, and why:
- The keep-out box is the gantry's own configuration words (keep_out_x0 ...), the points are a
  PointTable of words (whole mm), and the drives' speeds and accelerations are words too (drive
  parameters read over the fieldbus): a program must plan routes by time, and without them the
  fastest route could only be guessed.
- "Z down 0.5 s" is two-sided: fully down for at least 0.5 s, and Z must leave the down
  position within 1.0 s of reaching it; Z must set off down within 0.4 s of the gantry coming
  to rest at the point, and X/Y must set off within 0.3 s of Z fully up: without these a program
  waiting the slowest Z time (0.9 s) at every stroke passes.
- S3 "Z down only in position" is judged as: once Z has been fully up, it leaves the up
  position only with X and Y at rest within 0.5 mm of one of the six points.
- The leg judge is written for this task (LegTimes): the legal route may lead away from the
  next point, so progress toward it is not monotone and judges.progress_within does not fit.
- Three registered conditions each hold a leg whose straight line clears the box by 30-42 mm
  while its joint move cuts it: without them a program that takes a joint move for a straight
  line (counterexamples/straight_line_check.st, the catalog's trap) earned 1.
"""

from __future__ import annotations

import heapq
import math
import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.gantry import Gantry
from sim.devices.pneumatics import Cylinder
from sim.devices.point_table import PointTable
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import HeldStillUnless, axis_io, log_uniform

N_POINTS = 6
MARGIN_MM = 20.0
STROKE = {"x": (0.0, 600.0), "y": (0.0, 400.0)}
LIMITS = {"x": (-10.0, 610.0), "y": (-10.0, 410.0)}
PARK = (0.0, 0.0)
Z_STROKE_MM = 50.0
WINDOW_MM = 0.5
DWELL_S = 0.5             # Z fully down at least this long at a point
DWELL_MAX_S = 1.0         # ... and leaving the down position within this of reaching it
Z_DOWN_WITHIN_S = 0.4     # Z sets off down within this of the gantry at rest at the point
Z_SET_OFF_MM = 5.0
XY_WITHIN_S = 0.3         # X/Y set off within this of Z fully up
XY_SET_OFF_MM = 0.5
LEG_FACTOR = 1.5
LEG_ALLOWANCE_S = 0.3
STILL_MM = 0.05
HOLD_S = 2.0
ORIGIN = (150.0, 150.0)


# --- routes: the judge's shortest legal time -------------------------------------------------

def move_time(d: float, v: float, a: float) -> float:
    """Time of a trapezoidal (or triangular) move of d mm at speed v and acceleration a."""
    d = abs(d)
    if d <= 1e-9:
        return 0.0
    return d / v + v / a if d >= v * v / a else 2.0 * math.sqrt(d / a)


def _inflated(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 - MARGIN_MM, y0 - MARGIN_MM, x1 + MARGIN_MM, y1 + MARGIN_MM)


def rectangle_clear(p, q, box) -> bool:
    """The rectangle spanned by p and q does not reach into the zone (the box + margin, square)."""
    X0, Y0, X1, Y1 = _inflated(box)
    eps = 1e-6
    return (max(p[0], q[0]) <= X0 + eps or min(p[0], q[0]) >= X1 - eps
            or max(p[1], q[1]) <= Y0 + eps or min(p[1], q[1]) >= Y1 - eps)


def shortest_legal_time(p, q, box, params) -> float:
    """The fastest route from p to q of joint moves (each rectangle clear of the zone) through the
    zone's four corners, each move costing its slower axis's time plus the drives' response."""
    X0, Y0, X1, Y1 = _inflated(box)
    nodes = [tuple(p), tuple(q), (X0, Y0), (X1, Y0), (X0, Y1), (X1, Y1)]
    r = params["response_s"]

    def cost(a, b):
        return max(move_time(b[0] - a[0], params["x_speed"], params["x_accel"]),
                   move_time(b[1] - a[1], params["y_speed"], params["y_accel"])) + r

    best = {0: 0.0}
    todo = [(0.0, 0)]
    while todo:
        t, i = heapq.heappop(todo)
        if i == 1:
            return t
        if t > best.get(i, math.inf):
            continue
        for j in range(len(nodes)):
            if j != i and rectangle_clear(nodes[i], nodes[j], box):
                tj = t + cost(nodes[i], nodes[j])
                if tj < best.get(j, math.inf) - 1e-12:
                    best[j] = tj
                    heapq.heappush(todo, (tj, j))
    return math.inf


# --- plant -----------------------------------------------------------------------------------

def _box(p) -> tuple[float, float, float, float]:
    return (p["box_x0"], p["box_y0"], p["box_x1"], p["box_y1"])


def _points(p) -> list[tuple[float, float]]:
    return [(p[f"p{i}_x"], p[f"p{i}_y"]) for i in range(1, N_POINTS + 1)]


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for a, angle, rail in (("x", 0.0, (-20.0, 630.0)), ("y", 90.0, (-20.0, 430.0))):
        lo, hi = LIMITS[a]
        plant.add(Axis(a, origin=ORIGIN, angle_deg=angle, limit_minus_mm=lo, limit_plus_mm=hi,
                       rail_min_mm=rail[0], rail_max_mm=rail[1], home_mm=PARK[0 if a == "x" else 1],
                       start_mm=p[f"{a}_start_mm"], max_speed=p[f"{a}_speed"], accel=p[f"{a}_accel"],
                       window_mm=WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
                       carriage_length_mm=50.0, carriage_width_mm=60.0, rail_width_mm=30.0,
                       label="X carriage" if a == "x" else "Y bridge"))
    plant.add(Cylinder("z", 900.0, 330.0, angle_deg=-90.0, stroke=Z_STROKE_MM, extend_s=p["z_s"],
                       retract_s=p["z_s"], plate_width=30.0, start_extended=bool(p.get("z_down_at_start"))))
    plant.add(Gantry("gantry", x="x", y="y", z="z", origin=ORIGIN, bridge_mm=440.0, keep_out=_box(p),
                     margin_mm=MARGIN_MM, label="gantry"))
    plant.add(PointTable("job", _points(p), origin=ORIGIN, label="job points"))
    for n, (name, value, unit) in enumerate((("x_speed_word", p["x_speed"], "mm/s"),
                                             ("y_speed_word", p["y_speed"], "mm/s"),
                                             ("x_accel_word", p["x_accel"], "mm/s^2"),
                                             ("y_accel_word", p["y_accel"], "mm/s^2"))):
        plant.add(ValueWord(name, int(round(value)), position=(1000.0, 560.0 - 60.0 * n),
                            label=name.replace("_word", "").replace("_", " "), units=unit))
    return plant


class Devices:
    def __init__(self, plant):
        self.x = plant.device("x", Axis)
        self.y = plant.device("y", Axis)
        self.z = plant.device("z", Cylinder)
        self.gantry = plant.device("gantry", Gantry)
        self.job = plant.device("job", PointTable)


# --- judges ----------------------------------------------------------------------------------

def _z_up(s) -> bool:
    return s.devices.z.position <= 0.0


def _z_down(s) -> bool:
    z = s.devices.z
    return z.position >= z.stroke


def _at_rest_at(s, point) -> bool:
    d = s.devices
    return (d.x.vel == 0.0 and d.y.vel == 0.0 and abs(d.x.pos - point[0]) <= WINDOW_MM
            and abs(d.y.pos - point[1]) <= WINDOW_MM)


def _at_a_point(s) -> bool:
    return any(_at_rest_at(s, q) for q in _points(s.params))


def _worked(i: int):
    def at(s) -> bool:
        return _z_down(s) and _at_rest_at(s, _points(s.params)[i - 1])
    return judges.held(f"point {i} worked (Z down there for {DWELL_S:g} s)", at, DWELL_S)


class LegTimes(judges.Judge):
    """The job's sequence in time: from Z fully up (at power-up or after a point) X/Y set off
    within XY_WITHIN_S and come to rest at the next point (after the sixth: park) within
    LEG_FACTOR x the shortest legal time + LEG_ALLOWANCE_S; there Z sets off down within
    Z_DOWN_WITHIN_S, stays fully down at least DWELL_S and leaves within DWELL_MAX_S of reaching
    the bottom. Written for this task: the legal route may lead away from the next point, so the
    distance to it is no measure of progress (judges.progress_within needs one that shrinks). It
    also marks worked points on the job table, so the drawing shows what the grader counts. Done
    when the gantry comes to rest at park; a miss fails it, which ends the run."""

    name = "every leg on time, and park reached"

    def __init__(self):
        super().__init__()
        self.next = 0                 # index of the next point; N_POINTS = park
        self.phase = "wait_up"
        self.since_ms = 0
        self.from_xy = (0.0, 0.0)
        self.deadline_ms = 0
        self.set_off = False
        self.down_since: int | None = None

    def _target(self, s):
        return PARK if self.next >= N_POINTS else _points(s.params)[self.next]

    def update(self, s):
        if self.done or self.failed:
            return self.done
        self.failed = self._check(s)
        if self.phase == "parked" and not self.failed:
            return self._finish(s)
        return False

    def pending(self):
        if self.done:
            return ""
        if self.failed:
            return self.failed
        name = "park" if self.next >= N_POINTS else f"point {self.next + 1}"
        return {"wait_up": f"the tool fully up before the leg to {name}",
                "leg": f"the gantry at rest at {name}", "work": f"{name} worked"}.get(self.phase, "")

    def _check(self, s):
        d, t = s.devices, s.time_ms
        name = "park" if self.next >= N_POINTS else f"point {self.next + 1}"
        if self.phase == "wait_up":
            if _z_up(s):
                target = self._target(s)
                self.from_xy = (d.x.pos, d.y.pos)
                best = shortest_legal_time(self.from_xy, target, _box(s.params), s.params)
                self.since_ms, self.set_off = t, False
                self.deadline_ms = t + round((LEG_FACTOR * best + LEG_ALLOWANCE_S) * 1000)
                self.best = best
                self.phase = "leg"
            return None
        if self.phase == "leg":
            target = self._target(s)
            if not self.set_off:
                moved = max(abs(d.x.pos - self.from_xy[0]), abs(d.y.pos - self.from_xy[1]))
                self.set_off = moved >= XY_SET_OFF_MM or _at_rest_at(s, target)
                if not self.set_off and t - self.since_ms > XY_WITHIN_S * 1000:
                    return (f"Z was fully up at {self.since_ms / 1000:g} s but X/Y had not set off toward "
                            f"{name} "
                            f"{XY_WITHIN_S:g} s later")
            if _at_rest_at(s, target):
                if self.next >= N_POINTS:
                    self.phase = "parked"
                    return None
                self.phase, self.since_ms, self.down_since = "work", t, None
                return None
            if t > self.deadline_ms:
                return (f"the leg to {name} from {self.since_ms / 1000:g} s took longer than "
                        f"{LEG_FACTOR:g} x its shortest legal time ({self.best:.2f} s) + {LEG_ALLOWANCE_S:g} "
                        "s")
            return None
        if self.phase == "work":
            z = d.z
            late = t - self.since_ms > Z_DOWN_WITHIN_S * 1000
            if self.down_since is None and z.position < Z_SET_OFF_MM and late:
                return (f"the gantry stood at {name} from {self.since_ms / 1000:g} s but Z had not gone "
                        f"{Z_SET_OFF_MM:g} mm down {Z_DOWN_WITHIN_S:g} s later")
            if self.down_since is None and _z_down(s):
                self.down_since = t
            if self.down_since is not None:
                if _z_down(s):
                    if t - self.down_since > DWELL_MAX_S * 1000:
                        return (f"Z reached the bottom at {name} at {self.down_since / 1000:g} s but had not "
                                f"left it {DWELL_MAX_S:g} s later")
                elif t - self.down_since >= DWELL_S * 1000:
                    d.job.mark_worked(self.next + 1)
                    self.next += 1
                    self.phase = "wait_up"
                else:
                    return f"Z left the bottom at {name} before it had been down {DWELL_S:g} s"
            return None
        return None


def _completion():
    return judges.all_of(
        judges.in_order(
            *(_worked(i) for i in range(1, N_POINTS + 1)),
            judges.held("the gantry at rest at park with Z up", _parked, HOLD_S)),
        LegTimes())


def _parked(s) -> bool:
    return _at_rest_at(s, PARK) and _z_up(s) and not s.devices.z.extend_coil


def _end_state_kept(s) -> bool:
    d = s.devices
    return _parked(s) and d.x.enabled and d.y.enabled and not d.x.fault and not d.y.fault


# --- safety ----------------------------------------------------------------------------------

def _segment_box_distance(p, q, box) -> float:
    """Least distance from the segment p-q to the box (0 if it crosses the box)."""
    x0, y0, x1, y1 = box

    def point_d(x, y):
        return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))

    # crossing: Liang-Barsky clip of the segment against the box
    dx, dy = q[0] - p[0], q[1] - p[1]
    lo, hi = 0.0, 1.0
    crosses = True
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if abs(pk) < 1e-12:
            if qk < 0:
                crosses = False
                break
        else:
            r = qk / pk
            if pk < 0:
                lo = max(lo, r)
            else:
                hi = min(hi, r)
    if crosses and lo <= hi:
        return 0.0
    best = min(point_d(*p), point_d(*q))
    seg2 = dx * dx + dy * dy
    if seg2 > 0:
        for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            u = max(0.0, min(1.0, ((cx - p[0]) * dx + (cy - p[1]) * dy) / seg2))
            best = min(best, point_d(p[0] + u * dx, p[1] + u * dy))
    return best


class KeepOut(judges.Monitor):
    """S1: the tool never within MARGIN_MM of the box, judged on the straight piece it travelled
    in each scan (not only where it stood at scan boundaries)."""

    def __init__(self):
        self.last: tuple[float, float] | None = None

    def check(self, s):
        d = s.devices
        here = (d.x.pos, d.y.pos)
        last = self.last if self.last is not None else (s.params["x_start_mm"], s.params["y_start_mm"])
        self.last = here
        box = _box(s.params)
        x0, y0, x1, y1 = box
        # every point of this scan's piece lies within its length of here: far enough, no more to do
        near = math.hypot(max(x0 - here[0], 0.0, here[0] - x1), max(y0 - here[1], 0.0, here[1] - y1))
        if near - abs(here[0] - last[0]) - abs(here[1] - last[1]) >= MARGIN_MM:
            return None
        gap = _segment_box_distance(last, here, box)
        if gap < MARGIN_MM - 1e-6:
            return (f"the tool came {gap:.1f} mm from the keep-out box (at X {here[0]:.1f}, "
                    f"Y {here[1]:.1f} mm)")
        return None


class ZDownOnlyInPosition(judges.Monitor):
    """S3: once Z has been fully up, it goes down (its rod extends) only with X and Y at rest at
    one of the points. Z rising again while X/Y move is S2's business, not this rule's."""

    def __init__(self):
        self.was_up = False
        self.last = 0.0

    def check(self, s):
        z = s.devices.z
        going_down, self.last = z.position > self.last + 1e-9, z.position
        if z.position <= 0.0:
            self.was_up = True
            return None
        if self.was_up and going_down and not _at_a_point(s):
            d = s.devices
            return (f"Z went down ({z.position:.1f} mm) with the gantry at X {d.x.pos:.1f}, Y {d.y.pos:.1f} "
                    "mm"
                    + (", moving" if d.x.vel or d.y.vel else ", not at a point"))
        return None


def _xy_still_unless_z_up():
    return HeldStillUnless(
        _z_up, {"X": lambda s: s.devices.x.pos, "Y": lambda s: s.devices.y.pos},
        {"X": lambda s: s.params["x_start_mm"], "Y": lambda s: s.params["y_start_mm"]}, STILL_MM,
        why=lambda s: f"Z {s.devices.z.position:.1f} mm down")


def _limit(s):
    for ax in (s.devices.x, s.devices.y):
        if ax.hit_limit or ax.at_limit:
            return f"the {ax.label} reached a limit switch at {ax.pos:.1f} mm"
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, box, points, start, **params):
    for i, (x, y) in enumerate(points, 1):
        params[f"p{i}_x"], params[f"p{i}_y"] = x, y
    params.update(box_x0=box[0], box_y0=box[1], box_x1=box[2], box_y1=box[3], x_start_mm=start[0],
                  y_start_mm=start[1])
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("box_in_the_middle", 201, "a box in the middle of the table, X 4x faster than Y; the first leg's "
          "straight line clears the box by 42 mm, its joint move does not",
          (240, 140, 360, 260), ((300, 380), (540, 330), (80, 330), (520, 80), (100, 60), (300, 40)),
          (20.0, 100.0), x_speed=400.0, y_speed=100.0, x_accel=1500.0, y_accel=800.0, z_s=0.3, settle_s=0.05,
          response_s=0.02),
    _cond("wall_across", 202, "a long narrow box across the table, Y 3x faster than X, Z down at power-up",
          (270, 40, 330, 330), ((120, 200), (480, 200), (470, 60), (130, 370), (560, 380), (60, 20)),
          (200.0, 100.0), x_speed=90.0, y_speed=270.0, x_accel=600.0, y_accel=1800.0, z_s=0.6, settle_s=0.1,
          response_s=0.05, z_down_at_start=1),
    _cond("box_low_right", 203, "a box low on the right, slow Z, Y 2x faster than X, Z down at power-up; "
          "the leg from point 4 to 5 clears it only on the straight line",
          (400, 60, 540, 160), ((300, 100), (580, 220), (460, 30), (500, 260), (180, 60), (200, 380)),
          (560.0, 300.0), x_speed=150.0, y_speed=300.0, x_accel=900.0, y_accel=500.0, z_s=0.9, settle_s=0.25,
          response_s=0.1, z_down_at_start=1),
    _cond("middle_quick_z", 204, "the middle box again, quick Z, X 2x faster than Y, Z down at power-up; "
          "the leg from point 3 to 4 clears it only on the straight line",
          (240, 140, 360, 260), ((560, 200), (60, 200), (180, 220), (260, 380), (40, 380), (560, 40)),
          (120.0, 360.0), x_speed=300.0, y_speed=150.0, x_accel=2000.0, y_accel=2000.0, z_s=0.2,
          settle_s=0.03,
          response_s=0.0, z_down_at_start=1),
    _cond("wall_soft_drives", 205, "the wall again, soft drives, X 2.5x faster than Y",
          (270, 40, 330, 330), ((480, 350), (100, 100), (560, 20), (40, 380), (380, 200), (200, 200)),
          (30.0, 380.0), x_speed=250.0, y_speed=100.0, x_accel=500.0, y_accel=500.0, z_s=0.45, settle_s=0.2,
          response_s=0.08),
)


def _clear_of(box, x, y, extra=10.0) -> bool:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1)) >= MARGIN_MM + extra


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The box is drawn first (size, then place, so it
    stays on the table and clear of park); the points and the start position are then drawn
    jointly with it: anywhere on the stroke at least 30 mm from the box, consecutive points at
    least 60 mm apart. One axis is the fast one (200-400 mm/s), the other 2-4x slower; the
    accelerations are log-uniform; Z starts down one time in two."""
    w, h = rng.uniform(60.0, 220.0), rng.uniform(60.0, 290.0)
    x0, y0 = rng.uniform(80.0, 540.0 - w), rng.uniform(40.0, 340.0 - h)
    box = (round(x0), round(y0), round(x0 + w), round(y0 + h))

    def free_point(after=None):
        while True:
            x, y = round(rng.uniform(20.0, 580.0)), round(rng.uniform(20.0, 380.0))
            if _clear_of(box, x, y) and (after is None or math.hypot(x - after[0], y - after[1]) >= 60.0):
                return (x, y)

    points = [free_point()]
    while len(points) < N_POINTS:
        points.append(free_point(points[-1]))
    start = free_point()
    fast, ratio = log_uniform(rng, 200.0, 400.0), rng.uniform(2.0, 4.0)
    x_fast = rng.random() < 0.5
    params = dict(x_speed=round(fast if x_fast else fast / ratio, 1),
                  y_speed=round(fast / ratio if x_fast else fast, 1),
                  x_accel=round(log_uniform(rng, 500.0, 2000.0), 1),
                  y_accel=round(log_uniform(rng, 500.0, 2000.0), 1),
                  z_s=round(rng.uniform(0.2, 0.9), 2), settle_s=round(rng.uniform(0.03, 0.25), 3),
                  response_s=round(rng.uniform(0.0, 0.1), 3), z_down_at_start=int(rng.random() < 0.5))
    cond = _cond("sampled", 0, "", box, points, (float(start[0]), float(start[1])), **params)
    description = (f"box {box}, X {params['x_speed']:g} / Y {params['y_speed']:g} mm/s, Z {params['z_s']:g} s"
                   + (", Z down at power-up" if params["z_down_at_start"] else ""))
    return dict(params=cond.params, description=description)


# --- I/O -------------------------------------------------------------------------------------

def _axis_points(a: str, byte_in: int, word_in: int, byte_out: int, word_out: int) -> tuple[IOPoint, ...]:
    lo, hi = LIMITS[a]
    what = "X carriage" if a == "x" else "Y bridge"
    b, o = f"%IX{byte_in}", f"%QX{byte_out}"
    named = axis_io(a, (f"{b}.0", "drive_ready"), (f"{b}.1", "in_position"), (f"{b}.2", "standstill"),
                   (f"{b}.3", "busy"), (f"{b}.4", "drive_fault"), (f"{b}.5", "limit_minus"),
                   (f"{b}.6", "limit_plus"), (f"{o}.0", "drive_enable"), (f"{o}.2", "reset_fault"),
                   window_mm=WINDOW_MM, limit_minus_mm=lo, limit_plus_mm=hi, what=what, prefix=f"{a}_")
    A = a.upper()
    return named[:7] + (
        IOPoint(f"%IW{word_in}", f"{a}_actual_position", "INT", "input", a, "position",
                f"Actual {A} position", "0.1 mm", f"{round(lo * 10)}..{round(hi * 10)}"),
        named[7],
        IOPoint(f"{o}.1", f"{a}_start_move", "BOOL", "output", a, "start",
                f"Rising edge starts a move of {A} to {a}_target_position (ignored while disabled or "
                "faulted)"),
        named[8],
        IOPoint(f"%QW{word_out}", f"{a}_target_position", "INT", "output", a, "target",
                f"Target of {A}'s next move, taken at the start_move edge", "0.1 mm", "0..6000"),
        IOPoint(f"%QW{word_out + 1}", f"{a}_move_speed", "INT", "output", a, "speed",
                "Speed of moves; 0 = the drive's configured speed (x_speed / y_speed); above it is clamped",
                "mm/s", "0..1000"),
    )


def _job_words() -> tuple[IOPoint, ...]:
    out = []
    for k, c in enumerate(("x0", "y0", "x1", "y1")):
        side = {"x0": "left (least X)", "y0": "front (least Y)", "x1": "right (greatest X)",
                "y1": "back (greatest Y)"}[c]
        out.append(IOPoint(f"%IW{2 + k}", f"keep_out_{c}", "INT", "input", "gantry", f"keep_out_{c}",
                           f"Keep-out box: its {side} side", "mm", "0..600"))
    for i in range(1, N_POINTS + 1):
        for k, c in enumerate("xy"):
            out.append(IOPoint(f"%IW{6 + 2 * (i - 1) + k}", f"p{i}_{c}", "INT", "input", "job", f"{c}{i}",
                               f"Work point {i}: its {c.upper()} coordinate", "mm", "0..600"))
    for k, (name, meaning, unit) in enumerate((
            ("x_speed", "X drive's configured (maximum) speed", "mm/s"),
            ("y_speed", "Y drive's configured (maximum) speed", "mm/s"),
            ("x_accel", "X drive's acceleration and deceleration", "mm/s^2"),
            ("y_accel", "Y drive's acceleration and deceleration", "mm/s^2"))):
        out.append(IOPoint(f"%IW{18 + k}", name, "INT", "input", f"{name}_word", "value", meaning, unit,
                           "0..5000"))
    return tuple(out)


IO = (
    *_axis_points("x", 0, 0, 0, 0),
    *_axis_points("y", 1, 1, 1, 2),
    IOPoint("%IX2.0", "z_up", "BOOL", "input", "z", "retracted", "Z cylinder end switch: TRUE only when the "
            "tool is fully up"),
    IOPoint("%IX2.1", "z_down", "BOOL", "input", "z", "extended", "Z cylinder end switch: TRUE only when the "
            "tool is fully down"),
    *_job_words(),
    IOPoint("%QX2.0", "z_lower", "BOOL", "output", "z", "extend",
            "Z valve (single solenoid): TRUE drives the tool down; FALSE the spring brings it back up"),
)

_ZONE = f"the keep-out box (keep_out_x0..keep_out_y1) grown by {MARGIN_MM:g} mm on every side"

TASK = Task(
    id="MOT-M02", title="Gantry moves around a keep-out zone", suite="MOT", level="M",
    summary="Work six points in order with a two-axis gantry and a pneumatic Z, routing every leg clear of a "
            "keep-out box by the fastest legal route, then park.",
    plant_description=(
        "A gantry over a table, seen from above: an X carriage (0..600 mm) and a Y bridge riding on it "
        "(0..400 mm), each a servo drive with an absolute encoder, and a pneumatic Z cylinder carrying the "
        f"tool, its rod extending downward (stroke {Z_STROKE_MM:g} mm; single solenoid: the spring brings it "
        "up), with end switches fully up and fully down. The two drives have different speeds (one is 2 to 4 "
        "times faster than the other) and accelerations; their configured values are readable as words. A "
        "move runs a trapezoidal profile on each axis on its own: when X and Y are started together, the "
        "axis "
        "with the shorter move arrives first, so the tool does NOT travel the straight line between start "
        "and "
        "end but runs mostly along that axis first; it always stays inside the rectangle spanned by the "
        "move's start and end points. A keep-out box stands on the table (its sides as words); the tool must "
        f"stay at least {MARGIN_MM:g} mm away from it at any height. A job table gives six work points (X, Y "
        f"in mm), each at least {MARGIN_MM + 10:g} mm from the box. Park is X 0 mm, Y 0 mm. At power-up the "
        "drives are off, the gantry stands anywhere clear of the box, the tool possibly down."),
    specification=(
        "1. Enable both drives. Never move X or Y unless the tool is fully up (z_up); if it is down at "
        "power-up, bring it up first.\n"
        f"2. Work the six points in the table's order: bring the gantry to rest at the point (within "
        f"{WINDOW_MM:g} mm on each axis), lower the tool, keep it fully down for at least {DWELL_S:g} s and "
        f"bring it up again. Z must have gone {Z_SET_OFF_MM:g} mm down within {Z_DOWN_WITHIN_S:g} s of the "
        f"gantry coming to rest at the point, and must leave the bottom within {DWELL_MAX_S:g} s of reaching "
        "it. Lower the tool only with X and Y at rest at a point.\n"
        f"3. Within {XY_WITHIN_S:g} s of the tool fully up (at power-up, and after each point) X or Y must "
        "have "
        f"moved {XY_SET_OFF_MM:g} mm, setting off on the leg to the next point (after the sixth: to park).\n"
        f"4. Route every leg clear of {_ZONE}, and fast: a leg (from the tool fully up to the gantry at rest "
        f"at the next point or park) may take at most {LEG_FACTOR:g} times its shortest legal time plus "
        f"{LEG_ALLOWANCE_S:g} s. The shortest legal time is that of the fastest route made of moves that "
        "start "
        "X and Y together, each move's rectangle (spanned by its start and end points) clear of that grown "
        "box, going through the grown box's corners where needed; a move takes its slower axis's "
        "trapezoidal time (d/v + v/a, or 2*sqrt(d/a) when the axis cannot reach full speed) plus the drives' "
        "response time (up to 0.1 s).\n"
        "5. After the sixth point, go to park and keep the gantry there at rest with the tool up and "
        "z_lower off, both drives enabled.\n"
        "The box, the points, the drives' speeds, accelerations, settle and response times and the Z "
        "cylinder's travel time differ from run to run: read the words and the switches."),
    io=IO,
    completion=Completion(
        f"The six points are worked in order (each: the gantry at rest within {WINDOW_MM:g} mm of it with "
        "the "
        f"tool fully down for {DWELL_S:g} s); then the gantry stands at rest at park with the tool up for "
        f"{HOLD_S:g} s. On the way: X/Y set off {XY_SET_OFF_MM:g} mm within {XY_WITHIN_S:g} s of the tool "
        f"fully up; each leg reaches its point (or park) within {LEG_FACTOR:g} x its shortest legal time + "
        f"{LEG_ALLOWANCE_S:g} s; Z goes {Z_SET_OFF_MM:g} mm down within {Z_DOWN_WITHIN_S:g} s of the gantry "
        f"at rest at the point and leaves the bottom within {DWELL_MAX_S:g} s of reaching it.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the gantry at rest at park, tool fully up with z_lower off, both drives enabled with "
                     "no "
                     "fault."),
    safety_rules=(
        SafetyRule("MOT-M02-S1", f"The tool must never come within {MARGIN_MM:g} mm of the keep-out box "
                   "(judged along the path it travels in each scan).", KeepOut()),
        SafetyRule("MOT-M02-S2", f"X and Y must stand still (no more than {STILL_MM:g} mm of travel) "
                   "whenever "
                   "the tool is not fully up.", _xy_still_unless_z_up()),
        SafetyRule("MOT-M02-S3", "Once the tool has been fully up, it may go down only while X and Y are at "
                   f"rest within {WINDOW_MM:g} mm of one of the six points.", ZDownOnlyInPosition()),
        SafetyRule("MOT-M02-S4", "Neither axis may reach a limit switch.",
                   judges.never(lambda s: _limit(s) is not None, _limit)),
    ),
    parameters=(
        ParameterRange("box_x0", 80.0, 480.0, "mm", "keep-out box: left side"),
        ParameterRange("box_x1", 140.0, 540.0, "mm", "keep-out box: right side (60-220 mm wide)"),
        ParameterRange("box_y0", 40.0, 280.0, "mm", "keep-out box: front side"),
        ParameterRange("box_y1", 100.0, 340.0, "mm", "keep-out box: back side (60-290 mm deep)"),
        ParameterRange("point_x", 20.0, 580.0, "mm", "work points: X",
                       keys=tuple(f"p{i}_x" for i in range(1, N_POINTS + 1))),
        ParameterRange("point_y", 20.0, 380.0, "mm", "work points: Y",
                       keys=tuple(f"p{i}_y" for i in range(1, N_POINTS + 1))),
        ParameterRange("start_mm", 20.0, 580.0, "mm", "where the gantry stands at power-up (X, Y; clear of "
                       "the box)",
                       keys=("x_start_mm", "y_start_mm")),
        ParameterRange("speed", 50.0, 400.0, "mm/s", "drives' speeds (one 2-4x the other)",
                       keys=("x_speed", "y_speed")),
        ParameterRange("accel", 500.0, 2000.0, "mm/s^2", "drives' accelerations",
                       keys=("x_accel", "y_accel")),
        ParameterRange("z_s", 0.2, 0.9, "s", "Z cylinder's travel time, down or up"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before a drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("z_down_at_start", 0, 1, "", "1 = the tool is down at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=60.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"z_down_at_start": 0},
)
