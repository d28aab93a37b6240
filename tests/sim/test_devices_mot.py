"""Motion devices alone: the servo axis / slide and the rotary indexing table."""

from __future__ import annotations

import time

import pytest

from sim.devices.axis import Axis, ValueWord, to_word
from sim.devices.rotary import RotaryTable
from sim.plant import Plant

SCAN = 0.01


def run(plant: Plant, seconds: float) -> None:
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def make_axis(**kw) -> tuple[Plant, Axis]:
    plant = Plant(seed=1)
    axis = plant.add(Axis("slide", **kw))
    return plant, axis


def move(axis: Axis, target_mm: float, speed: int = 0) -> None:
    axis.write("enable", True)
    axis.write("target", to_word(target_mm))
    axis.write("speed", speed)
    axis.write("start", False)
    axis.write("start", True)


def profile(plant: Plant, axis: Axis, seconds: float) -> list[tuple[float, float]]:
    out = []
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)
        out.append((axis.pos, axis.vel))
    return out


# --- axis: motion profile ---------------------------------------------------------------

def test_trapezoid_reaches_target_without_overshoot_and_respects_speed_and_accel():
    plant, axis = make_axis(start_mm=10.0, max_speed=200.0, accel=800.0, limit_plus_mm=600.0)
    move(axis, 310.0)
    trace = profile(plant, axis, 3.0)
    positions = [p for p, _ in trace]
    speeds = [v for _, v in trace]
    assert max(positions) == pytest.approx(310.0)       # never past the target
    assert positions[-1] == 310.0 and axis.vel == 0.0
    assert max(speeds) == pytest.approx(200.0)           # cruises at max speed
    accels = [(b - a) / SCAN for a, b in zip(speeds, speeds[1:], strict=False)]
    assert max(abs(a) for a in accels[:-3]) <= 800.0 * 1.01
    # trapezoid: 300 mm at 200 mm/s with 800 mm/s^2 takes 300/200 + 200/800 = 1.75 s
    arrival = next(i for i, p in enumerate(positions) if p == 310.0) * SCAN + SCAN
    assert arrival == pytest.approx(1.75, abs=0.05)


def test_a_target_set_just_ahead_of_a_fast_slide_is_overshot_and_approached_back():
    # a new target the slide cannot brake for: full deceleration past it, then back; never a
    # dead stop from speed (which a program could use to stop the slide faster than its drive)
    plant, axis = make_axis(start_mm=0.0, max_speed=400.0, accel=1000.0, response_s=0.0)
    move(axis, 450.0)
    run(plant, 1.0)
    assert axis.vel == pytest.approx(400.0)
    here = axis.pos
    move(axis, here + 1.0)
    prof = profile(plant, axis, 2.0)
    speeds = [axis_vel for _, axis_vel in prof]
    assert all(abs(b - a) <= 1000.0 * SCAN + 1e-6 for a, b in zip([400.0, *speeds], speeds, strict=False))
    furthest = max(pos for pos, _ in prof)
    assert furthest == pytest.approx(here + 400.0 ** 2 / (2 * 1000.0), abs=5.0)   # v^2 / 2a past here
    assert min(vel for _, vel in prof) < 0.0                                       # came back
    assert axis.pos == pytest.approx(here + 1.0) and axis.vel == 0.0 and not axis.moving_to_target


def test_short_move_is_a_triangle_and_takes_longer_with_lower_accel():
    times = []
    for accel in (2000.0, 200.0):
        plant, axis = make_axis(max_speed=400.0, accel=accel)
        move(axis, 50.0)
        trace = profile(plant, axis, 3.0)
        assert max(v for _, v in trace) < 400.0   # never reaches cruise speed
        times.append(next(i for i, (p, _) in enumerate(trace) if p == 50.0))
    # triangle: t = 2 * sqrt(d / a) -> 0.32 s vs 1.0 s
    assert times[0] * SCAN == pytest.approx(0.32, abs=0.03)
    assert times[1] * SCAN == pytest.approx(1.0, abs=0.03)


def test_speed_word_limits_the_move_speed_and_zero_means_configured_speed():
    plant, axis = make_axis(max_speed=300.0, accel=3000.0)
    move(axis, 400.0, speed=50)
    trace = profile(plant, axis, 1.0)
    assert max(v for _, v in trace) == pytest.approx(50.0)
    plant, axis = make_axis(max_speed=300.0, accel=3000.0)
    move(axis, 400.0, speed=1000)     # above the drive's limit: clamped
    trace = profile(plant, axis, 1.0)
    assert max(v for _, v in trace) == pytest.approx(300.0)


