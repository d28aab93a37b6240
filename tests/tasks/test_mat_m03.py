"""MAT-M03 Layer-pattern palletizing: why its cheap programs fail, condition by condition. The
reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M03")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_one_z_height_for_all_layers_presses_the_second_layer_into_the_first(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/one_z_height.st"))
    assert all("MAT-M03-S2" in rules for _, rules, _ in result.values())


def test_ignoring_the_count_lays_into_a_taken_slot_where_the_pallet_is_part_built(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/ignore_count.st"))
    assert result["two_layers_fresh_quick"][0]                        # an empty pallet: no harm
    assert "MAT-M03-S2" in result["three_layers_resume_3"][1]


def test_a_fixed_vacuum_wait_lifts_late_off_a_quick_vacuum(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_vacuum_wait.st"))
    passed, rules, pending = result["two_layers_fresh_quick"]         # vacuum in 0.15 s
    assert not passed and not rules and "had not risen 10 mm 0.3 s later" in pending
    assert result["three_tall_layers_resume_5"][0]                    # vacuum in 0.45 s: in time
