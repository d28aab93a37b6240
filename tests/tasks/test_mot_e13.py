"""MOT-E13 Unidirectional approach with backlash: the plant and judges proven with Python
controllers. The ST reference, idle, blind, rule counterexamples and cheap attempts:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E13")
ORDERS = [f"order_{k}" for k in range(1, 6)]


def python_reference(i, o, m, now):
    """Written differently from reference.st: one 'leg' at a time from a table of legs; the final
    leg aims the motor at the order plus the gap measured after the plus approach."""
    o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
    o["drive_enable"] = True
    o["start_move"] = False
    if not i["drive_ready"]:
        return
    k = m.setdefault("k", 0)
    goal = i[ORDERS[k]]
    if m.get("moving"):
        if m["moving"] == "sent":
            m["moving"] = "going"
        elif i["in_position"] and i["standstill"]:
            m["moving"] = None
        return
    leg = m.setdefault("leg", "below")
    if leg == "below":
        below = goal >= i["load_position"] + 100
        o["target_position"] = goal if below else goal - 200 + m.get("extra", 0)
        m["leg"] = "gap" if below else "up"
    elif leg == "up":
        o["target_position"], m["leg"] = goal, "gap"
    elif leg == "gap":
        err = goal - i["load_position"]
        if abs(err) <= 1:
            m["leg"], m["since"] = "done", now
            o["done"] = True if not m.get("trust_motor") else o["done"]
            return
        o["target_position"] = i["actual_position"] + err
    elif leg == "done":
        o["done"] = True
        if k < 4 and now - m["since"] >= 1000:
            o["done"], m["k"], m["leg"] = False, k + 1, "below"
        return
    o["start_move"], m["moving"] = True, "sent"


def test_python_reference_passes_every_registered_and_some_sampled_conditions(kit):
    kit.passes(grade(TASK, lambda: Logic(TASK, python_reference)))
    report = grade(TASK, lambda: Logic(TASK, python_reference), conditions=TASK.sample(8, seed=5))
    assert report.all_passed, kit.why(report)


def test_done_on_the_motors_in_position_alone_shows_done_with_the_load_outside_the_window():
    def trust(i, o, m, now):
        python_reference(i, o, m, now)
        if m.get("leg") == "gap" and not m.get("moving") and i["in_position"]:
            o["done"] = True                  # the drive says it is there
    verdict = Session(TASK, "big_slack_on_minus", Logic(TASK, trust)).run_to_end()
    assert verdict.violated_rules == ["MOT-E13-S2"]
    assert "outside every order's window" in verdict.violations[0].message


def test_done_late_after_the_load_settled_fails_the_completion():
    def late(i, o, m, now):
        python_reference(i, o, m, now)
        if m.get("leg") == "done" and now - m["since"] < 600:
            o["done"] = False                 # 0.6 s after the load came to rest
    verdict = Session(TASK, "nominal", Logic(TASK, late)).run_to_end()
    assert not verdict.success and verdict.safe
    assert "Done was not on 0.5 s later" in verdict.completion_failed


def test_an_order_just_below_the_load_needs_the_overshoot_or_trips_the_plus_approach_rule():
    # 'extra' pulls the overshoot point up to 0.1 mm below the order: with 0.8 mm of backlash the
    # climb back never takes up the gap, so the load last moved minus
    def shallow(i, o, m, now):
        m["extra"] = 190
        python_reference(i, o, m, now)
    verdict = Session(TASK, "big_slack_on_minus", Logic(TASK, shallow)).run_to_end()
    assert "MOT-E13-S3" in verdict.violated_rules


def test_prompt_states_every_rule_and_address_but_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("239.5", "201.33", "60.25"))
    assert "0.01 mm" in text and "backlash" in text and "toward plus" in text


def test_session_is_deterministic():
    a = Session(TASK, "tiny_steps", Logic(TASK, python_reference))
    a.run_to_end()
    b = Session(TASK, "tiny_steps", Logic(TASK, python_reference))
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash() and a.verdict.passed


def test_sampled_orders_go_down_as_well_as_up_and_never_repeat_in_place():
    drawn = TASK.sample(60, seed=3)
    downs = 0
    for cond in drawn:
        orders = (cond.params["start_mm"], *cond.params["orders_mm"])
        steps = [b - a for a, b in zip(orders, orders[1:], strict=False)]
        assert all(abs(d) >= 1.0 - 1e-9 for d in steps), orders
        downs += sum(d < 0 for d in steps)
    assert downs >= 60        # about two in five steps go down
    slacks = {c.params["slack"] for c in drawn}
    assert {-1.0, 1.0} <= slacks and len(slacks) > 3
