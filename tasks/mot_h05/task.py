"""MOT-H05 Tandem press line with crank windows.

Two mechanical presses (sim.devices.mechanical_press.MechanicalPress, P1 and P2) stand in a line
with one transfer (sim.devices.axis.Axis, 0-1500 mm) carrying a gripper
(sim.devices.press_line_transfer.PressLineTransfer): blanks arrive at the infeed (0 mm), go into
P1's die (500 mm), are pressed, go into P2's die (1000 mm), are pressed again and go out at the
outfeed (1500 mm). Three jobs share the line: press 1, press 2 and the transfer that serves them
both; the transfer may be in a die only while that press's crank is out of its ram's way.

Changes from the catalog entry, and why:
- The transfer's gripper rides on the carriage (no lifting cylinder): a die is entered by the
  carriage coming within 150 mm of it; what is judged (S1) is the carriage in a die with that
  crank in 90-270 deg, where the ram is down in the die.
- The presses stop at TDC between parts: one gripper cannot unload a die and load the next blank
  within a 180 deg window, so a press with no part (and a pressed part still in its die) must
  stand at TDC; each stroke stops there from the brake's overrun, not known (8-20 deg at power-up)
  and growing with every stop (MOT-M19's brake). "Phase shift" is what the program makes of it: P2
  strokes while the transfer serves P1 and back.
- S3 (after a P2 fault P1 at rest at TDC) is "within one P1 cycle plus 1 s of the fault, and
  engaged again only once P2's fault is reset": from a stroke just begun the brake's overrun takes
  the crank a little past one cycle to TDC.
- S4 (added) no part held in the gripper for over 15 s: a transfer that took a blank with both dies
  full waits for ever (a deadlock); it fails there, stated, not at the time limit.
- Promptness per job, by progress: each press sets off within 0.5 s of its die being loaded with
  the transfer out of it; the transfer sets off within 0.5 s toward work it can do (a part to
  take or to set down where the crank allows it and the next place is free).
- A wrongly pressed part at the outfeed (one press missed, or pressed twice) or a dropped part
  ends the run.
- The transfer never stands at power-up in a die whose crank is in 90-270 deg (it would have
  crashed): from there S1 would fail at the first scan whatever the program did.

Hardness: a program written in one pass from the prompt, without running it
(counterexamples/blind_written.st), earned 0 of 5: it did not compile (FLOOR), and with that
fixed it still left the transfer standing in a die it had just loaded, so the press waited for it
for ever. The reference's first sampled sweep found its own race (the transfer crossing die 1 in the
scan P1 was told to start): the reference and the second program check the clutch command too.
The catalog's trap (stop-start on TDC) is the only way to run this line with one gripper, so the
trap kept is a fixed clutch-off angle (counterexamples/fixed_clutch_off.st), with the deadlock of
taking a blank into full dies (S4's counterexample) and a P2 fault stopping the whole line (S3's).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import Axis
from sim.devices.mechanical_press import MechanicalPress
from sim.devices.press_line_transfer import PressLineTransfer
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun, axis_io

PARTS = 8
INFEED_MM, OUTFEED_MM = 0.0, 1500.0
DIE_MM = {1: 500.0, 2: 1000.0}
IN_DIE_MM = 150.0  # the carriage within this of a die is in it
RAM_FROM, RAM_TO = 90.0, 270.0
TDC_TOL = 5.0
AT_MM = 1.0
SET_OFF_S = 0.5
SET_OFF_MM = 20.0  # the transfer has set off toward work once 20 mm nearer to it
HELD_MAX_S = 15.0
STOP_AFTER_FAULT_S = 1.0  # P1 at TDC within one P1 cycle plus this
S3_TDC_TOL = 15.0            # S3: a first stop on an unknown overrun (8-20 deg) may be 12 deg short
HOLD_S = 1.0
PRESS = {1: "press_1", 2: "press_2"}
NEXT = {0: "die_1", 1: "die_2", 2: "outfeed"}  # a part pressed n times goes to
PLACE_MM = {"infeed": INFEED_MM, "die_1": DIE_MM[1], "die_2": DIE_MM[2], "outfeed": OUTFEED_MM}


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(
        Axis(
            "transfer",
            origin=(0.0, 0.0),
            limit_minus_mm=-10.0,
            limit_plus_mm=1510.0,
            rail_min_mm=-60.0,
            rail_max_mm=1560.0,
            home_mm=INFEED_MM,
            start_mm=p["transfer_start_mm"],
            max_speed=p["transfer_speed"],
            accel=p["transfer_accel"],
            window_mm=0.5,
            settle_s=0.05,
            carriage_length_mm=100.0,
            carriage_width_mm=70.0,
            label="transfer",
            color="#e69138",
        )
    )
    for k in (1, 2):
        plant.add(
            MechanicalPress(
                PRESS[k],
                spm=p[f"spm_{k}"],
                overrun_deg=p[f"overrun_{k}"],
                growth_deg=p["growth_deg"],
                scatter_deg=0.2,
                engage_s=0.03,
                start_deg=p[f"start_deg_{k}"],
                x=DIE_MM[k],
                y=120.0,
                label=f"P{k}",
            )
        )
    pre = {}
    if p["preload_1"]:
        pre[0] = ()
    if p["preload_2"]:
        pre[1] = ("press_1",) if p["preload_2"] == 1 else ("press_1", "press_2")
    plant.add(
        PressLineTransfer(
            "line",
            axis="transfer",
            infeed_mm=INFEED_MM,
            dies=((PRESS[1], DIE_MM[1]), (PRESS[2], DIE_MM[2])),
            outfeed_mm=OUTFEED_MM,
            count=PARTS,
            gaps=tuple(p["gaps"]),
            first_s=p["first_s"],
            preloaded=pre,
            grip_s=0.15,
            release_s=0.1,
            at_mm=AT_MM,
            x=0.0,
            y=-120.0,
        )
    )
    return plant


def _faults(p) -> tuple[Disturbance, ...]:
    return tuple(
        Disturbance(
            at,
            f"P2 faults (reset accepted after {hold:g} s)",
            lambda plant, hold=hold: plant.device("press_2", MechanicalPress).trip(hold_s=hold),
        )
        for at, hold in zip(p["fault_s"], p["fault_hold_s"], strict=True)
    )


class Devices:
    def __init__(self, plant):
        self.transfer = plant.device("transfer", Axis)
        self.press = {k: plant.device(PRESS[k], MechanicalPress) for k in (1, 2)}
        self.line = plant.device("line", PressLineTransfer)


def _clear(press: MechanicalPress) -> bool:
    """The ram out of the die: the crank outside 90-270 deg."""
    return not RAM_FROM < press.angle_deg < RAM_TO


def _in_die(d, k) -> bool:
    return abs(d.transfer.pos - DIE_MM[k]) < IN_DIE_MM


def _place_free(d, place: str) -> bool:
    line = d.line
    if place == "outfeed":
        return True
    n = int(place[4:])
    return line.die[n - 1] is None and _clear(d.press[n]) and not d.press[n].fault and not d.press[n].running


def _path_open(d, place: str) -> bool:
    """No die between the transfer and `place` (other than one it is in) has its press turning or its
    crank in the ram's way: a press turning there is a window the program may wait for."""
    lo, hi = sorted((d.transfer.pos, PLACE_MM[place]))
    for k in (1, 2):
        if _in_die(d, k):
            continue
        if lo < DIE_MM[k] + IN_DIE_MM and hi > DIE_MM[k] - IN_DIE_MM:
            if d.press[k].running or not _clear(d.press[k]):
                return False
    return True


