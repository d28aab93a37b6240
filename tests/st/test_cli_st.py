"""The command line for ST files: `main.py --check FILE` and
`main.py --headless --program FILE --scans N --watch a,b,c --json`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CLEAN = """PROGRAM Main
VAR
    Motor : BOOL;
    Count : INT;
    Speed : REAL := 1.5;
    Delay : TON;
    Label : STRING[20] := 'line 1';
    Wait : TIME;
    Big : LINT := 5000000000;
END_VAR
    Count := Count + 1;
    Delay(IN := TRUE, PT := T#30ms);
    Motor := Delay.Q;
    Wait := Delay.ET;
    Speed := Speed * 2.0;
END_PROGRAM
"""

BROKEN = """PROGRAM Main
VAR
    Motor : BOOL;
    Level : INT;
END_VAR
    Motr := TRUE;
    Level := 2.5;
END_PROGRAM
"""


def run_main(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=cwd, timeout=60
    )


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_check_clean_file_exits_0(tmp_path):
    r = run_main("--check", str(write(tmp_path, "clean.st", CLEAN)))
    assert r.returncode == 0, r.stderr
    assert "error[" not in r.stdout + r.stderr and "error:" not in r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_check_with_errors_exits_1_with_diagnostics(tmp_path):
    path = write(tmp_path, "broken.st", BROKEN)
    r = run_main("--check", str(path))
    out = r.stdout + r.stderr
    assert r.returncode == 1
    assert re.search(r"broken\.st:6:5: error\[E201\]: .*Motr", out), out
    assert re.search(r"broken\.st:7:\d+: error\[E305\]: .*REAL_TO_INT", out), out
    assert "    Motr := TRUE;" in out
    assert re.search(r"^\s*\^", out, re.M), out
    assert "did you mean 'Motor'" in out
    assert "Traceback" not in out


def test_check_warnings_only_exits_0(tmp_path):
    src = CLEAN.replace("    Big : LINT", "    Spare : INT;\n    Big : LINT")
    r = run_main("--check", str(write(tmp_path, "warn.st", src)))
    assert r.returncode == 0
    assert "warning[W201]:" in r.stdout + r.stderr
    assert "Spare" in r.stdout + r.stderr


def test_check_missing_file_is_a_clear_message(tmp_path):
    missing = tmp_path / "nowhere.st"
    r = run_main("--check", str(missing))
    assert r.returncode != 0
    assert "nowhere.st" in r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_headless_prints_one_json_object_with_plc_values(tmp_path):
    path = write(tmp_path, "clean.st", CLEAN)
    r = run_main("--headless", "--program", str(path), "--scans", "5",
                 "--watch", "Motor,Count,Speed,Delay.ET,Label,Wait,delay.q,Big", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data == {
        "Motor": True,  # scans at 0..40 ms: Q from t = 30
        "Count": 5,
        "Speed": 48.0,
        "Delay.ET": 30,
        "Label": "line 1",
        "Wait": 30,
        "delay.q": True,
        "Big": 5000000000,
    }
    assert r.stdout.strip().startswith("{") and r.stdout.strip().endswith("}")


def test_headless_false_and_zero_values(tmp_path):
    path = write(tmp_path, "clean.st", CLEAN)
    r = run_main("--headless", "--program", str(path), "--scans", "1", "--watch", "Motor,Wait", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"Motor": False, "Wait": 0}
    assert "false" in r.stdout


def test_headless_json_to_a_file(tmp_path):
    path = write(tmp_path, "clean.st", CLEAN)
    out = tmp_path / "result.json"
    r = run_main("--headless", "--program", str(path), "--scans", "2", "--watch", "Count", "--json", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text()) == {"Count": 2}


def test_headless_unknown_watch_name_exits_1_with_a_message(tmp_path):
    path = write(tmp_path, "clean.st", CLEAN)
    r = run_main("--headless", "--program", str(path), "--scans", "2", "--watch", "Count,Mtor", "--json")
    assert r.returncode == 1
    assert "Mtor" in r.stderr
    assert "Traceback" not in r.stderr
    assert r.stdout.strip() == "" or "Mtor" in r.stdout



def test_headless_watching_a_whole_array_is_refused_before_any_scan(tmp_path):
    src = "PROGRAM Main\nVAR a : INT := 1; b : INT; grid : ARRAY[1..3] OF INT; END_VAR\n"
    src += "a := a / b;\nEND_PROGRAM\n"
    path = write(tmp_path, "whole.st", src)
    r = run_main("--headless", "--program", str(path), "--scans", "3", "--watch", "a,grid", "--json")
    assert r.returncode == 1
    assert "--watch grid: ARRAY" in r.stderr and "watch its elements" in r.stderr
    assert "division by zero" not in r.stderr  # the scan that faults never ran
    assert r.stdout.strip() == ""

def test_headless_missing_program_is_a_clear_message(tmp_path):
    gone = str(tmp_path / "gone.st")
    r = run_main("--headless", "--program", gone, "--scans", "2", "--watch", "x", "--json")
    assert r.returncode != 0
    assert "gone.st" in r.stderr
    assert "Traceback" not in r.stderr


def test_headless_program_with_errors_shows_diagnostics(tmp_path):
    path = write(tmp_path, "broken.st", BROKEN)
    r = run_main("--headless", "--program", str(path), "--scans", "2", "--watch", "Level", "--json")
    assert r.returncode == 1
    assert "broken.st:6:5: error[E201]:" in r.stderr
    assert "Traceback" not in r.stderr


def test_headless_runtime_fault_exits_1_naming_the_line(tmp_path):
    src = "PROGRAM Main\nVAR a : INT := 1; b : INT; END_VAR\n    a := a / b;\nEND_PROGRAM\n"
    path = write(tmp_path, "fault.st", src)
    r = run_main("--headless", "--program", str(path), "--scans", "3", "--watch", "a", "--json")
    assert r.returncode == 1
    assert "fault.st:3:" in r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_non_utf8_file_is_a_clear_message(tmp_path):
    path = tmp_path / "latin.st"
    path.write_bytes(b"PROGRAM Main\nVAR x : INT; END_VAR\n(* \xe9\xff *) x := 1;\nEND_PROGRAM\n")
    r = run_main("--check", str(path))
    assert r.returncode in (0, 1)
    assert "Traceback" not in r.stderr


GRID = """PROGRAM Main
VAR
    grid : ARRAY[0..2, 0..1] OF INT;
    nest : ARRAY[0..2] OF ARRAY[0..1] OF INT;
    x : INT;
END_VAR
    grid[1, 0] := 7;
    nest[1][0] := 8;
    nest[2][1] := 9;
    x := 3;
END_PROGRAM
"""


def test_headless_watch_list_keeps_commas_inside_brackets(tmp_path):
    path = write(tmp_path, "grid.st", GRID)
    watch = "grid[1,0],x,nest[1][0], nest[2][1] ,grid[2, 1]"
    r = run_main("--headless", "--program", str(path), "--scans", "1", "--watch", watch, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"grid[1,0]": 7, "x": 3, "nest[1][0]": 8, "nest[2][1]": 9, "grid[2, 1]": 0}


def test_headless_watch_list_with_brackets_still_names_unknown_variables(tmp_path):
    path = write(tmp_path, "grid.st", GRID)
    watch = "grid[1,0],gird[0,1]"
    r = run_main("--headless", "--program", str(path), "--scans", "1", "--watch", watch, "--json")
    assert r.returncode == 1
    assert "main.py: error: --watch gird[0,1]: unknown variable 'gird'; did you mean 'grid'?" in r.stderr
    assert "Traceback" not in r.stderr
