"""Servo axis / linear slide: a positioning drive with a trapezoidal profile.

The PLC sees what a real positioning drive offers over its fieldbus I/O: enable, a target
position word, a start bit (its rising edge starts a move), jog +/- bits, an optional speed
word, a fault reset bit; it reads back the actual position word, in-position, standstill,
busy, ready, fault, and the home and limit switches of the slide.

Units: the device works in mm and mm/s internally; position words are in 0.1 mm (INT), so
1234 means 123.4 mm; the speed word is in mm/s (0 = the drive's configured speed).

Honesty rules the tasks rely on:
- nothing moves while the drive is not enabled (a start edge while disabled is ignored);
- in-position is TRUE only when the axis is enabled, has a commanded target, is within the
  window of it and has been at rest for the settle time;
- the limit switches are hard: reaching one stops the slide on the spot and latches a fault
  that only a reset edge clears; after a reset the slide may only move away from it.
"""

from __future__ import annotations

import math
from typing import Any

from sim.drawing import draw_value_display, value_display_extent
from sim.plant import Device

WORD_MAX = 32767
REST_SPEED = 1e-6  # mm/s: below this the carriage counts as still


def to_word(mm: float) -> int:
    """mm -> position word in 0.1 mm, clamped to the INT range."""
    w = int(round(mm * 10.0))
    return WORD_MAX if w > WORD_MAX else (-WORD_MAX - 1 if w < -WORD_MAX - 1 else w)


