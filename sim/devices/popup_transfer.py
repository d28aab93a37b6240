"""Right-angle pop-up transfer: chains between a belt's strands that lift a part off the belt and
carry it out sideways.

Seen from above, the transfer is a rectangle across the belt (`length` along it, the belt's
width across). Its lift ('lift' TRUE raises it in `lift_s`, FALSE lowers it in the same time)
brings the chains up between the belt strands; from half way up they carry the parts whose
centre lies on the transfer (the belt no longer drives them). With the transfer fully up and
'chain' on, the chains run toward `side` at `chain_speed`; a part whose centre passes the
transfer's edge leaves it (into a cross lane, a Chute right beside the belt). Lowered again, a
part still on the chains is set back down onto the belt. Signals 'up' and 'down' are the
lift's end switches (TRUE only at the real ends).

It logs, for judges:

    lifts           [(time_s, {part name: offset mm along the belt from the centre})]: each time
                    the lift starts up, the parts overlapping the transfer then
    carried_onto    [(time_s, part name)]: a part on the belt coming onto the transfer while it
                    is not fully down (it runs into the chains); not kept with log_run_on=False
                    (a task that does not judge it saves the look at every part each step)

    xfer = plant.add(PopUpTransfer.on(belt, "transfer", at_mm=750, lift_s=0.5, chain_speed=250))
"""

from __future__ import annotations

import math
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece


