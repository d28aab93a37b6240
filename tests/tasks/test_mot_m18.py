"""MOT-M18 Peck drilling with torque monitoring: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py (these share
its graded reports through kit.graded)."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M18")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_fixed_full_pecks_with_no_torque_watch_break_the_worn_drill(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M18-S1.st"))
    assert result["deep_long_pecks_sticky"][1] == ("MOT-M18-S1",)
    assert result["nominal"][0]                                   # a drill not so blunt survives


def test_half_pecks_with_no_torque_watch_are_too_slow_for_the_hole_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/half_pecks.st"))
    passed, rules, pending = result["deep_long_pecks_sticky"]
    assert not passed and not rules and "was entered at" in pending


def test_counting_the_depth_from_the_nominal_face_leaves_holes_off_depth(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/nominal_face.st"))
    assert all(not passed and not rules for passed, rules, _ in result.values()), result


def test_the_reference_drills_every_hole_to_depth_from_its_face(kit):
    from sim.session import Session

    cond = TASK.condition("table_between_stations")               # face 1 mm low
    s = Session(TASK, cond, kit.st_program(TASK, "reference.st")(), record=False)
    s.run_to_end()
    holes = s.plant["drill"].holes
    assert all(abs(h.depth_mm - 30.0) <= 0.2 and not h.broken for h in holes)
    assert holes[3].max_torque_nm < 7.0 < 2.0 * (2.0 + 0.045 * 36.0)    # a full 6 mm peck would reach 7.2 Nm


def test_ignoring_the_host_s_peck_and_retracting_on_torque_alone_cuts_pecks_too_long(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/torque_only_pecks.st"))
    assert all(not passed and not rules and "more than the host's peck" in pending
               for passed, rules, pending in result.values()), result
