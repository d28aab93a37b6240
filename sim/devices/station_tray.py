"""The infeed tray of a next station that asks for parts one at a time: a Chute with a request.

The station raises 'request' when it wants a part: request k comes `gaps_s[k]` seconds after
the part of request k - 1 arrived (the first one `gaps_s[0]` s after power-up, 0 = already up
at power-up). A part that arrives drops the request. A part that arrives while no request is
up is logged in `unrequested` (the station did not want it: it jams the tray).

    tray = plant.add(StationTray("tray", 1000, 250, 1200, 350, gaps_s=[0.5, 2.0, 0.2]))
    tray.read("request")      # TRUE while the station waits for a part
    tray.served               # [(asked_s, arrived_s), ...] one per answered request
"""

from __future__ import annotations

from typing import Any

from sim.devices.chute import Chute


class StationTray(Chute):
    """A tray (x0..x1, y0..y1) at the next station that requests its parts (see the module)."""

    kind = "station_tray"
    signals = ("request", "full")

    def __init__(self, name: str, x0: float, y0: float, x1: float, y1: float, *, gaps_s: list[float],
                 label: str = ""):
        super().__init__(name, x0, y0, x1, y1, label=label or name)
        self.gaps_s = [float(g) for g in gaps_s]
        self.request = bool(self.gaps_s) and self.gaps_s[0] <= 0.0
        self.asked_s: float | None = 0.0 if self.request else None
        self.next_at: float | None = None if self.request else (self.gaps_s[0] if self.gaps_s else None)
        self.served: list[tuple[float, float]] = []
        self.unrequested: list[tuple[float, str]] = []

    @property
    def asked(self) -> int:
        """Requests raised so far."""
        return len(self.served) + (1 if self.request else 0)

    def read(self, signal: str) -> Any:
        if signal == "request":
            return self.request
        return super().read(signal)

    def _collect(self, dt: float) -> None:
        """Chute.step's collection, with a held part passed over before its position is read (a
        magazine holds its whole stack beside the tray, and a held part's position is never cached)."""
        self.time += dt
        x0, y0, x1, y1 = self.x0, self.y0, self.x1, self.y1
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            if part.holder is not None:
                continue
            x, y = part._xy if part._xy_tick == tick else part.xy()
            if x0 <= x <= x1 and y0 <= y <= y1:
                if self.full:
                    self.overfilled.append((self.time, part.part_kind))
                self.collected.append((self.time, part.part_kind))
                self.level += 1
                part.remove()
                break                       # the list changed; the next part waits a substep

    def step(self, dt: float) -> None:
        before = len(self.collected)
        self._collect(dt)                   # what Chute.step does
        if len(self.collected) > before:
            t, kind = self.collected[-1]
            if self.request:
                self.served.append((self.asked_s, round(t, 3)))
                self.request = False
                k = len(self.served)
                self.next_at = t + self.gaps_s[k] if k < len(self.gaps_s) else None
            else:
                self.unrequested.append((round(t, 3), kind))
        if not self.request and self.next_at is not None and self.time + 1e-9 >= self.next_at:
            self.request, self.asked_s, self.next_at = True, round(self.time, 3), None

    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(request=self.request, served=len(self.served))
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        x, y = s["x"], max(s["y0"], s["y1"]) + 34
        pen.circle(x, y, 8, "LIT" if s["request"] else "UNLIT", min_px=4)
        pen.label("request" if s["request"] else f"served {s['served']}", x + 40, y)
