"""Drill plate: a plate under a beam with two drilling heads, and the hole lists of both heads.

A gantry beam (a sim.devices.axis.Axis along X, named by `beam`) carries two heads on one
rail across it (Axes along Y, named by `heads`), each with a pneumatic drill (a
sim.devices.pneumatics.Cylinder named by `drills`: extended = the drill at the bottom of its
hole). The plate holds each head's hole list: head n may drill only the holes of its own list.
The plate reads the axes and drills after they stepped and works out what was cut:

- a hole is drilled once its head's drill reaches the bottom (the cylinder fully extended) with
  the beam and the head both within `tolerance_mm` of it (`drilled[n]`: the list indices, in the
  order they were drilled; `cuts[n]`: every bottom reached, with where);
- a hole in `jams` (head, index) is a hard spot: the drill that sets off down on it stalls part
  way (the cylinder's own `never_extends` fault, set while that drill is out of its up position
  over the hole and cleared once it is back up), so it never reaches the bottom; the hole stays
  jammed for the run (`jammed[n]` the indices of those the drill stalled on);
- a list may arrive late (`sent_at`, s of plant time per head): until then its count and words
  read 0 and it is no list at all (`listed(n)` is empty), as a host that sends a head's order
  while the other head already works;
- the heads' rails ride on the beam: each head's rail origin follows the beam's position, so
  the drawing shows the heads moving with it.

Signals, the hole lists as the host hands them over (words in 0.1 mm): `count_<n>` and
`x_<n>_<i>`, `y_<n>_<i>` for i = 1..`max_holes` (0 past the count).

    plate = plant.add(DrillPlate("plate", beam="beam", heads=("head_1", "head_2"),
                                 drills=("drill_1", "drill_2"), holes=([(200, 100)], [(200, 500)])))
"""

from __future__ import annotations

from typing import Any

from sim.devices.axis import to_word
from sim.plant import Device

TIE_MM = 1e-6   # slack on a tolerance, far below the 0.1 mm of a position word (see DrillPlate)