def test_moves_backwards_from_a_start_position_away_from_home():
    plant, axis = make_axis(start_mm=420.0)
    assert axis.read("position") == 4200 and not axis.read("home")
    move(axis, 0.0)
    run(plant, 4.0)
    assert axis.read("position") == 0 and axis.read("home")


def test_response_time_delays_the_start_of_motion():
    plant, axis = make_axis(response_s=0.2)
    move(axis, 100.0)
    run(plant, 0.15)
    assert axis.pos == 0.0 and axis.read("busy")
    run(plant, 0.2)
    assert axis.pos > 0.0


def test_a_slide_given_a_new_move_goes_on_with_the_old_one_through_the_response_time():
    # a drive responds to a new start edge after its response time; meanwhile a slide in motion
    # goes on as it went (it must not freeze in place and then carry on at its old speed)
    plant, axis = make_axis(start_mm=0.0, max_speed=400.0, accel=1000.0, response_s=0.1)
    move(axis, 1000.0)
    run(plant, 1.0)
    assert axis.vel == pytest.approx(400.0)
    here = axis.pos
    move(axis, 0.0)                       # turn back
    trace = profile(plant, axis, 0.1)
    assert all(vel == pytest.approx(400.0) for _, vel in trace)   # still cruising the old move
    assert trace[-1][0] == pytest.approx(here + 400.0 * 0.1, abs=4.5)
    assert not axis.read("in_position")
    run(plant, 3.0)
    furthest = here + 400.0 * 0.1 + 400.0 ** 2 / (2 * 1000.0)      # then braked from 400 mm/s
    assert axis.pos == 0.0 and axis.vel == 0.0
    assert max(p for p, _ in trace) <= furthest


def test_a_move_that_ends_within_the_response_time_stops_at_its_own_target_first():
    plant, axis = make_axis(start_mm=0.0, max_speed=400.0, accel=1000.0, response_s=0.1)
    move(axis, 100.0)
    run(plant, 0.5)                       # about to arrive at 100 mm
    move(axis, 300.0)
    run(plant, 0.05)
    assert axis.pos <= 100.0
    prof = profile(plant, axis, 2.0)
    assert axis.pos == 300.0 and min(vel for _, vel in prof) >= 0.0   # on from 100, never back


# --- axis: enable, in-position, standstill ---------------------------------------------

def test_no_motion_while_not_enabled_and_start_edge_is_ignored():
    plant, axis = make_axis(start_mm=50.0)
    axis.write("target", 3000)
    axis.write("start", True)
    axis.write("jog_plus", True)
    run(plant, 1.0)
    assert axis.pos == 50.0 and not axis.read("busy") and not axis.read("ready")
    axis.write("enable", True)      # enabling later does not replay the old start edge
    axis.write("jog_plus", False)
    run(plant, 1.0)
    assert axis.pos == 50.0 and not axis.read("in_position")


def test_in_position_only_when_there_and_still_for_the_settle_time():
    plant, axis = make_axis(window_mm=0.5, settle_s=0.1, max_speed=100.0, accel=1000.0)
    assert not axis.read("in_position")     # no target commanded yet
    move(axis, 100.0)
    seen = []
    for _ in range(200):
        plant.step(SCAN)
        seen.append((axis.read("in_position"), axis.read("standstill"), axis.pos))
    first_in = next(i for i, (inp, _, _) in enumerate(seen) if inp)
    arrive = next(i for i, (_, _, p) in enumerate(seen) if p == 100.0)
    assert all(abs(p - 100.0) <= 0.5 and st for inp, st, p in seen if inp)
    assert (first_in - arrive) * SCAN == pytest.approx(0.1, abs=0.011)
    # a new start edge toward another target drops in-position at once
    axis.write("target", 2000)
    axis.write("start", False)
    axis.write("start", True)
    assert not axis.read("in_position")
    plant.step(SCAN)
    assert not axis.read("standstill") and axis.read("busy")


