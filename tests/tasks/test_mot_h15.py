"""MOT-H15 Shared transfer access: a Python FIFO arbiter passes every condition and a
fixed-priority one starves a station. The ST reference, idle, blind and rule counterexamples:
test_task_battery.py."""

from __future__ import annotations

import tasks
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import NamedIO

TASK = tasks.get("MOT-H15")
POS = {1: 2500, 2: 5500, 3: 8500}


class Arbiter(NamedIO):
    """A Python program against the task's I/O names: first come, first served (FIFO), or a
    fixed priority (lowest station number first) when `fixed_priority` is set. A tripped
    station counts as not asking until it is reset (its service ends as if its request had
    dropped) and takes its place in the queue at the trip (its 20 s count from there)."""

    def __init__(self, fixed_priority: bool = False):
        super().__init__(TASK)
        self.fixed_priority = fixed_priority
        self.queue: list[int] = []
        self.seen = {1: False, 2: False, 3: False}
        self.tripped = {1: False, 2: False, 3: False}
        self.state = "idle"
        self.sel = 0
        self.cmd = None
        self.edge = False

    def goto(self, target):
        if target != self.cmd:
            self.cmd = target
            self.o["shuttle_target"] = target
            self.o["shuttle_start"] = False
            self.edge = True
        elif self.edge:
            self.o["shuttle_start"] = True
            self.edge = False

    def arrived(self):
        i = self.i
        return (self.o.get("shuttle_start") and not self.edge and i["shuttle_in_position"]
                and i["shuttle_standstill"] and abs(i["shuttle_position"] - self.cmd) <= 5)

    def asks(self, n):
        return self.i[f"request_{n}"] and not self.i[f"station_fault_{n}"]

    def scan(self, now_ms):
        i, o = self.i, self.o
        o["shuttle_reset"] = i["shuttle_fault"] and not o.get("shuttle_reset")
        o["shuttle_enable"] = True
        for n in (1, 2, 3):                      # queue requests in the order they rise, or trip
            r = i[f"request_{n}"]
            tripped = i[f"station_fault_{n}"] and not self.tripped[n]
            if ((r and not self.seen[n]) or tripped) and n not in self.queue:
                self.queue.append(n)
            self.seen[n] = r
            self.tripped[n] = i[f"station_fault_{n}"]
        if self.state == "idle":
            waiting = [n for n in self.queue if self.asks(n)]
            if waiting:
                self.sel = min(waiting) if self.fixed_priority else waiting[0]
                self.queue.remove(self.sel)
                self.state = "travel"
            else:
                self.goto(0)
        if self.state == "travel":
            self.goto(POS[self.sel])
            if self.arrived():
                o[f"grant_{self.sel}"] = True
                self.state = "serve"
        elif self.state == "serve":
            if not self.asks(self.sel):
                o[f"grant_{self.sel}"] = False
                self.state = "clear"
        elif self.state == "clear":
            if not i[f"arm_inside_{self.sel}"]:
                self.state = "idle"


def test_python_fifo_arbiter_passes_every_condition(kit):
    kit.passes(grade(TASK, Arbiter))


def test_fixed_priority_starves_station_3_when_its_neighbours_keep_asking():
    report = grade(TASK, lambda: Arbiter(fixed_priority=True))
    assert report.reward == 0
    by_name = {c.name: c for c in report.conditions}
    starved = by_name["busy_neighbours"]
    assert starved.violated_rules == ["MOT-H15-S3"]
    assert "station 3 has waited" in starved.first_violation.message
    assert all(set(c.violated_rules) <= {"MOT-H15-S3"} for c in report.conditions)


def test_every_request_is_served_and_waits_stay_under_the_bound():
    for cond in TASK.conditions:
        session = Session(TASK, cond, Arbiter())
        session.run_to_end()
        stations = [session.plant[f"station_{n}"] for n in (1, 2, 3)]
        assert [s.served for s in stations] == [s.total for s in stations], cond.name
        assert all(s.aborts == 0 for s in stations)
        assert max(w for s in stations for w in s.waits) < 20.0


