"""Press-fit dial: which parts on a rotary table are pressed, a probe that tells, a ram that presses.

A RotaryTable carries one part per nest. A ForceAxis ram stands over the nest at the table's
work position (the press station); a pneumatic Cylinder (the probe) stands over the nest one
station before it (the probe station: that nest comes to the press at the next index). An
unpressed part's top is at `contact_mm` of the ram. Once the true ram force on an unpressed
part reaches `seat_n` with the table exactly on a station, the bushing snaps home: it counts
as pressed and its top is `seat_mm` lower from then on. Every rise of the force above
`touch_n` on a part counts as one press of that part (`presses[nest]`; that press lasts until
the ram has gone back up, its force under `touch_n`), so a part pressed twice shows 2. The
device sets the ram's contact height from the part under it every step (the ram's public
`contact_mm`).

Drawn as a count display, with each part on its nest of the dial (lit once pressed).

Signal 'probe_pressed': TRUE while the probe rod is fully extended onto a pressed part at the
probe station (a short part lets the probe's tip switch close). `probed[nest]` records that
the probe has been fully down on that part, `cleared` that ram (at or above `clear_mm`) and
probe have been up together since power-up (for judges).

A drive trip: the `trip_on_approach`-th time the ram goes down past `trip_at_mm` toward an
unpressed part on a station (0 = never), its drive trips (Axis.trip: fault latched, the ram
brakes to a stop, its move dropped; resets ignored for `trip_hold_s`).
"""

from __future__ import annotations

from typing import Any

from sim.drawing import draw_value_display, value_display_extent
from sim.plant import Device


class PressFitDial(Device):
    kind = "value_display"
    layer = 7
    signals = ("probe_pressed",)

    def __init__(self, name: str, table: Any, ram: Any, probe: Any, *, pressed_at_start=(),
                 contact_mm: float = 100.0, seat_mm: float = 3.0, seat_n: float = 8000.0,
                 touch_n: float = 2000.0, clear_mm: float = 20.0, trip_on_approach: int = 0,
                 trip_at_mm: float = 50.0, trip_hold_s: float = 1.0,
                 position: tuple[float, float] = (0.0, 0.0),
                 label: str = "parts pressed"):
        super().__init__(name)
        self.table, self.ram, self.probe = table, ram, probe
        n = table.stations
        self.pressed = [False] * n
        for k in pressed_at_start:
            self.pressed[int(k) - 1] = True
        self.presses = [0] * n
        self.probed = [False] * n
        self.base_contact_mm = float(contact_mm)
        self.top_mm = [float(contact_mm) + (seat_mm if p else 0.0) for p in self.pressed]
        self.seat_mm, self.seat_n, self.touch_n = float(seat_mm), float(seat_n), float(touch_n)
        self.position, self.label = position, label
        self.clear_mm = float(clear_mm)
        self.trip_on_approach, self.trip_at_mm = int(trip_on_approach), float(trip_at_mm)
        self.trip_hold_s = float(trip_hold_s)
        self.approaches = 0    # times the ram went down past trip_at_mm toward an unpressed part
        self._prev_ram = float(ram.pos)
        self.cleared = False   # ram at or above clear_mm and probe up together, once since power-up
        self.t = 0.0
        self.touching = False
        self.deepest = 0.0
        self.pressed_log: list[tuple[int, float]] = []   # (nest, time) pressed in this run
        self._sync()

    # the nest under the ram and the one under the probe (1..N, 0 between stations)
    def nest_at_press(self) -> int:
        return self.table.station if self.table.exactly_aligned else 0

    def nest_at_probe(self) -> int:
        k = self.nest_at_press()
        return 0 if k == 0 else (k % self.table.stations) + 1

    def _under_ram(self) -> int:
        # while the table turns the ram stays on the part it stands on (the nearest station)
        t = self.table
        return (round((-t.angle_deg) % 360.0 / t.pitch_deg) % t.stations) + 1

    def _sync(self) -> None:
        k = self._under_ram()
        self.ram.contact_mm = self.top_mm[k - 1]

    def read(self, signal: str) -> Any:
        if signal == "probe_pressed":
            k = self.nest_at_probe()
            return bool(k and self.probe.read("extended") and self.pressed[k - 1])
        raise KeyError(signal)

    def step(self, dt: float) -> None:
        self.t += dt
        if self.ram.pos <= self.clear_mm and self.probe.read("retracted"):
            self.cleared = True
        prev, pos = self._prev_ram, self.ram.pos
        self._prev_ram = pos
        if (prev < self.trip_at_mm <= pos and self.table.exactly_aligned
                and not self.pressed[self._under_ram() - 1]):
            # the drive trips on its way down the trip_on_approach-th time (0 = never)
            self.approaches += 1
            if self.approaches == self.trip_on_approach:
                self.ram.trip("ram drive overload trip", hold_s=self.trip_hold_s)
        k = self.nest_at_probe()
        if k and self.probe.read("extended"):
            self.probed[k - 1] = True
        force = self.ram.force_n
        under = self._under_ram()
        # one press lasts from the force rising above touch_n until the ram lifts off the part
        # (a part that seats under the ram and is pushed on is still the same press)
        if force > self.touch_n and not self.touching:
            self.presses[under - 1] += 1
            self.touching, self.deepest = True, self.ram.pos
        elif self.touching:
            self.deepest = max(self.deepest, self.ram.pos)
            if self.ram.pos < self.deepest - 0.5 and force <= self.touch_n:
                # the ram went back up and off the part: that press is over
                self.touching = False
        i = under - 1
        if force >= self.seat_n - 1e-6 and self.table.exactly_aligned and not self.pressed[i]:
            # the bushing snaps home: its top is seat_mm lower from now on
            self.pressed[i] = True
            self.top_mm[i] = self.base_contact_mm + self.seat_mm
            self.pressed_log.append((under, round(self.t, 3)))
        self._sync()

    @property
    def count(self) -> int:
        return sum(self.pressed)

    def state(self) -> dict[str, Any]:
        return {"x": self.position[0], "y": self.position[1], "width": 200.0, "height": 40.0,
                "value": self.count, "display": f"{self.count} of {len(self.pressed)} pressed",
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return value_display_extent(self.state())

    def draw(self, pen) -> None:
        draw_value_display(pen, self.name, self.state())
        # the bushings on the dial: a pressed one lit, an unpressed one as a plain part
        for k in range(len(self.pressed)):
            nx, ny = self.table.nest_position(k + 1)
            pen.circle(nx, ny, 14.0, "LIT" if self.pressed[k] else "PART")
