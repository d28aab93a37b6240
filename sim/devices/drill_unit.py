"""Drill unit: a drill on a servo Z feed and a VFD spindle, cutting holes into a part.

The unit ties together a Z axis (a sim.devices.axis.Axis named by `z`, 0 mm = the drill at its
home above the part, positive down: its position is the drill tip's), a spindle motor (a
sim.devices.vfd_motor.VFDMotor named by `spindle`) and the holes of the part under it (one Hole
per nest of a sim.devices.rotary.RotaryTable named by `table`, nest 1 first; without a table
one hole). It reads them after they stepped and works out the cut:

- the part's top face lies at the hole's `surface_mm`; the tip below it and below the deepest
  point cut so far (`bottom_mm`) removes material;
- the cutting torque grows with the feed per revolution (tip travel / spindle revolutions) over
  the drill point's `point_mm` as it enters: `kc_nm_per_mm_rev` x feed per rev x the share of the
  point in the material; the chips packed in the flutes add `kchip_nm_mm2` x L^2, L the depth
  cut since the drill last left the hole (a retract out of the hole clears them); both scale with
  the hole's drill `wear` (1 = sharp);
- inside the hole but not cutting the turning drill has a small drag torque; in the air none;
- over `break_nm` the drill breaks (`broken`: it cuts no more, its torque reads 0); feeding into
  the material with the spindle not turning breaks it at once.
The torque word (0.01 Nm) is the spindle drive's torque estimate with seeded noise of up to
`noise_nm`; `torque_nm` is the truth judges read.

    unit = plant.add(DrillUnit("drill", z="z", spindle="spindle", holes=[Hole(surface_mm=50.0)]))
    unit.read("torque")
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.plant import Device


@dataclass(frozen=True)
class Hole:
    """Where a hole's part face is (tip position, mm below home) and how worn its drill is."""

    surface_mm: float = 50.0
    wear: float = 1.0


class HoleState:
    """A hole as the drill leaves it: the deepest point cut, the chips in the flutes, the most
    torque it took, whether the drill broke in it."""

    def __init__(self, hole: Hole):
        self.hole = hole
        self.bottom_mm = hole.surface_mm
        self.chips_mm = 0.0
        self.max_torque_nm = 0.0
        self.broken = False

    @property
    def depth_mm(self) -> float:
        """How deep the hole is below the part's face."""
        return self.bottom_mm - self.hole.surface_mm

    def state(self) -> dict[str, Any]:
        return {"surface_mm": self.hole.surface_mm, "bottom_mm": self.bottom_mm, "depth_mm": self.depth_mm,
                "chips_mm": self.chips_mm, "broken": self.broken, "wear": self.hole.wear}


