"""Export the tasks as Harbor task folders: `main.py --export-harbor OUT [--select SEL]
[--dataset NAME --version V]`.

OUT/<task id, lower case>/
    instruction.md          the --prompt text, and that the answer goes to /app/program.st
    task.toml               version, [metadata] (suite, level, evaluator version, fingerprint ...),
                            [verifier] / [agent] timeout_sec, [environment] cpus, memory_mb ...
    environment/Dockerfile  the agent's sandbox: Python and an empty /app, no grader
    tests/test.sh           installs the grader shipped beside it (this project at the exported
                            version), grades /app/program.st on the task's conditions, writes
                            /logs/verifier/reward.txt (1 or 0) and report.json beside it
    tests/grader.tar.gz     this project's grading code (st/, sim/, tasks/, runner/, main.py)
    solution/solve.sh       the oracle: writes the reference program to /app/program.st
OUT/registry.json           the dataset: name, version, its tasks and their paths (beside it, or
                            in a git repository: --git-url, --git-commit, --git-path)

test.sh and solve.sh take their container paths from environment variables with the container
paths as defaults (PLC_APP_DIR=/app, PLC_LOGS_DIR=/logs/verifier, PLC_GRADER_DIR=/opt/plc-grader,
PLC_PYTHON=python3), so that they can be run outside a container. The exported files are the
same for the same project files (sorted, dated 0 in the archive).
"""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import tarfile
from pathlib import Path
from typing import Any

from runner.batch import WALL_LIMIT_S, BatchError
from runner.prompt import task_prompt
from runner.selection import BadSelection, select_tasks
from runner.versions import ROOT, project_info
from sim.evaluator import EVALUATOR_VERSION, task_fingerprint
from sim.task import Task

DEFAULT_DATASET = "plc-plant-sim"
GRADER_PACKAGES = ("lark", "pymunk", "rich")            # what headless grading imports
GRADER_FILES = ("main.py", "pyproject.toml", "requirements.txt")
GRADER_FOLDERS = ("st", "sim", "tasks", "runner")
PYTHON_IMAGE = "python:3.11-slim"
AGENT_TIMEOUT_S = {"E": 1800.0, "M": 3600.0, "H": 5400.0}
INSTALL_TIMEOUT_S = 600.0    # the verifier's pip install of the grader's packages
LEVEL_NAMES = {"E": "easy", "M": "medium", "H": "hard"}
SUITE_NAMES = {"MOT": "motion", "MAT": "material handling"}
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def folder_name(task: Task) -> str:
    return task.id.lower()


# --- task.toml ---------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)     # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {type(value).__name__}")


