"""Line encoder: a measuring wheel running on a conveyor belt, counting its travel.

The PLC reads a 16-bit counter (INT) that counts up while the belt runs forward and down while
it runs backwards, `counts_per_mm` counts per millimetre, and wraps as a 16-bit counter does:
from 32767 on to -32768 (and back). A program that takes the difference of two readings as a
plain number sees a jump of 65536 counts at every wrap; stored to an INT, the difference
wraps back to the true travel.

The count starts at `start_count` (a counter has no zero of its own). The belt's travel is
integrated from its velocity every step, so the count follows ramps and steps of the belt.

With `latch_at_mm` the encoder card has a registration latch wired to a product-detect eye
there: when the leading edge of a part riding the belt reaches that point, the count at that
very instant (within the step, whatever the scan) is latched in `edge_count`, and `edges`
(a 16-bit counter too) counts up by one, so the program sees each new edge.
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.workpiece import material_flow
from sim.plant import Device

COUNTER_SPAN = 65536


def planned_travel(t_s: float, v0: float, changes, accel: float, dt: float = 0.01,
                   running: bool = False) -> float:
    """How far a belt travels in t_s from standstill, set to v0 at power-up and to each speed of
    `changes` ((time_s, speed), in time order) from then on, ramping at `accel` (mm/s^2) as a
    Conveyor with ramp_s = max_speed / accel does, stepped as the plant steps: for a task's
    builder that places a wrap of the counter or a part's arrival at a time. `running`: the belt
    already runs at v0 at power-up."""
    return travel_table(t_s, v0, changes, accel, dt, running)[-1]


def travel_table(t_s: float, v0: float, changes, accel: float, dt: float = 0.01,
                 running: bool = False) -> list[float]:
    """planned_travel at every step from 0 to t_s: entry k is the travel after k steps."""
    v = v0 if running else 0.0
    x = t = 0.0
    changes = list(changes)
    target, k = v0, 0
    out = [0.0]
    while t < t_s - 1e-9:
        while k < len(changes) and t >= changes[k][0] - 1e-9:
            target = changes[k][1]
            k += 1
        dv = accel * dt
        v = target if abs(target - v) <= dv else v + (dv if target > v else -dv)
        x += v * dt
        t += dt
        out.append(x)
    return out


def wrap16(n: int) -> int:
    """An integer as a 16-bit signed counter shows it (-32768..32767)."""
    return (n + 32768) % COUNTER_SPAN - 32768


class BeltEncoder(Device):
    """Counts the travel of `conveyor` (sim.devices.conveyor.Conveyor). Drawn as a measuring
    wheel beside the belt at `at_mm` from its infeed end, with its count."""

    kind = "encoder"
    layer = 2
    signals = ("count", "edge_count", "edges")
    # read every scan straight from these (count a property: read("count") answers with it)
    plain_signals = {"count": "count", "edge_count": "edge_count"}

    def __init__(self, name: str, conveyor, *, counts_per_mm: float = 20.0, start_count: int = 0,
                 at_mm: float = 100.0, latch_at_mm: float | None = None, label: str = ""):
        super().__init__(name)
        if counts_per_mm <= 0:
            raise ValueError(f"{name}: counts_per_mm must be positive")
        self.conveyor = conveyor
        self.counts_per_mm = float(counts_per_mm)
        self.start_count = int(start_count)
        self.travel_mm = 0.0          # signed belt travel since power-up (for judges)
        self.at_mm = float(at_mm)
        self.label = label or name
        self.latch_at_mm = latch_at_mm
        self.edge_count = 0           # the count latched at the last leading edge (wrapped)
        self.edges = 0                # leading edges latched since power-up
        self.edge_travel: list[float] = []    # belt travel at each latched edge (for judges)
        self._leading: dict[int, float] = {}   # each part's leading edge along the belt, last step
        self._travel_then = 0.0

    @property
    def total_counts(self) -> int:
        """The counts since power-up without the wrap (what the program must rebuild)."""
        return self.start_count + math.floor(self.travel_mm * self.counts_per_mm + 1e-9)

    @property
    def count(self) -> int:
        # wrap16(self.total_counts) written out: the I/O transfer reads it every scan
        return (self.start_count + math.floor(self.travel_mm * self.counts_per_mm + 1e-9) + 32768) \
            % COUNTER_SPAN - 32768

    def read(self, signal: str) -> Any:
        if signal == "count":
            return self.count
        if signal == "edge_count":
            return self.edge_count
        if signal == "edges":
            return wrap16(self.edges)
        return super().read(signal)

    def step(self, dt: float) -> None:
        # the belt's velocity after its own step this scan (devices step in the order added:
        # add the encoder after its conveyor)
        if self.latch_at_mm is not None:
            self._latch()
        self.travel_mm += self.conveyor.velocity * dt

    def _latch(self) -> None:
        """Parts moved in the physics step after the last device step: a leading edge that passed
        the latch point since then latches the count interpolated to its crossing."""
        belt, at = self.conveyor, self.latch_at_mm
        travel_now = self.travel_mm
        seen: dict[int, float] = {}
        bx, by, ux, uy = belt.x, belt.y, belt.ux, belt.uy
        half_length, half_width = belt.half_length, belt.half_width
        leading = self._leading
        tick = self.plant.tick                                  # type: ignore[union-attr]
        for part in self._flow.parts:                           # _parts(), its filter in line
            if part.removed or part.holder is not None:
                continue
            x, y = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            along = (x - bx) * ux + (y - by) * uy + half_length
            across = (y - by) * ux - (x - bx) * uy
            if abs(across) > half_width:
                continue
            edge = along + part.length / 2
            seen[id(part)] = edge
            before = leading.get(id(part))
            if before is not None and before < at <= edge and edge > before:
                f = (at - before) / (edge - before)
                travel = self._travel_then + f * (travel_now - self._travel_then)
                self.edges += 1
                self.edge_travel.append(travel)
                self.edge_count = wrap16(self.start_count + math.floor(travel * self.counts_per_mm + 1e-9))
        self._leading = seen
        self._travel_then = travel_now

    def attach(self, plant) -> None:
        super().attach(plant)
        self._flow = material_flow(plant)

    def _parts(self):
        return [p for p in material_flow(self.plant).parts if not p.removed and p.holder is None]

    def _wheel(self) -> tuple[float, float, float]:
        c = self.conveyor
        x, y = c.point(self.at_mm, c.half_width + 22.0)
        return x, y, 18.0

    def state(self) -> dict[str, Any]:
        x, y, r = self._wheel()
        return {"x": x, "y": y, "radius": r, "count": self.count, "travel_mm": self.travel_mm,
                "angle_deg": math.degrees(self.travel_mm / r), "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        x, y, r = self._wheel()
        return [(x - r - 4, y - r - 4), (x + r + 4, y + r + 30)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y, r = s["x"], s["y"], s["radius"]
        pen.circle(x, y, r, "ROLLER")
        pen.circle(x, y, r, "FRAME", width=2)
        a = math.radians(-s["angle_deg"])   # turns against the belt it rolls on
        pen.line((x, y), (x + r * math.cos(a), y + r * math.sin(a)), "TEXT_DARK", 2)
        pen.label(f"{s['label']} {s['count']}", x, y + r + 16)
        pen.hot(self.name, "encoder", [pen.px(x - r, y - r), pen.px(x + r, y + r)])
