"""MAT-H12 Carrier loop with recipe routing.

Eight carriers circulate on a loop: a main belt past three spur stations (A-C) and an unloader,
then back to the belt's start along a return leg. Each carrier's RFID tag holds its recipe (the
stations it needs, in order) and how many of those ops are done. At each station a stopper
(sim.devices.carrier_stop.CarrierStop, NEW: a Stopper whose plate cannot rise into a carrier
lying over it) holds the carrier over an RFID head (sim.devices.rfid_reader) and a pop-up
transfer (sim.devices.popup_transfer) that can carry it sideways into the station's spur
(sim.devices.spur_station.SpurStation, NEW: a side lane that takes carriers in, works them one
at a time and merges them back onto the belt into a gap; the unloader and the return leg are
SpurStations too; an RFID head may turn flaky, failing every read in its noise bursts). The
station's own controller writes the carrier's tag as its op ends. Every
carrier is its own job: the program must send each one into the spur of its next op when that
spur has room and its station is in service, pass it on otherwise (it comes round again), and
take finished carriers off at the unloader, while a station goes out of service, carriers sit
in spurs or on a raised transfer at power-up and some carriers' orders come late.

Judged per job: spur and unloader entries are checked carrier by carrier against the recipe
(S2); a carrier standing at a stopper must be off it within HOLD_S (a progress watch per
stopper; a program that waits at a stopper for a full spur, or two jobs waiting on each other,
fails there); S3 fails a program that lets a carrier pass the station of its next op while that
spur has had room (starving that job while the others go on); completion counts distinct
carriers taken off by the unloader. A missed watch, a stopped belt or a broken rule ends the run
(tasks.common.MissEndsTheRun: the verdict is settled then; the test budget).

Changes from the catalog entry, and why:
- Three spur stations and eight carriers (not four and ten): a loop of five stopper stations ran
  at about a third of the closed loop's speed budget (300x real time) and its runs were long
  for the test budget; with three stations, capacity 2 a spur and 1.5-6 s ops the spurs still
  fill and the jobs still queue for them. Recipes go against the loop at most once (two laps).
- The station's controller writes the tag (done count + 1) when its op ends; the program only
  reads. The skill measured is routing and arbitration, not tag writing (MAT-M11 has that).
- The catalog's S3 ("no carrier held > 60 s with its target free") is split in two stated rules
  that judge each job on its own: a carrier is off its stopper within HOLD_S (the carriers behind
  it close up) and a carrier is never passed by the station of its next op while that spur has
  room (S3). A failed station is one out of service (station_ok FALSE) for 10-30 s.
- S1 (spur within capacity, the catalog's trap: entering a full spur) is judged when a transfer
  starts lifting: with the spur full or its station out, lifting is wrong whatever the carrier.
- The stoppers report fully up (stopup_X): the 200-sample sweep found the reference reading a
  carrier that ran through over a stopper held down by the one before, lifting under nothing and
  then waiting with the next carrier standing on its raised transfer (2 of 200); a program reads
  and routes only a carrier standing at a raised stopper.
- Late orders (word 0 until the host writes the order, 5-40 s after power-up) were added after
  the blind-written program passed every condition: it takes a carrier with no recipe digits
  left for a finished one and unloads it (S2); it now fails 4 of 5 (kept).
- Flaky RFID heads (sim.devices.rfid_reader `noise`: a run of 1-12 noise bursts of 0.5-2.5 s,
  0.3-1.5 s apart, at one or two heads, from power-up or any time; every read overlapping a burst
  fails) were added after a second blind-written program (counterexamples/blind_written_2.st)
  passed every registered and 20 sampled conditions: the plain flow never pushed a carrier toward
  the 3 s hold (one failed read at most). A flaky head is a real field fault (a loose antenna
  lead, a drive switching nearby) and the recovery has to keep the hold limit of the job at that
  stopper while the other stations go on: retrying for ever holds a carrier through a burst
  (retry_forever.st, the old reference: slow_everything, raised_at_power_up), and a good read
  that comes late can no longer be followed by a lift (0.9 s at most) and the chains within 3 s
  (the blind program lifts a carrier read good 2.15 s after it stood: slow_everything). S3 now
  spares a carrier that has stood 1 s with its reads failing and none good in that second (the
  program could not know its next op); giving up at the first failed read is still S3
  (early_give_up.st). Registered: head C flaky through slow_everything's first laps (0.9 s lift),
  head B from power-up in raised_at_power_up, heads A and U in nominal and late_outage; sampled:
  0-2 flaky heads (none about one time in four).

Cheap programs tried from the prompt and the judges (kept in counterexamples/, tuned/): fixed
stopper cycles (blind.st) and worst-case waits passing every carrier within the hold time
(token_blind.st) trip S3 at once; ignoring full_X (MAT-H12-S1.st, the catalog's trap),
ignoring the recipe order (MAT-H12-S2.st), starving station B (MAT-H12-S3.st); the registered
outages played back by recognising the read time instead of reading ok_X
(tuned/lookup_table.st) passes the registered conditions and breaks S1 in sampled ones.
None earned 1.
"""

from __future__ import annotations

import random
from bisect import bisect_right

from sim import judges
from sim.devices.carrier_stop import CarrierStop
from sim.devices.conveyor import Conveyor
from sim.devices.popup_transfer import PopUpTransfer
from sim.devices.rfid_reader import RFIDReader
from sim.devices.spur_station import SpurStation
from sim.devices.workpiece import Workpiece, material_flow
from sim.plant import Plant
from sim.task import Completion, Condition, Disturbance, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

