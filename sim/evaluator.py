"""The evaluator's version and every task's definition fingerprint: when two scores are comparable.

    from sim.evaluator import EVALUATOR_VERSION, task_fingerprint
    task_fingerprint(task)     # 'sha256:3f1c...' (64 hex digits), the same on every machine

A benchmark's scores are only comparable under one evaluator. `EVALUATOR_VERSION` is bumped
by hand whenever a task, a judge, the runtime semantics of ST or a condition changes what a
program earns. The fingerprint catches what a forgotten bump would hide: it changes whenever
a task's definition may have changed. It is the sha256 of a canonical JSON document holding

- the task's published data: id, title, suite, level, summary, specification, plant
  description, I/O map (every field of every point), safety rules (id and wording),
  parameter ranges, completion wording and end-state wording, time limit and post-completion
  window;
- every registered condition: name, seed, parameters, description, operator actions
  (time, action, target, value) and disturbances (time and description);
- the source of the task module and of the project modules it uses, followed transitively
  through their globals inside tasks/, sim/devices/ and sim/judges.py (devices, shared
  judges, task helpers), each as its path relative to the project root and the sha256 of its
  text with '\\n' line ends.

Code that runs (a disturbance's apply, a judge, a sampler) is covered by its source file, not
by its repr, so nothing in the document depends on memory addresses, PYTHONHASHSEED or the
folder the project lives in. The reference program is not part of it: it does not change what
another program earns.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import inspect
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from sim.task import Task

EVALUATOR_VERSION = "1"

_ROOT = Path(__file__).resolve().parent.parent
# modules whose source belongs to a task's definition (the rest of sim/ and st/ is the
# evaluator itself: EVALUATOR_VERSION covers it)
_DEFINITION_MODULES = ("tasks", "sim.devices", "sim.judges")


def _canon(value: Any) -> Any:
    """Plain JSON data for a definition value; callables by name, never by address."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return repr(value)   # repr round-trips exactly; json's float text is the same, but say so
    if isinstance(value, list | tuple):
        return [_canon(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canon(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canon(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not callable(getattr(value, f.name))}
    if isinstance(value, enum.Enum):
        return f"{type(value).__qualname__}.{value.name}"
    if callable(value):
        return f"{getattr(value, '__module__', '?')}.{getattr(value, '__qualname__', type(value).__name__)}"
    text = repr(value)   # a value object's repr says what it is; a default repr only where it lives
    return f"<{type(value).__module__}.{type(value).__qualname__}>" if " at 0x" in text else text


def task_definition(task: Task) -> dict[str, Any]:
    """The published data and registered conditions of a task, as canonical JSON data."""
    return {
        "id": task.id, "title": task.title, "suite": task.suite, "level": task.level,
        "summary": task.summary, "specification": task.specification,
        "plant_description": task.plant_description,
        "io": [_canon(p) for p in task.io],
        "safety_rules": [{"id": r.id, "wording": r.wording} for r in task.safety_rules],
        "parameters": [_canon(p) for p in task.parameters],
        "completion": {"wording": task.completion.wording, "keep_wording": task.completion.keep_wording},
        "time_limit_s": _canon(float(task.time_limit_s)),
        "post_completion_s": _canon(float(task.post_completion_s)),
        "conditions": [
            {"name": c.name, "seed": c.seed, "params": _canon(dict(c.params)), "description": c.description,
             "operator": [_canon(a) for a in c.operator],
             "disturbances": [{"time_s": _canon(float(d.time_s)), "description": d.description}
                              for d in c.disturbances]}
            for c in task.conditions
        ],
    }


def _in_definition(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in _DEFINITION_MODULES)


def _task_module(task: Task) -> ModuleType | None:
    if task.folder is None:
        return None
    name = f"tasks.{Path(task.folder).name}.task"
    return sys.modules.get(name)


def definition_modules(task: Task) -> list[ModuleType]:
    """The task module and the project modules it uses (tasks/, sim/devices/, sim/judges), transitively."""
    start = _task_module(task)
    if start is None:
        return []
    seen: dict[str, ModuleType] = {}
    todo = [start]
    while todo:
        module = todo.pop()
        if module.__name__ in seen:
            continue
        seen[module.__name__] = module
        for value in list(vars(module).values()):
            used = value if isinstance(value, ModuleType) else sys.modules.get(
                getattr(value, "__module__", None) or "")
            if used is not None and _in_definition(used.__name__) and used.__name__ not in seen:
                todo.append(used)
    return [seen[n] for n in sorted(seen)]


def _source_digest(module: ModuleType) -> tuple[str, str] | None:
    try:
        path = Path(inspect.getfile(module)).resolve()
    except (TypeError, OSError):
        return None
    if path.suffix != ".py" or not path.is_file():
        return None
    text = path.read_bytes().replace(b"\r\n", b"\n")
    try:
        where = path.relative_to(_ROOT).as_posix()
    except ValueError:
        where = module.__name__
    return where, hashlib.sha256(text).hexdigest()


def task_sources(task: Task) -> dict[str, str]:
    """Project-relative path -> sha256 of the source of each module in the task's definition."""
    out = {}
    for module in definition_modules(task):
        digest = _source_digest(module)
        if digest is not None:
            out[digest[0]] = digest[1]
    return dict(sorted(out.items()))


def task_fingerprint(task: Task) -> str:
    """'sha256:<hex>' of the task's definition and the sources it is built from (see the module doc)."""
    document = {"definition": task_definition(task), "sources": task_sources(task)}
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def evaluator_stamp(task: Task) -> dict[str, str]:
    """What every report and results file carries so that its scores can be compared."""
    return {"evaluator_version": EVALUATOR_VERSION, "task_fingerprint": task_fingerprint(task)}
