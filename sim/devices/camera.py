"""A line-scan inspection camera that takes one image per trigger, then reads it out.

Two trigger inputs, as on a real smart camera: the hardware input wired to a drive's position
compare output (sim.devices.position_compare.PositionCompare calls `hw_trigger(x_mm)` at the
instant of the crossing, within the plant step) and the software trigger ``trigger`` the PLC
writes (a rising edge images at the next plant step, where the axes are then: up to one scan's
travel from where a program that sees the position once per scan meant it).

Each image is exposed where the tool point stands (X from the trigger, Y from the Y axis) and
then read out for ``readout_s``: ``busy`` is TRUE meanwhile, ``ready`` is its inverse. A
trigger while busy is an overrun: no image, logged in ``overruns`` (judges: "no trigger while
busy"). ``images`` counts good images (a word for the PLC); ``shots`` holds (x, y, t) of each,
in mm and plant seconds, for judges and the drawing; ``cells`` (optional, mm) are drawn as
frames, the job the images should dot.

    cam = plant.add(Camera("camera", x="x", y="y", readout_s=0.05, origin=(150, 150)))
"""

from __future__ import annotations

from typing import Any

from sim.devices.axis import Axis
from sim.plant import Device


class Camera(Device):
    kind = "camera"
    layer = 6
    signals = ("busy", "ready", "images")
    commands = ("trigger",)

    def __init__(self, name: str, *, x: str, y: str, readout_s: float,
                 origin: tuple[float, float] = (0.0, 0.0), label: str = "",
                 cells: tuple[tuple[float, float], ...] = ()):
        super().__init__(name)
        self.names = (x, y)
        self.readout_s = float(readout_s)
        self.origin = (float(origin[0]), float(origin[1]))
        self.label = label or name
        self.cells = tuple((float(a), float(b)) for a, b in cells)   # the job's cells, only drawn
        self.x: Axis | None = None
        self.y: Axis | None = None
        self.busy_until = 0.0     # plant time the readout of the last image ends
        self.shots: list[tuple[float, float, float]] = []
        self.overruns: list[tuple[float, float, float]] = []
        self.time = 0.0
        self._sw_prev = False
        self._sw_pending = False

    def attach(self, plant) -> None:
        super().attach(plant)
        self.x, self.y = (plant.device(n, Axis) for n in self.names)

    def write(self, command: str, value: Any) -> None:
        if command == "trigger":
            v = bool(value)
            if v and not self._sw_prev:
                self._sw_pending = True
            self._sw_prev = v
        else:
            super().write(command, value)

    @property
    def busy(self) -> bool:
        return self.time < self.busy_until - 1e-9

    def read(self, signal: str) -> Any:
        if signal == "busy":
            return self.busy
        if signal == "ready":
            return not self.busy
        if signal == "images":
            return len(self.shots)
        return super().read(signal)

    def hw_trigger(self, x_mm: float, late_s: float = 0.0) -> None:
        """An image exposed with the tool at X = x_mm (the compare's crossing, late_s before the end
        of this step: the camera must be added to the plant before the compare) and Y where it is."""
        t = self.time - late_s
        at = (float(x_mm), self.y.pos, t)
        if t < self.busy_until - 1e-6:
            self.overruns.append(at)
            return
        self.shots.append(at)
        self.busy_until = t + self.readout_s

    def step(self, dt: float) -> None:
        self.time += dt
        if self._sw_pending:
            self._sw_pending = False
            self.hw_trigger(self.x.pos)

    def state(self) -> dict[str, Any]:
        ox, oy = self.origin
        return {"x": ox + self.x.pos, "y": oy + self.y.pos, "label": self.label, "busy": self.busy,
                "shots": [(ox + a, oy + b) for a, b, _ in self.shots], "overruns": len(self.overruns)}

    def extent(self) -> list[tuple[float, float]]:
        # the table's 0 point and the cells: where the camera rides is framed by its axes
        ox, oy = self.origin
        return [(ox - 20.0, oy - 20.0), (ox + 20.0, oy + 20.0)] + [(ox + a, oy + b) for a, b in self.cells]

    def draw(self, pen) -> None:
        s = self.state()
        ox, oy = self.origin
        for cx, cy in self.cells:       # the cells to image, as frames (the images dot them)
            pen.rect_rotated(ox + cx, oy + cy, 8.0, 8.0, 0.0, "UNLIT", border=1)
        for px, py in s["shots"]:
            pen.circle(px, py, 3.0, "LIT")
        pts = pen.rect_rotated(s["x"], s["y"], 24.0, 24.0, 0.0, "BUSY" if s["busy"] else "UNLIT", border=0)
        pen.label(f"{s['label']}{' reading out' if s['busy'] else ''}", s["x"] + 40, s["y"] + 20)
        pen.hot(self.name, self.kind, pts)
