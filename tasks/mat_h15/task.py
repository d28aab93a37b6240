"""MAT-H15 Loop sorter with slot tracking.

A tilt-tray loop sorter (new LoopSorter: 30 trays at 400 mm round a 12 m loop, run by the host)
takes parts from two induct belts (library Conveyors, each with a library BarcodeScanner and a
ready PhotoEye at its discharge end) and tips each into one of four destination chutes or the
reject chute (library Chutes). The two inducts are independent jobs that share the trays: each
is judged on its own (every part it is offered inducted within 10 s, its 20 parts sorted), so a
program that starves one fails there (MissEndsTheRun) even when the other finishes.

The program sees the chain only through its encoder (1 count per mm, 16-bit, wrapping), the
tray-flag sensor with the encoder count latched at each tray centre's passing (and the home flag
of tray 1), and a loaded eye upstream of the inducts. It must keep its own slot table: which
trays are empty, which carry which part to which chute. An induct lands its part 0.3 s after the
command, so the command leads the tray by the distance the chain runs in 0.3 s: the program has
to measure the speed (0.5-1.5 m/s, not known, and in some conditions the host changes it during
the run, ramping at 0.1 m/s^2).

Changes from the catalog entry, and why:
- Parts: 20 per induct (40 sorted) as the catalog says; offers paced so that both inducts
  together need at most 60 % of the trays passing at the slowest speed of the run (the parts
  recirculating past a full chute and the trays loaded at power-up take some of the rest).
- The induct window (+-20 mm, the catalog's two-sided window) is S1's: a part landing farther
  from an empty tray's centre is spilled. Too early and too late both miss it; with the 0.3 s
  transfer the lead is 150-450 mm, so a program that fires when the tray arrives, or that
  predicts from a speed it measured once, misses it.
- "Full chute: <= 2 more laps, then reject" is S5 (a part is never carried past its own full
  chute a fourth time), and S2 lets the reject chute take a part with a good read only once it
  has been carried past its own chute while that chute was full: rejecting is not a way out of
  sorting. A chute is full 10-40 s at a time (its take-away backed up), 1-2 times a run.
- The catalog's S4 (induct wait <= 10 s) counts from the moment the upstream line offers the part
  at the induct belt's infeed (a part it cannot hand over because the infeed place is still
  taken waits there on the same clock), so holding an induct belt to keep its parts from the
  end does not stop the clock.
- Start states to discover: 0-4 trays loaded at power-up (their parts' destinations are
  unknown: they go to reject), the chain anywhere in its lap and its encoder at any count, one
  induct's first order up to 20 s late, a chute already full at power-up in some conditions.

Hard by the brief's check: the program written blind from the prompt (counterexamples/
blind_written.st), graded once, passed 1 of 5 (2 of 6 since fast_loop_slows): it numbered the
trays from the first flag and renumbered them at the first home flag while keeping its slot table
(S2 in the others).
A second program written blind from the prompt (counterexamples/prompt_only.st, 2026-12-02)
passed those five and spilled a part in a sampled condition where the fastest loop slows down
while both inducts feed: that condition is registered as fast_loop_slows.
The reference's own first version missed a second pass of the same tray at a full chute a lap
later (one sampled condition in 200, S5): fixed by a once-a-lap guard per tray.

Cheap programs tried from the prompt and the judges: fixed-rate inducts (blind.st) and
induct-when-ready (token_blind.st, keeps S4 quiet) both spill (S1); the catalog's trap, trays
placed by time times a speed measured once (time_tracking.st), passes the steady-speed
conditions and spills where the host changes the speed; the playback of the registered speeds
(tuned/lookup_table.st) passes the 5 registered conditions and fails the sampled ones. None of
the others earned 1; "reject whatever is hard" is closed by S2 (the reject chute takes a good
read only after its chute was found full), "keep it riding until the chute clears" by S5.

Speed: trays, chutes and the induct transfer are position arithmetic (LoopSorter, TiltChute);
only the parts on the two induct belts are pymunk bodies, stopped against the end stop while
they wait, so the closed loop stays near the 300x budget.

Judged by what the plant logs: the loop's spills (S1), its tilt log against the scanners'
results (S2), the chutes' overfilled logs (S3), the offer schedule against the loop's take log
(S4, per induct), the loads' full-chute passes (S5); each is also a completion watch, so a run
ends at its first breach or late part (MissEndsTheRun).

A defect hunt (2026-12-04, about 980 draws chosen for late finishes, overlapping full chutes and
dense offers) found the reject chute, at the others' 25 but never emptied (it has no take-away
that backs up and clears, the prompt's full chute), filling for good when two or three chutes
were full at once: the parts bound for it rode until the time limit in both correct programs (16
of 240 picks). It holds more than a run's every part now (REJECT_CAPACITY).
"""

from __future__ import annotations

import random
from functools import partial

