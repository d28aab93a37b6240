"""The host's wall-clock deadline (`Instance.deadline`, a time.perf_counter() value): a scan whose loops
stay under the 1M-iteration watchdog but do heavy work per iteration is stopped with a fault naming
the loop's line, a scan starting past the deadline does not run, and without a deadline (the
default) nothing changes: the iteration budget stays exactly 1,000,000."""

from __future__ import annotations

import time

import pytest

# ~10 s per scan without a limit: 999,000 iterations of three square roots
HEAVY = """PROGRAM Main
VAR
    i : DINT;
    x : REAL;
    Scans : INT;
    Lamp AT %QX0.0 : BOOL;
END_VAR
    Scans := Scans + 1;
    Lamp := TRUE;
    FOR i := 1 TO 999000 DO
        x := SQRT(x + 1.0) + SQRT(x + 2.0) + SQRT(x + 3.0) + SQRT(x + 4.0) + SQRT(x + 5.0);
    END_FOR;
END_PROGRAM
"""
HEAVY_LOOP_LINE = 10


def soon(seconds: float = 0.05) -> float:
    return time.perf_counter() + seconds


def test_no_deadline_by_default(kit):
    plc = kit.run(HEAVY, scans=0)
    assert plc.inst.deadline is None


@pytest.mark.timeout(30)
def test_heavy_loop_under_the_iteration_budget_stops_at_the_deadline_naming_the_loop(kit):
    plc = kit.run(HEAVY, scans=0)
    plc.inst.deadline = soon()
    plc.scan()
    fault = plc.fault
    assert fault is not None
    assert fault.message == f"wall-clock limit reached inside the scan at line {HEAVY_LOOP_LINE}"
    assert fault.line == HEAVY_LOOP_LINE
    assert str(fault).startswith(f"test.st:{HEAVY_LOOP_LINE}:")
    assert 0 < plc["i"] < 999000  # stopped part way through the loop
    assert plc.inst.get_output("%QX0.0") is False  # a fault like any other: outputs drop
    plc.inst.deadline = None
    plc.scan()
    assert plc["Scans"] == 1  # and the PLC stays stopped


@pytest.mark.timeout(30)
def test_deadline_inside_a_function_called_from_a_loop_names_the_function_loop(kit):
    src = """FUNCTION Grind : REAL
VAR_INPUT x : REAL; END_VAR
VAR k : INT; END_VAR
    Grind := x;
    WHILE k < 500 DO
        Grind := SQRT(Grind + 1.0);
        k := k + 1;
    END_WHILE;
END_FUNCTION

PROGRAM Main
VAR i : DINT; y : REAL; END_VAR
    FOR i := 1 TO 1900 DO
        y := Grind(y);
    END_FOR;
END_PROGRAM
"""
    plc = kit.run(src, scans=0)
    plc.inst.deadline = soon()
    plc.scan()
    assert plc.fault is not None
    # the clock is read where the budget is drawn: in the function's WHILE (line 5) or at the
    # call that enters it (line 1, since calls are charged too); which one comes first depends
    # on the machine's speed, but never the PROGRAM's own FOR (line 13)
    assert plc.fault.message in ("wall-clock limit reached inside the scan at line 5",
                                 "wall-clock limit reached inside the scan at line 1")


def test_scan_starting_after_the_deadline_does_not_run(kit):
    src = kit.main("Scans : INT; Lamp AT %QX0.0 : BOOL;", "Scans := Scans + 1;\nLamp := TRUE;")
    plc = kit.run(src, scans=1)
    assert plc["Scans"] == 1 and plc.inst.get_output("%QX0.0") is True
    plc.inst.deadline = time.perf_counter() - 1.0
    plc.scan()
    assert plc["Scans"] == 1
    assert plc.fault is not None
    assert plc.fault.message == "wall-clock limit reached before the scan started"
    assert plc.fault.line == 2  # the PROGRAM line
    assert plc.inst.get_output("%QX0.0") is False


def test_clearing_the_deadline_before_a_scan_lifts_the_limit(kit):
    src = kit.main("Scans : INT;", "Scans := Scans + 1;")
    plc = kit.run(src, scans=0)
    plc.inst.deadline = time.perf_counter() - 1.0
    plc.inst.deadline = None
    plc.scan(2)
    assert plc.fault is None and plc["Scans"] == 2


BUDGET = """FUNCTION_BLOCK Spinner
VAR_INPUT n : DINT; END_VAR
VAR k : DINT; END_VAR
    FOR k := 1 TO n DO END_FOR;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    Extra : DINT;
    a : DINT;
    b : DINT;
    m : DINT := 600;
    s : Spinner;
    Done : BOOL;
END_VAR
    (* 1000 x 600 + 1000 (outer) + 4 (the call of s) + 200,000 (FB) + 198,996 + Extra in all *)
    FOR a := 1 TO 1000 DO
        FOR b := 1 TO m DO END_FOR;
    END_FOR;
    s(n := 200000);
    b := 0;
    WHILE b < 198996 + Extra DO b := b + 1; END_WHILE;
    Done := TRUE;
END_PROGRAM
"""


@pytest.mark.parametrize("deadline", [None, 3600.0], ids=["no deadline", "deadline far away"])
def test_iteration_budget_is_exactly_one_million_with_or_without_a_deadline(kit, deadline):
    plc = kit.run(BUDGET, scans=0)
    if deadline is not None:
        plc.inst.deadline = soon(deadline)
    plc.scan()
    assert plc.fault is None and plc["Done"] is True  # exactly 1,000,000 iterations: allowed
    plc["Extra"] = 1
    plc["Done"] = False
    plc.scan()
    assert plc.fault is not None
    assert plc.fault.message.startswith("watchdog: the scan ran more than 1,000,000 loop iterations")
    assert plc.fault.line == 22
    assert plc["Done"] is False


@pytest.mark.timeout(30)
def test_debug_instance_fast_path_honours_the_deadline_and_a_paused_scan_ignores_it(kit):
    plc = kit.run(HEAVY, scans=0, debug=True)
    plc.inst.deadline = soon()
    plc.scan()
    assert plc.fault is not None
    assert plc.fault.message == f"wall-clock limit reached inside the scan at line {HEAVY_LOOP_LINE}"

    src = kit.main("i : INT; n : INT;", "FOR i := 1 TO 3000 DO\nn := n + 1;\nEND_FOR;")
    dbg = kit.run(src, scans=0, debug=True).inst
    dbg.deadline = soon(0.01)
    dbg.breakpoints.add(7)
    assert dbg.begin_scan(0).line == 7  # started before the deadline
    time.sleep(0.02)  # the user looks at the paused scan past the deadline
    dbg.breakpoints.clear()
    assert dbg.resume() is None
    assert dbg.fault is None and dbg.read("n") == 3000
