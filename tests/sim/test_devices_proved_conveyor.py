"""ProvedConveyor: the running feedback late by feedback_s, the overload relay's NC contact."""

from sim.devices.proved_conveyor import ProvedConveyor
from sim.plant import Plant


def _belt(**kw):
    plant = Plant(seed=1)
    return plant, plant.add(ProvedConveyor("B1", 300, 0, length=600, speed=200, **kw))


def _run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_running_is_proved_feedback_s_after_the_command_and_drops_at_once():
    plant, belt = _belt(feedback_s=0.3)
    belt.write("run", True)
    _run(plant, 0.25)
    assert not belt.read("running") and belt.velocity > 0.0      # moving, not yet proved
    _run(plant, 0.06)
    assert belt.read("running")
    belt.write("run", False)
    assert not belt.read("running")


def test_an_overload_stops_the_motor_until_reset_and_a_fresh_command():
    plant, belt = _belt(feedback_s=0.1, ramp_s=0.05)
    belt.write("run", True)
    _run(plant, 0.2)
    assert belt.read("overload_ok") and belt.read("running")
    belt.trip()
    assert not belt.read("overload_ok") and not belt.read("running")
    _run(plant, 0.1)
    assert belt.velocity == 0.0 and belt.trips == 1
    belt.write("run", False)
    belt.reset_overload()
    assert belt.read("overload_ok")
    _run(plant, 0.2)
    assert belt.velocity == 0.0                                    # no restart without a command
    belt.write("run", True)
    _run(plant, 0.05)
    assert not belt.read("running")                                # the feedback clock restarted
    _run(plant, 0.06)
    assert belt.read("running")
