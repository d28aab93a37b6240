"""Press line transfer: the part places of a tandem press line and the gripper the transfer carries.

A line of places along one transfer axis (sim.devices.axis.Axis): the infeed, the dies of one or
more presses (sim.devices.mechanical_press.MechanicalPress) and the outfeed. Blanks arrive at the
infeed one at a time: blank k+1 comes `gaps[k]` seconds after blank k was taken (the first at
`first_s`), `count` in all. The gripper rides on the transfer's carriage; with the carriage
standing (at rest within `at_mm` of a place) over a part, `grip` TRUE closes the fingers on it and
after `grip_s` the part is held (`part_held`) and travels with the carriage; `grip` FALSE opens
them and after `release_s` the part is set down at the place the carriage stands at, if that place
is empty (at the outfeed it is taken away at once); anywhere else the part falls (`dropped`).

A press strokes the part in its die each time its crank passes bottom dead centre: the part
records that press (its `pressed` list); a stroke on an empty die is logged (`empty_strokes`).
Parts may lie in dies at power-up (`preloaded`: die index -> the presses that already pressed it).

Signals: part_at_infeed, part_held, part_in_die_1, part_in_die_2 ... (die proximity sensors, TRUE
while a part lies in that die). Command: grip.

    line = plant.add(PressLineTransfer("line", axis="transfer", infeed_mm=0.0,
                                       dies=(("press_1", 500.0), ("press_2", 1000.0)), outfeed_mm=1500.0,
                                       count=8, gaps=(1.0,) * 8))
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class Part:
    def __init__(self, number: int, pressed: tuple[str, ...] = ()):
        self.number = number
        self.pressed: list[str] = list(pressed)
        self.out_at_s: float | None = None


class PressLineTransfer(Device):
    kind = "press_line_transfer"
    layer = 6
    commands = ("grip",)

    def __init__(
        self,
        name: str,
        *,
        axis: str,
        infeed_mm: float,
        dies: tuple[tuple[str, float], ...],
        outfeed_mm: float,
        count: int,
        gaps: tuple[float, ...],
        first_s: float = 0.0,
        preloaded: dict[int, tuple[str, ...]] | None = None,
        grip_s: float = 0.15,
        release_s: float = 0.1,
        at_mm: float = 1.0,
        x: float = 0.0,
        y: float = 0.0,
    ):
        super().__init__(name)
        self.axis_name = axis
        self.infeed_mm, self.outfeed_mm = float(infeed_mm), float(outfeed_mm)
        self.dies = tuple((press, float(mm)) for press, mm in dies)
        self.count, self.gaps, self.first_s = int(count), tuple(gaps), float(first_s)
        self.grip_s, self.release_s, self.at_mm = float(grip_s), float(release_s), float(at_mm)
        self.x, self.y = float(x), float(y)
        self.signals = ("part_at_infeed", "part_held") + tuple(
            f"part_in_die_{n + 1}" for n in range(len(dies))
        )
        self.time_s = 0.0
        self.made = 0
        self.infeed: Part | None = None
        self.next_at = self.first_s
        self.die: list[Part | None] = [None] * len(self.dies)
        for n, pressed in (preloaded or {}).items():
            self.made += 1
            self.die[n] = Part(self.made, pressed)
        self.held: Part | None = None
        self.out: list[Part] = []
        self.dropped: list[Part] = []
        self.empty_strokes = [0] * len(self.dies)
        self.grip = False
        self.timer = 0.0
        self._bdc_count: list[int | None] = [None] * len(self.dies)

    def write(self, command: str, value: Any) -> None:
        if command == "grip":
            v = bool(value)
            if v != self.grip:
                self.timer = 0.0
            self.grip = v
        else:
            super().write(command, value)

    # -- where the carriage stands ------------------------------------------------------
    def carriage_mm(self) -> float:
        return self.plant[self.axis_name].pos

    def standing_at(self) -> str | None:
        """The place the carriage stands at, at rest: 'infeed', 'die_1', ..., 'outfeed' or None."""
        ax = self.plant[self.axis_name]
        if ax.vel != 0.0:
            return None
        places = [("infeed", self.infeed_mm), ("outfeed", self.outfeed_mm)]
        places += [(f"die_{n + 1}", mm) for n, (_, mm) in enumerate(self.dies)]
        for name, mm in places:
            if abs(ax.pos - mm) <= self.at_mm:
                return name
        return None

    def read(self, signal: str) -> Any:
        if signal == "part_at_infeed":
            return self.infeed is not None
        if signal == "part_held":
            return self.held is not None and self.grip and self.timer >= self.grip_s - 1e-9
        if signal.startswith("part_in_die_"):
            return self.die[int(signal.rsplit("_", 1)[1]) - 1] is not None
        return super().read(signal)

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time_s += dt
        if self.infeed is None and self.made < self.count and self.time_s >= self.next_at - 1e-9:
            self.made += 1
            self.infeed = Part(self.made)
        self._gripper(dt)
        for n, (press_name, _) in enumerate(self.dies):
            crank = self.plant[press_name].turned_deg
            bdc = math.floor((crank - 180.0) / 360.0)
            if self._bdc_count[n] is not None and bdc > self._bdc_count[n]:
                part = self.die[n]
                if part is None:
                    self.empty_strokes[n] += 1
                else:
                    part.pressed.append(press_name)
            self._bdc_count[n] = bdc

    def _gripper(self, dt: float) -> None:
        self.timer += dt
        at = self.standing_at()
        if self.grip and self.held is None and self.timer >= self.grip_s - 1e-9:
            if at == "infeed" and self.infeed is not None:
                self.held, self.infeed = self.infeed, None
                gap = self.gaps[min(self.held.number - 1, len(self.gaps) - 1)] if self.gaps else 0.0
                self.next_at = self.time_s + gap
            elif at and at.startswith("die_") and self.die[int(at[4:]) - 1] is not None:
                n = int(at[4:]) - 1
                self.held, self.die[n] = self.die[n], None
            else:
                self.timer = -1e9  # closed on nothing: it holds nothing until opened again
        elif not self.grip and self.held is not None and self.timer >= self.release_s - 1e-9:
            part, self.held = self.held, None
            if at == "outfeed":
                part.out_at_s = self.time_s
                self.out.append(part)
            elif at and at.startswith("die_") and self.die[int(at[4:]) - 1] is None:
                self.die[int(at[4:]) - 1] = part
            elif at == "infeed" and self.infeed is None:
                self.infeed = part
            else:
                self.dropped.append(part)

    # -- drawing ------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        def kind(p: Part | None) -> int:
            return -1 if p is None else len(p.pressed)

        return {
            "infeed": kind(self.infeed),
            "dies": [kind(p) for p in self.die],
            "held": kind(self.held),
            "out": len(self.out),
            "dropped": len(self.dropped),
            "carriage_mm": self.carriage_mm(),
            "grip": self.grip,
            "x": self.x,
            "y": self.y,
        }

    def extent(self) -> list[tuple[float, float]]:
        return [
            (self.x + self.infeed_mm - 80.0, self.y - 80.0),
            (self.x + self.outfeed_mm + 80.0, self.y + 80.0),
        ]

    _KIND_COLOUR = {0: "silver", 1: "amber", 2: "blue"}

    def _part(self, pen, x: float, y: float, kind: int) -> None:
        if kind >= 0:
            pen.rect_rotated(
                x, y, 70.0, 50.0, 0.0, pen.rgb(self._KIND_COLOUR.get(min(kind, 2), "red")), border=0
            )

    def draw(self, pen) -> None:
        s = self.state()
        y = self.y
        length = self.outfeed_mm - self.infeed_mm + 120.0
        frame = pen.rect_rotated(
            self.x + (self.infeed_mm + self.outfeed_mm) / 2.0, y - 70.0, length, 12.0, 0.0, "FRAME"
        )  # the line's bed under the places
        places = [(self.infeed_mm, s["infeed"], "infeed"), (self.outfeed_mm, -1, f"out {s['out']}")]
        places += [(mm, s["dies"][n], f"die {n + 1}") for n, (_, mm) in enumerate(self.dies)]
        for mm, kind, text in places:
            pen.rect_rotated(self.x + mm, y, 100.0, 80.0, 0.0, "MACHINE_FLOOR", border=2)
            self._part(pen, self.x + mm, y, kind)
            pen.label(text, self.x + mm, y - 60.0)
        for n, (_, mm) in enumerate(self.dies):  # the die proximity sensors, lit with a part
            pen.circle(self.x + mm + 42.0, y - 32.0, 6.0, "LIT" if s["dies"][n] >= 0 else "UNLIT", min_px=3)
        cx = self.x + s["carriage_mm"]
        pen.line((cx - 40.0, y + 45.0), (cx - 40.0, y + 20.0), "ROD", 3)  # the fingers
        pen.line((cx + 40.0, y + 45.0), (cx + 40.0, y + 20.0), "ROD", 3)
        self._part(pen, cx, y + 30.0, s["held"])
        pen.circle(cx, y + 52.0, 5.0, "ON" if s["grip"] else "UNLIT", min_px=3)
        if s["dropped"]:
            pen.label(f"dropped {s['dropped']}", self.x + self.outfeed_mm, y + 70.0)
        pen.hot(self.name, self.kind, frame)
