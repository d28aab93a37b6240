"""Signal histories as numpy arrays for the plot panel, updated incrementally each frame.

Converting a long trace to arrays every frame would cost milliseconds per signal; this
cache converts only the scans added since the last frame, and starts over when the run
was rewound or restarted (a new run id, or fewer scans than before).
"""

from __future__ import annotations

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


class SignalCache:
    def __init__(self):
        self._series: dict[str, _Series] = {}

    def series(self, d, name: str) -> tuple[np.ndarray, np.ndarray, bool]:
        """(time of each scan in s, value, is_digital) for an I/O point or a plotted variable."""
        ses = d.session
        if ses is None:
            empty = np.empty(0)
            return empty, empty, True
        try:
            idx = ses.trace.index(name)
        except KeyError:
            idx = None
        if idx is not None:
            rows = ses.trace.rows
            total, first_scan = len(rows), 0
            source = rows
        else:
            values = d.plot.series.get(name, [])
            total = len(values)
            first_scan = d.plot.scans[0] if d.plot.scans else 0  # samples are by scan number
            source = values
        key = (d.run_id, name, first_scan)
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
        x = (np.arange(s.n, dtype=np.float64) + first_scan) * (SCAN_MS / 1000)
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
