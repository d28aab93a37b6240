"""MOT-H13 Smart-belt infeed to a flighted chain: why its blind-written and cheap programs fail,
condition by condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H13")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_the_blind_written_program_lands_products_off_their_pockets(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(passed for passed, _ in result.values())
    assert all("MOT-H13-S4" in rules for _, rules in result.values())


def test_a_timer_per_product_misses_its_pocket_when_the_chain_changes_speed(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/timer_per_product.st"))
    assert result["fast_chain_slows_mid_phase"] == (False, ("MOT-H13-S4",))
    assert not any(passed for passed, _ in result.values())


def test_pockets_past_the_check_eye_at_power_up_hold_products_nobody_saw(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H13-S1.st"))
    assert result["busy_upstream_at_power_up"] == (False, ("MOT-H13-S1",))


def test_a_lane_held_back_backs_up_to_its_lane_full_eye(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H13-S2.st"))
    assert result["slow_chain_both_lanes_at_once"] == (False, ("MOT-H13-S2",))
