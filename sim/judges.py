"""Judges: completion building blocks and safety monitors, evaluated after every scan.

Every judge and monitor sees a `ScanState` `s` (one object per session, updated in place):

    s.io[name]      the I/O value of this scan (inputs as sampled, outputs as applied)
    s.plant         the plant after this scan's 10 ms step; s.plant["gripper"] is a device
    s.params        the condition's parameters
    s.scan          scan index k (0, 1, ...);  s.time_ms = 10 * k;  s.time_s = s.time_ms / 1000
    s.completed     whether the completion condition was reached in an earlier or this scan
    s.device("gripper", Gripper)   the device, checked to be of that type
    s.devices       what the task's `judged_devices(plant)` found once for this run (the
                    devices its judges look at every scan, e.g. a small class or a tuple)

A judge or monitor that looks at the same devices every scan finds them once per run in
`bind(plant)`, which the session calls at reset with the run's fresh plant.

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
from typing import Any, TypeVar

Predicate = Callable[["ScanState"], Any]
D = TypeVar("D")


class ScanState:
    """What judges see after each scan. One instance per session, updated in place."""

    __slots__ = ("io", "plant", "params", "condition", "scan", "time_ms", "time_s", "completed", "devices")

    def __init__(self, plant, condition, io_names):
        self.io: dict[str, Any] = dict.fromkeys(io_names)
        self.plant = plant
        self.condition = condition
        self.params = condition.params
        self.scan = 0
        self.time_ms = 0
        self.time_s = 0.0
        self.completed = False
        self.devices: Any = None      # what the task's judged_devices(plant) found for this run

    def device(self, name: str, kind: type[D]) -> D:
        """The plant's device `name`, checked to be a `kind` (sim.plant.Plant.device)."""
        return self.plant.device(name, kind)


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

    def bind(self, plant) -> None:
        """Called by the session at reset with the run's fresh plant, before the first scan: a
        judge that looks at the same devices every scan finds them here once
        (`self.slide = plant.device("slide", Axis)`). Composite judges pass it on."""

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

    def bind(self, plant):
        for part in self.parts:
            part.bind(plant)

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

    def bind(self, plant):
        for part in self.parts:
            part.bind(plant)

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

    def bind(self, plant):
        self.part.bind(plant)

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

    def bind(self, plant) -> None:
        """Called by the session at reset with the run's fresh plant (see Judge.bind)."""

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


# --- shared judges for the rules every task states the same way -----------------------------
#
# Each answers one judging lesson of docs/task-design (TASK-DESIGN.md, "Judging lessons"): a
# proxy (a busy bit, a one-scan pulse, velocity at a scan boundary, an event counted twice)
# must never satisfy them; only the thing itself does.


class Watch(Monitor):
    """A promptness rule a completion is watched by (see `watched`): `check(s)` returns None
    while the rule holds, else the message of the first miss. State lives on self; a fresh
    completion is built (or deep-copied) per run. The same object can serve as a safety
    monitor where a task states the rule as one."""


class _Watched(Judge):
    def __init__(self, inner: Judge, watches: tuple[Watch, ...], name: str):
        super().__init__()
        self.inner, self.watches, self.name = inner, watches, name
        self.missed: str | None = None

    def bind(self, plant):
        self.inner.bind(plant)
        for w in self.watches:
            w.bind(plant)

    def update(self, s):
        if self.done or self.missed:
            return self.done
        for w in self.watches:
            missed = w.check(s)
            if missed:
                self.missed = missed
                return False
        if self.inner.update(s):
            return self._finish(s)
        if self.inner.failed:       # a missed deadline inside ends the run, as in in_order
            self.failed = self.inner.failed
        return False

    def events(self):
        return self.inner.events()

    def pending(self):
        if self.done:
            return ""
        return self.missed or self.inner.pending()


def watched(inner: Judge, *watches: Watch, name: str = "") -> Judge:
    """`inner` only counts while every watch holds on the way:

        watched(in_order(...), progress_within(...))

    A miss does not end the run: the completion never comes, and the safety rules are still
    checked to the time limit."""
    return _Watched(inner, tuple(watches), name)


