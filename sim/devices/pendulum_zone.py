"""A load zone of a pendulum machine: a fixture the gantry machines while the operator reloads
the other zone.

A pendulum (two-station) machining cell has one gantry (sim.devices.gantry.Gantry) over two
fixtures; while the tool drills the part in one zone, the operator unloads and reloads the
other behind its light curtain (sim.devices.light_curtain.LightCurtain). The zone is the
fixture, its part and the operator who serves it:

- the fixture's part sensor (signal `part_present`, TRUE while a part lies in the fixture) and
  the work points of the part (gantry X/Y in mm, drilled in order 1..N); a point is drilled
  when the tool reaches the bottom of its stroke (the gantry's Z cylinder fully down) standing
  within `point_tol_mm` of it with a part in the fixture;
- the clamp is a library Cylinder (extended = clamped); the zone only reads it;
- the operator: `first_load_s` after power-up (unless a part lies there at power-up) steps into
  the curtain for `load_s`, leaves a new part and presses the zone's Ready button (a PushButton)
  `ready_s` later for 0.3 s. Once a part is finished (every point drilled), its clamp open and
  the tool out of the zone (`x_range`: the tool X band of the zone), the operator comes
  `react_s` later, stands in the curtain `swap_s` (takes the finished part away at once, puts
  the next one in as he leaves, if `parts` are not all loaded yet) and presses Ready again.
- `intrusions`: (n, delay_s, stay_s) or (n, delay_s, stay_s, approach): while the zone's n-th
  part (1-based) is being machined, `delay_s` after the tool first entered the zone for it,
  someone reaches into the zone for `stay_s` (the curtain breaks with the tool inside), unless
  that part is finished by then. With `approach` TRUE they step in instead while the gantry is
  on its way into the zone for that part: the tool still outside, moving toward the zone and
  `approach_mm` (lo, hi) from its edge (a gantry able to stop before the edge must).

- `crooked`: the numbers of the parts the operator seats crooked (on a chip, not down on its
  locators). The clamp's jaw meets the part's raised edge: the zone stalls the clamp's rod at
  `crooked_stall` of its stroke (the clamp's own 'never_extends' stall, set while that part lies
  there), so its closed switch never comes on. Once the rod has stalled against it the part is
  `misseated`; when the clamp is fully open again and the tool out of the zone the operator comes
  `react_s` later (he waits again while the clamp leaves fully open or the tool comes in), stands
  in the curtain `reseat_s` re-seating it (its Ready is void: `readied` drops), and presses Ready
  again `ready_s` after leaving; the part then lies right and the clamp closes.

At power-up a part may lie in the fixture (`part_at_power_up`, counted as the first part and
ready: its Ready was pressed before), `drilled_at_power_up` of its points already drilled (a
part drilled at power-up was clamped: it cannot be crooked).

    zone = plant.add(PendulumZone("zone_a", gantry="gantry", clamp="clamp_a", curtain="curtain_a",
                                  ready="ready_a", points=((150, 120), (350, 120)), x_range=(-50, 500),
                                  parts=3, first_load_s=0.0, load_s=4.0, swap_s=6.0))
    zone.read("part_present")
"""

from __future__ import annotations

from typing import Any

from sim.devices.gantry import Gantry
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import PushButton
from sim.devices.pneumatics import Cylinder
from sim.plant import Device

PRESS_S = 0.3


