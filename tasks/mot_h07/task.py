"""MOT-H07 Three-section web line.

An unwind, nip 1 (the line's master), nip 2 and a rewind, each on its own VFD, with a dancer in
each of the three spans between them (sim.devices.web_line3.ThreeSpanWeb). The program threads
up (every dancer to mid at crawl), ramps the line to the host's ordered speed, runs to the
ordered length, ramps down and stops on the length; one PI per dancer, with each trim fed
forward to the rolls downstream of it (nip 2's trim to the rewind); on a web break it stops
every roll and waits for the operator's Re-thread.

Each span is judged on its own (S4: its own dancer's window while the line runs), so a program
that holds two spans and lets the third wander fails on that span's dancer.

Departures from the catalog entry, and why:
- "gains 3x spread" is the dancers' counts per m/min of speed difference, 40-120, each span
  its own; the rolls' diameters are off nominal (unwind and rewind +-3 %, nip 2 +-2 %), so the
  trims must integrate.
- S3 is judged on nip 1's surface speed (the line) over 0.1 s, while the web is whole: the
  drives' own quick-stop ramp (300 m/min per s) is what makes "still within 2 s" of a break
  possible at 400 m/min.
- a deadline on reaching the ordered speed (S5) so that crawling the whole length at thread-up
  speed (trivially on length) fails.
- the trap ("nips trimmed from own dancers only": the rewind not given nip 2's trim) earns 1 on
  this plant (5/5 registered, 200/200 sampled) and is kept in correct/ (see its header): nip 1 is
  the untrimmed master and nip 2's trim holds nip 2's surface at the line's speed, so loop 3's
  burden is the same size with or without the feed-forward, and a nip-2 slip is seen by span 3
  in the opposite sense (the missing feed-forward helps as often as it hurts); a nip-1 slip would
  defeat it but would also jolt the line past S3 whatever the program did. The prompt's rules
  allow it, and spec item 3 says so (the structure is the program's; the dancers are judged).
- every safety rule also watches the completion (MissEndsTheRun), and so does a length past the
  order by more than 1 m (the counter only grows): a violation or an overrun settles the verdict,
  so a failing run ends there instead of at the time limit (the test budget).
- the length is drawn with the speed (18-36 s of running at the order): the time limit then
  covers the slowest correct run (a break included) with a margin: 90 s, the slowest correct run
  of 200 sampled conditions (seed 1) being 74.3 s (correct/second_correct.st; the reference's
  69.7 s, the registered slowest 62 s).
"""

from __future__ import annotations

import random
from collections import deque

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.panel import PushButton
from sim.devices.vfd_motor import VFDMotor
from sim.devices.web_line3 import ThreeSpanWeb
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, log_uniform

MID = 5000
END_WINDOW = 1000          # +-10 % of the stroke at the end
RUN_WINDOW = 2000          # +-20 % while the line runs above crawl
RUN_ABOVE_MPM = 30.0
STOP_ZONE = 200            # counts at either end: the dancer on its stop
STOP_S = 0.2
RAMP = 60.0                # m/min per s, the line's ramp limit
BREAK_STILL_S = 2.0
LENGTH_TOL_M = 1.0
END_HOLD_S = 2.0
SHORT_LEFT_M = 20.0
UP_MARGIN_S = 15.0         # thread-up time allowed before the ramp to speed
MAX_WORD = 5000            # 500.0 m/min
DRIVE_RAMP = 3000.0        # words/s: each drive's own quick-stop ramp, 300 m/min per s
ROLLS = ("unwind", "nip1", "nip2", "rewind")


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    drives = []
    for k, name in enumerate(ROLLS):
        drives.append(plant.add(VFDMotor(
            name, x=-900.0 + 600.0 * k, y=-420.0, max_rpm=MAX_WORD, lag_s=p["lag_s"][k],
            ramp_rpm_s=DRIVE_RAMP, stop_mode="ramp", size_mm=140.0, label=f"{name} drive", load="nip",
            speed_units="m/min", speed_scale=0.1)))
    plant.add(ValueWord("line_order", int(round(p["line_mpm"] * 10)), position=(-700.0, 380.0),
                        label="host line speed", units="m/min", scale=0.1))
    plant.add(ValueWord("length_order", int(round(p["length_m"] * 10)), position=(-200.0, 380.0),
                        label="host length", units="m", scale=0.1))
    button = plant.add(PushButton("rethread", x=500.0, y=380.0, label="Re-thread"))
    plant.add(ThreeSpanWeb("web", drives=tuple(drives), factors=p["factors"], gains=p["gains"],
                           start_dancers=p["start_dancers"], splice_at_m=p["splice_at_m"],
                           splice_mpm=p["splice_mpm"], break_at_m=p["break_at_m"],
                           rethread_s=p["rethread_s"], rethread_dancers=p["rethread_dancers"],
                           button=button))
    return plant


