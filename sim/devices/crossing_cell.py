"""Conveyor crossing: two roller-conveyor flows that cross at one pop-up transfer cell.

Flow A runs straight through the cell on its rollers; flow B crosses it on the pop-up chains,
which run only while the lift is up (the chains above the rollers). Each flow is a track along
its own direction, measured at a part's front: its infeed queue ends at a stopper pin at 0 mm,
the cell spans `cell_mm` (a part is in the cell while any of it lies inside), then an exit lane
of `exit_mm` ends at a downstream machine that takes each part as it reaches the lane's end
unless it is stalled (scripted `stalls`: (from_s, to_s) per flow). The sim.devices.popup_transfer
PopUpTransfer sets parts off a belt into a chute; this cell is the crossing the catalog's MAT-H10
needs (two flows, one cell, exits that back up), kinematic along each track.

Parts arrive at their queue's infeed at the scripted `arrivals` times, `part_mm` long, and move
at `speed` until blocked: by the part ahead (`gap_mm` behind its rear), by the stopper pin (a
front reaching 0 mm while the pin is up), at the cell's mouth while the cell cannot carry them
(flow A needs the lift fully down, flow B fully up; a lift on its way carries nothing), or at
the lane's end while that exit is stalled. The pin: 'release' TRUE pulls it down in
`stopper_s`; FALSE lets its spring push it up in `stopper_s`, but a part over it holds it down
and it snaps up behind that part (so to let one part through, release until the part moves and
take the release away while it is still over the pin). The lift: 'raise' TRUE lifts it in
`lift_s`, FALSE lowers it in `lift_s`.

Signals: a_waiting / b_waiting (photo-eye just before each stopper: TRUE while a part stands
or moves in front of the pin), a_exit_full / b_exit_full (photo-eye on the exit lane just past
the cell: TRUE while a part is in its beam), cell_occupied (TRUE while a part is in the cell),
lift_up / lift_down (end switches), a_pin_down / b_pin_down (the pin fully down).

Logs for judges: `entered` [(time, flow, part)], `crossed` [(time, flow, part)] (reached the
exit lane's end and taken), `lift_moves_loaded` [(time, text)] (the lift moving with a part in
the cell), `entered_full` [(time, flow, part)] (a part entering the cell while its exit was not
free: `exit_free`), `in_cell_max` (most parts in the cell at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.plant import Device

FLOWS = ("a", "b")


@dataclass
class TrackPart:
    number: int
    flow: str
    front: float  # mm along its flow's track (stopper pin at 0)
    moving: bool = True  # it advanced in the last step
    born: float = 0.0    # plant time it came onto its infeed conveyor


class CrossingCell(Device):
    kind = "crossing_cell"
    layer = 4
    signals = (
        "a_waiting",
        "b_waiting",
        "a_exit_full",
        "b_exit_full",
        "cell_occupied",
        "lift_up",
        "lift_down",
        "a_pin_down",
        "b_pin_down",
    )
    commands = ("a_release", "b_release", "raise")

    def __init__(
        self,
        name: str,
        *,
        x: float = 0.0,
        y: float = 0.0,
        speed: float = 300.0,
        part_mm: float = 120.0,
        gap_mm: float = 10.0,
        cell_mm: tuple[float, float] = (60.0, 460.0),
        exit_mm: float = 480.0,
        stopper_s: float = 0.2,
        lift_s: float = 1.0,
        arrivals: dict[str, tuple[float, ...]] | None = None,
        stalls: dict[str, tuple[tuple[float, float], ...]] | None = None,
        start_in_cell: str = "",
        lift_up_at_start: bool = False,
        queue_mm: float = 900.0,
    ):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.speed, self.part_mm, self.gap_mm = float(speed), float(part_mm), float(gap_mm)
        self.cell0, self.cell1 = float(cell_mm[0]), float(cell_mm[1])
        self.lane_end = self.cell1 + self.part_mm + float(exit_mm)
        # exit-full eye: where the rear of the last part the lane holds stands when it is backed up
        # (a part passing blocks it for a moment, from just after it has left the cell)
        self.eye_exit = self.cell1 + 150.0
        self.eye_wait = -self.part_mm / 2  # waiting eye: in front of the pin
        self.queue_mm = float(queue_mm)
        self.stopper_s, self.lift_s = float(stopper_s), float(lift_s)
        self.arrivals = {f: tuple(sorted((arrivals or {}).get(f, ()))) for f in FLOWS}
        self.stalls = {f: tuple((stalls or {}).get(f, ())) for f in FLOWS}
        self.t = 0.0
        self.parts: dict[str, list[TrackPart]] = {f: [] for f in FLOWS}
        self.arrived = {f: 0 for f in FLOWS}
        self.numbered = 0
        self.release = {f: False for f in FLOWS}
        self.pin = {f: 1.0 for f in FLOWS}  # 1 up .. 0 down
        self._held = {f: False for f in FLOWS}
        self.raise_cmd = lift_up_at_start
        self.lift = 1.0 if lift_up_at_start else 0.0  # 0 down .. 1 up
        self.entered: list[tuple[float, str, int]] = []
        self.crossed: list[tuple[float, str, int]] = []
        self.lift_moves_loaded: list[tuple[float, str]] = []
        self.entered_full: list[tuple[float, str, int]] = []
        self.in_cell_max = 0
        if start_in_cell:
            self.numbered += 1
            self.parts[start_in_cell].append(
                TrackPart(self.numbered, start_in_cell, (self.cell0 + self.cell1) / 2)
            )

    # -- PLC side ----------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command in ("a_release", "b_release"):
            self.release[command[0]] = bool(value)
        elif command == "raise":
            self.raise_cmd = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal.endswith("_waiting"):
            return self._eye(signal[0], self.eye_wait)
        if signal.endswith("_exit_full"):
            return self._eye(signal[0], self.eye_exit)
        if signal == "cell_occupied":
            return self.in_cell_count() > 0
        if signal == "lift_up":
            return self.lift >= 1.0
        if signal == "lift_down":
            return self.lift <= 0.0
        if signal.endswith("_pin_down"):
            return self.pin[signal[0]] <= 0.0
        return super().read(signal)

    # -- truth ---------------------------------------------------------------------------
    def _eye(self, flow: str, at: float) -> bool:
        return any(p.front - self.part_mm < at < p.front for p in self.parts[flow])

    def in_cell(self, p: TrackPart) -> bool:
        return p.front > self.cell0 + 1e-9 and p.front - self.part_mm < self.cell1 - 1e-9

    def in_cell_count(self) -> int:
        return sum(1 for f in FLOWS for p in self.parts[f] if self.in_cell(p))

    def head_waiting(self, flow: str) -> TrackPart | None:
        """The first part not yet past the pin (front at or before 0 mm), if any is queued."""
        waiting = [p for p in self.parts[flow] if p.front <= 1e-9]
        return max(waiting, key=lambda p: p.front) if waiting else None

    def exit_free(self, flow: str, but: TrackPart | None = None) -> bool:
        """Truth: no part of this flow (but `but`) reaches out of the cell toward its exit without
        having passed the exit eye: the eye clear and the part let in before already past it."""
        return not any(
            p is not but and p.front > self.cell1 + 1e-9 and p.front - self.part_mm < self.eye_exit
            for p in self.parts[flow]
        )

    def exit_backed_up(self, flow: str) -> bool:
        """Truth: a part of this flow stands still between the cell and past its exit eye (the lane
        is backed up to there); a part only passing the eye is not a backed-up exit."""
        return any(
            p.front > self.cell1 + 1e-9 and p.front - self.part_mm < self.eye_exit and not p.moving
            for p in self.parts[flow]
        )

    def stalled(self, flow: str) -> bool:
        return any(a <= self.t < b for a, b in self.stalls[flow])

    def lift_moving(self) -> bool:
        return (self.raise_cmd and self.lift < 1.0) or (not self.raise_cmd and self.lift > 0.0)

    # -- mechanics ---------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.t += dt
        # the lift
        before = self.lift
        rate = dt / self.lift_s
        self.lift = min(1.0, self.lift + rate) if self.raise_cmd else max(0.0, self.lift - rate)
        if self.lift != before and self.in_cell_count():
            if not self.lift_moves_loaded or self.lift_moves_loaded[-1][0] < self.t - dt - 1e-9:
                self.lift_moves_loaded.append((round(self.t, 3), "the lift moved with a part in the cell"))
            else:
                self.lift_moves_loaded[-1] = (round(self.t, 3), self.lift_moves_loaded[-1][1])
        for f in FLOWS:
            self._arrive(f)
            self._pin(f, dt)
            self._move(f, dt)
        self.in_cell_max = max(self.in_cell_max, self.in_cell_count())

    def _arrive(self, f: str) -> None:
        times = self.arrivals[f]
        while self.arrived[f] < len(times) and self.t >= times[self.arrived[f]] - 1e-9:
            tail = min((p.front for p in self.parts[f]), default=None)
            start = -self.queue_mm
            if tail is not None and tail - self.part_mm - self.gap_mm < start:
                break  # the infeed is backed up to its end: the part waits upstream
            self.arrived[f] += 1
            self.numbered += 1
            self.parts[f].append(TrackPart(self.numbered, f, start, born=self.t))

    def _pin(self, f: str, dt: float) -> None:
        rate = dt / self.stopper_s
        if self.release[f]:
            self.pin[f] = max(0.0, self.pin[f] - rate)
            self._held[f] = False
            return
        if any(p.front > 1e-9 and p.front - self.part_mm < -1e-9 for p in self.parts[f]):
            self._held[f] = True  # a part over the pin holds it down: it springs up behind it
            return
        self.pin[f] = 1.0 if self._held[f] else min(1.0, self.pin[f] + rate)
        self._held[f] = False

    def _carries(self, f: str) -> bool:
        return self.lift <= 0.0 if f == "a" else self.lift >= 1.0

    def _move(self, f: str, dt: float) -> None:
        parts = sorted(self.parts[f], key=lambda p: -p.front)  # leader first
        step = self.speed * dt
        limit = None
        gone = []
        for p in parts:
            new = p.front + step
            if limit is not None:
                new = min(new, limit)
            if self.pin[f] > 0.0 and p.front <= 1e-9:
                new = min(new, 0.0)
            mouth = self.cell0
            if not self._carries(f):
                if p.front <= mouth + 1e-9:
                    new = min(new, mouth)  # held at the cell's mouth
                elif self.in_cell(p):
                    new = p.front  # in the cell: nothing carries it
            if new >= self.lane_end:
                if self.stalled(f):
                    new = self.lane_end
                else:
                    gone.append(p)
            new = max(new, p.front)
            p.moving = new > p.front + 1e-9
            if p.front <= self.cell0 + 1e-9 < new:
                self.entered.append((round(self.t, 3), f, p.number))
                if not self.exit_free(f, but=p):
                    self.entered_full.append((round(self.t, 3), f, p.number))
            p.front = new
            limit = new - self.part_mm - self.gap_mm
        for p in gone:
            self.parts[f].remove(p)
            self.crossed.append((round(self.t, 3), f, p.number))

    # -- drawing -------------------------------------------------------------------------
    def _xy(self, f: str, s: float) -> tuple[float, float]:
        """Plant coordinates of a point `s` mm along flow f's track (A: left to right through the
        cell, B: bottom to top), the cell centred on (x, y)."""
        mid = (self.cell0 + self.cell1) / 2 - self.part_mm / 2
        if f == "a":
            return self.x + (s - mid), self.y
        return self.x, self.y + (s - mid)

    def state(self) -> dict[str, Any]:
        return {
            "x": self.x,
            "y": self.y,
            "lift": self.lift,
            "pins": dict(self.pin),
            "parts": [(f, p.number, p.front) for f in FLOWS for p in self.parts[f]],
            "crossed": {f: sum(1 for c in self.crossed if c[1] == f) for f in FLOWS},
            "stalled": {f: self.stalled(f) for f in FLOWS},
        }

    def extent(self) -> list[tuple[float, float]]:
        pts = [self._xy(f, s) for f in FLOWS for s in (-self.queue_mm, self.lane_end)]
        # the machines beyond the exits (drawn 300 mm square past each lane's end) are framed too
        ends = [self._xy("a", self.lane_end + 300.0), self._xy("b", self.lane_end + 300.0)]
        return [(x - 80, y - 80) for x, y in pts + ends] + [(x + 80, y + 80) for x, y in pts + ends]

    def draw(self, pen) -> None:
        s = self.state()
        w = 110.0
        for f in FLOWS:
            (x0, y0), (x1, y1) = self._xy(f, -self.queue_mm), self._xy(f, self.lane_end)
            # the belt and its side guides, broken where the cell's lift table sits
            dx, dy = (0.0, w / 2) if f == "a" else (w / 2, 0.0)
            pen.poly([(x0 - dx, y0 - dy), (x1 - dx, y1 - dy), (x1 + dx, y1 + dy), (x0 + dx, y0 + dy)],
                     "BELT_RUNNING")
            for a, b in ((-self.queue_mm, self.cell0), (self.cell1, self.lane_end)):
                (ax, ay), (bx, by) = self._xy(f, a), self._xy(f, b)
                for side in (-1, 1):
                    pen.line((ax + side * dx, ay + side * dy), (bx + side * dx, by + side * dy), "RAIL", 3)
        # the cell: the lift's chains lit while up
        cx, cy = self.x, self.y
        half = (self.cell1 - self.cell0) / 2 - self.part_mm / 2 + 60
        cell = [
            (cx - half, cy - half),
            (cx + half, cy - half),
            (cx + half, cy + half),
            (cx - half, cy + half),
        ]
        pen.poly(cell, "ON" if s["lift"] >= 1.0 else "BUSY" if s["lift"] > 0.0 else "PLACE", width=3)
        for f in FLOWS:
            px, py = self._xy(f, 0.0)
            pen.circle(px, py, 9, "FAULT" if s["pins"][f] > 0 else "OFF_MARK")  # the stopper pin
            for eye in (self.eye_wait, self.eye_exit):
                ex, ey = self._xy(f, eye)
                lit = self._eye(f, eye)
                # the beam across the lane, from the eye's body beside it to its reflector
                bx, by = (70.0, 0.0) if f == "b" else (0.0, 70.0)
                pen.line((ex - bx, ey - by), (ex + bx, ey + by), "BEAM_BLOCKED" if lit else "BEAM", 2)
                pen.circle(
                    ex + (70 if f == "b" else 0),
                    ey + (70 if f == "a" else 0),
                    6,
                    "LIT" if lit else "SENSOR_BODY",
                )
            qx, qy = self._xy(f, -self.queue_mm)
            waiting = sum(1 for g, _, front in s["parts"] if g == f and front <= 0.0)
            pen.label(f"flow {f.upper()} in: {waiting} waiting", qx, qy - 90, "LABEL")
            lx, ly = self._xy(f, self.lane_end)
            # the machine each exit lane feeds, red while it is stalled (its lane backs up)
            m = 150.0
            mx, my = (lx + m, ly) if f == "a" else (lx, ly + m)
            pen.poly([(mx - m, my - m), (mx + m, my - m), (mx + m, my + m), (mx - m, my + m)],
                     "FAULT" if s["stalled"][f] else "FRAME")
            pen.label(
                f"exit {f.upper()}{' STALLED' if s['stalled'][f] else ''}: {s['crossed'][f]} crossed",
                lx,
                ly + 70,
                "FAULT" if s["stalled"][f] else "LABEL",
            )
        for f, number, front in s["parts"]:
            px, py = self._xy(f, front - self.part_mm / 2)
            length = self.part_mm
            if f == "a":
                pen.poly(
                    [
                        (px - length / 2, py - 40),
                        (px + length / 2, py - 40),
                        (px + length / 2, py + 40),
                        (px - length / 2, py + 40),
                    ],
                    "PART",
                )
            else:
                pen.poly(
                    [
                        (px - 40, py - length / 2),
                        (px + 40, py - length / 2),
                        (px + 40, py + length / 2),
                        (px - 40, py + length / 2),
                    ],
                    "INSPECT_BUSY",
                )
            pen.text(f"{f.upper()}{number}", *pen.px(px, py), "TEXT_DARK", 11, screen=True)
        pen.label(
            f"crossing cell: lift {'up' if s['lift'] >= 1 else 'down' if s['lift'] <= 0 else 'moving'}",
            cx,
            cy - half - 30,
        )
        pen.hot(self.name, self.kind, [pen.px(cx - half, cy - half), pen.px(cx + half, cy + half)])
