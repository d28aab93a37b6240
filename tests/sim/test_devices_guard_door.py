"""GuardDoor (lock bolt time, opening only unlocked, closed is not locked) and EnablingSwitch
(enabling only in the middle, never straight after a panic)."""

from sim.devices.guard_door import EnablingSwitch, GuardDoor
from sim.plant import Plant


def _door(**kw):
    plant = Plant(seed=1, substeps=1)
    return plant, plant.add(GuardDoor("door", x=0.0, y=0.0, lock_s=0.2, open_s=0.5, **kw))


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def test_the_bolt_takes_its_time_and_a_shut_door_is_not_yet_locked():
    plant, door = _door()
    assert door.read("closed") and not door.read("locked")
    door.write("lock", True)
    _run(plant, 0.1)
    assert door.read("closed") and not door.read("locked")        # half way in
    _run(plant, 0.11)
    assert door.read("locked")
    door.write("lock", False)
    plant.step()
    assert not door.read("locked")                                # feedback drops at once


def test_a_locked_door_opens_only_once_the_bolt_has_withdrawn():
    plant, door = _door(start_locked=True)
    door.operate(True)
    _run(plant, 0.5)
    assert door.read("closed") and door.refused == 1 and door.opened_at == []
    door.write("lock", False)
    _run(plant, 0.19)
    assert door.read("closed")                                    # bolt still partly in
    _run(plant, 0.03)
    assert not door.read("closed") and door.opened_at == [0.7]
    door.write("lock", True)                                      # cannot lock an open door
    _run(plant, 0.5)
    assert door.bolt == 0.0 and not door.read("locked")
    door.operate(False)
    _run(plant, 0.6)
    assert door.read("closed")
    _run(plant, 0.21)
    assert door.read("locked")


def test_the_enabling_switch_enables_only_in_the_middle_and_not_back_from_panic():
    sw = EnablingSwitch("enable")
    assert not sw.read("enabled")
    sw.operate(1)
    assert sw.read("enabled") and sw.read("position") == 1
    sw.operate(2)
    assert not sw.read("enabled")
    sw.operate(1)                                                 # back through the middle
    assert not sw.read("enabled")
    sw.operate(0)
    sw.operate(1)
    assert sw.read("enabled")
