"""MAT-H08 Shared weigh hopper for two mixers.

Three bulk dosers (A, B, C, each a coarse and a fine valve) pour into one weigh hopper on a weigh
scale; the hopper's gate drops a weighed batch into a chute whose flap (a cylinder) sends it to
mixer 1 or mixer 2. Each mixer has its own recipe (grams of A, B, C and a mix time, posted by the
host; an order may come late) and its own packer under it that takes the mixed batch when it is
ready (a packer may be busy, blocking that mixer's discharge for a while). Two independent jobs,
mixer 1's three batches and mixer 2's three, share one hopper: a batch is weighed only for a mixer
that is empty (the hopper is never held by a batch for a busy mixer), so the hopper must serve
whichever mixer is waiting, never wait on the other one.

Changed from the catalog, and why:
- recipes 60-150 g an ingredient and mix times 10-20 s (catalog: 20-40 s), so six batches fit a
  test-suite budget; the balance stays: a dose takes about as long as a mix, so the hopper is
  the shared resource both mixers queue for.
- the SwingDiverter of the library steers parts on a belt; falling material is steered by a
  chute flap (the new sim/devices/chute_flap.py, turned by a library Cylinder).
- "S4 mixer idle <= 30 s" is judged per job by progress (each a deadline in the completion, a
  miss ends the run): a mixer waiting empty while the hopper is free is served within 3 s (the
  flap heading to it or dosing for it), each dose is weighed and let out within 45 s of its
  first grams, each batch is mixing within 1.6 s of arriving, each mixed batch discharges within
  1 s of its packer being ready. So a program that waits for the other mixer (a strict
  alternation, an order that comes late, a blocked packer) fails at a stated deadline, and so
  does a deadlock; the two-sided window is the dose: fine-only dosing misses the 45 s, coarse
  only misses the +-2 g tolerance.
- the catalog's trap (weighing ahead for a busy mixer) is rule S4.
- the catalog's "discontinued batch in the hopper" is left out: nothing the prompt could say
  would make it belong to either mixer's recipe.

Judged by the true contents: batches are each mixer's discharges with their ingredients; the end
state (every valve shut, gate shut, both mixers stopped and empty) held 2 s.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.bulk_doser import BulkDoser
from sim.devices.chute_flap import ChuteFlap
from sim.devices.host_word import host_word
from sim.devices.mixer import Mixer
from sim.devices.pneumatics import Cylinder
from sim.devices.weigh_hopper import WeighHopper
from sim.devices.weigh_scale import WeighScale
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

BATCHES = 3
TOL_G = 2.0
SERVE_WITHIN_S = 3.0
DOSE_WITHIN_S = 45.0
MIXING_WITHIN_S = 1.6
DISCHARGE_WITHIN_S = 1.5
OUTLET_GRACE_S = 0.3
HOLD_S = 2.0
DOSERS = ("A", "B", "C")
MIXERS = (1, 2)
MIX_S = {k: f"m{k}_mix_s" for k in MIXERS}      # the recipe's mix time, by mixer (judged every scan)
LEFT_OVER = "left over"


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Cylinder("gate", -60.0, 240.0, stroke=100.0, extend_s=p["gate_s"], retract_s=p["gate_s"],
                       plate_width=90.0, start_extended=p.get("gate_open", False)))
    plant.add(Cylinder("flap", 170.0, 150.0, stroke=50.0, extend_s=p["flap_s"], retract_s=p["flap_s"],
                       plate_width=40.0, start_extended=p.get("flap_at_2", False)))
    for k in MIXERS:
        m = plant.add(Mixer(f"mixer_{k}", -330.0 if k == 1 else 330.0, -320.0,
                            start_s=p["mixer_start_s"][k - 1],
                            outflow_gs=400.0, capacity_g=1000.0))
        if p.get("left_in") == k:     # a batch mixed before power-up, still to be let out
            m.add(float(p["left_g"]), LEFT_OVER)
            m.mixed_s = 1.0e6
    plant.add(ChuteFlap("chute", 0.0, 150.0, flap="flap", left="mixer_1", right="mixer_2"))
    hopper = plant.add(WeighHopper("hopper", 0.0, 250.0, gate="gate", into="chute", outflow_gs=600.0,
                                   empty_weight_g=1200.0, capacity_g=600.0))
    if p.get("preload"):        # a batch weighed before power-up for the mixer the flap stands at
        k = 2 if p.get("flap_at_2") else 1
        for n, g in zip(DOSERS, p["preload"], strict=True):
            hopper.add(p[f"m{k}_{n.lower()}_g"] + g, n)
    plant.add(WeighScale("scale", 0.0, 240.0, load="hopper", settle_s=p["settle_s"], noise_g=0.2))
    for n, (name, x) in enumerate(zip(DOSERS, (-320.0, 0.0, 320.0), strict=True)):
        plant.add(BulkDoser(f"doser_{name.lower()}", x, 600.0, into=hopper.inlet(name).name,
                            coarse_gs=p["coarse_gs"][n], fine_gs=p["fine_gs"], afterflow_g=p["afterflow_g"],
                            fall_s=p["fall_s"][n], drop_mm=190.0))
    for k in MIXERS:
        x0 = 700.0 if k == 1 else 900.0
        late = p.get("order_s", {}).get(k, 0.0)
        words = [(f"m{k}_recipe_{n.lower()}", p[f"m{k}_{n.lower()}_g"], f"mixer {k} {n}", "g", 1.0)
                 for n in DOSERS]
        words.append((f"m{k}_mix", int(round(p[f"m{k}_mix_s"] * 10)), f"mixer {k} mix", "s", 0.1))
        for row, (name, value, label, units, scale) in enumerate(words):
            start, sched = (int(value), ()) if late <= 0 else (0, ((late, int(value)),))
            plant.add(host_word(name, start, sched, position=(x0, 640.0 - 70 * row), label=label,
                                units=units, scale=scale))
        blocked = sorted(w for w in p.get("blocked", ()) if w[0] == k)
        sched = []
        for _, t0, length in blocked:
            sched += [(t0, 0), (t0 + length, 1)]
        plant.add(host_word(f"packer_{k}", 1, sched, position=(x0, 300.0), label=f"packer {k} ready"))
    return plant


# --- judges -----------------------------------------------------------------------------------


class _Cell:
    def __init__(self, plant: Plant):
        self.gate = plant.device("gate", Cylinder)
        self.flap = plant.device("flap", Cylinder)
        self.chute = plant.device("chute", ChuteFlap)
        self.hopper = plant.device("hopper", WeighHopper)
        self.scale = plant.device("scale", WeighScale)
        self.dosers = tuple(plant.device(f"doser_{n.lower()}", BulkDoser) for n in DOSERS)
        self.mixers = {k: plant.device(f"mixer_{k}", Mixer) for k in MIXERS}
        self.mix_words = {k: plant.device(f"m{k}_mix", ValueWord) for k in MIXERS}
        self.packers = {k: plant.device(f"packer_{k}", ValueWord) for k in MIXERS}
        self.real: dict[int, tuple[int, list]] = {k: (0, []) for k in MIXERS}   # _real_batches, by log length


def _pouring(s) -> bool:
    """A doser valve open or material still on its way into the hopper."""
    return any(d.coarse or d.fine or d.in_flight_g() > 1e-6 for d in s.devices.dosers)


def _flap_at(s) -> int | None:
    """The mixer the flap stands fully at, or None (part way)."""
    f = s.devices.chute.fraction()
    return 1 if f <= 0.0 else 2 if f >= 1.0 else None


def _left_over(contents) -> bool:
    """The batch left at power-up (a few grams of it may stay under the low level and join the
    first real batch: a real one is told by its A)."""
    return contents.get("A", 0.0) <= 1.0


def _real_batches(s, k) -> list:
    """Mixer k's discharged batches but the one left at power-up (sifted again only when one more
    is logged: several judges ask every scan)."""
    cell = s.devices
    batches = cell.mixers[k].batches
    seen, real = cell.real[k]
    if seen != len(batches):
        real = [b for b in batches if not _left_over(b[1])]
        cell.real[k] = (len(batches), real)
    return real


def _holds_recipe(s, k) -> bool:
    m = s.devices.mixers[k]
    return not m.low_level and not _left_over(m.contents)


def _given(s, k) -> int:
    return len(_real_batches(s, k)) + (1 if _holds_recipe(s, k) else 0)


def _posted(s, k) -> bool:
    return s.devices.mix_words[k].value != 0


def _wants_batch(s, k) -> bool:
    """Mixer k is empty, its valve shut, its order posted and a batch of its three still to come."""
    m = s.devices.mixers[k]
    return m.low_level and not m.discharge and _posted(s, k) and _given(s, k) < BATCHES


def _hopper_free(s) -> bool:
    cell = s.devices
    return cell.hopper.total_g() < 2.0 and cell.gate.position <= 0.0 and not _pouring(s)


def _target(s, k, name) -> float:
    return float(s.params[f"m{k}_{name.lower()}_g"])


def _in_tolerance(s, k, contents) -> bool:
    return all(abs(contents.get(n, 0.0) - _target(s, k, n)) <= TOL_G for n in DOSERS)


def _mixed(s, k) -> bool:
    m = s.devices.mixers[k]
    if m.low_level or m.discharge:
        return False
    mix = 0.0 if _left_over(m.contents) else s.params[MIX_S[k]]
    return (m.mixed_s >= mix - 1e-9
            and s.devices.packers[k].value == 1 and (_flap_at(s) != k or s.devices.gate.position <= 0.0))


def _unmixed_in(s, k) -> bool:
    m = s.devices.mixers[k]
    return (_holds_recipe(s, k) and m.mixed_s < s.params[MIX_S[k]] - 1e-9
            and (_flap_at(s) != k or s.devices.gate.position <= 0.0))


def _flap_toward(k):
    if k == 1:
        return lambda s: s.devices.chute.fraction() * 50.0
    return lambda s: (1.0 - s.devices.chute.fraction()) * 50.0


def _dosed_for(k):
    return lambda s: -s.devices.hopper.total_g() if _flap_at(s) == k else 0.0


class _DoseClock(judges.Watch):
    """Written for this task: a dose, from the first 5 g in the hopper to the gate shut again with
    the hopper empty, within DOSE_WITHIN_S (the slow side of the two-sided dosing window; the fast
    side is the tolerance). No shared judge times a span between two states of one vessel."""

    def __init__(self):
        self.since: int | None = None

    def check(self, s):
        if self.since is None:
            if s.devices.hopper.total_g() >= 5.0:
                self.since = s.time_ms
            return None
        if _hopper_free(s):
            self.since = None
            return None
        if s.time_ms - self.since > round(DOSE_WITHIN_S * 1000):
            return (f"the dose begun at {self.since / 1000:g} s was not weighed and let out of the "
                    f"hopper {DOSE_WITHIN_S:g} s later")
        return None


def _serving_other(s, k) -> bool:
    """The hopper is taken by the other mixer: it waits for a batch and the flap is set to it
    (standing there or on its way: its valve says which way). That mixer's own clock runs."""
    j = 3 - k
    return _wants_batch(s, j) and s.devices.flap.heading_out == (j == 2)


