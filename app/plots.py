"""The trace (plot panel) as data: one `Lane` per signal, with the run on screen and its future.

Converting a long trace to arrays every frame would cost milliseconds per signal; the cache
converts only the scans added since the last frame, and starts over when the run was rewound
or restarted (a new run id, fewer scans than before, a plot buffer changed in place). The
scans after the cursor that the run had already reached before a rewind come along as the
lane's future (drawn faded), until an edit makes the run diverge.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.debugger import SCAN_MS, as_number


class _Series:
    __slots__ = ("key", "n", "y")

    def __init__(self, key):
        self.key = key
        self.n = 0
        self.y = np.empty(1024, dtype=np.float64)

    def extend(self, values) -> None:
        k = len(values)
        if self.n + k > self.y.size:
            grown = np.empty(max(self.y.size * 2, self.n + k), dtype=np.float64)
            grown[: self.n] = self.y[: self.n]
            self.y = grown
        self.y[self.n: self.n + k] = values
        self.n += k


@dataclass
class Lane:
    """One signal of the trace: x (plant time of scan k, k x 10 ms) and y for scans 0.., the
    first `now` of them from the run on screen, the rest its future from before a rewind."""

    name: str
    x: np.ndarray
    y: np.ndarray
    now: int
    digital: bool

    def limits(self) -> tuple[float, float]:
        """The y range that fits the lane's data (run and future) with a margin: a number
        signal's lane is never fixed at 0..1, so values of 1000 stay in view."""
        if self.digital:
            return -0.1, 1.1
        finite = self.y[np.isfinite(self.y)]
        if not finite.size:
            return 0.0, 1.0
        lo, hi = float(finite.min()), float(finite.max())
        if hi - lo < 1e-9:
            pad = max(1.0, abs(lo) * 0.1)
            return lo - pad, hi + pad
        pad = (hi - lo) * 0.08
        return lo - pad, hi + pad

    def value_at(self, t: float) -> tuple[float | None, bool]:
        """(value, from the future) right after the last scan at or before plant time `t` (s);
        None before scan 0, after the last known scan, or where the signal has no value."""
        if not self.x.size or t < self.x[0] - 1e-9:
            return None, False
        k = int(np.searchsorted(self.x, t + 1e-9, side="right")) - 1
        if k >= self.x.size or t > self.x[-1] + SCAN_MS / 1000:
            return None, False
        v = float(self.y[k])
        return (None if v != v else v), k >= self.now


def readout(lanes: list[Lane], t: float, fmt=None) -> list[tuple[str, str]]:
    """The cursor readout: (signal, its value at plant time t) for every lane, 'future' marked."""
    out = []
    for lane in lanes:
        v, future = lane.value_at(t)
        if v is None:
            text = "-"
        elif lane.digital:
            text = "TRUE" if v else "FALSE"
        elif fmt is not None:
            text = fmt(lane.name, v)
        else:
            text = f"{v:.6g}"
        out.append((lane.name, text + ("  (future)" if future and v is not None else "")))
    return out


class SignalCache:
    def __init__(self):
        self._series: dict[str, _Series] = {}
        self._future: dict[str, tuple[object, np.ndarray]] = {}

    def lane(self, d, name: str) -> Lane:
        """The lane of an I/O point or a plotted variable, the run on screen plus its future."""
        x, y, digital = self.series(d, name)
        now = x.size
        _fx, future = d.signal_future(name)
        if future:
            key = (id(d._kept_trace), d.plot.version, d.run_id, name, len(future))
            cached = self._future.get(name)
            if cached is None or cached[0] != key:
                cached = (key, np.fromiter((as_number(v) for v in future), np.float64, len(future)))
                self._future[name] = cached
            y = np.concatenate((y, cached[1]))
            x = np.arange(y.size, dtype=np.float64) * (SCAN_MS / 1000)
        return Lane(name, x, y, now, digital)

    def series(self, d, name: str) -> tuple[np.ndarray, np.ndarray, bool]:
        """(time of each scan in s, value, is_digital) of the run on screen, scan 0 first."""
        ses = d.session
        if ses is None:
            empty = np.empty(0)
            return empty, empty, True
        try:
            idx = ses.trace.index(name)
        except KeyError:
            idx = None
        if idx is not None:
            source = ses.trace.rows
            total = len(source)
            key = (d.run_id, name)
        else:
            source = d.plot.series.get(name, [])
            total = min(len(source), d.scans_done)
            key = (d.plot.version, name)
        s = self._series.get(name)
        if s is None or s.key != key or s.n > total:
            s = self._series[name] = _Series(key)
        if total > s.n:
            new = source[s.n: total]
            if idx is not None:
                s.extend(np.fromiter((as_number(r[idx]) for r in new), np.float64, len(new)))
            else:
                s.extend(new)  # the plot buffer holds floats already
        y = s.y[: s.n]
        x = np.arange(s.n, dtype=np.float64) * (SCAN_MS / 1000)
        digital = d.is_digital(name)
        if digital is None:  # type unknown: a signal that only ever was 0 or 1 is drawn as steps
            finite = y[np.isfinite(y)]
            digital = finite.size == 0 or bool(np.all((finite == 0) | (finite == 1)))
        return x, y, digital


def thin(x: np.ndarray, y: np.ndarray, digital: bool, max_points: int = 4000
         ) -> tuple[np.ndarray, np.ndarray]:
    """Fewer points, same picture: a digital signal keeps only its edges (drawn as steps);
    an analog one keeps the min and the max of each bucket of scans."""
    if x.size <= 2:
        return x, y
    if digital:
        keep = np.flatnonzero(np.diff(y) != 0) + 1
        idx = np.concatenate(([0], keep, [x.size - 1]))
        return x[idx], y[idx]
    if x.size <= max_points:
        return x, y
    step = int(np.ceil(x.size / (max_points // 2)))
    m = (x.size // step) * step
    block = np.nan_to_num(y[:m].reshape(-1, step))
    base = np.arange(0, m, step)
    idx = np.sort(np.concatenate((np.argmin(block, axis=1) + base, np.argmax(block, axis=1) + base,
                                  np.arange(m, x.size))))
    return x[idx], y[idx]
