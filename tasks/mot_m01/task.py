"""MOT-M01 Gantry homing sequence.

A three-axis gantry (sim.devices.gantry.Gantry over three sim.devices.incremental_axis.
IncrementalAxis drives: X carriage, Y bridge riding on it, Z ram with the tool) must be
referenced after Start, in order: Z up to its reference first (the tool may stand low in a
fixture pocket at power-up, so X or Y moving before Z is up would drive the tool through the
fixture), then X and Y together, then the three axes go to the park position and Ready comes on.
Until an axis is referenced its position counter means nothing. X and Y have their reference cam
near the minus end, found as in MOT-E02 (the cam's plus edge, by the switch's falling edge
leaving the cam toward plus); Z has its cam at the top of its stroke, and its reference is the
cam's lower edge, found by the falling edge leaving the cam downward. At power-up X may stand on
its cam, Y on its minus limit switch with the drive faulted (it must be reset and driven off the
switch toward plus: its search direction is blocked), Z anywhere 0-80 mm below the safe height,
sometimes in a pocket; any drive may come up with a stored fault.

Changes from the catalog entry, and why:
- S1 is a standing rule: X and Y stand still whenever Z is not referenced and at or above the
  safe height (judged from position, 0.05 mm), not only "until Z is homed" at the start.
- S2 "no axis moves further onto a limit" is judged as: no axis reaches a limit switch, and an
  axis standing on one is never jogged toward it with its drive enabled (the Axis stops on the
  switch and faults again, so the motion itself never shows in the position).
- S4 (Ready only while all three are referenced and at rest in park) and S5 (no motion before
  Start) are added for MOT-E02's reasons: a Ready lamp on from power-up answers "Ready within
  0.5 s" at once, and a program that homes at power-up outlasts the press.
- The 2-sided window "X/Y <= 0.5 s after Z" asks both X and Y to set off on their search within
  0.5 s of Z coming to rest referenced: they home together. Z itself must set off within 0.5 s
  of Start. A fixed wait for the slowest Z is late where Z homes quickly.
- The search speed is not a rule of its own (as in MOT-E02): a faster search overruns the room
  behind the cams and reaches a limit switch (S2); a reference latched faster than a creep misses
  the 0.3 mm tolerance.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.gantry import Gantry
from sim.devices.incremental_axis import IncrementalAxis
from sim.devices.panel import Lamp, PushButton
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import (
    AnsweredWithin,
    HeldStillUnless,
    axis_io,
    log_uniform,
    start_press_condition,
    store_drive_fault,
)

AXES = ("x", "y", "z")
XY_CAM_EDGE_MM = -20.0     # X and Y: true position of the cam's plus edge, their reference point
Z_REF_MM = 160.0           # Z: the cam's lower edge, its reference point; the cam reaches up from it
LIMITS = {"x": (-70.0, 620.0), "y": (-70.0, 420.0), "z": (0.0, 210.0)}
SAFE_Z_MM = 120.0          # the tool clears every fixture at or above this height
POST_MM = 100.0            # height of the fixture posts
POSTS = ((150.0, 100.0, 35.0, POST_MM), (420.0, 280.0, 35.0, POST_MM))
PARK = {"x": 0.0, "y": 0.0, "z": 150.0}
OFFSET_SPAN_MM = 1500.0
REF_TOLERANCE_MM = 0.3
CREEP_MAX = 10.0
SEARCH_MAX = 100.0
WINDOW_MM = 0.5
SET_OFF_MM = 0.5
Z_WITHIN_S = 0.5           # Z sets off within this of Start
XY_WITHIN_S = 0.5          # X and Y set off within this of Z at rest referenced
READY_WITHIN_S = 0.5
HOLD_S = 2.0
STILL_MM = 0.05
ORIGIN = (150.0, 150.0)    # the gantry's 0/0 on the drawing
Z_ORIGIN = (900.0, 150.0)


def _ref_value(axis: str) -> float:
    return Z_REF_MM if axis == "z" else XY_CAM_EDGE_MM


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    geometry = {
        "x": dict(origin=ORIGIN, angle_deg=0.0, rail_min_mm=-90.0, rail_max_mm=640.0, label="X carriage"),
        "y": dict(origin=ORIGIN, angle_deg=90.0, rail_min_mm=-90.0, rail_max_mm=440.0, label="Y bridge"),
        "z": dict(origin=Z_ORIGIN, angle_deg=90.0, rail_min_mm=-10.0, rail_max_mm=225.0, label="Z ram"),
    }
    for a in AXES:
        lo, hi = LIMITS[a]
        cam = p[f"{a}_cam_mm"]
        edge = Z_REF_MM + cam if a == "z" else XY_CAM_EDGE_MM
        axis = plant.add(IncrementalAxis(
            a, limit_minus_mm=lo, limit_plus_mm=hi, home_mm=PARK[a], start_mm=p[f"{a}_start_mm"],
            max_speed=p["max_speed"], accel=p[f"{a}_accel"], window_mm=WINDOW_MM, settle_s=p["settle_s"],
            response_s=p["response_s"], cam_edge_mm=edge, cam_length_mm=cam,
            cam_hysteresis_mm=p["cam_hysteresis_mm"], ref_value_mm=_ref_value(a),
            offset_span_mm=OFFSET_SPAN_MM,
            carriage_length_mm=50.0, carriage_width_mm=60.0, rail_width_mm=30.0, **geometry[a]))
        if p[f"{a}_start_mm"] <= lo:
            axis.fault, axis.fault_text = True, "minus limit switch reached"
        elif p.get(f"fault_{a}"):
            store_drive_fault(axis)
    plant.add(Gantry("gantry", x="x", y="y", z="z", origin=ORIGIN, safe_z_mm=SAFE_Z_MM, posts=POSTS,
                     bridge_mm=440.0, label="gantry"))
    plant.add(PushButton("start_button", x=300.0, y=-20.0, label="Start", color="green"))
    plant.add(Lamp("ready_lamp", x=460.0, y=-20.0, label="Ready", color="green"))
    return plant


class Devices:
    def __init__(self, plant):
        self.axes = {a: plant.device(a, IncrementalAxis) for a in AXES}
        self.gantry = plant.device("gantry", Gantry)


def _axis(s, a: str) -> IncrementalAxis:
    return s.devices.axes[a]


# --- judges -------------------------------------------------------------------------------

def _z_homed(s) -> bool:
    """Z referenced, at rest, at or above the safe height: X and Y may go."""
    z = _axis(s, "z")
    return z.referenced and z.vel == 0.0 and s.devices.gantry.z_safe


def _ref_ok(s, a: str, after_s) -> bool:
    """The axis's last reference edge came after `after_s(s)` and within the tolerance of its cam edge."""
    refs = _axis(s, a).refs
    return bool(refs) and refs[-1].time_s >= after_s(s) - 1e-9 and (
        abs(refs[-1].true_mm - _ref_value(a)) <= REF_TOLERANCE_MM)


