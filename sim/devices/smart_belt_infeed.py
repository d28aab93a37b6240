"""Smart-belt infeed to a flighted chain (for MOT-H13): two lanes, each an accumulation belt, a
metering belt and a servo phasing belt, discharging products into the pockets of one flighted chain.

What is new here and not in the library: products that ride three belts in a row, held back by
the product ahead (accumulation), moved by a servo belt the program profiles, and landing in
the pocket between two flights of a chain that moves at the host's speed. The pymunk Conveyor
takes parts at rest between bodies; phasing a product into a pocket within +-10 mm needs the
products' positions along the belts exactly, so they are kept as positions here (as in
sim.devices.belt_pickers). The phasing belts are sim.devices.sync_axis.SyncAxis drives (their
travel moves the products on them); the chain's count is a sim.devices.belt_encoder.BeltEncoder
on this device (it reads `velocity`, `point` and `half_width`, as of a conveyor).

Lane k (1, 2), positions along the lane of each product's centre (mm, from the lane's entry):
- accumulation belt 0..`acc_end`, always running at `acc_speed`: products arrive at its entry at
  their arrival times (rear edge at 0; an arrival waits while the entry is taken);
- metering belt `acc_end`..`meter_end`, at `meter_speed` while `meter<k>` is TRUE;
- phasing belt `meter_end`..`lane_end`, moving as its SyncAxis moves (also backwards);
- a product moves with the belt under its centre, never into the product ahead (it slides);
- a product whose centre reaches `lane_end` leaves the lane and lands on the chain at the lane's
  merge point `merges[k-1]` (chain mm); logged with its pocket, offset from the pocket's centre,
  its speed and the chain's, and whether the pocket already held a product.
Eyes (TRUE while a product blocks them): full<k> at `full_mm`, gap<k> at `meter_end` (a product
across the metering/phasing joint), eye<k> at `eye_mm` on the phasing belt.

Chain: runs at `chain_speed` (host; set from outside), ramping at `chain_accel`; flights every
`pitch` mm, flight 0 at `phase_mm` from the chain's start at power-up; pocket n lies between
flight n and flight n + 1 (its centre half a pitch past flight n). A flight sensor at
`flight_mm` latches the chain count (of `encoder`) at each flight's crossing (flight_count) and
counts flights (flights). A check eye at `check_mm` is TRUE while a product in a pocket blocks
it. `prefilled` pockets (by number) hold a product put there upstream; products ride the chain
and leave it at `chain_end`.
"""

from __future__ import annotations

import math
import random
from typing import Any

from sim.devices.belt_encoder import wrap16
from sim.plant import Device


def _box(pen, x0, y0, x1, y1, colour) -> None:
    pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], colour)


class _Lane:
    def __init__(self, k: int, axis, arrivals, merge_mm: float):
        self.k, self.axis, self.merge_mm = k, axis, float(merge_mm)
        self.arrivals = sorted((float(t), float(length)) for t, length in arrivals)
        self.next = 0
        # [number, centre mm, length mm, half its length], front-most first (never overlapping)
        self.products: list[list] = []
        self.axis_then = axis.pos
        self.ready = False
        self.full = self.gap = self.eye = False  # its eyes, as published


