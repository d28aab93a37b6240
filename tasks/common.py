"""Shapes several tasks share, on top of the shared judges in sim.judges: an answer due
within a time of its cause (AnsweredWithin: Done within 1 s of arrival), a drive fault stored
at power-up (store_drive_fault) and incidents a device logs as they happen (CountGrows); for
conditions, a log-uniform draw (log_uniform) and a condition whose operator presses Start once
(start_press_condition)."""

from __future__ import annotations

import math
import random

from sim import judges
from sim.task import Condition, OperatorAction


def log_uniform(rng: random.Random, low: float, high: float) -> float:
    """A draw between low and high, uniform in its logarithm: a soft drive and a stiff one (60 and
    400 mm/s, 150 and 2000 mm/s^2) come up equally often."""
    return math.exp(rng.uniform(math.log(low), math.log(high)))


def start_press_condition(name: str, seed: int, description: str, *, press_s: float,
                          button: str = "start_button", hold_s: float = 0.3, **params) -> Condition:
    """A condition whose operator presses `button` once at `press_s` for `hold_s`; the press time
    is also a parameter (start_press_s), so its published range is checked."""
    params["start_press_s"] = press_s
    return Condition(name, seed, params, description,
                     operator=(OperatorAction(press_s, "press", button),
                               OperatorAction(round(press_s + hold_s, 2), "release", button)))


def store_drive_fault(axis) -> None:
    """The drive comes up with a latched fault, as after a shutdown on a fault: the program must
    give a reset edge before the drive accepts enable and moves."""
    axis.fault, axis.fault_text = True, "drive fault stored at the last shutdown"


class AnsweredWithin(judges.Judge):
    """Done when the program answers (`answer(s)`) within `within_s` of a cause (`cause(s)`).

    The clock starts on the first scan the cause holds; with `latch` it keeps running from
    there, otherwise the cause going away stops it (it restarts when the cause returns).
    A late answer gives `late(since_s)` as the message: with `ends_run` it fails the judge
    (the run ends), otherwise the completion just never comes and the safety rules are still
    checked to the time limit. `waiting` is what `pending()` says before the answer.
    """

    def __init__(self, name: str, cause, answer, within_s: float, late, *, waiting: str = "",
                 latch: bool = False, ends_run: bool = True):
        super().__init__()
        self.name = name
        self.cause, self.answer, self.within_ms, self.late = cause, answer, within_s * 1000, late
        self.waiting, self.latch, self.ends_run = waiting, latch, ends_run
        self.since_ms: int | None = None
        self.missed: str | None = None

    def update(self, s):
        if self.done or self.failed or self.missed:
            return self.done
        if self.since_ms is None or not self.latch:
            if not self.cause(s):
                self.since_ms = None
                return False
            if self.since_ms is None:
                self.since_ms = s.time_ms
        if self.answer(s):
            return self._finish(s)
        if s.time_ms - self.since_ms > self.within_ms:
            message = self.late(self.since_ms / 1000)
            if self.ends_run:
                self.failed = message
            else:
                self.missed = message
        return False

    def pending(self):
        if self.done:
            return ""
        return self.missed or self.waiting or self.name


class CountGrows(judges.Monitor):
    """Violated on each scan on which `count(s)` has grown: for incidents a device logs as it
    happens (a part pushed into a full chute, a part set down on an occupied place)."""

    def __init__(self, count, message: str):
        self.count, self.message = count, message
        self.seen = 0

    def check(self, s):
        total = self.count(s)
        if total > self.seen:
            self.seen = total
            return self.message
        return None


class BackAfterStroke:
    """True on the scan a cylinder is fully back after the program drove it out to its end switch
    with its own output `own` (a one-scan poke that never reaches the end switch is no stroke):
    the cause of "after a push, the belt goes again within T". One per run."""

    def __init__(self, name: str, own: str):
        self.name, self.own = name, own
        self.pushed = False

    def __call__(self, s) -> bool:
        rod = s.plant[self.name]
        if s.io[self.own] and rod.position >= rod.stroke:
            self.pushed = True
        elif self.pushed and rod.position <= 0.0:
            self.pushed = False
            return True
        return False


def turns_back_within(name: str, own: str, who: str, within_s: float, set_off_mm: float):
    """A cylinder held out at its end switch by its own output `own` is on its way back within
    `within_s`: it has moved `set_off_mm` back and goes on to fully back without extending again
    (a one-scan valve drop backs off a few mm and counts as nothing). Without it a program that
    times each stroke with a fixed delay at the top of the published range passes."""
    def at_end(s) -> bool:
        rod = s.plant[name]
        return bool(s.io[own]) and rod.position >= rod.stroke

    back = judges.Way(f"{who} going back", lambda s: s.plant[name].position, by=set_off_mm,
                      until=lambda s: s.plant[name].position <= 0.0)
    return judges.progress_within(
        f"{who} told back at its end switch", at_end, [back], within_s,
        late=lambda t: (f"{who} stayed out at its end switch from {t:g} s: not on its way back within "
                        f"{within_s:g} s"))
