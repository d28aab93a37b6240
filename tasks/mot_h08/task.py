"""MOT-H08 Pendulum machining with two load zones.

One gantry (sim.devices.gantry.Gantry: X and Y servo drives, the drill on a pneumatic Z cylinder
extending downward) machines parts in two fixtures, zone A on the left and zone B on the right;
while it drills the part in one zone the operator unloads and reloads the other behind that
zone's light curtain (sim.devices.light_curtain.LightCurtain), then presses the zone's Ready.
Each fixture has a clamp (a library Cylinder) and a part sensor; the zone's part, its four work
points and its operator are the new device sim.devices.pendulum_zone.PendulumZone. Three parts
per zone, drilled point by point in order, in the order their Ready came. Someone may reach
into the zone being machined: the gantry stops, the drill comes up, and the job goes on at the
point it was at once the curtain is clear again (a point counts as drilled only when the drill
reached the bottom).

Two jobs (zone A's parts, zone B's parts) share the gantry; each is judged on its own: its
clamp closing within 0.5 s of its Ready, and every step of its machining (gantry setting off to
its next point, the drill going down, coming up at the bottom, the gantry leaving the zone after
the last point, the clamp opening once the gantry is out) setting off within 0.5 s of becoming
possible, by progress (sim.judges.progress_within, keyed per step), including the first step of
a zone whose turn it is (Ready order) and the resumption after a curtain break. A miss ends the
run (tasks.common.MissEndsTheRun): a program that starves a zone (strict alternation with a late
order), or deadlocks, fails at the first step it owes.

Changes from the catalog entry, and why:
- S4 "Ready waits <= job + 5 s" is judged as the per-zone promptness above (the zone whose
  Ready came first gets the gantry within 0.5 s of the gantry coming free), which is stricter
  and needs no estimate of the job time; the rule S4 is instead "the drill goes down only at the
  next undrilled point": restarting at point 1 after a break (the catalog's trap) drills a point
  twice and trips it, skipping the interrupted point (taking it for drilled) trips it too.
- "2 points done" at power-up is a start state the program can discover: the drill stands fully
  down over point k of zone B's clamped part, so points 1..k are drilled (the prompt says so).
- The break comes only while the gantry is in the zone or on its way into it for a part
  (someone reaching in, 120-350 mm ahead of the zone's edge: the quick stop brakes short of it);
  a zone being loaded is broken from the operator's side: the gantry must not enter it (S1).
  The break on the way was added after the blind-written program passed 5 of 5: it watched
  only the curtain of the zone the gantry was in.
- S6 (X and Y still unless the drill is fully up) is not in the catalog: without it a program
  that sets off to the next point while the drill is still in the part earned 1.
- Stopping within 0.3 s needs the drive's quick stop (dropping enable brakes at 3x the
  acceleration); a new target brakes at the normal acceleration, too slowly for the fast cases.
- A part seated crooked (PendulumZone crooked=, a zone's part 1-3 one time in three; registered in
  drill_down_in_b, quick_operator and crooked_first) is not in the catalog. It was added because
  a careful program written blind from the prompt passed every registered condition on its first
  try: the task had no fault to recover from while the other job goes on. The clamp stops half
  way on the part's raised edge and its closed switch never comes on; the prompt (point 6) says:
  not closed 1 s after the valve came on means crooked; bring the gantry out of the zone, then,
  with it out and not moving toward the zone, open the clamp (S2 as it stood: a clamp opening
  with the gantry in its zone), each within 0.5 s, keep it open; the operator re-seats the part
  and presses Ready again, which gives it a new place in the Ready order, and meanwhile the turn
  passes to the other zone. Judged by the shared progress judge as two more steps of the zone's
  job ("clear", "release"); a jammed zone is skipped by served_zone, so the other zone's step is
  owed from the moment the program can know. The turn can now pass while the gantry is moving
  the other way (on its way into the crooked zone), so every gantry step owed then gets twice the
  braking time (2 v / a) on top of 0.5 s (brake_allowance, stated in point 3): without it no
  program could turn a gantry at 600 mm/s round in 0.5 s. What a careful program gets wrong:
  opening the clamp at once with the gantry in the zone, or while it is still coming in (S2:
  crooked_unclamp_at_once; the second program did the latter once in 200 sampled runs before its
  fix), going on to the point and waiting for a clamp that will never close
  (crooked_waits_in_zone), retrying the clamp (crooked_retry), and a move out to park cut off by
  someone reaching into the zone it is leaving, never given again (the reference did this once in
  200 before its fix).
- A corner hunt (2026-12-04) found two task defects, both failing every program: a step toward
  the other zone was owed while the gantry stood stopped in a zone whose curtain is broken
  (rule 4 holds X and Y still there: the step is not possible until that curtain clears, so it
  is not owed, _held_elsewhere), and the 130 s time limit was below what the slowest operator
  takes (B's first part 20 s late, 12 s swaps, a crooked part and a break: every program done at
  132-134 s); it is 180 s (harsher hand-made corners finish by 156 s). Registered from that hunt:
  crooked_b_while_stopped_in_a, failed by one program written from the prompt
  (counterexamples/prompt_only_2.st: B's clamp left closed while A's curtain is broken).
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis
from sim.devices.gantry import Gantry
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import PushButton
from sim.devices.pendulum_zone import PendulumZone
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import HeldStillUnless, MissEndsTheRun, gantry_axis_io, log_uniform

ORIGIN = (100.0, 200.0)
ZONES = ("a", "b")
POINTS = {"a": ((150, 120), (350, 120), (350, 280), (150, 280)),
          "b": ((1050, 120), (1250, 120), (1250, 280), (1050, 280))}
X_RANGE = {"a": (-20.0, 500.0), "b": (900.0, 1420.0)}     # the tool X band of each zone
PARK = (700.0, 200.0)
AXES = {"x": ((-10.0, 1410.0), "gantry X carriage"), "y": ((-10.0, 410.0), "gantry Y bridge")}
PARTS = 3
WINDOW_MM = 0.5
Z_STROKE_MM = 50.0
CLAMP_STROKE_MM = 20.0
STEP_WITHIN_S = 0.5       # every step of a job sets off within this of becoming possible
CLAMP_WITHIN_S = 0.5
CONFIRM_S = 1.0           # a clamp whose closed switch is not on this long after its valve: crooked part
CROOKED_STALL = 0.5       # the jaw stands on a crooked part's raised edge at half its stroke
STOP_WITHIN_S = 0.3       # S3
STILL_MM = 0.05
XY_SET_OFF_MM = 5.0
Z_SET_OFF_MM = 3.0
CLAMP_SET_OFF_MM = 2.0
HOLD_S = 1.0
PARK_MM = 1.0


# --- plant -----------------------------------------------------------------------------------

def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for a, angle, rail in (("x", 0.0, (-30.0, 1430.0)), ("y", 90.0, (-30.0, 430.0))):
        (lo, hi), label = AXES[a]
        plant.add(Axis(a, origin=ORIGIN, angle_deg=angle, limit_minus_mm=lo, limit_plus_mm=hi,
                       rail_min_mm=rail[0], rail_max_mm=rail[1], home_mm=PARK[0 if a == "x" else 1],
                       start_mm=p[f"{a}_start_mm"], max_speed=p[f"{a}_speed"], accel=p["accel"],
                       window_mm=WINDOW_MM, settle_s=p["settle_s"], response_s=p["response_s"],
                       carriage_length_mm=50.0, carriage_width_mm=60.0, rail_width_mm=30.0, label=label))
    z_down = p["z_down_at_b"] > 0
    plant.add(Cylinder("z", ORIGIN[0] + 700.0, ORIGIN[1] + 560.0, angle_deg=-90.0, stroke=Z_STROKE_MM,
                       extend_s=p["feed_s"], retract_s=p["retract_s"], plate_width=30.0,
                       start_extended=z_down))
    plant.add(Gantry("gantry", x="x", y="y", z="z", origin=ORIGIN, bridge_mm=440.0, label="gantry"))
    for zn in ZONES:
        Z = zn.upper()
        x0, x1 = X_RANGE[zn]
        ox, oy = ORIGIN
        start_clamped = zn == "b" and z_down
        plant.add(Cylinder(f"clamp_{zn}", ox + (x0 + 60 if zn == "a" else x1 - 60), oy + 200.0,
                           angle_deg=0.0 if zn == "a" else 180.0, stroke=CLAMP_STROKE_MM,
                           extend_s=p["clamp_s"], retract_s=p["clamp_s"], plate_width=60.0,
                           start_extended=start_clamped))
        plant.add(LightCurtain(f"curtain_{zn}", ox + x0 + 20, oy - 70.0, ox + x1 - 20, oy - 70.0,
                               label=f"curtain {Z}"))
        plant.add(PushButton(f"ready_{zn}", label=f"Ready {Z}"))
        at_power_up = bool(p[f"{zn}_part_at_power_up"]) or start_clamped
        intr = p[f"{zn}_intrude_part"]
        plant.add(PendulumZone(
            f"zone_{zn}", gantry="gantry", clamp=f"clamp_{zn}", curtain=f"curtain_{zn}", ready=f"ready_{zn}",
            points=POINTS[zn], x_range=X_RANGE[zn], parts=PARTS, part_at_power_up=at_power_up,
            drilled_at_power_up=p["z_down_at_b"] if start_clamped else 0,
            first_load_s=p[f"{zn}_first_load_s"], load_s=p["load_s"], swap_s=p[f"{zn}_swap_s"],
            react_s=p["react_s"], ready_s=p["ready_s"],
            intrusions=((intr, p[f"{zn}_intrude_delay_s"], p[f"{zn}_intrude_stay_s"],
                         bool(p[f"{zn}_intrude_on_way"])),) if intr else (),
            crooked=(p[f"{zn}_crooked_part"],) if p[f"{zn}_crooked_part"] else (),
            crooked_stall=CROOKED_STALL, reseat_s=p["reseat_s"],
            point_tol_mm=WINDOW_MM, label=f"zone {Z}"))
    return plant


class Devices:
    """What the judges read; `track(s)` follows the drill once per scan (reached the bottom
    since it left the top; a curtain broke while it was down) and each clamp's valve (on since
    when; a jam the program knows of: `jam`)."""

    def __init__(self, plant):
        self.x = plant.device("x", Axis)
        self.y = plant.device("y", Axis)
        self.z = plant.device("z", Cylinder)
        self.gantry = plant.device("gantry", Gantry)
        self.zone = {zn: plant.device(f"zone_{zn}", PendulumZone) for zn in ZONES}
        self.clamp = {zn: plant.device(f"clamp_{zn}", Cylinder) for zn in ZONES}
        self.curtain = {zn: plant.device(f"curtain_{zn}", LightCurtain) for zn in ZONES}
        self.at_ms: int | None = None
        self.bottomed = self.z.position >= self.z.stroke
        self.aborted = False
        self.owed: dict = {}          # owed_step per zone, worked out once per scan
        self.coil_since: dict = {zn: None for zn in ZONES}   # the clamp valve on since (ms)
        # the clamp stalled on a crooked part and the program can know it: its valve on CONFIRM_S
        # without the closed switch, or switched off since the stall; latched until re-seated
        self.jam: dict = {zn: False for zn in ZONES}

    def track(self, s) -> None:
        if self.at_ms == s.time_ms:
            return
        self.at_ms = s.time_ms
        self.owed = {}
        for zn in ZONES:
            c = self.clamp[zn]
            if not c.extend_coil:
                self.coil_since[zn] = None
            elif self.coil_since[zn] is None:
                self.coil_since[zn] = s.time_ms
            if not self.zone[zn].misseated:
                self.jam[zn] = False
            elif not self.jam[zn]:
                since = self.coil_since[zn]
                self.jam[zn] = since is None or s.time_ms - since >= round(CONFIRM_S * 1000)
        z = self.z
        if z.position <= 0.0:
            self.bottomed = self.aborted = False
        else:
            if z.position >= z.stroke:
                self.bottomed = True
            for zn in ZONES:
                if not self.curtain[zn].clear and self.zone[zn].tool_inside():
                    self.aborted = True     # a break in the zone the drill is in: this feed drills nothing
                    break


# --- the shared judging of a zone's job --------------------------------------------------------

def _z_up(d) -> bool:
    return d.z.position <= 0.0


def _clamped(d, zn) -> bool:
    c = d.clamp[zn]
    return c.position >= c.stroke


def _waiting(d, zn) -> bool:
    """The zone holds a part whose Ready has been given and which is not finished, nor known to
    lie crooked (Devices.jam)."""
    zone = d.zone[zn]
    return zone.part is not None and zone.readied and not zone.part_finished and not d.jam[zn]


def served_zone(d) -> str | None:
    """Whose turn it is: a zone whose part is in progress (the tool in it, or a point of it
    drilled), else the waiting zone whose Ready came first (A on a tie); a broken curtain there
    makes the gantry wait (owed_step), it does not pass the turn on."""
    for zn in ZONES:
        zone = d.zone[zn]
        if _waiting(d, zn) and (zone.tool_inside() or any(zone.part["drilled"])):
            return zn
    best = None
    for zn in ZONES:
        if _waiting(d, zn):
            if best is None or d.zone[zn].ready_at < d.zone[best].ready_at:
                best = zn
    return best


def _at_rest_at(d, point) -> bool:
    return (d.x.vel == 0.0 and d.y.vel == 0.0 and abs(d.x.pos - point[0]) <= WINDOW_MM
            and abs(d.y.pos - point[1]) <= WINDOW_MM)


def owed_step(s, zn):
    """(key, distance to go) of the step zone `zn`'s job owes now, or None (nothing owed: the
    curtain is broken, the zone waits for its turn or its clamp, no part)."""
    d = s.devices
    if d.at_ms != s.time_ms:
        d.track(s)
    owed = d.owed
    if zn in owed:
        return owed[zn]
    o = owed[zn] = _owed_step(d, zn)
    return o


def _coming_in(d, zn) -> bool:
    """The gantry (outside zone `zn`) moving toward it on X."""
    return d.x.vel < 0.0 if zn == "a" else d.x.vel > 0.0


def _exit_distance(d, zn) -> float:
    x0, x1 = d.zone[zn].x_range      # out toward the middle of the machine (A: +X, B: -X)
    return x1 - d.x.pos if zn == "a" else d.x.pos - x0


def _owed_step(d, zn):
    zone = d.zone[zn]
    if not d.curtain[zn].clear or zone.part is None:
        return None
    inside = zone.tool_inside()
    if d.jam[zn]:
        # a crooked part: out of the zone first (S2), then the clamp open once the gantry is not
        # coming in (S2 again: a clamp still opening as the gantry enters opens with it inside);
        # then its new Ready
        if inside:
            return ("clear", zone.part["number"]), _exit_distance(d, zn)
        if d.clamp[zn].position > 0.0 and not _coming_in(d, zn):
            return ("release", zone.part["number"]), d.clamp[zn].position
        return None
    if zone.misseated:
        return None     # the clamp has stalled: a program may give the zone up before CONFIRM_S
    k = zone.next_point()
    if inside and not _z_up(d):
        if d.bottomed or d.aborted:
            return ("up", zone.part["number"], k), d.z.position
        return ("down", zone.part["number"], k), d.z.stroke - d.z.position
    if zone.part_finished:
        if inside:
            return ("leave", zone.part["number"]), _exit_distance(d, zn)
        if d.clamp[zn].position > 0.0:
            return ("unclamp", zone.part["number"]), d.clamp[zn].position
        return None
    if not zone.readied or not _z_up(d):
        return None
    if "served" not in d.owed:
        d.owed["served"] = served_zone(d)
    if d.owed["served"] != zn:
        return None
    point = zone.points[k - 1]
    if _at_rest_at(d, point):
        if not _clamped(d, zn):
            return None
        return ("down", zone.part["number"], k), d.z.stroke - d.z.position
    if _held_elsewhere(d, zn):
        return None     # not possible yet: rule 4 keeps X and Y still there until that curtain clears
    return ("to", zone.part["number"], k), math.hypot(d.x.pos - point[0], d.y.pos - point[1])


def _held_elsewhere(d, zn) -> bool:
    """The tool stands in the other zone while that zone's curtain is broken."""
    return any(o != zn and not d.curtain[o].clear and d.zone[o].tool_inside() for o in ZONES)


