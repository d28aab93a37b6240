"""The barcode scanner (sim/devices/barcode_scanner.py) over a belt, alone in a small plant:
its trigger eye, the result after the trailing edge, no-reads, and the reads counter."""

from __future__ import annotations

import pytest

from sim.devices.barcode_scanner import BarcodeScanner
from sim.devices.conveyor import Conveyor
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(labels, *, decode_s=0.05, no_read_rate=0.0, speed=200.0, lengths=None, gap=100.0):
    plant = Plant(seed=3, substeps=1)
    belt = plant.add(Conveyor("belt", 1000, 0, length=2000, width=100, speed=speed))
    belt.run, belt.velocity = True, speed          # running at power-up: items ride at its speed
    belt.surface_vx = speed
    scanner = plant.add(BarcodeScanner("scanner", belt, 1300, decode_s=decode_s, no_read_rate=no_read_rate,
                                       label_of=lambda part: labels[part.name]))
    lengths = lengths or [80.0] * len(labels)
    front = 1250.0
    for n, length in enumerate(lengths):
        item = plant.add(Workpiece(f"item{n}", *belt.point(front - length / 2), width=60, length=length))
        item.body.velocity = (speed, 0.0)
        front -= length + gap
    return plant, scanner


def run_until(plant, when, limit_s=10.0):
    for _ in range(round(limit_s * 100)):
        plant.step()
        if when():
            return round(plant.time, 2)
    raise AssertionError("never happened")


def test_the_gate_is_blocked_for_the_item_and_the_result_comes_decode_s_after_it_left():
    plant, scanner = cell({"item0": 7}, decode_s=0.1, speed=200.0)
    entered = run_until(plant, lambda: scanner.read("present"))
    assert entered == pytest.approx(50 / 200, abs=0.03)             # its leading edge 50 mm short
    assert not scanner.read("good_read") and scanner.read("code") == 0   # no result while reading
    left = run_until(plant, lambda: not scanner.read("present"))
    assert left - entered == pytest.approx(80 / 200, abs=0.02)      # an 80 mm item at 200 mm/s
    posted = run_until(plant, lambda: scanner.read("good_read"))
    assert posted - left == pytest.approx(0.1, abs=0.011)
    assert (scanner.read("code"), scanner.read("no_read"), scanner.read("reads")) == (7, False, 1)
    assert scanner.results == [(pytest.approx(posted), "item0", 7)]


def test_an_unreadable_label_gives_no_read_and_code_0_and_the_next_item_clears_the_result():
    plant, scanner = cell({"item0": None, "item1": 4}, decode_s=0.0)
    run_until(plant, lambda: scanner.read("reads") == 1)
    assert scanner.read("no_read") and not scanner.read("good_read") and scanner.read("code") == 0
    run_until(plant, lambda: scanner.read("present"))
    assert not scanner.read("no_read")                              # withdrawn as item1 enters
    run_until(plant, lambda: scanner.read("reads") == 2)
    assert scanner.read("good_read") and scanner.read("code") == 4
    assert [(name, code) for _, name, code in scanner.results] == [("item0", None), ("item1", 4)]


def test_a_result_still_decoding_when_the_next_item_enters_is_posted_and_counted():
    # a 20 mm gap at 400 mm/s is 0.05 s: shorter than the 0.1 s decode time
    plant, scanner = cell({"item0": 2, "item1": 3}, decode_s=0.1, speed=400.0, gap=20.0)
    run_until(plant, lambda: scanner.read("reads") == 2)
    assert [code for _, _, code in scanner.results] == [2, 3]


def test_the_no_read_rate_misses_readable_labels_from_the_plants_random_stream():
    labels = {f"item{n}": 1 for n in range(8)}
    first = cell(labels, decode_s=0.0, no_read_rate=0.5, gap=40.0)
    second = cell(labels, decode_s=0.0, no_read_rate=0.5, gap=40.0)
    for plant, scanner in (first, second):
        run_until(plant, lambda s=scanner: s.read("reads") == 8, limit_s=20.0)
    codes = [code for _, _, code in first[1].results]
    assert None in codes and 1 in codes
    assert codes == [code for _, _, code in second[1].results]      # same seed, same misses


def test_the_reads_counter_wraps_as_a_16_bit_counter():
    plant, scanner = cell({"item0": 1})
    scanner.reads = 32767
    run_until(plant, lambda: scanner.results != [])
    assert scanner.read("reads") == -32768
