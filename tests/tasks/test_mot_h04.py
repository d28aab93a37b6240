"""MOT-H04 Twin drilling heads on one beam: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.task import Condition

TASK = tasks.get("MOT-H04")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_reading_the_lists_once_leaves_a_late_list_undrilled_at_a_shared_x(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    for name in ("two_shared", "crowded_mid_beam", "jam_at_shared_x"):     # the late-list conditions
        passed, rules, pending = result[name]
        assert not passed and not rules and "the beam left X =" in pending
    assert result["heads_close_drill_down"][0]      # both lists at power-up: it does the job


def test_one_list_after_the_other_leaves_the_shared_x_with_head_2_waiting(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/one_list_then_the_other.st"))
    pending = result["heads_close_drill_down"][2]
    assert "the beam left X = 1350 mm with hole(s) 2.1 there not drilled" in pending
    assert sum(not passed for passed, _, _ in result.values()) >= 4


def test_blind_waits_leave_a_head_idle_over_its_hole(kit):
    for program in ("counterexamples/blind.st", "counterexamples/token_blind.st"):
        result = verdicts(kit.graded(TASK, program))
        assert all(not passed and not rules for passed, rules, _ in result.values())
        assert "stood over its hole" in result["two_shared"][2]


def test_heads_sent_straight_to_their_y_crowd_each_other_where_the_holes_are_close(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H04-S2.st"))
    assert result["crowded_mid_beam"][1] == ("MOT-H04-S2",)
    assert result["two_shared"][0]          # no crowding there: straight moves do no harm


def test_a_jam_waited_out_for_3_s_trips_s4_only_where_a_drill_jams(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H04-S4.st"))
    jams = {c.name for c in TASK.conditions if c.params["jams"]}
    assert jams == {"jam_at_shared_x", "slow_drills_far_start"}
    for name, (passed, rules, _) in result.items():
        assert rules == (("MOT-H04-S4",) if name in jams else ()) and passed == (name not in jams)


def test_the_conditions_vary_what_the_prompt_says_they_vary():
    conds = TASK.conditions
    assert len(conds) == 6
    assert {c.params["drill_down_at_start"] for c in conds} == {0, 2}
    assert sum(bool(c.params["list_1_at_s"] or c.params["list_2_at_s"]) for c in conds) == 3
    crowded = [c.name for c in conds if any(
        x1 == x2 and y2 - y1 < 150.0 for x1, y1 in c.params["holes_1"] for x2, y2 in c.params["holes_2"])]
    assert {"crowded_mid_beam", "slow_drills_far_start"} <= set(crowded) and "two_shared" not in crowded
    for c in conds:
        assert c.params["holes_per_head"] == (len(c.params["holes_1"]), len(c.params["holes_2"]))


def test_two_heads_waiting_on_each_other_fail_by_the_stated_deadline_at_one_x(kit):
    report = kit.graded(TASK, "counterexamples/deadlock_at_crowded_x.st")
    result = verdicts(report)
    assert "the beam stood at X = 1100 mm for more than 25 s" in result["crowded_mid_beam"][2]
    assert result["two_shared"][0]          # no crowded X there: nobody waits
    ended = {c.name: c.end_reason for c in report.conditions}
    assert ended["crowded_mid_beam"] != "time limit"     # the deadline ends the run, not the limit


def test_the_prompt_only_program_parks_its_waiting_head_on_its_own_hole_just_over_150_mm(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only.st"))
    passed, rules, pending = result["shared_x_just_over_150"]
    assert not passed and not rules
    assert "head 2 stood over its hole" in pending and "had not set off down 0.3 s later" in pending
    assert all(ok for name, (ok, _, _) in result.items() if name != "shared_x_just_over_150")


def test_the_holes_lie_where_the_prompt_says():
    from tasks.mot_h04.task import GAP_MM, HOLE_X, HOLE_X_GAP, HOLE_Y
    near = 0
    for c in (*TASK.conditions, *TASK.sample(60, seed=5)):
        lists = c.params["holes_1"], c.params["holes_2"]
        for n, holes in enumerate(lists):
            assert all(HOLE_X[0] <= x <= HOLE_X[1] and HOLE_Y[n][0] <= y <= HOLE_Y[n][1] for x, y in holes)
        xs = sorted({x for holes in lists for x, _ in holes})
        assert all(b - a >= HOLE_X_GAP for a, b in zip(xs, xs[1:], strict=False))
        near += sum(x1 == x2 and GAP_MM < y2 - y1 < GAP_MM + 6.0
                    for x1, y1 in lists[0] for x2, y2 in lists[1])
    assert near >= 5        # the corner of shared_x_just_over_150 is sampled too


def _hunt(name, seed, **params):
    def tup(v):
        return tuple(tup(x) for x in v) if isinstance(v, list | tuple) else v
    return Condition(name, seed, {k: tup(v) for k, v in params.items()}, "hunt corner")


# A corner hunt (2026-12-04): each of these failed one correct program while the others passed.

def test_a_late_lists_hole_under_a_standing_head_is_drilled_at_once(kit):
    # head 1's list comes at 5.3 s while the reference runs its plan at X 892.3 mm with head 1
    # already standing at that X's hole 1.3: it drilled it only after the plan (spec 6: 0.3 s)
    corner = _hunt("late_list_under_a_standing_head", 5397, list_1_at_s=5.3, list_2_at_s=0.0,
                   beam_start_mm=1213.0, head_1_start_mm=410.9, head_2_start_mm=561.4, beam_speed=200,
                   beam_accel=795, head_speed=200, head_accel=1475, drill_1_s=1.18, drill_2_s=1.5,
                   drill_down_at_start=2, holes_1=[[1337.5, 229.0], [723.9, 377.2], [892.3, 518.4],
                                                   [1377.8, 173.6], [937.6, 444.1]],
                   holes_2=[[892.3, 577.5], [723.9, 435.7], [1377.8, 324.2], [937.6, 346.6]],
                   jams=[[1, 3]], holes_per_head=[5, 4], shared_x=4)
    c = kit.grade_st(TASK, "reference.st", conditions=[corner]).conditions[0]
    assert c.passed, (c.violated_rules, c.pending)


def test_a_head_waits_for_the_other_to_stop_braking_toward_it(kit):
    # a late list crowds a shared X while head 2 runs down fast (800 mm/s^2): second_correct sent
    # head 1 up as soon as head 2's position and new target were 150 mm clear, and head 2, braking,
    # came 149.1 mm from it (S2)
    corner = _hunt("re_aimed_head_still_braking", 1036, list_1_at_s=15.2, list_2_at_s=0.0, beam_start_mm=9.8,
                   head_1_start_mm=219.0, head_2_start_mm=604.0, beam_speed=266, beam_accel=814,
                   head_speed=359, head_accel=800, drill_1_s=0.69, drill_2_s=1.5, drill_down_at_start=2,
                   holes_1=[[718.7, 258.0], [548.5, 510.3], [101.8, 256.7], [219.4, 476.7]],
                   holes_2=[[101.8, 275.7], [219.4, 629.0], [994.4, 340.1], [718.7, 267.9], [548.5, 664.5]],
                   jams=[[2, 2]], holes_per_head=[4, 5], shared_x=4)
    c = kit.grade_st(TASK, "correct/second_correct.st", conditions=[corner]).conditions[0]
    assert c.passed and not c.violated_rules, (c.violated_rules, c.pending)


def test_the_all_slowest_corner_leaves_the_reference_time_to_finish(kit):
    # every drive at its slowest, 1.5 s drills, 5 + 5 holes, head 2's list 20 s late: the
    # reference needs 65.05 s (the limit was 65 s)
    corner = _hunt("all_slowest_late_list", 20068, list_1_at_s=0.0, list_2_at_s=20.0, beam_start_mm=753.6,
                   head_1_start_mm=173.3, head_2_start_mm=343.0, beam_speed=200, beam_accel=600,
                   head_speed=200, head_accel=800, drill_1_s=1.5, drill_2_s=1.5, drill_down_at_start=0,
                   holes_1=[[227.4, 241.4], [1333.0, 295.8], [1447.3, 501.0], [985.2, 216.8], [520.2, 396.0]],
                   holes_2=[[520.2, 257.9], [171.6, 386.7], [1447.3, 614.3], [577.1, 634.3], [1333.0, 348.1]],
                   jams=[], holes_per_head=[5, 5], shared_x=3)
    c = kit.grade_st(TASK, "reference.st", conditions=[corner]).conditions[0]
    assert c.passed and c.completion_s > 65.0, (c.pending, c.completion_s)
