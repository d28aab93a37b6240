"""MOT-M19 Mechanical press single stroke.

A mechanical press (sim.devices.mechanical_press.MechanicalPress: flywheel, clutch/brake, crank)
run from a two-hand control (two PushButtons): one stroke per valid two-hand actuation, both
buttons pressed within 0.5 s of each other, each press after both had been released; a button let
go before bottom dead centre stops the stroke at once; past BDC the stroke finishes by itself and
the program drops the clutch so early that the brake's overrun brings the crank to rest at top
dead centre. The overrun is not known and grows with each stop (brake wear): the program measures
it at every stop and corrects the next drop. The Ready lamp shows the press at rest at TDC.

Changes from the catalog entry, and why:
- The first completed stroke of a run is a setting stroke, judged at TDC +-20 deg: its overrun
  (10-40 deg) cannot be known before the brake has stopped the crank once. The strokes after it are
  judged at TDC +-5 deg.
- The wear is 0.5-1.0 deg a stop (the catalog: 0.5) with +-0.3 deg scatter: at 0.3-0.8 a program
  that measured the overrun once and never again passed 4 of the 5 registered conditions
  (counterexamples/learn_once.st), its drift over seven stops staying near the 5 deg window; a
  fixed clutch-off angle (the catalog's trap) misses by up to 15 deg.
- S3 is judged as "no second stroke": the clutch out before the crank, past BDC, runs 20 deg past
  TDC; an engagement that is not a fresh two-hand actuation is S1's.
- A crank stopped mid-stroke at power-up stands at most at 300 deg: from further up (say 340 deg)
  a 40 deg overrun cannot stop it at TDC, nor short of running 20 deg past it (S3), at any drop.
- S4 (Ready only at rest at TDC with the clutch out) is added: the catalog's Ready lamp is stated
  output and must be judged.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.mechanical_press import MechanicalPress
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task

STROKES = 8
SYNC_S = 0.5                 # two-hand: both pressed within this of each other
TDC_TOL = 5.0
SETTING_TOL = 20.0
RUN_ON_DEG = 20.0            # S3: past TDC this far with the clutch in is a second stroke
ENGAGE_WITHIN_S = 0.25
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(MechanicalPress("press", spm=p["spm"], overrun_deg=p["overrun_deg"], growth_deg=p["growth_deg"],
                              scatter_deg=0.3, engage_s=0.03, start_deg=p["start_deg"], x=0.0, y=0.0,
                              label="press"))
    plant.add(PushButton("left_button", x=-120.0, y=-120.0, label="Left hand", color="black"))
    plant.add(PushButton("right_button", x=120.0, y=-120.0, label="Right hand", color="black"))
    plant.add(Lamp("ready_lamp", x=0.0, y=-120.0, label="Ready", color="green"))
    return plant


# --- the operator ---------------------------------------------------------------------------
#
# An actuation is (kind, skew_s): "valid" both within skew_s, held through BDC; "skewed" the second
# button skew_s after the first (over 0.5 s: refused); "early" valid but one hand let go before BDC
# (the stroke stops; the next valid actuation finishes it); "hold" valid, both held on well past
# the stroke's end (no second stroke); "one" one hand only (refused). The next actuation comes
# `gap` after the hands are off and the stroke has surely ended, as an operator who waits for it.

def operator_script(spm: float, start_s: float, actuations, gaps) -> list[OperatorAction]:
    rev = 60.0 / spm
    t = start_s
    out: list[OperatorAction] = []
    for (kind, skew), gap in zip(actuations, gaps, strict=True):
        first, second = ("left_button", "right_button") if int(t * 100) % 2 == 0 else ("right_button",
                                                                                         "left_button")
        out.append(OperatorAction(round(t, 2), "press", first))
        if kind != "one":
            out.append(OperatorAction(round(t + skew, 2), "press", second))
        if kind == "early":
            out.append(OperatorAction(round(t + skew + 0.2 * rev, 2), "release", first))
            out.append(OperatorAction(round(t + skew + 0.2 * rev + 0.3, 2), "release", second))
            t += skew + 0.2 * rev + 0.3 + gap
            continue
        hold = skew + (rev + 1.0 if kind == "hold" else 0.6 * rev + 0.2)
        out.append(OperatorAction(round(t + hold, 2), "release", first))
        if kind != "one":
            out.append(OperatorAction(round(t + hold + 0.05, 2), "release", second))
        # the next actuation once this stroke has surely ended (the brake's overrun, 45 deg at most)
        end = t + skew + 0.03 + rev + 2.0 * 45.0 / (6.0 * spm) if kind in ("valid", "hold") else t
        t = max(t + hold + 0.05, end) + gap
    return sorted(out, key=lambda a: a.time_s)


def _script_condition(name, seed, description, actuations, gaps, start_s=0.5, **params):
    params.update(skew_s=tuple(s for _, s in actuations), gap_s=tuple(gaps), first_press_s=start_s)
    return Condition(name, seed, params, description,
                     operator=operator_script(params["spm"], start_s, actuations, gaps))


# --- judges ------------------------------------------------------------------------------

class Hands:
    """What the two-hand control has done: when each button was last pressed, and whether both have
    been released since the clutch last engaged (`rising`: it engaged this scan, `valid_then`: on a
    valid actuation). S1 and the engage judge each keep one; updated once per scan."""

    def __init__(self):
        self.scan = -1
        self.pressed_at = {"left_button": None, "right_button": None}
        self.was = {"left_button": False, "right_button": False}
        self.both_released_at = 0
        self.clutch_was = False
        self.fresh = True          # both released since the last engagement
        self.rising = False
        self.valid_then = False

    def update(self, s) -> None:
        if s.scan == self.scan:
            return
        self.scan = s.scan
        for b in ("left_button", "right_button"):
            on = bool(s.io[b])
            if on and not self.was[b]:
                self.pressed_at[b] = s.time_ms
            self.was[b] = on
        if not s.io["left_button"] and not s.io["right_button"]:
            self.both_released_at = s.time_ms
            self.fresh = True
        on = bool(s.io["clutch"])
        self.rising, self.clutch_was = on and not self.clutch_was, on
        if self.rising:
            self.valid_then = self.valid(s)
            self.fresh = False

    def valid(self, s) -> bool:
        """Both pressed now, each after both were released, within 0.5 s of each other."""
        lp, rp = self.pressed_at["left_button"], self.pressed_at["right_button"]
        return (bool(s.io["left_button"]) and bool(s.io["right_button"]) and lp is not None and rp is not None
                and lp > self.both_released_at and rp > self.both_released_at and self.fresh
                and abs(lp - rp) <= SYNC_S * 1000)


class Crank:
    """Which stroke the crank is in, from its unwrapped angle and its stops (shared by the strokes
    judge, S2 and S3, one each): `bdc_at` is the BDC of the stroke under way, `passed` whether the
    crank has gone through it, `completed` counts the stops of a clutch dropped after it (a finished
    stroke), `new`
    is the off-TDC angle of a stroke finished this scan (else None). At power-up the stroke under way
    is the one whose BDC is next, unless the crank stands in an upstroke (it finishes that one)."""

    def __init__(self):
        self.bdc_at: float | None = None
        self.passed = False
        self.completed = 0
        self.stops = 0
        self.scan = -1
        self.new: float | None = None

    def update(self, s) -> None:
        if s.scan == self.scan:
            return
        self.scan = s.scan
        press = s.devices
        if self.bdc_at is None:
            start = s.params["start_deg"]
            self.bdc_at = 360.0 * ((start + TDC_TOL) // 360.0) + 180.0
            self.passed = 180.0 <= start % 360.0 < 360.0 - TDC_TOL
        if press.turned_deg >= self.bdc_at:
            self.passed = True
        self.new = None
        if len(press.stops) > self.stops:
            self.stops = len(press.stops)
            # a stroke is finished by a clutch drop after BDC; a hand let go before BDC whose
            # overrun carries the crank past it leaves the stroke to be finished by the next one
            if self.passed and press.braking_from >= self.bdc_at:
                self.completed += 1
                self.new = press.off_tdc_deg
                self.bdc_at = 360.0 * round(press.turned_deg / 360.0) + 180.0
                self.passed = False


class Strokes(judges.Judge):
    """Done after 8 completed strokes (the crank at rest after passing BDC), each at TDC: the first
    within 20 deg, the rest within 5 deg; a stroke that stops further off fails the run. Written for
    this task: the window depends on the stroke's number and a miss ends the run."""

    name = f"{STROKES} strokes stopped at TDC"

    def __init__(self):
        super().__init__()
        self.crank = Crank()

    def update(self, s):
        if self.done or self.failed:
            return self.done
        c = self.crank
        c.update(s)
        if c.new is not None:
            tol = SETTING_TOL if c.completed == 1 else TDC_TOL
            if c.new > tol:
                self.failed = f"stroke {c.completed} stopped {c.new:.1f} deg from TDC (allowed {tol:g} deg)"
                return False
        if c.completed >= STROKES:
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else (self.failed or f"{self.name} ({self.crank.completed} so far)")


