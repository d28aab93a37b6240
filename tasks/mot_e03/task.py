"""MOT-E03 Jog with soft limits.

An operator jogs a servo slide with two push buttons (Jog+ and Jog-) at the speed a Slow/Fast
selector picks (20 or 150 mm/s). The slide must move while exactly one button is held, stop
when it is released, and never leave the soft range the host gives (two words): a jog toward a
soft limit must halt 0.5 to 3 mm inside it, with the AtLimit lamp on. The slide may start
outside the soft range, where it may only be jogged back toward it. The acceleration varies
per condition, so the braking distance from Fast (v^2 / 2a) does too: stopping when the
position reaches the limit overruns it, stopping a worst-case distance early misses the 3 mm.

Changes from the catalog entry, and why:
- Acceleration 700-3000 mm/s^2 instead of 100-1500: the catalog's own S3 (still 0.3 s after
  release) cannot be met from 150 mm/s below 500 mm/s^2; 700 leaves a scan or two of margin.
  The range still spans 4.3:1, so the braking distance from Fast spans 3.75 to 16 mm.
- The catalog's S2 (no hard limit switch) is left out: the hard limits lie outside the soft
  range and S1 lets a slide outside it move only toward it, so no program could trip S2 without
  S1 (its counterexample could not exist). The hard switches still stop and fault the drive.
- S3 (AtLimit only at a soft limit) and S4 (never faster than the selected speed): without them
  AtLimit could be on all the time and the selector could be ignored.
- The operator's script is part of the condition: presses of each kind (a free jog, a jog into
  a limit, a press against a limit, both buttons at once, a press away from the range while
  outside it), with times drawn from the published ranges. The completion judges each press
  in turn (PressJudge below): a judge written for this task because what each press must do
  depends on the script.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis, ValueWord, to_word
from sim.devices.panel import Lamp, PushButton, SelectorSwitch
from sim.devices.soft_range import SoftRangeMarks
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task
from tasks.common import axis_io, log_uniform

SLOW, FAST = 20.0, 150.0         # mm/s, the selector's jog speeds
MAX_SPEED = 200.0                # the drive's configured speed
INSIDE_MIN_MM, INSIDE_MAX_MM = 0.5, 3.0   # a stop at a soft limit lies this far inside it
MOVE_WITHIN_S = 0.2              # a free press moves within this
SET_OFF_MM = 0.5                 # ... by this much
STILL_AFTER_S = 0.3              # the slide is still within this of a release
STILL_MM = 0.1                   # a blocked press moves the slide less than this
SPEED_TOL = 1.02                 # S5: 2 % over the selected speed (the drive's ramp lands exactly)
HOLD_S = 2.0
LIMIT_MINUS_MM, LIMIT_PLUS_MM = -5.0, 505.0
PLUS, MINUS, BOTH = 1, -1, 0
FREE, TO_LIMIT, BLOCKED = "free", "to_limit", "blocked"


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Axis(
        "slide", origin=(150.0, 300.0), angle_deg=0.0,
        limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM, rail_min_mm=-30.0, rail_max_mm=530.0,
        home_mm=0.0, start_mm=p["start_mm"], max_speed=MAX_SPEED, accel=p["accel"],
        carriage_length_mm=60.0, carriage_width_mm=80.0, rail_width_mm=40.0, label="slide"))
    plant.add(SoftRangeMarks("soft_limits", p["soft_min_mm"], p["soft_max_mm"], origin=(150.0, 300.0)))
    plant.add(ValueWord("soft_min", to_word(p["soft_min_mm"]), position=(560.0, 140.0),
                        label="soft limit -", units="mm", scale=0.1))
    plant.add(ValueWord("soft_max", to_word(p["soft_max_mm"]), position=(700.0, 140.0),
                        label="soft limit +", units="mm", scale=0.1))
    plant.add(PushButton("jog_minus_button", x=160.0, y=120.0, label="Jog -", color="white"))
    plant.add(PushButton("jog_plus_button", x=260.0, y=120.0, label="Jog +", color="white"))
    plant.add(SelectorSwitch("speed_selector", ("Slow", "Fast"), x=370.0, y=120.0, label="Speed",
                             start=p["fast_at_start"]))
    plant.add(Lamp("at_limit_lamp", x=470.0, y=120.0, label="AtLimit", color="yellow"))
    return plant


def _slide(plant) -> Axis:
    return plant.device("slide", Axis)


# --- judges -------------------------------------------------------------------------------

def _limits(s) -> tuple[float, float]:
    return s.params["soft_min_mm"], s.params["soft_max_mm"]


def _at_limit(s) -> int:
    """+1 / -1 while the slide stands still 0-3 mm inside the plus / minus soft limit (the lamp's
    meaning); 0 elsewhere."""
    slide = s.devices
    lo, hi = _limits(s)
    if slide.vel != 0.0:
        return 0
    if hi - INSIDE_MAX_MM <= slide.pos <= hi:
        return PLUS
    if lo <= slide.pos <= lo + INSIDE_MAX_MM:
        return MINUS
    return 0


def _stopped_inside(s, side: int) -> bool:
    """At rest 0.5-3 mm inside the soft limit on `side`."""
    slide = s.devices
    lo, hi = _limits(s)
    inside = hi - slide.pos if side == PLUS else slide.pos - lo
    return slide.vel == 0.0 and INSIDE_MIN_MM - 1e-9 <= inside <= INSIDE_MAX_MM + 1e-9


class PressJudge(judges.Judge):
    """One press of the operator's script, judged from its press to 0.3 s after its release.

    free:      the slide reaches the selected speed (95 %) in the pressed direction;
    to_limit:  before the release the slide comes to rest 0.5-3 mm inside the soft limit it runs
               toward, with AtLimit on;
    blocked:   the slide moves less than 0.1 mm (both buttons, a press against a limit, a press
               away from the range while outside it); at a limit AtLimit is on at the release.
    Written for this task: what each press owes depends on the script (see the docstring above).
    """

    def __init__(self, n: int, on_s: float, off_s: float, which: int, fast: int, kind: str):
        super().__init__()
        words = {PLUS: "Jog +", MINUS: "Jog -", BOTH: "both jog buttons"}[which]
        self.name = f"press {n} ({words}, {'Fast' if fast else 'Slow'}): {kind.replace('_', ' ')}"
        self.on_ms, self.off_ms = round(on_s * 1000), round(off_s * 1000)
        self.which, self.speed, self.kind = which, FAST if fast else SLOW, kind
        self.start_pos: float | None = None
        self.peak = 0.0
        self.moved = 0.0

    def update(self, s):
        if self.done or self.failed:
            return self.done
        now = s.time_ms
        if now < self.on_ms:
            return False
        slide = s.devices
        if self.start_pos is None:
            self.start_pos = slide.pos
        self.moved = max(self.moved, abs(slide.pos - self.start_pos))
        if self.which != BOTH:
            self.peak = max(self.peak, slide.vel * self.which)
        if (self.kind == TO_LIMIT and now <= self.off_ms and _stopped_inside(s, self.which)
                and s.io["at_limit"]):
            return self._finish(s)
        if self.kind == FREE and self.peak >= 0.95 * self.speed:
            return self._finish(s)
        if now < self.off_ms + round(STILL_AFTER_S * 1000):
            return False
        if self.kind == BLOCKED and self.moved < STILL_MM and (
                not _at_limit(s) or s.io["at_limit"]):
            return self._finish(s)
        self.failed = self._why(s)
        return False

    def _why(self, s) -> str:
        if self.kind == FREE:
            return (f"{self.name}: the slide reached only {self.peak:.0f} mm/s of the selected "
                    f"{self.speed:g} mm/s")
        if self.kind == TO_LIMIT:
            lo, hi = _limits(s)
            limit = hi if self.which == PLUS else lo
            return (f"{self.name}: the slide did not come to rest {INSIDE_MIN_MM:g}-{INSIDE_MAX_MM:g} mm "
                    f"inside the soft limit at {limit:g} mm with AtLimit on before the release "
                    f"(it stands at {s.devices.pos:.2f} mm)")
        if self.moved >= STILL_MM:
            return f"{self.name}: the slide moved {self.moved:.2f} mm"
        return f"{self.name}: AtLimit was off with the slide standing at the soft limit"

    def pending(self):
        return "" if self.done else self.name


def _sets_off(side: int):
    # Judged by real progress toward where the button sends the slide: the distance to the soft
    # limit on that side must shrink by SET_OFF_MM within MOVE_WITHIN_S of a press of that button
    # alone. A press with no room (at or past that limit) owes nothing.
    button, other = ("jog_plus_pb", "jog_minus_pb") if side == PLUS else ("jog_minus_pb", "jog_plus_pb")
    def room(s) -> float:
        lo, hi = _limits(s)
        return hi - s.devices.pos if side == PLUS else s.devices.pos - lo
    return judges.progress_within(
        f"the slide moving within {MOVE_WITHIN_S:g} s of a {'Jog +' if side == PLUS else 'Jog -'} press",
        cause=lambda s: s.io[button] and not s.io[other],
        ways=[judges.Way("the slide", room, by=SET_OFF_MM)],
        within_s=MOVE_WITHIN_S, excused=lambda s: room(s) <= INSIDE_MAX_MM + SET_OFF_MM,
        late=lambda t: (f"{'Jog +' if side == PLUS else 'Jog -'} was pressed at {t:g} s but the slide had "
                        f"not moved {SET_OFF_MM:g} mm that way {MOVE_WITHIN_S:g} s later"))


def _final(s) -> bool:
    return _stopped_inside(s, s.params["last_side"]) and bool(s.io["at_limit"])


def _completion(presses):
    def make():
        steps = [PressJudge(n, *press) for n, press in enumerate(presses, 1)]
        return judges.watched(
            judges.in_order(*steps, judges.held("the slide at rest at the last soft limit with AtLimit on",
                                                _final, HOLD_S)),
            _sets_off(PLUS), _sets_off(MINUS))
    return make


def _completion_from_params():
    # the judge tree is built per run; the script comes from the condition, which the session
    # hands the judges only through s, so the steps are created at the first update
    return _Scripted()


class _Scripted(judges.Judge):
    """Builds the in-order chain of PressJudges from the condition's script on the first scan."""

    def __init__(self):
        super().__init__()
        self.inner: judges.Judge | None = None

    def update(self, s):
        if self.inner is None:
            self.inner = _completion(s.params["presses"])()
        if self.inner.update(s):
            return self._finish(s)
        self.failed = self.inner.failed
        return False

    def events(self):
        return self.inner.events() if self.inner else []

    def pending(self):
        return "" if self.done else (self.inner.pending() if self.inner else "the operator's presses")