_STEP_WORDS = {"to": "the gantry setting off toward point {k} of part {n}",
               "down": "the drill going down at point {k} of part {n}",
               "up": "the drill coming up at point {k} of part {n}",
               "leave": "the gantry leaving the zone with part {n} finished",
               "unclamp": "the clamp opening on finished part {n}",
               "clear": "the gantry leaving the zone with crooked part {n} unclamped",
               "release": "the clamp opening on crooked part {n}"}


def _arrive_s(s, key) -> float:
    p = s.params
    return {"to": 6.0, "down": p["feed_s"] + 0.6, "up": p["retract_s"] + 0.6, "leave": 4.0,
            "unclamp": p["clamp_s"] + 0.6, "clear": 4.0, "release": p["clamp_s"] + 0.6}[key[0]]


def brake_allowance(s, zn, key) -> float:
    """Time a gantry step may take on top of STEP_WITHIN_S because the gantry is moving away
    from where the step goes when it becomes owed (the turn passing from a zone whose clamp did
    not close, while the gantry was on its way there): braking at the drives' acceleration and
    coming back to where it was, 2 v / a. 0 for a gantry at rest or moving the step's way."""
    d = s.devices
    vx, vy = d.x.vel, d.y.vel
    if key is None or (vx == 0.0 and vy == 0.0):
        return 0.0
    kind = key[0]
    if kind == "to":
        px, py = d.zone[zn].points[key[2] - 1]
        ux, uy = px - d.x.pos, py - d.y.pos
        if ux * vx + uy * vy >= 0.0:
            return 0.0
        return 2.0 * max(abs(vx), abs(vy)) / s.params["accel"]
    if kind in ("leave", "clear"):
        away = -vx if zn == "a" else vx
        return 2.0 * away / s.params["accel"] if away > 0.0 else 0.0
    return 0.0