def _after_start(s) -> float:
    return s.params["start_press_s"]


def _after_z(s) -> float:
    refs = _axis(s, "z").refs
    return refs[-1].time_s if refs else float("inf")


def _all_refs_ok(s) -> bool:
    return _ref_ok(s, "z", _after_start) and _ref_ok(s, "x", _after_z) and _ref_ok(s, "y", _after_z)


def _parked(s) -> bool:
    return all(ax.referenced and ax.vel == 0.0 and abs(ax.pos - PARK[a]) <= WINDOW_MM
               for a, ax in s.devices.axes.items())


def _z_sets_off():
    # Z must really rise toward its cam after Start (it never starts on it): a hop and back, or
    # a wait for the slowest Start, fails
    z = lambda s: _axis(s, "z")  # noqa: E731
    return judges.progress_within(
        f"Z setting off up within {Z_WITHIN_S:g} s of Start", lambda s: s.io["start_pb"],
        [judges.Way("Z rising toward its reference cam", lambda s: z(s).cam_start_mm - z(s).pos,
                    by=SET_OFF_MM, until=lambda s: z(s).cam_on or z(s).pos >= z(s).cam_start_mm)],
        Z_WITHIN_S,
        late=lambda t: f"Start was pressed at {t:g} s but Z had not risen {SET_OFF_MM:g} mm toward its "
                       f"reference cam {Z_WITHIN_S:g} s later")


