"""MOT-M16 Guard-locked setup mode: why its cheap programs fail, condition by condition (from the
battery's graded results). The reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M16")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_script_varies_the_panic_and_the_start_position():
    assert {c.params["panic"] for c in TASK.conditions} == {0, 1}
    assert any(c.params["start_mm"] > 0 for c in TASK.conditions)
    assert all(c.operator for c in TASK.conditions)


def test_trusting_the_door_switch_moves_in_auto_before_the_bolt_is_in(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M16-S3.st"))
    assert all(rules == ("MOT-M16-S3",) for _, rules, _ in result.values())


def test_starting_cycles_after_entry_fails_the_run(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/cycles_after_entry.st"))
    passed, rules, pending = result["quick_lock_late_entry"]
    assert not passed and not rules and "a new cycle was started after Entry" in pending


def test_a_fixed_unlock_wait_is_late_where_the_slide_is_home_early(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_unlock_wait.st"))
    passed, rules, pending = result["nominal"]
    assert not passed and not rules and "had not begun to unlock 1 s later" in pending


def test_the_lookup_table_plays_back_every_registered_condition(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1


def test_prompt_states_every_rule_and_address(kit):
    kit.prompt_states_everything(TASK)