def zone_job(zn: str) -> judges.Watch:
    """Zone `zn`'s job by progress: the step it owes (owed_step) must set off within
    STEP_WITHIN_S of becoming owed (its distance shrinking by a real amount) and go on to be done
    (the next step owed) without backing off. Keyed per step: the cause drops for one scan when
    the step changes, so every step is a fresh episode of the shared progress_within; a step
    owed again after a curtain break (the same key) starts a new episode at the clear."""
    Z = zn.upper()
    # "o": this scan's owed_step, read once by _ZoneJob.check for every callable below (the
    # same object owed_step's per-scan cache would give each of them)
    cur = {"key": None, "ep": None, "on": False, "o": None}

    def key(s):
        o = cur["o"]
        return None if o is None else o[0]

    def cause(s):
        k = key(s)
        on = k is not None and k == cur["key"]
        if on and not cur["on"]:
            cur["ep"] = k
        cur["key"], cur["on"] = k, on
        return on

    def distance(s):
        o = cur["o"]
        return o[1] if o is not None and o[0] == cur["ep"] else 0.0

    def done(s):
        return key(s) != cur["ep"]

    set_off = {"to": XY_SET_OFF_MM, "leave": XY_SET_OFF_MM, "unclamp": CLAMP_SET_OFF_MM,
               "clear": XY_SET_OFF_MM, "release": CLAMP_SET_OFF_MM}
    brake = {"s": 0.0}             # this episode's brake_allowance, read once at its start

    def allowance(s):
        o = cur["o"]
        brake["s"] = brake_allowance(s, zn, None if o is None else o[0])
        return brake["s"]

    def by(kind):
        return set_off.get(kind, Z_SET_OFF_MM)

    ways = [judges.Way(f"zone {Z}: the step owed", distance, by=Z_SET_OFF_MM, until=done,
                       slack=0.01, arrive_s=lambda s: _arrive_s(s, cur["ep"]) + brake["s"])]

    class _ZoneJob(judges.progress_within):
        def check(self, s):
            o = cur["o"] = owed_step(s, zn)
            if self.since_ms is None:
                # no episode running: one begins only on the second scan of a step owed (what
                # cause() works out); otherwise only the cause's memory moves on (the judge's cost)
                k = None if o is None else o[0]
                on = k is not None and k == cur["key"]
                if not (on and not cur["on"]):
                    cur["key"], cur["on"] = k, on
                    self.was_cause = on
                    return None
            if cur["ep"] is not None:
                self.ways[0].by = by(cur["ep"][0])
            return super().check(s)

    def late(t):
        ep = cur["ep"]
        what = _STEP_WORDS[ep[0]].format(n=ep[1], k=ep[2] if len(ep) > 2 else 0)
        extra = f" (+{brake['s']:.2f} s to brake)" if brake["s"] else ""
        return (f"zone {Z}: from {t:g} s {what} was owed, but it had not set off {STEP_WITHIN_S:g} s"
                f"{extra} later")

    return _ZoneJob(f"zone {Z}'s job", cause, ways, STEP_WITHIN_S, excused=lambda s: key(s) is None,
                    allowance_s=allowance, late=late)


