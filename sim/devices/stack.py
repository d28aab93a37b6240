"""A stack of sheets (blanks, boards, cartons) lying on a lift platform, taken one by one.

The stack rides on a vertical axis (`lift`: any device with a `pos` in mm, e.g.
sim.devices.braked_axis.BrakedAxis); its platform's surface stands `platform_mm` above the
lift's position. `count` sheets of `sheet_mm` each lie on it, so the top of the stack is at
lift.pos + platform_mm + count * sheet_mm. Two sensors belong to it:

- 'top_blocked': a photo-eye beam across the stack at height `eye_mm`, TRUE (blocked) while
  the top of the stack reaches the beam (top >= eye_mm);
- 'present': a proximity switch in the platform, TRUE while at least one sheet lies on it.

`take(tolerance_mm)` is what a picker head does when it closes on the stack at `pick_mm`: it
takes the top sheet if the top is within tolerance of the pick height (logged in `taken`
with the height it was taken at), else it misses (logged in `misses`). `refill(count)` lays
a new stack on the platform (an operator with a fork truck). A stack can start partial.

    stack = plant.add(Stack("stack", lift="lift", sheet_mm=4.0, count=30, eye_mm=700.0,
                            pick_mm=700.0, platform_mm=100.0, x=400.0, y=0.0))

Wired to a picker (`picker`: a sim.devices.stations.TransferStation whose arm is the head), the
stack is picked each time the picker finishes a piece of work (its `served` count grows):
`take(tolerance_mm)` then. With `refills` (counts) and `reload_mm`, an operator lays the next
stack once the platform is empty and the lift has stood at rest at or below reload_mm for
`refill_s`.
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class Stack(Device):
    """Signals 'top_blocked' (the top eye), 'present' (a sheet on the platform) and 'count'."""

    kind = "stack"
    layer = 4
    signals = ("top_blocked", "present", "count")

    def __init__(self, name: str, *, lift: str, sheet_mm: float, count: int, eye_mm: float, pick_mm: float,
                 platform_mm: float = 0.0, x: float = 0.0, y: float = 0.0, width: float = 240.0,
                 label: str = "", picker: str | None = None, tolerance_mm: float = 2.0,
                 refills: tuple[int, ...] = (), reload_mm: float = 0.0, refill_s: float = 5.0):
        super().__init__(name)
        if sheet_mm <= 0 or count < 0:
            raise ValueError(f"{name}: sheet_mm must be positive and count not negative")
        self.lift_name = lift
        self.sheet_mm = float(sheet_mm)
        self.count = int(count)
        self.eye_mm = float(eye_mm)
        self.pick_mm = float(pick_mm)
        self.platform_mm = float(platform_mm)
        self.x, self.y, self.width = float(x), float(y), float(width)
        self.label = label or name
        self.lift = None
        self.taken: list[float] = []     # the top's height at each sheet taken
        self.misses: list[float] = []    # the top's height at each pick that found no sheet there
        self.refills = 0
        self.max_top_over_pick = float("-inf")
        self.picker_name, self.tolerance_mm = picker, float(tolerance_mm)
        self.refill_counts = tuple(int(c) for c in refills)
        self.reload_mm, self.refill_s = float(reload_mm), float(refill_s)
        self.picker = None
        self._picks_seen = 0
        self._at_reload_s = 0.0
        self.reloaded_at: list[float] = []   # plant time of each refill
        self._t = 0.0

    def attach(self, plant) -> None:
        super().attach(plant)
        self.lift = plant[self.lift_name]
        if self.picker_name is not None:
            self.picker = plant[self.picker_name]

    @property
    def platform_top(self) -> float:
        return self.lift.pos + self.platform_mm

    @property
    def top_mm(self) -> float:
        return self.platform_top + self.count * self.sheet_mm

    def read(self, signal: str) -> Any:
        if signal == "top_blocked":
            return self.count > 0 and self.top_mm >= self.eye_mm
        if signal == "present":
            return self.count > 0
        if signal == "count":
            return self.count
        return super().read(signal)

    def take(self, tolerance_mm: float) -> bool:
        """A picker head closes at pick_mm: the top sheet goes with it if the top is within
        tolerance_mm of the pick height."""
        top = self.top_mm
        if self.count > 0 and abs(top - self.pick_mm) <= tolerance_mm:
            self.count -= 1
            self.taken.append(top)
            return True
        self.misses.append(top)
        return False

    def refill(self, count: int) -> None:
        self.count = int(count)
        self.refills += 1

    def step(self, dt: float) -> None:
        self._t += dt
        if self.picker is not None and self.picker.served > self._picks_seen:
            self._picks_seen = self.picker.served
            self.take(self.tolerance_mm)
        lift = self.lift
        if self.count == 0 and self.refills < len(self.refill_counts) and lift.vel == 0.0 \
                and lift.pos <= self.reload_mm:
            self._at_reload_s += dt
            if self._at_reload_s >= self.refill_s - 1e-9:
                self.refill(self.refill_counts[self.refills])
                self.reloaded_at.append(round(self._t, 3))
        else:
            self._at_reload_s = 0.0
        if self.count > 0:
            self.max_top_over_pick = max(self.max_top_over_pick, self.top_mm - self.pick_mm)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "count": self.count,
                "platform_top": self.platform_top, "top_mm": self.top_mm, "sheet_mm": self.sheet_mm,
                "eye_mm": self.eye_mm, "pick_mm": self.pick_mm, "top_blocked": self.read("top_blocked"),
                "present": self.count > 0, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        half = s["width"] / 2 + 60
        return [(s["x"] - half, s["y"] + min(s["platform_top"], 0.0) - 20),
                (s["x"] + half, s["y"] + max(s["top_mm"], s["eye_mm"]) + 40)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], s["width"]
        plat = y + s["platform_top"]
        shapes = list(pen.rect_rotated(x, plat - 6, w + 20, 12, 0.0, "CYLINDER"))   # the platform
        if s["count"]:
            height = s["count"] * s["sheet_mm"]
            shapes += pen.rect_rotated(x, plat + height / 2, w, height, 0.0, "PART")
            # sheet lines every few sheets, so the stack is seen as sheets
            step = max(1, int(12.0 / s["sheet_mm"]))
            for k in range(step, s["count"], step):
                yy = plat + k * s["sheet_mm"]
                pen.line((x - w / 2, yy), (x + w / 2, yy), pen.shade("PART", 0.7), 1)
        # the top eye: emitter and receiver either side, beam lit while blocked
        ey = y + s["eye_mm"]
        beam = "BEAM_BLOCKED" if s["top_blocked"] else "BEAM"
        pen.line((x - w / 2 - 40, ey), (x + w / 2 + 40, ey), beam, 1)
        pen.circle(x - w / 2 - 44, ey, 6, "LIT" if s["top_blocked"] else "UNLIT")
        pen.circle(x + w / 2 + 44, ey, 6, "LIT" if s["top_blocked"] else "UNLIT")
        # the platform's proximity switch
        pen.circle(x, plat - 6, 5, "LIT" if s["present"] else "UNLIT")
        pen.label(f"{s['label']}: {s['count']} sheets", x, plat - 30)
        pen.hot(name, self.kind, shapes)
