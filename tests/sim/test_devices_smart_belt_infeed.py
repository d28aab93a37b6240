"""SmartBeltInfeed: products riding accumulation, metering and phasing belts (held back by the one
ahead), the eyes, the landing in a pocket with its offset and speed, a pocket already taken, the
flight sensor's latch of the chain count, the check eye over pocketed products."""

from __future__ import annotations

from sim.devices.belt_encoder import BeltEncoder, wrap16
from sim.devices.smart_belt_infeed import SmartBeltInfeed
from sim.devices.sync_axis import SyncAxis
from sim.plant import Plant

DT = 0.01


def make(start=0, **kw):
    plant = Plant(seed=1, substeps=1)
    a1 = plant.add(SyncAxis("p1", accel=6000.0, words_per_mm=100.0))
    a2 = plant.add(SyncAxis("p2", accel=6000.0, words_per_mm=100.0))
    opts = {"arrivals1": [], "arrivals2": [], "chain_speed": 0.0, **kw}
    dev = plant.add(SmartBeltInfeed("infeed", a1, a2, **opts))
    dev.encoder = plant.add(BeltEncoder("enc", dev, counts_per_mm=10.0, start_count=start))
    return plant, dev, a1, a2


def run(plant, seconds):
    for _ in range(round(seconds / DT)):
        plant.step(DT)


def drive(plant, axis, speed, seconds):
    """Write the setpoint every scan, ramping to `speed` (mm/s) at 2 m/s^2 (0.01 mm words)."""
    v = axis.vel
    for _ in range(round(seconds / DT)):
        v = min(speed, v + 20.0) if speed >= v else max(speed, v - 20.0)
        axis.write("setpoint", wrap16(axis.word + round(v)))
        plant.step(DT)


def test_products_queue_on_the_accumulation_belt_behind_a_stopped_metering_belt():
    plant, dev, _, _ = make(arrivals1=[(0.0, 100.0), (0.0, 100.0), (0.0, 150.0)])
    run(plant, 8.0)
    centres = [p[1] for p in dev.lanes[0].products]
    assert len(centres) == 3
    assert 1500.0 <= centres[0] <= 1510.0  # pushed just onto the stopped metering belt
    assert abs((centres[0] - 50.0) - (centres[1] + 50.0)) < 1e-6  # the next one against it
    assert abs((centres[1] - 50.0) - (centres[2] + 75.0)) < 1e-6
    assert not dev.read("gap1") and not dev.read("full1")


def test_the_lane_full_eye_sees_a_queue_backing_up_to_it():
    plant, dev, _, _ = make(arrivals1=[(0.1 * i, 200.0) for i in range(9)], full_mm=700.0)
    run(plant, 1.5)
    assert not dev.read("full1")  # the first front at 650 mm
    run(plant, 11.5)
    assert [round(p[1]) for p in dev.lanes[0].products] == [1501, 1301, 1101, 901, 701, 501, 301, 101]
    assert dev.read("full1") and dev.lanes[0].next == 8  # the ninth waits upstream: the entry is taken


def test_metering_moves_a_product_onto_the_phasing_belt_and_the_axis_carries_it():
    plant, dev, a1, _ = make(arrivals1=[(0.0, 120.0)])
    run(plant, 6.0)
    dev.write("meter1", True)
    run(plant, 1.0)  # centre crosses 1900: stops on the still belt
    c = dev.lanes[0].products[0][1]
    assert 1900.0 <= c <= 1905.0 and dev.read("gap1")
    dev.write("meter1", False)
    a1.write("enable", True)
    run(plant, 0.05)
    start = a1.pos
    drive(plant, a1, 500.0, 0.6)
    drive(plant, a1, 0.0, 0.5)
    moved = dev.lanes[0].products[0][1] - c
    assert abs(moved - (a1.pos - start)) < 1e-6  # it rides the phasing belt exactly
    assert dev.read("eye1")  # its front past 2150 mm


def test_a_product_lands_in_its_pocket_with_its_offset_speed_and_a_taken_pocket_flagged():
    plant, dev, a1, _ = make(
        chain_speed=300.0, pitch=250.0, phase_mm=0.0, prefilled=[-20], on_phasing=((3000.0, 100.0), None)
    )
    a1.write("enable", True)
    plant.step(DT)
    drive(plant, a1, 300.0, 0.2)
    assert not dev.landed
    drive(plant, a1, 300.0, 0.4)
    assert len(dev.landed) == 1
    e = dev.landed[0]
    n, off = e["pocket"], e["offset"]
    assert abs(e["speed"] - 300.0) < 1.0 and e["chain"] == 300.0
    # the pocket's centre was within half a pitch of the landing point
    assert -125.0 <= off < 125.0 and not e["taken"]
    assert dev.occupied(n) and dev.occupied(-20) and not dev.occupied(n + 1)


def test_the_flight_sensor_latches_the_chain_count_at_each_flight():
    plant, dev, _, _ = make(chain_speed=500.0, pitch=250.0, phase_mm=40.0, flight_mm=300.0, start=32000)
    run(plant, 0.8)  # flight 1 at 290 mm: reaches 300 after 10 mm of travel; flight 0 after 260
    assert dev.read("flights") == 2
    assert dev.read("flight_count") == wrap16(32000 + 2600)  # flight 0 at 300 mm after 260 mm
    assert dev.encoder.count == wrap16(32000 + dev.encoder.total_counts - 32000)


def test_the_check_eye_sees_a_product_in_a_pocket_passing_it():
    plant, dev, _, _ = make(chain_speed=400.0, pitch=250.0, phase_mm=0.0, check_mm=450.0, prefilled=[-1])
    # pocket -1's centre at -125 mm: at the check eye after 575 mm of travel (1.44 s)
    run(plant, 1.2)
    assert not dev.read("check")
    run(plant, 0.3)
    assert dev.read("check")
    run(plant, 0.6)
    assert not dev.read("check")
