"""The rotary (modulo) servo axis alone: modulo angle word, direction modes, net turns, the
drive's enable / fault / in-position behaviour it inherits from the slide, and the sector
geometry judges use."""

from __future__ import annotations

import pytest

from sim.devices.rotary_axis import (
    NEGATIVE,
    POSITIVE,
    SHORTEST,
    RotaryAxis,
    modulo_word,
    move_span,
    sweeps_sector,
)
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, RotaryAxis]:
    plant = Plant(seed=1, substeps=1)
    axis = plant.add(RotaryAxis("turret", **kw))
    return plant, axis


def move(plant: Plant, axis: RotaryAxis, target_deg: float, direction: int = SHORTEST,
         seconds: float = 6.0) -> list[float]:
    axis.write("enable", True)
    axis.write("target", round(target_deg * 10))
    axis.write("direction", direction)
    axis.write("start", False)
    axis.write("start", True)
    net = []
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)
        net.append(axis.net_deg)
    axis.write("start", False)
    return net


def test_shortest_way_goes_across_zero_and_the_word_wraps():
    plant, axis = make(start_deg=350.0, max_speed=90.0, accel=900.0)
    net = move(plant, axis, 20.0)
    assert axis.net_deg == pytest.approx(380.0)          # +30 degrees, not -330
    assert min(net) >= 350.0 - 1e-9
    assert axis.read("position") == 200
    assert axis.read("net_turns") == 1 and axis.read("net_angle") == 3800
    assert axis.read("in_position") and axis.read("standstill")


def test_directed_moves_go_the_way_asked_even_the_long_way():
    plant, axis = make(start_deg=10.0, max_speed=180.0, accel=900.0)
    move(plant, axis, 350.0, POSITIVE)
    assert axis.net_deg == pytest.approx(350.0)
    move(plant, axis, 10.0, NEGATIVE)                      # back the way it came
    assert axis.net_deg == pytest.approx(10.0)
    move(plant, axis, 350.0, NEGATIVE)                     # the short way, through 0
    assert axis.net_deg == pytest.approx(-10.0)
    assert axis.read("position") == 3500 and axis.read("net_turns") == -1


def test_a_directed_move_to_where_it_stands_goes_nowhere():
    plant, axis = make(start_deg=90.0)
    net = move(plant, axis, 90.0, POSITIVE, seconds=1.0)
    assert max(net) == min(net) == 90.0


def test_travel_time_is_the_trapezoid_of_the_turn():
    plant, axis = make(start_deg=0.0, max_speed=60.0, accel=240.0)
    net = move(plant, axis, 270.0, NEGATIVE, seconds=8.0)   # 90 degrees the negative way
    arrival = next(i for i, d in enumerate(net) if d == -90.0) * SCAN + SCAN
    assert arrival == pytest.approx(90.0 / 60.0 + 60.0 / 240.0, abs=0.03)
    speeds = [(b - a) / SCAN for a, b in zip(net, net[1:], strict=False)]
    assert min(speeds) >= -60.0 - 1e-6


def test_nothing_turns_while_disabled_or_faulted_and_reset_clears_the_fault():
    plant, axis = make(start_deg=45.0)
    axis.fault = True
    net = move(plant, axis, 100.0, seconds=1.0)
    assert set(net) == {45.0} and not axis.read("ready")
    axis.write("reset", True)
    assert not axis.read("fault")
    axis.write("reset", False)
    move(plant, axis, 100.0, seconds=3.0)
    assert axis.net_deg == pytest.approx(100.0)
    axis.write("enable", False)
    assert not axis.read("in_position")


def test_the_start_net_angle_must_be_at_the_start_angle():
    _, axis = make(start_deg=30.0, start_net_deg=-330.0)
    assert axis.net_deg == -330.0 and axis.read("position") == 300
    with pytest.raises(ValueError):
        make(start_deg=30.0, start_net_deg=20.0)


def test_modulo_helpers():
    assert modulo_word(359.99) == 0 and modulo_word(-0.1) == 3599
    assert move_span(350.0, 10.0, SHORTEST) == pytest.approx(20.0)
    assert move_span(350.0, 10.0, NEGATIVE) == pytest.approx(-340.0)
    assert move_span(0.0, 180.0, SHORTEST) == pytest.approx(180.0)
    assert move_span(725.0, 5.0, POSITIVE) == 0.0


def test_sector_sweep_sees_a_pass_through_and_a_jump_across_it():
    # sector 100..140
    assert not sweeps_sector(50.0, 99.0, 100.0, 40.0)
    assert not sweeps_sector(100.0, 140.0 - 360.0, 100.0, 40.0)    # the long way round, edge to edge
    assert sweeps_sector(90.0, 150.0, 100.0, 40.0)                  # across it in one step
    assert sweeps_sector(150.0, 90.0, 100.0, 40.0)                  # the short way back, through it
    assert sweeps_sector(120.0, 120.0, 100.0, 40.0)                 # standing inside
    assert sweeps_sector(-250.0, -230.0, 100.0, 40.0)               # a copy a turn down
    assert not sweeps_sector(150.0, 450.0, 100.0, 40.0)             # 150 -> 90 the long way: legal
