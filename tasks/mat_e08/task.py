"""MAT-E08 Light-curtain muting at a pallet exit.

Pallets leave a cell on a belt through an opening guarded by a safety light curtain. Two muting
photo-eyes before the curtain (M1, M2) and two after it (M3, M4) let a pallet through: the
program mutes the curtain only when M1 and then M2 come on 0.1-3 s apart (a pallet running
through them in order), and ends the muting when M4 clears behind the pallet. Any other break
of the curtain (a person, alone, standing beside M1, blocking M1 and M2 at once or one after
the other too slowly, or walking in behind a pallet) must stop the belt within 0.1 s; it runs
again only after the curtain is clear and Reset has been pressed. A Muting lamp shows the
muting, exactly while it lasts.

Judged from the inputs as the program samples them (a muting window the judges keep from
M1, M2 and M4, so the program can meet it on the same scan), and from the belt itself (its
speed, not the run command, for "still"). Changes from the catalog: the persons who block the
muting eyes are modelled as forced inputs (an arm in the beam), and a person behind a pallet
is a LightCurtain follower who steps in a set time after that pallet left the curtain, 0.2-1 s
after M4 cleared, whatever the belt did before; Reset is pressed by the operator at regular
times (every 2-4 s), so a program that restarts without Reset, or on a Reset given while the
curtain was still broken, is caught whatever it waits for. The completion counts distinct
pallets past M4 and ends with the belt stopped and the lamp off, held 2 s; it is watched by
"the belt runs whenever it may" (sim.judges.progress_within on belt travel, 0.5 s): standing
still is allowed only while a trip holds it. That is the two-sided window: stop within 0.1 s of
an unmuted break (S1), run again within 0.5 s of the Reset that clears it. Without it a program
that never reads the curtain to stop, and keeps out of the persons' way by a clock (stopped for
the first 12 s and for 5 s after each pallet), earned 1 on every registered and sampled
condition (counterexamples/stop_on_a_clock.st).
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.light_curtain import Follower, LightCurtain
from sim.devices.panel import Lamp, PushButton
from sim.devices.sensors import PhotoEye
from sim.devices.workpiece import Feeder
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, OperatorAction, ParameterRange, SafetyRule, Task

LOT = 5
BELT_LENGTH = 4200.0
FEED_AT = 700.0            # where the cell puts each pallet on the belt (centre, from the infeed end)
M1_AT, M2_AT = 1750.0, 2000.0
CURTAIN_AT = 2400.0
M3_AT, M4_AT = 2550.0, 2700.0
PALLET_WIDTH = 700.0
CLEARANCE_MM = 1400.0      # the cell puts the next pallet down only this far behind the last
STOP_WITHIN_S = 0.1
RESTART_WITHIN_S = 0.5     # the belt runs again within this once nothing keeps it stopped
MUTE_MIN_S, MUTE_MAX_S = 0.1, 3.0
HOLD_S = 2.0
TIME_LIMIT_S = 200.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    belt = plant.add(Conveyor("belt", x=BELT_LENGTH / 2, y=0.0, length=BELT_LENGTH, width=900.0,
                              speed=p["belt_speed"], ramp_s=0.05))
    spec = {"part_kind": "pallet", "colour": "orange", "width": PALLET_WIDTH, "length": p["pallet_mm"],
            "height_mm": 144.0, "material": "plastic", "mass": 20.0}
    plant.add(Feeder("cell", *belt.point(FEED_AT), schedule=[(p["first_pallet_s"], dict(spec))] * LOT,
                     prefix="pallet", clearance_mm=CLEARANCE_MM))
    for name, at in (("m1", M1_AT), ("m2", M2_AT), ("m3", M3_AT), ("m4", M4_AT)):
        plant.add(PhotoEye.across(belt, name, at, margin=40.0))
    x, _ = belt.point(CURTAIN_AT)
    followers = tuple(Follower(k, _follow_delay(p, delay), stay) for k, delay, stay in p["behind"])
    curtain = plant.add(LightCurtain("curtain", x, -520.0, x, 520.0, response_s=0.02, beams=12,
                                     label="exit light curtain", followers=followers))
    if p["person_at_power_up_s"] > 0:
        # someone stands in the opening at power-up: the safety outputs come up off
        curtain.operate(True)
        curtain.clear, curtain.broken_for = False, curtain.response_s
    plant.add(Chute("exit", BELT_LENGTH + 10.0, -500.0, BELT_LENGTH + 800.0, 500.0, label="exit"))
    plant.add(Lamp("muting_lamp", x=600.0, y=900.0, label="Muting", color="white"))
    plant.add(PushButton("reset", x=900.0, y=900.0, label="Reset", color="blue"))
    return plant


def _follow_delay(p, extra_s: float) -> float:
    """Delay after a pallet leaves the curtain for a follower to step in `extra_s` after the
    pallet's tail cleared M4 (at this condition's belt speed)."""
    return (M4_AT - CURTAIN_AT) / p["belt_speed"] + extra_s


# --- judges -------------------------------------------------------------------------------

class _Devices:
    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.cell = plant.device("cell", Feeder)


class MutingWindow:
    """The muting the specification allows, from the inputs as the program samples them: open on
    the scan M2 comes on, if M1 came on 0.1-3 s before and is still on; closed on the scan M4
    goes off. Each rule keeps its own (monitors are copied per run); `update` is once per scan."""

    def __init__(self):
        self.scan = -1
        self.open = False
        self.m1_at: int | None = None
        self.prev = (False, False, False)

    def update(self, s) -> bool:
        if s.scan != self.scan:
            self.scan = s.scan
            m1, m2, m4 = bool(s.io["m1"]), bool(s.io["m2"]), bool(s.io["m4"])
            p1, p2, p4 = self.prev
            if m1 and not p1:
                self.m1_at = s.time_ms
            elif not m1:
                self.m1_at = None
            if m2 and not p2 and self.m1_at is not None:
                if MUTE_MIN_S * 1000 <= s.time_ms - self.m1_at <= MUTE_MAX_S * 1000:
                    self.open = True
            if self.open and p4 and not m4:
                self.open = False
            self.prev = (m1, m2, m4)
        return self.open


class StopsOnUnmutedBreak(judges.Monitor):
    """S1: the curtain broken outside the muting window: the belt at a standstill (its speed,
    not the command) within STOP_WITHIN_S of the scan the program saw it."""

    def __init__(self):
        self.window = MutingWindow()
        self.since: int | None = None

    def check(self, s):
        muted = self.window.update(s)
        if s.io["curtain_clear"] or muted:
            self.since = None
            return None
        if self.since is None:
            self.since = s.time_ms
        if s.devices.belt.velocity != 0.0 and s.time_ms - self.since > STOP_WITHIN_S * 1000:
            return (f"the belt was still running {STOP_WITHIN_S:g} s after the curtain was broken "
                    f"unmuted at {self.since / 1000:g} s")
        return None


class Trip:
    """Whether the belt must stay stopped, as the specification has it: tripped by an unmuted
    break of the curtain (inputs as sampled), cleared by a Reset press that begins (its rising
    edge) with the curtain clear.
    Once per scan, like MutingWindow."""

    def __init__(self):
        self.window = MutingWindow()
        self.scan = -1
        self.tripped = False
        self.reset = False

    def update(self, s) -> bool:
        if s.scan != self.scan:
            self.scan = s.scan
            muted = self.window.update(s)
            clear, reset = s.io["curtain_clear"], bool(s.io["reset_pb"])
            if not clear and not muted:
                self.tripped = True
            elif self.tripped and clear and reset and not self.reset:
                self.tripped = False
            self.reset = reset
        return self.tripped


class NoRestartBeforeReset(judges.Monitor):
    """S3: after an unmuted break, once the run command has dropped, it must not come back until
    Reset has been pressed with the curtain clear."""

    def __init__(self):
        self.trip = Trip()
        self.stopped = False

    def check(self, s):
        if not self.trip.update(s):
            self.stopped = False
        else:
            if not s.io["belt_run"]:
                self.stopped = True
            elif self.stopped:
                return (f"the belt was restarted at {s.time_s:.2f} s before Reset was pressed with the "
                        "curtain clear")
        return None


def _runs_whenever_it_may():
    """The belt stands still only for a reason: tripped (see Trip) or the lot out. Standing still
    with neither, it must run again (really move: 5 mm of belt travel) within RESTART_WITHIN_S,
    so that after the Reset that clears a trip it restarts at once, and a program cannot keep
    out of persons' way by stopping on a clock (before the first pallet, or for a while after
    every pallet) instead of reading the curtain."""
    trip = Trip()
    return judges.progress_within(
        f"the belt runs again within {RESTART_WITHIN_S:g} s whenever nothing keeps it stopped",
        cause=lambda s: (not trip.update(s) and s.devices.belt.velocity == 0.0
                         and len(_out(s)) < LOT),
        ways=[judges.Way("the belt", lambda s: -s.devices.belt.travelled, by=5.0)],
        within_s=RESTART_WITHIN_S,
        excused=lambda s: trip.update(s) or len(_out(s)) >= LOT,
        late=lambda t: f"the belt stood still from {t:g} s with nothing keeping it stopped (no unmuted "
                       f"break since the last Reset with the curtain clear) and had not run again "
                       f"{RESTART_WITHIN_S:g} s later")


class LampOnlyWhileMuted(judges.Monitor):
    def __init__(self):
        self.window = MutingWindow()

    def check(self, s):
        if not self.window.update(s) and s.io["muting_lamp"]:
            return f"the Muting lamp was on at {s.time_s:.2f} s outside a valid M1-then-M2 muting sequence"
        return None


class LampWhileMuted(judges.Monitor):
    def __init__(self):
        self.window = MutingWindow()

    def check(self, s):
        if self.window.update(s) and not s.io["muting_lamp"]:
            return (f"the Muting lamp was off at {s.time_s:.2f} s during a muting (M1 then M2, until M4 "
                    "clears)")
        return None


def _out(s) -> list[str]:
    """Pallets through the exit: collected at the belt end, or with their tail past M4."""
    belt = s.devices.belt
    out = []
    for pallet in s.devices.cell.released:
        if pallet.removed or pallet.x - pallet.length / 2 > belt.point(M4_AT)[0]:
            out.append(pallet.name)
    return out


def _stopped(s) -> bool:
    return s.devices.belt.velocity == 0.0 and not s.io["belt_run"] and not s.io["muting_lamp"]


END = "the belt stopped (run command off, belt still) with the Muting lamp off"

COMPLETION = Completion(
    f"{LOT} different pallets through the exit (each one's tail past M4), then {END}, held for "
    f"{HOLD_S:g} s; all the while the belt never stands still for more than {RESTART_WITHIN_S:g} s "
    "unless an unmuted break has stopped it and no Reset has been pressed with the curtain clear since.",
    lambda: judges.watched(
        judges.in_order(
            judges.distinct(f"{LOT} pallets through the exit", _out, LOT),
            judges.held("belt stopped, Muting lamp off", _stopped, HOLD_S)),
        _runs_whenever_it_may()),
    keep=_stopped, keep_wording=END + ".",
)

SAFETY = (
    SafetyRule("MAT-E08-S1", f"Whenever the light curtain is broken outside a muting, the belt is at a "
               f"standstill within {STOP_WITHIN_S:g} s.", StopsOnUnmutedBreak(),
               signals=("curtain_clear", "m1", "m2", "m4", "belt_run")),
    SafetyRule("MAT-E08-S2", f"Muting (the Muting lamp on) only from the scan M2 comes on, M1 having come "
               f"on {MUTE_MIN_S:g}-{MUTE_MAX_S:g} s before and still being on, until the scan M4 goes off.",
               LampOnlyWhileMuted(), signals=("m1", "m2", "m4", "muting_lamp")),
    SafetyRule("MAT-E08-S3", "After the belt stopped for an unmuted break it is not restarted until Reset "
               "has been pressed (the press beginning) with the curtain clear.", NoRestartBeforeReset(),
               signals=("curtain_clear", "reset_pb", "belt_run")),
    SafetyRule("MAT-E08-S4", "The Muting lamp is on throughout every muting (from M2 completing the sequence "
               "until M4 goes off).", LampWhileMuted(), signals=("m1", "m2", "m4", "muting_lamp")),
)


IO = (
    IOPoint("%IX0.0", "curtain_clear", "BOOL", "input", "curtain", "clear",
            "light curtain safety output: TRUE while every beam is clear, FALSE while anything breaks it "
            "(about 20 ms after the break; also FALSE at power-up while someone stands in it)"),
    IOPoint("%IX0.1", "m1", "BOOL", "input", "m1", "blocked",
            f"muting photo-eye M1, {CURTAIN_AT - M1_AT:g} mm before the curtain: TRUE while blocked"),
    IOPoint("%IX0.2", "m2", "BOOL", "input", "m2", "blocked",
            f"muting photo-eye M2, {CURTAIN_AT - M2_AT:g} mm before the curtain: TRUE while blocked"),
    IOPoint("%IX0.3", "m3", "BOOL", "input", "m3", "blocked",
            f"muting photo-eye M3, {M3_AT - CURTAIN_AT:g} mm after the curtain: TRUE while blocked"),
    IOPoint("%IX0.4", "m4", "BOOL", "input", "m4", "blocked",
            f"muting photo-eye M4, {M4_AT - CURTAIN_AT:g} mm after the curtain: TRUE while blocked"),
    IOPoint("%IX0.5", "reset_pb", "BOOL", "input", "reset", "pressed",
            "Reset push button, TRUE while pressed (NO contact)"),
    IOPoint("%IX0.6", "belt_running", "BOOL", "input", "belt", "running", "belt motor contactor feedback"),
    IOPoint("%QX0.0", "belt_run", "BOOL", "output", "belt", "run",
            "TRUE runs the exit belt toward the opening (it stops within about 0.03 s when FALSE)"),
    IOPoint("%QX0.1", "muting_lamp", "BOOL", "output", "muting_lamp", "on", "Muting lamp: TRUE = lit"),
)

SPEC = f"""\
Pallets leave the cell on the exit belt, one after the other, through an opening guarded by a safety
light curtain. The cell puts each pallet on the belt by itself; there is room for the next one only
once the last has moved on. Muting photo-eyes M1 and M2 stand before the curtain
({CURTAIN_AT - M1_AT:g} and {CURTAIN_AT - M2_AT:g} mm), M3 and M4 after it ({M3_AT - CURTAIN_AT:g} and
{M4_AT - CURTAIN_AT:g} mm); a pallet (longer than the whole M1-to-curtain distance) covers M1 and M2
before its front reaches the curtain and M3 and M4 before its tail leaves it.

