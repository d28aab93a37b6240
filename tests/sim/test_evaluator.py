"""The evaluator version and the task fingerprint: stable for the same definition on any run,
changed by any change to what a task publishes or grades with."""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import tasks
from sim.evaluator import EVALUATOR_VERSION, task_definition, task_fingerprint, task_sources
from sim.task import Condition, OperatorAction, SafetyRule

ROOT = Path(__file__).resolve().parents[2]
TASK = "MAT-E01"


def fingerprint_in_a_new_process(seed: str) -> str:
    code = ("import tasks; from sim.evaluator import task_fingerprint; "
            f"print(task_fingerprint(tasks.get({TASK!r})))")
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_fingerprint_is_the_same_in_every_process():
    here = task_fingerprint(tasks.get(TASK))
    assert here.startswith("sha256:") and len(here) == 7 + 64
    assert fingerprint_in_a_new_process("1") == here == fingerprint_in_a_new_process("12345")


def test_the_sources_are_the_task_module_and_what_it_builds_on():
    sources = task_sources(tasks.get(TASK))
    folder = TASK.lower().replace("-", "_")
    assert f"tasks/{folder}/task.py" in sources and "sim/judges.py" in sources
    assert any(path.startswith("sim/devices/") for path in sources)
    assert not any(path.startswith("st/") or path == "sim/verifier.py" for path in sources)
    assert f"tasks/{folder}/reference.st" not in sources


def test_any_change_to_the_definition_changes_the_fingerprint():
    task = tasks.get(TASK)
    base = task_fingerprint(task)
    rule = task.safety_rules[0]
    first = task.conditions[0]
    key = next(iter(first.params))
    changed = [
        dataclasses.replace(task, safety_rules=(SafetyRule(rule.id, rule.wording + " Really.", rule.monitor),
                                                *task.safety_rules[1:])),
        dataclasses.replace(task, time_limit_s=task.time_limit_s + 1),
        dataclasses.replace(task, io=tuple(dataclasses.replace(p, meaning=p.meaning + "!") if i == 0 else p
                                           for i, p in enumerate(task.io))),
        dataclasses.replace(task, conditions=(
            Condition(first.name, first.seed, {**first.params, key: -1}, first.description, first.operator,
                      first.disturbances), *task.conditions[1:])),
        dataclasses.replace(task, conditions=(
            Condition(first.name, first.seed + 1, first.params, first.description, first.operator,
                      first.disturbances), *task.conditions[1:])),
        dataclasses.replace(task, conditions=(
            Condition(first.name, first.seed, first.params, first.description,
                      (*first.operator, OperatorAction(9.0, "press", "start")), first.disturbances),
            *task.conditions[1:])),
        dataclasses.replace(task, completion=dataclasses.replace(task.completion,
                                                                 wording=task.completion.wording + " Now.")),
    ]
    prints = [task_fingerprint(t) for t in changed]
    assert base not in prints and len(set(prints)) == len(prints)


def test_the_definition_names_no_memory_address():
    text = repr(task_definition(tasks.get(TASK)))
    assert " at 0x" not in text


def test_list_shows_the_version_and_every_fingerprint():
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--list"], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0
    assert f"evaluator version {EVALUATOR_VERSION}" in r.stdout
    for task in tasks.all_tasks():
        line = next(x for x in r.stdout.splitlines() if x.startswith(task.id))
        assert task_fingerprint(task)[7:19] in line and task.title in line


def test_parameter_values_are_written_by_what_they_are():
    import enum

    from sim.evaluator import _canon

    class Colour(enum.Enum):
        RED = 1
        BLUE = 2

    class Plain:
        pass

    assert _canon({"b": Colour.RED, "a": (1.5, "x", None)}) == {"a": ["1.5", "x", None],
                                                               "b": f"{Colour.__qualname__}.RED"}
    assert _canon(Colour.BLUE) != _canon(Colour.RED)
    assert _canon(Plain()) == f"<{Plain.__module__}.{Plain.__qualname__}>"     # never an address
