"""MOT-M10 Serpentine scan with position triggers.

An X/Y inspection table (two sim.devices.axis.Axis servo drives) carries a camera
(sim.devices.camera.Camera, NEW) over a grid of cells (cols x rows at one pitch, its first
cell's position, pitch, size and the camera's readout time as words). Every cell must be
imaged once, within 0.5 mm, row by row in serpentine order (row 1 left to right, row 2 right to
left, ...), X moving through a row without stopping; the camera takes its images from the X
drive's position compare output (sim.devices.position_compare.PositionCompare, NEW): the PLC
loads the next cell's X into the compare word after each fire. At speeds of 125-1000 mm/s X
travels 1.25-10 mm per 10 ms scan, so a program that triggers the camera from its scan loop
when it sees X near a cell (the catalog's trap, counterexamples/scan_loop_trigger.st) images
cells millimetres off.

Changes from the catalog entry, and why:
- "X speed <= pitch/readout" is two-sided as the pace of a row: consecutive images of a row at
  most PACE_FACTOR x the readout time apart (faster trips S1, the camera still busy); "<= 1.3x
  ideal time" is judged per step of the job: the first image, each row change and the park
  within 1.3 x the judge's ideal time (trapezoidal moves from the drive words, X and Y one after
  the other) + ALLOWANCE_S. The pace is what fails a stop-and-shoot program
  (counterexamples/stop_and_shoot.st): its images are exact.
- S3 "no trigger off grid" is an image outside the grid's area (the cells' span grown by half a
  pitch); an image inside it but more than 0.5 mm from the cell due is a completion failure.
- The grid has 4-8 columns (the catalog names no range); X acceleration is published (a word)
  because the run-up before a row depends on it.
- The judge (Scan) is written for this task: images are sub-scan events of the camera, matched
  against the serpentine order, which no shared judge tracks.
"""

from __future__ import annotations

import math
import random

from sim import judges
from sim.devices.axis import Axis, ValueWord
from sim.devices.camera import Camera
from sim.devices.position_compare import PositionCompare
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import axis_io

WINDOW_MM = 0.5          # image within this of its cell (both axes)
PACE_FACTOR = 1.3        # consecutive images of a row at most this x readout apart
STEP_FACTOR = 1.3        # first image, row change, park: at most this x the ideal time ...
ALLOWANCE_S = 0.15       # ... plus this
X_MAX_SPEED = 1200.0
Y_SPEED, Y_ACCEL = 300.0, 3000.0
STILL_MM = 0.05
HOLD_S = 1.0
PARK = (0.0, 0.0)
ORIGIN = (100.0, 100.0)
LIMITS = {"x": (-20.0, 520.0), "y": (-20.0, 320.0)}


def move_time(d: float, v: float, a: float) -> float:
    d = abs(d)
    if d <= 1e-9:
        return 0.0
    return d / v + v / a if d >= v * v / a else 2.0 * math.sqrt(d / a)


def cells(p) -> list[tuple[float, float]]:
    """The cells in serpentine order: row 1 with X rising, row 2 falling, ..."""
    out = []
    for j in range(int(p["rows"])):
        row = [(p["grid_x0"] + i * p["pitch"], p["grid_y0"] + j * p["pitch"]) for i in range(int(p["cols"]))]
        out += row if j % 2 == 0 else row[::-1]
    return out


