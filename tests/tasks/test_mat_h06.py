"""MAT-H06 One robot palletizing two lines: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H06")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_blind_written_program_misses_the_late_order_and_the_drive_trips(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["b_part_built_slow_drives"][0]                       # no trip, no late order
    assert "MAT-H06-S3" in result["b_late_order_a_exchanging"][1]      # B's count read as 0
    passed, rules, pending = result["a_fast_b_slow"]                   # the Y drive trips at 47.3 s
    assert not passed and not rules and "no carton of line A was laid" in pending


def test_strict_alternation_lets_the_fast_line_stand_full(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H06-S2.st"))
    assert result["a_fast_b_slow"][1] == ("MAT-H06-S2",)               # A every 9 s, B every 26 s
    assert result["even_lines_long_exchanges"][0]                      # even lines: taking turns is fine


def test_ignoring_the_count_lays_into_a_taken_slot_only_where_a_pallet_is_part_built(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H06-S3.st"))
    assert result["a_fast_b_slow"][0]                                  # both pallets empty
    assert result["b_part_built_slow_drives"][1] == ("MAT-H06-S3",)


def test_the_program_written_from_the_prompt_comes_down_over_a_station_during_its_exchange(kit):
    # written blind from the prompt (2026-12-04): it passes two conditions and in the other three
    # lowers the head over a line's station while that line's pallet is away (S1)
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    for name in ("a_fast_b_slow", "b_late_order_a_exchanging", "b_fast_a_slow"):
        assert result[name][1] == ("MAT-H06-S1",)
    assert result["b_part_built_slow_drives"][0] and result["even_lines_long_exchanges"][0]
