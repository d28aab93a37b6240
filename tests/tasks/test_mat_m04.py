"""MAT-M04 Inspection-guided sorting: plant, judges and programs.

The ST programs in tasks/mat_m04/ are graded with the real compiler.
Python controllers that do what those programs do prove the plant and the judges
independently of the compiler.
"""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import NamedIO

TASK = tasks.get("MAT-M04")
LOT = 8


class Named(NamedIO):
    def __init__(self):
        super().__init__(TASK)


class Reference(Named):
    """reference.st in Python. Variants: `kinds_p1` (kinds pusher 1 takes), `on_the_fly`
    (push with the belt running), `ignore_full` (push into a full chute), `feed_after_p1` (feed
    only once the previous part passed pusher 1), `feed_when_measured` (feed as soon as the
    previous part was measured, while it still lies in the zone)."""

    def __init__(self, kinds_p1=(1,), on_the_fly=False, ignore_full=False, feed_after_p1=False,
                 feed_when_measured=False):
        super().__init__()
        self.feed_after_p1, self.feed_when_measured = feed_after_p1, feed_when_measured
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

        measured = i["insp_valid"] or not i["insp_part"]      # a part in the zone at power-up measured
        if not self.started and i["p1_retracted"] and i["p2_retracted"] and measured:
            self.started = True
        if rose("insp_valid"):
            self.q1.append(i["insp_kind"])
        if fell("insp_part") and not self.feed_after_p1 and not self.feed_when_measured:
            self.feed_ok = True
        if rose("insp_valid") and self.feed_when_measured:
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
        assert inside("feed_s", p["feed_s"])
        assert inside("pusher_s", *p["pusher_s"]) and len(p["pusher_s"]) == 2
        assert inside("first_arrival_s", p["first_arrival_s"])
        first = 1 if p.get("part_in_inspection") else 0
        assert len(p["arrival_gap_s"]) == LOT - first - 1 and inside("arrival_gap_s", *p["arrival_gap_s"])
        assert inside("chute_capacity", p["chute_capacity"])
        assert inside("chute_emptied_s", *(d.time_s for d in c.disturbances))
        emptied = [t for t in p.get("chute_emptied_s", ()) if t is not None]
        assert [d.time_s for d in c.disturbances] == emptied
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
    ("MAT-M04-S4", lambda: Reference(feed_when_measured=True)),
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