def scan_speed(p) -> float:
    return min(X_MAX_SPEED, p["pitch"] * 1000.0 / p["readout_ms"])


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for a, angle, speed, accel in (("x", 0.0, X_MAX_SPEED, p["x_accel"]), ("y", 90.0, Y_SPEED, Y_ACCEL)):
        lo, hi = LIMITS[a]
        plant.add(Axis(a, origin=ORIGIN, angle_deg=angle, limit_minus_mm=lo, limit_plus_mm=hi,
                       start_mm=p[f"{a}_start_mm"], max_speed=speed, accel=accel, window_mm=WINDOW_MM,
                       settle_s=p["settle_s"], response_s=p["response_s"],
                       label="X carriage" if a == "x" else "Y slide"))
    plant.add(Camera("camera", x="x", y="y", readout_s=p["readout_ms"] / 1000.0, origin=ORIGIN,
                     label="camera", cells=tuple(cells(p))))
    plant.add(PositionCompare("compare", axis="x", target="camera",
                              position=(ORIGIN[0] + 600, ORIGIN[1] - 60),
                              label="X position compare"))
    words = (("grid_x0", "mm"), ("grid_y0", "mm"), ("pitch", "mm"), ("cols", ""), ("rows", ""),
             ("readout_ms", "ms"), ("x_accel", "mm/s^2"))
    for n, (key, unit) in enumerate(words):
        plant.add(ValueWord(f"{key}_word", int(round(p[key])),
                            position=(ORIGIN[0] + 600, ORIGIN[1] + 40 + 75 * n),
                            label=key.replace("_", " "), units=unit))
    return plant


class Devices:
    def __init__(self, plant):
        self.x = plant.device("x", Axis)
        self.y = plant.device("y", Axis)
        self.camera = plant.device("camera", Camera)
        self.compare = plant.device("compare", PositionCompare)


def _at_rest_at(s, point) -> bool:
    d = s.devices
    return (d.x.vel == 0.0 and d.y.vel == 0.0 and abs(d.x.pos - point[0]) <= WINDOW_MM
            and abs(d.y.pos - point[1]) <= WINDOW_MM)


def _ideal_first(p) -> float:
    v, a = scan_speed(p), p["x_accel"]
    run_up = v * v / (2 * a)
    x0, y0 = cells(p)[0]
    return (move_time(p["x_start_mm"] - (x0 - run_up), X_MAX_SPEED, a)
            + move_time(p["y_start_mm"] - y0, Y_SPEED, Y_ACCEL)
            + v / a + p["response_s"] * 3)


def _ideal_turn(p) -> float:
    v, a = scan_speed(p), p["x_accel"]
    return 2 * v / a + move_time(p["pitch"], Y_SPEED, Y_ACCEL) + p["response_s"] * 2


def _ideal_park(p, x, y) -> float:
    v, a = scan_speed(p), p["x_accel"]
    return (v / a + move_time(x + v * v / (2 * a), X_MAX_SPEED, a) + move_time(y, Y_SPEED, Y_ACCEL)
            + p["response_s"] * 2 + p["settle_s"])


class Scan(judges.Judge):
    """The job in time: each camera image must be the next cell of the serpentine order within
    WINDOW_MM; the first image within STEP_FACTOR x its ideal time + ALLOWANCE_S of power-up, the
    next image of a row within PACE_FACTOR x the readout time, the first image of the next row
    within STEP_FACTOR x the ideal row change + ALLOWANCE_S; done once the table rests at park
    within STEP_FACTOR x the ideal park time + ALLOWANCE_S after the last image. Written for this
    task (see the module docstring)."""

    name = "every cell imaged in serpentine order on time, then park"

    def __init__(self):
        super().__init__()
        self.seen = 0
        self.due_ms: float = -1.0
        self.why = ""

    def update(self, s):
        if self.done or self.failed:
            return self.done
        self.failed = self._check(s)
        return False if self.failed else (self.done or False)

    def pending(self):
        if self.done:
            return ""
        return self.failed or self.why

    def _check(self, s):
        p, d, t = s.params, s.devices, s.time_ms
        order = cells(p)
        cols = int(p["cols"])
        if self.due_ms < 0:
            self.due_ms = (STEP_FACTOR * _ideal_first(p) + ALLOWANCE_S) * 1000
            self.why = "the first cell imaged"
        shots = d.camera.shots
        while self.seen < len(shots):
            x, y, at = shots[self.seen]
            k = self.seen
            if k >= len(order):
                return f"an image at X {x:.1f}, Y {y:.1f} mm after every cell had been imaged"
            cx, cy = order[k]
            if abs(x - cx) > WINDOW_MM or abs(y - cy) > WINDOW_MM:
                return (f"image {k + 1} was taken at X {x:.1f}, Y {y:.1f} mm; the cell due was row "
                        f"{k // cols + 1}"
                        f" at X {cx:g}, Y {cy:g} mm (within {WINDOW_MM:g} mm)")
            if at * 1000 > self.due_ms + 1e-6:
                return (f"image {k + 1} (row {k // cols + 1}) came at {at:.3f} s, later than "
                        f"{self.due_ms / 1000:.3f} s")
            self.seen += 1
            n = self.seen
            if n == len(order):
                self.due_ms = (at + STEP_FACTOR * _ideal_park(p, x, y) + ALLOWANCE_S) * 1000
                self.why = "the table at rest at park"
            elif n % cols == 0:
                self.due_ms = (at + STEP_FACTOR * _ideal_turn(p) + ALLOWANCE_S) * 1000
                self.why = f"the first cell of row {n // cols + 1} imaged"
            else:
                self.due_ms = (at + PACE_FACTOR * p["readout_ms"] / 1000.0) * 1000
                self.why = f"the next cell of row {n // cols + 1} imaged"
        if self.seen == len(order) and _at_rest_at(s, PARK):
            return None if self._finish(s) else None
        if t > self.due_ms + 1e-6:
            return f"{self.why} by {self.due_ms / 1000:.3f} s: missed"
        return None


