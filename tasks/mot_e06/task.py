"""MOT-E06 Ramped speed change and reversal.

A mixer motor runs on a VFD that has no ramp of its own configured: whatever speed
reference the PLC writes, the drive applies at once, and the motor follows it through its
inertia (a first-order lag). The host orders a sequence of speeds (signed rpm) and a ramp
rate (rpm/s); the program must ramp its reference to each ordered speed at that rate,
reverse only through standstill (held 0.5 s), show AtSpeed only when the actual speed is
really within 2 % of the order, and finally stop.

Departures from the catalog entry, and why:
- "reached <= ideal + 0.5 s": the ideal is the time a program that ramps at exactly the
  ordered rate would take on this motor (its lag included), simulated by the judge with the
  plant's own motor model from the state at the order (`ideal_reach_s`); a ramp 10 % slow
  misses it on the reversal, which every condition makes at least 6 s long (jointly drawn
  magnitudes, see `_sample`).
- S1 is judged as a tube, not per scan: over any stretch of time the reference may change by
  at most 1.1 x rate x time + 2 rpm (the 2 rpm are the INT word's rounding), so a program
  that writes a REAL ramp rounded to whole rpm passes, a stepped reference does not.
- the motor may be turning at power-up (a restart of the PLC with the mixer still running
  down, either way round): the drive picks it up at its speed when run goes TRUE (flying
  restart), so the program must start its ramp from the actual speed.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.host_word import ScheduledWord
from sim.devices.panel import Lamp
from sim.devices.vfd_motor import VFDMotor
from sim.plant import SCAN_S, Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import FromParams, log_uniform

MAX_RPM = 1500.0
AT_SPEED_FRACTION = 0.02    # AtSpeed band: +-2 % of the ordered speed
STILL_RPM = 5.0             # standstill for a reversal: within +-5 rpm ...
STILL_S = 0.5               # ... for 0.5 s without a break
RATE_MARGIN = 1.10          # S1: the reference may change at most 10 % faster than ordered
ROUNDING_RPM = 2.0          # ... plus the INT word's rounding
WORD_RPM = 1.0              # S3 allows the speed word's resolution beyond the 2 % band
LATE_S = 0.5                # each order reached within the ideal time + 0.5 s
HOLD_AT_SPEED_S = 1.0       # each (not superseded) order held with AtSpeed for 1 s
SET_OFF_S = 1.0             # the speed must start closing on a new order within 1 s (+2 lags)
SET_OFF_RPM = 10.0
END_HOLD_S = 2.0
COAST_S, FRICTION_RPM_S = 6.0, 15.0
TIME_LIMIT_S = 90.0


def _motor(p: dict, start_rpm: float | None = None) -> VFDMotor:
    return VFDMotor("mixer", x=420.0, y=300.0, max_rpm=MAX_RPM, lag_s=p["lag_s"], coast_s=COAST_S,
                    friction_rpm_s=FRICTION_RPM_S,
                    start_rpm=p["start_rpm"] if start_rpm is None else start_rpm, size_mm=220.0,
                    label="mixer motor")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(_motor(p))
    plant.add(ScheduledWord("setpoint", 0, p["orders"], position=(180.0, 520.0),
                            label="host speed order", units="rpm"))
    plant.add(ScheduledWord("rate", p["rate_rpm_s"], position=(660.0, 520.0), label="ordered ramp rate",
                            units="rpm/s"))
    plant.add(Lamp("at_speed_lamp", x=300.0, y=120.0, label="AtSpeed", color="green"))
    return plant


# --- the ideal program, simulated on the plant's own motor model ----------------------------

def _band(target: float) -> float:
    return AT_SPEED_FRACTION * abs(target) if target else STILL_RPM


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


class IdealProgram:
    """A program that ramps its reference at exactly the ordered rate toward `target`, from a
    state (motor at `rpm`, reference at `ref`; a stopped drive's reference is the motor's
    speed), reversing through standstill held for 0.5 s where the order is the other way; run
    on the plant's own motor model."""

    def __init__(self, p: dict, rpm: float, ref: float, target: float, turned: int = 0, still_ms: int = 0):
        """`turned`: the direction the mixer last turned in faster than 5 rpm (+1, -1, 0 = none
        or it has stood still long enough since); `still_ms`: how long it has been still."""
        self.motor = _motor(p, start_rpm=rpm)
        self.step_rpm = p["rate_rpm_s"] * SCAN_S
        self.ref, self.target = ref, target
        self.turned = Turning(rpm, turned, still_ms)
        self.reversing = self.turned.against(target)

    def scan(self) -> bool:
        """One scan and plant step; TRUE once the motor is within the band of the target."""
        goal = 0.0 if self.reversing else self.target
        ref, step = self.ref, self.step_rpm
        self.ref = ref = goal if abs(goal - ref) <= step else ref + math.copysign(step, goal - ref)
        m = self.motor
        m.write("run", True)
        m.write("reverse", ref < 0)
        m.write("speed_ref", round(abs(ref)))
        m.step(SCAN_S)
        self.turned.update(m.rpm, 10)
        if self.reversing:
            self.reversing = self.turned.against(self.target) or ref != 0.0
            return False
        return abs(m.rpm - self.target) <= _band(self.target)


