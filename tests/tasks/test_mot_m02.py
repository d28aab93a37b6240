"""MOT-M02 Gantry moves around a keep-out zone: why its cheap programs fail, condition by
condition, and the shortest legal time the leg deadline is built on. The reference, idle, blind
and rule counterexamples: test_task_battery.py (these tests read its reports, through kit.graded)."""

from __future__ import annotations

import pytest

import tasks
from tasks.mot_m02.task import move_time, rectangle_clear, shortest_legal_time

TASK = tasks.get("MOT-M02")
FAST = dict(x_speed=400.0, x_accel=1000.0, y_speed=100.0, y_accel=1000.0, response_s=0.0)


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_move_time_is_trapezoidal_or_triangular():
    assert move_time(400.0, 400.0, 1000.0) == pytest.approx(1.4)            # 1 s at speed + v/a
    assert move_time(-40.0, 400.0, 1000.0) == pytest.approx(0.4)            # never at full speed
    assert move_time(0.0, 400.0, 1000.0) == 0.0


def test_a_joint_move_is_legal_only_where_its_rectangle_clears_the_grown_box():
    box = (200.0, 100.0, 300.0, 200.0)                                       # grown: 180..320 x 80..220
    assert rectangle_clear((0.0, 0.0), (500.0, 70.0), box)                   # passes in front
    assert not rectangle_clear((0.0, 0.0), (500.0, 90.0), box)
    assert rectangle_clear((100.0, 0.0), (180.0, 400.0), box)                # touching the edge is clear


def test_the_shortest_legal_time_goes_round_the_box_when_the_way_is_blocked():
    box = (200.0, 100.0, 300.0, 200.0)
    free = shortest_legal_time((0.0, 40.0), (500.0, 40.0), box, FAST)
    assert free == pytest.approx(move_time(500.0, 400.0, 1000.0))
    blocked = shortest_legal_time((0.0, 150.0), (500.0, 150.0), box, FAST)
    # round the front: to a front corner (Y 80 mm down, X 180 across), along, and back up
    assert free < blocked < 2 * free + 2 * move_time(70.0, 100.0, 1000.0) + 0.01


def test_taking_a_joint_move_for_a_straight_line_cuts_the_zone(kit):
    # the catalog's trap: in these three the straight line clears the box, the joint move does not
    result = verdicts(kit.graded(TASK, "counterexamples/straight_line_check.st"))
    for name in ("box_in_the_middle", "box_low_right", "middle_quick_z"):
        assert result[name][1] == ("MOT-M02-S1",), name


def test_moving_one_axis_at_a_time_makes_long_legs_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/one_axis_at_a_time.st"))
    passed, rules, pending = result["middle_quick_z"]
    assert not passed and not rules and "shortest legal time" in pending


def test_fixed_z_waits_leave_a_quick_tool_at_the_bottom_too_long_or_start_late(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/fixed_z_waits.st"))
    passed, rules, pending = result["middle_quick_z"]
    assert not passed and not rules
    assert result["box_low_right"][0]                                        # Z 0.9 s: on time there