def toml_text(top: dict[str, Any], tables: dict[str, dict[str, Any]]) -> str:
    lines = [f"{k} = {_toml_value(v)}" for k, v in top.items()]
    for name, table in tables.items():
        lines += ["", f"[{name}]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def verifier_timeout_s(task: Task) -> float:
    """Installing the grader, then every condition at its wall limit and the worker's kill margin."""
    from sim.verifier import kill_margin_s

    return INSTALL_TIMEOUT_S + len(task.conditions) * (WALL_LIMIT_S + kill_margin_s(WALL_LIMIT_S))


def task_toml(task: Task, dataset: str, version: str) -> str:
    project = project_info()
    metadata = {
        "task_id": task.id,
        "title": task.title,
        "suite": task.suite,
        "level": task.level,
        "difficulty": LEVEL_NAMES[task.level],
        "category": "plc-programming",
        "tags": ["iec-61131-3", "structured-text", "plc", SUITE_NAMES[task.suite]],
        "evaluator_version": EVALUATOR_VERSION,
        "task_fingerprint": task_fingerprint(task),
        "conditions": len(task.conditions),
        "dataset": dataset,
        "dataset_version": version,
        "project_version": project["version"],
    }
    if project["commit"]:
        metadata["project_commit"] = project["commit"]
    return toml_text({"version": "1.0"}, {
        "metadata": metadata,
        "verifier": {"timeout_sec": verifier_timeout_s(task)},
        "agent": {"timeout_sec": AGENT_TIMEOUT_S[task.level]},
        "environment": {"build_timeout_sec": 600.0, "cpus": 1, "memory_mb": 2048, "storage_mb": 10240},
    })


# --- the files ---------------------------------------------------------------------------------


def instruction(task: Task) -> str:
    return (task_prompt(task).rstrip() + "\n\n## Your answer\n\n"
            "Write your program, one IEC 61131-3 Structured Text file, to `/app/program.st`. "
            "Only that file is graded, after you finish, on the task's hidden conditions. "
            "There is no ST compiler or plant simulator in this environment.\n")


DOCKERFILE = f"""\
# The agent's sandbox: Python (the verifier installs the grader into it after the agent is done)
# and an empty /app for the answer; no ST compiler, no simulator.
FROM {PYTHON_IMAGE}
RUN mkdir -p /app /logs/verifier
WORKDIR /app
"""


def _marker(text: str) -> str:
    marker = "END_OF_REFERENCE_PROGRAM"
    while marker in text:
        marker += "_"
    return marker


def solve_sh(task: Task) -> str:
    source = Path(task.reference_path).read_text(encoding="utf-8")
    if not source.endswith("\n"):
        source += "\n"
    marker = _marker(source)
    return f"""#!/usr/bin/env bash
# The oracle for {task.id}: writes the task's reference program to /app/program.st.
set -eu
APP_DIR="${{PLC_APP_DIR:-/app}}"
mkdir -p "$APP_DIR"
cat > "$APP_DIR/program.st" <<'{marker}'
{source}{marker}
"""


def test_sh(task: Task) -> str:
    packages = " ".join(GRADER_PACKAGES)
    imports = ", ".join(GRADER_PACKAGES)
    return f"""#!/usr/bin/env bash
# Harbor verifier for {task.id} ({task.title}): grades /app/program.st on the task's
# {len(task.conditions)} registered conditions and writes /logs/verifier/reward.txt (1 or 0) and
# /logs/verifier/report.json. Evaluator version {EVALUATOR_VERSION}.
# Container paths, mapped for a run outside a container:
#   PLC_APP_DIR=/app  PLC_LOGS_DIR=/logs/verifier  PLC_GRADER_DIR=/opt/plc-grader  PLC_PYTHON=python3
set -u
TESTS_DIR="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
APP_DIR="${{PLC_APP_DIR:-/app}}"
LOGS_DIR="${{PLC_LOGS_DIR:-/logs/verifier}}"
GRADER_DIR="${{PLC_GRADER_DIR:-/opt/plc-grader}}"
PYTHON="${{PLC_PYTHON:-python3}}"
TASK_ID="{task.id}"

mkdir -p "$LOGS_DIR"
echo 0 > "$LOGS_DIR/reward.txt"    # until the grader says otherwise: any failure below earns 0

# 1. the grader, this project at the exported version, and its packages ({packages})
fail() {{ echo "$TASK_ID: verifier error: $1 (reward 0)" >&2; exit 1; }}
if [ ! -f "$GRADER_DIR/main.py" ]; then
    mkdir -p "$GRADER_DIR" && tar -xzf "$TESTS_DIR/grader.tar.gz" -C "$GRADER_DIR" \\
        || fail "cannot unpack the grader into $GRADER_DIR"
fi
if ! "$PYTHON" -c "import {imports}" 2>/dev/null; then
    "$PYTHON" -m venv "$GRADER_DIR/.venv" || fail "cannot create a venv with $PYTHON"
    "$GRADER_DIR/.venv/bin/pip" install --quiet -r "$GRADER_DIR/requirements-grader.txt" \\
        || fail "cannot install the grader's packages ({packages})"
    PYTHON="$GRADER_DIR/.venv/bin/python"
fi

# 2. the answer
if [ ! -f "$APP_DIR/program.st" ]; then
    echo "$TASK_ID: no $APP_DIR/program.st was written: reward 0"
    printf '{{"task": "%s", "reward": 0, "error": "no program.st"}}\\n' "$TASK_ID" > "$LOGS_DIR/report.json"
    exit 0
fi

# 3. grading: the same command as `main.py --headless --task {task.id} --program program.st`
"$PYTHON" "$GRADER_DIR/main.py" --headless --task "$TASK_ID" --program "$APP_DIR/program.st" \\
    --json "$LOGS_DIR/report.json" --reward-file "$LOGS_DIR/reward.txt" --quiet
status=$?
# 0 = reward 1, 1 = reward 0 (both written to reward.txt); anything else is the grader's own failure
if [ "$status" -le 1 ]; then exit 0; fi
echo 0 > "$LOGS_DIR/reward.txt"
exit "$status"
"""


def grader_requirements() -> str:
    """The pinned lines of requirements.txt for the packages grading needs."""
    wanted = {p.lower() for p in GRADER_PACKAGES}
    lines = []
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        name = re.split(r"[=<>!~\[ ;]", line.strip(), maxsplit=1)[0].lower()
        if name in wanted:
            lines.append(line.strip())
    missing = wanted - {re.split(r"[=<>!~\[ ;]", x, maxsplit=1)[0].lower() for x in lines}
    if missing:
        raise BatchError(f"requirements.txt does not pin {', '.join(sorted(missing))}, which grading needs")
    return "# what headless grading needs, pinned as in requirements.txt\n" + "\n".join(lines) + "\n"


def grader_archive() -> bytes:
    """This project's grading code as a .tar.gz, byte for byte the same for the same files."""
    members: list[tuple[str, bytes]] = [(name, (ROOT / name).read_bytes()) for name in GRADER_FILES]
    members.append(("requirements-grader.txt", grader_requirements().encode()))
    for folder in GRADER_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                members.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(members):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


def _write(path: Path, text: str | bytes, executable: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    if executable:
        path.chmod(0o755)


def registry_task(task: Task, git_url: str | None, git_commit: str | None, git_path: str | None
                  ) -> dict[str, str]:
    """A task's registry entry: a path beside registry.json, or where it lies in a git repository
    (what `harbor run --registry-url` needs to fetch it)."""
    name = folder_name(task)
    if git_url is None:
        return {"name": name, "path": name}
    entry = {"name": name, "git_url": git_url}
    if git_commit:
        entry["git_commit_id"] = git_commit
    entry["path"] = "/".join(p for p in ((git_path or "").strip("/"), name) if p)
    return entry


def export(out: str | Path, selection: str = "all", dataset: str | None = None,
           version: str | None = None, git_url: str | None = None, git_commit: str | None = None,
           git_path: str | None = None) -> list[Path]:
    """Write the Harbor task folders and OUT/registry.json; returns the task folders."""
    if git_url is None and (git_commit or git_path):
        raise BatchError("--git-commit and --git-path need --git-url")
    dataset = dataset or DEFAULT_DATASET
    version = version or project_info()["version"]
    for what, value in (("--dataset", dataset), ("--version", version)):
        if not _NAME.match(value):
            raise BatchError(f"{what} {value!r}: use letters, digits, '.', '_' and '-'")
    try:
        chosen = select_tasks(selection)
    except BadSelection as exc:
        raise BatchError(str(exc)) from None
    root = Path(out)
    if root.exists() and not root.is_dir():
        raise BatchError(f"cannot export to {out}: it is a file")
    if root.is_dir() and any(root.iterdir()) and not (root / "registry.json").is_file():
        raise BatchError(f"cannot export to {out}: the folder is not empty and holds no earlier export")
    lacking = [t.id for t in chosen if not (t.reference_path and Path(t.reference_path).is_file())]
    if lacking:  # the export's oracle (solve.sh) is the task's reference program
        raise BatchError(f"cannot export {', '.join(lacking)}: no reference program (reference.st in the "
                         "task's folder) for the Harbor oracle")
    archive = grader_archive()
    folders = []
    for task in chosen:
        folder = root / folder_name(task)
        if folder.exists():
            shutil.rmtree(folder)   # an earlier export of the same task: replaced whole
        _write(folder / "instruction.md", instruction(task))
        _write(folder / "task.toml", task_toml(task, dataset, version))
        _write(folder / "environment" / "Dockerfile", DOCKERFILE)
        _write(folder / "tests" / "test.sh", test_sh(task), executable=True)
        _write(folder / "tests" / "grader.tar.gz", archive)
        _write(folder / "solution" / "solve.sh", solve_sh(task), executable=True)
        folders.append(folder)
    registry = [{
        "name": dataset,
        "version": version,
        "description": f"PLC programming in IEC 61131-3 Structured Text: {len(chosen)} tasks "
                       f"(evaluator version {EVALUATOR_VERSION})",
        "tasks": [registry_task(t, git_url, git_commit, git_path) for t in chosen],
        "metrics": [],
    }]
    _write(root / "registry.json", json.dumps(registry, indent=2) + "\n")
    return folders


def export_command(out: str, selection: str, dataset: str | None, version: str | None,
                   git_url: str | None = None, git_commit: str | None = None, git_path: str | None = None
                   ) -> int:
    folders = export(out, selection, dataset, version, git_url, git_commit, git_path)
    name = f"{dataset or DEFAULT_DATASET}@{version or project_info()['version']}"
    print(f"Exported {len(folders)} Harbor tasks to {out} (dataset {name}, "
          f"evaluator version {EVALUATOR_VERSION}): {', '.join(f.name for f in folders)}")
    return 0
