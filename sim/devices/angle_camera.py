"""A vision camera over a robot cell's infeed place that measures the angle of the part lying
there (sim.devices.part_orientation.PartOrientation knows the true angles).

A rising edge on 'trigger' starts a read of the part on the place; `read_s` later the result
stands: 'result_valid' TRUE with 'angle' (0.1 degree, 0..3599) and 'symmetric' (the part's shape
repeats every 180 degrees), or 'read_failed' TRUE. The result holds until the next trigger or the
part leaves (then all FALSE / 0); a trigger with no part there reads nothing. `fails` maps part
numbers to how many reads of that part fail before one succeeds (a large number: a part whose
label or outline cannot be read at all). `reads` logs (time_s, part number, ok).

    cam = plant.add(AngleCamera("camera", place="infeed", orientation="orientation",
                                fails={3: 1, 5: 99}, read_s=0.25))
"""

from __future__ import annotations

from typing import Any

from sim.devices.axis import to_word
from sim.devices.machine import Part, PartPlace
from sim.devices.part_orientation import PartOrientation
from sim.plant import Device


class AngleCamera(Device):
    kind = "vision camera"
    layer = 5
    signals = ("result_valid", "read_failed", "angle", "symmetric", "busy")
    commands = ("trigger",)

    def __init__(self, name: str, *, place: str, orientation: str, fails: dict[int, int] | None = None,
                 read_s: float = 0.25, label: str = ""):
        super().__init__(name)
        if read_s <= 0.0:
            raise ValueError(f"{name}: read_s must be positive")
        self.names = (place, orientation)
        self.fails = {int(n): int(k) for n, k in (fails or {}).items()}
        self.read_s = float(read_s)
        self.label = label or name
        self.time = 0.0
        self.reads: list[tuple[float, int, bool]] = []
        self._attempts: dict[int, int] = {}
        self._trigger = False
        self._edge = False
        self.reading: Part | None = None
        self.left_s = 0.0
        self.result: tuple[Part, bool] | None = None      # (part, ok)
        self.place: PartPlace | None = None
        self.orientation: PartOrientation | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.place = plant.device(self.names[0], PartPlace)
        self.orientation = plant.device(self.names[1], PartOrientation)

    def write(self, command: str, value: Any) -> None:
        if command == "trigger":
            v = bool(value)
            if v and not self._trigger:
                self._edge = True
            self._trigger = v
        else:
            super().write(command, value)

    def _part(self) -> Part | None:
        parts = self.place.parts
        return parts[0] if parts else None

    def read(self, signal: str) -> Any:
        r = self.result
        if signal == "busy":
            return self.reading is not None
        if signal == "result_valid":
            return r is not None and r[1]
        if signal == "read_failed":
            return r is not None and not r[1]
        if signal == "angle":
            if r is None or not r[1]:
                return 0
            return to_word(self.orientation.angle_of(r[0]) % 360.0) % 3600
        if signal == "symmetric":
            return r is not None and r[1] and r[0].number in self.orientation.symmetric
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        part = self._part()
        if self.result is not None and self.result[0] is not part:
            self.result = None                        # the part it read has gone
        if self.reading is not None and self.reading is not part:
            self.reading = None
        if self._edge:
            self._edge = False
            self.result = None
            if part is not None:                      # nothing there: nothing to read
                self.reading, self.left_s = part, self.read_s
        if self.reading is not None:
            self.left_s -= dt
            if self.left_s <= 1e-9:
                n = self.reading.number
                tried = self._attempts.get(n, 0)
                self._attempts[n] = tried + 1
                ok = tried >= self.fails.get(n, 0)
                self.result = (self.reading, ok)
                self.reads.append((round(self.time, 3), n, ok))
                self.reading = None

    def state(self) -> dict[str, Any]:
        p = self.place
        return {"x": p.x, "y": p.y, "valid": self.read("result_valid"), "failed": self.read("read_failed"),
                "busy": self.reading is not None, "angle": self.read("angle"), "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        p = self.place
        h = p.size / 2 + 60
        return [(p.x - h, p.y - h), (p.x + h, p.y + h)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"] - self.place.size / 2 - 40, s["y"]
        colour = "INSPECT_BUSY" if s["busy"] else ("INSPECT_VALID" if s["valid"] else
                                                   ("FAULT" if s["failed"] else "SENSOR_BODY"))
        pts = pen.rect_rotated(x, y, 36.0, 30.0, 0.0, colour)
        word = ("reading" if s["busy"] else f"{s['angle'] / 10:g} deg" if s["valid"] else
                "no read" if s["failed"] else "-")
        pen.label(f"{s['label']}: {word}", x, y - 34)
        pen.hot(self.name, self.kind, pts)