# --- judges -------------------------------------------------------------------------------

class Devices:
    def __init__(self, plant):
        self.web = plant.device("web", ThreeSpanWeb)
        self.drives = [plant.device(n, VFDMotor) for n in ROLLS]
        self.line_order = plant.device("line_order", ValueWord).value / 10.0
        self.length_order = plant.device("length_order", ValueWord).value / 10.0


def _finished(s) -> bool:
    d = s.devices
    w = d.web
    # the length first: it is short of the order for all but the end of the run
    return (abs(w.length_m - d.length_order) <= LENGTH_TOL_M and w.web_ok and w.all_still()
            and all(abs(x - MID) <= END_WINDOW for x in w.dancers))


def _completion():
    """Held end state, watched by a copy of every safety rule: a violation settles the verdict
    (reward 0), so the run ends there (MissEndsTheRun) instead of running on to the time limit;
    the safety rules themselves still report it. Each rule is a Watch, so one class serves both."""
    held = judges.held(f"line stopped on the length (+-{LENGTH_TOL_M:g} m), dancers within "
                       f"+-{END_WINDOW} of mid", _finished, END_HOLD_S)
    return MissEndsTheRun(judges.watched(held, OnStop(), BreakStop(), LineRamp(), SpanWindow(), UpToSpeed(),
                                         _Overrun(), name=held.name))


class _Overrun(judges.Watch):
    """The completion can no longer come once the length is past the order's tolerance (the
    counter only grows: it holds while the web is broken), so the run ends there."""

    def check(self, s):
        d = s.devices
        if d.web.length_m > d.length_order + LENGTH_TOL_M:
            return f"the line ran past the ordered {d.length_order:g} m by more than {LENGTH_TOL_M:g} m"
        return None


_NONE3 = [None, None, None]
_LOW_STOP, _HIGH_STOP = STOP_ZONE, 10000 - STOP_ZONE


class OnStop(judges.Watch):
    """S1: while the web is whole, no dancer on a stop for more than 0.2 s."""

    def __init__(self):
        self.since = [None, None, None]

    def check(self, s):
        w = s.devices.web
        since = self.since
        if since == _NONE3:       # no dancer was on a stop: only one on a stop now needs a look
            if not w.web_ok:
                return None
            x0, x1, x2 = w.dancers
            if (_LOW_STOP < x0 < _HIGH_STOP and _LOW_STOP < x1 < _HIGH_STOP
                    and _LOW_STOP < x2 < _HIGH_STOP):
                return None
        for k, x in enumerate(w.dancers):
            on = w.web_ok and (x <= STOP_ZONE or x >= 10000 - STOP_ZONE)
            if not on:
                self.since[k] = None
                continue
            if self.since[k] is None:
                self.since[k] = s.time_ms
            if s.time_ms - self.since[k] > STOP_S * 1000:
                return f"dancer {k + 1} on its {'low' if x < MID else 'high'} stop for over {STOP_S:g} s"
        return None


