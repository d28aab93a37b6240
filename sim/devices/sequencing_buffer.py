"""Sequencing buffer: an infeed, four accumulating lanes, a collector, an out station and a
recirculation loop, modelled as queues and belt transit times (kinematic, no contacts).

Why a queue model and not pymunk belts with swing arms: the skill this plant tests is which
item goes where and when (lane assignment, dig-out, sharing the two belts), not the contact
physics of one diverter (MAT-E11 and MAT-M06 test that); a queue model keeps four lanes, two
belts and a loop of coloured items far above 300x real time and every transit time exact.

The line, in item order:

- infeed: items arrive (by the condition's schedule) and queue against the infeed stopper;
  a scanner at the stopper reads the colour code of the item standing there.
- recirculation head: items back from the loop queue against the recirculation stopper, read
  by a second scanner.
- distribution belt: a stopper that is fully down lets its head item onto the belt; the next
  item indexes up to the stopper `index_s` later (and goes too if the stopper is still down).
  An item rides the belt at `dist_speed` mm/s past the lane branches at `branch_mm`; the first
  lane whose swing arm stands at its end (fully swung) takes it; an item that no arm takes runs
  off the belt's end onto the recirculation loop. A light grid over the belt reports
  'dist_occupied' while any item lies on it.
- lanes: an item taken by a lane is counted by its entry eye at once ('count') and reaches the
  lane's queue `lane_run_s` later; the head item stands against the lane's head stopper, where
  a scanner reads it ('head' = its colour code, 0 while none stands there). A head stopper fully
  down lets the head item onto the collector; the next indexes up `index_s` later. A head
  stopper may jam (`jams`: (lane, from_s, length_s)): the first time its valve is switched on
  at or after from_s while the colour asked for (if the out station asks) also stands in another
  lane with at most two items in front of it (and the loop has room for them), it sticks where
  it stands for length_s
  (`jam_windows` logs when).
- collector: an item rides it for `coll_s` s to the out switch (a swing arm, 'to_recirc'):
  home, the item goes to the out station; at its end, onto the recirculation loop. A light
  grid reports 'coll_occupied'.
- recirculation loop: an item reaches the recirculation head `rc_s` after it went onto it.
- out station: from `first_ask_s` it asks for one item at a time ('out_ready' with 'out_need',
  the colour code it wants); after each item it is busy for the next of `busy_s`, then asks for
  the next, `wanted` items in all. It asks for the colour of an item drawn (plant stream) from
  those standing in the lanes, leaving out a lane whose stopper is jammed; while the lanes hold
  none it waits to ask.

Every arm (the four lane arms and the out switch) swings in its own time (`arm_s`, `switch_s`):
'end' TRUE only once fully swung, 'home' only fully back. An arm part way over when an item
reaches it lets it pass (lane arms) or sends it out (switch) and logs a hit.

Logs for judges: `out_log` [(t, item, colour, asked colour or 0)], `hits` [(t, arm, item)],
`left` [(t, source, item)] (onto the distribution belt), and the lanes, belts and loop as lists.

    buf = plant.add(SequencingBuffer("buffer", arrivals=[(1.0, 2), (4.0, 1)], wanted=2))
    buf.write("arm_2", True); buf.read("arm_2_end")
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sim.plant import Device

COLOURS = {1: "red", 2: "green", 3: "blue", 4: "yellow"}
LANES = 4


@dataclass
class Item:
    name: str
    colour: int
    queued_at: float = 0.0          # when it reached its queue (lane, infeed, loop head)


@dataclass
class _Stopper:
    stroke_s: float
    pos: float = 0.0                # 0 up (holding) .. 1 fully down
    go: bool = False

    def step(self, dt: float, jammed: bool = False) -> None:
        if jammed:
            return
        if self.go:
            self.pos = min(1.0, self.pos + dt / self.stroke_s)
        else:
            self.pos = max(0.0, self.pos - dt / self.stroke_s)

    @property
    def down(self) -> bool:
        return self.pos >= 1.0


@dataclass
class _Arm:
    swing_s: float
    swing: float = 0.0              # 0 home .. 1 at its end
    cmd: bool = False

    def step(self, dt: float) -> bool:
        """Moves toward its command; True while it moved this step."""
        target = 1.0 if self.cmd else 0.0
        if self.swing == target:
            return False
        rate = dt / self.swing_s
        self.swing = min(self.swing + rate, 1.0) if target > self.swing else max(self.swing - rate, 0.0)
        return True


@dataclass
class _Queue:
    """Items queued against a stopper; the head stands there from `head_at`."""
    items: list[Item] = field(default_factory=list)
    head_at: float = 0.0

    def head(self, t: float) -> Item | None:
        if self.items and t + 1e-9 >= max(self.head_at, self.items[0].queued_at):
            return self.items[0]
        return None


class SequencingBuffer(Device):
    kind = "sequencing_buffer"
    layer = 2

    def __init__(self, name: str, *, arrivals, wanted: int, dist_speed: float = 500.0,
                 branch_mm=(300.0, 600.0, 900.0, 1200.0), dist_len: float = 1400.0,
                 arm_s=(0.5, 0.5, 0.5, 0.5), switch_s: float = 0.5, stroke_s: float = 0.15,
                 index_s: float = 0.8, lane_run_s: float = 1.5, coll_s: float = 1.0, rc_s: float = 6.0,
                 first_ask_s: float = 5.0, busy_s=(2.0,), jams=(), loop_max: int = 3,
                 lanes_at_start=((), (), (), ()), loop_at_start=(), arms_at_end=(), switch_at_end=False):
        super().__init__(name)
        self.arrivals = sorted((float(t), int(c)) for t, c in arrivals)
        self.wanted = int(wanted)
        self.dist_speed, self.branch_mm, self.dist_len = float(dist_speed), tuple(branch_mm), float(dist_len)
        self.stroke_s, self.index_s, self.lane_run_s = float(stroke_s), float(index_s), float(lane_run_s)
        self.coll_s, self.rc_s = float(coll_s), float(rc_s)
        self.first_ask_s, self.busy_s = float(first_ask_s), tuple(busy_s) or (2.0,)
        self.loop_max = int(loop_max)
        self.jams = tuple((int(k), float(a), float(n)) for k, a, n in jams)
        self.jam_windows: list[tuple[int, float, float] | None] = [None] * len(self.jams)
        self.time = 0.0
        self._n = 0
        self._next_arrival = 0
        self.infeed = _Queue()
        self.rc = _Queue()
        self.in_stop, self.rc_stop = _Stopper(self.stroke_s), _Stopper(self.stroke_s)
        self.lane = [_Queue() for _ in range(LANES)]
        self.lane_stop = [_Stopper(self.stroke_s) for _ in range(LANES)]
        self.arm = [_Arm(float(s), 1.0 if k + 1 in arms_at_end else 0.0, k + 1 in arms_at_end)
                    for k, s in enumerate(arm_s)]
        self.switch = _Arm(float(switch_s), 1.0 if switch_at_end else 0.0, bool(switch_at_end))
        self.dist: list[list[Any]] = []        # [item, x mm]
        self.coll: list[list[Any]] = []        # [item, s still to ride, lane index]
        self.loop: list[list[Any]] = []        # [item, s still to ride, where it went on ('dist'/'switch')]
        for k, colours in enumerate(lanes_at_start):
            for c in colours:
                self.lane[k].items.append(self._item(c, 0.0))
        for c, left_s in loop_at_start:
            self.loop.append([self._item(c, 0.0), float(left_s), "switch"])
        self.out_log: list[tuple[float, str, int, int]] = []
        self.hits: list[tuple[float, str, str]] = []
        self.left: list[tuple[float, str, str]] = []
        self.asking = False
        self.need = 0
        self._ask_from = self.first_ask_s
        self.arm_moving = [False] * LANES
        self.switch_moving = False
        for cmd in self.commands:
            setattr(self, "c_" + cmd, False)
        for k in range(LANES):
            setattr(self, f"c_arm_{k + 1}", self.arm[k].cmd)
        self.c_to_recirc = self.switch.cmd
        self._publish()

    def _item(self, colour: int, t: float) -> Item:
        self._n += 1
        return Item(f"item{self._n}", int(colour), t)

    # -- I/O -------------------------------------------------------------------------------
    signals = ("in_present", "in_code", "in_down", "rc_present", "rc_code", "rc_down", "rc_count",
               "dist_occupied", "coll_occupied", "switch_home", "switch_end", "out_ready", "out_need",
               "out_count") + tuple(
        f"{what}" for k in range(1, LANES + 1)
        for what in (f"arm_{k}_home", f"arm_{k}_end", f"lane_{k}_count", f"lane_{k}_head", f"lane_{k}_down"))
    commands = ("in_go", "rc_go", "to_recirc") + tuple(f"arm_{k}" for k in range(1, LANES + 1)) + tuple(
        f"lane_{k}_go" for k in range(1, LANES + 1))

    # every signal is published into an attribute once a step (read as it is: no call per scan),
    # every command stored into one (applied at the start of the next step)
    plain_signals = {sig: "o_" + sig for sig in signals}
    plain_commands = {cmd: ("c_" + cmd, bool) for cmd in commands}

    def write(self, command: str, value: Any) -> None:
        if command not in self.plain_commands:
            super().write(command, value)
        setattr(self, "c_" + command, bool(value))

    def read(self, signal: str) -> Any:
        if signal not in self.plain_signals:
            return super().read(signal)
        return getattr(self, "o_" + signal)

    def _apply_commands(self) -> None:
        self.in_stop.go, self.rc_stop.go, self.switch.cmd = self.c_in_go, self.c_rc_go, self.c_to_recirc
        cmds = (self.c_lane_1_go, self.c_lane_2_go, self.c_lane_3_go, self.c_lane_4_go)
        for k, (arm, cmd) in enumerate(zip(self.arm, (self.c_arm_1, self.c_arm_2, self.c_arm_3, self.c_arm_4),
                                           strict=True)):
            arm.cmd = cmd
            stop = self.lane_stop[k]
            if cmds[k] and not stop.go and self.jams:
                self._strike(k, self.time)
            stop.go = cmds[k]

    _LANE_ATTRS = tuple((f"o_arm_{n}_home", f"o_arm_{n}_end", f"o_lane_{n}_count", f"o_lane_{n}_head",
                         f"o_lane_{n}_down") for n in range(1, LANES + 1))

    def _publish(self) -> None:
        t = self.time
        d = self.__dict__
        h = self.infeed.head(t)
        d["o_in_present"], d["o_in_code"] = h is not None, (h.colour if h else 0)
        h = self.rc.head(t) if self.rc.items else None
        d["o_rc_present"], d["o_rc_code"] = h is not None, (h.colour if h else 0)
        d["o_in_down"], d["o_rc_down"] = self.in_stop.pos >= 1.0, self.rc_stop.pos >= 1.0
        d["o_rc_count"] = len(self.loop) + len(self.rc.items)
        d["o_dist_occupied"], d["o_coll_occupied"] = bool(self.dist), bool(self.coll)
        sw = self.switch.swing
        d["o_switch_home"], d["o_switch_end"] = sw <= 0.0, sw >= 1.0
        d["o_out_ready"] = self.asking
        d["o_out_need"] = self.need if self.asking else 0
        d["o_out_count"] = len(self.out_log)
        for arm, q, stop, (a_home, a_end, a_count, a_head, a_down) in zip(
                self.arm, self.lane, self.lane_stop, self._LANE_ATTRS, strict=True):
            h = q.head(t) if q.items else None
            d[a_home], d[a_end] = arm.swing <= 0.0, arm.swing >= 1.0
            d[a_count], d[a_head], d[a_down] = len(q.items), (h.colour if h else 0), stop.pos >= 1.0

    # -- queries for judges ------------------------------------------------------------------
    def loop_count(self) -> int:
        return len(self.loop) + len(self.rc.items)

    def jammed(self, k: int, t: float | None = None) -> bool:
        """Whether lane k's (0-based) head stopper is stuck at time t."""
        t = self.time if t is None else t
        return any(w is not None and w[0] == k + 1 and w[1] <= t < w[2] for w in self.jam_windows)

    def _elsewhere(self, k: int, colour: int, t: float) -> bool:
        """Whether `colour` stands in a lane other than k with at most two items in front of it,
        and the loop has room for those."""
        room = self.loop_max - self.loop_count()
        return any(i.colour == colour and i.queued_at <= t + 1e-9 and n <= room
                   for m in range(LANES) if m != k for n, i in enumerate(self.lane[m].items[:3]))

    def _strike(self, k: int, t: float) -> None:
        """Lane k's valve is switched on: an armed jam of that lane strikes now, unless the
        colour asked for stands nowhere else within reach (a jam then would leave no way to
        serve it in time)."""
        for n, (j, a, length) in enumerate(self.jams):
            if j == k + 1 and self.jam_windows[n] is None and t + 1e-9 >= a:
                if not self.asking or self._elsewhere(k, self.need, t):
                    self.jam_windows[n] = (j, t, t + length)

    def all_stoppers_up(self) -> bool:
        return all(s.pos <= 0.0 for s in (self.in_stop, self.rc_stop, *self.lane_stop))

    # -- physics -------------------------------------------------------------------------------
    def _release(self, q: _Queue, stop: _Stopper, t: float) -> Item | None:
        head = q.head(t)
        if head is None or not stop.down:
            return None
        q.items.pop(0)
        q.head_at = t + self.index_s
        return head

    def step(self, dt: float) -> None:
        self._apply_commands()
        self.time += dt
        t = self.time
        while self._next_arrival < len(self.arrivals) and self.arrivals[self._next_arrival][0] <= t + 1e-9:
            self.infeed.items.append(self._item(self.arrivals[self._next_arrival][1], t))
            self._next_arrival += 1
        # stoppers and arms: only those on their way are stepped (most stand still most steps)
        stuck = -1
        if self.jams:
            for w in self.jam_windows:
                if w is not None and w[1] <= t < w[2]:
                    stuck = w[0] - 1
        for stop in (self.in_stop, self.rc_stop):
            if stop.pos != (1.0 if stop.go else 0.0):
                stop.step(dt)
        for k, stop in enumerate(self.lane_stop):
            if k != stuck and stop.pos != (1.0 if stop.go else 0.0):
                stop.step(dt)
        moving = self.arm_moving
        for k, arm in enumerate(self.arm):
            moving[k] = arm.swing != (1.0 if arm.cmd else 0.0) and arm.step(dt)
        sw = self.switch
        self.switch_moving = sw.swing != (1.0 if sw.cmd else 0.0) and sw.step(dt)
        # the loop: items reach the recirculation head
        for entry in (list(self.loop) if self.loop else ()):
            entry[1] -= dt
            if entry[1] <= 1e-9:
                self.loop.remove(entry)
                entry[0].queued_at = t
                self.rc.items.append(entry[0])
        # the distribution belt
        for entry in (list(self.dist) if self.dist else ()):
            item, x0 = entry
            x1 = x0 + self.dist_speed * dt
            entry[1] = x1
            for k, bx in enumerate(self.branch_mm):
                if x0 < bx <= x1:
                    arm = self.arm[k]
                    if arm.swing >= 1.0:
                        self.dist.remove(entry)
                        item.queued_at = t + self.lane_run_s
                        if not self.lane[k].items:
                            self.lane[k].head_at = item.queued_at
                        self.lane[k].items.append(item)
                        break
                    if arm.swing > 0.0:
                        self.hits.append((round(t, 3), f"arm_{k + 1}", item.name))
            else:
                if x1 >= self.dist_len:
                    self.dist.remove(entry)
                    self.loop.append([item, self.rc_s, "dist"])
        # the collector and the out switch
        for entry in (list(self.coll) if self.coll else ()):
            entry[1] -= dt
            if entry[1] <= 1e-9:
                self.coll.remove(entry)
                item = entry[0]
                if 0.0 < self.switch.swing < 1.0:
                    self.hits.append((round(t, 3), "switch", item.name))
                if self.switch.swing >= 1.0:
                    self.loop.append([item, self.rc_s, "switch"])
                else:
                    self._out(item, t)
        # stoppers let their head items go
        for q, stop, src in ((self.infeed, self.in_stop, "infeed"), (self.rc, self.rc_stop, "recirculation")):
            if stop.pos >= 1.0:
                item = self._release(q, stop, t)
                if item is not None:
                    self.dist.append([item, 0.0])
                    self.left.append((round(t, 3), src, item.name))
        for k, stop in enumerate(self.lane_stop):
            if stop.pos >= 1.0:
                item = self._release(self.lane[k], stop, t)
                if item is not None:
                    self.coll.append([item, self.coll_s, k])
        # the out station asks
        if not self.asking and len(self.out_log) < self.wanted and t + 1e-9 >= self._ask_from:
            standing = [i for k in range(LANES) if not self.jammed(k, t)
                        for i in self.lane[k].items if i.queued_at <= t + 1e-9]
            if standing:
                self.need = self.plant.rng.choice(standing).colour if self.plant else standing[0].colour
                self.asking = True
        self._publish()

    def _out(self, item: Item, t: float) -> None:
        asked = self.need if self.asking else 0
        self.out_log.append((round(t, 3), item.name, item.colour, asked))
        if self.asking:
            self.asking = False
            self._ask_from = t + self.busy_s[(len(self.out_log) - 1) % len(self.busy_s)]
        else:       # an item it did not ask for: it is busy with that one first
            self._ask_from = max(self._ask_from, t + self.busy_s[0])

    def state(self) -> dict[str, Any]:
        t = self.time
        return {
            "x": 600.0, "y": -650.0, "time": t,
            "infeed": [i.colour for i in self.infeed.items if i.queued_at <= t + 1e-9],
            "rc_queue": [i.colour for i in self.rc.items],
            "lanes": [[i.colour for i in q.items] for q in self.lane],
            "lane_heads": [bool(q.head(t)) for q in self.lane],
            "dist": [(i.colour, x) for i, x in self.dist],
            "coll": [(i.colour, left, k) for i, left, k in self.coll],
            "loop": [(i.colour, left, src) for i, left, src in self.loop],
            "arms": [a.swing for a in self.arm], "switch": self.switch.swing,
            "stops": [s.pos for s in self.lane_stop], "in_stop": self.in_stop.pos,
            "rc_stop": self.rc_stop.pos,
            "jammed": [self.jammed(k) for k in range(LANES)],
            "asking": self.asking, "need": self.need, "out": len(self.out_log),
            "last_out": self.out_log[-1][2] if self.out_log else 0,
        }

    # -- drawing ------------------------------------------------------------------------------
    LANE_TOP, LANE_BOTTOM, COLL_Y, LOOP_X, OUT_X, LOOP_Y = -110.0, -1100.0, -1250.0, -250.0, -800.0, -1450.0

    def extent(self) -> list[tuple[float, float]]:
        return [(-1100.0, self.LOOP_Y - 120.0), (self.dist_len + 250.0, 220.0)]

    def _loop_point(self, frac: float, src: str) -> tuple[float, float]:
        """Where an item rides on the loop: from the distribution belt's end down the right side
        and back along the bottom, or from the out switch; both up the left side to the head."""
        if src == "dist":
            pts = [(self.dist_len + 60, 0.0), (self.dist_len + 150, 0.0), (self.dist_len + 150, self.LOOP_Y),
                   (self.LOOP_X, self.LOOP_Y), (self.LOOP_X, -200.0)]
        else:
            pts = [(self.LOOP_X, self.COLL_Y), (self.LOOP_X, -200.0)]
        lengths = [abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False)]
        d = max(0.0, min(1.0, frac)) * sum(lengths)
        for (a, b), seg in zip(zip(pts, pts[1:], strict=False), lengths, strict=True):
            if d <= seg or seg == 0:
                f = d / seg if seg else 0.0
                return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
            d -= seg
        return pts[-1]

    def draw(self, pen) -> None:
        s = self.state()
        item_mm = 80.0

        def item(x, y, colour):
            col = pen.rgb(COLOURS.get(colour, "grey"))
            pen.rect_rotated(x, y, item_mm, item_mm, 0.0, col)
            pen.rect_rotated(x, y, item_mm, item_mm, 0.0, pen.shade(col, 0.5), border=2)

        def belt(p, q, width=120.0):
            (x1, y1), (x2, y2) = p, q
            length = math.hypot(x2 - x1, y2 - y1)
            ang = math.degrees(math.atan2(y2 - y1, x2 - x1))
            pen.rect_rotated((x1 + x2) / 2, (y1 + y2) / 2, length + width, width, ang, "BELT")
            pen.rect_rotated((x1 + x2) / 2, (y1 + y2) / 2, length + width, width, ang, "FRAME", border=2)

        def stopper(x, y, pos, jammed=False, horizontal=True):
            col = "FAULT" if jammed else ("ROD" if pos < 1.0 else "LIT")
            if horizontal:
                pen.rect_rotated(x, y, 14, 120 * (1.0 - 0.7 * pos), 0.0, col)
            else:
                pen.rect_rotated(x, y, 120 * (1.0 - 0.7 * pos), 14, 0.0, col)

        def scanner(x, y, reading):
            pen.rect_rotated(x, y, 50, 34, 0.0, "CYLINDER")
            pen.circle(x, y, 8, "FAULT" if reading else "SENSOR_BODY", min_px=3)

        lt, lb, cy, lx = self.LANE_TOP, self.LANE_BOTTOM, self.COLL_Y, self.LOOP_X
        # belts: infeed, distribution, lanes, collector, out, loop
        belt((-1000.0, 0.0), (-60.0, 0.0))
        belt((0.0, 0.0), (self.dist_len, 0.0))
        for bx in self.branch_mm:
            belt((bx, lt), (bx, lb))
        belt((self.branch_mm[-1], cy), (lx, cy))
        belt((lx - 120, cy), (self.OUT_X, cy))
        belt((lx, self.LOOP_Y), (lx, -200.0), 90.0)
        belt((self.dist_len + 150, 0.0), (self.dist_len + 150, self.LOOP_Y), 90.0)
        belt((self.dist_len + 150, self.LOOP_Y), (lx, self.LOOP_Y), 90.0)
        # light grids over the two merge belts
        pen.rect_rotated(self.dist_len / 2, 0.0, self.dist_len, 150, 0.0,
                         "LIT_ZONE" if s["dist"] else "ZONE", border=1)
        cx = (self.branch_mm[-1] + lx) / 2
        pen.rect_rotated(cx, cy, self.branch_mm[-1] - lx, 150, 0.0, "LIT_ZONE" if s["coll"] else "ZONE",
                         border=1)
        # stoppers and scanners
        stopper(-60.0, 0.0, s["in_stop"])
        scanner(-110.0, 110.0, bool(s["infeed"]))
        stopper(lx, -200.0, s["rc_stop"], horizontal=False)
        scanner(lx - 110.0, -250.0, bool(s["rc_queue"]))
        for k, bx in enumerate(self.branch_mm):
            stopper(bx, lb - 10, s["stops"][k], s["jammed"][k], horizontal=False)
            scanner(bx + 110, lb + 60, s["lane_heads"][k])
            # the lane's swing arm at the branch, at its real swing
            a = math.radians(-90.0 * s["arms"][k])
            px, py = bx - 70.0, 70.0
            pen.line((px, py), (px + 190 * math.cos(a), py + 190 * math.sin(a)), "ROD", 5)
            pen.circle(px, py, 14, "CYLINDER", min_px=4)
            pen.circle(px, py, 6, "LIT" if s["arms"][k] >= 1.0 else "UNLIT", min_px=3)
            pen.label(f"lane {k + 1}  {len(s['lanes'][k])}/4", bx, lt + 40)
            for n, c in enumerate(s["lanes"][k]):       # head at the stopper, the rest behind it
                item(bx, lb + 60 + n * (item_mm + 20), c)
        # the out switch
        a = math.radians(90.0 * s["switch"])
        pen.line((lx - 60, cy - 70), (lx - 60 + 180 * math.cos(a), cy - 70 + 180 * math.sin(a)), "ROD", 5)
        pen.circle(lx - 60, cy - 70, 14, "CYLINDER", min_px=4)
        # items riding
        for n, c in enumerate(s["infeed"]):
            item(-120.0 - n * (item_mm + 20), 0.0, c)
        for n, c in enumerate(s["rc_queue"]):
            item(lx, -260.0 - n * (item_mm + 20), c)
        for c, x in s["dist"]:
            item(x, 0.0, c)
        for c, left, k in s["coll"]:
            x0 = self.branch_mm[k]
            item(lx + (x0 - lx) * max(0.0, left) / self.coll_s, cy, c)
        for c, left, src in s["loop"]:
            item(*self._loop_point(1.0 - left / self.rc_s, src), c)
        # the out station: what it asks for
        ox = self.OUT_X - 150
        pen.rect_rotated(ox, cy, 220, 220, 0.0, "MACHINE_FLOOR" if not s["asking"] else "LIT_ZONE")
        pen.rect_rotated(ox, cy, 220, 220, 0.0, "FRAME", border=2)
        if s["asking"]:
            item(ox, cy, s["need"])
        pen.label(f"out {s['out']}/{self.wanted}" + (f"  needs {COLOURS[s['need']]}" if s["asking"] else ""),
                  ox, cy + 150)
        pen.label("infeed", -700.0, 110.0)
        pen.label("recirculation", lx - 200, -700.0)
        pen.label("collector", cx, cy - 110)
        pen.hot(self.name, self.kind, [pen.px(-1000, 100), pen.px(self.dist_len + 200, self.LOOP_Y - 60)])
