"""Tray machine: fills trays one at a time from an infeed shelf and pushes them out onto an outfeed shelf.

Both shelves are places of a sim.devices.tray_tower.TrayTower (the lift serves them). With
its work place empty the machine pulls the tray lying on the infeed shelf in (`pull_s`) as
soon as there is one and the lift's fingers are not out in front of that shelf; it fills it
(`cycle_s`), then pushes it out onto the outfeed shelf (`push_s`) as soon as that shelf is
empty and the fingers are not out in front of it. It fills `order` trays, then stands.

`waiting_empty` is TRUE while it stands empty with trays still to fill; `waiting_takeaway`
while a filled tray waits for the outfeed shelf. A tray can be inside at power-up
(`inside_filled_s`: how much of its fill time is already done).

Signals: 'filling' (TRUE while it fills a tray), 'done_count' (trays of the order filled).
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class TrayMachine(Device):
    kind = "tray machine"
    layer = 3
    signals = ("filling", "done_count")
    # kept by _signals() wherever the phase or the count changes (only step and attach change them)
    plain_signals = {"filling": "is_filling", "done_count": "done_count"}

    def __init__(self, name: str, *, tower: str, infeed: str, outfeed: str, cycle_s: float, order: int,
                 pull_s: float = 0.5, push_s: float = 0.5, inside_filled_s: float | None = None,
                 x: float = 0.0, y: float = 0.0, width: float = 360.0, height: float = 300.0,
                 label: str = ""):
        super().__init__(name)
        if cycle_s <= 0 or order < 0:
            raise ValueError(f"{name}: cycle_s must be positive and order not negative")
        self.tower_name, self.infeed, self.outfeed = tower, infeed, outfeed
        self.cycle_s, self.pull_s, self.push_s = float(cycle_s), float(pull_s), float(push_s)
        self.order = order
        self.x, self.y, self.width, self.height = float(x), float(y), float(width), float(height)
        self.label = label or name
        self.phase = "idle"      # idle, pulling, filling, done, pushing, finished
        self.t = 0.0
        self.tray = None
        self.filled: list[int] = []    # numbers of the trays filled, in order
        self.tower = None
        self._inside_filled_s = inside_filled_s
        self.is_filling = False
        self.done_count = 0

    def attach(self, plant) -> None:
        super().attach(plant)
        self.tower = plant[self.tower_name]
        if self._inside_filled_s is not None:
            self.tray = self.tower.new_tray()
            self.phase, self.t = "filling", float(self._inside_filled_s)
        self._signals()

    def _signals(self) -> None:
        self.is_filling = self.phase == "filling"
        self.done_count = len(self.filled)

    @property
    def waiting_empty(self) -> bool:
        return self.phase == "idle"

    @property
    def waiting_takeaway(self) -> bool:
        return self.phase == "done"

    def read(self, signal: str) -> Any:
        if signal == "filling":
            return self.is_filling
        if signal == "done_count":
            return self.done_count
        return super().read(signal)

    def step(self, dt: float) -> None:
        tower = self.tower
        if self.phase == "idle":
            if len(self.filled) >= self.order:
                self.phase = "finished"
                return
            shelf = tower.places[self.infeed]
            if shelf.trays and not tower.engaged_at(self.infeed):
                self.tray = shelf.trays.pop()
                self.phase, self.t = "pulling", 0.0
                tower.refresh_signals()
                self._signals()
            return
        if self.phase == "finished":
            return
        self.t += dt
        if self.phase == "pulling" and self.t >= self.pull_s - 1e-9:
            self.phase, self.t = "filling", 0.0
            self.is_filling = True
        elif self.phase == "filling" and self.t >= self.cycle_s - 1e-9:
            self.tray.filled = True
            self.filled.append(self.tray.number)
            self.phase, self.t = "done", 0.0
            self._signals()
        elif self.phase == "done":
            shelf = tower.places[self.outfeed]
            if not shelf.trays and not tower.engaged_at(self.outfeed):
                shelf.trays.append(self.tray)
                self.tray = None
                self.phase, self.t = "pushing", 0.0
                tower.refresh_signals()
        elif self.phase == "pushing" and self.t >= self.push_s - 1e-9:
            self.phase, self.t = "idle", 0.0

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "phase": self.phase, "filled": len(self.filled),
                "order": self.order,
                "progress": min(1.0, self.t / self.cycle_s) if self.phase == "filling" else 0.0,
                "tray": self.tray is not None, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - self.width / 2, self.y - self.height / 2 - 30),
                (self.x + self.width / 2, self.y + self.height / 2 + 30)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y, w, h = self.x, self.y, self.width, self.height
        body = pen.rect_rotated(x, y, w, h, 0.0, pen.shade("CYLINDER", 0.7))
        pen.rect_rotated(x, y, w, h, 0.0, pen.shade("CYLINDER", 0.4), border=2)
        if s["tray"]:
            pen.rect_rotated(x, y - h / 4, w * 0.6, 30, 0.0, "PART" if s["phase"] in ("done",) else
                             pen.shade("CYLINDER", 1.3))
        # the fill progress bar, lit while filling
        pen.rect_rotated(x, y + h / 4, w * 0.8, 16, 0.0, "UNLIT")
        if s["progress"] > 0:
            pw = w * 0.8 * s["progress"]
            pen.rect_rotated(x - w * 0.4 + pw / 2, y + h / 4, pw, 16, 0.0, "LIT")
        colour = "FAULT" if s["phase"] in ("idle", "done") else "LABEL"
        pen.label(f"{s['label']}: {s['phase']} ({s['filled']}/{s['order']})", x, y + h / 2 + 20, colour)
        pen.hot(self.name, self.kind, body)
