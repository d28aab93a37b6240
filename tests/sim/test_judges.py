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


# --- shared judges: each driven with a hand-made scan sequence, token actions included ------

def _approach(within_s=0.05, by=5.0, slack=0.0, arrive_s=None, **kw):
    """'After `go`, the slide at `pos` sets off toward 100 mm and arrives.'"""
    return judges.progress_within(
        "slide sets off toward the nest", cause=lambda s: s.io["go"],
        ways=[judges.Way("the slide", lambda s: 100.0 - s.io["pos"], by=by,
                         until=lambda s: s.io["pos"] >= 99.5, slack=slack, arrive_s=arrive_s)],
        within_s=within_s, **kw)


def _rows(positions, go_from=1):
    return [{"go": k >= go_from, "pos": p} for k, p in enumerate(positions)]


def test_progress_within_is_met_by_a_real_approach_to_arrival():
    out = drive(_approach(), _rows([0, 0, 2, 6, 20, 60, 100, 100]), is_monitor=True)
    assert out == [None] * 8


def test_progress_within_is_met_by_arriving_from_closer_than_the_set_off_distance():
    # 3 mm to go with a 5 mm set-off distance: closing it and arriving is the whole step
    assert drive(_approach(), _rows([97, 97, 98] + [99.6] * 7), is_monitor=True) == [None] * 10
    # standing at the line without arriving is still late
    out = drive(_approach(), _rows([97, 97, 98, 98, 98, 98, 98, 98, 98]), is_monitor=True)
    assert out[7] and "not done within" in out[7]


def test_progress_within_misses_a_late_start():
    out = drive(_approach(), _rows([0, 0, 0, 0, 0, 0, 0, 0, 10]), is_monitor=True)
    assert out[:6] == [None] * 6        # go at 10 ms: 50 ms of grace up to 60 ms
    assert out[7] and "not done within 0.05 s of 0.01 s" in out[7]


def test_progress_within_is_not_met_by_jiggling_behind_the_line():
    # 37 <-> 39 mm never closes the distance by 5 mm: the token action does not count
    jiggle = [37, 37, 39, 37, 39, 37, 39, 37, 39, 37]
    out = drive(_approach(), _rows(jiggle), is_monitor=True)
    assert any(out) and "not done within" in next(m for m in out if m)


def test_progress_within_fails_a_step_that_backs_off_before_arriving():
    # a 10 mm hop out and back: it set off, but it must then arrive without backing off
    out = drive(_approach(slack=1.0), _rows([0, 0, 10, 4, 0, 0]), is_monitor=True)
    assert out[3] and "backed off before arriving" in out[3]


def test_progress_within_with_a_time_to_arrive_fails_a_crawl():
    # creeping 5 mm a scan sets off in time but arrives late; a brisk approach is in time
    import pytest

    crawl = _approach(arrive_s=lambda s: 0.08)       # due 80 ms after the cause at 10 ms
    out = drive(crawl, _rows([40 + 5 * k for k in range(12)]), is_monitor=True)
    assert out[:10] == [None] * 10 and "had not arrived 0.08 s later" in out[10]
    brisk = _approach(arrive_s=lambda s: 0.08)
    assert drive(brisk, _rows([0, 0, 10, 40, 70, 100, 100]), is_monitor=True) == [None] * 7
    with pytest.raises(ValueError):
        judges.Way("no arrival", lambda s: 0.0, by=1.0, arrive_s=lambda s: 1.0)


def test_progress_within_episode_is_latched_a_cause_flicker_restarts_nothing():
    rows = [{"go": g, "pos": 0} for g in (False, True, False, True, False, True, True, True, True)]
    out = drive(_approach(within_s=0.05), rows, is_monitor=True)
    assert out[7] and "of 0.01 s" in out[7]      # the clock still runs from the first rise


def test_progress_within_excused_and_allowance():
    rows = _rows([0] * 10)
    excused = _approach(excused=lambda s: s.scan >= 3)
    assert drive(excused, rows, is_monitor=True) == [None] * 10
    # 0.05 s + an allowance of 0.05 s from the cause at 10 ms: due by 110 ms, missed at 120 ms
    out = drive(_approach(allowance_s=lambda s: 0.05), _rows([0] * 13), is_monitor=True)
    assert out[:12] == [None] * 12 and "not done within 0.1 s" in out[12]


