"""Motor on a variable-frequency drive (VFD): a mixer shaft, a nip roll, a spindle.

The PLC sees what a drive's fieldbus process data offers: a run bit, a direction bit
(reverse), a speed reference word (rpm, magnitude: 0..max_rpm, a negative word counts as 0)
and, back, the actual speed word (rpm, signed: negative = turning in reverse) and the motor
current (0.1 A). `ready` is TRUE when the drive has no fault.

Physics, per 10 ms step:
- the drive's output follows the reference at once unless a drive ramp is configured
  (`ramp_rpm_s`): with none, the PLC must ramp the reference itself;
- the motor follows the drive's output through its inertia, a first-order lag of `lag_s`
  (a step of reference is a step of torque: a current spike);
- run going TRUE picks the turning motor up at its speed (flying restart): the drive's
  output starts from the motor speed, then jumps to (or ramps to) the reference;
- run FALSE lets the motor coast (the drive's output stage is off): its speed decays with the
  time constant `coast_s` plus a constant friction `friction_rpm_s` down to rest;
  `stop_mode="ramp"` brakes it down at the drive ramp instead (a configured drive ramp).
- current: no-load (magnetising) current while running, plus the load (quadratic in speed,
  as a mixer or fan), plus the accelerating current (`accel_a_per_krpm_s` amperes per
  1000 rpm/s of acceleration), up to the drive's current limit `limit_a`, where the
  acceleration is also limited (the torque limit).

    mixer = plant.add(VFDMotor("mixer", x=300, y=300, lag_s=0.2, start_rpm=300))
    mixer.write("run", True); mixer.write("speed_ref", 600)
    mixer.read("speed")    # signed rpm, as an INT word

The device is one module: signals, physics and its picture (sim/drawing.py).
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device


def _clamp_word(v: float) -> int:
    w = int(round(v))
    return 32767 if w > 32767 else (-32768 if w < -32768 else w)


class VFDMotor(Device):
    """Signals: speed (rpm, signed INT), current (0.1 A, INT), running (the drive's output
    stage is on), ready (no drive fault). Commands: run, reverse, speed_ref (rpm)."""

    kind = "vfd_motor"
    layer = 2
    signals = ("speed", "current", "running", "ready")
    commands = ("run", "reverse", "speed_ref")
    # read and written as attributes by the I/O transfer (the derived signals are properties
    # giving what read gives)
    plain_signals = {"speed": "speed_word", "current": "current_word", "running": "running", "ready": "ready"}
    plain_commands = {"run": ("run", bool), "reverse": ("reverse", bool),
                      "speed_ref": ("speed_ref_word", int)}

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, max_rpm: float = 1500.0,
                 lag_s: float = 0.2, ramp_rpm_s: float | None = None, stop_mode: str = "coast",
                 coast_s: float = 6.0, friction_rpm_s: float = 15.0, start_rpm: float = 0.0,
                 no_load_a: float = 3.0, load_a: float = 9.0, accel_a_per_krpm_s: float = 4.0,
                 limit_a: float = 40.0, size_mm: float = 160.0, label: str = "", load: str = "mixer",
                 speed_units: str = "rpm", speed_scale: float = 1.0):
        super().__init__(name)
        if lag_s <= 0 or max_rpm <= 0 or coast_s <= 0:
            raise ValueError(f"{name}: lag_s, max_rpm and coast_s must be positive")
        if stop_mode not in ("coast", "ramp"):
            raise ValueError(f"{name}: stop_mode must be 'coast' or 'ramp'")
        if stop_mode == "ramp" and not ramp_rpm_s:
            raise ValueError(f"{name}: stop_mode 'ramp' needs a drive ramp (ramp_rpm_s)")
        self.x, self.y = float(x), float(y)
        self.max_rpm = float(max_rpm)
        self.lag_s = float(lag_s)
        self.ramp_rpm_s = None if not ramp_rpm_s else float(ramp_rpm_s)
        self.stop_mode = stop_mode
        self.coast_s = float(coast_s)
        self.friction_rpm_s = float(friction_rpm_s)
        self.no_load_a, self.load_a = float(no_load_a), float(load_a)
        self.accel_a_per_krpm_s, self.limit_a = float(accel_a_per_krpm_s), float(limit_a)
        self.size_mm = float(size_mm)
        self.label = label or name
        self.load = load
        # how the picture writes the speed: a nip's drive reads its words as 0.1 m/min, say
        self.speed_units, self.speed_scale = speed_units, float(speed_scale)
        # PLC side
        self.run = False
        self.reverse = False
        self.speed_ref_word = 0
        # drive and motor
        self.rpm = float(start_rpm)        # the motor's actual speed, signed
        self.output_rpm = float(start_rpm)  # the drive's output (follows the motor while off)
        self.accel = 0.0                   # rpm/s of the last step
        self.current_a = 0.0
        self.fault = False
        self.was_running = False
        self.braking = False               # run dropped with stop_mode 'ramp': ramping down
        self.angle_deg = 0.0               # shaft angle, for the picture
        self._decay_dt = None              # the step the decays below are for (lag_s, coast_s fixed)
        self._lag_decay = self._coast_decay = 1.0

    # -- PLC side ----------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "run":
            self.run = bool(value)
        elif command == "reverse":
            self.reverse = bool(value)
        elif command == "speed_ref":
            self.speed_ref_word = int(value)
        else:
            super().write(command, value)

    @property
    def reference_rpm(self) -> float:
        """The signed reference the PLC asks for now (0 while run is off)."""
        if not self.run:
            return 0.0
        mag = min(max(float(self.speed_ref_word), 0.0), self.max_rpm)
        return -mag if self.reverse else mag

    @property
    def running(self) -> bool:
        return self.run and not self.fault

    @property
    def ready(self) -> bool:
        return not self.fault

    @property
    def speed_word(self) -> int:
        return _clamp_word(self.rpm)

    @property
    def current_word(self) -> int:
        return _clamp_word(self.current_a * 10.0)

    def read(self, signal: str) -> Any:
        if signal == "speed":
            return _clamp_word(self.rpm)
        if signal == "current":
            return _clamp_word(self.current_a * 10.0)
        if signal == "running":
            return self.running
        if signal == "ready":
            return not self.fault
        return super().read(signal)

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        # running, reference_rpm and _steady_current written out (four drives step every scan)
        if dt != self._decay_dt:
            self._decay_dt = dt
            self._lag_decay, self._coast_decay = math.exp(-dt / self.lag_s), math.exp(-dt / self.coast_s)
        w0 = self.rpm
        running = self.run and not self.fault
        if running:
            self.braking = False
        elif self.was_running and self.stop_mode == "ramp":
            self.braking = True               # run dropped: the drive ramps the motor down
        if running:
            if not self.was_running:
                self.output_rpm = w0          # flying restart: pick the motor up where it is
            mag = float(self.speed_ref_word)  # min(max(word, 0), max_rpm)
            mag = 0.0 if 0.0 > mag else mag
            mag = self.max_rpm if self.max_rpm < mag else mag
            ref = -mag if self.reverse else mag
            if self.ramp_rpm_s is None:
                out = self.output_rpm = ref
            else:
                d = self.ramp_rpm_s * dt
                o = self.output_rpm
                out = self.output_rpm = ref if abs(ref - o) <= d else o + math.copysign(d, ref - o)
            w = out + (w0 - out) * self._lag_decay
            # the current limit caps the accelerating torque
            room = self.limit_a - (self.no_load_a + self.load_a * (w0 / self.max_rpm) ** 2)
            a_max = (0.0 if 0.0 > room else room) / self.accel_a_per_krpm_s * 1000.0
            if abs(w - w0) > a_max * dt:
                w = w0 + math.copysign(a_max * dt, w - w0)
            self.rpm = w
        elif self.braking:
            d = self.ramp_rpm_s * dt
            self.rpm = 0.0 if abs(w0) <= d else w0 - math.copysign(d, w0)
            self.output_rpm = self.rpm
        else:
            w = w0 * self._coast_decay
            f = self.friction_rpm_s * dt
            self.rpm = 0.0 if abs(w) <= f else w - math.copysign(f, w)
            self.output_rpm = self.rpm
        if self.braking and self.rpm == 0.0:
            self.braking = False
        self.was_running = running
        rpm = self.rpm
        accel = self.accel = (rpm - w0) / dt
        if running:
            current = (self.no_load_a + self.load_a * (rpm / self.max_rpm) ** 2
                       + self.accel_a_per_krpm_s * abs(accel) / 1000.0)
            self.current_a = self.limit_a if self.limit_a < current else current
        elif self.braking:
            self.current_a = self.no_load_a
        else:
            self.current_a = 0.0
        self.angle_deg = (self.angle_deg + rpm * 6.0 * dt) % 360.0

    def _steady_current(self, rpm: float) -> float:
        return self.no_load_a + self.load_a * (rpm / self.max_rpm) ** 2

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "size": self.size_mm, "rpm": self.rpm,
                "reference_rpm": self.reference_rpm, "output_rpm": self.output_rpm,
                "current_a": self.current_a, "running": self.running, "reverse": self.reverse,
                "fault": self.fault, "angle_deg": self.angle_deg, "max_rpm": self.max_rpm,
                "label": self.label, "load": self.load, "speed_units": self.speed_units,
                "speed_scale": self.speed_scale}

    def extent(self) -> list[tuple[float, float]]:
        r = self.size_mm
        return [(self.x - r * 1.3, self.y - r * 0.9), (self.x + r * 1.3, self.y + r * 0.9)]

    def draw(self, pen) -> None:
        draw_motor(pen, self.name, self.kind, self.state())


def draw_motor(pen, name: str, kind: str, s: dict[str, Any], *, rotor_label: str = "",
               hot_also: list | None = None) -> None:
    """A motor seen from the side (finned housing, terminal box) driving its load (a paddle
    rotor seen end on) that turns with the shaft, a speed bar with the reference marked, and
    the speed and current written under it. Shared by the motor devices of the library;
    `hot_also`: screen points of the device's other parts, in its one hot spot."""
    x, y, r = s["x"], s["y"], s["size"]
    running, fault = s.get("running"), s.get("fault")
    body = "FAULT" if fault else ("ON" if running else "CYLINDER")
    hx = x - r * 0.55                         # motor housing centre, the load to its right
    housing = pen.rect_rotated(hx, y, r * 0.9, r * 0.6, 0.0, "CYLINDER")
    pen.rect_rotated(hx, y, r * 0.9, r * 0.6, 0.0, body, border=3)
    for k in range(-3, 4):                    # cooling fins
        fx = hx + k * r * 0.11
        pen.line((fx, y - r * 0.3), (fx, y + r * 0.3), pen.shade("CYLINDER", 0.7), 1)
    pen.rect_rotated(hx, y + r * 0.38, r * 0.3, r * 0.16, 0.0, "SENSOR_BODY")   # terminal box
    pen.line((hx + r * 0.45, y), (x + r * 0.1, y), "ROD", max(2, pen.mm(r * 0.06)))  # shaft
    # the load, end on: a hub with three paddles at the shaft angle
    cx, cy, rr = x + r * 0.55, y, r * 0.42
    pen.circle(cx, cy, rr, "MACHINE_FLOOR")
    pen.circle(cx, cy, rr, "FRAME", width=2)
    a0 = math.radians(s.get("angle_deg", 0.0))
    for k in range(3):
        a = a0 + k * 2.0 * math.pi / 3.0
        tip = (cx + math.cos(a) * rr * 0.9, cy + math.sin(a) * rr * 0.9)
        pen.line((cx, cy), tip, "ROD" if running else "GUIDE", max(3, pen.mm(r * 0.08)))
    pen.circle(cx, cy, rr * 0.15, "ROD")
    # direction of rotation: an arrow head on the rim, green while turning
    rpm = s.get("rpm", 0.0)
    if abs(rpm) > 1.0:
        d = -1.0 if rpm < 0 else 1.0
        a = math.radians(90.0)
        p = (cx + math.cos(a) * rr * 1.12, cy + math.sin(a) * rr * 1.12)
        q = (p[0] - d * r * 0.12, p[1] + r * 0.06)
        w = (p[0] - d * r * 0.12, p[1] - r * 0.06)
        pen.poly([p, q, w], "ON")
    # speed bar: -max .. +max, zero in the middle, the reference as a tick
    mx = s.get("max_rpm", 1500.0) or 1500.0
    by, bl = y - r * 0.62, r * 2.0
    pen.rect_rotated(x, by, bl, r * 0.09, 0.0, "UNLIT")
    f = max(-1.0, min(1.0, rpm / mx))
    if abs(f) > 0.002:
        pen.rect_rotated(x + f * bl / 4, by, abs(f) * bl / 2, r * 0.09, 0.0, "BUSY")
    pen.line((x, by - r * 0.08), (x, by + r * 0.08), "LABEL", 1)
    ref = s.get("reference_rpm")
    if ref is not None and running:
        rx = x + max(-1.0, min(1.0, ref / mx)) * bl / 2
        pen.line((rx, by - r * 0.1), (rx, by + r * 0.1), "TARGET", 2)
    k, units = s.get("speed_scale", 1.0), s.get("speed_units", "rpm")
    fmt = "+.0f" if k >= 1.0 else "+.1f"
    ref_text = f"  (ref {ref * k:{fmt}})" if ref is not None and running else (
        "  (off)" if not running else "")
    pen.label(f"{s.get('label') or name}  {rpm * k:{fmt}} {units}  {s.get('current_a', 0.0):.1f} A{ref_text}"
              + (f"  {rotor_label}" if rotor_label else ""), x, by - r * 0.2,
              "FAULT" if fault else "LABEL")
    pen.hot(name, kind, list(housing) + list(hot_also or ()), operable=False, pad=8)
