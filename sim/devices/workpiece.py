"""Workpieces (dynamic pymunk bodies) and the feeder that puts them into the plant.

The plant is seen from above, so nothing falls and nothing drags a part by friction. Instead
every part, in its pymunk velocity callback, asks which surface lies under its centre: on a belt it is
driven toward the belt's surface velocity (along the belt and damped across it); on the
floor or a table its motion dies out (floor friction). Contacts with rods, stoppers, guides
and other parts are real pymunk contacts.

Parts and belts of one plant are found through `material_flow(plant)`, a small registry kept
on the plant object, so sensors and belts loop over parts without scanning every device.

    part = plant.add(Workpiece("part1", x=200, y=100, part_kind="A", colour="red", material="metal"))
    part.state()   # {'x': 200.0, 'y': 100.0, 'angle_deg': 0.0, 'shape': 'box', ...}
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

# pymunk's own C bindings: every Body property wraps one of these calls in two Python calls
# (a typing mixin's __setattr__, the property) and a Vec2d; a part's step and the sensors
# reading its position call them directly, for the very same values.
from pymunk._chipmunk_cffi import lib as _cp

from sim.drawing import part_label
from sim.plant import Device, Plant

_get_velocity = _cp.cpBodyGetVelocity          # bound once: a part's step calls them every substep
_get_spin = _cp.cpBodyGetAngularVelocity
_set_force = _cp.cpBodySetForce
_set_torque = _cp.cpBodySetTorque
_get_position = _cp.cpBodyGetPosition          # xy() and half_extent(), for every sensor of every substep
_get_rotation = _cp.cpBodyGetRotation

# Renderer colours by name (RGB 0..255); a part's colour is also reported by inspection sensors.
COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (200, 40, 40),
    "green": (40, 160, 60),
    "blue": (40, 80, 200),
    "yellow": (230, 200, 40),
    "black": (40, 40, 40),
    "silver": (180, 180, 190),
    "white": (235, 235, 235),
    "orange": (240, 130, 30),
}
# Code words an inspection sensor reports for a colour (0 = no result).
COLOUR_CODES: dict[str, int] = {name: i + 1 for i, name in enumerate(COLOURS)}

FLOOR_TAU_S = 0.08   # a part pushed off a belt slides to rest within a few tenths of a second
BELT_TAU_S = 0.02    # how quickly a belt takes a part up to its speed


class _Unknown:
    surface_vx = surface_vy = float("nan")


_UNKNOWN = _Unknown()   # surface not looked up yet: forces one look-up


class MaterialFlow:
    """The parts and the driven surfaces (belts) of one plant."""

    def __init__(self) -> None:
        self.parts: list[Workpiece] = []
        self.belts: list[Any] = []      # sim.devices.conveyor.Conveyor, added by add_belt
        self.created = 0                # parts ever created, for unique names
        # what the photo-eyes look at in one physics substep (`seen`), and the tick it was made at
        self._seen: tuple[list[tuple[float, float, float, Workpiece]], list[Workpiece]] = ([], [])
        self._seen_tick = -1
        self._seen_every_free = False   # `seen`'s free rows hold every free part (none lifted)
        # counts changed() calls: a device's own cache of the parts (made at one tick) holds
        # while the tick and this number stand
        self.version = 0
        # TRUE while every belt is a conveyor that never moves (a transfer car's deck does): a
        # part's surface look-up may then be kept while the part stays clear of every belt edge
        self.belts_fixed = True

    def add_belt(self, belt: Any) -> None:
        """A belt (a Conveyor attaching): every part looks its surface up afresh at its next move."""
        self.belts.append(belt)
        from sim.devices.conveyor import Conveyor
        from sim.devices.proved_conveyor import ProvedConveyor
        from sim.devices.two_speed_conveyor import TwoSpeedConveyor

        fixed = (Conveyor, ProvedConveyor, TwoSpeedConveyor)    # exact types: a subclass may move
        self.belts_fixed = all(type(b) in fixed for b in self.belts)
        for part in self.parts:
            part._keep2 = -1.0
            part._belts_fixed = self.belts_fixed

    def seen(self, tick: int) -> tuple[list[tuple[float, float, float, Workpiece]], list[Workpiece]]:
        """The parts a beam can see at plant tick `tick`: (x, y, radius, part) of every free part not
        lifted, read once and shared by every eye of the substep, and the held parts not lifted
        (their holder may move them at any time, so an eye reads them afresh). Made again at the
        next tick or once a part is added, removed, lifted, set down, grabbed or released."""
        if self._seen_tick == tick:
            return self._seen
        free: list[tuple[float, float, float, Workpiece]] = []
        held: list[Workpiece] = []
        lifted_free = False
        for part in self.parts:
            if part.lifted:
                lifted_free = lifted_free or part.holder is None
                continue
            if part.holder is None:
                if part._xy_tick == tick:
                    px, py = part._xy
                else:                   # part.xy() in line: read once for the tick, kept
                    v = _get_position(part._cpbody)
                    px = v.x
                    py = v.y
                    part._xy = (px, py)
                    part._xy_tick = tick
                free.append((px, py, part.radius, part))
            else:
                held.append(part)
        self._seen = free, held
        self._seen_tick = tick
        self._seen_every_free = not lifted_free
        return self._seen

    def changed(self) -> None:
        """A part added, removed, lifted, set down, grabbed or released: `seen` is made afresh."""
        self._seen_tick = -1
        self.version += 1


def material_flow(plant: Plant) -> MaterialFlow:
    return plant.shared("material_flow", MaterialFlow)


class PartDevice(Device):
    """A device that senses or handles workpieces: once attached, `self.flow` holds the
    plant's parts and belts."""

    flow: MaterialFlow

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        self.flow = material_flow(plant)


