"""Grading helpers shared by the task tests (tests/tasks/test_*.py), as the `kit` fixture: test
files cannot import conftest under importlib mode.

    def test_reference_st_passes_every_condition(kit):
        kit.passes(kit.grade_st(TASK, "reference.st"))

    def test_counterexample_trips_exactly_its_rule(kit, rule):
        kit.trips(kit.graded(TASK, f"counterexamples/{rule}.st"), rule, others="never")

kit.graded grades a program file once per session: the standard battery
(test_task_battery.py), a task's own tests and its adversarial review share the report.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import st
from sim.prompt import render_prompt
from sim.verifier import grade


def st_program(task, program: str | Path):
    """The instance factory of an ST program that must compile: a file name inside the task's
    folder ("reference.st", "counterexamples/idle.st") or any Path."""
    path = program if isinstance(program, Path) else Path(task.folder) / program
    return st_text(path.read_text(encoding="utf-8"), str(path))


def st_text(source: str, filename: str = "program.st"):
    """The instance factory of ST source text that must compile."""
    comp = st.compile_source(source, filename)
    assert comp.ok, comp.format_diagnostics()
    return comp.program.instantiate


def grade_st(task, program: str | Path, conditions=None, stop_at_violation: bool = False):
    """Compile an ST program (see st_program) and grade it over every condition, or the given ones.

    In this process: the task folders' programs are ours, and a worker per condition (grade's
    default, for untrusted programs: tests/sim/test_verifier_isolation.py, tests/test_hostile.py)
    costs the battery about a quarter more CPU in fork, exit and caches refilled in every worker.
    It also runs each condition after others in one process, as the debugger does.

    stop_at_violation ends each run at its first safety violation: the condition has failed by
    then, so a test that asks only whether a program must fail gets the same answer for less."""
    def stop(session):
        session.stop_on_violation = True

    return grade(task, st_program(task, program), conditions=conditions, isolate=False,
                 observe=stop if stop_at_violation else None)


_graded: dict[tuple, object] = {}


def graded(task, program: str | Path, conditions=None, stop_at_violation: bool = False):
    """grade_st, once per (task, program file, conditions) for the whole session. The report is
    shared between tests: read it, never change it. A report of whole runs also answers a
    request that would stop at the first violation."""
    path = program if isinstance(program, Path) else Path(task.folder) / program
    names = None if conditions is None else tuple(c.name for c in conditions)
    key = (task.id, str(path.resolve()), names)
    if key in _graded:
        return _graded[key]
    if stop_at_violation:
        short = key + ("stopped at the first violation",)
        if short not in _graded:
            _graded[short] = grade_st(task, path, conditions, stop_at_violation=True)
        return _graded[short]
    _graded[key] = grade_st(task, path, conditions)
    return _graded[key]


def why(report) -> list[tuple]:
    """What went wrong in each condition that did not pass: the assertion message of a failure."""
    return [(c.name, c.end_reason, c.pending, c.violated_rules, c.fault)
            for c in report.conditions if not c.passed]


def failed(report) -> list[str]:
    """The names of the conditions that did not pass, in the task's order."""
    return [c.name for c in report.conditions if not c.passed]


def passes(report) -> None:
    """Reward 1: every condition succeeded with no violation and no fault."""
    assert report.reward == 1, why(report)


def no_faults(report) -> None:
    """The program ran in every condition: a counterexample must fail on the plant, not on a fault."""
    faults = [(c.name, c.fault) for c in report.conditions if c.fault]
    assert not faults, faults


def succeeds_nowhere(report) -> None:
    """Reward 0 and no condition reached its completion (an idle program)."""
    assert report.reward == 0
    assert not any(c.success for c in report.conditions), why(report)


def prompt_states_everything(task, hidden: tuple[str, ...] = ()) -> str:
    """The task's prompt names every I/O address and name and every safety rule (id and wording),
    and none of the `hidden` condition values; returns the prompt."""
    text = render_prompt(task)
    for p in task.io:
        assert p.address in text and p.name in text, p
    for r in task.safety_rules:
        assert r.id in text and r.wording in text, r.id
    for value in hidden:
        assert value not in text, f"the prompt gives away the hidden value {value}"
    return text


def published(task, name: str, *values) -> bool:
    """Whether every value lies inside the task's published range `name`."""
    r = next(r for r in task.parameters if r.name == name)
    return all(r.low <= v <= r.high for v in values)


OTHERS = ("allowed", "alongside", "never")


def trips(report, rule: str, others: str = "allowed") -> None:
    """A rule's counterexample: reward 0, and at least one condition trips exactly that rule.

    others: what the other conditions may show. "allowed": anything; "alongside": every
    condition with a violation trips this rule too (another rule may trip with it); "never":
    no condition trips any other rule.
    """
    assert others in OTHERS, f"others must be one of {OTHERS}"
    assert report.reward == 0
    tripped = [(c.name, c.violated_rules) for c in report.conditions if c.violated_rules]
    assert tripped, f"{rule} never tripped"
    assert any(rules == [rule] for _, rules in tripped), tripped
    if others == "alongside":
        assert all(rule in rules for _, rules in tripped), tripped
    elif others == "never":
        assert all(rules == [rule] for _, rules in tripped), tripped


@pytest.fixture(scope="session")
def kit():
    """The helpers above as one fixture."""
    return SimpleNamespace(
        st_program=st_program, st_text=st_text, grade_st=grade_st, graded=graded, why=why, failed=failed,
        passes=passes, no_faults=no_faults, succeeds_nowhere=succeeds_nowhere, trips=trips,
        prompt_states_everything=prompt_states_everything, published=published)


def _task_of(item) -> str | None:
    """The task a test in tests/tasks grades: its `task` parameter, else its file's folder name
    (test_mat_e01.py and test_adversarial_mat_e01.py grade tasks/mat_e01)."""
    callspec = getattr(item, "callspec", None)
    task = callspec.params.get("task") if callspec else None
    if getattr(task, "id", None) is not None:   # not an empty parameter set's NOTSET (no known holes left)
        return task.id
    stem = Path(str(item.fspath)).stem.removeprefix("test_").removeprefix("adversarial_")
    is_task = (Path(__file__).parents[2] / "tasks" / stem).is_dir()
    return stem.upper().replace("_", "-") if is_task else None


_FIRST = {"H": 0, "M": 1, "E": 2}    # the longest groups first; every other test after them


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under `pytest -n N --dist loadgroup` every test of one task runs on one worker, so kit.graded
    grades each program once per session, as in a single process. The groups go out in order of
    collection: Hard tasks and the GUI smoke tests first, then Medium, Easy and the short tests,
    so that no worker is still grading a long group at the end while the others have nothing left.
    (The hook sees every collected test, not only those under tests/tasks.)"""
    here = Path(__file__).parent
    order = {}
    for item in items:
        if here in Path(str(item.fspath)).parents:
            task = _task_of(item)
            if task:
                item.add_marker(pytest.mark.xdist_group(task))
                order[item] = _FIRST.get(task[4:5], 3)
        else:
            group = item.get_closest_marker("xdist_group")
            if group and group.args == ("xvfb",):
                order[item] = 0  # the GUI smoke tests: one group of minutes, out with the Hard tasks
    items.sort(key=lambda item: order.get(item, 3))