from sim import judges
from sim.devices.barcode_scanner import BarcodeScanner
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.loop_sorter import Load, LoopSorter, TiltChute
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import CountGrows, MissEndsTheRun

TRAYS, PITCH, RADIUS = 30, 400.0, 1000.0
LOOP = TRAYS * PITCH
FLAG_AT, FLAG_MM, EYE_AT, EYE_MM = 200.0, 60.0, 500.0, 100.0
INDUCT_AT = (1200.0, 2200.0)
CHUTE_AT = (6300.0, 6900.0, 7500.0, 8100.0, 8700.0)  # chutes 1-4, then the reject chute (5)
REJECT = 5
TRANSFER_S, LAND_MM, TILT_MM = 0.3, 20.0, 40.0
ACCEL = 100.0  # mm/s^2: the host's speed changes ramp at this rate
BELT_LENGTH, BELT_SPEED = 1000.0, 500.0
SCAN_AT, READY_AT, FEED_AT = 450.0, 990.0, 100.0
PART_MM = 160.0
PARTS = 20  # per induct
WAIT_S = 10.0
FULL_PASSES = 3  # the first pass of a full chute and two more laps
CAPACITY = 25
# the reject chute has no take-away that backs up and clears (the prompt's full chutes): it holds
# more than a run's every part (both inducts' and up to 4 aboard). At 25 it filled for good when
# two or three chutes were full at once, and the parts bound for it rode for ever (a hunt, 2026-12-04)
REJECT_CAPACITY = 2 * PARTS + 10
HOLD_S = 1.0
TIME_LIMIT_S = 110.0
COLOUR = {1: "red", 2: "green", 3: "blue", 4: "yellow"}


# --- plant ----------------------------------------------------------------------------------


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belts = []
    for k in (1, 2):
        x = LoopSorter.point_on(INDUCT_AT[k - 1], TRAYS, PITCH, RADIUS)[0]
        y_end = -RADIUS - 210.0
        belt = plant.add(
            Conveyor(
                f"induct_belt{k}",
                x,
                y_end - BELT_LENGTH / 2,
                length=BELT_LENGTH,
                width=200,
                angle_deg=90.0,
                speed=BELT_SPEED,
                ramp_s=0.05,
                end_stop=True,
            )
        )
        belts.append(belt)
        sched = [
            (
                t,
                dict(
                    name=f"i{k}p{j + 1}",
                    part_kind=str(c),
                    code=c,
                    colour=COLOUR[c],
                    shape="box",
                    width=PART_MM,
                    length=PART_MM,
                ),
            )
            for j, (t, c) in enumerate(zip(p[f"offers{k}"], p[f"codes{k}"], strict=True))
        ]
        plant.add(
            Feeder(
                f"upstream{k}",
                *belt.point(FEED_AT),
                sched,
                prefix=f"i{k}p",
                clearance_mm=40.0,
                speed=(0.0, 0.0),
            )
        )
        unread = set(p[f"unread{k}"])
        plant.add(
            BarcodeScanner(
                f"scanner{k}",
                belt,
                SCAN_AT,
                decode_s=0.03,
                label_of=lambda part, unread=unread: None if part.name in unread else part.code,
                label=f"scanner {k}",
            )
        )
        plant.add(PhotoEye(f"ready{k}", *belt.point(READY_AT, -120), *belt.point(READY_AT, 120)))
    chutes = []
    for c, at in enumerate(CHUTE_AT, 1):
        cx, cy = LoopSorter.point_on(at, TRAYS, PITCH, RADIUS, across=420.0)
        chutes.append(
            (
                at,
                plant.add(
                    TiltChute(
                        f"chute{c}",
                        cx - 150,
                        cy - 200,
                        cx + 150,
                        cy + 200,
                        capacity=REJECT_CAPACITY if c == REJECT else CAPACITY,
                        level=CAPACITY if c in p["full_at_start"] else 0,
                        label="reject" if c == REJECT else f"chute {c}",
                    )
                ),
            )
        )
    loop = plant.add(
        LoopSorter(
            "loop",
            trays=TRAYS,
            pitch=PITCH,
            speed=p["speed"],
            radius=RADIUS,
            accel=ACCEL,
            flag_at=FLAG_AT,
            flag_mm=FLAG_MM,
            eye_at=EYE_AT,
            eye_mm=EYE_MM,
            inducts=INDUCT_AT,
            induct_belts=tuple(belts),
            chutes=tuple(chutes),
            transfer_s=TRANSFER_S,
            land_mm=LAND_MM,
            tilt_mm=TILT_MM,
            start_travel=p["start_travel"],
            count_at_start=p["count_at_start"],
        )
    )
    for n, (tray, code) in enumerate(zip(p["loaded_trays"], p["loaded_codes"], strict=True), 1):
        loop.put(tray, Load(f"aboard{n}", code, 0))
    return plant


def _set_speed(speed: float, plant: Plant) -> None:
    plant["loop"].set_speed(speed)


