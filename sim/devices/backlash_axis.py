"""Backlash axis: a servo slide whose load follows the motor through lost motion, read by a scale.

The drive positions the motor side (a ball screw's nut, a rack's pinion): its position word,
in-position and standstill are the motor's. Between the motor and the load (the table the
work sits on) there is `backlash_mm` of lost motion: the load only moves while the motor
pushes it, on one side of the gap or the other, and stays put while the motor crosses the gap.

    motor moving plus:  load = motor - backlash/2   (the plus flank in contact)
    motor moving minus: load = motor + backlash/2   (the minus flank in contact)

So a move that ends toward plus leaves the load backlash/2 short of the motor's target, and one
that ends toward minus leaves it backlash/2 past; only a linear scale on the load
(`load_position`) tells where the load really is. Position words here are in 0.01 mm (INT, so
the stroke must lie within +-327 mm): the motor's actual position, the target and the scale.

The device keeps `last_push` (+1 / -1: the direction the load last moved in, 0 before it has
moved) and `load_vel` (mm/s over the last step), for the judges.
"""

from __future__ import annotations

from typing import Any

from sim.devices.axis import Axis

WORD_MM = 0.01
WORD_MAX = 32767


def to_fine_word(mm: float) -> int:
    """mm -> a 0.01 mm position word, clamped to the INT range."""
    w = int(round(mm / WORD_MM))
    return WORD_MAX if w > WORD_MAX else (-WORD_MAX - 1 if w < -WORD_MAX - 1 else w)


class BacklashAxis(Axis):
    """An Axis (sim/devices/axis.py) with lost motion between motor and load and a load scale.

    `slack`: where the load sits in the gap at power-up, -1..+1 (-1: the motor's plus flank
    touches, the load backlash/2 behind the motor; +1: the minus flank touches; 0: mid-gap).
    """

    signals = Axis.signals + ("load_position",)

    def __init__(self, name: str, *, backlash_mm: float = 0.5, slack: float = 0.0, **axis: Any):
        super().__init__(name, **axis)
        if backlash_mm < 0:
            raise ValueError(f"{name}: backlash cannot be negative")
        if not -1.0 <= slack <= 1.0:
            raise ValueError(f"{name}: slack must lie within -1..+1")
        self.backlash_mm = float(backlash_mm)
        self.load = self.pos + slack * self.backlash_mm / 2
        self.load_vel = 0.0
        self.last_push = 0

    # -- PLC side ------------------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "position":
            return to_fine_word(self.pos)
        if signal == "load_position":
            return to_fine_word(self.load)
        return super().read(signal)

    def _start_move(self) -> None:
        # the target word is in 0.01 mm: hand the Axis its 0.1 mm form, then the exact target
        word = self.target_word
        self.target_word = int(round(word * WORD_MM * 10.0))
        super()._start_move()
        self.target_word = word
        if self.moving_to_target:
            self.target_mm = word * WORD_MM
            if abs(self.pos - self.target_mm) > self.window_mm:
                self.rest_time = 0.0

    # -- mechanics -----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        super().step(dt)
        half = self.backlash_mm / 2
        before = self.load
        if self.load < self.pos - half:
            self.load = self.pos - half
        elif self.load > self.pos + half:
            self.load = self.pos + half
        moved = self.load - before
        self.load_vel = moved / dt
        if moved > 1e-12:
            self.last_push = 1
        elif moved < -1e-12:
            self.last_push = -1

    @property
    def load_still(self) -> bool:
        return self.load_vel == 0.0

    # -- drawing -------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        lx, ly = self.point_at(self.load)
        s.update(load_mm=self.load, load_x=lx, load_y=ly, backlash_mm=self.backlash_mm)
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        a_x, a_y = self._dir
        side = s["carriage_width"] / 2 + 14

        def at(mm, off=0.0):
            return self.origin[0] + a_x * mm - a_y * off, self.origin[1] + a_y * mm + a_x * off

        # the load table riding beside the motor's nut, and the scale's reading head on it
        load = s["load_mm"]
        pen.rect_rotated(*at(load, side), s["carriage_length"], 16, self.angle_deg, "TABLE")
        pen.line(at(load, side - 8), at(load, side + 8), "LIT", 2)
        # the gap, magnified: where the nut sits between the load's two flanks
        gx, gw = s["position_mm"], 40.0
        pen.rect_rotated(*at(gx, -side), gw, 8, self.angle_deg, "RAIL")
        b = s["backlash_mm"] or 1.0
        frac = max(-1.0, min(1.0, (s["position_mm"] - load) / (b / 2)))
        touching = abs(frac) > 0.999
        pen.circle(*at(gx + frac * gw / 2, -side), 4, "LIT" if touching else "UNLIT", min_px=3)
        pen.label(f"load (scale) {load:.2f} mm", *at(load, side + 26))
        pen.label(f"backlash gap {s['position_mm'] - load:+.2f} mm", *at(gx, -side - 18))
