"""--compare A.json B.json: the tasks whose reward differs, and when the files are not comparable."""

import json

from .conftest import run_main


def results(**rewards) -> dict:
    """A small results file: task id -> list of trial rewards."""
    return {
        "format": "plc-plant-sim batch results", "evaluator_version": "1",
        "tasks": [{"task": task.replace("_", "-"), "task_fingerprint": "sha256:x",
                   "trials": [{"trial": str(i), "reward": r} for i, r in enumerate(trial_rewards, 1)]}
                  for task, trial_rewards in rewards.items()],
    }


def write(path, data):
    path.write_text(json.dumps(data))
    return str(path)


def test_only_the_tasks_whose_reward_differs_are_listed(tmp_path):
    a = write(tmp_path / "a.json", results(MAT_E01=[1, 0], MOT_E01=[1, 1], MAT_H01=[0]))
    b = write(tmp_path / "b.json", results(MAT_E01=[1, 1], MOT_E01=[1, 1], MOT_H15=[1]))
    r = run_main("--compare", a, b)
    assert r.returncode == 1, r.stderr
    assert "Tasks whose reward differs (3)" in r.stdout
    lines = [line for line in r.stdout.splitlines() if "-E01" in line or "-H" in line]
    assert any("MAT-E01" in x and "1:1 2:0" in x and "1:1 2:1" in x for x in lines)
    assert any("MAT-H01" in x and "(not in file)" in x for x in lines)
    assert any("MOT-H15" in x for x in lines)
    assert not any("MOT-E01" in x for x in lines)
    assert "warning" not in r.stdout


def test_equal_files_and_a_different_evaluator(tmp_path):
    a = write(tmp_path / "a.json", results(MAT_E01=[1]))
    r = run_main("--compare", a, a)
    assert r.returncode == 0 and "No task's reward differs" in r.stdout
    other = results(MAT_E01=[1])
    other["evaluator_version"] = "2"
    other["tasks"][0]["task_fingerprint"] = "sha256:y"
    r = run_main("--compare", a, write(tmp_path / "b.json", other))
    assert r.returncode == 0
    assert "evaluator versions differ (1 vs 2): the scores are not comparable" in r.stdout
    assert "MAT-E01: the task's definition differs" in r.stdout


def test_files_that_are_not_results_are_refused(tmp_path):
    a = write(tmp_path / "a.json", results(MAT_E01=[1]))
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "report.json").write_text(json.dumps({"task": "MAT-E01", "reward": 1}))
    for other, message in ((tmp_path / "none.json", "results file not found"),
                           (tmp_path / "bad.json", "is not a results file"),
                           (tmp_path / "report.json", "is not a results file of --suite")):
        r = run_main("--compare", a, str(other))
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr
