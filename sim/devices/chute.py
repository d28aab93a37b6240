"""Collection chute or bin: where parts leave the plant, with a 'full' sensor.

A part whose centre slides into the chute's rectangle (pushed off a belt, run off its end,
dropped by a gripper and released) is collected: taken out of the plant and logged with its
kind. The operator empties a chute by hand (`empty()`, e.g. from a scheduled disturbance).

    chute = plant.add(Chute("chute1", 840, 80, 960, 400, capacity=5, label="chute 1"))
    chute.read("full")       # TRUE once it holds `capacity` parts
    chute.collected          # [(time_s, kind), ...] in arrival order
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import PartDevice


class Chute(PartDevice):
    """A chute or run-out area: the rectangle (x0..x1, y0..y1) in plant mm.

    capacity: parts it holds before its 'full' sensor reports (None: no limit, no sensor
    worth wiring); level: parts already in it at power-up. A part pushed into a full chute is
    still collected but also logged in `overfilled` (it jams the chute mouth), so a task's
    judge can tell. A part held by a gripper is not collected until released.
    Signals: 'full' (TRUE = full), 'level' (parts it holds, a word: a lane's counter).
    """

    kind = "chute"
    layer = 0
    signals = ("full", "level")

    def __init__(self, name: str, x0: float, y0: float, x1: float, y1: float, *,
                 capacity: int | None = None, level: int = 0, label: str = ""):
        super().__init__(name)
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.capacity = capacity
        self.level = level
        self.label = label or name
        self.collected: list[tuple[float, str]] = []     # (time_s, kind) in arrival order
        self.overfilled: list[tuple[float, str]] = []
        self.time = 0.0

    @property
    def full(self) -> bool:
        return self.capacity is not None and self.level >= self.capacity

    def empty(self) -> None:
        """The operator empties the chute."""
        self.level = 0

    def read(self, signal: str) -> Any:
        if signal == "full":
            return self.full
        if signal == "level":
            return self.level
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        # plain compares on the positions every device shares per substep (part.xy(), its cached
        # value read in line): cheaper than asking pymunk for the shapes in the rectangle
        x0, y0, x1, y1 = self.x0, self.y0, self.x1, self.y1
        tick = self.plant.tick              # type: ignore[union-attr]
        flow = self.flow
        if flow._seen_tick == tick and flow._seen_every_free:
            # the eyes' rows of this tick (flow.seen) list every free part, in the parts' order,
            # with the same cached positions: the same first part in the rectangle
            for x, y, _, part in flow._seen[0]:
                if x0 <= x <= x1 and y0 <= y <= y1:
                    self._collect_part(part)
                    break
            return
        for part in flow.parts:
            x, y = part._xy if part._xy_tick == tick else part.xy()
            if x0 <= x <= x1 and y0 <= y <= y1 and part.holder is None:
                self._collect_part(part)
                break                       # the list changed; the next part waits a substep

    def _collect_part(self, part) -> None:
        """Collect `part`: logged, counted and taken out of the plant."""
        if self.full:
            self.overfilled.append((self.time, part.part_kind))
        self.collected.append((self.time, part.part_kind))
        self.level += 1
        part.remove()

    def state(self) -> dict[str, Any]:
        return {"x0": self.x0, "y0": self.y0, "x1": self.x1, "y1": self.y1, "label": self.label,
                "x": (self.x0 + self.x1) / 2, "y": (self.y0 + self.y1) / 2,
                "level": self.level, "capacity": self.capacity, "full": self.full,
                "collected": [k for _, k in self.collected]}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x0"], s["y0"]), (s["x1"], s["y1"] + 30)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x0, y0, x1, y1 = s["x0"], s["y0"], s["x1"], s["y1"]
        full = s.get("full")
        pts = pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "CHUTE")
        pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "FAULT" if full else "PLACE_EDGE", 2)
        collected = s.get("collected") or []
        cap = s.get("capacity")
        count = s.get("level", len(collected))
        # One square per part it holds, stacked from the far end, so what is drawn matches the
        # count; a part that came in during the run shows its kind (a wrong kind is seen at a
        # glance), one that lay there at the start is plain.
        known = [None] * max(0, count - len(collected)) + list(collected)
        side = min(abs(x1 - x0) * 0.7, 40.0)
        room = max(1, int((abs(y1 - y0) - 8) // (side + 4)))
        far = max(y0, y1) - 4 - side / 2
        for k, kind in enumerate(known[-room:]):
            cy = far - k * (side + 4)
            pen.rect_rotated((x0 + x1) / 2, cy, side, side, 0.0, "PART_IN_CHUTE" if kind is None else "PART")
            if kind is not None:
                pen.text(str(kind), *pen.px((x0 + x1) / 2, cy), "TEXT_DARK", 12, screen=True)
        level = f"{count}" + (f"/{cap}" if cap else "")
        pen.label(f"{s.get('label') or name}: {level}" + (" FULL" if full else ""), (x0 + x1) / 2,
                  max(y0, y1) + 14, "FAULT" if full else "LABEL")
        pen.hot(name, "chute", pts)
