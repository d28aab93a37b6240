"""Packaging-line machines and the accumulation buffers between them, as unit counts: a filler,
capper or labeller (PackMachine) that cycles units from its infeed buffer into its outfeed buffer
at its speed, and an accumulation table or belt (PackBuffer) that holds a count of units with
low, high and full photo-eyes at fixed places.

A line of several hundred units a run is held as counts, not as pymunk bodies, so the closed
loop stays fast (a cycle moves one unit from the infeed buffer to the outfeed buffer at once).

PackBuffer: `count`, `capacity`; signals 'low' (TRUE while at least `low_at` units stand in it:
the low eye blocked), 'high' (at least `high_at`), 'full' (at least `full_at`), 'count'.
A unit put into a buffer already holding `capacity` units overflows (it falls off: logged in
`overflows`, not kept).

PackMachine: commands 'run' (BOOL) and 'speed_ref' (INT, units per minute, clamped to
0..max_ppm); signals 'running' (run, not jammed, speed > 0), 'speed' (the drive's ppm: its
reference, or `fixed_ppm`), 'jammed', 'count' (units done). The machine follows its reference at
once (the PLC owns the ramp). Its real cycle rate is its speed times `rate` (wear and slip: a
machine's `rate` of 0.95 cycles 5 % slower than its speed says; only the counter shows it): a cycle
comes due every 60/(speed * rate) s while it runs; a cycle due with the infeed buffer empty is a
dry cycle (logged in `dry_cycles`, nothing moves). `infeed=None` is an endless supply,
`outfeed=None` an endless discharge. `fixed_ppm` makes a machine whose speed is its own
(a filler at its nominal speed: 'speed_ref' is ignored). Jams: `jams` is a list of
(start_s, length_s): from start_s the machine stands jammed (it cycles nothing) for length_s,
then runs on by itself (the operator clears it). `standing_s` counts how long the machine has
stood (not running, not jammed) without a break.

    b1 = plant.add(PackBuffer("b1", x=600, y=0, capacity=12, low_at=2, high_at=6, full_at=10, start=4))
    plant.add(PackMachine("capper", x=900, y=0, infeed="b1", outfeed="b2", max_ppm=90))
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class PackBuffer(Device):
    kind = "accumulation_buffer"
    layer = 1
    signals = ("low", "high", "full", "count")

    def __init__(self, name: str, x: float, y: float, *, capacity: int, low_at: int, high_at: int,
                 full_at: int, start: int = 0, length: float = 400.0, label: str = ""):
        super().__init__(name)
        self.x, self.y, self.length = float(x), float(y), float(length)
        self.capacity, self.low_at, self.high_at, self.full_at = int(capacity), int(low_at), int(high_at), \
            int(full_at)
        self.count = int(start)
        self.overflows: list[float] = []      # plant times of units that fell off
        self.label = label or name
        self.time_s = 0.0

    def step(self, dt: float) -> None:
        self.time_s += dt

    def put(self) -> bool:
        if self.count >= self.capacity:
            self.overflows.append(self.time_s)
            return False
        self.count += 1
        return True

    def take(self) -> bool:
        if self.count <= 0:
            return False
        self.count -= 1
        return True

    def read(self, signal: str) -> Any:
        if signal == "low":
            return self.count >= self.low_at
        if signal == "high":
            return self.count >= self.high_at
        if signal == "full":
            return self.count >= self.full_at
        if signal == "count":
            return self.count
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "count": self.count, "capacity": self.capacity,
                "low": self.read("low"), "high": self.read("high"), "full": self.read("full"),
                "overflows": len(self.overflows)}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - self.length / 2, self.y - 80), (self.x + self.length / 2, self.y + 80)]

    def _slot_x(self, k: float) -> float:
        return self.x - self.length / 2 + self.length * (k + 0.5) / self.capacity

    def draw(self, pen) -> None:
        # an accumulation table: belt between guide rails, units as bottles with their caps, and
        # each level eye's beam across the belt (red while blocked)
        belt = "BELT_RUNNING" if self.count else "BELT"
        frame = pen.rect_rotated(self.x, self.y, self.length, 100, 0.0, belt)
        for side in (-1, 1):
            pen.rect_rotated(self.x, self.y + side * 56, self.length, 10, 0.0, "GUIDE")
        for end in (-1, 1):
            pen.circle(self.x + end * self.length / 2, self.y, 50, "ROLLER", width=2, min_px=3)
        r = max(4.0, min(40.0, self.length / self.capacity / 2 - 2))
        for k in range(self.count):
            pen.circle(self._slot_x(k), self.y, r, "BUSY", min_px=2)
            pen.circle(self._slot_x(k), self.y, r * 0.45, "PLATE", min_px=1)
        for at, lit in ((self.low_at, self.read("low")), (self.high_at, self.read("high")),
                        (self.full_at, self.read("full"))):
            x = self._slot_x(at - 1)
            pen.line((x, self.y - 60), (x, self.y + 60), "BEAM_BLOCKED" if lit else "BEAM", width_px=2)
            pen.rect_rotated(x, self.y + 72, 24, 16, 0.0, "SENSOR_BODY")
            pen.circle(x, self.y + 72, 8, "LIT" if lit else "UNLIT", min_px=3)
        pen.label(f"{self.label} {self.count}/{self.capacity}", self.x, self.y - 70)
        pen.hot(self.name, self.kind, frame)


class PackMachine(Device):
    kind = "pack_machine"
    layer = 2
    signals = ("running", "speed", "jammed", "count")
    commands = ("run", "speed_ref")

    def __init__(self, name: str, x: float, y: float, *, infeed: str | None = None,
                 outfeed: str | None = None, max_ppm: int = 90, fixed_ppm: float | None = None,
                 jams: tuple[tuple[float, float], ...] = (), rate: float = 1.0, label: str = ""):
        super().__init__(name)
        self.rate = float(rate)
        self.x, self.y = float(x), float(y)
        self.infeed_name, self.outfeed_name = infeed, outfeed
        self.max_ppm, self.fixed_ppm = int(max_ppm), fixed_ppm
        self.jams = tuple((float(a), float(b)) for a, b in jams)
        self.label = label or name
        self.run = False
        self.speed_ref = 0
        self.count = 0
        self.dry_cycles: list[float] = []
        self.time_s = 0.0
        self.phase = 0.0
        self.standing_s = 0.0
        self.infeed: PackBuffer | None = None
        self.outfeed: PackBuffer | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.infeed = plant.device(self.infeed_name, PackBuffer) if self.infeed_name else None
        self.outfeed = plant.device(self.outfeed_name, PackBuffer) if self.outfeed_name else None

    @property
    def jammed(self) -> bool:
        return any(a <= self.time_s < a + n for a, n in self.jams)

    @property
    def speed(self) -> float:
        if not self.run or self.jammed:
            return 0.0
        if self.fixed_ppm is not None:
            return float(self.fixed_ppm)
        return float(max(0, min(self.max_ppm, self.speed_ref)))

    @property
    def running(self) -> bool:
        return self.speed > 0.0

    def write(self, command: str, value: Any) -> None:
        if command == "run":
            self.run = bool(value)
        elif command == "speed_ref":
            self.speed_ref = int(value)
        else:
            super().write(command, value)

    def step(self, dt: float) -> None:
        self.time_s += dt
        v = self.speed
        if v <= 0.0:
            if not self.jammed:
                self.standing_s += dt
            return
        self.standing_s = 0.0
        self.phase += v * self.rate / 60.0 * dt
        while self.phase >= 1.0 - 1e-9:
            self.phase -= 1.0
            if self.infeed is not None and not self.infeed.take():
                self.dry_cycles.append(self.time_s)
                continue
            self.count += 1
            if self.outfeed is not None:
                self.outfeed.put()

    def read(self, signal: str) -> Any:
        if signal == "running":
            return self.running
        if signal == "speed":
            return int(round(self.speed))
        if signal == "jammed":
            return self.jammed
        if signal == "count":
            return self.count
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "running": self.running, "speed": self.speed,
                "jammed": self.jammed, "count": self.count, "dry": len(self.dry_cycles)}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 100, self.y - 110), (self.x + 100, self.y + 110)]

    def draw(self, pen) -> None:
        s = self.state()
        # the machine's body (red while jammed) around its star wheel, turning with each cycle
        frame = pen.rect_rotated(self.x, self.y, 200, 180, 0.0, "FAULT" if s["jammed"] else "FEEDER")
        pen.rect_rotated(self.x, self.y, 170, 150, 0.0, "PLACE")
        pen.circle(self.x, self.y - 10, 55, "ROLLER", min_px=4)
        for k in range(6):
            a = 2 * math.pi * (self.phase + k / 6)
            pen.line((self.x, self.y - 10), (self.x + 55 * math.cos(a), self.y - 10 + 55 * math.sin(a)),
                     "PLATE", width_px=2)
        pen.circle(self.x + 70, self.y + 60, 14, "ON" if s["running"] else "UNLIT", min_px=4)
        pen.label(f"{self.label} {s['speed']:.0f} ppm", self.x, self.y - 40)
        pen.label(f"{s['count']}", self.x, self.y)
        pen.hot(self.name, self.kind, frame)