CARRIERS = 8
BELT_LEN, BELT_W = 2500.0, 100.0
STATIONS = ("A", "B", "C")
HOLD = (450.0, 1000.0, 1550.0, 2100.0)             # a held carrier's centre at A, B, C, unloader
NAMES = (*STATIONS, "U")
STOP_OFF = 56.0                                     # stopper plate line past a held carrier's centre
EXIT_OFF = 260.0                                    # a spur merges its carriers back this far on
CAPACITY = 2                                        # carriers a spur holds (the one worked included)
HOLD_S = 3.0                                        # a carrier is off its stopper within this
BELT_BY_S = 1.0                                     # the belt runs from then on
ROOM_S = 0.5                                        # S3: the spur had room this long before the pass
RETRY_S = 1.0                                       # S3 spares a carrier with no good read this long
NOISE_LEN = (0.5, 2.5)                              # a flaky head's noise bursts: each this long,
NOISE_GAP = (0.3, 1.5)                              # this far apart,
NOISE_RUN = (1, 12)                                 # this many in a row
ZONE_MM = 25.0                                      # "at the stopper": centre this close to its place
CHAIN_SPEED = 250.0
RETURN_CLEAR = 450.0                                # the return leg puts a carrier on only this clear
CARRIER = dict(part_kind="carrier", colour="blue", material="metal", width=80.0, length=100.0)
DONE_UNIT = 1000


def recipe_ops(recipe: int) -> list[int]:
    """The stations (1 = A .. 3 = C) of a recipe word, in order: 3 -> [3], 231 -> [2, 3, 1]."""
    return [int(ch) for ch in str(recipe)] if recipe else []


def next_op(word: int) -> int:
    """The station number of a tag word's next op, 0 once every op is done (or with no order)."""
    done, ops = divmod(word, DONE_UNIT)
    seq = recipe_ops(ops)
    return seq[done] if done < len(seq) else 0


def finished(word: int) -> bool:
    """Every op of the carrier's recipe done (a carrier with no order yet, word 0, is not)."""
    done, ops = divmod(word, DONE_UNIT)
    return ops > 0 and done >= len(recipe_ops(ops))


def _cname(i: int) -> str:
    return f"C{i + 1:02d}"


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    gaps = []
    for h in HOLD:
        gaps.append(("left", h - 70, h + 70))
        gaps.append(("right", h + STOP_OFF - 22, h + STOP_OFF + 22))
    belt = plant.add(Conveyor("belt", BELT_LEN / 2, 0.0, length=BELT_LEN, width=BELT_W, speed=p["belt_speed"],
                              max_speed=p["belt_speed"], ramp_s=0.1, guide_gaps=tuple(gaps)))
    words = {_cname(i): p["done"][i] * DONE_UNIT + p["recipes"][i] for i in range(CARRIERS)}
    for i, _ in p.get("late", ()):
        words[_cname(i)] = 0            # no order yet: the host writes it later (_write_order)
    heads: list[RFIDReader] = []

    def on_done(name: str) -> None:
        words[name] += DONE_UNIT
        for head in heads:
            if name in head.tags:
                head.tags[name] = words[name]

    fails = p["read_fails"]
    noise = p.get("noise", ())
    raised = p.get("raised", -1)
    for k, (st, h) in enumerate(zip(NAMES, HOLD, strict=True)):
        plant.add(CarrierStop.beside(belt, f"stop_{st}", h + STOP_OFF, start_extended=True))
        heads.append(plant.add(RFIDReader(f"rfid_{st}", belt, h, read_s=p["read_s"], write_s=0.1, side=-1.0,
                                          tag_of=lambda part: words[part.name],
                                          read_fails=lambda part: fails[int(part.name[1:]) - 1],
                                          noise=tuple((a, d) for j, a, d in noise if j == k),
                                          label=f"RFID {st}")))
        plant.add(PopUpTransfer.on(belt, f"xfer_{st}", h, length=110.0, side="left", lift_s=p["lift_s"],
                                   chain_speed=CHAIN_SPEED, start_up=(k == raised), log_run_on=False))
        x0, _ = belt.point(h - 60)
        x1, _ = belt.point(h + 60)
        intake = (x0, BELT_W / 2 - 2, x1, BELT_W / 2 + 200)
        queued = tuple(dict(CARRIER, name=_cname(i)) for i, at in p.get("in_spur", ()) if at == k)
        if st == "U":
            plant.add(SpurStation("unloader", intake=intake, lane=(h, 60.0, h, 420.0), capacity=1,
                                  work_s=p["unload_s"], queued=queued, worked_s=p.get("worked_s", 0.0),
                                  label="unloader"))
        else:
            outs = tuple((a, d) for j, a, d in p.get("outs", ()) if j == k)
            plant.add(SpurStation(f"spur_{st}", intake=intake, lane=(h, 60.0, h, 420.0),
                                  capacity=CAPACITY, work_s=p["op_s"][k], exit_at=belt.point(h + EXIT_OFF),
                                  clearance_mm=120.0, out=outs, queued=queued,
                                  worked_s=p.get("worked_s", 0.0),
                                  on_done=on_done, label=f"station {st}"))
    placed = {i for i, _ in p.get("in_spur", ())}
    for i, x in p.get("on_belt", ()):
        plant.add(Workpiece(_cname(i), *belt.point(x), **CARRIER))
        placed.add(i)
    # the rest ride the return leg, the first nearly round, the others one after another
    ret = [i for i in range(CARRIERS) if i not in placed]
    queued_ret = tuple(dict(CARRIER, name=_cname(i)) for i in ret)
    ret_dev = plant.add(SpurStation("return", intake=(BELT_LEN - 60, -150, BELT_LEN + 300, 150),
                                    lane=(BELT_LEN + 80, -380.0, 0.0, -380.0), work_s=p["return_s"],
                                    parallel=True, exit_at=belt.point(60.0), clearance_mm=RETURN_CLEAR,
                                    queued=queued_ret, label="return leg"))
    for n, item in enumerate(ret_dev.held):      # spread along the return leg
        item[2] = p["return_s"] * (0.2 + 0.6 * n / max(1, len(ret_dev.held)))
    plant.words = words      # type: ignore[attr-defined]   # the tags' words now, for the judges
    plant.heads = heads      # type: ignore[attr-defined]
    return plant


