"""MOT-H02 Rotary dial with concurrent stations: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.task import Condition

TASK = tasks.get("MOT-H02")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_stations_in_series_leave_the_later_station_late_at_its_own_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/stations_in_series.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules
        assert "had not set off 0.3 s later" in pending and "press" not in pending


def test_indexing_with_the_lamp_just_off_turns_the_dial_on_an_operator_inside(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_curtain_wait.st"))
    assert result["nominal"][1] == ("MOT-H02-S1",)
    assert result["slow_press_fast_drill"][0]  # nobody happened to step in late there


def test_a_stall_retried_instead_of_backed_out_misses_the_recovery_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/ignores_stall.st"))
    assert all(
        "drill stalled" in pending and "had not set off back 0.5 s later" in pending
        for _, _, pending in result.values()
    )


def test_parts_left_on_the_dial_at_power_up_are_not_worked(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/power_up_parts_as_worked.st"))
    assert result["nominal"][0]  # an empty dial at power-up: no harm
    assert not result["unworked_parts_on_dial"][0] and not result["tools_out_at_power_up"][0]


def test_the_blind_written_program_misses_the_operator_and_the_deadlines(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(passed for passed, _, _ in result.values())
    assert "8 parts out (0 so far)" in result["nominal"][2]


def test_every_condition_has_eight_parts_and_a_stall_and_stays_in_the_published_ranges():
    ranges = {r.name: r for r in TASK.parameters}
    assert len(TASK.conditions) >= 5
    for cond in TASK.conditions:
        p = cond.params
        assert len(p["start_parts"]) + len(p["arrivals"]) == 8, cond.name
        assert 1 <= len(p["stalls"]) <= 2
        for key, value in p.items():
            if key in ranges:
                assert not ranges[key].outside(value), (cond.name, key, value)
    for drawn in TASK.sample(20, 3):
        assert len(drawn.params["start_parts"]) + len(drawn.params["arrivals"]) == 8


def test_the_prompt_states_the_station_offsets_the_curtain_response_and_every_rule(kit):
    text = kit.prompt_states_everything(TASK)
    assert "dial_station - 2" in text and "dial_station - 4" in text and "dial_station - 6" in text
    assert "60 ms" in text and "operator_ready" in text


def test_a_gate_set_only_at_the_index_is_still_swinging_when_the_pusher_must_set_off(kit):
    # round 2: the blind-from-prompt program sets the gate for the coming part with the index
    # pulse and pushes at the gate's end switch; a 1.2 s gate on a 0.6 s dial leaves it late
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["heavy_gate_quick_dial"]
    assert not passed and not rules
    assert "pusher had not set off 0.3 s later" in pending
    assert result["nominal"][0] and result["stall_while_pressing"][0]


def test_the_prompt_states_the_gate_time_and_where_a_pushed_part_goes_not_when_to_set_the_gate(kit):
    text = kit.prompt_states_everything(TASK)
    assert "0.2-1.2 s to swing" in text and "| gate_s | 0.2 .. 1.2 |" in text
    assert "fully out the moment the pusher reaches full stroke" in text
    assert "while the dial turns" not in text and "switch the lamp off" not in text
    heavy = next(c for c in TASK.conditions if c.name == "heavy_gate_quick_dial").params
    assert heavy["gate_s"] == 1.2 and heavy["index_time_s"] == 0.6 and heavy["pusher_s"] == 0.3


def test_homing_every_tool_before_the_cycle_leaves_the_press_late_over_a_power_up_part(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/homes_before_working.st"))
    passed, rules, pending = result["press_out_over_a_part_at_power_up"]
    assert not passed and not rules
    assert "a part for the press from 0 s but the press had not set off 0.3 s later" in pending
    assert all(p for name, (p, _, _) in result.items() if name != "press_out_over_a_part_at_power_up")


def test_a_press_already_at_its_work_position_at_power_up_owes_no_set_off(kit):
    # press_start_mm is published up to 60 mm: there the ram cannot close its distance by 5 mm
    base = next(c for c in TASK.conditions if c.name == "press_out_over_a_part_at_power_up")
    at_60 = Condition.of("press_at_60", 999, "the press faulted at 60 mm over an unworked part",
                         **{**base.params, "press_start_mm": 60.0})
    assert not TASK.parameters[[r.name for r in TASK.parameters].index("press_start_mm")].outside(60.0)
    report = kit.graded(TASK, "reference.st", conditions=[at_60])
    assert report.conditions[0].passed, report.conditions[0].pending
