"""MOT-M05 Level-wind traverse: why its cheap programs fail, condition by condition. The reference,
idle, blind and rule counterexamples: test_task_battery.py (whose graded reports these share)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M05")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_every_rule_and_hides_the_registered_drives(kit):
    text = kit.prompt_states_everything(TASK, hidden=("750 rpm/s", "0.12 s"))
    assert "0.1-0.5 spool turns" in text and "+-20 %" in text and "within 0.5 spool turns" in text


def test_the_traverse_set_once_from_the_nominal_speed_runs_ahead_while_the_spool_ramps_up(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/nominal_speed.st"))
    assert all(rules == ("MOT-M05-S2",) for _, rules, _ in result.values())


def test_a_fixed_dwell_time_is_too_short_on_a_slow_spool_and_too_long_on_a_fast_one(kit):
    report = kit.graded(TASK, "counterexamples/fixed_dwell_time.st")
    first = {c.name: c.violations[0].message for c in report.conditions if c.violations}
    assert "dwell of 0.0" in first["slow_spool_coarse_wire"], first      # 60 ms at 90 rpm: 0.09 turns
    assert "more than 0.5" in first["fast_spool_fine_wire"], first      # 60 ms at 580 rpm: 0.58 turns


def test_a_drive_model_played_back_from_a_table_passes_only_the_registered_conditions(kit):
    # tuned/lookup_table.st earns 1 on the registered conditions (the table is their drives);
    # the battery shows it failing the sampled ones
    kit.passes(kit.graded(TASK, "tuned/lookup_table.st"))


def test_switching_the_traverse_off_with_the_spool_running_down_trips_s3_alone(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M05-S3.st"))
    assert all(rules == ("MOT-M05-S3",) for _, rules, _ in result.values())
