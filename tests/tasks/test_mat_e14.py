"""MAT-E14 Gapping a stream of touching parts: the gap judge and the stream proven with Python
controllers (independent of the ST compiler). The ST reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E14")


def gapper(target_mm=128.0, ratio=1.3):
    """A Python program in the reference's way: pull away at `ratio`, measure the gap at the
    transfer eye, pause the infeed until it is `target_mm`."""

    def logic(i, o, m, now):
        m["vin"] = max(m.get("vin", 0), i["infeed_speed"])
        fast = round(ratio * m["vin"])
        o["metering_run"] = True
        o["metering_speed"] = fast
        state = m.setdefault("state", "sep")
        if m.get("was_gap") and not i["gap_eye"]:
            m["passed"] = m.get("passed", 0) + 1
        m["was_gap"] = i["gap_eye"]
        if m.get("passed", 0) >= 12:
            o["infeed_run"] = o["metering_run"] = False
            return
        if state == "sep":
            o["infeed_run"] = True
            if m.get("was_eye") and not i["transfer_eye"] and m["vin"]:
                m["state"], m["gap"] = "measure", 0.0
        elif state == "measure":
            m["gap"] += fast * 0.01
            if i["transfer_eye"]:
                o["infeed_run"] = False
                m["state"] = "open"
        elif state == "open":
            m["gap"] += fast * 0.01
            if m["gap"] >= target_mm:
                o["infeed_run"] = True
                m["state"] = "sep"
        m["was_eye"] = i["transfer_eye"]

    return lambda: Logic(TASK, logic)


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, gapper()))


def test_gaps_are_measured_where_the_next_nose_passes_the_gap_eye():
    cond = TASK.conditions[0]
    s = Session(TASK, cond, gapper()())
    while not s.finished:
        s.step()
    gaps = [g for _, g in s.state.devices.gaps]
    assert len(gaps) == 11 and all(125.0 <= g <= 160.0 for g in gaps), gaps


def test_a_gap_too_large_ends_the_run():
    (c,) = grade(TASK, gapper(target_mm=210.0), conditions=[TASK.conditions[0]]).conditions
    why = f"{c.pending} {c.end_reason}"
    assert not c.passed and not c.violated_rules and "behind the part before it" in why, why