class Turning:
    """The direction the mixer last turned in (faster than 5 rpm) and how long it has stood
    still since: what S2 and the ideal program go by. After 0.5 s still it may go either way."""

    def __init__(self, rpm: float = 0.0, direction: int = 0, still_ms: int = 0):
        self.direction = _sign(rpm) if abs(rpm) > STILL_RPM else direction
        self.still_ms = 0 if abs(rpm) > STILL_RPM else still_ms

    def update(self, rpm: float, dt_ms: int) -> None:
        if abs(rpm) > STILL_RPM:
            self.direction, self.still_ms = _sign(rpm), 0
        else:
            self.still_ms += dt_ms

    @property
    def free(self) -> bool:
        return self.direction == 0 or self.still_ms >= STILL_S * 1000

    def against(self, target: float) -> bool:
        """An order of this sign would be a reversal not yet allowed."""
        return not self.free and _sign(target) == -self.direction


def ideal_reach_s(p: dict, rpm: float, ref: float, target: float, turned: int = 0, still_ms: int = 0,
                  limit_s: float = 60.0) -> float:
    """Seconds the ideal program (IdealProgram) needs from this state to bring the motor within
    the AtSpeed band of `target` (within 5 rpm of 0 for a stop)."""
    ideal = IdealProgram(p, rpm, ref, target, turned, still_ms)
    for n in range(1, round(limit_s / SCAN_S) + 1):
        if ideal.scan():
            return n * SCAN_S
    return limit_s


def _plan(p: dict, first_s: float, orders: list[int], kinds: list[str], rng: random.Random):
    """Host times for the orders: each 'hold' order comes once the ideal program has held the
    previous one for 0.5-2 s past the hold the completion asks for; a 'mid' order comes while
    the ramp to the previous one is still under way (30-60 % of its ideal time)."""
    times, t = [], first_s
    # before the first order the word reads 0 (stop): the ideal program ramps toward 0
    ideal = IdealProgram(p, float(p["start_rpm"]), float(p["start_rpm"]), 0.0)
    for _ in range(round(first_s / SCAN_S)):
        ideal.scan()
    rpm, ref = ideal.motor.rpm, ideal.ref
    turned, still = ideal.turned.direction, ideal.turned.still_ms
    for n, target in enumerate(orders):
        times.append(round(t, 2))
        reach = ideal_reach_s(p, rpm, ref, target, turned, still)
        nxt = kinds[n + 1] if n + 1 < len(kinds) else "hold"
        span = reach * rng.uniform(0.3, 0.6) if nxt == "mid" else (
            reach + LATE_S + HOLD_AT_SPEED_S + rng.uniform(0.5, 2.0))
        span = round(span, 2)
        ideal = IdealProgram(p, rpm, ref, target, turned, still)   # where it is at the next order
        for _ in range(round(span / SCAN_S)):
            ideal.scan()
        rpm, ref = ideal.motor.rpm, ideal.ref
        turned, still = ideal.turned.direction, ideal.turned.still_ms
        t += span
    return times


# --- judges -------------------------------------------------------------------------------

class Devices:
    def __init__(self, plant):
        self.motor = plant.device("mixer", VFDMotor)
        self.setpoint = plant.device("setpoint", ScheduledWord)


def _reference(s) -> float:
    """The reference the drive applies: the PLC's while it runs, the motor's speed while off
    (the flying restart picks the motor up there)."""
    m = s.devices.motor
    return m.reference_rpm if m.running else m.rpm


def _order(s, k: int) -> bool:
    """Order k (1-based) is the one the host has given last."""
    return s.devices.setpoint.index == k


