"""MOT-M20 Electronic cam for a rotary seal jaw: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-M20")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_the_prompt_states_the_cam_and_hides_the_conditions(kit):
    text = kit.prompt_states_everything(TASK, hidden=("+0.5 %", "-0.45 %"))
    assert "20 counts per mm" in text and "450 mm" in text and "300 mm a turn" in text
    assert "its centre 2 mm after that" in text


def test_a_cam_on_raw_counts_never_makes_a_good_seal(kit):
    """The catalog's trap: counts taken for mm turn the jaw twenty times too fast."""
    result = verdicts(kit.graded(TASK, "counterexamples/cam_on_raw_counts.st"))
    assert all(not passed and "(0 so far)" in pending for passed, _, pending in result.values())


def test_a_cam_on_the_nominal_pitch_walks_off_the_marks_within_a_few_packs(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/nominal_pitch.st"))
    for passed, rules, pending in result.values():
        assert not passed and not rules and "off its mark" in pending
        assert int(pending.split()[1]) <= 6                 # seal 2..6 is the first one off


def test_phasing_to_the_pack_centre_seals_on_every_pack(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-M20-S2.st"))
    assert all(rules == ("MOT-M20-S2",) for _, rules, _ in result.values())


def test_a_fault_stored_at_power_up_is_not_a_trip(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/idle.st"))
    assert all(not rules for _, rules, _ in result.values())
