"""MOT-H06 Shared hydraulic power unit.

One hydraulic power unit (sim.devices.hydraulic_power_unit: a fixed pump with an unloading valve
and an accumulator) feeds three cylinders on proportional valves (sim.devices.prop_cylinder):
a clamp and a press at the press station, and a lift at the lift station. Each station asks for
strokes now and then (sim.devices.stroke_station): the press job is clamp out, press out and
back, clamp back; the lift job is lift up and back down. The jobs are independent and share the
pump's flow: two at once when the flows fit, one throttled when they do not (the press first),
no request left waiting over 8 s to start, and the pump unloaded when idle.

Why it is Hard: the cylinders' flows (15-30 l/min each at full speed) and the pump's delivery
(20-40 l/min: a worn pump gives half) are not told, so whether two strokes fit at once must be
read from the pressure; the accumulator (recharged from 120 to 180 bar in 1-6 s by a full
pump) may be small enough that an over-demand drains it in a fraction of a second; the pressure
may start low (charge first) and the lift may start off home. Strokes one at a time make the
second job wait longer than 8 s when strokes are slow (S3); all valves opened at once drain the
supply under 120 bar while cylinders move (S1): the catalog's two-sided window.

Changes from the catalog entry, and why:
- The requests come from two stations (press job, lift job), not TransferStation devices: a
  stroke request is served by the cylinder's travel (out to its end cap and home again), which a
  TransferStation's grant and arm do not model. The clamp serves the press job (S2).
- "Started" means the job's first cylinder 5 mm out from its lowest point since the request rose
  (a clamp still on its way home from the last cycle has not started the next); each request
  must also be served (out and back) within 30 s of rising, a stated deadline a deadlock misses
  (the run ends there).
- The start pressure is drawn 0-170 bar (the catalog's 60 bar among them).
- Added, so that a careful program written from the prompt alone does not pass on its first try
  (it did, 6 of 6, before): the motor's overload relay may trip during a job (a fault to recover
  from while the other job goes on), and S4: the pump may not blow off over the relief valve more
  than 2 s without a break (the catalog's "unload when idle", also between strokes of a job).
- Added, because a careful program written from the prompt alone still passed 6 of 6 on its first
  try with the trip and S4 (valve openings scaled by predicted pressure, the lift given priority
  after 3 s unstarted): the motor runs up after every start (0.2-2 s, not told; pump_running
  FALSE meanwhile, the pump delivering nothing), as a star-delta started motor does in the
  field. The pump must be started unloaded (S5: loaded during the run-up, the motor stalls and
  its relay trips, in the device), and the relay may also trip during a run-up, so pump_running
  never comes. A program that reads "pump_run TRUE and pump_running FALSE" as a trip after a
  short debounce resets a motor that is only running up, again and again (short_debounce); one
  that reads only a drop of pump_running as a trip waits for ever when the relay trips during a
  run-up (edge_only_trip); one that loads the pump as soon as a job is under way or the pressure
  is low stalls the motor (S5); one that waits the longest run-up before
  treating a missing pump_running as a trip still has to keep the 8 s and 30 s of every request
  through the longer outage (the power-up charge and the restart after a trip both take a
  run-up longer). Three conditions run up long at a trip or power-up (low_pressure_lift_up 1.8 s,
  half_flow 1.5 s with its trip, slow_strokes 2 s with its trip), and small_accumulator trips
  during the first run-up; the sampler draws the run-up over its whole range and a quarter of
  its trips during the power-up run-up, and its power-up shift and oil budget count the run-ups
  and the reset.
"""

from __future__ import annotations

from sim import judges
from sim.devices.hydraulic_power_unit import HydraulicPowerUnit
from sim.devices.prop_cylinder import ANALOG_FULL, PropCylinder
from sim.devices.stroke_station import StrokeStation
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun

MIN_BAR = 120.0
START_BOUND_S = 8.0
SERVE_BOUND_S = 30.0
HOLD_S = 1.0
RELIEF_BAR = 190.0
RELIEF_S = 2.0
RESET_S = 1.0
RUNUP_MAX_S = 2.0
NOMINAL_PUMP_LPM = 40.0
STROKES = {"clamp": 60.0, "press": 200.0, "lift": 400.0}
CYLINDERS = ("clamp", "press", "lift")


