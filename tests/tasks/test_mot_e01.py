"""MOT-E01 Single-slide positioning: the plant and judges proven with a Python controller.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E01")


def PyController(logic):
    """A controller written in Python against the task's I/O names (a second, independent program)."""
    return Logic(TASK, logic)


def python_reference(i, o, m, now):
    """Written differently from reference.st: flags instead of a step chain."""
    if i["start_pb"]:
        m["go"] = True
    if not m.get("go"):
        return
    o["reset_fault"] = i["drive_fault"] and not o.get("reset_fault")
    o["drive_enable"] = True
    if i["drive_ready"] and not m.get("started"):
        o["target_position"] = i["ordered_position"]
        o["start_move"] = True
        m["started"] = now
        return
    if m.get("started") is not None and now > m["started"]:
        o["done"] = bool(i["in_position"] and i["standstill"]
                         and abs(i["actual_position"] - i["ordered_position"]) <= 5)


def python_controller(logic):
    return lambda: PyController(logic)


# --- the plant and judges with Python programs (independent of the ST compiler) -----------

def test_python_reference_passes_every_condition(kit):
    kit.passes(grade(TASK, python_controller(python_reference)))


def test_task_has_five_conditions_with_values_inside_the_published_ranges():
    assert len(TASK.conditions) >= 5
    ranges = {r.name: r for r in TASK.parameters}
    for cond in TASK.conditions:
        for name, r in ranges.items():
            assert r.low <= cond.params[name] <= r.high, (cond.name, name)
    starts = {c.params["start_mm"] for c in TASK.conditions}
    assert len(starts) == len(TASK.conditions) and any(s > 0 for s in starts)


def test_done_too_late_fails_the_completion():
    def late(i, o, m, now):
        python_reference(i, o, m, now)
        if o.get("done"):
            m.setdefault("in_at", now)
            o["done"] = now - m["in_at"] >= 1500   # waits 1.5 s after in-position
    session = Session(TASK, "nominal", PyController(late))
    verdict = session.run_to_end()
    assert not verdict.success and verdict.end_reason == "completion failed" and verdict.safe
    assert "Done was not on 1 s later" in verdict.completion_failed


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    kit.prompt_states_everything(TASK, hidden=("462.3", "312.4"))


def test_session_is_deterministic():
    a = Session(TASK, "far_and_slow", PyController(python_reference))
    a.run_to_end()
    b = Session(TASK, "far_and_slow", PyController(python_reference))
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_letting_the_end_state_go_after_completion_takes_the_success_back():
    def drop(i, o, m, now):
        python_reference(i, o, m, now)
        if o.get("done"):
            m.setdefault("done_at", now)
        if m.get("done_at") is not None and now - m["done_at"] >= 3000:
            o["done"] = o["drive_enable"] = False     # 1 s into the post-completion window
    verdict = Session(TASK, "nominal", PyController(drop)).run_to_end()
    assert not verdict.success and verdict.safe and verdict.end_reason == "end state not kept"
    assert "the drive enabled and Done on" in verdict.completion_failed


def test_a_slow_but_steady_set_off_passes_and_a_late_one_does_not():
    # 1 mm of the distance must be closed within 1 s of Start: at move_speed 2 mm/s that takes
    # 0.5 s; the same move started 0.6 s after Start at 1 mm/s has closed 0.4 mm by then
    def slow(speed, wait_ms):
        def logic(i, o, m, now):
            if i["start_pb"]:
                m.setdefault("pressed", now)
            if m.get("pressed") is None or now - m["pressed"] < wait_ms:
                return
            m["go"] = True                 # Start was seen (it may be released by now)
            python_reference(i, o, m, now)
            o["move_speed"] = speed
        return logic
    steady = Session(TASK, "short_hop", PyController(slow(2, 0))).run_to_end()
    assert steady.passed
    late = Session(TASK, "short_hop", PyController(slow(1, 600))).run_to_end()
    assert not late.success and late.safe and "had not closed 1 mm" in late.pending


def test_sampled_conditions_lie_in_the_published_ranges_and_vary():
    ranges = {r.name: r for r in TASK.parameters}
    drawn = TASK.sample(50, seed=3)
    for cond in drawn:
        for name, r in ranges.items():
            assert r.low <= cond.params[name] <= r.high, (cond.name, name, cond.params[name])
        press = next(a for a in cond.operator if a.action == "press")
        assert press.time_s == cond.params["start_press_s"]
    faults = [c.params["fault_at_start"] for c in drawn]
    assert any(faults) and not all(faults)
    assert any(c.params["start_mm"] == c.params["requested_mm"] for c in drawn)
    assert len({c.params["requested_mm"] for c in drawn}) > 40
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
