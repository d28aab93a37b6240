"""The debugger model without a window: breakpoints, stepping, forcing, violations, rewind."""

from __future__ import annotations

import pytest

from app.debugger import FINISHED, NOT_COMPILED, PAUSED, Debugger, map_lines
from tests.app.fakes import BELT_PROGRAM, belt_task, fake_compile


def _real_compiler():
    import st

    return st.compile_source


@pytest.fixture(params=["st", "stand-in"])
def make(request):
    """Every test runs on the real ST compiler and on the hand-written stand-in of BELT_PROGRAM."""
    compile_source = _real_compiler() if request.param == "st" else fake_compile

    def _make(source=BELT_PROGRAM, condition=None):
        return Debugger(belt_task(), source, "belt.st", condition, compile_source=compile_source)
    return _make


def test_breakpoint_stops_at_its_line_in_the_first_scan(make):
    d = make()
    assert d.toggle_breakpoint(21)
    d.continue_to_break()
    assert d.state == PAUSED
    assert d.current_line == 21
    assert d.scan == 0  # paused inside the first scan: no scan completed yet
    assert d.read("Scans") == 1  # line 20 ran, line 21 not yet
    d.continue_to_break()
    assert (d.current_line, d.scan) == (21, 1)
    assert d.read("Scans") == 2


def test_a_line_without_a_statement_takes_no_breakpoint(make):
    d = make()
    assert not d.toggle_breakpoint(14)
    assert "no statement" in d.message
    assert d.breakpoints == set()


def test_step_into_enters_the_function_block_and_step_out_leaves_it(make):
    d = make()
    d.toggle_breakpoint(22)
    d.continue_to_break()
    d.step_into()
    assert d.current_line == 8
    d.step_out()
    assert d.current_line == 23


def test_step_over_skips_the_function_block_body(make):
    d = make()
    d.step_into()  # between scans: starts a scan and stops at its first statement
    assert d.current_line == 20
    d.step_over()
    d.step_over()
    assert d.current_line == 22
    d.step_over()
    assert d.current_line == 23
    d.step_over()  # the last statement: the scan completes
    assert not d.in_scan
    assert (d.scan, d.scans_done) == (0, 1)  # scan 0 ran


def test_step_scan_finishes_the_scan_in_progress(make):
    d = make()
    d.step_into()
    assert d.scan_status() == "in scan 0 (t = 0.00 s)"
    d.step_scan()
    assert not d.in_scan and d.scan == 0
    assert d.scan_status() == "last scan 0 (t = 0.00 s)"
    d.step_scan()
    assert d.scan == 1 and d.scan_status() == "last scan 1 (t = 0.01 s)"


def test_go_to_scan_shows_the_state_right_after_that_scan_ran(make):
    d = make()
    assert d.scan is None and d.scan_status() == "before scan 0 (t = 0.00 s)"
    d.run_to_scan(7)
    assert d.scan == 7 and d.scan_status() == "last scan 7 (t = 0.07 s)"
    assert d.read("Scans") == 8  # scans 0 to 7 ran
    d.run_to_scan(3)
    assert d.scan == 3 and d.read("Scans") == 4
    assert "went back to last scan 3 (t = 0.03 s)" in d.message
    d.run_to_scan(0)
    assert d.read("Scans") == 1
    d.run_to_scan(-1)  # the start: no scan has run
    assert d.scan is None and d.read("Scans") == 0


def test_forcing_an_input_makes_the_program_react(make):
    d = make()
    d.step_scan()
    assert d.read("Motor") is True
    d.force_io("%IX0.0", True)
    assert [r.forced for r in d.io_rows()] == [True, False]
    d.step_scan()
    assert d.read("Motor") is False
    assert [r.value for r in d.io_rows()] == [True, False]
    d.release_io("%IX0.0")
    d.step_scan()
    assert d.read("Motor") is True


