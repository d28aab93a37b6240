"""The grader's worker processes: same results as in-process, and nothing a program or a
plant model does inside one scan hangs or crashes the grader."""

from __future__ import annotations

import dataclasses
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from sim import verifier
from sim.task import Condition
from sim.verifier import grade
from tests.sim.minitask import TASK, GoodController, Idle

pytestmark = pytest.mark.skipif(not verifier.CAN_ISOLATE, reason="needs the 'fork' start method")

FAST = TASK.condition("fast")


def comparable(report) -> dict:
    """The report as JSON data without the wall-clock times, which differ run to run."""
    data = report.to_dict()
    for c in data["conditions"]:
        del c["wall_time_s"]
    return data


class NeverReturns(GoodController):
    """A scan that never comes back (no loop the ST watchdog could see in a real program)."""

    def logic(self, now_ms):
        super().logic(now_ms)
        if now_ms == 300:
            while True:
                pass


class ExitsTheProcess(GoodController):
    def logic(self, now_ms):
        super().logic(now_ms)
        if now_ms == 300:
            os._exit(3)


class KilledBySignal(GoodController):
    """As the kernel's out-of-memory killer would end it."""

    def logic(self, now_ms):
        super().logic(now_ms)
        if now_ms == 300:
            os.kill(os.getpid(), signal.SIGKILL)


class CallsSysExit(GoodController):
    def logic(self, now_ms):
        super().logic(now_ms)
        if now_ms == 300:
            sys.exit(4)


def test_isolated_grading_gives_the_same_report_as_in_process():
    for controller in (GoodController, Idle):
        isolated = grade(TASK, controller)
        in_process = grade(TASK, controller, isolate=False)
        assert comparable(isolated) == comparable(in_process)
    report = grade(TASK, GoodController)
    assert [c.passed for c in report.conditions] == [True, True, False]
    assert all(len(c.trace_hash) == 64 for c in report.conditions)


def test_a_real_task_grades_alike_in_a_worker_and_in_process():
    import st
    import tasks

    task = tasks.get("MAT-E01")
    comp = st.compile_file(str(Path(__file__).parents[2] / "tasks/mat_e01/reference.st"))
    assert comp.ok
    isolated = grade(task, comp.program.instantiate)
    assert isolated.reward == 1 and len(isolated.conditions) == len(task.conditions)
    assert comparable(isolated) == comparable(grade(task, comp.program.instantiate, isolate=False))


def test_progress_events_cross_the_process_boundary_unchanged():
    conds = [FAST, TASK.condition("jam")]
    isolated, in_process = [], []
    grade(TASK, GoodController, conditions=conds, progress=isolated.append, progress_every=100)
    grade(TASK, GoodController, conditions=conds, progress=in_process.append, progress_every=100,
          isolate=False)

    def plain(events):
        return [(e.condition, e.index, e.count, e.done, e.total, e.result is not None) for e in events]

    assert plain(isolated) == plain(in_process)
    assert (200, 500) in [(e.done, e.total) for e in isolated if e.condition == "jam"]


def test_a_scan_that_never_returns_is_stopped_and_the_next_condition_is_graded():
    started = time.perf_counter()
    report = grade(TASK, NeverReturns, conditions=[FAST, TASK.condition("slow")], wall_limit_s=0.3,
                   progress_every=10)
    assert time.perf_counter() - started < 30    # a hang would hit pytest's timeout instead
    for c in report.conditions:
        assert not c.passed and c.end_reason == "wall-clock limit"
        assert c.fault.startswith("wall-clock limit: still running after 0.3 s of real time")
        assert c.fault.endswith("(worker stopped)")
        assert c.scans == 30     # the last progress report before the scan at 300 ms
    assert "one scan or plant step did not return within 0.5 s more" in report.conditions[0].fault
    assert "(progress last reported at scan 30, plant time 0.3 s)" in report.conditions[0].fault
    assert report.reward == 0


def test_a_plant_model_that_hangs_fails_only_its_condition():
    def plant_stuck_for_slow(condition):
        if condition.name == "slow":
            while True:
                pass
        return TASK.build_plant(condition)

    task = dataclasses.replace(TASK, build_plant=plant_stuck_for_slow)
    report = grade(task, GoodController, conditions=[FAST, TASK.condition("slow"), FAST], wall_limit_s=0.3)
    assert [c.passed for c in report.conditions] == [True, False, True]
    slow = report.conditions[1]
    assert slow.fault.endswith("(progress last reported at scan 0, plant time 0 s) (worker stopped)")


