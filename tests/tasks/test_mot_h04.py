"""MOT-H04 Twin drilling heads on one beam: why its cheap programs fail, condition by condition.
The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

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