def test_progress_within_one_of_several_ways():
    ways = [judges.Way("belt", lambda s: -s.io["belt_mm"], by=10.0),
            judges.Way("other pusher", lambda s: 180.0 - s.io["p2"], by=5.0,
                       until=lambda s: s.io["p2"] >= 180)]
    w = judges.progress_within("belt or other pusher goes", cause=lambda s: s.io["back"], ways=ways,
                               within_s=0.05)
    # a one-scan poke of the other pusher (7 mm out, then back) is no push
    rows = [{"back": True, "belt_mm": 0, "p2": p} for p in (0, 7, 0, 0, 0, 0, 0, 0)]
    assert "backed off" in next(m for m in drive(w, rows, is_monitor=True) if m)
    w2 = judges.progress_within("belt or other pusher goes", cause=lambda s: s.io["back"], ways=ways,
                                within_s=0.05)
    rows = [{"back": True, "belt_mm": b, "p2": 0} for b in (0, 1, 3, 8, 14, 20)]
    assert drive(w2, rows, is_monitor=True) == [None] * 6


def test_progress_needs_a_real_amount():
    import pytest

    with pytest.raises(ValueError):
        judges.Way("nothing", lambda s: 0.0, by=0.0)


def _waits(limit_s=0.05):
    return judges.waits_at_most(limit_s, [("station 1", lambda s: s.io["req"], lambda s: s.io["arm_in"])])


def test_waits_at_most_a_one_scan_grant_does_not_stop_the_clock():
    # the grant flickers (the arm never goes in): the wait goes on from the request
    rows = [{"req": True, "arm_in": False, "grant": k % 3 == 0} for k in range(8)]
    out = drive(_waits(), rows, is_monitor=True)
    assert out[:6] == [None] * 6 and out[6] == "station 1 has waited more than 0.05 s to be served"


def test_waits_at_most_ends_when_really_served_or_the_request_drops():
    served = [{"req": True, "arm_in": k >= 3} for k in range(10)]
    assert drive(_waits(), served, is_monitor=True) == [None] * 10
    dropped = [{"req": k < 3 or k > 4, "arm_in": False} for k in range(10)]
    out = drive(_waits(), dropped, is_monitor=True)
    assert out[:10] == [None] * 10        # the new request at 50 ms has waited 40 ms by the end


def test_moved_before_sees_a_hop_that_velocity_at_scan_boundaries_misses():
    # position creeps 0.1 mm per scan; velocity at every boundary would read 0
    rows = [{"start": False, "pos": 0.1 * k} for k in range(5)] + [{"start": True, "pos": 9.0}]
    m = judges.moved_before(lambda s: s.io["start"], lambda s: s.io["pos"], 0.05, "moved before Start")
    out = drive(m, rows, is_monitor=True)
    assert out[0] is None and out[1] == "moved before Start" and out[5] is None


def test_moved_before_sees_a_hop_in_the_first_scan_against_the_power_up_position():
    # the first scan's plant step hopped 0.2 mm: from there on the axis stands still
    rows = [{"start": False, "pos": 300.2}] * 3 + [{"start": True, "pos": 300.2}]
    m = judges.moved_before(lambda s: s.io["start"], lambda s: s.io["pos"], 0.05, "moved",
                            origin=lambda s: 300.0)
    assert drive(m, rows, is_monitor=True) == ["moved"] * 3 + [None]
    unseen = judges.moved_before(lambda s: s.io["start"], lambda s: s.io["pos"], 0.05, "moved")
    assert drive(unseen, rows, is_monitor=True) == [None] * 4


def test_moved_before_allows_a_still_axis_anywhere():
    rows = [{"start": False, "pos": 312.4}] * 5
    m = judges.moved_before(lambda s: s.io["start"], lambda s: s.io["pos"], 0.05, "moved")
    assert drive(m, rows, is_monitor=True) == [None] * 5


def test_distinct_counts_identities_not_events():
    j = judges.distinct("3 parts delivered", lambda s: s.io["delivered"], 3)
    rows = [{"delivered": [1]}, {"delivered": [1, 1]}, {"delivered": [1, 1, 1, 1, 1, 1]},
            {"delivered": [1, 1, 2]}, {"delivered": [1, 1, 2, 3]}]
    assert drive(j, rows) == [False, False, False, False, True]
    assert j.done_scan == 4


def test_watched_completion_fails_when_its_inner_judge_fails():
    inner = judges.within(0.03, judges.event("arrived", lambda s: s.io["pos"] >= 99.5))
    j = judges.watched(inner, _approach(within_s=1.0))
    assert drive(j, _rows([0, 10, 20, 30, 40, 50])) == [False] * 6
    assert j.failed and "deadline 0.03 s passed before: arrived" in j.failed


def test_watched_completion_never_comes_after_a_miss():
    inner = judges.event("arrived", lambda s: s.io["pos"] >= 99.5)
    j = judges.watched(inner, _approach(within_s=0.02))
    rows = _rows([0, 0, 0, 0, 0, 100, 100])
    assert drive(j, rows) == [False] * 7
    assert "not done within" in j.pending()
