"""CarrierStop: a carrier line's stop (a sim.devices.pneumatics.Stopper) whose plate cannot rise
into a carrier, for MAT-H12.

A pallet stop's plate rises from below the conveyor's running line: while a carrier lies over
its plate line it is held down by the carrier (the valve keeps pushing; a plate caught part way
up is pressed back down) and rises into the gap as soon as that carrier's tail has passed. A
plain Stopper would instead push the carrier across the belt (in this top view a plate part way
up is a plate part way across). Once fully up it stops carriers like any stopper. Everything
else (single or double solenoid, stroke times, 'extended'/'retracted') is the Stopper's;
`held_down` is TRUE while a carrier keeps it down.

    stop = plant.add(CarrierStop.beside(belt, "stop_a", 506.0, start_extended=True))
"""

from __future__ import annotations

from typing import Any

from sim.devices.pneumatics import Stopper
from sim.devices.workpiece import material_flow


class CarrierStop(Stopper):
    kind = "stopper"
    # the end switches, kept by step as the plate moves: the session reads them every scan
    plain_signals = {"extended": "extended_switch", "retracted": "retracted_switch"}

    def __init__(self, name: str, x: float, y: float, **kw: Any):
        super().__init__(name, x, y, **kw)
        self.held_down = False
        self._flow = None
        self._switches()

    def _switches(self) -> None:
        self.extended_switch = self.position >= self.stroke
        self.retracted_switch = self.position <= 0.0

    def read(self, signal: str) -> Any:
        # the Cylinder's answer, stated here so that the session takes this class's plain_signals
        if signal == "extended":
            return self.position >= self.stroke
        if signal == "retracted":
            return self.position <= 0.0
        return super().read(signal)

    def attach(self, plant) -> None:
        super().attach(plant)
        self._flow = material_flow(plant)

    def _over_plate(self) -> bool:
        """A carrier lies across the plate's path (its line across the belt, from the rod to the
        end of stroke)."""
        vx, vy = -self.uy, self.ux
        reach = self.stroke + self.plate_depth
        half_plate = self.plate_width / 2
        tick = self.plant.tick
        for part in self._flow.parts:
            px, py = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            dx, dy = px - self.x, py - self.y
            along = dx * vx + dy * vy
            if abs(along) > half_plate + part.radius + 1e-6:
                continue            # beside the plate: no half extent reaches past the radius
            if abs(along) < half_plate + part.half_extent(vx, vy):
                across = dx * self.ux + dy * self.uy
                half = part.half_extent(self.ux, self.uy)
                if -half < across < reach + half:
                    return True
        return False

    def step(self, dt: float) -> None:
        if not self.moving and self.solenoid == "single":
            # at rest at an end with the valve that holds it there: nothing moves (the Stopper's
            # step would only note that), and an extended plate is not over any carrier's path
            coil = self.extend_coil
            if (self.position >= self.stroke) if coil else (self.position <= 0.0):
                self.held_down = False
                self.heading_out = coil
                self.jammed = False
                return
        rising = self.extend_coil if self.solenoid == "single" else (
            self.extend_coil if self.extend_coil != self.retract_coil else self.heading_out)
        self.held_down = bool(rising and self.position < self.stroke and self._over_plate())
        if not self.held_down:
            super().step(dt)
            self._switches()
            return
        # pressed down (from part way up too) and held under the carrier until it has passed
        if self.solenoid == "single":
            self.heading_out = self.extend_coil
        elif self.extend_coil != self.retract_coil:
            self.heading_out = self.extend_coil
        self.position = 0.0
        self.body.velocity = (0.0, 0.0)
        self.body.position = self._tip(0.0)
        self.moving = False
        self._switches()

    def state(self) -> dict[str, Any]:
        return {**super().state(), "held_down": self.held_down}
