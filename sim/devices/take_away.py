"""A take-away machine that drives the belt feeding it: the belt runs only while it is ready.

A sim.devices.downstream.Downstream (the intake rectangle, `ready_at_s`, `busy_s` per part,
`received`) that also switches its infeed belt (a sim.devices.conveyor.Conveyor): the belt
runs while the machine is ready and stops while it is busy, so the parts on it queue where
they lie until the machine can take the next one. The PLC upstream does not run that belt; it
sees its parts queue (a photo-eye) and its running feedback.

    plant.add(TakeAway("take_away", belt="outfeed", x0=2250, y0=150, x1=2600, y1=850,
                       ready_at_s=4.0, busy_s=(6.0, 2.0, 9.0)))
"""

from __future__ import annotations

from sim.devices.conveyor import Conveyor
from sim.devices.downstream import Downstream


class TakeAway(Downstream):
    kind = "take_away"

    def __init__(self, name: str, *, belt: str, x0: float, y0: float, x1: float, y1: float,
                 ready_at_s: float = 0.0, busy_s: tuple[float, ...] = (), label: str = ""):
        super().__init__(name, x0, y0, x1, y1, ready_at_s=ready_at_s, busy_s=busy_s, label=label)
        self.belt_name = belt
        self.belt: Conveyor | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.belt = plant.device(self.belt_name, Conveyor)

    def step(self, dt: float) -> None:
        super().step(dt)
        self.belt.write("run", self.ready)
