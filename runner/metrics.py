"""Leaderboard metrics of a batch run, per suite, per level and overall.

Computed from the results file's "tasks" list (plain data), so a file written earlier gives the
same summary. Only finished task-trials count (an interrupted run lists the others as not
finished); a missing submission is a finished trial with reward 0 and no condition run.

- pass@1: the mean reward over a task's trials, averaged over the tasks;
- pass@k (k = the trial count): the share of tasks with at least one trial of reward 1;
- SR: the share of task-trial-condition runs that reached task success (a missing or
  non-compiling submission counts as failing every condition of its task);
- SVR: the share of executed condition runs with a safety violation (after completion too);
- execution gap: the share of compiled submissions that still earn reward 0.
"""

from __future__ import annotations

from typing import Any

GROUPS = ("MAT", "MOT", "E", "M", "H")


def _ratio(part: float, whole: float) -> float | None:
    return None if whole == 0 else part / whole


def group_metrics(name: str, task_docs: list[dict[str, Any]], k: int) -> dict[str, Any]:
    """The metrics of one group of tasks (see the module doc)."""
    per_task_pass1, any_passed = [], []
    slots = successes = executed = violations = compiled = compiled_failing = trials = 0
    for t in task_docs:
        finished = [tr for tr in t["trials"] if tr["reward"] is not None and tr["status"] != "not finished"]
        if not finished:
            continue
        trials += len(finished)
        rewards = [tr["reward"] for tr in finished]
        per_task_pass1.append(sum(rewards) / len(rewards))
        any_passed.append(any(r == 1 for r in rewards))
        for tr in finished:
            slots += t["conditions_total"]
            successes += sum(1 for c in tr["conditions"] if c["success"])
            executed += len(tr["conditions"])
            violations += sum(1 for c in tr["conditions"] if not c["safe"])
            if tr["status"] == "graded":
                compiled += 1
                compiled_failing += tr["reward"] == 0
    return {
        "group": name,
        "tasks": len(per_task_pass1),
        "trials": trials,
        "k": k,
        "pass@1": _ratio(sum(per_task_pass1), len(per_task_pass1)),
        "pass@k": _ratio(sum(any_passed), len(any_passed)),
        "SR": _ratio(successes, slots),
        "SVR": _ratio(violations, executed),
        "execution_gap": _ratio(compiled_failing, compiled),
        "condition_runs": executed,
        "compiled": compiled,
    }


def summarize(task_docs: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """One row per suite and level present, then the overall row."""
    rows = []
    for group in GROUPS:
        members = [t for t in task_docs if group in (t["suite"], t["level"])]
        if members:
            rows.append(group_metrics(group, members, k))
    rows.append(group_metrics("all", task_docs, k))
    return rows


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def render_summary(document: dict[str, Any], console) -> None:
    """The per-task rewards and the metrics table."""
    from rich.table import Table

    k = document["trials"]
    tasks = Table(title="Rewards per task" + (f" ({k} trials)" if k > 1 else ""))
    for col in ("task", "suite", "level", "rewards", "conditions passed", "status"):
        tasks.add_column(col)
    for t in document["tasks"]:
        rewards = " ".join("-" if tr["reward"] is None else str(tr["reward"]) for tr in t["trials"])
        passed = " ".join(f"{tr['passed']}/{t['conditions_total']}" for tr in t["trials"])
        statuses = sorted({tr["status"] for tr in t["trials"]})
        tasks.add_row(t["task"], t["suite"], t["level"], rewards, passed, ", ".join(statuses))
    summary = Table(title=f"Summary (evaluator {document['evaluator_version']})")
    columns = ["group", "tasks", "trials", "pass@1"] + ([f"pass@{k}"] if k > 1 else []) + [
        "SR", "SVR", "execution gap"]
    for col in columns:
        summary.add_column(col, justify="left" if col == "group" else "right")
    for row in document["summary"]:
        cells = [row["group"], str(row["tasks"]), str(row["trials"]), _pct(row["pass@1"])]
        if k > 1:
            cells.append(_pct(row["pass@k"]))
        cells += [_pct(row["SR"]), _pct(row["SVR"]), _pct(row["execution_gap"])]
        summary.add_row(*cells)
    console.print(tasks)
    console.print(summary)
