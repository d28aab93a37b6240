"""Transfer car: a servo-driven car on a track with a belt conveyor on board (a carried conveyor),
seen from above.

The car is a sim.devices.axis.Axis (enable, target word in 0.1 mm, start edge, in_position ...)
whose track runs along `angle_deg` 90 (+y) through `origin`; its deck is a belt along +x, `deck_length`
x `deck_width` mm, centred on the car, that the PLC runs with 'belt_run' (forward only: toward the
discharge end at +x). Fixed conveyors meet the deck's two ends (the infeed at its entry end, lanes at
its discharge end) at the track positions the task lays out.

Physics:
- while the car stands, the deck is a Conveyor like any other: parts whose centre lies on it are
  driven toward its belt speed, so a pallet runs on from the infeed and off into a lane;
- while the car moves, every part whose centre lies on the deck is carried with it (held, as a
  gripper holds a part) and set down again on the deck when the car stops; a part that only
  overhangs the deck (centre off it) is left where it is;
- a free part whose centre comes to lie in the track's pit (between the deck's two ends, off the
  deck) falls in: it is taken out of the plant and logged in `fallen`.

Signals (besides the Axis's): 'entry_eye' and 'end_eye', the deck's two photo-eyes across the belt
`entry_eye_mm` and `end_eye_mm` from the entry end (TRUE while a part blocks the beam, live at
power-up), 'label_valid' and 'label': the label reader on the car reads the code of a part lying
wholly on the deck once it has lain so for `read_s` (label 0 and label_valid FALSE otherwise).

    car = plant.add(TransferCar("car", origin=(1700, 0), stations={"load": 500, "lane 2": 2000},
                                deck_length=1400, deck_width=1300, belt_speed=300, start_mm=500))
    car.write("belt_run", True)
"""

from __future__ import annotations

from typing import Any

from pymunk._chipmunk_cffi import lib as _cp

from sim.devices.axis import Axis
from sim.devices.conveyor import Conveyor
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant

_get_angle = _cp.cpBodyGetAngle
_get_position = _cp.cpBodyGetPosition
_set_position = _cp.cpBodySetPosition


class _Deck(Conveyor):
    """The car's on-board belt: a Conveyor the car moves with it. Drawn a layer above the car's
    chassis, with the car's two eyes across it."""

    layer = 2

    def __init__(self, name: str, car: TransferCar, *args: Any, **kw: Any):
        super().__init__(name, *args, **kw)
        self.car = car

    def draw(self, pen) -> None:
        super().draw(pen)
        self.car.draw_eyes(pen)


