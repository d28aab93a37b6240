"""The headless grader: every condition of a task in a fresh session with a fresh controller.

    from sim.verifier import grade, render_report
    report = grade(task, comp.program.instantiate)     # make_controller: () -> controller
    render_report(report, rich.console.Console())
    report.reward          # 1 only if every condition succeeded with no violation and no fault
                           # (None when only some passed conditions were run: report.all_passed)
    report.to_dict()       # JSON-ready

Nothing a program does crashes or hangs the grader: a controller fault, a Python error in
the loop and the per-condition wall-clock limit all end that condition as failed.

Each condition runs in a worker process (forked, so the compiled program and the task need
no pickling) that sends its result and progress back through a pipe. The session's own
wall-clock guard ends a slow run after any scan; the worker is the backstop for what that
guard cannot reach: one scan or one plant step that never returns, a crash of the
interpreter, running out of memory, os._exit. The grader kills such a worker and goes on
with the next condition. `grade(..., isolate=False)` runs in-process (tests, debugger).
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sim.guard import DEFAULT_MEMORY_LIMIT_MB, OUT_OF_MEMORY, limit_memory, release_reserve
from sim.session import Session, Violation
from sim.task import Condition, Task


def _plain(value: Any) -> Any:
    """A JSON-ready copy of a parameter value (numbers, strings, lists stay; the rest as text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


@dataclass
class ConditionResult:
    name: str
    description: str
    params: dict[str, Any]
    success: bool
    safe: bool
    completion_s: float | None
    first_violation: Violation | None
    violations: list[Violation]
    violated_rules: list[str]
    fault: str | None
    end_reason: str
    pending: str
    events: list[tuple[str, int, int]]
    scans: int
    wall_s: float
    trace_hash: str

    @property
    def passed(self) -> bool:
        return self.success and self.safe and self.fault is None

    @property
    def plant_time_s(self) -> float:
        return self.scans / 100

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "params": {k: _plain(v) for k, v in self.params.items()},
            "passed": self.passed,
            "success": self.success,
            "safe": self.safe,
            "completion_time_s": self.completion_s,
            "first_violation": self.first_violation.to_dict() if self.first_violation else None,
            "violations": [v.to_dict() for v in self.violations],
            "violated_rules": self.violated_rules,
            "fault": self.fault,
            "end_reason": self.end_reason,
            "pending": self.pending,
            "events": [{"event": n, "scan": k, "time_s": t / 1000} for n, k, t in self.events],
            "scans": self.scans,
            "plant_time_s": self.plant_time_s,
            "wall_time_s": round(self.wall_s, 4),
            "trace_hash": self.trace_hash,
        }


@dataclass
class Report:
    """The results of one grading run.

    `reward` is 1 only for a run of every registered condition in which each passed; 0 once
    any registered condition failed (or the program did not compile); None for a run of part
    of the task (`--condition`, sampled conditions only) in which nothing failed, whose own
    result is `all_passed`. Sampled conditions (names not among the
    registered ones) are reported beside the registered ones and never change the reward.
    """

    task_id: str
    title: str
    conditions: list[ConditionResult] = field(default_factory=list)
    compile_error: str | None = None
    # the compiler's diagnostics as data (code, name, severity, file, line, column, end_column,
    # message); compile_error keeps the same as text for people
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    total_conditions: int = 0
    registered: tuple[str, ...] = ()     # the task's own condition names

    @property
    def passed_count(self) -> int:
        return sum(1 for c in self.conditions if c.passed)

    @property
    def all_passed(self) -> bool:
        """Every condition that was run passed (and there was one)."""
        return self.compile_error is None and bool(self.conditions) and all(c.passed for c in self.conditions)

    @property
    def official(self) -> list[ConditionResult]:
        """The results of registered conditions, in the order run."""
        names = set(self.registered)
        return [c for c in self.conditions if c.name in names]

    @property
    def sampled(self) -> list[ConditionResult]:
        names = set(self.registered)
        return [c for c in self.conditions if c.name not in names]

    @property
    def complete(self) -> bool:
        """Every registered condition was run (or the program did not compile: reward 0 anyway)."""
        if self.compile_error is not None:
            return True
        return bool(self.registered) and set(self.registered) <= {c.name for c in self.conditions}

    @property
    def reward(self) -> int | None:
        if self.compile_error is not None or not all(c.passed for c in self.official):
            return 0            # one failed registered condition decides it, run in full or not
        return 1 if self.complete else None

    def to_dict(self) -> dict[str, Any]:
        sampled = self.sampled
        return {
            "task": self.task_id,
            "title": self.title,
            "reward": self.reward,
            "complete": self.complete,
            "all_run_passed": self.all_passed,
            "passed": self.passed_count,
            "conditions_run": len(self.conditions),
            "conditions_total": self.total_conditions,
            "sampled_run": len(sampled),
            "sampled_passed": sum(1 for c in sampled if c.passed),
            "compile_error": self.compile_error,
            "diagnostics": list(self.diagnostics),
            "conditions": [c.to_dict() for c in self.conditions],
        }