def _xy_sets_off(a: str):
    # As MOT-E02's search: toward the cam from plus (until the switch makes), or from on the cam or
    # below it (Y off its minus limit) toward the cam's plus edge; an axis already referenced, or
    # on the cam less than SET_OFF_MM below its edge, owes nothing
    ax = lambda s: _axis(s, a)  # noqa: E731
    name = a.upper()
    return judges.progress_within(
        f"{name} setting off on its search within {XY_WITHIN_S:g} s of Z homed", _z_homed,
        [judges.Way(f"{name} searching toward its cam", lambda s: ax(s).pos - ax(s).cam_start_mm,
                    by=SET_OFF_MM, until=lambda s: ax(s).cam_on),
         judges.Way(f"{name} going toward its cam's plus edge", lambda s: abs(XY_CAM_EDGE_MM - ax(s).pos),
                    by=SET_OFF_MM, until=lambda s: ax(s).pos >= XY_CAM_EDGE_MM)],
        XY_WITHIN_S,
        excused=lambda s: ax(s).referenced or (ax(s).cam_on and XY_CAM_EDGE_MM - ax(s).pos < SET_OFF_MM),
        late=lambda t: f"Z stood referenced at its safe height from {t:g} s but {name} had not set off "
                       f"{SET_OFF_MM:g} mm on its search {XY_WITHIN_S:g} s later")


def _ready_soon_after_park():
    return AnsweredWithin(
        f"Ready on within {READY_WITHIN_S:g} s of arrival at park", _parked, lambda s: s.io["ready"],
        READY_WITHIN_S,
        lambda t: f"the gantry stood referenced at park from {t:g} s but Ready was not on "
                  f"{READY_WITHIN_S:g} s later",
        waiting="the three axes referenced and at rest at park, then Ready")


def _completion():
    return judges.watched(
        judges.in_order(
            judges.event("Start pressed", lambda s: s.io["start_pb"]),
            judges.event(f"Z referenced within {REF_TOLERANCE_MM:g} mm of its cam's lower edge",
                         lambda s: _ref_ok(s, "z", _after_start)),
            judges.all_of(
                judges.event(f"X referenced within {REF_TOLERANCE_MM:g} mm of its cam's plus edge",
                             lambda s: _ref_ok(s, "x", _after_z)),
                judges.event(f"Y referenced within {REF_TOLERANCE_MM:g} mm of its cam's plus edge",
                             lambda s: _ref_ok(s, "y", _after_z))),
            _ready_soon_after_park(),
            judges.held("Ready with the gantry at rest at park", lambda s: s.io["ready"] and _parked(s),
                        HOLD_S),
        ),
        _z_sets_off(), _xy_sets_off("x"), _xy_sets_off("y"))


def _end_state_kept(s) -> bool:
    axes = s.devices.axes.values()
    return (bool(s.io["ready"]) and all(a.enabled and not a.fault for a in axes) and _parked(s)
            and _all_refs_ok(s))


# --- safety -------------------------------------------------------------------------------

def _z_not_homed_why(s) -> str:
    z = _axis(s, "z")
    return "Z not referenced" if not z.referenced else f"Z at {z.pos:.1f} mm, below the safe height"


def _xy_still_unless_z_homed():
    # S1, from position: where X and Y stood is taken again each time Z stops being homed
    return HeldStillUnless(
        lambda s: _axis(s, "z").referenced and s.devices.gantry.z_safe,
        {"X": lambda s: _axis(s, "x").pos, "Y": lambda s: _axis(s, "y").pos},
        {"X": lambda s: s.params["x_start_mm"], "Y": lambda s: s.params["y_start_mm"]}, STILL_MM,
        why=_z_not_homed_why)


class NoFurtherOntoLimit(judges.Monitor):
    """S2: no axis reaches a limit switch; an axis standing on one (Y at power-up) is never jogged
    toward it with its drive enabled. The drive stops dead on the switch and faults again, so
    'further onto it' never shows in the position: the command toward it is what is judged."""

    def __init__(self):
        self.was: dict[str, bool] | None = None

    def check(self, s):
        axes = s.devices.axes
        if self.was is None:
            self.was = {a: s.params[f"{a}_start_mm"] <= LIMITS[a][0] for a in AXES}
        msg = None
        was = self.was
        for a, ax in axes.items():
            pos = ax.pos
            on = pos <= ax.limit_minus_mm or pos >= ax.limit_plus_mm       # ax.at_limit
            if on:
                side = "plus" if pos >= ax.limit_plus_mm else "minus"
                if not was[a]:
                    msg = msg or f"{a.upper()} reached its {side} limit switch at {pos:.1f} mm"
                elif ax.enabled and (ax.jog_minus if side == "minus" else ax.jog_plus):
                    msg = msg or f"{a.upper()} stands on its {side} limit switch and was jogged toward it"
            was[a] = on
        return msg


