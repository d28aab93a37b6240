"""MOT-E12 E-stop stop and acknowledged restart: the plant, the operator's script and the judges,
proven with Python controllers. The ST reference, idle, blind, rule counterexamples and cheap
attempts: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E12")


def python_reference(i, o, m, now):
    """Written differently from reference.st: the E-stop chain as a phase name, the cycle as a
    list of targets taken in turn."""
    edge = {k: i[k] and not m.get(k) for k in ("start_pb", "reset_pb")}
    m.update({k: i[k] for k in ("start_pb", "reset_pb")})
    phase = m.get("phase", "idle")
    if not i["estop_ok"]:
        phase = "in"
    elif phase == "in":
        phase = "out"
    elif phase == "out" and edge["reset_pb"] and not m.get("reset_counts_early"):
        phase = "acked"
    elif phase in ("acked", "idle") and edge["start_pb"]:
        phase, m["sent"] = "run", False
    if m.get("reset_counts_early") and phase == "out" and m.get("early"):
        phase = "acked"
    if phase == "in" and edge["reset_pb"]:
        m["early"] = True
    m["phase"] = phase
    o["red"], o["amber"], o["green"] = phase in ("in", "out"), phase == "acked", phase == "run"
    if phase != "run":
        o["drive_enable"] = o["start_move"] = False
        return
    o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
    o["drive_enable"] = True
    ends = m.setdefault("ends", ["position_a"] + ["position_b", "position_a"] * 6)
    if not ends or not i["drive_ready"]:
        o["start_move"] = False
        return
    goal = i[ends[0]]
    if not m.get("sent"):
        o["target_position"], o["start_move"], m["sent"], m["sent_at"] = goal, True, True, now
    elif (now > m["sent_at"] and i["in_position"] and i["standstill"]
          and abs(i["actual_position"] - goal) <= 5):
        ends.pop(0)
        o["start_move"], m["sent"] = False, False


def run(name, **memory):
    return Session(TASK, name, Logic(TASK, python_reference, memory)).run_to_end()


def test_python_reference_passes_every_registered_and_some_sampled_conditions(kit):
    kit.passes(grade(TASK, lambda: Logic(TASK, python_reference)))
    report = grade(TASK, lambda: Logic(TASK, python_reference), conditions=TASK.sample(6, seed=5))
    assert report.all_passed, kit.why(report)


def test_the_estop_contact_is_normally_closed():
    s = Session(TASK, "nominal", Logic(TASK, python_reference))
    s.step()
    assert s.state.io["estop_ok"] is True          # not pressed at power-up
    trip = next(a.time_s for a in TASK.condition("nominal").operator if a.action == "trip_estop")
    s.run(round(trip * 100) + 1 - s.scan_index)
    assert s.state.io["estop_ok"] is False


def test_a_reset_pressed_while_the_estop_is_in_must_not_count():
    # two_trips_slow presses Reset during its first trip; counting it puts out red too early
    script = [a.action + a.target for a in TASK.condition("two_trips_slow").operator]
    assert script.count("pressreset_button") > TASK.condition("two_trips_slow").params["trips"]
    verdict = run("two_trips_slow", reset_counts_early=True)
    assert "MOT-E12-S3" in verdict.violated_rules


def test_keeping_the_drive_enabled_through_a_trip_trips_the_stop_rule():
    def enabled(i, o, m, now):
        python_reference(i, o, m, now)
        if m["phase"] in ("in", "out"):
            o["drive_enable"] = True                 # held by the drive, not disabled
    verdict = Session(TASK, "nominal", Logic(TASK, enabled)).run_to_end()
    assert verdict.violated_rules == ["MOT-E12-S1"]
    assert "drive still enabled" in verdict.violations[0].message


def test_waiting_at_an_end_longer_than_half_a_second_fails_the_cycle():
    def dawdle(i, o, m, now):
        if m.get("hold_until", 0) > now:
            o["start_move"] = False
            return
        before = len(m.get("ends", [])) or 13
        python_reference(i, o, m, now)
        if len(m.get("ends", [])) < before:
            m["hold_until"] = now + 800              # 0.8 s at each end
    verdict = Session(TASK, "no_trip_fault", Logic(TASK, dawdle)).run_to_end()
    assert not verdict.success and verdict.safe
    assert "toward the end it was bound for" in verdict.pending


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("4.08", "10.65"))
    assert "NC contact" in text and "pulled out" in text and "Reset" in text


def test_session_is_deterministic():
    a = Session(TASK, "two_trips_fast", Logic(TASK, python_reference))
    a.run_to_end()
    b = Session(TASK, "two_trips_fast", Logic(TASK, python_reference))
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_scripts_hold_each_kind_of_operator_error():
    drawn = TASK.sample(40, seed=3)
    trips = [c.params["trips"] for c in drawn]
    assert {0, 1, 2} <= set(trips)
    early_resets = early_starts = 0
    for cond in drawn:
        acts = sorted(cond.operator, key=lambda a: a.time_s)
        state = "run"
        for a in acts:
            if a.action == "trip_estop":
                state = "in"
            elif a.action == "reset_estop":
                state = "out"
            elif a.action == "press" and a.target == "reset_button":
                early_resets += state == "in"
                state = "acked" if state == "out" else state
            elif a.action == "press" and a.target == "start_button":
                early_starts += state == "out"
                state = "run" if state == "acked" else state
        assert state == "run"
    assert early_resets and early_starts