def _ready_state(s) -> bool:
    press = s.devices
    return not press.running and press.off_tdc_deg <= TDC_TOL and not s.io["clutch"]


def _parked(s) -> bool:
    return _ready_state(s) and bool(s.io["ready_lamp"])


def _completion():
    hands = Hands()

    def cause(s):
        hands.update(s)
        press = s.devices
        return hands.valid(s) and not press.running

    engage = judges.progress_within(
        f"crank setting off within {ENGAGE_WITHIN_S:g} s of a valid two-hand actuation", cause,
        [judges.Way("the crank", lambda s: -s.devices.turned_deg, by=1.0)], ENGAGE_WITHIN_S,
        excused=lambda s: not (s.io["left_button"] and s.io["right_button"]),
        late=lambda t: f"both hands pressed in time at {t:g} s, but the crank had not turned 1 deg "
                       f"{ENGAGE_WITHIN_S:g} s later")
    return judges.watched(
        judges.in_order(Strokes(), judges.held("at rest at TDC, clutch out, Ready on", _parked, HOLD_S)),
        engage)


# --- safety ------------------------------------------------------------------------------

class ClutchOnlyOnTwoHands(judges.Monitor):
    def __init__(self):
        self.hands = Hands()

    def check(self, s):
        h = self.hands
        h.update(s)
        if h.rising:
            if not h.valid_then:
                lp, rp = h.pressed_at["left_button"], h.pressed_at["right_button"]
                if not (s.io["left_button"] and s.io["right_button"]):
                    why = "without both hands on the buttons"
                elif lp is not None and rp is not None and abs(lp - rp) > SYNC_S * 1000:
                    why = f"with the hands {abs(lp - rp) / 1000:.2f} s apart"
                else:
                    why = "without both hands released since the last stroke"
                return f"the clutch engaged {why}"
        return None


