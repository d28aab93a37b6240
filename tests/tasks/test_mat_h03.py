"""MAT-H03 Bidirectional single-lane conveyor: why its cheap programs fail, condition by
condition. The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import pytest

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


# A corner hunt (2026-12-04) found that the reference fails about 0.3 % of what the sampler draws:
# both pickers stalling on a slow lane (3 of 40 such draws), e.g. this one, where its 15 s
# handover leaves A5 behind at 37.3 s, B's picker stalls 49.7-69.6 s and A's from 84 s, and A5
# passes its 60 s (S3). Left for the next session (a sturdier handover, or a sampler that does
# not draw two long stalls on a slow lane); strict, so it turns red once fixed.
@pytest.mark.xfail(strict=True, raises=AssertionError, reason="reference weakness: two stalls on a slow lane")
def test_the_reference_keeps_every_tote_within_60_s_when_both_pickers_stall_on_a_slow_lane(kit):
    import dataclasses
    base = TASK.condition("nominal")
    corner = dataclasses.replace(base, name="two_stalls_slow_lane", params={
        **base.params, "lane_speed": 212, "first_a_s": 10.0, "gaps_a_s": (6.7, 6.1, 6.5, 5.8, 7.0, 8.2, 8.2),
        "stall_a": (4, 11.4), "stall_s_a": 11.4, "first_b_s": 0.5,
        "gaps_b_s": (5.6, 7.5, 8.7, 7.4, 6.3, 6.9, 6.8), "stall_b": (2, 19.9), "stall_s_b": 19.9,
        "aboard": (649.0,), "n_aboard": 1})
    report = kit.grade_st(TASK, "reference.st", conditions=[corner])
    assert report.conditions[0].passed, report.conditions[0].violated_rules
