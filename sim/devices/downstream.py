"""Downstream machine with a Ready handshake: where a conveyor hands its parts over.

The next machine of the line (a take-away conveyor, a packer, a test station) stands at a
belt's discharge end and tells the upstream conveyor with one signal whether it can take a
part now. It comes up not ready until `ready_at_s` (still busy from before); each part it
takes makes it busy for that part's time from `busy_s` (0: it stays ready), then it is ready
again. A part is taken over when its centre crosses the transfer line into the intake
rectangle (it has run off the belt's end); the machine logs every part, when, and whether it
was ready as the part's front edge first crossed the transfer line, so a judge can tell a
part pushed into a machine that was not ready.

    dm = plant.add(Downstream("packer", x0=1000, y0=-60, x1=1200, y1=60, ready_at_s=1.5,
                              busy_s=(2.0, 0.5, 0.0)))
    dm.read("ready")          # FALSE until 1.5 s; FALSE for 2 s after taking the first part
    dm.received               # [(time_s, part name), ...]
"""

from __future__ import annotations

from typing import Any

from sim.devices.workpiece import PartDevice


class Downstream(PartDevice):
    """A receiving machine whose intake is the rectangle (x0..x1, y0..y1), plant mm, entered
    through its left edge x = x0 (the transfer line at the upstream belt's end, parts
    travelling toward +x).

    ready_at_s: when it first turns ready. busy_s: per part taken (in order), how long it is
    busy after it; parts beyond the list leave it busy for the last value (none: 0).
    Signals: 'ready' (TRUE = it can take a part now), 'busy' (its complement).
    `received`: (time_s, part name) of every part taken, in order; `entered_not_ready`: the
    names of parts whose front edge crossed the transfer line while it was not ready.
    """

    kind = "downstream"
    layer = 0
    signals = ("ready", "busy")

    def __init__(self, name: str, x0: float, y0: float, x1: float, y1: float, *, ready_at_s: float = 0.0,
                 busy_s: tuple[float, ...] = (), label: str = ""):
        super().__init__(name)
        self.x0, self.y0, self.x1, self.y1 = float(x0), float(y0), float(x1), float(y1)
        self.ready_at_s = float(ready_at_s)
        self.busy_s = tuple(float(b) for b in busy_s)
        self.label = label or name
        self.time = 0.0
        self.busy_until = self.ready_at_s
        self.received: list[tuple[float, str]] = []
        self.entered_not_ready: list[str] = []
        self._entering: set[str] = set()       # parts whose front edge is past the line

    @property
    def ready(self) -> bool:
        return self.time + 1e-9 >= self.busy_until

    def read(self, signal: str) -> Any:
        if signal == "ready":
            return self.ready
        if signal == "busy":
            return not self.ready
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        x0, y0, x1, y1 = self.x0, self.y0, self.x1, self.y1
        taken = None
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            x, y = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            if not (y0 <= y <= y1) or part.holder is not None:
                continue
            # the cheap tests first: an outline never reaches farther than the part's radius
            if (x + 1.01 * part.radius >= x0 and part.name not in self._entering
                    and x + part.half_extent(1.0, 0.0) > x0):
                self._entering.add(part.name)
                if not self.ready:
                    self.entered_not_ready.append(part.name)
            if taken is None and x0 <= x <= x1:
                taken = part
        if taken is not None:
            k = len(self.received)
            self.received.append((self.time, taken.name))
            busy = self.busy_s[min(k, len(self.busy_s) - 1)] if self.busy_s else 0.0
            self.busy_until = max(self.busy_until, self.time + busy)
            self._entering.discard(taken.name)
            taken.remove()

    def state(self) -> dict[str, Any]:
        return {"x0": self.x0, "y0": self.y0, "x1": self.x1, "y1": self.y1, "label": self.label,
                "x": (self.x0 + self.x1) / 2, "y": (self.y0 + self.y1) / 2, "ready": self.ready,
                "received": len(self.received)}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x0"], s["y0"] - 10), (s["x1"], s["y1"] + 30)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x0, y0, x1, y1 = s["x0"], s["y0"], s["x1"], s["y1"]
        ready = s.get("ready")
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        pts = pen.poly(corners, "MACHINE_FLOOR")
        pen.poly(corners, "ON" if ready else "BUSY", 3)
        # the transfer line the parts cross, and the Ready lamp on the machine's front
        pen.line((x0, y0), (x0, y1), "ON" if ready else "FAULT", max(2, pen.mm(4)))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        pen.circle(x1 - 20, y1 - 20, 9, "ON" if ready else "UNLIT", min_px=4)
        pen.text(f"{'READY' if ready else 'BUSY'}  {s.get('received', 0)} in", *pen.px(cx, cy), "TEXT", 12,
                 screen=True)
        pen.label(s.get("label") or name, cx, y1 + 14)
        pen.hot(name, "downstream", pts)
