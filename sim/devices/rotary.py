"""Rotary indexing table: a cam-driven dial that turns one station per index command.

The PLC gives an index pulse (rising edge: turn one station pitch forward, clockwise
seen from above). The drive follows a cycloidal cam law, so the table creeps
into the station at the end of each index: the alignment sensor (a proximity switch on the
station cam) comes on a little before the table has stopped, and the standstill signal
comes on only after the dial has been still for the settle time. A program that approaches
on `aligned` alone therefore reaches into a table that is still turning.

Signals: aligned (within the alignment tolerance of a station), standstill (still for the
settle time), rotating (the drive is turning), station (number of the nest at the work
position, 1..N, 0 when not aligned). Commands: index (rising edge), plus optional
target_station word with `go` (rising edge: turn forward until that nest is at the work
position).
"""

from __future__ import annotations

import math
from typing import Any

from sim.drawing import draw_value_display, value_display_extent
from sim.plant import Device

TWO_PI = 2.0 * math.pi


class RotaryTable(Device):
    kind = "rotary_table"
    layer = 0
    signals = ("aligned", "standstill", "rotating", "station")
    # read as attributes (the derived ones are properties), so a scan costs no call into read
    plain_signals = {"aligned": "aligned", "standstill": "standstill", "rotating": "rotating",
                     "station": "station_word"}
    commands = ("index", "target_station", "go")

    def __init__(self, name: str, *, center: tuple[float, float] = (0.0, 0.0), radius_mm: float = 200.0,
                 stations: int = 4, index_time_s: float = 1.0, settle_s: float = 0.1,
                 align_tolerance_deg: float = 1.5, start_station: int = 1, start_offset_deg: float = 0.0,
                 work_angle_deg: float = 0.0, nest_radius_mm: float | None = None,
                 label: str = "", color: str = "#8e7cc3"):
        super().__init__(name)
        if stations < 2:
            raise ValueError(f"{name}: a rotary table needs at least 2 stations")
        if not 1 <= start_station <= stations:
            raise ValueError(f"{name}: start_station must be 1..{stations}")
        if index_time_s <= 0:
            raise ValueError(f"{name}: index_time_s must be positive")
        self.center = (float(center[0]), float(center[1]))
        self.radius_mm = float(radius_mm)
        self.stations = int(stations)
        self.pitch_deg = 360.0 / stations
        self.index_time_s = float(index_time_s)
        self.settle_s = float(settle_s)
        self.align_tolerance_deg = float(align_tolerance_deg)
        self.work_angle_deg = float(work_angle_deg)
        self.nest_radius_mm = float(radius_mm * 0.72 if nest_radius_mm is None else nest_radius_mm)
        self.label = label or name
        self.color = color
        # Dial angle: nest k (1-based) sits at work_angle + angle + (k-1)*pitch, so nest k is
        # at the work position when angle == -(k-1)*pitch (mod 360); turning forward
        # (decreasing angle) brings nest k+1.
        self.angle_deg = (-(start_station - 1) * self.pitch_deg + start_offset_deg) % 360.0
        self.rotating = False
        self._move_from = 0.0
        self._move_span = 0.0        # degrees to turn in this move (negative = forward)
        self._move_time = 0.0
        self._t = 0.0
        self.still_time = settle_s   # a table that starts still is already settled
        self.target_word = 0
        self._index_prev = False
        self._go_prev = False
        self._go_pending = False
        self.index_count = 0         # completed index moves, for judges and tests
        self.nest_done = [False] * self.stations   # set by a task when a nest has been worked
        self.speed_deg_s = 0.0
        # the dial's position figures (_detent) for the angle they were worked out at: signals,
        # cells and judges ask for them several times a scan, the angle changes only as it turns
        self._detent_at: float | None = None
        self._pos = self._misalign = 0.0
        self._nearest = 1

    # -- PLC side ---------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "index":
            v = bool(value)
            if v and not self._index_prev and not self.rotating:
                self._begin(1)
            self._index_prev = v
        elif command == "go":
            v = bool(value)
            if v and not self._go_prev and not self.rotating:
                self._go_pending = True   # taken at the next step, with this scan's target word
            self._go_prev = v
        elif command == "target_station":
            self.target_word = int(value)
        else:
            super().write(command, value)

    def _dial_pos(self) -> float:
        """Fractional station index (0-based) at the work position."""
        if self.angle_deg != self._detent_at:
            self._detent()
        return self._pos

    def _detent(self) -> None:
        """Work out the dial's position, its misalignment and its nearest nest at this angle."""
        a = self.angle_deg
        pos = (-a) % 360.0 / self.pitch_deg
        near = round(pos)
        self._detent_at, self._pos = a, pos
        self._misalign = abs(pos - near) * self.pitch_deg
        self._nearest = int(near) % self.stations + 1

    def _begin(self, steps: int) -> None:
        # from between stations the first step goes to the next detent ahead, so the table
        # always ends on a station
        pos = self._dial_pos()
        near = round(pos)
        base = near if abs(pos - near) * self.pitch_deg <= self.align_tolerance_deg else math.floor(pos)
        self._turn(pos, base + steps)

    def _begin_to(self, station: int) -> None:
        pos = self._dial_pos()
        near = round(pos)
        if abs(pos - near) * self.pitch_deg <= self.align_tolerance_deg:
            steps = (station - 1 - near) % self.stations
            if steps:
                self._turn(pos, near + steps)
        else:
            base = math.floor(pos)
            self._turn(pos, base + ((station - 1 - base) % self.stations or self.stations))

    def _turn(self, pos: float, end: float) -> None:
        span_pitches = end - pos
        self._move_from = self.angle_deg
        self._move_span = -span_pitches * self.pitch_deg
        self._move_time = self.index_time_s * max(span_pitches, 0.05)
        self._t = 0.0
        self.rotating = True
        self.still_time = 0.0

    def read(self, signal: str) -> Any:
        if signal == "aligned":
            return self.aligned
        if signal == "standstill":
            return self.standstill
        if signal == "rotating":
            return self.rotating
        if signal == "station":
            return self.station if self.aligned else 0
        return super().read(signal)

    # -- derived --------------------------------------------------------------------------
    def _misalignment_deg(self) -> float:
        if self.angle_deg != self._detent_at:
            self._detent()
        return self._misalign

    @property
    def aligned(self) -> bool:
        if self.angle_deg != self._detent_at:
            self._detent()
        return self._misalign <= self.align_tolerance_deg

    @property
    def exactly_aligned(self) -> bool:
        """Truth for judges: on a station and not turning."""
        if self.rotating:
            return False
        if self.angle_deg != self._detent_at:
            self._detent()
        return self._misalign <= 1e-6

    @property
    def standstill(self) -> bool:
        return not self.rotating and self.still_time >= self.settle_s - 1e-9

    @property
    def station_word(self) -> int:
        """The 'station' signal: the nest at the work position while aligned, else 0."""
        return self.station if self.aligned else 0

    @property
    def station(self) -> int:
        """Nest number (1..N) nearest to the work position."""
        if self.angle_deg != self._detent_at:
            self._detent()
        return self._nearest

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self._go_pending:
            self._go_pending = False
            if not self.rotating and 1 <= self.target_word <= self.stations:
                self._begin_to(self.target_word)
        if not self.rotating:
            self.still_time += dt
            return
        self._t += dt
        tau = self._t / self._move_time
        if tau >= 1.0:
            self.angle_deg = (self._move_from + self._move_span) % 360.0
            # snap exactly onto the detent (float drift over many indexes)
            self.angle_deg = (-round(self._dial_pos()) * self.pitch_deg) % 360.0
            self.rotating = False
            self.speed_deg_s = 0.0
            self.still_time = 0.0
            self.index_count += 1
            return
        # cycloidal cam law: zero speed and acceleration at both ends
        s = tau - math.sin(TWO_PI * tau) / TWO_PI
        self.angle_deg = (self._move_from + self._move_span * s) % 360.0
        self.speed_deg_s = self._move_span / self._move_time * (1.0 - math.cos(TWO_PI * tau))

    # -- drawing ----------------------------------------------------------------------------
    def nest_position(self, k: int) -> tuple[float, float]:
        """Plant coordinates of nest k (1-based) at the current dial angle."""
        a = math.radians(self.work_angle_deg + self.angle_deg + (k - 1) * self.pitch_deg)
        return (self.center[0] + self.nest_radius_mm * math.cos(a),
                self.center[1] + self.nest_radius_mm * math.sin(a))

    def state(self) -> dict[str, Any]:
        return {
            "x": self.center[0], "y": self.center[1], "radius": self.radius_mm,
            "angle_deg": (self.work_angle_deg + self.angle_deg) % 360.0,
            "work_angle": self.work_angle_deg,
            "stations": self.stations, "pitch": self.pitch_deg, "nest_radius": self.nest_radius_mm,
            "station": self.station, "aligned": self.aligned, "standstill": self.standstill,
            "rotating": self.rotating, "speed_deg_s": self.speed_deg_s,
            "nest_done": list(self.nest_done),
            "label": self.label, "color": self.color,
        }

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y, r = s["x"], s["y"], s["radius"]
        return [(x - r, y - r - 40), (x + r, y + r)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, r = s["x"], s["y"], s["radius"]
        col = pen.rgb(s.get("color"), "TABLE")
        pen.circle(x, y, r + 8, "FRAME")
        pen.circle(x, y, r, col)
        pen.circle(x, y, r, pen.shade(col, 0.6), width=2)
        n, pitch, nr = s["stations"], s["pitch"], s["nest_radius"]
        nest_r = min(r * 0.2, nr * math.sin(math.pi / n) * 0.8)
        for k in range(n):
            ang = math.radians(s["angle_deg"] + k * pitch)
            nx, ny = x + nr * math.cos(ang), y + nr * math.sin(ang)
            pen.circle(nx, ny, nest_r, pen.shade(col, 1.35))
            pen.circle(nx, ny, nest_r, pen.shade(col, 0.5), width=1)
            pen.text(str(k + 1), *pen.px(nx, ny), "TEXT_DARK", 12, screen=True)
        # The work position: where the tool reaches in; lit green when locked in a station.
        wa = math.radians(s["work_angle"])
        wx, wy = x + (r + 20) * math.cos(wa), y + (r + 20) * math.sin(wa)
        ok = s.get("aligned") and s.get("standstill")
        pen.poly([(wx, wy), (wx + 18 * math.cos(wa + 2.6), wy + 18 * math.sin(wa + 2.6)),
                (wx + 18 * math.cos(wa - 2.6), wy + 18 * math.sin(wa - 2.6))],
               "ON" if ok else "BUSY" if s.get("rotating") else "OFF_MARK")
        state = "turning" if s.get("rotating") else f"station {s.get('station', 0)}" + (
            "" if s.get("standstill") else " (settling)")
        pen.label(f"{s.get('label') or name}: {state}", x, y - r - 22)
        pen.hot(name, "rotary_table", [pen.px(x - r, y - r), pen.px(x + r, y + r)])


class NestWorkLog(Device):
    """Logs the nests a tool on a servo slide works on a rotary table, marking each in
    `table.nest_done`.

    A nest counts as worked when the enabled slide, having come in from behind the clearance
    line (`clearance_mm`) while the table stood on this station, rests at `work_mm` (within
    `window_mm`) over a table exactly on a station and not turning, for `dwell_s` without a
    break. A slide left over the nest at power-up does not count until it has retracted and
    come back. Drawn as a small display showing the count.
    """

    kind = "value_display"
    layer = 7

    def __init__(self, name: str, slide: Any, table: RotaryTable, *, work_mm: float, clearance_mm: float,
                 window_mm: float = 0.5, dwell_s: float = 0.5, position: tuple[float, float] = (0.0, 0.0),
                 label: str = "work log"):
        super().__init__(name)
        self.slide = slide          # sim.devices.axis.Axis
        self.table = table
        self.work_mm, self.clearance_mm = work_mm, clearance_mm
        self.window_mm, self.dwell_s = window_mm, dwell_s
        self.position = position
        self.label = label
        self.dwell = 0.0
        self.t = 0.0
        self.came_in = False   # the slide was behind the clearance line since the table last turned
        self.worked: list[tuple[int, float]] = []   # (nest, plant time) in the order worked

    def step(self, dt: float) -> None:
        self.t += dt
        slide, table = self.slide, self.table
        if table.rotating:
            self.came_in = False
        elif slide.pos <= self.clearance_mm:
            self.came_in = True
        if (self.came_in and slide.enabled and abs(slide.pos - self.work_mm) <= self.window_mm
                and slide.vel == 0.0 and table.exactly_aligned):
            self.dwell += dt
            nest = table.station
            if self.dwell >= self.dwell_s - 1e-9 and not table.nest_done[nest - 1]:
                table.nest_done[nest - 1] = True
                self.worked.append((nest, round(self.t, 3)))
        else:
            self.dwell = 0.0

    @property
    def count(self) -> int:
        return len(self.worked)

    def state(self) -> dict[str, Any]:
        return {"x": self.position[0], "y": self.position[1], "width": 160.0, "height": 40.0,
                "value": self.count, "display": f"{self.count} nests worked", "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return value_display_extent(self.state())

    def draw(self, pen) -> None:
        draw_value_display(pen, self.name, self.state())
