"""MOT-M14 adversarial review: programs an agent might write to earn reward 1 cheaply must earn 0,
and a second correct program, written from the prompt alone, must earn 1."""

from __future__ import annotations

import tasks
from tests.tasks.programs import find

TASK = tasks.get("MOT-M14")
def program(name: str):
    return find(TASK, name)


def test_working_more_nests_than_ordered_never_completes(kit):
    report = kit.graded(TASK, program("always_six.st"))
    failed = {c.name: c.pending for c in report.conditions if not c.passed}
    assert {"nominal", "slide_left_in_nest", "fast_table_slow_slide"} <= set(failed)
    assert "exactly the ordered nests worked" in failed["nominal"]


def test_fixed_waits_after_an_index_miss_the_prompt_approach(kit):
    for name in ("blind_table_wait.st", "settle_by_time.st"):
        report = kit.graded(TASK, program(name))
        late = [c for c in report.conditions if "had not set off toward the nest 0.25 s later" in c.pending]
        assert len(late) >= 2, (name, [(c.name, c.pending) for c in report.conditions])
        assert all(c.safe for c in late)


def test_a_program_that_ignores_the_drive_fault_fails_only_where_one_is_stored(kit):
    report = kit.graded(TASK, program("ignores_fault.st"))
    assert report.reward == 0
    assert kit.failed(report) == ["slow_table_fast_slide"], kit.why(report)
    assert TASK.condition("slow_table_fast_slide").params["fault_at_start"] == 1


def test_a_token_jiggle_behind_the_line_is_not_setting_off(kit):
    """The slide moving 37 <-> 39 mm while the table settles is no approach: where the fixed wait
    is longer than the table needed, the approach rule misses it; it breaks no safety rule."""
    report = kit.graded(TASK, program("jiggle_behind_line.st"))
    late = [c for c in report.conditions if "had not set off toward the nest 0.25 s later" in c.pending]
    assert {c.name for c in late} >= {"nominal", "table_between_stations", "fast_table_slow_slide"}
    assert all(c.safe for c in report.conditions)


def test_going_on_out_from_beyond_the_line_over_an_unaligned_table_trips_s2(kit):
    report = kit.graded(TASK, program("finish_found_nest.st"))
    assert kit.failed(report) == ["slide_out_table_between"], kit.why(report)
    assert report.conditions[-1].violated_rules == ["MOT-M14-S2"]


def test_creeping_toward_the_nest_all_along_is_no_approach(kit):
    """Sets off 'in time' after every standstill (it was creeping anyway) but arrives long after
    one move at the drive's speed would: fails on sampled conditions too, not only where the
    table is slow enough for S2 to catch it."""
    report = kit.graded(TASK, program("creep_behind_line.st"), conditions=TASK.sample(10, seed=2))
    assert report.passed_count == 0, kit.why(report)
    late = [c for c in report.conditions if "had not arrived" in c.pending]
    assert len(late) >= 5, kit.why(report)
