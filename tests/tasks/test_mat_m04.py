"""MAT-M04 Inspection-guided sorting: plant, judges and programs.

The ST programs in tasks/mat_m04/ are graded with the real compiler.
Python controllers that do what those programs do prove the plant and the judges
independently of the compiler.
"""

from __future__ import annotations

from functools import partial

import pytest

import tasks
from sim.session import Session
from sim.verifier import grade

TASK = tasks.get("MAT-M04")
LOT = 8


class Named:
    fault = None

    def __init__(self):
        self.addr = {p.address: p.name for p in TASK.io}
        self.i = dict.fromkeys((p.name for p in TASK.inputs), False)
        self.q = {p.name: 0 if p.type == "INT" else False for p in TASK.outputs}

    def set_input(self, address, value):
        self.i[self.addr[address]] = value

    def get_output(self, address):
        return self.q[self.addr[address]]


class Reference(Named):
    """reference.st in Python. Variants: `kinds_p1` (kinds pusher 1 takes), `on_the_fly`
    (push with the belt running), `ignore_full` (push into a full chute)."""

    def __init__(self, kinds_p1=(1,), on_the_fly=False, ignore_full=False, feed_after_p1=False):
        super().__init__()
        self.feed_after_p1 = feed_after_p1
        self.kinds_p1, self.on_the_fly, self.ignore_full = kinds_p1, on_the_fly, ignore_full
        self.first, self.started, self.feed_ok, self.feed = True, False, False, 0
        self.q1, self.q2, self.pending = [], [], {1: False, 2: False}
        self.push, self.which, self.sorted, self.stop_at, self.prev = 0, 0, 0, None, {}

    def scan(self, now):
        i, q = self.i, self.q
        if self.first:
            self.feed_ok = not i["insp_part"]
            self.prev = dict(i)
            self.first = False
        prev, self.prev = self.prev, dict(i)

        def rose(name):
            return i[name] and not prev[name]

        def fell(name):
            return prev[name] and not i[name]

        if not self.started and i["p1_retracted"] and i["p2_retracted"]:
            self.started = True
        if rose("insp_valid"):
            self.q1.append(i["insp_kind"])
        if fell("insp_part") and not self.feed_after_p1:
            self.feed_ok = True
        if fell("eye_p1") and self.feed_after_p1:
            self.feed_ok = True
        if rose("eye_p1") and self.q1:
            kind = self.q1.pop(0)
            if kind in self.kinds_p1:
                self.pending[1] = True
            else:
                self.q2.append(kind)
        if rose("eye_p2") and self.q2 and self.q2.pop(0) == 2:
            self.pending[2] = True
        if fell("eye_end"):
            self.sorted += 1
        if self.feed == 0 and i["magazine_part"] and i["feed_retracted"] and self.feed_ok:
            q["feed_extend"], self.feed_ok, self.feed = True, False, 1
        elif self.feed == 1 and i["feed_extended"]:
            q["feed_extend"], self.feed = False, 2
        elif self.feed == 2 and i["feed_retracted"]:
            self.feed = 0
        if self.push == 0 and (self.pending[1] or self.pending[2]):
            self.which, self.push = (1 if self.pending[1] else 2), 1
        w = self.which
        if self.push == 1:
            if (i["belt_speed"] == 0 or self.on_the_fly) and (self.ignore_full or not i[f"chute{w}_full"]):
                q[f"p{w}_extend"], self.push = True, 2
        elif self.push == 2 and i[f"p{w}_extended"]:
            q[f"p{w}_extend"], self.push = False, 3
        elif self.push == 3 and i["p1_retracted"] and i["p2_retracted"]:
            self.pending[w], self.push, self.sorted = False, 0, self.sorted + 1
        if self.sorted >= LOT and self.stop_at is None:
            self.stop_at = now + 2000
        pushing = self.push != 0 or self.pending[1] or self.pending[2]
        q["belt_run"] = (self.started and (self.on_the_fly or not pushing)
                         and (self.stop_at is None or now < self.stop_at))


class Blind(Named):
    """blind.st in Python: one part every 8 s, pushes timed for a 200 mm/s belt."""

    def __init__(self):
        super().__init__()
        self.kind = 0

    def scan(self, now):
        i, q = self.i, self.q
        part, t = divmod(now, 8000)
        if t == 0:
            self.kind = 0
        if i["insp_valid"]:
            self.kind = i["insp_kind"]
        stop1 = self.kind == 1 and 4300 <= t < 5500
        stop2 = self.kind == 2 and 6300 <= t < 7500
        q["feed_extend"] = part < LOT and t < 800
        q["p1_extend"] = self.kind == 1 and 4400 <= t < 5000
        q["p2_extend"] = self.kind == 2 and 6400 <= t < 7000
        q["belt_run"] = part < LOT + 1 and not stop1 and not stop2


