"""MAT-E03 Counting with a chattering photo-eye: why its programs fail, and where.

The standard battery (test_task_battery.py) runs every program of tasks/mat_e03/; these tests
pin the two traps of the catalog (raw edges pass only with a clean eye; a long debounce loses
parts in every condition), the part on the eye at power-up, and that a held Ack is no answer.
"""

from __future__ import annotations

import tasks
from sim.prompt import render_prompt

TASK = tasks.get("MAT-E03")


def by_name(report):
    return {c.name: c for c in report.conditions}


def test_raw_edges_pass_only_where_the_eye_does_not_chatter(kit):
    got = by_name(kit.graded(TASK, "counterexamples/raw_edges.st"))
    assert got["clean_eye"].passed
    assert not any(c.passed for name, c in got.items() if name != "clean_eye")


def test_a_long_debounce_merges_the_short_gaps_everywhere(kit):
    report = kit.graded(TASK, "counterexamples/long_debounce.st")
    assert not any(c.passed for c in report.conditions)


def test_counting_the_part_on_the_eye_at_power_up_fails_exactly_where_one_lies(kit):
    got = by_name(kit.graded(TASK, "counterexamples/count_the_power_up_part.st"))
    with_part = {n for n, c in TASK_CONDITIONS().items() if c.params.get("part_on_eye")}
    assert {n for n, c in got.items() if not c.passed} == with_part


def TASK_CONDITIONS():
    return {c.name: c for c in TASK.conditions}


def test_the_sampled_gaps_leave_room_for_the_gate_behind_every_batch():
    from tasks.mat_e03.task import boundary_gap_s
    for cond in TASK.sample(30, seed=7):
        n, gaps = cond.params["batch_size"], cond.params["gap_s"]
        for b in range(1, 4):
            assert gaps[b * n - 1] >= boundary_gap_s(cond.params["belt_speed"])
        assert sum(g <= 0.16 for g in gaps[:n - 1]) >= 3


def test_the_prompt_states_chatter_shortest_events_and_the_power_up_part():
    text = render_prompt(TASK)
    for words in ("up to 30 ms", "at least 0.12 s", "belongs to\nno batch", "ignore those", "MAT-E03-S2"):
        assert words in text, words
