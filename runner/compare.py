"""`--compare A.json B.json`: the tasks whose reward differs between two results files.

A task's rewards are compared trial by trial (by trial name); a task in only one file is listed
too. Scores are only comparable under one evaluator: a different evaluator version, or a task
whose definition fingerprint differs, is said first. Exit 0 when no reward differs, 1 otherwise.
"""

from __future__ import annotations

import json
from typing import Any

from runner.batch import RESULTS_FORMAT, BatchError


def load_results(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise BatchError(f"results file not found: {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BatchError(f"{path} is not a results file: {exc}") from None
    if (not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT
            or not isinstance(data.get("tasks"), list)):
        raise BatchError(f"{path} is not a results file of --suite (no \"format\": {RESULTS_FORMAT!r})")
    return data


def _rewards(task_doc: dict[str, Any]) -> dict[str, Any]:
    return {tr["trial"]: tr["reward"] for tr in task_doc["trials"]}


def differences(a: dict[str, Any], b: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """(warnings about comparability, one row per task whose rewards differ)."""
    warnings = []
    if a.get("evaluator_version") != b.get("evaluator_version"):
        warnings.append(f"evaluator versions differ ({a.get('evaluator_version')} vs "
                        f"{b.get('evaluator_version')}): the scores are not comparable")
    tasks_a = {t["task"]: t for t in a["tasks"]}
    tasks_b = {t["task"]: t for t in b["tasks"]}
    rows = []
    for task_id in [*tasks_a, *(t for t in tasks_b if t not in tasks_a)]:
        ta, tb = tasks_a.get(task_id), tasks_b.get(task_id)
        if ta and tb and ta.get("task_fingerprint") != tb.get("task_fingerprint"):
            warnings.append(f"{task_id}: the task's definition differs between the files (fingerprint)")
        ra = _rewards(ta) if ta else None
        rb = _rewards(tb) if tb else None
        if ra != rb:
            rows.append({"task": task_id, "a": ra, "b": rb})
    return warnings, rows


def _text(rewards: dict[str, Any] | None) -> str:
    if rewards is None:
        return "(not in file)"
    return " ".join(f"{trial}:{'-' if r is None else r}" for trial, r in rewards.items())


def compare_command(path_a: str, path_b: str) -> int:
    from rich.console import Console
    from rich.table import Table

    a, b = load_results(path_a), load_results(path_b)
    warnings, rows = differences(a, b)
    out = Console(highlight=False)
    for w in warnings:
        out.print(f"warning: {w}", markup=False)
    if not rows:
        out.print(f"No task's reward differs between {path_a} and {path_b} ({len(a['tasks'])} tasks).",
                  markup=False)
        return 0
    table = Table(title=f"Tasks whose reward differs ({len(rows)})")
    table.add_column("task")
    table.add_column(f"A: {path_a} (trial:reward)")
    table.add_column(f"B: {path_b} (trial:reward)")
    for row in rows:
        table.add_row(row["task"], _text(row["a"]), _text(row["b"]))
    out.print(table)
    return 1
