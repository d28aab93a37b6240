"""MAT-H03 Bidirectional single-lane conveyor: why its cheap programs fail, condition by
condition. The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H03")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_reversing_for_every_tote_falls_behind_the_arrivals_at_a_slow_lane(kit):
    """The catalog's trap: one tote a batch; at 0.2 m/s with totes 5-6 s apart the queues
    outgrow the 60 s wait."""
    result = verdicts(kit.graded(TASK, "counterexamples/reverse_per_tote.st"))
    assert result["slow_dense"] == (False, ("MAT-H03-S3",))


def test_the_blind_written_program_drops_a_tote_onto_a_lane_still_turning(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["nominal"] == (False, ("MAT-H03-S1",))
    assert result["slow_dense"] == (True, ())


def test_a_fixed_timetable_reverses_under_totes_held_by_a_stalled_picker(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/short_timetable.st"))
    assert result["b_stalls_in_a_batch"][0] is False
    assert "MAT-H03-S1" in result["b_stalls_in_a_batch"][1]


def test_the_reference_delivers_every_tote_and_stops(kit):
    report = kit.graded(TASK, "reference.st")
    assert report.reward == 1
