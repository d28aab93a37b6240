"""AGV loop: automated guided vehicles on a one-way loop of blocks, with a charger siding, a drop
stand and the transfer stations that load them.

The loop is a closed guide path of `blocks` equal blocks (one way, path position `s` in mm from
0 at the start of block 1, wrapping at the loop's length). A siding runs beside the last block
(from its start to the loop's start, where it merges into block 1) with a charger at its middle;
an AGV takes the siding when its front passes the diverge point with its `siding` command on.

Each AGV (`AGV`, a plain record the loop steps) drives forward only: while `go` is on it drives
toward its `target` (a path position, always ahead: the way forward round the loop) at its own
speed and acceleration and stops there; `go` off brakes it to a stop at its acceleration (never
past its target). Standing within `tolerance_mm` of its target it is in position (`arrived`) and
does not creep the rest of the way. A new
target while it drives takes effect at once (it can be lengthened on the way). Its battery
drains per metre travelled (each AGV its own rate); standing still at the charger with `charge`
on it charges at the charger's rate; an empty battery stops it. A fault (its bumper: a
`fault_at_s` time of the AGV's own) stops it at once; a rising edge of `reset` clears it, and
it then drives only after a fresh rising edge of `go`.

Loads: a TransferStation's finished work hands its load onto the AGV standing still within
`tolerance_mm` of the station with an empty deck; with none there (or a loaded one) the load
falls (logged in `lost`). An AGV's deck rollers (`unload`) push its load off in `unload_s`: onto
the drop stand (delivered, logged in `delivered`) when it stands still there, else onto the
floor (lost). Each load is a job: `jobs` maps its id to the time its station raised the request
(0 for a load on board at power-up).

    loop = plant.add(AGVLoop("agvs", stations=(st1, st2), drop_mm=6750.0, agvs=(AGV(1, 0.0, ...),)))
    loop.write("agv1_target", 750); loop.write("agv1_go", True)
"""

from __future__ import annotations

import math
from typing import Any

from sim.plant import Device

EMERGENCY_DECEL = 5000.0  # mm/s^2: the bumper stop


class AGV:
    """One vehicle's state (stepped by its AGVLoop)."""

    def __init__(
        self,
        number: int,
        start_mm: float,
        *,
        speed: float,
        accel: float,
        drain_per_m: float,
        battery: float,
        on_siding: bool = False,
        load: Any = None,
        fault_at_s: float | None = None,
        length_mm: float = 500.0,
    ):
        self.number = number
        self.pos = float(start_mm)  # the front's path position (mm)
        self.via_siding = on_siding  # some of the body is on the siding
        self.vel = 0.0
        self.speed, self.accel, self.drain_per_m = speed, accel, drain_per_m
        self.battery = float(battery)  # %
        self.length = length_mm
        self.load = load
        self.fault_at_s = fault_at_s
        self.fault = False
        self.faults = 0
        self.need_go_edge = False
        self.target = float(start_mm)
        self.go = self.siding = self.charge = self.unload = self.reset = False
        self.was_go = self.was_reset = False
        self.roll_s = 0.0
        self.charging = False
        self.travelled = 0.0
        self.lowest = float(battery)


SIGNALS = ("position", "still", "arrived", "loaded", "fault", "battery", "on_siding", "charging")
COMMANDS = {"target": int, "go": bool, "siding": bool, "charge": bool, "unload": bool, "reset": bool}
MAX_AGVS = 4


