"""MOT-E02 Homing to a reference switch: the plant and judges proven with Python controllers.
The ST reference, idle, blind, rule counterexamples and cheap attempts: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E02")


def python_reference(i, o, m, now):
    """Written differently from reference.st: flags, and the creep leg starts from on the cam or
    from wherever the search stopped."""
    if i["start_pb"]:
        m["go"] = True
    if not m.get("go"):
        return
    o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
    o["drive_enable"] = True
    if not i["drive_ready"] and not m.get("phase"):
        return
    phase = m.setdefault("phase", "creep" if i["ref_cam"] else "search")
    creep_speed = m.get("creep_speed", 10)
    if phase == "search":
        o["move_speed"], o["jog_minus"] = 100, not i["ref_cam"]
        if i["ref_cam"]:
            m["phase"] = "stop"
    elif phase == "stop" and i["standstill"]:
        m["phase"], m["seen"] = "creep", False
    elif phase == "creep":
        o["move_speed"], o["jog_plus"] = creep_speed, True
        m["seen"] = m.get("seen") or i["ref_cam"] or now == 0
        if i["ref_cam"]:
            m["seen"] = True
        elif m.get("seen"):
            o["set_ref"], o["jog_plus"], m["phase"] = True, False, "ref"
    elif phase == "ref" and i["referenced"] and i["standstill"]:
        o["target_position"], o["move_speed"], m["phase"] = 0, 0, "edge"
    elif phase == "edge":
        o["start_move"], m["phase"] = True, "to_zero"
    elif phase == "to_zero":
        o["homed"] = bool(i["in_position"] and i["standstill"])


def controller(logic, **memory):
    return lambda: Logic(TASK, logic, memory)


def test_python_reference_passes_every_registered_and_some_sampled_conditions(kit):
    kit.passes(grade(TASK, controller(python_reference)))
    report = grade(TASK, controller(python_reference), conditions=TASK.sample(10, seed=5))
    assert report.all_passed, kit.why(report)


def test_a_creep_faster_than_10_mm_per_s_trips_only_the_set_ref_speed_rule():
    verdict = Session(TASK, "nominal", Logic(TASK, python_reference, {"creep_speed": 25})).run_to_end()
    assert verdict.violated_rules == ["MOT-E02-S3"]
    assert "set_ref given at" in verdict.violations[0].message


def test_a_search_at_full_speed_runs_a_soft_drive_onto_the_minus_limit():
    def full_speed(i, o, m, now):
        python_reference(i, o, m, now)
        if o["jog_minus"]:
            o["move_speed"] = 1000
    verdict = Session(TASK, "far_and_soft", Logic(TASK, full_speed)).run_to_end()
    assert not verdict.safe and verdict.violated_rules == ["MOT-E02-S1"]
    assert "minus limit switch" in verdict.violations[0].message


def test_the_reference_missing_the_edge_by_the_switchs_differential_travel_is_not_at_the_edge():
    # set_ref the scan the switch makes while creeping onto the cam from plus at 10 mm/s
    def onto_cam(i, o, m, now):
        if i["start_pb"]:
            m["go"] = True
        if not m.get("go"):
            return
        o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
        o["drive_enable"] = True
        o["move_speed"], o["jog_minus"] = 10, not m.get("ref") and i["drive_ready"]
        if i["ref_cam"] and not m.get("ref"):
            o["set_ref"], o["jog_minus"], m["ref"] = True, False, True
    verdict = Session(TASK, "beside_the_cam", Logic(TASK, onto_cam)).run_to_end()
    assert not verdict.success and verdict.safe
    assert "reference set within 0.3 mm of the cam edge" in verdict.pending


def test_homing_at_power_up_without_waiting_for_start_trips_the_no_motion_rule():
    # before S5 this passed far_and_soft: the homing from 470 mm outlasted the press at 3.8 s
    def early(i, o, m, now):
        m["go"] = True          # ignores the button
        python_reference(i, o, m, now)
    verdict = Session(TASK, "far_and_soft", Logic(TASK, early)).run_to_end()
    assert verdict.violated_rules == ["MOT-E02-S5"]
    assert "before Start was pressed" in verdict.violations[0].message


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("-18.5", "-31 mm", "470 mm"))
    assert "differential travel" in text and "falling edge" in text and "-200" in text


def test_session_is_deterministic():
    a = Session(TASK, "on_the_cam", Logic(TASK, python_reference))
    a.run_to_end()
    b = Session(TASK, "on_the_cam", Logic(TASK, python_reference))
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_conditions_start_on_beside_and_away_from_the_cam():
    drawn = TASK.sample(60, seed=3)
    edge = -20.0
    on = [c for c in drawn if c.params["start_mm"] <= edge]
    beside = [c for c in drawn if edge < c.params["start_mm"] <= edge + 5.0]
    assert on and beside and len(on) + len(beside) < len(drawn)
    assert all(c.params["start_mm"] >= edge - c.params["cam_length_mm"] for c in on)
    for cond in drawn:
        press = next(a for a in cond.operator if a.action == "press")
        assert press.time_s == cond.params["start_press_s"]
    assert any(c.params["fault_at_start"] for c in drawn)
