"""MAT-H07 Line speed cascade with buffers.

A filler runs at its own nominal speed and feeds an accumulation buffer (B1) to a capper, which
feeds a second buffer (B2) to a labeller. The PLC starts and stops the filler and sets the
capper's and labeller's speeds (units per minute); it sees each buffer only through its low,
high and full eyes and each machine's unit counter. Three jobs share the line's buffers: keep
the filler filling (S2), and keep the capper and the labeller each working while it has work
(S5), with no unit into a full buffer (S1), no dry cycle (S4) and every speed change ramped (S3).
Each machine is judged on its own, so a program that lets one machine stand while the others run
fails there; a line that locks up (everything waiting) fails S2 at once (5 s after power-up).

Plant (sim.devices.pack_machine, NEW): PackMachine x3, PackBuffer x2, held as unit counts (not
pymunk bodies) so that a run of the line stays far above 300x real time.

Changes from the catalog entry, and why:
- 40 units labelled, not 200: the runs stay short (a failing program runs to its first miss or
  to the time limit, and the test budget is ~20 s for the whole task). The cascade is settled
  well within 40 units: each condition has its jams and its start state inside the run.
- Nominal 30-60 ppm, not 20-60: at 20 ppm 40 units alone take 120 s (the time limit's budget).
- S2 is the filler never standing (not starved: it has an endless supply) except in the first 5 s
  after power-up and while the capper or labeller is jammed and 5 s after (the line must stop the
  filler at full B1 then, and needs a moment to restart from standstill, ramped). It allowed stands
  of up to 3 s at a time anywhere: see the last point.
- S4 (no dry cycle) and S5 (a machine with work may not stand over 3 s) are added: without S4 the
  downstream machines at full speed all the time would pass (nothing says slow down when low),
  without S5 a program that parks the labeller and lets B2 fill slowly would.
- The eyes sit at published unit counts: low at 2, high at half the capacity, full at capacity
  minus 2; the capacity itself (8-30) is not given: the program must learn where the high and
  full eyes switch, and where each buffer stands at power-up (part-full).
- Each machine cycles at its speed (the filler's nominal, or the reference) times its own rate
  factor, 0.94-1.06 (drawn per machine by the sampler, fixed in each registered condition, stated
  in the prompt; the speed inputs report the speed, not the rate): with exact rates a program that
  ran the capper and labeller at the filler's speed kept every buffer at its start level without
  controlling it. The reference and the second program correct the drift on the eyes (and the
  reference on the counters).
- S5 judges a machine standing by its cycles: the time since its last cycle (a machine creeping at
  1 ppm stands, as the prompt's "not cycling" says; it was judged by speed > 0). The reference and
  the second program hold the labeller at 30 ppm or more while B2's high eye is on (at 15 ppm over a
  jammed capper it went 4 s between cycles); the rule counterexamples built on them got the same.
- Closed (review a3, after the rate factors): a program that runs the capper and labeller at the
  filler's speed and ramps each to 0 at its outfeed's full eye or its infeed's low eye (t5,
  counterexamples/follow_filler_ramped_stops.st) or creeps at 1 ppm there (t4, creep_at_the_eyes.st)
  let a buffer drift to an eye and held it there: B1 at its full eye with the filler toggling on it
  (stands of 0.1-0.2 s, 1.3-4.3 s in all), legal while S2 allowed 3 s at a time. The spec asks the
  filler to stop only for a jam downstream, so S2 now allows no stand outside power-up and the jams
  (each with 5 s to restart): both fail S2 in 3 of 5 registered conditions. The reference stood at
  B1's full eye too (fast_small_buffers: the capper at nominal + 6 ppm does not beat a filler 13 %
  faster by its rate factors), and after a labeller jam into a small B2 (its labeller based on the
  capper's speed, 0 while the capper waits at B2's full eye): it now runs the capper 15 % over the
  filler while B1 is high and the labeller on at least the filler's speed, 30 ppm over at B2's full
  eye. The second program (10 ppm over at the high eye, 30 at full) stood only at power-up.
Two-sided: the completion's time limit against S1: running the downstream slowly keeps the
buffers from the full eyes only by stopping the filler (S2) or standing with work (S5); running
it fast empties them (S4) and every change is bounded by the ramp (S3).

Hard by the brief's check: the program written blind from the prompt (counterexamples/
blind_written.st) passed 5 of 5 on the first registered conditions (graded once, its I/O
declarations added), so two registered conditions were replaced by start states to discover
(B2 standing part-full, far above its high eye, with jams arriving while the other machines run):
it guesses such a buffer at 6 units and now passes 1 of 5 (nominal). The second program
(correct/, a band controller on the eyes alone) proves the windows fair. Cheap attempts: fixed
speeds (blind.st), a fixed mid speed with a token end state (token_blind.st), on/off at the eyes
(the catalog's trap), a table of the registered start levels (tuned/) and the followers of the
filler's speed above all earn 0.
The first miss of S1, S2, S4 or S5 ends the run (MissEndsTheRun), so a failing program costs a
few seconds of plant time.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.pack_machine import PackBuffer, PackMachine
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

UNITS = 40
MAX_PPM = 90
RAMP_PPM = 20            # commanded speed: at most this change within any RAMP_WINDOW_S
RAMP_WINDOW_S = 1.0
STAND_S = 3.0            # S5 (capper, labeller)
RESTART_S = 5.0          # S2: the line's restart from standstill, at power-up and after each jam
RESTART_MS = round(RESTART_S * 1000)
LOW_AT = 2
RATE = (0.94, 1.06)      # a machine's real cycle rate over its speed (reference, or the filler's nominal)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for name, x, cap, start in (("b1", 700, p["b1_capacity"], p["b1_start"]),
                                ("b2", 1700, p["b2_capacity"], p["b2_start"])):
        plant.add(PackBuffer(name, x, 0, capacity=cap, low_at=LOW_AT, high_at=cap // 2, full_at=cap - 2,
                             start=start, length=600, label=name.upper()))
    plant.add(PackMachine("filler", 100, 0, outfeed="b1", fixed_ppm=p["filler_ppm"], rate=p["filler_rate"],
                          label="filler"))
    plant.add(PackMachine("capper", 1200, 0, infeed="b1", outfeed="b2", max_ppm=MAX_PPM,
                          jams=tuple(zip(p["capper_jam_at"], p["capper_jam_s"], strict=True)),
                          rate=p["capper_rate"], label="capper"))
    plant.add(PackMachine("labeller", 2200, 0, infeed="b2", max_ppm=MAX_PPM,
                          jams=tuple(zip(p["labeller_jam_at"], p["labeller_jam_s"], strict=True)),
                          rate=p["labeller_rate"], label="labeller"))
    return plant


class _Line:
    def __init__(self, plant: Plant):
        self.filler = plant.device("filler", PackMachine)
        self.capper = plant.device("capper", PackMachine)
        self.labeller = plant.device("labeller", PackMachine)
        self.b1 = plant.device("b1", PackBuffer)
        self.b2 = plant.device("b2", PackBuffer)

    def labelled(self) -> int:
        return self.labeller.count


def _commanded(m: PackMachine) -> int:
    return max(0, min(MAX_PPM, m.speed_ref)) if m.run else 0


class _Overflow(judges.Monitor):
    """S1: no unit put into a buffer holding its capacity."""

    def check(self, s):
        for b in (s.devices.b1, s.devices.b2):
            if b.overflows:
                return (f"a unit went into {b.name.upper()} while it was full ({b.capacity} units): "
                        "it fell off")
        return None


class _FillerStands(judges.Monitor):
    """S2: the filler stands while it is not running (it runs at its fixed speed, so running is
    filling); it may stand only in its excuses: the first RESTART_S after power-up, and each jam
    downstream with RESTART_S after it (the line restarting from standstill). Elsewhere a stand,
    however short, means the capper let B1 reach its full eye."""

    def __init__(self):
        self.last_jam_ms = 0     # power-up: the capper and the labeller start from standstill

    def check(self, s):
        d = s.devices
        if d.labelled() >= UNITS:
            return None
        if d.capper.jammed or d.labeller.jammed:
            self.last_jam_ms = s.time_ms
        elif not d.filler.running and s.time_ms - self.last_jam_ms >= RESTART_MS:
            return (f"the filler stood with no jam downstream in the last {RESTART_S:g} s (and not "
                    f"within {RESTART_S:g} s of power-up)")
        return None


class _Standing(judges.Monitor):
    """S5: the capper's and the labeller's own stand clocks: a machine stands while it completes
    no cycle (a machine creeping at 1 ppm stands)."""

    def __init__(self):
        self.clock: dict[str, float] = {}
        self.cycles: dict[str, int] = {}

    def check(self, s):
        d = s.devices
        if d.labelled() >= UNITS:
            return None
        for name, m, counts in (("capper", d.capper, d.b1.read("high") and not d.b2.read("high")),
                                ("labeller", d.labeller, d.b2.read("high"))):
            done = m.count + len(m.dry_cycles)
            standing = self.cycles.get(name) == done
            self.cycles[name] = done
            if counts and standing and not m.jammed:
                self.clock[name] = self.clock.get(name, 0.0) + 0.01
                if self.clock[name] > STAND_S + 1e-9:
                    why = {"labeller": " with its infeed high eye on",
                           "capper": " with its infeed high eye on and B2's high eye off"}[name]
                    return f"the {name} stood more than {STAND_S:g} s{why}"
            else:
                self.clock[name] = 0.0
        return None


class _Ramp(judges.Monitor):
    """S3: the commanded speed (speed_ref while run, else 0) of the capper and the labeller
    changes by at most RAMP_PPM within any RAMP_WINDOW_S. Only changes are kept (time, value):
    a scan with both commands as before costs two reads."""

    def __init__(self):
        self.hist: dict[str, list[tuple[int, int]]] = {"capper": [], "labeller": []}

    def check(self, s):
        window = round(RAMP_WINDOW_S * 1000)
        for name in ("capper", "labeller"):
            v = _commanded(getattr(s.devices, name))
            h = self.hist[name]
            if h and h[-1][1] == v:
                continue
            h.append((s.time_ms, v))
            # the value standing at the window's start is the last change at or before it
            while len(h) > 1 and h[1][0] <= s.time_ms - window:
                h.pop(0)
            lo = min(x for _, x in h)
            hi = max(x for _, x in h)
            if hi - lo > RAMP_PPM:
                return (f"the {name}'s commanded speed changed by {hi - lo} ppm within {RAMP_WINDOW_S:g} s "
                        f"(at most {RAMP_PPM})")
        return None


def _dry(s):
    for m in (s.devices.capper, s.devices.labeller):
        if m.dry_cycles:
            return f"the {m.name} cycled dry (a cycle with its infeed buffer empty)"
    return None


def _stopped(s) -> bool:
    d = s.devices
    return not d.filler.run and _commanded(d.capper) == 0 and _commanded(d.labeller) == 0


class _FirstBreak(judges.Watch):
    """S1, S2, S4 and S5 (their own monitors, fresh per run) as a watch of the completion: a
    unit lost, a dry cycle or a machine standing settles the verdict, so the run ends there
    (MissEndsTheRun) instead of at the time limit. S3 is left to the safety rule alone (a ramp
    broken does not stall the line; its run goes on to completion)."""

    def __init__(self):
        self.rules = [_Overflow(), _FillerStands(), _Standing()]

    def check(self, s):
        for rule in self.rules:
            msg = rule.check(s)
            if msg:
                return msg
        return _dry(s)


STOPPED = "the filler's run FALSE and the capper's and labeller's commanded speeds 0"

COMPLETION = Completion(
    f"{UNITS} units labelled (the labeller's count), then {STOPPED}, held for 1 s.",
    lambda: MissEndsTheRun(judges.watched(judges.in_order(
        judges.event(f"{UNITS} units labelled", lambda s: s.devices.labelled() >= UNITS),
        judges.held(STOPPED, _stopped, 1.0)), _FirstBreak(), name="units labelled, line stopped")),
    keep=_stopped, keep_wording=STOPPED + ".",
)

SAFETY = [
    SafetyRule("MAT-H07-S1", "No unit goes into a full buffer (one already holding its capacity): the "
               "machine upstream of a buffer must not cycle then.", _Overflow()),
    SafetyRule("MAT-H07-S2", f"Until {UNITS} units are labelled the filler never stands (not filling), "
               f"however briefly, except in the first {RESTART_S:g} s after power-up, while the capper or "
               f"the labeller is jammed and {RESTART_S:g} s after each such jam ends.", _FillerStands()),
    SafetyRule("MAT-H07-S3", f"The commanded speed of the capper and of the labeller (its speed_ref while "
               f"its run is TRUE, else 0; clamped to 0..{MAX_PPM}) changes by at most {RAMP_PPM} ppm "
               f"within any {RAMP_WINDOW_S:g} s (judged every scan over the last {RAMP_WINDOW_S:g} s).",
               _Ramp()),
    SafetyRule("MAT-H07-S4", "The capper and the labeller never cycle dry (a cycle falling due with its "
               "infeed buffer empty).", judges.never(lambda s: _dry(s) is not None,
                                                      lambda s: _dry(s) or "")),
    SafetyRule("MAT-H07-S5", f"Until {UNITS} units are labelled the capper never stands (completes no "
               f"cycle, not jammed) more than {STAND_S:g} s in a row while B1's high eye is TRUE and B2's "
               f"high eye FALSE, and the labeller never more than {STAND_S:g} s while B2's high eye is TRUE "
               f"(a machine crawling below {60 / STAND_S:g} ppm stands between its cycles).",
               _Standing()),
]


def _mach_io(k: int, name: str, speed_ref: bool) -> list[IOPoint]:
    out = [
        IOPoint(f"%IX{k}.0", f"{name}_running", "BOOL", "input", name, "running",
                f"{name} cycling (run on, speed above 0, not jammed)"),
        IOPoint(f"%IW{3 * k}", f"{name}_speed", "INT", "input", name, "speed",
                f"{name} speed as its drive reports it (0 while stopped or jammed); it cycles at this "
                f"times its rate factor", "ppm", f"0..{MAX_PPM}"),
        IOPoint(f"%IW{3 * k + 1}", f"{name}_count", "INT", "input", name, "count",
                f"units done by the {name} since power-up (one per cycle with a unit)", "", "0..32767"),
        IOPoint(f"%QX{k}.0", f"{name}_run", "BOOL", "output", name, "run", f"TRUE runs the {name}"),
    ]
    if speed_ref:
        out += [
            IOPoint(f"%IX{k}.1", f"{name}_jammed", "BOOL", "input", name, "jammed",
                    f"{name} jammed: it stands until its operator clears it, then runs on by itself"),
            IOPoint(f"%QW{k}", f"{name}_speed_ref", "INT", "output", name, "speed_ref",
                    f"{name} speed reference (followed at once while running)", "ppm", f"0..{MAX_PPM}"),
        ]
    return out


def _buf_io(k: int, name: str, up: str, down: str) -> list[IOPoint]:
    B = name.upper()
    return [
        IOPoint(f"%IX{k}.0", f"{name}_low", "BOOL", "input", name, "low",
                f"{B} low eye: TRUE while at least {LOW_AT} units stand in {B} (between {up} and {down})"),
        IOPoint(f"%IX{k}.1", f"{name}_high", "BOOL", "input", name, "high",
                f"{B} high eye: TRUE while at least half its capacity (rounded down) stands in it"),
        IOPoint(f"%IX{k}.2", f"{name}_full", "BOOL", "input", name, "full",
                f"{B} full eye: TRUE while at least its capacity minus 2 stands in it"),
    ]


IO = [*_mach_io(0, "filler", False), *_mach_io(1, "capper", True), *_mach_io(2, "labeller", True),
      *_buf_io(3, "b1", "filler", "capper"), *_buf_io(4, "b2", "capper", "labeller")]

SPEC = f"""\
A packaging line: filler -> buffer B1 -> capper -> buffer B2 -> labeller. The filler has an endless
supply and fills at its own nominal speed (filler_speed while it runs; 30-60 units per minute, not
known in advance) whenever filler_run is TRUE: stop it only to keep B1 from overflowing. The capper
and the labeller each take one unit from their infeed buffer per cycle at their speed reference
(units per minute, ppm, 0..{MAX_PPM}, followed at once while run is TRUE) and the capper puts it into
B2. No machine cycles exactly at the speed it reports: each one's real rate is its speed (the
filler's nominal speed, or the speed reference) times its own rate factor, {RATE[0]:g} to {RATE[1]:g}
(wear and slip; fixed for a run, not known in advance, seen only through the unit counters and the
eyes), so machines set to the same speed do not hold a buffer's level. A cycle due with the infeed
buffer empty is a dry cycle (S4); a unit put into a full buffer falls off (S1). Each buffer holds 8
to 30 units (its capacity, not known in advance); you see it only through its eyes: low TRUE from
{LOW_AT} units, high from half its capacity (rounded down), full from its capacity minus 2, and
through the machines' unit counters (filler_count into B1, capper_count out of B1 and into B2,
labeller_count out of B2). At power-up each buffer may already hold units anywhere from empty up to
its capacity minus 3. The capper and the labeller jam now and then (capper_jammed, labeller_jammed:
0 to 3 jams a minute, 5 to 15 s each, one machine at a time): a jammed machine does not cycle, and
runs on at its commanded speed by itself once cleared.

