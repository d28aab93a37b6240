"""MOT-E09 Electronic gearing to a line encoder: the conditions and judges proven with Python
controllers (independent of the ST compiler). The ST reference, idle, blind and rule
counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.devices.belt_encoder import wrap16
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E09")


def gearing(*, ramp_scans=100, ratio_scale=1.0, late_scans=0):
    """A Python program: gear = ratio ramped over `ramp_scans`; the line's travel taken
    `late_scans` scans late; the ratio off by `ratio_scale`."""

    def logic(i, o, m, now):
        count = i["line_count"]
        hist = m.setdefault("counts", [count] * (late_scans + 2))
        hist.append(count)
        del hist[0]
        travel = wrap16(hist[-1 - late_scans] - hist[-2 - late_scans])
        ordered = i["ratio"] / 1000 * ratio_scale
        o["drive_enable"] = True
        if i["engage_pb"]:
            m["state"] = m.get("state", "in")
        if i["release_pb"] and m.get("state") == "in":
            m["state"] = "out"
        gear = m.get("gear", 0.0)
        if m.get("state") == "in":
            gear = min(ordered, gear + ordered / ramp_scans)
        elif m.get("state") == "out":
            gear = max(0.0, gear - ordered / ramp_scans)
        m["gear"] = gear
        carry = m.get("carry", 0.0) + gear * travel * 0.5
        inc = round(carry)
        m["carry"] = carry - inc
        o["roll_setpoint"] = wrap16(o["roll_setpoint"] + inc)

    return lambda: Logic(TASK, logic)


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, gearing()))


def test_the_counter_wraps_inside_the_judged_window_in_every_condition():
    for cond in (*TASK.conditions, *TASK.sample(20, seed=5)):
        s = Session(TASK, cond, gearing()())
        engage = cond.params["engage_press_s"]
        wraps, last = 0, None
        while s.scan_index * 10 < (engage + 12.0) * 1000:
            s.step()
            count = s.plant["encoder"].count
            if last is not None and count < last - 30000 and s.scan_index * 10 >= (engage + 2.0) * 1000:
                wraps += 1
            last = count
        assert wraps >= 1, cond.name


def test_a_ramp_longer_than_two_seconds_is_geared_late():
    # (its 3 s ramp-out also leaves the roll turning 2 s after Release: S2)
    (c,) = grade(TASK, gearing(ramp_scans=300), conditions=[TASK.conditions[0]]).conditions
    assert not c.passed and "had not arrived 2 s later" in c.pending, c.pending


def test_a_wrong_ratio_or_a_scan_late_leaves_the_band():
    for program in (gearing(ratio_scale=1.01), gearing(late_scans=1)):
        (c,) = grade(TASK, program, conditions=[TASK.conditions[0]]).conditions
        assert not c.passed and not c.violated_rules and "off the line's travel" in c.pending, c.pending


def test_a_step_engage_trips_the_drive_on_a_fast_line_but_not_on_a_slow_one():
    fast, slow = TASK.conditions[0], TASK.conditions[1]
    report = grade(TASK, gearing(ramp_scans=1), conditions=[fast, slow])
    by = {c.name: c for c in report.conditions}
    assert by[fast.name].violated_rules == ["MOT-E09-S1"]
    assert by[slow.name].passed          # a slow line: the step is within the drive's reach


def test_a_token_nudge_on_engage_backs_off():
    cond = TASK.conditions[2]
    report = grade(TASK, _nudge_then_wait(), conditions=[cond])
    (c,) = report.conditions
    assert not c.passed and "backed off" in c.pending, c.pending


def _nudge_then_wait():
    def logic(i, o, m, now):
        o["drive_enable"] = True
        if i["engage_pb"] and not m.get("nudged"):
            o["roll_setpoint"] = o["roll_setpoint"] + 10
            m["nudged"] = True

    return lambda: Logic(TASK, logic)
