"""MAT-E13 Jam detection by transit time: why its programs fail, and where.

The standard battery (test_task_battery.py) runs every program of tasks/mat_e13/; these tests
pin the catalog's trap (one timer restarted per entry misses a part that fell off while others
kept entering), the FIFO shortcut, and the early side of the window (a jam guessed on a clock).
"""

from __future__ import annotations

import tasks
from sim.prompt import render_prompt
from sim.session import Session
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E13")


def by_name(report):
    return {c.name: c for c in report.conditions}


def test_one_timer_per_entry_misses_the_part_that_fell_off(kit):
    got = by_name(kit.graded(TASK, "counterexamples/one_timer.st"))
    assert got["no_jam"].passed
    assert "MAT-E13-S1" in got["vanish_with_followers"].violated_rules


def test_taking_the_oldest_at_the_exit_loses_a_vanished_part(kit):
    got = by_name(kit.graded(TASK, "counterexamples/fifo_oldest.st"))
    assert got["no_jam"].passed and got["stuck_at_exit"].passed
    assert not got["vanish_with_followers"].passed


def test_a_jam_declared_early_is_a_guess():
    def stop_at_one_transit(i, o, m, now):
        # stops with red for 1 s after every 1000 mm of travel: the part is not yet due
        m["odo"] = m.get("odo", 0.0) + i["belt_speed"] * 0.01
        o["red"] = 1000 <= m["odo"] % 1400 < 1000 + i["belt_speed"]
        o["belt_run"] = not o["red"]

    s = Session(TASK, "no_jam", Logic(TASK, stop_at_one_transit))
    s.run_to_end()
    assert not s.verdict.passed
    assert "no jam" in (s.verdict.pending or "")


def test_the_prompt_states_travel_matching_and_reset():
    text = render_prompt(TASK)
    for words in ("1500 mm of belt travel", "Parts never overtake", "no longer timed", "MAT-E13-S2",
                  "upstream_done"):
        assert words in " ".join(text.split()) or words in text, words
