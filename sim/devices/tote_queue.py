"""ToteQueue and InboundPicker: an area's queue of totes waiting at a stopper to go onto a shared
lane, and the picker taking the totes that reach the area off its inbound belt, for MAT-H03.

A sim.devices.workpiece.Feeder whose schedule is the totes' arrival in the queue (a short
accumulating roller stub beside the lane, its head held by a stopper): a tote that has arrived
waits in the queue; while the stopper is down (`only_while`, e.g. ("stop_a", "retracted")) the
head tote is pushed onto the lane at (x, y) as soon as that place is clear, the next one as soon
as the first has moved off it, and so on. Each tote is named by its spec ('name').

Signals: 'waiting' (TRUE while at least one tote has arrived and not yet gone onto the lane),
'count' (how many wait), 'empty' (the Feeder's: every tote of the schedule has gone).
`arrived_s(name)`, `dropped` ((time_s, name) of every tote pushed onto the lane, in order) and
`oldest_wait_s()` (how long the head tote has waited, 0 when none waits) are for judges.

    queue = plant.add(ToteQueue("queue_a", 200, 0, [(3.0, dict(name="A1", width=100, length=140))],
                                only_while=("stop_a", "retracted"), stub=(200, -120, 200, -700)))
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.take_away import TakeAway
from sim.devices.workpiece import Feeder


class ToteQueue(Feeder):
    kind = "tote_queue"
    signals = ("empty", "waiting", "count")

    def __init__(self, name: str, x: float, y: float, schedule: list[tuple[float, dict]], *,
                 only_while: tuple[str, str] | None = None,
                 stub: tuple[float, float, float, float] | None = None, label: str = ""):
        super().__init__(name, x, y, schedule, only_while=only_while)
        self.stub = stub            # the drawn queue stub: head (x, y) to tail (x, y)
        self.label = label or name
        self.dropped: list[tuple[float, str]] = []
        self._arrived = {str(spec.get("name", "")): float(t) for t, spec in self.schedule}

    def arrived_s(self, name: str) -> float:
        return self._arrived[name]

    def count(self) -> int:
        """Totes that have arrived and wait (the schedule is sorted by arrival)."""
        n = 0
        for t, _ in self.schedule[self._next:]:
            if t > self._t + 1e-9:
                break
            n += 1
        return n

    def oldest_wait_s(self) -> float:
        if self.count() == 0:
            return 0.0
        return self._t - self.schedule[self._next][0]

    def read(self, signal: str) -> Any:
        if signal == "waiting":
            return self.count() > 0
        if signal == "count":
            return self.count()
        return super().read(signal)

    def step(self, dt: float) -> None:
        before = len(self.released)
        super().step(dt)
        for part in self.released[before:]:
            self.dropped.append((self._t, part.name))

    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(waiting=self.count(), stub=self.stub, label=self.label)
        return s

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        if not s.get("stub"):
            return [(s["x"] - 50, s["y"] - 50), (s["x"] + 50, s["y"] + 50)]
        hx, hy, tx, ty = s["stub"]
        return [(min(hx, tx) - 80, min(hy, ty) - 30), (max(hx, tx) + 80, max(hy, ty) + 30)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        if not s.get("stub"):
            super().draw(pen)
            return
        hx, hy, tx, ty = s["stub"]
        length = max(1.0, ((tx - hx) ** 2 + (ty - hy) ** 2) ** 0.5)
        ux, uy = (tx - hx) / length, (ty - hy) / length
        cx, cy = (hx + tx) / 2, (hy + ty) / 2
        ang = math.degrees(math.atan2(uy, ux))
        pts = pen.rect_rotated(cx, cy, length, 130, ang, "FRAME")
        pen.rect_rotated(cx, cy, length - 10, 110, ang, "BELT")
        # the waiting totes, head first, drawn as they stand on the stub (more than fit: a count)
        n = int(s.get("waiting", 0))
        pitch = 150.0
        shown = min(n, int(length // pitch))
        for k in range(shown):
            d = 80.0 + k * pitch
            pen.rect_rotated(hx + ux * d, hy + uy * d, 140, 100, ang + 90, "PART")
        pen.label(f"{s.get('label') or name}: {n} waiting", tx + ux * 40, ty + uy * 40)
        pen.hot(name, "feeder", pts)


class InboundPicker(TakeAway):
    """The picker at the far end of an area's inbound belt (a TakeAway that drives the belt): it
    takes a tote off once the tote's centre reaches its intake (the last stretch of the belt,
    before the belt's end stop), but only while ready; while it is busy (a stall from `busy_s`)
    it takes nothing and its belt stands, so arriving totes queue on the belt and back up onto
    the lane behind it."""

    kind = "inbound_picker"

    def step(self, dt: float) -> None:
        if self.ready:
            super().step(dt)
        else:
            self.time += dt
            self.belt.write("run", False)
