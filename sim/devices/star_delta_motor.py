"""Induction motor on a star-delta starter: main contactor K1, star contactor K2, delta
contactor K3, a thermal overload relay and a speed sensor on the shaft (a fan, a pump).

The PLC drives the three contactor coils and reads back each contactor's auxiliary contact
(NO: TRUE while its main contacts are closed; it follows them `aux_lag_s` later, both ways),
the overload relay's NC contact (TRUE while it has not tripped), the speed (rpm) and the
motor current (0.1 A, measured in the K1 line).

Physics, per step:
- a contactor's main contacts close `pickup_s` after its coil is energised and open
  `dropout_s` after it is de-energised (drop-out is the slow, varying one);
- K1 with K2: star, a third of the delta torque and current; K1 with K3: delta, full torque
  (Kloss curve, breakdown 2.5 x rated at 20 % slip); anything else: no torque, the motor coasts
  against its load (a fan: torque in the square of the speed);
- K2 and K3 closed together short the supply (K3 is line side): the fuses blow at once, the
  starter is dead until the plant is rebuilt (`short_circuit`, `fuse_blown`);
- current: delta current at slip s is I_n (0.3 + 6.7 s^0.7) (7 x I_n locked rotor), a third
  of it in star; when delta closes on a motor that was switched off (open transition), the
  residual field out of phase adds up to 5 x I_n, growing with the dead time up to 100 ms
  (and fading with a 0.3 s time constant after that, as the field itself decays), the spike
  dying away in 30 ms: a long dead time is a current spike, as is a change to delta at
  low speed;
- `operate(True)` (an operator action: the fan jams) trips the overload relay: its contact
  opens; it re-closes by itself `cool_s` later (the PLC must still latch the trip).

    fan = plant.add(StarDeltaMotor("fan", x=400, y=300, runup_s=3.0))
    fan.write("k2", True); fan.write("k1", True)      # star
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.vfd_motor import draw_motor
from sim.plant import Device

SYNC_RPM = 1500.0
SLIP_BREAKDOWN, TORQUE_BREAKDOWN = 0.2, 2.5     # Kloss curve (per unit of rated torque)
LOAD_AT_SYNC = 0.8                               # fan load at synchronous speed (per unit)
LOCKED_ROTOR_CURRENT = 7.0                       # x rated, in delta
RESIDUAL_PEAK = 5.0                              # x rated, open-transition spike at 100 ms dead time
RESIDUAL_FULL_S = 0.1
RESIDUAL_DECAY_S = 0.03
RESIDUAL_FADE_S = 0.3        # after 100 ms off the residual field itself dies away


class Contactor:
    """A contactor's main contacts and auxiliary contact with their own delays."""

    def __init__(self, pickup_s: float, dropout_s: float, aux_lag_s: float):
        self.pickup_s, self.dropout_s, self.aux_lag_s = pickup_s, dropout_s, aux_lag_s
        self.coil = False
        self.closed = False
        self.aux = False
        self.timer = 0.0            # how long the coil has been in its present state
        self.aux_timer = 0.0        # how long the main contacts have been in theirs
        self.closings = 0

    def step(self, dt: float) -> None:
        self.timer += dt
        want = self.coil
        if want != self.closed and self.timer >= (self.pickup_s if want else self.dropout_s) - 1e-9:
            self.closed = want
            self.aux_timer = 0.0
            if want:
                self.closings += 1
        else:
            self.aux_timer += dt
        if self.aux != self.closed and self.aux_timer >= self.aux_lag_s - 1e-9:
            self.aux = self.closed

    def set_coil(self, on: bool) -> None:
        if on != self.coil:
            self.coil = on
            self.timer = 0.0


def _kloss(slip: float) -> float:
    if slip <= 0.0:
        return 0.0
    return 2.0 * TORQUE_BREAKDOWN / (slip / SLIP_BREAKDOWN + SLIP_BREAKDOWN / slip)


def _load(rpm: float) -> float:
    return LOAD_AT_SYNC * (rpm / SYNC_RPM) ** 2


def delta_current(slip: float) -> float:
    """Per unit of rated current, in delta at this slip (7 at standstill)."""
    return 0.3 + (LOCKED_ROTOR_CURRENT - 0.3) * max(0.0, min(1.0, slip)) ** 0.7


