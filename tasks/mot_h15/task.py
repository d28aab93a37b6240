"""MOT-H15 Shared transfer access.

Three stations along a rail share one transfer shuttle (a servo axis). Each station raises
its request when it needs the shuttle; the program moves the shuttle to it and grants it;
the station reaches in with its arm, works, drops its request when its work is done, and
retracts its arm. Only one station may be granted at a time, no arm may reach into a shuttle
that is not standing at it, and every request must be served within a bound, so a program
that always prefers the lowest station number starves the far station when its two
neighbours keep asking.

Request times (some simultaneous, some repeated at once after being served), work and arm
times, shuttle speed, acceleration and start position vary per condition. Sampled conditions
(sample_condition) draw each parameter over its published range, but not every combination:
the slowest shuttle with the longest arms and work and five requests from every station can
meet neither the 20 s bound nor the time limit under any arbiter, so draws that a round-robin
estimate says would not fit are redrawn (see sample_condition).

Changes from the catalog entry, and why:
- A station's arm drive may trip during its service (sim.devices.stations.TransferStation
  trip_request/trip_point/trip_reset_s; its station_fault at %IX1.3-1.5), which the catalog
  does not have. It was added because a careful program written blind from the prompt, a plain
  first-come-first-served queue, passed every registered condition on its first try: the task
  had no fault to recover from while the other jobs go on. The trip comes at any point from the
  grant (the arm then never leaves home) through the arm's way in to the end of the work; the
  arm goes home by itself, the request stays up, the grant is ignored until the station's
  operator resets it 2-8 s later, and then the station acts on a grant left on at once,
  wherever the shuttle is. The prompt (point 6) says: grant off, keep still until the arm is
  home, set the request aside and go on with the others (or park), the move-on of point 3 from
  the arm being home (from the trip when the arm never left), and the tripped request's 20 s
  count from the trip. Judged by the rules already there: S3's clock restarts on the trip scan
  (_Waiting), the move-on judge's cause also fires on a trip with every arm home, and a trip
  with the arm out ends the episode under way with nothing owed (_ArmCameHome notes it); a
  grant left on shows at the reset as S2 or S1. Registered: staggered (a trip with the grant,
  nobody else asking), all_at_once (in the work), busy_upper (on the way in, an 8 s reset) and
  the new trip_behind_queue and reset_behind_queue; sampled one time in 2.
- What a careful program gets wrong, each kept in counterexamples/: the place of the tripped
  request in the queue. Served in the order the stations first asked (the blind program's
  queue), the tripped station comes again before a station that has waited longer by the clock
  (whose 20 s count from its request, the tripped one's from the trip), which then waits 21 s
  in trip_behind_queue (trip_first_asked.st); put at the back of the queue at its reset, as if
  it had just asked, it comes after requests raised after its trip and waits over 20 s from the
  trip in reset_behind_queue (trip_requeued_at_reset.st). Its place is that of the trip (the
  second program), or the turn passes on as in the reference's round robin. Also: waiting at the
  tripped station for its reset (trip_waits_for_reset.st), leaving its grant on
  (trip_grant_left_on.st) and moving off before its arm is home (trip_leaves_at_once.st).
"""

from __future__ import annotations

from sim import judges
from sim.devices.axis import Axis
from sim.devices.stations import TransferStation
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import store_drive_fault

