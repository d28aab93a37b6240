"""MOT-H08 Pendulum machining with two load zones: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H08")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_blind_written_program_drives_into_a_zone_broken_ahead_of_it(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["fresh_start"][0] and result["slow_operator"][0]        # breaks only inside a zone
    for name in ("drill_down_in_b", "late_b_order", "quick_operator"):   # someone steps in ahead of it
        assert result[name][1] == ("MOT-H08-S1",), (name, result[name])


def test_restarting_at_point_1_after_a_break_heads_away_from_the_next_point(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/restart_at_point_1.st"))
    assert result["late_b_order"][0]                                     # no break mid-part that matters
    passed, rules, pending = result["fresh_start"]
    assert not passed and not rules and "setting off toward point" in pending


def test_strict_turns_starve_the_zone_whose_ready_came_first(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/strict_alternation.st"))
    assert result["fresh_start"][0]                      # alternation is the Ready order there
    passed, rules, pending = result["late_b_order"]
    assert not passed and not rules
    assert pending.startswith("zone A:") and "toward point 1 of part 2" in pending


def test_stopping_for_the_other_zones_operator_misses_the_steps(kit):
    report = kit.graded(TASK, "counterexamples/stop_on_any_curtain.st")
    assert all(not c.passed and not c.violated_rules and "0.5 s later" in c.pending
               for c in report.conditions)


def test_an_interrupted_feed_taken_for_drilled_fails_where_a_feed_is_cut_off(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/skip_interrupted_point.st"))
    assert result["fresh_start"][0]                      # its break comes between feeds there
    passed, _, pending = result["drill_down_in_b"]
    assert not passed and "point" in pending


def test_the_lookup_table_plays_back_the_registered_feed_times(kit):
    report = kit.graded(TASK, "tuned/lookup_table.st")
    assert report.reward == 1
