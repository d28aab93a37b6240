"""The command line answers bad usage with one line and exit 2, never a traceback."""

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