def _work(d) -> list[str]:
    return [w for w in _work_anywhere(d) if _path_open(d, w)]


def _work_anywhere(d) -> list[str]:
    """The places the transfer could go and do something at now: take a part (from the infeed with
    die 1 free, from a die whose press has pressed it, whose crank is clear and whose part's next
    place is free) or set its part down (where it goes next, free and its crank clear)."""
    line = d.line
    if line.held is not None:
        nxt = NEXT[len(line.held.pressed)] if len(line.held.pressed) < 3 else None
        return [nxt] if nxt and _place_free(d, nxt) else []
    out = []
    if line.infeed is not None and line.die[0] is None:
        out.append("infeed")
    for k in (1, 2):
        part = line.die[k - 1]
        if part is not None and PRESS[k] in part.pressed and _clear(d.press[k]) and not d.press[k].running:
            nxt = NEXT[len(part.pressed)] if len(part.pressed) < 3 else "outfeed"
            if nxt == "outfeed" or _place_free(d, nxt):
                out.append(f"die_{k}")
    return out


def _good(part) -> bool:
    return part.pressed == ["press_1", "press_2"]


class Line(judges.Judge):
    """Done at 8 good parts out (pressed once by P1, then once by P2); a bad part out or a part
    dropped ends the run. Written for this task: a part's history is this line's."""

    name = f"{PARTS} parts pressed by P1 then P2 out at the outfeed"

    def __init__(self):
        super().__init__()
        self.count = judges.distinct(
            self.name, lambda s: [p.number for p in s.devices.line.out if _good(p)], PARTS
        )

    def update(self, s):
        if self.done or self.failed:
            return self.done
        line = s.devices.line
        bad = [p for p in line.out if not _good(p)]
        if bad:
            pressed = " then ".join(bad[0].pressed) or "no press"
            self.failed = f"part {bad[0].number} went out pressed by {pressed}"
            return False
        if line.dropped:
            self.failed = f"part {line.dropped[0].number} was dropped away from a free place"
            return False
        if self.count.update(s):
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else (self.failed or self.count.pending())


