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


def test_lowering_onto_a_carrier_ends_the_run_there(kit):
    report = kit.graded(TASK, "counterexamples/MOT-H10-S3.st")
    tripped = [c for c in report.conditions if c.violated_rules]
    assert len(tripped) >= 2
    for c in tripped:
        assert c.violated_rules == ["MOT-H10-S3"] and c.end_reason == "completion failed", c.name


LONG_PLATINGS = ("long_platings_back_to_back", "long_platings_from_the_load_stand")


def test_one_carrier_at_a_time_runs_out_of_time_on_long_platings(kit):
    """The play-safe serial schedule breaks no rule and earns every other condition, but with every
    min near 40 s on the slowest drives it has only 3 of 4 carriers out at the 220 s limit."""
    report = kit.graded(TASK, "counterexamples/serial_patient.st")
    for c in report.conditions:
        assert c.safe and not c.violated_rules, c.name
        if c.name in LONG_PLATINGS:
            assert not c.passed and c.end_reason == "time limit", c.name
            assert "(3 so far)" in c.pending, (c.name, c.pending)
        else:
            assert c.passed, c.name


def test_the_blind_written_program_serialises_the_long_platings_too(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    for name in LONG_PLATINGS:
        passed, rules, pending = result[name]
        assert not passed and rules == () and "(3 so far)" in pending, name


def test_a_load_checked_only_against_the_carriers_already_in_leaves_one_past_its_max(kit):
    """Overlapping the platings is not enough: a load started whenever the carriers already in can
    still be reached in time puts the new carrier where its window falls on another's (S1)."""
    result = verdicts(kit.graded(TASK, "counterexamples/one_step_lookahead.st"))
    for name in LONG_PLATINGS + ("brisk_empty_line", "slow_hoist_tight"):
        passed, rules, pending = result[name]
        assert not passed and rules == ("MOT-H10-S1",) and "for more than its max" in pending, name
    assert all(result[name][0] for name in ("two_in_tanks", "late_orders", "long_then_short"))


def test_the_program_written_from_the_prompt_plans_with_so_much_margin_that_a_load_waits_too_long(kit):
    # written blind from the round-2 prompt: it earned 1 on the seven conditions before, and
    # fails only four_loads_in_eight_seconds, registered from the sampled condition it failed
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["four_loads_in_eight_seconds"]
    assert not passed and not rules and "waited more than 75 s to be taken" in pending
    assert all(ok for name, (ok, _, _) in result.items() if name != "four_loads_in_eight_seconds")