def _watches() -> list[judges.Watch]:
    out: list[judges.Watch] = [_DoseClock()]
    for k in MIXERS:
        out.append(judges.progress_within(
            f"mixer {k} served",
            lambda s, k=k: _wants_batch(s, k) and _hopper_free(s),
            [judges.Way(f"the flap heading to mixer {k}", _flap_toward(k), by=10.0),
             judges.Way(f"dosing for mixer {k}", _dosed_for(k), by=5.0)],
            SERVE_WITHIN_S,
            excused=lambda s, k=k: _serving_other(s, k) or not (_wants_batch(s, k) and _hopper_free(s)),
            late=lambda t, k=k: (f"mixer {k} was empty and waiting with the hopper free at {t:g} s but "
                                 f"neither the flap went to it nor its dosing began {SERVE_WITHIN_S:g} s "
                                 "later"),
        ))
        out.append(judges.progress_within(
            f"mixer {k} mixing",
            lambda s, k=k: _unmixed_in(s, k),
            [judges.Way(f"mixer {k} mixing at speed", lambda s, k=k: -s.devices.mixers[k].mixed_s, by=0.1)],
            MIXING_WITHIN_S,
            late=lambda t, k=k: (f"mixer {k} held an unmixed batch at {t:g} s but was not mixing at speed "
                                 f"{MIXING_WITHIN_S:g} s later"),
        ))
        out.append(judges.progress_within(
            f"mixer {k} discharged",
            lambda s, k=k: _mixed(s, k),
            [judges.Way(f"mixer {k} discharging", lambda s, k=k: s.devices.mixers[k].total_g(), by=20.0)],
            DISCHARGE_WITHIN_S,
            excused=lambda s, k=k: s.devices.packers[k].value != 1,
            late=lambda t, k=k: (f"mixer {k}'s batch was mixed with its packer ready at {t:g} s but it had "
                                 f"not discharged 20 g {DISCHARGE_WITHIN_S:g} s later"),
        ))
    return out


