"""The AGV loop (sim/devices/agv.py) alone in a small plant: driving forward to a target and
stopping on it, braking with go off (never past the target), the window it does not creep in,
the siding route at the diverge and back onto the loop, the blocks a body covers, battery drain
and charging, the bumper fault and its reset, loads handed over by a station and rolled off at
the drop stand or onto the floor."""

from __future__ import annotations

import pytest

from sim.devices.agv import AGV, AGVLoop
from sim.devices.stations import TransferStation
from sim.plant import Plant


def cell(*agvs, stations=(), **kw):
    plant = Plant(seed=1, substeps=1)
    for st in stations:
        plant.add(st)
    args = dict(
        drop_mm=4500.0, blocks=6, block_mm=1000.0, charge_rate=5.0, unload_s=1.0, size=(2000.0, 1000.0)
    )
    args.update(kw)
    loop = plant.add(AGVLoop("agvs", agvs=agvs, stations=tuple(stations), **args))
    return plant, loop


def vehicle(n=1, start=0.0, **kw):
    args = dict(speed=1000.0, accel=1000.0, drain_per_m=1.0, battery=50.0)
    args.update(kw)
    return AGV(n, start, **args)


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def send(loop, n, target, go=True):
    loop.write(f"agv{n}_target", int(target))
    loop.write(f"agv{n}_go", go)


def test_it_drives_forward_to_its_target_and_stands_there_arrived():
    plant, loop = cell(vehicle(start=100.0))
    assert loop.read("agv1_arrived") and loop.read("agv1_position") == 100
    send(loop, 1, 2100)
    run(plant, 0.5)
    assert not loop.read("agv1_still") and not loop.read("agv1_arrived")
    run(plant, 2.5)  # 2000 mm at 1000 mm/s, 1000 mm/s^2: 3 s
    assert loop.read("agv1_position") == 2100 and loop.read("agv1_still") and loop.read("agv1_arrived")
    assert loop.agvs[0].pos == 2100.0


def test_a_target_behind_it_is_reached_round_the_loop():
    plant, loop = cell(vehicle(start=3000.0))
    send(loop, 1, 2900)
    run(plant, 2.0)
    assert loop.read("agv1_position") > 3000 or loop.read("agv1_position") < 2900  # it went on, forward
    run(plant, 8.0)
    assert loop.read("agv1_position") == 2900 and loop.agvs[0].travelled == pytest.approx(5900.0, abs=1.0)


def test_go_off_brakes_at_its_acceleration_and_never_past_its_target():
    plant, loop = cell(vehicle(start=0.0))
    send(loop, 1, 5000)
    run(plant, 1.5)
    v = loop.agvs[0].vel
    assert v == pytest.approx(1000.0)
    at = loop.agvs[0].pos
    loop.write("agv1_go", False)
    run(plant, 1.5)
    assert loop.read("agv1_still")
    assert loop.agvs[0].pos - at == pytest.approx(v * v / 2000.0, abs=15.0)
    # a stop commanded just short of the target ends on it, not beyond
    plant, loop = cell(vehicle(start=0.0))
    send(loop, 1, 1000)
    run(plant, 1.55)
    loop.write("agv1_go", False)
    run(plant, 1.0)
    assert loop.agvs[0].pos <= 1000.0


def test_within_its_window_it_does_not_creep():
    plant, loop = cell(vehicle(start=1000.0))
    send(loop, 1, 1004)
    run(plant, 0.5)
    assert loop.agvs[0].pos == 1000.0 and loop.read("agv1_arrived")
    send(loop, 1, 1010)
    run(plant, 0.5)
    assert loop.agvs[0].pos == 1010.0


def test_the_siding_is_taken_at_the_diverge_and_left_into_block_1():
    plant, loop = cell(vehicle(start=4600.0))
    loop.write("agv1_siding", True)
    send(loop, 1, 5500)
    run(plant, 3.0)
    a = loop.agvs[0]
    assert loop.read("agv1_on_siding") and loop.blocks_of(a) == {7}
    loop.write("agv1_siding", False)  # the route only counts at the diverge
    send(loop, 1, 300)
    run(plant, 2.0)
    assert loop.read("agv1_position") == 300 and not loop.read("agv1_on_siding")
    assert loop.blocks_of(a) == {7, 1}  # its back is still on the siding
    send(loop, 1, 600)
    run(plant, 1.0)
    assert loop.blocks_of(a) == {1}
    # without the route bit it stays on the loop through block 6
    plant, loop = cell(vehicle(start=4600.0))
    send(loop, 1, 5500)
    run(plant, 3.0)
    assert not loop.read("agv1_on_siding") and loop.blocks_of(loop.agvs[0]) == {6}


def test_blocks_of_a_body_across_a_boundary():
    plant, loop = cell(vehicle(start=1200.0), vehicle(2, start=300.0))
    a, b = loop.agvs
    assert loop.blocks_of(a) == {1, 2} and loop.blocks_of(b) == {6, 1}
    plant, loop = cell(vehicle(start=1000.0))
    assert loop.blocks_of(loop.agvs[0]) == {1}  # a front on the boundary is not in the next block


