"""MOT-H14 Restart from an interrupted cycle: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H14")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_trusting_the_retained_word_presses_twice_or_leaves_parts(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/trust_step_word.st"))
    assert result["fresh_restart"][0]                                  # the word is true there
    assert result["ram_on_part"][1] == ("MOT-H14-S3",)                 # stale: a part pressed twice
    passed, rules, _ = result["probe_down_between"]
    assert not passed and not rules                                    # parts left unpressed


def test_one_job_at_a_time_misses_the_press_window(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/sequential_jobs.st"))
    passed, rules, pending = result["fresh_restart"]
    assert not passed and not rules and "ram had not set off" in pending


def test_a_trip_not_recovered_fails_by_the_press_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/ignores_trip.st"))
    assert result["fresh_restart"][0]                                  # no trip there
    passed, rules, pending = result["scattered"]
    assert not passed and not rules and "had not arrived 8 s later" in pending


def test_the_blind_written_program_misses_the_stored_fault_and_the_trips(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["fresh_restart"][0] and result["none_pressed_ram_mid"][0]
    passed, _, pending = result["ram_on_part"]                         # stored fault: never ready
    assert not passed and "not both up 5 s after power-up" in pending
    assert not result["scattered"][0] and not result["probe_down_between"][0]


def test_lifting_to_the_top_and_waiting_there_overruns_the_slowest_plants_budget(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/waits_at_top.st"))
    passed, rules, pending = result["all_slow"]
    assert not passed and not rules and "Done on" in pending          # the 40 s time limit
    assert all(passed for name, (passed, _, _) in result.items() if name != "all_slow")


def test_the_dial_never_starts_inside_the_alignment_band_off_its_station():
    # the prompt's guarantee for start_offset_deg: 0, or 3 to 30 deg short of the station
    import random
    rng = random.Random(14)
    offsets = [TASK.sampler(rng)["params"]["start_offset_deg"] for _ in range(500)]
    offsets += [c.params["start_offset_deg"] for c in TASK.conditions]
    assert all(o == 0.0 or -30.0 <= o <= -3.0 for o in offsets)
    assert any(o < 0.0 for o in offsets) and any(o == 0.0 for o in offsets)


def test_the_reference_leaves_a_ram_already_clear_at_power_up_so_the_probe_keeps_its_window(kit):
    # a thin corner a hunt found (2026-12-04): the ram at the top, a slow probe (0.8 s) and a
    # slow ram; lifting the ram to 17 mm first put the probe 5 mm down at 0.62 s, past its 0.6 s
    import dataclasses
    base = TASK.condition("scattered")
    corner = dataclasses.replace(base, name="scattered_slow_probe", params={
        **base.params, "ram_start_mm": 0.0, "ram_speed": 60.0, "ram_accel": 300.0, "probe_s": 0.8,
        "index_time_s": 0.5, "table_settle_s": 0.05, "stiffness_kn_mm": 5.0, "trip_on_approach": 1,
        "trip_hold_s": 0.5, "pressed_mask": 26, "step_word": 0, "start_station": 1})
    report = kit.grade_st(TASK, "reference.st", conditions=[corner])
    assert report.conditions[0].passed, report.conditions[0].pending