def _write_order(plant: Plant, name: str, word: int) -> None:
    """The line's host writes a late order to a carrier's tag (wherever the carrier is)."""
    plant.words[name] = word                # type: ignore[attr-defined]
    for head in plant.heads:                # type: ignore[attr-defined]
        if name in head.tags:
            head.tags[name] = word


def _orders(params: dict) -> tuple[Disturbance, ...]:
    out = []
    for i, t in params.get("late", ()):
        name, word = _cname(i), params["done"][i] * DONE_UNIT + params["recipes"][i]
        out.append(Disturbance(t, f"{name}'s order ({word}) written to its tag",
                               lambda plant, name=name, word=word: _write_order(plant, name, word)))
    return tuple(out)


# --- judges ---------------------------------------------------------------------------------

_ACROSS = BELT_W / 2 + 5
# "at the stopper" as bounds: abs(x - h) <= ZONE_MM, x - h being exact near h (h/2 <= x <= 2h);
# the zones lie apart, in order along the belt
_ZONE_LO = tuple(h - ZONE_MM for h in HOLD)
_ZONE_HI = tuple(h + ZONE_MM for h in HOLD)
assert all(hi < lo for hi, lo in zip(_ZONE_HI[:-1], _ZONE_LO[1:], strict=True))


class _Loop:
    """The devices the judges read and the tags' words (the plant's `words`)."""

    def __init__(self, plant: Plant):
        self.belt = plant.device("belt", Conveyor)
        self.stop = [plant.device(f"stop_{st}", CarrierStop) for st in NAMES]
        self.xfer = [plant.device(f"xfer_{st}", PopUpTransfer) for st in NAMES]
        self.spur = [plant.device(f"spur_{st}", SpurStation) for st in STATIONS]
        self.unloader = plant.device("unloader", SpurStation)
        self.flow = material_flow(plant)
        self.heads = [plant.device(f"rfid_{st}", RFIDReader) for st in NAMES]
        self.plant = plant
        self.words: dict[str, int] = plant.words      # type: ignore[attr-defined]
        self.start = self.belt.x - self.belt.half_length
        self.sinks = [*self.spur, self.unloader]         # by station number k, the unloader last
        # (k, transfer, sink) by station, bound once for the monitors
        self.stations = tuple(zip(range(len(NAMES)), self.xfer, self.sinks, strict=True))
        self._scan, self._at = -1, [None] * len(NAMES)
        self._left, self._unloaded = -1, []
        self.broken: str | None = None      # the first rule broken (for _RulesKept)

    def note(self, msg: str | None) -> str | None:
        if msg and self.broken is None:
            self.broken = msg
        return msg

    def sink(self, k: int) -> SpurStation:
        return self.sinks[k]

    def room(self, k: int) -> bool:
        sp = self.sinks[k]
        return not sp.full and sp.ok

    def at_stops(self, s) -> list[Workpiece | None]:
        """The carrier standing at each stopper (centre within ZONE_MM of its place; the last in
        the parts' order where two are), found for all of them in one pass over the parts once
        a scan."""
        if s.scan != self._scan:
            self._scan = s.scan
            at: list[Workpiece | None] = [None] * len(NAMES)
            start = self.start
            tick = self.plant.tick
            for part in self.flow.parts:
                x, y = part._xy if part._xy_tick == tick else part.xy()   # xy(), its cache in line
                if -_ACROSS <= y <= _ACROSS:       # abs(y) <= BELT_W / 2 + 5
                    x -= start
                    n = bisect_right(_ZONE_LO, x) - 1   # the one zone that may hold x
                    if n >= 0 and x <= _ZONE_HI[n]:
                        at[n] = part
            self._at = at
        return self._at

    def at_stop(self, s, k: int) -> Workpiece | None:
        """The carrier standing at station k's stopper (at_stops)."""
        return self.at_stops(s)[k]


class _Hold:
    """Per stopper: which carrier stands there, for the hold watch's Way."""

    def __init__(self, k: int):
        self.k, self.name = k, None
        self._scan, self._name, self._distance = -1, None, 0.0

    def cause(self, s) -> bool:
        part = s.devices.at_stop(s, self.k)
        if part is not None:
            self.name = part.name
        return part is not None

    def distance(self, s) -> float:
        # the watch asks twice a scan (its distance, then `until`): worked out once per scan and name
        if s.scan == self._scan and self.name == self._name:
            return self._distance
        self._scan, self._name = s.scan, self.name
        d = self._distance = self._look(s)
        return d

    def _look(self, s) -> float:
        c = s.devices
        for part in c.flow.parts:
            if part.name == self.name:
                x, y = part.xy()
                return max(0.0, ZONE_MM + 5.0 - max(abs(x - c.start - HOLD[self.k]), abs(y)))
        return 0.0      # gone into a spur


def _hold_watch(k: int) -> judges.Watch:
    h = _Hold(k)
    return judges.progress_within(
        f"the carrier at stopper {NAMES[k]} off it", h.cause,
        [judges.Way(f"the carrier leaving stopper {NAMES[k]}", h.distance, by=ZONE_MM,
                    until=lambda s: h.distance(s) <= 0.0, arrive_s=lambda s: HOLD_S + 1.0)],
        HOLD_S,
        late=lambda t: (f"a carrier stood at stopper {NAMES[k]} from {t:g} s and was not off it "
                        f"{HOLD_S:g} s later (diverted or passed on)"))


class _HoldWatches(judges.Watch):
    """The stoppers' hold watches (_hold_watch), checked in stopper order, the first miss
    reported (as `watched` does with each). A watch with no episode running and no carrier at
    its stopper would only note its cause false: that is done here without the check (most
    scans for most stoppers)."""

    def __init__(self):
        self.watches = [_hold_watch(k) for k in range(len(NAMES))]

    def bind(self, plant) -> None:
        for w in self.watches:
            w.bind(plant)

    def check(self, s):
        at = s.devices.at_stops(s)
        for w, part in zip(self.watches, at, strict=True):
            if part is None and w.since_ms is None:
                w.was_cause = False
                continue
            msg = w.check(s)
            if msg:
                return msg
        return None