class PendulumZone(Device):
    """Fixture, part and operator of one load zone. Signal 'part_present'. For judges:
    `part` (the part in the fixture: number, drilled points) or None, `readied` (its Ready has
    been given), `ready_at` (when; -1 before power-up), `finished` (numbers of the finished
    parts, in order), `removed` (numbers taken away), `tool_inside()`, `next_point()` (1-based
    index of the first undrilled point, or 0)."""

    kind = "pendulum_zone"
    layer = 3
    signals = ("part_present",)

    def __init__(self, name: str, *, gantry: str, clamp: str, curtain: str, ready: str,
                 points: tuple[tuple[float, float], ...], x_range: tuple[float, float], parts: int = 3,
                 part_at_power_up: bool = False, drilled_at_power_up: int = 0, first_load_s: float = 0.0,
                 load_s: float = 4.0, swap_s: float = 6.0, react_s: float = 1.0, ready_s: float = 1.0,
                 intrusions: tuple[tuple, ...] = (), point_tol_mm: float = 0.5,
                 approach_mm: tuple[float, float] = (120.0, 350.0), crooked: tuple[int, ...] = (),
                 crooked_stall: float = 0.5, reseat_s: float = 3.0, label: str = ""):
        super().__init__(name)
        if not points:
            raise ValueError(f"{name}: a zone needs at least one work point")
        if not 0 <= drilled_at_power_up <= len(points):
            raise ValueError(f"{name}: drilled_at_power_up must be 0..{len(points)}")
        if drilled_at_power_up and part_at_power_up and 1 in crooked:
            raise ValueError(f"{name}: a part drilled at power-up was clamped: it cannot be crooked")
        if not 0.0 < crooked_stall < 1.0:
            raise ValueError(f"{name}: crooked_stall must be a fraction of the clamp's stroke")
        self.gantry_name, self.clamp_name, self.curtain_name, self.ready_name = gantry, clamp, curtain, ready
        self.points = tuple((float(x), float(y)) for x, y in points)
        self.x_range = (float(x_range[0]), float(x_range[1]))
        self.parts = int(parts)
        self.first_load_s, self.load_s, self.swap_s = float(first_load_s), float(load_s), float(swap_s)
        self.react_s, self.ready_s = float(react_s), float(ready_s)
        self.intrusions = {int(i[0]): (float(i[1]), float(i[2]), bool(i[3]) if len(i) > 3 else False)
                           for i in intrusions}
        self.approach_mm = (float(approach_mm[0]), float(approach_mm[1]))
        self.point_tol_mm = float(point_tol_mm)
        self.crooked = frozenset(int(n) for n in crooked)
        self.crooked_stall, self.reseat_s = float(crooked_stall), float(reseat_s)
        self.misseated = False                 # the clamp's rod stalled against a crooked part
        self.reseated: list[tuple[float, int]] = []   # (time, part) of every re-seating done
        self.label = label or name
        self.time = 0.0
        self.loaded = 0                        # parts put in so far
        self.part: dict[str, Any] | None = None
        self.readied = False
        self.ready_at: float | None = None
        self.finished: list[int] = []
        self.removed: list[int] = []
        self.drill_log: list[tuple[float, int, int]] = []   # (time, part, point) of every bottoming
        # away, loading, to_ready, pressing, waiting, coming, swapping, to_reseat, reseating, done
        self.operator = "away"
        self.until = self.first_load_s
        self.person_in = False
        self.intruding_until: float | None = None
        self.entered_at: float | None = None   # when the tool entered for the current part
        self._intruded: set[int] = set()
        self._was_bottom: bool | None = None
        self._z_rod = False
        self._next, self._finished = 0, False
        if part_at_power_up:
            self._new_part(drilled_at_power_up)
            self.readied, self.ready_at = True, -1.0
            self.operator = "waiting"
        self.gantry: Gantry | None = None
        self.clamp: Cylinder | None = None
        self.curtain: LightCurtain | None = None
        self.ready: PushButton | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.gantry = plant.device(self.gantry_name, Gantry)
        self.clamp = plant.device(self.clamp_name, Cylinder)
        self.curtain = plant.device(self.curtain_name, LightCurtain)
        self.ready = plant.device(self.ready_name, PushButton)
        self._z_rod = isinstance(self.gantry.z, Cylinder)   # how the drill's bottom shows (see _drill)
        self._clamp_fault = (self.clamp.fault, self.clamp.stall_fraction)   # the clamp's own, restored
        if self.crooked_now and self.clamp.position > 0.0:
            raise ValueError(f"{self.name}: a crooked part lies under a clamp that is not open")
        self._seat()

    def _new_part(self, drilled: int = 0) -> None:
        self.loaded += 1
        self.part = {"number": self.loaded, "drilled": [i < drilled for i in range(len(self.points))],
                     "crooked": self.loaded in self.crooked}
        self.readied, self.ready_at, self.entered_at = False, None, None
        self.misseated = False
        self._recount()
        self._seat()

    def _seat(self) -> None:
        """The clamp's rod stalls short while a crooked part lies in the fixture."""
        c = getattr(self, "clamp", None)
        if c is None:
            return                      # before attach: attach seats the part at power-up
        if self.part is not None and self.part["crooked"]:
            c.fault, c.stall_fraction = "never_extends", self.crooked_stall
        else:
            c.fault, c.stall_fraction = self._clamp_fault

    def _recount(self) -> None:
        # the next undrilled point and whether the part is finished, kept once per change (judges
        # ask every scan)
        drilled = self.part["drilled"] if self.part is not None else ()
        self._next = next((i + 1 for i, done in enumerate(drilled) if not done), 0)
        self._finished = self.part is not None and self._next == 0

    # -- for judges -------------------------------------------------------------------------
    def tool_inside(self, x: float | None = None) -> bool:
        tx = self.gantry.x.pos if x is None else x
        lo, hi = self.x_range
        return lo <= tx <= hi

    def next_point(self) -> int:
        return self._next

    def _approaching(self) -> bool:
        """The tool outside the zone, moving toward it, approach_mm from its edge."""
        x, v = self.gantry.x.pos, self.gantry.x.vel
        lo, hi = self.x_range
        if self.tool_inside():
            return False
        gap, toward = (x - hi, v < 0.0) if x > hi else (lo - x, v > 0.0)
        return toward and self.approach_mm[0] <= gap <= self.approach_mm[1]

    @property
    def crooked_now(self) -> bool:
        """A crooked part lies in the fixture (not yet re-seated)."""
        return self.part is not None and self.part["crooked"]

    @property
    def part_finished(self) -> bool:
        return self._finished

    def point_at_tool(self) -> int:
        """1-based index of the work point the tool stands over (within point_tol_mm), or 0."""
        tx, ty, _ = self.gantry.tool_point()
        for i, (px, py) in enumerate(self.points):
            if abs(tx - px) <= self.point_tol_mm and abs(ty - py) <= self.point_tol_mm:
                return i + 1
        return 0

    def read(self, signal: str) -> Any:
        if signal == "part_present":
            return self.part is not None
        return super().read(signal)

    # -- physics and the operator -----------------------------------------------------------
    def _drill(self) -> None:
        z = self.gantry.z
        bottom = z.position >= z.stroke if self._z_rod else self.gantry.tool_z <= 0.0
        was, self._was_bottom = self._was_bottom, bottom
        if was is None:
            return                      # the tool standing at the bottom at power-up drills nothing new
        if bottom and not was and self.part is not None:
            k = self.point_at_tool()
            if k:
                self.drill_log.append((self.time, self.part["number"], k))
                self.part["drilled"][k - 1] = True
                self._recount()

    def step(self, dt: float) -> None:
        self.time += dt
        t = self.time
        self._drill()
        part = self.part
        if part is not None and part["crooked"] and not self.misseated:
            c = self.clamp
            if c.heading_out and c.position >= c.stroke * self.crooked_stall - 1e-9:
                self.misseated = True   # the jaw stands on the part's raised edge
        if self.part is not None and self.readied and not self.part_finished:
            if self.entered_at is None and self.tool_inside():
                self.entered_at = t
            n = self.part["number"]
            if n in self.intrusions and n not in self._intruded:
                delay, stay, approach = self.intrusions[n]
                if approach:
                    due = self._approaching()
                else:
                    due = self.entered_at is not None and t >= self.entered_at + delay - 1e-9
                if due:
                    self._intruded.add(n)
                    self.intruding_until = t + stay
        if self.intruding_until is not None and t >= self.intruding_until - 1e-9:
            self.intruding_until = None
        op = self.operator
        if op == "away" and t >= self.until - 1e-9:
            self.operator, self.until = "loading", t + self.load_s
        elif op == "loading" and t >= self.until - 1e-9:
            self._new_part()
            self.operator, self.until = "to_ready", t + self.ready_s
        elif op == "to_ready" and t >= self.until - 1e-9:
            self.ready.operate(True)
            self.readied, self.ready_at = True, t
            self.operator, self.until = "pressing", t + PRESS_S
        elif op == "pressing" and t >= self.until - 1e-9:
            self.ready.operate(False)
            self.operator = "waiting"
        elif op == "waiting":
            if self.part_finished and self.clamp.position <= 0.0 and not self.tool_inside():
                self.operator, self.until = "coming", t + self.react_s
            elif self.misseated and self.clamp.position <= 0.0 and not self.tool_inside():
                self.operator, self.until = "to_reseat", t + self.react_s
        elif op == "to_reseat":
            if self.clamp.position > 0.0 or self.tool_inside():
                self.operator = "waiting"          # not with the clamp moving or the tool in the zone
            elif t >= self.until - 1e-9:
                self.readied, self.ready_at = False, None
                self.operator, self.until = "reseating", t + self.reseat_s
        elif op == "reseating" and t >= self.until - 1e-9:
            self.part["crooked"] = False
            self.misseated = False
            self.entered_at = None
            self.reseated.append((t, self.part["number"]))
            self._seat()
            self.operator, self.until = "to_ready", t + self.ready_s
        elif op == "coming" and t >= self.until - 1e-9:
            self.finished.append(self.part["number"])
            self.removed.append(self.part["number"])
            self.part = None
            self._recount()
            self.operator, self.until = "swapping", t + self.swap_s
        elif op == "swapping" and t >= self.until - 1e-9:
            if self.loaded < self.parts:
                self._new_part()
                self.operator, self.until = "to_ready", t + self.ready_s
            else:
                self.operator = "done"
        self.person_in = (self.operator in ("loading", "swapping", "reseating")
                          or self.intruding_until is not None)
        self.curtain.operate(self.person_in)

    # -- picture ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        ox, oy = self.gantry.origin if self.gantry is not None else (0.0, 0.0)
        part = self.part
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return {"x": ox + (min(xs) + max(xs)) / 2, "y": oy + (min(ys) + max(ys)) / 2,   # the fixture's centre
                "origin": (ox, oy), "points": self.points, "x_range": self.x_range, "label": self.label,
                "part": None if part is None else {"number": part["number"],
                                                   "drilled": list(part["drilled"]),
                                                   "crooked": part["crooked"]},
                "misseated": self.misseated,
                "readied": self.readied, "person": self.person_in, "operator": self.operator,
                "finished": len(self.finished), "parts": self.parts,
                "clamped": self.clamp is not None and self.clamp.position >= self.clamp.stroke}

    def _box(self, s) -> tuple[float, float, float, float]:
        ox, oy = s["origin"]
        xs = [p[0] for p in s["points"]]
        ys = [p[1] for p in s["points"]]
        return (ox + min(xs) - 60, oy + min(ys) - 60, ox + max(xs) + 60, oy + max(ys) + 60)

    def extent(self) -> list[tuple[float, float]]:
        x0, y0, x1, y1 = self._box(self.state())
        return [(x0 - 20, y0 - 120), (x1 + 20, y1 + 20)]

    def draw(self, pen) -> None:
        s = self.state()
        ox, oy = s["origin"]
        x0, y0, x1, y1 = self._box(s)
        # the zone's X band on the table, the fixture plate, and the part with its points
        zx0, zx1 = ox + s["x_range"][0], ox + s["x_range"][1]
        pen.rect_rotated((zx0 + zx1) / 2, (y0 + y1) / 2, zx1 - zx0, y1 - y0 + 60, 0.0, "ZONE", border=1)
        plate = pen.rect_rotated((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, 0.0, "TABLE")
        part = s["part"]
        if part is not None:
            pen.rect_rotated((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0 - 30, y1 - y0 - 30,
                             3.0 if part.get("crooked") else 0.0, pen.rgb("silver"), border=0)
            for (px, py), done in zip(s["points"], part["drilled"], strict=True):
                pen.circle(ox + px, oy + py, 9, "TEXT_DARK" if done else "BUSY", width=0 if done else 2)
            pen.label(f"part {part['number']}" + (" (ready)" if s["readied"] else "")
                      + (" crooked" if part.get("crooked") else ""), (x0 + x1) / 2, y1 - 8)
        else:
            for px, py in s["points"]:
                pen.circle(ox + px, oy + py, 6, "GUARD", width=1)
        pen.circle(x0 + 20, y0 + 20, 8, "LIT" if part is not None else "SENSOR_BODY")   # part sensor
        if s["person"]:
            pen.circle((x0 + x1) / 2, y0 - 80, 28, "FAULT")
            pen.label("operator", (x0 + x1) / 2, y0 - 80, "FAULT", 12, fixed=True)
        pen.label(f"{s['label']}: {s['finished']}/{s['parts']} done" + (" clamped" if s["clamped"] else ""),
                  (x0 + x1) / 2, y0 - 20)
        pen.hot(self.name, self.kind, plate)
