"""Vacuum gripper (a suction cup with a vacuum generator and a blow-off valve) on a pick-and-place
unit of two cylinders: X carries the unit from the pick to the drop, Z lowers the cup.

Seen from the side: the X cylinder lies horizontally, its rod carries the Z cylinder, whose rod
points down (angle -90) and ends in the cup. The cup is over the pick place with X retracted and
over the drop with X extended; it touches a part lying at the pick with Z extended.

Commands: `vacuum` (TRUE: the ejector sucks), `blow` (TRUE: blow-off air, releases at once).
Signal: `vacuum_ok` (vacuum switch: TRUE while the cup's vacuum is at the switching level).
Physics, per part under the cup (its number):
- sealed (the vacuum on, no blow, the cup on a part) the vacuum rises so that vacuum_ok comes on
  `build_s` after the vacuum is switched on, and goes on rising to full (1.0) by build_s / 0.7;
- a `leaky` part (a carton with a slit flap) holds the level just above the switching point for
  `chatter_s` once it first gets there, the switch chattering (on 20-80 ms, off 20-40 ms, from the
  plant's seeded rng), then it goes on rising;
- a `torn` part never reaches the switching level (0.4 at most): vacuum_ok never comes;
- not sealed, the vacuum decays to nothing in `release_s`, with blow-off in 0.03 s.
The cup takes the part along when Z starts to lift with the vacuum at HOLD_LEVEL or more; with
less it leaves it lying (`left_behind`, when the vacuum was on). A carried part is let go when
the vacuum falls below HOLD_LEVEL: onto the drop place over the drop, elsewhere it falls
(`dropped`). `pick_log` records (time_s, part number) of every part taken; `attempts` counts,
per part number, the times the cup began to suck on it at the pick.

The pick and drop are sim.devices.machine.PartPlace devices (part records, no pymunk body), so
the unit needs no contact physics. Units: millimetres, seconds.
"""

from __future__ import annotations

from typing import Any

from sim.devices.machine import Part, PartPlace
from sim.devices.pneumatics import Cylinder
from sim.drawing import draw_part_record
from sim.plant import Device

OK_LEVEL = 0.7        # the vacuum switch's point (share of full vacuum)
HOLD_LEVEL = 0.78     # holds a part on the cup against its weight and the lift: reached 0.1 s after
                      # vacuum_ok for build times up to 0.6 s (0.7 + 0.1 / 0.6 * 0.7 = 0.82)
TORN_LEVEL = 0.4      # the most a torn part lets the vacuum reach
BLOW_S = 0.03         # blow-off time from any level to nothing
CUP_MM = 70.0


