"""A forklift driver who clears an accumulation lane once it has backed up: a person answering
the lane's full eye, not a schedule.

A lane (a Conveyor that pallets run along until they queue against its end stop) has a photo-eye
across it (its 'full' eye). When that eye has been blocked without a break for `after_s[k]`
seconds (the k-th time; the last value repeats), the driver takes every part whose centre lies
on the lane out of the plant at once. A pallet merely passing the eye blocks it for less than the
shortest after_s, so only a lane that has really backed up is cleared. `taken` logs
(time_s, [part names]) of each clearing.

    plant.add(Forklift("forklift_1", lane="lane_1", eye="lane_1_full", after_s=(12.0, 6.0)))
"""

from __future__ import annotations

from typing import Any

from sim.devices.conveyor import Conveyor
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import material_flow
from sim.plant import Device, Plant


class Forklift(Device):
    kind = "forklift"
    layer = 6

    def __init__(self, name: str, *, lane: str, eye: str, after_s: tuple[float, ...], label: str = ""):
        super().__init__(name)
        if not after_s or min(after_s) <= 0.0:
            raise ValueError(f"forklift {name!r} needs positive answer times")
        self.lane_name, self.eye_name = lane, eye
        self.after_s = tuple(float(a) for a in after_s)
        self.label = label or name
        self.time = 0.0
        self.blocked_for = 0.0
        self.taken: list[tuple[float, list[str]]] = []
        self.lane: Conveyor | None = None
        self.eye: PhotoEye | None = None

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        self.flow = material_flow(plant)

    def _bind(self) -> None:
        if self.lane is None:
            self.lane = self.plant.device(self.lane_name, Conveyor)      # type: ignore[union-attr]
            self.eye = self.plant.device(self.eye_name, PhotoEye)        # type: ignore[union-attr]

    def _bound(self) -> bool:
        """Whether the lane and eye are found (the plant may still be being built)."""
        names = {self.lane_name, self.eye_name}
        if self.lane is None and self.plant is not None and names <= set(self.plant.devices):
            self._bind()
        return self.lane is not None

    @property
    def due_s(self) -> float:
        return self.after_s[min(len(self.taken), len(self.after_s) - 1)]

    def on_lane(self, part) -> bool:
        lane = self.lane
        px, py = part.xy()
        dx, dy = px - lane.x, py - lane.y
        along = dx * lane.ux + dy * lane.uy
        across = dy * lane.ux - dx * lane.uy
        return abs(along) <= lane.half_length and abs(across) <= lane.half_width

    def step(self, dt: float) -> None:
        if self.lane is None:
            self._bind()
        self.time += dt
        eye = self.eye
        # the eye's output once it has stepped (read("blocked") answers the same, after its power-up)
        if not (eye.output if eye._stepped else eye.read("blocked")):
            self.blocked_for = 0.0
            return
        self.blocked_for += dt
        if self.blocked_for >= self.due_s - 1e-9:
            parts = [p for p in self.flow.parts if p.holder is None and self.on_lane(p)]
            self.taken.append((round(self.time, 3), [p.name for p in parts]))
            for part in parts:
                part.remove()
            self.blocked_for = 0.0

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {"taken": len(self.taken), "blocked_for": self.blocked_for}
        if self._bound():
            x, y = self.lane.point(self.lane.length + 150.0)
            out.update(x=x, y=y)
        return out

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        if "x" not in s:
            return []
        return [(s["x"] - 120, s["y"] - 120), (s["x"] + 120, s["y"] + 120)]

    def draw(self, pen) -> None:
        s = self.state()
        if "x" not in s:
            return
        x, y = s["x"], s["y"]
        coming = self.blocked_for > 0.0
        body = pen.rect_rotated(x, y, 200, 160, 0.0, "BUSY" if coming else "FEEDER", border=0)
        for dy in (-40, 40):                                  # the forks, toward the lane
            pen.line((x - 100, y + dy), (x - 190, y + dy), "ROD", max(2, pen.mm(12)))
        text = (f"forklift in {max(0.0, self.due_s - self.blocked_for):.0f} s" if coming
                else f"forklift ({len(self.taken)} cleared)")
        pen.label(text, x, y - 110)
        pen.hot(self.name, self.kind, body)
