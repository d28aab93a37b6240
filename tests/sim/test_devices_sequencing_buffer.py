"""SequencingBuffer (sim.devices.sequencing_buffer): stoppers, arms, lanes, collector, out switch,
loop, the out station's asks and a jammed head stopper, independent of any task."""

from __future__ import annotations

from sim.devices.sequencing_buffer import SequencingBuffer
from sim.plant import Plant

DT = 0.01


def _plant(**kw):
    plant = Plant(seed=7, substeps=1)
    kw.setdefault("arrivals", [])
    kw.setdefault("wanted", 3)
    buf = plant.add(SequencingBuffer("buffer", **kw))
    return plant, buf


def _run(buf, seconds, until=None):
    for _ in range(round(seconds / DT)):
        buf.step(DT)
        if until is not None and until():
            return True
    return False


def test_an_arrival_stands_at_the_infeed_stopper_with_its_colour_read():
    _, buf = _plant(arrivals=[(0.5, 3)])
    assert not buf.read("in_present") and buf.read("in_code") == 0
    _run(buf, 0.6)
    assert buf.read("in_present") and buf.read("in_code") == 3


def test_the_stopper_takes_its_stroke_and_lets_the_head_item_onto_the_distribution_belt():
    _, buf = _plant(arrivals=[(0.0, 2)], stroke_s=0.15)
    _run(buf, 0.05)
    buf.write("in_go", True)
    _run(buf, 0.1)
    assert not buf.read("in_down") and not buf.read("dist_occupied")
    assert _run(buf, 0.1, lambda: buf.read("dist_occupied"))
    assert buf.read("in_down") and not buf.read("in_present")


def test_the_next_item_indexes_up_after_the_index_time_and_follows_if_the_stopper_stays_down():
    _, buf = _plant(arrivals=[(0.0, 1), (0.0, 2)], index_s=0.8, dist_speed=100.0)
    buf.write("in_go", True)
    _run(buf, 0.2, lambda: buf.read("dist_occupied"))
    assert len(buf.dist) == 1
    _run(buf, 0.7)
    assert len(buf.dist) == 1
    _run(buf, 0.2)
    assert len(buf.dist) == 2          # two on the belt: a program that keeps the stopper down


def test_an_arm_swings_in_its_time_and_its_lane_takes_the_item():
    _, buf = _plant(arrivals=[(0.0, 4)], arm_s=(0.5, 0.5, 0.5, 0.5), dist_speed=1000.0, lane_run_s=1.0)
    buf.write("arm_2", True)
    _run(buf, 0.4)
    assert not buf.read("arm_2_end") and not buf.read("arm_2_home")
    _run(buf, 0.11)
    assert buf.read("arm_2_end")
    buf.write("in_go", True)
    assert _run(buf, 2.0, lambda: buf.read("lane_2_count") == 1)
    assert buf.read("lane_2_head") == 0          # still running in
    _run(buf, 1.05)
    assert buf.read("lane_2_head") == 4 and buf.read("lane_1_count") == 0


def test_an_item_no_arm_takes_runs_onto_the_loop_and_back_to_the_recirculation_stopper():
    _, buf = _plant(arrivals=[(0.0, 1)], dist_speed=1000.0, dist_len=1400.0, rc_s=3.0)
    buf.write("in_go", True)
    _run(buf, 1.7)
    assert buf.read("rc_count") == 1 and not buf.read("dist_occupied") and not buf.read("rc_present")
    _run(buf, 3.0)
    assert buf.read("rc_present") and buf.read("rc_code") == 1


def test_an_arm_part_way_over_lets_the_item_pass_and_logs_a_hit():
    _, buf = _plant(arrivals=[(0.0, 1)], dist_speed=1000.0, arm_s=(2.0, 2.0, 2.0, 2.0))
    buf.write("in_go", True)
    _run(buf, 0.2)
    buf.write("arm_1", True)
    _run(buf, 0.3)
    assert buf.hits and buf.hits[0][1] == "arm_1" and buf.read("lane_1_count") == 0


def test_a_head_item_goes_to_the_out_station_with_the_switch_home_and_to_the_loop_swung():
    _, buf = _plant(lanes_at_start=((2, 3), (), (), ()), coll_s=0.6, first_ask_s=100.0, index_s=0.8)
    assert buf.read("lane_1_count") == 2 and buf.read("lane_1_head") == 2
    buf.write("lane_1_go", True)
    _run(buf, 0.2)
    buf.write("lane_1_go", False)
    assert buf.read("coll_occupied") and buf.read("lane_1_count") == 1
    _run(buf, 0.6)
    assert buf.out_log and buf.out_log[0][2:] == (2, 0)      # it did not ask
    buf.write("to_recirc", True)
    _run(buf, 1.0)
    assert buf.read("switch_end") and buf.read("lane_1_head") == 3
    buf.write("lane_1_go", True)
    _run(buf, 0.2)
    buf.write("lane_1_go", False)
    _run(buf, 0.6)
    assert buf.read("rc_count") == 1 and len(buf.out_log) == 1


def test_the_out_station_asks_for_a_colour_standing_in_a_lane_then_is_busy():
    _, buf = _plant(lanes_at_start=((4,), (), (), ()), first_ask_s=1.0, busy_s=(2.0,), coll_s=0.6, wanted=2)
    _run(buf, 0.9)
    assert not buf.read("out_ready")
    _run(buf, 0.2)
    assert buf.read("out_ready") and buf.read("out_need") == 4
    buf.write("lane_1_go", True)
    _run(buf, 0.2)
    buf.write("lane_1_go", False)
    _run(buf, 0.6)
    assert buf.read("out_count") == 1 and buf.out_log[0][2:] == (4, 4) and not buf.read("out_ready")
    _run(buf, 3.0)
    assert not buf.read("out_ready")      # the lanes hold nothing: it waits to ask


def test_a_jam_strikes_on_the_first_valve_after_its_time_and_holds_the_stopper_up():
    _, buf = _plant(lanes_at_start=((1,), (), (), ()), jams=((1, 1.0, 2.0),), first_ask_s=100.0)
    _run(buf, 1.5)
    buf.write("lane_1_go", True)
    _run(buf, 1.5)
    assert not buf.read("lane_1_down") and buf.read("lane_1_count") == 1 and buf.jammed(0)
    _run(buf, 0.7)
    assert buf.read("lane_1_down") and buf.read("coll_occupied")


def test_a_jam_does_not_strike_while_the_asked_colour_stands_nowhere_else():
    _, buf = _plant(lanes_at_start=((1,), (), (), ()), jams=((1, 0.0, 5.0),), first_ask_s=0.1)
    _run(buf, 0.2)
    assert buf.read("out_need") == 1
    buf.write("lane_1_go", True)
    _run(buf, 0.3)
    assert buf.read("coll_occupied") and buf.jam_windows == [None]
