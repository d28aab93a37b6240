"""Bulk doser: a hopper with a coarse and a fine feed valve over a container.

Commands `coarse`, `fine` (valves, TRUE open): material leaves at `coarse_gs` or `fine_gs`
(both open: the sum) and lands in the container under it (a device with `add(grams)`, a Carton)
`fall_s` after it left. The fine valve dribbles on after it closes: the material left in its
chute runs out over `dribble_s`, dying away linearly, so that `afterflow_g` more falls
(reopening it ends the dribble). Signal `empty` (TRUE once the hopper's `hopper_g` is used
up). With `refill_s`, an operator refills a dry hopper with `refill_g` that long after it ran dry
(logged in `refills`). `in_flight_g()` is what
is still to land: in the air and still to dribble out. Units: grams, seconds, millimetres.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from sim.plant import Device

BULK_COLOUR = "#b08a55"   # granules in the hopper and on their way down


class BulkDoser(Device):
    kind = "bulk_doser"
    layer = 4
    signals = ("empty",)
    commands = ("coarse", "fine")
    plain_commands = {"coarse": ("coarse", bool), "fine": ("fine", bool)}   # valves: stored as they are

    def __init__(self, name: str, x: float, y: float, *, into: str, coarse_gs: float = 100.0,
                 fine_gs: float = 3.0, afterflow_g: float = 3.0, fall_s: float = 0.1, dribble_s: float = 1.0,
                 hopper_g: float = 1.0e9, drop_mm: float = 190.0, refill_s: float | None = None,
                 refill_g: float = 1.0e9):
        super().__init__(name)
        if coarse_gs <= 0 or fine_gs <= 0 or afterflow_g < 0 or fall_s < 0:
            raise ValueError(f"bulk doser {name!r}: flows must be positive, fall times not negative")
        self.x, self.y = float(x), float(y)
        self.into_name = into
        self.coarse_gs, self.fine_gs = float(coarse_gs), float(fine_gs)
        self.fall_s = float(fall_s)
        self.afterflow_g = float(afterflow_g)
        self.dribble_s = float(dribble_s)
        self.dribble_left = 0.0
        self.hopper_g = float(hopper_g)
        self.drop_mm = float(drop_mm)          # drawn: from the valves down to the container's rim
        self.refill_s, self.refill_g = refill_s, float(refill_g)
        self.dry_s = 0.0
        self.refills: list[float] = []
        self.coarse = self.fine = False
        self._fine_was = False
        self.dosed_g = 0.0
        self.time = 0.0
        self._air = (deque(), deque())         # per valve: (lands at, grams), in landing order
        # after the last step: nothing in the air or dribbling, no refill due (a dry hopper waits for one)
        self._still = self.refill_s is None or self.hopper_g > 0.0
        self._into = None

    def write(self, command: str, value: Any) -> None:
        if command == "coarse":
            self.coarse = bool(value)
        elif command == "fine":
            self.fine = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "empty":
            return self.hopper_g <= 0.0
        return super().read(signal)

    def in_flight_g(self) -> float:
        if not (self.dribble_left or self._air[0] or self._air[1]):
            return 0.0
        dribble = self.afterflow_g * (self.dribble_left / self.dribble_s) ** 2 if self.dribble_s else 0.0
        return sum(g for air in self._air for _, g in air) + dribble

    def step(self, dt: float) -> None:
        if self._into is None:
            self._into = self.plant[self.into_name]
        self.time += dt
        if self._still and not (self.coarse or self.fine or self._fine_was):
            return      # valves shut, nothing dribbling or falling, no refill due: nothing changes
        if self.fine:
            self.dribble_left = 0.0
        elif self._fine_was and self.dribble_s > 0.0:
            self.dribble_left = self.dribble_s       # the valve closed: it dribbles on
        self._fine_was = self.fine
        if self.refill_s is not None and self.hopper_g <= 0.0:
            self.dry_s += dt
            if self.dry_s >= self.refill_s - 1e-9:     # the operator has refilled it
                self.hopper_g, self.dry_s = self.refill_g, 0.0
                self.refills.append(self.time)
        landed = 0.0
        for out, air in ((self._out(self.coarse, self.coarse_gs, dt), self._air[0]),
                         (self._out(self.fine, self.fine_gs, dt) + self._dribble(dt), self._air[1])):
            if out > 0.0:
                air.append((self.time + self.fall_s, out))
            while air and air[0][0] <= self.time + 1e-9:
                landed += air.popleft()[1]
        if landed:
            self._into.add(landed)
        self._still = (self.dribble_left <= 0.0 and not self._air[0] and not self._air[1]
                       and (self.refill_s is None or self.hopper_g > 0.0))

    def _out(self, on: bool, flow: float, dt: float) -> float:
        if not on or self.hopper_g <= 0.0:
            return 0.0
        grams = min(flow * dt, self.hopper_g)
        self.hopper_g -= grams
        self.dosed_g += grams
        return grams

    def _dribble(self, dt: float) -> float:
        """The linear die-away of the fine flow after its valve closed, over this step."""
        if self.dribble_left <= 0.0:
            return 0.0
        a = self.dribble_left
        b = max(0.0, a - dt)
        self.dribble_left = b
        grams = min(self.afterflow_g * (a * a - b * b) / self.dribble_s ** 2, self.hopper_g)
        self.hopper_g -= grams
        self.dosed_g += grams
        return grams

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "coarse": self.coarse, "fine": self.fine,
                "in_flight_g": self.in_flight_g(), "empty": self.hopper_g <= 0.0, "drop_mm": self.drop_mm}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 110, self.y + 40 - self.drop_mm), (self.x + 110, self.y + 200)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        hopper = pen.rect_rotated(x, y + 130, 200, 120, 0.0, "MACHINE_FLOOR")
        if not s["empty"]:   # the bulk material in the hopper, so the doser reads as one
            pen.rect_rotated(x, y + 105, 192, 62, 0.0, pen.rgb(BULK_COLOUR))
        pen.rect_rotated(x, y + 130, 200, 120, 0.0, "PLACE_EDGE", border=2)
        for dx, on, label in ((-45, s["coarse"], "coarse"), (45, s["fine"], "fine")):
            pen.rect_rotated(x + dx, y + 55, 50, 30, 0.0, "COIL" if on else "SENSOR_BODY")
            pen.label(label, x + dx, y + 85)
            if on:
                pen.line((x + dx, y + 40), (x + dx, y + 40 - s["drop_mm"]), "BUSY",
                         pen.mm(30 if label == "coarse" else 8))
        if s["in_flight_g"] > 0 and not (s["coarse"] or s["fine"]):
            pen.line((x + 45, y + 40), (x + 45, y + 40 - s["drop_mm"]), pen.shade("BUSY", 0.6), pen.mm(4))
        pen.label(name, x, y + 205)
        pen.hot(name, self.kind, hopper)