def _end_state(s) -> bool:
    d = s.devices
    return (
        all(
            not d.press[k].running and d.press[k].off_tdc_deg <= TDC_TOL and not d.press[k].clutch
            for k in (1, 2)
        )
        and d.transfer.vel == 0.0
        and abs(d.transfer.pos - INFEED_MM) <= AT_MM
        and d.line.held is None
    )


def _press_cause(k):
    def cause(s):
        d = s.devices
        part = d.line.die[k - 1]
        return (
            part is not None
            and PRESS[k] not in part.pressed
            and len(part.pressed) == k - 1
            and not _in_die(d, k)
            and d.line.held is not part
            and not d.press[k].running
        )

    return cause


def _press_excused(k):
    def excused(s):
        d = s.devices
        return d.press[k].fault or _in_die(d, k) or (k == 1 and _p2_down(s))

    return excused


def _p2_down(s) -> bool:
    """P2 faulted and not yet reset (S3 keeps P1 stopped until then)."""
    return s.devices.press[2].fault


def _completion():
    watches = []
    for k in (1, 2):
        watches.append(
            judges.progress_within(
                f"P{k} strokes within {SET_OFF_S:g} s of its die loaded with the transfer out of it",
                _press_cause(k),
                [judges.Way(f"P{k}'s crank", lambda s, k=k: -s.devices.press[k].turned_deg, by=2.0)],
                SET_OFF_S,
                excused=_press_excused(k),
                late=lambda t, k=k: (
                    f"P{k}'s die was loaded and clear at {t:g} s, but its crank had not turned "
                    f"2 deg {SET_OFF_S:g} s later"
                ),
            )
        )

    def transfer_cause(s):
        d = s.devices
        work = _work(d)
        return bool(work) and d.transfer.vel == 0.0 and d.line.standing_at() not in work

    def toward(place):
        def distance(s):
            d = s.devices
            return abs(d.transfer.pos - PLACE_MM[place]) if place in _work(d) else OUTFEED_MM + 500.0

        return distance

    watches.append(
        judges.progress_within(
            f"the transfer sets off within {SET_OFF_S:g} s toward work it can do",
            transfer_cause,
            [
                judges.Way(f"the transfer toward the {place.replace('_', ' ')}", toward(place), by=SET_OFF_MM)
                for place in PLACE_MM
            ],
            SET_OFF_S,
            excused=lambda s: not _work(s.devices),
            late=lambda t: (
                f"the transfer had work it could do at {t:g} s (a part to take or set down) but had "
                f"not set off toward it {SET_OFF_S:g} s later"
            ),
        )
    )
    inner = judges.watched(
        judges.in_order(
            Line(),
            judges.held(
                "presses at rest at TDC with clutches out, transfer at the infeed, gripper empty",
                _end_state,
                HOLD_S,
            ),
        ),
        *watches,
        name="8 parts through both presses, every job served in time",
    )
    return MissEndsTheRun(inner)