STATION_MM = (250.0, 550.0, 850.0)    # shuttle position (mm) in front of stations 1..3
PARK_MM = 0.0
WINDOW_MM = 0.5
GRANT_BOUND_S = 20.0
HOLD_S = 1.0
MOVE_ON_WITHIN_S = 0.3   # once a served station's arm is home, the shuttle sets off (or grants) within this
TRIP_RESET_S = (2.0, 8.0)  # a tripped station's operator resets it this long after the trip
MOVE_ON_MM = 1.0         # ... really travelling at least this far (or a granted station's arm goes in)
RAIL_ORIGIN = (100.0, 250.0)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Axis(
        "shuttle", origin=RAIL_ORIGIN, angle_deg=0.0, limit_minus_mm=-5.0, limit_plus_mm=1005.0,
        rail_min_mm=-40.0, rail_max_mm=1045.0, home_mm=PARK_MM, start_mm=p["shuttle_start_mm"],
        max_speed=p["shuttle_speed"], accel=p["shuttle_accel"], window_mm=WINDOW_MM, settle_s=0.05,
        carriage_length_mm=120.0, carriage_width_mm=90.0, rail_width_mm=50.0, label="transfer shuttle",
        color="#e69138"))
    if p.get("fault_at_start"):
        store_drive_fault(plant["shuttle"])
    for n, at in enumerate(STATION_MM, 1):
        trips = p.get("trip_station") == n
        plant.add(TransferStation(
            f"station_{n}", n, at, x=RAIL_ORIGIN[0] + at, y=RAIL_ORIGIN[1] + 190.0,
            requests=tuple(p[f"requests_{n}"]), regap_s=p["regap_s"], arm_time_s=p["arm_time_s"],
            work_s=p[f"work_{n}_s"], trip_request=p["trip_request"] if trips else 0,
            trip_point=p.get("trip_point", 0.0), trip_reset_s=p.get("trip_reset_s", 3.0)))
    return plant


# --- judges -------------------------------------------------------------------------------

STATIONS = ("station_1", "station_2", "station_3")
GRANTS = ("grant_1", "grant_2", "grant_3")


def _judged(plant: Plant) -> tuple[Axis, tuple[TransferStation, ...]]:
    """The shuttle and the stations the judges look at (s.devices)."""
    return plant.device("shuttle", Axis), tuple(plant.device(n, TransferStation) for n in STATIONS)


def _served(n):
    def pred(s):
        st = s.devices[1][n - 1]
        return st.served >= st.total
    return pred


def _parked(s) -> bool:
    shuttle, stations = s.devices
    io = s.io
    return (abs(shuttle.pos - PARK_MM) <= WINDOW_MM and shuttle.vel == 0.0
            and not (io["grant_1"] or io["grant_2"] or io["grant_3"])
            and all(st.arm <= 0.0 for st in stations))


class _ArmCameHome:
    """True on the scan a station's arm came home (it was in on the scan before), or a station
    tripped with every arm home (the trip came with its grant: its arm never left, and no other
    arm holds the shuttle, which only a program granting a second station can bring about);
    remembers which station and why, and adds up how far the shuttle has travelled since
    (either way), for the move-on judge's ways. Notes the scan a station trips with its arm
    out (tripped_out_ms) for the judge's excuse. A trip is seen by the station's trip count."""

    def __init__(self):
        self.was_in = [False, False, False]
        self.trips_seen = [0, 0, 0]
        self.tripped_out_ms: int | None = None   # the scan a station last tripped with its arm out
        self.station = 0
        self.tripped = False
        self.travelled_mm = 0.0
        self.last_mm: float | None = None

    def __call__(self, s) -> bool:
        shuttle, stations = s.devices
        pos = shuttle.pos
        if self.last_mm is not None:
            self.travelled_mm += abs(pos - self.last_mm)
        self.last_mm = pos
        came = False
        was_in, trips_seen = self.was_in, self.trips_seen
        for k, st in enumerate(stations):
            inside = st.arm > 0.0
            if was_in[k] and not inside:
                came, self.station, self.tripped, self.travelled_mm = True, st.number, False, 0.0
            elif st.trips != trips_seen[k]:
                trips_seen[k] = st.trips
                if inside:
                    self.tripped_out_ms = s.time_ms
                elif all(other.arm <= 0.0 for other in stations):
                    # tripped with the grant: nothing to wait for (no arm in the shuttle's way)
                    came, self.station, self.tripped, self.travelled_mm = True, st.number, True, 0.0
            was_in[k] = inside
        return came