1. Run the belt (belt_run) to carry the pallets out, from power-up on. A curtain broken at power-up
   is an unmuted break like any other (see 3 and 4).
2. Muting: the curtain is muted only when M1 comes on and then M2 comes on {MUTE_MIN_S:g} to {MUTE_MAX_S:g} s
   later while M1 is still on; the muting starts on the scan M2 comes on and ends on the scan M4 goes off
   (the pallet's tail has left M4). While muted, a broken curtain does not stop the belt. Show the
   muting on the Muting lamp, exactly while it lasts.
3. Any other break of the curtain (a person; M1 and M2 blocked at the same moment, or M2 coming on more
   than {MUTE_MAX_S:g} s after M1, or M2 without M1; anyone following a pallet after M4 cleared) must stop
   the belt: at a standstill within {STOP_WITHIN_S:g} s.
4. After such a stop, run the belt again only once the curtain is clear and Reset has been pressed
   (only a Reset press that begins while the curtain is clear counts: one begun while it is still
   broken does not, even if the button is still held when it clears). The operator presses Reset every
   few seconds. Run it again within {RESTART_WITHIN_S:g} s of that Reset: the belt must never stand still
   for longer than {RESTART_WITHIN_S:g} s unless such a stop holds it (or the lot is out), also at power-up.
5. When the {LOT}th pallet has left M4, stop the belt and keep it stopped with the Muting lamp off.
People walk into the opening at any time, also at power-up and right behind a pallet, and may block
the muting eyes with an arm or a cart; pallets come in several lengths; the belt speed differs from
run to run."""

PLANT = f"""\
Top view, millimetres. The exit belt runs along x from x = 0 to x = {BELT_LENGTH:g} (900 mm wide);
the cell puts pallets ({PALLET_WIDTH:g} mm wide) on it at x = {FEED_AT:g}. M1 at x = {M1_AT:g},
M2 at x = {M2_AT:g}, the light curtain across the opening at x = {CURTAIN_AT:g}, M3 at x = {M3_AT:g},
M4 at x = {M4_AT:g}; pallets run off the belt end into the exit area. The Muting lamp and the Reset
button are on the operator panel."""

PARAMETERS = (
    ParameterRange("belt_speed", 100, 300, "mm/s", "belt speed"),
    ParameterRange("pallet_mm", 800, 1200, "mm", "pallet length along the belt (one length per run)"),
    ParameterRange("first_pallet_s", 0.0, 12.0, "s", "when the cell puts the first pallet on the belt"),
    ParameterRange("person_s", 1.0, 3.0, "s", "how long a person stays in the opening"),
    ParameterRange("person_at_power_up_s", 0.0, 3.0, "s", "how long a person stands in the opening from "
                   "power-up (0: nobody there)"),
    ParameterRange("reset_every_s", 2.0, 4.0, "s", "time between the operator's Reset presses"),
)


def _operator(p) -> list[OperatorAction]:
    """Reset presses (0.2 s) every reset_every_s, persons stepping in and out of the opening at
    fixed times, and arms blocking the muting eyes (forced inputs), from the condition's events."""
    acts: list[OperatorAction] = []
    t = p["reset_every_s"]
    while t < TIME_LIMIT_S:
        acts += [OperatorAction(round(t, 2), "press", "reset"),
                 OperatorAction(round(t + 0.2, 2), "release", "reset")]
        t += p["reset_every_s"]
    if p["person_at_power_up_s"] > 0:
        acts.append(OperatorAction(p["person_at_power_up_s"], "release", "curtain"))
    for kind, at, stay, lead, lag in p["events"]:
        # kind: "alone" a person only; "m1" an arm on M1 first; "m1m2" on M1 and M2 at once;
        # "late" on M1, then M2 `lag` s later (too late): all `lead` s before the person steps in
        if kind in ("m1", "m1m2", "late"):
            m1_at = round(at - lead - (lag if kind == "late" else 0.0), 2)
            acts.append(OperatorAction(m1_at, "force", "m1", True))
        if kind in ("m1m2", "late"):
            acts.append(OperatorAction(round(at - lead, 2), "force", "m2", True))
        acts += [OperatorAction(at, "press", "curtain"),
                 OperatorAction(round(at + stay, 2), "release", "curtain")]
        for name in ("m1", "m2"):
            acts.append(OperatorAction(round(at + stay, 2), "release_force", name))
    return sorted(acts, key=lambda a: a.time_s)


def _condition(name, seed, description, **params) -> Condition:
    p = {**DEFAULTS, **params}
    return Condition.of(name, seed, description, operator=_operator(p), **p)


DEFAULTS = {"person_at_power_up_s": 0.0, "events": (), "behind": (), "reset_every_s": 3.0}

CONDITIONS = (
    _condition("follows_pallet_two", 801, "middle speed, 1 m pallets from power-up, a person walks in 0.4 s "
               "after the second pallet cleared M4", belt_speed=200, pallet_mm=1000, first_pallet_s=0.0,
               behind=((2, 0.4, 1.5),)),
    _condition("person_at_power_up", 802, "someone stands in the opening at power-up for 2.2 s; slow belt, "
               "long pallets", belt_speed=100, pallet_mm=1200, first_pallet_s=0.5, person_at_power_up_s=2.2,
               reset_every_s=2.5),
    _condition("arm_on_m1", 803, "fast belt, short pallets; an arm blocks M1 and 1.2 s later a person walks "
               "into the opening; later a person follows pallet 4", belt_speed=290, pallet_mm=820,
               first_pallet_s=6.5, events=(("m1", 3.0, 1.8, 1.2, 0.0),), behind=((4, 0.9, 2.5),),
               reset_every_s=3.7),
    _condition("m1_m2_together", 804, "M1 and M2 blocked at the same moment (a cart), then a person; "
               "slow-middle belt", belt_speed=150, pallet_mm=900, first_pallet_s=7.0,
               events=(("m1m2", 2.5, 2.0, 0.8, 0.0),), reset_every_s=2.2),
    _condition("m2_too_late_alone", 805, "an arm on M1, M2 blocked 3.6 s later, then a person; later a "
               "person alone; fast-middle belt", belt_speed=250, pallet_mm=1100, first_pallet_s=11.5,
               events=(("late", 5.0, 1.2, 0.5, 3.6), ("alone", 8.5, 1.5, 0.0, 0.0)), reset_every_s=4.0),
)


def _follower(rng: random.Random) -> tuple[int, float, float]:
    """Behind which pallet, how long after its tail cleared M4 (s), how long they stay (s)."""
    return (rng.randint(1, 4), round(rng.uniform(0.2, 1.0), 2), round(rng.uniform(1.0, 3.0), 1))


def sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Independent: belt speed, pallet length, Reset
    period. Jointly, so that a person never meets a pallet in the opening and an arm on a muting
    eye never meets a pallet there: the fixed-time events (a person at power-up in 1 of 5; 0-2 of
    alone / arm on M1 / M1 and M2 together / M2 too late) all lie before the first pallet, which
    comes 1 s after the last of them leaves (first_pallet_s up to 12 s); followers (0-2, behind
    pallets 1-4, 0.2-1 s after its tail cleared M4, staying 1-3 s) need no timing. Every run has at
    least one person (a follower when nothing else was drawn)."""
    p: dict = {"belt_speed": round(rng.uniform(100, 300)), "pallet_mm": round(rng.uniform(800, 1200)),
               "reset_every_s": round(rng.uniform(2.0, 4.0), 1), "person_at_power_up_s": 0.0}
    t = 0.0
    if rng.random() < 0.2:
        p["person_at_power_up_s"] = t = round(rng.uniform(1.0, 3.0), 1)
    events = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        kind = rng.choice(("alone", "m1", "m1m2", "late"))
        lag = round(rng.uniform(3.3, 4.5), 1) if kind == "late" else 0.0
        lead = round(rng.uniform(0.3, 1.5), 1) if kind != "alone" else 0.0
        at = round(t + 0.5 + lead + lag + rng.uniform(0.0, 4.0), 2)
        stay = round(rng.uniform(1.0, 3.0), 1)
        if at + stay > 10.5:           # the first pallet must still come in its range, 0.5 s later
            break
        events.append((kind, at, stay, lead, lag))
        t = at + stay
    p["events"] = tuple(events)
    p["first_pallet_s"] = round(min(12.0, t + 1.0), 1) if t > 0 else round(rng.uniform(0.0, 3.0), 1)
    followers = rng.choice((0, 1, 1, 2))
    if not (events or followers or p["person_at_power_up_s"]):      # every run has an intrusion
        followers = 1
    p["behind"] = tuple(sorted((_follower(rng) for _ in range(followers)), key=lambda f: f[0]))
    words = [f"belt {p['belt_speed']} mm/s", f"pallets {p['pallet_mm']} mm"]
    if p["person_at_power_up_s"]:
        words.append("person in the opening at power-up")
    words += [f"{kind} at {at:g} s" for kind, at, *_ in events]
    words += [f"person behind pallet {k}" for k, *_ in p["behind"]]
    return {"params": p, "operator": _operator(p), "description": "; ".join(words)}


TASK = Task(
    id="MAT-E08", title="Light-curtain muting at a pallet exit", suite="MAT", level="E",
    summary="Mute the exit light curtain only for a pallet that runs through M1 then M2 in time, until "
            "it clears M4; stop the belt on any other break and restart only after Reset.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=TIME_LIMIT_S, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, judged_devices=_Devices, post_completion_s=HOLD_S,
)