@pytest.mark.parametrize("controller, message", [
    (ExitsTheProcess, "internal error: worker exited with code 3"),
    (CallsSysExit, "internal error: worker exited with code 4"),
    (KilledBySignal, "internal error: worker exited with code -9 (killed by SIGKILL, e.g. out of memory)"),
])
def test_a_worker_that_dies_fails_that_condition_with_its_exit_code(controller, message):
    report = grade(TASK, controller, conditions=[FAST, TASK.condition("slow")])
    for c in report.conditions:
        assert (c.fault, c.end_reason, c.passed, c.trace_hash) == (message, "internal error", False, "")
    assert report.reward == 0
    # the grader itself goes on: the same process grades a good program afterwards
    assert grade(TASK, GoodController, conditions=[FAST]).all_passed


def test_parameter_values_that_cannot_be_pickled_are_reported_as_given():
    odd = Condition("odd", seed=1, params={"speed": 100.0, "rule": lambda x: x},
                    operator=FAST.operator)
    report = grade(TASK, GoodController, conditions=[odd])
    c = report.conditions[0]
    assert c.passed and c.params["rule"] is odd.params["rule"]


def test_a_result_that_cannot_be_sent_back_fails_its_condition_with_the_reason(monkeypatch):
    class StaysInTheWorker:
        def __reduce__(self):
            raise TypeError("this value does not pickle")

    real = verifier.run_condition

    def odd_result(*args):
        result = real(*args)
        result.events.append(("odd", 1, StaysInTheWorker()))
        return result

    monkeypatch.setattr(verifier, "run_condition", odd_result)   # the forked worker sees it too
    c = grade(TASK, GoodController, conditions=[FAST]).conditions[0]
    assert c.fault == ("internal error: the result could not be sent back: "
                       "TypeError: this value does not pickle")
    assert (c.end_reason, c.scans, c.passed) == ("internal error", 221, False)


def test_a_worker_that_cannot_be_started_leaves_the_condition_to_the_session_guard(monkeypatch):
    def no_fork(self):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(verifier.multiprocessing.get_context("fork").Process, "start", no_fork)
    made = []

    def make():
        made.append(GoodController())
        return made[-1]

    assert grade(TASK, make, conditions=[FAST]).all_passed
    assert len(made) == 1     # graded in this process


def test_without_fork_conditions_run_in_process(monkeypatch):
    made = []

    def make():
        made.append(GoodController())
        return made[-1]

    monkeypatch.setattr(verifier, "CAN_ISOLATE", False)
    assert grade(TASK, make, conditions=[FAST]).all_passed
    assert len(made) == 1 and made[0].scans[:2] == [0, 10]


def test_kill_margin_grows_with_the_limit_within_bounds():
    assert verifier.kill_margin_s(0.3) == 0.5
    assert verifier.kill_margin_s(30) == 3.0
    assert verifier.kill_margin_s(600) == 10.0


GRADER_KILLED_MID_CONDITION = """
import os, sys
from sim.verifier import grade
from tests.sim.minitask import TASK, Idle

class WritesPidThenHangs(Idle):
    def logic(self, now_ms):
        with open(sys.argv[1], "w") as fh:
            fh.write(str(os.getpid()))
        while True:
            pass

grade(TASK, WritesPidThenHangs, conditions=[TASK.condition("fast")], wall_limit_s=600)
"""


def gone(pid: int) -> bool:
    """No such process, or only its exit status is left (a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
def test_a_worker_stuck_in_a_scan_dies_with_a_grader_that_is_killed(tmp_path):
    import subprocess

    pid_file = tmp_path / "worker.pid"
    root = Path(__file__).parents[2]
    grader = subprocess.Popen([sys.executable, "-c", GRADER_KILLED_MID_CONDITION, str(pid_file)], cwd=root,
                              env={**os.environ, "PYTHONPATH": str(root)})
    try:
        for _ in range(300):
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.05)
        worker = int(pid_file.read_text())
        assert worker != grader.pid and not gone(worker)
    finally:
        grader.kill()
        grader.wait()
    for _ in range(100):
        if gone(worker):
            break
        time.sleep(0.05)
    else:
        os.kill(worker, signal.SIGKILL)
        pytest.fail("the worker kept running after its grader was killed")