class SpurRoom(judges.Monitor):
    """S1: a transfer starts lifting only while its spur has room and its station is in service
    (out of service for more than one scan: the scan the program decided on may be the last
    before the station went out)."""

    def __init__(self):
        self.was_down = [True] * len(NAMES)
        self.out_since: list[int | None] = [None] * len(NAMES)

    def check(self, s):
        c = s.devices
        now = s.time_ms
        out_since, was_down = self.out_since, self.was_down
        msg = None
        for k, xf, sp in c.stations:
            if sp.ok:
                out_since[k] = None
            elif out_since[k] is None:
                out_since[k] = now
            down = xf.height <= 0.0
            if was_down[k] and not down and now > 0:
                if sp.full:
                    msg = msg or f"transfer {NAMES[k]} lifted with its {sp.label} full ({sp.count} carriers)"
                elif out_since[k] is not None and now - out_since[k] > 20:
                    msg = msg or f"transfer {NAMES[k]} lifted with {sp.label} out of service"
            was_down[k] = down
        return None if msg is None else c.note(msg)      # note() has nothing to keep without one


class RightSpur(judges.Monitor):
    """S2: every carrier entering a spur needs that station as its next op (recipe order, not a
    station it has had or does not need); every carrier entering the unloader has every op done."""

    def __init__(self):
        self.seen = [0] * len(NAMES)
        self.failed: str | None = None

    def check(self, s):
        c = s.devices
        msg = None
        for k, sp in enumerate(c.sinks):
            if len(sp.entered) == self.seen[k]:
                continue                            # nobody new in it (most scans)
            new = sp.entered[self.seen[k]:]
            self.seen[k] = len(sp.entered)
            for _, name, _, _ in new:
                word = c.words[name]
                if k == len(STATIONS):
                    if not finished(word):
                        msg = msg or (f"{name} unloaded with no order yet (tag 0)" if word == 0 else
                                      f"{name} unloaded with its recipe not done (tag {word})")
                elif next_op(word) != k + 1:
                    nxt = next_op(word)
                    what = ("no order yet" if word == 0 else "every op done" if nxt == 0
                            else f"its next op at {STATIONS[nxt - 1]}")
                    msg = msg or f"{name} went into spur {STATIONS[k]} with {what} (tag {word})"
        return None if msg is None else c.note(msg)      # note() has nothing to keep without one


_STOP_OUT = tuple(f"stop_{st}" for st in NAMES)      # the stoppers' output points, by station


class NoPassingWithRoom(judges.Monitor):
    """S3: a carrier at a stopper (centre within ZONE_MM of its place) while the stopper is
    commanded down (stop_X FALSE: the program lets it pass, or never raised the stopper) whose
    next op is that station (or that is finished, at the unloader), while that spur has had room
    for ROOM_S. Judged once per carrier and stopper visit. A stopper pressed down by a carrier
    that had closed up (commanded up) lets nobody pass: the plant did. Spared: a carrier that has
    stood there RETRY_S or longer with a failed read of it at this head and no good one in its
    first RETRY_S (the head in a noise burst: the program could not know its next op in time)."""

    def __init__(self):
        self.room_since: list[int | None] = [None] * len(NAMES)
        self.visit: list[str | None] = [None] * len(NAMES)
        self.came: list[tuple[str, int] | None] = [None] * len(NAMES)   # (carrier, since ms)

    def _unread(self, c, k: int, name: str, now: int) -> bool:
        """The carrier at stopper k (there since came[k]) has stood RETRY_S without a good read in
        that time and with a failed one (reads ending from just before it came, to now)."""
        since = self.came[k][1]
        retry = round(RETRY_S * 1000)
        if now - since < retry:
            return False
        failed = False
        for t, what, who, ok, _ in reversed(c.heads[k].ops):
            t_ms = round(t * 1000)
            if t_ms < since - 500:
                break
            if what != "read" or who != name:
                continue
            if ok and t_ms <= since + retry:
                return False
            failed = failed or not ok
        return failed

    def check(self, s):
        c = s.devices
        now = s.time_ms
        room_since, visit = self.room_since, self.visit
        at = c.at_stops(s)
        msg = None
        for k, _, sp in c.stations:
            if not sp.full and sp.ok:               # c.room(k)
                if room_since[k] is None:
                    room_since[k] = now
            else:
                room_since[k] = None
            part = at[k]
            if part is None:
                visit[k] = self.came[k] = None
                continue
            came = self.came[k]
            if came is None or came[0] != part.name:
                self.came[k] = (part.name, now)
            if visit[k] == part.name or s.io[_STOP_OUT[k]]:
                continue
            visit[k] = part.name                     # judged: this visit's pass
            since = room_since[k]
            if since is None or s.time_ms - since < round(ROOM_S * 1000):
                continue
            word = c.words[part.name]
            nxt = next_op(word)
            if ((k == len(STATIONS) and finished(word)) or (k < len(STATIONS) and nxt == k + 1)) and \
                    self._unread(c, k, part.name, now):
                continue                              # its reads failed (noise): spared
            if k == len(STATIONS) and finished(word):
                msg = msg or f"{part.name}, finished, let pass the unloader while it had room"
            elif k < len(STATIONS) and nxt == k + 1:
                msg = msg or (f"{part.name} let pass station {STATIONS[k]}, its next op, while spur "
                              f"{STATIONS[k]} had room and was in service")
        return None if msg is None else c.note(msg)      # note() has nothing to keep without one


