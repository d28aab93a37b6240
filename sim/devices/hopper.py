"""Hopper: a bulk hopper whose vibratory chute refills a bowl feeder, with the operator who tops
it up, for MAT-M17. Parts are counted.

While `feed` is on and the hopper holds parts, parts drop into the bowl (`into`, a device with
`add(n)`, e.g. sim.devices.bowl_feeder.BowlFeeder) at `fill_rate` parts/s. It holds `contents`
parts at power-up; once empty, the operator tops it up with `refill` parts when the alarm lamp
(`alarm`, a lamp device name) has been lit for `refill_s` (a lamp lit before the hopper is empty
does not count). Signal 'empty': the level switch at its outlet, TRUE while it holds no part.
`runs` logs every feed run as (start_s, end_s or None), `empty_since` the time it last ran dry
and `refills` the operator's top-ups. Units: parts, seconds.
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class Hopper(Device):
    kind = "hopper"
    layer = 2
    signals = ("empty",)
    commands = ("feed",)

    def __init__(self, name: str, x: float, y: float, *, into: str, contents: int = 100,
                 fill_rate: float = 5.0, alarm: str | None = None, refill: int = 200, refill_s: float = 10.0):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.into_name, self.alarm_name = into, alarm
        self.contents, self.fill_rate = int(contents), float(fill_rate)
        self.refill, self.refill_s = int(refill), float(refill_s)
        self.feeding = False
        self.time = 0.0
        self.runs: list[list[float | None]] = []
        self.empty_since: float | None = 0.0 if self.contents <= 0 else None
        self.refills: list[float] = []
        self._drop = 0.0
        self._lit_since: float | None = None
        self._into: Any = None

    @property
    def empty(self) -> bool:
        return self.contents <= 0

    def read(self, signal: str) -> Any:
        if signal == "empty":
            return self.empty
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "feed":
            v = bool(value)
            if v and not self.feeding:
                self.runs.append([round(self.time, 3), None])
            elif self.feeding and not v:
                self.runs[-1][1] = round(self.time, 3)
            self.feeding = v
        else:
            super().write(command, value)

    def step(self, dt: float) -> None:
        self.time += dt
        if self._into is None:
            self._into = self.plant[self.into_name]      # type: ignore[index]
        if self.feeding and self.contents > 0:
            self._drop += self.fill_rate * dt
            n = min(int(self._drop), self.contents)
            if n:
                self._drop -= n
                self.contents -= n
                self._into.add(n)
                if self.contents <= 0:
                    self.empty_since = round(self.time, 3)
        # the operator tops an empty hopper up once the alarm lamp has been lit refill_s
        if self.alarm_name is not None:
            lit = bool(self.plant[self.alarm_name].read("lit")) and self.empty    # type: ignore[index]
            if not lit:
                self._lit_since = None
            elif self._lit_since is None:
                self._lit_since = self.time
            elif self.time - self._lit_since + 1e-9 >= self.refill_s:
                self.contents += self.refill
                self.empty_since, self._lit_since = None, None
                self.refills.append(round(self.time, 3))

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "contents": self.contents, "feeding": self.feeding,
                "empty": self.empty}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 160, self.y - 40), (self.x + 160, self.y + 260)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"], s["y"]
        body = [(x - 150, y + 250), (x + 150, y + 250), (x + 40, y + 40), (x - 40, y + 40)]
        pts = pen.poly(body, "MACHINE_FLOOR")
        pen.poly(body, "FAULT" if s["empty"] else "PLACE_EDGE", 2)
        fill = min(1.0, s["contents"] / 300.0)
        if fill > 0:
            top = y + 40 + 210 * fill
            half = 40 + 110 * fill
            pen.poly([(x - half, top), (x + half, top), (x + 40, y + 40), (x - 40, y + 40)], "PART")
        pen.rect_rotated(x, y + 10, 40, 60, 0.0, "BUSY" if s["feeding"] else "CYLINDER")
        pen.label(f"hopper {s['contents']} parts" + (" EMPTY" if s["empty"] else ""), x, y + 270,
                  "FAULT" if s["empty"] else "LABEL")
        pen.hot(self.name, self.kind, pts)
