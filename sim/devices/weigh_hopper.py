"""Weigh hopper: a vessel on a weigh scale that collects several ingredients and drops them
through a bottom gate into the machine below (a Mixer).

Material comes in through its inlets: `inlet(name)` is a small device ('<hopper>.<ingredient>')
that a BulkDoser pours into (`into=` that name), so the hopper knows how much of each ingredient
it holds. `gross_g()` is the load on the scale (empty weight plus contents). The gate is a
Cylinder of the plant (`gate=` its name, extended = open): while it is open the contents run out
at `outflow_gs` times the open fraction of its stroke into `into` (a device with
`add(grams, ingredient)`), each ingredient in proportion. Logs `discharged` (time_s, {ingredient:
grams}) each time the gate shuts again after letting material out (what it let out that time; a
few grams left when it shuts join the next batch). Units: grams, seconds, millimetres.

    hopper = plant.add(WeighHopper("hopper", 0, 300, gate="gate", into="mixer", empty_weight_g=4000))
    plant.add(BulkDoser("doser_a", -200, 600, into=hopper.inlet("A").name))
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device

BULK_COLOUR = "#b08a55"


class HopperInlet(Device):
    """Where one ingredient pours into a weigh hopper (a doser's `into`): no signals; drawn as a
    spout on the hopper's rim."""

    kind = "hopper_inlet"
    layer = 0

    def __init__(self, hopper: WeighHopper, ingredient: str):
        super().__init__(f"{hopper.name}.{ingredient}")
        self.hopper, self.ingredient = hopper, ingredient

    def add(self, grams: float) -> None:
        self.hopper.add(grams, self.ingredient)

    def _at(self) -> tuple[float, float]:
        k = list(self.hopper.inlets).index(self.ingredient) if self.ingredient in self.hopper.inlets else 0
        n = max(1, len(self.hopper.inlets))
        return (self.hopper.x + (k - (n - 1) / 2) * 60.0, self.hopper.y + 170.0)

    def state(self) -> dict[str, Any]:
        x, y = self._at()
        return {"x": x, "y": y}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self._at()
        return [(x - 15, y - 10), (x + 15, y + 10)]

    def draw(self, pen) -> None:
        x, y = self._at()                   # a short spout on the hopper's rim
        pts = pen.rect_rotated(x, y, 24, 14, 0.0, "SENSOR_BODY")
        pen.hot(self.name, self.kind, pts)


class WeighHopper(Device):
    kind = "weigh_hopper"
    layer = 3

    def __init__(self, name: str, x: float, y: float, *, gate: str, into: str, outflow_gs: float = 500.0,
                 empty_weight_g: float = 5000.0, capacity_g: float = 2000.0, width: float = 240.0):
        super().__init__(name)
        if outflow_gs <= 0 or capacity_g <= 0:
            raise ValueError(f"weigh hopper {name!r}: outflow and capacity must be positive")
        self.x, self.y, self.width = float(x), float(y), float(width)
        self.gate_name, self.into_name = gate, into
        self.outflow_gs, self.capacity_g = float(outflow_gs), float(capacity_g)
        self.empty_weight_g = float(empty_weight_g)
        self.contents: dict[str, float] = {}
        self._total_g = sum(self.contents.values())    # kept with every change of contents (read per scan)
        self.inlets: dict[str, HopperInlet] = {}
        self.discharged: list[tuple[float, dict[str, float]]] = []
        self.time = 0.0
        self._gate: Any = None
        self._into: Any = None
        self._batch: dict[str, float] = {}

    def inlet(self, ingredient: str) -> HopperInlet:
        """The inlet for `ingredient`, added to the plant on first use (the hopper must be in a plant)."""
        if ingredient not in self.inlets:
            self.inlets[ingredient] = self.plant.add(HopperInlet(self, ingredient))   # type: ignore[union-attr]
        return self.inlets[ingredient]

    def total_g(self) -> float:
        return self._total_g

    def gross_g(self) -> float:
        return self.empty_weight_g + self.total_g()

    def add(self, grams: float, ingredient: str = "bulk") -> None:
        if grams > 0.0:
            self.contents[ingredient] = self.contents.get(ingredient, 0.0) + grams
            self._total_g = sum(self.contents.values())

    def open_fraction(self) -> float:
        if self._gate is None:
            self._gate = self.plant[self.gate_name]      # type: ignore[index]
        return max(0.0, min(1.0, self._gate.position / self._gate.stroke))

    def step(self, dt: float) -> None:
        self.time += dt
        opening = self.open_fraction()
        if opening <= 0.0:
            if self._batch:                 # the gate is shut again: one discharge
                self.discharged.append((self.time, self._batch))
                self._batch = {}
            return
        total = self._total_g
        if total <= 0.0:
            return
        if self._into is None:
            self._into = self.plant[self.into_name]      # type: ignore[index]
        out = min(self.outflow_gs * opening * dt, total)
        for k, g in list(self.contents.items()):
            part = out * g / total
            self.contents[k] = g - part
            self._batch[k] = self._batch.get(k, 0.0) + part
            self._into.add(part, k)
        self._total_g = sum(self.contents.values())
        if self._total_g < 1e-6:
            self.contents = {}
            self._total_g = sum(self.contents.values())

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "total_g": self.total_g(),
                "fill": min(1.0, self.total_g() / self.capacity_g),
                "contents": {k: round(v, 1) for k, v in self.contents.items()}}

    def extent(self) -> list[tuple[float, float]]:
        w = self.width
        return [(self.x - w / 2 - 10, self.y - 40), (self.x + w / 2 + 10, self.y + 200)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w = s["x"], s["y"], s["width"]
        h = 160.0
        # a funnel: wide at the top, the gate's mouth at the bottom
        outline = [(x - w / 2, y + h), (x + w / 2, y + h), (x + 40, y), (x - 40, y)]
        pts = pen.poly(outline, "MACHINE_FLOOR")
        if s["fill"] > 0:
            top = h * s["fill"]
            half = 40 + (w / 2 - 40) * s["fill"]
            pen.poly([(x - half, y + top), (x + half, y + top), (x + 40, y), (x - 40, y)],
                     pen.rgb(BULK_COLOUR))
        pen.poly(outline, "PLACE_EDGE", 2)
        text = ", ".join(f"{k} {v:.0f} g" for k, v in s["contents"].items()) or "empty"
        pen.label(f"{name}: {text}", x, y + h + 16)
        pen.hot(name, self.kind, pts)
