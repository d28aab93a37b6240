"""The grader: per-condition results, reward, JSON, table, guards."""

from __future__ import annotations

import dataclasses
import io
import json
import time

from rich.console import Console

from sim.verifier import grade, render_report, report_for_compile_error
from tests.sim.minitask import TASK, GoodController, Idle


class LampEarly(GoodController):
    """Lights the lamp as soon as Start is seen: breaks rule S2 while the slide travels."""

    def logic(self, now_ms):
        super().logic(now_ms)
        self.outputs["%QX0.1"] = self.started


def rendered(report) -> str:
    buf = io.StringIO()
    render_report(report, Console(file=buf, width=220, color_system=None), task=TASK)
    return buf.getvalue()


def test_reward_1_only_when_every_registered_condition_passes():
    two = grade(TASK, GoodController, conditions=[TASK.condition("fast"), TASK.condition("slow")])
    assert two.all_passed and two.reward is None and not two.complete   # a partial run has no reward
    full = grade(TASK, GoodController)
    assert full.reward == 0 and full.passed_count == 2
    jam = full.conditions[2]
    assert (jam.name, jam.success, jam.safe, jam.end_reason) == ("jam", False, True, "time limit")
    assert jam.pending == "slide at end -> done lamp lit at end (held for 0.5 s)"


def test_each_condition_gets_a_fresh_controller_and_plant():
    made = []

    def make():
        made.append(GoodController())
        return made[-1]

    # in-process, so the controllers made can be looked at afterwards
    report = grade(TASK, make, conditions=[TASK.condition("fast"), TASK.condition("fast")], isolate=False)
    assert len(made) == 2 and made[0] is not made[1]
    a, b = report.conditions
    assert a.trace_hash == b.trace_hash and a.completion_s == b.completion_s == 1.2


def test_success_with_a_violation_is_not_a_pass():
    report = grade(TASK, LampEarly, conditions=[TASK.condition("fast")])
    c = report.conditions[0]
    assert c.success and not c.safe and not c.passed and report.reward == 0
    fv = c.first_violation
    assert (fv.scan, fv.time_ms, fv.rule_id) == (20, 200, "MOT-E99-S2")
    assert fv.message == "done lamp lit at position 0 mm"


def test_json_report_carries_every_condition():
    report = grade(TASK, LampEarly)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["task"] == "MOT-E99" and data["reward"] == 0 and data["conditions_total"] == 3
    fast = data["conditions"][0]
    assert fast["name"] == "fast" and fast["params"] == {"speed": 100.0}
    assert fast["first_violation"] == {"scan": 20, "time_s": 0.2, "rule": "MOT-E99-S2",
                                       "message": "done lamp lit at position 0 mm"}
    assert fast["success"] is True and fast["passed"] is False and fast["completion_time_s"] == 1.2
    assert [e["event"] for e in fast["events"]] == ["start pressed", "slide at end", "done lamp lit at end"]
    assert len(fast["trace_hash"]) == 64


def test_json_report_turns_any_parameter_value_into_plain_data():
    from sim.task import Condition

    odd = Condition("odd", seed=5, params={"speed": 50.0, "order": ("red", "blue"), "part": object()})
    data = json.loads(json.dumps(grade(TASK, Idle, conditions=[odd]).to_dict()))
    params = data["conditions"][0]["params"]
    assert params["speed"] == 50.0 and params["order"] == ["red", "blue"]
    assert params["part"].startswith("<object object")


def test_table_shows_conditions_parameters_verdicts_and_reward():
    text = rendered(grade(TASK, LampEarly))
    assert "MOT-E99  Mini slide" in text
    for expected in ("fast", "speed=100 mm/s", "slow", "speed=40 mm/s", "jam", "speed=73 mm/s", "1.20 s",
                     "scan 20 (0.20 s) MOT-E99-S2: done lamp lit at position 0 mm"):
        assert expected in text
    assert "Reward: 0  (0 of 3 conditions passed)" in text
    good = rendered(grade(TASK, GoodController, conditions=[TASK.condition("slow")]))
    assert "Not graded: 1 of the task's conditions run (1 passed); the task's reward needs all 3" in good
    assert "│ 2 │ slow" in good   # numbered as the task numbers it (what --condition takes)


def test_compile_error_gives_reward_0_without_running():
    record = {"code": "E201", "name": "undeclared", "severity": "error", "file": "program.st", "line": 3,
              "column": 7, "end_column": 9, "message": "'Fwd' is not declared"}
    report = report_for_compile_error(TASK, "program.st:3:7: error[E201]: 'Fwd' is not declared\n", [record])
    assert report.reward == 0 and report.conditions == []
    assert report.to_dict()["compile_error"] == "program.st:3:7: error[E201]: 'Fwd' is not declared"
    assert report.to_dict()["diagnostics"] == [record]  # the same, as data
    text = rendered(report)
    assert "did not compile" in text and "program.st:3:7" in text and "Reward: 0" in text


def test_runtime_fault_fails_that_condition_with_its_message():
    class Fault:
        def __str__(self):
            return "program.st:9:1: runtime fault: array index 11 out of range 1..10"

    class Faulty(GoodController):
        def logic(self, now_ms):
            super().logic(now_ms)
            if now_ms == 500:
                self.fault = Fault()

    report = grade(TASK, Faulty)
    assert report.reward == 0
    assert all(c.fault == "program.st:9:1: runtime fault: array index 11 out of range 1..10"
               for c in report.conditions)
    assert "array index 11 out of range" in rendered(report)


def test_wall_clock_limit_fails_a_condition_that_runs_too_long():
    class Sleepy(Idle):
        def logic(self, now_ms):
            time.sleep(0.002)

    report = grade(TASK, Sleepy, conditions=[TASK.condition("fast")], wall_limit_s=0.05, progress_every=10)
    c = report.conditions[0]
    assert c.end_reason == "wall-clock limit" and not c.passed
    assert c.fault.startswith("wall-clock limit")


def test_a_plant_error_fails_the_condition_without_crashing_the_grader():
    def broken_plant(condition):
        if condition.name == "slow":
            raise RuntimeError("belt model diverged")
        return TASK.build_plant(condition)

    task = dataclasses.replace(TASK, build_plant=broken_plant)
    report = grade(task, GoodController)
    assert [c.passed for c in report.conditions] == [True, False, False]
    assert report.conditions[1].fault.startswith("internal error: RuntimeError: belt model diverged")


def test_progress_reports_each_condition_start_chunks_and_result():
    events = []
    grade(TASK, GoodController, conditions=[TASK.condition("fast"), TASK.condition("jam")],
          progress=events.append, progress_every=200)
    fast = [(e.done, e.total, e.result is not None) for e in events if e.condition == "fast"]
    assert fast == [(0, 500, False), (200, 500, False), (221, 500, False), (221, 221, True)]
    jam = [(e.index, e.count, e.done) for e in events if e.condition == "jam"]
    assert jam == [(1, 2, 0), (1, 2, 200), (1, 2, 400), (1, 2, 500), (1, 2, 500)]
