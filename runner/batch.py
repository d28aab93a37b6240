"""Batch grading: every task of a selection, every trial of its submissions, over N processes.

    python main.py --headless --suite all --submissions DIR [--trials K] [--jobs N]
                   [--out results.json] [--csv results.csv] [--ray [ADDRESS]]

Each submission is compiled once here (after a guarded compile, as in single-task grading);
each of its task's registered conditions is then one unit of work, graded by
`sim.verifier.grade` on that one condition, so every condition runs in its own forked worker
with the same wall limit, memory limit, isolation and determinism as single-task grading.
N threads each keep one such worker busy (the threads only wait on pipes: the workers do the
work), longest tasks first. `--ray` sends the same units to a Ray cluster
(runner.ray_backend) instead. Results are put back in the task's own order, so the results
file does not depend on which worker finished first.

Ctrl-C stops the run: conditions already graded are kept and written (the file says
`"interrupted": true` and which task-trials were not finished); exit status 130.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import hashlib
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import st
from runner.guarded import preflight
from runner.selection import BadSelection, select_tasks
from runner.submissions import Submission, SubmissionError, find_submissions
from runner.versions import project_info
from sim.evaluator import EVALUATOR_VERSION, task_fingerprint
from sim.guard import DEFAULT_MEMORY_LIMIT_MB
from sim.task import Task
from sim.verifier import ConditionResult, Report, grade

RESULTS_FORMAT = "plc-plant-sim batch results"
RESULTS_FORMAT_VERSION = 1
WALL_LIMIT_S = 120.0        # per condition, as in single-task grading
PROGRESS_EVERY = 200        # scans between a worker's progress messages: how soon a stop is seen
STOP_POLL_S = 0.1           # how often the main loop looks for a Ctrl-C while it waits for results


class BatchError(ValueError):
    """Bad input to a batch run (selection, folder, options): one clear message, exit 2."""


@dataclass
class Entry:
    """One (task, trial): its program, how it compiled and the results of its conditions."""

    task: Task
    trial: str
    path: Path | None                  # None: no submission
    is_reference: bool = False
    source: bytes | None = None
    sha256: str | None = None
    compile_error: str | None = None
    io_warnings: list[str] = field(default_factory=list)
    program: Any = None                # st.Program when it compiled
    results: dict[str, ConditionResult] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.task.id} trial {self.trial}"

    @property
    def runnable(self) -> bool:
        return self.program is not None

    @property
    def finished(self) -> bool:
        return not self.runnable or len(self.results) == len(self.task.conditions)

    def status(self) -> str:
        if self.path is None:
            return "missing"
        if self.compile_error is not None:
            return "compile error"
        return "graded" if self.finished else "not finished"

    def report(self) -> Report:
        registered = tuple(c.name for c in self.task.conditions)
        if self.path is None:
            return Report(self.task.id, self.task.title, compile_error="no submission",
                          total_conditions=len(registered), registered=registered)
        return Report(self.task.id, self.task.title,
                      conditions=[self.results[c.name] for c in self.task.conditions
                                  if c.name in self.results],
                      compile_error=self.compile_error, total_conditions=len(registered),
                      registered=registered)


@dataclass(frozen=True)
class Unit:
    """One condition of one entry: what a worker grades."""

    entry: int          # index into the batch's entries
    task_id: str
    condition: str


class Stopped(Exception):
    """Raised inside a worker's progress callback once the run is stopped: the verifier kills the worker."""


# --- planning -------------------------------------------------------------------------------


def plan_entries(selection: str, submissions: str | None, trials: int | None
                 ) -> tuple[list[Entry], list[str]]:
    """The entries to grade and notes for the user (ignored files)."""
    if trials is not None and trials < 1:
        raise BatchError("--trials must be 1 or more")
    try:
        chosen = select_tasks(selection)
    except BadSelection as exc:
        raise BatchError(str(exc)) from None
    if submissions is None:
        count = trials or 1
        subs = [Submission(t.id, str(i), t.reference_path) for t in chosen for i in range(1, count + 1)]
        notes: list[str] = []
    else:
        try:
            subs, notes = find_submissions(submissions, chosen, trials)
        except SubmissionError as exc:
            raise BatchError(str(exc)) from None
    by_id = {t.id: t for t in chosen}
    entries = [Entry(by_id[s.task_id], s.trial, s.path, is_reference=submissions is None) for s in subs]
    return entries, notes


