"""An operator who answers a lamp: a person at the line, not a schedule.

A scheduled operator action comes at a fixed plant time, whatever the program did; an
acknowledgement has to come after the lamp that asks for it. The attendant watches a lamp
and, `answer_s` after it lights (one value per time it lights, in order; the last one
repeats), presses a push button for `hold_s`. `stray_s` are times at which the attendant
presses the button anyway (a press the program must ignore while the lamp is off). With
`light`, the lamp is that light of a stack light (its red, amber ...); with `clears`, the
attendant first calls that device's clear() (takes a jammed part off the belt) and then presses.

    plant.add(Attendant("operator", lamp="batch_lamp", button="ack_button", answer_s=(1.5, 0.8),
                        stray_s=(4.0,), x=900, y=-250))
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class Attendant(Device):
    """Presses `button` (a PushButton) `answer_s[k]` after `lamp` (a Lamp) lights for the k-th
    time, for `hold_s`; also at each time in `stray_s`. A lamp that goes dark before the answer
    is due is not answered. `answers` logs (time_s, k) of every answering press, `presses` the
    time of every press."""

    kind = "attendant"
    layer = 6

    def __init__(self, name: str, *, lamp: str, button: str, answer_s: tuple[float, ...] = (1.0,),
                 hold_s: float = 0.3, stray_s: tuple[float, ...] = (), x: float = 0.0, y: float = 0.0,
                 label: str = "", light: str | None = None, clears: str | None = None):
        super().__init__(name)
        if not answer_s:
            raise ValueError(f"attendant {name!r} needs at least one answer time")
        self.lamp_name, self.button_name = lamp, button
        self.light, self.clears = light, clears
        self.answer_s = tuple(float(a) for a in answer_s)
        self.hold_s = float(hold_s)
        self.stray_s = sorted(float(t) for t in stray_s)
        self.x, self.y = float(x), float(y)
        self.label = label or name
        self.time = 0.0
        self.lit_count = 0               # how often the lamp has lit
        self.due: float | None = None    # when the pending answer is pressed
        self.release_at: float | None = None
        self.answers: list[tuple[float, int]] = []
        self.presses: list[float] = []
        self._was_lit = False
        self._stray = 0
        self._lamp: Any = None
        self._button: Any = None

    def _press(self) -> None:
        self._button.operate(True)
        self.presses.append(round(self.time, 3))
        self.release_at = self.time + self.hold_s

    def step(self, dt: float) -> None:
        if self._lamp is None:
            self._lamp, self._button = self.plant[self.lamp_name], self.plant[self.button_name]   # type: ignore[index]
        self.time = t = self.time + dt
        lit = bool(self._lamp.lit[self.light] if self.light else self._lamp.on)
        if lit and not self._was_lit:
            self.due = t + self.answer_s[min(self.lit_count, len(self.answer_s) - 1)]
            self.lit_count += 1
        elif not lit:
            self.due = None
        self._was_lit = lit
        if self.release_at is not None and t + 1e-9 >= self.release_at:
            self._button.operate(False)
            self.release_at = None
        if self.release_at is None:
            if self.due is not None and t + 1e-9 >= self.due:
                self.answers.append((round(t, 3), self.lit_count))
                self.due = None
                if self.clears is not None:
                    self.plant[self.clears].clear()      # type: ignore[index]
                self._press()
            elif self._stray < len(self.stray_s) and t + 1e-9 >= self.stray_s[self._stray]:
                self._stray += 1
                self._press()

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "label": self.label, "pressing": self.release_at is not None,
                "waiting": self.due is not None}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 30, self.y - 40), (self.x + 30, self.y + 40)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        # a person seen from above: shoulders and head; the hand lit while pressing the button
        body = pen.rect_rotated(x, y, 56, 24, 0.0, "GENERIC")
        pen.circle(x, y, 13, "SENSOR_BODY", min_px=4)
        pen.circle(x + 30, y + 6, 7, "ON" if s.get("pressing") else "UNLIT", min_px=3)
        text = "pressing" if s.get("pressing") else ("about to answer" if s.get("waiting") else "")
        pen.label(f"{s.get('label') or name}" + (f": {text}" if text else ""), x, y - 30)
        pen.hot(name, "attendant", body)
