"""MOT-E14 Star-delta start by speed: the plant and judges proven with Python controllers
(independent of the ST compiler). The ST reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E14")


def starter(change_at_rpm=1275, dead_ms=None, star_ms=None, lock_out=True):
    """A step chain in Python; `dead_ms` replaces K2's aux by a fixed dead time, `star_ms` the
    speed by a fixed star stage, `lock_out=False` forgets the reset interlock."""
    def logic(i, o, m, now):
        m.setdefault("step", 0)
        if not i["overload_ok"]:
            m["locked"] = lock_out
        elif i["reset_pb"]:
            m["locked"] = False
        edge = i["start_pb"] and not m.get("was")
        m["was"] = i["start_pb"]
        if not i["stop_pb"] or not i["overload_ok"]:
            m["step"] = 0
        st = m["step"]
        if st == 0:
            o["k1"] = o["k2"] = o["k3"] = False
            if edge and i["stop_pb"] and i["overload_ok"] and not m.get("locked"):
                m["step"], m["t"] = 10, now
        elif st == 10:
            o["k2"] = True
            if i["k2_aux"]:
                o["k1"], m["step"], m["t"] = True, 20, now
        elif st == 20:
            if (i["speed"] >= change_at_rpm) if star_ms is None else now - m["t"] >= star_ms:
                o["k2"], m["step"], m["t"] = False, 30, now
        elif st == 30:
            if (not i["k2_aux"]) if dead_ms is None else now - m["t"] >= dead_ms:
                o["k3"], m["step"] = True, 40
    return Logic(TASK, logic)


def run(condition, controller):
    return Session(TASK, condition, controller).run_to_end()


def test_a_python_starter_driven_by_speed_and_aux_contacts_passes():
    for name in ("nominal", "overload_in_delta", "stop_in_star"):
        assert run(name, starter()).passed, name


def test_delta_at_low_speed_trips_the_current_rule():
    verdict = run("heavy_fan_fast_k2", starter(change_at_rpm=500))
    assert "MOT-E14-S2" in verdict.violated_rules


def test_a_fixed_star_stage_sized_for_the_slowest_fan_is_late_on_a_light_one():
    verdict = run("light_fan_slow_k2", starter(star_ms=8100))
    assert verdict.safe and not verdict.success
    assert "was not in delta 1 s later" in verdict.pending


def test_a_fixed_dead_time_short_enough_overlaps_a_slow_k2_and_a_long_one_is_a_spike():
    assert run("light_fan_slow_k2", starter(dead_ms=60)).violated_rules == ["MOT-E14-S1"]
    assert "MOT-E14-S2" in run("heavy_fan_fast_k2", starter(dead_ms=110)).violated_rules


def test_a_restart_without_reset_after_the_trip_trips_the_lock_out_rule():
    verdict = run("overload_in_delta", starter(lock_out=False))
    assert verdict.violated_rules == ["MOT-E14-S4"]
    assert "before Reset" in verdict.first_violation.message


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK)
    assert "NC contact: TRUE while NOT pressed" in text and "1275 rpm" in text


def test_session_is_deterministic():
    a = Session(TASK, "overload_in_delta", starter())
    a.run_to_end()
    b = Session(TASK, "overload_in_delta", starter())
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_conditions_vary_the_run_up_and_drop_out_and_bring_trips_and_stops_in_star():
    drawn = TASK.sample(60, seed=3)
    plans = [c.params["plan"] for c in drawn]
    assert any("overload" in p for p in plans) and any("star_stop" in p for p in plans)
    assert any(p == ("run", "run") for p in plans)
    runups = [c.params["runup_s"] for c in drawn]
    assert min(runups) < 1.5 and max(runups) > 6.0
    dropouts = [c.params["dropout_s"] for c in drawn]
    assert min(dropouts) < 0.03 and max(dropouts) > 0.09
    assert [c.params for c in TASK.sample(5, seed=3)] == [c.params for c in drawn[:5]]
