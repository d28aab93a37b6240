"""MAT-H02 Two robots sharing a workspace: why its programs pass or fail, condition by
condition (graded once per session by the battery's kit). The reference, idle, blind and rule
counterexamples themselves: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.task import Condition

TASK = tasks.get("MAT-H02")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_entering_behind_a_robot_just_out_of_the_zone_collides_only_where_it_is_slow(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H02-S1.st"))
    assert result["late_order"][1] == ("MAT-H02-S1",)       # fast R1 behind a slow R2
    assert all(result[name][0] for name in ("nominal", "fast_r2_slow_r1", "r2_in_zone", "blocked_outfeed"))


def test_the_blind_written_program_misses_the_door_deadline_and_the_missed_picks(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    passed, rules, pending = result["fast_r2_slow_r1"]         # closes only once R1 is home
    assert not passed and not rules and "the door starts closing" in pending
    passed, rules, pending = result["r2_in_zone"]              # waits for part_held in the fixture
    assert not passed and not rules and "R2 opens its gripper" in pending
    passed, rules, pending = result["blocked_outfeed"]         # re-closes before gripper_open
    assert not passed and not rules and "R1 opens its gripper" in pending and "backed off" in pending
    assert result["nominal"][0] and result["late_order"][0]


def test_closing_again_before_the_jaws_are_fully_open_slips_again_and_fails(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/recloses_before_open.st"))
    for name in ("fast_r2_slow_r1", "blocked_outfeed"):         # R1's misses at the infeed
        passed, rules, pending = result[name]
        assert not passed and not rules and "R1 opens its gripper" in pending and "backed off" in pending
    assert "R2 opens its gripper" in result["r2_in_zone"][2]    # no recovery at all in the fixture
    assert result["nominal"][0] and result["late_order"][0]    # no misses there: it was correct


def test_leaving_the_fixture_after_a_missed_pick_instead_of_retrying_there_fails(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/leaves_after_miss.st"))
    passed, rules, pending = result["r2_in_zone"]
    assert not passed and not rules and "R2 closes its gripper again at the same station" in pending
    assert result["nominal"][0] and result["late_order"][0]


def test_a_missed_pick_shows_on_the_robots_signals_and_the_part_stays_in_the_fixture():
    plant = TASK.build_plant(TASK.conditions[2])       # r2_in_zone: jaws closed past the part
    r2, cell = plant["r2"], plant["cell"]
    assert r2.read("gripper_closed") and not r2.read("part_held") and cell.read("part_present")
    r2.write("grip", False)
    while not r2.read("gripper_open"):
        plant.step(0.01)
    r2.write("grip", True)                              # the first retry is listed as a miss too
    for _ in range(40):
        plant.step(0.01)
    assert r2.read("gripper_closed") and not r2.read("part_held") and cell.read("part_present")
    assert r2.miss_station.number == 1 and len(r2.misses) == 2


def test_waiting_in_the_zone_for_a_blocked_outfeed_misses_the_leave_deadline(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/waits_in_zone.st"))
    passed, rules, pending = result["r2_in_zone"]
    assert not passed and not rules and "R2 leaves the zone within 0.3 s" in pending


def test_entering_while_the_other_robot_still_leaves_the_zone_trips_s2_alone_at_equal_speeds(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H02-S2.st"))
    assert result["nominal"][1] == ("MAT-H02-S2",) and result["blocked_outfeed"][1] == ("MAT-H02-S2",)
    assert set(result["late_order"][1]) == {"MAT-H02-S1", "MAT-H02-S2"}


def test_a_starved_loader_trips_the_zone_wait_and_nothing_else(kit):
    for passed, rules, pending in verdicts(kit.graded(TASK, "counterexamples/MAT-H02-S4.st")).values():
        assert not passed and rules == ("MAT-H02-S4",) and "so far" in pending


def test_a_robot_starting_in_the_zone_is_discovered_and_sent_out():
    plant = TASK.build_plant(TASK.conditions[3])       # late_order: R2 at the fixture, door open
    r2, cell = plant["r2"], plant["cell"]
    assert r2.read("at_position") == 1 and r2.read("x_position") == 750 and cell.read("door_open")
    assert not cell.read("part_present")


def test_every_condition_carries_eight_parts_and_stays_in_the_published_ranges():
    ranges = {key: r for r in TASK.parameters for key in (r.keys or (r.name,))}
    drawn = TASK.sample(20, 3)
    for cond in [*TASK.conditions, *drawn]:
        p = cond.params
        assert len(p["arrival_gaps_s"]) + 1 + p.get("preloaded", 0) == 8, cond.name
        if p["r2_start"] == 1:
            assert p["door_open"], cond.name     # R2 inside the guard came in through the door
        assert p["r1_misses"] == sorted(set(p["r1_misses"])) and p["r2_misses"] == sorted(set(p["r2_misses"]))
        if p["r2_jaws_closed"]:
            assert p["r2_start"] == 1 and p["preloaded"], cond.name   # a part lies where the jaws missed
        for key, value in p.items():
            if key in ranges:
                assert not ranges[key].outside(value), (cond.name, key, value)
    assert isinstance(drawn[0], Condition)
    registered = [c for c in TASK.conditions if c.params["r1_misses"] or c.params["r2_misses"]]
    assert len(registered) >= 2
    faulty = [c for c in TASK.sample(60, 0) if c.params["r1_misses"] or c.params["r2_misses"]]
    assert 20 < len(faulty) < 60                  # sampled with missed picks and without