def _move_before_ref(s):
    for a in AXES:
        if _axis(s, a).moves_before_ref:
            return f"a move (start_move) of {a.upper()} was started before {a.upper()} was referenced"
    return None


class _NoneMoveBeforeStart(judges.Monitor):
    """S5 for the three axes: one shared moved_before per axis."""

    def __init__(self):
        self.each = [judges.moved_before(
            lambda s: s.io["start_pb"], lambda s, a=a: _axis(s, a).pos, STILL_MM,
            lambda s, a=a: f"{a.upper()} moved from {s.params[f'{a}_start_mm']:.2f} mm to "
                           f"{_axis(s, a).pos:.2f} mm before Start was pressed",
            origin=lambda s, a=a: s.params[f"{a}_start_mm"]) for a in AXES]

        self.started = False

    def check(self, s):
        if self.started:
            return None
        self.started = bool(s.io["start_pb"])
        msgs = [m.check(s) for m in self.each]
        return next((m for m in msgs if m), None)


def _ready_wrongly(s):
    if s.io["ready"] and not _parked(s):
        where = ", ".join(f"{a.upper()} {_axis(s, a).pos:.1f} mm" + ("" if _axis(s, a).referenced else
                                                                     " (not referenced)") for a in AXES)
        return f"Ready on with the gantry not at rest at park: {where}"
    return None


# --- conditions ------------------------------------------------------------------------------

def _cond(name, seed, description, press_s, **params):
    return start_press_condition(name, seed, description, press_s=press_s, **params)