def _back_up(c: int, plant: Plant) -> None:
    plant[f"chute{c}"].level = CAPACITY


def _clear(c: int, plant: Plant) -> None:
    plant[f"chute{c}"].empty()


def _disturbances(p) -> list:
    out = []
    if p.get("speed_change_at") is not None:
        out.append(
            Disturbance(
                p["speed_change_at"],
                f"the host changes the loop's speed to {p['speed2']:g} mm/s",
                partial(_set_speed, p["speed2"]),
            )
        )
    for c, a, b in p["full"]:
        out.append(Disturbance(a, f"chute {c}'s take-away backs up: the chute is full", partial(_back_up, c)))
        out.append(Disturbance(b, f"chute {c} is cleared", partial(_clear, c)))
    for c in p["full_at_start"]:
        out.append(Disturbance(p["start_full_s"], f"chute {c} is cleared", partial(_clear, c)))
    return out


# --- judges ---------------------------------------------------------------------------------


class _Sorter:
    """The devices the judges read every scan (s.devices), and what they log, gathered once per
    new entry (the judges ask every scan; the logs only grow)."""

    def __init__(self, plant: Plant):
        self.loop = plant.device("loop", LoopSorter)
        self.scanners = (plant.device("scanner1", BarcodeScanner), plant.device("scanner2", BarcodeScanner))
        self.chutes = tuple(plant.device(f"chute{c}", Chute) for c in range(1, REJECT + 1))
        self.unread: set[str] = set()
        self._results = [0, 0]
        self.sorted: tuple[list[str], list[str], list[str]] = ([], [], [])  # by source: 0 aboard, 1, 2
        self.wrong: list[tuple[str, int]] = []
        self._tilts = 0

    def no_reads(self) -> set[str]:
        """Names of the parts a scanner reported no read for."""
        for k, sc in enumerate(self.scanners):
            while self._results[k] < len(sc.results):
                _, name, code = sc.results[self._results[k]]
                if code is None:
                    self.unread.add(name)
                self._results[k] += 1
        return self.unread

    def tilts(self) -> None:
        """Sort the loop's new tilts into allowed ones (by source) and wrong ones (S2)."""
        tilted = self.loop.tilted
        if self._tilts < len(tilted):
            unread = self.no_reads()
            for _, c, load in tilted[self._tilts :]:
                if allowed_in(load, c + 1, unread):
                    self.sorted[load.source].append(load.name)
                else:
                    self.wrong.append((load.name, c + 1))
            self._tilts = len(tilted)

    def sorted_from(self, source: int) -> list[str]:
        if self._tilts < len(self.loop.tilted):
            self.tilts()
        return self.sorted[source]

    def overfilled(self) -> int:
        """Parts tipped into a full chute (the chutes' overfilled logs, which only the loop fills)."""
        return self.loop.overfills


def allowed_in(load: Load, chute: int, unread: set[str]) -> bool:
    """S2: a part's own chute, or the reject chute for a part with no read, one that lay on the
    loop at power-up, or one carried past its own chute while that chute was full."""
    if chute == REJECT:
        return load.source == 0 or load.name in unread or load.full_passes > 0
    return load.source != 0 and load.name not in unread and load.code == chute


