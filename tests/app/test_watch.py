"""Watches and conditional breakpoints of the debugger model (no window), compiled by st itself:
the program's types and wrap rules, values shown by their ST type, positioned messages."""

from __future__ import annotations

import pytest

import st
from app.debugger import PAUSED, Debugger
from tests.app.fakes import belt_task

PROGRAM = """\
TYPE Mode : (Idle, Running, Done); END_TYPE
PROGRAM Main
VAR
    PartAtEye AT %IX0.0 : BOOL;
    Motor AT %QX0.0 : BOOL;
    Scans : INT := 32765;
    Wait : TON;
    State : Mode := Running;
    Seen : ARRAY[1..3] OF BOOL;
END_VAR
Scans := Scans + 1;
Motor := NOT PartAtEye;
Wait(IN := Motor, PT := T#5s);
Seen[2] := TRUE;
END_PROGRAM
"""
LINE_SEEN = PROGRAM.splitlines().index("Seen[2] := TRUE;") + 1


@pytest.fixture
def d():
    return Debugger(belt_task(), PROGRAM, "belt.st", compile_source=st.compile_source)


def test_watches_compute_as_the_program_and_read_as_their_type(d):
    for text in ("Scans + 1", "Wait.ET + T#1s", "State", "State = Running", "Seen[2] AND Motor", "%QX0.0"):
        assert d.add_watch(text) is None
    d.run_to_scan(1)  # two scans: Scans = 32767, the timer has run 10 ms
    values = dict(d.watch_values())
    assert values["Scans + 1"] == "-32768"  # INT wraps as a store to INT does in the program
    assert values["Wait.ET + T#1s"] == "T#1s10ms"  # a TIME as T#..., not a number of ms
    assert values["State"] == "Running"
    assert values["State = Running"] == "TRUE"
    assert values["Seen[2] AND Motor"] == "TRUE"
    assert values["%QX0.0"] == "TRUE"
    assert "Scans + 1" in d.watch_expressions and "State" in d.watch_paths


def test_a_bad_watch_is_refused_with_its_column(d):
    assert d.add_watch("Scans + Scan") == "col 9: 'Scan' is not declared; did you mean 'Scans'?"
    assert "expected ')'" in d.add_watch("(Scans + 1")
    assert "':=' assigns" in d.add_watch("Scans := 1")
    assert "would run the function block" in d.add_watch("Wait(IN := FALSE)")
    assert d.add_watch("__import__('os').system('true')") is not None
    assert d.watch_paths == [] and d.watch_expressions == []


def test_a_runtime_fault_in_a_watch_is_shown_and_the_plc_runs_on(d):
    assert d.add_watch("Scans / (Scans - Scans)") is None
    d.run_to_scan(1)
    assert dict(d.watch_values())["Scans / (Scans - Scans)"] == "? integer division by zero"
    assert d.instance.fault is None and d.read("Scans") == 32767


def test_a_condition_converts_as_the_program_does(d):
    # INT_TO_SINT keeps the low byte: 32767 (scan 1) is SINT -1; Python arithmetic never gets there
    assert d.set_breakpoint_condition(LINE_SEEN, "INT_TO_SINT(Scans) = -1") is None
    d.continue_to_break()
    assert (d.state, d.current_line, d.scan, d.read("Scans")) == (PAUSED, LINE_SEEN, 1, 32767)
    # intermediates are not cut to INT (32-bit arithmetic, as in the program): 32767 + 1 > 0
    assert d.set_breakpoint_condition(LINE_SEEN, "Scans + 1 < 0") is None
    d.continue_to_break()
    assert (d.scan, d.read("Scans")) == (2, -32768)  # the stored Scans itself wrapped


def test_a_condition_on_an_fb_output_and_a_time_literal(d):
    assert d.set_breakpoint_condition(LINE_SEEN, "Wait.ET >= T#50ms") is None
    d.continue_to_break()
    assert (d.scan, d.read("Wait.ET")) == (5, 50)


def test_a_condition_must_be_a_bool_that_compiles(d):
    assert "must be BOOL, not INT" in d.set_breakpoint_condition(LINE_SEEN, "Scans + 1")
    assert "col 1: 'Scanz' is not declared" in d.set_breakpoint_condition(LINE_SEEN, "Scanz > 0")
    assert LINE_SEEN not in d.breakpoint_conditions


def test_a_condition_that_faults_stops_and_says_why(d):
    assert d.set_breakpoint_condition(LINE_SEEN, "Scans / (Scans - Scans) > 0") is None
    d.continue_to_break()
    assert (d.state, d.scan) == (PAUSED, 0)  # a condition that cannot be read is not skipped
    assert "division by zero" in d.message


def test_literals_typed_in_the_write_box_read_as_st(d):
    assert d.evaluate("T#2s500ms") == 2500
    assert d.evaluate("Mode#Done") == "Done"
    assert d.evaluate("16#FF + 1") == 256
    with pytest.raises(st.ExpressionError, match="unknown time unit"):
        d.evaluate("T#5x")