class VacuumGripper(Device):
    kind = "vacuum_gripper"
    layer = 6
    signals = ("vacuum_ok",)
    commands = ("vacuum", "blow")

    def __init__(self, name: str, x_cylinder: str, z_cylinder: str, pick: str, drop: str, *,
                 build_s: float = 0.2, release_s: float = 0.3, chatter_s: float = 0.2,
                 leaky: tuple[int, ...] = (), torn: tuple[int, ...] = ()):
        super().__init__(name)
        if build_s <= 0 or release_s <= 0:
            raise ValueError(f"vacuum gripper {name!r}: build_s and release_s must be positive")
        self.x_name, self.z_name, self.pick_name, self.drop_name = x_cylinder, z_cylinder, pick, drop
        self.build_s, self.release_s, self.chatter_s = float(build_s), float(release_s), float(chatter_s)
        self.leaky, self.torn = set(leaky), set(torn)
        self.vacuum = False
        self.blow = False
        self.level = 0.0
        self.ok = False
        self.held: Part | None = None
        self.dropped: list[tuple[float, Part]] = []
        self.left_behind: list[tuple[float, Part]] = []
        self.pick_log: list[tuple[float, int]] = []
        self.attempts: dict[int, int] = {}          # part number -> times the cup began to suck on it
        self._sealed = False
        self.time = 0.0
        self._chatter_left: float | None = None     # a leaky part's chatter still to come
        self._chatter_part: int | None = None
        self._switch_timer = 0.0
        self._z_last: float | None = None
        self.xc: Cylinder | None = None
        self.zc: Cylinder | None = None
        self.pick: PartPlace | None = None
        self.drop: PartPlace | None = None

    def _bind(self) -> None:
        plant = self.plant
        self.xc, self.zc = plant.device(self.x_name, Cylinder), plant.device(self.z_name, Cylinder)
        self.pick = plant.device(self.pick_name, PartPlace)
        self.drop = plant.device(self.drop_name, PartPlace)

    # -- where the cup is --------------------------------------------------------------
    @property
    def at_pick(self) -> bool:
        return self.xc.position <= 0.0

    @property
    def at_drop(self) -> bool:
        return self.xc.position >= self.xc.stroke

    @property
    def on_part(self) -> Part | None:
        """The part the cup rests on: lying at the pick with the cup down on it."""
        if self.held is None and self.at_pick and self.zc.position >= self.zc.stroke and self.pick.parts:
            return self.pick.parts[-1]
        return None

    def cup_xy(self) -> tuple[float, float]:
        z = self.zc
        return (z.x + z.position * z.ux, z.y + z.position * z.uy)

    # -- device interface ----------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "vacuum":
            self.vacuum = bool(value)
        elif command == "blow":
            self.blow = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "vacuum_ok":
            return self.ok
        return super().read(signal)

    def step(self, dt: float) -> None:
        if self.xc is None:
            self._bind()
        self.time += dt
        xc, zc = self.xc, self.zc
        # the Z cylinder rides on the X rod
        zc.x = xc.x + xc.position * xc.ux
        zc.y = xc.y + xc.position * xc.uy
        zc.body.position = zc._tip(zc.position)
        z_prev = zc.position if self._z_last is None else self._z_last   # Z at the start of this step
        z_now = self._z_last = zc.position
        contact = None
        if self.held is None and self.at_pick and self.pick.parts and z_prev >= zc.stroke:
            contact = self.pick.parts[-1]
        under = self.held or contact
        sealed = self.vacuum and not self.blow and under is not None
        if sealed and not self._sealed and contact is not None:
            self.attempts[contact.number] = self.attempts.get(contact.number, 0) + 1
        self._sealed = sealed
        self._vacuum(dt, sealed, under)
        if contact is not None and z_now < z_prev:      # Z lifts off the part
            if self.level >= HOLD_LEVEL:
                self.held = self.pick.take()
                self.pick_log.append((self.time, self.held.number))
            elif self.vacuum:
                self.left_behind.append((self.time, contact))
        if self.held is not None:
            self.held.x, self.held.y = self.cup_xy()
            if self.level < HOLD_LEVEL:
                part, self.held = self.held, None
                if self.at_drop:
                    self.drop.put(part)
                else:
                    self.dropped.append((self.time, part))

    def _vacuum(self, dt: float, sealed: bool, under: Part | None) -> None:
        if not sealed:
            rate = 1.0 / BLOW_S if self.blow else 1.0 / self.release_s
            self.level = max(0.0, self.level - rate * dt)
            self._chatter_left = None if self.level < OK_LEVEL else self._chatter_left
            self.ok = self.level >= OK_LEVEL
            return
        number = under.number
        top = TORN_LEVEL if number in self.torn else 1.0
        if self._chatter_left is not None and self._chatter_part == number:
            self._chatter_left -= dt
            self._switch_timer -= dt
            if self._chatter_left <= 0.0:
                self._chatter_left = 0.0
                self.ok = True
            elif self._switch_timer <= 0.0:
                self.ok = not self.ok
                rng = self.plant.rng
                self._switch_timer = (0.02 + rng.random() * 0.06) if self.ok else (0.02 + rng.random() * 0.02)
            if self._chatter_left > 0.0:
                return                              # the level hangs just over the switching point
        before = self.level
        self.level = min(top, self.level + OK_LEVEL / self.build_s * dt)
        if (number in self.leaky and before < OK_LEVEL <= self.level and self._chatter_part != number):
            self._chatter_part, self._chatter_left = number, self.chatter_s
            self.level = OK_LEVEL + 0.02
            self.ok, self._switch_timer = True, 0.03
            return
        if self._chatter_left is None or self._chatter_left <= 0.0:
            self.ok = self.level >= OK_LEVEL

    def state(self) -> dict[str, Any]:
        x, y = self.cup_xy() if self.zc is not None else (0.0, 0.0)
        return {"x": x, "y": y, "vacuum": self.vacuum, "blow": self.blow, "level": self.level,
                "vacuum_ok": self.ok, "held_part": self.held.state() if self.held is not None else None,
                "dropped": [p.state() for _, p in self.dropped]}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x"] - CUP_MM, s["y"] - 80.0), (s["x"] + CUP_MM, s["y"] + 40.0)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        held = s.get("held_part")
        if held:
            draw_part_record(pen, {**held, "x": x, "y": y - held.get("diameter", 60) / 2 - 6})
        for p in s.get("dropped", ()):
            draw_part_record(pen, p)
        # the cup: a bellows lit by its vacuum level, the blow-off air as a ring
        col = "LIT" if s.get("vacuum_ok") else ("ON" if s.get("vacuum") else "JAW")
        cup = pen.rect_rotated(x, y - 6, CUP_MM, 12, 0.0, col)
        pen.rect_rotated(x, y - 6, CUP_MM * max(0.1, s.get("level", 0.0)), 4, 0.0, pen.shade(col, 0.5))
        if s.get("blow"):
            pen.circle(x, y - 16, CUP_MM * 0.6, "BUSY", width=2)
        state = "vacuum OK" if s.get("vacuum_ok") else ("sucking" if s.get("vacuum") else
                                                        "blow-off" if s.get("blow") else "off")
        pen.label(f"{name}: {state}", x + CUP_MM, y + 20)
        pen.hot(name, self.kind, cup, pad=8)
