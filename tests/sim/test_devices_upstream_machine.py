"""UpstreamMachine: hands over only while the belt reports running and no Stop since Start."""

from sim.devices.panel import PushButton, StopButton
from sim.devices.proved_conveyor import ProvedConveyor
from sim.devices.upstream_machine import UpstreamMachine
from sim.plant import Plant


def test_handing_over_follows_the_belt_feedback_and_ends_at_stop_until_the_next_start():
    plant = Plant(seed=1)
    belt = plant.add(ProvedConveyor("B1", 300, 0, length=600, feedback_s=0.1))
    start = plant.add(PushButton("start_button"))
    stop = plant.add(StopButton("stop_button"))
    up = plant.add(UpstreamMachine("up", -100, 0, belt="B1", start="start_button", stop="stop_button"))
    assert not up.read("handing_over")                    # belt not running
    belt.write("run", True)
    for _ in range(12):
        plant.step(0.01)
    assert up.read("handing_over")
    stop.operate(True)
    plant.step(0.01)
    stop.operate(False)
    plant.step(0.01)
    assert belt.read("running") and not up.read("handing_over")   # its lot ended at the Stop
    start.operate(True)
    plant.step(0.01)
    assert up.read("handing_over")
