"""The load cell of a lift car: a weight word (kg) that changes only while people load the car.

Goods go in and out of a lift car only while its door stands open, so the word cannot follow
a clock (a scheduled word would change while the car travels). `CarLoad` counts the openings
of the car door it watches (`door`: a sim.devices.pneumatics.Cylinder, open = extended): on
its n-th opening (counting from 1) the load becomes `loads[n-1]` kg `change_s` after the door
reached fully open (if the door is still open then). `overload` = (stop, kg, seconds): on that
opening the load first goes to `kg` (more than the car may carry) for `seconds`, then to that
stop's own load. Openings beyond the table keep the last load.

    load = plant.add(CarLoad("load", door="car_door", start_kg=200, loads=(450, 80, 300),
                             overload=(2, 1250, 6.0)))
    load.read("value")          # kg on the car now
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim.devices.axis import ValueWord
from sim.devices.pneumatics import Cylinder


class CarLoad(ValueWord):
    """Signal 'value': the weight on the car in kg. `openings` counts the door's openings so
    far; `overloaded` is TRUE while the load is above `rated_kg`."""

    kind = "load cell"

    def __init__(self, name: str, *, door: str, start_kg: int = 0, loads: Sequence[int] = (),
                 overload: tuple[int, int, float] | None = None, change_s: float = 1.0,
                 rated_kg: int = 1000, position: tuple[float, float] = (0.0, 0.0), label: str = ""):
        super().__init__(name, int(start_kg), position=position, label=label or "car load", units="kg")
        if change_s < 0:
            raise ValueError(f"{name}: change_s must not be negative")
        self.door_name = door
        self.loads = tuple(int(v) for v in loads)
        self.overload = overload
        self.change_s = float(change_s)
        self.rated_kg = int(rated_kg)
        self.openings = 0
        self.open_for = 0.0          # how long the door has stood fully open this time
        self.overloaded_for = 0.0    # how long the present overload has lasted
        self._phase = "closed"       # closed -> waiting -> (overload) -> loaded
        self.door: Cylinder | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.door = plant.device(self.door_name, Cylinder)

    @property
    def overloaded(self) -> bool:
        return self.value > self.rated_kg

    def _stop_load(self) -> int:
        if not self.loads:
            return self.value
        return self.loads[min(self.openings, len(self.loads)) - 1]

    def step(self, dt: float) -> None:
        door = self.door
        fully_open = door is not None and door.position >= door.stroke
        if not fully_open:
            if door is not None and door.position <= 0.0:
                self._phase = "closed"       # the next time it opens is a new opening
            if self._phase == "waiting":
                self._phase = "closed_early"  # shut again before anyone loaded: nothing changes
            return
        if self._phase in ("closed", "closed_early"):
            if self._phase == "closed":
                self.openings += 1
            self._phase, self.open_for = "waiting", 0.0
        self.open_for += dt
        over = self.overload
        if self._phase == "waiting" and self.open_for >= self.change_s - 1e-9:
            if over is not None and over[0] == self.openings:
                self.value, self._phase, self.overloaded_for = int(over[1]), "overload", 0.0
            else:
                self.value, self._phase = self._stop_load(), "loaded"
        elif self._phase == "overload":
            self.overloaded_for += dt
            if self.overloaded_for >= over[2] - 1e-9:
                self.value, self._phase = self._stop_load(), "loaded"

    def state(self) -> dict[str, Any]:
        out = super().state()
        if self.overloaded:
            out["label"] = f"{self.label}: OVERLOAD (rated {self.rated_kg} kg)"
        return out
