"""ManualStation: a rework bench where an operator repairs rejected parts by hand, for MAT-H04.

Parts pushed into the station's in-tray (the rectangle x0..x1, y0..y1) are taken in by the
operator in arrival order. The operator works on one part at a time: the k-th part taken in
takes `rework_s[k]` seconds (the last value repeats); during a break (`breaks`: (from_s, to_s)
spells) the work in hand pauses and no new part is started. A finished part is put down at
`drop` (the start of a return belt) as soon as that place is clear, with the same part kind and
code (its barcode) and a colour: `repaired_colour`, or `failed_colour` when `fails_again(part)`
says the repair did not take. The part put down is a new Workpiece named '<name>r' (so a part's
visits can be told apart by judges).

Signals: 'busy' (TRUE while the operator works on a part), 'queue' (parts waiting in the tray,
a word), 'placed' (a 16-bit counter of parts put back on the return belt).
`taken_in` logs (time_s, part name, kind) and `placed_log` (time_s, new part name, kind).

    bench = plant.add(ManualStation("rework", 2600, 90, 2800, 400, drop=(480, -95),
                                    rework_s=(8.0, 12.0), breaks=((30.0, 50.0),)))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.devices.workpiece import PartDevice, Workpiece


class ManualStation(PartDevice):
    kind = "manual_station"
    layer = 1
    signals = ("busy", "queue", "placed")
    # what read gives, published at power-up and after every step (only a step changes the tray,
    # the part in hand, the time and the count placed): the session reads them every scan
    plain_signals = {"busy": "busy_on", "queue": "queue_len", "placed": "placed_word"}

    def __init__(self, name: str, x0: float, y0: float, x1: float, y1: float, *,
                 drop: tuple[float, float], rework_s: tuple[float, ...] = (10.0,),
                 breaks: tuple[tuple[float, float], ...] = (),
                 fails_again: Callable[[str], bool] | None = None,
                 repaired_colour: str = "green", failed_colour: str = "red", label: str = ""):
        super().__init__(name)
        if not rework_s or min(rework_s) <= 0:
            raise ValueError(f"manual station {name!r}: rework times must be positive")
        self.x0, self.y0, self.x1, self.y1 = map(float, (x0, y0, x1, y1))
        self.drop = (float(drop[0]), float(drop[1]))
        self.rework_s = tuple(float(r) for r in rework_s)
        self.breaks = tuple((float(a), float(b)) for a, b in breaks)
        self.fails_again = fails_again or (lambda kind: False)
        self.repaired_colour, self.failed_colour = repaired_colour, failed_colour
        self.label = label or name
        self.time = 0.0
        self.tray: list[dict] = []            # specs of the parts waiting, in arrival order
        self.work: dict | None = None         # the part in hand
        self.left_s = 0.0                     # work still to do on it
        self.done: dict | None = None         # finished, waiting for the drop place to clear
        self.started = 0
        self.placed = 0
        self.taken_in: list[tuple[float, str, str]] = []
        self.placed_log: list[tuple[float, str, str]] = []
        self._publish()

    def _publish(self) -> None:
        self.busy_on = self.work is not None and not self.on_break
        self.queue_len = len(self.tray)
        self.placed_word = wrap16(self.placed)

    @property
    def on_break(self) -> bool:
        t = self.time
        for a, b in self.breaks:        # a loop, not any() over a generator: asked every substep
            if a <= t < b:
                return True
        return False

    def read(self, signal: str) -> Any:
        if signal == "busy":
            return self.work is not None and not self.on_break
        if signal == "queue":
            return len(self.tray)
        if signal == "placed":
            return wrap16(self.placed)
        return super().read(signal)

    def _take_in(self) -> None:
        x0, y0, x1, y1 = self.x0, self.y0, self.x1, self.y1
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            x, y = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            if x0 <= x <= x1 and y0 <= y <= y1 and part.holder is None:
                self.tray.append(dict(name=part.name, part_kind=part.part_kind, code=part.code,
                                      material=part.material, width=part.width, length=part.length,
                                      height_mm=part.height_mm))
                self.taken_in.append((round(self.time, 3), part.name, part.part_kind))
                part.remove()
                break                       # the list changed; the next part waits a substep

    def _drop_clear(self, spec: dict) -> bool:
        size = max(spec["width"], spec["length"])
        dx, dy = self.drop
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            reach = 0.5 * size + part.radius
            px, py = part._xy if part._xy_tick == tick else part.xy()
            if abs(px - dx) < reach and abs(py - dy) < reach:
                return False
        return True

    def step(self, dt: float) -> None:
        self._step(dt)
        self._publish()

    def _step(self, dt: float) -> None:
        self.time += dt
        self._take_in()
        if self.done is not None and self._drop_clear(self.done):
            spec = dict(self.done)
            name = spec.pop("name") + "r"
            failed = self.fails_again(spec["part_kind"])
            part = Workpiece(name, *self.drop, colour=self.failed_colour if failed else self.repaired_colour,
                             **spec)
            self.plant.add(part)            # type: ignore[union-attr]
            self.placed += 1
            self.placed_log.append((round(self.time, 3), name, spec["part_kind"]))
            self.done = None
        if self.on_break:
            return
        if self.work is None and self.done is None and self.tray:
            self.work = self.tray.pop(0)
            self.left_s = self.rework_s[min(self.started, len(self.rework_s) - 1)]
            self.started += 1
        if self.work is not None:
            self.left_s -= dt
            if self.left_s <= 1e-9:
                self.done, self.work = self.work, None

    def state(self) -> dict[str, Any]:
        return {"x0": self.x0, "y0": self.y0, "x1": self.x1, "y1": self.y1, "label": self.label,
                "x": (self.x0 + self.x1) / 2, "y": (self.y0 + self.y1) / 2,
                "queue": len(self.tray), "busy": self.work is not None, "on_break": self.on_break,
                "in_hand": self.work["part_kind"] if self.work else "", "left_s": max(0.0, self.left_s),
                "placed": self.placed}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x0"] - 20, s["y0"]), (s["x1"] + 20, s["y1"] + 90)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x0, y0, x1, y1 = s["x0"], s["y0"], s["x1"], s["y1"]
        pts = pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "CHUTE")
        pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], "PLACE_EDGE", 2)
        side = min(abs(x1 - x0) * 0.6, 36.0)
        for k in range(min(s["queue"], 6)):                # the parts waiting in the tray
            pen.rect_rotated((x0 + x1) / 2, y0 + 8 + side / 2 + k * (side + 4), side, side, 0.0, "PART")
        # the operator at the bench: a head over a body, lit while working, grey on a break
        cx, cy = (x0 + x1) / 2, y1 + 50
        col = "UNLIT" if s["on_break"] else ("ON" if s["busy"] else "SENSOR_BODY")
        pen.circle(cx, cy, 26, col, min_px=6)
        pen.circle(cx, cy + 34, 12, col, min_px=4)
        text = ("break" if s["on_break"] else
                f"rework {s['in_hand']} {s['left_s']:.0f} s" if s["busy"] else "idle")
        pen.label(f"{s['label']}: {text}", cx, y1 + 96)
        pen.hot(name, self.kind, pts)