class BreakStop(judges.Watch):
    """S2: from a break until the Re-thread press: every roll at rest within 2 s, no roll's
    drive run with a reference above 0 after that."""

    def check(self, s):
        w = s.devices.web
        if w.broken_at is None or w.press_left > 0.0 or (w.rethreaded_at is not None and w.web_ok):
            return None
        if w.time - w.broken_at > BREAK_STILL_S + 1e-9:
            for n, m in zip(ROLLS, s.devices.drives, strict=True):
                if m.rpm != 0.0 or m.reference_rpm > 0.0:
                    return (f"the web broke at {w.broken_at:.2f} s but the {n} was still turning or "
                            f"ordered to run {BREAK_STILL_S:g} s later")
        return None


class LineRamp(judges.Watch):
    """S3: while the web is whole, the line's speed changes by no more than the ramp limit
    (over 0.1 s, 5 % and 0.3 m/min margin for the word's resolution)."""

    def __init__(self):
        self.hist = deque(maxlen=11)    # the line speeds of the last 0.1 s

    def check(self, s):
        w = s.devices.web
        if not w.web_ok:
            self.hist.clear()
            return None
        self.hist.append(w.line_mpm)
        if len(self.hist) == 11:
            dv = abs(self.hist[-1] - self.hist[0])
            if dv > RAMP * 0.1 * 1.05 + 0.3:
                return f"the line's speed changed by {dv:.1f} m/min in 0.1 s (limit {RAMP:g} m/min per s)"
        return None


class SpanWindow(judges.Watch):
    """S4, each span on its own: while the line runs above crawl, its dancer within +-20 %
    (the message names the span)."""

    def check(self, s):
        w = s.devices.web
        if not (w.web_ok and w.line_mpm > RUN_ABOVE_MPM):
            return None
        for k, x in enumerate(w.dancers):
            if abs(x - MID) > RUN_WINDOW:
                return (f"dancer {k + 1} at {x:.0f} counts with the line at {w.line_mpm:.0f} m/min "
                        f"(window {MID}+-{RUN_WINDOW})")
        return None


class UpToSpeed(judges.Watch):
    """S5: the line at the ordered speed (98 %) within 12 s + order/ramp of power-up and of each
    Re-thread press, unless less than order^2/(ramp x 60) + 20 m of length is left then (the
    ramp up and down alone need order^2/(ramp x 60) m)."""

    def __init__(self):
        self.start = 0.0
        self.reached = False
        self.presses = 0

    def check(self, s):
        d = s.devices
        w = d.web
        if w.rethreaded_at is not None and w.rethreaded_at != self.start:
            self.start, self.reached = w.rethreaded_at, False
            # too little length left to ramp up to the order and down again: not demanded
            if d.length_order - w.length_m < d.line_order ** 2 / (RAMP * 60.0) + SHORT_LEFT_M:
                self.reached = True
        if w.line_mpm >= 0.98 * d.line_order:
            self.reached = True
        due = self.start + UP_MARGIN_S + d.line_order / RAMP
        if (not self.reached and w.web_ok and w.time > due
                and w.length_m < d.length_order - LENGTH_TOL_M):
            return (f"the line was not at its ordered {d.line_order:g} m/min by {due:.1f} s")
        return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **kw):
    p = dict(line_mpm=250.0, length_m=200.0, lag_s=(0.2, 0.2, 0.2, 0.2), factors=(1.0, 1.0, 1.0, 1.0),
             gains=(80.0, 80.0, 80.0), start_dancers=(5000.0, 5000.0, 5000.0), splice_at_m=None,
             splice_mpm=8.0, break_at_m=None, rethread_s=3.0, rethread_dancers=(3000.0, 3000.0, 3000.0))
    p.update(kw)
    return Condition(name, seed, p, description)


