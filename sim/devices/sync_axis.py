"""Synchronous servo axis: a drive in cyclic position mode that follows a setpoint the PLC
writes every scan (electronic gearing, flying saws, cams computed in the program).

The setpoint is a 16-bit position word (INT, 0.1 mm of the axis's travel, a roll's surface)
that may wrap from 32767 on to -32768 as a modulo position does: the drive takes the change
from the last word it took, wrapped to +/-3276.8 mm, and adds it to its own unwrapped
setpoint. While the drive is disabled or faulted it takes no change, and on enable its
setpoint starts where the axis stands, so the first word after enable is the reference.

The position loop has velocity feed-forward (the setpoint's change per step) and a
proportional gain `kv` (1/s) on the following error, limited to the drive's acceleration and
speed. A setpoint that moves faster than the axis can follow (a jump, a speed step beyond its
acceleration) builds a following error; beyond `fe_limit_mm` the drive latches a fault
("following error") and brakes to a stop at its acceleration; a reset edge clears it.
`trip(text, hold_s)` latches a fault from outside (an overtemperature): the drive brakes the
same way, and a reset edge clears it only once `hold_s` has passed (edges before are ignored).

Signals: ready, fault, enabled, standstill, position (INT 0.1 mm, wrapping like the setpoint),
following_error (INT 0.1 mm, clamped to the INT range). Commands: enable, setpoint, reset.
`words_per_mm` (default 10: words in 0.1 mm) sets the resolution of the setpoint, position and
following-error words; 100 gives 0.01 mm words (a travel within +-327 mm), for a path whose
per-scan steps must be smooth at low speed.
Drawn as a roll of `circumference_mm` (a mark shows its turn) or, with none, as a carriage box.
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

REST_SPEED = 1e-6
# How the drive takes its setpoint word, in the words every task with such a drive puts in its prompt
# (tests/sim/test_prompt.py checks): a fault reset references the word again, exactly as enable does.
SETPOINT_RULE = ("whenever the drive becomes ready (on enable, and again when its fault is reset) it "
                 "takes the word it reads then as where it stands, without moving, and from then on moves "
                 "by each change of the word: write the position read back while it is not ready")


class SyncAxis(Device):
    kind = "sync_axis"
    layer = 2
    signals = ("ready", "fault", "enabled", "standstill", "position", "following_error")
    commands = ("enable", "setpoint", "reset")
    # read as attributes by the I/O transfer (the derived ones are properties giving what read
    # gives), and the commands write only stores
    plain_signals = {"ready": "active", "fault": "fault", "enabled": "enabled", "standstill": "standstill",
                     "position": "position_word", "following_error": "following_error_word"}
    plain_commands = {"enable": ("enabled", bool), "setpoint": ("word", int)}

    def __init__(self, name: str, *, center: tuple[float, float] = (0.0, 0.0),
                 circumference_mm: float = 600.0,
                 start_mm: float = 0.0, max_speed: float = 2000.0, accel: float = 3000.0, kv: float = 40.0,
                 fe_limit_mm: float = 5.0, label: str = "", color: str = "#3c78d8",
                 words_per_mm: float = 10.0):
        super().__init__(name)
        if max_speed <= 0 or accel <= 0 or kv <= 0 or fe_limit_mm <= 0:
            raise ValueError(f"{name}: max_speed, accel, kv and fe_limit_mm must be positive")
        self.center = (float(center[0]), float(center[1]))
        self.circumference_mm = float(circumference_mm)
        self.max_speed, self.accel, self.kv = float(max_speed), float(accel), float(kv)
        self.fe_limit_mm = float(fe_limit_mm)
        self.words_per_mm = float(words_per_mm)
        self.label = label or name
        self.color = color
        self.pos = float(start_mm)       # unwrapped, mm
        self.vel = 0.0
        self.sp = self.pos               # the drive's unwrapped setpoint, mm
        self.enabled = False
        self.fault = False
        self.fault_text = ""
        self.word = 0                    # the setpoint word as last written
        self._taken = 0                  # the word the drive last took
        self._was_active = False
        self._reset_prev = False
        self._hold_s = 0.0               # a trip's reset is refused while this runs down
        self.peak_error_mm = 0.0         # for tests and judges

    # -- PLC side -------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "enable":
            self.enabled = bool(value)
        elif command == "setpoint":
            self.word = int(value)
        elif command == "reset":
            v = bool(value)
            if v and not self._reset_prev and self._hold_s <= 0.0:
                self.fault = False
                self.fault_text = ""
            self._reset_prev = v
        else:
            super().write(command, value)

    def trip(self, text: str, hold_s: float = 0.0) -> None:
        """A fault from outside the position loop; reset edges are ignored for hold_s."""
        self.fault, self.fault_text = True, text
        self._hold_s = float(hold_s)

    @property
    def active(self) -> bool:
        return self.enabled and not self.fault

    @property
    def following_error_mm(self) -> float:
        return self.sp - self.pos if self.enabled and not self.fault else 0.0

    @property
    def position_word(self) -> int:
        return (int(round(self.pos * self.words_per_mm)) + 32768) % 65536 - 32768   # wrap16, inlined

    @property
    def following_error_word(self) -> int:
        e = int(round((self.sp - self.pos if self.enabled and not self.fault else 0.0) * self.words_per_mm))
        return -32768 if e < -32768 else (32767 if e > 32767 else e)

    @property
    def standstill(self) -> bool:
        return -REST_SPEED < self.vel < REST_SPEED

    def read(self, signal: str) -> Any:
        if signal == "ready":
            return self.active
        if signal == "fault":
            return self.fault
        if signal == "enabled":
            return self.enabled
        if signal == "standstill":
            return self.standstill
        if signal == "position":
            return self.position_word
        if signal == "following_error":
            return self.following_error_word
        return super().read(signal)

    # -- mechanics --------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self._hold_s > 0.0:
            self._hold_s -= dt
        if not self.enabled or self.fault:
            # no setpoint is taken; braking at the drive's acceleration
            dv = self.accel * dt
            self.vel = 0.0 if abs(self.vel) <= dv else self.vel - math.copysign(dv, self.vel)
            self.pos += self.vel * dt
            self.sp = self.pos
            self._was_active = False
            return
        if not self._was_active:          # enable: the setpoint starts where the axis stands
            self._was_active = True
            self._taken = self.word
            self.sp = self.pos
        word = self.word
        delta = ((word - self._taken + 32768) % 65536 - 32768) / self.words_per_mm   # wrap16
        self._taken = word
        sp = self.sp = self.sp + delta
        pos = self.pos
        v_ff = delta / dt
        v_des = v_ff + self.kv * (sp - pos - v_ff * dt)
        top = self.max_speed
        v_des = v_des if v_des < top else top         # max(-top, min(top, v_des))
        v_des = v_des if v_des > -top else -top
        dv = self.accel * dt
        v = self.vel
        v = v_des if abs(v_des - v) <= dv else v + math.copysign(dv, v_des - v)
        self.vel = v
        pos = self.pos = pos + v * dt
        err = sp - pos
        size = abs(err)
        if size > self.peak_error_mm:
            self.peak_error_mm = size
        if size > self.fe_limit_mm:
            self.fault = True
            self.fault_text = f"following error {err:+.1f} mm (limit {self.fe_limit_mm:g} mm)"

    # -- drawing ------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.center[0], "y": self.center[1], "circumference": self.circumference_mm,
                "position_mm": self.pos, "velocity": self.vel, "error_mm": self.following_error_mm,
                "enabled": self.enabled, "fault": self.fault, "fault_text": self.fault_text,
                "label": self.label, "color": self.color}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.center
        r = self.circumference_mm / (2 * math.pi) + 10.0
        return [(x - r, y - r - 30.0), (x + r, y + r + 30.0)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        r = s["circumference"] / (2 * math.pi)
        col = pen.rgb(s.get("color"), "CARRIAGE")
        if s.get("fault"):
            col = "FAULT"
        elif not s.get("enabled"):
            col = pen.shade(col, 0.55)
        pen.circle(x, y, r + 4, "FRAME")
        pen.circle(x, y, r, col)
        turn = s["position_mm"] / s["circumference"] * 2 * math.pi
        for k in range(4):                # spokes show the roll turning
            a = turn + k * math.pi / 2
            pen.line((x, y), (x + r * 0.9 * math.cos(a), y + r * 0.9 * math.sin(a)), pen.shade(col, 0.5), 2)
        pen.circle(x + r * 0.8 * math.cos(turn), y + r * 0.8 * math.sin(turn), max(r * 0.1, 4), "LIT")
        pen.circle(x, y, max(r * 0.12, 4), "FRAME")
        pen.label(f"{s.get('label') or name}  {s['velocity']:.0f} mm/s  error {s['error_mm']:+.1f} mm",
                  x, y + r + 20)
        if s.get("fault") and s.get("fault_text"):
            pen.label(s["fault_text"], x, y - r - 20, "FAULT")
        pen.hot(name, "sync_axis", [pen.px(x - r, y - r), pen.px(x + r, y + r)])
