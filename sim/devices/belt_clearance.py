"""Where the operator takes parts off a belt by hand: a stretch of belt, cleared on demand.

When a reject fails and the line stops, the operator takes the part the machine could not
reject off the belt before acknowledging. `clear()` (called by an Attendant with clears=..., or
by a scheduled disturbance) removes every part whose centre lies on `belt` between `from_mm`
and `to_mm` from its infeed end, of a kind in `kinds` (None: any kind). `removed` logs
(time_s, part name, part kind) for judges.

    plant.add(BeltClearance("removal", belt, 840, 1000, kinds=("B",)))
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import PartDevice


class BeltClearance(PartDevice):
    """A stretch of `belt` (sim.devices.conveyor.Conveyor) the operator clears by hand."""

    kind = "belt_clearance"
    layer = 1
    signals = ()

    def __init__(self, name: str, belt: Any, from_mm: float, to_mm: float, *,
                 kinds: tuple[str, ...] | None = None, label: str = ""):
        super().__init__(name)
        if to_mm <= from_mm:
            raise ValueError(f"{name}: the stretch must run from a lower to a higher position")
        self.belt = belt
        self.from_mm, self.to_mm = float(from_mm), float(to_mm)
        self.kinds = tuple(kinds) if kinds is not None else None
        self.label = label or name
        self.removed: list[tuple[float, str, str]] = []
        self.time = 0.0

    def step(self, dt: float) -> None:
        self.time += dt

    def clear(self) -> None:
        belt = self.belt
        for part in list(self.flow.parts):
            x, y = part.xy()
            along = (x - belt.x) * belt.ux + (y - belt.y) * belt.uy + belt.half_length
            across = (y - belt.y) * belt.ux - (x - belt.x) * belt.uy
            if (self.from_mm <= along <= self.to_mm and abs(across) <= belt.half_width
                    and (self.kinds is None or part.part_kind in self.kinds)):
                self.removed.append((round(self.time, 3), part.name, part.part_kind))
                part.remove()

    def state(self) -> dict[str, Any]:
        x, y = self.belt.point((self.from_mm + self.to_mm) / 2)
        return {"x": x, "y": y, "label": self.label, "removed": len(self.removed)}

    def _corners(self) -> list[tuple[float, float]]:
        b = self.belt
        w = b.half_width + 8.0
        return [b.point(self.from_mm, -w), b.point(self.to_mm, -w), b.point(self.to_mm, w),
                b.point(self.from_mm, w)]

    def extent(self) -> list[tuple[float, float]]:
        c = self._corners()
        return [(min(p[0] for p in c), min(p[1] for p in c)), (max(p[0] for p in c), max(p[1] for p in c))]

    def draw(self, pen) -> None:
        c = self._corners()
        pts = pen.poly(c + [c[0]], "ZONE", 1)
        s = self.state()
        mid = self.belt.point(self.to_mm + 90.0, -self.belt.half_width - 20.0)
        text = f"{s['label']}" + (f" ({s['removed']} taken off)" if s["removed"] else "")
        pen.label(text, *mid, "LABEL", 11)
        pen.hot(self.name, self.kind, pts)