class _WrongChute(judges.Monitor):
    """S2 over the loop's tilt log (each tilt judged once, on the scan it happened)."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        line = s.devices
        line.tilts()
        if self.seen < len(line.wrong):
            name, c = line.wrong[self.seen]
            self.seen = len(line.wrong)
            where = "reject chute" if c == REJECT else f"chute {c}"
            return f"part {name} was tilted into the {where}, which may not take it"
        return None


class _TooManyLaps(judges.Monitor):
    """S5: a part carried past its own full chute more than FULL_PASSES times (the loads count
    their passes in the loop sorter, which keeps the most so far)."""

    def __init__(self):
        self.told = 0

    def check(self, s):
        loop = s.devices.loop
        if loop.most_passes <= max(FULL_PASSES, self.told):
            return None
        self.told = loop.most_passes
        for load in loop.load:
            if load is not None and load.full_passes == self.told:
                return (
                    f"part {load.name} was carried past its full chute {load.code} a "
                    f"{load.full_passes}th time instead of going to reject"
                )
        return f"a part was carried past its full chute more than {FULL_PASSES} times"


class InductWait(judges.Watch):
    """S4 for induct k: the oldest part offered at its infeed and not yet taken onto the loop has
    waited more than WAIT_S. A judge of this task only: the offers are the condition's schedule
    and the taking is the loop sorter's own log (a part counts as served once it has left the
    belt for the loop), so each part runs on its own clock even in a backlog."""

    def __init__(self, k: int):
        self.k, self.next, self.seen = k, 0, 0
        self.taken: set[str] = set()
        self.due_ms: list[int] | None = None

    def check(self, s):
        if self.due_ms is None:
            self.due_ms = [round((t + WAIT_S) * 1000) for t in s.params[f"offers{self.k}"]]
        taken = s.devices.loop.taken
        if self.seen < len(taken):
            for _, k, name in taken[self.seen :]:
                if k == self.k - 1:
                    self.taken.add(name)
            self.seen = len(taken)
            while self.next < len(self.due_ms) and f"i{self.k}p{self.next + 1}" in self.taken:
                self.next += 1
        if self.next < len(self.due_ms) and s.time_ms > self.due_ms[self.next]:
            return (
                f"induct {self.k}: part i{self.k}p{self.next + 1}, offered at "
                f"{self.due_ms[self.next] / 1000 - WAIT_S:g} s, has waited more than {WAIT_S:g} s to be "
                "inducted"
            )
        return None


def _sorted_from(k: int):
    return lambda s: s.devices.sorted_from(k)


def _aboard_rejected(s) -> bool:
    return len(s.devices.sorted_from(0)) >= len(s.params["loaded_trays"])


def _at_rest(s) -> bool:
    loop = s.devices.loop
    return not any(loop.tilt) and not any(loop.induct_cmd)


def _completion():
    inner = judges.in_order(
        judges.all_of(
            judges.distinct(f"induct 1's {PARTS} parts sorted", _sorted_from(1), PARTS),
            judges.distinct(f"induct 2's {PARTS} parts sorted", _sorted_from(2), PARTS),
            judges.event("every part that lay on the loop at power-up in the reject chute", _aboard_rejected),
        ),
        judges.held("no tilt and no induct output on", _at_rest, HOLD_S),
    )
    return MissEndsTheRun(
        judges.watched(
            inner,
            InductWait(1),
            InductWait(2),
            _Breaches(),
        )
    )


class _Breaches(judges.Watch):
    """S1, S2, S3 and S5 as a completion watch too: the run ends at the first breach (the verdict
    is settled there), which keeps failing programs cheap in the battery. The rules' monitors
    are asked only when the loop has logged something new (a spill, a tilt, a pass)."""

    def __init__(self):
        self.monitors = (
            CountGrows(lambda s: len(s.devices.loop.spills), "an inducted part was spilled"),
            _WrongChute(),
            CountGrows(lambda s: s.devices.overfilled(), "a part was tipped into a full chute"),
            _TooManyLaps(),
        )
        self.mark = (0, 0, 0)

    def check(self, s):
        loop = s.devices.loop
        mark = (len(loop.spills), len(loop.tilted), loop.most_passes)
        if mark == self.mark:
            return None
        self.mark = mark
        for monitor in self.monitors:
            msg = monitor.check(s)
            if msg:
                return msg
        return None


# --- I/O ------------------------------------------------------------------------------------

IO = [
    IOPoint(
        "%IW0",
        "loop_count",
        "INT",
        "input",
        "loop",
        "count",
        "loop chain encoder: 1 count per mm of chain travel, counting up, wrapping from 32767 to -32768; "
        "any value at power-up",
        "mm",
        "-32768..32767",
    ),
    IOPoint(
        "%IW1",
        "flag_count",
        "INT",
        "input",
        "loop",
        "flag_count",
        f"loop_count latched by the tray-flag sensor at the exact instant a tray's centre passed it (loop "
        f"position {FLAG_AT:g} mm); holds until the next tray",
        "mm",
        "-32768..32767",
    ),
    IOPoint(
        "%IX0.0",
        "tray_flag",
        "BOOL",
        "input",
        "loop",
        "flag",
        f"tray-flag sensor: TRUE while a tray's centre lies 0-{FLAG_MM:g} mm past loop position "
        f"{FLAG_AT:g} mm (flag_count is latched as it turns TRUE)",
    ),
    IOPoint(
        "%IX0.1",
        "home_flag",
        "BOOL",
        "input",
        "loop",
        "home",
        "home flag: TRUE with tray_flag when that tray is tray 1 (once a lap)",
    ),
    IOPoint(
        "%IX0.2",
        "tray_loaded",
        "BOOL",
        "input",
        "loop",
        "loaded",
        f"loaded eye at loop position {EYE_AT:g} mm: TRUE while a tray whose centre lies "
        f"within +-{EYE_MM:g} mm "
        "of it carries a part",
    ),
]
for _k in (1, 2):
    IO += [
        IOPoint(
            f"%IX{1 + _k}.0",
            f"ready{_k}",
            "BOOL",
            "input",
            f"ready{_k}",
            "blocked",
            f"induct {_k} ready eye at the belt's discharge end: TRUE while a part lies there against the "
            "end "
            "stop (ready to induct)",
        ),
        IOPoint(
            f"%IX{1 + _k}.1",
            f"scan_in_gate{_k}",
            "BOOL",
            "input",
            f"scanner{_k}",
            "present",
            f"scanner {_k}'s trigger eye: TRUE while a part passes under the scanner",
        ),
        IOPoint(
            f"%IX{1 + _k}.2",
            f"good_read{_k}",
            "BOOL",
            "input",
            f"scanner{_k}",
            "good_read",
            f"scanner {_k}: TRUE while its last result is a good read (code{_k} holds it)",
        ),
        IOPoint(
            f"%IX{1 + _k}.3",
            f"no_read{_k}",
            "BOOL",
            "input",
            f"scanner{_k}",
            "no_read",
            f"scanner {_k}: TRUE while its last result is a no-read",
        ),
        IOPoint(
            f"%IW{1 + _k}",
            f"code{_k}",
            "INT",
            "input",
            f"scanner{_k}",
            "code",
            f"scanner {_k}'s last code: the destination chute (1-4) printed on the part, 0 after a no-read",
        ),
        IOPoint(
            f"%IW{3 + _k}",
            f"reads{_k}",
            "INT",
            "input",
            f"scanner{_k}",
            "reads",
            f"scanner {_k}'s result counter: +1 with every result (good read or no-read), 16-bit wrapping",
        ),
    ]
IO += [
    IOPoint(
        f"%IX1.{c - 1}",
        f"chute_full{c}",
        "BOOL",
        "input",
        f"chute{c}",
        "full",
        ("reject chute" if c == REJECT else f"chute {c}") + " full switch: TRUE while it can take no part",
    )
    for c in range(1, REJECT + 1)
]
IO += [
    IOPoint(
        "%QX0.0",
        "belt1_run",
        "BOOL",
        "output",
        "induct_belt1",
        "run",
        f"induct belt 1 motor: TRUE runs it at {BELT_SPEED:g} mm/s toward the loop",
    ),
    IOPoint(
        "%QX0.1", "belt2_run", "BOOL", "output", "induct_belt2", "run", "induct belt 2 motor (as belt1_run)"
    ),
    IOPoint(
        "%QX0.2",
        "induct1",
        "BOOL",
        "output",
        "loop",
        "induct1",
        f"induct 1 transfer: a rising edge takes the part lying at belt 1's end and lands it on the loop at "
        f"loop position {INDUCT_AT[0]:g} mm exactly {TRANSFER_S:g} s later",
    ),
    IOPoint(
        "%QX0.3",
        "induct2",
        "BOOL",
        "output",
        "loop",
        "induct2",
        f"induct 2 transfer (as induct1, landing at loop position {INDUCT_AT[1]:g} mm)",
    ),
]
IO += [
    IOPoint(
        f"%QX1.{c - 1}",
        f"tilt{c}",
        "BOOL",
        "output",
        "loop",
        f"tilt{c}",
        f"tilt station {c} at loop position {CHUTE_AT[c - 1]:g} mm: while TRUE, a loaded tray whose "
        "centre lies "
        f"within +-{TILT_MM:g} mm of it tips its part into "
        + ("the reject chute" if c == REJECT else f"chute {c}"),
    )
    for c in range(1, REJECT + 1)
]

SPEC = f"""\
A tilt-tray loop sorter: {TRAYS} trays, {PITCH:g} mm apart (centre to centre), run round a
{LOOP:g} mm loop by the host at 0.5-1.5 m/s (not known in advance; in some runs the host changes it
during the run, ramping at {ACCEL / 1000:g} m/s^2). Loop positions below are mm along the loop in the
direction of travel from a fixed origin; a tray's loop position is its centre's. The program sees
the chain by its encoder (loop_count) and the tray-flag sensor at {FLAG_AT:g} mm, which latches
loop_count in flag_count at the instant a tray centre passes it; home_flag marks tray 1.