class Axis(Device):
    """A linear slide driven by a positioning servo.

    Geometry (top view): the rail starts at ``origin`` (the 0 mm point) and runs along
    ``angle_deg`` (0 = +x, 90 = +y); it is drawn from ``rail_min_mm`` to ``rail_max_mm``.
    The limit switches sit at ``limit_minus_mm`` / ``limit_plus_mm``; the home switch is
    active within ``home_width_mm / 2`` of ``home_mm``.
    """

    kind = "axis"
    # the drive's derived signals are properties, read as attributes too (their read is the same)
    plain_signals = {"fault": "fault", "enabled": "enabled", "in_position": "in_position",
                     "standstill": "standstill", "busy": "busy", "ready": "drive_ready",
                     "position": "position_word"}
    plain_commands = {"enable": ("enabled", bool), "target": ("target_word", int),
                      "jog_plus": ("jog_plus", bool), "jog_minus": ("jog_minus", bool),
                      "speed": ("speed_word", int)}
    edge_commands = frozenset({"start", "reset"})   # write acts on their rising edges only
    layer = 1
    signals = ("position", "velocity", "in_position", "standstill", "busy", "ready", "fault",
               "home", "limit_minus", "limit_plus", "enabled")
    commands = ("enable", "target", "start", "jog_plus", "jog_minus", "speed", "reset")

    def __init__(self, name: str, *, origin: tuple[float, float] = (0.0, 0.0), angle_deg: float = 0.0,
                 limit_minus_mm: float = -5.0, limit_plus_mm: float = 505.0,
                 rail_min_mm: float | None = None, rail_max_mm: float | None = None,
                 home_mm: float = 0.0, home_width_mm: float = 4.0,
                 start_mm: float = 0.0, max_speed: float = 200.0, accel: float = 1000.0,
                 jog_speed: float | None = None, window_mm: float = 0.5, settle_s: float = 0.05,
                 response_s: float = 0.0, quick_stop_accel: float | None = None,
                 carriage_length_mm: float = 60.0, carriage_width_mm: float = 50.0,
                 rail_width_mm: float = 30.0, label: str = "", color: str = "#3c78d8"):
        super().__init__(name)
        if not limit_minus_mm < limit_plus_mm:
            raise ValueError(f"{name}: limit_minus_mm must be below limit_plus_mm")
        if max_speed <= 0 or accel <= 0:
            raise ValueError(f"{name}: max_speed and accel must be positive")
        self.origin = (float(origin[0]), float(origin[1]))
        self.angle_deg = float(angle_deg)
        rad = math.radians(angle_deg)
        self._dir = (math.cos(rad), math.sin(rad))
        self.limit_minus_mm = float(limit_minus_mm)
        self.limit_plus_mm = float(limit_plus_mm)
        self.rail_min_mm = float(limit_minus_mm - 20.0 if rail_min_mm is None else rail_min_mm)
        self.rail_max_mm = float(limit_plus_mm + 20.0 if rail_max_mm is None else rail_max_mm)
        self.home_mm = float(home_mm)
        self.home_width_mm = float(home_width_mm)
        self.max_speed = float(max_speed)
        self.accel = float(accel)
        self.jog_speed = float(max_speed / 4.0 if jog_speed is None else jog_speed)
        self.window_mm = float(window_mm)
        self.settle_s = float(settle_s)
        self.response_s = float(response_s)
        self.quick_stop_accel = float(3.0 * accel if quick_stop_accel is None else quick_stop_accel)
        self.carriage_length_mm = float(carriage_length_mm)
        self.carriage_width_mm = float(carriage_width_mm)
        self.rail_width_mm = float(rail_width_mm)
        self.label = label or name
        self.color = color
        # mechanics
        self.pos = float(start_mm)
        self.vel = 0.0
        # drive state
        self.enabled = False
        self.fault = False
        self.fault_text = ""
        self.target_word = 0        # the target word as last written by the PLC
        self.speed_word = 0
        self.target_mm: float | None = None  # latched target of the last accepted move
        self.move_speed = self.max_speed
        self.moving_to_target = False
        self.delay_left = 0.0       # drive response time before a move starts
        # (target, speed) of the move under way when a new one was given: followed until the
        # drive responds (None: it stood, jogged or coasted, and carries on with its velocity)
        self._course: tuple[float, float] | None = None
        self.jog_plus = False
        self.jog_minus = False
        self.rest_time = 0.0        # how long the carriage has been still
        self.hit_limit = ""         # "plus"/"minus" once a limit switch stopped the slide
        self._start_prev = False
        self._start_pending = False
        self._reset_prev = False
        self.fault_hold_s = 0.0     # a trip whose cause lasts: resets are ignored until it runs out

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        # the edge commands first: the I/O transfer stores the others straight (plain_commands)
        if command == "start":
            v = bool(value)
            if v and not self._start_prev:
                # latched at the next step, so a target word written in the same scan counts
                self._start_pending = True
            self._start_prev = v
        elif command == "reset":
            v = bool(value)
            if v and not self._reset_prev and self.fault_hold_s <= 0.0:
                self.fault = False
                self.fault_text = ""
            self._reset_prev = v
        elif command == "enable":
            self.enabled = bool(value)
        elif command == "target":
            self.target_word = int(value)
        elif command == "jog_plus":
            self.jog_plus = bool(value)
        elif command == "jog_minus":
            self.jog_minus = bool(value)
        elif command == "speed":
            self.speed_word = int(value)
        else:
            super().write(command, value)

    def trip(self, text: str, hold_s: float = 0.0) -> None:
        """The drive trips now (an overtemperature, say): fault latched, the slide brakes with the
        quick-stop ramp and its move is dropped; a reset edge clears it only once `hold_s` has
        run out (the cause has gone), so resets given before then are ignored."""
        self.fault, self.fault_text = True, text
        self.moving_to_target = False
        self.fault_hold_s = float(hold_s)

    def _start_move(self) -> None:
        if not self.enabled or self.fault:
            return  # a drive that is off or faulted ignores the start edge
        target = self.target_word / 10.0
        old = self.target_mm
        if not (self.moving_to_target and self.delay_left > 0.0):
            # (a second edge before the drive responded to the first keeps the course it is on)
            self._course = None if old is None or not self.moving_to_target else (old, self.move_speed)
        self.target_mm = target
        sw = self.speed_word
        self.move_speed = self.max_speed if sw <= 0 else min(float(sw), self.max_speed)
        self.moving_to_target = True
        self.delay_left = self.response_s
        # a new target far from here invalidates in-position at once, as on a real drive
        if abs(self.pos - target) > self.window_mm:
            self.rest_time = 0.0

    def read(self, signal: str) -> Any:
        if signal == "position":
            return to_word(self.pos)
        if signal == "in_position":
            return self.in_position
        if signal == "standstill":
            return self.standstill
        if signal == "busy":
            return self.busy
        if signal == "ready":
            return self.enabled and not self.fault
        if signal == "fault":
            return self.fault
        if signal == "home":
            return abs(self.pos - self.home_mm) <= self.home_width_mm * 0.5
        if signal == "limit_minus":
            return self.pos <= self.limit_minus_mm
        if signal == "limit_plus":
            return self.pos >= self.limit_plus_mm
        if signal == "velocity":
            return int(round(self.vel))
        if signal == "enabled":
            return self.enabled
        return super().read(signal)

    # -- derived signals ----------------------------------------------------------------
    @property
    def standstill(self) -> bool:
        return -REST_SPEED < self.vel < REST_SPEED

    @property
    def busy(self) -> bool:
        return self.enabled and not self.fault and (
            self.moving_to_target or self.jog_plus != self.jog_minus or not self.standstill)

    @property
    def drive_ready(self) -> bool:
        """The 'ready' signal: enabled and not faulted."""
        return self.enabled and not self.fault

    @property
    def position_word(self) -> int:
        """The 'position' signal: the actual position word in 0.1 mm."""
        return to_word(self.pos)

    @property
    def in_position(self) -> bool:
        t = self.target_mm
        return (self.enabled and not self.fault and t is not None and not self.moving_to_target
                and not self._start_pending
                and abs(self.pos - t) <= self.window_mm and self.rest_time >= self.settle_s - 1e-9)

    @property
    def position_mm(self) -> float:
        return self.pos

    @property
    def at_limit(self) -> bool:
        return self.pos <= self.limit_minus_mm or self.pos >= self.limit_plus_mm

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self.fault_hold_s > 0.0:
            self.fault_hold_s -= dt
        if self._start_pending:
            self._start_pending = False
            self._start_move()
        vel = self.vel
        if not self.enabled or self.fault:
            self.moving_to_target = False
            if vel != 0.0:  # power off / fault: brake with the quick-stop ramp
                dv = self.quick_stop_accel * dt
                vel = 0.0 if abs(vel) <= dv else vel - math.copysign(dv, vel)
                self._advance(vel, dt)
            else:
                self.rest_time += dt
            return
        if self.moving_to_target:
            if self.delay_left > 0.0:
                # until the drive responds a slide in motion goes on as it went: it cannot stop
                # dead for the response time and then carry on at the speed it had
                self.delay_left -= dt
                if vel == 0.0:
                    self.rest_time += dt
                elif self._course is None:
                    self._advance(vel, dt)
                else:
                    self._follow_course(dt)
                return
            self._profile_step(dt)
            return
        jog = (1 if self.jog_plus else 0) - (1 if self.jog_minus else 0)
        if jog == 0 and vel == 0.0:
            self.rest_time += dt
            return
        sw = self.speed_word
        v_des = jog * (self.jog_speed if sw <= 0 else min(float(sw), self.max_speed))
        dv = self.accel * dt
        if vel < v_des:
            vel = min(v_des, vel + dv)
        elif vel > v_des:
            vel = max(v_des, vel - dv)
        self._advance(vel, dt)

    def _profile_step(self, dt: float) -> None:
        """Time-optimal trapezoid toward the latched target (re-planned every step)."""
        target = self.target_mm
        vel = self.vel
        d = target - self.pos
        a = self.accel
        # fastest speed from which braking at `a` in steps of dt still stops at the target
        # (the discrete form of sqrt(2 a d); the continuous one brakes harder than `a`)
        adt = a * dt
        v_stop = adt * (math.sqrt(0.25 + 2.0 * abs(d) / (adt * dt)) - 0.5)
        v_lim = self.move_speed if self.move_speed < v_stop else v_stop
        v_des = v_lim if d > 0 else -v_lim
        dv = adt
        if vel < v_des:
            vel = vel + dv if vel + dv < v_des else v_des
        elif vel > v_des:
            vel = vel - dv if vel - dv > v_des else v_des
        new_pos = self.pos + vel * dt
        # arrival: we would pass the target, or we are there and slow enough to stop now. Only
        # from a speed the drive could brake from within the distance left: a target set just
        # ahead of a fast slide is overshot at full deceleration and approached back (re-planned
        # next step), never reached by stopping dead.
        feasible = abs(self.vel) <= (v_stop + dv) * (1.0 + 1e-9) + 1e-9   # slack for float rounding
        if feasible and ((d > 0 and new_pos >= target) or (d < 0 and new_pos <= target) or (
                abs(d) < 1e-9 and abs(vel) <= dv)):
            if self._crosses_limit(target):
                self._advance(vel, dt)
                return
            self.pos = target
            self.vel = 0.0
            self.moving_to_target = False
            self.rest_time = 0.0
            return
        self._advance(vel, dt)

    def _follow_course(self, dt: float) -> None:
        """One step of the move under way before the new one was given (the response delay)."""
        new = (self.target_mm, self.move_speed)
        self.target_mm, self.move_speed = self._course
        self._profile_step(dt)
        if not self.moving_to_target:       # the old move ended: the new one waits for the drive
            self._course = None
        self.target_mm, self.move_speed = new
        self.moving_to_target = not self.fault    # a limit switch reached on the way ends both

    def _crosses_limit(self, new_pos: float) -> bool:
        return new_pos <= self.limit_minus_mm or new_pos >= self.limit_plus_mm

    def _advance(self, vel: float, dt: float) -> None:
        new_pos = self.pos + vel * dt
        if new_pos >= self.limit_plus_mm and vel > 0.0:
            self._hit("plus", self.limit_plus_mm)
            return
        if new_pos <= self.limit_minus_mm and vel < 0.0:
            self._hit("minus", self.limit_minus_mm)
            return
        self.pos = new_pos
        self.vel = vel
        self.rest_time = 0.0 if vel != 0.0 else self.rest_time + dt

    def _hit(self, side: str, at: float) -> None:
        # the hard limit switch cuts the drive: the slide stops on the switch, fault latched
        self.pos = at
        self.vel = 0.0
        self.rest_time = 0.0
        self.moving_to_target = False
        self.fault = True
        self.hit_limit = side
        self.fault_text = f"{side} limit switch reached"

    # -- drawing --------------------------------------------------------------------------
    def point_at(self, mm: float) -> tuple[float, float]:
        """Plant coordinates (mm) of a point on the rail `mm` from the origin."""
        return (self.origin[0] + self._dir[0] * mm, self.origin[1] + self._dir[1] * mm)

    def state(self) -> dict[str, Any]:
        cx, cy = self.point_at(self.pos)
        return {
            "x": self.origin[0], "y": self.origin[1], "angle_deg": self.angle_deg,
            "rail_min_mm": self.rail_min_mm, "rail_max_mm": self.rail_max_mm,
            "rail_width": self.rail_width_mm,
            "carriage_x": cx, "carriage_y": cy,
            "carriage_length": self.carriage_length_mm, "carriage_width": self.carriage_width_mm,
            "position_mm": self.pos, "velocity": self.vel,
            "target_mm": self.target_mm, "home_mm": self.home_mm,
            "limit_minus_mm": self.limit_minus_mm, "limit_plus_mm": self.limit_plus_mm,
            "enabled": self.enabled, "busy": self.busy, "in_position": self.in_position,
            "standstill": self.standstill, "fault": self.fault, "fault_text": self.fault_text,
            "home": abs(self.pos - self.home_mm) <= self.home_width_mm * 0.5,
            "limit_minus": self.pos <= self.limit_minus_mm, "limit_plus": self.pos >= self.limit_plus_mm,
            "label": self.label, "color": self.color,
        }

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        pts = []
        a = math.radians(s["angle_deg"])
        for mm in (s["rail_min_mm"], s["rail_max_mm"]):
            pts.append((x + math.cos(a) * mm, y + math.sin(a) * mm))
        w = s.get("carriage_width", 50.0)
        return pts + [(p[0] - w, p[1] - w) for p in pts] + [(p[0] + w, p[1] + w) for p in pts]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        ox, oy, ang = s["x"], s["y"], s["angle_deg"]
        a = math.radians(ang)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        lo, hi = s["rail_min_mm"], s["rail_max_mm"]

        def at(mm, side=0.0):
            return ox + ux * mm + vx * side, oy + uy * mm + vy * side

        mid = (lo + hi) / 2
        rail = pen.rect_rotated(*at(mid), hi - lo, s.get("rail_width", 30.0), ang, "RAIL")
        rw = s.get("rail_width", 30.0)
        for mm, on, col in ((s["limit_minus_mm"], s.get("limit_minus"), "LIMIT"),
                            (s["limit_plus_mm"], s.get("limit_plus"), "LIMIT"),
                            (s["home_mm"], s.get("home"), "HOME")):
            pen.line(at(mm, -rw), at(mm, rw), col, 2)
            pen.circle(*at(mm, -rw - 8), 5, "LIT" if on else "UNLIT", min_px=3)
        if s.get("target_mm") is not None:
            t = s["target_mm"]
            pen.poly([at(t, rw / 2 + 2), at(t - 8, rw / 2 + 16), at(t + 8, rw / 2 + 16)], "TARGET")
        col = pen.rgb(s.get("color"), "CARRIAGE")
        if s.get("fault"):
            col = "FAULT"
        elif not s.get("enabled"):
            col = pen.shade(col, 0.55)
        cx, cy = s["carriage_x"], s["carriage_y"]
        car = pen.rect_rotated(cx, cy, s["carriage_length"], s["carriage_width"], ang, col)
        pen.rect_rotated(cx, cy, s["carriage_length"], s["carriage_width"], ang,
                       "LIT" if s.get("in_position") else pen.shade(col, 0.5), border=2)
        pen.label(f"{s.get('label') or name}  {s['position_mm']:.1f} mm", *at(mid, -rw - 30))
        if s.get("fault") and s.get("fault_text"):
            pen.label(s["fault_text"], *at(mid, rw + 30), "FAULT")
        pen.hot(name, "axis", rail + car)


class ValueWord(Device):
    """A word handed to the PLC from outside (an order from the host, a recipe value).

    Drawn as a small display box showing the value with its units.
    """

    kind = "value_display"
    layer = 7
    signals = ("value",)
    plain_signals = {"value": "value"}   # the word as it is: the I/O transfer reads the attribute

    def __init__(self, name: str, value: int, *, position: tuple[float, float] = (0.0, 0.0),
                 label: str = "", units: str = "", scale: float = 1.0):
        super().__init__(name)
        self.value = int(value)
        self.position = position
        self.label = label or name
        self.units = units
        self.scale = scale  # shown value = word * scale (e.g. 0.1 for 0.1 mm words)

    def read(self, signal: str) -> Any:
        if signal == "value":
            return self.value
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.position[0], "y": self.position[1], "width": 120.0, "height": 40.0,
                "value": self.value, "display": f"{self.value * self.scale:g} {self.units}".strip(),
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return value_display_extent(self.state())

    def draw(self, pen) -> None:
        draw_value_display(pen, self.name, self.state())
