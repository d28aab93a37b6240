"""MOT-H09 Virtual master with cammed stations: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H09")
CHAIN_TRIPS = ("long_capped_chain_trips", "chain_trips_in_the_seal_zone_speeding_up")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_the_limits_and_hides_the_conditions(kit):
    text = kit.prompt_states_everything(TASK, hidden=("+0.5 %", "-0.45 %", "3.0 s", "2.2 s"))
    assert "discharge belt 900 mm/s and 3000 mm/s^2" in text and "1.25 times" in text
    assert "0.5 to 3 s after the trip" in text and "for more than 5 s" in text


def test_the_blind_written_program_holds_its_reset_and_a_cooling_drive_stays_down(kit):
    """One rising edge, given before the hold is over: the line is down past 5 s (S5) wherever the
    hold outlasts the stop (0.8, 3.0 and 2.2 s); with a 0.5 s hold or a stored fault it passes."""
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    for name in ("short_fast_discharge_trips", "long_capped_chain_trips",
                 "chain_fault_stored_then_discharge_trips"):
        passed, rules, _ = result[name]
        assert not passed and rules == ("MOT-H09-S5",)
    assert result["slow_jaw_fault_stored"][0] and result["chain_trips_in_the_seal_zone_speeding_up"][0]


def test_a_jaw_cammed_on_the_master_seals_off_the_marks_when_the_chain_trips(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/jaw_on_master.st"))
    for name, (passed, rules, pending) in result.items():
        if name in CHAIN_TRIPS:
            assert not passed and "off its mark" in pending
        else:
            assert passed and not rules


def test_the_master_ramped_to_the_chain_limit_leaves_the_geared_discharge_behind(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/ramped_to_chain_limit.st"))
    assert all("MOT-H09-S1" in rules and "MOT-H09-S4" in rules for _, rules, _ in result.values())


TOP_SPEED_TRIP = "long_capped_discharge_trips_at_top_speed"


def _fails_only_the_run_on_at_top_speed(result):
    passed, rules, _ = result[TOP_SPEED_TRIP]
    assert not passed and rules == ("MOT-H09-S3",)
    assert all(p for name, (p, _, _) in result.items() if name != TOP_SPEED_TRIP)


def test_the_prompt_only_program_brakes_at_its_one_ramp_and_runs_on_past_90_mm(kit):
    """Written blind, it ramps at 2000 mm/s^2 up and down: with the discharge tripped at 720 mm/s
    the film runs on past S3's 90 mm; the chain alone could have stopped it in 80."""
    report = kit.graded(TASK, "counterexamples/prompt_only.st")
    _fails_only_the_run_on_at_top_speed(verdicts(report))
    c = next(c for c in report.conditions if c.name == TOP_SPEED_TRIP)
    assert "ran on" in c.first_violation.message and "discharge belt" in c.first_violation.message


def test_a_stop_at_the_geared_discharges_ramp_runs_on_too_far_once_the_discharge_is_out(kit):
    report = kit.graded(TASK, "counterexamples/stop_at_the_geared_ramp.st")
    _fails_only_the_run_on_at_top_speed(verdicts(report))