class Workpiece(Device):
    """One part: a box (width x length) or a round part (diameter = width), seen from above.

    part_kind: the part type the task sorts by ('A', 'B', 'ring' ...); code: its numeric kind code
    (what an inspection sensor reports); colour: a name from COLOURS; material: 'metal' or
    'plastic' (inductive sensors see only metal); height_mm: measured by inspection sensors.
    """

    kind = "workpiece"
    layer = 4

    def __init__(self, name: str, x: float, y: float, *, part_kind: str = "A", code: int = 1,
                 colour: str = "silver", material: str = "metal", height_mm: float = 30.0,
                 shape: str = "box", width: float = 50.0, length: float = 50.0,
                 angle_deg: float = 0.0, mass: float = 0.2):
        super().__init__(name)
        if shape not in ("box", "circle"):
            raise ValueError(f"workpiece {name!r}: shape must be 'box' or 'circle', not {shape!r}")
        if material not in ("metal", "plastic"):
            raise ValueError(f"workpiece {name!r}: material must be 'metal' or 'plastic', not {material!r}")
        if colour not in COLOURS:
            raise ValueError(f"workpiece {name!r}: unknown colour {colour!r}; known: {', '.join(COLOURS)}")
        self.part_kind = part_kind
        self.code = int(code)
        self.colour = colour
        self.material = material
        self.height_mm = float(height_mm)
        self.shape_name = shape
        self.width = float(width)
        self.length = float(length) if shape == "box" else float(width)
        self.body = pymunk.Body()
        self._cpbody = self.body._body    # the chipmunk body behind it, for _cp calls
        self.body.position = (float(x), float(y))
        self.body.angle = math.radians(angle_deg)
        if shape == "box":
            self.shape: pymunk.Shape = pymunk.Poly.create_box(self.body, (self.length, self.width))
            self.radius = 0.5 * math.hypot(self.length, self.width)
        else:
            self.shape = pymunk.Circle(self.body, self.width / 2)
            self.radius = self.width / 2
        self.shape.mass = mass
        self.shape.friction = 0.4
        self.shape.elasticity = 0.0
        self.holder: Any = None        # the gripper holding it, which then moves it
        self.lifted = False            # lifted parts (carried by a robot) touch nothing
        self.removed = False
        self._k_cache: tuple[float, ...] = (-1.0, 0.0, 0.0, 0.0, 0.0)
        self.flow: MaterialFlow | None = None
        self._surface: Any = _UNKNOWN   # the belt under the part at its last move, None = floor
        self._xy = (float(x), float(y))
        self._xy_tick = -1              # the plant tick at which _xy was read from the body
        # the surface look-up holds while the part's centre stays within sqrt(_keep2) mm of
        # (_keep_x, _keep_y), where it was made (-1: look it up at the next move)
        self._keep_x = self._keep_y = 0.0
        self._keep2 = -1.0
        self._belts_fixed = False       # the flow's belts_fixed, kept up to date by the flow

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        plant.space.add(self.body, self.shape)
        self.flow = material_flow(plant)
        self.flow.parts.append(self)
        self._belts_fixed = self.flow.belts_fixed
        self.flow.changed()

    # -- geometry used by sensors and grippers ------------------------------------------
    @property
    def x(self) -> float:
        return self.body.position.x

    @property
    def y(self) -> float:
        return self.body.position.y

    def xy(self) -> tuple[float, float]:
        """The centre (x, y) for devices inside a plant step: read from pymunk once per physics
        substep and shared by every sensor, belt and chute that looks at the part. A free part
        moves only in the space step (after which the plant's tick advances) or by hand between
        plant steps (each plant step advances the tick first); a held part moves with its
        holder at any time, so it is always read afresh."""
        tick = self.plant.tick          # type: ignore[union-attr]
        if self._xy_tick == tick:
            return self._xy
        v = _get_position(self._cpbody)
        xy = self._xy = (v.x, v.y)
        if self.holder is None:
            self._xy_tick = tick
        return xy

    def half_extent(self, nx: float, ny: float) -> float:
        """Half the part's size measured along the unit direction (nx, ny)."""
        if self.shape_name == "circle":
            return self.radius
        rot = _get_rotation(self._cpbody)
        c, s = rot.x, rot.y
        # local x axis is the length, local y axis the width
        return 0.5 * (self.length * abs(nx * c + ny * s) + self.width * abs(-nx * s + ny * c))

    # -- life cycle ----------------------------------------------------------------------
    def _changed(self) -> None:
        if self.flow is not None:
            self.flow.changed()

    def remove(self) -> None:
        """Take the part out of the plant (collected in a bin, taken away by the operator)."""
        if self.removed or self.plant is None:
            return
        self.removed = True
        if self.holder is not None:
            self.holder.drop()
        self.plant.space.remove(self.body, self.shape)
        self.plant.remove(self.name)
        if self.flow is not None and self in self.flow.parts:
            self.flow.parts.remove(self)
            self.flow.changed()

    def set_lifted(self, lifted: bool) -> None:
        """A lifted part (carried above the belt) passes over other parts and guides."""
        self.lifted = bool(lifted)
        self.shape.sensor = self.lifted
        self._changed()

    def grab(self, holder: Any) -> None:
        """Called by a gripper: the part stops being free and moves with the holder."""
        self.holder = holder
        self._xy_tick = -1              # held: its holder moves it, so never cached
        self._changed()
        self.body.body_type = pymunk.Body.KINEMATIC
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0

    def release(self) -> None:
        self.holder = None
        self._xy_tick = -1
        self._surface = _UNKNOWN
        self._keep2 = -1.0
        self._changed()
        self.body.body_type = pymunk.Body.DYNAMIC
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
        self.set_lifted(False)

    # -- physics -------------------------------------------------------------------------
    def _gains(self, h: float) -> tuple[float, float, float, float]:
        """Per substep length h: the blend factor toward the belt and toward rest, and the
        same as force and torque gains (mass / h, moment / h), computed once and cached."""
        if self._k_cache[0] != h:
            kb = 1.0 - math.exp(-h / BELT_TAU_S)
            kf = 1.0 - math.exp(-h / FLOOR_TAU_S)
            m = self.shape.mass / h
            i = self.body.moment / h
            self._k_cache = (h, kb * m, kf * m, kb * i, kf * i)
        return self._k_cache[1:]

    def _look_up(self, px: float, py: float) -> Any:
        """The first belt of the flow whose rectangle holds (px, py), None = the floor; kept in
        _surface. With belts that never move, also how far the centre may go before the answer
        can change: the least room to an edge of that belt, or to any belt before it (their
        rectangles, which the loop tests first), or to every belt when on none; kept as
        _keep2, its square, less 1e-6 mm (rounding of the along/across sums is ~1e-12 mm).
        Only while the belts are fixed (MaterialFlow.belts_fixed)."""
        flow = self.flow
        room = math.inf
        found = None
        for belt in flow.belts:         # type: ignore[union-attr]
            dx = px - belt.x
            dy = py - belt.y
            along = dx * belt.ux + dy * belt.uy
            across = dy * belt.ux - dx * belt.uy
            out_along = abs(along) - belt.half_length
            out_across = abs(across) - belt.half_width
            if (-belt.half_length <= along <= belt.half_length
                    and -belt.half_width <= across <= belt.half_width):     # the step's own test
                found = belt
                room = min(room, -out_along, -out_across)
                break
            room = min(room, max(out_along, out_across))    # >= 0 outside: a lower bound of the distance
        self._surface = found
        room -= 1e-6
        if room > 0.0:
            self._keep_x = px
            self._keep_y = py
            self._keep2 = room * room
        else:
            self._keep2 = -1.0
        return found

    def step(self, dt: float) -> None:
        """Drive the part toward the velocity of the surface under it. The drive is a force,
        applied in the velocity phase of the next space step, before the contact solver, so
        a part driven into a stop is held back without sinking into it (setting the velocity
        here instead would move it into the stop before contacts act)."""
        if self.holder is not None:
            return                      # the gripper moves a held part
        body = self._cpbody
        v = _get_velocity(body)
        vx, vy = v.x, v.y
        wx = _get_spin(body)
        if vx == 0.0 and vy == 0.0 and wx == 0.0:
            # at rest: it stays so unless the surface it last lay on starts moving (a contact
            # that moves it gives it velocity first), so skip the position look-up
            belt = self._surface
            if belt is None or (belt is not _UNKNOWN and belt.surface_vx == 0.0 and belt.surface_vy == 0.0):
                return
        px, py = self._xy if self._xy_tick == self.plant.tick else self.xy()   # type: ignore[union-attr]
        if self._belts_fixed:
            dx = px - self._keep_x
            dy = py - self._keep_y
            if dx * dx + dy * dy < self._keep2:
                # still as far inside its belt (and outside every belt before it) as the last
                # look-up found room for: the same surface (the belts do not move)
                belt = self._surface
            else:
                belt = self._look_up(px, py)
        else:                           # a belt moves: the first belt under the centre, every move
            for belt in self.flow.belts:    # type: ignore[union-attr]
                dx = px - belt.x
                dy = py - belt.y
                along = dx * belt.ux + dy * belt.uy
                if -belt.half_length <= along <= belt.half_length:
                    across = dy * belt.ux - dx * belt.uy
                    if -belt.half_width <= across <= belt.half_width:
                        break
            else:
                belt = None
            self._surface = belt
        if belt is None:
            svx = svy = 0.0
            on_belt = False
        else:
            svx = belt.surface_vx
            svy = belt.surface_vy
            on_belt = True
        if vx == svx and vy == svy and wx == 0.0:
            return
        if svx == 0.0 and svy == 0.0 and abs(vx) < 0.05 and abs(vy) < 0.05 and abs(wx) < 1e-3:
            _cp.cpBodySetVelocity(body, (0.0, 0.0))  # come to rest exactly so the part costs nothing further
            _cp.cpBodySetAngularVelocity(body, 0.0)
            return
        k = self._k_cache
        if k[0] != dt:
            self._gains(dt)
            k = self._k_cache
        m = k[1] if on_belt else k[2]          # as _gains: (h, gain belt, floor, turn belt, floor)
        _set_force(body, ((svx - vx) * m, (svy - vy) * m))
        if wx != 0.0:
            _set_torque(body, -wx * (k[3] if on_belt else k[4]))

    def state(self) -> dict[str, Any]:
        px, py = self.body.position
        return {
            "x": px, "y": py, "angle_deg": math.degrees(self.body.angle),
            "shape": self.shape_name, "width": self.width, "length": self.length,
            "colour": self.colour, "rgb": COLOURS[self.colour], "material": self.material,
            "part_kind": self.part_kind, "code": self.code, "height_mm": self.height_mm,
            "held": self.holder is not None, "lifted": self.lifted,
        }

    def extent(self) -> list[tuple[float, float]]:
        return []  # parts move; the plant around them sets the view

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        col = pen.rgb(s.get("rgb") or s.get("colour"))
        if s.get("shape") == "circle":
            pen.circle(x, y, s["width"] / 2, col)
            pen.circle(x, y, s["width"] / 2, pen.shade(col, 0.55), width=2)
            half = s["width"] / 2
            pts = [pen.px(x - half, y - half), pen.px(x + half, y + half)]
        else:
            angle = s.get("angle_deg", 0.0)
            pts = pen.rect_rotated(x, y, s["length"], s["width"], angle, col)
            pen.rect_rotated(x, y, s["length"], s["width"], angle, pen.shade(col, 0.55), border=2)
        text = part_label(pen, s)
        if text:
            fg = (20, 20, 20) if sum(col) > 380 else (245, 245, 245)
            # with the labels, so a beam across the part does not hide it
            pen.label(text, x, y, fg, 12, fixed=True)
        if s.get("held"):
            pen.circle(x, y, s["width"] / 2 + 6, "HELD", width=2)
        pen.hot(name, "workpiece", pts)


