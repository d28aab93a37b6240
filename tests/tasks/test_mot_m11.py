"""MOT-M11 Walking-beam transfer: why its cheap programs fail, condition by condition (from the
battery's graded results). The reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M11")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_registered_conditions_find_every_power_up_state():
    assert {c.params["start_state"] for c in TASK.conditions} == {0, 1, 2, 3}


def test_step_timers_are_late_after_a_quick_lift(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/step_timers.st"))
    passed, rules, pending = result["beam_up_back_quick_lift_slow_work"]       # lift 0.3 s, advance 0.4 s
    assert not passed and not rules and "had not set off 0.5 s later" in pending
    assert result["slow_lift_quick_work_quick_takeaway"][0]      # the slowest strokes: on time


def test_ignoring_the_out_nest_crashes_only_where_the_take_away_is_slow_or_it_is_found_full(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M11-S4.st"))
    assert result["beam_up_forward_out_nest_full"][1] == ("MOT-M11-S4",)
    assert result["parts_waiting_at_stations"][1] == ("MOT-M11-S4",)
    assert result["nominal"][0]                     # a 3 s take-away is always gone in time there


def test_indexing_without_waiting_for_the_stations_lifts_under_a_tool(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M11-S3.st"))
    assert result["nominal"][1] == ("MOT-M11-S3",)
    assert result["slow_lift_quick_work_quick_takeaway"][0]     # 0.5 s work done while the beam goes back


def test_the_lookup_table_plays_back_every_registered_condition(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1


def test_prompt_states_every_rule_and_address(kit):
    kit.prompt_states_everything(TASK)
