"""ForceAxis alone: contact spring, the force limit stalling the ram within the step, the lagged
force signal."""

from __future__ import annotations

import pytest

from sim.devices.axis import to_word
from sim.devices.force_axis import ForceAxis
from sim.plant import Plant

SCAN = 0.01


def make(**kw) -> tuple[Plant, ForceAxis]:
    plant = Plant(seed=1, substeps=1)
    kw.setdefault("start_mm", 95.0)
    kw.setdefault("contact_mm", 100.0)
    ram = plant.add(ForceAxis("ram", limit_plus_mm=150.0, **kw))
    ram.write("enable", True)
    return plant, ram


def press(ram, target_mm, speed, limit_n=0):
    ram.write("force_limit", limit_n)
    ram.write("target", to_word(target_mm))
    ram.write("speed", speed)
    ram.write("start", False)
    ram.write("start", True)


def test_no_force_above_the_part_and_spring_force_below_contact():
    plant, ram = make(stiffness=20000.0)
    assert ram.read("force") == 0
    press(ram, 100.3, 5)
    for _ in range(300):
        plant.step(SCAN)
    assert ram.pos == pytest.approx(100.3)
    assert ram.read("force") == 6000 and not ram.read("at_force_limit")


def test_the_force_limit_stalls_the_ram_exactly_at_the_limit_within_a_step():
    plant, ram = make(stiffness=60000.0)
    press(ram, 110.0, 5, limit_n=4000)
    forces = []
    for _ in range(300):
        plant.step(SCAN)
        forces.append(ram.force_n)
    # at 5 mm/s a 60 kN/mm part gains 3 kN per step: without the limit it would jump past 4 kN
    assert max(forces) == pytest.approx(4000.0)
    assert ram.read("at_force_limit") and ram.read("busy") and not ram.read("in_position")
    assert ram.pos == pytest.approx(100.0 + 4000.0 / 60000.0)


def test_without_a_limit_a_stiff_part_overshoots_between_scans():
    plant, ram = make(stiffness=60000.0)
    press(ram, 110.0, 5)
    readings = []
    for _ in range(200):
        plant.step(SCAN)
        readings.append(ram.read("force"))
        if ram.read("force") >= 4000:
            break
    assert readings[-1] >= 4000 and readings[-1] - readings[-2] >= 2900


def test_the_force_signal_lags_the_true_force():
    plant, ram = make(stiffness=10000.0, force_lag_s=0.02, start_mm=100.0)
    press(ram, 100.5, 50, limit_n=5000)
    for _ in range(3):
        plant.step(SCAN)
    assert ram.force_n > ram.read("force") > 0
    for _ in range(50):
        plant.step(SCAN)
    assert ram.read("force") == pytest.approx(ram.force_n, abs=1)


def test_retracting_from_the_stall_releases_the_part():
    plant, ram = make(stiffness=20000.0)
    press(ram, 110.0, 5, limit_n=3000)
    for _ in range(200):
        plant.step(SCAN)
    assert ram.force_n == pytest.approx(3000.0)
    press(ram, 90.0, 5, limit_n=3000)
    for _ in range(10):
        plant.step(SCAN)
    assert not ram.read("at_force_limit") and ram.force_n < 3000.0
    for _ in range(100):
        plant.step(SCAN)
    assert ram.force_n == 0.0 and not ram.in_contact


def test_a_limit_of_zero_means_the_drives_maximum():
    _, ram = make(max_force_n=30000.0)
    ram.write("force_limit", 0)
    assert ram.force_limit_n == 30000.0
    ram.write("force_limit", 50000)
    assert ram.force_limit_n == 30000.0
