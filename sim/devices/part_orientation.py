"""How the parts of a robot cell lie: each part's angle about the vertical, which turns with the
robot's wrist while the part is held (sim.devices.robot.Robot parts are kinematic records,
sim.devices.machine.Part, with no angle of their own).

`angles` gives each part's angle (degrees, world frame: 0 = the fixture's orientation) as it lies
on the infeed; `symmetric` the part numbers whose shape repeats every 180 degrees. The wrist is any
device with a position in degrees (`pos`: an sim.devices.axis.Axis turning the gripper, its net
turn unwrapped). A part gripped with the wrist at w0 lies at angle a + (w - w0) while held; set
down, it keeps the angle it had. `placements` logs every part set down on the `fixture` place as
(time_s, part number, angle, error) where error is the angle's distance from 0 (mod 360, or mod
180 for a symmetric part), and `angle_of(part)` answers for any part. With `follow_y`, a rotary
wrist (sim.devices.rotary_axis.RotaryAxis) is drawn riding on the robot's carriage at that height.

    plant.add(PartOrientation("orientation", robot="robot", wrist="wrist", fixture="fixture",
                              angles={1: 350.0, 2: 95.0}, symmetric={2}))
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.axis import Axis
from sim.devices.machine import Part, PartPlace
from sim.devices.robot import Robot
from sim.plant import Device


def angle_error(angle: float, symmetric: bool) -> float:
    """Distance (degrees, >= 0) of an angle from the 0-degree orientation."""
    period = 180.0 if symmetric else 360.0
    m = math.fmod(angle, period)
    if m < 0.0:
        m += period
    return min(m, period - m)


class PartOrientation(Device):
    kind = "part orientation"
    layer = 7

    def __init__(self, name: str, *, robot: str, wrist: str, fixture: str, angles: dict[int, float],
                 symmetric: set[int] | frozenset[int] = frozenset(), size_mm: float = 70.0,
                 follow_y: float | None = None):
        super().__init__(name)
        self.names = (robot, wrist, fixture)
        self.angles = {int(n): float(a) for n, a in angles.items()}
        self.symmetric = frozenset(int(n) for n in symmetric)
        self.size_mm = float(size_mm)
        self.follow_y = follow_y
        self.held: Part | None = None
        self.grip_wrist = 0.0
        self.grip_angle = 0.0
        self.placements: list[tuple[float, int, float, float]] = []
        self.time = 0.0
        self._placed_seen = 0
        self.robot: Robot | None = None
        self.wrist: Axis | None = None
        self.fixture: PartPlace | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.robot = plant.device(self.names[0], Robot)
        self.wrist = plant.device(self.names[1], Axis)
        self.fixture = plant.device(self.names[2], PartPlace)

    def angle_of(self, part: Part) -> float:
        if part is self.held:
            return self.grip_angle + (self.wrist.pos - self.grip_wrist)
        return self.angles.get(part.number, 0.0)

    def error_of(self, part: Part) -> float:
        return angle_error(self.angle_of(part), part.number in self.symmetric)

    def step(self, dt: float) -> None:
        self.time += dt
        if self.follow_y is not None and hasattr(self.wrist, "center"):
            self.wrist.center = (self.robot.x, float(self.follow_y))   # the wrist rides on the carriage
        held = self.robot.held
        if held is not self.held:
            if self.held is not None:             # let go: it keeps the angle it had
                self.angles[self.held.number] = self.grip_angle + (self.wrist.pos - self.grip_wrist)
            self.held = held
            if held is not None:
                self.grip_wrist = self.wrist.pos
                self.grip_angle = self.angles.get(held.number, 0.0)
        delivered = self.fixture.delivered
        while self._placed_seen < len(delivered):
            _, part = delivered[self._placed_seen]
            self._placed_seen += 1
            a = self.angles.get(part.number, 0.0)
            self.placements.append((round(self.time, 3), part.number, a,
                                    angle_error(a, part.number in self.symmetric)))

    # -- drawing: every part as a plate with a notch at its 0-degree edge ------------------
    def state(self) -> dict[str, Any]:
        r = self.robot
        return {"x": r.x, "y": r.y, "held": None if self.held is None else self.held.number}

    def extent(self) -> list[tuple[float, float]]:
        return self.robot.extent()          # the parts lie within the robot's reach

    def _plate(self, pen, part: Part, x: float, y: float) -> list:
        a = self.angle_of(part)
        s = self.size_mm
        length = s * (1.6 if part.number in self.symmetric else 1.3)
        pts = pen.rect_rotated(x, y, length, s * 0.7, a, pen.rgb(part.colour))
        rad = math.radians(a)
        if part.number not in self.symmetric:      # the notch shows which end is which
            pen.circle(x + math.cos(rad) * length * 0.38, y + math.sin(rad) * length * 0.38, 8.0, "TEXT_DARK")
        return pts

    def draw(self, pen) -> None:
        shapes = []
        for dev in self.plant.devices.values():
            if isinstance(dev, PartPlace):
                for part in dev.parts:
                    shapes += self._plate(pen, part, dev.x, dev.y)
        if self.held is not None:
            shapes += self._plate(pen, self.held, self.robot.x, self.robot.y)
            pen.label(f"{self.error_of(self.held):.1f} deg off", self.robot.x + 60, self.robot.y + 40)
        pen.hot(self.name, self.kind, shapes or pen.rect_rotated(self.robot.x, self.robot.y, 10, 10, 0.0,
                                                                 "UNLIT"))
