"""MOT-M10 Serpentine scan with position triggers: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M10")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_triggering_from_the_scan_loop_images_beside_the_cells(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/scan_loop_trigger.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "image 1 was taken at" in pending


def test_stop_and_shoot_is_exact_but_misses_the_row_pace(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/stop_and_shoot.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "the next cell of row 1 imaged" in pending


def test_the_registered_grid_places_played_back_pass_the_registered_conditions(kit):
    # a fair lookup table: it earns 1 where it was tuned (the battery shows it fails sampled ones)
    result = verdicts(kit.graded(TASK, "tuned/lookup_table.st"))
    assert all(passed for passed, _, _ in result.values())