# --- safety -------------------------------------------------------------------------------


def _in_die_under_ram(s):
    d = s.devices
    for k in (1, 2):
        if _in_die(d, k) and not _clear(d.press[k]):
            return (
                f"the transfer was in P{k}'s die ({d.transfer.pos:.0f} mm) with P{k}'s crank at "
                f"{d.press[k].angle_deg:.0f} deg"
            )
    return None


class P1StopsAfterP2Fault(judges.Monitor):
    """S3: after P2 faults, P1 comes to rest within 15 deg of TDC within one P1 cycle plus 1 s
    (whether or not P2 was reset meanwhile), and does not turn again until P2's fault is reset.
    Written for this task: the deadline is P1's own cycle."""

    def __init__(self):
        self.seen = 0
        self.since_ms: int | None = None
        self.stopped = False

    def check(self, s):
        d = s.devices
        p1, p2 = d.press[1], d.press[2]
        if len(p2.faulted_at) > self.seen:
            self.seen = len(p2.faulted_at)
            self.since_ms, self.stopped = s.time_ms, False
        if self.since_ms is None:
            return None
        # at rest with its clutch out: a clutch still engaging (told just before the fault) is a stroke
        if not self.stopped and not p1.running and not p1.clutch and p1.off_tdc_deg <= S3_TDC_TOL:
            self.stopped = True
        if self.stopped:
            if not p2.fault:
                self.since_ms = None  # stopped at TDC and P2 reset: done
                return None
            if p1.running:
                return "P1 turned again before P2's fault was reset"
            return None
        due = 60.0 / p1.spm + STOP_AFTER_FAULT_S
        if s.time_ms - self.since_ms > due * 1000:
            self.since_ms = None
            return (
                f"P2 faulted {due:.1f} s before but P1 had not come to rest within {S3_TDC_TOL:g} deg of TDC "
                f"(crank at {p1.angle_deg:.0f} deg)"
            )
        return None


class HeldTooLong(judges.Monitor):
    def __init__(self):
        self.part = None
        self.since_ms = 0

    def check(self, s):
        held = s.devices.line.held
        if held is not self.part:
            self.part, self.since_ms = held, s.time_ms
        if held is not None and s.time_ms - self.since_ms > HELD_MAX_S * 1000:
            return f"part {held.number} held in the gripper for over {HELD_MAX_S:g} s"
        return None


# --- conditions ---------------------------------------------------------------------------

BASE = dict(
    spm_1=15.0,
    spm_2=15.0,
    overrun_1=12.0,
    overrun_2=12.0,
    growth_deg=0.3,
    start_deg_1=0.0,
    start_deg_2=0.0,
    transfer_speed=1000.0,
    transfer_accel=4000.0,
    transfer_start_mm=0.0,
    preload_1=0,
    preload_2=0,
    first_s=0.5,
    gaps=(1.0,) * PARTS,
    fault_s=(),
    fault_hold_s=(),
)


def _cond(name, seed, description, **kw):
    p = dict(BASE)
    p.update(kw)
    p["gaps"] = tuple(p["gaps"])
    p["fault_s"], p["fault_hold_s"] = tuple(p["fault_s"]), tuple(p["fault_hold_s"])
    return Condition(name, seed, p, description, disturbances=_faults(p))


