"""MAT-M04 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import tasks
from sim.prompt import render_prompt

TASK = tasks.get("MAT-M04")
PROGRAMS = Path(__file__).parent / "adversarial" / "mat_m04"


@pytest.mark.parametrize("name, why", [
    ("fixed_stroke_times.st", "times every pusher stroke with 1.05 s, the top of the published range"),
    ("blind_retract.st", "waits a fixed 1.05 s for the pusher to come back"),
    ("feed_by_time.st", "holds the feed pusher out a fixed 0.85 s instead of until its end switch"),
    ("last_kind_only.st", "remembers only the last measured kind, no tracking"),
    ("ignores_full_chute.st", "pushes into a chute that reports full"),
    ("no_standstill_wait.st", "pushes before the belt has stopped"),
    ("belt_at_once.st", "runs the belt while a pusher is still out at power-up"),
])
def test_cheap_program_earns_zero(kit, name, why):
    report = kit.graded(TASK, PROGRAMS / name)
    assert report.reward == 0, f"{name} ({why}) passed every condition"


def test_fixed_stroke_times_miss_the_quick_stroke_rule_without_any_safety_violation(kit):
    report = kit.graded(TASK, PROGRAMS / "fixed_stroke_times.st")
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= 3
    assert all(c.safe and "stayed out at its end switch" in c.pending for c in failed)


def test_blind_retract_is_caught_by_the_belt_restart_rule(kit):
    report = kit.graded(TASK, PROGRAMS / "blind_retract.st")
    failed = [c for c in report.conditions if not c.passed]
    assert len(failed) >= 3
    assert all("neither the belt nor the other pusher went again" in c.pending for c in failed)


def test_second_correct_program_passes(kit):
    report = kit.graded(TASK, PROGRAMS / "second_correct.st")
    kit.passes(report)


def test_stopping_the_belt_when_eye_end_clears_after_the_last_part_passes(kit):
    """The prompt says a kind C part counts as delivered when eye_end turns FALSE after it; a
    program that stops the belt right then (no extra run-out time) must be credited."""
    assert "counts as delivered when eye_end turns FALSE again" in render_prompt(TASK)
    report = kit.graded(TASK, PROGRAMS / "stop_when_last_gone.st")
    kit.passes(report)