def _parked(s) -> bool:
    return _at_rest_at(s, PARK)


def _completion():
    return judges.in_order(Scan(), judges.held("the table at rest at park", _parked, HOLD_S))


def _end_state_kept(s) -> bool:
    d = s.devices
    return _parked(s) and d.x.enabled and d.y.enabled and not d.x.fault and not d.y.fault


# --- safety ----------------------------------------------------------------------------------

class NoTriggerWhileBusy(judges.Monitor):
    """S1: every trigger (compare output or software) while the camera reads out is an overrun."""

    def check(self, s):
        runs = s.devices.camera.overruns
        if runs:
            x, y, t = runs[0]
            return f"the camera was triggered at {t:.3f} s (X {x:.1f}, Y {y:.1f} mm) while still reading out"
        return None


class YStillWhileXMoves(judges.Monitor):
    """S2: in no scan do both X and Y travel more than STILL_MM."""

    def __init__(self):
        self.last: tuple[float, float] | None = None

    def check(self, s):
        d = s.devices
        here = (d.x.pos, d.y.pos)
        last = self.last if self.last is not None else (s.params["x_start_mm"], s.params["y_start_mm"])
        self.last = here
        if abs(here[0] - last[0]) > STILL_MM and abs(here[1] - last[1]) > STILL_MM:
            return f"Y moved (to {here[1]:.1f} mm) while X moved (to {here[0]:.1f} mm)"
        return None


def _grid_box(p):
    h = p["pitch"] / 2
    return (p["grid_x0"] - h, p["grid_y0"] - h, p["grid_x0"] + (p["cols"] - 1) * p["pitch"] + h,
            p["grid_y0"] + (p["rows"] - 1) * p["pitch"] + h)


class NoTriggerOffGrid(judges.Monitor):
    """S3: no image (nor overrun) outside the grid's area, the cells' span grown by half a pitch."""

    def check(self, s):
        x0, y0, x1, y1 = _grid_box(s.params)
        cam = s.devices.camera
        for x, y, t in (*cam.shots, *cam.overruns):
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return f"the camera was triggered off the grid at {t:.3f} s (X {x:.1f}, Y {y:.1f} mm)"
        return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, **params):
    params.setdefault("settle_s", 0.05)
    params.setdefault("response_s", 0.02)
    return Condition(name, seed, params, description)


def _mid(gx, gy, pitch, cols, rows):
    return (gx + pitch * (cols - 1) / 2 + pitch / 3, gy + pitch * (rows - 1) / 2 + pitch / 3)


