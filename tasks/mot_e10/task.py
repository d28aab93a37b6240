"""MOT-E10 Dancer position hold.

A web runs from an infeed nip (driven by a VFD) round a dancer roll to the pull roll of the
line, whose speed the host sets. The program runs the infeed at the line speed plus a PI trim
on the dancer's error from mid (5000 counts), keeps the dancer in mid through the line-speed
changes, and stops the infeed with the line.

Departures from the catalog entry, and why:
- the line ramps to each order (5-15 m/min per s, as a line's master drive does), it does not
  step: a step of 50 m/min would throw the dancer to its stop within a fraction of a second
  whatever the program did. "After each of 3 steps ... <= 4 s" is judged from the line reaching
  its new speed.
- S2 allows 1.2 x line speed + 10 m/min: with the line standing (or crawling) the dancer can
  only be brought from 20 % or 80 % to mid with some absolute feed; 10 m/min is a thread-up
  speed.
- S3 is judged on the infeed's speed reference (0 or run off within 0.5 s of the line coming to
  rest after it has run): the infeed's own lag (up to 0.4 s) is not the program's.
- the infeed nip's diameter is off nominal by up to 1.5 % (feed_factor): feed-forward alone
  lets the dancer drift; the trim must integrate.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.host_word import ScheduledWord
from sim.devices.vfd_motor import VFDMotor
from sim.devices.web_line import WebLine
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import AnsweredWithin, FromParams, log_uniform

MID, WINDOW = 5000, 500
STOP_MARGIN = 500
RATIO, EXTRA_MPM = 1.2, 10.0
SETTLE_S = 4.0
HOLD_S = 1.5
STOP_WITHIN_S = 0.5
END_HOLD_S = 2.0
MAX_WORD = 3600            # the infeed's top speed, 360.0 m/min


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    infeed = plant.add(VFDMotor("infeed", x=-420.0, y=-230.0, max_rpm=MAX_WORD, lag_s=p["lag_s"],
                                coast_s=2.0, friction_rpm_s=50.0, size_mm=150.0, label="infeed drive",
                                load="nip", speed_units="m/min", speed_scale=0.1))
    order = plant.add(ScheduledWord("line_order", 0, p["orders"], position=(520.0, 330.0),
                                    label="host line speed order", units="m/min", scale=0.1))
    plant.add(WebLine("web", infeed=infeed, order=order, x=0.0, y=0.0, line_accel=p["line_accel"],
                      dancer_gain=p["dancer_gain"], feed_factor=p["feed_factor"],
                      start_dancer=p["start_dancer"],
                      label="web"))
    return plant


# --- judges -------------------------------------------------------------------------------

class Devices:
    def __init__(self, plant):
        self.web = plant.device("web", WebLine)
        self.infeed = plant.device("infeed", VFDMotor)
        self.order = plant.device("line_order", ScheduledWord)


def _at_mid(s) -> bool:
    return abs(s.devices.web.dancer - MID) <= WINDOW


def _line_at(s, k: int) -> bool:
    """Order k (1-based) is the host's last and the line has reached it."""
    d = s.devices
    return d.order.index == k and abs(d.web.line_mpm - d.order.value / 10.0) < 1e-9


def _infeed_ref(s) -> float:
    m = s.devices.infeed
    return m.reference_rpm / 10.0


def _line_stopped_done(s) -> bool:
    d = s.devices
    return d.web.ran and d.web.line_mpm == 0.0 and d.order.value == 0


def _infeed_stopped(s) -> bool:
    return _infeed_ref(s) == 0.0


