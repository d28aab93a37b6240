"""MAT-E08 Light-curtain muting at a pallet exit: why its programs pass or fail, condition by
condition, and a Python controller that proves the judges without the ST compiler."""

from __future__ import annotations

import random

import tasks
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E08")


def controller(mute_from_m1=False, restart_delay_scans=0, stop_delay_scans=0):
    """The reference's logic by I/O name; variants: muting as soon as M1 is on (no order, no
    timing), restarting some scans after the Reset edge, stopping some scans late."""

    def logic(i, o, m, now):
        if i["m1"] and not m.get("m1"):
            m["m1_at"] = now
        elif not i["m1"]:
            m["m1_at"] = None
        since = None if m.get("m1_at") is None else now - m["m1_at"]
        if mute_from_m1 and i["m1"]:
            m["muted"] = True
        if i["m2"] and not m.get("m2") and since is not None and 100 <= since <= 3000:
            m["muted"] = True
        if m.get("muted") and m.get("m4") and not i["m4"]:
            m["muted"], m["out"] = False, m.get("out", 0) + 1
        edge = i["reset_pb"] and not m.get("reset")
        if not i["curtain_clear"] and not m.get("muted"):
            m["tripped"], m["late"] = True, m.get("late", stop_delay_scans)
        elif m.get("tripped") and i["curtain_clear"] and edge:
            m["tripped"], m["wait"] = False, restart_delay_scans
        m["m1"], m["m2"], m["m4"], m["reset"] = i["m1"], i["m2"], i["m4"], i["reset_pb"]
        run = not m.get("tripped") and m.get("out", 0) < 5
        if m.get("tripped") and m.get("late", 0) > 0:
            m["late"] -= 1
            run = True
        elif not m.get("tripped"):
            m["late"] = stop_delay_scans
        if run and m.get("wait", 0) > 0:
            m["wait"] -= 1
            run = False
        o["belt_run"], o["muting_lamp"] = run, bool(m.get("muted"))

    return lambda: Logic(TASK, logic)


def test_the_python_controller_passes_every_condition():
    report = grade(TASK, controller())
    assert report.reward == 1, [(c.name, c.pending, c.violated_rules) for c in report.conditions]


def test_two_sided_window_stop_within_0_1_s_restart_within_0_5_s_of_the_reset():
    assert grade(TASK, controller(stop_delay_scans=5)).reward == 1         # 50 ms late: within 0.1 s
    late_stop = grade(TASK, controller(stop_delay_scans=15))
    assert late_stop.reward == 0 and all("MAT-E08-S1" in c.violated_rules for c in late_stop.conditions)
    assert grade(TASK, controller(restart_delay_scans=40)).reward == 1      # 0.4 s after the Reset
    slow = grade(TASK, controller(restart_delay_scans=60))
    assert slow.reward == 0
    assert all(not c.violated_rules and "stood still" in c.pending for c in slow.conditions if not c.passed)


def test_muting_on_m1_alone_mutes_the_curtain_for_a_person_beside_m1():
    report = grade(TASK, controller(mute_from_m1=True))
    by = {c.name: c.violated_rules for c in report.conditions}
    assert "MAT-E08-S1" in by["arm_on_m1"] and "MAT-E08-S2" in by["arm_on_m1"]


def test_the_late_m2_and_the_cart_on_both_eyes_defeat_muting_on_m1_and_m2(kit):
    report = kit.graded(TASK, "counterexamples/mute_on_m1_and_m2.st")
    tripped = {c.name for c in report.conditions if "MAT-E08-S1" in c.violated_rules}
    assert tripped == {"m1_m2_together", "m2_too_late_alone"}


def test_a_person_following_a_pallet_is_muted_through_by_a_muting_timer(kit):
    report = kit.graded(TASK, "counterexamples/mute_by_timer.st")
    assert any("MAT-E08-S2" in c.violated_rules for c in report.conditions)
    assert report.reward == 0


def test_a_clock_instead_of_the_curtain_fails_the_runs_whenever_it_may_watch(kit):
    report = kit.graded(TASK, "counterexamples/stop_on_a_clock.st")
    for c in report.conditions:
        assert not c.passed and not c.violated_rules and "stood still" in c.pending, c.name


def test_the_sampler_keeps_fixed_time_events_before_the_first_pallet_and_always_has_a_person():
    for n in range(300):
        p = TASK.sampler(random.Random(n))["params"]
        ends = [at + stay for _, at, stay, _, _ in p["events"]] + [p["person_at_power_up_s"]]
        assert max(ends) + 0.5 <= p["first_pallet_s"] or max(ends) == 0.0
        assert 0.0 <= p["first_pallet_s"] <= 12.0
        assert p["events"] or p["behind"] or p["person_at_power_up_s"]


def test_the_prompt_states_every_rule_and_the_muting_sequence(kit):
    text = kit.prompt_states_everything(TASK, hidden=("2.2 s", "3.6 s"))
    assert "0.1 to 3 s" in text and "M4 goes off" in text and "begins while the curtain is clear" in text
