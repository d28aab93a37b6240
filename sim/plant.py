"""The plant: a pymunk space plus the devices that live in it, advanced in fixed steps.

Units: millimetres, seconds, degrees. Every device offers *signals* (what its sensors
report; they become PLC inputs) and accepts *commands* (what the PLC outputs drive).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import pymunk
from pymunk._chipmunk_cffi import lib as _cp

from sim.drawing import box_size, draw_box, has_position

SCAN_MS = 10    # one PLC scan of plant time: the one place it is defined
SCAN_S = SCAN_MS / 1000
D = TypeVar("D", bound="Device")


class Device:
    """Base of every plant device.

    Subclasses list their signal and command names, keep their own state, and may add
    pymunk bodies in `attach`. `step(dt)` moves the device's own mechanics (kinematic
    actuators, travel times, sensor evaluation) before each physics substep.
    """

    kind = "device"          # its kind in the engineer's words: "conveyor", "cylinder"
    signals: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    # how it is drawn (sim.drawing): back to front by layer; panel devices on the panel strip
    layer = 3
    on_panel = False
    # Signals that read(signal) answers with one attribute as it is, and commands that
    # write(command, v) only stores in one, converted: {"pressed": "is_pressed"},
    # {"run": ("run", bool)}. The session binds such an I/O point to the attribute itself, so a
    # scan costs no call into read or write for it. Only the tables of the class whose read /
    # write the device uses count (direct_reader, direct_writer): a subclass that reads or
    # writes otherwise states its own.
    plain_signals: dict[str, str] = {}
    plain_commands: dict[str, tuple[str, type]] = {}
    # A device whose plain signals change only at moments it knows of (a host's list arriving)
    # may count those moments here (an int it increments whenever any of them may have
    # changed): the scan's I/O transfer then reads them only when the count moved. None: not
    # counted, read every scan.
    signals_version: int | None = None
    # Commands whose write acts only on a change of the value (an edge: a start, a reset) and
    # keeps nothing but the value: writing the value last written once more changes nothing, so
    # the I/O transfer calls write for them only when the PLC's output changed. As with the
    # plain tables, only the set of the class whose write the device uses counts.
    edge_commands: frozenset[str] = frozenset()

    def __init__(self, name: str):
        self.name = name
        self.plant: Plant | None = None

    def attach(self, plant: Plant) -> None:
        self.plant = plant

    def read(self, signal: str) -> Any:
        raise KeyError(f"{self.name} has no signal {signal!r}; it has {', '.join(self.signals) or 'none'}")

    def write(self, command: str, value: Any) -> None:
        raise KeyError(f"{self.name} has no command {command!r}; it has {', '.join(self.commands) or 'none'}")

    def step(self, dt: float) -> None:
        """Advance this device's own mechanics by dt seconds."""

    def state(self) -> dict[str, Any]:
        """Plain values for drawing, tracing and judging."""
        return {}

    def extent(self) -> list[tuple[float, float]]:
        """The plant points (mm) the plant view must frame to show this device (sim.drawing)."""
        s = self.state()
        if not has_position(s):
            return []
        x, y, size = float(s["x"]), float(s["y"]), box_size(s)
        return [(x - size / 2, y - size / 2), (x + size / 2, y + size / 2)]

    def draw(self, pen) -> None:
        """The device's picture (sim.drawing): a labelled box until its kind has its own."""
        s = self.state()
        if has_position(s):
            draw_box(pen, self.name, self.kind, s)


