"""A flow wrapper's film, its registration eye and its rotary seal jaw.

PackFilm (a StripLine): the film tube runs at the host's ramped speeds carrying packs, with a
printed registration mark between every two packs; the seal must be made on the mark. Marks lie
every `pitch_mm` along the film (the film's true print repeat, a little off its nominal), the
first at material coordinate `first_mark_mm` (coordinates as StripLine: position at power-up,
mm from the jaw, a mark keeps its coordinate as the film runs); mark k at first - k * pitch.
Pack k lies centred between mark k and mark k-1, `pack_mm` long.

MarkEye: a registration photo-eye `at_mm` from the jaw (negative: upstream) over the film. Its
signals: `mark` while a mark (`MARK_MM` wide) is under it; `mark_count`, the line encoder's
count (sim.devices.belt_encoder.BeltEncoder, 16-bit) latched at the instant a mark's leading
edge reached the eye (within the step, whatever the scan); `marks`, a 16-bit counter of the
marks latched.

JawRoll (a SyncAxis): the seal jaw on a roll of `circumference_mm` (the jaw tip's path, the
axis's units are mm of that path), in cyclic position mode. The jaw meets the film at the jaw's
seal point, at every multiple of the circumference; within `zone_mm` of it (half either side)
the jaw is in the seal zone, in contact with the film. Each time the jaw passes its seal point
it seals the film where the film is at that instant (interpolated within the step): `seals` logs
the material coordinates. `slip_mm_s` / `film_mm_s`: the jaw's surface speed minus the film's,
and the film's, over the last `window` steps (2: the setpoint's 0.1 mm steps jitter one step's
speed by 10 mm/s, and a cam must be able to reach the film's speed just before the zone).

    film = plant.add(PackFilm("film", speeds=[(1.0, 500.0)], accel=800.0, pitch_mm=300.0))
    encoder = plant.add(BeltEncoder("encoder", film, counts_per_mm=10.0))
    eye = plant.add(MarkEye("eye", film, encoder, at_mm=-450.0))
    jaw = plant.add(JawRoll("jaw", film, circumference_mm=300.0, zone_mm=40.0, accel=30000.0))
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from sim.devices.belt_encoder import BeltEncoder, wrap16
from sim.devices.strip_line import StripLine
from sim.devices.sync_axis import SyncAxis
from sim.plant import Device

MARK_MM = 4.0


class PackFilm(StripLine):
    """The film with its packs and marks. Signals: none of its own."""

    kind = "film"

    def __init__(self, name: str, *, pitch_mm: float = 300.0, first_mark_mm: float = -500.0,
                 pack_mm: float = 180.0, **kw):
        kw.setdefault("stroke", 0.0)
        super().__init__(name, **kw)
        if pitch_mm <= 0 or not 0 < pack_mm < pitch_mm:
            raise ValueError(f"{name}: pitch_mm must be positive and pack_mm within it")
        self.pitch_mm, self.first_mark_mm = float(pitch_mm), float(first_mark_mm)
        self.pack_mm = float(pack_mm)

    def mark(self, k: int) -> float:
        """Material coordinate of mark k."""
        return self.first_mark_mm - k * self.pitch_mm

    def nearest_mark(self, coordinate: float) -> tuple[int, float]:
        """The mark nearest a material coordinate: (k, coordinate - mark)."""
        k = round((self.first_mark_mm - coordinate) / self.pitch_mm)
        return k, coordinate - self.mark(k)

    def on_pack(self, coordinate: float) -> bool:
        """Whether a seal there would close on a pack (not in the gap round a mark)."""
        return abs(self.nearest_mark(coordinate)[1]) > (self.pitch_mm - self.pack_mm) / 2

    def draw(self, pen) -> None:
        x0, x1 = self.x - self.home_at, self.x - self.home_at + self.length
        y, hw, travel = self.y, self.half_width, self.travel_mm
        pen.rect_rotated((x0 + x1) / 2, y, x1 - x0, self.width + 16, 0.0, "FRAME")
        pen.rect_rotated((x0 + x1) / 2, y, x1 - x0, self.width, 0.0, "PLATE")         # the film tube
        # marks and packs in view: pack k between mark k and mark k-1
        lo = math.floor((self.first_mark_mm + travel - (x1 - self.x)) / self.pitch_mm) - 1
        hi = math.ceil((self.first_mark_mm + travel - (x0 - self.x)) / self.pitch_mm) + 1
        for k in range(lo, hi + 1):
            mx = self.x + self.mark(k) + travel
            px = mx + self.pitch_mm / 2
            if x0 + self.pack_mm / 2 < px < x1 - self.pack_mm / 2:
                pen.rect_rotated(px, y, self.pack_mm, self.width * 0.7, 0.0, "PART")
            if x0 < mx < x1:
                pen.rect_rotated(mx, y - hw + 8, MARK_MM * 2, 14, 0.0, "TEXT_DARK")
        for m in self.cuts[-30:]:                                                 # the seals made
            sx = self.x + m + travel
            if x0 < sx < x1:
                pen.line((sx, y - hw), (sx, y + hw), "FAULT" if self.on_pack(m) else "BUSY", 3)
        pen.label(f"{self.label} {self.velocity * 0.06:.1f} m/min", x0 + 160, y - hw - 30)
        pen.hot(self.name, self.kind, [pen.px(x0, y - hw), pen.px(x1, y + hw)], pad=2)


class MarkEye(Device):
    """Signals: mark, mark_count, marks (see the module)."""

    kind = "photo_eye"
    layer = 5
    signals = ("mark", "mark_count", "marks")

    def __init__(self, name: str, film: PackFilm, encoder: BeltEncoder, *, at_mm: float = -450.0,
                 label: str = ""):
        super().__init__(name)
        self.film, self.encoder = film, encoder
        self.at_mm = float(at_mm)
        self.label = label or name
        self.mark_count = 0
        self.marks = 0
        self.latched_travel: list[float] = []     # film travel at each latched edge (for judges)
        self._before = 0.0

    def _edge_travel(self, k: int) -> float:
        """The film travel at which mark k's leading edge reaches the eye."""
        return self.at_mm - self.film.mark(k) - MARK_MM / 2

    @property
    def under(self) -> bool:
        k, off = self.film.nearest_mark(self.at_mm - self.film.travel_mm)
        return abs(off) <= MARK_MM / 2

    def read(self, signal: str) -> Any:
        if signal == "mark":
            return self.under
        if signal == "mark_count":
            return self.mark_count
        if signal == "marks":
            return wrap16(self.marks)
        return super().read(signal)

    def step(self, dt: float) -> None:
        # after the film and the encoder (add it after both)
        now, f = self.film.travel_mm, self.film
        k = math.ceil((f.first_mark_mm - (self.at_mm - self._before - MARK_MM / 2)) / f.pitch_mm - 1e-9)
        while True:
            t = self._edge_travel(k)
            if not self._before < t <= now:
                break
            self.marks += 1
            self.latched_travel.append(t)
            enc = self.encoder
            self.mark_count = wrap16(enc.start_count + math.floor(t * enc.counts_per_mm + 1e-9))
            k += 1
        self._before = now

    def state(self) -> dict[str, Any]:
        return {"x": self.film.x + self.at_mm, "y": self.film.y, "mark": self.under, "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.film.x + self.at_mm, self.film.y
        return [(x - 20, y - self.film.half_width - 40), (x + 20, y + self.film.half_width + 20)]

    def draw(self, pen) -> None:
        x, y, hw = self.film.x + self.at_mm, self.film.y, self.film.half_width
        lit = self.under
        pen.rect_rotated(x, y - hw - 18, 26, 18, 0.0, "SENSOR_BODY")
        pen.line((x, y - hw - 9), (x, y - hw + 14), "BEAM_BLOCKED" if lit else "BEAM", 2)
        pen.circle(x, y - hw - 18, 5, "LIT" if lit else "UNLIT", min_px=3)
        pen.label(self.label, x, y - hw - 42)
        pen.hot(self.name, self.kind, [pen.px(x - 13, y - hw - 27), pen.px(x + 13, y - hw - 9)])


class JawRoll(SyncAxis):
    """The rotary seal jaw (see the module): a SyncAxis that seals the film at its seal point."""

    kind = "seal_jaw"
    layer = 4

    def __init__(self, name: str, film: PackFilm, *, zone_mm: float = 40.0, window: int = 2,
                 roll_y: float | None = None, **kw):
        c = kw.get("circumference_mm", 300.0)
        r = c / (2 * math.pi)
        y = film.y + film.half_width + r + 6 if roll_y is None else roll_y
        super().__init__(name, center=(film.x, y), **kw)
        self.film = film
        self.zone_mm = float(zone_mm)
        self.seals = film.cuts                 # material coordinates, logged on the film
        self.seal_slips: list[float] = []
        self._history: deque[tuple[float, float]] = deque(maxlen=window + 1)
        self._film_before = film.travel_mm

    @property
    def phase_mm(self) -> float:
        """The jaw's distance past its last seal point, 0 .. circumference."""
        return self.pos % self.circumference_mm

    @property
    def in_zone(self) -> bool:
        p = self.phase_mm
        return min(p, self.circumference_mm - p) < self.zone_mm / 2

    def _speeds(self) -> tuple[float, float]:
        h = self._history
        if len(h) < 2:
            return self.vel, self.film.velocity
        span = (len(h) - 1) * 0.01
        return (h[-1][0] - h[0][0]) / span, (h[-1][1] - h[0][1]) / span

    @property
    def slip_mm_s(self) -> float:
        j, f = self._speeds()
        return j - f

    @property
    def film_mm_s(self) -> float:
        return self._speeds()[1]

    def step(self, dt: float) -> None:
        # after the film's step (add the jaw after the film)
        before = self.pos
        super().step(dt)
        now, c = self.pos, self.circumference_mm
        film_now = self.film.travel_mm
        a, b = math.floor(before / c), math.floor(now / c)
        if a != b and now != before:                 # passed a seal point (either way)
            point = max(a, b) * c
            f = (point - before) / (now - before)
            travel = self._film_before + f * (film_now - self._film_before)
            self.film.cuts.append(-travel)
            self.seal_slips.append(self.vel - self.film.velocity)
        self._film_before = film_now
        self._history.append((now, film_now))

    def extent(self) -> list[tuple[float, float]]:
        x, y = self.center
        r = self.circumference_mm / (2 * math.pi)
        return [(x - r - 10, y - r - 10), (x + r + 10, y + r + 40)]

    def draw(self, pen) -> None:
        s = self.state()
        x, y = s["x"], s["y"]
        r = self.circumference_mm / (2 * math.pi)
        col = "FAULT" if s["fault"] else (pen.rgb(s.get("color"), "CARRIAGE") if s["enabled"] else
                                          pen.shade(pen.rgb(s.get("color"), "CARRIAGE"), 0.55))
        pen.circle(x, y, r + 3, "FRAME")
        pen.circle(x, y, r, col)
        # the jaw: at the bottom (on the film) at its seal point, turning with the film
        a = -math.pi / 2 + self.phase_mm / self.circumference_mm * 2 * math.pi
        jx, jy = x + r * math.cos(a), y + r * math.sin(a)
        pen.line((x, y), (jx, jy), "ROD", 3)
        pen.rect_rotated(jx, jy, 28, 12, math.degrees(a) + 90.0, "LIT" if self.in_zone else "JAW")
        pen.circle(x, y, max(r * 0.12, 4), "FRAME")
        pen.label(f"{self.label} {s['velocity']:.0f} mm/s  error {s['error_mm']:+.2f} mm", x, y + r + 24)
        if s.get("fault") and s.get("fault_text"):
            pen.label(s["fault_text"], x, y + r + 44, "FAULT")
        pen.hot(self.name, self.kind, [pen.px(x - r, y - r), pen.px(x + r, y + r)])