def _end_state_kept(s) -> bool:
    slide = s.devices
    return slide.enabled and not slide.fault and _final(s)


class _StaysInSoftRange(judges.Monitor):
    """S1: once inside the soft range the slide never leaves it; until then it only moves toward
    it (its distance to the range never grows more than 0.05 mm above the least it reached)."""

    def __init__(self):
        self.inside = False
        self.least: float | None = None

    def check(self, s):
        lo, hi = _limits(s)
        pos = s.devices.pos
        if lo <= pos <= hi:
            self.inside = True
            return None
        if self.inside:
            return f"the slide left the soft range {lo:g}..{hi:g} mm: it stands at {pos:.2f} mm"
        away = lo - pos if pos < lo else pos - hi
        self.least = away if self.least is None else min(self.least, away)
        if away > self.least + 0.05:
            return f"outside the soft range the slide moved away from it, to {pos:.2f} mm"
        return None


def _speed_too_high(s):
    slide = s.devices
    sel = FAST if s.io["speed_fast"] else SLOW
    if abs(slide.vel) > sel * SPEED_TOL:
        return (f"the slide moved at {abs(slide.vel):.1f} mm/s with "
                f"{'Fast' if sel == FAST else 'Slow'} selected")
    return None


def _coasting(s) -> bool:
    return not s.io["jog_plus_pb"] and not s.io["jog_minus_pb"] and s.devices.vel != 0.0


