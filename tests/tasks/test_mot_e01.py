"""MOT-E01 Single-slide positioning: the plant and judges proven with a Python controller.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade

TASK = tasks.get("MOT-E01")


class PyController:
    """A controller written in Python against the task's I/O names (a second, independent program)."""

    fault = None

    def __init__(self, logic):
        self.names = {p.address: p.name for p in TASK.io}
        self.i: dict = {}
        self.o: dict = {}
        self.logic = logic
        self.mem: dict = {}

    def set_input(self, address, value):
        self.i[self.names[address]] = value

    def get_output(self, address):
        return self.o.get(self.names[address], 0)

    def scan(self, now_ms):
        self.logic(self.i, self.o, self.mem, now_ms)


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
