"""Batch grading from the command line: layouts, missing and broken submissions, the results file,
the CSV, the summary, the oracle run and its equality across --jobs, bad input."""

import csv
import json

import tasks
from runner.versions import project_info
from sim.evaluator import EVALUATOR_VERSION, task_fingerprint

from .conftest import BROKEN, IDLE, run_main, sha256, without_wall_times

PAIR = "MAT-E01,MOT-E01"     # two quick tasks, one per suite


def test_a_folder_of_submissions_with_a_missing_and_a_broken_one(tmp_path, reference):
    subs = tmp_path / "subs"
    good = subs / "MAT-E01" / "1" / "program.st"
    idle = subs / "MAT-E01" / "2" / "program.st"
    broken = subs / "mot_e01.st"
    for path, text in ((good, reference("MAT-E01")), (idle, IDLE), (broken, BROKEN)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    out, table = tmp_path / "results.json", tmp_path / "results.csv"
    r = run_main("--headless", "--suite", PAIR, "--submissions", str(subs), "--jobs", "2",
                 "--out", str(out), "--csv", str(table), "--quiet")
    assert r.returncode == 1, r.stderr            # not every trial earned 1
    assert "Traceback" not in r.stderr
    assert "missing: MOT-E01 trial 2 (reward 0)" in r.stdout
    doc = json.loads(out.read_text())
    assert doc["format"] == "plc-plant-sim batch results" and doc["complete"] and not doc["interrupted"]
    assert doc["project"]["version"] == project_info()["version"]
    assert doc["evaluator_version"] == EVALUATOR_VERSION and doc["trials"] == 2 and not doc["oracle"]
    assert doc["missing"] == ["MOT-E01 trial 2"] and doc["not_finished"] == []
    mat, mot = doc["tasks"]
    assert mat["task_fingerprint"] == task_fingerprint(tasks.get("MAT-E01"))
    assert mat["evaluator_version"] == EVALUATOR_VERSION
    t1, t2 = mat["trials"]
    assert (t1["trial"], t1["status"], t1["reward"]) == ("1", "graded", 1)
    assert (t2["trial"], t2["status"], t2["reward"]) == ("2", "graded", 0)
    assert t1["program_sha256"] == sha256(good) and t2["program_sha256"] == sha256(idle)
    assert [c["name"] for c in t1["conditions"]] == [c.name for c in tasks.get("MAT-E01").conditions]
    for c in t1["conditions"] + t2["conditions"]:
        assert len(c["trace_hash"]) == 64
        for key in ("success", "safe", "first_violation", "completion_time_s", "fault"):
            assert key in c
    assert all(c["success"] and c["completion_time_s"] for c in t1["conditions"])
    assert not any(c["success"] for c in t2["conditions"])
    b1, b2 = mot["trials"]
    assert b1["status"] == "compile error" and b1["reward"] == 0 and "mot_e01.st:2" in b1["compile_error"]
    assert b1["program_sha256"] == sha256(broken) and b1["conditions"] == []
    assert b2["status"] == "missing" and b2["reward"] == 0 and b2["program"] is None
    overall = doc["summary"][-1]
    assert overall["group"] == "all"
    assert overall["pass@1"] == 0.25 and overall["pass@k"] == 0.5 and overall["execution_gap"] == 0.5
    assert "pass@2" in r.stdout and "execution gap" in r.stdout
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == 5 + 5 + 1 + 1
    assert {row["status"] for row in rows if row["task"] == "MOT-E01"} == {"compile error", "missing"}
    assert rows[0]["trace_hash"] == t1["conditions"][0]["trace_hash"] and rows[0]["passed"] == "1"


def test_the_oracle_run_is_the_same_with_one_or_two_jobs_and_as_single_task_grading(tmp_path):
    docs = []
    for jobs, memory in (("1", "1024"), ("2", "2048")):
        out = tmp_path / f"jobs{jobs}.json"
        r = run_main("--headless", "--suite", PAIR, "--jobs", jobs, "--out", str(out),
                     "--memory-limit", memory)
        assert r.returncode == 0, r.stdout + r.stderr
        docs.append(json.loads(out.read_text()))
    assert docs[0]["oracle"] and docs[0]["backend"] == {"kind": "processes", "jobs": 1}
    assert docs[0]["limits"] == {"wall_s_per_condition": 120.0, "memory_mb_per_worker": 1024}
    assert without_wall_times(docs[0]) == without_wall_times(docs[1])
    single = run_main("--headless", "--task", "MAT-E01", "--json", "--quiet")
    report = json.loads(single.stdout)
    assert report["evaluator_version"] == EVALUATOR_VERSION
    assert report["task_fingerprint"] == docs[0]["tasks"][0]["task_fingerprint"]
    assert [c["trace_hash"] for c in report["conditions"]] == [
        c["trace_hash"] for c in docs[0]["tasks"][0]["trials"][0]["conditions"]]


def test_trials_of_the_oracle_and_a_non_terminal_progress_line_per_task(tmp_path):
    r = run_main("--headless", "--suite", "MOT-E01", "--trials", "2", "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert "MOT-E01 trial 1: reward 1 (5 of 5 conditions passed)" in r.stderr
    assert "MOT-E01 trial 2: reward 1" in r.stderr
    assert "10 conditions graded in" in r.stderr


def test_bad_input_is_one_clear_line(tmp_path):
    cases = [
        (("--suite", "MAT,XYZ"), "unknown selection XYZ; valid choices: all, MAT, MOT"),
        (("--suite", "MAT-E01", "--submissions", str(tmp_path / "none")), "submissions folder not found"),
        (("--suite", "MAT-E01", "--jobs", "0"), "--jobs must be 1 or more"),
        (("--suite", "MAT-E01", "--trials", "0"), "--trials must be 1 or more"),
        (("--suite", "MAT-E01", "--out", str(tmp_path / "no" / "r.json")), "folder"),
        (("--suite", "MAT-E01", "--task", "MAT-E01"), "--task cannot be used here (batch)"),
        (("--suite", "MAT-E01", "--ray", "auto", "--jobs", "2"), "--jobs sets the CPUs of a local Ray"),
        (("--task", "MAT-E01", "--headless", "--jobs", "2"), "--jobs cannot be used here (grade)"),
    ]
    for args, message in cases:
        r = run_main("--headless", *args) if "--headless" not in args else run_main(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert message in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
