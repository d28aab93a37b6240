"""A belt conveyor whose running feedback is proved (a speed monitor on the tail pulley) and
whose motor has a thermal overload relay: the belts of a cascaded line.

    belt = plant.add(ProvedConveyor("B1", x=300, y=0, length=600, speed=200, feedback_s=0.3))
    belt.write("run", True)        # the belt ramps up; 'running' turns TRUE 0.3 s later
    belt.trip()                    # the overload trips: motor off, 'overload_ok' FALSE
    belt.reset_overload()          # the electrician resets the relay: 'overload_ok' TRUE again

Signals: 'running' (BOOL: TRUE from feedback_s after the run command while the motor runs;
FALSE at once when the command drops or the overload trips), 'overload_ok' (BOOL, the relay's
NC contact: TRUE while it has not tripped), 'speed_actual' (word, mm/s). Commands as Conveyor.
A tripped relay keeps the motor off (Conveyor.fault) until it is reset, whatever 'run' says;
after a reset a run command still on starts it again (the feedback clock restarts).
"""

from __future__ import annotations

from typing import Any

from sim.devices.conveyor import Conveyor


class ProvedConveyor(Conveyor):
    kind = "conveyor"
    signals = ("running", "overload_ok", "speed_actual")

    def __init__(self, name: str, x: float, y: float, *, feedback_s: float = 0.2, **kw: Any):
        super().__init__(name, x, y, **kw)
        self.feedback_s = float(feedback_s)
        self.on_for = 0.0           # how long the motor has run on the present command (s)
        self.trips = 0              # overload trips so far

    def trip(self) -> None:
        """The overload relay trips (a jammed belt): the motor stops, its contact opens."""
        if not self.fault:
            self.fault = True
            self.trips += 1

    def reset_overload(self) -> None:
        """The relay is reset by hand: a run command still on starts the motor again at once
        (a program keeps the output off until it restarts the belt); the feedback clock restarts."""
        if self.fault:
            self.fault = False
            self.on_for = 0.0

    def operate(self, value: Any) -> None:
        """An operator action: True trips the overload, False resets it."""
        if value:
            self.trip()
        else:
            self.reset_overload()

    def read(self, signal: str) -> Any:
        if signal == "running":
            return self.run and not self.fault and self.on_for >= self.feedback_s - 1e-9
        if signal == "overload_ok":
            return not self.fault
        return super().read(signal)

    def step(self, dt: float) -> None:
        super().step(dt)
        self.on_for = self.on_for + dt if (self.run and not self.fault) else 0.0

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["proved"] = self.read("running")
        s["overload_ok"] = not self.fault
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        # the speed monitor's lamp at the tail pulley: lit once the running feedback is proved
        x, y = self.point(0.0, -self.half_width - 22)
        pen.circle(x, y, 9, "LIT" if s["proved"] else "UNLIT", min_px=4)
        if not s["overload_ok"]:
            ox, oy = self.point(self.half_length, -self.half_width - 24)
            pen.label("OVERLOAD TRIPPED", ox, oy, "FAULT", 12)