class AGVLoop(Device):
    kind = "agv_loop"
    layer = 1
    # every signal is published into an attribute of its name once a step, every command stored in
    # one (the session binds the I/O points to them: no call per scan); AGVs numbered 1..MAX_AGVS
    plain_signals = {f"agv{n}_{s}": f"agv{n}_{s}" for n in range(1, MAX_AGVS + 1) for s in SIGNALS}
    plain_commands = {
        f"agv{n}_{c}": (f"agv{n}_{c}", t) for n in range(1, MAX_AGVS + 1) for c, t in COMMANDS.items()
    }

    def __init__(
        self,
        name: str,
        *,
        agvs: tuple[AGV, ...],
        stations=(),
        drop_mm: float,
        charger_mm: float | None = None,
        blocks: int = 6,
        block_mm: float = 1500.0,
        charge_rate: float = 3.0,
        unload_s: float = 1.5,
        tolerance_mm: float = 5.0,
        origin: tuple[float, float] = (300.0, 1900.0),
        size: tuple[float, float] = (3000.0, 1500.0),
        siding_offset_mm: float = 500.0,
    ):
        super().__init__(name)
        self.agvs = tuple(agvs)
        self.stations = tuple(stations)
        self.n_blocks, self.block_mm = blocks, block_mm
        self.length = blocks * block_mm
        self.diverge_mm = self.length - block_mm  # the siding runs beside the last block
        self.charger_mm = self.diverge_mm + block_mm / 2 if charger_mm is None else charger_mm
        self.drop_mm = drop_mm
        self.charge_rate, self.unload_s, self.tol = charge_rate, unload_s, tolerance_mm
        self.origin, self.size, self.siding_offset = origin, size, siding_offset_mm
        self.t = 0.0
        self.jobs: dict[Any, float] = {}  # job id -> when its request was raised (s)
        self.loaded: dict[Any, tuple[float, int]] = {}  # job id -> (when, AGV)
        self.delivered: dict[Any, float] = {}  # job id -> when it was rolled onto the drop stand
        self.lost: list[tuple[float, Any, str]] = []
        self._served = [st.served for st in self.stations]
        self._request = [False] * len(self.stations)
        for a in self.agvs:
            if a.load is not None:
                self.jobs[a.load] = 0.0
                self.loaded[a.load] = (0.0, a.number)
        self.signals = tuple(f"agv{a.number}_{s}" for a in self.agvs for s in SIGNALS)
        self.commands = tuple(f"agv{a.number}_{c}" for a in self.agvs for c in COMMANDS)
        self._names = {a.number: {c: f"agv{a.number}_{c}" for c in (*SIGNALS, *COMMANDS)} for a in self.agvs}
        for a in self.agvs:
            names = self._names[a.number]
            setattr(self, names["target"], int(round(a.target)))
            for c in ("go", "siding", "charge", "unload", "reset"):
                setattr(self, names[c], False)
        self.blocks: list[set[int]] = []
        self._where: list[tuple[float, bool]] = []
        self._seen: dict[int, tuple] = {}
        self._publish()

    # --- I/O ---------------------------------------------------------------------------------

    def write(self, command, value):
        if command in self.commands:
            conv = COMMANDS[command.partition("_")[2]]
            setattr(self, command, conv(value))
        else:
            super().write(command, value)

    def read(self, signal):
        if signal in self.signals:
            return getattr(self, signal)
        return super().read(signal)

    def _take_commands(self) -> None:
        n = int(self.length)
        for a in self.agvs:
            names = self._names[a.number]
            a.target = float(int(getattr(self, names["target"])) % n)
            a.go = getattr(self, names["go"])
            a.siding = getattr(self, names["siding"])
            a.charge = getattr(self, names["charge"])
            a.unload = getattr(self, names["unload"])
            a.reset = getattr(self, names["reset"])

    def _publish(self) -> None:
        n = int(self.length)
        for a in self.agvs:
            seen = (a.pos, a.vel, a.target, a.battery, a.load, a.fault, a.via_siding, a.charging)
            if seen == self._seen.get(a.number):
                continue  # nothing of it changed: its signals stand
            self._seen[a.number] = seen
            names = self._names[a.number]
            still = a.vel == 0.0
            setattr(self, names["position"], int(round(a.pos)) % n)
            setattr(self, names["still"], still)
            setattr(self, names["arrived"], still and self.gap(a.pos, a.target) <= self.tol and not a.fault)
            setattr(self, names["loaded"], a.load is not None)
            setattr(self, names["fault"], a.fault)
            setattr(self, names["battery"], int(round(a.battery * 10)))
            setattr(self, names["on_siding"], self.on_siding(a))
            setattr(self, names["charging"], a.charging)
        where = [(a.pos, a.via_siding) for a in self.agvs]
        if where != self._where:  # blocks worked out again only once an AGV has moved
            self._where = where
            self.blocks = [self.blocks_of(a) for a in self.agvs]

    # --- geometry ----------------------------------------------------------------------------

    def gap(self, a_mm: float, b_mm: float) -> float:
        """Distance between two path positions either way round (mm)."""
        d = abs(a_mm - b_mm) % self.length
        return min(d, self.length - d)

    def ahead(self, from_mm: float, to_mm: float) -> float:
        """The way forward from one path position to another (mm, 0..length)."""
        return (to_mm - from_mm) % self.length

    def _front_k(self, pos: float) -> int:
        """The block index (0-based, unwrapped) of a front at pos: a front exactly on a block's
        start is not in that block yet."""
        return math.floor((pos - 1e-6) / self.block_mm)

    def on_siding(self, a: AGV) -> bool:
        """The AGV's front is on the siding: its front's block is the one beside the siding. A front
        standing exactly on the merge point (0) is not in block 1 yet: still on the siding."""
        return a.via_siding and self._front_k(a.pos) % self.n_blocks == self.n_blocks - 1

    def blocks_of(self, a: AGV) -> set[int]:
        """Blocks its body covers (1..n; n+1 is the siding)."""
        out = set()
        back = a.pos - a.length
        k0 = math.floor((back + 1e-6) / self.block_mm)
        k1 = self._front_k(a.pos)
        for k in range(k0, k1 + 1):
            b = k % self.n_blocks + 1
            if b == self.n_blocks and a.via_siding:
                b = self.n_blocks + 1
            out.add(b)
        return out

    def at_drop(self, a: AGV) -> bool:
        return a.vel == 0.0 and self.gap(a.pos, self.drop_mm) <= self.tol and not a.via_siding

    def at_charger(self, a: AGV) -> bool:
        return a.vel == 0.0 and a.via_siding and abs(a.pos - self.charger_mm) <= 2 * self.tol

    def standing_at_station(self, st) -> AGV | None:
        for a in self.agvs:
            if a.vel == 0.0 and self.gap(a.pos, st.at_mm) <= self.tol and not a.via_siding:
                return a
        return None

    def xy(self, s_mm: float, siding: bool = False) -> tuple[float, float]:
        """Plant point of a path position (the loop drawn as a rectangle, y up, clockwise)."""
        w, h = self.size
        x0, y0 = self.origin  # top-left corner: s = 0
        s = s_mm % self.length
        if siding and s >= self.diverge_mm:
            f = (s - self.diverge_mm) / self.block_mm
            return x0 - self.siding_offset * min(1.0, min(f, 1.0 - f) / 0.2), y0 - h + h * f
        if s < w:
            return x0 + s, y0
        if s < w + h:
            return x0 + w, y0 - (s - w)
        if s < 2 * w + h:
            return x0 + w - (s - w - h), y0 - h
        return x0, y0 - h + (s - 2 * w - h)

    # --- physics -----------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        self.t = t = self.t + dt
        self._take_commands()
        for a in self.agvs:
            self._drive(a, t, dt)
        for n, st in enumerate(self.stations):
            if st.request and not self._request[n]:
                self.jobs[(st.number, st.served + 1)] = round(t - dt, 3)
            self._request[n] = st.request
            if st.served != self._served[n]:
                self._served[n] = st.served
                job = (st.number, st.served)
                a = self.standing_at_station(st)
                if a is None or a.load is not None:
                    self.lost.append(
                        (
                            round(t, 3),
                            job,
                            f"station {st.number}'s load fell: "
                            + (
                                "no AGV stood at the station"
                                if a is None
                                else f"AGV {a.number} already carried a load"
                            ),
                        )
                    )
                else:
                    a.load = job
                    self.loaded[job] = (round(t, 3), a.number)
        self._publish()

    def _drive(self, a: AGV, t: float, dt: float) -> None:
        if a.fault_at_s is not None and not a.fault and t >= a.fault_at_s - 1e-9 and a.faults == 0:
            a.fault, a.faults = True, 1
        if a.reset and not a.was_reset and a.fault:
            a.fault, a.need_go_edge = False, True
        a.was_reset = a.reset
        if a.go and not a.was_go:
            a.need_go_edge = False
        a.was_go = a.go
        driving = a.go and not a.fault and not a.need_go_edge and a.battery > 0.0
        if driving and a.vel == 0.0 and self.gap(a.pos, a.target) <= self.tol:
            driving = False  # standing within its window of the target: in position, no creeping
        if driving:
            d = self.ahead(a.pos, a.target)
            v = min(a.vel + a.accel * dt, a.speed, math.sqrt(2.0 * a.accel * d))
            ds = v * dt
            arrive = ds >= d - 1e-6
            if arrive:
                ds, v = d, 0.0
        else:
            decel = EMERGENCY_DECEL if a.fault else a.accel
            v = max(0.0, a.vel - decel * dt)
            ds = (a.vel + v) / 2 * dt
            d = self.ahead(a.pos, a.target) if a.vel > 0.0 else 0.0
            arrive = ds >= d - 1e-6 and a.vel > 0.0
            if arrive:  # braking never carries it past its target
                ds, v = d, 0.0
        if ds > 0.0:
            self._advance(a, ds)
            if arrive:
                a.pos = a.target  # exactly there (no rounding left over from the steps)
        a.vel = v
        if ds > 0.0:
            a.battery = max(0.0, a.battery - a.drain_per_m * ds / 1000.0)
            a.lowest = min(a.lowest, a.battery)
        a.charging = bool(a.charge) and self.at_charger(a)
        if a.charging:
            a.battery = min(100.0, a.battery + self.charge_rate * dt)
        if a.unload and a.load is not None:
            a.roll_s += dt
            if a.roll_s >= self.unload_s - 1e-9:
                if self.at_drop(a):
                    self.delivered[a.load] = round(t, 3)
                else:
                    self.lost.append(
                        (round(t, 3), a.load, f"AGV {a.number} rolled its load off away from the drop stand")
                    )
                a.load, a.roll_s = None, 0.0
        else:
            a.roll_s = 0.0

    def _advance(self, a: AGV, ds: float) -> None:
        old = a.pos
        new = old + ds
        if old <= self.diverge_mm < new and not a.via_siding:
            a.via_siding = a.siding
        if new >= self.length:
            new -= self.length
        if a.via_siding and a.length - 1e-6 <= new < self.diverge_mm:
            a.via_siding = False  # the whole body is back on the loop (block 1)
        a.pos = new
        a.travelled += ds

    # --- views -------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        x0, y0 = self.origin
        return {
            "x": x0 + self.size[0] / 2,
            "y": y0 - self.size[1] / 2,
            "agvs": [
                {
                    "number": a.number,
                    "pos": a.pos,
                    "siding": a.via_siding,
                    "vel": a.vel,
                    "battery": a.battery,
                    "loaded": a.load is not None,
                    "fault": a.fault,
                    "charging": a.charging,
                    "unloading": a.unload and a.load is not None,
                    "blocks": sorted(self.blocks_of(a)),
                }
                for a in self.agvs
            ],
            "delivered": len(self.delivered),
            "lost": len(self.lost),
            "jobs": len(self.jobs),
        }

    def extent(self) -> list[tuple[float, float]]:
        x0, y0 = self.origin
        w, h = self.size
        return [(x0 - self.siding_offset - 250, y0 - h - 350), (x0 + w + 150, y0 + 150)]

    def draw(self, pen) -> None:
        s = self.state()
        occupied: dict[int, int] = {}
        for a in s["agvs"]:
            for b in a["blocks"]:
                occupied[b] = a["number"]
        # the guide path block by block (a block shaded while an AGV is in it), the block marks
        n = self.n_blocks
        for b in range(1, n + 2):
            siding = b == n + 1
            lo = (b - 1) * self.block_mm if not siding else self.diverge_mm
            pts = [self.xy(lo + self.block_mm * i / 12, siding) for i in range(13)]
            if siding:
                pts[-1] = self.xy(0.0)
            col = "BUSY" if b in occupied else "BELT"
            for p, q in zip(pts, pts[1:], strict=False):
                pen.line(p, q, col, pen.mm(120))
            mid = pts[6]
            pen.text(
                f"B{b}" if not siding else "siding",
                *pen.px(mid[0] + (0 if siding else 0), mid[1] - 160),
                "TEXT",
                11,
                screen=True,
            )
        for b in range(n):
            x, y = self.xy(b * self.block_mm)
            pen.circle(x, y, 40, "PLACE_EDGE", min_px=2)
        # charger on the siding and the drop stand beside the loop
        cx, cy = self.xy(self.charger_mm, True)
        pen.rect_rotated(
            cx - 230, cy, 160, 260, 0.0, "LIT" if any(a["charging"] for a in s["agvs"]) else "UNLIT", border=0
        )
        pen.label("charger", cx - 230, cy + 200)
        dx, dy = self.xy(self.drop_mm)
        pen.rect_rotated(dx, dy - 260, 420, 220, 0.0, "PLACE", border=0)
        pen.label(
            f"drop stand {s['delivered']}/{s['jobs']}" + (f"  lost {s['lost']}" if s["lost"] else ""),
            dx,
            dy - 420,
            "FAULT" if s["lost"] else "LABEL",
        )
        # the vehicles: body along the path at its real length, load on the deck, battery bar
        for a in s["agvs"]:
            front = self.xy(a["pos"], a["siding"])
            back = self.xy(a["pos"] - 500.0, a["siding"])
            col = "FAULT" if a["fault"] else ((61, 133, 198) if a["number"] == 1 else (230, 145, 56))
            pen.line(back, front, col, pen.mm(180))
            mx, my = (front[0] + back[0]) / 2, (front[1] + back[1]) / 2
            if a["loaded"]:
                pen.rect_rotated(mx, my, 150, 150, 0.0, "PART", border=0)
            pen.circle(front[0], front[1], 45, "LIT" if a["vel"] > 0 else "UNLIT", min_px=2)
            pen.text(
                f"AGV{a['number']} {a['battery']:.0f}%"
                + (" CHG" if a["charging"] else "")
                + (" FAULT" if a["fault"] else ""),
                *pen.px(mx, my + 260),
                "TEXT",
                11,
                screen=True,
            )
        # one hover area for the whole loop (the loop's corners)
        x0, y0 = self.origin
        w, h = self.size
        corners = [(x0, y0), (x0 + w, y0), (x0 + w, y0 - h), (x0, y0 - h)]
        pen.hot(self.name, self.kind, [pen.px(x, y) for x, y in corners], pad=8)
