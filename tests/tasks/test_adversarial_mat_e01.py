"""MAT-E01 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import tasks

TASK = tasks.get("MAT-E01")
PROGRAMS = Path(__file__).parent / "adversarial" / "mat_e01"


@pytest.mark.parametrize("name, why", [
    ("close_by_clock.st", "closes on a clock just past the latest published arrival, eye ignored"),
    ("secured_fixed_delay.st", "'part secured' on a fixed delay after closing, part_held ignored"),
    ("secured_when_jaws_leave.st", "takes jaws-not-open as held"),
    ("close_at_power_up.st", "assumes the part is in the nest at power-up"),
])
def test_cheap_program_earns_zero(kit, name, why):
    report = kit.graded(TASK, PROGRAMS / name)
    assert report.reward == 0, f"{name} ({why}) passed every condition"


def test_clock_closing_program_fails_where_the_part_is_there_early(kit):
    report = kit.graded(TASK, PROGRAMS / "close_by_clock.st")
    failed = {c.name: c.pending for c in report.conditions if not c.passed}
    assert {"present_at_start", "late_slow_grip", "mid_slow_grip"} <= set(failed)
    assert "close_gripper was not on 0.5 s later" in failed["present_at_start"]


def test_second_correct_program_passes(kit):
    report = kit.graded(TASK, PROGRAMS / "second_correct.st")
    kit.passes(report)