def _move_on():
    """Whenever a station's arm has come home, within MOVE_ON_WITHIN_S the shuttle really sets
    off (it travels MOVE_ON_MM) or a granted station's arm really goes in (a twentieth of its
    stroke, then on until it is fully in without going back).

    The same holds from the scan a station trips with its arm home (the trip came with its
    grant): its request is set aside until the reset, so the shuttle goes on to another station
    or to park. A trip with the arm out (on its way in, working) ends the episode under way with
    nothing owed (excused on that scan; the cause, called every scan, notes it): the arm going
    back is the station's doing, not the program's; its arm coming home starts the next.

    Judged by real progress (sim.judges.progress_within), not by "the shuttle moves or a grant
    is on": a program that waits a fixed worst-case arm time instead of the arm's home signal
    and keeps the clock quiet with a one-scan grant to the station whose arm is going home
    (which ignores it), or by re-sending the shuttle where it stands, moves nothing. Why the
    shuttle need not arrive where it first set off to, and travel in either direction counts:
    re-targeting it on a request that comes a moment later is right (shuttle_start re-targets a
    moving shuttle; the station it just left may ask again), and a program blind to the arm
    cannot move the shuttle before the arm is home without breaking S2, so a real move of the
    shuttle is never a token.
    """
    home = _ArmCameHome()

    def shuttle_travel(s):
        return -home.travelled_mm

    def arms_out(s):
        return 1.0 - max(st.arm for st in s.devices[1])

    return judges.progress_within(
        "after an arm came home the shuttle moves on", cause=home,
        ways=[judges.Way("the shuttle", shuttle_travel, by=MOVE_ON_MM),
              judges.Way("a granted station's arm", arms_out, by=0.05, until=lambda s: arms_out(s) <= 0.0)],
        within_s=MOVE_ON_WITHIN_S, excused=lambda s: home.tripped_out_ms == s.time_ms,
        late=lambda t: (f"{_what_came(home)} at {t:g} s but the shuttle had neither set off nor granted "
                        f"{MOVE_ON_WITHIN_S:g} s later"))


def _what_came(home: _ArmCameHome) -> str:
    if home.tripped:
        return f"station {home.station} tripped with its arm home"
    return f"the arm of station {home.station} was home"


def _completion():
    return judges.watched(judges.in_order(
        judges.all_of(*(judges.event(f"station {n}: every request served", _served(n)) for n in (1, 2, 3)),
                      name="all requests served"),
        judges.held("shuttle parked at 0 mm, no grant, arms home", _parked, HOLD_S),
    ), _move_on(), name="every request served, the shuttle moving on promptly")


def _two_grants(s):
    on = [n for n, g in enumerate(GRANTS, 1) if s.io[g]]
    if len(on) > 1:
        return "stations " + " and ".join(str(n) for n in on) + " granted at the same time"
    return None


def _arm_collision(s):
    shuttle, stations = s.devices
    for st in stations:
        if st.arm > 0.0:
            if shuttle.vel != 0.0:
                return (f"the shuttle moved at {shuttle.pos:.1f} mm while the arm of station "
                        f"{st.number} was in")
            if abs(shuttle.pos - st.at_mm) > WINDOW_MM:
                return (f"the arm of station {st.number} reached in with the shuttle at "
                        f"{shuttle.pos:.1f} mm, not at the station ({st.at_mm:g} mm)")
    return None


def _being_served(st: TransferStation) -> bool:
    """Its arm fully in the shuttle or its work under way: a grant for one scan, taken away
    before the arm moved, serves nobody."""
    return st.arm >= 1.0 or st.phase == "working"


class _Waiting:
    """Station n's request is up and it is not being served. A service aborted by taking the
    grant away before the work was done leaves the request up: it waits again from then. So
    does a trip, wherever in the service it comes (on the grant, the arm on its way in, the
    work): on the scan its fault comes on the station is not waiting, so the clock starts
    again from the trip and runs through the reset (S3's wording, point 6)."""

    def __init__(self, n: int):
        self.k = n - 1
        self.trips_seen = 0

    def __call__(self, s) -> bool:
        st = s.devices[1][self.k]
        if st.trips != self.trips_seen:      # the scan it tripped
            self.trips_seen = st.trips
            return False
        return st.request and not (st.arm >= 1.0 or st.phase == "working")


