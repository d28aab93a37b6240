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


# --- station trips (the arm drive of a station trips during its service) ----------------------

TRIPS = {"staggered", "all_at_once", "busy_upper", "trip_behind_queue", "reset_behind_queue"}


def test_the_registered_trips_are_where_the_docstring_says():
    tripping = {c.name for c in TASK.conditions if c.params["trip_station"]}
    assert tripping == TRIPS
    points = {c.params["trip_point"] for c in TASK.conditions if c.params["trip_station"]}
    assert 0.0 in points and any(0.0 < p < 0.5 for p in points) and any(p >= 0.5 for p in points)


def test_a_program_blind_to_trips_fails_where_a_station_trips(kit):
    report = kit.graded(TASK, program("ignores_trip.st"))
    assert set(kit.failed(report)) == TRIPS, kit.why(report)


def test_waiting_at_the_tripped_station_for_its_reset_misses_the_move_on(kit):
    report = kit.graded(TASK, program("trip_waits_for_reset.st"))
    late = {c.name for c in report.conditions if "had neither set off nor granted 0.3 s later" in c.pending}
    assert late == TRIPS, kit.why(report)
    staggered = report.conditions[[c.name for c in report.conditions].index("staggered")]
    assert "station 1 tripped with its arm home" in staggered.pending


def test_serving_in_the_order_first_asked_starves_the_station_behind_the_tripped_one(kit):
    """trip_first_asked is the second correct program without the new stamp at a trip: station 2,
    first to have asked, is served again before station 1, whose 20 s run from 0.7 s."""
    report = kit.graded(TASK, program("trip_first_asked.st"))
    assert kit.failed(report) == ["trip_behind_queue"], kit.why(report)
    failed = report.conditions[[c.name for c in report.conditions].index("trip_behind_queue")]
    assert failed.violated_rules == ["MOT-H15-S3"]
    assert "station 1 has waited more than 20 s" in failed.first_violation.message


def test_putting_the_tripped_station_at_the_back_of_the_queue_at_its_reset_starves_it(kit):
    """trip_requeued_at_reset stamps the tripped request at the reset instead: station 2 comes
    after station 3's new request, raised after the trip, and waits over 20 s from its trip."""
    report = kit.graded(TASK, program("trip_requeued_at_reset.st"))
    assert kit.failed(report) == ["reset_behind_queue"], kit.why(report)
    failed = report.conditions[[c.name for c in report.conditions].index("reset_behind_queue")]
    assert failed.violated_rules == ["MOT-H15-S3"]
    assert "station 2 has waited more than 20 s" in failed.first_violation.message


def test_a_grant_left_on_through_a_trip_or_a_shuttle_leaving_early_breaks_s1_or_s2(kit):
    for name in ("trip_grant_left_on.st", "trip_leaves_at_once.st"):
        report = kit.graded(TASK, program(name))
        failed = [c for c in report.conditions if not c.passed]
        assert failed and {c.name for c in failed} <= TRIPS, (name, kit.why(report))
        assert all(c.violated_rules and set(c.violated_rules) <= {"MOT-H15-S1", "MOT-H15-S2"} for c in failed)


def test_the_tripped_request_counts_from_the_trip_not_from_when_it_was_raised():
    """busy_upper: station 3's second request rises at 8 s and trips on the way in at about
    17.7 s; the reference serves it about 11 s after the trip, more than 20 s after it was raised.
    S3 restarts its clock at the trip (as the prompt says), so the reference passes."""
    session = Session(TASK, "busy_upper", kit_program("reference.st"))
    verdict = session.run_to_end()
    station = session.plant["station_3"]
    assert verdict.passed and station.trips == 1 and station.served == 5
    assert station.tripped_at == pytest.approx(17.73, abs=0.05)
    assert len(station.waits) == 6          # five requests, the tripped one granted twice
    p = TASK.condition("busy_upper").params
    granted = station.tripped_at - p["trip_point"] * (p["arm_time_s"] + p["work_3_s"])
    raised = granted - station.waits[1]     # its second request
    regranted = station.tripped_at + station.waits[2]   # the station's own wait runs from the trip
    assert regranted - station.tripped_at < 15.0 < 20.0 < regranted - raised


def kit_program(name):
    from tests.tasks.conftest import st_program
    return st_program(TASK, name)()


def test_sampled_conditions_trip_sometimes_everywhere_in_the_service():
    drawn = TASK.sample(200, seed=0)
    tripping = [c for c in drawn if c.params["trip_station"]]
    assert 60 <= len(tripping) <= 140
    assert {c.params["trip_station"] for c in tripping} == {1, 2, 3}
    points = [c.params["trip_point"] for c in tripping]
    assert 0.0 in points and max(points) > 0.8 and any(0.0 < p < 0.2 for p in points)
    resets = [c.params["trip_reset_s"] for c in tripping]
    assert min(resets) < 3.0 and max(resets) > 7.0
    for c in tripping:
        assert 1 <= c.params["trip_request"] <= len(c.params[f"requests_{c.params['trip_station']}"])
