"""MOT-E11 Rotary axis with a forbidden sector: the legal-way geometry, the conditions, and the
judges proven with Python controllers (independent of the ST compiler). The ST reference, idle,
blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import dataclasses

import tasks
from sim.task import Condition
from sim.verifier import grade
from tasks.mot_e11.task import _power_up_net, _tour_is_fair, legal_ways
from tests.tasks.programs import Logic

TASK = tasks.get("MOT-E11")


def turret_program(*, dwell_scans=50, prefer_long=False):
    """A Python program: counts the net turn, takes the legal way (the longer one where both
    are legal and `prefer_long`), Done at rest in position for `dwell_scans` scans."""

    def logic(i, o, m, now):
        angle = i["actual_angle"]
        if "net" not in m:
            m["net"] = angle - 3600 if angle > 1800 else angle
        else:
            d = angle - m["last"]
            m["net"] += d - 3600 if d > 1800 else d + 3600 if d < -1800 else d
        m["last"] = angle
        if i["drive_fault"]:
            o["reset_fault"] = not o["reset_fault"]
            return
        o["drive_enable"] = True
        k = m.setdefault("k", 1)
        state = m.setdefault("state", "plan")
        if state == "plan" and i["drive_ready"]:
            order = i[f"order_{k}"]
            sector = (i["sector_start"] / 10, i["sector_width"] / 10)
            ways = legal_ways(m["net"] / 10, order / 10, sector)
            pick = max if prefer_long else min
            way = pick(ways, key=lambda w: abs(ways[w] - m["net"] / 10))
            o["target_angle"], o["direction"] = order, 1 if way > 0 else 2
            o["start_move"] = True
            m["state"] = "moving"
        elif (state == "moving" and i["in_position"] and i["standstill"]
              and i["actual_angle"] == i[f"order_{k}"]):
            o["start_move"] = False
            o["done"] = True
            m["state"], m["since"] = "dwell", now
        elif state == "dwell" and now - m["since"] >= dwell_scans * 10 and k < 5:
            o["done"] = False
            m["k"], m["state"] = k + 1, "plan"

    return lambda: Logic(TASK, logic)


def condition(name, **params):
    base = TASK.condition(name)
    return dataclasses.replace(base, params={**base.params, **params})


def test_legal_ways_avoid_the_sector_and_the_cable():
    # from 20 deg to 170 deg with a sector at 80..125: only the negative way
    assert legal_ways(20.0, 170.0, (80.0, 45.0)) == {-1: -190.0}
    # no sector, at +320: the positive way to 120 would end at +480
    assert legal_ways(320.0, 120.0, (0.0, 0.0)) == {-1: 120.0}
    # standing in the sector 330..30 at 10 deg: both ways out are legal
    assert legal_ways(10.0, 200.0, (330.0, 60.0)) == {1: 200.0, -1: -160.0}
    assert _power_up_net(200.0) == -160.0 and _power_up_net(180.0) == 180.0


def test_every_registered_and_sampled_condition_sets_the_trap_and_can_be_done():
    conds = (*TASK.conditions, *TASK.sample(200, seed=3))
    assert all(_tour_is_fair(c.params) for c in conds)
    sampled = conds[len(TASK.conditions):]
    assert any(c.params["sector_width_deg"] == 0 for c in sampled)
    assert any(c.params["fault_at_start"] for c in sampled)
    inside = [c for c in sampled if 0 < (c.params["start_deg"] - c.params["sector_start_deg"]) % 360
              < c.params["sector_width_deg"]]
    assert inside


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, turret_program()))


def test_done_for_less_than_the_dwell_serves_no_order_and_done_at_the_next_is_early():
    cond = TASK.condition("shortest_way_through_sector")
    report = grade(TASK, turret_program(dwell_scans=40), conditions=[cond])
    (c,) = report.conditions
    assert not c.passed and c.violated_rules == ["MOT-E11-S3"], c.violations


def test_the_longer_legal_way_passes_only_within_the_time_bound():
    # 200 deg instead of 160 deg on a fast drive: within 1.25 x the shortest move plus 0.3 s
    cond = TASK.condition("cable_winds_on_shortest_way")
    near = grade(TASK, turret_program(prefer_long=True), conditions=[cond])
    assert near.conditions[0].passed
    # 300 deg instead of 60 deg: late
    far = condition("cable_winds_on_shortest_way", order_1_deg=60.0)
    late = grade(TASK, turret_program(prefer_long=True), conditions=[far])
    (c,) = late.conditions
    assert not c.passed and not c.violated_rules
    assert "move to order 1" in c.pending and "had not arrived" in c.pending, c.pending


def test_the_drive_s_shortest_way_trips_the_sector_and_the_cable(kit):
    report = kit.graded(TASK, "counterexamples/shortest_way.st")
    rules = {c.name: c.violated_rules for c in report.conditions}
    assert "MOT-E11-S1" in rules["shortest_way_through_sector"]
    assert "MOT-E11-S2" in rules["cable_winds_on_shortest_way"]


def test_a_turret_taken_as_unwound_at_power_up_winds_the_cable(kit):
    report = kit.graded(TASK, "counterexamples/power_up_wind_ignored.st")
    rules = {c.name: c.violated_rules for c in report.conditions}
    assert rules["wound_backwards_at_power_up"] == ["MOT-E11-S2"]


def test_a_jump_across_the_sector_between_two_scans_trips_s1():
    from sim.session import Session

    cond = Condition("jump", 1, {**TASK.conditions[0].params})
    s = Session(TASK, cond, turret_program()())
    s.step()
    s.plant["turret"].pos = 130.0          # from 20 deg, straight past the sector 80..125
    s.step()
    assert [v.rule_id for v in s.verdict.violations] == ["MOT-E11-S1"]