def _c(name, seed, description, gx, gy, pitch, cols, rows, readout_ms, x_accel, start=None, **kw):
    sx, sy = start if start is not None else _mid(gx, gy, pitch, cols, rows)
    return _cond(name, seed, description, grid_x0=gx, grid_y0=gy, pitch=pitch, cols=cols, rows=rows,
                 readout_ms=readout_ms, x_accel=x_accel, x_start_mm=round(sx, 1), y_start_mm=round(sy, 1),
                 **kw)


CONDITIONS = (
    _c("fine_fast_camera", 1001, "10 mm pitch, 30 ms readout (333 mm/s), 3 rows, start mid-grid",
       60, 60, 10, 8, 3, 30, 6000),
    _c("coarse_slow_camera", 1002,
       "30 mm pitch, 80 ms readout (375 mm/s), 6 rows, soft X, drives with no response delay",
       80, 40, 30, 5, 6, 80, 3000, settle_s=0.03, response_s=0.0),
    _c("fastest_pace", 1003, "30 mm pitch, 30 ms readout: 1000 mm/s, 4 rows, start mid-grid",
       120, 80, 30, 6, 4, 30, 10000),
    _c("slow_pace", 1004, "12 mm pitch, 80 ms readout: 150 mm/s, 5 rows, start near park",
       50, 100, 12, 7, 5, 80, 4000, start=(5.0, 8.0), settle_s=0.25, response_s=0.1),
    _c("odd_rows_mid", 1005, "21 mm pitch, 47 ms readout, 3 rows, 4 columns, start mid-grid",
       150, 60, 21, 4, 3, 47, 5000, response_s=0.1),
)


def _sample(rng: random.Random) -> dict:
    """Pitch, readout, grid size and place drawn from the published ranges; the grid is placed
    jointly with its size so that it and the run-up before and after each row stay inside the
    stroke; the start position is anywhere on the grid's area ("mid-grid")."""
    pitch = rng.randint(10, 30)
    readout = rng.randint(30, 80)
    cols, rows = rng.randint(4, 8), rng.randint(3, 6)
    accel = rng.randint(3000, 10000)
    v = min(X_MAX_SPEED, pitch * 1000.0 / readout)
    run = v * v / (2 * accel) + 10.0
    gx = rng.randint(int(run) + 10, int(460 - (cols - 1) * pitch - run))
    gy = rng.randint(20, int(280 - (rows - 1) * pitch))
    sx = rng.uniform(gx, gx + (cols - 1) * pitch)
    sy = rng.uniform(gy, gy + (rows - 1) * pitch)
    cond = _c("sampled", 0, "", gx, gy, pitch, cols, rows, readout, accel, start=(sx, sy),
              settle_s=round(rng.uniform(0.03, 0.25), 3), response_s=round(rng.uniform(0.0, 0.1), 3))
    return dict(params=cond.params, description=f"{cols}x{rows} cells, pitch {pitch} mm, readout {readout} "
                                                f"ms")


# --- I/O -------------------------------------------------------------------------------------

def _axis(a: str, b_in: int, w_in: int, b_out: int, w_out: int) -> tuple[IOPoint, ...]:
    lo, hi = LIMITS[a]
    what = "X carriage" if a == "x" else "Y slide"
    b, o = f"%IX{b_in}", f"%QX{b_out}"
    named = axis_io(a, (f"{b}.0", "drive_ready"), (f"{b}.1", "in_position"), (f"{b}.2", "standstill"),
                    (f"{b}.3", "busy"), (f"{b}.4", "drive_fault"), (f"{o}.0", "drive_enable"),
                    (f"{o}.2", "reset_fault"), window_mm=WINDOW_MM, limit_minus_mm=lo, limit_plus_mm=hi,
                    what=what, prefix=f"{a}_")
    A = a.upper()
    top = X_MAX_SPEED if a == "x" else Y_SPEED
    return named[:5] + (
        IOPoint(f"%IW{w_in}", f"{a}_actual_position", "INT", "input", a, "position", f"Actual {A} position",
                "0.1 mm", f"{round(lo * 10)}..{round(hi * 10)}"),
        named[5],
        IOPoint(f"{o}.1", f"{a}_start_move", "BOOL", "output", a, "start",
                f"Rising edge starts a move of {A} to {a}_target_position (ignored while disabled or "
                f"faulted)"),
        named[6],
        IOPoint(f"%QW{w_out}", f"{a}_target_position", "INT", "output", a, "target",
                f"Target of {A}'s next move, taken at the start_move edge", "0.1 mm", "0..5000"),
        IOPoint(f"%QW{w_out + 1}", f"{a}_move_speed", "INT", "output", a, "speed",
                f"Speed of moves, taken at the start_move edge; 0 = the drive's maximum ({top:g} mm/s)",
                "mm/s", f"0..{top:g}"),
    )


