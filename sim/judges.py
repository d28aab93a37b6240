"""Judges: completion building blocks and safety monitors, evaluated after every scan.

Every judge and monitor sees a `ScanState` `s` (one object per session, updated in place):

    s.io[name]      the I/O value of this scan (inputs as sampled, outputs as applied)
    s.plant         the plant after this scan's 10 ms step; s.plant["gripper"] is a device
    s.params        the condition's parameters
    s.scan          scan index k (0, 1, ...);  s.time_ms = 10 * k;  s.time_s = s.time_ms / 1000
    s.completed     whether the completion condition was reached in an earlier or this scan

Completion judges (build a fresh tree per session; `Completion(wording, lambda: ...)`):

    event("part held", lambda s: s.io["part_held"])           happens once (latched)
    held("at target", lambda s: s.io["in_position"], 1.0)    true for 1.0 s without a break
    in_order(a, b, c)                                          b only counts after a, ...
    all_of(a, b)                                               all, in any order
    within(5.0, judge)                                         judge must finish by t = 5 s

Safety monitors return None or a message:

    never(lambda s: s.io["extend"] and s.io["retract"], "extend and retract commanded together")
    Monitor subclasses for stateful rules (deep-copied per session).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Predicate = Callable[["ScanState"], Any]


class ScanState:
    """What judges see after each scan. One instance per session, updated in place."""

    __slots__ = ("io", "plant", "params", "condition", "scan", "time_ms", "time_s", "completed")

    def __init__(self, plant, condition, io_names):
        self.io: dict[str, Any] = dict.fromkeys(io_names)
        self.plant = plant
        self.condition = condition
        self.params = condition.params
        self.scan = 0
        self.time_ms = 0
        self.time_s = 0.0
        self.completed = False


class Judge:
    """A completion building block. `update(s)` is called once per scan until it is done.

    `done` latches True; `failed` is a message once the judge can no longer be satisfied
    (a missed deadline). `done_scan` / `done_ms` say when it finished.
    """

    name = ""

    def __init__(self):
        self.done = False
        self.failed: str | None = None
        self.done_scan: int | None = None
        self.done_ms: int | None = None

    def update(self, s: ScanState) -> bool:
        raise NotImplementedError

    def _finish(self, s: ScanState) -> bool:
        self.done = True
        self.done_scan = s.scan
        self.done_ms = s.time_ms
        return True

    def events(self) -> list[tuple[str, int, int]]:
        """(name, scan, time_ms) of every named step finished so far, in time order."""
        return [(self.name, self.done_scan, self.done_ms)] if self.done and self.name else []

    def pending(self) -> str:
        """What is still missing, in words (empty when done)."""
        return "" if self.done else self.name


class _Event(Judge):
    def __init__(self, name: str, when: Predicate):
        super().__init__()
        self.name = name
        self.when = when

    def update(self, s):
        if self.done:
            return True
        if self.when(s):
            return self._finish(s)
        return False


class _Held(Judge):
    def __init__(self, name: str, when: Predicate, seconds: float):
        super().__init__()
        self.name = name
        self.when = when
        self.hold_ms = round(seconds * 1000)
        self.since_ms: int | None = None

    def update(self, s):
        if self.done:
            return True
        if self.when(s):
            if self.since_ms is None:
                self.since_ms = s.time_ms
            if s.time_ms - self.since_ms >= self.hold_ms:
                return self._finish(s)
        else:
            self.since_ms = None
        return False

    def pending(self):
        if self.done:
            return ""
        return f"{self.name} (held for {self.hold_ms / 1000:g} s)"


class _InOrder(Judge):
    def __init__(self, parts: tuple[Judge, ...], name: str):
        super().__init__()
        self.parts = parts
        self.name = name
        self.index = 0

    def update(self, s):
        if self.done:
            return True
        parts = self.parts
        # Several steps may finish in the same scan, each only after its predecessor.
        while self.index < len(parts):
            part = parts[self.index]
            part.update(s)
            if part.failed:
                self.failed = part.failed
                return False
            if not part.done:
                return False
            self.index += 1
        return self._finish(s)

    def events(self):
        out = [e for p in self.parts for e in p.events()]
        if self.done and self.name:
            out.append((self.name, self.done_scan, self.done_ms))
        return out

    def pending(self):
        if self.done:
            return ""
        rest = [p.pending() for p in self.parts[self.index:]]
        return " -> ".join(r for r in rest if r)


class _AllOf(Judge):
    def __init__(self, parts: tuple[Judge, ...], name: str):
        super().__init__()
        self.parts = parts
        self.name = name

    def update(self, s):
        if self.done:
            return True
        all_done = True
        for part in self.parts:
            if not part.done:
                part.update(s)
                if part.failed:
                    self.failed = part.failed
                    return False
                all_done = all_done and part.done
        return self._finish(s) if all_done else False

    def events(self):
        out = sorted((e for p in self.parts for e in p.events()), key=lambda e: e[1])
        if self.done and self.name:
            out.append((self.name, self.done_scan, self.done_ms))
        return out

    def pending(self):
        if self.done:
            return ""
        return " and ".join(p.pending() for p in self.parts if not p.done)


class _Within(Judge):
    def __init__(self, seconds: float, part: Judge):
        super().__init__()
        self.part = part
        self.deadline_ms = round(seconds * 1000)
        self.name = ""

    def update(self, s):
        if self.done or self.failed:
            return self.done
        if s.time_ms > self.deadline_ms:
            self.failed = f"deadline {self.deadline_ms / 1000:g} s passed before: {self.part.pending()}"
            return False
        self.part.update(s)
        if self.part.failed:
            self.failed = self.part.failed
            return False
        return self._finish(s) if self.part.done else False

    def events(self):
        return self.part.events()

    def pending(self):
        if self.done:
            return ""
        return f"{self.part.pending()} (by {self.deadline_ms / 1000:g} s)"


def event(name: str, when: Predicate) -> Judge:
    """Done on the first scan where `when(s)` is true."""
    return _Event(name, when)


def held(name: str, when: Predicate, seconds: float) -> Judge:
    """Done once `when(s)` has been true without a break for `seconds` of plant time."""
    return _Held(name, when, seconds)


def in_order(*parts: Judge, name: str = "") -> Judge:
    """Done when each part finished, each one evaluated only after the previous finished."""
    return _InOrder(tuple(parts), name)


def all_of(*parts: Judge, name: str = "") -> Judge:
    """Done when every part finished, in any order."""
    return _AllOf(tuple(parts), name)


def within(seconds: float, part: Judge) -> Judge:
    """`part` must finish by plant time `seconds`; after that the completion has failed."""
    return _Within(seconds, part)


# --- safety monitors ---


class Monitor:
    """Base for stateful safety monitors: override `check(s)`; state lives on self.

    A session deep-copies the task's monitor, so state never leaks between runs.
    """

    def check(self, s: ScanState) -> str | None:
        raise NotImplementedError

    def __call__(self, s: ScanState) -> str | None:
        return self.check(s)


class never(Monitor):
    """Violated on every scan where `when(s)` is true; `message` may be a callable of s."""

    def __init__(self, when: Predicate, message: str | Callable[[ScanState], str]):
        self.when = when
        self.message = message

    def check(self, s):
        if self.when(s):
            return self.message(s) if callable(self.message) else self.message
        return None


class for_longer_than(Monitor):
    """Violated when `when(s)` has been true for more than `seconds` without a break."""

    def __init__(self, when: Predicate, seconds: float, message: str):
        self.when = when
        self.limit_ms = round(seconds * 1000)
        self.message = message
        self.since_ms: int | None = None

    def check(self, s):
        if self.when(s):
            if self.since_ms is None:
                self.since_ms = s.time_ms
            if s.time_ms - self.since_ms > self.limit_ms:
                return self.message
        else:
            self.since_ms = None
        return None