def clamp_prompt(zn: str) -> judges.Watch:
    """Zone `zn`'s clamp closes within CLAMP_WITHIN_S of its part becoming ready (Ready given, or
    a part lying there at power-up), by progress of the clamp's rod."""
    Z = zn.upper()

    def cause(s):
        d = s.devices
        return _waiting(d, zn) and not _clamped(d, zn) and d.curtain[zn].clear

    return judges.progress_within(
        f"zone {Z}'s clamp closes on a ready part", cause,
        [judges.Way(f"clamp {Z}", lambda s: s.devices.clamp[zn].stroke - s.devices.clamp[zn].position,
                    by=CLAMP_SET_OFF_MM, until=lambda s: _clamped(s.devices, zn),
                    arrive_s=lambda s: s.params["clamp_s"] + 0.6)],
        CLAMP_WITHIN_S, excused=lambda s: not _waiting(s.devices, zn) or s.devices.zone[zn].misseated,
        late=lambda t: f"zone {Z}'s part was ready at {t:g} s but its clamp had not set off closing "
                       f"{CLAMP_WITHIN_S:g} s later")


def _parked(s) -> bool:
    d = s.devices
    return (abs(d.x.pos - PARK[0]) <= PARK_MM and abs(d.y.pos - PARK[1]) <= PARK_MM and d.x.vel == 0.0
            and d.y.vel == 0.0 and _z_up(d) and not d.z.extend_coil
            and all(d.clamp[zn].position <= 0.0 for zn in ZONES))


def _completion():
    def finished(zn):
        return judges.distinct(f"{PARTS} parts of zone {zn.upper()} drilled and taken away",
                               lambda s: s.devices.zone[zn].finished, PARTS)

    return MissEndsTheRun(judges.watched(judges.in_order(
        judges.all_of(finished("a"), finished("b")),
        judges.held("the gantry at rest at park, drill up, both clamps open", _parked, HOLD_S)),
        *(zone_job(zn) for zn in ZONES), *(clamp_prompt(zn) for zn in ZONES),
        name="both zones' jobs, every step on time"))


# --- safety ----------------------------------------------------------------------------------

class NoEntryIntoBrokenZone(judges.Monitor):
    """S1 every scan: the tool crossing into a zone's X band while that zone's curtain is broken."""

    def __init__(self):
        self.prev: float | None = None

    def check(self, s):
        d = s.devices
        prev, self.prev = self.prev, d.x.pos
        if prev is None or (d.curtain["a"].clear and d.curtain["b"].clear):
            return None
        for zn in ZONES:
            zone = d.zone[zn]
            if not d.curtain[zn].clear and zone.tool_inside() and not zone.tool_inside(prev):
                return (f"the gantry entered zone {zn.upper()} (X {d.x.pos:.1f} mm) while its light curtain "
                        "was broken")
        return None


class ClampOnlyWithToolOut(judges.Monitor):
    """S2 every scan: a clamp opening (its rod going back) with the tool in its zone, or the drill
    not fully up in a zone whose clamp is not fully closed."""

    def __init__(self):
        self.prev: tuple[float, float] | None = None

    def check(self, s):
        d = s.devices
        now = (d.clamp["a"].position, d.clamp["b"].position)
        prev, self.prev = self.prev, now
        x = d.x.pos                     # the tool's X (PendulumZone.tool_inside)
        for n, zn in enumerate(ZONES):
            lo, hi = d.zone[zn].x_range
            if not lo <= x <= hi:
                continue
            Z = zn.upper()
            if prev is not None and now[n] < prev[n] - 1e-9:
                return f"clamp {Z} opened with the gantry in zone {Z} (X {d.x.pos:.1f} mm)"
            if not _z_up(d) and not _clamped(d, zn):
                return f"the drill was down in zone {Z} with clamp {Z} not fully closed"
        return None


class StopOnBreak(judges.Monitor):
    """S3 every scan: once a zone's curtain has been broken STOP_WITHIN_S with the tool in that
    zone, X and Y stand still (within STILL_MM of where they were then) and z_lower is off, until
    the curtain is clear again. From positions, not velocities."""

    def __init__(self):
        self.broke: dict[str, int | None] = {zn: None for zn in ZONES}
        self.held: dict[str, tuple[float, float] | None] = {zn: None for zn in ZONES}

    def check(self, s):
        d = s.devices
        if d.curtain["a"].clear and d.curtain["b"].clear:
            if self.broke["a"] is not None or self.broke["b"] is not None:
                self.broke = {zn: None for zn in ZONES}
                self.held = {zn: None for zn in ZONES}
            return None
        for zn in ZONES:
            Z = zn.upper()
            if d.curtain[zn].clear:
                self.broke[zn] = self.held[zn] = None
                continue
            if self.broke[zn] is None:
                if not d.zone[zn].tool_inside():
                    continue
                self.broke[zn] = s.time_ms
            if s.time_ms - self.broke[zn] < round(STOP_WITHIN_S * 1000):
                continue
            if self.held[zn] is None:
                self.held[zn] = (d.x.pos, d.y.pos)
            hx, hy = self.held[zn]
            if d.z.extend_coil:
                return (f"zone {Z}'s curtain broke at {self.broke[zn] / 1000:g} s with the gantry inside, "
                        f"but "
                        f"z_lower was still on {STOP_WITHIN_S:g} s later")
            if abs(d.x.pos - hx) > STILL_MM or abs(d.y.pos - hy) > STILL_MM:
                return (f"zone {Z}'s curtain broke at {self.broke[zn] / 1000:g} s with the gantry inside, "
                        f"but "
                        f"X/Y were still moving {STOP_WITHIN_S:g} s later (X {d.x.pos:.1f}, Y {d.y.pos:.1f} "
                        f"mm)")
        return None


