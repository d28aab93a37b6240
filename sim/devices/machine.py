"""Machining cell, part places and the parts a robot carries between them.

A machining cell is seen from above: a rectangular guard with a sliding door on the side
that faces the robot, a fixture inside that holds one part, and a machine that processes
the part while the door is closed and locked. Places (an infeed magazine, an outfeed
table, a reject bin) are where a robot picks or sets parts down.

Parts here are plain records (no pymunk body): a part carried by a robot or lying in a
fixture never touches another body, so kinematics are enough and cost nothing.

Units: millimetres, seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.drawing import draw_part_record
from sim.plant import Device


@dataclass(slots=True)
class Part:
    """One raw or machined part. `defective` is decided when the part is made (hidden from
    the program); the cell finds it out while processing and reports it as the result."""

    number: int
    defective: bool = False
    processed: bool = False
    good: bool = False          # result the cell gave (meaningful once processed)
    processed_by: str = ""
    x: float = 0.0
    y: float = 0.0
    diameter: float = 60.0
    colour: tuple[int, int, int] = (150, 150, 160)

    def state(self) -> dict[str, Any]:
        return {"number": self.number, "x": self.x, "y": self.y, "diameter": self.diameter,
                "colour": self.colour, "processed": self.processed, "good": self.good}


class PartPlace(Device):
    """A place where parts lie: a fixture, an outfeed table, a reject bin or an infeed magazine.

    capacity=1 places judge a part set down on an occupied place (`double_placements`).
    `takeaway_s` > 0 empties the place that long after a part arrives (downstream takes it
    away). `supply` is a schedule of (time_s, part): a part arriving while the place is
    occupied waits in the magazine behind it and slides forward when the place is free.
    Signal `part_present` (TRUE while a part lies on the place; a sensor under the place).
    `ejectable`: the place has a reject flap, command `eject` (rising edge): the part lying
    there drops into a reject bin (`ejected`), and the next one slides forward.
    """

    kind = "place"
    layer = 0
    signals = ("part_present",)
    commands = ()

    def __init__(self, name: str, x: float, y: float, *, label: str = "", size: float = 120.0,
                 capacity: int | None = 1, takeaway_s: float = 0.0,
                 supply: list[tuple[float, Part]] | None = None, refill_s: float = 0.3,
                 ejectable: bool = False):
        super().__init__(name)
        if ejectable:
            self.commands = ("eject",)
        self.ejected: list[tuple[float, Part]] = []       # (time_s, part) dropped through the flap
        self._eject = False
        self.x, self.y, self.size = float(x), float(y), float(size)
        self.label = label or name
        self.capacity = capacity
        self.takeaway_s = float(takeaway_s)
        self.refill_s = float(refill_s)
        self.parts: list[Part] = []
        self.delivered: list[tuple[float, Part]] = []      # (time_s, part) set down here
        self.taken_away: list[tuple[float, Part]] = []     # (time_s, part) removed downstream
        self.double_placements = 0
        self._supply = sorted(supply or [], key=lambda tp: tp[0])
        self._supply_index = 0
        self._waiting: list[Part] = []                     # arrived, queued behind the place
        self._refill_timer = 0.0
        self._takeaway_timer = 0.0
        self.time = 0.0

    # -- what the robot uses -------------------------------------------------------------
    @property
    def occupied(self) -> bool:
        return bool(self.parts)

    def take(self) -> Part | None:
        """Remove the top part (a gripper closed on it), or None when the place is empty."""
        if not self.parts:
            return None
        part = self.parts.pop()
        if not self.parts:
            self._refill_timer = self.refill_s
        return part

    def put(self, part: Part) -> None:
        """Set a part down; setting it on a full single place is a crash the task judges."""
        if self.capacity is not None and len(self.parts) >= self.capacity:
            self.double_placements += 1
        part.x, part.y = self.x, self.y
        self.parts.append(part)
        self.delivered.append((self.time, part))
        if self.takeaway_s > 0.0 and len(self.parts) == 1:
            self._takeaway_timer = self.takeaway_s

    def place_initial(self, part: Part, stay_s: float | None = None) -> None:
        """Put a part on the place before the run starts (not counted as delivered). On a
        place with a take-away, downstream takes it away takeaway_s after the start (stay_s
        after it, where given: a downstream blocked for a while at power-up)."""
        part.x, part.y = self.x, self.y
        self.parts.append(part)
        if self.takeaway_s > 0.0 and len(self.parts) == 1:
            self._takeaway_timer = self.takeaway_s if stay_s is None else float(stay_s)

    @property
    def parts_waiting(self) -> int:
        return len(self._waiting) + len(self._supply) - self._supply_index

    # -- device interface ----------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "part_present":
            return bool(self.parts)
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        if command == "eject" and "eject" in self.commands:
            v = bool(value)
            if v and not self._eject and self.parts:
                self.ejected.append((self.time, self.take()))
            self._eject = v
        else:
            super().write(command, value)

    def step(self, dt: float) -> None:
        self.time += dt
        supply = self._supply
        while self._supply_index < len(supply) and supply[self._supply_index][0] <= self.time:
            self._waiting.append(supply[self._supply_index][1])
            self._supply_index += 1
        if not self.parts:
            self._refill_timer -= dt      # the next part slides forward refill_s after a take
            if self._waiting and self._refill_timer <= 0.0:
                part = self._waiting.pop(0)
                part.x, part.y = self.x, self.y
                self.parts.append(part)
        if self.takeaway_s > 0.0 and self.parts:
            self._takeaway_timer -= dt
            if self._takeaway_timer <= 0.0:
                part = self.parts.pop(0)
                self.taken_away.append((self.time, part))
                if self.parts:
                    self._takeaway_timer = self.takeaway_s

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "size": self.size, "label": self.label,
                "part_present": bool(self.parts), "parts": [p.state() for p in self.parts],
                "waiting": self.parts_waiting, "delivered": len(self.delivered),
                "double_placements": self.double_placements}

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, size = s["x"], s["y"], s.get("size", 100.0)
        pts = pen.rect_rotated(x, y, size, size, 0.0, "PLACE")
        pen.rect_rotated(x, y, size, size, 0.0, "LIT" if s.get("part_present") else "PLACE_EDGE", border=2)
        for p in s.get("parts", ()):
            draw_part_record(pen, p)
        extra = []
        if s.get("waiting"):
            extra.append(f"+{s['waiting']} waiting")
        if s.get("delivered"):
            extra.append(f"{s['delivered']} in")
        pen.label(" ".join([s.get("label") or name, *extra]), x, y - size / 2 - 12)
        pen.hot(name, "place", pts)


class MachiningCell(Device):
    """A machining cell with a guard door, a one-part fixture and a processing cycle.

    Commands: `open_door`, `close_door` (double-solenoid valve: the door holds where it is
    when neither or both are TRUE), `start` (cycle start on the rising edge; refused unless
    the door is fully closed and the cell is idle). Signals: `door_open` / `door_closed`
    (end switches, TRUE only at the real end of travel), `busy` (processing), `done`
    (cycle finished; stays TRUE until the part leaves the fixture or a new cycle starts),
    `result_good` (valid while done: TRUE when the part passed the in-process gauging),
    `part_present` (a part lies in the fixture).
    `cycles` counts every finished cycle; `machined` holds the parts a finished cycle acted
    on: a cycle run on an empty fixture machines nothing and adds none.

    The door is locked while the cell is busy: an open command then does nothing.
    Processing time of each cycle is drawn from [process_min_s, process_max_s] with the
    plant's seeded rng. Geometry: the guard is a rectangle centred on (x, y); the door is
    on its side towards smaller y, where the robot works.
    """

    kind = "machine"
    plain_signals = {"busy": "busy", "done": "done"}
    plain_commands = {"open_door": ("_open_cmd", bool), "close_door": ("_close_cmd", bool)}
    layer = 0
    signals = ("door_open", "door_closed", "busy", "done", "result_good", "part_present")
    commands = ("open_door", "close_door", "start")

    def __init__(self, name: str, x: float, y: float, *, width: float = 360.0, depth: float = 400.0,
                 door_time_s: float = 0.8, process_min_s: float = 4.0, process_max_s: float = 6.0,
                 door_initially_open: bool = False, label: str = ""):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.width, self.depth = float(width), float(depth)
        self.label = label or name
        self.door_time_s = float(door_time_s)
        self.process_min_s, self.process_max_s = float(process_min_s), float(process_max_s)
        self.door = 1.0 if door_initially_open else 0.0      # 0 closed .. 1 fully open
        self.fixture = PartPlace(name + ".fixture", x, y, label="fixture", size=100.0)
        self._open_cmd = self._close_cmd = self._start_cmd = False
        self._start_edge = False
        self.busy = False
        self.done = False
        self.result_good = False
        self.cycle_s = 0.0
        self.remaining_s = 0.0
        self.cycles = 0
        self.machined: list[Part] = []                # the part of each cycle that had one
        self.refused_starts = 0
        self.door_motion = 0                          # +1 opening, -1 closing, 0 still (last step)

    # geometry used by the robot path and the task's judges
    @property
    def door_y(self) -> float:
        return self.y - self.depth / 2.0

    def contains(self, x: float, y: float) -> bool:
        """True when the point lies inside the guard (beyond the door line)."""
        return abs(x - self.x) < self.width / 2.0 and self.door_y < y < self.y + self.depth / 2.0

    def preload(self, part: Part, processed: bool) -> None:
        """Start the run with a part in the fixture, already machined (done) or raw."""
        self.fixture.place_initial(part)
        if processed:
            part.processed, part.good, part.processed_by = True, not part.defective, self.name
            self.done, self.result_good = True, part.good

    # -- device interface ----------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "door_open":
            return self.door >= 1.0
        if signal == "door_closed":
            return self.door <= 0.0
        if signal == "busy":
            return self.busy
        if signal == "done":
            return self.done
        if signal == "result_good":
            return self.done and self.result_good
        if signal == "part_present":
            return bool(self.fixture.parts)
        return super().read(signal)

    def write(self, command: str, value: Any) -> None:
        v = bool(value)
        if command == "open_door":
            self._open_cmd = v
        elif command == "close_door":
            self._close_cmd = v
        elif command == "start":
            if v and not self._start_cmd:
                self._start_edge = True
            self._start_cmd = v
        else:
            super().write(command, value)

    def step(self, dt: float) -> None:
        self.fixture.time += dt
        # the part leaving the fixture ends the "done" state
        if self.done and not self.fixture.parts:
            self.done = False
            self.result_good = False
        if self._start_edge:
            self._start_edge = False
            if self.door <= 0.0 and not self.busy:
                self.busy, self.done, self.result_good = True, False, False
                rng = self.plant.rng if self.plant is not None else None
                span = self.process_max_s - self.process_min_s
                self.cycle_s = self.process_min_s + (rng.random() * span if rng and span > 0 else 0.0)
                self.remaining_s = self.cycle_s
            else:
                self.refused_starts += 1
        if self.busy:
            self.remaining_s -= dt
            if self.remaining_s <= 0.0:
                self.remaining_s = 0.0
                self.busy = False
                self.done = True
                self.cycles += 1
                part = self.fixture.parts[-1] if self.fixture.parts else None
                if part is not None:
                    self.machined.append(part)
                    part.processed, part.good, part.processed_by = True, not part.defective, self.name
                    part.colour = (120, 200, 120) if part.good else (210, 90, 80)
                self.result_good = part is not None and part.good
        # door: locked while processing; the valve holds the door when neither or both coils are on
        motion = 0
        if self._open_cmd != self._close_cmd:
            if self._open_cmd and not self.busy and self.door < 1.0:
                motion = 1
            elif self._close_cmd and self.door > 0.0:
                motion = -1
        if motion:
            rate = dt / self.door_time_s if self.door_time_s > 0 else 1.0
            self.door = min(1.0, self.door + rate) if motion > 0 else max(0.0, self.door - rate)
        self.door_motion = motion

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "depth": self.depth, "label": self.label,
                "door_y": self.door_y, "door": self.door, "door_open": self.door >= 1.0,
                "door_closed": self.door <= 0.0, "busy": self.busy, "done": self.done,
                "result_good": self.done and self.result_good,
                "progress": 1.0 - self.remaining_s / self.cycle_s if self.busy and self.cycle_s else 0.0,
                "parts": [p.state() for p in self.fixture.parts], "cycles": self.cycles,
                "machined": len(self.machined)}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        return [(x - s["width"] / 2, y - s["depth"] / 2 - 20), (x + s["width"] / 2, y + s["depth"] / 2)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w, d = s["x"], s["y"], s["width"], s["depth"]
        status = "FAULT" if s.get("done") and not s.get("result_good") and not s.get("busy") else (
            "BUSY" if s.get("busy") else "ON" if s.get("done") else "GUARD")
        guard = pen.rect_rotated(x, y, w, d, 0.0, "MACHINE_FLOOR")
        pen.rect_rotated(x, y, w, d, 0.0, status, border=4)
        for p in s.get("parts", ()):
            draw_part_record(pen, p)
        # Sliding door on the robot side: the opening grows from the left as door -> 1.
        dy = s.get("door_y", y - d / 2)
        opening = max(0.0, min(1.0, s.get("door", 0.0))) * w * 0.6
        door_lo = x - w * 0.3 + opening
        pen.line((x - w / 2, dy), (x - w * 0.3, dy), status, pen.mm(8))
        pen.line((x + w * 0.3, dy), (x + w / 2, dy), status, pen.mm(8))
        pen.line((door_lo, dy - 12), (door_lo + w * 0.6, dy - 12), "DOOR", pen.mm(10))
        if s.get("busy"):
            prog = max(0.0, min(1.0, s.get("progress", 0.0)))
            pen.line((x - w / 2 + 10, y + d / 2 - 18), (x - w / 2 + 10 + (w - 20) * prog, y + d / 2 - 18),
                   "BUSY", pen.mm(10))
        if s.get("busy"):
            state = "processing"
        elif s.get("done"):
            state = "done, good" if s.get("result_good") else "done, bad"
        else:
            state = ("door open" if s.get("door_open") else "door closed" if s.get("door_closed")
                     else "door moving")
        pen.label(f"{s.get('label') or name}: {state}", x, y + d / 2 + 14)
        pen.hot(name, "machine", guard)
