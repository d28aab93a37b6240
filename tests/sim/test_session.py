"""The closed loop: scan order, end of run, operator actions, faults, determinism."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.session import Session, SessionError
from tests.sim.minitask import TASK, GoodController, Idle

HERE = Path(__file__).parent


class Recorder(GoodController):
    """The good controller, remembering what it saw at each scan."""

    def __init__(self):
        super().__init__()
        self.seen: list[tuple[int, bool, int]] = []

    def logic(self, now_ms):
        self.seen.append((now_ms, self.inputs["%IX0.0"], self.inputs["%IW2"]))
        super().logic(now_ms)


def test_scan_k_runs_at_k_times_10_ms_from_zero():
    ctl = Idle()
    s = Session(TASK, "fast", ctl)
    s.run(5)
    assert ctl.scans == [0, 10, 20, 30, 40]
    assert s.scan_index == 5 and s.time_ms == 50


def test_controller_sees_inputs_sampled_before_its_scan_and_its_outputs_act_before_the_plant_step():
    ctl = Recorder()
    s = Session(TASK, "fast", ctl)   # Start is pressed at 0.2 s, slide runs 100 mm/s = 1 mm per scan
    s.run(23)
    seen = dict((t, (pressed, pos)) for t, pressed, pos in ctl.seen)
    assert seen[190] == (False, 0)
    # The press at 0.2 s is seen by the scan at 200 ms ...
    assert seen[200] == (True, 0)
    # ... whose forward command moved the slide in that same scan's plant step.
    assert s.trace.value("fwd", 20) is True
    assert seen[210] == (True, 1)
    assert seen[220] == (True, 2)
    assert abs(s.plant["slide"].position - 3.0) < 1e-9


def test_trace_records_every_io_value_per_scan_with_plc_types():
    s = Session(TASK, "fast", GoodController())
    s.run(30)
    assert len(s.trace) == 30
    pos = s.trace.column("slide_pos")
    assert pos[:22] == [0] * 21 + [1]
    assert all(type(v) is int for v in pos)
    assert s.trace.column("%QX0.0")[19:22] == [False, True, True]
    assert s.trace.changes("start_pb") == [(0, False), (20, True)]
    assert s.trace.row(25)["start_pb"] is True


def test_success_then_post_completion_monitoring_then_end():
    s = Session(TASK, "fast", GoodController())
    v = s.run_to_end()
    # At the end stop from the scan at 700 ms; lamp lit there; held 0.5 s -> complete at 1200 ms.
    assert v.success and v.passed and v.end_reason == "completed"
    assert (v.completion_scan, v.completion_ms) == (120, 1200)
    assert s.scan_index == 120 + 100 + 1     # post_completion_s = 1 s of further scans
    assert not v.violations and v.fault is None


def test_idle_program_fails_at_the_time_limit_and_says_what_was_missing():
    s = Session(TASK, "slow", Idle())
    v = s.run_to_end()
    assert not v.success and v.end_reason == "time limit"
    assert s.scan_index == 500
    assert v.pending.startswith("slide at end")


def test_disturbance_from_the_condition_is_applied_on_time():
    s = Session(TASK, "jam", GoodController())   # 73 mm/s, jams at 0.3 s
    v = s.run_to_end()
    assert not v.success
    assert s.plant["slide"].position == pytest.approx(0.73 * 30, abs=1e-6)
    assert (30, "disturbance", "slide jams") in s.trace.events


def test_violation_after_completion_still_counts():
    class LampLeftOnAfterRetreat(GoodController):
        def logic(self, now_ms):
            super().logic(now_ms)
            if now_ms >= 1500:   # after completion at 1.2 s: slide pushed off the stop by hand
                self.outputs["%QX0.1"] = True

    s = Session(TASK, "fast", LampLeftOnAfterRetreat())
    s.run(140)
    s.plant["slide"].position = 10.0
    v = s.run_to_end()
    assert v.success and not v.passed
    assert [x.rule_id for x in v.violations] == ["MOT-E99-S2"]
    first = v.first_violation
    assert first.scan == 150 and first.time_ms == 1500
    assert first.message == "done lamp lit at position 20 mm"   # pushed back to 10, driven on 10 scans


def test_each_violation_episode_is_recorded_once_and_scans_counted():
    class Blink(Idle):
        def logic(self, now_ms):
            self.outputs["%QX0.1"] = (now_ms // 100) % 2 == 1   # lamp on 100 ms, off 100 ms

    s = Session(TASK, "fast", Blink())
    s.run(50)
    v = s.verdict
    assert [x.scan for x in v.violations] == [10, 30]
    assert v.violation_counts == {"MOT-E99-S2": 20}
    assert v.violated_rules == ["MOT-E99-S2"]


def test_stop_on_violation_ends_the_run_at_the_first_violation():
    class LampOn(Idle):
        def logic(self, now_ms):
            self.outputs["%QX0.1"] = now_ms >= 50

    s = Session(TASK, "fast", LampOn(), stop_on_violation=True)
    v = s.run_to_end()
    assert v.end_reason == "safety violation" and s.scan_index == 6


# --- operator actions ---


def test_live_press_is_seen_by_the_next_sample():
    ctl = Recorder()
    s = Session(TASK, "slow", ctl)   # scheduled press only at 0.5 s
    s.run(3)
    s.press("start")
    s.run(2)
    assert [p for _, p, _ in ctl.seen] == [False, False, False, True, True]
    s.release("start")
    s.run(1)
    assert ctl.seen[-1][1] is False
    assert s.operator_log == [(3, "press", "start", None), (5, "release", "start", None)]


def test_forced_input_replaces_the_sensor_until_released():
    ctl = Recorder()
    s = Session(TASK, "slow", ctl)
    s.force("%IW2", 37.6)
    s.force_sensor("start_pb", True)
    s.run(2)
    assert ctl.seen[-1] == (10, True, 38)
    assert s.forces == {"slide_pos": 38, "start_pb": True}
    s.release_force("slide_pos")
    s.run(1)
    assert ctl.seen[-1][2] == int(round(s.plant["slide"].position)) > 0


def test_a_released_force_gives_the_controller_the_sensor_again_though_the_sensor_never_changed():
    # Inputs that did not change are not given again (the controller's image keeps them); a
    # force and its release must still reach the controller's image, both ways.
    ctl = Recorder()
    s = Session(TASK, "slow", ctl)
    s.run(2)
    s.force("start_pb", True)
    s.run(1)
    s.release_force("start_pb")
    s.run(1)
    assert [pressed for _, pressed, _ in ctl.seen] == [False, False, True, False]
    assert ctl.inputs["%IX0.0"] is False


def test_a_fresh_controller_after_a_reset_is_given_every_input():
    # its image starts empty: the values the last controller was given must reach it too
    s = Session(TASK, "slow", Recorder())
    s.run(3)
    fresh = Recorder()
    s.reset(controller=fresh)
    s.run(1)
    assert fresh.inputs == {"%IX0.0": False, "%IX0.1": False, "%IW2": 0}


def test_forced_output_reaches_the_device_whatever_the_program_writes():
    s = Session(TASK, "fast", GoodController())
    s.force("fwd", False)
    s.run(60)
    assert s.plant["slide"].position == 0.0
    assert set(s.trace.column("fwd")) == {False}


def test_force_during_a_paused_scan_is_logged_for_the_next_scan_and_replays_identically():
    ctl = GoodController()
    s = Session(TASK, "slow", ctl)
    s.run(10)
    s.sample_inputs()
    s.press("start")               # the debugger paused inside scan 10
    ctl.scan(s.now_ms)
    s.finish_scan()
    s.run(5)
    s.release("start")
    v = s.run_to_end()
    assert s.operator_log[:2] == [(11, "press", "start", None), (16, "release", "start", None)]

    replay = Session(TASK, "slow", GoodController())
    for scan, action, target, value in s.operator_log:
        if scan < 50:   # the condition's own schedule (from 0.5 s) replays itself
            replay.schedule(scan, action, target, value)
    v2 = replay.run_to_end()
    assert v2 == v and replay.trace_hash() == s.trace_hash()
    assert v.completion_ms < 2260   # the early live press made it finish sooner than scheduled


def test_unknown_operator_targets_are_clear_errors():
    s = Session(TASK, "fast", Idle())
    with pytest.raises(SessionError, match="no device 'stop'"):
        s.press("stop")
    with pytest.raises(SessionError, match="slide.*not an operator control"):
        s.press("slide")
    with pytest.raises(SessionError, match="no I/O point 'nothing'"):
        s.force("nothing", True)
    with pytest.raises(SessionError, match=r"cannot force slide_pos \(%IW2, INT\) to 'far'"):
        s.force("slide_pos", "far")
    with pytest.raises(SessionError, match="0 E-stops"):
        s.trip_estop()


# --- faults ---


def test_controller_fault_ends_the_condition_as_failed_with_its_message():
    class Fault:
        message = "division by zero"

        def __str__(self):
            return "program.st:12:5: runtime fault: division by zero"

    class Faulty(GoodController):
        def logic(self, now_ms):
            super().logic(now_ms)
            if now_ms == 300:
                self.fault = Fault()
                self.outputs = {}

    s = Session(TASK, "fast", Faulty())
    v = s.run_to_end()
    assert v.end_reason == "fault" and not v.success and not v.passed
    assert v.fault == "program.st:12:5: runtime fault: division by zero"
    assert s.scan_index == 31
    assert s.trace.value("fwd", 30) is False


def test_python_exception_in_a_controller_is_a_fault_not_a_crash():
    class Broken(Idle):
        def logic(self, now_ms):
            if now_ms == 20:
                raise ZeroDivisionError("oops")

    v = Session(TASK, "fast", Broken()).run_to_end()
    assert v.end_reason == "fault" and v.fault == "controller error: ZeroDivisionError: oops"


def test_output_value_the_device_rejects_is_a_fault():
    import dataclasses

    from tests.sim.minitask import build_plant

    def picky_plant(condition):
        plant = build_plant(condition)

        def refuse(command, value):
            if value:
                raise ValueError("forward refused: hydraulic pressure low")

        plant["slide"].write = refuse
        return plant

    class Forward(Idle):
        def logic(self, now_ms):
            self.outputs["%QX0.0"] = now_ms >= 100

    v = Session(dataclasses.replace(TASK, build_plant=picky_plant), "fast", Forward()).run_to_end()
    assert v.end_reason == "fault"
    assert v.fault == "output rejected by the plant: forward refused: hydraulic pressure low"


def test_wall_clock_guard_ends_a_run_that_takes_too_long():
    class Slow(Idle):
        def logic(self, now_ms):
            time.sleep(0.002)

    s = Session(TASK, "fast", Slow())
    v = s.run_to_end(wall_limit_s=0.05, progress_every=10)
    assert v.end_reason == "wall-clock limit" and not v.passed
    assert v.fault.startswith("wall-clock limit: still running after 0.05 s")
    assert s.scan_index < 500


def test_progress_is_reported_in_chunks():
    calls = []
    Session(TASK, "slow", Idle()).run_to_end(progress=lambda d, t: calls.append((d, t)), progress_every=200)
    assert calls == [(200, 500), (400, 500), (500, 500)]


def test_bad_io_binding_is_a_clear_error():
    import dataclasses

    from sim.task import IOPoint

    bad = dataclasses.replace(TASK, io=[*TASK.io, IOPoint("%IX0.7", "ghost", "BOOL", "input", "slide",
                                                         "ghost_signal", "nothing")])
    with pytest.raises(SessionError, match="slide has no signal 'ghost_signal'; it has at_end, position"):
        Session(bad, "fast", Idle())


# --- determinism ---


def test_same_condition_gives_the_same_trace_hash_and_reset_restarts():
    a = Session(TASK, "slow", GoodController())
    a.run_to_end()
    b = Session(TASK, "slow", GoodController())
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash()
    h = a.trace_hash()
    a.reset(GoodController())
    assert a.scan_index == 0 and len(a.trace) == 0 and a.verdict.success is False
    a.run_to_end()
    assert a.trace_hash() == h


def test_trace_hash_differs_when_behaviour_differs():
    a = Session(TASK, "slow", GoodController())
    a.run_to_end()
    b = Session(TASK, "slow", GoodController())
    b.run(100)
    b.force("slide_pos", 3)
    b.run_to_end()
    assert a.trace_hash() != b.trace_hash()


HASH_SCRIPT = """
from tests.sim.minitask import TASK, GoodController
from sim.session import Session
s = Session(TASK, "slow", GoodController())
s.run_to_end()
print(s.trace_hash())
"""


def test_trace_hash_is_identical_in_a_separate_process():
    s = Session(TASK, "slow", GoodController())
    s.run_to_end()
    root = HERE.parent.parent
    env = {"PYTHONHASHSEED": "123", "PYTHONPATH": str(root)}   # another hash seed: no set-order luck
    out = subprocess.run([sys.executable, "-c", HASH_SCRIPT], cwd=root, capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == s.trace_hash()


def _panel_task():
    """The mini task plus a real E-stop and mode selector from the device library."""
    import dataclasses

    from sim.devices.panel import EmergencyStop, SelectorSwitch
    from sim.task import Condition, IOPoint, OperatorAction
    from tests.sim.minitask import build_plant

    def plant(condition):
        p = build_plant(condition)
        p.add(EmergencyStop("estop"))
        p.add(SelectorSwitch("mode", ("Manual", "Auto", "Setup")))
        return p

    io = [*TASK.io,
          IOPoint("%IX0.2", "estop_ok", "BOOL", "input", "estop", "contact",
                  "TRUE while the E-stop is not tripped"),
          IOPoint("%IW4", "mode", "INT", "input", "mode", "position", "0 manual, 1 auto, 2 setup")]
    cond = Condition("estop", seed=9, params={"speed": 50.0},
                     operator=[OperatorAction(0.05, "trip_estop", "estop"),
                               OperatorAction(0.08, "reset_estop", "estop"),
                               OperatorAction(0.1, "select", "mode", 2)])
    return dataclasses.replace(TASK, io=io, build_plant=plant, conditions=[cond])


def test_estop_and_selector_actions_scheduled_and_live():
    class Watch(Idle):
        def logic(self, now_ms):
            self.outputs["seen"] = (self.inputs["%IX0.2"], self.inputs["%IW4"])

    task = _panel_task()
    ctl = Watch()
    s = Session(task, None, ctl)
    seen = []
    for _ in range(12):
        s.step()
        seen.append(ctl.outputs["seen"])
    assert seen[4] == (True, 0) and seen[5] == (False, 0) and seen[8] == (True, 0) and seen[10] == (True, 2)
    s.trip_estop()            # the plant's only E-stop
    s.select("mode", 1)
    s.step()
    assert ctl.outputs["seen"] == (False, 1)
    with pytest.raises(SessionError, match="selector 'mode' has positions 0..2 .Manual, Auto, Setup., not 5"):
        s.select("mode", 5)
    assert [e[1:3] for e in s.operator_log] == [
        ("trip_estop", "estop"), ("reset_estop", "estop"), ("select", "mode"), ("trip_estop", "estop"),
        ("select", "mode")]


def test_verdict_is_final_once_the_run_has_ended():
    class LampLater(GoodController):
        def logic(self, now_ms):
            super().logic(now_ms)
            if now_ms >= 2500:
                self.outputs["%QX0.1"] = True
                self.fault = "too late to matter"

    s = Session(TASK, "fast", LampLater())
    v = s.run_to_end()
    assert v.passed and s.scan_index == 221
    s.plant["slide"].position = 5.0   # the debugger steps on past the end
    s.run(400)
    assert s.verdict.passed and s.verdict.fault is None and not s.verdict.violations
    assert s.trace.value("done_lamp", 300) is True


def test_wall_clock_guard_is_checked_every_scan_and_handed_to_the_controller():
    class VerySlow(Idle):
        deadline = None

        def logic(self, now_ms):
            time.sleep(0.03)

    c = VerySlow()
    s = Session(TASK, "fast", c)
    before = time.perf_counter()
    v = s.run_to_end(wall_limit_s=0.05)   # default progress_every is 1000 scans
    assert v.end_reason == "wall-clock limit"
    assert s.scan_index <= 3               # not the 1000 scans of a progress chunk
    assert before < c.deadline <= before + 0.06


class _SlideView:
    """What judges derive from the slide, refreshed by the session once per scan."""

    def __init__(self, plant):
        self.slide = plant["slide"]
        self.refreshed = 0
        self.position = None

    def refresh(self):
        self.refreshed += 1
        self.position = self.slide.position


def test_judged_devices_with_refresh_are_refreshed_once_a_scan_after_the_plant_step_before_the_judges():
    import dataclasses

    from sim import judges
    from sim.task import SafetyRule

    seen = []

    def stale(s):
        seen.append((s.devices.refreshed, s.scan))
        return s.devices.position != s.devices.slide.position   # refreshed after this scan's step

    task = dataclasses.replace(
        TASK, judged_devices=_SlideView,
        safety_rules=[*TASK.safety_rules,
                      SafetyRule("MOT-E99-S9", "judges see the view of this scan",
                                 judges.never(stale, "a stale view"))])
    session = Session(task, task.conditions[0], GoodController())
    verdict = session.run_to_end()
    assert verdict.passed
    assert seen and all(n == k + 1 for n, k in seen)
