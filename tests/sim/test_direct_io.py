"""I/O points bound straight to a device attribute (Device.plain_signals / plain_commands) read
and write exactly what the device's own read and write do."""

from __future__ import annotations

import pytest

import tasks
from sim.devices.conveyor import Conveyor
from sim.plant import direct_reader, direct_writer

TASKS = tasks.all_tasks()


def _plain(device) -> dict:
    """The device's attributes that hold plain values (what a command sets, among others)."""
    return {k: v for k, v in vars(device).items() if isinstance(v, bool | int | float | str)}


def test_a_subclass_that_writes_otherwise_keeps_its_own_write():
    class CountingBelt(Conveyor):
        def write(self, command, value):
            self.writes = getattr(self, "writes", 0) + 1
            super().write(command, value)

    assert direct_writer(Conveyor("belt", 0, 0), "run", "BOOL") is not None
    assert direct_writer(CountingBelt("belt", 0, 0), "run", "BOOL") is None


def test_a_command_is_bound_straight_only_where_the_point_brings_the_type_write_converts_to():
    belt = Conveyor("belt", 0, 0)
    assert direct_writer(belt, "run", "BOOL") is not None
    assert direct_writer(belt, "run", "INT") is None        # write would make a bool of the int
    assert direct_writer(belt, "speed", "INT") is None      # not a plain command of a belt


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_every_direct_point_reads_and_writes_as_the_device_does(task):
    plant = task.build_plant(task.conditions[0])
    twin = task.build_plant(task.conditions[0])     # the same plant, written through write()
    for _ in range(30):
        plant.step()
        twin.step()
    for p in task.io:
        dev, other = plant.devices[p.device], twin.devices[p.device]
        if p.direction == "input":
            read = direct_reader(dev, p.signal)
            if read is not None:
                assert read() == dev.read(p.signal) and type(read()) is type(dev.read(p.signal)), p.name
        else:
            write = direct_writer(dev, p.signal, p.type)
            if write is not None:
                value = True if p.type == "BOOL" else 7
                write(value)
                other.write(p.signal, value)
                assert _plain(dev) == _plain(other), p.name
