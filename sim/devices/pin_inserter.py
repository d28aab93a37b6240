"""Pin inserter: a pick-and-place head on an X and a Z cylinder with a pin gripper, over a pin
magazine and a carrier station, with a proximity sensor that sees a seated pin.

The head travels with the X cylinder's rod from the magazine (X retracted) to the station
(X extended); the Z cylinder lowers it. The jaws (command 'close') take `close_s` / `open_s`.
Jaws that finish closing at the magazine with Z fully down take a pin (if one is left); a pin
held while Z reaches the bottom at the station goes into the hole of the carrier standing there
(an attempt). Opening the jaws there leaves the pin in the carrier; opening them at the
magazine with Z down puts the pin back; opening them anywhere else drops it (logged). Z coming
down again at the station on a carrier's loose pin presses it again (another attempt). A
carrier's attempt seats its pin once the carrier has had more attempts than `fails(carrier)`,
unless fails(carrier) >= `bad` (a bad hole: the pin never seats).

The magazine holds `pins`; an operator refills it with `refill` pins `refill_s` after the alarm
lamp `alarm` lights (one value per time it lights, the last repeats) while it is lit.

Signals: 'pin_held' (jaws closed on a pin), 'opened' (jaws fully open), 'seated' (the
proximity sensor: a seated pin in the carrier at the station), 'empty' (no pin in the magazine).
Logs for judges: attempts {carrier: [(time_s, seated)]}, drops [(time_s, where)],
refills [time_s].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece


class PinInserter(PartDevice):
    kind = "pin_inserter"
    layer = 6
    commands = ("close",)
    signals = ("pin_held", "opened", "seated", "empty")

    def __init__(self, name: str, *, x_cyl: str, z_cyl: str, magazine_xy: tuple[float, float],
                 station_xy: tuple[float, float], pins: int, fails: Callable[[Workpiece], int],
                 alarm: str, refill_s: tuple[float, ...] = (5.0,), refill: int = 10,
                 close_s: float = 0.2, open_s: float = 0.2, reach_mm: float = 30.0, bad: int | None = None):
        super().__init__(name)
        if close_s <= 0 or open_s <= 0:
            raise ValueError(f"pin inserter {name!r}: jaw times must be positive")
        self.x_name, self.z_name, self.alarm_name = x_cyl, z_cyl, alarm
        self.mag_xy, self.station_xy = tuple(map(float, magazine_xy)), tuple(map(float, station_xy))
        self.pins, self.refill, self.refill_s = int(pins), int(refill), tuple(float(r) for r in refill_s)
        self.fails, self.bad = fails, bad
        self.close_s, self.open_s, self.reach_mm = float(close_s), float(open_s), float(reach_mm)
        self.jaw = 0.0                      # 0 open .. 1 closed
        self.close_coil = False
        self.holding = False
        self.attempts: dict[str, list[tuple[float, bool]]] = {}
        self.loose: set[str] = set()        # carriers with a pin in, not seated
        self.seated_in: set[str] = set()
        self.drops: list[tuple[float, str]] = []
        self.refills: list[float] = []
        self.time = 0.0
        self._z_was_down = False
        self._alarm_since: float | None = None
        self._alarms = 0
        self._refilled_this_alarm = False
        self.x_rod: Any = None
        self.z_rod: Any = None

    def _rods(self) -> None:
        if self.x_rod is None:
            self.x_rod = self.plant[self.x_name]      # type: ignore[index]
            self.z_rod = self.plant[self.z_name]      # type: ignore[index]

    # -- where the head is ------------------------------------------------------------------
    def share(self) -> float:
        self._rods()
        return min(max(self.x_rod.position / self.x_rod.stroke, 0.0), 1.0)

    def head_xy(self) -> tuple[float, float]:
        k = self.share()
        (mx, my), (sx, sy) = self.mag_xy, self.station_xy
        return (mx + k * (sx - mx), my + k * (sy - my))

    def at_magazine(self) -> bool:
        return self.share() <= 0.0

    def at_station(self) -> bool:
        return self.share() >= 1.0

    def z_down(self) -> bool:
        self._rods()
        return self.z_rod.position >= self.z_rod.stroke

    def z_up(self) -> bool:
        self._rods()
        return self.z_rod.position <= 0.0

    def carrier(self) -> Workpiece | None:
        """The carrier whose centre is within reach_mm of the station point."""
        sx, sy = self.station_xy
        for part in self.flow.parts:
            px, py = part.xy()
            near = abs(px - sx) <= self.reach_mm and abs(py - sy) <= self.reach_mm
            if part.part_kind == "carrier" and near:
                return part
        return None

    # -- I/O --------------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "close":
            self.close_coil = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "pin_held":
            return self.holding and self.jaw >= 1.0
        if signal == "opened":
            return self.jaw <= 0.0
        if signal == "seated":
            c = self.carrier()
            return c is not None and c.name in self.seated_in
        if signal == "empty":
            return self.pins <= 0
        return super().read(signal)

    # -- physics ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self._rods()
        self.time += dt
        t = round(self.time, 3)
        if self.close_coil and self.jaw < 1.0:
            self.jaw = min(self.jaw + dt / self.close_s, 1.0)
            if (self.jaw >= 1.0 and not self.holding and self.at_magazine() and self.z_down()
                    and self.pins > 0):
                self.pins -= 1
                self.holding = True
        elif not self.close_coil and self.jaw > 0.0:
            self.jaw = max(self.jaw - dt / self.open_s, 0.0)
            if self.holding:
                self.holding = False
                carrier = self.carrier() if self.at_station() and self.z_down() else None
                if carrier is not None and (carrier.name in self.loose or carrier.name in self.seated_in):
                    pass                                  # the pin stays in the hole
                elif self.at_magazine() and self.z_down():
                    self.pins += 1                        # put back
                else:
                    self.drops.append((t, "station" if self.at_station() else
                                       "magazine" if self.at_magazine() else "between"))
        down = self.z_down()
        if down and not self._z_was_down and self.at_station():
            carrier = self.carrier()
            if carrier is not None and (self.holding or carrier.name in self.loose):
                name = carrier.name
                tries = self.attempts.setdefault(name, [])
                fails = self.fails(carrier)
                good = self.bad is None or fails < self.bad
                seated = name in self.seated_in or (good and len(tries) + 1 > fails)
                tries.append((t, seated))
                if seated:
                    self.loose.discard(name)
                    self.seated_in.add(name)
                else:
                    self.loose.add(name)
        self._z_was_down = down
        # a pin held while the head rises out of a hole comes out with it
        if self.holding and not down and self.at_station():
            carrier = self.carrier()
            if carrier is not None:
                self.loose.discard(carrier.name)
                self.seated_in.discard(carrier.name)
        self._operator(t)

    def _operator(self, t: float) -> None:
        lamp = self.plant[self.alarm_name]          # type: ignore[index]
        if not lamp.read("lit"):
            if self._alarm_since is not None:
                self._alarms += 1
            self._alarm_since = None
            return
        if self._alarm_since is None:
            self._alarm_since = t
            self._refilled_this_alarm = False
        wait = self.refill_s[min(self._alarms, len(self.refill_s) - 1)]
        if not self._refilled_this_alarm and t - self._alarm_since + 1e-9 >= wait:
            self.pins += self.refill
            self.refills.append(t)
            self._refilled_this_alarm = True

    # -- drawing ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        hx, hy = self.head_xy()
        return {"x": hx, "y": hy, "head": (hx, hy), "jaw": self.jaw, "holding": self.holding,
                "pins": self.pins,
                "z_down": self.z_down(), "magazine": self.mag_xy, "station": self.station_xy,
                "seated": sorted(self.seated_in), "loose": sorted(self.loose)}

    def extent(self) -> list[tuple[float, float]]:
        (mx, my), (sx, sy) = self.mag_xy, self.station_xy
        return [(min(mx, sx) - 80, min(my, sy) - 40), (max(mx, sx) + 80, max(my, sy) + 95)]

    def draw(self, pen) -> None:
        s = self.state()
        mx, my = s["magazine"]
        body = pen.rect_rotated(mx, my + 25, 60, 90, 0.0, "CHUTE")
        for k in range(min(s["pins"], 8)):                       # the pins stacked in the magazine
            pen.circle(mx - 21 + 6 * k, my + 45, 4, "PART")
        pen.label(f"pin magazine ({s['pins']})", mx, my + 82)
        for part in self.flow.parts:                              # pins in carriers
            if part.name in s["seated"] or part.name in s["loose"]:
                px, py = part.xy()
                pen.circle(px, py, 7, "LIT" if part.name in s["seated"] else "FAULT")
        hx, hy = s["head"]
        scale = 1.0 if s["z_down"] else 1.25                      # the head nearer the eye when up
        pen.rect_rotated(hx, hy, 50 * scale, 20 * scale, 0.0, pen.shade("CYLINDER", 0.7), border=2)
        gap = 18 * (1.0 - s["jaw"]) + 8
        col = "LIT" if s["holding"] else "JAW"
        pts = []
        for side in (-1, 1):
            pts += pen.rect_rotated(hx + side * (gap / 2 + 4), hy, 8, 16, 0.0, col)
        if s["holding"]:
            pen.circle(hx, hy, 4, "PART")
        pen.label(f"head: {'down' if s['z_down'] else 'up'}", hx + 60, hy)
        pen.hot(self.name, self.kind, body + pts)
