"""Tamp label applicator over a conveyor, fired at an encoder count.

A label printer feeds a label onto the tamp pad (a rising edge on `feed`: the label is on the
pad, `label_ready`, `feed_s` later; only with the pad up and no label on it). The pad fires
when the line encoder's count reaches the `fire_count` word, once per rising edge on `arm`
(`armed` until then): as a labeller's position-triggered output does, it fires at that very
count, within the step, whatever the scan. The pad then travels down for `tamp_s`, touches
whatever is under it and puts its label there, and returns in `return_s` (`pad_up` again).
The count compare is a 16-bit one: it fires as soon as (count - fire_count), taken as a 16-bit
signed difference, is zero or more (and less than 16384): at once if the count is already past
when it is armed or when fire_count is corrected back behind it.

Every touch is logged in `touches`: (time_s, part name or "" for the bare belt, where the label
centre landed in mm behind the part's leading edge, whether a label was on the pad), and
`labels[part name]` lists where each label on that part sits. Drawn from above: the pad over
the belt (lit while a label is on it, moving down as it tamps), and every label on the cartons.
"""

from __future__ import annotations

from typing import Any

from sim.devices.belt_encoder import COUNTER_SPAN, BeltEncoder
from sim.devices.workpiece import material_flow
from sim.plant import Device


def _signed16(d: float) -> float:
    return (d + 32768.0) % COUNTER_SPAN - 32768.0


