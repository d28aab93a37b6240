"""Fill chute: where a product belt drops its parts into the carton standing beneath its end.

A part whose centre passes the discharge end of `belt` leaves the belt into the chute (it is
taken out of the physics) and lands `fall_s` later at the drop point, in the carton whose
opening then lies under it (cartons are Workpiece boxes of kind `carton_kind`, carried on their
own conveyor); with no carton there it lands beside it (`spilled`). Two sensors in the chute:
'drop_eye' at its top is TRUE for eye_s as each part leaves the belt (a falling part drops away
from the next, so touching parts give one pulse each), 'landed_eye' at its exit is TRUE for the
last eye_s of each fall (its falling edge: the part is in the carton).

Logs for judges (time in s from power-up): `drops` (time, part, carton under the drop point
or None; `drops_without_carton` counts the None ones), `landings` (time, part, carton or None),
`moved_under` (time, carton, part) for a carton that moved more than `still_mm` while a part it
was under fell, `delivered` (time, carton, parts in it) for a carton that left the plant
(collected at a take-away), and `contents` {carton: parts}. Units: mm, s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece


@dataclass(slots=True)
class Fall:
    part: str
    kind: str
    colour: str
    started: float
    lands: float
    carton: str | None
    at: tuple[float, float]         # where that carton stood when the part left the belt
    moved: bool = False


class FillChute(PartDevice):
    kind = "fill_chute"
    layer = 5
    signals = ("drop_eye", "landed_eye")

    def __init__(self, name: str, belt: Any, drop_x: float, drop_y: float, *, fall_s: float,
                 eye_s: float = 0.05, opening_mm: float = 180.0, carton_kind: str = "carton",
                 still_mm: float = 1.0):
        super().__init__(name)
        if fall_s <= eye_s:
            raise ValueError(f"fill chute {name!r}: the fall must last longer than the eye pulse")
        self.belt = belt
        self.drop_x, self.drop_y = float(drop_x), float(drop_y)
        self.fall_s, self.eye_s = float(fall_s), float(eye_s)
        self.half_opening = float(opening_mm) / 2
        self.carton_kind = carton_kind
        self.still_mm = float(still_mm)
        self.time = 0.0
        self.falling: list[Fall] = []
        self.cartons: dict[str, Workpiece] = {}
        self.contents: dict[str, int] = {}
        self.drops: list[tuple[float, str, str | None]] = []
        self.drops_without_carton = 0
        self.landings: list[tuple[float, str, str | None]] = []
        self.spilled: list[tuple[float, str]] = []
        self.moved_under: list[tuple[float, str, str]] = []
        self.delivered: list[tuple[float, str, int]] = []
        self._end = belt.point(belt.length)
        self._seen_created = -1
        self._look_until = 0.5          # look at the start too: parts laid there at power-up

    # -- what the judges ask ---------------------------------------------------------------
    def carton_under(self) -> Workpiece | None:
        """The carton whose opening lies under the drop point now."""
        h = self.half_opening
        for c in self.cartons.values():
            if not c.removed:
                x, y = c.xy()
                if abs(x - self.drop_x) <= h and abs(y - self.drop_y) <= h:
                    return c
        return None

    def read(self, signal: str) -> Any:
        t = self.time
        if signal == "drop_eye":
            return any(t - f.started < self.eye_s - 1e-9 for f in self.falling)
        if signal == "landed_eye":
            return any(f.lands - t < self.eye_s - 1e-9 for f in self.falling)
        return super().read(signal)

    # -- physics ---------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        belt = self.belt
        # parts reach the end only on a moving belt (or sliding on for a moment after it stopped);
        # new cartons only come with new parts
        if belt.velocity != 0.0:
            self._look_until = self.time + 0.5
        if self.time <= self._look_until or self.flow.created != self._seen_created:
            self._seen_created = self.flow.created
            self._look(belt)
        self._ends()

    def _look(self, belt) -> None:
        for part in tuple(self.flow.parts):
            if part.part_kind == self.carton_kind:
                if part.name not in self.cartons:
                    self.cartons[part.name] = part
                    self.contents[part.name] = 0
                continue
            if part.holder is not None:
                continue
            x, y = part.xy()
            dx, dy = x - belt.x, y - belt.y
            past_end = dx * belt.ux + dy * belt.uy > belt.half_length
            if past_end and abs(dy * belt.ux - dx * belt.uy) <= belt.half_width:
                self._drop(part)

    def _ends(self) -> None:
        for f in self.falling:
            if f.carton is not None and not f.moved:
                c = self.cartons[f.carton]
                x, y = c.xy() if not c.removed else (math.inf, math.inf)
                if math.hypot(x - f.at[0], y - f.at[1]) > self.still_mm:
                    f.moved = True
                    self.moved_under.append((self.time, f.carton, f.part))
        while self.falling and self.time + 1e-9 >= self.falling[0].lands:
            self._land(self.falling.pop(0))
        for name, c in self.cartons.items():
            if c.removed and not any(d[1] == name for d in self.delivered):
                self.delivered.append((self.time, name, self.contents[name]))

    def _drop(self, part: Workpiece) -> None:
        under = self.carton_under()
        at = under.xy() if under is not None else (math.nan, math.nan)
        self.falling.append(Fall(part.name, part.part_kind, part.colour, self.time, self.time + self.fall_s,
                                 under.name if under is not None else None, (float(at[0]), float(at[1]))))
        self.drops.append((self.time, part.name, under.name if under is not None else None))
        self.drops_without_carton += under is None
        part.remove()

    def _land(self, f: Fall) -> None:
        under = self.carton_under()
        if under is None:
            self.spilled.append((self.time, f.part))
            self.landings.append((self.time, f.part, None))
        else:
            self.contents[under.name] += 1
            self.landings.append((self.time, f.part, under.name))

    # -- drawing ---------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        t = self.time
        cartons = []
        for name, c in self.cartons.items():
            if not c.removed:
                x, y = c.xy()
                cartons.append((x, y, c.width, c.length, math.degrees(c.body.angle), self.contents[name]))
        return {"x": self.drop_x, "y": self.drop_y, "end": self._end, "belt_width": self.belt.width,
                "falling": [(min(1.0, (t - f.started) / self.fall_s), f.colour) for f in self.falling],
                "drop_eye": self.read("drop_eye"), "landed_eye": self.read("landed_eye"),
                "cartons": cartons, "spilled": len(self.spilled)}

    def extent(self) -> list[tuple[float, float]]:
        ex, ey = self._end
        return [(min(ex, self.drop_x) - 20, min(ey, self.drop_y) - 110),
                (max(ex, self.drop_x) + 20, max(ey, self.drop_y) + 110)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        (ex, ey), dx, dy, w = s["end"], s["x"], s["y"], s["belt_width"]
        ux, uy = self.belt.ux, self.belt.uy
        vx, vy = -uy, ux
        # the chute: a funnel from the belt end down to the carton's mouth
        top = [(ex + vx * w / 2, ey + vy * w / 2), (ex - vx * w / 2, ey - vy * w / 2)]
        mouth = [(dx - vx * 35, dy - vy * 35), (dx + vx * 35, dy + vy * 35)]
        pts = pen.poly([*top, *mouth], "FRAME")
        pen.poly([*top, *mouth], "PLACE_EDGE", 2)
        # the two eyes across the chute, lit while a part passes
        for frac, key in ((0.15, "drop_eye"), (0.85, "landed_eye")):
            cx, cy = ex + (dx - ex) * frac, ey + (dy - ey) * frac
            half = w / 2 * (1 - frac) + 35 * frac + 10
            pen.line((cx - vx * half, cy - vy * half), (cx + vx * half, cy + vy * half),
                     "BEAM_BLOCKED" if s[key] else "BEAM", 2)
        for frac, colour in s["falling"]:
            cx, cy = ex + (dx - ex) * frac, ey + (dy - ey) * frac
            pen.rect_rotated(cx, cy, 30 - 10 * frac, 30 - 10 * frac, 0.0, pen.rgb(colour))
        # what each carton holds, drawn in it: one square per part
        for x, y, cw, cl, angle, n in s["cartons"]:
            a = math.radians(angle)
            ca, sa = math.cos(a), math.sin(a)
            for k in range(n):
                row, col = divmod(k, 4)
                ox, oy = -cl / 2 + 31 + col * 46, -cw / 2 + 31 + row * 46
                pen.rect_rotated(x + ox * ca - oy * sa, y + ox * sa + oy * ca, 36, 36, angle, "PART")
            pen.label(f"{n} in", x, y + cw / 2 + 14)
        if s["spilled"]:
            pen.label(f"{s['spilled']} spilled", dx, dy - 130, "FAULT")
        pen.label(name, ex, ey - w / 2 - 16)
        pen.hot(name, self.kind, pts)
