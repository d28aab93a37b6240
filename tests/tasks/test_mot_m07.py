"""MOT-M07 Anti-sway trolley transport: why its cheap programs fail, condition by condition. The
reference, idle, blind and rule counterexamples: test_task_battery.py (whose graded reports these
share)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M07")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_the_deadline_and_every_rule_and_hides_the_conditions(kit):
    text = kit.prompt_states_everything(TASK, hidden=("3900 mm", "2 a / g"))
    assert "2 sqrt(d / a)" in text and "plus 1.5 periods more" in text


def test_a_full_accel_move_then_waiting_swings_too_far_or_misses_the_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/full_accel_then_wait.st"))
    assert result["short_rope_fast_swinging"][1] == ("MOT-M07-S1",)       # 1 m/s^2 on a 1 m rope
    passed, rules, pending = result["short_hop_long_rope"]
    assert not passed and not rules and "deadline" in pending


def test_without_damping_first_a_swing_under_way_is_still_there_on_arrival(kit):
    report = kit.graded(TASK, "counterexamples/MOT-M07-S3.st")
    first = {c.name: c.violations[0].message for c in report.conditions if c.violations}
    assert "from the destination" in first["swinging_at_start"]


def test_a_table_of_the_registered_periods_passes_the_registered_conditions(kit):
    # tuned/lookup_table.st plays back the registered ropes' half periods; the battery shows it
    # failing the sampled conditions (no shaping for an unknown rope)
    kit.passes(kit.graded(TASK, "tuned/lookup_table.st"))