def test_break_on_violation_pauses_at_the_scan_the_rule_breaks(make):
    d = make()
    d.force_io("Motor", True)  # belt keeps running: the part runs off the end
    d.continue_to_break()
    first = d.first_violation()
    assert first is not None
    scan, rule_id, _ = first
    assert rule_id == "BELT-S1"
    assert d.scan == scan  # paused right after the scan in which the rule broke, named as the grader does
    assert d.scan_status() == f"last scan {scan} (t = {scan / 100:.2f} s)"
    assert d.session.plant["belt"].part_x == 210
    assert "BELT-S1" in d.message
    states = {r.rule_id: r for r in d.rule_states()}
    assert states["BELT-S1"].violated and states["BELT-S1"].first_scan == scan


def test_without_break_on_violation_the_run_goes_on(make):
    d = make()
    d.break_on_violation = False
    d.force_io("%QX0.0", True)
    d.continue_to_break()
    assert d.state == FINISHED
    assert d.first_violation() is not None
    assert d.scan > d.first_violation()[0]


def test_rewind_gives_the_same_state_as_a_fresh_run(make):
    d = make()
    d.run_to_scan(4)
    d.force_io("%IX0.0", True)   # an edit before scan 5, replayed on rewind
    d.run_to_scan(11)
    d.write("Scans", 100)      # and one before scan 12
    d.run_to_scan(29)
    d.rewind(19)

    fresh = make()
    fresh.run_to_scan(4)
    fresh.force_io("%IX0.0", True)
    fresh.run_to_scan(11)
    fresh.write("Scans", 100)
    fresh.run_to_scan(19)
    for path in ("Scans", "Motor", "Parts.Total", "PartAtEye"):
        assert d.read(path) == fresh.read(path), path
    assert d.session.plant["belt"].part_x == fresh.session.plant["belt"].part_x
    assert d.session.trace_hash() == fresh.session.trace_hash()
    assert d.scan == fresh.scan == 19