class ReleaseBeforeBdcStops(judges.Monitor):
    def __init__(self):
        self.crank = Crank()

    def check(self, s):
        self.crank.update(s)
        if s.io["clutch"] and not self.crank.passed and not (s.io["left_button"] and s.io["right_button"]):
            return (f"the clutch stayed in at {s.devices.angle_deg:.0f} deg (before BDC) with a hand off its "
                    "button")
        return None


class NoSecondStroke(judges.Monitor):
    def __init__(self):
        self.crank = Crank()

    def check(self, s):
        c = self.crank
        c.update(s)
        press = s.devices
        if press.engaged and c.passed and press.turned_deg > c.bdc_at + 180.0 + RUN_ON_DEG:
            return f"the crank ran {RUN_ON_DEG:g} deg past TDC with the clutch in: a second stroke"
        return None


def _ready_unsafe(s):
    if s.io["ready_lamp"] and not _ready_state(s):
        press = s.devices
        return (f"Ready on with the crank {'turning' if press.running else 'at rest'} at "
                f"{press.angle_deg:.0f} deg" + (" and the clutch in" if s.io["clutch"] else ""))
    return None


# --- conditions --------------------------------------------------------------------------

V, SK, EA, HO, ON = "valid", "skewed", "early", "hold", "one"

