"""A line's "full" photo-eye: it sees the queue of cartons backing up on an infeed behind the one
at the pick.

The infeed (a sim.devices.workpiece.Feeder) hands its cartons to the pick one at a time, each at
its scheduled time or once the pick is clear; the cartons whose time has come but that the pick
has not taken yet stand in a queue on the accumulating infeed upstream of the pick. The eye looks
across the infeed `depth` carton pitches upstream: `blocked` is TRUE while the queue holds at
least `depth` cartons (the line is about to back up into the machine that feeds it), `queue` is
how many stand there. Signal `running`: the line's upstream machine runs (FALSE while the eye is
blocked: the line has backed up and stands until a carton is taken). Pace the feeder by it and add
the eye after the feeder (so both clocks run on the same scans: the eye's `running` of the scan
before); the eye's own clock then is the feeder's schedule clock.

    infeed = plant.add(Feeder("infeed_a", 1700, 500, schedule, paced_by=("full_a", "running")))
    eye = plant.add(QueueEye("full_a", feeder="infeed_a", depth=2, x=1700, y=500, pitch_mm=420))
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import Feeder
from sim.plant import Device


class QueueEye(Device):
    """Signals 'blocked' (the queue reaches the eye) and 'running' (the line upstream runs);
    attribute `queue` (cartons waiting)."""

    kind = "queue_eye"
    layer = 5
    signals = ("blocked", "running")
    plain_signals = {"blocked": "blocked", "running": "running"}   # read as attributes too

    def __init__(self, name: str, *, feeder: str, depth: int = 2, x: float = 0.0, y: float = 0.0,
                 pitch_mm: float = 400.0, width_mm: float = 500.0, label: str = ""):
        super().__init__(name)
        if depth < 1:
            raise ValueError(f"{name}: depth must be at least one carton")
        self.feeder_name = feeder
        self.depth = int(depth)
        self.x, self.y = float(x), float(y)
        self.pitch_mm, self.width_mm = float(pitch_mm), float(width_mm)
        self.label = label or name
        self.time = 0.0
        self.queue = 0
        self.running = True
        self.feeder: Feeder | None = None
        self._due = 0

    def attach(self, plant) -> None:
        super().attach(plant)
        self.feeder = plant.device(self.feeder_name, Feeder)

    @property
    def blocked(self) -> bool:
        return self.queue >= self.depth

    def read(self, signal: str) -> Any:
        if signal == "blocked":
            return self.blocked
        if signal == "running":
            return self.running
        return super().read(signal)

    def step(self, dt: float) -> None:
        if self.running:
            self.time += dt
        feeder = self.feeder
        schedule, due, now = feeder.schedule, self._due, self.time + 1e-9
        while due < len(schedule) and schedule[due][0] <= now:
            due += 1
        self._due = due
        queue = due - len(feeder.released)
        self.queue = queue = queue if queue > 0 else 0
        self.running = queue < self.depth          # not blocked

    # -- drawing -------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "queue": self.queue, "depth": self.depth, "blocked": self.blocked,
                "pitch": self.pitch_mm, "width": self.width_mm, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        far = s["x"] + (s["depth"] + 0.5) * s["pitch"]
        return [(s["x"], s["y"] - s["width"] / 2 - 30), (far, s["y"] + s["width"] / 2 + 30)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        # the queued cartons upstream of the pick (downstream first), then the eye's beam across
        for k in range(min(s["queue"], s["depth"] + 1)):
            cx = s["x"] + (k + 1) * s["pitch"]
            pen.rect_rotated(cx, s["y"], s["pitch"] * 0.85, s["width"] * 0.6, 0.0, pen.rgb("orange"))
        ex = s["x"] + s["depth"] * s["pitch"]
        col = "BEAM_BLOCKED" if s["blocked"] else "BEAM"
        pen.line((ex, s["y"] - s["width"] / 2), (ex, s["y"] + s["width"] / 2), col, 3)
        shapes = list(pen.rect_rotated(ex, s["y"] - s["width"] / 2 - 12, 24, 24, 0.0, "SENSOR_BODY"))
        pen.circle(ex, s["y"] - s["width"] / 2 - 12, 8, col)
        pen.label(f"{s['label']}: {s['queue']} queued", ex, s["y"] + s["width"] / 2 + 20)
        pen.hot(name, self.kind, shapes)
