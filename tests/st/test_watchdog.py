"""Runtime faults stop the PLC with a message naming the line: the watchdog on an endless loop,
integer division and MOD by zero, an array index out of range. After a fault outputs drop to
FALSE/0 and later scans do nothing."""

from __future__ import annotations

import re

import pytest

ENDLESS = """PROGRAM Main
VAR
    Trigger AT %IX0.0 : BOOL;
    Motor AT %QX0.0 : BOOL;
    Speed AT %QW2 : INT;
    Scans : INT;
    Spin : DINT;
END_VAR
    Scans := Scans + 1;
    Motor := TRUE;
    Speed := 1500;
    IF Trigger THEN
        WHILE TRUE DO Spin := Spin + 1; END_WHILE;
    END_IF;
END_PROGRAM
"""
LOOP_LINE = 13


def line_of(src: str, text: str) -> int:
    return next(i for i, line in enumerate(src.splitlines(), 1) if text in line)


def assert_stopped(plc, line: int):
    fault = plc.fault
    assert fault is not None, "expected a runtime fault"
    assert fault.line == line
    assert fault.filename == "test.st"
    assert fault.message
    assert re.match(rf"^test\.st:{line}:\d+: runtime fault: ", str(fault)), str(fault)


def test_endless_while_is_stopped_by_the_watchdog_naming_its_line(kit):
    plc = kit.run(ENDLESS, scans=3)
    assert plc.fault is None
    assert plc.inst.get_output("%QX0.0") is True and plc.inst.get_output("%QW2") == 1500
    plc.inst.set_input("%IX0.0", True)
    plc.scan()
    assert_stopped(plc, LOOP_LINE)
    assert plc.inst.get_output("%QX0.0") is False
    assert plc.inst.get_output("%QW2") == 0
    scans_before = plc["Scans"]
    plc.inst.set_input("%IX0.0", False)
    plc.scan(3)
    assert plc["Scans"] == scans_before  # the PLC stays stopped
    assert plc.inst.get_output("%QX0.0") is False
    assert plc.fault.line == LOOP_LINE


def test_endless_repeat_and_while_without_progress(kit):
    src = kit.main("n : INT;", "n := 0;\nREPEAT n := n + 1; n := n - 1; UNTIL FALSE END_REPEAT;")
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 7)
    src = kit.main("n : INT;", "n := 0;\nWHILE n < 10 DO n := n + 1; n := n - 1; END_WHILE;")
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 7)


def test_watchdog_inside_a_function_block_names_the_fb_line(kit):
    src = """FUNCTION_BLOCK Stuck
VAR_OUTPUT Laps : DINT; END_VAR
    WHILE Laps >= 0 DO Laps := (Laps + 1) MOD 1000; END_WHILE;
END_FUNCTION_BLOCK
PROGRAM Main
VAR s : Stuck; END_VAR
    s();
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 3)


def test_a_long_but_finite_loop_is_not_a_fault(kit):
    src = kit.main("i : DINT; sum : LINT;", "sum := 0;\nFOR i := 1 TO 100000 DO sum := sum + i; END_FOR;")
    plc = kit.run(src, scans=1)
    assert plc.fault is None
    assert plc["sum"] == 100000 * 100001 // 2


@pytest.mark.parametrize(
    "body,fault_text",
    [
        ("q := a / b;", "div"),
        ("q := a MOD b;", "mod"),
        ("q := DIV(a, b);", "div"),
        ("d := INT_TO_DINT(a) / INT_TO_DINT(b);", "div"),
    ],
)
def test_integer_division_by_zero_is_a_fault_naming_its_line(kit, body, fault_text):
    src = kit.main(
        "a : INT := 7; b : INT := 1; q : INT; d : DINT; Out AT %QX0.0 : BOOL;",
        f"Out := TRUE;\nb := b - 1;\n{body}",
    )
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 8)
    assert fault_text in plc.fault.message.lower()
    assert plc.inst.get_output("%QX0.0") is False


def test_index_out_of_range_is_a_fault_naming_its_line(kit):
    src = kit.main(
        "Cells : ARRAY[1..10] OF INT; i : INT := 9; Level AT %QW0 : INT;",
        "Level := 100;\ni := i + 1;\nCells[i] := i;",
    )
    plc = kit.run(src, scans=1)
    assert plc.fault is None and plc["Cells[10]"] == 10
    plc.scan()
    assert_stopped(plc, 8)
    assert "11" in plc.fault.message
    assert plc.inst.get_output("%QW0") == 0


def test_index_out_of_range_on_read_and_on_a_lower_bound(kit):
    src = kit.main("Grid : ARRAY[-1..1, 0..2] OF INT; r : INT := -2; v : INT;", "v := 0;\nv := Grid[r, 0];")
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 7)
    assert "-2" in plc.fault.message


def test_fault_in_a_function_names_the_function_line(kit):
    src = """FUNCTION Ratio : INT
VAR_INPUT a : INT; b : INT; END_VAR
    Ratio := a / b;
END_FUNCTION
PROGRAM Main
VAR r : INT; zero : INT; END_VAR
    r := Ratio(10, zero);
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert_stopped(plc, 3)


def test_real_division_by_zero_is_not_a_fault(kit):
    src = kit.main("x : REAL; zero : REAL;", "x := 1.0 / zero;")
    plc = kit.run(src, scans=3)
    assert plc.fault is None


def test_debug_instance_reports_the_same_fault_line(kit):
    src = kit.main("a : INT := 7; b : INT; q : INT;", "b := 0;\nq := a / b;")
    comp = kit.compile_ok(src)
    dbg = comp.program.instantiate(debug=True)
    dbg.breakpoints.add(6)
    assert dbg.begin_scan(0).line == 6
    assert dbg.resume() is None
    assert dbg.fault is not None and dbg.fault.line == 7
    assert not dbg.in_scan
