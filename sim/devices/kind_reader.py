"""A code reader over a part place (sim.devices.machine.PartPlace): it reads the kind of the
part lying there, for a robot cell whose parts are kinematic records (sim.devices.machine.Part)
rather than pymunk workpieces (which sim.devices.sensors.InspectionSensor reads).

`kinds` maps part numbers to kind codes (1, 2, ...). Once a part has lain on the place for
`read_s`, 'kind_valid' is TRUE and 'kind_code' gives its code; with no part there (or before the
read) both are FALSE / 0. A part whose number `kinds` does not list reads as code 0 but valid (an
unreadable label).

    reader = plant.add(KindReader("reader", place="infeed", kinds={1: 1, 2: 2}, read_s=0.2))
"""

from __future__ import annotations

from typing import Any

from sim.devices.machine import Part, PartPlace
from sim.plant import Device


class KindReader(Device):
    kind = "code reader"
    layer = 4
    signals = ("kind_valid", "kind_code")

    def __init__(self, name: str, *, place: str, kinds: dict[int, int], read_s: float = 0.2, label: str = ""):
        super().__init__(name)
        if read_s < 0.0:
            raise ValueError(f"{name}: read_s must not be negative")
        self.place_name = place
        self.kinds = {int(n): int(k) for n, k in kinds.items()}
        self.read_s = float(read_s)
        self.label = label or name
        self.part: Part | None = None
        self.seen_s = 0.0
        self.place: PartPlace | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.place = plant.device(self.place_name, PartPlace)

    @property
    def valid(self) -> bool:
        return self.part is not None and self.seen_s >= self.read_s - 1e-9

    def read(self, signal: str) -> Any:
        if signal == "kind_valid":
            return self.valid
        if signal == "kind_code":
            return self.kinds.get(self.part.number, 0) if self.valid else 0
        return super().read(signal)

    def step(self, dt: float) -> None:
        parts = self.place.parts
        part = parts[0] if parts else None
        if part is not self.part:
            self.part, self.seen_s = part, 0.0
        elif part is not None:
            self.seen_s += dt

    def state(self) -> dict[str, Any]:
        p = self.place
        code = self.read("kind_code")
        return {"x": p.x, "y": p.y, "valid": self.valid, "code": code, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        p = self.place
        h = p.size / 2 + 40
        return [(p.x - h, p.y - h), (p.x + h, p.y + h)]

    def draw(self, pen) -> None:
        s = self.state()
        p = self.place
        x, y = p.x - p.size / 2 - 22, p.y + p.size / 2 + 10
        pts = pen.rect_rotated(x, y, 28.0, 20.0, 0.0, "SENSOR_BODY")
        pen.line((x, y), (p.x, p.y), "BEAM_BLOCKED" if s["valid"] else "BEAM", 1)
        pen.label(f"{s['label']}: " + (f"kind {s['code']}" if s["valid"] else "-"), x, y + 26)
        pen.hot(self.name, self.kind, pts)