class LabelApplicator(Device):
    kind = "label_applicator"
    layer = 5
    signals = ("label_ready", "armed", "pad_up")
    commands = ("feed", "arm", "fire_count")

    def __init__(self, name: str, encoder: BeltEncoder, *, at_mm: float, tamp_s: float = 0.1,
                 return_s: float = 0.1, feed_s: float = 0.4, label_length_mm: float = 40.0,
                 label_ready: bool = True, label: str = ""):
        super().__init__(name)
        self.encoder = encoder
        self.belt = encoder.conveyor
        self.at_mm = float(at_mm)
        self.tamp_s, self.return_s, self.feed_s = float(tamp_s), float(return_s), float(feed_s)
        self.label_length_mm = float(label_length_mm)
        self.label = label or name
        self.has_label = bool(label_ready)
        self.feeding = 0.0            # time left of a label feed
        self.armed = False
        self.fire_word = 0
        self.phase = "up"             # up, down (travelling to touch), back (returning)
        self.phase_left = 0.0
        self.carrying = False         # whether the pad took a label down
        self.time = 0.0
        self.touches: list[tuple[float, str, float, bool]] = []
        self.labels: dict[str, list[float]] = {}
        self.fired = 0
        self.fire_words: list[int] = []    # the fire_count word of each firing
        self._feed_prev = False
        self._arm_prev = False
        self._count_before: float | None = None

    # -- PLC side ---------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "feed":
            v = bool(value)
            if v and not self._feed_prev and self.phase == "up" and not self.has_label and self.feeding <= 0:
                self.feeding = self.feed_s
            self._feed_prev = v
        elif command == "arm":
            v = bool(value)
            if v and not self._arm_prev:
                self.armed = True
            self._arm_prev = v
        elif command == "fire_count":
            self.fire_word = int(value)
        else:
            super().write(command, value)

    @property
    def label_ready(self) -> bool:
        return self.has_label and self.phase == "up"

    def read(self, signal: str) -> Any:
        if signal == "label_ready":
            return self.label_ready
        if signal == "armed":
            return self.armed
        if signal == "pad_up":
            return self.phase == "up"
        return super().read(signal)

    # -- mechanics ---------------------------------------------------------------------------
    def _count(self) -> float:
        enc = self.encoder
        return enc.start_count + enc.travel_mm * enc.counts_per_mm

    def step(self, dt: float) -> None:
        # this step's count runs from the count after the last step to the one after this one
        # (the encoder, added before the applicator, has already integrated this step)
        now = self._count()
        before = now if self._count_before is None else self._count_before
        self._count_before = now
        self.time += dt
        if self.feeding > 0:
            self.feeding -= dt
            if self.feeding <= 1e-9:
                self.feeding = 0.0
                self.has_label = True
        fired_now = False
        if self.armed and self.phase == "up":
            d0, d1 = _signed16(before - self.fire_word), _signed16(now - self.fire_word)
            if 0 <= d1 < 16384:
                # reached in this step (or already past when armed or corrected: fires at once)
                f = -d0 / (d1 - d0) if d0 < 0 < d1 - d0 else 0.0
                self.armed = False
                self.fired += 1
                self.fire_words.append(self.fire_word)
                self.phase, self.carrying = "down", self.has_label
                self.has_label = False
                self.phase_left = self.tamp_s - (1.0 - f) * dt   # travelling since t0 + f dt
                fired_now = True
        if self.phase == "down":
            if not fired_now:
                self.phase_left -= dt
            if self.phase_left <= 1e-9:      # touched phase_left (<= 0) ago
                self._touch(self.time + self.phase_left, self.time - dt)
                self.phase, self.phase_left = "back", self.return_s + self.phase_left
        elif self.phase == "back":
            self.phase_left -= dt
            if self.phase_left <= 1e-9:
                self.phase, self.phase_left = "up", 0.0

    def _touch(self, at_s: float, step_start_s: float) -> None:
        """The pad touches at `at_s` (within this step): the parts lie where the last physics step
        left them (at the step's start), plus the belt's travel until the touch (they ride it)."""
        belt = self.belt
        late = -(at_s - step_start_s) * belt.velocity
        hit, behind = "", 0.0
        for part in material_flow(self.plant).parts:
            if part.removed or part.holder is not None:
                continue
            x, y = part.xy()
            along = (x - belt.x) * belt.ux + (y - belt.y) * belt.uy + belt.half_length - late
            across = (y - belt.y) * belt.ux - (x - belt.x) * belt.uy
            lead = along + part.length / 2
            if abs(across) <= part.width / 2 and lead - part.length <= self.at_mm <= lead:
                hit, behind = part.name, lead - self.at_mm
                break
        self.touches.append((round(at_s, 4), hit, behind, self.carrying))
        if hit and self.carrying:
            self.labels.setdefault(hit, []).append(behind)

    def label_on_part(self, behind: float, length: float) -> bool:
        """Whether a label centred `behind` mm behind a part's leading edge lies wholly on it."""
        half = self.label_length_mm / 2
        return behind - half >= 0.0 and behind + half <= length

    # -- drawing ------------------------------------------------------------------------------
    def _pad(self) -> tuple[float, float]:
        return self.belt.point(self.at_mm)

    def state(self) -> dict[str, Any]:
        x, y = self._pad()
        return {"x": x, "y": y, "phase": self.phase, "label_ready": self.label_ready, "armed": self.armed,
                "feeding": self.feeding > 0, "label": self.label, "touches": len(self.touches)}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self._pad()
        w = self.belt.width
        return [(x - 60, y - w), (x + 60, y + w)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        belt = self.belt
        for part in material_flow(self.plant).parts:   # the labels where they landed
            if part.removed or part.name not in self.labels:
                continue
            px, py = part.xy()
            for behind in self.labels[part.name]:
                c = part.length / 2 - behind
                lx, ly = px + c * belt.ux, py + c * belt.uy
                pen.rect_rotated(lx, ly, self.label_length_mm, part.width * 0.5, belt.angle_deg, "PLATE")
        w = belt.width * 0.6
        down = s["phase"] == "down"
        pen.rect_rotated(x, y, self.label_length_mm + 16, w + 30, belt.angle_deg, "FRAME", border=2)
        col = "LIT" if s["label_ready"] else ("BUSY" if s["feeding"] else "UNLIT")
        size = 0.8 if down else 1.0
        pad = pen.rect_rotated(x, y, (self.label_length_mm + 8) * size, w * size, belt.angle_deg,
                               "CYLINDER" if not down else "ROD")
        if s["label_ready"]:
            pen.rect_rotated(x, y, self.label_length_mm, w * 0.5, belt.angle_deg, "PLATE")
        pen.circle(*belt.point(self.at_mm, belt.half_width + 30), 6, col, min_px=3)
        pen.circle(*belt.point(self.at_mm + 24, belt.half_width + 30), 6, "ON" if s["armed"] else "UNLIT",
                   min_px=3)
        pen.label(f"{s['label']}: {s['phase']}{', armed' if s['armed'] else ''}",
                  *belt.point(self.at_mm, belt.half_width + 55))
        pen.hot(name, "label_applicator", pad)