def _completion(p):
    steps = []
    n = len(p["orders"])
    for k in range(1, n):          # the last order is the stop
        v = p["orders"][k - 1][1] / 10.0
        steps.append(AnsweredWithin(
            f"dancer at mid within {SETTLE_S:g} s of the line reaching {v:g} m/min",
            lambda s, k=k: _line_at(s, k), _at_mid, SETTLE_S,
            lambda t, v=v: f"the line reached {v:g} m/min at {t:g} s but the dancer was not within "
                           f"{WINDOW} of mid {SETTLE_S:g} s later",
            waiting=f"the line at {v:g} m/min, then the dancer at mid", latch=True))
        steps.append(judges.held(f"dancer held at mid at {v:g} m/min",
                                 lambda s, k=k: _line_at(s, k) and _at_mid(s), HOLD_S))
    steps.append(judges.held("line and infeed stopped",
                             lambda s: _line_stopped_done(s) and _infeed_stopped(s),
                             END_HOLD_S))
    return judges.in_order(*steps)


def _end_state_kept(s) -> bool:
    d = s.devices.web.dancer
    return _line_stopped_done(s) and _infeed_stopped(s) and STOP_MARGIN < d < 10000 - STOP_MARGIN


def _dancer_near_stop(s):
    d = s.devices.web.dancer
    if d < STOP_MARGIN or d > 10000 - STOP_MARGIN:
        return f"dancer at {d:.0f} counts, within {STOP_MARGIN} of its {'low' if d < MID else 'high'} stop"
    return None


def _infeed_too_fast(s):
    d = s.devices
    limit = RATIO * d.web.line_mpm + EXTRA_MPM
    ref = abs(_infeed_ref(s))
    if ref > limit + 1e-6:
        return (f"infeed reference {ref:.1f} m/min with the line at {d.web.line_mpm:.1f} m/min "
                f"(limit {limit:.1f})")
    return None


class StopsWithLine(judges.Monitor):
    """S3: once the line has run and come to rest, the infeed reference is 0 (or run off) within
    0.5 s and stays so while the line stands. Written for this task alone."""

    def __init__(self):
        self.since: int | None = None

    def check(self, s):
        if not _line_stopped_done(s):
            self.since = None
            return None
        if self.since is None:
            self.since = s.time_ms
        if not _infeed_stopped(s) and s.time_ms - self.since > STOP_WITHIN_S * 1000:
            return (f"the line stopped at {self.since / 1000:g} s but the infeed reference was still "
                    f"{_infeed_ref(s):.1f} m/min {STOP_WITHIN_S:g} s later")
        return None


# --- conditions ------------------------------------------------------------------------------

def _plan(first_s: float, speeds: list[float], accel: float, dwell: list[float]):
    """Host order times: each next order once the line has reached the last one and the dancer
    had its 4 s to settle and 1.5 s held, plus the operator's dwell."""
    out, t, v = [], first_s, 0.0
    for target, extra in zip([*speeds, 0.0], [*dwell, 0.0], strict=True):
        out.append((round(t, 2), int(round(target * 10))))
        t += abs(target - v) / accel + SETTLE_S + HOLD_S + extra
        v = target
    return tuple(out)


