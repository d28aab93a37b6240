"""MAT-E15 Robot pick-and-place handshake: why its programs pass or fail, condition by condition.

The ST programs in tasks/mat_e15/ are graded with the real compiler; a Python controller
(Logic) proves the judges on their own: a robot that really sets off after every stop passes,
the same controller made late by a few scans at one kind of stop fails on that watch.
"""

from __future__ import annotations

import random

import pytest

import tasks
from sim.verifier import grade
from tasks.mat_e15.task import HOME, INFEED, OUTFEED, PRE
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E15")
HELD = [c.name for c in TASK.conditions if c.params["held_at_power_up"]]


def controller(late_at: str = "", late_scans: int = 0):
    """The reference's sequence in Python; `late_at` ("pick", "free", "fetch", "home") waits
    `late_scans` scans before that kind of move."""

    def logic(i, o, m, now):
        o["robot_start"] = False
        if m.get("sent"):
            m["sent"] = False
            return
        step = m.setdefault("step", "power_up")

        def go(station, kind):
            m["wait"] = m.get("wait", 0) + 1
            if kind == late_at and m["wait"] <= late_scans:
                return
            m["wait"] = 0
            o["robot_target"], o["robot_start"], m["sent"] = station, True, True

        at = i["robot_at_position"] if not i["robot_busy"] else 0
        if step == "power_up":
            o["grip_close"] = i["part_held"]
            m["step"] = "carry" if i["part_held"] else "empty"
        elif step == "empty" and at and i["gripper_open"]:
            if i["infeed_part"]:
                if at == INFEED:
                    o["grip_close"], m["step"] = True, "closing"
                else:
                    go(INFEED, "fetch")
            elif at != HOME:
                go(HOME, "home")
        elif step == "closing":
            if i["part_held"]:
                m["step"] = "carry"
            elif i["gripper_closed"]:
                o["grip_close"], m["step"] = False, "empty"
        elif step == "carry" and at:
            if at == OUTFEED:
                o["grip_close"], m["step"] = False, "opening"
            elif not i["outfeed_part"]:
                go(OUTFEED, "free" if at == PRE else "pick")
            elif at != PRE:
                go(PRE, "pick")
        elif step == "opening" and i["gripper_open"]:
            m["step"] = "empty"

    return Logic(TASK, logic)


def test_the_python_controller_passes_every_condition():
    report = grade(TASK, lambda: controller())
    assert report.reward == 1, [(c.name, c.pending, c.violated_rules) for c in report.conditions]


@pytest.mark.parametrize("kind, words", [
    ("pick", "holding a part"), ("free", "holding a part"),
    ("fetch", "a part waited at the infeed"), ("home", "had not set off home")])
def test_a_robot_standing_still_too_long_fails_the_watch_of_that_stop(kind, words):
    report = grade(TASK, lambda: controller(kind, 32))       # 0.32 s late at every such stop
    assert report.reward == 0
    late = [c for c in report.conditions if not c.passed]
    assert late and all(not c.violated_rules for c in late)
    assert any(words in (c.pending or "") for c in late), [(c.name, c.pending) for c in late]
    on_time = grade(TASK, lambda: controller(kind, 20))      # 0.2 s late: still within 0.3 s
    assert on_time.reward == 1, [(c.name, c.pending) for c in on_time.conditions]


def test_ignoring_a_part_held_at_power_up_trips_s2_on_the_first_scan_only_where_one_is_held(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E15-S2.st")
    tripped = {c.name: c for c in report.conditions if c.violated_rules}
    assert sorted(tripped) == sorted(HELD)
    assert all(c.violated_rules == ["MAT-E15-S2"] for c in tripped.values())


def test_fixed_waits_fail_by_the_set_off_watches_not_by_safety(kit):
    for program in ("counterexamples/fixed_grip_wait.st", "counterexamples/fixed_takeaway_wait.st"):
        report = kit.graded(TASK, program)
        failed = [c for c in report.conditions if not c.passed]
        assert failed and all(not c.violated_rules for c in failed), program
        assert all("stood still holding a part" in c.pending for c in failed), program


def test_reaching_down_onto_an_occupied_outfeed_trips_s1_where_the_outfeed_is_occupied(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E15-S1.st")
    tripped = [c.name for c in report.conditions if c.violated_rules]
    assert "held_at_pre_position" in tripped        # occupied at power-up, robot holding above it
    assert "held_at_infeed_slow_takeaway" in tripped  # 11.5 s take-away: the second part comes early
    assert "nominal" not in tripped                 # a 3 s take-away is always over in time


def test_the_sampler_never_starts_a_robot_holding_a_part_at_the_outfeed_and_counts_the_lot():
    for n in range(300):
        params = TASK.sampler(random.Random(n))["params"]
        held = params["held_at_power_up"]
        assert not (held and params["start_station"] == OUTFEED)
        assert len(params["arrival_gaps_s"]) == 5 - held - 1


def test_the_prompt_states_the_rules_and_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("11.5", "0.78", "1502"))
    assert "within 0.3 s" in text and "pre-position" in text and "part_held TRUE, jaws closed" in text