def compile_entries(entries: list[Entry], memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB,
                    jobs: int = 1) -> None:
    """Compile every submission as single-task grading does: first in a guarded worker (memory and
    time limits: the program decides what compiling costs), then here once more for the condition
    workers to fork with. Submissions with the same text for the same task are compiled once;
    `jobs` guarded compiles run at a time."""
    done: dict[tuple[str, str], tuple[Any, Any]] = {}
    todo: dict[tuple[str, str], Entry] = {}
    for e in entries:
        if e.path is None:
            continue
        try:
            e.source = Path(e.path).read_bytes()
        except OSError as exc:
            e.compile_error = f"{e.path}: cannot read the file: {exc.strerror}"
            continue
        e.sha256 = hashlib.sha256(e.source).hexdigest()
        todo.setdefault((e.task.id, e.sha256), e)

    def check(e: Entry):
        return preflight(e.task, str(e.path), memory_limit_mb)

    with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="compile") as pool:
        checked = dict(zip(todo, pool.map(check, todo.values()), strict=True))
    for key, e in todo.items():
        pre = checked[key]
        # within the bounds the guarded compile proved: the same text compiles the same way
        comp = st.compile_source(e.source, str(e.path)) if pre.ok else None
        done[key] = (pre, comp)
    for e in entries:
        if e.sha256 is None:
            continue
        pre, comp = done[(e.task.id, e.sha256)]
        if comp is None or not comp.ok:
            e.compile_error = (pre.compile_error or (comp.format_diagnostics() if comp else "")).strip() \
                or "compile error"
            continue
        e.program = comp.program
        e.io_warnings = list(pre.io_warnings)


def plan_units(entries: list[Entry]) -> list[Unit]:
    """Every condition of every compiled entry, the longest tasks first so the last ones to end are short."""
    units = [Unit(i, e.task.id, c.name)
             for i, e in enumerate(entries) if e.runnable for c in e.task.conditions]
    # a stable sort by time limit keeps the registry's order among equals
    return sorted(units, key=lambda u: -entries[u.entry].task.time_limit_s)


# --- execution ------------------------------------------------------------------------------