@dataclass(frozen=True)
class GradeProgress:
    """What the progress callback gets: per condition at start, every ~N scans, and when done."""

    condition: str
    index: int          # 0-based position among the conditions graded
    count: int          # how many conditions are graded
    done: int           # scans run so far in this condition
    total: int          # scans expected (grows if a successful run monitors past the limit)
    result: ConditionResult | None = None


def run_condition(task: Task, condition: Condition, make_controller: Callable[[], Any],
                  wall_limit_s: float | None = 120.0,
                  on_scans: Callable[[int, int], None] | None = None, progress_every: int = 1000,
                  observe: Callable[[Session], Callable[[], None] | None] | None = None) -> ConditionResult:
    """One condition, in a fresh session with a fresh controller.

    observe(session), if given, is called before the first scan (it may set session.after_scan)
    and may return a callable run once the run has ended (e.g. to write a trace file).
    """
    start = time.perf_counter()
    session = None
    try:
        session = Session(task, condition, make_controller())
        finish = observe(session) if observe is not None else None
        v = session.run_to_end(wall_limit_s=wall_limit_s, progress=on_scans, progress_every=progress_every)
        if finish is not None:
            finish()
    except MemoryError:  # the worker's memory limit, reached outside the controller's own scan
        release_reserve()
        return _failed(condition, f"{OUT_OF_MEMORY}: the condition reached the worker's memory limit",
                       OUT_OF_MEMORY, session.scan_index if session else 0, time.perf_counter() - start)
    except Exception as exc:  # a task or plant bug must not take the other conditions down
        where = traceback.extract_tb(exc.__traceback__)[-1]
        message = (f"internal error: {type(exc).__name__}: {exc} "
                   f"(at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})")
        return _failed(condition, message, "internal error", session.scan_index if session else 0,
                       time.perf_counter() - start)
    return ConditionResult(
        name=condition.name,
        description=condition.description,
        params=dict(condition.params),
        success=v.success,
        safe=v.safe,
        completion_s=None if v.completion_ms is None else v.completion_ms / 1000,
        first_violation=v.first_violation,
        violations=list(v.violations),
        violated_rules=v.violated_rules,
        fault=v.fault,
        end_reason=v.end_reason or "",
        pending=v.pending,
        events=session.judge.events(),
        scans=session.scan_index,
        wall_s=time.perf_counter() - start,
        trace_hash=session.trace_hash(),
    )


# 'fork' shares the compiled program, the task and make_controller with the worker as they
# are; where it is missing (Windows, macOS defaults aside) conditions run in-process.
CAN_ISOLATE = "fork" in multiprocessing.get_all_start_methods()


def kill_margin_s(wall_limit_s: float) -> float:
    """Grace past the wall limit before the worker is killed: the session's own guard (checked
    after every scan, with a clearer message) gets the first chance, and fork and pipe need a moment."""
    return min(10.0, max(0.5, 0.1 * wall_limit_s))


