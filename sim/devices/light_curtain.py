"""Safety light curtain: a row of beams across an opening (a pallet exit, a press front).

Seen from above the curtain is a line from its emitter post (x1, y1) to its receiver post
(x2, y2). Anything in the opening breaks it: a workpiece or pallet crossing the line, or a
person stepping in (an operator action: `press` = a person in the opening, `release` = gone).
Its safety output goes FALSE `response_s` after the first beam breaks (the OSSD response time)
and TRUE again once every beam is clear; the curtain has no restart interlock of its own:
the PLC decides when to restart (reset, muting).

    curtain = plant.add(LightCurtain("curtain", 1700, -80, 1700, 80, response_s=0.02))
    curtain.read("clear")      # TRUE while no beam is broken (after the response time)

A person may also follow a part through the opening (`followers`, a Follower each): they step
in `delay_s` after the n-th part to break the curtain has left it, and stay `stay_s` (a
person walking in behind a pallet, whatever the belt did before).

The device is one module: signals, physics and its picture (sim/drawing.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.devices.sensors import crosses_line
from sim.devices.workpiece import PartDevice, Workpiece


@dataclass(frozen=True)
class Follower:
    """A person who steps into the opening `delay_s` after the `behind`-th part (1-based, in the
    order parts left the curtain) has left it, and stays `stay_s`."""

    behind: int
    delay_s: float
    stay_s: float


class LightCurtain(PartDevice):
    """Signal 'clear': TRUE while every beam reaches the receiver (FALSE = broken, after
    `response_s`). `beams` is drawn (the resolution the prompt may publish)."""

    kind = "light_curtain"
    layer = 5
    signals = ("clear",)
    plain_signals = {"clear": "clear"}  # read as the attribute, without a call into read

    def __init__(self, name: str, x1: float, y1: float, x2: float, y2: float, *, response_s: float = 0.02,
                 beams: int = 8, label: str = "", followers: tuple[Follower, ...] = ()):
        super().__init__(name)
        if response_s < 0:
            raise ValueError(f"light curtain {name!r}: response_s must be 0 or more")
        self.x1, self.y1, self.x2, self.y2 = float(x1), float(y1), float(x2), float(y2)
        self.length = math.hypot(self.x2 - self.x1, self.y2 - self.y1)
        if self.length <= 0:
            raise ValueError(f"light curtain {name!r}: its posts must stand apart")
        self.ux, self.uy = (self.x2 - self.x1) / self.length, (self.y2 - self.y1) / self.length
        self.response_s = float(response_s)
        self.beams = int(beams)
        self.label = label or name
        self.person = False          # someone stands in the opening (operator action)
        self.broken = False          # the physical truth: something is in the beams now
        self.clear = True            # the safety output
        self.broken_for = 0.0        # how long it has been broken (for the response time)
        self.breaks = 0              # how many times the output went FALSE
        self.followers = tuple(followers)
        self.time = 0.0
        self.parts_in = False        # a part is in the beams now
        self.parts_left: list[float] = []    # when each part (group) left the beams
        self.follower_in = False     # a follower stands in the opening now

    def operate(self, value: Any) -> None:
        """A person steps into the opening (True) or out of it (False)."""
        self.person = bool(value)

    def blocks(self, part: Workpiece) -> bool:
        return crosses_line(part, self.x1, self.y1, self.ux, self.uy, self.length)

    def _follower_in(self) -> bool:
        for f in self.followers:
            if f.behind <= len(self.parts_left):
                since = self.time - self.parts_left[f.behind - 1] - f.delay_s
                if -1e-9 <= since < f.stay_s - 1e-9:
                    return True
        return False

    def step(self, dt: float) -> None:
        self.time += dt
        parts = self.flow.parts
        parts_in = bool(parts) and any(not p.lifted and self.blocks(p) for p in parts)
        if self.parts_in and not parts_in:
            self.parts_left.append(self.time)
        self.parts_in = parts_in
        self.follower_in = bool(self.followers) and self._follower_in()
        self.broken = self.person or self.follower_in or parts_in
        if self.broken:
            self.broken_for += dt
            if self.clear and self.broken_for >= self.response_s - 1e-9:
                self.clear = False
                self.breaks += 1
        else:
            self.broken_for = 0.0
            self.clear = True

    def read(self, signal: str) -> Any:
        if signal == "clear":
            return self.clear
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x1": self.x1, "y1": self.y1, "x2": self.x2, "y2": self.y2,
                "x": (self.x1 + self.x2) / 2, "y": (self.y1 + self.y2) / 2,
                "clear": self.clear, "broken": self.broken, "person": self.person or self.follower_in,
                "beams": self.beams, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        # the posts, and room for the label beyond the emitter
        return [(self.x1 - self.ux * 50 - 20, self.y1 - self.uy * 50 - 20), (self.x2 + 20, self.y2 + 20)]

    def draw(self, pen) -> None:
        s = self.state()
        p, q = (self.x1, self.y1), (self.x2, self.y2)
        colour = "BEAM_BLOCKED" if not s["clear"] else "ON"
        # the beams, seen from above as dots along the curtain line, red once it trips
        for k in range(self.beams):
            f = (k + 0.5) / self.beams
            pen.circle(self.x1 + self.ux * self.length * f, self.y1 + self.uy * self.length * f, 3, colour,
                       min_px=2)
        pen.line(p, q, colour, 1)
        nx, ny = -self.uy, self.ux                   # the posts are square to the line
        posts = []
        for x, y in (p, q):
            posts += pen.rect_rotated(x, y, 24, 14, math.degrees(math.atan2(ny, nx)), "SENSOR_BODY")
        pen.circle(self.x1, self.y1, 4, "LIT" if s["clear"] else "FAULT", min_px=3)
        if s["person"]:
            pen.label("PERSON", *((a + b) / 2 for a, b in zip(p, q, strict=True)), "FAULT", 12, fixed=True)
        pen.label(f"{s['label']}: {'clear' if s['clear'] else 'BROKEN'}", self.x1 - self.ux * 40,
                  self.y1 - self.uy * 40, "LABEL" if s["clear"] else "FAULT")
        pen.hot(self.name, self.kind, posts, operable=False, pad=8)