def _unloaded(s) -> list[str]:
    """Carriers the unloader has taken off the line (those in it at power-up too); made again
    only when one more has left it."""
    c = s.devices
    left = c.unloader.left
    if len(left) != c._left:
        c._left, c._unloaded = len(left), [name for _, name in left]
    return c._unloaded


def _at_rest(s) -> bool:
    c = s.devices
    return (all(st.position >= st.stroke for st in c.stop) and all(xf.height <= 0.0 for xf in c.xfer))


AT_REST = "every stopper up and every transfer down"


class _RulesKept(judges.Watch):
    """Ends the run on the scan after the first broken rule (MAT-H12-S1..S3 note it on the judged
    devices, _Loop.broken): one violation fails the condition anyway, so a program that breaks a
    rule early costs no more plant time (the test-suite budget)."""

    def check(self, s):
        broken = s.devices.broken
        return f"a rule was broken: {broken}" if broken else None


class _BeltRuns(judges.Watch):
    """The main belt commanded to run from BELT_BY_S after power-up on (a stopped loop holds every
    job: a program that never starts it, or stops it, fails there)."""

    def check(self, s):
        if s.time_s >= BELT_BY_S and not s.io["belt_run"]:
            return f"the main belt was not running at {s.time_s:g} s"
        return None


def _completion():
    inner = judges.in_order(
        judges.distinct(f"{CARRIERS} carriers unloaded", _unloaded, CARRIERS),
        judges.held(AT_REST, _at_rest, 1.0), name=f"{CARRIERS} carriers done and unloaded")
    return MissEndsTheRun(judges.watched(inner, _BeltRuns(), _RulesKept(),
                                         _HoldWatches(), name=inner.name))


COMPLETION = Completion(
    f"All {CARRIERS} carriers unloaded (each counts once, with every op of its recipe done); then "
    f"{AT_REST}, held for 1 s. Throughout, the main belt runs (from {BELT_BY_S:g} s after power-up) and "
    f"every carrier that comes to stand at a stopper is off it (carried into the spur or moved on past "
    f"the stopper) within {HOLD_S:g} s: a miss, or a broken safety rule, ends the run.",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-H12-S1", f"A transfer starts lifting only while its spur has room (spur_full FALSE: "
               f"a spur holds {CAPACITY} carriers, the unloader 1) and, at A-C, its station is in service "
               "(station_ok TRUE).", SpurRoom()),
    SafetyRule("MAT-H12-S2", "A carrier goes into a spur only for its next op (the recipe's order: not a "
               "station it has had, does not need, or whose turn has not come), and into the unloader "
               "only with every op of its recipe done.", RightSpur()),
    SafetyRule("MAT-H12-S3", "A carrier at the stopper of its next op's station is not let "
               f"pass (stop_X FALSE with it there) while that spur has had room and its station has been in "
               f"service for {ROOM_S:g} s; nor a finished carrier at the unloader while the unloader has "
               f"had room for {ROOM_S:g} s. Spared: a carrier that has stood at the stopper {RETRY_S:g} s or "
               f"more, with its reads there failing and none good in its first {RETRY_S:g} s.",
               NoPassingWithRoom()),
]


# --- I/O ------------------------------------------------------------------------------------

def _station_io(k: int, st: str) -> list[IOPoint]:
    sink = "unloader" if st == "U" else f"spur_{st}"
    where = "the unloader" if st == "U" else f"station {st}"
    pts = [
        IOPoint(f"%IX{k}.0", f"tag_{st}", "BOOL", "input", f"rfid_{st}", "tag_present",
                f"RFID head {st} (at {where}'s stopper): TRUE while a carrier's tag is in its field"),
        IOPoint(f"%IX{k}.1", f"busy_{st}", "BOOL", "input", f"rfid_{st}", "busy",
                f"RFID head {st}: TRUE while a read runs"),
        IOPoint(f"%IX{k}.2", f"done_{st}", "BOOL", "input", f"rfid_{st}", "done",
                f"RFID head {st}: TRUE once the last read finished good (word on data_{st}), until the "
                "next read starts"),
        IOPoint(f"%IX{k}.3", f"error_{st}", "BOOL", "input", f"rfid_{st}", "error",
                f"RFID head {st}: TRUE once the last read failed, until the next read starts"),
        IOPoint(f"%IX{k}.4", f"up_{st}", "BOOL", "input", f"xfer_{st}", "up", f"transfer {st} fully up"),
        IOPoint(f"%IX{k}.5", f"down_{st}", "BOOL", "input", f"xfer_{st}", "down",
                f"transfer {st} fully down"),
        IOPoint(f"%IX{k}.7", f"stopup_{st}", "BOOL", "input", f"stop_{st}", "extended",
                f"stopper {st} fully up (FALSE while it is down, on its way, or held down under a carrier "
                "lying over it)"),
        IOPoint(f"%IX{k}.6", f"full_{st}", "BOOL", "input", sink, "full",
                ("the unloader is busy (holds 1 carrier)" if st == "U"
                 else f"spur {st} holds {CAPACITY} carriers") + ": TRUE = no room"),
        IOPoint(f"%IW{k}", f"data_{st}", "INT", "input", f"rfid_{st}", "data",
                f"RFID head {st}: the word the last good read found (0 after an error)", "", "0..3999"),
        IOPoint(f"%QX{k}.0", f"stop_{st}", "BOOL", "output", f"stop_{st}", "extend",
                f"stopper {st} valve (single solenoid): TRUE holds it up across the belt, FALSE lowers it"),
        IOPoint(f"%QX{k}.1", f"lift_{st}", "BOOL", "output", f"xfer_{st}", "lift",
                f"transfer {st}: TRUE lifts it (its chains take the carrier standing on it off the belt), "
                "FALSE lowers it"),
        IOPoint(f"%QX{k}.2", f"chain_{st}", "BOOL", "output", f"xfer_{st}", "chain",
                f"transfer {st}: TRUE runs its chains toward {'the unloader' if st == 'U' else f'spur {st}'} "
                "(only while fully up)"),
        IOPoint(f"%QX{k}.3", f"read_{st}", "BOOL", "output", f"rfid_{st}", "read",
                f"RFID head {st}: a rising edge starts a read (ignored while busy_{st})"),
    ]
    if st != "U":
        pts.insert(8, IOPoint(f"%IX{len(NAMES)}.{k}", f"ok_{st}", "BOOL", "input", f"spur_{st}", "ok",
                              f"station {st} in service (FALSE while it is out: it works nothing)"))
    return pts


