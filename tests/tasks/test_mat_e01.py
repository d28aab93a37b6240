"""MAT-E01 Local workpiece acquisition: the task's plant and judges, proven with programs.

The ST programs in tasks/mat_e01/ are graded with the real compiler.
Python controllers that do the same as those programs prove the plant and the judges
independently of the compiler (they implement the controller protocol of docs/architecture.md).
"""

from __future__ import annotations

import pytest

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E01")


def PythonProgram(logic):
    """A controller whose scan is a Python function of the I/O image by name and plant time."""
    return Logic(TASK, logic)


def reference(i, o, m, now):
    gripping = m.get("gripping", False)
    if not gripping and i["part_in_nest"] and i["jaws_open"]:
        gripping = True
    if gripping and i["closed_empty"]:
        gripping = False
    m["gripping"] = gripping
    o["close_gripper"] = gripping
    o["part_secured"] = gripping and i["part_held"]


def second_correct(i, o, m, now):
    # written differently: close follows the nest eye once steady for 60 ms, confirm = held
    steady = m.setdefault("since", None)
    if i["part_in_nest"]:
        m["since"] = now if steady is None else steady
    elif not m.get("closed"):
        m["since"] = None
    if m["since"] is not None and now - m["since"] >= 60:
        m["closed"] = True
    o["close_gripper"] = m.get("closed", False)
    o["part_secured"] = m.get("closed", False) and i["part_held"]


def idle(i, o, m, now):
    pass


def blind(i, o, m, now):
    o["close_gripper"] = now >= 4100
    o["part_secured"] = now >= 4800


def close_at_power_up(i, o, m, now):          # MAT-E01-S1
    o["close_gripper"] = True
    o["part_secured"] = i["part_held"]


def secured_too_early(i, o, m, now):          # MAT-E01-S2
    if i["part_in_nest"] and i["jaws_open"]:
        m["gripping"] = True
    o["close_gripper"] = o["part_secured"] = m.get("gripping", False)


def opens_on_part(i, o, m, now):              # MAT-E01-S3
    if not m.get("gripping") and not m.get("withdrawn") and i["part_in_nest"] and i["jaws_open"]:
        m["gripping"] = True
    if m.get("gripping") and i["part_held"]:
        m.setdefault("secured_at", now)
    else:
        m.pop("secured_at", None)
    if "secured_at" in m and now - m["secured_at"] >= 1000:
        m["withdrawn"] = True        # and open on the part in the same scan
        m["gripping"] = False
    o["close_gripper"] = m.get("gripping", False)
    o["part_secured"] = m.get("gripping", False) and i["part_held"] and not m.get("withdrawn")


def fixed_wait(wait_ms):
    """Closes on the nest eye like the reference but confirms after a fixed wait."""
    def logic(i, o, m, now):
        if "closed_at" not in m and i["part_in_nest"] and i["jaws_open"]:
            m["closed_at"] = now
        closed = "closed_at" in m
        o["close_gripper"] = closed
        o["part_secured"] = closed and now - m["closed_at"] >= wait_ms
    return logic


def py(logic):
    return lambda: PythonProgram(logic)


def results(report):
    return {c.name: c for c in report.conditions}


# -- the task as data ------------------------------------------------------------------------

def test_task_is_registered_with_conditions_rules_and_a_two_sided_grip_range():
    assert TASK.id == "MAT-E01" and TASK.suite == "MAT" and TASK.level == "E"
    assert len(TASK.conditions) >= 5
    grips = [c.params["grip_time_s"] for c in TASK.conditions]
    assert min(grips) <= 0.25 and max(grips) >= 1.1
    arrivals = [c.params["arrival_s"] for c in TASK.conditions]
    assert 0.0 in arrivals and max(arrivals) > 3.0            # present at start and placed late
    rng = {p.name: (p.low, p.high) for p in TASK.parameters}
    for c in TASK.conditions:                                   # hidden values inside the published ranges
        for name, (lo, hi) in rng.items():
            assert lo <= c.params[name] <= hi, (c.name, name)


