"""Pendulum trolley: an overhead crane's trolley on its runway with a load hanging from a rope
(a bridge crane, a gantry with a hook): moving the trolley sets the load swinging.

The trolley's drive is in speed mode: the PLC writes a speed reference (mm/s, signed INT) and
the drive follows it at its acceleration limit `accel` (mm/s^2), up to `max_speed`; while the
drive is disabled or faulted it brakes to a stop at that limit. Limit switches sit at both
runway ends (TRUE while the trolley is at or beyond them, NC wiring is the task's business);
reaching one latches a drive fault ("limit switch") and the trolley brakes; a reset edge with the
trolley back inside clears it.

The load is a point mass on a rope of `rope_m` metres, swinging through the angle theta (degrees,
positive when the load hangs toward +x of the trolley): theta'' = -(g/L) sin(theta) -
(a/L) cos(theta) - 2 zeta omega0 theta', with the trolley's acceleration a and a light natural
damping `zeta` (air, rope): a swing left to itself dies out over minutes. Integrated with ten
sub-steps a scan. A swing may be under way at power-up (`start_sway_deg`, `start_sway_phase`).

Signals: position (mm, INT), velocity (mm/s, INT), sway (0.01 degree, INT), ready, fault,
limit_minus, limit_plus. Commands: enable, speed_ref, reset. For judges: `pos` (mm), `vel`,
`theta_deg`, `load_x` (mm), `period_s`, `hits` (limit switches reached).
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

G = 9.81
SUBSTEPS = 10


class PendulumTrolley(Device):
    kind = "pendulum_trolley"
    layer = 2
    signals = ("position", "velocity", "sway", "ready", "fault", "limit_minus", "limit_plus")
    commands = ("enable", "speed_ref", "reset")

    def __init__(self, name: str, *, rope_m: float, accel: float, max_speed: float = 1000.0,
                 start_mm: float = 0.0, limit_minus_mm: float = 0.0, limit_plus_mm: float = 4500.0,
                 start_sway_deg: float = 0.0, start_sway_phase: float = 0.0, zeta: float = 0.003,
                 origin: tuple[float, float] = (0.0, 0.0), scale: float = 0.25, mark_mm: float | None = None,
                 label: str = ""):
        super().__init__(name)
        if rope_m <= 0 or accel <= 0 or max_speed <= 0 or not limit_minus_mm < limit_plus_mm:
            raise ValueError(f"{name}: rope, accel and max_speed positive, limit_minus below limit_plus")
        self.rope_m, self.accel, self.max_speed = float(rope_m), float(accel), float(max_speed)
        self.limit_minus_mm, self.limit_plus_mm = float(limit_minus_mm), float(limit_plus_mm)
        self.zeta = float(zeta)
        self.origin = (float(origin[0]), float(origin[1]))
        self.scale = float(scale)            # drawing: plant mm per runway mm
        self.mark_mm = mark_mm               # drawing: a destination marked on the floor
        self.label = label or name
        self.pos = float(start_mm)
        self.vel = 0.0
        self.acc = 0.0
        w0 = self.omega0
        amp = math.radians(start_sway_deg)
        self.theta = amp * math.cos(start_sway_phase)          # rad
        self.omega = -amp * w0 * math.sin(start_sway_phase)    # rad/s
        self.enabled = False
        self.fault = False
        self.fault_text = ""
        self.speed_ref = 0
        self._reset_prev = False
        self.hits: list[tuple[str, float]] = []
        self.time = 0.0

    @property
    def omega0(self) -> float:
        return math.sqrt(G / self.rope_m)

    @property
    def period_s(self) -> float:
        return 2.0 * math.pi / self.omega0

    @property
    def theta_deg(self) -> float:
        return math.degrees(self.theta)

    @property
    def load_x(self) -> float:
        return self.pos + self.rope_m * 1000.0 * math.sin(self.theta)

    @property
    def active(self) -> bool:
        return self.enabled and not self.fault

    # -- PLC side -------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "enable":
            self.enabled = bool(value)
        elif command == "speed_ref":
            self.speed_ref = int(value)
        elif command == "reset":
            v = bool(value)
            if v and not self._reset_prev and not self._at_limit():
                self.fault, self.fault_text = False, ""
            self._reset_prev = v
        else:
            super().write(command, value)

    def _at_limit(self) -> str | None:
        if self.pos <= self.limit_minus_mm:
            return "limit_minus"
        if self.pos >= self.limit_plus_mm:
            return "limit_plus"
        return None

    def read(self, signal: str) -> Any:
        if signal == "position":
            return int(round(self.pos))
        if signal == "velocity":
            return int(round(self.vel))
        if signal == "sway":
            return max(-32768, min(32767, int(round(self.theta_deg * 100.0))))
        if signal == "ready":
            return self.active
        if signal == "fault":
            return self.fault
        if signal == "limit_minus":
            return self.pos <= self.limit_minus_mm
        if signal == "limit_plus":
            return self.pos >= self.limit_plus_mm
        return super().read(signal)

    # -- physics ------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        want = max(-self.max_speed, min(self.max_speed, float(self.speed_ref))) if self.active else 0.0
        dv = self.accel * dt
        v0 = self.vel
        v1 = want if abs(want - v0) <= dv else v0 + math.copysign(dv, want - v0)
        self.acc = (v1 - v0) / dt
        h = dt / SUBSTEPS
        a_m = self.acc / 1000.0
        w2, damp, L = G / self.rope_m, 2.0 * self.zeta * self.omega0, self.rope_m
        for _ in range(SUBSTEPS):          # semi-implicit Euler of the pendulum
            alpha = -w2 * math.sin(self.theta) - a_m / L * math.cos(self.theta) - damp * self.omega
            self.omega += alpha * h
            self.theta += self.omega * h
        self.pos += (v0 + v1) / 2.0 * dt
        self.vel = v1
        hit = self._at_limit()
        if hit and not self.fault:
            self.fault, self.fault_text = True, f"{hit.replace('_', ' ')} switch reached"
            self.hits.append((hit, self.time))

    # -- drawing ---------------------------------------------------------------------------------
    def _x(self, mm: float) -> float:
        return self.origin[0] + mm * self.scale

    def state(self) -> dict[str, Any]:
        return {"x": self._x(self.pos), "y": self.origin[1], "runway": (self._x(self.limit_minus_mm - 100.0),
                                                                       self._x(self.limit_plus_mm + 100.0)),
                "limits": (self._x(self.limit_minus_mm), self._x(self.limit_plus_mm)),
                "rope": self.rope_m * 1000.0 * self.scale, "theta": self.theta, "velocity": self.vel,
                "sway_deg": self.theta_deg, "enabled": self.enabled, "fault": self.fault,
                "fault_text": self.fault_text, "label": self.label,
                "at_minus": self.pos <= self.limit_minus_mm, "at_plus": self.pos >= self.limit_plus_mm,
                "mark": None if self.mark_mm is None else self._x(self.mark_mm),
                "floor": self.origin[1] - 4300.0 * self.scale}

    def extent(self) -> list[tuple[float, float]]:
        x0, x1 = self._x(self.limit_minus_mm - 150.0), self._x(self.limit_plus_mm + 150.0)
        y = self.origin[1]
        return [(x0, y - 4000.0 * self.scale - 60.0), (x1, y + 60.0)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        r0, r1 = s["runway"]
        pen.rect_rotated((r0 + r1) / 2, y + 14, r1 - r0, 10.0, 0.0, "GUIDE")         # the runway beam
        for xl, lit in zip(s["limits"], (s["at_minus"], s["at_plus"]), strict=True):  # limit switches
            pen.rect_rotated(xl, y + 30, 14.0, 14.0, 0.0, "LIT" if lit else "SENSOR_BODY")
        if s.get("mark") is not None:                                                 # the destination
            m, f = s["mark"], s["floor"]
            pen.line((r0, f), (r1, f), "FRAME", 2)
            pen.poly([(m - 14, f), (m + 14, f), (m, f + 22)], "TARGET")
            pen.label("destination", m, f - 16)
        col = "FAULT" if s["fault"] else ("CARRIAGE" if s["enabled"] else pen.shade("CARRIAGE", 0.55))
        pts = pen.rect_rotated(x, y, 70.0, 26.0, 0.0, col)
        pen.circle(x - 22, y + 14, 6, "ROD")                                          # wheels
        pen.circle(x + 22, y + 14, 6, "ROD")
        th, rope = s["theta"], s["rope"]
        lx, ly = x + rope * math.sin(th), y - 13 - rope * math.cos(th)
        pen.line((x, y - 13), (lx, ly), "ROD", 2)
        big = abs(s["sway_deg"]) > 1.0
        pen.rect_rotated(lx, ly - 18, 60.0, 36.0, -math.degrees(th), "FAULT" if abs(s["sway_deg"]) > 8.0
                         else ("PART" if big else "ON"))
        pen.label(f"{s.get('label') or name}  {s['velocity']:+.0f} mm/s  sway {s['sway_deg']:+.2f} deg",
                  (r0 + r1) / 2, y + 52)
        if s["fault"] and s["fault_text"]:
            pen.label(s["fault_text"], (r0 + r1) / 2, y + 72, "FAULT")
        pen.hot(name, "pendulum_trolley", list(pts) + [pen.px(lx - 30, ly - 36), pen.px(lx + 30, ly)])
