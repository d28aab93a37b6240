"""MAT-H05 Sequencing buffer: why its cheap programs fail, condition by condition. The reference,
idle, blind, rule counterexamples, second program and lookup table: test_task_battery.py (their
graded reports are shared through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-H05")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_a_fixed_lane_per_colour_overflows_with_a_colour_heavy_mix(kit):
    """The catalog's trap: the fifth red has no lane and waits at the infeed past 12 s."""
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_lane_per_colour.st"))
    assert result["red_heavy"] == (False, ())
    assert result["nominal"] == (True, ())


def test_waiting_on_a_jammed_stopper_holds_the_out_station_past_its_wait(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/waits_on_jammed_stopper.st"))
    assert result["red_heavy"] == (False, ())
    assert result["nominal"] == (True, ())


def test_the_blind_written_program_moves_a_downstream_arm_under_an_item(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["two_colours_fast"] == (False, ("MAT-H05-S3",))
    assert result["nominal"] == (True, ())


def test_the_reference_serves_every_ask_and_the_jam_strikes_where_registered(kit):
    report = kit.graded(TASK, "reference.st")
    assert report.reward == 1
    assert all(c.passed for c in report.conditions)


def test_the_prompt_only_program_digs_on_in_a_lane_that_proved_not_to_hold_the_colour(kit):
    """Every lane two deep at power-up, the seconds unread: it keeps digging the lane it chose after
    that lane's hidden item showed another colour, fills the loop, and the out station waits."""
    report = kit.graded(TASK, "counterexamples/prompt_only.st")
    result = {c.name: c for c in report.conditions}
    corner = result["stocked_two_deep_early_ask"]
    assert not corner.passed and corner.violated_rules == []
    assert "out station" in corner.pending
    assert all(c.passed for name, c in result.items() if name != "stocked_two_deep_early_ask")


def test_the_stocked_corner_stands_at_the_top_of_the_published_ranges():
    p = {c.name: c.params for c in TASK.conditions}["stocked_two_deep_early_ask"]
    assert p["n_at_start"] == 8 and all(len(lane) == 2 for lane in p["lanes_at_start"])
    assert p["rc_s"] == 12.0 and p["coll_s"] == 1.2 and p["first_ask_s"] == 5.0


def test_the_second_prompt_only_program_lets_two_items_onto_the_collector_in_the_stocked_corner(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only_2.st"))
    failed = {name for name, (passed, _) in result.items() if not passed}
    assert failed == {"stocked_two_deep_early_ask"}
    assert result["stocked_two_deep_early_ask"][1][:1] == ("MAT-H05-S2",)
