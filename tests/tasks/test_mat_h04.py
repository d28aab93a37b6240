"""MAT-H04 Rework loop with re-merge: why its programs pass or fail, condition by condition
(graded once per session by the battery's kit). The reference, idle, blind and rule
counterexamples themselves: test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.task import Condition

TASK = tasks.get("MAT-H04")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules), c.pending) for c in report.conditions}


def test_one_part_at_a_time_holds_the_main_lane_and_misses_the_main_flow_window(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    for name in ("nominal", "dense_flow", "operator_break", "buffer_at_power_up"):
        passed, rules, pending = result[name]
        assert not passed and not rules and "stood at the main gate" in pending, name
    assert result["slow_rework_late_fails"][0]


def test_no_pass_count_sends_a_twice_failed_part_back_to_rework(kit):
    for passed, rules, _ in verdicts(kit.graded(TASK, "counterexamples/MAT-H04-S3.st")).values():
        assert not passed and rules == ("MAT-H04-S3",)


def test_lazy_merging_overfills_the_buffer_only_after_the_operator_break(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MAT-H04-S2.st"))
    assert result["operator_break"][1] == ("MAT-H04-S2",)
    assert all(result[name][0] for name in ("nominal", "dense_flow", "buffer_at_power_up"))


def test_worst_case_waits_push_behind_the_part_or_hold_the_main_lane_too_long(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/token_blind.st"))
    assert not any(passed for passed, _, _ in result.values())
    assert "went on to the downstream machine" in result["operator_break"][2]       # 450 mm/s
    assert "stood at the main gate" in result["buffer_at_power_up"][2]


def test_reworked_parts_in_the_buffer_at_power_up_stand_at_the_merge_gate():
    plant = TASK.build_plant(TASK.conditions[3])          # buffer_at_power_up
    assert {"p1r", "p2r"} <= set(plant.devices) and plant["merge_waiting"].read("blocked")
    assert plant["p2r"].colour == "red" and plant["p1r"].colour == "green"
    assert plant["main_gate"].read("extended") and plant["merge_gate"].read("extended")


def test_every_condition_carries_sixteen_parts_and_stays_in_the_published_ranges():
    ranges = {key: r for r in TASK.parameters for key in (r.keys or (r.name,))}
    drawn = TASK.sample(20, 3)
    for cond in [*TASK.conditions, *drawn]:
        p = cond.params
        assert len(p["arrivals"]) + len(p["returned_at_start"]) == 16, cond.name
        assert set(p["double_fails"]) <= set(p["fails"]) and set(p["returned_at_start"]) <= set(p["fails"])
        assert 2 <= len(p["fails"]) <= 6 and len(p["double_fails"]) <= 3
        for key, value in p.items():
            if key in ranges:
                assert not ranges[key].outside(value), (cond.name, key, value)
    assert isinstance(drawn[0], Condition)


def test_a_gate_sent_out_onto_a_passing_main_part_jams_it_when_the_reworked_part_comes_then(kit):
    """Round 2's corner: the first reworked part reaches its gate as main-lane part p10 crosses the
    open main gate. Closing the gate 'because the gap looks free' (passed clear) lands the plate on
    p10, which jams across both gates: the merge deadline and the buffer (S2) are missed; the same
    program passes every other registered condition."""
    corners = ("reworked_meets_passing_part", "reworked_meets_passing_part_fast")
    result = verdicts(kit.graded(TASK, "counterexamples/closes_onto_passing_part.st"))
    passed, rules, pending = result[corners[0]]
    assert not passed and rules == ("MAT-H04-S2",) and "p1r waited at the merge gate" in pending
    passed, rules, pending = result[corners[1]]
    assert not passed and not rules and "p1r waited at the merge gate" in pending
    assert all(result[c.name][0] for c in TASK.conditions if c.name not in corners)
    for program in ("reference.st", "correct/second_correct.st"):
        got = verdicts(kit.graded(TASK, program))
        assert all(got[name][0] for name in corners), program


def test_a_plate_going_out_onto_a_part_in_its_way_shoves_it_aside_but_stops_one_short_of_the_eye():
    """The plant fact the specification states: at the fastest lane (450 mm/s belts) and the slowest
    gate (0.3 s), a main gate sent out while a part's front is still short of main_waiting's eye
    stops it square; sent out once the front is at the eye it shoves the part sideways."""
    from sim.devices.workpiece import Workpiece

    def settle(front_at_command: float) -> tuple[float, float]:
        params = dict(TASK.conditions[0].params, line_speed=450, stopper_s=0.3,
                      arrivals=[0.0] + [100.0 + k for k in range(15)])
        plant = TASK.build_plant(Condition.of("probe", 1, "probe", **params))
        for belt in ("main_lane", "return_lane", "merge_belt", "line_belt"):
            plant[belt].write("run", True)
        plant["main_gate"].write("extend", False)
        part = None
        for _ in range(800):
            part = part or next((d for d in plant.devices.values() if isinstance(d, Workpiece)), None)
            if part is not None and part.xy()[0] + 70.0 >= front_at_command:
                plant["main_gate"].write("extend", True)
            plant.step(0.01)
        return part.xy()

    x, y = settle(1249.0)
    assert abs(x + 70.0 - 1264.0) < 2.0 and abs(y - 95.0) < 2.0          # held square at the plate
    x, y = settle(1255.0)
    assert y < 60.0                                                       # shoved across the entry
