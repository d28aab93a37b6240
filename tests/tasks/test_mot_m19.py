"""MOT-M19 Mechanical press single stroke: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py (these share its graded
reports through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M19")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_a_fixed_clutch_off_angle_stops_off_tdc_where_the_overrun_is_not_25_deg(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_clutch_off.st"))
    assert result["nominal"][0]                                        # overrun 25 deg: it fits
    passed, rules, pending = result["slow_long_overrun"]               # 40 deg: far past TDC
    assert not passed and not rules and "stroke 2 stopped" in pending


def test_learning_the_overrun_once_drifts_out_of_the_window_as_the_brake_wears(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/learn_once.st"))
    passed, rules, pending = result["fast_short_overrun"]              # 1 deg more a stop
    assert not passed and not rules and "stopped" in pending


def test_a_skewed_actuation_obeyed_trips_s1_only_where_the_operator_skews(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M19-S1.st"))
    assert result["nominal"][1] == ("MOT-M19-S1",)                     # 0.7 s apart
    assert result["fast_short_overrun"][0]                             # no skewed actuation there


def test_the_reference_stops_every_stroke_after_the_setting_stroke_within_5_deg(kit):
    from sim.session import Session

    s = Session(TASK, TASK.condition("slow_long_overrun"), kit.st_program(TASK, "reference.st")(),
                record=False)
    s.run_to_end()
    stops = [a % 360.0 for a, _ in s.plant["press"].stops]
    near = [min(a, 360.0 - a) for a in stops if min(a, 360.0 - a) < 30.0]
    assert len(near) == 8 and all(off <= 5.0 for off in near[1:])