class HoldsOutWithValveDrops(Reference):
    """Holds each sorting pusher out 0.6 s at its end switch, dropping the valve for one scan in
    every 25 (the token that restarted the old 'at most 0.3 s at the end switch' timer)."""

    def __init__(self):
        super().__init__()
        self.turned_at, self.was = None, 0

    def scan(self, now):
        super().scan(now)
        if self.was == 2 and self.push == 3:
            self.turned_at = now
        self.was = self.push
        if self.push == 3 and now - self.turned_at < 600:
            self.q[f"p{self.which}_extend"] = (now // 10) % 25 != 0


class WaitsPokingTheOtherPusher(Reference):
    """After each push, keeps the belt stopped 0.8 s and pokes the other pusher for one scan in
    every 25 (the token that counted as 'the other pusher pushes' within 0.5 s)."""

    def __init__(self):
        super().__init__()
        self.back_at, self.was, self.last = None, 0, 0

    def scan(self, now):
        super().scan(now)
        if self.was == 3 and self.push == 0:
            self.back_at, self.last = now, self.which
        self.was = self.push
        if self.push == 0 and self.back_at is not None and now - self.back_at < 800:
            self.q["belt_run"] = False
            self.q[f"p{3 - self.last}_extend"] = (now // 10) % 25 == 0


def test_a_one_scan_valve_drop_does_not_restart_the_end_switch_clock():
    c = grade(TASK, HoldsOutWithValveDrops, conditions=[TASK.condition("nominal")]).conditions[0]
    assert not c.success and c.safe
    assert "stayed out at its end switch" in c.pending or "backed off before arriving" in c.pending, c.pending


def test_poking_the_other_pusher_is_not_the_belt_or_the_other_pusher_going_again():
    c = grade(TASK, WaitsPokingTheOtherPusher, conditions=[TASK.condition("nominal")]).conditions[0]
    assert not c.success
    assert "neither the belt nor the other pusher went again within 0.5 s" in c.pending, c.pending


def test_the_quick_strokes_are_judged_by_motion_not_by_the_valves():
    """The reference's strokes pass; the same strokes with the valve held out 0.4 s longer than
    the end switch (no token) are late."""
    class Lingers(HoldsOutWithValveDrops):
        def scan(self, now):
            super().scan(now)
            if self.push == 3 and now - self.turned_at < 400:
                self.q[f"p{self.which}_extend"] = True

    assert grade(TASK, Reference, conditions=[TASK.condition("nominal")]).conditions[0].passed
    c = grade(TASK, Lingers, conditions=[TASK.condition("nominal")]).conditions[0]
    assert not c.success and "stayed out at its end switch" in c.pending, c.pending


def test_feeding_before_the_previous_part_left_the_zone_is_named_in_the_rule_s_words():
    report = grade(TASK, lambda: Reference(feed_when_measured=True), conditions=[TASK.condition("nominal")])
    v = report.conditions[0].first_violation
    assert v.rule_id == "MAT-M04-S4" and "had not yet left the inspection zone" in v.message
    rule = next(r for r in TASK.safety_rules if r.id == "MAT-M04-S4")
    assert "only when the previous part has been measured and has left the inspection zone" in rule.wording
    spec = " ".join(TASK.specification.split())
    assert ("feed the next part only when the previous one has been measured and has left the "
            "inspection zone") in spec


def test_feeding_before_the_part_in_the_zone_at_the_start_was_measured_trips_s4():
    """chute_full starts with a part in the zone: a feed before it has been measured is too early."""
    class FeedsAtOnce(Reference):
        def scan(self, now):
            super().scan(now)
            if now < 100 and self.i["magazine_part"]:
                self.q["feed_extend"] = True

    cond = TASK.condition("chute_full")
    early = dataclasses.replace(cond, name="part_waiting_at_0",
                                params={**cond.params, "first_arrival_s": 0.0})
    v = grade(TASK, FeedsAtOnce, conditions=[early]).conditions[0].first_violation
    assert v.rule_id == "MAT-M04-S4" and "part0 had been measured" in v.message, v


def test_a_part_in_the_zone_at_power_up_is_seen_on_the_first_scan():
    s = Session(TASK, "chute_full", Idle())
    s.step()
    assert s.trace.rows[0][s.trace.names.index("insp_part")] is True


# -- sampled conditions ----------------------------------------------------------------------

def test_sampled_conditions_draw_every_published_range_consistently(kit):
    conds = TASK.sample(200, seed=7)
    assert [c.params for c in conds[:5]] == [c.params for c in TASK.sample(5, seed=7)]    # deterministic
    seen: dict[str, list[float]] = {r.name: [] for r in TASK.parameters}
    for c in conds:
        p = c.params
        cap = p["chute_capacity"]
        assert len(p["order"]) == LOT and set(p["order"]) <= set("ABC")
        first = 1 if p.get("part_in_inspection") else 0
        assert len(p["arrival_gap_s"]) == LOT - first - 1
        for n, kind in ((1, "A"), (2, "B")):
            count, level, emptied = p["order"].count(kind), p[f"chute{n}_level"], p["chute_emptied_s"][n - 1]
            assert count <= cap                                   # a kind fits its chute once emptied
            if emptied is None:
                assert level + count <= cap                       # room for every part of the kind
            else:
                assert level >= cap - 1                           # only a full or nearly full one is emptied
        assert [d.time_s for d in c.disturbances] == [t for t in p["chute_emptied_s"] if t is not None]
        for name in ("belt_speed", "measure_s", "feed_s", "first_arrival_s", "chute_capacity"):
            seen[name].append(p[name])
        seen["pusher_s"] += p["pusher_s"]
        seen["arrival_gap_s"] += p["arrival_gap_s"]
        seen["chute_emptied_s"] += [t for t in p["chute_emptied_s"] if t is not None]
    for r in TASK.parameters:
        values = seen[r.name]
        assert values and all(r.low <= v <= r.high for v in values), r.name
        span = r.high - r.low                                     # the draws cover the range, not a corner
        assert min(values) < r.low + span / 4 and max(values) > r.high - span / 4, r.name
    for start in ("part_in_inspection", "pusher1_extended", "pusher2_extended"):
        assert 20 <= sum(bool(c.params.get(start)) for c in conds) <= 80, start
    emptied = sum(t is not None for c in conds for t in c.params["chute_emptied_s"])
    assert 90 <= emptied <= 180                                   # one chute in three of 400


# -- the ST programs, graded with the real compiler ------------------------------------------

def test_st_reference_completes_like_its_python_twin(kit):
    # that it passes every condition, and the idle, blind and rule counterexamples: test_task_battery.py
    report = kit.graded(TASK, "reference.st")
    python = grade(TASK, Reference)
    assert [c.completion_s for c in report.conditions] == [c.completion_s for c in python.conditions]
