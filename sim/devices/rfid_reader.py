"""RFID read/write head beside a conveyor, over the tags of the carriers that stop in front of it.

Each carrier (a Workpiece) carries a tag holding one 16-bit data word. The head's antenna sits at
`at_mm` along the belt; a tag is in its field while the carrier's centre is within `field_mm` of
the antenna along the belt ('tag_present').

The controller drives it like a PLC's RFID function block:

- 'read' (a rising edge starts a read when the head is idle): 'busy' TRUE for `read_s`, then
  'done' TRUE with 'data' = the tag's word, or 'error' TRUE ('data' 0) when no tag was in the
  field at the start or the end of the read, or when the read failed (the first `read_fails(part)`
  reads of each carrier fail: a tag badly placed or shielded). Every read that overlaps one of
  the head's `noise` bursts ((start_s, length_s) in the head's time) fails too, whatever the
  carrier (electrical noise at the antenna, e.g. a drive or a welder switching nearby): the head
  says nothing else about it, 'error' as for any failed read; `noisy` is TRUE during a burst
  (drawn, for the judges: not a signal).
- 'write' (a rising edge starts a write of the word on 'data_out' in that scan): 'busy' for `write_s`,
  then 'done'. A write reports 'error' only when no tag is in the field; the first
  `write_fails(part)` writes to a carrier fail silently (the head says done, the tag keeps its old
  word: a torn write), so only reading the word back verifies it.

'done' and 'error' stay on until the next command starts; a command edge while busy is ignored.
`tags` maps carrier name -> word (the tag's memory, set from `tag_of(part)` the first time the
carrier is seen); `ops` logs [(time_s, 'read'|'write', part name or None, ok, word)] as each
command finishes, for judges.

    head = plant.add(RFIDReader("rfid", belt, at_mm=400, read_s=0.1, tag_of=lambda p: 80))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.devices.workpiece import PartDevice, Workpiece


class _Places:
    """For one plant tick, the carrier whose tag lies in each head's field (`hits`, by head slot),
    worked out for all the plant's heads at once by the first head to look in the tick: a free
    part's xy stays the same the whole tick. Taken again at the next tick or once the parts
    changed (MaterialFlow.version: a part added, removed, grabbed or released); none kept (hits
    None) when a part was held then (its holder moves it at any time: each head looks afresh)."""

    __slots__ = ("tick", "version", "hits", "heads")

    def __init__(self) -> None:
        self.tick = -1
        self.version = -1
        self.hits: list[Workpiece | None] | None = None
        self.heads: list[RFIDReader] = []

    def take(self, tick: int, flow) -> None:
        self.tick, self.version = tick, flow.version
        parts = flow.parts
        for part in parts:
            if part.holder is not None:
                self.hits = None
                return
        found = [(part, *part.xy()) for part in parts]
        hits: list[Workpiece | None] = []
        for head in self.heads:
            ax, ay, reach, half = head.ax, head.ay, head.field_mm, head.conveyor.half_width
            for part, px, py in found:
                if abs(px - ax) <= reach and abs(py - ay) <= half:
                    hits.append(part)
                    break
            else:
                hits.append(None)
        self.hits = hits


class RFIDReader(PartDevice):
    """RFID head at `at_mm` along `conveyor` (see the module). Signals: 'tag_present', 'busy',
    'done', 'error', 'data'. Commands: 'read', 'write', 'data_out'."""

    kind = "rfid_reader"
    layer = 5
    signals = ("tag_present", "busy", "done", "error", "data")
    commands = ("read", "write", "data_out")
    # read by the session straight from these attributes; data_word is 'data' as read shows it
    plain_signals = {"tag_present": "tag_present", "busy": "busy", "done": "done", "error": "error",
                     "data": "data_word"}

    def __init__(self, name: str, conveyor: Any, at_mm: float, *, read_s: float = 0.1, write_s: float = 0.1,
                 field_mm: float = 30.0, tag_of: Callable[[Workpiece], int] | None = None,
                 read_fails: Callable[[Workpiece], int] | None = None,
                 write_fails: Callable[[Workpiece], int] | None = None, side: float = 1.0, label: str = "",
                 noise: tuple[tuple[float, float], ...] = ()):
        super().__init__(name)
        if read_s <= 0 or write_s <= 0 or field_mm <= 0:
            raise ValueError(f"RFID head {name!r}: read, write times and field must be positive")
        self.conveyor = conveyor
        self.at_mm = float(at_mm)
        self.read_s, self.write_s, self.field_mm = float(read_s), float(write_s), float(field_mm)
        self.tag_of = tag_of or (lambda part: 0)
        self.read_fails = read_fails or (lambda part: 0)
        self.write_fails = write_fails or (lambda part: 0)
        self.label = label or name
        if any(length <= 0 for _, length in noise):
            raise ValueError(f"RFID head {name!r}: a noise burst's length must be positive")
        self.noise = tuple(sorted((float(a), float(a) + float(length)) for a, length in noise))
        self.x, self.y = conveyor.point(at_mm, side * (conveyor.half_width + 35.0))
        self.ax, self.ay = conveyor.point(at_mm)      # the antenna's field centre on the belt
        self.tags: dict[str, int] = {}
        self.ops: list[tuple[float, str, str | None, bool, int]] = []
        self.time = 0.0
        self.tag_present = False
        self.busy = self.done = self.error = False
        self.data = 0
        self.data_word = 0              # wrap16(data), kept with it
        self.data_out = 0
        self._read_cmd = self._write_cmd = False
        self._job: tuple[str, float, str | None, int] | None = None   # (what, due, carrier, word)
        self._job_start = 0.0
        self._reads: dict[str, int] = {}
        self._writes: dict[str, int] = {}

    def write(self, command: str, value: Any) -> None:
        if command == "read":
            on = bool(value)
            if on and not self._read_cmd:           # only a rising edge can start a read
                self._command("read", on, False)
            self._read_cmd = on
        elif command == "write":
            self._command("write", bool(value), self._write_cmd)
            self._write_cmd = bool(value)
        elif command == "data_out":
            self.data_out = int(value) & 0xFFFF
        else:
            super().write(command, value)

    def _command(self, what: str, on: bool, was: bool) -> None:
        if not on or was or self._job is not None:
            return
        part = self.in_field()
        self.busy, self.done, self.error, self.data, self.data_word = True, False, False, 0, 0
        duration = self.read_s if what == "read" else self.write_s
        # the word to write is taken at the head's next cycle: the PLC's outputs of one scan
        # (tag_out and the write edge) arrive together, whatever order they are written in
        self._job = (what, self.time + duration, part.name if part else None, -1)
        self._job_start = self.time

    def attach(self, plant) -> None:
        super().attach(plant)
        self._places = plant.shared("rfid_reader_places", _Places)
        self._slot = len(self._places.heads)
        self._places.heads.append(self)

    def in_field(self) -> Workpiece | None:
        """The carrier whose tag lies in the antenna's field, if any (the first in the parts'
        order)."""
        places = self._places
        if places.tick != self.plant.tick or places.version != self.flow.version:   # type: ignore[union-attr]
            places.take(self.plant.tick, self.flow)                                  # type: ignore[union-attr]
        hits = places.hits
        if hits is not None:
            part = hits[self._slot]
        else:                           # a part was held then: every one looked up as it is now
            ax, ay, reach, half = self.ax, self.ay, self.field_mm, self.conveyor.half_width
            for part in self.flow.parts:
                if part.removed:
                    continue
                px, py = part.xy()
                if abs(px - ax) <= reach and abs(py - ay) <= half:
                    break
            else:
                part = None
        if part is not None and part.name not in self.tags:
            self.tags[part.name] = int(self.tag_of(part)) & 0xFFFF
        return part

    def _finish(self, what: str, started_on: str | None, word: int) -> None:
        part = self.in_field()
        name = part.name if part is not None else None
        ok = name is not None and name == started_on
        value = 0
        if ok and what == "read":
            n = self._reads.get(name, 0)
            self._reads[name] = n + 1
            ok = n >= self.read_fails(part) and not self._noise_over(self._job_start, self.time)
            value = self.tags[name] if ok else 0
        elif ok:
            n = self._writes.get(name, 0)
            self._writes[name] = n + 1
            if n >= self.write_fails(part):
                self.tags[name] = word
            value = word
        self.busy, self.done, self.error = False, ok, not ok
        self.data = value if what == "read" else 0
        self.data_word = wrap16(self.data)
        self.ops.append((round(self.time, 3), what, name, ok, value))

    def _noise_over(self, t0: float, t1: float) -> bool:
        """A noise burst overlaps the interval [t0, t1] of the head's time."""
        return any(a <= t1 and t0 < b for a, b in self.noise)

    @property
    def noisy(self) -> bool:
        """A noise burst is on now (every read overlapping it fails)."""
        return self._noise_over(self.time, self.time)

    def step(self, dt: float) -> None:
        self.time += dt
        places = self._places
        hits = places.hits
        if hits is not None and places.tick == self.plant.tick and places.version == self.flow.version:
            part = hits[self._slot]     # in_field() as the tick's look-up found it, without the call
            if part is not None and part.name not in self.tags:
                self.tags[part.name] = int(self.tag_of(part)) & 0xFFFF
            self.tag_present = part is not None
        else:
            self.tag_present = self.in_field() is not None
        job = self._job
        if job is not None:
            if job[3] < 0:
                job = self._job = (*job[:3], self.data_out)
            if self.time + 1e-9 >= job[1]:
                self._job = None
                self._finish(job[0], job[2], job[3])

    def read(self, signal: str) -> Any:
        if signal == "tag_present":
            return self.tag_present
        if signal == "busy":
            return self.busy
        if signal == "done":
            return self.done
        if signal == "error":
            return self.error
        if signal == "data":
            return self.data_word
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "ax": self.ax, "ay": self.ay, "present": self.tag_present,
                "busy": self.busy, "done": self.done, "error": self.error, "data": self.data,
                "job": self._job[0] if self._job else "", "label": self.label,
                **({"noisy": self.noisy} if self.noise else {})}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 60, min(self.y, self.ay) - 50), (self.x + 200, max(self.y, self.ay) + 50)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"], s["y"]
        angle = self.conveyor.angle_deg
        # the head beside the belt, its field drawn over the belt (lit while a tag is in it)
        pen.rect_rotated(s["ax"], s["ay"], 2 * self.field_mm, self.conveyor.width * 0.8, angle,
                         "BEAM_BLOCKED" if s["present"] else "BEAM", border=1)
        pen.rect_rotated(x, y, 60, 30, angle, "CYLINDER", border=0)
        pen.rect_rotated(x, y, 60, 30, angle, "FAULT" if s.get("noisy") else "FRAME", border=2)
        pen.circle(x, y, 6, "FAULT" if s["busy"] else ("LIT" if s["present"] else "UNLIT"), min_px=3)
        if s["busy"]:
            pen.line((x, y), (s["ax"], s["ay"]), "FAULT", 2)
            result, col = ("reading" if s["job"] == "read" else "writing"), "LABEL"
        elif s["error"]:
            result, col = "ERROR", "FAULT"
        elif s["done"]:
            result, col = f"done {s['data']}", "INSPECT_VALID"
        else:
            result, col = "", "LABEL"
        pen.label(s["label"] + (" (noise)" if s.get("noisy") else ""), x, y + 30)
        if result:
            pen.label(result, x + 110, y, col, 12)
        pen.hot(self.name, self.kind, [pen.px(x - 30, y - 15), pen.px(x + 30, y + 15)])