@pytest.mark.parametrize("cond", TASK.conditions, ids=lambda c: c.name)
def test_measured_grip_time_matches_the_condition(cond):
    """Close as soon as the part is in the nest; part_held comes grip_time_s later (+- 1 scan)."""
    s = Session(TASK, cond, PythonProgram(reference))
    closed_at = held_at = None
    while held_at is None and s.scan_index < 1000:
        s.step()
        if closed_at is None and s.controller.o["close_gripper"]:
            closed_at = s.scan_index - 1
        if s.plant["gripper"].read("part_held"):
            held_at = s.scan_index - 1
    assert closed_at is not None and held_at is not None
    assert (held_at - closed_at) * 0.01 == pytest.approx(cond.params["grip_time_s"], abs=0.021)


def test_same_condition_gives_the_same_trace_and_the_nest_eye_chatters_on_arrival():
    runs = []
    for _ in range(2):
        s = Session(TASK, "very_late_fast_grip", PythonProgram(reference))
        s.run_to_end()
        runs.append(s)
    assert runs[0].trace_hash() == runs[1].trace_hash()
    eye = [row[0] for row in runs[0].trace.rows]
    edges = [k for k in range(1, len(eye)) if eye[k] != eye[k - 1]]
    assert 361 <= edges[0] <= 365              # placed during the plant step after the 3.6 s scan
    assert len(edges) > 1 and edges[-1] <= 366   # chatter for up to 40 ms, then steady TRUE
    assert eye[-1] is True


# -- graded with Python controllers (independent of the ST compiler) -------------------------

def test_reference_logic_passes_every_condition(kit):
    report = grade(TASK, py(reference))
    kit.passes(report)
    for c in report.conditions:
        assert c.success and c.safe and c.completion_s is not None


def test_a_differently_written_correct_program_also_passes(kit):
    kit.passes(grade(TASK, py(second_correct)))


def test_idle_earns_nothing_and_succeeds_nowhere(kit):
    report = grade(TASK, py(idle))
    kit.succeeds_nowhere(report)
    assert all(c.safe for c in report.conditions)


def test_blind_schedule_earns_nothing():
    report = grade(TASK, py(blind))
    assert report.reward == 0
    r = results(report)
    assert "MAT-E01-S2" in r["late_slow_grip"].violated_rules


@pytest.mark.parametrize("wait_ms", [300, 700, 1000, 1300, 2000])
def test_no_fixed_wait_for_the_held_signal_passes(wait_ms):
    report = grade(TASK, py(fixed_wait(wait_ms)))
    assert report.reward == 0
    r = results(report)
    if wait_ms < 1150:       # confirms before the slow grip has closed
        assert "MAT-E01-S2" in r["late_slow_grip"].violated_rules
    else:                    # waits so long that the fast grip's confirmation window passes
        assert not r["present_fast_grip"].success
        s = Session(TASK, "present_fast_grip", PythonProgram(fixed_wait(wait_ms)))
        verdict = s.run_to_end()
        assert verdict.end_reason == "completion failed"
        assert "'part secured' was not on 0.5 s later" in verdict.completion_failed


@pytest.mark.parametrize("rule, logic", [
    ("MAT-E01-S1", close_at_power_up),
    ("MAT-E01-S2", secured_too_early),
    ("MAT-E01-S3", opens_on_part),
])
def test_each_rule_counterexample_trips_exactly_that_rule(kit, rule, logic):
    kit.trips(grade(TASK, py(logic)), rule, others="never")


def test_violation_message_says_what_happened():
    report = grade(TASK, py(close_at_power_up), conditions=[TASK.condition("late_slow_grip")])
    v = report.conditions[0].first_violation
    assert v.rule_id == "MAT-E01-S1" and v.scan == 0
    assert "no workpiece between the jaws" in v.message


# -- the ST programs, graded with the real compiler ------------------------------------------

