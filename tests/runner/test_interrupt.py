"""Ctrl-C during a batch keeps what finished, says so, and writes it."""

import json
import os
import signal
import subprocess
import sys

from runner.batch import compile_entries, plan_entries, plan_units, results_document, run_local

from .conftest import IDLE, ROOT


def test_a_stop_keeps_the_conditions_that_finished():
    entries, _ = plan_entries("MAT-E01", None, None)
    compile_entries(entries)
    units = plan_units(entries)
    seen = []

    def on_result(unit, result):
        entries[unit.entry].results[unit.condition] = result
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt   # as if Ctrl-C came while the second result was stored

    assert run_local(entries, units, 1, on_result) is False
    kept = entries[0].results
    assert 2 <= len(kept) < len(units)
    assert all(r.passed and r.trace_hash for r in kept.values())   # real results, no stopped workers
    doc = results_document(entries, selection="MAT-E01", submissions=None, trials=1, backend={},
                           interrupted=True, wall_s=1.0, started="", notes=[])
    assert doc["interrupted"] and not doc["complete"] and doc["not_finished"] == ["MAT-E01 trial 1"]
    trial = doc["tasks"][0]["trials"][0]
    assert trial["status"] == "not finished" and trial["reward"] is None
    assert doc["summary"][-1]["tasks"] == 0          # an unfinished trial counts in no metric


def _ctrl_c_reaches_it():
    # a test run started in the background (nohup, '&' in a script) ignores SIGINT, and the
    # grader would inherit that: give it the terminal's default, as in an interactive shell
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_on_the_command_line_writes_what_finished(tmp_path, reference):
    subs = tmp_path / "subs"
    (subs / "MAT-H01" / "1").mkdir(parents=True)
    (subs / "MAT-H01" / "1" / "program.st").write_text(reference("MAT-H01"))
    # many short trials after it: whatever the machine's speed, most are still to come when the
    # Ctrl-C lands (one idle trial finished all its conditions before the signal did)
    for n in range(1, 31):
        (subs / "MAT-M04" / str(n)).mkdir(parents=True)
        (subs / "MAT-M04" / str(n) / "program.st").write_text(IDLE)
    out = tmp_path / "results.json"
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--headless", "--suite",
                             "MAT-H01,MAT-M04", "--submissions", str(subs), "--jobs", "1", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_ctrl_c_reaches_it)
    first = proc.stderr.readline()                # "<task> trial 1: reward ...": one trial is done
    assert ": reward" in first, first + proc.stderr.read()
    # Ctrl-C as a terminal sends it: to the whole process group, grader and workers (a
    # KeyboardInterrupt raised inside the main loop's waiting once hung this until a wall limit)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stdout + stderr
    assert "interrupted:" in stderr and f"kept in {out}" in stderr and "Traceback" not in stderr
    doc = json.loads(out.read_text())
    assert doc["interrupted"] and not doc["complete"]
    done_id, done_trial = first.split()[0], first.split()[2].rstrip(":")
    statuses = {(t["task"], tr["trial"]): tr["status"] for t in doc["tasks"] for tr in t["trials"]}
    assert statuses[(done_id, done_trial)] == "graded"
    unfinished = [f"{task} trial {trial}" for (task, trial), s in statuses.items() if s == "not finished"]
    assert unfinished and sorted(doc["not_finished"]) == sorted(unfinished)
    for t in doc["tasks"]:   # no condition ended by the Ctrl-C itself was kept as a result
        for tr in t["trials"]:
            for c in tr["conditions"]:
                assert c["end_reason"] != "internal error", c