def capacity(recharge_s: float) -> float:
    """Accumulator litres per bar: a full (40 l/min) pump charges it 120 -> 180 bar in recharge_s."""
    return NOMINAL_PUMP_LPM / 60.0 * recharge_s / 60.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for n, name in enumerate(CYLINDERS):
        plant.add(PropCylinder(name, 420.0, 160.0 + 220.0 * n, stroke=STROKES[name],
                               max_speed=p[f"{name}_speed"], deadband=p["deadband"], lag_s=p["lag_s"],
                               drift=0.0, start_mm=p["lift_start_mm"] if name == "lift" else 0.0,
                               label=name))
    plant.add(StrokeStation("press_station", 1, "press", x=280.0, y=380.0,
                            requests=tuple(p["press_requests"]),
                            regap_s=p["regap_s"], start_cylinder="clamp", label="press station"))
    plant.add(StrokeStation("lift_station", 2, "lift", x=280.0, y=600.0,
                            requests=tuple(p["lift_requests"]),
                            regap_s=p["regap_s"], label="lift station"))
    plant.add(HydraulicPowerUnit("hpu", -60.0, 300.0, consumers=tuple((c, p[f"{c}_lpm"]) for c in CYLINDERS),
                                 pump_lpm=p["pump_lpm"], capacity_l_per_bar=capacity(p["recharge_s"]),
                                 start_bar=p["start_bar"], trip_at_s=p["trip_at_s"] or None,
                                 reset_s=RESET_S, runup_s=p["runup_s"], label="power unit"))
    return plant