def test_disabling_mid_move_brakes_to_a_stop_and_drops_in_position():
    plant, axis = make_axis(max_speed=200.0, accel=1000.0)
    move(axis, 400.0)
    run(plant, 0.5)
    axis.write("enable", False)
    run(plant, 0.5)
    stopped_at = axis.pos
    assert axis.read("standstill") and 50.0 < stopped_at < 400.0
    run(plant, 1.0)
    assert axis.pos == stopped_at and not axis.read("in_position")


def test_jog_moves_while_held_and_stops_when_released():
    plant, axis = make_axis(jog_speed=40.0, accel=1000.0)
    axis.write("enable", True)
    axis.write("jog_plus", True)
    run(plant, 1.0)
    assert axis.pos == pytest.approx(40.0 * 1.0 - 40.0 ** 2 / 2000.0, abs=0.5)
    axis.write("jog_plus", False)
    run(plant, 0.2)
    assert axis.read("standstill")
    axis.write("jog_minus", True)
    run(plant, 0.5)
    assert axis.vel < 0


# --- axis: limits and faults -------------------------------------------------------------

def test_limit_switch_stops_hard_and_latches_a_fault_until_reset():
    plant, axis = make_axis(limit_plus_mm=300.0, max_speed=200.0, accel=1000.0)
    move(axis, 500.0)                   # target beyond the switch: the drive will overtravel
    run(plant, 3.0)
    assert axis.pos == 300.0 and axis.read("limit_plus") and axis.read("fault")
    assert not axis.read("ready") and not axis.read("in_position")
    move(axis, 100.0)                   # a faulted drive ignores a new start
    run(plant, 1.0)
    assert axis.pos == 300.0
    axis.write("reset", True)
    assert not axis.read("fault")
    move(axis, 100.0)
    run(plant, 3.0)
    assert axis.read("position") == 1000 and axis.read("in_position") and not axis.read("limit_plus")


def test_a_trip_stops_the_slide_and_ignores_resets_until_its_cause_has_gone():
    plant, axis = make_axis(max_speed=200.0, accel=1000.0)
    move(axis, 400.0)
    run(plant, 0.5)
    axis.trip("drive overtemperature", hold_s=2.0)
    run(plant, 0.3)
    stopped = axis.pos
    assert axis.read("fault") and axis.read("standstill") and 0.0 < stopped < 400.0
    for _ in range(3):                  # reset edges while the cause lasts change nothing
        axis.write("reset", False)
        axis.write("reset", True)
        run(plant, 0.5)
        assert axis.read("fault")
    run(plant, 0.3)                     # 2.1 s after the trip: one more edge clears it
    axis.write("reset", False)
    axis.write("reset", True)
    assert not axis.read("fault")
    run(plant, 0.5)                     # the trip dropped the move: it needs a new start edge
    assert axis.pos == stopped and not axis.read("in_position")
    move(axis, 400.0)
    run(plant, 2.0)
    assert axis.read("in_position") and axis.read("position") == 4000


def test_jogging_into_the_minus_limit_faults():
    plant, axis = make_axis(start_mm=20.0, limit_minus_mm=-5.0)
    axis.write("enable", True)
    axis.write("jog_minus", True)
    run(plant, 3.0)
    assert axis.pos == -5.0 and axis.read("limit_minus") and axis.read("fault")
    assert axis.hit_limit == "minus"


def test_position_word_is_in_tenths_of_a_millimetre_and_clamped():
    assert to_word(123.44) == 1234 and to_word(-0.05) == 0 and to_word(1e6) == 32767


def test_axis_state_has_geometry_for_drawing():
    _, axis = make_axis(origin=(100.0, 50.0), angle_deg=90.0, start_mm=30.0)
    st = axis.state()
    assert st["carriage_x"] == pytest.approx(100.0) and st["carriage_y"] == pytest.approx(80.0)
    assert st["angle_deg"] == 90.0 and st["rail_min_mm"] < st["limit_minus_mm"] < st["limit_plus_mm"]


def test_unknown_signal_names_the_valid_ones():
    _, axis = make_axis()
    with pytest.raises(KeyError, match="in_position"):
        axis.read("inposition")


def test_value_word_reports_its_value():
    word = ValueWord("order", 2505, units="mm", scale=0.1)
    assert word.read("value") == 2505 and word.state()["display"] == "250.5 mm"


# --- rotary table ------------------------------------------------------------------------

def make_table(**kw) -> tuple[Plant, RotaryTable]:
    plant = Plant(seed=1)
    table = plant.add(RotaryTable("table", **kw))
    return plant, table


