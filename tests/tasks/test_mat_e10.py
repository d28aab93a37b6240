"""MAT-E10 Labelling at an offset: the conditions and judges proven with a Python controller
(independent of the ST compiler). The ST reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.devices.belt_encoder import wrap16
from sim.session import Session
from sim.verifier import grade
from tasks.mat_e10.task import _cycle_ok, _release_times
from tests.tasks.programs import Logic

TASK = tasks.get("MAT-E10")


def labeller(*, lead_s=0.08, extra_mm=0.0):
    """A Python program: the latched edges in a queue, fire at edge + 620 mm + offset less the
    travel in `lead_s` at the speed of the last 10 scans, plus `extra_mm`."""

    def logic(i, o, m, now):
        hist = m.setdefault("hist", [i["line_count"]] * 10)
        speed = wrap16(i["line_count"] - hist[0])          # counts per 0.1 s = mm/s
        hist.append(i["line_count"])
        del hist[0]
        queue = m.setdefault("queue", [])
        if i["edges"] != m.setdefault("edges", 0):
            m["edges"] = i["edges"]
            queue.append(i["edge_count"])
        if queue:
            o["fire_count"] = wrap16(queue[0] + 6200 + i["offset"] + round(10 * extra_mm)
                                     - round(speed * lead_s * 10))
        if m.get("working"):
            if m.get("was_armed") and not i["armed"]:
                m["working"] = False
                queue.pop(0)
            o["arm"] = False
        elif queue and i["label_ready"]:
            o["arm"] = m["working"] = True
        m["was_armed"] = i["armed"]
        o["feed_label"] = i["pad_up"] and not i["label_ready"] and not i["armed"] and not o["feed_label"]

    return lambda: Logic(TASK, logic)


def test_python_program_passes_every_condition(kit):
    kit.passes(grade(TASK, labeller()))


def test_conditions_leave_the_pad_time_and_come_off_the_infeed_in_time():
    for cond in (*TASK.conditions, *TASK.sample(30, seed=2)):
        assert _cycle_ok(cond.params), cond.name
        assert _release_times(cond.params)[-1] < 40.0, cond.name
    sampled = TASK.sample(60, seed=2)
    assert any(not c.params["label_at_start"] for c in sampled)
    assert any(c.params["start_count"] > 25000 for c in sampled)


def test_labels_land_within_the_tolerance_and_8_mm_off_is_not_a_labelled_carton():
    cond = TASK.conditions[0]
    s = Session(TASK, cond, labeller()())
    while not s.finished:
        s.step()
    lands = [w[0] - 20.0 - cond.params["offset_mm"] for w in s.plant["applicator"].labels.values()]
    assert len(lands) == 8 and max(abs(x) for x in lands) < 3.0
    (c,) = grade(TASK, labeller(extra_mm=8.0), conditions=[cond]).conditions
    assert not c.passed and not c.violated_rules and "(0 so far)" in c.pending, c.pending


def test_without_the_tamp_lead_every_label_lands_too_far_back():
    (c,) = grade(TASK, labeller(lead_s=0.0), conditions=[TASK.conditions[2]]).conditions   # 500 mm/s line
    assert not c.passed and not c.violated_rules and "(0 so far)" in c.pending, c.pending