CONDITIONS = (
    _cond(
        "nominal",
        501,
        "both presses 15 spm, 12 deg overrun, blanks every second",
    ),
    _cond(
        "fast_p1_slow_p2",
        502,
        "P1 20 spm with 20 deg overrun, P2 10 spm, a slow soft transfer",
        spm_1=20.0,
        spm_2=10.0,
        overrun_1=20.0,
        overrun_2=8.0,
        growth_deg=0.5,
        transfer_speed=700.0,
        transfer_accel=2500.0,
    ),
    _cond(
        "p2_fault",
        503,
        "P2 faults twice while parts are in both dies, reset accepted after 3 s",
        spm_1=18.0,
        spm_2=16.0,
        overrun_1=15.0,
        overrun_2=18.0,
        fault_s=(10.0, 41.0),
        fault_hold_s=(3.0, 2.0),
    ),
    _cond(
        "loaded_at_power_up",
        504,
        "both dies hold parts at power-up, P1 stopped at 60 deg on its blank, P2 "
        "stopped at 200 deg having pressed its part, the transfer at 1250 mm",
        preload_1=1,
        preload_2=2,
        start_deg_2=200.0,
        start_deg_1=60.0,
        transfer_start_mm=1250.0,
        spm_1=12.0,
        spm_2=17.0,
    ),
    _cond(
        "late_blanks",
        505,
        "blanks come late and unevenly (up to 8 s), P1 stopped at 300 deg at power-up",
        start_deg_1=300.0,
        gaps=(6.0, 0.5, 8.0, 0.5, 3.0, 7.0, 0.5, 0.5),
        spm_1=11.0,
        spm_2=19.0,
        overrun_1=9.0,
        overrun_2=19.0,
    ),
)


def _sample(rng: random.Random) -> dict:
    """Every varied parameter from its published range. Jointly: a preloaded die 2 part was pressed
    by P1 (and maybe by P2 too, then its crank stands in P2's upstroke past BDC or at TDC); a crank
    stopped off TDC at power-up stands where a fault or a stop left it (20-300 deg); P2's faults
    fall while the line runs (5-50 s) at least 12 s apart; the transfer never stands at power-up in a
    die whose crank is in 90-270 deg."""
    p = dict(BASE)
    for k in (1, 2):
        p[f"spm_{k}"] = round(rng.uniform(10.0, 20.0), 1)
        p[f"overrun_{k}"] = round(rng.uniform(8.0, 20.0), 1)
        p[f"start_deg_{k}"] = 0.0 if rng.random() < 0.6 else round(rng.uniform(20.0, 300.0), 1)
    p["growth_deg"] = round(rng.uniform(0.2, 0.5), 2)
    p["transfer_speed"] = round(rng.uniform(700.0, 1200.0))
    p["transfer_accel"] = round(rng.uniform(2500.0, 5000.0))
    p["transfer_start_mm"] = 0.0 if rng.random() < 0.6 else round(rng.uniform(0.0, 1500.0))
    p["preload_1"] = int(rng.random() < 0.3)
    p["preload_2"] = rng.choice((0, 0, 1, 2))
    # the crank's power-up angle says what the part in its die is due: before BDC a part still to
    # press, past BDC pressed by it (or none), at TDC still to press (or none)
    for k, due in ((1, p["preload_1"] == 1), (2, p["preload_2"] == 1)):
        a = p[f"start_deg_{k}"]
        pressed = k == 2 and p["preload_2"] == 2
        if due and a >= 180.0:
            p[f"start_deg_{k}"] = round(rng.uniform(20.0, 179.0), 1)
        elif not due and 0.0 < a < 180.0:
            p[f"start_deg_{k}"] = round(rng.uniform(180.0, 300.0), 1)
        elif pressed and a == 0.0:
            p[f"start_deg_{k}"] = round(rng.uniform(180.0, 300.0), 1)
    for k in (1, 2):  # a transfer in a die whose ram is down in it would have crashed: it stands outside
        if abs(p["transfer_start_mm"] - DIE_MM[k]) < IN_DIE_MM and RAM_FROM < p[f"start_deg_{k}"] < RAM_TO:
            p["transfer_start_mm"] = DIE_MM[k] + rng.choice((-1.0, 1.0)) * round(
                rng.uniform(IN_DIE_MM + 10.0, 240.0)
            )
    p["first_s"] = round(rng.uniform(0.2, 3.0), 1)
    p["gaps"] = tuple(
        round(rng.uniform(0.5, 1.5) if rng.random() < 0.7 else rng.uniform(1.5, 8.0), 1) for _ in range(PARTS)
    )
    faults, t = [], rng.uniform(5.0, 20.0)
    for _ in range(rng.choice((0, 1, 1, 2))):
        faults.append((round(t, 1), round(rng.uniform(1.0, 4.0), 1)))
        t += rng.uniform(12.0, 25.0)
    faults = [f for f in faults if f[0] <= 50.0]
    p["fault_s"], p["fault_hold_s"] = tuple(f[0] for f in faults), tuple(f[1] for f in faults)
    description = (
        f"P1 {p['spm_1']:g} spm ({p['overrun_1']:g} deg), P2 {p['spm_2']:g} spm ({p['overrun_2']:g} "
        f"deg), preload {p['preload_1']}/{p['preload_2']}, {len(faults)} P2 fault(s)"
    )
    return dict(params=p, disturbances=_faults(p), description=description)


