"""Hydraulic power unit: a fixed pump, an unloading valve and an accumulator feeding cylinders.

Per step:
- the pump delivers ``pump_lpm`` l/min while its motor runs (``run``) and the unloading valve is
  closed (``unload`` FALSE); with ``unload`` TRUE it circulates to the tank at no pressure;
- the consumers (PropCylinder devices named in ``consumers`` with their flow at full speed in
  l/min) draw flow in proportion to their rod speed; a little leaks away (``leak_lpm``);
- the accumulator turns the net flow into pressure: ``capacity_l_per_bar`` litres per bar, so
  a pump surplus charges it and a demand over the pump's delivery drains it; the relief valve
  caps the pressure at ``relief_bar`` (the time spent blowing off over it is logged);
- each consumer's ``supply`` is set to sqrt(pressure / rated_bar), at most 1: a valve passes less
  flow at a supply pressure short of its rating, none at 0 bar.

- every start runs the motor up first (``runup_s``: a star-delta starter's star stage): from
  ``run`` rising the motor turns but ``running`` stays FALSE and the pump delivers nothing until
  it is up to speed; the pump must be unloaded meanwhile: with the unloading valve closed during
  the run-up the motor stalls against the supply and its overload relay trips (``stalls`` logs
  it); a stop (``run`` FALSE, or a trip) means the next start runs up again;
- the motor's overload relay may also trip at ``trip_at_s`` (a fault arriving mid-run, also
  during a run-up): the motor stops and ``running`` drops (or never comes) although ``run`` is
  TRUE; the relay resets once ``run`` has been FALSE for ``reset_s``, and the motor then follows
  ``run`` again (``trips`` logs each trip, whatever its cause);
- the time the pump blows off over the relief valve without a break is ``relief_run_s``.

Signals: ``pressure`` in 0.1 bar (an INT word), ``running`` (the motor contactor's feedback).
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


class HydraulicPowerUnit(Device):
    """A pump, motor, unloading valve and accumulator drawn as a tank with its gauge."""

    kind = "hydraulic power unit"
    layer = 1
    signals = ("pressure", "running")
    commands = ("run", "unload")

    def __init__(self, name: str, x: float, y: float, *, consumers: tuple[tuple[str, float], ...],
                 pump_lpm: float = 40.0, capacity_l_per_bar: float = 0.02, start_bar: float = 0.0,
                 relief_bar: float = 190.0, rated_bar: float = 140.0, leak_lpm: float = 0.5,
                 trip_at_s: float | None = None, reset_s: float = 1.0, runup_s: float = 0.0,
                 label: str = ""):
        super().__init__(name)
        if pump_lpm <= 0 or capacity_l_per_bar <= 0 or relief_bar <= 0 or rated_bar <= 0:
            raise ValueError(f"{name}: pump flow, capacity, relief and rated pressure must be positive")
        self.x, self.y = float(x), float(y)
        self.consumers = tuple((str(n), float(q)) for n, q in consumers)
        self.pump_lpm, self.capacity = float(pump_lpm), float(capacity_l_per_bar)
        self.relief_bar, self.rated_bar, self.leak_lpm = float(relief_bar), float(rated_bar), float(leak_lpm)
        self.label = label or name
        self.bar = min(max(float(start_bar), 0.0), self.relief_bar)
        self.run = False
        self.unload = False
        self.demand_lpm = 0.0
        self.relief_s = 0.0           # time spent blowing off over the relief valve
        self.relief_run_s = 0.0       # ... without a break, up to now
        self.trip_at_s, self.reset_s = trip_at_s, float(reset_s)
        if runup_s < 0:
            raise ValueError(f"{name}: the run-up time cannot be negative")
        self.runup_s = float(runup_s)
        self.tripped = False
        self.trips: list[float] = []
        self.stalls: list[float] = []    # trips by a loaded run-up
        self._trip_due = trip_at_s is not None
        self._spun_s = 0.0            # how long the motor has turned since its start
        self.t = 0.0
        self._off_s = 0.0             # how long run has been FALSE
        self.loaded_s = 0.0           # time the pump ran loaded (delivering into the system)

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "run":
            self.run = bool(value)
        elif command == "unload":
            self.unload = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "pressure":
            return int(round(self.bar * 10.0))
        if signal == "running":
            return self.up_to_speed
        return super().read(signal)

    @property
    def motor_on(self) -> bool:
        """The motor is energised: commanded and not tripped (running up or up to speed)."""
        return self.run and not self.tripped

    @property
    def up_to_speed(self) -> bool:
        """The motor has run up: the contactor feedback ``running``."""
        return self.motor_on and self._spun_s >= self.runup_s - 1e-9

    @property
    def running_up(self) -> bool:
        """The motor is energised and still running up (``running`` not yet TRUE)."""
        return self.motor_on and not self.up_to_speed

    @property
    def delivering(self) -> bool:
        """The pump is up to speed and its flow goes into the system (not unloaded)."""
        return self.up_to_speed and not self.unload

    def attach(self, plant) -> None:
        super().attach(plant)
        self._supply()

    def _supply(self) -> None:
        """Each consumer added so far gets the flow scale of the pressure now."""
        assert self.plant is not None
        factor = min(1.0, math.sqrt(self.bar / self.rated_bar))
        for n, _q in self.consumers:
            if n in self.plant.devices:
                self.plant[n].supply = factor

    def _cylinders(self):
        assert self.plant is not None, f"{self.name}: not in a plant"
        return [(self.plant[n], q) for n, q in self.consumers]

    # -- hydraulics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.t += dt
        self._off_s = 0.0 if self.run else self._off_s + dt
        if self.tripped and self._off_s >= self.reset_s - 1e-9:
            self.tripped = False
        on = self.run and not self.tripped           # motor_on
        if on and not self.unload and self._spun_s < self.runup_s - 1e-9:
            self._trip()                             # loaded during its run-up: it stalls
            self.stalls.append(round(self.t, 3))
            on = False
        if on and self._trip_due and self.t >= self.trip_at_s - 1e-9:
            self._trip_due = False
            self._trip()
            on = False
        if on:
            self._spun_s += dt
        else:
            self._spun_s = 0.0
        delivering = on and not self.unload and self._spun_s >= self.runup_s - 1e-9
        cyls = self._cylinders()
        self.demand_lpm = sum(abs(c.vel) / c.max_speed * q for c, q in cyls)
        pump = self.pump_lpm if delivering else 0.0
        if delivering:
            self.loaded_s += dt
        leak = self.leak_lpm if self.bar > 0.0 else 0.0
        bar = self.bar + (pump - self.demand_lpm - leak) / 60.0 * dt / self.capacity
        blowing = bar >= self.relief_bar and pump > 0.0
        if bar >= self.relief_bar:
            bar = self.relief_bar
        if blowing:
            self.relief_s += dt
            self.relief_run_s += dt
        else:
            self.relief_run_s = 0.0
        self.bar = max(bar, 0.0)
        factor = min(1.0, math.sqrt(self.bar / self.rated_bar))
        for c, _q in cyls:
            c.supply = factor

    def _trip(self) -> None:
        self.tripped = True
        self._spun_s = 0.0
        self.trips.append(round(self.t, 3))

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "pressure_bar": self.bar, "run": self.up_to_speed,
                "running_up": self.running_up, "unload": self.unload, "tripped": self.tripped,
                "demand_lpm": self.demand_lpm, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 130.0, self.y - 110.0), (self.x + 130.0, self.y + 120.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = self.x, self.y
        tank = pen.rect_rotated(x, y + 40, 240.0, 80.0, 0.0, "FRAME")               # the oil tank
        pen.rect_rotated(x - 60, y - 20, 70.0, 50.0, 0.0,
                         "FAULT" if s["tripped"] else "ON" if s["run"]
                         else "BUSY" if s["running_up"] else "UNLIT")                  # motor + pump
        pen.label("pump" + (" (run-up)" if s["running_up"] else ""), x - 60, y - 20)
        pen.rect_rotated(x + 10, y - 20, 30.0, 30.0, 0.0, "BUSY" if s["unload"] else "UNLIT")  # unload valve
        pen.label("unload", x + 10, y - 45)
        # the accumulator: a bottle filled in proportion to its pressure
        fill = s["pressure_bar"] / self.relief_bar
        pen.rect_rotated(x + 80, y - 30, 40.0, 120.0, 0.0, "SENSOR_BODY")
        if fill > 0.0:
            pen.rect_rotated(x + 80, y - 90 + 60 * fill, 34.0, 120.0 * fill, 0.0,
                             "ON" if s["pressure_bar"] >= 120.0 else "FAULT")
        pen.label(f"{s['label']}  {s['pressure_bar']:.0f} bar  demand {s['demand_lpm']:.0f} l/min",
                  x, y + 100)
        pen.hot(self.name, self.kind, tank)
