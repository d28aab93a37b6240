"""MAT-E06 Zero-pressure accumulation: why its programs fail, and where.

The standard battery (test_task_battery.py) runs every program of tasks/mat_e06/; these tests
pin the catalog's trap (taking the next zone as free when its eye is clear), accumulation with
pressure, and that the release judge asks nothing of a zone whose next zone has just stopped.
"""

from __future__ import annotations

import tasks
from sim.prompt import render_prompt

TASK = tasks.get("MAT-E06")


def by_name(report):
    return {c.name: c for c in report.conditions}


def test_taking_a_clear_eye_for_a_free_zone_runs_parts_together(kit):
    got = by_name(kit.graded(TASK, "counterexamples/release_on_eye_clear.st"))
    assert got["sparse_slow"].passed                # nothing ever waits there
    assert "MAT-E06-S1" in got["fast_behind_slow"].violated_rules


def test_a_zone_overrunning_its_eye_is_a_touch_and_nothing_else(kit):
    got = by_name(kit.graded(TASK, "counterexamples/MAT-E06-S1.st"))
    assert got["nominal"].violated_rules == ["MAT-E06-S1"]


def test_the_reference_holds_a_queue_one_part_per_zone(kit):
    report = kit.graded(TASK, "reference.st")
    assert report.reward == 1


def test_the_prompt_states_the_joint_the_gaps_and_the_rules():
    text = " ".join(render_prompt(TASK).split())
    for words in ("10 mm after its tail has cleared", "at least 80 mm apart", "running out",
                  "MAT-E06-S3", "downstream_ready"):
        assert words in text, words
