"""MOT-E07 Registration index to a print mark: the judges proven with Python controllers.
The ST reference, idle, blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E07")


def register_program(speed=0, use_latch=True):
    """A second program in Python; with use_latch=False it stops where its scan saw the mark."""
    def logic(i, o, m, now):
        o["drive_enable"] = True
        phase = m.setdefault("phase", "start")
        if phase == "start" and i["drive_ready"]:
            m["last"], m["cuts"], m["phase"] = i["actual_position"], 0, "arm_low"
        elif phase == "arm_low":
            o["probe_arm"] = o["start_move"] = False
            m["phase"] = "search"
        elif phase == "search":
            o["probe_arm"] = o["start_move"] = True
            o["target_position"], o["move_speed"] = m["last"] + i["nominal_pitch"] + 300, speed
            m["phase"], m["was"] = "seek", i["mark_eye"]
        elif phase == "seek":
            found = i["probe_done"] if use_latch else (i["mark_eye"] and not m["was"])
            m["was"] = i["mark_eye"]
            if found:
                at = i["probe_position"] if use_latch else i["actual_position"]
                m["last"], o["target_position"], o["start_move"] = at, at + i["knife_offset"], False
                m["phase"] = "retarget"
            elif i["in_position"] and i["standstill"]:
                o["alarm"], m["phase"] = True, "alarm"
        elif phase == "retarget":
            o["start_move"], m["phase"] = True, "arrive"
        elif phase == "arrive" and i["in_position"] and i["standstill"]:
            o["knife_down"], m["phase"] = True, "cut"
        elif phase == "cut" and i["knife_is_down"]:
            o["knife_down"], m["phase"] = False, "lift"
        elif phase == "lift" and i["knife_up"]:
            m["cuts"] += 1
            m["phase"] = "arm_low" if m["cuts"] < 6 else "done"
    return lambda: Logic(TASK, logic)


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, register_program()))


def test_creeping_so_the_scan_sees_the_mark_is_too_slow():
    report = grade(TASK, register_program(speed=30, use_latch=False))
    assert report.reward == 0
    late = [c for c in report.conditions if "had not arrived" in (c.pending + c.end_reason)]
    assert late, [c.pending for c in report.conditions]


def test_stopping_where_the_scan_saw_the_mark_cuts_off_the_mark():
    report = grade(TASK, register_program(use_latch=False))
    result = {c.name: c.violated_rules for c in report.conditions}
    assert "MOT-E07-S1" in result["slow_drive_first_mark_far"]
    assert report.reward == 0
