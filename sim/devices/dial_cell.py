"""Dial machine cell: the parts on a rotary indexing dial and the stations around it.

A sim.devices.rotary.RotaryTable carries one part (or none) per nest past four stations set
round the dial at fixed pitches downstream of the load station (`offsets`, in station pitches:
load 0, then press, drill and unload). The cell reads the devices it names after they stepped
and works out what happened to the parts (device names default to table, press, drill, pusher,
gate, curtain and lamp):

- load: an operator (scripted: `arrivals`, the plant times at which each next part is ready in
  the operator's hand, and `reach_s`, how long one loading takes) steps into the load opening's
  sim.devices.light_curtain.LightCurtain only while the Load lamp (a sim.devices.panel.Lamp) is
  lit, the dial stands still and the nest at the load station is empty; `reach_s` later the part
  lies in that nest and the operator steps out. The lamp going off while they are in changes
  nothing: they finish.
- press: a sim.devices.axis.Axis ram (0 mm = up, positive down); a part is pressed once the ram
  has rested `dwell_s` at `press_mm` (within `window_mm`) over it, the dial exactly on a station.
- drill: a servo drill feed (Axis, same sense); a part is drilled once the feed has rested
  `dwell_s` at `drill_mm` over it. A part listed in `stalls` (load numbers, counted from the
  parts on the dial at power-up) jams the drill: the feed trips ("drill stalled") on reaching
  `stall_mm`, stopped dead in the part, and the part is marked stalled (it can never be drilled).
- unload: a sim.devices.pneumatics.Cylinder pusher; when it reaches full stroke over a part the
  part leaves the dial, into the reject chute if the gate Cylinder is fully out, else onto the
  outfeed. The cell logs every part out as (number, where, pressed, drilled, stalled).

The operator's Part ready signal (`operator_ready`) is TRUE while they hold the next part and
wait to load it (not while they are in the opening).

Each station has a proximity switch on its nest (signals part_load, part_press, part_drill,
part_unload: TRUE while the dial is within its alignment tolerance of a station and that nest
holds a part). Parts on the dial at power-up (`start_parts`: nest numbers) have not been worked.

Truth for judges: `nest_part(offset)` (the DialPart at a station or None), `out` (the log),
`person_in`, `strikes` (a tool taken below `clear_mm` over an empty nest, or the drill over a
part not yet pressed: (time, text)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.plant import Device

LOAD, PRESS, DRILL, UNLOAD = "load", "press", "drill", "unload"
_PART_SIGNALS = {f"part_{k}": k for k in (LOAD, PRESS, DRILL, UNLOAD)}  # read() every scan


@dataclass
class DialPart:
    number: int
    pressed: bool = False
    drilled: bool = False
    stalled: bool = False
    stall: bool = False  # scripted: this part jams the drill

    @property
    def finished(self) -> bool:
        """Ready to leave: pressed and drilled (good) or stalled in the drill (reject)."""
        return self.stalled or (self.pressed and self.drilled)

    @property
    def good(self) -> bool:
        return self.pressed and self.drilled and not self.stalled


class DialCell(Device):
    kind = "dial_cell"
    layer = 6
    signals = ("part_load", "part_press", "part_drill", "part_unload", "operator_ready")
    plain_signals = {**{f"part_{k}": f"part_at_{k}" for k in (LOAD, PRESS, DRILL, UNLOAD)},
                     "operator_ready": "operator_ready"}

    def __init__(
        self,
        name: str,
        *,
        table: str = "table",
        press: str = "press",
        drill: str = "drill",
        pusher: str = "pusher",
        gate: str = "gate",
        curtain: str = "curtain",
        lamp: str = "lamp",
        offsets: dict[str, int] | None = None,
        press_mm: float = 60.0,
        drill_mm: float = 80.0,
        clear_mm: float = 20.0,
        window_mm: float = 0.5,
        dwell_s: float = 0.3,
        stall_mm: float = 50.0,
        start_parts: tuple[int, ...] = (),
        stalls: tuple[int, ...] = (),
        arrivals: tuple[float, ...] = (),
        reach_s: float = 0.8,
        label: str = "parts",
    ):
        super().__init__(name)
        self.names = dict(
            table=table, press=press, drill=drill, pusher=pusher, gate=gate, curtain=curtain, lamp=lamp
        )
        self.offsets = dict(offsets or {LOAD: 0, PRESS: 2, DRILL: 4, UNLOAD: 6})
        self.press_mm, self.drill_mm, self.clear_mm = float(press_mm), float(drill_mm), float(clear_mm)
        self.window_mm, self.dwell_s, self.stall_mm = float(window_mm), float(dwell_s), float(stall_mm)
        self.stalls = frozenset(stalls)
        self.arrivals = tuple(float(a) for a in arrivals)
        self.reach_s = float(reach_s)
        self.label = label
        self.parts: dict[int, DialPart] = {}  # nest number -> part
        self.numbered = 0
        for nest in start_parts:
            self._new_part(int(nest))
        self.loaded = 0  # parts the operator has put in
        self.reaching = 0.0  # time left of the loading under way (0: nobody in)
        self.person_in = False
        self.t = 0.0
        self.press_rest = self.drill_rest = 0.0
        self.out: list[tuple[int, str, bool, bool, bool]] = []
        self.out_times: list[float] = []
        self.strikes: list[tuple[float, str]] = []
        self._struck: dict[str, bool] | None = None  # set on the first step: a tool out at power-up
        self._pushed: bool | None = None  # strikes nothing, a pusher out pushes nothing
        self._d: dict[str, Any] | None = None
        self._nests_for = 0  # the table station self._nests holds the nests for (0: none yet)
        self._nests: dict[str, int] = {}

    def _new_part(self, nest: int) -> DialPart:
        self.numbered += 1
        part = DialPart(self.numbered, stall=self.numbered in self.stalls)
        self.parts[nest] = part
        return part

    def dev(self, key: str):
        if self._d is None:
            self._d = {k: self.plant[v] for k, v in self.names.items()}
        return self._d[key]

    # -- where the nests are ---------------------------------------------------------------
    def nest_at(self, station: str) -> int:
        """Nest number at a station (the table's nearest station)."""
        table = self.dev("table") if self._d is None else self._d["table"]
        n = table.station
        if n != self._nests_for:
            # the nest at every station, worked out once per table station (the signals, the
            # cell and the judges ask several times a scan)
            self._nests_for = n
            self._nests = {k: (n - 1 - off) % table.stations + 1 for k, off in self.offsets.items()}
        return self._nests[station]

    def nest_part(self, station: str) -> DialPart | None:
        # nest_at written out: the signals, the cell and the judges ask some eight times a scan
        table = self.dev("table") if self._d is None else self._d["table"]
        n = table.station
        if n != self._nests_for:
            self.nest_at(station)
        return self.parts.get(self._nests[station])

    def _part_signal(self, station: str) -> bool:
        """A station's proximity switch: the dial aligned and a part in the nest there."""
        return self.dev("table").aligned and self.nest_part(station) is not None

    # the switches as attributes, so the session reads them without a call to read()
    part_at_load = property(lambda self: self._part_signal(LOAD))
    part_at_press = property(lambda self: self._part_signal(PRESS))
    part_at_drill = property(lambda self: self._part_signal(DRILL))
    part_at_unload = property(lambda self: self._part_signal(UNLOAD))

    def read(self, signal: str) -> Any:
        if signal == "operator_ready":
            return self.operator_ready
        station = _PART_SIGNALS.get(signal)
        if station is None and signal.startswith("part_"):
            station = signal[5:]
        if station is not None:
            return self._part_signal(station)
        return super().read(signal)

    @property
    def operator_ready(self) -> bool:
        """The operator holds the next part and waits to load it (their Part ready lamp)."""
        return (
            not self.person_in
            and self.loaded < len(self.arrivals)
            and self.t >= self.arrivals[self.loaded] - 1e-9
        )

    # -- mechanics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.t += dt
        d = self._d
        if d is None:
            self.dev("table")
            d = self._d
        table = d["table"]
        still = table.exactly_aligned
        self._load(dt, table, d)
        self.press_rest = self._tool(PRESS, d["press"], self.press_mm, self.press_rest, dt, still)
        self.drill_rest = self._tool(DRILL, d["drill"], self.drill_mm, self.drill_rest, dt, still)
        self._unload(still, d)

    def _load(self, dt: float, table, d: dict[str, Any]) -> None:
        curtain = d["curtain"]
        if self.person_in:
            self.reaching -= dt
            if self.reaching <= 1e-9:
                if table.exactly_aligned and self.nest_part(LOAD) is None:
                    self._new_part(self.nest_at(LOAD))
                    self.loaded += 1
                    self.person_in = False
                else:
                    self.reaching = 0.0  # the nest moved away or is taken: they hold on to the part
                    if table.standstill and self.nest_part(LOAD) is None:
                        self.reaching = dt
        elif (
            self.operator_ready
            and d["lamp"].on
            and table.standstill
            and table.exactly_aligned
            and self.nest_part(LOAD) is None
        ):
            self.person_in = True
            self.reaching = self.reach_s
        curtain.operate(self.person_in)

    def _tool(self, station: str, axis, work_mm: float, rest: float, dt: float, still: bool) -> float:
        part = self.nest_part(station)
        deep = axis.pos > self.clear_mm + 1e-6
        bad = deep and (part is None or (station == DRILL and not part.pressed))
        if self._struck is None:
            self._struck = {PRESS: False, DRILL: False}
        if self.t <= dt + 1e-9:
            self._struck[station] = bad
        if bad and not self._struck[station]:
            what = "an empty nest" if part is None else f"part {part.number}, not yet pressed"
            self.strikes.append((round(self.t, 3), f"the {station} went in over {what}"))
        self._struck[station] = bad
        if part is None:
            return 0.0
        if (
            station == DRILL
            and part.stall
            and not part.stalled
            and part.pressed
            and axis.pos >= self.stall_mm
        ):
            part.stalled = True
            axis.trip("drill stalled (spindle overload)")
            axis.vel = 0.0  # jammed in the part: the feed stops dead, it does not brake on
            return 0.0
        if (
            axis.enabled
            and not axis.fault
            and still
            and abs(axis.pos - work_mm) <= self.window_mm
            and axis.vel == 0.0
        ):
            rest += dt
            if rest >= self.dwell_s - 1e-9:
                if station == PRESS:
                    part.pressed = True
                elif part.pressed and not part.stalled:
                    part.drilled = True
            return rest
        return 0.0

    def _unload(self, still: bool, d: dict[str, Any]) -> None:
        pusher, gate = d["pusher"], d["gate"]
        full = pusher.position >= pusher.stroke - 1e-9
        if self._pushed is None:
            self._pushed = full
        if full and not self._pushed and still:
            nest = self.nest_at(UNLOAD)
            part = self.parts.pop(nest, None)
            if part is not None:
                where = "chute" if gate.position >= gate.stroke - 1e-9 else "outfeed"
                self.out.append((part.number, where, part.pressed, part.drilled, part.stalled))
                self.out_times.append(round(self.t, 3))
        self._pushed = full

    # -- drawing -----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        table = self.dev("table") if self.plant is not None else None
        nests = []
        if table is not None:
            for nest, p in sorted(self.parts.items()):
                x, y = table.nest_position(nest)
                nests.append(
                    {
                        "x": x,
                        "y": y,
                        "number": p.number,
                        "pressed": p.pressed,
                        "drilled": p.drilled,
                        "stalled": p.stalled,
                    }
                )
        sensors = []
        if table is not None:
            for st in (LOAD, PRESS, DRILL, UNLOAD):
                a = math.radians(table.work_angle_deg - self.offsets[st] * table.pitch_deg)
                r = table.radius_mm + 34.0
                sensors.append(
                    {
                        "station": st,
                        "x": table.center[0] + r * math.cos(a),
                        "y": table.center[1] + r * math.sin(a),
                        "on": self.read("part_" + st),
                    }
                )
        good = sum(1 for o in self.out if o[1] == "outfeed")
        cx, cy = table.center if table is not None else (0.0, 0.0)
        return {
            "x": cx,
            "y": cy,
            "parts": nests,
            "sensors": sensors,
            "out_good": good,
            "out_reject": len(self.out) - good,
            "person_in": self.person_in,
            "loaded": self.loaded,
            "label": self.label,
        }

    def extent(self) -> list[tuple[float, float]]:
        sensors = self.state()["sensors"]
        return [(s["x"] - 10, s["y"] - 20) for s in sensors] + [(s["x"] + 10, s["y"] + 10) for s in sensors]

    def draw(self, pen) -> None:
        s = self.state()
        for p in s["parts"]:
            colour = "FAULT" if p["stalled"] else "ON" if p["drilled"] else "BUSY" if p["pressed"] else "PART"
            pen.circle(p["x"], p["y"], 14, colour)
            pen.circle(p["x"], p["y"], 14, "FRAME", width=1)
            if p["pressed"]:
                pen.circle(p["x"], p["y"], 8, "FRAME", width=2)  # the pressed-in bush
            if p["drilled"]:
                pen.circle(p["x"], p["y"], 3, "TEXT_DARK")  # the drilled hole
            pen.text(str(p["number"]), *pen.px(p["x"] + 16, p["y"] - 16), "TEXT_DARK", 11, screen=True)
        for sn in s["sensors"]:
            pen.circle(sn["x"], sn["y"], 7, "LIT" if sn["on"] else "SENSOR_BODY")
            pen.label(sn["station"], sn["x"], sn["y"] - 16)
        if s["person_in"] and s["sensors"]:
            pen.label("OPERATOR LOADING", s["sensors"][0]["x"], s["sensors"][0]["y"] + 50, "FAULT")
        pen.label(
            f"loaded {s['loaded']}, out good {s['out_good']}, rejected {s['out_reject']}",
            s["x"],
            s["y"] - 280,
        )
        pen.hot(self.name, self.kind, [pen.px(s["x"] - 40, s["y"] - 40), pen.px(s["x"] + 40, s["y"] + 40)])
