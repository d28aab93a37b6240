"""Walking-beam transfer: a beam under a row of fixed nests that lifts every part one pitch on.

Seen from the side. The nests are part places (sim.devices.machine.PartPlace) in a row, one
pitch apart; the beam lies under them with one pocket per nest but the last. A lift cylinder
raises the beam (all of it) and an advance cylinder moves it one pitch along; both are
sim.devices.pneumatics.Cylinder devices the beam reads by name (their stroke positions).

    up:       the beam's pockets meet the parts at `pick_mm` of the lift's stroke and lift every
              part lying in a nest a pocket stands under (within `align_mm`)
    forward:  the parts ride one pitch on
    down:     at `pick_mm` on the way down each carried part is set into the nest under its
              pocket; a nest still holding a part is a crash (the place's double_placements),
              a pocket under no nest drops its part (`dropped`)
    back:     the empty beam returns under the nests

Stations (sim.devices.stations.TransferStation) stand over some nests: each time one finishes
a work cycle (its `served` count grows) the part lying in its nest is marked worked by it
(`works[part number]`); a cycle with the nest empty works nothing. The beam lifting a part
while a station's tool is in its nest is logged in `tool_hits`.

Parts at power-up may lie on a raised beam (`carried=`, pocket index -> Part) after an
interrupted cycle. Units: mm, s.
"""

from __future__ import annotations

from typing import Any

from sim.devices.machine import Part, PartPlace
from sim.devices.pneumatics import Cylinder
from sim.devices.stations import TransferStation
from sim.drawing import draw_part_record
from sim.plant import Device, Plant


class WalkingBeam(Device):
    kind = "walking_beam"
    layer = 1
    signals = ()
    commands = ()

    def __init__(self, name: str, *, lift: str, advance: str, nests: tuple[str, ...],
                 stations: dict[int, str] | None = None, pitch_mm: float, pick_mm: float,
                 align_mm: float = 3.0, carried: dict[int, Part] | None = None,
                 works: dict[int, list[str]] | None = None, label: str = ""):
        super().__init__(name)
        if len(nests) < 2:
            raise ValueError(f"walking beam {name!r}: needs at least two nests")
        self.lift_name, self.advance_name, self.nest_names = lift, advance, tuple(nests)
        self.station_at = dict(stations or {})
        self.pitch_mm, self.pick_mm, self.align_mm = float(pitch_mm), float(pick_mm), float(align_mm)
        self.label = label or name
        self.pockets: list[Part | None] = [None] * (len(nests) - 1)
        for k, part in (carried or {}).items():
            self.pockets[k] = part
        self.works: dict[int, list[str]] = {k: list(v) for k, v in (works or {}).items()}
        self.dropped: list[tuple[float, Part]] = []
        self.tool_hits = 0
        self.time = 0.0
        self._served: dict[int, int] = {}
        self._last_lift: float | None = None

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        self.lift = plant.device(self.lift_name, Cylinder)
        self.advance = plant.device(self.advance_name, Cylinder)
        self.nests = [plant.device(n, PartPlace) for n in self.nest_names]
        self.stations = {j: plant.device(n, TransferStation) for j, n in self.station_at.items()}
        self._served = {j: st.served for j, st in self.stations.items()}

    # -- what judges read ---------------------------------------------------------------
    @property
    def offset_mm(self) -> float:
        """How far the beam stands forward of its back position (0 .. pitch)."""
        return self.advance.position / self.advance.stroke * self.pitch_mm

    @property
    def raised(self) -> bool:
        """The pockets are above the nests' floor (they carry what they hold)."""
        return self.lift.position >= self.pick_mm

    def nest_under(self, pocket: int) -> int | None:
        """The nest pocket `pocket` stands under, or None between nests."""
        steps = self.offset_mm / self.pitch_mm
        for j in (pocket, pocket + 1):
            if abs(steps - (j - pocket)) * self.pitch_mm <= self.align_mm:
                return j
        return None

    def part_in(self, nest: int) -> Part | None:
        parts = self.nests[nest].parts
        return parts[0] if parts else None

    def worked_by(self, part: Part) -> list[str]:
        return self.works.get(part.number, [])

    @property
    def carried(self) -> int:
        return sum(p is not None for p in self.pockets)

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        for j, st in self.stations.items():
            if st.served > self._served[j]:
                self._served[j] = st.served
                part = self.part_in(j)
                if part is not None:
                    self.works.setdefault(part.number, []).append(self.station_at[j])
        pos, last = self.lift.position, self._last_lift
        self._last_lift = pos
        if last is None:
            return
        if last < self.pick_mm <= pos:
            self._pick_up()
        elif pos < self.pick_mm <= last:
            self._set_down()

    def _pick_up(self) -> None:
        for k in range(len(self.pockets)):
            j = self.nest_under(k)
            if j is None or not self.nests[j].occupied:
                continue
            st = self.stations.get(j)
            if st is not None and st.arm > 0.0:
                self.tool_hits += 1
            if self.pockets[k] is None:
                self.pockets[k] = self.nests[j].take()

    def _set_down(self) -> None:
        for k, part in enumerate(self.pockets):
            if part is None:
                continue
            j = self.nest_under(k)
            self.pockets[k] = None
            if j is None:
                self.dropped.append((self.time, part))
            else:
                self.nests[j].put(part)

    # -- drawing ------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        first = self.nests[0] if hasattr(self, "nests") else None
        x0 = first.x if first is not None else 0.0
        y0 = first.y if first is not None else 0.0
        size = first.size if first is not None else 80.0
        lift = self.lift.position if hasattr(self, "lift") else 0.0
        offset = self.offset_mm if hasattr(self, "advance") else 0.0
        rise = max(0.0, lift - self.pick_mm)
        parts = []
        for k, part in enumerate(self.pockets):
            if part is not None:
                d = part.state()
                d["x"], d["y"] = x0 + k * self.pitch_mm + offset, y0 + rise
                parts.append(d)
        return {"x": x0 + (len(self.pockets) - 1) * self.pitch_mm / 2 + offset, "y": y0 - size / 2,
                "x0": x0, "y0": y0, "size": size, "pitch": self.pitch_mm, "pockets": len(self.pockets),
                "offset": offset, "beam_top": y0 - size / 2 + lift - self.pick_mm, "parts": parts,
                "label": self.label, "dropped": len(self.dropped)}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        return [(s["x0"] - s["size"], s["y0"] - s["size"] - 40),
                (s["x0"] + s["pockets"] * s["pitch"] + s["size"], s["y0"] + s["size"])]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x0, pitch, n, offset = s["x0"], s["pitch"], s["pockets"], s["offset"]
        top, size = s["beam_top"], s["size"]
        depth = 24.0
        left, right = x0 - size / 2 + offset, x0 + (n - 1) * pitch + size / 2 + offset
        body = pen.rect_rotated((left + right) / 2, top - depth / 2, right - left, depth, 0.0, "CARRIAGE")
        pen.rect_rotated((left + right) / 2, top - depth / 2, right - left, depth, 0.0,
                         pen.shade("CARRIAGE", 0.6), border=2)
        for k in range(n):          # the pockets: a vee block on the beam under each nest it serves
            cx = x0 + k * pitch + offset
            pen.rect_rotated(cx, top + 4, size * 0.6, 8, 0.0, "ROD")
        for p in s["parts"]:
            draw_part_record(pen, p)
        pen.label(s["label"] + (f"  {s['dropped']} dropped" if s["dropped"] else ""), (left + right) / 2,
                  top - depth - 14)
        pen.hot(name, self.kind, body)
