"""Position compare output of a servo axis (the drive's "cam" / trigger output).

The PLC writes a compare position (``position``, 0.1 mm, like an Axis target word) and arms
the compare with a rising edge on ``arm``, or, while ``arm`` is TRUE, by writing a new position
(the next cell's, as a drive reloads its compare table). The first time the axis passes that position after
(in either direction), the drive fires its output at that very instant, within the plant step,
whatever the scan: ``output`` is TRUE for ``pulse_s``, ``done`` stays TRUE until the next arm
edge, and the device wired to the output (``target``: a device with ``hw_trigger(x_mm)``, e.g.
sim.devices.camera.Camera) is told the interpolated axis position of the crossing. A compare
armed while the axis stands on the position fires there at once.

    cmp = plant.add(PositionCompare("cmp", axis="x", target="camera"))

Added after the axis, so each step it compares the axis's position before and after that
axis's own step. ``fired`` logs every crossing position (mm), for judges.
"""

from __future__ import annotations

from typing import Any

from sim.devices.axis import Axis
from sim.plant import Device


class PositionCompare(Device):
    kind = "position compare"
    layer = 6
    signals = ("output", "done", "armed")
    commands = ("position", "arm")

    def __init__(self, name: str, *, axis: str, target: str | None = None, pulse_s: float = 0.002,
                 position: tuple[float, float] = (0.0, 0.0), label: str = ""):
        super().__init__(name)
        self.axis_name = axis
        self.target_name = target
        self.pulse_s = float(pulse_s)
        self.where = (float(position[0]), float(position[1]))
        self.label = label or name
        self.axis: Axis | None = None
        self.target = None
        self.compare_word = 0
        self.armed = False
        self.done = False
        self.pulse_left = 0.0
        self.fired: list[float] = []
        self._arm_prev = False
        self._arm_pending = False
        self._last = 0.0

    def attach(self, plant) -> None:
        super().attach(plant)
        self.axis = plant.device(self.axis_name, Axis)
        self.target = None if self.target_name is None else plant[self.target_name]
        self._last = self.axis.pos

    def write(self, command: str, value: Any) -> None:
        if command == "position":
            v = int(value)
            if v != self.compare_word and self._arm_prev:
                self._arm_pending = True
            self.compare_word = v
        elif command == "arm":
            v = bool(value)
            if v and not self._arm_prev:
                self._arm_pending = True   # latched at the next step: a word written this scan counts
            self._arm_prev = v
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "output":
            return self.pulse_left > 0.0
        if signal == "done":
            return self.done
        if signal == "armed":
            return self.armed
        return super().read(signal)

    @property
    def compare_mm(self) -> float:
        return self.compare_word / 10.0

    def step(self, dt: float) -> None:
        now = self.axis.pos
        before = self._last
        self._last = now
        if self.pulse_left > 0.0:
            self.pulse_left = max(0.0, self.pulse_left - dt)
        if self._arm_pending:
            self._arm_pending = False
            self.armed, self.done = True, False
            before = now if abs(now - self.compare_mm) > 1e-9 else self.compare_mm
        if not self.armed:
            return
        c = self.compare_mm
        if min(before, now) - 1e-9 <= c <= max(before, now) + 1e-9:
            self.armed, self.done = False, True
            self.pulse_left = self.pulse_s
            self.fired.append(c)
            if self.target is not None:
                frac = 1.0 if abs(now - before) < 1e-12 else (c - before) / (now - before)
                self.target.hw_trigger(c, late_s=dt * (1.0 - min(1.0, max(0.0, frac))))

    def state(self) -> dict[str, Any]:
        return {"x": self.where[0], "y": self.where[1], "label": self.label, "armed": self.armed,
                "output": self.pulse_left > 0.0, "compare_mm": self.compare_mm, "fired": len(self.fired)}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.where
        return [(x - 60, y - 25), (x + 60, y + 25)]

    def draw(self, pen) -> None:
        s = self.state()
        colour = "LIT" if s["output"] else ("BUSY" if s["armed"] else "UNLIT")
        pts = pen.rect_rotated(s["x"], s["y"], 110.0, 40.0, 0.0, colour, border=0)
        pen.text(f"compare {s['compare_mm']:.1f} mm", s["x"], s["y"], (20, 20, 20), size=11)
        pen.label(f"{s['label']} ({s['fired']} fired)", s["x"], s["y"] - 34)
        pen.hot(self.name, self.kind, pts)