IO = (
    *_axis("x", 0, 0, 0, 0),
    *_axis("y", 1, 1, 1, 2),
    IOPoint("%IX2.0", "camera_busy", "BOOL", "input", "camera", "busy",
            "TRUE while the camera reads out its last image (readout_ms after the trigger)"),
    IOPoint("%IW2", "camera_images", "INT", "input", "camera", "images",
            "Images taken so far (overruns not counted)"),
    IOPoint("%IX2.1", "compare_done", "BOOL", "input", "compare", "done",
            "TRUE once the armed compare has fired (X passed compare_position), until it is armed again"),
    IOPoint("%IX2.2", "compare_armed", "BOOL", "input", "compare", "armed",
            "TRUE while the compare is armed"),
    IOPoint("%QW4", "compare_position", "INT", "output", "compare", "position",
            "X position at which the compare fires the camera (hardwired trigger)", "0.1 mm", "0..5000"),
    IOPoint("%QX2.0", "compare_arm", "BOOL", "output", "compare", "arm",
            "Rising edge arms the compare; while TRUE, writing a new compare_position re-arms it"),
    IOPoint("%QX2.1", "camera_trigger", "BOOL", "output", "camera", "trigger",
            "Software trigger: a rising edge takes an image at once (where the axes are at that scan)"),
    *(IOPoint(f"%IW{3 + n}", key, "INT", "input", f"{key}_word", "value", meaning, unit, rng)
      for n, (key, meaning, unit, rng) in enumerate((
          ("grid_x0", "X of the first column's cells", "mm", "0..500"),
          ("grid_y0", "Y of the first row's cells", "mm", "0..300"),
          ("pitch", "Distance between neighbouring cells, in X and in Y", "mm", "10..30"),
          ("cols", "Cells per row", "", "4..8"),
          ("rows", "Rows of cells", "", "3..6"),
          ("readout_ms", "Camera readout time after each image", "ms", "30..80"),
          ("x_accel", "X drive's acceleration and deceleration", "mm/s^2", "3000..10000")))),
)