class Way:
    """One way a step can really advance, for `progress_within`.

    `distance(s)`: how far the step still has to go (mm, or any unit that shrinks as it
    advances); the step has set off once it shrank by `by` from its value when the cause came
    (or, from closer than that, once it shrank and arrived). With `until` (a predicate: the step
    arrived), a set-off step must then go on to arrive without backing off: the distance may
    never grow more than `slack` above the least it reached. Without `until`, setting off is
    enough. `arrive_s(s)` (with `until`), read when the cause comes, is the time from the cause
    by which a set-off step must have arrived: a step that sets off in time but crawls (a slide
    creeping toward the nest all along, so its distance always shrinks whenever the cause comes)
    is late.

        Way("slide approaching the nest", lambda s: 180.0 - s.plant["slide"].pos, by=5.0,
            until=lambda s: s.plant["slide"].pos >= 179.5)
    """

    def __init__(self, what: str, distance: Predicate, by: float, until: Predicate | None = None,
                 slack: float = 0.0, arrive_s: Callable[[ScanState], float] | None = None):
        if by <= 0:
            raise ValueError(f"{what}: progress must be a real amount (by > 0)")
        if arrive_s is not None and until is None:
            raise ValueError(f"{what}: a time to arrive needs `until` (what arriving is)")
        self.what, self.distance, self.by, self.until, self.slack = what, distance, by, until, slack
        self.arrive_s = arrive_s


class progress_within(Watch):
    """Within `within_s` of `cause` coming true, one of `ways` must really advance (see Way).

    An episode starts on the scan `cause(s)` turns true and is latched: it runs until a way
    has set off (and, with `until`, arrived), whatever the cause does meanwhile, so a
    one-scan drop of the cause restarts nothing. Token actions do not count: a pulse that
    moves a device a little and back backs off, a busy bit or a re-sent command moves
    nothing. `excused(s)` ends an episode with nothing owed (no work left, say);
    `allowance_s(s)`, read when the episode starts, adds time the step may wait for
    (a door the step needs still to travel). `late(t)` words a miss for the cause at t s.

        progress_within("the slide sets off toward the nest", cause=table_stood_still,
                        ways=[Way(...)], within_s=0.25, excused=lambda s: all_worked(s))
    """

    def __init__(self, what: str, cause: Predicate, ways, within_s: float,
                 excused: Predicate | None = None, allowance_s: Callable[[ScanState], float] | None = None,
                 late: Callable[[float], str] | None = None):
        self.what, self.cause, self.ways = what, cause, tuple(ways)
        self.within_ms = round(within_s * 1000)
        self.excused, self.allowance_s, self.late = excused, allowance_s, late
        self.was_cause = False
        self.since_ms: int | None = None      # the running episode's start
        self.deadline_ms = 0
        self.start: list[float] = []          # each way's distance when the episode began
        self.least: list[float] = []
        self.arrive_by: list[int | None] = []  # each way's time to have arrived by (arrive_s)
        self.going: int | None = None         # the way that set off, while it must arrive

    def _begin(self, s) -> None:
        self.since_ms = s.time_ms
        extra = self.allowance_s(s) if self.allowance_s is not None else 0.0
        self.deadline_ms = s.time_ms + self.within_ms + round(extra * 1000)
        self.start = [w.distance(s) for w in self.ways]
        self.least = list(self.start)
        self.arrive_by = [None if w.arrive_s is None else s.time_ms + round(w.arrive_s(s) * 1000)
                          for w in self.ways]
        self.going = None

    def check(self, s):
        cause = True if self.cause(s) else False
        if self.since_ms is None:
            # no episode: only a rising cause can start one; the rest of the check is skipped
            if not cause or self.was_cause:
                self.was_cause = cause
                return None
            self.was_cause = True
            if self.excused is not None and self.excused(s):
                return None
            self._begin(s)
        else:
            self.was_cause = cause
        if self.excused is not None and self.excused(s):
            self.since_ms = None
            return None
        if self.going is not None:
            way = self.ways[self.going]
            d = way.distance(s)
            if way.until(s):
                self.since_ms = None
                return None
            if d > self.least[self.going] + way.slack:
                return (f"{self.what}: {way.what} set off after the cause at {self.since_ms / 1000:g} s "
                        f"but backed off before arriving")
            due = self.arrive_by[self.going]
            if due is not None and s.time_ms > due:
                return (f"{self.what}: {way.what} set off after the cause at {self.since_ms / 1000:g} s "
                        f"but had not arrived {(due - self.since_ms) / 1000:g} s later")
            self.least[self.going] = min(self.least[self.going], d)
            return None
        for n, way in enumerate(self.ways):
            d = way.distance(s)
            if way.until is not None and d < self.start[n] and way.until(s):
                self.since_ms = None   # arrived, from closer than `by`: the whole step is done
                return None
            if self.start[n] - d >= way.by:
                if way.until is None or way.until(s):
                    self.since_ms = None
                    return None
                self.going = n
                self.least[n] = d
                return None
        if s.time_ms > self.deadline_ms:
            if self.late is not None:
                return self.late(self.since_ms / 1000)
            return (f"{self.what}: not done within {(self.deadline_ms - self.since_ms) / 1000:g} s "
                    f"of {self.since_ms / 1000:g} s")
        return None