Keep the filler at its nominal speed; run the capper and the labeller faster while their infeed
buffer is high and slower when it is low, and ramp every speed change: the commanded speed (speed_ref
while run is TRUE, else 0) changes by at most {RAMP_PPM} ppm within any {RAMP_WINDOW_S:g} s (S3), so
switching a machine on and off at the full and empty eyes breaks the ramp. Stop the filler when B1
would overflow (a jam downstream), and restart it as soon as there is room. Each machine is judged
on its own: the filler may not stand at all (S2) except while the line starts from standstill (the
first {RESTART_S:g} s after power-up) and through a jam downstream and the {RESTART_S:g} s after it, so
outside those the capper must keep B1 below its full eye, whatever the rate factors; the capper or
the labeller may not stand (complete no cycle) over {STAND_S:g} s with its infeed high (S5; the
capper only while B2's high eye is off). When {UNITS} units are labelled,
stop the filler and bring the capper's and labeller's commanded speeds to 0 (ramped) and keep
them so."""

PARAMETERS = [
    ParameterRange("filler_ppm", 30, 60, "ppm", "the filler's nominal speed"),
    ParameterRange("capacity", 8, 30, "units", "a buffer's capacity", keys=("b1_capacity", "b2_capacity")),
    ParameterRange("start", 0, 27, "units", "units in a buffer at power-up (at most its capacity - 3)",
                   keys=("b1_start", "b2_start")),
    ParameterRange("jam_s", 5, 15, "s", "how long a jam lasts", keys=("capper_jam_s", "labeller_jam_s")),
    ParameterRange("jam_at", 3, 110, "s", "when a jam begins", keys=("capper_jam_at", "labeller_jam_at")),
    ParameterRange("rate", RATE[0], RATE[1], "", "a machine's real cycle rate over what its speed says",
                   keys=("filler_rate", "capper_rate", "labeller_rate")),
]


def _cond(name, seed, description, *, ppm, caps, starts, rates, capper_jams=(), labeller_jams=()):
    params = dict(filler_ppm=ppm, b1_capacity=caps[0], b2_capacity=caps[1], b1_start=starts[0],
                  b2_start=starts[1], filler_rate=rates[0], capper_rate=rates[1], labeller_rate=rates[2],
                  capper_jam_at=tuple(a for a, _ in capper_jams),
                  capper_jam_s=tuple(n for _, n in capper_jams),
                  labeller_jam_at=tuple(a for a, _ in labeller_jams),
                  labeller_jam_s=tuple(n for _, n in labeller_jams))
    return Condition(name, seed, params, description)


CONDITIONS = [
    _cond("nominal", 701, "45 ppm, buffers of 12 and 16, both empty, one capper jam of 8 s",
          ppm=45, caps=(12, 16), starts=(0, 0), rates=(1.06, 0.94, 0.94), capper_jams=((20.0, 8.0),)),
    _cond("fast_small_buffers", 702, "60 ppm, the smallest buffers (8), a labeller jam of 12 s",
          ppm=60, caps=(8, 8), starts=(1, 3), rates=(1.06, 0.94, 1.06), labeller_jams=((15.0, 12.0),)),
    _cond("slow_full_start", 703, "30 ppm, B1 and B2 part-full at power-up (high eyes on), big buffers",
          ppm=30, caps=(30, 24), starts=(20, 21), rates=(0.95, 1.04, 0.97), capper_jams=((40.0, 5.0),)),
    _cond("b2_part_full_labeller_jams", 704, "60 ppm, B2 part-full (20 of 27) at power-up, two long labeller "
          "jams and a late capper jam", ppm=60, caps=(16, 27), starts=(3, 20), rates=(1.03, 0.96, 0.95),
          capper_jams=((72.7, 11.2),),
          labeller_jams=((14.9, 11.6), (37.3, 13.6))),
    _cond("b2_nearly_full_capper_jams", 705,
          "49 ppm, B2 nearly full (25 of 30) at power-up, three capper jams",
          ppm=49, caps=(21, 30), starts=(1, 25), rates=(0.97, 1.05, 0.94),
          capper_jams=((5.9, 6.2), (25.8, 10.9), (57.2, 8.4))),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Nominal speed and capacities independent; a buffer's start count below its capacity - 2
    (jointly: it must fit); 0-3 jams over the run, each on the capper or the labeller, placed one
    after another with at least 5 s between (one machine jammed at a time)."""
    ppm = rng.randint(*map(int, _range("filler_ppm")))
    caps = [rng.randint(*map(int, _range("capacity"))) for _ in range(2)]
    starts = [rng.randint(0, c - 3) for c in caps]
    jams: dict[str, list[tuple[float, float]]] = {"capper": [], "labeller": []}
    t = rng.uniform(3.0, 20.0)
    for _ in range(rng.randint(1, 3)):
        length = round(rng.uniform(*_range("jam_s")), 1)
        if t + length > _range("jam_at")[1]:
            break
        jams[rng.choice(("capper", "labeller"))].append((round(t, 1), length))
        t += length + rng.uniform(5.0, 25.0)
    rates = [round(rng.uniform(*_range("rate")), 3) for _ in range(3)]
    p = _cond("sampled", 0, "", ppm=ppm, caps=caps, starts=starts, rates=rates, capper_jams=jams["capper"],
              labeller_jams=jams["labeller"]).params
    description = (f"{ppm} ppm, capacities {caps[0]}/{caps[1]}, start {starts[0]}/{starts[1]}, "
                   f"rates {rates[0]}/{rates[1]}/{rates[2]}, "
                   f"jams capper {jams['capper']} labeller {jams['labeller']}")
    return dict(params=p, description=description)


PLANT = f"""\
Top view, millimetres, along x at y = 0: the filler at x = 100, B1 (an accumulation table drawn
with its units and its low/high/full eyes) centred at x = 700, the capper at x = 1200, B2 at
x = 1700, the labeller at x = 2200. Each machine cycles at its reported speed times its own rate
factor ({RATE[0]:g}-{RATE[1]:g}, fixed per run): its counter, not its speed, shows its real rate."""

TASK = Task(
    id="MAT-H07", title="Line speed cascade with buffers", suite="MAT", level="H",
    summary="Keep a filler at its nominal speed and cascade the capper's and labeller's speeds on their "
            "buffers' eyes, ramped, through jams: no overflow, no dry cycle, no machine standing.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=150.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Line,
)