def _press_io(k: int) -> tuple[IOPoint, ...]:
    n = k - 1
    name = PRESS[k]
    return (
        IOPoint(
            f"%IX{n}.0",
            f"p{k}_tdc",
            "BOOL",
            "input",
            name,
            "tdc",
            f"P{k} TDC cam: TRUE while P{k}'s crank is within {TDC_TOL:g} deg of top dead centre",
        ),
        IOPoint(
            f"%IX{n}.1", f"p{k}_running", "BOOL", "input", name, "running", f"TRUE while P{k}'s crank turns"
        ),
        IOPoint(
            f"%IX{n}.2",
            f"p{k}_fault",
            "BOOL",
            "input",
            name,
            "fault",
            f"P{k} fault: TRUE while latched (the clutch is dropped by the press itself and stays out); a "
            f"rising edge on p{k}_reset clears it once its cause has gone (resets before then are ignored)",
        ),
        IOPoint(
            f"%IX{n}.3",
            f"part_in_die_{k}",
            "BOOL",
            "input",
            "line",
            f"part_in_die_{k}",
            f"Die {k} proximity sensor: TRUE while a part lies in P{k}'s die",
        ),
        IOPoint(
            f"%IW{n}",
            f"p{k}_angle",
            "INT",
            "input",
            name,
            "angle",
            f"P{k} crank angle: 0 = top dead centre (ram up), 180 = bottom dead centre, counting up as the "
            "press strokes; whole degrees",
            "deg",
            "0..359",
        ),
        IOPoint(
            f"%QX{n}.0",
            f"p{k}_clutch",
            "BOOL",
            "output",
            name,
            "clutch",
            f"TRUE engages P{k}'s clutch (after 0.03 s the crank turns at the press's speed); FALSE drops it "
            "and the brake stops the crank, which runs on by the brake's overrun angle",
        ),
        IOPoint(
            f"%QX{n}.1", f"p{k}_reset", "BOOL", "output", name, "reset", f"Rising edge resets a P{k} fault"
        ),
    )


IO = (
    *_press_io(1),
    *_press_io(2),
    IOPoint(
        "%IX2.0",
        "part_at_infeed",
        "BOOL",
        "input",
        "line",
        "part_at_infeed",
        "TRUE while a blank lies at the infeed (0 mm)",
    ),
    IOPoint(
        "%IX2.1",
        "part_held",
        "BOOL",
        "input",
        "line",
        "part_held",
        "TRUE while the gripper holds a part (0.15 s after it closed on one)",
    ),
    *axis_io(
        "transfer",
        ("%IX2.2", "drive_ready"),
        ("%IX2.3", "in_position"),
        ("%IX2.4", "standstill"),
        ("%QX2.0", "drive_enable"),
        window_mm=0.5,
        limit_minus_mm=-10.0,
        limit_plus_mm=1510.0,
        what="transfer",
        prefix="transfer_",
    ),
    IOPoint(
        "%IW2",
        "transfer_position",
        "INT",
        "input",
        "transfer",
        "position",
        "Actual transfer position (0 = infeed, 500 = die 1, 1000 = die 2, 1500 = outfeed)",
        "0.1 mm",
        "-100..15100",
    ),
    IOPoint(
        "%QW0",
        "transfer_target",
        "INT",
        "output",
        "transfer",
        "target",
        "Transfer move target",
        "0.1 mm",
        "0..15000",
    ),
    IOPoint(
        "%QX2.1",
        "transfer_start",
        "BOOL",
        "output",
        "transfer",
        "start",
        "Rising edge starts a transfer move to transfer_target (also while moving: re-targets)",
    ),
    IOPoint(
        "%QX2.2",
        "grip",
        "BOOL",
        "output",
        "line",
        "grip",
        "TRUE closes the gripper: on a part at the place the transfer stands at (at rest within 1 mm) it "
        "holds it after 0.15 s; FALSE opens it: after 0.1 s the part is set down at the place the transfer "
        "stands at if that place is empty (at the outfeed it is taken away), anywhere else it falls",
    ),
)