def pulse(table: RotaryTable, command: str = "index") -> None:
    table.write(command, False)
    table.write(command, True)
    table.write(command, False)


def test_index_turns_one_station_in_the_index_time_then_settles():
    plant, table = make_table(stations=4, index_time_s=0.8, settle_s=0.15, start_station=2)
    assert table.read("station") == 2 and table.read("aligned") and table.read("standstill")
    pulse(table)
    samples = []
    for _ in range(150):
        plant.step(SCAN)
        samples.append((table.read("rotating"), table.read("aligned"), table.read("standstill"),
                        table.read("station")))
    stop = next(i for i, s in enumerate(samples) if not s[0])
    assert stop * SCAN == pytest.approx(0.8, abs=0.011)
    still = next(i for i, s in enumerate(samples) if s[2])
    assert (still - stop) * SCAN == pytest.approx(0.15, abs=0.011)
    # the alignment switch comes on while the dial still creeps in
    first_aligned = next(i for i, s in enumerate(samples) if s[1] and i > 5)
    assert samples[first_aligned][0] and first_aligned < stop
    assert samples[-1][3] == 3 and table.index_count == 1
    # station word is 0 while between stations
    assert any(s[3] == 0 for s in samples[:stop])


def test_index_edge_while_turning_is_ignored_and_station_wraps():
    plant, table = make_table(stations=4, index_time_s=0.5, start_station=4)
    pulse(table)
    run(plant, 0.2)
    pulse(table)
    run(plant, 1.0)
    assert table.read("station") == 1 and table.index_count == 1


def test_rotation_time_scales_with_index_time():
    for t in (0.6, 2.4):
        plant, table = make_table(index_time_s=t)
        pulse(table)
        n = 0
        plant.step(SCAN)
        while table.rotating:
            plant.step(SCAN)
            n += 1
        assert (n + 1) * SCAN == pytest.approx(t, abs=0.011)


def test_table_started_between_stations_indexes_to_the_next_detent():
    plant, table = make_table(stations=6, index_time_s=1.0, start_station=3, start_offset_deg=-20.0)
    assert not table.read("aligned") and table.read("station") == 0
    pulse(table)
    run(plant, 1.5)
    assert table.read("aligned") and table.read("station") == 4
    assert table.exactly_aligned


def test_go_to_target_station_turns_forward_several_pitches():
    plant, table = make_table(stations=8, index_time_s=0.5, start_station=7)
    table.write("target_station", 2)
    pulse(table, "go")
    run(plant, 0.5 * 3 - 0.05)
    assert table.rotating
    run(plant, 0.5)
    assert table.read("station") == 2 and not table.rotating


def test_nests_move_with_the_dial():
    plant, table = make_table(center=(0.0, 0.0), radius_mm=200.0, nest_radius_mm=150.0,
                              work_angle_deg=0.0, stations=4, start_station=1)
    assert table.nest_position(1) == pytest.approx((150.0, 0.0))
    pulse(table)
    run(plant, 2.0)
    assert table.nest_position(2) == pytest.approx((150.0, 0.0), abs=1e-6)
    assert table.state()["station"] == 2


def test_bad_table_configuration_is_a_clear_error():
    with pytest.raises(ValueError, match="start_station"):
        RotaryTable("t", stations=4, start_station=5)


# --- cost per scan (measured, printed, not asserted) -------------------------------------

def test_cost_per_scan_of_a_slide_and_a_table(capsys):
    plant = Plant(seed=1)
    axis = plant.add(Axis("slide", limit_plus_mm=1000.0))
    table = plant.add(RotaryTable("table", index_time_s=0.3))
    axis.write("enable", True)
    n = 3000
    farthest = 0.0
    t0 = time.perf_counter()
    for k in range(n):
        if k % 100 == 0:
            axis.write("target", to_word(900.0 if (k // 100) % 2 else 0.0))
            axis.write("start", False)
            axis.write("start", True)
            pulse(table)
        plant.step(SCAN)
        axis.read("position"), axis.read("in_position"), table.read("aligned")
        farthest = max(farthest, axis.pos)
    per_scan_us = (time.perf_counter() - t0) / n * 1e6
    with capsys.disabled():
        print(f"\n[motion devices] slide + table plant: {per_scan_us:.1f} us per 10 ms scan")
    assert table.index_count > 0 and farthest > 100.0
