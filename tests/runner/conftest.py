import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# fails every task: it never completes (one output, held FALSE)
IDLE = "PROGRAM Main\nVAR\n  lamp AT %QX0.1 : BOOL;\nEND_VAR\nlamp := FALSE;\nEND_PROGRAM\n"
BROKEN = "PROGRAM Main\n  x := ;\nEND_PROGRAM\n"


def run_main(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def without_wall_times(document: dict) -> list:
    """The tasks section with the only fields that may differ between equal runs left out."""
    tasks = json.loads(json.dumps(document["tasks"]))
    for t in tasks:
        for trial in t["trials"]:
            for c in trial["conditions"]:
                c.pop("wall_time_s")
    return tasks


@pytest.fixture
def reference():
    import tasks

    return lambda task_id: tasks.get(task_id).reference_path.read_text()
