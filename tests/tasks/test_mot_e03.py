"""MOT-E03 Jog with soft limits: the plant, the operator's script and the judges, proven with
Python controllers. The ST reference, idle, blind, rule counterexamples and cheap attempts:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E03")


def python_reference(i, o, m, now):
    """Written differently from reference.st: the braking distance from the drive's known
    acceleration (read from the plant: a test-only shortcut the ST programs cannot take) and a
    direction latched per press."""
    o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
    o["drive_enable"] = True
    speed = 150 if i["speed_fast"] else 20
    o["move_speed"] = speed
    alone = i["jog_plus_pb"] != i["jog_minus_pb"]
    if not alone:
        m["dir"], m["used"] = 0, False
    elif not m.get("used"):
        m["dir"], m["used"] = (1 if i["jog_plus_pb"] else -1), True
    d = m.get("dir", 0)
    pos, v = i["actual_position"] / 10, abs(i["actual_velocity"])
    room = (i["soft_limit_plus"] / 10 - pos) if d > 0 else (pos - i["soft_limit_minus"] / 10)
    brake = v * v / (2 * m["accel"])
    if d and (room <= 3.0 if v == 0 else room - brake - v * 0.005 < m.get("aim", 1.0)):
        m["dir"] = d = 0
    o["jog_plus"], o["jog_minus"] = d > 0, d < 0
    lo, hi = i["soft_limit_minus"], i["soft_limit_plus"]
    near = 1 <= hi - i["actual_position"] <= 29 or 1 <= i["actual_position"] - lo <= 29
    o["at_limit"] = bool(i["standstill"] and d == 0 and near)


def controller(condition, **memory):
    accel = condition.params["accel"]
    return lambda: Logic(TASK, python_reference, {"accel": accel, **memory})


def run(name, **memory):
    cond = TASK.condition(name)
    return Session(TASK, cond, controller(cond, **memory)()).run_to_end()


def test_python_reference_passes_every_registered_and_some_sampled_conditions(kit):
    for cond in (*TASK.conditions, *TASK.sample(6, seed=5)):
        verdict = Session(TASK, cond, controller(cond)()).run_to_end()
        assert verdict.passed, (cond.name, verdict.pending, verdict.violated_rules)


def test_stopping_too_close_to_the_limit_overruns_it_and_too_far_misses_the_window():
    late = run("nominal", aim=-2.5)            # its stop lands 1-2.5 mm past the limit
    assert "MOT-E03-S1" in late.violated_rules
    early = run("nominal", aim=4.0)            # aims 4 mm inside
    assert not early.success and early.safe
    assert "did not come to rest 0.5-3 mm inside" in early.completion_failed


def test_a_slide_outside_the_range_may_only_come_back_toward_it():
    verdict = run("below_the_range")
    assert verdict.passed
    # a press away from the range, obeyed: the slide leaves it further behind
    def obey(i, o, m, now):
        python_reference(i, o, m, now)
        if i["jog_minus_pb"] and not i["jog_plus_pb"]:
            o["jog_minus"], o["move_speed"] = True, 20
    cond = TASK.condition("below_the_range")
    bad = Session(TASK, cond, Logic(TASK, obey, {"accel": cond.params["accel"]})).run_to_end()
    assert bad.violated_rules == ["MOT-E03-S1"]
    assert "moved away from it" in bad.violations[0].message


def test_every_condition_scripts_each_kind_of_press():
    for cond in (*TASK.conditions, *TASK.sample(30, seed=2)):
        kinds = [p[4] for p in cond.params["presses"]]
        assert kinds.count("to_limit") == 2 and "blocked" in kinds and "free" in kinds
        assert any(p[2] == 0 for p in cond.params["presses"])           # both buttons once
        lo, hi, start = cond.params["soft_min_mm"], cond.params["soft_max_mm"], cond.params["start_mm"]
        if not lo <= start <= hi:
            assert kinds[0] == "blocked" and kinds[1] == "free"
        times = [t for p in cond.params["presses"] for t in p[:2]]
        assert times == sorted(times) and times[-1] + 4.0 < TASK.time_limit_s


def test_the_selector_is_turned_only_while_no_button_is_held():
    for cond in (*TASK.conditions, *TASK.sample(20, seed=4)):
        held = [(p[0], p[1]) for p in cond.params["presses"]]
        for act in cond.operator:
            if act.action == "select":
                # 0.25 s after a release the slide is still (S2)
                assert not any(on - 0.01 <= act.time_s <= off + 0.25 for on, off in held)


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("120.5", "402.3"))
    assert "v^2 / 2a" in text and "0.5 to 3 mm inside" in text


def test_session_is_deterministic():
    a, b = run("narrow_and_stiff"), run("narrow_and_stiff")
    assert a.passed and b.passed
    sa = Session(TASK, "narrow_and_stiff", controller(TASK.condition("narrow_and_stiff"))())
    sa.run_to_end()
    sb = Session(TASK, "narrow_and_stiff", controller(TASK.condition("narrow_and_stiff"))())
    sb.run_to_end()
    assert sa.trace_hash() == sb.trace_hash()