def _lamp_wrong(s):
    if s.io["at_limit"] and not _at_limit(s):
        return f"AtLimit on with the slide at {s.devices.pos:.2f} mm, {s.devices.vel:.0f} mm/s"
    return None


# --- conditions ------------------------------------------------------------------------------

def _braking_mm(accel: float) -> float:
    return FAST * FAST / (2 * accel)


def _script(start: float, lo: float, hi: float, accel: float, rng: random.Random, first_s: float):
    """The operator's presses for a slide at `start` and soft range lo..hi, with gaps and holds
    drawn from `rng`: (on_s, off_s, which, fast, kind) each, plus where the slide ends (the last
    limit's side) and the selector's schedule. Every hold is long enough for the slowest drive
    of the range at this accel, and free presses end well away from the limits."""
    presses, pos, t = [], start, first_s

    def press(which, fast, hold, kind):
        nonlocal t
        presses.append((round(t, 2), round(t + hold, 2), which, fast, kind))
        t = t + hold + rng.uniform(0.6, 1.4)

    def fast_run(distance):   # time for a fast jog of `distance` from rest to rest
        return distance / FAST + FAST / accel

    if start < lo or start > hi:
        inward = PLUS if start < lo else MINUS
        press(-inward, int(rng.random() < 0.5), rng.uniform(0.5, 1.0), BLOCKED)     # away: refused
        target = (lo + hi) / 2
        hold = fast_run(abs(target - start)) - FAST / accel
        press(inward, 1, hold, FREE)
        pos = start + inward * (FAST * hold)
    # a slow jog toward the middle, then both buttons at once
    toward = PLUS if pos < (lo + hi) / 2 else MINUS
    slow_hold = rng.uniform(0.8, 1.6)
    press(toward, 0, slow_hold, FREE)
    pos += toward * SLOW * slow_hold
    press(BOTH, int(rng.random() < 0.5), rng.uniform(0.5, 1.0), BLOCKED)
    # fast to one limit, a press against it, then fast to the other limit
    first = rng.choice((PLUS, MINUS))
    limit = hi if first == PLUS else lo
    press(first, 1, fast_run(abs(limit - pos)) + rng.uniform(1.5, 2.5), TO_LIMIT)
    press(first, int(rng.random() < 0.5), rng.uniform(0.5, 1.0), BLOCKED)
    press(-first, 1, fast_run(hi - lo) + rng.uniform(1.5, 2.5), TO_LIMIT)
    return tuple(presses), -first


