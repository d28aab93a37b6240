"""Parallel two-jaw pneumatic gripper, seen from above.

The jaws close along the gripper's axis (angle_deg) toward its centre (x, y). The jaw model
is plain Python: the gap shrinks at open_width / close_s per second. A workpiece is gripped
only when its centre lies between the jaws as they reach it (the gap closes onto the part's
size across the jaws); then, after settle_s (pressure build-up), 'part_held' turns TRUE and
the part moves with the gripper. With nothing between them the jaws close fully, 'part_held'
stays FALSE and 'closed_empty' turns TRUE.

A gripper may be carried by another device (a robot, a slide): the carrier calls
`move_to(x, y)` each step, and a held part follows.

    grip = plant.add(Gripper("gripper", x=400, y=300, open_width=90, close_s=0.6))
    grip.write("close", True)
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece


class Gripper(PartDevice):
    """Parallel gripper.

    solenoid='single': command 'close' (TRUE closes, FALSE opens).
    solenoid='double': commands 'close' and 'open' (the valve keeps the last direction when
    neither is on).
    Signals: 'part_held' (jaws closed on a workpiece that is between them, after settle_s),
    'opened' (jaws fully open), 'closed_empty' (jaws fully closed with nothing between them).
    open_width: gap between the open jaws (mm); jaw_depth: how far the jaw faces reach across
    the closing axis (mm); close_s / open_s: full-stroke jaw travel times.
    """

    kind = "gripper"
    plain_signals = {"part_held": "holding"}
    plain_commands = {"close": ("close_coil", bool)}
    layer = 6

    def __init__(self, name: str, x: float = 0.0, y: float = 0.0, *, angle_deg: float = 0.0,
                 open_width: float = 90.0, jaw_depth: float = 40.0, close_s: float = 0.5,
                 open_s: float = 0.3, settle_s: float = 0.0, solenoid: str = "single",
                 start_closed: bool = False):
        super().__init__(name)
        if solenoid not in ("single", "double"):
            raise ValueError(f"gripper {name!r}: solenoid must be 'single' or 'double'")
        if close_s <= 0 or open_s <= 0 or open_width <= 0:
            raise ValueError(f"gripper {name!r}: open width and jaw travel times must be positive")
        self.x, self.y = float(x), float(y)
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux, self.uy = math.cos(a), math.sin(a)
        self.open_width = float(open_width)
        self.jaw_depth = float(jaw_depth)
        self.close_s = float(close_s)
        self.open_s = float(open_s)
        self.settle_s = float(settle_s)
        self.solenoid = solenoid
        self.commands = ("close",) if solenoid == "single" else ("close", "open")
        self.signals = ("part_held", "opened", "closed_empty")
        self.gap = 0.0 if start_closed else self.open_width
        self.close_coil = False
        self.open_coil = False
        self.closing = start_closed
        self.part: Workpiece | None = None      # the part the jaws are closed on
        self.offset = (0.0, 0.0)                # part centre relative to the gripper centre
        self.contact_s = 0.0
        self.holding = False                    # the physical truth behind 'part_held'

    # -- geometry ------------------------------------------------------------------------
    def _between_jaws(self, part: Workpiece) -> tuple[float, float] | None:
        """(along, across) of the part centre in the jaw frame if it lies between the jaws."""
        if part.lifted or part.holder is not None:
            return None
        px, py = part.xy()
        dx, dy = px - self.x, py - self.y
        along = dx * self.ux + dy * self.uy
        across = dy * self.ux - dx * self.uy
        if abs(along) <= self.gap / 2 and abs(across) <= self.jaw_depth / 2:
            return along, across
        return None

    def part_between_jaws(self) -> Workpiece | None:
        """The workpiece whose centre lies between the jaws now (held or not), for judges."""
        if self.part is not None:
            return self.part
        for part in self.flow.parts:
            if self._between_jaws(part) is not None:
                return part
        return None

    def move_to(self, x: float, y: float) -> None:
        """Called by a carrier: the gripper (and a part in its jaws) moves to (x, y)."""
        self.x, self.y = float(x), float(y)
        part = self.part
        if part is not None:
            part.body.position = (self.x + self.offset[0], self.y + self.offset[1])

    # -- I/O -----------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "close":
            self.close_coil = bool(value)
        elif command == "open" and self.solenoid == "double":
            self.open_coil = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "part_held":
            return self.holding
        if signal == "opened":
            return self.gap >= self.open_width
        if signal == "closed_empty":
            return self.gap <= 0.0 and self.part is None
        return super().read(signal)

    # -- mechanics -----------------------------------------------------------------------
    def drop(self) -> None:
        """Let go of the part (jaws opening, or the part taken away)."""
        part = self.part
        self.part = None
        self.holding = False
        self.contact_s = 0.0
        if part is not None and part.holder is self:
            part.release()

    def step(self, dt: float) -> None:
        if self.solenoid == "single":
            self.closing = self.close_coil
        elif self.close_coil != self.open_coil:
            self.closing = self.close_coil
        if not self.closing:
            if self.part is not None:
                self.drop()
            if self.gap < self.open_width:
                self.gap = min(self.gap + self.open_width / self.open_s * dt, self.open_width)
            return
        if self.part is not None:
            if not self.holding:
                self.contact_s += dt
                if self.contact_s + 1e-9 >= self.settle_s:
                    self.holding = True
            return
        if self.gap <= 0.0:
            return
        new_gap = max(self.gap - self.open_width / self.close_s * dt, 0.0)
        # the jaws meet a part whose size across the jaws lies between the old and the new gap
        for part in self.flow.parts:
            where = self._between_jaws(part)
            if where is None:
                continue
            size = 2.0 * part.half_extent(self.ux, self.uy)
            if new_gap <= size <= self.gap:
                self._grip(part, where[1], size)
                return
        self.gap = new_gap

    def _grip(self, part: Workpiece, across: float, size: float) -> None:
        # the closing jaws centre the part between them; across the jaws it stays where it is
        self.gap = size
        self.part = part
        self.contact_s = 0.0
        self.offset = (-across * self.uy, across * self.ux)
        part.grab(self)
        part.body.position = (self.x + self.offset[0], self.y + self.offset[1])
        if self.settle_s <= 0.0:
            self.holding = True

    def state(self) -> dict[str, Any]:
        return {
            "x": self.x, "y": self.y, "angle_deg": self.angle_deg, "open_width": self.open_width,
            "jaw_depth": self.jaw_depth, "gap": self.gap, "closing": self.closing,
            "part_held": self.holding, "part": None if self.part is None else self.part.name,
            "opened": self.gap >= self.open_width, "closed_empty": self.gap <= 0.0 and self.part is None,
        }

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        r = s.get("open_width", 90.0) / 2 + 30
        return [(x - r, y - r), (x + r, y + r)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, ang = s["x"], s["y"], s.get("angle_deg", 0.0)
        a = math.radians(ang)
        ux, uy = math.cos(a), math.sin(a)
        gap, ow, depth = s.get("gap", 0.0), s.get("open_width", 90.0), s.get("jaw_depth", 40.0)
        col = "LIT" if s.get("part_held") else "FAULT" if s.get("closed_empty") else "JAW"
        # The body spans the full opening; the two jaws sit at +-gap/2 along the gripper axis.
        pen.rect_rotated(x, y, ow + 40, 14, ang, pen.shade("CYLINDER", 0.7), border=2)
        pts = []
        for side in (-1, 1):
            jx, jy = x + ux * side * (gap / 2 + 7), y + uy * side * (gap / 2 + 7)
            pts += pen.rect_rotated(jx, jy, 14, depth, ang, col)
        state = "holding" if s.get("part_held") else "closed, empty" if s.get("closed_empty") else (
            "closing" if s.get("closing") else "open" if s.get("opened") else "opening")
        # above the jaws: below them sits what puts the part in (MAT-E01's operator place)
        pen.label(f"{name}: {state}", x, y + depth / 2 + 16)
        pen.hot(name, "gripper", pts)
