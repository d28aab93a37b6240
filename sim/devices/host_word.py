"""A word the host changes while the plant runs: a speed setpoint, a line speed order.

`ScheduledWord` is a `ValueWord` (sim.devices.axis) whose value follows a schedule of
(time_s, value) pairs: at plant time time_s the host writes the new value. `index` counts
the values written so far (0 = the value at power-up), so judges can tell one order from
the next even when two orders are equal.

    sp = plant.add(ScheduledWord("setpoint", 0, [(1.0, 800), (6.5, -400)], units="rpm"))
    sp.read("value")         # 0 until 1 s, then 800, from 6.5 s -400
"""

from __future__ import annotations

from collections.abc import Sequence

from sim.devices.axis import ValueWord


class ScheduledWord(ValueWord):
    """Signal 'value': the word as the host has written it by now."""

    # the I/O transfer reads the word as it is (a table the transfer looks up on the class that
    # defines read, hence read restated here)
    plain_signals = {"value": "value"}
    read = ValueWord.read

    def __init__(self, name: str, value: int, schedule: Sequence[tuple[float, int]] = (), *,
                 position: tuple[float, float] = (0.0, 0.0), label: str = "", units: str = "",
                 scale: float = 1.0):
        super().__init__(name, value, position=position, label=label, units=units, scale=scale)
        self.schedule = tuple((float(t), int(v)) for t, v in sorted(schedule, key=lambda e: e[0]))
        self.index = 0            # how many scheduled values have been written
        self.changed_at = 0.0     # plant time of the last write
        self.time = 0.0

    def step(self, dt: float) -> None:
        self.time += dt
        sched = self.schedule
        while self.index < len(sched) and sched[self.index][0] <= self.time + 1e-9:
            self.changed_at = sched[self.index][0]
            self.value = sched[self.index][1]
            self.index += 1

    def state(self):
        out = super().state()
        out["display"] = f"{self.value * self.scale:g} {self.units}".strip()
        if self.index < len(self.schedule):
            out["label"] = f"{self.label} (order {self.index} of {len(self.schedule)})"
        return out



class FixedWord(ValueWord):
    """A host word written once, before power-up: nothing to do in a step (the plant leaves it out
    of its step loop), read by the I/O transfer as it is."""

    plain_signals = {"value": "value"}
    read = ValueWord.read


def host_word(name: str, value: int, schedule: Sequence[tuple[float, int]] = (), **kw) -> ValueWord:
    """A ScheduledWord, or a FixedWord when the host writes nothing after power-up (same value, same
    drawing)."""
    return ScheduledWord(name, value, schedule, **kw) if schedule else FixedWord(name, value, **kw)