class _Batches(judges.Judge):
    """Written for this task: a batch is what the hopper's gate let into a mixer (the hopper's
    discharges, each to the mixer the flap stood at), judged when that mixer discharges it (a few
    grams left under a mixer's low-level switch are not the hopper's dose); a batch out of
    tolerance cannot be put right, so it ends the run at once; each mixer's three are counted on
    their own."""

    name = f"{BATCHES} batches mixed and discharged by each mixer, each within +-{TOL_G:g} g of its recipe"

    def __init__(self):
        super().__init__()
        self.good = {k: 0 for k in MIXERS}
        self.seen = 0
        self.delivered: dict[int, dict[str, float]] = {k: {} for k in MIXERS}
        self.logs_seen = -1      # the logs' lengths (they only grow) summed when last looked at

    def update(self, s):
        if self.done:
            return True
        log = s.devices.hopper.discharged
        mixers = s.devices.mixers
        logs = len(log) + len(mixers[1].batches) + len(mixers[2].batches)
        if logs == self.logs_seen and not self.failed:      # nothing discharged since: nothing to judge
            return False
        self.logs_seen = logs
        while self.seen < len(log):
            at = _flap_at(s)
            if at is not None:
                for n, g in log[self.seen][1].items():
                    self.delivered[at][n] = self.delivered[at].get(n, 0.0) + g
            self.seen += 1
        for k in MIXERS:
            batches = _real_batches(s, k)
            if len(batches) > self.good[k]:
                t, contents = batches[-1][0], self.delivered[k]
                if not _in_tolerance(s, k, contents):
                    got = ", ".join(f"{n} {contents.get(n, 0.0):.1f} g (recipe {_target(s, k, n):g})"
                                    for n in DOSERS)
                    self.failed = f"mixer {k}'s batch discharged at {t:.2f} s had been given {got}"
                    return False
                self.delivered[k] = {}
                self.good[k] = len(batches)
        if all(self.good[k] >= BATCHES for k in MIXERS):
            return self._finish(s)
        return False

    def pending(self):
        return "" if self.done else f"{self.name} (mixer 1: {self.good[1]}, mixer 2: {self.good[2]})"


