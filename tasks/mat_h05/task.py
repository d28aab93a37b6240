"""MAT-H05 Sequencing buffer.

Items of four colours arrive in a random order; the out station asks for them one colour at a
time, in its own order, and will not wait. Between them a sequencing buffer (sim.devices.
sequencing_buffer, NEW: four accumulating lanes, a distribution belt with a swing arm per lane,
a collector to an out switch, a recirculation loop back to the distribution belt): the program
assigns each arrival to a lane so that colours the out station may ask for stand at lane heads,
releases the asked colour from a lane head, and digs a buried one out by sending the items in
front of it round the loop (they come back to the distribution belt and are put away again).

Three jobs share the distribution belt and the collector: putting arrivals away (the infeed),
putting recirculated items away (the loop head) and serving the out station. Each is judged on
its own by a wait clock on its own head item, and a miss ends the run (MissEndsTheRun): an item
standing at the infeed stopper is taken within 12 s, at the loop head within 20 s, and the out
station gets each item it asks for within 10 s, so a program that starves one job, or deadlocks
(a full loop waiting on a full lane), fails there.

Changes from the catalog entry, and why:
- The buffer is a queue model (see the device's docstring), not pymunk belts: the skill is the
  assignment and the sharing of two belts, and four lanes plus a loop stay far over 300x real time.
- "16 items out in order (<= 1 swap)" became: the out station asks for one colour at a time and
  takes only that (S4, no swaps); it asks for the colour of an item drawn from those standing in
  the lanes (so it is always there, possibly buried), never one only a jammed lane holds.
- S3 "out waits <= 10 s" is a completion watch with the infeed's and the loop's (per job, a miss
  ends the run); the two-sided window is the 10 s against the early side S4 (an item sent to the
  out station before it asks is a violation), so sending colours ahead on a guess fails. The
  catalog's S3 place is taken by the arms: a lane arm moves only with the distribution belt
  empty, the out switch only with the collector empty.
- The catalog's "stuck stopper 15 s" is a lane head stopper that sticks for 15 s when its valve
  is switched on (from a time 20-120 s), but only while the colour asked for also stands in
  another lane with at most two items in front of it and the loop has room for them: a jam that
  left the only copy behind a stuck stopper would leave no way to serve in 10 s (no program could),
  so the jam strikes only where another lane can serve. A program that waits for the stuck
  stopper misses the 10 s; one that gives the lane up after its stroke serves from the other.
- Start states to discover: items standing in the lanes at power-up (the head's colour is read,
  the one behind it is not), items on the loop, arms swung to their ends, the out switch to the
  loop; the out station's first ask comes 5-40 s after power-up (a late order).
- The end state: once the 16th item is out, every stopper stays up with both belts empty (later
  arrivals wait at the infeed): the blind-written program kept putting arrivals away.

Difficulty (the Hard brief's check): the blind-written program (counterexamples/blind_written.st,
written from the prompt before the reference) did not compile as written (END IF); with that
typo fixed it passed 3 of 6 (now 2 of 6): it waited only for the arms upstream of its lane before
letting an item go (S3), and it did not stop after the 16th item.

Cheap programs tried (counterexamples/, tuned/; all earn 0): a fixed lane per colour (the
catalog's trap: with a colour-heavy mix the fifth item of that colour has no lane and waits at
the infeed past 12 s), waiting on a jammed stopper (earned 1 on every registered condition while
the jam could strike only at a fixed time with the out station never asking for what the lane
held, so the jam never struck; now it strikes on the valve and the registered red-heavy
condition holds the out station past 10 s), idle, blind, token-blind, and a lookup table of the
registered jam (tuned/lookup_table.st: 6/6 registered, fails sampled jams elsewhere).

Hard, round 2: a program written blind from the prompt (correct/prompt_only.st) earned 1 on the
first try and 898 of 900 sampled conditions (seeds 7, 11, 21), so the task was not hard. Changes:
- A registered corner the sampler never drew (it stands at most 6 items at power-up):
  stocked_two_deep_early_ask, every lane two deep (8, the range's top) with all four second items
  unread, the slowest line and loop (coll 1.2 s, switch 0.8 s, loop ride 12 s), the first ask at
  5 s, an arrival every 4 s. A colour asked for that stands only behind a head must be found with
  the loop's 3 places: a program must reason about which lane can still hold it (and what each
  dig costs of the loop's room and the 10 s) rather than dig on. The blind program kept the lane
  it first chose and dug it to the bottom after its hidden item proved another colour: it failed
  12 of 72 runs of this corner (three mixes, 24 seeds), the reference and second_correct.st none;
  it is now counterexamples/prompt_only.st. The sampler still stands at most 6: tried with up
  to 8, the blind program failed 2 of 200 sampled (seed 0, both with 8 standing), but the
  reference and second_correct.st also failed 1 of 300 (seed 7: the colour asked at 12.7 s stood
  only behind the head of the fourth lane they guessed, and the loop was full by then) - with four
  unread items and 3 loop places, which lane to dig first is a guess no program can be sure of, so
  such draws are not fair samples. The registered corner is not such a guess: in the blind run,
  when the ask for blue comes (22.7 s) two lanes hold unread items and the loop has room to dig
  both; it fails only by spending a place on a lane already shown not to hold the colour.
- The prompt states what must hold, not how: "Put arrivals away so that colours the out station
  may ask for stand at lane heads; a fixed lane per colour overflows when one colour comes often"
  and "serve from the other lane" (strategy hints) are gone; every rule, limit, deadline and plant
  guarantee stays.
- The reference let an item go after the 16th was out when its arms were already swinging for it
  (the end state broken in one corner run): it now lets nothing go once finished.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.sequencing_buffer import COLOURS, LANES, SequencingBuffer
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import MissEndsTheRun, published_range

WANTED = 16
ARRIVALS = 20
LANE_MAX, LOOP_MAX = 4, 3
IN_WAIT_S, RC_WAIT_S, OUT_WAIT_S = 12.0, 20.0, 10.0
JAM_S = 15.0
STROKE_S, INDEX_S = 0.15, 0.8
BRANCH_MM = (300.0, 600.0, 900.0, 1200.0)
DIST_LEN = 1400.0
TIME_LIMIT_S = 170.0          # the slowest correct run of 200 sampled completes by 122 s


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    t, arrivals = p["first_arrival_s"], []
    for colour, gap in zip(p["colours"], (0.0, *p["gaps_s"]), strict=True):
        t += gap
        arrivals.append((round(t, 2), colour))
    plant.add(SequencingBuffer(
        "buffer", arrivals=arrivals, wanted=WANTED, dist_speed=p["dist_speed"], branch_mm=BRANCH_MM,
        dist_len=DIST_LEN, arm_s=p["arm_s"], switch_s=p["switch_s"], stroke_s=STROKE_S, index_s=INDEX_S,
        lane_run_s=p["lane_run_s"], coll_s=p["coll_s"], rc_s=p["rc_s"], first_ask_s=p["first_ask_s"],
        busy_s=p["busy_s"], jams=p.get("jams", ()), loop_max=LOOP_MAX,
        lanes_at_start=p.get("lanes_at_start", ((),) * LANES), loop_at_start=p.get("loop_at_start", ()),
        arms_at_end=p.get("arms_at_end", ()), switch_at_end=p.get("switch_at_end", False)))
    return plant


def _buffer(plant: Plant) -> SequencingBuffer:
    return plant.device("buffer", SequencingBuffer)


# -- safety ---------------------------------------------------------------------------------------
class _Capacity(judges.Monitor):
    """S1: no lane holds more than LANE_MAX items, the loop no more than LOOP_MAX."""

    def check(self, s):
        b = s.devices
        for k, q in enumerate(b.lane):
            if len(q.items) > LANE_MAX:
                return f"lane {k + 1} holds {len(q.items)} items (at most {LANE_MAX})"
        if b.loop_count() > LOOP_MAX:
            return f"the recirculation loop holds {b.loop_count()} items (at most {LOOP_MAX})"
        return None


class _OnePerBelt(judges.Monitor):
    """S2: at most one item on the distribution belt and one on the collector."""

    def check(self, s):
        b = s.devices
        if len(b.dist) < 2 and len(b.coll) < 2:
            return None
        if len(b.dist) > 1:
            names = ", ".join(i.name for i, _ in b.dist)
            return f"{len(b.dist)} items on the distribution belt at once ({names})"
        if len(b.coll) > 1:
            return f"{len(b.coll)} items on the collector at once ({', '.join(e[0].name for e in b.coll)})"
        return None


class _ArmsOnEmptyBelt(judges.Monitor):
    """S3: a lane arm moves only while the distribution belt is empty, the out switch only while
    the collector is empty (from the arms' own swing, every scan)."""

    def check(self, s):
        b = s.devices
        if not b.dist and not b.coll:
            return None
        for k in range(LANES):
            if b.arm_moving[k] and b.dist:
                return f"lane {k + 1}'s arm moved while {b.dist[0][0].name} was on the distribution belt"
        if b.switch_moving and b.coll:
            return f"the out switch moved while {b.coll[0][0].name} was on the collector"
        return None


class _OnlyAsked(judges.Monitor):
    """S4: every item that reaches the out station came while it asked, of the colour asked."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        log = s.devices.out_log
        if len(log) == self.seen:
            return None
        new, self.seen = log[self.seen:], len(log)
        for t, name, colour, asked in new:
            if not asked:
                return f"{name} ({COLOURS[colour]}) reached the out station at {t:g} s while it did not ask"
            if colour != asked:
                return (f"{name} ({COLOURS[colour]}) reached the out station at {t:g} s; it asked for "
                        f"{COLOURS[asked]}")
        return None


SAFETY = [
    SafetyRule("MAT-H05-S1", f"No lane ever holds more than {LANE_MAX} items (its count), and the "
               f"recirculation loop never more than {LOOP_MAX} (rc_count).", _Capacity()),
    SafetyRule("MAT-H05-S2", "One item at a time onto each merge: never more than one item on the "
               "distribution belt, and never more than one on the collector.", _OnePerBelt()),
    SafetyRule("MAT-H05-S3", "A lane's swing arm moves only while the distribution belt is empty, the out "
               "switch only while the collector is empty.", _ArmsOnEmptyBelt()),
    SafetyRule("MAT-H05-S4", "Only what is asked goes out: an item reaches the out station only while "
               "out_ready is TRUE, and only of the colour out_need names.", _OnlyAsked()),
]


# -- completion -----------------------------------------------------------------------------------
class _Served:
    """The items the out station received of the colour it asked for (names), worked out again only
    when its log has grown (it is read every scan)."""

    def __init__(self):
        self.seen, self.names = 0, []

    def __call__(self, s):
        log = s.devices.out_log
        if len(log) != self.seen:
            self.seen = len(log)
            self.names = [name for _, name, colour, asked in log if asked and colour == asked]
        return self.names


def _at_rest(s) -> bool:
    b = s.devices
    return b.all_stoppers_up() and not b.dist and not b.coll


AT_REST = "every stopper up (in_go, rc_go and every lane_k_go FALSE) and both belts empty"


def _completion():
    def waiting(signal):
        attr = "o_" + signal
        return lambda s: getattr(s.devices, attr)

    return MissEndsTheRun(judges.watched(
        judges.in_order(
            judges.distinct(f"{WANTED} items out, each of the colour asked", _Served(), WANTED),
            judges.held(AT_REST, _at_rest, 1.0), name="sequence served"),
        judges.waits_at_most(IN_WAIT_S, [("the item at the infeed stopper", waiting("in_present"),
                                          lambda s: False)]),
        judges.waits_at_most(RC_WAIT_S, [("the item at the recirculation stopper", waiting("rc_present"),
                                          lambda s: False)]),
        judges.waits_at_most(OUT_WAIT_S, [("the out station (asking)", waiting("out_ready"),
                                           lambda s: False)]),
        name="sequence served"))


COMPLETION = Completion(
    f"The out station has received {WANTED} items, each of the colour it asked for; then {AT_REST}, held "
    f"for 1 s. On the way, three jobs are each watched on their own, and the first miss ends the run: "
    f"the item standing at the infeed stopper (in_present) leaves it within {IN_WAIT_S:g} s, the item "
    f"standing at the recirculation stopper (rc_present) within {RC_WAIT_S:g} s, and each time the out "
    f"station asks (out_ready) the item reaches it within {OUT_WAIT_S:g} s.",
    _completion, keep=_at_rest, keep_wording=AT_REST + ".",
)

# -- I/O -------------------------------------------------------------------------------------------
_CODES = ", ".join(f"{k} {c}" for k, c in COLOURS.items())


def _io() -> list[IOPoint]:
    io = [
        IOPoint("%IX0.0", "in_present", "BOOL", "input", "buffer", "in_present",
                "TRUE while an item stands at the infeed stopper (read by the infeed scanner)"),
        IOPoint("%IX0.1", "in_down", "BOOL", "input", "buffer", "in_down", "infeed stopper fully down"),
        IOPoint("%IX0.2", "rc_present", "BOOL", "input", "buffer", "rc_present",
                "TRUE while an item stands at the recirculation stopper (read by the loop scanner)"),
        IOPoint("%IX0.3", "rc_down", "BOOL", "input", "buffer", "rc_down",
                "recirculation stopper fully down"),
        IOPoint("%IX0.4", "dist_occupied", "BOOL", "input", "buffer", "dist_occupied",
                "light grid over the whole distribution belt: TRUE while any item lies on it"),
        IOPoint("%IX0.5", "coll_occupied", "BOOL", "input", "buffer", "coll_occupied",
                "light grid over the whole collector: TRUE while any item lies on it"),
        IOPoint("%IX0.6", "switch_home", "BOOL", "input", "buffer", "switch_home",
                "out switch fully home (items from the collector go to the out station)"),
        IOPoint("%IX0.7", "switch_end", "BOOL", "input", "buffer", "switch_end",
                "out switch fully swung (items from the collector go onto the recirculation loop)"),
        IOPoint("%IX1.0", "out_ready", "BOOL", "input", "buffer", "out_ready",
                "TRUE while the out station asks for an item (drops as the item reaches it)"),
    ]
    for k in range(1, LANES + 1):
        byte, bit = 2 + (k - 1) // 2, ((k - 1) % 2) * 4
        io += [
            IOPoint(f"%IX{byte}.{bit}", f"arm_{k}_home", "BOOL", "input", "buffer", f"arm_{k}_home",
                    f"lane {k}'s swing arm fully home (along the belt: items pass lane {k})"),
            IOPoint(f"%IX{byte}.{bit + 1}", f"arm_{k}_end", "BOOL", "input", "buffer", f"arm_{k}_end",
                    f"lane {k}'s swing arm fully swung (across the belt: the next item goes into lane {k})"),
            IOPoint(f"%IX{byte}.{bit + 2}", f"lane_{k}_down", "BOOL", "input", "buffer", f"lane_{k}_down",
                    f"lane {k}'s head stopper fully down"),
        ]
    io += [
        IOPoint("%IW0", "in_code", "INT", "input", "buffer", "in_code",
                f"colour code of the item standing at the infeed stopper ({_CODES}; 0 while none)", "",
                "0..4"),
        IOPoint("%IW1", "rc_code", "INT", "input", "buffer", "rc_code",
                "colour code of the item standing at the recirculation stopper (0 while none)", "", "0..4"),
        IOPoint("%IW2", "rc_count", "INT", "input", "buffer", "rc_count",
                "items on the recirculation loop, its head queue included", "", "0..8"),
        IOPoint("%IW3", "out_need", "INT", "input", "buffer", "out_need",
                "colour code the out station asks for (0 while it does not ask)", "", "0..4"),
        IOPoint("%IW4", "out_count", "INT", "input", "buffer", "out_count",
                "items the out station has received", "", f"0..{WANTED + 10}"),
    ]
    for k in range(1, LANES + 1):
        io += [
            IOPoint(f"%IW{3 + 2 * k}", f"lane_{k}_count", "INT", "input", "buffer", f"lane_{k}_count",
                    f"items in lane {k} (counted in by its entry eye as the arm takes one, out as one leaves "
                    "its head)", "", "0..8"),
            IOPoint(f"%IW{4 + 2 * k}", f"lane_{k}_head", "INT", "input", "buffer", f"lane_{k}_head",
                    f"colour code of the item standing at lane {k}'s head stopper (read by its scanner; "
                    "0 while "
                    "none stands there)", "", "0..4"),
        ]
    io += [
        IOPoint("%QX0.0", "in_go", "BOOL", "output", "buffer", "in_go",
                "infeed stopper valve: TRUE lowers it (lets items onto the distribution belt), FALSE "
                "raises it"),
        IOPoint("%QX0.1", "rc_go", "BOOL", "output", "buffer", "rc_go",
                "recirculation stopper valve: TRUE lowers it, FALSE raises it"),
        IOPoint("%QX0.2", "to_recirc", "BOOL", "output", "buffer", "to_recirc",
                "out switch valve: TRUE swings it (collector to the loop), FALSE home (to the out station)"),
    ]
    for k in range(1, LANES + 1):
        io.append(IOPoint(f"%QX1.{k - 1}", f"arm_{k}", "BOOL", "output", "buffer", f"arm_{k}",
                          f"lane {k}'s arm valve: TRUE swings it across the belt, FALSE home"))
    for k in range(1, LANES + 1):
        io.append(IOPoint(f"%QX2.{k - 1}", f"lane_{k}_go", "BOOL", "output", "buffer", f"lane_{k}_go",
                          f"lane {k}'s head stopper valve: TRUE lowers it (lets its head item onto the "
                          "collector), FALSE raises it"))
    return io


IO = _io()

SPEC = f"""\
A sequencing buffer between an infeed and an out station. Items of four colours ({_CODES})
arrive on the infeed in an order and at times not known in advance and queue against the infeed
stopper, where a scanner reads the colour of the item standing there (in_present, in_code). The
out station asks for one item at a time (out_ready TRUE, out_need = the colour); it takes one,
is busy for a while, then asks for the next colour, {WANTED} items in all. It asks only for a
colour that some item standing in a lane has (possibly buried behind others), never for one
that only a lane with a jammed head stopper holds.

The line: a stopper that is fully down lets its head item onto the next belt; the next item in
that queue indexes up to the stopper {INDEX_S:g} s later (and goes too if the stopper is still
down); stoppers take {STROKE_S:g} s to go down or up. The infeed stopper and the recirculation
stopper both let items onto the distribution belt, which runs past lanes 1-4 ({BRANCH_MM[0]:.0f},
{BRANCH_MM[1]:.0f}, {BRANCH_MM[2]:.0f}, {BRANCH_MM[3]:.0f} mm from its start, {DIST_LEN:.0f} mm long):
the first lane whose swing arm stands fully swung (arm_k_end) takes the item; an item no arm
takes runs off the belt's end onto the recirculation loop. An arm part way over lets the item
pass. A lane counts an item in (lane_k_count) as it takes it; the item reaches the lane's queue
a few seconds later (lane run-in time) and stands at the head stopper once all in front of it
have gone; the head scanner reads the colour of the item standing there (lane_k_head; the items
behind it are not read). A lane's head stopper lets its head item onto the collector, which
carries it to the out switch: switch home, to the out station; swung (switch_end), onto the
recirculation loop, which brings it back to the recirculation stopper after a ride of several
seconds. A lane holds its items in order: to reach a buried colour, the items in front of it
must go round the loop first.

Rules: no lane holds more than {LANE_MAX} items, the loop no more than {LOOP_MAX} (S1); one item at
a time on the distribution belt and on the collector (S2; the light grids dist_occupied and
coll_occupied show them); a lane arm moves only while the distribution belt is empty, the out
switch only while the collector is empty (S3); only the asked colour, and only while the out
station asks, reaches it (S4). Three jobs share the belts and are each timed: the item at the
infeed stopper leaves it within {IN_WAIT_S:g} s, the item at the recirculation stopper within
{RC_WAIT_S:g} s, and the out station gets each item within {OUT_WAIT_S:g} s of asking.

A lane head stopper may jam: once in a run, when its valve is switched on (from some moment not
known in advance, and only while the colour asked for, if the out station asks, also stands in
another lane with at most two items in front of it and the loop has room for them), it sticks
up for {JAM_S:g} s (lane_k_down does not come) and its lane cannot serve; when the jam clears
the stopper follows its valve again. Belt speed, arm and switch swing
times, the lane run-in time, the collector ride, the loop ride, the out station's busy
times and its first ask are not known in advance. At power-up items may already stand in the
lanes (their heads are read, the items behind are not), items may ride the loop, arms and the
out switch may stand swung, and the out station's first ask may come late. When the out station
has its {WANTED} items, leave every stopper up with both belts empty and keep it so."""

PARAMETERS = [
    ParameterRange("dist_speed", 500, 1000, "mm/s", "distribution belt speed"),
    ParameterRange("arm_s", 0.3, 1.0, "s", "swing time of a lane arm (each its own)"),
    ParameterRange("switch_s", 0.3, 0.8, "s", "swing time of the out switch"),
    ParameterRange("lane_run_s", 1.0, 2.5, "s", "lane run-in time (arm to the lane's queue)"),
    ParameterRange("coll_s", 0.6, 1.2, "s", "collector ride (lane head to the out switch)"),
    ParameterRange("rc_s", 4.0, 12.0, "s", "recirculation loop ride"),
    ParameterRange("gap_s", 4.0, 9.0, "s", "time between arrivals on the infeed", keys=("gaps_s",)),
    ParameterRange("first_arrival_s", 0.0, 3.0, "s", "first arrival"),
    ParameterRange("busy_s", 1.0, 4.0, "s", "out station busy time after each item"),
    ParameterRange("first_ask_s", 5.0, 40.0, "s", "the out station's first ask"),
    ParameterRange("jam_at_s", 0.0, 120.0, "s", "from then a lane head stopper jams (for 15 s) the next "
                   "time its valve is switched on; not in every condition", keys=("jam_at",)),
    ParameterRange("items_at_start", 0, 8, "items", "items standing in the lanes at power-up (at most 2 a "
                   "lane)", keys=("n_at_start",)),
    ParameterRange("loop_at_start", 0, 2, "items", "items riding the loop at power-up", keys=("n_loop",)),
]


def _cond(name, seed, description, *, colours, gaps, speed, arm_s, switch_s, lane_run_s, coll_s, rc_s,
          busy, first_ask, first_arrival=0.5, jam=None, lanes=((), (), (), ()), loop=(), arms_end=(),
          switch_end=False):
    assert len(colours) == ARRIVALS and len(gaps) == ARRIVALS - 1
    params = dict(colours=tuple(colours), gaps_s=tuple(gaps), dist_speed=speed, arm_s=tuple(arm_s),
                  switch_s=switch_s, lane_run_s=lane_run_s, coll_s=coll_s, rc_s=rc_s, busy_s=tuple(busy),
                  first_ask_s=first_ask, first_arrival_s=first_arrival,
                  jams=() if jam is None else ((jam[0], jam[1], JAM_S),),
                  jam_at=() if jam is None else (jam[1],),
                  lanes_at_start=tuple(tuple(x) for x in lanes), n_at_start=sum(len(x) for x in lanes),
                  loop_at_start=tuple(loop), n_loop=len(loop), arms_at_end=tuple(arms_end),
                  switch_at_end=switch_end)
    return Condition(name, seed, params, description)


CONDITIONS = [
    _cond("nominal", 501, "even mix, middle speeds, empty buffer, first ask at 20 s",
          colours=(1, 2, 3, 4, 2, 1, 3, 4, 1, 2, 4, 3, 1, 3, 2, 4, 2, 1, 4, 3),
          gaps=(6, 5, 7, 6, 5, 8, 6, 5, 7, 6, 5, 6, 7, 5, 6, 8, 5, 6, 7), speed=700, arm_s=(0.5,) * 4,
          switch_s=0.5, lane_run_s=1.5, coll_s=0.9, rc_s=7.0, busy=(2.0, 3.0), first_ask=20.0),
    _cond("red_heavy", 502, "half the items red (a lane per colour overflows), fast arrivals, slow arms; "
          "lane 1's "
          "stopper jams when first used after 35 s",
          colours=(1, 1, 2, 1, 1, 3, 1, 1, 4, 1, 2, 1, 1, 3, 1, 4, 1, 2, 1, 3),
          gaps=(4, 4.5, 4, 5, 4, 4.5, 4, 5, 4.5, 4, 5, 4, 4.5, 4, 5, 4, 4.5, 4, 5), speed=600,
          arm_s=(1.0, 0.8, 0.9, 1.0), switch_s=0.8, lane_run_s=2.0, coll_s=1.2, rc_s=10.0,
          busy=(1.0, 1.5), first_ask=35.0, jam=(1, 35.0)),
    _cond("stocked_at_start", 503, "items standing in every lane at power-up (the second of two not read), "
          "two on the loop, arms 2 and 4 and the out switch swung, an early first ask",
          colours=(3, 4, 1, 2, 4, 3, 2, 1, 1, 4, 3, 2, 2, 1, 3, 4, 4, 2, 1, 3),
          gaps=(7, 6, 8, 7, 6, 9, 7, 6, 8, 7, 6, 7, 8, 6, 7, 9, 6, 7, 8), speed=900,
          arm_s=(0.3, 0.6, 0.4, 0.7),
          switch_s=0.3, lane_run_s=1.0, coll_s=0.6, rc_s=5.0, busy=(3.0, 4.0), first_ask=6.0,
          lanes=((2, 3), (4, 1), (1,), (3, 2)), loop=((4, 2.0), (1, 4.0)), arms_end=(2, 4), switch_end=True),
    _cond("green_heavy_stocked", 504, "green-heavy mix, green standing in lanes 1 and 2 at power-up, "
          "lane 1's "
          "stopper may jam from 60 s, the out station asks often",
          colours=(2, 1, 2, 3, 2, 4, 2, 2, 3, 1, 2, 2, 1, 2, 2, 1, 4, 2, 2, 3),
          gaps=(5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5), speed=800,
          arm_s=(0.4, 0.5, 0.6, 0.4),
          switch_s=0.4, lane_run_s=1.2, coll_s=0.8, rc_s=6.0, busy=(1.0, 2.0), first_ask=12.0,
          jam=(1, 60.0), lanes=((2,), (2, 1), (), ())),
    _cond("slow_line_late_order", 505, "slowest belts and loop, the first ask 40 s late, blue-heavy mix, "
          "lane 3 jams at 90 s", colours=(3, 3, 1, 3, 4, 3, 2, 3, 3, 1, 4, 3, 2, 3, 1, 3, 4, 3, 2, 3),
          gaps=(8, 9, 8, 7, 9, 8, 9, 7, 8, 9, 8, 7, 9, 8, 9, 8, 7, 8, 9), speed=500,
          arm_s=(0.9, 1.0, 0.8, 0.9),
          switch_s=0.7, lane_run_s=2.5, coll_s=1.1, rc_s=12.0, busy=(1.0, 4.0, 2.0), first_ask=40.0,
          jam=(3, 90.0), loop=((3, 6.0),), arms_end=(1,)),
    _cond("two_colours_fast", 506, "two colours only, quick arrivals, short busy: buried items are asked for",
          colours=(2, 4, 4, 2, 4, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4),
          gaps=(4, 5, 4, 4.5, 4, 5, 4, 4.5, 4, 5, 4, 4.5, 4, 5, 4, 4.5, 4, 5, 4), speed=1000,
          arm_s=(0.3, 0.3, 0.5, 0.5), switch_s=0.6, lane_run_s=1.8, coll_s=0.7, rc_s=4.0, busy=(1.0,),
          first_ask=8.0, lanes=((4, 2), (2, 4), (), ()), switch_end=True),
    # The corner the sampler (at most 6 standing) never drew: every lane two deep at power-up (8,
    # the range's top), none of the four second items read, the slowest line and loop, the first ask
    # at 5 s and arrivals every 4 s. An asked colour that stands only behind a head sends the program
    # digging with unread items in several lanes; the loop holds 3 and rides 12 s, so a lane dug
    # on after its hidden item proved to be another colour spends the loop's room where the colour
    # is not (correct/prompt_only.st, now counterexamples/, failed here).
    _cond("stocked_two_deep_early_ask", 512, "every lane two deep at power-up with its second item "
          "unread, slowest line and loop, first ask at 5 s, an arrival every 4 s",
          colours=(1, 3, 4, 2, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 1, 4, 3, 3, 1), gaps=(4.0,) * 19, speed=500,
          arm_s=(1.0,) * 4, switch_s=0.8, lane_run_s=2.5, coll_s=1.2, rc_s=12.0, busy=(1.0,), first_ask=5.0,
          first_arrival=0.0, lanes=((1, 2), (3, 4), (2, 1), (4, 3))),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """Independent draws from the published ranges: belt speed, each arm's swing, switch, run-in,
    collector and loop rides, the gaps, busy times and the first ask. Jointly: the colour mix
    (even, one colour heavy, or two or three colours only), a jam in two conditions of three (its
    lane and a time 20-120 s; only with a heavy or few-colour mix, where a colour stands in two
    lanes and the jam can strike), items standing at power-up (at most 2 a lane, at most 6) in half the
    conditions, items on the loop at power-up in a third, arms and the switch swung at random."""
    u = lambda name: round(rng.uniform(*_range(name)), 2)   # noqa: E731
    jam = None
    if rng.random() < 2 / 3:      # a jam strikes only where a colour stands in two lanes: heavy or few mixes
        jam = (rng.randint(1, 4), round(rng.uniform(20.0, 120.0), 1))
    mix = rng.choice(("heavy", "few") if jam else ("even", "heavy", "few"))
    if mix == "even":
        weights = [1, 1, 1, 1]
    elif mix == "heavy":
        weights = [1, 1, 1, 1]
        weights[rng.randrange(4)] = rng.choice((3, 5))
    else:
        weights = [1 if k in rng.sample(range(4), rng.choice((2, 3))) else 0 for k in range(4)]
        if not any(weights):
            weights[0] = 1
    colours = tuple(rng.choices((1, 2, 3, 4), weights)[0] for _ in range(ARRIVALS))
    gap_lo, gap_hi = _range("gap_s")
    gaps = tuple(round(rng.uniform(gap_lo, gap_hi), 1) for _ in range(ARRIVALS - 1))
    lanes = [(), (), (), ()]
    if rng.random() < 0.5:
        n = rng.randint(1, 6)
        while n > 0:
            k = rng.randrange(4)
            if len(lanes[k]) < 2:
                lanes[k] = (*lanes[k], rng.randint(1, 4))
                n -= 1
    loop = ()
    if rng.random() < 1 / 3:
        loop = tuple((rng.randint(1, 4), round(rng.uniform(1.0, 8.0), 1)) for _ in range(rng.randint(1, 2)))
    arms_end = tuple(k for k in range(1, 5) if rng.random() < 0.25)
    busy = tuple(u("busy_s") for _ in range(3))
    speed = rng.randint(*map(int, _range("dist_speed")))
    c = _cond("sampled", 0, "", colours=colours, gaps=gaps, speed=speed,
              arm_s=tuple(u("arm_s") for _ in range(4)), switch_s=u("switch_s"), lane_run_s=u("lane_run_s"),
              coll_s=u("coll_s"), rc_s=u("rc_s"), busy=busy, first_ask=u("first_ask_s"),
              first_arrival=u("first_arrival_s"), jam=jam, lanes=lanes, loop=loop, arms_end=arms_end,
              switch_end=rng.random() < 0.3)
    description = (f"{mix} mix {colours.count(1)}/{colours.count(2)}/{colours.count(3)}/{colours.count(4)}, "
                   f"{c.params['dist_speed']} mm/s, first ask {c.params['first_ask_s']} s"
                   + (f", lane {jam[0]} jams at {jam[1]} s" if jam else "")
                   + (f", {c.params['n_at_start']} standing" if c.params["n_at_start"] else "")
                   + (f", {len(loop)} on the loop" if loop else ""))
    return dict(params=c.params, description=description)


PLANT = f"""\
Top view, millimetres. The infeed comes in from the left along y = 0 to its stopper at x = -60;
the distribution belt runs from x = 0 to x = {DIST_LEN:.0f} along y = 0, with lanes 1-4 branching off
downward (-y) at x = {', '.join(f'{x:.0f}' for x in BRANCH_MM)}, each with its swing arm at the branch and its
head stopper and scanner at the bottom (y = -1100). The collector runs along y = -1250 from lane 4
to the out switch at x = -250, the out station beyond it on the left. The recirculation loop
runs from the distribution belt's end down the right side and back along the bottom, is joined
by the out switch's branch, and comes up at x = -250 to the recirculation stopper beside the
distribution belt's start."""

TASK = Task(
    id="MAT-H05", title="Sequencing buffer", suite="MAT", level="H",
    summary="Assign arrivals of four colours to four buffer lanes so the out station's asked colour is "
            "reachable, release it within 10 s, dig buried ones out through the recirculation loop.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=TIME_LIMIT_S, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_buffer,
)
