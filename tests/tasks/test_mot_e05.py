"""MOT-E05 Vertical axis with holding brake: the plant and judges proven with Python controllers.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E05")


def lift_program(release_with_enable=False, move_delay_ms=0, done_early=False):
    """A second program in Python, a flag per phase; the arguments make it wrong on purpose."""
    def logic(i, o, m, now):
        if i["start_pb"]:
            m["go"] = True
        if not m.get("go") or m.get("parked"):
            o["done"] = bool(m.get("parked")) and not i["brake_open"]
            return
        o["reset_fault"] = i["drive_fault"] and not o["reset_fault"]
        o["drive_enable"] = not i["drive_fault"]
        if (i["torque_ok"] or release_with_enable) and not m.get("arrived"):
            o["brake_release"] = True
        if i["brake_open"] and i["torque_ok"] and m.get("open_at") is None:
            m["open_at"] = now
        if m.get("open_at") is not None and now >= m["open_at"] + move_delay_ms and not m.get("moving"):
            o["target_position"] = i["ordered_position"]
            o["start_move"] = m["moving"] = True
        if m.get("moving") and i["in_position"] and i["standstill"] and now > m["open_at"] + move_delay_ms:
            m["arrived"] = True
            o["brake_release"] = False
            o["done"] = done_early
        if m.get("arrived") and not i["brake_open"]:
            o["drive_enable"] = False
            m["parked"] = True
    return lambda: Logic(TASK, logic)


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, lift_program()))


def test_releasing_the_brake_with_enable_sags_where_the_torque_is_slower_than_the_brake():
    report = grade(TASK, lift_program(release_with_enable=True))
    result = verdicts(report)
    # the load drops before the torque is there (S2 first); the drive then catches it only at
    # its own deceleration, so it falls on to the minus limit, which faults it (S3 follows)
    slow = next(c for c in report.conditions if c.name == "slow_torque_quick_brake")
    assert not slow.passed and slow.violations[0].rule_id == "MOT-E05-S2"
    assert result["nominal"] == (True, ())


def test_setting_off_later_than_0_3_s_after_brake_open_fails_the_completion():
    report = grade(TASK, lift_program(move_delay_ms=350))
    assert report.reward == 0
    assert all(not c.passed and not c.violated_rules for c in report.conditions)
    assert all("the brake reported open" in c.pending for c in report.conditions)


def test_done_before_the_brake_grips_trips_s4_everywhere():
    report = grade(TASK, lift_program(done_early=True))
    assert all("MOT-E05-S4" in c.violated_rules for c in report.conditions)
