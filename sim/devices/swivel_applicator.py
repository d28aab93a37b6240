"""A print-and-apply unit on a swivel serving two lanes (for MAT-H09).

The tamp applicator of sim.devices.label_applicator.LabelApplicator, on an arm that swings its
pad between the same point over two parallel belts, lane A and lane B, each with its own line
encoder. The printer prints the label for the lane the `print_b` command names in the scan whose
rising edge on `feed` starts the feed (FALSE: lane A's label, TRUE: lane B's), whichever of the
two the PLC's outputs write first; a rising edge that starts no feed (a label on the pad or
being fed, the pad not up) and print_b changed during the feed change nothing. `swivel_b` is
where the arm is sent (FALSE: over lane A, TRUE: over lane B); it swings only with the pad
up, in `swivel_s` for the whole way (part way back if sent back mid-swing), and `at_a` / `at_b`
are its end switches; it may stand anywhere on its swing at power-up (`start_pos`, 0 = over A,
1 = over B). The fire-count compare works on the encoder of the lane the arm stands over, and
only while it stands over one (armed during a swing, it fires on arrival if the count is reached
or past).

`label_lanes[part]` lists which lane's label each label on that part is (1 = A, 2 = B), in the
order of `labels[part]`. Drawn as the pivot and arm with the pad at its swing.
"""

from __future__ import annotations

from typing import Any

from sim.devices.belt_encoder import BeltEncoder
from sim.devices.label_applicator import LabelApplicator


class SwivelApplicator(LabelApplicator):
    kind = "swivel_applicator"
    signals = ("label_ready", "armed", "pad_up", "at_a", "at_b")
    commands = ("feed", "arm", "fire_count", "swivel_b", "print_b")
    # every signal but `armed` (set by a write too) changes only in a step: published once a step
    plain_signals = {"armed": "armed", "label_ready": "ready_on", "pad_up": "pad_is_up", "at_a": "at_a_on",
                     "at_b": "at_b_on"}

    def __init__(self, name: str, encoders: tuple[BeltEncoder, BeltEncoder], *, at_mm: float,
                 swivel_s: float = 1.0, start_pos: float = 0.0, label_lane: int = 1, **kw: Any):
        self.encoders = tuple(encoders)
        super().__init__(name, self.encoders[1 if start_pos >= 0.5 else 0], at_mm=at_mm, **kw)
        self.swivel_s = float(swivel_s)
        self.pos = min(max(float(start_pos), 0.0), 1.0)   # 0 over lane A, 1 over lane B
        self.target = self.pos
        self.label_lane = int(label_lane) if self.has_label else 0
        self.carry_lane = 0
        self.label_lanes: dict[str, list[int]] = {}
        self.swings = 0                        # swings begun (for judges and tests)
        self._print_b = False
        self._feed_lane = 1
        self._feed_started = False             # a feed began in this scan's writes: its lane read at the step
        self._publish()

    def _publish(self) -> None:
        lane = self.lane
        self.ready_on = self.has_label and self.phase == "up"
        self.pad_is_up = self.phase == "up"
        self.at_a_on, self.at_b_on = lane == 1, lane == 2

    @property
    def lane(self) -> int:
        """1 over lane A, 2 over lane B, 0 between."""
        return 1 if self.pos <= 0.0 else (2 if self.pos >= 1.0 else 0)

    def write(self, command: str, value: Any) -> None:
        if command == "swivel_b":
            self.target = 1.0 if value else 0.0
        elif command == "print_b":
            self._print_b = bool(value)
        elif command == "feed":
            feeding = self.feeding
            super().write(command, value)
            if self.feeding > 0 and feeding <= 0:
                self._feed_started = True
        else:
            super().write(command, value)

    @property
    def feed_lane(self) -> int:
        """The lane whose label is being fed, or was fed last (1 = A, 2 = B)."""
        return self._feed_lane

    def read(self, signal: str) -> Any:
        if signal == "at_a":
            return self.lane == 1
        if signal == "at_b":
            return self.lane == 2
        return super().read(signal)

    def step(self, dt: float) -> None:
        if self._feed_started:                 # every output of the scan is written by now
            self._feed_started = False
            self._feed_lane = 2 if self._print_b else 1
        pos = self.pos
        lane = 1 if pos <= 0.0 else (2 if pos >= 1.0 else 0)    # self.lane, kept while pos stands
        if self.target != pos and self.phase == "up":
            if lane:
                self.swings += 1
            was = lane
            d = dt / self.swivel_s
            pos = self.pos = min(pos + d, 1.0) if self.target > pos else max(pos - d, 0.0)
            lane = 1 if pos <= 0.0 else (2 if pos >= 1.0 else 0)
            if lane and lane != was:
                self.encoder = self.encoders[lane - 1]
                self.belt = self.encoder.conveyor
                self._count_before = None
        had, lane_before, fired = self.has_label, self.label_lane, self.fired
        if lane == 0:
            armed, self.armed = self.armed, False
            self._count_before = None
            super().step(dt)
            self.armed = armed
        else:
            super().step(dt)
        if self.fired > fired:
            self.carry_lane = lane_before if had else 0
            self.label_lane = 0
        if self.has_label and not had:
            self.label_lane = self._feed_lane
        # _publish(), with the lane as worked out above (the applicator's step moves no arm)
        up = self.phase == "up"
        self.ready_on = self.has_label and up
        self.pad_is_up = up
        self.at_a_on, self.at_b_on = lane == 1, lane == 2

    def _touch(self, at_s: float, step_start_s: float) -> None:
        super()._touch(at_s, step_start_s)
        _, hit, _, carrying = self.touches[-1]
        if hit and carrying:
            self.label_lanes.setdefault(hit, []).append(self.carry_lane)

    def _pad(self) -> tuple[float, float]:
        (ax, ay), (bx, by) = (e.conveyor.point(self.at_mm) for e in self.encoders)
        return ax + (bx - ax) * self.pos, ay + (by - ay) * self.pos

    def _pivot(self) -> tuple[float, float]:
        a, b = (e.conveyor for e in self.encoders)
        (ax, ay), (bx, by) = a.point(self.at_mm - 400.0), b.point(self.at_mm - 400.0)
        return (ax + bx) / 2, (ay + by) / 2

    def state(self) -> dict[str, Any]:
        s = super().state()
        s.update(pos=self.pos, lane="AB"[self.lane - 1] if self.lane else "-",
                 label_for="-AB"[self.label_lane] if self.has_label else "")
        return s

    def extent(self) -> list[tuple[float, float]]:
        (ax, ay), (bx, by) = (e.conveyor.point(self.at_mm) for e in self.encoders)
        px, py = self._pivot()
        xs, ys = (ax, bx, px), (ay, by, py)
        return [(min(xs) - 60, min(ys) - 60), (max(xs) + 60, max(ys) + 60)]

    def draw(self, pen) -> None:
        px, py = self._pivot()
        x, y = self._pad()
        pen.line((px, py), (x, y), "FRAME", 8)
        pen.circle(px, py, 16, "ROLLER")
        super().draw(pen)
        s = self.state()
        pen.label(f"over {s['lane']}, label {s['label_for'] or 'none'}", x, y - 70)
