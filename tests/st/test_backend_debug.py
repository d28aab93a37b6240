"""Debug build internals: pause points per line, function stepping, the call stack,
finishing a paused scan with scan(), and the fast path when nothing is paused."""

from __future__ import annotations

import pytest

import st

SRC = """FUNCTION Half : INT
VAR_INPUT v : INT; END_VAR
    Half := v / 2;
END_FUNCTION
FUNCTION_BLOCK Stage
VAR_INPUT x : INT; END_VAR
VAR_OUTPUT y : INT; END_VAR
    y := Half(x);
END_FUNCTION_BLOCK
PROGRAM Main
VAR a : INT; b : INT; st1 : Stage; END_VAR
    a := a + 10; b := b + 1;
    st1(x := a);
    b := st1.y;
END_PROGRAM
"""


def debug_instance():
    comp = st.compile_source(SRC, "dbg.st")
    assert comp.ok, comp.format_diagnostics()
    return comp.program.instantiate(debug=True)


def test_two_statements_on_one_line_pause_once():
    inst = debug_instance()
    inst.breakpoints.add(12)
    assert inst.begin_scan(0).line == 12
    nxt = inst.step_over()
    assert nxt.line == 13  # the second statement of line 12 is not a separate stop
    assert inst.read("b") == 1


def test_step_into_reaches_a_function_inside_an_fb_with_the_full_stack():
    inst = debug_instance()
    inst.breakpoints.add(13)
    inst.begin_scan(0)
    in_fb = inst.step_into()
    assert (in_fb.line, in_fb.pou, in_fb.depth) == (8, "Stage", 2)
    in_func = inst.step_into()
    assert (in_func.line, in_func.pou, in_func.depth) == (3, "Half", 3)
    assert [pou for pou, _line in in_func.stack] == ["Main", "Stage", "Half"]
    assert in_func.stack[0][1] == 13 and in_func.stack[1][1] == 8
    back = inst.step_out()
    assert (back.line, back.pou) == (14, "Main")  # Stage's body ends after the call
    assert inst.read("st1.y") == 5
    assert inst.resume() is None
    assert inst.read("b") == 5


def test_scan_finishes_a_paused_scan_then_runs_fast():
    inst = debug_instance()
    inst.breakpoints.add(14)
    assert inst.begin_scan(0).line == 14
    inst.scan(0)  # finish the paused scan, breakpoints ignored
    assert not inst.in_scan and inst.read("b") == 5
    inst.scan(10)  # a whole scan on the fast path although a breakpoint is set
    assert not inst.in_scan and inst.read("a") == 20


def test_writes_while_paused_are_seen_by_the_rest_of_the_scan():
    inst = debug_instance()
    inst.breakpoints.add(13)
    inst.begin_scan(0)
    inst.write("a", 100)
    assert inst.resume() is None
    assert inst.read("b") == 50


def test_fault_while_stepping_stops_the_plc_and_ends_the_scan():
    src = "PROGRAM Main\nVAR a : INT; z : INT; END_VAR\n    a := 1;\n    a := a / z;\nEND_PROGRAM\n"
    comp = st.compile_source(src, "f.st")
    inst = comp.program.instantiate(debug=True)
    inst.breakpoints.add(3)
    assert inst.begin_scan(0).line == 3
    assert inst.step_over().line == 4
    assert inst.step_over() is None
    assert not inst.in_scan
    assert inst.fault is not None and inst.fault.line == 4
    assert inst.begin_scan(10) is None  # a stopped PLC does not scan


def test_breakable_lines_cover_every_pou():
    inst = debug_instance()
    assert inst.breakable_lines() == {3, 8, 12, 13, 14}


def test_debug_build_outputs_match_the_fast_build_with_forces():
    comp = st.compile_source(SRC, "dbg.st")
    fast, dbg = comp.program.instantiate(), comp.program.instantiate(debug=True)
    for inst in (fast, dbg):
        inst.force("a", 7)
    dbg.breakpoints.add(13)
    for k in range(3):
        fast.scan(k * 10)
        pause = dbg.begin_scan(k * 10)
        while pause is not None:
            pause = dbg.step_into()
    assert (
        [fast.read(n) for n in ("a", "b", "st1.y")] == [dbg.read(n) for n in ("a", "b", "st1.y")] == [7, 8, 8]
    )


