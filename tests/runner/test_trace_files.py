"""--trace DIR: the files a waveform viewer and a spreadsheet open, read back with a VCD parser
from PyPI (vcdvcd) and checked scan by scan against the grader's own record of the same run."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from vcdvcd import VCDVCD

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import main  # noqa: E402
import st  # noqa: E402
import tasks  # noqa: E402
from sim.session import Session  # noqa: E402

TASK = tasks.get("MAT-E01")
REFERENCE = TASK.folder / "reference.st"

# The reference program with a TON whose elapsed time is worth tracing.
TIMED = REFERENCE.read_text().replace(
    "    Gripping : BOOL;", "    Gripping : BOOL;\n    Timer1 : TON;\n    Phase : INT;").replace(
    "CloseGripper := Gripping;",
    "Timer1(IN := Gripping, PT := T#300ms);\nIF Timer1.Q THEN Phase := 2; ELSIF Gripping THEN Phase := 1; "
    "ELSE Phase := 0; END_IF;\nCloseGripper := Gripping;")


def grade_with_trace(tmp_path, program: Path, condition: str, *extra: str) -> tuple[dict, Path]:
    out = tmp_path / "traces"
    report = tmp_path / "report.json"
    code = main.main(["--headless", "--task", "MAT-E01", "--program", str(program), "--condition", condition,
                      "--trace", str(out), "--json", str(report), "--quiet", *extra])
    assert code in (1, 3)
    return json.loads(report.read_text())["conditions"][0], out


def record_of(program: Path, condition: str, variables=()) -> tuple[Session, dict[str, list]]:
    """The grader's own record: the same run in a Session, plus program variables after every scan."""
    inst = st.compile_file(str(program)).program.instantiate()
    values: dict[str, list] = {v: [] for v in variables}

    def after(session):
        for v in variables:
            values[v].append(inst.read(v))

    session = Session(TASK, condition, inst, after_scan=after)
    session.run_to_end()
    return session, values


def bits(text: str, width: int) -> int:
    """A VCD vector value back to a signed integer of `width` bits."""
    n = int(text, 2)
    return n - (1 << width) if n >> (width - 1) else n


def test_every_io_point_and_program_variable_matches_the_graded_run(tmp_path):
    program = tmp_path / "timed.st"
    program.write_text(TIMED)
    result, out = grade_with_trace(tmp_path, program, "late_slow_grip",
                                   "--trace-vars", "Timer1.ET,Phase,Timer1.Q")
    session, values = record_of(program, "late_slow_grip", ["Timer1.ET", "Phase", "Timer1.Q"])
    assert result["trace_hash"] == session.trace_hash()

    vcd = VCDVCD(str(out / "late_slow_grip.vcd"))
    assert "$timescale 1 ms $end" in (out / "late_slow_grip.vcd").read_text()   # time in ms of plant time
    rising = session.trace.changes("close_gripper")[1][0]    # the scan the program closes the jaws
    scans = sorted({0, 1, rising - 1, rising, rising + 29, rising + 30, rising + 31, len(session.trace) - 1})
    for p in TASK.io:
        signal = vcd[f"MAT_E01.{p.device}.{p.name}"]
        for k in scans:
            assert signal[k * 10] == str(int(session.trace.value(p.name, k))), (p.name, k)
    et, phase = vcd["MAT_E01.program.Timer1.ET"], vcd["MAT_E01.program.Phase"]
    q = vcd["MAT_E01.program.Timer1.Q"]
    for k in scans:
        assert bits(et[k * 10], 32) == values["Timer1.ET"][k]
        assert bits(phase[k * 10], 32) == values["Phase"][k]
        assert q[k * 10] == str(int(values["Timer1.Q"][k]))
    assert values["Timer1.ET"][rising + 30] == 300 and values["Phase"][rising + 30] == 2   # values that moved


def test_a_safety_rule_is_a_wire_high_from_the_scan_of_the_violation(tmp_path):
    program = TASK.folder / "counterexamples" / "MAT-E01-S2.st"
    result, out = grade_with_trace(tmp_path, program, "late_slow_grip")
    first = result["first_violation"]
    assert first["rule"] == "MAT-E01-S2" and first["scan"] > 100
    k = first["scan"]
    vcd = VCDVCD(str(out / "late_slow_grip.vcd"))
    wire = vcd["MAT_E01.safety.MAT-E01-S2"]
    assert wire[(k - 1) * 10] == "0" and wire[k * 10] == "1"
    assert vcd["MAT_E01.safety.MAT-E01-S1"][k * 10] == "0"
    rows = list(csv.DictReader((out / "late_slow_grip.csv").open()))
    assert len(rows) == result["scans"]
    assert rows[k]["time_ms"] == str(k * 10)
    assert rows[k - 1]["safety.MAT-E01-S2"] == "0" and rows[k]["safety.MAT-E01-S2"] == "1"