CONDITIONS = (
    _cond("nominal", 7001, "250 m/min, 200 m, diameters a little off", factors=(1.01, 1.0, 0.99, 1.015)),
    _cond("slack_span3_fast", 7002, "400 m/min, dancer 3 slack near its low stop at power-up, 3x gain spread",
          line_mpm=400.0, length_m=230.0, gains=(40.0, 120.0, 70.0), start_dancers=(6500.0, 4200.0, 600.0),
          factors=(0.97, 1.0, 1.02, 0.975), lag_s=(0.3, 0.1, 0.25, 0.15)),
    _cond("splice_bump", 7003, "300 m/min, a splice slips nip 2 at 80 m, span 3 at the highest gain",
          line_mpm=300.0, length_m=170.0, gains=(50.0, 60.0, 120.0), splice_at_m=80.0, splice_mpm=12.0,
          factors=(1.02, 1.0, 0.985, 1.03), start_dancers=(3000.0, 7000.0, 5000.0)),
    _cond("web_break", 7004, "200 m/min, the web breaks at 60 m, re-threaded slack",
          line_mpm=200.0, length_m=120.0, break_at_m=60.0, rethread_s=2.5,
          rethread_dancers=(1500.0, 2500.0, 4000.0), factors=(0.99, 1.0, 1.01, 0.98),
          gains=(60.0, 90.0, 45.0)),
    _cond("slow_line_far_diameters", 7005, "100 m/min, diameters at the ends of their range, low gains",
          line_mpm=100.0, length_m=60.0, gains=(40.0, 40.0, 40.0), factors=(1.03, 1.0, 0.98, 0.97),
          start_dancers=(8000.0, 2000.0, 8000.0), lag_s=(0.1, 0.3, 0.3, 0.1)),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges; the length drawn with the speed (18-36 s of
    running at the order, 60-240 m), splice and break at 30-70 % of the length."""
    v = float(round(rng.uniform(100.0, 400.0)))
    # jointly with the speed: 18-36 s of running at the order (and 60-240 m)
    length = float(round(rng.uniform(max(60.0, 0.3 * v), min(240.0, 0.6 * v))))
    r = rng.random()

    def dancer():
        return float(round(rng.uniform(500.0, 9500.0)))
    p = dict(line_mpm=v, length_m=length,
             lag_s=tuple(round(rng.uniform(0.1, 0.3), 3) for _ in range(4)),
             factors=(round(rng.uniform(0.97, 1.03), 4), 1.0, round(rng.uniform(0.98, 1.02), 4),
                      round(rng.uniform(0.97, 1.03), 4)),
             gains=tuple(round(log_uniform(rng, 40.0, 120.0), 1) for _ in range(3)),
             start_dancers=(dancer(), dancer(), dancer()),
             splice_at_m=round(rng.uniform(0.3, 0.7) * length, 1) if r < 0.5 else None,
             splice_mpm=round(rng.uniform(5.0, 12.0), 1),
             break_at_m=round(rng.uniform(0.3, 0.7) * length, 1) if r >= 0.5 else None,
             rethread_s=round(rng.uniform(1.0, 4.0), 2),
             rethread_dancers=(dancer(), dancer(), dancer()))
    description = (f"{v:g} m/min, {length:g} m, gains {p['gains']}, "
                   + (f"splice at {p['splice_at_m']} m" if p["splice_at_m"]
                      else f"break at {p['break_at_m']} m"))
    return dict(params=p, description=description)


IO = (
    IOPoint("%IX0.0", "web_ok", "BOOL", "input", "web", "web_ok",
            "Web-break detector: TRUE while the web is whole, FALSE once it has broken (until re-threaded)"),
    IOPoint("%IX0.1", "rethread_pb", "BOOL", "input", "rethread", "pressed",
            "Re-thread push button (NO): TRUE while pressed; the operator presses it once the web is "
            "threaded again"),
    IOPoint("%IW0", "dancer1", "INT", "input", "web", "dancer1",
            "Dancer 1 (span unwind -> nip 1): 0 = low stop, 10000 = high stop, mid 5000; rises while the "
            "unwind feeds faster than nip 1 pulls", "counts", "0..10000"),
    IOPoint("%IW1", "dancer2", "INT", "input", "web", "dancer2",
            "Dancer 2 (span nip 1 -> nip 2): rises while nip 1 feeds faster than nip 2 pulls", "counts",
            "0..10000"),
    IOPoint("%IW2", "dancer3", "INT", "input", "web", "dancer3",
            "Dancer 3 (span nip 2 -> rewind): rises while nip 2 feeds faster than the rewind pulls", "counts",
            "0..10000"),
    IOPoint("%IW3", "length", "INT", "input", "web", "length",
            "Web length run through nip 1 since power-up (holds while the web is broken)", "0.1 m",
            "0..32767"),
    IOPoint("%IW4", "line_speed_order", "INT", "input", "line_order", "value",
            "Host's ordered line speed", "0.1 m/min", "1000..4000"),
    IOPoint("%IW5", "length_order", "INT", "input", "length_order", "value",
            "Host's ordered length", "0.1 m", "600..2400"),
    IOPoint("%IW6", "nip1_speed", "INT", "input", "nip1", "speed",
            "Actual nip 1 drive speed: the line speed", "0.1 m/min", f"0..{MAX_WORD}"),
    *(IOPoint(f"%QX0.{k}", f"{n}_run", "BOOL", "output", n, "run",
              f"TRUE runs the {n} drive at its reference; FALSE stops it on the drive's own quick-stop "
              "ramp (300 m/min per s)") for k, n in enumerate(ROLLS)),
    *(IOPoint(f"%QW{k}", f"{n}_speed_ref", "INT", "output", n, "speed_ref",
              f"{n} speed reference (surface speed at nominal diameter); the drive follows it with a lag "
              "of 0.1-0.3 s (and never faster than 300 m/min per s)", "0.1 m/min", f"0..{MAX_WORD}")
      for k, n in enumerate(ROLLS)),
)

TASK = Task(
    id="MOT-H07", title="Three-section web line", suite="MOT", level="H",
    summary="Thread up, ramp a three-section web line to the ordered speed, run to the ordered length and "
            "ramp down onto it, holding three dancers with PI trims fed forward downstream; on a web break "
            "stop every roll and wait for Re-thread.",
    plant_description=(
        "A web runs from an unwind roll through dancer 1 to nip 1 (the line's master: its surface speed is "
        "the line speed, its diameter exactly nominal), through dancer 2 to nip 2, through dancer 3 to the "
        "rewind roll. Each of the four rolls has its own VFD; each follows its reference with a lag. The "
        "unwind's and rewind's effective diameters are off nominal by up to 3 %, nip 2's by up to 2 %, so "
        "the same reference does not feed the same speed. Each dancer moves by 40-120 counts per second "
        "for every m/min its upstream roll feeds faster than its downstream roll (each span its own). At "
        "power-up the web is threaded, the line stands and each dancer may be anywhere from 500 to 9500. "
        "A splice may pass nip 2 and slip it by 5-12 m/min for 0.5 s. The web may break once (the web-break "
        "detector drops); the dancers then fall to their low stops; once every roll has stood still for "
        "1-4 s "
        "the operator re-threads it (each dancer anywhere from 500 to 9500) and presses Re-thread."),
    specification=(
        f"1. Thread up: before ramping, bring every dancer to mid ({MID}) at crawl speed.\n"
        f"2. Ramp the line (nip 1) to the ordered speed (%IW4), never faster than {RAMP:g} m/min per s up or "
        f"down (S3), and be at 98 % of it within {UP_MARGIN_S:g} s + order/{RAMP:g} s of power-up and of "
        f"each Re-thread press (S5; not after a press with less than order^2/{RAMP * 60:g} + "
        f"{SHORT_LEFT_M:g} m of the length left, order in m/min).\n"
        "3. Run the others from the line speed plus one PI trim per dancer: the unwind from dancer 1, nip 2 "
        "from dancer 2, the rewind from dancer 3, usually with nip 2's trim fed forward (every trim disturbs "
        "the spans downstream of it); the structure is yours: what is judged is each dancer's window "
        "(S1, S4).\n"
        f"4. While the line runs above {RUN_ABOVE_MPM:g} m/min keep each dancer within +-{RUN_WINDOW} of "
        f"mid (S4, each span on its own); never leave a dancer on a stop (below {STOP_ZONE} or above "
        f"{10000 - STOP_ZONE}) for more than {STOP_S:g} s while the web is whole (S1).\n"
        f"5. Ramp down and stop the line with the length (%IW3) within +-{LENGTH_TOL_M:g} m of the ordered "
        f"length (%IW5), every roll at rest (its speed exactly 0: run FALSE stops a drive on its ramp, "
        "a reference of 0 with run TRUE only creeps towards rest), every dancer within "
        f"+-{END_WINDOW} of mid.\n"
        f"6. On a web break (%IX0.0 FALSE): every roll at rest within {BREAK_STILL_S:g} s, and no drive run "
        "with a reference above 0 until Re-thread is pressed (S2); then thread up and ramp again and finish "
        "the length (the counter holds while broken)."),
    io=IO,
    completion=Completion(
        f"The line stopped with the length within +-{LENGTH_TOL_M:g} m of the order, every roll at rest and "
        f"every dancer within +-{END_WINDOW} of mid, held {END_HOLD_S:g} s.",
        _completion, keep=_finished,
        keep_wording="the line stopped on the length, every roll at rest, the dancers within the end "
                     "window."),
    safety_rules=(
        SafetyRule("MOT-H07-S1", f"While the web is whole, no dancer on a stop (below {STOP_ZONE} or above "
                   f"{10000 - STOP_ZONE}) for more than {STOP_S:g} s.", OnStop()),
        SafetyRule("MOT-H07-S2", f"After a web break, every roll at rest within {BREAK_STILL_S:g} s and no "
                   "drive run with a reference above 0 until Re-thread is pressed.", BreakStop()),
        SafetyRule("MOT-H07-S3", f"While the web is whole, the line speed never changes faster than "
                   f"{RAMP:g} m/min per s.", LineRamp()),
        SafetyRule("MOT-H07-S4", f"While the line runs above {RUN_ABOVE_MPM:g} m/min, every dancer within "
                   f"+-{RUN_WINDOW} of mid (each span judged on its own).", SpanWindow()),
        SafetyRule("MOT-H07-S5", f"The line at 98 % of its ordered speed within {UP_MARGIN_S:g} s + "
                   f"order/{RAMP:g} s of power-up and of each Re-thread press (not demanded after a press "
                   "with less "
                   f"than order^2/{RAMP * 60:g} + {SHORT_LEFT_M:g} m of the length left, order in m/min).",
                   UpToSpeed()),
    ),
    parameters=(
        ParameterRange("line_mpm", 100.0, 400.0, "m/min", "the ordered line speed"),
        ParameterRange("length_m", 60.0, 240.0, "m",
                       "the ordered length: 18-36 s of running at the ordered speed"),
        ParameterRange("lag_s", 0.1, 0.3, "s", "each drive's lag"),
        ParameterRange("dancer_gain", 40.0, 120.0, "counts/s per m/min", "each span's dancer gain"),
        ParameterRange("unwind_rewind_factor", 0.97, 1.03, "", "unwind and rewind diameter over nominal"),
        ParameterRange("nip2_factor", 0.98, 1.02, "", "nip 2 diameter over nominal"),
        ParameterRange("start_dancer", 500.0, 9500.0, "counts",
                       "each dancer at power-up and after re-thread"),
        ParameterRange("splice_mpm", 5.0, 12.0, "m/min", "nip 2's slip as a splice passes (0.5 s)"),
        ParameterRange("rethread_s", 1.0, 4.0, "s", "rolls at rest before the operator re-threads"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=90.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