LOOP_SRC = """PROGRAM Main
VAR i : INT; total : INT; st1 : Stage; END_VAR
    total := 0;
    FOR i := 1 TO 3 DO
        total := total + i;
    END_FOR;
    st1(x := total);
    total := total + st1.y;
END_PROGRAM
"""


def loop_instance():
    fb = SRC[SRC.index("FUNCTION Half"): SRC.index("PROGRAM Main")]
    comp = st.compile_source(fb + LOOP_SRC, "loop.st")
    assert comp.ok, comp.format_diagnostics()
    return comp.program.instantiate(debug=True)


def _every_pause(inst, now_ms=0):
    pauses = []
    pause = inst.begin_scan(now_ms)
    while pause is not None:
        pauses.append(pause)
        pause = inst.step_into()
    return pauses


def test_step_index_counts_every_pause_point_of_the_scan_loop_iterations_and_calls_included():
    inst = loop_instance()
    inst.breakpoints.add(12)  # 'total := 0;' (the FB and function take lines 1-9)
    pauses = _every_pause(inst)
    lines = [p.line for p in pauses]
    assert lines == [12, 13, 14, 14, 14, 16, 8, 3, 17]
    assert [p.step_index for p in pauses] == list(range(len(pauses)))
    assert pauses[0].reason == "breakpoint" and pauses[1].reason == "step"
    assert inst.step_index == 0 and not inst.in_scan
    assert inst.read("total") == 9  # 6 + Half(6)
    pauses2 = _every_pause(inst, 10)  # the count starts again in every scan
    assert [p.step_index for p in pauses2] == list(range(len(pauses)))


def test_begin_scan_at_step_stops_at_that_pause_point_ignoring_breakpoints():
    inst = loop_instance()
    inst.breakpoints.add(16)
    pause = inst.begin_scan(0, at_step=3)  # the second pass through the loop body
    assert (pause.line, pause.step_index, pause.reason) == (14, 3, "step index")
    assert inst.read("i") == 2 and inst.read("total") == 1
    assert inst.in_scan
    inner = inst.run_to_step(7)  # inside Half, called from Stage
    assert (inner.line, inner.pou, inner.depth) == (3, "Half", 3)
    with pytest.raises(ValueError, match="already ran"):
        inst.run_to_step(2)
    assert inst.run_to_step(7) is inner
    assert inst.run_to_step(50) is None  # past the end: the scan finishes
    assert not inst.in_scan and inst.read("total") == 9


def test_stop_at_step_interrupts_a_step_over_and_proceed_finishes_it():
    inst = loop_instance()
    inst.breakpoints.add(16)
    assert inst.begin_scan(0).line == 16
    inst.stop_at_step = 7  # inside the call that step over skips
    stopped = inst.step_over()
    assert (stopped.line, stopped.pou, stopped.reason) == (3, "Half", "step index")
    after = inst.proceed()
    assert (after.line, after.pou, after.reason) == (17, "Main", "step")  # where step over lands
    assert inst.resume() is None
    assert inst.stop_at_step is None  # cleared when the scan ends


def test_an_edit_replayed_at_its_step_index_gives_the_identical_scan():
    """Write while paused in the 3rd loop pass; a fresh instance seeking to the same pause point
    and writing there ends the scan in the identical state (a scan-start replay would not)."""
    original = loop_instance()
    original.breakpoints.add(14)
    pause = original.begin_scan(0)
    while original.read("i") != 3:
        pause = original.resume()
    original.write("total", 100)
    assert original.resume() is None

    replay = loop_instance()
    replay.breakpoints.add(14)  # ignored while seeking
    assert replay.begin_scan(0, at_step=pause.step_index).line == 14
    replay.write("total", 100)
    assert replay.resume() is None
    names = ("i", "total", "st1.y")
    assert [replay.read(n) for n in names] == [original.read(n) for n in names]
    assert original.read("total") == 103 + 51

    at_start = loop_instance()
    at_start.begin_scan(0, at_step=0)
    at_start.write("total", 100)
    at_start.resume()
    assert at_start.read("total") != original.read("total")
