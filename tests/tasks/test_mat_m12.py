"""MAT-M12 Transfer car to three lanes: why its cheap programs fail, condition by condition (the
reports are the battery's own, shared through kit.graded). The reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M12")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_stopping_the_car_belt_at_its_end_eye_leaves_a_long_pallet_hanging_over_the_infeed(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/stop_at_end_eye.st"))
    for passed, rules, pending in result.values():          # a 1200 mm pallet in every condition
        assert not passed and not rules and "pallet running onto the car" in pending


def test_moving_the_car_with_a_pallet_across_its_entry_end_trips_s1_everywhere(kit):
    report = kit.graded(TASK, "counterexamples/MAT-M12-S1.st")
    assert all(c.violated_rules == ["MAT-M12-S1"] for c in report.conditions)
    assert "lying across an end of its belt" in report.conditions[0].first_violation.message


def test_leaving_the_lane_as_soon_as_the_end_eye_clears_drags_the_pallets_tail(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/leave_at_end_eye_clear.st"))
    assert all("MAT-M12-S1" in rules for _, rules, _ in result.values())


def test_a_fixed_wait_at_the_lane_instead_of_its_full_eye_is_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_lane_wait.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "the lane's full eye clear" in pending


def test_stopping_on_the_label_overruns_long_pallets_on_a_fast_belt(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/stop_on_label.st"))
    assert result["nominal"][0] and not result["long_pallets"][0] and not result["bunched"][0]


def test_ignoring_the_full_eyes_runs_a_pallet_into_the_full_lane(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M12-S3.st"))
    assert result["lane_full"][1] == ("MAT-M12-S3",)
