"""Press brake: a servo ram air-bending a sheet in a V-die, with springback; and its operator.

The ram is the positioning drive of sim.devices.axis.Axis (0 mm = ram at the top, positive
down). Its punch tip reaches the plane of the die's shoulders (the sheet's underside) at
``shoulder_mm``; a flat sheet of thickness t is touched at ``shoulder_mm - t``. Below that the
punch pushes the sheet into the V opening (``half_opening_mm`` either side of the bend line):
at a depth d below the touch point the sheet's included angle under load is

    180 deg - 2 * atan(d / half_opening_mm)                 (180 deg = flat)

Bending is elastic for the sheet's springback angle and plastic beyond: a sheet whose free
(permanent) angle is A is touched again where the punch reaches angle A, bends back to A when
released from any loaded angle above A - springback, and is set to (loaded angle + springback)
when pressed deeper. So a sheet released from a loaded angle L springs open to L + springback,
and a re-bend changes it only once it goes deeper than that.

Signals: the servo drive's (position, in_position, standstill, ...), 'angle' (the angle sensor
in the die: the sheet's angle now, loaded or free, in 0.1 deg; 0 with no sheet) and
'sheet_present' (the back gauge: TRUE while a sheet lies in the die). Judges read `sheet`
(the sheet in the die: its free angle, springback, strokes), `removed` (every sheet taken
out, with its angle and strokes), `in_contact`, `loaded_angle` and `deepest_mm`.

A stroke is each time the punch comes into contact with the sheet (a touch that bends nothing
counts too: the machine made a stroke).

PressBrakeOperator is the person at the machine: lays sheets against the back gauge with the
ram open (reaching through the light curtain, sim.devices.light_curtain.LightCurtain), takes
each finished part out when the 'part done' lamp lights and the ram stands open, and may reach
in during a stroke (an intrusion: the curtain breaks mid-stroke).

    press = plant.add(PressBrake("press", start_mm=0.0, max_speed=100.0, accel=2000.0))
    press.load(2.0, springback_deg=3.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.devices.axis import Axis
from sim.plant import Device


@dataclass
class Sheet:
    """The sheet in the die: its free angle (deg, 180 = flat), thickness, springback, strokes."""

    number: int
    thickness_mm: float
    springback_deg: float
    angle_deg: float = 180.0        # free (permanent) angle
    strokes: int = 0
    least_loaded_deg: float = 180.0  # the smallest angle it was pressed to


class PressBrake(Axis):
    """A press brake: Axis ram plus a V-die, a sheet with springback, an angle sensor and a back
    gauge."""

    kind = "press brake"
    signals = Axis.signals + ("angle", "sheet_present")

    def __init__(self, name: str, *, shoulder_mm: float = 150.0, half_opening_mm: float = 12.0,
                 die_limit_mm: float = 170.0, x: float = 0.0, y: float = 0.0, open_mm: float = 2.0,
                 **kw: Any):
        kw.setdefault("limit_minus_mm", -5.0)
        kw.setdefault("limit_plus_mm", 180.0)
        kw.setdefault("label", "ram")
        super().__init__(name, origin=(x, y), angle_deg=-90.0, **kw)
        if half_opening_mm <= 0:
            raise ValueError(f"{name}: half_opening_mm must be positive")
        self.shoulder_mm = float(shoulder_mm)
        self.half_opening_mm = float(half_opening_mm)
        self.die_limit_mm = float(die_limit_mm)
        self.open_mm = float(open_mm)
        self.x, self.y = float(x), float(y)
        self.sheet: Sheet | None = None
        self.removed: list[dict[str, Any]] = []
        self.in_contact = False
        self.loaded_angle = 180.0     # the sheet's angle now (under load, or free)
        self.deepest_mm = self.pos    # the lowest the ram has been

    # -- the sheet ----------------------------------------------------------------------
    def load(self, thickness_mm: float, springback_deg: float, angle_deg: float = 180.0,
             number: int | None = None) -> Sheet:
        """Lay a sheet in the die (flat, or bent already to angle_deg)."""
        if self.sheet is not None:
            raise ValueError(f"{self.name}: a sheet lies in the die already")
        n = len(self.removed) + 1 if number is None else number
        self.sheet = Sheet(n, float(thickness_mm), float(springback_deg), float(angle_deg))
        self.in_contact = False
        self._bend()
        return self.sheet

    def unload(self) -> dict[str, Any] | None:
        """Take the sheet out of the die: logged in `removed` (number, angle, strokes, ...)."""
        sheet = self.sheet
        if sheet is None:
            return None
        record = {"number": sheet.number, "angle_deg": sheet.angle_deg, "strokes": sheet.strokes,
                  "thickness_mm": sheet.thickness_mm, "springback_deg": sheet.springback_deg,
                  "least_loaded_deg": sheet.least_loaded_deg, "taken_with_ram_mm": self.pos}
        self.removed.append(record)
        self.sheet = None
        self.in_contact = False
        self.loaded_angle = 180.0
        return record

    def depth_for(self, angle_deg: float) -> float:
        """Punch depth below the touch point of a flat sheet that bends it to angle_deg (loaded)."""
        return self.half_opening_mm * math.tan(math.radians((180.0 - angle_deg) / 2.0))

    def angle_at(self, pos_mm: float) -> float:
        """The loaded angle the punch at ram position pos_mm makes (180 above the sheet)."""
        sheet = self.sheet
        if sheet is None:
            return 180.0
        d = pos_mm - (self.shoulder_mm - sheet.thickness_mm)
        if d <= 0.0:
            return 180.0
        return 180.0 - 2.0 * math.degrees(math.atan(d / self.half_opening_mm))

    @property
    def touch_mm(self) -> float | None:
        """Where the ram's punch touches the sheet as it lies now (None: no sheet)."""
        sheet = self.sheet
        if sheet is None:
            return None
        return self.shoulder_mm - sheet.thickness_mm + self.depth_for(sheet.angle_deg)

    def _bend(self) -> None:
        sheet = self.sheet
        if sheet is None:
            self.in_contact, self.loaded_angle = False, 180.0
            return
        geo = self.angle_at(self.pos)
        contact = geo < sheet.angle_deg - 1e-9
        if contact and not self.in_contact:
            sheet.strokes += 1
        self.in_contact = contact
        if contact:
            sheet.least_loaded_deg = min(sheet.least_loaded_deg, geo)
            if geo + sheet.springback_deg < sheet.angle_deg:
                sheet.angle_deg = geo + sheet.springback_deg     # plastic: a new permanent set
            self.loaded_angle = geo
        else:
            self.loaded_angle = sheet.angle_deg

    # -- PLC side ---------------------------------------------------------------------
    def read(self, signal: str) -> Any:
        if signal == "angle":
            return 0 if self.sheet is None else int(round(self.loaded_angle * 10.0))
        if signal == "sheet_present":
            return self.sheet is not None
        return super().read(signal)

    @property
    def is_open(self) -> bool:
        """The ram at rest at the top (at or above open_mm): where the operator reaches in."""
        return self.pos <= self.open_mm and self.standstill

    # -- mechanics ----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        super().step(dt)
        self.deepest_mm = max(self.deepest_mm, self.pos)
        self._bend()

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        s = super().state()
        sheet = self.sheet
        s.update(x=self.x, y=self.y, shoulder_mm=self.shoulder_mm, half_opening_mm=self.half_opening_mm,
                 die_limit_mm=self.die_limit_mm, in_contact=self.in_contact, angle_deg=self.loaded_angle,
                 sheet=None if sheet is None else {
                     "number": sheet.number, "thickness_mm": sheet.thickness_mm, "free_deg": sheet.angle_deg,
                     "strokes": sheet.strokes},
                 parts_done=len(self.removed))
        return s

    def _tip_y(self, pos_mm: float) -> float:
        # plant y of the punch tip: the die's shoulders are at self.y, up is +y
        return self.y + (self.shoulder_mm - pos_mm)

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 340.0, self.y - 140.0), (self.x + 340.0, self.y + self.shoulder_mm + 200.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = self.x, self.y
        w = self.half_opening_mm
        # side housings and the lower beam with its V-die (the V opening 2 x half_opening_mm)
        frame = pen.rect_rotated(x - 300.0, y + 85.0, 410.0, 40.0, 90.0, "FRAME", border=0)
        frame += pen.rect_rotated(x + 300.0, y + 85.0, 410.0, 40.0, 90.0, "FRAME", border=0)
        pen.rect_rotated(x, y - 90.0, 560.0, 60.0, 0.0, "MACHINE_FLOOR")
        die = [(x - 60.0, y - 60.0), (x + 60.0, y - 60.0), (x + 60.0, y), (x + w, y), (x, y - 1.6 * w),
               (x - w, y), (x - 60.0, y)]
        pen.poly(die, "GUIDE")
        # the die limit: where the ram must never go (a red mark beside the die)
        ly = self._tip_y(self.die_limit_mm)
        pen.line((x - 90.0, ly), (x - 62.0, ly), "LIMIT", 2)
        pen.line((x + 62.0, ly), (x + 90.0, ly), "LIMIT", 2)
        # the sheet: two wings at the angle it has now, from the bend line
        sheet = s["sheet"]
        if sheet is not None:
            angle = s["angle_deg"]
            half = math.radians(angle / 2.0)
            vy = self._tip_y(self.pos) if s["in_contact"] else y + sheet["thickness_mm"] - \
                self.depth_for(sheet["free_deg"])
            vy = min(vy, y + sheet["thickness_mm"])
            leg = 160.0
            width = max(2, pen.mm(sheet["thickness_mm"] * 2.0))
            colour = "LIT" if s["in_contact"] else "PART"
            for side in (-1.0, 1.0):
                root = (x, vy - sheet["thickness_mm"] / 2)
                tip = (x + side * leg * math.sin(half), root[1] + leg * math.cos(half))
                pen.line(root, tip, colour, width)
        # the ram (upper beam) and its punch, at the ram's position
        tip = self._tip_y(self.pos)
        col = "FAULT" if s["fault"] else ("CARRIAGE" if s["enabled"] else pen.shade("CARRIAGE", 0.55))
        ram = pen.rect_rotated(x, tip + 110.0, 560.0, 70.0, 0.0, col)
        pen.poly([(x - 20.0, tip + 75.0), (x + 20.0, tip + 75.0), (x + 4.0, tip + 8.0), (x, tip),
                  (x - 4.0, tip + 8.0)], "PLATE")
        # back gauge finger behind the die, lit while a sheet lies against it
        pen.rect_rotated(x + 200.0, y + 12.0, 24.0, 30.0, 0.0, "SENSOR_BODY")
        pen.circle(x + 200.0, y + 34.0, 6.0, "LIT" if sheet is not None else "UNLIT", min_px=3)
        text = f"{s['label']}  {s['position_mm']:.1f} mm"
        if sheet is not None:
            text += f"   sheet {sheet['number']}: {angle:.1f} deg  strokes {sheet['strokes']}"
        pen.label(text, x, y + self.shoulder_mm + 175.0)
        pen.label(f"parts done {s['parts_done']}", x + 200.0, y - 40.0)
        if s["fault"] and s.get("fault_text"):
            pen.label(s["fault_text"], x, y + self.shoulder_mm + 200.0, "FAULT")
        pen.hot(self.name, "axis", frame + ram, pad=4)


@dataclass(frozen=True)
class Intrusion:
    """The operator reaches into the opening while sheet `part` (1-based) is in the die, the first
    time the ram passes `at_mm` going down, and stays `stay_s`."""

    part: int
    at_mm: float
    stay_s: float


class PressBrakeOperator(Device):
    """The person at a press brake, through its light curtain (`curtain`: operate True = a person
    in the opening).

    From `first_s`, once the ram stands open, reaches in and lays sheet 1 (feed_s[0]), stays in
    `leave_s[0]` more and steps out. When the `lamp` (a Lamp: 'part done') is on, the ram open
    and the operator out, after answer_s[k] reaches in, takes the part out at once and, while
    sheets are left, lays the next (feed_s) and steps out after leave_s; take_s is the time
    from the grip on the finished part to the start of laying the next one. Each per-part
    tuple's last value repeats. `sheets` are (thickness_mm, springback_deg) per part; with
    `preloaded` sheet 1 lies in the die at power-up (bent to `preloaded_deg`)."""

    kind = "operator"
    layer = 6

    def __init__(self, name: str, *, press: str, curtain: str, lamp: str,
                 sheets: tuple[tuple[float, float], ...], first_s: float = 1.0,
                 feed_s: tuple[float, ...] = (2.0,), leave_s: tuple[float, ...] = (0.5,),
                 answer_s: tuple[float, ...] = (0.8,), take_s: tuple[float, ...] = (0.8,),
                 intrusions: tuple[Intrusion, ...] = (), preloaded: bool = False,
                 preloaded_deg: float = 180.0, x: float = 0.0, y: float = 0.0, label: str = ""):
        super().__init__(name)
        if not sheets:
            raise ValueError(f"operator {name!r} needs at least one sheet")
        self.press_name, self.curtain_name, self.lamp_name = press, curtain, lamp
        self.sheets = tuple((float(t), float(s)) for t, s in sheets)
        self.first_s = float(first_s)
        self.feed_s, self.leave_s = tuple(feed_s), tuple(leave_s)
        self.answer_s, self.take_s = tuple(answer_s), tuple(take_s)
        self.intrusions = tuple(intrusions)
        self.preloaded, self.preloaded_deg = bool(preloaded), float(preloaded_deg)
        self.x, self.y = float(x), float(y)
        self.label = label or name
        self.time = 0.0
        self.laid = 0                 # sheets laid so far
        self.phase = "before"         # before, loading, leaving, out, taking, done
        self.until = self.first_s     # when the running phase ends (or the first load may start)
        self.due: float | None = None  # when the answer to the lamp is due
        self.intruding_until: float | None = None
        self.intruded: set[int] = set()
        self.log: list[tuple[float, str]] = []
        self._press: Any = None
        self._curtain: Any = None
        self._lamp: Any = None

    @staticmethod
    def _nth(values: tuple[float, ...], k: int) -> float:
        return float(values[min(k, len(values) - 1)])

    def attach(self, plant) -> None:
        super().attach(plant)

    def _bind(self) -> None:
        plant = self.plant
        self._press, self._curtain, self._lamp = plant[self.press_name], plant[self.curtain_name], \
            plant[self.lamp_name]   # type: ignore[index]
        if self.preloaded and self.laid == 0:
            t, s = self.sheets[0]
            self._press.load(t, s, self.preloaded_deg, number=1)
            self.laid = 1
            self.phase = "out"

    def _lay(self) -> None:
        t, s = self.sheets[self.laid]
        self.laid += 1
        self._press.load(t, s, number=self.laid)
        self.log.append((round(self.time, 3), f"laid sheet {self.laid}"))

    @property
    def inside(self) -> bool:
        """The operator's hands are in the opening now."""
        return self.phase in ("loading", "leaving", "taking") or self.intruding_until is not None

    def step(self, dt: float) -> None:
        if self._press is None:
            self._bind()
        self.time = t = self.time + dt
        press = self._press
        phase = self.phase
        if phase == "before":
            if t + 1e-9 >= self.until and press.is_open and press.sheet is None:
                self.phase, self.until = "loading", t + self._nth(self.feed_s, self.laid)
        elif phase == "loading":
            if t + 1e-9 >= self.until:
                k = self.laid
                self._lay()
                self.phase, self.until = "leaving", t + self._nth(self.leave_s, k)
        elif phase == "leaving":
            if t + 1e-9 >= self.until:
                self.phase, self.due = "out", None
        elif phase == "out":
            ready = (self._lamp.on and press.is_open and press.sheet is not None
                     and self.intruding_until is None)
            if not ready:
                self.due = None
            elif self.due is None:
                self.due = t + self._nth(self.answer_s, len(press.removed))
            elif t + 1e-9 >= self.due:
                k = len(press.removed)
                press.unload()
                self.log.append((round(t, 3), f"took part {k + 1}"))
                self.phase, self.until, self.due = "taking", t + self._nth(self.take_s, k), None
            self._intrude(t)
        elif phase == "taking":
            if t + 1e-9 >= self.until:
                if self.laid < len(self.sheets):
                    self.phase, self.until = "loading", t + self._nth(self.feed_s, self.laid)
                else:
                    self.phase = "done"
        self._curtain.operate(self.inside)

    def _intrude(self, t: float) -> None:
        if self.intruding_until is not None:
            if t + 1e-9 >= self.intruding_until:
                self.intruding_until = None
            return
        sheet = self._press.sheet
        if sheet is None:
            return
        for n, intrusion in enumerate(self.intrusions):
            due = intrusion.part == sheet.number and self._press.pos >= intrusion.at_mm
            if n not in self.intruded and due:
                self.intruded.add(n)
                self.intruding_until = t + intrusion.stay_s
                self.log.append((round(t, 3), f"reached in at {self._press.pos:.1f} mm"))
                return

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "phase": self.phase, "inside": self.inside, "laid": self.laid,
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 40.0, self.y - 10.0), (self.x + 60.0, self.y + 200.0)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = self.x, self.y
        colour = "FAULT" if s["inside"] else "SENSOR_BODY"
        # a person standing at the machine: head, body, and an arm reaching in while inside
        pen.circle(x, y + 170.0, 16.0, colour)
        pen.line((x, y + 152.0), (x, y + 70.0), colour, max(3, pen.mm(14)))
        pen.line((x, y + 70.0), (x - 18.0, y), colour, max(2, pen.mm(10)))
        pen.line((x, y + 70.0), (x + 18.0, y), colour, max(2, pen.mm(10)))
        reach = 150.0 if s["inside"] else 40.0
        pen.line((x, y + 130.0), (x + reach, y + 110.0), colour, max(2, pen.mm(10)))
        pts = pen.rect_rotated(x, y + 100.0, 60.0, 200.0, 90.0, "SENSOR_BODY", border=1)
        pen.label(f"{s['label']}: {s['phase']}", x, y - 20.0)
        pen.hot(self.name, self.kind, pts)
