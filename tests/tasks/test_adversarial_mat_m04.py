"""MAT-M04 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1.

The exploits of issue 7, each of which earned 1 before the fix (checked on the commit before it):
- class 1, counterexamples/token_blind.st: fixed worst-case stroke times instead of the end
  switches and the standstill, the old quick-stroke clocks kept quiet by a one-scan valve drop
  every 25 scans and a one-scan poke of the other pusher;
- class 6, counterexamples/MAT-M04-S4.st: feeds the next part as soon as the previous one was
  measured, while it still lies in the inspection zone (the stated rule was checked by nothing);
- class 7, tuned/lookup_table.st: recognises the registered condition and plays
  back its part order and stroke times; it still passes the registered five, so it is graded on
  sampled conditions, which it fails.
The token-blind and S4 programs are the battery's counterexamples (test_task_battery.py grades
them too); here they are held to the reason they fail."""

from __future__ import annotations

import tasks
from sim.prompt import render_prompt
from tests.tasks.programs import find

TASK = tasks.get("MAT-M04")
def program(name: str):
    return find(TASK, name)


COUNTEREXAMPLES = TASK.folder / "counterexamples"


def test_fixed_stroke_times_miss_the_quick_stroke_rule_without_any_safety_violation(kit):
    report = kit.graded(TASK, program("fixed_stroke_times.st"))
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= 3
    assert all(c.safe and "stayed out at its end switch" in c.pending for c in failed)


def test_blind_retract_is_caught_by_the_belt_restart_rule(kit):
    report = kit.graded(TASK, program("blind_retract.st"))
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= 3
    assert all("neither the belt nor the other pusher went again" in c.pending for c in failed)


def test_token_actions_do_not_keep_the_quick_stroke_judges_quiet(kit):
    """Class 1: a one-scan valve drop at the end switch and a one-scan poke of the other pusher
    are no progress; where the fixed waits exceed the real strokes the completion never comes."""
    report = kit.graded(TASK, COUNTEREXAMPLES / "token_blind.st")
    assert report.reward == 0
    failed = [c for c in report.conditions if not c.passed]
    assert [c.name for c in failed] == ["nominal", "fast_belt", "chute_full", "mixed"], kit.why(report)
    assert all(c.safe and ("not on its way back within 0.3 s" in c.pending
                           or "neither the belt nor the other pusher went again" in c.pending
                           or "backed off before arriving" in c.pending) for c in failed), kit.why(report)


def test_token_actions_fail_most_sampled_conditions(kit):
    report = kit.graded(TASK, COUNTEREXAMPLES / "token_blind.st", conditions=TASK.sample(20, seed=3))
    assert sum(c.passed for c in report.conditions) <= 3, kit.why(report)


def test_feeding_before_the_previous_part_left_the_zone_trips_s4(kit):
    """Class 6: the stated rule is checked on every scan the feed pusher moves out."""
    report = kit.graded(TASK, COUNTEREXAMPLES / "MAT-M04-S4.st")
    assert report.reward == 0
    tripped = [c for c in report.conditions if c.violated_rules]
    assert len(tripped) >= 4 and all(c.violated_rules == ["MAT-M04-S4"] for c in tripped), kit.why(report)
    assert all("had not yet left the inspection zone" in c.first_violation.message for c in tripped)


def test_a_lookup_table_of_the_registered_conditions_fails_sampled_ones(kit):
    """Class 7: recognising the condition and playing back its table does not sort parts in
    conditions drawn from the published ranges."""
    report = kit.graded(TASK, program("lookup_table.st"), conditions=TASK.sample(20, seed=5))
    kit.no_faults(report)
    assert sum(c.passed for c in report.conditions) <= 2, kit.why(report)


def test_the_plain_blind_schedule_fails_every_registered_condition(kit):
    """The battery lets MAT-M04's blind schedules pass one registered condition (the token-action
    one passes slow_belt); the plain blind schedule is held to failing all five here."""
    report = kit.graded(TASK, COUNTEREXAMPLES / "blind.st")
    assert not any(c.passed for c in report.conditions), kit.why(report)


def test_stopping_the_belt_when_eye_end_clears_after_the_last_part_passes(kit):
    """The prompt says a kind C part counts as delivered when eye_end turns FALSE after it; a
    program that stops the belt right then (no extra run-out time) must be credited."""
    assert "counts as delivered when eye_end turns FALSE again" in render_prompt(TASK)
    report = kit.graded(TASK, program("stop_when_last_gone.st"))
    kit.passes(report)
