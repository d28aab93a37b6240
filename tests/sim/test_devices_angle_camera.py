"""AngleCamera: a read takes read_s after the trigger edge, gives the part's angle and shape,
fails as many times as scripted, and its result goes with the part."""

from sim.devices.angle_camera import AngleCamera
from sim.devices.machine import Part, PartPlace
from sim.devices.part_orientation import PartOrientation
from sim.devices.robot import Robot, Station
from sim.devices.rotary_axis import RotaryAxis
from sim.plant import Plant


def _cell(fails=None):
    plant = Plant(seed=1, substeps=1)
    infeed = plant.add(PartPlace("infeed", 0.0, -250.0, supply=[(0.0, Part(1)), (0.0, Part(2))],
                                 refill_s=0.1))
    fixture = plant.add(PartPlace("fixture", 500.0, -250.0))
    stations = [Station(2, "infeed", 0.0, -250.0, infeed), Station(4, "fixture", 500.0, -250.0, fixture)]
    plant.add(Robot("robot", stations, lane_y=0.0, start_station=4))
    plant.add(RotaryAxis("wrist"))
    plant.add(PartOrientation("orientation", robot="robot", wrist="wrist", fixture="fixture",
                              angles={1: 359.96, 2: 95.5}, symmetric={2}))
    cam = plant.add(AngleCamera("camera", place="infeed", orientation="orientation", fails=fails or {},
                                read_s=0.2))
    plant.step()
    return plant, infeed, cam


def _trigger(plant, cam):
    cam.write("trigger", True)
    plant.step()
    cam.write("trigger", False)


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def test_a_read_takes_read_s_and_gives_the_angle_in_tenths_wrapped_below_3600():
    plant, infeed, cam = _cell()
    _trigger(plant, cam)
    assert cam.read("busy") and not cam.read("result_valid")
    _run(plant, 0.18)
    assert not cam.read("result_valid")
    _run(plant, 0.02)
    assert cam.read("result_valid") and cam.read("angle") == 0 and not cam.read("symmetric")


def test_scripted_failures_then_a_good_read_and_the_result_leaves_with_the_part():
    plant, infeed, cam = _cell(fails={1: 1})
    _trigger(plant, cam)
    _run(plant, 0.2)
    assert cam.read("read_failed") and not cam.read("result_valid") and cam.read("angle") == 0
    _trigger(plant, cam)
    assert not cam.read("read_failed")                 # cleared by the new trigger
    _run(plant, 0.2)
    assert cam.read("result_valid") and [ok for _, _, ok in cam.reads] == [False, True]
    infeed.take()
    plant.step()
    assert not cam.read("result_valid") and not cam.read("read_failed")
    _run(plant, 0.2)
    _trigger(plant, cam)
    _run(plant, 0.2)
    assert cam.read("angle") == 955 and cam.read("symmetric")