IO = [pt for k, st in enumerate(NAMES) for pt in _station_io(k, st)] + [
    IOPoint(f"%QX{len(NAMES)}.0", "belt_run", "BOOL", "output", "belt", "run", "TRUE runs the main belt"),
]

_RUN, _LEN, _GAP = (f"{a:g} to {b:g}" for a, b in (NOISE_RUN, NOISE_LEN, NOISE_GAP))

SPEC = f"""\
Eight carriers circulate on a loop: a main belt ({BELT_LEN:.0f} mm, run by belt_run) carries them
past three stations A, B, C and then the unloader U, in that order; from the belt's end a return
leg (always running, 2 to 6 s) brings each carrier back onto the belt's start as soon as there is
room there. At each of A, B, C and U a stopper (stop_X TRUE holds it up) stops the carrier over an
RFID head and a pop-up transfer. Lifting the transfer (lift_X, up_X once fully up, lift time 0.3
to 0.9 s) takes the carrier off the belt; its chains (chain_X, only with the transfer fully up)
then carry it sideways into the station's spur (or the unloader) within about 0.4 s; lower the
transfer (down_X) once the carrier has left it (tag_X FALSE). Lowering the stopper (stop_X FALSE)
lets the carrier go on; raise it again (stop_X TRUE) once the carrier has left the head's field
(tag_X FALSE). A stopper rises from under the belt: while a carrier lies over it (one that had
closed up on the one before, or one coming over it on its way up) it stays or goes down under
that carrier and comes up behind it, so that carrier goes on unread (it comes round again):
stopup_X is TRUE only with the stopper fully up, so a carrier whose tag is in the field stands
at the stopper only while stopup_X is TRUE; read and route only such a carrier.

Each carrier's tag holds one word: done * {DONE_UNIT} + recipe. The recipe's decimal digits are
the stations it needs, in order (1 = A, 2 = B, 3 = C; e.g. 3 = C only, 231 = B, then C, then A),
1 to 3 different stations; done (0..3) is how many of them are done already, so the next op is
the recipe's digit number done + 1 from the left, and the carrier is finished when done equals
the number of digits. A carrier may have no order yet: its word is 0 until the line's host
writes its order to the tag (at some time 5 to 40 s after power-up, wherever the carrier is
then); such a carrier is not finished: let it pass every station and the unloader. Read the tag
at each stopper (rising edge on read_X; busy_X for 0.05 to 0.3 s, then done_X with the word on
data_X, or error_X: a read may fail, read again). A head may also turn flaky for a while (a
loose antenna lead; one or two heads a run, from power-up or from any time): it is then hit by
a run of {_RUN} bursts of electrical noise, each {_LEN} s long and {_GAP} s
after the one before, and every read that overlaps a burst fails (error_X); nothing else shows
it. Keep reading again while the carrier stands there, but the {HOLD_S:g} s hold limit still
counts (the transfer must still lift, or one that is up go down, before the carrier can leave):
a carrier whose reads have failed for {RETRY_S:g} s since it came to stand may be let pass unread
(it comes round again; S3 spares it), and once it can no longer be taken off in time it must
be. A station's own controller writes the tag (done + 1) when its op ends; the program never
writes tags.

Route each carrier: at the station of its next op, send it into that spur if the spur has room
(full_X FALSE) and the station is in service (ok_X TRUE); otherwise let it pass (it comes round
again). Let it pass every other station. At the unloader take every finished carrier off if the
unloader has room (full_U FALSE: it is busy 1.5 to 5 s with each carrier); otherwise let it go
round. A spur holds {CAPACITY} carriers (the one being worked included): its station works them
one at a time ({', '.join(STATIONS)}: 1.5 to 6 s an op, each station its own time) and puts each
worked carrier back onto the main belt {EXIT_OFF:.0f} mm past its stopper, into a gap. A station
may go out of service (ok_X FALSE) for 10 to 30 s, at power-up or at any time: it works nothing
then and its spur keeps its carriers. Never hold a carrier at a stopper to wait: it must be off
the stopper (into the spur or on past it) within {HOLD_S:g} s of coming to stand there, or the
carriers behind close up on it.

Keep the belt running (from {BELT_BY_S:g} s after power-up on). At power-up the belt stands;
carriers may stand at any stopper or lie anywhere on the belt, or sit in a spur (in work); some
are half done (done > 0); a transfer may be up with a carrier on it; the other stoppers are up,
the other transfers down. When all eight are unloaded, keep every stopper up and every transfer
down."""

