"""MAT-H14 Demand-based distribution: why its cheap programs fail, condition by condition (the
reports are the battery's, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H14")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_blind_written_program_overfills_with_the_parts_still_on_their_way(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["dense_feed"][1] == ("MAT-H14-S2",)
    assert result["mixed"][1] == ("MAT-H14-S2",)
    assert sum(p for p, _, _ in result.values()) <= 1


def test_the_catalogs_trap_round_robin_by_the_clock_overfills_a_hopper(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/token_blind.st"))
    assert all(not p for p, _, _ in result.values())
    assert any(rules == ("MAT-H14-S2",) for _, rules, _ in result.values())


def test_a_starved_machine_ends_the_run_on_its_own(kit):
    report = kit.graded(TASK, "counterexamples/MAT-H14-S1.st")
    for c in report.conditions:
        if not c.passed:
            assert c.violated_rules == ["MAT-H14-S1"] and "machine 3 has waited" in c.pending
            assert c.end_reason != "time limit"


def test_the_prompt_only_program_fills_on_past_a_low_hopper_and_starves_the_fastest_machine(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["fast_machine_low_while_refilling"]
    assert not passed and rules == ("MAT-H14-S1",) and "machine 3 has waited" in pending
    assert all(p for name, (p, _, _) in result.items() if name != "fast_machine_low_while_refilling")


def test_the_refilling_corner_lies_at_the_edges_of_the_published_ranges():
    p = {c.name: c.params for c in TASK.conditions}["fast_machine_low_while_refilling"]
    assert p["belt_speed"] == 300.0 and p["feed_rate"] == 2.5 and max(p["rate"]) == 1.0
    assert sum(p["rate"]) <= 0.6 * p["feed_rate"] and p["swing_s"] == [0.4, 0.4, 0.4]
    assert p["level"][0] <= 6 < p["level"][2]  # one hopper low at power-up, the fast one not yet
