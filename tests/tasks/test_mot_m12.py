"""MOT-M12 Glue bead path at constant speed: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M12")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_a_valve_opened_at_the_mark_starts_the_bead_one_delay_late_everywhere(kit):
    for passed, rules, pending in verdicts(kit.graded(TASK, "counterexamples/open_at_the_mark.st")).values():
        assert not passed and not rules and "the bead began +" in pending


def test_the_slowest_published_delay_instead_of_a_purge_shot_starts_the_bead_early(kit):
    for passed, rules, pending in verdicts(kit.graded(TASK, "counterexamples/token_blind.st")).values():
        assert not passed and not rules and "the bead began -" in pending


def test_a_guessed_middle_delay_misses_the_quick_and_the_slow_valves(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/guessed_delay.st"))
    assert "the bead began -" in result["fast_round_quick_valve"][2]          # 10 ms valve
    assert "the bead began +" in result["fast_small_corners_slow_valve"][2]   # 45 ms valve
    assert result["nominal"][0]


def test_full_speed_in_corner_limited_paths_flows_too_fast(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/full_speed_corners.st"))
    assert "MOT-M12-S1" in result["corner_limited_medium"][1]
    assert result["nominal"][0]                                            # not corner-limited there