class Feeder(PartDevice):
    """Puts parts into the plant at (x, y): a magazine, an upstream line or the operator.

    schedule: a list of (time_s, spec) where spec holds Workpiece keyword arguments (part_kind,
    colour, width ...). A part is released at its time, or as soon as the drop place is
    clear if an earlier part still sits there (a real magazine cannot stack parts).
    Released parts are named '<prefix>1', '<prefix>2' ... in release order.
    only_while: (device, signal) of the plant, e.g. ("feed_pusher", "retracted"): a gravity
    magazine drops its next part only while that signal is TRUE (while the pusher is out,
    the part rests on the pusher's slide).
    paced_by: (device, signal), e.g. ("belt", "running"): an upstream line interlocked with the
    belt it feeds: the schedule's clock runs only while that signal is TRUE, so a belt that
    stops holds back the parts still to come and they keep their spacing when it restarts.
    clearance_mm: extra free space the drop place needs around the part (an upstream line
    that hands a part over only once the previous one is that far away), 0 = just room for it.
    Signals: 'empty' (TRUE when the schedule is used up). Command: none; `release(spec)`
    drops one part now (for operator actions).
    """

    kind = "feeder"
    layer = 1
    signals = ("empty",)

    def __init__(self, name: str, x: float, y: float, schedule: list[tuple[float, dict]] | None = None,
                 *, prefix: str = "part", angle_deg: float = 0.0, speed: tuple[float, float] = (0.0, 0.0),
                 only_while: tuple[str, str] | None = None, clearance_mm: float = 0.0,
                 paced_by: tuple[str, str] | None = None):
        super().__init__(name)
        self.only_while = only_while
        self.paced_by = paced_by
        self._pacer: Device | None = None
        self.clearance_mm = float(clearance_mm)
        self._gate: Device | None = None   # the only_while device, looked up at the first drop
        self.x = float(x)
        self.y = float(y)
        self.angle_deg = angle_deg
        self.speed = speed              # initial velocity of a released part (mm/s), e.g. onto a belt
        self.schedule = sorted(schedule or [], key=lambda item: item[0])
        self.prefix = prefix
        self._next = 0
        self._t = 0.0
        self.released: list[Workpiece] = []
        self._size_of: dict | None = None   # the spec _size was worked out for
        self._size = 0.0

    def read(self, signal: str) -> Any:
        if signal == "empty":
            return self._next >= len(self.schedule)
        return super().read(signal)

    def _device(self, name: str) -> Device:
        try:
            return self.plant[name]      # type: ignore[index]
        except KeyError:
            raise KeyError(f"feeder {self.name!r} waits for device {name!r}, which the plant "
                           "does not have") from None

    def _gate_open(self) -> bool:
        if self.only_while is None:
            return True
        name, signal = self.only_while
        if self._gate is None:
            self._gate = self._device(name)
        return bool(self._gate.read(signal))

    def _paced(self) -> bool:
        if self.paced_by is None:
            return True
        name, signal = self.paced_by
        if self._pacer is None:
            self._pacer = self._device(name)
        return bool(self._pacer.read(signal))

    def _place_clear(self, spec: dict) -> bool:
        if spec is not self._size_of:       # the carton's size, worked out once per spec it waits with
            self._size_of = spec
            width = float(spec.get("width", 50.0))
            self._size = max(width, float(spec.get("length", width)))
        size = self._size
        tick = self.plant.tick              # type: ignore[union-attr]
        for part in self.flow.parts:
            reach = 0.5 * size + part.radius + self.clearance_mm
            px, py = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
            if abs(px - self.x) < reach and abs(py - self.y) < reach:
                return False
        return True

    def release(self, spec: dict | None = None) -> Workpiece:
        spec = dict(spec or {})
        self.flow.created += 1
        name = spec.pop("name", f"{self.prefix}{self.flow.created}")
        spec.setdefault("angle_deg", self.angle_deg)
        part = Workpiece(name, self.x, self.y, **spec)
        self.plant.add(part)            # type: ignore[union-attr]
        part.body.velocity = self.speed
        self.released.append(part)
        return part

    def step(self, dt: float) -> None:
        if self.paced_by is None or self._paced():     # _paced's own first test, without the call
            self._t += dt
        if self._next < len(self.schedule):
            t, spec = self.schedule[self._next]
            if self._t + 1e-9 >= t and self._gate_open() and self._place_clear(spec):
                self._next += 1
                self.release(spec)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "angle_deg": self.angle_deg,
                "released": len(self.released), "pending": len(self.schedule) - self._next}

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y = s["x"], s["y"]
        pts = pen.rect_rotated(x, y, 70, 70, s.get("angle_deg", 0.0), "FEEDER", border=2)
        pen.label(f"{name} ({s.get('pending', 0)} to come)", x, y - 50)
        pen.hot(name, "feeder", pts)
