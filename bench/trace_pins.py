"""Trace hash pins: `python -m bench.trace_pins [--update] [--task ID ...]`.

Grades every registered condition of every task (or of the given ones) with the task's
reference program and compares each condition's trace hash to tests/trace_hashes.json, one
sorted entry "<task id>/<condition name>" per condition. With --update the file takes the new
hashes instead (only for the tasks graded; the other entries stay).

The pins prove that a change to the engine (a faster plant, a new sampling of inputs) keeps
every trace bit for bit. Update them only for a change that is meant to alter what a program
or a judge sees (a task's new condition, a device whose behaviour was changed on purpose), and
say so in the commit. tests/tasks/test_trace_pins.py checks them against the task battery's
own gradings, without grading again.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import tasks

PIN_FILE = Path(__file__).resolve().parent.parent / "tests" / "trace_hashes.json"
UPDATE_COMMAND = "python -m bench.trace_pins --update --task {task}"


def pin_key(task_id: str, condition: str) -> str:
    return f"{task_id}/{condition}"


def load(path: Path = PIN_FILE) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def save(pins: dict[str, str], path: Path = PIN_FILE) -> None:
    path.write_text(json.dumps(dict(sorted(pins.items())), indent=1) + "\n", encoding="utf-8")


def task_pins(pins: dict[str, str], task_id: str) -> dict[str, str]:
    """The pinned hashes of one task, by condition name."""
    prefix = task_id + "/"
    return {k[len(prefix):]: v for k, v in pins.items() if k.startswith(prefix)}


def reference_hashes(task) -> dict[str, str]:
    """Condition name -> trace hash of the task's reference program, every registered condition."""
    import st
    from sim.verifier import grade

    ref = Path(task.folder) / "reference.st"
    comp = st.compile_source(ref.read_text(encoding="utf-8"), str(ref))
    if not comp.ok:
        raise SystemExit(f"trace_pins: {ref} does not compile:\n{comp.format_diagnostics()}")
    report = grade(task, comp.program.instantiate)
    return {c.name: c.trace_hash for c in report.conditions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.trace_pins", description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="write the new hashes into the pin file")
    ap.add_argument("--task", action="append", help="only this task id (repeatable)")
    args = ap.parse_args(argv)
    try:
        selected = [tasks.get(t) for t in args.task] if args.task else tasks.all_tasks()
    except tasks.UnknownTask as exc:
        print(f"trace_pins: {exc}", file=sys.stderr)
        return 2
    pins = load()
    changed = 0
    for task in selected:
        hashes = reference_hashes(task)
        old = task_pins(pins, task.id)
        for name, h in hashes.items():
            if old.get(name) != h:
                changed += 1
                print(f"{task.id}/{name}: {old.get(name, 'not pinned')} -> {h}")
        for name in old.keys() - hashes.keys():
            changed += 1
            print(f"{task.id}/{name}: pinned, but the task no longer has this condition")
        if args.update:
            for name in old:
                pins.pop(pin_key(task.id, name))
            pins.update({pin_key(task.id, name): h for name, h in hashes.items()})
    if args.update:
        save(pins)
        print(f"trace_pins: {PIN_FILE.name} written ({len(selected)} tasks, {changed} entries changed)")
        return 0
    print(f"trace_pins: {len(selected)} tasks, {changed} conditions differ from the pins")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