def _at_rest(s) -> bool:
    cell = s.devices
    return (not _pouring(s) and cell.gate.position <= 0.0
            and all(not m.run and not m.discharge and m.read("empty") for m in cell.mixers.values()))


AT_REST = ("every doser valve shut, the gate shut, both mixers stopped with their discharge valves shut "
           "and reporting empty")

COMPLETION = Completion(
    f"{BATCHES} batches discharged by each mixer, each given A, B and C within +-{TOL_G:g} g of that "
    f"mixer's recipe by the hopper; then {AT_REST}, held for {HOLD_S:g} s. Each mixer is judged on "
    f"its own, and a miss of any of these ends the run: a mixer that is empty, its discharge valve "
    f"shut, its order posted and a batch of its {BATCHES} still to come while the hopper is free "
    f"(under 2 g in it, the gate shut, nothing pouring) is served within {SERVE_WITHIN_S:g} s (the "
    f"flap moves 10 mm toward it, or, with the flap at it, 5 g are dosed), unless the flap is set to "
    f"the other mixer and that one is waiting too (its own clock runs); every dose is weighed and let "
    f"out, the hopper free again, within {DOSE_WITHIN_S:g} s of its first 5 g; a mixer holding a "
    f"batch not yet mixed its time (with the gate shut or the flap away from it) is mixing at speed "
    f"within {MIXING_WITHIN_S:g} s; a mixer holding a mixed batch (the one left at power-up counts as "
    f"mixed) with its packer ready discharges 20 g within {DISCHARGE_WITHIN_S:g} s.",
    lambda: MissEndsTheRun(judges.watched(
        judges.in_order(_Batches(), judges.held(AT_REST, _at_rest, HOLD_S)),
        *_watches(), name="two mixers' batches")),
    keep=_at_rest,
    keep_wording=AT_REST + ".",
)


class GateOpensOnlyOntoEmptyMixer(judges.Monitor):
    """S2: the gate leaving its shut position unless the flap stands fully at a mixer reporting
    empty with its discharge valve shut (judged before this scan's step: the gate pours at once)."""

    def __init__(self):
        self.was_shut = True
        self.ok = True
        self.why: tuple = (None, 0.0, True)      # what the message says, as it stood before the step

    def check(self, s):
        cell = s.devices
        shut = cell.gate.position <= 0.0
        opening, self.was_shut = self.was_shut and not shut, shut
        ok, why = self.ok, self.why
        at = _flap_at(s)
        m = cell.mixers.get(at) if at else None
        self.ok = m is not None and m.low_level and not m.discharge
        if not self.ok:
            self.why = (at, m.total_g() if m else 0.0, m.low_level if m else True)
        if opening and not ok:
            at, held, low = why
            return "the gate opened while " + ("the flap was part way over" if at is None else
                                              f"mixer {at} held {held:.0f} g" if not low else
                                              f"mixer {at}'s discharge valve was open")
        return None


class DischargeOnlyMixedIntoReadyPacker(judges.Monitor):
    """S5: a discharge valve opening on a batch not mixed its time, or open while its packer has
    not been ready for more than the grace."""

    def __init__(self):
        self.was = {k: False for k in MIXERS}
        self.blocked_since: dict[int, int | None] = {k: None for k in MIXERS}

    def check(self, s):
        for k in MIXERS:
            m = s.devices.mixers[k]
            opened, self.was[k] = m.discharge and not self.was[k], m.discharge
            if opened and not m.low_level and m.mixed_s < (0.0 if _left_over(m.contents)
                                                             else s.params[MIX_S[k]]) - 1e-9:
                return f"mixer {k} discharged a batch mixed only {m.mixed_s:.2f} s at speed"
            if m.discharge and s.devices.packers[k].value != 1:
                if self.blocked_since[k] is None:
                    self.blocked_since[k] = s.time_ms
                if s.time_ms - self.blocked_since[k] > round(OUTLET_GRACE_S * 1000):
                    return f"mixer {k}'s discharge valve was open while its packer was not ready"
            else:
                self.blocked_since[k] = None
        return None