SPEC = (
    "1. Each blank goes infeed -> die 1, is pressed once by P1, -> die 2, is pressed once by P2, -> "
    "outfeed. A "
    "part is pressed when its press's crank passes bottom dead centre (180 deg) with it in the die. Never "
    "stroke a press with its die empty (S2), never stroke a part twice in one press, never set a part down "
    "away from an empty place (it falls) - a part out pressed wrongly or dropped fails the run.\n"
    f"2. The transfer is in a die while it is within {IN_DIE_MM:g} mm of it (die 1 at 500 mm, die 2 at 1000 "
    f"mm): "
    f"only while that press's crank is outside {RAM_FROM:g}-{RAM_TO:g} deg (S1), whether the press turns or "
    f"not. "
    "The presses run at their own speeds (10-20 strokes a minute, not told; 6 deg/s per stroke a minute).\n"
    "3. Stop each press at rest at TDC between strokes (the crank stands within "
    f"{TDC_TOL:g} deg of TDC): drop the clutch early by the brake's overrun, which is not known (8-20 deg at "
    "power-up, each press its own), grows by 0.2-0.5 deg with every stop, give or take 0.2 deg: measure it "
    "at "
    "every stop (rest angle less where the clutch dropped) and use it for the next. A crank standing off TDC "
    "at power-up or after a fault is finished to TDC (through BDC only if its die holds a part that press "
    "has "
    "not pressed).\n"
    f"4. Each job is judged on its own. P1 and P2: a press whose die holds a part it has to press, with the "
    f"transfer out of that die and not faulted, must have its crank turning within {SET_OFF_S:g} s. The "
    f"transfer: whenever it stands with work it can do - a blank at the infeed with die 1 empty, a pressed "
    f"part in a die whose press is at rest with its crank clear and whose next place (die 2 for P1's, the "
    f"outfeed for P2's) is empty with its press at rest, crank clear and not "
    f"faulted, or a held part whose next place is so - "
    f"it must set off toward such work within {SET_OFF_S:g} s and go on to it (work behind a die whose press "
    f"is turning, or whose crank stands in 90-270 deg, may wait for it). No part may stay in the gripper "
    f"over "
    f"{HELD_MAX_S:g} s (S4): take a blank only where it can go on.\n"
    "5. P2 may fault (p2_fault) at any time: its clutch drops by itself and its crank stops where the brake "
    f"takes it. Then P1 must come to rest within {S3_TDC_TOL:g} deg of TDC within one P1 cycle (60 / its "
    f"speed, in s) plus {STOP_AFTER_FAULT_S:g} s of the fault, even if P2 is reset sooner, and once there "
    f"must "
    f"not turn again until P2's fault is reset (S3): a P1 mid-stroke finishes its stroke to TDC. Keep "
    "resetting P2 (a rising edge on p2_reset) until p2_fault clears, then finish P2's stroke and go on.\n"
    "6. At power-up the dies may hold parts (a part in die 1 is a blank, a part in die 2 has been pressed "
    "by P1) "
    "and the cranks may stand off TDC (20-300 deg): a crank standing before BDC (under 180 deg) has a part "
    "in "
    "its die that press has still to press; a crank standing past BDC has pressed what lies in its die (or "
    "its die is empty); at TDC a part in the die is still to be pressed by that press. The transfer may "
    "stand "
    "anywhere on its rail (not in a die whose crank stands in 90-270 deg), the gripper empty. Blanks arrive "
    "at the infeed 0.2-3 s after power-up and then 0.5-8 s after "
    "the previous blank was taken. Enable the transfer drive first.\n"
    f"7. After {PARTS} parts are out (those in the dies at power-up count), both presses at rest within "
    f"{TDC_TOL:g} deg of TDC with their clutches out, the transfer at the infeed (0 mm) with the gripper "
    f"empty."
)

