"""CaseSealer: the top-taping station of a case sealer on a belt, for MAT-M07.

Cases (Workpieces with `height_mm`, lying along the belt) pass first a rear-flap folder (a
Cylinder beside the belt whose plate swings in behind a case's tail and folds its trailing
flap) and then a tape head (an Axis standing beside the belt: its position in mm is the head's
height above the belt). The station itself wires no signal: it watches the belt, the folder
and the head every step and logs what happened to each case, for a task's judges.

    sealer = plant.add(CaseSealer("sealer", belt="sealer_belt", head="head", folder="folder",
                                  fold_at_mm=900, window_mm=100, head_at_mm=1400))

- The rear flap is folded when the folder is fully out while the case's tail lies 0 to
  `window_mm` past the folder plate (`fold_at_mm` + half the plate's width).
- `folder_outside` logs each time the folder leaves its retracted end with no case tail in
  that window, and each time a case's body comes over the folder plate while the folder is not
  fully back (it strikes the case).
- While any part of a case lies under the head's footprint (`head_at_mm` +- `head_half_mm`):
  the head below the case height - `crash_below_mm` crushes it (`crashes`); the head moving
  (more than 0.05 mm in a step) is logged in `moved_under`; the tape is laid right only while
  the head stays within `tol_mm` of the case height - `tape_below_mm` the whole time.
- `sealed` gets (time_s, case name, ok, why) as each case's tail leaves the head's footprint:
  ok = flap folded, tape laid right, not crushed.
Units: mm, seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.devices.workpiece import PartDevice, Workpiece

MOVE_MM = 0.05      # the head counts as moving when it travels more than this in one step


@dataclass(slots=True)
class CaseRecord:
    name: str
    height: float
    folded: bool = False
    under_head: bool = False
    taped_ok: bool = True
    crushed: bool = False
    struck: bool = False
    done: bool = False


class CaseSealer(PartDevice):
    kind = "case_sealer"
    layer = 5
    signals = ()
    commands = ()

    def __init__(self, name: str, *, belt: str, head: str, folder: str, fold_at_mm: float,
                 window_mm: float, head_at_mm: float, head_half_mm: float = 60.0,
                 tape_below_mm: float = 5.0, tol_mm: float = 3.0, crash_below_mm: float = 10.0):
        super().__init__(name)
        self.belt_name, self.head_name, self.folder_name = belt, head, folder
        self.fold_at_mm, self.window_mm = float(fold_at_mm), float(window_mm)
        self.head_at_mm, self.head_half_mm = float(head_at_mm), float(head_half_mm)
        self.tape_below_mm, self.tol_mm = float(tape_below_mm), float(tol_mm)
        self.crash_below_mm = float(crash_below_mm)
        self.time = 0.0
        self.cases: dict[str, CaseRecord] = {}
        self.crashes: list[tuple[float, str, float, float]] = []   # (time_s, case, head mm, height)
        self.moved_under: list[tuple[float, str]] = []
        self.folder_outside: list[tuple[float, str]] = []
        self.sealed: list[tuple[float, str, bool, str]] = []
        self._belt: Any = None
        self._head: Any = None
        self._folder: Any = None
        self.under: CaseRecord | None = None     # the case under the head after the last step
        self._head_prev: float | None = None
        self._folder_prev = 0.0
        self._marks = (0.0,) * 6        # set by _bind
        # the cases still to watch, (part, record, half its length) in the flow's order, and the
        # flow's parts they were picked from: picked again once those change or a case is done
        self._live: list[tuple[Workpiece, CaseRecord, float]] = []
        self._live_from: list[Workpiece] | None = None

    # -- geometry ------------------------------------------------------------------------
    def along(self, part: Workpiece) -> float:
        """mm along the belt from its infeed end to the part's centre."""
        if self._belt is None:
            self._bind()
        b = self._belt
        x, y = part.xy()
        return (x - b.x) * b.ux + (y - b.y) * b.uy + b.half_length

    @property
    def plate_end_mm(self) -> float:
        """Where a case's tail is clear of the folder plate (the start of the fold window)."""
        if self._folder is None:
            self._bind()
        return self.fold_at_mm + self._folder.plate_width / 2

    def _bind(self) -> None:
        plant = self.plant
        self._belt, self._head = plant[self.belt_name], plant[self.head_name]
        self._folder = plant[self.folder_name]
        self._head_prev = self._head.pos
        self._folder_prev = self._folder.position
        # the fixed marks along the belt (step's arithmetic, done once): where a case's front
        # comes over the plate, the fold window, the head's footprint, and the lesser of the
        # first and the footprint's start (a case whose front is short of it is not looked at)
        plate_half = self._folder.plate_width / 2
        plate_in = self.fold_at_mm - plate_half
        w0 = self.fold_at_mm + plate_half
        h0, h1 = self.head_at_mm - self.head_half_mm, self.head_at_mm + self.head_half_mm
        self._marks = (plate_in, w0, w0 + self.window_mm, h0, h1, min(plate_in, h0))

    def case_under_head(self) -> CaseRecord | None:
        """The record of a case lying (partly) under the head's footprint now, if any."""
        return self.under

    def target_for(self, height: float) -> float:
        return height - self.tape_below_mm

    # -- physics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self._belt is None:
            self._bind()
        self.time += dt
        head, folder, belt = self._head, self._folder, self._belt
        hpos = head.pos
        moved = self._head_prev is not None and abs(hpos - self._head_prev) > MOVE_MM
        self._head_prev = hpos
        fpos, fprev = folder.position, self._folder_prev
        self._folder_prev = fpos
        plate_in, w0, w1, h0, h1, first = self._marks
        folder_out = fpos >= folder.stroke
        started = fprev <= 0.0 < fpos   # the folder leaving its retracted end in this step
        # along(part) for each part, with the belt's place read once and the part's xy() cache in line
        bx, by, ux, uy, b0 = belt.x, belt.y, belt.ux, belt.uy, belt.half_length
        tick = self.plant.tick          # type: ignore[union-attr]
        parts = self.flow.parts
        if parts != self._live_from:
            self._pick(parts)
        tails: list[float] = []         # only when the folder started: is a tail in its window?
        self.under = None
        for part, rec, half in self._live:
            x, y = part._xy if part._xy_tick == tick else part.xy()
            c = (x - bx) * ux + (y - by) * uy + b0
            front = c + half
            if front < first:
                continue        # still short of the folder and the head: nothing can happen to it
            tail = c - half
            if started:
                tails.append(tail)
            # folder: folded when fully out behind the tail in its window; a case over the plate
            # with the folder not back is struck
            if folder_out and w0 <= tail <= w1:
                rec.folded = True
            if fpos > 0.0 and front > plate_in and tail < w0 and not rec.struck:
                rec.struck = True
                self.folder_outside.append(
                    (round(self.time, 3), f"the folder was out with {part.name} over its plate"))
            # head
            if tail < h1 and front > h0:
                rec.under_head = True
                self.under = rec
                if hpos < rec.height - self.crash_below_mm and not rec.crushed:
                    rec.crushed = True
                    self.crashes.append((round(self.time, 3), part.name, hpos, rec.height))
                if abs(hpos - (rec.height - self.tape_below_mm)) > self.tol_mm:   # target_for, in line
                    rec.taped_ok = False
                if moved:
                    self.moved_under.append((round(self.time, 3), part.name))
            elif rec.under_head:
                rec.under_head = False
                rec.done = True
                self._live_from = None          # pick the cases again at the next step
                why = ("rear flap not folded" if not rec.folded else "crushed by the head" if rec.crushed
                       else "tape head off its height" if not rec.taped_ok else "")
                self.sealed.append((round(self.time, 3), part.name, why == "", why))
        if started and not any(w0 <= tail <= w1 for tail in tails):
            self.folder_outside.append(
                (round(self.time, 3), "the folder started out with no case tail in its window"))

    def _pick(self, parts: list[Workpiece]) -> None:
        """The cases of `parts` still to watch (a record for each case first seen): every case
        not removed and not done, in the flow's order."""
        cases = self.cases
        live = []
        for part in parts:
            if part.part_kind != "case" or part.removed:
                continue
            rec = cases.get(part.name)
            if rec is None:
                rec = cases[part.name] = CaseRecord(part.name, part.height_mm)
            if not rec.done:
                live.append((part, rec, part.length / 2))
        self._live, self._live_from = live, list(parts)

    # -- drawing -------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        if self._belt is None and self.plant is not None:
            self._bind()
        b = self._belt
        under = self.case_under_head()
        hx, hy = b.point(self.head_at_mm) if b is not None else (0.0, 0.0)
        return {"x": hx, "y": hy, "head_xy": (hx, hy),
                "fold_xy": b.point(self.fold_at_mm) if b is not None else (0.0, 0.0),
                "belt_width": b.width if b is not None else 100.0,
                "head_mm": self._head.pos if self._head is not None else 0.0,
                "under": under.height if under is not None else None,
                "sealed": sum(1 for _, _, ok, _ in self.sealed if ok),
                "bad": sum(1 for _, _, ok, _ in self.sealed if not ok),
                "fault": bool(self.crashes or self.moved_under or self.folder_outside)}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        (x, y), w = s["head_xy"], s["belt_width"]
        return [(x - self.head_half_mm - 10, y - w / 2 - 40), (x + self.head_half_mm + 10, y + w / 2 + 40)]

    def draw(self, pen) -> None:
        s = self.state()
        (x, y), w = s["head_xy"], s["belt_width"]
        # the head's bridge over the belt: lit while a case runs under it, red on a crash
        col = "FAULT" if s["fault"] else ("LIT_ZONE" if s["under"] is not None else "ZONE")
        pts = pen.rect_rotated(x, y, 2 * self.head_half_mm, w + 40, 0.0, col, border=3)
        pen.rect_rotated(x, y, 16, w + 40, 0.0, "SENSOR_BODY")
        text = f"tape head {s['head_mm']:.0f} mm"
        if s["under"] is not None:
            text += f" / case {s['under']:.0f} mm"
        pen.label(text, x, y - w / 2 - 30)
        pen.label(f"{s['sealed']} sealed" + (f", {s['bad']} bad" if s["bad"] else ""), x, y + w / 2 + 30,
                  "FAULT" if s["bad"] else "LABEL")
        if s["under"] is not None and self._head is not None:
            # the top of the case under the head, marked on the head's column (its height scale)
            cx, cy = self._head.point_at(s["under"])
            pen.line((cx - 40, cy), (cx + 40, cy), pen.rgb("orange"), 3)
            pen.label(f"case top {s['under']:.0f} mm", cx + 60, cy)
        fx, fy = s["fold_xy"]
        pen.label("rear-flap folder", fx, fy - w / 2 - 30)
        # a taped case shows its tape strip; a folded flap a dark band at its tail
        for part in self.flow.parts:
            rec = self.cases.get(part.name)
            if rec is None or part.removed:
                continue
            px, py = part.xy()
            if rec.folded:
                pen.rect_rotated(px - part.length / 2 + 12, py, 20, part.width - 20, 0.0, "SENSOR_BODY")
            if rec.done:
                good = rec.taped_ok and rec.folded and not rec.crushed
                pen.rect_rotated(px, py, part.length, 24, 0.0, "LIT" if good else "FAULT")
        pen.hot(self.name, self.kind, pts)
