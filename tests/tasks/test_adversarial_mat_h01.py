"""MAT-H01 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1.

The programs of issue 7 each earned 1 on the commit before it (checked there by hand) and must
earn 0 now, each for the reason its class is about (EARNED_ONE_BEFORE)."""

from __future__ import annotations

import pytest

import tasks
from sim.prompt import render_prompt
from sim.verifier import grade
from tests.tasks.programs import find

TASK = tasks.get("MAT-H01")
def program(name: str):
    return find(TASK, name)


COUNTER = TASK.folder / "counterexamples"
SET_OFF_MISSED = "after part_held the robot sets off within 0.3 s: not done within"

# (program, issue-7 class and how it cheats, what every condition must now show)
EARNED_ONE_BEFORE = [
    (COUNTER / "same_part_twice.st", "2: one part machined and set down six times, an empty cycle in "
     "the other cell", "all 6 parts delivered (1 so far)"),
    (program("empty_cycle.st"), "2: every part through cell A, cell B cycled on an empty fixture",
     "cell B machined a part (0 so far)"),
    (program("resend_token.st"), "1: fixed grip waits, the robot re-sent to the station it stands at",
     SET_OFF_MISSED),
    (program("door_pulse_token.st"), "1: fixed grip wait at the infeed, a door valve pulsed",
     SET_OFF_MISSED),
    (COUNTER / "token_blind.st", "1: fixed grip waits, both tokens", SET_OFF_MISSED),
    (COUNTER / "drop_after_completion.st", "5: cell A's door opened again after completion",
     "the end state was not kept after completion: the robot at rest at home (station 6) with the "
     "gripper open and both cell doors closed"),
]


@pytest.mark.parametrize("path, why, shows", EARNED_ONE_BEFORE, ids=[p.name for p, _, _ in EARNED_ONE_BEFORE])
def test_issue_7_exploit_earns_zero_for_its_reason(kit, path, why, shows):
    report = kit.graded(TASK, path)
    kit.no_faults(report)
    assert report.reward == 0, f"{path.name} ({why}) passed"
    for c in report.conditions:
        assert not c.passed and c.safe and shows in c.pending, (c.name, c.end_reason, c.pending)


def test_door_wait_tuned_to_the_old_range_enters_a_sticking_door(kit):
    report = kit.graded(TASK, program("fixed_door_and_grip_times.st"))
    assert report.reward == 0
    late = next(c for c in report.conditions if c.name == "late_parts")
    assert late.violated_rules == ["MAT-H01-S1"] and "door" in late.first_violation.message


def test_door_wait_long_enough_for_a_sticking_door_runs_out_of_time(kit):
    text = (program("fixed_door_and_grip_times.st")).read_text().replace("T#2050MS", "T#5050MS")
    report = grade(TASK, kit.st_text(text, "fixed_door_5s.st"))
    assert report.reward == 0
    assert any(c.end_reason == "time limit" and c.safe for c in report.conditions)


@pytest.mark.parametrize("wait_ms", [300, 450, 850])
def test_no_fixed_grip_wait_passes(kit, wait_ms):
    # too short: the robot leaves before a slow gripper holds; long enough for the slowest
    # grip: it stands too long after a fast one
    text = (program("grip_by_time.st")).read_text().replace("T#850MS", f"T#{wait_ms}MS")
    assert grade(TASK, kit.st_text(text, f"grip_{wait_ms}.st")).reward == 0


def test_prompt_says_a_preloaded_part_counts_in_the_lot():
    assert "it counts as\none of the 6 parts of the lot" in render_prompt(TASK)



def test_a_slower_correct_strategy_passes_with_room_to_spare(kit):
    # home after every job, doors opened late: slower than the second correct program, and
    # still well inside the limit in the slowest condition (room for a less tuned schedule)
    report = kit.graded(TASK, program("home_between_jobs.st"))
    kit.passes(report)
    slowest = max(c.completion_s for c in report.conditions)
    assert slowest <= TASK.time_limit_s * 0.85, (slowest, TASK.time_limit_s)