def _dosing_for_busy(s) -> str | None:
    for d in s.devices.dosers:
        if d.coarse or d.fine:
            break
    else:
        return None
    at = _flap_at(s)
    if at is None:
        return "a doser valve was open with the flap part way over"
    if not _wants_batch(s, at):       # (a mixer stays empty while its batch is weighed: the gate is shut)
        return f"a doser valve was open for mixer {at}, which was not empty and waiting for a batch"
    return None


class FlapMovesOnlyShutAndEmpty(judges.Monitor):
    """S1: the flap's cylinder moving while the gate is not fully shut or the hopper holds 2 g or
    more, judged from its position; material spilt on a flap part way over is the same fault."""

    def __init__(self):
        self.was: float | None = None

    def check(self, s):
        cell = s.devices
        pos, was = cell.flap.position, self.was
        self.was = pos
        if cell.chute.spilled_g > 0.0:
            return f"{cell.chute.spilled_g:.0f} g fell on the flap part way over"
        if was is not None and abs(pos - was) > 1e-9:
            if cell.gate.position > 0.0:
                return "the flap moved with the gate open"
            if cell.hopper.total_g() >= 2.0:
                return f"the flap moved with {cell.hopper.total_g():.0f} g weighed in the hopper"
        return None


SAFETY = [
    SafetyRule(
        "MAT-H08-S1",
        "The flap moves only while the gate is fully shut and the hopper is empty (nothing weighed in "
        "it): a batch goes to the mixer it was weighed for, and nothing falls on a flap part way over.",
        FlapMovesOnlyShutAndEmpty(),
    ),
    SafetyRule("MAT-H08-S2",
               "The gate opens only while the flap stands fully at a mixer that reports empty with its "
               "discharge valve shut.", GateOpensOnlyOntoEmptyMixer()),
    SafetyRule(
        "MAT-H08-S3",
        "The gate is fully shut whenever a doser valve is open or material is still falling from a "
        "doser into the hopper.",
        judges.never(lambda s: s.devices.gate.position > 0.0 and _pouring(s),
                     "the gate was open while material poured into the hopper"),
    ),
    SafetyRule(
        "MAT-H08-S4",
        "A batch is weighed only for a mixer that is waiting for it: a doser valve is open only while the "
        "flap stands fully at a mixer that reports empty, its discharge valve shut, its order posted and "
        f"fewer than {BATCHES} batches given to it (never weigh ahead for a busy mixer).",
        judges.never(lambda s: _dosing_for_busy(s) is not None, lambda s: _dosing_for_busy(s) or ""),
    ),
    SafetyRule(
        "MAT-H08-S5",
        "A mixer's discharge valve opens only on a batch mixed its recipe's mix time at speed (its "
        "mN_running) since the last material came in (a batch left at power-up is mixed), and is open "
        f"only while its packer is ready (shut within {OUTLET_GRACE_S:g} s of it turning not ready).",
        DischargeOnlyMixedIntoReadyPacker(),
    ),
]


def _b(address, name, device, signal, description, direction="input"):
    return IOPoint(address, name, "BOOL", direction, device, signal, description)


IO = [
    _b("%IX0.0", "scale_stable", "scale", "stable", "TRUE once the load has stopped changing and the reading "
       "has settled"),
    _b("%IX0.1", "gate_open", "gate", "extended", "hopper gate fully open"),
    _b("%IX0.2", "gate_shut", "gate", "retracted", "hopper gate fully shut"),
    _b("%IX0.3", "flap_at_1", "flap", "retracted", "chute flap fully over to mixer 1"),
    _b("%IX0.4", "flap_at_2", "flap", "extended", "chute flap fully over to mixer 2"),
    _b("%IX0.5", "m1_running", "mixer_1", "running", "mixer 1 agitator at speed (0.3-1.2 s after m1_run)"),
    _b("%IX0.6", "m1_empty", "mixer_1", "empty", "mixer 1 low-level switch: TRUE = empty"),
    _b("%IX0.7", "m2_running", "mixer_2", "running", "mixer 2 agitator at speed (0.3-1.2 s after m2_run)"),
    _b("%IX1.0", "m2_empty", "mixer_2", "empty", "mixer 2 low-level switch: TRUE = empty"),
    _b("%IX1.1", "packer1_ready", "packer_1", "value", "packer under mixer 1 ready to take a batch"),
    _b("%IX1.2", "packer2_ready", "packer_2", "value", "packer under mixer 2 ready to take a batch"),
    IOPoint("%IW0", "weight", "INT", "input", "scale", "weight",
            "net weight in the hopper (reading minus tare), 0.1 g units; noise about +-0.2 g; the reading "
            "lags the load by the scale's filter", "0.1 g", "-32768..32767"),
]
for _k, _base in ((1, 1), (2, 5)):
    for _n, _name in enumerate(DOSERS):
        IO.append(IOPoint(f"%IW{_base + _n}", f"m{_k}_recipe_{_name.lower()}", "INT", "input",
                          f"m{_k}_recipe_{_name.lower()}", "value",
                          f"mixer {_k}'s recipe: grams of {_name} per batch (0 until its order is posted)",
                          "g", "60..150"))
    IO.append(IOPoint(f"%IW{_base + 3}", f"m{_k}_mix_time", "INT", "input", f"m{_k}_mix", "value",
                      f"mixer {_k}'s recipe: mix time at speed, 0.1 s units (0 until its order is posted)",
                      "0.1 s", "100..200"))
