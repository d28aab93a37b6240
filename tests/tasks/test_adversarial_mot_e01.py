"""MOT-E01 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import tasks

TASK = tasks.get("MOT-E01")
PROGRAMS = Path(__file__).parent / "adversarial" / "mot_e01"


@pytest.mark.parametrize("name, why", [
    ("start_by_clock.st", "starts on a clock just past the latest published Start press"),
    ("done_after_fixed_time.st", "Done on a fixed delay after the move started"),
    ("ignores_fault.st", "never clears the drive fault stored at power-up"),
    ("done_on_standstill.st", "takes standstill before the drive responds as arrival"),
    ("mid_range_target.st", "drives to the middle of the published range, not the order"),
])
def test_cheap_program_earns_zero(kit, name, why):
    report = kit.graded(TASK, PROGRAMS / name)
    assert report.reward == 0, f"{name} ({why}) passed every condition"


def test_clock_started_program_fails_where_start_comes_early(kit):
    report = kit.graded(TASK, PROGRAMS / "start_by_clock.st")
    failed = {c.name for c in report.conditions if not c.passed}
    assert {"nominal", "short_hop"} <= failed
    assert "moving within 1 s of Start" in next(c.pending for c in report.conditions if c.name == "short_hop")


def test_second_correct_program_passes(kit):
    report = kit.graded(TASK, PROGRAMS / "second_correct.st")
    kit.passes(report)
