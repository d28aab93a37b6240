"""MOT-H11 Zoned guarding: why its blind-written program and cheap programs fail, condition by
condition (from the battery's graded results). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H11")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_only_program_moves_the_shuttle_in_zone_a_unlocked_at_its_second_entry(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    assert result["second_entry_a"][:2] == (False, ("MOT-H11-S1",))
    assert all(passed for name, (passed, _, _) in result.items() if name != "second_entry_a")


def test_the_conditions_vary_visits_trips_and_start_states():
    conds = {c.name: c.params for c in TASK.conditions}
    assert any(p["open_at_start_b"] for p in conds.values())
    assert any(p["early_reset"] for p in conds.values())
    assert all(p["trips"] for n, p in conds.items() if n not in ("door_open_at_power_up", "second_entry_a"))
    assert all(c.operator for c in TASK.conditions)
    both = conds["both_at_once"]
    assert abs(both["visits_a"][0][0] - both["visits_b"][0][0]) <= 0.5


def test_the_blind_written_program_misses_trips_and_a_shuttle_heading_in(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(passed for name, (passed, _, _) in result.items() if name != "second_entry_a")
    assert result["door_open_at_power_up"][1] == ("MOT-H11-S1",)
    assert result["entry_shuttle_in"][1] == ("MOT-H11-S4",)


def test_one_global_stop_stalls_the_other_zone(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H11-S4.st"))
    assert result["entry_shuttle_in"][1] == ("MOT-H11-S4",)
    assert result["both_at_once"][0]  # both zones stopped anyway: nothing to stall


def test_waiting_for_the_shuttle_at_the_load_point_unlocks_late(kit):
    passed, rules, pending = verdicts(kit.graded(TASK, "counterexamples/unlock_at_load.st"))[
        "entry_shuttle_in"
    ]
    assert not passed and not rules and "had not arrived 3 s later" in pending


def test_a_shuttle_outside_but_heading_in_is_not_out(kit):
    passed, rules, _ = verdicts(kit.graded(TASK, "counterexamples/out_not_heading.st"))[
        "door_open_at_power_up"
    ]
    assert not passed and rules == ("MOT-H11-S1",)


def test_a_reset_in_the_doorway_does_not_count(kit):
    passed, rules, _ = verdicts(kit.graded(TASK, "counterexamples/reset_while_open.st"))[
        "door_open_at_power_up"
    ]
    assert not passed and rules == ("MOT-H11-S3",)


def test_a_single_reset_edge_leaves_a_held_trip_latched(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/single_reset.st"))
    assert result["entry_shuttle_in"][1] == ("MOT-H11-S4",)
    assert result["door_open_at_power_up"][0]  # no trip there


def test_the_lookup_table_plays_back_every_registered_condition(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1


def test_prompt_states_every_rule_and_address(kit):
    kit.prompt_states_everything(TASK)
