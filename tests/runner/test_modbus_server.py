"""--serve-modbus: a PLC on the loopback address runs a task's reference program through this
project's ST runtime over Modbus TCP in lockstep and gets the built-in grader's verdict and trace
hash; bad requests get Modbus exception responses; the server stops by itself."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import main  # noqa: E402
import st  # noqa: E402
import tasks  # noqa: E402
from sim.verifier import grade  # noqa: E402
from tests.runner.modbus_plc import connect, finish, run_lockstep, start_server, trace_hash  # noqa: E402

MAT_E01 = tasks.get("MAT-E01")


def graded(task, program: Path, condition: str):
    """The built-in grader's result for one condition."""
    program_ = st.compile_file(str(program)).program
    run = grade(task, program_.instantiate, conditions=[task.condition(condition)], isolate=False)
    return run.conditions[0]


def serve_and_run(task, program: Path, condition: str):
    proc, port = start_server(task.id, "--condition", condition, "--lockstep", "--quiet")
    try:
        client = connect(port, proc)
        try:
            scans = run_lockstep(client, task, program, round(task.time_limit_s * 100) + 500)
        finally:
            client.close()
        code, out, err = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return scans, code, out, err


@pytest.mark.parametrize("condition", [c.name for c in MAT_E01.conditions])
def test_lockstep_reference_over_modbus_agrees_with_the_grader(condition):
    expected = graded(MAT_E01, MAT_E01.reference_path, condition)
    scans, code, out, err = serve_and_run(MAT_E01, MAT_E01.reference_path, condition)
    assert expected.passed
    assert trace_hash(out) == expected.trace_hash
    assert f"({expected.scans} scans)" in out
    assert code == 3   # as `--headless --condition`: a passed condition of a partial run
    assert "Not graded: 1 of the task's conditions run (1 passed)" in out
    assert scans >= expected.scans and "Traceback" not in err


def test_a_failing_program_fails_the_same_way_over_modbus():
    program = MAT_E01.folder / "counterexamples" / "MAT-E01-S2.st"
    expected = graded(MAT_E01, program, "late_slow_grip")
    _, code, out, _ = serve_and_run(MAT_E01, program, "late_slow_grip")
    fv = expected.first_violation
    assert not expected.passed and fv.rule_id == "MAT-E01-S2"
    assert trace_hash(out) == expected.trace_hash
    assert f"scan {fv.scan} ({fv.time_ms / 1000:.2f} s) MAT-E01-S2" in out
    assert code == 1


def test_integer_registers_carry_the_same_values_as_the_grader():
    task = tasks.get("MOT-E01")   # positions in input registers, targets in holding registers
    expected = graded(task, task.reference_path, "short_hop")
    _, code, out, _ = serve_and_run(task, task.reference_path, "short_hop")
    assert expected.passed and code == 3
    assert trace_hash(out) == expected.trace_hash