class SmartBeltInfeed(Device):
    kind = "smart_belt_infeed"
    layer = 1
    signals = ("full1", "gap1", "eye1", "full2", "gap2", "eye2", "check", "flight_count", "flights")
    commands = ("meter1", "meter2")
    # every signal is published once a step into its attribute (the scan's I/O reads them as they are)
    plain_signals = {
        "full1": "full1",
        "gap1": "gap1",
        "eye1": "eye1",
        "full2": "full2",
        "gap2": "gap2",
        "eye2": "eye2",
        "check": "check",
        "flight_count": "flight_count",
        "flights": "flights_word",
    }
    plain_commands = {"meter1": ("meter1", bool), "meter2": ("meter2", bool)}

    def __init__(
        self,
        name: str,
        axis1,
        axis2,
        *,
        arrivals1,
        arrivals2,
        chain_speed: float,
        chain_accel: float = 1000.0,
        pitch: float = 250.0,
        phase_mm: float = 0.0,
        flight_mm: float = 300.0,
        check_mm: float = 450.0,
        merges=(1600.0, 2400.0),
        chain_end: float = 3000.0,
        prefilled=(),
        acc_speed: float = 300.0,
        meter_speed: float = 400.0,
        acc_end: float = 1500.0,
        meter_end: float = 1900.0,
        lane_end: float = 3100.0,
        full_mm: float = 700.0,
        eye_mm: float = 2150.0,
        on_phasing=(None, None),
        origin=(0.0, 0.0),
        seed: int = 0,
    ):
        super().__init__(name)
        self.lanes = (_Lane(1, axis1, arrivals1, merges[0]), _Lane(2, axis2, arrivals2, merges[1]))
        self.chain_speed, self.chain_accel = float(chain_speed), float(chain_accel)
        self.velocity = float(chain_speed)  # the chain runs at power-up
        self.pitch, self.phase_mm = float(pitch), float(phase_mm)
        self.flight_mm, self.check_mm, self.chain_end = float(flight_mm), float(check_mm), float(chain_end)
        self.acc_speed, self.meter_speed = float(acc_speed), float(meter_speed)
        self.acc_end, self.meter_end, self.lane_end = float(acc_end), float(meter_end), float(lane_end)
        self.full_mm, self.eye_mm = float(full_mm), float(eye_mm)
        self.origin = origin
        self.encoder = None  # the chain's BeltEncoder (set by the builder)
        self.t = 0.0
        self.travel = 0.0  # chain travel since power-up, mm
        self.flight_count = 0
        self.flights = 0
        self.meter1 = self.meter2 = False
        self._next_flight_travel = self._flight_after(0.0)
        self._numbered = 0
        self.prefilled = set(int(n) for n in prefilled)
        # products on the chain: [number, pocket, offset mm, length, lane (0: put there upstream)];
        # the upstream ones not yet on the drawn chain wait in _upcoming (the next one first)
        rng = random.Random(seed)
        self.chain: list[list] = []
        self._upcoming: list[list] = []
        for n in sorted(self.prefilled, reverse=True):
            self._numbered += 1
            c = [self._numbered, n, rng.uniform(-8.0, 8.0), rng.uniform(80.0, 200.0), 0]
            (self.chain if self._pocket_pos(n, 0.0) >= -self.pitch else self._upcoming).append(c)
        self.landed: list[dict] = []  # each product off a lane: for judges
        self.landed_numbers: list[int] = []  # their numbers, in the same order
        for lane, at in zip(self.lanes, on_phasing, strict=True):
            if at is not None:  # a product left on the phasing belt from a stop
                self._numbered += 1
                lane.products.append([self._numbered, float(at[0]), float(at[1]), float(at[1]) / 2])
        self.products = sum(len(ln.arrivals) + len(ln.products) for ln in self.lanes)  # all a lane will land
        self._publish()

    # -- geometry of the chain -------------------------------------------------------------------
    def _pocket_pos(self, n: int, travel: float) -> float:
        """Where pocket n's centre is along the chain (mm) after `travel` of the chain."""
        return self.phase_mm + (n + 0.5) * self.pitch + travel

    def pocket_at(self, chain_mm: float) -> tuple[int, float]:
        """The pocket a product landing at chain_mm falls in, and its offset from the centre."""
        c = chain_mm - self.phase_mm - self.travel
        n = math.floor(c / self.pitch)
        return n, c - (n + 0.5) * self.pitch

    @property
    def half_width(self) -> float:  # as a conveyor (for the chain's BeltEncoder drawing)
        return 40.0

    def point(self, along: float, across: float = 0.0) -> tuple[float, float]:
        return (self.origin[0] + along, self.origin[1] - across)

    def occupied(self, n: int) -> bool:
        return n in self.prefilled or any(c[1] == n for c in self.chain)

    # -- PLC side ------------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "meter1":
            self.meter1 = bool(value)
        elif command == "meter2":
            self.meter2 = bool(value)
        else:
            super().write(command, value)

    def metering(self, k: int) -> bool:
        return self.meter1 if k == 1 else self.meter2

    def _lane_eye(self, lane: _Lane, at: float) -> bool:
        return any(p[1] - p[2] / 2 <= at <= p[1] + p[2] / 2 for p in lane.products)

    def read(self, signal: str) -> Any:
        attr = self.plain_signals.get(signal)
        if attr is not None:
            return getattr(self, attr)
        if signal in ("meter1", "meter2"):  # the commands read back (the debugger shows them)
            return self.metering(int(signal[-1]))
        return super().read(signal)

    def _publish(self) -> None:
        """Every signal once a step (the judges and the scan's I/O read them many times)."""
        for lane in self.lanes:
            self._eyes(lane)
        self._publish_lanes()

    def _publish_lanes(self) -> None:
        l1, l2 = self.lanes
        self.full1, self.gap1, self.eye1 = l1.full, l1.gap, l1.eye
        self.full2, self.gap2, self.eye2 = l2.full, l2.gap, l2.eye
        self.check = self.check_blocked
        self.flights_word = wrap16(self.flights)

    def _eyes(self, lane: _Lane) -> None:
        """Lane's eyes and its ready flag from where its products lie now (a pass moving none)."""
        self._pass(lane, 0.0, 0.0, 0.0)

    @property
    def check_blocked(self) -> bool:
        at, pitch = self.check_mm, self.pitch
        base = self.phase_mm + self.travel + 0.5 * pitch
        for c in self.chain:
            x = base + c[1] * pitch + c[2]
            half = c[3] / 2
            if x - half <= at <= x + half:
                return True
        return False

    # -- physics -------------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.t += dt
        dv = self.chain_accel * dt
        tgt, v = self.chain_speed, self.velocity
        self.velocity = tgt if abs(tgt - v) <= dv else v + math.copysign(dv, tgt - v)
        before = self.travel
        d = self.velocity * dt
        travel = self.travel = before + d
        if travel >= self._next_flight_travel:
            self._flight_latch(before, d)
        # pocket n's centre stands at phase_mm + (n + 0.5) * pitch + travel (_pocket_pos, inlined)
        phase, pitch = self.phase_mm, self.pitch
        upcoming = self._upcoming
        while upcoming and phase + (upcoming[0][1] + 0.5) * pitch + travel >= -pitch:
            self.chain.append(upcoming.pop(0))  # an upstream product comes into view
        chain = self.chain
        if chain and phase + (chain[0][1] + 0.5) * pitch + travel > self.chain_end:
            end = self.chain_end
            self.chain = [c for c in chain if phase + (c[1] + 0.5) * pitch + travel <= end]
        for lane in self.lanes:
            self._lane(lane, dt)
        self._publish_lanes()

    def _flight_latch(self, before: float, d: float) -> None:
        if d <= 0.0:
            return
        # flight n (at phase + n*pitch + travel) crosses flight_mm when travel passes
        # flight_mm - phase - n*pitch
        c0 = self.flight_mm - self.phase_mm - before  # in pitches: the flight numbers crossing
        n_hi = math.floor(c0 / self.pitch)
        n_lo = math.ceil((c0 - d) / self.pitch)
        for n in range(n_hi, n_lo - 1, -1):
            at_travel = self.flight_mm - self.phase_mm - n * self.pitch
            if before < at_travel <= before + d:
                self.flights += 1
                enc = self.encoder
                start, cpm = (enc.start_count, enc.counts_per_mm) if enc is not None else (0, 10.0)
                self.flight_count = wrap16(start + math.floor(at_travel * cpm + 1e-9))
        self._next_flight_travel = self._flight_after(self.travel)

    def _flight_after(self, travel: float) -> float:
        """The chain travel at which the next flight reaches the flight sensor (past `travel`)."""
        n = math.floor((self.flight_mm - self.phase_mm - travel) / self.pitch)
        at = self.flight_mm - self.phase_mm - n * self.pitch
        return at if at > travel else at + self.pitch

    def _pass(self, lane: _Lane, acc_mv: float, meter_mv: float, phase_mv: float) -> None:
        """Move each product of lane by its belt's move (accumulation, metering, phasing belt),
        held back by the one ahead, and publish the lane's eyes and ready flag from the places
        it moved them to. With no moves (x + 0.0 is x) it only reads the eyes."""
        acc_end, meter_end = self.acc_end, self.meter_end
        fm, em = self.full_mm, self.eye_mm
        ready_at = meter_end - 1.0
        short = min(fm, meter_end, em, ready_at)  # a product whose front is short of this blocks none
        full = gap = eye = ready = False
        ahead_rear = math.inf
        for p in lane.products:  # front-most first
            x, half = p[1], p[3]
            if x < acc_end:
                mv = acc_mv
            elif x < meter_end:
                mv = meter_mv
            else:
                mv = phase_mv
            new = x + mv
            if new + half > ahead_rear:  # held back by the product ahead
                new = max(x, ahead_rear - half) if mv > 0 else x
            p[1] = new
            ahead_rear = lo = new - half
            hi = new + half
            if hi >= short:
                if hi >= ready_at:
                    ready = True
                if lo <= fm <= hi:
                    full = True
                if lo <= meter_end <= hi:
                    gap = True
                if lo <= em <= hi:
                    eye = True
        lane.ready, lane.full, lane.gap, lane.eye = ready, full, gap, eye

    def _lane(self, lane: _Lane, dt: float) -> None:
        """Move lane's products one step (_pass, which reads the eyes on the way); the eyes are
        read again (_eyes) only when a product was then pushed back, landed or arrived."""
        ax = lane.axis.pos
        d_axis = ax - lane.axis_then
        lane.axis_then = ax
        prods = lane.products
        settled = True  # every product stands where the pass put it
        if prods:
            meter = self.meter1 if lane.k == 1 else self.meter2
            self._pass(lane, self.acc_speed * dt, (self.meter_speed * dt) if meter else 0.0, d_axis)
            # a product moving back (phasing belt reversed) pushes none: it stops at the one behind
            for i in range(len(prods) - 1, 0, -1):
                a, b = prods[i - 1], prods[i]
                if a[1] - a[3] < b[1] + b[3]:
                    a[1] = b[1] + b[3] + a[3]
                    settled = False
            lane_end = self.lane_end
            while prods and prods[0][1] >= lane_end:
                p = prods.pop(0)
                self._land(lane, p, d_axis / dt if dt else 0.0)
                settled = False
        else:
            lane.ready = lane.full = lane.gap = lane.eye = False
        if lane.next < len(lane.arrivals) and lane.arrivals[lane.next][0] <= self.t + 1e-9:
            length = lane.arrivals[lane.next][1]
            last_rear = prods[-1][1] - prods[-1][3] if prods else math.inf
            if last_rear >= length:  # the entry is free
                self._numbered += 1
                prods.append([self._numbered, length / 2, length, length / 2])
                lane.next += 1
                settled = False
        if not settled:
            self._eyes(lane)

    def _land(self, lane: _Lane, p: list, speed: float) -> None:
        # it reached the lane's end within this step and carried on at its speed onto the chain
        n, off = self.pocket_at(lane.merge_mm + (p[1] - self.lane_end))
        taken = self.occupied(n)
        self.chain.append([p[0], n, off, p[2], lane.k])
        self.chain.sort(key=lambda c: -c[1])
        self.landed_numbers.append(p[0])
        self.landed.append(
            {
                "t": round(self.t, 3),
                "lane": lane.k,
                "n": p[0],
                "pocket": n,
                "offset": off,
                "speed": speed,
                "chain": self.velocity,
                "taken": taken,
            }
        )

    def waiting(self, k: int) -> bool:
        """Lane k has a product at its gap eye or on its phasing belt (ready to go)."""
        return self.lanes[k - 1].ready

    def lane_left(self, k: int) -> int:
        lane = self.lanes[k - 1]
        return len(lane.products) + len(lane.arrivals) - lane.next

    # -- drawing -------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {
            "x": self.origin[0],
            "y": self.origin[1],
            "v": self.velocity,
            "travel": self.travel,
            "lanes": [[(p[1], p[2]) for p in ln.products] for ln in self.lanes],
            "meters": [self.metering(ln.k) for ln in self.lanes],
            "chain": [(self._pocket_pos(c[1], self.travel) + c[2], c[3], c[4]) for c in self.chain],
            "eyes": [[self.read(f"{w}{k}") for w in ("full", "gap", "eye")] for k in (1, 2)],
            "check": self.check,
        }

    def _lane_xy(self, k: int, along: float) -> tuple[float, float]:
        """Lanes run parallel to the chain below it, each ending at its merge point."""
        lane = self.lanes[k - 1]
        ox, oy = self.origin
        return ox + lane.merge_mm - (self.lane_end - along), oy + 200.0 * k

    def extent(self) -> list[tuple[float, float]]:
        ox, oy = self.origin
        x0 = min(self._lane_xy(k, 0.0)[0] for k in (1, 2))
        return [(x0 - 60.0, oy - 120.0), (ox + self.chain_end + 60.0, oy + 520.0)]

    def draw(self, pen) -> None:
        s = self.state()
        ox, oy = self.origin
        # the chain between its guides, the flights across it, the products in its pockets
        _box(pen, ox, oy - 40, ox + self.chain_end, oy + 40, "BELT_RUNNING" if s["v"] else "BELT")
        for edge in (-1, 1):
            _box(pen, ox, oy + edge * 40 - 4, ox + self.chain_end, oy + edge * 40 + 4, "GUIDE")
        first = math.ceil((-self.phase_mm - self.travel) / self.pitch)
        n = first
        while True:
            fx = self.phase_mm + n * self.pitch + self.travel
            if fx > self.chain_end:
                break
            _box(pen, ox + fx - 6, oy - 44, ox + fx + 6, oy + 44, "CARRIAGE")
            n += 1
        for x, length, k in s["chain"]:
            if 0.0 <= x <= self.chain_end:
                _box(
                    pen,
                    ox + x - length / 2,
                    oy - 25,
                    ox + x + length / 2,
                    oy + 25,
                    "PART" if k else "PART_IN_CHUTE",
                )  # the upstream station's products greyer
        for at, lit in ((self.check_mm, s["check"]), (self.flight_mm, False)):
            pen.line((ox + at, oy - 60), (ox + at, oy + 60), "LIT" if lit else "FRAME", 2)
        pen.label(f"chain {s['v']:.0f} mm/s", ox + self.chain_end / 2, oy - 70)
        for k in (1, 2):
            lane = self.lanes[k - 1]
            y = self._lane_xy(k, 0.0)[1]
            x0 = self._lane_xy(k, 0.0)[0]
            xa, xm, xe = (self._lane_xy(k, a)[0] for a in (self.acc_end, self.meter_end, self.lane_end))
            _box(pen, x0, y - 35, xa, y + 35, "BELT_RUNNING")
            _box(pen, xa + 3, y - 35, xm - 3, y + 35, "BELT_RUNNING" if self.metering(lane.k) else "BELT")
            _box(pen, xm + 3, y - 35, xe, y + 35, "BELT_RUNNING" if abs(lane.axis.vel) > 1 else "BELT")
            pen.line((xe, y - 35), (ox + lane.merge_mm, oy + 40), "GUIDE", 3)
            for c, length in s["lanes"][k - 1]:
                cx = self._lane_xy(k, c)[0]
                _box(pen, cx - length / 2, y - 22, cx + length / 2, y + 22, "PART")
            for at, lit in zip((self.full_mm, self.meter_end, self.eye_mm), s["eyes"][k - 1], strict=True):
                ex = self._lane_xy(k, at)[0]
                pen.line((ex, y - 45), (ex, y + 45), "LIT" if lit else "FRAME", 2)
            pen.label(
                f"lane {k}: meter {'on' if self.metering(k) else 'off'}, phasing {lane.axis.vel:.0f} mm/s",
                (x0 + xa) / 2,
                y + 50,
            )
        pen.hot(self.name, "smart_belt_infeed", [pen.px(ox, oy - 40), pen.px(ox + self.chain_end, oy + 40)])
