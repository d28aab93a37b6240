"""Completion building blocks and safety monitors, driven scan by scan."""

from __future__ import annotations

from sim import judges
from sim.judges import ScanState
from sim.task import Condition


def drive(judge_or_monitor, rows, is_monitor=False):
    """Feed one dict of I/O values per scan; return the per-scan results."""
    s = ScanState(plant=None, condition=Condition("c", 1), io_names=sorted({k for r in rows for k in r}))
    out = []
    for k, row in enumerate(rows):
        s.scan, s.time_ms, s.time_s = k, 10 * k, k / 100
        s.io.update(row)
        out.append(judge_or_monitor(s) if is_monitor else judge_or_monitor.update(s))
    return out


def test_event_latches_on_first_true_scan():
    j = judges.event("a seen", lambda s: s.io["a"])
    assert drive(j, [{"a": False}, {"a": True}, {"a": False}]) == [False, True, True]
    assert (j.done_scan, j.done_ms) == (1, 10)
    assert j.events() == [("a seen", 1, 10)]


def test_in_order_ignores_a_later_step_that_happens_first():
    j = judges.in_order(judges.event("A", lambda s: s.io["a"]), judges.event("B", lambda s: s.io["b"]))
    rows = [{"a": False, "b": True}, {"a": True, "b": False},
            {"a": False, "b": False}, {"a": False, "b": True}]
    assert drive(j, rows) == [False, False, False, True]
    assert j.events() == [("A", 1, 10), ("B", 3, 30)]


def test_in_order_steps_may_finish_in_the_same_scan():
    j = judges.in_order(judges.event("A", lambda s: s.io["a"]), judges.event("B", lambda s: s.io["b"]))
    assert drive(j, [{"a": True, "b": True}]) == [True]


def test_in_order_pending_names_what_is_missing():
    j = judges.in_order(judges.event("A", lambda s: s.io["a"]),
                        judges.held("B", lambda s: s.io["b"], 0.5))
    drive(j, [{"a": True, "b": False}])
    assert j.pending() == "B (held for 0.5 s)"


def test_held_needs_the_full_time_without_a_break():
    j = judges.held("on", lambda s: s.io["x"], 0.03)   # 3 scans of 10 ms after the first true scan
    rows = [{"x": True}] * 3 + [{"x": False}] + [{"x": True}] * 4
    assert drive(j, rows) == [False] * 7 + [True]
    assert j.done_ms == 70


def test_all_of_in_any_order():
    j = judges.all_of(judges.event("A", lambda s: s.io["a"]), judges.event("B", lambda s: s.io["b"]))
    assert drive(j, [{"a": False, "b": True}, {"a": False, "b": False}, {"a": True, "b": False}]) == [
        False, False, True]
    assert [e[0] for e in j.events()] == ["B", "A"]


def test_within_fails_after_its_deadline():
    j = judges.within(0.02, judges.event("A", lambda s: s.io["a"]))
    assert drive(j, [{"a": False}] * 3 + [{"a": True}]) == [False] * 4
    assert j.failed == "deadline 0.02 s passed before: A"
    ok = judges.within(0.02, judges.event("A", lambda s: s.io["a"]))
    assert drive(ok, [{"a": False}, {"a": False}, {"a": True}]) == [False, False, True]


def test_failure_inside_in_order_propagates():
    j = judges.in_order(judges.within(0.01, judges.event("A", lambda s: s.io["a"])),
                        judges.event("B", lambda s: s.io["b"]))
    drive(j, [{"a": False, "b": False}] * 3)
    assert j.failed and "before: A" in j.failed and not j.done


def test_never_reports_its_message_on_every_bad_scan():
    m = judges.never(lambda s: s.io["x"] and s.io["y"], lambda s: f"both at {s.time_ms} ms")
    rows = [{"x": True, "y": False}, {"x": True, "y": True}]
    assert drive(m, rows, is_monitor=True) == [None, "both at 10 ms"]


def test_for_longer_than_allows_short_episodes():
    m = judges.for_longer_than(lambda s: s.io["x"], 0.02, "too long")
    rows = [{"x": True}] * 3 + [{"x": False}] + [{"x": True}] * 4
    assert drive(m, rows, is_monitor=True) == [None] * 7 + ["too long"]


def test_sessions_copy_stateful_monitors_so_runs_never_share_state():
    from sim.session import Session
    from tests.sim.minitask import TASK, Idle

    class PushAgainstStop(Idle):
        def logic(self, now_ms):
            self.outputs["%QX0.0"] = True

    template = TASK.safety_rules[0].monitor
    first = Session(TASK, "fast", PushAgainstStop()).run_to_end()
    assert template.since_ms is None
    second = Session(TASK, "fast", PushAgainstStop()).run_to_end()
    # Pushing from scan 0 at 1 mm per scan: at the stop from 500 ms, more than 0.3 s later at 810 ms.
    assert [(v.rule_id, v.time_ms) for v in first.violations] == [("MOT-E99-S1", 810)]
    assert second.violations == first.violations
