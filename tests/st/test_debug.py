"""Debug instances: breakpoints by line, step into / over / out, resume to the end of the scan,
breakable_lines, and the same values as a fast instance when no breakpoint is set."""

from __future__ import annotations

import pytest

SRC = """FUNCTION_BLOCK Doubler
VAR_INPUT x : INT; END_VAR
VAR_OUTPUT y : INT; END_VAR
    y := x * 2;
    y := y + 1;
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    a : INT;
    b : INT;
    d : Doubler;
    c : INT;
    k : INT;
    loops : INT;
END_VAR
    a := a + 1;
    d(x := a);
    b := d.y;
    IF b > 2 THEN
        c := c + 1;
    END_IF;
    FOR k := 1 TO 3 DO
        loops := loops + k;
    END_FOR;
END_PROGRAM
"""
FB_FIRST, FB_SECOND = 4, 5
INC_A, CALL, READ_Y, IF_LINE, INC_C, FOR_LINE, LOOP_BODY = 16, 17, 18, 19, 20, 22, 23


@pytest.fixture
def dbg(kit):
    return kit.compile_ok(SRC).program.instantiate(debug=True)


def test_breakable_lines_are_the_lines_where_statements_start(dbg):
    lines = dbg.breakable_lines()
    assert {FB_FIRST, FB_SECOND, INC_A, CALL, READ_Y, IF_LINE, INC_C, FOR_LINE, LOOP_BODY} <= lines
    assert not lines & {1, 2, 3, 6, 7, 8, 9, 15, 21, 24, 25}


def test_breakpoint_pauses_before_the_statement_and_resume_finishes_the_scan(dbg):
    dbg.breakpoints.add(READ_Y)
    pause = dbg.begin_scan(0)
    assert pause is not None and pause.line == READ_Y
    assert pause.col == 5
    assert pause.pou.lower() == "main"
    assert dbg.in_scan and dbg.pause.line == READ_Y
    assert dbg.read("a") == 1 and dbg.read("d.y") == 3
    assert dbg.read("b") == 0  # the statement on the breakpoint line has not run yet
    assert dbg.resume() is None
    assert not dbg.in_scan
    assert dbg.read("b") == 3 and dbg.read("c") == 1 and dbg.read("loops") == 6
    # the next scan stops again at the same breakpoint
    pause = dbg.begin_scan(10)
    assert pause.line == READ_Y and dbg.read("a") == 2
    assert dbg.resume() is None


def test_no_breakpoint_runs_the_whole_scan(dbg):
    assert dbg.begin_scan(0) is None
    assert not dbg.in_scan
    assert dbg.read("b") == 3


def test_breakpoint_in_a_loop_body_hits_every_iteration(dbg):
    dbg.breakpoints.add(LOOP_BODY)
    seen = []
    pause = dbg.begin_scan(0)
    while pause is not None:
        assert pause.line == LOOP_BODY
        seen.append(dbg.read("k"))
        pause = dbg.resume()
    assert seen == [1, 2, 3]


def test_step_into_enters_the_fb_body_and_step_out_returns_to_the_caller(dbg):
    dbg.breakpoints.add(CALL)
    main_pause = dbg.begin_scan(0)
    assert main_pause.line == CALL
    inside = dbg.step_into()
    assert inside.line == FB_FIRST
    assert inside.pou.lower() == "doubler"
    assert inside.depth == main_pause.depth + 1
    assert len(inside.stack) == len(main_pause.stack) + 1
    nxt = dbg.step_over()
    assert nxt.line == FB_SECOND and nxt.pou.lower() == "doubler"
    assert dbg.read("d.y") == 2
    back = dbg.step_out()
    assert back.line == READ_Y and back.pou.lower() == "main"
    assert back.depth == main_pause.depth
    assert dbg.read("d.y") == 3
    assert dbg.resume() is None


