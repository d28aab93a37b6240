"""The command line answers bad usage with one line and exit 2, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT
    )


def test_nothing_to_do_is_usage_error():
    r = run_main()
    assert r.returncode == 2
    assert "nothing to do" in r.stderr
    assert "Traceback" not in r.stderr


def test_program_without_scans_is_usage_error(tmp_path):
    prog = tmp_path / "p.st"
    prog.write_text("PROGRAM Main VAR x : INT; END_VAR x := 1; END_PROGRAM\n")
    r = run_main("--headless", "--program", str(prog))
    assert r.returncode == 2
    assert "--scans" in r.stderr


def test_flags_that_do_not_belong_to_the_mode_are_refused():
    r = run_main("--headless", "--task", "MAT-E01", "--scans", "5", "--watch", "x")
    assert r.returncode == 2
    assert "--scans, --watch cannot be used here (grade)" in r.stderr
    r = run_main("--list", "--json")
    assert r.returncode == 2 and "--json cannot be used here (list)" in r.stderr


def test_report_into_missing_folder_is_refused_before_grading(tmp_path):
    target = tmp_path / "no" / "report.json"
    r = run_main("--headless", "--task", "MAT-E01", "--json", str(target), "--quiet")
    assert r.returncode == 2
    assert "does not exist" in r.stderr
    assert "Traceback" not in r.stderr
    assert "Reward" not in r.stdout  # refused before spending time on the run


def test_program_io_that_misses_the_task_map_is_warned(tmp_path):
    prog = tmp_path / "p.st"
    prog.write_text(
        "PROGRAM Main\nVAR\n  eye AT %IX0.5 : BOOL;\n  lamp AT %QX0.7 : BOOL;\nEND_VAR\n"
        "lamp := eye;\nEND_PROGRAM\n"
    )
    report = tmp_path / "r.json"
    r = run_main("--headless", "--task", "MAT-E01", "--program", str(prog), "--condition", "1",
                 "--json", str(report), "--quiet")
    assert r.returncode == 1
    assert "the task wires nothing to %IX0.5" in r.stderr
    assert "the task wires nothing to %QX0.7 (its outputs are %QX0.0, %QX0.1)" in r.stderr

    assert len(json.loads(report.read_text())["io_warnings"]) == 2


def test_scans_zero_is_not_silently_ignored_when_grading():
    r = run_main("--headless", "--task", "MAT-E01", "--scans", "0")
    assert r.returncode == 2
    assert "--scans cannot be used here (grade)" in r.stderr