class Idle(Named):
    def scan(self, now):
        pass


# -- the task as data ------------------------------------------------------------------------

def test_task_data_conditions_inside_the_published_ranges(kit):
    assert (TASK.id, TASK.suite, TASK.level) == ("MAT-M04", "MAT", "M")
    assert len(TASK.conditions) >= 5
    inside = partial(kit.published, TASK)     # inside("speed_x", value, ...): in its published range
    for c in TASK.conditions:
        p = c.params
        assert len(p["order"]) == LOT and set(p["order"]) == {"A", "B", "C"}
        assert inside("belt_speed", p["belt_speed"]) and inside("measure_s", p["measure_s"])
        assert inside("feed_s", p["feed_s"]) and inside("pusher_s", p["pusher1_s"], p["pusher2_s"])
        assert inside("first_arrival_s", p["first_arrival_s"])
        assert inside("arrival_gap_s", *p["arrival_gaps_s"])
        assert inside("chute_capacity", p["chute_capacity"])
        assert inside("chute_emptied_s", *(d.time_s for d in c.disturbances))
    assert len({c.params["order"] for c in TASK.conditions}) == len(TASK.conditions)
    assert any(c.params.get("pusher1_extended") or c.params.get("pusher2_extended") for c in TASK.conditions)


def test_prompt_states_every_address_and_rule_but_no_hidden_value(kit):
    kit.prompt_states_everything(TASK, hidden=("BBACCAAB", "255"))


# -- graded with Python controllers (independent of the ST compiler) -------------------------

def test_python_reference_sorts_every_part_in_every_condition(kit):
    kit.passes(grade(TASK, Reference))
    s = Session(TASK, "chute_full", Reference())
    assert s.run_to_end().success
    assert [k for _, k in s.plant["chute2"].collected] == ["B"] * 3
    assert s.plant["chute2"].collected[0][0] > 24.0        # waited for the operator to empty it
    assert [k for _, k in s.plant["runout"].collected] == ["C", "C"]


def test_a_more_cautious_correct_program_also_passes(kit):
    """Feeds the next part only after the previous one has passed pusher 1: slower, still in time."""
    kit.passes(grade(TASK, lambda: Reference(feed_after_p1=True)))


def test_same_condition_gives_the_same_trace():
    a = Session(TASK, "mixed", Reference())
    b = Session(TASK, "mixed", Reference())
    a.run_to_end()
    b.run_to_end()
    assert a.trace_hash() == b.trace_hash()


def test_idle_and_blind_earn_nothing(kit):
    kit.succeeds_nowhere(grade(TASK, Idle))
    blind = grade(TASK, Blind)
    assert blind.reward == 0 and not any(c.passed for c in blind.conditions), kit.why(blind)


@pytest.mark.parametrize("rule, make", [
    ("MAT-M04-S1", lambda: Reference(kinds_p1=(1, 2))),
    ("MAT-M04-S2", lambda: Reference(on_the_fly=True)),
    ("MAT-M04-S3", lambda: Reference(ignore_full=True)),
])
def test_python_rule_counterexample_trips_exactly_that_rule(kit, rule, make):
    kit.trips(grade(TASK, make), rule, others="alongside")


def test_a_belt_standing_still_with_a_pusher_out_is_the_initial_state_to_handle():
    """fast_belt starts with pusher 2 out: running the belt before it is back violates S2."""

    class RunsAtOnce(Reference):
        def scan(self, now):
            super().scan(now)
            self.q["belt_run"] = True

    report = grade(TASK, RunsAtOnce, conditions=[TASK.condition("fast_belt")])
    v = report.conditions[0].first_violation
    assert v.rule_id == "MAT-M04-S2" and v.scan <= 2 and "pusher2 is out" in v.message


# -- the ST programs, graded with the real compiler ------------------------------------------

def test_st_reference_completes_like_its_python_twin(kit):
    # that it passes every condition, and the idle, blind and rule counterexamples: test_task_battery.py
    report = kit.graded(TASK, "reference.st")
    python = grade(TASK, Reference)
    assert [c.completion_s for c in report.conditions] == [c.completion_s for c in python.conditions]
