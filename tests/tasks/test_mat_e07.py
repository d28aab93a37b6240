"""MAT-E07 Vacuum pick with blow-off: why its programs pass or fail, condition by condition, and
a Python controller that proves the judges without the ST compiler."""

from __future__ import annotations

import random

import tasks
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E07")


def controller(stable_scans=11, extra_wait_scans=0, tries=2):
    """The reference's sequence by I/O name: lift once vacuum_ok has been on `stable_scans` scans
    in a row (11: the 100 ms have passed), `extra_wait_scans` later; give up after `tries`."""

    def logic(i, o, m, now):
        step = m.setdefault("step", "home")
        o["reject"] = False
        if step == "home":
            o["x_out"] = o["z_down"] = o["vacuum"] = o["blow"] = False
            if i["x_is_in"] and i["z_is_up"]:
                m["step"] = "wait"
        elif step == "wait" and i["carton_at_pick"] and i["x_is_in"] and i["z_is_up"]:
            o["z_down"], m["step"] = True, "lower"
        elif step == "lower" and i["z_is_down"]:
            o["vacuum"], m["step"], m["on"], m["since"], m["seen"] = True, "suck", 0, now, False
        elif step == "suck":
            m["on"] = m["on"] + 1 if i["vacuum_ok"] else 0
            m["seen"] = m["seen"] or i["vacuum_ok"]
            if m["on"] >= stable_scans + extra_wait_scans:
                o["z_down"], m["fails"], m["step"] = False, 0, "lift"
            elif now - m["since"] >= 1000 and not m["seen"]:
                o["vacuum"] = o["z_down"] = False
                m["fails"], m["step"] = m.get("fails", 0) + 1, "back"
        elif step == "back" and i["z_is_up"]:
            if m["fails"] >= tries:
                o["alarm"], o["reject"], m["fails"], m["step"] = True, True, 0, "rejected"
            else:
                o["z_down"], m["step"] = True, "lower"
        elif step == "rejected" and not i["carton_at_pick"]:
            m["step"] = "wait"
        elif step == "lift" and i["z_is_up"]:
            o["x_out"], m["step"] = True, "travel"
        elif step == "travel" and i["x_is_out"]:
            o["vacuum"], o["blow"], m["step"] = False, True, "blow"
        elif step == "blow" and not i["vacuum_ok"]:
            o["blow"], o["x_out"], m["step"] = False, False, "return"
        elif step == "return" and i["x_is_in"]:
            m["step"] = "wait"

    return lambda: Logic(TASK, logic)


def test_the_python_controller_passes_every_condition():
    report = grade(TASK, controller())
    assert report.reward == 1, [(c.name, c.pending, c.violated_rules) for c in report.conditions]


def test_lifting_at_exactly_100_ms_steady_passes_and_one_scan_sooner_is_s1():
    early = grade(TASK, controller(stable_scans=10))
    assert early.reward == 0 and all(c.violated_rules == ["MAT-E07-S1"] for c in early.conditions)


def test_two_sided_lift_window_0_2_s_late_passes_0_35_s_late_fails_by_the_watch():
    assert grade(TASK, controller(extra_wait_scans=20)).reward == 1
    late = grade(TASK, controller(extra_wait_scans=35))
    assert late.reward == 0
    assert all(not c.violated_rules and "had not lifted" in c.pending for c in late.conditions)


def test_rejecting_a_torn_carton_after_one_try_does_not_complete():
    report = grade(TASK, controller(tries=1))
    assert report.reward == 0
    assert all("torn carton rejected after two attempts" in c.pending for c in report.conditions)


def test_a_short_debounce_lifts_before_the_vacuum_is_steady(kit):
    report = kit.graded(TASK, "counterexamples/debounce_30ms.st")
    assert all(c.violated_rules == ["MAT-E07-S1"] for c in report.conditions)


def test_a_fixed_vacuum_wait_fails_by_the_lift_watch_only(kit):
    report = kit.graded(TASK, "counterexamples/fixed_vacuum_wait.st")
    assert all(not c.passed and not c.violated_rules and "had not lifted" in c.pending
               for c in report.conditions)


def test_the_sampler_draws_one_torn_carton_and_leaky_ones_among_the_sound():
    for n in range(300):
        p = TASK.sampler(random.Random(n))["params"]
        assert 1 <= p["torn"] <= 5 and p["torn"] not in p["leaky"] and len(p["leaky"]) <= 2
        assert len(p["gaps_s"]) == 4


def test_the_prompt_states_the_rules_and_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("0.58", "0.78 s"))
    assert "100 ms without a break" in text and "try once more" in text and "rising edge on reject" in text