class DownOnlyAtNextPoint(judges.Monitor):
    """S4 every scan: the drill leaving the fully-up position anywhere but at rest (X and Y) within
    WINDOW_MM of the next point in order (the first not yet drilled) of the part in the zone."""

    def __init__(self):
        self.prev: float | None = None

    def check(self, s):
        d = s.devices
        prev, self.prev = self.prev, d.z.position
        if prev is None or not (prev <= 0.0 < d.z.position):
            return None
        for zn in ZONES:
            zone = d.zone[zn]
            k = zone.next_point()
            if zone.tool_inside() and k and _at_rest_at(d, zone.points[k - 1]):
                return None
        where = ""
        for zn in ZONES:
            zone = d.zone[zn]
            at = zone.point_at_tool()
            if at and zone.part is not None and zone.part["drilled"][at - 1]:
                where = f": point {at} of zone {zn.upper()}'s part is already drilled"
            elif at and zone.part is not None:
                where = f": the next point of zone {zn.upper()} is {zone.next_point()}, not {at}"
        return (f"the drill went down at X {d.x.pos:.1f}, Y {d.y.pos:.1f} mm, not at rest at the next "
                f"undrilled point of a part" + where)


def _limit(s):
    d = s.devices
    for a in (d.x, d.y):
        if a.at_limit:
            return f"{a.label} reached a limit switch"
    return None


class NoLimitSwitch(judges.Monitor):
    """S5 every scan: either axis on a limit switch (a plain comparison with the switches'
    positions first: this rule is asked every scan)."""

    def check(self, s):
        d = s.devices
        x, y = d.x.pos, d.y.pos
        (xlo, xhi), _ = AXES["x"]
        (ylo, yhi), _ = AXES["y"]
        if xlo < x < xhi and ylo < y < yhi:
            return None
        return _limit(s)


# --- conditions ------------------------------------------------------------------------------

DEFAULTS = dict(a_crooked_part=0, b_crooked_part=0, reseat_s=3.0, a_intrude_on_way=0, b_intrude_on_way=0,
                a_part_at_power_up=0, b_part_at_power_up=0,
                z_down_at_b=0, a_intrude_part=0,
                a_intrude_delay_s=1.0, a_intrude_stay_s=1.0, b_intrude_part=0, b_intrude_delay_s=1.0,
                b_intrude_stay_s=1.0, settle_s=0.05, response_s=0.02, retract_s=0.3, clamp_s=0.3,
                react_s=1.0, ready_s=1.0, load_s=4.0, y_start_mm=200.0)


def _cond(name, seed, description, **params):
    return Condition.of(name, seed, description, **{**DEFAULTS, **params})


