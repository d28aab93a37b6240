"""A carriage on a track driven by a two-speed motor on contactors (forward, reverse, fast),
positioned by cams: at each station a slow-down cam on either side and a stop cam.

The PLC drives three contactor coils: fwd and rev (direction; both together: the interlock
leaves the motor off) and fast (high speed winding; without it the motor creeps). It reads the
cam switches only: there is no position encoder. Each station k has
- `slow_left_k`: TRUE while the carriage's flag is on the slow-down cam left of the station
  (from `slow_mm` before the stop cam up to it),
- `stop_k`: TRUE while within `stop_mm` of the station,
- `slow_right_k`: the slow-down cam right of the station.

Physics: every coil change reaches the motor `run_on_s` later (contactor drop-out, motor run-on);
the carriage then accelerates at `accel` toward the commanded speed and slows at `decel` (a
brake motor's brake and the load's friction), so it coasts v x run_on + v^2 / (2 decel) after
the motor is switched off: far from fast speed, a few mm from creep. It cannot move past its
end stops (a crash there stops it and latches `crashed`).

    cart = plant.add(ContactorCarriage("cart", stations=(250, 750, 1250, 1750), fast_mm_s=300))
    cart.write("fwd", True); cart.write("fast", True)
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class ContactorCarriage(Device):
    kind = "contactor_carriage"
    layer = 1
    commands = ("fwd", "rev", "fast")

    def __init__(self, name: str, *, origin: tuple[float, float] = (0.0, 0.0), length_mm: float = 2000.0,
                 stations: tuple[float, ...] = (250.0, 750.0, 1250.0, 1750.0), slow_mm: float = 150.0,
                 stop_mm: float = 3.0, fast_mm_s: float = 300.0, creep_mm_s: float = 25.0,
                 run_on_s: float = 0.05, decel: float = 1500.0, accel: float | None = None,
                 start_mm: float = 0.0, label: str = ""):
        super().__init__(name)
        if not 0 < creep_mm_s < fast_mm_s:
            raise ValueError(f"{name}: creep speed must be positive and below the fast speed")
        if decel <= 0 or run_on_s < 0:
            raise ValueError(f"{name}: decel must be positive and run_on_s not negative")
        self.origin = (float(origin[0]), float(origin[1]))
        self.length_mm = float(length_mm)
        self.stations = tuple(float(s) for s in stations)
        self.slow_mm, self.stop_mm = float(slow_mm), float(stop_mm)
        self.fast_mm_s, self.creep_mm_s = float(fast_mm_s), float(creep_mm_s)
        self.run_on_s, self.decel = float(run_on_s), float(decel)
        self.accel = float(2.0 * decel if accel is None else accel)
        self.label = label or name
        self.signals = tuple(f"{cam}_{k}" for k in range(1, len(self.stations) + 1)
                             for cam in ("slow_left", "stop", "slow_right"))
        self.pos = float(start_mm)
        self.vel = 0.0
        self.coils = {"fwd": False, "rev": False, "fast": False}
        self.drive = dict(self.coils)            # what the motor gets, run_on_s behind the coils
        self.pending: list[tuple[float, str, bool]] = []
        self.time = 0.0
        self.still_s = 0.0                       # how long the carriage has stood still
        self.crashed = False
        self.travelled = 0.0

    # -- PLC side ----------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command not in self.coils:
            return super().write(command, value)
        v = bool(value)
        if v != self.coils[command]:
            self.coils[command] = v
            self.pending.append((self.time + self.run_on_s, command, v))

    def cam(self, kind: str, k: int) -> bool:
        """Whether the carriage is on cam `kind` ('slow_left', 'stop', 'slow_right') of station k."""
        d = self.pos - self.stations[k - 1]
        if kind == "stop":
            return abs(d) <= self.stop_mm
        if kind == "slow_left":
            return -self.stop_mm - self.slow_mm <= d < -self.stop_mm
        return self.stop_mm < d <= self.stop_mm + self.slow_mm

    def read(self, signal: str) -> Any:
        kind, _, k = signal.rpartition("_")
        if kind in ("slow_left", "stop", "slow_right") and k.isdigit() and 1 <= int(k) <= len(self.stations):
            return self.cam(kind, int(k))
        return super().read(signal)

    def station_at(self) -> int:
        """The station whose stop cam the carriage is on (0: none)."""
        for k in range(1, len(self.stations) + 1):
            if self.cam("stop", k):
                return k
        return 0

    def commanded_speed(self) -> float:
        d = self.drive
        direction = (1 if d["fwd"] else 0) - (1 if d["rev"] else 0)
        if not (d["fwd"] ^ d["rev"]):
            return 0.0
        return direction * (self.fast_mm_s if d["fast"] else self.creep_mm_s)

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        while self.pending and self.pending[0][0] <= self.time + 1e-9:
            _, cmd, v = self.pending.pop(0)
            self.drive[cmd] = v
        want = self.commanded_speed()
        v = self.vel
        # speeding up (same direction, faster) at accel; anything else is slowing at decel
        if want * v >= 0 and abs(want) > abs(v):
            rate = self.accel
        else:
            rate = self.decel
        dv = rate * dt
        v = want if abs(want - v) <= dv else v + (dv if want > v else -dv)
        if self.crashed:
            v = 0.0
        new = self.pos + v * dt
        if new <= 0.0 or new >= self.length_mm:
            new = min(max(new, 0.0), self.length_mm)
            v = 0.0
            self.crashed = True
        self.travelled += abs(new - self.pos)
        self.pos, self.vel = new, v
        self.still_s = self.still_s + dt if v == 0.0 else 0.0

    # -- drawing --------------------------------------------------------------------------
    def point(self, mm: float) -> tuple[float, float]:
        return (self.origin[0] + mm, self.origin[1])

    def state(self) -> dict[str, Any]:
        x, y = self.point(self.pos)
        return {"x": self.origin[0], "y": self.origin[1], "position_mm": self.pos, "velocity": self.vel,
                "carriage_x": x, "carriage_y": y, "coils": dict(self.coils), "crashed": self.crashed,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        ox, oy = self.origin
        return [(ox - 40, oy - 130), (ox + self.length_mm + 40, oy + 110)]

    def draw(self, pen) -> None:
        ox, oy = self.origin
        L = self.length_mm
        rail = pen.rect_rotated(ox + L / 2, oy, L, 24, 0.0, "RAIL")
        for end in (0.0, L):                                   # end stops
            pen.rect_rotated(ox + end, oy, 12, 60, 0.0, "LIMIT")
        # the cam rail below the track: slow-down cams and stop cams, lit while the flag is on them
        cy = oy - 65
        for k, at in enumerate(self.stations, start=1):
            for kind, a, b in (("slow_left", at - self.stop_mm - self.slow_mm, at - self.stop_mm),
                               ("slow_right", at + self.stop_mm, at + self.stop_mm + self.slow_mm)):
                lit = self.cam(kind, k)
                pen.rect_rotated(ox + (a + b) / 2, cy, b - a, 24, 0.0, "LIT_ZONE" if lit else "ZONE")
            lit = self.cam("stop", k)
            pen.rect_rotated(ox + at, cy, max(2 * self.stop_mm, 14.0), 44, 0.0, "ON" if lit else "UNLIT")
            pen.line((ox + at, oy - 30), (ox + at, oy + 30), "STATION_MARK", 1)
            pen.label(f"station {k}", ox + at, oy - 105, "LIT" if lit else "LABEL")
        # the carriage, with its direction and speed
        s = self.state()
        cx, cyy = s["carriage_x"], s["carriage_y"]
        col = "FAULT" if self.crashed else "CARRIAGE"
        car = pen.rect_rotated(cx, cyy, 120, 70, 0.0, col)
        pen.line((cx, cyy - 35), (cx, cy + 12), "ROD", 3)          # the cam flag
        c = self.coils
        d = (1 if c["fwd"] else 0) - (1 if c["rev"] else 0)
        if d:
            tip = (cx + d * 95, cyy)
            pen.poly([tip, (cx + d * 65, cyy + 22), (cx + d * 65, cyy - 22)], "BUSY" if c["fast"] else "ON")
        if c["fwd"] and c["rev"]:
            pen.label("FWD+REV", cx, cyy + 50, "FAULT")
        mode = "FAST" if c["fast"] and d else ("creep" if d else "off")
        pen.label(f"{self.label}  {mode}  {abs(self.vel):.0f} mm/s", cx, cyy + 45,
                  "FAULT" if self.crashed else "LABEL")
        pen.hot(self.name, self.kind, list(rail) + list(car), operable=False, pad=4)
