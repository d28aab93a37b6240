"""The debugger on real tasks with the real ST compiler: time travel and break on violation."""

from __future__ import annotations

import pytest

from app.debugger import PAUSED
from app.loading import load_debugger


def flat(nodes, out=None):
    out = {} if out is None else out
    for n in nodes:
        if n.children:
            flat(n.children, out)
        else:
            out[n.path] = n.value
    return out


def drive(d, until):
    """The same user session every time: an early Start press, a variable edit, a force."""
    d.run_to_scan(20)
    d.operate("press", "start_button")
    d.run_to_scan(30)
    d.operate("release", "start_button")
    d.run_to_scan(60)
    d.force_io("move_speed", 50)
    d.run_to_scan(until)


def test_rewind_on_a_real_task_equals_a_fresh_run_with_the_same_operator_actions_and_forces():
    d = load_debugger("MOT-E01", None, None)
    drive(d, 400)
    assert d.scan == 400
    d.rewind(150)
    fresh = load_debugger("MOT-E01", None, None)
    drive(fresh, 150)
    assert d.scan == fresh.scan == 150
    assert d.session.trace_hash() == fresh.session.trace_hash()
    assert flat(d.variables()) == flat(fresh.variables())
    assert d.plant["slide"].state() == fresh.plant["slide"].state()
    # The press made after scan 20 is in the replayed trace: the program saw Start from scan 21.
    assert d.session.trace.value("start_pb", 20) is False
    assert d.session.trace.value("start_pb", 21) is True
    # Going forward again replays the recorded edits and reaches the same end state.
    d.run_to_scan(400)
    again = load_debugger("MOT-E01", None, None)
    drive(again, 400)
    assert d.session.trace_hash() == again.session.trace_hash()


def test_break_on_violation_and_go_to_scan_speak_the_graders_scan_numbers():
    prog = "tasks/mat_m04/counterexamples/MAT-M04-S1.st"
    import st
    from sim.verifier import grade

    task = load_debugger("MAT-M04", prog, "chute_full").task
    comp = st.compile_source(open(prog).read(), prog)
    report = grade(task, lambda: comp.program.instantiate(), conditions=[task.condition("chute_full")])
    first = report.conditions[0].first_violation
    k = first.scan

    d = load_debugger("MAT-M04", prog, "chute_full")
    d.continue_to_break()
    assert d.state == PAUSED
    assert d.first_violation()[:2] == (k, "MAT-M04-S1") == (first.scan, first.rule_id)
    assert "pusher1" in d.first_violation()[2]
    # the debugger stops showing the scan the grader names
    assert d.scan == k
    assert d.scan_status() == f"last scan {k} (t = {k / 100:.2f} s)"
    assert f"violated in scan {k}" in d.message
    # going to the scan before shows no violation yet; going to the grader's scan shows it
    d.rewind(k - 1)
    assert d.first_violation() is None and d.scan == k - 1
    d.run_to_scan(k)
    assert d.first_violation()[:2] == (k, "MAT-M04-S1") and d.scan == k
    d.rewind(0)
    d.rewind(k)
    assert d.first_violation()[:2] == (k, "MAT-M04-S1") and d.scan == k


def test_a_breakpoint_in_a_real_program_stops_on_its_line_with_the_scan_state():
    d = load_debugger("MOT-E01", None, None)
    lines = d.source.splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.strip() == "Done := FALSE;")
    assert d.toggle_breakpoint(line)
    d.continue_to_break()
    assert (d.current_line, d.scan) == (line, 0)
    assert d.read("Step") == 0
    d.step_over()
    assert lines[d.current_line - 1].strip().startswith("StartMove := FALSE") and d.scan == 0
    d.continue_to_break()
    assert (d.current_line, d.scan) == (line, 1)


@pytest.mark.parametrize("task_id", ["MAT-E01", "MOT-M14"])
def test_reference_programs_complete_in_the_debugger(task_id):
    d = load_debugger(task_id, None, None)
    d.continue_to_break()
    ok, at = d.completion()
    assert ok and d.first_violation() is None, d.message