TASK = Task(
    id="MOT-M10", title="Serpentine scan with position triggers", suite="MOT", level="M",
    summary="Image every cell of a grid once with a camera on an X/Y table, rows in serpentine order, "
            "triggered "
            "by the X drive's position compare output reloaded per cell; then park.",
    plant_description=(
        "An inspection table seen from above: an X carriage (servo, 0..500 mm, up to "
        f"{X_MAX_SPEED:g} mm/s, acceleration the x_accel word) and a Y slide (servo, 0..300 mm, "
        f"{Y_SPEED:g} mm/s, {Y_ACCEL:g} mm/s^2) carry a camera over a grid of cells: cols x rows cells at "
        "pitch mm in both X and Y, the first cell at X grid_x0, Y grid_y0 (words). The camera takes one "
        "image "
        "per trigger, exposed where it stands at that instant, then reads it out for readout_ms (camera_busy "
        "TRUE); its hardware trigger is wired to the X drive's position compare output: once armed, the "
        "compare fires the moment X passes compare_position (in either direction), within the scan, and sets "
        "compare_done. The camera_trigger output triggers it from the program instead, at the scan it is "
        "set. A move runs a trapezoidal profile on each axis. Park is X 0, Y 0. At power-up the drives are "
        "off and the table stands anywhere over the grid."),
    specification=(
        "1. Enable both drives. X and Y never move in the same scan (move one, then the other).\n"
        "2. Image every cell exactly once, within 0.5 mm in X and Y, in serpentine order: row 1 (Y grid_y0) "
        "with X rising, row 2 (Y grid_y0 + pitch) with X falling, and so on. Within a row X must keep "
        "moving: "
        f"consecutive images of a row at most {PACE_FACTOR:g} x readout_ms apart, and never a trigger while "
        "camera_busy; so X runs at no more than pitch/readout_ms (e.g. x_move_speed = pitch * 1000 / "
        "readout_ms, rounded down), started from far enough before the row's first cell to be at speed "
        "there (run-up v^2 / (2 * x_accel)). Reload compare_position with the next cell's X after each "
        "fire.\n"
        f"3. The first image within {STEP_FACTOR:g} x the ideal time + {ALLOWANCE_S:g} s of power-up; the "
        f"first "
        f"image of each next row within {STEP_FACTOR:g} x the ideal row change + {ALLOWANCE_S:g} s of the "
        f"last image of the row before; park within {STEP_FACTOR:g} x the ideal park time + {ALLOWANCE_S:g} "
        f"s "
        "of the last image. Ideal times: trapezoidal moves (d/v + v/a, or 2*sqrt(d/a)) X and Y one after "
        "the other plus the drives' response (up to 0.1 s): to the first image, X from the start to the "
        "run-up point (v^2 / (2 x_accel) before the first cell, at the drive's maximum), Y to row 1, "
        "v / x_accel to speed and three responses; the row change is 2 v / x_accel plus Y's move of "
        "one pitch and two responses; park is v / x_accel, X from v^2 / (2 x_accel) beyond the last cell "
        "to 0, Y to 0, two responses and the drives' settle time (up to 0.25 s).\n"
        "4. Never trigger the camera outside the grid's area (the cells' span grown by half a pitch).\n"
        "5. Then keep the table at rest at park, both drives enabled.\n"
        "The grid, pitch, readout time, X acceleration, start position and the drives' settle and response "
        "times differ from run to run: read the words."),
    io=IO,
    completion=Completion(
        f"Every cell imaged once within {WINDOW_MM:g} mm in serpentine order, a row's images at most "
        f"{PACE_FACTOR:g} x readout_ms apart, the first image, each row change and park on time (step 3); "
        f"then "
        f"the table at rest at park for {HOLD_S:g} s.",
        _completion, keep=_end_state_kept,
        keep_wording="the table at rest at park (within 0.5 mm), both drives enabled with no fault."),
    safety_rules=(
        SafetyRule("MOT-M10-S1", "The camera must never be triggered (by the compare or camera_trigger) "
                   "while "
                   "camera_busy.", NoTriggerWhileBusy()),
        SafetyRule("MOT-M10-S2",
                   f"X and Y must never both travel more than {STILL_MM:g} mm in the same scan.",
                   YStillWhileXMoves()),
        SafetyRule("MOT-M10-S3", "The camera must never be triggered outside the grid's area (the cells' "
                   "span grown by half a pitch on every side).", NoTriggerOffGrid()),
    ),
    parameters=(
        ParameterRange("grid_x0", 20.0, 420.0, "mm",
                       "X of the first column (grid and run-up within the stroke)"),
        ParameterRange("grid_y0", 20.0, 250.0, "mm", "Y of the first row"),
        ParameterRange("pitch", 10.0, 30.0, "mm", "cell pitch"),
        ParameterRange("cols", 4, 8, "", "cells per row"),
        ParameterRange("rows", 3, 6, "", "rows"),
        ParameterRange("readout_ms", 30.0, 80.0, "ms", "camera readout time"),
        ParameterRange("x_accel", 3000.0, 10000.0, "mm/s^2", "X acceleration"),
        ParameterRange("start_mm", 0.0, 500.0, "mm", "where the table stands at power-up (over the grid)",
                       keys=("x_start_mm", "y_start_mm")),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before a drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=40.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
