"""MAT-E02 Transport with downstream handshake: why its programs fail, and where.

The standard battery (test_task_battery.py) runs every program of tasks/mat_e02/; these tests
pin what each one shows: the trap (stopping on the exit eye) overruns into a busy machine,
a belt run on a timer idles a part on a slow belt, and the idle-while-ready rule is judged
by real transport, not by a one-scan run pulse.
"""

from __future__ import annotations

import tasks
from sim.session import Session
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E02")


def run(logic, condition):
    s = Session(TASK, condition, Logic(TASK, logic))
    s.run_to_end()
    return s.verdict


def test_stopping_on_the_exit_eye_overruns_only_where_the_belt_coasts_far(kit):
    report = kit.graded(TASK, "counterexamples/MAT-E02-S1.st")
    by = {c.name: c for c in report.conditions}
    # at 105 mm/s the belt coasts ~10 mm: the part stops short of the end; at 390 mm/s, 0.5 s ramp, not
    assert by["slow_sparse"].passed and by["nominal"].passed
    assert by["fast_long_ramp"].violated_rules == ["MAT-E02-S1"]


def test_a_run_on_timer_idles_a_part_between_the_eyes_on_a_slow_belt(kit):
    report = kit.graded(TASK, "counterexamples/run_on_timer.st")
    slow = next(c for c in report.conditions if c.name == "slow_sparse")
    assert slow.violated_rules == ["MAT-E02-S3"]


def test_a_one_scan_run_pulse_every_half_second_is_no_transport():
    def pulses(i, o, m, now):
        o["belt_run"] = now % 500 == 0

    verdict = run(pulses, "slow_sparse")
    assert "MAT-E02-S3" in verdict.violated_rules


def test_the_lookup_table_passes_only_what_it_was_tuned_to(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1


def test_the_prompt_states_ramp_braking_and_the_rules():
    text = kit_prompt()
    for words in ("coasts to a stop", "front edge crosses the belt end", "MAT-E02-S3", "150 mm",
                  "ramp time", "exit eye"):
        assert words in text, words


def kit_prompt():
    from sim.prompt import render_prompt
    return render_prompt(TASK)
