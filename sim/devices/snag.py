"""Belt faults that jam a conveyor: a part that sticks and a part that vanishes.

A part may catch on a guide and stick (the belt slips under it, the parts behind queue up
against it) or fall off the belt and vanish. A `BeltSnag` holds a list of such faults for the
parts of one belt, by the order in which they were put on it (part numbers from the Feeder's
release order), each at a distance from the belt's infeed end. The operator clears a jam by
taking the stuck parts off (`clear()`).

    snag = plant.add(BeltSnag("snag", belt, faults=[(2, "vanish", 500.0), (4, "stick", 880.0)]))
    snag.stuck        # the parts held fast now
    snag.vanished     # names of the parts that fell off
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece

FAULTS = ("stick", "vanish")


class BeltSnag(PartDevice):
    """Faults on `belt` (a Conveyor): (k, kind, at_mm): the k-th part ever created in the plant
    (its name ends in k: 'part3' is the 3rd) sticks or vanishes once its centre is `at_mm` from
    the belt's infeed end. A stuck part is held where it is (it no longer rides the belt; parts
    behind it push against it); `clear()` takes every stuck part off the belt (logged in
    `cleared`)."""

    kind = "belt_snag"
    layer = 3

    def __init__(self, name: str, belt: Any, faults: list[tuple[int, str, float]] | tuple = ()):
        super().__init__(name)
        for k, kind, _ in faults:
            if kind not in FAULTS:
                raise ValueError(f"belt snag {name!r}: fault {kind!r} for part {k} is not one of "
                                 f"{', '.join(FAULTS)}")
        self.belt = belt
        self.faults = {int(k): (kind, float(at)) for k, kind, at in faults}
        self.stuck: list[Workpiece] = []
        self.vanished: list[str] = []
        self.cleared: list[str] = []
        self.spots: list[tuple[float, float]] = []      # where parts stuck, for the drawing

    @staticmethod
    def number(part: Workpiece) -> int | None:
        digits = "".join(ch for ch in reversed(part.name) if ch.isdigit())[::-1]
        return int(digits) if digits and part.name.endswith(digits) else None

    def step(self, dt: float) -> None:
        if not self.faults:
            return
        belt = self.belt
        start_x = belt.x - belt.half_length * belt.ux
        start_y = belt.y - belt.half_length * belt.uy
        for part in list(self.flow.parts):
            k = self.number(part)
            if k is None or k not in self.faults or part.holder is not None:
                continue
            kind, at = self.faults[k]
            x, y = part.xy()
            if (x - start_x) * belt.ux + (y - start_y) * belt.uy >= at:
                del self.faults[k]
                if kind == "vanish":
                    self.vanished.append(part.name)
                    part.remove()
                else:
                    part.grab(self)
                    self.stuck.append(part)
                    self.spots.append((x, y))

    def drop(self) -> None:
        """Called when a held part is removed: it is no longer stuck."""
        self.stuck = [p for p in self.stuck if not p.removed]

    def clear(self) -> None:
        """The operator takes the stuck parts off the belt."""
        for part in list(self.stuck):
            self.cleared.append(part.name)
            self.stuck.remove(part)
            part.holder = None
            part.remove()

    def _tag(self) -> tuple[float, float]:
        belt = self.belt
        return belt.point(60.0, -belt.half_width - 70.0)

    def state(self) -> dict[str, Any]:
        x, y = self._tag()
        return {"x": x, "y": y, "stuck": [p.name for p in self.stuck],
                "vanished": list(self.vanished), "cleared": list(self.cleared)}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self._tag()
        return [(x - 50, y - 16), (x + 50, y + 16)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        # a stuck part is ringed in the fault colour where it hangs
        for part in self.stuck:
            pen.circle(part.x, part.y, part.radius + 6, "FAULT", width=3)
        x, y = s["x"], s["y"]
        faulty = bool(s.get("stuck"))
        pts = pen.rect_rotated(x, y, 100, 32, 0.0, "FAULT" if faulty else "GENERIC", border=2)
        text = (f"stuck {len(s['stuck'])}" if faulty else "belt faults") + (
            f", fell off {len(s['vanished'])}" if s.get("vanished") else "")
        pen.label(text, x, y - 26, "FAULT" if faulty or s.get("vanished") else "LABEL", 12)
        pen.hot(name, "belt_snag", pts)