def test_st_reference_completes_like_its_python_twin(kit):
    # that it passes every condition: test_task_battery.py
    report = kit.graded(TASK, "reference.st")
    python = grade(TASK, py(reference))          # the ST and the Python reference act alike
    assert [c.completion_s for c in report.conditions] == [c.completion_s for c in python.conditions]


def test_st_blind_schedule_confirms_before_the_slow_grip_holds(kit):
    # that it earns 0: test_task_battery.py
    r = results(kit.graded(TASK, "counterexamples/blind.st"))
    assert "MAT-E01-S2" in r["late_slow_grip"].violated_rules


SECOND_CORRECT_ST = """
(* Written differently from the reference: debounce the nest eye with a timer, confirm
   with the held signal directly. *)
PROGRAM GripWhenSteady
VAR
    nest AT %IX0.0 : BOOL;
    held AT %IX0.1 : BOOL;
    close AT %QX0.0 : BOOL;
    secured AT %QX0.1 : BOOL;
    steady : TON;
END_VAR
steady(IN := nest OR close, PT := T#60ms);
close := steady.Q;
secured := close AND held;
END_PROGRAM
"""


def test_st_second_correct_program_also_passes(kit):
    kit.passes(grade(TASK, kit.st_text(SECOND_CORRECT_ST, "second.st")))


# -- issue 7: the close judged by the jaws really closing, the end state kept, sampled conditions

def close_pulse_then_reference(pulse_scans):
    """Answers the arrival with a close pulse of `pulse_scans` scans, then waits 0.6 s with the
    jaws open again and grips like the reference."""
    def logic(i, o, m, now):
        if i["part_in_nest"]:
            m.setdefault("seen", now)
        seen = m.get("seen")
        if seen is not None and now - seen < 10 * pulse_scans:
            o["close_gripper"], o["part_secured"] = True, False
        elif seen is not None and now - seen < 600:
            o["close_gripper"], o["part_secured"] = False, False
        elif seen is not None:
            reference(i, o, m, now)
    return logic


@pytest.mark.parametrize("pulse_scans", [1, 6])
def test_a_close_pulse_that_lets_the_jaws_open_again_is_no_closing(pulse_scans):
    # present_at_start: the jaws close at 127 mm/s, 1.3 mm a scan, and touch the part after 40 mm
    program = PythonProgram(close_pulse_then_reference(pulse_scans))
    verdict = Session(TASK, "present_at_start", program).run_to_end()
    assert not verdict.success and verdict.safe and verdict.end_reason == "time limit"
    assert "the jaws" in verdict.pending
    assert ("backed off" in verdict.pending) == (pulse_scans == 6)   # 6 scans: over 5 mm, then open


def test_letting_the_end_state_go_after_completion_takes_the_success_back():
    def drop(i, o, m, now):
        reference(i, o, m, now)
        if o["part_secured"]:
            m.setdefault("secured_at", now)
        if m.get("secured_at") is not None and now - m["secured_at"] >= 3000:
            o["part_secured"] = False           # 1 s into the post-completion window; jaws stay closed
    verdict = Session(TASK, "mid_slow_grip", PythonProgram(drop)).run_to_end()
    assert not verdict.success and verdict.safe and verdict.end_reason == "end state not kept"
    assert "with 'part secured' on" in verdict.completion_failed


def test_sampled_conditions_lie_in_the_published_ranges_and_vary():
    ranges = {r.name: r for r in TASK.parameters}
    drawn = TASK.sample(50, seed=3)
    for cond in drawn:
        for name, r in ranges.items():
            assert r.low <= cond.params[name] <= r.high, (cond.name, name, cond.params[name])
        assert 0.2 <= cond.params["settle_share"] <= 0.6
    arrivals = [c.params["arrival_s"] for c in drawn]
    assert 0.0 in arrivals and sum(a > 0 for a in arrivals) > 25
    assert len({c.params["grip_time_s"] for c in drawn}) > 40
    assert {c.params["shape"] for c in drawn} == {"box", "circle"}
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