CONDITIONS = (
    _cond("fresh_start", 801, "fixtures empty at power-up, A loaded first, B 3 s later; someone reaches "
          "into B while its second part is drilled (the drill mid-feed)",
          x_start_mm=700.0, x_speed=450.0, y_speed=300.0, accel=2000.0, feed_s=1.2, a_first_load_s=0.5,
          b_first_load_s=3.5, a_swap_s=6.0, b_swap_s=5.0, b_intrude_part=2, b_intrude_delay_s=2.6,
          b_intrude_stay_s=2.0),
    _cond("drill_down_in_b", 802, "the drill stands fully down over point 2 of B's clamped part at power-up "
          "(points 1-2 drilled), a part waits in A (ready, unclamped) but lies crooked; quick feed; someone "
          "reaches into A early in its first part, and into B as the gantry comes for B's second part",
          a_crooked_part=1, reseat_s=2.5,
          x_start_mm=1250.0, y_start_mm=120.0, z_down_at_b=2, a_part_at_power_up=1, x_speed=600.0,
          y_speed=400.0, accel=3000.0, feed_s=0.5, retract_s=0.2, a_first_load_s=0.0, b_first_load_s=0.0,
          a_swap_s=4.0, b_swap_s=4.0, a_intrude_part=1, a_intrude_delay_s=1.0, a_intrude_stay_s=1.5,
          b_intrude_part=2, b_intrude_on_way=1, b_intrude_stay_s=1.2, clamp_s=0.2, react_s=0.5, ready_s=0.5),
    _cond("late_b_order", 803, "B's first part comes 20 s late: A's second part is ready well before it "
          "and goes "
          "first; soft drives; someone steps into B as the gantry comes for B's first part",
          x_start_mm=560.0, y_start_mm=20.0, x_speed=450.0, y_speed=300.0, accel=1000.0, feed_s=1.0,
          retract_s=0.4, a_first_load_s=1.0, b_first_load_s=20.0, a_swap_s=3.0, b_swap_s=8.0, load_s=3.0,
          react_s=0.5, ready_s=0.5, clamp_s=0.6, settle_s=0.15, response_s=0.1,
          a_intrude_part=3, a_intrude_delay_s=0.4, a_intrude_stay_s=1.0, b_intrude_part=1, b_intrude_on_way=1,
          b_intrude_stay_s=2.5),
    _cond("slow_operator", 804, "a slow operator (12 s swaps): the gantry waits for each Ready; parts in "
          "both "
          "fixtures at power-up; someone reaches into B while the gantry travels between its points",
          x_start_mm=880.0, y_start_mm=380.0, a_part_at_power_up=1, b_part_at_power_up=1, x_speed=520.0,
          y_speed=250.0, accel=1500.0, feed_s=0.8, a_first_load_s=0.0, b_first_load_s=0.0, a_swap_s=12.0,
          b_swap_s=11.0, react_s=2.0, ready_s=3.0, b_intrude_part=1, b_intrude_delay_s=3.3,
          b_intrude_stay_s=3.0),
    _cond("quick_operator", 805, "a quick operator: both zones ready together, the Ready order decides; "
          "the drill down over point 3 of B at power-up; A's second part lies crooked; someone reaches into "
          "A at its third part and into B as the gantry comes for B's third",
          a_crooked_part=2, reseat_s=4.0,
          x_start_mm=1250.0, y_start_mm=280.0, z_down_at_b=3, a_part_at_power_up=0, x_speed=380.0,
          y_speed=380.0, accel=2500.0, feed_s=1.6, retract_s=0.25, a_first_load_s=0.0, b_first_load_s=0.0,
          a_swap_s=3.0, b_swap_s=3.2, load_s=3.0, react_s=0.5, ready_s=0.6, a_intrude_part=3,
          a_intrude_delay_s=5.0, a_intrude_stay_s=1.2, b_intrude_part=3, b_intrude_on_way=1,
          b_intrude_stay_s=1.0),
    _cond("crooked_first", 806, "fixtures empty, A ready first and B 0.5 s after it; A's first part lies "
          "crooked, found with the gantry already in A on its way to point 1: out of A, A's clamp open, "
          "B's part first; B's third part lies crooked too, found while A's part is drilled",
          x_start_mm=700.0, y_start_mm=200.0, x_speed=450.0, y_speed=300.0, accel=1500.0, feed_s=1.0,
          a_first_load_s=0.5, b_first_load_s=1.0, a_swap_s=5.0, b_swap_s=4.0, a_crooked_part=1,
          b_crooked_part=3, reseat_s=3.0, clamp_s=0.4),
    # a corner hunt's (2026-12-04): B's part 2 is found crooked while the gantry stands stopped in A
    # for A's broken curtain; B's clamp must open meanwhile (the gantry is out of B and not coming):
    # one program written from the prompt left it closed until A's curtain cleared
    _cond("crooked_b_while_stopped_in_a", 807, "B's first part 20 s late; B's second part lies crooked, "
          "found while the gantry stands stopped in A for someone reaching into A; a part ready in A at "
          "power-up",
          x_start_mm=880.0, y_start_mm=0.0, x_speed=368.7, y_speed=400.0, accel=1443.1, feed_s=0.95,
          retract_s=0.2, clamp_s=0.2, settle_s=0.145, response_s=0.033, a_part_at_power_up=1,
          a_first_load_s=2.91, b_first_load_s=20.0, load_s=7.81, a_swap_s=10.02, b_swap_s=4.39,
          react_s=0.5, ready_s=0.65, b_crooked_part=2, reseat_s=3.76, a_intrude_part=3,
          a_intrude_delay_s=2.53, a_intrude_stay_s=3.0, b_intrude_part=3, b_intrude_on_way=1,
          b_intrude_delay_s=1.85, b_intrude_stay_s=1.62),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Jointly: with the drill down in B at power-up
    (one time in three, over point 1-3) the gantry stands at that point and B's part is clamped
    there; otherwise it stands anywhere between the zones (X 520-880 mm). Each zone has an
    intrusion one time in two (its part 1-3, after 0.3-6 s, staying 1-3 s) and a crooked part one
    time in three."""
    z_down = rng.choice((0, 0, 1, 2, 3))
    if z_down:
        x0, y0 = POINTS["b"][z_down - 1]
    else:
        x0, y0 = rng.uniform(520.0, 880.0), rng.uniform(0.0, 400.0)
    params = dict(x_start_mm=round(x0, 1), y_start_mm=round(y0, 1), z_down_at_b=z_down,
                  a_part_at_power_up=int(rng.random() < 0.4),
                  b_part_at_power_up=int(not z_down and rng.random() < 0.3),
                  x_speed=round(rng.uniform(300.0, 600.0), 1), y_speed=round(rng.uniform(200.0, 400.0), 1),
                  accel=round(log_uniform(rng, 1000.0, 3000.0), 1), feed_s=round(rng.uniform(0.5, 2.0), 2),
                  retract_s=round(rng.uniform(0.2, 0.4), 2), clamp_s=round(rng.uniform(0.2, 0.6), 2),
                  settle_s=round(rng.uniform(0.03, 0.15), 3), response_s=round(rng.uniform(0.0, 0.1), 3),
                  a_first_load_s=round(rng.uniform(0.0, 3.0), 2),
                  b_first_load_s=round(rng.uniform(0.0, 20.0), 2),
                  load_s=round(rng.uniform(3.0, 8.0), 2), a_swap_s=round(rng.uniform(3.0, 12.0), 2),
                  b_swap_s=round(rng.uniform(3.0, 12.0), 2), react_s=round(rng.uniform(0.5, 2.0), 2),
                  ready_s=round(rng.uniform(0.5, 3.0), 2))
    for zn in ZONES:
        on = rng.random() < 0.5
        params[f"{zn}_intrude_part"] = rng.randint(1, PARTS) if on else 0
        params[f"{zn}_intrude_delay_s"] = round(rng.uniform(0.3, 6.0), 2)
        params[f"{zn}_intrude_stay_s"] = round(rng.uniform(1.0, 3.0), 2)
        params[f"{zn}_intrude_on_way"] = int(rng.random() < 0.5)
    for zn in ZONES:
        # a crooked part one time in three; B's first part is not crooked when the drill stands in
        # it at power-up (it lies clamped there)
        first = 2 if zn == "b" and z_down else 1
        params[f"{zn}_crooked_part"] = rng.randint(first, PARTS) if rng.random() < 1 / 3 else 0
    params["reseat_s"] = round(rng.uniform(2.0, 5.0), 2)
    description = (f"X {params['x_speed']:g} mm/s, feed {params['feed_s']:g} s, B's first load at "
                   f"{params['b_first_load_s']:g} "
                   f"s" + (f", drill down at B point {z_down}" if z_down else ""))
    return dict(params={**DEFAULTS, **params}, description=description)


# --- I/O -------------------------------------------------------------------------------------

def _zone_io(zn: str, byte: int) -> tuple[IOPoint, ...]:
    Z = zn.upper()
    b = f"%IX{byte}"
    return (
        IOPoint(f"{b}.0", f"{zn}_part_present", "BOOL", "input", f"zone_{zn}", "part_present",
                f"Zone {Z} fixture's part sensor: TRUE while a part lies in the fixture"),
        IOPoint(f"{b}.1", f"{zn}_clamped", "BOOL", "input", f"clamp_{zn}", "extended",
                f"Clamp {Z} end switch: TRUE only when the clamp is fully closed"),
        IOPoint(f"{b}.2", f"{zn}_unclamped", "BOOL", "input", f"clamp_{zn}", "retracted",
                f"Clamp {Z} end switch: TRUE only when the clamp is fully open"),
        IOPoint(f"{b}.3", f"{zn}_curtain_clear", "BOOL", "input", f"curtain_{zn}", "clear",
                f"Zone {Z} light curtain safety output: TRUE while clear, FALSE while broken (someone in "
                "the zone)"),
        IOPoint(f"{b}.4", f"{zn}_ready", "BOOL", "input", f"ready_{zn}", "pressed",
                f"Zone {Z} Ready push button (NO): TRUE while the operator presses it"),
        IOPoint(f"%QX{byte}.0", f"{zn}_clamp", "BOOL", "output", f"clamp_{zn}", "extend",
                f"Clamp {Z} valve (single solenoid): TRUE closes the clamp, FALSE the spring opens it"),
    )


IO = (
    *gantry_axis_io("x", 0, AXES, window_mm=WINDOW_MM),
    *gantry_axis_io("y", 1, AXES, window_mm=WINDOW_MM),
    IOPoint("%IX2.0", "z_up", "BOOL", "input", "z", "retracted", "Drill (Z) end switch: TRUE only when the "
            "drill is fully up"),
    IOPoint("%IX2.1", "z_down", "BOOL", "input", "z", "extended", "Drill (Z) end switch: TRUE only when the "
            "drill is fully down (the bottom of its stroke: the point is drilled)"),
    IOPoint("%QX2.0", "z_lower", "BOOL", "output", "z", "extend",
            "Drill feed valve (single solenoid): TRUE feeds the drill down, FALSE the spring brings it up"),
    *_zone_io("a", 3),
    *_zone_io("b", 4),
)


def _points_text() -> str:
    out = []
    for zn in ZONES:
        pts = ", ".join(f"{i} ({x}, {y})" for i, (x, y) in enumerate(POINTS[zn], 1))
        out.append(f"zone {zn.upper()}: {pts}")
    return "; ".join(out)


TASK = Task(
    id="MOT-H08", title="Pendulum machining with two load zones", suite="MOT", level="H",
    summary="One gantry drills parts in two fixtures in turn: machine one zone while the operator reloads "
            "the other, in Ready order, stopping when someone reaches into the zone and going on at the "
            "point it was at.",
    plant_description=(
        "A pendulum machining cell seen from above: a gantry with an X carriage (0..1400 mm) and a Y bridge "
        "on "
        "it (0..400 mm), each a servo drive with an absolute encoder, and a pneumatic drill unit (Z) on the "
        f"bridge, its feed extending downward (stroke {Z_STROKE_MM:g} mm, single solenoid: the spring brings "
        "it up), with end switches fully up and fully down. Two fixtures stand under it: zone A for tool X "
        f"{X_RANGE['a'][0]:g}..{X_RANGE['a'][1]:g} mm and zone B for tool X "
        f"{X_RANGE['b'][0]:g}..{X_RANGE['b'][1]:g} "
        "mm; between them (X 500..900 mm) the gantry is out of both zones. Park is X 700, Y 200 mm. Each "
        "fixture has a pneumatic clamp (single solenoid, end switches closed and open), a part sensor and, "
        "on the operator's side, a light curtain, and the operator has a Ready button per zone. Each part "
        f"has four work points, drilled in the order 1-4 (gantry X, Y in mm): {_points_text()}. A point is "
        "drilled when the drill reaches the bottom of its stroke (z_down) standing at it; a feed that "
        "comes up before the bottom drills nothing. The operator loads a part into an empty fixture "
        "(standing in its curtain while loading), leaves and presses the zone's Ready. Once a part is "
        "drilled at all four points, its clamp open and the gantry out of its zone, the operator comes "
        "(0.5-2 s later), takes it away and puts the next one in (3-12 s in the curtain), and presses Ready "
        f"again; {PARTS} parts per zone in all. While the gantry machines a zone, or is on its way into it "
        "for a part (120-350 mm from the zone's edge, moving toward it), someone may reach into that zone "
        "(its curtain breaks for 1-3 s). The operator may seat a part crooked (on a chip, not down on its "
        "locators): its clamp then stops half way on the part's raised edge and its closed switch never "
        "comes on (on a part that lies right the clamp closes in 0.2-0.6 s); once that clamp is fully open "
        "again and the gantry out of the zone, the operator comes (0.5-2 s later), re-seats the part "
        "(2-5 s in the curtain), leaves and presses the zone's Ready again. At power-up the drives are off "
        "and the gantry stands "
        "between the zones, or the drill stands fully down over point k of zone B's part, clamped (an "
        "interrupted job: points 1..k of that part are drilled); a fixture may hold a part at power-up "
        "(it counts as ready: its Ready was pressed before power-up; its points are undrilled unless the "
        "drill stands in it). Dropping drive_enable stops an axis at its quick-stop ramp (3 times its "
        "acceleration); a new target is approached at the normal acceleration. Every valve is off until the "
        "program's first scan has written its outputs: a clamp closed at power-up stays closed only if its "
        "valve is on from the first scan."),
    specification=(
        "1. Close a zone's clamp within 0.5 s of its part becoming ready (Ready pressed with a part in the "
        "fixture, or a part lying there at power-up), and keep it closed while the part is machined.\n"
        "2. Machine the ready parts in the order their Ready came (at power-up: first a part the drill "
        "stands in, then zone A's, then zone B's); finish a part (all four points) before starting another. "
        "At each point: bring the gantry to rest at it (within 0.5 mm on X and Y), lower the drill until "
        "z_down, then bring it up; then go to the next point. After the fourth point bring the gantry out "
        "of the zone and open its clamp; go on with the other zone's part if it is ready.\n"
        f"3. Every step must set off within {STEP_WITHIN_S:g} s of becoming possible, judged by progress: "
        f"the gantry moving {XY_SET_OFF_MM:g} mm toward its next point (from power-up, after the drill is "
        "fully up after a point, and as soon as a zone's turn comes), the drill going "
        f"{Z_SET_OFF_MM:g} mm down once the gantry is at rest at the point with the clamp closed, the drill "
        f"coming {Z_SET_OFF_MM:g} mm up once it reached the bottom (z_down), the gantry moving "
        f"{XY_SET_OFF_MM:g} mm out of the zone after the last point's drill is fully up, the clamp opening "
        f"{CLAMP_SET_OFF_MM:g} mm once the gantry is out with the part finished; and each step going on to "
        "its end without turning back. A gantry step that becomes possible while the gantry moves the other "
        "way may take, on top, twice the gantry's braking time (its speed / the acceleration) to turn "
        "round.\n"
        f"4. If a zone's curtain breaks while the gantry is in that zone: within {STOP_WITHIN_S:g} s stop X "
        "and Y and switch z_lower off, and keep them so while it is broken. Once it is clear again, go on "
        f"within {STEP_WITHIN_S:g} s with the part where it was: a point whose feed was interrupted before "
        "z_down is not drilled and is drilled again; a drilled point is never drilled twice.\n"
        "5. Never move the gantry into a zone whose curtain is broken (the operator is loading it, or "
        "someone "
        "reached in while the gantry was on its way there): stop short of it, and go on within "
        f"{STEP_WITHIN_S:g} s of it being clear again.\n"
        f"6. A crooked part: if a clamp's closed switch is not on {CONFIRM_S:g} s after its valve came on, "
        "its part lies crooked: do not drill it. Bring the gantry out of that zone if it is in it, then, "
        "with the gantry out and not moving toward that zone on X, switch the clamp valve off (S2: a "
        f"clamp still opening as the gantry enters opens with it inside); each sets off within "
        f"{STEP_WITHIN_S:g} s (the gantry {XY_SET_OFF_MM:g} mm out of the zone from that moment, the "
        f"clamp {CLAMP_SET_OFF_MM:g} mm open from then or from the gantry being out and not moving toward "
        "the zone), and keep the clamp open until that zone's Ready comes again. That part has lost its "
        "Ready: the re-seated part takes its place in the Ready order by its new Ready (a part of the other "
        "zone readied before it goes first). Meanwhile the turn "
        "passes to the other zone's ready part at once, as in 2-3.\n"
        f"7. When all {2 * PARTS} parts are done, park the gantry (X 700, Y 200 mm) with the drill up, "
        "z_lower off and both clamps open, and keep it so.\n"
        "The drives' speeds (X 300-600, Y 200-400 mm/s) and accelerations (1000-3000 mm/s^2), the feed "
        "time (0.5-2 s), the operator's times and the start state differ from run to run: read the switches "
        "and the positions."),
    io=IO,
    completion=Completion(
        f"{PARTS} parts per zone drilled at all four points and taken away by the operator; then the gantry "
        f"at rest at park with the drill up and both clamps open for {HOLD_S:g} s. On the way every step of "
        "each zone's job (and its clamp) sets off within 0.5 s of becoming possible, as in 1-4.",
        _completion, keep=_parked,
        keep_wording="the gantry at rest at park (within 1 mm), drill fully up with z_lower off, both clamps "
                     "fully open."),
    safety_rules=(
        SafetyRule("MOT-H08-S1", "The gantry must never move into a zone (tool X entering its band) while "
                   "that zone's light curtain is broken.", NoEntryIntoBrokenZone()),
        SafetyRule("MOT-H08-S2", "A clamp may open only while the gantry is out of its zone, and the drill "
                   "may "
                   "be down (not fully up) in a zone only while that zone's clamp is fully closed.",
                   ClampOnlyWithToolOut()),
        SafetyRule("MOT-H08-S3", f"From {STOP_WITHIN_S:g} s after a zone's curtain breaks with the gantry in "
                   f"that zone, until it is clear again: X and Y stand still (within {STILL_MM:g} mm) and "
                   "z_lower is off.", StopOnBreak()),
        SafetyRule("MOT-H08-S4", "The drill may leave the fully-up position only with X and Y at rest within "
                   f"{WINDOW_MM:g} mm of the next point in order (the first not yet drilled) of the part in "
                   "that zone: no point drilled twice, none skipped.", DownOnlyAtNextPoint()),
        SafetyRule("MOT-H08-S5", "Neither axis may reach a limit switch.",
                   NoLimitSwitch()),
        SafetyRule("MOT-H08-S6", f"X and Y must stand still (within {STILL_MM:g} mm) whenever the drill is "
                   "not fully up.", HeldStillUnless(
                       lambda s: _z_up(s.devices),
                       {"X": lambda s: s.devices.x.pos, "Y": lambda s: s.devices.y.pos},
                       {"X": lambda s: s.params["x_start_mm"], "Y": lambda s: s.params["y_start_mm"]},
                       STILL_MM, lambda s: "the drill not fully up")),
    ),
    parameters=(
        ParameterRange("x_speed", 300.0, 600.0, "mm/s", "X drive speed"),
        ParameterRange("y_speed", 200.0, 400.0, "mm/s", "Y drive speed"),
        ParameterRange("accel", 1000.0, 3000.0, "mm/s^2", "drives' acceleration (quick stop 3x)"),
        ParameterRange("settle_s", 0.03, 0.15, "s", "rest time before a drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("feed_s", 0.5, 2.0, "s", "drill feed time, fully up to fully down"),
        ParameterRange("retract_s", 0.2, 0.4, "s", "drill return time"),
        ParameterRange("clamp_s", 0.2, 0.6, "s", "clamp travel time, either way"),
        ParameterRange("start_mm", 0.0, 1250.0, "mm", "where the gantry stands at power-up (X 520-880 "
                       "between "
                       "the zones, or at a point of B with the drill down; Y 0-400)",
                       keys=("x_start_mm", "y_start_mm")),
        ParameterRange("z_down_at_b", 0, 3, "", "k > 0: the drill fully down over point k of B's clamped "
                       "part at power-up (points 1..k drilled)"),
        ParameterRange("part_at_power_up", 0, 1, "", "1 = a ready part lies in that fixture at power-up",
                       keys=("a_part_at_power_up", "b_part_at_power_up")),
        ParameterRange("first_load_s", 0.0, 20.0, "s", "when the operator starts loading an empty fixture "
                       "after power-up (A 0-3 s, B 0-20 s: a late order)",
                       keys=("a_first_load_s", "b_first_load_s")),
        ParameterRange("load_s", 3.0, 8.0, "s", "the operator's first loading, in the curtain"),
        ParameterRange("swap_s", 3.0, 12.0, "s", "the operator's unload and reload, in the curtain",
                       keys=("a_swap_s", "b_swap_s")),
        ParameterRange("react_s", 0.5, 2.0, "s", "the operator's reaction to a finished part"),
        ParameterRange("ready_s", 0.5, 3.0, "s", "from the operator leaving the curtain to pressing Ready"),
        ParameterRange("crooked_part", 0, 3, "", "n > 0: that zone's n-th part is seated crooked (its "
                       "clamp stops half way until it is re-seated)",
                       keys=("a_crooked_part", "b_crooked_part")),
        ParameterRange("reseat_s", 2.0, 5.0, "s", "the operator re-seating a crooked part, in the curtain"),
        ParameterRange("intrude_part", 0, 3, "", "n > 0: someone reaches into that zone during its n-th part",
                       keys=("a_intrude_part", "b_intrude_part")),
        ParameterRange("intrude_on_way", 0, 1, "", "1 = instead while the gantry is on its way into that "
                       "zone "
                       "(tool 120-350 mm from its edge, moving toward "
                       "it)", keys=("a_intrude_on_way", "b_intrude_on_way")),
        ParameterRange("intrude_delay_s", 0.3, 6.0, "s", "... that long after the gantry entered the zone "
                       "for it", keys=("a_intrude_delay_s", "b_intrude_delay_s")),
        ParameterRange("intrude_stay_s", 1.0, 3.0, "s", "... staying that long",
                       keys=("a_intrude_stay_s", "b_intrude_stay_s")),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=180.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
