"""MOT-M03 Dual-drive gantry squaring and sync: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py (these tests
read its reports, through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M03")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_same_words_at_once_to_drives_of_different_response_bind_the_beam(kit):
    # X2 answers 80 ms after X1: at 200 mm/s the ends drift 16 mm apart, the beam binds
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M03-S1.st"))
    assert result["late_second_drive"][1] == ("MOT-M03-S1",)
    assert result["slow_second_drive"][0]             # responses 40 and 30 ms: 1 scan apart, still square


def test_each_drive_at_its_own_limits_skews_the_beam(kit):
    # the catalog's trap: one target for both, each drive as fast as it can
    result = verdicts(kit.graded(TASK, "counterexamples/own_limits.st"))
    assert all("MOT-M03-S1" in rules for _, rules, _ in result.values())


def test_half_the_slower_drive_s_speed_is_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/half_speed.st"))
    assert all(not passed and not rules and "had not arrived" in pending
               for passed, rules, pending in result.values())
