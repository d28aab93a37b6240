"""BowlFeeder: a vibratory bowl feeder with its outlet track, an escapement and the machine it
feeds, for MAT-M17. Parts are counted, not simulated one by one (they are small and many).

While `vibrate` is on and the bowl holds parts, parts climb onto the track at `feed_rate`
parts/s until the track holds `track_cap`; more parts fall back into the bowl. A rising edge on
`escape` lets the part at the track's end go to the consuming machine (if there is one there).
The machine asks for a part (`demand` TRUE) `cycle_s[k]` after it got the last one, and waits
until one comes; each wait is logged; after `parts` parts (None: no end) it asks no more.

Sensors (TRUE when their condition holds; both flicker near their mark, as parts tumble past an
eye, each sample drawn from the plant's seeded generator every `flicker_s`):
- 'bowl_low': the level eye, TRUE while the bowl holds fewer than `low_mark` parts; within
  `band` parts of the mark it flickers (TRUE with a probability that rises as the level falls;
  at most `above_p` above the mark);
- 'track_full': the track eye, TRUE while the track holds `track_cap` parts; with one part less
  it flickers (TRUE with probability `above_p`);
- 'part_ready': a part waits at the escapement (the track is not empty), steady;
- 'demand': the machine asks for a part.

`add(n)` puts parts into the bowl (a hopper's chute); `overfilled` logs each step the bowl holds
more than `capacity`; `waits` holds (asked at, served at) per part; `switches` the times the
vibrator was switched on or off, `switched_on` those it was switched on. Units: parts, seconds.
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class BowlFeeder(Device):
    kind = "bowl_feeder"
    layer = 2
    signals = ("bowl_low", "track_full", "part_ready", "demand")
    commands = ("vibrate", "escape")

    def __init__(self, name: str, x: float, y: float, *, level: int = 40, capacity: int = 120,
                 low_mark: int = 30, band: int = 3, feed_rate: float = 2.0, track_cap: int = 10,
                 track: int = 5, cycle_s: tuple[float, ...] = (1.0,), first_demand_s: float = 0.0,
                 parts: int | None = None,
                 flicker_s: float = 0.05, above_p: float = 0.3):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.level, self.capacity = int(level), int(capacity)
        self.low_mark, self.band = int(low_mark), int(band)
        self.feed_rate, self.track_cap, self.track = float(feed_rate), int(track_cap), int(track)
        self.cycle_s = tuple(float(c) for c in cycle_s)
        self.parts = parts
        self.flicker_s, self.above_p = float(flicker_s), float(above_p)
        self.vibrating = False
        self.time = 0.0
        self._climb = 0.0            # the fraction of a part on its way up the track
        self._escape = False
        self.next_demand: float | None = float(first_demand_s)
        self.asked_at: float | None = None
        self.waits: list[tuple[float, float]] = []
        self.delivered = 0
        self.overfilled: list[float] = []
        self.switches: list[float] = []
        self.switched_on: list[float] = []
        self._low_eye = self.level < self.low_mark
        self._full_eye = self.track >= self.track_cap
        self._next_sample = 0.0

    # -- the bowl's level, from a hopper ----------------------------------------------------
    def add(self, parts: int) -> None:
        self.level += int(parts)

    @property
    def demand(self) -> bool:
        return self.asked_at is not None

    def waiting_s(self) -> float:
        """How long the machine has been waiting for its part (0 when it is not asking)."""
        return 0.0 if self.asked_at is None else self.time - self.asked_at

    # -- PLC side ---------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "vibrate":
            v = bool(value)
            if v != self.vibrating:
                self.switches.append(round(self.time, 3))
                if v:
                    self.switched_on.append(round(self.time, 3))
            self.vibrating = v
        elif command == "escape":
            v = bool(value)
            if v and not self._escape and self.track > 0:
                self.track -= 1
                if self.asked_at is not None:
                    self.waits.append((self.asked_at, round(self.time, 3)))
                    self.delivered += 1
                    cycle = self.cycle_s[min(self.delivered - 1, len(self.cycle_s) - 1)]
                    done = self.parts is not None and self.delivered >= self.parts
                    self.asked_at, self.next_demand = None, None if done else self.time + cycle
                # a part let go with nobody asking drops into the machine's chute unused
            self._escape = v
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "bowl_low":
            return self._low_eye
        if signal == "track_full":
            return self._full_eye
        if signal == "part_ready":
            return self.track > 0
        if signal == "demand":
            return self.asked_at is not None
        return super().read(signal)

    # -- physics ----------------------------------------------------------------------------
    def _sample_eyes(self) -> None:
        rng = self.plant.rng                       # type: ignore[union-attr]
        below = self.low_mark - self.level         # > 0: fewer parts than the mark
        if below >= self.band:
            self._low_eye = True
        elif below <= -self.band:
            self._low_eye = False
        else:   # in the band: from above_p just above the mark up to 1 at the band's low edge
            p = self.above_p if below <= 0 else self.above_p + (1.0 - self.above_p) * below / self.band
            self._low_eye = rng.random() < p
        if self.track >= self.track_cap:
            self._full_eye = True
        elif self.track == self.track_cap - 1:
            self._full_eye = rng.random() < self.above_p
        else:
            self._full_eye = False

    def step(self, dt: float) -> None:
        self.time += dt
        if self.vibrating and self.level > 0 and self.track < self.track_cap:
            self._climb += self.feed_rate * dt
            while self._climb >= 1.0 and self.level > 0 and self.track < self.track_cap:
                self._climb -= 1.0
                self.level -= 1
                self.track += 1
        elif not self.vibrating:
            self._climb = 0.0
        if self.level > self.capacity:
            self.overfilled.append(round(self.time, 3))
        if self.next_demand is not None and self.time + 1e-9 >= self.next_demand:
            self.asked_at, self.next_demand = round(self.next_demand, 3), None
        if self.time + 1e-9 >= self._next_sample:
            self._next_sample += self.flicker_s
            self._sample_eyes()

    # -- drawing ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "level": self.level, "capacity": self.capacity,
                "low_mark": self.low_mark, "track": self.track, "track_cap": self.track_cap,
                "vibrating": self.vibrating, "bowl_low": self._low_eye, "track_full": self._full_eye,
                "demand": self.demand, "delivered": self.delivered}

    def extent(self) -> list[tuple[float, float]]:
        return [(self.x - 220, self.y - 220), (self.x + 620, self.y + 240)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y, r = s["x"], s["y"], 200.0
        pts = [pen.px(x - r, y - r), pen.px(x + r, y + r)]
        pen.circle(x, y, r, "MACHINE_FLOOR")
        pen.circle(x, y, r, "BUSY" if s["vibrating"] else "PLACE_EDGE", width=3)
        # the parts in the bowl: a filled disc whose radius grows with the level
        fill = min(1.0, s["level"] / max(1, s["capacity"]))
        if fill > 0:
            over = s["level"] > s["capacity"]
            pen.circle(x, y, max(10.0, r * 0.95 * fill ** 0.5), "FAULT" if over else "PART")
        mark = r * 0.95 * (s["low_mark"] / s["capacity"]) ** 0.5     # the low eye's level, as a ring
        pen.circle(x, y, mark, "LIT" if s["bowl_low"] else "UNLIT", width=2)
        pen.label(f"bowl {s['level']} parts" + (" (vibrating)" if s["vibrating"] else ""), x, y + r + 16)
        # the track: slots out to the escapement, lit while full
        x0, step = x + r + 10, 36.0
        for k in range(s["track_cap"]):
            cx = x0 + step * (k + 0.5)
            pen.rect_rotated(cx, y, step - 6, 30, 0.0, "PART" if k < s["track"] else "ZONE",
                             border=0 if k < s["track"] else 1)
        pen.circle(x0 + step * 0.5, y + 40, 8, "LIT" if s["track_full"] else "UNLIT", min_px=4)
        end = x0 + step * s["track_cap"]
        pen.circle(end + 30, y, 24, "ON" if s["demand"] else "MACHINE_FLOOR")
        pen.label(f"machine: {s['delivered']} parts" + (", waiting" if s["demand"] else ""), end + 30, y - 46)
        pen.hot(self.name, self.kind, pts)
