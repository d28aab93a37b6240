"""MAT-M08 Verified reject with line stop: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py (these tests read the
same graded reports)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M08")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_assuming_the_push_happened_lets_the_jammed_reject_ride_into_the_end_zone(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/assumes_push.st"))
    passed, rules, _ = result["jam_on_second"]
    assert not passed and "MAT-M08-S1" in rules
    assert result["nominal"][0]                 # no jam there: every push really happened


def test_waiting_2_s_for_the_confirmation_lights_red_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/late_alarm.st"))
    passed, rules, pending = result["slow_pusher_jams"]
    assert not passed and not rules and "red was not lit 0.3 s later" in pending


def test_a_fixed_slowest_stroke_holds_a_quick_pusher_at_its_end_switch(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_stroke_time.st"))
    passed, rules, pending = result["nominal"]                 # a 0.25 s pusher
    assert not passed and not rules and "not on its way back within 0.2 s" in pending
    assert result["slow_pusher_jams"][0]                       # a 0.6 s pusher: on time


def test_the_lookup_table_plays_back_every_registered_condition(kit):
    kit.passes(kit.graded(TASK, "tuned/lookup_table.st"))