for _n, _name in enumerate(DOSERS):
    IO.append(_b(f"%QX0.{2 * _n}", f"{_name.lower()}_coarse", f"doser_{_name.lower()}", "coarse",
                 f"doser {_name} coarse valve", "output"))
    IO.append(_b(f"%QX0.{2 * _n + 1}", f"{_name.lower()}_fine", f"doser_{_name.lower()}", "fine",
                 f"doser {_name} fine valve", "output"))
IO += [
    _b("%QX0.6", "gate_open_cmd", "gate", "extend",
       "hopper gate valve (single solenoid): TRUE opens, FALSE shuts",
       "output"),
    _b("%QX0.7", "flap_to_2", "flap", "extend", "chute flap valve (single solenoid): TRUE over to mixer 2, "
       "FALSE over to mixer 1", "output"),
    _b("%QX1.0", "m1_run", "mixer_1", "run", "mixer 1 agitator motor", "output"),
    _b("%QX1.1", "m1_discharge", "mixer_1", "discharge", "mixer 1 discharge valve: TRUE open", "output"),
    _b("%QX1.2", "m2_run", "mixer_2", "run", "mixer 2 agitator motor", "output"),
    _b("%QX1.3", "m2_discharge", "mixer_2", "discharge", "mixer 2 discharge valve: TRUE open", "output"),
    _b("%QX1.4", "tare", "scale", "tare", "rising edge: the present reading becomes zero", "output"),
]

SPEC = f"""\
Two mixers share one weigh hopper. Each mixer has its own order from the host: grams of A, B and C
per batch and a mix time (its four recipe words; all four read 0 until its order is posted, which
may be up to 40 s after power-up, and they do not change after that). Each mixer makes {BATCHES}
batches of its own recipe; the two jobs run at the same time and are judged each on its own.

Dosing: the three dosers pour into the hopper, one ingredient at a time, weighed on the scale under
it (weight: net grams x 10 from the last tare; before the first tare it includes the empty hopper,
about 1200 g). Each doser has a coarse valve (40-60 g/s, each doser its own) and a fine valve
(5-8 g/s); after a fine valve shuts 0.3-0.8 g more dribbles out, the last material falls 0.1-0.2 s
from a doser into the hopper, and the reading lags a rising load by up to 0.15 s of flow. Each
ingredient must land within +-{TOL_G:g} g of the recipe of the mixer the batch is for. Shut every
valve and let the scale settle before the gate opens (rule S3).

A batch is weighed only for a mixer that is empty and waiting for it (S4): before the first valve
opens, set the flap fully over to that mixer (flap_to_2; it takes 0.4-1.0 s; the flap moves only
with the gate shut and the hopper empty, S1); never weigh ahead for a mixer still mixing or
discharging. When the batch is weighed and settled, open the gate (only with the flap fully at that
mixer and the mixer empty, S2): the hopper runs empty through the chute into the mixer; then shut
the gate. The hopper is then free for the other mixer: serve whichever mixer is waiting (when both
are, either), never wait for one while the other waits.

Mixing: run the mixer's agitator; only time at speed (mN_running, 0.3-1.2 s after mN_run) with
nothing more coming in counts (what the gate lets out lands in the mixer at once: the last material
comes in as the hopper runs empty, before the weight, lagging, reads it). After its recipe's mix
time open its discharge valve into its packer (S5), but only while that packer reports ready: a
packer may be busy for up to 25 s (its ready input FALSE); if it turns not ready while the valve
is open, shut the valve within
{OUTLET_GRACE_S:g} s and open it again when the packer is ready. Keep the valve open until the mixer
reports empty, then shut it.

At power-up the gate may be open (the hopper is then empty), the flap may be over at either mixer,
and one mixer may still hold a batch mixed before power-up: let it out (it is mixed) as soon as its
packer is ready, before that mixer's first batch. With the gate shut, the hopper may hold a complete
batch weighed before power-up for the mixer the flap stands at (that mixer's order is then posted at
power-up; the weight, before any tare, reads the empty hopper, 1200 g +-1 g, plus the batch): it is
one of that mixer's {BATCHES}; let it into that mixer as soon as the mixer is empty (no tare, no
dosing on top of it, the flap stays where it is until the hopper is empty). After {BATCHES}
batches per mixer stop with every
valve shut, the gate shut and both mixers stopped and empty."""