def _operator(presses, fast_at_start: int):
    """Button presses and releases, and the selector turned to each press's speed 0.3 s before
    it (never while the slide may still be braking from the press before)."""
    acts, fast = [], fast_at_start
    for on_s, off_s, which, want, _ in presses:
        if want != fast:
            acts.append(OperatorAction(round(on_s - 0.3, 2), "select", "speed_selector", want))
            fast = want
        buttons = ("jog_plus_button", "jog_minus_button") if which == BOTH else (
            ("jog_plus_button",) if which == PLUS else ("jog_minus_button",))
        for b in buttons:
            acts.append(OperatorAction(on_s, "press", b))
            acts.append(OperatorAction(off_s, "release", b))
    return tuple(sorted(acts, key=lambda a: a.time_s))


def _condition(name, seed, description, *, start_mm, soft_min_mm, soft_max_mm, accel, script_seed,
               first_press_s=1.0, fast_at_start=0):
    rng = random.Random(script_seed)
    presses, last = _script(start_mm, soft_min_mm, soft_max_mm, accel, rng, first_press_s)
    params = dict(start_mm=start_mm, soft_min_mm=soft_min_mm, soft_max_mm=soft_max_mm, accel=accel,
                  first_press_s=first_press_s, fast_at_start=fast_at_start, presses=presses,
                  last_side=last, braking_mm=round(_braking_mm(accel), 2))
    return Condition(name, seed, params, description, operator=_operator(presses, fast_at_start))


