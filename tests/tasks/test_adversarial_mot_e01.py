"""MOT-E01 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1.

creep_before_start.st, token_move_on_start.st and lookup_table.st (and the task's
counterexamples/drop_after_completion.st) each earned 1 before issue 7's fixes."""

from __future__ import annotations

import tasks
from tests.tasks.programs import find

TASK = tasks.get("MOT-E01")
def program(name: str):
    return find(TASK, name)


SAMPLED = TASK.sample(20, seed=7)


def test_clock_started_program_fails_where_start_comes_early(kit):
    report = kit.graded(TASK, program("start_by_clock.st"))
    failed = {c.name for c in report.conditions if not c.passed}
    assert {"nominal", "short_hop"} <= failed
    pending = next(c.pending for c in report.conditions if c.name == "short_hop")
    assert "had not closed 1 mm of its distance to the ordered position 1 s later" in pending


def test_creeping_before_start_is_seen_from_position(kit):
    # class 4: every hop starts and ends inside one plant step, velocity 0 at each boundary
    report = kit.graded(TASK, program("creep_before_start.st"))
    crept = {c.name: c for c in report.conditions if c.violated_rules}
    assert set(crept) == {"nominal", "short_hop"}
    for c in crept.values():
        assert c.violated_rules == ["MOT-E01-S3"]
        assert "before Start was pressed" in c.first_violation.message
        assert c.first_violation.time_ms < c.params["start_press_s"] * 1000


def test_a_token_hop_on_start_is_no_set_off(kit):
    # class 1/4: a hop away and back moves the slide but never closes the distance to the order
    report = kit.graded(TASK, program("token_move_on_start.st"))
    early = [c for c in report.conditions if c.params["start_press_s"] < 3.0]
    assert early and all(not c.success and c.safe for c in early)
    assert all("had not closed 1 mm" in c.pending for c in early)


def test_lookup_table_fails_sampled_conditions(kit):
    # class 7: it plays back the registered conditions' Done delays, keyed by the ordered
    # position; it passes those five (the table), not conditions drawn from the ranges
    registered = kit.graded(TASK, program("lookup_table.st"))
    assert registered.all_passed
    # off the table it shows Done a guessed 3 s after Start: too early (S2) or too late
    report = kit.graded(TASK, program("lookup_table.st"), conditions=SAMPLED)
    passed = sum(c.passed for c in report.conditions)
    assert passed <= len(SAMPLED) // 4, kit.why(report)
    assert any("MOT-E01-S2" in c.violated_rules for c in report.conditions)
    assert any(c.safe and c.end_reason == "completion failed" for c in report.conditions)