def _at_speed_truly(s) -> bool:
    """Within the band of a non-zero order, 1 rpm more for the speed word's resolution (a word
    that reads inside the band may come from a true speed just outside it)."""
    sp = s.io["setpoint"]
    return sp != 0 and abs(s.devices.motor.rpm - sp) <= AT_SPEED_FRACTION * abs(sp) + WORD_RPM


def _reached(s, k: int, target: float) -> bool:
    m = s.devices.motor
    if target == 0:
        return abs(m.rpm) <= STILL_RPM and _reference(s) == 0.0 and not s.io["at_speed"]
    return abs(m.rpm - target) <= _band(target) and bool(s.io["at_speed"])


def _order_watch(k: int, target: float):
    """Order k must be reached by the ideal time + 0.5 s (judged from the motor's speed,
    the ideal simulated from the state at the order). A later order that supersedes it
    (a change mid-ramp) excuses it."""
    def arrive(s):
        m, t = s.devices.motor, watch.turning
        return ideal_reach_s(s.params, m.rpm, _reference(s), target, t.direction, t.still_ms) + LATE_S

    def distance(s):
        return abs(s.devices.motor.rpm - target)

    def slack(p):
        # the lagging motor goes on toward the old order for a moment when the ramp turns
        return p["rate_rpm_s"] * p["lag_s"] + _band(target) + ROUNDING_RPM

    class _Watch(judges.progress_within):
        def _begin(self, s):
            # an order close to where the mixer already turns owes a smaller set-off (a change
            # mid-ramp can come with the lagging speed a few rpm from it)
            way = self.ways[0]
            way.slack = slack(s.params)
            way.by = max(1.0, min(SET_OFF_RPM, distance(s) - _band(target)))
            super()._begin(s)

        def check(self, s):
            if self.turning is None:
                self.turning = Turning(float(s.params["start_rpm"]))
            self.turning.update(s.devices.motor.rpm, 10)
            return super().check(s)

    word = f"{target:+.0f} rpm" if target else "stop"
    watch = _Watch(
        f"order {k} ({word}) reached in time", cause=lambda s: _order(s, k),
        ways=[judges.Way("the mixer's speed", distance, by=SET_OFF_RPM,
                         until=lambda s: _reached(s, k, target), arrive_s=arrive)],
        within_s=SET_OFF_S, allowance_s=lambda s: 2.0 * s.params["lag_s"],
        excused=lambda s: s.devices.setpoint.index > k or _reached(s, k, target),
        late=lambda t: f"order {k} ({word}) came at {t:g} s but the mixer's speed had not started "
                       f"closing on it {SET_OFF_S:g} s (+ two lag times) later")
    watch.turning = None      # the mixer's direction and standstill, tracked every scan
    return watch


def _completion(p):
    orders = [v for _, v in p["orders"]]
    kinds = p["kinds"]
    steps, watches = [], []
    for k, target in enumerate(orders, start=1):
        watches.append(_order_watch(k, target))
        superseded = k < len(orders) and kinds[k] == "mid"
        if superseded or target == 0:
            continue
        steps.append(judges.held(f"order {k} ({target:+d} rpm) held with AtSpeed on",
                                 lambda s, k=k, t=target: _order(s, k) and _reached(s, k, t),
                                 HOLD_AT_SPEED_S))
    last = len(orders)
    steps.append(judges.held("the mixer stopped after the stop order",
                             lambda s: _order(s, last) and _stopped(s), END_HOLD_S))
    return judges.watched(judges.in_order(*steps), *watches)


def _stopped(s) -> bool:
    return abs(s.devices.motor.rpm) <= STILL_RPM and _reference(s) == 0.0 and not s.io["at_speed"]


def _end_state_kept(s) -> bool:
    return _stopped(s)


class RampTube(judges.Monitor):
    """S1: over any stretch of time the reference changes by at most 1.1 x rate x time + 2 rpm.
    Kept as the tightest bounds the past allows (O(1) per scan); a stopped drive restarts the
    tube at the motor's speed (the flying restart's starting point). Written for this task
    alone: no other task states a ramp-rate rule."""

    def __init__(self):
        self.upper = self.lower = None
        self.was = None

    def check(self, s):
        m = s.devices.motor
        x = _reference(s)
        d = RATE_MARGIN * s.params["rate_rpm_s"] * SCAN_S
        if self.upper is None:          # the motor's speed at power-up: the tube starts there
            self.upper = self.lower = self.was = float(s.params["start_rpm"])
        if not m.running:
            self.upper = self.lower = x
            self.was = x
            return None
        hi, lo = self.upper + d, self.lower - d
        was, self.was = self.was, x
        self.upper, self.lower = min(hi, x), max(lo, x)
        if x > hi + ROUNDING_RPM or x < lo - ROUNDING_RPM:
            return (f"the speed reference went from {was:+.0f} to {x:+.0f} rpm: faster than "
                    f"{RATE_MARGIN * s.params['rate_rpm_s']:.0f} rpm/s (the ordered rate + 10 %)")
        return None


