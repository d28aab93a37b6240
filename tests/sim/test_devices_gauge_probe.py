"""The gauge probe (sim/devices/gauge_probe.py) over a part on a belt: travel times, landing on
the part, the ringing that settles by ringing_s, the noise band, no part, lifting off."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.gauge_probe import GaugeProbe
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(*, part_at=400.0, ringing_s=0.3, noise_um=2.0, stroke_s=0.2):
    plant = Plant(seed=5, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200))
    probe = plant.add(GaugeProbe("probe", belt, 400, stroke_s=stroke_s, ringing_s=ringing_s,
                                 noise_um=noise_um, size_of=lambda part: 20012.0))
    plant.add(Workpiece("part1", *belt.point(part_at), width=50, length=50))
    return plant, probe


def lower(plant, probe):
    probe.write("lower", True)
    for n in range(1, 200):
        plant.step()
        if probe.read("down"):
            return round(n * 0.01, 2)
    raise AssertionError("never down")


def test_it_lands_after_its_stroke_and_reads_the_size_once_the_ringing_has_settled():
    plant, probe = cell()
    assert probe.read("up") and probe.read("value") == 0
    assert lower(plant, probe) == pytest.approx(0.2, abs=0.011)
    assert probe.landings == [(pytest.approx(0.2, abs=0.011), "part1")]
    early = [probe.read("value")]
    for _ in range(5):
        plant.step()
        early.append(probe.read("value"))
    assert max(early) - min(early) > 10                      # ringing right after touch-down
    for _ in range(30):                                       # past ringing_s
        plant.step()
    late = []
    for _ in range(20):
        plant.step()
        late.append(probe.read("value"))
    assert all(abs(v - 20012) <= 2 for v in late)             # noise 2 um p-p, rounded
    assert max(late) - min(late) <= 3


def test_a_longer_ringing_is_still_ringing_where_a_short_one_has_settled():
    spread = {}
    for ringing in (0.1, 0.5):
        plant, probe = cell(ringing_s=ringing, noise_um=0.0)
        lower(plant, probe)
        values = []
        for n in range(20):
            plant.step()
            if n >= 15:
                values.append(probe.read("value"))
        spread[ringing] = max(values) - min(values)
    assert spread[0.1] <= 1 and spread[0.5] > 5


def test_with_no_part_under_it_the_probe_reaches_its_bottom_and_reads_0_and_0_again_when_lifted():
    plant, probe = cell(part_at=200.0)
    lower(plant, probe)
    assert probe.read("value") == 0 and probe.touching is None and probe.landings == []
    plant2, probe2 = cell()
    lower(plant2, probe2)
    probe2.write("lower", False)
    plant2.step()
    assert not probe2.read("down") and probe2.read("value") == 0
    for _ in range(25):
        plant2.step()
    assert probe2.read("up")


def test_the_first_sample_after_touch_down_is_far_above_the_size():
    plant, probe = cell(ringing_s=0.2, noise_um=0.0)
    lower(plant, probe)
    assert probe.read("value") - 20012 > 30                  # the ringing's first peak