TASK = Task(
    id="MOT-H05",
    title="Tandem press line with crank windows",
    suite="MOT",
    level="H",
    summary="Run two mechanical presses and the one transfer that serves both: blanks through P1 and P2 to "
    "the outfeed, the transfer in a die only while its crank is out of the ram's way, each press "
    "stopped at TDC from its growing brake overrun, P1 held at TDC while P2 recovers from a fault.",
    plant_description=(
        "A tandem press line: two mechanical presses P1 and P2 (flywheel, clutch/brake, crank: 0 deg = TDC "
        "ram "
        "up, 180 deg = BDC ram down in the die), each with a proximity sensor in its die, and one transfer "
        "on a "
        "servo axis (0-1500 mm: infeed 0, die 1 500, die 2 1000, outfeed 1500) whose carriage carries a "
        "gripper. Transfer speed 700-1200 mm/s, acceleration 2500-5000 mm/s^2 (not told)."
    ),
    specification=SPEC,
    io=IO,
    completion=Completion(
        f"{PARTS} parts out, each pressed once by P1 then once by P2; then both presses at rest at TDC "
        f"(within "
        f"{TDC_TOL:g} deg) with their clutches out and the transfer at the infeed with the gripper empty for "
        f"{HOLD_S:g} s. On the way every press and the transfer set off within {SET_OFF_S:g} s of work they "
        f"can do "
        "(a miss ends the run).",
        _completion,
        keep=_end_state,
        keep_wording="both presses at rest within 5 deg of TDC with their clutches out, the transfer at the "
        "infeed with the gripper empty.",
    ),
    safety_rules=(
        SafetyRule(
            "MOT-H05-S1",
            f"The transfer must be within {IN_DIE_MM:g} mm of a die only while that press's "
            f"crank is outside {RAM_FROM:g}-{RAM_TO:g} deg.",
            judges.never(lambda s: _in_die_under_ram(s) is not None, _in_die_under_ram),
        ),
        SafetyRule(
            "MOT-H05-S2",
            "No press may stroke (its crank pass BDC) with its die empty.",
            CountGrows(lambda s: sum(s.devices.line.empty_strokes), "a press stroked with its die empty"),
        ),
        SafetyRule(
            "MOT-H05-S3",
            f"After a P2 fault P1 must come to rest within {S3_TDC_TOL:g} deg of TDC within "
            f"one P1 cycle plus {STOP_AFTER_FAULT_S:g} s (even if P2 is reset sooner), and then must not "
            "turn again until P2's fault is reset.",
            P1StopsAfterP2Fault(),
        ),
        SafetyRule(
            "MOT-H05-S4", f"No part may stay in the gripper for over {HELD_MAX_S:g} s.", HeldTooLong()
        ),
    ),
    parameters=(
        ParameterRange("spm", 10.0, 20.0, "strokes/min", "press speed", keys=("spm_1", "spm_2")),
        ParameterRange(
            "overrun", 8.0, 20.0, "deg", "brake overrun at power-up", keys=("overrun_1", "overrun_2")
        ),
        ParameterRange("growth_deg", 0.2, 0.5, "deg", "overrun growth per stop"),
        ParameterRange(
            "start_deg", 0.0, 300.0, "deg", "crank angle at power-up", keys=("start_deg_1", "start_deg_2")
        ),
        ParameterRange("transfer_speed", 700.0, 1200.0, "mm/s", "transfer top speed"),
        ParameterRange("transfer_accel", 2500.0, 5000.0, "mm/s^2", "transfer acceleration"),
        ParameterRange("transfer_start_mm", 0.0, 1500.0, "mm", "transfer position at power-up"),
        ParameterRange("preload", 0, 2, "", "parts in the dies at power-up", keys=("preload_1", "preload_2")),
        ParameterRange("first_s", 0.2, 3.0, "s", "first blank at the infeed"),
        ParameterRange("gaps", 0.5, 8.0, "s", "next blank after the previous was taken"),
        ParameterRange("fault_s", 5.0, 50.0, "s", "P2 faults at"),
        ParameterRange("fault_hold_s", 1.0, 4.0, "s", "a P2 fault's reset accepted after"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=150.0,
    build_plant=build_plant,
    judged_devices=Devices,
)
