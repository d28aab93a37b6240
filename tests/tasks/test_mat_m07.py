"""MAT-M07 Case sealer with size detection: why its cheap programs fail, condition by condition.
The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M07")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_catalogs_trap_leaves_the_head_at_the_next_cases_height_for_the_case_in_transit(kit):
    """Moving the head as soon as the next case is measured: the case let go before it has not
    reached the head yet, and the head is no longer at its height."""
    result = verdicts(kit.graded(TASK, "counterexamples/moves_head_on_measure.st"))
    assert all(not passed and "had not moved 3 mm toward it" in pending
               for passed, _, pending in result.values())


def test_raising_the_head_once_the_tail_has_passed_the_first_eye_moves_it_over_the_case(kit):
    """Raising the head early for a taller case spoils the tape on the case still under it."""
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M07-S2.st"))
    assert all(r[:2] == (False, ("MAT-M07-S2",)) and "tape head off its height" in r[2]
               for r in result.values())


def test_worst_case_waits_open_the_gate_late_after_a_fast_head(kit):
    for program in ("counterexamples/token_blind.st", "counterexamples/fixed_release_wait.st"):
        result = verdicts(kit.graded(TASK, program))
        passed, rules, pending = result["fast_head_fast_belt"]
        assert not passed and not rules and "had not moved off 20 mm" in pending
    # the slowest head needs the whole worst-case wait: there it is on time
    assert verdicts(kit.graded(TASK, "counterexamples/fixed_release_wait.st"))["slow_head_low_start"][0]


def test_a_gate_opened_before_the_head_is_there_is_caught_where_the_head_is_slow(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/early_release.st"))
    assert result["nominal"][0] and result["fast_head_fast_belt"][0]
    passed, rules, _ = result["slow_head_low_start"]
    assert not passed and "MAT-M07-S2" in rules


def test_a_gate_left_open_lets_unmeasured_cases_into_the_head(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M07-S1.st"))
    assert result["nominal"][:2] == (False, ("MAT-M07-S1",))
    assert "crushed by the head" in result["nominal"][2]
