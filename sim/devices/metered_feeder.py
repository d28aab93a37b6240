"""Metered feeder: a vibratory feeder with an escapement that hands parts onto a belt one at a
time while its 'run' command is on, for MAT-H14.

While running it releases a part every `interval_s` of running time, each interval stretched
or shortened at random by up to `jitter` (a share, drawn from the plant's seeded generator),
and only once the drop place is clear (Feeder's rule). Switched off, it holds the part it was
about to release; switched on again, it goes on with the interval it was in. It never runs
dry. `runs` logs every run as [start_s, end_s or None].

    feeder = plant.add(MeteredFeeder("feeder", *belt.point(60), interval_s=0.5, jitter=0.15,
                                     spec=dict(shape="circle", width=50)))
    feeder.write("run", True)
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import Feeder


class MeteredFeeder(Feeder):
    kind = "feeder"
    commands = ("run",)

    def __init__(self, name: str, x: float, y: float, *, interval_s: float, jitter: float = 0.0,
                 spec: dict | None = None, prefix: str = "part", first_s: float | None = None):
        if interval_s <= 0 or not 0 <= jitter < 1:
            raise ValueError(f"metered feeder {name!r}: interval must be positive and jitter in [0, 1)")
        super().__init__(name, x, y, [], prefix=prefix)
        self.interval_s, self.jitter = float(interval_s), float(jitter)
        self.spec = dict(spec or {})
        self.running = False
        self.time = 0.0
        self.runs: list[list[float | None]] = []
        self._due = self.interval_s if first_s is None else float(first_s)
        self._clock = 0.0

    def read(self, signal: str) -> Any:
        if signal == "running":
            return self.running
        if signal == "empty":
            return False
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "run":
            v = bool(value)
            if v and not self.running:
                self.runs.append([round(self.time, 3), None])
            elif self.running and not v:
                self.runs[-1][1] = round(self.time, 3)
            self.running = v
        else:
            super().write(command, value)

    def _next_interval(self) -> float:
        if not self.jitter:
            return self.interval_s
        return self.interval_s * (1.0 + self.plant.rng.uniform(-self.jitter, self.jitter))  # type: ignore[union-attr]

    def step(self, dt: float) -> None:
        self.time += dt
        if not self.running:
            return
        self._clock += dt
        if self._clock + 1e-9 >= self._due and self._place_clear(self.spec):
            self.release(self.spec)
            self._clock = 0.0
            self._due = self._next_interval()

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "angle_deg": self.angle_deg, "released": len(self.released),
                "running": self.running}

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        pts = pen.rect_rotated(x, y, 90, 130, 0.0, "FEEDER", border=2)
        pen.circle(x, y, 30, "BUSY" if s["running"] else "CYLINDER", min_px=4)
        pen.label(f"{name} {'RUN' if s['running'] else 'off'} ({s['released']} fed)", x, y - 80)
        pen.hot(name, "feeder", pts)
