"""MAT-H12 Carrier loop with recipe routing: why its cheap programs fail, condition by condition,
and the recipe arithmetic the judges use. The reference, idle, blind, rule counterexamples,
second program and lookup table: test_task_battery.py (their graded reports are shared through
kit.graded)."""

from __future__ import annotations

import tasks
from tasks.mat_h12.task import finished, next_op, recipe_ops

TASK = tasks.get("MAT-H12")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_a_tag_word_gives_the_next_op_in_the_recipe_order():
    assert recipe_ops(231) == [2, 3, 1]
    assert next_op(231) == 2 and next_op(1231) == 3 and next_op(2231) == 1 and next_op(3231) == 0
    assert finished(3231) and finished(1003) and not finished(3) and not finished(0)
    assert next_op(0) == 0          # no order yet: nothing to do, and not finished


def test_the_blind_written_program_unloads_a_carrier_whose_order_has_not_come(kit):
    report = kit.graded(TASK, "counterexamples/blind_written.st")
    assert report.reward == 0
    failed = {name: rules for name, (passed, rules) in verdicts(report).items() if not passed}
    # a flaky head's carrier it reads through: raised_at_power_up fails on the hold watch first
    assert all(rules in ((), ("MAT-H12-S2",)) for rules in failed.values())
    assert sum(rules == ("MAT-H12-S2",) for rules in failed.values()) >= 3
    assert any("no order yet" in c.first_violation.message for c in report.conditions if c.first_violation)


def test_entering_a_full_spur_is_the_catalog_trap(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H12-S1.st"))
    assert any(rules == ("MAT-H12-S1",) for _, rules in result.values())


def test_starving_one_station_fails_while_the_others_finish_their_work(kit):
    report = kit.graded(TASK, "counterexamples/MAT-H12-S3.st")
    result = verdicts(report)
    assert report.reward == 0
    assert all(rules in ((), ("MAT-H12-S3",)) for _, rules in result.values())
    assert any(rules == ("MAT-H12-S3",) for _, rules in result.values())


def test_the_reference_unloads_every_carrier(kit):
    report = kit.graded(TASK, "reference.st")
    assert report.reward == 1


def _held_too_long(report, name):
    c = next(c for c in report.conditions if c.name == name)
    why = f"{c.pending} {c.end_reason}"
    return not c.passed and not c.violated_rules and "was not off it 3 s later" in why


def test_retrying_a_flaky_head_for_ever_holds_a_carrier_past_the_limit(kit):
    report = kit.graded(TASK, "counterexamples/retry_forever.st")
    assert report.reward == 0
    assert _held_too_long(report, "slow_everything") and _held_too_long(report, "raised_at_power_up")
    assert all(not c.violated_rules for c in report.conditions)


def test_the_second_blind_written_program_lifts_a_carrier_read_too_late(kit):
    report = kit.graded(TASK, "counterexamples/blind_written_2.st")
    assert report.reward == 0
    assert _held_too_long(report, "slow_everything")
    c = next(c for c in report.conditions if c.name == "slow_everything")
    assert "stopper C" in f"{c.pending} {c.end_reason}"


def test_giving_up_at_the_first_failed_read_is_not_spared_by_s3(kit):
    report = kit.graded(TASK, "counterexamples/early_give_up.st")
    result = verdicts(report)
    assert report.reward == 0
    assert all(rules in ((), ("MAT-H12-S3",)) for _, rules in result.values())
    assert sum(rules == ("MAT-H12-S3",) for _, rules in result.values()) >= 2