Two induct belts bring parts from their upstream lines. The upstream line offers a part
({PART_MM:g} mm square) at the belt's infeed at its own times ({PARTS} parts per induct; one induct's
first part may come up to 20 s after power-up) and puts it on the belt as soon as the infeed
place is free. The belt's scanner reads each part's label as it passes: the code is the
destination chute (1-4); a no-read (5-10 % of the parts) must go to the reject chute. The part
stops against the belt's end stop (ready TRUE). A rising edge of inductN takes it and lands it on
the loop at the induct's position ({INDUCT_AT[0]:g} mm for induct 1, {INDUCT_AT[1]:g} mm for induct 2)
exactly {TRANSFER_S:g} s later: it must land on an empty tray within +-{LAND_MM:g} mm of that tray's
centre (else it is spilled). Parts on a belt keep their order from the scanner to the end.

Tilt stations 1-4 (chutes 1-4) and 5 (the reject chute) stand at {", ".join(f"{a:g}" for a in CHUTE_AT)} mm.
While tiltN is TRUE, a loaded tray whose centre lies within +-{TILT_MM:g} mm of station N tips its
part into that chute. A chute whose full switch is TRUE takes no part: its take-away has backed
up (10-40 s at a time, 1-2 times a run, possibly from power-up). A part whose chute is full stays
on its tray and goes round again: it may ride at most {FULL_PASSES - 1} more laps after the first time it
finds its chute full; if its chute is still full the third time, it goes into the reject chute on
that lap. The reject chute takes only no-reads, parts that lay on the loop at power-up, and parts
that have found their chute full.

