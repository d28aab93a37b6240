"""MOT-E08 Force-limited press stroke: the judges proven with Python controllers.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E08")


def press_program(dwell_ms=700, use_limit=True, creep=5):
    """A second program in Python; its arguments make it wrong on purpose."""
    def logic(i, o, m, now):
        if i["start_pb"]:
            m.setdefault("phase", "enable")
        phase = m.get("phase")
        o["force_limit"] = i["force_setpoint"] if use_limit else 0
        o["drive_enable"] = phase is not None

        def move(target, speed, nxt):
            o["target_position"], o["move_speed"] = target, speed
            o["start_move"] = not o["start_move"]     # every other scan: an edge
            if o["start_move"]:
                m["phase"] = nxt

        if phase == "enable" and i["drive_ready"]:
            move(i["part_top"] - 50, 0, "rapid")
        elif phase == "rapid" and i["in_position"] and i["standstill"]:
            o["start_move"] = False
            m["phase"] = "creep_go"
        elif phase == "creep_go":
            move(i["part_top"] + 100, creep, "creep")
        elif phase == "creep" and (i["at_force_limit"]
                                   or (not use_limit and i["force"] >= i["force_setpoint"])):
            m["since"], m["phase"], o["start_move"] = now, "dwell", False
        elif phase == "dwell" and now - m["since"] >= dwell_ms:
            move(i["part_top"] - 50, 5, "off")
        elif phase == "off" and i["in_position"] and i["standstill"]:
            o["start_move"] = False
            m["phase"] = "home_go"
        elif phase == "home_go":
            move(0, 0, "home")
        elif phase == "home" and i["in_position"] and i["standstill"]:
            o["ok"] = True
    return lambda: Logic(TASK, logic)


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, press_program()))


def test_a_dwell_too_long_fails_the_completion_without_a_rule():
    report = grade(TASK, press_program(dwell_ms=1700))
    assert report.reward == 0
    assert all(not c.passed and not c.violated_rules for c in report.conditions)
    assert all("dwell too long" in c.pending or "dwell too long" in c.end_reason for c in report.conditions)


def test_a_dwell_too_short_never_shows_ok():
    report = grade(TASK, press_program(dwell_ms=300))
    assert report.reward == 0
    assert all(not c.passed for c in report.conditions)


def test_stopping_on_the_force_reading_overshoots_stiff_parts():
    result = {c.name: c.violated_rules for c in grade(TASK, press_program(use_limit=False)).conditions}
    assert "MOT-E08-S1" in result["stiff_part_high_force"]


def test_creeping_too_fast_trips_s2_only():
    report = grade(TASK, press_program(creep=12))
    assert all(c.violated_rules == ["MOT-E08-S2"] for c in report.conditions)


def test_the_nominal_part_top_word_is_within_4_mm_of_the_real_contact_whatever_the_rounding():
    from tasks.mot_e08.task import nominal_top_word
    assert nominal_top_word(100.04, 3.99) == 961          # 96.05 rounded alone: 4.04 mm off
    assert nominal_top_word(85.0, 0.0) == 850 and nominal_top_word(62.0, -3.0) == 650
    for contact in (60.0, 77.77, 109.99):
        for offset in (-4.0, -3.96, 3.96, 4.0):
            assert abs(contact - nominal_top_word(contact, offset) / 10.0) <= 4.0 + 1e-9
