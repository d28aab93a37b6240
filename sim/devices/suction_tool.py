"""A suction tool on a gantry's Z ram, with a touch-down switch: picks cartons off a pallet and
sets them down on an outfeed belt.

The tool hangs under the gantry's tool point (sim.devices.gantry.Gantry: X, Y, Z in mm, Z up).
Its suction pad rides on a spring (COMPLIANCE_MM of travel): when the underside of the pad (or
of the carton it holds) comes down onto something, the spring gives; the touch-down switch
(`touch_down`) closes once the spring is pressed TOUCH_MM and stays closed while it is. Pressed
more than COMPLIANCE_MM the ram crushes what is under it: logged in `crushes` (time, what, mm).

What lies under the tool (the first surface it meets): a carton column or the deck of the
pallet (sim.devices.carton_pallet.CartonPallet.surface_at), the outfeed belt's surface at
`belt_mm` or a carton lying on it (its height_mm), else the floor (0).

Command `vacuum` (TRUE: the ejector sucks). Signal `vacuum_ok` (the vacuum switch: TRUE while
the pad's vacuum is at the switching level). With the pad sealed (the vacuum on and the pad
pressed on a carton, or holding one) the vacuum rises so that vacuum_ok comes `build_s` after it
is switched on, or `leak_build_s` on a leaky carton's top; not sealed, it decays to nothing in
`release_s`. The tool takes the carton along when it lifts off it with vacuum_ok on; with less
it leaves it (logged in `left_behind` when the vacuum was on). A held carton is let go when the
vacuum falls below the switching level: resting on the outfeed belt within `place_tol_mm` of the
place point, it is set down there (a sim.devices.workpiece.Workpiece the belt carries, released
through the `feeder`, and logged in `placed` with whether it came down on another carton);
anywhere else it falls (`dropped`).

    tool = plant.add(SuctionTool("tool", gantry="gantry", pallet="pallet", belt="outfeed",
                                 feeder="set_down", belt_mm=700, place=(1800, 500), build_s=0.3,
                                 leak_build_s=1.5, release_s=0.15))
"""

from __future__ import annotations

from typing import Any

from sim.devices.carton_pallet import Carton, CartonPallet
from sim.devices.conveyor import Conveyor
from sim.devices.gantry import Gantry
from sim.devices.workpiece import Feeder, material_flow
from sim.plant import Device

OK_LEVEL = 0.7          # the vacuum switch's point (share of full vacuum)
TOUCH_MM = 5.0          # spring travel at which the touch-down switch closes
COMPLIANCE_MM = 25.0    # the spring's whole travel: pressed further, the ram crushes
PAD_MM = 220.0          # the pad's size seen from above


