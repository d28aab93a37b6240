"""MOT-H08 Pendulum machining with two load zones: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

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