CONDITIONS = (
    _script_condition(
        "nominal", 1901, "30 spm, 25 deg overrun, a skewed actuation and an early release",
        [(V, 0.1), (V, 0.2), (SK, 0.7), (V, 0.05), (EA, 0.1), (V, 0.3), (V, 0.0), (V, 0.15), (V, 0.4),
         (V, 0.1)], [1.0, 1.2, 0.8, 1.5, 1.0, 1.1, 0.9, 1.3, 1.0, 1.2],
        spm=30.0, overrun_deg=25.0, growth_deg=0.5, start_deg=0.0),
    _script_condition(
        "fast_short_overrun", 1902, "60 spm, 10 deg overrun and quick wear, hands held on after strokes",
        [(HO, 0.2), (V, 0.1), (HO, 0.0), (ON, 0.0), (V, 0.45), (V, 0.1), (HO, 0.3), (V, 0.2), (V, 0.05)],
        [0.8, 0.6, 0.9, 0.7, 0.6, 0.8, 1.0, 0.7, 0.9],
        spm=60.0, overrun_deg=10.0, growth_deg=1.0, start_deg=0.0),
    _script_condition(
        "slow_long_overrun", 1903, "20 spm, 40 deg overrun, slow wear, two early releases",
        [(V, 0.3), (EA, 0.2), (V, 0.1), (V, 0.0), (SK, 0.9), (V, 0.2), (EA, 0.0), (V, 0.4), (V, 0.1),
         (V, 0.2), (V, 0.1)], [1.2, 1.0, 1.5, 1.0, 1.0, 1.2, 0.8, 1.0, 1.4, 1.0, 1.0],
        spm=20.0, overrun_deg=40.0, growth_deg=0.5, start_deg=0.0),
    _script_condition(
        "stopped_mid_stroke", 1904, "the crank stopped at 250 deg at power-up, 45 spm, 32 deg overrun",
        [(V, 0.2), (V, 0.1), (ON, 0.0), (V, 0.3), (SK, 0.6), (V, 0.0), (HO, 0.1), (V, 0.2), (V, 0.1),
         (V, 0.25)], [1.0, 0.9, 1.0, 1.1, 0.8, 1.0, 1.0, 1.2, 1.0, 0.9],
        spm=45.0, overrun_deg=32.0, growth_deg=0.6, start_deg=250.0),
    _script_condition(
        "stopped_before_bdc", 1905, "the crank stopped at 100 deg at power-up, 38 spm, 15 deg overrun",
        [(V, 0.0), (V, 0.25), (V, 0.1), (EA, 0.3), (V, 0.1), (V, 0.2), (HO, 0.05), (V, 0.15), (V, 0.3)],
        [0.9, 1.0, 1.1, 1.0, 0.8, 1.0, 1.2, 1.0, 0.9],
        spm=38.0, overrun_deg=15.0, growth_deg=0.7, start_deg=100.0),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges: speed, overrun and wear each on their own, the
    power-up angle at TDC in half the runs; an operator who makes exactly 8 strokes' worth of valid
    actuations (one more per early release; from a crank stopped mid-stroke the first one carries
    that stroke on) with up to four skewed or one-handed ones and held-on ones mixed in, each kind's
    skew drawn from its own part of the published range (valid 0-0.45 s, skewed 0.6-1 s)."""
    spm = round(rng.uniform(20.0, 60.0), 1)
    start = 0.0 if rng.random() < 0.5 else round(rng.uniform(20.0, 300.0), 1)
    acts = []
    done = 0
    if start:                           # the first stroke carries on from where the crank stopped
        acts.append((V, round(rng.uniform(0.0, 0.45), 2)))
        done = 1
    refused = 0
    while done < STROKES:
        r = rng.random()
        if (acts and acts[-1][0] == EA and r < 0.3) or (refused >= 4 and r < 0.2):
            r = 0.5                     # no two early releases running; at most four refused
        refused += r < 0.2
        if r < 0.12:
            acts.append((SK, round(rng.uniform(0.6, 1.0), 2)))
        elif r < 0.2:
            acts.append((ON, 0.0))
        elif r < 0.3:
            acts.append((EA, round(rng.uniform(0.0, 0.45), 2)))
        elif r < 0.42:
            acts.append((HO, round(rng.uniform(0.0, 0.45), 2)))
            done += 1
        else:
            acts.append((V, round(rng.uniform(0.0, 0.45), 2)))
            done += 1
    gaps = [round(rng.uniform(0.6, 1.5), 2) for _ in acts]
    params = dict(spm=spm, overrun_deg=round(rng.uniform(10.0, 40.0), 1),
                  growth_deg=round(rng.uniform(0.5, 1.0), 2),
                  start_deg=start, skew_s=tuple(s for _, s in acts), gap_s=tuple(gaps), first_press_s=0.5)
    description = (f"{spm:g} spm, overrun {params['overrun_deg']:g} deg + {params['growth_deg']:g}/stop, "
                   f"crank at {start:g} deg, {len(acts)} actuations: " + " ".join(k for k, _ in acts))
    return dict(params=params, operator=operator_script(spm, 0.5, acts, gaps), description=description)


IO = (
    IOPoint("%IX0.0", "left_button", "BOOL", "input", "left_button", "pressed",
            "Two-hand control, left button: TRUE while pressed (NO contact)"),
    IOPoint("%IX0.1", "right_button", "BOOL", "input", "right_button", "pressed",
            "Two-hand control, right button: TRUE while pressed (NO contact)"),
    IOPoint("%IX0.2", "tdc_cam", "BOOL", "input", "press", "tdc",
            f"TDC cam: TRUE while the crank is within {TDC_TOL:g} deg of top dead centre"),
    IOPoint("%IX0.3", "crank_running", "BOOL", "input", "press", "running", "TRUE while the crank turns"),
    IOPoint("%IW0", "crank_angle", "INT", "input", "press", "angle",
            "Crank angle: 0 = top dead centre (ram up), 180 = bottom dead centre, counting up as the press "
            "strokes; whole degrees", "deg", "0..359"),
    IOPoint("%QX0.0", "clutch", "BOOL", "output", "press", "clutch",
            "TRUE engages the clutch (after 0.03 s the crank turns with the flywheel at full speed); FALSE "
            "drops it and the brake stops the crank, which runs on by the brake's overrun angle"),
    IOPoint("%QX0.1", "ready_lamp", "BOOL", "output", "ready_lamp", "on",
            "Ready lamp: the press stands at TDC ready for the next stroke"),
)

TASK = Task(
    id="MOT-M19", title="Mechanical press single stroke", suite="MOT", level="M",
    summary="Run a mechanical press one stroke per valid two-hand actuation, stop a stroke at once when a "
            "hand lets go before BDC, and drop the clutch early enough that the crank stops at TDC, learning "
            "the brake's growing overrun from every stop.",
    plant_description=(
        "A mechanical press: a flywheel that runs all the time, a clutch/brake, and a crank that drives the "
        "ram (0 deg = top dead centre, TDC, ram up; 180 deg = bottom dead centre, BDC). With the clutch in "
        "the crank turns at the press's speed (20-60 strokes a minute, the same all run); with it out the "
        "spring brake stops the crank, which runs on by the brake's overrun angle past where the clutch "
        "dropped: 10-40 deg at power-up, growing by 0.5-1.0 deg with every stop (wear), give or take 0.3 "
        "deg. An operator works the two-hand control (two push buttons) and watches the Ready lamp. At "
        "power-up the crank stands at TDC or where a stroke was stopped (at most 300 deg)."),
    specification=(
        "1. A stroke starts only on a valid two-hand actuation: both buttons pressed, the second within "
        f"{SYNC_S:g} s of the first, and each press made after both buttons had been released (holding on "
        "from the last stroke, one hand only or hands too far apart: refuse it; the operator lets go and "
        "tries again). On a valid actuation engage the clutch: the crank must have turned 1 deg within "
        f"{ENGAGE_WITHIN_S:g} s of the second press.\n"
        "2. Until the crank has passed BDC, both hands must stay on: in any scan in which a button is "
        "released before BDC the clutch must be out (the crank stops where the brake takes it; a next valid "
        "actuation carries on with that stroke). After BDC the stroke finishes by itself, hands on or off.\n"
        "3. Drop the clutch early enough that the crank comes to rest at TDC: the brake's overrun is not "
        "known and grows with every stop, so measure it at every stop (where the crank came to rest less "
        "where the clutch dropped) and use it for the next. The first stroke that ends after BDC is a "
        f"setting stroke: it must stop within {SETTING_TOL:g} deg of TDC; every later one within "
        f"{TDC_TOL:g} deg. The clutch must be out before the crank, past BDC, runs {RUN_ON_DEG:g} deg past "
        "TDC (never a second stroke on one actuation). At the crank's speed it turns up to 3.6 deg a scan. A "
        "stroke ends when the clutch dropped after BDC and the crank came to rest, even short of TDC: the "
        "next valid actuation makes a whole new stroke (over TDC, down through BDC, up to the next TDC). At "
        "power-up a crank standing in an upstroke (180 deg and on) is finished to TDC by the first actuation "
        "and one in a down-stroke is carried on through BDC. The operator presses only with the crank at "
        "rest.\n"
        f"4. Ready on only while the crank is at rest within {TDC_TOL:g} deg of TDC with the clutch out; "
        "give it there. After the operator's last stroke leave the crank at TDC, clutch out, Ready on.\n"
        "The press's speed, the overrun and its growth, the crank's power-up angle and the operator's "
        "timing differ from run to run."),
    io=IO,
    completion=Completion(
        f"{STROKES} strokes each stopped at TDC (the first within {SETTING_TOL:g} deg, the rest within "
        f"{TDC_TOL:g} deg) with no invalid actuation obeyed; then the crank at rest at TDC, clutch out, "
        f"Ready on for {HOLD_S:g} s. On the way the crank sets off within {ENGAGE_WITHIN_S:g} s of every "
        "valid two-hand actuation.",
        _completion,
        keep=_parked,
        keep_wording="the crank at rest within 5 deg of TDC with the clutch out and Ready on."),
    safety_rules=(
        SafetyRule("MOT-M19-S1", f"The clutch must engage only on a valid two-hand actuation: both buttons "
                   f"pressed within {SYNC_S:g} s of each other, each press made after both had been "
                   "released.",
                   ClutchOnlyOnTwoHands()),
        SafetyRule("MOT-M19-S2", "Before the crank has passed BDC the clutch must be out in every scan in "
                   "which a button is released.", ReleaseBeforeBdcStops()),
        SafetyRule("MOT-M19-S3", f"No second stroke: the clutch must be out before the crank, past BDC, runs "
                   f"{RUN_ON_DEG:g} deg past TDC.", NoSecondStroke()),
        SafetyRule("MOT-M19-S4", f"Ready must only be on while the crank is at rest within {TDC_TOL:g} deg "
                   "of TDC with the clutch out.", judges.never(lambda s: _ready_unsafe(s) is not None,
                                                            _ready_unsafe)),
    ),
    parameters=(
        ParameterRange("spm", 20.0, 60.0, "strokes/min", "press speed with the clutch in"),
        ParameterRange("overrun_deg", 10.0, 40.0, "deg", "brake overrun at power-up"),
        ParameterRange("growth_deg", 0.5, 1.0, "deg", "overrun growth per stop (brake wear)"),
        ParameterRange("start_deg", 0.0, 300.0, "deg", "crank angle at power-up (0 = at TDC)"),
        ParameterRange("skew_s", 0.0, 1.0, "s", "time between the operator's two presses"),
        ParameterRange("gap_s", 0.6, 1.5, "s", "operator's pause after an actuation"),
        ParameterRange("first_press_s", 0.5, 0.5, "s", "the operator's first press"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=70.0,
    build_plant=build_plant,
    judged_devices=lambda plant: plant.device("press", MechanicalPress),
)
