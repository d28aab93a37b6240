"""MOT-M09 Torque-angle screw tightening: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py (these share its graded
reports through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M09")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_counting_the_angle_from_where_the_crossing_was_seen_calls_over_turned_screws_ok(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/seen_snug.st"))
    failed = [name for name, (passed, rules, _) in result.items() if rules == ("MOT-M09-S3",)]
    assert len(failed) >= 3, result


def test_a_torque_target_alone_misses_the_angle_window_on_every_condition(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/torque_only.st"))
    assert all(rules == ("MOT-M09-S3",) for _, rules, _ in result.values()), result


def test_a_slow_rundown_is_late_on_a_screw_that_snugs_after_twelve_turns(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/slow_rundown.st"))
    passed, rules, pending = result["slow_machine_feed_down"]
    assert not passed and not rules and "not back up 5 s later" in pending


def test_without_the_run_down_angle_check_a_cross_threaded_screw_is_called_ok(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_cross_thread_check.st"))
    assert result["nominal"][1] == ("MOT-M09-S3",)                 # screw 3 cross-threaded
    assert result["stiff_and_missing"][0]                          # no cross thread there


def test_the_sound_screws_end_in_both_windows_and_the_nok_ones_out_of_their_thread(kit):
    from sim.session import Session
    from tasks.mot_m09.task import in_windows

    cond = TASK.condition("stiff_and_missing")
    s = Session(TASK, cond, kit.st_program(TASK, "reference.st")(), record=False)
    s.run_to_end()
    screws = s.plant["spindle"].screws
    assert [sc.joint.kind for sc in screws] == ["stiff", "good", "missing_thread", "good"]
    assert [in_windows(sc) for sc in screws] == [False, True, False, True]
    assert screws[0].turned_deg == 0.0 and screws[2].turned_deg == 0.0
    assert screws[2].max_turned_deg >= 12 * 360.0