CONDITIONS = (
    _cond("nominal", 101, "all axes mid-stroke, Z 30 mm below the safe height, brisk drives", 1.0,
          x_start_mm=300.0, y_start_mm=200.0, z_start_mm=90.0, x_cam_mm=20.0, y_cam_mm=20.0, z_cam_mm=20.0,
          cam_hysteresis_mm=1.0, max_speed=300.0, x_accel=1000.0, y_accel=1000.0, z_accel=1000.0,
          settle_s=0.05),
    _cond("x_on_cam_tool_in_pocket", 102, "X on its cam, the tool 70 mm down in the pocket of a fixture, "
          "stored X fault", 2.0,
          x_start_mm=-31.0, y_start_mm=100.0, z_start_mm=50.0, x_cam_mm=25.0, y_cam_mm=18.0, z_cam_mm=25.0,
          cam_hysteresis_mm=0.8, max_speed=250.0, x_accel=500.0, y_accel=800.0, z_accel=600.0, settle_s=0.1,
          fault_x=1),
    _cond("y_on_limit", 103, "Y on its minus limit switch (drive faulted), Z 80 mm down, soft drives", 0.6,
          x_start_mm=420.0, y_start_mm=-70.0, z_start_mm=40.0, x_cam_mm=15.0, y_cam_mm=30.0, z_cam_mm=15.0,
          cam_hysteresis_mm=1.5, max_speed=400.0, x_accel=300.0, y_accel=300.0, z_accel=300.0, settle_s=0.03,
          response_s=0.0),
    _cond("z_nearly_up_stiff", 104, "Z 2 mm below the safe height, stiff drives, short Z cam: Z homes "
          "quickly", 3.0,
          x_start_mm=-18.5, y_start_mm=380.0, z_start_mm=118.0, x_cam_mm=16.0, y_cam_mm=22.0, z_cam_mm=15.0,
          cam_hysteresis_mm=0.5, max_speed=200.0, x_accel=2000.0, y_accel=1800.0, z_accel=2000.0,
          settle_s=0.25, fault_z=1, response_s=0.1),
    _cond("far_and_soft_with_faults", 105, "X and Y far out, the tool low in the other fixture, soft Z, "
          "faults on every drive, late Start", 3.8,
          x_start_mm=430.0, y_start_mm=270.0, z_start_mm=60.0, x_cam_mm=30.0, y_cam_mm=15.0, z_cam_mm=30.0,
          cam_hysteresis_mm=1.2, max_speed=350.0, x_accel=400.0, y_accel=1200.0, z_accel=350.0, settle_s=0.2,
          response_s=0.08, fault_x=1, fault_y=1, fault_z=1),
)


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Each axis's start is drawn jointly with its cam:
    X one in four on the cam, one in four just plus of its edge, else anywhere to 580 mm; Y one in
    four on its minus limit switch (faulted), one in four on its cam, else anywhere to 380 mm; Z
    0-80 mm below the safe height, X/Y one in three over a fixture (the tool in its pocket).
    Speed and accelerations are log-uniform, one acceleration per drive; each drive comes up
    with a stored fault one time in four."""
    params: dict = {"cam_hysteresis_mm": round(rng.uniform(0.5, 1.5), 2)}
    for a in AXES:
        params[f"{a}_cam_mm"] = round(rng.uniform(15.0, 30.0), 1)
        params[f"{a}_accel"] = round(log_uniform(rng, 300.0, 2000.0), 1)
        params[f"fault_{a}"] = int(rng.random() < 0.25)
    where_x, where_y = rng.random(), rng.random()
    cam_x, cam_y = params["x_cam_mm"], params["y_cam_mm"]
    if where_x < 0.25:
        x = rng.uniform(XY_CAM_EDGE_MM - cam_x, XY_CAM_EDGE_MM)
    elif where_x < 0.5:
        x = XY_CAM_EDGE_MM + rng.uniform(0.2, 5.0)
    else:
        x = rng.uniform(XY_CAM_EDGE_MM + 5.0, 580.0)
    if where_y < 0.25:
        y = LIMITS["y"][0]
    elif where_y < 0.5:
        y = rng.uniform(XY_CAM_EDGE_MM - cam_y, XY_CAM_EDGE_MM)
    else:
        y = rng.uniform(XY_CAM_EDGE_MM + 5.0, 380.0)
    if rng.random() < 1 / 3:
        px, py, _, _ = POSTS[rng.randrange(len(POSTS))]
        x, y = px + rng.uniform(-10.0, 10.0), py + rng.uniform(-10.0, 10.0)
    params.update(x_start_mm=round(x, 1), y_start_mm=round(y, 1),
                  z_start_mm=round(SAFE_Z_MM - rng.uniform(0.0, 80.0), 1),
                  max_speed=round(log_uniform(rng, 200.0, 400.0), 1),
                  settle_s=round(rng.uniform(0.03, 0.25), 3), response_s=round(rng.uniform(0.0, 0.1), 3))
    press = round(rng.uniform(0.5, 4.0), 2)
    cond = start_press_condition("sampled", 0, "", press_s=press, **params)
    faults = [a.upper() for a in AXES if params[f"fault_{a}"]]
    description = (f"X {params['x_start_mm']:g}, Y {params['y_start_mm']:g}, Z {params['z_start_mm']:g} mm, "
                   f"accel {params['x_accel']:g}/{params['y_accel']:g}/{params['z_accel']:g} mm/s^2, Start "
                   "at "
                   f"{press:g} s" + (f", stored faults {'/'.join(faults)}" if faults else ""))
    return dict(params=cond.params, description=description, operator=cond.operator)


# --- I/O -------------------------------------------------------------------------------------

_WHAT = {"x": "X carriage", "y": "Y bridge", "z": "Z ram"}


def _axis_points(a: str, byte_in: int, word_in: int, byte_out: int, word_out: int) -> tuple[IOPoint, ...]:
    """The drive of one axis: the servo points in MOT-E01's words (tasks.common.axis_io), named
    with the axis's letter, plus its reference cam, referenced, position, set_ref and words."""
    lo, hi = LIMITS[a]
    b, o = f"%IX{byte_in}", f"%QX{byte_out}"
    named = axis_io(a, (f"{b}.0", "drive_ready"), (f"{b}.1", "in_position"), (f"{b}.2", "standstill"),
                   (f"{b}.3", "drive_fault"), (f"{b}.5", "limit_minus"), (f"{b}.6", "limit_plus"),
                   (f"{o}.0", "drive_enable"), (f"{o}.4", "reset_fault"),
                   window_mm=WINDOW_MM, limit_minus_mm=lo, limit_plus_mm=hi, what=_WHAT[a], prefix=f"{a}_")
    A = a.upper()
    if a == "z":
        cam = (f"Z reference cam switch (NO): TRUE while its roller is on the cam at the top of the Z stroke "
               f"(it reaches from {Z_REF_MM:g} mm up; see the plant description for where it makes and "
               "releases)")
        ref = Z_REF_MM
    else:
        cam = (f"{A} reference cam switch (NO): TRUE while its roller is on the cam near the minus end (its "
               f"plus edge at {XY_CAM_EDGE_MM:g} mm; see the plant description)")
        ref = XY_CAM_EDGE_MM
    return named[:4] + (
        IOPoint(f"{b}.4", f"{a}_ref_cam", "BOOL", "input", a, "ref_cam", cam),
        *named[4:6],
        IOPoint(f"{b}.7", f"{a}_referenced", "BOOL", "input", a, "referenced",
                f"TRUE once a set_ref edge has set {A}'s position counter (FALSE from power-up until then)"),
        IOPoint(f"%IW{word_in}", f"{a}_actual_position", "INT", "input", a, "position",
                f"{A} position counter: before {A} is referenced it counts from an arbitrary value (within "
                f"+-{OFFSET_SPAN_MM:g} mm of the true position); after a set_ref edge it reads true "
                "positions",
                "0.1 mm", "-32768..32767"),
        named[6],
        IOPoint(f"{o}.1", f"{a}_start_move", "BOOL", "output", a, "start",
                f"Rising edge starts a move of {A} to {a}_target_position, in the counter's coordinates "
                "(ignored while disabled or faulted)"),
        IOPoint(f"{o}.2", f"{a}_jog_plus", "BOOL", "output", a, "jog_plus",
                f"TRUE jogs {A} toward plus{' (up)' if a == 'z' else ''} at {a}_move_speed (FALSE: it ramps "
                "to a stop)"),
        IOPoint(f"{o}.3", f"{a}_jog_minus", "BOOL", "output", a, "jog_minus",
                f"TRUE jogs {A} toward minus{' (down)' if a == 'z' else ''} at {a}_move_speed (FALSE: it "
                "ramps "
                "to a stop)"),
        named[7],
        IOPoint(f"{o}.5", f"{a}_set_ref", "BOOL", "output", a, "set_ref",
                f"Rising edge sets {A}'s position counter to {ref:g} mm ({round(ref * 10)}) where {A} stands "
                "at "
                f"that instant, and {a}_referenced turns TRUE"),
        IOPoint(f"%QW{word_out}", f"{a}_target_position", "INT", "output", a, "target",
                f"Target of {A}'s next move, taken at the start_move edge", "0.1 mm", "-900..6500"),
        IOPoint(f"%QW{word_out + 1}", f"{a}_move_speed", "INT", "output", a, "speed",
                "Speed of moves and jogs; 0 = for moves the drive's configured speed, for jogs a quarter of "
                "it; above the configured speed it is clamped to it", "mm/s", "0..1000"),
    )


