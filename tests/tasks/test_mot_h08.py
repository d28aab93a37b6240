"""MOT-H08 Pendulum machining with two load zones: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.task import Condition
from tasks.mot_h08.task import DEFAULTS

TASK = tasks.get("MOT-H08")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_blind_written_program_drives_into_a_zone_broken_ahead_of_it(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert result["fresh_start"][0] and result["slow_operator"][0]        # breaks only inside a zone
    assert result["late_b_order"][1] == ("MOT-H08-S1",)                   # someone steps in ahead of it
    for name in ("drill_down_in_b", "quick_operator", "crooked_first"):  # written before crooked parts:
        passed, rules, pending = result[name]                             # it never gives a clamp up
        assert not passed and "crooked part" in pending, (name, result[name])


def test_restarting_at_point_1_after_a_break_heads_away_from_the_next_point(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/restart_at_point_1.st"))
    assert result["late_b_order"][0]                                     # no break mid-part that matters
    passed, rules, pending = result["fresh_start"]
    assert not passed and not rules and "setting off toward point" in pending


def test_strict_turns_starve_the_zone_whose_ready_came_first(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/strict_alternation.st"))
    assert result["fresh_start"][0]                      # alternation is the Ready order there
    passed, rules, pending = result["late_b_order"]
    assert not passed and not rules
    assert pending.startswith("zone A:") and "toward point 1 of part 2" in pending


def test_stopping_for_the_other_zones_operator_misses_the_steps(kit):
    report = kit.graded(TASK, "counterexamples/stop_on_any_curtain.st")
    assert all(not c.passed and not c.violated_rules for c in report.conditions)
    # it stands still while the other zone is loaded: a step does not set off, or does not arrive
    assert all("0.5 s later" in c.pending or "had not arrived" in c.pending for c in report.conditions)


def test_an_interrupted_feed_taken_for_drilled_fails_where_a_feed_is_cut_off(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/skip_interrupted_point.st"))
    assert result["fresh_start"][0]                      # its break comes between feeds there
    passed, _, pending = result["drill_down_in_b"]
    assert not passed and "point" in pending


def test_a_crooked_part_is_unclamped_only_once_the_gantry_is_out_of_its_zone(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/crooked_unclamp_at_once.st"))
    for name in ("drill_down_in_b", "quick_operator"):   # found with the gantry elsewhere: no harm
        assert result[name][0], (name, result[name])
    assert result["crooked_first"][1] == ("MOT-H08-S2",)  # found with the gantry in A: clamp A opened


def test_waiting_in_the_crooked_zone_misses_its_way_out(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/crooked_waits_in_zone.st"))
    assert result["drill_down_in_b"][0]                  # the gantry is in B when A's clamp stalls
    passed, rules, pending = result["crooked_first"]
    assert not passed and not rules
    assert "leaving the zone with crooked part 1" in pending and "to brake" in pending


def test_retrying_a_stalled_clamp_backs_off_from_the_opening_owed(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/crooked_retry.st"))
    for name in ("drill_down_in_b", "quick_operator"):
        passed, rules, pending = result[name]
        assert not passed and not rules and "clamp opening on crooked part" in pending, (name, result[name])


def test_a_crooked_part_gives_the_turn_to_the_other_zone_and_comes_back_by_its_new_ready():
    from pathlib import Path

    from sim.verifier import run_condition
    from tests.tasks.conftest import st_program

    seen = {}

    def observe(session):
        def finish():
            seen["plant"] = session.plant
        return finish

    cond = next(c for c in TASK.conditions if c.name == "crooked_first")
    result = run_condition(TASK, cond, st_program(TASK, Path(TASK.folder) / "reference.st"), observe=observe)
    assert result.success and not result.violated_rules
    a, b = (seen["plant"].devices[f"zone_{zn}"] for zn in "ab")
    first_drill = {zn: min(t for t, n, _ in zone.drill_log if n == 1) for zn, zone in (("a", a), ("b", b))}
    assert first_drill["b"] < first_drill["a"]          # A was readied first, but its part lay crooked
    (t_a, part_a), = a.reseated
    assert part_a == 1 and t_a < first_drill["a"]
    (t_b, part_b), = b.reseated
    assert part_b == 3
    assert [n for _, n, _ in a.drill_log].count(1) == 4  # each point once, after the re-seating


def test_the_second_blind_program_leaves_a_crooked_clamp_closed_while_stopped_in_the_other_zone(kit):
    # written blind from the prompt (2026-12-04): it passes the other six conditions; B's part 2 is
    # found crooked while the gantry stands stopped in A for A's broken curtain, and B's clamp is
    # owed its opening (the gantry out of B and not coming) but stays closed
    result = verdicts(kit.graded(TASK, "counterexamples/prompt_only_2.st"))
    passed, rules, pending = result["crooked_b_while_stopped_in_a"]
    assert not passed and not rules and "the clamp opening on crooked part 2" in pending, pending
    assert all(v[0] for n, v in result.items() if n != "crooked_b_while_stopped_in_a"), result


def _hunt(name, seed, **params):
    return Condition.of(name, seed, "hunt corner", **{**DEFAULTS, **params})


def test_no_step_toward_a_zone_is_owed_while_the_gantry_is_held_by_the_other_zones_broken_curtain(kit):
    # a corner hunt (2026-12-04): the drill down in B at power-up, B's part 2 crooked with someone
    # reaching into B during it; the reference stops in B for the break, A's Ready comes and the
    # step toward A's point 1 was owed at once, though rule 4 holds X and Y still: every program
    # failed. The step is owed once B's curtain clears.
    corner = _hunt("held_in_b_when_a_is_ready", 351872, a_crooked_part=1, a_first_load_s=1.29,
                   a_intrude_delay_s=1.58, a_intrude_part=3, a_swap_s=10.01, accel=2445.3, b_crooked_part=2,
                   b_first_load_s=20.0, b_intrude_delay_s=0.3, b_intrude_part=2, b_intrude_stay_s=2.44,
                   b_swap_s=8.32, clamp_s=0.6, feed_s=0.83, load_s=3.0, react_s=1.91, ready_s=1.47,
                   reseat_s=5.0, response_s=0.071, retract_s=0.2, settle_s=0.137, x_speed=456.7,
                   x_start_mm=1250, y_speed=393.7, y_start_mm=280, z_down_at_b=3)
    for program in ("reference.st", "correct/second_correct.st"):
        c = kit.grade_st(TASK, program, conditions=[corner]).conditions[0]
        assert c.passed, (program, c.violated_rules, c.pending)


def test_the_slowest_operator_leaves_time_to_finish(kit):
    # a corner hunt (2026-12-04): B's first part late, 12 s swaps, 2 s feeds, a crooked part and a
    # break: every program finished at 132-134 s, past the old 130 s limit
    corner = _hunt("slowest_operator", 809145, a_first_load_s=0.89, a_intrude_delay_s=3.7, a_intrude_on_way=1,
                   a_intrude_stay_s=3.0, a_part_at_power_up=1, a_swap_s=4.11, accel=3000.0, b_crooked_part=2,
                   b_first_load_s=14.56, b_intrude_delay_s=6.0, b_intrude_on_way=1, b_intrude_part=1,
                   b_intrude_stay_s=1.38, b_swap_s=12.0, clamp_s=0.57, feed_s=2.0, load_s=8.0, react_s=2.0,
                   ready_s=3.0, reseat_s=2.97, response_s=0.092, retract_s=0.4, settle_s=0.15, x_speed=321.8,
                   x_start_mm=880.0, y_speed=271.5, y_start_mm=400.0)
    c = kit.grade_st(TASK, "reference.st", conditions=[corner]).conditions[0]
    assert c.passed and c.completion_s > 130.0, (c.pending, c.completion_s)
