"""MAT-E01 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1.

token_close_on_arrival.st and lookup_table.st (and the task's
counterexamples/drop_after_completion.st) each earned 1 before issue 7's fixes."""

from __future__ import annotations

import tasks
from tests.tasks.programs import find

TASK = tasks.get("MAT-E01")
def program(name: str):
    return find(TASK, name)


SAMPLED = TASK.sample(20, seed=7)


def test_clock_closing_program_fails_where_the_part_is_there_early(kit):
    report = kit.graded(TASK, program("close_by_clock.st"))
    failed = {c.name: c.pending for c in report.conditions if not c.passed}
    assert {"present_at_start", "late_slow_grip", "mid_slow_grip"} <= set(failed)
    assert "the jaws had not closed 5 mm onto it 0.5 s later" in failed["present_at_start"]


def test_a_one_scan_close_pulse_is_no_closing(kit):
    # class 1: close_gripper came on at once, but the jaws opened again before touching the part
    report = kit.graded(TASK, program("token_close_on_arrival.st"))
    early = [c for c in report.conditions if c.params["arrival_s"] < 3.5]
    assert early and all(not c.success and c.safe for c in early)
    for c in early:
        assert "the jaws" in c.pending and ("backed off" in c.pending or "had not closed" in c.pending)


def test_lookup_table_fails_sampled_conditions(kit):
    # class 7: it plays back the registered conditions' confirmation delays, keyed by the
    # arrival time; it passes those five (the table), not conditions drawn from the ranges
    registered = kit.graded(TASK, program("lookup_table.st"))
    assert registered.all_passed
    # off the table it confirms after a guessed 0.7 s: right for grips of 0.2-0.7 s only, so
    # about half of the sampled conditions fail, too early (S2) or too late
    report = kit.graded(TASK, program("lookup_table.st"), conditions=SAMPLED)
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= len(SAMPLED) // 4, kit.why(report)
    assert any("MAT-E01-S2" in c.violated_rules for c in failed)
    assert any(c.safe and c.end_reason == "completion failed" for c in failed)

