"""MOT-E11 Rotary axis with a forbidden sector.

A turret on a modulo rotary servo axis must visit five ordered angles in order, showing Done
at each. A tool changer stands in a sector of the turn the turret must never enter, and the
turret's cable allows +/-400 degrees of net turn from its neutral: the program must choose
the direction of every move itself (the drive's shortest way often runs through the sector,
or winds the cable past its limit) and count the net turns from the modulo angle word, as
the drive only reports the angle 0..359.9 degrees.

Changed from the catalog, and why:
- the sector is 30-60 degrees wide at any placing (the catalog's three placings are the
  registered conditions), or absent (width 0, the tool changer not fitted). With a sector,
  the turret can never wind the cable far (it cannot pass the sector, so it stays inside one
  free arc) and a program that ignores the cable would pass; without one, only the cable
  limit forbids the shortest way, so counting net turns is what is tested there.
- at power-up the cable is wound by less than 180 degrees either way (the net turn is the
  angle read as -180..+180), stated in the prompt: with a wind-up the program could not
  read, a legal path could not be found.
- the time bound is 1.25 x the shortest legal move's time at full speed and acceleration
  plus 0.3 s (a few scans to see the dwell end, the start edge, the drive's response): on a
  10 degree move the plain 1.25 x would be under two scans of slack.
- the drive may come up with a stored fault (one condition in four), as in MOT-E01.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.panel import Lamp
from sim.devices.rotary_axis import RotaryAxis, in_sector, modulo, sweeps_sector
from sim.plant import SCAN_MS, Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, drive_ranges, log_uniform, store_drive_fault

ORDERS = 5
WINDOW_DEG = 0.1         # at an order: within this of it, at rest
CABLE_DEG = 400.0        # net turn allowed either way
DWELL_S = 0.5            # Done on at each order for this long (the tool works)
DONE_WITHIN_S = 0.5      # Done on within this of coming to rest at the order
SET_OFF_S = 0.5          # the turret must have turned SET_OFF_DEG toward the order within this
SET_OFF_DEG = 0.5
SLOWER = 1.25            # a move may take this times the shortest legal move ...
SLACK_S = 0.3            # ... plus this
HOLD_S = 2.0
EDGE_MARGIN_DEG = 2.0    # orders and starts stand at least this far from the sector's edges
CABLE_MARGIN_DEG = 2.0   # and no way ends within this of the cable limit (no rounding flips it)


# --- the geometry every part shares: the legal ways from a net angle to an order -------------

def exit_edge(net: float, sector: tuple[float, float], way: int) -> float:
    """From inside the sector: the net angle of the edge it leaves by going `way` (+1/-1)."""
    start, width = sector
    if way > 0:
        return net + modulo(start + width - net)
    return net - modulo(net - start)


def legal_ways(net: float, order_deg: float, sector: tuple[float, float]) -> dict[int, float]:
    """{way: goal net angle} for the ways (+1, -1) that turn from `net` to the order without
    entering the sector (from inside it, without coming back into it after leaving) and end
    within the cable limit. A move is monotone, so its end is its farthest point."""
    up = net + modulo(order_deg - net)
    down = up - 360.0
    ways = {}
    inside = sector[1] > 0 and in_sector(net, *sector)
    for way, goal in ((1, up), (-1, down)):
        if abs(goal - net) < 1e-9 or abs(goal) > CABLE_DEG:
            continue
        start = exit_edge(net, sector, way) if inside else net
        if not sweeps_sector(start, goal, *sector):
            ways[way] = goal
    return ways


def move_time(span_deg: float, speed: float, accel: float) -> float:
    """Time of a trapezoid (or triangle) move of `span_deg` at full speed and acceleration."""
    d = abs(span_deg)
    if d >= speed * speed / accel:
        return d / speed + speed / accel
    return 2.0 * math.sqrt(d / accel)


def _at(net: float, order_deg: float) -> bool:
    off = modulo(net - order_deg)
    return min(off, 360.0 - off) <= WINDOW_DEG + 1e-9


# --- the plant -----------------------------------------------------------------------------------

def _power_up_net(angle: float) -> float:
    return angle if angle <= 180.0 else angle - 360.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    sector = (p["sector_start_deg"], p["sector_width_deg"])
    turret = plant.add(RotaryAxis(
        "turret", center=(360.0, 330.0), radius_mm=150.0, start_deg=p["start_deg"],
        start_net_deg=_power_up_net(p["start_deg"]), max_speed=p["max_speed"], accel=p["accel"],
        window_deg=WINDOW_DEG, settle_s=p["settle_s"], response_s=p["response_s"],
        forbidden_sector=sector, cable_limit_deg=CABLE_DEG, label="turret"))
    if p.get("fault_at_start"):
        store_drive_fault(turret)
    plant.add(ValueWord("sector_start", round(sector[0] * 10), position=(700.0, 560.0),
                        label="sector start", units="deg", scale=0.1))
    plant.add(ValueWord("sector_width", round(sector[1] * 10), position=(700.0, 500.0),
                        label="sector width", units="deg", scale=0.1))
    for k in range(ORDERS):
        plant.add(ValueWord(f"order_{k + 1}", round(p[f"order_{k + 1}_deg"] * 10),
                            position=(700.0, 420.0 - 60.0 * k), label=f"order {k + 1}", units="deg",
                            scale=0.1))
    plant.add(Lamp("done_lamp", x=150.0, y=560.0, label="Done", color="green"))
    return plant


# --- judges --------------------------------------------------------------------------------------

class Tour:
    """Which order the turret is serving, found from the plant once per scan for every judge of
    the run (judged_devices: the completion, the promptness watches and S3 all read it).

    An order is visited when Done has been on for DWELL_S with the turret at rest at it; the
    next order is then served, and its legal ways (legal_ways) and time bound are fixed from
    where the turret stands. After a visit Done may stay on at the visited order until it
    drops (the program switches it off as it moves on). Written for this task: the shared
    judges have no notion of a tour of orders whose legal ways depend on where the last one
    ended."""

    def __init__(self, plant: Plant):
        self.turret = plant.device("turret", RotaryAxis)
        self.orders = [plant[f"order_{k + 1}"].value / 10.0 for k in range(ORDERS)]
        self.sector = (plant["sector_start"].value / 10.0, plant["sector_width"].value / 10.0)
        self.scan = -1
        self.cur = 0
        self.dwell_since: int | None = None
        self.held_over = False          # Done on without a break since the last visit
        self.ways: dict[int, float] = {}
        self.due_s = 0.0                # time bound of the move to the order being served
        self.shortest = 0.0
        self._serve()

    def _serve(self) -> None:
        if self.cur >= ORDERS:
            self.ways = {}
            return
        t = self.turret
        self.ways = legal_ways(t.net_deg, self.orders[self.cur], self.sector)
        self.shortest = min((abs(g - t.net_deg) for g in self.ways.values()), default=0.0)
        self.due_s = SLOWER * (t.response_s + move_time(self.shortest, t.max_speed, t.accel)) + SLACK_S

    def at(self, s) -> Tour:
        if s.scan != self.scan:
            self.scan = s.scan
            self._update(s)
        return self

    def _update(self, s) -> None:
        t = self.turret
        done = bool(s.io["done"])
        if not done:
            self.held_over = False
        if self.cur < ORDERS and done and t.standstill and _at(t.net_deg, self.orders[self.cur]):
            if self.dwell_since is None:
                self.dwell_since = s.time_ms
            # on for DWELL_S of scans: a TON of DWELL_S started with Done ends it on time
            if s.time_ms - self.dwell_since + SCAN_MS >= round(DWELL_S * 1000):
                self.cur += 1
                self.dwell_since = None
                self.held_over = True
                self._serve()
        else:
            self.dwell_since = None

    def at_order(self, k: int) -> bool:
        t = self.turret
        return t.standstill and _at(t.net_deg, self.orders[k])

    def done_allowed(self) -> bool:
        if self.cur < ORDERS and self.at_order(self.cur):
            return True
        return self.held_over and self.at_order(self.cur - 1)


def _tour(s) -> Tour:
    return s.devices.at(s)


def _way(k: int, way: int) -> judges.Way:
    name = ("turning the positive way (counter-clockwise)" if way > 0
            else "turning the negative way (clockwise)")

    def distance(s):
        tour = _tour(s)
        goal = tour.ways.get(way) if tour.cur == k else None
        return 1e9 if goal is None else abs(tour.turret.net_deg - goal)

    def arrived(s):
        tour = _tour(s)
        goal = tour.ways.get(way)
        return goal is not None and tour.turret.standstill and abs(tour.turret.net_deg - goal) <= WINDOW_DEG

    return judges.Way(f"the turret {name}", distance, by=SET_OFF_DEG, until=arrived, slack=0.05,
                      arrive_s=lambda s: _tour(s).due_s)


def _moves_promptly(k: int) -> judges.progress_within:
    return judges.progress_within(
        f"the move to order {k + 1}",
        cause=lambda s: _tour(s).cur == k,
        ways=[_way(k, 1), _way(k, -1)],
        within_s=SET_OFF_S, allowance_s=lambda s: s.devices.turret.response_s,
        late=lambda t: f"order {k + 1} was due from {t:g} s but the turret had not turned "
                       f"{SET_OFF_DEG:g} deg toward it by a legal way {SET_OFF_S:g} s later")


def _visit(k: int) -> judges.Judge:
    return judges.in_order(
        AnsweredWithin(
            f"Done on within {DONE_WITHIN_S:g} s of arriving at order {k + 1}",
            lambda s: _tour(s).cur == k and _tour(s).at_order(k), lambda s: s.io["done"], DONE_WITHIN_S,
            lambda t: f"the turret stood at order {k + 1} from {t:g} s but Done was not on "
                      f"{DONE_WITHIN_S:g} s later",
            waiting=f"the turret at rest at order {k + 1}, then Done"),
        judges.event(f"order {k + 1} visited (Done on {DWELL_S:g} s there)", lambda s: _tour(s).cur > k))


def _end_state(s) -> bool:
    tour = _tour(s)
    t = tour.turret
    return (bool(s.io["done"]) and tour.cur >= ORDERS and tour.at_order(ORDERS - 1)
            and t.enabled and not t.fault)


def _completion():
    return judges.watched(
        judges.in_order(*[_visit(k) for k in range(ORDERS)],
                        judges.held("Done with the turret at rest at order 5", _end_state, HOLD_S)),
        *[_moves_promptly(k) for k in range(ORDERS)])


class _NeverInSector(judges.Monitor):
    """S1: from outside the sector, no step of the turret may reach into it (a jump across it
    between two scans counts). A turret standing in it at power-up may turn on to leave it."""

    def __init__(self):
        self.last: float | None = None
        self.was_outside = False

    def check(self, s):
        t = s.devices.turret
        sector = s.devices.sector
        net = t.net_deg
        last = _power_up_net(s.params["start_deg"]) if self.last is None else self.last
        self.last = net
        if sector[1] <= 0:
            return None
        if self.was_outside and sweeps_sector(last, net, *sector):
            return (f"the turret entered the forbidden sector {sector[0]:g}..{modulo(sum(sector)):g} deg "
                    f"(now at {t.modulo_deg:.1f} deg)")
        if not in_sector(net, *sector):
            self.was_outside = True
        return None


def _cable_overwound(s):
    net = s.devices.turret.net_deg
    if abs(net) > CABLE_DEG + 1e-6:
        return f"the cable was wound {net:+.1f} deg from its neutral (limit +/-{CABLE_DEG:g} deg)"
    return None


def _done_not_at_order(s):
    tour = _tour(s)
    if s.io["done"] and not tour.done_allowed():
        t = tour.turret
        which = f"order {tour.cur + 1} ({tour.orders[tour.cur]:g} deg)" if tour.cur < ORDERS else "order 5"
        return f"Done on with the turret at {t.modulo_deg:.1f} deg, {t.vel:.0f} deg/s, while serving {which}"
    return None


# --- conditions -----------------------------------------------------------------------------------

def _cond(name, seed, description, *, orders, sector=(0.0, 0.0), **params):
    for k, a in enumerate(orders):
        params[f"order_{k + 1}_deg"] = a
    params["sector_start_deg"], params["sector_width_deg"] = sector
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("shortest_way_through_sector", 111,
          "sector 80..125 deg; from 20 deg the shortest way to 170 deg and back to 60 runs through it",
          sector=(80.0, 45.0), start_deg=20.0, orders=(170.0, 60.0, 300.0, 140.0, 30.0),
          max_speed=120.0, accel=600.0, settle_s=0.05),
    _cond("inside_sector_at_power_up", 112,
          "sector 330..30 deg across zero, the turret stands in it at 10 deg; slow soft drive",
          sector=(330.0, 60.0), start_deg=10.0, orders=(200.0, 40.0, 315.0, 100.0, 250.0),
          max_speed=30.0, accel=90.0, settle_s=0.2, response_s=0.08),
    _cond("cable_winds_on_shortest_way", 113,
          "no sector; every order 160 deg further counter-clockwise: the shortest way winds the cable "
          "past +400 deg at the third", start_deg=0.0, orders=(160.0, 320.0, 120.0, 280.0, 80.0),
          max_speed=180.0, accel=900.0, settle_s=0.03, response_s=0.0),
    _cond("fault_at_power_up", 114,
          "the drive reports a stored fault at power-up; sector 200..230 deg, orders across 0 deg",
          sector=(200.0, 30.0), start_deg=250.0, orders=(350.0, 10.0, 190.0, 240.0, 5.0),
          max_speed=60.0, accel=300.0, settle_s=0.1, fault_at_start=1),
    _cond("wound_backwards_at_power_up", 115,
          "no sector; the turret stands at 200 deg, so the cable is wound -160 deg: the second order's "
          "shortest way would wind it past -400", start_deg=200.0, orders=(40.0, 250.0, 90.0, 300.0, 150.0),
          max_speed=90.0, accel=200.0, settle_s=0.25, response_s=0.1),
)


def _free_angle(rng: random.Random, sector: tuple[float, float]) -> float:
    """An angle on the 0.1 degree grid at least EDGE_MARGIN_DEG outside the sector."""
    start, width = sector
    if width <= 0:
        return round(rng.uniform(0.0, 359.9), 1)
    span = 360.0 - width - 2 * EDGE_MARGIN_DEG
    return round(modulo(start + width + EDGE_MARGIN_DEG + rng.uniform(0.0, span)), 1) % 360.0


def _tour_is_fair(params: dict) -> bool:
    """The ideal tour (the shortest legal way each time) exists, no way of it ends within
    CABLE_MARGIN_DEG of the cable limit (so no rounding can make a legal way illegal), and at
    least one of its moves sets the trap: the drive's own shortest way there is illegal."""
    sector = (params["sector_start_deg"], params["sector_width_deg"])
    net = _power_up_net(params["start_deg"])
    traps = 0
    for k in range(ORDERS):
        order = params[f"order_{k + 1}_deg"]
        up = net + modulo(order - net)
        for goal in (up, up - 360.0):
            if abs(abs(goal) - CABLE_DEG) < CABLE_MARGIN_DEG:
                return False
        ways = legal_ways(net, order, sector)
        if not ways:
            return False
        naive = up if up - net <= 180.0 else up - 360.0
        traps += naive not in ways.values()
        net = min(ways.values(), key=lambda g, n=net: abs(g - n))
    return traps > 0


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: the sector first (absent in one
    condition in three), then the start (inside the sector in one of four with a sector, else
    at least 2 deg outside it) and the five orders (outside the sector by 2 deg, each at least
    10 deg from the last; without a sector mostly stepping the same way round, so the shortest
    way winds the cable); a draw whose ideal tour does not exist, ends a move within 2 deg of
    the cable limit or never makes the drive's shortest way illegal (no trap set) is drawn
    again. Speed and acceleration log-uniform; all angles on the
    0.1 degree grid of the words."""
    while True:
        if rng.random() < 1 / 3:
            sector = (0.0, 0.0)
        else:
            sector = (round(rng.uniform(0.0, 359.9), 1), round(rng.uniform(30.0, 60.0), 1))
        if sector[1] > 0 and rng.random() < 0.25:
            into = rng.uniform(EDGE_MARGIN_DEG, sector[1] - EDGE_MARGIN_DEG)
            start = round(modulo(sector[0] + into), 1) % 360.0
        else:
            start = _free_angle(rng, sector)
        orders, last = [], start
        sense = rng.choice((1, -1))
        while len(orders) < ORDERS:
            if sector[1] > 0:
                a = _free_angle(rng, sector)
            elif rng.random() < 0.7:
                a = round(modulo(last + sense * rng.uniform(100.0, 175.0)), 1) % 360.0
            else:
                a = round(rng.uniform(0.0, 359.9), 1)
            off = modulo(a - last)
            if min(off, 360.0 - off) >= 10.0:
                orders.append(a)
                last = a
        params = dict(
            start_deg=start, sector_start_deg=sector[0], sector_width_deg=sector[1],
            max_speed=round(log_uniform(rng, 30.0, 180.0), 1),
            accel=round(log_uniform(rng, 90.0, 900.0), 1),
            settle_s=round(rng.uniform(0.03, 0.25), 3),
            response_s=round(rng.uniform(0.0, 0.1), 3),
            fault_at_start=int(rng.random() < 0.25),
        )
        for k, a in enumerate(orders):
            params[f"order_{k + 1}_deg"] = a
        if _tour_is_fair(params):
            break
    where = (f"sector {sector[0]:g}+{sector[1]:g} deg" if sector[1] > 0 else "no sector")
    description = (f"{where}, start {start:g} deg, orders {', '.join(f'{a:g}' for a in orders)}, "
                   f"{params['max_speed']:g} deg/s"
                   + (", stored drive fault" if params["fault_at_start"] else ""))
    return dict(params=params, description=description)


IO = (
    IOPoint("%IX0.0", "drive_ready", "BOOL", "input", "turret", "ready",
            "TRUE when the drive is enabled and has no fault"),
    IOPoint("%IX0.1", "in_position", "BOOL", "input", "turret", "in_position",
            f"TRUE when the turret is within {WINDOW_DEG} deg of the target of the last move and has been "
            "at rest for the drive's settle time (FALSE before any move, while disabled or faulted)"),
    IOPoint("%IX0.2", "standstill", "BOOL", "input", "turret", "standstill",
            "TRUE while the turret is not turning"),
    IOPoint("%IX0.3", "busy", "BOOL", "input", "turret", "busy",
            "TRUE while the drive executes a move (from the start edge until the turret is at rest)"),
    IOPoint("%IX0.4", "drive_fault", "BOOL", "input", "turret", "fault",
            "TRUE while the drive has a latched fault (cleared by a rising edge on reset_fault)"),
    IOPoint("%IW0", "actual_angle", "INT", "input", "turret", "position",
            "Actual turret angle, modulo one turn: 0 = 0.0 deg ... 3599 = 359.9 deg, increasing "
            "counter-clockwise (it wraps from 3599 to 0 turning positive, 0 to 3599 turning negative)",
            "0.1 deg", "0..3599"),
    IOPoint("%IW1", "sector_start", "INT", "input", "sector_start", "value",
            "Start of the forbidden sector (constant during the run)", "0.1 deg", "0..3599"),
    IOPoint("%IW2", "sector_width", "INT", "input", "sector_width", "value",
            "Width of the forbidden sector, counter-clockwise from its start (it may span 0 deg); "
            "0 = no sector this run", "0.1 deg", "0 or 300..600"),
    *[IOPoint(f"%IW{3 + k}", f"order_{k + 1}", "INT", "input", f"order_{k + 1}", "value",
              f"Ordered angle number {k + 1} (constant during the run)", "0.1 deg", "0..3599")
      for k in range(ORDERS)],
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "turret", "enable",
            "TRUE enables the drive (FALSE: the turret brakes to a stop and holds no position)"),
    IOPoint("%QX0.1", "start_move", "BOOL", "output", "turret", "start",
            "Rising edge starts a move to target_angle in the way direction says (ignored while "
            "disabled or faulted)"),
    IOPoint("%QX0.2", "done", "BOOL", "output", "done_lamp", "on",
            "Done lamp: TRUE tells the host the turret stands at the order it is serving"),
    IOPoint("%QX0.3", "reset_fault", "BOOL", "output", "turret", "reset",
            "Rising edge clears a latched drive fault"),
    IOPoint("%QW0", "target_angle", "INT", "output", "turret", "target",
            "Target angle of the next move, taken at the start_move edge", "0.1 deg", "0..3599"),
    IOPoint("%QW1", "direction", "INT", "output", "turret", "direction",
            "Way of the next move, taken at the start_move edge: 0 = the shortest way (exactly 180 deg "
            "goes positive), 1 = positive (counter-clockwise, angle increasing), 2 = negative "
            "(clockwise, angle decreasing); a move to the angle the turret stands at goes nowhere",
            "", "0..2"),
    IOPoint("%QW2", "move_speed", "INT", "output", "turret", "speed",
            "Speed of the next move; 0 = the drive's configured (full) speed; above it is clamped to it",
            "deg/s", "0..1000"),
)

TASK = Task(
    id="MOT-E11", title="Rotary axis with a forbidden sector", suite="MOT", level="E",
    summary="Turn a turret on a modulo rotary axis to five ordered angles in order by the shortest "
            "legal way: never into the forbidden sector, never winding its cable past +/-400 deg; "
            "Done at each.",
    plant_description=(
        "A turret on a rotary servo axis (seen from above, 0 deg pointing right, angles increasing "
        "counter-clockwise) that can turn without end; the drive reports its angle modulo one turn. "
        "A tool changer stands in a sector of the turn (given as its start and width; width 0 = not "
        "fitted this run) that the turret must never turn into. A cable wound round the turret's "
        f"shaft allows {CABLE_DEG:g} deg of net turn either way from its neutral. At power-up the cable "
        "is wound by less than 180 deg either way: the net turn then is the actual angle read as "
        "-180..+180 deg (an angle above 180.0 deg means it is wound backwards: 350.0 deg is -10 deg). "
        "The turret may stand inside the sector at power-up. The host gives five ordered angles as "
        "words; a Done lamp answers it."),
    specification=(
        "1. If the drive reports a fault, clear it with a rising edge on reset_fault; then enable the "
        "drive.\n"
        "2. Serve the five orders in turn, order 1 first. For each, turn the turret to the ordered angle "
        "by the shortest legal way: the shorter of the two ways round (positive or negative) that "
        f"neither enters the forbidden sector nor ends beyond {CABLE_DEG:g} deg of net turn; if only one "
        "way is legal, that one. Keep count of the net turn yourself (the drive only reports the modulo "
        "angle). If the turret stands in the sector at power-up, leave it on the way to order 1 "
        "(either way out is allowed, as long as the rest of the move is legal).\n"
        f"3. Each move must set off at once (the turret turned {SET_OFF_DEG:g} deg toward the order by a "
        f"legal way within {SET_OFF_S:g} s, plus the drive's response time, of the order being due) and go "
        "on to the order without backing off, at the drive's full speed: it must be at rest at the order "
        f"within {SLOWER:g} x the time of the shortest legal move at full speed and acceleration, plus "
        f"{SLACK_S:g} s. Order 1 is due at power-up; each next order is due when the last one's Done has "
        f"been on for {DWELL_S:g} s.\n"
        f"4. When the turret is at rest at the order (within {WINDOW_DEG} deg: in_position and "
        f"standstill), switch Done on within {DONE_WITHIN_S:g} s; keep it on for {DWELL_S:g} s "
        f"({round(DWELL_S * 100)} "
        f"scans: a TON of {round(DWELL_S * 1000)} ms started with Done ends on time), then switch it off and "
        "move on to the next order.\n"
        "5. After the fifth order keep the turret there, enabled, with Done on.\n"
        "The drive's speed, acceleration, settle and response times differ from run to run; wait for "
        "its signals rather than for fixed times."),
    io=IO,
    completion=Completion(
        "For each of the five orders in turn: the move sets off within "
        f"{SET_OFF_S:g} s (plus the drive's response time) of the order being due and goes on by a legal "
        f"way to the order without backing off, at rest within {WINDOW_DEG} deg of it within "
        f"{SLOWER:g} x the shortest legal move's time plus {SLACK_S:g} s; Done comes on within "
        f"{DONE_WITHIN_S:g} s of the turret coming to rest there and stays on {DWELL_S:g} s (the next order "
        f"is then due); after the fifth, Done stays on with the turret at rest there for {HOLD_S:g} s "
        "without a break.",
        _completion,
        keep=_end_state,
        keep_wording="the turret at rest at order 5, the drive enabled and Done on."),
    safety_rules=(
        SafetyRule("MOT-E11-S1", "The turret must never turn into the forbidden sector (standing in it at "
                   "power-up, it may only turn on to leave it).", _NeverInSector()),
        SafetyRule("MOT-E11-S2", f"The net turn of the cable must stay within +/-{CABLE_DEG:g} deg.",
                   _cable_overwound),
        SafetyRule("MOT-E11-S3", f"Done must only be on while the turret is at rest within {WINDOW_DEG} deg "
                   "of the order being served (or of the order just served, until Done goes off).",
                   _done_not_at_order),
    ),
    parameters=(
        ParameterRange("sector_width_deg", 0.0, 60.0, "deg",
                       "width of the forbidden sector: 0 (none) or 30..60 (given on %IW2)"),
        ParameterRange("sector_start_deg", 0.0, 359.9, "deg",
                       "start of the forbidden sector (given on %IW1)"),
        ParameterRange("start_deg", 0.0, 359.9, "deg",
                       "where the turret stands at power-up (may be in the sector)"),
        ParameterRange("order_deg", 0.0, 359.9, "deg", "the five ordered angles (given on %IW3..%IW7), "
                       "at least 2 deg outside the sector, each at least 10 deg from the last",
                       keys=tuple(f"order_{k + 1}_deg" for k in range(ORDERS))),
        ParameterRange("max_speed", 30.0, 180.0, "deg/s", "drive's configured (full) speed"),
        ParameterRange("accel", 90.0, 900.0, "deg/s^2", "drive's acceleration and deceleration"),
        *drive_ranges(),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=75.0,
    build_plant=build_plant,
    judged_devices=Tour,
    condition_defaults={"response_s": 0.02, "fault_at_start": 0},
)
