"""Camera and PositionCompare alone: the compare fires at the crossing within the step, in
either direction, once per arming; reloading the position re-arms; the camera's readout, its
overruns and the software trigger's scan-late image."""

from __future__ import annotations

from sim.devices.axis import Axis, to_word
from sim.devices.camera import Camera
from sim.devices.position_compare import PositionCompare
from sim.plant import Plant


def make(readout_s=0.03, speed=400.0):
    plant = Plant(seed=1, substeps=1)
    x = plant.add(Axis("x", max_speed=speed, accel=20000.0, limit_plus_mm=1000.0))
    plant.add(Axis("y"))
    cam = plant.add(Camera("camera", x="x", y="y", readout_s=readout_s))
    cmp = plant.add(PositionCompare("cmp", axis="x", target="camera"))
    x.write("enable", True)
    return plant, x, cam, cmp


def move(x, mm):
    x.write("target", to_word(mm))
    x.write("start", False)
    x.write("start", True)


def test_the_compare_images_exactly_at_its_position_though_a_scan_moves_4_mm():
    plant, x, cam, cmp = make()
    cmp.write("position", 1003)
    cmp.write("arm", True)
    move(x, 300.0)
    for _ in range(30):
        plant.step()
    assert cmp.fired == [100.3] and [round(s[0], 6) for s in cam.shots] == [100.3]
    assert cmp.read("done") and not cmp.read("armed") and cam.read("images") == 1


def test_a_new_position_while_arm_is_true_rearms_and_a_busy_camera_overruns():
    plant, x, cam, cmp = make(readout_s=0.05)
    cmp.write("position", 500)
    cmp.write("arm", True)
    move(x, 300.0)
    for _ in range(20):
        plant.step()
        if cmp.read("done") and cmp.compare_word < 1500:
            cmp.write("position", cmp.compare_word + 100)    # 10 mm on: 25 ms at 400 mm/s
    assert cam.shots and cam.overruns                          # 10 mm per 25 ms < 50 ms readout
    t = [s[2] for s in cam.shots]
    assert all(b - a >= 0.05 - 1e-6 for a, b in zip(t, t[1:], strict=False))


def test_the_compare_fires_moving_back_and_only_once_per_arming():
    plant, x, cam, cmp = make()
    x.pos = 200.0
    cmp.write("position", 1500)
    cmp.write("arm", True)
    move(x, 100.0)
    for _ in range(60):
        plant.step()
    move(x, 200.0)
    for _ in range(60):
        plant.step()
    assert cmp.fired == [150.0] and len(cam.shots) == 1


def test_the_software_trigger_images_where_the_scan_finds_the_axis_and_busy_lasts_the_readout():
    plant, x, cam, cmp = make(readout_s=0.03)
    move(x, 300.0)
    for _ in range(10):
        plant.step()
    cam.write("trigger", True)
    plant.step()
    assert len(cam.shots) == 1 and abs(cam.shots[0][0] - x.pos) < 1e-9 and cam.read("busy")
    plant.step()
    plant.step()
    assert cam.read("busy") and not cam.read("ready")
    plant.step()
    assert not cam.read("busy") and cam.read("ready")