def _really_served(n):
    return lambda s: _being_served(s.devices[1][n - 1])


# S3: each request's clock runs from its rise until the station is really served, so a
# flickered grant stops no clock (the station's own requested_at stops at the first grant)
_starved = judges.waits_at_most(
    GRANT_BOUND_S, [(f"station {n}", _Waiting(n), _really_served(n)) for n in (1, 2, 3)],
    message=lambda name, limit: f"{name} has waited more than {limit:g} s to be served")


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, *, works, requests, **params):
    for n in (1, 2, 3):
        params[f"work_{n}_s"] = works[n - 1]
        params[f"requests_{n}"] = tuple(requests[n - 1])
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("staggered", 301, "requests one after another, shuttle parked, brisk devices; station 1 trips "
          "with the grant of its second request, nobody else asking", shuttle_start_mm=0.0,
          shuttle_speed=400.0, shuttle_accel=1500.0, arm_time_s=0.3,
          works=(1.2, 1.5, 1.0), requests=((1.0, 9.0), (3.0,), (2.0, 12.0)), regap_s=2.0,
          trip_station=1, trip_request=2, trip_point=0.0, trip_reset_s=4.0),
    _cond("all_at_once", 302, "all three stations ask at 0.5 s and again soon after being served; "
          "shuttle starts in front of station 2; station 2 trips in its first work, reset 5 s later",
          shuttle_start_mm=550.0, shuttle_speed=300.0,
          shuttle_accel=1000.0, arm_time_s=0.5, works=(2.0, 1.0, 1.5),
          requests=((0.5, 0.5), (0.5, 0.5), (0.5, 0.5)), regap_s=1.0,
          trip_station=2, trip_request=1, trip_point=0.6, trip_reset_s=5.0),
    _cond("busy_neighbours", 303, "stations 1 and 2 ask again and again right after being served; "
          "station 3 asks once", shuttle_start_mm=100.0, shuttle_speed=500.0, shuttle_accel=2000.0,
          arm_time_s=0.6, works=(1.5, 1.5, 1.0),
          requests=((0.5,) * 5, (0.5,) * 5, (1.0,)), regap_s=0.3),
    _cond("slow_shuttle", 304, "slow soft shuttle starting between stations with a drive fault stored "
          "at power-up (must be cleared), slow arms, long work", fault_at_start=1,
          shuttle_start_mm=720.0, shuttle_speed=150.0, shuttle_accel=400.0, arm_time_s=0.8,
          works=(3.0, 2.5, 0.8), requests=((2.0,), (0.2, 10.0), (4.0,)), regap_s=0.5),
    _cond("fast_and_busy", 305, "fast shuttle, quick arms, the outer stations ask repeatedly",
          shuttle_start_mm=300.0, shuttle_speed=600.0, shuttle_accel=2500.0, arm_time_s=0.2,
          works=(1.5, 2.0, 1.5), requests=((0.3,) * 5, (1.0,), (0.3,) * 5), regap_s=0.3),
    # with busy_neighbours and fast_and_busy, every fixed priority order starves one station
    _cond("busy_upper", 306, "stations 2 and 3 ask again and again right after being served; "
          "station 1 asks once; shuttle starts at the far end; station 3's arm trips on its way in "
          "at its second request, reset 8 s later", shuttle_start_mm=900.0,
          shuttle_speed=350.0, shuttle_accel=1200.0, arm_time_s=0.6, works=(1.0, 1.5, 1.5),
          requests=((1.0,), (0.5,) * 5, (0.5,) * 5), regap_s=0.3,
          trip_station=3, trip_request=2, trip_point=0.15, trip_reset_s=8.0),
    # served in the order they first asked, station 2 (tripped near the end of its work, reset
    # 2 s later) would come again before station 1, which has waited since 0.7 s: station 1 then
    # waits 21 s. Its 20 s count from 0.7 s, station 2's from its trip (about 4 s): station 1
    # first keeps both (round robin, or the oldest wait clock first)
    _cond("trip_behind_queue", 307, "all three ask within 0.2 s, station 2 first; slow shuttle, long "
          "work; station 2 trips at the end of its work and is reset 2 s later",
          shuttle_start_mm=550.0, shuttle_speed=200.0, shuttle_accel=400.0, arm_time_s=0.8,
          works=(1.5, 3.0, 3.0), requests=((0.7,), (0.5,), (0.6,)), regap_s=0.5,
          trip_station=2, trip_request=1, trip_point=0.9, trip_reset_s=2.0),
    # the other way round: station 2 trips at once and is reset 6 s later, while stations 3 and 1
    # are served and ask again. Put at the back of the queue at its reset, station 2 comes after
    # station 3's new request and waits over 20 s from its trip; its place is that of the trip,
    # before station 3's new request (round robin gives it the turn after station 1 too)
    _cond("reset_behind_queue", 308, "station 2 trips as its arm sets off and is reset 6 s later; "
          "stations 1 and 3 keep asking", shuttle_start_mm=550.0, shuttle_speed=250.0,
          shuttle_accel=600.0, arm_time_s=0.6, works=(2.5, 2.0, 2.5),
          requests=((1.0, 1.0), (0.5,), (0.7, 0.7, 0.7)), regap_s=0.3,
          trip_station=2, trip_request=1, trip_point=0.1, trip_reset_s=6.0),
)