class PopUpTransfer(PartDevice):
    """A pop-up chain transfer centred at (x, y) across a belt running at angle_deg (see the
    module). side: +1 carries parts to the belt's left, -1 to its right. start_up: raised at
    power-up (carrying whatever lies on it)."""

    kind = "popup_transfer"
    layer = 2
    signals = ("up", "down")
    commands = ("lift", "chain")
    # the end switches are kept by step as the lift moves; the commands only store a bool
    plain_signals = {"up": "up_switch", "down": "down_switch"}
    plain_commands = {"lift": ("lift", bool), "chain": ("chain", bool)}

    def __init__(self, name: str, x: float, y: float, *, length: float, width: float, angle_deg: float = 0.0,
                 lift_s: float = 0.5, chain_speed: float = 250.0, side: int = 1, start_up: bool = False,
                 log_run_on: bool = True):
        super().__init__(name)
        if lift_s <= 0 or chain_speed <= 0 or side not in (1, -1):
            raise ValueError(f"transfer {name!r}: lift_s and chain_speed must be positive, side +1 or -1")
        self.x, self.y = float(x), float(y)
        self.length, self.width = float(length), float(width)
        self.angle_deg = float(angle_deg)
        a = math.radians(angle_deg)
        self.ux, self.uy = math.cos(a), math.sin(a)
        self.lift_s, self.chain_speed, self.side = float(lift_s), float(chain_speed), side
        self._reach = (self.length + self.width) / 2     # |dx|, |dy| of any part overlapping, less 2 radii
        self.height = 1.0 if start_up else 0.0          # 0 down .. 1 up
        self.lift = start_up
        self.chain = False
        self.carrying: list[Workpiece] = []
        self.lifts: list[tuple[float, dict[str, float]]] = []
        self.carried_onto: list[tuple[float, str]] = []
        self._was_on: set[int] = set()
        self._lowered_raised = False       # lowered from up, not yet under half way (see step)
        self.log_run_on = log_run_on        # False: keep no carried_onto log (a task that does not judge it)
        self.time = 0.0
        self._started = False
        self.up_switch, self.down_switch = self.height >= 1.0, self.height <= 0.0

    @classmethod
    def on(cls, belt: Any, name: str, at_mm: float, *, length: float = 100.0, side: str = "left",
           **kw: Any) -> PopUpTransfer:
        """A transfer across a conveyor, centred `at_mm` from its infeed end."""
        x, y = belt.point(at_mm)
        return cls(name, x, y, length=length, width=belt.width, angle_deg=belt.angle_deg,
                   side=1 if side == "left" else -1, **kw)

    # -- geometry ----------------------------------------------------------------------
    def local(self, part: Workpiece) -> tuple[float, float]:
        """(along, across) of the part's centre from the transfer's centre."""
        px, py = part.xy()
        dx, dy = px - self.x, py - self.y
        return dx * self.ux + dy * self.uy, dy * self.ux - dx * self.uy

    def overlaps(self, part: Workpiece) -> bool:
        px, py = part.xy()
        reach = self._reach + 2.0 * part.radius
        if abs(px - self.x) > reach or abs(py - self.y) > reach:
            return False                # far off: no projection needed (the same answer, cheaper)
        along, across = self.local(part)
        return (abs(along) < self.length / 2 + part.half_extent(self.ux, self.uy)
                and abs(across) < self.width / 2 + part.half_extent(-self.uy, self.ux))

    def centre_on(self, part: Workpiece) -> bool:
        along, across = self.local(part)
        return abs(along) <= self.length / 2 and abs(across) <= self.width / 2

    # -- I/O ---------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "lift":
            self.lift = bool(value)
        elif command == "chain":
            self.chain = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "up":
            return self.height >= 1.0
        if signal == "down":
            return self.height <= 0.0
        return super().read(signal)

    # -- physics -------------------------------------------------------------------------
    def _take(self, part: Workpiece) -> None:
        part.grab(self)
        self.carrying.append(part)

    def _set_down(self, part: Workpiece, speed: float = 0.0) -> None:
        self.carrying.remove(part)
        part.release()
        if speed:
            part.body.velocity = (-self.uy * self.side * speed, self.ux * self.side * speed)

    def drop(self) -> None:
        """Called when a carried part is taken out of the plant (Workpiece.remove)."""
        self.carrying = [p for p in self.carrying if not p.removed]

    def step(self, dt: float) -> None:
        self.time += dt
        if self.height <= 0.0 and not self.lift and self._started and not self.log_run_on:
            return                      # down and staying down: nothing to carry, nothing to log
        if not self._started:
            self._started = True
            if self.log_run_on:
                self._was_on = {id(p) for p in self.flow.parts if self.overlaps(p)}   # there since power-up
            if self.height >= 0.5:              # raised at power-up: it carries what lies on it
                for part in list(self.flow.parts):
                    if self.centre_on(part) and part.holder is None:
                        self._take(part)
        h = self.height
        if self.lift and h < 1.0:
            if h <= 0.0:
                self.lifts.append((round(self.time, 3), {p.name: round(self.local(p)[0], 1)
                                                         for p in self.flow.parts if self.overlaps(p)}))
            h = min(1.0, h + dt / self.lift_s)
        elif not self.lift and h > 0.0:
            h = max(0.0, h - dt / self.lift_s)
        raised_before = self.height >= 0.5
        self.height = h
        self.up_switch, self.down_switch = h >= 1.0, h <= 0.0
        raised = h >= 0.5
        if raised and not raised_before:
            for part in list(self.flow.parts):
                if self.centre_on(part) and part.holder is None:
                    self._take(part)
        elif raised_before and not raised:
            for part in list(self.carrying):
                self._set_down(part)
        elif raised and self.lift and self._lowered_raised:
            # lifted again before it was down (the chains never went under the belt): a part
            # whose centre came over them meanwhile lies on them, as one there at the lift does
            for part in self.flow.parts:
                if part.holder is None and self.centre_on(part):
                    self._take(part)
        # lowered while still raised: until it is under half way again, a lift does not cross it
        self._lowered_raised = raised and (self._lowered_raised or not self.lift)
        # chains running with the transfer up carry the parts across
        if h >= 1.0 and self.chain:
            step_mm = self.chain_speed * dt
            vx, vy = -self.uy * self.side * step_mm, self.ux * self.side * step_mm
            for part in list(self.carrying):
                x, y = part.body.position
                part.body.position = (x + vx, y + vy)
                if abs(self.local(part)[1]) > self.width / 2:
                    self._set_down(part, self.chain_speed)
        # parts on the belt running onto the raised transfer
        if not self.log_run_on:
            return
        on_now = set()
        for part in self.flow.parts:
            if self.overlaps(part):
                on_now.add(id(part))            # a carried part just set down is no newcomer
                if h > 0.0 and part.holder is None and id(part) not in self._was_on:
                    self.carried_onto.append((round(self.time, 3), part.name))
        self._was_on = on_now

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "length": self.length, "width": self.width,
                "angle_deg": self.angle_deg, "height": self.height, "up": self.height >= 1.0,
                "down": self.height <= 0.0, "chain": self.chain, "lift": self.lift, "side": self.side,
                "carrying": len(self.carrying)}

    def extent(self) -> list[tuple[float, float]]:
        r = math.hypot(self.length, self.width) / 2 + 20
        return [(self.x - r, self.y - r), (self.x + r, self.y + r)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, L, W, ang = s["x"], s["y"], s["length"], s["width"], s["angle_deg"]
        raised = s["height"] >= 0.5
        frame = pen.rect_rotated(x, y, L, W, ang, "PLATE" if raised else "FRAME", border=2)
        # the chains: strands across the belt, brighter the higher they stand, green while running
        col = "ON" if s["chain"] and s["up"] else pen.shade("ROD", 0.5 + 0.5 * s["height"])
        a = math.radians(ang)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        for k in (-0.3, 0.0, 0.3):
            cx, cy = x + ux * L * k, y + uy * L * k
            pen.line((cx - vx * W / 2, cy - vy * W / 2), (cx + vx * W / 2, cy + vy * W / 2), col,
                     max(2, pen.mm(6)))
        tip = (x + vx * s["side"] * (W / 2 + 18), y + vy * s["side"] * (W / 2 + 18))
        pen.line((x, y), tip, col, 1)
        for frac, on in ((0.0, s["down"]), (1.0, s["up"])):
            off = frac * 16 - 8
            pen.circle(x - ux * (L / 2 + 14) + vx * off, y - uy * (L / 2 + 14) + vy * off, 5,
                       "LIT" if on else "UNLIT", min_px=3)
        pen.label(f"{name} {'UP' if s['up'] else 'down' if s['down'] else 'moving'}", x, y - W / 2 - 26)
        pen.hot(name, self.kind, frame)
