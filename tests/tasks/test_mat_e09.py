"""MAT-E09 Fill a container to target weight: why its programs pass or fail, condition by
condition (the ST programs in tasks/mat_e09/, graded with the real compiler)."""

from __future__ import annotations

import random

import tasks

TASK = tasks.get("MAT-E09")


def test_cutting_off_at_the_target_overfills_by_the_afterflow(kit):
    report = kit.graded(TASK, "counterexamples/cut_off_at_target.st")
    assert report.reward == 0
    # over the tolerance (never over + 5 g: no S2): no OK, the carton waits past the deadline,
    # or it is over the later cartons' +-1 g
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= 4 and all(not c.violated_rules for c in failed)


def test_fine_dosing_alone_misses_the_fill_deadline(kit):
    report = kit.graded(TASK, "counterexamples/fine_only.st")
    assert all(not c.passed and "waited more than 45 s" in c.pending for c in report.conditions)


def test_coarse_dosing_to_the_end_overfills_by_more_than_5_g(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E09-S2.st")
    assert sum(c.violated_rules == ["MAT-E09-S2"] for c in report.conditions) >= 3


def test_without_tare_the_carton_s_own_weight_counts_and_every_carton_ends_short(kit):
    report = kit.graded(TASK, "counterexamples/no_tare.st")
    assert all(not c.passed for c in report.conditions)


def test_a_fixed_afterflow_guess_misses_the_later_cartons_tighter_tolerance(kit):
    for program in ("counterexamples/no_learning.st", "counterexamples/fixed_guess_top_up.st"):
        report = kit.graded(TASK, program)
        failed = {c.name for c in report.conditions if not c.passed}
        assert {"large_small_afterflow", "low_slow_fine"} <= failed, (program, failed)
        assert all(not c.violated_rules for c in report.conditions), program


def test_ok_before_the_afterflow_has_landed_is_s3(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E09-S3.st")
    assert any(c.violated_rules == ["MAT-E09-S3"] for c in report.conditions)


def test_the_sampler_draws_five_carton_weights_in_range():
    for n in range(300):
        p = TASK.sampler(random.Random(n))["params"]
        assert len(p["tares_g"]) == 5 and all(50 <= t <= 150 for t in p["tares_g"])
        assert 1.0 <= p["afterflow_g"] <= 4.0 and 200 <= p["target_g"] <= 800


def test_the_prompt_states_the_rules_and_no_hidden_value(kit):
    text = kit.prompt_states_everything(TASK, hidden=("3.95", "1502"))
    assert "target - 30 g" in text and "45 s of arriving" in text and "0.1 g" in text
