"""MAT-H10 Conveyor crossing shared by two flows: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H10")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_first_come_first_served_cannot_keep_up_with_a_slow_lift(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/first_come_first_served.st"))
    assert result["both_busy_slow_lift"][1] == ("MAT-H10-S4",)
    assert result["nominal"][0]  # light traffic: alternating is fine there


def test_giving_one_flow_priority_starves_the_other_behind_a_burst(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H10-S4.st"))
    assert result["a_burst_b_behind"][1] == ("MAT-H10-S4",)
    assert "flow B" in kit.graded(TASK, "counterexamples/MAT-H10-S4.st").conditions[1].violations[0].message


def test_the_blind_written_program_lowers_the_lift_under_the_part_found_in_the_cell(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert "MAT-H10-S3" in result["part_in_cell_at_power_up"][1]
    assert not result["both_busy_slow_lift"][0]


def test_conditions_lie_in_the_published_ranges_and_sampled_ones_fit_the_cell():
    ranges = {r.name: r for r in TASK.parameters}
    for cond in TASK.conditions:
        for key, value in cond.params.items():
            if key in ranges:
                assert not ranges[key].outside(value), (cond.name, key, value)
        start = cond.params["start_in_cell"]
        for f in "ab":
            assert len(cond.params[f"arrivals_{f}"]) + (start == f) == 12, cond.name
    for drawn in TASK.sample(20, 5):
        p = drawn.params
        for f in "ab":
            gaps = [b - a for a, b in zip(p[f"arrivals_{f}"], p[f"arrivals_{f}"][1:], strict=False)]
            assert all(1.5 - 1e-6 <= g <= 20.0 + 1e-6 for g in gaps)


def test_the_prompt_states_every_rule_and_the_pin_behaviour(kit):
    text = kit.prompt_states_everything(TASK)
    assert "snaps up in the gap behind" in text and "900 mm before the stopper" in text


def test_the_program_written_from_the_prompt_turns_the_slow_lift_back_before_letting_a_part_in(kit):
    # written blind from the prompt (2026-12-04): it passes five conditions; at both_busy_slow_lift
    # it lowers the 3 s lift for flow A and raises it again for B with A's part still at its stopper
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["both_busy_slow_lift"]
    assert not passed and not rules and "no part had entered in time" in pending
    assert all(ok for name, (ok, _, _) in result.items() if name != "both_busy_slow_lift")
