"""The batch on a Ray cluster: one Ray task per condition, the same results as the local pool.

Imported only for `--ray`: the default path never imports Ray. Each Ray task gets the task id,
the condition name and the program's source text; it compiles the program (once per Ray worker
and program) and grades the condition through runner.batch.grade_unit, that is through the
single-task grader with its own forked worker and wall limit. Same program, task and condition:
same trace hash as the local pool.

`address` None starts a local cluster with `cpus` CPUs (the machine's by default) for this run;
"auto" or an address joins a running cluster, whose nodes need this project's requirements:
the project's code travels with the job (Ray's working_dir), its packages do not.
"""

from __future__ import annotations

import hashlib
import os
import socket
import time
from collections.abc import Callable
from typing import Any

from runner.batch import BatchError, Entry, Unit, failed_result, grade_unit
from runner.versions import ROOT
from sim.guard import DEFAULT_MEMORY_LIMIT_MB
from sim.verifier import ConditionResult

RAY_PIN = "ray==2.60.0"   # as in requirements.txt
_programs: dict[str, Any] = {}   # per Ray worker: sha256 of the source -> compiled program


def _compiled(source: bytes, filename: str):
    key = hashlib.sha256(source).hexdigest() + filename
    if key not in _programs:
        import st

        comp = st.compile_source(source, filename)
        if not comp.ok:   # compiled in the driver first, so this is a different machine's ST
            raise RuntimeError(f"{filename} did not compile on this Ray worker:\n{comp.format_diagnostics()}")
        _programs[key] = comp.program
    return _programs[key]


def grade_on_worker(task_id: str, condition: str, source: bytes, filename: str,
                    memory_limit_mb: int | None) -> ConditionResult:
    """The body of one Ray task (the driver's guarded compile of the same text proved its bounds)."""
    import tasks

    task = tasks.get(task_id)
    result = grade_unit(task, condition, _compiled(source, filename).instantiate,
                        memory_limit_mb=memory_limit_mb)
    result.params = {}   # the driver puts the condition's own values back: they need not pickle
    return result


def warm_up() -> int:
    """Load the grader into a Ray worker (imports, the ST grammar) before the first condition."""
    import st
    import tasks

    tasks.all_tasks()
    st.compile_source(b"PROGRAM Warm\nEND_PROGRAM\n", "warm-up.st")
    return os.getpid()


def _runtime_env(local: bool) -> dict[str, Any]:
    if local:   # same machine: the workers import the project from where it is
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        return {"env_vars": {"PYTHONPATH": path}}
    return {"working_dir": str(ROOT),
            "excludes": [".venv", ".git", "**/__pycache__", ".pytest_cache", ".ruff_cache", "docs", "assets"]}


def check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """A host:port that answers, before ray.init, which would retry an unreachable one for minutes."""
    if address == "auto" or "://" in address:
        return   # Ray finds 'auto' itself (and says so at once); ray:// is its client protocol
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise BatchError(f"--ray {address!r}: give 'auto', host:port or ray://host:port")
    try:
        socket.create_connection((host, int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise BatchError(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from None


def run_ray(entries: list[Entry], units: list[Unit], on_result: Callable[[Unit, ConditionResult], None],
            address: str | None = None, cpus: int | None = None, timings: dict[str, float] | None = None,
            memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> bool:
    """Grade `units` on Ray; True if all ran, False if stopped by Ctrl-C (finished results are kept).

    timings["cluster_start_s"]: seconds to start (or join) the cluster and load the grader into one
    worker per CPU; timings["cluster_stop_s"]: seconds ray.shutdown took.
    """
    try:
        import ray
    except ImportError:
        raise BatchError(f"--ray needs Ray: pip install {RAY_PIN} (it is in requirements.txt)") from None
    local = address is None
    if not local:
        check_reachable(address)
    start = time.perf_counter()
    try:
        # "local": a new cluster for this run, even where RAY_ADDRESS or `ray start` names another
        ray.init(address="local" if local else address, num_cpus=cpus if local else None,
                 include_dashboard=False, log_to_driver=False, configure_logging=False,
                 runtime_env=_runtime_env(local))
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise BatchError(f"cannot reach the Ray cluster {address!r}: {exc}") from None
    try:
        # workers start lazily: start one per CPU and load the grader into it now, so that the
        # grading that follows is grading (this counts as starting the cluster)
        warm = ray.remote(num_cpus=1, max_retries=0)(warm_up)
        ray.get([warm.remote() for _ in range(max(1, int(ray.cluster_resources().get("CPU", 1))))])
        if timings is not None:
            timings["cluster_start_s"] = time.perf_counter() - start
        remote = ray.remote(num_cpus=1, max_retries=0)(grade_on_worker)
        # one copy of each program in the object store, not one per condition
        sources = {}
        for u in units:
            e = entries[u.entry]
            if u.entry not in sources:
                sources[u.entry] = ray.put(e.source)
        refs = {remote.remote(u.task_id, u.condition, sources[u.entry], str(entries[u.entry].path),
                              memory_limit_mb): u
                for u in units}
        try:
            while refs:
                done, _ = ray.wait(list(refs), num_returns=1)
                for ref in done:
                    unit = refs.pop(ref)
                    condition = entries[unit.entry].task.condition(unit.condition)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayError as exc:   # a worker lost, or a task that raised
                        result = failed_result(condition, f"internal error: Ray task failed: "
                                                          f"{type(exc).__name__}: {str(exc)[:500]}")
                    result.params = dict(condition.params)
                    on_result(unit, result)
            return True
        except KeyboardInterrupt:
            for ref in refs:
                ray.cancel(ref, force=True)
            return False
    finally:
        stop = time.perf_counter()
        ray.shutdown()
        if timings is not None:
            timings["cluster_stop_s"] = time.perf_counter() - stop
