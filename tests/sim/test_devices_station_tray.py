"""The station tray that requests its parts one at a time (sim/devices/station_tray.py)."""

from __future__ import annotations

from sim.devices.station_tray import StationTray
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def tray_plant(gaps):
    plant = Plant(seed=1, substeps=1)
    tray = plant.add(StationTray("tray", 0, 0, 100, 100, gaps_s=gaps))
    return plant, tray


def drop(plant, n):
    plant.add(Workpiece(f"p{n}", 50, 50))


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def test_requests_come_a_gap_after_the_previous_part_and_drop_when_one_arrives():
    plant, tray = tray_plant([0.5, 1.0])
    assert not tray.read("request")
    run(plant, 0.49)
    assert not tray.read("request")
    run(plant, 0.02)
    assert tray.read("request") and tray.asked == 1
    drop(plant, 1)
    run(plant, 0.02)
    assert not tray.read("request") and len(tray.served) == 1
    run(plant, 0.97)
    assert not tray.read("request")
    run(plant, 0.03)
    assert tray.read("request")
    drop(plant, 2)
    run(plant, 5.0)
    assert not tray.read("request") and len(tray.served) == 2     # no third request scheduled


def test_a_request_can_be_up_at_power_up_and_an_unasked_part_is_logged():
    plant, tray = tray_plant([0.0, 3.0])
    assert tray.read("request")
    drop(plant, 1)
    run(plant, 0.02)
    drop(plant, 2)                     # a second part right after: nobody asked for it
    run(plant, 0.02)
    assert len(tray.served) == 1 and [k for _, k in tray.unrequested] == ["A"]
    assert tray.state()["served"] == 1 and not tray.state()["request"]


def test_a_chute_reports_its_level_as_a_word():
    from sim.devices.chute import Chute
    plant = Plant(seed=1, substeps=1)
    chute = plant.add(Chute("lane", 0, 0, 100, 100, level=2))
    assert chute.read("level") == 2
    drop(plant, 1)
    run(plant, 0.02)
    assert chute.read("level") == 3
    chute.empty()
    assert chute.read("level") == 0