def star_time_to(fraction: float, inertia: float = 1.0, dt: float = 0.01) -> float:
    """Seconds a motor of this inertia (per-unit: rated torque accelerates it by `SYNC_RPM`
    rpm/s) takes in star from rest to `fraction` of synchronous speed."""
    rpm, t = 0.0, 0.0
    while rpm < fraction * SYNC_RPM:
        slip = 1.0 - rpm / SYNC_RPM
        acc = (_kloss(slip) / 3.0 - _load(rpm)) * SYNC_RPM / inertia
        if acc <= 0.0:
            return math.inf
        rpm += acc * dt
        t += dt
    return t


# run-up time scales with inertia: the time of a unit inertia, once
STAR_TO_85_AT_UNIT_INERTIA_S = star_time_to(0.85)


class StarDeltaMotor(Device):
    """Signals: k1_aux, k2_aux, k3_aux, overload_ok (NC), speed (rpm), current (0.1 A).
    Commands: k1, k2, k3 (coils). `runup_s`: time from rest to 85 % of 1500 rpm in star."""

    kind = "star_delta_motor"
    layer = 2
    signals = ("k1_aux", "k2_aux", "k3_aux", "overload_ok", "speed", "current")
    commands = ("k1", "k2", "k3")

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, runup_s: float = 3.0,
                 rated_a: float = 20.0, pickup_s: float = 0.02, dropout_s: float = 0.03,
                 aux_lag_s: float = 0.005, cool_s: float = 3.0, start_rpm: float = 0.0,
                 size_mm: float = 200.0, label: str = ""):
        super().__init__(name)
        if runup_s <= 0:
            raise ValueError(f"{name}: runup_s must be positive")
        self.inertia = runup_s / STAR_TO_85_AT_UNIT_INERTIA_S
        self.x, self.y = float(x), float(y)
        self.runup_s, self.rated_a, self.cool_s = float(runup_s), float(rated_a), float(cool_s)
        self.size_mm = float(size_mm)
        self.label = label or name
        self.k = {n: Contactor(pickup_s, dropout_s, aux_lag_s) for n in ("k1", "k2", "k3")}
        self.rpm = float(start_rpm)
        self.current_pu = 0.0
        self.residual_pu = 0.0
        self.dead_s = math.inf        # time since the motor was last energised
        self.was_energised = False
        self.overload_tripped = False
        self.tripped_for = 0.0
        self.trips = 0
        self.short_circuit = False    # K2 and K3 were closed together: the fuses blew
        self.angle_deg = 0.0

    # -- PLC and operator side ---------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command in self.k:
            self.k[command].set_coil(bool(value))
        else:
            super().write(command, value)

    def operate(self, value: Any) -> None:
        """The fan jams: the thermal overload relay trips (its NC contact opens)."""
        if value and not self.overload_tripped:
            self.overload_tripped = True
            self.tripped_for = 0.0
            self.trips += 1

    def read(self, signal: str) -> Any:
        if signal in ("k1_aux", "k2_aux", "k3_aux"):
            return self.k[signal[:2]].aux
        if signal == "overload_ok":
            return not self.overload_tripped
        if signal == "speed":
            return int(round(self.rpm))
        if signal == "current":
            return int(round(self.current_a * 10.0))
        return super().read(signal)

    # -- state -------------------------------------------------------------------------
    @property
    def star(self) -> bool:
        return self.k["k1"].closed and self.k["k2"].closed and not self.k["k3"].closed

    @property
    def delta(self) -> bool:
        return self.k["k1"].closed and self.k["k3"].closed and not self.k["k2"].closed

    @property
    def all_open(self) -> bool:
        return not any(c.closed for c in self.k.values())

    @property
    def current_a(self) -> float:
        return self.current_pu * self.rated_a

    @property
    def fuse_blown(self) -> bool:
        return self.short_circuit

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        for c in self.k.values():
            c.step(dt)
        if self.k["k2"].closed and self.k["k3"].closed:
            self.short_circuit = True
        if self.overload_tripped:
            self.tripped_for += dt
            if self.tripped_for >= self.cool_s:
                self.overload_tripped = False
        live = not self.short_circuit
        star, delta = live and self.star, live and self.delta
        slip = 1.0 - self.rpm / SYNC_RPM
        if delta and not self.was_energised:
            # open transition: the residual field is out of phase by the dead time
            dead = self.dead_s
            self.residual_pu = RESIDUAL_PEAK * min(1.0, dead / RESIDUAL_FULL_S) * math.exp(
                -max(0.0, dead - RESIDUAL_FULL_S) / RESIDUAL_FADE_S)
        energised = star or delta
        torque = _kloss(slip) * (1.0 if delta else 1.0 / 3.0) if energised else 0.0
        acc = (torque - _load(self.rpm)) * SYNC_RPM / self.inertia
        rpm = self.rpm + acc * dt
        self.rpm = max(0.0, rpm)
        slip = 1.0 - self.rpm / SYNC_RPM
        if delta:
            self.current_pu = delta_current(slip) + self.residual_pu
            self.residual_pu *= math.exp(-dt / RESIDUAL_DECAY_S)
        elif star:
            self.current_pu = delta_current(slip) / 3.0
            self.residual_pu = 0.0
        else:
            self.current_pu = 0.0
            self.residual_pu = 0.0
        self.dead_s = 0.0 if energised else self.dead_s + dt
        self.was_energised = energised
        self.angle_deg = (self.angle_deg + self.rpm * 6.0 * dt) % 360.0

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "size": self.size_mm, "rpm": self.rpm,
                "current_a": self.current_a, "running": self.star or self.delta,
                "fault": self.short_circuit, "angle_deg": self.angle_deg, "max_rpm": SYNC_RPM,
                "label": self.label, "star": self.star, "delta": self.delta,
                "overload_ok": not self.overload_tripped,
                "contactors": {n: (c.coil, c.closed, c.aux) for n, c in self.k.items()}}

    def extent(self) -> list[tuple[float, float]]:
        r = self.size_mm
        return [(self.x - r * 1.3, self.y - r * 0.9), (self.x + r * 1.3, self.y + r * 1.9)]

    def draw(self, pen) -> None:
        s = self.state()
        mode = "FUSES BLOWN" if s["fault"] else ("star" if s["star"] else ("delta" if s["delta"] else "off"))
        # the starter above the motor: three contactors with coil, main contacts and aux lamp
        r = self.size_mm
        top = self.y + r * 1.2
        starter = []
        for n, (name, (coil, closed, aux)) in enumerate(s["contactors"].items()):
            cx = self.x + (n - 1) * r * 0.7
            starter += pen.rect_rotated(cx, top, r * 0.5, r * 0.5, 0.0, "SENSOR_BODY")
            pen.rect_rotated(cx, top, r * 0.5, r * 0.5, 0.0, "COIL" if coil else "FRAME", border=2)
            # main contacts: a bar that bridges the three poles when closed
            for pole in (-1, 0, 1):
                px = cx + pole * r * 0.13
                pen.line((px, top + r * 0.18), (px, top + r * 0.06), "ROD", 2)
                pen.line((px, top - r * 0.18), (px, top - r * 0.06), "ROD", 2)
            bar_y = top if closed else top + r * 0.1
            pen.line((cx - r * 0.2, bar_y), (cx + r * 0.2, bar_y), "ON" if closed else "GUIDE",
                     max(2, pen.mm(r * 0.04)))
            pen.circle(cx + r * 0.2, top - r * 0.2, r * 0.04, "LIT" if aux else "UNLIT", min_px=3)
            pen.label(f"{name.upper()} {'closed' if closed else 'open'}", cx, top + r * 0.36,
                      "ON" if closed else "LABEL")
        ol_x = self.x + r * 1.15
        pen.circle(ol_x, top, r * 0.09, "LIT" if s["overload_ok"] else "FAULT", min_px=4)
        pen.label("overload OK" if s["overload_ok"] else "OVERLOAD TRIPPED", ol_x, top + r * 0.2,
                  "LABEL" if s["overload_ok"] else "FAULT")
        draw_motor(pen, self.name, self.kind, s, rotor_label=mode, hot_also=starter)
