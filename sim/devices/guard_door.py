"""Guard door with a guard-locking switch, and the three-position enabling switch of setup mode.

GuardDoor (seen from above: a hinged leaf in a fence line). The operator pulls it open
(`operate(True)`, an operator 'press') or pushes it shut (`operate(False)`, 'release'). It
opens only while the lock's bolt is out: an operator who pulls a locked door keeps pulling
and it swings open (`open_s`) the moment the bolt has withdrawn. Command 'lock' (power to
lock): TRUE drives the bolt in, which takes `lock_s` and only with the door closed; FALSE
withdraws it (`lock_s` too). Signals: 'closed' (door switch: TRUE only with the leaf fully
shut), 'locked' (bolt feedback: TRUE only with the bolt fully in). A door that is shut is not
yet locked: the bolt's time is the difference.

    door = plant.add(GuardDoor("door", x=600, y=400, width=300, lock_s=0.3, open_s=0.8))
    door.write("lock", True)         # 0.3 s later: door.read("locked") -> True

EnablingSwitch: a hand-held three-position switch (0 released, 1 enabling, 2 panic: squeezed
through). Signal 'enabled' is TRUE only in position 1, and after a panic only once the switch
has been let go to 0 again (coming back from 2 through 1 does not enable). It is a
SelectorSwitch: the operator turns it with 'select' (0, 1, 2), drawn on the panel strip.

Units: mm, s.
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.panel import SelectorSwitch
from sim.plant import Device


class GuardDoor(Device):
    kind = "guard_door"
    layer = 4
    signals = ("closed", "locked")
    commands = ("lock",)

    def __init__(self, name: str, *, x: float, y: float, width: float = 300.0, angle_deg: float = 0.0,
                 lock_s: float = 0.2, open_s: float = 0.8, start_locked: bool = False, label: str = ""):
        super().__init__(name)
        if lock_s <= 0 or open_s <= 0 or width <= 0:
            raise ValueError(f"guard door {name!r}: lock_s, open_s and width must be positive")
        self.x, self.y, self.width, self.angle_deg = float(x), float(y), float(width), float(angle_deg)
        self.lock_s, self.open_s = float(lock_s), float(open_s)
        self.label = label or name
        self.lock_coil = start_locked
        self.bolt = 1.0 if start_locked else 0.0     # 0 withdrawn .. 1 fully in
        self.leaf = 0.0                               # 0 shut .. 1 fully open
        self.pulling = False                          # the operator wants it open
        self.time = 0.0
        self.opened_at: list[float] = []              # each time the leaf left its shut position
        self.refused = 0                              # pulls on a locked door

    # -- operator and PLC ---------------------------------------------------------------
    def operate(self, value: Any) -> None:
        want = bool(value)
        if want and not self.pulling and self.bolt > 0.0:
            self.refused += 1
        self.pulling = want

    def write(self, command: str, value: Any) -> None:
        if command == "lock":
            self.lock_coil = bool(value)
        else:
            super().write(command, value)

    @property
    def closed(self) -> bool:
        return self.leaf <= 0.0

    @property
    def locked(self) -> bool:
        return self.bolt >= 1.0

    def read(self, signal: str) -> Any:
        if signal == "closed":
            return self.closed
        if signal == "locked":
            return self.locked
        return super().read(signal)

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        rate = dt / self.lock_s
        if self.lock_coil and self.closed:
            self.bolt = min(1.0, self.bolt + rate)
        elif not self.lock_coil:
            self.bolt = max(0.0, self.bolt - rate)
        if self.pulling and self.bolt <= 0.0:
            if self.leaf <= 0.0:
                self.opened_at.append(round(self.time, 3))
            self.leaf = min(1.0, self.leaf + dt / self.open_s)
        elif not self.pulling:
            self.leaf = max(0.0, self.leaf - dt / self.open_s)

    # -- drawing ------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "angle_deg": self.angle_deg, "leaf": self.leaf,
                "bolt": self.bolt, "closed": self.closed, "locked": self.locked, "lock_coil": self.lock_coil,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        w = self.width
        return [(self.x - 20, self.y - w - 20), (self.x + w + 20, self.y + w + 20)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], s["width"]
        a = math.radians(s["angle_deg"])
        ux, uy = math.cos(a), math.sin(a)
        # the opening in the fence, the leaf swung about its hinge at (x, y) by up to 90 degrees
        pen.line((x, y), (x + ux * w, y + uy * w), "PLACE_EDGE", pen.mm(6))
        swing = a + math.radians(90.0) * s["leaf"]
        tip = (x + math.cos(swing) * w, y + math.sin(swing) * w)
        pen.line((x, y), tip, "LIT" if s["closed"] else "FAULT", max(3, pen.mm(20)))
        pen.circle(x, y, 10, "ROD", min_px=3)                            # the hinge
        lx, ly = x + ux * w, y + uy * w                                  # the lock at the far post
        pts = pen.rect_rotated(lx, ly, 36, 36, s["angle_deg"], "CYLINDER")
        pen.rect_rotated(lx - ux * 18 * s["bolt"], ly - uy * 18 * s["bolt"], 18, 8, s["angle_deg"], "ROD")
        pen.circle(lx, ly + 30, 6, "LIT" if s["locked"] else "UNLIT", min_px=3)
        pen.label(f"{s['label']} {'locked' if s['locked'] else 'closed' if s['closed'] else 'open'}",
                  x + ux * w / 2, y + uy * w / 2 - 24)
        pen.hot(name, self.kind, pts)


class EnablingSwitch(SelectorSwitch):
    """Three-position enabling switch: 'enabled' TRUE only in the middle position, never after a
    panic until it has been let go to 0."""

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = ""):
        self.panicked = False
        super().__init__(name, ("released", "enabling", "panic"), x=x, y=y, label=label or name)
        self.signals = (*self.signals, "enabled")

    def operate(self, value: Any) -> None:
        super().operate(value)
        if self.position == 2:
            self.panicked = True
        elif self.position == 0:
            self.panicked = False

    @property
    def enabled(self) -> bool:
        return self.position == 1 and not self.panicked

    def read(self, signal: str) -> Any:
        if signal == "enabled":
            return self.enabled
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {**super().state(), "enabled": self.enabled, "panicked": self.panicked}