def test_conditions_stay_inside_the_published_ranges():
    ranges = {r.name: r for r in TASK.parameters}
    assert len(TASK.conditions) >= 5
    for cond in TASK.conditions:
        for name, value in cond.params.items():
            if name in ranges:
                assert ranges[name].low <= value <= ranges[name].high, (cond.name, name)
        for n in (1, 2, 3):
            times = cond.params[f"requests_{n}"]
            assert 1 <= len(times) <= 5 and 0.2 <= min(times) <= 6.0
    # some requests are raised at the same time
    assert any(len({c.params[f"requests_{n}"][0] for n in (1, 2, 3)}) == 1 for c in TASK.conditions)


def test_sampled_request_schedules_follow_the_published_ranges():
    """requests_per_station and first_request_s are published but are not condition keys (each
    station has its schedule requests_<n>): checked here, with the other drawn values."""
    ranges = {r.name: r for r in TASK.parameters}
    drawn = TASK.sample(200, seed=3)
    for cond in drawn:
        p = cond.params
        for name, value in p.items():
            if name in ranges:
                assert ranges[name].low <= value <= ranges[name].high, (cond.name, name, value)
        for n in (1, 2, 3):
            times = p[f"requests_{n}"]
            assert 1 <= len(times) <= 5 and 0.2 <= times[0] <= 6.0, (cond.name, n, times)
            assert list(times) == sorted(times)      # a schedule never runs backwards
    counts = {len(c.params[f"requests_{n}"]) for c in drawn for n in (1, 2, 3)}
    assert counts == {1, 2, 3, 4, 5}
    # stations asking again at once (only regap_s after being served), and all three together
    assert any(len(set(c.params["requests_1"])) < len(c.params["requests_1"]) for c in drawn)
    assert any(len({c.params[f"requests_{n}"][0] for n in (1, 2, 3)}) == 1 for c in drawn)
    assert 20 <= sum(c.params["fault_at_start"] for c in drawn) <= 80
    assert TASK.sample(5, seed=3) == drawn[:5]


class TouchAndGo(Arbiter):
    """Fixed priority, but a new request from station 3 (last in priority) is first 'answered':
    the shuttle goes there, the arm goes fully in, then the grant is taken away (its work is
    aborted) and the shuttle serves the others; station 3 is served for real only when 1 and 2
    are quiet."""

    def __init__(self):
        super().__init__(fixed_priority=True)
        self.touched = False
        self.since = 0

    def scan(self, now_ms):
        i, o = self.i, self.o
        if not i.get("request_3"):
            self.touched = False
        if self.state == "idle" and i.get("request_3") and not self.touched:
            self.sel, self.state = 3, "touch"
        if self.state == "touch":
            for n in (1, 2, 3):                  # keep queueing requests as they rise
                r = i[f"request_{n}"]
                if r and not self.seen[n] and n not in self.queue:
                    self.queue.append(n)
                self.seen[n] = r
            self.goto(POS[3])
            if self.arrived() and not o.get("grant_3"):
                o["grant_3"], self.since = True, now_ms
            elif o.get("grant_3") and now_ms - self.since >= 1000:     # arm fully in (0.8 s at most)
                o["grant_3"], self.touched, self.state = False, True, "clear"
            return
        super().scan(now_ms)


def test_a_service_aborted_once_the_arm_was_in_waits_again():
    session = Session(TASK, "busy_neighbours", TouchAndGo())
    verdict = session.run_to_end()
    assert session.plant["station_3"].aborts == 1     # its arm was fully in, then sent home
    assert verdict.violated_rules == ["MOT-H15-S3"], verdict.violated_rules
    assert any("station 3 has waited more than 20 s to be served" in v.message for v in verdict.violations)


def test_prompt_states_every_rule_and_address(kit):
    kit.prompt_states_everything(TASK)
