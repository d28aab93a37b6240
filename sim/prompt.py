"""The agent's instruction for a task, generated from the data the grader uses.

Only published data goes in: the plant description, the I/O map, the specification, the
completion wording, the safety rules (ids and wording, exactly as judged), the time limit
and the parameter ranges. Hidden condition values, seeds and condition names never do.
"""

from __future__ import annotations

from collections.abc import Sequence

from sim.task import Task

SUITES = {"MOT": "motion", "MAT": "material handling"}
LEVELS = {"E": "easy", "M": "medium", "H": "hard"}


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ") or "-"


def _num(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _devices(task: Task) -> list[tuple[str, str]]:
    """(device name, kind) of every device the I/O map names, in I/O-map order."""
    kinds: dict[str, str] = {}
    try:
        # Kinds only (never parameters): any condition's plant has the same devices.
        plant = task.build_plant(task.conditions[0])
        kinds = {name: getattr(dev, "kind", "") for name, dev in plant.devices.items()}
    except Exception:  # the prompt must still render if the plant cannot be built here
        kinds = {}
    seen: dict[str, str] = {}
    for p in task.io:
        if p.device not in seen:
            seen[p.device] = kinds.get(p.device, "")
    return list(seen.items())


def _declarations(task: Task) -> str:
    width = max(len(p.name) for p in task.io)
    lines = ["VAR"]
    for p in task.io:
        lines.append(f"    {p.name.ljust(width)} AT {p.address} : {p.type};")
    lines.append("END_VAR")
    return "\n".join(lines)


def render_prompt(task: Task, dialect: Sequence[str] = ()) -> str:
    """The task's prompt. `dialect`: the language points a program could trip on, from the
    compiler that will grade it (runner.prompt passes st's; sim does not import st)."""
    out: list[str] = []
    add = out.append
    add(f"# {task.id}: {task.title}")
    add("")
    add(f"Suite: {task.suite} ({SUITES.get(task.suite, task.suite)}), level {task.level} "
        f"({LEVELS.get(task.level, task.level)}).")
    add("")
    add(task.summary.strip())
    add("")

    add("## Plant")
    add("")
    if task.plant_description:
        add(task.plant_description.strip())
        add("")
    devices = _devices(task)
    if devices:
        add("Devices connected to the PLC:")
        add("")
        for name, kind in devices:
            points = ", ".join(p.name for p in task.io if p.device == name)
            add(f"- `{name}`" + (f" ({kind.replace('_', ' ')})" if kind else "") + f": {points}")
        add("")

    add("## I/O map")
    add("")
    add("Inputs are sampled at the start of every scan; outputs act on the plant after the scan.")
    add("")
    add("| Address | Name | Type | Direction | Device | Meaning | Units | Range |")
    add("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for p in task.io:
        add(f"| `{p.address}` | `{p.name}` | {p.type} | {p.direction} | {_cell(p.device)} | "
            f"{_cell(p.meaning)} | {_cell(p.units)} | {_cell(p.range)} |")
    add("")

    add("## Specification")
    add("")
    add(task.specification.strip())
    add("")

    add("## Completion condition")
    add("")
    add(task.completion.wording.strip())
    add("")
    if task.completion.keep_wording:
        add(f"Once it is reached, keep this end state for the {_num(task.post_completion_s)} s that follow "
            f"(it is checked on every scan; a break fails the condition): "
            f"{task.completion.keep_wording.strip()}")
        add("")
    add(f"The completion condition must be reached within the time limit of {_num(task.time_limit_s)} s "
        "of plant time.")
    add("")

    add("## Safety rules")
    add("")
    if task.safety_rules:
        add("Every rule is checked on every scan for the whole run, including after completion; "
            "one violation fails the condition.")
        add("")
        for rule in task.safety_rules:
            add(f"- **{rule.id}**: {rule.wording.strip()}")
    else:
        add("This task has no safety rules beyond the specification.")
    add("")

    add("## Time limit")
    add("")
    add(f"{_num(task.time_limit_s)} s of plant time per condition. After the completion condition is "
        f"reached the plant keeps running for {_num(task.post_completion_s)} s more and the safety rules "
        "are still checked.")
    add("")

    add("## Conditions and parameter ranges")
    add("")
    add(f"Your program is graded on {len(task.conditions)} hidden conditions. Each varies the "
        "parameters below inside these ranges (and may vary timing, start state and operator "
        "actions as the specification describes). The actual values are not given: your program "
        "must find out what it needs from the inputs.")
    add("")
    if task.parameters:
        add("| Parameter | Range | Units | Meaning |")
        add("| --- | --- | --- | --- |")
        for r in task.parameters:
            add(f"| {_cell(r.name)} | {_num(r.low)} .. {_num(r.high)} | {_cell(r.units)} | "
                f"{_cell(r.meaning)} |")
        add("")

    add("## Submission rules")
    add("")
    add("- Submit one IEC 61131-3 Structured Text file containing exactly one `PROGRAM ... END_PROGRAM` "
        "(functions and function blocks of your own may come before it).")
    add("- The PLC runs the program cyclically with a 10 ms scan; the first scan runs at plant time 0.")
    if dialect:
        add("- Structured Text dialect points a program could trip on:")
        for line in dialect:
            add("  " + line)
    add("- Connect to the plant only through located variables at the exact addresses of the I/O map, "
        "with the listed types, for example:")
    add("")
    add("```iecst")
    add(_declarations(task))
    add("```")
    add("")
    add("- A runtime fault (division by zero, array index out of range, a scan that never ends) stops "
        "the PLC, drops every output to FALSE/0 and fails the condition.")
    add("- Reward 1 only if every condition reaches the completion condition within the time limit "
        "with no safety violation and no runtime fault; otherwise 0. A program that does not "
        "compile earns 0.")
    add("")
    return "\n".join(out)