def test_completion_progress_and_the_csv_columns(tmp_path):
    result, out = grade_with_trace(tmp_path, REFERENCE, "present_at_start")
    done_scan = round(result["completion_time_s"] * 100)
    rows = list(csv.DictReader((out / "present_at_start.csv").open()))
    assert list(rows[0]) == ["time_ms", *(f"{p.device}.{p.name}" for p in TASK.io),
                             *(f"safety.{r.id}" for r in TASK.safety_rules),
                             "completion.done", "completion.steps_done"]
    assert len(rows) == result["scans"] and rows[-1]["time_ms"] == str((result["scans"] - 1) * 10)
    assert rows[done_scan - 1]["completion.done"] == "0" and rows[done_scan]["completion.done"] == "1"
    steps = [int(r["completion.steps_done"]) for r in rows]
    assert steps == sorted(steps) and steps[0] < steps[-1]
    vcd = VCDVCD(str(out / "present_at_start.vcd"))
    assert vcd["MAT_E01.completion.done"][done_scan * 10] == "1"
    assert bits(vcd["MAT_E01.completion.steps_done"][done_scan * 10], 32) == steps[done_scan]


def test_the_same_run_writes_the_same_bytes(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, first = grade_with_trace(tmp_path / "a", REFERENCE, "mid_slow_grip")
    _, second = grade_with_trace(tmp_path / "b", REFERENCE, "mid_slow_grip")
    for name in ("mid_slow_grip.vcd", "mid_slow_grip.csv"):
        assert (first / name).read_bytes() == (second / name).read_bytes()


def test_a_full_run_writes_one_pair_per_condition(tmp_path):
    out = tmp_path / "t"
    assert main.main(["--headless", "--task", "MAT-E01", "--trace", str(out), "--quiet"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        f"{c.name}.{ext}" for c in TASK.conditions for ext in ("vcd", "csv"))


@pytest.mark.parametrize("args, message", [
    (["--trace-vars", "Nope"], "--trace-vars: unknown variable"),
    (["--trace-vars", "Gripping", "--trace", "{file}"], "it is a file, not a folder"),
    (["--trace", "{missing}/deeper"], "does not exist"),
])
def test_bad_trace_requests_are_one_line_errors(tmp_path, capsys, args, message):
    (tmp_path / "f.txt").write_text("x")
    args = [a.format(file=tmp_path / "f.txt", missing=tmp_path / "missing") for a in args]
    if "--trace" not in args:
        args += ["--trace", str(tmp_path / "t")]
    code = main.main(["--headless", "--task", "MAT-E01", "--condition", "1", "--quiet", *args])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and message in err[-1] and err[-1].startswith("main.py: error:")
    assert "Traceback" not in "\n".join(err)


def test_trace_vars_needs_trace(capsys):
    assert main.main(["--headless", "--task", "MAT-E01", "--trace-vars", "Gripping"]) == 2
    assert "--trace-vars needs --trace DIR" in capsys.readouterr().err


def test_vcd_types_follow_the_io_types(tmp_path):
    """BOOL a 1-bit wire, integers integers of their width (two's complement), REAL a real."""
    from types import SimpleNamespace

    from runner.trace_files import write_trace
    from sim.recorder import Trace
    from sim.task import IOPoint

    io = [IOPoint("%IX0.0", "eye", "BOOL", "input", "belt", "eye", ""),
          IOPoint("%IW0", "speed", "INT", "input", "belt", "speed", ""),
          IOPoint("%ID1", "count", "DINT", "input", "counter", "count", ""),
          IOPoint("%QD2", "setpoint", "REAL", "output", "valve", "setpoint", "")]
    task = SimpleNamespace(id="X-01", io=io, safety_rules=[])
    trace = Trace(tuple(p.name for p in io), tuple(p.address for p in io))
    trace.rows += [(False, -5, 70000, 0.5), (True, 32767, -1, -1.25)]
    vcd_path, csv_path = write_trace(str(tmp_path), "run", task, trace)
    text = open(vcd_path).read()
    for decl in ("$var wire 1", "$var integer 16", "$var integer 32", "$var real 64"):
        assert decl in text
    vcd = VCDVCD(vcd_path)
    assert bits(vcd["X_01.belt.speed"][0], 16) == -5 and bits(vcd["X_01.belt.speed"][10], 16) == 32767
    assert bits(vcd["X_01.counter.count"][10], 32) == -1
    assert float(vcd["X_01.valve.setpoint"][10]) == -1.25
    assert open(csv_path).read().splitlines() == [
        "time_ms,belt.eye,belt.speed,counter.count,valve.setpoint", "0,0,-5,70000,0.5", "10,1,32767,-1,-1.25"]