class waits_at_most(Monitor):
    """Violated while a requester has waited longer than `limit_s` to be really served.

    `requesters` are (name, requesting(s), served(s)): the clock starts when `requesting`
    turns true and stops only when `served` is true (the arm actually went in, the part was
    actually taken), never at a grant or an answer that flickers for one scan; it is cleared
    when the request drops.

        waits_at_most(20.0, [("station 1", lambda s: s.io["request_1"], arm_1_fully_in)])
    """

    def __init__(self, limit_s: float, requesters, message: Callable[[str, float], str] | None = None):
        self.limit_ms = round(limit_s * 1000)
        self.requesters = tuple(requesters)
        self.message = message
        self.since: list[int | None] = [None] * len(self.requesters)
        self.was: list[bool] = [False] * len(self.requesters)

    def check(self, s):
        msg = None
        for n, (name, requesting, served) in enumerate(self.requesters):
            req = bool(requesting(s))
            if not req:
                self.since[n] = None
            elif not self.was[n]:
                self.since[n] = s.time_ms
            self.was[n] = req
            if self.since[n] is not None and served(s):
                self.since[n] = None
            if self.since[n] is not None and s.time_ms - self.since[n] > self.limit_ms:
                msg = msg or (self.message(name, self.limit_ms / 1000) if self.message else
                              f"{name} has waited more than {self.limit_ms / 1000:g} s to be served")
        return msg


class moved_before(Monitor):
    """Violated once `position(s)` has left where it stood at the first scan by more than
    `tolerance`, before `cause(s)` has ever been true. Judged from position, never from the
    velocity at scan boundaries (a hop that starts and ends inside one step shows 0 there).
    `origin(s)`, where given, says where it stood at power-up (a condition parameter): the
    first scan's plant step already runs the program's outputs, and a hop inside it would
    otherwise become the origin.

        moved_before(lambda s: s.io["start_pb"], lambda s: s.plant["slide"].pos, 0.05,
                     "the slide moved before Start was pressed",
                     origin=lambda s: s.params["start_mm"])
    """

    def __init__(self, cause: Predicate, position: Callable[[ScanState], float], tolerance: float,
                 message: str | Callable[[ScanState], str],
                 origin: Callable[[ScanState], float] | None = None):
        self.cause, self.position, self.tolerance, self.message = cause, position, tolerance, message
        self.at_power_up = origin
        self.caused = False
        self.origin: float | None = None

    def check(self, s):
        if self.caused:
            return None
        if self.cause(s):
            self.caused = True
            return None
        pos = self.position(s)
        if self.origin is None:
            self.origin = pos if self.at_power_up is None else self.at_power_up(s)
        if abs(pos - self.origin) > self.tolerance:
            return self.message(s) if callable(self.message) else self.message
        return None


class _Distinct(Judge):
    def __init__(self, name: str, things: Callable[[ScanState], Any], needed: Callable[[ScanState], int]):
        super().__init__()
        self.name, self.things, self.needed = name, things, needed
        self.count = 0

    def update(self, s):
        if self.done:
            return True
        self.count = len(set(self.things(s)))
        if self.count >= self.needed(s):
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} ({self.count} so far)"


def distinct(name: str, things: Callable[[ScanState], Any],
             needed: int | Callable[[ScanState], int]) -> Judge:
    """Done once `things(s)` (identities: part numbers, nest numbers) holds `needed` different
    ones: the same part set down twice is one delivery.

        distinct("6 parts delivered", lambda s: [p.number for _, p in outfeed.delivered], 6)
    """
    return _Distinct(name, things, needed if callable(needed) else (lambda s, n=needed: n))
