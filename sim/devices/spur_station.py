"""SpurStation: a side lane off a carrier line (a spur with a work station, an unloader, or the
loop's return leg) that takes carriers in, works them one at a time and puts them back onto the
line, for MAT-H12.

A carrier (a Workpiece) whose centre comes into the `intake` rectangle while nobody holds it (a
pop-up transfer has just set it down beside the belt, or it has run off the belt's end) is taken
into the spur: out of the physics, into the spur's queue (drawn along its `lane`). The spur works
its carriers in arrival order, one at a time, each for `work_s(name)` seconds (`parallel`: every
carrier at once, each from its own entry: the travel of a return leg); the work stops while the
station is out of service (an `out` window (start_s, duration_s)) and goes on where it stopped
once it is back. A worked carrier goes back onto the line at `exit_at` (a place on a belt), in
arrival order, as soon as that place is clear by `clearance_mm` (a merge into a gap); with no
`exit_at` it leaves the plant (unloaded). `on_done(name)` is called as each carrier's work ends
(the station's own controller writing its result to the carrier's tag).

Signals: 'full' (TRUE while it holds `capacity` carriers or more), 'count' (carriers it holds),
'ok' (TRUE while in service), 'busy' (TRUE while working one). For judges: `entered`
[(time_s, name, count before, ok)], `worked` [(start_s, end_s, name)], `left` [(time_s, name)].

    spur = plant.add(SpurStation("spur_a", intake=(440, 50, 560, 260), lane=(500, 60, 500, 420),
                                 capacity=2, work_s=lambda name: 4.0, exit_at=(720, 0),
                                 out=((30.0, 20.0),)))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece

_KEEP = ("part_kind", "code", "colour", "material", "height_mm", "width", "length")


class _Positions:
    """The parts' centres for one plant tick, shared by a plant's spurs (SpurStation._positions)."""

    __slots__ = ("tick", "parts", "x_max", "y_max")

    def __init__(self) -> None:
        self.tick = -1
        self.parts: list[tuple[Workpiece, float, float]] = []
        self.x_max = self.y_max = float("-inf")


class SpurStation(PartDevice):
    """See the module. intake: (x0, y0, x1, y1) plant mm; lane: the drawn lane, entry (x, y) to
    far end (x, y); queued: carrier specs (Workpiece keywords with 'name') already in the spur at
    power-up, in arrival order, the first of them `worked_s` seconds into its work."""

    kind = "spur_station"
    layer = 1
    signals = ("full", "count", "ok", "busy")
    plain_signals = {"full": "full", "count": "count", "ok": "ok", "busy": "busy"}

    def __init__(self, name: str, *, intake: tuple[float, float, float, float],
                 lane: tuple[float, float, float, float], capacity: int | None = None,
                 work_s: float | Callable[[str], float] = 0.0, parallel: bool = False,
                 exit_at: tuple[float, float] | None = None, exit_angle_deg: float = 0.0,
                 clearance_mm: float = 100.0, out: tuple[tuple[float, float], ...] = (),
                 queued: tuple[dict, ...] = (), worked_s: float = 0.0,
                 on_done: Callable[[str], None] | None = None, label: str = ""):
        super().__init__(name)
        x0, y0, x1, y1 = intake
        self.intake = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        self._intake_min = self.intake[:2]
        self.lane = lane
        self.capacity = capacity
        self._work = work_s if callable(work_s) else (lambda _name, w=float(work_s): w)
        self.parallel = parallel
        self.exit_at = exit_at
        self.exit_angle_deg = float(exit_angle_deg)
        self.clearance_mm = float(clearance_mm)
        self.out = tuple((float(a), float(d)) for a, d in out)
        self.on_done = on_done
        self.label = label or name
        self.time = 0.0
        # each held carrier: [name, spec, work left (s), done]
        self.held: list[list[Any]] = []
        for k, spec in enumerate(queued):
            spec = dict(spec)
            nm = spec.pop("name")
            left = self._work(nm) - (worked_s if k == 0 else 0.0)
            self.held.append([nm, spec, max(0.0, left), False])
        self.entered: list[tuple[float, str, int, bool]] = []
        self.worked: list[tuple[float, float, str]] = []
        self.left: list[tuple[float, str]] = []
        self._started: dict[str, float] = {}
        self._windows = tuple((a, a + d) for a, d in self.out)
        self._edges = tuple(sorted({t for w in self._windows for t in w}))
        self._update_ok()
        self._refresh()

    # -- state -----------------------------------------------------------------------------
    # 'ok', 'count', 'full' and 'busy' are plain attributes, brought up to date as the step
    # changes them: the session reads them every scan and the judges several times a scan.
    # ok only changes as the time passes an out window's start or end (_edges).
    def _update_ok(self) -> None:
        t = self.time + 1e-9
        self.ok = not any(a <= t < e for a, e in self._windows)
        self._ok_next = min((e for e in self._edges if e > t), default=math.inf)

    def _refresh(self) -> None:
        """count, full and busy after the held carriers (or ok) changed."""
        n = self.count = len(self.held)
        self.full = self.capacity is not None and n >= self.capacity
        self.busy = self.working() is not None

    def working(self) -> str | None:
        """The carrier being worked now (not in parallel mode), if any."""
        if self.parallel or not self.ok:
            return None
        for item in self.held:
            if not item[3]:
                return item[0]
        return None

    def read(self, signal: str) -> Any:
        if signal == "full":
            return self.full
        if signal == "count":
            return self.count
        if signal == "ok":
            return self.ok
        if signal == "busy":
            return self.busy
        return super().read(signal)

    # -- physics ---------------------------------------------------------------------------
    def attach(self, plant) -> None:
        super().attach(plant)
        self._cache = plant.shared("spur_station_positions", _Positions)

    def _positions(self) -> list[tuple[Workpiece, float, float]]:
        """Every part's centre, looked up once a plant step for all the spurs of the plant (at
        the step of the first spur stepped in it; the others take those as they were then)."""
        cache = self._cache
        tick = self.plant.tick                                       # type: ignore[union-attr]
        if cache.tick != tick:
            cache.tick = tick
            parts: list[tuple[Workpiece, float, float]] = []
            x_max = y_max = float("-inf")
            for part in self.flow.parts:
                x, y = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
                parts.append((part, x, y))
                if x > x_max:
                    x_max = x
                if y > y_max:
                    y_max = y
            cache.parts, cache.x_max, cache.y_max = parts, x_max, y_max
        return cache.parts

    def _taken_in(self) -> list[Workpiece]:
        x0, y0, x1, y1 = self.intake
        parts = self._positions()
        if self._cache.x_max < x0 or self._cache.y_max < y0:
            return []                   # no part reaches this intake (most steps)
        return [part for part, x, y in parts
                if x0 <= x <= x1 and y0 <= y <= y1 and part.holder is None and not part.removed]

    def _exit_clear(self, spec: dict) -> bool:
        ex, ey = self.exit_at
        size = max(float(spec.get("width", 50.0)), float(spec.get("length", 50.0)))
        for part in self.flow.parts:
            reach = 0.5 * size + part.radius + self.clearance_mm
            px, py = part.xy()
            if abs(px - ex) < reach and abs(py - ey) < reach:
                return False
        return True

    def _finish(self, item: list[Any]) -> None:
        item[3] = True
        self.worked.append((self._started.pop(item[0], round(self.time, 3)), round(self.time, 3), item[0]))
        if self.on_done is not None:
            self.on_done(item[0])

    def step(self, dt: float) -> None:
        t = self.time = self.time + dt
        changed = False
        if t + 1e-9 >= self._ok_next:
            self._update_ok()
            changed = True
        cache = self._cache
        if cache.tick != self.plant.tick:                            # type: ignore[union-attr]
            self._positions()
        x0, y0 = self._intake_min
        taken = () if cache.x_max < x0 or cache.y_max < y0 else self._taken_in()
        for part in taken:
            spec = {k: getattr(part, k) for k in _KEEP}
            spec["angle_deg"] = self.exit_angle_deg
            self.entered.append((round(t, 3), part.name, len(self.held), self.ok))
            part.remove()
            self.held.append([part.name, spec, self._work(part.name), False])
            changed = True
        held = self.held
        if not held:
            if changed:
                self._refresh()
            return
        started = self._started
        if self.parallel:
            for item in held:
                if not item[3]:
                    if item[0] not in started:
                        started[item[0]] = round(t, 3)
                    item[2] -= dt
                    if item[2] <= 1e-9:
                        self._finish(item)
                        changed = True
        elif self.ok:
            for item in held:
                if not item[3]:
                    if item[0] not in started:
                        started[item[0]] = round(t - dt, 3)
                    item[2] -= dt
                    if item[2] <= 1e-9:
                        self._finish(item)
                        changed = True
                    break
        if held[0][3]:
            name, spec = held[0][0], held[0][1]
            if self.exit_at is None:
                held.pop(0)
                self.left.append((round(t, 3), name))
                changed = True
            elif self._exit_clear(spec):
                held.pop(0)
                self.plant.add(Workpiece(name, *self.exit_at, **spec))   # type: ignore[union-attr]
                self.left.append((round(t, 3), name))
                changed = True
        if changed:
            self._refresh()

    def state(self) -> dict[str, Any]:
        ax, ay, bx, by = self.lane
        held = [(n, spec.get("colour", "silver"), done) for n, spec, _, done in self.held]
        return {"x": (ax + bx) / 2, "y": (ay + by) / 2, "lane": self.lane, "held": held,
                "ok": self.ok, "working": self.working(), "capacity": self.capacity, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        ax, ay, bx, by = self.lane
        return [(min(ax, bx) - 80, min(ay, by) - 60), (max(ax, bx) + 80, max(ay, by) + 60)]

    def draw(self, pen) -> None:
        s = self.state()
        ax, ay, bx, by = s["lane"]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ang = math.degrees(math.atan2(by - ay, bx - ax))
        ux, uy = (bx - ax) / length, (by - ay) / length
        pts = pen.rect_rotated((ax + bx) / 2, (ay + by) / 2, length, 110, ang, "FRAME", border=2)
        # the carriers it holds, from the entry on; worked ones brighter
        for k, (name, colour, done) in enumerate(s["held"]):
            d = 60 + 115 * k
            if d > length - 50:
                break
            cx, cy = ax + ux * d, ay + uy * d
            col = pen.rgb(colour)
            pen.rect_rotated(cx, cy, 100, 80, ang, col if done else pen.shade(col, 0.6))
            pen.label(name, cx, cy, "LABEL", 10)
        if self.exit_at is not None and self.exit_at[0] != ax:
            # the way back: from the lane's far end to the merge place on the belt
            ex, ey = self.exit_at
            pen.line((bx, by), (ex, by), "FRAME", 2)
            pen.line((ex, by), (ex, ey + 60 if ey < by else ey - 60), "FRAME", 2)
            ready = bool(self.held and self.held[0][3])      # a worked carrier waits to merge
            pen.circle(ex, ey + 55 if ey < by else ey - 55, 6, "ON" if ready else "UNLIT", min_px=3)
        # the station (or unloader) at the lane's far end: green working, red out of service
        col = "FAULT" if not s["ok"] else ("ON" if s["working"] else "UNLIT")
        pen.circle(bx + ux * 30, by + uy * 30, 16, col, min_px=4)
        cap = "" if s["capacity"] is None else f"/{s['capacity']}"
        pen.label(f"{s['label']} {len(s['held'])}{cap}{'' if s['ok'] else ' OUT'}", bx + ux * 30,
                  by + uy * 30 + 30)
        pen.hot(self.name, self.kind, pts)