def test_step_over_skips_the_fb_body(dbg):
    dbg.breakpoints.add(INC_A)
    assert dbg.begin_scan(0).line == INC_A
    assert dbg.step_over().line == CALL
    assert dbg.step_over().line == READ_Y
    assert dbg.read("d.y") == 3
    assert dbg.step_over().line == IF_LINE
    assert dbg.step_over().line == INC_C  # b = 3 > 2
    assert dbg.step_over().line == FOR_LINE
    lines = []
    pause = dbg.step_over()
    while pause is not None:
        lines.append(pause.line)
        pause = dbg.step_over()
    # three iterations (a debugger may also stop on the FOR line between them), then the scan ends
    assert [line for line in lines if line == LOOP_BODY] == [LOOP_BODY] * 3
    assert set(lines) <= {FOR_LINE, LOOP_BODY}
    assert not dbg.in_scan


def test_step_into_on_a_plain_statement_goes_to_the_next_statement(dbg):
    dbg.breakpoints.add(INC_A)
    dbg.begin_scan(0)
    assert dbg.step_into().line == CALL


def test_step_out_of_the_program_finishes_the_scan(dbg):
    dbg.breakpoints.add(IF_LINE)
    dbg.begin_scan(0)
    assert dbg.step_out() is None
    assert not dbg.in_scan
    assert dbg.read("loops") == 6


def test_removing_the_breakpoint_lets_the_scan_run_through(dbg):
    dbg.breakpoints.add(FB_FIRST)
    assert dbg.begin_scan(0).pou.lower() == "doubler"
    dbg.breakpoints.clear()
    assert dbg.resume() is None
    assert dbg.begin_scan(10) is None
    assert dbg.read("a") == 2


SORTER_INPUTS = [  # (address, period in scans, scans on per period)
    ("%IX0.0", 400, 3), ("%IX0.1", 997, 2), ("%IX0.2", 1, 1), ("%IX0.3", 37, 4),
    ("%IX0.4", 111, 37), ("%IX0.5", 37, 1), ("%IX0.6", 29, 3), ("%IX0.7", 29, 20),
]


def flat_values(nodes, out=None):
    out = {} if out is None else out
    for node in nodes:
        out[node.path.lower()] = node.value
        flat_values(node.children or [], out)
    return out


@pytest.mark.parametrize("source", ["tests", "bench"])
def test_debug_instance_without_breakpoints_matches_the_fast_instance(kit, source):
    if source == "tests":
        text = (kit.PROGRAMS / "conveyor_cell.st").read_text()
    else:
        text = (kit.PROGRAMS.parents[2] / "bench" / "programs" / "sorting_station.st").read_text()
    program = kit.compile_ok(text).program
    fast, debug = program.instantiate(), program.instantiate(debug=True)
    for k in range(600):
        for address, period, on in SORTER_INPUTS:
            value = (k % period) < on
            fast.set_input(address, value)
            debug.set_input(address, value)
        fast.set_input("%IW2", (k * 7) % 1000)
        debug.set_input("%IW2", (k * 7) % 1000)
        fast.scan(k * 10)
        debug.scan(k * 10)
        if k % 50 == 49:
            assert flat_values(debug.variables()) == flat_values(fast.variables()), f"scan {k}"
    assert fast.fault is None and debug.fault is None


def test_debug_instance_stepping_gives_the_same_result_as_fast(kit):
    program = kit.compile_ok(SRC).program
    fast, dbg = program.instantiate(), program.instantiate(debug=True)
    dbg.breakpoints.update({CALL, FB_SECOND, LOOP_BODY})
    for k in range(5):
        fast.scan(k * 10)
        pause = dbg.begin_scan(k * 10)
        steps = 0
        while pause is not None:
            pause = dbg.step_into() if steps % 2 else dbg.resume()
            steps += 1
        assert steps >= 5
    assert flat_values(dbg.variables()) == flat_values(fast.variables())
