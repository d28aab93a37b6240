"""The warehouse host of a stacker crane: it hands the PLC one order at a time and checks each
order it is told is done against the rack (sim.devices.rack.Rack).

`orders` are ints: +id = store load id (it comes in on the infeed stand), -id = retrieve load id
(to the outfeed stand). The host presents an order `first_s` after power-up and `gap_s` after the
previous one was reported done; a store order only once the infeed stand is free, and then the
infeed conveyor brings its load (rack.arrive) in the same step. Signals: 'pending' (TRUE while an
order waits to be reported done), 'kind' (1 store, 2 retrieve, 0 none), 'load' (its load id, 0
none) and 'listed_occupied', the host's inventory at power-up as a bit mask of slots (bit 0 = slot
1) - which may be wrong: `unlisted` slots hold a load the host does not know of.

Commands: 'done' (its rising edge reports the presented order done) and 'slot' (a store order's
slot number): both are taken at the next step, so a slot word written in the scan of the edge
counts. The host then checks: a store order's load must lie in the slot reported, a retrieval's
load on the outfeed stand (or already conveyed away from it). Each report is logged in `results`
(a Result: '' or the message of what was wrong); an edge with no order presented is counted in
`stray_dones`.

    host = plant.add(StorageHost("host", rack="rack", orders=(101, 102, -101), gap_s=1.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.devices.rack import Rack
from sim.plant import Device

STORE, RETRIEVE = 1, 2


@dataclass
class Result:
    number: int              # 1-based order number
    kind: int
    load: int
    presented_s: float
    done_s: float
    slot: int
    error: str = ""          # what the host found wrong ('' = the order really is done)


class StorageHost(Device):
    kind = "host"
    layer = 7
    signals = ("pending", "kind", "load", "listed_occupied")
    commands = ("done", "slot")
    plain_commands = {"slot": ("slot_word", int)}

    def __init__(self, name: str, *, rack: str, orders: tuple[int, ...], first_s: float = 0.5,
                 gap_s: float = 1.0, unlisted: tuple[int, ...] = (),
                 position: tuple[float, float] = (0.0, 0.0),
                 label: str = ""):
        super().__init__(name)
        if any(o == 0 for o in orders):
            raise ValueError(f"{name}: an order is +id (store) or -id (retrieve), never 0")
        self.rack_name = rack
        self.orders = tuple(int(o) for o in orders)
        self.first_s, self.gap_s = float(first_s), float(gap_s)
        self.unlisted = tuple(int(n) for n in unlisted)
        self.position = (float(position[0]), float(position[1]))
        self.label = label or name
        self.listed = 0
        self.time = 0.0
        self.index = 0                 # orders reported done so far
        self.current: int | None = None
        self.due_s = self.first_s
        self.presented_s: list[float] = []
        self.results: list[Result] = []
        self.stray_dones = 0
        self.slot_word = 0
        self._done_prev = False
        self._report_due = False
        self.rack: Rack | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.rack = plant.device(self.rack_name, Rack)
        self.listed = self.rack.occupancy() & ~sum(1 << (n - 1) for n in self.unlisted)

    @property
    def order(self) -> int:
        return 0 if self.current is None else self.orders[self.current]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.orders)

    def read(self, signal: str) -> Any:
        if signal == "pending":
            return self.current is not None
        if signal == "kind":
            o = self.order
            return 0 if o == 0 else (STORE if o > 0 else RETRIEVE)
        if signal == "load":
            return abs(self.order)
        if signal == "listed_occupied":
            return self.listed
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "done":
            v = bool(value)
            if v and not self._done_prev:
                self._report_due = True     # judged at the next step, so a slot word of the same scan counts
            self._done_prev = v
        elif command == "slot":
            self.slot_word = int(value)
        else:
            super().write(command, value)

    def _report(self) -> None:
        if self.current is None:
            self.stray_dones += 1
            return
        o = self.orders[self.current]
        load, rack, n = abs(o), self.rack, self.slot_word
        if o > 0:
            ok = 1 <= n <= len(rack.slots) and rack.slot(n).load == load
            claim = f"store load {load}: reported slot {n}"
        else:
            ok = rack.outfeed.load == load or any(d == load for _, d in rack.delivered)
            claim = f"retrieve load {load}: reported done"
        error = "" if ok else f"{claim}, but load {load} is {self._whereabouts(load)}"
        self.results.append(Result(self.current + 1, STORE if o > 0 else RETRIEVE, load,
                                   self.presented_s[-1], round(self.time, 3), self.slot_word, error))
        self.current = None
        self.index += 1
        self.due_s = self.time + self.gap_s

    def _whereabouts(self, load: int) -> str:
        p = self.rack.where(load)
        if p is not None:
            return f"in {p.name}" if p.slot else f"on the {p.name} stand"
        if any(d == load for _, d in self.rack.delivered):
            return "conveyed away on the outfeed"
        return "not in the rack (on the crane's fork or dropped)"

    def step(self, dt: float) -> None:
        self.time += dt
        if self._report_due:
            self._report_due = False
            self._report()
        if self.current is not None or self.finished or self.time < self.due_s - 1e-9:
            return
        o = self.orders[self.index]
        if o > 0 and not self.rack.arrive(o):
            return                      # the infeed stand is not free yet: the order waits
        self.current = self.index
        self.presented_s.append(round(self.time, 3))

    def state(self) -> dict[str, Any]:
        o = self.order
        text = "no order" if o == 0 else f"{'store' if o > 0 else 'retrieve'} {abs(o)}"
        return {"x": self.position[0], "y": self.position[1], "width": 260.0, "height": 50.0,
                "display": text, "value": o,
                "label": f"{self.label}: order {min(self.index + 1, len(self.orders))} of {len(self.orders)}"}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.position
        return [(x - 140.0, y - 30.0), (x + 140.0, y + 50.0)]

    def draw(self, pen) -> None:
        s = self.state()
        pts = pen.rect_rotated(s["x"], s["y"], s["width"], s["height"], 0.0, "DISPLAY")
        pen.text(s["display"], *pen.px(s["x"], s["y"]), "DISPLAY_TEXT", 14, screen=True)
        pen.label(s["label"], s["x"], s["y"] + 45.0)
        for n, r in enumerate(self.results[-3:]):
            word, colour = ("done", "LABEL") if not r.error else ("WRONG", "FAULT")
            pen.label(f"order {r.number}: {word}", s["x"], s["y"] - 45.0 - 25 * n, colour)
        pen.hot(self.name, self.kind, pts)
