"""MAT-M14 Orientation by vision before placing: why its cheap programs fail, condition by
condition. The reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MAT-M14")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_no_wrap_handling_winds_the_cable_past_its_limit_with_angles_across_zero(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-M14-S4.st"))
    assert result["angles_across_zero"][1] == ("MAT-M14-S4",)


def test_the_short_way_alone_winds_a_wound_up_wrist_further_and_passes_where_it_is_not(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/shortest_way_always.st"))
    assert result["wound_up_positive"][1] == ("MAT-M14-S4",)
    assert result["angles_across_zero"][0]


def test_rejecting_after_one_failed_read_sends_a_readable_part_to_the_chute(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/no_retry.st"))
    passed, rules, pending = result["wound_up_positive"]                  # part 2 fails its first read
    assert not passed and not rules and "part 2 went into the reject chute" in pending


def test_a_net_turn_of_exactly_400_deg_is_within_the_cable_float_noise_and_all():
    # moves in tenths: on the wrist, -354.8 then +77.0 then -122.2 the short way ends at
    # -400.00000000000006 (the device adds each move's span to where it stood)
    from types import SimpleNamespace

    from tasks.mat_m14.task import _cable
    def state(net):
        return SimpleNamespace(devices=SimpleNamespace(wrist=SimpleNamespace(net_deg=net)))
    assert _cable(state(-400.00000000000006)) is None and _cable(state(400.0)) is None
    assert _cable(state(400.1)) is not None