class TransferCar(Axis):
    kind = "transfer_car"
    layer = 1
    signals = Axis.signals + ("entry_eye", "end_eye", "label_valid", "label")
    commands = Axis.commands + ("belt_run",)
    # the eyes and belt_run are properties, label_valid and label_code (the 'label' signal)
    # attributes the step keeps: all read and written as attributes too
    plain_signals = {**Axis.plain_signals, "label_valid": "label_valid", "label": "label_code",
                     "entry_eye": "entry_eye", "end_eye": "end_eye"}
    plain_commands = {**Axis.plain_commands, "belt_run": ("belt_run", bool)}   # the others: the Axis's own
    BAND_MM = 300.0     # `band` lists the parts this close to the track (judges look at no others)

    def __init__(self, name: str, *, origin: tuple[float, float] = (0.0, 0.0), deck_length: float = 1400.0,
                 deck_width: float = 1300.0, belt_speed: float = 300.0, belt_ramp_s: float = 0.1,
                 entry_eye_mm: float = 100.0, end_eye_mm: float = 1100.0, read_s: float = 0.3,
                 stations: dict[str, float] | None = None, **axis: Any):
        axis.setdefault("carriage_length_mm", deck_width + 100.0)
        axis.setdefault("carriage_width_mm", deck_length + 100.0)
        super().__init__(name, origin=origin, angle_deg=90.0, **axis)
        if not 0.0 < entry_eye_mm < end_eye_mm < deck_length:
            raise ValueError(f"{name}: the deck's eyes must lie on it, the entry eye before the end eye")
        if read_s < 0.0 or belt_speed <= 0.0:
            raise ValueError(f"{name}: read_s must not be negative and belt_speed must be positive")
        self.deck_length, self.deck_width = float(deck_length), float(deck_width)
        self.entry_x = self.origin[0] - self.deck_length / 2      # plant x of the end the infeed meets
        self.discharge_x = self.origin[0] + self.deck_length / 2  # ... and of the end the lanes meet
        self.entry_eye_mm, self.end_eye_mm = float(entry_eye_mm), float(end_eye_mm)
        self.read_s = float(read_s)
        self.stations = dict(stations or {})
        self.deck = _Deck(f"{name}_deck", self, *self.deck_centre(), length=deck_length, width=deck_width,
                          speed=belt_speed, max_speed=belt_speed, ramp_s=belt_ramp_s, guides=False)
        self.carried: list[Workpiece] = []
        self.fallen: list[tuple[float, str]] = []       # (time_s, part name) of parts fallen in the pit
        self.eyes = {"entry_eye": False, "end_eye": False}
        self.aboard: Workpiece | None = None             # the part lying wholly on the deck, if one
        self.aboard_for = 0.0
        # the label reader, as of the last step: label_valid once `aboard` has lain so for read_s,
        # label_code (the 'label' signal) its code then (else 0)
        self.label_valid = False
        self.label_code = 0
        # the fixed geometry step and _sense work with: the deck's ends in plant x, its half width,
        # the band's ends; the eyes' x, their beams' half span beyond the deck's centre line, and span
        ex, dx, hw = self.entry_x, self.discharge_x, self.deck_width / 2
        self._step_geometry = (self.origin[0], self.origin[1], ex, dx, hw, ex - self.BAND_MM,
                               dx + self.BAND_MM)
        self._eye_geometry = (ex, self.deck_length, hw, ex + self.entry_eye_mm, ex + self.end_eye_mm,
                              hw + 20.0, 2 * (hw + 20.0))
        self.time = 0.0
        self.near: list[Workpiece] = []                  # parts that may overlap the car's belt, this step
        self.band: list[Workpiece] = []                  # parts within BAND_MM of the track's x band
        self._halves: dict[Workpiece, tuple[float, float, float]] = {}
        self._stepped = False

    # -- geometry -------------------------------------------------------------------------
    def deck_centre(self) -> tuple[float, float]:
        """The deck's centre: the track runs exactly along +y through the origin."""
        return self.origin[0], self.origin[1] + self.pos

    def on_deck(self, part: Workpiece) -> tuple[float, float, float]:
        """(from, to) of the part along the deck from its entry end, and its centre's offset across it."""
        px, py = part.xy()
        _, cy = self.deck_centre()
        along = px - self.entry_x
        half = self.half_sizes(part)[0]
        return along - half, along + half, py - cy

    def overlaps_deck(self, part: Workpiece) -> bool:
        lo, hi, across = self.on_deck(part)
        return (hi > 0.0 and lo < self.deck_length
                and abs(across) < self.deck_width / 2 + self.half_sizes(part)[1])

    def wholly_aboard(self, part: Workpiece) -> bool:
        lo, hi, across = self.on_deck(part)
        return (lo >= 0.0 and hi <= self.deck_length
                and abs(across) + self.half_sizes(part)[1] <= self.deck_width / 2)

    def straddles(self, part: Workpiece) -> bool:
        """Whether the part lies across one of the deck's ends: partly on the car, partly off it."""
        lo, hi, across = self.on_deck(part)
        if abs(across) >= self.deck_width / 2:
            return False
        return lo < 0.0 < hi or lo < self.deck_length < hi

    def centre_on_deck(self, part: Workpiece) -> bool:
        _, _, across = self.on_deck(part)
        px = part.xy()[0]
        return self.entry_x <= px <= self.discharge_x and abs(across) <= self.deck_width / 2

    def station_at(self, window_mm: float) -> str:
        """The station the car stands within window_mm of ('' if none)."""
        for name, at in self.stations.items():
            if abs(self.pos - at) <= window_mm:
                return name
        return ""

    # -- PLC side -----------------------------------------------------------------------
    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        plant.add(self.deck)
        self.flow = material_flow(plant)

    def write(self, command: str, value: Any) -> None:
        if command == "belt_run":
            self.deck.write("run", value)
        else:
            Axis.write(self, command, value)     # super().write, without building the super object

    def read(self, signal: str) -> Any:
        if signal in self.eyes:
            self._power_up()
            return self.eyes[signal]
        if signal == "label_valid":
            return self.label_valid
        if signal == "label":
            return self.label_code
        return super().read(signal)

    @property
    def entry_eye(self) -> bool:
        """The 'entry_eye' signal."""
        if not self._stepped:
            self._power_up()
        return self.eyes["entry_eye"]

    @property
    def end_eye(self) -> bool:
        """The 'end_eye' signal."""
        if not self._stepped:
            self._power_up()
        return self.eyes["end_eye"]

    @property
    def belt_run(self) -> bool:
        """The 'belt_run' command as last written: the deck's run."""
        return self.deck.run

    @belt_run.setter
    def belt_run(self, value: bool) -> None:
        self.deck.run = bool(value)         # what the deck's write("run", value) does (Conveyor.write)

    @property
    def belt_running(self) -> bool:
        return bool(self.deck.read("running"))

    # -- physics ----------------------------------------------------------------------------
    def _sense(self, parts) -> list[Workpiece]:
        """Both eyes over `parts` (into self.eyes), and those of them lying wholly on the deck
        (wholly_aboard, with the deck's place worked out once). The beams run straight across the
        belt (along +y), so sensors.crosses_line reduces to this: the part's centre within its
        radius of the beam's span and the beam within the part's half size along x of its centre
        (the same arithmetic, with the half sizes cached as half_sizes caches them)."""
        cy = self.origin[1] + self.pos
        ex, length, hw, entry, end, half, span = self._eye_geometry
        y1 = cy - half
        seen_entry = seen_end = False
        whole: list[Workpiece] = []
        tick, halves = self.plant.tick, self._halves          # type: ignore[union-attr]
        for part in parts:
            px, py = part._xy if part._xy_tick == tick else part.xy()     # xy(), its cache in line
            got = halves.get(part)          # half_sizes(part), its cache in line
            if got is None or got[0] != _get_angle(part._cpbody):
                hx, hy = self.half_sizes(part)
            else:
                hx, hy = got[1], got[2]
            r = part.radius
            along = py - y1
            if -r <= along <= span + r:
                if abs(px - entry) < hx:
                    seen_entry = True
                if abs(px - end) < hx:
                    seen_end = True
            along = px - ex
            if along - hx >= 0.0 and along + hx <= length and abs(py - cy) + hy <= hw:
                whole.append(part)
        eyes = self.eyes
        eyes["entry_eye"], eyes["end_eye"] = seen_entry, seen_end
        return whole

    def _power_up(self) -> None:
        if not self._stepped:
            self._sense([p for p in self.flow.parts if not p.lifted])

    def half_sizes(self, part: Workpiece) -> tuple[float, float]:
        """Half the part's size along x and along y (cached while it keeps its angle)."""
        angle = _get_angle(part._cpbody)     # part.body.angle without pymunk's wrapper
        got = self._halves.get(part)
        if got is None or got[0] != angle:
            got = self._halves[part] = (angle, part.half_extent(1.0, 0.0), part.half_extent(0.0, 1.0))
        return got[1], got[2]

    def step(self, dt: float) -> None:
        self._stepped = True
        self.time += dt
        before = self.pos
        Axis.step(self, dt)                 # super().step, without building the super object
        moved = self.pos - before
        cx, oy, ex, dx, hw, band_lo, band_hi = self._step_geometry
        cy = oy + self.pos
        deck = self.deck
        deck.x, deck.y = cx, cy
        near: list[Workpiece] = []
        band: list[Workpiece] = []
        fell: list[Workpiece] | None = None
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            if part.lifted:
                continue
            px, py = part._xy if part._xy_tick == tick else part.xy()     # xy(), its cache in line
            r = part.radius
            if px + r <= band_lo or px - r >= band_hi:
                continue                       # nowhere near the track
            band.append(part)
            if px + r <= ex or px - r >= dx:
                continue
            off = py - cy if py > cy else cy - py
            if ex < px < dx and off > hw and part.holder is None:
                if fell is None:
                    fell = []
                fell.append(part)              # over the pit: it falls in
            elif off < hw + r:
                near.append(part)
        if fell is not None:
            for part in fell:
                self.fallen.append((round(self.time, 3), part.name))
                band.remove(part)
                part.remove()
        self.near, self.band = near, band
        if moved != 0.0:
            for part in near:
                if part.holder is None and self.centre_on_deck(part):
                    part.grab(self)
                    self.carried.append(part)
            along = deck.velocity * dt
            for part in self.carried:
                body = part._cpbody             # part.body.position, without pymunk's wrapper
                v = _get_position(body)
                _set_position(body, (v.x + along, v.y + moved))
        elif self.carried:
            for part in self.carried:
                part.release()
            self.carried = []
        if near:
            whole = self._sense(near)
            now = whole[0] if len(whole) == 1 else None
        else:
            self.eyes["entry_eye"] = self.eyes["end_eye"] = False
            now = None
        if now is not None and now is self.aboard:
            self.aboard_for += dt
        else:
            self.aboard, self.aboard_for = now, 0.0
        valid = self.label_valid = now is not None and self.aboard_for >= self.read_s - 1e-9
        self.label_code = now.code if valid else 0

    def drop(self) -> None:
        """Called when a carried part is taken out of the plant (Workpiece.remove)."""
        self.carried = [p for p in self.carried if not p.removed]

    # -- drawing ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        out = super().state()
        out.update(kind="transfer car", deck_length=self.deck_length, deck_width=self.deck_width,
                   belt_running=self.belt_running, entry_eye=self.eyes["entry_eye"],
                   end_eye=self.eyes["end_eye"],
                   label=self.read("label"), label_valid=self.label_valid, fallen=len(self.fallen))
        return out

    def extent(self) -> list[tuple[float, float]]:
        ox, oy = self.origin
        half = self.deck_length / 2 + 60
        return [(ox - half, oy + self.rail_min_mm - self.deck_width / 2),
                (ox + half, oy + self.rail_max_mm + self.deck_width / 2)]

    def draw(self, pen) -> None:
        ox, oy = self.origin
        lo, hi = self.rail_min_mm, self.rail_max_mm
        # the pit and its two rails along the track
        pit = pen.rect_rotated(ox, oy + (lo + hi) / 2, self.deck_length, hi - lo + self.deck_width, 0.0,
                               pen.shade("RAIL", 0.6))
        for side in (-1, 1):
            x = ox + side * (self.deck_length / 2 - 120)
            pen.line((x, oy + lo - self.deck_width / 2), (x, oy + hi + self.deck_width / 2), "RAIL",
                     max(2, pen.mm(30)))
        for at in self.stations.values():               # the station marks beside the track
            y = oy + at
            on = abs(self.pos - at) <= self.window_mm
            pen.line((ox - self.deck_length / 2, y), (ox - self.deck_length / 2 + 80, y), "STATION_MARK", 2)
            pen.circle(ox - self.deck_length / 2 + 40, y, 14, "LIT" if on else "UNLIT", min_px=3)
        cx, cy = self.deck_centre()
        col = "FAULT" if self.fault else ("CARRIAGE" if self.enabled else pen.shade("CARRIAGE", 0.55))
        chassis = pen.rect_rotated(cx, cy, self.deck_length + 60, self.deck_width + 80, 0.0, col)
        pen.rect_rotated(cx, cy, self.deck_length + 60, self.deck_width + 80, 0.0,
                         "LIT" if self.in_position else pen.shade("CARRIAGE", 0.5), border=2)
        reading = f"label {self.read('label')}" if self.label_valid else "no label"
        pen.label(f"{self.label}  {self.pos:.0f} mm  {reading}", cx, cy - self.deck_width / 2 - 70,
                  "FAULT" if self.fault else "LABEL")
        if self.fault and self.fault_text:
            pen.label(self.fault_text, cx, cy + self.deck_width / 2 + 70, "FAULT")
        pen.hot(self.name, self.kind, list(pit) + list(chassis))

    def draw_eyes(self, pen) -> None:
        """The deck's two photo-eyes across its belt, lit while blocked (drawn over the belt)."""
        _, cy = self.deck_centre()
        for key, at in (("entry_eye", self.entry_eye_mm), ("end_eye", self.end_eye_mm)):
            x = self.entry_x + at
            blocked = self.eyes[key]
            p, q = (x, cy - self.deck_width / 2 - 20), (x, cy + self.deck_width / 2 + 20)
            pen.line(p, q, "BEAM_BLOCKED" if blocked else "BEAM", 3 if blocked else 1)
            for end in (p, q):
                pen.circle(end[0], end[1], 14, "SENSOR_BODY", min_px=4)
            pen.circle(p[0], p[1], 8, "LIT" if blocked else "UNLIT", min_px=3)
