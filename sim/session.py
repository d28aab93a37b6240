"""The closed loop: one task condition, one controller, the scan loop, judges and recorder.

One scan (scan k at plant time k * 10 ms, the first at 0), always in this order:

1. scheduled operator actions and disturbances due by this time; then sample inputs:
   every input point reads its device signal (or its forced value) -> controller.set_input;
   a value the controller was already given is not given again (its input image keeps it,
   as a PLC's does), except after a force or a release, when every point is given afresh;
2. controller.scan(now_ms);
3. apply outputs: every output point controller.get_output (or its forced value) -> device
   (read straight from the output image of a runtime that offers output_slot; inputs likewise
   go straight to its input_store);
4. plant.step(0.01);
5. judges: the completion judge (until done) and every safety monitor (always, also after
   completion); record the scan's I/O values.

A run ends (`finished`, `end_reason`) at a controller fault, when the completion judge can
no longer succeed, at the time limit without success, or `post_completion_s` after success
(the monitors keep watching meanwhile, and so does the completion's `keep`: the end state
it states must hold through that window, or the success is taken back). `step()` keeps
working after the end, for the debugger; `run_to_end()` stops there.

The debugger runs the controller itself: `sample_inputs()`, then its own (paused,
stepped) scan at `now_ms`, then `finish_scan()`.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from sim.guard import release_reserve
from sim.io_transfer import Transfer, publisher
from sim.judges import Monitor, ScanState
from sim.plant import SCAN_MS, SCAN_S, edge_command, plain_command, plain_signal
from sim.recorder import Trace
from sim.task import Condition, OperatorAction, Task

MAX_EPISODES_PER_RULE = 50   # violations recorded per rule (each a new episode); the count goes on


@dataclass(frozen=True)
class Violation:
    scan: int
    time_ms: int
    rule_id: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"scan": self.scan, "time_s": self.time_ms / 1000, "rule": self.rule_id,
                "message": self.message}


@dataclass
class Verdict:
    """How the run went so far; final once the session is finished."""

    success: bool = False
    completion_scan: int | None = None
    completion_ms: int | None = None
    violations: list[Violation] = field(default_factory=list)
    violation_counts: dict[str, int] = field(default_factory=dict)   # scans in violation, per rule
    fault: str | None = None
    completion_failed: str | None = None
    end_reason: str | None = None      # None while running
    pending: str = ""                  # what completion still waits for

    @property
    def safe(self) -> bool:
        return not self.violations

    @property
    def passed(self) -> bool:
        """Success with no safety violation and no fault: what the reward needs."""
        return self.success and self.safe and self.fault is None

    @property
    def first_violation(self) -> Violation | None:
        return self.violations[0] if self.violations else None

    @property
    def violated_rules(self) -> list[str]:
        """Ids of every rule violated at least once, in order of first violation."""
        seen: list[str] = []
        for v in self.violations:
            if v.rule_id not in seen:
                seen.append(v.rule_id)
        return seen


def _coerce(type_name: str) -> Callable[[Any], Any]:
    """The value conversion for one I/O type, so the trace and the controller see PLC types."""
    if type_name == "BOOL":
        return bool
    if type_name in ("REAL", "LREAL"):
        return float
    bits = {"SINT": 8, "USINT": 8, "BYTE": 8, "INT": 16, "UINT": 16, "WORD": 16, "DINT": 32,
            "UDINT": 32, "DWORD": 32, "LINT": 64, "ULINT": 64}[type_name]
    signed = type_name in ("SINT", "INT", "DINT", "LINT")
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)

    def to_int(v, lo=lo, hi=hi):
        # A sensor word saturates at its range (like an analog card); it never wraps.
        v = v if type(v) is int else int(round(v))
        return lo if v < lo else hi if v > hi else v

    return to_int


_UNSENT = object()   # an input point's value not given to the controller yet


class SessionError(Exception):
    """A mistake in how the session is driven (unknown device or I/O point, bad action)."""


class Session:
    """Task + condition + controller + scan loop + judges + recorder."""

    def __init__(self, task: Task, condition: Condition | str | int | None, controller, record: bool = True,
                 stop_on_violation: bool = False, after_scan: Callable[[Session], None] | None = None):
        self.task = task
        # Called with the session at the end of every scan (after judges and recording): trace
        # export reads judge states and program variables here. None costs one test per scan.
        self.after_scan = after_scan
        self.condition = task.conditions[0] if condition is None else (
            condition if isinstance(condition, Condition) else task.condition(condition))
        self.record = record
        self.stop_on_violation = stop_on_violation
        self.controller = controller
        self.reset()

    # --- set-up ---

    def reset(self, controller=None) -> None:
        """Back to scan 0: a fresh plant from the condition, fresh judges, an empty trace.

        The controller keeps its state unless a fresh one is given here.
        """
        if controller is not None:
            self.controller = controller
        task, cond = self.task, self.condition
        self.plant = task.build_plant(cond)
        self.scan_index = 0
        self.finished = False
        self.verdict = Verdict()
        self.judge = task.completion.new_judge()
        # a fresh copy of each monitor (its state is per run), its check bound once (a Monitor's
        # __call__ only forwards to check)
        monitors = [(rule.id, copy.deepcopy(rule.monitor)) for rule in task.safety_rules]
        self._checks = tuple((rule_id, m.check if type(m).__call__ is Monitor.__call__ else m)
                             for rule_id, m in monitors)
        self.judge.bind(self.plant)
        for _, m in monitors:
            if isinstance(m, Monitor):
                m.bind(self.plant)
        self._violating = [False] * len(self._checks)
        self._limit_ms = round(task.time_limit_s * 1000)
        self._post_ms = round(task.post_completion_s * 1000)
        self._keep = task.completion.keep
        names = tuple(p.name for p in task.io)
        self.trace = Trace(names, tuple(p.address for p in task.io))
        self.state = ScanState(self.plant, cond, names)
        self._publish = publisher(names)
        self._refresh_judged = None
        if task.judged_devices is not None:
            self.state.devices = task.judged_devices(self.plant)
            # what several judges derive from the plant alike, worked out once per scan before them
            self._refresh_judged = getattr(self.state.devices, "refresh", None)
        self._values: list[Any] = [None] * len(task.io)
        self.forces: dict[str, Any] = {}          # I/O name -> forced value
        # Every operator action as (scan, action, target, value): the scan whose input sample
        # first sees it, so a replay from scan 0 (debugger rewind) can schedule() it again.
        self.operator_log: list[tuple[int, str, Any, Any]] = []
        self._in_scan = False
        # Scheduled things, in time order (a stable sort keeps the listed order within a time).
        sched: list[tuple[int, int, str, Any]] = []
        for n, a in enumerate(cond.operator):
            sched.append((round(a.time_s * 1000), n, "operator", a))
        for n, d in enumerate(cond.disturbances):
            sched.append((round(d.time_s * 1000), len(cond.operator) + n, "disturbance", d))
        sched.sort(key=lambda e: (e[0], e[1]))
        self._schedule = sched
        self._next_sched = 0
        self._next_sched_ms = sched[0][0] if sched else 1 << 62
        self._bind()

    def _device(self, name: str):
        try:
            return self.plant.devices[name]
        except KeyError:
            raise SessionError(f"task {self.task.id}: the plant has no device {name!r}; it has "
                               f"{', '.join(self.plant.devices)}") from None

    def _bind(self) -> None:
        """Compile the scan's I/O transfer once (sim.io_transfer), so the scan loop only calls it."""
        ctl = self.controller
        transfer = Transfer(self.task.id)
        output_slot = getattr(ctl, "output_slot", None)
        input_store = getattr(ctl, "input_store", None)
        for i, p in enumerate(self.task.io):
            dev = self._device(p.device)
            forced = p.name in self.forces
            value = self.forces.get(p.name)
            if p.direction == "input":
                if p.signal not in dev.signals:
                    raise SessionError(f"I/O point {p.name} ({p.address}): device {p.device} has no signal "
                                       f"{p.signal!r}; it has {', '.join(dev.signals) or 'none'}")
                attr = None if forced else plain_signal(dev, p.signal)
                transfer.input(i, p.address, p.type, forced=value, is_forced=forced, device=dev, attr=attr,
                               read=None if forced or attr else partial(dev.read, p.signal),
                               store=None if input_store is None else input_store(p.address))
            else:
                if p.signal not in dev.commands:
                    raise SessionError(f"I/O point {p.name} ({p.address}): device {p.device} has no command "
                                       f"{p.signal!r}; it has {', '.join(dev.commands) or 'none'}")
                attr = plain_command(dev, p.signal, p.type)
                # a PLC runtime that says where its output image holds the point (st's Instance)
                # is read there, without a get_output call per point per scan
                slot = None if forced or output_slot is None else output_slot(p.address)
                transfer.output(i, p.address, p.type, forced=value, is_forced=forced, device=dev, attr=attr,
                                write=None if attr else partial(dev.write, p.signal), slot=slot,
                                edge=edge_command(dev, p.signal))
        self._sample, self._apply = transfer.build()
        self._set_input = ctl.set_input
        self._get_output = ctl.get_output
        # the value each input point last gave the controller; _UNSENT: give it at the next sample
        self._given: list[Any] = [_UNSENT] * len(self.task.io)

    # --- time ---

    @property
    def time_ms(self) -> int:
        """Plant time of the next scan (scan k runs at k * 10 ms)."""
        return self.scan_index * SCAN_MS

    now_ms = time_ms

    # --- the scan ---

    def sample_inputs(self) -> None:
        """Step 1 of a scan: due operator actions and disturbances, then inputs -> controller."""
        now = self.scan_index * SCAN_MS
        if now >= self._next_sched_ms:
            self._run_schedule(now)
        self._sample(self._values, self._given, self._set_input)
        self._in_scan = True

    def finish_scan(self) -> None:
        """Steps 3-5 after the controller scanned: outputs -> devices, plant step, judges, record."""
        k = self.scan_index
        now = k * SCAN_MS
        ctl = self.controller
        fault = ctl.fault
        if fault is not None and self.verdict.fault is None:
            self._fault(k, str(fault))
        vals = self._values
        try:
            self._apply(vals, self._get_output)
        except Exception as exc:  # a value the device cannot take: the program's mistake
            if self.verdict.fault is None:
                self._fault(k, f"output rejected by the plant: {exc}")
        self.plant.step(SCAN_S)
        self._in_scan = False
        self._judge(k, now)
        if self.record:
            self.trace.rows.append(tuple(vals))
        self.scan_index = k + 1
        if self.after_scan is not None:
            self.after_scan(self)

    def step(self) -> None:
        """One whole scan."""
        self.sample_inputs()
        try:
            self.controller.scan(self.scan_index * SCAN_MS)
        except Exception as exc:  # a Python controller's bug must not crash the grader
            if self.verdict.fault is None:
                self._fault(self.scan_index, f"controller error: {type(exc).__name__}: {exc}")
        self.finish_scan()

    def _fault(self, k: int, message: str) -> None:
        if self.finished:   # the verdict is final once the run has ended
            return
        release_reserve()   # in a memory-limited worker: room for the rest of this scan and the report
        self.verdict.fault = message
        self.trace.events.append((k, "fault", message))

    def _judge(self, k: int, now: int) -> None:
        s = self.state
        s.scan = k
        s.time_ms = now
        s.time_s = now / 1000
        self._publish(s.io, self._values)
        if self.finished:
            # The verdict is final at the end of the run, so stepping on in the debugger never
            # grades differently from the verifier.
            return
        if self._refresh_judged is not None:
            self._refresh_judged()
        verdict = self.verdict
        judge = self.judge
        if not verdict.success and not judge.failed:
            if judge.update(s):
                verdict.success = True
                verdict.completion_scan = k
                verdict.completion_ms = now
                s.completed = True
                self.trace.events.append((k, "complete"))
            elif judge.failed:
                verdict.completion_failed = judge.failed
                self.trace.events.append((k, "completion failed", judge.failed))
        if verdict.success and self._keep is not None and not self._keep(s):
            # the end state the completion states is held through the post-completion window
            verdict.success = False
            verdict.completion_failed = (f"the end state was not kept after completion: "
                                         f"{self.task.completion.keep_wording} (broken at {now / 1000:g} s)")
            self.trace.events.append((k, "completion failed", verdict.completion_failed))
        violating = self._violating
        for n, (rule_id, check) in enumerate(self._checks):
            msg = check(s)
            if msg is None:
                violating[n] = False
                continue
            counts = verdict.violation_counts
            counts[rule_id] = counts.get(rule_id, 0) + 1
            if not violating[n]:
                violating[n] = True
                episodes = sum(1 for v in verdict.violations if v.rule_id == rule_id)
                if episodes < MAX_EPISODES_PER_RULE:
                    verdict.violations.append(Violation(k, now, rule_id, str(msg)))
                    self.trace.events.append((k, "violation", rule_id, str(msg)))
        reason = None
        if verdict.fault is not None:
            reason = "fault"
        elif verdict.success:
            if now >= verdict.completion_ms + self._post_ms:
                reason = "completed"
        elif verdict.completion_failed:
            reason = "end state not kept" if verdict.completion_ms is not None else "completion failed"
        elif now + SCAN_MS >= self._limit_ms:
            reason = "time limit"
        if reason is None and self.stop_on_violation and verdict.violations:
            reason = "safety violation"
        if reason is not None:
            self._end(k, reason)

    def _end(self, k: int, reason: str) -> None:
        self.finished = True
        v = self.verdict
        v.end_reason = reason
        # a completion that can no longer come says why (the missed deadline, the broken end
        # state) rather than the steps it still lacked
        v.pending = v.completion_failed or self.judge.pending()
        self.trace.events.append((k, "end", reason))

    # --- running ---

    def run(self, n: int, stop_when_finished: bool = False) -> None:
        """n scans (fewer if stop_when_finished and the run ends)."""
        step = self.step
        for _ in range(n):
            if stop_when_finished and self.finished:
                return
            step()

    def run_to_end(self, wall_limit_s: float | None = None,
                   progress: Callable[[int, int], None] | None = None, progress_every: int = 1000) -> Verdict:
        """Run until the run ends; past `wall_limit_s` of real time the run ends as failed.

        The limit is checked after every scan, and handed to a controller that offers a
        `deadline` attribute (a time.perf_counter() value) so that one endless-looking scan is
        cut short inside the controller too. `progress(scans_done, scans_expected)` is called
        every `progress_every` scans.
        """
        start = time.perf_counter()
        deadline = None if wall_limit_s is None else start + wall_limit_s
        if deadline is not None and hasattr(self.controller, "deadline"):
            self.controller.deadline = deadline
        step = self.step
        expected = self.max_scans
        clock = time.perf_counter
        while not self.finished:
            for _ in range(progress_every):
                step()
                if self.finished:
                    break
                if deadline is not None and clock() > deadline:
                    self._end(self.scan_index - 1, "wall-clock limit")
                    self.verdict.fault = self.verdict.fault or (
                        f"wall-clock limit: still running after {wall_limit_s:g} s of real time "
                        f"(scan {self.scan_index}, plant time {self.time_ms / 1000:g} s)")
                    break
            if progress is not None:
                progress(self.scan_index, max(expected, self.scan_index))
        return self.verdict

    @property
    def violating(self) -> tuple[bool, ...]:
        """Per safety rule (task order): whether its monitor reported a violation in the last judged scan."""
        return tuple(self._violating)

    @property
    def max_scans(self) -> int:
        """Scans to the time limit (a successful run may go on for post_completion_s)."""
        return self._limit_ms // SCAN_MS

    def trace_hash(self) -> str:
        """sha256 of the recorded I/O values and the verdict/operator events (events only if record=False)."""
        return self.trace.hash()

    # --- operator actions (live, or scheduled by the condition) ---

    def _run_schedule(self, now: int) -> None:
        sched = self._schedule
        while self._next_sched < len(sched) and sched[self._next_sched][0] <= now:
            _, _, kind, item = sched[self._next_sched]
            self._next_sched += 1
            if kind == "operator":
                self.operate(item.action, item.target, item.value)
            else:
                item.apply(self.plant)
                self.trace.events.append((self.scan_index, "disturbance", item.description))
        self._next_sched_ms = sched[self._next_sched][0] if self._next_sched < len(sched) else 1 << 62

    def operate(self, action: str, target: str | None = None, value: Any = None) -> None:
        """One operator action now; it is seen by the next input sample."""
        if action == "force":
            return self.force(target, value)
        if action == "release_force":
            return self.release_force(target)
        if action in ("trip_estop", "reset_estop") and target is None:
            target = self._estop_name()
        if action not in ("press", "release", "trip_estop", "reset_estop", "select"):
            raise SessionError(f"unknown operator action {action!r}")
        device = self._device(target)
        if not hasattr(device, "operate"):
            raise SessionError(f"device {target!r} ({device.kind}) is not an operator control")
        try:
            device.operate({"press": True, "release": False, "trip_estop": True,
                            "reset_estop": False}.get(action, value))
        except (TypeError, ValueError) as exc:
            raise SessionError(str(exc)) from None
        self._log(action, target, value)

    def press(self, button: str) -> None:
        self.operate("press", button)

    def release(self, button: str) -> None:
        self.operate("release", button)

    def trip_estop(self, estop: str | None = None) -> None:
        self.operate("trip_estop", estop)

    def reset_estop(self, estop: str | None = None) -> None:
        self.operate("reset_estop", estop)

    def select(self, selector: str, position: int) -> None:
        self.operate("select", selector, position)

    def force(self, point: str, value: Any) -> None:
        """Force an I/O point (name or address): an input at sample time, an output when applied."""
        p = self._point(point)
        try:
            self.forces[p.name] = _coerce(p.type)(value)
        except (TypeError, ValueError):
            raise SessionError(f"cannot force {p.name} ({p.address}, {p.type}) to {value!r}") from None
        self._bind()
        self._log("force", p.name, self.forces[p.name])

    force_sensor = force

    def release_force(self, point: str) -> None:
        p = self._point(point)
        self.forces.pop(p.name, None)
        self._bind()
        self._log("release_force", p.name, None)

    def _point(self, point: str):
        try:
            return self.task.io_point(point)
        except KeyError as exc:
            raise SessionError(str(exc.args[0])) from None

    def _estop_name(self) -> str:
        names = [n for n, d in self.plant.devices.items() if d.kind in ("estop", "e_stop", "emergency_stop")]
        if len(names) != 1:
            raise SessionError(f"name the E-stop device: the plant has {len(names)} E-stops")
        return names[0]

    def _log(self, action: str, target: str, value: Any) -> None:
        k = self.scan_index + (1 if self._in_scan else 0)
        self.trace.events.append((k, "operator", action, target, value))
        self.operator_log.append((k, action, target, value))

    def schedule(self, scan: int, action: str, target: str | None = None, value: Any = None) -> None:
        """Perform an operator action at the start of scan `scan` (replaying a logged session)."""
        item = OperatorAction(scan * SCAN_MS / 1000, action, target, value)   # validates the action name
        entry = (scan * SCAN_MS, len(self._schedule), "operator", item)
        rest = self._schedule[self._next_sched:]
        rest.append(entry)
        rest.sort(key=lambda e: (e[0], e[1]))
        self._schedule[self._next_sched:] = rest
        self._next_sched_ms = self._schedule[self._next_sched][0]


__all__ = ["OperatorAction", "Session", "SessionError", "Verdict", "Violation", "SCAN_MS"]