class Plant:
    """A pymunk space and its devices, stepped in fixed substeps for determinism."""

    def __init__(self, seed: int = 0, substeps: int = 2, gravity: tuple[float, float] = (0.0, 0.0)):
        self.rng = random.Random(seed)
        self.space = pymunk.Space()
        self.space.gravity = gravity  # top view by default: conveyors and tables seen from above
        self.substeps = substeps
        self.devices: dict[str, Device] = {}
        self.time = 0.0
        # Counts physics steps: a value read from the space (a part's position) stays valid
        # while the tick stands, so devices share one read per substep.
        self.tick = 0
        # the step of each device whose step does something, bound once per device list
        self._stepping: tuple[Callable[[float], None], ...] | None = None
        self._shared: dict[str, Any] = {}

    def add(self, device: Device) -> Device:
        if device.name in self.devices:
            raise ValueError(f"two devices named {device.name!r}")
        self.devices[device.name] = device
        self._stepping = None
        device.attach(self)
        return device

    def remove(self, name: str) -> Device | None:
        """Take a device out of the plant (its pymunk bodies are the device's own business)."""
        device = self.devices.pop(name, None)
        self._stepping = None
        return device

    def __getitem__(self, name: str) -> Device:
        return self.devices[name]

    def device(self, name: str, kind: type[D]) -> D:
        """The device `name`, checked to be a `kind`: judges bind their devices with it once per
        run (`plant.device("gripper", Gripper)`), and a wrong name or type says so at once."""
        found = self.devices.get(name)
        if found is None:
            raise KeyError(f"the plant has no device {name!r}; it has {', '.join(self.devices) or 'none'}")
        if not isinstance(found, kind):
            raise TypeError(f"device {name!r} is a {type(found).__name__}, not a {kind.__name__}")
        return found

    def shared(self, key: str, make: Callable[[], Any]) -> Any:
        """What the devices of this plant share under `key` (the parts and belts of its material
        flow), made by `make()` on the first call."""
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = make()
        return found

    def step(self, dt: float = SCAN_S) -> None:
        h = dt / self.substeps
        # The device list is fixed for the whole step: a part released in a substep is first
        # stepped in the next plant step, one removed is stepped to the end of this one.
        steps = self._stepping
        if steps is None:
            steps = self._stepping = tuple(d.step for d in self.devices.values() if not _idle(d))
        space = self.space
        bodies = space.bodies  # a live view: plants of kinematic devices only skip the solver
        self.tick += 1         # whatever moved parts between plant steps (a disturbance, a test)
        for _ in range(self.substeps):
            for step in steps:
                step(h)
            if bodies:
                _space_step(space, h)
                self.tick += 1
        self.time += dt


def _space_step(space: pymunk.Space, h: float) -> None:
    """space.step(h), straight into chipmunk when the wrapper has nothing else to do: no body
    added since the last step (whose mass it checks), no shape removed (kept alive until a step),
    no collision handler (whose callbacks may add, remove or schedule things during the step) and
    no post-step callback."""
    if (space._bodies_to_check or space._removed_shapes or space._handlers or space._post_step_callbacks
            or space.threaded):
        space.step(h)
    else:
        _cp.cpSpaceStep(space._space, h)


def _table(device: Device, method: str, table: str) -> dict:
    """`table` as stated by the class whose `method` the device uses ({} if it states none)."""
    for cls in type(device).__mro__:
        if method in cls.__dict__:
            return cls.__dict__.get(table, {})
    return {}


def plain_signal(device: Device, signal: str) -> str | None:
    """The attribute that device.read(signal) answers with as it is (Device.plain_signals), or None."""
    return _table(device, "read", "plain_signals").get(signal)


def direct_reader(device: Device, signal: str) -> Callable[[], Any] | None:
    """A call giving device.read(signal) straight from its attribute (Device.plain_signals), or None."""
    attr = plain_signal(device, signal)
    return None if attr is None else partial(getattr, device, attr)


_INTEGER_TYPES = {"SINT", "INT", "DINT", "LINT", "USINT", "UINT", "UDINT", "ULINT", "BYTE", "WORD", "DWORD"}


def plain_command(device: Device, command: str, io_type: str) -> str | None:
    """The attribute that device.write(command, v) only stores v in (Device.plain_commands), or None.
    Only where the I/O point's values already have the type write converts to (a BOOL point's
    bool, an integer point's int), so storing one as it is stores the same object."""
    entry = _table(device, "write", "plain_commands").get(command)
    if entry is None:
        return None
    attr, conv = entry
    if (conv is bool and io_type == "BOOL") or (conv is int and io_type in _INTEGER_TYPES):
        return attr
    return None


def edge_command(device: Device, command: str) -> bool:
    """Whether device.write(command, v) with the v last written changes nothing (Device.edge_commands)."""
    return command in _table(device, "write", "edge_commands")


def direct_writer(device: Device, command: str, io_type: str) -> Callable[[Any], None] | None:
    """A call doing device.write(command, v) straight into its attribute (plain_command), or None."""
    attr = plain_command(device, command, io_type)
    return None if attr is None else partial(setattr, device, attr)


def _idle(device: Device) -> bool:
    """A device whose step does nothing (a lamp, a push button): left out of the step loop."""
    return getattr(device.step, "__func__", None) is Device.step
