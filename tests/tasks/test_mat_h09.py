"""MAT-H09 One print-and-apply unit for two lanes: why its cheap programs fail, condition by
condition. The reference, idle, blind, rule counterexamples, second program and lookup table:
test_task_battery.py (their graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H09")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_one_fifo_for_both_lanes_fails_where_bursts_meet(kit):
    """The catalog's trap: labelled in latch order, the arm is over the wrong lane when a burst
    on one lane meets the other's cartons."""
    result = verdicts(kit.graded(TASK, "counterexamples/one_fifo.st"))
    assert result["slow_swing_bursts"][0] is False
    assert result["side_by_side"] == (True, ())


def test_the_blind_written_program_lets_a_slowed_carton_run_past(kit):
    report = kit.graded(TASK, "counterexamples/blind_written.st")
    result = verdicts(report)
    assert result["fast_lane_overtakes"] == (False, ())
    assert result["side_by_side"] == (True, ())
    failed = {c.name: c.pending for c in report.conditions if not c.passed}
    assert "ran past the applicator unlabelled" in failed["fast_lane_overtakes"]


def test_a_blind_timed_wait_misses_cartons_of_the_other_lane(kit):
    report = kit.graded(TASK, "counterexamples/token_blind.st")
    assert not any(c.passed for c in report.conditions)
    assert all("ran past the applicator unlabelled" in c.pending or "landed" in c.pending
               for c in report.conditions)


def test_a_lane_kept_slowed_with_no_carton_waiting_trips_s4(kit):
    """The review's program: the lane the arm is not serving crawls at 31% of its line speed. In
    one_lane_first lane B's cartons start at 4 s: it crawls before any has come (S4 alone)."""
    report = kit.graded(TASK, "counterexamples/MAT-H09-S4.st")
    c = next(c for c in report.conditions if c.name == "one_lane_first")
    assert c.violated_rules == ["MAT-H09-S4"]
    first = c.violations[0]
    assert first.message.startswith("lane B") and "no carton of it waiting" in first.message
    assert first.time_ms < 4000


def test_a_waiting_lane_crawled_when_the_arm_could_serve_it_in_time_trips_s4(kit):
    """The review's hole: every lane with a waiting carton crawls unless the arm stands over it
    with its label. A carton far from the pad, the applicator not busy with the other lane, may
    not be slowed: S4 first, in every registered condition, on a carton that was waiting (in
    tight_lane_b_pair the crawl then also makes it tamp onto the bare belt, S2)."""
    report = kit.graded(TASK, "counterexamples/every_waiting_lane_crawls.st")
    assert all(c.violations and c.violations[0].rule_id == "MAT-H09-S4" for c in report.conditions), \
        verdicts(report)
    assert all(c.violated_rules == ["MAT-H09-S4"] for c in report.conditions
               if c.name != "tight_lane_b_pair"), verdicts(report)
    for c in report.conditions:
        assert "not busy with lane" in c.violations[0].message, c.violations[0].message


def test_the_program_written_from_the_prompt_lets_a_lane_b_carton_pass_unlabelled_in_the_tight_pair(kit):
    # written blind from the prompt (2026-12-04): it passes the other five conditions; in
    # tight_lane_b_pair (lane B at 300 mm/s, a 66 mm gap, a 1.36 s swing) it brings the arm back
    # to lane B too late for its last carton
    report = kit.graded(TASK, "counterexamples/prompt_only.st")
    result = verdicts(report)
    passed, rules = result["tight_lane_b_pair"][:2]
    assert not passed and not rules
    (c,) = [c for c in report.conditions if c.name == "tight_lane_b_pair"]
    assert "ran past the applicator unlabelled" in c.pending, c.pending
    assert all(v[0] for n, v in result.items() if n != "tight_lane_b_pair")