class DrillUnit(Device):
    """Signals: torque (0.01 Nm, INT), cutting (the drill removes material this step). The Z axis
    and the spindle keep their own signals and commands."""

    kind = "drill_unit"
    layer = 4
    signals = ("torque", "cutting")

    def __init__(self, name: str, *, z: str, spindle: str, holes, table: str | None = None, x: float = 0.0,
                 y: float = 0.0, kc_nm_per_mm_rev: float = 12.5, kchip_nm_mm2: float = 0.05,
                 point_mm: float = 0.6, drag_nm: float = 0.1, break_nm: float = 10.0, noise_nm: float = 0.03,
                 diameter_mm: float = 8.0, part_mm: float = 60.0, label: str = ""):
        super().__init__(name)
        if point_mm <= 0 or break_nm <= 0 or kc_nm_per_mm_rev <= 0 or kchip_nm_mm2 < 0:
            raise ValueError(f"{name}: point_mm, break_nm and kc must be positive, kchip not negative")
        self.z_name, self.spindle_name, self.table_name = z, spindle, table
        self.holes = [HoleState(h if isinstance(h, Hole) else Hole(**h)) for h in holes]
        if not self.holes:
            raise ValueError(f"{name}: needs at least one hole")
        self.x, self.y = float(x), float(y)
        self.kc, self.kchip = float(kc_nm_per_mm_rev), float(kchip_nm_mm2)
        self.point_mm, self.drag_nm = float(point_mm), float(drag_nm)
        self.break_nm, self.noise_nm = float(break_nm), float(noise_nm)
        self.diameter_mm, self.part_mm = float(diameter_mm), float(part_mm)
        self.label = label or name
        self.torque_nm = 0.0
        self.torque_seen = 0.0
        self.cutting = False
        self.broken = False
        self.last_tip: float | None = None
        self._z = self._spindle = self._table = None

    def _devices(self):
        if self._z is None:
            self._z = self.plant[self.z_name]
            self._spindle = self.plant[self.spindle_name]
            self._table = self.plant[self.table_name] if self.table_name else None
        return self._z, self._spindle, self._table

    def hole_under(self) -> int | None:
        """Index of the hole under the drill (None while the table is between nests)."""
        _, _, table = self._devices()
        if table is None:
            return 0
        if not table.aligned:
            return None
        return (table.station - 1) % len(self.holes)

    @property
    def hole(self) -> HoleState | None:
        i = self.hole_under()
        return None if i is None else self.holes[i]

    def read(self, signal: str) -> Any:
        if signal == "torque":
            w = int(round(self.torque_seen * 100.0))
            return 32767 if w > 32767 else w
        if signal == "cutting":
            return self.cutting
        return super().read(signal)

    # -- physics ------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        z, spindle, _ = self._devices()
        tip = z.pos
        h = self.hole
        self.cutting = False
        t = 0.0
        if h is not None and not self.broken and tip > h.hole.surface_mm:
            if tip > h.bottom_mm:
                dz = tip - h.bottom_mm
                h.bottom_mm = tip
                h.chips_mm += dz
                self.cutting = True
                rev = max(spindle.rpm, 0.0) / 60.0 * dt
                engaged = min(1.0, (tip - h.hole.surface_mm) / self.point_mm)
                if rev <= 1e-9:
                    t = math.inf                    # fed into the material standing still
                else:
                    t = h.hole.wear * (self.kc * dz / rev * engaged + self.kchip * h.chips_mm ** 2)
            elif spindle.rpm != 0.0:
                t = self.drag_nm
        elif h is not None and tip <= h.hole.surface_mm:
            h.chips_mm = 0.0                        # out of the hole: the chips are thrown off
        if h is not None:
            h.max_torque_nm = max(h.max_torque_nm, t)
            if t > self.break_nm:
                h.broken = self.broken = True
                t = 0.0
        self.torque_nm = t
        noise = self.plant.rng.uniform(-self.noise_nm, self.noise_nm) if self.noise_nm and t > 0 else 0.0
        self.torque_seen = max(0.0, t + noise)
        self.last_tip = tip

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "torque_nm": self.torque_nm, "cutting": self.cutting,
                "broken": self.broken, "under": self.hole_under() if self.plant is not None else None,
                "holes": [h.state() for h in self.holes], "label": self.label, "break_nm": self.break_nm}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 140.0, self.y - 20.0), (self.x + 160.0, self.y + 40.0)]

    def draw(self, pen) -> None:
        s = self.state()
        z, spindle, table = self._devices()
        x, y = s["x"], s["y"]           # (x, y): the plant point of the tip at z = 0 (home)
        under = s["under"]
        h = s["holes"][under] if under is not None else None
        # the part in section under the drill (side view, z down), its hole drilled so far
        face = h["surface_mm"] if h else 50.0
        top = y - face
        pen.rect_rotated(x, top - self.part_mm / 2, 200.0, self.part_mm, 0.0, "MACHINE_FLOOR")
        pen.rect_rotated(x, top - self.part_mm / 2, 200.0, self.part_mm, 0.0, "FRAME", border=2)
        if h and h["depth_mm"] > 0:
            d = h["depth_mm"]
            pen.rect_rotated(x, top - d / 2, self.diameter_mm, d, 0.0, "FAULT" if h["broken"] else "GUIDE")
        # the drill: body from the tip up to the spindle, lit while it cuts
        tip = y - z.pos
        pen.rect_rotated(x, tip + 30.0, self.diameter_mm, 60.0, 0.0,
                         "FAULT" if s["broken"] else ("LIT" if s["cutting"] else "ROD"))
        pen.poly([(x - self.diameter_mm / 2, tip + 1.5), (x + self.diameter_mm / 2, tip + 1.5), (x, tip)],
                 "FAULT" if s["broken"] else "ROD")
        # torque bar, with the 70 % retract line and the breaking torque
        bx, by0, bh = x + 130.0, top - self.part_mm, 120.0
        f = max(0.0, min(1.0, s["torque_nm"] / s["break_nm"]))
        pen.rect_rotated(bx, by0 + bh / 2, 14.0, bh, 0.0, "UNLIT")
        if f > 0.002:
            pen.rect_rotated(bx, by0 + f * bh / 2, 14.0, f * bh, 0.0, "FAULT" if f >= 0.7 else "BUSY")
        pen.line((bx - 12.0, by0 + 0.7 * bh), (bx + 12.0, by0 + 0.7 * bh), "TARGET", 2)
        pen.line((bx - 12.0, by0 + bh), (bx + 12.0, by0 + bh), "FAULT", 2)
        pen.label(f"{s['torque_nm']:.2f} Nm", bx, by0 + bh + 12.0, "FAULT" if s["broken"] else "LABEL")
        depth = f"hole {under + 1}: {h['depth_mm']:.2f} mm deep" if h else "between holes"
        pen.label(f"{s['label']}  {depth}" + ("  DRILL BROKEN" if s["broken"] else ""), x,
                  top - self.part_mm - 14.0,
                  "FAULT" if s["broken"] else "LABEL")
        if table is not None:
            for k, hs in enumerate(self.holes, start=1):
                nx, ny = table.nest_position(k)
                col = ("FAULT" if hs.broken else "ON" if hs.depth_mm > 0.5 and hs.chips_mm == 0.0 else
                       "BUSY" if hs.depth_mm > 0 else "PART")
                pen.circle(nx, ny, 12.0, col)
                pen.circle(nx, ny, 12.0, "FRAME", width=2)
        pen.hot(self.name, self.kind, [pen.px(x - 100.0, top), pen.px(x + 100.0, top - self.part_mm)], pad=6)