class SuctionTool(Device):
    kind = "suction_tool"
    layer = 6
    signals = ("touch_down", "vacuum_ok")
    commands = ("vacuum",)

    def __init__(self, name: str, *, gantry: str, pallet: str, belt: str, feeder: str, belt_mm: float,
                 place: tuple[float, float], build_s: float = 0.3, leak_build_s: float = 1.5,
                 release_s: float = 0.15, place_tol_mm: float = 40.0, label: str = ""):
        super().__init__(name)
        if min(build_s, leak_build_s, release_s) <= 0:
            raise ValueError(f"{name}: build_s, leak_build_s and release_s must be positive")
        self.names = (gantry, pallet, belt, feeder)
        self.belt_mm = float(belt_mm)
        self.place = (float(place[0]), float(place[1]))
        self.build_s, self.leak_build_s = float(build_s), float(leak_build_s)
        self.release_s = float(release_s)
        self.place_tol_mm = float(place_tol_mm)
        self.label = label or name
        self.vacuum = False
        self.level = 0.0
        self.held: Carton | None = None
        self.held_mm = 0.0                     # the held carton's height
        self.pressed_mm = 0.0                  # how far the spring is pressed (0: free)
        self.under = "floor"                   # what the underside rests on or would meet
        self.time = 0.0
        self.placed: list[tuple[float, Carton, bool]] = []   # (time, carton, on another carton)
        self.dropped: list[tuple[float, Carton]] = []
        self.left_behind: list[tuple[float, Carton]] = []
        self.crushes: list[tuple[float, str, float]] = []
        self._contact: Carton | None = None    # the pallet carton the pad rests on
        self._crushing = False
        self.gantry: Gantry | None = None
        self.pallet: CartonPallet | None = None
        self.belt: Conveyor | None = None
        self.feeder: Feeder | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        g, p, b, f = self.names
        self.gantry, self.pallet = plant.device(g, Gantry), plant.device(p, CartonPallet)
        self.belt, self.feeder = plant.device(b, Conveyor), plant.device(f, Feeder)

    # -- where the tool is ----------------------------------------------------------------
    @property
    def underside_mm(self) -> float:
        """Height of the pad's underside, or of the held carton's bottom."""
        return self.gantry.tool_z - self.held_mm

    def over_belt(self, x: float, y: float) -> bool:
        b = self.belt
        dx, dy = x - b.x, y - b.y
        along, across = dx * b.ux + dy * b.uy, -dx * b.uy + dy * b.ux
        return abs(along) <= b.half_length and abs(across) <= b.half_width

    def at_place(self) -> bool:
        x, y, _ = self.gantry.tool_point()
        return abs(x - self.place[0]) <= self.place_tol_mm and abs(y - self.place[1]) <= self.place_tol_mm

    def belt_carton_at(self, x: float, y: float):
        for part in material_flow(self.plant).parts:
            if part.removed or part.holder is not None:
                continue
            px, py = part.xy()
            if abs(px - x) <= part.length / 2 and abs(py - y) <= part.width / 2:
                return part
        return None

    def surface(self) -> tuple[float, str]:
        """Height and name of what the tool meets first coming straight down where it stands."""
        x, y, _ = self.gantry.tool_point()
        pallet = self.pallet
        # pallet.surface_at(x, y), with the slot it finds kept for the carton on top
        slot = pallet.slot_at(x, y)
        if slot is not None:
            carton = pallet.top_carton(slot)
            return pallet.column_top(slot), (f"carton {carton.number}" if carton is not None
                                             else "the pallet's deck")
        if pallet.on_deck(x, y):
            return pallet.deck_mm, "the pallet's deck"
        if self.over_belt(x, y):
            part = self.belt_carton_at(x, y)
            if part is not None:
                return self.belt_mm + part.height_mm, f"carton {part.name} on the belt"
            return self.belt_mm, "the outfeed belt"
        return 0.0, "the floor"

    # -- device interface ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "vacuum":
            self.vacuum = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "touch_down":
            return self.pressed_mm >= TOUCH_MM
        if signal == "vacuum_ok":
            return self.level >= OK_LEVEL
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.time += dt
        height, self.under = self.surface()
        pressed = height - self.underside_mm
        self.pressed_mm = max(0.0, pressed)
        if pressed > COMPLIANCE_MM:
            if not self._crushing:
                self.crushes.append((round(self.time, 3), self.under, round(pressed, 1)))
            self._crushing = True
        else:
            self._crushing = False
        # the pallet carton the pad rests on
        contact = None
        if self.held is None and pressed > 0.0:
            x, y, _ = self.gantry.tool_point()
            slot = self.pallet.slot_at(x, y)
            contact = self.pallet.top_carton(slot) if slot is not None else None
        if self._contact is not None and contact is None and self.held is None:
            # the pad lifted off the carton it rested on: it takes it along with the vacuum it had
            if self.level >= OK_LEVEL:
                self.held = self.pallet.take(self._contact.slot)
                self.held_mm = self.pallet.carton_mm
            elif self.vacuum:
                self.left_behind.append((round(self.time, 3), self._contact))
        self._contact = contact
        sealed = self.vacuum and (self.held is not None or contact is not None)
        if sealed:
            carton = self.held or contact
            build = self.leak_build_s if carton.leaky else self.build_s
            self.level = min(1.0, self.level + OK_LEVEL / build * dt)
        else:
            self.level = max(0.0, self.level - dt / self.release_s)
        if self.held is not None and self.level < OK_LEVEL:
            self._let_go(height)

    def _let_go(self, height: float) -> None:
        carton, self.held = self.held, None
        resting = self.underside_mm <= height + 1e-6
        x, y, _ = self.gantry.tool_point()
        if resting and self.at_place() and self.over_belt(x, y):
            on_carton = self.under != "the outfeed belt"
            self.placed.append((round(self.time, 3), carton, on_carton))
            size = self.pallet.carton_size
            self.feeder.x, self.feeder.y = x, y
            self.feeder.release({"name": f"carton{carton.number}", "part_kind": "carton", "colour": "orange",
                                 "material": "plastic", "height_mm": self.held_mm, "width": size[1],
                                 "length": size[0], "mass": 2.0})
        else:
            self.dropped.append((round(self.time, 3), carton))
        self.held_mm = 0.0

    # -- drawing -----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        x, y, z = self.gantry.tool_point() if self.gantry is not None else (0.0, 0.0, 0.0)
        ox, oy = self.gantry.origin if self.gantry is not None else (0.0, 0.0)
        size = self.pallet.carton_size if self.pallet is not None else (500.0, 350.0)
        return {"x": ox + x, "y": oy + y, "z": z, "vacuum": self.vacuum, "vacuum_ok": self.level >= OK_LEVEL,
                "level": self.level, "touch_down": self.pressed_mm >= TOUCH_MM,
                "held": None if self.held is None else self.held.number, "carton_size": size,
                "label": self.label, "under": self.under}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x"] - PAD_MM, s["y"] - PAD_MM), (s["x"] + PAD_MM, s["y"] + PAD_MM)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        if s["held"] is not None:
            cl, cw = s["carton_size"]
            pen.rect_rotated(x, y, cl, cw, 0.0, pen.rgb("orange"))
            pen.rect_rotated(x, y, cl, cw, 0.0, pen.shade(pen.rgb("orange"), 0.5), border=2)
        col = "LIT" if s["vacuum_ok"] else ("ON" if s["vacuum"] else "JAW")
        pad = pen.rect_rotated(x, y, PAD_MM, PAD_MM * 0.6, 0.0, col, border=3)
        pen.rect_rotated(x, y, PAD_MM * max(0.1, s["level"]), 12, 0.0, pen.shade(col, 0.6))
        pen.circle(x + PAD_MM / 2 + 16, y, 12, "LIT" if s["touch_down"] else "UNLIT")
        state = "vacuum OK" if s["vacuum_ok"] else ("sucking" if s["vacuum"] else "off")
        held = f", carton {s['held']}" if s["held"] is not None else ""
        touch = ", touch-down" if s["touch_down"] else ""
        pen.label(f"{s['label']}: Z {s['z']:.0f} mm, {state}{held}{touch}", x, y - PAD_MM / 2 - 30)
        pen.hot(name, self.kind, pad, pad=8)
