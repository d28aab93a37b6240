"""Barcode scanner over a conveyor, triggered by its own photo-eye.

A fixed-mount scanner reads the label of each item that passes under it. Its trigger eye is a
beam straight across the belt at `at_mm` from the belt's infeed end: 'present' is TRUE while an
item blocks it (the read gate). The scanner decodes while the item is in the gate and posts its
result `decode_s` after the item's trailing edge has left the beam:

- a good read: 'good_read' TRUE, 'code' = the label's number;
- no read (a damaged or missing label, or a miss at the `no_read_rate`, drawn from the plant's
  random stream in step order): 'no_read' TRUE, 'code' = 0.

A result stays on its outputs until the next item enters the gate (then good_read, no_read and
code drop to FALSE/0), and 'reads' (a 16-bit counter) counts up by one with every result, so a
program sees each one even when results follow each other closely.

Which label an item carries is the task's business: `label_of(part)` gives the number printed on
it, or None for an unreadable label (default: the part's kind code). `results` logs
[(time_s, part name, code or None)] in the order posted, for judges.

    scanner = plant.add(BarcodeScanner("scanner", belt, at_mm=350, decode_s=0.03))
    scanner.read("good_read"), scanner.read("code")
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.devices.sensors import crosses_line
from sim.devices.workpiece import PartDevice, Workpiece


class BarcodeScanner(PartDevice):
    """Scanner with its trigger eye across `conveyor` at `at_mm`. Signals: 'present',
    'good_read', 'no_read', 'code', 'reads'."""

    kind = "barcode_scanner"
    layer = 5
    signals = ("present", "good_read", "no_read", "code", "reads")
    # the signals read answers with an attribute as it is (the closed loop reads them directly)
    plain_signals = {"present": "present", "good_read": "good_read", "no_read": "no_read", "code": "code"}

    def __init__(self, name: str, conveyor: Any, at_mm: float, *, decode_s: float = 0.03,
                 no_read_rate: float = 0.0, label_of: Callable[[Workpiece], int | None] | None = None,
                 margin: float = 20.0, label: str = ""):
        super().__init__(name)
        if decode_s < 0 or not 0.0 <= no_read_rate <= 1.0:
            raise ValueError(f"scanner {name!r}: decode time must be >= 0 and the no-read rate 0..1")
        self.conveyor = conveyor
        self.at_mm = float(at_mm)
        self.decode_s = float(decode_s)
        self.no_read_rate = float(no_read_rate)
        self.label_of = label_of or (lambda part: part.code)
        self.label = label or name
        self.x1, self.y1 = conveyor.point(at_mm, -conveyor.half_width - margin)
        x2, y2 = conveyor.point(at_mm, conveyor.half_width + margin)
        self.beam_length = math.hypot(x2 - self.x1, y2 - self.y1)
        self.bx, self.by = (x2 - self.x1) / self.beam_length, (y2 - self.y1) / self.beam_length
        self.x2, self.y2 = x2, y2
        self.present = False
        self.good_read = False
        self.no_read = False
        self.code = 0
        self.reads = 0
        self.results: list[tuple[float, str, int | None]] = []
        self.time = 0.0
        self._in_gate: Workpiece | None = None
        self._pending: list[tuple[float, str, int | None]] = []   # (due time, part name, code)

    def _blocking(self) -> Workpiece | None:
        x1, y1, bx, by = self.x1, self.y1, self.bx, self.by
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            px, py = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            if abs((py - y1) * bx - (px - x1) * by) > part.radius:
                continue                # cheap test first: nowhere near the beam
            if not part.lifted and crosses_line(part, x1, y1, bx, by, self.beam_length):
                return part
        return None

    def _decode(self, part: Workpiece) -> int | None:
        code = self.label_of(part)
        if code is not None and self.no_read_rate > 0.0 and self.plant.rng.random() < self.no_read_rate:
            return None
        return code

    def step(self, dt: float) -> None:
        self.time += dt
        part = self._blocking()
        if part is not None and self._in_gate is None:
            # the next item enters the gate: the last result is withdrawn
            self.good_read = self.no_read = False
            self.code = 0
        elif part is None and self._in_gate is not None:
            # its trailing edge has left the beam: the result follows after the decode time
            self._pending.append((self.time + self.decode_s, self._in_gate.name, self._decode(self._in_gate)))
        self._in_gate = part
        self.present = part is not None
        while self._pending and self._pending[0][0] <= self.time + 1e-9:
            _, name, code = self._pending.pop(0)
            self.good_read, self.no_read = code is not None, code is None
            self.code = code or 0
            self.reads += 1
            self.results.append((round(self.time, 3), name, code))

    def read(self, signal: str) -> Any:
        if signal == "present":
            return self.present
        if signal == "good_read":
            return self.good_read
        if signal == "no_read":
            return self.no_read
        if signal == "code":
            return self.code
        if signal == "reads":
            return wrap16(self.reads)
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x1": self.x1, "y1": self.y1, "x2": self.x2, "y2": self.y2, "present": self.present,
                "good_read": self.good_read, "no_read": self.no_read, "code": self.code,
                "label": self.label}

    def _head(self) -> tuple[float, float]:
        return self.conveyor.point(self.at_mm + 45.0, -self.conveyor.half_width - 45.0)

    def extent(self) -> list[tuple[float, float]]:
        hx, hy = self._head()
        return [(min(self.x1, hx) - 40, min(self.y1, hy) - 40), (max(self.x2, hx) + 40, self.y2 + 20)]

    def draw(self, pen) -> None:
        s = self.state()
        p, q = (s["x1"], s["y1"]), (s["x2"], s["y2"])
        # the trigger eye's beam, thick while an item is in the gate
        pen.line(p, q, "BEAM_BLOCKED" if s["present"] else "BEAM", 3 if s["present"] else 1)
        pen.circle(*p, 9, "SENSOR_BODY", min_px=4)
        pen.circle(*q, 9, "SENSOR_BODY", min_px=4)
        pen.circle(*p, 5, "LIT" if s["present"] else "UNLIT", min_px=3)
        # the scan head beside the belt, its red scan line fanned across the belt while reading
        hx, hy = self._head()
        pen.rect_rotated(hx, hy, 70, 40, self.conveyor.angle_deg, "CYLINDER", border=0)
        pen.rect_rotated(hx, hy, 70, 40, self.conveyor.angle_deg, "FRAME", border=2)
        window = self.conveyor.point(self.at_mm + 45.0, -self.conveyor.half_width - 25.0)
        pen.circle(*window, 6, "FAULT" if s["present"] else "SENSOR_BODY", min_px=3)
        if s["present"]:            # the scan line fanned across the belt while it reads
            for off in (-30.0, 0.0, 30.0):
                far = self.conveyor.point(self.at_mm + 45.0 + off, self.conveyor.half_width)
                pen.line(window, far, "FAULT", 2)
        if s["good_read"]:
            result, col = f"code {s['code']}", "INSPECT_VALID"
        elif s["no_read"]:
            result, col = "NO READ", "FAULT"
        else:
            result, col = ("reading" if s["present"] else ""), "LABEL"
        pen.label(s["label"], hx, hy - 32)
        if result:
            pen.label(result, hx + 120, hy + 10, col, 12)
        pen.hot(self.name, self.kind, [pen.px(hx - 35, hy - 20), pen.px(hx + 35, hy + 20), pen.px(*q)])
