"""Machine hopper: the parts buffer in front of a machine, filled from a chute (a diverter arm
steers parts off a belt into its mouth) and emptied by the machine one part per cycle, for
MAT-H14.

Its mouth is a Chute's rectangle: a part whose centre slides in is taken out of the plant and
counted (a part arriving while it already holds `capacity` parts is logged in `overfilled`:
it jams the mouth). Two level switches: 'low' TRUE while it holds `low_mark` parts or fewer,
'high' TRUE while it holds `high_mark` or more. The machine takes one part every 1/rate s of
its own running time: from `start_s` on, except while it stands in one of its `stops`
[(from_s, to_s)], until it has taken `quota` parts. A machine whose cycle is due while the
hopper is empty waits (starves) until a part arrives and takes it at once; each wait is
logged in `starved` [[from_s, to_s or None]]. Signal 'done': TRUE once the machine has taken
its quota (it reports its lot finished). Units: parts, seconds.

    hopper = plant.add(MachineHopper("hopper1", 600, 52, 900, 400, capacity=24, low_mark=5,
                                     high_mark=14, level=8, rate=0.5, quota=20, stops=[(10, 25)]))
    hopper.read("low"), hopper.read("high")
"""

from __future__ import annotations

from typing import Any

from sim.devices.chute import Chute


class MachineHopper(Chute):
    kind = "machine_hopper"
    layer = 0
    signals = ("low", "high", "done", "full", "level")

    def __init__(self, name: str, x0: float, y0: float, x1: float, y1: float, *, capacity: int,
                 low_mark: int, high_mark: int, level: int = 0, rate: float = 0.5, quota: int = 10,
                 start_s: float = 0.0, stops: tuple[tuple[float, float], ...] | list = (), label: str = ""):
        if not 0 <= low_mark < high_mark <= capacity:
            raise ValueError(f"machine hopper {name!r}: marks must satisfy 0 <= low < high <= capacity")
        if rate <= 0:
            raise ValueError(f"machine hopper {name!r}: the machine's rate must be positive")
        super().__init__(name, x0, y0, x1, y1, capacity=capacity, level=level, label=label)
        self.low_mark, self.high_mark = int(low_mark), int(high_mark)
        self.rate, self.quota, self.start_s = float(rate), int(quota), float(start_s)
        self.stops = [(float(a), float(b)) for a, b in stops]
        self.cycle_s = 1.0 / self.rate
        self.consumed = 0
        self.starved: list[list[float | None]] = []
        self._clock = 0.0               # running time into the current cycle

    @property
    def low(self) -> bool:
        return self.level <= self.low_mark

    @property
    def high(self) -> bool:
        return self.level >= self.high_mark

    @property
    def done(self) -> bool:
        return self.consumed >= self.quota

    @property
    def waiting(self) -> bool:
        """Whether the machine is starving right now (its cycle due, the hopper empty)."""
        return bool(self.starved) and self.starved[-1][1] is None

    def running(self, t: float | None = None) -> bool:
        """Whether the machine runs (asks for parts) at time t: started, not stopped, quota not done."""
        t = self.time if t is None else t
        if self.done or t + 1e-9 < self.start_s:
            return False
        return not any(a - 1e-9 <= t < b - 1e-9 for a, b in self.stops)

    def read(self, signal: str) -> Any:
        # the properties' tests written out: the I/O transfer reads these every scan
        if signal == "low":
            return self.level <= self.low_mark
        if signal == "high":
            return self.level >= self.high_mark
        if signal == "done":
            return self.consumed >= self.quota
        return super().read(signal)

    def step(self, dt: float) -> None:
        super().step(dt)                # the mouth: parts arriving (self.time advances there)
        # running(), written out for the step of every substep
        t = self.time
        running = self.consumed < self.quota and t + 1e-9 >= self.start_s
        if running:
            for a, b in self.stops:
                if a - 1e-9 <= t < b - 1e-9:
                    running = False
                    break
        if not running:
            if self.waiting:
                self.starved[-1][1] = round(self.time, 3)
            return
        self._clock += dt
        if self._clock + 1e-9 < self.cycle_s:
            return
        if self.level > 0:
            self.level -= 1
            self.consumed += 1
            self._clock = 0.0
            if self.waiting:
                self.starved[-1][1] = round(self.time, 3)
        elif not self.waiting:
            self.starved.append([round(self.time, 3), None])

    def waited_s(self) -> float:
        """How long the machine has been starving right now (0 when it is not)."""
        if not self.waiting:
            return 0.0
        return self.time - float(self.starved[-1][0])       # type: ignore[arg-type]

    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(low=self.low, high=self.high, low_mark=self.low_mark, high_mark=self.high_mark,
                 consumed=self.consumed, quota=self.quota, running=self.running(), waiting=self.waiting)
        return s

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x0, self.y0), (self.x1 + 40, self.y1 + 190)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x0, y0, x1, y1 = s["x0"], s["y0"], s["x1"], s["y1"]
        cap, level = s["capacity"], s["level"]
        # the hopper body (a funnel toward the machine), its fill drawn to its real level
        body = [(x0, y0), (x1, y0), (x1 - 60, y1), (x0 + 60, y1)]
        pts = pen.poly(body, "CHUTE")
        pen.poly(body, "FAULT" if s["full"] or level > cap else "PLACE_EDGE", 2)
        h = (y1 - y0) * min(1.0, level / cap)
        if h > 0:
            top = y1 - h
            inset = 60 * (top - y0) / (y1 - y0)
            pen.poly([(x0 + inset, top), (x1 - inset, top), (x1 - 60, y1), (x0 + 60, y1)], "PART")
        # the level switches on the hopper's side wall at their marks, lit while TRUE
        for mark, on in ((s["low_mark"], s["low"]), (s["high_mark"], s["high"])):
            yy = y1 - (y1 - y0) * mark / cap
            pen.line((x1 - 60 * (yy - y0) / (y1 - y0) + 4, yy), (x1 + 20, yy), "PLACE_EDGE", 1)
            pen.circle(x1 + 26, yy, 7, "LIT" if on else "UNLIT", min_px=3)
        # the machine below it: busy while it runs, red while it starves
        mx, my = (x0 + x1) / 2, y1 + 90
        colour = "FAULT" if s["waiting"] else ("BUSY" if s["running"] else "MACHINE_FLOOR")
        pen.rect_rotated(mx, my, x1 - x0 - 80, 120, 0.0, colour, border=2)
        state = "WAITING" if s["waiting"] else ("done" if s["consumed"] >= s["quota"] else "")
        pen.label(f"machine {s['consumed']}/{s['quota']} {state}".strip(), mx, my)
        pen.label(f"{s.get('label') or name}: {level}/{cap}" + (" FULL" if s["full"] else ""), mx, y1 + 170,
                  "FAULT" if s["full"] else "LABEL")
        pen.hot(name, self.kind, pts)