class ReversalThroughStill(judges.Monitor):
    """S2: a reference against the last direction the mixer turned in (faster than 5 rpm)
    only after the speed has stayed within +-5 rpm for 0.5 s. Written for this task alone."""

    def __init__(self):
        self.turning: Turning | None = None

    def check(self, s):
        m = s.devices.motor
        if self.turning is None:
            self.turning = Turning(float(s.params["start_rpm"]))
        self.turning.update(m.rpm, 10)
        ref = m.reference_rpm if m.running else 0.0
        if ref and self.turning.against(ref):
            way = "reverse" if ref < 0 else "forward"
            return (f"the reference asked for {ref:+.0f} rpm ({way}) with the mixer at {m.rpm:+.0f} rpm, "
                    f"still for {self.turning.still_ms / 1000:g} s only")
        return None


def _at_speed_wrong(s):
    if s.io["at_speed"] and not _at_speed_truly(s):
        return (f"AtSpeed on with the mixer at {s.devices.motor.rpm:+.1f} rpm and the order "
                f"{s.io['setpoint']:+d} rpm")
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, *, first_s, orders, kinds, plan_seed=0, **params):
    """`orders` are the ordered speeds, `kinds` say how each comes ('hold': after the previous
    one was held, 'mid': while the ramp to the previous one is still going); the host times
    follow from the ideal program (see _plan)."""
    params["orders"] = tuple(zip(_plan(params, first_s, orders, kinds, random.Random(plan_seed)),
                                 orders, strict=True))
    params["kinds"] = tuple(kinds)
    params["order_rpm"] = tuple(orders)
    params["first_order_s"] = first_s
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 601, "mixer at rest, medium rate and lag; a change mid-ramp, then a reversal",
          first_s=1.0, orders=[800, 1200, -900, 0], kinds=["hold", "mid", "hold", "hold"],
          rate_rpm_s=250, lag_s=0.15, start_rpm=0.0, plan_seed=1),
    _cond("slow_rate_heavy_mixer", 602, "slowest ramp rate, a heavy mixer that lags 0.5 s",
          first_s=1.5, orders=[250, 150, -200, 180, 0], kinds=["hold", "mid", "hold", "hold", "hold"],
          rate_rpm_s=50, lag_s=0.5, start_rpm=0.0, plan_seed=2),
    _cond("fast_rate_light_mixer", 603, "fastest rate, a light mixer; a mid-ramp change downward",
          first_s=0.6, orders=[1500, 600, -1300, -400, 900, 0], kinds=["hold", "mid", "hold", "hold", "hold",
                                                                    "hold"],
          rate_rpm_s=400, lag_s=0.05, start_rpm=0.0, plan_seed=3),
    _cond("running_at_power_up", 604, "the mixer still turns at 300 rpm at power-up; the first "
          "order is the other way round", first_s=0.5, orders=[-700, -1000, 500, 0],
          kinds=["hold", "mid", "hold", "hold"], rate_rpm_s=120, lag_s=0.3, start_rpm=300.0, plan_seed=4),
    _cond("reverse_at_power_up", 605, "the mixer still turns at -300 rpm at power-up; the first "
          "order is the same way round", first_s=1.2, orders=[-600, -250, 450, 0],
          kinds=["hold", "mid", "hold", "hold"], rate_rpm_s=90, lag_s=0.08, start_rpm=-300.0, plan_seed=5),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: the ordered speeds depend on the
    rate, so that every ramp takes 1.5-8 s at the ordered rate (the whole run fits the time
    limit) and the reversal (always the third order) takes at least 6 s (a ramp 10 % slow
    then misses its deadline by more than 0.5 s); the second order always comes mid-ramp, in
    the first one's direction. Rate and lag log-uniform. Four in ten start with the mixer still
    turning, either way round, at 100-300 rpm."""
    rate = int(round(log_uniform(rng, 50, 400)))
    lag = round(log_uniform(rng, 0.05, 0.5), 3)
    start = 0.0 if rng.random() < 0.6 else round(rng.choice((-1, 1)) * rng.uniform(100.0, 300.0), 1)
    lo_mag = 150.0

    def mag(prev, same_sign, lo_t=1.5, hi_t=8.0):
        for _ in range(200):
            m = rng.uniform(lo_mag, MAX_RPM)
            d = abs(m - abs(prev)) if same_sign else abs(m) + abs(prev)
            if lo_t * rate <= d <= hi_t * rate:
                return round(m)
        return round(min(MAX_RPM, max(lo_mag, abs(prev) + (lo_t + hi_t) / 2 * rate if same_sign
                                      else (lo_t + hi_t) / 2 * rate - abs(prev))))

    sign = rng.choice((-1, 1))
    a = sign * mag(start if _sign(start) == sign else 0.0, True)
    # the second order (mid-ramp, same way round) and the reversal after it, drawn together:
    # the reversal needs at least 6 s of ramp, at most 8 s, each side 150-1500 rpm
    for _ in range(1000):
        b = sign * mag(a, True)
        c_mag = rng.uniform(150.0, MAX_RPM)
        if 6.0 * rate <= abs(b) + c_mag <= 8.0 * rate:
            break
    else:       # cannot happen for rates of 50-400 rpm/s; kept so a bad draw is still a plant
        b, c_mag = sign * round(3.5 * rate), 3.5 * rate
    c = -sign * round(c_mag)
    orders = [a, b, c]
    for _ in range(rng.randint(0, 2)):
        same = rng.random() < 0.5
        m = mag(orders[-1], same)
        orders.append((_sign(orders[-1]) if same else -_sign(orders[-1])) * m)
    orders.append(0)
    kinds = ["hold", "mid"] + ["hold"] * (len(orders) - 2)
    first = round(rng.uniform(0.5, 2.0), 2)
    cond = _cond("sampled", 0, "", first_s=first, orders=orders, kinds=kinds,
                 plan_seed=rng.randrange(1 << 30), rate_rpm_s=rate, lag_s=lag, start_rpm=start)
    description = (f"{rate} rpm/s, lag {lag:g} s, start {start:+g} rpm, orders "
                   + ", ".join(f"{v:+d}" for v in orders))
    return dict(params=cond.params, description=description)


IO = (
    # BOOL and the two speed words first: the debugger plots the first four points at start
    IOPoint("%IX0.0", "drive_running", "BOOL", "input", "mixer", "running",
            "TRUE while the drive's output stage is on (run commanded)"),
    IOPoint("%IW0", "setpoint", "INT", "input", "setpoint", "value",
            "The speed the host orders now: signed, positive = forward, negative = reverse, 0 = stop "
            "(changes while the program runs, sometimes while a ramp is still under way)", "rpm",
            "-1500..1500"),
    IOPoint("%IW2", "actual_speed", "INT", "input", "mixer", "speed",
            "Actual motor speed from the drive: signed, positive = forward, negative = reverse", "rpm",
            "-1500..1500"),
    IOPoint("%QX0.0", "run", "BOOL", "output", "mixer", "run",
            "TRUE runs the drive at the speed reference; FALSE switches its output off and the mixer "
            "coasts (slowly) to rest. When run goes TRUE the drive picks the turning motor up at its "
            "actual speed (flying restart) and then applies the reference at once"),
    IOPoint("%QX0.1", "reverse", "BOOL", "output", "mixer", "reverse",
            "Direction of the reference: FALSE = forward (positive speed), TRUE = reverse"),
    IOPoint("%QW0", "speed_ref", "INT", "output", "mixer", "speed_ref",
            "Speed reference, magnitude (direction from reverse; a negative word counts as 0). The drive "
            "has NO ramp of its own: it applies every new value at once", "rpm", "0..1500"),
    IOPoint("%QX0.2", "at_speed", "BOOL", "output", "at_speed_lamp", "on",
            "AtSpeed lamp: TRUE tells the host the mixer turns at the ordered speed"),
    IOPoint("%IW1", "ramp_rate", "INT", "input", "rate", "value",
            "The ramp rate the host orders for every speed change (constant during the run)", "rpm/s",
            "50..400"),
    IOPoint("%IW3", "motor_current", "INT", "input", "mixer", "current", "Motor current", "0.1 A", "0..400"),
)

TASK = Task(
    id="MOT-E06", title="Ramped speed change and reversal", suite="MOT", level="E",
    summary="Ramp a mixer's VFD speed reference to each speed the host orders at the ordered rate, "
            "reverse only through standstill, show AtSpeed only at speed, and stop at the end.",
    plant_description=(
        "A mixer driven by an induction motor on a variable-frequency drive (VFD). The drive has no ramp "
        "configured: it applies a new speed reference at once, and the mixer follows it only through its "
        "inertia (it lags the reference; how much differs from run to run), so a step in the reference is "
        "a jolt and a current spike. The host sends a speed order (signed rpm) that changes several times "
        "during the run, sometimes before the previous change is finished, and the ramp rate to use. The "
        "PLC may have been restarted with the mixer still running down: it can be turning, either way "
        "round, at power-up. An AtSpeed lamp reports to the host."),
    specification=(
        "1. Ramp your speed reference (signed: speed_ref with reverse for the sign) toward the speed the "
        "host orders (%IW0) at the ordered ramp rate (%IW1, rpm/s): never faster than the rate + 10 %, and "
        f"not slower either: each order must be reached within {LATE_S:g} s of the time a reference "
        "ramping at exactly the ordered rate would take on this mixer (its lag included). A new order that "
        "comes while a ramp is still under way is ramped to from where the reference stands.\n"
        "2. If the mixer turns at power-up, pick it up where it is: the drive starts from the actual speed "
        "when run goes TRUE, so start your ramp from the actual speed (%IW2), not from 0.\n"
        "3. An order the other way round is reached through standstill: ramp to 0, wait until the actual "
        f"speed has stayed within +-{STILL_RPM:g} rpm for {STILL_S:g} s, only then ramp up the other way.\n"
        f"4. AtSpeed: on while the order is not 0 and the actual speed is within +-{AT_SPEED_FRACTION:.0%} "
        f"of it; it must come on in time for each order to count as reached and stay on for "
        f"{HOLD_AT_SPEED_S:g} s (an order superseded by a change mid-ramp excepted).\n"
        "5. The speed must start closing on each new order within "
        f"{SET_OFF_S:g} s (plus twice the mixer's lag) and go on to it without backing off.\n"
        "6. The last order is 0 (stop): ramp down at the rate and keep the mixer at rest with the "
        "reference at 0 (or run off) and AtSpeed off.\n"
        "Rate, lag, orders and their timing differ from run to run: use the words and the actual speed, "
        "not fixed times."),
    io=IO,
    completion=Completion(
        "In order: each order of the host that is not superseded mid-ramp is reached (actual speed within "
        f"+-{AT_SPEED_FRACTION:.0%} and AtSpeed on) within {LATE_S:g} s of the ideal ramp time and held "
        f"so for {HOLD_AT_SPEED_S:g} s; after the stop order the mixer is at rest (within "
        f"+-{STILL_RPM:g} rpm) with reference 0 and AtSpeed off for {END_HOLD_S:g} s. Every order must "
        "also be closed on promptly (spec 5).",
        lambda: FromParams(_completion, "the host's orders"),
        keep=_end_state_kept,
        keep_wording=f"the mixer at rest (within +-{STILL_RPM:g} rpm), the reference 0 (or run off) and "
                     "AtSpeed off."),
    safety_rules=(
        SafetyRule("MOT-E06-S1", "The speed reference must never change faster than the ordered ramp rate "
                   "+ 10 % (over any stretch of time, allowing 2 rpm for rounding; when run goes TRUE it "
                   "starts from the actual speed).", RampTube()),
        SafetyRule("MOT-E06-S2", "The reference must never point against the direction the mixer last turned "
                   f"in (faster than {STILL_RPM:g} rpm) before the actual speed has stayed within "
                   f"+-{STILL_RPM:g} rpm for {STILL_S:g} s.", ReversalThroughStill()),
        SafetyRule("MOT-E06-S3", "AtSpeed must only be on while the order is not 0 and the actual speed is "
                   f"within +-{AT_SPEED_FRACTION:.0%} of it (+-{WORD_RPM:g} rpm more allowed for the speed "
                   "word's resolution).", judges.never(_at_speed_wrong, _at_speed_wrong)),
    ),
    parameters=(
        ParameterRange("rate_rpm_s", 50, 400, "rpm/s", "ordered ramp rate (on %IW1)"),
        ParameterRange("lag_s", 0.05, 0.5, "s", "the mixer's inertia lag (time constant of its speed)"),
        ParameterRange("start_rpm", -300, 300, "rpm", "the mixer's speed at power-up (coasting)"),
        ParameterRange("order_rpm", -1500, 1500, "rpm", "each ordered speed: 3-5 orders, then 0",
                       ),
        ParameterRange("first_order_s", 0.5, 2.0, "s", "when the host sends its first order"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    judged_devices=Devices,
)