PLANT = """\
Side view, millimetres. The three dosers hang over the weigh hopper (A left, B middle, C right,
their valves at y = 640); the hopper (a funnel, y = 250..410) stands on the scale, its gate at its
mouth (y = 240); under the gate the chute (y = 60..150) splits left to mixer 1 (x = -330) and right
to mixer 2 (x = 330), its flap turned by the flap cylinder at the right; the mixers (y = -320..-100)
each have an agitator and a discharge valve underneath into their packer. Each mixer's recipe words
and its packer's ready signal are on the right."""

PARAMETERS = [
    ParameterRange("m1_a_g", 60, 150, "g", "mixer 1's recipe grams of A"),
    ParameterRange("m1_b_g", 60, 150, "g", "mixer 1's recipe grams of B"),
    ParameterRange("m1_c_g", 60, 150, "g", "mixer 1's recipe grams of C"),
    ParameterRange("m2_a_g", 60, 150, "g", "mixer 2's recipe grams of A"),
    ParameterRange("m2_b_g", 60, 150, "g", "mixer 2's recipe grams of B"),
    ParameterRange("m2_c_g", 60, 150, "g", "mixer 2's recipe grams of C"),
    ParameterRange("m1_mix_s", 10.0, 20.0, "s", "mixer 1's mix time"),
    ParameterRange("m2_mix_s", 10.0, 20.0, "s", "mixer 2's mix time"),
    ParameterRange("coarse_gs", 40, 60, "g/s", "coarse flow of each doser (each its own)"),
    ParameterRange("fine_gs", 5.0, 8.0, "g/s", "fine flow"),
    ParameterRange("afterflow_g", 0.3, 0.8, "g", "what dribbles out after a fine valve shuts"),
    ParameterRange("fall_s", 0.1, 0.2, "s", "fall time from a doser into the hopper (each doser its own)"),
    ParameterRange("settle_s", 0.3, 1.0, "s", "scale settling time"),
    ParameterRange("gate_s", 0.2, 0.5, "s", "gate stroke time"),
    ParameterRange("flap_s", 0.4, 1.0, "s", "flap stroke time"),
    ParameterRange("mixer_start_s", 0.3, 1.2, "s", "agitator run-up to speed (each mixer its own)"),
    ParameterRange("order_s", 0.0, 40.0, "s", "when a mixer's order is posted (0: at power-up)"),
    ParameterRange("blocked_s", 0.0, 25.0, "s", "how long a packer stays busy (not ready)"),
    ParameterRange("left_g", 100, 450, "g", "a mixed batch left in a mixer at power-up (if any)"),
    ParameterRange("preload", -1.0, 1.0, "g", "a batch in the hopper at power-up (if any): each ingredient "
                   "off its recipe by this much"),
]

_NOMINAL = dict(coarse_gs=(50, 50, 50), fine_gs=6.5, afterflow_g=0.5, fall_s=(0.15, 0.15, 0.15), settle_s=0.5,
                gate_s=0.3, flap_s=0.6, mixer_start_s=(0.6, 0.6))


def _cond(name, seed, description, **p):
    return Condition(name, seed, {**_NOMINAL, **p}, description)


def _recipes(m1, m2, mix):
    out = {f"m1_{n.lower()}_g": g for n, g in zip(DOSERS, m1, strict=True)}
    out.update({f"m2_{n.lower()}_g": g for n, g in zip(DOSERS, m2, strict=True)})
    out.update(m1_mix_s=mix[0], m2_mix_s=mix[1])
    return out