class DrillPlate(Device):
    kind = "drill_plate"
    layer = 0
    # the words are read every scan: straight from attributes of the same names (up to 4 heads
    # of 8 holes; more are read through read())
    plain_signals = {**{f"count_{h}": f"count_{h}" for h in range(1, 5)},
                     **{f"{c}_{h}_{i}": f"{c}_{h}_{i}"
                        for h in range(1, 5) for i in range(1, 9) for c in "xy"}}

    def __init__(self, name: str, *, beam: str, heads: tuple[str, ...], drills: tuple[str, ...],
                 holes, jams=(), sent_at=None, tolerance_mm: float = 0.2, max_holes: int = 6,
                 origin: tuple[float, float] = (0.0, 0.0), head_rail_y: float = 0.0):
        super().__init__(name)
        if len(heads) != len(drills) or len(holes) != len(heads):
            raise ValueError(f"{name}: one drill and one hole list per head")
        self.beam_name, self.head_names, self.drill_names = beam, tuple(heads), tuple(drills)
        self.holes = tuple(tuple((float(x), float(y)) for x, y in lst) for lst in holes)
        if any(len(lst) > max_holes for lst in self.holes):
            raise ValueError(f"{name}: at most {max_holes} holes per head")
        self.jams = {(int(h), int(i)) for h, i in jams}
        self.sent_at = tuple(float(t) for t in (sent_at or (0.0,) * len(heads)))
        self.time_s = 0.0
        self.tolerance_mm = float(tolerance_mm)
        # positions come on a 0.1 mm grid: a distance of exactly the tolerance is within it,
        # which float rounding alone would decide (968.9 to 969.1 mm is 0.2000000000000455)
        self._reach_mm = self.tolerance_mm + TIE_MM
        self.max_holes = int(max_holes)
        self.origin = (float(origin[0]), float(origin[1]))
        self.head_rail_y = float(head_rail_y)
        n = len(heads)
        self.drilled: list[list[int]] = [[] for _ in range(n)]
        self.jammed: list[list[int]] = [[] for _ in range(n)]
        self.cuts: list[list[tuple[float, float]]] = [[] for _ in range(n)]
        self._was_down: list[bool] | None = None    # read from the drills at the first step
        self._was_up: list[bool] = []
        self._on_jam: list[int | None] = [None] * n
        self._found = None
        self._done: list[set[int]] = [set() for _ in range(n)]
        # bumped whenever listed() or done() may have changed (a list arrived, a hole drilled or
        # jammed): judges keep what they work out from them until it moves
        self.changes = 0
        self._placed: list[tuple | None] = [None] * n   # (beam pos, head pos, origin) last placed
        self._words: dict[str, int] = {}
        self._words_for: tuple[bool, ...] | None = None
        self._next_list_s = 0.0
        self.signals_version = 0
        self._word_table()
        self.signals = tuple(["count_" + str(h + 1) for h in range(n)]
                             + [f"{c}_{h + 1}_{i + 1}" for h in range(n) for i in range(max_holes)
                                for c in ("x", "y")])

    def _devices(self):
        if self._found is None:
            p = self.plant
            self._found = (p[self.beam_name], [p[h] for h in self.head_names],
                           [p[d] for d in self.drill_names])
        return self._found

    def _word_table(self) -> None:
        """Every signal's word, rebuilt only when a list arrives (read is called every scan)."""
        key = tuple(self.sent(h) for h in range(len(self.holes)))
        if key != self._words_for:
            words: dict[str, int] = {}
            for h in range(len(self.holes)):
                lst = self.listed(h)
                words[f"count_{h + 1}"] = len(lst)
                for i in range(self.max_holes):
                    x, y = lst[i] if i < len(lst) else (0.0, 0.0)
                    words[f"x_{h + 1}_{i + 1}"] = to_word(x) if i < len(lst) else 0
                    words[f"y_{h + 1}_{i + 1}"] = to_word(y) if i < len(lst) else 0
            self._words, self._words_for = words, key
            self._next_list_s = min([t for t in self.sent_at if t > self.time_s] or [float("inf")])
            for name, word in words.items():
                setattr(self, name, word)
            self.signals_version += 1   # every signal is one of these words (Device.signals_version)
            self.changes += 1

    def sent(self, head: int) -> bool:
        """Head `head`'s (0-based) list has arrived."""
        return self.time_s >= self.sent_at[head]

    def listed(self, head: int) -> tuple[tuple[float, float], ...]:
        """Head `head`'s (0-based) hole list as the PLC has it now (empty before it arrived)."""
        return self.holes[head] if self.sent(head) else ()

    def hole_at(self, head: int, x_mm: float, y_mm: float) -> int | None:
        """The index of head `head`'s (0-based) listed hole within tolerance of (x, y), or None."""
        tol = self._reach_mm
        for i, (hx, hy) in enumerate(self.listed(head)):
            if abs(hx - x_mm) <= tol and abs(hy - y_mm) <= tol:
                return i
        return None

    def under(self, head: int) -> int | None:
        """The listed hole head `head` (0-based) stands over now, or None."""
        beam, heads, _ = self._devices()
        return self.hole_at(head, beam.pos, heads[head].pos)

    def done(self, head: int) -> set[int]:
        """Indices drilled or jammed: nothing left to do on them (kept as they happen: read it,
        do not change it)."""
        return self._done[head]

    def read(self, signal: str) -> Any:
        word = self._words.get(signal)
        if word is not None:
            return word
        return super().read(signal)

    def step(self, dt: float) -> None:
        beam, heads, drills = self._devices()
        self.time_s += dt
        if self.time_s >= self._next_list_s:        # a list arrives: its words change
            self._word_table()
        if self._was_down is None:      # a drill down at power-up drilled nothing yet
            self._was_up = [d.position <= 0.0 for d in drills]
            self._was_down = [d.position >= d.stroke for d in drills]
        bx = beam.pos
        placed = self._placed
        for n, (head, drill) in enumerate(zip(heads, drills, strict=True)):
            hp = head.pos
            last = placed[n]
            # the head's rail rides on the beam, the drill on its head: placed again only when the
            # beam or the head moved (or the head's origin was set elsewhere)
            if last is None or last[0] != bx or last[1] != hp or last[2] is not head.origin:
                origin = head.origin = (self.origin[0] + bx, self.head_rail_y)
                drill.x, drill.y = head.point_at(hp)
                placed[n] = (bx, hp, origin)
            at = drill.position
            up = at <= 0.0
            down = at >= drill.stroke
            if self._was_up[n] and not up:          # the drill sets off down
                i = self.hole_at(n, beam.pos, head.pos)
                if i is not None and (n + 1, i + 1) in self.jams:
                    drill.fault = "never_extends"
                    self._on_jam[n] = i
                    if i not in self.jammed[n]:
                        self.jammed[n].append(i)
                        self._done[n].add(i)
                        self.changes += 1
            if up and self._on_jam[n] is not None:
                drill.fault = None
                self._on_jam[n] = None
            if down and not self._was_down[n]:
                self.cuts[n].append((beam.pos, head.pos))
                i = self.hole_at(n, beam.pos, head.pos)
                if i is not None and i not in self.drilled[n]:
                    self.drilled[n].append(i)
                    self._done[n].add(i)
                    self.changes += 1
            self._was_up[n], self._was_down[n] = up, down

    def state(self) -> dict[str, Any]:
        return {"holes": [list(self.listed(h)) for h in range(len(self.holes))],
                "drilled": [list(d) for d in self.drilled],
                "jammed": [list(j) for j in self.jammed], "x": self.origin[0], "y": self.origin[1]}

    def extent(self) -> list[tuple[float, float]]:
        xs = [self.origin[0] + x for lst in self.holes for x, _ in lst] or [self.origin[0]]
        ys = [self.origin[1] + y for lst in self.holes for _, y in lst] or [self.origin[1]]
        return [(min(xs) - 40, min(ys) - 40), (max(xs) + 40, max(ys) + 40)]

    def draw(self, pen) -> None:
        (x0, y0), box = self.origin, self.extent()
        (ax, ay), (bx, by) = box
        plate = pen.rect_rotated((ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay, 0.0, "PART")
        colours = ("#3c78d8", "#e69138", "#6aa84f", "#a64d79")
        for n in range(len(self.holes)):
            lst = self.listed(n)
            col = pen.rgb(colours[n % len(colours)], "CARRIAGE")
            for i, (hx, hy) in enumerate(lst):
                cx, cy = x0 + hx, y0 + hy
                if i in self.jammed[n]:
                    pen.circle(cx, cy, 16, "FAULT", min_px=3)
                elif i in self.drilled[n]:
                    pen.circle(cx, cy, 16, col, min_px=3)
                else:
                    pen.circle(cx, cy, 16, pen.shade(col, 0.45), min_px=3)
                pen.label(f"{n + 1}.{i + 1}", cx + 12, cy - 12)
        pen.hot(self.name, "drill_plate", plate)
