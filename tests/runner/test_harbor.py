"""--export-harbor: the task folders, task.toml against Harbor's task format, the registry, and a
round trip without Docker: each task's solve.sh and test.sh run with the container paths mapped into
a temporary root, the oracle earns 1 and an empty or absent /app/program.st earns 0."""

import json
import os
import subprocess
import sys
import tomllib

import pytest

import tasks
from sim.evaluator import EVALUATOR_VERSION, task_fingerprint

from .conftest import run_main

# Harbor's published task.toml (harbor.models.task.config.TaskConfig): field -> accepted types
HARBOR_TOP = {"version": str, "schema_version": str, "metadata": dict, "verifier": dict, "agent": dict,
              "environment": dict, "solution": dict, "source": str, "task": dict}
HARBOR_SECTIONS = {
    "verifier": {"timeout_sec": float, "env": dict, "user": (str, int), "network_mode": str,
                 "allowed_hosts": list},
    "agent": {"timeout_sec": float, "user": (str, int), "network_mode": str, "allowed_hosts": list},
    "environment": {"build_timeout_sec": float, "docker_image": str, "cpus": int, "memory_mb": int,
                    "storage_mb": int, "gpus": int, "gpu_types": list, "allow_internet": bool,
                    "network_mode": str, "allowed_hosts": list, "mcp_servers": list, "env": dict,
                    "skills_dir": str, "healthcheck": dict},
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("harbor") / "out"
    r = run_main("--export-harbor", str(out), "--dataset", "plc-bench", "--version", "2.1")
    assert r.returncode == 0, r.stderr
    return out


def test_every_task_has_the_harbor_files(exported):
    for task in tasks.all_tasks():
        folder = exported / task.id.lower()
        for name in ("instruction.md", "task.toml", "environment/Dockerfile", "tests/test.sh",
                     "tests/grader.tar.gz", "solution/solve.sh"):
            assert (folder / name).is_file(), (task.id, name)
        for script in ("tests/test.sh", "solution/solve.sh"):
            assert os.access(folder / script, os.X_OK)
        text = (folder / "instruction.md").read_text()
        assert text.startswith(f"# {task.id}: {task.title}") and "`/app/program.st`" in text
        dockerfile = (folder / "environment" / "Dockerfile").read_text()
        steps = [line for line in dockerfile.splitlines() if line and not line.startswith("#")]
        assert steps[0].startswith("FROM python:")     # the agent gets Python and nothing of ours:
        assert not any(word in line for line in steps for word in ("COPY", "ADD", "pip", "git"))


def test_task_toml_follows_harbors_format(exported):
    for task in tasks.all_tasks():
        data = tomllib.loads((exported / task.id.lower() / "task.toml").read_text())
        for key, value in data.items():
            assert key in HARBOR_TOP and isinstance(value, HARBOR_TOP[key]), key
        assert data["version"] == "1.0"
        for section, fields in HARBOR_SECTIONS.items():
            for key, value in data[section].items():
                assert key in fields and isinstance(value, fields[key]), (section, key, value)
        assert data["verifier"]["timeout_sec"] > 0 and data["agent"]["timeout_sec"] > 0
        assert data["environment"]["cpus"] >= 1 and data["environment"]["memory_mb"] >= 1024
        meta = data["metadata"]
        assert (meta["suite"], meta["level"]) == (task.suite, task.level)
        assert meta["evaluator_version"] == EVALUATOR_VERSION
        assert meta["task_fingerprint"] == task_fingerprint(task)
        assert (meta["dataset"], meta["dataset_version"]) == ("plc-bench", "2.1")


def test_the_registry_lists_the_dataset(exported):
    registry = json.loads((exported / "registry.json").read_text())
    assert isinstance(registry, list) and len(registry) == 1
    dataset = registry[0]
    assert (dataset["name"], dataset["version"]) == ("plc-bench", "2.1")
    assert [t["name"] for t in dataset["tasks"]] == [t.id.lower() for t in tasks.all_tasks()]
    for entry in dataset["tasks"]:
        assert (exported / entry["path"] / "task.toml").is_file()


def test_a_registry_for_a_published_export_names_the_repository(tmp_path):
    out = tmp_path / "out"
    r = run_main("--export-harbor", str(out), "--select", "MAT-E01", "--git-url", "https://example.org/b.git",
                 "--git-commit", "abc123", "--git-path", "harbor/")
    assert r.returncode == 0, r.stderr
    (entry,) = json.loads((out / "registry.json").read_text())[0]["tasks"]
    assert entry == {"name": "mat-e01", "git_url": "https://example.org/b.git", "git_commit_id": "abc123",
                     "path": "harbor/mat-e01"}
    r = run_main("--export-harbor", str(tmp_path / "other"), "--git-commit", "abc123")
    assert r.returncode == 2 and "--git-commit and --git-path need --git-url" in r.stderr


def verify(folder, root, grader, program: str | None = "oracle") -> tuple[str, dict, str]:
    """solve.sh (or an own program.st) then test.sh, the container paths under `root`."""
    env = {**os.environ, "PLC_APP_DIR": str(root / "app"), "PLC_LOGS_DIR": str(root / "logs" / "verifier"),
           "PLC_GRADER_DIR": str(grader), "PLC_PYTHON": sys.executable}
    if program == "oracle":
        subprocess.run(["bash", str(folder / "solution" / "solve.sh")], env=env, check=True)
    elif program is not None:
        (root / "app").mkdir(parents=True)
        (root / "app" / "program.st").write_text(program)
    done = subprocess.run(["bash", str(folder / "tests" / "test.sh")], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    logs = root / "logs" / "verifier"
    report = json.loads((logs / "report.json").read_text())
    return (logs / "reward.txt").read_text().strip(), report, done.stdout


@pytest.fixture(scope="module")
def grader(tmp_path_factory):
    """Where the first test.sh unpacks the grader from the export; the later ones reuse it."""
    return tmp_path_factory.mktemp("harbor-grader") / "grader"


# One test per task, so that under pytest -n the round trips (each grades every condition of its
# task in the exported grader) spread over the workers instead of making one long test.
@pytest.mark.parametrize("task", tasks.all_tasks(), ids=lambda t: t.id)
def test_round_trip_oracle_earns_1(exported, grader, tmp_path, task):
    folder = exported / task.id.lower()
    reward, report, _ = verify(folder, tmp_path / "oracle", grader)
    assert reward == "1", (task.id, report)
    assert report["task"] == task.id and report["reward"] == 1
    assert report["evaluator_version"] == EVALUATOR_VERSION
    assert report["task_fingerprint"] == task_fingerprint(task)
    source = (tmp_path / "oracle" / "app" / "program.st").read_text()
    assert source.strip() == task.reference_path.read_text().strip()
    assert (grader / "main.py").is_file() and (grader / "requirements-grader.txt").is_file()


# The path of a program that does not compile is the same script and grader for every task: two
# tasks (one per suite) prove it, where a round trip per task doubled this file's cost.
@pytest.mark.parametrize("task_id", ["MAT-E01", "MOT-H15"])
def test_round_trip_of_an_empty_program_earns_0(exported, grader, tmp_path, task_id):
    reward, report, _ = verify(exported / task_id.lower(), tmp_path / "empty", grader, program="")
    assert reward == "0" and report["reward"] == 0 and report["compile_error"], task_id
    assert report["task"] == task_id


def test_no_program_written_earns_0(exported, tmp_path):
    reward, report, out = verify(exported / "mat-e01", tmp_path, tmp_path / "grader", program=None)
    assert reward == "0" and report == {"task": "MAT-E01", "reward": 0, "error": "no program.st"}
    assert "no " in out and "program.st was written" in out


def test_export_is_reproducible_and_refuses_a_foreign_folder(exported, tmp_path):
    again = tmp_path / "again"
    r = run_main("--export-harbor", str(again), "--select", "MAT-E01", "--dataset", "plc-bench",
                 "--version", "2.1")
    assert r.returncode == 0 and "Exported 1 Harbor tasks" in r.stdout
    for name in ("tests/grader.tar.gz", "tests/test.sh", "solution/solve.sh", "task.toml", "instruction.md"):
        assert (again / "mat-e01" / name).read_bytes() == (exported / "mat-e01" / name).read_bytes(), name
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    r = run_main("--export-harbor", str(foreign))
    assert r.returncode == 2 and "not empty and holds no earlier export" in r.stderr
    r = run_main("--export-harbor", str(tmp_path / "x"), "--select", "NOPE")
    assert r.returncode == 2 and "valid choices" in r.stderr
    r = run_main("--export-harbor", str(tmp_path / "x"), "--version", "1 beta")
    assert r.returncode == 2 and "--version '1 beta'" in r.stderr


def test_a_verifier_that_cannot_install_the_grader_says_so_and_leaves_reward_0(exported, tmp_path):
    import shutil

    folder = tmp_path / "mat-e01"
    shutil.copytree(exported / "mat-e01", folder)
    (folder / "tests" / "grader.tar.gz").write_bytes(b"not an archive")
    env = {**os.environ, "PLC_APP_DIR": str(tmp_path / "app"), "PLC_LOGS_DIR": str(tmp_path / "logs"),
           "PLC_GRADER_DIR": str(tmp_path / "grader"), "PLC_PYTHON": sys.executable}
    subprocess.run(["bash", str(folder / "solution" / "solve.sh")], env=env, check=True)
    done = subprocess.run(["bash", str(folder / "tests" / "test.sh")], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 1
    assert "MAT-E01: verifier error: cannot unpack the grader" in done.stderr
    assert (tmp_path / "logs" / "reward.txt").read_text().strip() == "0"


def test_a_task_without_a_reference_program_is_refused_by_name(tmp_path, monkeypatch):
    """The export's oracle is the reference program: a task folder still without one (a task being
    written) gets a clear refusal naming it, before anything is written."""
    import dataclasses

    from runner import harbor
    from runner.batch import BatchError

    lacking = dataclasses.replace(tasks.get("MAT-E01"), folder=tmp_path / "mat_e01")
    monkeypatch.setattr(harbor, "select_tasks", lambda selection: [lacking])
    with pytest.raises(BatchError, match="cannot export MAT-E01: no reference program"):
        harbor.export(tmp_path / "out", "MAT-E01", None, None)
    assert not (tmp_path / "out").exists()