CONDITIONS = [
    _cond("nominal", 181, "middle flows, both orders at power-up, both packers always ready",
          **_recipes((100, 120, 80), (90, 70, 130), (14.0, 16.0))),
    _cond("late_order_2", 182, "mixer 2's order posted at 35 s, the flap at mixer 2 and the gate open "
          "at power-up, slow agitators",
          **_recipes((140, 150, 120), (60, 110, 90), (12.0, 10.0)), order_s={2: 35.0}, flap_at_2=True,
          gate_open=True, mixer_start_s=(1.2, 1.0), coarse_gs=(60, 45, 55), fall_s=(0.2, 0.1, 0.2),
          settle_s=0.9),
    _cond("packer_1_busy", 183, "a batch for mixer 1 in the hopper at power-up; packer 1 busy 25 s as "
          "that batch is mixed, "
          "again 15 s later on",
          **_recipes((80, 60, 150), (150, 130, 100), (10.0, 18.0)),
          blocked=((1, 25.0, 25.0), (1, 95.0, 15.0)), coarse_gs=(40, 60, 50), fine_gs=8.0, afterflow_g=0.8,
          preload=(0.4, -0.6, 0.9)),
    _cond("left_in_2_busy", 184, "mixer 2 holds 400 g mixed at power-up while packer 2 is busy 20 s, "
          "a batch for "
          "mixer 2 waits in the hopper (the flap at mixer 2); mixer 1's order at 5 s",
          **_recipes((120, 90, 60), (100, 100, 100), (20.0, 12.0)), left_in=2, left_g=400,
          blocked=((2, 0.0, 20.0),), order_s={1: 5.0}, fine_gs=5.0, afterflow_g=0.3, fall_s=(0.1, 0.2, 0.1),
          settle_s=1.0, flap_s=1.0, flap_at_2=True, preload=(-1.0, 0.2, 0.7)),
    _cond("busy_mid_discharge", 185, "both packers go busy while their mixers discharge, slow flows",
          **_recipes((150, 150, 150), (150, 140, 150), (16.0, 20.0)),
          blocked=((1, 33.4, 12.0), (2, 78.0, 20.0)), coarse_gs=(40, 40, 42), fine_gs=5.0, settle_s=0.8,
          mixer_start_s=(0.3, 1.2), gate_s=0.5, flap_s=0.4),
]


def _range(name):
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Independent and uniform draws from the published ranges; one time in three one mixer's order
    comes late, one time in four a mixed batch is left in a mixer; up to three packer busy spells,
    each in the first 150 s (wherever it falls: on a batch still mixing, on a discharge under way,
    on an empty mixer); the gate open and the flap at mixer 2 at power-up one time in four each; with
    the gate shut, one time in four a batch for the flap's mixer in the hopper (that mixer's order
    then at power-up)."""
    u = lambda name, nd=1: round(rng.uniform(*_range(name)), nd)  # noqa: E731
    p = dict(
        coarse_gs=tuple(rng.randint(40, 60) for _ in DOSERS), fine_gs=u("fine_gs", 2),
        afterflow_g=u("afterflow_g", 2), fall_s=tuple(u("fall_s", 2) for _ in DOSERS),
        settle_s=u("settle_s", 2), gate_s=u("gate_s", 2), flap_s=u("flap_s", 2),
        mixer_start_s=(u("mixer_start_s", 2), u("mixer_start_s", 2)),
        gate_open=rng.random() < 0.25, flap_at_2=rng.random() < 0.25,
    )
    for k in MIXERS:
        for n in DOSERS:
            p[f"m{k}_{n.lower()}_g"] = rng.randint(60, 150)
        p[f"m{k}_mix_s"] = u(f"m{k}_mix_s")
    if rng.random() < 1 / 3:
        p["order_s"] = {rng.choice(MIXERS): round(rng.uniform(1.0, 40.0), 1)}
    if rng.random() < 0.25:
        p["left_in"], p["left_g"] = rng.choice(MIXERS), rng.randint(100, 450)
    if not p["gate_open"] and rng.random() < 0.25:
        k = 2 if p["flap_at_2"] else 1
        p["preload"] = tuple(u("preload", 2) for _ in DOSERS)
        if p.get("order_s", {}).get(k):      # it was weighed to that mixer's order: posted at power-up
            del p["order_s"]
    p["blocked"] = tuple((rng.choice(MIXERS), round(rng.uniform(0.0, 150.0), 1), u("blocked_s"))
                         for _ in range(rng.randint(0, 3)))
    return dict(params=p, description=f"mixer 1 {p['m1_a_g']}/{p['m1_b_g']}/{p['m1_c_g']} g, mixer 2 "
                f"{p['m2_a_g']}/{p['m2_b_g']}/{p['m2_c_g']} g, {len(p['blocked'])} busy spells"
                + (", a late order" if "order_s" in p else ""), disturbances=[])


TASK = Task(
    id="MAT-H08",
    title="Shared weigh hopper for two mixers",
    suite="MAT",
    level="H",
    summary="Weigh each mixer's recipe in one shared hopper only when that mixer is empty, route it by "
            "the chute flap, mix and discharge into each packer when ready; neither mixer waits on the "
            "other.",
    specification=SPEC,
    io=IO,
    completion=COMPLETION,
    safety_rules=SAFETY,
    parameters=PARAMETERS,
    conditions=CONDITIONS,
    time_limit_s=300.0,
    build_plant=build_plant,
    plant_description=PLANT,
    sampler=sample_condition,
    judged_devices=_Cell,
)