def test_battery_drains_per_metre_and_charges_only_standing_at_the_charger():
    plant, loop = cell(vehicle(start=0.0, drain_per_m=2.0, battery=50.0))
    send(loop, 1, 3000)
    run(plant, 5.0)
    assert loop.read("agv1_battery") == 440  # 3 m at 2 %/m, in 0.1 %
    loop.write("agv1_charge", True)
    run(plant, 1.0)
    assert loop.read("agv1_battery") == 440 and not loop.read("agv1_charging")
    plant, loop = cell(vehicle(start=5500.0, on_siding=True, battery=20.0))
    loop.write("agv1_charge", True)
    run(plant, 2.0)
    assert loop.read("agv1_charging") and loop.agvs[0].battery == pytest.approx(30.0, abs=0.1)
    run(plant, 20.0)
    assert loop.agvs[0].battery == 100.0


def test_an_empty_battery_stops_it():
    plant, loop = cell(vehicle(start=0.0, drain_per_m=10.0, battery=5.0))
    send(loop, 1, 3000)
    run(plant, 4.0)
    assert loop.read("agv1_still") and loop.agvs[0].battery == 0.0
    # 0.5 m to empty, then braking from 1000 mm/s at 1000 mm/s^2: 0.5 m more
    assert loop.agvs[0].pos == pytest.approx(1000.0, abs=20.0)


def test_a_bumper_fault_stops_it_at_once_until_a_reset_and_a_new_go_edge():
    plant, loop = cell(vehicle(start=0.0, fault_at_s=1.5))
    send(loop, 1, 5000)
    run(plant, 1.8)  # at 1000 mm/s the bumper stop takes 0.2 s (5000 mm/s^2): 100 mm
    assert loop.read("agv1_fault") and loop.read("agv1_still") and not loop.read("agv1_arrived")
    at = loop.agvs[0].pos
    assert at == pytest.approx(1000.0 + 100.0, abs=15.0)
    loop.write("agv1_reset", True)
    run(plant, 0.2)
    assert not loop.read("agv1_fault") and loop.agvs[0].pos == at  # go is still on: no edge
    loop.write("agv1_go", False)
    run(plant, 0.1)
    loop.write("agv1_go", True)
    run(plant, 0.5)
    assert loop.agvs[0].pos > at


def station(n, at, requests=(0.1,), work=1.0, arm=0.3):
    return TransferStation(
        f"station_{n}", n, at, x=0.0, y=0.0, requests=requests, regap_s=1.0, arm_time_s=arm, work_s=work
    )


def test_a_station_hands_its_load_onto_the_agv_standing_at_it():
    st = station(1, 500.0)
    plant, loop = cell(vehicle(start=500.0), stations=(st,))
    run(plant, 0.2)
    assert st.request and (1, 1) in loop.jobs
    st.write("grant", True)
    run(plant, 1.5)
    assert loop.read("agv1_loaded") and loop.agvs[0].load == (1, 1) and not st.request
    assert not loop.lost


def test_a_load_falls_with_no_agv_or_a_loaded_one_at_the_station():
    st = station(1, 500.0)
    plant, loop = cell(vehicle(start=800.0), stations=(st,))
    run(plant, 0.2)
    st.write("grant", True)
    run(plant, 1.5)
    assert loop.lost and "no AGV" in loop.lost[0][2]
    st = station(1, 500.0)
    plant, loop = cell(vehicle(start=500.0, load=("on board", 1)), stations=(st,))
    run(plant, 0.2)
    st.write("grant", True)
    run(plant, 1.5)
    assert loop.lost and "already carried" in loop.lost[0][2] and loop.agvs[0].load == ("on board", 1)


def test_rollers_deliver_at_the_drop_stand_and_drop_the_load_elsewhere():
    plant, loop = cell(vehicle(start=4500.0, load=("on board", 1)))
    assert loop.jobs == {("on board", 1): 0.0}
    loop.write("agv1_unload", True)
    run(plant, 0.5)
    assert loop.read("agv1_loaded")
    run(plant, 0.6)
    assert not loop.read("agv1_loaded") and ("on board", 1) in loop.delivered and not loop.lost
    plant, loop = cell(vehicle(start=4000.0, load=("on board", 1)))
    loop.write("agv1_unload", True)
    run(plant, 1.1)
    assert not loop.read("agv1_loaded") and not loop.delivered and loop.lost


def test_a_front_standing_exactly_on_the_merge_point_is_still_on_the_siding():
    # The siding merges into the loop at 0 mm, the start of block 1; a front standing exactly on a
    # block's start is not in that block yet: an AGV sent from the charger to 0 stops exactly there,
    # its whole body on the siding (block 7), on_siding still on.
    plant, loop = cell(vehicle(start=5500.0, on_siding=True), vehicle(2, start=700.0))
    a, b = loop.agvs
    send(loop, 1, 0)
    run(plant, 0.3)
    assert a.vel > 0.0 and a.pos > 5500.0
    run(plant, 1.7)
    assert a.pos == 0.0 and a.vel == 0.0 and a.via_siding
    assert loop.read("agv1_position") == 0 and loop.read("agv1_arrived")
    assert loop.read("agv1_on_siding")
    assert loop.blocks == [{7}, {1}]  # the other AGV alone in block 1
    # the first step past it puts the front in block 1 (the back still on the siding)
    send(loop, 1, 10)
    plant.step()
    assert 0.0 < a.pos < 1.0 and not loop.read("agv1_on_siding") and loop.blocks[0] == {7, 1}


def test_a_front_just_short_of_the_merge_point_reads_0_on_the_siding():
    # positions are reported to the nearest mm round the loop: 5999.6 mm reads 0, still on the siding
    plant, loop = cell(vehicle(start=5999.6, on_siding=True))
    assert loop.read("agv1_position") == 0 and loop.read("agv1_on_siding")
    assert loop.blocks_of(loop.agvs[0]) == {7}
