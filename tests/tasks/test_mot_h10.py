"""MOT-H10 Plating-line hoist scheduling: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py (these reuse its graded
results through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H10")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_greedy_first_come_first_served_leaves_a_carrier_past_its_max(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/greedy_fifo.st"))
    failed = {name: v for name, v in result.items() if not v[0]}
    assert len(failed) >= 4
    for name, (_, rules, pending) in failed.items():
        assert rules == ("MOT-H10-S1",) and "for more than its max" in pending, name


def test_the_blind_written_program_lowers_the_carrier_found_on_the_hook(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    for name in ("slow_hoist_tight", "long_then_short"):       # a carrier on the hook at power-up
        passed, rules, pending = result[name]
        assert not passed and rules == ("MOT-H10-S3",) and "lowered onto carrier" in pending, name


def test_the_lookup_table_runs_only_in_the_registered_conditions(kit):
    result = verdicts(kit.graded(TASK, "tuned/lookup_table.st"))
    assert all(passed for passed, _, _ in result.values())


def test_lowering_onto_a_carrier_ends_the_run_there(kit):
    report = kit.graded(TASK, "counterexamples/MOT-H10-S3.st")
    tripped = [c for c in report.conditions if c.violated_rules]
    assert len(tripped) >= 2
    for c in tripped:
        assert c.violated_rules == ["MOT-H10-S3"] and c.end_reason == "completion failed", c.name
