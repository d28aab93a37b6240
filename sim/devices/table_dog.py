"""A reversing dog switch on a machine table: a roller lever on the bed, tripped by an adjustable
dog clamped to the side of a table that runs past it (a surface grinder's or planer's reversal).

The switch watches any table device with a `pos` (mm) attribute, e.g. a ContactorCarriage.
Its contact (`tripped`) is TRUE while the table is at or beyond `at_mm` on the switch's
`side` (+1: pos >= at_mm, the right-hand dog; -1: pos <= at_mm, the left-hand dog): a table that
overruns the dog keeps the lever down. After every edge of that truth the contact bounces for
`bounce_s` seconds (random chatter drawn from the plant's seeded generator), then settles.

    table = plant.add(ContactorCarriage("table", ...))
    plant.add(DogSwitch("dog_right", table, at_mm=600.0, side=+1, bounce_s=0.01))

Add it after the table, so it reads the table's position of the same step. `beyond` is the
physical truth (for judges), `output` what the contact shows the PLC.
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class DogSwitch(Device):
    kind = "dog_switch"
    layer = 2
    signals = ("tripped",)

    def __init__(self, name: str, table: Any, *, at_mm: float, side: int = 1, bounce_s: float = 0.0,
                 label: str = ""):
        super().__init__(name)
        if side not in (1, -1):
            raise ValueError(f"{name}: side is +1 (trips at and above at_mm) or -1 (at and below)")
        if bounce_s < 0:
            raise ValueError(f"{name}: bounce_s must not be negative")
        self.table = table
        self.at_mm, self.side, self.bounce_s = float(at_mm), int(side), float(bounce_s)
        self.label = label or name
        self.beyond = self._truth()
        self.output = self.beyond           # a table standing on the dog at power-up: no chatter
        self.time = 0.0
        self._chatter_until = -1.0
        self.edges: list[tuple[float, bool]] = []   # (time, beyond) of every true edge, for judges

    def _truth(self) -> bool:
        return (self.table.pos - self.at_mm) * self.side >= 0.0

    def read(self, signal: str) -> Any:
        if signal == "tripped":
            return self.output
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        now = self._truth()
        if now != self.beyond:
            self.beyond = now
            self.edges.append((self.time, now))
            if self.bounce_s > 0.0:
                self._chatter_until = self.time + self.bounce_s
        if self.time < self._chatter_until - 1e-9:
            self.output = self.plant.rng.random() < 0.5   # type: ignore[union-attr]
        else:
            self.output = now

    # -- drawing ---------------------------------------------------------------------------
    def _xy(self) -> tuple[float, float]:
        ox, oy = getattr(self.table, "origin", (0.0, 0.0))
        return (ox + self.at_mm, oy + 70.0)

    def state(self) -> dict[str, Any]:
        x, y = self._xy()
        return {"x": x, "y": y, "tripped": self.output, "beyond": self.beyond, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self._xy()
        return [(x - 30, y - 20), (x + 30, y + 50)]

    def draw(self, pen) -> None:
        x, y = self._xy()
        body = pen.rect_rotated(x, y + 12, 26, 24, 0.0, "ON" if self.output else "UNLIT")
        # the roller lever, pushed over toward the outside while the dog holds it down
        tip = (x + 12 * self.side, y - 10) if self.output else (x, y - 16)
        pen.line((x, y), tip, "ROD", 3)
        pen.label(self.label, x, y + 38, "LIT" if self.output else "LABEL")
        pen.hot(self.name, self.kind, list(body), operable=False, pad=4)
