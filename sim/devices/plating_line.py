"""Plating line: tanks in a row, a load stand and an unload stand, served by one trolley hoist.

A side view of a hoist-served plating line. A trolley (sim.devices.axis.Axis) runs along an
overhead rail; it carries a hoist (HoistAxis: a sim.devices.braked_axis.BrakedAxis, 0 mm at the
bottom, positive up, drawn hanging from the trolley) whose hook takes one carrier (a rack of
parts) at a time.

- PlatingTank: one tank of the line, standing at `at_mm` on the trolley's rail. It holds at most
  one carrier. Signals: occupied (TRUE from when a carrier goes under the liquid in it until it
  is lifted out of the liquid), elapsed (that carrier's immersion time so far, 0.1 s), window_min,
  window_max (its carrier's immersion window, 0.1 s; 0 while empty).
- PlatingLine: the load stand, the unload stand and the hook. The operator loads carriers on the
  load stand one at a time: carrier k+1 `gap_s` seconds after carrier k was lifted off (the first
  at `first_s`; never while the hook is low over the stand), each with its own immersion window
  (min_s, max_s). With the trolley standing at
  a place (at rest within `at_mm` of it) and the hoist at the bottom (at rest at or below
  `bottom_mm`), `hook` TRUE engages the hook in the carrier standing there after `hook_s`, and
  the carrier then rides with the hoist; `hook` FALSE there sets it down after `hook_s` (in a
  tank it stays; at the unload stand it is taken away at once: "out"). Above the bottom the hook
  is locked by the carrier's weight: opening it there does nothing until the bottom.
  A carrier on the hook is immersed while it hangs below `liquid_mm` over a tank (the trolley
  within 50 mm of the tank); a carrier resting in a tank is immersed. Each immersion (tank,
  start, duration) is recorded on the carrier. A carrier brought below `rim_mm` over a place that
  holds another carrier collides with it (logged in `collisions`).
  Signals: carrier_on_hook, carrier_loaded (a carrier is waiting on the load stand), load_min,
  load_max (its immersion window, 0.1 s; 0 while none), carriers_out. Command: hook.
- Carriers may lie in tanks at power-up (`preloaded`: tank index -> (elapsed_s, min_s, max_s)), and
  one may hang on the hook (`hooked_at_start`: (tank index, min_s, max_s)), plated and dripped.

    line = plant.add(PlatingLine("line", trolley="trolley", hoist="hoist",
                                 tanks=("tank_1", "tank_2"), load_mm=200.0, unload_mm=1500.0,
                                 orders=((0.0, 12.0, 20.0), (5.0, 10.0, 18.0))))
"""

from __future__ import annotations

from typing import Any

from sim.devices.braked_axis import BrakedAxis
from sim.plant import Device


class Carrier:
    def __init__(self, number: int, min_s: float, max_s: float):
        self.number = number
        self.min_s, self.max_s = float(min_s), float(max_s)
        self.z = 0.0                    # its bottom's height above the tank floor (mm)
        self.tank: int | None = None    # the tank (index) it is immersed in, None while out of liquid
        self.immersed_s = 0.0           # the running (or last) immersion's time
        self.immersions: list[list[Any]] = []   # [tank index, start s, duration s]
        self.left_liquid_at: float | None = None
        self.left_mm: float | None = None       # trolley position when it left the liquid
        self.loaded_at: float | None = None
        self.lifted_off_at: float | None = None
        self.out_at: float | None = None