At power-up the chain stands anywhere in its lap, up to 4 trays already carry parts
(destinations unknown: they go to the reject chute) and the loaded eye at {EYE_AT:g} mm (upstream of
both inducts) is the only way to see a tray's load. Both inducts share the trays: every part
must be inducted within {WAIT_S:g} s of being offered, at each induct. When every part is sorted,
keep every tilt and induct output off."""

AT_REST = "every tilt and induct output off"

COMPLETION = Completion(
    f"Each induct's {PARTS} parts sorted (each tipped into its own chute, or into the reject chute where "
    "S2 lets "
    "it), and every part that lay on the loop at power-up in the reject chute, with every part inducted "
    f"within {WAIT_S:g} s of its offer (the run ends at the first part that waits longer, at either induct, "
    "and at the first breach of S1, S2, S3 or S5); "
    f"then {AT_REST}, held for {HOLD_S:g} s.",
    _completion,
    keep=_at_rest,
    keep_wording=AT_REST + ".",
)


class _AnyWait(judges.Monitor):
    """S4 over both inducts (each on its own clock)."""

    def __init__(self):
        self.each = (InductWait(1), InductWait(2))

    def check(self, s):
        msg = None
        for w in self.each:
            msg = w.check(s) or msg
        return msg


SAFETY = [
    SafetyRule(
        "MAT-H15-S1",
        f"Induct only onto an empty tray, centred: every inducted part lands within "
        f"+-{LAND_MM:g} mm of the centre of a tray that carries nothing.",
        CountGrows(
            lambda s: len(s.devices.loop.spills),
            "an inducted part was spilled (off-centre or onto a loaded tray)",
        ),
    ),
    SafetyRule(
        "MAT-H15-S2",
        "Tilt only the right tray: a part goes only into its own chute, or into the reject "
        "chute if it had a no-read, lay on the loop at power-up or has been carried past its own chute "
        "while that chute was full.",
        _WrongChute(),
    ),
    SafetyRule(
        "MAT-H15-S3",
        "Nothing into a full chute: no part is tipped into a chute whose full switch is TRUE.",
        CountGrows(lambda s: s.devices.overfilled(), "a part was tipped into a full chute"),
    ),
    SafetyRule(
        "MAT-H15-S4",
        f"Induct wait: every part is inducted within {WAIT_S:g} s of being offered at its "
        "induct belt's infeed (each induct on its own).",
        _AnyWait(),
    ),
    SafetyRule(
        "MAT-H15-S5",
        f"At most {FULL_PASSES - 1} more laps: no part is carried past its own chute "
        f"{FULL_PASSES + 1} times while that chute is full (by then it is in the reject chute).",
        _TooManyLaps(),
    ),
]

PARAMETERS = [
    ParameterRange("speed", 500.0, 1500.0, "mm/s", "loop speed at power-up"),
    ParameterRange("speed2", 500.0, 1500.0, "mm/s", "loop speed the host changes to (half the runs)"),
    ParameterRange("speed_change_at", 5.0, 40.0, "s", "when the host changes it"),
    ParameterRange("no_read_share", 0.05, 0.10, "", "share of the parts with a no-read"),
    ParameterRange("full_s", 10.0, 40.0, "s", "how long a chute stays full"),
    ParameterRange("full_from", 0.0, 50.0, "s", "when a chute's take-away backs up"),
    ParameterRange("loaded", 0, 4, "trays", "trays carrying a part at power-up"),
    ParameterRange("first_offer", 0.0, 20.0, "s", "first part offered at an induct"),
    ParameterRange("offer_gap", 1.6, 6.0, "s", "time between offers at one induct"),
    ParameterRange("start_travel", 0.0, LOOP, "mm", "where the chain stands in its lap at power-up"),
    ParameterRange("count_at_start", -32768, 32767, "counts", "loop_count at power-up"),
]


# --- conditions -----------------------------------------------------------------------------


def _draw(
    rng: random.Random,
    *,
    change: bool | None = None,
    full_start: bool | None = None,
    loaded: int | None = None,
    late: int | None = None,
    fulls: int | None = None,
    speed: tuple[float, float] | None = None,
) -> dict:
    """One condition from the published ranges.

    Jointly drawn: the offer gaps from the slowest speed of the run (both inducts together at most
    60 % of the trays passing then: mean gap >= 2 * pitch / (0.6 * v), at least 1.6 s, each gap
    +-25 % of its induct's mean); the no-reads as that share of each induct's parts; a full period
    ends by 75 s. Independent: speeds, the change time, the chain's place and count, the loaded
    trays and the late induct."""
    v1 = speed[0] if speed else round(rng.uniform(500.0, 1500.0), -1)
    do_change = change if change is not None else rng.random() < 0.5
    v2 = (speed[1] if speed else round(rng.uniform(500.0, 1500.0), -1)) if do_change else None
    vmin = min(v1, v2 or v1)
    least = max(1.6, 2 * PITCH / (0.6 * vmin))
    p: dict = dict(
        speed=v1, start_travel=round(rng.uniform(0.0, LOOP), 1), count_at_start=rng.randint(-32768, 32767)
    )
    if do_change:
        p.update(speed2=v2, speed_change_at=round(rng.uniform(5.0, 40.0), 1))
    late_k = late if late is not None else (rng.choice((1, 2)) if rng.random() < 0.5 else 0)
    share = round(rng.uniform(0.05, 0.10), 3)
    gaps = []
    for k in (1, 2):
        first = round(rng.uniform(8.0, 20.0), 1) if k == late_k else round(rng.uniform(0.0, 2.0), 1)
        mean = min(6.0, rng.uniform(least, least * 1.3))
        t, offers = first, []
        for _ in range(PARTS):
            offers.append(round(t, 2))
            t += min(6.0, max(1.6, mean * rng.uniform(0.75, 1.25)))
        gaps += [round(b - a, 2) for a, b in zip(offers, offers[1:], strict=False)]
        p[f"offers{k}"] = offers
        p[f"codes{k}"] = [rng.randint(1, 4) for _ in range(PARTS)]
        p[f"unread{k}"] = sorted(f"i{k}p{j}" for j in rng.sample(range(1, PARTS + 1), round(share * PARTS)))
        p[f"first_offer{k}"] = first
    p["first_offer"] = [p["first_offer1"], p["first_offer2"]]
    del p["first_offer1"], p["first_offer2"]
    p["offer_gap"] = gaps
    p["no_read_share"] = share
    n = loaded if loaded is not None else rng.randint(0, 4)
    p["loaded_trays"] = sorted(rng.sample(range(TRAYS), n))
    p["loaded_codes"] = [rng.randint(1, 4) for _ in range(n)]
    p["loaded"] = n
    start_full = full_start if full_start is not None else rng.random() < 0.25
    p["full_at_start"] = [rng.randint(1, 4)] if start_full else []
    p["start_full_s"] = round(rng.uniform(10.0, 40.0), 1) if start_full else None
    nf = fulls if fulls is not None else rng.randint(1, 2)
    full = []
    for _ in range(nf):
        c = rng.randint(1, 4)
        a = round(rng.uniform(5.0, 50.0), 1)
        b = round(min(75.0, a + rng.uniform(10.0, 40.0)), 1)
        if b - a < 10.0:
            a = round(b - 10.0, 1)
        if any(c2 == c and a < b2 + 1 and a2 < b + 1 for c2, a2, b2 in full) or (
            c in p["full_at_start"] and a < p["start_full_s"] + 1
        ):
            continue
        full.append((c, a, b))
    p["full"] = full
    p["full_s"] = [round(b - a, 1) for _, a, b in full] + ([p["start_full_s"]] if start_full else [])
    p["full_from"] = [a for _, a, _ in full]
    return p


def _describe(p) -> str:
    notes = [f"loop {p['speed']:g} mm/s"]
    if p.get("speed2") is not None:
        notes.append(f"then {p['speed2']:g} mm/s at {p['speed_change_at']:g} s")
    for k in (1, 2):
        gaps = [b - a for a, b in zip(p[f"offers{k}"], p[f"offers{k}"][1:], strict=False)]
        notes.append(f"induct {k} from {p[f'offers{k}'][0]:g} s every {sum(gaps) / len(gaps):.1f} s")
    if p["loaded_trays"]:
        notes.append(f"{len(p['loaded_trays'])} trays loaded")
    notes += [f"chute {c} full {a:g}-{b:g} s" for c, a, b in p["full"]]
    if p["full_at_start"]:
        notes.append(f"chute {p['full_at_start'][0]} full until {p['start_full_s']:g} s")
    return ", ".join(notes)


def _cond(name: str, seed: int, description: str, **force) -> Condition:
    p = _draw(random.Random(seed), **force)
    return Condition(name, seed, p, f"{description} ({_describe(p)})", disturbances=tuple(_disturbances(p)))


CONDITIONS = [
    _cond(
        "nominal",
        1501,
        "steady middle speed, one full chute",
        change=False,
        full_start=False,
        loaded=0,
        late=0,
        fulls=1,
        speed=(1000.0, 1000.0),
    ),
    _cond(
        "slow_loop_loaded",
        1502,
        "slow loop with trays loaded at power-up",
        change=False,
        full_start=False,
        loaded=4,
        late=0,
        speed=(550.0, 550.0),
    ),
    _cond(
        "speed_change",
        1503,
        "the host speeds the loop up during the run",
        change=True,
        loaded=2,
        late=2,
        speed=(600.0, 1450.0),
    ),
    _cond(
        "full_at_power_up",
        1504,
        "a chute full from power-up, fast loop, a late induct",
        change=False,
        full_start=True,
        loaded=3,
        late=1,
        speed=(1450.0, 1450.0),
    ),
    _cond(
        "slow_down",
        1505,
        "the host slows the loop down, two full chutes",
        change=True,
        loaded=1,
        fulls=2,
        speed=(1300.0, 600.0),
    ),
]


# drawn by the sampler (the battery's seed 1, condition 5), kept for what it shows: the fastest loop
# slowing by a quarter while both inducts feed and a chute is full; the program written blind
# from the prompt passed the five above and spilled a part here (S1) during the ramp
P_FAST_LOOP_SLOWS = dict(
    speed=1460.0, start_travel=8599.7, count_at_start=-31936, speed2=1070.0, speed_change_at=38.5,
    offers1=[1.9, 3.88, 5.48, 7.76, 9.67, 12.0, 14.19, 16.05, 18.02, 19.62, 21.78, 23.58, 25.21, 27.43,
             29.5, 31.7, 33.66, 35.26, 37.34, 39.02],
    codes1=[3, 2, 3, 3, 3, 1, 4, 2, 1, 4, 3, 3, 4, 4, 4, 4, 4, 1, 1, 2], unread1=["i1p11", "i1p9"],
    offers2=[19.6, 21.22, 23.33, 25.2, 27.4, 29.74, 32.23, 34.03, 35.83, 37.84, 39.66, 42.13, 44.24,
             46.75, 48.76, 50.7, 53.02, 55.2, 57.56, 59.47],
    codes2=[4, 4, 1, 2, 2, 2, 4, 1, 4, 4, 2, 2, 3, 1, 3, 4, 1, 1, 1, 4], unread2=["i2p3", "i2p7"],
    first_offer=[1.9, 19.6],
    offer_gap=[1.98, 1.6, 2.28, 1.91, 2.33, 2.19, 1.86, 1.97, 1.6, 2.16, 1.8, 1.63, 2.22, 2.07, 2.2, 1.96,
               1.6, 2.08, 1.68, 1.62, 2.11, 1.87, 2.2, 2.34, 2.49, 1.8, 1.8, 2.01, 1.82, 2.47, 2.11, 2.51,
               2.01, 1.94, 2.32, 2.18, 2.36, 1.91],
    no_read_share=0.079, loaded_trays=[20, 22, 23], loaded_codes=[2, 4, 1], loaded=3, full_at_start=[],
    start_full_s=None, full=[(2, 33.3, 67.2)], full_s=[33.9], full_from=[33.3])
CONDITIONS.append(Condition(
    "fast_loop_slows", 382202623, P_FAST_LOOP_SLOWS,
    f"the fastest loop slows down while both inducts feed ({_describe(P_FAST_LOOP_SLOWS)})",
    disturbances=tuple(_disturbances(P_FAST_LOOP_SLOWS))))


def sample_condition(rng: random.Random) -> dict:
    """One condition drawn from the published ranges (Task.sample); see _draw."""
    p = _draw(rng)
    return dict(params=p, description=_describe(p), disturbances=tuple(_disturbances(p)))


PLANT = f"""\
Top view, millimetres. The loop is a stadium ({TRAYS} trays, {LOOP:g} mm round) centred on the
origin: loop position 0 is the left end of its bottom straight, trays run +x along the bottom,
up the right bend, -x along the top and down the left bend. The tray-flag sensor ({FLAG_AT:g} mm)
and the loaded eye ({EYE_AT:g} mm) stand on the bottom straight, then the inducts: two belts coming up
from below, ending at the loop at {INDUCT_AT[0]:g} and {INDUCT_AT[1]:g} mm, each with its scanner
{BELT_LENGTH - SCAN_AT:g} mm before its end and its ready eye at the end stop. The tilt stations
and their chutes (above the top straight) follow at {", ".join(f"{a:g}" for a in CHUTE_AT)} mm, the
reject chute last."""

TASK = Task(
    id="MAT-H15",
    title="Loop sorter with slot tracking",
    suite="MAT",
    level="H",
    summary="A tilt-tray loop sorter fed by two inducts with scanners: track every tray by the encoder, "
    "induct "
    "onto empty trays on the fly, tilt each part into its chute, recirculate past a full chute at most "
    "two laps, then reject.",
    specification=SPEC,
    io=IO,
    completion=COMPLETION,
    safety_rules=SAFETY,
    parameters=PARAMETERS,
    conditions=CONDITIONS,
    time_limit_s=TIME_LIMIT_S,
    build_plant=build_plant,
    plant_description=PLANT,
    sampler=sample_condition,
    judged_devices=_Sorter,
)