def grade_unit(task: Task, condition_name: str, make_controller: Callable[[], Any],
               stop: threading.Event | None = None, wall_limit_s: float = WALL_LIMIT_S,
               memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> ConditionResult:
    """One condition through the single-task grader (its own worker, its limits); Stopped once
    `stop` is set."""
    condition = task.condition(condition_name)

    def check(_event) -> None:
        if stop is not None and stop.is_set():
            raise Stopped

    report = grade(task, make_controller, conditions=[condition], wall_limit_s=wall_limit_s,
                   progress=check if stop is not None else None, progress_every=PROGRESS_EVERY,
                   memory_limit_mb=memory_limit_mb)
    return report.conditions[0]


@contextlib.contextmanager
def ctrl_c_sets(stop: threading.Event):
    """While the batch runs, the first Ctrl-C only sets `stop` (the main loop sees it within
    STOP_POLL_S): a KeyboardInterrupt raised wherever the main thread happens to be can land
    inside the futures' own locking and leave a lock held, and the batch then hung until a
    worker's wall limit. A second Ctrl-C raises at once. Nothing changes off the main thread
    or where SIGINT is ignored (a background run)."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return

    def on_ctrl_c(_signum, _frame) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run_local(entries: list[Entry], units: list[Unit], jobs: int,
              on_result: Callable[[Unit, ConditionResult], None],
              memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> bool:
    """Grade `units` with `jobs` workers at a time; True if all ran, False if stopped by Ctrl-C.

    on_result is called in this thread, in the order conditions finish.
    """
    stop = threading.Event()

    def work(unit: Unit) -> ConditionResult | None:
        if stop.is_set():
            return None
        e = entries[unit.entry]
        try:
            result = grade_unit(e.task, unit.condition, e.program.instantiate, stop,
                                memory_limit_mb=memory_limit_mb)
        except Stopped:
            return None
        if stop.is_set() and is_interrupted_worker(result):
            return None   # its worker died of the same Ctrl-C: not a result of the program
        return result

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grader")
    pending: dict[Future, Unit] = {pool.submit(work, u): u for u in units}
    try:
        with ctrl_c_sets(stop):
            while pending:
                done, _ = wait(pending, timeout=STOP_POLL_S, return_when=FIRST_COMPLETED)
                for future in done:
                    unit = pending.pop(future)
                    result = future.result()
                    if result is not None and not (stop.is_set() and is_interrupted_worker(result)):
                        on_result(unit, result)
                if stop.is_set():
                    raise KeyboardInterrupt
        return True
    except KeyboardInterrupt:
        stop.set()
        for future in pending:
            future.cancel()
        # the running ones end at their next progress message (or now, if their worker got the
        # Ctrl-C too); keep what they finished before the stop
        try:
            for future in list(pending):
                if not future.cancelled():
                    result = future.result()
                    if result is not None and not is_interrupted_worker(result):
                        on_result(pending[future], result)
        except KeyboardInterrupt:
            pass
        return False
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)


def failed_result(condition, message: str) -> ConditionResult:
    """A condition that has no result of its own (its remote worker was lost): failed, with the reason."""
    return ConditionResult(condition.name, condition.description, dict(condition.params), False, True, None,
                           None, [], [], message, "internal error", "", [], 0, 0.0, "")


def is_interrupted_worker(result: ConditionResult) -> bool:
    """A worker that exited on the Ctrl-C meant for the grader (SIGINT: KeyboardInterrupt, exit 1)."""
    return (result.end_reason == "internal error"
            and result.fault == "internal error: worker exited with code 1")


# --- results --------------------------------------------------------------------------------


def trial_document(e: Entry) -> dict[str, Any]:
    data = e.report().to_dict()
    for key in ("task", "title"):
        data.pop(key)
    if e.path is None:
        data["compile_error"] = None
    return {
        "trial": e.trial,
        "status": e.status(),
        "program": None if e.path is None else str(e.path),
        "reference": e.is_reference,
        "program_sha256": e.sha256,
        "io_warnings": e.io_warnings,
        **data,
    }


def results_document(entries: list[Entry], *, selection: str, submissions: str | None, trials: int,
                     backend: dict[str, Any], interrupted: bool, wall_s: float, started: str,
                     notes: list[str], memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB
                     ) -> dict[str, Any]:
    from runner.metrics import summarize

    by_task: dict[str, list[Entry]] = {}
    for e in entries:
        by_task.setdefault(e.task.id, []).append(e)
    task_docs = []
    for task_id, group in by_task.items():
        task = group[0].task
        task_docs.append({
            "task": task_id, "title": task.title, "suite": task.suite, "level": task.level,
            "evaluator_version": EVALUATOR_VERSION, "task_fingerprint": task_fingerprint(task),
            "conditions_total": len(task.conditions),
            "trials": [trial_document(e) for e in group],
        })
    planned = sum(len(e.task.conditions) for e in entries if e.runnable)
    run = sum(len(e.results) for e in entries)
    return {
        "format": RESULTS_FORMAT,
        "format_version": RESULTS_FORMAT_VERSION,
        "project": project_info(),
        "evaluator_version": EVALUATOR_VERSION,
        "selection": selection,
        "submissions": submissions,
        "oracle": submissions is None,
        "trials": trials,
        "backend": backend,
        "limits": {"wall_s_per_condition": WALL_LIMIT_S, "memory_mb_per_worker": memory_limit_mb},
        "started": started,
        "wall_time_s": round(wall_s, 3),
        "complete": not interrupted and run == planned,
        "interrupted": interrupted,
        "conditions_planned": planned,
        "conditions_run": run,
        "missing": [e.label for e in entries if e.path is None],
        "not_finished": [e.label for e in entries if not e.finished],
        "notes": notes,
        "tasks": task_docs,
        "summary": summarize(task_docs, trials),
    }


CSV_COLUMNS = ("task", "suite", "level", "trial", "status", "reward", "program_sha256", "condition", "passed",
               "success", "safe", "completion_time_s", "first_violation_rule", "first_violation_scan",
               "fault", "trace_hash")


def csv_rows(document: dict[str, Any]) -> Iterable[dict[str, Any]]:
    """One row per task, trial and condition run; a trial with no condition run has one row of its own."""
    for t in document["tasks"]:
        for trial in t["trials"]:
            base = {"task": t["task"], "suite": t["suite"], "level": t["level"], "trial": trial["trial"],
                    "status": trial["status"], "reward": "" if trial["reward"] is None else trial["reward"],
                    "program_sha256": trial["program_sha256"] or ""}
            if not trial["conditions"]:
                yield base
            for c in trial["conditions"]:
                fv = c["first_violation"] or {}
                yield {**base, "condition": c["name"], "passed": int(c["passed"]),
                       "success": int(c["success"]), "safe": int(c["safe"]),
                       "completion_time_s": "" if c["completion_time_s"] is None else c["completion_time_s"],
                       "first_violation_rule": fv.get("rule", ""), "first_violation_scan": fv.get("scan", ""),
                       "fault": c["fault"] or "", "trace_hash": c["trace_hash"]}


def write_csv(document: dict[str, Any], path: str) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, CSV_COLUMNS, restval="")
        writer.writeheader()
        writer.writerows(csv_rows(document))


# --- the command ----------------------------------------------------------------------------


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


class _Progress:
    """A rich bar of task-trials and conditions done (on a terminal), else one line per task-trial."""

    def __init__(self, console, quiet: bool, entries: list[Entry], units: list[Unit]):
        self.console, self.quiet = console, quiet
        self.bar = None
        self.left = {i: len(e.task.conditions) for i, e in enumerate(entries) if e.runnable}
        if quiet or not console.is_terminal:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("{task.description:>10}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=console, transient=True)
        done_tasks = sum(1 for e in entries if not e.runnable)
        self.tasks_bar = self.bar.add_task("tasks", total=len(entries), completed=done_tasks)
        self.conditions_bar = self.bar.add_task("conditions", total=len(units))
        self.bar.start()

    def condition_done(self, entry: Entry, index: int) -> None:
        self.left[index] -= 1
        if self.bar is not None:
            self.bar.advance(self.conditions_bar)
            if self.left[index] == 0:
                self.bar.advance(self.tasks_bar)
        elif not self.quiet and self.left[index] == 0:
            report = entry.report()
            self.console.print(f"{entry.label}: reward {report.reward} "
                               f"({report.passed_count} of {len(entry.task.conditions)} conditions passed)",
                               markup=False, highlight=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def batch_command(selection: str, submissions: str | None = None, trials: int | None = None,
                  jobs: int | None = None, out_path: str | None = None, csv_path: str | None = None,
                  ray: str | None = None, quiet: bool = False,
                  memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> int:
    """Grade, print the summary, write the files. Exit 0: every trial of every task earned 1; 1: not;
    130: interrupted (what finished is written)."""
    import sys

    from rich.console import Console

    from runner.metrics import render_summary

    if jobs is not None and jobs < 1:
        raise BatchError("--jobs must be 1 or more")
    if ray not in (None, "local") and jobs is not None:
        raise BatchError("--jobs sets the CPUs of a local Ray cluster; a running cluster (--ray ADDRESS) "
                         "has its own")
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    entries, notes = plan_entries(selection, submissions, trials)
    for note in notes:
        err.print(f"note: {note}", markup=False)
    jobs = jobs or default_jobs()
    compile_entries(entries, memory_limit_mb, jobs)
    for e in entries:
        if e.compile_error and not quiet:
            err.print(f"{e.label}: does not compile (reward 0)", markup=False)
    units = plan_units(entries)
    k = trials or max([sum(1 for x in entries if x.task.id == e.task.id) for e in entries] + [1])
    started = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    progress = _Progress(err, quiet, entries, units)

    def on_result(unit: Unit, result: ConditionResult) -> None:
        entry = entries[unit.entry]
        entry.results[unit.condition] = result
        progress.condition_done(entry, unit.entry)

    start = time.perf_counter()
    finished = False
    backend: dict[str, Any] = {"kind": "processes" if ray is None else "ray"}
    try:
        if ray is None:
            backend = {"kind": "processes", "jobs": jobs}
            finished = run_local(entries, units, jobs, on_result, memory_limit_mb)
        else:
            from runner.ray_backend import run_ray

            timings: dict[str, float] = {}
            backend = {"kind": "ray", "address": None if ray == "local" else ray,
                       "cpus": jobs if ray == "local" else None}
            try:
                finished = run_ray(entries, units, on_result, address=None if ray == "local" else ray,
                                   cpus=jobs if ray == "local" else None, timings=timings,
                                   memory_limit_mb=memory_limit_mb)
            finally:
                for key in ("cluster_start_s", "cluster_stop_s"):
                    backend[key] = round(timings.get(key, 0.0), 3)
    except KeyboardInterrupt:   # before the backend's own handling began (starting Ray): keep what there is
        finished = False
    finally:
        progress.close()
    wall = time.perf_counter() - start
    document = results_document(entries, selection=selection, submissions=submissions, trials=k,
                                backend=backend, interrupted=not finished, wall_s=wall, started=started,
                                notes=notes, memory_limit_mb=memory_limit_mb)
    render_summary(document, out)
    for label in document["missing"]:
        out.print(f"missing: {label} (reward 0)", markup=False)
    if out_path:
        with open(out_path, "w", encoding="utf-8") as fh:
            json.dump(document, fh, indent=2)
            fh.write("\n")
    if csv_path:
        write_csv(document, csv_path)
    run, planned = document["conditions_run"], document["conditions_planned"]
    if not finished:
        kept = f"; kept in {out_path}" if out_path else ""
        err.print(f"interrupted: {run} of {planned} conditions graded{kept}; not finished: "
                  f"{', '.join(document['not_finished']) or 'none'}", markup=False)
        return 130
    if not quiet:
        how = f"{jobs} processes" if ray is None else (
            f"Ray, of which {backend.get('cluster_start_s', 0) + backend.get('cluster_stop_s', 0):.1f} s "
            "starting or joining the cluster and leaving it")
        err.print(f"{run} conditions graded in {wall:.1f} s ({run / wall if wall else 0:.1f} per second; "
                  f"{how})", markup=False)
    rewards = [trial["reward"] for t in document["tasks"] for trial in t["trials"]]
    return 0 if rewards and all(r == 1 for r in rewards) else 1