class PlatingTank(Device):
    kind = "plating tank"
    layer = 2
    signals = ("occupied", "elapsed", "window_min", "window_max")
    # the words are kept up to date by the plating line (show()), so the I/O reads them directly
    plain_signals = {"occupied": "occupied", "elapsed": "elapsed_word", "window_min": "min_word",
                     "window_max": "max_word"}

    def __init__(self, name: str, number: int, at_mm: float, *, x: float = 0.0, y: float = 0.0,
                 width_mm: float = 300.0, depth_mm: float = 520.0, liquid_mm: float = 380.0,
                 label: str = ""):
        super().__init__(name)
        self.number, self.at_mm = int(number), float(at_mm)
        self.x, self.y = float(x), float(y)
        self.width_mm, self.depth_mm, self.liquid_mm = float(width_mm), float(depth_mm), float(liquid_mm)
        self.label = label or f"tank {number}"
        self.carrier: Carrier | None = None
        self.occupied = False
        self.elapsed_word = self.min_word = self.max_word = 0

    def show(self) -> None:
        """Bring the signals up to date with the carrier in the tank (and its immersion time)."""
        c = self.carrier
        self.occupied = c is not None
        if c is None:
            self.elapsed_word = self.min_word = self.max_word = 0
        else:
            self.elapsed_word = min(32767, int(round(c.immersed_s * 10.0)))
            self.min_word, self.max_word = int(round(c.min_s * 10.0)), int(round(c.max_s * 10.0))

    def read(self, signal: str) -> Any:
        if signal in self.plain_signals:
            return getattr(self, self.plain_signals[signal])
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        c = self.carrier
        return {"x": self.x, "y": self.y, "occupied": c is not None,
                "elapsed_s": 0.0 if c is None else c.immersed_s,
                "min_s": 0.0 if c is None else c.min_s, "max_s": 0.0 if c is None else c.max_s,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        w = self.width_mm / 2 + 20.0
        return [(self.x - w, self.y - 60.0), (self.x + w, self.y + self.depth_mm + 20.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y, w = self.x, self.y, self.width_mm
        pen.rect_rotated(x, y + self.liquid_mm / 2, w - 16, self.liquid_mm, 0.0, "BEAM")   # the bath
        wall = pen.poly([(x - w / 2, y + self.depth_mm), (x - w / 2, y), (x + w / 2, y),
                         (x + w / 2, y + self.depth_mm)], "FRAME", 4)
        pen.circle(x + w / 2 - 18, y + self.depth_mm + 14, 7, "LIT" if s["occupied"] else "UNLIT", min_px=3)
        if s["occupied"]:
            # the immersion bar: grey to the window's min, green in the window, red past its max
            full = max(s["max_s"], 1e-6)
            frac = min(1.0, s["elapsed_s"] / full)
            colour = ("FAULT" if s["elapsed_s"] > s["max_s"]
                      else "ON" if s["elapsed_s"] >= s["min_s"] else "BUSY")
            pen.rect_rotated(x - w / 2 + (w - 20) * frac / 2 + 10, y - 30, (w - 20) * frac, 14, 0.0, colour)
            pen.line((x - w / 2 + 10 + (w - 20) * s["min_s"] / full, y - 40),
                     (x - w / 2 + 10 + (w - 20) * s["min_s"] / full, y - 20), "TARGET", 2)
            text = f"{s['label']}  {s['elapsed_s']:.1f} s of {s['min_s']:g}-{s['max_s']:g}"
        else:
            text = f"{s['label']}  empty"
        pen.label(text, x, y - 52)
        pen.hot(self.name, self.kind, wall)


class HoistAxis(BrakedAxis):
    """The hoist of a trolley: a BrakedAxis whose rail hangs from the trolley's carriage, so it is
    drawn (and its origin stands) wherever the trolley is; its physics is the BrakedAxis's."""

    kind = "hoist"

    def __init__(self, name: str, *, trolley: str, base_y: float, **kw: Any):
        kw.setdefault("origin", (0.0, base_y))
        super().__init__(name, **kw)
        self.trolley_name, self.base_y = trolley, float(base_y)

    _trolley_at: float | None = None
    _trolley = None           # the trolley device, found once it is in the plant

    def _follow(self) -> None:
        trolley = self._trolley
        if trolley is None:
            if self.plant is None or self.trolley_name not in self.plant.devices:
                return
            trolley = self._trolley = self.plant[self.trolley_name]
        if trolley.pos != self._trolley_at:     # only a moving trolley moves the hoist's rail
            self._trolley_at = trolley.pos
            self.origin = (trolley.point_at(trolley.pos)[0], self.base_y)

    def step(self, dt: float) -> None:
        super().step(dt)
        self._follow()

    def state(self) -> dict[str, Any]:
        self._follow()
        return super().state()

    def draw(self, pen) -> None:
        # the Axis picture (rail and carriage, which is the hook block) with the brake shown as a
        # lamp beside it; the carrier on the hook is the plating line's to draw
        BrakedAxis.__mro__[1].draw(self, pen)
        s = self.state()
        pen.circle(s["carriage_x"] + s["carriage_width"] / 2 + 14, s["carriage_y"], 7,
                   "ON" if s["brake_open"] else "UNLIT", min_px=3)


class PlatingLine(Device):
    kind = "plating line"
    layer = 5
    signals = ("carrier_on_hook", "carrier_loaded", "load_min", "load_max", "carriers_out")
    commands = ("hook",)
    plain_signals = {"carrier_on_hook": "on_hook", "carrier_loaded": "loaded", "load_min": "load_min_word",
                     "load_max": "load_max_word", "carriers_out": "out_count"}
    plain_commands = {"hook": ("hook_cmd", bool)}

    def __init__(self, name: str, *, trolley: str, hoist: str, tanks: tuple[str, ...], load_mm: float,
                 unload_mm: float, orders: tuple[tuple[float, float, float], ...], first_s: float = 0.0,
                 preloaded: dict[int, tuple[float, float, float]] | None = None,
                 hooked_at_start: tuple[int, float, float] | None = None, hook_s: float = 0.3,
                 at_mm: float = 3.0, bottom_mm: float = 3.0, liquid_mm: float = 380.0, rim_mm: float = 520.0,
                 x: float = 0.0, y: float = 0.0, carrier_mm: float = 260.0):
        super().__init__(name)
        self.trolley_name, self.hoist_name = trolley, hoist
        self.tank_names = tuple(tanks)
        self.load_mm, self.unload_mm = float(load_mm), float(unload_mm)
        self.orders = tuple((float(g), float(a), float(b)) for g, a, b in orders)
        self.first_s, self.hook_s, self.at_mm = float(first_s), float(hook_s), float(at_mm)
        self.bottom_mm, self.liquid_mm, self.rim_mm = float(bottom_mm), float(liquid_mm), float(rim_mm)
        self.x, self.y, self.carrier_mm = float(x), float(y), float(carrier_mm)
        self.preloaded = dict(preloaded or {})
        self.hooked_at_start = hooked_at_start
        self.time_s = 0.0
        self.made = 0
        self.carriers: list[Carrier] = []
        self.stand: Carrier | None = None
        self.next_at = self.first_s
        self.loaded_count = 0
        self.hooked: Carrier | None = None
        self.hook = False
        self.hook_timer = 0.0
        self.out: list[Carrier] = []
        self.collisions: list[str] = []
        self._colliding = False
        self._tanks: list[PlatingTank] = []
        self.on_hook = self.loaded = False
        self.load_min_word = self.load_max_word = self.out_count = 0
        self.hook_cmd = False       # the PLC's hook output

    def attach(self, plant) -> None:
        super().attach(plant)
        if all(n in plant.devices for n in self.tank_names) and self.trolley_name in plant.devices \
                and self.hoist_name in plant.devices:
            self._bind()

    def _bind(self) -> None:
        if not self._tanks:
            self._tanks = [self.plant[n] for n in self.tank_names]
            self._trolley, self._hoist = self.plant[self.trolley_name], self.plant[self.hoist_name]
            for index, (elapsed, lo, hi) in sorted(self.preloaded.items()):
                c = self._new_carrier(lo, hi)
                c.tank, c.immersed_s = index, float(elapsed)
                c.immersions.append([index, -float(elapsed), float(elapsed)])
                self._tanks[index].carrier = c
            if self.hooked_at_start is not None:
                # plated in tank `index` (half way through its window) and dripped before power-up
                index, lo, hi = self.hooked_at_start
                c = self._new_carrier(lo, hi)
                c.immersions.append([int(index), -10.0 - (lo + hi) / 2.0, (lo + hi) / 2.0])
                c.immersed_s, c.lifted_off_at = (lo + hi) / 2.0, -10.0
                c.z = max(0.0, self._hoist.pos)
                self.hooked = c
            self._show_all()

    def _new_carrier(self, lo: float, hi: float) -> Carrier:
        self.made += 1
        c = Carrier(self.made, lo, hi)
        self.carriers.append(c)
        return c

    @property
    def tanks(self) -> list[PlatingTank]:
        self._bind()
        return self._tanks

    @property
    def total(self) -> int:
        """How many carriers this run brings: those in tanks at power-up and every order."""
        return len(self.preloaded) + len(self.orders) + (self.hooked_at_start is not None)

    def write(self, command: str, value: Any) -> None:
        if command == "hook":
            self.hook_cmd = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal in self.plain_signals:
            return getattr(self, self.plain_signals[signal])
        return super().read(signal)

    def _show_all(self) -> None:
        self.on_hook = self.hooked is not None
        stand = self.stand
        if (stand is not None) != self.loaded:
            self.loaded = stand is not None
            self.load_min_word = 0 if stand is None else int(round(stand.min_s * 10.0))
            self.load_max_word = 0 if stand is None else int(round(stand.max_s * 10.0))
        self.out_count = len(self.out)
        for t in self._tanks:
            if t.carrier is not None or t.occupied:
                t.show()

    # -- where things are ---------------------------------------------------------------
    def trolley_mm(self) -> float:
        t = self._trolley       # bound once the line and its devices are in the plant
        return (t if t is not None else self.plant[self.trolley_name]).pos

    def hoist_mm(self) -> float:
        h = self._hoist
        return (h if h is not None else self.plant[self.hoist_name]).pos

    _trolley = _hoist = None

    def place_near(self, within_mm: float) -> tuple[str, int | None] | None:
        """The place the trolley is within `within_mm` of: ('load', None), ('tank', i), ('unload', None)."""
        x = self.trolley_mm()
        if abs(x - self.load_mm) <= within_mm:
            return ("load", None)
        if abs(x - self.unload_mm) <= within_mm:
            return ("unload", None)
        for i, t in enumerate(self._tanks or self.tanks):
            if abs(x - t.at_mm) <= within_mm:
                return ("tank", i)
        return None

    def standing_at(self) -> tuple[str, int | None] | None:
        t = self._trolley
        if (t if t is not None else self.plant[self.trolley_name]).vel != 0.0:
            return None
        return self.place_near(self.at_mm)

    def _stand_clear(self) -> bool:
        """The operator loads only while the hook is clear of the load stand (up, or the trolley away)."""
        return self.hoist_mm() >= self.rim_mm + 100.0 or abs(self.trolley_mm() - self.load_mm) > 300.0

    def _resting_at(self, place) -> Carrier | None:
        kind, i = place
        if kind == "load":
            return self.stand
        if kind == "tank":
            c = self.tanks[i].carrier
            return None if c is self.hooked else c
        return None

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self._bind()
        self.time_s += dt
        if (self.stand is None and self.loaded_count < len(self.orders) and self.time_s >= self.next_at - 1e-9
                and self._stand_clear()):
            _, lo, hi = self.orders[self.loaded_count]
            self.loaded_count += 1
            self.stand = self._new_carrier(lo, hi)
            self.stand.loaded_at = self.time_s
        hoist = self._hoist
        if self.hook_cmd != self.hook:      # the hook's time runs from the PLC's last change
            self.hook, self.hook_timer = self.hook_cmd, 0.0
        self.hook_timer += dt
        if hoist.pos <= self.bottom_mm and hoist.vel == 0.0 and self.hook_timer >= self.hook_s - 1e-9:
            place = self.standing_at()
            if place is not None:
                if self.hook and self.hooked is None:
                    c = self._resting_at(place)
                    if c is not None:
                        self.hooked = c
                        if c is self.stand:
                            self.stand = None
                elif not self.hook and self.hooked is not None:
                    self._set_down(place)
        c = self.hooked
        if c is not None:
            c.z = max(0.0, hoist.pos)
            if c.lifted_off_at is None and c.z > self.bottom_mm + 20.0:
                c.lifted_off_at = self.time_s
                if c.loaded_at is not None and self.loaded_count < len(self.orders):
                    self.next_at = self.time_s + self.orders[self.loaded_count][0]
            self._liquid(c, dt)
            self._collision(c)
        for t in self._tanks:
            r = t.carrier
            if r is not None and r is not c:
                r.immersed_s += dt
                r.immersions[-1][2] = r.immersed_s
        self._show_all()

    def _set_down(self, place) -> None:
        kind, i = place
        c = self.hooked
        if kind == "unload":
            c.out_at = self.time_s
            self.out.append(c)
        elif kind == "load":
            if self.stand is not None:
                return
            self.stand = c
        elif self.tanks[i].carrier is not c:
            return          # over a tank it is not immersed in (another carrier's): stays on the hook
        c.z = 0.0
        self.hooked = None

    def _liquid(self, c: Carrier, dt: float) -> None:
        if c.tank is None and c.z >= self.liquid_mm:
            return                  # up in the air: nothing can change
        near = self.place_near(50.0)
        tank = near[1] if near is not None and near[0] == "tank" else None
        wet = tank is not None and c.z < self.liquid_mm
        if c.tank is not None and not wet:
            c.left_liquid_at, c.left_mm = self.time_s, self.trolley_mm()
            self.tanks[c.tank].carrier = None
            c.tank = None
        elif c.tank is None and wet and self.tanks[tank].carrier is None:
            c.tank, c.immersed_s = tank, 0.0
            c.immersions.append([tank, self.time_s, 0.0])
            self.tanks[tank].carrier = c
        if c.tank is not None:
            c.immersed_s += dt
            c.immersions[-1][2] = c.immersed_s

    def _collision(self, c: Carrier) -> None:
        if c.z >= self.rim_mm:
            self._colliding = False
            return
        near = self.place_near(150.0)
        other = None
        if near is not None and c.z < self.rim_mm:
            kind, i = near
            if kind == "load":
                other = self.stand
            elif kind == "tank":
                other = self.tanks[i].carrier
                other = None if other is c else other
        if other is not None and not self._colliding:
            where = "the load stand" if near[0] == "load" else f"tank {near[1] + 1}"
            self.collisions.append(f"carrier {c.number} lowered onto carrier {other.number} in {where} "
                                   f"at {self.time_s:.2f} s")
        self._colliding = other is not None

    # -- drawing ------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "trolley_mm": self.trolley_mm(), "hoist_mm": self.hoist_mm(),
                "stand": None if self.stand is None else self.stand.number,
                "hooked": None if self.hooked is None else self.hooked.number,
                "hook": self.hook, "out": len(self.out), "collisions": len(self.collisions),
                "tank_carriers": [None if t.carrier is None else t.carrier.number for t in self.tanks]}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x + self.load_mm - 200.0, self.y - 80.0),
                (self.x + self.unload_mm + 200.0, self.y + 600.0)]

    def _carrier(self, pen, x: float, z: float, number: int, colour="PART") -> None:
        h = self.carrier_mm
        pen.rect_rotated(x, self.y + z + h / 2, 200.0, h, 0.0, colour)
        pen.line((x - 100.0, self.y + z + h), (x + 100.0, self.y + z + h), "FRAME", 3)  # the flight bar
        pen.text(str(number), *pen.px(x, self.y + z + h / 2), "TEXT_DARK", 11, screen=True)

    def draw(self, pen) -> None:
        s = self.state()
        for mm, text in ((self.load_mm, "load"), (self.unload_mm, f"unload  out {s['out']}")):
            stand = pen.rect_rotated(self.x + mm, self.y - 20.0, 260.0, 40.0, 0.0, "MACHINE_FLOOR", border=0)
            pen.label(text, self.x + mm, self.y - 55.0)
        pen.circle(self.x + self.load_mm + 140.0, self.y + 20.0, 7,
                   "LIT" if s["stand"] is not None else "UNLIT",
                   min_px=3)
        if s["stand"] is not None:
            self._carrier(pen, self.x + self.load_mm, 0.0, s["stand"])
        for t, number in zip(self.tanks, s["tank_carriers"], strict=True):
            if number is not None and number != s["hooked"]:
                self._carrier(pen, self.x + t.at_mm, 0.0, number, "HELD")
        hx, hz = self.x + s["trolley_mm"], s["hoist_mm"]
        top = self.y + hz + self.carrier_mm + 40.0
        pen.line((hx - 60.0, top), (hx + 60.0, top), "ON" if s["hook"] else "ROD", 4)   # the hook bar
        if s["hooked"] is not None:
            self._carrier(pen, hx, hz, s["hooked"], "HELD")
        if s["collisions"]:
            pen.label(f"collisions {s['collisions']}", self.x + self.unload_mm, self.y + 560.0, "FAULT")
        pen.hot(self.name, self.kind, stand)