def _cond(name, seed, description, *, speeds, dwell, first_s=2.0, **params):
    params["orders"] = _plan(first_s, speeds, params["line_accel"], dwell)
    params["line_mpm"] = tuple(speeds)
    params["first_order_s"] = first_s
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("nominal", 1001, "dancer in mid, medium gain and lag", speeds=[150.0, 220.0, 120.0],
          dwell=[1.0, 1.0, 1.0], line_accel=10.0, lag_s=0.15, dancer_gain=80.0, feed_factor=1.006,
          start_dancer=5000.0),
    _cond("low_dancer_slow_line", 1002, "dancer at 20 %, slow line, least dancer gain",
          speeds=[50.0, 120.0, 80.0],
          dwell=[0.5, 2.0, 1.0], first_s=3.0, line_accel=5.0, lag_s=0.3, dancer_gain=40.0, feed_factor=0.985,
          start_dancer=2000.0),
    _cond("high_dancer_fast_line", 1003, "dancer at 80 %, fast line, highest gain, long lag",
          speeds=[300.0, 180.0, 260.0], dwell=[1.0, 0.5, 1.5], first_s=1.0, line_accel=15.0, lag_s=0.4,
          dancer_gain=160.0, feed_factor=1.015, start_dancer=8000.0),
    _cond("short_lag_big_steps", 1004, "quick drive, big speed changes", speeds=[100.0, 280.0, 60.0],
          dwell=[2.0, 1.0, 0.5], first_s=1.5, line_accel=12.0, lag_s=0.05, dancer_gain=120.0,
          feed_factor=1.008, start_dancer=3500.0),
    _cond("low_gain_high_dancer", 1005, "dancer at 80 %, low gain, slow ramps", speeds=[200.0, 90.0, 160.0],
          dwell=[0.5, 0.5, 0.5], first_s=2.5, line_accel=6.0, lag_s=0.2, dancer_gain=50.0, feed_factor=0.99,
          start_dancer=8000.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Line speeds are drawn so that each change is at
    least 40 m/min (a real step for the dancer); gain and lag log-uniform; the dancer starts at
    20 % or 80 % in two runs of three, anywhere between them otherwise."""
    speeds = [round(rng.uniform(50.0, 300.0))]
    while len(speeds) < 3:
        v = round(rng.uniform(50.0, 300.0))
        if abs(v - speeds[-1]) >= 40.0:
            speeds.append(v)
    r = rng.random()
    start = 2000.0 if r < 1 / 3 else (8000.0 if r < 2 / 3 else float(round(rng.uniform(2000.0, 8000.0))))
    cond = _cond("sampled", 0, "", speeds=[float(v) for v in speeds],
                 dwell=[round(rng.uniform(0.5, 2.0), 2) for _ in speeds],
                 first_s=round(rng.uniform(1.0, 3.0), 2),
                 line_accel=round(rng.uniform(5.0, 15.0), 1),
                 lag_s=round(log_uniform(rng, 0.05, 0.4), 3),
                 dancer_gain=round(log_uniform(rng, 40.0, 160.0), 1),
                 feed_factor=round(rng.uniform(0.985, 1.015), 4), start_dancer=start)
    p = cond.params
    description = (f"line {'/'.join(f'{v:g}' for v in speeds)} m/min at {p['line_accel']:g} m/min/s, gain "
                   f"{p['dancer_gain']:g}, lag {p['lag_s']:g} s, dancer from {start:g}")
    return dict(params=p, description=description)


IO = (
    IOPoint("%IX0.0", "infeed_running", "BOOL", "input", "infeed", "running",
            "TRUE while the infeed drive's output stage is on"),
    IOPoint("%IW0", "line_speed", "INT", "input", "web", "line_speed",
            "Actual line speed (the pull roll's surface speed)", "0.1 m/min", "0..3000"),
    IOPoint("%IW1", "dancer_position", "INT", "input", "web", "dancer",
            f"Dancer position: 0 = low stop (least web stored), 10000 = high stop; mid = {MID}. It rises "
            "while "
            "the infeed feeds faster than the line pulls", "counts", "0..10000"),
    IOPoint("%QX0.0", "infeed_run", "BOOL", "output", "infeed", "run",
            "TRUE runs the infeed drive at its speed reference; FALSE lets the nip coast to rest"),
    IOPoint("%QW0", "infeed_speed_ref", "INT", "output", "infeed", "speed_ref",
            "Infeed speed reference (surface speed of the nip, nominal diameter); the drive applies it at "
            "once, the nip follows with its lag", "0.1 m/min", f"0..{MAX_WORD}"),
    IOPoint("%IW2", "infeed_speed", "INT", "input", "infeed", "speed",
            "Actual infeed drive speed (nominal surface speed)", "0.1 m/min", f"0..{MAX_WORD}"),
)

TASK = Task(
    id="MOT-E10", title="Dancer position hold", suite="MOT", level="E",
    summary="Run a web infeed nip at the line speed plus a PI trim on the dancer position, hold the dancer "
            "in mid through the line's speed changes, and stop with the line.",
    plant_description=(
        "A web runs from an infeed nip, driven by a VFD (it follows its reference with a lag that differs "
        "from run to run), over an idler, round a dancer roll and over a second idler to the line's pull "
        "roll. The host sets the line speed; the line's drive ramps to each new speed at its own rate "
        "(5-15 m/min per s), then holds it; at the end it stops the line. The dancer stores the difference: "
        "it rises while the infeed feeds faster than the line pulls, by an amount per m/min of difference "
        "that depends on the web path and differs from run to run (4 x from least to most). The infeed "
        "nip's diameter is slightly off nominal, so the same speed reference does not feed exactly the "
        "line speed. At power-up the line stands and the dancer may be anywhere from 20 % to 80 % of its "
        "stroke."),
    specification=(
        f"1. Run the infeed at the line speed (%IW0) plus a trim from a PI controller on the dancer's error "
        f"from mid ({MID} counts on %IW1): feed-forward of the line speed is needed, the trim alone is too "
        "slow for the line's speed changes.\n"
        f"2. Bring the dancer to mid (within +-{WINDOW}) and keep it there: after the line reaches each new "
        f"speed the dancer must be within +-{WINDOW} of mid within {SETTLE_S:g} s and stay there for "
        f"{HOLD_S:g} s.\n"
        f"3. Never let the dancer come within {STOP_MARGIN} counts of either stop, and never set the infeed "
        f"reference above {RATIO:g} x the line speed + {EXTRA_MPM:g} m/min.\n"
        "4. When the line has stopped at the end, stop the infeed: its reference 0 (or run off) within "
        f"{STOP_WITHIN_S:g} s of the line coming to rest, and keep it so."),
    io=IO,
    completion=Completion(
        f"For each line speed the host orders (3, then a stop): the dancer within +-{WINDOW} of mid within "
        f"{SETTLE_S:g} s of the line reaching the speed, and held there {HOLD_S:g} s; after the line has "
        f"stopped, the line and the infeed reference at 0 for {END_HOLD_S:g} s.",
        lambda: FromParams(_completion, "the host's orders"),
        keep=_end_state_kept,
        keep_wording="the line stopped, the infeed reference 0 (or run off) and the dancer clear of its "
                     "stops."),
    safety_rules=(
        SafetyRule("MOT-E10-S1", f"The dancer must never come within {STOP_MARGIN} counts of either stop "
                   f"(below {STOP_MARGIN} or above {10000 - STOP_MARGIN}).",
                   judges.never(_dancer_near_stop, _dancer_near_stop)),
        SafetyRule("MOT-E10-S2", f"The infeed speed reference must never exceed {RATIO:g} x the line speed "
                   f"+ {EXTRA_MPM:g} m/min.", judges.never(_infeed_too_fast, _infeed_too_fast)),
        SafetyRule("MOT-E10-S3", f"Once the line has run and stopped, the infeed reference must be 0 (or run "
                   f"off) within {STOP_WITHIN_S:g} s and stay so while the line stands.", StopsWithLine()),
    ),
    parameters=(
        ParameterRange("line_mpm", 50.0, 300.0, "m/min", "each line speed the host orders (3 per run)"),
        ParameterRange("line_accel", 5.0, 15.0, "m/min per s", "the line's ramp to a new speed"),
        ParameterRange("lag_s", 0.05, 0.4, "s", "the infeed drive's lag"),
        ParameterRange("dancer_gain", 40.0, 160.0, "counts/s per m/min",
                       "dancer travel per speed difference"),
        ParameterRange("feed_factor", 0.985, 1.015, "", "infeed nip diameter over nominal"),
        ParameterRange("start_dancer", 2000.0, 8000.0, "counts", "the dancer at power-up"),
        ParameterRange("first_order_s", 1.0, 3.0, "s", "when the host first orders a line speed"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=260.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
