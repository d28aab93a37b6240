"""Incremental axis: a servo slide whose position counter means nothing until it is referenced.

An incremental encoder counts from wherever the slide stood at power-up, so the drive's actual
position word reads the true position plus an unknown count offset (drawn from the plant's
seeded generator) until the PLC gives a rising edge on `set_ref`: that edge sets the counter so
that the slide's position at that instant reads `ref_value_mm`, and `referenced` turns TRUE.

A reference cam (a steel bar on the rail near the minus end, read by a roller switch) marks the
reference point: its plus edge, at true position `cam_edge_mm`. The switch has differential
travel (`cam_hysteresis_mm`): it actuates only once the slide has run that far onto the cam, and
releases exactly at the cam's ends. So the plus edge is found exactly only by leaving the cam
toward plus and taking the falling edge of `ref_cam`; approached from plus, the switch makes
`cam_hysteresis_mm` too far in.

Everything else is the Axis (sim/devices/axis.py): targets, moves and in-position are in the
counter's coordinates (a target word of 0 after a correct reference is true 0 mm), jogging needs
no target, the limit switches are hard. The device logs every reference edge (`refs`: time,
true position, velocity) and every move started before the first reference
(`moves_before_ref`), for the judges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.devices.axis import Axis, to_word


@dataclass(frozen=True)
class ReferenceEdge:
    """One accepted set_ref edge: when (s), where the slide truly stood (mm) and how fast (mm/s)."""

    time_s: float
    true_mm: float
    velocity: float


class IncrementalAxis(Axis):
    """An Axis with an incremental encoder, a reference cam and a set_ref command.

    `cam_length_mm`: the cam runs from `cam_edge_mm - cam_length_mm` to `cam_edge_mm` (true mm).
    `count_offset_mm`: the counter's offset at power-up; None draws it from the plant's generator
    in +-`offset_span_mm` (0.1 mm grid) when the axis joins the plant.
    """

    kind = "axis"
    signals = Axis.signals + ("ref_cam", "referenced")
    commands = Axis.commands + ("set_ref",)
    # its position word counts from the reference, not the Axis's
    plain_signals = {**Axis.plain_signals, "position": "counted_word", "ref_cam": "cam_on",
                     "referenced": "referenced", "limit_minus": "on_limit_minus",
                     "limit_plus": "on_limit_plus"}
    plain_commands = Axis.plain_commands     # write adds set_ref; the others are the Axis's own

    def __init__(self, name: str, *, cam_edge_mm: float = -20.0, cam_length_mm: float = 20.0,
                 cam_hysteresis_mm: float = 1.0, ref_value_mm: float = -20.0,
                 count_offset_mm: float | None = None, offset_span_mm: float = 1500.0, **axis: Any):
        super().__init__(name, **axis)
        if cam_length_mm <= 2 * cam_hysteresis_mm:
            raise ValueError(f"{name}: the cam must be longer than twice the switch's differential travel")
        self.cam_edge_mm = float(cam_edge_mm)
        self.cam_length_mm = float(cam_length_mm)
        self.cam_hysteresis_mm = float(cam_hysteresis_mm)
        self.ref_value_mm = float(ref_value_mm)
        self.offset_span_mm = float(offset_span_mm)
        self.count_offset_mm = None if count_offset_mm is None else float(count_offset_mm)
        self.referenced = False
        self.refs: list[ReferenceEdge] = []
        self.moves_before_ref = 0
        self.time_s = 0.0
        self.cam_on = self._on_cam(self.pos)
        self._ref_prev = False
        self._ref_pending = False

    def attach(self, plant) -> None:
        super().attach(plant)
        if self.count_offset_mm is None:
            self.count_offset_mm = round(plant.rng.uniform(-self.offset_span_mm, self.offset_span_mm), 1)

    @property
    def cam_start_mm(self) -> float:
        return self.cam_edge_mm - self.cam_length_mm

    def _on_cam(self, mm: float) -> bool:
        return self.cam_start_mm <= mm <= self.cam_edge_mm

    @property
    def offset(self) -> float:
        return self.count_offset_mm or 0.0

    @property
    def counted_mm(self) -> float:
        """What the drive's position counter says (mm)."""
        return self.pos + self.offset

    @property
    def counted_word(self) -> int:
        """The 'position' signal: the counter's position word in 0.1 mm."""
        return to_word(self.counted_mm)

    @property
    def on_limit_minus(self) -> bool:
        """The 'limit_minus' signal (Axis.read's), as an attribute for the I/O transfer."""
        return self.pos <= self.limit_minus_mm

    @property
    def on_limit_plus(self) -> bool:
        """The 'limit_plus' signal (Axis.read's)."""
        return self.pos >= self.limit_plus_mm

    # -- PLC side ------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "set_ref":
            v = bool(value)
            if v and not self._ref_prev:
                self._ref_pending = True     # taken at the next step, where the inputs were read
            self._ref_prev = v
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "position":
            return to_word(self.counted_mm)
        if signal == "ref_cam":
            return self.cam_on
        if signal == "referenced":
            return self.referenced
        return super().read(signal)

    def _start_move(self) -> None:
        accepted = self.enabled and not self.fault
        offset = self.offset
        # the target word is in counter coordinates: shift it to true mm for the profile
        word = self.target_word
        self.target_word = to_word(word / 10.0 - offset)
        super()._start_move()
        self.target_word = word
        if accepted and self.target_mm is not None:
            self.target_mm = word / 10.0 - offset
            if not self.referenced:
                self.moves_before_ref += 1

    # -- mechanics -----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self._ref_pending:
            self._ref_pending = False
            self.count_offset_mm = self.ref_value_mm - self.pos
            self.referenced = True
            self.refs.append(ReferenceEdge(round(self.time_s, 6), self.pos, self.vel))
        super().step(dt)
        self.time_s += dt
        self._update_cam()

    def _update_cam(self) -> None:
        pos, edge = self.pos, self.cam_edge_mm
        start = edge - self.cam_length_mm       # cam_start_mm
        if self.cam_on:
            self.cam_on = start <= pos <= edge   # _on_cam
        else:
            h = self.cam_hysteresis_mm
            self.cam_on = start + h <= pos <= edge - h

    # -- drawing -------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(cam_start_mm=self.cam_start_mm, cam_edge_mm=self.cam_edge_mm, ref_cam=self.cam_on,
                 referenced=self.referenced, counted_mm=self.counted_mm)
        return s

    def draw(self, pen) -> None:
        super().draw(pen)
        s = self.state()
        a_x, a_y = self._dir
        rw = s["rail_width"]

        def at(mm, side=0.0):
            return self.origin[0] + a_x * mm - a_y * side, self.origin[1] + a_y * mm + a_x * side

        lo, hi = s["cam_start_mm"], s["cam_edge_mm"]
        # the cam bar beside the carriage's path and the roller switch on the carriage that reads it
        side = s["carriage_width"] / 2 + 8
        lit = "LIT" if s["ref_cam"] else "UNLIT"
        pen.rect_rotated(*at((lo + hi) / 2, side), hi - lo, 8, self.angle_deg, "RAIL")
        pen.rect_rotated(*at((lo + hi) / 2, side), hi - lo, 8, self.angle_deg, lit, border=2)
        pen.line(at(s["position_mm"], side - 8), at(s["position_mm"], side), lit, 2)
        pen.circle(*at(s["position_mm"], side), 4, lit, min_px=3)
        pen.label("ref cam", *at((lo + hi) / 2, side + 18))
        counter = f"count {s['counted_mm']:.1f} mm" + ("" if s["referenced"] else " (not referenced)")
        pen.label(counter, *at(s["position_mm"], -rw - 48), "LABEL" if s["referenced"] else "FAULT")
