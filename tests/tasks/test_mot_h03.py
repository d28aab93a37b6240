"""MOT-H03 Two pickers tracking one belt: why its cheap and blind-written programs fail,
condition by condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H03")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_the_blind_written_program_loses_parts_and_hits_the_end_stops(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(passed for passed, _ in result.values())
    assert "MOT-H03-S3" in result["fast_tight_bursts"][1]


def test_picker_2_picking_on_after_its_service_call_trips_s4_only_where_it_is_called(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H03-S4.st"))
    assert result["p2_called_out"][1] == ("MOT-H03-S4",)
    assert result["steady_bursts"] == (True, ())  # never called out: nothing to break


def test_slowing_the_belt_between_bursts_with_both_pickers_in_service_trips_s5(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H03-S5.st"))
    for name in ("steady_bursts", "p1_holds_a_part", "fast_tight_bursts"):     # never called out
        assert result[name][1] == ("MOT-H03-S5",), name
