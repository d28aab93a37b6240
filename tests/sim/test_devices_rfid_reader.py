"""The RFID head (sim/devices/rfid_reader.py) beside a belt, a carrier standing in its field:
read and write timing, failing reads, silent write failures found by reading back, no tag."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.rfid_reader import RFIDReader
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(*, at=400.0, carrier_at=400.0, read_fails=0, write_fails=0, read_s=0.12, write_s=0.2):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200))
    head = plant.add(RFIDReader("rfid", belt, at, read_s=read_s, write_s=write_s, tag_of=lambda p: 80,
                                read_fails=lambda p: read_fails, write_fails=lambda p: write_fails))
    plant.add(Workpiece("carrier1", *belt.point(carrier_at), width=80, length=100))
    return plant, head


def command(plant, head, what, value=None, limit_s=2.0):
    if value is not None:
        head.write("data_out", value)
    head.write(what, True)
    start = plant.time
    for _ in range(round(limit_s * 100)):
        plant.step()
        if not head.read("busy"):
            head.write(what, False)
            return round(plant.time - start, 2)
    raise AssertionError("the head stayed busy")


def test_a_read_takes_read_s_and_gives_the_tag_word():
    plant, head = cell()
    plant.step()
    assert head.read("tag_present") and not head.read("busy")
    took = command(plant, head, "read")
    assert took == pytest.approx(0.12, abs=0.011)
    assert (head.read("done"), head.read("error"), head.read("data")) == (True, False, 80)
    assert head.ops[-1][1:] == ("read", "carrier1", True, 80)


def test_the_first_reads_fail_as_scripted_then_a_retry_reads():
    plant, head = cell(read_fails=2)
    plant.step()
    for _ in range(2):
        command(plant, head, "read")
        assert head.read("error") and not head.read("done") and head.read("data") == 0
    command(plant, head, "read")
    assert head.read("done") and head.read("data") == 80


def test_a_command_edge_while_busy_is_ignored_and_done_clears_at_the_next_command():
    plant, head = cell()
    plant.step()
    command(plant, head, "read")
    head.write("read", True)
    plant.step()
    assert head.read("busy") and not head.read("done")      # the next command cleared done
    head.write("write", True)                                # ignored: the head is busy
    for _ in range(30):
        plant.step()
    assert [op[1] for op in head.ops] == ["read", "read"]


def test_a_write_changes_the_tag_and_a_torn_write_is_found_only_by_reading_back():
    plant, head = cell(write_fails=1)
    plant.step()
    assert command(plant, head, "write", 1080) == pytest.approx(0.2, abs=0.011)
    assert head.read("done") and not head.read("error")     # the head says done ...
    command(plant, head, "read")
    assert head.read("data") == 80                           # ... but the tag kept its old word
    command(plant, head, "write", 1080)
    command(plant, head, "read")
    assert head.read("data") == 1080 and head.tags["carrier1"] == 1080


def test_no_tag_in_the_field_gives_an_error():
    plant, head = cell(carrier_at=200.0)
    plant.step()
    assert not head.read("tag_present")
    command(plant, head, "read")
    assert head.read("error") and not head.read("done")
    assert head.ops[-1][2] is None


def test_the_word_written_is_the_one_on_data_out_in_the_scan_of_the_edge_in_either_order():
    plant, head = cell()
    plant.step()
    head.write("write", True)        # the edge first, the word after it, as one scan's outputs
    head.write("data_out", 1080)
    for _ in range(30):
        plant.step()
    assert head.tags["carrier1"] == 1080


def noisy_cell(noise, read_s=0.12, read_fails=0):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200))
    head = plant.add(RFIDReader("rfid", belt, 400.0, read_s=read_s, tag_of=lambda p: 80, noise=noise,
                                read_fails=lambda p: read_fails))
    plant.add(Workpiece("carrier1", *belt.point(400.0), width=80, length=100))
    plant.step()
    return plant, head


def test_every_read_overlapping_a_noise_burst_fails_and_reads_are_good_again_after_it():
    plant, head = noisy_cell(((0.3, 0.5),))           # noise from 0.3 s to 0.8 s
    command(plant, head, "read")                      # 0.01 .. 0.13 s: before the burst
    assert head.read("done") and head.read("data") == 80 and not head.noisy
    results = []
    while plant.time < 1.2:
        command(plant, head, "read")
        results.append((round(plant.time, 2), head.read("done"), head.read("error"), head.read("data")))
        plant.step()
    in_burst = [r for r in results if r[0] - 0.12 - 0.011 <= 0.8 and r[0] >= 0.3]
    after = [r for r in results if r[0] - 0.12 - 0.011 > 0.8]
    assert in_burst and all(r[1:] == (False, True, 0) for r in in_burst)
    assert after and all(r[1:] == (True, False, 80) for r in after)
    assert [ok for _, what, _, ok, _ in head.ops].count(False) == len(in_burst)


def test_a_read_that_starts_before_a_burst_and_ends_in_it_fails():
    plant, head = noisy_cell(((0.2, 1.0),), read_s=0.3)
    for _ in range(15):
        plant.step()                                  # 0.16 s: the read runs into the burst
    assert not head.noisy
    command(plant, head, "read")
    assert head.read("error") and not head.read("done")
    assert head.noisy


def test_noise_is_on_only_during_its_bursts_and_adds_to_scripted_failures():
    plant, head = noisy_cell(((0.5, 0.2), (1.0, 0.1)), read_fails=1)
    seen = []
    for _ in range(130):
        plant.step()
        seen.append((round(plant.time, 2), head.noisy))
    on = [t for t, n in seen if n]
    assert on[0] == pytest.approx(0.5, abs=0.011) and on[-1] == pytest.approx(1.1, abs=0.011)
    assert not any(0.71 < t < 0.99 for t in on)
    command(plant, head, "read")                      # after the bursts: the scripted failure first
    assert head.read("error")
    command(plant, head, "read")
    assert head.read("done") and head.read("data") == 80


def test_a_noise_burst_needs_a_positive_length():
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200))
    with pytest.raises(ValueError):
        RFIDReader("rfid", belt, 400.0, noise=((1.0, 0.0),))