def test_rewind_keeps_the_trace_after_the_cursor_as_the_runs_future(make):
    d = make()
    assert d.add_plot("Motor") is None
    assert d.add_plot("Scans") is None
    d.run_to_scan(9)
    assert d.plot.scans == list(range(10))  # the value right after each of scans 0 to 9
    d.rewind(3)
    assert d.signal_history("Scans") == ([0, 1, 2, 3], [1.0, 2.0, 3.0, 4.0])
    assert d.signal_future("Scans") == (list(range(4, 10)), [5.0, 6.0, 7.0, 8.0, 9.0, 10.0])
    # an I/O point's future comes from the trace recorded before the rewind
    assert d.signal_history("Motor")[0] == [0, 1, 2, 3]
    assert d.signal_future("Motor") == (list(range(4, 10)), [True] * 6)
    d.run_to_scan(5)
    assert d.signal_history("Scans") == (list(range(6)), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    assert d.signal_future("Scans")[0] == [6, 7, 8, 9]


def test_an_edit_after_a_rewind_makes_the_run_diverge_its_future_and_marks_go(make):
    d = make()
    d.add_plot("Scans")
    d.run_to_scan(9)
    d.seen_violations.append((8, "BELT-S1", "a violation of the old run"))
    d.rewind(3)
    assert d.furthest_scan == 9 and d.signal_future("Scans")[0]
    d.write("Scans", 100)
    assert d.signal_future("Scans") == ([], [])
    assert d.signal_future("Motor") == ([], [])
    assert d.furthest_scan == 3
    assert d.seen_violations == []  # the timeline's marks belong to the run on screen
    d.run_to_scan(5)
    assert d.signal_history("Scans")[1] == [1.0, 2.0, 3.0, 4.0, 101.0, 102.0]


def test_a_variable_plotted_late_has_its_history_from_scan_0(make):
    d = make()
    d.run_to_scan(9)
    d.rewind(4)
    d.write("Scans", 50)           # at the start of scan 5: the history must replay it
    d.run_to_scan(7)
    assert d.add_plot("Scans") is None
    assert d.signal_history("Scans") == (list(range(8)), [1.0, 2.0, 3.0, 4.0, 5.0, 51.0, 52.0, 53.0])
    assert d.read("Scans") == 53   # the run on screen is untouched by the re-simulation
    assert d.scan == 7
    d.run_to_scan(8)
    assert d.read("Scans") == 54


def test_plotted_signals_can_be_removed_and_reordered(make):
    d = make()
    for name in ("Motor", "PartAtEye", "Scans"):
        assert d.add_plot(name) is None
    assert d.add_plot("NoSuchThing") is not None
    assert d.add_plot("Parts") is not None   # an FB instance: plot its members
    d.move_plot("Scans", -2)
    assert d.plot_signals == ["Scans", "Motor", "PartAtEye"]
    d.move_plot("Scans", 1)
    assert d.plot_signals == ["Motor", "Scans", "PartAtEye"]
    d.remove_plot("Scans")
    assert d.plot_signals == ["Motor", "PartAtEye"] and "Scans" not in d.plot.series


def test_the_signal_list_is_searchable(make):
    d = make()
    names = [n.lower() for n, _label in d.signal_choices()]
    assert "motor" in names and "scans" in names
    assert [n.lower() for n, _label in d.signal_choices("scan")] == ["scans"]
    assert "Motor" in [n for n, _label in d.signal_choices("%QX0.0")]
    assert d.signal_choices("no such signal") == []


def test_completion_is_reported_in_the_verdict(make):
    d = make()
    d.continue_to_break()
    ok, at = d.completion()
    assert ok and at is not None
    assert d.first_violation() is None


def test_watch_expressions_read_live_values(make):
    d = make()
    assert d.add_watch("Scans") is None
    assert d.add_watch("Scans * 2 + 1 > 6 AND NOT PartAtEye") is None
    d.run_to_scan(2)
    values = dict(d.watch_values())
    assert values["Scans"] == "3"
    assert values["Scans * 2 + 1 > 6 AND NOT PartAtEye"] == "TRUE"
    assert "expected" in (d.add_watch("(Scans + 1") or "")


def test_compile_errors_are_shown_at_their_lines_and_block_running(make):
    d = make(BELT_PROGRAM.replace("Scans := Scans + 0;", "ERROR := 1;"))
    assert d.state == NOT_COMPILED
    assert 23 in d.errors_by_line()
    d.step_scan()
    assert d.scan is None and d.scans_done == 0


def test_reload_keeps_breakpoints_on_lines_that_still_exist(make):
    d = make()
    d.toggle_breakpoint(21)
    d.toggle_breakpoint(23)
    # a comment inserted above moves line 21 to 22; line 23 is deleted
    lines = BELT_PROGRAM.splitlines()
    new = lines[:19] + ["// comment"] + lines[19:22] + lines[23:]
    d.reload("\n".join(new) + "\n")
    assert d.breakpoints == {22}


def test_map_lines_follows_inserted_lines():
    assert map_lines("a\nb\nc\n", "x\na\nc\n") == {1: 2, 3: 3}


def test_unknown_condition_lists_the_valid_ones():
    with pytest.raises(ValueError, match="c1, c2"):
        Debugger(belt_task(), BELT_PROGRAM, "belt.st", "nope", compile_source=fake_compile)


def test_refused_edits_give_a_message_and_are_not_recorded(make):
    d = make()
    assert not d.force_io("NoSuchPoint", True)
    assert "NoSuchPoint" in d.message
    assert not d.write("NoSuchVariable", 1)
    assert not d.operate("press", "no_button")
    assert d.edits == []
    assert d.write("Scans", 5) and len(d.edits) == 1


def _edit_inside_scan_3(d):
    """Paused inside scan 3: stop the belt after the program switched it on (line 22), count a
    part inside the FB (line 8), and overwrite Scans before the last statement (line 23)."""
    d.run_to_scan(2)
    d.toggle_breakpoint(22)
    d.continue_to_break()
    assert (d.scan, d.current_line) == (3, 22)
    assert d.write("Motor", False)
    d.step_into()
    assert d.current_line == 8
    assert d.write("Parts.Trigger", True)
    d.step_over()
    d.step_over()
    assert d.current_line == 23
    assert d.write("Scans", 100)
    d.toggle_breakpoint(22)
    d.step_scan()
    return [e.step for e in d.edits]


def _state(d):
    return ([d.read(p) for p in ("Scans", "Motor", "Parts.Total", "PartAtEye")],
            d.session.plant["belt"].part_x, d.session.trace_hash(), d.scan)


def test_an_edit_made_inside_a_scan_replays_at_its_statement(make):
    d = make()
    steps = _edit_inside_scan_3(d)
    assert steps[0] == 2 and steps[1] > steps[0] and steps[2] > steps[1]
    assert (d.read("Scans"), d.read("Parts.Total")) == (100, 1)
    assert d.session.trace.column("Motor")[3] is False  # the belt stood still in scan 3
    d.run_to_scan(19)
    original = _state(d)

    d.rewind(1)       # back past the edits and forward again
    d.run_to_scan(19)
    assert _state(d) == original
    d.rewind(3)       # right after the scan that holds them
    assert (d.read("Scans"), d.read("Parts.Total")) == (100, 1)
    d.run_to_scan(19)
    assert _state(d) == original

    # stepping through the replayed scan shows each edit from the statement it was made at;
    # the step over line 22 stops nowhere inside the FB although an edit waits there
    d.rewind(2)
    d.step_into()
    d.step_over()
    d.step_over()
    assert d.current_line == 22 and d.read("Motor") is False
    d.step_over()
    assert d.current_line == 23 and d.read("Parts.Total") == 1 and d.read("Scans") == 100
    d.run_to_scan(19)
    assert _state(d) == original


def test_an_edit_inside_a_scan_is_replayed_with_breakpoints_set_too(make):
    d = make()
    _edit_inside_scan_3(d)
    d.run_to_scan(19)
    original = _state(d)
    d.rewind(0)
    d.toggle_breakpoint(20)
    for _ in range(3):
        d.continue_to_break()
    assert (d.scan, d.current_line) == (3, 20)
    d.toggle_breakpoint(20)
    d.run_to_scan(19)
    assert _state(d) == original


def test_a_new_edit_inside_a_replayed_scan_discards_the_later_ones(make):
    d = make()
    _edit_inside_scan_3(d)
    d.rewind(2)
    d.step_into()
    d.step_over()  # line 21, before the recorded Motor edit at line 22
    assert d.write("Scans", 7)
    assert [(e.scan, e.step, e.target) for e in d.edits] == [(3, 1, "Scans")]
    d.run_to_scan(4)
    assert d.read("Scans") == 8  # 7 at the end of scan 3, +1 in scan 4


def test_plotted_signals_know_whether_they_are_digital(make):
    d = make()
    assert d.is_digital("Motor") is True          # a BOOL I/O point
    assert d.is_digital("Scans") is False         # an INT variable, even while it is still 0 or 1
    assert d.is_digital("Parts.Trigger") is True  # a BOOL inside an FB instance
    assert d.is_digital("NoSuchSignal") is None


def test_a_force_made_inside_a_scan_replays_at_its_statement(make):
    """Forced at line 22 of scan 2, PartAtEye reaches the FB but not line 21: the belt still ran
    in scan 2. Replayed at the start of the scan, it would have stopped the belt one scan early."""
    d = make()
    d.run_to_scan(1)
    d.toggle_breakpoint(22)
    d.continue_to_break()
    assert d.force("PartAtEye", True)
    d.toggle_breakpoint(22)
    d.step_scan()
    assert (d.read("Motor"), d.read("Parts.Total")) == (True, 1)
    d.run_to_scan(5)
    assert d.unforce("PartAtEye")
    d.run_to_scan(11)
    original = _state(d)
    d.rewind(0)
    d.run_to_scan(11)
    assert _state(d) == original
    d.rewind(2)
    assert d.session.trace.column("Motor")[2] is True


def test_a_runtime_fault_names_its_line_for_the_source_view():
    source = (BELT_PROGRAM.replace("    Scans : INT;\n", "    Scans : INT;\n    Seen : ARRAY[0..3] OF INT;\n")
              .replace("Scans := Scans + 0;", "Seen[Scans] := 1;"))
    line = source.splitlines().index("Seen[Scans] := 1;") + 1
    d = Debugger(belt_task(), source, "belt.st", compile_source=_real_compiler())
    assert d.fault_at is None
    d.continue_to_break()  # Scans reaches 4 in scan 3: Seen[4] is out of range
    assert d.fault_at is not None
    at_line, text = d.fault_at
    assert at_line == line and "out of range" in text and text.startswith("runtime fault")
    assert d.message.startswith("PLC stopped in scan 3 (t = 0.03 s)") and f"belt.st:{line}:" in d.message
    d.rewind(2)  # before the faulting scan the program still runs: nothing to mark
    assert d.fault_at is None


def test_the_plot_puts_a_variable_and_an_io_point_at_the_same_scan_times(make):
    from app.plots import SignalCache

    d = make()
    d.add_plot("Scans")
    d.run_to_scan(5)
    cache = SignalCache()
    x_var, y_var, _ = cache.series(d, "Scans")
    x_io, _, _ = cache.series(d, "Motor")
    # scan k at k x 10 ms, as in the grader's trace; Scans is k + 1 right after scan k
    assert list(x_var) == list(x_io) == [k / 100 for k in range(6)]
    assert list(y_var) == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    d.rewind(2)
    assert list(cache.series(d, "Scans")[0]) == [0.0, 0.01, 0.02]
    lane = cache.lane(d, "Scans")  # the scans after the cursor come along as the lane's future
    assert (lane.now, list(lane.y)) == (3, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    assert lane.value_at(0.045) == (5.0, True) and lane.value_at(0.01) == (2.0, False)


def test_outcome_of_a_clean_run_is_passed(make):
    d = make()
    d.break_on_violation = False
    d.continue_to_break()
    level, text = d.outcome()
    at = d.verdict.completion_scan
    assert (level, text) == ("passed", f"PASSED: completed in scan {at} (t = {at / 100:.2f} s), "
                                       "no safety rule violated")
    assert d.message == "run finished: " + text


def test_outcome_of_a_completed_run_with_a_violation_says_failed(make):
    d = make()
    d.break_on_violation = False
    while not d.verdict.success:
        d.step_scan()
    assert d.outcome()[0] == "running" and "still watched" in d.outcome()[1]
    d.force_io("Motor", True)      # after completion: the part runs off the end of the belt
    d.continue_to_break()
    level, text = d.outcome()
    count = d.verdict.violation_counts["BELT-S1"]
    assert level == "failed" and count > 1
    assert text == (f"completed in scan {d.verdict.completion_scan} (t = "
                    f"{d.verdict.completion_scan / 100:.2f} s), but FAILED: BELT-S1 violated x{count}")
    assert "task completed" not in d.message


def test_outcome_while_waiting_names_what_completion_waits_for(make):
    d = make()
    d.step_scan()
    assert d.outcome() == ("running", "not completed yet: waiting for part at the eye (held for 0.5 s)")


# ----- online mode: conditional breakpoints, where a variable is written -----


def test_a_conditional_breakpoint_stops_only_while_its_condition_holds(make):
    d = make()
    assert d.set_breakpoint_condition(21, "Scans > 3") is None
    assert 21 in d.breakpoints
    d.continue_to_break()
    assert (d.current_line, d.scan, d.read("Scans")) == (21, 3, 4)
    assert d.breakpoint_hits[21] == 1  # hits count only while the condition holds
    assert d.set_breakpoint_condition(21, "Scans >") is not None  # a typo is refused, not ignored


def test_a_breakpoint_with_a_hit_count_stops_from_that_hit_on(make):
    d = make()
    d.set_breakpoint_condition(20, "", min_hits=3)
    d.continue_to_break()
    assert (d.current_line, d.scan) == (20, 2)
    assert "hit 3" in d.message
    d.continue_to_break()
    assert (d.scan, d.breakpoint_hits[20]) == (3, 4)
    d.toggle_breakpoint(20)  # clearing the breakpoint forgets its condition
    assert 20 not in d.breakpoint_min_hits


def test_where_a_variable_is_written(make):
    d = make()
    assert d.write_lines("Scans") == [20, 23]
    assert d.write_lines("motor") == [21]
    assert d.write_lines("Total") == [9]
    assert d.write_lines("Trigger") == []  # `Parts(Trigger := ...)` sets the FB's input, not a variable
    assert d.find_lines("parts(") == [22]
    assert d.last_write("Scans") is None  # nothing ran yet
    d.run_to_scan(4)
    assert d.last_write("Scans") == 23
    assert d.last_write("Motor") == 21
    assert (d.scan, d.read("Scans")) == (4, 5)  # asking re-simulated a copy; the run is untouched


def test_the_source_view_opens_at_the_first_statement(make):
    assert make().first_statement_line() == 8


def test_run_is_blocked_with_a_reason_while_the_program_does_not_compile(make):
    d = make("PROGRAM Main\nERROR := 1;\nEND_PROGRAM\n")
    reason = d.run_blocked_reason()
    assert reason.startswith("the program does not compile: line 2")
    assert make().run_blocked_reason() is None


def test_reload_says_what_it_did(make):
    d = make()
    d.toggle_breakpoint(21)
    d.toggle_breakpoint(23)
    lines = BELT_PROGRAM.splitlines()
    lines[22] = "Scans := Scans + 2;"  # line 23 changes: its breakpoint cannot follow it
    d.reload("\n".join(lines) + "\n")
    assert "changes compiled" in d.message and "run restarted from scan 0" in d.message
    assert "1 breakpoint kept, 1 dropped" in d.message
    d.reload(d.source)
    assert "the file is unchanged" in d.message


def test_a_violated_rule_gets_the_signals_it_reads_plotted(make):
    d = make()
    # BELT-S1 declares no signals: its wording names the belt, whose points are both plotted
    assert d.rule_signals("BELT-S1") == ["PartAtEye", "Motor"]
    d.plot_signals.clear()
    d._plot_rule_signals("BELT-S1", "part ran off the end of the belt")
    assert d.plot_signals == ["PartAtEye", "Motor"]


def test_a_rule_that_declares_its_signals_plots_those():
    import dataclasses

    task = belt_task()
    rule = dataclasses.replace(task.safety_rules[0], signals=("motor",))
    task = dataclasses.replace(task, safety_rules=(rule,))
    d = Debugger(task, BELT_PROGRAM.replace("Motor := NOT PartAtEye;", "Motor := TRUE;"), "belt.st",
                 compile_source=_real_compiler())
    d.plot_signals.clear()
    d.continue_to_break()  # the part runs off the belt: break on violation
    assert d.first_violation()[1] == "BELT-S1"
    assert d.plot_signals == ["Motor"]


def test_a_forced_io_row_shows_the_forced_value_at_once(make):
    d = make()
    d.run_to_scan(2)
    assert d.force_io("PartAtEye", True)
    row = next(r for r in d.io_rows() if r.name == "PartAtEye")
    assert row.forced and row.value is True
    assert d.forced_devices() == {"belt": ["PartAtEye"]}
    assert d.format_signal("Scans", 3.0) == "3"


def test_reload_keeps_plotted_variables_that_still_exist(make):
    d = make()
    d.add_plot("Scans")
    d.add_plot("Motor")
    d.run_to_scan(3)
    d.reload(BELT_PROGRAM.replace("Scans := Scans + 0;", "ERROR := 1;"))  # does not compile
    assert d.plot_signals == ["Scans", "Motor"]                            # kept for the fix
    d.reload(BELT_PROGRAM)
    assert d.plot_signals == ["Scans", "Motor"]
    d.run_to_scan(2)
    assert d.signal_history("Scans")[1] == [1.0, 2.0, 3.0]