IO = (
    IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start_button", "pressed",
            "Start push button (NO contact): TRUE while pressed"),
    *_axis_points("x", 1, 0, 0, 0),
    *_axis_points("y", 2, 1, 1, 2),
    *_axis_points("z", 3, 2, 2, 4),
    IOPoint("%QX3.0", "ready", "BOOL", "output", "ready_lamp", "on",
            "Ready lamp: TRUE tells the operator the gantry is referenced and parked"),
)

_PARK_TEXT = f"X {PARK['x']:g} mm, Y {PARK['y']:g} mm, Z {PARK['z']:g} mm"

TASK = Task(
    id="MOT-M01", title="Gantry homing sequence", suite="MOT", level="M",
    summary="After Start, reference a three-axis gantry in order: Z up to its reference first, then X and "
            "Y together on their cams, then park all three and show Ready.",
    plant_description=(
        "A gantry over a fixture table: an X carriage (stroke 0..600 mm), a Y bridge riding on it (0..400 "
        "mm) "
        "and a Z ram carrying the tool (positive up; Z is the tool tip's height above the table). Two "
        "fixtures "
        f"stand on the table, {POST_MM:g} mm high (seen from above: circles of 35 mm radius around X 150/Y "
        "100 "
        f"and X 420/Y 280 mm); the tool clears every fixture at or above Z {SAFE_Z_MM:g} mm (the safe "
        "height). "
        "Each axis is a servo drive with an incremental encoder: its position counter means nothing until "
        "its "
        "reference is set. X and Y each have a reference cam near the minus end: its plus edge is at "
        f"{XY_CAM_EDGE_MM:g} mm and it reaches 15 to 30 mm further toward minus. Z has its reference cam at "
        "the "
        f"top of its stroke: its lower edge is at {Z_REF_MM:g} mm and it reaches 15 to 30 mm further up. "
        "Each "
        "cam switch has differential travel: coming onto the cam it makes only once the axis has run 0.5 to "
        "1.5 mm onto it, and it releases exactly at the cam's ends; so a cam's end is found exactly by the "
        "switch's falling edge while leaving the cam across that end (X and Y: leaving toward plus; Z: "
        "leaving "
        "downward). Limit switches (X -70 and 620 mm, Y -70 and 420 mm, Z 0 and 210 mm) stop an axis hard "
        "and "
        "latch its drive fault; after a reset the axis can be driven away from the switch. An operator panel "
        "has a Start push button and a Ready lamp. At power-up the axes stand anywhere: X possibly on its "
        "cam, "
        "Y possibly on its minus limit switch (its drive faulted), Z 0 to 80 mm below the safe height, the "
        "tool "
        "possibly down in a fixture's pocket; any drive may come up with a stored fault."),
    specification=(
        "1. Do not move any axis before the operator has pressed Start. After Start, clear each stored drive "
        "fault with a rising edge on its reset_fault and enable the drives.\n"
        f"2. Z first: within {Z_WITHIN_S:g} s of Start, Z must have risen {SET_OFF_MM:g} mm toward its cam "
        "and "
        f"go on up until its cam switch makes (search at most {SEARCH_MAX:g} mm/s: Z may need up to "
        f"{SEARCH_MAX ** 2 / (2 * 300):.1f} mm to stop and may run past the top of a short cam). Then leave "
        "the "
        f"cam downward at no more than {CREEP_MAX:g} mm/s and give z_set_ref on the switch's falling edge, "
        f"within {REF_TOLERANCE_MM:g} mm of the cam's lower edge ({Z_REF_MM:g} mm).\n"
        f"3. X and Y must stand still (no more than {STILL_MM:g} mm) whenever Z is not referenced and at or "
        f"above the safe height ({SAFE_Z_MM:g} mm). Once Z has come to rest referenced (z_referenced, "
        f"z_standstill), X and Y home together: each must have set off {SET_OFF_MM:g} mm on its search "
        "within "
        f"{XY_WITHIN_S:g} s and go on without backing off: toward minus until its cam switch makes, or, if "
        "it is "
        "on its cam or below it, toward plus. Search at most "
        f"{SEARCH_MAX:g} mm/s; leave the cam toward plus at no more than {CREEP_MAX:g} mm/s and give set_ref "
        "on "
        f"the switch's falling edge, within {REF_TOLERANCE_MM:g} mm of the cam's plus edge "
        f"({XY_CAM_EDGE_MM:g} mm). (Nothing is owed by an axis on its cam less than {SET_OFF_MM:g} mm from "
        "the "
        "edge.)\n"
        "4. No axis may reach a limit switch. An axis standing on a limit switch at power-up must be reset "
        "and "
        "driven off it away from the switch: never jog it toward the switch it stands on.\n"
        "5. Until an axis is referenced, move it only by jogging: a start_move before its set_ref is a move "
        "on "
        "a counter that means nothing.\n"
        f"6. When all three are referenced, move them to the park position ({_PARK_TEXT}) and switch Ready "
        "on "
        f"within {READY_WITHIN_S:g} s of all three coming to rest there (in_position and standstill); then "
        "keep "
        "them there, enabled, with Ready on. Ready must only be on while the gantry is referenced and at "
        "rest "
        "at park.\n"
        "The drives' speed, accelerations, settle and response times, the cams' lengths and the switches' "
        "differential travel differ from run to run: use the switches and the drives' signals, not fixed "
        "times "
        "or positions read before the reference."),
    io=IO,
    completion=Completion(
        f"In this order: Start is pressed; Z is referenced within {REF_TOLERANCE_MM:g} mm of its cam's lower "
        f"edge; then X and Y are each referenced within {REF_TOLERANCE_MM:g} mm of their cam's plus edge; "
        "the "
        f"three come to rest within {WINDOW_MM:g} mm of park ({_PARK_TEXT}) and Ready comes on within "
        f"{READY_WITHIN_S:g} s after that; then Ready stays on with the gantry at rest at park for "
        f"{HOLD_S:g} s "
        f"without a break. On the way: Z sets off up by {SET_OFF_MM:g} mm within {Z_WITHIN_S:g} s of Start, "
        "X "
        f"and Y each set off on their search by {SET_OFF_MM:g} mm within {XY_WITHIN_S:g} s of Z at rest "
        "referenced at or above the safe height, each going on without backing off.",
        _completion,
        keep=_end_state_kept,
        keep_wording="the three axes referenced and at rest at park, the drives enabled with no fault, "
                     "Ready on."),
    safety_rules=(
        SafetyRule("MOT-M01-S1", f"X and Y must stand still (no more than {STILL_MM:g} mm of travel) "
                   f"whenever Z is not referenced and at or above the safe height ({SAFE_Z_MM:g} mm).",
                   _xy_still_unless_z_homed()),
        SafetyRule("MOT-M01-S2", "No axis may reach a limit switch, and an axis standing on one must never "
                   "be jogged toward it with its drive enabled.", NoFurtherOntoLimit()),
        SafetyRule("MOT-M01-S3", "No move (start_move) of an axis may be started before that axis is "
                   "referenced.", _move_before_ref),
        SafetyRule("MOT-M01-S4", "Ready must only be on while all three axes are referenced and at rest "
                   f"within {WINDOW_MM:g} mm of park ({_PARK_TEXT}).",
                   _ready_wrongly),   # its message or None, once a scan (as S3)
        SafetyRule("MOT-M01-S5", "No axis may move before the operator has pressed Start.",
                   _NoneMoveBeforeStart()),
    ),
    parameters=(
        ParameterRange("x_start_mm", XY_CAM_EDGE_MM - 30.0, 580.0, "mm",
                       "where X stands at power-up (true; on its cam or anywhere plus of it)"),
        ParameterRange("y_start_mm", LIMITS["y"][0], 380.0, "mm",
                       f"where Y stands at power-up (true; {LIMITS['y'][0]:g} = on its minus limit switch, "
                       "faulted; else on its cam or plus of it)"),
        ParameterRange("z_start_mm", SAFE_Z_MM - 80.0, SAFE_Z_MM, "mm", "where Z stands at power-up (true)"),
        ParameterRange("cam_mm", 15.0, 30.0, "mm", "length of each reference cam",
                       keys=("x_cam_mm", "y_cam_mm", "z_cam_mm")),
        ParameterRange("cam_hysteresis_mm", 0.5, 1.5, "mm", "how far onto a cam its switch makes"),
        ParameterRange("max_speed", 200.0, 400.0, "mm/s", "drives' configured (maximum) speed"),
        ParameterRange("accel", 300.0, 2000.0, "mm/s^2", "each drive's acceleration and deceleration",
                       keys=("x_accel", "y_accel", "z_accel")),
        ParameterRange("start_press_s", 0.5, 4.0, "s", "when the operator presses Start"),
        ParameterRange("settle_s", 0.03, 0.25, "s", "rest time before a drive reports in_position"),
        ParameterRange("response_s", 0.0, 0.1, "s", "drive delay from the start_move edge to motion"),
        ParameterRange("fault", 0, 1, "", "1 = that drive reports a stored fault at power-up",
                       keys=("fault_x", "fault_y", "fault_z")),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=30.0,
    build_plant=build_plant,
    judged_devices=Devices,
    condition_defaults={"response_s": 0.02, "fault_x": 0, "fault_y": 0, "fault_z": 0},
)