PARAMETERS = [
    ParameterRange("belt_speed", 180, 300, "mm/s", "main belt speed"),
    ParameterRange("read_s", 0.05, 0.3, "s", "RFID read time"),
    ParameterRange("lift_s", 0.3, 0.9, "s", "transfer lift time, each way"),
    ParameterRange("op_s", 1.5, 6.0, "s", "a station's op time (each station its own)"),
    ParameterRange("unload_s", 1.5, 5.0, "s", "the unloader's time per carrier"),
    ParameterRange("return_s", 2.0, 6.0, "s", "the return leg's travel"),
    ParameterRange("out_s", 10.0, 30.0, "s", "how long a station stays out of service", keys=("out_len",)),
    ParameterRange("out_at_s", 0.0, 40.0, "s", "when a station goes out of service", keys=("out_at",)),
    ParameterRange("order_at_s", 5.0, 40.0, "s", "when a late order is written to a carrier's tag",
                   keys=("late_at",)),
    ParameterRange("read_fails", 0, 1, "reads", "failed reads of a carrier at each head before it reads"),
    ParameterRange("noise_s", *NOISE_LEN, "s", "how long a flaky RFID head's noise burst lasts",
                   keys=("noise_len",)),
    ParameterRange("noise_gap_s", *NOISE_GAP, "s", "a flaky head's quiet time between two bursts",
                   keys=("noise_gap",)),
    ParameterRange("noise_from_s", 0.0, 60.0, "s", "when a head turns flaky (its first burst)",
                   keys=("noise_from",)),
    ParameterRange("noise_bursts", *NOISE_RUN, "bursts", "bursts in a flaky head's run", keys=("noise_run",)),
    ParameterRange("ops", 1, 3, "stations", "ops in a carrier's recipe", keys=("n_ops",)),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def flaky(rng: random.Random, k: int, start: float, bursts: int) -> list[tuple[int, float, float]]:
    """A run of `bursts` noise bursts at head k from `start` (lengths and gaps drawn from their
    published ranges): [(k, at, length), ...]."""
    out, at = [], start
    for _ in range(bursts):
        length = round(rng.uniform(*NOISE_LEN), 2)
        out.append((k, at, length))
        at = round(at + length + round(rng.uniform(*NOISE_GAP), 2), 2)
    return out


def _carriers(rng: random.Random) -> dict:
    """Recipes of 1-3 different stations in any order but at most one step against the loop (so a
    carrier needs two laps at most: the run's length, the test budget), at least two carriers
    whose order goes against the loop (a second lap), a done count below the recipe's length
    (about one in four half done), a failed first read at each head for about one in five."""
    recipes, done = [], []
    for i in range(CARRIERS):
        n = rng.choice((1, 2, 2, 3, 3)) if i > 1 else 2 + (i % 2)
        while True:
            seq = rng.sample(range(1, 4), n)
            back = sum(seq[j] < seq[j - 1] for j in range(1, n))
            if back <= 1 and (i > 1 or back):
                break
        recipes.append(int("".join(map(str, seq))))
        done.append(rng.randint(1, n - 1) if n > 1 and rng.random() < 0.25 else 0)
    return dict(recipes=recipes, done=done, n_ops=[len(str(r)) for r in recipes],
                read_fails=[1 if rng.random() < 0.2 else 0 for _ in range(CARRIERS)])


def _finish(params: dict) -> dict:
    params["late_at"] = [t for _, t in params.get("late", ())]
    params["out_at"] = [a for _, a, _ in params.get("outs", ())]
    params["out_len"] = [d for _, _, d in params.get("outs", ())]
    runs = params.pop("flaky", ())
    noise = [burst for run in runs for burst in run]
    params["noise"] = noise
    params["noise_from"] = [run[0][1] for run in runs]
    params["noise_run"] = [len(run) for run in runs]
    params["noise_len"] = [d for _, _, d in noise]
    params["noise_gap"] = [round(b[1] - a[1] - a[2], 3) for run in runs
                           for a, b in zip(run, run[1:], strict=False)]
    return params


def _in_spur_ok(params: dict, in_spur) -> list:
    """Carriers placed in a spur need that station next: their recipe and done count are set so."""
    for i, k in in_spur:
        seq = recipe_ops(params["recipes"][i])
        if k == len(STATIONS):          # in the unloader: finished
            params["done"][i] = len(seq)
        elif k + 1 in seq:
            params["done"][i] = seq.index(k + 1)
        else:
            seq = [k + 1, *seq[:2]]
            params["recipes"][i] = int("".join(map(str, seq)))
            params["n_ops"][i] = len(seq)
            params["done"][i] = 0
    return list(in_spur)


def _registered(name, seed, description, carriers_seed, *, in_spur=(), **params):
    base = _carriers(random.Random(carriers_seed))
    spur = _in_spur_ok(base, in_spur)
    params = _finish({**base, "in_spur": spur, **params})
    return Condition.of(name, seed, description, disturbances=_orders(params), **params)


CONDITIONS = [
    _registered("nominal", 1201, "middle speeds and times, station C out 15 s from 20 s, a late order, "
                "head A flaky from 24 s", 21, flaky=[flaky(random.Random(1), 0, 24.0, 6)],
                belt_speed=240, read_s=0.12, lift_s=0.5, op_s=[3.0, 2.0, 4.0], unload_s=2.5,
                return_s=3.5, outs=[(2, 20.0, 15.0)], on_belt=[(0, 200.0), (1, 900.0)], late=[(3, 20.0)]),
    _registered("slow_everything", 1202, "slowest belt, head and lift, long ops; station B out 30 s from "
                "power-up, head C flaky from 12 s", 22, flaky=[flaky(random.Random(0), 2, 12.0, 12)],
                belt_speed=180, read_s=0.3, lift_s=0.9, op_s=[6.0, 5.5, 5.0],
                unload_s=5.0, return_s=6.0, outs=[(1, 0.0, 30.0)], on_belt=[(2, HOLD[0]), (3, 1300.0)],
                late=[(5, 40.0)]),
    _registered("quick_busy_spurs", 1203, "fast belt, quick head and lift, short ops; carriers in spurs A "
                "and C at power-up, one at stopper B, station A out 20 s from 25 s, two late orders", 23,
                belt_speed=300, read_s=0.05, lift_s=0.3, op_s=[1.5, 2.0, 1.5], unload_s=1.5, return_s=2.0,
                outs=[(0, 25.0, 20.0)], in_spur=[(4, 0), (5, 0), (6, 2)], on_belt=[(7, HOLD[1])],
                worked_s=1.0, late=[(0, 10.0), (1, 30.0)]),
    _registered("raised_at_power_up", 1204, "transfer B up at power-up with a carrier on it, the unloader "
                "busy with a finished carrier, station C out 10 s from 8 s, head B flaky from power-up", 24,
                flaky=[flaky(random.Random(1), 1, 0.0, 12)], belt_speed=210,
                read_s=0.2, lift_s=0.7, op_s=[2.5, 4.0, 6.0], unload_s=4.0, return_s=4.0,
                outs=[(2, 8.0, 10.0)], raised=1, on_belt=[(6, HOLD[1]), (0, 1800.0)], in_spur=[(7, 3)],
                late=[(2, 12.0)]),
    _registered("late_outage", 1205, "two stations out one after the other while the others run, a carrier "
                "at the unloader's stopper at power-up, head U flaky from 30 s", 25,
                flaky=[flaky(random.Random(5), 3, 30.0, 5)], belt_speed=270, read_s=0.08, lift_s=0.4,
                op_s=[2.0, 5.0, 1.5], unload_s=2.0, return_s=2.5, outs=[(0, 10.0, 18.0), (2, 35.0, 25.0)],
                on_belt=[(1, HOLD[2]), (2, HOLD[3])], late=[(4, 38.0)]),
]


def sample_condition(rng: random.Random) -> dict:
    """Speeds and times uniform in their ranges; the carriers as _carriers draws them; one or two
    outages (a station out 10-30 s, at power-up one time in four); 0-2 carriers on the belt (one
    at a stopper half the time), 0-2 in spurs, a raised transfer one time in five (jointly: a
    raised transfer has the carrier at its stopper, and no carrier shares a place); 0-2 flaky
    heads (flaky: a run of 1-12 bursts, from power-up one time in five, then half the time at the
    raised transfer's head), drawn last so that the draws before them are as they were."""
    params = dict(belt_speed=rng.randint(*map(int, _range("belt_speed"))),
                  read_s=round(rng.uniform(*_range("read_s")), 3),
                  lift_s=round(rng.uniform(*_range("lift_s")), 3),
                  op_s=[round(rng.uniform(*_range("op_s")), 2) for _ in STATIONS],
                  unload_s=round(rng.uniform(*_range("unload_s")), 2),
                  return_s=round(rng.uniform(*_range("return_s")), 2), **_carriers(rng))
    outs = []
    for _ in range(rng.randint(1, 2)):
        at = 0.0 if rng.random() < 0.25 else round(rng.uniform(*_range("out_at_s")), 1)
        outs.append((rng.randrange(len(STATIONS)), at, round(rng.uniform(*_range("out_s")), 1)))
    params["outs"] = outs
    who = rng.sample(range(CARRIERS), 4)
    on_belt, in_spur = [], []
    used = set()
    if rng.random() < 0.5:
        k = rng.randrange(len(NAMES))
        on_belt.append((who[0], HOLD[k]))
        used.add(k)
        if rng.random() < 0.4:
            params["raised"] = k
    if rng.random() < 0.5:
        on_belt.append((who[1], rng.choice((200.0, 750.0, 1300.0, 1850.0, 2300.0))))
    for j in range(rng.randint(0, 2)):
        k = rng.randrange(len(NAMES))
        if k == len(STATIONS) and any(at == k for _, at in in_spur):
            k = rng.randrange(len(STATIONS))       # the unloader holds one
        in_spur.append((who[2 + j], k))
    params["on_belt"] = on_belt
    params["in_spur"] = _in_spur_ok(params, in_spur)
    spurred = {i for i, _ in in_spur}
    free = [i for i in range(CARRIERS) if i not in spurred]
    params["late"] = [(i, round(rng.uniform(*_range("order_at_s")), 1))
                      for i in rng.sample(free, rng.choice((0, 1, 1, 2)))]
    if in_spur:
        params["worked_s"] = round(rng.uniform(0.0, 2.0), 2)
    runs = []
    heads = rng.sample(range(len(NAMES)), rng.choice((0, 1, 1, 2)))
    for j, k in enumerate(heads):
        at = 0.0 if rng.random() < 0.2 else round(rng.uniform(*_range("noise_from_s")), 1)
        raised = params.get("raised", -1)
        if at == 0.0 and raised >= 0 and rng.random() < 0.5 and raised not in heads[:j + 1]:
            if raised in heads:                 # the raised transfer's carrier read through noise,
                heads[heads.index(raised)] = k  # each flaky head still another
            heads[j] = k = raised
        runs.append(flaky(rng, k, at, rng.randint(*NOISE_RUN)))
    params["flaky"] = runs
    description = (f"{params['belt_speed']} mm/s, lift {params['lift_s']:g} s, outs "
                   + ", ".join(f"{STATIONS[k]} {a:g}+{d:g} s" for k, a, d in outs))
    params = _finish(params)
    if params["late"]:
        description += f"; {len(params['late'])} late order(s)"
    if params["noise"]:
        description += "; flaky " + ", ".join(f"{NAMES[run[0][0]]} from {run[0][1]:g} s ({len(run)} bursts)"
                                              for run in runs)
    return dict(params=params, disturbances=_orders(params), description=description)


PLANT = f"""\
Top view, millimetres. The main belt ({BELT_LEN:.0f} x {BELT_W:.0f} mm) runs along +x at y = 0; a held
carrier's centre at A, B, C, D and U is at x = {', '.join(f'{h:.0f}' for h in HOLD)}, the stoppers
{STOP_OFF:.0f} mm past them (beside the belt at -y, the RFID heads there too), the transfers under the
held carriers, the spurs leaving toward +y and merging back {EXIT_OFF:.0f} mm on; the return leg runs
back at y = -380 from the belt's end to its start."""

TASK = Task(
    id="MAT-H12", title="Carrier loop with recipe routing", suite="MAT", level="H",
    summary="Route eight carriers on a loop into the spurs of their recipes' stations in order, bypass full "
            "or failed spurs, never hold a carrier at a stopper, unload the finished ones.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=240.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Loop,
)
