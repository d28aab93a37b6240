"""A run of part of a task (--condition, --sample-only) never reports the task's reward as 1:
its result is reported under its own name, no reward file is written, and the exit status is
0 only for a full run whose every condition passed."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDLE = "PROGRAM Main\nVAR\n  lamp AT %QX0.1 : BOOL;\nEND_VAR\nlamp := FALSE;\nEND_PROGRAM\n"


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT)


def test_one_passing_condition_is_not_a_reward_of_1(tmp_path):
    out = tmp_path / "report.json"
    r = run_main("--headless", "--task", "MAT-E01", "--condition", "1", "--json", str(out), "--quiet")
    assert r.returncode == 3, r.stderr
    data = json.loads(out.read_text())
    assert data["reward"] is None and data["complete"] is False and data["all_run_passed"] is True
    assert "Not graded: 1 of the task's conditions run (1 passed); the task's reward needs all 5" in r.stdout
    assert "Reward: 1" not in r.stdout


def test_a_failed_condition_decides_the_reward_even_in_a_partial_run(tmp_path):
    prog = tmp_path / "idle.st"
    prog.write_text(IDLE)
    r = run_main("--headless", "--task", "MAT-E01", "--program", str(prog), "--condition", "2", "--json",
                 "--quiet")
    assert r.returncode == 1
    assert json.loads(r.stdout)["reward"] == 0


def test_reward_file_is_refused_for_a_partial_run(tmp_path):
    reward = tmp_path / "reward.txt"
    r = run_main("--headless", "--task", "MAT-E01", "--condition", "1", "--reward-file", str(reward))
    assert r.returncode == 2 and "--reward-file needs a full run" in r.stderr
    assert not reward.exists()
    r = run_main("--headless", "--task", "MAT-E01", "--sample", "2", "--sample-only", "--reward-file",
                 str(reward))
    assert r.returncode == 2 and not reward.exists()


def test_sampled_conditions_come_beside_the_registered_ones(tmp_path):
    out = tmp_path / "report.json"
    r = run_main("--headless", "--task", "MAT-E01", "--sample", "3", "--seed", "5", "--json", str(out),
                 "--quiet")
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    assert data["reward"] == 1 and data["conditions_run"] == 8 and data["sampled_run"] == 3
    names = [c["name"] for c in data["conditions"]][5:]
    assert names == ["sampled_5_1", "sampled_5_2", "sampled_5_3"]
    assert "sampled conditions: 3 of 3 passed" in r.stdout
    again = run_main("--headless", "--task", "MAT-E01", "--sample", "3", "--seed", "5", "--sample-only",
                     "--json", "--quiet")
    assert again.returncode == 3
    hashes = [c["trace_hash"] for c in json.loads(again.stdout)["conditions"]]
    assert hashes == [c["trace_hash"] for c in data["conditions"]][5:]     # the same draw, the same runs


def test_sampling_options_are_checked():
    r = run_main("--headless", "--task", "MAT-E01", "--seed", "3")
    assert r.returncode == 2 and "--sample-only and --seed need --sample N" in r.stderr
    r = run_main("--headless", "--task", "MAT-E01", "--sample", "0")
    assert r.returncode == 2 and "--sample must be 1 or more" in r.stderr
    r = run_main("--headless", "--task", "MAT-E01", "--sample", "2", "--condition", "1")
    assert r.returncode == 2 and "--condition cannot be used with --sample" in r.stderr
