"""MOT-H15 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1."""

from __future__ import annotations

import itertools

import pytest

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import find

TASK = tasks.get("MOT-H15")
def program(name: str):
    return find(TASK, name)


@pytest.mark.parametrize("order", list(itertools.permutations((1, 2, 3))))
def test_every_fixed_priority_order_starves_a_station(kit, order):
    text = (program("fixed_priority.st")).read_text()
    text = text.replace("Priority : ARRAY[1..3] OF INT := [1, 2, 3];",
                        f"Priority : ARRAY[1..3] OF INT := [{', '.join(map(str, order))}];")
    report = grade(TASK, kit.st_text(text, f"fixed_priority_{''.join(map(str, order))}.st"))
    assert report.reward == 0
    starved = [c for c in report.conditions if not c.passed]
    assert starved and all(c.violated_rules == ["MOT-H15-S3"] for c in starved)
    # the station last in the order is the one that waits too long somewhere
    assert any(f"station {order[-1]} has waited" in c.first_violation.message for c in starved)


def test_arm_wait_by_time_misses_the_prompt_move_on(kit):
    report = kit.graded(TASK, program("arm_home_by_time.st"))
    late = [c for c in report.conditions if "had neither set off nor granted 0.3 s later" in c.pending]
    assert len(late) >= 2 and all(c.safe for c in late)


def test_a_program_that_ignores_the_drive_fault_fails_only_where_one_is_stored(kit):
    report = kit.graded(TASK, program("ignores_fault.st"))
    assert report.reward == 0
    assert kit.failed(report) == ["slow_shuttle"], kit.why(report)
    assert TASK.condition("slow_shuttle").params["fault_at_start"] == 1


def test_a_grant_nobody_can_use_is_not_moving_on(kit):
    """One-scan grants to the station whose arm is going home move nothing: where the fixed 0.85 s
    wait is longer than the arm needed, the move-on rule misses it; no safety rule trips."""
    report = kit.graded(TASK, program("arm_token_grant.st"))
    late = [c for c in report.conditions if "had neither set off nor granted 0.3 s later" in c.pending]
    assert len(late) >= 4 and all(c.safe for c in report.conditions), kit.why(report)


def test_a_flickered_grant_stops_no_wait_clock(kit):
    """The starved station got a one-scan grant as soon as it asked (the station's own record of
    its wait says so), but it was served only much later: S3 judges the real wait."""
    report = kit.graded(TASK, program("flicker_grant.st"))
    starved = {c.name: c for c in report.conditions if not c.passed}
    assert set(starved) == {"busy_neighbours", "busy_upper", "trip_behind_queue"}, kit.why(report)
    assert all(c.violated_rules == ["MOT-H15-S3"] for c in starved.values())
    message = starved["busy_neighbours"].first_violation.message
    assert "station 3 has waited more than 20 s to be served" in message

    session = Session(TASK, "busy_neighbours", kit.st_program(TASK, program("flicker_grant.st"))())
    session.run_to_end()
    station_3 = session.plant["station_3"]
    assert station_3.aborts >= 1 and max(station_3.waits) < 1.0   # the flicker looked like a grant
