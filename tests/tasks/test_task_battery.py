"""The standard battery of issue 3, run on every registered task (tasks.all_tasks()): with the
ST programs in the task's folder,
- reference.st passes every condition;
- counterexamples/idle.st earns 0 and succeeds in no condition;
- counterexamples/blind.st (fixed delays, sensors ignored) earns 0;
- counterexamples/<rule id>.st trips exactly that rule in at least one condition.
Every counterexample must fail on the plant, never on a runtime fault.

A new task folder gets the battery with no edit here, held to the strictest expectations
(DEFAULT). A task that needs less says so in EXPECT, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import tasks


@dataclass(frozen=True)
class Expect:
    """Where tasks differ in what their counterexamples show.

    others: what a rule counterexample may show in its other conditions (conftest.trips):
        "never" no other rule trips anywhere; "alongside" every condition with a violation
        trips this rule too; "allowed" anything.
    blind_fails: how many conditions the blind schedule must fail at least; None: every one.
    """

    others: str = "never"
    blind_fails: int | None = None


DEFAULT = Expect()
EXPECT = {
    # Its blind schedule passes one of the five conditions (the reward is still 0).
    "MAT-E01": Expect(blind_fails=4),
    # The S2 counterexample (belt running with a pusher out) also pushes against a part of the
    # wrong kind (S1) in three conditions.
    "MAT-M04": Expect(others="alongside"),
    # The S1 counterexample (indexing while the slide retracts) also trips S3 (Cycle done) in
    # one condition.
    "MOT-M14": Expect(others="alongside"),
    # The S1 counterexample (a grant lingering into the next) also trips S2 (an arm in the path
    # of a shuttle not standing at its station) in four conditions.
    "MOT-H15": Expect(others="alongside"),
}

TASKS = tasks.all_tasks()
RULES = [(task, rule.id) for task in TASKS for rule in task.safety_rules]


def expect(task) -> Expect:
    return EXPECT.get(task.id, DEFAULT)


def test_every_exception_names_a_registered_task():
    assert set(EXPECT) <= {t.id for t in TASKS}, "EXPECT lists a task that no longer exists"


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_reference_passes_every_condition(kit, task):
    report = kit.graded(task, "reference.st")
    kit.passes(report)
    assert len(report.conditions) == len(task.conditions) >= 4


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_idle_earns_zero_and_succeeds_nowhere(kit, task):
    report = kit.graded(task, "counterexamples/idle.st")
    kit.no_faults(report)
    kit.succeeds_nowhere(report)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_blind_schedule_earns_zero(kit, task):
    report = kit.graded(task, "counterexamples/blind.st")
    kit.no_faults(report)
    assert report.reward == 0
    must_fail = expect(task).blind_fails or len(task.conditions)
    assert sum(not c.passed for c in report.conditions) >= must_fail, kit.why(report)


@pytest.mark.parametrize("task, rule", RULES, ids=[rule for _, rule in RULES])
def test_counterexample_trips_exactly_its_rule(kit, task, rule):
    report = kit.graded(task, f"counterexamples/{rule}.st")
    kit.no_faults(report)
    kit.trips(report, rule, others=expect(task).others)