def _failed(condition: Condition, message: str, end_reason: str, scans: int,
            wall_s: float) -> ConditionResult:
    """A condition that ended without a result of its own (an internal error, a worker stopped or dead)."""
    return ConditionResult(
        condition.name, condition.description, dict(condition.params), False, True, None, None, [], [],
        message, end_reason, "", [], scans, wall_s, "")


def _exit_text(code: int | None) -> str:
    text = f"internal error: worker exited with code {code}"
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        memory = -code in (signal.SIGKILL, signal.SIGSEGV)  # the OOM killer; a C library at the limit
        text += f" (killed by {name}" + (", e.g. out of memory)" if memory else ")")
    return text


@functools.cache
def _prctl() -> Callable[..., int] | None:
    """Linux's prctl, looked up once in the grader (not in every worker: that costs milliseconds)."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):   # not Linux: the parent's own kill has to do
        return None


def _die_with_the_grader(grader_pid: int) -> None:
    """Linux: the kernel kills this worker if the grader dies first (a hung scan never ends by itself)."""
    prctl = _prctl()
    if prctl is not None:
        pr_set_pdeathsig = 1
        prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != grader_pid:   # the grader died before the request took effect
        os._exit(1)


def _worker(pipe, task: Task, condition: Condition, make_controller: Callable[[], Any],
            wall_limit_s: float | None, progress_every: int, grader_pid: int, observe=None,
            memory_limit_mb: int | None = None) -> None:
    """The worker process: one condition, its progress and result through `pipe`, then exit.

    It ends with os._exit: the forked copy of the grader must not run the parent's exit
    handlers or flush stdio buffers another thread of the parent may have held at fork time.
    """
    code = 0
    try:
        _die_with_the_grader(grader_pid)
        limit_memory(memory_limit_mb)
        # progress always goes back: it also tells where a worker that must be stopped was
        def on_scans(done: int, total: int) -> None:
            pipe.send(("progress", done, total))

        extra = {} if observe is None else {"observe": observe}   # the call stays as it was without one
        result = run_condition(task, condition, make_controller, wall_limit_s, on_scans, progress_every,
                               **extra)
        result.params = {}   # the parent puts the condition's own values back: they need not pickle
        try:
            pipe.send(("result", result))
        except Exception as exc:   # a message or value that does not pickle: say so, do not vanish
            pipe.send(("error", f"internal error: the result could not be sent back: "
                                f"{type(exc).__name__}: {exc}", result.scans))
    except SystemExit as exc:   # sys.exit() in a Python controller
        code = exc.code if isinstance(exc.code, int) and 0 <= exc.code <= 255 else 1
    except BaseException:   # nothing may escape into the forked copy of the grader
        code = 1
    finally:
        os._exit(code)


# Held from a pipe's creation until the parent has closed its writing end. Conditions graded
# in parallel threads (runner/batch.py) fork too; a worker forked while a sibling's writing end
# was open would keep it open, and a crash of the sibling would read as end of file only when
# this worker ended, a whole condition later.
_FORKING = threading.Lock()


def run_condition_isolated(task: Task, condition: Condition, make_controller: Callable[[], Any],
                           wall_limit_s: float | None = 120.0,
                           on_scans: Callable[[int, int], None] | None = None, progress_every: int = 1000,
                           observe=None, memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB
                           ) -> ConditionResult:
    """run_condition in a worker process, killed if it has no result `kill_margin_s` past the wall limit;
    the worker may grow by at most memory_limit_mb MiB (None: no limit).

    `observe` (see run_condition) runs in the worker, on the run itself."""
    ctx = multiprocessing.get_context("fork")
    _prctl()
    start = time.perf_counter()
    limit = None if wall_limit_s is None else wall_limit_s + kill_margin_s(wall_limit_s)
    scans = 0
    finished = False
    with _FORKING:
        receive, send = ctx.Pipe(duplex=False)
        # not a daemon: a daemonic process may not start one, and grade() may run inside a Pool worker
        worker = ctx.Process(target=_worker, name=f"condition {condition.name}",
                             args=(send, task, condition, make_controller, wall_limit_s, progress_every,
                                   os.getpid(), observe, memory_limit_mb))
        try:
            worker.start()
        except OSError:   # no fork now (out of memory, process limit): the session's own guard has to do
            started = False
        else:
            started = True
        send.close()   # the worker holds the only writing end: its death reads as end of file
    if not started:
        receive.close()
        extra = {} if observe is None else {"observe": observe}
        return run_condition(task, condition, make_controller, wall_limit_s, on_scans, progress_every,
                             **extra)
    try:
        while True:
            wait = None if limit is None else start + limit - time.perf_counter()
            if wait is not None and (wait <= 0 or not receive.poll(wait)):
                worker.kill()
                return _failed(
                    condition,
                    f"wall-clock limit: still running after {wall_limit_s:g} s of real time; one scan or "
                    f"plant step did not return within {limit - wall_limit_s:g} s more (progress last "
                    f"reported at scan {scans}, plant time {scans / 100:g} s) (worker stopped)",
                    "wall-clock limit", scans, time.perf_counter() - start)
            try:
                message = receive.recv()
            except EOFError:   # crashed, killed, os._exit: no result will come
                worker.join(timeout=5.0)
                if worker.is_alive():   # it closed the pipe itself and went on: stop it
                    worker.kill()
                    worker.join()
                return _failed(condition, _exit_text(worker.exitcode), "internal error", scans,
                               time.perf_counter() - start)
            if message[0] == "progress":
                scans = message[1]
                if on_scans is not None:
                    on_scans(message[1], message[2])
            elif message[0] == "error":
                finished = True
                return _failed(condition, message[1], "internal error", message[2],
                               time.perf_counter() - start)
            else:
                finished = True
                result = message[1]
                result.params = dict(condition.params)
                return result
    finally:
        # A finished worker is exiting by itself; anything else (a stop, Ctrl-C, an error in
        # the progress callback) must not leave it running.
        worker.join(timeout=2.0 if finished else 0)
        if worker.is_alive():
            worker.kill()
            worker.join()
        receive.close()


def grade(task: Task, make_controller: Callable[[], Any], conditions: Sequence[Condition] | None = None,
          progress: Callable[[GradeProgress], None] | None = None, wall_limit_s: float | None = 120.0,
          progress_every: int = 1000, isolate: bool = True,
          observe: Callable[[Session], Callable[[], None] | None] | None = None,
          memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> Report:
    """Grade every condition (or the given ones); reward 1 only if all pass.

    observe: see run_condition; it runs where the condition runs (in its worker when isolated).

    isolate: each condition in its own worker process, killed past the wall limit (where
    the platform can fork); False runs them in this process, e.g. for tests that look
    into the controllers afterwards.
    """
    run = run_condition_isolated if isolate and CAN_ISOLATE else run_condition
    if run is run_condition_isolated:
        run = functools.partial(run, memory_limit_mb=memory_limit_mb)
    conds = list(task.conditions if conditions is None else conditions)
    report = Report(task.id, task.title, total_conditions=len(task.conditions),
                    registered=tuple(c.name for c in task.conditions))
    count = len(conds)
    for index, cond in enumerate(conds):
        expected = round(task.time_limit_s * 100)
        on_scans = None
        if progress is not None:
            progress(GradeProgress(cond.name, index, count, 0, expected))

            def on_scans(done, total, name=cond.name, index=index):
                progress(GradeProgress(name, index, count, done, total))

        extra = {} if observe is None else {"observe": observe}
        result = run(task, cond, make_controller, wall_limit_s, on_scans, progress_every, **extra)
        report.conditions.append(result)
        if progress is not None:
            progress(GradeProgress(cond.name, index, count, result.scans, result.scans, result))
    return report


def report_for_compile_error(task: Task, diagnostics_text: str,
                             diagnostics: Sequence[dict[str, Any]] = ()) -> Report:
    """Reward 0 without running anything: the program did not compile (``diagnostics``: the same
    diagnostics as data, each a dict as st's Diagnostic.to_dict gives)."""
    return Report(task.id, task.title, compile_error=diagnostics_text.strip() or "compile error",
                  diagnostics=list(diagnostics),
                  total_conditions=len(task.conditions), registered=tuple(c.name for c in task.conditions))


# --- presentation ---


def format_params(task: Task, params: dict[str, Any]) -> str:
    """The condition's values of the published parameters (all of them if none is published)."""
    units = {p.name: p.units for p in task.parameters}
    key = {n: v for n, v in params.items() if n in units} or params
    parts = []
    for name, value in key.items():
        text = f"{value:g}" if isinstance(value, float) else str(value)
        unit = units.get(name, "")
        parts.append(f"{name}={text}{' ' + unit if unit else ''}")
    return ", ".join(parts)


def describe_failure(c: ConditionResult) -> str:
    """Why a condition did not pass, in one line (empty when it passed)."""
    if c.fault:
        return c.fault
    if not c.success:
        reason = c.end_reason or "not completed"
        if c.pending and reason in ("completion failed", "end state not kept"):
            return f"{reason}: {c.pending}"
        return f"{reason}; still missing: {c.pending}" if c.pending else reason
    return ""


def render_report(report: Report, console, task: Task | None = None) -> None:
    """A rich table (condition, key parameters, success, safety, time, first violation) and the reward."""
    from rich.table import Table
    from rich.text import Text

    console.print(Text(f"{report.task_id}  {report.title}", style="bold"))
    if report.compile_error is not None:
        console.print(Text("The program did not compile; no condition was run.", style="red"))
        console.print(Text(report.compile_error))
    else:
        table = Table(show_lines=False)
        table.add_column("#", justify="right")
        table.add_column("condition", no_wrap=True)
        table.add_column("key parameters")
        table.add_column("success")
        table.add_column("safety")
        table.add_column("time to completion", justify="right")
        table.add_column("first violation / failure")
        numbers = {cond.name: i for i, cond in enumerate(task.conditions, 1)} if task is not None else {}
        for n, c in enumerate(report.conditions, 1):
            n = numbers.get(c.name, n)  # the task's own condition number, as --condition takes it
            params = format_params(task, c.params) if task is not None else ", ".join(
                f"{k}={v}" for k, v in c.params.items())
            success = Text("yes", style="green") if c.success else Text("no", style="red")
            safety = Text("ok", style="green") if c.safe else Text(
                ", ".join(c.violated_rules), style="red")
            done = f"{c.completion_s:.2f} s" if c.completion_s is not None else "-"
            if c.first_violation is not None:
                fv = c.first_violation
                why = Text(f"scan {fv.scan} ({fv.time_ms / 1000:.2f} s) {fv.rule_id}: {fv.message}",
                           style="red")
                if c.fault or not c.success:
                    why.append(f"\n{describe_failure(c)}", style="yellow")
            else:
                why = Text(describe_failure(c), style="yellow")
            table.add_row(str(n), c.name, params, success, safety, done, why)
        if console.is_terminal or console.width >= 150:
            console.print(table)
        else:
            # Piped or written to a file, rich assumes 80 columns and would fold every cell.
            from rich.console import Console

            Console(file=console.file, width=150, color_system=console.color_system,
                    highlight=False).print(table)
    console.print(summary_line(report))


def summary_line(report: Report):
    """The last line of a report: the reward of a full run, or what a partial run showed."""
    from rich.text import Text

    official, sampled = report.official, report.sampled
    if report.reward is None:
        run = len(report.conditions)
        line = Text(f"Not graded: {run} of the task's conditions run", style="bold yellow")
        line.append(f" ({report.passed_count} passed); the task's reward needs all "
                    f"{report.total_conditions} registered conditions")
        return line
    line = Text(f"Reward: {report.reward}", style="bold green" if report.reward else "bold red")
    if report.compile_error is None:
        line.append(f"  ({sum(c.passed for c in official)} of {len(official)} conditions passed)")
    if sampled:
        ok = sum(c.passed for c in sampled)
        line.append(f"; sampled conditions: {ok} of {len(sampled)} passed",
                    style="green" if ok == len(sampled) else "red")
    return line