def test_bad_requests_get_modbus_exceptions_and_change_nothing():
    proc, port = start_server("MAT-M04", "--lockstep")   # inputs %IX0.0-%IX1.7, %IW0-%IW1; coils 0-3
    try:
        client = connect(port, proc)
        assert client.read_discrete_inputs(0, count=16).bits[:16] is not None
        status = client.read_input_registers(9000, count=4).registers
        assert status == [0, 0, 0, 1]   # scan 0, running, lockstep

        def code(response):
            assert response.isError(), response
            return response.exception_code

        assert code(client.read_discrete_inputs(0, count=17)) == 2      # past the last input byte
        assert code(client.read_input_registers(2, count=1)) == 2       # %IW2 does not exist
        assert code(client.read_coils(8, count=1)) == 2
        assert code(client.write_coils(6, [True, True, True])) == 2     # runs past the output byte
        assert code(client.write_register(0, 5)) == 2                   # no %QW in this task
        assert code(client.write_register(9001, 1)) == 2                # beside the step register
        assert code(client.read_holding_registers(100, count=1)) == 2
        # a request the server does not serve at all (read/write multiple registers)
        assert code(client.readwrite_registers(read_address=0, read_count=1, write_address=0,
                                               values=[1])) == 1
        # a spare point of an output byte takes no write; the real outputs do
        assert not client.write_coils(0, [True, False, False, False, True, True, True, True]).isError()
        assert client.read_coils(0, count=8).bits[:8] == [True] + [False] * 7
        assert client.read_input_registers(9000, count=1).registers == [0]   # nothing stepped the plant
        assert not client.write_register(9000, 1).isError()
        assert client.read_input_registers(9000, count=1).registers == [1]
        client.close()   # the client disappears mid-run
        client = connect(port, proc)   # another one carries on where it left off
        assert client.read_input_registers(9000, count=1).registers == [1]
        client.close()
    finally:
        proc.send_signal(signal.SIGINT)   # Ctrl-C: the report of the run so far, exit 1
        code_, out, err = finish(proc)
    assert code_ == 1 and "stopped by Ctrl-C" in out and "Traceback" not in err
    for line in ("refused (Modbus exception 2): discrete inputs 0-16: discrete inputs 0-15 are served",
                 "refused (Modbus exception 2): write to coils 6-8: coils 0-7 are served "
                 "(the task's outputs: 0-3)",
                 "refused (Modbus exception 2): write to holding registers 0-0: the task's outputs are "
                 "holding "
                 "registers none",
                 "refused (Modbus exception 1): function code 23 is not served",
                 "client disconnected at scan 1 (plant time 0.01 s); the plant waits for a client to "
                 "step it"):
        assert line in err, err


def test_realtime_mode_runs_the_plant_by_itself_and_has_no_step_register():
    proc, port = start_server("MAT-E01", "--realtime", "--quiet")
    try:
        client = connect(port, proc)
        first = client.read_input_registers(9000, count=4).registers
        assert first[3] == 0   # realtime
        assert client.write_register(9000, 1).exception_code == 2
        for _ in range(500):   # bounded (10 s at most): the plant moves on by itself
            now = client.read_input_registers(9000, count=1).registers[0]
            if now > first[0] + 5:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("plant time did not advance")
        client.close()
    finally:
        proc.send_signal(signal.SIGINT)
        code, out, err = finish(proc)
    assert code == 1 and "stopped by Ctrl-C" in out
    assert "the step register exists in --lockstep mode only" in err


def test_print_map_uses_openplc_addressing(capsys):
    assert main.main(["--serve-modbus", "--task", "MAT-M04", "--print-map"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = {line.split()[0]: line.split() for line in lines[2:] if line.startswith("%")}
    assert row["%IX0.0"][2:6] == ["BOOL", "discrete", "input", "0"]
    assert row["%IX1.0"][2:7] == ["BOOL", "discrete", "input", "8", "%IX101.0"]   # 8 * byte + bit
    assert row["%IW1"][2:7] == ["INT", "input", "register", "1", "%IW101"]
    assert row["%QX0.3"][2:6] == ["BOOL", "coil", "3", "%QX100.3"]
    assert any("STEP" in line and "9000" in line for line in lines)


@pytest.mark.parametrize("args, message", [
    (["--serve-modbus"], "--serve-modbus and --print-map need --task ID"),
    (["--serve-modbus", "--task", "MAT-E01", "--realtime", "--lockstep"], "exclude each other"),
    (["--serve-modbus", "--task", "MAT-E01", "--port", "70000"], "--port must be 1 to 65535"),
    (["--serve-modbus", "--task", "MAT-E01", "--condition", "nope"], "nope"),
    (["--serve-modbus", "--task", "MAT-E01", "--sample", "3"], "--sample cannot be used here"),
])
def test_bad_server_flags_are_one_line_errors(capsys, args, message):
    assert main.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and err.startswith("main.py: error:") and len(err.splitlines()) == 1