def _trip_s(mm: float, speed: float, accel: float) -> float:
    """Time for a shuttle trip of `mm` from rest to rest (trapezoid, or triangle when short)."""
    if mm * accel <= speed * speed:
        return 2.0 * (mm / accel) ** 0.5
    return mm / speed + speed / accel


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample).

    Shuttle speed and acceleration, arm time, regap and each station's work time are drawn
    over their whole ranges; the start position anywhere on 0..900 mm (in front of a station
    1 time in 4, parked 1 in 8); a drive fault is stored 1 time in 4. Each station asks
    requests_per_station (1..5) times, first at first_request_s (0.2..6 s; all three at the
    same moment 1 time in 4); each later request is scheduled either at once (the station asks
    again as soon as regap_s after being served, half the time) or 2..12 s after the previous
    one's schedule.

    What must stay consistent: the cell must be able to meet its own bounds. The slowest
    shuttle, the longest arms and work and five requests from each station together need
    more than the 90 s time limit, and a station whose two neighbours keep asking then waits
    longer than the 20 s bound under any arbiter. So the draw is repeated until a round-robin
    estimate fits: a request waits at most both other stations' services (trip, arm in,
    work, arm out) plus its own trip and arm stroke, within 17 s; all services in a row
    end by 75 s. Every single parameter still spans its published range.

    A station's arm drive trips one time in 2 (each station alike): in one of its requests, with
    the grant one time in 5, else anywhere from 2 % to 95 % of its arm stroke in plus work; its
    reset 2..8 s after the trip. The estimate then also holds for the tripped request, whose
    20 s count from the trip: its arm home and both other services (the turn passed on), or the
    reset and one service under way, then its own trip and arm stroke; the aborted service and
    the reset are added to the busy time.
    """
    while True:
        speed = round(rng.uniform(150.0, 600.0))
        accel = round(rng.uniform(400.0, 2500.0))
        arm = round(rng.uniform(0.2, 0.8), 2)
        regap = round(rng.uniform(0.3, 2.0), 2)
        works = [round(rng.uniform(0.8, 3.0), 2) for _ in STATION_MM]
        counts = [rng.randint(1, 5) for _ in STATION_MM]
        trip = _trip_s(STATION_MM[2] - STATION_MM[0], speed, accel)
        service = [trip + 2 * arm + w + 0.1 for w in works]
        worst_wait = max(sum(service) - service[n] + trip + arm for n in range(3))
        busy = sum(c * sv for c, sv in zip(counts, service, strict=True)) + 6.0 + trip
        ts = rng.randint(1, 3) if rng.random() < 0.5 else 0
        if ts:
            k = rng.randint(1, counts[ts - 1])
            point = 0.0 if rng.random() < 0.2 else round(rng.uniform(0.02, 0.95), 2)
            reset = round(rng.uniform(*TRIP_RESET_S), 1)
            others = [sv for n, sv in enumerate(service) if n != ts - 1]
            # from the trip: its arm home, then the other two services (round robin) or the reset
            # and one service under way, then its own trip and arm stroke
            tripped_wait = max(arm + sum(others), reset + max(others)) + trip + arm
            worst_wait = max(worst_wait, tripped_wait)
            busy += service[ts - 1] + reset
        if worst_wait <= 17.0 and busy <= 75.0:
            break
    together = rng.random() < 0.25
    first = round(rng.uniform(0.2, 6.0), 1)
    requests = []
    for c in counts:
        at = first if together else round(rng.uniform(0.2, 6.0), 1)
        times = [at]
        for _ in range(c - 1):
            at = at if rng.random() < 0.5 else round(at + rng.uniform(2.0, 12.0), 1)
            times.append(at)
        requests.append(tuple(times))
    where = rng.random()
    if where < 0.25:
        start = rng.choice(STATION_MM)
    elif where < 0.375:
        start = PARK_MM
    else:
        start = round(rng.uniform(0.0, 900.0), 1)
    params = {"shuttle_start_mm": start, "shuttle_speed": speed, "shuttle_accel": accel, "arm_time_s": arm,
              "regap_s": regap, "fault_at_start": int(rng.random() < 0.25), "trip_station": ts,
              "trip_request": k if ts else 1, "trip_point": point if ts else 0.0,
              "trip_reset_s": reset if ts else 3.0}
    for n in (1, 2, 3):
        params[f"work_{n}_s"] = works[n - 1]
        params[f"requests_{n}"] = requests[n - 1]
    description = (f"{'/'.join(str(c) for c in counts)} requests, shuttle from {start:g} mm"
                   + (", drive fault stored" if params["fault_at_start"] else "")
                   + (f", station {ts} trips in request {k} at {point:g}, reset {reset:g} s" if ts else ""))
    return {"params": params, "description": description}


IO = (
    *(IOPoint(f"%IX0.{n - 1}", f"request_{n}", "BOOL", "input", f"station_{n}", "request",
              f"Station {n} requests the shuttle: TRUE from when it needs it until its work is done "
              "(it drops before the arm is back home)") for n in (1, 2, 3)),
    *(IOPoint(f"%IX0.{n + 2}", f"arm_inside_{n}", "BOOL", "input", f"station_{n}", "arm_inside",
              f"Station {n}'s arm is out of its home position, in the transfer path") for n in (1, 2, 3)),
    *(IOPoint(f"%IX1.{n + 2}", f"station_fault_{n}", "BOOL", "input", f"station_{n}", "fault",
              f"Station {n}'s arm drive has tripped: TRUE from the trip until its operator has reset the "
              "station (its arm goes home by itself, its request stays up, it ignores its grant meanwhile)")
      for n in (1, 2, 3)),
    IOPoint("%IX0.6", "shuttle_ready", "BOOL", "input", "shuttle", "ready",
            "TRUE when the shuttle drive is enabled and has no fault"),
    IOPoint("%IX0.7", "shuttle_in_position", "BOOL", "input", "shuttle", "in_position",
            f"TRUE when the shuttle is within {WINDOW_MM} mm of the target of its last move and at rest "
            "(FALSE before any move, while disabled or faulted)"),
    IOPoint("%IX1.0", "shuttle_standstill", "BOOL", "input", "shuttle", "standstill",
            "TRUE while the shuttle is not moving"),
    IOPoint("%IX1.1", "shuttle_fault", "BOOL", "input", "shuttle", "fault",
            "TRUE while the shuttle drive has a latched fault (cleared by a rising edge on shuttle_reset)"),
    IOPoint("%IX1.2", "shuttle_home", "BOOL", "input", "shuttle", "home",
            "Home switch: TRUE while the shuttle is within 2 mm of the park position 0 mm"),
    IOPoint("%IW0", "shuttle_position", "INT", "input", "shuttle", "position",
            "Actual shuttle position", "0.1 mm", "-50..10050"),
    *(IOPoint(f"%QX0.{n - 1}", f"grant_{n}", "BOOL", "output", f"station_{n}", "grant",
              f"Grant station {n} access: while TRUE and requesting, the station reaches into the shuttle "
              "and works; taking the grant away before its request drops aborts its work")
      for n in (1, 2, 3)),
    IOPoint("%QX0.3", "shuttle_enable", "BOOL", "output", "shuttle", "enable",
            "TRUE enables the shuttle drive (FALSE: it brakes to a stop)"),
    IOPoint("%QX0.4", "shuttle_start", "BOOL", "output", "shuttle", "start",
            "Rising edge starts a shuttle move to shuttle_target (also while moving: re-targets)"),
    IOPoint("%QX0.5", "shuttle_reset", "BOOL", "output", "shuttle", "reset",
            "Rising edge clears a latched shuttle drive fault"),
    IOPoint("%QW0", "shuttle_target", "INT", "output", "shuttle", "target",
            "Target of the next shuttle move, taken at the shuttle_start edge", "0.1 mm", "0..10000"),
)

TASK = Task(
    id="MOT-H15", title="Shared transfer access", suite="MOT", level="H",
    summary="Serve the access requests of three stations with one shared transfer shuttle: one "
            "station at a time, never an arm into a shuttle that is not standing at it, no starvation.",
    plant_description=(
        "A 1000 mm rail carries one transfer shuttle (servo axis; park position 0 mm at the left, home "
        "switch there, limit switches at -5 mm and 1005 mm). Three stations stand along the rail; the "
        f"shuttle is in front of station 1, 2, 3 at {STATION_MM[0]:g}, {STATION_MM[1]:g} and "
        f"{STATION_MM[2]:g} mm. Each station raises its request when it needs the shuttle. When granted, "
        "it reaches into the shuttle with its arm, works, drops its request when the work is done and "
        "then retracts its arm. Stations act on their grant alone: they do not check where the shuttle "
        "is. A station may ask again soon after it was served. The shuttle starts anywhere on the rail. "
        "A station's arm drive may trip during a service, at any point from its grant to the end of its "
        "work: its station_fault comes on, its arm goes home by itself (it does not leave home when the "
        "trip comes with the grant), its request stays up and it ignores its grant until its operator has "
        f"reset it, {TRIP_RESET_S[0]:g} to {TRIP_RESET_S[1]:g} s later (station_fault goes off). Once reset "
        "it acts on its grant again at once, wherever the shuttle is."),
    specification=(
        "1. Enable the shuttle drive (clear a fault first if one is reported).\n"
        "2. Serve requests one at a time: pick a requesting station, move the shuttle to it, and when "
        "the shuttle is in position there (in_position and standstill) switch that station's grant on.\n"
        "3. Keep the shuttle still and the grant on until the station drops its request; then switch "
        "the grant off and wait until that station's arm is home before the shuttle moves again; "
        f"within {MOVE_ON_WITHIN_S:g} s of the arm being home, set the shuttle off (to the next station "
        f"or to park; it must really travel, at least {MOVE_ON_MM:g} mm, in that time) or grant a station "
        "whose arm then goes in.\n"
        f"4. Serve fairly: every request must be served within {GRANT_BOUND_S:g} s (the station's arm "
        "fully in the shuttle by then); stations that ask again and again must not lock out the "
        "others.\n"
        f"5. When no station requests, move the shuttle to the park position ({PARK_MM:g} mm) and wait "
        "there.\n"
        "6. A station that trips (its station_fault on): switch its grant off, keep the shuttle still "
        "until its arm is home, then set its request aside until the station is reset and go on with the "
        "others, or park when no other station asks. The move-on of point 3 holds from its arm being "
        "home (from the trip itself when its arm never left home). Once reset, its request is served "
        f"like any other; its {GRANT_BOUND_S:g} s of point 4 count from the trip.\n"
        "Request times, work and arm times, the shuttle's speed, and which station trips and when "
        "differ from run to run."),
    io=IO,
    completion=Completion(
        "Every request of every station is served (the station finished its work); after that the "
        f"shuttle is at rest within {WINDOW_MM} mm of the park position {PARK_MM:g} mm with no grant on "
        f"and every arm home, for {HOLD_S:g} s without a break. Whenever a station's arm has come home (or "
        "a station has tripped with its arm home), "
        f"within {MOVE_ON_WITHIN_S:g} s the shuttle sets off (it travels at least {MOVE_ON_MM:g} mm in that "
        "time) or a granted station's arm starts to go in (then on until it is fully in without going "
        "back, unless its station trips).",
        _completion,
        keep=_parked,
        keep_wording=f"the shuttle at rest within {WINDOW_MM} mm of the park position {PARK_MM:g} mm, no "
                     "grant on and every arm home."),
    safety_rules=(
        SafetyRule("MOT-H15-S1", "At most one station may be granted at a time.",
                   _two_grants),
        SafetyRule("MOT-H15-S2", f"A station's arm may only be in the transfer path while the shuttle stands "
                   f"still within {WINDOW_MM} mm of that station.",
                   _arm_collision),
        SafetyRule("MOT-H15-S3", f"Every request must be served within {GRANT_BOUND_S:g} s of being "
                   "raised: by then the station's arm is fully in the shuttle (a grant the station cannot "
                   "use does not count; a service aborted by taking the grant away or by the station's "
                   "trip waits again from then).",
                   _starved),
    ),
    parameters=(
        ParameterRange("shuttle_speed", 150.0, 600.0, "mm/s", "shuttle drive's speed"),
        ParameterRange("shuttle_accel", 400.0, 2500.0, "mm/s^2", "shuttle drive's acceleration"),
        ParameterRange("shuttle_start_mm", 0.0, 900.0, "mm", "shuttle position at power-up"),
        ParameterRange("arm_time_s", 0.2, 0.8, "s", "time a station's arm takes to reach in or to go home"),
        *(ParameterRange(f"work_{n}_s", 0.8, 3.0, "s", f"station {n}'s work time per request")
          for n in (1, 2, 3)),
        ParameterRange("regap_s", 0.3, 2.0, "s", "shortest time from a station's request dropping to its "
                       "next request"),
        ParameterRange("requests_per_station", 1, 5, "", "how many times each station asks in a run"),
        ParameterRange("first_request_s", 0.2, 6.0, "s", "when a station first asks"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the shuttle drive reports a stored fault at "
                       "power-up"),
        ParameterRange("trip_station", 0, 3, "", "the station whose arm drive trips once in the run (0: "
                       "none)"),
        ParameterRange("trip_request", 1, 5, "", "which of that station's requests it trips in"),
        ParameterRange("trip_point", 0.0, 0.95, "", "how far through that service's arm stroke in plus "
                       "work it trips (0: with the grant)"),
        ParameterRange("trip_reset_s", *TRIP_RESET_S, "s", "time from the trip until its operator has reset "
                       "the station"),
    ),
    conditions=CONDITIONS,
    time_limit_s=90.0,
    build_plant=build_plant,
    condition_defaults={"regap_s": 0.3, "fault_at_start": 0, "trip_station": 0, "trip_request": 1,
                        "trip_point": 0.0, "trip_reset_s": 3.0},
    judged_devices=_judged,
    sampler=sample_condition,
)