CONDITIONS = (
    _condition("nominal", 301, "slide mid-range, wide soft range, brisk drive", start_mm=200.0,
               soft_min_mm=50.0, soft_max_mm=450.0, accel=1500.0, script_seed=1),
    _condition("below_the_range", 302, "slide below the soft range at power-up, soft drive",
               start_mm=12.0, soft_min_mm=120.5, soft_max_mm=380.0, accel=950.0, script_seed=2,
               first_press_s=0.6, fast_at_start=1),
    _condition("above_the_range", 303, "slide above the soft range at power-up, stiffest drive",
               start_mm=488.0, soft_min_mm=75.0, soft_max_mm=402.3, accel=3000.0, script_seed=3,
               first_press_s=1.8),
    _condition("narrow_and_stiff", 304, "narrow soft range, stiff drive", start_mm=250.0,
               soft_min_mm=190.0, soft_max_mm=310.0, accel=2600.0, script_seed=4, first_press_s=0.8),
    _condition("widest_and_soft", 305, "the widest soft range, soft drive, slide near its plus end",
               start_mm=455.0, soft_min_mm=30.0, soft_max_mm=470.0, accel=1000.0, script_seed=5,
               fast_at_start=1),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. The soft range is drawn first (its minus limit
    30-200 mm, its plus limit 300-470 mm), then the start jointly with it: in one condition in
    four below the range, in one in four above it (down to the hard limits' neighbourhood),
    else inside it at least 30 mm from either limit. Acceleration is log-uniform. The operator's
    script is drawn from the same generator (_script): holds long enough for this drive, gaps
    0.6-1.4 s, the first press at 0.5-2 s."""
    lo = round(rng.uniform(30.0, 200.0), 1)
    hi = round(rng.uniform(300.0, 470.0), 1)
    where = rng.random()
    if where < 0.25:
        start = round(rng.uniform(5.0, lo - 10.0), 1) if lo > 15.0 else round(lo - 5.0, 1)
    elif where < 0.5:
        start = round(rng.uniform(hi + 10.0, 495.0), 1)
    else:
        start = round(rng.uniform(lo + 30.0, hi - 30.0), 1)
    accel = round(log_uniform(rng, 700.0, 3000.0), 1)
    cond = _condition("sampled", 0, "", start_mm=start, soft_min_mm=lo, soft_max_mm=hi, accel=accel,
                      script_seed=rng.randrange(1 << 30), first_press_s=round(rng.uniform(0.5, 2.0), 2),
                      fast_at_start=int(rng.random() < 0.5))
    description = f"slide at {start:g} mm, soft range {lo:g}..{hi:g} mm, {accel:g} mm/s^2"
    return dict(params=cond.params, description=description, operator=cond.operator)


_DRIVE = dict(limit_minus_mm=LIMIT_MINUS_MM, limit_plus_mm=LIMIT_PLUS_MM)

IO = (
    IOPoint("%IX0.0", "jog_plus_pb", "BOOL", "input", "jog_plus_button", "pressed",
            "Jog + push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.1", "jog_minus_pb", "BOOL", "input", "jog_minus_button", "pressed",
            "Jog - push button (NO contact): TRUE while pressed"),
    IOPoint("%IX0.2", "speed_fast", "BOOL", "input", "speed_selector", "pos1",
            f"Speed selector: TRUE in Fast ({FAST:g} mm/s), FALSE in Slow ({SLOW:g} mm/s)"),
    *axis_io("slide", ("%IX0.3", "drive_ready"), ("%IX0.4", "standstill"), ("%IX0.5", "drive_fault"),
             ("%IX0.6", "limit_minus"), ("%IX0.7", "limit_plus"), **_DRIVE),
    IOPoint("%IW0", "actual_position", "INT", "input", "slide", "position",
            "Actual slide position", "0.1 mm", "-50..5050"),
    IOPoint("%IW1", "actual_velocity", "INT", "input", "slide", "velocity",
            "Actual slide velocity (negative toward minus), rounded to whole mm/s", "mm/s", "-200..200"),
    IOPoint("%IW2", "soft_limit_minus", "INT", "input", "soft_min", "value",
            "Minus soft limit from the host (constant during the run)", "0.1 mm", "300..2000"),
    IOPoint("%IW3", "soft_limit_plus", "INT", "input", "soft_max", "value",
            "Plus soft limit from the host (constant during the run)", "0.1 mm", "3000..4700"),
    *axis_io("slide", ("%QX0.0", "drive_enable")),
    IOPoint("%QX0.1", "jog_plus", "BOOL", "output", "slide", "jog_plus",
            "TRUE jogs the slide toward plus at move_speed (FALSE: it ramps to a stop at its acceleration)"),
    IOPoint("%QX0.2", "jog_minus", "BOOL", "output", "slide", "jog_minus",
            "TRUE jogs the slide toward minus at move_speed (FALSE: it ramps to a stop at its acceleration)"),
    IOPoint("%QX0.3", "at_limit", "BOOL", "output", "at_limit_lamp", "on",
            "AtLimit lamp: TRUE tells the operator the slide stands at a soft limit"),
    *axis_io("slide", ("%QX0.4", "reset_fault")),
    IOPoint("%QW0", "move_speed", "INT", "output", "slide", "speed",
            f"Jog speed; 0 = a quarter of the drive's configured {MAX_SPEED:g} mm/s", "mm/s", "0..1000"),
)

TASK = Task(
    id="MOT-E03", title="Jog with soft limits", suite="MOT", level="E",
    summary="Jog a servo slide with Jog+/Jog- at the selected Slow/Fast speed while one button is "
            "held, stop on release, and halt 0.5-3 mm inside the host's soft limits with AtLimit on.",
    plant_description=(
        "A horizontal linear slide (servo axis), stroke 0..500 mm, hard limit switches at "
        f"{LIMIT_MINUS_MM:g} mm and {LIMIT_PLUS_MM:g} mm (reaching one stops the slide hard and latches "
        "a drive fault). The drive jogs at move_speed while jog_plus or jog_minus is TRUE and ramps "
        "up and down at its acceleration (700 to 3000 mm/s^2, not given: from 150 mm/s it needs 3.75 "
        "to 16 mm to stop). The operator panel has Jog + and Jog - push buttons, a Slow/Fast selector "
        f"({SLOW:g} / {FAST:g} mm/s) and an AtLimit lamp; the host gives a soft range as two words. The "
        "slide starts anywhere on its stroke, possibly outside the soft range."),
    specification=(
        "1. Enable the drive at power-up (clear a latched fault with a rising edge on reset_fault if "
        "there is one).\n"
        f"2. While exactly one jog button is held, jog the slide that way at the selected speed ({SLOW:g} "
        f"mm/s Slow, {FAST:g} mm/s Fast, never faster): it must have moved {SET_OFF_MM:g} mm within "
        f"{MOVE_WITHIN_S:g} s of the press and reach the selected speed unless it stops at a limit first. "
        "While both buttons are held, do not move.\n"
        f"3. When the button is released, stop: the slide must be still within {STILL_AFTER_S:g} s.\n"
        "4. Never let the slide leave the soft range once it is inside: a jog toward a soft limit must "
        f"bring the slide to rest {INSIDE_MIN_MM:g} to {INSIDE_MAX_MM:g} mm inside it while the button is "
        "still held (mind the braking distance, v^2 / 2a); a press toward a limit the slide stands at "
        "does not move it. Outside the soft range, jog only toward it (a press away does nothing).\n"
        f"5. AtLimit is on while the slide stands still within {INSIDE_MAX_MM:g} mm inside a soft limit, "
        "and only then (switch it off in the scan that starts a jog: the slide moves in the plant "
        "step after that scan).\n"
        "6. After the operator's last press (a jog into a soft limit), keep the slide there, the drive "
        "enabled, with AtLimit on."),
    io=IO,
    completion=Completion(
        "Each of the operator's presses, in turn, does what the specification says: a free jog reaches "
        f"the selected speed; a jog into a soft limit brings the slide to rest {INSIDE_MIN_MM:g}-"
        f"{INSIDE_MAX_MM:g} mm inside it with AtLimit on before the release; a press of both buttons, "
        "against a limit or away from the range moves the slide less than 0.1 mm (AtLimit on when at a "
        f"limit); every press of one button has moved the slide {SET_OFF_MM:g} mm within "
        f"{MOVE_WITHIN_S:g} s unless there is no room that way. Then the slide stays at rest at the last "
        f"soft limit with AtLimit on for {HOLD_S:g} s.",
        _completion_from_params,
        keep=_end_state_kept,
        keep_wording="the slide at rest 0.5-3 mm inside the last soft limit, the drive enabled, AtLimit on."),
    safety_rules=(
        SafetyRule("MOT-E03-S1", "Once inside the soft range the slide must never leave it; outside it, "
                   "it must only move toward it.", _StaysInSoftRange()),
        SafetyRule("MOT-E03-S2", f"With no jog button held the slide must not move for more than "
                   f"{STILL_AFTER_S:g} s (it must be still within {STILL_AFTER_S:g} s of a release).",
                   judges.for_longer_than(
                       _coasting, STILL_AFTER_S,
                       "the slide was still moving 0.3 s after the jog buttons were released")),
        SafetyRule("MOT-E03-S3", f"AtLimit must only be on while the slide stands still within "
                   f"{INSIDE_MAX_MM:g} mm inside a soft limit.", _lamp_wrong),
        SafetyRule("MOT-E03-S4", f"The slide must never move faster than the selected speed ({SLOW:g} "
                   f"mm/s Slow, {FAST:g} mm/s Fast).", _speed_too_high),
    ),
    parameters=(
        ParameterRange("soft_min_mm", 30.0, 200.0, "mm", "minus soft limit (given on %IW2)"),
        ParameterRange("soft_max_mm", 300.0, 470.0, "mm", "plus soft limit (given on %IW3)"),
        ParameterRange("start_mm", 5.0, 495.0, "mm", "where the slide stands at power-up (inside or outside "
                       "the soft range)"),
        ParameterRange("accel", 700.0, 3000.0, "mm/s^2", "drive's acceleration and deceleration"),
        ParameterRange("first_press_s", 0.5, 2.0, "s", "when the operator first presses a button"),
        ParameterRange("fast_at_start", 0, 1, "", "1 = the selector stands at Fast at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=40.0,
    build_plant=build_plant,
    judged_devices=_slide,
)