class _Judged:
    """The devices the judges read every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.hpu = plant.device("hpu", HydraulicPowerUnit)
        self.clamp, self.press, self.lift = (plant.device(c, PropCylinder) for c in CYLINDERS)
        self.cylinders = (self.clamp, self.press, self.lift)
        self.stations = (plant.device("press_station", StrokeStation),
                         plant.device("lift_station", StrokeStation))


# --- judges -------------------------------------------------------------------------------

def _low_pressure_motion(s):
    d = s.devices
    if d.hpu.bar >= MIN_BAR:
        return None
    for c in d.cylinders:
        if c.vel != 0.0:
            return f"the {c.name} moved ({c.vel:+.1f} mm/s) with the supply at {d.hpu.bar:.1f} bar"
    return None


def _press_unclamped(s):
    d = s.devices
    if d.press.pos > 0.0 and d.clamp.pos < d.clamp.stroke:
        return (f"the press was {d.press.pos:.1f} mm out with the clamp at {d.clamp.pos:.1f} mm, "
                "not closed at its end")
    return None


def _blowing_off(s):
    hpu = s.devices.hpu
    if hpu.relief_run_s > RELIEF_S + 1e-9:
        return (f"the pump has blown off over the relief valve ({RELIEF_BAR:g} bar) for more than "
                f"{RELIEF_S:g} s without a break")
    return None


def _loaded_run_up(s):
    hpu = s.devices.hpu
    if hpu.stalls:
        return (f"the pump was loaded (unloading valve closed) during its motor's run-up at "
                f"{hpu.stalls[0]:g} s: the motor stalled and its overload relay tripped")
    return None


def _waiting(st):
    return lambda s: st(s).request and st(s).started[-1] is None


def _started(st):
    return lambda s: st(s).started[-1] is not None


PRESS = lambda s: s.devices.stations[0]      # noqa: E731
LIFT = lambda s: s.devices.stations[1]       # noqa: E731

_late_start = judges.waits_at_most(
    START_BOUND_S, [("the press station", _waiting(PRESS), _started(PRESS)),
                    ("the lift station", _waiting(LIFT), _started(LIFT))],
    message=lambda name, limit: f"a request of {name} has waited more than {limit:g} s to start")


class ServedInTime(judges.Judge):
    """Every request of one station served (its cylinder out to its end and home) within
    SERVE_BOUND_S of rising; fails at the first request that is not. Written for this task: the
    deadline runs per request from the plant's own log of when it rose (judged per job, so a
    program that starves or deadlocks one job fails there even when the other finishes)."""

    def __init__(self, index: int, what: str):
        super().__init__()
        self.index, self.name = index, f"every {what} request served within {SERVE_BOUND_S:g} s"
        self.what = what

    def update(self, s):
        if self.done or self.failed:
            return self.done
        st = s.devices.stations[self.index]
        for k, at in enumerate(st.raised):
            end = st.done[k] if k < len(st.done) else None
            took = (s.time_s if end is None else end) - at
            if took > SERVE_BOUND_S + 1e-9:
                self.failed = (f"a {self.what} request raised at {at:g} s was not served within "
                               f"{SERVE_BOUND_S:g} s")
                return False
        if st.served >= st.total:
            return self._finish(s)
        return False


def _idle_state(s) -> bool:
    d = s.devices
    return (not d.hpu.delivering and all(c.pos <= 0.0 for c in d.cylinders)
            and all(st.served >= st.total for st in d.stations))


def _completion():
    return MissEndsTheRun(judges.in_order(
        judges.all_of(ServedInTime(0, "press"), ServedInTime(1, "lift"), name="every request served"),
        judges.held("every cylinder home and the pump unloaded", _idle_state, HOLD_S),
        name="every stroke done, then the pump unloaded"))


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    return Condition(name, seed, params, description)


BASE = dict(deadband=0.05, lag_s=0.05, regap_s=0.5, lift_start_mm=0.0, trip_at_s=0.0, runup_s=0.3)


CONDITIONS = (
    _cond("flows_fit", 601, "a full pump, flows that fit two at once, pressure up at power-up", **{
        **BASE, "pump_lpm": 40.0, "recharge_s": 4.0, "start_bar": 150.0,
        "clamp_speed": 120.0, "press_speed": 120.0, "lift_speed": 120.0,
        "clamp_lpm": 15.0, "press_lpm": 18.0, "lift_lpm": 20.0,
        "press_requests": (1.0, 9.0), "lift_requests": (1.5, 10.0)}),
    _cond("low_pressure_lift_up", 602, "60 bar at power-up with the lift half up; requests at once", **{
        **BASE, "pump_lpm": 36.0, "recharge_s": 3.0, "start_bar": 60.0, "lift_start_mm": 250.0,
        "runup_s": 1.8,
        "clamp_speed": 100.0, "press_speed": 90.0, "lift_speed": 110.0,
        "clamp_lpm": 20.0, "press_lpm": 25.0, "lift_lpm": 22.0,
        "press_requests": (0.3, 12.0), "lift_requests": (0.3,)}),
    _cond("half_flow", 603, "a worn pump giving half its flow, cylinders drawing more than it", **{
        **BASE, "pump_lpm": 20.0, "recharge_s": 3.0, "start_bar": 170.0, "deadband": 0.08, "lag_s": 0.07,
        "clamp_speed": 130.0, "press_speed": 140.0, "lift_speed": 140.0,
        "clamp_lpm": 24.0, "press_lpm": 30.0, "lift_lpm": 28.0,
        "press_requests": (1.0, 1.0), "lift_requests": (1.2, 1.2), "trip_at_s": 5.0, "runup_s": 1.5}),
    _cond("press_burst", 604, "the press station asks again and again at a worn pump, the lift once in "
          "between: the press job first all the time starves the lift", **{
        **BASE, "pump_lpm": 24.0, "recharge_s": 2.0, "start_bar": 130.0, "regap_s": 0.3,
        "clamp_speed": 100.0, "press_speed": 110.0, "lift_speed": 90.0,
        "clamp_lpm": 20.0, "press_lpm": 28.0, "lift_lpm": 22.0,
        "press_requests": (0.5, 0.5, 0.5, 0.5), "lift_requests": (1.5,), "trip_at_s": 9.0, "runup_s": 0.6}),
    _cond("slow_strokes", 605, "slow cylinders: one stroke at a time keeps the other job waiting", **{
        **BASE, "pump_lpm": 40.0, "recharge_s": 5.0, "start_bar": 140.0, "deadband": 0.03, "lag_s": 0.02,
        "clamp_speed": 60.0, "press_speed": 60.0, "lift_speed": 60.0,
        "clamp_lpm": 15.0, "press_lpm": 16.0, "lift_lpm": 18.0,
        "press_requests": (1.0, 14.0), "lift_requests": (1.5, 15.0), "trip_at_s": 16.0, "runup_s": 2.0}),
    _cond("small_accumulator", 606, "a small accumulator and two big cylinders asked together; the "
          "overload relay trips during the first run-up", **{
        **BASE, "pump_lpm": 40.0, "recharge_s": 1.0, "start_bar": 100.0, "deadband": 0.1, "lag_s": 0.08,
        "trip_at_s": 0.5, "runup_s": 1.2,
        "clamp_speed": 150.0, "press_speed": 150.0, "lift_speed": 150.0,
        "clamp_lpm": 30.0, "press_lpm": 30.0, "lift_lpm": 30.0,
        "press_requests": (0.8, 8.0), "lift_requests": (0.8, 8.5)}),
)


def _burst(rng, count: int) -> tuple[float, ...]:
    at = round(rng.uniform(0.2, 6.0), 1)
    times = [at]
    for _ in range(count - 1):
        at = at if rng.random() < 0.4 else round(at + rng.uniform(1.0, 10.0), 1)
        times.append(at)
    return tuple(times)


def _draw(rng) -> dict:
    """One draw from the published ranges: every parameter over its whole range (jointly where
    the physics needs it: see sample_condition and the shift of the first requests below); the
    lift starts off home one time in three, the pump's overload relay trips one time in three (a
    quarter of those during the power-up run-up), the press and lift asked together one time in
    four."""
    params = {"pump_lpm": round(rng.choice((rng.uniform(20.0, 40.0), 20.0, 40.0)), 1),
              "recharge_s": round(rng.uniform(1.0, 6.0), 2), "start_bar": round(rng.uniform(0.0, 170.0)),
              "deadband": round(rng.uniform(0.03, 0.1), 3), "lag_s": round(rng.uniform(0.02, 0.08), 3),
              "regap_s": round(rng.uniform(0.3, 1.0), 2),
              "lift_start_mm": round(rng.uniform(0.0, 400.0)) if rng.random() < 1 / 3 else 0.0,
              "runup_s": round(rng.uniform(0.2, RUNUP_MAX_S), 2), "trip_at_s": 0.0}
    if rng.random() < 1 / 3:            # a trip; one in four of them during the power-up run-up
        late = rng.random() >= 0.25 or params["runup_s"] < 0.3
        params["trip_at_s"] = round(rng.uniform(0.2, 20.0 if late else params["runup_s"] - 0.1), 1)
    for c in CYLINDERS:
        params[f"{c}_speed"] = round(rng.uniform(60.0, 150.0))
        params[f"{c}_lpm"] = round(rng.uniform(15.0, 30.0), 1)
    params["press_requests"] = _burst(rng, rng.randint(1, 3))
    params["lift_requests"] = (params["press_requests"][:rng.randint(1, 3)] if rng.random() < 0.25
                               else _burst(rng, rng.randint(1, 3)))
    # jointly: no program can start a stroke before the pump has run up and charged the supply to
    # 120 bar and somewhat over (to move at a useful speed), so the first requests come no sooner
    # than 4 s before a full charge to 145 bar could be done from the power-up pressure after the
    # run-up; if the relay trips before that, a reset (0.5 s spare) and a second run-up later, and
    # if it trips during the first run-up, also the wait for a run-up that never comes
    # (RUNUP_MAX_S) before the charge begins
    runup, trip = params["runup_s"], params["trip_at_s"]
    charge_s = runup + (max(0.0, 145.0 - params["start_bar"]) * capacity(params["recharge_s"])
                        * 60.0 / params["pump_lpm"])
    if 0.0 < trip < runup:
        charge_s += RUNUP_MAX_S + RESET_S + 0.5
    elif 0.0 < trip <= charge_s:
        charge_s += RESET_S + 0.5 + runup
    first = min(params["press_requests"][0], params["lift_requests"][0])
    shift = max(0.0, charge_s - 4.0 - first)
    for key in ("press_requests", "lift_requests"):
        params[key] = tuple(round(t + shift, 1) for t in params[key])
    return params


def _oil_s(p) -> float:
    """Seconds the pump needs to deliver the oil of every stroke asked for (out and back)."""
    def litres(c, mm):
        return p[f"{c}_lpm"] / 60.0 / p[f"{c}_speed"] * 2.0 * mm
    press_job = litres("clamp", STROKES["clamp"]) + litres("press", STROKES["press"])
    lift_job = litres("lift", STROKES["lift"])
    total = len(p["press_requests"]) * press_job + len(p["lift_requests"]) * lift_job
    return total / (p["pump_lpm"] / 60.0)


def sample_condition(rng) -> dict:
    """One condition drawn from the published ranges (Task.sample), see _draw.

    Jointly: the pump must be able to deliver the oil of all the strokes asked for. At a half-flow
    pump, three slow high-flow strokes from each station need more oil than it delivers in the
    time limit, and under any arbiter some request then misses its 30 s; so draws whose oil at
    the pump's delivery, with the run-ups and the reset of a trip, takes over 30 s are redrawn
    (every single parameter still spans its range).
    """
    while True:
        params = _draw(rng)
        outage_s = params["runup_s"] + (RESET_S + 0.5 + params["runup_s"] if params["trip_at_s"] else 0.0)
        if _oil_s(params) + outage_s <= 30.0:
            break
    description = (f"pump {params['pump_lpm']:g} l/min, {params['start_bar']:g} bar at power-up, "
                   f"{len(params['press_requests'])} press / {len(params['lift_requests'])} lift requests")
    return {"params": params, "description": description}


def _pos_io(addr: str, c: str) -> IOPoint:
    return IOPoint(addr, f"{c}_position", "INT", "input", c, "position",
                   f"The {c}'s position transducer: 0 at home (fully retracted) .. {ANALOG_FULL} at its "
                   "plus end "
                   f"({STROKES[c]:g} mm stroke), in proportion", f"{STROKES[c]:g} mm / {ANALOG_FULL}",
                   f"0..{ANALOG_FULL}")


IO = (
    IOPoint("%IX0.0", "press_request", "BOOL", "input", "press_station", "request",
            "The press station asks for a press cycle: TRUE from the request until the press is back home "
            "after reaching its plus end (it drops on that scan)"),
    IOPoint("%IX0.1", "lift_request", "BOOL", "input", "lift_station", "request",
            "The lift station asks for a lift stroke: TRUE from the request until the lift is back home "
            "after reaching its plus end (it drops on that scan)"),
    *(IOPoint(f"%IX0.{2 + 2 * n}", f"{c}_home", "BOOL", "input", c, "at_minus",
              f"End switch: TRUE while the {c} rests on its minus end cap (home, fully retracted)")
      for n, c in enumerate(CYLINDERS)),
    *(IOPoint(f"%IX0.{3 + 2 * n}", f"{c}_out", "BOOL", "input", c, "at_plus",
              f"End switch: TRUE while the {c} rests on its plus end cap (fully out"
              + ("; clamp closed" if c == "clamp" else "") + ")")
      for n, c in enumerate(CYLINDERS)),
    IOPoint("%IX1.0", "pump_running", "BOOL", "input", "hpu", "running",
            "The pump motor's feedback: TRUE while the motor runs at speed; FALSE with pump_run TRUE "
            f"during the motor's run-up after each start (up to {RUNUP_MAX_S:g} s) and when the motor's "
            f"overload relay has tripped (it resets once pump_run has been FALSE {RESET_S:g} s)"),
    IOPoint("%IW0", "supply_pressure", "INT", "input", "hpu", "pressure",
            "Supply (accumulator) pressure", "0.1 bar", "0..1900"),
    _pos_io("%IW2", "clamp"), _pos_io("%IW4", "press"), _pos_io("%IW6", "lift"),
    IOPoint("%QX0.0", "pump_run", "BOOL", "output", "hpu", "run",
            "TRUE runs the pump motor: each start runs it up first (after an overload trip: FALSE for at "
            f"least {RESET_S:g} s resets the relay, then TRUE restarts it)"),
    IOPoint("%QX0.1", "pump_unload", "BOOL", "output", "hpu", "unload",
            "TRUE opens the unloading valve: the running pump circulates to the tank and charges nothing"),
    *(IOPoint(f"%QW{2 * n}", f"{c}_spool", "INT", "output", c, "spool",
              f"The {c}'s proportional valve: -10000..10000 = -100 % .. +100 % opening; positive drives "
              "it out, negative home, 0 holds it", "0.01 %", "-10000..10000")
      for n, c in enumerate(CYLINDERS)),
)

TASK = Task(
    id="MOT-H06", title="Shared hydraulic power unit", suite="MOT", level="H",
    summary="Serve the stroke requests of a press station (clamp, press) and a lift station from one "
            "hydraulic power unit: two strokes at once when the flow allows, throttled and queued fairly "
            "when it does not, never a cylinder moving under 120 bar, the pump unloaded when idle.",
    plant_description=(
        "One hydraulic power unit feeds three cylinders on proportional valves. The unit is a fixed "
        "pump driven by a motor, an unloading valve and a gas accumulator: while the pump runs with the "
        "unloading valve closed it charges the accumulator (a relief valve caps it at 190 bar); the "
        "cylinders draw oil from it in proportion to their speed, so a demand above the pump's delivery "
        "makes the pressure fall, fast when the accumulator is small. Through the same valve opening a "
        "cylinder is slower at a lower supply pressure (full speed at 140 bar and above). The press "
        "station has a clamp (60 mm stroke) and a press (200 mm); the lift station has a lift (400 mm). "
        "Each valve has an overlap (no flow near 0 % opening) and a short spool lag. The pump's delivery, "
        "each cylinder's speed and flow, the accumulator's size and the pressure at power-up are not "
        "told; the lift may be off home at power-up (the clamp and press start home)."),
    specification=(
        "1. Run the pump and charge the supply; no cylinder may move while the supply pressure is under "
        f"{MIN_BAR:g} bar (the pressure may start low: charge first). Start the pump unloaded: after "
        f"pump_run rises the motor runs up (up to {RUNUP_MAX_S:g} s, not told; pump_running FALSE and "
        "the pump delivering nothing meanwhile); keep the unloading valve open until pump_running is "
        "TRUE: closed during the run-up, it stalls the motor and trips its overload relay. Every start "
        "runs up again, also after a reset.\n"
        "2. Bring the lift home if it is not.\n"
        "3. Press job, on each press request: clamp out to its end (closed), press out to its end and back "
        "home, then clamp home. The press may be off home only while the clamp is closed.\n"
        "4. Lift job, on each lift request: lift out to its end and back home.\n"
        "5. The two jobs are independent: run both at once when the pump keeps the pressure up; when it "
        "does not, throttle (open a valve less, or hold a cylinder) so that the pressure stays at or above "
        f"{MIN_BAR:g} bar, giving the press job priority, but every request must start (its first cylinder "
        f"travels 5 mm out from where it was when the request rose, or from the lowest point it reached "
        f"after: the clamp for a press request, the lift for a lift request) within {START_BOUND_S:g} s "
        f"of rising, and be served within {SERVE_BOUND_S:g} s.\n"
        "6. When every job is done and no request is up, unload the pump (or stop it) with every cylinder "
        f"home. Never let the pump blow off over the relief valve ({RELIEF_BAR:g} bar) for more than "
        f"{RELIEF_S:g} s without a break: unload it while the accumulator is full, also during a job.\n"
        "7. The pump motor's overload relay may trip at any time, also during a stroke (pump_running drops "
        "while pump_run is TRUE) or during a run-up (pump_running then does not come within "
        f"{RUNUP_MAX_S:g} s of pump_run rising): the pressure then falls as the cylinders draw oil; hold "
        f"them before it is under {MIN_BAR:g} bar, reset the relay (pump_run FALSE for {RESET_S:g} s), "
        "restart the pump unloaded and go on with the jobs where they were, every request still within "
        f"its {START_BOUND_S:g} s and {SERVE_BOUND_S:g} s.\n"
        "Request times, flows, speeds, the pump's delivery and the accumulator differ from run to run."),
    io=IO,
    completion=Completion(
        "Every request of each station is served within "
        f"{SERVE_BOUND_S:g} s of rising (the run ends at the first that is not); after that every cylinder "
        f"is home and the pump is not delivering (unloaded or stopped), for {HOLD_S:g} s without a break.",
        _completion,
        keep=_idle_state,
        keep_wording="every cylinder home and the pump unloaded or stopped."),
    safety_rules=(
        SafetyRule("MOT-H06-S1", f"No cylinder may move while the supply pressure is under {MIN_BAR:g} bar.",
                   _low_pressure_motion),
        SafetyRule("MOT-H06-S2",
                   "The press may be off home only while the clamp is closed (at its plus end).",
                   _press_unclamped),
        SafetyRule("MOT-H06-S3", f"Every request must start within {START_BOUND_S:g} s of rising: its first "
                   "cylinder (the clamp for a press request, the lift for a lift request) 5 mm further out "
                   "than the lowest point it reached since the request rose.",
                   _late_start),
        SafetyRule("MOT-H06-S4", f"The pump may not blow off over the relief valve ({RELIEF_BAR:g} bar) for "
                   f"more than {RELIEF_S:g} s without a break.", _blowing_off),
        SafetyRule("MOT-H06-S5", "The unloading valve must be open while the pump motor runs up (from "
                   "pump_run rising until pump_running is TRUE): the pump may never be loaded during a "
                   "run-up.",
                   _loaded_run_up),
    ),
    parameters=(
        ParameterRange("pump_lpm", 20.0, 40.0, "l/min", "the pump's delivery (a worn pump gives half)"),
        ParameterRange("recharge_s", 1.0, 6.0, "s", "time a 40 l/min pump takes to charge the accumulator "
                       "from 120 to 180 bar with no cylinder moving"),
        ParameterRange("start_bar", 0.0, 170.0, "bar", "supply pressure at power-up"),
        ParameterRange("speed", 60.0, 150.0, "mm/s", "a cylinder's speed at full opening and 140 bar",
                       keys=tuple(f"{c}_speed" for c in CYLINDERS)),
        ParameterRange("flow", 15.0, 30.0, "l/min", "a cylinder's flow at full speed",
                       keys=tuple(f"{c}_lpm" for c in CYLINDERS)),
        ParameterRange("deadband", 0.03, 0.1, "", "the valves' overlap, a fraction of full opening"),
        ParameterRange("lag_s", 0.02, 0.08, "s", "the valves' spool lag (first order)"),
        ParameterRange("lift_start_mm", 0.0, 400.0, "mm", "the lift's position at power-up"),
        ParameterRange("request_s", 0.2, 60.0, "s", "when the stations ask (1 to 3 requests each, sometimes "
                       "several at once)", keys=("press_requests", "lift_requests")),
        ParameterRange("trip_at_s", 0.0, 20.0, "s", "when the pump motor's overload relay trips (0: it does "
                       "not trip in the run; it trips in some runs, also during a run-up)"),
        ParameterRange("runup_s", 0.2, RUNUP_MAX_S, "s", "the pump motor's run-up after each start (pump_run "
                       "rising to pump_running TRUE)"),
        ParameterRange("regap_s", 0.3, 1.0, "s",
                       "shortest time from a request dropping to the station's next"),
    ),
    conditions=CONDITIONS,
    time_limit_s=62.0,
    build_plant=build_plant,
    judged_devices=_Judged,
    sampler=sample_condition,
)
